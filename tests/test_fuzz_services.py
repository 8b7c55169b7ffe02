"""Regression tests of the fuzz pass of 2026-12-02 (shared/reviews/2026-12-02-fuzz.md) on the
services: sessions, hints, the command line, studies, the tip table, the solver's limits.

Each test names the finding it covers; each failed before its fix.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from belote_lab._jit import HAVE_NUMBA
from belote_lab.batch import warm
from belote_lab.cards import SEATS
from belote_lab.cli.main import build_parser, main, writable_path
from belote_lab.cli.solve import solve_case
from belote_lab.coaching import hints
from belote_lab.coaching.advice import advise
from belote_lab.coaching.hints import Hint, hint
from belote_lab.games.belote import BeloteHand
from belote_lab.games.callbreak import CallbreakHand
from belote_lab.games.record import RecordError, korean_of
from belote_lab.play.session import Session
from belote_lab.players import pimc
from belote_lab.referee import answer
from belote_lab.simulation import selfplay
from belote_lab.solver.position import (
    PositionError,
    check_position,
    estimate_position,
    position_of,
    solve_position,
    solve_value,
    total_left,
)
from belote_lab.studies import study, tipstudy

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
        "‘levels’ 항목에 북쪽 자리의 레벨이 두 번 적혀 있습니다(‘N’, ‘n’)."
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


# --- 9: output paths checked before any work -----------------------------------------------------
def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``belote-lab ARGS``: the exit status, standard output and standard error."""
    try:
        code = main(args)
    except SystemExit as e:  # argparse's usage errors
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def no_work(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("work was done before the output was checked")


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc, where no "
                    "file can be made although the directory looks writable")
