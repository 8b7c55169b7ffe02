"""HTML pictures of cards and hands for notebooks (plain HTML; no ipywidgets).

>>> from belote_lab.cards import parse_cards
>>> 'card-JH' in cards_html(parse_cards("JH 7S"))
True
"""

from __future__ import annotations

import html
from typing import Any

from belote_lab.cards import SEATS, CardSet, card_html, cards_html

__all__ = ["card_html", "cards_html", "hand_html"]

def hand_html(state: Any) -> str:
    """A four-seat table: hands, the trick on the table, the contract and the score."""
    trump = state.contract.trump if getattr(state, "contract", None) is not None else None
    rows = []
    for s in getattr(state, "seat_order", (0, 1, 2, 3)):
        mark = " ▶" if getattr(state, "current_player", None) == s else ""
        cards = cards_html(list(CardSet(state.hands[s])), trump)
        rows.append(f"<tr><th>{SEATS[s]}{mark}</th><td>{cards}</td></tr>")
    contract = state.contract.describe() if getattr(state, "contract", None) else "—"
    trick = cards_html(list(state.trick), trump) or "—"
    info = [f"<b>Phase</b>: {html.escape(str(state.phase))}", f"<b>Contract</b>: {contract}"]
    if getattr(state, "turned", None) is not None:
        info.append(f"<b>Turned</b>: {card_html(state.turned)}")
    info.append(f"<b>Trick {state.trick_number}</b>: {trick}")
    result = getattr(state, "result", None)
    if result is not None:
        info.append(f"<b>Score</b>: {html.escape(str(result.score))} — {html.escape(result.why())}")
    return (
        '<div class="belote-lab-hand"><table>'
        + "".join(rows)
        + "</table><div>"
        + "<br>".join(info)
        + "</div></div>"
    )
