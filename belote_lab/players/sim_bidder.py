"""Level-4 calls by simulation (:class:`SimBidder`), for every game.

For each call the level-2 bidder might make — take or pass, its two best trump suits, and no
trump / all trump where the rules allow them and the hand comes near level 2's threshold
(:data:`NEAR`); Coinche opening bids (no / all trump too) and raises of the partner's bid up to
10 above the level-2 estimate, and capot (and capot belote) with a hand of at most
:data:`CAPOT_NEAR` loser; Callbreak calls within 2 of its estimate — the bidder deals the unseen
cards around its own, each deal drawn as often as the calls made so far were likely on it
(:func:`auction_rests`, the inference of :mod:`belote_lab.players.inference`), plays the
hand out with level-2 players (:attr:`SimBidder.ROLLOUT` tricks: the whole hand in every game;
with fewer, as the advice's in Coinche and two-player Belote, the rest is solved exactly by
:func:`belote_lab.solver.solve_position`) and scores the hand by the game's own scoring
(four-player Belote: ``BeloteHand.score``, so the table's ``failed_contract`` rule); it picks
the call with the best mean score, keeping the level-2 call unless another is better both by a
margin and by more than ``SimBidder.Z`` standard errors of the difference of the means.  A hand
is evaluated once per trump at each of its calls (the deals read the calls made before it).
Against a Coinche opponents' bid (overcall, coinche, surcoinche) it calls as level 2, as it was
tuned (the bidding advice, :mod:`belote_lab.coaching.advice`, weighs those calls on deals that read
the bid).  So it does after a no-trump, all-trump or capot bid, and for générale (which of the
attack's two players takes the tricks is not simulated): the level-2 call stands.  The extra
contracts reuse the same per-contract deals and the same time budget (a four-player Belote call
took 0.045 s on average, 0.29 s at most, on 40 seeded deals with no and all trump allowed).

The simulation of one deal is public, for the bidding advice (:mod:`belote_lab.coaching.advice`),
which weighs every legal call on it: :meth:`SimBidder.taking_deal` (four- and two-player
Belote, with :meth:`SimBidder.taking_cards`), :meth:`SimBidder.coinche_deal` scored by
:func:`coinche_score`, and :meth:`SimBidder.callbreak_deal`.

>>> from belote_lab.games.belote import BeloteHand
>>> b = SimBidder("belote", seed=1, samples=2)
>>> b.choose_call(BeloteHand(seed=4)) in ("take", "pass")
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from belote_lab.cards import BELOTE_MASK, FULL_MASK, SEATS, Card, cards_mask, mask_cards, mask_of
from belote_lab.games import get
from belote_lab.games.base import TrickPlay
from belote_lab.games.coinche import NO_CONTRACT
from belote_lab.players.inference import OVERSAMPLE, POOL_SHARE, Deal, drawn, replayable
from belote_lab.players.registry import level2
from belote_lab.players.tuning import per_game
from belote_lab.solver.position import position_of, solve_position, total_left

__all__ = ["SHADE", "SimBidder", "coinche_score"]

SHADE = 10
"""Points taken off a simulated Coinche attack before asking whether it makes its bid."""

_SUITS = "SHDC"


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


def _deal_around(seat: int, own: int, rest: list[Card], size: int) -> list[int]:
    """Four hands: ``own`` for ``seat``, ``size`` cards of ``rest`` in turn for the others.

    >>> _deal_around(1, 1, [Card(2), Card(3), Card(4)], 1)
    [4, 1, 8, 16]
    """
    hands = [0, 0, 0, 0]
    hands[seat] = own
    k = 0
    for s in range(4):
        if s != seat:
            hands[s] = cards_mask(rest[k : k + size])
            k += size
    return hands


def auction_rests(
    state: TrickPlay,
    seat: int,
    n: int,
    rng: random.Random,
    unseen: int,
    size: int,
    *,
    reads_auction: bool = True,
    deadline: float | None = None,
) -> Iterator[tuple[list[Card], int]]:
    """The ``unseen`` cards dealt ``n`` times for a simulation, as ``(rest, times)``: ``rest``
    in the order :func:`_deal_around` deals it (the cards still to come to ``seat`` first,
    then each other seat's ``size`` cards in seat order, then a stock left for the play:
    two-player Belote's), ``times`` how often that deal was drawn.  With ``reads_auction``
    the deals are the inference's (:func:`~belote_lab.players.inference.drawn`):
    weighed by how likely the calls made so far were under level 2 with them, the other
    hands now kept with their cards and the cards still to deal added; else each is a
    shuffle of ``unseen``, drawn once.

    >>> from belote_lab.games.coinche import CoincheHand
    >>> h = CoincheHand(seed=2); h.call("100S")
    >>> got = list(auction_rests(h, 1, 5, random.Random(1), BELOTE_MASK & ~h.hands[1], 8))
    >>> sum(k for _, k in got), {len(r) for r, _ in got}
    (5, {24})
    """
    if not reads_auction or not replayable(state):
        rest = list(mask_cards(unseen))
        for _ in range(n):
            rng.shuffle(rest)
            yield list(rest), 1
        return
    g = get(state.game)
    kept = g.deck_mask.bit_count() - g.players * g.hand_size  # a stock left after the deal
    for deal, times in drawn(state, seat, n, rng, oversample=OVERSAMPLE, deadline=deadline):
        yield _rest_of(deal, seat, size, kept), times


def _rest_of(deal: Deal, seat: int, size: int, kept: int = 0) -> list[Card]:
    """A deal during the calls (:class:`~belote_lab.players.inference.Deal`) as the ``rest``
    of :func:`_deal_around`: the cards of the stock still to come to ``seat``, then each
    other seat's hand now filled up to ``size`` from the stock, then the ``kept`` cards the
    stock still holds when the play starts (two-player Belote's 14: the ``rest`` of
    :meth:`SimBidder.belote2_deal`).

    >>> [c.text for c in _rest_of(Deal((1, 2, 4, 8), (4, 5, 6, 7, 8)), 0, 2)]
    ['6S', '7S', '3S', '8S', '4S', '9S', '5S', 'TS']
    >>> [c.text for c in _rest_of(Deal((1, 0, 2, 0), (4, 5, 6, 7, 8)), 0, 2, kept=3)]
    ['6S', '3S', '7S', '8S', '9S', 'TS']
    """
    others = [s for s in range(len(deal.hands)) if s != seat and deal.hands[s]]
    stock = list(deal.stock)
    need = sum(size - deal.hands[s].bit_count() for s in others)
    k = len(stock) - need - kept
    out = [Card(c) for c in stock[:k]]
    for s in others:
        m = size - deal.hands[s].bit_count()
        out += [*mask_cards(deal.hands[s]), *(Card(c) for c in stock[k : k + m])]
        k += m
    return out + [Card(c) for c in stock[k:]]


def _suits_to_weigh(
    legal: list[str], c2: str, turned: Card, strength: Callable[[int], float]
) -> list[tuple[str, str]]:
    """The taking calls to simulate, with their contract: the turned suit in round 1; in
    round 2 the two strongest suits by ``strength`` (and the level-2 call ``c2``)."""
    if "take" in legal:
        return [("take", _SUITS[turned.suit])]
    named = [c for c in legal if c in ("S", "H", "D", "C")]
    ranked = sorted(named, key=lambda c: -strength(_SUITS.index(c)))
    keep = ranked[:2] + ([c2] if c2 in named and c2 not in ranked[:2] else [])
    return [(c, c) for c in keep]


NEAR = 2
"""How far below level 2's no-trump / all-trump threshold (its strength points) a hand's
no trump or all trump is still simulated at level 4."""


def _others_to_weigh(legal: list[str], c2: str, cards: int) -> list[tuple[str, str]]:
    """No trump and all trump, where legal, when the level-2 call ``c2`` is one or ``cards``
    (the five held and the turned card) come within :data:`NEAR` of level 2's threshold
    (:func:`~belote_lab.players.estimates.no_trump_strength` …): a hand far below it is
    not worth the deals.

    >>> _others_to_weigh(["S", "NT", "AT", "pass"], "S", mask_of("AS TS AH TH 7D 8C".split()))
    [('NT', 'NT')]
    """
    from belote_lab.players.estimates import (
        ALL_TRUMP_TAKE,
        NO_TRUMP_TAKE,
        all_trump_strength,
        no_trump_strength,
    )

    out = []
    for code, strength, take in (
        ("NT", no_trump_strength, NO_TRUMP_TAKE), ("AT", all_trump_strength, ALL_TRUMP_TAKE)
    ):
        if code in legal and (c2 == code or strength(cards) >= take - NEAR):
            out.append((code, code))
    return out


CAPOT_NEAR = 1
"""A Coinche hand whose trump loses at most this many tricks by level 2's count
(:func:`~belote_lab.players.estimates.capot_losers`) has its capot bids weighed at level 4."""
CAPOT_TOP = 1000
"""The level-2 estimate given to such a trump: every points bid in it is weighed too."""


def _weighable(bid: Any, top: int) -> bool:
    """Is a Coinche ``bid`` one level 4 weighs, with ``top`` the level-2 estimate of its
    contract?  Points bids up to 10 above it (160 at most), and capot bids (not générale:
    who of the attack takes the tricks is not simulated) when it is :data:`CAPOT_TOP`."""
    if bid.kind == "points":
        return bid.value <= min(160, top + 10)
    return top == CAPOT_TOP and bid.all_tricks and not bid.kind.startswith("generale")


def _other_contracts() -> tuple[tuple[str, Callable[[int], int], int], ...]:
    """No trump and all trump: code, level 2's strength and its strength of a bid of 80."""
    from belote_lab.players import estimates as e

    return (
        ("AT", e.all_trump_strength, e.ALL_TRUMP_BID),
        ("NT", e.no_trump_strength, e.NO_TRUMP_BID),
    )


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


def coinche_score(
    outcome: tuple[int, int, int, int], bid: Any, mult: int, ours: bool,
    capot_makes: bool = False, shade: int = SHADE,
) -> tuple[float, bool]:
    """The score margin of the contract ``bid`` (a :class:`~belote_lab.games.coinche.Bid`)
    × ``mult`` on one simulated deal (:meth:`SimBidder.coinche_deal`), for the attack's
    side if ``ours`` else for the defence's, and whether the contract was made.

    Coinche's scoring (:mod:`belote_lab.games.coinche`) with the attack shaded by
    :data:`SHADE` (a points bid), so not :attr:`Game.margin`.  A capot is made when the
    attack takes every point (and, a belote bid, scores the belote).  With
    ``capot_makes`` an attack that took every point also makes every points bid it reaches
    unshaded (else the shade leaves 180 out of reach while a capot is made; level 4 was
    tuned without it).  ``shade``: the points taken off the attack (negative: added to it, as
    the bidding advice counts a bid it weighs doubling from the defence's side, so that the
    perfect play of the solver does not make a coinche look better than it is).

    >>> from belote_lab.games.coinche import Bid
    >>> coinche_score((100, 20, 0, 0), Bid.parse("100H"), 1, True)
    (160.0, True)
    >>> coinche_score((100, 20, 0, 0), Bid.parse("120H"), 2, False)
    (380.0, False)
    >>> coinche_score((162, 20, 0, 1), Bid.parse("180H"), 1, True, capot_makes=True)[1]
    True
    """
    from belote_lab.games.coinche import FAILED_BASE, round_half_up

    ap, ab, db, capot = outcome
    value = bid.value
    a = ap + ab
    if bid.all_tricks:
        made = bool(capot) and (ab > 0 or not bid.needs_belote)
    else:
        # the solver plays the attack's cards perfectly: count a little less for it
        made = a - shade >= value and a - shade > (162 - ap) + db
        made = made or (capot_makes and bool(capot) and a >= value)
    if made:
        att = round_half_up(ap) + value * mult + ab
        dfn = round_half_up(162 - ap) + db
    else:
        att = ab
        dfn = FAILED_BASE + value * mult + db
    return (float(att - dfn) if ours else float(dfn - att)), made


class SimBidder:
    """Level-4 calls for ``game`` decided by simulation (see the module text).

    ``samples`` deals (default :attr:`SAMPLES`) per evaluated trump (or per Callbreak hand)
    within ``time_budget``
    seconds for one decision; the level-2 call is kept unless another call's mean score is
    better by ``margin`` (points per hand; Callbreak: score units).
    """

    # tricks played by level-2 players before the solver takes over.  Callbreak plays the
    # whole hand: the solver's opponents there all play against the one seat, which made the
    # calls a trick too low.  The other games play it too since 2026-12-07 (until then two
    # tricks in four-player Belote and Coinche, seven in two-player Belote): weighed on the
    # exact posterior of the seat's view, the calls of a bidder so are above the old bidder's
    # on two seeds each (on 40 deals: benchmarks/results/level4-bidding-2026-12-07.txt).
    # Coinche weighed 12 until its pool of 3,200 deals (80 a deal drawn) was weighed inside
    # its share of the time (the auction replayed once a pool): 40 are above 12 on two seeds
    # (benchmarks/results/level4-coinche-pool-2026-12-07.txt)
    ROLLOUT: ClassVar[dict[str, int]] = {"belote": 8, "coinche": 8, "belote2": 16, "callbreak": 13}
    SAMPLES: ClassVar[dict[str, int]] = {
        "belote": 40, "coinche": 40, "belote2": 40, "callbreak": 40
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
        game: object,
        seed: int | None = None,
        samples: int | None = None,
        time_budget: float = 0.8,
        margin: float | None = None,
        rollout: int | None = None,
    ) -> None:
        g = get(game)
        self.game = g.name
        self.spec = g  # the game's declared facts (seats, sides, hand class)
        self._simulate = per_game(self.SIMULATIONS, g, "bidding simulation")
        self._make_base = level2(g)  # the level-2 players, of the simulated hands too
        self.base = self._make_base(seed)
        self.rng = random.Random(seed)
        self.samples = per_game(self.SAMPLES, g, "bidding samples") if samples is None else samples
        self.time_budget = time_budget
        self.margin = per_game(self.MARGIN, g, "bidding margin") if margin is None else margin
        self.rollout = (per_game(self.ROLLOUT, g, "bidding simulation") if rollout is None
                        else rollout)
        """Tricks the simulated hands are played by level-2 players before the rest is solved
        (:attr:`ROLLOUT`, unless given: the advice gives its own
        :data:`~belote_lab.coaching.advice.ROLLOUT`)."""
        self._cache: dict[Any, list[Any]] = {}
        self._cache_key: Any = None
        self.last_values: dict[Any, float] = {}
        self._deals: dict[Any, Any] = {}  # call -> key of the deals it was weighed on

    # the cache holds the evaluations of one hand (keyed by what the seat knows: its cards and
    # how many calls were made, which the deals read)
    def _remember(self, key: Any) -> None:
        if key != self._cache_key:
            self._cache = {}
            self._cache_key = key

    def choose_call(self, state: TrickPlay) -> Any:
        legal = state.legal_calls()
        c2 = self.base.choose_call(state)
        self.last_values = {}
        if len(legal) <= 1:
            return c2
        seat = state.current_player
        self._deals = {}
        samples = self._simulate(self, state, seat, legal, c2)  # a function of the class
        values = {c: sum(v) / len(v) for c, v in samples.items()}
        self.last_values = values
        if not values or c2 not in values:
            return c2  # also when the level-2 call is not one the simulation weighs
        best = max(values, key=lambda c: values[c])
        if best == c2:
            return c2
        err = self._error(samples, best, c2)
        if values[best] > values[c2] + max(self.margin, self.Z[self.game] * err):
            return best
        return c2

    def _error(self, samples: dict[Any, list[float]], best: Any, c2: Any) -> float:
        """The standard error of the difference of the mean values of ``best`` and ``c2``: a
        call other than the level-2 one must be better by the margin, and by more than Z of
        these (the deals are few); calls weighed on the same deals are compared deal by
        deal."""
        a, b = samples[best], samples[c2]
        same = self._deals.get(best, best) == self._deals.get(c2, c2) and len(a) == len(b)
        if same:
            return math.sqrt(_sq_error([x - y for x, y in zip(a, b, strict=True)]))
        return math.sqrt(_sq_error(a) + _sq_error(b))

    # --- shared by the games ---------------------------------------------------------------------
    def _level2_players(self) -> dict[int, Any]:
        """A fresh level-2 player for every seat of the game."""
        return {s: self._make_base(None) for s in self.spec.seats}

    def _same_side(self, a: int, b: int) -> bool:
        return self.spec.side_of(a) == self.spec.side_of(b)

    def _first_leader(self, state: TrickPlay) -> int:
        """Who leads the first trick of the hand ``state`` is bidding (Belote, Coinche)."""
        if state.rules.first_lead == "dealer":
            return int(state.dealer)
        return self.spec.next_seat(state.dealer)

    def _taking_view(
        self, state: TrickPlay, seat: int, legal: list[str]
    ) -> tuple[int, Card, dict[str, list[float]]]:
        """The seat's hand and the turned card (the cache is keyed by them), and the value of
        passing (0), in the taking games."""
        mine, turned = self.taking_cards(state, seat)
        self._remember((seat, mine, turned, state.dealer, len(state.actions)))
        values: dict[str, list[float]] = {}
        if "pass" in legal:
            values["pass"] = [0.0]
        return mine, turned, values

    @staticmethod
    def taking_cards(state: TrickPlay, seat: int) -> tuple[int, Card]:
        """What ``seat`` holds (a mask) and the turned card, in a taking game's bidding."""
        view = state.seat_view(seat)
        return mask_of(view["hand"]), Card.parse(view["turned"])

    def _rests(
        self, state: TrickPlay, seat: int, unseen: int, size: int, start: float
    ) -> list[tuple[list[Card], int]]:
        """The deals of the ``unseen`` cards this hand's simulations play (:func:`auction_rests`:
        ``samples`` draws, weighed by the calls made so far), drawn once per call and shared by
        every contract weighed, so that two contracts are compared on the same deals."""
        key = ("rests", self.game)
        got = self._cache.get(key)
        if got is None:
            deadline = start + POOL_SHARE * self.time_budget
            got = list(auction_rests(state, seat, max(1, self.samples), self.rng, unseen, size,
                                     deadline=deadline))
            self._cache[key] = got
        return got

    def _weigh_trumps(
        self,
        state: TrickPlay,
        seat: int,
        suits: list[tuple[str, str]],
        unseen: int,
        outcome: Callable[[list[Card], str], float],
        size: int = 8,
    ) -> dict[str, list[float]]:
        """Per call of ``suits``: the ``outcome`` of each deal of the ``unseen`` cards
        (:meth:`_rests`, ``samples`` deals at most within the time budget) with its contract
        (``H``, ``NT`` …); each contract is simulated once a hand."""
        start = time.perf_counter()
        deadline = start + self.time_budget
        values: dict[str, list[float]] = {}
        for call, code in suits:
            key = (self.game, code)
            outcomes = self._cache.get(key)
            if outcomes is None:
                outcomes = []
                for rest, times in self._rests(state, seat, unseen, size, start):
                    outcomes += [outcome(rest, code)] * times
                    if time.perf_counter() > deadline:
                        break
                self._cache[key] = outcomes
            values[call] = outcomes
        return values

    # --- four-player Belote --------------------------------------------------------------------
    def _values_belote(
        self, state: TrickPlay, seat: int, legal: list[str], c2: str
    ) -> dict[str, list[float]]:
        from belote_lab.players.estimates import take_strength

        mine, turned, values = self._taking_view(state, seat, legal)
        suits = _suits_to_weigh(legal, c2, turned, lambda t: take_strength(mine, t)[1])
        suits += _others_to_weigh(legal, c2, mine | 1 << turned)

        def outcome(rest: list[Card], code: str) -> float:
            return self.belote_deal(state, seat, code, rest, (mine, turned))[0]

        values.update(self._weigh_trumps(state, seat, suits, BELOTE_MASK & ~mine & ~(1 << turned),
                                         outcome))
        return values

    def belote_deal(
        self, state: TrickPlay, seat: int, code: str, rest: list[Card],
        held: tuple[int, Card] | None = None,
    ) -> tuple[float, bool | None]:
        """One simulated deal of four-player Belote in which ``seat`` takes in ``code``
        (``H``, ``NT`` …): it gets the turned card and ``rest[:2]``, the others 8 cards each
        of ``rest[2:]`` (the 26 cards it has not seen, shuffled); returns its team's score
        margin (:meth:`belote_result`) and whether the contract was made (``None``: a tie).
        ``held``: :meth:`taking_cards`, when the caller has it."""
        mine, turned = self.taking_cards(state, seat) if held is None else held
        hands = _deal_around(seat, mine | 1 << turned | cards_mask(rest[:2]), rest[2:], 8)
        h = self.spec.hand_class.from_hands(
            [mask_cards(m) for m in hands], code, seat, self._first_leader(state), state.rules
        )
        return self.belote_result(h, seat)

    def belote_result(self, h: Any, seat: int) -> tuple[float, bool | None]:
        """Plays ``h`` out (:attr:`rollout` tricks by level-2 players, the rest solved) and
        scores it: the score margin of ``seat``'s team by the table's own scoring
        (``h.score``), and whether the contract was made (``None``: a tie).

        Not :attr:`Game.margin`: this counts a side's tricks as 0 or 1 by its points and the
        belote as announced only, and the level-4 calls were tuned so."""
        g = self.spec
        team = g.side_with(seat)
        h, v = _rollout_and_solve(h, self._level2_players(), self.rollout, team)
        ours = h.won_points[team[0]] + h.won_points[team[1]] + v
        theirs = 162 - ours
        pts = [ours, theirs] if g.side_of(seat) == 0 else [theirs, ours]
        tricks = [0 if p == 0 else 1 for p in pts]
        bel = [0, 0]
        if h.belote_seat >= 0:
            bel[g.side_of(h.belote_seat)] = 20
        r = h.score(pts, tricks, bel)  # the table's scoring, failed_contract included
        sc = [r.score[side] for side in g.sides]
        return float(sc[g.side_of(seat)] - sc[1 - g.side_of(seat)]), r.made

    # --- two-player Belote ---------------------------------------------------------------------
    def _values_belote2(
        self, state: TrickPlay, seat: int, legal: list[str], c2: str
    ) -> dict[str, list[float]]:
        from belote_lab.players.estimates import taking_strength

        mine, turned, values = self._taking_view(state, seat, legal)
        seven = [*mask_cards(mine), turned]
        suits = _suits_to_weigh(legal, c2, turned, lambda t: taking_strength(seven, t))

        def outcome(rest: list[Card], code: str) -> float:
            return self.belote2_deal(state, seat, code, rest, (mine, turned))[0]

        values.update(self._weigh_trumps(state, seat, suits, BELOTE_MASK & ~mine & ~(1 << turned),
                                         outcome, size=9))
        return values

    def belote2_deal(
        self, state: TrickPlay, seat: int, code: str, rest: list[Card],
        held: tuple[int, Card] | None = None,
    ) -> tuple[float, bool | None]:
        """One simulated deal of two-player Belote in which ``seat`` takes in ``code``: it
        gets the turned card and ``rest[:2]``, the other seat ``rest[2:11]``, the stock is
        ``rest[11:]`` (the 25 cards it has not seen, shuffled); returns its score margin
        (:meth:`belote2_result`) and whether the contract was made (``None``: a tie)."""
        mine, turned = self.taking_cards(state, seat) if held is None else held
        g = self.spec
        hands = {
            SEATS[seat]: [*mask_cards(mine), turned, *rest[:2]],
            SEATS[g.next_seat(seat)]: rest[2:11],
        }
        leader = g.next_seat(state.dealer)  # the non-dealer leads
        h = g.hand_class.from_hands(hands, rest[11:], code, seat, leader, state.rules)
        return self.belote2_result(h, seat)

    def belote2_result(self, h: Any, seat: int) -> tuple[float, bool | None]:
        """Plays ``h`` out and scores it: the score margin of ``seat`` by
        :func:`~belote_lab.games.belote2.score_belote2`, and whether the contract was made.

        Not :attr:`Game.margin`: this counts a side's tricks as 0 or 1 by its points, and the
        level-4 calls were tuned so."""
        from belote_lab.games.belote import belote_holder
        from belote_lab.games.belote2 import score_belote2

        h, v = _rollout_and_solve(h, self._level2_players(), self.rollout, (seat,))
        other = self.spec.next_seat(seat)
        ours = h.won_points[seat] + v
        pts = {SEATS[seat]: ours, SEATS[other]: 162 - ours}
        tricks = {k: 0 if p == 0 else 1 for k, p in pts.items()}
        bel = {"N": 0, "S": 0}
        holder = h.belote_seat
        if holder < 0 and h.contract is not None and h.phase == "play":
            holder = belote_holder(h.hands, h.contract)  # both cards still in one hand
        if holder >= 0:
            bel[SEATS[holder]] = 20
        r = score_belote2(pts, tricks, bel, SEATS[h.taker])
        return float(r.score[SEATS[seat]] - r.score[SEATS[other]]), r.made

    # --- Coinche -------------------------------------------------------------------------------
    def _coinche_outcomes(self, state: TrickPlay, seat: int, code: str, taker: int) -> list[Any]:
        """Per sampled deal of a contract in ``code`` (``H``, ``NT`` …): (attack points, attack
        belote, defence belote, 1 if the attack took every point — a capot, but for a trick
        without points, which the solver, counting points, lets go — else 0)."""
        key = (self.game, code, self._same_side(taker, seat), taker)
        got = self._cache.get(key)
        if got is not None:
            return got
        out: list[Any] = []
        start = time.perf_counter()
        deadline = start + self.time_budget / 2
        for rest, times in self._rests(state, seat, BELOTE_MASK & ~state.hands[seat], 8, start):
            out += [self.coinche_deal(state, seat, code, taker, rest)] * times
            if time.perf_counter() > deadline:
                break
        self._cache[key] = out
        return out

    def coinche_deal(
        self, state: TrickPlay, seat: int, code: str, taker: int, rest: list[Card]
    ) -> tuple[int, int, int, int]:
        """One simulated deal of a Coinche contract in ``code`` (``H``, ``NT`` …) won by
        ``taker``: ``seat`` keeps its cards, the others get 8 each of ``rest`` (the 24 cards
        it has not seen, shuffled) in turn; the hand is played out (:attr:`rollout` tricks by
        level-2 players, the rest solved).  Returns (attack points, attack belote, defence
        belote, 1 if the attack took every point — a capot, but for a trick without points,
        which the solver, counting points, lets go — else 0): :func:`coinche_score` scores
        any bid of that contract from it."""
        hands = _deal_around(seat, state.hands[seat], rest, 8)
        h = self.spec.hand_class.from_hands(
            [mask_cards(m) for m in hands], f"80{code}", taker, self._first_leader(state),
            state.rules,
        )
        att = self.spec.side_with(taker)
        h, v = _rollout_and_solve(h, self._level2_players(), self.rollout, att)
        ap = h.won_points[att[0]] + h.won_points[att[1]] + v
        ours = h.belote_seat >= 0 and self._same_side(h.belote_seat, taker)
        ab = 20 if ours else 0
        db = 20 if h.belote_seat >= 0 and not ours else 0
        return (ap, ab, db, int(ap == self.spec.total))

    @staticmethod
    def _coinche_margin(outcomes: list[Any], bid: Any, mult: int, ours: bool) -> list[float]:
        """Margin for the seat's team of the contract ``bid`` × ``mult``, a deal each
        (:func:`coinche_score`)."""
        return [coinche_score(o, bid, mult, ours)[0] for o in outcomes]

    def _values_coinche(
        self, state: TrickPlay, seat: int, legal: list[str], c2: str
    ) -> dict[str, list[float]]:
        from belote_lab.games.coinche import Bid

        view = state.seat_view(seat)
        mine = state.hands[seat]
        self._remember((seat, mine, state.dealer, len(state.actions)))
        bid = None if view["bid"] is None else Bid.parse(view["bid"])
        bidder = None if view["bidder"] is None else SEATS.index(view["bidder"])
        mult = int(view.get("multiplier") or 1)
        values: dict[str, list[float]] = {}
        standing_points = bid is not None and bid.kind == "points" and bid.trump in "SHDC"
        if bid is not None and not standing_points:
            return {}  # capot/générale or no/all trump: leave these to the level-2 rules
        if bid is not None and bidder is not None and not self._same_side(bidder, seat):
            # the opponents' bid: their hands are not random any more, and the simulation
            # deals them at random; overcalls and coinches stay with the level-2 rules
            return {}
        if bid is None:
            values["pass"] = [0.0]
        else:
            assert bidder is not None
            ours = self._same_side(bidder, seat)
            outs = self._coinche_outcomes(state, seat, bid.trump, bidder)
            values["pass"] = self._coinche_margin(outs, bid, mult, ours)
            self._deals["pass"] = ("suit", bid.trump, bidder)
        taker = seat if bidder is None else bidder  # a bid standing here is the partner's
        top = self._coinche_tops(mine, bid, c2, legal)
        for code in [t for t, v in top.items() if v > 0]:
            outs = self._coinche_outcomes(state, seat, code, taker)
            for call in legal:
                if call in NO_CONTRACT:
                    continue
                b = Bid.parse(call)
                if b.trump == code and _weighable(b, top[code]):
                    values[call] = self._coinche_margin(outs, b, 1, True)
                    self._deals[call] = ("suit", b.trump, taker)
        return values

    @staticmethod
    def _coinche_tops(mine: int, partner_bid: Any, c2: str, legal: list[str]) -> dict[str, int]:
        """Contract (``H``, ``NT`` …) → the level-2 estimate of a bid in it (or the level-2
        call ``c2``): the values considered go up to 10 above (:data:`CAPOT_TOP`: a hand
        near a capot, whose capot is weighed too).  Never bid against the partner's suit
        ``partner_bid``: raise it (up to the support) or pass."""
        from belote_lab.games.coinche import Bid
        from belote_lab.players.estimates import (
            capot_losers,
            no_or_all_trump_estimate,
            suit_estimate,
            support_estimate,
        )

        if partner_bid is not None:
            t = partner_bid.trump
            top = {t: partner_bid.value + support_estimate(mine, _SUITS.index(t)) // 20 * 10}
        else:
            top = {_SUITS[s]: suit_estimate(mine, s) for s in range(4)}
            for code, strength, start in _other_contracts():
                if any(c.endswith(code) for c in legal):
                    top[code] = no_or_all_trump_estimate(strength(mine), start)
            for s in range(4):
                if capot_losers(mine, s) <= CAPOT_NEAR and f"capot{_SUITS[s]}" in legal:
                    top[_SUITS[s]] = CAPOT_TOP
        if c2 not in NO_CONTRACT:
            c2_bid = Bid.parse(c2)
            if c2_bid.kind == "points":
                t = c2_bid.trump
                top[t] = max(top.get(t, 0), c2_bid.value)
        return top

    # --- Callbreak -----------------------------------------------------------------------------
    def _values_callbreak(
        self, state: TrickPlay, seat: int, legal: list[int], c2: int
    ) -> dict[int, list[float]]:
        from belote_lab.games.callbreak import round_score

        mine = state.hands[seat]
        self._remember((seat, mine, state.dealer, len(state.actions)))
        key = (self.game,)
        tricks = self._cache.get(key)
        if tricks is None:
            tricks = self._callbreak_tricks(state, seat, mine, legal, c2)
            self._cache[key] = tricks
        lo, hi = max(min(legal), c2 - 2), min(max(legal), c2 + 2)
        calls = [c for c in legal if lo <= c <= hi]
        self._deals = dict.fromkeys(calls, "hand")  # every call weighed on the same deals
        return {c: [float(round_score(c, t)) for t in tricks] for c in calls}

    def _callbreak_tricks(
        self, state: TrickPlay, seat: int, mine: int, legal: list[int], c2: int
    ) -> list[int]:
        """The tricks ``seat`` wins on each sampled deal, calling ``c2`` (the others: their
        calls made, or the level-2 estimate of their sampled hands)."""
        tricks: list[int] = []
        start = time.perf_counter()
        deadline = start + self.time_budget
        for rest, times in self._rests(state, seat, FULL_MASK & ~mine, 13, start):
            tricks += [self.callbreak_deal(state, seat, c2, legal, rest)] * times
            if time.perf_counter() > deadline:
                break
        return tricks

    def callbreak_deal(
        self, state: TrickPlay, seat: int, call: int, legal: list[int], rest: list[Card]
    ) -> int:
        """The tricks ``seat`` wins on one simulated Callbreak deal: it keeps its cards, the
        others get 13 each of ``rest`` (the 39 cards it has not seen, shuffled) in turn; it
        calls ``call``, the others their calls made or the level-2 estimate of their dealt
        hand (within ``legal``), and the hand is played out (:attr:`rollout`)."""
        from belote_lab.players.estimates import estimate_tricks

        hands = _deal_around(seat, state.hands[seat], rest, 13)
        known = {s: c for s in range(4) if (c := state.call_of(s)) is not None}
        calls = [
            call if s == seat else known.get(s, estimate_tricks(hands[s])) for s in range(4)
        ]
        calls = [max(min(c, max(legal)), min(legal)) for c in calls]
        h = self.spec.hand_class.from_hands(
            [mask_cards(m) for m in hands], calls, self.spec.next_seat(state.dealer),
            state.rules,
        )
        h, v = _rollout_and_solve(h, self._level2_players(), self.rollout, (seat,))
        return int(h.won_tricks[seat] + v)

    SIMULATIONS: ClassVar[dict[str, Callable[..., dict[Any, list[float]]]]] = {
        "belote": _values_belote,
        "coinche": _values_coinche,
        "belote2": _values_belote2,
        "callbreak": _values_callbreak,
    }
    """How the calls of each game are weighed: ``(bidder, state, seat, legal, c2)`` → call →
    the values of its simulated deals."""

    TAKING_DEALS: ClassVar[dict[str, Callable[..., tuple[float, bool | None]]]] = {
        "belote": belote_deal,
        "belote2": belote2_deal,
    }
    """One simulated deal of each taking game (``bidding == "taking"``)."""

    def taking_deal(
        self, state: TrickPlay, seat: int, code: str, rest: list[Card],
        held: tuple[int, Card] | None = None,
    ) -> tuple[float, bool | None]:
        """One simulated deal of this taking game in which ``seat`` takes in ``code``
        (:meth:`belote_deal`, :meth:`belote2_deal`): its score margin and whether the
        contract was made (``None``: a tie)."""
        deal = per_game(self.TAKING_DEALS, self.spec, "taking simulation")
        return deal(self, state, seat, code, rest, held)
