"""Fuzzing ``belote-lab referee`` and ``belote-lab solve`` with bad lines (issue #11).

Random bytes, random JSON values and mutated real lines (the conformance cases, whole deals)
are fed to the in-process entry points (:func:`belote_lab.referee.serve`, the same code the
command runs); every non-blank line must get exactly one answer, in order, each a line of
strict JSON (no ``NaN``, valid UTF-8), and nothing may raise.  One subprocess run of each
command checks the exit status and that it prints what the in-process run printed.

Everything follows from fixed seeds, and the sizes keep the whole file to a few seconds.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from belote_lab import referee
from belote_lab.cli import solve as cli_solve

ROOT = Path(__file__).resolve().parents[1]
CASE_FILES = [
    *sorted((Path(__file__).resolve().parent / "conformance" / "cases").glob("*.jsonl")),
    Path(__file__).resolve().parent / "referee_cases.jsonl",
]
CASES = [
    {k: v for k, v in json.loads(line).items() if k != "expect"}
    for path in CASE_FILES
    for line in path.read_text(encoding="utf-8").splitlines()
    if line.strip()
]
DECK = [r + s for s in "SHDC" for r in "789TJQKA"]
KEYS = ["id", "game", "ask", "trump", "hand", "trick", "leader", "tricks", "first_leader",
        "taker", "hands", "calls", "dealer", "turned", "stock", "rules", "contract", "pv",
        "__bad__", "expect", ""]
STRINGS = [*DECK, "N", "E", "S", "W", "n", "NT", "AT", "H", "belote", "coinche", "belote2",
           "callbreak", "legal", "winner", "score", "bidding", "declarations", "pass", "take",
           "80H", "coinche", "capotS", "2S", "1H", "ZZ", "", " ", "\u00e9", "\ud800", "\x00",
           "\\", '"', "\u2028", "\ufeff"]
TOKENS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "9" * 5000, "1" + "0" * 120,
          "[" * 150, "{" * 120, "]", "}", "{", "[", ",", ":", '"', "\\", '"\\ud800"', "null",
          "\ufeff", "\u0000", "/", "'", "0x10", "-", "1.5e", "tru"]
N_REFEREE = 4000
N_SOLVE = 2000


def _strict(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise AssertionError(f"not strict JSON: {name} in {text!r}")

    return json.loads(text, parse_constant=refuse)


# --- generators ----------------------------------------------------------------------------------
def rand_scalar(rng: random.Random) -> Any:
    k = rng.randrange(10)
    if k == 0:
        return rng.choice([None, True, False])
    if k == 1:
        return rng.randint(-20, 20)
    if k == 2:
        return rng.choice([0.5, -3.25, 1e300, 2**63, -(2**70), 10**150])
    if k == 3:
        return rng.choice([float("nan"), float("inf"), float("-inf"), 4.2])
    if k == 4:
        return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(6)))
    return rng.choice(STRINGS)


def rand_json(rng: random.Random, depth: int = 4) -> Any:
    if depth <= 0 or rng.random() < 0.4:
        return rand_scalar(rng)
    if rng.random() < 0.5:
        return [rand_json(rng, depth - 1) for _ in range(rng.randrange(5))]
    return {rng.choice(KEYS + STRINGS): rand_json(rng, depth - 1) for _ in range(rng.randrange(5))}


def mutate_value(rng: random.Random, value: Any, depth: int = 0) -> Any:
    """A copy of ``value`` with one random change somewhere inside."""
    if isinstance(value, dict) and value and depth < 4:
        out = dict(value)
        key = rng.choice(list(out))
        k = rng.randrange(6)
        if k == 0 and key != "id":
            del out[key]
        elif k == 1 and key != "id":
            out[key] = rand_json(rng, 2)
        elif k == 2 and isinstance(key, str) and key != "id":
            out[key.lower() if key.isupper() else key.upper()] = out[key]  # a seat twice
        elif k == 3:
            out[rng.choice(KEYS[1:])] = rand_json(rng, 2)  # any key but the id
        elif key != "id":
            out[key] = mutate_value(rng, out[key], depth + 1)
        return out
    if isinstance(value, list) and value and depth < 4:
        out_list = list(value)
        i = rng.randrange(len(out_list))
        k = rng.randrange(5)
        if k == 0:
            del out_list[i]
        elif k == 1:
            out_list.append(out_list[i])  # a card twice
        elif k == 2:
            out_list[i] = rng.choice(STRINGS)
        else:
            out_list[i] = mutate_value(rng, out_list[i], depth + 1)
        return out_list
    return rand_json(rng, 1) if rng.random() < 0.5 else rng.choice(STRINGS)


def mutate_text(rng: random.Random, text: str) -> bytes:
    """The JSON text of a line broken at the level of characters or bytes."""
    k = rng.randrange(7)
    if k == 0:
        text = text[: rng.randrange(len(text) + 1)]
    elif k == 1:
        i = rng.randrange(len(text) + 1)
        text = text[:i] + rng.choice(TOKENS) + text[i:]
    elif k == 2 and text:
        i = rng.randrange(len(text))
        text = text[:i] + chr(rng.randrange(0x20, 0x7F)) + text[i + 1 :]
    elif k == 3:
        n = rng.choice([98, 99, 100, 101, 300, 50_000])
        text = "[" * n + text + "]" * n
    elif k == 4:
        raw = bytearray(text.encode("utf-8"))
        if raw:
            raw[rng.randrange(len(raw))] = rng.randrange(0x80, 0x100)
        return bytes(raw).replace(b"\n", b" ")
    elif k == 5:
        text = "\ufeff" + text  # a byte order mark where it does not belong
    else:
        text = json.dumps(rand_json(rng, 6))
    return text.replace("\n", " ").encode("utf-8", errors="surrogatepass")


def rand_bytes(rng: random.Random) -> bytes:
    raw = rng.randbytes(rng.randrange(1, 60)).replace(b"\n", b"\xff")
    return raw if raw.strip() else raw + b"\xc3"


def rand_deal(rng: random.Random, k: int) -> dict[str, Any]:
    cards = DECK[:]
    rng.shuffle(cards)
    hands = {s: cards[8 * i : 8 * i + 8] for i, s in enumerate("NESW")}
    return {"id": f"d{k}", "game": "belote", "hands": hands,
            "trump": rng.choice(["S", "H", "D", "C", "NT", "AT"]), "leader": rng.choice("NESW")}


def fuzz_lines(
    rng: random.Random, n: int, originals: Callable[[random.Random, int], dict[str, Any]]
) -> tuple[list[bytes], dict[int, str]]:
    """``n`` fuzz lines with a few blank ones among them, and the id each answer must echo
    (by the index of the answer) where the line's id was left alone."""
    lines: list[bytes] = []
    ids: dict[int, str] = {}
    answers = 0
    for k in range(n):
        r = rng.random()
        if r < 0.03:
            lines.append(rng.choice([b"", b"   ", b"\t\r"]))  # blank: no answer
            continue
        if r < 0.15:
            line = rand_bytes(rng)
        elif r < 0.25:
            line = json.dumps(rand_json(rng, 5)).encode("utf-8", errors="surrogatepass")
        else:
            case = originals(rng, k)
            if r < 0.45:
                line = mutate_text(rng, json.dumps(case))
            else:
                case = mutate_value(rng, case)
                for _ in range(rng.randrange(3)):
                    case = mutate_value(rng, case)
                line = json.dumps(case).encode("utf-8", errors="surrogatepass")
                ids[answers] = case["id"]
        if not line.removeprefix(b"\xef\xbb\xbf").strip():
            line += b"?"
        lines.append(line)
        answers += 1
    return lines, ids


