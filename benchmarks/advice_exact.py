"""The bidding-advice benchmark's paired differences, each auction weighed on many deals drawn
from the exact posterior of what its seat saw (issue 27, item 2).

    python benchmarks/advice_exact.py --from-rows FILE [FILE ...] [--draws 200] [--seed 0]
        [--jobs 1] [--games belote,belote2,callbreak] [--out FILE] [--rows FILE]

:mod:`advice_auctions` scores each of its three calls (the read advice's, the unread advice's,
level 2's) on the auction's real deal: one deal, so one auction's difference swings by a whole
hand's score (a take against a pass, ±100 and more), and 2,000 auctions leave an interval of
±1–2 points in Belote.  Here each auction whose calls differ is weighed instead on ``--draws``
deals drawn from the exact posterior of its seat's view, and each call's score is its mean
over them: the conditional expectation of the real deal's score given what the seat saw.
Its mean over the auctions estimates the very quantity the real-deal mean estimates (the law
of total expectation), with less spread: only the auctions' own differences are left, not
the luck of the one deal (Rao–Blackwell; "conditional Monte Carlo").

Why the posterior is exact: an auction of :mod:`advice_auctions` is a hand dealt from a
uniformly shuffled deck, whose calls level-2 players make, deterministically, from their own
cards.  So the deals the seat cannot tell from the real one are the decks that keep every
card the seat sees (its own and the turned card) in its place, shuffle the others uniformly,
and on which level 2 makes the very calls made so far (and which are not redealt before the
calls: Callbreak's redeal).  :func:`posterior` draws such decks by rejection: a deck whose
replayed calls differ is dropped.  One more thing shapes which decision an auction asks
about: it is drawn uniformly among the hand's calls with a choice (``spots``), and their
number depends on the calls to come, hence on the hidden cards.  Each drawn deck is weighed
by one over its hand's number of spots (level 2 going on from the decision), so that the
weighted deals are distributed as the benchmark's own real deals are, given the seat's view.

Each call is followed, on each drawn deal, exactly as :func:`advice_auctions.outcome`
follows it on the real one (level-2 players at every seat to the end of the hand, the game's
own scoring, 0 for a hand passed out).  Auctions whose three calls are equal have the
difference 0 either way and draw nothing.  Printed per game: the paired differences read −
level 2, read − unread and unread − level 2 on the real deals (as :mod:`advice_auctions`
prints them) and on the posterior's deals, with 95% intervals over the auctions; and the
check: the real deal's difference minus the posterior's mean, per auction that differs,
whose mean must be 0 within its interval if the posterior is right.  The rows
(:mod:`advice_auctions`' ``--rows`` files) must have been made by the code whose advice is
judged: only their calls are read, the advice is not asked again.

The sampler is checked in ``tests/test_advice_exact.py``: each drawn deck keeps the seat's
cards, the turned card and the calls, and the real deal is among the decks it may draw.
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

from advice_auctions import (
    PAIRS,
    Row,
    ci_text,
    decision,
    kind_of,
    load_rows,
    mapped,
    outcome,
    players_of,
    pooled,
)
from colver_adapter import emitter  # benchmarks/colver_adapter.py (colver optional)
from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.cards import Card, CardSet
from belote_lab.games import get

MAX_TRIES = 200_000
"""Decks tried at most for one auction (a call so rare that fewer are kept stops there; when
none is kept, the auction is weighed on its real deal alone, itself a draw of the posterior:
the report says how many)."""


@dataclass(frozen=True)
class Exact:
    """One auction of a rows file, weighed on the posterior's deals: each call's mean score
    (``means``, by call as text), how many deals were kept of how many tried, the effective
    number of the kept deals' weights (Kish)."""

    game: str
    index: int
    seed: int
    kind: str
    read: str
    unread: str
    level2: str
    real: dict[str, float]  # each policy's score on the real deal (the row's)
    means: dict[str, float]  # each distinct call's mean over the posterior's deals
    kept: int
    tried: int
    worth: float

    def real_diff(self, a: str, b: str) -> float:
        return self.real[a] - self.real[b]

    def diff(self, a: str, b: str) -> float:
        """``a − b`` on the posterior's deals (0 for equal calls)."""
        ca, cb = getattr(self, a), getattr(self, b)
        return 0.0 if ca == cb else self.means[ca] - self.means[cb]

    @property
    def differs(self) -> bool:
        return len({self.read, self.unread, self.level2}) > 1


