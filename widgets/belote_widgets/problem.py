"""``Problem``: "You are South: what do you play?" — a position, your cards, the answer hidden.

The position is one of :func:`belote_lab.coaching.problems.problems` (a real hand, cut just before
South's card).  The learner clicks one of South's playable cards: the right one shows the
lesson; another says so and lets the learner try again.  *Show answer* shows it at any time,
with every playable card's exact value (all hands known) and what the hint said from what
South could see, so the answer is checked, not asserted.

>>> p = Problem("belote-cheap-trump")
>>> p.revealed, len(p.cards.cards), sorted(c.text for c in p.problem.legal)
(False, 7, ['9D', 'AD', 'QD'])
>>> p.choose("9D"), p.revealed, "Not the best card" in p.feedback_html.value
(False, False, True)
>>> p.choose("QD"), p.revealed, "Right" in p.feedback_html.value
(True, True, True)

A page without a kernel (GitHub, nbviewer, ``make book``) shows the stored snapshot: there the
*Show answer* label is a ``<details>`` element whose summary opens the answer, the lesson and
the check, so a reader can still look them up, and nothing needs a click to be stored.

>>> page = Problem("belote-cheap-trump").static_html()
>>> page.count("<details"), "<summary" in page, "The answer: Q♦." in page
(1, True, True)
"""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as widgets

from belote_lab.cards import Card
from belote_lab.coaching.problems import PlayProblem, problem
from belote_lab.games import get
from belote_lab.words import LANGUAGES, section
from belote_lab.words import text as catalogue_text
from belote_widgets._base import LocalizedWidget, html_widget
from belote_widgets.cards_view import CardButtons, card_html, esc
from belote_widgets.describe import (
    calls_text,
    contract_text,
    hand_cards,
    last_trick_html,
    running_points,
    seat_hand_html,
    sides_html,
    trick_html,
)
from belote_widgets.i18n import check_language, game_name, seat_name, seat_word

__all__ = ["PROBLEM_TEXTS", "Problem"]

_STATIC_BUTTON = re.compile(
    r'<span class="bw-snap-button [^"]*\bbw-show-answer\b[^"]*">[^<]*</span>')
"""The snapshot's inert label of the *Show answer* button (``belote_widgets.snapshot``)."""
_SUMMARY_STYLE = "cursor: pointer; font-weight: bold; margin: 4px 0"

NAMESPACE = "problem"
"""The catalogue's namespace of the problem's labels (``problem.calls`` …)."""

PROBLEM_TEXTS: dict[str, dict[str, str]] = {
    language: section(NAMESPACE, language) for language in LANGUAGES
}
"""The problem's labels in English and Korean, by key: a read copy of the catalogue's ``problem.``
texts (belote_lab/words/en/problem.json, ko/problem.json), where an editor changes them."""


def _w(key: str, language: str, **values: Any) -> str:
    """The problem's label ``key`` in ``language``: the catalogue's ``problem.<key>``."""
    return catalogue_text(f"{NAMESPACE}.{key}", check_language(language), **values)


