"""Advice at bidding: each legal call's make rate and mean score, from simulated deals.

:func:`advise` weighs every call the seat to speak may make, in every game that has calls
(four-player Belote's taking, the Coinche auction, two-player Belote's taking, Callbreak's
calls).  It deals the cards the seat has not seen at random around its own cards (and the
turned card), plays each deal out with the call's contract — the first tricks by level-2
players, the rest solved exactly, as the level-4 bidder does
(:class:`~belote_lab.players.bidding.SimBidder`, whose simulation this reuses) — and scores it
by the game's own scoring.  Each contract (a trump, a Coinche contract and its taker, the
Callbreak hand) is simulated once a deal and serves every call of it (every Coinche value,
every Callbreak call), and every contract is played on the same deals, so two calls are
compared deal by deal.

What the simulation assumes, said in :meth:`Advice.text` too:

* the other hands are random: the calls already made are not read into them;
* a pass counts as 0 (Belote, two-player Belote, Coinche with no bid yet: who takes after it,
  or whether the deal is void, is not simulated), or as the bid standing now played out with
  its coinche (Coinche);
* Coinche counts the attack :data:`~belote_lab.players.bidding.SHADE` points short when it
  asks whether a bid is made (the exact solve plays the attack's cards perfectly), as level 4
  does, but for an attack that took every point; a générale counts as made when the side
  takes every trick;
* a tie (litige) counts as not made;
* Callbreak: the seat calls the level-2 call in every simulated hand (the others their calls
  made, or level-2 calls) and each call is scored on those deals.

The mean is the score margin of the seat's side (its score minus the other side's) where two
sides score (Belote, Coinche, two-player Belote), and the seat's own score in Callbreak; the
interval is the mean's 95% normal interval.

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

import html
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from belote_lab.cards import SEATS, Card, Suit, mask_cards, seat_in
from belote_lab.games import Game, get
from belote_lab.games.base import TrickPlay
from belote_lab.games.record import undoable_copy
from belote_lab.korean import kformat, ordinal, seat_word
from belote_lab.players.bidding import SHADE, SimBidder, coinche_score
from belote_lab.players.tuning import per_game
from belote_lab.reasons import LANGUAGES

__all__ = [
    "DEFAULT_SAMPLES",
    "MAX_BUDGET",
    "MAX_SAMPLES",
    "Advice",
    "CallAdvice",
    "CallReview",
    "SEAT_WORDS_EN",
    "advise",
    "review_calls",
    "seat_words",
]

BID_STANDS = "bid_stands"
"""The note of an advice given while a bid stands (Coinche): the deals do not read it into
its bidder's hand, so the numbers are rough and :func:`review_calls` does not judge the call."""

