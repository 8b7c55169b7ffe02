"""Players that follow a strategy tip of the seeds and players that do not, and the
duplicate-deal comparison that measures the difference.

Each "not following" player is the level-2 player of its game with **one** behaviour switched
(the level-2 players already follow the tips), so a comparison measures that behaviour alone:

=============================  ===========================================================
player                         what it does differently from level 2
=============================  ===========================================================
:class:`BeloteOnlyTaker`       also takes (or names a suit) on the K+Q of trump alone
:class:`NoTrumpPull`           as an attacker, never leads trumps while it has a plain card
:class:`SpendsLastTrump`       as the taker, leads its last master trump before the end
:class:`NoShortSuitLead`       as a defender, never leads the suit the next opponent lacks
:class:`SpendsHonoursEarly`    two players: values its trump J and 9 only by their points
                               while the stock lasts
:class:`LeadsHighEarly`        two players: leads its strongest card while the stock lasts
:class:`OffsetCaller`          Callbreak: calls its estimate plus an offset (−1: calls low)
:class:`HighCardCaller`        Callbreak: counts every ace, king and queen as a sure trick
=============================  ===========================================================

Two more players set up experiments rather than tips: :class:`EagerTaker` (the first player
to speak always takes the turned suit, so takers' holdings are as dealt) and
:class:`ContractNamer` (everybody passes round 1 and the first to speak in round 2 names a
given contract: ``NT``, ``AT`` or a suit).  Both play their cards like level 2.

:func:`belote_lab.comparison.compare` plays them against each other on duplicate deals.
"""

from __future__ import annotations

from typing import Any

from belote_lab.cards import SUIT_MASK, Card, Rank, mask_cards, mask_of
from belote_lab.games.base import TrickPlay
from belote_lab.players.belote import BelotePlayer2
from belote_lab.players.belote2 import Belote2Player2
from belote_lab.players.callbreak import CallbreakPlayer2, estimate_tricks
from belote_lab.players.heuristics import Situation, choose_card, is_master, lead_card

__all__ = [
    "BeloteOnlyTaker",
    "NoTrumpPull",
    "SpendsLastTrump",
    "NoShortSuitLead",
    "SpendsHonoursEarly",
    "LeadsHighEarly",
    "OffsetCaller",
    "HighCardCaller",
    "EagerTaker",
    "ContractNamer",
]


def _has_kq(hand: int, suit: int) -> bool:
    kq = (1 << (16 * suit + Rank.KING)) | (1 << (16 * suit + Rank.QUEEN))
    return hand & kq == kq


# --- four-player Belote ---------------------------------------------------------------------------
class BeloteOnlyTaker(BelotePlayer2):
    """Level 2, but the K+Q of trump (the belote) alone is enough to take or name a suit.

    Seeds 000/004: "the 20 points of the belote do little to win tricks: taking on them alone
    can hand the opponents 182 points."
    """

    def choose_call(self, state: TrickPlay) -> str:
        call = super().choose_call(state)
        if call != "pass":
            return call
        legal = state.legal_calls()
        view = state.seat_view(state.current_player)
        hand = mask_of(view["hand"])
        if "take" in legal:
            turned = Card.parse(view["turned"])
            return "take" if _has_kq(hand | 1 << turned, turned >> 4) else "pass"
        for call in legal:
            if call in ("S", "H", "D", "C") and _has_kq(hand, "SHDC".index(call)):
                return call
        return "pass"


class NoTrumpPull(BelotePlayer2):
    """Level 2, but an attacker leading a trick never starts with a trump while it holds a
    plain card (seeds: "attack with your strongest trump to draw the opponents' trumps")."""

    def choose_card(self, state: TrickPlay) -> Card:
        s = Situation.from_state(state)
        plain = s.legal & ~s.trump_mask
        if not s.trick and s.attacking and plain and s.legal & s.trump_mask:
            s.legal = plain
            return lead_card(s)
        return choose_card(s)  # what level 2 plays (BelotePlayer2.choose_card)


class SpendsLastTrump(BelotePlayer2):
    """Level 2, but the taker also leads its last trump when it is the master, instead of
    keeping it for the last trick (seeds: "keep one trump for the 10 of the last trick")."""

    def choose_card(self, state: TrickPlay) -> Card:
        s = Situation.from_state(state)
        trumps = mask_cards(s.legal & s.trump_mask)
        plain = s.legal & ~s.trump_mask
        ts = s.tables.trump_suit
        opps = ((s.seat + 1) % 4, (s.seat + 3) % 4)
        if (
            not s.trick
            and s.seat == s.taker
            and len(trumps) == 1
            and plain
            and s.tricks_left > 1
            and ts >= 0
            and any(s.may_hold(o, ts) for o in opps)
            and is_master(s, trumps[0])
        ):
            return trumps[0]
        return choose_card(s)  # what level 2 plays (BelotePlayer2.choose_card)


