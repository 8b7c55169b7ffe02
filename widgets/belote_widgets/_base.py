"""The base of every widget: a ``VBox`` that knows its language and redraws itself.

>>> from belote_widgets.order_table import CardOrderTable
>>> t = CardOrderTable(language="ko")
>>> t.language, t.language_picker.value
('ko', 'ko')
>>> t.set_language("en"); t.language
'en'
>>> bundle = t._repr_mimebundle_()
>>> "bw-card" in bundle["text/html"], bundle["text/plain"]
(True, 'CardOrderTable: ♥ hearts trump')
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from belote_widgets.cards_view import style_widget
from belote_widgets.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    check_language,
    get_language,
    on_language_change,
)
from belote_widgets.snapshot import StaticSnapshot

__all__ = ["LocalizedWidget", "html_widget"]


def html_widget(css_class: str, value: str = "") -> widgets.HTML:
    """An ``HTML`` widget with CSS classes (space-separated; for tests and the page's style)."""
    w = widgets.HTML(value)
    for name in css_class.split():
        w.add_class(name)
    return w


class LocalizedWidget(StaticSnapshot, widgets.VBox):
    """A ``VBox`` with a language (its own, or the global one when ``language`` is ``None``).

    Its display carries a static snapshot next to the widget view (:class:`StaticSnapshot`: the
    ``text/html`` a page without a kernel shows, and a short ``text/plain``).

    Subclasses build their controls, end ``__init__`` with :meth:`_ready` (nothing is drawn
    before, so a widget whose building fails half-way is never drawn) and implement
    ``_render`` (draw everything from the current state in :attr:`language`).
    """

    def __init__(self, language: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._language: str | None = None if language is None else check_language(language)
        self.style_html = style_widget()
        self.language_picker = widgets.ToggleButtons(
            options=[(LANGUAGE_NAMES[x], x) for x in LANGUAGES],
            value=self.language,
            style={"button_width": "6em"},
        )
        self.language_picker.add_class("bw-lang")
        self.language_picker.observe(self._picked, names="value")
        self.add_class("bw-root")
        on_language_change(self._global_language_changed)

    @property
    def language(self) -> str:
        """The language the widget is drawn in now."""
        return self._language or get_language()

    def set_language(self, language: str | None) -> None:
        """Draw the widget in ``language`` from now on (``None``: follow :func:`set_language`)."""
        self._language = None if language is None else check_language(language)
        if self.language_picker.value != self.language:
            self.language_picker.value = self.language
        self.refresh()

    def _picked(self, change: dict[str, Any]) -> None:
        if change["new"] != self.language:
            self.set_language(change["new"])

    def _global_language_changed(self) -> None:
        if self._language is None:
            if self.language_picker.value != self.language:
                self.language_picker.value = self.language
            self.refresh()

    def refresh(self) -> None:
        """Redraw everything from the current state (a redraw started while drawing, e.g. by
        a dropdown whose options change, is left to the drawing under way)."""
        if not getattr(self, "_built", False) or getattr(self, "_drawing", False):
            return
        self._drawing = True
        try:
            self._render()
        finally:
            self._drawing = False

    def _ready(self) -> None:
        """Called by a subclass at the end of its ``__init__``: draw for the first time."""
        self._built = True
        self.refresh()

    def _render(self) -> None:
        raise NotImplementedError(f"{type(self).__name__} must implement _render")
