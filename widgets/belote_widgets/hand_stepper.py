"""``HandStepper``: step through a recorded hand card by card and trick by trick.

A hand record (``belote_lab/hand`` JSON, a dict, a JSON text, a file, or a hand object) is
checked once by :func:`belote_lab.play.record_io.hand_from_json`; the stepper then deals a fresh
hand from the record's start and replays its actions (``call``/``play``) forward, and takes them
back with the engine's exact ``undo`` — every position shown is a real engine state.

Buttons: first, previous trick, back, forward, next trick, last, and a slider over the
positions (0 = dealt, nothing played); **Review** reviews the hand
(:func:`belote_lab.coaching.review.review`: each card's exact cost and, for one seat's view, what
the hint said from what that seat could see), shows the table of it, and from then on each card
stepped through gets its line of the review under the action.  The view shows all hands or
one seat's view (the others face down), the current trick (or the last one, with its
winner), the calls and contract, the announcements (belote, rebelote, dix de der, capot,
litige…), the running points per side and, at the end, the final score with the engine's
explanation.

Once a review is attached, each card it reviewed can be opened at its moment
(:meth:`HandStepper.open_moment`, or a button of :attr:`HandStepper.moment_box`, labelled
``Trick 6 · A♦ · −8``): the stepper goes to the position just **before** that card is played
(the choice the player faced), shows every hand face up, and outlines in the acting seat's
hand the best cards with every card known (solid green) and the card played (dashed: green
when it was among the best, red when not), with a legend and the card's line of the review.
:meth:`HandStepper.back_to_view` (the ``↩`` button, shown while a moment is open) returns to
the view and the position the stepper had before.

>>> st = HandStepper.from_selfplay("belote", "2,2,2,2", seed=1)
>>> st.position, st.length
(0, 34)
>>> st.forward(); st.position, st.action_label.value  # doctest: +ELLIPSIS
(1, '...East: Pass...')
>>> st.last(); st.hand.phase, "Final score" in st.score_label.value
('done', True)
>>> st.previous_trick(); len(st.hand.tricks), len(st.hand.trick)
(7, 0)
>>> r = st.review(hints=False); len(r), st.position
(32, 30)
>>> st.back(); "This card" in st.review_row_html.value
True

A moment of South's review: the position before South's J♠ at trick 4, every hand face up.

>>> st.set_view("S"); r = st.review(hints=False); st.position, len(st.moment_buttons)
(29, 8)
>>> st.moment_buttons[14].description
'Trick 4 · J♠ · −7'
>>> st.moment_buttons[14].click(); st.position, st.view, st.hand.current_player
(14, 'all', 2)
>>> st.seats_html.value.count("bw-mark-")  # the card played, J♠, and the best one, 7♦
2
>>> st.back_to_view(); st.position, st.view, 'bw-mark' in st.seats_html.value
(29, 'S', False)
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from belote_lab.cards import SEATS, Card, parse_seat
from belote_lab.coaching.review import Review, ReviewRow
from belote_lab.coaching.review import review as review_hand
from belote_lab.games import get
from belote_lab.play.record_io import RecordError, hand_from_json, hand_record
from belote_lab.simulation.selfplay import play_hand
from belote_widgets._base import LocalizedWidget, html_widget
from belote_widgets.cards_view import esc
from belote_widgets.describe import (
    action_text,
    calls_text,
    contract_text,
    events_html,
    last_trick_html,
    phase_text,
    result_text,
    running_points,
    score_of,
    seat_hand_html,
    sides_html,
    trick_html,
    turned_html,
)
from belote_widgets.i18n import game_name, seat_name, seat_word, text
from belote_widgets.review_view import review_html, review_words, row_html

__all__ = ["HandStepper", "MOMENT_CSS"]

MOMENT_CSS = """
.bw-mark-best { outline: 3px solid #1b8a2e; outline-offset: 1px; }
.bw-mark-played { outline: 3px dashed #c62828; outline-offset: 1px; }
.bw-mark-best.bw-mark-played { outline: 3px dashed #1b8a2e; }
.bw-mark-swatch {
  display: inline-block; width: 1.1em; height: 1.4em; margin: 0 0.35em 0 0.2em;
  background: #fff; border: 1px solid #777; border-radius: 3px; vertical-align: middle;
}
.bw-moment-legend p { margin: 0.25em 0; }
"""
"""The moment's marks: a best card outlined in solid green, the card played in dashed red
(dashed green when it was among the best) — the line's style says which is which without its
colour, the colour whether the card played was best."""

_BEST, _PLAYED = "bw-mark-best", "bw-mark-played"
_HINT_VERDICTS = ("inaccuracy", "mistake", "blunder", "lucky", "unlucky", "within noise")
"""The verdicts a moment's button names beside its cost (those its cost alone does not say)."""

Record = Mapping[str, Any] | str | Path | Any


def _row(children: list[widgets.Widget]) -> widgets.HBox:
    """A row of controls that wraps on a narrow screen."""
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap", align_items="center"))


def _as_record(source: Record, hand_index: int = 0) -> dict[str, Any]:
    """A hand record as a dict, from a dict, JSON text, a path, a hand or a game record."""
    return hand_record(source, hand_index)


class HandStepper(LocalizedWidget):
    """Replay a hand record one action (call or card) at a time.

    ``view`` is ``"all"`` (every hand face up) or a seat letter (that seat's view).
    Public state: :attr:`hand` (the engine state at :attr:`position`), :attr:`length`
    (the number of actions), :attr:`record`; with a review attached, :attr:`moments` (the
    positions :meth:`open_moment` takes), :attr:`moment_buttons` (position → its button, CSS
    classes ``bw-moment bw-moment-<k>``), :attr:`moment_box` (the buttons, the back button
    ``bw-moment-back`` and the legend: part of the stepper, at its top) and :attr:`moment`.
    """

    def __init__(
        self,
        record: Record | None = None,
        view: str = "all",
        hand_index: int = 0,
        language: str | None = None,
    ) -> None:
        super().__init__(language)
        self.add_class("bw-hand-stepper")
        self.record: dict[str, Any] | None = None
        self.hand: Any = None
        self._actions: list[tuple[str, str, str]] = []
        self._trick_marks: list[int] = []
        self._moving = False
        self.first_button = self._button("bw-first", "|◀", self.first)
        self.trick_back_button = self._button("bw-trick-back", "◀◀", self.previous_trick)
        self.back_button = self._button("bw-step-back", "◀", self.back)
        self.forward_button = self._button("bw-forward", "▶", self.forward)
        self.trick_forward_button = self._button("bw-trick-forward", "▶▶", self.next_trick)
        self.last_button = self._button("bw-last", "▶|", self.last)
        self.slider = widgets.IntSlider(min=0, max=0, value=0, continuous_update=False)
        self.slider.add_class("bw-slider")
        self.slider.observe(self._slid, names="value")
        self.view_input = widgets.Dropdown(
            options=[("all", "all")], value="all", layout=widgets.Layout(width="12em")
        )
        self.view_input.add_class("bw-view")
        self.view_input.observe(lambda _c: None if self._moving else self.refresh(),
                                names="value")
        self.header = html_widget("bw-header")
        self.step_label = html_widget("bw-step")
        self.action_label = html_widget("bw-action")
        self.seats_html = html_widget("bw-seats")
        self.trick_html = html_widget("bw-trick")
        self.events_html = html_widget("bw-events-box")
        self.points_label = html_widget("bw-points")
        self.score_label = html_widget("bw-score")
        self.review_button = widgets.Button(icon="search", layout=widgets.Layout(width="auto"))
        self.review_button.add_class("bw-review-button")
        self.review_button.on_click(lambda _b: self.review())
        self.review_row_html = html_widget("bw-review-row-box")
        self.review_html = html_widget("bw-review-box")
        self.review_html.layout = widgets.Layout(max_width="100%")  # a wide table scrolls inside
        self._review: Review | None = None
        self.show_review_table = True  # False: only each card's line (the table shows it above)
        self._review_rows: dict[int, ReviewRow] = {}
        self._build_moments()
        self.children = self._layout()
        if record is not None:
            self.load(record, hand_index=hand_index, view=view)
        self._ready()

    def _build_moments(self) -> None:
        """The moments' buttons, back button and legend (shown once a review is attached)."""
        self._moment: int | None = None  # the position of the moment open (before its card)
        self._before: tuple[str, int] | None = None  # the view and position before it opened
        self.moment_buttons: dict[int, widgets.Button] = {}
        self.moment_title = html_widget("bw-moment-title")
        self.moment_row = _row([])
        self.moment_row.add_class("bw-moments")
        self.moment_back_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.moment_back_button.add_class("bw-moment-back")
        self.moment_back_button.on_click(lambda _b: self.back_to_view())
        self.moment_legend = html_widget("bw-moment-legend")
        self.moment_box = widgets.VBox(
            [
                widgets.HTML(f"<style>{MOMENT_CSS}</style>"),
                self.moment_title,
                self.moment_row,
                self.moment_back_button,
                self.moment_legend,
            ],
            layout=widgets.Layout(max_width="100%", display="none"),
        )
        self.moment_box.add_class("bw-moment-box")

    def _layout(self) -> list[widgets.Widget]:
        moves = [
            self.first_button,
            self.trick_back_button,
            self.back_button,
            self.forward_button,
            self.trick_forward_button,
            self.last_button,
        ]
        return [
            self.style_html,
            self.moment_box,  # first: right under a review table shown above the stepper
            _row([self.header, self.language_picker]),
            _row([*moves, self.slider, self.view_input, self.review_button]),
            self.step_label,
            self.action_label,
            self.review_row_html,
            self.seats_html,
            self.trick_html,
            self.points_label,
            self.events_html,
            self.score_label,
            self.review_html,
        ]

    @staticmethod
    def _button(css: str, icon_text: str, action: Callable[[], None]) -> widgets.Button:
        """A move button: its own class (``bw-step-back`` …) and ``bw-step-btn``, never a
        card's (``bw-back`` is a face-down card)."""
        b = widgets.Button(description=icon_text, layout=widgets.Layout(width="3.2em"))
        b.add_class("bw-step-btn")
        b.add_class(css)
        b.on_click(lambda _b: action())
        return b

    @classmethod
    def from_selfplay(
        cls,
        game: str = "belote",
        players: Any = "2,2,2,2",
        seed: int = 0,
        dealer: str = "N",
        **kwargs: Any,
    ) -> HandStepper:
        """A stepper over a hand the computer players play now (levels as in
        :func:`belote_lab.simulation.selfplay.play_hand`, e.g. ``"2,1,2,1"``)."""
        hand = play_hand(game, players, seed=seed, dealer=dealer)
        return cls(hand.to_json(), **kwargs)

    # --- loading ----------------------------------------------------------------------------------
    def load(self, record: Record, hand_index: int = 0, view: str | None = None) -> None:
        """Load a hand record (checked by the engine; a bad one raises ``RecordError``)."""
        data = _as_record(record, hand_index)
        hand_from_json(data)  # the whole record, checked once, with the place of any problem
        start = dict(data)
        start["actions"] = []
        start.pop("result", None)
        self.record = data
        self._review, self._review_rows = None, {}
        self._moment, self._before = None, None
        self._moment_buttons_for()
        self.hand = hand_from_json(start)
        self._actions = [(str(k), str(s), str(v)) for k, s, v in data["actions"]]
        # one pass forward to find where the tricks end, then back to the deal
        marks = []
        for i, act in enumerate(self._actions):
            before = len(self.hand.tricks)
            was_bidding = self.hand.contract is None
            self._apply(act)
            if len(self.hand.tricks) > before or (was_bidding and self.hand.contract is not None):
                marks.append(i + 1)
        self._trick_marks = marks
        while len(self.hand.actions) > 0:
            self.hand.undo()
        seats = [SEATS[s] for s in self.hand.seat_order]
        want = view if view is not None else self.view_input.value
        self._view_options(seats)
        self.view_input.value = want if want in seats else "all"
        self._moving = True
        try:
            self.slider.max = len(self._actions)
            self.slider.value = 0
        finally:
            self._moving = False
        self.refresh()

    def _apply(self, act: tuple[str, str, str]) -> None:
        kind, seat, value = act
        if kind == "play":
            self.hand.play(value, seat)
        elif kind == "call":
            self.hand.call(value, seat)
        else:
            raise RecordError(f"unknown action kind {kind!r}")

    # --- reviewing --------------------------------------------------------------------------------
    def review(self, hints: bool | None = None) -> Review | None:
        """Review the loaded hand for the seat in view (every seat with ``"all"``; hints by
        default only for one seat) and show it; ``None`` when no hand is loaded."""
        if self.record is None:
            return None
        self.back_to_view()  # a moment open shows every hand: the view of before is reviewed
        seat = None if self.view == "all" else self.view
        self.attach_review(review_hand(self.record, seat, hints=hints))
        return self._review

    def attach_review(self, r: Review) -> None:
        """Show the review ``r`` of the loaded hand (e.g. one the play table made), with a
        button a moment of it (:attr:`moment_box`)."""
        self.back_to_view()  # the moment of another review closes first
        self._review = r
        rows = iter(r.rows)
        self._review_rows = {}
        nxt = next(rows, None)
        for i, (kind, seat, card) in enumerate(self._actions):
            if nxt is not None and kind == "play" and seat == nxt.seat_name \
                    and card == nxt.card.text:
                self._review_rows[i] = nxt
                nxt = next(rows, None)
        self._moment, self._before = None, None
        self._moment_buttons_for()
        self.refresh()

    # --- moments of the review -----------------------------------------------------------------
    def _moment_buttons_for(self) -> None:
        """A button a moment of the review: every card of a one-seat review; with every seat,
        the cards that cost something or that the hint judged (the others open by
        :meth:`open_moment`)."""
        r = self._review
        self.moment_buttons = {}
        for k, row in sorted(self._review_rows.items()):
            if r is not None and r.seat is None and not (
                row.cost or row.verdict in _HINT_VERDICTS
            ):
                continue
            b = widgets.Button(layout=widgets.Layout(width="auto"))
            b.add_class("bw-moment")
            b.add_class(f"bw-moment-{k}")
            if row.cost or row.verdict in _HINT_VERDICTS:
                b.add_class("bw-moment-costly")
                b.style.font_weight = "bold"
            b.on_click(lambda _b, k=k: self.open_moment(k))
            self.moment_buttons[k] = b
        self.moment_row.children = list(self.moment_buttons.values())

    @property
    def moments(self) -> list[int]:
        """The positions :meth:`open_moment` takes: one a card of the review attached (the
        position just before the card is played), in order."""
        return sorted(self._review_rows)

    @property
    def moment(self) -> int | None:
        """The position of the moment open, or ``None``."""
        return self._moment

    def open_moment(self, k: int) -> None:
        """Open the moment of the reviewed card played by action ``k`` (0-based, as :meth:`go`
        counts: the stepper goes to position ``k``, just *before* the card is played — the
        choice its player faced); every hand face up; in the acting seat's hand the best cards
        with every card known outlined in solid green, the card played in dashed red (dashed
        green when it was among the best); the legend says so, with the card's line of the
        review.  :meth:`back_to_view` returns to the view and position of before.  ``k`` must
        be one of :attr:`moments` (``ValueError`` otherwise)."""
        if k not in self._review_rows:
            raise ValueError(f"no reviewed card is played at position {k}")
        if self._before is None:  # from one moment to another: back still goes to the first
            self._before = (self.view, self.position)
        self._moment = k
        self._moving = True  # one drawing, at the end
        try:
            self.view_input.value = "all"
        finally:
            self._moving = False
        self.go(k)

    def back_to_view(self) -> None:
        """Close the moment open: the view and the position the stepper had before it opened,
        the marks gone (nothing when no moment is open)."""
        if self._before is None:
            return
        view, k = self._before
        self._moment, self._before = None, None
        self._moving = True  # one drawing, at the end
        try:
            self.view_input.value = view
        finally:
            self._moving = False
        self.go(k)

    # --- moving -----------------------------------------------------------------------------------
    @property
    def length(self) -> int:
        """The number of actions (calls and cards) in the record."""
        return len(self._actions)

    @property
    def position(self) -> int:
        """How many actions have been replayed (0 = just dealt)."""
        return 0 if self.hand is None else len(self.hand.actions)

    def go(self, k: int) -> None:
        """Show the position after ``k`` actions (clamped to 0 … :attr:`length`)."""
        if self.hand is None:
            return
        k = max(0, min(self.length, int(k)))
        while self.position > k:
            self.hand.undo()
        while self.position < k:
            self._apply(self._actions[self.position])
        if self.slider.value != k:
            self._moving = True
            try:
                self.slider.value = k
            finally:
                self._moving = False
        self.refresh()

    def _slid(self, change: dict[str, Any]) -> None:
        if not self._moving:
            self.go(change["new"])

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(self.length)

    def forward(self) -> None:
        """One action forward."""
        self.go(self.position + 1)

    def back(self) -> None:
        """One action back."""
        self.go(self.position - 1)

    def next_trick(self) -> None:
        """To the end of the next trick (or the end of the bidding)."""
        later = [m for m in self._trick_marks if m > self.position]
        self.go(later[0] if later else self.length)

    def previous_trick(self) -> None:
        """To the end of the previous trick (or the end of the bidding, or the deal)."""
        earlier = [m for m in self._trick_marks if m < self.position]
        self.go(earlier[-1] if earlier else 0)

    @property
    def view(self) -> str:
        return str(self.view_input.value)

    def set_view(self, view: str) -> None:
        """``"all"`` or the letter of a seat that plays in this game."""
        if view != "all":
            view = SEATS[parse_seat(view)]
            if view not in [v for _, v in self.view_input.options]:
                raise ValueError(f"seat {view} does not play in this game")
        self.view_input.value = view

    # --- drawing ----------------------------------------------------------------------------------
    def _view_options(self, seats: list[str]) -> None:
        lang = self.language
        options = [(text("all_hands", lang), "all")] + [
            (text("seat_view", lang, seat=seat_word(s, lang)), s) for s in seats
        ]
        if list(self.view_input.options) != options:
            keep = self.view_input.value
            self.view_input.options = options
            self.view_input.value = keep if keep in [v for _, v in options] else "all"

    def _render(self) -> None:
        lang = self.language
        tips = {
            self.first_button: "first",
            self.trick_back_button: "trick_back",
            self.back_button: "back",
            self.forward_button: "forward",
            self.trick_forward_button: "trick_forward",
            self.last_button: "last",
        }
        for b, key in tips.items():
            b.tooltip = text(key, lang)
        h = self.hand
        if h is None:
            self.header.value = esc(text("no_record", lang))
            for w in (
                self.step_label,
                self.action_label,
                self.seats_html,
                self.trick_html,
                self.events_html,
                self.points_label,
                self.score_label,
                self.review_row_html,
                self.review_html,
                self.moment_legend,
            ):
                w.value = ""
            self.moment_box.layout.display = "none"
            self.review_button.description = review_words("button", lang)
            self.review_button.disabled = True
            return
        self._view_options([SEATS[s] for s in h.seat_order])
        k = self.position
        self.first_button.disabled = self.back_button.disabled = k == 0
        self.trick_back_button.disabled = k == 0
        self.forward_button.disabled = self.last_button.disabled = k == self.length
        self.trick_forward_button.disabled = k == self.length
        viewer = None if self.view == "all" else parse_seat(self.view)
        self.header.value = self._header_html(h, lang)
        self.step_label.value = esc(text("step", lang, k=k, n=self.length))
        self.action_label.value = self._action_html(h, k, lang)
        marked = self._moment_row(k)
        marks = None if marked is None else self._marks(marked, lang)
        self.seats_html.value = self._seats_html(
            h, viewer, lang, marks, None if marked is None else marked.seat
        )
        self.trick_html.value = self._trick_box_html(h, lang)
        label = text("tricks_so_far" if get(h.game).counts == "tricks" else "points_so_far", lang)
        self.points_label.value = (
            f"<b>{esc(label)}</b>: " + sides_html(running_points(h), lang)
        )
        self.events_html.value = (
            f"<b>{esc(text('announcements', lang))}</b>: {events_html(h, lang, viewer)}"
        )
        self.score_label.value = self._score_html(h, lang)
        self._render_review(h, k, lang)
        self._render_moment(h, k, lang)

    def _render_review(self, h: Any, k: int, lang: str) -> None:
        self.review_button.description = review_words("button", lang)
        self.review_button.disabled = self.record is None
        r = self._review
        trump = h.contract.trump if h.contract is not None else None
        row = self._review_rows.get(k - 1) if r is not None and k > 0 else None
        if self._moment_row(k) is not None:
            row = None  # the moment's legend has the line of the card about to be played
        self.review_row_html.value = "" if row is None else row_html(row, r.unit, lang, trump)
        shown = r is not None and self.show_review_table
        self.review_html.value = review_html(r, lang, trump) if shown and r else ""

    def _moment_row(self, k: int) -> ReviewRow | None:
        """The row of the moment open, when the stepper stands at it (else ``None``)."""
        if self._moment is None or self._moment != k:
            return None
        return self._review_rows.get(k)

    @staticmethod
    def _marks(row: ReviewRow, lang: str) -> dict[Card, tuple[str, str]]:
        """The marks of a moment's cards: the best ones, and the card played."""
        marks = {c: (_BEST, review_words("moment_best_note", lang)) for c in row.best_cards}
        cls, note = marks.get(row.card, ("", ""))
        played = review_words("moment_played_note", lang)
        marks[row.card] = (f"{cls} {_PLAYED}".strip(), f"{played}, {note}" if note else played)
        return marks

    def _moment_label(self, row: ReviewRow, lang: str) -> str:
        """A moment's button: ``Trick 6 · A♦ · −8``; with every seat reviewed, the seat too;
        the hint's verdict when the cost does not say it (``lucky``, ``mistake`` …)."""
        parts = [review_words("moment_trick", lang, n=row.trick)]
        if self._review is not None and self._review.seat is None:
            parts.append(seat_name(row.seat, lang))
        parts.append(row.card.pretty)
        if row.cost:
            parts.append(review_words("moment_cost", lang, n=row.cost))
        elif row.cost == 0:
            parts.append("0")
        if row.verdict in _HINT_VERDICTS:
            parts.append(review_words(f"verdict_{row.verdict.replace(' ', '_')}", lang))
        return " · ".join(parts)

    def _render_moment(self, h: Any, k: int, lang: str) -> None:
        """The moments' buttons, the back button while a moment is open, and the legend while
        the stepper stands at it."""
        r = self._review
        self.moment_box.layout.display = "" if r is not None and self._review_rows else "none"
        self.moment_title.value = esc(review_words("moments", lang))
        unit = r.unit if r is not None else "points"
        for pos, b in self.moment_buttons.items():
            row = self._review_rows[pos]
            b.description = self._moment_label(row, lang)
            line = html.unescape(re.sub(r"<[^>]+>", "", row_html(row, unit, lang)))
            b.tooltip = f"{review_words('moment_tip', lang)}\n{line}"
            b.button_style = "info" if pos == self._moment else ""
        if self._before is None:
            self.moment_back_button.layout.display = "none"
        else:
            view, back_to = self._before
            where = text("all_hands", lang) if view == "all" else text(
                "seat_view", lang, seat=seat_word(parse_seat(view), lang))
            self.moment_back_button.description = review_words(
                "moment_back", lang, view=where, step=text("step", lang, k=back_to, n=self.length)
            )
            self.moment_back_button.layout.display = ""
        row = self._moment_row(k)
        if row is None or r is None:
            self.moment_legend.value = ""
            return
        trump = h.contract.trump if h.contract is not None else None
        title = review_words(
            "moment_title", lang, trick=review_words("moment_trick", lang, n=row.trick),
            seat=seat_word(row.seat, lang),
        )
        key = "".join(
            f'<span class="bw-mark-swatch {cls}"></span>{esc(review_words(words, lang))} '
            for cls, words in ((_BEST, "moment_key_best"), (_PLAYED, "moment_key_played"))
        )
        self.moment_legend.value = (
            f"<p><b>{esc(title)}</b> {row_html(row, r.unit, lang, trump)}</p><p>{key}</p>"
        )

    def _header_html(self, h: Any, lang: str) -> str:
        head = [
            f"<b>{esc(game_name(h.game, lang))}</b>",
            f"{esc(text('dealer', lang))}: {esc(seat_name(h.dealer, lang))}",
            f"{esc(text('phase', lang))}: {esc(phase_text(h, lang))}",
        ]
        contract = contract_text(h, lang)
        if contract:
            head.append(esc(contract))
        if get(h.game).has_stock and h.contract is not None:
            head.append(esc(text("stock", lang, n=len(h.stock_left))))
        return " · ".join(head)

    def _action_html(self, h: Any, k: int, lang: str) -> str:
        """The action that led to position ``k``."""
        if k == 0:
            act = text("start_of_hand", lang)
        else:
            act = action_text(self._actions[k - 1], lang, h.turned)
        return f'<span class="bw-last-action">{esc(act)}</span>'

    def _seats_html(
        self,
        h: Any,
        viewer: int | None,
        lang: str,
        marks: Mapping[Card, tuple[str, str]] | None = None,
        marked_seat: int | None = None,
    ) -> str:
        """A row a seat (its cards, face up or down, and its tricks), then the calls;
        ``marks``: the marked cards of ``marked_seat`` (a moment of the review)."""
        rows = []
        cur = h.current_player
        tricks_won = h.won_tricks
        for s in h.seat_order:
            face_up = viewer is None or viewer == s
            mark = ' <span class="bw-turn">▶</span>' if cur == s else ""
            name = seat_name(s, lang)
            if h.dealer == s:
                name = text("seat_dealer", lang, name=name)  # 북(딜러): no space before "("
            rows.append(
                f'<tr class="bw-seat-row seat-{SEATS[s]}"><th class="bw-seat">'
                f"{esc(name)}{mark}</th>"
                f"<td>{seat_hand_html(h, s, lang, face_up, marks if s == marked_seat else None)}"
                "</td>"
                f"<td>{esc(text('tricks_won', lang, n=tricks_won[s]))}</td></tr>"
            )
        extra = turned_html(h, lang)
        calls = calls_text(h, lang)
        if calls:
            label = esc(text("calls", lang))
            extra += f'<div class="bw-calls">{label}: {esc(calls)}</div>'
        return f'<table class="bw-table bw-hands">{"".join(rows)}</table>{extra}'

    @staticmethod
    def _trick_box_html(h: Any, lang: str) -> str:
        """The current trick, or the last one between two tricks."""
        current = trick_html(h, lang)
        body = f'<div class="bw-muted">{esc(text("current_trick", lang))}</div>'
        if current:
            body += current
        elif h.tricks:
            body += last_trick_html(h, lang)
        return f'<div class="bw-felt">{body}</div>'

    @staticmethod
    def _score_html(h: Any, lang: str) -> str:
        """The final score and the engine's explanation, once the hand is over."""
        score = score_of(h)
        if not score:
            return ""
        why = esc(result_text(h, lang)).replace("\n", "<br>")
        return (
            f'<div class="bw-final"><b>{esc(text("final_score", lang))}</b>: '
            f"{sides_html(score, lang)}"
            f'<br><span class="bw-why">{why}</span></div>'
        )