DEFAULT_SAMPLES = 200
"""Deals a call at most (the time budget usually ends the sampling first in Coinche)."""
MAX_SAMPLES = 100_000
MAX_BUDGET = 60.0
"""The longest time budget (seconds) :func:`advise` accepts."""
Z95 = 1.96
HEADROOM = 0.85
"""The share of the time budget the deals may take (the rest: building the table)."""
SAFETY = 2.0
"""Sampling stops when this many rounds of deals of the mean length (or one as long as the
last one, if longer) would end past the budget: a round's time varies (a slow solve, a
busy machine), and the answer must come within it.  The first round is not counted in the
mean, and counts as an eighth of the budget at most (the first solve of a session loads
the solver: a quarter of a second)."""
_NO_CONTRACT = ("pass", "coinche", "surcoinche")  # the Coinche calls that name no contract


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
    highest mean.  ``measure``: ``"margin"`` (the seat's side's score minus the other
    side's) or ``"score"`` (the seat's own score, Callbreak).  ``ms`` is not compared."""

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
        return " ".join(_advice_lines(self, _WORDS[_language(language)]))

    def html(self, language: str = "en") -> str:
        """A small HTML table (inline styles: readable without a notebook's CSS)."""
        return _advice_html(self, _WORDS[_language(language)])

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
        return _review_line(self, _WORDS[_language(language)])

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


def advise(
    state: TrickPlay,
    samples: int = DEFAULT_SAMPLES,
    time_budget: float = 1.0,
    seed: int | None = 0,
) -> Advice:
    """The :class:`Advice` for the seat to call in ``state`` (a hand in its bidding): every
    legal call weighed on at most ``samples`` deals, sampling stopped when the next round of
    deals would likely end past :data:`HEADROOM` of ``time_budget`` seconds (one round at
    least; see :data:`SAFETY`).  Only what the seat may see is read (its observation);
    ``seed`` fixes the deals (``None``: fresh ones), so with the ``samples`` reached inside
    the budget the advice is the same every time."""
    t0 = time.perf_counter()
    _check(state, samples, time_budget, seed)
    g = get(state.game)
    seat = state.current_player
    assert seat is not None
    view = state if state.observer == seat else state.observation(seat)
    bidder = SimBidder(g, seed=seed, samples=samples, time_budget=time_budget)
    plan = _PLANS[g.bidding](bidder, view, seat, view.legal_calls())
    outcomes, n = _simulate(plan, random.Random(seed), samples, t0 + HEADROOM * time_budget)
    rows = tuple(_row(call, c, outcomes, n) for call, c in plan.calls.items())
    best = max(rows, key=lambda r: r.mean).call
    measure = "margin" if len(g.sides) == 2 else "score"
    rollout = per_game(SimBidder.ROLLOUT, g, "bidding simulation")
    ms = (time.perf_counter() - t0) * 1e3
    return Advice(g.name, seat, rows, n, best, measure, rollout, plan.own_call, plan.notes, ms)


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
    plan: _Plan, rng: random.Random, samples: int, deadline: float
) -> tuple[dict[Any, list[Any]], int]:
    """The outcomes of each contract on the same deals, and how many deals: ``samples`` at
    most, stopping when the next round would likely end past ``deadline``."""
    keys = list(dict.fromkeys(c.key for c in plan.calls.values() if c.key is not None))
    outcomes: dict[Any, list[Any]] = {k: [] for k in keys}
    if not keys:
        return outcomes, 0
    rest = list(mask_cards(plan.unseen))
    n = 0
    start = first = time.perf_counter()
    while n < samples:
        last = time.perf_counter()
        rng.shuffle(rest)
        for k in keys:
            outcomes[k].append(plan.deal(k, rest))
        n += 1
        now = time.perf_counter()
        if n == 1:
            first = now
            ahead = min(now - last, (deadline - start) / 8)
        else:
            ahead = max(SAFETY * (now - first) / (n - 1), now - last)
        if now + ahead > deadline:
            break
    return outcomes, n


def _row(call: Any, c: _Call, outcomes: dict[Any, list[Any]], n: int) -> CallAdvice:
    if c.key is None or c.score is None:
        values, made = [0.0] * n, None
    else:
        scored = [c.score(o) for o in outcomes[c.key]]
        values = [v for v, _ in scored]
        shown = bool(scored) and c.shows_made  # a tie (None) counts as not made
        made = sum(1 for _, m in scored if m) / len(scored) if shown else None
    mean, half = _mean_interval(values)
    return CallAdvice(call, c.label_en, c.label_ko, n, made, mean, mean - half, mean + half,
                      c.contract, c.group, tuple(values))


