"""A learner's progress (issue #28, item 6): :mod:`belote_lab.coaching.progress` sums the reviews of
the hands played, :func:`belote_lab.present.plots.progress_chart` draws it and
:func:`belote_widgets.progress_view.progress_html` shows both as HTML, in English and Korean.

The hands are three seeded self-played hands of four-player Belote, reviewed for South with the
hint (fewer deals and seconds than the table's, to keep the test short: the verdicts read the
same way)."""

from __future__ import annotations

import base64
import math
import re
import statistics
from collections import Counter

import matplotlib

matplotlib.use("Agg")

import korean_lint as kl
import matplotlib.pyplot as plt
import pytest
from belote_widgets.progress_view import ProgressView, progress_button_label, progress_html

from belote_lab.coaching.progress import (
    MIN_HALF,
    HandProgress,
    Progress,
    hand_key,
    progress,
    review_hands,
    t_quantile,
    trend,
)
from belote_lab.coaching.review import VERDICTS, review
from belote_lab.present import plots
from belote_lab.simulation.selfplay import play_hand

SEAT = 2  # South
OPTIONS = {"hint_samples": 8, "hint_budget": 0.3}


@pytest.fixture(scope="module")
def hands():
    return [play_hand("belote", 1, seed=s) for s in (0, 1, 2)]


@pytest.fixture(scope="module")
def cache(hands):
    store: dict = {}
    review_hands(hands, "S", store, **OPTIONS)
    return store


@pytest.fixture(scope="module")
def reviews(hands, cache):
    return review_hands(hands, "S", cache, **OPTIONS)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


# --- the numbers --------------------------------------------------------------------------------
def test_each_hand_sums_its_review_rows(reviews) -> None:
    p = progress(reviews)
    assert (p.game, p.seat, p.unit, p.n) == ("belote", SEAT, "points", 3)
    for h, r in zip(p.hands, reviews, strict=True):
        rows = [x for x in r.rows if x.seat == SEAT]
        assert h.cost == sum(x.cost for x in rows if x.reviewed) == r.total_cost("S")
        assert h.cards == len(rows) == 8 and h.exact == sum(x.reviewed for x in rows)
        got = Counter(x.verdict for x in rows)
        assert h.verdicts == {k: got[k] for k in VERDICTS if got[k]}
        assert h.unjudged == got[None] and sum(h.counts) + h.unjudged == h.cards
        assert h.hinted and all(x.hint is not None for x in rows)
        assert h.errors == got["inaccuracy"] + got["mistake"] + got["blunder"]


def test_the_totals_and_the_trend_are_the_hands_sums(reviews) -> None:
    p = progress(reviews)
    costs = [r.total_cost("S") for r in reviews]
    assert p.costs == tuple(costs) and p.total_cost == sum(costs)
    assert p.mean_cost == pytest.approx(statistics.fmean(costs))
    everything = Counter(x.verdict for r in reviews for x in r.rows)
    assert p.verdicts == {k: everything[k] for k in VERDICTS if everything[k]}
    assert p.cards == 24 and sum(p.counts) == 24 - everything[None]
    t = p.trend  # three hands: the first against the last, the middle one left out
    assert (t.first_n, t.first, t.last_n, t.last) == (1, costs[0], 1, costs[2])
    assert t.low is None and t.direction is None


def test_the_reviews_are_cached_by_seat_options_and_record(hands, cache, reviews) -> None:
    assert len(cache) == 3
    again = review_hands(hands, "S", cache, **OPTIONS)
    assert all(a is b for a, b in zip(again, reviews, strict=True))  # none reviewed again
    cheap = review_hands(hands[:1], "S", cache, hints=False)  # other options: a new review
    assert len(cache) == 4 and cheap[0] is not reviews[0] and not cheap[0].hinted
    assert {x.verdict for x in cheap[0].rows} <= {"best", "costly"}
    assert hand_key(hands[0]) != hand_key(hands[1])
    assert all(not r.calls for r in reviews)  # the calls are not weighed: not in the progress


def test_the_trend_gets_an_interval_from_min_half_hands_a_half() -> None:
    few = trend([10.0] * (2 * MIN_HALF - 1))
    assert few.first_n == MIN_HALF - 1 and few.low is None
    costs = [30, 20, 40, 30, 30, 0, 10, 20, 10, 10]
    t = trend(costs)
    a, b = costs[:5], costs[5:]
    se = math.sqrt(statistics.variance(a) / 5 + statistics.variance(b) / 5)
    assert t.change == statistics.fmean(b) - statistics.fmean(a) == -20
    assert (t.high - t.low) / 2 == pytest.approx(t_quantile(8) * se)  # equal variances: 8 df
    assert t.direction == "lower"
    flat = trend([12] * 10)
    assert (flat.low, flat.high, flat.direction) == (0.0, 0.0, "none")


def test_t_quantile_matches_the_table() -> None:
    assert t_quantile(3) == pytest.approx(3.182, abs=0.004)
    for df, q in ((4, 2.776), (5, 2.571), (8, 2.306), (20, 2.086), (120, 1.980)):
        assert t_quantile(df) == pytest.approx(q, abs=0.001)


