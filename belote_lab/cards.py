"""Cards, suits, ranks, card sets and decks.

A :class:`Card` is a small immutable value: an ``int`` (its index) with a text form
(``JH``) and a pretty form (``J♥``).  The index is ``16 * suit + rank`` where the rank
runs from 0 (the two) to 12 (the ace), so one 64-bit mask holds any set of cards of
every game (32-card Belote decks use ranks 7 to ace).  A :class:`CardSet` is a set of
cards backed by such a bitmask.

>>> Card.parse("JH"), Card.parse("10s"), Card.parse("J♥")
(Card('JH'), Card('TS'), Card('JH'))
>>> str(Card.parse("th")), Card.parse("TH").pretty
('TH', '10♥')
>>> hand = CardSet.parse("JH 9H AS 7C")
>>> len(hand), Card.parse("9H") in hand
(4, True)
>>> hand.text()                       # by suit (S H D C), high rank first
'AS JH 9H 7C'
>>> len(belote_deck()), len(full_deck())
(32, 52)

The words of a card, suit, rank, seat or contract that cannot be read, in English and Korean,
are the ``cards.`` namespace of the catalogue of words (``belote_lab/words/en/cards.json``,
``ko/cards.json``).
"""

from __future__ import annotations

import html
import operator
import random
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import ClassVar

from belote_lab import words
from belote_lab.korean import quoted

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardSet",
    "CardParseError",
    "unknown_text",
    "SEATS",
    "belote_deck",
    "full_deck",
    "parse_cards",
    "parse_seat",
    "ascii_upper",
    "seat_in",
    "explain_seat",
    "card_html",
    "cards_html",
    "partner",
    "next_seat",
    "team_of",
    "SUIT_MASK",
    "BELOTE_MASK",
    "FULL_MASK",
    "mask_cards",
    "mask_of",
    "cards_mask",
]


class CardParseError(ValueError):
    """A card, suit, rank or seat that cannot be read; ``token`` names the bad text, ``what``
    what it should have been.  ``str(e)`` is English; :meth:`text` gives Korean too (``ko``,
    the Korean words when the English ``message`` is given)."""

    def __init__(
        self,
        token: object,
        what: str = "card",
        message: str | None = None,
        ko: str | None = None,
    ) -> None:
        self.token = token
        self.what = what
        self.ko = ko
        super().__init__(message if message is not None else unknown_text(token, what))

    def text(self, language: str = "en") -> str:
        """The error in ``language`` (``en``: ``str(e)``, or ``ko``), one sentence that says
        what was typed and what it should be.

        >>> CardParseError("ZZ").text("ko")
        '‘ZZ’는 카드로 읽을 수 없습니다(카드는 J♥, 10♠처럼 숫자나 문자 뒤에 무늬를 붙여 씁니다).'
        >>> CardParseError("X", "suit").text("ko")
        '‘X’는 무늬로 읽을 수 없습니다(무늬는 ♠, ♥, ♦, ♣ 또는 S, H, D, C로 씁니다).'
        """
        if words.check_language(language) == "en":
            return str(self)
        if self.ko is not None:
            return self.ko
        return unknown_text(self.token, self.what, "ko")


PARSED: tuple[str, ...] = ("card", "suit", "rank", "seat", "contract")
"""The kinds of text a parse error has words of its own for (``cards.unknown_<what>``)."""


def unknown_text(token: object, what: str = "card", language: str = "en") -> str:
    """The words of a :class:`CardParseError` given no words of its own: ``token`` (as it
    was typed) cannot be read as a ``what``; a kind not in :data:`PARSED` (another module's
    ``"32-card deck"``) is named in English and said generally in Korean.

    >>> unknown_text("ZZ"), unknown_text("x", "32-card deck")
    ("unknown card 'ZZ'", "unknown 32-card deck 'x'")
    >>> unknown_text("x", "32-card deck", "ko")
    '입력한 ‘x’는 읽을 수 없습니다.'
    """
    lang = words.check_language(language)
    shown = repr(token) if lang == "en" else quoted(token)
    if what in PARSED:
        return words.text(f"cards.unknown_{what}", lang, token=shown)
    thing = f"{what} {shown}" if lang == "en" else shown
    return words.text("cards.unknown_other", lang, thing=thing)


