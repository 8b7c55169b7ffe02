"""A hand's review drawn as HTML: the costliest cards in words, then a row per card.

Each row shows the card's exact double-dummy value, best value and cost, what the hint said
from what the player could see (how far below the hint's first card, with its deals and 95%
interval, and the best cards with every card known when the hint put another first), and the
verdict's word (``data-verdict`` on the row); the caption says once what the value means.

The review itself is the engine's (:func:`belote_lab.coaching.review.review`); this module only
draws it, in English or Korean, for :class:`~belote_widgets.PlayTable`'s "Review this hand" button
and :class:`~belote_widgets.HandStepper`'s Review button; its labels are the ``review_view.``
texts of the catalogue of words (:mod:`belote_lab.words`).

>>> from belote_lab.games.belote import BeloteHand
>>> from belote_lab.coaching.review import review
>>> h = BeloteHand.from_hands({"N": "JH 9H AH TH KH QH 8H 7H",
...     "E": "AS TS KS QS JS 9S 8S 7S", "S": "AD TD KD QD JD 9D 8D 7D",
...     "W": "AC TC KC QC JC 9C 8C 7C"}, "H", taker="N", first_leader="N")
>>> for c in ("7H", "7S", "7D", "7C"):
...     h.play(c)
>>> html = review_html(review(h, hints=False), "en")
>>> 'bw-review-table' in html and 'data-card="7H"' in html
True
>>> "카드" in review_html(review(h, hints=False), "ko")
True
"""

from __future__ import annotations

import math
from typing import Any

from belote_lab.cards import Suit
from belote_lab.coaching.review import Review, ReviewRow, gap_text, level_with_first
from belote_lab.words import LANGUAGES, section
from belote_lab.words import text as catalogue_text
from belote_widgets.cards_view import card_html, esc
from belote_widgets.i18n import check_language, seat_name, seat_word

__all__ = ["REVIEW_CSS", "REVIEW_TEXTS", "review_html", "row_html", "review_words"]

REVIEW_CSS = """
.bw-review { max-width: 100%; min-width: 0; }
.bw-review-box .widget-html-content { max-width: 100%; }
.bw-review-scroll { overflow-x: auto; max-width: 100%; }
.bw-review-table th, .bw-review-table td { white-space: nowrap; word-break: keep-all; }
.bw-review-table td.bw-review-said { white-space: normal; min-width: 9em; }
.bw-review-table tr.bw-costly td { font-weight: bold; }
.bw-review p { margin: 0.3em 0; word-break: keep-all; }
"""
"""The review's own rules: headers and numbers never broken mid-word (a narrow output scrolls
the table sideways instead), the costliest rows in bold."""

NAMESPACE = "review_view"
"""The catalogue's namespace of the review's labels (``review_view.caption`` …)."""

REVIEW_TEXTS: dict[str, dict[str, str]] = {
    language: section(NAMESPACE, language) for language in LANGUAGES
}
"""The review's labels in English and Korean, by key: a read copy of the catalogue's
``review_view.`` texts (belote_lab/words/en/review_view.json, ko/review_view.json), where an
editor changes them."""


def review_words(key: str, language: str, **values: Any) -> str:
    """The review's label ``key`` in ``language``, filled in: the catalogue's
    ``review_view.<key>`` (:func:`belote_lab.words.text`)."""
    return catalogue_text(f"{NAMESPACE}.{key}", check_language(language), **values)


def _amount(x: float | str, unit: str, lang: str, digits: int = 0) -> str:
    """``2.5 points`` / ``2.5점``, ``1 tricks`` / ``1트릭`` (``unit``: ``points`` or
    ``tricks``); a text (a range) as it is."""
    n = x if isinstance(x, str) else f"{x:.{digits}f}"
    return review_words(f"amount_{unit}", lang, n=n)




def _hint_said(row: ReviewRow, unit: str, lang: str) -> str:
    """What the hint said, with its deals and its 95% interval: ``3.1–9.8 points below A♠
    (20 deals)``, ``at most 2.8 points below Q♥ (20 deals)``, ``best (20 deals)``; and, when
    the hint's first card is not one of the best with every card known, those cards
    (``· every card known: 10♥``); ``""`` without a hint."""
    h = row.hint
    if h is None:
        return ""
    if h.exact:
        n = review_words("exact", lang)
    else:
        n = review_words("deal" if h.samples == 1 else "deals", lang, n=f"{h.samples:,}")
        if h.played_on:
            every = h.played_on >= h.samples
            n += review_words("played_on_all" if every else "played_on", lang, m=h.played_on)
    low, high = h.interval
    card = h.best_card.pretty
    if level_with_first(row):
        said = review_words("hint_best", lang, n=n)
    elif h.exact or not (math.isfinite(low) and math.isfinite(high)) or (
        gap_text(low, unit) == gap_text(high, unit)
    ):
        said = review_words("hint_below", lang, gap=_amount(gap_text(h.cost, unit), unit, lang),
                            card=card, n=n)
    elif float(gap_text(low, unit)) <= 0:
        said = review_words("hint_near", lang, gap=_amount(gap_text(high, unit), unit, lang),
                            card=card, n=n)
    else:
        gap = review_words("range", lang, a=gap_text(low, unit), b=gap_text(high, unit))
        said = review_words("hint_below", lang, gap=_amount(gap, unit, lang), card=card, n=n)
    if row.differs:
        best = ", ".join(c.pretty for c in row.best_cards)
        said += " · " + review_words("differs", lang, best=best)
    return said


