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

from belote_lab.cards import SEATS, Card, Suit, ascii_upper
from belote_lab.games.bidding import Bidding
from belote_lab.games.errors import Refusal
from belote_lab.korean import kformat, seat_word, typed

__all__ = ["Taking", "TakingError", "call_words_ko"]


class TakingError(Refusal, ValueError):
    """A call the taking rules refuse; ``index`` is the 0-based number of the call.
    ``str(e)`` is English, ``e.text("ko")`` Korean."""

    def __init__(self, message: str, index: int, ko: str | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.ko = ko


_CALLS_KO = {"take": "가져가기", "pass": "패스", "NT": "으뜸패 없음", "AT": "모두 으뜸패"}


def call_words_ko(call: object) -> str:
    """A taking call in Korean words: ``가져가기``, ``패스``, ``♥ 으뜸패``, ``으뜸패 없음``;
    anything else quoted as typed.

    >>> call_words_ko("take"), call_words_ko("H"), call_words_ko("NT"), call_words_ko("xyz")
    ('가져가기', '♥ 으뜸패', '으뜸패 없음', '‘xyz’')
    """
    if isinstance(call, str):
        if call in _CALLS_KO:
            return _CALLS_KO[call]
        if call in ("S", "H", "D", "C"):
            return f"{Suit.parse(call).symbol} 으뜸패"
    return typed(call)


_REFUSALS_KO = {
    "over": "콜이 이미 끝났으므로 {call:은} 할 수 없습니다.",
    "unknown": "{call:은} 알 수 없는 콜이므로 가져가기, 패스 또는 으뜸패로 할 무늬를 "
    "골라야 합니다.",
    "jack": "뒤집힌 카드가 J이므로 딜러인 {seat:은} 패스할 수 없고 가져가야 합니다.",
    "round1": "첫 바퀴에서는 가져가기와 패스만 할 수 있으므로 {call:을} 부를 수 없습니다.",
    "round2_take": "두 번째 바퀴에서는 뒤집힌 카드의 무늬가 아닌 다른 무늬를 부르거나 패스해야 "
    "하므로 가져가기는 할 수 없습니다.",
    "turned_suit": "뒤집힌 카드의 무늬 {suit:은} 첫 바퀴에서 모두 거절했으므로 두 번째 바퀴에서 "
    "부를 수 없습니다.",
    "variant": "이 규칙에서는 {call:을} 허용하지 않으므로 부를 수 없습니다.",
    "dealer_pass": "카드를 {redeals}번 연속으로 다시 나눴으므로 딜러인 {seat:은} 두 번째 바퀴에서 "
    "패스할 수 없습니다.",
    "dealer_never": "이 규칙에서는 딜러인 {seat:은} 두 번째 바퀴에서 패스할 수 없습니다.",
    "other": "지금은 {call:을} 할 수 없습니다.",
}
"""The taking's refusals in Korean, one sentence each."""


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
        redeals: int = 0,
    ) -> None:
        self.dealer = dealer
        self.turned = Card.parse(turned)
        self.seats = seats
        self.turned_jack_forces_dealer = turned_jack_forces_dealer
        self.allow_no_trump = allow_no_trump
        self.allow_all_trump = allow_all_trump
        self.dealer_must_name = dealer_must_name
        self.redeals = redeals  # deals passed out in a row before this one (said in a refusal)
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
        """The call normalised (``take``, ``pass``, ``H``, ``NT`` …) or :class:`TakingError`
        (in English and Korean).

        >>> t = Taking(dealer=2, turned="KC")
        >>> t.call("pass"); t.call("pass"); t.call("pass"); t.call("pass")
        >>> try:
        ...     t.verify("C")
        ... except TakingError as e:
        ...     print(e.text("ko"))
        뒤집힌 카드의 무늬 ♣는 첫 바퀴에서 모두 거절했으므로 두 번째 바퀴에서 부를 수 없습니다.
        >>> t.verify("h"), t.verify("♦")
        ('H', 'D')
        >>> t.verify("HD")
        Traceback (most recent call last):
        ...
        belote_lab.games.taking.TakingError: unknown call 'HD'
        """
        index = len(self.calls)
        if self.result is not None:
            raise TakingError(
                f"the taking is over; call {index + 1} ({call!r}) comes too late",
                index,
                kformat(_REFUSALS_KO["over"], call=call_words_ko(call)),
            )
        c = call.strip() if isinstance(call, str) else call
        unknown = kformat(_REFUSALS_KO["unknown"], call=typed(call))
        if not isinstance(c, str):
            raise TakingError(f"unknown call {call!r}", index, unknown)
        word = ascii_upper(c)
        if word in ("TAKE", "PASS"):
            norm = word.lower()
        elif word in ("NT", "AT"):
            norm = word
        else:  # a suit, read by the one suit reader: "S" or "♠", never "" or "HD"
            try:
                norm = Suit.parse(c).name
            except ValueError:
                raise TakingError(f"unknown call {call!r}", index, unknown) from None
        if norm in self.legal_calls():
            return norm
        why, key = self._refusal(norm, call)
        seat = self.next_seat or 0
        ko = kformat(
            _REFUSALS_KO[key],
            seat=seat_word(seat),
            call=call_words_ko(norm),
            suit=self.turned.suit,
            redeals=self.redeals,
        )
        raise TakingError(f"call {index + 1} by {SEATS[seat]}: {why}", index, ko)

    def _refusal(self, norm: str, call: object) -> tuple[str, str]:
        """Why the call ``norm`` (typed ``call``) is not one of the legal calls: the English
        words and the key of the Korean ones."""
        seat = SEATS[self.next_seat or 0]
        if self.round == 1:
            if norm == "pass":
                return f"{seat}, the dealer, must take: the turned card is a jack", "jack"
            return f"round 1 allows only 'take' or 'pass', not {call!r}", "round1"
        if norm == "take":
            return "round 2: name a suit other than the turned suit, or pass", "round2_take"
        if norm == self.turned.suit.name:
            symbol = self.turned.suit.symbol
            return f"round 2: the turned suit {symbol} was refused in round 1", "turned_suit"
        if norm in ("NT", "AT"):
            kind = "no trump" if norm == "NT" else "all trump"
            return f"{kind} is not allowed by these rules", "variant"
        if norm == "pass":
            n = self.redeals
            if not n:  # forced_after_redeals 0: never
                return f"{seat}, the dealer, may not pass in round 2 by these rules", "dealer_never"
            again = f"{n} redeal{'s' if n != 1 else ''} in a row"
            return f"{seat}, the dealer, may not pass in round 2 after {again}", "dealer_pass"
        return f"{call!r} is not allowed now", "other"

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
            raise TakingError(
                "nothing to undo: no call has been made yet",
                0,
                "아직 한 콜이 없으므로 되돌릴 것이 없습니다.",
            )
        self.calls.pop()
        self.result = None

    def copy(self) -> Taking:
        t = Taking.__new__(Taking)
        t.__dict__.update(self.__dict__)
        t.calls = list(self.calls)
        return t
