"""Search-based computer players, levels 3 and 4 of every game, built on the PIMC hints.

A :class:`HintPlayer` plays the card whose mean value over deals sampled from its seat's
knowledge is best (:func:`belote_lab.hints.hint`), the level-2 player's card breaking ties.
It never reads another seat's cards: the hints sample the hidden cards from what the seat
has seen, and the level-2 player reads ``seat_view``.

The exact solver is fast only near the end of a hand (every card's value at the first lead
of four-player Belote takes 1–165 ms a deal, 21 ms median; a whole Callbreak or two-player
hand far more), so each level searches from a *horizon* on — the number of tricks left at
which the hints take over; before it the level-2 card is played:

========== ============================ ==============================
game       level 3 (≤ 0.1 s a card)     level 4 (≤ 0.6 s a card)
========== ============================ ==============================
belote     6 deals, last 6 tricks       20 deals, every trick
coinche    6 deals, last 6 tricks       20 deals, every trick
belote2    exact, last 9 tricks         20 deals, last 12 tricks
callbreak  8 deals, last 9 tricks (*)   20 deals, last 10 tricks (*)
========== ============================ ==============================

(*) Callbreak searches longer (level 3 within 0.2 s a card) and averages the round score
of the seat's call, not its tricks.

Two-player Belote is solved exactly once the stock is empty, its last 9 tricks: level 3
searches only then, with nothing hidden.  Level 4 also searches the last three tricks of
the stock, where the stock's order and the other hand are sampled; a deal too long to solve
in its time is played on by level-2 players down to the empty stock first (see
:func:`~belote_lab.hints.hint`).  In the Belote games both levels average card points, not
what the hand would score (``PlayBudget.objective="score"`` is available).  A
:class:`PlayBudget` may also search before the horizon with :func:`rollout_values` (a rollout
card replaces the level-2 card only when better by :data:`EARLY_MARGIN`); no level does by
default.

Level 3 bids as level 2.  Level 4 bids by simulation (:class:`SimBidder`): for each call the
level-2 bidder might make — take or pass, its two best trump suits; Coinche opening bids
and raises of the partner's bid up to 10 above the level-2 estimate; Callbreak calls within
2 of its estimate — it deals the unseen cards at random around its own (nothing else is
read), plays the first tricks with level-2 players, solves the rest exactly
(:func:`belote_lab.solver.solve_position`) and scores the hand by the game's own scoring
(four-player Belote: ``BeloteHand.score``, so the table's ``failed_contract`` rule); it picks
the call with the best mean score, keeping the level-2 call unless another is better both by
a margin and by more than ``SimBidder.Z`` standard errors of the difference of the means.  A
hand is evaluated once per trump and reused for all the calls of the auction.  Against a
Coinche opponents' bid (overcall, coinche, surcoinche) it calls as level 2: their hands are no
longer random, and the simulation would deal them at random.

Why each choice (horizons, objectives, margins, rollouts), with the measurements behind it:
``benchmarks/players_notes.md``.

>>> from belote_lab.games.belote import BeloteHand
>>> from belote_lab.players import drive_hand
>>> h = BeloteHand(seed=5)
>>> drive_hand(h, [make_player("belote", 3, seed=s) for s in range(4)])
>>> h.phase in ("done", "redeal")
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from belote_lab.cards import (
    BELOTE_MASK,
    FULL_MASK,
    SEATS,
    Card,
    Rank,
    cards_mask,
    mask_cards,
    mask_of,
)
from belote_lab.games import GAMES  # the one list of games
from belote_lab.hints import Hint, hint
from belote_lab.solver.position import position_of, solve_position, total_left

__all__ = [
    "PlayBudget",
    "PLAY_BUDGETS",
    "HintPlayer",
    "SimBidder",
    "make_player",
    "level_factory",
    "base_player",
    "rollout_values",
    "tricks_left",
]



@dataclass(frozen=True)
class PlayBudget:
    """How a level searches its cards: ``samples`` deals at most, ``time_budget`` seconds
    (at least one deal is always solved), from ``horizon`` tricks left on, averaging the
    hints' ``objective`` (``"score"``: what the hand scores, see
    :func:`~belote_lab.hints.score_margin`).

    Before the horizon, ``early_samples`` > 0 asks for :func:`rollout_values` (that many
    deals within ``early_time`` seconds) instead of the level-2 card."""

    samples: int
    time_budget: float
    horizon: int
    early_samples: int = 0
    early_time: float = 0.0
    objective: str = "points"


PLAY_BUDGETS: dict[int, dict[str, PlayBudget]] = {
    3: {
        "belote": PlayBudget(6, 0.1, 6),
        "coinche": PlayBudget(6, 0.1, 6),
        "belote2": PlayBudget(6, 0.1, 9),
        "callbreak": PlayBudget(8, 0.2, 9, objective="score"),
    },
    4: {
        "belote": PlayBudget(20, 0.6, 8),
        "coinche": PlayBudget(20, 0.6, 8),
        "belote2": PlayBudget(20, 0.6, 12),
        "callbreak": PlayBudget(20, 0.6, 10, objective="score"),
    },
}
"""Card-play budgets per level and game (see the module text)."""

TIE = 1e-9
SHADE = 10
"""Points taken off a simulated Coinche attack before asking whether it makes its bid."""

EARLY_MARGIN = {"belote": 2.0, "coinche": 2.0, "belote2": 3.0, "callbreak": 0.15}
"""How much better (card points; Callbreak: score) a rollout card must be than the level-2
card to be played instead: the rollout deals are few."""

SOLVE_AT = {"belote": 6, "coinche": 6, "belote2": 9, "callbreak": 7}
"""Tricks left at which :func:`rollout_values` hands over to the exact solver: where a
deal is solved in milliseconds (two-player Belote: once the stock is empty)."""


def base_player(game: str, seed: int | None = None) -> Any:
    """The level-2 player of ``game`` (the tie-break and the play before the horizon).

    >>> type(base_player("callbreak")).__name__
    'CallbreakPlayer2'
    """
    if game == "belote":
        from belote_lab.players.belote import BelotePlayer2

        return BelotePlayer2()
    if game == "coinche":
        from belote_lab.players.coinche import CoinchePlayer2

        return CoinchePlayer2()
    if game == "belote2":
        from belote_lab.players.belote2 import Belote2Player2

        return Belote2Player2(seed=seed)
    if game == "callbreak":
        from belote_lab.players.callbreak import CallbreakPlayer2

        return CallbreakPlayer2(seed)
    raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")


def tricks_left(state: Any) -> int:
    """Tricks still to play in a hand in play, the current one included."""
    return int(state.tricks_per_hand) - len(state.tricks)


class HintPlayer:
    """Plays the best mean card of :func:`~belote_lab.hints.hint` from ``budget.horizon``
    tricks left on, the ``base`` (level-2) card before and on ties; bids with ``bidder``
    (default: ``base``).  ``seed`` seeds the hints' sampling, one seed drawn per decision.

    ``last_hint`` keeps the hint of the last searched card (``None`` if it was not searched).
    """

    def __init__(
        self,
        base: Any,
        budget: PlayBudget,
        seed: int | None = None,
        bidder: Any = None,
        level: int = 3,
    ) -> None:
        self.base = base
        self.budget = budget
        self.bidder = bidder if bidder is not None else base
        self.rng = random.Random(seed)
        self.level = level
        self.last_hint: Hint | None = None
        self.last_values: dict[Card, float] = {}

    def choose_call(self, state: Any) -> Any:
        return self.bidder.choose_call(state)

    def choose_card(self, state: Any) -> Card:
        self.last_hint = None
        self.last_values = {}
        cards = mask_cards(state.legal_mask())
        hint_seed = self.rng.getrandbits(32)
        if len(cards) == 1:
            return cards[0]
        fallback: Card = self.base.choose_card(state)
        b = self.budget
        if tricks_left(state) > b.horizon:
            if b.early_samples <= 0:
                return fallback
            at = min(b.horizon, SOLVE_AT[state.game])
            values = rollout_values(
                state, b.early_samples, b.early_time, at, random.Random(hint_seed)
            )
            self.last_values = values
            return _best(values, fallback, EARLY_MARGIN[state.game])
        try:
            hn = hint(state, samples=b.samples, time_budget=b.time_budget, seed=hint_seed,
                      objective=b.objective)
        except RuntimeError:  # no sampled deal fits what the seat has seen
            return fallback
        self.last_hint = hn
        self.last_values = {c: v.mean for c, v in hn.values.items()}
        return _best(self.last_values, fallback)


def _best(values: dict[Card, float], fallback: Card, margin: float = 0.0) -> Card:
    """The best card of ``values``; ``fallback`` if it is within ``margin`` of the best.

    >>> a, b = Card.parse("AS"), Card.parse("7S")
    >>> _best({a: 10.0, b: 9.0}, b), _best({a: 10.0, b: 9.0}, b, margin=2.0)
    (Card('AS'), Card('7S'))
    """
    if not values:
        return fallback
    best = max(values.values())
    if fallback in values and values[fallback] >= best - margin - TIE:
        return fallback
    return min(c for c, v in values.items() if v >= best - TIE)


def rollout_values(
    state: Any, samples: int, time_budget: float, horizon: int, rng: random.Random
) -> dict[Card, float]:
    """Each legal card's mean value for the seat to play, on deals sampled from its knowledge
    (:func:`belote_lab.hints.sample_deals`): the card, level-2 play by every seat down to
    ``horizon`` tricks left, then the exact solver.  Values are the side's card points at
    the end of the hand (Callbreak: the seat's round score).  At least one deal is used.

    >>> from belote_lab.games.belote import BeloteHand
    >>> h = BeloteHand(seed=3); h.call("take")
    >>> v = rollout_values(h, 2, 5.0, 6, random.Random(1))
    >>> set(v) == set(h.legal_cards())
    True
    """
    from belote_lab.hints import rollouts, sample_deals

    deadline = time.perf_counter() + time_budget
    seat = state.to_play
    positions = sample_deals(state, seat, samples, rng)
    if state.game == "callbreak":  # the round score of the seat's call
        collected, n = rollouts(state, seat, positions, deadline, "score", horizon)
        return {c: sum(v) / n for c, v in collected.items()} if n else {}
    side = (seat % 2, seat % 2 + 2) if state.game in ("belote", "coinche") else (seat,)
    before = sum(state.won_points[s] for s in side)
    collected, n = rollouts(state, seat, positions, deadline, "points", horizon)
    return {c: before + sum(v) / n for c, v in collected.items()} if n else {}


# --- bidding by simulation ---------------------------------------------------------------------
def _rollout_and_solve(
    hand: Any, players: dict[int, Any], rollout: int, side: tuple[int, ...]
) -> tuple[Any, int]:
    """Play ``hand`` with ``players`` until ``rollout`` tricks are done, then solve the rest
    exactly; returns the hand and what ``side`` wins from there on (points, or tricks in
    Callbreak; what it won before is not included)."""
    while hand.phase == "play" and (len(hand.tricks) < rollout or hand.trick):
        hand.play(players[hand.to_play].choose_card(hand))
    if hand.phase != "play":
        return hand, 0
    pos = position_of(hand, side)
    sol = solve_position(pos, all_values=False)
    value = sol.value if side[0] in sol.side else total_left(pos) - sol.value
    return hand, value


class SimBidder:
    """Level-4 calls for ``game`` decided by simulation (see the module text).

    ``samples`` deals (default :attr:`SAMPLES`) per evaluated trump (or per Callbreak hand)
    within ``time_budget``
    seconds for one decision; the level-2 call is kept unless another call's mean score is
    better by ``margin`` (points per hand; Callbreak: score units).
    """

    # tricks played by level-2 players before the solver takes over; Callbreak plays the
    # whole hand: the solver's opponents there all play against the one seat, which made
    # the calls a trick too low
    ROLLOUT: ClassVar[dict[str, int]] = {"belote": 2, "coinche": 2, "belote2": 7, "callbreak": 13}
    SAMPLES: ClassVar[dict[str, int]] = {
        "belote": 12, "coinche": 12, "belote2": 12, "callbreak": 40
    }
    MARGIN: ClassVar[dict[str, float]] = {
        "belote": 10.0, "coinche": 15.0, "belote2": 10.0, "callbreak": 0.2
    }
    Z: ClassVar[dict[str, float]] = {
        "belote": 2.0, "coinche": 2.0, "belote2": 2.0, "callbreak": 0.0
    }
    """Standard errors a call's gain must pass besides the margin (none in Callbreak; why:
    ``benchmarks/players_notes.md``)."""

    def __init__(
        self,
        game: str,
        seed: int | None = None,
        samples: int | None = None,
        time_budget: float = 0.8,
        margin: float | None = None,
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        self.game = game
        self.base = base_player(game, seed)
        self.rng = random.Random(seed)
        self.samples = self.SAMPLES[game] if samples is None else samples
        self.time_budget = time_budget
        self.margin = self.MARGIN[game] if margin is None else margin
        self._cache: dict[Any, list[Any]] = {}
        self._cache_key: Any = None
        self.last_values: dict[Any, float] = {}
        self._deals: dict[Any, Any] = {}  # call -> key of the deals it was weighed on

    # the cache holds the evaluations of one hand (keyed by what the seat knows)
    def _remember(self, key: Any) -> None:
        if key != self._cache_key:
            self._cache = {}
            self._cache_key = key

    def choose_call(self, state: Any) -> Any:
        legal = state.legal_calls()
        c2 = self.base.choose_call(state)
        self.last_values = {}
        if len(legal) <= 1:
            return c2
        seat = state.current_player
        self._deals = {}
        samples = getattr(self, f"_values_{self.game}")(state, seat, legal, c2)
        values = {c: sum(v) / len(v) for c, v in samples.items()}
        self.last_values = values
        if not values or c2 not in values:
            return c2  # also when the level-2 call is not one the simulation weighs
        best = max(values, key=lambda c: values[c])
        if best == c2:
            return c2
        # a call other than the level-2 one must be better by the margin, and by more than
        # Z standard errors of the difference of the two means (the deals are few); calls
        # weighed on the same deals are compared deal by deal
        a, b = samples[best], samples[c2]
        same = self._deals.get(best, best) == self._deals.get(c2, c2) and len(a) == len(b)
        if same:
            err = math.sqrt(_sq_error([x - y for x, y in zip(a, b, strict=True)]))
        else:
            err = math.sqrt(_sq_error(a) + _sq_error(b))
        if values[best] > values[c2] + max(self.margin, self.Z[self.game] * err):
            return best
        return c2

    # --- four-player Belote --------------------------------------------------------------------
    def _values_belote(
        self, state: Any, seat: int, legal: list[str], c2: str
    ) -> dict[str, list[float]]:
        from belote_lab.games.belote import BeloteHand
        from belote_lab.players.belote import take_strength

        view = state.seat_view(seat)
        mine = mask_of(view["hand"])
        turned = Card.parse(view["turned"])
        self._remember((seat, mine, turned, state.dealer))
        values: dict[str, list[float]] = {}
        if "pass" in legal:
            values["pass"] = [0.0]
        if "take" in legal:
            suits = [("take", int(turned.suit))]
        else:
            named = [c for c in legal if c in ("S", "H", "D", "C")]
            ranked = sorted(named, key=lambda c: -take_strength(mine, "SHDC".index(c))[1])
            keep = ranked[:2] + ([c2] if c2 in named and c2 not in ranked[:2] else [])
            suits = [(c, "SHDC".index(c)) for c in keep]
        leader = state.dealer if state.rules.first_lead == "dealer" else (state.dealer + 1) % 4
        deadline = time.perf_counter() + self.time_budget
        per = max(1, self.samples)
        for call, suit in suits:
            key = ("belote", suit)
            outcomes = self._cache.get(key)
            if outcomes is None:
                outcomes = []
                rest = list(mask_cards(BELOTE_MASK & ~mine & ~(1 << turned)))
                for _ in range(per):
                    self.rng.shuffle(rest)
                    hands = [0, 0, 0, 0]
                    hands[seat] = mine | 1 << turned | cards_mask(rest[:2])
                    k = 2
                    for s in range(4):
                        if s != seat:
                            hands[s] = cards_mask(rest[k : k + 8])
                            k += 8
                    h = BeloteHand.from_hands(
                        [mask_cards(m) for m in hands], "SHDC"[suit], seat, leader, state.rules
                    )
                    outcomes.append(self._belote_outcome(h, seat))
                    if time.perf_counter() > deadline:
                        break
                self._cache[key] = outcomes
            values[call] = outcomes
        return values

    def _belote_outcome(self, h: Any, seat: int) -> float:
        from belote_lab.players.belote import BelotePlayer2

        players = {s: BelotePlayer2() for s in range(4)}
        team = (seat % 2, seat % 2 + 2)
        h, v = _rollout_and_solve(h, players, self.ROLLOUT["belote"], team)
        ours = h.won_points[team[0]] + h.won_points[team[1]] + v
        theirs = 162 - ours
        pts = [ours, theirs] if seat % 2 == 0 else [theirs, ours]
        tricks = [0 if p == 0 else 1 for p in pts]
        bel = [0, 0]
        if h.belote_seat >= 0:
            bel[h.belote_seat % 2] = 20
        r = h.score(pts, tricks, bel)  # the table's scoring, failed_contract included
        sc = [r.score["NS"], r.score["EW"]]
        return float(sc[seat % 2] - sc[1 - seat % 2])

    # --- two-player Belote ---------------------------------------------------------------------
    def _values_belote2(
        self, state: Any, seat: int, legal: list[str], c2: str
    ) -> dict[str, list[float]]:
        from belote_lab.games.belote2 import Belote2Hand
        from belote_lab.players.belote2 import taking_strength

        view = state.seat_view(seat)
        mine = mask_of(view["hand"])
        turned = Card.parse(view["turned"])
        self._remember((seat, mine, turned, state.dealer))
        values: dict[str, list[float]] = {}
        if "pass" in legal:
            values["pass"] = [0.0]
        seven = [*mask_cards(mine), turned]
        if "take" in legal:
            suits = [("take", int(turned.suit))]
        else:
            named = [c for c in legal if c in ("S", "H", "D", "C")]
            ranked = sorted(named, key=lambda c: -taking_strength(seven, "SHDC".index(c)))
            keep = ranked[:2] + ([c2] if c2 in named and c2 not in ranked[:2] else [])
            suits = [(c, "SHDC".index(c)) for c in keep]
        other = 2 - seat
        leader = 2 - state.dealer  # the non-dealer leads
        deadline = time.perf_counter() + self.time_budget
        for call, suit in suits:
            key = ("belote2", suit)
            outcomes = self._cache.get(key)
            if outcomes is None:
                outcomes = []
                rest = list(mask_cards(BELOTE_MASK & ~mine & ~(1 << turned)))
                for _ in range(max(1, self.samples)):
                    self.rng.shuffle(rest)
                    hands = {
                        SEATS[seat]: [*mask_cards(mine), turned, *rest[:2]],
                        SEATS[other]: rest[2:11],
                    }
                    h = Belote2Hand.from_hands(
                        hands, rest[11:], "SHDC"[suit], seat, leader, state.rules
                    )
                    outcomes.append(self._belote2_outcome(h, seat))
                    if time.perf_counter() > deadline:
                        break
                self._cache[key] = outcomes
            values[call] = outcomes
        return values

    def _belote2_outcome(self, h: Any, seat: int) -> float:
        from belote_lab.games.belote2 import score_belote2
        from belote_lab.players.belote2 import Belote2Player2

        players = {0: Belote2Player2(), 2: Belote2Player2()}
        h, v = _rollout_and_solve(h, players, self.ROLLOUT["belote2"], (seat,))
        other = 2 - seat
        ours = h.won_points[seat] + v
        pts = {SEATS[seat]: ours, SEATS[other]: 162 - ours}
        tricks = {k: 0 if p == 0 else 1 for k, p in pts.items()}
        bel = {"N": 0, "S": 0}
        holder = h.belote_seat
        if holder < 0 and h.contract is not None and h.phase == "play":
            t = h.contract.trump
            kq = (1 << (16 * t + Rank.KING)) | (1 << (16 * t + Rank.QUEEN))
            holder = next((s for s in (0, 2) if h.hands[s] & kq == kq), -1)
        if holder >= 0:
            bel[SEATS[holder]] = 20
        r = score_belote2(pts, tricks, bel, SEATS[h.taker])
        return float(r.score[SEATS[seat]] - r.score[SEATS[other]])

    # --- Coinche -------------------------------------------------------------------------------
    def _coinche_outcomes(self, state: Any, seat: int, suit: int, taker: int) -> list[Any]:
        """Per sampled deal: (attack points, attack belote, defence belote, attack tricks)."""
        from belote_lab.games.coinche import CoincheHand
        from belote_lab.players.coinche import CoinchePlayer2

        key = ("coinche", suit, taker % 2 == seat % 2, taker)
        got = self._cache.get(key)
        if got is not None:
            return got
        mine = state.hands[seat]
        leader = state.dealer if state.rules.first_lead == "dealer" else (state.dealer + 1) % 4
        rest = list(mask_cards(BELOTE_MASK & ~mine))
        out = []
        deadline = time.perf_counter() + self.time_budget / 2
        for _ in range(max(1, self.samples)):
            self.rng.shuffle(rest)
            hands = [0, 0, 0, 0]
            hands[seat] = mine
            k = 0
            for s in range(4):
                if s != seat:
                    hands[s] = cards_mask(rest[k : k + 8])
                    k += 8
            h = CoincheHand.from_hands(
                [mask_cards(m) for m in hands], f"80{'SHDC'[suit]}", taker, leader, state.rules
            )
            players = {s: CoinchePlayer2() for s in range(4)}
            att = (taker % 2, taker % 2 + 2)
            h, v = _rollout_and_solve(h, players, self.ROLLOUT["coinche"], att)
            ap = h.won_points[att[0]] + h.won_points[att[1]] + v
            ab = 20 if h.belote_seat >= 0 and h.belote_seat % 2 == taker % 2 else 0
            db = 20 if h.belote_seat >= 0 and h.belote_seat % 2 != taker % 2 else 0
            out.append((ap, ab, db, 0 if ap == 0 else 1))
            if time.perf_counter() > deadline:
                break
        self._cache[key] = out
        return out

    @staticmethod
    def _coinche_margin(outcomes: list[Any], value: int, mult: int, ours: bool) -> list[float]:
        """Margin for the seat's team of a points contract ``value`` × ``mult``, a deal each."""
        from belote_lab.games.coinche import FAILED_BASE, round_half_up

        out = []
        for ap, ab, db, _ in outcomes:
            a = ap + ab
            # the solver plays the attack's cards perfectly: count a little less for it
            made = a - SHADE >= value and a - SHADE > (162 - ap) + db
            if made:
                att = round_half_up(ap) + value * mult + ab
                dfn = round_half_up(162 - ap) + db
            else:
                att = ab
                dfn = FAILED_BASE + value * mult + db
            out.append(float(att - dfn) if ours else float(dfn - att))
        return out

    def _values_coinche(
        self, state: Any, seat: int, legal: list[str], c2: str
    ) -> dict[str, list[float]]:
        from belote_lab.games.coinche import Bid
        from belote_lab.players.coinche import suit_estimate, support_estimate

        view = state.seat_view(seat)
        mine = state.hands[seat]
        self._remember((seat, mine, state.dealer))
        bid = None if view["bid"] is None else Bid.parse(view["bid"])
        bidder = None if view["bidder"] is None else SEATS.index(view["bidder"])
        mult = int(view.get("multiplier") or 1)
        values: dict[str, list[float]] = {}
        standing_points = bid is not None and bid.kind == "points" and bid.trump in "SHDC"
        if bid is not None and not standing_points:
            return {}  # capot/générale or no/all trump: leave these to the level-2 rules
        if bid is not None and bidder is not None and bidder % 2 != seat % 2:
            # the opponents' bid: their hands are not random any more, and the simulation
            # deals them at random; overcalls and coinches stay with the level-2 rules
            return {}
        if bid is None:
            values["pass"] = [0.0]
        else:
            assert bidder is not None
            ours = bidder % 2 == seat % 2
            outs = self._coinche_outcomes(state, seat, "SHDC".index(bid.trump), bidder)
            values["pass"] = self._coinche_margin(outs, bid.value, mult, ours)
            self._deals["pass"] = ("suit", bid.trump, bidder)
        # the values considered per suit: up to 10 above the level-2 estimate (or its call)
        top = {s: suit_estimate(mine, s) for s in range(4)}
        partner_bid = bid is not None and bidder is not None and bidder % 2 == seat % 2
        if partner_bid:
            # never bid against the partner's suit: raise it (up to the support) or pass
            assert bid is not None
            t = "SHDC".index(bid.trump)
            top = {t: bid.value + support_estimate(mine, t) // 20 * 10}
        if c2 not in ("pass", "coinche", "surcoinche"):
            c2_bid = Bid.parse(c2)
            if c2_bid.kind == "points" and c2_bid.trump in "SHDC":
                t = "SHDC".index(c2_bid.trump)
                top[t] = max(top.get(t, 0), c2_bid.value)
        suits = [s for s, v in top.items() if v > 0]
        for s in suits:
            taker = seat
            if partner_bid:
                assert bidder is not None
                taker = bidder
            outs = self._coinche_outcomes(state, seat, s, taker)
            for call in legal:
                if call in ("pass", "coinche", "surcoinche") or not call.endswith("SHDC"[s]):
                    continue
                b = Bid.parse(call)
                if b.kind != "points" or b.trump != "SHDC"[s] or b.value > min(160, top[s] + 10):
                    continue
                values[call] = self._coinche_margin(outs, b.value, 1, True)
                self._deals[call] = ("suit", b.trump, taker)
        return values

    # --- Callbreak -----------------------------------------------------------------------------
    def _values_callbreak(
        self, state: Any, seat: int, legal: list[int], c2: int
    ) -> dict[int, list[float]]:
        from belote_lab.games.callbreak import CallbreakHand, round_score
        from belote_lab.players.callbreak import CallbreakPlayer2, estimate_tricks

        mine = state.hands[seat]
        self._remember((seat, mine, state.dealer))
        key = ("callbreak",)
        tricks = self._cache.get(key)
        if tricks is None:
            tricks = []
            known = {s: c for s in range(4) if (c := state.call_of(s)) is not None}
            rest = list(mask_cards(FULL_MASK & ~mine))
            first = (state.dealer + 1) % 4
            deadline = time.perf_counter() + self.time_budget
            for _ in range(max(1, self.samples)):
                self.rng.shuffle(rest)
                hands = [0, 0, 0, 0]
                hands[seat] = mine
                k = 0
                for s in range(4):
                    if s != seat:
                        hands[s] = cards_mask(rest[k : k + 13])
                        k += 13
                calls = [
                    c2 if s == seat else known.get(s, estimate_tricks(hands[s])) for s in range(4)
                ]
                calls = [max(min(c, max(legal)), min(legal)) for c in calls]
                h = CallbreakHand.from_hands(
                    [mask_cards(m) for m in hands], calls, first, state.rules
                )
                players = {s: CallbreakPlayer2() for s in range(4)}
                h, v = _rollout_and_solve(h, players, self.ROLLOUT["callbreak"], (seat,))
                tricks.append(h.won_tricks[seat] + v)
                if time.perf_counter() > deadline:
                    break
            self._cache[key] = tricks
        lo, hi = max(min(legal), c2 - 2), min(max(legal), c2 + 2)
        calls = [c for c in legal if lo <= c <= hi]
        self._deals = dict.fromkeys(calls, "hand")  # every call weighed on the same deals
        return {c: [float(round_score(c, t)) for t in tricks] for c in calls}


def _sq_error(values: list[float]) -> float:
    """The squared standard error of the mean of ``values`` (0 for one value).

    >>> _sq_error([1.0, 3.0]), _sq_error([5.0])
    (1.0, 0.0)
    """
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return sum((v - mean) ** 2 for v in values) / (n - 1) / n


# --- levels ------------------------------------------------------------------------------------
def make_player(game: str, level: int, seed: int | None = None) -> HintPlayer:
    """The level-3 or level-4 player of ``game``.

    >>> p = make_player("coinche", 4, seed=1)
    >>> p.level, p.budget.samples, type(p.bidder).__name__
    (4, 20, 'SimBidder')
    """
    if level not in PLAY_BUDGETS:
        raise ValueError(f"search players are levels 3 and 4, not {level!r}")
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    rng = random.Random(seed)
    base = base_player(game, seed)
    bidder = SimBidder(game, seed=rng.getrandbits(32)) if level == 4 else None
    return HintPlayer(base, PLAY_BUDGETS[level][game], rng.getrandbits(32), bidder, level)


def level_factory(game: str, level: int) -> Callable[..., HintPlayer]:
    """A factory ``(seed=None) -> player`` for ``game`` and ``level`` (3 or 4).

    >>> level_factory("belote2", 3)(7).level
    3
    """
    if level not in PLAY_BUDGETS or game not in GAMES:
        raise ValueError(f"no search player for {game!r} at level {level!r}")

    def factory(seed: int | None = None) -> HintPlayer:
        return make_player(game, level, seed)

    factory.__name__ = f"{game}_level{level}"
    factory.level = level  # type: ignore[attr-defined]
    return factory
