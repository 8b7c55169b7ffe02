"""The duplicate-deal comparison of two players (a tip player of
:mod:`belote_lab.players.tips` against the level-2 player, or any two players).

:func:`compare` plays every deal once per seating — Belote and Coinche: the tip side sits N–S
then E–W; two players: N then S; Callbreak: the deal is played twice against three level-2
opponents, once with the tip player and once with the other player in the fourth seat (the
seat turns with the deal) — so card luck cancels out, and returns the per-deal differences
with a 95% interval.  The deals are played through the Python players (the engine's hands):
a tip player has no compiled policy.

>>> from belote_lab.players.tips import BeloteOnlyTaker, NoTrumpPull
>>> r = compare("belote", NoTrumpPull, BeloteOnlyTaker, deals=2, seed=1)
>>> r.deals, r.diffs.shape
(2, (2,))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from belote_lab.games import Game, get
from belote_lab.players.registry import level2
from belote_lab.simulation.selfplay import play_hand
from belote_lab.stats import mean_ci

__all__ = ["Comparison", "compare", "duplicate_deals", "make_player"]

Factory = Callable[..., Any]


def make_player(factory: Factory | Any, seed: int) -> Any:
    """A player from a class or factory, given ``seed`` where it takes one (a player object
    is used as it is)."""
    if hasattr(factory, "choose_card") and not isinstance(factory, type):
        return factory
    try:
        return factory(seed=seed)
    except TypeError:
        return factory()


@dataclass
class Comparison:
    """Per-deal differences (tip side minus the other side, in points) of :func:`compare`."""

    name: str
    game: str
    diffs: np.ndarray  # one entry per deal

    @property
    def deals(self) -> int:
        return int(self.diffs.size)

    @property
    def changed(self) -> int:
        """Deals whose result differed between the two players (a non-zero difference)."""
        return int(np.count_nonzero(self.diffs))

    def ci(self) -> tuple[float, float, float]:
        """``(mean, low, high)``: the mean difference per deal and its 95% interval."""
        return mean_ci(self.diffs)

    def changed_ci(self) -> tuple[float, float, float]:
        """``(mean, low, high)`` over the deals that came out differently only."""
        return mean_ci(self.diffs[self.diffs != 0])

    @property
    def verdict(self) -> str:
        """``pays``, ``costs`` or ``unclear`` (the 95% interval holds 0)."""
        _, lo, hi = self.ci()
        return "pays" if lo > 0 else "costs" if hi < 0 else "unclear"

    def summary(self, unit: str = "points per hand") -> str:
        m, lo, hi = self.ci()
        return (
            f"{self.name}: {m:+.2f} {unit} (95% CI {lo:+.2f} .. {hi:+.2f}) over "
            f"{self.deals} deals, {self.changed} of which came out differently: "
            f"the tip {self.verdict}"
        )


def compare(
    game: str,
    tip: Factory | Any,
    other: Factory | Any | None = None,
    deals: int = 200,
    seed: int = 0,
    name: str = "",
    rules: Any = None,
) -> Comparison:
    """Play ``deals`` seeded deals with the ``tip`` player against ``other`` (default: the
    game's level-2 player) in every seating (see the module text) and return the per-deal
    score difference, tip side minus other side (Callbreak: the round score of the tip player
    minus that of the other player in the same seat on the same deal, three level-2 opponents),
    in points."""
    g = get(game)
    if other is None:
        other = level2(g)
    diffs = np.zeros(deals)
    for i, (deal_seed, dealer) in enumerate(duplicate_deals(g, seed, deals)):
        if len(g.sides) > 2:  # every seat for itself (Callbreak): seat against seat
            k = dealer  # the tip takes each seat in turn, as the deal does
            diffs[i] = _seat_diff(g, tip, other, k, deal_seed, dealer, rules)
        else:
            diffs[i] = _side_diff(g, tip, other, deal_seed, dealer, rules)
    return Comparison(name or getattr(tip, "__name__", type(tip).__name__), game, diffs)


def duplicate_deals(game: str | Game, seed: int, deals: int) -> Iterator[tuple[int, int]]:
    """The deals :func:`compare` plays for ``seed``: ``(deal seed, dealer)`` for each, the
    dealer turning with the deals.

    >>> [dealer for _, dealer in duplicate_deals("belote", 1, 5)]
    [0, 1, 2, 3, 0]
    """
    g = get(game) if isinstance(game, str) else game
    rng = random.Random(f"tips:{seed}")
    for i in range(deals):
        yield rng.getrandbits(32), g.seats[i % len(g.seats)]


def _seat_diff(
    g: Game, tip: Any, other: Any, k: int, deal_seed: int, dealer: int, rules: Any
) -> float:
    """The round score of ``tip`` minus that of ``other`` in seat ``k`` of one deal, the other
    seats played by level-2 players."""
    rivals = {s: make_player(level2(g), deal_seed + s) for s in g.seats if s != k}
    a = play_hand(g.name, {**rivals, k: make_player(tip, deal_seed + k)}, seed=deal_seed,
                  dealer=dealer, rules=rules)
    b = play_hand(g.name, {**rivals, k: make_player(other, deal_seed + k)}, seed=deal_seed,
                  dealer=dealer, rules=rules)
    side = g.sides[g.side_of(k)]
    return float(a.result.score[side]) - float(b.result.score[side])


def _side_diff(g: Game, tip: Any, other: Any, deal_seed: int, dealer: int, rules: Any) -> float:
    """The score of ``tip``'s side minus ``other``'s on one deal, the mean of the two
    seatings."""
    total = 0.0
    sides = [g.side_seats(0), g.side_seats(1)]
    for tip_side, other_side in (sides, sides[::-1]):
        players = {s: make_player(tip, deal_seed + s) for s in tip_side}
        players.update({s: make_player(other, deal_seed + s) for s in other_side})
        hand = play_hand(g.name, players, seed=deal_seed, dealer=dealer, rules=rules)
        score = hand.result.score
        total += _side_score(g, score, tip_side) - _side_score(g, score, other_side)
    return total / 2


def _side_score(g: Game, score: dict[str, Any], seats: tuple[int, ...]) -> float:
    return float(score[g.sides[g.side_of(seats[0])]])
