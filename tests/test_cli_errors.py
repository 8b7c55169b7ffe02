"""Every bad input refused without losing anything (issue #11).

``belote-lab referee`` and ``belote-lab solve`` read their file as bytes, line by line: every
non-blank line gets its own answer, flushed at once, and the run goes on after a line that is
not UTF-8, not JSON, nested 50,000 deep, holds a 5,000-digit number or ``NaN``, or is an array.
Exit status 0: every line answered (some answers may be errors); 1: also some line was not a
JSON object; 2: the file cannot be read.  The other commands check their options and output
paths before any work and end bad input with ``belote-lab <command>: error: …`` and status 2,
never a traceback.
"""

from __future__ import annotations

import io
import json
import select
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from belote_lab import jsonlines, referee
from belote_lab.cli import solve as cli_solve
from belote_lab.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120

WINNER = {"id": "w", "game": "belote", "ask": "winner", "trump": "H",
          "trick": ["8H", "KH", "7S", "KC"], "leader": "W"}
ALL_TRUMPS = {"N": ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"],
              "E": ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"],
              "S": ["AD", "TD", "KD", "QD", "JD", "9D", "8D", "7D"],
              "W": ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C"]}
DEAL = {"id": "w", "game": "belote", "hands": ALL_TRUMPS, "trump": "H", "leader": "E"}


def _fake_solved(state: Any, want_pv: bool) -> dict[str, Any]:
    return {"ns_points": 162, "best": ["AS"], "ms": 0.0}


@pytest.fixture(params=["referee", "solve"])
def command(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, Callable[[str, io.StringIO, io.StringIO], int], dict[str, Any]]:
    """``(name, serve a file in process → exit status, a good line's case)``; the solver is
    stood in for (these tests are about reading lines)."""
    monkeypatch.setattr(cli_solve, "_solved", _fake_solved)
    if request.param == "referee":
        return "referee", lambda p, o, e: referee.serve_file(p, out=o, err=e), WINNER
    return "solve", lambda p, o, e: cli_solve.serve_file(p, o, e), DEAL


def _serve(
    command: tuple[str, Callable[..., int], dict[str, Any]], tmp_path: Path, data: bytes
) -> tuple[int, list[dict[str, Any]], str]:
    _, serve, _ = command
    path = tmp_path / "in.jsonl"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    code = serve(str(path), out, err)
    answers = []
    for line in out.getvalue().splitlines():
        line.encode("utf-8")  # valid UTF-8 text
        answers.append(json.loads(line, parse_constant=_refuse))
    return code, answers, err.getvalue()


def _refuse(name: str) -> Any:
    pytest.fail(f"{name} in an answer: not strict JSON")


def _good(command: tuple[str, Any, dict[str, Any]], cid: str) -> bytes:
    return json.dumps({**command[2], "id": cid}).encode("utf-8")


def _assert_good(ans: dict[str, Any], cid: str) -> None:
    assert ans["id"] == cid and "error" not in ans, ans


# --- referee and solve: one answer a line, whatever the line ----------------------------------
def test_deep_nesting_is_answered_and_the_run_goes_on(command: Any, tmp_path: Path) -> None:
    deep = b"[" * 50_000 + b"]" * 50_000
    obj = b'{"id": "o", "a": ' + b"[" * 150 + b"]" * 150 + b"}"
    at_limit = b'{"id": "l", "a": ' + b"[" * 99 + b"]" * 99 + b"}"
    data = b"\n".join([_good(command, "a"), deep, obj, at_limit, _good(command, "b")]) + b"\n"
    code, answers, err = _serve(command, tmp_path, data)
    assert err == "" and code == 1
    assert len(answers) == 5
    _assert_good(answers[0], "a")
    assert answers[1] == {"id": None, "error": "invalid",
                          "message": "line 2 nests deeper than 100 levels"}
    assert answers[2]["error"] == "invalid" and "deeper than 100" in answers[2]["message"]
    assert answers[3]["id"] == "l" and "deeper" not in answers[3]["message"]  # 100 levels: read
    _assert_good(answers[4], "b")


def test_a_number_of_5000_digits(command: Any, tmp_path: Path) -> None:
    big = b'{"id": "big", "x": ' + b"7" * 5000 + b"}"
    big_float = b'{"id": "f", "x": 1' + b"0" * 400 + b".5}"
    huge = b'{"id": "h", "x": 1e400}'
    data = b"\n".join([big, big_float, huge, _good(command, "a")]) + b"\n"
    code, answers, _ = _serve(command, tmp_path, data)
    assert code == 1 and len(answers) == 4
    assert answers[0] == {"id": "big", "error": "invalid",
                          "message": "line 1 cannot be read: a number has more than 100 digits"}
    assert answers[1]["id"] == "f" and "more than 100 digits" in answers[1]["message"]
    assert answers[2]["id"] == "h" and "too large" in answers[2]["message"]
    _assert_good(answers[3], "a")


def test_bytes_that_are_not_utf8(command: Any, tmp_path: Path) -> None:
    data = b"\n".join([_good(command, "a"), b'{"id": "x", "game": "\xff"}', b'{"id": "\xc3"}',
                       b"\x80\x81", _good(command, "b")])
    code, answers, _ = _serve(command, tmp_path, data)  # no newline at the end: still read
    assert code == 1 and len(answers) == 5
    _assert_good(answers[0], "a")
    assert answers[1] == {"id": "x", "error": "invalid",
                          "message": "line 2 is not UTF-8 text (byte 0xff at position 22)"}
    assert answers[2]["id"] is None and "line 3 is not UTF-8" in answers[2]["message"]
    assert answers[3]["id"] is None and "line 4 is not UTF-8" in answers[3]["message"]
    _assert_good(answers[4], "b")


def test_a_byte_order_mark_at_the_start_is_no_error(command: Any, tmp_path: Path) -> None:
    data = b"\xef\xbb\xbf" + _good(command, "a") + b"\r\n\r\n" + _good(command, "b") + b"\r\n"
    code, answers, err = _serve(command, tmp_path, data)
    assert (code, err) == (0, "")
    assert len(answers) == 2
    _assert_good(answers[0], "a")
    _assert_good(answers[1], "b")


def test_lines_that_are_not_objects(command: Any, tmp_path: Path) -> None:
    lines = [b"[1, 2]", b"5", b'"text"', b"null", b"not JSON", b"  ", b'{"id": "t",', b"{}"]
    code, answers, _ = _serve(command, tmp_path, b"\n".join(lines) + b"\n")
    assert code == 1
    assert [a["message"] for a in answers[:4]] == [
        "line 1 is an array, not a JSON object",
        "line 2 is a number, not a JSON object",
        "line 3 is a string, not a JSON object",
        "line 4 is null, not a JSON object",
    ]
    assert answers[4]["message"].startswith("line 5 is not valid JSON: Expecting value")
    assert answers[5]["message"].startswith("line 7 is not valid JSON")  # line 6 is blank
    assert all(a["error"] == "invalid" and a["id"] is None for a in answers[:6])
    assert answers[6]["error"] == "invalid" and "line" not in answers[6]["message"]
    assert len(answers) == 7


def test_well_formed_cases_alone_exit_0(command: Any, tmp_path: Path) -> None:
    """An ``invalid`` answer to a JSON object is a normal answer: status 0."""
    data = _good(command, "a") + b'\n{"id": "bad", "game": "belote", "hands": {}}\n'
    code, answers, _ = _serve(command, tmp_path, data)
    assert code == 0
    assert answers[1]["id"] == "bad" and answers[1]["error"] == "invalid"


def test_nan_and_infinity_are_refused(command: Any, tmp_path: Path) -> None:
    good = command[2]
    lines = [
        '{"id": NaN, "game": "belote"}',
        json.dumps({**good, "id": "inf", "trump": float("inf")}),
        '{"id": -Infinity}',
        json.dumps({**good, "id": "ok"}),
    ]
    code, answers, _ = _serve(command, tmp_path, "\n".join(lines).encode())
    assert code == 1
    assert answers[0] == {
        "id": None, "error": "invalid",
        "message": "line 1 cannot be read: NaN is not a JSON value (in the id, answered as null)",
    }
    assert answers[1]["id"] == "inf" and "Infinity is not a JSON value" in answers[1]["message"]
    assert answers[2]["id"] is None and "-Infinity" in answers[2]["message"]
    _assert_good(answers[3], "ok")


@pytest.mark.parametrize("bad_id", [[1], {"a": 1}, True, False])
def test_an_id_that_is_not_a_string_or_number(
    command: Any, tmp_path: Path, bad_id: Any
) -> None:
    code, answers, _ = _serve(command, tmp_path, json.dumps({**command[2], "id": bad_id}).encode())
    assert code == 0  # a JSON object: a normal (error) answer
    assert answers[0]["id"] is None and answers[0]["error"] == "invalid"
    assert "the id must be a string, a number or null" in answers[0]["message"]


def test_numbers_and_null_ids_are_echoed(command: Any, tmp_path: Path) -> None:
    lines = [json.dumps({**command[2], "id": cid}) for cid in (7, -2.5, None, "")]
    code, answers, _ = _serve(command, tmp_path, "\n".join(lines).encode())
    assert code == 0
    assert [a["id"] for a in answers] == [7, -2.5, None, ""]
    assert not any("error" in a for a in answers)


def test_a_lone_surrogate_is_written_as_strict_json(command: Any, tmp_path: Path) -> None:
    """``"\\ud800"`` is read into text that is not UTF-8: the answer escapes it."""
    code, answers, _ = _serve(command, tmp_path, b'{"id": "x\\ud800", "game": 5}\n')
    assert code == 0 and answers[0]["id"] == "x\ud800" and answers[0]["error"] == "invalid"


def test_a_missing_or_unreadable_file(command: Any, tmp_path: Path) -> None:
    _, serve, _ = command
    for path, reason in ((tmp_path / "absent.jsonl", "No such file"), (tmp_path, "directory")):
        out, err = io.StringIO(), io.StringIO()
        assert serve(str(path), out, err) == 2
        assert out.getvalue() == ""
        assert err.getvalue().count("\n") == 1
        assert f"cannot read {path}" in err.getvalue() and reason in err.getvalue()


def test_the_commands_exit_statuses(tmp_path: Path) -> None:
    """Through the real command line: 0, 1 and 2, no traceback, stdout answers flushed."""
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps(WINNER) + "\n" + '{"id": "x", "game": "belote"}\n')
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"[" * 50_000 + b"\n" + json.dumps(WINNER).encode() + b"\n\xff\n")
    deals = tmp_path / "deals.jsonl"
    deals.write_bytes(b'{"hands": 1}\n' + b"7" * 5000 + b"\n")
    for args, status, n in (
        (["referee", str(good)], 0, 2),
        (["referee", str(bad)], 1, 3),
        (["referee", str(tmp_path / "absent.jsonl")], 2, 0),
        (["solve", str(deals)], 1, 2),
        (["solve", str(tmp_path)], 2, 0),
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "belote_lab", *args],
            capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT, stdin=subprocess.DEVNULL,
        )
        assert proc.returncode == status, (args, proc.stderr)
        assert len(proc.stdout.splitlines()) == n
        assert "Traceback" not in proc.stderr
        assert (proc.stderr == "") == (status != 2), proc.stderr


