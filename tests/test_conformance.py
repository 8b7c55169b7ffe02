"""Conformance: the ``belote-lab referee`` command answers every case of the in-repo copy of
the shared conformance cases, compared with the rules of ``tests/conformance/FORMAT.md``.

Each case is its own test, named ``<game>-<file>-<case id>``, so every game's cases can be
selected and followed separately (``-k "belote-"``).
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONFORMANCE = Path(__file__).resolve().parent / "conformance"
CASES_DIR = CONFORMANCE / "cases"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "conformance"
GAMES = ("belote", "coinche", "belote2", "callbreak")
TIMEOUT = 120


def case_files() -> list[Path]:
    return sorted(CASES_DIR.glob("*.jsonl"))


def read_cases(path: Path) -> list[dict[str, Any]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append(json.loads(line))
    return out


def referee_commands() -> list[list[str]]:
    """The console script ``belote-lab`` and ``python -m belote_lab``."""
    script = Path(sys.executable).with_name("belote-lab")
    found = str(script) if script.exists() else shutil.which("belote-lab")
    assert found, "the belote-lab console script is not installed (pip install -e .)"
    return [[found, "referee"], [sys.executable, "-m", "belote_lab", "referee"]]


def run_referee(command: list[str], *args: str, stdin: str | None = None) -> tuple[int, str]:
    proc = subprocess.run(
        [*command, *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=ROOT,
        input=stdin,
        encoding="utf-8",
    )
    assert proc.stderr == "", proc.stderr
    return proc.returncode, proc.stdout


@functools.cache
def referee_output(path: Path) -> str:
    """What ``belote-lab referee FILE`` prints for one case file."""
    command = referee_commands()[0]
    code, stdout = run_referee(command, str(path))
    assert code == 0, f"{command} exited with {code}"
    return stdout


def referee_answers(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in referee_output(path).splitlines()]


def test_python_m_belote_lab_answers_the_same() -> None:
    """``python -m belote_lab referee -`` on every case file at once (standard input) prints
    what ``belote-lab referee FILE`` prints file by file."""
    files = case_files()
    text = "".join(path.read_text(encoding="utf-8") for path in files)
    code, stdout = run_referee(referee_commands()[1], "-", stdin=text)
    assert code == 0
    assert stdout == "".join(referee_output(path) for path in files)
    assert len(stdout.splitlines()) == sum(len(read_cases(path)) for path in files)


# --- the comparison rules of FORMAT.md -----------------------------------------------------------
def _is_number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _same_number(a: object, b: object) -> bool:
    """Equal to one decimal (``4.2`` and ``4.20``, ``-3`` and ``-3.0``)."""
    return _is_number(a) and _is_number(b) and round(float(a), 1) == round(float(b), 1)  # type: ignore[arg-type]


def _same(a: object, b: object) -> bool:
    """JSON equality that tells ``true``/``false``/``null`` from numbers (``1`` ≠ ``true``)."""
    if _is_number(a) or _is_number(b):
        return _is_number(a) and _is_number(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def mismatches(case: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """What differs between the expected and the given answer (empty: they agree)."""
    expect = case["expect"]
    problems = []
    if got.get("id") != case.get("id"):
        problems.append(f"id {got.get('id')!r} instead of {case.get('id')!r}")
    if "error" in expect:
        if expect["error"] == "invalid":
            keys = ["error"]
        elif case.get("ask") == "bidding":
            keys = ["error", "call"]
        else:
            keys = ["error", "trick", "card"]
        for k in keys:
            if not _same(got.get(k), expect.get(k)):
                problems.append(f"{k}: expected {expect.get(k)!r}, got {got.get(k)!r}")
        return problems
    if "error" in got:
        return [*problems, f"unexpected error answer {got}"]
    for key, want in expect.items():
        have = got.get(key)
        if key == "legal":
            if (
                not isinstance(have, list)
                or sorted(have) != sorted(want)
                or len(set(have)) != len(have)
            ):
                problems.append(f"legal: expected {sorted(want)}, got {have!r}")
        elif key == "score":
            if (
                not isinstance(have, dict)
                or set(have) != set(want)
                or not all(_same_number(want[k], have[k]) for k in want)
            ):
                problems.append(f"score: expected {want}, got {have!r}")
        elif key not in got or not _same(have, want):
            problems.append(f"{key}: expected {want!r}, got {have!r}")
    return problems


def _params() -> list[Any]:
    params = []
    for path in case_files():
        for case in read_cases(path):
            game = case.get("game", "nogame")
            params.append(pytest.param(path, case, id=f"{game}-{path.stem}-{case.get('id')}"))
    return params


def check_case(path: Path, case: dict[str, Any]) -> None:
    """The referee's answer to ``case`` (a line of ``path``) follows the format's rules."""
    cases = read_cases(path)
    answers = referee_answers(path)
    assert len(answers) == len(cases), "one answer per case"
    got = answers[cases.index(case)]
    problems = mismatches(case, got)
    assert not problems, f"{case['id']}: " + "; ".join(problems)


@pytest.mark.parametrize(("path", "case"), _params())
def test_case(path: Path, case: dict[str, Any]) -> None:
    check_case(path, case)


def test_every_game_has_cases() -> None:
    games = {case["game"] for path in case_files() for case in read_cases(path)}
    assert games == set(GAMES)
    asks = {(c["game"], c["ask"]) for path in case_files() for c in read_cases(path)}
    for ask in ("legal", "winner", "score", "bidding", "declarations"):
        assert ("belote", ask) in asks


def test_answers_come_in_order() -> None:
    path = CASES_DIR / "belote_legal.jsonl"
    ids = [c["id"] for c in read_cases(path)]
    assert [a["id"] for a in referee_answers(path)] == ids


# --- the comparison itself is checked on made-up answers -----------------------------------------
def test_mismatches_follows_format_rules() -> None:
    legal = {"id": "a", "ask": "legal", "expect": {"legal": ["7S", "KD"]}}
    assert mismatches(legal, {"id": "a", "legal": ["KD", "7S"]}) == []
    assert mismatches(legal, {"id": "a", "legal": ["KD"]})
    assert mismatches(legal, {"id": "a", "legal": ["KD", "7S", "7S"]})
    assert mismatches(legal, {"id": "b", "legal": ["KD", "7S"]})
    score = {"id": "s", "ask": "score", "expect": {"score": {"N": 4.2, "E": -3}, "made": None}}
    assert mismatches(score, {"id": "s", "score": {"N": 4.2, "E": -3.0}, "made": None}) == []
    assert mismatches(score, {"id": "s", "score": {"N": 4.3, "E": -3}, "made": None})
    assert mismatches(score, {"id": "s", "score": {"N": 4.2, "E": -3}, "made": False})
    assert mismatches(score, {"id": "s", "score": {"N": 4.2}, "made": None})
    assert mismatches(score, {"id": "s", "score": {"N": 4.2, "E": -3}})
    made = {"id": "m", "ask": "score", "expect": {"made": True, "held": 0}}
    assert mismatches(made, {"id": "m", "made": 1, "held": 0})
    assert mismatches(made, {"id": "m", "made": True, "held": False})
    assert mismatches(made, {"id": "m", "made": True, "held": 0}) == []
    illegal = {"id": "i", "ask": "score", "expect": {"error": "illegal", "trick": 2, "card": "KD"}}
    assert (
        mismatches(
            illegal, {"id": "i", "error": "illegal", "trick": 2, "card": "KD", "message": "any"}
        )
        == []
    )
    assert mismatches(illegal, {"id": "i", "error": "illegal", "trick": 3, "card": "KD"})
    bid = {"id": "b", "ask": "bidding", "expect": {"error": "illegal", "call": 3}}
    assert mismatches(bid, {"id": "b", "error": "illegal", "call": 3}) == []
    assert mismatches(bid, {"id": "b", "error": "illegal", "call": 2})
    invalid = {"id": "x", "ask": "legal", "expect": {"error": "invalid"}}
    assert mismatches(invalid, {"id": "x", "error": "invalid", "message": "whatever"}) == []
    assert mismatches(invalid, {"id": "x", "legal": []})
    assert mismatches(legal, {"id": "a", "error": "invalid", "message": "no"})


# --- the in-repo copy of the cases ------------------------------------------------------------
def _tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_in_repo_copy_matches_shared_cases() -> None:
    """Where ``../shared/conformance`` exists, the copy must be identical to it; in a fresh
    clone (no shared directory) the copy must still be complete and readable."""
    copy = _tree(CONFORMANCE)
    assert "FORMAT.md" in copy
    assert sum(1 for name in copy if name.startswith("cases/") and name.endswith(".jsonl")) >= 10
    if SHARED.is_dir():
        shared = _tree(SHARED)
        assert sorted(copy) == sorted(shared), "the file sets differ"
        changed = [name for name in shared if shared[name] != copy[name]]
        assert not changed, f"differ from {SHARED}: {changed}"
    ids = set()
    for path in case_files():
        for case in read_cases(path):
            assert {"id", "game", "ask", "expect"} <= set(case), case
            assert case["game"] in GAMES
            assert case["id"] not in ids, f"case id {case['id']} is used twice"
            ids.add(case["id"])
    assert len(ids) >= 150


# --- the referee never stops on a bad line --------------------------------------------------------
def test_referee_goes_on_after_bad_lines(tmp_path: Path) -> None:
    good = {
        "id": "w",
        "game": "belote",
        "ask": "winner",
        "trump": "H",
        "trick": ["8H", "KH", "7S", "KC"],
        "leader": "W",
    }
    lines = [
        "this is not JSON",
        json.dumps({"id": "nokeys", "game": "belote", "ask": "legal"}),
        json.dumps(
            {
                "id": "nogame",
                "game": "whist",
                "ask": "legal",
                "hand": ["AS"],
                "trick": [],
                "leader": "N",
            }
        ),
        json.dumps(["a", "list"]),
        "",
        json.dumps({"id": "badask", "game": "belote", "ask": "weather"}),
        json.dumps(good),
    ]
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for command in referee_commands():
        code, stdout = run_referee(command, str(path))
        assert code == 1  # every line answered, but lines 1 and 4 are not JSON objects
        answers = [json.loads(x) for x in stdout.splitlines()]
        assert [a.get("id") for a in answers] == [None, "nokeys", "nogame", None, "badask", "w"]
        for a in answers[:5]:
            assert a["error"] == "invalid"
            assert isinstance(a["message"], str) and a["message"]
        assert "missing key" in answers[1]["message"]
        assert "whist" in answers[2]["message"]
        assert answers[5] == {"id": "w", "winner": "N"}


def test_referee_reads_standard_input() -> None:
    case = {
        "id": "l",
        "game": "belote",
        "ask": "legal",
        "trump": "S",
        "hand": ["7C", "QH"],
        "trick": ["9C", "AD"],
        "leader": "N",
    }
    code, stdout = run_referee(referee_commands()[1], "-", stdin=json.dumps(case) + "\n")
    assert code == 0
    assert json.loads(stdout) == {"id": "l", "legal": ["7C"]}


def test_referee_reports_a_missing_file(tmp_path: Path) -> None:
    proc = subprocess.run(
        [*referee_commands()[1], str(tmp_path / "absent.jsonl")],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=ROOT,
    )
    assert proc.returncode != 0
    assert "absent.jsonl" in proc.stderr


def test_an_engine_fault_is_answered_and_the_referee_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A handler that breaks (a bug, or a game module that fails to import) gives an error
    answer for its case only; the cases after it are still answered."""
    import io

    from belote_lab import referee

    def broken(case: dict[str, Any], rules: Any) -> dict[str, Any]:
        raise RuntimeError("engine fault")

    monkeypatch.setitem(referee.HANDLERS, ("belote", "legal"), broken)
    lines = [
        json.dumps(
            {
                "id": "a",
                "game": "belote",
                "ask": "legal",
                "trump": "H",
                "hand": ["AS"],
                "trick": [],
                "leader": "N",
            }
        ),
        json.dumps(
            {
                "id": "b",
                "game": "belote",
                "ask": "winner",
                "trump": "H",
                "trick": ["8H", "KH", "7S", "KC"],
                "leader": "W",
            }
        ),
    ]
    out = io.StringIO()
    assert referee.run(lines, out) == 2
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert answers[0]["id"] == "a" and answers[0]["error"] == "internal"
    assert "RuntimeError: engine fault" in answers[0]["message"]
    assert answers[1] == {"id": "b", "winner": "N"}