class NoShortSuitLead(BelotePlayer2):
    """Level 2, but a defender never leads a suit that the next opponent is known to lack
    (seeds: "lead a suit the next player lacks, so that it must spend a trump")."""

    def choose_card(self, state: TrickPlay) -> Card:
        s = Situation.from_state(state)
        ts = s.tables.trump_suit
        if not s.trick and not s.attacking and ts >= 0:
            nxt = (s.seat + 1) % 4
            short = 0
            for suit in range(4):
                if suit != ts and s.voids[nxt] >> suit & 1:
                    short |= SUIT_MASK[suit]
            if short and s.legal & short and s.legal & ~short:
                s.legal &= ~short
                return lead_card(s)
        return choose_card(s)  # what level 2 plays (BelotePlayer2.choose_card)


class EagerTaker(BelotePlayer2):
    """Takes the turned suit whenever it may (so the first player to speak always takes);
    plays like level 2.  An experiment, not a tip: takers' holdings are as dealt."""

    def choose_call(self, state: TrickPlay) -> str:
        legal = state.legal_calls()
        return "take" if "take" in legal else super().choose_call(state)


class ContractNamer(BelotePlayer2):
    """Passes round 1; in round 2 names ``contract`` (``NT``, ``AT`` or a suit other than the
    turned one; the first player to speak names it).  Plays like level 2.  Needs rules that
    allow the contract (``allow_no_trump``/``allow_all_trump``)."""

    def __init__(self, contract: str = "NT") -> None:
        super().__init__()
        self.contract = contract

    def choose_call(self, state: TrickPlay) -> str:
        legal = state.legal_calls()
        if "take" in legal:
            return "pass" if "pass" in legal else "take"
        if self.contract in legal:
            return self.contract
        named = [c for c in legal if c != "pass"]
        return named[0] if named else "pass"


# --- two-player Belote ----------------------------------------------------------------------------
class SpendsHonoursEarly(Belote2Player2):
    """Level 2, but while the stock lasts the trump J and 9 are worth keeping only for their
    points (seed 001: "keep the trump J and 9 for the last 9 tricks")."""

    def _free_keep(self, c: Card, t: Any, played: int) -> float:
        if t.trump_mask >> c & 1 and c.rank in (Rank.JACK, Rank.NINE):
            return float(t.points[c])
        return super()._free_keep(c, t, played)


class LeadsHighEarly(Belote2Player2):
    """Level 2, but while the stock lasts it leads its strongest card (most points, then
    highest) instead of a low plain card (seed 001: "start with low plain cards")."""

    def choose_card(self, state: TrickPlay) -> Card:
        view = state.seat_view(state.current_player)
        legal = mask_cards(state.legal_mask())
        if view["stock"] > 0 and not view["trick"] and len(legal) > 1:
            t = state.contract.tables
            return max(legal, key=lambda c: (t.points[c], t.power[c], -c))
        return super().choose_card(state)


# --- Callbreak -----------------------------------------------------------------------------------
class OffsetCaller(CallbreakPlayer2):
    """Level 2, but calls its estimate of sure tricks plus ``offset`` (kept within the legal
    calls).  ``offset=-1`` calls low on purpose (seed 003: "an extra trick is worth 0.1 only")."""

    def __init__(self, seed: int | None = None, offset: int = -1) -> None:
        super().__init__(seed)
        self.offset = offset

    def choose_call(self, state: TrickPlay) -> int:
        calls: list[int] = state.legal_calls()
        n = estimate_tricks(state.hands[state.current_player]) + self.offset
        return max(min(n, max(calls)), min(calls))


class HighCardCaller(CallbreakPlayer2):
    """Level 2, but calls one trick for every ace, king and queen it holds (seed 003: a
    beginner's mistake is "counting every high card as a sure trick")."""

    def choose_call(self, state: TrickPlay) -> int:
        calls: list[int] = state.legal_calls()
        hand = state.hands[state.current_player]
        n = sum(hand >> (16 * s + r) & 1 for s in range(4)
                for r in (Rank.ACE, Rank.KING, Rank.QUEEN))
        return max(min(n, max(calls)), min(calls))


# --- the comparison ------------------------------------------------------------------------------
