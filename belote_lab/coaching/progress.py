"""A learner's progress over a session: what their cards cost, hand by hand, and their
verdicts by kind, read from the reviews of the hands they played.

:class:`Progress` is built from a sequence of :class:`~belote_lab.coaching.review.Review` — one per
finished hand, in the order played, each of one seat (``review(hand, seat)``) — by
:func:`progress`.  For each hand (:class:`HandProgress`) it keeps:

* the **cost**: what the seat's cards cost in all with every card known
  (:meth:`Review.total_cost <belote_lab.coaching.review.Review.total_cost>`, the sum of the exact
  double-dummy costs of the rows reviewed exactly), in the review's unit: card points in the
  Belote games, **tricks** in Callbreak (a cost of 0.5 there is half a trick, not half a
  point).  Cards not reviewed exactly (two-player Belote's stock phase, a Callbreak position
  past the solver's budget) add nothing: :attr:`HandProgress.exact` says how many were;
* the count of each **verdict** (:data:`belote_lab.coaching.review.VERDICTS`): best, inaccuracy,
  mistake, blunder, lucky, unlucky, within noise — judged from what the seat could see, so
  they need the review's hint —, or best and costly for a review without a hint (the exact
  cost alone).  A card with no verdict (not reviewed exactly and no hint) is counted apart
  (:attr:`HandProgress.unjudged`).

The calls are left out: a call's cost is a score margin, not card points, and weighing the
calls takes seconds a hand (ask ``review(..., calls=False)``: :func:`review_hands` does).

The **trend** (:class:`Trend`) is descriptive until the hands are enough: the mean cost of
the first half of the hands against the last half (the middle hand of an odd count left
out), each with its number of hands.  From :data:`MIN_HALF` hands a half on, it adds the
difference's 95% Welch interval (a hand's cost swings with the deal far more than with the
player, so fewer hands say nothing), and says the later hands cost less (or more) only when
the whole interval is below (above) 0.

:meth:`Progress.text` writes it in English or Korean (the ``progress.`` namespace of the
catalogue of words: ``belote_lab/words/en/progress.json``, ``ko/progress.json``);
:func:`belote_lab.present.plots.progress_chart` draws it.

>>> from belote_lab.games.belote import BeloteHand
>>> from belote_lab.coaching.review import review
>>> h = BeloteHand.from_hands({"N": "JH 9H AH TH KH QH 8H 7H",
...     "E": "AS TS KS QS JS 9S 8S 7S", "S": "AD TD KD QD JD 9D 8D 7D",
...     "W": "AC TC KC QC JC 9C 8C 7C"}, "H", taker="N", first_leader="N")
>>> for c in ("7H", "7S", "7D", "7C"):
...     h.play(c)
>>> p = progress([review(h, "S", hints=False, calls=False)])
>>> p.n, p.unit, p.costs, p.hands[0].verdicts
(1, 'points', (0,), {'best': 1})
>>> lines = p.text("en").splitlines()
>>> lines[0]
'Your progress as South in four-player Belote: 1 hand reviewed.'
>>> lines[-1]
'One hand is not enough to compare the first hands with the last ones.'
>>> p.text("ko").splitlines()[0]
'지금까지의 성적(4인 벨로트, 남쪽 자리): 1판을 검토했습니다.'
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from belote_lab import words
from belote_lab.cards import seat_in
from belote_lab.coaching.advice import seat_words
from belote_lab.coaching.review import GRADES, VERDICTS, Review, review
from belote_lab.games import get
from belote_lab.stats import Z95_EXACT

__all__ = [
    "MIN_HALF",
    "HandProgress",
    "Progress",
    "Trend",
    "hand_key",
    "progress",
    "review_hands",
    "t_quantile",
    "trend",
]

MIN_HALF = 5
"""Hands a half needs before the trend gets a 95% interval: below, a hand's cost swings
with the deal so much that the two means are only described, with their numbers of hands."""

NAMESPACE = "progress"
"""The catalogue's namespace of the progress's texts (``progress.head`` …)."""


def t_quantile(df: float) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom (Cornish–Fisher
    expansion around the normal quantile: within 0.004 of the table at 3 degrees of freedom,
    0.001 from 4 on; fewer are taken as 3, a narrower interval than the exact one — the
    trend's Welch interval has at least ``MIN_HALF - 1`` = 4).

    >>> round(t_quantile(4), 3), round(t_quantile(10), 3), round(t_quantile(1e9), 3)
    (2.776, 2.228, 1.96)
    """
    v = max(3.0, df)
    z = Z95_EXACT
    g = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(gi / v ** (i + 1) for i, gi in enumerate(g))


