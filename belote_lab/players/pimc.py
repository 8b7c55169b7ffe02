"""Card-play hints: what each playable card is worth, from what the seat to play may see.

:func:`hint` samples the hidden cards consistently with everything the seat knows
(:func:`~belote_lab.players.sampling.iter_deals`), draws them in proportion to the likelihood
of the other seats' calls and cards (:func:`~belote_lab.players.inference.drawn`; not in
two-player Belote's play), solves each deal drawn once, counts it as often as drawn, and
averages: perfect-information Monte Carlo.  When nothing is hidden any more (two-player
Belote once the stock is empty, or ``all_visible=True``) it solves the one real deal and the
values are exact.  The public home of these names is
:mod:`belote_lab.coaching.hints`; they live here so that the search players can use them.

Two ways to spend the time budget.  The search players' (``min_deals=0``, as they were
tuned): every deal solved exactly while the first fits in half the budget, else every deal
played on by level-2 players down to :data:`~belote_lab.players.tuning.SOLVE_AT` first.
The hints for people (``min_deals`` > 0, :func:`belote_lab.coaching.hints.hint`): each deal gets a
share of solver nodes that lets ``min_deals`` deals fit, and is solved exactly within it,
to a tolerance past it, or played on first when it needs more than two shares
(:func:`_fit_deals`); :class:`Hint` says how many deals were played on and to what
tolerance.

>>> from belote_lab.games.callbreak import CallbreakHand
>>> h = CallbreakHand(seed=2)
>>> for call in (2, 3, 2, 3):
...     h.call(call)
>>> while len(h.tricks) < 10:
...     h.play(min(h.legal_cards()))
>>> hn = hint(h, all_visible=True)
>>> hn.exact, hn.samples, hn.unit, sorted(hn.values) == sorted(h.legal_cards())
(True, 1, 'tricks', True)
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from belote_lab._jit import HAVE_NUMBA
from belote_lab.cards import SEATS, Card
from belote_lab.games import get
from belote_lab.games.base import TrickPlay
from belote_lab.players.inference import OVERSAMPLE, POOL_SHARE, drawn, effective, replayable
from belote_lab.players.sampling import (
    NoConsistentDeal,
    determined,
    iter_deals,
    rollouts,
    score_margin,
    tricks_left,
)
from belote_lab.players.tuning import (
    HINT_HORIZON,
    HINT_NODE_RATE,
    HINT_SOLVE_FROM,
    HINT_TOLERANCE,
    SOLVE_AT,
    per_game,
)
from belote_lab.solver.position import (
    Estimate,
    Position,
    SearchAborted,
    estimate_position,
    position_of,
    solve_position,
)

__all__ = [
    "CardValue",
    "Hint",
    "MAX_SAMPLES",
    "OBJECTIVES",
    "RANGE_SAMPLES",
    "hint",
]

OBJECTIVES = ("points", "score")
"""What a hint averages: the card points (Callbreak: tricks) the side wins from here, or
what the hand *scores* with them (:func:`~belote_lab.players.sampling.score_margin`)."""

MAX_SAMPLES = 1_000_000
"""The most deals :func:`hint` may be asked for (its time budget ends it long before)."""

RANGE_SAMPLES = 20
"""The fewest sampled deals whose lowest and highest values a hint shows (fewer say little
of the spread); :func:`belote_lab.coaching.hints.hint` evaluates the deals cheaply enough for this
many to fit in its time budget."""


@dataclass(frozen=True)
class CardValue:
    """A card's value over the sampled deals (card points, or tricks in Callbreak)."""

    card: Card
    mean: float
    std: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card.text,
            "mean": round(self.mean, 2),
            "std": round(self.std, 2),
            "low": round(self.low, 2),
            "high": round(self.high, 2),
        }

    @classmethod
    def of(cls, card: Card, values: list[float]) -> CardValue:
        """The mean, standard deviation, lowest and highest of ``values``.

        >>> CardValue.of(Card.parse("AS"), [1.0, 3.0]).std
        1.0
        """
        mean = sum(values) / len(values)
        var = sum((v - mean) ** 2 for v in values) / len(values)
        return cls(card, mean, math.sqrt(var), min(values), max(values))


