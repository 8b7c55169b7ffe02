"""The shared card-play heuristics (``players/heuristics.py``) and the four-player Belote
level-2 player that uses them (the Coinche one is tested in ``test_coinche.py``; its no-trump,
all-trump and capot bids here)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from belote_lab.cards import SUIT_MASK, Card, belote_deck, mask_cards, mask_of
from belote_lab.games.belote import BeloteHand
from belote_lab.games.coinche import CoincheHand
from belote_lab.players import RandomPlayer, drive_hand
from belote_lab.players.belote import (
    BelotePlayer2,
    _hand_and_turned,
    no_or_all_trump,
    take_strength,
)
from belote_lab.players.coinche import CoinchePlayer2, _auction_seen
from belote_lab.players.estimates import capot_losers
from belote_lab.players.heuristics import SeatKnowledge, choose_card
from belote_lab.rules import BeloteRules, CoincheRules
from belote_lab.simulation.simulate import simulate


def situation(
    seat: str,
    hand: str,
    trick: str = "",
    leader: str | None = None,
    tricks: list[tuple[str, str]] | None = None,
    contract: str = "H",
    taker: str = "N",
    legal: str | None = None,
) -> SeatKnowledge:
    view: dict[str, Any] = {
        "seat": seat,
        "hand": hand.split(),
        "contract": contract,
        "taker": taker,
        "leader": leader or seat,
        "trick": trick.split(),
        "tricks": [{"leader": ld, "cards": cs.split()} for ld, cs in tricks or []],
    }
    return SeatKnowledge.from_view(view, None if legal is None else mask_of(legal.split()))


# --- leading -------------------------------------------------------------------------------------
def test_attacker_pulls_trumps_with_the_master() -> None:
    assert choose_card(situation("N", "JH 8H AS KD 7C")) == Card.parse("JH")


def test_taker_keeps_its_last_winning_trump_and_cashes_aces() -> None:
    # JH is N's only trump and the opponents may still hold trumps: keep it for later
    assert choose_card(situation("N", "JH AS 7D")) == Card.parse("AS")


def test_attacker_cashes_plain_masters_once_trumps_are_out() -> None:
    # every other heart has been played: no more trump pulling, cash the master ace
    s = situation("N", "JH AD 8C", tricks=[("N", "9H 7H 8H QH"), ("N", "AH TH KH 7S")])
    assert s.unseen & SUIT_MASK[1] == 0
    assert choose_card(s) == Card.parse("AD")


def test_defender_leads_the_suit_the_next_opponent_lacks() -> None:
    # S (next after E) discarded on clubs: E leads a club so that S must trump
    s = situation("E", "7S AD 7C", tricks=[("N", "AC KC 8S QC")])
    assert choose_card(s) == Card.parse("7C")


def test_void_inference_from_forced_trumping() -> None:
    # W led clubs, N (partner E not master) discarded a spade: N has no clubs and no trumps
    s = situation("E", "7S AD", tricks=[("W", "AC 8S KC 7C")], taker="E")
    assert s.voids[0] == (1 << 3) | (1 << 1)
    # with its partner S master, W's discard proves only the club void
    s = situation("E", "7S AD", tricks=[("N", "7C AC 8C 8S")], taker="E")
    assert s.voids[3] == 1 << 3


# --- following -----------------------------------------------------------------------------------
def test_partner_winning_for_sure_gets_points() -> None:
    # E led 7S, S's ace wins; N plays last with its partner S master: throw the ten
    s = situation("N", "TD 7D 8C", trick="7S AS 8S", leader="E", taker="E")
    assert choose_card(s) == Card.parse("TD")


def test_last_player_wins_as_cheaply_as_possible() -> None:
    s = situation("W", "AS TS 7D", trick="KS 8S 9S", leader="N", taker="E", legal="AS TS")
    assert choose_card(s) == Card.parse("TS")


def test_no_winning_card_gives_the_cheapest() -> None:
    s = situation("E", "TD 7H 8H", trick="JH", leader="N", legal="7H 8H")
    assert choose_card(s) == Card.parse("7H")
    # W's ace was trumped by N; E has no trump: discard the cheapest card
    s = situation("E", "TD 7D QC", trick="AS 8H", leader="W")
    assert choose_card(s) == Card.parse("7D")


# --- taking --------------------------------------------------------------------------------------
def test_take_strength_follows_the_rule_of_thumb() -> None:
    def ok(cards: str, trump: int = 1) -> bool:
        return take_strength(mask_of(cards.split()), trump)[0]

    assert ok("JH 8H 7H")  # the jack and two more trumps
    assert ok("JH 8H AS")  # the jack, a trump and a side ace
    assert not ok("JH AS AD")  # the jack alone, even with aces
    assert ok("9H 8H 7H QH")  # the nine and three more
    assert ok("9H 8H 7H AC")  # the nine, two trumps and a side ace
    assert not ok("9H 8H AC AD")  # the nine and only one more trump
    assert not ok("AH KH QH TH AS")  # neither jack nor nine


def test_belote_player2_takes_and_names_suits_by_the_rule() -> None:
    player = BelotePlayer2()
    for seed in range(60):
        h = BeloteHand(seed=seed)
        while h.phase == "bidding":
            seat = h.current_player
            call = player.choose_call(h)
            assert call in h.legal_calls()
            hand = h.hands[seat]
            if "take" in h.legal_calls():
                turned = h.turned
                assert turned is not None
                expect = take_strength(hand | 1 << turned, turned.suit)[0]
                assert (call == "take") == expect
            elif call != "pass":
                assert take_strength(hand, "SHDC".index(call))[0]
            h.call(call)


def test_forced_dealer_takes() -> None:
    rules = BeloteRules(turned_jack_forces_dealer=True)
    for seed in range(400):
        h = BeloteHand(rules, seed=seed)
        if h.turned is None or h.turned.rank.letter != "J":
            continue
        for _ in range(3):
            h.call("pass")
        assert BelotePlayer2().choose_call(h) == "take"
        return
    raise AssertionError("no deal with a turned jack among 400 seeds")


# --- strength and fairness -----------------------------------------------------------------------
def test_belote_player2_beats_random_players() -> None:
    ours = theirs = 0
    for i in range(200):
        h = BeloteHand(dealer=i % 4, seed=20_000 + i)
        rnd, smart = RandomPlayer(seed=i), BelotePlayer2()
        players = [smart, rnd, smart, rnd] if i % 2 == 0 else [rnd, smart, rnd, smart]
        drive_hand(h, players)
        if h.result is None:
            continue
        me, other = ("NS", "EW") if i % 2 == 0 else ("EW", "NS")
        ours += h.result.score[me]
        theirs += h.result.score[other]
    assert ours > 2 * theirs


def test_belote_player2_uses_only_what_its_seat_sees() -> None:
    rng = random.Random(8)
    player = BelotePlayer2()
    for i in range(25):
        h = BeloteHand(dealer=i % 4, seed=700 + i)
        while not h.is_over:
            seat = h.current_player
            choose = player.choose_card if h.phase == "play" else player.choose_call
            choice = choose(h)
            other = h.copy()
            others = [s for s in range(4) if s != seat]
            pool = [c for s in others for c in mask_cards(other.hands[s])]
            rng.shuffle(pool)
            for s in others:
                n = bin(other.hands[s]).count("1")
                other.hands[s] = sum(1 << c for c in pool[:n])
                del pool[:n]
            assert choose(other) == choice
            if h.phase == "play":
                h.play(choice)
            else:
                h.call(choice)


@pytest.mark.parametrize("game", ["belote", "coinche"])
def test_knowledge_read_from_the_state_is_the_knowledge_of_its_seat_view(game: str) -> None:
    """``SeatKnowledge.from_state`` (and the level-2 callers) read a Belote or Coinche
    hand's fields without their text: at every card and call of self-played hands,
    every contract kind, on the hand and on the seat's observation, they read exactly what the
    seat's ``seat_view`` gives."""
    rules = (BeloteRules if game == "belote" else CoincheRules)(**OTHER)
    hand_class = BeloteHand if game == "belote" else CoincheHand
    player = BelotePlayer2() if game == "belote" else CoinchePlayer2()
    decisions = calls = 0
    for i in range(12):
        h = hand_class(rules, dealer=i % 4, seed=900 + i)
        while not h.is_over:
            seat = h.current_player
            if h.phase != "play":
                view = h.seat_view(seat)
                if game == "belote":
                    text = (mask_of(view["hand"]), Card.parse(view["turned"]))
                    assert _hand_and_turned(h) == _hand_and_turned(h.observation(seat)) == text
                else:
                    seen = (mask_of(view["hand"]), {
                        "bid": view["bid"], "bidder": view["bidder"],
                        "calls": [tuple(c) for c in view["calls"]]})
                    assert _auction_seen(h) == _auction_seen(h.observation(seat)) == seen
                    calls += 1
                h.call(player.choose_call(h))
                continue
            for state in (h, h.observation(seat)):
                text = SeatKnowledge.from_view(state.seat_view(seat), state.legal_mask())
                assert SeatKnowledge.from_state(state) == text
            decisions += 1
            h.play(player.choose_card(h))
    assert decisions > 200 and (game == "belote" or calls > 40)


