"""Level-2 four-player Belote player: takes by the seed rule of thumb, plays by the tips.

Taking: with the trump jack plus two more, or the nine plus three more, where "more" counts
the other trumps and the side aces (at least one other trump with the jack, two with the
nine).  In round 1 the turned card counts as a trump of the hand; in round 2 it names the
best qualifying suit — or, where the rules allow them, all trump with jacks and their nines
(:func:`~belote_lab.players.estimates.all_trump_strength` from
:data:`~belote_lab.players.estimates.ALL_TRUMP_TAKE`) or no trump with aces and their tens
(:func:`~belote_lab.players.estimates.no_trump_strength`), counting the turned card, which
the taker receives.  Card play is :func:`belote_lab.players.heuristics.choose_card`.

>>> take_strength(mask_of("JH 8H 7H AS 9D".split()), 1)   # J + 2 trumps
(True, 7)
>>> take_strength(mask_of("9H 8H AS AC 7D".split()), 1)   # 9 + 1 trump + 2 aces: too few
(False, 6)
>>> no_or_all_trump(mask_of("AS TS AH TH 7D 8C".split()), ["S", "D", "C", "NT", "AT", "pass"])
'NT'
>>> from belote_lab.games.belote import BeloteHand
>>> from belote_lab.players import drive_hand
>>> h = BeloteHand(seed=2)
>>> drive_hand(h, [BelotePlayer2() for _ in range(4)])
>>> h.is_over
True
"""

from __future__ import annotations

from belote_lab.cards import Card, Suit, mask_of
from belote_lab.games.base import TrickPlay
from belote_lab.games.belote import BeloteHand
from belote_lab.players.estimates import (
    ALL_TRUMP_TAKE,
    NO_TRUMP_TAKE,
    all_trump_strength,
    no_trump_strength,
    take_strength,
)
from belote_lab.players.heuristics import SeatKnowledge, choose_card

__all__ = ["LEVEL2", "BelotePlayer2", "no_or_all_trump", "take_strength"]


def _hand_and_turned(state: TrickPlay) -> tuple[int, Card]:
    """The hand (a mask) of the seat to call and the turned card: a Belote hand's own fields
    (what its ``seat_view`` writes as text), any other state's ``seat_view``."""
    seat = state.current_player
    if isinstance(state, BeloteHand) and state.turned is not None:
        return state.hands[seat], state.turned
    view = state.seat_view(seat)
    return mask_of(view["hand"]), Card.parse(view["turned"])


class BelotePlayer2:
    """Level 2 for four-player Belote (see the module docstring).  ``seed`` is accepted so
    that every level is made the same way; this player is deterministic."""

    level = 2

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose_call(self, state: TrickPlay) -> str:
        legal = state.legal_calls()
        hand, turned = _hand_and_turned(state)
        if "take" in legal:
            ok, _ = take_strength(hand | 1 << turned, turned >> 4)
            return "take" if ok or "pass" not in legal else "pass"
        special = no_or_all_trump(hand | 1 << turned, legal)
        if special is not None:
            return special
        best: tuple[int, str] | None = None
        for call in legal:
            if call in ("pass", "NT", "AT"):
                continue
            ok, strength = take_strength(hand, int(Suit.parse(call)))  # an int: one compilation
            if (ok or "pass" not in legal) and (best is None or strength > best[0]):
                best = (strength, call)
        if best is not None:
            return best[1]
        return "pass" if "pass" in legal else legal[0]

    def choose_card(self, state: TrickPlay) -> Card:
        return choose_card(SeatKnowledge.from_state(state))


def no_or_all_trump(cards: int, legal: list[str]) -> str | None:
    """``"AT"`` or ``"NT"`` when that call is legal and ``cards`` (a mask: in round 2 the five
    held and the turned card) reach its threshold — the one further above it when both do,
    all trump on a tie — else ``None``."""
    over: list[tuple[int, str]] = []
    if "AT" in legal:
        over.append((all_trump_strength(cards) - ALL_TRUMP_TAKE, "AT"))
    if "NT" in legal:
        over.append((no_trump_strength(cards) - NO_TRUMP_TAKE, "NT"))
    best = max(over, default=None, key=lambda x: x[0])  # the first (AT) on a tie
    return best[1] if best is not None and best[0] >= 0 else None


LEVEL2 = BelotePlayer2
"""The level-2 player of four-player Belote (:func:`belote_lab.players.levels.levels`)."""