@dataclass(frozen=True)
class Hint:
    """The values of the playable cards for ``seat``'s side, best first, and how they were
    found: ``samples`` deals (one, the real one, when ``exact``), ``played_on`` of them played
    on by level-2 players down to ``horizon`` tricks left before the solver, the others solved
    from here with every card's value within ``tolerance`` of the exact one (0: exact).

    >>> from belote_lab.cards import Card
    >>> v = CardValue.of(Card.parse("AS"), [60.0, 80.0])
    >>> hn = Hint(0, {v.card: v}, samples=12, exact=False, ms=5.0, tolerance=2.0)
    >>> hn.shows_range, str(hn)
    (False, 'N (12 sampled deals, values within ±2 points): A♠ 70.0')
    >>> str(Hint(0, {v.card: v}, samples=20, exact=False, ms=5.0))
    'N (20 sampled deals): A♠ 70.0 (60–80)'
    """

    seat: int
    values: dict[Card, CardValue]
    samples: int
    exact: bool
    ms: float
    unit: str = "points"
    objective: str = "points"
    horizon: int = 0
    """0 when each deal was solved from here to the end; else ``played_on`` deals were played
    on by level-2 players down to this many tricks left, then solved (deals too long to solve
    in the time given)."""
    tolerance: float = 0.0
    """How far (in ``unit``) a card's value on a solved deal may be from its exact value: 0,
    or the tolerance of the deals that took more than their share of the search."""
    played_on: int = 0
    """How many of the deals were played on down to ``horizon``."""
    per_deal: dict[Card, tuple[float, ...]] = field(
        default_factory=dict, repr=False, compare=False
    )
    """Each card's value on each deal drawn, in the order of the draws (a deal drawn twice
    comes twice; the same deals for every card: two cards are compared deal by deal, as
    :mod:`belote_lab.coaching.review` does); not compared, not in :meth:`to_json`."""
    effective: float = 0.0
    """How many independent deals the draws are worth (Kish's effective sample size of
    how often each deal was drawn: ``samples`` when each was drawn once; 0: not counted):
    what a 95% interval over :attr:`per_deal` divides by (:attr:`worth`)."""
    weighted: bool = False
    """Were the deals drawn by the inference's weights (what the calls and the cards played
    say of the hidden hands, :mod:`belote_lab.players.inference`)?"""

    RANGE_SAMPLES: ClassVar[int] = RANGE_SAMPLES

    @property
    def best(self) -> Card:
        return max(self.values.values(), key=lambda v: v.mean).card

    @property
    def draws(self) -> int:
        """The deals drawn (:attr:`samples` distinct ones, a deal drawn twice counted twice):
        what the ``samples`` argument of :func:`hint` caps."""
        return max((len(v) for v in self.per_deal.values()), default=self.samples)

    @property
    def worth(self) -> float:
        """:attr:`effective`, or :attr:`samples` when it is not set."""
        return self.effective or float(self.samples)

    @property
    def shows_range(self) -> bool:
        """Are the values' lowest and highest worth showing? (exact, or enough deals)"""
        return self.exact or self.samples >= self.RANGE_SAMPLES

    def ranked(self) -> list[CardValue]:
        return sorted(self.values.values(), key=lambda v: -v.mean)

    def to_json(self) -> dict[str, Any]:
        values = [v.to_json() for v in self.ranked()]
        if not self.shows_range:
            for v in values:
                del v["low"], v["high"]
        return {
            "seat": SEATS[self.seat],
            "values": values,
            "samples": self.samples,
            "exact": self.exact,
            "ms": round(self.ms, 1),
            "unit": self.unit,
            "objective": self.objective,
            "horizon": self.horizon,
            "played_on": self.played_on,
            "tolerance": self.tolerance,
            "shows_range": self.shows_range,
            "effective": round(self.worth, 1),
            "weighted": self.weighted,
            "how": self.how(),
        }

    def how(self) -> str:
        """How the values were found, in words (what :meth:`__str__` puts in brackets)."""
        if self.exact:
            return "exact"
        s = "" if self.samples == 1 else "s"
        parts = [f"{self.samples} sampled deal{s}"]
        if self.weighted:
            parts[0] += f" weighted by the calls and cards seen ({self.worth:.0f} deals' worth)"
        if self.played_on:
            who = "all" if self.played_on == self.samples else f"{self.played_on} of them"
            parts.append(f"{who} with level-2 play down to {self.horizon} tricks left")
        if self.tolerance:
            parts.append(f"values within ±{self.tolerance:g} {self.unit}")
        return ", ".join(parts)

    def __str__(self) -> str:
        rows = []
        for v in self.ranked():
            row = f"{v.card.pretty} {v.mean:.1f}"
            if self.shows_range and v.low != v.high:
                row += f" ({v.low:g}–{v.high:g})"
            rows.append(row)
        return f"{SEATS[self.seat]} ({self.how()}): {', '.join(rows)}"


