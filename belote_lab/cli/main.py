"""The ``belote-lab`` command line.

    belote-lab referee FILE.jsonl      answer conformance cases (``-`` reads standard input)
    belote-lab solve FILE.jsonl        exact double-dummy N-S points and best first cards
    belote-lab selfplay --game belote --hands N --seed S [--out FILE] [--format records|cases]
    belote-lab bench                   play random hands and print hands per second
    belote-lab simulate --game G --hands N --players 2,1,2,1 --seed S [--out FILE.npz]
    belote-lab tips [--deals N] [--jobs J] [--out FILE] [--only ID,...]   the tip table
    belote-lab study NAME N [--game G] [--chunk K] [--seed S] [--out DIR]
                    [--scheduler local|serial|processes|tcp://HOST:PORT] [--param KEY=VALUE ...]

``tips`` and ``study`` write where ``--out`` says, else in the user's data folder
(:func:`belote_lab.studies.folders.data_folder`: ``$BELOTE_LAB_DATA``, else
``$XDG_DATA_HOME/belote_lab`` or ``~/.local/share/belote_lab``; Windows
``%LOCALAPPDATA%\\belote_lab``), never into the installation.

Exit status of ``referee`` and ``solve``: 0 when every line was answered (also when some
answers are ``invalid`` or ``illegal`` errors to well-formed cases); 1 when every line was
answered but at least one line could not be read as a JSON object (not UTF-8, not JSON, nested
too deep, a number too long, an array…: that line's answer is an ``invalid`` error); 2 when the
file cannot be read.  Every command exits with status 2 on bad options or arguments (an unknown
game, a number out of range, an ``--out`` path that cannot be written, checked before any work
is done), with one ``belote-lab <command>: error: …`` line on standard error and no traceback;
when the command line asks for Korean (``review … --language ko``) that line is Korean and
starts with ``오류:`` (the usage is not printed then: it is English).

The messages, in English and Korean, are the ``cli.`` namespace of the catalogue of words
(``belote_lab/words/en/cli.json``, ``ko/cli.json``): the ``error:`` / ``오류:`` lines, the
argument types' refusals, what the commands print, and argparse's own messages as argparse
writes them in English (``arg_…``) with their Korean.  The commands' help stays here, in English.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import math
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from belote_lab import words

__all__ = ["main", "build_parser"]

MAX_SIMULATE_HANDS = 10_000_000
"""``simulate`` keeps per-hand arrays in memory: more hands than this are refused."""

EXIT_STATUS = """\
exit status: 0 every line answered (some answers may be "invalid"/"illegal" errors);
             1 every line answered, but some line was not a JSON object (not UTF-8, not
               JSON, nested deeper than 100 levels, a number of more than 100 digits, an
               array…): that line's answer is {"id": …, "error": "invalid", "message": …};
             2 the file cannot be read (or bad arguments)"""


CASE_KEYS = """\
read the same way by referee and solve:
  seats       "leader", "taker", "dealer"…: a seat letter N, E, S or W; a number (0)
              is refused
  "rules"     an object of rule options, e.g. {"must_undertrump": true}; absent or null:
              the defaults; anything else (false, 0, "", [], "x") is refused
  true/false  a yes-or-no key ("pv") is true or false (absent or null: false); "yes"
              or 1 is refused"""


# --- argument types: bad values end in argparse's usage error (exit status 2) -----------------
def _game(text: str) -> str:
    from belote_lab.games import get

    try:
        return get(text).name
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise _refused("cli.not_whole", v=repr(text[:40])) from None


def _refused(key: str, /, **values: Any) -> argparse.ArgumentTypeError:
    """An argument type's refusal: the catalogue's English ``key`` filled with ``values``."""
    return argparse.ArgumentTypeError(words.text(key, "en", **values))


def at_least_one(option: str) -> Callable[[str], int]:
    """The argument type of ``option``: a whole number of at least 1, or an error naming the
    option (argparse then prints ``argument --top: --top must be …``, or the positional's
    name).

    >>> at_least_one("--top")("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --top must be at least 1, not 0
    """

    def read(text: str) -> int:
        n = _whole(text)
        if n < 1:
            raise _refused("cli.at_least_one", opt=option, n=n)
        return n

    read.__name__ = f"at_least_one({option})"
    return read


def _simulate_hands(text: str) -> int:
    n = at_least_one("--hands")(text)
    if n > MAX_SIMULATE_HANDS:
        raise _refused("cli.too_many_hands", n=f"{MAX_SIMULATE_HANDS:,}")
    return n


def _seconds(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise _refused("cli.not_seconds", v=repr(text[:40])) from None
    if not math.isfinite(x) or x < 0.01:
        raise _refused("cli.seconds_range", v=text[:40])
    return x


def _rules_json(text: str) -> dict[str, Any]:
    from belote_lab.jsonlines import loads

    if not text.strip():
        raise _refused("cli.rules_empty")
    try:
        data = loads(text)
    except ValueError as e:
        raise _refused("cli.rules_not_json", error=e) from None
    if not isinstance(data, dict):
        raise _refused("cli.rules_not_object")
    return data


def writable_path(text: str, suffix: str = "") -> Path:
    """The output path ``text`` (with ``suffix`` added when it does not end with it), checked
    before any work is done: its directory exists and can be written, it is not itself a
    directory, and a file can be opened there for writing (tried: a file made by the try is
    removed again; only a try tells, e.g. under ``/proc``).  ``ArgumentTypeError`` names the
    path otherwise.

    >>> writable_path("/proc/x.npz")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: cannot write /proc/x.npz: No such file or directory
    """
    if not text:
        raise _refused("cli.no_file_name")
    path = Path(text)
    if suffix and not text.endswith(suffix):
        path = Path(text + suffix)
    parent = path.parent
    if path.is_dir():
        raise _refused("cli.write_folder", path=path)
    if not parent.is_dir():
        raise _refused("cli.write_no_folder", path=path, folder=parent)
    if not os.access(parent, os.W_OK | os.X_OK):
        raise _refused("cli.write_folder_locked", path=path, folder=parent)
    if path.exists() and not os.access(path, os.W_OK):
        raise _refused("cli.write_file_locked", path=path)
    _try_writing(path)
    return path


def _try_writing(path: Path) -> None:
    """Open ``path`` for writing without changing it (a file made here is removed again); a
    special file that exists (``/dev/stdout``, a pipe) is left alone."""
    existed = path.exists()
    if existed and not path.is_file():
        return
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
    except OSError as e:
        raise _refused("cli.write_failed", path=path, why=e.strerror or e) from None
    os.close(fd)
    if not existed:
        with contextlib.suppress(OSError):
            path.unlink()


def _npz_path(text: str) -> Path:
    """numpy adds ``.npz`` to a name without it: the path written is checked and reported."""
    return writable_path(text, ".npz")


# --- commands ---------------------------------------------------------------------------------
def _cmd_referee(args: argparse.Namespace) -> int:
    from belote_lab.referee import serve_file

    return serve_file(args.file, prog="belote-lab referee")


def _cmd_solve(args: argparse.Namespace) -> int:
    from belote_lab.cli.solve import serve_file

    return serve_file(args.file)


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from belote_lab.simulation.selfplay import selfplay

    records = selfplay(args.game, args.hands, args.seed, args.players, args.format, args.rules)
    first = next(records, None)  # surface a missing game or player before any output
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(args.out, "w", encoding="utf-8")) if args.out else sys.stdout
        if first is not None:
            out.write(json.dumps(first, ensure_ascii=False) + "\n")
        for rec in records:
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from belote_lab.simulation.selfplay import random_hands_per_second

    t0 = time.perf_counter()
    rate, n = random_hands_per_second(args.game, args.seconds, args.seed)
    print(words.text("cli.bench", "en", game=args.game, n=n,
                     seconds=f"{time.perf_counter() - t0:.2f}", rate=f"{rate:,.0f}"))
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from belote_lab.simulation.simulate import simulate

    result = simulate(
        args.game, args.hands, args.players, args.seed, args.rules, progress=not args.quiet,
        engine=args.engine,
    )
    print(result.summary_text())
    if args.out:
        result.save(args.out)
        print(words.text("cli.arrays_written", "en", path=args.out))
    return 0


def _cmd_review(args: argparse.Namespace) -> int:
    from belote_lab.coaching.review import review
    from belote_lab.play.record_io import hand_record

    source = sys.stdin.buffer.read() if args.file == "-" else Path(args.file)
    rec = hand_record(source, args.hand)
    r = review(rec, args.seat, hints=args.hints, calls=args.calls)
    if args.json:
        print(json.dumps({"game": r.game, "seat": args.seat, "unit": r.unit,
                          "rows": r.table(), "calls": [c.to_json() for c in r.calls]},
                         ensure_ascii=False))
    else:
        print(r.text(args.language, n=args.top))
    return 0


def _cmd_tips(args: argparse.Namespace) -> int:
    from belote_lab.studies import tipstudy

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    # the default file (in the user's data folder, begun from the shipped table) too is
    # checked before any work (--out was, by its type)
    path = args.out or writable_path(str(tipstudy.user_path()))
    study = tipstudy.run(args.only, deals=args.deals or tipstudy.DEALS, jobs=args.jobs,
                         path=path, solver_hands=args.solver_hands or tipstudy.SOLVER_HANDS,
                         progress=progress, start=None if args.out else tipstudy.STORED_PATH)
    print(study.text("en"))
    took = words.text("cli.took", "en", path=path, seconds=f"{time.perf_counter() - t0:.0f}")
    print("\n" + took, file=sys.stderr)
    return 0


def _tip_ids(text: str) -> list[str]:
    from belote_lab.studies.tipstudy import TIPS

    known = {t.id: t for t in TIPS}
    ids = [x.strip() for x in text.split(",") if x.strip()]
    for x in ids:
        if x not in known:
            raise _refused("cli.no_tip", tip=repr(x), ids=", ".join(known))
        if not known[x].tested:
            raise _refused("cli.tip_untested", tip=x)
    if not ids:
        raise _refused("cli.no_tips")
    return ids


def _jobs(text: str) -> int:
    n = _whole(text)
    if not 1 <= n <= 64:
        raise _refused("cli.jobs_range", n=n)
    return n


def _cmd_study(args: argparse.Namespace) -> int:
    from belote_lab.studies import study

    params = dict(args.param or [])
    s, g, _ = study.check(args.name, args.game, params)  # a bad study or parameter: no work
    out = args.out or study.default_out(s.name, g.name)
    t0 = time.perf_counter()
    df = study.run(args.name, args.n, game=args.game, chunk=args.chunk, seed=args.seed,
                   out=out, scheduler=args.scheduler, progress=not args.quiet, **params)
    done = len(df.attrs["computed"])
    print(words.text("cli.study_done_one" if done == 1 else "cli.study_done", "en", out=out,
                     done=done, seconds=f"{time.perf_counter() - t0:.1f}",
                     path=repr(str(out))))
    print(study.summary(df))
    return 0


def _study_param(text: str) -> tuple[str, Any]:
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise _refused("cli.study_param", v=repr(text[:40]))
    try:
        parsed: Any = json.loads(value)
    except ValueError:
        parsed = value  # plain text, e.g. players=2,1,2,1
    return key.strip(), parsed


def _scheduler(text: str) -> str:
    if text in ("local", "serial", "processes") or text.startswith("tcp://"):
        return text
    raise _refused("cli.scheduler", v=repr(text[:40]))


def _add_study(sub: Any) -> None:
    s = sub.add_parser(
        "study", help="a named study over N deals, in chunks, resumable, on Dask",
        description="Run a study of belote_lab.studies.study (selfplay, double_dummy, dd_hand,\n"
        "level4) over N hands in chunks; each chunk is written to its own file in --out\n"
        "as soon as it is done and is not computed again by a later run of the same\n"
        "study.  The default\n"
        "scheduler is a Dask LocalCluster of one worker a core; --scheduler tcp://HOST:8786\n"
        "runs on a Dask cluster.  Prints where the results are and a one-line summary.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    s.add_argument("name", help="selfplay, double_dummy, dd_hand or level4")
    s.add_argument("n", type=at_least_one("N (the number of hands)"),
                   help="how many hands (deals)")
    s.add_argument("--game", type=_game, default="belote")
    s.add_argument("--chunk", type=at_least_one("--chunk"), default=50,
                   help="hands a chunk (default 50)")
    s.add_argument("--seed", type=_whole, default=0)
    s.add_argument("--out", type=Path, default=None,
                   help="the results directory (default: studies/NAME-GAME in the user's data "
                   "folder: $BELOTE_LAB_DATA, else $XDG_DATA_HOME/belote_lab or "
                   "~/.local/share/belote_lab); checked before any work, as are the files "
                   "already there (a damaged one is named)")
    s.add_argument("--scheduler", type=_scheduler, default="local",
                   help="local (default), serial, processes or tcp://HOST:PORT")
    s.add_argument("--param", type=_study_param, action="append", metavar="KEY=VALUE",
                   help="a study parameter, e.g. players=2,1,2,1 or rules='{...}' (repeat)")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.set_defaults(func=_cmd_study)


def _add_tips(sub: Any) -> None:
    # the defaults are belote_lab.studies.tipstudy's (DEALS, SOLVER_HANDS, user_path()), not
    # imported here: building the parser stays quick for the other commands
    t = sub.add_parser(
        "tips", help="test the seeds' strategy tips on duplicate deals; stores the tip table",
        description="Play the tip table's tests (belote_lab.studies.tipstudy) in chunks of 50\n"
        "deals and store each chunk's sums in a JSON file; chunks already stored are kept, so a\n"
        "stopped run goes on and more deals extend the rows.  One line per row on standard\n"
        "error as it is complete; the table with its verdicts on standard output.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    t.add_argument("--deals", type=at_least_one("--deals"), default=None,
                   help="deals per compared row, rounded up to chunks of 50 (default 4000)")
    t.add_argument("--solver-hands", type=at_least_one("--solver-hands"), default=None,
                   help="hands of the exact-solver row T8 (default 10000)")
    t.add_argument("--jobs", type=_jobs, default=2, help="processes (default 2)")
    t.add_argument("--out", type=writable_path, default=None,
                   help="the JSON file (default: tip_study.json in the user's data folder, "
                   "$BELOTE_LAB_DATA, else $XDG_DATA_HOME/belote_lab or "
                   "~/.local/share/belote_lab, begun from the table shipped with the package); "
                   "checked, and read if it is there, before any work")
    t.add_argument("--only", type=_tip_ids, default=None,
                   help="only these rows, e.g. B1,T4 (default: every tested tip)")
    t.set_defaults(func=_cmd_tips)


# --- Korean errors (``review … --language ko``) --------------------------------------------------
_ARGPARSE_KO: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key) for pattern, key in (
        (r"argument (?P<opt>[^:]+): invalid choice: '(?P<v>.*)' \(choose from (?P<choices>.*)\)",
         "cli.arg_choice"),
        (r"argument (?P<opt>[^:]+): invalid int value: '(?P<v>.*)'", "cli.arg_int"),
        (r"argument (?P<opt>[^:]+): '(?P<v>.*)' is not a whole number", "cli.arg_whole"),
        (r"argument (?P<opt>[^:]+): expected one argument", "cli.arg_one"),
        (r"argument (?P<opt>[^:]+): a seat is N, E, S or W, not '(?P<v>.*)'", "cli.arg_seat"),
        (r"argument (?P<opt>[^:]+): \S+ must be at least 1, not (?P<n>-?\d+)", "cli.arg_at_least"),
        (r"the following arguments are required: (?P<names>.*)", "cli.arg_required"),
        (r"unrecognized arguments: (?P<names>.*)", "cli.arg_unrecognized"),
        (r"argument (?P<opt>[^:]+): .*", "cli.arg_other"),
    )
)
"""argparse's messages (and those of this module's argument types), each read by its pattern
and said in Korean by the catalogue's text, whose English is the message the pattern reads.

