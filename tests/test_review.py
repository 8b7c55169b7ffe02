"""The post-hand review (issue 14, item 1) checked against the exact solver.

Every cost is recomputed here another way: the best value by one root solve
(``all_values=False``) and the played card's value as what its side wins in the trick the
card completes plus the solved value of the position after it — not from the review's own
per-card values.  Callbreak's searches get a smaller node budget to keep the file fast.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from belote_lab.cards import Card
from belote_lab.games import GAMES, get
from belote_lab.games.base import step
from belote_lab.games.record import hand_from_json
from belote_lab.players.base import RandomPlayer
from belote_lab.review import HintSaid, Review, ReviewRow, review
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
    assert r == review(h, "E", hint_samples=4, hint_budget=30.0, calls=False)  # same deals
    assert all(x.hint is None for x in review(h, "E", hints=False).rows)
    assert all(x.hint is None for x in review(h).rows)  # every seat: no hints unless asked
    assert r.table()[0]["hint"]["samples"] == r.rows[0].hint.samples


def test_with_every_card_known_the_hint_is_the_exact_value() -> None:
    # two-player Belote once the stock is empty: nothing is hidden, so the hint is exact
    # and a costly card is a mistake, never bad luck
    h = play_out(dealt("belote2", 12), lambda s: None, 12)
    r = review(h, "S", hint_samples=4, hint_budget=0.5)
    late = [x for x in r.rows if x.reviewed]
    assert late and all(x.hint is not None and x.hint.exact for x in late)
    for x in late:
        assert x.hint.cost == pytest.approx(x.cost)
        assert x.verdict == ("best" if x.cost == 0 else
                             "mistake" if x.cost >= 3 else "bad luck")
    stock = [x for x in r.rows if x.why_not == "stock"]
    assert stock and all(x.hint is not None and not x.hint.exact for x in stock)
    assert "sampled deals is given for them instead" in r.text()


def test_mistake_or_bad_luck() -> None:
    card, other = Card.parse("TS"), Card.parse("AS")
    base = ReviewRow(3, 0, card, 48, 62, (other,), 14, "points")
    assert base.verdict == "costly"
    luck = replace(base, hint=HintSaid(50.0, 51.0, other, 20, False))
    mistake = replace(base, hint=HintSaid(40.0, 51.5, other, 20, False))
    assert luck.verdict == "bad luck" and mistake.verdict == "mistake"
    assert replace(base, cost=0).verdict == "best"
    assert replace(base, why_not="stock", value=None, best=None, cost=None).verdict is None
    r = Review("belote", 0, (mistake,), "points", None)
    assert "the hint too rated it 11.5 points below A♠ (20 sampled deals): a mistake" in r.text()
    assert "실수입니다" in r.text("ko")
    r = Review("belote", 0, (luck,), "points", None)
    assert "bad luck, not a mistake" in r.text() and "운이 나빴습니다" in r.text("ko")
    played = replace(base, hint=HintSaid(40.0, 51.5, other, 20, False, played_on=17))
    r = Review("belote", 0, (played,), "points", None)
    assert "(20 sampled deals, 17 of them played on by the level-2 computer first)" in r.text()
    assert "(표본 딜 20개, 그중 17개는 레벨 2 컴퓨터가 일부 진행한 뒤 계산)" in r.text("ko")
    assert r.table()[0]["hint"]["played_on"] == 17
    every = replace(base, seat=2, hint=HintSaid(40.0, 51.5, other, 8, False, played_on=8))
    r = Review("belote", 2, (every,), "points", None)
    assert "(8 sampled deals, each played on by the level-2 computer first)" in r.text()
    assert r.text().startswith("Review of a hand of four-player Belote (South): ")
    assert "trick 3, South: 10♠ cost 14 points" in r.text()
    assert "From what South could see" in r.text() and "Total cost: South 14 points." in r.text()
    ko = r.text("ko")
    assert ko.startswith("4인 벨로트 한 판 검토(남쪽 자리): ")
    assert "3번째 트릭, 남쪽: 10♠ 때문에 14점 손해를 보았습니다(62점 대신 48점)." in ko
    assert ("남쪽 자리에서 보이는 카드만으로 계산한 힌트도 A♠보다 11.5점 낮게 보았습니다(표본 딜 "
            "8개, 모두 레벨 2 컴퓨터가 일부 진행한 뒤 계산). 실수입니다.") in ko


def test_the_calls_are_weighed_too() -> None:
    h = play_out(dealt("belote", 13), lambda s: None, 13)
    seat = next(s for kind, s, _ in h.actions if kind == "call")
    r = review(h, seat, hints=False, call_samples=6, call_budget=30.0)
    made = [v for kind, s, v in h.actions if kind == "call" and s == seat]
    assert [str(c.made) for c in r.calls] == made and r.calls
    assert all(c.seat == r.seat and c.cost >= 0 and c.advice.samples <= 6 for c in r.calls)
    assert r == review(h, seat, hints=False, call_samples=6, call_budget=30.0)  # seeded deals
    assert "The calls, against the best call over simulated deals:" in r.text()
    ko = r.text("ko")  # four-player Belote: a taking, not an auction; 표본 딜, 계약 성공
    assert "공수 결정: 표본 딜로 계산한 가장 좋은 선택과 비교했습니다." in ko
    assert "경매" not in ko and "모의 딜" not in ko and "공약" not in ko
    assert review(h, hints=False).calls == ()  # every seat: not unless asked
    assert len(review(h, hints=False, calls=True, call_samples=2, call_budget=30.0).calls) == sum(
        1 for kind, _, _ in h.actions if kind == "call")
