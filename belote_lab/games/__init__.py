"""One module per game, each configuring the shared trick-taking core.

Every game module ``belote_lab.games.<name>`` (``belote``, ``coinche``, ``belote2``,
``callbreak``) defines ``HAND_CLASS`` (one hand/deal: bidding, play, scoring) and
``GAME_CLASS`` (a whole game or match).  The games import only the core modules and each
other; the conformance referee's handlers for a game live in ``belote_lab.referee.<name>``.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["GAMES", "hand_classes", "game_classes", "game_module"]

GAMES = ("belote", "coinche", "belote2", "callbreak")


def game_module(game: str) -> Any:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    return importlib.import_module(f"belote_lab.games.{game}")


def _collect(attr: str) -> dict[str, Any]:
    out = {}
    for g in GAMES:
        try:
            mod = importlib.import_module(f"belote_lab.games.{g}")
        except ModuleNotFoundError:
            continue
        if hasattr(mod, attr):
            out[g] = getattr(mod, attr)
    return out


def hand_classes() -> dict[str, Any]:
    """Game name → the class of one hand of it (used by records and the referee)."""
    return _collect("HAND_CLASS")


def game_classes() -> dict[str, Any]:
    """Game name → the class of a whole game."""
    return _collect("GAME_CLASS")