@dataclass
class _Solved:
    """What the deals gave: each card's values, the deals, and how they were evaluated."""

    collected: dict[Card, list[float]]
    n: int
    exact: bool
    horizon: int
    played_on: int = 0
    error: float = 0.0
    counts: list[int] = field(default_factory=list)

    def add(self, values: dict[Card, float], times: int = 1) -> None:
        """One deal's values, drawn ``times`` times (counted that often)."""
        for c, v in values.items():
            self.collected.setdefault(c, []).extend([v] * times)
        self.n += 1
        self.counts.append(times)


def hint(
    state: TrickPlay,
    samples: int = 32,
    time_budget: float = 0.9,
    seed: int | None = 0,
    all_visible: bool = False,
    objective: str = "points",
    *,
    min_deals: int = 0,
    node_budget: float | None = None,
) -> Hint:
    """Each legal card's value for the side of the seat to play (see the module text).

    ``samples`` (a whole number from 1 to :data:`MAX_SAMPLES`) caps the number of sampled
    deals and ``time_budget`` (seconds, a finite number above 0) the time: the deals are
    drawn one at a time as they are solved, and no deal is started that would likely end
    past the budget, but at least one is solved; :attr:`Hint.samples` says how many were.
    With ``objective="score"`` each deal's value is what the hand then scores
    (:func:`~belote_lab.players.sampling.score_margin`): a made contract against a failed
    one, not a point more or less.  A bad argument raises :class:`ValueError` saying which.

    How a deal is evaluated: with ``min_deals`` 0 (the search players' way) every deal is
    solved exactly, unless the first one does not fit in half the budget: then all are
    played on by level-2 players down to the solver's horizon first.  With ``min_deals`` > 0
    (:func:`belote_lab.coaching.hints.hint`: :data:`RANGE_SAMPLES`) each deal gets a share of the
    budget that lets ``min(samples, min_deals)`` deals fit (:func:`_fit_deals`); the shares
    of solver nodes are counted on ``node_budget`` seconds (by default ``time_budget``), so a
    caller that spent part of its budget before (:func:`belote_lab.coaching.hints.hint`: loading the
    kernels) still gets the same shares, hence the same hint for the same seed.

    >>> from belote_lab.games.belote import BeloteHand
    >>> hint(BeloteHand(seed=3), samples=0)
    Traceback (most recent call last):
    ...
    ValueError: samples must be a whole number from 1 to 1000000, not 0
    """
    t0 = time.perf_counter()
    _check_hint_args(samples, time_budget, objective)
    if not state.in_play:
        raise ValueError("hints are for the play phase")
    seat = state.to_play
    game = get(state.game)
    side = game.side_with(seat)
    unit = "score" if objective == "score" else game.counts
    deals = _deals(state, seat, side, samples, seed, all_visible, (t0, time_budget))
    exact = all_visible or determined(state, seat)
    if min_deals > 0:
        want = 1 if exact else min(samples, min_deals)
        nodes_for = time_budget if node_budget is None else node_budget
        got = _fit_deals(state, seat, side, deals, (t0, time_budget), objective, exact, want,
                         nodes_for)
    else:
        got = _solve_deals(state, seat, side, deals, t0, time_budget, objective, exact)
    values = {c: CardValue.of(c, vs) for c, vs in got.collected.items()}
    ms = (time.perf_counter() - t0) * 1e3
    per_deal = {c: tuple(vs) for c, vs in got.collected.items()}
    weighted = not exact and replayable(state)
    return Hint(seat, values, got.n, got.exact, ms, unit, objective, got.horizon, got.error,
                got.played_on, per_deal, effective(got.counts) if got.counts else 0.0, weighted)