class Suit(IntEnum):
    """The four suits, in the order used in every table: spades, hearts, diamonds, clubs."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``♥``."""
        return "♠♥♦♣"[self]

    @property
    def letter(self) -> str:
        return self.name

    @property
    def is_red(self) -> bool:
        return self in (Suit.H, Suit.D)

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Read one suit: a letter ``S``/``H``/``D``/``C`` (any case) or a suit symbol
        (``♠ ♥ ♦ ♣``, or ``♤ ♡ ♢ ♧``), with nothing but spaces around it.

        The one suit reader of the package: a trump, a round-2 call, a bid's or a contract's
        suit all go through it.  Anything else (``""``, ``"SH"``, ``"HD"``, ``"hearts"``)
        raises :class:`CardParseError` naming the text.

        >>> Suit.parse("h"), Suit.parse("♣"), Suit.parse(" S ")
        (<Suit.H: 1>, <Suit.C: 3>, <Suit.S: 0>)
        >>> Suit.parse("SH")
        Traceback (most recent call last):
        ...
        belote_lab.cards.CardParseError: unknown suit 'SH'
        >>> Suit.parse("")
        Traceback (most recent call last):
        ...
        belote_lab.cards.CardParseError: unknown suit ''
        """
        if isinstance(text, Suit):
            return text
        if isinstance(text, str):
            found = _SUIT_OF_TEXT.get(ascii_upper(text.strip()))
            if found is not None:
                return found
        raise CardParseError(text, "suit")

    def __str__(self) -> str:
        return self.name


_SUIT_LETTERS = "SHDC"
_SUIT_SYMBOLS = {"♠": 0, "♥": 1, "♦": 2, "♣": 3, "♤": 0, "♡": 1, "♢": 2, "♧": 3}
_SUIT_OF_TEXT: dict[str, Suit] = {
    **{letter: Suit(i) for i, letter in enumerate(_SUIT_LETTERS)},
    **{symbol: Suit(i) for symbol, i in _SUIT_SYMBOLS.items()},
}
"""Every text :meth:`Suit.parse` reads (after ``strip`` and :func:`ascii_upper`), and no other."""


def ascii_upper(text: str) -> str:
    """``text.upper()`` for ASCII text; other text as it is.  The readers compare a user's text
    with ASCII letters (``S``, ``NT``, ``N``) this way, so a letter whose capital merely
    *looks* ASCII (``ſ``, the long s, whose ``upper()`` is ``S``) is not read as one.

    >>> ascii_upper("nt"), ascii_upper("ſ")
    ('NT', 'ſ')
    """
    return text.upper() if text.isascii() else text


class Rank(IntEnum):
    """Card ranks, two (0) to ace (12), in natural order."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def letter(self) -> str:
        """``2``…``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LETTERS[self]

    @classmethod
    def parse(cls, text: str | Rank) -> Rank:
        """Read ``T``/``10``, ``J``, ``Q``, ``K``, ``A`` or a digit (any case)."""
        if isinstance(text, Rank):
            return text
        if isinstance(text, str):
            up = ascii_upper(text.strip())
            if up == "10":
                return cls.TEN
            if len(up) == 1 and up in _RANK_LETTERS:
                return cls(_RANK_LETTERS.index(up))
        raise CardParseError(text, "rank")

    def __str__(self) -> str:
        return self.letter


_RANK_LETTERS = "23456789TJQKA"

SEATS: tuple[str, ...] = ("N", "E", "S", "W")
"""Seats in playing order: the player after N is E, after W is N."""


def parse_seat(text: str | int) -> int:
    """A seat letter (``N E S W``) or index (0–3) → index.

    >>> parse_seat("s"), parse_seat(3)
    (2, 3)
    """
    if isinstance(text, bool):
        raise CardParseError(text, "seat")
    if isinstance(text, int):
        if 0 <= text < 4:
            return text
        raise CardParseError(text, "seat")
    if isinstance(text, str) and ascii_upper(text.strip()) in SEATS:
        return SEATS.index(ascii_upper(text.strip()))
    raise CardParseError(text, "seat")


def seat_in(seat: object, seats: tuple[int, ...] = (0, 1, 2, 3)) -> int:
    """``seat`` (a letter ``N E S W`` in any case, or an index 0–3) as one of ``seats``, the
    seats of a game; anything else (another seat, ``7``, ``-1``, ``True``, ``None``) raises
    :class:`CardParseError` naming the bad seat in plain words.  The check behind every
    ``seat`` argument of the games' ``can_call``, ``can_play``, ``why_not`` and ``verify_*``.

    >>> seat_in("s"), seat_in(2, (0, 2))
    (2, 2)
    >>> seat_in("E", (0, 2))
    Traceback (most recent call last):
    ...
    belote_lab.cards.CardParseError: 'E' is not a seat of this game: the seats are N and S \
