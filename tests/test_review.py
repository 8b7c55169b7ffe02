"""The post-hand review (issue 14, item 1) checked against the exact solver, and its verdicts
from the seat's view (issue 27, item 3).

Every cost is recomputed here another way: the best value by one root solve
(``all_values=False``) and the played card's value as what its side wins in the trick the
card completes plus the solved value of the position after it — not from the review's own
per-card values.  Callbreak's searches get a smaller node budget to keep the file fast.
"""

from __future__ import annotations

import json
import math
import random
import re
from dataclasses import replace
from typing import Any

import pytest

from belote_lab.cards import Card
from belote_lab.coaching.advice import advise
from belote_lab.coaching.review import (
    THRESHOLDS,
    CallVerdict,
    HintSaid,
    Review,
    ReviewRow,
    grade,
    judge,
    review,
)
from belote_lab.games import GAMES, get
from belote_lab.games.base import step
from belote_lab.games.record import hand_from_json
from belote_lab.players.base import RandomPlayer
from belote_lab.simulation.selfplay import play_hand
from belote_lab.solver import position_of, solve
from belote_lab.solver.position import total_left

# Callbreak's first tricks are too large for a quick exact solve: a small budget there
LIMITS = {name: (300_000 if get(name).tricks > 8 else None) for name in GAMES}
# where the solver may drive the play in a test (two players: once the stock is empty)
FROM_TRICK = {name: (9 if get(name).tricks > 8 and not get(name).has_stock else
                     8 if get(name).has_stock else 1) for name in GAMES}


def dealt(name: str, seed: int) -> object:
    """A hand of ``name`` through its bidding (random calls), at its first card."""
    g = get(name)
    for k in range(50):
        h = g.hand_class(g.rules(), dealer=g.seats[(seed + k) % g.players], seed=seed * 100 + k)
        caller = RandomPlayer(seed=seed + k)
        while h.phase == "bidding":
            step(h, caller)
        if h.phase == "play":
            return h
    raise AssertionError("no deal was played")


def play_out(h: object, choose: object, seed: int) -> object:
    """Play ``h`` to its end: ``choose(state)`` gives a card, or ``None`` for a random one."""
    rng = random.Random(seed)
    while h.phase == "play":
        card = choose(h)
        h.play(card if card is not None else rng.choice(list(h.legal_cards())))
    return h


def best_card(h: object) -> Card | None:
    if h.trick_number < FROM_TRICK[h.game]:
        return None
    return solve(h, get(h.game).side_with(h.to_play), all_values=False).best[0]


def value_after(before: object, after: object, side: tuple[int, ...]) -> int:
    """What ``side`` wins from the card just played on: the trick it completed, if any, and
    the solved value of the position after it."""
    g = get(before.game)
    gain = 0
    if len(after.tricks) > len(before.tricks):
        t = after.tricks[-1]
        gain = (t.points if g.counts == "points" else 1) if t.winner in side else 0
    if after.phase != "play":
        return gain
    sol = solve(after, side, all_values=False)
    if after.to_play in side:
        return gain + sol.value
    return gain + total_left(position_of(after, side)) - sol.value


def states_before_plays(h: object) -> list[object]:
    """The state before each card played, rebuilt from the record's actions (not by undo)."""
    data = h.to_json()
    data.pop("result", None)
    out = []
    for i, (kind, _seat, _value) in enumerate(data["actions"]):
        if kind == "play":
            out.append(hand_from_json(dict(data, actions=data["actions"][:i])))
    return out


def check_against_solver(h: object, r: Review) -> int:
    """Every reviewed row's value, best and cost as the solver gives them; returns how many."""
    g = get(h.game)
    checked = 0
    for row, before in zip(r.rows, states_before_plays(h), strict=True):
        assert (row.trick, row.seat) == (before.trick_number, before.to_play)
        if not row.reviewed:
            continue
        side = g.side_with(row.seat)
        best = solve(before, side, all_values=False)
        after = before.copy()
        after.play(row.card)
        value = value_after(before, after, side)
        assert (row.value, row.best, row.cost) == (value, best.value, best.value - value), row
        assert set(row.best_cards) == set(best.best)
        assert (row.cost == 0) == (row.card in best.best)
        assert row.unit == g.counts
        checked += 1
    return checked


