"""The taking table and the Coinche bids: stored studies of :mod:`belote_lab.studies.study`.

Two questions of analysts and teachers, answered over many deals:

* **The taking table** — how often does a taker with a given trump holding make its
  contract, and what does its side score?  The holding is the taker's cards when the first
  card is played: the trump jack (J), the trump nine (9), how many trumps, how many aces of
  the other suits.  Four- and two-player Belote, each under **double-dummy** play (study
  ``dd_hand``: the deal bid by level-2 players, then every card the exact solver's, all
  hands open) and under **level-4** play (study ``level4``: the deal bid and played by
  level-4 players, who see only their own cards).
* **The Coinche bids** — the make rate of Coinche bids (bid by level-2 players) by the bid
  and by the hand strength of the bidding side (the card points of both partners' hands
  under the contract), under double dummy.

:data:`RUNS` says which study of which game with how many deals; :func:`run` computes them
(resumable chunks, see :func:`belote_lab.studies.study.run`, in a folder the user names or
else ``taking_study/`` in the user's data folder: :func:`chunks_folder`) and stores the counts
and sums of each group of hands in a JSON file (one the user names, else ``taking_study.json``
in the user's data folder: :func:`user_path`; never the installation).  ``make studies`` names
the table shipped with the package, :data:`STORED_PATH` (``belote_lab/studies/data/``), and
keeps its chunks in ``build/studies/``.  :func:`load` reads a file back (by default the
shipped table) as a :class:`Store`, whose tables
(:meth:`Store.taking`, :meth:`Store.bids`) give each group's n, make rate with its 95%
(Wilson) interval and mean score with its 95% interval, in English or Korean (the tables'
words are the ``studies.`` namespace of the catalogue of words,
``belote_lab/words/en/studies.json`` and ``ko/studies.json``).  A level-4 run also keeps the
numbers of the level 4 that played it (:func:`belote_lab.players.search.settings`):
:meth:`Store.stale` says when they are no longer today's, and the package's tests then ask
for the run to be computed again.  Its code is not compared: a level-4 run cannot be replayed
to check it, as a double-dummy run's first hands are (:func:`recompute_head`), because level
4's searches stop on the clock.

>>> import pandas as pd
>>> rows = pd.DataFrame({"game": "belote", "taker": ["N", "E"], "made": [1, 0],
...     "score_NS": [100, 162], "score_EW": [62, 0], "attack_points": [100, 60],
...     "trump_jack": [True, True], "trump_nine": [False, False], "trumps": [3, 3],
...     "side_aces": [1, 1], "hand_points": [40, 35], "side_points": [80, 70],
...     "bid_value": [0, 0]})
>>> g = groups(rows, "belote")
>>> g["taking"]["1|0|3|1"]
[2, 1, 100, 10000, 160, 13600]
>>> wilson(1, 2, z=Z)   # a row's interval (the package's, at the table's z)
(0.095, 0.905)
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from belote_lab import words
from belote_lab.stats import Z95_EXACT, wilson
from belote_lab.studies import folders

__all__ = [
    "RUNS",
    "TakingRun",
    "STORED_PATH",
    "user_path",
    "chunks_folder",
    "TRUMP_BINS",
    "POINT_BINS",
    "groups",
    "Z",
    "run",
    "load",
    "recompute_head",
    "Store",
    "main",
]

Z = round(Z95_EXACT, 6)
"""The z of the table's intervals: the normal law's 97.5% point to six places (1.959964), as the
shipped table's intervals were computed (elsewhere the package rounds it to 1.96)."""

STORED_PATH = folders.SHIPPED / "taking_study.json"
"""The groups' sums shipped with the package (``belote_lab/studies/data/taking_study.json``):
what :func:`load` reads by default; :func:`run` writes it only when given it
(``make studies``)."""


def user_path() -> Path:
    """Where :func:`run` stores the groups' sums when given no file: ``taking_study.json`` in
    the user's data folder (:func:`belote_lab.studies.folders.data_folder`)."""
    return folders.user_file("taking_study.json")


def chunks_folder() -> Path:
    """Where :func:`run` keeps each study's chunks when given no folder: ``taking_study/`` in
    the user's data folder (``make studies`` names ``build/studies/``)."""
    return folders.data_folder() / "taking_study"


@dataclass(frozen=True)
class TakingRun:
    """One stored study: ``study`` of ``game`` over ``deals`` hands (chunks of ``chunk``)."""

    id: str
    study: str
    game: str
    deals: int
    chunk: int = 250
    play: str = "dd"  # "dd" (double dummy) or "level4"
    head: int = 10  # the first hands, whose groups are stored apart for a check


    def folder(self, chunks: str | Path) -> Path:
        """The folder of this run's chunks in ``chunks`` (:func:`run`'s)."""
        return Path(chunks) / f"{self.study}-{self.game}"


