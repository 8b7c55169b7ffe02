"""The player protocol, the level-1 :class:`RandomPlayer` and the :class:`Callback` seat.

Re-exported by :mod:`belote_lab.players`; they live here so that the level table
(:mod:`belote_lab.players.levels`) and the player modules can import them without importing
the package, which imports the level table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from belote_lab.cards import Card, mask_cards
from belote_lab.games.base import TrickPlay

__all__ = ["Callback", "Player", "RandomPlayer"]


class Player(Protocol):
    """A computer or human seat.  ``sees`` (optional, a class attribute) is ``"seat"`` (the
    default: decides on the seat's observation) or ``"choices"`` (only the legal actions:
    :class:`~belote_lab.games.base.Choices`)."""

    def choose_call(self, state: TrickPlay) -> str: ...

    def choose_card(self, state: TrickPlay) -> Card: ...


class RandomPlayer:
    """Level 1: a uniformly random legal card and a random call.

    ``take_probability`` is how often it takes/names a trump when it may pass.
    """

    level = 1
    sees = "choices"  # the legal actions are all it reads

    def __init__(self, seed: int | None = None, take_probability: float = 0.3) -> None:
        self.rng = random.Random(seed)
        self.take_probability = take_probability

    def choose_call(self, state: TrickPlay) -> str:
        calls = state.legal_calls()
        if "pass" in calls and (len(calls) == 1 or self.rng.random() >= self.take_probability):
            return "pass"
        others = [c for c in calls if c != "pass"]
        return self.rng.choice(others)

    def choose_card(self, state: TrickPlay) -> Card:
        cards = mask_cards(state.legal_mask())
        return cards[int(self.rng.random() * len(cards))]


class Callback:
    """A seat driven by functions (a human in a widget, a test)."""

    def __init__(
        self, choose_card: Callable[[Any], Card | str], choose_call: Callable[[Any], str]
    ) -> None:
        self._card = choose_card
        self._call = choose_call

    def choose_call(self, state: TrickPlay) -> str:
        return self._call(state)

    def choose_card(self, state: TrickPlay) -> Card:
        return Card.parse(self._card(state))