def _mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal interval (0 for fewer than 2 values).

    >>> _mean_interval([1.0, 3.0])
    (2.0, 1.96)
    """
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


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
            calls[call] = _Call(None, None, "Pass", "패스")
            continue
        code = turned.suit.name if call == "take" else call
        en, ko = _taking_labels(call, turned)
        calls[call] = _Call(code, _plain, en, ko, code)
    unseen = bidder.spec.deck_mask & ~mine & ~(1 << turned)
    return _Plan(unseen, deal, calls)


def _taking_labels(call: str, turned: Card) -> tuple[str, str]:
    """``Take ♥`` / ``♥ 가져가기``, ``♣ trump`` / ``♣ 으뜸패``, no trump, all trump."""
    if call == "take":
        return f"Take {turned.suit.symbol}", f"{turned.suit.symbol} 가져가기"
    if call in _WORD_LABELS:
        return _WORD_LABELS[call]
    sym = Suit[call].symbol
    return f"{sym} trump", f"{sym} 으뜸패"


_WORD_LABELS = {
    "NT": ("No trump", "으뜸패 없음"),
    "AT": ("All trump", "모두 으뜸패"),
    "pass": ("Pass", "패스"),
    "coinche": ("Coinche (×2)", "쿠앵슈(×2)"),
    "surcoinche": ("Surcoinche (×4)", "쉬르쿠앵슈(×4)"),
}
_BID_KIND_LABELS = {
    "capot": "Capot",
    "capot_belote": "Capot with belote",
    "generale": "Générale",
    "generale_belote": "Générale with belote",
}


def _trump_label(code: str) -> str:
    if code in _WORD_LABELS:
        return _WORD_LABELS[code][0]
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
        en, ko = _WORD_LABELS.get(call, ("", ""))
        if call in _NO_CONTRACT and (standing is None or by is None):
            calls[call] = _Call(None, None, en, ko)
        elif call in _NO_CONTRACT:
            assert standing is not None and by is not None
            m = {"pass": mult, "coinche": 2, "surcoinche": 4}[call]
            ours = g.side_of(by) == g.side_of(seat)
            score = partial(coinche_score, bid=standing, mult=m, ours=ours, capot_makes=True)
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
        c: _Call("hand", partial(_callbreak_score, call=c), f"Call {c}", f"콜 {c}", str(c))
        for c in legal
    }
    return _Plan(bidder.spec.deck_mask & ~state.hands[seat], deal, calls, own_call=c2)


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
) -> tuple[CallReview, ...]:
    """For each call made in a hand (a hand object, or its record: a dict, JSON text or
    bytes) by ``seat`` (``"N"`` or 0 …), or by every seat when ``None``: the
    :func:`advise` of that moment, from the caller's view (``samples`` and ``time_budget``
    each, so a review of a whole Belote taking of 8 calls takes about 4 s by default),
    against the call made; see :class:`CallReview` for the cost.  The hand is stepped back
    with ``undo()``; a hand that cannot be (a finished hand counted in its game) is read
    again from its record."""
    state = undoable_copy(hand_or_record)
    g = get(state.game)
    who = None if seat is None else seat_in(seat, g.seats)
    out: list[CallReview] = []
    while state.actions:  # back from the last action; each undo restores the state exactly
        kind, _, text = state.actions[-1]
        state.undo()
        caller = state.current_player
        if kind != "call" or caller is None or (who is not None and caller != who):
            continue
        made = state.verify_call(text)
        number = 1 + sum(1 for a in state.actions if a[0] == "call")
        a = advise(state, samples=samples, time_budget=time_budget, seed=seed)
        out.append(_judge(a, number, caller, made))
    return tuple(reversed(out))


def _judge(a: Advice, number: int, seat: int, made: Any) -> CallReview:
    """The made call against the best one, deal by deal (the same deals); not judged (cost
    0) when a bid stands that the deals do not read (:data:`BID_STANDS`)."""
    m, b = a.row(made), a.row(a.best)
    gap = max(0.0, b.mean - m.mean)
    diffs = [x - y for x, y in zip(b.values, m.values, strict=True)]
    mean, half = _mean_interval(diffs)
    cost = gap if diffs and mean - half > 0 and not a.bid_stands else 0.0
    return CallReview(number, seat, m.call, b.call, m.mean, b.mean, gap, cost, a)


# --- words ----------------------------------------------------------------------------------------
def _language(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {LANGUAGES}")
    return language


def _round(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "head": "Bidding advice for {seat} ({title}): {n} simulated deals a call ({ms:.0f} ms).",
        "margin": "A score is your side's score for the hand minus the other side's, by the "
                  "game's own scoring.",
        "score": "A score is your own score for the round.",
        "best": "Best call: {label}, {mean} on average (95% interval {low} to {high}){made}.",
        "best_fixed": "Best call: {label}, {mean}{made}.",
        "made": ", made in {p}% of the deals",
        "other": "{label}: {mean}{made}.",
        "other_made": ", made {p}%",
        "half": "; bids up to {v} made in at least half the deals",
        "how": "How: the cards you have not seen are dealt at random around {known} (the calls "
               "made are not read into the other hands); {play}.",
        "known_taking": "your cards and the turned card",
        "known": "your cards",
        "rollout": "the first {k} tricks are played by level-2 players, the rest solved exactly",
        "whole": "each hand is played out by level-2 players",
        "pass_taking": "A pass counts as 0: who takes after it, or a void deal, is not "
                       "simulated; a tie counts as not made.",
        "pass_auction": "A pass counts as 0 with no bid yet, else as the bid standing now "
                        "played out (with its coinche), and the make rate of a coinche or "
                        "surcoinche is the standing bid's; the attack is counted {shade} "
                        "points short when asking whether it makes its bid, as level 4 does, "
                        "unless it took every point.",
        "pass_calls": "Every call is scored on the same deals, in which you call {c2} (the "
                      "level-2 call) and the others their calls made or level-2 calls.",
        "generale": "A générale counts as made when the side takes every trick (which partner "
                    "takes them is not simulated).",
        "turn": "call {n}",
        "review_cost": "{turn} ({seat}): {made} cost {cost} on average against the best "
                       "call, {best}{best_made}.",
        "review_close": "{turn} ({seat}): {made} scored {gap} less on average than the best "
                        "call, {best}, a difference within the noise of the deals{best_made}.",
        "review_best": "{turn} ({seat}): {made} was the best call{best_made}.",
        "review_blind": "{turn} ({seat}): {made} is not judged: a bid stood, and the "
                        "simulated deals do not read it into its bidder's hand (there, "
                        "{best} scored best).",
        BID_STANDS: "Careful: a bid stands, and these deals do not read it into its bidder's "
                    "hand (its bidder holds what it bid on), so take these numbers as rough.",
        "review_made": "; {best} made {p}% of {d}",
        "review_made_self": " (made {p}% of {d})",
        "points": "points", "point": "point", "deals": "{d} deals", "deal": "1 deal",
        "col_call": "call", "col_deals": "deals", "col_made": "made", "col_mean": "mean",
        "col_interval": "95% interval", "col_values": "made by value",
    },
    "ko": {
        "head": "{seat} 자리 {topic} 조언({title}): {choice}마다 표본 딜 {n}개로 "
                "계산했습니다({ms:.0f}ms).",
        "topic_taking": "공수 결정", "topic_auction": "경매", "topic_calls": "콜",
        "choice": "선택", "choice_calls": "콜",
        "margin": "점수는 이 판에서 우리 팀이 얻은 점수에서 상대 팀 점수를 뺀 값이며, 게임의 "
                  "점수 계산을 그대로 따릅니다.",
        "margin_duel": "점수는 이 판에서 이 자리가 얻은 점수에서 상대편 점수를 뺀 값이며, "
                       "게임의 점수 계산을 그대로 따릅니다.",
        "score": "점수는 이 라운드에서 이 자리가 얻는 점수입니다.",
        "best": "가장 좋은 {choice}: {label}, 평균 {mean}점(95% 신뢰구간 {low}~{high}점){made}.",
        "best_fixed": "가장 좋은 {choice}: {label}, {mean}점{made}.",
        "made": ", 표본 딜의 {p}%에서 계약 성공",
        "made_calls": ", 표본 딜의 {p}%에서 콜 달성",
        "other": "{label}: 평균 {mean}점{made}.",
        "other_fixed": "{label}: {mean}점{made}.",
        "other_made": ", 계약 성공 {p}%",
        "other_made_calls": ", 콜 달성 {p}%",
        "half": ", 표본 딜의 절반 이상에서 성공하는 공약은 {v}까지",
        "how": "계산 방법: {known:을} 뺀 나머지 카드를 무작위로 나눕니다(다른 자리가 앞서 한 "
               "선택은 그 손패에 반영하지 않습니다). {play}.",
        "known_taking": "이 자리의 손패와 뒤집힌 카드",
        "known": "이 자리의 손패",
        "rollout": "처음 {k}트릭은 레벨 2 컴퓨터가 진행하고, 나머지는 모든 패를 공개한 "
                   "계산(더블 더미)으로 정확히 풉니다",
        "whole": "딜마다 끝까지 레벨 2 컴퓨터가 진행합니다",
        "pass_taking": "패스는 0점으로 셉니다. 그 뒤에 누가 가져가는지, 다시 나누는지는 계산하지 "
                       "않습니다. 동점은 계약 실패로 셉니다.",
        "pass_auction": "패스는 아직 공약이 없으면 0점, 있으면 지금 가장 높은 공약(쿠앵슈 "
                        "포함)이 그대로 진행된다고 봅니다. 쿠앵슈와 쉬르쿠앵슈의 성공률은 현재 "
                        "공약의 성공률입니다. 레벨 4처럼 공격 팀 점수를 {shade}점 깎아서 계약 "
                        "성공 여부를 봅니다(모든 점수를 가져간 경우는 빼고).",
        "pass_calls": "모든 콜을 같은 표본 딜로 계산합니다. 표본 딜에서 이 자리는 레벨 2 "
                      "컴퓨터의 콜({c2})을, 다른 자리는 이미 한 콜이나 레벨 2 컴퓨터의 콜을 "
                      "한다고 봅니다.",
        "generale": "제네랄은 공격 팀이 모든 트릭을 가져가면 성공으로 셉니다(두 사람 중 누가 "
                    "가져가는지는 따지지 않습니다).",
        "turn": "{nth} 차례", "turn_calls": "{nth} 콜",
        "review_cost": "{turn}({seat}): {made:은} 가장 좋은 {choice}({best})보다 평균 "
                       "{cost} 손해입니다{best_made}.",
        "review_close": "{turn}({seat}): {made:은} 가장 좋은 {choice}({best})보다 평균 "
                        "{gap} 낮지만, 표본 딜의 오차 범위 안이라 의미 있는 차이는 "
                        "아닙니다{best_made}.",
        "review_best": "{turn}({seat}): {made:은} 가장 좋은 {choice}이었습니다{best_made}.",
        "review_blind": "{turn}({seat}): {made:은} 판정하지 않습니다. 공약이 걸려 있었는데 "
                        "표본 딜은 그 공약을 건 자리의 손패에 반영하지 않기 때문입니다(표본 "
                        "딜에서는 {best:이} 가장 좋았습니다).",
        BID_STANDS: "주의: 공약이 걸려 있지만 표본 딜은 그 공약을 건 자리의 손패에 반영하지 "
                    "않습니다(실제로는 그 자리가 공약할 만한 패를 들고 있습니다). 숫자는 "
                    "대략적인 값으로만 보세요.",
        "review_made": "({best}: {d} 중 {p}% 계약 성공)",
        "review_made_self": "({d} 중 {p}% 계약 성공)",
        "review_made_calls": "({best}: {d} 중 {p}% 콜 달성)",
        "review_made_self_calls": "({d} 중 {p}% 콜 달성)",
        "points": "점", "point": "점", "deals": "표본 딜 {d}개", "deal": "표본 딜 1개",
        "col_call": "선택", "col_call_calls": "콜", "col_deals": "표본 딜",
        "col_made": "계약 성공", "col_made_calls": "콜 달성", "col_mean": "평균",
        "col_interval": "95% 구간", "col_values": "값별 성공률",
    },
}
SEAT_WORDS_EN = ("North", "East", "South", "West")
"""The seats in English texts (the Korean ones: :func:`belote_lab.korean.seat_word`)."""


def seat_words(seat: int, language: str) -> str:
    """A seat as a sentence names it: ``South`` / ``남쪽``.

    >>> seat_words(2, "en"), seat_words(2, "ko")
    ('South', '남쪽')
    """
    return seat_word(seat) if language == "ko" else SEAT_WORDS_EN[seat]


def _ko(w: dict[str, str]) -> bool:
    return w is _WORDS["ko"]


def _kind_key(w: dict[str, str], key: str, g: Game) -> str:
    """``key`` in the words of the game's kind of bidding if it has its own (Callbreak's
    calls are *콜 달성*, not *계약 성공*)."""
    own = f"{key}_{g.bidding}"
    return own if own in w else key


def _kind(w: dict[str, str], key: str, g: Game) -> str:
    """The words of ``key`` for the game's kind of bidding (see :func:`_kind_key`)."""
    return w[_kind_key(w, key, g)]


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


