"""Card-play hints: what each playable card is worth, from what the seat to play may see.

:func:`hint` samples the hidden cards consistently with everything the seat knows (its own
hand, the cards played and who played them, the turned card and who took it, the cards of
its own that it drew from the stock), keeps only deals in which every card played so far was
legal (checked with the trick core itself, so a void or a refusal to trump is respected
without a second copy of the rules), solves each deal exactly with :mod:`belote_lab.solver`
and averages: perfect-information Monte Carlo.  When nothing is hidden any more (two-player
Belote once the stock is empty, or ``all_visible=True``) it solves the one real deal and the
values are exact.

The machinery lives with the players that search with it (:mod:`belote_lab.players.pimc`
and :mod:`belote_lab.players.sampling`); this module is its public face.

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand(seed=3); h.call("take")
>>> for _ in range(28):
...     h.play(next(iter(h.legal_cards())))
>>> hn = hint(h, samples=4, seed=1)
>>> hn.samples > 0 and set(hn.values) == set(h.legal_cards())
True
"""

from __future__ import annotations

from belote_lab.players.pimc import MAX_SAMPLES, OBJECTIVES, CardValue, Hint, hint
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
    "determined",
    "hint",
    "iter_deals",
    "rollouts",
    "sample_deals",
    "score_margin",
    "with_hands",
]
