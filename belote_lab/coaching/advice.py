"""Advice at bidding: each legal call's make rate and mean score, from simulated deals.

:func:`advise` weighs every call the seat to speak may make, in every game that has calls
(four-player Belote's taking, the Coinche auction, two-player Belote's taking, Callbreak's
calls).  It deals the cards the seat has not seen at random around its own cards (and the
turned card), plays each deal out with the call's contract by level-2 players — the whole
hand, as the level-4 bidder does (:class:`~belote_lab.players.sim_bidder.SimBidder`, whose
simulation this reuses), but two tricks in Coinche, the rest solved exactly (:data:`ROLLOUT`) — and
scores it by the game's own scoring.  Each contract (a trump, a Coinche contract and its taker, the
Callbreak hand) is simulated once a deal and serves every call of it (every Coinche value,
every Callbreak call), and every contract is played on the same deals, so two calls are
compared deal by deal.

What the simulation assumes, said in :meth:`Advice.text` too:

* the other hands are dealt around the seat's (and the turned card) and each deal is drawn as
  often as the calls made so far were likely on it, by the inference of
  :mod:`belote_lab.players.inference` (:func:`~belote_lab.players.sim_bidder.auction_rests`):
  a seat that bid a suit likely holds its trumps, a seat that passed the turned jack likely
  does not hold two more trumps.  A deal drawn more than once is simulated once and counted
  as often; the intervals divide by the draws' effective number (:attr:`Advice.effective`).
  ``reads_auction=False`` deals at random, as the advice did before (for comparisons);
* a pass counts as 0 (Belote, two-player Belote, Coinche with no bid yet: who takes after it,
  or whether the deal is void, is not simulated), or as the bid standing now played out with
  its coinche (Coinche);
* Coinche counts the attack :data:`~belote_lab.players.sim_bidder.SHADE` points short when it
  asks whether a bid is made (the exact solve plays the attack's cards perfectly), as level 4
  does, but for an attack that took every point; weighing a pass, coinche or surcoinche on the
  opponents' bid it counts the attack that much *more* (the exact solve plays the defence
  perfectly too: a coinche must pay though the bid is counted generously); a générale
  counts as made when the side takes every trick;
* a tie (litige) counts as not made;
* Callbreak: the seat calls the level-2 call in every simulated hand (the others their calls
  made, or level-2 calls) and each call is scored on those deals.

The mean is the score margin of the seat's side (its score minus the other side's) where two
sides score (Belote, Coinche, two-player Belote), and the seat's own score in Callbreak; the
interval is the mean's 95% normal interval.  The call advised (:attr:`Advice.best`) is the one of
highest mean, but a coinche or surcoinche only when it clearly leads the best other call (the
95% interval of their difference, deal by deal, above :data:`DOUBLE_MARGIN`: the amount by which
these deals were measured to over-value a double), and not when the calls so far left the deals
all different (:data:`DOUBLE_DISTINCT`); else that call is advised and the text says why
(:func:`double_lead`, :data:`DOUBLE_KEPT`, :data:`DOUBLE_UNREAD`).

The words of :meth:`Advice.text`, :meth:`Advice.html`, :meth:`CallReview.text` and of the calls'
labels, in English and Korean, are the ``advice.`` namespace of the catalogue of words
(``belote_lab/words/en/advice.json``, ``ko/advice.json``).

:func:`review_calls` asks the same question after the hand, at each call made, from the
caller's view: the call made against the best call, and what it cost — the difference of
their means when the deal-by-deal difference is significant (its 95% interval above 0),
else 0: a few dozen deals cannot tell two close calls apart.

>>> from belote_lab.games.belote import BeloteHand
>>> a = advise(BeloteHand(seed=4), samples=6, time_budget=10)
>>> [r.call for r in a.rows], a.samples
(['take', 'pass'], 6)
>>> 0 <= a.row("take").made <= 1, a.row("pass").made, a.row("pass").mean
(True, None, 0.0)
>>> advise(BeloteHand(seed=4), samples=0)
Traceback (most recent call last):
...
ValueError: samples must be a whole number from 1 to 100000, not 0
"""

from __future__ import annotations

import dataclasses
import html
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from belote_lab import words
from belote_lab.cards import SEATS, Card, Suit, seat_in
from belote_lab.games import Game, get
from belote_lab.games.base import TrickPlay
from belote_lab.games.coinche import DOUBLES as COINCHE_DOUBLES
from belote_lab.games.coinche import NO_CONTRACT
from belote_lab.games.record import undoable_copy
from belote_lab.korean import seat_word
from belote_lab.players.inference import (
    POOL_SHARE,
    effective,
    paired_interval,
    replayable,
    standard_error,
)
from belote_lab.players.sim_bidder import SHADE, SimBidder, auction_rests, coinche_score
from belote_lab.players.tuning import per_game
from belote_lab.stats import Z95

__all__ = [
    "DEFAULT_SAMPLES",
    "DOUBLES",
    "DOUBLE_DISTINCT",
    "DOUBLE_KEPT",
    "DOUBLE_MARGIN",
    "DOUBLE_UNREAD",
    "MAX_BUDGET",
    "MAX_SAMPLES",
    "ROLLOUT",
    "Advice",
    "CallAdvice",
    "CallReview",
    "SEAT_WORDS_EN",
    "advise",
    "double_lead",
    "review_calls",
    "seat_words",
]

BID_STANDS = "bid_stands"
"""The note of an advice given while a bid stands (Coinche): the deals do not read it into
its bidder's hand, so the numbers are rough and :func:`review_calls` does not judge the call."""