def _amount(x: float, g: Game, w: dict[str, str]) -> str:
    """``23 points`` / ``23점``."""
    n = _num(x, g, sign=False)
    if _ko(w):
        return f"{n}점"
    return f"{n} {w['point'] if n == '1' else w['points']}"


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


def _advice_lines(a: Advice, w: dict[str, str]) -> list[str]:
    g = get(a.game)
    ko = _ko(w)
    seat = seat_words(a.seat, "ko" if ko else "en")
    choice = _kind(w, "choice", g) if ko else ""
    head = w["head"].format(seat=seat, title=g.title_ko if ko else g.title, n=f"{a.samples:,}",
                            ms=a.ms, topic=_kind(w, "topic", g) if ko else "", choice=choice)
    measure = a.measure if len(g.seats) > 2 or f"{a.measure}_duel" not in w else "margin_duel"
    out = [head, w[measure]]
    rows = sorted(a.table(), key=lambda r: -r["mean"])
    for i, r in enumerate(rows[:4]):
        label = r["label_ko" if ko else "label"]
        key = _kind_key(w, "made" if i == 0 else "other_made", g)
        made = "" if r["made"] is None else w[key].format(p=_pct(r["made"]))
        if r.get("highest_half") is not None:
            made += w["half"].format(v=_half_bid(r, ko))
        fixed = r["made"] is None and r["low"] == r["high"]  # a pass: always the same score
        mean = _amount(r["mean"], g, w) if fixed and not ko else _num(r["mean"], g)
        if i == 0:
            key = "best_fixed" if fixed else "best"
            out.append(w[key].format(label=label, mean=mean, low=_num(r["low"], g),
                                     high=_num(r["high"], g), made=made, choice=choice))
        else:
            key = "other_fixed" if fixed and "other_fixed" in w else "other"
            out.append(w[key].format(label=label, mean=mean, made=made))
    return out + _how_lines(a, g, w)