# --- the project's own cases ----------------------------------------------------------------------
PROJECT_CASES = Path(__file__).resolve().parent / "referee_cases.jsonl"


@pytest.mark.parametrize(
    "case", [pytest.param(c, id=c["id"]) for c in read_cases(PROJECT_CASES)]
)
def test_project_case(case: dict[str, Any]) -> None:
    """Cases written here for what the shared ones leave out: a hand larger than the game
    deals is malformed, Coinche, which scores declarations, answers the ``declarations`` ask
    as Belote does, and a defence that takes every point of the hand (one 0-point trick lost to
    the attack) under each ``capot`` and ``failed_contract`` rule (RULES.md §1)."""
    check_case(PROJECT_CASES, case)


# --- robustness of the referee's answers (issue #11) --------------------------------------------
HANDS = {
    "N": ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
    "E": ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
    "S": ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
    "W": ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
}


def _declarations(hands: dict[str, Any], game: str = "belote") -> dict[str, Any]:
    from belote_lab.referee import answer

    return answer({"id": "d", "game": game, "ask": "declarations", "trump": "H", "hands": hands})


@pytest.mark.parametrize("game", ["belote", "coinche"])
def test_declarations_need_each_seat_exactly_once(game: str) -> None:
    """``"N"`` and ``"n"`` with no ``"W"`` named the same seat twice and were answered from 16
    merged cards; every seat N E S W must be given once, with 8 distinct cards."""
    good = _declarations(HANDS, game)
    assert set(good) == {"id", "declarations"}
    twice = {"N": HANDS["N"], "n": HANDS["W"], "E": HANDS["E"], "S": HANDS["S"]}
    ans = _declarations(twice, game)
    assert ans["error"] == "invalid" and "seat N is given twice" in ans["message"]
    ans = _declarations({**HANDS, "n": HANDS["W"]}, game)  # five keys, N twice
    assert ans["error"] == "invalid" and "given twice" in ans["message"]
    ans = _declarations({k: v for k, v in HANDS.items() if k != "W"}, game)
    assert ans["error"] == "invalid" and "missing W" in ans["message"]
    ans = _declarations({**HANDS, "X": HANDS["W"]}, game)
    assert ans["error"] == "invalid" and "'X'" in ans["message"]
    ans = _declarations({**HANDS, "W": [*HANDS["W"][:7], "7H"]}, game)  # a card twice
    assert ans["error"] == "invalid" and "7H" in ans["message"]
    ans = _declarations({**HANDS, "W": [*HANDS["W"][:7], "7S"]}, game)  # also held by N
    assert ans["error"] == "invalid" and "7S appears twice" in ans["message"]
    ans = _declarations({**HANDS, "W": HANDS["W"][:7]}, game)
    assert ans["error"] == "invalid" and "8 cards" in ans["message"]
    lower = {k.lower(): v for k, v in HANDS.items()}  # seats are read as everywhere else
    assert _declarations(lower, game) == good