ROLLOUT: dict[str, int] = {**SimBidder.ROLLOUT, "coinche": 2}
"""Tricks each simulated hand is played by level-2 players before the rest is solved: the
level-4 bidder's (:attr:`~belote_lab.players.sim_bidder.SimBidder.ROLLOUT`: the whole hand),
but two in Coinche.  Played out there, the advice's calls were above the two tricks' by +3.90
± 1.81 and +4.42 ± 2.29 points a decision (two seeds, on the exact posterior), but its coinches
lost: -21.5 ± 18.1 against level 2's call where it advised one (84 of 3,000 auctions), so
Coinche keeps two (``benchmarks/results/advice-rollout-2026-12-07.txt``).  Measured again
with the double rule (:func:`double_lead`) at 200 deals a call: +1.86 (+0.44 .. +3.27) a
decision on 2,000 fresh auctions, but its doubles still -15.9 ± 16.4 against level 2's call
(n = 119), so two it stays (``benchmarks/results/advice-coinche-rollout-2026-12-07.txt``).
Two-player Belote plays its hands out since 2026-12-07 (seven tricks before): +0.71 ± 0.38
and +0.70 ± 0.33 points a decision above seven tricks on two seeds, three times faster at the
table (``benchmarks/results/advice-rollout-2026-12-07.txt``).
In four-player Belote the advice plays its hands out to the end: with two tricks and
the rest solved, it took in round 1 where level 2 passes and lost 4.2 points a time doing so;
played out, on 2,000 fresh auctions, its calls score +0.65 (+0.31 .. +0.99) points an auction
above level 2's and +0.98 (+0.65 .. +1.30) above the advice's before it read the auction
(paired, weighed on the exact posterior of each seat's view:
``benchmarks/results/advice-exact-2026-12-07.txt``).  That gain is the playing out: reading
the passes before the call adds -0.03 (-0.23 .. +0.17) there."""

DEFAULT_SAMPLES = 200
"""Deals a call at most (the time budget usually ends the sampling first in Coinche)."""
MAX_SAMPLES = 100_000
MAX_BUDGET = 60.0
"""The longest time budget (seconds) :func:`advise` accepts."""
HEADROOM = 0.85
"""The share of the time budget the deals may take (the rest: building the table)."""
SAFETY = 2.0
"""Sampling stops when this many rounds of deals of the mean length (or one as long as the
last one, if longer) would end past the budget: a round's time varies (a slow solve, a
busy machine), and the answer must come within it.  The first round is not counted in the
mean, and counts as an eighth of the budget at most (the first solve of a session loads
the solver: a quarter of a second)."""
DOUBLES = tuple(COINCHE_DOUBLES)
"""The calls that double (or redouble) a standing bid: advised only when they lead the best
other call by more than :data:`DOUBLE_MARGIN` (:func:`double_lead`)."""
DOUBLE_MARGIN = 41.0
"""A coinche or surcoinche is advised only when the 95% interval of its lead over the best other
call (score margin, deal by deal) is above this many points.  The package's own choice, from two
measurements (issue 27): the advice's lead of a double was +41 ± 13 points above the exact
posterior's at 155 spots (``benchmarks/results/advice-coinche-reading-2026-12-07.txt``: its deals
read a bid loosely, so the bidder's hand looks weaker than the calls show); and on 11,755 fresh
decisions where a double was legal (seed 70000), this margin against the interval above 0 gained
+0.26 (+0.10 .. +0.42) points a decision on the exact posterior, +19.13 (+7.79 .. +30.46) at the
160 where it kept the other call; its 97 doubles − level 2's call +22.45 ± 22.62
(``benchmarks/results/advice-coinche-margin-2026-12-07.txt``).  A second fresh sample (seed
200000, 10,638 decisions) did not repeat that: its 95 doubles − level 2's call −10.67 ± 20.72,
the two together +6.06 ± 15.49 (n 192).  So the doubles the margin lets through are worth about
level 2's call, give or take 15–20 points; that they beat it, or lose to it, is not shown
(``benchmarks/results/advice-coinche-margin-confirm-2026-12-07.txt``)."""
DOUBLE_DISTINCT = 0.95
"""No coinche or surcoinche is advised when the deals read from the auction are worth this share
of their draws or more (:attr:`Advice.worth` >= ``DOUBLE_DISTINCT`` × :attr:`Advice.draws`: the
calls' weights left nearly every draw a different deal).  The package's own choice (issue 27),
found in the second sample's 95 doubles (seed 200000: where the deals were all distinct, the
doubles − level 2's call −59.6 ± 27.9, n 37; elsewhere +20.5 ± 26.0, n 58) and written down
before a fresh sample tested it (seed 400000, 7,971 decisions where a double was legal, on the
exact posterior): where the rule keeps the other call, that call − the double +65.18 (+32.67 ..
+97.69), n 28 (the doubles − level 2's call there −60.89 ± 32.57); the doubles it still advises
− level 2's call +37.89 (+9.40 .. +66.37), n 56; over all 84, the advice with the rule − level
2's call +26.69 (+7.25 .. +46.12)
(``benchmarks/results/advice-coinche-margin-confirm-2026-12-07.txt``).  Why it works is not
shown: a guess is that such deals ignore what a bidder's calls and passes said."""
DOUBLE_UNREAD = "double_unread"
"""The note of an advice whose calls' highest mean is a coinche or surcoinche that is not
advised because the deals were all distinct (:data:`DOUBLE_DISTINCT`); the best other call is
advised instead (:meth:`Advice.text` says so)."""
DOUBLE_KEPT = "double_kept"
"""The note of an advice whose calls' highest mean is a coinche or surcoinche that does not
lead the best other call by more than :data:`DOUBLE_MARGIN`, which the advice gives instead
(:meth:`Advice.text` says so, with the numbers)."""


# --- values ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CallAdvice:
    """One call: the deals it was weighed on, its make rate (``None`` for a call that makes
    no contract of the seat's: a pass), its mean score (see :attr:`Advice.measure`) and the
    95% interval of the mean.  ``contract``: the contract the call leads to (``H``,
    ``110S``, ``100H×2``, ``3``); ``group``: the trump a Coinche bid is in (its rows are
    shown as one), else ``None``.  ``values``: the score of each deal (the same deals for
    every call of an :class:`Advice`)."""

    call: str | int
    label_en: str
    label_ko: str
    deals: int
    made: float | None
    mean: float
    low: float
    high: float
    contract: str | None = None
    group: str | None = None
    values: tuple[float, ...] = field(default=(), repr=False, compare=False)

    def label(self, language: str = "en") -> str:
        """The call in words: ``Take ♥``, ``110 ♠``, ``스페이드 110``, ``패스`` …"""
        return self.label_ko if _language(language) == "ko" else self.label_en

    def to_json(self) -> dict[str, Any]:
        return {
            "call": self.call, "label": self.label_en, "label_ko": self.label_ko,
            "deals": self.deals, "made": _round(self.made, 3), "mean": round(self.mean, 2),
            "low": round(self.low, 2), "high": round(self.high, 2), "contract": self.contract,
        }