def visible(state: Any, seat: int) -> set[Card]:
    """The cards ``seat`` sees at a call: its own and the turned card (if any)."""
    seen = set(CardSet(state.hands[seat]))
    turned = getattr(state, "turned", None)
    if turned is not None:
        seen.add(turned)
    return seen


def _replayed(state: Any, seat: int, deck: list[Card], players: dict[int, Any],
              record: dict[str, Any] | None = None) -> tuple[Any, int] | None:
    """The hand dealt from ``deck`` with ``state``'s calls made again: the other seats' by
    level 2 (``None`` if one differs, or if the deck is redealt before the calls), the seat's
    own as made; and the spots (calls with a choice) before the decision.  ``record``:
    ``state.to_json()``, when the caller has it already."""
    data = {**(record or state.to_json()), "deck": [c.text for c in deck], "actions": []}
    h = type(state).from_json(data)
    if h.phase != "bidding":
        return None
    spots = 0
    for action in state.actions:
        spots += len(h.legal_calls()) > 1
        actor = h.current_player
        if actor == seat:
            h.call(action[2])
            continue
        h.call(players[actor].choose_call(h.observation(actor)))
        if h.actions[-1] != action:
            return None
    return h, spots


def spots_after(h: Any, players: dict[int, Any]) -> int:
    """The calls with a choice from ``h``'s decision on (itself included), level 2 calling."""
    h = h.copy()
    n = 0
    while h.phase == "bidding":
        n += len(h.legal_calls()) > 1
        h.call(players[h.current_player].choose_call(h.observation(h.current_player)))
    return n


def posterior(state: Any, seat: int, hand_seed: int, rng: random.Random,
              ) -> Iterator[tuple[Any, float] | None]:
    """Decks drawn from the exact posterior of ``seat``'s view of ``state`` (a decision of
    :func:`advice_auctions.decision`): for each deck tried, ``None`` when it is dropped, else
    the hand at the decision and its weight (one over the hand's spots)."""
    g = get(state.game)
    players = players_of(g, hand_seed)
    deck = list(state.deck)
    seen = visible(state, seat)
    free = [i for i, c in enumerate(deck) if c not in seen]
    record = state.to_json()  # the same rules and dealer for every deck tried
    while True:
        cards = [deck[i] for i in free]
        rng.shuffle(cards)
        new = list(deck)
        for i, c in zip(free, cards, strict=True):
            new[i] = c
        got = _replayed(state, seat, new, players, record)
        if got is None:
            yield None
            continue
        h, before = got
        yield h, 1.0 / (before + spots_after(h, players))


def exact(row: Row, draws: int, seed: int = 0) -> Exact:
    """``row``'s auction weighed on ``draws`` deals of the posterior (none when its three
    calls are equal)."""
    calls = {"read": row.read, "unread": row.unread, "level2": row.level2}
    real = {p: row.score(p) for p in calls}
    distinct = list(dict.fromkeys(calls.values()))
    base = dict(game=row.game, index=row.index, seed=row.seed, kind=row.kind, **calls,
                real=real)
    if len(distinct) == 1:
        return Exact(**base, means={distinct[0]: 0.0}, kept=0, tried=0, worth=0.0)
    got = decision(row.game, row.index, row.seed - row.index)
    assert got is not None and got[1] == row.seed, f"{row.game} seed {row.seed}: no decision"
    state, hand_seed = got
    seat = state.current_player
    if seat != row.seat or [str(c) for c in state.legal_calls()] != list(row.legal):
        raise ValueError(f"{row.game} seed {row.seed}: the rows' decision is not this code's")
    rng = random.Random(f"advice-exact:{row.game}:{row.seed}:{seed}")
    sums = dict.fromkeys(distinct, 0.0)
    weights: list[float] = []
    tried = 0
    for got_h in posterior(state, seat, hand_seed, rng):
        tried += 1
        if got_h is not None:
            h, w = got_h
            weights.append(w)
            for c in distinct:
                sums[c] += w * outcome(h, c, seat, hand_seed)
        if len(weights) == draws or tried >= MAX_TRIES:
            break
    total = sum(weights)
    if not total:  # a view so rare that no deck was kept: the real deal, one draw of it
        return Exact(**base, means={calls[p]: real[p] for p in calls}, kept=0, tried=tried,
                     worth=1.0)
    worth = total * total / sum(w * w for w in weights)
    return Exact(**base, means={c: s / total for c, s in sums.items()}, kept=len(weights),
                 tried=tried, worth=worth)