def test_unknown_keys_are_ignored_even_one_named___bad__() -> None:
    """The reader once marked a line that was not JSON with an internal ``__bad__`` key, so a
    case holding that key was answered as not JSON with the user's value as the message."""
    import io

    from belote_lab import referee

    case = {"id": "w", "game": "belote", "ask": "winner", "trump": "H",
            "trick": ["8H", "KH", "7S", "KC"], "leader": "W"}
    out = io.StringIO()
    lines = [json.dumps({**case, "__bad__": "boo"}), json.dumps({"__bad__": "boo", "note": 1})]
    assert referee.run(lines, out) == 2
    first, second = (json.loads(x) for x in out.getvalue().splitlines())
    assert first == {"id": "w", "winner": "N"}
    assert second == {"id": None, "error": "invalid", "message": "missing key 'game'"}


def test_answers_are_strict_json_whatever_the_id() -> None:
    """``"id": NaN`` was echoed as ``NaN`` (not JSON): NaN and Infinity are refused when the
    line is read, and an id that is not a string, a number or null is answered as null."""
    import io

    from belote_lab import referee

    lines = ['{"id": NaN, "game": "belote"}', '{"id": Infinity}', '{"id": [1], "game": "x"}',
             '{"id": {"a": NaN}}']
    out = io.StringIO()
    assert referee.serve(lines, out) == (4, 3)

    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} in the output")

    answers = [json.loads(x, parse_constant=refuse) for x in out.getvalue().splitlines()]
    assert [a["id"] for a in answers] == [None, None, None, None]
    assert all(a["error"] == "invalid" for a in answers)
    assert "NaN is not a JSON value (in the id" in answers[0]["message"]
    assert "Infinity is not a JSON value" in answers[1]["message"]
    assert "the id must be a string, a number or null, not an array" in answers[2]["message"]
    assert referee.answer({"id": float("nan"), "game": "belote"})["id"] is None
