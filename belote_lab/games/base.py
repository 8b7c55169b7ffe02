"""The play phase shared by every game: hands, the current trick, tricks, undo.

A game module subclasses :class:`TrickPlay` and configures it (seats, contract, follow
rules) and adds its own deal, bidding, announcements and scoring through a few hooks.
The legality of a card always comes from :mod:`belote_lab.trick`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from belote_lab.cards import SEATS, Card, CardParseError, CardSet, Suit, parse_seat
from belote_lab.contract import Contract, Tables
from belote_lab.trick import (
    BELOTE_FOLLOW,
    FollowRules,
    IllegalPlay,
    Reason,
    Rule,
    legal_mask,
)

__all__ = ["TrickPlay", "Trick", "Event", "IllegalAction", "OutOfTurn"]

_RULES = list(Rule)
_T = TypeVar("_T", bound="TrickPlay")


class IllegalAction(ValueError):
    """A call or an action that the rules do not allow now (the state is unchanged)."""


class OutOfTurn(IllegalPlay, IllegalAction):
    """A play or call by a seat whose turn it is not (both an :class:`IllegalPlay` and an
    :class:`IllegalAction`, so ``can_call``/``can_play`` answer ``False`` for it)."""


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


class TrickPlay:
    """Mutable play-phase state; subclasses set the class attributes and call ``_start_play``.

    Attributes read by everyone: ``hands`` (a mask per seat index 0–3), ``trick`` (cards of
    the current trick), ``leader`` (who led it), ``to_play``, ``tricks`` (completed
    :class:`Trick` objects), ``won_points`` and ``won_tricks`` (per seat), ``events``.
    """

    seat_order: ClassVar[tuple[int, ...]] = (0, 1, 2, 3)
    tricks_per_hand: ClassVar[int] = 8
    last_trick_bonus: ClassVar[int] = 10

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
        self.contract = None
        self.follow = BELOTE_FOLLOW
        self._stack: list[tuple[Any, ...]] = []
        self._lm = -1  # cached legal mask of the seat to play (-1: not computed)
        self._win = -1  # position in the trick of the card winning it so far
        self._actions: list[tuple[str, int, str]] = []  # (kind, seat, value)

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
        self._copy_parts(new)
        return new

    __copy__ = copy

    def _copy_parts(self, new: Any) -> None:
        """Copy into ``new`` the mutable parts other than :attr:`_LISTS`."""

    # --- what subclasses add -------------------------------------------------------------------
    def _follow_for_trick(self) -> FollowRules:
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

    # --- queries ----------------------------------------------------------------------------
    @property
    def in_play(self) -> bool:
        return self.contract is not None and len(self.tricks) < self.tricks_per_hand

    def _partner_pos(self) -> int:
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
            self._follow_for_trick(),
            self._partner_pos(),
            self._win,
        )[0]
        self._lm = lm
        return lm

    def legal_cards(self) -> CardSet:
        """The cards the seat to play may play now."""
        return CardSet(self.legal_mask())

    def hand(self, seat: int | str) -> CardSet:
        return CardSet(self.hands[parse_seat(seat)])

    def why_not(self, card: Card | str, seat: int | str | None = None) -> Reason | str | None:
        """``None`` if ``card`` may be played now (by ``seat``), else why not.

        A :class:`~belote_lab.trick.Reason` for a rule of play, a text for anything else
        (wrong phase, out of turn, not a card)."""
        try:
            self.verify_play(card, seat)
        except IllegalPlay as e:
            return e.reason if e.reason is not None else str(e)
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
            raise IllegalPlay(f"no card can be played now ({self.phase_name()})")
        if seat is not None:
            s = parse_seat(seat)
            if s != self.to_play:
                raise OutOfTurn(f"it is {SEATS[self.to_play]}'s turn to play, not {SEATS[s]}'s")
        hand = self.hands[self.to_play]
        f = self._follow_for_trick()
        mask, rule, to_beat = legal_mask(hand, self.trick, self._tables, f, self._partner_pos())
        if mask >> c & 1:
            return c
        led = Suit(self.trick[0] >> 4) if self.trick else None
        data = {"partners": "yes" if f.partners else "no"}
        tb = Card(to_beat) if to_beat >= 0 else None
        trump = self.contract.trump if self.contract else None
        if not hand >> c & 1:
            # the message never says where the card is: that could show a hidden hand
            r = Reason(c, Rule.NOT_IN_HAND, CardSet(mask), led, tb, trump, data)
            raise IllegalPlay(f"{SEATS[self.to_play]} to play: {r}", r)
        r = Reason(c, _RULES[rule], CardSet(mask), led, tb, trump, data)
        raise IllegalPlay(f"{SEATS[self.to_play]} may not play {c.pretty}: {r}", r)

    def phase_name(self) -> str:
        return "play" if self.in_play else "not in play"

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
        """Take back the last action (a card or a call); restores the state exactly."""
        if not self._stack:
            raise IllegalAction("nothing to undo")
        self._load(self._stack.pop())
        self._actions.pop()

    pop = undo

    def _save(self) -> tuple[Any, ...]:
        return (
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

    def _load(self, s: tuple[Any, ...]) -> None:
        self._lm = -1
        self.hands = list(s[0])
        self.trick = list(s[1])
        self.leader = s[2]
        self.to_play = s[3]
        del self.tricks[s[4] :]
        self.won_points = s[5]
        self.won_tricks = s[6]
        del self.events[s[7] :]
        self.contract = s[8]
        self.follow = s[9]
        if self.contract is not None:
            self._tables = self.contract.tables
        self._win = s[10]
        self._load_extra(s[11])

    @property
    def actions(self) -> list[tuple[str, str, str]]:
        """Every action so far: ``(kind, seat, value)``, e.g. ``("play", "N", "JH")``."""
        return [(k, SEATS[s], v) for k, s, v in self._actions]

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played."""
        return len(self.tricks) + 1