def exact_args(args: tuple[Row, int, int]) -> Exact:
    return exact(*args)


def probe(game: str, index: int, seed: int) -> Row | None:
    """A row of no advice, to check the posterior (``--validate``): auction ``index`` of
    :func:`advice_auctions.decision` with level 2's call and another legal call drawn from the
    seed (as ``read``; ``unread`` is level 2's), each scored on the real deal."""
    got = decision(game, index, seed)
    if got is None:
        return None
    state, hand_seed = got
    seat = state.current_player
    legal = [str(c) for c in state.legal_calls()]
    mine = str(players_of(get(game), hand_seed)[seat].choose_call(state.observation(seat)))
    rng = random.Random(f"advice-exact-probe:{game}:{hand_seed}")
    other = rng.choice([c for c in legal if c != mine])
    s_other, s_mine = (outcome(state, c, seat, hand_seed) for c in (other, mine))
    number = sum(1 for a in state.actions if a[0] == "call")
    return Row(game, index, hand_seed, seat, number, kind_of(state), tuple(legal), other, mine,
               mine, s_other, s_mine, s_mine, 0, 0, 0, 0, 0, 0.0, False, 0.0)


def probe_args(args: tuple[str, int, int]) -> Row | None:
    return probe(*args)


def report(xs: list[Exact], game: str) -> str:
    """One game's figures (see the module text)."""
    differ = [x for x in xs if x.differs]
    kept = sum(x.kept for x in differ)
    tried = sum(x.tried for x in differ)
    lines = [f"{game}: n = {len(xs)} auctions; {len(differ)} with calls that differ, each "
             f"weighed on {kept / max(len(differ), 1):.0f} deals of the posterior (worth "
             f"{sum(x.worth for x in differ) / max(len(differ), 1):.0f} after the spots' "
             f"weights; {kept / max(tried, 1):.0%} of the decks tried kept)"]
    alone = sum(1 for x in differ if not x.kept)
    if alone:
        lines.append(f"  ({alone} of them on the real deal alone: no deck of {MAX_TRIES:,} "
                     "tried kept its calls)")
    for a, b in PAIRS:
        real = [x.real_diff(a, b) for x in xs]
        post = [x.diff(a, b) for x in xs]
        lines.append(f"  {a} − {b}: real deal {ci_text(real)}; posterior {ci_text(post)}")
    lines.append("  check, real deal − posterior, over the auctions that differ: " + "; ".join(
        f"{a} − {b} {ci_text([x.real_diff(a, b) - x.diff(a, b) for x in differ])}"
        for a, b in PAIRS))
    kinds = sorted({x.kind for x in xs})
    lines.append("  read − unread on the posterior by decision (n, mean ± 95%): " + "; ".join(
        f"{k}: {len(ks)}, {ci_text([x.diff('read', 'unread') for x in ks])}"
        for k in kinds for ks in [[x for x in xs if x.kind == k]]))
    return "\n".join(lines)


