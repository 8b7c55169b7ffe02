"""Contracts: which suit is trump, the order and the points of every card.

Four kinds (RULES.md §1, §2, §5):

* a suit contract (Belote, Coinche, two-player Belote): trump J 9 A T K Q 8 7, plain
  A T K Q J 9 8 7;
* no trump (``NT``): every suit in plain order, A 19, T 10, K 4, Q 3, J 2;
* all trump (``AT``): every suit in trump order, J 14, 9 9, A 6, T 5, K 3, Q 1;
* Callbreak: spades always trump, natural order A K Q … 2, no card points.

>>> c = Contract.parse("H")
>>> c.points(Card.parse("JH")), c.points(Card.parse("JS"))
(20, 2)
>>> [x.text for x in c.order(Suit.H)]
['JH', '9H', 'AH', 'TH', 'KH', 'QH', '8H', '7H']
>>> from belote_lab.cards import belote_deck
>>> sum(Contract.parse(t).points(x) for t in ("S", "NT", "AT") for x in belote_deck())
456
>>> Contract.parse("AT").describe()
'all trump'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from belote_lab.cards import (
    BELOTE_MASK,
    FULL_MASK,
    SUIT_MASK,
    Card,
    CardParseError,
    Rank,
    Suit,
    ascii_upper,
)

__all__ = [
    "CONTRACT_CODES",
    "ContractKind",
    "Contract",
    "TRUMP_ORDER",
    "PLAIN_ORDER",
    "NATURAL_ORDER",
]

R = Rank
TRUMP_ORDER: tuple[Rank, ...] = (R.JACK, R.NINE, R.ACE, R.TEN, R.KING, R.QUEEN, R.EIGHT, R.SEVEN)
"""Belote trump order, strongest first."""
PLAIN_ORDER: tuple[Rank, ...] = (R.ACE, R.TEN, R.KING, R.QUEEN, R.JACK, R.NINE, R.EIGHT, R.SEVEN)
"""Belote plain-suit (and no-trump) order, strongest first."""
NATURAL_ORDER: tuple[Rank, ...] = tuple(reversed(Rank))
"""Callbreak order: A K Q J T 9 … 2."""

TRUMP_POINTS = {R.JACK: 20, R.NINE: 14, R.ACE: 11, R.TEN: 10, R.KING: 4, R.QUEEN: 3}
PLAIN_POINTS = {R.ACE: 11, R.TEN: 10, R.KING: 4, R.QUEEN: 3, R.JACK: 2}
NO_TRUMP_POINTS = {R.ACE: 19, R.TEN: 10, R.KING: 4, R.QUEEN: 3, R.JACK: 2}
ALL_TRUMP_POINTS = {R.JACK: 14, R.NINE: 9, R.ACE: 6, R.TEN: 5, R.KING: 3, R.QUEEN: 1}


class ContractKind(str, Enum):
    SUIT = "suit"
    NO_TRUMP = "NT"
    ALL_TRUMP = "AT"
    CALLBREAK = "callbreak"


@dataclass(frozen=True)
class Contract:
    """What is trump and how cards rank and score.  Use :meth:`parse` or :meth:`suit`."""

    kind: ContractKind
    trump: Suit | None = None

    @classmethod
    def suit(cls, trump: Suit | str) -> Contract:
        return _SUIT_CONTRACTS[Suit.parse(trump)]

    @classmethod
    def parse(cls, text: str | Contract | Suit) -> Contract:
        """``S H D C`` (a trump suit), ``NT``, ``AT`` or ``callbreak``."""
        if isinstance(text, Contract):
            return text
        if isinstance(text, Suit):
            return _SUIT_CONTRACTS[text]
        if isinstance(text, str):
            t = text.strip()
            up = ascii_upper(t)  # only ASCII letters: "ſa" is not "SA"
            if up in ("NT", "SA", "NO_TRUMP"):
                return NO_TRUMP
            if up in ("AT", "TA", "ALL_TRUMP"):
                return ALL_TRUMP
            if up == "CALLBREAK":
                return CALLBREAK
            try:
                return _SUIT_CONTRACTS[Suit.parse(t)]
            except CardParseError:
                pass
        raise CardParseError(text, "contract")

    @property
    def code(self) -> str:
        """The short form used in records and conformance cases: ``H``, ``NT``, ``AT``."""
        if self.kind is ContractKind.SUIT:
            assert self.trump is not None
            return self.trump.name
        return self.kind.value

    def describe(self, language: str = "en") -> str:
        """The contract in words, in English or Korean (``language="ko"``).

        >>> Contract.parse("H").describe(), Contract.parse("NT").describe("ko")
        ('♥ trump', '으뜸패 없음')
        """
        if language == "ko":
            from belote_lab.korean import contract_name

            return contract_name(self.code)
        if self.kind is ContractKind.SUIT:
            assert self.trump is not None
            return f"{self.trump.symbol} trump"
        return {"NT": "no trump", "AT": "all trump", "callbreak": "♠ trump (Callbreak)"}[
            self.kind.value
        ]

    def __str__(self) -> str:
        return self.code

    # --- tables -----------------------------------------------------------------------------
    @cached_property
    def tables(self) -> Tables:
        return Tables(self)

    def points(self, card: Card) -> int:
        """Card points of ``card`` under this contract."""
        return self.tables.points[card]

    def is_trump(self, card: Card) -> bool:
        return bool(self.tables.trump_mask >> card & 1)

    def order(self, suit: Suit) -> list[Card]:
        """The cards of a suit, strongest first (32-card deck, or 52 in Callbreak)."""
        t = self.tables
        cards = [Card(16 * suit + r) for r in range(13) if (t.deck_mask >> (16 * suit + r)) & 1]
        cards.sort(key=lambda c: -t.power[c])
        return cards

    def beats(self, a: Card, b: Card, led: Suit) -> bool:
        """Does card ``a`` beat card ``b`` in a trick whose led suit is ``led``?"""
        t = self.tables
        return t.rank_in_trick(a, led) > t.rank_in_trick(b, led)


class Tables:
    """Per-contract lookup tables indexed by card index (hot paths read these)."""

    __slots__ = ("points", "power", "higher", "trump_mask", "trump_suit", "deck_mask", "all_trump")

    def __init__(self, contract: Contract) -> None:
        kind = contract.kind
        self.trump_suit: int = -1 if contract.trump is None else int(contract.trump)
        self.all_trump: bool = kind is ContractKind.ALL_TRUMP
        self.deck_mask: int = FULL_MASK if kind is ContractKind.CALLBREAK else BELOTE_MASK
        self.trump_mask: int = SUIT_MASK[self.trump_suit] if self.trump_suit >= 0 else 0
        self.points: list[int] = [0] * 64
        self.power: list[int] = [-1] * 64  # order within the suit, higher is stronger
        self.higher: list[int] = [0] * 64  # mask of same-suit cards that beat the card
        for s in Suit:
            if kind is ContractKind.CALLBREAK:
                order, pts = NATURAL_ORDER, {}
            elif kind is ContractKind.ALL_TRUMP:
                order, pts = TRUMP_ORDER, ALL_TRUMP_POINTS
            elif kind is ContractKind.NO_TRUMP:
                order, pts = PLAIN_ORDER, NO_TRUMP_POINTS
            elif s == contract.trump:
                order, pts = TRUMP_ORDER, TRUMP_POINTS
            else:
                order, pts = PLAIN_ORDER, PLAIN_POINTS
            above = 0
            for i, r in enumerate(order):
                idx = 16 * s + r
                self.points[idx] = pts.get(r, 0)
                self.power[idx] = len(order) - i
                self.higher[idx] = above
                above |= 1 << idx

    def rank_in_trick(self, card: int, led: int) -> int:
        """A number that orders the cards of a trick: trump > led suit > others (-1)."""
        s = card >> 4
        if s == self.trump_suit:
            return 100 + self.power[card]
        if s == led:
            return self.power[card]
        return -1


_SUIT_CONTRACTS = {s: Contract(ContractKind.SUIT, s) for s in Suit}
NO_TRUMP = Contract(ContractKind.NO_TRUMP)
ALL_TRUMP = Contract(ContractKind.ALL_TRUMP)
CALLBREAK = Contract(ContractKind.CALLBREAK, Suit.S)

CONTRACT_CODES: tuple[str, ...] = ("S", "H", "D", "C", "NT", "AT", "callbreak")
"""Every contract's code in one order: simulations store a contract as its index here
(``SimulationResult.contract``, the batch kernels' contract numbers)."""
