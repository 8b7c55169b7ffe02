"""Bidding advice that reads the auction, against level 2's call and today's advice: the score
of following each one's call, paired, on seeded auctions (issue 27, item 2).

    python benchmarks/advice_auctions.py [--auctions 2000] [--games belote,coinche,belote2,
        callbreak] [--seed 0] [--samples 40] [--budget 30] [--jobs 1] [--every 100]
        [--out FILE] [--rows FILE] [--pair-with FILE]
    python benchmarks/advice_auctions.py --from-rows FILE [FILE ...] [--out FILE]

For each game, auction ``i`` (``0 … --auctions - 1``) is the hand dealt from seed
``--seed + i`` by the ``i``-th seat in turn.  Level-2 players (:func:`belote_lab.players.
registry.level2`) make every call of it; among the calls where the seat to speak had a choice
(two legal calls or more), one is picked from the seed — so round 1 and round 2 of the taking
games, Coinche's opening bids, bids over a bid, coinche and surcoinche spots, and each
Callbreak call all come up, as often as level-2 play reaches them.  At that decision of seat
``s`` three calls are made on copies of the hand:

* **read**: :func:`belote_lab.coaching.advice.advise` with ``reads_auction=True`` (the deals weighed
by
  the calls made so far), its :attr:`~belote_lab.coaching.advice.Advice.best`;
* **unread**: the same with ``reads_auction=False`` (deals at random: the advice before it
  read the auction), same ``samples``, ``time_budget`` and ``seed`` (the hand's seed);
* **level 2**: the call level 2 makes there (the one the auction went on with).

Each call is followed by level-2 players at every seat to the end of the hand (calls and
cards), and scored by the game's own scoring of the finished hand (``hand.result.score``):
the seat's side's score minus the other side's (Belote, Coinche, two-player Belote), the
seat's own round score (Callbreak).  A hand that everybody passes ends void and counts 0, as
the advice counts a pass.  Two equal calls share one outcome (played once), so their paired
difference is exactly 0.

Printed per game: n auctions; the mean score of each policy with its 95% normal interval; the
paired differences read − level 2, read − unread and unread − level 2 (per auction) with their
95% intervals, and how often each pair of calls differs; the same difference read − level 2
by kind of decision (round 1/2, opening/over a bid/coinche/surcoinche spot, the Callbreak
call's place); for Coinche, restricted to the decisions where a coinche (a surcoinche) was
legal, the mean score difference advised call − level 2's call over the auctions where the
read advice's top call was that coinche, and the same for the unread advice — "does following
the advice's coinche lose on average?".  Also the advice's mean distinct deals (the read
advice simulates a deal drawn twice once; its effective number of deals) and how many advices
drew fewer than ``samples`` deals (the budget ran out first: their figures are not
reproducible), the seconds an auction, the load average at the start and the end.

``--rows FILE`` keeps every auction's row (JSON lines); ``--pair-with FILE`` pairs this run's
read advice with another run's read and unread advice on the same decisions (say, more deals
against fewer, or another model of the calls); ``--from-rows FILE …`` plays nothing and
reports the rows of several runs together (say, seeds 0 and 2000: 4,000 decisions).

One real deal an auction leaves wide intervals (a take against a pass swings a whole hand's
score): ``benchmarks/advice_exact.py --from-rows FILE …`` weighs the same rows' calls on many
deals drawn from the exact posterior of each seat's view, for the same differences with
narrower intervals.

Progress lines (``[so far]``) every ``--every`` auctions.  The issue's run (2,000 auctions a
game): ``python benchmarks/advice_auctions.py --auctions 2000 --jobs 2 --out
benchmarks/results/advice_auctions.txt``.  Targets (issue 27): read above level 2 and above
unread; Coinche's coinche advice no longer loses on average.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from colver_adapter import emitter, mean_ci  # benchmarks/colver_adapter.py (colver optional)
from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.coaching.advice import DOUBLES, advise
from belote_lab.games import Game, get
from belote_lab.games.base import step
from belote_lab.players.registry import level2

GAMES = ("belote", "coinche", "belote2", "callbreak")
POLICIES = ("read", "unread", "level2")
PAIRS = (("read", "level2"), ("read", "unread"), ("unread", "level2"))
NAMES = {"read": "advice(read)", "unread": "advice(unread)", "level2": "level 2"}


@dataclass
class Row:
    """One auction: where it stopped, the three calls and the score of following each."""

    game: str
    index: int
    seed: int
    seat: int
    number: int  # the decision's place among the hand's calls (0-based)
    kind: str  # the kind of decision (see :func:`kind_of`)
    legal: tuple[str, ...]  # the legal calls there, as text
    read: str
    unread: str
    level2: str
    read_score: float
    unread_score: float
    level2_score: float
    samples: int  # the deals each advice was asked for
    read_draws: int  # the deals each advice drew (``samples`` unless the budget ran out)
    unread_draws: int
    read_deals: int  # the distinct deals among them (a deal drawn twice is simulated once)
    unread_deals: int
    read_worth: float  # the read advice's effective number of deals
    reads: bool  # did the read advice weigh its deals (by the calls made so far)?
    ms: float  # the whole auction: both advices and the three hands played out

    def call(self, policy: str) -> str:
        return str(getattr(self, policy))

    def score(self, policy: str) -> float:
        return float(getattr(self, f"{policy}_score"))


# --- one auction ------------------------------------------------------------------------------
def players_of(g: Game, seed: int) -> dict[int, Any]:
    """Fresh level-2 players for every seat (deterministic: the seed is not used)."""
    return {s: level2(g)(seed) for s in g.seats}


def decision(game: str, index: int, seed: int) -> tuple[Any, int] | None:
    """Auction ``index``'s hand stopped at its chosen decision (see the module text), and the
    seed it was dealt from; ``None`` if no call of the hand had a choice."""
    g = get(game)
    hand_seed = seed + index
    h = g.hand_class(g.rules(None), dealer=g.seats[index % len(g.seats)], seed=hand_seed)
    players = players_of(g, hand_seed)
    spots = []
    while h.phase == "bidding":
        if len(h.legal_calls()) > 1:
            spots.append(h.copy())
        step(h, players[h.current_player])
    if not spots:
        return None
    rng = random.Random(f"advice-auctions:{game}:{hand_seed}")
    return spots[rng.randrange(len(spots))], hand_seed


def kind_of(state: Any) -> str:
    """The kind of decision: ``round 1``/``round 2`` (taking games), ``opening``/``over a
    bid``/``coinche``/``surcoinche`` (Coinche: a coinche spot is one where it is legal),
    ``call 1`` … (Callbreak, by place at the table)."""
    g = get(state.game)
    legal = [str(c).lower() for c in state.legal_calls()]
    calls = [a for a in state.actions if a[0] == "call"]
    if g.bidding == "taking":
        return "round 1" if "take" in legal else "round 2"
    if g.bidding == "auction":
        for d in reversed(DOUBLES):
            if d in legal:
                return d
        return "over a bid" if any(v != "pass" for _, _, v in calls) else "opening"
    return f"call {len(calls) + 1}"


def outcome(state: Any, call: Any, seat: int, seed: int) -> float:
    """``call`` made in a copy of ``state``, the hand finished by level-2 players, scored for
    ``seat``: its side's score minus the other side's, or its own score (one side a seat);
    0 for a hand passed out."""
    g = get(state.game)
    h = state.copy()
    h.call(call)
    players = players_of(g, seed)
    while not h.is_over:
        step(h, players[h.current_player])
    if h.phase != "done":  # void: everybody passed
        return 0.0
    score = h.result.score
    mine = g.side_of(seat)
    if len(g.sides) == 2:
        return float(score[g.sides[mine]] - score[g.sides[1 - mine]])
    return float(score[g.sides[mine]])


def measure(game: str, index: int, seed: int, samples: int, budget: float) -> Row | None:
    """Auction ``index`` of ``game``: the three calls at its decision and their scores."""
    got = decision(game, index, seed)
    if got is None:
        return None
    t0 = time.perf_counter()
    state, hand_seed = got
    seat = state.current_player
    legal = state.legal_calls()
    read = advise(state, samples=samples, time_budget=budget, seed=hand_seed, reads_auction=True)
    unread = advise(state, samples=samples, time_budget=budget, seed=hand_seed,
                    reads_auction=False)
    mine = level2(get(game))(hand_seed).choose_call(state.observation(seat))
    scores: dict[str, float] = {}  # call (as text) → outcome: an equal call is played once
    for c in (read.best, unread.best, mine):
        if str(c) not in scores:
            scores[str(c)] = outcome(state, c, seat, hand_seed)
    ms = (time.perf_counter() - t0) * 1e3
    number = sum(1 for a in state.actions if a[0] == "call")
    return Row(game, index, hand_seed, seat, number, kind_of(state),
               tuple(str(c) for c in legal), str(read.best), str(unread.best), str(mine),
               scores[str(read.best)], scores[str(unread.best)], scores[str(mine)], samples,
               read.draws, unread.draws, read.samples, unread.samples, read.worth,
               read.reads_auction, ms)


def measure_args(args: tuple[str, int, int, int, float]) -> Row | None:
    """:func:`measure` of one tuple (for a process pool)."""
    return measure(*args)


# --- the figures ------------------------------------------------------------------------------
def ci_text(xs: list[float]) -> str:
    """``mean ± half`` (95%), ``+0.00 ± 0.00`` for no spread, ``n/a`` for no value.

    >>> ci_text([1.0, 1.0]), ci_text([]), ci_text([2.0])
    ('+1.00 ± 0.00', 'n/a', '+2.00 ± n/a')
    """
    if not xs:
        return "n/a"
    m, h = mean_ci(xs)
    return f"{m:+.2f} ± {h:.2f}" if h == h else f"{m:+.2f} ± n/a"


def diffs(rows: Iterable[Row], a: str, b: str) -> list[float]:
    """The paired differences ``a − b`` a row."""
    return [r.score(a) - r.score(b) for r in rows]


def share(k: int, n: int) -> str:
    """``k`` of ``n`` with its percentage (``0/0`` for none).

    >>> share(3, 12), share(0, 0)
    ('3/12 (25%)', '0/0')
    """
    return f"{k}/{n} ({k / n:.0%})" if n else "0/0"


def differ(rows: list[Row], a: str, b: str) -> str:
    """How often the calls of ``a`` and ``b`` differ."""
    return share(sum(r.call(a) != r.call(b) for r in rows), len(rows))


def report(rows: list[Row], game: str) -> str:
    """The summary of one game's auctions (see the module text)."""
    n = len(rows)
    if not n:
        return f"{game}: no auctions"
    measure_ = "seat's own score" if len(get(game).sides) > 2 else "side's margin"
    lines = [f"{game}: n = {n} auctions (score: the {measure_})"]
    lines.append("  mean score: " + "; ".join(
        f"{NAMES[p]} {ci_text([r.score(p) for r in rows])}" for p in POLICIES))
    for a, b in PAIRS:
        lines.append(f"  paired {NAMES[a]} − {NAMES[b]}: {ci_text(diffs(rows, a, b))}; "
                     f"calls differ {differ(rows, a, b)}")
    kinds = sorted({r.kind for r in rows})
    lines.append("  read − level 2 by decision (n, mean ± 95%): " + "; ".join(
        f"{k}: {len(rs)}, {ci_text(diffs(rs, 'read', 'level2'))}"
        for k in kinds for rs in [[r for r in rows if r.kind == k]]))
    if get(game).bidding == "auction":
        lines += [doubles(rows, d) for d in DOUBLES]
    short = sum((r.read_draws < r.samples) + (r.unread_draws < r.samples) for r in rows)
    reads = sum(r.reads for r in rows)
    lines.append(
        f"  advice deals: read {sum(r.read_deals for r in rows) / n:.1f} distinct (worth "
        f"{sum(r.read_worth for r in rows) / n:.1f}), unread "
        f"{sum(r.unread_deals for r in rows) / n:.1f}; fewer than {rows[0].samples} drawn "
        f"(budget out) {short} time(s) in {2 * n} advices; the read advice read the auction "
        f"in {reads}/{n}"
        + ("" if reads else " (this game's calls are not replayed: read = unread)")
        + f"; {sum(r.ms for r in rows) / n / 1e3:.2f} s an auction")
    return "\n".join(lines)


