"""One question about a trick, read and checked: which cards of a hand may be played to it?

A :class:`Situation` is the hand of the seat to play, the cards already on the table, the seat
that led them, the contract and the rule options of one game (the ``legal`` ask of
``conformance/FORMAT.md``, or a question a learner types in).  :func:`read_situation` reads one
from text and checks it against the game's facts (:class:`~belote_lab.games.spec.Game`); what
it refuses raises :class:`SituationError`, in English and Korean.  The answer itself always
comes from :func:`belote_lab.trick.analyse` and :func:`~belote_lab.trick.why_not`, the code
path the games play by.

>>> s = read_situation("belote", "7H JH AC KD", "KS AS", "N", "H")
>>> s.analysis().legal.text(), s.seat
('JH 7H', 2)
>>> s.reason(Card.parse("AC")).rule.value
'must_trump'
>>> read_situation("belote2", "7H", "", "E", "H")
Traceback (most recent call last):
...
belote_lab.games.situation.SituationError: East does not play in Two-player Belote

The few facts a situation needs beyond the ``Game``'s fields (whether its rules have an option,
its contracts' codes, the most cards its stock holds) are derived here, once, from what the
``Game`` declares: :func:`has_option`, :func:`contract_codes`, :func:`stock_most`.  The words
of the refusals are the ``situation.`` texts of the catalogue
(``belote_lab/words/en/situation.json``, ``ko/situation.json``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from belote_lab import words
from belote_lab.cards import SEATS, Card, CardSet, parse_cards, parse_seat
from belote_lab.contract import Contract, ContractKind
from belote_lab.games import Game, get
from belote_lab.trick import Analysis, FollowRules, Reason, analyse, why_not

__all__ = [
    "Situation",
    "SituationError",
    "read_situation",
    "has_option",
    "contract_codes",
    "stock_most",
    "UNDERTRUMP",
]

UNDERTRUMP = "must_undertrump"
"""The rule option a situation may ask for, where its game has it."""
_CONTRACT_CODES = ("S", "H", "D", "C", "NT", "AT", "callbreak")  # in the order they are offered


# --- what a game declares, derived --------------------------------------------------------------
def has_option(game: object, name: str) -> bool:
    """Whether the game's rules have the option ``name`` (e.g. ``must_undertrump``).

    >>> has_option("coinche", "must_undertrump"), has_option("belote2", "must_undertrump")
    (True, False)
    """
    rules = get(game).rules_class
    if not (isinstance(rules, type) and dataclasses.is_dataclass(rules)):
        return False
    return name in {f.name for f in dataclasses.fields(rules)}


def contract_codes(game: object) -> tuple[str, ...]:
    """The codes of the contracts the game is played with (``S H D C NT AT``, ``callbreak``).

    >>> contract_codes("belote2"), contract_codes("callbreak")
    (('S', 'H', 'D', 'C'), ('callbreak',))
    """
    kinds = get(game).contracts
    return tuple(c for c in _CONTRACT_CODES if Contract.parse(c).kind in kinds)


def stock_most(game: object) -> int:
    """The most cards the stock holds once the hands are dealt (0 in a game without one).

    >>> stock_most("belote2"), stock_most("belote")
    (14, 0)
    """
    g = get(game)
    if not g.has_stock:
        return 0
    return len(CardSet(g.deck_mask)) - g.players * g.hand_size


# --- the situation ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Situation:
    """One question: the hand of the seat to play, the trick so far and the rules (and, for a
    conformance case, its ``case_id`` and the legal cards it expects).

    >>> s = Situation("belote", (Card.parse("7H"),), (), 0, Contract.parse("H"))
    >>> s.seat, s.follow.must_undertrump
    (0, False)
    """

    game: str
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    leader: int
    contract: Contract
    must_undertrump: bool = False
    stock: int = 0
    case_id: str | None = None
    expect: tuple[Card, ...] | None = None

    @property
    def follow(self) -> FollowRules:
        """The game's follow rules with these options (the referee's choice)."""
        g = get(self.game)
        on = self.must_undertrump and has_option(g, UNDERTRUMP)
        return g.follow(g.rules({UNDERTRUMP: True} if on else {}), self.stock)

    @property
    def seat(self) -> int:
        """The seat to play: the one after the last card of the trick."""
        return get(self.game).next_seat(self.leader, len(self.trick))

    def trick_seats(self) -> list[int]:
        """The seats that played the trick's cards, in playing order."""
        g = get(self.game)
        return [g.next_seat(self.leader, k) for k in range(len(self.trick))]

    def analysis(self) -> Analysis:
        """The playable cards and the rule that decides them (:func:`~belote_lab.trick.analyse`)."""
        return analyse(CardSet(self.hand), list(self.trick), self.contract, self.follow)

    def reason(self, card: Card) -> Reason | None:
        """Why ``card`` may not be played (``None``: it may), :func:`~belote_lab.trick.why_not`."""
        return why_not(card, CardSet(self.hand), list(self.trick), self.contract, self.follow)


