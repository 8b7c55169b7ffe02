"""Static snapshots: what a page without a kernel shows in a widget's place.

A displayed widget's output holds the widget view (drawn by a live JupyterLab or Voilà) and,
with :class:`StaticSnapshot`, two more forms that need no kernel: ``text/html``, the widget as it is
drawn now (cards as cards, the package's CSS inlined), and a short ``text/plain`` such as
``PlayTable: Belote · Hand 1 · …``.  nbconvert, nbviewer and GitHub cannot draw a widget whose
state is not saved, so they show the snapshot; a live front end draws the widget view first.

The snapshot follows the layout: every ``HTML`` child's value in order (each ``<style>`` block
once), boxes as ``div`` rows and columns, the card buttons as cards (:func:`card_html`), other
buttons as their labels and the choices of fields as read-only text; the language picker,
file uploads and hidden parts are left out.  Nothing in it depends on the time or on the
widgets' model ids, so nbval can compare it from one run to the next.

>>> import ipywidgets as widgets
>>> box = widgets.VBox([widgets.HTML("<b>Hi</b>"), widgets.Button(description="Go")])
>>> html = snapshot_html(box)
>>> "<b>Hi</b>" in html and ">Go</span>" in html and html.startswith('<div class="bw-snapshot')
True
>>> summary_text("<style>x</style><b>Belote</b> · Hand&nbsp;1")
'Belote · Hand 1'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets

from belote_lab.cards import Card
from belote_widgets.cards_view import STATE_CLASSES, card_html, card_label, esc

__all__ = ["SNAPSHOT_CSS", "StaticSnapshot", "snapshot_html", "snapshot_text", "summary_text"]

SNAPSHOT_CSS = """
.bw-snapshot { max-width: 100%; }
.bw-snap-h { display: flex; flex-flow: row wrap; align-items: center; gap: 2px 6px; }
.bw-snap-v { display: flex; flex-direction: column; align-items: stretch; gap: 2px; }
.bw-snap-button, .bw-snap-field {
  display: inline-block; margin: 2px; padding: 2px 8px; border: 1px solid #9e9e9e;
  border-radius: 4px; background: #f5f5f5; color: #111; font-size: 0.95em;
}
.bw-snap-field { background: #fff; }
.bw-snap-v > .bw-snap-field, .bw-snap-v > .bw-snap-button { align-self: flex-start; }
.bw-snap-button.bw-snap-on { background: #dbe8fb; border-color: #1f6fd1; }
/* a page's own table rules (nbconvert's JupyterLab look aligns cells right) give way */
.bw-snapshot .bw-table td, .bw-snapshot .bw-table th { text-align: center; }
.bw-snapshot .bw-hands td { text-align: left; }
.bw-snapshot .bw-card.bw-legal { box-shadow: 0 0 0 3px #2e9b3e; }
.bw-snapshot .bw-card.bw-illegal { background: #e3e3e3; border-style: dashed; box-shadow: none; }
.bw-snapshot .bw-card.bw-selected { box-shadow: 0 0 0 3px #1f6fd1; }
.bw-snapshot .bw-card.bw-wrong { box-shadow: 0 0 0 3px #d12f1f; }
.bw-snapshot .bw-card.bw-missed { box-shadow: 0 0 0 3px #e0a100; }
"""
"""The snapshot's own rules (boxes, button labels, field values, card states)."""

SUMMARY_LENGTH = 120  # characters of a widget's text/plain summary
_LAYOUT_STYLES = ("width", "min_width", "max_width", "flex")
_SKIPPED = (widgets.FileUpload, widgets.Output)
_CHOICES = (widgets.Dropdown, widgets.Select, widgets.RadioButtons, widgets.ToggleButtons,
            widgets.SelectionSlider)
_FIELDS = (widgets.Text, widgets.Textarea, widgets.IntText, widgets.FloatText,
           widgets.BoundedIntText, widgets.BoundedFloatText, widgets.IntSlider,
           widgets.FloatSlider)


@dataclass
class _Walk:
    """What a walk through a widget tree carries: the language, the styles already written."""

    language: str | None = None
    styles: set[str] = field(default_factory=set)


def _classes(w: widgets.Widget) -> list[str]:
    return list(getattr(w, "_dom_classes", ()))


def _hidden(w: widgets.Widget) -> bool:
    layout = getattr(w, "layout", None)
    return layout is not None and (layout.display == "none" or layout.visibility == "hidden")


def _style_attr(w: widgets.Widget) -> str:
    """The few layout sizes that matter on a static page, as a ``style`` attribute."""
    layout = getattr(w, "layout", None)
    rules = []
    for name in _LAYOUT_STYLES:
        value = getattr(layout, name, None) if layout is not None else None
        if value:
            rules.append(f"{name.replace('_', '-')}: {value}")
    return f' style="{html.escape("; ".join(rules))}"' if rules else ""


def _div(w: widgets.Widget, kind: str, inner: str) -> str:
    cls = " ".join([kind, *_classes(w)])
    return f'<div class="{html.escape(cls)}"{_style_attr(w)}>{inner}</div>'


def _card_of(w: widgets.Button) -> Card | None:
    """The card a card button shows (from its ``card-JH`` class), else ``None``."""
    if "bw-card-btn" not in _classes(w):
        return None
    for cls in _classes(w):
        if cls.startswith("card-"):
            return Card.parse(cls[len("card-"):])
    return None


def _card_button(w: widgets.Button, card: Card, language: str | None) -> str:
    """A card button as a card, with its state (legal, refused …) and its tooltip's note."""
    classes = _classes(w)
    trump = "bw-trump" in classes
    label = card_label(card, card.suit if trump else None, language)
    tip = str(w.tooltip or "")
    note = tip[len(label) + 3:] if tip.startswith(f"{label} — ") else None
    states = [c for c in classes if c in STATE_CLASSES]
    return card_html(card, trump, language, states, note)


def _button(w: widgets.Button | widgets.ToggleButton, language: str | None) -> str:
    card = _card_of(w) if isinstance(w, widgets.Button) else None
    if card is not None:
        return _card_button(w, card, language)
    if not w.description:
        return ""
    on = " bw-snap-on" if isinstance(w, widgets.ToggleButton) and w.value else ""
    classes = " ".join(["bw-snap-button", *_classes(w)]) + on
    return f'<span class="{html.escape(classes)}">{esc(w.description)}</span>'


def _field(w: widgets.Widget) -> str:
    """A field as read-only text: its description and its value (the language picker and an
    empty field: nothing)."""
    if "bw-lang" in _classes(w):
        return ""
    if isinstance(w, widgets.Checkbox):
        shown = ("☑ " if w.value else "☐ ") + str(w.description)
    else:
        value = w.label if isinstance(w, _CHOICES) else w.value
        if value is None or value == "":
            return ""
        shown = f"{w.description}: {value}" if w.description else str(value)
    return f'<span class="bw-snap-field">{esc(shown)}</span>'


def _html(w: widgets.Widget, walk: _Walk) -> str:
    value = str(w.value)
    if value.lstrip().startswith("<style"):
        if value in walk.styles:
            return ""
        walk.styles.add(value)
        return value
    return _div(w, "bw-snap-html", value) if value else ""


def _walk(w: widgets.Widget, walk: _Walk) -> str:
    """The snapshot of ``w`` and everything in it."""
    if _hidden(w) or isinstance(w, _SKIPPED):
        return ""
    if isinstance(w, widgets.Box):
        language = getattr(w, "language", None)
        inner = _Walk(language if isinstance(language, str) else walk.language, walk.styles)
        body = "".join(_walk(c, inner) for c in w.children)
        kind = "bw-snap-h" if isinstance(w, widgets.HBox) else "bw-snap-v"
        return _div(w, kind, body)
    if isinstance(w, (widgets.HTML, widgets.HTMLMath)):
        return _html(w, walk)
    if isinstance(w, widgets.Label):
        return f"<span>{esc(str(w.value))}</span>" if w.value else ""
    if isinstance(w, (widgets.Button, widgets.ToggleButton)):
        return _button(w, walk.language)
    if isinstance(w, (*_CHOICES, widgets.Checkbox, *_FIELDS)):
        return _field(w)
    return ""


def snapshot_html(widget: widgets.Widget) -> str:
    """``widget`` as static HTML (see the module's text), its CSS inlined."""
    body = _walk(widget, _Walk(getattr(widget, "language", None)))
    return f'<div class="bw-snapshot"><style>{SNAPSHOT_CSS}</style>{body}</div>'


def _texts(w: widgets.Widget) -> Iterable[str]:
    """The values of the ``HTML`` widgets in ``w``, in layout order (hidden ones left out)."""
    if _hidden(w):
        return
    if isinstance(w, (widgets.HTML, widgets.HTMLMath)):
        yield str(w.value)
    for c in getattr(w, "children", ()):
        yield from _texts(c)


def summary_text(value: str, length: int = SUMMARY_LENGTH) -> str:
    """The words of an HTML fragment on one line (styles, tags and extra spaces dropped),
    cut at ``length`` characters."""
    words = re.sub(r"<style\b.*?</style>", " ", value, flags=re.S | re.I)
    words = html.unescape(re.sub(r"<[^>]*>", " ", words))
    words = " ".join(words.split())
    return words if len(words) <= length else words[: length - 1] + "…"


def snapshot_text(widget: widgets.Widget) -> str:
    """A short plain text for ``widget``: its class and the words of its first text."""
    name = type(widget).__name__
    for value in _texts(widget):
        words = summary_text(value)
        if words:
            return f"{name}: {words}"
    return name


class StaticSnapshot:
    """Mixin for a widget (before ``ipywidgets``' class in the bases): its display holds the
    widget view, the :meth:`static_html` snapshot and the :meth:`static_text` summary."""

    def static_html(self) -> str:
        """The widget as static HTML (:func:`snapshot_html`)."""
        return snapshot_html(self)  # type: ignore[arg-type]

    def static_text(self) -> str:
        """A short, stable plain text (:func:`snapshot_text`)."""
        return snapshot_text(self)  # type: ignore[arg-type]

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data = dict(super()._repr_mimebundle_(**kwargs) or {})  # type: ignore[misc]
        data["text/plain"] = self.static_text()
        data["text/html"] = self.static_html()
        return data