# --- the costs are the solver's -------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_each_cost_is_the_solvers_value_difference(name: str) -> None:
    costly = 0
    for seed in (1, 2):
        h = play_out(dealt(name, seed), lambda s: None, seed)
        r = review(h, node_limit=LIMITS[name])
        assert len(r) == len(h.tricks) * get(name).players
        assert check_against_solver(h, r) >= 8
        costly += sum(1 for x in r.reviewed if x.cost)
    assert costly  # random cards: some of them cost something


@pytest.mark.parametrize("name", GAMES)
def test_best_cards_cost_nothing(name: str) -> None:
    h = play_out(dealt(name, 3), best_card, 3)
    r = review(h, node_limit=LIMITS[name])
    late = [x for x in r.rows if x.trick >= FROM_TRICK[name]]
    assert late and all(x.reviewed and x.cost == 0 for x in late)
    assert all(x.value == x.best and x.card in x.best_cards for x in late)
    if FROM_TRICK[name] == 1:
        assert all(r.total_cost(s) == 0 for s in get(name).seats)
        assert "No card cost anything" in r.text()


@pytest.mark.parametrize("name", GAMES)
def test_a_bad_card_shows_its_cost(name: str) -> None:
    g = get(name)
    spoiled: list[tuple[int, int, Card, int]] = []

    def choose(h: object) -> Card | None:
        if spoiled or h.trick_number < FROM_TRICK[name]:
            return best_card(h)
        sol = solve(h, g.side_with(h.to_play))
        low = min(sol.values.values())
        if low == sol.value:
            return sol.best[0]
        worst = min(c for c, v in sol.values.items() if v == low)
        spoiled.append((h.trick_number, h.to_play, worst, sol.value - low))
        return worst

    h = play_out(dealt(name, 4), choose, 4)
    assert spoiled
    trick, seat, card, cost = spoiled[0]
    r = review(h, node_limit=LIMITS[name])
    row = next(x for x in r.rows if (x.trick, x.seat, x.card) == (trick, seat, card))
    assert row.cost == cost > 0 and card not in row.best_cards
    # the solver's cards after it cost nothing (before FROM_TRICK random cards may cost)
    assert [x for x in r.reviewed if x.trick >= FROM_TRICK[name] and x.cost] == [row]
    assert r.costliest(1)[0].cost >= cost
    if FROM_TRICK[name] == 1:
        assert r.costliest(1) == [row] and r.total_cost(seat) == cost
    assert card.pretty in r.text(n=len(r)) and card.pretty in r.text("ko", n=len(r))


# --- records, seats, the stock, the budget -----------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_record_reviews_as_its_hand(name: str) -> None:
    h = play_out(dealt(name, 5), lambda s: None, 5)
    r = review(h, node_limit=LIMITS[name])
    assert review(h.to_json(), node_limit=LIMITS[name]) == r
    assert review(json.dumps(h.to_json()), node_limit=LIMITS[name]) == r
    assert h.phase == "done"  # the hand reviewed is not changed
    if LIMITS[name] is None:  # (with a budget a seat's horizon may differ)
        seat = get(name).seats[-1]
        mine = review(h, seat, hints=False).rows
        assert mine == tuple(x for x in r.rows if x.seat == seat)


def test_a_partly_played_hand_and_an_unplayed_one() -> None:
    h = dealt("belote", 6)
    assert len(review(h)) == 0 and "No card was played" in review(h).text()
    for _ in range(6):
        h.play(next(iter(h.legal_cards())))
    r = review(h, "N")
    assert len(r) == sum(1 for kind, seat, _ in h.actions if kind == "play" and seat == "N")
    assert all(x.reviewed for x in r.rows)
    with pytest.raises(ValueError, match="observation"):
        review(h.observation(0))


def test_two_player_stock_phase_is_not_reviewed() -> None:
    h = play_out(dealt("belote2", 7), lambda s: None, 7)
    r = review(h)
    stock = [x for x in r.rows if x.why_not == "stock"]
    assert {x.trick for x in stock} == set(range(1, 8)) and len(stock) == 14
    assert all(x.value is None and x.cost is None and not x.best_cards for x in stock)
    assert all(x.reviewed for x in r.rows if x.trick >= 8)
    assert "The 14 cards of tricks 1–7 are not reviewed" in r.text()
    assert "더미가 남아 있는 동안" in r.text("ko")
    assert r.costliest(40) == sorted(r.reviewed, key=lambda x: -x.cost)