def _verdict(row: ReviewRow, lang: str) -> str:
    """The verdict's word (``mistake``, ``lucky`` …), and why a card has no exact value
    (``too large to solve``): both when such a card is judged from its hint."""
    return " · ".join(_word(k, lang) for k in (row.verdict, row.why_not) if k)


def _word(verdict: str, lang: str) -> str:
    """A verdict (or why a card has no exact value) as the table names it."""
    return review_words(f"verdict_{verdict.replace(' ', '_')}", lang)


def _row_cells(row: ReviewRow, r: Review, trump: Suit | None, lang: str) -> list[str]:
    def num(x: int | None) -> str:
        return "" if x is None else str(x)

    best = "".join(card_html(c, trump, lang) for c in row.best_cards)
    cells = [str(row.trick)]
    if r.seat is None:
        cells.append(esc(seat_name(row.seat, lang)))
    return [*cells, card_html(row.card, trump, lang), num(row.value), num(row.best),
            num(row.cost), best, esc(_hint_said(row, r.unit, lang)), esc(_verdict(row, lang))]


def review_html(
    r: Review, language: str, trump: Suit | None = None, timing: bool = True
) -> str:
    """The review ``r``: its words (:meth:`Review.text`), then a table of its rows — the
    costliest cards marked ``bw-costly`` (the first ``bw-costliest`` too) — in ``language``;
    ``trump`` marks trump cards; ``timing``: say how long the review took."""
    lang = check_language(language)
    words = "".join(f"<p>{esc(line)}</p>" for line in r.text(lang).splitlines())
    keys = ["trick", *(["seat"] if r.seat is None else []), "card", "value", "best", "cost",
            "best_cards", "hint", "verdict"]
    head = "".join(f"<th>{esc(review_words(k, lang))}</th>" for k in keys)
    ranked = [id(x) for x in r.costliest() if x.cost]
    rows = []
    for x in r.rows:
        marks = (["bw-costly"] if id(x) in ranked else []) + (
            ["bw-costliest"] if ranked and id(x) == ranked[0] else [])
        mark = f' class="{" ".join(marks)}"' if marks else ""
        tds = [f"<td>{c}</td>" for c in _row_cells(x, r, trump, lang)]
        tds[-2] = tds[-2].replace("<td>", '<td class="bw-review-said">', 1)
        tds[-1] = tds[-1].replace("<td>", '<td class="bw-review-verdict">', 1)
        cells = "".join(tds)
        verdict = f' data-verdict="{x.verdict}"' if x.verdict else ""
        rows.append(f'<tr{mark} data-card="{x.card.text}"{verdict}>{cells}</tr>')
    key = "caption" if r.hinted else "caption_dd"
    caption = review_words(key, lang, unit=review_words(r.unit, lang))
    if any(x.hint is not None and x.hint.played_on for x in r.rows):
        caption += " " + review_words("played_on_note", lang)
    caption = esc(caption)
    took = esc(review_words("took", lang, s=r.ms / 1e3)) if timing else ""
    return (
        f'<div class="bw-review"><style>{REVIEW_CSS}</style>{words}'
        f'<div class="bw-review-scroll">'
        f'<table class="bw-table bw-review-table"><caption>{caption}</caption>'
        f'<tr>{head}</tr>{"".join(rows)}</table></div>'
        f'<span class="bw-muted">{took}</span></div>'
    )


def row_html(row: ReviewRow, unit: str, language: str, trump: Suit | None = None) -> str:
    """One card's review in a sentence (the hand stepper shows it under the card played)."""
    lang = check_language(language)
    best = ", ".join(c.pretty for c in row.best_cards)
    if row.cost == 0:
        what = review_words("this_best", lang, best=best)
    elif row.cost is not None:
        what = review_words("this_exact", lang, cost=_amount(row.cost, unit, lang), best=best)
    else:
        what = review_words("this_none", lang, why=_word(row.why_not or "", lang))
    parts = [esc(review_words("this_card", lang, card=row.card.pretty, what=what))]
    if row.hint is not None:
        said = _hint_said(row, unit, lang)
        parts.append(esc(review_words("this_hint", lang, seat=seat_word(row.seat, lang),
                                      said=said)) + ".")
    if row.verdict is not None:
        parts.append(f"<b>{esc(_word(row.verdict, lang))}</b>")
    body = " ".join(parts)
    return f'<span class="bw-review-row" data-card="{row.card.text}">{body}</span>'
