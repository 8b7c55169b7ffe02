"""Charts for the notebooks, drawn with matplotlib (never ipywidgets).

Every chart function takes plain arrays — those of a
:class:`~belote_lab.simulation.simulate.SimulationResult`, or lists — and returns the matplotlib
``Figure``: a title, axes labelled with their units, a legend where there is more than one
series, and the number of hands each estimate rests on.  Shares carry 95% Wilson intervals,
means 95% normal intervals.  The helpers that compute those numbers are
:mod:`belote_lab.stats`'s, so a notebook can print and check exactly what a chart draws.

Figures are made with ``pyplot`` so that a notebook shows them at the end of the cell (end the
cell with ``plt.show()``); a script or a test should ``plt.close(fig)`` when done.

The charts' own words (axis labels, legends, default titles, the outcomes' and sides' names)
are the ``plots.`` namespace of the catalogue of words (``belote_lab/words/en/plots.json``,
``ko/plots.json``); each chart writes them in English, or in Korean with ``language="ko"``
(draw Korean after :func:`use_korean`).  The titles, feature names and units a caller gives
are drawn as given.  The outcome categories (:data:`OUTCOMES`) and the sides of
:func:`belote_counts` are data keys, the same in both languages.

>>> import numpy as np
>>> wilson(50, 100)
(0.404, 0.596)
>>> mean_ci([1, 2, 3, 4])
(2.5, 1.235, 3.765)
>>> outcome_counts(np.array([1, 1, 0, -1]), np.array([-1, 0, -1, -1]), np.array([0, 2, 1, 3]))
{'made': 1, 'made, capot': 1, 'failed (dedans)': 1, 'failed, capot against': 0, 'litige (tie)': 1}
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import PercentFormatter

from belote_lab import words
from belote_lab.contract import CONTRACT_CODES
from belote_lab.games import Game, get
from belote_lab.stats import mean_ci, wilson

if TYPE_CHECKING:
    from belote_lab.coaching.progress import Progress

__all__ = [
    "hangul_font",
    "use_korean",
    "contract_kinds",
    "attack_side",
    "outcome_counts",
    "belote_counts",
    "OUTCOMES",
    "points_histogram",
    "points_by_contract",
    "outcome_frequencies",
    "belote_frequency",
    "success_by_holding",
    "tip_effects",
    "call_accuracy",
    "mean_by_group",
    "share_bars",
    "reliability",
    "progress_chart",
    "VERDICT_COLOURS",
]

ATTACK = "#1f6fb4"  # blue
DEFENCE = "#e07b10"  # orange
GOOD = "#2a9d4b"
BAD = "#c43c39"
NEUTRAL = "#8a8a8a"
PALETTE = ("#1f6fb4", "#e07b10", "#2a9d4b", "#8e5bb5", "#c43c39", "#5a5a5a")

_STYLE = {
    "font.size": 11,
    "axes.titlesize": 13,
    "axes.labelsize": 11,
    "xtick.labelsize": 10,
    "ytick.labelsize": 10,
    "legend.fontsize": 10,
    "figure.titlesize": 14,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
}

_FONTS = ["DejaVu Sans"]
"""The charts' font family: DejaVu Sans (it draws ♠ ♥ ♦ ♣), then a Hangul font once
:func:`use_korean` found one."""

OUTCOMES: tuple[str, ...] = (
    "made",
    "made, capot",
    "failed (dedans)",
    "failed, capot against",
    "litige (tie)",
)
"""The outcome categories of :func:`outcome_counts`, each hand in exactly one."""

_OUTCOME_KEYS = dict(zip(OUTCOMES, ("made", "made_capot", "failed", "failed_capot", "litige"),
                         strict=True))
"""Each outcome's text on a chart: ``plots.outcome_<key>`` of the catalogue of words."""

_KIND_OF_CODE = {"S": "suit", "H": "suit", "D": "suit", "C": "suit", "NT": "no trump",
                 "AT": "all trump", "callbreak": "callbreak"}


def contract_kinds(contract: Sequence[int] | np.ndarray,
                   names: Sequence[str] = CONTRACT_CODES) -> np.ndarray:
    """The kind of each contract index (``suit``, ``no trump``, ``all trump``).

    >>> contract_kinds([0, 3, 4, 5]).tolist()
    ['suit', 'suit', 'no trump', 'all trump']
    """
    codes = np.asarray(contract, dtype=int)
    return np.array([_KIND_OF_CODE[names[c]] for c in codes], dtype=object)


def attack_side(taker: Sequence[int] | np.ndarray, game: str | Game = "belote") -> np.ndarray:
    """The side index (as in ``SimulationResult.side_names``) of each hand's taker (a game
    of two sides: an attack and a defence).

    >>> attack_side([0, 1, 2, 3]).tolist(), attack_side([0, 2], "belote2").tolist()
    ([0, 1, 0, 1], [0, 1])
    """
    g = get(game)
    if len(g.sides) != 2:
        raise ValueError(f"no attacking side in {g.name!r}")
    t = np.asarray(taker, dtype=int)
    side = np.array([g.side_of(s) if s in g.seats else -1 for s in range(4)], dtype=int)
    return side[t]