class SituationError(ValueError):
    """A situation that cannot be asked: its message is in the language it was read in
    (:func:`read_situation`'s ``language``); :meth:`text` says it in any language.  ``key``
    names the refusal (a ``situation.`` text), ``values`` what it names (a seat index, a
    :class:`~belote_lab.games.spec.Game`, a :class:`~belote_lab.contract.Contract`, a card,
    a number).

    >>> e = SituationError("trick_full", language="ko")
    >>> str(e), e.text("en")
    ('트릭이 이미 다 찼으므로 바닥의 카드를 줄여야 합니다.', 'the trick is already complete')
    """

    def __init__(self, key: str, language: str = "en", **values: Any) -> None:
        self.key = key
        self.values = values
        super().__init__(self.text(language))

    def text(self, language: str = "en") -> str:
        """The refusal in ``language``: the catalogue's ``situation.<key>``, filled in."""
        shown = dict(self.values)
        for name, say in (("seat", _seat_word), ("game", _game_title),
                          ("contract", _contract_words)):
            if name in shown:
                shown[name] = say(shown[name], language)
        return words.text(f"situation.{self.key}", language, **shown)


def read_situation(
    game: str | Game,
    hand: str | Iterable[Card | str],
    trick: str | Iterable[Card | str],
    leader: str | int,
    contract: str | Contract | None = None,
    must_undertrump: bool = False,
    stock: int = 0,
    case_id: str | None = None,
    expect: Sequence[Card | str] | None = None,
    language: str = "en",
) -> Situation:
    """Read and check a situation of ``game``: a card or seat that cannot be read raises
    :class:`~belote_lab.cards.CardParseError`; a hand that is empty, a card given twice or
    not of the game's deck, a complete trick, a seat or contract the game does not have, or
    a stock it cannot hold raise :class:`SituationError` (its message in ``language``).
    The contract is the game's only one, or ``contract`` (by default ♥); ``must_undertrump``
    counts only where the game has the option; ``stock`` only where it has a stock.

    >>> read_situation("callbreak", "AS 2H", "KS", "W", None).contract.code
    'callbreak'
    >>> read_situation("belote", "JH", "AS", "N", "H", stock=8).stock
    0
    >>> try:
    ...     read_situation("belote", "JH 9H", "9H", "N", "H", language="ko")
    ... except SituationError as e:
    ...     print(e, "/", e.text("en"))
    9♥가 손패와 바닥에 모두 있으므로 한쪽에서 빼야 합니다. / 9♥ is both in the hand and on the table
    """
    g = get(game)
    h, t = parse_cards(hand), parse_cards(trick)
    _check_cards(g, h, t, language)
    lead = parse_seat(leader)
    if lead not in g.seats:
        raise SituationError("seat_not_in_game", language, seat=lead, game=g)
    c = _contract(g, contract, language)
    most = stock_most(g)
    if g.has_stock and (not 0 <= stock <= most or stock % 2):
        raise SituationError("bad_stock", language, most=most)
    return Situation(
        g.name, tuple(h), tuple(t), lead, c,
        bool(must_undertrump) and has_option(g, UNDERTRUMP),
        stock if g.has_stock else 0,
        case_id,
        None if expect is None else tuple(parse_cards(expect)),
    )


def _check_cards(g: Game, hand: list[Card], trick: list[Card], language: str) -> None:
    """The hand is not empty, no card is given twice or outside the deck, the trick is not
    complete."""
    if not hand:
        raise SituationError("empty_hand", language)
    both = CardSet(hand) & CardSet(trick)
    if both:
        raise SituationError("card_twice", language, card=next(iter(both)).pretty)
    for card in (*hand, *trick):
        if not card.bit & g.deck_mask:
            raise SituationError("not_in_deck", language, card=card.pretty)
    if len(trick) >= g.players:
        raise SituationError("trick_full", language)


def _contract(g: Game, contract: str | Contract | None, language: str) -> Contract:
    """The contract of a situation: the game's only one, or ``contract`` (default ♥) checked."""
    codes = contract_codes(g)
    if len(codes) == 1:  # nothing to choose (Callbreak)
        return Contract.parse(codes[0])
    c = Contract.parse(contract if contract is not None else "H")
    if c.code not in codes:
        raise SituationError("contract_not_in_game", language, game=g, contract=c)
    return c


# --- names in a refusal, in the language it is said in -----------------------------------------
def _seat_word(seat: int, language: str) -> str:
    """A seat in a sentence: ``South`` / ``남쪽``."""
    return words.text(f"names.seat_word_{SEATS[seat]}", language)


def _game_title(g: Game, language: str) -> str:
    """The game's title heading a sentence: its Korean title, or the English one capitalised."""
    return g.title_ko if language == "ko" else g.title[:1].upper() + g.title[1:]


def _contract_words(c: Contract, language: str) -> str:
    """A contract in words: ``♥ hearts trump`` / ``♥ 하트 으뜸패``, ``no trump`` …"""
    if c.kind not in (ContractKind.SUIT, ContractKind.NO_TRUMP, ContractKind.ALL_TRUMP):
        spades = _contract_words(Contract.parse("S"), language)
        return words.text("names.contract_callbreak", language, trump=spades)
    if c.kind is ContractKind.SUIT:
        assert c.trump is not None
        suit = words.text(f"names.suit_{c.trump.name}", language)
        return words.text("names.contract_suit", language, symbol=c.trump.symbol, suit=suit)
    return words.text(f"names.contract_{c.code}", language)