def doubles(rows: list[Row], double: str) -> str:
    """Coinche, where ``double`` (coinche or surcoinche) was legal: the three policies, and
    the advised call − level 2's over the auctions where each advice's top call was it."""
    legal = [r for r in rows if double in r.legal]
    head = f"  {double} legal: n = {len(legal)}"
    if not legal:
        return head
    out = [f"{head}; read − level 2 {ci_text(diffs(legal, 'read', 'level2'))}, unread − "
           f"level 2 {ci_text(diffs(legal, 'unread', 'level2'))}; level 2 {double}s "
           f"{sum(r.level2 == double for r in legal)}"]
    for p in ("read", "unread"):
        rs = [r for r in legal if r.call(p) == double]
        out.append(f"    {NAMES[p]} advises {double}: n = {len(rs)}, advised − level 2 "
                   f"{ci_text(diffs(rs, p, 'level2'))}")
    return "\n".join(out)


def progress(rows: list[Row], game: str, done: int, total: int, wall: float) -> str:
    """A ``[so far]`` line."""
    means = ", ".join(f"{NAMES[p]} {sum(r.score(p) for r in rows) / max(len(rows), 1):+.1f}"
                      for p in POLICIES)
    return (f"[so far] {game} {done}/{total}: {means}; read − level 2 "
            f"{ci_text(diffs(rows, 'read', 'level2'))}, read − unread "
            f"{ci_text(diffs(rows, 'read', 'unread'))}; {wall / max(done, 1):.2f} s an auction; "
            f"load {load_average() or 'n/a'}")