def outcome_counts(made: Sequence[int] | np.ndarray, capot: Sequence[int] | np.ndarray,
                   taker: Sequence[int] | np.ndarray, game: str | Game = "belote"
                   ) -> dict[str, int]:
    """How many hands ended in each of :data:`OUTCOMES` (``made`` 1/0/-1, ``capot`` the side
    that made capot or -1, ``taker`` the taker's seat)."""
    m = np.asarray(made)
    cap = np.asarray(capot)
    att = attack_side(taker, game)
    att_capot = (cap >= 0) & (cap == att)
    def_capot = (cap >= 0) & (cap != att)
    return {
        "made": int(((m == 1) & ~att_capot).sum()),
        "made, capot": int(att_capot.sum()),
        "failed (dedans)": int(((m == 0) & ~def_capot).sum()),
        "failed, capot against": int(def_capot.sum()),
        "litige (tie)": int((m == -1).sum()),
    }


def belote_counts(belote: Sequence[int] | np.ndarray, taker: Sequence[int] | np.ndarray,
                  game: str | Game = "belote") -> dict[str, int]:
    """Hands in which the attack, the defence or nobody scored belote/rebelote.

    >>> belote_counts([0, 1, -1, -1], [0, 0, 1, 1])
    {'attack': 1, 'defence': 1, 'none': 2}
    """
    b = np.asarray(belote)
    att = attack_side(taker, game)
    return {
        "attack": int(((b >= 0) & (b == att)).sum()),
        "defence": int(((b >= 0) & (b != att)).sum()),
        "none": int((b < 0).sum()),
    }


# --- drawing helpers --------------------------------------------------------------------------
def _pct(share: float) -> str:
    """A share as a percentage: one decimal below 10% (0.7%, not 1%), none above."""
    return f"{share:.1%}" if share < 0.1 else f"{share:.0%}"


def hangul_font() -> str | None:
    """The family name of a system font that has Hangul (NanumGothic when there is one),
    registered with matplotlib (whose font list may predate the font); ``None`` when this
    machine has none (Debian: ``apt-get install fonts-nanum``)."""
    from matplotlib import font_manager

    names = []
    for path in sorted(font_manager.findSystemFonts()):
        try:
            font = font_manager.get_font(path)
        except (OSError, RuntimeError):
            continue
        if font.get_char_index(0xD55C):  # U+D55C, a Hangul syllable
            font_manager.fontManager.addfont(path)
            names.append(font.family_name)
    return "NanumGothic" if "NanumGothic" in names else (names[0] if names else None)


def use_korean() -> str | None:
    """Draw Korean in every chart from now on (these and any other matplotlib figure): a
    Hangul font after DejaVu Sans; returns the Hangul font's name, ``None`` if there is none
    (the Korean letters would then show as boxes)."""
    font = hangul_font()
    _FONTS[1:] = [font] if font else []
    plt.rcParams["font.family"] = list(_FONTS)
    return font


def _lang(language: str) -> str:
    """The language of a chart's words: Korean for ``"ko"``, else English."""
    return "ko" if language == "ko" else "en"


def _given(value: str | None, key: str, language: str) -> str:
    """``value``, or the text ``key`` of the catalogue when the caller gave none."""
    return words.text(key, language) if value is None else value


def _figure(ncols: int = 1, nrows: int = 1, width: float = 9.0, height: float = 4.8,
            **kw: Any) -> tuple[Figure, Any]:
    with plt.rc_context({**_STYLE, "font.family": list(_FONTS)}):
        fig, axes = plt.subplots(nrows, ncols, figsize=(width, height), squeeze=False, **kw)
    return fig, axes


def _styled(fig: Figure) -> Figure:
    fig.tight_layout()
    return fig


def _share_bars(ax: Any, groups: Mapping[str, Mapping[str, int]], categories: Sequence[str],
                colors: Sequence[str] = PALETTE, language: str = "en",
                names: Sequence[str] | None = None) -> None:
    """Grouped bars: one group per category, one bar per entry of ``groups`` (a share of
    that entry's total), with Wilson error bars and the share written above; ``names``: the
    categories' words on the chart (by default the categories)."""
    labels = list(groups)
    k = len(labels)
    width = 0.8 / max(k, 1)
    x = np.arange(len(categories))
    for i, label in enumerate(labels):
        counts = groups[label]
        n = sum(counts.values())
        shares = [counts.get(c, 0) / n if n else float("nan") for c in categories]
        cis = [wilson(counts.get(c, 0), n) for c in categories]
        lo = [s - c[0] for s, c in zip(shares, cis, strict=True)]
        hi = [c[1] - s for s, c in zip(shares, cis, strict=True)]
        pos = x - 0.4 + width * (i + 0.5)
        ax.bar(pos, shares, width, color=colors[i % len(colors)], yerr=[lo, hi], capsize=3,
               label=words.text("plots.hands_n", language, label=label, n=f"{n:,}"),
               error_kw={"elinewidth": 1})
        for p, s, c in zip(pos, shares, cis, strict=True):
            ax.annotate(_pct(s), (p, c[1]), xytext=(0, 2), textcoords="offset points",
                        ha="center", va="bottom", fontsize=9)
    ax.set_xticks(x)
    ax.set_xticklabels(list(categories) if names is None else list(names))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_ylim(0, 1.08)