def _deals(
    state: TrickPlay,
    seat: int,
    side: tuple[int, ...],
    samples: int,
    seed: int | None,
    all_visible: bool,
    clock: tuple[float, float],
) -> Iterator[tuple[Position, int]]:
    """The deals a hint solves, each with how often it was drawn: the real one when all is
    visible or nothing is hidden; else ``samples`` draws from the inference's weighted deals
    (:func:`~belote_lab.players.inference.drawn`: what the calls and the cards played say of the
    hidden hands, weighed within :data:`~belote_lab.players.inference.POOL_SHARE` of the budget;
    in a play not replayed, two-player Belote's, every deal weighs alike and each is drawn once);
    :class:`RuntimeError` if none fits."""
    t0, budget = clock
    if all_visible:
        return iter([(position_of(state, side), 1)])
    rng = random.Random(seed)
    if determined(state, seat):  # nothing hidden: the one deal
        return iter([(next(iter_deals(state, seat, 1, rng)), 1)])
    # a game not replayed weighs every deal alike: no more deals drawn than evaluated
    oversample = OVERSAMPLE if replayable(state) else 1
    try:
        return iter(drawn(state, seat, samples, rng, oversample=oversample,
                          deadline=t0 + POOL_SHARE * budget))
    except NoConsistentDeal:
        raise RuntimeError("no deal is consistent with what this seat has seen") from None


def _solve_deals(
    state: TrickPlay,
    seat: int,
    side: tuple[int, ...],
    deals: Iterator[tuple[Position, int]],
    t0: float,
    time_budget: float,
    objective: str,
    exact: bool,
) -> _Solved:
    """Solve ``deals`` (each drawn some times) within the budget started at ``t0``; a first
    deal too long to solve is played on with level-2 players first
    (:func:`~belote_lab.players.sampling.rollouts`), and so are the others then."""
    got = _Solved({}, 0, exact, 0)
    for pos, times in deals:
        pos.max_side = side
        elapsed = time.perf_counter() - t0
        # the first deal may use half the budget, the others what is left of it
        allowed = (time_budget / 2 if got.n == 0 else time_budget - elapsed)
        try:
            sol = solve_position(pos, node_limit=_node_limit(allowed))
        except SearchAborted:
            if got.n:
                break
            # too long to solve: play the deals on with level-2 players, then solve
            horizon = per_game(SOLVE_AT, state.game, "solver horizon")
            return _played_on(state, seat, itertools.chain([(pos, times)], deals),
                              t0 + time_budget, objective, horizon)
        _learn_rate(sol.nodes, sol.ms)
        got.add({c: _worth(state, pos, seat, v, objective) for c, v in sol.values.items()},
                times)
        elapsed = time.perf_counter() - t0
        if elapsed + elapsed / got.n > time_budget:  # the next deal would likely overrun
            break
    return got


def _played_on(
    state: TrickPlay,
    seat: int,
    deals: Iterator[tuple[Position, int]],
    deadline: float,
    objective: str,
    horizon: int,
) -> _Solved:
    """Every deal played on by level-2 players down to ``horizon`` tricks left, then solved
    (:func:`~belote_lab.players.sampling.rollouts`), until ``deadline`` (one deal at least)."""
    got = _Solved({}, 0, False, horizon)
    for pos, times in deals:
        collected, _ = rollouts(state, seat, [pos], deadline, objective, horizon)
        got.add({c: vs[0] for c, vs in collected.items()}, times)
        got.played_on += 1
        if time.perf_counter() > deadline:
            break
    return got