(or 0 and 2).
    """
    if isinstance(seat, int) and not isinstance(seat, bool):
        if seat in seats:
            return int(seat)
    elif isinstance(seat, str):
        t = ascii_upper(seat.strip())
        if t in SEATS and SEATS.index(t) in seats:
            return SEATS.index(t)
    n = len(seats)
    raise CardParseError(seat, "seat", explain_seat(seat, n), explain_seat(seat, n, "ko"))


def explain_seat(seat: object, players: int = 4, language: str = "en") -> str:
    """Why ``seat`` (given as it was typed) is not a seat of a game of ``players`` players
    (4, or 2 at N and S): the text a refused ``seat`` argument gives.

    >>> explain_seat("X")
    "unknown seat 'X': the seats of this game are N, E, S and W (or 0 to 3)."
    >>> explain_seat("E", 2)
    "'E' is not a seat of this game: the seats are N and S (or 0 and 2)."
    >>> print(explain_seat(7, 4, "ko"))  # doctest: +NORMALIZE_WHITESPACE
    ‘7’ 자리는 없으므로 이 게임의 자리인 북(N), 동(E), 남(S), 서(W) 또는 0~3 중에서
    골라야 합니다.
    >>> explain_seat("E", 2, "ko")
    '‘E’는 이 게임의 자리가 아니므로 북(N)과 남(S) 또는 0과 2 중에서 골라야 합니다.'
    >>> explain_seat(True, 4, "ko").startswith("‘true’ 자리는 없으므로")  # JSON's word
    True
    """
    lang = words.check_language(language)
    some_seat = (
        isinstance(seat, str) and ascii_upper(seat.strip()) in SEATS
    ) or (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 4)
    shown = quoted(seat) if lang == "ko" else repr(seat)
    seats = words.text("cards.seats_of_2" if players == 2 else "cards.seats_of_4", lang)
    key = "cards.seat_not_here" if some_seat else "cards.seat_none"
    return words.text(key, lang, seat=shown, seats=seats)


def next_seat(seat: int, players: int = 4) -> int:
    """The seat after ``seat`` (two-player games use N=0 and S=2)."""
    if players == 2:
        return 2 - seat
    return (seat + 1) & 3


def partner(seat: int) -> int:
    """The partner of a seat in the four-player partnership games (N–S, E–W)."""
    return (seat + 2) & 3


def team_of(seat: int) -> str:
    """``"NS"`` or ``"EW"``."""
    return "NS" if seat % 2 == 0 else "EW"


class Card(int):
    """One playing card; an ``int`` (``16 * suit + rank``) with a text form.

    Cards are interned: ``Card.parse("JH") is Card.parse("jh")``.

    >>> c = Card.parse("QD")
    >>> c.suit, c.rank, int(c)
    (<Suit.D: 2>, <Rank.QUEEN: 10>, 42)
    >>> Card.of("K", "H")
    Card('KH')
    """

    __slots__ = ()

    _all: ClassVar[list[Card]] = []

    def __new__(cls, index: int) -> Card:
        """The card of a card code ``16 * suit + rank`` (suit 0–3, rank 0–12).

        Anything else (a code between suits, a negative, a ``bool``, text, a float)
        raises :class:`CardParseError`; text is read by :meth:`parse`.

        >>> Card(42), Card(Card(42))
        (Card('QD'), Card('QD'))
        >>> Card(13)
        Traceback (most recent call last):
        ...
        belote_lab.cards.CardParseError: 13 is not a card code: a card is 16 * suit + rank \
