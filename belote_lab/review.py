"""Review a hand: what each card played cost, by the exact double-dummy solver.

:func:`review` steps back through a hand (a hand object, or a hand record as written by
``hand.to_json()`` or :mod:`belote_lab.record`) and, for each card played (by one seat, or
by every seat), solves the position just before it with every hand known
(:func:`belote_lab.solver.position.solve_position`, ``all_values=True``).  A card's
**value** is what its side wins from that card to the end of the hand with best play by
everyone: card points with the last-trick bonus (belote and capot bonuses left out), or
tricks where the game counts tricks (Callbreak).  Its **cost** is ``best - value``: 0 when
the card was among the best.

Beside the exact value, each card gets **what the hint said** from what its player could see
(:func:`belote_lab.hints.hint`, sampled deals of the hidden cards): the hint's value of the
card played and of its best card (:class:`HintSaid`).  A card that cost points though the
hint rated it as good as the best was bad luck; one the hint too rated lower was a mistake
(:attr:`ReviewRow.verdict`).  Hints are asked for one seat's cards (``seat`` given) unless
``hints`` says otherwise; their deals and time are ``hint_samples`` and ``hint_budget``.

:meth:`Review.text` writes the review in English or Korean; its sentences are the ``review.``
namespace of the catalogue of words (``belote_lab/words/en/review.json``, ``ko/review.json``).

Two limits, both said in the table and in its text:

* two-player Belote: while the stock lasts the cards still to be drawn are unknown to both
  players, so a double-dummy value would read the stock's order; the cards of the stock
  phase are marked not reviewed exactly (``why_not == "stock"``), the exact review starts
  with the first trick played from an empty stock; the hint's sampled view is given for the
  stock phase too;
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

import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from belote_lab import words
from belote_lab.advice import CallReview, review_calls, seat_words
from belote_lab.cards import SEATS, Card, seat_in
from belote_lab.games import Game, get
from belote_lab.games.base import TrickPlay
from belote_lab.games.record import hand_to_json, undoable_copy
from belote_lab.hints import hint
from belote_lab.solver.position import SearchAborted, position_of, solve_position

__all__ = ["DEFAULT_NODE_LIMIT", "HintSaid", "Review", "ReviewRow", "review"]

DEFAULT_NODE_LIMIT = 4_000_000
"""Nodes a solve may search (about 0.4 s); :func:`review` gives up on larger positions."""

HINT_SAMPLES = 20
"""Sampled deals the review's hint may solve before each card (fewer if its time is up)."""

HINT_BUDGET = 0.5
"""Seconds the review's hint may take before each card (a first lead takes all of it; later
cards, far smaller positions, a few milliseconds)."""

CALL_SAMPLES = 100
"""Simulated deals the review weighs each call on (fewer if its time is up)."""

CALL_BUDGET = 0.5
"""Seconds the review may take to weigh each call."""

STOCK = "stock"
BUDGET = "budget"

MISTAKE_MARGIN = {"points": 3.0, "tricks": 0.25}
"""How far below its best card the hint must have rated a card for a costly card to count as
a mistake (in the review's unit); nearer, the cost was bad luck."""


@dataclass(frozen=True)
class HintSaid:
    """What :func:`belote_lab.hints.hint` said before a card, from its player's view: the
    mean value of the card played (``value``) and of the hint's best card (``best``), over
    ``samples`` deals (``exact`` when nothing was hidden any more)."""

    value: float
    best: float
    best_card: Card
    samples: int
    exact: bool
    played_on: int = 0
    """How many of the deals were played on by level-2 players before being solved (a
    position too large to solve whole in the hint's time)."""

    @property
    def cost(self) -> float:
        """How far below its best card the hint rated the card played (0 when it was)."""
        return max(0.0, self.best - self.value)

    def to_json(self) -> dict[str, Any]:
        return {
            "value": round(self.value, 2), "best": round(self.best, 2),
            "best_card": self.best_card.text, "cost": round(self.cost, 2),
            "samples": self.samples, "exact": self.exact, "played_on": self.played_on,
        }


