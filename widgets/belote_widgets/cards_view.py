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
    "set_class",
]

CSS = """
/* Colours come from JupyterLab's theme variables (light fallbacks for Voila and the classic
   notebook); where a theme's own colour reads below 4.5:1 on its background, the dark theme
   (body[data-jp-theme-light=false]) gets a lighter one.  Cards stay white in every theme. */
.bw-root {
  --bw-fg: var(--jp-ui-font-color0, #000);
  --bw-head-bg: var(--jp-layout-color2, #eee);
  --bw-border: var(--jp-border-color1, #bdbdbd);
  --bw-muted: #555;
  --bw-accent: var(--jp-brand-color0, #0d47a1);
  --bw-focus: var(--jp-brand-color1, #1976d2);
  --bw-bad: var(--jp-error-color0, #b71c1c);
  --bw-good: var(--jp-success-color0, #1b5e20);
  --bw-warn: var(--jp-warn-color0, #e65100);
  --bw-trump-bg: #fff3c4;
  --bw-felt: #236238;
  --bw-off-bg: #e4e4e4;
  --bw-off-fg: #575757;
  --bw-felt-fg: #fff;
  --bw-felt-muted: #d8eedf;
  --bw-gold: #8a6d00;
  font-family: 'DejaVu Sans', 'Noto Sans', 'Noto Sans CJK KR', sans-serif;
  max-width: 100%;
  /* Korean words wrap between words, never inside one (a Korean label of two words wraps
     between them, never in the middle of a word);
     a word longer than its line may still break (overflow-wrap below) */
  word-break: keep-all;
}
.bw-root .widget-label, .bw-root .widget-label-basic, .bw-root button,
.bw-root .widget-html-content, .bw-root .widget-checkbox .widget-label-basic {
  word-break: keep-all;
}
/* a checkbox's label wraps instead of running past a narrow screen (600 px) */
.bw-root .widget-checkbox { max-width: 100%; height: auto; }
.bw-root .widget-checkbox .widget-label-basic {
  white-space: normal; overflow-wrap: anywhere; height: auto; line-height: 1.3;
}
body[data-jp-theme-light="false"] .bw-root {
  --bw-head-bg: var(--jp-layout-color1, #212121);
  --bw-muted: rgba(255, 255, 255, 0.75);
  --bw-accent: var(--jp-brand-color2, #64b5f6);
  --bw-focus: var(--jp-brand-color2, #64b5f6);
  --bw-bad: var(--jp-error-color2, #e57373);
  --bw-good: var(--jp-success-color2, #81c784);
  --bw-warn: var(--jp-warn-color2, #ffb74d);
  --bw-trump-bg: #3d3312;
  --bw-felt: #1d5530;
  --bw-off-bg: #3a3a3a;
  --bw-off-fg: #b8b8b8;
}
/* a disabled button looks disabled in every theme: grey, dashed, never its style's colour
   (a green "Next hand" that cannot be pressed looked active), its text >= 4.5:1 */
.bw-root button.jupyter-button:disabled, .bw-root button.jupyter-button[disabled] {
  background: var(--bw-off-bg) !important; color: var(--bw-off-fg) !important;
  outline: 1px dashed var(--bw-off-fg); outline-offset: -3px; opacity: 1 !important;
  box-shadow: none !important; cursor: not-allowed;
}
.bw-root button.jupyter-button:disabled i { color: var(--bw-off-fg) !important; }
/* narrow screens: rows of controls wrap, fields never push the widget wider than its place */
.bw-root .widget-hbox { flex-wrap: wrap; max-width: 100%; }
.bw-root .widget-inline-hbox, .bw-root .widget-html { max-width: 100%; }
.bw-root .widget-html-content { overflow-wrap: anywhere; }
/* a table's words never break inside (a narrow cell showed "Han/d", "Tot/al"): the table
   scrolls sideways in its .bw-scroll-x box instead */
.bw-root .bw-table th, .bw-root .bw-table td { overflow-wrap: normal; word-break: keep-all; }
.bw-root .bw-scroll-x { overflow-x: auto; max-width: 100%; }
.bw-root .widget-hbox.bw-pair { flex-wrap: nowrap; }
.bw-pair > .widget-inline-hbox { flex-shrink: 1; min-width: 4em; }
/* keyboard play: a visible ring on the control that has the focus */
.bw-root button:focus-visible, .bw-root select:focus-visible, .bw-root input:focus-visible {
  outline: 3px solid var(--bw-focus) !important; outline-offset: 2px;
}
.bw-card {
  display: inline-flex; align-items: center; justify-content: center; position: relative;
  box-sizing: border-box; min-width: 2.4em; height: 3.3em; padding: 0 0.25em; margin: 2px;
  border: 1px solid #777; border-radius: 6px; background: #fff; color: #111; font-size: 1.05em;
  font-weight: bold; vertical-align: middle; box-shadow: 1px 1px 2px rgba(0, 0, 0, 0.25);
}
.bw-cards { display: inline-flex; flex-wrap: wrap; align-items: center; max-width: 100%; }
.bw-red { color: #c40000; }
.bw-black { color: #111; }
.bw-four-colour .bw-suit-D { color: #0a58ca !important; }
.bw-four-colour .bw-suit-C { color: #1e7b2a !important; }
.bw-card.bw-trump { border: 2px solid #b8860b; background: #fff8dc; }
.bw-card.bw-trump::after {
  content: "★"; position: absolute; top: 0; right: 2px; font-size: 0.55em; color: var(--bw-gold);
}
.bw-card.bw-back {
  background: repeating-linear-gradient(45deg, #1f4e9c 0 4px, #3a6fc9 4px 8px);
  border-color: #173a75; min-width: 2.4em;
}
.bw-winning { box-shadow: 0 0 0 3px #2e9b3e; }
.bw-felt .bw-winning { box-shadow: 0 0 0 3px #ffd54f; }
button.bw-card-btn {
  width: 2.9em; height: 3.5em; padding: 0; margin: 2px; position: relative;
  background: #fff; border: 1px solid #777; border-radius: 6px; font-size: 1.05em;
  font-weight: bold; box-shadow: 1px 1px 2px rgba(0, 0, 0, 0.25); overflow: visible;
}
button.bw-card-btn.bw-red { color: #c40000; }
button.bw-card-btn.bw-black { color: #111; }
button.bw-card-btn.bw-trump { border: 2px solid #b8860b; background: #fff8dc; }
button.bw-card-btn.bw-legal { box-shadow: 0 0 0 3px #2e9b3e; }
button.bw-card-btn.bw-illegal { background: #e3e3e3; border-style: dashed; box-shadow: none; }
button.bw-card-btn.bw-selected { box-shadow: 0 0 0 3px #1f6fd1; transform: translateY(-5px); }
button.bw-card-btn.bw-wrong { box-shadow: 0 0 0 3px #d12f1f; }
button.bw-card-btn.bw-missed { box-shadow: 0 0 0 3px #e0a100; }
button.bw-card-btn.bw-clicked { transform: translateY(-5px); }
/* the card just drawn from the stock, until the next trick: raised, a violet ring outside the
   legal one (trump cards already have a gold frame), above its neighbours, and an arrow */
.bw-my-hand { padding-top: 8px; }  /* room for a raised card (drawn, selected) and its ring */
button.bw-card-btn.bw-drawn { transform: translateY(-6px); position: relative; z-index: 1;
  box-shadow: 0 0 0 3px #7b3fb0; }
button.bw-card-btn.bw-drawn.bw-legal { box-shadow: 0 0 0 3px #2e9b3e, 0 0 0 6px #7b3fb0; }
button.bw-card-btn.bw-drawn::after { content: "↓"; color: #7b3fb0; font-weight: bold;
  font-size: 0.85em; vertical-align: super; margin-left: 1px; }
.bw-seat { font-weight: bold; margin-right: 0.4em; }
.bw-turn { color: var(--bw-accent); }
.bw-reason { color: var(--bw-bad); font-weight: bold; }
.bw-ok { color: var(--bw-good); font-weight: bold; }
.bw-warn { color: var(--bw-warn); }
.bw-muted { color: var(--bw-muted); }
.bw-table { border-collapse: collapse; max-width: 100%; }
.bw-table td, .bw-table th { padding: 2px 8px; text-align: center; }
.bw-table th { background: var(--bw-head-bg); color: var(--bw-fg); }
.bw-table td.bw-trumpcol, .bw-table th.bw-trumpcol { background: var(--bw-trump-bg); }
.bw-table caption { color: var(--bw-fg); }
.bw-hands td { text-align: left; }
.bw-felt {
  background: var(--bw-felt); border-radius: 10px; padding: 8px; color: var(--bw-felt-fg);
  min-height: 4.2em;
}
.bw-felt .bw-seat { color: var(--bw-felt-fg); }
.bw-felt .bw-muted { color: var(--bw-felt-muted); }
.bw-seat-panel { min-width: 8em; }
.bw-seat-panel .bw-back { min-width: 1.9em; margin-right: -0.9em; }
.bw-hidden-hand { display: inline-flex; flex-wrap: wrap; max-width: 100%; row-gap: 2px; }
.bw-seat-panel .bw-hidden-hand { padding-right: 1em; }
.bw-events { margin: 2px 0; }
/* a click answered: a ring flashes round the answer (two classes: each click restarts it) */
@keyframes bw-flash-a { from { box-shadow: 0 0 0 3px var(--bw-focus); } to { box-shadow: none; } }
@keyframes bw-flash-b { from { box-shadow: 0 0 0 3px var(--bw-focus); } to { box-shadow: none; } }
.bw-ack-a { animation: bw-flash-a 0.8s ease-out; }
.bw-ack-b { animation: bw-flash-b 0.8s ease-out; }
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
    """``bw-red`` or ``bw-black``, and the suit's class (``bw-suit-D``: four-colour decks)."""
    return f"{'bw-red' if card.suit.is_red else 'bw-black'} bw-suit-{card.suit.name}"


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
    """``n`` face-down cards in a group labelled "8 face-down cards" for screen readers
    (nothing for none).

    >>> backs_html(0)
    ''
    """
    if n <= 0:
        return ""
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
    for cls in _color_class(card).split():
        b.add_class(cls)
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
        drawn: Card | None = None,
    ) -> None:
        """Show ``cards``: each with its state class and a tooltip (card name, trump, note);
        ``drawn``, the card just drawn from the stock, is marked as new (``bw-drawn``)."""
        states = states or {}
        notes = notes or {}
        shown = []
        for c in cards:
            b = self.button(c)
            set_class(b, "bw-trump", trump is not None and c.suit == trump)
            set_class(b, "bw-drawn", c == drawn)
            want = states.get(c, "")
            for cls in STATE_CLASSES:
                set_class(b, cls, cls == want)
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


def set_class(w: widgets.DOMWidget, cls: str, on: bool) -> None:
    """Add the CSS class ``cls`` to ``w`` or remove it (nothing sent if it stands already)."""
    if on and cls not in w._dom_classes:
        w.add_class(cls)
    elif not on and cls in w._dom_classes:
        w.remove_class(cls)