RUNS: tuple[TakingRun, ...] = (
    TakingRun("belote_dd", "dd_hand", "belote", 200_000),
    TakingRun("belote2_dd", "dd_hand", "belote2", 200_000),
    TakingRun("coinche_dd", "dd_hand", "coinche", 12_000),
    TakingRun("belote_l4", "level4", "belote", 400, chunk=25, play="level4", head=2),
    TakingRun("belote2_l4", "level4", "belote2", 400, chunk=25, play="level4", head=2),
)
"""The studies behind notebook 12, with the deals asked for (``make studies``); the file
says how many each has (a shorter run stores fewer, and a later one extends them)."""

TRUMP_BINS = ((0, 2, "≤2"), (3, 3, "3"), (4, 4, "4"), (5, 8, "5+"))
"""How many trumps, in four groups: at most 2, 3, 4, 5 or more."""
POINT_BINS = ((0, 69, "<70"), (70, 89, "70–89"), (90, 109, "90–109"), (110, 200, "110+"))
"""The bidding side's card points under the contract (both partners' hands), in four
groups."""

_SUMS = ("n", "made", "score", "score2", "points", "points2")


def _bin(x: int, bins: Iterable[tuple[int, int, str]]) -> str:
    for lo, hi, name in bins:
        if lo <= x <= hi:
            return name
    raise ValueError(f"{x} is in no group")


def groups(df: Any, game: str) -> dict[str, dict[str, list[int]]]:
    """Each group's sums (:data:`_SUMS`: hands, made, the attack's score and its square,
    its card points and their square) from a study's rows: ``taking`` by ``jack|nine|
    trumps|side aces`` (trump contracts), ``bids`` by ``bid value|points group`` of the
    bidding side's card points (Coinche)."""
    from belote_lab.games import get

    g = get(game)
    side_of = {s: g.sides[g.side_of(s)] for s in g.seats}
    from belote_lab.cards import SEATS

    out: dict[str, dict[str, list[int]]] = {"taking": {}, "bids": {}}
    for r in df.itertuples(index=False):
        side = side_of[SEATS.index(r.taker)]
        score = int(getattr(r, f"score_{side}"))
        pts = int(r.attack_points)
        sums = [1, int(r.made == 1), score, score * score, pts, pts * pts]
        if r.trumps >= 0:
            key = f"{int(r.trump_jack)}|{int(r.trump_nine)}|{int(r.trumps)}|{int(r.side_aces)}"
            _add(out["taking"], key, sums)
        if r.bid_value:
            _add(out["bids"], f"{int(r.bid_value)}|{_bin(int(r.side_points), POINT_BINS)}",
                 sums)
    return out


def _add(table: dict[Any, list[int]], key: Any, sums: list[int]) -> None:
    have = table.setdefault(key, [0] * len(sums))
    for i, x in enumerate(sums):
        have[i] += x


