"""Record `belote-lab selfplay` for every game and level, to check that a refactoring changes
no decision (issue 12: "after the move they are identical byte for byte").

    python benchmarks/behaviour_check.py OUT_DIR [--src SRC]   # record (SRC: a checkout)
    diff -r BEFORE_DIR AFTER_DIR                               # then compare two records

Levels 3 and 4 stop on time budgets, so their play depends on the machine's load; every run
here reads a fake clock that advances one microsecond a reading, which makes each run of the
same code give the same bytes.  ``--src`` runs another checkout's code (e.g. a ``git worktree``
of the commit before a change) with this machine's packages.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

FAKE_CLOCK = """
import itertools, sys, time
_c = itertools.count()
def fake():
    return next(_c) * 1e-6
time.perf_counter = time.monotonic = time.process_time = fake
time.time = lambda: 1.7e9 + fake()
from belote_lab.cli.main import main
sys.exit(main(sys.argv[1:]))
"""

FOUR = ("belote", "coinche", "callbreak")
RUNS: list[tuple[str, list[str]]] = []
for _g in FOUR:
    RUNS += [
        (f"{_g}-1", ["--game", _g, "--hands", "30", "--seed", "7", "--players", "1,1,1,1"]),
        (f"{_g}-21", ["--game", _g, "--hands", "30", "--seed", "7", "--players", "2,1,2,1"]),
        (f"{_g}-2", ["--game", _g, "--hands", "20", "--seed", "8", "--players", "2,2,2,2"]),
        (f"{_g}-32", ["--game", _g, "--hands", "3", "--seed", "9", "--players", "3,2,3,2"]),
        (f"{_g}-43", ["--game", _g, "--hands", "2", "--seed", "9", "--players", "4,3,4,3"]),
        (f"{_g}-cases", ["--game", _g, "--hands", "20", "--seed", "7", "--players", "2,1,2,1",
                         "--format", "cases"]),
    ]
RUNS += [
    ("belote2-1", ["--game", "belote2", "--hands", "30", "--seed", "7", "--players", "1,1"]),
    ("belote2-21", ["--game", "belote2", "--hands", "30", "--seed", "7", "--players", "2,1"]),
    ("belote2-2", ["--game", "belote2", "--hands", "20", "--seed", "8", "--players", "2,2"]),
    ("belote2-32", ["--game", "belote2", "--hands", "3", "--seed", "9", "--players", "3,2"]),
    ("belote2-43", ["--game", "belote2", "--hands", "2", "--seed", "9", "--players", "4,3"]),
    ("belote2-cases", ["--game", "belote2", "--hands", "20", "--seed", "7", "--players", "2,1",
                       "--format", "cases"]),
    ("belote-options", ["--game", "belote", "--hands", "20", "--seed", "5", "--players",
                        "2,1,2,1", "--rules",
                        '{"allow_no_trump": true, "allow_all_trump": true, "declarations": true}']),
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--src", type=Path, default=Path(__file__).resolve().parent.parent)
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(args.src.resolve()))
    for name, extra in RUNS:
        with open(args.out / f"{name}.jsonl", "wb") as f:
            subprocess.run([sys.executable, "-c", FAKE_CLOCK, "selfplay", *extra], env=env,
                           stdout=f, check=True, cwd=args.out)
        print(name, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
