"""Card-play hints: what each playable card is worth, from what the seat to play may see.

:func:`hint` samples the hidden cards consistently with everything the seat knows (its own
hand, the cards played and who played them, the turned card and who took it, the cards of
its own that it drew from the stock), keeping only deals in which every card played so far
was legal (checked with the trick core itself, so a void or a refusal to trump is respected
without a second copy of the rules), evaluates each deal with :mod:`belote_lab.solver` and
averages: perfect-information Monte Carlo.  When nothing is hidden any more (two-player
Belote once the stock is empty, or ``all_visible=True``) it solves the one real deal and the
values are exact.

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
]


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
    """
    return pimc.hint(
        state, samples, time_budget, seed, all_visible, objective, min_deals=RANGE_SAMPLES
    )