def referee_original(rng: random.Random, k: int) -> dict[str, Any]:
    return {**rng.choice(CASES), "id": f"c{k}"}


def check_answers(text: str, lines: list[bytes], ids: dict[int, str]) -> list[dict[str, Any]]:
    out = text.splitlines()
    want = sum(1 for i, x in enumerate(lines) if (x.removeprefix(b"\xef\xbb\xbf") if i == 0
                                                  else x).strip())
    assert len(out) == want, "exactly one answer per non-blank line"
    answers = []
    for i, line in enumerate(out):
        line.encode("utf-8")  # no lone surrogate: the output is UTF-8 text
        ans = _strict(line)
        assert isinstance(ans, dict), line
        if "error" in ans:
            assert ans["error"] in ("invalid", "illegal"), ans
            if ans["error"] == "invalid":
                assert isinstance(ans["message"], str) and ans["message"], ans
        if i in ids:
            assert ans.get("id") == ids[i], (i, ans)
        answers.append(ans)
    return answers


# --- the referee ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def referee_fuzz() -> tuple[list[bytes], dict[int, str], str]:
    rng = random.Random(20260101)
    lines, ids = fuzz_lines(rng, N_REFEREE, referee_original)
    out = io.StringIO()
    answered, unreadable = referee.serve(lines, out)
    assert answered == len(out.getvalue().splitlines())
    assert unreadable > 0
    return lines, ids, out.getvalue()