def save_rows(by_game: dict[str, list[Row]], path: str) -> None:
    """Every row as a JSON line (``--rows``), for :func:`paired_with` to pair another run."""
    with open(path, "w", encoding="utf-8") as f:
        for rows in by_game.values():
            for r in rows:
                f.write(json.dumps(dataclasses.asdict(r), ensure_ascii=False) + "\n")


def load_rows(path: str) -> list[Row]:
    """The rows :func:`save_rows` wrote."""
    with open(path, encoding="utf-8") as f:
        return [Row(**{**d, "legal": tuple(d["legal"])}) for d in map(json.loads, f) if d]


def paired_with(rows: list[Row], other: list[Row], game: str, label: str) -> str:
    """This run's read advice against another run's read and unread advice (``--pair-with``),
    auction by auction: rows of the same game, index and seed (the same decision).

    >>> a = Row("belote", 0, 0, 1, 0, "round 1", ("take", "pass"), "take", "pass", "pass",
    ...         10.0, 0.0, 0.0, 40, 40, 40, 40, 40, 40.0, True, 1.0)
    >>> b = dataclasses.replace(a, read="pass", read_score=0.0, samples=200)
    >>> print(paired_with([a], [b], "belote", "B"))
    belote, paired with B on 1 auctions (the same decisions):
      read − read(B): +10.00 ± n/a; calls differ 1/1 (100%)
      read − unread(B): +10.00 ± n/a; calls differ 1/1 (100%)
    """
    theirs = {(r.game, r.index, r.seed): r for r in other if r.game == game}
    both = [(r, theirs[k]) for r in rows for k in [(r.game, r.index, r.seed)] if k in theirs]
    out = [f"{game}, paired with {label} on {len(both)} auctions (the same decisions):"]
    for p in ("read", "unread"):
        xs = [a.read_score - b.score(p) for a, b in both]
        k = sum(a.read != b.call(p) for a, b in both)
        out.append(f"  read − {p}({label}): {ci_text(xs)}; calls differ {share(k, len(both))}")
    return "\n".join(out)