with suit 0 to 3 and rank 0 to 12 (0–12, 16–28, 32–44, 48–60)
        >>> Card(True)
        Traceback (most recent call last):
        ...
        belote_lab.cards.CardParseError: Card() takes a card code (an int), not a bool (True)
        """
        # the fast paths (as fast as the bare look-up they replace): an int, a Card
        if index.__class__ is int and 0 <= index < 64:
            c = _BY_CODE[index]
            if c is not None:
                return c
        elif index.__class__ is Card:
            return index
        return _card_of_code(index)

    @classmethod
    def _make(cls, index: int) -> Card:
        return int.__new__(cls, index)

    @classmethod
    def of(cls, rank: str | Rank | int, suit: str | Suit | int) -> Card:
        """The card of a rank and a suit."""
        r = Rank(rank) if isinstance(rank, int) else Rank.parse(rank)
        s = Suit(suit) if isinstance(suit, int) else Suit.parse(suit)
        return cls._all[16 * s + r]

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card: ``JH``, ``10H``, ``TH``, ``jh``, ``J♥``, ``♥J``.

        >>> Card.parse("1H")
        Traceback (most recent call last):
        ...
        belote_lab.cards.CardParseError: unknown card '1H'
        """
        if isinstance(text, Card):
            return text
        if isinstance(text, str):
            found = _PARSE_CACHE.get(text)
            if found is not None:
                return found
            t = text.strip()
            if 2 <= len(t) <= 3:
                for rank_text, suit_text in ((t[:-1], t[-1]), (t[1:], t[0])):
                    try:
                        return cls.of(Rank.parse(rank_text), Suit.parse(suit_text))
                    except CardParseError:
                        continue
        raise CardParseError(text)

    @property
    def suit(self) -> Suit:
        return _SUITS[self >> 4]

    @property
    def rank(self) -> Rank:
        return _RANKS[self & 15]

    @property
    def bit(self) -> int:
        """The card's bit in a card mask."""
        return 1 << self

    @property
    def text(self) -> str:
        """The two-letter form, e.g. ``JH``."""
        return _TEXT[self]

    @property
    def pretty(self) -> str:
        """The form with a suit symbol, e.g. ``J♥`` (``10♥`` for the ten)."""
        r = self & 15
        return ("10" if r == Rank.TEN else _RANK_LETTERS[r]) + "♠♥♦♣"[self >> 4]

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _card_of_code(index: object) -> Card:
    """:class:`Card` of anything but a plain ``int``: an integer type such as numpy's (by
    its ``__index__``), else a clear :class:`CardParseError`."""
    if isinstance(index, bool):
        raise CardParseError(
            index, message=f"Card() takes a card code (an int), not a bool ({index!r})"
        )
    if isinstance(index, str):
        raise CardParseError(
            index,
            message=f"Card() takes a card code (an int), not text ({index!r}): "
            "use Card.parse to read a card's text",
        )
    try:
        code = operator.index(index)  # type: ignore[arg-type]
    except TypeError:
        raise CardParseError(
            index,
            message=f"Card() takes a card code (an int), not {type(index).__name__} ({index!r})",
        ) from None
    c = _BY_CODE[code] if 0 <= code < 64 else None
    if c is None:
        raise CardParseError(
            index,
            message=f"{code!r} is not a card code: a card is 16 * suit + rank with suit 0 to 3 "
            "and rank 0 to 12 (0–12, 16–28, 32–44, 48–60)",
        )
    return c


