"""``DealStory``: a whole hand told trick by trick, as static HTML (no widget, no kernel).

The calls and the contract, every hand as cards when the play starts, then one row per trick:
who led, the cards in the order played (the winning card marked), who won it and its points,
and each side's running total; the result in words at the end.  It is plain HTML, so a
notebook shows it the same in JupyterLab, in Voilà, on GitHub, nbviewer or a static site.

>>> from belote_lab.simulation.selfplay import play_hand
>>> story = DealStory(play_hand("belote", "2,2,2,2", seed=1))
>>> html = story._repr_html_()
>>> html.count('class="bw-story-trick"'), 'data-card=' in html
(8, True)
>>> "트릭" in DealStory(play_hand("belote", "2,2,2,2", seed=1), language="ko")._repr_html_()
True
"""

from __future__ import annotations

from typing import Any

from belote_lab.cards import SEATS
from belote_lab.games import get
from belote_lab.games.record import hand_from_json, hand_to_json
from belote_lab.words import LANGUAGES, section
from belote_lab.words import text as catalogue_text
from belote_widgets.cards_view import CSS, card_html, esc
from belote_widgets.describe import (
    calls_text,
    contract_text,
    result_text,
    seat_hand_html,
    sides,
)
from belote_widgets.i18n import check_language, game_name, seat_name, side_name

__all__ = ["STORY_TEXTS", "DealStory"]

NAMESPACE = "story"
"""The catalogue's namespace of the story's labels (``story.calls`` …)."""

STORY_TEXTS: dict[str, dict[str, str]] = {
    language: section(NAMESPACE, language) for language in LANGUAGES
}
"""The story's labels in English and Korean, by key: a read copy of the catalogue's ``story.``
texts (belote_lab/words/en/story.json, ko/story.json), where an editor changes them."""

_STYLE = """
.bw-story-table td, .bw-story-table th { padding: 2px 6px; vertical-align: middle; }
.bw-story-table td.bw-story-cards { white-space: nowrap; }
.bw-story-table .bw-played { margin-right: 0.3em; }
.bw-story-scroll { overflow-x: auto; max-width: 100%; }
"""


def _w(key: str, language: str) -> str:
    """The story's label ``key`` in ``language``: the catalogue's ``story.<key>``."""
    return catalogue_text(f"{NAMESPACE}.{key}", check_language(language))


class DealStory:
    """A finished (or partly played) hand, told trick by trick; shown by its HTML."""

    def __init__(self, hand: Any, language: str = "en") -> None:
        self.hand = hand_from_json(hand if isinstance(hand, dict) else hand_to_json(hand))
        self.language = check_language(language)

    def _start(self) -> Any:
        """The hand just before its first card (the hands as the play starts)."""
        data = hand_to_json(self.hand)
        acts = data["actions"]
        first = next((i for i, a in enumerate(acts) if a[0] == "play"), len(acts))
        data = dict(data, actions=acts[:first])
        data.pop("result", None)
        return hand_from_json(data)

    def _repr_html_(self) -> str:
        lang = self.language
        h = self.hand
        head = (f"<b>{esc(game_name(h.game, lang))}</b> · "
                f"{esc(contract_text(h, lang))}<br><b>{esc(_w('calls', lang))}</b>: "
                f"{esc(calls_text(h, lang))}")
        start = self._start()
        hands = "".join(
            f"<tr><th>{esc(seat_name(s, lang))}</th>"
            f"<td>{seat_hand_html(start, s, lang, True)}</td></tr>" for s in start.seat_order
        )
        note = f"<p>{esc(_w('stock', lang))}</p>" if get(h.game).has_stock else ""
        return (
            f'<div class="bw-root bw-story"><style>{CSS}{_STYLE}</style><p>{head}</p>'
            f"<p><b>{esc(_w('hands', lang))}</b></p><table class=\"bw-table\">{hands}</table>"
            f"{note}{self._tricks_html(lang)}"
            f"<p>{esc(result_text(h, lang)) if h.phase == 'done' else ''}</p></div>"
        )

    def _tricks_html(self, lang: str) -> str:
        h, g = self.hand, get(self.hand.game)
        unit = "tricks" if g.counts == "tricks" else "points"
        totals = dict.fromkeys(sides(h.game), 0)
        heads = ["trick", "cards", "won", unit, "total"]
        rows = ["<tr>" + "".join(f"<th>{esc(_w(k, lang))}</th>" for k in heads) + "</tr>"]
        trump = h.contract.trump if h.contract is not None else None
        for i, t in enumerate(h.tricks, start=1):
            side = _side_of(h.game, t.winner)
            gain = 1 if unit == "tricks" else t.points
            totals[side] = totals.get(side, 0) + gain
            rows.append(
                f'<tr class="bw-story-trick"><td>{i}</td>'
                f'<td class="bw-story-cards">{_cards(h, t, trump, lang)}</td>'
                f"<td>{esc(seat_name(t.winner, lang))}</td><td>{gain}</td>"
                f"<td>{esc(_totals(totals, lang))}</td></tr>"
            )
        return (f'<div class="bw-story-scroll"><table class="bw-table bw-story-table">'
                f'{"".join(rows)}</table></div>')


def _side_of(game: str, seat: int) -> str:
    """The name of ``seat``'s side (``NS``, ``N``, …)."""
    g = get(game)
    return g.sides[g.side_of(seat)]


def _totals(totals: dict[str, int], lang: str) -> str:
    return " · ".join(f"{side_name(k, lang)} {v}" for k, v in totals.items())


def _cards(h: Any, t: Any, trump: Any, lang: str) -> str:
    g = get(h.game)
    seat, out = t.leader, []
    for c in t.cards:
        extra = ("bw-winning",) if seat == t.winner else ()
        out.append(f'<span class="bw-played seat-{SEATS[seat]}"><span class="bw-seat">'
                   f"{esc(seat_name(seat, lang))}</span>{card_html(c, trump, lang, extra)}</span>")
        seat = g.next_seat(seat)
    return " ".join(out)