def _half_bid(row: dict[str, Any], ko: bool) -> str:
    """The highest bid made in half the deals: ``90`` in English, ``스페이드 90`` in Korean."""
    if not ko:
        return str(row["highest_half"])
    from belote_lab.games.coinche import Bid

    return Bid.parse(f"{row['highest_half']}{row['contract']}").describe("ko")


def _how_lines(a: Advice, g: Game, w: dict[str, str]) -> list[str]:
    """What the simulation assumes."""
    known = w["known_taking"] if g.bidding == "taking" else w["known"]
    play = w["whole"] if a.rollout >= g.tricks else w["rollout"].format(k=a.rollout)
    how = kformat(w["how"], known=known, play=play) if _ko(w) else w["how"].format(
        known=known, play=play)
    out = [how]
    own = "" if a.own_call is None else str(a.own_call)
    out.append(w.get(f"pass_{g.bidding}", "").format(shade=SHADE, c2=own))
    out += [w[n] for n in a.notes if n in w]
    return [x for x in out if x]


_CELL = ("padding:2px 8px;border-bottom:1px solid rgba(128,128,128,0.5);"
         "text-align:{align};white-space:{wrap}")


def _cell(i: int) -> str:
    """The style of column ``i``: the call and the values by the left, numbers by the right;
    only the values may wrap."""
    return _CELL.format(align="left" if i in (0, 5) else "right",
                        wrap="normal" if i == 5 else "nowrap")