@dataclass(frozen=True)
class HandProgress:
    """One hand of the learner's: its number (1-based, in the order played), what the seat's
    cards cost in all with every card known (``cost``, in the review's unit), how many cards
    the seat played (``cards``) and how many of them were reviewed exactly (``exact``), the
    count of each verdict in :data:`~belote_lab.coaching.review.VERDICTS` order (``counts``), the
    cards with no verdict (``unjudged``) and whether the verdicts read the hint (``hinted``)."""

    number: int
    cost: float
    cards: int
    exact: int
    counts: tuple[int, ...]
    unjudged: int
    hinted: bool

    @property
    def verdicts(self) -> dict[str, int]:
        """The verdicts given, by kind (kinds with no card left out), in
        :data:`~belote_lab.coaching.review.VERDICTS` order."""
        return {k: c for k, c in zip(VERDICTS, self.counts, strict=True) if c}

    @property
    def errors(self) -> int:
        """Cards graded an inaccuracy, a mistake or a blunder from what the seat could see."""
        return sum(c for k, c in zip(VERDICTS, self.counts, strict=True)
                   if k in GRADES and k != "best")

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "cost": self.cost, "cards": self.cards,
                "exact": self.exact, "verdicts": self.verdicts, "unjudged": self.unjudged,
                "hinted": self.hinted}


@dataclass(frozen=True)
class Trend:
    """The mean cost of the first ``first_n`` hands (``first``) and of the last ``last_n``
    (``last``); ``change`` is last − first (below 0: the later hands cost less).  ``low`` …
    ``high``: the 95% Welch interval of the change, ``None`` while a half has fewer than
    :data:`MIN_HALF` hands."""

    first_n: int
    first: float
    last_n: int
    last: float
    low: float | None = None
    high: float | None = None

    @property
    def change(self) -> float:
        return self.last - self.first

    @property
    def direction(self) -> str | None:
        """``"lower"`` when the whole interval is below 0, ``"higher"`` above 0, ``"none"``
        when it holds 0, ``None`` without an interval."""
        if self.low is None or self.high is None:
            return None
        return "lower" if self.high < 0 else "higher" if self.low > 0 else "none"

    def to_json(self) -> dict[str, Any]:
        return {"first_n": self.first_n, "first": self.first, "last_n": self.last_n,
                "last": self.last, "change": self.change, "low": self.low,
                "high": self.high, "direction": self.direction}


def trend(costs: Sequence[float], min_half: int = MIN_HALF) -> Trend | None:
    """The :class:`Trend` of the costs of the hands in order (``None`` with fewer than two):
    the first half against the last half, the middle hand of an odd count left out.

    >>> trend([10, 20, 30])
    Trend(first_n=1, first=10.0, last_n=1, last=30.0, low=None, high=None)
    >>> t = trend([30, 20, 40, 30, 30, 0, 10, 20, 10, 10])
    >>> t.change, round(t.low, 1), round(t.high, 1), t.direction
    (-20.0, -30.3, -9.7, 'lower')
    """
    half = len(costs) // 2
    if half < 1:
        return None
    a = [float(x) for x in costs[:half]]
    b = [float(x) for x in costs[len(costs) - half:]]
    first, last = statistics.fmean(a), statistics.fmean(b)
    if half < min_half:
        return Trend(half, first, half, last)
    va, vb = statistics.variance(a) / half, statistics.variance(b) / half
    se = math.sqrt(va + vb)
    if se == 0:  # every hand of both halves cost the same: no spread to weigh
        return Trend(half, first, half, last, last - first, last - first)
    df = (va + vb) ** 2 / ((va**2 + vb**2) / (half - 1))  # Welch–Satterthwaite
    width = t_quantile(df) * se
    return Trend(half, first, half, last, last - first - width, last - first + width)