def test_the_unit_is_the_games(hands) -> None:
    h = play_hand("callbreak", 1, seed=0)
    p = progress([review(h, "S", hints=False, calls=False)])
    assert p.unit == "tricks" and "tricks" in p.text("en") and "트릭" in p.text("ko")
    with pytest.raises(ValueError, match="different games"):
        progress([review(hands[0], "S", hints=False, calls=False),
                  review(h, "S", hints=False, calls=False)])
    with pytest.raises(ValueError):
        progress([])
    with pytest.raises(ValueError, match="give the seat"):
        progress([review(hands[0], hints=False, calls=False)])


# --- the words ----------------------------------------------------------------------------------
def test_the_text_in_english_and_korean(reviews) -> None:
    p = progress(reviews)
    en, ko = p.text("en"), p.text("ko")
    costs = ", ".join(str(c) for c in p.costs)
    assert f"(by hand: {costs})" in en and f"(판별: {costs})" in ko
    assert f"cost {p.total_cost} points in all" in en and f"모두 {p.total_cost}점" in ko
    assert "With 3 hands that is a description, not a trend" in en
    assert "적어도 10판이 필요합니다" in ko and "가운데 한 판" in ko
    assert "interval" not in en.split("\n")[-2]  # the halves: no interval claimed with 3 hands
    assert len(en.splitlines()) == len(ko.splitlines())
    for line in ko.splitlines():
        assert not re.search("[a-z]{3,}", line), line  # no English left in the Korean
        assert kl.findings_in(line, "screen") == [], line


def test_enough_hands_say_the_interval_and_its_verdict() -> None:
    costs = [30, 20, 40, 30, 30, 0, 10, 20, 10, 10]
    hp = tuple(HandProgress(i, c, 8, 8, (8, 0, 0, 0, 0, 0, 0, 0), 0, True)
               for i, c in enumerate(costs, start=1))
    p = Progress("belote", SEAT, "points", hp)
    en, ko = p.text("en"), p.text("ko")
    assert "Change: -20.0 points a hand (Welch's 95% interval -30.3 to -9.7)." in en
    assert "The later hands cost less" in en
    assert "변화: 한 판 평균 -20.0점(웰치 95% 신뢰구간 -30.3~-9.7)." in ko
    assert all(kl.findings_in(line, "screen") == [] for line in ko.splitlines())


# --- the chart ---------------------------------------------------------------------------------
@pytest.mark.filterwarnings("ignore:Glyph")  # a machine with no Hangul font draws boxes
def test_the_chart_draws_a_bar_a_hand(reviews) -> None:
    p = progress(reviews)
    fig = plots.progress_chart(p)
    cost, verdicts = fig.axes
    assert [b.get_height() for b in cost.patches] == list(p.costs)
    # the stacked bars: one a hand for each kind given, the hand's cards in all
    kinds = [k for k in VERDICTS if p.verdicts.get(k)]
    assert len(verdicts.containers) == len(kinds) + (1 if any(h.unjudged for h in p.hands) else 0)
    assert all(len(c) == 3 for c in verdicts.containers)
    tops = [max(b.get_y() + b.get_height() for c in verdicts.containers for b in c
                if round(b.get_x() + b.get_width() / 2) == i) for i in (1, 2, 3)]
    assert tops == [8, 8, 8]
    assert [t.get_text() for t in verdicts.get_legend().get_texts()] == kinds
    assert cost.get_ylabel() == "cost (points)" and cost.get_xlabel() == "hand"
    w, h = fig.get_size_inches()
    assert w <= 6.5 and h <= 2.7
    fig.canvas.draw()
    ko = plots.progress_chart(p, "ko")
    assert ko.axes[0].get_title() == "판별 손해" and ko.axes[1].get_ylabel() == "카드 수"


def test_the_chart_draws_in_given_axes(reviews) -> None:
    fig, (a, b) = plt.subplots(1, 2)
    assert plots.progress_chart(progress(reviews), ax=(a, b)) is fig
    assert len(a.patches) == 3 and b.get_title() == "Cards by verdict"


# --- the view -----------------------------------------------------------------------------------
def test_the_html_holds_the_chart_and_the_words(reviews) -> None:
    p = progress(reviews)
    html = progress_html(p, "en")
    src = re.search(r'<img class="bw-progress-chart" src="data:image/png;base64,([^"]+)"', html)
    assert src is not None and "http" not in html
    assert base64.b64decode(src.group(1)).startswith(b"\x89PNG\r\n\x1a\n")
    assert 'alt="Your progress: 3 hands"' in html and "cost" in html
    ko = progress_html(p, "ko")
    assert "<img" in ko and 'alt="지금까지의 성적: 3판"' in ko
    for line in p.text("ko").splitlines():
        assert f"<p>{line}</p>" in ko
    assert progress_html(p, "ko") is ko  # cached: a redraw draws no chart again
    assert "아직 끝난 판이 없습니다" in progress_html(None, "ko")
    assert progress_button_label("en") == "Your progress"


def test_the_view_follows_its_language(reviews) -> None:
    v = ProgressView(None, language="en")
    assert "No hand is finished yet" in v.html.value
    v.set_progress(progress(reviews))
    assert "<img" in v.html.value and "Your progress as South" in v.html.value
    v.set_language("ko")
    assert "남쪽 자리" in v.html.value