def _share_chart(groups: Mapping[str, Mapping[str, int]], categories: Sequence[str],
                 names: Sequence[str], xlabel: str, title: str, lang: str,
                 size: tuple[float, float], legend: str) -> Figure:
    """A figure of :func:`_share_bars` over ``categories`` (written ``names``), its x axis
    labelled by the catalogue's ``xlabel``, the y axis the share of hands, ``title`` and the
    legend at ``legend``."""
    fig, axes = _figure(width=size[0], height=size[1])
    ax = axes[0, 0]
    _share_bars(ax, groups, categories, language=lang, names=names)
    ax.set_xlabel(words.text(xlabel, lang))
    ax.set_ylabel(words.text("plots.share_of_hands", lang))
    ax.set_title(title)
    ax.legend(loc=legend)
    return _styled(fig)


# --- charts -------------------------------------------------------------------------------------
def _points_panel(ax: Any, attack: np.ndarray, defence: np.ndarray, total: int,
                  title: str, attack_label: str | None = None, language: str = "en") -> None:
    bins = np.arange(0, total + 11, 10) - 0.5
    ax.hist(attack, bins=bins, alpha=0.6, color=ATTACK,
            label=_given(attack_label, "plots.attack", language))
    ax.hist(defence, bins=bins, alpha=0.6, color=DEFENCE,
            label=words.text("plots.defence", language))
    half = total / 2
    ax.axvline(half, color="black", lw=1, ls="--",
               label=words.text("plots.half_line", language, total=total, half=f"{half:g}"))
    ax.set_xlim(-5, total + 5)
    ax.set_xlabel(words.text("plots.points_xlabel", language))
    ax.set_ylabel(words.text("plots.hands", language))
    ax.set_title(words.text("plots.title_n_hands", language, title=title, n=f"{attack.size:,}"))


def points_histogram(attack_points: Sequence[int] | np.ndarray,
                     defence_points: Sequence[int] | np.ndarray, *,
                     title: str | None = None, total: int = 162,
                     attack_label: str | None = None, language: str = "en") -> Figure:
    """Histogram of the attack's and the defence's card points (dix de der included) per hand,
    in 10-point bins, with the half-way line (a contract needs more than half).  The title
    (by default *How the 162 points are shared*) and the attack's label are the caller's;
    ``language="ko"`` writes the chart's own words in Korean."""
    lang = _lang(language)
    a = np.asarray(attack_points)
    d = np.asarray(defence_points)
    fig, axes = _figure()
    ax = axes[0, 0]
    _points_panel(ax, a, d, total, _given(title, "plots.title_points", lang), attack_label,
                  lang)
    ax.legend(loc="upper right")
    return _styled(fig)


def points_by_contract(attack_points: Sequence[int] | np.ndarray,
                       defence_points: Sequence[int] | np.ndarray,
                       contract: Sequence[int] | np.ndarray, *,
                       contract_names: Sequence[str] = CONTRACT_CODES,
                       title: str | None = None, total: int = 162,
                       language: str = "en") -> Figure:
    """One histogram panel (attack vs defence points) per contract kind present:
    suit contracts, no trump, all trump (``language="ko"``: the chart's words in Korean)."""
    lang = _lang(language)
    a = np.asarray(attack_points)
    d = np.asarray(defence_points)
    kinds = contract_kinds(contract, contract_names)
    present = [k for k in ("suit", "no trump", "all trump") if (kinds == k).any()]
    if not present:
        raise ValueError("no hands to draw")
    fig, axes = _figure(ncols=len(present), width=4.6 * len(present) + 0.6, height=4.6,
                        sharey=True)
    for ax, kind in zip(axes[0], present, strict=True):
        sel = kinds == kind
        name = words.text(f"plots.kind_{kind.replace(' ', '_')}", lang)
        _points_panel(ax, a[sel], d[sel], total, name, language=lang)
        if ax is not axes[0, 0]:
            ax.set_ylabel("")
    axes[0, 0].legend(loc="upper left", fontsize=9)
    fig.suptitle(_given(title, "plots.title_by_contract", lang))
    return _styled(fig)


def outcome_frequencies(groups: Mapping[str, Mapping[str, int]], *,
                        title: str | None = None, language: str = "en") -> Figure:
    """Grouped bars of the share of hands in each outcome (made, made with capot, failed,
    failed with a capot against, litige) for each group, e.g. ``{"Belote": outcome_counts(…),
    "Coinche": outcome_counts(…)}``; 95% Wilson intervals (``language="ko"``: the chart's
    words in Korean)."""
    lang = _lang(language)
    cats = [c for c in OUTCOMES if any(g.get(c, 0) for g in groups.values())] or list(OUTCOMES)
    names = [words.text(f"plots.outcome_{_OUTCOME_KEYS[c]}", lang) for c in cats]
    return _share_chart(groups, cats, names, "plots.outcome_xlabel",
                        _given(title, "plots.title_outcomes", lang), lang, (10, 4.8), "upper right")


def belote_frequency(groups: Mapping[str, Mapping[str, int]], *,
                     title: str | None = None, language: str = "en") -> Figure:
    """Grouped bars of the share of hands in which the attack, the defence or nobody scored
    belote/rebelote, per group (``{"Belote": belote_counts(…), …}``); 95% Wilson intervals
    (``language="ko"``: the chart's words in Korean)."""
    lang = _lang(language)
    sides = ["attack", "defence", "none"]
    names = [words.text(f"plots.belote_{side}", lang) for side in sides]
    return _share_chart(groups, sides, names, "plots.belote_xlabel",
                        _given(title, "plots.title_belote", lang), lang, (8.5, 4.6), "upper left")


