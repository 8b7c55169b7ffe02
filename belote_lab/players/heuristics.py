"""Card-play heuristics shared by the level-2 players of the partnership games.

A :class:`SeatKnowledge` is what one seat knows at its turn to play — its own hand, the legal
cards, the contract, the cards played so far and the voids they reveal — built only from what
``state.seat_view(seat)`` shows (a Belote or Coinche hand's own fields, else the view's text)
and ``state.legal_mask()``.  :func:`choose_card` applies the tips of
the seeds (RULES.md §1, seed 004):

* attackers pull trumps with the strongest one, then cash their plain masters, and the taker
  keeps a winning trump for the last trick;
* defenders lead a suit the next opponent lacks, so that it must spend a trump;
* partner winning the trick for sure → throw points to it; otherwise win as cheaply as is
  safe, or discard the cheapest card.

>>> s = SeatKnowledge.from_view({"seat": "N", "hand": ["JH", "9H", "7H", "AS", "7C"],
...     "contract": "H", "taker": "N", "leader": "N", "trick": [], "tricks": []})
>>> choose_card(s)                 # the taker pulls trumps with the strongest
Card('JH')
>>> s = SeatKnowledge.from_view({"seat": "E", "hand": ["7S", "AD", "TH"], "contract": "H",
...     "taker": "N", "leader": "W", "trick": ["KD", "QD"], "tricks": []})
>>> choose_card(s)                 # partner W's KD is beaten by N's... no: QD is lower
Card('AD')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from belote_lab.cards import (
    BELOTE_MASK,
    SEATS,
    SUIT_MASK,
    Card,
    cards_mask,
    mask_cards,
    mask_of,
)
from belote_lab.contract import Contract, Tables
from belote_lab.games.base import TrickPlay
from belote_lab.games.belote import BeloteHand
from belote_lab.trick import trick_winner

__all__ = [
    "SeatKnowledge",
    "choose_card",
    "lead_card",
    "follow_card",
    "is_master",
    "beats",
    "popcount",
]


def popcount(mask: int) -> int:
    return bin(mask).count("1")


@dataclass
class SeatKnowledge:
    """What ``seat`` knows at its turn to play (only what that seat may see)."""

    seat: int
    hand: int  # the seat's cards (mask)
    legal: int  # the cards it may play now (mask)
    contract: Contract
    trick: list[Card]  # the current trick, in playing order
    leader: int  # who led it
    played: int  # every card played so far (mask), the current trick included
    taker: int = -1  # the taker/bidder (-1: unknown)
    tricks_left: int = 8  # tricks still to play, the current one included
    voids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # per seat: bit s = void

    @classmethod
    def from_state(cls, state: TrickPlay) -> SeatKnowledge:
        """The situation of the seat to play in a hand state (``seat_view`` + legal cards).

        A four-player Belote or Coinche hand (or an observation of one) is read from the
        fields its ``seat_view`` writes as text — the seat's hand, the contract, the tricks,
        the taker — without the text (the same knowledge: a test compares the two on every
        decision of self-played hands); any other state through its ``seat_view``.
        """
        seat = state.current_player
        if not isinstance(state, BeloteHand) or state.contract is None:
            return cls.from_view(state.seat_view(seat), state.legal_mask())
        return cls._build(
            seat, state.hands[seat], state.legal_mask(), state.contract, list(state.trick),
            state.leader, [(t.leader, list(t.cards)) for t in state.tricks],
            state.taker if state.taker >= 0 else -1,
        )

    @classmethod
    def from_view(cls, view: dict[str, Any], legal: int | None = None) -> SeatKnowledge:
        """Build from a ``seat_view`` dict; ``legal`` defaults to the whole hand (a lead)."""
        hand = mask_of(view["hand"])
        taker = view.get("taker")
        return cls._build(
            SEATS.index(view["seat"]), hand, hand if legal is None else legal,
            Contract.parse(view["contract"]), [Card.parse(c) for c in view["trick"]],
            SEATS.index(view["leader"]),
            [(SEATS.index(t["leader"]), [Card.parse(c) for c in t["cards"]])
             for t in view["tricks"]],
            -1 if taker is None else SEATS.index(taker),
        )

    @classmethod
    def _build(cls, seat: int, hand: int, legal: int, contract: Contract, trick: list[Card],
               leader: int, done: list[tuple[int, list[Card]]], taker: int) -> SeatKnowledge:
        """The knowledge from its parts: the completed tricks ``done`` as (leader, cards)."""
        played = cards_mask(trick)
        for _, cards in done:
            played |= cards_mask(cards)
        s = cls(
            seat=seat,
            hand=hand,
            legal=legal,
            contract=contract,
            trick=trick,
            leader=leader,
            played=played,
            taker=taker,
            tricks_left=8 - len(done),
        )
        for lead, cards in [*done, (leader, trick)]:
            s._learn(lead, cards)
        return s

    def _learn(self, leader: int, cards: Sequence[Card]) -> None:
        """Record the voids that a trick's cards reveal (four-player following rules)."""
        if not cards:
            return
        t = self.tables
        ts = t.trump_suit
        led = cards[0] >> 4
        for i in range(1, len(cards)):
            c = cards[i]
            seat = (leader + i) % 4
            if c >> 4 == led:
                continue
            self.voids[seat] |= 1 << led
            if ts < 0 or c >> 4 == ts or led == ts:
                continue
            prefix = cards[:i]
            w = trick_winner(prefix, self.contract)
            trumped = any(x >> 4 == ts for x in prefix)
            if w != i - 2 and not trumped:  # it had to trump and did not: no trump left
                self.voids[seat] |= 1 << ts

    # --- derived knowledge -----------------------------------------------------------------------
    @property
    def tables(self) -> Tables:
        return self.contract.tables

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def attacking(self) -> bool:
        return self.taker >= 0 and self.taker % 2 == self.seat % 2

    @property
    def unseen(self) -> int:
        """Cards held by the other three seats."""
        return BELOTE_MASK & ~self.hand & ~self.played

    @property
    def trump_mask(self) -> int:
        return self.tables.trump_mask

    def is_trump(self, card: int) -> bool:
        return bool(self.tables.trump_mask >> card & 1)

    def may_hold(self, seat: int, suit: int) -> bool:
        """May ``seat`` still hold a card of ``suit`` (as far as this seat knows)?"""
        return not self.voids[seat] >> suit & 1 and bool(self.unseen & SUIT_MASK[suit])

    def opponents_after(self) -> list[int]:
        """The opponents still to play to the current trick after this seat."""
        n = len(self.trick)
        later = [(self.leader + k) % 4 for k in range(n + 1, 4)]
        return [x for x in later if x % 2 != self.seat % 2]


