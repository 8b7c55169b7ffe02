"""Card-play hints: what each playable card is worth, from what the seat to play may see.

:func:`hint` samples the hidden cards consistently with everything the seat knows (its own
hand, the cards played and who played them, the turned card and who took it, the cards of
its own that it drew from the stock), dealing each seat only cards it can hold — voids,
refusals to trump or to go over (read from the trick core itself), the belote announced or not,
Callbreak's spade in every dealt hand (:func:`belote_lab.players.sampling.deal_space`) — and
draws the deals in proportion to how likely the other seats' calls and cards were on each
(:func:`belote_lab.players.inference.drawn`: a seat that took likely holds trumps; two-player
Belote's deals stay equally likely), evaluates each deal drawn once, counted as often as it was
drawn, with :mod:`belote_lab.solver` and averages: perfect-information Monte Carlo.
:attr:`Hint.samples` counts the distinct deals, :attr:`Hint.draws` the draws and
:attr:`Hint.effective` what they are worth as independent deals (the review's intervals divide
by it).  When nothing is
hidden any more (two-player Belote once the stock is empty, or ``all_visible=True``) it solves
the one real deal and the values are exact.

Each deal gets a share of the time budget that lets :data:`RANGE_SAMPLES` deals fit (fewer
if ``samples`` asks for fewer): a deal is solved exactly from here while it stays within its
share, the cards left then to within a tolerance (:attr:`Hint.tolerance`, ±2 card points in
the Belote games); a deal too long to solve in its share, or any deal early in two-player
Belote's stock phase or in Callbreak's first tricks, is played on by level-2 players down to
the solver's horizon first (:attr:`Hint.played_on`, :attr:`Hint.horizon`).  The hint says so
(:meth:`Hint.how`), and shows each card's lowest and highest value only from
:data:`RANGE_SAMPLES` deals on (:attr:`Hint.shows_range`).

The machinery lives with the players that search with it (:mod:`belote_lab.players.pimc`
and :mod:`belote_lab.players.sampling`); this module is its public face.  (The search
players call :func:`belote_lab.players.pimc.hint` without ``min_deals``: each deal solved
exactly while the first fits in half their budget, as they were tuned.)

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand(seed=3); h.call("take")
>>> for _ in range(28):
...     h.play(next(iter(h.legal_cards())))
>>> hn = hint(h, samples=4, seed=1)
>>> hn.samples > 0 and set(hn.values) == set(h.legal_cards())
True
>>> hn.shows_range, "4 sampled deals" in str(hn)
(False, True)
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable
from typing import TypeGuard

from belote_lab.batch import warm
from belote_lab.cards import SEATS
from belote_lab.games.base import TrickPlay
from belote_lab.players import pimc
from belote_lab.players.pimc import MAX_SAMPLES, OBJECTIVES, RANGE_SAMPLES, CardValue, Hint
from belote_lab.players.sampling import (
    determined,
    iter_deals,
    rollouts,
    sample_deals,
    score_margin,
    with_hands,
)

__all__ = [
    "CardValue",
    "Hint",
    "MAX_SAMPLES",
    "OBJECTIVES",
    "RANGE_SAMPLES",
    "determined",
    "hint",
    "iter_deals",
    "rollouts",
    "sample_deals",
    "score_margin",
    "with_hands",
    "MIN_BUDGET",
]

MIN_BUDGET = 0.001
"""The seconds left to the sampled deals when the process's setup
(:func:`belote_lab.batch.warm.ready`) took the whole budget: one deal is still evaluated."""

_clock: Callable[[], float] = time.perf_counter
"""The clock a hint's budget is counted on (a test may put a fake one in its place)."""


def hint(
    state: TrickPlay,
    samples: int = 32,
    time_budget: float = 0.9,
    seed: int | None = 0,
    all_visible: bool = False,
    objective: str = "points",
) -> Hint:
    """Each legal card's value for the side of the seat to play, from at most ``samples``
    deals within ``time_budget`` seconds (see the module text and
    :func:`belote_lab.players.pimc.hint`, whose arguments these are).  With a ``samples``
    cap reached well within the budget, the same ``seed`` gives the same hint.

    >>> from belote_lab.games.callbreak import CallbreakHand
    >>> h = CallbreakHand(seed=2)
    >>> for call in (2, 3, 2, 3):
    ...     h.call(call)
    >>> hn = hint(h, samples=3)
    >>> hn.samples <= 3 and not hn.exact and sorted(hn.values) == sorted(h.legal_cards())
    True

    The hint is for the seat to play: ``state`` is the whole hand, or that seat's own view
    (:meth:`~belote_lab.games.base.TrickPlay.observation`); another seat's view is refused.
    The first hint of a process loads the solver's kernels (:func:`belote_lab.batch.warm.ready`):
    that time is counted inside ``time_budget`` (:attr:`Hint.ms` includes it), and the deals
    get what is left (at least :data:`MIN_BUDGET`).

    >>> hint(h.observation("N"), samples=3)
    Traceback (most recent call last):
    ...
    ValueError: this is N's view; the seat to play is E
    """
    t0 = _clock()
    _check_view(state)
    warm.ready()
    left = _budget_left(time_budget, _clock() - t0)
    hn = pimc.hint(state, samples, left, seed, all_visible, objective, min_deals=RANGE_SAMPLES,
                   node_budget=_node_budget(time_budget))
    return dataclasses.replace(hn, ms=(_clock() - t0) * 1e3)


def _node_budget(time_budget: object) -> float | None:
    """The seconds the deals' shares of solver nodes are counted on: the whole budget, not
    what is left after loading the kernels, so the first hint of a process deals out the same
    nodes as the next ones (``None`` for a budget :func:`belote_lab.players.pimc.hint`
    refuses)."""
    return float(time_budget) if _seconds(time_budget) else None


def _seconds(time_budget: object) -> TypeGuard[float]:
    """Whether ``time_budget`` is a number of seconds above 0 (what
    :func:`belote_lab.players.pimc.hint` accepts).

    >>> _seconds(0.5), _seconds(True), _seconds(float("inf")), _seconds(0)
    (True, False, False, False)
    """
    return (not isinstance(time_budget, bool) and isinstance(time_budget, (int, float))
            and math.isfinite(time_budget) and time_budget > 0)


def _check_view(state: object) -> None:
    """A view that is not the seat to play's (as :func:`belote_lab.coaching.advice.advise`
    refuses)."""
    if not isinstance(state, TrickPlay):
        raise ValueError(f"a hint needs a hand (a game state), not {type(state).__name__}")
    seat = state.to_play if state.in_play else None
    if state.observer is not None and seat is not None and state.observer != seat:
        raise ValueError(
            f"this is {SEATS[state.observer]}'s view; the seat to play is {SEATS[seat]}"
        )


def _budget_left(time_budget: object, spent: float) -> object:
    """What is left of ``time_budget`` once ``spent`` seconds are counted (at least
    :data:`MIN_BUDGET`); a budget that is not a number of seconds above 0 is given back as it
    is, for :func:`belote_lab.players.pimc.hint` to refuse naming it.

    >>> _budget_left(0.05, 0.04) == 0.05 - 0.04, _budget_left(0.05, 0.2), _budget_left(-1, 0.2)
    (True, 0.001, -1)
    """
    if not _seconds(time_budget):
        return time_budget
    return max(time_budget - spent, MIN_BUDGET)