def _worth(state: TrickPlay, pos: Position, seat: int, v: float, objective: str) -> float:
    """A value the side wins on the deal ``pos``, read as the ``objective`` asks."""
    return v if objective == "points" else score_margin(state, pos, seat, int(v))


@dataclass
class _Nodes:
    """The solver nodes of :func:`_fit_deals`: each deal earns a ``share`` and may take two
    shares at most, and no more than the deals before it left plus two shares; a deal that
    takes more is played on instead, and once more deals were cut short than half those
    solved (the first deal cut short, if none was solved), the rest are played on without
    a try.  Counted in nodes, not seconds, so that the same deals are evaluated the same way
    whatever the machine's load.

    >>> n = _Nodes(share=100, total=1000)
    >>> n.limit(), _Nodes(100, 1000, spent=250, deals=2).limit()
    (200, 150)
    """

    share: int
    total: int
    spent: int = 0
    deals: int = 0
    solved: int = 0
    aborted: int = 0

    def limit(self) -> int:
        if self.aborted > self.solved // 2:
            return 0
        room = (self.deals + 2) * self.share - self.spent
        return min(2 * self.share, room, self.total - self.spent)


def _fit_deals(
    state: TrickPlay,
    seat: int,
    side: tuple[int, ...],
    deals: Iterator[tuple[Position, int]],
    clock: tuple[float, float],
    objective: str,
    exact: bool,
    want: int,
    node_seconds: float,
) -> _Solved:
    """Evaluate ``deals`` so that about ``want`` fit in the budget (``clock``: its start and
    seconds; the nodes are counted on ``node_seconds``): each deal gets
    a share of the nodes (:class:`_Nodes`), in which it is solved,
    exactly, or to :data:`~belote_lab.players.tuning.HINT_TOLERANCE` once past its share
    (:func:`~belote_lab.solver.position.estimate_position`).  A deal is played on by level-2
    players down to :data:`~belote_lab.players.tuning.HINT_HORIZON` tricks left first
    (:func:`~belote_lab.players.sampling.rollouts`) when it does not fit in its nodes, when
    the position is above :data:`~belote_lab.players.tuning.HINT_SOLVE_FROM` tricks left, or
    when the time left would not let the ``want`` deals be played on after it (:class:`_Pace`:
    a slow or busy machine; never when ``want`` deals fit in the budget easily)."""
    game = state.game
    pace = _Pace(*clock, want)
    rate = HINT_NODE_RATE if HAVE_NUMBA else HINT_NODE_RATE // 300
    nodes = _Nodes(int(node_seconds * rate) // want, int(node_seconds * rate))
    tol = 0 if exact or objective != "points" else per_game(HINT_TOLERANCE, game, "tolerance")
    try_solve = exact or tricks_left(state) <= per_game(HINT_SOLVE_FROM, game, "hint solving")
    horizon = per_game(HINT_HORIZON, game, "hint horizon")
    got = _Solved({}, 0, exact, 0)
    for pos, times in deals:
        pos.max_side = side
        allowed = try_solve and pace.time_to_solve(got.n, nodes.limit() / rate)
        t = time.perf_counter()
        est = _try_solve(pos, nodes, tol, allowed)
        if allowed:
            pace.tried.append(time.perf_counter() - t)
        if est is None:
            t = time.perf_counter()
            collected, _ = rollouts(state, seat, [pos], t, objective, horizon)
            pace.played.append(time.perf_counter() - t)
            got.add({c: vs[0] for c, vs in collected.items()}, times)
            got.horizon, got.played_on = horizon, got.played_on + 1
        else:
            got.add({c: _worth(state, pos, seat, v, objective) for c, v in est.values.items()},
                    times)
            got.error = max(got.error, est.error)
        if not pace.next_fits(got.n):
            break
    got.exact = exact and not got.played_on and not got.error
    return got


@dataclass
class _Pace:
    """The time of :func:`_fit_deals`: its start, budget (seconds), the deals it wants, and
    the seconds of each deal played on and of each try to solve one so far."""

    t0: float
    budget: float
    want: int
    played: list[float] = field(default_factory=list)
    tried: list[float] = field(default_factory=list)

    def _per_deal_played_on(self) -> float:
        """A deal played on, in seconds: the mean so far, else half a deal's part."""
        return sum(self.played) / len(self.played) if self.played else self.budget / self.want / 2

    def time_to_solve(self, n: int, attempt: float) -> bool:
        """Is there time to try solving the deal after ``n`` deals (``attempt`` seconds at
        most, or as long as the longest try so far) and to play on the deals still wanted
        after it?  The first deal is always tried.

        >>> pace = _Pace(time.perf_counter(), 0.9, 20)
        >>> pace.time_to_solve(0, 0.09), pace.time_to_solve(1, 0.5)
        (True, False)
        """
        if n == 0:
            return True
        attempt = max([attempt, *self.tried])
        left = max(0, self.want - n - 1) * self._per_deal_played_on() * 1.25  # (a margin)
        spent = time.perf_counter() - self.t0
        return spent + attempt + left <= self.budget

    def next_fits(self, n: int) -> bool:
        """Would a deal after these ``n`` likely end within the budget? (it takes the mean
        time of a deal so far, or of one played on if less)"""
        spent = time.perf_counter() - self.t0
        per = spent / n
        if self.played:
            per = min(per, self._per_deal_played_on())
        return spent + per <= self.budget


def _try_solve(pos: Position, nodes: _Nodes, tolerance: int, allowed: bool) -> Estimate | None:
    """``pos`` solved within the nodes left to it (exact while within its share), or
    ``None`` if they do not suffice or a solve is not ``allowed`` (the deal earns its share
    all the same)."""
    limit = nodes.limit()
    nodes.deals += 1
    if not allowed or limit < nodes.share // 2:
        return None
    try:
        est = estimate_position(pos, tolerance, exact_nodes=nodes.share, node_limit=limit)
    except SearchAborted as e:
        nodes.spent += e.nodes
        nodes.aborted += 1
        return None
    nodes.spent += est.nodes
    nodes.solved += 1
    return est


def _check_hint_args(samples: object, time_budget: object, objective: object) -> None:
    """:class:`ValueError` for a bad argument of :func:`hint`, naming it.

    >>> _check_hint_args(8, 0.5, "points")
    >>> _check_hint_args(8, float("nan"), "points")
    Traceback (most recent call last):
    ...
    ValueError: time_budget must be a finite number of seconds above 0, not nan
    >>> _check_hint_args(8, 0.5, "tricks")
    Traceback (most recent call last):
    ...
    ValueError: objective must be one of points, score, not 'tricks'
    """
    if (
        isinstance(samples, bool)
        or not isinstance(samples, int)
        or not 1 <= samples <= MAX_SAMPLES
    ):
        raise ValueError(
            f"samples must be a whole number from 1 to {MAX_SAMPLES}, not {samples!r}"
        )
    if (
        isinstance(time_budget, bool)
        or not isinstance(time_budget, (int, float))
        or not math.isfinite(time_budget)
        or time_budget <= 0
    ):
        raise ValueError(
            f"time_budget must be a finite number of seconds above 0, not {time_budget!r}"
        )
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")


_RATE = [3e6 if HAVE_NUMBA else 3e4]
"""Nodes a second the solver searches here, learnt from the solves (a moving average)."""


def _node_limit(seconds: float) -> int:
    return max(20_000, int(seconds * _RATE[0]))


def _learn_rate(nodes: int, ms: float) -> None:
    if ms > 20 and nodes > 0:
        _RATE[0] = 0.8 * _RATE[0] + 0.2 * nodes / (ms / 1e3)
