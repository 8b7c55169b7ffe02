"""The per-game numbers of the search players, and one lookup that names what is missing.

The search players (:mod:`belote_lab.players.search`) and the hints
(:mod:`belote_lab.players.pimc`) are the same code for every game; only these tables, keyed
by the game's name, differ.  :func:`per_game` reads an entry: an unknown name raises the
registry's :class:`ValueError`, a known game without an entry (a game added with
:func:`belote_lab.games.register`) :class:`PlayerUnavailable` saying what it lacks.

>>> per_game(SOLVE_AT, "belote2", "solver horizon")
9
>>> per_game(SOLVE_AT, "tarot", "solver horizon")
Traceback (most recent call last):
...
ValueError: unknown game 'tarot'; choose one of belote, coinche, belote2, callbreak
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from belote_lab.games import get

__all__ = [
    "ANY_GAME",
    "EARLY_MARGIN",
    "PLAY_BUDGETS",
    "SOLVE_AT",
    "PlayBudget",
    "PlayerUnavailable",
    "per_game",
]

T = TypeVar("T")

ANY_GAME = "*"
"""The key of a table's entry for any game without one of its own (a registered game)."""


class PlayerUnavailable(LookupError):
    """A computer player (or a setting of one) that does not exist for a game."""


def per_game(table: Mapping[str, T], game: object, what: str) -> T:
    """The entry of ``table`` for ``game`` (a name or a :class:`~belote_lab.games.Game`).

    >>> per_game({"belote": 1}, "coinche", "test number")
    Traceback (most recent call last):
    ...
    belote_lab.players.tuning.PlayerUnavailable: no test number for the game 'coinche'
    """
    name = get(game).name
    if name in table:
        return table[name]
    if ANY_GAME in table:  # a game of its own (games.register) gets the general setting
        return table[ANY_GAME]
    raise PlayerUnavailable(f"no {what} for the game {name!r}")


@dataclass(frozen=True)
class PlayBudget:
    """How a level searches its cards: ``samples`` deals at most, ``time_budget`` seconds
    (at least one deal is always solved), from ``horizon`` tricks left on, averaging the
    hints' ``objective`` (``"score"``: what the hand scores, see
    :func:`~belote_lab.players.sampling.score_margin`).

    Before the horizon, ``early_samples`` > 0 asks for
    :func:`~belote_lab.players.search.rollout_values` (that many deals within ``early_time``
    seconds) instead of the level-2 card."""

    samples: int
    time_budget: float
    horizon: int
    early_samples: int = 0
    early_time: float = 0.0
    objective: str = "points"


PLAY_BUDGETS: dict[int, dict[str, PlayBudget]] = {
    3: {
        "belote": PlayBudget(6, 0.1, 6),
        "coinche": PlayBudget(6, 0.1, 6),
        "belote2": PlayBudget(6, 0.1, 9),
        "callbreak": PlayBudget(8, 0.2, 9, objective="score"),
        ANY_GAME: PlayBudget(6, 0.1, 6, objective="score"),
    },
    4: {
        "belote": PlayBudget(20, 0.6, 8),
        "coinche": PlayBudget(20, 0.6, 8),
        "belote2": PlayBudget(20, 0.6, 12),
        "callbreak": PlayBudget(20, 0.6, 10, objective="score"),
        ANY_GAME: PlayBudget(20, 0.6, 8, objective="score"),
    },
}
"""Card-play budgets per level and game (see :mod:`belote_lab.players.search`)."""

EARLY_MARGIN = {"belote": 2.0, "coinche": 2.0, "belote2": 3.0, "callbreak": 0.15, ANY_GAME: 2.0}
"""How much better (card points; Callbreak: score) a rollout card must be than the level-2
card to be played instead: the rollout deals are few."""

SOLVE_AT = {"belote": 6, "coinche": 6, "belote2": 9, "callbreak": 7, ANY_GAME: 6}
"""Tricks left at which rollouts hand over to the exact solver: where a deal is solved in
milliseconds (two-player Belote: once the stock is empty)."""