def test_past_the_budget_the_earlier_cards_are_not_reviewed() -> None:
    h = play_out(dealt("callbreak", 8), lambda s: None, 8)
    r = review(h, node_limit=20_000)
    marks = [x.reviewed for x in r.rows]
    first = marks.index(True)
    assert first > 0 and all(marks[first:])  # one horizon: exact from there on
    assert all(x.why_not == "budget" for x in r.rows[:first])
    assert "too large to solve exactly" in r.text() and "탐색 한도" in r.text("ko")


def test_words() -> None:
    h = play_out(dealt("callbreak", 9), lambda s: None, 9)
    r = review(h, node_limit=LIMITS["callbreak"])
    ko = r.text("ko")
    for fallback in ("을(를)", "(를)", "이(가)", "(가)", "은(는)", "(는)", "(으)로"):
        assert fallback not in ko
    top = r.costliest(1)[0]
    if top.cost:
        unit = "trick" if top.cost == 1 else "tricks"
        assert f"{top.card.pretty} cost {top.cost} {unit}" in r.text()
        assert f"{top.card.pretty} 때문에 {top.cost}트릭 손해" in ko
    # seats by name in a sentence: North, 북쪽 (not the letter N nor the one-syllable 북)
    assert r.text().splitlines()[-1].startswith("Total cost: North ")
    assert ko.splitlines()[-1].startswith("총 손해: 북쪽 ")
    assert ko.startswith("콜브레이크 한 판 검토(모든 자리): 모든 패를 공개한 계산(더블 더미)으로 ")
    assert " (" not in ko and not re.search(r"(?<![0-9])1번째", ko) and "모의 딜" not in ko
    with pytest.raises(ValueError, match="language"):
        r.text("fr")
    assert r.table()[-1]["unit"] == "tricks" and str(r) == r.text()


# --- what the hint said ------------------------------------------------------------------------
def test_each_card_of_a_seat_gets_what_the_hint_said() -> None:
    h = play_out(dealt("belote", 11), lambda s: None, 11)
    r = review(h, "E", hint_samples=4, hint_budget=30.0, calls=False)
    assert len(r) == 8 and all(x.hint is not None for x in r.rows)
    for x in r.rows:
        assert x.hint.samples <= 4 and x.hint.best >= x.hint.value
        assert x.hint.cost == pytest.approx(x.hint.best - x.hint.value)
        low, high = x.hint.interval  # the 95% interval of the paired difference holds its mean
        assert low <= x.hint.cost + 1e-9 <= high + 2e-9
        assert x.seat_cost == x.hint.cost
    assert r == review(h, "E", hint_samples=4, hint_budget=30.0, calls=False)  # same deals
    assert all(x.hint is None for x in review(h, "E", hints=False).rows)
    assert all(x.hint is None for x in review(h).rows)  # every seat: no hints unless asked
    assert r.table()[0]["hint"]["samples"] == r.rows[0].hint.samples


def test_with_every_card_known_the_hint_is_the_exact_value() -> None:
    # two-player Belote once the stock is empty: nothing is hidden, so the hint is exact and
    # the verdict is the exact cost's grade: no luck in it
    h = play_out(dealt("belote2", 12), lambda s: None, 12)
    r = review(h, "S", hint_samples=4, hint_budget=0.5)
    late = [x for x in r.rows if x.reviewed]
    assert late and all(x.hint is not None and x.hint.exact for x in late)
    for x in late:
        assert x.hint.cost == pytest.approx(x.cost)
        assert x.hint.interval == (x.hint.cost, x.hint.cost)
        assert x.verdict == grade(x.cost, "points")
    stock = [x for x in r.rows if x.why_not == "stock"]
    assert stock and all(x.hint is not None and not x.hint.exact for x in stock)
    assert all(x.verdict is not None for x in stock)  # judged from the seat's view alone
    assert "sampled deals is given for them instead" in r.text()


