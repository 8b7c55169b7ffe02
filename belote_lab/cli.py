"""The ``belote-lab`` command line.

    belote-lab referee FILE.jsonl      answer conformance cases (``-`` reads standard input)
    belote-lab selfplay --game belote --hands N --seed S [--out FILE] [--format records|cases]
    belote-lab bench                   play random hands and print hands per second
"""

from __future__ import annotations

import argparse
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


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from belote_lab.selfplay import selfplay

    records = selfplay(args.game, args.hands, args.seed, args.players, args.format)
    if not args.out:
        for rec in records:
            sys.stdout.write(json.dumps(rec, ensure_ascii=False) + "\n")
        return 0
    with open(args.out, "w", encoding="utf-8") as out:
        for rec in records:
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from belote_lab.selfplay import random_hands_per_second

    t0 = time.perf_counter()
    rate, n = random_hands_per_second(args.game, args.seconds, args.seed)
    print(f"{args.game}: {n} random legal hands in {time.perf_counter() - t0:.2f} s "
          f"= {rate:,.0f} hands/s")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="belote-lab", description="Teach and analyse trick-taking card games."
    )
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("referee", help="answer conformance cases, one JSON answer a line")
    r.add_argument("file", help="a .jsonl file of cases, or - for standard input")
    r.set_defaults(func=_cmd_referee)
    s = sub.add_parser("selfplay", help="computer players play whole hands; JSON out")
    s.add_argument("--game", default="belote")
    s.add_argument("--hands", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--players", default="1,1,1,1", help="levels per seat, e.g. 2,1,2,1")
    s.add_argument("--format", choices=("records", "cases"), default="records")
    s.add_argument("--out", help="write to this file instead of standard output")
    s.set_defaults(func=_cmd_selfplay)
    b = sub.add_parser("bench", help="random self-play speed (hands per second)")
    b.add_argument("--game", default="belote")
    b.add_argument("--seconds", type=float, default=2.0)
    b.add_argument("--seed", type=int, default=0)
    b.set_defaults(func=_cmd_bench)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