def _wide_counts(ns: Sequence[int]) -> bool:
    """Whether a bar's count label is wider than the bar (a five-digit count with its
    separator): then the labels are written upwards, on one line."""
    return max(ns, default=0) >= 10_000


def _bar_label(rate: float, n: int, vertical: bool) -> str:
    """A bar's label: its rate and its count, on two lines or, written upwards, on one.

    >>> _bar_label(0.831, 18307, True), _bar_label(0.5, 12, False)
    ('83%  n=18,307', '50%\\nn=12')
    """
    return f"{rate:.0%}  n={n:,}" if vertical else f"{rate:.0%}\nn={n:,}"


def _count_labels(ax: Any, xs: Sequence[float], rates: Sequence[float], ns: Sequence[int],
                  size: float) -> None:
    """Write each bar's rate and count (:func:`_bar_label`) in white at its foot, upwards when
    a count has five digits (:func:`_wide_counts`)."""
    vertical = _wide_counts(ns)
    for x, r, n in zip(xs, rates, ns, strict=True):
        ax.annotate(_bar_label(r, n, vertical), (x, 0.02), ha="center", va="bottom",
                    rotation=90 if vertical else 0, fontsize=size, color="white",
                    fontweight="bold")


def success_by_holding(made: Sequence[int] | np.ndarray,
                       holdings: Mapping[str, Sequence[Any] | np.ndarray], *,
                       title: str | None = None, min_hands: int = 10,
                       language: str = "en") -> Figure:
    """One panel per holding feature (``{"trump jack": …, "trumps held": …}``): the share of
    contracts made (``made == 1``) for each value of the feature, with 95% Wilson intervals,
    the number of hands under each bar and the overall rate as a dashed line.  Values seen in
    fewer than ``min_hands`` hands are left out.  ``language="ko"`` writes the chart's own
    words in Korean (the features' names and the title are the caller's)."""
    lang = _lang(language)
    m = np.asarray(made) == 1
    overall = float(m.mean()) if m.size else float("nan")
    k = len(holdings)
    ncols = min(k, 2)
    nrows = math.ceil(k / ncols)
    fig, axes = _figure(ncols=ncols, nrows=nrows, width=5.2 * ncols if k > 1 else 9.0,
                        height=3.9 * nrows if k > 1 else 4.6, sharey=True)
    flat = list(axes.ravel())
    for ax, (name, values) in zip(flat, holdings.items(), strict=False):
        v = np.asarray(values)
        levels = [x for x in sorted(set(v.tolist())) if (v == x).sum() >= min_hands]
        rates, errs, ns = [], [[], []], []
        for x in levels:
            sel = v == x
            n = int(sel.sum())
            k_made = int(m[sel].sum())
            r = k_made / n
            lo, hi = wilson(k_made, n)
            rates.append(r)
            errs[0].append(r - lo)
            errs[1].append(hi - r)
            ns.append(n)
        labels = [_level_label(x, lang) for x in levels]
        pos = np.arange(len(levels))
        ax.bar(pos, rates, 0.6, color=ATTACK, yerr=errs, capsize=3,
               label=words.text("plots.contract_made", lang))
        _count_labels(ax, pos, rates, ns, 8)
        ax.axhline(overall, color="black", ls="--", lw=1,
                   label=words.text("plots.all_hands", lang, rate=f"{overall:.0%}"))
        ax.set_xticks(pos)
        ax.set_xticklabels(labels)
        ax.set_xlabel(name)
        ax.set_ylabel(words.text("plots.contracts_made_pct", lang))
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        ax.set_ylim(0, 1.2)
        ax.set_yticks(np.linspace(0, 1, 6))
    for ax in flat[k:]:
        ax.set_visible(False)
    flat[0].legend(loc="upper left", fontsize=9, ncol=2)
    title = _given(title, "plots.title_holding", lang)
    fig.suptitle(words.text("plots.title_n_hands", lang, title=title, n=f"{m.size:,}"))
    return _styled(fig)


def _level_label(x: Any, language: str = "en") -> str:
    """A feature's value on a chart: a number as it is, true or false as *yes* or *no*."""
    if isinstance(x, (bool, np.bool_)):
        return words.text("plots.yes" if x else "plots.no", language)
    return str(x)


