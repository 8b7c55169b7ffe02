"""Fuzz of the hints' deal sampler (:mod:`belote_lab.players.sampling`) on self-play positions.

    python benchmarks/sampler_fuzz.py [--positions 100000] [--seed 0] [--games belote,...]
                                      [--draws 1] [--views 8]

Hands are dealt from seeds and bid and played by level-2 players, the rules varied from hand
to hand (the defaults; declarations with must-undertrump; no trump and all trump allowed;
Callbreak's face-card redeal); every position of every hand — each time a seat is about to
play a card, the last trick included — is one position, the games taking turns until
``--positions`` are done.  At each, for the seat to play, on the hand itself as
:func:`belote_lab.coaching.hints.hint` gets it:

* ``no deal``: :func:`~belote_lab.players.sampling.deal_space` found no consistent deal (the
  fault of shared/reviews/2026-12-02-fuzz.md, finding 3; must be 0);
* ``real refused``: the real deal is not among the consistent deals (must be 0);
* ``bad deal``: a deal drawn by :func:`~belote_lab.players.sampling.iter_deals` (``--draws``
  of them) fails the ground truth of tests/sampling_support.py — the hand replayed by the
  game's engine from the original hands the deal implies (must be 0);
* ``view differs``: every ``--views``-th position, the seat's observation
  (:meth:`~belote_lab.games.base.TrickPlay.observation`) gives another number of deals than
  the hand (must be 0).

It also prints, for the record, how rare the consistent deals are among all placements of
the hidden cards (the old rejection sampler's chance per shuffle, which gave up below about
1 in 6,400 with the hints' defaults): the rarest position and how many were rarer than
1 in 6,400.  The first few faults are printed with what reproduces them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # sampling_support

from sampling_support import GAMES, RULES, placements, replay_fits, selfplay_positions

from belote_lab.games import get
from belote_lab.players.sampling import NoConsistentDeal, deal_space, iter_deals

OLD_TRIES = 200 * 32  # the old sampler's shuffles before it gave up, with the hints' defaults


@dataclass
class Tally:
    positions: int = 0
    hands: int = 0
    no_deal: int = 0
    real_refused: int = 0
    bad_deal: int = 0
    view_differs: int = 0
    rarer: int = 0  # positions whose deals are rarer than 1 in OLD_TRIES placements
    rarest: float = 1.0
    seconds: float = 0.0
    faults: list[str] = field(default_factory=list)

    def fault(self, what: str) -> None:
        if len(self.faults) < 5:
            self.faults.append(what)


def check_position(h: Any, tally: Tally, rng: random.Random, draws: int, view: bool,
                   where: str) -> None:
    seat = h.to_play
    tally.positions += 1
    try:
        space = deal_space(h, seat)
    except NoConsistentDeal as e:
        tally.no_deal += 1
        tally.fault(f"no deal: {where}: {e}")
        return
    stock = [int(c) for c in h.stock_left] if get(h.game).has_stock else []
    if not space.admits(list(h.hands), stock):
        tally.real_refused += 1
        tally.fault(f"real deal refused: {where}")
    share = space.count / placements(space)
    tally.rarest = min(tally.rarest, share)
    tally.rarer += share * OLD_TRIES < 1
    for pos in iter_deals(h, seat, draws, rng):
        if not replay_fits(h, seat, pos):
            tally.bad_deal += 1
            tally.fault(f"bad deal: {where}: {pos.hands} {pos.stock}")
    if view and deal_space(h.observation(seat), seat).count != space.count:
        tally.view_differs += 1
        tally.fault(f"view differs: {where}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--draws", type=int, default=1, help="deals drawn and replayed a position")
    ap.add_argument("--views", type=int, default=8, help="check the observation every N-th")
    args = ap.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in RULES]
    if unknown or args.positions < 1 or args.draws < 0 or args.views < 1:
        ap.error(f"games are {', '.join(GAMES)}; --positions, --views ≥ 1, --draws ≥ 0")
    tallies = {g: Tally() for g in games}
    rng = random.Random(args.seed)
    hand_no = {g: 0 for g in games}
    t0 = time.perf_counter()
    done = 0
    while done < args.positions:
        for g in games:
            t = tallies[g]
            k = hand_no[g]
            hand_no[g] += 1
            seed = args.seed * 1_000_003 + k
            rules = RULES[g][k % len(RULES[g])]
            start = time.perf_counter()
            t.hands += 1
            for i, h in enumerate(selfplay_positions(g, seed, rules)):
                where = f"{g} seed={seed} rules={rules!r} card={i}"
                view = (t.positions % args.views) == 0
                check_position(h, t, rng, args.draws, view, where)
                done += 1
                if done >= args.positions:
                    break
            t.seconds += time.perf_counter() - start
            if done >= args.positions:
                break
    total = time.perf_counter() - t0
    print(f"{'game':10} {'positions':>9} {'hands':>6} {'no deal':>8} {'real refused':>12} "
          f"{'bad deal':>8} {'view differs':>12} {'rarer 1/6400':>12} {'rarest':>9} {'s':>7}")
    faults = 0
    for g, t in tallies.items():
        print(f"{g:10} {t.positions:9,} {t.hands:6,} {t.no_deal:8} {t.real_refused:12} "
              f"{t.bad_deal:8} {t.view_differs:12} {t.rarer:12} {t.rarest:9.2g} "
              f"{t.seconds:7.1f}")
        faults += t.no_deal + t.real_refused + t.bad_deal + t.view_differs
        for f in t.faults:
            print("  ", f)
    print(f"{done:,} positions, {faults} faults, {total:.1f} s")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