# --- the verdicts ---------------------------------------------------------------------------------
def test_thresholds() -> None:
    for unit, lines in THRESHOLDS.items():
        assert list(lines) == sorted(set(lines)) and lines[0] > 0
        eps = 1e-9
        assert [grade(t - eps, unit) for t in lines] == ["best", "inaccuracy", "mistake"]
        assert [grade(t, unit) for t in lines] == ["inaccuracy", "mistake", "blunder"]
    assert THRESHOLDS["points"] == (4.0, 10.0, 25.0) and THRESHOLDS["tricks"] == (0.25, 0.5, 1.0)
    # the whole interval on one side of every line: that grade
    assert judge(0.0, 3.9, "points", None) == "best"
    assert judge(4.0, 9.9, "points", 5) == "inaccuracy"
    assert judge(10.0, 24.0, "points", 12) == "mistake"
    assert judge(25.0, 40.0, "points", 30) == "blunder"
    assert judge(0.6, 0.9, "tricks", 1) == "mistake"
    # an interval that straddles a line: within noise, whatever the exact cost
    assert judge(3.1, 9.8, "points", 7) == judge(8.0, 12.0, "points", 7) == "within noise"
    assert judge(-math.inf, math.inf, "points", 3) == "within noise"  # one deal, no interval
    # lucky: the whole interval an inaccuracy or worse, no exact cost
    assert judge(4.0, 30.0, "points", 0) == judge(0.3, 0.4, "tricks", 0) == "lucky"
    assert judge(3.9, 30.0, "points", 0) == "within noise"  # (not sure enough: not lucky)
    # unlucky: an exact cost, though the whole interval is below an inaccuracy
    assert judge(-2.0, 3.9, "points", 1) == judge(0.0, 0.0, "tricks", 2) == "unlucky"


def _row(dd_cost: int | None, value: float, low: float, high: float, n: int = 20) -> ReviewRow:
    """South's 10♠ at trick 3, the hint's best card A♠ rated 51.5 over ``n`` sampled deals."""
    best = 51.5
    hs = HintSaid(value, best, Card.parse("AS"), n, False, 0, low, high)
    if dd_cost is None:
        return ReviewRow(3, 2, Card.parse("TS"), None, None, (), None, "points", "stock", hs)
    return ReviewRow(3, 2, Card.parse("TS"), 62 - dd_cost, 62, (Card.parse("AS"),), dd_cost,
                     "points", hint=hs)


def test_a_lucky_card_is_never_best() -> None:
    lucky = _row(0, 39.9, 5.2, 18.0)  # the hint put it 11.6 points below; it cost nothing
    assert lucky.cost == 0 and lucky.verdict == "lucky"
    r = Review("belote", 2, (lucky,), "points", None)
    assert r.notable() == [lucky] and r.costliest(1)[0].cost == 0
    text = r.text()
    assert "trick 3, South: 10♠ cost nothing with every card known." in text
    assert ("From what South could see, the hint (20 sampled deals, 95% interval) put 10♠ 5.2 "
            "to 18.0 points below A♠: lucky — a poor choice from what could be seen, though it "
            "cost nothing with every card known.") in text
    ko = r.text("ko")
    assert "3번째 트릭, 남쪽: 10♠은 모든 패를 공개하면 손해가 없었습니다." in ko
    assert ("남쪽 자리에서 보이는 카드만으로 계산한 힌트(표본 딜 20개, 95% 신뢰구간)는 "
            "10♠을 A♠보다 5.2~18.0점 낮게 보았습니다. 운이 좋았습니다.") in ko
    # nearer the line, the same mean is not sure enough: within noise, still not best
    assert _row(0, 39.9, 2.0, 21.2).verdict == "within noise"
    assert "the interval reaches from best to a mistake" in Review(
        "belote", 2, (_row(0, 39.9, 2.0, 21.2),), "points", None).text()