def tip_effects(names: Sequence[str], means: Sequence[float], lows: Sequence[float],
                highs: Sequence[float], *, unit: str | None = None,
                title: str | None = None,
                xlabel: str | None = None, verdicts: Sequence[str] | None = None,
                language: str = "en") -> Figure:
    """Horizontal bars: the gain of the tip-following side over the other side, with its
    **uncorrected** 95% interval (each tip as if tested alone).  The colour reads that same
    interval: green above 0 (the tip pays), red below 0 (it costs), grey holding 0 (no clear
    difference at this sample size); the legend says so.  ``verdicts`` (``"pays"``,
    ``"costs"``, anything else: no clear difference), e.g. after a multiple-testing
    correction, are not mixed into the colours: they are written apart, beside each bar on
    a right-hand axis headed *verdict after the Holm correction* (``ax.child_axes[0]``), so a bar
    whose interval excludes 0 while its corrected verdict is no clear difference is seen as
    such.  ``language="ko"`` writes the chart's own
    words in Korean (the names, unit and title are the caller's; by default *points per
    hand* and *Does following the tip pay?* in the chart's language).

    >>> fig = tip_effects(["B4"], [0.43], [0.01], [0.85], verdicts=["no clear difference"])
    >>> [t.get_text() for t in fig.axes[0].get_legend().get_texts()][0]
    'pays (interval above 0)'
    >>> fig.axes[0].get_xlabel()
    'tip-following side minus the other side (points per hand), uncorrected 95% interval'
    >>> right = fig.axes[0].child_axes[0]
    >>> right.get_ylabel(), [t.get_text() for t in right.get_yticklabels()]
    ('verdict after the Holm correction', ['no clear difference'])
    >>> plt.close(fig)
    """
    lang = _lang(language)

    def said(key: str, **values: Any) -> str:
        return words.text(f"plots.tip_{key}", lang, **values)

    mean = np.asarray(means, dtype=float)
    lo = np.asarray(lows, dtype=float)
    hi = np.asarray(highs, dtype=float)
    colors = [GOOD if a > 0 else BAD if b < 0 else NEUTRAL for a, b in zip(lo, hi, strict=True)]
    legend = (said("pays_ci"), said("none_ci"), said("costs_ci"))
    fig, axes = _figure(width=10 if verdicts is None else 11.5,
                        height=0.65 * len(names) + 2.3)
    ax = axes[0, 0]
    pos = np.arange(len(names))[::-1]
    ax.barh(pos, mean, 0.6, color=colors, xerr=[mean - lo, hi - mean], capsize=4)
    span = float(np.nanmax(np.abs(np.concatenate([lo, hi])))) if len(names) else 1.0
    fmt = "{:+.2f}" if span < 5 else "{:+.1f}"
    for p, m, h in zip(pos, mean, hi, strict=True):
        ax.annotate(fmt.format(m), (max(h, 0), p), xytext=(4, 0), textcoords="offset points",
                    va="center", fontsize=9)
    ax.axvline(0, color="black", lw=1)
    ax.set_yticks(pos)
    ax.set_yticklabels(names)
    ax.set_xlabel(xlabel or said("xlabel", unit=_given(unit, "plots.tip_unit", lang)))
    ax.set_ylabel(said("tip"))
    ax.set_title(_given(title, "plots.title_tips", lang))
    ax.legend(handles=[Patch(color=c, label=w) for c, w in zip((GOOD, NEUTRAL, BAD), legend,
                                                                strict=True)],
              loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, fontsize=9,
              frameon=False, title=said("legend" if verdicts is None else "legend_holm"),
              title_fontsize=9)
    lim = max(float(np.nanmax(np.abs(np.concatenate([lo, hi])))), 1.0) * 1.25
    ax.set_xlim(-lim, lim)
    if verdicts is not None:  # the corrected verdicts, apart from the colours: a right axis
        right = ax.secondary_yaxis("right")
        shown = [{"pays": "pays", "costs": "costs"}.get(v, "none") for v in verdicts]
        right.set_yticks(pos, [said(v) for v in shown])
        for label, v in zip(right.get_yticklabels(), shown, strict=True):
            label.set_color({"pays": GOOD, "costs": BAD}.get(v, "black"))
        right.tick_params(axis="y", length=0)
        right.set_ylabel(said("holm"))
        right.spines["right"].set_visible(False)
    return _styled(fig)


def call_accuracy(calls: Sequence[Any] | np.ndarray, tricks: Sequence[Any] | np.ndarray, *,
                  title: str | None = None, min_hands: int = 10,
                  language: str = "en") -> Figure:
    """Two panels over every seat's call (arrays ``(n, 4)`` or flat): the share of calls made
    for each call value, and the mean tricks taken for each call value against the line
    ``tricks = call``; 95% intervals, calls seen fewer than ``min_hands`` times left out
    (``language="ko"``: the chart's words in Korean)."""
    lang = _lang(language)
    c = np.asarray(calls).ravel()
    t = np.asarray(tricks).ravel()
    values = [v for v in sorted(set(c.tolist())) if (c == v).sum() >= min_hands]
    fig, axes = _figure(ncols=2, width=11, height=4.6)
    left, right = axes[0]
    rates, err, means, merr, ns = [], [[], []], [], [[], []], []
    for v in values:
        sel = c == v
        n = int(sel.sum())
        k = int((t[sel] >= v).sum())
        r = k / n
        lo, hi = wilson(k, n)
        rates.append(r)
        err[0].append(r - lo)
        err[1].append(hi - r)
        mm, mlo, mhi = mean_ci(t[sel])
        means.append(mm)
        merr[0].append(mm - mlo if n > 1 else 0)
        merr[1].append(mhi - mm if n > 1 else 0)
        ns.append(n)
    left.bar(values, rates, 0.8, color=ATTACK, yerr=err, capsize=3,
             label=words.text("plots.call_made", lang))
    _count_labels(left, values, rates, ns, 7.5)
    left.set_xlabel(words.text("plots.call_tricks", lang))
    left.set_ylabel(words.text("plots.calls_made_pct", lang))
    left.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    left.set_ylim(0, 1.2)
    left.set_yticks(np.linspace(0, 1, 6))
    left.set_xticks(values)
    left.set_title(words.text("plots.title_call_made", lang))
    left.legend(loc="upper right", fontsize=9)
    right.errorbar(values, means, yerr=merr, fmt="o", color=DEFENCE, capsize=3,
                   label=words.text("plots.mean_tricks", lang))
    if values:
        line = np.array([min(values) - 0.5, max(values) + 0.5])
        right.plot(line, line, color="black", ls="--", lw=1,
                   label=words.text("plots.tricks_line", lang))
    right.set_xlabel(words.text("plots.call_tricks", lang))
    right.set_ylabel(words.text("plots.tricks_taken", lang))
    right.set_xticks(values)
    right.set_title(words.text("plots.title_tricks_by_call", lang))
    right.legend(loc="upper left", fontsize=9)
    fig.suptitle(words.text("plots.title_n_calls", lang,
                            title=_given(title, "plots.title_calls", lang),
                            n=f"{c.size:,}"))
    return _styled(fig)


