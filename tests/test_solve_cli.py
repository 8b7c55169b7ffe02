"""``belote-lab solve FILE.jsonl``: exact N-S points and best first cards, one JSON line a deal.

The values of the two random deals were checked against colver's exact solver (the reference
engine of benchmarks/bench_solver.py), which plays by our default rules.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from belote_lab._jit import HAVE_NUMBA
from belote_lab.cli.solve import solve_line

ROOT = Path(__file__).resolve().parent.parent

ALL_TRUMPS = {  # N holds every heart: N-S win every trick whatever E leads
    "N": ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"],
    "E": ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"],
    "S": ["AD", "TD", "KD", "QD", "JD", "9D", "8D", "7D"],
    "W": ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C"],
}
# BeloteHand(seed=1, dealer="E"), S took diamonds, E leads: E-W make 60 (colver: 60, QD)
SEED1 = {
    "N": ["9S", "8H", "QH", "TD", "KD", "7C", "8C", "KC"],
    "E": ["7S", "KS", "7H", "JH", "9D", "QD", "TC", "QC"],
    "S": ["9H", "TH", "KH", "8D", "JD", "AD", "9C", "JC"],
    "W": ["8S", "TS", "JS", "QS", "AS", "AH", "7D", "AC"],
}
# a deal whose value depends on must_undertrump (colver, default rules: 76 with JC or TD)
UNDER = {
    "N": ["TD", "AC", "7C", "8H", "JH", "9S", "JC", "7H"],
    "E": ["AH", "8D", "9D", "9C", "QC", "KS", "KD", "JD"],
    "S": ["KH", "9H", "TS", "8C", "TH", "JS", "QD", "TC"],
    "W": ["KC", "AS", "QS", "8S", "AD", "7D", "7S", "QH"],
}


@pytest.mark.skipif(not HAVE_NUMBA, reason="full deals need the numba solver (extra 'fast')")
def test_solve_command(tmp_path: Path) -> None:
    lines = [
        json.dumps({"game": "belote", "hands": ALL_TRUMPS, "trump": "H", "leader": "E"}),
        "not json at all",
        json.dumps({"id": 7, "game": "belote", "hands": SEED1, "trump": "D", "leader": "E"}),
        json.dumps({"game": "belote", "hands": {**SEED1, "N": ["9S"]}, "trump": "D",
                    "leader": "E"}),
        json.dumps({"game": "belote", "hands": UNDER, "trump": "C", "leader": "N"}),
        "",
        json.dumps({"game": "belote", "hands": UNDER, "trump": "C", "leader": "N",
                    "rules": {"must_undertrump": True}}),
    ]
    path = tmp_path / "deals.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "belote_lab", "solve", str(path)],
        capture_output=True, text=True, timeout=600, cwd=ROOT, stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 1, proc.stderr  # every line answered; line 2 is not JSON
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == 6  # the blank line gets no answer

    assert out[0]["ns_points"] == 162
    assert sorted(out[0]["best"]) == sorted(ALL_TRUMPS["E"])  # any spade
    assert out[0]["ms"] >= 0

    assert out[1]["error"] == "invalid" and "JSON" in out[1]["message"]

    assert out[2]["id"] == 7
    assert out[2]["ns_points"] == 162 - 60 and out[2]["best"] == ["QD"]

    assert out[3]["error"] == "invalid"  # N has one card, the others eight

    assert out[4]["ns_points"] == 76 and sorted(out[4]["best"]) == ["JC", "TD"]
    assert out[5]["ns_points"] != 76  # the rules object is used
    assert set(out[5]) == {"ns_points", "best", "ms"}


def test_invalid_lines() -> None:
    good = {"game": "belote", "hands": ALL_TRUMPS, "trump": "H", "leader": "N"}
    bad = [
        [1, 2],
        {k: v for k, v in good.items() if k != "leader"},
        {**good, "game": "callbreak"},
        {**good, "trump": "X"},
        {**good, "trump": "callbreak"},
        {**good, "leader": "Q"},
        {**good, "rules": {"no_such_rule": True}},
        {**good, "rules": {"must_undertrump": "yes"}},
        {**good, "hands": {**ALL_TRUMPS, "S": ["AD", "TD", "KD", "QD", "JD", "9D", "8D", "JH"]}},
        {**good, "hands": {**ALL_TRUMPS, "S": ["AD", "TD", "KD", "QD", "JD", "9D", "8D", "2D"]}},
        {**good, "hands": {"N": ALL_TRUMPS["N"]}},
        {**good, "hands": {**ALL_TRUMPS, "S": 5}},
        {**good, "hands": {s: h[:2] for s, h in ALL_TRUMPS.items()}},  # whole deals only
    ]
    for case in bad:
        ans = solve_line(json.dumps(case))
        assert ans["error"] == "invalid", (case, ans)
        assert ans["message"], case


@pytest.mark.skipif(not HAVE_NUMBA, reason="full deals need the numba solver (extra 'fast')")
def test_no_trump_and_all_trump() -> None:
    # one suit a seat: whoever leads wins every trick (the others can only discard)
    for trump in ("NT", "AT"):
        for leader, ns in (("N", 162), ("E", 0)):
            line = {"game": "belote", "hands": ALL_TRUMPS, "trump": trump, "leader": leader}
            ans = solve_line(json.dumps(line))
            assert ans["ns_points"] == ns, (trump, leader, ans)
            assert sorted(ans["best"]) == sorted(ALL_TRUMPS[leader]), (trump, leader, ans)


@pytest.mark.skipif(not HAVE_NUMBA, reason="full deals need the numba solver (extra 'fast')")
def test_principal_variation_on_request() -> None:
    """``"pv": true`` adds 32 cards of best play; replayed on the engine they are legal and
    give N-S exactly ``ns_points``."""
    from belote_lab.games.belote import BeloteHand

    line = {"hands": SEED1, "trump": "D", "leader": "E", "taker": "S", "pv": True}
    ans = solve_line(json.dumps(line))
    assert ans["ns_points"] == 102 and len(ans["pv"]) == 32 and ans["pv"][0] in ans["best"]
    h = BeloteHand.from_hands(SEED1, "D", taker="S", first_leader="E")
    for c in ans["pv"]:
        h.play(c)
    assert h.won_points[0] + h.won_points[2] == 102
    assert "pv" not in solve_line(json.dumps({**line, "pv": False}))
