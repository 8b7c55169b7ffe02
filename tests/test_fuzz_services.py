"""Regression tests of the fuzz pass of 2026-12-02 (shared/reviews/2026-12-02-fuzz.md) on the
services: sessions, hints, the command line, studies, the tip table, the solver's limits.

Each test names the finding it covers; each failed before its fix.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest

from belote_lab import hints, warm
from belote_lab.cards import SEATS
from belote_lab.games.belote import BeloteHand
from belote_lab.games.record import RecordError, korean_of
from belote_lab.hints import Hint, hint
from belote_lab.players import pimc
from belote_lab.referee import answer
from belote_lab.session import Session
from belote_lab.solver.cli_solve import solve_case
from belote_lab.solver.position import (
    PositionError,
    check_position,
    estimate_position,
    position_of,
    solve_position,
    solve_value,
    total_left,
)

ALL_TRUMPS = {"N": "JH 9H AH TH KH QH 8H 7H", "E": "AS TS KS QS JS 9S 8S 7S",
              "S": "AD TD KD QD JD 9D 8D 7D", "W": "AC TC KC QC JC 9C 8C 7C"}
WINNER = {"id": 1, "game": "belote", "ask": "winner", "trump": "H",
          "trick": ["8H", "KH", "7S", "KC"], "leader": "W"}
DEAL = {"hands": ALL_TRUMPS, "trump": "H", "leader": "N"}


# --- 12: the command line's small inconsistencies -------------------------------------------------
@pytest.mark.parametrize("rules", [False, 0, "", [], [1], "x", True, 1.5])
def test_rules_that_are_not_an_object_are_refused_by_referee_and_solve(rules: Any) -> None:
    ref = answer({**WINNER, "rules": rules})
    sol = solve_case({**DEAL, "rules": rules})
    assert ref["error"] == sol["error"] == "invalid", (ref, sol)
    assert "rule options must be an object" in ref["message"]
    assert ref["message"] == sol["message"]


@pytest.mark.parametrize("case", [WINNER, {**WINNER, "rules": None}, {**WINNER, "rules": {}}])
def test_absent_or_null_rules_are_the_defaults(case: dict[str, Any]) -> None:
    assert answer(case) == {"id": 1, "winner": "N"}


# --- 5: a seed that a save cannot hold ------------------------------------------------------------
@pytest.mark.parametrize("seed", [10**100, -(10**100), 10**120])
def test_a_seed_that_cannot_be_saved_is_refused_up_front(seed: int) -> None:
    with pytest.raises(ValueError, match="more than 100 digits"):
        Session("belote", mode="game", seat="S", levels=1, seed=seed)


@pytest.mark.parametrize("seed", [0, -1, 10**100 - 1, -(10**100 - 1), 2**64])
def test_every_accepted_seed_saves_and_resumes(seed: int) -> None:
    s = Session("belote", mode="game", seat="S", levels=1, seed=seed)
    s.advance()
    t = Session.from_json(json.dumps(s.to_json()))
    assert t.seed == seed and t.to_json() == s.to_json()


# --- 7: a seat given twice in a session's levels --------------------------------------------------
@pytest.mark.parametrize("levels", [{"N": 4, 0: 1}, {"n": 1, "N ": 3}, {2: 1, "s": 1}])
def test_a_seat_given_twice_in_the_levels_is_refused(levels: dict[Any, int]) -> None:
    with pytest.raises(ValueError, match=r"levels: the seat [NS] is given twice"):
        Session("belote", mode="game", seat="E", levels=levels)


def test_a_saved_session_with_a_seat_given_twice_is_refused() -> None:
    data = Session("belote", mode="game", seat="S", levels=1, seed=3).to_json()
    data["levels"] = {"N": 1, "n": 4}
    with pytest.raises(RecordError, match="the seat N is given twice") as e:
        Session.from_json(data)
    assert korean_of(e.value) == (
        "‘levels’ 항목에 북 자리의 레벨이 두 번 적혀 있습니다(‘N’, ‘n’)."
    )


# --- 15: one thread plays, another saves and reloads ----------------------------------------------
@pytest.mark.parametrize("game", ["belote", "callbreak"])
def test_a_save_is_a_consistent_snapshot_while_another_thread_plays(game: str) -> None:
    s = Session(game, mode="game", seat="S", levels=1, seed=5)
    stop = threading.Event()
    failures: list[str] = []
    saves = 0

    def play() -> None:
        try:
            while not stop.is_set():
                if not s.advance(learner=True):
                    if s.can_next:
                        s.next()
                    else:
                        s.again()
        finally:
            stop.set()

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # many thread switches, inside the saves too
    player = threading.Thread(target=play)
    player.start()
    try:
        deadline = time.monotonic() + 1.5
        while saves < 60 and time.monotonic() < deadline and not stop.is_set():
            text = json.dumps(s.to_json())
            try:
                again = json.dumps(Session.from_json(text).to_json())
            except RecordError as e:
                failures.append(str(e))
            else:
                if again != text:
                    failures.append("the reloaded session saves differently")
            saves += 1
    finally:
        stop.set()
        player.join()
        sys.setswitchinterval(switch)
    assert saves >= 10 and not failures, (saves, failures[:3])


# --- 6: a hint from another seat's view ----------------------------------------------------------
def test_a_hint_refuses_a_view_that_is_not_the_seat_to_play_s() -> None:
    h = BeloteHand(seed=3)
    h.call("take")
    seat = SEATS[h.to_play]
    other = next(s for s in SEATS if s != seat)
    with pytest.raises(ValueError, match=f"this is {other}'s view; the seat to play is {seat}"):
        hint(h.observation(other), samples=2)
    assert hint(h.observation(seat), samples=2, time_budget=5.0).seat == h.to_play


# --- 14: the first hint of a process counts its setup inside the budget --------------------------
class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(("budget", "setup", "left"), [(0.05, 0.04, 0.01), (0.05, 0.2, None),
                                                       (0.9, 0.0, 0.9)])
def test_the_hint_budget_counts_the_setup(
    monkeypatch: pytest.MonkeyPatch, budget: float, setup: float, left: float | None
) -> None:
    clock = FakeClock()
    given: list[float] = []

    def ready() -> float:
        clock.now += setup
        return setup

    def deals(state: Any, samples: int, time_budget: float, *args: Any, **kw: Any) -> Hint:
        given.append(time_budget)
        clock.now += time_budget  # the deals take all they are given
        return Hint(0, {}, samples=1, exact=False, ms=time_budget * 1e3)

    monkeypatch.setattr(hints, "_clock", clock)
    monkeypatch.setattr(warm, "ready", ready)
    monkeypatch.setattr(pimc, "hint", deals)
    h = BeloteHand(seed=3)
    h.call("take")
    hn = hint(h, time_budget=budget)
    expect = hints.MIN_BUDGET if left is None else left
    assert given == [pytest.approx(expect)]
    assert hn.ms == pytest.approx((setup + expect) * 1e3)  # the setup is in the hint's time


def test_ready_loads_the_kernels_once() -> None:
    warm.ready()
    assert warm.is_ready() and warm.ready() == 0.0


# --- 13: the solver's limits ---------------------------------------------------------------------
@pytest.mark.parametrize("change", [{"per_trick": 2**63}, {"bonus": 2000}, {"per_trick": 10**400},
                                    {"per_trick": 200, "bonus": 700}])
def test_values_past_the_solver_s_limits_are_position_errors(change: dict[str, int]) -> None:
    h = BeloteHand(seed=5)
    h.call("take")
    pos = replace(position_of(h), **change)
    for solve in (solve_position, solve_value, estimate_position, check_position):
        with pytest.raises(PositionError, match="more than the solver's limit of 1021"):
            solve(pos)  # type: ignore[operator]


def test_the_largest_value_the_solver_holds_is_solved() -> None:
    h = BeloteHand(seed=5)
    h.call("take")
    for _ in range(24):
        h.play(next(iter(h.legal_cards())))
    pos = position_of(h)
    bonus = 1021 - total_left(pos) + pos.bonus
    top = replace(pos, bonus=bonus)
    assert total_left(top) == 1021
    assert solve_position(top).value - solve_position(pos).value in (0, bonus - pos.bonus)


# --- 15: solves in several threads at once -------------------------------------------------------
def test_solves_in_threads_give_the_values_of_one_thread() -> None:
    positions = []
    for seed in range(8):
        h = BeloteHand(seed=seed)
        h.call("take")
        for _ in range(12):
            h.play(next(iter(h.legal_cards())))
        positions.append(position_of(h))
    alone = [solve_position(p).values for p in positions]
    with ThreadPoolExecutor(4) as pool:
        for _ in range(3):
            assert list(pool.map(lambda p: solve_position(p).values, positions)) == alone