def test_heuristics_play_every_contract_kind() -> None:
    """Random given deals in every contract kind: the chosen card is always legal."""
    rng = random.Random(3)
    for k in range(24):
        deck = [c for s in range(4) for c in mask_cards(SUIT_MASK[s]) if c.rank >= 5]
        rng.shuffle(deck)
        hands = {seat: deck[8 * i : 8 * i + 8] for i, seat in enumerate("NESW")}
        contract = ["S", "H", "D", "C", "NT", "AT"][k % 6]
        h = BeloteHand.from_hands(hands, contract, "NESW"[k % 4], "NESW"[(k + 1) % 4])
        while h.phase == "play":
            card = BelotePlayer2().choose_card(h)
            assert h.can_play(card)
            h.play(card)
        assert h.result is not None and sum(h.result.points.values()) == 162


# --- no trump, all trump, capot (issue 13) ---------------------------------------------------
OTHER = {"allow_no_trump": True, "allow_all_trump": True}


@pytest.mark.parametrize("game", ["belote", "coinche"])
def test_level2_names_no_trump_and_all_trump_and_makes_them(game: str) -> None:
    """With the options on, seeded level-2 hands meet both contracts, made most times (about
    as often as suit contracts: the figures are in ``players/estimates.py``)."""
    r = simulate(game, 300 if game == "belote" else 200, "2,2,2,2", seed=3, rules=OTHER,
                 progress=False)
    for code in ("NT", "AT"):
        mask = r.contract == r.contract_names.index(code)
        assert mask.sum() >= 10, code
        assert (r.made[mask] == 1).mean() >= 0.6, code