def pooled(runs: Iterable[list[Row]]) -> list[Row]:
    """The rows of several runs together, in order; a ValueError when a decision (a game's
    seed) is in more than one run."""
    seen: set[tuple[str, int]] = set()
    out: list[Row] = []
    for rows in runs:
        for r in rows:
            if (r.game, r.seed) in seen:
                raise ValueError(f"the decision of {r.game} seed {r.seed} is in more than one file")
            seen.add((r.game, r.seed))
            out.append(r)
    return out


def pooled_report(runs: list[list[Row]], names: list[str]) -> str:
    """The report of each game over the rows of several runs together (``--from-rows``): the
    same decisions may not come twice (say, seeds 0 and 2000 of 2,000 auctions each), and
    every row must have asked for the same number of deals.

    >>> a = Row("belote", 0, 0, 1, 0, "round 1", ("take", "pass"), "take", "pass", "pass",
    ...         10.0, 0.0, 0.0, 40, 40, 40, 40, 40, 40.0, True, 1.0)
    >>> print(pooled_report([[a], [dataclasses.replace(a, seed=9)]], ["A", "B"]).splitlines()[1])
    belote: n = 2 auctions (score: the side's margin)
    >>> pooled_report([[a], [a]], ["A", "B"])
    Traceback (most recent call last):
    ...
    ValueError: the decision of belote seed 0 is in more than one file
    """
    by_game: dict[str, list[Row]] = {}
    for r in pooled(runs):
        by_game.setdefault(r.game, []).append(r)
    samples = {r.samples for rs in by_game.values() for r in rs}
    if len(samples) > 1:
        raise ValueError(f"the rows asked for different numbers of deals: {sorted(samples)}")
    head = (f"advice_auctions --from-rows {' '.join(names)}: "
            f"{sum(map(len, runs))} decisions, advice samples={samples.pop() if samples else '-'}")
    return "\n".join([head, *(report(rs, g) for g, rs in by_game.items())])