def test_a_lucky_card_of_a_seeded_hand_is_never_best() -> None:
    # four level-2 players, seed 2: South's J♠ (trick 1) and A♦ (trick 3) cost nothing with
    # every card known, yet the hint rated each over 10 points below its best card
    h = play_hand("belote", "2,2,2,2", seed=2)
    r = review(h, "S", hint_samples=20, hint_budget=30.0, calls=False)
    t1 = THRESHOLDS["points"][0]
    lucky = [x for x in r.rows if x.verdict == "lucky"]
    assert [(x.trick, x.card.text) for x in lucky] == [(1, "JS"), (3, "AD")]
    for x in r.rows:
        assert x.hint is not None
        if x.cost == 0 and x.hint.cost >= t1:
            assert x.verdict in ("lucky", "within noise")
        if x.verdict == "best":  # best from the seat's view: the whole interval below the line
            assert x.hint.interval[1] < t1
    for x in lucky:
        assert x.cost == 0 and x.hint.interval[0] >= t1 and x.hint.cost >= 10
        low, high = (f"{v:.1f}" for v in x.hint.interval)
        assert (f"put {x.card.pretty} {low} to {high} points below {x.hint.best_card.pretty}: "
                "lucky") in r.text()
        assert f"{x.hint.best_card.pretty}보다 {low}~{high}점 낮게 보았습니다" in r.text("ko")
    assert r.text("ko").count("운이 좋았습니다.") == 2


def test_the_verdicts_in_words() -> None:
    cases = {  # (exact cost, played card's mean, interval) → the words of the verdict
        "mistake": (14, 40.0, 10.2, 12.8, ": a mistake.", "실수입니다."),
        "inaccuracy": (14, 45.0, 4.5, 8.5, ": an inaccuracy.", "작은 실수입니다."),
        "blunder": (30, 20.0, 26.0, 37.0, ": a blunder.", "큰 실수입니다."),
        "unlucky": (14, 50.7, -1.2, 2.8, ": unlucky — bad luck, not a mistake.",
                    "실수가 아니라 운이 나빴습니다."),
        "within noise": (14, 45.0, 3.1, 9.8, ": within noise — the interval reaches from best "
                         "to an inaccuracy.",
                         "오차 범위 안입니다. 신뢰구간이 최선부터 작은 실수까지 걸쳐"),
    }
    for verdict, (cost, value, low, high, en, ko) in cases.items():
        x = _row(cost, value, low, high)
        assert x.verdict == verdict
        r = Review("belote", 2, (x,), "points", None)
        assert r.costliest(1) == [x] and en in r.text() and ko in r.text("ko")
        assert f"trick 3, South: 10♠ cost {cost} points" in r.text()
        assert "(20 sampled deals, 95% interval)" in r.text()
        assert "(표본 딜 20개, 95% 신뢰구간)" in r.text("ko")
    near = Review("belote", 2, (_row(14, 50.7, -1.2, 2.8),), "points", None)
    assert "put 10♠ at most 2.8 points below A♠, perhaps above it" in near.text()
    assert ("10♠을 A♠보다 최대 2.8점 낮게 보았습니다. "
            "A♠보다 나았을 수도 있습니다.") in near.text("ko")
    # a card judged from its hint alone (the stock phase): its verdict, no exact cost
    stock = Review("belote2", 2, (_row(None, 40.0, 10.2, 12.8),), "points", None)
    assert "trick 3, South: 10♠, not reviewed exactly. From what South could see" in stock.text()
    assert ": a mistake." in stock.text()
    # the hint's deals played on first are named, the interval still shown
    played = replace(_row(14, 40.0, 10.2, 12.8), hint=HintSaid(40.0, 51.5, Card.parse("AS"), 20,
                                                               False, 17, 10.2, 12.8))
    r = Review("belote", 2, (played,), "points", None)
    assert ("(20 sampled deals, 17 of them played on by the level-2 computer first, 95% interval)"
            in r.text())
    assert ("(표본 딜 20개, 그중 17개는 레벨 2 컴퓨터가 일부 진행한 뒤 계산, "
            "95% 신뢰구간)") in r.text("ko")
    assert "Played on by the level-2 computer first: a sampled deal too large" in r.text()
    assert "레벨 2 컴퓨터가 일부 진행한 뒤 계산: 힌트의 시간 안에" in r.text("ko")
    assert "Played on by" not in stock.text()  # (said only when a deal was)
    assert r.table()[0]["hint"]["played_on"] == 17 and r.table()[0]["hint"]["low"] == 10.2
    assert r.table()[0]["verdict"] == "mistake"


