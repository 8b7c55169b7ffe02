"""Property tests of four-player Belote only: random legal hands (seeded deals and given hands,
every contract kind, every rule option) checked against an independent reading of RULES.md §1–2
(what may be played, who wins a trick) and against Belote's scoring (capot, litige, belote,
declarations, the reserve), records of given hands, and the end of a game.

What every game keeps — undo, copies, records and tampered records, the cards played once, the
points summing to the total, games read back from their records — is checked for every game
of the registry by ``tests/test_api_contract.py``."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote_lab.cards import BELOTE_MASK, SEATS, Card, belote_deck, mask_cards
from belote_lab.games.belote import BeloteGame, BeloteHand
from belote_lab.play.record_io import hand_from_json, hand_to_json
from belote_lab.players import RandomPlayer
from belote_lab.rules import BeloteRules

PROPS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**32 - 1)
seats = st.integers(min_value=0, max_value=3)
contracts = st.sampled_from(["S", "H", "D", "C", "NT", "AT"])
rules_st = st.builds(
    BeloteRules,
    must_undertrump=st.booleans(),
    first_lead=st.sampled_from(["dealer", "eldest"]),
    allow_no_trump=st.booleans(),
    allow_all_trump=st.booleans(),
    turned_jack_forces_dealer=st.booleans(),
    declarations=st.booleans(),
    failed_contract=st.sampled_from(["all_to_defence", "keep_belote"]),
)


# --- an independent reading of RULES.md §1 "What may be played" and §2 ---------------------------
TRUMP_ORDER = "J9ATKQ87"
PLAIN_ORDER = "ATKQJ987"


def strength(card: str, contract: str, led: str) -> int:
    """How strongly ``card`` (text) stands in a trick led in ``led``; -1 cannot win."""
    rank, suit = card[0], card[1]
    if contract == "AT":
        return 8 - TRUMP_ORDER.index(rank) if suit == led else -1
    if contract == "NT":
        return 8 - PLAIN_ORDER.index(rank) if suit == led else -1
    if suit == contract:
        return 100 + 8 - TRUMP_ORDER.index(rank)
    return 8 - PLAIN_ORDER.index(rank) if suit == led else -1


def reference_winner(trick: list[str], contract: str) -> int:
    led = trick[0][1]
    values = [strength(c, contract, led) for c in trick]
    return values.index(max(values))


def reference_legal(hand: list[str], trick: list[str], contract: str, undertrump: bool) -> set[str]:
    if not trick:
        return set(hand)
    led = trick[0][1]
    trump = contract if contract in ("S", "H", "D", "C") else None
    best = max(strength(c, contract, led) for c in trick)
    follow = [c for c in hand if c[1] == led]
    if follow:
        if contract == "AT" or led == trump:
            higher = [c for c in follow if strength(c, contract, led) > best]
            return set(higher or follow)
        return set(follow)
    partner = len(trick) - 2
    if partner >= 0 and reference_winner(trick, contract) == partner:
        return set(hand)
    trumps = [c for c in hand if c[1] == trump]
    if not trumps:
        return set(hand)
    trumps_in_trick = [strength(c, contract, led) for c in trick if c[1] == trump]
    if not trumps_in_trick:
        return set(trumps)
    over = [c for c in trumps if strength(c, contract, led) > max(trumps_in_trick)]
    if over:
        return set(over)
    return set(trumps) if undertrump else set(hand)


# --- driving hands ---------------------------------------------------------------------------
def texts(mask: int) -> list[str]:
    return [c.text for c in mask_cards(mask)]


def check_legal_now(h: BeloteHand) -> int:
    """The legal mask of the seat to play, checked against the reference and the hand."""
    lm = h.legal_mask()
    hand = h.hands[h.to_play]
    assert lm, "a legal card always exists for the player to move"
    assert lm & ~hand == 0
    assert h.contract is not None
    want = reference_legal(
        texts(hand), [c.text for c in h.trick], h.contract.code, h.rules.must_undertrump
    )
    assert set(texts(lm)) == want, (texts(hand), h.trick, h.contract.code)
    return lm


def play_one(h: BeloteHand, pick: Any, check: bool = False) -> Card:
    """Play a card chosen by ``pick`` among the legal ones (checked against the reference
    reading of the rules when ``check``)."""
    lm = check_legal_now(h) if check else h.legal_mask()
    assert lm, "a legal card always exists for the player to move"
    cards = mask_cards(lm)
    card = pick(cards)
    h.play(card)
    return card


def bid(h: BeloteHand, pick: Any) -> None:
    while h.phase == "bidding":
        calls = h.legal_calls()
        assert calls
        h.call(pick(calls))


def picker_from_data(data: st.DataObject) -> Any:
    return lambda options: data.draw(st.sampled_from(options))


def picker_from_seed(seed: int) -> Any:
    rng = random.Random(seed)
    return lambda options: options[rng.randrange(len(options))]


def taker_picker(pick: Any) -> Any:
    """Prefers taking/naming a trump so that most deals reach the play."""

    def choose(options: list[str]) -> Any:
        others = [c for c in options if c != "pass"]
        if others and pick([True, True, False]):
            return pick(others)
        return pick(options)

    return choose


def check_finished(h: BeloteHand) -> None:
    result = h.result
    assert result is not None and h.phase == "done"
    played = [c for t in h.tricks for c in t.cards]
    assert len(played) == 32 and len(set(played)) == 32, "every card is played exactly once"
    assert sum(1 << c for c in played) == BELOTE_MASK
    assert all(m == 0 for m in h.hands) and h.trick == []
    assert sum(result.points.values()) == 162
    assert sum(h.won_tricks) == 8
    assert h.legal_mask() == 0
    belote = sum(result.belote.values())
    declared = sum(result.declarations.values())
    attack = "NS" if h.taker % 2 == 0 else "EW"
    keep = h.rules.failed_contract == "keep_belote"
    # a capot's +90 is the attack's (seed 000); the FFB rule gives it to a defence capot too
    capot_scored = result.capot is not None and (result.capot == attack or keep)
    base = 252 if capot_scored else 162
    assert sum(result.score.values()) + result.held == base + belote + declared + h.reserve
    if capot_scored:
        team = result.capot
        assert team is not None
        won = result.reserve_won.get(team, 0)
        assert result.score[team] == 252 + result.belote[team] + result.declarations[team] + won
    if result.made is False and not keep:  # seed 000: every point of the round to the defence
        defence = "EW" if attack == "NS" else "NS"
        assert result.score[attack] == result.declarations[attack]
        won = result.reserve_won.get(defence, 0)
        assert result.score[defence] == 162 + belote + result.declarations[defence] + won
    if h.reserve:  # points held from an earlier litige go to this hand's winning side
        if result.made is None:
            own = result.points[attack] + (0 if keep else result.belote[attack])
            assert result.held == h.reserve + own
            assert result.reserve_won == {}
        else:
            assert sum(result.reserve_won.values()) == h.reserve and result.held == 0
    if h.contract is not None and h.contract.code in ("NT", "AT"):
        assert belote == 0
    assert [e.kind for e in h.events].count("dix_de_der") == 1


# --- whole random hands ------------------------------------------------------------------------
@PROPS
@given(seed=seeds, dealer=seats, rules=rules_st, data=st.data())
def test_random_seeded_hand(seed: int, dealer: int, rules: BeloteRules, data: Any) -> None:
    h = BeloteHand(rules, seed=seed, dealer=dealer)
    pick = picker_from_data(data)
    bid(h, taker_picker(pick))
    if h.phase == "redeal":
        assert h.legal_calls() == [] and h.legal_mask() == 0 and h.current_player is None
        assert len(h.taking.calls) == 8  # type: ignore[union-attr]
        return
    first = h.dealer if rules.first_lead == "dealer" else (h.dealer + 1) % 4
    assert h.to_play == first
    assert all(m.bit_count() == 8 for m in h.hands)
    while h.phase == "play":
        play_one(h, pick, check=True)
    check_finished(h)


@PROPS
@given(
    deal=st.permutations(belote_deck()),
    contract=contracts,
    taker=seats,
    leader=seats,
    undertrump=st.booleans(),
    play_seed=seeds,
    keep=st.booleans(),
)
def test_random_hand_from_given_hands(
    deal: list[Card],
    contract: str,
    taker: int,
    leader: int,
    undertrump: bool,
    play_seed: int,
    keep: bool,
) -> None:
    hands = {SEATS[s]: deal[8 * s : 8 * s + 8] for s in range(4)}
    failed = "keep_belote" if keep else "all_to_defence"
    rules = BeloteRules(must_undertrump=undertrump, failed_contract=failed)
    h = BeloteHand.from_hands(hands, contract, taker=taker, first_leader=leader, rules=rules)
    assert h.phase == "play" and h.to_play == leader and h.taker == taker
    pick = picker_from_seed(play_seed)
    while h.phase == "play":
        play_one(h, pick, check=True)
    check_finished(h)
    for t in h.tricks:
        assert t.winner == (t.leader + reference_winner([c.text for c in t.cards], contract)) % 4


@PROPS
@given(deal=st.permutations(belote_deck()), trump=st.sampled_from("SHDC"), play_seed=seeds)
def test_belote_only_with_both_cards_in_one_hand(
    deal: list[Card], trump: str, play_seed: int
) -> None:
    hands = {SEATS[s]: deal[8 * s : 8 * s + 8] for s in range(4)}
    h = BeloteHand.from_hands(hands, trump, taker=0, first_leader=0)
    pick = picker_from_seed(play_seed)
    while h.phase == "play":
        play_one(h, pick)
    k, q = Card.parse("K" + trump), Card.parse("Q" + trump)
    holder = [s for s in range(4) if {k, q} <= set(deal[8 * s : 8 * s + 8])]
    kinds = [(e.kind, e.seat) for e in h.events if e.kind in ("belote", "rebelote")]
    assert h.result is not None
    if holder:
        assert kinds == [("belote", holder[0]), ("rebelote", holder[0])]
        team = "NS" if holder[0] % 2 == 0 else "EW"
        assert h.result.belote == {team: 20, ("EW" if team == "NS" else "NS"): 0}
        if h.result.made is not False:  # a made contract, or a litige: the holders score it
            assert h.result.score[team] >= 20 or (h.result.made is None and team == "NS")
        else:  # failed: seed 000 gives every belote to the defence (EW here)
            assert h.result.score["EW"] >= 182 and h.result.score["NS"] == 0
    else:
        assert kinds == [] and h.result.belote == {"NS": 0, "EW": 0}


# --- records -------------------------------------------------------------------------------
def round_trip(h: BeloteHand) -> BeloteHand:
    return hand_from_json(json.loads(json.dumps(hand_to_json(h))))  # type: ignore[no-any-return]


@PROPS
@given(
    deal=st.permutations(belote_deck()),
    contract=contracts,
    taker=seats,
    leader=seats,
    rules=rules_st,
    reserve=st.sampled_from([0, 0, 81, 162]),
    play_seed=seeds,
    stop=st.integers(min_value=0, max_value=32),
)
def test_given_hands_record_round_trips(
    deal: list[Card],
    contract: str,
    taker: int,
    leader: int,
    rules: BeloteRules,
    reserve: int,
    play_seed: int,
    stop: int,
) -> None:
    hands = [deal[8 * s : 8 * s + 8] for s in range(4)]
    h = BeloteHand.from_hands(hands, contract, taker, leader, rules=rules, reserve=reserve)
    pick = picker_from_seed(play_seed)
    for _ in range(stop):
        play_one(h, pick)
    assert round_trip(h) == h
    while h.phase == "play":
        play_one(h, pick)
    back = round_trip(h)
    assert back == h and back.result == h.result
    check_finished(back)


# --- the end of a game -------------------------------------------------------------------------
@FEW
@given(seed=seeds, dealer=seats)
def test_game_ends_past_the_target_without_a_tie(seed: int, dealer: int) -> None:
    g = BeloteGame(BeloteRules(target=400), seed=seed, dealer=dealer)
    g.play_out({s: RandomPlayer(seed=seed % 1000 + s) for s in range(4)})
    assert max(g.totals.values()) > 400 and g.totals["NS"] != g.totals["EW"]
    assert g.winner == max(g.totals, key=lambda k: g.totals[k])