def mean_by_group(values: Sequence[float] | np.ndarray, groups: Sequence[Any] | np.ndarray, *,
                  xlabel: str, ylabel: str, title: str, min_count: int = 1,
                  unit: str | None = None, language: str = "en") -> Figure:
    """Bars of the mean of ``values`` for each value of ``groups``, with 95% intervals and the
    count above each bar (e.g. points lost against perfect play, by trick number); ``unit``
    names what was counted in the title (by default *values*); ``language="ko"`` writes the
    chart's own words in Korean."""
    lang = _lang(language)
    v = np.asarray(values, dtype=float)
    g = np.asarray(groups)
    levels = [x for x in sorted(set(g.tolist())) if (g == x).sum() >= min_count]
    means, err, ns = [], [[], []], []
    for x in levels:
        sel = g == x
        m, lo, hi = mean_ci(v[sel])
        means.append(m)
        err[0].append(0 if math.isnan(lo) else m - lo)
        err[1].append(0 if math.isnan(hi) else hi - m)
        ns.append(int(sel.sum()))
    fig, axes = _figure(width=9, height=4.6)
    ax = axes[0, 0]
    pos = np.arange(len(levels))
    ax.bar(pos, means, 0.6, color=ATTACK, yerr=err, capsize=3,
           label=words.text("plots.mean_ci", lang))
    for p, m, h, n in zip(pos, means, err[1], ns, strict=True):
        ax.annotate(f"{m:.1f}\nn={n:,}", (p, m + h), xytext=(0, 2), textcoords="offset points",
                    ha="center", va="bottom", fontsize=8)
    ax.set_xticks(pos)
    ax.set_xticklabels([_level_label(x, lang) for x in levels])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(words.text("plots.title_n_unit", lang, title=title, n=f"{v.size:,}",
                            unit=_given(unit, "plots.values", lang)))
    top = max([m + h for m, h in zip(means, err[1], strict=True)] or [1.0])
    ax.set_ylim(min(0.0, min(means or [0.0]) * 1.2), max(top * 1.25, 1.0))
    ax.legend(loc="upper right", fontsize=9)
    return _styled(fig)


def share_bars(counts: Mapping[str, int], *, title: str, ylabel: str,
               labels: Mapping[str, str] | None = None, unit: str | None = None,
               language: str = "en") -> Figure:
    """Horizontal bars: the share of each entry of ``counts`` in their total, largest first,
    with 95% Wilson intervals (e.g. which rule decided each card played).  ``labels``
    renames the entries on the chart; ``unit`` names what is counted (by default *cards
    played*); ``language="ko"`` writes the chart's own words in Korean."""
    lang = _lang(language)
    unit = _given(unit, "plots.cards_played", lang)
    items = sorted(counts.items(), key=lambda kv: -kv[1])
    n = sum(v for _, v in items)
    names = [(labels or {}).get(k, k) for k, _ in items]
    shares = np.array([v / n for _, v in items]) if n else np.zeros(len(items))
    cis = [wilson(v, n) for _, v in items]
    lo = shares - np.array([c[0] for c in cis])
    hi = np.array([c[1] for c in cis]) - shares
    fig, axes = _figure(width=10, height=0.45 * len(items) + 1.8)
    ax = axes[0, 0]
    pos = np.arange(len(items))[::-1]
    ax.barh(pos, shares, 0.65, color=ATTACK, xerr=[lo, hi], capsize=3,
            label=words.text("plots.share_ci", lang))
    for p, sh, h in zip(pos, shares, hi, strict=True):
        ax.annotate(f"{sh:.1%}", (sh + h, p), xytext=(4, 0), textcoords="offset points",
                    va="center", fontsize=9)
    ax.set_yticks(pos)
    ax.set_yticklabels(names)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_xlim(0, min(1.0, float(shares.max() + hi.max()) * 1.25) if n else 1.0)
    ax.set_xlabel(words.text("plots.share_xlabel", lang, unit=unit))
    ax.set_ylabel(ylabel)
    ax.set_title(words.text("plots.title_n_unit", lang, title=title, n=f"{n:,}", unit=unit))
    ax.legend(loc="lower right", fontsize=9)
    return _styled(fig)