def run(
    runs: Iterable[str] | None = None,
    deals: Mapping[str, int] | None = None,
    path: str | Path | None = None,
    scheduler: str = "local",
    progress: bool = True,
    compute: bool = True,
    chunks: str | Path | None = None,
    start: str | Path | None = None,
) -> dict[str, Any]:
    """Compute the :data:`RUNS` named in ``runs`` (all by default; ``deals`` overrides
    some runs' deals), keeping their chunks in the folder ``chunks`` (default:
    :func:`chunks_folder`, in the user's data folder), and store every run's groups in
    ``path`` (default: :func:`user_path`; the shipped :data:`STORED_PATH` only when named);
    runs not computed keep what the file held.  A file not there yet begins as the one at
    ``start`` (default: the shipped table when ``path`` is not given, else nothing).  With
    ``compute`` false nothing is computed: each run stores the hands its folder holds from
    hand 0 on (a run stopped half-way is stored as far as it went)."""
    from belote_lab.studies import study

    if path is None:
        path, start = user_path(), STORED_PATH if start is None else start
    path = Path(path)
    data = _read(path if path.exists() or start is None else Path(start))
    root = chunks_folder() if chunks is None else Path(chunks)
    chosen = [r for r in RUNS if runs is None or r.id in set(runs)]
    unknown = set(runs or ()) - {r.id for r in RUNS}
    if unknown:
        raise ValueError(f"unknown run {sorted(unknown)}; choose from "
                         f"{', '.join(r.id for r in RUNS)}")
    for r in chosen:
        n = (deals or {}).get(r.id, r.deals)
        t0 = time.perf_counter()
        if compute:
            root.mkdir(parents=True, exist_ok=True)
            df = study.run(r.study, n, game=r.game, chunk=r.chunk, out=r.folder(root),
                           scheduler=scheduler, progress=progress)
        else:
            if not (r.folder(root) / study.META).exists():
                continue
            df = study.load(r.folder(root))
            if not len(df):
                continue
            have = set(df["index"].tolist())
            n = next(i for i in range(len(have) + 1) if i not in have)
            df = df[df["index"] < n]
        data["runs"][r.id] = {
            "study": r.study, "game": r.game, "play": r.play, "deals": len(df),
            "chunk": r.chunk,
            "groups": groups(df, r.game),
            "head": groups(df[df["index"] < r.head], r.game),
        }
        if r.play != "dd":  # the numbers of the levels that played it (see Store.stale)
            data["runs"][r.id]["settings"] = study.stored_settings(r.folder(root))
        _write(path, data)
        if progress:
            print(f"{r.id}: {len(df):,} deals of {r.game} ({r.play}) stored, "
                  f"{time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return data


def recompute_head(run_id: str) -> dict[str, dict[str, list[int]]]:
    """The groups of run ``run_id``'s first hands (:attr:`TakingRun.head`), computed again here
    and now (in this process, in a scratch directory): they equal the stored ``head``
    whatever machine or scheduler made the file."""
    import tempfile

    from belote_lab.studies import study

    r = _run(run_id)
    with tempfile.TemporaryDirectory() as d:
        df = study.run(r.study, r.head, game=r.game, chunk=r.chunk, out=Path(d) / "s",
                       scheduler="serial", progress=False)
    return groups(df, r.game)


def _run(run_id: str) -> TakingRun:
    for r in RUNS:
        if r.id == run_id:
            return r
    raise ValueError(f"unknown run {run_id!r}; choose from {', '.join(x.id for x in RUNS)}")


def _read(path: Path) -> dict[str, Any]:
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return data
    return {"about": "belote_lab.studies.taking_study: groups' sums (n, made, score, score², "
                     "points, points²)", "runs": {}}


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                   encoding="utf-8")
    tmp.replace(path)


def _lang(language: str) -> dict[str, str]:
    """The ``studies.`` texts of ``language`` (belote_lab/words/en/studies.json,
    ko/studies.json): the tables' columns (``col_<name>``), yes and no, how a run was played
    (``play_<play>``)."""
    if language not in words.LANGUAGES:
        raise ValueError(f"language must be 'en' or 'ko', not {language!r}")
    return words.section("studies", language)


