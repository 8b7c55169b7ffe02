"""The play phase shared by every game: hands, the current trick, tricks, undo.

A game module subclasses :class:`TrickPlay` and configures it (seats, contract, follow
rules) and adds its own deal, bidding, announcements and scoring through a few hooks.
The legality of a card always comes from :mod:`belote_lab.trick`.

The words of the refusals and of undo are the ``game.`` texts of the catalogue of words
(``belote_lab/words/en/game.json``, ``ko/game.json``).
"""

from __future__ import annotations

import copy
import html
import secrets
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple, TypeVar

from belote_lab import words
from belote_lab.cards import (
    SEATS,
    Card,
    CardParseError,
    CardSet,
    Suit,
    card_html,
    cards_html,
    mask_cards,
    parse_seat,
    seat_in,
)
from belote_lab.contract import Contract, Tables
from belote_lab.games.bidding import Bidding
from belote_lab.games.errors import (
    IllegalAction,
    OutOfTurn,
    Refusal,
    refusal,
    refusal_ko,
    what_word,
)
from belote_lab.trick import (
    BELOTE_FOLLOW,
    RULE_OF_CODE,
    FollowRules,
    IllegalPlay,
    Reason,
    Rule,
    legal_mask,
)

__all__ = [
    "TrickPlay", "Action", "Snapshot", "Trick", "Event", "IllegalAction", "OutOfTurn",
    "CountingGame", "drawn_seed", "drive_hand", "step", "fields_json", "Choices",
    "undo_refused_ko", "no_call", "hand_place", "at_hand",
]

_T = TypeVar("_T", bound="TrickPlay")
_G = TypeVar("_G", bound="CountingGame")


