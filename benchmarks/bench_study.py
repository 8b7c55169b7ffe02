"""Dask speed-up of a study: the same double-dummy study on a LocalCluster of 1 worker and
of 2 workers (one process each, one thread each), with the load average beside the figures
(the machine may be shared).  Each run starts its cluster, warms every worker up (numba's
solver compiled, one deal solved; not timed), then times the study itself.

    python benchmarks/bench_study.py [--deals 40] [--game belote] [--chunk 4]

The default study solves whole four-player Belote deals from the first card (0.1–0.7 s a
deal), so the chunks are work, not overhead; issue #16 asks for a speed-up of at least 1.8.
"""

from __future__ import annotations

import argparse
import logging
import tempfile
import time
from pathlib import Path

from loadavg import load_average

from belote_lab.studies import study


def timed(workers: int, deals: int, game: str, chunk: int, tmp: Path) -> tuple[float, object]:
    """Seconds of the study on a fresh LocalCluster of ``workers``, and its rows."""
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=logging.ERROR) as cluster, \
            Client(cluster) as client:
        client.run(warm, game)  # on every worker: the solver compiled, one deal solved
        t0 = time.perf_counter()
        df = study.run("double_dummy", deals, game=game, chunk=chunk,
                       out=tmp / f"w{workers}", client=client, progress=False)
        return time.perf_counter() - t0, df


def warm(game: str) -> None:
    """Solve one deal in this process (run on every worker before the timing)."""
    with tempfile.TemporaryDirectory() as d:
        study.run("double_dummy", 1, game=game, seed=10**6, out=Path(d) / "warm",
                  scheduler="serial", progress=False)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--game", default="belote")
    ap.add_argument("--chunk", type=int, default=4)
    args = ap.parse_args()
    print(f"double_dummy study of {args.deals} {args.game} deals in chunks of {args.chunk}; "
          f"load average before: {load_average()}")
    with tempfile.TemporaryDirectory() as d:
        one, a = timed(1, args.deals, args.game, args.chunk, Path(d))
        print(f"1 worker : {one:7.2f} s  (load average {load_average()})")
        two, b = timed(2, args.deals, args.game, args.chunk, Path(d))
        print(f"2 workers: {two:7.2f} s  (load average {load_average()})")
    same = a.drop(columns="chunk").equals(b.drop(columns="chunk"))  # type: ignore[attr-defined]
    print(f"speed-up {one / two:.2f}x (target >= 1.8); identical rows: {same}")


if __name__ == "__main__":
    main()
