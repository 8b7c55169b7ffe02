"""The tip table (:mod:`belote_lab.studies.tipstudy`) drawn as static HTML: one row per strategy tip
of the seeds — the seed's Korean words with a paraphrase, how it is tested (or why not), n,
the paired difference with its 95% interval, the p-value and the verdict after the
Holm–Bonferroni correction (a verdict on the rule as the tested variant plays it: where the
seed's words say more, the row's last cell ends by saying what the verdict is about, e.g. B1,
C7, T9) — then what the correction means.  The table's own words
(headings, cell words) are the catalogue's ``tip_table.`` texts
(``belote_lab/words/en/tip_table.json``, ``ko/tip_table.json``; :data:`TIP_TEXTS` is a read
copy), the tips' and the study's are :mod:`belote_lab.studies.tipstudy`'s (``tips_list.``,
``tipstudy.``).

No script: the colours come from JupyterLab's theme variables with light fallbacks (and
lighter ones under a dark theme), and Korean words wrap between words (``keep-all``).

>>> from belote_lab.studies.tipstudy import TIPS, TipStudy, TipRow
>>> study = TipStudy([TipRow(t) for t in TIPS])          # nothing computed yet
>>> html = tip_table_html(study, "en")
>>> "bw-tips-table" in html and "182점을 내주는 꼴" in html and "not computed" in html
True
>>> "수비 팀" in tip_table_html(study, "ko")
True
>>> "The verdict is about a blanket rule" in html and "일률적인 규칙" in tip_table_html(study, "ko")
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from belote_lab.studies.tipstudy import TipRow, TipStudy, game_name, kind_name, player_name
from belote_lab.words import LANGUAGES, section
from belote_lab.words import text as catalogue_text
from belote_widgets.cards_view import esc
from belote_widgets.i18n import check_language

__all__ = ["TIP_CSS", "TIP_TEXTS", "tip_table_html", "tip_words"]

TIP_CSS = """
.bw-tips {
  --bw-tips-fg: var(--jp-ui-font-color0, #000);
  --bw-tips-head: var(--jp-layout-color2, #eee);
  --bw-tips-line: var(--jp-border-color2, #d5d5d5);
  --bw-tips-muted: #555;
  --bw-tips-good: var(--jp-success-color0, #1b5e20);
  --bw-tips-bad: var(--jp-error-color0, #b71c1c);
  color: var(--bw-tips-fg); max-width: 100%; word-break: keep-all; overflow-wrap: break-word;
  font-family: 'DejaVu Sans', 'Noto Sans', 'Noto Sans CJK KR', sans-serif;
}
body[data-jp-theme-light="false"] .bw-tips {
  --bw-tips-head: var(--jp-layout-color1, #212121);
  --bw-tips-muted: rgba(255, 255, 255, 0.75);
  --bw-tips-good: var(--jp-success-color2, #81c784);
  --bw-tips-bad: var(--jp-error-color2, #e57373);
}
.bw-tips p { margin: 0.4em 0; line-height: 1.45; }
.bw-tips-scroll { overflow-x: auto; max-width: 100%; }
.bw-tips-table { border-collapse: collapse; font-size: 0.92em; }
.bw-tips .bw-tips-table th {
  background: var(--bw-tips-head); color: var(--bw-tips-fg); text-align: left;
  padding: 4px 8px; white-space: nowrap;
}
.bw-tips .bw-tips-table td {
  vertical-align: top; text-align: left; padding: 6px 8px;
  border-top: 1px solid var(--bw-tips-line); line-height: 1.4;
}
.bw-tips-table td.bw-tips-tip { min-width: 18em; max-width: 30em; }
.bw-tips-table td.bw-tips-how { min-width: 16em; max-width: 28em; }
.bw-tips-table td.bw-tips-num { white-space: nowrap; font-variant-numeric: tabular-nums; }
.bw-tips-table tr.bw-tips-untested td { opacity: 0.9; }
.bw-tips-id, .bw-tips-mean { font-weight: bold; }
.bw-tips-quote { display: block; margin: 0.2em 0; }
.bw-tips-muted { color: var(--bw-tips-muted); }
.bw-tips-small { font-size: 0.9em; }
.bw-tips-pays { color: var(--bw-tips-good); font-weight: bold; }
.bw-tips-costs { color: var(--bw-tips-bad); font-weight: bold; }
.bw-tips-none { font-weight: bold; }
.bw-tips-scope { display: inline-block; margin-top: 0.3em; }
"""
"""The table's own rules (theme colours with fallbacks, Korean kept whole between words)."""

NAMESPACE = "tip_table"
"""The catalogue's namespace of the table's own words (``tip_table.caption`` …)."""

TIP_TEXTS: dict[str, dict[str, str]] = {
    language: section(NAMESPACE, language) for language in LANGUAGES
}
"""The table's headings and cell words in English and Korean, by key: a read copy of the
catalogue's ``tip_table.`` texts (belote_lab/words/en/tip_table.json, ko/tip_table.json),
where an editor changes them."""


def tip_words(key: str, language: str, **values: Any) -> str:
    """The catalogue's text ``tip_table.<key>`` (:data:`TIP_TEXTS`) in ``language``, filled
    in (:func:`belote_lab.words.text`).

    >>> tip_words("deals", "ko", n="4,000"), tip_words("vs", "en", a="level 2", b="bold")
    ('딜 4,000개', 'level 2 vs bold')
    """
    return catalogue_text(f"{NAMESPACE}.{key}", check_language(language), **values)


def _p(p: float) -> str:
    if math.isnan(p):
        return ""
    return "< 0.0001" if p < 1e-4 else f"{p:.4f}" if p < 0.01 else f"{p:.3f}"


def _bare(text: str) -> str:
    """``text`` without spaces and punctuation, to see whether two sentences are the same."""
    return "".join(ch for ch in text if ch.isalnum())


def _tip_cell(r: TipRow, lang: str) -> str:
    t = r.tip
    game = game_name(t.game, lang)
    head = (f'<span class="bw-tips-id">{esc(t.id)}</span> '
            f'<span class="bw-tips-muted bw-tips-small">'
            f'{esc(tip_words("seed", lang, seed=t.seed))} · {esc(game)}</span>')
    quotes = "".join(f'<span class="bw-tips-quote" lang="ko">“{esc(q)}”</span>'
                     for q in t.quotes(lang))
    para = f'<span lang="{lang}">{esc(t.paraphrase(lang))}</span>'
    if lang == "ko" and _bare(t.paraphrase(lang)) in {_bare(q) for q in t.quotes(lang)}:
        para = ""  # the Korean paraphrase would repeat the seed's words
    return f'<td class="bw-tips-tip">{head}{quotes}{para}</td>'


def _how_cell(r: TipRow, lang: str) -> str:
    t = r.tip
    kind = kind_name(t.kind, lang)
    if not t.tested:
        why = t.why_not(lang, head=False)  # the cell's head says it already
        return (f'<td class="bw-tips-how"><b>{esc(kind)}</b><br>'
                f'<span class="bw-tips-small">{esc(why)}</span></td>')
    vs = tip_words("vs", lang, a=player_name(t.tip_player, lang),
                   b=player_name(t.other_player, lang))
    scope = t.scope(lang)  # what the verdict is about, where the seed says more than the test
    if scope:
        scope = f'<br><span class="bw-tips-scope bw-tips-small">{esc(scope)}</span>'
    return (f'<td class="bw-tips-how"><b>{esc(kind)}</b>: {esc(vs)}<br>'
            f'<span class="bw-tips-small">{esc(t.how(lang))}</span>{scope}</td>')


def _verdict_html(v: str, text: str) -> str:
    cls = {"pays": "bw-tips-pays", "costs": "bw-tips-costs"}.get(v, "bw-tips-none")
    return f'<span class="{cls}">{esc(text)}</span>'


def _number_cells(r: TipRow, lang: str) -> str:
    t = r.tip
    if not r.n:
        return (f'<td class="bw-tips-muted" colspan="4">'
                f'{esc(tip_words("not_computed", lang))}</td>')
    if t.kind == "solver":
        n = tip_words("hands", lang, n=f"{r.n:,}")
        diff = tip_words("solver_diff", lang, m=r.mean, lo=r.lo, hi=r.hi)
        best = tip_words("solver_best", lang, b=r.best_share, d=f"{r.decisions:,}")
        return (f'<td class="bw-tips-num">{esc(n)}</td>'
                f'<td>{esc(diff)}<br><span class="bw-tips-muted bw-tips-small">'
                f'{esc(best)}</span></td><td class="bw-tips-num">—</td>'
                f'<td class="bw-tips-muted bw-tips-small">'
                f'{esc(tip_words("solver_verdict", lang))}</td>')
    n = esc(tip_words("deals", lang, n=f"{r.n:,}"))
    if r.dropped:
        n += (f'<br><span class="bw-tips-muted bw-tips-small">'
              f'{esc(tip_words("dropped", lang, k=r.dropped))}</span>')
    mean = r.mean_text(lang)
    ci = tip_words("ci", lang, lo=f"{r.lo:+.2f}", hi=f"{r.hi:+.2f}")
    diff = f'<b class="bw-tips-mean">{esc(mean)}</b><br>{esc(ci)}'
    if r.changed:
        m = f"{r.changed_mean:+.1f}"
        diff += (f'<br><span class="bw-tips-muted bw-tips-small">'
                 f'{esc(tip_words("changed", lang, k=f"{r.changed:,}", m=m))}</span>')
    p = (f'{esc(_p(r.p))}<br><span class="bw-tips-muted bw-tips-small">'
         f'{esc(tip_words("p_holm", lang, p=_p(r.p_holm)))}</span>')
    verdict = _verdict_html(r.verdict, r.verdict_text(lang))
    if r.verdict_raw != r.verdict:
        raw = tip_words("raw", lang, v=r.verdict_text(lang, raw=True))
        verdict += f'<br><span class="bw-tips-muted bw-tips-small">{esc(raw)}</span>'
    return (f'<td class="bw-tips-num">{n}</td><td>{diff}</td>'
            f'<td class="bw-tips-num">{p}</td><td>{verdict}</td>')


def tip_table_html(study: TipStudy, language: str = "en", ids: Sequence[str] | None = None,
                   note: bool = True) -> str:
    """The tip table of ``study`` (:func:`belote_lab.studies.tipstudy.load`) in ``language``
    (``en``: the Korean quotes with English paraphrases; ``ko``: with Korean ones), how the duels
    are played, and the note on the multiple-testing correction (:meth:`TipStudy.note`).

    ``ids`` keeps only those rows (in that order; their verdicts are still corrected over the
    whole study) and ``note=False`` leaves the note out, for a notebook that shows one game's
    tips and points to the whole table."""
    lang = check_language(language)
    shown = study.rows if ids is None else [study.row(i) for i in ids]
    keys = ("tip", "n", "diff", "p", "verdict", "how")  # the numbers before the long words
    head = "".join(f"<th>{esc(tip_words(k, lang))}</th>" for k in keys)
    rows = []
    for r in shown:
        cls = "" if r.tip.tested else ' class="bw-tips-untested"'
        cells = _tip_cell(r, lang)
        if r.tip.tested:
            cells += _number_cells(r, lang) + _how_cell(r, lang)
        else:  # why not, where the numbers would be: in view without scrolling
            cells += _how_cell(r, lang).replace('<td class="bw-tips-how">',
                                                '<td class="bw-tips-how" colspan="5">')
        rows.append(f'<tr{cls} data-tip="{esc(r.id)}">{cells}</tr>')
    designs = []
    seen = set()
    for r in shown:
        d = r.tip.design(lang)
        if d and r.tip.game not in seen:
            seen.add(r.tip.game)
            game = game_name(r.tip.game, lang)
            designs.append(f"<li><b>{esc(game)}</b>: {esc(d)}</li>")
    caption = esc(tip_words("caption", lang))
    return (
        f'<div class="bw-tips" lang="{lang}"><style>{TIP_CSS}</style>'
        f'<p>{esc(tip_words("designs", lang))}</p><ul>{"".join(designs)}</ul>'
        f'<p>{caption}</p>'
        f'<div class="bw-tips-scroll"><table class="bw-tips-table">'
        f'<tr>{head}</tr>{"".join(rows)}</table></div>'
        f'{f"<p>{esc(study.note(lang))}</p>" if note else ""}</div>'
    )
