"""Speed of the hints' deal sampler (:func:`belote_lab.players.sampling.sample_deals`).

    python benchmarks/bench_sampler.py [--hands 10] [--deals 32] [--against REV]

Hands are dealt from seeds 0, 1, … and bid and played by level-2 players; in each game the
seat to play asks for ``--deals`` deals (the hints' default, 32) at four points of every
hand: the first lead and 30 %, 60 % and 85 % of the way through its cards.  For each game
and point it prints the deals drawn per second (the set-up of each call included) and, with
``--against REV``, the same for the sampler of git revision ``REV`` (for instance the one
before deals were counted), with how many of its calls came back short of deals (the old
sampler gave up after 200 × deals shuffles; two-player Belote past its stock has one deal).
The load average is printed before and after: the machine may be shared.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.games import GAMES, get
from belote_lab.games.base import step
from belote_lab.players import sampling
from belote_lab.simulation.selfplay import hand_in_play, make_players

POINTS = (0.0, 0.3, 0.6, 0.85)
ROOT = Path(__file__).resolve().parents[1]


def sampler_at(rev: str) -> ModuleType:
    """The sampling module as it was at git revision ``rev``."""
    source = subprocess.run(
        ["git", "show", f"{rev}:belote_lab/players/sampling.py"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "sampling_then.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("sampling_then", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def positions(game: str, hands: int) -> list[tuple[float, Any]]:
    """(point, position) for each point of each hand."""
    out = []
    g = get(game)
    for seed in range(hands):
        players = make_players(game, 2, seed)
        h = hand_in_play(game, players, seed=seed, dealer=g.seats[seed % g.players])
        states = []
        while h.phase == "play":
            states.append(h.copy())
            step(h, players[h.to_play])
        out.extend((p, states[int(p * len(states))]) for p in POINTS)
    return out


def rate(module: Any, states: list[Any], deals: int) -> tuple[float, int]:
    """Deals a second over ``states`` and the calls that gave fewer than asked."""
    got = short = 0
    start = time.perf_counter()
    for h in states:
        d = module.sample_deals(h, h.to_play, deals, random.Random(1))
        got += len(d)
        short += len(d) < deals and not sampling.determined(h, h.to_play)
    return got / (time.perf_counter() - start), short


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=10)
    ap.add_argument("--deals", type=int, default=32)
    ap.add_argument("--against", help="a git revision whose sampler to time as well")
    args = ap.parse_args()
    if args.hands < 1 or args.deals < 1:
        ap.error("--hands and --deals must be at least 1")
    then = sampler_at(args.against) if args.against else None
    print(f"load average before: {load_average()}")
    head = f"{'game':10} {'point':>5} {'deals/s':>9}"
    if then is not None:
        head += f" {'then':>9} {'then short':>10}"
    print(head)
    for game in GAMES:
        at = positions(game, args.hands)
        for module in (sampling, then):  # imports and caches loaded before the clock runs
            if module is not None:
                rate(module, [h for _, h in at[:4]], 1)
        for p in POINTS:
            states = [h for q, h in at if q == p]
            now, _ = rate(sampling, states, args.deals)
            line = f"{game:10} {p:5.2f} {now:9,.0f}"
            if then is not None:
                old, short = rate(then, states, args.deals)
                line += f" {old:9,.0f} {short:10}"
            print(line)
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
