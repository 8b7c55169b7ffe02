"""The declarations of a hand drawn as HTML for the table (seed 004, the ``declarations`` rule).

Pure: a hand and a language in, HTML out (no widget, no state of its own).  Before the first
trick is complete it says that the declarations come then — or, for the learner's ``seat`` when
:meth:`~belote_lab.games.belote.BeloteHand.declaration_choice_pending` holds, what the seat
holds and the question (the table adds the two buttons, labelled by :func:`choice_labels`,
calling ``hand.choose_declarations(seat)`` and ``hand.hide_declarations(seat)``).  Once it is
complete: each combination shown, its seat, name, cards and points (marked scored or not), and
which team scores and why.  A hand whose rules have no declarations (or a game without them)
gives the empty string.  The texts are the ``declarations.`` namespace of the catalogue.

>>> from belote_lab.games.belote import BeloteHand
>>> from belote_lab.rules import BeloteRules
>>> deal = {"N": "7S 8S 9S AH AD AC AS KH", "E": "TS JS KS 7H 8H 9H TH QH",
...         "S": "QS 7D 8D 9D TD JD QD KD", "W": "JH 7C 8C 9C TC JC QC KC"}
>>> h = BeloteHand.from_hands(deal, "H", "N", "N", BeloteRules(declarations=True))
>>> "South holds a cent" in declarations_html(h, "en", seat="S")
True
>>> for _ in range(4):
...     h.play(next(iter(h.legal_cards())))
>>> html = declarations_html(h, "en")
>>> html.count('class="bw-decl-row'), 'data-card="7D"' in html, "North–South gets +220" in html
(5, True, True)
>>> "남북 팀이 220점을" in declarations_html(h, "ko")
True
>>> declarations_html(BeloteHand.from_hands(deal, "H", "N", "N"), "en")
''
"""

from __future__ import annotations

from typing import Any

from belote_lab.cards import SEATS, parse_seat
from belote_lab.games.belote import declarations_words
from belote_lab.words import text as catalogue_text
from belote_widgets.cards_view import card_html, esc
from belote_widgets.i18n import check_language, seat_name, seat_word

__all__ = ["DECLARATIONS_CSS", "declarations_html", "choice_labels"]

NAMESPACE = "declarations"
"""The catalogue's namespace of these texts (``declarations.title`` …)."""

DECLARATIONS_CSS = """
.bw-decl-table td, .bw-decl-table th { padding: 2px 6px; vertical-align: middle; text-align: left; }
.bw-decl-table td.bw-decl-cards { white-space: nowrap; }
.bw-decl-row.bw-decl-lost td { color: var(--bw-muted, #555); }
"""
"""The view's own style (the cards' style is :data:`belote_widgets.cards_view.CSS`)."""


def _w(key: str, language: str, **values: Any) -> str:
    return catalogue_text(f"{NAMESPACE}.{key}", language, **values)


def choice_labels(language: str) -> tuple[str, str]:
    """The two buttons' labels: declare, keep hidden.

    >>> choice_labels("en"), choice_labels("ko")
    (('Declare', 'Keep hidden'), ('선언하기', '숨기기'))
    """
    lang = check_language(language)
    return _w("button_declare", lang), _w("button_hide", lang)


def declarations_html(hand: Any, language: str, seat: int | str | None = None) -> str:
    """The declarations of ``hand`` in ``language`` (``en``/``ko``) as one ``div``; ``seat``
    (the learner's, optional) adds its question while its choice is pending and says so when
    it kept its combinations hidden.  Empty when the rules have no declarations."""
    lang = check_language(language)
    shown_of = getattr(hand, "shown_declarations", None)
    if shown_of is None or not getattr(hand.rules, "declarations", False):
        return ""
    s = None if seat is None else parse_seat(seat)
    trump = hand.contract.trump if hand.contract is not None else None
    parts = [f'<div class="bw-decl"><style>{DECLARATIONS_CSS}</style>',
             f"<b>{esc(_w('title', lang))}</b>"]
    shown = shown_of()
    if not hand.tricks:
        if s is not None and hand.declaration_choice_pending(s):
            mine = hand.seat_declarations(s)
            what = ", ".join(_w("one_combination", lang, name=d.name(lang)) for d in mine)
            cards = " ".join(
                "".join(card_html(c, trump, lang) for c in d.cards) for d in mine
            )
            ask = _w("ask", lang, seat=seat_word(s, lang), what=what,
                     points=sum(d.points for d in mine))
            parts.append(f'<p class="bw-decl-ask">{esc(ask)}</p><p>{cards}</p>')
        elif s is not None and hand.declaration_choice(s) is False:
            parts.append(f"<p>{esc(_w('you_hid', lang, seat=seat_word(s, lang)))}</p>")
        else:
            parts.append(f"<p>{esc(_w('not_yet', lang))}</p>")
        return "".join(parts) + "</div>"
    if shown:
        rows = []
        for x in shown:
            d = x.declaration
            cards = "".join(card_html(c, trump, lang) for c in d.cards)
            key = "points_scored" if x.scored else "points_not_scored"
            mark = "bw-decl-scored" if x.scored else "bw-decl-lost"
            rows.append(
                f'<tr class="bw-decl-row {mark}" data-seat="{SEATS[x.seat]}">'
                f"<th>{esc(seat_name(x.seat, lang))}</th><td>{esc(d.name(lang))}</td>"
                f'<td class="bw-decl-cards">{cards}</td>'
                f"<td>{esc(_w(key, lang, points=d.points))}</td></tr>"
            )
        parts.append('<table class="bw-decl-table">' + "".join(rows) + "</table>")
    parts.append(f"<p>{esc(declarations_words(shown, lang)[-1])}</p>")
    if s is not None and hand.declaration_choice(s) is False:
        parts.append(f"<p>{esc(_w('you_hid', lang, seat=seat_word(s, lang)))}</p>")
    return "".join(parts) + "</div>"