class Store:
    """The stored groups of every run (:func:`load`)."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.runs: dict[str, Any] = dict(data.get("runs", {}))

    def deals(self, run_id: str) -> int:
        """How many deals run ``run_id`` holds."""
        return int(self.runs[run_id]["deals"])

    def stale(self, run_id: str) -> bool:
        """Whether run ``run_id`` was played by search levels set otherwise than today's
        (:func:`belote_lab.players.search.settings`: their numbers, not their code): its
        figures then describe those levels, not the package's; :func:`run` computes it again.
        A double-dummy run is never stale.

        >>> load().stale("belote_dd")
        False
        """
        from belote_lab.studies import study

        r = _run(run_id)
        if r.play == "dd":
            return False
        stored = self.runs[run_id].get("settings")
        players = study.study(r.study).defaults["players"]  # the players its study plays with
        return bool(stored != study.search_settings(r.game, players))

    def head(self, run_id: str) -> dict[str, dict[str, list[int]]]:
        """The stored groups of run ``run_id``'s first hands (see :func:`recompute_head`)."""
        out: dict[str, dict[str, list[int]]] = self.runs[run_id]["head"]
        return out

    def _groups(self, run_id: str, table: str) -> dict[str, list[int]]:
        if run_id not in self.runs:
            raise KeyError(f"no run {run_id!r} stored; `make studies` computes it")
        out: dict[str, list[int]] = self.runs[run_id]["groups"][table]
        return out

    def taking(self, run_id: str, by: tuple[str, ...] = ("jack", "nine", "trumps"),
               language: str = "en", min_hands: int = 1, numbers: bool = False) -> Any:
        """The taking table of run ``run_id`` grouped by ``by`` (of ``jack``, ``nine``,
        ``trumps`` — in :data:`TRUMP_BINS` — and ``aces``): a pandas DataFrame, a row a
        group with at least ``min_hands`` hands.  With ``numbers`` the columns are numbers
        (``n made rate low high mean half``: the rate's Wilson interval, the mean score and
        its interval's half-width) for checks, not text to read."""
        w = _lang(language)
        index = {"jack": 0, "nine": 1, "trumps": 2, "aces": 3}
        merged: dict[tuple[Any, ...], list[int]] = {}
        for key, sums in self._groups(run_id, "taking").items():
            parts = [int(x) for x in key.split("|")]
            label: list[Any] = []
            for b in by:
                v = parts[index[b]]
                if b in ("jack", "nine"):
                    label.append(w["yes"] if v else w["no"])
                elif b == "trumps":
                    label.append(_bin(v, TRUMP_BINS))
                else:
                    label.append(v)
            _add(merged, tuple(label), sums)
        order = {"jack": [w["yes"], w["no"]], "nine": [w["yes"], w["no"]],
                 "trumps": [b[2] for b in TRUMP_BINS], "aces": [0, 1, 2, 3]}
        keys = sorted(merged, key=lambda k: [order[b].index(x) for b, x in zip(by, k, strict=True)])
        return self._frame([w[f"col_{b}"] for b in by], keys, merged, language, min_hands,
                           numbers)

    def mean_trumps(self, run_id: str, by: str = "aces") -> dict[int, tuple[int, float]]:
        """How many trumps the takers of run ``run_id`` held on average, by ``by`` (one of
        ``jack``, ``nine`` — 1 or 0 — and ``aces``, the side aces): ``{value: (hands, mean
        trumps)}``, the values in increasing order.  The tables of :meth:`taking` group the
        trumps in :data:`TRUMP_BINS`; this is their exact mean.

        >>> s = Store({"runs": {"x": {"groups": {"taking": {
        ...     "1|0|3|0": [2, 2, 0, 0, 0, 0], "1|0|2|1": [1, 0, 0, 0, 0, 0],
        ...     "0|1|4|0": [1, 1, 0, 0, 0, 0]}}}}})
        >>> s.mean_trumps("x")
        {0: (3, 3.333), 1: (1, 2.0)}
        >>> s.mean_trumps("x", by="jack")
        {0: (1, 4.0), 1: (3, 2.667)}
        """
        index = {"jack": 0, "nine": 1, "aces": 3}
        if by not in index:
            raise ValueError(f"by must be one of {', '.join(index)}, not {by!r}")
        sums: dict[int, list[int]] = {}
        for key, row in self._groups(run_id, "taking").items():
            parts = [int(x) for x in key.split("|")]
            _add(sums, parts[index[by]], [row[0], row[0] * parts[2]])
        return {v: (n, round(t / n, 3)) for v, (n, t) in sorted(sums.items())}

    def bids(self, run_id: str = "coinche_dd", language: str = "en", min_hands: int = 1,
             numbers: bool = False) -> Any:
        """The Coinche bids of run ``run_id``: a row a bid value and the bidding side's
        points group (``numbers``: as in :meth:`taking`)."""
        w = _lang(language)
        dash = "~" if language == "ko" else "–"  # a range in Korean: 70~89
        merged: dict[tuple[Any, ...], list[int]] = {}
        for key, sums in self._groups(run_id, "bids").items():
            value, points = key.split("|")
            _add(merged, (int(value), points.replace("–", dash)), sums)
        names = [b[2].replace("–", dash) for b in POINT_BINS]
        keys = sorted(merged, key=lambda k: (k[0], names.index(k[1])))
        return self._frame([w["col_bid"], w["col_strength"]], keys, merged, language,
                           min_hands, numbers)

    def compare(self, a: str, b: str, language: str = "en") -> Any:
        """Run ``a`` against run ``b`` over all their trump contracts: the make rate and the
        mean score of each, and the difference ``a - b`` with its 95% interval.  The two
        runs are different deals (unpaired): the interval is the normal one of a difference
        of two independent means."""
        import pandas as pd

        w = _lang(language)
        cols = []
        for run_id in (a, b):
            tot = [0] * len(_SUMS)
            for sums in self._groups(run_id, "taking").values():
                for i, x in enumerate(sums):
                    tot[i] += x
            cols.append(tot)
        rows = []
        ko = language == "ko"
        for name, k in ((w["col_made"], 1), (w["col_score"], 2)):
            stats = []
            for n, made, s, s2, _, _ in cols:
                if k == 1:
                    mean, var = made / n, made / n * (1 - made / n)
                else:
                    mean = s / n
                    var = max(s2 / n - mean * mean, 0.0)
                stats.append((mean, var * n / max(n - 1, 1) / n))
            diff = stats[0][0] - stats[1][0]
            half = Z * math.sqrt(stats[0][1] + stats[1][1])
            if k == 1 and ko:  # a difference of rates: percentage points
                shown = [f"{stats[0][0]:.1%}", f"{stats[1][0]:.1%}", f"{100 * diff:+.1f}%p",
                         f"{100 * (diff - half):+.1f}~{100 * (diff + half):+.1f}%p"]
            elif k == 1:
                shown = [f"{stats[0][0]:.1%}", f"{stats[1][0]:.1%}", f"{diff:+.1%}",
                         f"{diff - half:+.1%} … {diff + half:+.1%}"]
            elif ko:
                shown = [f"{stats[0][0]:.1f}", f"{stats[1][0]:.1f}", f"{diff:+.1f}",
                         f"{diff - half:+.1f}~{diff + half:+.1f}"]
            else:
                shown = [f"{stats[0][0]:.1f}", f"{stats[1][0]:.1f}", f"{diff:+.1f}",
                         f"{diff - half:+.1f} … {diff + half:+.1f}"]
            rows.append([name, *shown])
        heads = [words.text("studies.run_head", language, play=w[f"play_{_run(x).play}"],
                            n=f"{c[0]:,}")
                 for x, c in zip((a, b), cols, strict=True)]
        return pd.DataFrame(rows, columns=["", *heads, w["col_diff"], w["col_made_ci"]]
                            ).set_index("")

    @staticmethod
    def _frame(cols: list[str], keys: list[tuple[Any, ...]],
               merged: dict[tuple[Any, ...], list[int]], language: str,
               min_hands: int, numbers: bool = False) -> Any:
        import pandas as pd

        w = _lang(language)
        rows: list[list[Any]] = []
        for k in keys:
            n, made, s, s2, _, _ = merged[k]
            if n < min_hands:
                continue
            lo, hi = wilson(made, n, z=Z)
            mean = s / n
            var = max(s2 / n - mean * mean, 0.0) * n / max(n - 1, 1)
            half = Z * math.sqrt(var / n) if n > 1 else float("nan")
            if numbers:
                rows.append([*k, n, made, made / n, lo, hi, mean, half])
            else:
                span = (f"{100 * lo:.1f}~{100 * hi:.1f}%" if language == "ko" else
                        f"{lo:.1%}–{hi:.1%}")
                rows.append([*k, f"{n:,}", f"{made / n:.1%}", span, round(mean, 1),
                             round(half, 1)])
        names = (["n", "made", "rate", "low", "high", "mean", "half"] if numbers else
                 [w["col_n"], w["col_made"], w["col_made_ci"], w["col_score"],
                  w["col_score_ci"]])
        return pd.DataFrame(rows, columns=[*cols, *names]).set_index(cols)


