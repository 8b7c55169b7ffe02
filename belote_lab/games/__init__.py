"""The registry of games: :func:`get` a :class:`~belote_lab.games.spec.Game` by its name.

Every game module ``belote_lab.games.<name>`` (``belote``, ``coinche``, ``belote2``,
``callbreak``) configures the shared trick-taking core (:mod:`belote_lab.games.base`) and ends
with ``GAME = Game(...)``: its seats, sides, deck, follow rules, contracts, scoring, hand and
match classes.  :data:`GAMES` is the only list of the shipped games; :func:`register` adds
another (a test's toy game, a game of your own) without touching any other file.

>>> get("coinche").hand_class.__name__, get("callbreak").players
('CoincheHand', 4)
>>> get("tarot")
Traceback (most recent call last):
...
ValueError: unknown game 'tarot'; choose one of belote, coinche, belote2, callbreak
"""

from __future__ import annotations

import importlib
from typing import Any

from belote_lab.games.spec import Game

__all__ = [
    "GAMES", "Game", "get", "register", "unregister", "names", "rules_for", "contract_for",
    "hand_classes", "game_classes", "game_module",
]

GAMES = ("belote", "coinche", "belote2", "callbreak")
"""The shipped games, in the order they are shown."""

_REGISTERED: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` known by its name (replacing a game of the same name)."""
    _REGISTERED[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget a game added by :func:`register` (a shipped game cannot be removed)."""
    if name in GAMES:
        raise ValueError(f"{name!r} is a shipped game")
    _REGISTERED.pop(name, None)


def names() -> tuple[str, ...]:
    """Every known game: the shipped ones, then those added by :func:`register`."""
    return GAMES + tuple(n for n in _REGISTERED if n not in GAMES)


def get(name: object) -> Game:
    """The game called ``name`` (its module is imported the first time)."""
    if isinstance(name, Game):
        return name
    game = _REGISTERED.get(name) if isinstance(name, str) else None
    if game is not None:
        return game
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(names())}")
    mod = importlib.import_module(f"belote_lab.games.{name}")
    game = mod.GAME
    _REGISTERED[name] = game
    return game


def rules_for(game: object, data: dict[str, Any] | None = None) -> Any:
    """The rule options of ``game``: the defaults, or ``data`` read and checked.

    >>> rules_for("belote", {"must_undertrump": True}).must_undertrump
    True
    """
    from belote_lab.rules import RuleOptionError, short_repr

    try:
        g = get(game)
    except ValueError:
        raise RuleOptionError(f"unknown game {short_repr(game)}") from None
    return g.rules(data)


def contract_for(game: object, text: Any) -> Any:
    """``text`` as a contract of ``game`` (see :meth:`Game.contract`).

    >>> contract_for("belote", "AT").describe()
    'all trump'
    """
    return get(game).contract(text)


def game_module(game: str) -> Any:
    """The module that defines ``game``."""
    return importlib.import_module(get(game).module)


def hand_classes() -> dict[str, Any]:
    """Game name → the class of one hand of it (used by records and the referee)."""
    return {n: get(n).hand_class for n in names()}


def game_classes() -> dict[str, Any]:
    """Game name → the class of a whole game."""
    return {n: get(n).match_class for n in names()}
