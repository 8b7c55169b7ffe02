"""Regression tests of the fuzz pass of 2026-12-02 (shared/reviews/2026-12-02-fuzz.md) on the
services: sessions, hints, the command line, studies, the tip table, the solver's limits.

Each test names the finding it covers; each failed before its fix.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from typing import Any

import pytest

from belote_lab.games.record import RecordError, korean_of
from belote_lab.referee import answer
from belote_lab.session import Session
from belote_lab.solver.cli_solve import solve_case

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
