"""Computer players and the loop that drives a hand with any mix of players.

A player is an object with one method per decision kind:

* ``choose_call(view) -> str`` — a taking/bidding call, one of ``view.legal_calls()``;
* ``choose_card(view) -> Card`` — a card of ``view.legal_cards()``.

``view`` is the seat's observation (:meth:`~belote_lab.games.base.TrickPlay.observation`):
the drivers (:func:`drive_hand`, :func:`step`, self-play, the play table) never hand a player
the state itself, so no player can look at a hidden card.  A human seat is a
:class:`Callback` wrapping two functions.

The computer players of every game and level come from one table: :func:`levels` (level →
factory) and :func:`player_for` (see :mod:`belote_lab.players.levels`).

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand(seed=1)
>>> drive_hand(h, {s: RandomPlayer(seed=s) for s in range(4)})
>>> h.is_over
True
"""

from __future__ import annotations

from belote_lab.games.base import drive_hand, step  # the loop lives with the games
from belote_lab.players.base import Callback, Player, RandomPlayer
from belote_lab.players.levels import levels, player_for
from belote_lab.players.registry import PlayerUnavailable, level2, register_level2

__all__ = [
    "Callback",
    "Player",
    "PlayerUnavailable",
    "RandomPlayer",
    "drive_hand",
    "level2",
    "levels",
    "player_for",
    "register_level2",
    "step",
]
