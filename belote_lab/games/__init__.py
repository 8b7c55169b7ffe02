"""One module per game, each configuring the shared trick-taking core."""

from __future__ import annotations

from typing import Any

__all__ = ["hand_classes", "game_classes"]


def hand_classes() -> dict[str, Any]:
    """Game name → the class of one hand of it (used by records and the referee)."""
    from belote_lab.games.belote import BeloteHand

    return {"belote": BeloteHand}


def game_classes() -> dict[str, Any]:
    """Game name → the class of a whole game."""
    from belote_lab.games.belote import BeloteGame

    return {"belote": BeloteGame}