def test_the_text_says_how_verdicts_are_given() -> None:
    r = Review("belote", 2, (_row(14, 40.0, 10.2, 12.8),), "points", None)
    assert ("Less than 4 points below counts as best; from 4 points it is an inaccuracy, from 10 "
            "points a mistake, from 25 points a blunder") in r.text()
    assert ("차이가 4점 미만이면 최선, 4점 이상이면 작은 실수, 10점 이상이면 실수, "
            "25점 이상이면 큰 실수") in r.text("ko")
    tricks = Review("callbreak", 2, (replace(_row(1, 40.0, 0.3, 0.4), unit="tricks"),), "tricks",
                    None)
    assert "from 0.25 tricks it is an inaccuracy" in tricks.text()
    assert "put 10♠ 0.30 to 0.40 tricks below A♠: an inaccuracy." in tricks.text()
    # without a hint: the double-dummy cost alone, and the text says so
    dd = replace(_row(14, 40.0, 10.2, 12.8), hint=None)
    assert dd.verdict == "costly" and replace(dd, cost=0).verdict == "best"
    r = Review("belote", 2, (dd,), "points", None)
    assert "No hint was asked: each verdict is the double-dummy cost alone" in r.text()
    assert "힌트를 계산하지 않았으므로 판정은 더블 더미 손해만 봅니다" in r.text("ko")
    assert "From what" not in r.text()
    assert replace(dd, why_not="stock", value=None, best=None, cost=None).verdict is None


def test_a_review_that_does_not_follow_the_hint_says_why() -> None:
    # the hint put A♠ first; with every card known K♠ was the best card
    x = replace(_row(14, 40.0, 10.2, 12.8), best_cards=(Card.parse("KS"),))
    assert x.differs
    r = Review("belote", 2, (x,), "points", None)
    assert ("The hint saw 20 sampled deals and put A♠ first; with every card known, K♠ was "
            "better.") in r.text()
    assert ("힌트는 표본 딜 20개만 보고 A♠를 가장 좋게 보았지만, "
            "모든 패를 공개하면 K♠가 더 좋았습니다.") in r.text("ko")
    assert not _row(14, 40.0, 10.2, 12.8).differs


# --- the calls ------------------------------------------------------------------------------------
def test_the_calls_are_weighed_too() -> None:
    h = play_out(dealt("belote", 13), lambda s: None, 13)
    seat = next(s for kind, s, _ in h.actions if kind == "call")
    kw = {"hints": False, "call_samples": 6, "call_budget": 30.0, "call_more_samples": 0}
    r = review(h, seat, **kw)
    made = [v for kind, s, v in h.actions if kind == "call" and s == seat]
    assert [str(c.made) for c in r.calls] == made and r.calls
    assert all(isinstance(c, CallVerdict) for c in r.calls)
    assert all(c.seat == r.seat and c.cost >= 0 and c.advice.samples <= 6 for c in r.calls)
    assert r == review(h, seat, **kw)  # seeded deals
    assert "The calls, against the best call over the advice's sampled deals" in r.text()
    ko = r.text("ko")  # four-player Belote: a taking, not an auction; 표본 딜, 계약 성공
    assert "공수 결정: 표본 딜로 계산한 가장 좋은 선택과 점수를 비교했습니다" in ko
    assert "경매" not in ko and "모의 딜" not in ko and "공약" not in ko
    assert review(h, hints=False).calls == ()  # every seat: not unless asked
    assert len(review(h, hints=False, calls=True, call_samples=2, call_budget=30.0,
                      call_more_samples=0).calls) == sum(
        1 for kind, _, _ in h.actions if kind == "call")


def test_a_call_verdict_shows_its_deals_and_interval() -> None:
    h = play_hand("belote", "2,2,2,2", seed=2)
    r = review(h, "S", hints=False, call_samples=40, call_budget=60.0, call_more_samples=0)
    (c,) = r.calls
    assert (c.made, c.best, c.verdict, c.deals) == ("take", "take", "best", 40)
    assert c.separated and 0 < c.lead_low < c.lead_high
    low, high = f"{c.lead_low:.0f}", f"{c.lead_high:.0f}"
    assert (f"call 2 (South): Take ♠ was best: over 40 sampled deals it scored {low} to {high} "
            "points more than the next call, Pass (95% interval).") in r.text()
    assert ("2번째 차례(남쪽): ♠ 가져가기는 최선이었습니다. 표본 딜 40개에서 "
            f"다음으로 좋은 패스보다 {low}~{high}점 더 얻었습니다(95% 신뢰구간).") in r.text("ko")
    data = c.to_json()
    assert data["verdict"] == "best" and data["deals"] == 40 and data["separated"]


