"""The notebook charts (``belote_lab.present.plots``): each returns a Figure with a title and
labelled axes on small data, and the numbers behind them are right.  Drawn with the Agg backend."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure

from belote_lab import stats
from belote_lab.present import plots
from belote_lab.simulation.simulate import simulate


@pytest.fixture(scope="module")
def belote():
    return simulate("belote", 40, players="2,2,2,2", seed=1, progress=False)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def check_figure(fig: Figure) -> None:
    """A title (the figure's or every axes'), an x label on every axes, a y label on the
    first axes of each row, and the figure draws without error."""
    assert isinstance(fig, Figure)
    axes = [ax for ax in fig.axes if ax.get_visible()]
    assert axes
    suptitle = fig._suptitle.get_text() if fig._suptitle is not None else ""
    assert suptitle or all(ax.get_title() for ax in axes)
    for ax in axes:
        assert ax.get_xlabel(), f"no x label on {ax.get_title()!r}"
    rows: dict[float, list] = {}
    for ax in axes:
        rows.setdefault(round(ax.get_position().y0, 3), []).append(ax)
    for row in rows.values():
        first = min(row, key=lambda a: a.get_position().x0)
        assert first.get_ylabel(), f"no y label on {first.get_title()!r}"
    fig.canvas.draw()


def legend_texts(fig: Figure) -> list[str]:
    return [t.get_text() for ax in fig.axes if ax.get_legend() for t in ax.get_legend().texts]


# --- numbers ------------------------------------------------------------------------------
def test_wilson_and_mean_ci() -> None:
    assert stats.wilson(50, 100) == (0.404, 0.596)
    low, high = stats.wilson(0, 10)
    assert low == 0.0 and 0 < high < 0.3
    assert all(np.isnan(x) for x in stats.wilson(0, 0))
    assert stats.mean_ci([1, 2, 3, 4]) == (2.5, 1.235, 3.765)
    assert np.isnan(stats.mean_ci([5])[1])
    assert isinstance(stats.wilson(np.int64(3), 10)[0], float)


def test_outcome_and_belote_counts_cover_every_hand(belote) -> None:
    out = plots.outcome_counts(belote.made, belote.capot, belote.taker)
    assert tuple(out) == plots.OUTCOMES
    assert sum(out.values()) == len(belote)
    assert out["litige (tie)"] == int((belote.made == -1).sum())
    bel = plots.belote_counts(belote.belote, belote.taker)
    assert sum(bel.values()) == len(belote)
    assert bel["none"] == int((belote.belote < 0).sum())


def test_contract_kinds_and_attack_side() -> None:
    assert plots.contract_kinds([0, 1, 2, 3, 4, 5]).tolist() == (
        ["suit"] * 4 + ["no trump", "all trump"])
    assert plots.attack_side([3, 2], "coinche").tolist() == [1, 0]
    with pytest.raises(ValueError):
        plots.attack_side([0], "callbreak")


# --- charts -------------------------------------------------------------------------------
def test_points_histogram(belote) -> None:
    fig = plots.points_histogram(belote.attack_points, belote.defence_points, title="t")
    check_figure(fig)
    assert "n = 40 hands" in fig.axes[0].get_title()
    assert any("attack" in t for t in legend_texts(fig))


def test_points_by_contract_one_panel_per_kind() -> None:
    att = [100, 90, 60, 81]
    fig = plots.points_by_contract(att, [162 - a for a in att], [0, 4, 5, 5])
    check_figure(fig)
    assert [ax.get_title().split(" (")[0] for ax in fig.axes] == ["suit", "no trump", "all trump"]
    with pytest.raises(ValueError):
        plots.points_by_contract([], [], [])


def test_outcome_frequencies_and_belote_frequency(belote) -> None:
    groups = {"A": plots.outcome_counts(belote.made, belote.capot, belote.taker),
              "B": {"made": 3, "failed (dedans)": 1}}
    fig = plots.outcome_frequencies(groups)
    check_figure(fig)
    assert len(legend_texts(fig)) == 2
    fig = plots.belote_frequency({"A": plots.belote_counts(belote.belote, belote.taker)})
    check_figure(fig)


def test_success_by_holding_panels_and_small_levels() -> None:
    made = np.array([1, 0, 1, 1, 0, -1] * 5)
    jack = np.array([True, False] * 15)
    trumps = np.array([1, 2, 3, 3, 2, 1] * 5)
    fig = plots.success_by_holding(made, {"jack": jack, "trumps (cards)": trumps}, min_hands=5)
    check_figure(fig)
    assert len([ax for ax in fig.axes if ax.get_visible()]) == 2
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["no", "yes"]
    fig = plots.success_by_holding(made, {"bid (points)": [80] * 20 + [90] * 9 + [100]})
    check_figure(fig)
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["80"]   # 9 and 1 < 10


def test_tip_effects_colours_by_interval() -> None:
    fig = plots.tip_effects(["pays", "unclear", "costs"], [2.0, 0.5, -1.0],
                            [1.0, -0.5, -2.0], [3.0, 1.5, -0.1])
    check_figure(fig)
    bars = fig.axes[0].patches[:3]
    colors = [matplotlib.colors.to_hex(b.get_facecolor()) for b in bars]
    assert colors == [plots.GOOD, plots.NEUTRAL, plots.BAD]
    with plots.plt.rc_context():  # use_korean sets matplotlib's fonts: not for other tests
        plots.use_korean()
        ko = plots.tip_effects(["B1"], [2.0], [1.0], [3.0], unit="점/판", language="ko")
    legend = [t.get_text() for t in ko.axes[0].get_legend().get_texts()]
    # no space before a parenthesis in a Korean label
    assert legend[0] == "이득(구간이 0보다 위)" and all(" (" not in x for x in legend)
    assert ko.axes[0].get_xlabel() == "팁을 따르는 쪽 − 다른 쪽(점/판), 보정 전 95% 신뢰구간"
    assert "보정 전 95% 신뢰구간" in ko.axes[0].get_legend().get_title().get_text()
    plots.plt.close("all")


def test_tip_effects_keeps_corrected_verdicts_apart_from_the_colours() -> None:
    """The bars and their colours come from the uncorrected 95% intervals (labelled so); the
    verdicts after a correction are written apart, on a right-hand axis (issue 26)."""
    fig = plots.tip_effects(["B4", "B3"], [0.43, 6.1], [0.01, 5.0], [0.85, 7.1],
                            verdicts=["no clear difference", "pays"])
    check_figure(fig)
    (ax,) = fig.axes
    (right,) = ax.child_axes
    colors = [matplotlib.colors.to_hex(b.get_facecolor()) for b in ax.patches[:2]]
    assert colors == [plots.GOOD, plots.GOOD]  # both intervals lie above 0
    assert "uncorrected 95% interval" in ax.get_xlabel()
    assert "uncorrected 95% interval" in ax.get_legend().get_title().get_text()
    assert [t.get_text() for t in right.get_yticklabels()] == ["no clear difference", "pays"]
    assert right.get_ylabel() == "verdict after the Holm correction"
    plots.plt.close("all")


def test_call_accuracy() -> None:
    r = simulate("callbreak", 20, players="2,2,2,2", seed=2, progress=False)
    fig = plots.call_accuracy(r.calls, r.tricks, min_hands=1)
    check_figure(fig)
    assert "80 calls" in fig._suptitle.get_text()


def test_mean_by_group_and_share_bars() -> None:
    fig = plots.mean_by_group([0, 1, 2, 0, 4], [8, 8, 9, 9, 10], xlabel="trick",
                              ylabel="points (points)", title="t", unit="decisions")
    check_figure(fig)
    assert "n = 5 decisions" in fig.axes[0].get_title()
    fig = plots.share_bars({"follow": 30, "lead": 10}, title="rules", ylabel="rule",
                           labels={"lead": "lead: any card"})
    check_figure(fig)
    names = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert names == ["follow", "lead: any card"]  # largest first, at the top


def test_plots_never_import_ipywidgets() -> None:
    import subprocess
    import sys

    code = ("import belote_lab.present.plots, sys; "
            "assert 'ipywidgets' not in sys.modules and 'IPython' not in sys.modules")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, env={"MPLBACKEND": "Agg", "PATH": ""})
    assert proc.returncode == 0, proc.stderr


@pytest.mark.filterwarnings("ignore:Glyph .* missing")  # the Korean labels without a Hangul font
def test_reliability_draws_a_panel_a_game_with_both_curves_and_the_diagonal() -> None:
    from belote_lab.players.inference import load_calibration

    games = load_calibration()
    for language, word in (("en", "weighted"), ("ko", "가중")):
        fig = plots.reliability(games, language=language)
        axes = fig.axes
        assert len(axes) == len(games) == 3
        for ax, r in zip(axes, games.values(), strict=True):
            assert len(ax.lines) == 3  # the diagonal, uniform, weighted
            assert f"{r['test']['weighted']['scores']['all']['n']:,}" in ax.get_title()
        labels = [t.get_text() for t in axes[0].get_legend().get_texts()]
        assert any(word in x for x in labels), labels
        plt.close(fig)