@dataclass(frozen=True)
class Progress:
    """The learner's hands, in order (:class:`HandProgress`), for ``seat`` in ``game``, the
    costs in ``unit`` (``"points"`` or ``"tricks"``).  Hashable: a view may cache what it
    draws from it."""

    game: str
    seat: int
    unit: str
    hands: tuple[HandProgress, ...]

    @property
    def n(self) -> int:
        """The number of hands."""
        return len(self.hands)

    @property
    def costs(self) -> tuple[float, ...]:
        """The cost of each hand, in order."""
        return tuple(h.cost for h in self.hands)

    @property
    def total_cost(self) -> float:
        return sum(self.costs)

    @property
    def mean_cost(self) -> float | None:
        """The mean cost a hand (``None`` without hands)."""
        return statistics.fmean(self.costs) if self.hands else None

    @property
    def counts(self) -> tuple[int, ...]:
        """Each verdict's count over every hand, in :data:`~belote_lab.coaching.review.VERDICTS`
        order."""
        if not self.hands:
            return (0,) * len(VERDICTS)
        return tuple(sum(col) for col in zip(*(h.counts for h in self.hands), strict=True))

    @property
    def verdicts(self) -> dict[str, int]:
        """The verdicts over every hand, by kind (kinds never given left out)."""
        return {k: c for k, c in zip(VERDICTS, self.counts, strict=True) if c}

    @property
    def cards(self) -> int:
        return sum(h.cards for h in self.hands)

    @property
    def hinted(self) -> bool:
        """Did every hand's verdicts read the hint?"""
        return all(h.hinted for h in self.hands)

    @property
    def trend(self) -> Trend | None:
        """The first half of the hands against the last half (:func:`trend`)."""
        return trend(self.costs)

    def to_json(self) -> dict[str, Any]:
        t = self.trend
        return {"game": self.game, "seat": self.seat, "unit": self.unit,
                "hands": [h.to_json() for h in self.hands], "total_cost": self.total_cost,
                "verdicts": self.verdicts, "trend": None if t is None else t.to_json()}

    def text(self, language: str = "en") -> str:
        """The progress in words (``en`` or ``ko``), a sentence a line: the hands reviewed,
        the cost in all, a hand on average and hand by hand, the verdicts by kind, and the
        trend (with its 95% interval once each half has :data:`MIN_HALF` hands)."""
        return "\n".join(_lines(self, words.check_language(language)))

    def __str__(self) -> str:
        return self.text()


# --- building ---------------------------------------------------------------------------------
def _hand(number: int, r: Review, seat: int) -> HandProgress:
    rows = [x for x in r.rows if x.seat == seat]
    kinds = [x.verdict for x in rows]
    counts = tuple(kinds.count(k) for k in VERDICTS)
    return HandProgress(number, r.total_cost(seat), len(rows), sum(x.reviewed for x in rows),
                        counts, kinds.count(None), r.hinted)


def progress(reviews: Iterable[Review], seat: int | str | None = None) -> Progress:
    """The :class:`Progress` of the hands reviewed in ``reviews`` (one a hand, in the order
    played; all of one game, so of one unit), for ``seat`` (by default the reviews' own seat:
    ``review(hand, seat)``).  At least one review, else :class:`ValueError`."""
    rs = list(reviews)
    if not rs:
        raise ValueError("no hand reviewed yet")
    g = get(rs[0].game)
    if any(r.game != g.name for r in rs):
        raise ValueError("the reviews are of different games (their costs are not in one unit)")
    if seat is None:
        seats = {r.seat for r in rs}
        if None in seats or len(seats) != 1:
            raise ValueError("give the seat: the reviews are not all of one seat")
        who = int(next(iter(seats)))  # type: ignore[arg-type]
    else:
        who = seat_in(seat, g.seats)
    hands = tuple(_hand(i, r, who) for i, r in enumerate(rs, start=1))
    return Progress(g.name, who, rs[0].unit, hands)


def hand_key(hand: Any) -> str:
    """A finished hand as a cache's key: its record, as JSON text (two hands are the same
    key exactly when they have the same deal, calls and cards)."""
    return json.dumps(hand.to_json(), sort_keys=True, ensure_ascii=False)


def review_hands(
    hands: Iterable[Any], seat: int | str,
    cache: MutableMapping[tuple[str, str], Review] | None = None, **options: Any,
) -> list[Review]:
    """The review of each finished hand of ``hands`` for ``seat`` (``review(hand, seat,
    calls=False, **options)``), in order, taking those in ``cache`` (keyed by the seat and
    :func:`hand_key`, so a new game's first hand is never mistaken for the last game's) and
    adding those it makes.  ``options`` go to :func:`belote_lab.coaching.review.review`: the table's
    ``hint_samples`` and ``hint_budget`` (about 1 s a hand with the hint); ``hints=False``
    reviews a hand in milliseconds, but its verdicts are then best or costly only."""
    options = {"calls": False, **options}
    tag = f"{seat}|{json.dumps(options, sort_keys=True, default=str)}"
    store = {} if cache is None else cache
    out = []
    for h in hands:
        key = (tag, hand_key(h))
        if key not in store:
            store[key] = review(h, seat, **options)
        out.append(store[key])
    return out


