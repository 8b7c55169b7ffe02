"""Card pictures shared by every widget: readable faces, face-down backs, clickable buttons.

A face shows the rank and the suit symbol (red ♥ ♦, black ♠ ♣); a trump is outlined in gold
with a small star.  Every card carries a text form for screen readers (``title`` and
``aria-label``, e.g. "jack of hearts, trump") and CSS classes naming it (``card-JH``) so a
test can find it.  A face-down card names nothing: a hidden hand never leaks into the page.
Everything is inline (a ``<style>`` block in an ``HTML`` widget): no CDN, works offline.

>>> from belote_lab.cards import Card
>>> html = card_html(Card.parse("JH"), trump=True)
>>> "card-JH" in html and "bw-red" in html and 'aria-label="jack of hearts, trump"' in html
True
>>> "card-" in back_html()
False
>>> b = card_button(Card.parse("AS"))
>>> b.description, "card-AS" in b._dom_classes
('A♠', True)
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence

import ipywidgets as widgets

from belote_lab.cards import Card, Suit
from belote_widgets.i18n import card_name, text

__all__ = [
    "CSS",
    "style_widget",
    "esc",
    "card_label",
    "card_html",
    "cards_html",
    "back_html",
    "backs_html",
    "card_button",
    "CardButtons",
    "STATE_CLASSES",
]

CSS = """
.bw-root { font-family: 'DejaVu Sans', 'Noto Sans', 'Noto Sans CJK KR', sans-serif; }
.bw-card {
  display: inline-flex; align-items: center; justify-content: center; position: relative;
  box-sizing: border-box; min-width: 2.4em; height: 3.3em; padding: 0 0.25em; margin: 2px;
  border: 1px solid #777; border-radius: 6px; background: #fff; font-size: 1.05em;
  font-weight: bold; vertical-align: middle; box-shadow: 1px 1px 2px rgba(0, 0, 0, 0.25);
}
.bw-red { color: #c40000; }
.bw-black { color: #111; }
.bw-trump { border: 2px solid #c9970c; background: #fff8dc; }
.bw-trump::after {
  content: "★"; position: absolute; top: 0; right: 2px; font-size: 0.55em; color: #c9970c;
}
.bw-back {
  background: repeating-linear-gradient(45deg, #1f4e9c 0 4px, #3a6fc9 4px 8px);
  border-color: #173a75; min-width: 2.4em;
}
.bw-winning { box-shadow: 0 0 0 3px #2e9b3e; }
button.bw-card-btn {
  width: 2.9em; height: 3.5em; padding: 0; margin: 2px; position: relative;
  background: #fff; border: 1px solid #777; border-radius: 6px; font-size: 1.05em;
  font-weight: bold; box-shadow: 1px 1px 2px rgba(0, 0, 0, 0.25); overflow: visible;
}
button.bw-card-btn.bw-red { color: #c40000; }
button.bw-card-btn.bw-black { color: #111; }
button.bw-card-btn.bw-trump { border: 2px solid #c9970c; background: #fff8dc; }
button.bw-card-btn.bw-legal { box-shadow: 0 0 0 3px #2e9b3e; }
button.bw-card-btn.bw-illegal { opacity: 0.45; }
button.bw-card-btn.bw-selected { box-shadow: 0 0 0 3px #1f6fd1; transform: translateY(-5px); }
button.bw-card-btn.bw-wrong { box-shadow: 0 0 0 3px #d12f1f; }
button.bw-card-btn.bw-missed { box-shadow: 0 0 0 3px #e0a100; }
.bw-seat { font-weight: bold; margin-right: 0.4em; }
.bw-turn { color: #1f6fd1; }
.bw-reason { color: #8a1c00; font-weight: bold; }
.bw-ok { color: #1e6b2a; font-weight: bold; }
.bw-table td, .bw-table th { padding: 2px 8px; text-align: center; }
.bw-table th { background: #f0f0f0; }
.bw-table td.bw-trumpcol, .bw-table th.bw-trumpcol { background: #fff8dc; }
.bw-muted { color: #666; }
.bw-felt {
  background: #2f7d4a; border-radius: 10px; padding: 8px; color: #fff; min-height: 4.2em;
}
.bw-felt .bw-seat { color: #fff; }
.bw-felt .bw-muted { color: #dcefe2; }
.bw-seat-panel .bw-back { min-width: 1.9em; margin-right: -0.9em; }
.bw-seat-panel .bw-hidden-hand { display: inline-block; padding-right: 1em; }
.bw-events { margin: 2px 0; }
"""

STATE_CLASSES = ("bw-legal", "bw-illegal", "bw-selected", "bw-wrong", "bw-missed")
"""Classes that say how a clickable card stands (exactly one, or none, at a time)."""


def esc(words: str) -> str:
    """``words`` made safe as HTML text content (quotes kept: they are not in attributes)."""
    return html.escape(words, quote=False)


def style_widget() -> widgets.HTML:
    """An ``HTML`` widget holding the cards' ``<style>`` block (put one in each widget)."""
    w = widgets.HTML(f"<style>{CSS}</style>")
    w.add_class("bw-style")
    return w


def _color_class(card: Card) -> str:
    return "bw-red" if card.suit.is_red else "bw-black"


def card_label(
    card: Card,
    trump: Suit | None = None,
    language: str | None = None,
    note: str | None = None,
) -> str:
    """The screen-reader text of a card: ``jack of hearts, trump`` (plus ``note``)."""
    parts = [card_name(card, language)]
    if trump is not None and card.suit == trump:
        parts.append(text("trump_mark", language))
    label = ", ".join(parts)
    return f"{label} — {note}" if note else label


def card_html(
    card: Card,
    trump: bool | Suit | None = False,
    language: str | None = None,
    extra: Iterable[str] = (),
    note: str | None = None,
) -> str:
    """One face-up card as an HTML ``span`` (classes ``bw-card card-JH bw-red`` …).

    ``trump`` is a flag or the trump suit (the card is marked when it is of that suit).
    """
    is_trump = trump is True or (isinstance(trump, Suit) and card.suit == trump)
    classes = ["bw-card", f"card-{card.text}", _color_class(card), *extra]
    if is_trump:
        classes.append("bw-trump")
    label = card_label(card, card.suit if is_trump else None, language, note)
    label = html.escape(label, quote=True)
    return (
        f'<span class="{" ".join(classes)}" role="img" data-card="{card.text}" '
        f'title="{label}" aria-label="{label}">{html.escape(card.pretty)}</span>'
    )


def cards_html(
    cards: Iterable[Card],
    trump: Suit | None = None,
    language: str | None = None,
    highlight: Card | None = None,
) -> str:
    """Several face-up cards; ``highlight`` gets the ``bw-winning`` mark."""
    return "".join(
        card_html(c, trump, language, ("bw-winning",) if c == highlight else ()) for c in cards
    )


def back_html(language: str | None = None) -> str:
    """One face-down card (it names no card)."""
    label = html.escape(text("face_down", language), quote=True)
    return f'<span class="bw-card bw-back" role="img" title="{label}" aria-label="{label}"></span>'


def backs_html(n: int, language: str | None = None) -> str:
    """``n`` face-down cards in a group labelled "8 face-down cards" for screen readers."""
    label = html.escape(text("hidden_cards", language, n=n), quote=True)
    inner = "".join(back_html(language) for _ in range(n))
    head = f'<span class="bw-hidden-hand" role="group" aria-label="{label}" title="{label}">'
    return f"{head}{inner}</span>"


def card_button(
    card: Card,
    trump: Suit | None = None,
    language: str | None = None,
    tooltip: str | None = None,
) -> widgets.Button:
    """A clickable card: an ``ipywidgets.Button`` with the classes ``bw-card-btn card-JH``."""
    b = widgets.Button(
        description=card.pretty,
        tooltip=tooltip or card_label(card, trump, language),
        layout=widgets.Layout(width="2.9em", height="3.5em", padding="0px"),
    )
    b.style.text_color = "#c40000" if card.suit.is_red else "#111111"
    b.style.font_weight = "bold"
    b.add_class("bw-card-btn")
    b.add_class(f"card-{card.text}")
    b.add_class(_color_class(card))
    if trump is not None and card.suit == trump:
        b.add_class("bw-trump")
    return b


class CardButtons:
    """A row of clickable cards; one button per card, made once and reused.

    ``show`` puts the buttons of some cards in :attr:`box` with a state class
    (:data:`STATE_CLASSES`) and a tooltip each; a click calls ``on_click(card)``.
    """

    def __init__(self, on_click: Callable[[Card], None], box_class: str = "bw-hand") -> None:
        self.box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", min_height="3.8em"))
        self.box.add_class(box_class)
        self._on_click = on_click
        self._made: dict[Card, widgets.Button] = {}
        self.cards: list[Card] = []

    def button(self, card: Card) -> widgets.Button:
        """The button of ``card`` (made on first use)."""
        b = self._made.get(card)
        if b is None:
            b = card_button(card)
            b.on_click(lambda _b, c=card: self._on_click(c))
            self._made[card] = b
        return b

    @property
    def buttons(self) -> dict[Card, widgets.Button]:
        """The buttons on show, in order."""
        return {c: self._made[c] for c in self.cards}

    def show(
        self,
        cards: Sequence[Card],
        trump: Suit | None,
        language: str | None,
        states: Mapping[Card, str] | None = None,
        notes: Mapping[Card, str] | None = None,
    ) -> None:
        """Show ``cards``: each with its state class and a tooltip (card name, trump, note)."""
        states = states or {}
        notes = notes or {}
        shown = []
        for c in cards:
            b = self.button(c)
            _set_class(b, "bw-trump", trump is not None and c.suit == trump)
            want = states.get(c, "")
            for cls in STATE_CLASSES:
                _set_class(b, cls, cls == want)
            tip = card_label(c, trump, language, notes.get(c))
            if b.tooltip != tip:
                b.tooltip = tip
            shown.append(b)
        self.cards = list(cards)
        if list(self.box.children) != shown:
            self.box.children = shown

    def click(self, card: Card | str) -> None:
        """Click the button of ``card`` (as a user would)."""
        self.buttons[Card.parse(card)].click()


def _set_class(w: widgets.DOMWidget, cls: str, on: bool) -> None:
    if on and cls not in w._dom_classes:
        w.add_class(cls)
    elif not on and cls in w._dom_classes:
        w.remove_class(cls)
