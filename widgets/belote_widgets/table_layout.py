"""The play table's widgets and where they sit: the view's tree, apart from its controller.

:class:`TableWidgets` builds every widget of the table once (the bar, the seats around the
felt, the learner's cards, the calls, the buttons, the hint, log, review, progress and score
boxes, Save and Resume) and lays them out; it knows no game and no session.  Its buttons
call the controller's actions, given by name (:data:`ACTIONS`), and the controller
(:class:`~belote_widgets.play_table.PlayTable`) fills the widgets with the HTML the pure
functions of :mod:`belote_widgets.table_view` draw.

>>> from belote_lab.games import get
>>> done = []
>>> w = TableWidgets(); w._build_widgets({name: (lambda *a, n=name: done.append(n))
...                                        for name in ACTIONS})
>>> w.undo_button.click(); w.call_button("pass").click(); done
['undo', 'call']
>>> box = w._table_box(get("belote2"), 2)
>>> [type(x).__name__ for x in box.children]
['HTML', 'HBox', 'HTML', 'HBox']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from belote_lab.cards import SEATS
from belote_lab.games import Game
from belote_widgets._base import LocalizedWidget, html_widget
from belote_widgets.cards_view import CardButtons
from belote_widgets.table_view import TABLE_CSS, seats_around

__all__ = ["TableWidgets", "ACTIONS"]

ACTIONS = ("card", "call", "declare", "undo", "hint", "next", "review", "progress", "upload")
"""The controller's actions the widgets call: ``card`` (a card clicked), ``call`` (a call or
the chosen bid), ``declare`` (``True``: show the declarations, ``False``: keep them hidden),
``undo``, ``hint``, ``next`` (the Next button), ``review``, ``progress`` and ``upload`` (the
Resume button's file, as a trait change)."""

Actions = Mapping[str, Callable[..., Any]]


class TableWidgets(LocalizedWidget):
    """The widgets of the play table, laid out; a subclass (the controller) draws them.

    Public widgets: :attr:`header`, :attr:`status_bar`, :attr:`status_label`,
    :attr:`seat_html` (by seat), :attr:`center`, :attr:`cards`, :attr:`bidding_html`,
    :attr:`call_box` (:attr:`call_buttons`, :attr:`bid_input`, :attr:`bid_button`),
    :attr:`declare_box`, :attr:`reason_label`, the buttons, :attr:`last_trick_toggle`,
    :attr:`hint_html`, :attr:`info_html`, :attr:`log_html`, :attr:`review_box`,
    :attr:`progress_html`, :attr:`scoreboard`, :attr:`save_link`, :attr:`resume_upload`,
    :attr:`file_message`.
    """

    def _build_widgets(self, on: Actions) -> None:
        """Make every widget once; the buttons call the actions ``on`` (:data:`ACTIONS`)."""
        self._on = on
        self.table_style = widgets.HTML(f"<style>{TABLE_CSS}</style>")
        self.header = html_widget("bw-header")
        self.status_bar = html_widget("bw-status-bar-box")
        self.status_label = html_widget("bw-status")
        self.seat_html = {s: html_widget(f"bw-seat-box seat-{SEATS[s]}") for s in range(4)}
        self.center = html_widget("bw-center")
        self.cards = CardButtons(on["card"], "bw-my-hand")
        self.bidding_html = html_widget("bw-bidding")
        self.call_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.call_box.add_class("bw-calls-box")
        self._call_made: dict[str, widgets.Button] = {}
        self.bid_input = widgets.Dropdown(options=[], layout=widgets.Layout(width="14em"))
        self.bid_input.add_class("bw-bid-input")
        self.bid_button = _button(
            "bw-bid", lambda: on["call"](self.bid_input.value), button_style="primary"
        )
        self._build_declare(on)
        self.reason_label = html_widget("bw-reason-label")
        self.undo_button = _button("bw-undo", on["undo"], icon="undo")
        self.hint_button = _button("bw-hint", on["hint"], icon="lightbulb-o")
        self.new_hand_button = _button("bw-new-hand", on["next"], button_style="success")
        self.last_trick_toggle = widgets.ToggleButton(value=False, icon="eye")
        self.last_trick_toggle.add_class("bw-last-trick-toggle")
        self.last_trick_toggle.observe(lambda _c: self.refresh(), names="value")
        self.hint_html = html_widget("bw-hint-box")
        self._build_boxes(on)

    def _build_declare(self, on: Actions) -> None:
        """Seed 004: after the first trick a player may show combinations; the learner
        chooses (the advice's words below the two buttons)."""
        self.declare_button = _button("bw-declare", lambda: on["declare"](True),
                                      button_style="primary")
        self.hide_button = _button("bw-hide-declarations", lambda: on["declare"](False))
        self.declare_advice_html = html_widget("bw-declare-advice")
        self.declare_box = widgets.VBox([
            widgets.HBox([self.declare_button, self.hide_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.declare_advice_html,
        ])
        self.declare_box.add_class("bw-declare-box")

    def _build_boxes(self, on: Actions) -> None:
        """The review, the progress, the play log, the score, Save and Resume."""
        self.review_button = _button("bw-review-button", on["review"], icon="search",
                                     layout=widgets.Layout(width="auto"))
        self.review_html = html_widget("bw-review-box")
        self.review_html.layout = widgets.Layout(max_width="100%")  # a wide table scrolls inside
        self.review_box = widgets.VBox([], layout=widgets.Layout(max_width="100%"))
        self.review_box.add_class("bw-review-panel")
        self.info_html = html_widget("bw-info")
        self.log_html = html_widget("bw-log-box")
        self.scoreboard = html_widget("bw-scoreboard")
        self.save_link = html_widget("bw-save")
        self.resume_upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
        self.resume_upload.add_class("bw-resume")
        self.resume_upload.observe(on["upload"], names="value")
        self.file_message = html_widget("bw-file-message")
        self.progress_button = _button("bw-progress-button", on["progress"], icon="line-chart",
                                       layout=widgets.Layout(width="auto"))
        self.progress_html = html_widget("bw-progress-box")

    def _layout(self, table: widgets.Widget) -> list[widgets.Widget]:
        """The table's rows, top to bottom, around the seats and felt ``table``."""
        return [
            self.style_html,
            self.table_style,
            widgets.HBox([self.header, self.language_picker]),
            self.status_bar,
            self.status_label,
            table,
            self.bidding_html,
            self.call_box,
            self.declare_box,
            self.reason_label,
            widgets.HBox([
                self.undo_button, self.hint_button, self.new_hand_button, self.last_trick_toggle,
                self.review_button, self.progress_button,
            ], layout=widgets.Layout(flex_flow="row wrap")),
            self.hint_html,
            self.info_html,
            self.log_html,
            self.review_box,
            self.progress_html,
            self.scoreboard,
            widgets.HBox([self.save_link, self.resume_upload], layout=widgets.Layout(
                flex_flow="row wrap", align_items="center")),
            self.file_message,
        ]

    def _table_box(self, game: Game, seat: int) -> widgets.VBox:
        """The seats of ``game`` around the felt, ``seat``'s at the bottom with its cards."""
        top, left, right = seats_around(game, seat)

        def box(s: int | None) -> widgets.HTML:
            return self.seat_html[s] if s is not None else html_widget("bw-empty")

        table = widgets.VBox(
            [
                box(top),
                widgets.HBox([box(left), self.center, box(right)]),
                self.seat_html[seat],
                self.cards.box,
            ]
        )
        table.add_class("bw-play-area")
        self.center.layout = widgets.Layout(min_width="16em", flex="1 1 auto")
        for s in (left, right):
            if s is not None:
                self.seat_html[s].layout = widgets.Layout(width="11em")
        return table

    def call_button(self, call: str) -> widgets.Button:
        """The button of ``call`` (made once, then kept): it makes the call."""
        b = self._call_made.get(call)
        if b is None:
            b = widgets.Button()
            b.add_class("bw-call")
            b.add_class(f"call-{call}")
            b.on_click(lambda _b, c=call: self._on["call"](c))
            self._call_made[call] = b
        return b

    @property
    def call_buttons(self) -> dict[str, widgets.Button]:
        """The call buttons on show, by call (Coinche bids are in :attr:`bid_input`)."""
        return {c: b for c, b in self._call_made.items() if b in self.call_box.children}

    def _set_class(self, name: str, on: bool) -> None:
        """Add or remove the CSS class ``name`` of the table's root."""
        if on and name not in self._dom_classes:
            self.add_class(name)
        elif not on and name in self._dom_classes:
            self.remove_class(name)


def _button(css: str, action: Callable[[], Any], **kwargs: Any) -> widgets.Button:
    """A button of CSS class ``css`` that calls ``action`` when clicked."""
    b = widgets.Button(**kwargs)
    b.add_class(css)
    b.on_click(lambda _b: action())
    return b