# --- words ------------------------------------------------------------------------------------
def _w(key: str, language: str, **values: Any) -> str:
    return words.text(f"{NAMESPACE}.{key}", language, **values)


def _num(x: float, unit: str) -> str:
    """A cost as written: whole when whole (``15``), else one decimal in points, two in
    tricks; never ``-0``."""
    if float(x).is_integer():
        return f"{int(x):,}"
    text = f"{x:,.{2 if unit == 'tricks' else 1}f}"
    return text.lstrip("-") if float(text.replace(",", "")) == 0 else text


def _mean(x: float, unit: str, sign: bool = False) -> str:
    """A mean as written: one decimal in points, two in tricks (``+3.2`` with ``sign``;
    never ``-0.0`` or ``+0.0``)."""
    text = f"{x:,.{2 if unit == 'tricks' else 1}f}"
    if float(text.replace(",", "")) == 0:
        return text.lstrip("-")
    return f"+{text}" if sign and x > 0 else text


def _amount(n: str, unit: str, language: str) -> str:
    """``15 points``, ``1 point``, ``0.5 tricks``; ``15점``, ``0.5트릭``."""
    key = unit[:-1] if n == "1" else unit
    return _w(f"amount_{key}", language, n=n)


def _count(n: int, what: str, language: str) -> str:
    """``1 hand``, ``3 hands``, ``8 cards``; ``3판``, ``카드 8장``."""
    return _w(what if n != 1 else what[:-1], language, n=f"{n:,}")


def _lines(p: Progress, language: str) -> list[str]:
    g = get(p.game)
    title = g.title_ko if language == "ko" else g.title
    seat = seat_words(p.seat, language)
    out = [_w("head", language, seat=seat, game=title, hands=_count(p.n, "hands", language))]
    if not p.hands:
        return out
    out.append(_w("cost", language, total=_amount(_num(p.total_cost, p.unit), p.unit, language),
                  mean=_amount(_mean(p.mean_cost or 0.0, p.unit), p.unit, language),
                  each=", ".join(_num(c, p.unit) for c in p.costs)))
    inexact = p.cards - sum(h.exact for h in p.hands)
    if inexact:  # the stock phase (a game with a stock), else past the solver's budget
        out.append(_w("not_exact_stock" if g.has_stock else "not_exact_budget", language,
                      cards=_count(inexact, "cards", language)))
    kinds = ", ".join(f"{_w('verdict_' + k.replace(' ', '_'), language)} {c:,}"
                      for k, c in p.verdicts.items())
    unjudged = sum(h.unjudged for h in p.hands)
    if unjudged:
        kinds += (", " if kinds else "") + _w("unjudged", language, n=f"{unjudged:,}")
    key = ("verdicts" if p.hinted else "verdicts_mixed" if any(h.hinted for h in p.hands)
           else "verdicts_dd")
    out.append(_w(key, language, cards=_count(p.cards, "cards", language), kinds=kinds))
    return out + _trend_lines(p, language)


def _trend_lines(p: Progress, language: str) -> list[str]:
    t = p.trend
    if t is None:
        return [_w("trend_one", language)]

    def mean(x: float, sign: bool = False) -> str:
        return _amount(_mean(x, p.unit, sign), p.unit, language)

    halves = _w("halves", language, a=_count(t.first_n, "hands", language), first=mean(t.first),
                b=_count(t.last_n, "hands", language), last=mean(t.last))
    out = [halves + (" " + _w("middle", language) if p.n % 2 else "")]
    if t.direction is None:
        out.append(_w("few", language, hands=_count(p.n, "hands", language),
                      need=_count(2 * MIN_HALF, "hands", language)))
        return out
    assert t.low is not None and t.high is not None
    out.append(_w("change", language, change=mean(t.change, True),
                  low=_mean(t.low, p.unit, True), high=_mean(t.high, p.unit, True)))
    out.append(_w(f"trend_{t.direction}", language))
    return out