def test_round_2_calls_change_only_to_no_trump_or_all_trump() -> None:
    """The same round-2 positions with the options off and on: level 2 calls the same, or
    names no trump / all trump instead — the suit rules do not move."""
    player, changed = BelotePlayer2(), 0
    for seed in range(300):
        off, on = BeloteHand(seed=seed), BeloteHand(BeloteRules(**OTHER), seed=seed)
        for _ in range(4):
            off.call("pass")
            on.call("pass")
        for _ in range(4):
            a, b = player.choose_call(off), player.choose_call(on)
            assert a in off.legal_calls() and b in on.legal_calls()
            assert a == b or b in ("NT", "AT"), (seed, a, b)
            changed += a != b
            off.call("pass")
            on.call("pass")
    assert changed >= 10


def test_no_or_all_trump_reads_the_six_known_cards() -> None:
    def call(text: str, legal: list[str]) -> str | None:
        return no_or_all_trump(mask_of(text.split()), legal)

    legal = ["S", "D", "C", "NT", "AT", "pass"]
    assert call("AS TS AH 7H 7D 8C", legal) == "NT"  # 5 + 3
    assert call("AS TS 7H 8H 7D 8C", legal) is None
    assert call("JS 9S JH 7H 7D 8C", legal) == "AT"  # 5 + 3
    assert call("JS 9S JH 7H 7D 8C", ["S", "D", "C", "pass"]) is None


def _coinche_deal(north: str, dealer: str = "W") -> list[str]:
    """A deck that gives North ``north`` (the first to speak after West deals)."""
    mine = north.split()
    rest = [c.text for c in belote_deck() if c.text not in mine]
    order = "NESW"
    first = (order.index(dealer) + 1) % 4
    hands = {s: rest[8 * i : 8 * i + 8] for i, s in enumerate(x for x in order if x != "N")}
    hands["N"] = mine
    return [c for k in range(4) for c in hands[order[(first + k) % 4]]]


def test_coinche_level2_bids_capot_and_generale_with_a_hand_that_loses_nothing() -> None:
    deck = _coinche_deal("JH 9H AH TH 7H AS TS AC")
    h = CoincheHand(dealer="W", deck=deck)
    assert capot_losers(h.hands[0], 1) == 0
    assert CoinchePlayer2().choose_call(h) == "capotH"  # a default-rules bid
    # West deals and leads: North plays before its partner to the first trick
    h = CoincheHand(CoincheRules(allow_generale=True), dealer="W", deck=deck)
    assert CoinchePlayer2().choose_call(h) == "generaleH"
    rules = CoincheRules(allow_generale=True, first_lead="eldest")  # N leads
    assert CoinchePlayer2().choose_call(CoincheHand(rules, dealer="W", deck=deck)) == "generaleH"
    rules = CoincheRules(allow_generale=True, allow_belote_bids=True)
    deck = _coinche_deal("JH 9H AH KH QH AS TS AC")
    assert CoinchePlayer2().choose_call(CoincheHand(rules, dealer="W", deck=deck)) == (
        "generalebeloteH"
    )
    # one loser (the KS): no capot
    deck = _coinche_deal("JH 9H AH TH 7H AS KS AC")
    assert not CoinchePlayer2().choose_call(CoincheHand(dealer="W", deck=deck)).startswith("capot")


def test_coinche_level2_bids_no_trump_and_all_trump_only_when_allowed() -> None:
    deck = _coinche_deal("AS TS KS AH TH AD 7C 8C")  # no trump strength 6 + 5 + 3 = 14
    assert CoinchePlayer2().choose_call(CoincheHand(dealer="W", deck=deck)) == "pass"
    h = CoincheHand(CoincheRules(**OTHER), dealer="W", deck=deck)
    assert CoinchePlayer2().choose_call(h) == "110NT"  # 80 from 8, 10 more every 2
    deck = _coinche_deal("JS 9S JH 9H JD 7D 7C 8C")  # all trump 5 + 5 + 3 = 13
    assert CoinchePlayer2().choose_call(CoincheHand(dealer="W", deck=deck)) == "pass"
    h = CoincheHand(CoincheRules(**OTHER), dealer="W", deck=deck)
    assert CoinchePlayer2().choose_call(h) == "100AT"