def taking_rates(store: Any, runs: Mapping[str, str], *, language: str = "en",
                 min_hands: int = 30) -> Figure:
    """The taking table as lines: for each run of ``store`` (a
    :class:`belote_lab.studies.taking_study.Store`; ``runs`` maps run ids to panel titles), the
    share of contracts made by how many trumps the taker holds, a line for each of
    J and 9 / J only / 9 only / neither, with 95% Wilson intervals; groups of fewer than
    ``min_hands`` hands are left out (and a line with no group left).  ``language="ko"``
    writes the labels in Korean."""
    from belote_lab.studies.taking_study import TRUMP_BINS

    lang = _lang(language)
    k = len(runs)
    fig, axes = _figure(ncols=k, width=5.0 * k if k > 1 else 9.0, height=4.4, sharey=True)
    flat = list(axes.ravel())
    bins = [b[2] for b in TRUMP_BINS]
    combos = (((1, 1), "J + 9"), ((1, 0), words.text("plots.taking_jack_only", lang)),
              ((0, 1), words.text("plots.taking_nine_only", lang)),
              ((0, 0), words.text("plots.taking_neither", lang)))
    colours = ("#1b6ca8", "#2a9d8f", "#e9a03b", "#c8553d")
    for ax, (run_id, title) in zip(flat, runs.items(), strict=True):
        groups = store.runs[run_id]["groups"]["taking"]
        for ((jack, nine), name), colour in zip(combos, colours, strict=True):
            xs, rates, lo_err, hi_err = [], [], [], []
            for i, (lo, hi, _) in enumerate(TRUMP_BINS):
                n = made = 0
                for key, sums in groups.items():
                    j, nn, t, _a = (int(x) for x in key.split("|"))
                    if j == jack and nn == nine and lo <= t <= hi:
                        n += sums[0]
                        made += sums[1]
                if n < min_hands:
                    continue
                r = made / n
                w_lo, w_hi = wilson(made, n)
                xs.append(i)
                rates.append(r)
                lo_err.append(r - w_lo)
                hi_err.append(w_hi - r)
            if xs:  # a holding no taker had (e.g. neither J nor 9 in four-player) is left out
                ax.errorbar(xs, rates, yerr=[lo_err, hi_err], marker="o", capsize=3,
                            color=colour, label=name)
        n_all = int(store.runs[run_id]["deals"])
        count = words.text("plots.taking_deals", lang, n=f"{n_all:,}")
        ax.set_title(f"{title}\n(n = {count})", fontsize=10)
        ax.set_xticks(range(len(bins)))
        ax.set_xticklabels(bins)
        ax.set_xlabel(words.text("plots.taking_xlabel", lang))
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        ax.set_ylim(0.3, 1.02)
        ax.grid(axis="y", alpha=0.3)
    flat[0].set_ylabel(words.text("plots.taking_ylabel", lang))
    for ax in flat:
        if ax.get_legend_handles_labels()[0]:
            ax.legend(loc="lower right", fontsize=9)
    return _styled(fig)


def reliability(games: Mapping[str, Mapping[str, Any]], *, language: str = "en",
                min_n: int = 20) -> Figure:
    """Reliability curves of the inference's calibration (``benchmarks/calibration.py``'s
    results, ``{"belote": result, …}``): for each game a panel, the observed frequency
    against the mean predicted probability in each decile of prediction, for the deals
    sampled uniformly and for the deals weighted by the play so far, beside the diagonal of
    perfect calibration; deciles of fewer than ``min_n`` predictions are left out.
    ``language="ko"`` writes the labels in Korean."""
    from belote_lab.games import get

    lang = _lang(language)
    k = len(games)
    fig, axes = _figure(ncols=k, width=4.2 * k if k > 1 else 6.0, height=4.4, sharey=True)
    for ax, (name, result) in zip(list(axes.ravel()), games.items(), strict=True):
        ax.plot([0, 1], [0, 1], color="#888888", linestyle="--", linewidth=1,
                label=words.text("plots.reliability_perfect", lang))
        for model, colour, key in (("uniform", DEFENCE, "plots.reliability_uniform"),
                                   ("weighted", ATTACK, "plots.reliability_weighted")):
            bins = [b for b in result["test"][model]["scores"]["all"]["reliability"]
                    if b["n"] >= min_n]
            ax.plot([b["predicted"] for b in bins], [b["observed"] for b in bins], marker="o",
                    color=colour, label=words.text(key, lang))
        g = get(name)
        n = result["test"]["weighted"]["scores"]["all"]["n"]
        ax.set_title(words.text("plots.reliability_title", lang,
                                game=g.title_ko if lang == "ko" else g.title, n=f"{n:,}"),
                     fontsize=10)
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_xlabel(words.text("plots.reliability_xlabel", lang), fontsize=9)
    flat = list(axes.ravel())
    flat[0].set_ylabel(words.text("plots.reliability_ylabel", lang))
    flat[0].legend(loc="upper left", fontsize=8)
    return _styled(fig)


