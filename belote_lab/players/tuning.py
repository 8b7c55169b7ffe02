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
    "HINT_HORIZON",
    "HINT_NODE_RATE",
    "HINT_SOLVE_FROM",
    "HINT_TOLERANCE",
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


_BUDGET_TABLE: dict[str, tuple[tuple[int, float, int], tuple[int, float, int], str]] = {
    # game:      level 3 (deals, seconds, horizon), level 4, the objective averaged
    "belote": ((6, 0.1, 6), (20, 0.6, 8), "points"),
    "coinche": ((6, 0.1, 6), (20, 0.6, 8), "points"),
    "belote2": ((6, 0.1, 9), (20, 0.6, 12), "points"),
    "callbreak": ((8, 0.2, 9), (20, 0.6, 10), "score"),
    ANY_GAME: ((6, 0.1, 6), (20, 0.6, 8), "score"),
}

PLAY_BUDGETS: dict[int, dict[str, PlayBudget]] = {
    level: {game: PlayBudget(*row[level - 3], objective=row[2])
            for game, row in _BUDGET_TABLE.items()}
    for level in (3, 4)
}
"""Card-play budgets per level and game (see :mod:`belote_lab.players.search`)."""

EARLY_MARGIN = {"belote": 2.0, "coinche": 2.0, "belote2": 3.0, "callbreak": 0.15, ANY_GAME: 2.0}
"""How much better (card points; Callbreak: score) a rollout card must be than the level-2
card to be played instead: the rollout deals are few."""

SOLVE_AT = {"belote": 6, "coinche": 6, "belote2": 9, "callbreak": 7, ANY_GAME: 6}
"""Tricks left at which rollouts hand over to the exact solver: where a deal is solved in
milliseconds (two-player Belote: once the stock is empty)."""

# --- the hints for people (belote_lab.coaching.hints.hint: at least RANGE_SAMPLES deals in the
# budget) ---
HINT_SOLVE_FROM = {"belote": 8, "coinche": 8, "belote2": 10, "callbreak": 9, ANY_GAME: 8}
"""Tricks left at or below which :func:`belote_lab.coaching.hints.hint` tries to solve each sampled
deal before playing it on: above, an exact solve of one deal takes far more than the two
shares of nodes a deal may take (every card's value, median of 15 deals: two-player Belote
0.12M nodes at 10 tricks left, 1.1M at 11, 4.8M at 12; Callbreak 0.44M at 9, 1.3M at 10,
over 5M at 11; a share is 0.45M with the hint's defaults)."""

HINT_HORIZON = {"belote": 6, "coinche": 5, "belote2": 9, "callbreak": 6, ANY_GAME: 6}
"""Tricks left at which a hint's deal played on by level-2 players is handed to the solver
(the best value alone, :func:`belote_lab.solver.position.solve_value`): as
:data:`SOLVE_AT`, but 6 in Callbreak, whose solves at 7 tricks left have a long tail (up
to 3.4M nodes where 6 tricks take 23k at most, over 15 deals), and 5 in Coinche, whose
first-lead deals played on to 6 tricks took 27 ms each (mean of 50), to 5 tricks 15 ms."""

HINT_TOLERANCE = {"belote": 2, "coinche": 2, "belote2": 2, "callbreak": 0, ANY_GAME: 0}
"""How far (card points) a card's value on a sampled deal may be from its exact value once
the deal has taken its share of nodes (:func:`belote_lab.solver.position.estimate_position`):
±2 saves a tenth of the nodes at a four-player first lead.  Callbreak counts tricks: exact."""

HINT_NODE_RATE = 10_000_000
"""Solver nodes a second that a hint's node shares are reckoned with (compiled kernel, about
13M a second here on four-player deals): a number, not a measure, so that the same seed gives
the same hint whatever the machine's load; the time budget stops the deals."""
