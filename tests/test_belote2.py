"""Two-player Belote (RULES.md §4): random legal hands (the stock, the draws, the strict tricks,
scoring, undo, records), belote held at the first card, the taking after redeals, matches and
runs, refused input, the referee on the shared conformance cases and the level-2 player."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote_lab.cards import BELOTE_MASK, SEATS, CardParseError, mask_cards, parse_cards
from belote_lab.games.base import IllegalAction, OutOfTurn
from belote_lab.games.belote2 import (
    MARGIN_CAP,
    Belote2Hand,
    Belote2Match,
    new_taking,
    run_score,
    score_belote2,
)
from belote_lab.games.taking import TakingError
from belote_lab.play.ladder import Belote2Run
from belote_lab.play.record_io import RecordError
from belote_lab.players import RandomPlayer, drive_hand
from belote_lab.players.belote2 import LEVELS, Belote2Player2, taking_strength
from belote_lab.referee import answer
from belote_lab.rules import Belote2Rules
from belote_lab.trick import IllegalPlay, Rule

PROPS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)

ROOT = Path(__file__).resolve().parents[1]
# the in-repo copy of shared/conformance (tests/test_conformance.py checks it against the shared
# cases when ../shared is beside the checkout); never a path of one machine
CASES_DIR = ROOT / "tests" / "conformance" / "cases"

TRUMP_ORDER = "J9ATKQ87"
PLAIN_ORDER = "ATKQJ987"
POINTS_TRUMP = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}
POINTS_PLAIN = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


# --- an independent reading of RULES.md §4 --------------------------------------------------------
def beats(second: str, first: str, trump: str) -> bool:
    """Does ``second`` (played after ``first``, the led card) win the two-card trick?"""
    if second[1] == first[1]:
        order = TRUMP_ORDER if first[1] == trump else PLAIN_ORDER
        return order.index(second[0]) < order.index(first[0])
    return second[1] == trump


def reference_strict_legal(hand: list[str], trick: list[str], trump: str) -> set[str]:
    """Tricks 8–16: follow suit (beat a trump lead when you can), void → trump, else any."""
    if not trick:
        return set(hand)
    led = trick[0]
    follow = [c for c in hand if c[1] == led[1]]
    if follow:
        if led[1] == trump:
            return set([c for c in follow if beats(c, led, trump)] or follow)
        return set(follow)
    return set([c for c in hand if c[1] == trump] or hand)


def card_points(card: str, trump: str) -> int:
    return (POINTS_TRUMP if card[1] == trump else POINTS_PLAIN).get(card[0], 0)


def texts(mask_or_cards: Any) -> list[str]:
    cards = mask_cards(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return [c.text for c in cards]


def dealt_hand(seed: int, rng: random.Random) -> Belote2Hand:
    """A seeded deal taken by a random legal call sequence (redealt until someone takes)."""
    redeals = 0
    dealer = rng.choice(("N", "S"))
    while True:
        h = Belote2Hand(dealer=dealer, seed=seed, redeals=redeals)
        while h.phase == "bidding":
            h.call(rng.choice(h.legal_calls()))
        if h.phase == "play":
            return h
        redeals += 1


def state_snapshot(h: Belote2Hand) -> tuple[Any, ...]:
    return (h.copy(), json.dumps(h.to_json(), sort_keys=True), texts(h.stock_left), h.drawn)


def assert_unchanged(h: Belote2Hand, snap: tuple[Any, ...]) -> None:
    before, record, stock, drawn = snap
    assert h == before
    assert json.dumps(h.to_json(), sort_keys=True) == record
    assert texts(h.stock_left) == stock
    assert h.drawn == drawn


# --- whole random hands ---------------------------------------------------------------------------
@PROPS
@given(seed=seeds, play_seed=seeds)
def test_random_hand_follows_rules_4(seed: int, play_seed: int) -> None:
    rng = random.Random(play_seed)
    h = dealt_hand(seed, rng)
    assert h.contract is not None and h.contract.trump is not None
    trump = h.contract.trump.name
    assert [len(h.hand(s)) for s in "NS"] == [9, 9]
    assert len(h.stock_left) == 14
    assert h.to_play == 2 - h.dealer  # the non-dealer leads the first trick
    stock = texts(h.stock)
    played: list[str] = []
    kq = {"K" + trump, "Q" + trump}
    kq_played: list[str] = []
    belote: str | None = None
    while h.phase == "play":
        seat = h.to_play
        hand = texts(h.hands[seat])
        legal = set(texts(h.legal_mask()))
        trick = texts(h.trick)
        if len(h.tricks) < 7:
            assert legal == set(hand)  # the stock is not empty: any card
        else:
            assert len(h.stock_left) == 0
            assert legal == reference_strict_legal(hand, trick, trump)
        card = rng.choice(sorted(legal))
        if card in kq and not kq_played:  # the first trump K/Q: is the other one held now?
            other = (kq - {card}).pop()
            belote = SEATS[seat] if other in hand else None
        if card in kq:
            kq_played.append(card)
        snap = state_snapshot(h)
        n_tricks = len(h.tricks)
        h.play(card)
        played.append(card)
        if len(h.tricks) > n_tricks:  # a trick is complete
            t = h.tricks[-1]
            first, second = texts(t.cards)
            expected = 2 - t.leader if beats(second, first, trump) else t.leader
            assert t.winner == expected
            draws = [e for e in h.events if e.kind == "draw" and e.trick == len(h.tricks)]
            if len(h.tricks) <= 7:  # the winner draws the top card, then the loser the next
                k = 2 * (len(h.tricks) - 1)
                assert [(e.seat, e.detail) for e in draws] == [
                    (t.winner, stock[k]),
                    (2 - t.winner, stock[k + 1]),
                ]
                assert len(h.stock_left) == 14 - 2 * len(h.tricks)
                assert [len(h.hand(s)) for s in "NS"] == [9, 9]
            else:
                assert draws == []
        # undo restores the state exactly (cards, stock, draws, events), then replay
        h.undo()
        assert_unchanged(h, snap)
        h.play(card)
    assert h.phase == "done" and h.result is not None
    assert len(h.tricks) == 16 and len(h.stock_left) == 0
    assert sorted(played) == sorted(texts(BELOTE_MASK))  # every card played exactly once
    assert sum(1 for e in h.events if e.kind == "draw") == 14
    r = h.result
    assert r.belote == {s: 20 if s == belote else 0 for s in "NS"}
    pts = {s: sum(t.points for t in h.tricks if SEATS[t.winner] == s) for s in "NS"}
    assert r.points == pts and sum(pts.values()) == 162
    for s in "NS":
        won_cards = [c for t in h.tricks if SEATS[t.winner] == s for c in texts(t.cards)]
        last = 10 if SEATS[h.tricks[-1].winner] == s else 0
        assert pts[s] == sum(card_points(c, trump) for c in won_cards) + last
    taker, opp = SEATS[h.taker], SEATS[2 - h.taker]
    total = {s: r.points[s] + r.belote[s] for s in "NS"}
    won = {s: sum(1 for t in h.tricks if SEATS[t.winner] == s) for s in "NS"}
    if 16 in won.values():
        w = "N" if won["N"] == 16 else "S"
        other = "S" if w == "N" else "N"
        assert r.capot == w and r.score == {w: 252 + r.belote[w], other: r.belote[other]}
        assert r.made is (w == taker)
    elif total[taker] > total[opp]:
        assert r.made is True and r.score == total
    elif total[taker] < total[opp]:
        assert r.made is False and r.score == {opp: 162 + r.belote[opp], taker: r.belote[taker]}
    else:
        assert r.made is None and r.score == total
    assert r.why()
    # the record replays to the same hand, draws included
    again = Belote2Hand.from_json(json.loads(json.dumps(h.to_json())))
    assert again == h and again.result == h.result and again.events == h.events


@PROPS
@given(seed=seeds, play_seed=seeds, stop=st.integers(min_value=0, max_value=31))
def test_record_round_trips_mid_hand_and_undo_to_the_deal(
    seed: int, play_seed: int, stop: int
) -> None:
    rng = random.Random(play_seed)
    h = dealt_hand(seed, rng)
    at_deal = state_snapshot(h)
    for _ in range(stop):
        h.play(rng.choice(list(h.legal_cards())))
    again = Belote2Hand.from_json(json.loads(json.dumps(h.to_json())))
    assert again == h and texts(again.stock_left) == texts(h.stock_left)
    assert again.seat_view("N") == h.seat_view("N")
    for _ in range(stop):
        h.undo()
    assert_unchanged(h, at_deal)


@PROPS
@given(seed=seeds, play_seed=seeds, stop=st.integers(min_value=0, max_value=32))
def test_seat_view_shows_only_what_the_seat_may_see(seed: int, play_seed: int, stop: int) -> None:
    rng = random.Random(play_seed)
    h = dealt_hand(seed, rng)
    for _ in range(stop):
        h.play(rng.choice(list(h.legal_cards())))
    played = {c.text for t in h.tricks for c in t.cards} | set(texts(h.trick))
    for seat in (0, 2):
        view = h.seat_view(seat)
        own = set(texts(h.hands[seat]))
        assert set(view["hand"]) == own
        assert view["stock"] == len(h.stock_left)
        mine = [e.detail for e in h.events if e.kind == "draw" and e.seat == seat]
        assert view["drawn"] == mine
        shown = set(json.dumps(view).replace('"', " ").replace(",", " ").split())
        hidden = set(texts(h.hands[2 - seat])) | set(texts(h.stock_left))
        hidden -= own | played | {h.turned.text if h.turned else ""}
        assert not shown & hidden, shown & hidden


# --- belote / rebelote: K and Q of trump held together when the first is played -------------------
def rigged(n: str, s: str, stock_top: str, trump: str = "H", leader: str = "S") -> Belote2Hand:
    hands = {"N": parse_cards(n), "S": parse_cards(s)}
    top = parse_cards(stock_top)
    used = {c for cs in hands.values() for c in cs} | set(top)
    rest = [c for c in mask_cards(BELOTE_MASK) if c not in used]
    return Belote2Hand.from_hands(hands, top + rest, trump, taker="N", first_leader=leader)


N9 = "KH 8H AS TS KS QS JS 9S 7S"
S9 = "AD TD KD QD JD 9D 8D 7D AC"


def test_belote_when_the_queen_drawn_is_held_as_the_king_is_played() -> None:
    h = rigged(N9, S9, "QH 7C")
    h.play("7D")
    h.play("8H")  # N trumps, wins and draws the QH
    assert h.hand("N").__contains__("QH") and h.hand("S").__contains__("7C")
    h.play("KH")  # K played while the Q is held: belote
    assert [(e.kind, SEATS[e.seat]) for e in h.events if "belote" in e.kind] == [("belote", "N")]
    h.play("AC")
    h.play("QH")
    assert [(e.kind, e.points) for e in h.events if "belote" in e.kind] == [
        ("belote", 0),
        ("rebelote", 20),
    ]
    rng = random.Random(0)
    while h.phase == "play":
        h.play(rng.choice(list(h.legal_cards())))
    assert h.result is not None and h.result.belote == {"N": 20, "S": 0}


def test_no_belote_when_the_king_is_played_before_the_queen_arrives() -> None:
    h = rigged(N9, S9, "QH 7C")
    h.play("7D")
    h.play("KH")  # N wins with the K, draws the Q only now
    assert "QH" in h.hand("N")
    h.play("QH")
    h.play("AC")
    assert not [e for e in h.events if "belote" in e.kind]
    rng = random.Random(1)
    while h.phase == "play":
        h.play(rng.choice(list(h.legal_cards())))
    assert h.result is not None and h.result.belote == {"N": 0, "S": 0}


def test_score_belote2_outcomes() -> None:
    tricks = {"N": 8, "S": 8}
    none = {"N": 0, "S": 0}
    made = score_belote2({"N": 82, "S": 80}, tricks, none, "N")
    assert (made.made, made.score) == (True, {"N": 82, "S": 80})
    failed = score_belote2({"N": 81, "S": 81}, tricks, {"N": 0, "S": 20}, "N")
    assert (failed.made, failed.score) == (False, {"N": 0, "S": 182})
    tie = score_belote2({"N": 81, "S": 81}, tricks, none, "S")
    assert (tie.made, tie.score) == (None, {"N": 81, "S": 81})
    capot = score_belote2({"N": 162, "S": 0}, {"N": 16, "S": 0}, {"N": 20, "S": 0}, "N")
    assert (capot.made, capot.capot, capot.score) == (True, "N", {"N": 272, "S": 0})
    beaten = score_belote2({"N": 0, "S": 162}, {"N": 0, "S": 16}, none, "N")
    assert (beaten.made, beaten.score) == (False, {"N": 0, "S": 252})
    with pytest.raises(ValueError, match="taker"):
        score_belote2({"N": 0, "S": 162}, tricks, none, "E")


# --- the taking -----------------------------------------------------------------------------------
def test_taking_order_and_forced_dealer_after_two_redeals() -> None:
    for redeals, forced in ((0, False), (1, False), (2, True), (3, True)):
        h = Belote2Hand(seed=5, dealer="S", redeals=redeals)
        assert h.current_player == 0  # the non-dealer speaks first
        h.call("pass")
        with pytest.raises(OutOfTurn):
            h.call("pass", seat="N")
        h.call("pass", seat="S")
        h.call("pass", seat="N")  # round 2
        assert h.current_player == 2
        assert ("pass" in h.legal_calls()) is not forced
        assert h.turned is not None and h.turned.suit.name not in h.legal_calls()
        if forced:
            snap = state_snapshot(h)
            with pytest.raises(IllegalAction, match="may not pass"):
                h.call("pass")
            assert not h.can_call("pass")
            assert_unchanged(h, snap)
            suit = h.legal_calls()[0]
            h.call(suit)
            assert h.phase == "play" and h.contract is not None and h.contract.code == suit
            assert h.taker == 2 and h.turned.text in h.hand("S")  # the turned card goes along
            h.undo()
            assert_unchanged(h, snap)
        else:
            h.call("pass")
            assert h.phase == "redeal" and h.is_over and h.current_player is None


def test_the_match_redeals_with_the_same_dealer_then_forces_the_dealer() -> None:
    m = Belote2Match(seed=8, dealer="N")
    for redeals in (0, 1):
        assert (m.hand.dealer, m.hand.redeals) == (0, redeals)
        for _ in range(4):
            m.hand.call("pass")
        assert m.hand.phase == "redeal"
        m.next_hand()
    assert (m.hand.dealer, m.hand.redeals, m.played) == (0, 2, 0)
    for _ in range(3):
        m.hand.call("pass")
    assert m.hand.current_player == 0 and "pass" not in m.hand.legal_calls()


# --- matches and runs -----------------------------------------------------------------------------
@settings(max_examples=15, deadline=None)
@given(seed=seeds)
def test_match_totals_dealers_and_record(seed: int) -> None:
    m = Belote2Match(seed=seed, dealer="S")
    m.play_out({0: RandomPlayer(seed=seed), 2: Belote2Player2()})
    done = [h for h in m.hands if h.phase == "done"]
    assert m.is_over and m.played == 2 == len(done)
    assert [SEATS[h.dealer] for h in done] == ["S", "N"]  # each player deals once
    # after a redeal the same dealer deals with one more redeal counted; else the other deals
    for before, after in zip(m.hands, m.hands[1:], strict=False):
        if before.phase == "redeal":
            assert (after.dealer, after.redeals) == (before.dealer, before.redeals + 1)
        else:
            assert (after.dealer, after.redeals) == (2 - before.dealer, 0)
    assert m.totals == {s: sum(h.result.score[s] for h in done if h.result) for s in "NS"}
    assert m.margin == abs(m.totals["N"] - m.totals["S"])
    if m.totals["N"] == m.totals["S"]:
        assert m.winner is None and m.is_draw
    else:
        assert m.winner == max("NS", key=lambda s: m.totals[s]) and not m.is_draw
    with pytest.raises(IllegalAction, match="over"):
        m.next_hand()
    again = Belote2Match.from_json(json.loads(json.dumps(m.to_json())))
    assert again.totals == m.totals and again.is_over and again.winner == m.winner


def test_match_record_in_progress_and_tampered() -> None:
    m = Belote2Match(seed=3)
    drive_hand(m.hand, {0: RandomPlayer(seed=1), 2: RandomPlayer(seed=2)})
    m.next_hand()
    m.hand.call(m.hand.legal_calls()[0])
    again = Belote2Match.from_json(m.to_json())
    assert again.hand == m.hand and again.totals == m.totals and not again.is_over
    bad = m.to_json()
    bad["hands"][-1]["dealer"] = bad["hands"][0]["dealer"]  # the same seat deals twice
    with pytest.raises(RecordError):
        Belote2Match.from_json(bad)
    bad = m.to_json()
    bad["totals"] = {"N": 1, "S": 0}
    with pytest.raises(RecordError, match="totals"):
        Belote2Match.from_json(bad)


def test_run_score_arithmetic_and_cap() -> None:
    assert run_score(0, []) == 0
    assert run_score(1, [250]) == 10_250
    assert run_score(3, [4000, 3000, 2999]) == 39_999
    assert run_score(3, [4000, 3000, 3000]) == 30_000 + MARGIN_CAP
    assert run_score(2, [9000, 9000]) == 29_999
    # more wins always beat bigger margins
    assert run_score(2, [1, 1]) > run_score(1, [9999])


def test_run_ladder_levels_margins_and_end() -> None:
    asked: list[int] = []

    def factory(level: int) -> Any:
        def make(seed: int) -> RandomPlayer:
            asked.append(level)
            return RandomPlayer(seed=seed)

        return make

    run = Belote2Run({k: factory(k) for k in (1, 2, 3, 4)}, seat="N", seed=12)
    with pytest.raises(IllegalAction, match="not finished"):
        run.next()
    run.play_out(Belote2Player2())
    assert run.is_over
    n = len(run.matches)
    assert asked == [min(k + 1, 4) for k in range(n)]  # level 1, then one up per win, max 4
    assert run.wins == n - 1
    assert all(m.winner == "N" for m in run.matches[:-1])
    assert run.matches[-1].winner != "N"  # a loss or a draw ends the run
    assert run.margins == [m.margin for m in run.matches[:-1]]
    assert run.score == run.wins * 10_000 + min(sum(run.margins), 9_999)
    with pytest.raises(IllegalAction, match="over"):
        run.next()
    with pytest.raises(ValueError, match="level"):
        Belote2Run({1: factory(1)})


def test_default_levels_are_the_four_players() -> None:
    assert LEVELS[1](1).level == 1
    assert [LEVELS[k](1).level for k in (2, 3, 4)] == [2, 3, 4]
    run = Belote2Run(seed=1)
    assert run.level == 1 and run.opponent.level == 1 and SEATS[run.you] == "S"


# --- refused input leaves the state unchanged -----------------------------------------------------
def strict_position() -> Belote2Hand:
    """A position in the strict tricks where the second player may not play every card."""
    for seed in range(200):
        rng = random.Random(seed)
        h = dealt_hand(seed, rng)
        while h.phase == "play":
            if len(h.tricks) >= 7 and len(h.trick) == 1 and h.legal_mask() != h.hands[h.to_play]:
                return h
            h.play(rng.choice(list(h.legal_cards())))
    raise AssertionError("no strict position found")


def test_illegal_input_leaves_the_state_unchanged() -> None:
    h = Belote2Hand(seed=2, dealer="N")
    snap = state_snapshot(h)
    with pytest.raises(IllegalPlay, match="no card"):
        h.play(mask_cards(h.hands[2])[0])  # bidding, not play
    with pytest.raises(IllegalAction):
        h.call("NT")
    with pytest.raises(IllegalAction):
        h.call("H" if h.turned and h.turned.suit.name != "H" else "S")  # round 1: take/pass
    assert_unchanged(h, snap)
    h.call("take")
    snap = state_snapshot(h)
    seat = h.to_play
    own = mask_cards(h.hands[seat])[0]
    with pytest.raises(OutOfTurn):
        h.play(own, seat=SEATS[2 - seat])
    theirs = mask_cards(h.hands[2 - seat])[0]
    with pytest.raises(IllegalPlay) as e:
        h.play(theirs)
    assert e.value.reason is not None and e.value.reason.rule is Rule.NOT_IN_HAND
    with pytest.raises(IllegalPlay):
        h.play(h.stock_left[0])  # a stock card is not in the hand either
    with pytest.raises(IllegalAction):
        h.call("pass")
    with pytest.raises(IllegalPlay):
        h.play("ZZ")
    assert_unchanged(h, snap)

    s = strict_position()
    snap = state_snapshot(s)
    bad = mask_cards(s.hands[s.to_play] & ~s.legal_mask())[0]
    reason = s.why_not(bad)
    assert reason is not None and not isinstance(reason, str)
    assert reason.rule in (Rule.FOLLOW, Rule.GO_HIGHER, Rule.FOLLOW_CANNOT_BEAT, Rule.MUST_TRUMP)
    assert not s.can_play(bad)
    with pytest.raises(IllegalPlay):
        s.play(bad)
    with pytest.raises(IllegalPlay):
        s.play(bad.text, seat=SEATS[s.to_play])
    assert_unchanged(s, snap)


def test_bad_hands_seats_and_records_are_refused() -> None:
    with pytest.raises(CardParseError):
        Belote2Hand(dealer="E")
    with pytest.raises(CardParseError):
        Belote2Hand(deck=["JH"])
    stock = "KD QD JD 9D 8D 7D AC TC KC QC JC 9C 8C 7C"
    s9 = "TS KS QS JS 9S 8S 7S AD TD"
    with pytest.raises(ValueError, match="9 cards"):
        Belote2Hand.from_hands({"N": "JH 9H", "S": s9}, stock, "H", "N", "S")
    with pytest.raises(ValueError, match=r"twice|stock"):
        Belote2Hand.from_hands({"N": "JH 9H AH TH KH QH 8H 7H KD", "S": s9}, stock, "H", "N", "S")
    with pytest.raises(ValueError, match="N' and 'S"):
        Belote2Hand.from_hands({"N": "JH 9H AH TH KH QH 8H 7H AS", "E": s9}, stock, "H", "N", "S")
    with pytest.raises(ValueError, match="trump suit"):
        Belote2Hand.from_hands({"N": "JH 9H AH TH KH QH 8H 7H AS", "S": s9}, stock, "NT", "N", "S")
    h = Belote2Hand(seed=1)
    h.call("take")
    rec = h.to_json()
    rec["redeals"] = -1
    with pytest.raises(RecordError, match="redeals"):
        Belote2Hand.from_json(rec)
    with pytest.raises(CardParseError):
        h.seat_view("W")


# --- the referee on the conformance cases ---------------------------------------------------------
def belote2_cases() -> list[dict[str, Any]]:
    out = []
    for path in sorted(CASES_DIR.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                case = json.loads(line)
                if case.get("game") == "belote2":
                    out.append(case)
    return out


def agrees(expect: dict[str, Any], got: dict[str, Any]) -> bool:
    if expect.get("error") == "illegal":
        keys = [k for k in ("error", "trick", "card", "call") if k in expect]
    elif "error" in expect:
        keys = ["error"]
    else:
        keys = list(expect)
    for k in keys:
        a, b = expect.get(k), got.get(k)
        if k == "legal":
            a, b = sorted(a or []), sorted(b or [])
        if a != b:
            return False
    return True


def test_referee_agrees_with_every_belote2_case() -> None:
    cases = belote2_cases()
    asks = {c["ask"] for c in cases}
    assert len(cases) >= 30 and {"legal", "winner", "score", "bidding"} <= asks
    wrong = [(c["id"], c["expect"], a) for c in cases if not agrees(c["expect"], a := answer(c))]
    assert not wrong, wrong[:5]


def score_case() -> dict[str, Any]:
    return next(c for c in belote2_cases() if c["ask"] == "score")


def test_referee_score_reports_the_first_card_a_player_could_not_hold() -> None:
    case = json.loads(json.dumps(score_case()))
    first = case["tricks"][0]
    leader = case["first_leader"]
    other = "S" if leader == "N" else "N"
    # the leader's first card replaced by a card of the opponent's hand: swap it everywhere
    stolen = case["hands"][other][0]
    mine = first[0]
    for t in case["tricks"]:
        for i, c in enumerate(t):
            t[i] = {stolen: mine, mine: stolen}.get(c, c)
    got = answer(case)
    assert (got["error"], got["trick"], got["card"]) == ("illegal", 1, stolen)
    # a card still in the stock cannot be played in the first trick either
    case = json.loads(json.dumps(score_case()))
    buried = case["stock"][-1]
    mine = case["tricks"][0][0]
    for t in case["tricks"]:
        for i, c in enumerate(t):
            t[i] = {buried: mine, mine: buried}.get(c, c)
    got = answer(case)
    assert (got["error"], got["trick"], got["card"]) == ("illegal", 1, buried)


@pytest.mark.parametrize(
    "change",
    [
        lambda c: c["hands"].pop("S"),
        lambda c: c["hands"]["N"].pop(),
        lambda c: c.__setitem__("stock", c["stock"][:-1]),
        lambda c: c["stock"].__setitem__(0, c["hands"]["N"][0]),
        lambda c: c["tricks"].pop(),
        lambda c: c.__setitem__("taker", "E"),
        lambda c: c.__setitem__("trump", "NT"),
        lambda c: c["tricks"][0].__setitem__(0, "1H"),
    ],
)
def test_referee_score_malformed_input_is_invalid(change: Any) -> None:
    case = json.loads(json.dumps(score_case()))
    change(case)
    assert answer(case)["error"] == "invalid"


def test_referee_bidding_needs_a_whole_redeals_count() -> None:
    case = {"id": "b", "game": "belote2", "ask": "bidding", "dealer": "S", "turned": "JH",
            "calls": ["pass", "pass", "pass", "pass"]}
    assert answer(case)["error"] == "invalid"
    assert answer({**case, "redeals": -1})["error"] == "invalid"
    assert answer({**case, "redeals": 1})["redeal"] is True
    assert answer({**case, "redeals": 2}) == {"id": "b", "error": "illegal", "call": 4}
    assert answer({**case, "redeals": 2, "calls": ["pass", "pass", "pass"]})["next"] == "S"


# --- the level-2 player ---------------------------------------------------------------------------
class SeatOnly:
    """What a computer player may look at: its seat's view and the legal choices."""

    def __init__(self, state: Belote2Hand) -> None:
        self._state = state
        self.current_player = state.current_player
        self.phase = state.phase

    def seat_view(self, seat: int) -> dict[str, Any]:
        assert seat == self._state.current_player, "a player may only look at its own seat"
        return self._state.seat_view(seat)

    def legal_mask(self) -> int:
        return self._state.legal_mask()

    def legal_cards(self) -> Any:
        return self._state.legal_cards()

    def legal_calls(self) -> list[str]:
        return self._state.legal_calls()


