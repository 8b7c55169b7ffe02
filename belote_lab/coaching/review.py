"""Review a hand: what each card played cost with every card known, and what it was worth
from what its player could see.

:func:`review` steps back through a hand (a hand object, or a hand record as written by
``hand.to_json()`` or :mod:`belote_lab.play.record_io`) and, for each card played (by one seat, or
by every seat), solves the position just before it with every hand known
(:func:`belote_lab.solver.position.solve_position`, ``all_values=True``).  A card's
**value** is what its side wins from that card to the end of the hand with best play by
everyone: card points with the last-trick bonus (belote and capot bonuses left out), or
tricks where the game counts tricks (Callbreak).  Its **cost** is ``best - value``: 0 when
the card was among the best.  That is the *double-dummy* cost: it knows where every card
lay, which the player did not.

Beside it, each card gets **what the hint said** from what its player could see
(:func:`belote_lab.coaching.hints.hint` with the table's seed, deals and time: the hint the table
showed at that moment): the hint's best card and the card played compared deal by deal on
the same sampled deals, the mean of the differences (the **seat-view cost**) and its 95%
interval (:class:`HintSaid`).  The **verdict** (:attr:`ReviewRow.verdict`) comes from that
view, as lichess grades a move: ``"best"``, ``"inaccuracy"``, ``"mistake"`` or
``"blunder"`` by :data:`THRESHOLDS` (:func:`grade`); ``"within noise"`` when the interval
straddles one of those lines; ``"lucky"`` when the hint rated the card an inaccuracy or worse
(the whole interval) but it cost nothing with every card known — a lucky card is never
``"best"`` —, ``"unlucky"`` when it cost something with every card known but the hint rated
it less than an inaccuracy below its best card (:func:`judge`).  Without a hint
(``hints=False``) the verdict is the double-dummy cost alone, ``"best"`` or ``"costly"``,
and the text says so.

The calls are weighed as the table's bidding advice weighs them
(:func:`belote_lab.coaching.advice.review_calls`: the same seed, so the same deals, and as many
deals as the table's advice asks for); when the best call's interval against the second
does not separate from 0, more deals are weighed, and the verdict says whether they
separate (:class:`CallVerdict`).

:meth:`Review.text` writes the review in English or Korean; its sentences are the ``review.``
namespace of the catalogue of words (``belote_lab/words/en/review.json``, ``ko/review.json``).
Every verdict in it names its number of deals and its 95% interval.

Two limits, both said in the table and in its text:

* two-player Belote: while the stock lasts the cards still to be drawn are unknown to both
  players, so a double-dummy value would read the stock's order; the cards of the stock
  phase are marked not reviewed exactly (``why_not == "stock"``), the exact review starts
  with the first trick played from an empty stock; the hint's sampled view (and its
  verdict) is given for the stock phase too;
* each solve gets ``node_limit`` nodes (about 0.4 s).  Four-player Belote and Coinche stay
  far under it; Callbreak's first tricks (13 cards each) do not: going back from the last
  trick, the first solve that would pass the limit ends the search, and that card and
  every earlier one are marked not reviewed (``why_not == "budget"``).

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand.from_hands({"N": "JH 9H AH TH KH QH 8H 7H",
...     "E": "AS TS KS QS JS 9S 8S 7S", "S": "AD TD KD QD JD 9D 8D 7D",
...     "W": "AC TC KC QC JC 9C 8C 7C"}, "H", taker="N", first_leader="N")
>>> for c in ("7H", "7S", "7D", "7C"):
...     h.play(c)
>>> r = review(h)
>>> [(x.seat_name, x.card.text, x.value, x.cost) for x in r.rows][:2]
[('N', '7H', 162, 0), ('E', '7S', 0, 0)]
>>> r.total_cost("N"), r.unit
(0, 'points')
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from belote_lab import words
from belote_lab.cards import SEATS, Card, seat_in
from belote_lab.coaching.advice import DEFAULT_SAMPLES, CallReview, advise, review_calls, seat_words
from belote_lab.coaching.hints import hint
from belote_lab.games import Game, get
from belote_lab.games.base import TrickPlay
from belote_lab.games.record import hand_to_json, undoable_copy
from belote_lab.players.inference import paired_interval
from belote_lab.solver.position import SearchAborted, position_of, solve_position

__all__ = [
    "CALL_BUDGET",
    "CALL_MORE_BUDGET",
    "CALL_MORE_SAMPLES",
    "CALL_SAMPLES",
    "DEFAULT_NODE_LIMIT",
    "GRADES",
    "HINT_BUDGET",
    "HINT_SAMPLES",
    "SEED",
    "THRESHOLDS",
    "VERDICTS",
    "CallVerdict",
    "HintSaid",
    "Review",
    "ReviewRow",
    "gap_text",
    "grade",
    "judge",
    "level_with_first",
    "paired_interval",
    "review",
]

DEFAULT_NODE_LIMIT = 4_000_000
"""Nodes a solve may search (about 0.4 s); :func:`review` gives up on larger positions."""

SEED = 0
"""The seed of the review's hints and advice: the table's (its hint and its bidding advice
are asked with ``seed=0``), so the review weighs the deals the table showed."""

HINT_SAMPLES = 32
"""Sampled deals the review's hint may solve before each card: as many as the table's hint
(``PlayTable(hint_samples=32)``), so that it sees the same deals (fewer if its time is up)."""

HINT_BUDGET = 0.9
"""Seconds the review's hint may take before each card: the table's hint's (``hint_budget``).
A first lead takes all of it; later cards, far smaller positions, a few milliseconds."""

CALL_SAMPLES = DEFAULT_SAMPLES
"""Simulated deals the review weighs each call on first: as many as the table's bidding
advice (:data:`belote_lab.coaching.advice.DEFAULT_SAMPLES`), the same seed, so the same deals."""

CALL_BUDGET = 1.0
"""Seconds the review may take to weigh each call first: the table's advice's."""

CALL_MORE_SAMPLES = 1_000
"""Simulated deals a call is weighed on when the best call's 95% interval against the second
includes 0 after :data:`CALL_SAMPLES` (the first deals are the same ones: the same seed)."""

CALL_MORE_BUDGET = 2.0
"""Seconds the review may take to weigh such a call again on more deals."""

STOCK = "stock"
BUDGET = "budget"

THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "points": (4.0, 10.0, 25.0),
    "tricks": (0.25, 0.5, 1.0),
}
"""How far below the best a card (or a call) must be, from its player's view, to be an
inaccuracy, a mistake, a blunder — in the review's unit.

