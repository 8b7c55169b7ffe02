"""benchmarks/colver_adapter.py: our cards, seats and contracts in colver's terms, checked on
a few level-2 hands of four-player Belote and Coinche (issue 27, items 4–5).

colver is the optional ``bench`` extra: ``make test`` (extras test,fast,present) does not
install it, so this module is skipped there, saying why.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "colver",
    reason='colver (the optional bench extra: pip install -e ".[bench]") is not installed; '
    "it is needed only for the colver benchmarks",
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import colver
import colver_adapter as ca
import duplicate_colver

from belote_lab.cards import Card, mask_cards
from belote_lab.simulation.selfplay import hand_in_play, play_hand


def test_cards_map_both_ways() -> None:
    symbols = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    for i in range(32):
        name = colver.Env.card_name(i)
        text = name[:-1].replace("10", "T") + symbols[name[-1]]
        assert ca.from_cv(i) == Card.parse(text)
        assert ca.to_cv(Card.parse(text)) == i


@pytest.mark.parametrize("game", ["belote", "coinche"])
def test_replica_agrees_at_every_card(game: str) -> None:
    """Both engines give the same seat to play and legal cards at every card of level-2 hands,
    and the same card points at the end (:meth:`Replica.check`, :meth:`Replica.check_end`)."""
    for seed in range(6):
        hand = play_hand(game, 2, seed=seed, dealer=seed % 4)
        ca.replica_of(hand).check_end(hand)


def test_isdd_agent_plays_a_legal_card() -> None:
    hand = hand_in_play("coinche", 2, seed=3, dealer=1, tricks_left=3)
    replica = ca.replica_of(hand, agent_seats=[hand.to_play], seed=1)
    replica.check(hand)
    card, decision = replica.choose()
    assert card in mask_cards(hand.legal_mask())
    assert decision["action"] == ca.to_cv(card)


def test_duplicate_table_steps_the_same_auction() -> None:
    """One seating of the duplicate match (level 1, fast): the 80 contract is bid on both
    engines, every card is checked, the margins are whole card points and score points."""
    res = duplicate_colver.Result(1)
    points, score = duplicate_colver.play_table(1, 5, 12345, (0, 2), res)
    assert -162 <= points <= 162 and points % 2 == 0
    assert res.our_cards == res.cv_cards == 16
    assert isinstance(score, float)


def test_regret_identity_of_the_duplicate_match() -> None:
    """``--regret``: a deal's card-point margin is colver's double-dummy regrets minus ours over
    its two seatings (each seating's double-dummy value of the deal cancels), and the report
    says every deal agrees; a forced card is never counted."""
    res = duplicate_colver.Result(1, track_regret=True)
    for index, seed in enumerate((12345, 777)):
        duplicate_colver.play_deal(1, index, seed, res)
    assert res.regrets and all(r.regret >= 0 for r in res.regrets)
    assert {r.ours for r in res.regrets} == {True, False}
    for deal in res.deals:
        from_regret = sum(-r.regret if r.ours else r.regret for r in res.regrets
                          if r.deal == deal.index)
        assert deal.points == from_regret
    assert len(res.regrets) < res.our_cards + res.cv_cards  # forced cards are not counted
    assert "2 of 2 deals agree" in duplicate_colver.regret_report(res)


@pytest.mark.parametrize("what", ["honours", "tens", "trumps"])
def test_told_partner_cards_hold_in_every_drawn_deal(what: str) -> None:
    """``--tell``: every deal the inference draws for a told seat gives its partner exactly its
    real cards of the class (held and, by the sampler's limits, none other), at every card of
    a played hand; the hand itself and the seats not told are left as they were."""
    from belote_lab.games import get
    from belote_lab.games.coinche import CoincheHand
    from belote_lab.players.inference import drawn

    rng = random.Random(3)
    dealer, taker = duplicate_colver.deal_setup(6)
    hand = CoincheHand(rules=get("coinche").rules({"first_lead": "eldest"}), dealer=dealer,
                       seed=99)
    trump = duplicate_colver.trump_of(hand.hands[taker])
    for action in ca.auction_actions(dealer, taker, 80, trump):
        hand.call("pass" if action == ca.PASS else f"80{trump}")
    drawn_deals = 0
    while hand.phase == "play":
        seat = hand.to_play
        partner = (seat + 2) % 4
        mask = duplicate_colver.tell_mask(what, hand)
        view = duplicate_colver.told_observation(hand, seat, what)
        for pos, _ in drawn(view, seat, 4, rng, oversample=2):
            drawn_deals += 1
            assert pos.hands[partner] & mask == hand.hands[partner] & mask
        assert hand.observation(seat).known_cards(seat) == hand.known_cards(seat)
        hand.play(rng.choice(list(hand.legal_cards())))
    assert drawn_deals > 40


def test_paired_report_reads_another_runs_deals(tmp_path: Path) -> None:
    """``--per-deal`` / ``--pair-with``: deals are paired by index and seed; a deal the other
    run did not play is left out."""
    res = duplicate_colver.Result(4)
    res.deals = [duplicate_colver.Deal(i, 10 + i, float(p), 0.0)
                 for i, p in enumerate((4, -2, 6))]
    other = tmp_path / "other.jsonl"
    other.write_text('{"index": 0, "seed": 10, "points": 0.0, "score": 0.0}\n'
                     '{"index": 1, "seed": 11, "points": -2.0, "score": 0.0}\n'
                     '{"index": 2, "seed": 99, "points": 50.0, "score": 0.0}\n')
    text = duplicate_colver.paired_report(res, str(other))
    assert "this run − that one +2.00" in text and "n = 2, 1 deals the same" in text
