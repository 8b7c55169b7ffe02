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

Its refusals and the calls' words are the ``taking.`` texts of the catalogue of words
(``belote_lab/words/en/taking.json``, ``ko/taking.json``); no trump and all trump are named
as every contract is (``names.contract_NT``, ``names.contract_AT``).
"""

from __future__ import annotations

from typing import Any

from belote_lab import words
from belote_lab.cards import SEATS, Card, Suit, ascii_upper
from belote_lab.games.bidding import Bidding
from belote_lab.games.errors import Refusal
from belote_lab.korean import seat_word, typed

__all__ = ["Taking", "TakingError", "call_words", "call_words_ko"]


class TakingError(Refusal, ValueError):
    """A call the taking rules refuse; ``index`` is the 0-based number of the call.
    ``str(e)`` is English, ``e.text("ko")`` Korean."""

    def __init__(self, message: str, index: int, ko: str | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.ko = ko


def call_words(call: object, language: str = "en") -> str:
    """A taking call in words of ``language``: ``take``/``가져가기``, ``pass``/``패스``,
    ``♥ trump``/``♥ 으뜸패``, ``no trump``/``으뜸패 없음``; anything else as typed (``repr`` in
    English, quoted in Korean).

    >>> call_words("NT"), call_words("H", "ko"), call_words("xyz")
    ('no trump', '♥ 으뜸패', "'xyz'")
    """
    lang = words.check_language(language)
    if isinstance(call, str):
        if call == "take":
            return words.text("taking.call_take", lang)
        if call == "pass":
            return words.text("game.call_pass", lang)
        if call in ("NT", "AT"):
            return words.text(f"names.contract_{call}", lang)
        if call in ("S", "H", "D", "C"):
            return words.text("taking.call_suit", lang, suit=Suit.parse(call).symbol)
    return typed(call) if lang == "ko" else repr(call)


def call_words_ko(call: object) -> str:
    """A taking call in Korean words: ``가져가기``, ``패스``, ``♥ 으뜸패``, ``으뜸패 없음``;
    anything else quoted as typed.

    >>> call_words_ko("take"), call_words_ko("H"), call_words_ko("NT"), call_words_ko("xyz")
    ('가져가기', '♥ 으뜸패', '으뜸패 없음', '‘xyz’')
    """
    return call_words(call, "ko")


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
                words.text("taking.over_late", n=index + 1, call=repr(call)),
                index,
                words.text("taking.over", "ko", call=call_words_ko(call)),
            )
        c = call.strip() if isinstance(call, str) else call
        if not isinstance(c, str):
            raise self._unknown(call, index)
        word = ascii_upper(c)
        if word in ("TAKE", "PASS"):
            norm = word.lower()
        elif word in ("NT", "AT"):
            norm = word
        else:  # a suit, read by the one suit reader: "S" or "♠", never "" or "HD"
            try:
                norm = Suit.parse(c).name
            except ValueError:
                raise self._unknown(call, index) from None
        if norm in self.legal_calls():
            return norm
        key = self._refusal(norm)
        seat = self.next_seat or 0
        values: dict[str, Any] = {"suit": self.turned.suit.symbol, "redeals": self.redeals}
        typed_en = call_words(norm) if key == "variant" else repr(call)  # no trump, 'H'
        why = words.text(f"taking.{key}", seat=SEATS[seat], call=typed_en, **values)
        ko = words.text(
            f"taking.{key}", "ko", seat=seat_word(seat), call=call_words_ko(norm), **values
        )
        raise TakingError(
            words.text("game.call_refused", n=index + 1, seat=SEATS[seat], why=why), index, ko
        )

    @staticmethod
    def _unknown(call: object, index: int) -> TakingError:
        """The refusal of a call that is no call at all (``"HD"``, a number …)."""
        return TakingError(
            words.text("taking.unknown", call=repr(call)), index,
            words.text("taking.unknown", "ko", call=typed(call)),
        )

    def _refusal(self, norm: str) -> str:
        """Why the call ``norm`` is not one of the legal calls: the key of its words (its
        ``{call}`` is the call as typed in English, in words in Korean)."""
        if self.round == 1:
            return "jack" if norm == "pass" else "round1"
        if norm == "take":
            return "round2_take"
        if norm == self.turned.suit.name:
            return "turned_suit"
        if norm in ("NT", "AT"):
            return "variant"
        if norm == "pass":
            n = self.redeals
            if not n:  # forced_after_redeals 0: never
                return "dealer_never"
            return "dealer_pass" if n != 1 else "dealer_pass_one"
        return "other"

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
                words.text("taking.undo_none"), 0, words.text("taking.undo_none", "ko")
            )
        self.calls.pop()
        self.result = None

    def copy(self) -> Taking:
        t = Taking.__new__(Taking)
        t.__dict__.update(self.__dict__)
        t.calls = list(self.calls)
        return t