# --- running ----------------------------------------------------------------------------------
def mapped(f: Callable[[Any], Any], tasks: list[Any], jobs: int, chunksize: int = 1,
           ) -> Iterator[Any]:
    """``f`` of every task, in order, by ``jobs`` processes (``f`` a module-level function,
    for the spawned processes to import)."""
    if jobs <= 1:
        yield from map(f, tasks)
        return
    from multiprocessing import get_context

    with get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(f, tasks, chunksize=chunksize)


def rows_of(tasks: list[tuple[str, int, int, int, float]], jobs: int) -> Iterator[Row | None]:
    """The rows of ``tasks`` in order, by ``jobs`` processes."""
    return mapped(measure_args, tasks, jobs)


def run(games: list[str], auctions: int, seed: int, samples: int, budget: float, jobs: int,
        every: int, emit: Callable[[str], None]) -> dict[str, list[Row]]:
    """Every game's auctions, with progress lines; the rows by game."""
    out: dict[str, list[Row]] = {}
    for game in games:
        t0 = time.perf_counter()
        rows: list[Row] = []
        tasks = [(game, i, seed, samples, budget) for i in range(auctions)]
        for done, row in enumerate(rows_of(tasks, jobs), 1):
            if row is not None:
                rows.append(row)
            if every and done % every == 0 and done < auctions:
                emit(progress(rows, game, done, auctions, time.perf_counter() - t0))
        out[game] = rows
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated games (all four)")
    p.add_argument("--auctions", type=int, default=2000, help="seeded auctions a game (2000)")
    p.add_argument("--seed", type=int, default=0, help="auction i is dealt from seed + i (0)")
    p.add_argument("--samples", type=int, default=40, help="the advice's deals at most (40)")
    p.add_argument("--budget", type=float, default=30.0,
                   help="the advice's seconds (30: the samples are reached)")
    p.add_argument("--jobs", type=int, default=1, help="processes sharing the auctions (1)")
    p.add_argument("--every", type=int, default=100, help="a [so far] line every K auctions")
    p.add_argument("--out", default=None, help="also append the summary to this file")
    p.add_argument("--rows", default=None,
                   help="write every auction's row to this JSON-lines file")
    p.add_argument("--pair-with", nargs="+", default=None, metavar="FILE",
                   help="pair the read advice with other runs' --rows files (their rows "
                   "together), auction by auction; also with --from-rows")
    p.add_argument("--from-rows", nargs="+", default=None, metavar="FILE",
                   help="play nothing: the report over the rows of these --rows files together")
    a = p.parse_args(argv)
    try:  # read before a run, so that a bad file stops it at once
        other = [r for f in a.pair_with or () for r in load_rows(f)]
    except (OSError, ValueError, TypeError, KeyError) as e:
        p.error(f"--pair-with: {e}")
    label = " + ".join(a.pair_with or ())
    if a.from_rows:
        try:
            runs = [load_rows(f) for f in a.from_rows]
            text = pooled_report(runs, a.from_rows)
        except (OSError, ValueError, TypeError, KeyError) as e:
            p.error(f"--from-rows: {e}")
        if a.pair_with:  # each game's pooled rows against the other runs' pooled rows
            pooled = [r for rs in runs for r in rs]
            for game in dict.fromkeys(r.game for r in pooled):
                rows = [r for r in pooled if r.game == game]
                text += "\n" + paired_with(rows, other, game, label)
        emitter(a.out)(text)
        return 0
    games = [g.strip() for g in a.games.split(",") if g.strip()]
    for g in games:
        get(g)  # an unknown game stops here
    if a.auctions < 1 or a.jobs < 1:
        p.error("--auctions and --jobs must be at least 1")
    emit = emitter(a.out)
    emit(f"advice_auctions: {a.auctions} auctions a game ({', '.join(games)}), seed {a.seed}, "
         f"advice samples={a.samples} time_budget={a.budget}, {a.jobs} job(s); start "
         f"{time.ctime()}; load average {load_average() or 'n/a'}")
    advise(get("belote").hand_class(seed=0), samples=1)  # the solver's first load, not timed
    t0 = time.perf_counter()
    by_game = run(games, a.auctions, a.seed, a.samples, a.budget, a.jobs, a.every, emit)
    wall = time.perf_counter() - t0
    for game in games:
        emit(report(by_game[game], game))
        if a.pair_with:
            emit(paired_with(by_game[game], other, game, label))
    if a.rows:
        save_rows(by_game, a.rows)
    dropped = a.auctions * len(games) - sum(len(rs) for rs in by_game.values())
    emit(f"({dropped} auctions dropped: no call with a choice; {wall:.0f} s with {a.jobs} "
         f"job(s); load average {load_average() or 'n/a'}; end {time.ctime()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