@pytest.mark.parametrize(("args", "shown"), [
    (["simulate", "--hands", "200000", "--out", "/proc/x"], "/proc/x.npz"),
    (["selfplay", "--hands", "3", "--out", "/proc/x"], "/proc/x"),
    (["tips", "--only", "C5", "--deals", "50", "--jobs", "1", "--out", "/proc/x.json"],
     "/proc/x.json"),
    (["study", "selfplay", "4", "--game", "belote2", "--scheduler", "serial", "--quiet",
      "--out", "/proc/x"], "/proc/x"),
])
def test_an_output_that_cannot_be_made_is_refused_before_any_hand(
    args: list[str], shown: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import belote_lab.simulation.simulate

    for module, name in ((belote_lab.simulation.simulate, "simulate"), (study, "compute_chunk"),
                         (tipstudy, "_work"), (selfplay, "selfplay")):
        monkeypatch.setattr(module, name, no_work)
    code, out, err = run_cli(args, capsys)
    assert code == 2 and out == ""
    last = err.splitlines()[-1]  # (argparse prints the usage above its error line)
    assert last.startswith(f"belote-lab {args[0]}: error: ")
    assert last.endswith(f"cannot write {shown}: No such file or directory")


def test_a_checked_output_leaves_no_file_behind(tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    assert writable_path(str(path)) == path and not path.exists()
    kept = tmp_path / "kept.json"
    kept.write_text("mine")
    assert writable_path(str(kept)) == kept and kept.read_text() == "mine"


# --- 10: a damaged study folder ------------------------------------------------------------------
STUDY = ["study", "selfplay", "20", "--game", "belote2", "--chunk", "10", "--scheduler",
         "serial", "--quiet", "--out"]


@pytest.fixture(scope="module")
def stored_study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("study") / "s"
    study.run("selfplay", 20, game="belote2", chunk=10, out=out, scheduler="serial",
              progress=False)
    return out


def damage_meta_to_a_list(d: Path) -> str:
    (d / "study.json").write_text("[]")
    return "study.json is not a study file (it holds an array, not an object)"


def damage_a_chunk_to_garbage(d: Path) -> str:
    (d / "chunk-000001-n10.csv").write_text("garbage,x\n1,2\n")
    return "chunk-000001-n10.csv does not hold the rows of hands 10 to 19 (chunk 1)"


def damage_the_format(d: Path) -> str:
    meta = json.loads((d / "study.json").read_text())
    (d / "study.json").write_text(json.dumps({**meta, "format": "xyz"}))
    return "study.json: the chunk format is 'xyz', not one of parquet, csv"


def empty_a_chunk(d: Path) -> str:
    (d / "chunk-000000-n10.csv").write_bytes(b"")
    return "chunk-000000-n10.csv: not a chunk file that can be read (No columns to parse"


def cut_a_chunk_short(d: Path) -> str:
    p = d / "chunk-000001-n10.csv"
    p.write_text("".join(p.read_text().splitlines(keepends=True)[:6]))
    return "chunk-000001-n10.csv does not hold the rows of hands 10 to 19 (chunk 1)"


@pytest.mark.parametrize("damage", [damage_meta_to_a_list, damage_a_chunk_to_garbage,
                                    damage_the_format, empty_a_chunk, cut_a_chunk_short])
def test_a_damaged_study_folder_is_one_error_line_naming_the_file(
    damage: Any, stored_study: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    d = tmp_path / "s"
    shutil.copytree(stored_study, d)
    words = damage(d)
    before = {p.name: p.read_bytes() for p in d.iterdir()}
    monkeypatch.setattr(study, "compute_chunk", no_work)
    code, out, err = run_cli([*STUDY, str(d)], capsys)
    assert (code, out) == (2, "")
    assert err == f"belote-lab study: error: {d}/{words}" + err.split(words, 1)[1]
    assert err.count("\n") == 1
    assert {p.name: p.read_bytes() for p in d.iterdir()} == before
    with pytest.raises(ValueError, match=re.escape(words)):
        study.load(d)


def test_an_undamaged_study_folder_is_read_whole(stored_study: Path) -> None:
    df = study.load(stored_study)
    assert sorted(df["index"]) == list(range(20))


# --- 11: a tip study file of another shape -------------------------------------------------------
@pytest.mark.parametrize(("text", "words"), [
    ("[1,2]", "the file is an array, not an object"),
    ('{"rows":{"B1":5}}', "rows.B1 is 5, not an object"),
    ('{"rows":[]}', "rows is an array, not an object"),
    ('{"rows":{"C5":{"chunks":{}}}}', "rows.C5.chunks is an object, not a list"),
    ('{"rows":{"C5":{"chunks":[{"chunk":0}]}}}', "rows.C5.chunks[0] has no n"),
    ('{"rows":{"C5":{"chunks":[{"chunk":0,"n":1,"changed":0,"sum":"1","sumsq":1}]}}}',
     "rows.C5.chunks[0].sum is a string, not a number"),
    ("{", "is not a tip study (not JSON"),
])
def test_a_tip_study_of_another_shape_is_one_error_line(
    text: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "tips.json"
    path.write_text(text)
    monkeypatch.setattr(tipstudy, "_work", no_work)
    code, out, err = run_cli(["tips", "--only", "C5", "--deals", "50", "--jobs", "1", "--out",
                              str(path)], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"belote-lab tips: error: {path}") and words in err
    assert err.count("\n") == 1 and path.read_text() == text
    with pytest.raises(ValueError, match=re.escape(words)):
        tipstudy.load(path)


# --- 12: seats, yes-or-no keys and --top ---------------------------------------------------------
@pytest.mark.parametrize("leader", [0, 2, True, None, ["N"]])
def test_solve_reads_a_seat_as_the_referee_does(leader: Any) -> None:
    ref = answer({**WINNER, "leader": leader})
    sol = solve_case({**DEAL, "leader": leader})
    assert ref["error"] == sol["error"] == "invalid"
    assert ref["message"] == sol["message"]
    taker = solve_case({**DEAL, "taker": 0})
    assert taker["error"] == "invalid" and "taker" in taker["message"]


@pytest.mark.parametrize("pv", ["yes", 1, 0, "true", []])
def test_pv_is_true_or_false(pv: Any) -> None:
    ans = solve_case({**DEAL, "pv": pv})
    assert ans["error"] == "invalid" and ans["message"].startswith('"pv" must be true or false')


@pytest.mark.skipif(not HAVE_NUMBA, reason="a whole deal needs the numba solver (extra 'fast')")
def test_pv_true_false_or_null() -> None:
    assert len(solve_case({**DEAL, "pv": True})["pv"]) == 32
    for pv in (False, None):
        ans = solve_case({**DEAL, "pv": pv})
        assert ans["ns_points"] == 162 and "pv" not in ans


def test_review_top_0_names_top(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run_cli(["review", str(tmp_path / "x.json"), "--top", "0"], capsys)
    assert code == 2 and "argument --top: --top must be at least 1, not 0" in err


@pytest.mark.parametrize("command", ["referee", "solve"])
def test_the_help_says_how_keys_are_read(command: str) -> None:
    text = " ".join(build_parser()._subparsers._group_actions[0]  # type: ignore[union-attr]
                    .choices[command].format_help().split())
    assert 'absent or null: the defaults; anything else (false, 0, "", [], "x") is refused' in text
    assert "a seat letter N, E, S or W; a number (0) is refused" in text
    assert '"yes" or 1 is refused' in text


def test_hints_and_advice_in_threads_give_the_answers_of_one_thread() -> None:
    """The docs' claim (docs/ARCHITECTURE.md, "Threads"): each thread asks about its own
    state, with a samples cap reached well within the budget (so the answer is the seed's)."""
    played = []
    for seed in range(4):
        h = BeloteHand(seed=seed)
        h.call("take")
        for _ in range(16):
            h.play(next(iter(h.legal_cards())))
        played.append(h)
    bidding = [BeloteHand(seed=s) for s in range(2)] + [CallbreakHand(seed=s) for s in range(2)]

    def card_values(h: BeloteHand) -> dict[Any, float]:
        return {c: v.mean for c, v in hint(h, samples=8, time_budget=30.0, seed=1).values.items()}

    def calls(h: Any) -> Any:
        return advise(h, samples=6, time_budget=30.0, seed=1).rows

    hints_alone = [card_values(h) for h in played]
    advice_alone = [calls(h) for h in bidding]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(card_values, played)) == hints_alone
        assert list(pool.map(calls, bidding)) == advice_alone