def load(path: str | Path = STORED_PATH) -> Store:
    """The runs stored in ``path`` (:class:`Store`; default: the table shipped with the
    package, :data:`STORED_PATH`); a missing file is an empty store."""
    return Store(_read(Path(path)))


def main(argv: list[str] | None = None) -> int:
    """``python -m belote_lab.studies.taking_study [--only ID ...] [--deals ID=N ...]``: what
    ``make studies`` runs."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m belote_lab.studies.taking_study",
                                 description="Compute the taking table and the Coinche bid "
                                 "studies (resumable) and store their groups in --out")
    ap.add_argument("--only", nargs="*", choices=[r.id for r in RUNS], help="these runs only")
    ap.add_argument("--deals", nargs="*", default=[], metavar="ID=N",
                    help="another number of deals for a run, e.g. belote_dd=50000")
    ap.add_argument("--scheduler", default="local",
                    help="local (a Dask LocalCluster, default), serial, processes or "
                    "tcp://HOST:PORT")
    ap.add_argument("--out", type=Path, default=None,
                    help="the JSON file (default: taking_study.json in the user's data folder, "
                    "begun from the shipped table; make studies: the shipped table)")
    ap.add_argument("--chunks", type=Path, default=None,
                    help="the folder of the studies' chunks (default: taking_study/ in the "
                    "user's data folder; make studies: build/studies)")
    ap.add_argument("--stored", action="store_true",
                    help="compute nothing: store the hands the chunks' folder already holds")
    args = ap.parse_args(argv)
    deals = {}
    for item in args.deals:
        key, _, value = item.partition("=")
        _run(key)
        if not value.isdigit() or int(value) < 1:
            ap.error(f"--deals {item}: give ID=N with N a whole number of at least 1")
        deals[key] = int(value)
    data = run(args.only, deals, args.out, scheduler=args.scheduler,
               compute=not args.stored, chunks=args.chunks)
    for rid, r in data["runs"].items():
        print(f"{rid}: {r['deals']:,} deals of {r['game']} ({r['play']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