@dataclass(frozen=True)
class ReviewRow:
    """One card played: its trick (1-based), seat (an index), the card, and — when reviewed
    (``why_not`` is ``None``) — its value, the best value, the best cards and the cost, all in
    ``unit`` (``"points"`` or ``"tricks"``) for the side of the seat, from that card on."""

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
    def verdict(self) -> str | None:
        """``"best"`` (cost 0), ``"mistake"`` (it cost, and the hint from what the player saw
        rated it :data:`MISTAKE_MARGIN` or more below its best card), ``"bad luck"`` (it cost,
        though the hint rated it about as good as the best), ``"costly"`` (it cost; no hint
        asked), or ``None`` (not reviewed exactly)."""
        if self.cost is None:
            return None
        if self.cost == 0:
            return "best"
        if self.hint is None:
            return "costly"
        return "mistake" if self.hint.cost >= MISTAKE_MARGIN[self.unit] else "bad luck"

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
class Review:
    """The review of one hand: a row per card played (in the order of play) by ``seat``, or by
    every seat when ``seat`` is ``None``.  ``ms`` (the time it took) is not compared."""

    game: str
    seat: int | None
    rows: tuple[ReviewRow, ...]
    unit: str
    node_limit: int | None
    ms: float = field(default=0.0, compare=False)
    calls: tuple[CallReview, ...] = ()
    """The calls of the hand (of ``seat``) against the bidding advice at that moment
    (:func:`belote_lab.advice.review_calls`); empty when not asked."""

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[ReviewRow]:
        return iter(self.rows)

    @property
    def reviewed(self) -> list[ReviewRow]:
        """The rows that have a value (not in the stock phase, not past the budget)."""
        return [r for r in self.rows if r.reviewed]

    def costliest(self, n: int = 3) -> list[ReviewRow]:
        """The ``n`` reviewed cards of highest cost, costliest first (ties in order of play)."""
        return sorted(self.reviewed, key=lambda r: -(r.cost or 0))[:n]

    def total_cost(self, seat: int | str) -> int:
        """What the reviewed cards of ``seat`` cost in all (points or tricks)."""
        s = seat_in(seat, get(self.game).seats)
        return sum(r.cost or 0 for r in self.reviewed if r.seat == s)

    def table(self) -> list[dict[str, Any]]:
        """The rows as plain dicts (``pandas.DataFrame(review.table())`` shows them)."""
        return [r.to_json() for r in self.rows]

    def text(self, language: str = "en", n: int = 3) -> str:
        """The review in words (``en`` or ``ko``): what was reviewed, the ``n`` costliest
        cards and each seat's total cost."""
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
) -> Review:
    """The :class:`Review` of a hand (a hand object, or its record: a dict, JSON text or
    bytes) for the cards of ``seat`` (``"N"`` or 0 …), or of every seat when ``None``.
    Each solve may search ``node_limit`` nodes (``None``: no limit).  With ``hints`` (by
    default: when a seat is given) each card also gets what the hint said before it, from
    ``hint_samples`` sampled deals at most within ``hint_budget`` seconds.  With ``calls``
    (by default: when a seat is given) each call is weighed against the bidding advice at
    that moment, from ``call_samples`` simulated deals within ``call_budget`` seconds."""
    t0 = time.perf_counter()
    state = undoable_copy(hand_or_record)
    whole = hand_to_json(state)  # (the calls are weighed on the whole hand, undone apart)
    g = get(state.game)
    who = None if seat is None else seat_in(seat, g.seats)
    ask = (who is not None) if hints is None else bool(hints)
    rows: list[ReviewRow] = []
    gave_up = False
    while state.actions:  # back from the last action; each undo restores the state exactly
        kind = state.actions[-1][0]
        text = state.actions[-1][2]
        state.undo()
        if kind != "play" or (who is not None and state.to_play != who):
            continue
        row = _judge(state, g, Card.parse(text), node_limit, gave_up)
        if ask:
            row = replace(row, hint=_hint_said(state, row.card, hint_samples, hint_budget))
        gave_up = gave_up or row.why_not == BUDGET
        rows.append(row)
    weighed: tuple[CallReview, ...] = ()
    if (who is not None) if calls is None else calls:
        weighed = review_calls(whole, who, samples=call_samples, time_budget=call_budget)
    ms = (time.perf_counter() - t0) * 1e3
    return Review(g.name, who, tuple(reversed(rows)), g.counts, node_limit, ms, weighed)


