"""Regression tests of the fuzz pass of 2026-12-02 (shared/reviews/2026-12-02-fuzz.md) on the
services: sessions, hints, the command line, studies, the tip table, the solver's limits.

Each test names the finding it covers; each failed before its fix.
"""

from __future__ import annotations

from typing import Any

import pytest

from belote_lab.referee import answer
from belote_lab.solver.cli_solve import solve_case

ALL_TRUMPS = {"N": "JH 9H AH TH KH QH 8H 7H", "E": "AS TS KS QS JS 9S 8S 7S",
              "S": "AD TD KD QD JD 9D 8D 7D", "W": "AC TC KC QC JC 9C 8C 7C"}
WINNER = {"id": 1, "game": "belote", "ask": "winner", "trump": "H",
          "trick": ["8H", "KH", "7S", "KC"], "leader": "W"}
DEAL = {"hands": ALL_TRUMPS, "trump": "H", "leader": "N"}


# --- 12: the command line's small inconsistencies --------------------------------------------------
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
