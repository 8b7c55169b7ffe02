"""What a game is, declared once: :class:`Game`, the facts every layer reads.

Each game module (``belote_lab.games.belote`` …) ends with ``GAME = Game(...)``; the registry
(:func:`belote_lab.games.get`) finds it by name.  Players, hints, the solver, self-play, the
referee, the records and the widgets read a game's seats, sides, deck, follow rules, contracts
and scoring from here, so none of them compares a game's name (OpenSpiel's ``GameType`` /
``GameInfo`` and python-chess's variant classes work the same way).

>>> from belote_lab.games import get
>>> g = get("belote")
>>> g.seats, g.sides, g.side_of(3), g.side_seats(1)
((0, 1, 2, 3), ('NS', 'EW'), 1, (1, 3))
>>> get("belote2").seats, get("belote2").next_seat(2), get("callbreak").sides
((0, 2), 0, ('N', 'E', 'S', 'W'))

A game's Korean title is the catalogue's ``table.title_<name>`` (one copy for the engine and
the widgets); the refusal of a contract the game does not play is ``game.unused_contract``
(``belote_lab/words/ko/game.json``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from belote_lab import words
from belote_lab.cards import SEATS, CardParseError
from belote_lab.contract import Contract, ContractKind
from belote_lab.korean import contract_name
from belote_lab.trick import FollowRules

__all__ = ["Game"]


@dataclass(frozen=True, eq=False)
class Game:
    """The declared facts of one trick-taking game.

    ``follow(rules, stock_left)`` gives the follow rules of a trick (two-player Belote's
    change when the stock is empty); ``margin(state, seat, value, left, tricks_left, hands)``
    is the one scoring entry point that search and hints use: the seat's score margin at the
    end of the hand when its side takes ``value`` of the ``left`` still to win (points, or
    tricks where :attr:`counts` is ``"tricks"``) from the state ``state`` whose unplayed cards
    are ``hands``.  ``outcome`` (same arguments; ``None`` in Callbreak, which has no
    taker) gives the game's result object of that end (its ``made`` and ``score``): margin
    is read from it.  Both read a side that takes every point (or none) as winning every
    trick (or none), any other share as
    all the tricks left but one to ``seat``'s side.
    """

    name: str
    title: str  # in English, e.g. "four-player Belote": the catalogue's names.game_<name>
    title_ko: str  # in Korean, e.g. "4인 벨로트": names.game_<name> of the ko catalogue
    seats: tuple[int, ...]  # in turn order
    partnership: bool  # partners sit opposite and score together
    deck_mask: int
    hand_size: int  # the most cards a player holds
    tricks: int  # tricks a hand
    counts: str  # what a trick wins: "points" or "tricks"
    total: int  # what a hand holds to win: 162 card points with dix de der, or 13 tricks
    contracts: frozenset[ContractKind]
    contracts_text: str  # "a trump suit (S H D C), NT or AT"
    follow: Callable[[Any, int], FollowRules]
    margin: Callable[..., float]
    module: str  # the module that defines the hand and game classes
    has_stock: bool = False
    bidding: str = "none"  # "taking" (take or pass the turned card), "auction" (Coinche's
    # bids of points), "calls" (each seat calls its tricks) or "none" (the game sets the contract)
    score_scale: int = 1  # stored units a point of score: 10 where scores have tenths (Callbreak)
    rules_class: Any = None
    hand_class: Any = None
    match_class: Any = None
    extra: dict[str, Any] = field(default_factory=dict)
    outcome: Callable[..., Any] | None = None
    batch: str | None = None  # the module of belote_lab.batch that plays whole hands of the
    # game in compiled code (its deal, calls and card play), or None: simulate() refuses it
    ladder: str | None = None  # "module:Class" of the ladder played with the match class (a
    # run, a journey: belote_lab.play.ladder), found by the play layer; None: no ladder mode

    # --- seats and sides ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        """How many play."""
        return len(self.seats)

    @property
    def sides(self) -> tuple[str, ...]:
        """The names of the sides that score: teams (``NS``, ``EW``) or seats."""
        if self.partnership:
            return ("NS", "EW")
        return tuple(SEATS[s] for s in self.seats)

    def side_of(self, seat: int) -> int:
        """The index in :attr:`sides` of the side ``seat`` plays for."""
        if self.partnership:
            return seat % 2
        return self.seats.index(seat)

    def side_seats(self, side: int) -> tuple[int, ...]:
        """The seats of side number ``side``."""
        return tuple(s for s in self.seats if self.side_of(s) == side)

    def side_with(self, seat: int) -> tuple[int, ...]:
        """``seat`` and its partner, if it has one."""
        return self.side_seats(self.side_of(seat))

    def partner(self, seat: int) -> int | None:
        """The partner of ``seat``, or ``None`` in a game without partners."""
        return (seat + 2) % 4 if self.partnership else None

    def next_seat(self, seat: int, k: int = 1) -> int:
        """The seat ``k`` turns after ``seat``."""
        i = self.seats.index(seat)
        return self.seats[(i + k) % len(self.seats)]

    # --- contracts and rules ----------------------------------------------------------------------
    @property
    def known_contract(self) -> Contract | None:
        """The contract of every hand when the game has only one (Callbreak: spades always
        trump), known before the calls end; ``None`` when the calls choose it.

        >>> from belote_lab.games import get
        >>> get("callbreak").known_contract.code, get("belote").known_contract
        ('callbreak', None)
        """
        if len(self.contracts) != 1:
            return None
        try:
            return Contract.parse(next(iter(self.contracts)).value)
        except CardParseError:
            return None

    def contract(self, text: str | Contract) -> Contract:
        """``text`` as a contract of this game, or :class:`~belote_lab.cards.CardParseError`.

        >>> from belote_lab.games import get
        >>> get("belote").contract("AT").describe()
        'all trump'
        >>> get("belote2").contract("NT")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        belote_lab.cards.CardParseError: 'NT' is not a contract of two-player Belote, which ...
        """
        c = Contract.parse(text)
        if c.kind not in self.contracts:
            shown = text.code if isinstance(text, Contract) else str(text)
            raise CardParseError(
                text,
                message=words.text(
                    "game.not_a_contract", contract=repr(shown), game=self.title,
                    contracts=self.contracts_text,
                ),
                ko=words.text(
                    "game.unused_contract", "ko", contract=contract_name(c.code),
                    game=self.title_ko,
                ),
            )
        return c

    def rules(self, data: Any = None) -> Any:
        """The game's rule options: defaults, or read from a dict (checked, named errors)."""
        if isinstance(data, self.rules_class):
            return data
        return self.rules_class.from_json(data)

    def __repr__(self) -> str:
        return f"Game({self.name!r})"