# --- a learner's progress ---------------------------------------------------------------------
VERDICT_COLOURS: dict[str, str] = {
    "best": "#c9d3d8", "inaccuracy": "#f2c94c", "mistake": "#e07b10", "blunder": "#c43c39",
    "lucky": "#7fb3e0", "unlucky": "#8e5bb5", "within noise": "#9a9a9a", "costly": "#c43c39",
    "unjudged": "#ffffff",
}
"""Each verdict's colour in :func:`progress_chart` (``unjudged``: a card with no verdict):
best pale, the grades warmer as they get worse, luck in blue and purple, noise grey."""

_SMALL = {"font.size": 8, "axes.titlesize": 9, "axes.labelsize": 8, "xtick.labelsize": 7,
          "ytick.labelsize": 7, "legend.fontsize": 7, "figure.titlesize": 9}
"""The style of the small charts drawn beside a widget (:func:`progress_chart`)."""


def progress_chart(progress: Progress, language: str = "en", ax: Any = None) -> Figure:
    """A learner's progress (:class:`belote_lab.coaching.progress.Progress`), small (6.4 × 2.6
    inches): at the left a bar a hand of what the seat's cards cost with every card known (in the
    review's unit, points or tricks), with the mean of the first and of the last half of the
    hands as dashed lines over their hands (from two hands a half); at the right a stacked
    bar a hand of the seat's cards by verdict (best at the bottom, then the kinds given, in
    :data:`belote_lab.coaching.review.VERDICTS` order; cards with no verdict on top, white).
    ``ax``: a pair of axes to draw in (``(cost_axes, verdict_axes)``) instead of a new figure;
    ``language="ko"`` writes the chart's words in Korean (draw it after :func:`use_korean`).

    >>> from belote_lab.coaching.progress import HandProgress, Progress
    >>> def hp(i, cost, best, mistake):
    ...     return HandProgress(i, cost, 8, 8, (best, 0, mistake, 0, 0, 0, 0, 0), 0, True)
    >>> p = Progress("belote", 2, "points", (hp(1, 20, 7, 1), hp(2, 0, 8, 0)))
    >>> fig = progress_chart(p)
    >>> cost, verdicts = fig.axes
    >>> [round(b.get_height()) for b in cost.patches], cost.get_ylabel()
    ([20, 0], 'cost (points)')
    >>> [t.get_text() for t in verdicts.get_legend().get_texts()]
    ['best', 'mistake']
    >>> plt.close(fig)
    """
    lang = _lang(language)

    def said(key: str, **values: Any) -> str:
        return words.text(f"progress.{key}", lang, **values)

    with plt.rc_context({**_STYLE, **_SMALL, "font.family": list(_FONTS)}):
        if ax is None:
            fig, axes = plt.subplots(1, 2, figsize=(6.4, 2.6), squeeze=False)
            left, right = axes[0]
        else:
            left, right = ax
            fig = left.figure
        _progress_costs(left, progress, said)
        _progress_verdicts(right, progress, said)
        n = progress.n
        fig.suptitle(said("chart_title", hands=said("hand" if n == 1 else "hands", n=f"{n:,}")))
        if ax is None:
            fig.tight_layout()
    return fig


def _progress_costs(ax: Any, p: Progress, said: Any) -> None:
    """The cost of each hand as a bar, the two halves' means as dashed lines."""
    from matplotlib.ticker import MaxNLocator

    x = np.arange(1, p.n + 1)
    ax.bar(x, p.costs, 0.7, color=ATTACK)
    t = p.trend
    if t is not None and t.first_n > 1:  # a half of one hand: its mean is its bar
        spans = ((1, t.first_n, t.first), (p.n - t.last_n + 1, p.n, t.last))
        for i, (a, b, mean) in enumerate(spans):
            ax.hlines(mean, a - 0.4, b + 0.4, colors="black", linestyles="--", lw=1,
                      label=said("chart_half_means") if i == 0 else None)
        ax.legend(loc="upper right")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlim(0.4, p.n + 0.6)
    ax.set_ylim(0, max([*p.costs, 1]) * 1.25)
    ax.set_xlabel(said("chart_hand_xlabel"))
    ax.set_ylabel(said("chart_cost_ylabel", unit=said(f"chart_unit_{p.unit}")))
    ax.set_title(said("chart_cost_title"))


def _progress_verdicts(ax: Any, p: Progress, said: Any) -> None:
    """The cards of each hand by verdict, stacked; a legend of the kinds given."""
    from matplotlib.ticker import MaxNLocator

    from belote_lab.coaching.review import VERDICTS

    x = np.arange(1, p.n + 1)
    bottom = np.zeros(p.n)
    columns = [(k, [h.counts[i] for h in p.hands]) for i, k in enumerate(VERDICTS)]
    columns.append(("unjudged", [h.unjudged for h in p.hands]))
    for kind, counts in columns:
        if not any(counts):
            continue
        key = "chart_unjudged" if kind == "unjudged" else f"verdict_{kind.replace(' ', '_')}"
        ax.bar(x, counts, 0.7, bottom=bottom, color=VERDICT_COLOURS[kind], edgecolor="#555555",
               linewidth=0.4, label=said(key))
        bottom += np.asarray(counts)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlim(0.4, p.n + 0.6)
    ax.set_xlabel(said("chart_hand_xlabel"))
    ax.set_ylabel(said("chart_cards_ylabel"))
    ax.set_title(said("chart_verdicts_title"))
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