def test_referee_fuzz_one_strict_answer_per_line(
    referee_fuzz: tuple[list[bytes], dict[int, str], str],
) -> None:
    lines, ids, text = referee_fuzz
    answers = check_answers(text, lines, ids)
    assert all("id" in a for a in answers)
    kinds = {a.get("error", "answer") for a in answers}
    assert kinds == {"answer", "invalid", "illegal"}, kinds  # the fuzz reaches every outcome
    assert len(ids) > 300


def test_referee_fuzz_as_text_lines() -> None:
    """``run`` also takes lines of text (``str``), as the library did before."""
    rng = random.Random(7)
    lines, ids = fuzz_lines(rng, 200, referee_original)
    text_lines = [x.decode("utf-8", errors="replace") for x in lines]
    out = io.StringIO()
    assert referee.run(text_lines, out) == len(out.getvalue().splitlines())
    check_answers(out.getvalue(), lines, ids)


def test_referee_fuzz_command(
    tmp_path: Path, referee_fuzz: tuple[list[bytes], dict[int, str], str]
) -> None:
    """The command prints exactly what the in-process run printed; status 1 (some lines were
    not JSON objects); nothing on standard error."""
    lines, _, text = referee_fuzz
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    proc = subprocess.run(
        [sys.executable, "-m", "belote_lab", "referee", str(path)],
        capture_output=True, timeout=300, cwd=ROOT, stdin=subprocess.DEVNULL,
    )
    assert proc.stderr == b""
    assert proc.returncode == 1
    assert proc.stdout.decode("utf-8") == text


# --- the solver's command ------------------------------------------------------------------------
def _fake_solved(state: Any, want_pv: bool) -> dict[str, Any]:
    """Stands in for the solver: the fuzz is about reading lines, not about solving."""
    return {"ns_points": 0, "best": [], "ms": 0.0, **({"pv": []} if want_pv else {})}


def test_solve_fuzz_one_strict_answer_per_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_solve, "_solved", _fake_solved)
    rng = random.Random(99)
    lines, ids = fuzz_lines(rng, N_SOLVE, rand_deal)
    out = io.StringIO()
    answered, unreadable = referee.serve(lines, out, cli_solve.solve_case)
    assert unreadable > 0
    answers = check_answers(out.getvalue(), lines, ids)
    assert answered == len(answers)
    assert any("ns_points" in a for a in answers) and any("error" in a for a in answers)


def test_solve_fuzz_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``belote-lab solve`` on lines none of which is a deal to solve (so no solving time):
    the same answers as in process, status 1, nothing on standard error."""
    solved: list[Any] = []
    monkeypatch.setattr(cli_solve, "_solved", lambda state, pv: solved.append(state) or {})
    rng = random.Random(5)
    lines = []
    for k in range(150):
        if k % 3 == 0:
            lines.append(rand_bytes(rng))
        else:
            deal = rand_deal(rng, k)
            deal["hands"] = {s: h[:7] for s, h in deal["hands"].items()}  # not a whole deal
            deal = mutate_value(rng, deal)
            text = json.dumps(deal)
            line = mutate_text(rng, text) if k % 3 == 1 else text.encode("utf-8", "surrogatepass")
            lines.append(line if line.strip() else b"?")
    out = io.StringIO()
    referee.serve(lines, out, cli_solve.solve_case)
    assert solved == []
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    proc = subprocess.run(
        [sys.executable, "-m", "belote_lab", "solve", str(path)],
        capture_output=True, timeout=300, cwd=ROOT, stdin=subprocess.DEVNULL,
    )
    assert proc.stderr == b""
    assert proc.returncode == 1
    assert proc.stdout.decode("utf-8") == out.getvalue()
    check_answers(out.getvalue(), lines, {})
