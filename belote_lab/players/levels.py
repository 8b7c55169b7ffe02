"""The one table of computer players: :func:`levels` gives a game's level → player factory.

========= ===========================================================================
level 1   :class:`~belote_lab.players.RandomPlayer`: a random legal card and call
level 2   the game's rules of thumb (:func:`~belote_lab.players.registry.level2`:
          ``LEVEL2`` of the module ``belote_lab.players.<name>``, or a registered one)
level 3   the search player of :mod:`belote_lab.players.search` (hints near the end)
level 4   the same, searching more and bidding by simulation
========= ===========================================================================

A factory is called as ``factory(seed)`` (the seed may be ``None``) and returns a fresh
player.  Levels 3 and 4 exist for a game with a level-2 player (their play before the
search horizon) and search budgets (:data:`~belote_lab.players.tuning.PLAY_BUDGETS`).
Asking for a level a game does not have raises
:class:`~belote_lab.players.tuning.PlayerUnavailable`, naming the game.

>>> sorted(levels("belote2")), levels("belote")[2].__name__, levels("coinche")[3].__name__
([1, 2, 3, 4], 'BelotePlayer2', 'coinche_level3')
>>> type(player_for("callbreak", 2, seed=5)).__name__, player_for("coinche", 3).level
('CallbreakPlayer2', 3)
"""

from __future__ import annotations

from typing import Any

from belote_lab.games import Game, get
from belote_lab.players.base import RandomPlayer
from belote_lab.players.registry import Factory, find_level2, named_level, no_level2
from belote_lab.players.tuning import PlayerUnavailable

__all__ = ["LEVEL_NUMBERS", "LevelTable", "levels", "player_for", "search_factory"]

LEVEL_NUMBERS = (1, 2, 3, 4)


class LevelTable(dict[int, Factory]):
    """Level → factory for one game; a level it lacks raises :class:`PlayerUnavailable`.

    >>> LevelTable(get("belote"))[3]
    Traceback (most recent call last):
    ...
    belote_lab.players.tuning.PlayerUnavailable: no level-3 player for the game 'belote'
    """

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def __missing__(self, level: int) -> Factory:
        if level == 2:
            raise no_level2(self.game)
        raise PlayerUnavailable(f"no level-{level} player for the game {self.game.name!r}")


def search_factory(game: object, level: int) -> Factory:
    """``(seed=None) ->`` the level-3 or level-4 search player of ``game``
    (:func:`belote_lab.players.search.make_player`, imported when first called)."""
    name = get(game).name

    def factory(seed: int | None = None) -> Any:
        from belote_lab.players.search import make_player

        return make_player(name, level, seed)

    return named_level(factory, f"{name}_level{level}", level)


def levels(game: object) -> LevelTable:
    """Level → factory ``(seed=None) -> player`` of ``game`` (see the module text).

    >>> from dataclasses import replace
    >>> from belote_lab.games import register, unregister
    >>> toy = register(replace(get("belote"), name="toy_levels"))
    >>> sorted(levels(toy))
    [1]
    >>> levels(toy)[2]  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    belote_lab.players.tuning.PlayerUnavailable: no level-2 player for the game 'toy_levels': ...
    >>> unregister("toy_levels")
    """
    g = get(game)
    table = LevelTable(g)
    table[1] = RandomPlayer
    factory = find_level2(g)
    if factory is None:
        return table
    table[2] = factory
    for level in (3, 4):  # every game with a level 2 (a game of its own: general budgets)
        table[level] = search_factory(g, level)
    return table


def player_for(game: object, level: int, seed: int | None = None) -> Any:
    """A fresh player of ``level`` (1 to 4) for ``game``.

    >>> player_for("belote", 5)
    Traceback (most recent call last):
    ...
    ValueError: unknown player level 5; levels are 1 to 4
    """
    if isinstance(level, bool) or level not in LEVEL_NUMBERS:
        raise ValueError(f"unknown player level {level!r}; levels are 1 to 4")
    return levels(game)[level](seed)