# --- small predicates ----------------------------------------------------------------------------
def is_master(s: SeatKnowledge, card: int) -> bool:
    """No card of the same suit still unseen beats ``card``."""
    return not s.tables.higher[card] & s.unseen


def beats(s: SeatKnowledge, card: int, best: int, led: int) -> bool:
    """Would ``card`` beat ``best`` in a trick whose led suit is ``led``?"""
    t = s.tables
    return t.rank_in_trick(card, led) > t.rank_in_trick(best, led)


def _safe(s: SeatKnowledge, card: int, led: int) -> bool:
    """Will ``card`` (winning the current trick) stay winning whatever the opponents still to
    play hold, as far as this seat knows?"""
    ts = s.tables.trump_suit
    higher = s.tables.higher[card] & s.unseen
    for opp in s.opponents_after():
        if card >> 4 == ts:
            if higher and s.may_hold(opp, ts):
                return False
        elif s.may_hold(opp, led):
            if higher:
                return False
        elif ts >= 0 and s.may_hold(opp, ts):
            return False
    return True


def _weakest(s: SeatKnowledge, cards: Iterable[Card]) -> Card:
    """The cheapest card to give away: plain before trump, fewest points, lowest."""
    p, pw = s.tables.points, s.tables.power
    return min(cards, key=lambda c: (s.is_trump(c), p[c], pw[c]))


def _likely_trumped(s: SeatKnowledge, suit: int) -> bool:
    ts = s.tables.trump_suit
    if ts < 0 or suit == ts:
        return False
    opps = ((s.seat + 1) % 4, (s.seat + 3) % 4)
    return any(s.voids[o] >> suit & 1 and s.may_hold(o, ts) for o in opps)


# --- the decisions -------------------------------------------------------------------------------
def choose_card(s: SeatKnowledge) -> Card:
    """The level-2 card: :func:`lead_card` or :func:`follow_card`."""
    legal = mask_cards(s.legal)
    if len(legal) == 1:
        return legal[0]
    return lead_card(s) if not s.trick else follow_card(s)