def test_calls_the_table_could_not_tell_apart_are_weighed_on_more_deals() -> None:
    # seed 61, North's call: over the table's 40 deals Pass scored most (Take ♥ within its
    # noise); over 200 (the same seed: the table's advice is the first verdict) Take ♥ is
    # ahead, separated, and the text says the advice at the table put Pass first
    h = play_hand("belote", "2,2,2,2", seed=61)
    r = review(h, "N", hints=False, call_samples=40, call_budget=60.0, call_more_samples=200,
               call_more_budget=60.0)
    (c,) = r.calls
    assert c.first is not None and c.first.advice.draws == 40 and c.first.best == "pass"
    assert c.advice.draws == 200 and c.deals == c.advice.samples and c.best == "take"
    assert c.made == "take" and c.verdict == "best" and c.separated
    table = advise(_call_state(h, c.number), samples=40, time_budget=60.0, seed=0)
    assert table.rows == c.first.advice.rows  # the table's advice: the same seeded deals
    text = r.text()
    assert (f"The advice at the table weighed {c.first.advice.samples} sampled deals and put "
            f"Pass first; over {c.deals} sampled deals, Take ♥ scored most.") in text
    ko = r.text("ko")
    assert (f"테이블의 조언은 표본 딜 {c.first.advice.samples}개로 계산해 패스를 가장 좋게 "
            f"보았지만, 표본 딜 {c.deals}개에서는 ♥ 가져가기가 가장 많이 얻었습니다.") in ko
    assert "95% interval" in text and "95% 신뢰구간" in r.text("ko")


def _call_state(h: Any, number: int) -> Any:
    """The hand ``h`` stepped back to just before its call ``number`` (1-based)."""
    from belote_lab.games.record import undoable_copy

    state = undoable_copy(h)
    while sum(1 for a in state.actions if a[0] == "call") >= number:
        state.undo()
    return state


def test_a_call_that_may_have_scored_more_says_at_most() -> None:
    # Coinche, seed 18, South's first call: over 60 deals Pass is within the noise of 80 ♣
    h = play_hand("coinche", "2,2,2,2", seed=18)
    r = review(h, "S", hints=False, call_samples=60, call_budget=30.0, call_more_samples=0)
    c = r.calls[0]
    assert (c.made, c.best, c.verdict, c.deals) == ("pass", "80C", "within noise", 60)
    assert c.low < 0 < c.high and not c.separated
    high = f"{c.high:.0f}"
    assert (f"call 2 (South): over 60 sampled deals, Pass scored at most {high} points less than "
            "the best call, 80 ♣, perhaps more (95% interval): within noise") in r.text()
    assert (f"표본 딜 60개에서 패스는 가장 좋은 클로버 80보다 최대 {high}점 덜 얻었고, "
            "더 얻었을 수도 있습니다(95% 신뢰구간). 오차 범위 안입니다.") in r.text("ko")


def test_a_card_level_with_the_hints_first_is_not_written_as_0_0_below() -> None:
    """Two cards worth the same on every sampled deal (a tie): the card played is level with
    the hint's first card, written as the hint's best, never "0.0 points below 7♣"."""
    from belote_lab.coaching.review import HintSaid, ReviewRow, level_with_first

    C = Card

    tie = HintSaid(0.0, 0.0, C.parse("7C"), samples=6, exact=False, low=0.0, high=0.0)
    row = ReviewRow(7, 2, C.parse("JC"), 0, 0, (C.parse("7C"), C.parse("JC")), 0, "points",
                    hint=tie)
    assert level_with_first(row) and row.verdict == "best"
    below = HintSaid(0.0, 3.0, C.parse("7C"), samples=6, exact=False, low=1.0, high=5.0)
    assert not level_with_first(ReviewRow(7, 2, C.parse("JC"), 0, 0, (C.parse("7C"),), 0,
                                          "points", hint=below))