@dataclass(frozen=True)
class Trick:
    """A completed trick: who led, the cards in playing order, who won, its card points."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def seats(self, order: tuple[int, ...]) -> list[int]:
        i = order.index(self.leader)
        return [order[(i + k) % len(order)] for k in range(len(self.cards))]

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": SEATS[self.leader],
            "cards": [c.text for c in self.cards],
            "winner": SEATS[self.winner],
            "points": self.points,
        }


@dataclass(frozen=True)
class Event:
    """Something announced during play: ``belote``, ``rebelote``, ``dix_de_der``, ``capot``,
    ``litige``, ``declaration`` … with the seat concerned and the trick number (1-based)."""

    kind: str
    seat: int
    trick: int
    points: int = 0
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "seat": SEATS[self.seat], "trick": self.trick}
        if self.points:
            d["points"] = self.points
        if self.detail:
            d["detail"] = self.detail
        return d


class Action(NamedTuple):
    """One action of a hand as :attr:`TrickPlay.actions` lists it: its ``kind`` (``play`` or
    ``call``), the ``seat`` letter and the ``value`` as text (a card ``JH``; a call in the
    game's normal form: ``take``, ``80H``, ``coinche``, ``3``).

    A frozen tuple: equal to (and hashed as) ``(kind, seat, value)``, unpacked as one, written
    in a record as ``list(action)`` and shown as that tuple; its properties read the value
    once for every reader: :attr:`card`, :attr:`call`, :attr:`seat_index`.

    >>> a = Action("play", "N", "JH")
    >>> a == ("play", "N", "JH"), a.card, a.seat_index, a.call, a
    (True, Card('JH'), 0, None, ('play', 'N', 'JH'))
    >>> kind, seat, value = Action("call", "E", "3")
    >>> Action(kind, seat, value).call, Action("call", "S", "80H").call, list(a)
    (3, '80H', ['play', 'N', 'JH'])
    """

    kind: str
    seat: str
    value: str

    def __repr__(self) -> str:
        return tuple.__repr__(self)  # printed logs read as the tuples they equal

    @property
    def seat_index(self) -> int:
        """The seat as an index (``N`` 0, ``E`` 1, ``S`` 2, ``W`` 3)."""
        return SEATS.index(self.seat)

    @property
    def card(self) -> Card | None:
        """The card played (``None`` for any other action)."""
        return Card.parse(self.value) if self.kind == "play" else None

    @property
    def call(self) -> int | str | None:
        """The call as the game's ``verify_call`` gives it: a number of tricks (a Callbreak
        call, written in digits) as an ``int``, any other call as its text; ``None`` for any
        other action."""
        if self.kind != "call":
            return None
        v = self.value
        return int(v) if v.isascii() and v.isdigit() else v


@lru_cache(maxsize=8192)
def _action(stored: tuple[str, int, str]) -> Action:
    """The :class:`Action` of a stored ``(kind, seat index, value)``, made once: the values
    are cards and calls, so they are few, and a hand's :attr:`~TrickPlay.actions` costs a
    look-up each."""
    kind, seat, value = stored
    return Action(kind, SEATS[seat], value)


class Snapshot(NamedTuple):
    """What :meth:`TrickPlay.undo` restores: the play state before an action (the lists as
    tuples or shared copy-on-write lists, the trick and event lists by length)."""

    hands: tuple[int, ...]
    trick: tuple[Card, ...]
    leader: int
    to_play: int
    tricks: int  # how many completed tricks to keep
    won_points: list[int]
    won_tricks: list[int]
    events: int  # how many events to keep
    contract: Contract | None
    follow: FollowRules
    win: int
    extra: tuple[Any, ...]  # the game's own part (bidding, stock …): ``_save_extra()``


def fields_json(obj: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """``{name: value}`` of ``obj``'s attributes ``names``, in that order, dicts copied: the
    JSON of a hand's result.

    >>> from types import SimpleNamespace
    >>> fields_json(SimpleNamespace(score={"NS": 1}, made=True), ("score", "made"))
    {'score': {'NS': 1}, 'made': True}
    """
    out: dict[str, Any] = {}
    for name in names:
        value = getattr(obj, name)
        out[name] = dict(value) if isinstance(value, dict) else value
    return out


class TrickPlay:
    """Mutable play-phase state; subclasses set the class attributes and call ``_start_play``.

    Attributes read by everyone: ``hands`` (a mask per seat index 0–3), ``trick`` (cards of
    the current trick), ``leader`` (who led it), ``to_play``, ``tricks`` (completed
    :class:`Trick` objects), ``won_points`` and ``won_tricks`` (per seat), ``events``.
    """

    seat_order: ClassVar[tuple[int, ...]] = (0, 1, 2, 3)
    tricks_per_hand: ClassVar[int] = 8
    last_trick_bonus: ClassVar[int] = 10
    game: ClassVar[str] = ""  # the name of the game (``belote_lab.games.get(game)``)
    deck: tuple[Card, ...] = ()  # the dealt deck, in order (empty: a hand given by its cards)
    seed: int | None = None
    dealer: int = 0
    turned: Card | None = None  # the card turned up for the taking (Belote), if any
    rules: Any = None  # the game's rule options
    result: Any = None  # the scored outcome, once the hand is over
    observer: int | None = None  # the seat of an observation (None: the full state)

    contract: Contract | None
    follow: FollowRules
    _tables: Tables

    def _init_play_fields(self) -> None:
        self.hands: list[int] = [0, 0, 0, 0]
        self.trick: list[Card] = []
        self.leader: int = 0
        self.to_play: int = 0
        self.tricks: list[Trick] = []
        self.won_points: list[int] = [0, 0, 0, 0]
        self.won_tricks: list[int] = [0, 0, 0, 0]
        self.events: list[Event] = []
        self.original: list[int] = [0, 0, 0, 0]  # the hands as dealt (a game sets them)
        self.contract = None
        self.follow = BELOTE_FOLLOW
        self._stack: list[Snapshot] = []
        self._lm = -1  # cached legal mask of the seat to play (-1: not computed)
        self._win = -1  # position in the trick of the card winning it so far
        self._actions: list[tuple[str, int, str]] = []  # (kind, seat, value)
        self._counted: str | None = None  # why undo is refused: the hand is counted by a game

    def _start_play(self, contract: Contract, follow: FollowRules, leader: int) -> None:
        self.contract = contract
        self.follow = follow
        self._tables = contract.tables
        self.leader = leader
        self.to_play = leader
        self._lm = -1
        self._win = -1

    # --- copying ---------------------------------------------------------------------------
    _LISTS: ClassVar[tuple[str, ...]] = (
        "hands", "trick", "tricks", "won_points", "won_tricks", "events", "original",
        "_stack", "_actions",
    )
    """The mutable lists a copy must not share; everything else is immutable or a part
    (bidding, taking) that :meth:`_copy_parts` copies."""

    def copy(self: _T) -> _T:
        """An independent copy (cheap: lists of ints and shared immutable values)."""
        new = self.__class__.__new__(self.__class__)
        d = new.__dict__
        d.update(self.__dict__)
        for name in self._LISTS:
            d[name] = list(d[name])
        d["_counted"] = None  # a copy belongs to no game
        self._copy_parts(new)
        return new

    __copy__ = copy

    def _copy_parts(self, new: Any) -> None:
        """Copy into ``new`` the mutable parts other than :attr:`_LISTS`."""

    # --- what subclasses add -------------------------------------------------------------------
    def follow_for_trick(self) -> FollowRules:
        """The follow rules of the current trick (two-player Belote changes them)."""
        return self.follow

    def _on_card(self, seat: int, card: Card) -> None:
        """Called after a card is played (announcements)."""

    def _on_trick(self, trick: Trick) -> None:
        """Called after a trick is complete (drawing from the stock, declarations)."""

    def _on_hand_end(self) -> None:
        """Called after the last trick (scoring)."""

    def _save_extra(self) -> tuple[Any, ...]:
        return ()

    def _load_extra(self, saved: tuple[Any, ...]) -> None:
        pass

    # --- what one seat sees -----------------------------------------------------------------------
    def known_cards(self, seat: int) -> dict[int, int]:
        """Cards of other seats that ``seat`` knows are in their hands (seat → card mask):
        nothing by default; Belote: the turned card, in its taker's hand."""
        return {}

    def hidden_mask(self, seat: int, known: dict[int, int] | None = None) -> int:
        """The cards ``seat`` cannot place: the other seats' hands (minus :meth:`known_cards`,
        or ``known``) and the cards still to come (a stock)."""
        if known is None:
            known = self.known_cards(seat)
        hidden = 0
        for s in self.seat_order:
            if s != seat:
                hidden |= self.hands[s] & ~known.get(s, 0)
        return hidden | self._unseen_extra(seat)

    def observation(self: _T, seat: int | str) -> _T:
        """What ``seat`` may know, as a state of the same class: its own cards, every card
        played and by whom, the calls, the turned card, the counts of cards held and in the
        stock, the scores so far — and no hidden card.  The cards ``seat`` cannot place are
        dealt again in a fixed order (lowest first, seat after seat, then the stock), the dealt
        deck, the seed and the undo history are left out, so two states that look the same
        from ``seat`` give equal observations.  Computer players decide on this; the hints
        sample the hidden cards from it again.

        >>> from belote_lab.games.belote import BeloteHand
        >>> h = BeloteHand(seed=4); h.call("take")
        >>> o = h.observation("S")
        >>> o.hand("S") == h.hand("S"), o.seed, o.observer, o.legal_calls() == h.legal_calls()
        (True, None, 2, True)
        """
        s = self._seat_arg(seat, ValueError)
        view = self.copy()
        view.observer = s
        view.redact(s)
        return view

    def redact(self, seat: int) -> None:
        """Turn this state into ``seat``'s observation (see :meth:`observation`).  The other
        seats' ``original`` hands become their cards shown now plus those they played."""
        known = self.known_cards(seat)
        hidden = self.hidden_mask(seat, known)
        true_hands = self.hands
        cards = mask_cards(hidden)
        hands = list(true_hands)
        k = 0
        for s in self.seat_order:
            if s == seat:
                continue
            m = known.get(s, 0)
            for c in cards[k : k + bin(true_hands[s] & ~m).count("1")]:
                m |= 1 << c
                k += 1
            hands[s] = m
        self.hands = hands
        self._place_unseen(seat, cards[k:])
        played = self.played_masks()
        orig = self.original
        self.original = [
            orig[s] if s == seat else hands[s] | played[s] for s in range(len(hands))
        ]
        self._stack = []  # the positions before held the hidden cards
        self.deck = ()
        self.seed = None
        self._lm = -1

    def played_masks(self) -> list[int]:
        """The cards each seat has played in this hand (a mask per seat index)."""
        played = [0, 0, 0, 0]
        order = self.seat_order
        n = len(order)
        if n == 4:  # N E S W in turn: the seat k places after the leader is leader + k
            for t in self.tricks:
                s = t.leader
                for c in t.cards:
                    played[s & 3] |= 1 << c
                    s += 1
            s = self.leader
            for c in self.trick:
                played[s & 3] |= 1 << c
                s += 1
            return played
        for t in [*self.tricks, Trick(self.leader, tuple(self.trick), -1, 0)]:
            i = order.index(t.leader)
            for c in t.cards:
                played[order[i % n]] |= 1 << c
                i += 1
        return played

    def _unseen_extra(self, seat: int) -> int:
        """Cards ``seat`` cannot place besides the other hands (two players: the stock)."""
        return 0

    def _place_unseen(self, seat: int, cards: list[Card]) -> None:
        """Put the hidden cards left over by :meth:`redact` back where they came from."""

    # --- queries ----------------------------------------------------------------------------
    @property
    def in_play(self) -> bool:
        return self.contract is not None and len(self.tricks) < self.tricks_per_hand

    def partner_pos(self) -> int:
        return -1

    def legal_mask(self) -> int:
        """The legal cards of the seat to play, as a card mask (0 outside the play phase)."""
        lm = self._lm
        if lm >= 0:
            return lm
        if not self.in_play:
            return 0
        lm = legal_mask(
            self.hands[self.to_play],
            self.trick,
            self._tables,
            self.follow_for_trick(),
            self.partner_pos(),
            self._win,
        )[0]
        self._lm = lm
        return lm

    def legal_cards(self) -> CardSet:
        """The cards the seat to play may play now."""
        return CardSet(self.legal_mask())

    def hand(self, seat: int | str) -> CardSet:
        return CardSet(self.hands[parse_seat(seat)])

    def why_not(
        self, card: Card | str, seat: int | str | None = None, language: str = "en"
    ) -> Reason | str | None:
        """``None`` if ``card`` may be played now (by ``seat``), else why not.

        A :class:`~belote_lab.trick.Reason` for a rule of play (its ``text(language)`` words
        it), a text in ``language`` (``en`` or ``ko``) for anything else (wrong phase, out of
        turn, not a card)."""
        try:
            self.verify_play(card, seat)
        except IllegalPlay as e:
            if e.reason is not None:
                return e.reason
            if language == "en" or isinstance(e, Refusal):
                return e.text(language) if isinstance(e, Refusal) else str(e)
            return self._play_refusal_ko(card, seat)
        return None

    def _play_refusal_ko(self, card: Card | str, seat: int | str | None) -> str:
        """The Korean of a refused play that has no :class:`Reason` (:meth:`verify_play`)."""
        try:
            Card.parse(card)
            if seat is not None:
                seat_in(seat, self.seat_order)
        except CardParseError as e:
            return e.text("ko")
        return refusal_ko("no_card")

    def why_not_call(
        self, call: Any, seat: int | str | None = None, language: str = "en"
    ) -> str | None:
        """``None`` if ``call`` may be made now (by ``seat``), else why not, in ``language``
        (``en``: the words :meth:`verify_call` raises; ``ko``: their Korean)."""
        try:
            self.verify_call(call, seat)
        except (IllegalAction, IllegalPlay, CardParseError) as e:
            if isinstance(e, (Refusal, CardParseError)):
                return e.text(language)
            return str(e)
        return None

    def can_play(self, card: Card | str, seat: int | str | None = None) -> bool:
        return self.why_not(card, seat) is None

    def verify_play(self, card: Card | str, seat: int | str | None = None) -> Card:
        """Raise :class:`IllegalPlay` with the reason if ``card`` may not be played now."""
        try:
            c = Card.parse(card)
        except CardParseError as e:
            raise IllegalPlay(str(e)) from None
        if not self.in_play:
            raise IllegalPlay(words.text(
                "game.in_phase_short", "en", text=refusal("no_card"), phase=self.phase_name()
            ))
        if seat is not None:
            s = self._seat_arg(seat, IllegalPlay)
            if s != self.to_play:
                raise OutOfTurn(
                    refusal("turn_play", next=self.to_play, seat=s),
                    refusal_ko("turn_play", next=self.to_play, seat=s),
                )
        hand = self.hands[self.to_play]
        f = self.follow_for_trick()
        mask, rule, to_beat = legal_mask(hand, self.trick, self._tables, f, self.partner_pos())
        if mask >> c & 1:
            return c
        led = Suit(self.trick[0] >> 4) if self.trick else None
        data = {"partners": "yes" if f.partners else "no"}
        tb = Card(to_beat) if to_beat >= 0 else None
        trump = self.contract.trump if self.contract else None
        if not hand >> c & 1:
            # the message never says where the card is: that could show a hidden hand
            r = Reason(c, Rule.NOT_IN_HAND, CardSet(mask), led, tb, trump, data)
            seat = SEATS[self.to_play]
            raise IllegalPlay(words.text("game.play_not_in_hand", seat=seat, reason=r), r)
        r = Reason(c, RULE_OF_CODE[rule], CardSet(mask), led, tb, trump, data)
        raise IllegalPlay(
            words.text("game.play_refused", seat=SEATS[self.to_play], card=c.pretty, reason=r), r
        )

    # --- the phases: bidding (over a Bidding), play, done ----------------------------------------
    def bidding_part(self) -> Bidding | None:
        """The calls before the play (``None``: a game or a position without them)."""
        return None

    def redeal_pending(self) -> bool:
        """Is the deal void (everybody passed, a hand without a spade …)?"""
        return False

    def redeal_words(self, language: str = "en") -> str:
        """Why this void deal is dealt again, as a sentence in ``language`` (a game whose
        deal is void for another reason than four passes says its own)."""
        return words.text("game.redealt", language)

    @property
    def phase(self) -> str:
        """``bidding``, ``play``, ``done`` or ``redeal`` (the deal is void)."""
        if self.result is not None:
            return "done"
        if self.contract is not None:
            return "play"
        if self.redeal_pending():
            return "redeal"
        return "bidding"

    def phase_name(self) -> str:
        return self.phase

    @property
    def is_over(self) -> bool:
        return self.phase in ("done", "redeal")

    @property
    def current_player(self) -> int | None:
        """The seat that acts next (``None`` when the hand is over)."""
        ph = self.phase
        if ph == "play":
            return self.to_play
        if ph == "bidding":
            bidding = self.bidding_part()
            return None if bidding is None else bidding.next_seat
        return None

    def legal_calls(self) -> list[Any]:
        """The calls the seat to speak may make (none outside the bidding, or without one)."""
        return []

    def verify_call(self, call: Any, seat: int | str | None = None) -> Any:
        """The call in its normal form; raises :class:`IllegalAction` with the reason."""
        raise IllegalAction(no_call(self.phase), refusal_ko("no_call"))

    def call(self, call: Any, seat: int | str | None = None) -> None:
        """Make a call for the seat to speak (refused with the reason: nothing changes)."""
        self.verify_call(call, seat)

    def can_call(self, call: Any, seat: int | str | None = None) -> bool:
        try:
            self.verify_call(call, seat)
        except (IllegalAction, IllegalPlay, CardParseError):
            return False
        return True

    # --- values ----------------------------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        """What equal hands share (the start and the actions determine the rest)."""
        return (self.rules, self.dealer, self.deck, tuple(self.original), tuple(self._actions))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrickPlay) or other.game != self.game:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        # a part of every _key(): equal hands have equal hashes
        return hash((self.dealer, self.deck, tuple(self._actions), tuple(self.hands)))

    def _seat_arg(self, seat: object, error: type[ValueError]) -> int:
        """A ``seat`` argument as one of this game's seats, else ``error`` (:class:`IllegalPlay`
        for a card, :class:`IllegalAction` for a call) naming the bad seat: ``can_play``,
        ``can_call`` and ``why_not`` then answer instead of raising."""
        try:
            return seat_in(seat, self.seat_order)
        except CardParseError as e:
            if issubclass(error, IllegalAction):
                raise error(str(e), e.text("ko")) from None
            raise error(str(e)) from None

    # --- actions ------------------------------------------------------------------------------
    def play(self, card: Card | str, seat: int | str | None = None) -> None:
        """Play ``card`` for the seat to play (or check that ``seat`` is that seat).

        An illegal card raises :class:`IllegalPlay` with the reason; nothing changes."""
        if type(card) is Card and seat is None:
            # fast path for computer play: same checks, no Reason built unless refused
            lm = self._lm
            if lm < 0:
                lm = self.legal_mask()
            if not lm >> card & 1:
                self.verify_play(card)
            seat_i = self.to_play
            c = card
        else:
            c = self.verify_play(card, seat)
            seat_i = self.to_play
        self._stack.append(self._save())
        self._actions.append(("play", seat_i, c.text))
        self._apply_play(seat_i, c)

    def _apply_play(self, seat: int, c: Card) -> None:
        self._lm = -1
        self.hands[seat] &= ~(1 << c)
        trick = self.trick
        trick.append(c)
        t = self._tables
        n = len(trick)
        if n == 1:
            self._win = 0
        else:
            wc = trick[self._win]
            ts = t.trump_suit
            cs = c >> 4
            if (cs == ts and (wc >> 4 != ts or t.power[c] > t.power[wc])) or (
                cs == wc >> 4 and t.power[c] > t.power[wc]
            ):
                self._win = n - 1
        self._on_card(seat, c)
        order = self.seat_order
        np_ = len(order)
        if n < np_:
            # the next seat: N E S W in turn, or N and S in two-player games
            self.to_play = (seat + 1) & 3 if np_ == 4 else order[(order.index(seat) + 1) % np_]
            return
        w = self._win
        self._win = -1
        winner = (self.leader + w) & 3 if np_ == 4 else order[(order.index(self.leader) + w) % np_]
        pts = 0
        p = t.points
        for x in trick:
            pts += p[x]
        last = len(self.tricks) + 1 == self.tricks_per_hand
        if last:
            pts += self.last_trick_bonus
        done = Trick(self.leader, tuple(trick), winner, pts)
        self.tricks.append(done)
        # copied on write (once a trick), so an undo snapshot may share the lists
        wp = list(self.won_points)
        wp[winner] += pts
        self.won_points = wp
        wt = list(self.won_tricks)
        wt[winner] += 1
        self.won_tricks = wt
        self.trick = []
        self.leader = winner
        self.to_play = winner
        self._on_trick(done)
        if last:
            if self.last_trick_bonus:
                self.events.append(
                    Event("dix_de_der", winner, len(self.tricks), self.last_trick_bonus)
                )
            self._on_hand_end()

    def undo(self) -> None:
        """Take back the last action (a card or a call); restores the state exactly.

        Refused with :class:`IllegalAction` (and nothing changes) when there is nothing to
        take back, or once the hand is counted in its game's totals (the game's
        ``next_hand()`` recorded it, the end of the game included): the game's own ``undo()``
        takes that back first (see :class:`CountingGame`)."""
        why = self.undo_refused()
        if why is not None:
            raise IllegalAction(why, undo_refused_ko(why))
        self._load(self._stack.pop())
        self._actions.pop()

    def undo_refused(self) -> str | None:
        """Why :meth:`undo` would be refused now, or ``None`` if it would take back an action."""
        if self._counted is not None:
            return self._counted
        if not self._stack:
            return words.text("game.undo_nothing")
        return None

    pop = undo

    def _save(self) -> Snapshot:
        return Snapshot(
            tuple(self.hands),
            tuple(self.trick),
            self.leader,
            self.to_play,
            len(self.tricks),
            self.won_points,
            self.won_tricks,
            len(self.events),
            self.contract,
            self.follow,
            self._win,
            self._save_extra(),
        )

    def _load(self, s: Snapshot) -> None:
        self._lm = -1
        self.hands = list(s.hands)
        self.trick = list(s.trick)
        self.leader = s.leader
        self.to_play = s.to_play
        del self.tricks[s.tricks :]
        self.won_points = s.won_points
        self.won_tricks = s.won_tricks
        del self.events[s.events :]
        self.contract = s.contract
        self.follow = s.follow
        if self.contract is not None:
            self._tables = self.contract.tables
        self._win = s.win
        self._load_extra(s.extra)

    # --- records and pictures ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The hand as a JSON record (see :mod:`belote_lab.games.record`)."""
        from belote_lab.games.record import hand_to_json

        return hand_to_json(self)

    @classmethod
    def from_json(cls: type[_T], data: dict[str, Any] | str) -> _T:
        """Rebuild (and fully check) a hand of this class from :meth:`to_json` output.

        The record must be of this very class's game: Coinche and two-player Belote hands are
        Belote hands in Python (subclasses), but ``BeloteHand.from_json`` refuses their
        records (:class:`~belote_lab.games.record.RecordError` naming both games).  Only a
        class of no game (``TrickPlay`` itself) reads the record of any game.
        """
        from belote_lab.games.record import RecordError, hand_from_json, title_ko

        h = hand_from_json(data)
        game = getattr(cls, "game", "")
        if type(h) is not cls and (game or not isinstance(h, cls)):
            if game:
                want_ko = words.text("game.record_of_hand", "ko", game=title_ko(game))
            else:
                want_ko = words.text("game.record_this_hand", "ko")
            ko = words.text(
                "game.record_other_game", "ko", want=want_ko,
                got=words.text("game.record_of_hand", "ko", game=title_ko(h.game)),
            )
            raise RecordError(
                words.text(
                    "game.record_not_this_game",
                    want=words.text("game.record_of_hand", game=game or cls.__name__),
                    got=words.text("game.record_of_hand", game=h.game), code=repr(h.game),
                ),
                field="game", ko=ko,
            )
        return h

    def _repr_html_(self) -> str:
        """The table for a notebook: each seat's cards, the trick, the contract, the score."""
        trump = self.contract.trump if self.contract is not None else None
        rows = []
        for s in self.seat_order:
            mark = " ▶" if self.current_player == s else ""
            cards = cards_html(list(CardSet(self.hands[s])), trump)
            rows.append(f"<tr><th>{SEATS[s]}{mark}</th><td>{cards}</td></tr>")
        contract = self.contract.describe() if self.contract is not None else "—"
        trick = cards_html(list(self.trick), trump) or "—"

        def line(key: str, value: str, **values: Any) -> str:  # "<b>Phase</b>: play"
            return f"<b>{html.escape(words.text(f'game.html_{key}', **values))}</b>: {value}"

        info = [line("phase", html.escape(str(self.phase))), line("contract", contract)]
        if self.turned is not None:
            info.append(line("turned", card_html(self.turned)))
        info.append(line("trick", trick, n=self.trick_number))
        result = self.result
        if result is not None:  # every result has ``score`` (per side) and ``why()``
            info.append(
                line("score", f"{html.escape(str(result.score))} — {html.escape(result.why())}")
            )
        return (
            '<div class="belote-lab-hand"><table>' + "".join(rows) + "</table><div>"
            + "<br>".join(info) + "</div></div>"
        )

    @property
    def actions(self) -> list[Action]:
        """Every action so far, each an :class:`Action` ``(kind, seat, value)``, e.g.
        ``("play", "N", "JH")``."""
        return [_action(t) for t in self._actions]

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played."""
        return len(self.tricks) + 1


def drive_hand(state: Any, players: dict[int, Any] | list[Any]) -> None:
    """Ask each seat's player for its calls and cards until the hand is over.

    ``players`` maps each seat (or a list indexes each seat) to an object with
    ``choose_call(view) -> str`` and ``choose_card(view) -> Card`` (see
    :mod:`belote_lab.players`); a seat that never has to decide needs no player.  Each
    decision is made on the seat's :meth:`~TrickPlay.observation` (see :func:`step`).
    """
    while not state.is_over:
        step(state, players[state.current_player])


class Choices:
    """The least a seat can be shown: what it may do now, nothing of any card but those it may
    play.  :func:`step` gives this, not an observation, to a player whose class says
    ``sees = "choices"`` (level 1: a random legal card or call needs no more).

    >>> from belote_lab.games.belote import BeloteHand
    >>> c = Choices(BeloteHand(seed=2))
    >>> c.phase, c.legal_calls()
    ('bidding', ['take', 'pass'])
    """

    __slots__ = ("phase", "current_player", "_mask", "_calls")

    def __init__(self, state: TrickPlay) -> None:
        self.phase = state.phase
        self.current_player = state.current_player
        self._mask = state.legal_mask() if self.phase == "play" else 0
        self._calls = state.legal_calls() if self.phase == "bidding" else []

    def legal_mask(self) -> int:
        return self._mask

    def legal_cards(self) -> CardSet:
        return CardSet(self._mask)

    def legal_calls(self) -> list[Any]:
        return list(self._calls)


def step(state: Any, player: Any) -> None:
    """Let ``player`` make the next decision (a call or a card) of the seat to act, from
    what that seat may see: the player is given ``state.observation(seat)`` (or, when its
    class says ``sees = "choices"``, only the :class:`Choices`), never the state itself, so
    it cannot look at the hidden cards.  The decision is applied to ``state`` (an illegal one
    raises and changes nothing)."""
    if getattr(player, "sees", "seat") == "choices":
        view: Any = Choices(state)
    else:
        view = state.observation(state.current_player)
    if state.phase == "play":
        state.play(player.choose_card(view))
    else:
        state.call(player.choose_call(view))


# --- games: the hands in order, undo across the end of a hand ---------------------------------
def drawn_seed(seed: int | None) -> int:
    """``seed``, or when it is ``None`` a random one drawn now: a game, a match or a run made
    without a seed still has one, kept in its record, so that once saved and read back it deals
    the same hands as the original would.  (A game record whose seed is null still loads; the
    deals to come are then random, and game equality leaves them out.)"""
    return secrets.randbits(32) if seed is None else seed


def hand_place(k: int, language: str = "en") -> str:
    """Where in a game record: its ``k``-th hand (``hand 2``, ``2번째 판``).

    >>> hand_place(1), hand_place(1, "ko")
    ('hand 1', '첫 번째 판')
    """
    return words.text("game.record_place", language, n=k)


def at_hand(k: int, message: str) -> str:
    """An English record error ``message`` placed in the ``k``-th hand of a game record.

    >>> at_hand(2, "its rules differ from the game's rules")
    "hand 2: its rules differ from the game's rules"
    """
    return words.text("game.record_placed", place=hand_place(k), text=message)


def no_call(phase: str) -> str:
    """The English refusal of a call outside the bidding, naming the ``phase``.

    >>> no_call("play")
    'no call can be made now (phase: play)'
    """
    return words.text("game.in_phase", text=refusal("no_call"), phase=phase)


def undo_refused_ko(why: str) -> str:
    """The Korean of an ``undo_refused()`` answer (one sentence).

    >>> undo_refused_ko("nothing to undo")
    '아직 한 것이 없으므로 되돌릴 것이 없습니다.'
    """
    if why == words.text("game.undo_nothing"):
        return words.text("game.undo_nothing", "ko")
    # a hand counted in a game's totals: "deal 2 is over and counted in the totals, so …"
    counted = words.text("game.undo_counted_hand", what="", n="").split(",")[0].strip()
    if counted in why:
        return words.text("game.undo_counted", "ko")
    return words.text("game.undo_refused", "ko")


class CountingGame:
    """What a game or a match adds to its hands: counting them, and taking that back.

    ``next_hand()`` counts the finished hand in the totals; from then on that hand refuses its
    own ``undo()`` (:class:`IllegalAction` with the reason, nothing changes), since its end is
    part of the game's state.  The game's :meth:`undo` takes back the last thing that happened
    in the game: the last call or card of the hand being played, or, when that hand has no
    action yet or the game is over, the counting of the previous hand itself: totals, held
    points, the winner, the dealer and the random generator of the deals are then exactly as
    they were before ``next_hand()`` (and the hand takes its own undo again).

    A subclass lists in :attr:`_COUNTED_STATE` the attributes ``next_hand()`` changes
    besides ``hand``, ``hands`` and ``_rng`` (``_over`` among them), and calls
    :meth:`_count_hand` in ``next_hand()`` once the call is accepted, before changing anything.
    """

    _COUNTED_STATE: ClassVar[tuple[str, ...]] = ()
    hand_class: ClassVar[Any]
    hand: Any
    hands: list[Any]
    _rng: Any
    _over: bool

    def _init_counting(self) -> None:
        self._history: list[tuple[Any, ...]] = []
        self._closed: str | None = None  # why undo is refused: counted by a run or a journey

    def _take_finished(self, game: str = "game", hand: str = "hand") -> Any:
        """The first step of ``next_hand()``: refuse (:class:`IllegalAction`, nothing changes)
        when the ``game`` is over or its current ``hand`` is not finished; else count the hand
        (:meth:`_count_hand`), keep it in ``hands`` and return it."""
        h = self.hand
        if self._over:
            raise IllegalAction(
                refusal("game_over", what=game), refusal_ko("game_over", what=game)
            )
        if not h.is_over:
            raise IllegalAction(
                refusal("hand_not_over", what=hand), refusal_ko("hand_not_over", what=hand)
            )
        self._count_hand("deal" if h.phase == "redeal" else hand)
        self.hands.append(h)
        return h

    def _count_hand(self, what: str = "hand") -> None:
        """Remember the state before counting ``self.hand`` and make the hand refuse undo."""
        saved = {name: copy.copy(getattr(self, name)) for name in self._COUNTED_STATE}
        self._history.append((self.hand, len(self.hands), self._rng.getstate(), saved))
        n = len(self.hands) + 1
        self.hand._counted = words.text("game.undo_counted_hand", what=what_word(what), n=n)

    def undo_refused(self) -> str | None:
        """Why :meth:`undo` would be refused now, or ``None``."""
        if self._closed is not None:
            return self._closed
        if self._history and (self._over or not self.hand._actions):
            return None
        why: str | None = self.hand.undo_refused()
        return why

    def undo(self) -> None:
        """Take back the last action of the game (see :class:`CountingGame`); refused with
        :class:`IllegalAction` when there is nothing to take back (the state is unchanged)."""
        why = self.undo_refused()
        if why is not None:
            raise IllegalAction(why, undo_refused_ko(why))
        if self._history and (self._over or not self.hand._actions):
            hand, n, rng_state, saved = self._history.pop()
            del self.hands[n:]
            self.hand = hand
            hand._counted = None
            self._rng.setstate(rng_state)
            for name, value in saved.items():
                setattr(self, name, value)
            return
        self.hand.undo()

    def play_out(self, players: Any, max_hands: int = 500) -> None:
        """Drive the game to its end with player objects (see :mod:`belote_lab.players`):
        ``players`` maps each seat (or a list indexes each seat) to its player."""
        for _ in range(max_hands):
            if self._over:
                return
            drive_hand(self.hand, players)
            self.next_hand()
        if not self._over:
            raise RuntimeError(f"the game did not end within {max_hands} deals")

    def next_hand(self) -> Any:
        raise NotImplementedError

    # --- records -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The game as a JSON record (see :mod:`belote_lab.games.record`)."""
        from belote_lab.games.record import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls: type[_G], data: dict[str, Any] | str) -> _G:
        """Rebuild (and fully check) a game of this class from :meth:`to_json` output."""
        from belote_lab.games.record import RecordError, game_from_json, title_ko

        g = game_from_json(data)
        if type(g) is not cls:  # exact: a CoincheGame is a BeloteGame in Python, not here
            want, got = cls.hand_class.game, g.hand.game
            ko = words.text(
                "game.record_other_game", "ko",
                want=words.text("game.record_of_game", "ko", game=title_ko(want)),
                got=words.text("game.record_of_game", "ko", game=title_ko(got)),
            )
            raise RecordError(
                words.text(
                    "game.record_not_this_game", want=words.text("game.record_of_game", game=want),
                    got=words.text("game.record_of_game", game=got), code=repr(got),
                ),
                field="game", ko=ko,
            )
        return g

    # --- values ---------------------------------------------------------------------------------
    def _game_key(self) -> tuple[Any, ...]:
        state = tuple(getattr(self, name) for name in self._COUNTED_STATE)
        rules = getattr(self, "rules", None)
        seed = getattr(self, "seed", None)
        deals = None if seed is None else self._rng.getstate()  # no seed: random deals to come
        return (rules, seed, self.hands, self.hand, state, deals)

    def __eq__(self, other: object) -> bool:
        """Equal games: the same rules, seed, hands (each equal), totals and deals to come."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, CountingGame)
        return self._game_key() == other._game_key()

    __hash__ = None  # type: ignore[assignment]  # mutable
