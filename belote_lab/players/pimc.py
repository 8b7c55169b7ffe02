"""Card-play hints: what each playable card is worth, from what the seat to play may see.

:func:`hint` samples the hidden cards consistently with everything the seat knows
(:func:`~belote_lab.players.sampling.iter_deals`), solves each deal exactly with
:mod:`belote_lab.solver` and averages: perfect-information Monte Carlo.  When nothing is
hidden any more (two-player Belote once the stock is empty, or ``all_visible=True``) it
solves the one real deal and the values are exact.  The public home of these names is
:mod:`belote_lab.hints`; they live here so that the search players can use them.

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
from dataclasses import dataclass
from typing import Any

from belote_lab._jit import HAVE_NUMBA
from belote_lab.cards import SEATS, Card
from belote_lab.games import get
from belote_lab.games.base import TrickPlay
from belote_lab.players.sampling import determined, iter_deals, rollouts, score_margin
from belote_lab.players.tuning import SOLVE_AT, per_game
from belote_lab.solver.position import Position, SearchAborted, position_of, solve_position

__all__ = [
    "CardValue",
    "Hint",
    "MAX_SAMPLES",
    "OBJECTIVES",
    "hint",
]

OBJECTIVES = ("points", "score")
"""What a hint averages: the card points (Callbreak: tricks) the side wins from here, or
what the hand *scores* with them (:func:`~belote_lab.players.sampling.score_margin`)."""

MAX_SAMPLES = 1_000_000
"""The most deals :func:`hint` may be asked for (its time budget ends it long before)."""


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
    """The values of the playable cards for ``seat``'s side, best first."""

    seat: int
    values: dict[Card, CardValue]
    samples: int
    exact: bool
    ms: float
    unit: str = "points"
    objective: str = "points"
    horizon: int = 0
    """0 when each deal was solved from here to the end; else the deals were played on by
    level-2 players down to this many tricks left, then solved (a deal too long to solve in
    the time given)."""

    @property
    def best(self) -> Card:
        return max(self.values.values(), key=lambda v: v.mean).card

    def ranked(self) -> list[CardValue]:
        return sorted(self.values.values(), key=lambda v: -v.mean)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": SEATS[self.seat],
            "values": [v.to_json() for v in self.ranked()],
            "samples": self.samples,
            "exact": self.exact,
            "ms": round(self.ms, 1),
            "unit": self.unit,
            "objective": self.objective,
            "horizon": self.horizon,
        }

    def __str__(self) -> str:
        kind = "exact" if self.exact else f"{self.samples} sampled deals"
        if self.horizon:
            kind += f", level-2 play down to {self.horizon} tricks left"
        rows = ", ".join(f"{v.card.pretty} {v.mean:.1f}" for v in self.ranked())
        return f"{SEATS[self.seat]} ({kind}): {rows}"


@dataclass
class _Solved:
    """What :func:`_solve_deals` gathered: each card's values, the deals, and how."""

    collected: dict[Card, list[float]]
    n: int
    exact: bool
    horizon: int


def hint(
    state: TrickPlay,
    samples: int = 32,
    time_budget: float = 0.8,
    seed: int | None = 0,
    all_visible: bool = False,
    objective: str = "points",
) -> Hint:
    """Each legal card's value for the side of the seat to play (see the module text).

    ``samples`` (a whole number from 1 to :data:`MAX_SAMPLES`) caps the number of sampled
    deals and ``time_budget`` (seconds, a finite number above 0) the time: the deals are
    drawn one at a time as they are solved, and no deal is started that would likely end
    past the budget, but at least one is solved; :attr:`Hint.samples` says how many were.
    With ``objective="score"`` each deal's value is what the hand then scores
    (:func:`~belote_lab.players.sampling.score_margin`): a made contract against a failed
    one, not a point more or less.  A bad argument raises :class:`ValueError` saying which.

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
    deals = _deals(state, seat, side, samples, seed, all_visible, t0 + time_budget)
    exact = all_visible or determined(state, seat)
    got = _solve_deals(state, seat, side, deals, t0, time_budget, objective, exact)
    values = {c: CardValue.of(c, vs) for c, vs in got.collected.items()}
    ms = (time.perf_counter() - t0) * 1e3
    return Hint(seat, values, got.n, got.exact, ms, unit, objective, got.horizon)


def _deals(
    state: TrickPlay,
    seat: int,
    side: tuple[int, ...],
    samples: int,
    seed: int | None,
    all_visible: bool,
    deadline: float,
) -> Iterator[Position]:
    """The deals a hint solves: the real one when all is visible, else sampled lazily (a deal
    is drawn only when there is time to solve it); :class:`RuntimeError` if none fits."""
    if all_visible:
        return iter([position_of(state, side)])
    deals = iter_deals(state, seat, samples, random.Random(seed), deadline=deadline)
    first = next(deals, None)
    if first is None:
        raise RuntimeError("no deal is consistent with what this seat has seen")
    return itertools.chain([first], deals)


def _solve_deals(
    state: TrickPlay,
    seat: int,
    side: tuple[int, ...],
    deals: Iterator[Position],
    t0: float,
    time_budget: float,
    objective: str,
    exact: bool,
) -> _Solved:
    """Solve ``deals`` within the budget started at ``t0``; a first deal too long to solve is
    played on with level-2 players first (:func:`~belote_lab.players.sampling.rollouts`)."""
    collected: dict[Card, list[float]] = {}
    n = 0
    for pos in deals:
        pos.max_side = side
        elapsed = time.perf_counter() - t0
        # the first deal may use half the budget, the others what is left of it
        allowed = (time_budget / 2 if n == 0 else time_budget - elapsed)
        try:
            sol = solve_position(pos, node_limit=_node_limit(allowed))
        except SearchAborted:
            if n:
                break
            # too long to solve: play the deals on with level-2 players, then solve
            horizon = per_game(SOLVE_AT, state.game, "solver horizon")
            collected, n = rollouts(
                state, seat, itertools.chain([pos], deals), t0 + time_budget, objective, horizon
            )
            return _Solved(collected, n, False, horizon)
        _learn_rate(sol.nodes, sol.ms)
        for c, v in sol.values.items():
            u = v if objective == "points" else score_margin(state, pos, seat, v)
            collected.setdefault(c, []).append(u)
        n += 1
        elapsed = time.perf_counter() - t0
        if elapsed + elapsed / n > time_budget:  # the next deal would likely overrun
            break
    return _Solved(collected, n, exact, 0)


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