class Problem(LocalizedWidget):
    """One problem (``problem_id`` or a :class:`belote_lab.coaching.problems.PlayProblem`).

    Public state: :attr:`problem`, :attr:`hand` (the position), :attr:`cards` (South's
    card buttons), :attr:`revealed`, :attr:`tries` (cards chosen so far),
    :attr:`feedback_html`, :attr:`answer_button`."""

    def __init__(self, problem_id: str | PlayProblem, language: str | None = None) -> None:
        super().__init__(language)
        self.add_class("bw-problem")
        self.problem = problem(problem_id) if isinstance(problem_id, str) else problem_id
        self.hand = self.problem.state()
        self.revealed = False
        self.tries: list[Card] = []
        self._checked: tuple[dict[Card, int], dict[Card, float], int, bool] | None = None
        self.header = html_widget("bw-header")
        self.position_html = html_widget("bw-problem-position")
        self.cards = CardButtons(self.choose, "bw-my-hand")
        self.answer_button = widgets.Button(
            layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.answer_button.add_class("bw-show-answer")
        self.answer_button.on_click(lambda _b: self.show_answer())
        self.feedback_html = html_widget("bw-problem-feedback")
        self.children = [
            self.style_html,
            widgets.HBox([self.header, self.language_picker],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.position_html,
            self.cards.box,
            self.answer_button,
            self.feedback_html,
        ]
        self._ready()

    # --- the learner's moves --------------------------------------------------------------------
    def choose(self, card: Card | str) -> bool:
        """South plays ``card``: ``True`` if it is the answer (then the lesson is shown)."""
        c = Card.parse(card)
        if c not in self.hand.legal_cards():
            return False
        self.tries.append(c)
        if self.problem.is_answer(c):
            self.revealed = True
        self.refresh()
        return self.revealed

    def show_answer(self) -> None:
        """Show the answer, the lesson and the check by the solver and the hint."""
        self.revealed = True
        self.refresh()

    def answer_html(self, language: str | None = None) -> str:
        """The answer, the lesson and the check as collapsible HTML: a ``<details>`` closed
        until its summary, the *Show answer* label, is clicked (no kernel needed)."""
        lang = self.language if language is None else check_language(language)
        return (f'<details class="bw-problem-answer"><summary style="{_SUMMARY_STYLE}">'
                f'{esc(_w("show", lang))}</summary>'
                f'<div class="bw-problem-feedback">{self._answer_html(lang, "answer")}</div>'
                f"</details>")

    def static_html(self) -> str:
        """The snapshot (:func:`belote_widgets.snapshot.snapshot_html`) with, while the answer
        is hidden, :meth:`answer_html` in place of the inert *Show answer* label: a page
        without a kernel keeps the answer one click away."""
        page = super().static_html()
        if self.revealed:
            return page  # the feedback shows the answer already
        details = self.answer_html()
        found = _STATIC_BUTTON.search(page)
        if found is None:  # the snapshot drew the button otherwise: the answer goes at its end
            return page[: -len("</div>")] + details + "</div>"
        return page[: found.start()] + details + page[found.end():]

    def checked_values(self) -> tuple[dict[Card, int], dict[Card, float], int, bool]:
        """Each playable card's exact value and hint value, the hint's deals, and whether
        the hint was exact (nothing hidden)."""
        if self._checked is None:
            sol = self.problem.solution()
            hn = self.problem.hint()
            hints = {c: v.mean for c, v in hn.values.items()}
            self._checked = (dict(sol.values), hints, hn.samples, hn.exact)
        return self._checked

    # --- drawing ----------------------------------------------------------------------------------
    def _render(self) -> None:
        lang = self.language
        p, h = self.problem, self.hand
        self.header.value = (
            f"<b>{esc(p.title[lang])}</b> · {esc(game_name(p.game, lang))} · "
            f"{esc(contract_text(h, lang))}<br>{esc(p.question(lang))}"
        )
        self.position_html.value = self._position_html(lang)
        trump = h.contract.trump if h.contract is not None else None
        states = {c: "bw-legal" for c in h.legal_cards()}
        self.cards.show(hand_cards(h, p.seat), trump, lang, states)
        self.answer_button.description = _w("show", lang)
        self.answer_button.disabled = self.revealed
        self.feedback_html.value = self._feedback_html(lang)

    def _position_html(self, lang: str) -> str:
        h, g = self.hand, get(self.problem.game)
        me = seat_word(self.problem.seat, lang)
        rows = []
        for s in h.seat_order:
            if s == self.problem.seat:
                continue
            face_up = g.has_stock and not h.stock_left  # two players: every card is known
            rows.append(f"<div><b>{esc(seat_name(s, lang))}</b>: "
                        f"{seat_hand_html(h, s, lang, face_up)}</div>")
        key = "tricks_so_far" if g.counts == "tricks" else "points_so_far"
        parts = [
            *rows,
            f"<div><b>{esc(_w('calls', lang))}</b>: {esc(calls_text(h, lang))}</div>",
            f"<div><b>{esc(_w(key, lang))}</b>: {sides_html(running_points(h), lang)}</div>",
            f"<div>{last_trick_html(h, lang)}</div>" if h.tricks else "",
            f"<div><b>{esc(_w('trick', lang))}</b>: "
            f"{trick_html(h, lang) if h.trick else esc(_w('lead', lang, seat=me))}</div>",
            f"<div><b>{esc(seat_name(self.problem.seat, lang))}</b>:</div>",
        ]
        return f'<div class="bw-problem-position">{"".join(parts)}</div>'

    def _feedback_html(self, lang: str) -> str:
        p = self.problem
        if not self.revealed:
            if self.tries:
                return f'<span class="bw-reason">{esc(_w("wrong", lang))}</span>'
            return ""
        head = "right" if self.tries and p.is_answer(self.tries[-1]) else "answer"
        return self._answer_html(lang, head)

    def _answer_html(self, lang: str, head: str) -> str:
        """The answer (``head``: ``right`` or ``answer``), the lesson and each playable card's
        exact and hint values."""
        p = self.problem
        trump = self.hand.contract.trump if self.hand.contract is not None else None
        out = [f"<p><b>{esc(_w(head, lang, card=p.answer.pretty))}</b> {esc(p.lesson[lang])}</p>"]
        exact, hints, n, known = self.checked_values()
        how = _w("all_known", lang) if known else _w("deals", lang, n=n)
        unit = _w("tricks" if get(p.game).counts == "tricks" else "points", lang)
        me = seat_word(p.seat, lang)
        rows = [f"<tr><th>{esc(_w('card', lang))}</th><th>{esc(_w('exact', lang))}</th>"
                f"<th>{esc(_w('hint', lang, seat=me))}</th></tr>"]
        for c in sorted(exact, key=lambda x: -exact[x]):
            mark = ' class="bw-best"' if c == p.answer else ""
            rows.append(f"<tr{mark}><td>{card_html(c, trump, lang)}</td><td>{exact[c]}</td>"
                        f"<td>{hints.get(c, 0.0):.1f}</td></tr>")
        out.append(f"<p>{esc(_w('values', lang, n=how, unit=unit, seat=me))}</p>")
        out.append(f'<table class="bw-table bw-problem-check">{"".join(rows)}</table>')
        return "".join(out)
