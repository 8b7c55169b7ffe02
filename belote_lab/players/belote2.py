"""Computer players for two-player Belote and the levels of a run.

:class:`Belote2Player2` (level 2) follows the tips of seed 001 and sees only what its seat
may see (``state.seat_view(seat)`` and the legal cards or calls):

* **Taking** — judge the 7 cards the contractor would hold (the 6 in hand and the turned
  card, which the contractor always gets): the trump J with 2 more trumps, or the 9 with 3
  more, is a contract; side aces count like small trumps, trump K+Q lean towards taking.
  Round 2 asks a little more (passing is often cheaper), unless the dealer may not pass.
* **While the stock lasts** (any card may be played) — lead low plain cards, capture the
  opponent's 10s and aces with cheap trumps or higher cards of the suit, keep the trump J
  and 9 for the strict tricks.
* **Strict tricks** — every unseen card is in the opponent's hand, so each candidate card
  is tried against every answer the opponent may legally give (one trick deep), counting
  trumps and keeping a sure winner for the last trick.

>>> from belote_lab.games.belote2 import Belote2Hand
>>> from belote_lab.players import RandomPlayer, drive_hand
>>> h = Belote2Hand(seed=11, dealer="N")
>>> drive_hand(h, {0: RandomPlayer(seed=1), 2: Belote2Player2()})
>>> h.phase in ("done", "redeal")
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from belote_lab.cards import BELOTE_MASK, SUIT_MASK, Card, CardSet, Rank, cards_mask, mask_cards
from belote_lab.contract import Contract, Tables
from belote_lab.games.base import TrickPlay
from belote_lab.games.belote2 import Belote2Hand
from belote_lab.players.estimates import taking_strength, taking_value
from belote_lab.players.levels import levels
from belote_lab.trick import BELOTE2_STRICT, legal_mask

__all__ = ["LEVEL2", "LEVELS", "Belote2Player2", "taking_strength"]

R = Rank
# How much a card is worth keeping while the stock lasts (its points included): the trump J
# and 9 are kept for the strict tricks, small trumps are the cheap capturing cards, a side
# ace (which a small trump takes when led) is kept to capture the 10.
_TRUMP_KEEP = {R.JACK: 48, R.NINE: 36, R.ACE: 21, R.TEN: 20, R.KING: 13, R.QUEEN: 12,
               R.EIGHT: 10, R.SEVEN: 9}
_PLAIN_KEEP = {R.ACE: 14, R.TEN: 10, R.KING: 4, R.QUEEN: 3, R.JACK: 2, R.NINE: 1,
               R.EIGHT: 0.5, R.SEVEN: 0}
_WIN_BONUS = 1.0  # winning a free trick: the lead and the first draw
_SURE = 8.0  # a card that wins whatever the opponent answers
_TRUMP_EXTRA = 4.0  # a trump's control in the strict tricks
_LAST_SURE = 10.0  # the only sure winner, kept for the last trick (10 points)
_BELOTE_HOPE = 5.0  # a trump K or Q whose partner card may still be drawn


def _cards(texts: Iterable[str]) -> list[Card]:
    return [Card.parse(t) for t in texts]


class Belote2Player2:
    """Level 2: the rule-based player of the seed's tips (see the module text).

    ``take`` and ``name`` are the strength thresholds (:func:`taking_strength`) for taking
    in round 1 and naming a suit in round 2.  ``seed`` is accepted so that every level is
    made the same way; this player is deterministic.
    """

    level = 2
    last_sure: float = _LAST_SURE
    """What keeping its only sure winner for the last trick is worth to the player (points)."""

    def __init__(self, seed: int | None = None, take: float = 4.5, name: float = 5.0) -> None:
        self.seed = seed
        self.take = take
        self.name = name

    # --- taking ---------------------------------------------------------------------------
    def choose_call(self, state: TrickPlay) -> str:
        calls: list[str] = state.legal_calls()
        seat = state.current_player
        if isinstance(state, Belote2Hand) and state.turned is not None:
            turned, hand = state.turned, list(CardSet(state.hands[seat]))  # the view's order
        else:
            view = state.seat_view(seat)
            turned, hand = Card.parse(view["turned"]), _cards(view["hand"])
        if "take" in calls:
            ok = self._strength(hand, turned, turned.suit) >= self.take
            return "take" if ok or "pass" not in calls else "pass"
        named = [c for c in calls if c != "pass"]
        if not named:
            return "pass"
        best = max(named, key=lambda s: self._strength(hand, turned, "SHDC".index(s)))
        strength = self._strength(hand, turned, "SHDC".index(best))
        return best if strength >= self.name or "pass" not in calls else "pass"

    def _strength(self, hand: list[Card], turned: Card, trump: int) -> float:
        """How good the hand is for ``trump``: :func:`taking_strength` of the 7 cards the
        contractor would hold, the 6 in ``hand`` and the ``turned`` card (the tip players of
        :mod:`belote_lab.players.tips` change this judgement)."""
        return float(taking_value(cards_mask(hand) | 1 << turned, int(trump)))

    # --- play -----------------------------------------------------------------------------
    def choose_card(self, state: TrickPlay) -> Card:
        legal = mask_cards(state.legal_mask())
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        if isinstance(state, Belote2Hand) and state.contract is not None:
            # what its seat_view writes as text, read from the hand itself
            t, hand, trick = state.contract.tables, state.hands[seat], list(state.trick)
            done, stock = [tr.cards for tr in state.tricks], len(state.stock_left)
        else:
            view = state.seat_view(seat)
            t = Contract.parse(view["contract"]).tables
            hand = cards_mask(_cards(view["hand"]))
            trick = _cards(view["trick"])
            done, stock = [_cards(tr["cards"]) for tr in view["tricks"]], view["stock"]
        played = cards_mask(trick)
        for cards in done:
            played |= cards_mask(cards)
        last = 10 if len(done) == 15 else 0  # the 16th trick carries the dix de der
        if stock > 0:
            return self._free(legal, trick, t, played)
        opp = BELOTE_MASK & ~hand & ~played  # every unseen card is the opponent's
        return self._strict(legal, trick, t, hand, opp, last)

    def _free_keep(self, c: Card, t: Tables, played: int) -> float:
        if t.trump_mask >> c & 1:
            k: float = _TRUMP_KEEP[c.rank]
            if c.rank in (R.KING, R.QUEEN):
                other = 16 * t.trump_suit + (R.QUEEN if c.rank == R.KING else R.KING)
                if not played >> other & 1:
                    k += _BELOTE_HOPE
            return k
        return _PLAIN_KEEP[c.rank]

    def _free(self, legal: list[Card], trick: list[Card], t: Tables, played: int) -> Card:
        pts = t.points
        if not trick:  # lead the cheapest card: a low plain card, never a big trump first
            return min(legal, key=lambda c: (pts[c] + self._free_keep(c, t, played), c))
        led = trick[0]

        def value(c: Card) -> float:
            won = pts[led] + pts[c]
            keep = self._free_keep(c, t, played)
            if _beats(c, led, t):
                return won + _WIN_BONUS - keep
            return -won - keep

        return max(legal, key=lambda c: (value(c), -c))

    def _strict(
        self, legal: list[Card], trick: list[Card], t: Tables, hand: int, opp: int, last: int
    ) -> Card:
        pts = t.points
        keep_me = _strict_keeps(hand, opp, t, self.last_sure)
        if trick:
            led = trick[0]

            def follow_value(c: Card) -> float:
                won = pts[led] + pts[c] + last
                return (won if _beats(c, led, t) else -won) - keep_me[c]

            return max(legal, key=lambda c: (follow_value(c), -c))
        keep_opp = _strict_keeps(opp, hand, t)

        def lead_value(c: Card) -> float:
            answers = mask_cards(legal_mask(opp, [c], t, BELOTE2_STRICT)[0])
            worst = float("inf")
            for r in answers:
                won = pts[c] + pts[r] + last
                v = (-won if _beats(r, c, t) else won) - keep_me[c] + keep_opp[r]
                worst = min(worst, v)
            return worst

        return max(legal, key=lambda c: (lead_value(c), -c))


def _beats(card: int, best: int, t: Tables) -> bool:
    """Does ``card``, played second, beat ``best``, the card led?"""
    ts = t.trump_suit
    if card >> 4 == best >> 4:
        return t.power[card] > t.power[best]
    return card >> 4 == ts


def _strict_keeps(
    mine: int, other: int, t: Tables, last_sure: float = _LAST_SURE
) -> dict[int, float]:
    """What each card of ``mine`` is worth keeping when ``other`` is the opponent's hand:
    its points, more for a sure winner and a trump, most for the only sure winner (by
    ``last_sure``: it is kept for the last trick)."""
    ts = t.trump_suit
    other_trumps = other & t.trump_mask
    keeps: dict[int, float] = {}
    sure = []
    for c in mask_cards(mine):
        s = c >> 4
        k: float = t.points[c]
        higher = other & t.higher[c]
        if not higher and (s == ts or not other_trumps or other & SUIT_MASK[s]):
            k += _SURE
            sure.append(c)
        if s == ts:
            k += _TRUMP_EXTRA
        keeps[c] = k
    if len(sure) == 1 and mine.bit_count() > 1:
        keeps[sure[0]] += last_sure
    return keeps


LEVEL2 = Belote2Player2
"""The level-2 player of two-player Belote (:func:`belote_lab.players.levels.levels`)."""

LEVELS: dict[int, Callable[..., Any]] = levels("belote2")
"""The computer opponent of each run level (seed → player): random, the rules of thumb,
then the search players of :mod:`belote_lab.players.search` (hints; level 4 also bids by
simulation) — the game's entries of the one level table."""
