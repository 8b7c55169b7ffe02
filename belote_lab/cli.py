"""The ``belote-lab`` command line.

    belote-lab referee FILE.jsonl      answer conformance cases (``-`` reads standard input)
    belote-lab solve FILE.jsonl        exact double-dummy N-S points and best first cards
    belote-lab selfplay --game belote --hands N --seed S [--out FILE] [--format records|cases]
    belote-lab bench                   play random hands and print hands per second
    belote-lab simulate --game G --hands N --players 2,1,2,1 --seed S [--out FILE.npz]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Sequence

__all__ = ["main"]


def _cmd_referee(args: argparse.Namespace) -> int:
    from belote_lab.referee import run

    if args.file == "-":
        run(sys.stdin)
        return 0
    try:
        with open(args.file, encoding="utf-8") as f:
            run(f)
    except OSError as e:
        print(f"belote-lab referee: cannot read {args.file}: {e}", file=sys.stderr)
        return 2
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    from belote_lab.solver.cli_solve import run

    if args.file == "-":
        run(sys.stdin)
        return 0
    try:
        with open(args.file, encoding="utf-8") as f:
            run(f)
    except OSError as e:
        print(f"belote-lab solve: cannot read {args.file}: {e}", file=sys.stderr)
        return 2
    return 0


def _rules_arg(text: str | None) -> dict[str, object] | None:
    if not text:
        return None
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("--rules must be a JSON object, e.g. '{\"must_undertrump\": true}'")
    return data


def _fail(command: str, e: Exception) -> int:
    print(f"belote-lab {command}: {e}", file=sys.stderr)
    return 2


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from belote_lab.selfplay import GameUnavailable, PlayerUnavailable, selfplay

    try:
        rules = _rules_arg(args.rules)
        records = selfplay(args.game, args.hands, args.seed, args.players, args.format, rules)
        first = next(records, None)  # surface a missing game or player before any output
    except (GameUnavailable, PlayerUnavailable, ValueError) as e:
        return _fail("selfplay", e)
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(args.out, "w", encoding="utf-8")) if args.out else sys.stdout
        if first is not None:
            out.write(json.dumps(first, ensure_ascii=False) + "\n")
        for rec in records:
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from belote_lab.selfplay import GameUnavailable, random_hands_per_second

    t0 = time.perf_counter()
    try:
        rate, n = random_hands_per_second(args.game, args.seconds, args.seed)
    except (GameUnavailable, ValueError) as e:
        return _fail("bench", e)
    print(f"{args.game}: {n} random legal hands in {time.perf_counter() - t0:.2f} s "
          f"= {rate:,.0f} hands/s")
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from belote_lab.selfplay import GameUnavailable, PlayerUnavailable
    from belote_lab.simulate import simulate

    try:
        rules = _rules_arg(args.rules)
        result = simulate(
            args.game, args.hands, args.players, args.seed, rules, progress=not args.quiet
        )
    except (GameUnavailable, PlayerUnavailable, ValueError) as e:
        return _fail("simulate", e)
    print(result.summary_text())
    if args.out:
        result.save(args.out)
        print(f"arrays written to {args.out}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="belote-lab", description="Teach and analyse trick-taking card games."
    )
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("referee", help="answer conformance cases, one JSON answer a line")
    r.add_argument("file", help="a .jsonl file of cases, or - for standard input")
    r.set_defaults(func=_cmd_referee)
    v = sub.add_parser("solve", help="solve deals exactly (double dummy), one JSON answer a line")
    v.add_argument("file", help="a .jsonl file of deals, or - for standard input")
    v.set_defaults(func=_cmd_solve)
    s = sub.add_parser("selfplay", help="computer players play whole hands; JSON out")
    s.add_argument("--game", default="belote")
    s.add_argument("--hands", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--players", default="1,1,1,1", help="levels per seat, e.g. 2,1,2,1")
    s.add_argument("--format", choices=("records", "cases"), default="records")
    s.add_argument("--out", help="write to this file instead of standard output")
    s.add_argument("--rules", help="rule options as JSON, e.g. '{\"must_undertrump\": true}'")
    s.set_defaults(func=_cmd_selfplay)
    b = sub.add_parser("bench", help="random self-play speed (hands per second)")
    b.add_argument("--game", default="belote")
    b.add_argument("--seconds", type=float, default=2.0)
    b.add_argument("--seed", type=int, default=0)
    b.set_defaults(func=_cmd_bench)
    m = sub.add_parser("simulate", help="many computer hands; prints a summary")
    m.add_argument("--game", default="belote")
    m.add_argument("--hands", type=int, default=1000)
    m.add_argument("--players", default="1,1,1,1", help="levels per seat, e.g. 2,1,2,1")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--rules", help="rule options as JSON")
    m.add_argument("--out", help="save the per-hand arrays to this .npz file")
    m.add_argument("--quiet", action="store_true", help="no progress bar")
    m.set_defaults(func=_cmd_simulate)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
