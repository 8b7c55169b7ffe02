"""The errors of the games: a call or an action refused (the state is unchanged).

They sit below every other module of the games (records included) so that each can raise
them; :mod:`belote_lab.games.base` re-exports them.
"""

from __future__ import annotations

from belote_lab.trick import IllegalPlay

__all__ = ["IllegalAction", "OutOfTurn"]


class IllegalAction(ValueError):
    """A call or an action that the rules do not allow now (the state is unchanged)."""


class OutOfTurn(IllegalPlay, IllegalAction):
    """A play or call by a seat whose turn it is not (both an :class:`IllegalPlay` and an
    :class:`IllegalAction`, so ``can_call``/``can_play`` answer ``False`` for it)."""