Points (the Belote games: 162 card points a hand, 152 in the cards and 10 for the last
trick): **4** for an inaccuracy, a king's worth, twice the ±2 points within which the hint
may value a card on a deal past its share of the search (so a difference of two cards may be
off by up to 4 on such a deal): less is within what the hint itself may blur, and seldom
changes a result; **10** for a mistake, a ten or the last trick's bonus, about what decides
whether a contract is made (81 of 162 points); **25** for a blunder, a trick with an ace and a
ten in it, a sixth of the hand: enough to turn a made contract into a failed one.  A call is
judged on its score (the side's margin, in points too).

Tricks (Callbreak, 13 tricks a hand, a call made or failed by one trick): **0.25** for an
inaccuracy (a trick lost in one deal of four), **0.5** for a mistake (every other deal),
**1** for a blunder (a whole trick on average: a call made becomes a call failed).  A
Callbreak call is judged on its round score, whose unit is a call's worth (3 for a call of 3,
0.1 an extra trick): the same lines."""

GRADES = ("best", "inaccuracy", "mistake", "blunder")
"""The verdicts by :data:`THRESHOLDS`, from the best up."""

VERDICTS = (*GRADES, "lucky", "unlucky", "within noise", "costly")
"""Every verdict: the grades, then lucky and unlucky (the exact cost against the player's
view), within noise (the interval straddles a line), costly (double-dummy only: no hint)."""


def grade(gap: float, unit: str) -> str:
    """The grade of a card (or call) ``gap`` below the best, in ``unit``.

    >>> [grade(x, "points") for x in (0, 3.9, 4, 9.9, 10, 25)]
    ['best', 'best', 'inaccuracy', 'inaccuracy', 'mistake', 'blunder']
    >>> grade(0.5, "tricks"), grade(-math.inf, "points"), grade(math.inf, "tricks")
    ('mistake', 'best', 'blunder')
    """
    return GRADES[sum(1 for line in THRESHOLDS[unit] if gap >= line)]


def judge(low: float, high: float, unit: str, exact_cost: float | None) -> str:
    """The verdict of a card whose player's view put it ``low`` to ``high`` below the best
    (the 95% interval) and whose double-dummy cost is ``exact_cost`` (``None``: unknown).

    ``"lucky"`` when the whole interval is an inaccuracy or worse but the exact cost is 0;
    ``"unlucky"`` when the exact cost is above 0 but the whole interval is below an
    inaccuracy; else the grade of both ends, or ``"within noise"`` when they differ.

    >>> judge(5.2, 18.0, "points", 0), judge(5.2, 18.0, "points", None)
    ('lucky', 'within noise')
    >>> judge(-1.2, 2.8, "points", 34), judge(-1.2, 2.8, "points", 0)
    ('unlucky', 'best')
    >>> judge(3.1, 9.8, "points", 0), judge(11.0, 20.0, "points", 7)
    ('within noise', 'mistake')
    """
    low_grade, high_grade = grade(low, unit), grade(high, unit)
    if exact_cost == 0 and low_grade != "best":
        return "lucky"
    if exact_cost is not None and exact_cost > 0 and high_grade == "best":
        return "unlucky"
    return low_grade if low_grade == high_grade else "within noise"


@dataclass(frozen=True)
class HintSaid:
    """What :func:`belote_lab.coaching.hints.hint` said before a card, from its player's view: the
    mean value of the card played (``value``) and of the hint's best card (``best``), over
    ``samples`` deals (``exact`` when nothing was hidden any more), and the 95% interval
    ``low`` … ``high`` of the difference best − played, deal by deal (``None``: one sampled
    deal, no interval)."""

    value: float
    best: float
    best_card: Card
    samples: int
    exact: bool
    played_on: int = 0
    """How many of the deals were played on by level-2 players before being solved (a
    position too large to solve whole in the hint's time)."""
    low: float | None = None
    high: float | None = None

    @property
    def cost(self) -> float:
        """How far below its best card the hint rated the card played (0 when it was): the
        seat-view cost."""
        return max(0.0, self.best - self.value)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the seat-view cost (exact: the cost itself; one deal:
        unbounded).

        >>> from belote_lab.cards import Card
        >>> HintSaid(40.0, 51.5, Card.parse("AS"), 1, True).interval
        (11.5, 11.5)
        """
        if self.low is not None and self.high is not None:
            return self.low, self.high
        if self.exact:
            return self.cost, self.cost
        return -math.inf, math.inf

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "value": round(self.value, 2), "best": round(self.best, 2),
            "best_card": self.best_card.text, "cost": round(self.cost, 2),
            "low": round(low, 2) if math.isfinite(low) else None,
            "high": round(high, 2) if math.isfinite(high) else None,
            "samples": self.samples, "exact": self.exact, "played_on": self.played_on,
        }


@dataclass(frozen=True)
class ReviewRow:
    """One card played: its trick (1-based), seat (an index), the card, and — when reviewed
    (``why_not`` is ``None``) — its value, the best value, the best cards and the cost, all in
    ``unit`` (``"points"`` or ``"tricks"``) for the side of the seat, from that card on;
    ``hint``: what the hint said from the seat's view (``None`` when not asked)."""

    trick: int
    seat: int
    card: Card
    value: int | None
    best: int | None
    best_cards: tuple[Card, ...]
    cost: int | None
    unit: str
    why_not: str | None = None  # "stock" or "budget" when not reviewed
    hint: HintSaid | None = None

    @property
    def reviewed(self) -> bool:
        return self.why_not is None

    @property
    def seat_cost(self) -> float | None:
        """The cost from the seat's view (the hint's), ``None`` without a hint."""
        return None if self.hint is None else self.hint.cost

    @property
    def verdict(self) -> str | None:
        """From the seat's view (with a hint): :func:`judge` of the hint's interval and the
        exact cost — best, inaccuracy, mistake, blunder, lucky, unlucky or within noise (a
        hint that saw every card: the exact cost's :func:`grade`, luck has no part in it).
        Without a hint, the double-dummy cost alone: ``"best"`` (cost 0), ``"costly"``, or
        ``None`` (not reviewed exactly)."""
        if self.hint is None:
            if self.cost is None:
                return None
            return "best" if self.cost == 0 else "costly"
        if self.hint.exact:  # nothing was hidden: no luck in it, the exact cost's grade
            return grade(self.hint.cost if self.cost is None else self.cost, self.unit)
        low, high = self.hint.interval
        return judge(low, high, self.unit, self.cost)

    @property
    def differs(self) -> bool:
        """Did the hint put another card first than the best cards with every card known?
        (the review then says why it does not follow the hint)"""
        return (self.hint is not None and self.reviewed and not self.hint.exact
                and self.hint.best_card not in self.best_cards)

    @property
    def seat_name(self) -> str:
        return SEATS[self.seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "trick": self.trick, "seat": self.seat_name, "card": self.card.text,
            "value": self.value, "best": self.best,
            "best_cards": [c.text for c in self.best_cards], "cost": self.cost,
            "unit": self.unit, "reviewed": self.reviewed, "why_not": self.why_not,
            "verdict": self.verdict,
            "hint": None if self.hint is None else self.hint.to_json(),
        }


@dataclass(frozen=True)
class CallVerdict:
    """One call made, against the bidding advice at that moment (``review``, a
    :class:`~belote_lab.coaching.advice.CallReview`), with the 95% intervals the verdict reads: of
    the best call's score minus the made call's (``low`` … ``high``, deal by deal; 0 … 0 when the
    made call is the best) and of the best call's minus the second's (``lead_low`` …
    ``lead_high``; the second is ``runner``).  ``verdict``: ``"best"`` when the made call is
    the best and separates from the second (its lead's interval above 0), ``"within noise"``
    when it does not, else :func:`judge` of the interval; ``None`` when not judged (a bid
    stood that the deals do not read).  ``first``: the advice on the table's deals when more
    deals were weighed because those did not separate the first two calls."""

    review: CallReview
    verdict: str | None
    low: float
    high: float
    runner: str | int | None
    lead_low: float
    lead_high: float
    unit: str
    first: CallReview | None = None

    @property
    def number(self) -> int:
        return self.review.number

    @property
    def seat(self) -> int:
        return self.review.seat

    @property
    def made(self) -> str | int:
        return self.review.made

    @property
    def best(self) -> str | int:
        return self.review.best

    @property
    def cost(self) -> float:
        return self.review.cost

    @property
    def advice(self) -> Any:
        return self.review.advice

    @property
    def deals(self) -> int:
        return int(self.review.advice.samples)

    @property
    def separated(self) -> bool:
        """Does the best call's interval against the second lie above 0?"""
        return self.lead_low > 0

    def to_json(self) -> dict[str, Any]:
        def num(x: float) -> float | None:
            return round(x, 2) if math.isfinite(x) else None

        return {
            **self.review.to_json(), "verdict": self.verdict, "low": num(self.low),
            "high": num(self.high), "runner": self.runner, "lead_low": num(self.lead_low),
            "lead_high": num(self.lead_high), "separated": self.separated,
            "first_deals": None if self.first is None else self.first.advice.samples,
            "first_best": None if self.first is None else self.first.best,
        }

    def text(self, language: str = "en") -> str:
        """One sentence: the call, its verdict, the deals and the interval."""
        return _call_line(self, words.check_language(language))

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Review:
    """The review of one hand: a row per card played (in the order of play) by ``seat``, or by
    every seat when ``seat`` is ``None``.  ``ms`` (the time it took) is not compared."""

    game: str
    seat: int | None
    rows: tuple[ReviewRow, ...]
    unit: str
    node_limit: int | None
    ms: float = field(default=0.0, compare=False)
    calls: tuple[CallVerdict, ...] = ()
    """The calls of the hand (of ``seat``) against the bidding advice at that moment
    (:class:`CallVerdict`); empty when not asked."""

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[ReviewRow]:
        return iter(self.rows)

    @property
    def reviewed(self) -> list[ReviewRow]:
        """The rows that have a value (not in the stock phase, not past the budget)."""
        return [r for r in self.rows if r.reviewed]

    @property
    def hinted(self) -> bool:
        """Were the cards judged from their player's view (a hint for some row)?"""
        return any(r.hint is not None for r in self.rows)

    def costliest(self, n: int = 3) -> list[ReviewRow]:
        """The ``n`` reviewed cards of highest cost, costliest first (ties in order of play)."""
        return sorted(self.reviewed, key=lambda r: -(r.cost or 0))[:n]

    def notable(self, n: int = 3) -> list[ReviewRow]:
        """The ``n`` cards that cost nothing with every card known (or have no exact value)
        but whose verdict from the seat's view is not best — lucky cards first, then by
        seat-view cost."""
        rows = [r for r in self.rows if not r.cost and r.verdict not in (None, "best")]
        return sorted(rows, key=lambda r: (r.verdict != "lucky", -(r.seat_cost or 0)))[:n]

    def total_cost(self, seat: int | str) -> int:
        """What the reviewed cards of ``seat`` cost in all (points or tricks)."""
        s = seat_in(seat, get(self.game).seats)
        return sum(r.cost or 0 for r in self.reviewed if r.seat == s)

    def table(self) -> list[dict[str, Any]]:
        """The rows as plain dicts (``pandas.DataFrame(review.table())`` shows them)."""
        return [r.to_json() for r in self.rows]

    def text(self, language: str = "en", n: int = 3) -> str:
        """The review in words (``en`` or ``ko``): what was reviewed and how the verdicts are
        given, the ``n`` costliest cards, the ``n`` other cards whose verdict is not best
        (lucky cards first), the calls and each seat's total cost."""
        if language not in words.LANGUAGES:
            raise ValueError(f"unknown language {language!r}; choose one of {words.LANGUAGES}")
        return "\n".join(_lines(self, language, n))

    def __str__(self) -> str:
        return self.text()


# --- reviewing ---------------------------------------------------------------------------------
def review(
    hand_or_record: Any, seat: int | str | None = None,
    node_limit: int | None = DEFAULT_NODE_LIMIT,
    hints: bool | None = None,
    hint_samples: int = HINT_SAMPLES,
    hint_budget: float = HINT_BUDGET,
    calls: bool | None = None,
    call_samples: int = CALL_SAMPLES,
    call_budget: float = CALL_BUDGET,
    call_more_samples: int = CALL_MORE_SAMPLES,
    call_more_budget: float = CALL_MORE_BUDGET,
) -> Review:
    """The :class:`Review` of a hand (a hand object, or its record: a dict, JSON text or
    bytes) for the cards of ``seat`` (``"N"`` or 0 …), or of every seat when ``None``.
    Each solve may search ``node_limit`` nodes (``None``: no limit).  With ``hints`` (by
    default: when a seat is given) each card also gets what the hint said before it, from
    ``hint_samples`` sampled deals at most within ``hint_budget`` seconds (the table's hint:
    seed :data:`SEED`).  With ``calls`` (by default: when a seat is given) each call is
    weighed against the bidding advice at that moment, from ``call_samples`` simulated deals
    within ``call_budget`` seconds, and again from ``call_more_samples`` within
    ``call_more_budget`` when the best call did not separate from the second (``0``: never)."""
    t0 = time.perf_counter()
    state = undoable_copy(hand_or_record)
    whole = hand_to_json(state)  # (the calls are weighed on the whole hand, undone apart)
    g = get(state.game)
    who = None if seat is None else seat_in(seat, g.seats)
    ask = (who is not None) if hints is None else bool(hints)
    rows: list[ReviewRow] = []
    gave_up = False
    while state.actions:  # back from the last action; each undo restores the state exactly
        card = state.actions[-1].card  # None: a call
        state.undo()
        if card is None or (who is not None and state.to_play != who):
            continue
        row = _judge(state, g, card, node_limit, gave_up)
        if ask:
            row = replace(row, hint=_hint_said(state, row.card, hint_samples, hint_budget))
        gave_up = gave_up or row.why_not == BUDGET
        rows.append(row)
    weighed: tuple[CallVerdict, ...] = ()
    if (who is not None) if calls is None else calls:
        weighed = _weigh_calls(whole, who, g, (call_samples, call_budget),
                               (call_more_samples, call_more_budget))
    ms = (time.perf_counter() - t0) * 1e3
    return Review(g.name, who, tuple(reversed(rows)), g.counts, node_limit, ms, weighed)


def _hint_said(state: TrickPlay, card: Card, samples: int, budget: float) -> HintSaid | None:
    """What the hint said of ``card`` from the view of the seat about to play it, with the
    95% interval of (best card − ``card``) over the hint's deals."""
    try:
        hn = hint(state, samples=samples, time_budget=budget, seed=SEED)
    except RuntimeError:  # no deal consistent with what the seat saw: nothing to say
        return None
    best = hn.values[hn.best]
    low: float | None = None
    high: float | None = None
    top, mine = hn.per_deal.get(best.card), hn.per_deal.get(card)
    if best.card == card:  # the same card on every deal (a card alone in its hand, too)
        low = high = 0.0
    elif hn.exact:
        low = high = max(0.0, best.mean - hn.values[card].mean)
    elif top is not None and mine is not None and len(top) > 1:
        _, low, high = paired_interval(top, mine, hn.worth)
    return HintSaid(hn.values[card].mean, best.mean, best.card, hn.samples, hn.exact,
                    hn.played_on, low, high)


def _judge(
    state: TrickPlay, g: Game, card: Card, node_limit: int | None, gave_up: bool
) -> ReviewRow:
    """The row of ``card``, about to be played in ``state`` by the seat to play."""
    seat, trick = state.to_play, state.trick_number
    why = None
    if g.has_stock and state.stock_left:
        why = STOCK
    elif gave_up:
        why = BUDGET
    else:
        pos = position_of(state, g.side_with(seat))
        try:
            sol = solve_position(pos, all_values=True, node_limit=node_limit)
        except SearchAborted:
            why = BUDGET
    if why is not None:
        return ReviewRow(trick, seat, card, None, None, (), None, g.counts, why)
    value = sol.values[card]
    return ReviewRow(trick, seat, card, value, sol.value, tuple(sol.best), sol.value - value,
                     g.counts)


# --- the calls ------------------------------------------------------------------------------------
def _weigh_calls(
    whole: dict[str, Any], who: int | None, g: Game, first: tuple[int, float],
    more: tuple[int, float],
) -> tuple[CallVerdict, ...]:
    """Each call (of ``who``) against the advice on the table's deals (``first``: samples and
    seconds); a call whose best and second calls do not separate is weighed again on
    ``more`` deals (the same first ones: the same seed)."""
    reviews = review_calls(whole, who, samples=first[0], time_budget=first[1], seed=SEED)
    states: dict[int, TrickPlay] | None = None
    out = []
    for c in reviews:
        v = _call_verdict(c, g.counts)
        if v.verdict is not None and not v.separated and v.runner is not None and (
            more[0] > c.advice.samples
        ):
            states = _call_states(whole) if states is None else states
            a = advise(states[c.number], samples=more[0], time_budget=more[1], seed=SEED)
            again = _call_review(c, a)
            v = replace(_call_verdict(again, g.counts), first=c)
        out.append(v)
    return tuple(out)


def _call_states(whole: dict[str, Any]) -> dict[int, TrickPlay]:
    """The state before each call of the hand, by the call's number (1-based)."""
    state = undoable_copy(whole)
    number = sum(1 for a in state.actions if a[0] == "call")
    out: dict[int, TrickPlay] = {}
    while state.actions:
        kind = state.actions[-1][0]
        state.undo()
        if kind == "call":
            out[number] = state.copy()
            number -= 1
    return out


def _call_review(c: CallReview, a: Any) -> CallReview:
    """The call ``c`` against the advice ``a`` (more deals), as
    :func:`belote_lab.coaching.advice.review_calls` judges it: its cost is the gap to the best call
    when the deal-by-deal interval lies above 0, else 0."""
    m, b = a.row(c.made), a.row(a.best)
    gap = max(0.0, b.mean - m.mean)
    _, low, _ = paired_interval(b.values, m.values, a.worth)
    cost = gap if low > 0 and not a.bid_stands else 0.0
    return CallReview(c.number, c.seat, m.call, b.call, m.mean, b.mean, gap, cost, a)


def _call_verdict(c: CallReview, unit: str) -> CallVerdict:
    """The verdict of the call ``c`` from its advice's per-deal scores (see
    :class:`CallVerdict`)."""
    a = c.advice
    made, top = a.row(c.made), a.row(a.best)
    others = sorted((r for r in a.rows if r.call != top.call), key=lambda r: -r.mean)
    runner = others[0] if others else None
    if made.call == top.call:
        low = high = 0.0
    else:
        _, low, high = paired_interval(top.values, made.values, a.worth)
    lead_low = lead_high = math.inf
    if runner is not None:
        _, lead_low, lead_high = paired_interval(top.values, runner.values, a.worth)
    verdict: str | None
    if a.bid_stands:
        verdict = None
    elif made.call == top.call:
        verdict = "best" if lead_low > 0 else "within noise"
    else:
        verdict = judge(low, high, unit, None)
    return CallVerdict(c, verdict, low, high, None if runner is None else runner.call,
                       lead_low, lead_high, unit)


# --- words ----------------------------------------------------------------------------------------
# The texts are the ``review.`` namespace of the catalogue of words (belote_lab/words/en/
# review.json, ko/review.json): the head, how the verdicts are given (``scale``, or
# ``dd_only`` without hints), the cards not reviewed, a line a card with what its player
# could see (``seen``: ``span_*`` how far below the hint's best card, ``said_<verdict>``),
# the calls (``call_*``) and the totals; ``amount_<unit>`` writes a cost.


def _amount(value: int | str, unit: str, language: str, plural: bool = False) -> str:
    """``14 points``, ``1 trick``; ``14점``, ``1트릭`` (``plural``: ``1.0 points``)."""
    key = unit if plural or value != 1 else unit[:-1]
    return words.text(f"review.amount_{key}", language, n=value)


def gap_text(x: float, unit: str) -> str:
    """A seat-view gap as the review writes it: one decimal (``3.1``), two in tricks
    (``0.25``); never ``-0.0``.

    >>> gap_text(3.14, "points"), gap_text(0.251, "tricks"), gap_text(-0.01, "points")
    ('3.1', '0.25', '0.0')
    """
    text = f"{x:.{2 if unit == 'tricks' else 1}f}"
    return text.lstrip("-") if float(text) == 0 else text



def level_with_first(row: ReviewRow) -> bool:
    """Whether the hint put the card played first, or level with its first card on every
    deal as the review writes a gap (``0.0`` below: a tie, not a card below)."""
    h = row.hint
    if h is None:
        return False
    if h.best_card == row.card or (h.exact and h.cost == 0):
        return True
    high = h.interval[1]
    return (float(gap_text(h.cost, row.unit)) == 0
            and (not math.isfinite(high) or float(gap_text(high, row.unit)) <= 0))


def _gap(value: float, unit: str, language: str) -> str:
    """``9.5 points``, ``0.40 tricks``; ``9.5점``."""
    return _amount(gap_text(value, unit), unit, language, plural=True)


def _span_range(low: float, high: float, unit: str, language: str) -> str:
    """``3.1 to 9.8 points`` / ``3.1~9.8점``."""
    both = words.text("review.range", language, a=gap_text(low, unit), b=gap_text(high, unit))
    return _amount(both, unit, language, plural=True)


def _lines(r: Review, language: str, n: int) -> list[str]:
    g = get(r.game)
    seats = tuple(seat_words(s, language) for s in range(len(SEATS)))
    who = (words.text("review.every", language) if r.seat is None
           else words.text("review.one", language, seat=seats[r.seat]))
    title = g.title_ko if language == "ko" else g.title
    out = [words.text("review.head", language, title=title, who=who,
                      what=words.text(f"review.{r.unit}", language))]
    if not r.rows:
        return [*out, words.text("review.nothing", language)]
    t1, t2, t3 = (_amount(f"{t:g}", r.unit, language, plural=True) for t in THRESHOLDS[r.unit])
    if r.hinted:
        out.append(words.text("review.scale", language, t1=t1, t2=t2, t3=t3))
    elif r.reviewed:
        out.append(words.text("review.dd_only", language))
    for why in (STOCK, BUDGET):
        skipped = [x.trick for x in r.rows if x.why_not == why]
        if skipped:
            line = words.text(f"review.{why}", language, n=len(skipped), a=min(skipped),
                              b=max(skipped))
            if any(x.hint is not None for x in r.rows if x.why_not == why):
                hinted = "review.stock_hint" if why == STOCK else "review.budget_hint"
                line += " " + words.text(hinted, language)
            out.append(line)
    if r.reviewed and not any(x.cost for x in r.reviewed):
        out.append(words.text("review.clean", language))
    for x in [x for x in r.costliest(n) if x.cost]:
        line = words.text(
            "review.row", language,
            trick=_trick(x.trick, language), seat=seats[x.seat], card=x.card.pretty,
            cost=_amount(x.cost or 0, r.unit, language),
            top=_amount(x.best or 0, r.unit, language),
            value=_amount(x.value or 0, r.unit, language),
            best=_either([c.pretty for c in x.best_cards], language),
        )
        out.append(" ".join([line, *_seen_words(x, r.unit, language, seats)]))
    for x in r.notable(n):
        key = "review.nothing_lost" if x.reviewed else "review.plain"
        line = words.text(key, language, trick=_trick(x.trick, language), seat=seats[x.seat],
                          card=x.card.pretty)
        out.append(" ".join([line, *_seen_words(x, r.unit, language, seats)]))
    if any(x.hint is not None and x.hint.played_on for x in r.rows):
        out.append(words.text("review.played_on_note", language))
    if r.calls:
        out.append(words.text(f"review.calls_{g.bidding}", language))
        out += [c.text(language) for c in r.calls]
    shown = [s for s in g.seats if r.seat is None or s == r.seat]
    totals = ", ".join(f"{seats[s]} {_amount(r.total_cost(s), r.unit, language)}"
                       for s in shown)
    return out + ([words.text("review.total", language, totals=totals)] if r.reviewed else [])


def _trick(number: int, language: str) -> str:
    """``trick 3`` / ``3번째 트릭`` (``첫 번째 트릭``)."""
    return words.text("review.trick", language, n=number)


def _seen_words(x: ReviewRow, unit: str, language: str, seats: tuple[str, ...]) -> list[str]:
    """What the seat could see, in sentences: how far below the hint's best card the card
    was (the deals and the 95% interval), the verdict, and — when the hint's best card is not
    one of the best with every card known — why the review does not follow the hint.  Empty
    without a hint."""
    h = x.hint
    if h is None:
        return []
    verdict = x.verdict or "within noise"
    out = [words.text("review.seen_exact" if h.exact else "review.seen", language,
                      seat=seats[x.seat], how=_how_words(h, language),
                      span=_span_words(x, unit, language),
                      said=_said_words(verdict, h.interval, unit, language))]
    if x.differs:
        out.append(words.text("review.differs", language, deals=_deals_words(h, language),
                              hcard=h.best_card.pretty,
                              best=_either([c.pretty for c in x.best_cards], language)))
    return out


def _span_words(x: ReviewRow, unit: str, language: str) -> str:
    """Where the hint put the card: ``3.1 to 9.8 points below A♥``, ``at most 2.8 points
    below Q♥, perhaps above it``, ``first``; exact or one deal: ``7.0 points below 10♥``."""
    h = x.hint
    assert h is not None
    card, hcard = x.card.pretty, h.best_card.pretty
    low, high = h.interval
    if level_with_first(x):
        return words.text("review.span_top", language, card=card)
    one = (not (math.isfinite(low) and math.isfinite(high))
           or gap_text(low, unit) == gap_text(high, unit))
    if h.exact or one:  # exact, one deal, or the same gap on every deal
        return words.text("review.span_one", language, card=card, hcard=hcard,
                          gap=_gap(h.cost, unit, language))
    if float(gap_text(low, unit)) <= 0:
        return words.text("review.span_near", language, card=card, hcard=hcard,
                          high=_gap(high, unit, language))
    return words.text("review.span_below", language, card=card, hcard=hcard,
                      range=_span_range(low, high, unit, language))


def _said_words(verdict: str, interval: tuple[float, float], unit: str, language: str) -> str:
    """The verdict in words (``a mistake``, ``lucky — …``, ``within noise — the interval
    reaches from best to a mistake``)."""
    if verdict != "within noise":
        return words.text(f"review.said_{verdict.replace(' ', '_')}", language)
    low, high = interval
    if not (math.isfinite(low) and math.isfinite(high)):  # one deal: no interval
        return words.text("review.said_one_deal", language)
    return words.text("review.said_within_noise", language,
                      a=words.text(f"review.grade_{grade(low, unit)}", language),
                      b=words.text(f"review.grade_{grade(high, unit)}", language))


def _how_words(h: HintSaid, language: str) -> str:
    """``20 sampled deals, 95% interval`` / ``표본 딜 20개, 95% 신뢰구간`` (one deal or every card
    known: no interval)."""
    deals = _deals_words(h, language)
    if h.exact or h.samples < 2:
        return deals
    return words.text("review.interval", language, deals=deals)


def _deals_words(h: HintSaid, language: str) -> str:
    """``8 sampled deals, 3 of them played on …`` / ``표본 딜 8개, 모두 레벨 2 컴퓨터가 …``."""
    if h.exact:
        return words.text("review.exact", language)
    n = (words.text("review.deal", language) if h.samples == 1
         else words.text("review.deals", language, n=f"{h.samples:,}"))
    if not h.played_on:
        return n
    if h.played_on >= h.samples:
        return words.text("review.deals_played_on_all", language, deals=n)
    return words.text("review.deals_played_on", language, deals=n, m=f"{h.played_on:,}")


def _either(cards: list[str], language: str) -> str:
    """``A♠``, ``A♠ or K♠``, ``A♠, K♠ or Q♠`` (Korean: ``A♠, K♠, Q♠``)."""
    if len(cards) < 2:
        return "".join(cards)
    return words.text("review.either", language, cards=", ".join(cards[:-1]), last=cards[-1])


def _call_deals(n: int, language: str) -> str:
    return (words.text("review.deal", language) if n == 1
            else words.text("review.deals", language, n=f"{n:,}"))


def _score_ends(low: float, high: float, unit: str) -> tuple[str, str]:
    """A call's interval of scores, its ends as written: whole points, one decimal in
    Callbreak's round points (``unit`` tricks); never ``-0``."""
    digits = 1 if unit == "tricks" else 0

    def num(x: float) -> str:
        text = f"{x:.{digits}f}"
        return text.lstrip("-") if float(text) == 0 else text

    return num(low), num(high)


def _score_range(low: float, high: float, unit: str, language: str) -> str:
    """A call's interval of scores: ``3 to 25 points`` / ``3~25점``."""
    a, b = _score_ends(low, high, unit)
    both = words.text("review.range", language, a=a, b=b)
    return words.text("review.call_amount", language, n=both)


def _call_line(v: CallVerdict, language: str) -> str:
    """The sentence of a call's verdict (the advice's own sentence when not judged)."""
    if v.verdict is None:
        return v.review.text(language)
    a = v.advice
    label = {r.call: r.label(language) for r in a.rows}
    values = {
        "turn": words.text("review.call_turn", language, n=v.number),
        "seat": seat_words(v.seat, language), "made": label[v.made],
        "best": label[v.best], "deals": _call_deals(a.samples, language),
        "runner": "" if v.runner is None else label[v.runner],
    }
    if v.made == v.best and v.runner is None:
        line = words.text("review.call_only", language, **values)
    elif v.made == v.best:
        key = "review.call_best" if v.separated else "review.call_top_noise"
        line = words.text(key, language, **values,
                          range=_score_range(v.lead_low, v.lead_high, v.unit, language))
    else:
        said = _said_words(v.verdict, (v.low, v.high), v.unit, language)
        low, high = _score_ends(v.low, v.high, v.unit)
        if float(low) <= 0:  # the made call may have scored more: say "at most"
            line = words.text("review.call_below_near", language, **values, said=said,
                              high=words.text("review.call_amount", language, n=high))
        else:
            line = words.text("review.call_below", language, **values, said=said,
                              range=_score_range(v.low, v.high, v.unit, language))
    if v.first is not None:
        before = v.first.advice
        extra = {"first": _call_deals(before.samples, language), "deals": values["deals"],
                 "before": label.get(before.best, str(before.best)), "best": values["best"]}
        key = "review.call_more" if before.best == a.best else "review.call_more_changed"
        line += " " + words.text(key, language, **extra)
    return line
