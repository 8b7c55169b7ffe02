"""The level-2 player of each game: ``LEVEL2`` of its module, or one given here.

A game's level-2 player — its rules of thumb, also the search players' play before their
horizon and their tie-break — is found by convention: ``LEVEL2`` of the module
``belote_lab.players.<name>`` (as the registry of games finds ``belote_lab.games.<name>``),
unless :func:`register_level2` gave one (a game added with :func:`belote_lab.games.register`,
a test's toy game).  ``LEVEL2`` is a factory ``(seed=None) -> player``: the shipped ones are
the classes themselves, which accept a seed and do not use it (they are deterministic).

This module sits below the search players, which need the level-2 player; the whole level
table is :mod:`belote_lab.players.levels`.

>>> level2("coinche").__name__
'CoinchePlayer2'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from belote_lab.games import Game, get
from belote_lab.players.tuning import PlayerUnavailable

__all__ = [
    "Factory",
    "PlayerUnavailable",
    "find_level2",
    "level2",
    "named_level",
    "no_level2",
    "register_level2",
]

Factory = Callable[..., Any]
"""``(seed=None) -> player``."""

_LEVEL2: dict[str, Factory] = {}
"""Level-2 factories given to :func:`register_level2`, by game name."""


def named_level(factory: Factory, name: str, level: int) -> Factory:
    """``factory`` renamed ``name`` and given its ``level`` (an attribute): how a level's
    factory shows in the table (``belote_level3``)."""
    factory.__name__ = factory.__qualname__ = name
    factory.level = level  # type: ignore[attr-defined]
    return factory


def register_level2(game: str | Game, factory: Factory | None) -> None:
    """Make ``factory`` (``(seed=None) -> player``) the level-2 player of ``game``, before
    any ``LEVEL2`` of a module ``belote_lab.players.<name>``; ``None`` forgets it.

    >>> from belote_lab.players import RandomPlayer
    >>> register_level2("belote", RandomPlayer)
    >>> type(level2("belote")(None)).__name__
    'RandomPlayer'
    >>> register_level2("belote", None)
    >>> level2("belote").__name__
    'BelotePlayer2'
    """
    name = game.name if isinstance(game, Game) else game
    if factory is None:
        _LEVEL2.pop(name, None)
    else:
        _LEVEL2[name] = factory


def _module_level2(game: Game) -> Factory | None:
    """``LEVEL2`` of the module ``belote_lab.players.<name>``, or ``None``."""
    name = f"{__package__}.{game.name}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise  # the module exists but imports something missing
        return None
    return getattr(module, "LEVEL2", None)


def find_level2(game: Game) -> Factory | None:
    """The level-2 factory of ``game``, or ``None`` if it has none."""
    return _LEVEL2.get(game.name) or _module_level2(game)


def no_level2(game: Game) -> PlayerUnavailable:
    """The error for a game without a level-2 player, saying how to give one."""
    return PlayerUnavailable(
        f"no level-2 player for the game {game.name!r}: give one with register_level2() or "
        f"as LEVEL2 in the module {__package__}.{game.name}"
    )


def level2(game: object) -> Factory:
    """The level-2 factory of ``game`` (a name or a :class:`~belote_lab.games.Game`), or
    :class:`PlayerUnavailable` naming the game.

    >>> from dataclasses import replace
    >>> from belote_lab.games import register, unregister
    >>> toy = register(replace(get("belote"), name="toy_registry"))
    >>> level2(toy)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    belote_lab.players.tuning.PlayerUnavailable: no level-2 player for the game 'toy_registry': ...
    >>> unregister("toy_registry")
    """
    g = get(game)
    factory = find_level2(g)
    if factory is None:
        raise no_level2(g)
    return factory
