"""Callbreak (RULES.md §5): deal, calls, play, exact tenths scoring, games and the journey.

Four players, each for themselves; 52 cards, 13 each; spades are always trump.  Every seat,
starting with the player after the dealer, calls how many tricks it will take (1 to
``max_call``); the player after the dealer leads.  Taking at least the call scores the call
plus 0.1 per extra trick, fewer scores minus the call.  Scores are exact tenths
(:class:`Tenths`), never floats that drift.

>>> hand = CallbreakHand(seed=4, dealer="W")
>>> hand.phase, SEATS[hand.current_player]
('bidding', 'N')
>>> for n in (3, 2, 4, 3):
...     hand.call(n)
>>> hand.phase, hand.calls
('play', {'N': 3, 'E': 2, 'S': 4, 'W': 3})
>>> import random
>>> rng = random.Random(0)
>>> while hand.phase == "play":
...     hand.play(rng.choice(list(hand.legal_cards())))
>>> sum(hand.result.tricks_won.values())
13
>>> round_score(4, 6), round_score(3, 2)
(4.2, -3)

The refusals of the calls, why a round scored as it did and why a record of it cannot be read
are the ``callbreak.`` texts of the catalogue of words (``belote_lab/words/en/callbreak.json``,
``ko/callbreak.json``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import total_ordering
from typing import Any

from belote_lab import words
from belote_lab.cards import (
    FULL_MASK,
    SEATS,
    SUIT_MASK,
    Card,
    CardParseError,
    CardSet,
    Rank,
    Suit,
    cards_mask,
    full_deck,
    mask_cards,
    parse_cards,
    parse_seat,
)
from belote_lab.contract import Contract, ContractKind
from belote_lab.games.base import (
    CountingGame,
    Event,
    IllegalAction,
    OutOfTurn,
    Trick,
    TrickPlay,
    at_hand,
    drawn_seed,
    hand_place,
    no_call,
)
from belote_lab.games.bidding import Bidding
from belote_lab.games.errors import refusal, refusal_ko
from belote_lab.games.spec import Game
from belote_lab.korean import seat_word, typed
from belote_lab.rules import CallbreakRules, RuleOptionError
from belote_lab.trick import CALLBREAK_FOLLOW, FollowRules

__all__ = [
    "GAME",
    "margin",
    "follow_for",
    "Tenths",
    "round_score",
    "score_round",
    "CallbreakResult",
    "CallError",
    "parse_call",
    "CallbreakBidding",
    "void_reason",
    "void_code",
    "CallbreakHand",
    "CallbreakGame",
    "BIG_CALL",
    "FACE_MASK",
]

CALLBREAK = Contract.parse("callbreak")
BIG_CALL = 8
"""The call that wins the game at once when made, under the ``big_call_8_wins`` house rule."""
FACE_MASK = sum(1 << (16 * s + r) for s in Suit for r in (Rank.JACK, Rank.QUEEN, Rank.KING))
"""The twelve face cards (J, Q, K of every suit)."""


# --- exact tenths -------------------------------------------------------------------------------
@total_ordering
@dataclass(frozen=True, eq=False)
class Tenths:
    """An exact Callbreak score: a whole number of tenths of a point.

    ``Tenths(42)`` is 4.2 points.  It prints and compares like the number it stands for,
    adds exactly (``int`` operands are whole points) and never goes through a float.

    >>> a = Tenths.parse("4.2")
    >>> a, a.tenths, str(-Tenths(30)), a.number
    (4.2, 42, '-3', 4.2)
    >>> sum([Tenths(1)] * 10, Tenths(0)) == 1        # 0.1 ten times is exactly 1
    True
    >>> Tenths.parse("4.25")
    Traceback (most recent call last):
    ...
    ValueError: 4.25 is not a whole number of tenths
    """

    tenths: int

    def __post_init__(self) -> None:
        if isinstance(self.tenths, bool) or not isinstance(self.tenths, int):
            raise TypeError(f"Tenths needs a whole number of tenths, not {self.tenths!r}")

    @classmethod
    def points(cls, whole: int) -> Tenths:
        """Whole points: ``Tenths.points(3)`` is 3."""
        return cls(10 * whole)

    @classmethod
    def parse(cls, value: Tenths | int | float | str) -> Tenths:
        """A number or its text with at most one decimal (``-3``, ``4.2``, ``"1.1"``)."""
        if isinstance(value, Tenths):
            return value
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise TypeError(f"not a score: {value!r}")
        if isinstance(value, int):
            return cls(10 * value)
        try:
            d = Decimal(repr(value) if isinstance(value, float) else value.strip()) * 10
        except InvalidOperation:
            raise ValueError(f"not a score: {value!r}") from None
        if not d.is_finite() or d != d.to_integral_value():
            raise ValueError(f"{value} is not a whole number of tenths")
        return cls(int(d))

    @property
    def number(self) -> int | float:
        """The JSON form: an ``int`` when whole (``-3``), else a float with one decimal."""
        if self.tenths % 10 == 0:
            return self.tenths // 10
        return self.tenths / 10

    def to_json(self) -> int | float:
        return self.number

    def __str__(self) -> str:
        a = abs(self.tenths)
        sign = "-" if self.tenths < 0 else ""
        return f"{sign}{a // 10}" + (f".{a % 10}" if a % 10 else "")

    __repr__ = __str__

    def __float__(self) -> float:
        return self.tenths / 10

    def __bool__(self) -> bool:
        return self.tenths != 0

    def __hash__(self) -> int:
        return hash(self.number)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tenths):
            return self.tenths == other.tenths
        if isinstance(other, int):
            return self.tenths == 10 * other
        if isinstance(other, float):
            return self.number == other
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Tenths):
            return self.tenths < other.tenths
        if isinstance(other, int):
            return self.tenths < 10 * other
        if isinstance(other, float):
            return self.number < other
        return NotImplemented

    def __add__(self, other: Tenths | int) -> Tenths:
        if isinstance(other, Tenths):
            return Tenths(self.tenths + other.tenths)
        if isinstance(other, int) and not isinstance(other, bool):
            return Tenths(self.tenths + 10 * other)
        return NotImplemented

    __radd__ = __add__

    def __neg__(self) -> Tenths:
        return Tenths(-self.tenths)

    def __sub__(self, other: Tenths | int) -> Tenths:
        if isinstance(other, (Tenths, int)) and not isinstance(other, bool):
            return self + (-other)
        return NotImplemented


def round_score(call: int, tricks: int) -> Tenths:
    """One seat's score for a round: ``call`` + 0.1 per extra trick, or ``-call``.

    >>> round_score(4, 6), round_score(4, 4), round_score(3, 2)
    (4.2, 4, -3)
    """
    if tricks >= call:
        return Tenths(10 * call + tricks - call)
    return Tenths(-10 * call)


@dataclass(frozen=True)
class CallbreakResult:
    """The outcome of one round, per seat letter: ``calls``, ``tricks_won``, ``score``."""

    calls: dict[str, int]
    tricks_won: dict[str, int]
    score: dict[str, Tenths]

    @property
    def made(self) -> dict[str, bool]:
        """Whether each seat took at least its call."""
        return {s: self.tricks_won[s] >= self.calls[s] for s in self.calls}

    def to_json(self) -> dict[str, Any]:
        return {
            "calls": dict(self.calls),
            "tricks_won": dict(self.tricks_won),
            "score": {s: t.number for s, t in self.score.items()},
        }

    def why(self, language: str = "en") -> str:
        """One sentence per seat on how its score came about, in English or Korean (``ko``).

        >>> r = score_round([4, 3, 1, 2], [6, 2, 1, 4])
        >>> r.why().splitlines()[:2]
        ['N called 4 and took 6: 4 + 2 extra × 0.1 = 4.2.', 'E called 3 and took 2: -3.']
        >>> print(r.why("ko"))
        북쪽은 4를 콜하고 6트릭을 땄으므로 4 + 초과 2트릭 × 0.1 = 4.2점입니다.
        동쪽은 3을 콜했지만 2트릭만 땄으므로 콜 수만큼 잃어 -3점입니다.
        남쪽은 1을 콜하고 1트릭을 땄으므로 1점입니다.
        서쪽은 2를 콜하고 4트릭을 땄으므로 2 + 초과 2트릭 × 0.1 = 2.2점입니다.
        >>> print(score_round([4, 3, 1, 2], [6, 2, 0, 5]).why("ko").splitlines()[2])
        남쪽은 1을 콜했지만 한 트릭도 따지 못했으므로 콜 수만큼 잃어 -1점입니다.
        """
        if language not in ("en", "ko"):
            raise ValueError(f"language must be 'en' or 'ko', not {language!r}")
        lines = []
        for s, call in self.calls.items():
            took = self.tricks_won[s]
            key = "under" if took < call else "exact" if took == call else "over"
            key = "none" if took == 0 else key
            lines.append(words.text(
                f"callbreak.why_{key}", language,
                seat=seat_word(s) if language == "ko" else s, call=call, took=took,
                extra=took - call, score=self.score[s],
            ))
        return "\n".join(lines)


def score_round(calls: Sequence[int], tricks: Sequence[int]) -> CallbreakResult:
    """Score a round from the calls and tricks of the seats N, E, S, W (indices 0–3).

    >>> score_round([4, 3, 1, 2], [6, 2, 1, 4]).score
    {'N': 4.2, 'E': -3, 'S': 1, 'W': 2.2}
    """
    if len(calls) != 4 or len(tricks) != 4:
        raise ValueError("a round has four calls and four trick counts")
    return CallbreakResult(
        calls={SEATS[s]: calls[s] for s in range(4)},
        tricks_won={SEATS[s]: tricks[s] for s in range(4)},
        score={SEATS[s]: round_score(calls[s], tricks[s]) for s in range(4)},
    )


# --- calls ----------------------------------------------------------------------------------------
class CallError(IllegalAction):
    """A call that the rules do not allow (the state is unchanged); ``e.text("ko")`` in
    Korean."""


_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: not ٣, ３ or ²


def parse_call(value: object, max_call: int = BIG_CALL) -> int:
    """A call as an ``int`` from 1 to ``max_call``; its decimal text (as in records) is read too.

    >>> parse_call(3), parse_call("5")
    (3, 5)
    >>> parse_call(9)
    Traceback (most recent call last):
    ...
    belote_lab.games.callbreak.CallError: a call is from 1 to 8 tricks, not 9
    >>> parse_call("٣")
    Traceback (most recent call last):
    ...
    belote_lab.games.callbreak.CallError: a call is a whole number of tricks, not '٣'
    """
    n: int

    def not_whole() -> CallError:
        # the English says what a call is, the Korean also what to call: a key each
        return CallError(
            words.text("callbreak.call_whole", value=repr(value)),
            words.text("callbreak.call_whole_range", "ko", value=typed(value), most=max_call),
        )

    if isinstance(value, bool):
        raise not_whole()
    if isinstance(value, int):
        n = value
    elif isinstance(value, str) and _DIGITS.fullmatch(value.strip()):
        text = value.strip().lstrip("0") or "0"
        if len(text) > 9:  # far too many tricks (and never int() of thousands of digits)
            shown = text[:12] + "…"
            raise CallError(
                words.text("callbreak.call_range", most=max_call, n=shown),
                words.text("callbreak.call_range", "ko", most=max_call, n=shown),
            )
        n = int(text)
    else:
        raise not_whole()
    if not 1 <= n <= max_call:
        raise CallError(
            words.text("callbreak.call_range", most=max_call, n=n),
            words.text("callbreak.call_range", "ko", most=max_call, n=n),
        )
    return n


class CallbreakBidding(Bidding):
    """The calls of one deal: each seat in turn from the player after the dealer.

    >>> b = CallbreakBidding(dealer=3)
    >>> b.call(2); SEATS[b.next_seat]
    'E'
    >>> b.call(0)
    Traceback (most recent call last):
    ...
    belote_lab.games.callbreak.CallError: a call is from 1 to 8 tricks, not 0
    """

    def __init__(self, dealer: int | str = 0, max_call: int = BIG_CALL) -> None:
        self.dealer = parse_seat(dealer)
        self.max_call = max_call
        self.calls: list[int] = []

    @property
    def done(self) -> bool:
        return len(self.calls) == 4

    @property
    def next_seat(self) -> int | None:
        """Whose turn it is to call (``None`` after the four calls)."""
        if self.done:
            return None
        return (self.dealer + 1 + len(self.calls)) % 4

    def verify(self, call: object) -> int:
        """The call as an ``int``, or :class:`CallError` with the reason."""
        if self.done:
            raise CallError(
                words.text("callbreak.calls_done"), words.text("callbreak.calls_done", "ko")
            )
        return parse_call(call, self.max_call)

    def _apply(self, norm: int) -> None:
        self.calls.append(norm)

    def by_seat(self) -> list[int | None]:
        """The call of each seat index 0–3 (``None`` until made)."""
        out: list[int | None] = [None] * 4
        for k, n in enumerate(self.calls):
            out[(self.dealer + 1 + k) % 4] = n
        return out

    def copy(self) -> CallbreakBidding:
        new = CallbreakBidding(self.dealer, self.max_call)
        new.calls = list(self.calls)
        return new


def void_reason(hand: int, rules: CallbreakRules | None = None) -> str | None:
    """Why a dealt 13-card hand (a mask) voids the deal, or ``None`` if it is fine.

    >>> from belote_lab.cards import CardSet
    >>> void_reason(CardSet.parse("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H").mask)
    'no spade'
    >>> void_reason(CardSet.parse("AS TH 9H 8H 7H 6H 5H 4H 3H 2H TD 9D 8D").mask,
    ...             CallbreakRules(redeal_without_face_cards=True))
    'no J, Q or K'
    """
    code = void_code(hand, rules)
    return None if code is None else words.text(f"callbreak.void_{code}")


def void_code(hand: int, rules: CallbreakRules | None = None) -> str | None:
    """Why a dealt 13-card hand voids the deal, as a code (``no_spade``, ``no_face``), or
    ``None`` if it is fine."""
    if not hand & SUIT_MASK[Suit.S]:
        return "no_spade"
    if rules is not None and rules.redeal_without_face_cards and not hand & FACE_MASK:
        return "no_face"
    return None



# --- one round ------------------------------------------------------------------------------------
class CallbreakHand(TrickPlay):
    """One round of Callbreak, from the deal to the score.

    ``phase`` is ``bidding``, ``play``, ``done`` or ``redeal`` (a dealt hand has no spade, or
    under ``redeal_without_face_cards`` no J, Q or K: the deal is void and the game deals
    again with the same dealer; ``redeal_reason`` says why).  Actions: :meth:`call` (an
    ``int``), :meth:`play`, :meth:`undo`.  ``verify_call``/``verify_play`` raise with the
    reason, ``can_call``/``can_play`` answer yes or no, and a refused action changes nothing.

    The 52 cards of ``deck`` are dealt one at a time, starting with the player after the
    dealer.

    >>> h = CallbreakHand(seed=4, dealer="W")
    >>> h.can_call(9), h.can_call(3, "E")
    (False, False)
    >>> h.call(3); h.undo(); h.calls
    {}
    """

    game = "callbreak"
    tricks_per_hand = 13
    last_trick_bonus = 0

    def __init__(
        self,
        rules: CallbreakRules | None = None,
        dealer: int | str = 0,
        seed: int | None = None,
        deck: Sequence[Card] | Sequence[str] | None = None,
    ) -> None:
        self.rules = rules or CallbreakRules()
        if not isinstance(self.rules, CallbreakRules):
            raise TypeError("CallbreakHand needs CallbreakRules")
        self.dealer = parse_seat(dealer)
        if deck is None:
            cards = full_deck()
            random.Random(seed).shuffle(cards)
        else:
            cards = parse_cards(deck)
            if len(cards) != 52:
                raise CardParseError(deck, "52-card deck")
        self.deck: tuple[Card, ...] = tuple(cards)
        self.seed = seed
        self._init_play_fields()
        for i, c in enumerate(cards):
            self.hands[(self.dealer + 1 + i) % 4] |= 1 << c
        self._setup(self.dealer)
        self.redeal_reason: str | None = None
        self.redeal_seat: int = -1
        for k in range(4):
            seat = (self.dealer + 1 + k) % 4
            code = void_code(self.hands[seat], self.rules)
            if code is not None:
                self.redeal_reason = self._void_words("en", seat, code)
                self.redeal_seat = seat
                break

    def _setup(self, dealer: int) -> None:
        self.original: list[int] = list(self.hands)
        self.bidding = CallbreakBidding(dealer, self.rules.max_call)
        self.first_leader: int = (dealer + 1) % 4
        self.result: CallbreakResult | None = None

    @classmethod
    def from_hands(
        cls,
        hands: Mapping[str, Any] | Sequence[Any],
        calls: Mapping[str, Any] | Sequence[Any],
        first_leader: int | str,
        rules: CallbreakRules | None = None,
    ) -> CallbreakHand:
        """A round that starts at the first card with given 13-card hands and calls.

        ``hands`` and ``calls`` map seats to cards and calls, or list them in the order
        N, E, S, W.  The dealer is the seat before ``first_leader``.  (A hand without
        spades is accepted here: the position is given, not dealt.)

        >>> h = CallbreakHand.from_hands(
        ...     ["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        ...      "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        ...      "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        ...      "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"],
        ...     {"N": 8, "E": 1, "S": 1, "W": 1}, first_leader="E")
        >>> h.legal_cards().text()
        'AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H'
        """
        self = cls.__new__(cls)
        self.rules = rules or CallbreakRules()
        if not isinstance(self.rules, CallbreakRules):
            raise TypeError("CallbreakHand needs CallbreakRules")
        self.deck = ()
        self.seed = None
        self._init_play_fields()
        if not isinstance(hands, Mapping) and len(hands) != 4:
            raise CardParseError(hands, "set of hands (the four seats are needed)")
        hand_items = hands.items() if isinstance(hands, Mapping) else zip(SEATS, hands, strict=True)
        seen = 0
        given = set()
        for seat, cards in hand_items:
            s = parse_seat(seat)
            m = cards_mask(parse_cards(cards))
            if m & seen:
                raise CardParseError(mask_cards(m & seen)[0].text, "card (dealt twice)")
            if bin(m).count("1") != 13:
                raise CardParseError(cards, f"hand for {SEATS[s]} (13 cards needed)")
            seen |= m
            self.hands[s] = m
            given.add(s)
        if len(given) != 4:
            raise CardParseError(hands, "set of hands (the four seats are needed)")
        if seen != FULL_MASK:
            raise CardParseError(hands, "deal (the hands must hold the 52 cards)")
        needed = CallError(
            words.text("callbreak.calls_needed"), words.text("callbreak.calls_needed", "ko")
        )
        if not isinstance(calls, Mapping) and len(calls) != 4:
            raise needed
        call_items = calls.items() if isinstance(calls, Mapping) else zip(SEATS, calls, strict=True)
        by_seat: dict[int, int] = {}
        for seat, n in call_items:
            s = parse_seat(seat)
            if s in by_seat:  # "N" and "n": one seat, two calls
                raise CallError(  # the English also names the second key: a key each
                    words.text("callbreak.calls_twice", seat=SEATS[s], given=repr(seat)),
                    words.text("callbreak.calls_twice_seat", "ko", seat=seat_word(s)),
                )
            by_seat[s] = parse_call(n, self.rules.max_call)
        if len(by_seat) != 4:
            raise needed
        first = parse_seat(first_leader)
        self.dealer = (first + 3) % 4
        self._setup(self.dealer)
        self.redeal_reason = None
        self.redeal_seat = -1
        for k in range(4):
            self.bidding.call(by_seat[(first + k) % 4])
        self._start_play(CALLBREAK, CALLBREAK_FOLLOW, self.first_leader)
        return self

    # --- phase ----------------------------------------------------------------------------------
    def bidding_part(self) -> Bidding:
        return self.bidding

    def redeal_pending(self) -> bool:
        return self.redeal_reason is not None

    def redeal_words(self, language: str = "en") -> str:
        """Why the deal is dealt again: a hand without a spade (or a face card), never passes.

        >>> h = CallbreakHand(seed=0); h.redeal_reason = "E has no spade"; h.redeal_seat = 1
        >>> h.redeal_words()
        'East has no spade: the cards are dealt again.'
        >>> h.redeal_words("ko")
        '동쪽의 손패에 스페이드가 한 장도 없으므로 카드를 다시 나눕니다.'
        """
        seat = max(self.redeal_seat, 0)
        code = self._void_code()
        if code is None:
            return super().redeal_words(language)
        return words.text("callbreak.redealt", language,
                          seat=words.text(f"names.seat_word_{SEATS[seat]}", language),
                          why=words.text(f"callbreak.void_{code}", language))

    @property
    def calls(self) -> dict[str, int]:
        """The calls made so far, seat letter → tricks, in calling order."""
        d = self.bidding.dealer
        return {SEATS[(d + 1 + k) % 4]: n for k, n in enumerate(self.bidding.calls)}

    def call_of(self, seat: int | str) -> int | None:
        """The call of ``seat`` (``None`` before it has called)."""
        return self.bidding.by_seat()[parse_seat(seat)]

    # --- calls ------------------------------------------------------------------------------------
    def legal_calls(self) -> list[int]:
        """The calls the seat to speak may make: 1 to ``max_call`` (none outside the bidding)."""
        if self.phase != "bidding":
            return []
        return list(range(1, self.rules.max_call + 1))

    def verify_call(self, call: object, seat: int | str | None = None) -> int:
        """The call as an ``int``; raises :class:`CallError` (or :class:`OutOfTurn`) if refused."""
        ph = self.phase
        if ph == "redeal":
            raise CallError(
                words.text("callbreak.void", reason=self.redeal_reason),
                words.text("callbreak.void", "ko", reason=self._void_ko()),
            )
        if ph != "bidding":
            raise CallError(no_call(ph), refusal_ko("no_call"))
        nxt = self.bidding.next_seat
        assert nxt is not None
        if seat is not None and (s := self._seat_arg(seat, CallError)) != nxt:
            raise OutOfTurn(
                refusal("callbreak.turn_call", next=nxt, seat=s),
                refusal_ko("callbreak.turn_call", next=nxt, seat=s),
            )
        return self.bidding.verify(call)

    @staticmethod
    def _void_words(language: str, seat: int, code: str) -> str:
        """Why a deal is void, in ``language``: ``seat``'s hand has no spade, or no face card
        (``code``)."""
        return words.text(
            "callbreak.redeal_reason", language,
            seat=seat_word(seat) if language == "ko" else SEATS[seat],
            why=words.text(f"callbreak.void_{code}", language),
        )

    def _void_code(self) -> str | None:
        """The kind of the void deal (``no_spade``, ``no_face``), read from the English
        ``redeal_reason``; ``None`` for a reason of no known kind."""
        return next(
            (c for c in ("no_spade", "no_face")
             if (self.redeal_reason or "").endswith(words.text(f"callbreak.void_{c}"))),
            None,
        )

    def _void_ko(self) -> str:
        """Why the deal is void, in Korean (read from the English ``redeal_reason``)."""
        seat = max(self.redeal_seat, 0)
        code = self._void_code()
        if code is None:  # a reason of no known kind: its English words as they are
            return self.redeal_reason or ""
        return self._void_words("ko", seat, code)

    def call(self, call: object, seat: int | str | None = None) -> None:
        """Call a number of tricks (an ``int`` from 1 to ``max_call``) for the seat to speak."""
        n = self.verify_call(call, seat)
        s = self.bidding.next_seat
        assert s is not None
        self._stack.append(self._save())
        self._actions.append(("call", s, str(n)))
        self.bidding.call(n)
        if self.bidding.done:
            self._start_play(CALLBREAK, CALLBREAK_FOLLOW, self.first_leader)

    # --- play hooks -------------------------------------------------------------------------------
    def _on_trick(self, trick: Trick) -> None:
        w = trick.winner
        if self.won_tricks[w] == self.call_of(w):
            self.events.append(Event("call_made", w, len(self.tricks)))

    def _on_hand_end(self) -> None:
        calls = self.bidding.by_seat()
        self.result = score_round([c or 0 for c in calls], self.won_tricks)

    def _save_extra(self) -> tuple[Any, ...]:
        return (len(self.bidding.calls), self.result)

    def _load_extra(self, s: tuple[Any, ...]) -> None:
        n, self.result = s
        del self.bidding.calls[n:]

    @property
    def in_play(self) -> bool:
        return self.contract is not None and self.result is None

    # --- values -----------------------------------------------------------------------------------
    def _copy_parts(self, new: Any) -> None:
        new.bidding = self.bidding.copy()

    def _key(self) -> tuple[Any, ...]:
        # the start and the actions determine everything else
        return (
            self.rules,
            self.dealer,
            self.deck,
            tuple(self.original),
            tuple(self.bidding.calls),
            tuple(self._actions),
        )

    def seat_view(self, seat: int | str) -> dict[str, Any]:
        """What ``seat`` may see: its own cards, the calls and the played cards."""
        s = parse_seat(seat)
        cur = self.current_player
        return {
            "seat": SEATS[s],
            "hand": [c.text for c in CardSet(self.hands[s])],
            "dealer": SEATS[self.dealer],
            "phase": self.phase,
            "calls": [
                [SEATS[(self.dealer + 1 + k) % 4], n] for k, n in enumerate(self.bidding.calls)
            ],
            "tricks": [t.to_json() for t in self.tricks],
            "trick": [c.text for c in self.trick],
            "leader": SEATS[self.leader],
            "to_play": None if cur is None else SEATS[cur],
            "tricks_won": {SEATS[x]: self.won_tricks[x] for x in range(4)},
        }

    # --- records ----------------------------------------------------------------------------------
    def _record_start(self) -> dict[str, Any]:
        if self.deck:
            return {"deck": [c.text for c in self.deck]}
        start = {
            "hands": {SEATS[s]: [c.text for c in CardSet(m)] for s, m in enumerate(self.original)},
            "calls": {SEATS[s]: n for s, n in enumerate(self.bidding.by_seat())},
            "first_leader": SEATS[self.first_leader],
        }
        return {"start": start}

    _RECORD_KEYS: tuple[str, ...] = ()
    """The keys of a Callbreak hand record besides those of every game."""

    @staticmethod
    def _record_calls(raw: Any, rules: Any) -> dict[str, int]:
        """A record's ``start.calls``: every seat's call, by seat letter (or a list of four)."""
        from belote_lab.games.record import expected, seats_ko

        what = words.text("callbreak.record_calls", seats=" ".join(SEATS))
        what_ko = words.text("callbreak.record_calls", "ko", seats=seats_ko(range(4)))
        if isinstance(raw, dict):
            if sorted(raw) != sorted(SEATS):
                raise expected("start.calls", what, raw, what_ko)
            items = [(f"start.calls.{k}", k, raw[k]) for k in SEATS]
        elif isinstance(raw, list) and len(raw) == 4:
            items = [(f"start.calls[{i}]", SEATS[i], raw[i]) for i in range(4)]
        else:
            raise expected("start.calls", what, raw, what_ko)
        calls: dict[str, int] = {}
        for path, k, n in items:
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= rules.max_call:
                raise expected(
                    path, words.text("callbreak.record_call", most=rules.max_call), n,
                    words.text("callbreak.record_call", "ko", most=rules.max_call),
                )
            calls[k] = n
        return calls

    @classmethod
    def _from_record_start(cls, data: dict[str, Any], rules: Any) -> CallbreakHand:
        from belote_lab.games.record import (
            NEEDS_DECK,
            NEEDS_DECK_KO,
            RecordError,
            cards_field,
            check_keys,
            describe,
            describe_ko,
            hands_field,
            need_keys,
            seat_field,
        )

        dealer = seat_field(data.get("dealer", "N"), "dealer")
        if "deck" in data:
            deck = data["deck"]
            if not isinstance(deck, list):
                raise RecordError(
                    words.text("game.record_deck_list", n=52, got=describe(deck)), field="deck",
                    ko=words.text("game.record_deck_list", "ko", n=52, got=describe_ko(deck)),
                )
            cards = cards_field(deck, "deck", 52, FULL_MASK, "52-card deck")
            return cls(rules, dealer=dealer, deck=cards)
        st = data.get("start")
        if not isinstance(st, dict):
            raise RecordError(NEEDS_DECK, field="start", ko=NEEDS_DECK_KO)
        keys = ("hands", "calls", "first_leader")
        check_keys(st, keys, "start")
        need_keys(st, keys, "start")
        hands = hands_field(st["hands"], "start.hands", (0, 1, 2, 3), 13, FULL_MASK, "52-card deck")
        first = seat_field(st["first_leader"], "start.first_leader")
        calls = cls._record_calls(st["calls"], rules)
        if "dealer" in data and dealer != (first + 3) % 4:
            want = (first + 3) % 4
            ko = words.text(
                "callbreak.record_dealer_lead", "ko",
                lead=seat_word(first), dealer=seat_word(dealer), want=seat_word(want),
            )
            raise RecordError(
                words.text(
                    "callbreak.record_dealer_lead",
                    dealer=SEATS[dealer], lead=SEATS[first], want=SEATS[want],
                ),
                field="dealer", ko=ko,
            )
        return cls.from_hands(hands, calls, first, rules)

    def _record_action(self, kind: str, seat: str, value: str) -> None:
        raise ValueError(f"unknown action kind {kind!r}")

    def __repr__(self) -> str:
        return (
            f"<CallbreakHand dealer={SEATS[self.dealer]} phase={self.phase} "
            f"calls={self.calls} trick={self.trick_number}>"
        )


# --- a game ---------------------------------------------------------------------------------------
class CallbreakGame(CountingGame):
    """A game of Callbreak: ``rules.rounds`` rounds (3 or 5), the dealer rotating.

    House rules: with ``target_score`` rounds go on until a total reaches it (``rounds`` is
    then not used); with ``big_call_8_wins`` a seat that calls 8 or more and makes it wins at
    once.  The highest total wins; ``winners`` lists every seat sharing first place and
    ``winner`` is the single winner (``None`` while the game goes on or when first place is
    shared).  A void deal (``redeal`` phase) is kept in ``hands`` and dealt again by the same
    dealer; it does not count as a round.

    Undo: a round counted by :meth:`next_hand` (the last one too, once the game is over)
    refuses its own ``undo()``; the game's :meth:`undo` takes the counting back exactly
    (totals, end of game, winner, the deals to come) — see
    :class:`~belote_lab.games.base.CountingGame`.

    >>> from belote_lab.players import RandomPlayer
    >>> g = CallbreakGame(seed=3)
    >>> g.play_out({s: RandomPlayer(seed=s) for s in range(4)})
    >>> g.is_over, len(g.rounds), g.winner in "NESW"
    (True, 5, True)
    >>> sum((h.result.score["N"] for h in g.rounds), Tenths(0)) == g.total("N")
    True
    """

    hand_class: type[CallbreakHand] = CallbreakHand
    _COUNTED_STATE = ("_totals", "_over", "end_reason", "_big")

    def __init__(
        self,
        rules: CallbreakRules | None = None,
        seed: int | None = None,
        dealer: int | str = 0,
    ) -> None:
        self._init(rules, seed)
        self.hand = self._new_hand(parse_seat(dealer))

    def _init(self, rules: CallbreakRules | None, seed: int | None) -> None:
        self.rules = rules or CallbreakRules()
        if not isinstance(self.rules, CallbreakRules):
            raise TypeError("CallbreakGame needs CallbreakRules")
        t = self.rules.target_score
        if t is not None and (isinstance(t, bool) or not isinstance(t, int) or t <= 0):
            raise RuleOptionError("target_score must be a positive whole number (or null)")
        self.seed = drawn_seed(seed)
        self._rng = random.Random(self.seed)
        self._totals = [0, 0, 0, 0]  # tenths per seat index
        self.hands: list[CallbreakHand] = []  # finished hands, redeals included
        self._over = False
        self.end_reason: str | None = None  # "rounds", "target_score" or "big_call"
        self._big: list[int] = []
        self._init_counting()

    def _new_hand(self, dealer: int) -> CallbreakHand:
        return self.hand_class(self.rules, dealer=dealer, seed=self._rng.getrandbits(32))

    # --- queries ----------------------------------------------------------------------------------
    @property
    def rounds(self) -> list[CallbreakHand]:
        """The rounds played to the end (void deals left out)."""
        return [h for h in self.hands if h.phase == "done"]

    @property
    def redeals(self) -> int:
        """How many deals were void and dealt again."""
        return sum(1 for h in self.hands if h.phase == "redeal")

    @property
    def round_number(self) -> int:
        """1-based number of the round being played (or of the last one once over)."""
        return len(self.rounds) + (0 if self._over else 1)

    def total(self, seat: int | str) -> Tenths:
        """The exact total of ``seat``."""
        return Tenths(self._totals[parse_seat(seat)])

    @property
    def totals(self) -> dict[str, int | float]:
        """Each seat's total as a JSON number (``int`` when whole, else one decimal)."""
        return {SEATS[s]: Tenths(t).number for s, t in enumerate(self._totals)}

    def standings(self) -> list[tuple[str, Tenths]]:
        """Seats with their totals, best first."""
        order = sorted(range(4), key=lambda s: -self._totals[s])
        return [(SEATS[s], Tenths(self._totals[s])) for s in order]

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> list[str]:
        """The seats in first place once the game is over (several when tied)."""
        if not self._over:
            return []
        pool = self._big or list(range(4))
        best = max(self._totals[s] for s in pool)
        return [SEATS[s] for s in pool if self._totals[s] == best]

    @property
    def winner(self) -> str | None:
        w = self.winners
        return w[0] if len(w) == 1 else None

    # --- actions ----------------------------------------------------------------------------------
    def next_hand(self) -> CallbreakHand:
        """Record the finished round (or void deal) and deal the next one unless the game ended."""
        h = self._take_finished("game", "round")
        if h.phase == "redeal":
            self.hand = self._new_hand(h.dealer)
            return self.hand
        r = h.result
        assert r is not None
        for s in range(4):
            self._totals[s] += r.score[SEATS[s]].tenths
        if self.rules.big_call_8_wins:
            self._big = [
                s
                for s in range(4)
                if r.calls[SEATS[s]] >= BIG_CALL and r.tricks_won[SEATS[s]] >= r.calls[SEATS[s]]
            ]
            if self._big:
                self._over, self.end_reason = True, "big_call"
        t = self.rules.target_score
        if not self._over and t is not None and max(self._totals) >= 10 * t:
            self._over, self.end_reason = True, "target_score"
        if not self._over and t is None and len(self.rounds) >= self.rules.rounds:
            self._over, self.end_reason = True, "rounds"
        if self._over:
            return h
        self.hand = self._new_hand((h.dealer + 1) % 4)
        return self.hand

    # --- records ----------------------------------------------------------------------------------
    @classmethod
    def _from_hands(cls, rules: Any, seed: int | None, hands: list[Any]) -> CallbreakGame:
        """Rebuild a game from its replayed hands, checking that they follow each other."""
        from belote_lab.games.record import RecordError

        g = cls.__new__(cls)
        g._init(rules, seed)
        g.seed = seed  # None in an old record: the deals to come are then random
        game, game_ko = words.text("game.what_game"), words.text("game.what_game", "ko")
        if not hands:
            raise RecordError(
                words.text("game.record_no_hands", what=game),
                ko=words.text("game.record_no_hands", "ko", what=game_ko),
            )
        for k, h in enumerate(hands, start=1):
            place = (hand_place(k, "ko"),)
            if not isinstance(h, CallbreakHand) or h.rules != g.rules:
                raise RecordError(
                    at_hand(k, words.text("callbreak.record_not_hand")), where_ko=place,
                    ko=words.text("callbreak.record_not_hand", "ko"),
                )
            if k == 1:
                expected = g._new_hand(h.dealer)
            else:
                if g.hand.phase not in ("done", "redeal"):
                    raise RecordError(
                        at_hand(k, words.text("callbreak.record_unfinished", prev=k - 1)),
                        where_ko=place,
                        ko=words.text("callbreak.record_unfinished", "ko", prev=k - 1),
                    )
                g.next_hand()
                if g._over:
                    raise RecordError(
                        at_hand(k, words.text("game.record_after_end", what=game)),
                        where_ko=place,
                        ko=words.text("game.record_after_end", "ko", what=game_ko),
                    )
                expected = g.hand
                if h.dealer != expected.dealer:
                    ko = words.text(
                        "callbreak.record_dealer", "ko",
                        got=seat_word(h.dealer), want=seat_word(expected.dealer),
                    )
                    raise RecordError(
                        at_hand(k, words.text(
                            "callbreak.record_dealer",
                            got=SEATS[h.dealer], want=SEATS[expected.dealer],
                        )),
                        where_ko=place, ko=ko,
                    )
            if seed is not None and h.deck != expected.deck:
                raise RecordError(
                    at_hand(k, words.text("callbreak.record_seed", seed=seed)), where_ko=place,
                    ko=words.text("callbreak.record_seed", "ko", seed=seed),
                )
            g.hand = h
        # A finished last round stays the current hand, not yet counted, as it was before
        # next_hand(); game_from_json counts it when the recorded totals include it.
        return g

    def __repr__(self) -> str:
        return f"<CallbreakGame round={self.round_number} totals={self.totals} over={self._over}>"


HAND_CLASS = CallbreakHand
GAME_CLASS = CallbreakGame


def margin(state: Any, seat: int, value: int, left: int, tricks_left: int,
           hands: list[int]) -> float:
    """Callbreak's margin for ``seat``: its round score if it takes ``value`` more tricks."""
    return float(round_score(state.call_of(seat) or 0, state.won_tricks[seat] + value))


def follow_for(rules: Any, stock_left: int = 0) -> FollowRules:
    """Follow suit and beat, else trump with a spade and beat (seed 003)."""
    return CALLBREAK_FOLLOW


GAME = Game(
    name="callbreak",
    title=words.text("names.game_callbreak", "en"),
    title_ko=words.text("names.game_callbreak", "ko"),
    seats=(0, 1, 2, 3),
    partnership=False,
    deck_mask=FULL_MASK,
    hand_size=13,
    tricks=13,
    counts="tricks",
    total=13,
    contracts=frozenset({ContractKind.CALLBREAK}),
    contracts_text="spades always trump ('callbreak')",
    follow=follow_for,
    margin=margin,
    module=__name__,
    batch="callbreak",
    bidding="calls",
    score_scale=10,
    rules_class=CallbreakRules,
    hand_class=CallbreakHand,
    match_class=CallbreakGame,
    ladder="belote_lab.play.ladder:CallbreakJourney",
)