def rows_of(files: list[str], games: set[str] | None) -> list[Row]:
    """The rows of ``files`` (of ``games``), each decision once
    (:func:`advice_auctions.pooled`)."""
    return pooled([[r for r in load_rows(f) if not games or r.game in games] for f in files])


def weighed(rows: list[Row], draws: int, seed: int, jobs: int) -> Iterable[Exact]:
    """:func:`exact` of every row, in order, by ``jobs`` processes."""
    return mapped(exact_args, [(r, draws, seed) for r in rows], jobs, chunksize=4)


def run(rows: list[Row], draws: int, seed: int, jobs: int, every: int,
        emit: Callable[[str], None]) -> list[Exact]:
    out: list[Exact] = []
    t0 = time.perf_counter()
    for k, x in enumerate(weighed(rows, draws, seed, jobs), 1):
        out.append(x)
        if every and k % every == 0 and k < len(rows):
            emit(f"[so far] {k}/{len(rows)} auctions, {time.perf_counter() - t0:.0f} s; "
                 f"load {load_average() or 'n/a'}")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--from-rows", nargs="+", default=None, metavar="FILE",
                   help="advice_auctions.py --rows files (a decision in one file only)")
    p.add_argument("--validate", type=int, default=0, metavar="N",
                   help="instead of rows: N fresh auctions a game of --games from --auction-seed, "
                   "level 2's call against another legal call (no advice): the check alone")
    p.add_argument("--auction-seed", type=int, default=100_000,
                   help="--validate's auction i is dealt from this + i (100000)")
    p.add_argument("--draws", type=int, default=200,
                   help="deals of the posterior kept an auction whose calls differ (200)")
    p.add_argument("--seed", type=int, default=0, help="seeds the posterior's draws (0)")
    p.add_argument("--games", default=None, help="comma-separated games (all in the rows)")
    p.add_argument("--jobs", type=int, default=1, help="processes (1)")
    p.add_argument("--every", type=int, default=500, help="a [so far] line every K auctions")
    p.add_argument("--out", default=None, help="also append the summary to this file")
    p.add_argument("--rows", default=None, help="write every auction's figures (JSON lines)")
    a = p.parse_args(argv)
    if a.draws < 1 or a.jobs < 1:
        p.error("--draws and --jobs must be at least 1")
    games = {g.strip() for g in a.games.split(",") if g.strip()} if a.games else None
    try:
        for g in games or ():
            get(g)
    except ValueError as e:
        p.error(f"--games: {e}")
    if bool(a.from_rows) == bool(a.validate):
        p.error("give --from-rows or --validate N (one of them)")
    if a.validate:
        if not games:
            p.error("--validate needs --games")
        tasks = [(g, i, a.auction_seed) for g in sorted(games) for i in range(a.validate)]
        rows = [r for r in mapped(probe_args, tasks, a.jobs, chunksize=4) if r is not None]
        source = f"--validate {a.validate} --auction-seed {a.auction_seed} (no advice)"
    else:
        try:
            rows = rows_of(a.from_rows, games)
        except (OSError, ValueError, TypeError, KeyError) as e:
            p.error(f"--from-rows: {e}")
        source = f"--from-rows {' '.join(a.from_rows)}"
    emit = emitter(a.out)
    emit(f"advice_exact {source}: {len(rows)} auctions, "
         f"{a.draws} deals of the posterior an auction whose calls differ, seed {a.seed}, "
         f"{a.jobs} job(s); start {time.ctime()}; load average {load_average() or 'n/a'}")
    t0 = time.perf_counter()
    xs = run(rows, a.draws, a.seed, a.jobs, a.every, emit)
    for game in dict.fromkeys(x.game for x in xs):
        emit(report([x for x in xs if x.game == game], game))
    if a.rows:
        with open(a.rows, "w", encoding="utf-8") as f:
            for x in xs:
                f.write(json.dumps(dataclasses.asdict(x), ensure_ascii=False) + "\n")
    emit(f"({time.perf_counter() - t0:.0f} s with {a.jobs} job(s); load average "
         f"{load_average() or 'n/a'}; end {time.ctime()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