def _advice_html(a: Advice, w: dict[str, str]) -> str:
    g = get(a.game)
    ko = _ko(w)
    rows = a.table()
    grouped = any(r.get("by_value") for r in rows)
    cols = ["col_call", "col_deals", "col_made", "col_mean", "col_interval"]
    cols += ["col_values"] if grouped else []
    head = "".join(
        f'<th style="{_cell(i)}">{html.escape(_kind(w, c, g))}'
        "</th>" for i, c in enumerate(cols)
    )
    body = []
    for r in rows:
        fixed = r["made"] is None and r["low"] == r["high"]
        cells = [
            r["label_ko" if ko else "label"], f"{r['deals']:,}",
            "—" if r["made"] is None else f"{_pct(r['made'])}%", _num(r["mean"], g),
            "—" if fixed else _range(r["low"], r["high"], g, ko),
        ]
        if grouped:
            values = r.get("by_value")
            cells.append(_by_value_text(values, r["contract"], ko) if values else "")
        weight = "font-weight:bold;" if r["best"] else ""
        body.append("<tr>" + "".join(
            f'<td style="{weight}{_cell(i)}">'
            f"{html.escape(c)}</td>" for i, c in enumerate(cells)
        ) + "</tr>")
    lines = _advice_lines(a, w)
    notes = html.escape(" ".join([lines[1], *_how_lines(a, g, w)]))
    return (
        '<div class="belote-lab-advice" style="font-family:sans-serif;font-size:14px">'
        f"<div>{html.escape(lines[0])}</div>"
        '<table style="border-collapse:collapse;margin:4px 0">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        f'<div style="font-size:12px;opacity:0.75">{notes}</div>'
        "</div>"
    )