@dataclass(frozen=True)
class Advice:
    """The advice to ``seat`` at its call: one :class:`CallAdvice` per legal call (in the
    order of ``legal_calls()``), each weighed on ``samples`` deals; ``best`` is the call of
    highest mean, or the best other call when that is a coinche or surcoinche that does not
    lead it by more than :data:`DOUBLE_MARGIN` (``notes`` then holds :data:`DOUBLE_KEPT`).
    ``measure``: ``"margin"`` (the seat's side's score minus the other side's) or ``"score"``
    (the seat's own score, Callbreak).  ``ms`` is not compared."""

    game: str
    seat: int
    rows: tuple[CallAdvice, ...]
    samples: int
    best: str | int
    measure: str
    rollout: int = 0
    """Tricks played by level-2 players before the rest is solved (the hand's tricks or
    more: played out by them)."""
    own_call: str | int | None = None
    """The call the seat makes in every simulated hand (Callbreak: the level-2 call)."""
    notes: tuple[str, ...] = ()
    ms: float = field(default=0.0, compare=False)
    effective: float = 0.0
    """How many independent deals the draws are worth (Kish's effective sample size of how
    often each deal was drawn, :func:`~belote_lab.players.inference.effective`; ``samples``
    when each was drawn once, and when 0): the intervals divide by its root."""
    reads_auction: bool = False
    """Were the deals weighed by the calls made so far (:func:`~belote_lab.players.sim_bidder.
    auction_rests`)?  Not when asked not to."""

    @property
    def draws(self) -> int:
        """The deals drawn, a deal drawn twice counted twice (each row's ``values`` has one
        value a draw)."""
        return len(self.rows[0].values) if self.rows else 0

    @property
    def worth(self) -> float:
        """:attr:`effective`, or ``samples`` when it is not set."""
        return self.effective or float(self.samples)

    def __iter__(self) -> Iterator[CallAdvice]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def bid_stands(self) -> bool:
        """A bid stood at this call, and the simulated deals do not read it into its
        bidder's hand: the numbers are rough, and a review does not judge the call."""
        return BID_STANDS in self.notes

    def row(self, call: str | int) -> CallAdvice:
        """The row of ``call`` (``"take"``, ``"110h"``, ``3`` …: case does not matter)."""
        want = str(call).strip().lower()
        for r in self.rows:
            if str(r.call).lower() == want:
                return r
        raise ValueError(f"{call!r} is not one of the calls advised: "
                         f"{', '.join(str(r.call) for r in self.rows)}")

    def table(self, full: bool = False) -> list[dict[str, Any]]:
        """The advice as plain dicts, best call marked (``pandas.DataFrame(a.table())``).
        Coinche bids come one row per contract (its best bid, the highest value made in
        at least half the deals, the make rate of each value: ``by_value``) unless
        ``full``: then one row per legal call."""
        if full or not any(r.group for r in self.rows):
            return [{**r.to_json(), "best": r.call == self.best} for r in self.rows]
        return [_group_json(rows, self.best) for rows in _grouped(self.rows)]

    def text(self, language: str = "en") -> str:
        """A few sentences (``en`` or ``ko``): the best call, the next ones, how it was
        simulated."""
        return " ".join(_advice_lines(self, _language(language)))

    def html(self, language: str = "en") -> str:
        """A small HTML table (inline styles: readable without a notebook's CSS)."""
        return _advice_html(self, _language(language))

    def _repr_html_(self) -> str:
        return self.html()

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "seat": SEATS[self.seat], "samples": self.samples,
            "ms": round(self.ms, 1), "best": self.best, "measure": self.measure,
            "rollout": self.rollout, "own_call": self.own_call, "notes": list(self.notes),
            "rows": [r.to_json() for r in self.rows],
        }

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class CallReview:
    """One call made in a hand, against the advice at that moment from the caller's view:
    ``number`` (1-based, among the hand's calls), the seat, the call ``made`` and the
    ``best`` call, their mean scores, ``gap`` (best − made, ≥ 0) and ``cost``: the gap when
    the made call is significantly worse — the 95% interval of the deal-by-deal difference
    lies above 0 — else 0."""

    number: int
    seat: int
    made: str | int
    best: str | int
    made_mean: float
    best_mean: float
    gap: float
    cost: float
    advice: Advice = field(repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        best = self.advice.row(self.best)
        return {
            "number": self.number, "seat": SEATS[self.seat], "made": self.made,
            "best": self.best, "made_mean": round(self.made_mean, 2),
            "best_mean": round(self.best_mean, 2), "gap": round(self.gap, 2),
            "cost": round(self.cost, 2), "deals": self.advice.samples,
            "best_made": _round(best.made, 3), "measure": self.advice.measure,
        }

    def text(self, language: str = "en") -> str:
        """One sentence: ``call 1 (E): pass cost 23 points on average …``."""
        return _review_line(self, _language(language))

    def __str__(self) -> str:
        return self.text()


# --- advising -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Call:
    """How one call is scored: on the outcomes of contract ``key`` (``None``: worth 0)."""

    key: Any
    score: Callable[[Any], tuple[float, bool | None]] | None
    label_en: str
    label_ko: str
    contract: str | None = None
    group: str | None = None
    shows_made: bool = True  # False: a pass on a standing bid (no make rate shown)


@dataclass(frozen=True)
class _Plan:
    """What to simulate: the cards to deal, one deal of a contract, the calls."""

    unseen: int
    deal: Callable[[Any, list[Card]], Any]
    calls: dict[Any, _Call]
    notes: tuple[str, ...] = ()
    own_call: str | int | None = None
    size: int = 8
    """The cards each other seat holds in a simulated hand (:func:`~belote_lab.players.
    bidding.auction_rests`)."""


def advise(
    state: TrickPlay,
    samples: int = DEFAULT_SAMPLES,
    time_budget: float = 1.0,
    seed: int | None = 0,
    reads_auction: bool = True,
) -> Advice:
    """The :class:`Advice` for the seat to call in ``state`` (a hand in its bidding): every
    legal call weighed on at most ``samples`` deals, sampling stopped when the next round of
    deals would likely end past :data:`HEADROOM` of ``time_budget`` seconds (one round at
    least; see :data:`SAFETY`).  Only what the seat may see is read (its observation);
    ``seed`` fixes the deals (``None``: fresh ones), so with the ``samples`` reached inside
    the budget the advice is the same every time.  With ``reads_auction`` (the default) the
    deals are weighed by the calls made so far (see the module text); ``False`` deals the
    unseen cards at random, as the advice did before it read the auction (for comparisons)."""
    t0 = time.perf_counter()
    _check(state, samples, time_budget, seed)
    g = get(state.game)
    seat = state.current_player
    assert seat is not None
    view = state if state.observer == seat else state.observation(seat)
    rollout = per_game(ROLLOUT, g, "bidding simulation")
    bidder = SimBidder(g, seed=seed, samples=samples, time_budget=time_budget, rollout=rollout)
    plan = _PLANS[g.bidding](bidder, view, seat, view.legal_calls())
    reads = reads_auction and replayable(view)
    if reads:  # the deals read the standing bid into its bidder's hand
        plan = dataclasses.replace(plan, notes=tuple(x for x in plan.notes if x != BID_STANDS))
    rests = auction_rests(view, seat, samples, random.Random(seed), plan.unseen, plan.size,
                          reads_auction=reads, deadline=t0 + POOL_SHARE * time_budget)
    outcomes, counts = _simulate(plan, rests, t0 + HEADROOM * time_budget)
    n, worth = len(counts), effective(counts)
    rows = tuple(_row(call, c, outcomes, counts, worth) for call, c in plan.calls.items())
    best, note = _advised(rows, worth, reads)
    notes = plan.notes if note is None else (*plan.notes, note)
    measure = "margin" if len(g.sides) == 2 else "score"
    ms = (time.perf_counter() - t0) * 1e3
    return Advice(g.name, seat, rows, n, best, measure, rollout, plan.own_call, notes, ms,
                  worth, reads)


def _advised(
    rows: tuple[CallAdvice, ...], worth: float, reads: bool = False
) -> tuple[str | int, str | None]:
    """The call advised: the one of highest mean, but a coinche or surcoinche only when it
    clearly leads the best other call (:func:`double_lead`: the 95% interval of their
    difference, deal by deal, above :data:`DOUBLE_MARGIN`) and, for deals read from the auction
    (``reads``), they are not all distinct (``worth`` below :data:`DOUBLE_DISTINCT` of the draws,
    one value a draw in each row); else that other call, and the note that says why
    (:data:`DOUBLE_KEPT`, :data:`DOUBLE_UNREAD`; ``None`` when the top call is advised).  A
    double that does not lead clearly is the risky guess: where the advice's top call was a
    coinche, the ones that did not separate lost against level 2's call on the exact posterior
    (``benchmarks/results/advice-coinche-2026-12-07.txt``), and so did those
    whose interval's low end was between 0 and 20 (``advice-coinche-margin-2026-12-07.txt``)."""
    top = max(rows, key=lambda r: r.mean)
    lead = double_lead(rows, worth, top)
    if lead is None:
        return top.call, None
    if lead[1] <= DOUBLE_MARGIN:
        return lead[3].call, DOUBLE_KEPT
    if reads and worth >= DOUBLE_DISTINCT * len(top.values):
        return lead[3].call, DOUBLE_UNREAD
    return top.call, None


def double_lead(
    rows: tuple[CallAdvice, ...], worth: float, double: CallAdvice | None = None
) -> tuple[float, float, float, CallAdvice] | None:
    """A coinche or surcoinche row (``double``: the row of highest mean by default) against
    the best row that is not one, deal by deal: the mean difference, its 95% interval (low,
    high) and that other row; ``None`` when ``double`` is not a coinche or surcoinche (or no
    other call is legal).  The interval is infinite when the deals are worth fewer than two
    independent ones (:func:`~belote_lab.players.inference.standard_error`): no lead then."""
    double = max(rows, key=lambda r: r.mean) if double is None else double
    if str(double.call).lower() not in DOUBLES:
        return None
    others = [r for r in rows if str(r.call).lower() not in DOUBLES]
    if not others:
        return None
    other = max(others, key=lambda r: r.mean)
    # infinite below two deals' worth: no lead
    return (*paired_interval(double.values, other.values, worth), other)


def _check(state: Any, samples: Any, time_budget: Any, seed: Any) -> None:
    """Bad input: a ValueError saying what is wrong."""
    if not isinstance(state, TrickPlay):
        raise ValueError(f"advise needs a hand (a game state), not {type(state).__name__}")
    if state.phase != "bidding":
        raise ValueError(f"advice is for the bidding: this hand is in its {state.phase} phase")
    if state.observer is not None and state.observer != state.current_player:
        raise ValueError(
            f"this is {SEATS[state.observer]}'s view; the seat to call is "
            f"{SEATS[state.current_player]}"
        )
    if isinstance(samples, bool) or not isinstance(samples, int) or not (
        1 <= samples <= MAX_SAMPLES
    ):
        raise ValueError(f"samples must be a whole number from 1 to {MAX_SAMPLES}, "
                         f"not {samples!r}")
    if isinstance(time_budget, bool) or not isinstance(time_budget, (int, float)) or not (
        0 < time_budget <= MAX_BUDGET
    ):
        raise ValueError(f"time_budget must be a number of seconds above 0 and at most "
                         f"{MAX_BUDGET:g}, not {time_budget!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"seed must be a whole number or None, not {seed!r}")


def _simulate(
    plan: _Plan, rests: Iterator[tuple[list[Card], int]], deadline: float
) -> tuple[dict[Any, list[Any]], list[int]]:
    """The outcomes of each contract on the same deals (``rests``: each deal with how often
    it was drawn; its outcome counted that often), and how often each deal simulated was
    drawn; stopping when the next round would likely end past ``deadline``."""
    keys = list(dict.fromkeys(c.key for c in plan.calls.values() if c.key is not None))
    outcomes: dict[Any, list[Any]] = {k: [] for k in keys}
    counts: list[int] = []
    if not keys:
        return outcomes, counts
    start = first = time.perf_counter()
    for n, (rest, times) in enumerate(rests, 1):
        last = time.perf_counter()
        for k in keys:
            outcomes[k] += [plan.deal(k, rest)] * times
        counts.append(times)
        now = time.perf_counter()
        if n == 1:
            first = now
            ahead = min(now - last, (deadline - start) / 8)
        else:
            ahead = max(SAFETY * (now - first) / (n - 1), now - last)
        if now + ahead > deadline:
            break
    return outcomes, counts


def _row(
    call: Any, c: _Call, outcomes: dict[Any, list[Any]], counts: list[int], worth: float
) -> CallAdvice:
    """One call's row: its values a draw, make rate, mean and interval, over the deals drawn
    ``counts`` times each (the interval divides by ``worth``, their effective number)."""
    if c.key is None or c.score is None:
        values, made = [0.0] * sum(counts), None
    else:
        scored = [c.score(o) for o in outcomes[c.key]]
        values = [v for v, _ in scored]
        shown = bool(scored) and c.shows_made  # a tie (None) counts as not made
        made = sum(1 for _, m in scored if m) / len(scored) if shown else None
    mean, half = _mean_interval(values, worth)
    return CallAdvice(call, c.label_en, c.label_ko, len(counts), made, mean, mean - half,
                      mean + half, c.contract, c.group, tuple(values))


def _mean_interval(values: list[float], worth: float | None = None) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal interval (0 for fewer than 2 values);
    ``worth``: the effective number of deals (:func:`~belote_lab.players.inference.
    effective`) when a deal drawn twice has two values, else their number.

    >>> _mean_interval([1.0, 3.0])
    (2.0, 1.96)
    >>> _mean_interval([1.0, 1.0, 3.0, 3.0], worth=2.0)
    (2.0, 1.96)
    """
    mean, error = standard_error(values, worth)
    return mean, 0.0 if math.isinf(error) else Z95 * error


# --- the plans of the three kinds of bidding ------------------------------------------------------
def _plain(outcome: tuple[float, bool | None]) -> tuple[float, bool | None]:
    return outcome


def _taking_plan(bidder: SimBidder, state: TrickPlay, seat: int, legal: list[str]) -> _Plan:
    """Take / pass, a suit, no trump, all trump: the seat takes with the turned card."""
    mine, turned = bidder.taking_cards(state, seat)
    held = (mine, turned)

    def deal(code: str, rest: list[Card]) -> tuple[float, bool | None]:
        return bidder.taking_deal(state, seat, code, rest, held)

    calls: dict[Any, _Call] = {}
    for call in legal:
        if call == "pass":
            calls[call] = _Call(None, None, *_labels("advice.label_pass"))
            continue
        code = turned.suit.name if call == "take" else call
        en, ko = _taking_labels(call, turned)
        calls[call] = _Call(code, _plain, en, ko, code)
    unseen = bidder.spec.deck_mask & ~mine & ~(1 << turned)
    return _Plan(unseen, deal, calls)


def _taking_labels(call: str, turned: Card) -> tuple[str, str]:
    """``Take ♥`` / ``♥ 가져가기``, ``♣ trump`` / ``♣ 으뜸패``, no trump, all trump."""
    if call == "take":
        return _labels("advice.label_take", suit=turned.suit.symbol)
    if call in _WORD_LABELS:
        return _labels(f"advice.label_{call}")
    return _labels("advice.label_trump", suit=Suit[call].symbol)


def _labels(key: str, **values: Any) -> tuple[str, str]:
    """The text ``key`` of the catalogue in English and in Korean (a call's two labels)."""
    return words.text(key, "en", **values), words.text(key, "ko", **values)


_WORD_LABELS = ("NT", "AT", "pass", *DOUBLES)
"""The calls whose label is a word of their own (``advice.label_<call>``)."""
_BID_KIND_LABELS = {
    "capot": "Capot",
    "capot_belote": "Capot with belote",
    "generale": "Générale",
    "generale_belote": "Générale with belote",
}


def _trump_label(code: str) -> str:
    if code in _WORD_LABELS:
        return words.text(f"advice.label_{code}", "en")
    return Suit[code].symbol


def _bid_labels(bid: Any) -> tuple[str, str]:
    """``110 ♠`` / ``스페이드 110``, ``Capot ♥`` / ``하트 카포``, ``110 No trump`` /
    ``으뜸패 없음 110``: the Korean label is the auction's own (``Bid.describe("ko")``, as
    its refusals and results write a bid).

    >>> from belote_lab.games.coinche import Bid
    >>> _bid_labels(Bid.parse("110S")), _bid_labels(Bid.parse("capotH"))
    (('110 ♠', '스페이드 110'), ('Capot ♥', '하트 카포'))
    """
    en_t = _trump_label(bid.trump)
    ko = bid.describe("ko")
    if bid.kind == "points":
        return f"{bid.value} {en_t}", ko
    return f"{_BID_KIND_LABELS[bid.kind]} {en_t}", ko


def _bid_kind_ko(call: str) -> str:
    """What a Coinche bid says besides its trump, in Korean: ``카포``, ``카포 벨로트``."""
    from belote_lab.games.coinche import Bid

    bid = Bid.parse(call)
    trump = Bid("points", 80, bid.trump).describe("ko").removesuffix(" 80")
    return bid.describe("ko").removeprefix(trump + " ")


def _auction_plan(bidder: SimBidder, state: TrickPlay, seat: int, legal: list[str]) -> _Plan:
    """Coinche: a bid is weighed on the seat's contract in its trump; pass, coinche and
    surcoinche on the bid standing now (its bidder taking), ×1, ×2 or ×4."""
    from belote_lab.games.coinche import Bid

    view = state.seat_view(seat)
    g = bidder.spec
    standing = None if view["bid"] is None else Bid.parse(view["bid"])
    by = None if view["bidder"] is None else SEATS.index(view["bidder"])
    mult = int(view.get("multiplier") or 1)

    def deal(key: tuple[str, int], rest: list[Card]) -> tuple[int, int, int, int]:
        return bidder.coinche_deal(state, seat, key[0], key[1], rest)

    calls: dict[Any, _Call] = {}
    notes: tuple[str, ...] = ()
    for call in legal:
        en, ko = _labels(f"advice.label_{call}") if call in NO_CONTRACT else ("", "")
        if call in NO_CONTRACT and (standing is None or by is None):
            calls[call] = _Call(None, None, en, ko)
        elif call in NO_CONTRACT:
            assert standing is not None and by is not None
            m = COINCHE_DOUBLES.get(call, mult)  # a pass leaves the standing multiplier
            ours = g.side_of(by) == g.side_of(seat)
            # from the defence's side the shade goes the other way: a coinche must pay
            # though the attack is counted SHADE points more (its own bid: SHADE short)
            score = partial(coinche_score, bid=standing, mult=m, ours=ours, capot_makes=True,
                            shade=SHADE if ours else -SHADE)
            contract = standing.text + (f"×{m}" if m > 1 else "")
            calls[call] = _Call((standing.trump, by), score, en, ko, contract,
                                shows_made=call != "pass")
        else:
            bid = Bid.parse(call)
            en, ko = _bid_labels(bid)
            score = partial(coinche_score, bid=bid, mult=1, ours=True, capot_makes=True)
            calls[call] = _Call((bid.trump, seat), score, en, ko, bid.text, bid.trump)
            if bid.kind.startswith("generale"):
                notes = ("generale",)
    if standing is not None:  # the deals do not read it into its bidder's hand
        notes = (*notes, BID_STANDS)
    unseen = g.deck_mask & ~state.hands[seat]
    return _Plan(unseen, deal, calls, notes)


def _calls_plan(bidder: SimBidder, state: TrickPlay, seat: int, legal: list[int]) -> _Plan:
    """Callbreak: one simulation of the hand (the seat calling the level-2 call), the tricks
    it takes scoring every call."""
    c2 = int(bidder.base.choose_call(state))

    def deal(key: str, rest: list[Card]) -> int:
        return bidder.callbreak_deal(state, seat, c2, legal, rest)

    calls = {
        c: _Call("hand", partial(_callbreak_score, call=c), *_labels("advice.label_call", n=c),
                 str(c))
        for c in legal
    }
    return _Plan(bidder.spec.deck_mask & ~state.hands[seat], deal, calls, own_call=c2, size=13)


def _callbreak_score(tricks: int, call: int) -> tuple[float, bool]:
    from belote_lab.games.callbreak import round_score

    return float(round_score(call, tricks)), tricks >= call


_PLANS: dict[str, Callable[..., _Plan]] = {
    "taking": _taking_plan,
    "auction": _auction_plan,
    "calls": _calls_plan,
}
"""The simulation of each kind of bidding (:attr:`Game.bidding`)."""


# --- the review of the calls made -----------------------------------------------------------------
def review_calls(
    hand_or_record: Any,
    seat: int | str | None = None,
    samples: int = 100,
    time_budget: float = 0.5,
    seed: int | None = 0,
    reads_auction: bool = True,
) -> tuple[CallReview, ...]:
    """For each call made in a hand (a hand object, or its record: a dict, JSON text or
    bytes) by ``seat`` (``"N"`` or 0 …), or by every seat when ``None``: the
    :func:`advise` of that moment, from the caller's view (``samples`` and ``time_budget``
    each, so a review of a whole Belote taking of 8 calls takes about 4 s by default),
    against the call made; see :class:`CallReview` for the cost.  The hand is stepped back
    with ``undo()``; a hand that cannot be (a finished hand counted in its game) is read
    again from its record.  ``reads_auction``: as :func:`advise`'s."""
    state = undoable_copy(hand_or_record)
    g = get(state.game)
    who = None if seat is None else seat_in(seat, g.seats)
    out: list[CallReview] = []
    while state.actions:  # back from the last action; each undo restores the state exactly
        made = state.actions[-1].call  # as the game's verify_call reads it (None: a card)
        state.undo()
        caller = state.current_player
        if made is None or caller is None or (who is not None and caller != who):
            continue
        number = 1 + sum(1 for a in state.actions if a.kind == "call")
        a = advise(state, samples=samples, time_budget=time_budget, seed=seed,
                   reads_auction=reads_auction)
        out.append(_judge(a, number, caller, made))
    return tuple(reversed(out))


def _judge(a: Advice, number: int, seat: int, made: Any) -> CallReview:
    """The made call against the best one, deal by deal (the same deals); not judged (cost
    0) when a bid stands that the deals do not read (:data:`BID_STANDS`)."""
    m, b = a.row(made), a.row(a.best)
    gap = max(0.0, b.mean - m.mean)
    _, low, _ = paired_interval(b.values, m.values, a.worth)  # unbounded below two deals' worth
    cost = gap if low > 0 and not a.bid_stands else 0.0
    return CallReview(number, seat, m.call, b.call, m.mean, b.mean, gap, cost, a)


# --- words ----------------------------------------------------------------------------------------
def _language(language: str) -> str:
    if language not in words.LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {words.LANGUAGES}")
    return language


def _round(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


# The texts are the ``advice.`` namespace of the catalogue of words (belote_lab/words/en/
# advice.json, ko/advice.json): the head of each kind of bidding (``head_<kind>``), the
# measure, the best call and the others, how the deals were simulated, the notes, the review of
# a call and the table's columns.  Callbreak's calls have words of their own where a contract's
# are not theirs (``calls_<key>``: 콜, 콜 달성, not 선택, 계약 성공): see :func:`_kind`.
SEAT_WORDS_EN = ("North", "East", "South", "West")
"""The seats in English texts (the Korean ones: :func:`belote_lab.korean.seat_word`)."""


def seat_words(seat: int, language: str) -> str:
    """A seat as a sentence names it: ``South`` / ``남쪽``.

    >>> seat_words(2, "en"), seat_words(2, "ko")
    ('South', '남쪽')
    """
    return seat_word(seat) if language == "ko" else SEAT_WORDS_EN[seat]


def _kind(key: str, g: Game) -> str:
    """The full key of ``key`` for the game's kind of bidding: Callbreak's own
    (``advice.calls_<key>``: *콜 달성*, not *계약 성공*) where it has one.

    >>> from belote_lab.games import get
    >>> _kind("col_made", get("callbreak")), _kind("col_mean", get("callbreak"))
    ('advice.calls_col_made', 'advice.col_mean')
    >>> _kind("col_made", get("belote"))
    'advice.col_made'
    """
    own = f"advice.calls_{key}"
    return own if g.bidding == "calls" and own in words.catalogue("en") else f"advice.{key}"


def _num(x: float, g: Game, sign: bool = True) -> str:
    """A score with the game's precision: ``+23``, ``-4.2``; nothing is written ``0``
    (never ``+0`` or ``-0``).

    >>> from belote_lab.games import get
    >>> _num(23, get("belote")), _num(-4.24, get("callbreak")), _num(-0.01, get("callbreak"))
    ('+23', '-4.2', '0')
    """
    digits = len(str(g.score_scale)) - 1
    text = f"{x:{'+' if sign else ''}.{digits}f}"
    return "0" if float(text) == 0 else text


def _range(low: float, high: float, g: Game, ko: bool) -> str:
    """An interval: ``-143~+196`` in Korean, ``-143 … +196`` in English."""
    return f"{_num(low, g)}{'~' if ko else ' … '}{_num(high, g)}"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}"


def _amount(x: float, g: Game, language: str, sign: bool = False) -> str:
    """``23 points`` / ``23점`` (``sign``: ``+23 points``)."""
    n = _num(x, g, sign)
    one = n.lstrip("+-") == "1"
    return words.text("advice.amount_point" if one else "advice.amount_points", language, n=n)


# --- the table, the text, the picture -------------------------------------------------------------
def _grouped(rows: tuple[CallAdvice, ...]) -> list[list[CallAdvice]]:
    """The rows, those of one group (a Coinche trump) together where the group first
    appears."""
    out: list[list[CallAdvice]] = []
    where: dict[str, list[CallAdvice]] = {}
    for r in rows:
        if r.group is None:
            out.append([r])
        elif r.group in where:
            where[r.group].append(r)
        else:
            where[r.group] = [r]
            out.append(where[r.group])
    return out


def _group_json(rows: list[CallAdvice], best: str | int) -> dict[str, Any]:
    """One row of the short table: a call, or a group's best call with the make rate of
    each of its values (``by_value``) and the highest value made in half the deals."""
    top = max(rows, key=lambda r: r.mean)
    out = {**top.to_json(), "best": top.call == best, "highest_half": None, "by_value": None}
    if top.group is None:
        return out
    by_value = {str(r.call)[: -len(top.group)]: _round(r.made, 3) for r in rows}
    half = [int(k) for k, m in by_value.items() if k.isdigit() and m is not None and m >= 0.5]
    return {**out, "contract": top.group, "highest_half": max(half, default=None),
            "by_value": by_value}


def _by_value_text(by_value: dict[str, float | None], trump: str = "", ko: bool = False) -> str:
    """``80 92% · 90 61% · 100+ 0% · capot 0%``: the values after the first never made
    (and none of them made) shown as one; in Korean (``ko``, the bids of ``trump``) a bid
    that is not a value is named as the auction names it (``카포``).

    >>> _by_value_text({"80": 0.5, "90": 0.0, "100": 0.0, "capot": 0.0}, "H", ko=True)
    '80 50% · 90+ 0% · 카포 0%'
    """
    if ko:
        by_value = {k if k.isdigit() else _bid_kind_ko(k + trump): m for k, m in by_value.items()}
    items = list(by_value.items())
    digits = [k for k, _ in items if k.isdigit()]
    parts = []
    for k, m in items:
        rate = 0.0 if m is None else m
        later = digits[digits.index(k):] if k.isdigit() else []
        if later and len(later) > 1 and all(not by_value[x] for x in later):
            parts.append(f"{k}+ 0%")
            parts += [f"{x} {_pct(y or 0)}%" for x, y in items if not x.isdigit()]
            break
        parts.append(f"{k} {_pct(rate)}%")
    return " · ".join(parts)


def _head_lines(a: Advice, g: Game, language: str) -> list[str]:
    """The advice's heading and what its numbers measure."""
    seat = seat_words(a.seat, language)
    head = words.text(f"advice.head_{g.bidding}", language, seat=seat,
                      title=g.title_ko if language == "ko" else g.title, n=f"{a.samples:,}",
                      ms=a.ms)
    duel = a.measure == "margin" and len(g.seats) == 2
    return [head, words.text(f"advice.measure_{'margin_duel' if duel else a.measure}", language)]


def _advice_lines(a: Advice, language: str) -> list[str]:
    g = get(a.game)
    ko = language == "ko"
    out = _head_lines(a, g, language)
    rows = sorted(a.table(), key=lambda r: (not r["best"], -r["mean"]))  # the advised first
    for i, r in enumerate(rows[:4]):
        label = r["label_ko" if ko else "label"]
        key = _kind("made" if i == 0 else "other_made", g)
        made = "" if r["made"] is None else words.text(key, language, p=_pct(r["made"]))
        if r.get("highest_half") is not None:
            made += words.text("advice.half", language, v=_half_bid(r, ko))
        fixed = r["made"] is None and r["low"] == r["high"]  # a pass: always the same score
        mean = _amount(r["mean"], g, language, sign=True) if fixed else _num(r["mean"], g)
        if i == 0:
            # the same score on every deal: no interval to show (it would read "+3 to +3")
            key = "best_fixed" if fixed else "best_same" if r["low"] == r["high"] else "best"
            out.append(words.text(_kind(key, g), language, label=label, mean=mean,
                                  low=_num(r["low"], g), high=_num(r["high"], g), made=made))
        else:
            key = "advice.other_fixed" if fixed else "advice.other"
            out.append(words.text(key, language, label=label, mean=mean, made=made))
    return out + _kept_lines(a, g, language) + _how_lines(a, g, language)


def _kept_lines(a: Advice, g: Game, language: str) -> list[str]:
    """Why a coinche or surcoinche of higher mean is not advised (:data:`DOUBLE_KEPT`,
    :data:`DOUBLE_UNREAD`)."""
    if DOUBLE_KEPT not in a.notes and DOUBLE_UNREAD not in a.notes:
        return []
    double = max(a.rows, key=lambda r: r.mean)
    lead = double_lead(a.rows, a.worth, double)
    if lead is None:
        return []
    mean, low, high, other = lead
    if DOUBLE_UNREAD in a.notes:
        return [words.text("advice.double_unread", language, double=double.label(language),
                           kept=other.label(language), lead=_amount(mean, g, language),
                           low=_num(low, g), high=_num(high, g), n=f"{a.worth:,.0f}",
                           draws=f"{a.draws:,}")]
    key = "advice.double_kept" if math.isfinite(low) else "advice.double_kept_few"
    return [words.text(key, language, double=double.label(language),
                       kept=other.label(language), lead=_amount(mean, g, language),
                       low=_num(low, g), high=_num(high, g), n=f"{a.worth:,.0f}",
                       margin=_num(DOUBLE_MARGIN, g, sign=False))]


def _half_bid(row: dict[str, Any], ko: bool) -> str:
    """The highest bid made in half the deals: ``90`` in English, ``스페이드 90`` in Korean."""
    if not ko:
        return str(row["highest_half"])
    from belote_lab.games.coinche import Bid

    return Bid.parse(f"{row['highest_half']}{row['contract']}").describe("ko")


def _how_lines(a: Advice, g: Game, language: str) -> list[str]:
    """What the simulation assumes."""
    known = words.text("advice.known_taking" if g.bidding == "taking" else "advice.known",
                       language)
    play = (words.text("advice.whole", language) if a.rollout >= g.tricks
            else words.text("advice.rollout", language, k=a.rollout))
    if a.reads_auction:
        out = [words.text("advice.how_read", language, known=known, play=play,
                          worth=f"{a.worth:,.0f}")]
    else:
        out = [words.text("advice.how", language, known=known, play=play)]
    if g.bidding in _PLANS:  # the kinds of bidding advised: what a pass counts as
        own = "" if a.own_call is None else str(a.own_call)
        out.append(words.text(f"advice.pass_{g.bidding}", language, shade=SHADE, c2=own))
    said = words.catalogue(language)
    return out + [words.text(f"advice.note_{n}", language) for n in a.notes
                  if f"advice.note_{n}" in said]


_CELL = ("padding:2px 8px;border-bottom:1px solid rgba(128,128,128,0.5);"
         "text-align:{align};white-space:{wrap}")


def _cell(i: int) -> str:
    """The style of column ``i``: the call and the values by the left, numbers by the right;
    only the values may wrap."""
    return _CELL.format(align="left" if i in (0, 5) else "right",
                        wrap="normal" if i == 5 else "nowrap")


def _advice_html(a: Advice, language: str) -> str:
    g = get(a.game)
    ko = language == "ko"
    rows = a.table()
    grouped = any(r.get("by_value") for r in rows)
    cols = ["col_call", "col_deals", "col_made", "col_mean", "col_interval"]
    cols += ["col_values"] if grouped else []
    head = "".join(
        f'<th style="{_cell(i)}">{html.escape(words.text(_kind(c, g), language))}'
        "</th>" for i, c in enumerate(cols)
    )
    body = []
    for r in rows:
        cells = [
            r["label_ko" if ko else "label"], f"{r['deals']:,}",
            "—" if r["made"] is None else f"{_pct(r['made'])}%", _num(r["mean"], g),
            "—" if r["low"] == r["high"] else _range(r["low"], r["high"], g, ko),
        ]
        if grouped:
            values = r.get("by_value")
            cells.append(_by_value_text(values, r["contract"], ko) if values else "")
        weight = "font-weight:bold;" if r["best"] else ""
        body.append("<tr>" + "".join(
            f'<td style="{weight}{_cell(i)}">'
            f"{html.escape(c)}</td>" for i, c in enumerate(cells)
        ) + "</tr>")
    lines = _head_lines(a, g, language)  # the table shows the calls the text lists
    kept = "".join(f"<div>{html.escape(x)}</div>" for x in _kept_lines(a, g, language))
    notes = html.escape(" ".join([lines[1], *_how_lines(a, g, language)]))
    return (
        '<div class="belote-lab-advice" style="font-family:sans-serif;font-size:14px">'
        f"<div>{html.escape(lines[0])}</div>"
        '<table style="border-collapse:collapse;margin:4px 0">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        f"{kept}"  # why a double of higher mean is not advised: beside the table, full size
        f'<div style="font-size:12px;opacity:0.75">{notes}</div>'
        "</div>"
    )


def _review_line(r: CallReview, language: str) -> str:
    a = r.advice
    g = get(a.game)
    made, best = a.row(r.made), a.row(r.best)
    deals = (words.text("advice.deal", language) if a.samples == 1
             else words.text("advice.deals", language, d=f"{a.samples:,}"))
    values = {"turn": words.text(_kind("turn", g), language, n=r.number),
              "seat": seat_words(r.seat, language), "made": made.label(language),
              "best": best.label(language), "cost": _amount(r.cost, g, language),
              "gap": _amount(r.gap, g, language), "best_made": ""}
    if a.bid_stands:
        return words.text("advice.review_blind", language, **values)
    if DOUBLE_UNREAD in a.notes and made.mean > best.mean:  # kept back: the deals all distinct
        return words.text("advice.review_double_unread", language, **values,
                          lead=_amount(made.mean - best.mean, g, language))
    if DOUBLE_KEPT in a.notes and made.mean > best.mean:  # the double the advice kept back
        return words.text("advice.review_double_kept", language, **values,
                          lead=_amount(made.mean - best.mean, g, language),
                          margin=_num(DOUBLE_MARGIN, g, sign=False))
    if made.call == best.call:
        if made.made is None:
            return words.text(_kind("review_best", g), language, **values)
        return words.text(_kind("review_best_made", g), language, **values,
                          p=_pct(made.made), d=deals)
    if best.made is not None:
        values["best_made"] = words.text(_kind("review_made", g), language,
                                         best=best.label(language), p=_pct(best.made), d=deals)
    return words.text(_kind("review_cost" if r.cost > 0 else "review_close", g), language,
                      **values)
