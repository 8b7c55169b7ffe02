"""A learner's progress drawn as HTML: the chart as an inline PNG and the progress in words.

The progress itself is the engine's (:class:`belote_lab.coaching.progress.Progress`, built from the
reviews of the hands played: :func:`belote_lab.coaching.progress.progress`); the chart is
:func:`belote_lab.present.plots.progress_chart`, drawn to a PNG and written into the page as a
``data:`` URL (base64: nothing is fetched over the network, and the HTML is the whole view).
:func:`progress_html` is pure and cached (a :class:`~belote_lab.coaching.progress.Progress` is
hashable), so a widget may call it on every redraw; :class:`ProgressView` shows it in a
notebook.  The labels are the ``progress.`` texts of the catalogue of words.

>>> from belote_lab.coaching.progress import HandProgress, Progress
>>> p = Progress("belote", 2, "points",
...              (HandProgress(1, 12, 8, 8, (7, 0, 1, 0, 0, 0, 0, 0), 0, True),))
>>> html = progress_html(p, "en")
>>> '<img class="bw-progress-chart" src="data:image/png;base64,' in html
True
>>> "12 points in all" in html, "손해는 모두 12점" in progress_html(p, "ko")
(True, True)
>>> progress_button_label("ko"), "No hand is finished yet" in progress_html(None, "en")
('지금까지의 성적', True)
"""

from __future__ import annotations

import base64
import functools
import html
import io
import warnings
from typing import Any

import ipywidgets as widgets

from belote_lab.coaching.progress import Progress
from belote_lab.words import text as catalogue_text
from belote_widgets._base import LocalizedWidget, html_widget
from belote_widgets.i18n import check_language

__all__ = ["PROGRESS_CSS", "ProgressView", "chart_png", "progress_button_label", "progress_html"]

PROGRESS_CSS = """
.bw-progress { max-width: 100%; }
.bw-progress img.bw-progress-chart { max-width: 100%; height: auto; display: block; }
.bw-progress p { margin: 0.3em 0; word-break: keep-all; }
"""
"""The view's own rules: the chart never wider than its box, Korean words never broken."""

DPI = 144
"""The PNG's resolution: sharp on a high-density screen; drawn at 96 CSS pixels an inch."""

NAMESPACE = "progress"


def _w(key: str, language: str, **values: Any) -> str:
    return catalogue_text(f"{NAMESPACE}.{key}", check_language(language), **values)


def progress_button_label(language: str) -> str:
    """The label of the table's button that shows the progress (``Your progress``)."""
    return _w("button", language)


@functools.cache
def _korean_font() -> str | None:
    """A Hangul font for the charts, looked for once a process (:func:`plots.use_korean`)."""
    from belote_lab.present import plots

    return plots.use_korean()


def chart_png(progress: Progress, language: str) -> bytes:
    """The chart of ``progress`` as PNG bytes (the figure closed after: pyplot never shows
    it); Korean is drawn with a Hangul font when the machine has one.  matplotlib is imported
    here, by the first chart: a table that never shows the progress never loads it."""
    import matplotlib.pyplot as plt

    from belote_lab.present import plots

    if language == "ko":
        _korean_font()
    buf = io.BytesIO()
    with warnings.catch_warnings():
        # no Hangul font on this machine: the words below the chart carry the Korean
        warnings.filterwarnings("ignore", message="Glyph .* missing from")
        fig = plots.progress_chart(progress, language)
        try:
            fig.savefig(buf, format="png", dpi=DPI)
        finally:
            plt.close(fig)  # drawn to bytes, never shown: pyplot keeps no figure of it
    return buf.getvalue()


@functools.lru_cache(maxsize=32)
def progress_html(progress: Progress | None, language: str) -> str:
    """The progress as HTML: the chart (an ``<img>`` whose ``src`` is the PNG, base64) and a
    paragraph a sentence of :meth:`Progress.text`; ``None`` (no hand finished yet): a line
    that says so."""
    lang = check_language(language)
    if progress is None or not progress.hands:
        return f'<div class="bw-progress"><p>{html.escape(_w("empty", lang))}</p></div>'
    png = base64.b64encode(chart_png(progress, lang)).decode("ascii")
    lines = progress.text(lang).splitlines()
    n = progress.n
    alt = _w("chart_title", lang, hands=_w("hand" if n == 1 else "hands", lang, n=f"{n:,}"))
    width = round(6.4 * 96)
    return (
        f"<style>{PROGRESS_CSS}</style>"
        f'<div class="bw-progress" data-hands="{n}">'
        f'<img class="bw-progress-chart" src="data:image/png;base64,{png}" '
        f'width="{width}" alt="{html.escape(alt, quote=True)}">'
        + "".join(f"<p>{html.escape(x)}</p>" for x in lines)
        + "</div>"
    )


class ProgressView(LocalizedWidget):
    """A learner's progress in a notebook: ``ProgressView(progress(reviews))``;
    :meth:`set_progress` shows another (``None``: no hand finished yet)."""

    def __init__(self, progress: Progress | None = None, language: str | None = None) -> None:
        super().__init__(language)
        self.progress = progress
        self.add_class("bw-progress-view")
        self.html = html_widget("bw-progress-box")
        self.children = [self.style_html, widgets.HBox([self.language_picker]), self.html]
        self._ready()

    def set_progress(self, progress: Progress | None) -> None:
        self.progress = progress
        self.refresh()

    def _render(self) -> None:
        self.html.value = progress_html(self.progress, self.language)