_SUITS = tuple(Suit)
_RANKS = tuple(Rank)
_TEXT: dict[int, str] = {}
Card._all = [None] * 64  # type: ignore[list-item]
_PARSE_CACHE: dict[str, Card] = {}
for _s in Suit:
    for _r in Rank:
        _i = 16 * _s + _r
        _c = Card._make(_i)
        Card._all[_i] = _c
        _TEXT[_i] = _RANK_LETTERS[_r] + _SUIT_LETTERS[_s]
        _PARSE_CACHE[_TEXT[_i]] = _c
_BY_CODE: tuple[Card | None, ...] = tuple(Card._all)
"""Every card by its code, ``None`` between the suits (``Card(13)`` and ``Card(-4)`` are
refused)."""

SUIT_MASK: tuple[int, int, int, int] = tuple(0x1FFF << (16 * s) for s in range(4))  # type: ignore[assignment]
"""The mask of every card of each suit (index by ``Suit``)."""
BELOTE_MASK = sum(0x1FE0 << (16 * s) for s in range(4))
"""The 32 cards of a Belote deck (7 to ace)."""
FULL_MASK = sum(SUIT_MASK)
"""The 52 cards of a full deck."""


def _suit_cards(suit: int, chunk: int) -> tuple[Card, ...]:
    """The cards of one suit's 13-bit chunk of a mask (remembered: hot path)."""
    cards = []
    base = 16 * suit
    rest = chunk
    while rest:
        low = rest & -rest
        cards.append(Card._all[base + low.bit_length() - 1])
        rest ^= low
    found = tuple(cards)
    _CHUNKS[suit][chunk] = found
    return found


_CHUNKS: tuple[dict[int, tuple[Card, ...]], ...] = ({}, {}, {}, {})


def mask_cards(mask: int) -> list[Card]:
    """The cards of a mask, lowest index first.

    >>> mask_cards((1 << 60) | (1 << 5))
    [Card('7S'), Card('AC')]
    """
    out: list[Card] = []
    for s in range(4):
        chunk = mask >> (16 * s) & 0x1FFF
        if chunk:
            cached = _CHUNKS[s].get(chunk)
            out += cached if cached is not None else _suit_cards(s, chunk)
    return out


def cards_mask(cards: Iterable[int]) -> int:
    """The mask of some :class:`Card` values (no parsing: the fast path).

    >>> cards_mask([Card.parse("7S"), Card.parse("AC")]) == (1 << 5) | (1 << 60)
    True
    """
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def mask_of(cards: Iterable[Card | str]) -> int:
    """The mask of some cards (text accepted)."""
    m = 0
    for c in cards:
        m |= 1 << Card.parse(c)
    return m


def parse_cards(cards: str | Iterable[Card | str], *, unique: bool = True) -> list[Card]:
    """Read several cards from a space/comma separated string or a list.

    With ``unique`` (the default) a repeated card raises :class:`CardParseError`.

    >>> parse_cards("JH, 10S 7♦")
    [Card('JH'), Card('TS'), Card('7D')]
    >>> parse_cards(["AS", "AS"])
    Traceback (most recent call last):
    ...
    belote_lab.cards.CardParseError: card 'AS' is given twice
    >>> parse_cards([Card.parse("AS")] * 2)
    Traceback (most recent call last):
    ...
    belote_lab.cards.CardParseError: card 'AS' is given twice
    """
    tokens = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
    if all(type(t) is Card for t in tokens) and (not unique or len(set(tokens)) == len(tokens)):
        return tokens  # cards already (a deal rebuilt thousands of times an advice)
    out: list[Card] = []
    seen = 0
    for tok in tokens:
        c = Card.parse(tok)
        if unique and seen >> c & 1:
            raise CardParseError(
                str(c),
                message=words.text("cards.card_twice", "en", card=repr(str(c))),
                ko=words.text("cards.card_twice", "ko", card=c),
            )
        seen |= 1 << c
        out.append(c)
    return out