def _review_line(r: CallReview, w: dict[str, str]) -> str:
    a = r.advice
    g = get(a.game)
    ko = _ko(w)
    lang = "ko" if ko else "en"
    made, best = a.row(r.made), a.row(r.best)
    seat = seat_words(r.seat, lang)
    turn = _kind(w, "turn", g).format(n=r.number, nth=ordinal(r.number))
    deals = w["deal"] if a.samples == 1 else w["deals"].format(d=f"{a.samples:,}")
    words = {"turn": turn, "seat": seat, "made": made.label(lang), "best": best.label(lang),
             "choice": _kind(w, "choice", g) if ko else "",
             "cost": _amount(r.cost, g, w), "gap": _amount(r.gap, g, w), "best_made": ""}
    fill = kformat if ko else str.format
    if a.bid_stands:
        return fill(w["review_blind"], **words)
    if made.call == best.call:
        if made.made is not None:
            words["best_made"] = _kind(w, "review_made_self", g).format(
                p=_pct(made.made), d=deals)
        return fill(w["review_best"], **words)
    if best.made is not None:
        words["best_made"] = _kind(w, "review_made", g).format(
            best=best.label(lang), p=_pct(best.made), d=deals)
    return fill(w["review_cost" if r.cost > 0 else "review_close"], **words)
