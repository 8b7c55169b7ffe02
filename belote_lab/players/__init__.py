"""Computer players and the loop that drives a hand with any mix of players.

A player is an object with one method per decision kind:

* ``choose_call(state) -> str`` — a taking/bidding call, one of ``state.legal_calls()``;
* ``choose_card(state) -> Card`` — a card of ``state.legal_cards()``.

A human seat is a :class:`Callback` wrapping two functions.  Computer players must use only
what their seat may see (``state.seat_view(seat)`` and the legal choices).

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand(seed=1)
>>> drive_hand(h, {s: RandomPlayer(seed=s) for s in range(4)})
>>> h.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from belote_lab.cards import Card, mask_cards
from belote_lab.games.base import drive_hand  # the loop lives with the games: re-exported

__all__ = ["Player", "RandomPlayer", "Callback", "drive_hand"]


class Player(Protocol):
    def choose_call(self, state: Any) -> str: ...

    def choose_card(self, state: Any) -> Card: ...


class RandomPlayer:
    """Level 1: a uniformly random legal card and a random call.

    ``take_probability`` is how often it takes/names a trump when it may pass.
    """

    level = 1

    def __init__(self, seed: int | None = None, take_probability: float = 0.3) -> None:
        self.rng = random.Random(seed)
        self.take_probability = take_probability

    def choose_call(self, state: Any) -> str:
        calls = state.legal_calls()
        if "pass" in calls and (len(calls) == 1 or self.rng.random() >= self.take_probability):
            return "pass"
        others = [c for c in calls if c != "pass"]
        return self.rng.choice(others)

    def choose_card(self, state: Any) -> Card:
        cards = mask_cards(state.legal_mask())
        return cards[int(self.rng.random() * len(cards))]


class Callback:
    """A seat driven by functions (a human in a widget, a test)."""

    def __init__(
        self, choose_card: Callable[[Any], Card | str], choose_call: Callable[[Any], str]
    ) -> None:
        self._card = choose_card
        self._call = choose_call

    def choose_call(self, state: Any) -> str:
        return self._call(state)

    def choose_card(self, state: Any) -> Card:
        return Card.parse(self._card(state))

