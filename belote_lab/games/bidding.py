"""One protocol for the calls made before the play: the two-round taking of Belote
(:class:`~belote_lab.games.taking.Taking`), the Coinche auction
(:class:`~belote_lab.games.coinche.Auction`) and the Callbreak calls
(:class:`~belote_lab.games.callbreak.CallbreakBidding`).

A hand reads its bidding through this surface only: whose turn it is (``next_seat``, ``None``
once the bidding is over), ``verify(call)`` (the call in its normal form, or an error naming
the reason; nothing changes), ``call(call)`` and ``copy()``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

__all__ = ["Bidding"]


class Bidding(ABC):
    """The calls of one deal, in order (``calls``)."""

    calls: list[Any]

    @property
    @abstractmethod
    def next_seat(self) -> int | None:
        """The seat to call next, or ``None`` when the bidding is over."""

    @abstractmethod
    def verify(self, call: Any) -> Any:
        """``call`` in its normal form, or an error with the reason (nothing changes)."""

    @abstractmethod
    def _apply(self, norm: Any) -> None:
        """Apply a call already checked by :meth:`verify` (its normal form)."""

    @abstractmethod
    def copy(self) -> Bidding:
        """An independent copy."""

    def call(self, call: Any) -> None:
        """Apply a call (raises with the reason and changes nothing if it is refused)."""
        self._apply(self.verify(call))