def test_answers_are_flushed_as_soon_as_computed() -> None:
    """``referee -`` answers a line before the next one is written."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "belote_lab", "referee", "-"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for line, want in ((json.dumps(WINNER).encode(), "w"), (b"[1]", None)):
            proc.stdin.write(line + b"\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            assert ready, "no answer before the next line"
            assert json.loads(proc.stdout.readline())["id"] == want
        proc.stdin.close()
        assert proc.wait(timeout=TIMEOUT) == 1
    finally:
        proc.kill()
        proc.wait()


def test_a_closed_output_pipe_ends_quietly(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    path.write_text((json.dumps(WINNER) + "\n") * 20_000)
    proc = subprocess.Popen(
        [sys.executable, "-m", "belote_lab", "referee", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    assert proc.wait(timeout=TIMEOUT) == 1
    assert b"Traceback" not in proc.stderr.read()
    proc.stderr.close()


# --- the other commands: options checked first, no traceback ----------------------------------
def _main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(args)
    except SystemExit as e:  # argparse's usage errors
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf", "-inf", "0.001", "two"])
def test_bench_seconds_must_be_positive_and_finite(
    seconds: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _main(["bench", "--seconds", seconds], capsys)
    assert code == 2 and out == ""
    assert "--seconds" in err and "error:" in err


@pytest.mark.parametrize("command", ["selfplay", "simulate"])
@pytest.mark.parametrize("hands", ["0", "-3", "ten", "1e3"])
def test_hands_must_be_a_positive_whole_number(
    command: str, hands: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _main([command, "--hands", hands], capsys)
    assert code == 2 and out == "" and "--hands" in err


def test_simulate_refuses_more_hands_than_memory_holds(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _main(["simulate", "--hands", "10" * 10], capsys)
    assert code == 2 and "at most 10,000,000 hands" in err


@pytest.mark.parametrize("command", ["selfplay", "simulate", "bench"])
def test_an_unknown_game(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _main([command, "--game", "tarot"], capsys)
    assert code == 2 and out == ""
    assert "unknown game 'tarot'; choose one of belote, coinche, belote2, callbreak" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["selfplay", "--out", "/nonexistent/x"], "the directory /nonexistent does not exist"),
        (["simulate", "--out", "/nonexistent/x.npz"], "the directory /nonexistent does not exist"),
        (["simulate", "--out", "/nonexistent/x"], "cannot write /nonexistent/x.npz"),
        (["selfplay", "--out", "."], "it is a directory"),
        (["selfplay", "--out", ""], "give a file name"),
    ],
)
def test_an_output_path_that_cannot_be_written_is_refused_before_the_work(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _main([*args, "--hands", "2"], capsys)
    assert code == 2
    assert out == ""  # no summary printed, no hand played: the path was checked first
    assert words in err


def test_simulate_reports_the_path_numpy_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from belote_lab.simulation.simulate import SimulationResult

    code, out, _ = _main(
        ["simulate", "--hands", "3", "--quiet", "--out", str(tmp_path / "sim")], capsys
    )
    assert code == 0
    assert out.splitlines()[-1] == f"arrays written to {tmp_path / 'sim.npz'}"
    assert not (tmp_path / "sim").exists()
    assert len(SimulationResult.load(tmp_path / "sim.npz")) == 3


def test_selfplay_writes_its_out_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.jsonl"
    code, out, _ = _main(["selfplay", "--hands", "2", "--out", str(path)], capsys)
    assert code == 0 and out == ""
    assert len(path.read_text().splitlines()) == 2


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ("[1]", "rule options are a JSON object"),
        ("{", "not valid JSON"),
        ('{"must_undertrump": NaN}', "NaN is not a JSON value"),
        ("[" * 5000 + "]" * 5000, "nests deeper than 100 levels"),
        ('{"no_such_rule": true}', "no_such_rule"),
        ('{"must_undertrump": "yes"}', "must_undertrump"),
    ],
)
@pytest.mark.parametrize("command", ["selfplay", "simulate"])
def test_bad_rule_options(
    command: str, rules: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _main([command, "--hands", "1", "--quiet" if command == "simulate"
                            else "--seed=0", "--rules", rules], capsys)
    assert code == 2 and out == ""
    assert words in err
    assert err.count("error:") == 1
    assert err.splitlines()[-1].startswith(f"belote-lab {command}: error: ")


@pytest.mark.parametrize("players", ["9,1,1,1", "1,1", "x", ""])
def test_bad_players(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _main(["selfplay", "--hands", "1", "--players", players], capsys)
    assert code == 2 and out == ""
    assert err.startswith("belote-lab selfplay: error: ")


def test_the_help_names_the_limits_the_reader_uses() -> None:
    from belote_lab.cli import main as cli

    assert f"nested deeper than {jsonlines.MAX_DEPTH} levels" in cli.EXIT_STATUS
    assert f"a number of more than {jsonlines.MAX_DIGITS} digits" in cli.EXIT_STATUS


# --- the review in Korean (issue 25, §7) and an empty file (item 5) ---------------------------
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["{empty}"], "파일이 비어 있으므로 JSON으로 읽을 수 없습니다."),
        (["{missing}"], "‘{missing}’을 찾을 수 없습니다."),
        (["{object}"], "‘format’ 항목이 없습니다"),
        (["{empty}", "--seat", "X"], "‘X’는 자리가 아니므로 --seat에는 N, E, S, W 중 하나를"),
        (["{empty}", "--top", "0"], "--top의 값은 1 이상이어야 하는데 0입니다."),
        (["{empty}", "--hand", "x"], "--hand에 쓴 ‘x’는 정수가 아닙니다."),
        ([], "꼭 필요한 인자가 빠졌습니다(빠진 인자: file)."),
    ],
)
@pytest.mark.parametrize("language", [["--language", "ko"], ["--language=ko"], ["--lang", "ko"]])
def test_a_korean_review_error_is_one_korean_line(
    args: list[str], words: str, language: list[str], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``review … --language ko``: the error is ``오류: …`` in Korean, on one line, with no
    ``belote-lab review: error:`` and no English usage."""
    files = {"empty": tmp_path / "empty.json", "missing": tmp_path / "missing.json",
             "object": tmp_path / "object.json"}
    files["empty"].write_bytes(b"")
    files["object"].write_text("{}")
    named = {k: str(v) for k, v in files.items()}
    code, out, err = _main(["review", *(a.format(**named) for a in args), *language], capsys)
    assert code == 2 and out == ""
    assert err.startswith("오류: ") and len(err.splitlines()) == 1, err
    assert words.format(**named) in err
    assert "error:" not in err and "usage" not in err


def test_an_empty_record_is_called_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty file says so, not json's "Expecting value: line 1 column 1 (char 0)"."""
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"  \n")
    code, _, err = _main(["review", str(empty)], capsys)
    assert code == 2
    assert err == "belote-lab review: error: not JSON: the file is empty\n"
    code, _, err = _main(["selfplay", "--hands", "1", "--seed=0", "--rules", ""], capsys)
    assert code == 2 and "Expecting value" not in err and "empty" in err