def test_level_2_taking_follows_the_tips() -> None:
    assert taking_strength("JH 8H 7H 8S 9C 8C 7D", 1) >= 5  # J + 2 more trumps
    assert taking_strength("9H 8H 7H QH 9C 8C 7D", 1) >= 5  # 9 + 3 more trumps
    assert taking_strength("JH 8H AS 8S 9C 8C 7D", 1) >= 5  # a side ace counts like a trump
    assert taking_strength("9H 8H 7H 8S 9C 8C 7D", 1) < 4.5


def test_level_2_beats_random_over_200_hands() -> None:
    level2 = Belote2Player2()
    totals = {"level2": 0, "random": 0}
    hands_won = {"level2": 0, "random": 0}
    for i in range(200):
        me = 0 if i % 2 == 0 else 2
        h = Belote2Hand(seed=10_000 + i // 2, dealer="N" if i % 4 < 2 else "S")
        rnd = RandomPlayer(seed=i)
        while not h.is_over:
            view = SeatOnly(h)
            if h.current_player == me:
                move = level2.choose_card(view) if h.phase == "play" else level2.choose_call(view)
            else:
                move = rnd.choose_card(h) if h.phase == "play" else rnd.choose_call(h)
            if h.phase == "play":
                h.play(move)
            else:
                h.call(move)
        if h.result is None:
            continue
        mine, theirs = h.result.score[SEATS[me]], h.result.score[SEATS[2 - me]]
        totals["level2"] += mine
        totals["random"] += theirs
        hands_won["level2"] += mine > theirs
        hands_won["random"] += theirs > mine
    assert totals["level2"] > 2 * totals["random"], totals
    assert hands_won["level2"] > 3 * hands_won["random"], hands_won


def test_level_2_reads_the_hand_as_its_seat_view_says() -> None:
    """Level 2 (and the tip players built on it) read a two-player hand's own fields, not its
    ``seat_view`` text: at every call and card of 40 self-played hands they choose on the hand
    what they choose on ``SeatOnly`` (the view's text alone)."""
    from belote_lab.players.tips import NoCheapCapture, NoHiddenTwenty, SixCardJudge

    players = [Belote2Player2(), SixCardJudge(), NoHiddenTwenty(), NoCheapCapture()]
    decisions = 0
    for i in range(40):
        h = Belote2Hand(seed=20_000 + i, dealer="N" if i % 2 else "S")
        while not h.is_over:
            view = SeatOnly(h)
            for p in players:
                if h.phase == "play":
                    assert p.choose_card(h) == p.choose_card(view)
                else:
                    assert p.choose_call(h) == p.choose_call(view)
            decisions += 1
            move = players[i % 4]
            if h.phase == "play":
                h.play(move.choose_card(h))
            else:
                h.call(move.choose_call(h))
    assert decisions > 1000


def test_level_2_is_deterministic_and_uses_legal_choices() -> None:
    for seed in range(5):
        runs = []
        for _ in range(2):
            h = Belote2Hand(seed=seed, dealer="S", redeals=2)
            drive_hand(h, {0: Belote2Player2(), 2: Belote2Player2()})
            runs.append(h.actions)
        assert runs[0] == runs[1]
        assert h.phase == "done"  # the dealer is forced after two redeals: a contract


@pytest.mark.parametrize("forced", [1, 2, 3])
def test_the_dealer_refused_a_pass_hears_how_many_redeals(forced: int) -> None:
    """The refusal names the redeals in a row the rule counts (not always "two"), in both
    languages, and says "by these rules" when the option forces the dealer at once."""
    t = new_taking(0, "JH", forced, Belote2Rules(forced_after_redeals=forced))
    for _ in range(3):
        t.call("pass")
    with pytest.raises(TakingError) as e:
        t.call("pass")
    assert f"after {forced} redeal" in str(e.value) and f"{forced}번 연속으로" in e.value.text("ko")
    never = new_taking(0, "JH", 0, Belote2Rules(forced_after_redeals=0))
    for _ in range(3):
        never.call("pass")
    with pytest.raises(TakingError, match="by these rules"):
        never.call("pass")