class CardSet:
    """An immutable set of cards backed by a bitmask (python-chess's ``SquareSet`` idea).

    >>> s = CardSet.parse("AS 7C JH")
    >>> sorted(s.text().split())
    ['7C', 'AS', 'JH']
    >>> s | CardSet.parse("KD") == CardSet.parse("AS 7C JH KD")
    True
    >>> [c.text for c in s.of_suit(Suit.S)]
    ['AS']
    """

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[Card | str] | int | CardSet = 0) -> None:
        if isinstance(cards, CardSet):
            self.mask: int = cards.mask
        elif isinstance(cards, int):
            self.mask = cards
        else:
            self.mask = mask_of(cards)

    @classmethod
    def parse(cls, text: str | Iterable[Card | str]) -> CardSet:
        return cls(mask_of(parse_cards(text)))

    def __iter__(self) -> Iterator[Card]:
        return iter(_ordered(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except CardParseError:
                return False
        if not isinstance(card, int) or not 0 <= card < 64:
            return False
        return bool(self.mask >> card & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def of_suit(self, suit: Suit | int) -> CardSet:
        return CardSet(self.mask & SUIT_MASK[suit])

    def text(self) -> str:
        """Cards as text, by suit (S H D C) and rank, high first."""
        return " ".join(_TEXT[c] for c in self)

    def pretty(self) -> str:
        return " ".join(c.pretty for c in self)

    def __repr__(self) -> str:
        return f"CardSet('{self.text()}')"

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return cards_html(list(self))


# --- HTML (notebooks) ------------------------------------------------------------------------
_STYLE = (
    "display:inline-block;min-width:2.2em;padding:2px 4px;margin:1px;border:1px solid #888;"
    "border-radius:4px;background:#fff;text-align:center;font-family:sans-serif;"
)


def card_html(card: Card, trump: bool = False) -> str:
    """One card as a small HTML box (red hearts and diamonds, trump outlined)."""
    color = "#c00" if card.suit.is_red else "#000"
    border = "border:2px solid #d4a017;" if trump else ""
    label = html.escape(card.pretty)
    return (
        f'<span class="blcard card-{card.text}" title="{card.text}" aria-label="{card.text}" '
        f'style="{_STYLE}color:{color};{border}">{label}</span>'
    )


def cards_html(cards: list[Card], trump_suit: int | None = None) -> str:
    """Cards as HTML boxes, trumps outlined (see :func:`card_html`)."""
    return "".join(card_html(c, trump_suit is not None and c.suit == trump_suit) for c in cards)


def _ordered(mask: int) -> list[Card]:
    """Cards by suit order S H D C, then high rank first."""
    cards = mask_cards(mask)
    cards.sort(key=lambda c: (c >> 4, -(c & 15)))
    return cards


def belote_deck() -> list[Card]:
    """The 32-card deck (7 to ace), in a fixed order (shuffle it yourself)."""
    return list(_BELOTE_DECK)


def full_deck() -> list[Card]:
    """The 52-card deck."""
    return list(_FULL_DECK)


_BELOTE_DECK = tuple(mask_cards(BELOTE_MASK))
_FULL_DECK = tuple(mask_cards(FULL_MASK))


def shuffled(deck: list[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``deck`` using ``rng``."""
    d = list(deck)
    rng.shuffle(d)
    return d