>>> values = {"opt": "--top", "v": "x", "n": 0, "choices": "en, ko", "names": "file"}
>>> all(p.fullmatch(words.text(key, "en", **values)) for p, key in _ARGPARSE_KO)
True
"""


def asks_korean(argv: Sequence[str]) -> bool:
    """Whether the command line asks for Korean: ``--language ko`` (or ``--language=ko``,
    or an abbreviation argparse accepts, such as ``--lang ko``).

    >>> asks_korean(["review", "x.json", "--language", "ko"]), asks_korean(["--lang=ko"])
    (True, True)
    >>> asks_korean(["review", "x.json"]), asks_korean(["review", "ko"])
    (False, False)
    """
    args = list(argv)
    for i, arg in enumerate(args):
        name, eq, value = arg.partition("=")
        if len(name) < 3 or not "--language".startswith(name):
            continue
        if (value if eq else (args[i + 1] if i + 1 < len(args) else "")) == "ko":
            return True
    return False


def argparse_ko(message: str) -> str:
    """An argparse error message in Korean (one sentence).

    >>> argparse_ko("argument --seat: a seat is N, E, S or W, not 'X'")
    '‘X’는 자리가 아니므로 --seat에는 N, E, S, W 중 하나를 써야 합니다.'
    >>> argparse_ko("argument --top: --top must be at least 1, not 0")
    '--top의 값은 1 이상이어야 하는데 0입니다.'
    >>> argparse_ko("the following arguments are required: file")
    '꼭 필요한 인자가 빠졌습니다(빠진 인자: file).'
    """
    from belote_lab.korean import quoted

    for pattern, key in _ARGPARSE_KO:
        m = pattern.fullmatch(message.strip())
        if m is not None:
            values = dict(m.groupdict())
            if "v" in values:
                values["v"] = quoted(values["v"][:40])
            if "choices" in values:
                values["choices"] = values["choices"].replace("'", "")
            return words.text(key, "ko", **values)
    return words.text("cli.command_line", "ko")


def error_ko(error: BaseException) -> str:
    """The Korean words of a user's error (:func:`_user_error`): the engine's own, a file
    that cannot be read, or a general sentence.

    >>> error_ko(FileNotFoundError(2, "No such file or directory", "hand.json"))
    '파일 ‘hand.json’을 찾을 수 없습니다.'
    """
    from belote_lab.korean import quoted
    from belote_lab.play.record_io import korean_of

    said = korean_of(error)
    if said:
        return said
    if isinstance(error, OSError):
        name = getattr(error, "filename", None)
        if name is None:
            return words.text("cli.file_io", "ko")
        key = "cli.file_unusable"
        if isinstance(error, FileNotFoundError):
            key = "cli.file_missing"
        elif isinstance(error, IsADirectoryError):
            key = "cli.file_is_folder"
        elif isinstance(error, PermissionError):
            key = "cli.file_denied"
        return words.text(key, "ko", path=quoted(str(name)[:200]))
    return words.text("cli.bad_input", "ko")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one Korean line starting with ``오류:`` when the
    command line asks for Korean (``korean``), instead of the usage and
    ``belote-lab review: error: …``."""

    def __init__(self, *args: Any, korean: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.korean = korean

    def error(self, message: str) -> Any:
        if not self.korean:
            return super().error(message)
        from belote_lab.korean import quoted

        usage = words.text("cli.usage", "ko", help=quoted(f"{self.prog} --help"))
        line = words.text("cli.error_usage", "ko", message=argparse_ko(message), usage=usage)
        self.exit(2, line + "\n")


def build_parser(korean: bool = False) -> argparse.ArgumentParser:
    """The ``belote-lab`` parser; ``korean``: its errors in Korean (:class:`_Parser`)."""
    p = _Parser(
        prog="belote-lab", description="Teach and analyse trick-taking card games.", korean=korean
    )
    sub = p.add_subparsers(
        dest="command", required=True, parser_class=functools.partial(_Parser, korean=korean)
    )
    _add_file_command(
        sub,
        "referee",
        _cmd_referee,
        help_line="answer conformance cases, one JSON answer a line",
        description="Answer each line of FILE (a conformance case) with one JSON line,\n"
        "in order, as soon as it is computed.\n\n" + CASE_KEYS,
        file_help="a .jsonl file of cases, or - for standard input",
    )
    _add_file_command(
        sub,
        "solve",
        _cmd_solve,
        help_line="solve deals exactly (double dummy), one JSON answer a line",
        description="Solve each line of FILE (a whole Belote deal) exactly: one JSON line\n"
        "of N-S card points and best first cards per deal, in order.  A line:\n"
        '  {"hands": {"N": [8 cards], "E": …, "S": …, "W": …}, "trump": "H", "leader": "N"}\n'
        'optional: "taker" (a seat; default the leader), "pv" (true: also a line of best\n'
        'play), "game" ("belote"), "id" (echoed).\n\n' + CASE_KEYS,
        file_help="a .jsonl file of deals, or - for standard input",
    )
    _add_selfplay(sub)
    _add_bench(sub)
    _add_simulate(sub)
    _add_review(sub)
    _add_tips(sub)
    _add_study(sub)
    return p


def _add_file_command(
    sub: Any, name: str, func: Callable[[argparse.Namespace], int], *, help_line: str,
    description: str, file_help: str,
) -> None:
    """A command that answers each line of a file (``referee``, ``solve``)."""
    c = sub.add_parser(
        name,
        help=help_line,
        description=description,
        epilog=EXIT_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    c.add_argument("file", help=file_help)
    c.set_defaults(func=func)


def _add_selfplay(sub: Any) -> None:
    s = sub.add_parser("selfplay", help="computer players play whole hands; JSON out")
    s.add_argument("--game", type=_game, default="belote")
    s.add_argument("--hands", type=at_least_one("--hands"), default=10,
                   help="how many hands (at least 1)")
    s.add_argument("--seed", type=_whole, default=0)
    s.add_argument("--players", default="1,1,1,1", help="levels per seat, e.g. 2,1,2,1")
    s.add_argument("--format", choices=("records", "cases"), default="records")
    s.add_argument(
        "--out", type=writable_path, help="write to this file instead of standard output"
    )
    s.add_argument(
        "--rules", type=_rules_json, help="rule options as JSON, e.g. '{\"must_undertrump\": true}'"
    )
    s.set_defaults(func=_cmd_selfplay)


def _add_bench(sub: Any) -> None:
    b = sub.add_parser("bench", help="random self-play speed (hands per second)")
    b.add_argument("--game", type=_game, default="belote")
    b.add_argument(
        "--seconds", type=_seconds, default=2.0, help="how long to play (at least 0.01)"
    )
    b.add_argument("--seed", type=_whole, default=0)
    b.set_defaults(func=_cmd_bench)


def _add_simulate(sub: Any) -> None:
    m = sub.add_parser("simulate", help="many computer hands; prints a summary")
    m.add_argument("--game", type=_game, default="belote")
    m.add_argument(
        "--hands",
        type=_simulate_hands,
        default=1000,
        help=f"how many hands (1 to {MAX_SIMULATE_HANDS:,})",
    )
    m.add_argument("--players", default="1,1,1,1", help="levels per seat, e.g. 2,1,2,1")
    m.add_argument("--seed", type=_whole, default=0)
    m.add_argument("--rules", type=_rules_json, help="rule options as JSON")
    m.add_argument(
        "--out",
        type=_npz_path,
        help="save the per-hand arrays to this .npz file (.npz is added if missing)",
    )
    m.add_argument("--engine", choices=("auto", "batch", "python"), default="auto",
                   help="compiled whole hands where every seat is level 1 or 2 (auto, the "
                   "default), compiled or an error (batch), or the Python players (python)")
    m.add_argument("--quiet", action="store_true", help="no progress bar")
    m.set_defaults(func=_cmd_simulate)


def _add_review(sub: Any) -> None:
    r = sub.add_parser(
        "review", help="review a recorded hand card by card (and its calls)",
        description="Review one hand of a hand or game record (a JSON file, or - for standard\n"
        "input): each card's exact double-dummy cost, costliest first; for one seat also\n"
        "what the hint said from that seat's view and its calls against the bidding advice.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    r.add_argument("file", help="a hand or game record (.json), or - for standard input")
    r.add_argument("--seat", type=_seat, default=None, help="N, E, S or W (default: every seat)")
    r.add_argument("--hand", type=int, default=0, help="which hand of a game record (from 0)")
    r.add_argument("--language", choices=("en", "ko"), default="en")
    r.add_argument("--top", type=at_least_one("--top"), default=3,
                   help="how many costliest cards to name (at least 1)")
    r.add_argument("--hints", action=argparse.BooleanOptionalAction, default=None,
                   help="what the hint said before each card (default: with --seat)")
    r.add_argument("--calls", action=argparse.BooleanOptionalAction, default=None,
                   help="the calls against the bidding advice (default: with --seat)")
    r.add_argument("--json", action="store_true", help="the rows as one JSON object")
    r.set_defaults(func=_cmd_review)


def _seat(text: str) -> str:
    if text.strip().upper() not in ("N", "E", "S", "W"):
        raise _refused("cli.seat", v=repr(text))
    return text.strip().upper()


def _user_error(e: BaseException) -> bool:
    """Whether ``e`` comes from the user's input rather than from a fault of the engine: the
    engine's own error classes (``RuleOptionError``, ``RecordError``, ``CardParseError``,
    ``IllegalAction``: all ``ValueError``), a game or player that is not available, a file
    that cannot be written."""
    from belote_lab.simulation.selfplay import GameUnavailable, PlayerUnavailable

    return isinstance(e, (ValueError, GameUnavailable, PlayerUnavailable, OSError))


def _silence_stdout() -> None:
    """After a closed pipe (``belote-lab referee big.jsonl | head``): no error at exit."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    korean = asks_korean(argv)
    args = build_parser(korean).parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        return int(func(args))
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except Exception as e:
        if not _user_error(e):
            raise
        if korean or getattr(args, "language", "en") == "ko":  # `review --language ko`
            print(words.text("cli.error", "ko", message=error_ko(e)), file=sys.stderr)
        else:
            said = words.text("cli.error", "en", message=e)
            print(f"belote-lab {args.command}: {said}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