def lead_card(s: SeatKnowledge) -> Card:
    """The card to lead a trick.

    >>> s = SeatKnowledge.from_view({"seat": "E", "hand": ["7S", "AD", "7C"], "contract": "H",
    ...     "taker": "N", "leader": "E", "trick": [], "tricks": [
    ...     {"leader": "N", "cards": ["AC", "KC", "8S", "QC"]}]})
    >>> lead_card(s)                   # a defender leads clubs: S (next to E) has none
    Card('7C')
    """
    t = s.tables
    ts = t.trump_suit
    hand = mask_cards(s.legal)
    pw, pts = t.power, t.points
    trumps = [c for c in hand if s.is_trump(c)]
    plain = [c for c in hand if not s.is_trump(c)]
    opps = ((s.seat + 1) % 4, (s.seat + 3) % 4)
    opp_trumps = ts >= 0 and any(s.may_hold(o, ts) for o in opps)
    if s.attacking and trumps and opp_trumps:
        top = max(trumps, key=lambda c: pw[c])
        if is_master(s, top) and (len(trumps) > 1 or s.tricks_left == 1 or not plain):
            return top  # pull trumps with the strongest (keep the last one for the last trick)
        if s.seat == s.taker and len(trumps) >= 3 and not is_master(s, top):
            return min(trumps, key=lambda c: pw[c])  # drive the master trump out
    if not s.attacking and ts >= 0 and plain:
        nxt = (s.seat + 1) % 4
        if s.may_hold(nxt, ts):
            short = [c for c in plain if s.voids[nxt] >> (c >> 4) & 1]
            if short:
                return min(short, key=lambda c: (pts[c], pw[c]))
    masters = [c for c in plain if is_master(s, c) and not _likely_trumped(s, c >> 4)]
    if masters:
        return max(masters, key=lambda c: (pts[c], pw[c]))
    if plain:
        # a low card of a suit where it costs least; avoid leading from an unguarded ten
        def cost(c: Card) -> tuple[int, int, int]:
            suit = s.legal & SUIT_MASK[c >> 4]
            return (pts[c], -popcount(suit), pw[c])

        return min(plain, key=cost)
    return min(trumps, key=lambda c: pw[c]) if not s.attacking else max(trumps, key=lambda c: pw[c])


def follow_card(s: SeatKnowledge) -> Card:
    """The card to play to a trick already led.

    >>> s = SeatKnowledge.from_view({"seat": "S", "hand": ["TS", "7S", "8D"], "contract": "H",
    ...     "taker": "N", "leader": "W", "trick": ["9S", "AS", "7H"], "tricks": []},
    ...     legal=mask_of(["TS", "7S"]))
    >>> follow_card(s)                # E trumped partner N's ace: give nothing away
    Card('7S')
    """
    t = s.tables
    pts, pw = t.points, t.power
    legal = mask_cards(s.legal)
    trick = s.trick
    led = trick[0] >> 4
    w = trick_winner(trick, s.contract)
    win_seat = (s.leader + w) % 4
    win_card = trick[w]
    last = len(trick) == 3
    if win_seat == s.partner and (last or _safe(s, win_card, led)):
        pool = [c for c in legal if not s.is_trump(c)]
        if not pool:
            return min(legal, key=lambda c: (pw[c], pts[c]))
        # throw points; a master ace is worth keeping for a trick of its own
        return max(pool, key=lambda c: (pts[c] - (6 if is_master(s, c) else 0), -pw[c]))
    winning = [c for c in legal if beats(s, c, win_card, led)]
    if winning and win_seat != s.partner:
        if last:
            return min(winning, key=lambda c: (s.is_trump(c), pw[c]))
        safe = [c for c in winning if _safe(s, c, led)]
        if safe:
            return min(safe, key=lambda c: (s.is_trump(c), pw[c]))
        trick_pts = sum(pts[c] for c in trick)
        trumps = [c for c in winning if s.is_trump(c)]
        if trumps and trick_pts >= 10:
            return min(trumps, key=lambda c: pw[c])
    elif winning:  # the partner wins, but may be beaten: take over only with a sure winner
        safe = [c for c in winning if _safe(s, c, led)]
        if safe:
            return min(safe, key=lambda c: (s.is_trump(c), pw[c]))
    return _weakest(s, legal)