def _hint_said(state: TrickPlay, card: Card, samples: int, budget: float) -> HintSaid | None:
    """What the hint said of ``card`` from the view of the seat about to play it."""
    try:
        hn = hint(state, samples=samples, time_budget=budget, seed=0)
    except RuntimeError:  # no deal consistent with what the seat saw: nothing to say
        return None
    best = hn.values[hn.best]
    return HintSaid(hn.values[card].mean, best.mean, best.card, hn.samples, hn.exact,
                    hn.played_on)


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


# --- words ----------------------------------------------------------------------------------------
# The texts are the ``review.`` namespace of the catalogue of words (belote_lab/words/en/
# review.json, ko/review.json): the head, the cards not reviewed, a line a costly card with what
# the hint said, the calls' header (``calls_<kind of bidding>``) and the totals;
# ``amount_<unit>`` writes a cost.


def _amount(value: int | str, unit: str, language: str, plural: bool = False) -> str:
    """``14 points``, ``1 trick``; ``14점``, ``1트릭`` (``plural``: ``1.0 points``)."""
    key = unit if plural or value != 1 else unit[:-1]
    return words.text(f"review.amount_{key}", language, n=value)


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
    for why in (STOCK, BUDGET):
        skipped = [x.trick for x in r.rows if x.why_not == why]
        if skipped:
            line = words.text(f"review.{why}", language, n=len(skipped), a=min(skipped),
                              b=max(skipped))
            if any(x.hint is not None for x in r.rows if x.why_not == why):
                hinted = "review.stock_hint" if why == STOCK else "review.budget_hint"
                line += " " + words.text(hinted, language)
            out.append(line)
    costly = [x for x in r.costliest(n) if x.cost]
    if r.reviewed and not any(x.cost for x in r.reviewed):
        out.append(words.text("review.clean", language))
    for x in costly:
        out.append(words.text(
            "review.row", language,
            trick=_trick(x.trick, language), seat=seats[x.seat], card=x.card.pretty,
            cost=_amount(x.cost or 0, r.unit, language),
            top=_amount(x.best or 0, r.unit, language),
            value=_amount(x.value or 0, r.unit, language),
            best=_either([c.pretty for c in x.best_cards], language),
        ) + _hint_words(x, r.unit, language, seats))
    out += _sampled_lines(r, language, seats, n)
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


def _hint_words(x: ReviewRow, unit: str, language: str, seats: tuple[str, ...]) -> str:
    """`` From what South could see, the hint …`` for a costly row with a hint, else ``""``."""
    if x.hint is None or x.verdict not in ("mistake", "bad luck"):
        return ""
    key = "review.mistake" if x.verdict == "mistake" else "review.bad_luck"
    return " " + words.text(
        key, language, seat=seats[x.seat], gap=_gap(x.hint.cost, unit, language),
        hcard=x.hint.best_card.pretty, n=_deals_words(x.hint, language),
    )


def _sampled_lines(r: Review, language: str, seats: tuple[str, ...], n: int) -> list[str]:
    """The cards not reviewed exactly that the hint rated well below its best card."""
    low = [x for x in r.rows if not x.reviewed and x.hint is not None
           and x.hint.cost >= MISTAKE_MARGIN[r.unit]]
    low.sort(key=lambda x: -(x.hint.cost if x.hint else 0))
    return [words.text(
        "review.sampled", language, trick=_trick(x.trick, language), seat=seats[x.seat],
        card=x.card.pretty, gap=_gap(x.hint.cost, r.unit, language),
        hcard=x.hint.best_card.pretty, n=_deals_words(x.hint, language),
    ) for x in low[:n] if x.hint is not None]


def _gap(value: float, unit: str, language: str) -> str:
    """``9.5 points``, ``0.4 tricks``; ``9.5점``."""
    return _amount(f"{value:.1f}", unit, language, plural=True)


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
