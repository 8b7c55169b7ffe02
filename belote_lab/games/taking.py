"""The two-round taking of Belote (four players, RULES.md §1) and two players (§4).

Round 1: from the player after the dealer, each takes the turned card's suit or passes.
Round 2 (everyone passed): each names another suit (or no/all trump where allowed) or passes.

>>> t = Taking(dealer=2, turned="KC")          # S deals: W, N, E, S speak in turn
>>> t.call("pass"); t.call("pass"); t.call("take")
>>> t.result
('contract', 1, 'C')
>>> t = Taking(dealer=2, turned="JC", turned_jack_forces_dealer=True)
>>> for c in ("pass", "pass", "pass"): t.call(c)
>>> t.legal_calls()
['take']
"""

from __future__ import annotations

from belote_lab.cards import SEATS, Card, Suit
from belote_lab.games.bidding import Bidding

__all__ = ["Taking", "TakingError"]


class TakingError(ValueError):
    """A call the taking rules refuse; ``index`` is the 0-based number of the call."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


class Taking(Bidding):
    """The state of a two-round taking; ``calls`` holds ``(seat, call)`` pairs."""

    def __init__(
        self,
        dealer: int,
        turned: Card | str,
        seats: tuple[int, ...] = (0, 1, 2, 3),
        *,
        turned_jack_forces_dealer: bool = False,
        allow_no_trump: bool = False,
        allow_all_trump: bool = False,
        dealer_must_name: bool = False,
    ) -> None:
        self.dealer = dealer
        self.turned = Card.parse(turned)
        self.seats = seats
        self.turned_jack_forces_dealer = turned_jack_forces_dealer
        self.allow_no_trump = allow_no_trump
        self.allow_all_trump = allow_all_trump
        self.dealer_must_name = dealer_must_name
        i = seats.index(dealer)
        self.order = tuple(seats[(i + 1 + k) % len(seats)] for k in range(len(seats)))
        self.calls: list[tuple[int, str]] = []
        self.result: tuple[str, int, str] | tuple[str] | None = None

    @property
    def round(self) -> int:
        return 1 if len(self.calls) < len(self.seats) else 2

    @property
    def next_seat(self) -> int | None:
        """Whose turn it is to speak (``None`` once the taking is over)."""
        if self.result is not None:
            return None
        return self.order[len(self.calls) % len(self.seats)]

    def legal_calls(self) -> list[str]:
        """The calls the next player may make: ``take``/``pass`` in round 1, suits in round 2."""
        seat = self.next_seat
        if seat is None:
            return []
        turned_suit = self.turned.suit
        if self.round == 1:
            forced = (
                self.turned_jack_forces_dealer
                and self.turned.rank.letter == "J"
                and seat == self.dealer
            )
            return ["take"] if forced else ["take", "pass"]
        out = [s.name for s in Suit if s != turned_suit]
        if self.allow_no_trump:
            out.append("NT")
        if self.allow_all_trump:
            out.append("AT")
        if not (self.dealer_must_name and seat == self.dealer):
            out.append("pass")
        return out

    def verify(self, call: str) -> str:
        """The call normalised (``take``, ``pass``, ``H``, ``NT`` …) or :class:`TakingError`."""
        index = len(self.calls)
        if self.result is not None:
            raise TakingError(
                f"the taking is over; call {index + 1} ({call!r}) comes too late", index
            )
        c = call.strip() if isinstance(call, str) else call
        if not isinstance(c, str):
            raise TakingError(f"unknown call {call!r}", index)
        norm = c.lower() if c.lower() in ("take", "pass") else c.upper()
        if norm not in ("take", "pass", "NT", "AT"):
            try:
                norm = Suit.parse(norm).name
            except ValueError:
                raise TakingError(f"unknown call {call!r}", index) from None
        legal = self.legal_calls()
        if norm in legal:
            return norm
        seat = SEATS[self.next_seat or 0]
        if self.round == 1:
            if norm == "pass":
                why = f"{seat}, the dealer, must take: the turned card is a jack"
            else:
                why = f"round 1 allows only 'take' or 'pass', not {call!r}"
        elif norm == "take":
            why = "round 2: name a suit other than the turned suit, or pass"
        elif norm == self.turned.suit.name:
            why = f"round 2: the turned suit {self.turned.suit.symbol} was refused in round 1"
        elif norm in ("NT", "AT"):
            kind = "no trump" if norm == "NT" else "all trump"
            why = f"{kind} is not allowed by these rules"
        elif norm == "pass":
            why = f"{seat}, the dealer, may not pass in round 2 after two redeals"
        else:
            why = f"{call!r} is not allowed now"
        raise TakingError(f"call {index + 1} by {seat}: {why}", index)

    def _apply(self, norm: str) -> None:
        """Apply a call already checked by :meth:`verify` (its normal form)."""
        seat = self.next_seat
        assert seat is not None
        self.calls.append((seat, norm))
        if norm == "take":
            self.result = ("contract", seat, self.turned.suit.name)
        elif norm != "pass":
            self.result = ("contract", seat, norm)
        elif len(self.calls) == 2 * len(self.seats):
            self.result = ("redeal",)

    def undo(self) -> None:
        """Take back the last call; with none made yet, :class:`TakingError` (nothing changes).

        >>> t = Taking(dealer=0, turned="JH")
        >>> t.undo()
        Traceback (most recent call last):
        ...
        belote_lab.games.taking.TakingError: nothing to undo: no call has been made yet
        """
        if not self.calls:
            raise TakingError("nothing to undo: no call has been made yet", 0)
        self.calls.pop()
        self.result = None

    def copy(self) -> Taking:
        t = Taking.__new__(Taking)
        t.__dict__.update(self.__dict__)
        t.calls = list(self.calls)
        return t
