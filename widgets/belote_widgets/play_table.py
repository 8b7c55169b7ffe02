"""``PlayTable``: the learner plays one seat against computer players, in any mode of any game.

The table is driven by a :class:`belote_lab.session.Session`: a single hand, a game to the
target, a two-player match, seed 001's run (the computer's level rising after each match won)
or seed 003's Callbreak quick game or journey; the computer seats play at levels 1 to 4 (each
seat its own, partner included).  During the bidding the learner's legal calls are buttons
(Coinche bids: a dropdown set to the lowest legal bid, and a Bid button); during play the
learner's cards are buttons.  A card the rules refuse is dimmed and carries the engine's reason
as its tooltip; clicking it shows the reason and changes nothing.

A fixed bar on top shows the trump as a large badge, the contract, whose turn it is in words,
the score and, in a run or a journey, the level and the run's score.  The computer plays one
card every ``pace`` seconds (0: at once, as in the tests); the play log lists the hand trick by
trick; the last trick can be peeked at with a toggle.  Undo goes back to the learner's previous
decision; the Next button counts the finished hand and deals the next (then the next match,
game, or a new one).  Save is a link that downloads the session as JSON (a ``data:`` address:
nothing leaves the machine) and Resume reads such a file back, refusing a bad one with a
message and leaving the table as it was.

:func:`play` shows the settings panel (:class:`~belote_widgets.settings.SettingsPanel`) above a
table in one line: ``play("belote2", mode="run")``.

>>> t = PlayTable("belote", level=2, seat="S", seed=3)
>>> t.hand.phase, t.is_learner_turn
('bidding', True)
>>> sorted(t.call_buttons)
['pass', 'take']
>>> t.call_buttons["take"].click(); t.hand.phase, t.hand.contract is not None
('play', True)
>>> app = play("belote2", mode="run", seed=4)
>>> app.table.session.status()["level"], app.settings.config()["mode"]
(1, 'run')
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from belote_lab import warm
from belote_lab.advice import Advice, advise
from belote_lab.cards import SEATS, Card, CardParseError, Suit, seat_in
from belote_lab.contract import ContractKind
from belote_lab.games import Game, get
from belote_lab.games.base import IllegalAction
from belote_lab.games.coinche import Bid
from belote_lab.hints import Hint, hint
from belote_lab.record import RecordError, korean_of
from belote_lab.review import Review, review
from belote_lab.selfplay import make_players
from belote_lab.session import NOTHING_TO_UNDO, Action, Session, modes
from belote_lab.trick import Reason
from belote_lab.words import section
from belote_lab.words import text as catalogue_text
from belote_widgets._base import LocalizedWidget, html_widget
from belote_widgets.cards_view import CardButtons, card_html, esc
from belote_widgets.describe import (
    action_text,
    calls_text,
    contract_text,
    drawn_card,
    draws_text,
    events_html,
    hand_cards,
    last_trick_html,
    phase_text,
    result_text,
    running_points,
    seat_hand_html,
    sides_html,
    trick_html,
    turned_html,
)
from belote_widgets.hand_stepper import HandStepper
from belote_widgets.i18n import (
    LANGUAGES,
    call_label,
    contract_name,
    game_name,
    seat_name,
    seat_word,
    side_name,
    suit_name,
    text,
)
from belote_widgets.review_view import review_html, review_words
from belote_widgets.settings import SettingsPanel, mode_label
from belote_widgets.snapshot import Snapshot

__all__ = ["PlayTable", "PlayApp", "play", "TABLE_TEXTS"]

Message = Callable[[str], str]  # a message drawn in the language of the moment

NAMESPACE = "play"
"""The catalogue's namespace of the table's own labels (``play.next_hand`` …)."""

TABLE_TEXTS: dict[str, dict[str, str]] = {
    language: section(NAMESPACE, language) for language in LANGUAGES
}
"""The table's own labels in English and Korean, by key (those of :mod:`belote_widgets.i18n`
are used where they fit): a read copy of the catalogue's ``play.`` texts
(belote_lab/words/en/play.json, ko/play.json), where an editor changes them."""

_FOUR_COLOURS = {"S": "#111111", "H": "#c40000", "D": "#0a58ca", "C": "#1e7b2a"}
_TWO_COLOURS = {"S": "#111111", "H": "#c40000", "D": "#c40000", "C": "#111111"}
TABLE_CSS = """
.bw-status-bar {
  position: sticky; top: 0; z-index: 5; display: flex; flex-wrap: wrap; align-items: center;
  gap: 0.25em 1.2em; padding: 4px 10px; border-radius: 6px;
  background: var(--jp-layout-color2, #eef1f4); color: var(--jp-ui-font-color1, #111);
  border: 1px solid var(--jp-border-color1, #9aa4ad);
}
.bw-trump-badge {
  display: inline-block; min-width: 1.5em; padding: 0 0.25em; text-align: center;
  font-size: 2.1em; line-height: 1.15; font-weight: bold; border-radius: 8px;
  background: #fff; color: #111; border: 2px solid #c9970c;
}
.bw-trump-badge.bw-badge-words { font-size: 1.1em; padding: 0.35em 0.5em; }
.bw-trump-badge.bw-suit-H, .bw-trump-badge.bw-suit-D { color: #c40000; }
.bw-four-colour .bw-trump-badge.bw-suit-D { color: #0a58ca; }
.bw-four-colour .bw-trump-badge.bw-suit-C { color: #1e7b2a; }
/* the trick's cards at their players' places: North at the top, West left, East right, South
   (the learner, when South) at the bottom; the page keeps them in playing order */
.bw-felt .bw-current {
  display: grid; grid-template-areas: ". n ." "w . e" ". s .";
  grid-template-columns: 1fr auto 1fr; align-items: center; justify-items: center;
  gap: 2px 6px; margin: 2px 0 6px;
}
.bw-felt .bw-current .seat-N { grid-area: n; }
.bw-felt .bw-current .seat-W { grid-area: w; justify-self: end; }
.bw-felt .bw-current .seat-E { grid-area: e; justify-self: start; }
.bw-felt .bw-current .seat-S { grid-area: s; }
.bw-bar-turn { font-weight: bold; }
.bw-log-scroll {
  max-height: 14em; overflow-y: auto; display: flex; flex-direction: column-reverse;
}
.bw-log ol { margin: 2px 0; padding-left: 1.6em; }
"""


def _resume_css() -> str:
    """The Resume button's label: ipywidgets 8 writes a FileUpload's label as "description
    (count)", and the count (always 0 here: a file is read and forgotten) means nothing to a
    learner, so the button's own text is hidden and its label drawn after its icon, in the
    table's language (the table's root carries ``bw-lang-<language>``)."""
    rules = [
        ".bw-resume.widget-upload { font-size: 0 !important; }",
        ".bw-resume.widget-upload > i { font-size: var(--jp-widgets-font-size, 13px); "
        "margin-right: 0.4em; }",
    ]
    for lang, table in TABLE_TEXTS.items():
        label = json.dumps(table["resume"], ensure_ascii=False)
        rules.append(f".bw-lang-{lang} .bw-resume.widget-upload::after {{ content: {label}; "
                     "font-size: var(--jp-widgets-font-size, 13px); }")
    return "\n".join(rules) + "\n"


TABLE_CSS += _resume_css()


def _w(key: str, language: str, **values: Any) -> str:
    """The table's label ``key`` in ``language``, filled in: the catalogue's ``play.<key>``
    (:func:`belote_lab.words.text`)."""
    return catalogue_text(f"{NAMESPACE}.{key}", language, **values)


def _tricks(n: int, language: str) -> str:
    """``1 trick``, ``4 tricks`` / ``4트릭``."""
    return _w("tricks_1" if n == 1 else "tricks_n", language, n=n)


def called_words(seat: int, call: int, language: str, took: int | None = None) -> str:
    """A seat's Callbreak call in words: ``East called 4 tricks`` / ``동 4트릭 콜`` (a label);
    with ``took``, a sentence with the tricks taken so far (the seat's sentence name).

    >>> called_words(1, 4, "en"), called_words(1, 4, "ko")
    ('East called 4 tricks', '동 4트릭 콜')
    >>> called_words(3, 1, "ko", took=2)
    '서쪽은 1트릭을 콜했고 지금까지 2트릭을 가져갔습니다'
    """
    tricks = _tricks(call, language)
    if took is None:
        return _w("called", language, seat=seat_name(seat, language), tricks=tricks)
    return _w("called_took", language, seat=seat_word(seat, language), tricks=tricks,
              took=_tricks(took, language))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's running event loop, if any (else the pace is kept by sleeping)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class PlayTable(LocalizedWidget):
    """Play ``game`` from ``seat`` against computer players, in ``mode``.

    ``level``: the computer's level 1–4 at every other seat, or ``levels`` as ``{seat: level}``
    (partner included); ``mode``: one of :func:`belote_lab.session.modes` (by default the game
    to the target, or the match); ``rules``: rule options (a dict, or the game's rules
    object); ``rounds``: 3 or 5 (Callbreak); ``pace``: seconds between two computer actions
    (0: at once); ``four_colour``: diamonds blue and clubs green; ``session``: a
    :class:`~belote_lab.session.Session` to show (a test may build one with its own players).

    Public state: :attr:`session`, :attr:`hand` (the engine's hand being played), :attr:`match`
    (the game object), :attr:`cards` (the learner's card buttons), :attr:`call_buttons`,
    :attr:`bid_input`, :attr:`reason_label`, :attr:`status_bar`, :attr:`status_label`,
    :attr:`scoreboard`, :attr:`hint_html`, :attr:`log_html`, :attr:`last_trick_toggle`,
    :attr:`save_link`, :attr:`resume_upload`, :attr:`file_message`.
    """

    def __init__(
        self,
        game: str = "belote",
        level: int = 1,
        seat: str = "S",
        seed: int = 0,
        language: str | None = None,
        rules: Any = None,
        dealer: str | None = None,
        show_legal: bool = True,
        hint_samples: int = 32,
        hint_budget: float = 0.9,
        advice_budget: float = 1.0,
        mode: str | None = None,
        levels: Mapping[Any, int] | None = None,
        rounds: int | None = None,
        pace: float = 0.0,
        four_colour: bool = False,
        session: Session | None = None,
    ) -> None:
        if session is None:
            session = _new_session(game, mode, seat, level, levels, rules, seed, rounds, dealer)
        super().__init__(language)
        self.add_class("bw-play-table")
        self.show_legal = show_legal
        self.hint_samples = hint_samples
        self.hint_budget = hint_budget
        self.advice_budget = advice_budget
        self.pace = float(pace)
        self.four_colour = bool(four_colour)
        self._busy = False
        # called with the session after each drawing (the settings panel follows the level in
        # play and a resumed game)
        self.session_watchers: list[Callable[[Session], None]] = []
        self._file_said: Callable[[str], str] | None = None
        self._build_widgets()
        self._use_session(session)
        self._ready()
        # the solver's kernels load in the background while the learner looks at the deal, so
        # the first "Show hint" keeps its time budget (warm.ready: once a process, thread-safe)
        threading.Thread(target=warm.ready, name="belote-warm", daemon=True).start()

    def _use_session(self, session: Session) -> None:
        """Show ``session`` (a new table, or a resumed game): seats, notes and layout afresh."""
        self.session = session
        g = session.game
        self._game = g
        self.game = g.name
        self.seat = session.seat
        self.seed = session.seed
        self._bidding = g.bidding
        self.advisor = make_players(g.name, 2, session.seed)[session.seat]
        self.finished_games: list[dict[str, Any]] = []
        self._undo_blocked = False
        self._status: Message | None = None
        self._log: list[Action] = []  # computer actions since the learner's last decision
        self._refused: tuple[Card, Reason | str] | None = None
        self._clear_hint()
        self._clear_review()
        self._table = self._table_box()
        self.children = self._layout()
        self._note(session.advance())

    def _layout(self) -> list[widgets.Widget]:
        return [
            self.style_html,
            self.table_style,
            widgets.HBox([self.header, self.language_picker]),
            self.status_bar,
            self.status_label,
            self._table,
            self.bidding_html,
            self.call_box,
            self.reason_label,
            widgets.HBox([
                self.undo_button, self.hint_button, self.new_hand_button, self.last_trick_toggle,
                self.review_button,
            ], layout=widgets.Layout(flex_flow="row wrap")),
            self.hint_html,
            self.info_html,
            self.log_html,
            self.review_box,
            self.scoreboard,
            widgets.HBox([self.save_link, self.resume_upload], layout=widgets.Layout(
                flex_flow="row wrap", align_items="center")),
            self.file_message,
        ]

    def _build_widgets(self) -> None:
        self.table_style = widgets.HTML(f"<style>{TABLE_CSS}</style>")
        self.header = html_widget("bw-header")
        self.status_bar = html_widget("bw-status-bar-box")
        self.status_label = html_widget("bw-status")
        self.seat_html = {s: html_widget(f"bw-seat-box seat-{SEATS[s]}") for s in range(4)}
        self.center = html_widget("bw-center")
        self.cards = CardButtons(self._card_clicked, "bw-my-hand")
        self.bidding_html = html_widget("bw-bidding")
        self.call_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.call_box.add_class("bw-calls-box")
        self.bid_input = widgets.Dropdown(options=[], layout=widgets.Layout(width="14em"))
        self.bid_input.add_class("bw-bid-input")
        self.bid_button = self._action_button(
            "bw-bid", lambda: self.call(self.bid_input.value), button_style="primary"
        )
        self.reason_label = html_widget("bw-reason-label")
        self.undo_button = self._action_button("bw-undo", self.undo, icon="undo")
        self.hint_button = self._action_button("bw-hint", self.show_hint, icon="lightbulb-o")
        self.new_hand_button = self._action_button(
            "bw-new-hand", self.new_hand, button_style="success"
        )
        self.last_trick_toggle = widgets.ToggleButton(value=False, icon="eye")
        self.last_trick_toggle.add_class("bw-last-trick-toggle")
        self.last_trick_toggle.observe(lambda _c: self.refresh(), names="value")
        self.hint_html = html_widget("bw-hint-box")
        self.review_button = self._action_button("bw-review-button", self.review_hand,
                                                 icon="search",
                                                 layout=widgets.Layout(width="auto"))
        self.review_html = html_widget("bw-review-box")
        self.review_html.layout = widgets.Layout(max_width="100%")  # a wide table scrolls inside
        self.review_box = widgets.VBox([], layout=widgets.Layout(max_width="100%"))
        self.review_box.add_class("bw-review-panel")
        self.review_stepper: HandStepper | None = None
        self._review: Review | None = None
        self.info_html = html_widget("bw-info")
        self.log_html = html_widget("bw-log-box")
        self.scoreboard = html_widget("bw-scoreboard")
        self.save_link = html_widget("bw-save")
        self.resume_upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
        self.resume_upload.add_class("bw-resume")
        self.resume_upload.observe(self._uploaded, names="value")
        self.file_message = html_widget("bw-file-message")
        self._call_made: dict[str, widgets.Button] = {}

    @staticmethod
    def _action_button(css: str, action: Callable[[], Any], **kwargs: Any) -> widgets.Button:
        b = widgets.Button(**kwargs)
        b.add_class(css)
        b.on_click(lambda _b: action())
        return b

    def _table_box(self) -> widgets.VBox:
        """The seats around the felt, the learner's at the bottom with its cards."""
        top, left, right = self._around()

        def box(s: int | None) -> widgets.HTML:
            return self.seat_html[s] if s is not None else html_widget("bw-empty")

        table = widgets.VBox(
            [
                box(top),
                widgets.HBox([box(left), self.center, box(right)]),
                self.seat_html[self.seat],
                self.cards.box,
            ]
        )
        table.add_class("bw-play-area")
        self.center.layout = widgets.Layout(min_width="16em", flex="1 1 auto")
        for s in (left, right):
            if s is not None:
                self.seat_html[s].layout = widgets.Layout(width="11em")
        return table

    # --- the game ---------------------------------------------------------------------------------
    @property
    def hand(self) -> Any:
        """The hand being played (an engine hand object)."""
        return self.session.hand

    @property
    def match(self) -> Any:
        """The game or match being played (the engine's object)."""
        return self.session.match

    @property
    def players(self) -> dict[int, Any]:
        """The computer seats' players for the position on show."""
        return self.session.players

    @property
    def level(self) -> int:
        """The highest computer level now (in a run or journey, the ladder's)."""
        return int(self.session.status()["level"])

    @property
    def mode(self) -> str:
        return self.session.mode

    @property
    def game_number(self) -> int:
        """The number of the hand, game, match, run or journey in this table's session."""
        return self.session.number

    @property
    def is_learner_turn(self) -> bool:
        return self.session.is_learner_turn

    def _around(self) -> tuple[int | None, int | None, int | None]:
        """The seats shown on top, left and right of the learner (at the bottom)."""
        g, me = self._game, self.seat
        if g.players == 2:
            return g.next_seat(me), None, None
        return g.next_seat(me, 2), g.next_seat(me, 1), g.next_seat(me, 3)

    # --- the computer seats -----------------------------------------------------------------------
    def _note(self, actions: list[Action]) -> None:
        """Remember the computer's actions for the status line (a void deal: a message)."""
        for act in actions:
            if act[0] == "redeal":
                self._log = []
                void = self.session.voided
                self._status = lambda lang, v=void: v.redeal_words(lang)
            else:
                self._log.append(act)

    def _computer(self) -> None:
        """Let the computer seats act: at once (pace 0) or one action every ``pace`` seconds
        (on the kernel's event loop when there is one, so the page updates in between)."""
        if self.pace <= 0:
            self._note(self.session.advance())
            self.refresh()
            return
        self._busy = True
        self.refresh()
        loop = _running_loop()
        if loop is not None:
            loop.call_later(self.pace, self._pump)
            return
        while True:
            time.sleep(self.pace)
            if not self._pump_once():
                return

    def _pump_once(self) -> bool:
        """One computer action, drawn; ``False`` (and the table free again) when none is due."""
        act = self.session.step()
        if act is None:
            self._busy = False
            self.refresh()
            return False
        self._note([act])
        self.refresh()
        return True

    def _pump(self) -> None:
        """One paced computer action on the event loop, then the next one scheduled; a failure
        frees the table (and is reported by the loop)."""
        more = False
        try:
            more = self._pump_once()
        finally:
            if not more and self._busy:
                self._busy = False
                self.refresh()
        loop = _running_loop()
        if more and loop is not None:
            loop.call_later(self.pace, self._pump)

    def _busy_refusal(self) -> bool:
        """Refuse a learner's action while the computer plays (paced)."""
        if self._busy:
            self._refuse_message(None, lambda lang: _w("busy", lang))
        return self._busy

    # --- the learner's decisions ------------------------------------------------------------------
    def play(self, card: Card | str) -> bool:
        """Play ``card`` for the learner; a refused card shows why and changes nothing."""
        if self._busy_refusal():
            return False
        h = self.hand
        try:
            c = Card.parse(card)
        except CardParseError as e:
            err = e  # (``e`` is unbound once the except block ends)
            self._refuse_message(None, lambda lang: err.text(lang))
            return False
        if h.phase != "play":
            self._refuse_message(
                None, lambda lang: text("no_card_now", lang, phase=phase_text(h, lang))
            )
            return False
        if h.current_player != self.seat:
            self._not_your_turn()
            return False
        why = h.why_not(c, self.seat)
        if why is not None:
            self._refused = (c, why)
            self._status = None
            self.refresh()
            return False
        self._forget_notes()
        self.session.play(c)
        self._status = lambda lang: text("you_played", lang, card=c.pretty)
        self._computer()
        return True

    def _not_your_turn(self) -> None:
        cur = self.hand.current_player
        self._refuse_message(
            None,
            (lambda lang: text("not_your_turn", lang, seat=seat_word(cur, lang)))
            if cur is not None
            else (lambda lang: _w("round_done" if self._in_rounds else "hand_done", lang)),
        )

    def call(self, call: str | int | None) -> bool:
        """Make the learner's call (``take``, ``pass``, ``H``, ``90S``, ``coinche``, ``3`` …);
        a refused call (``None`` among them: no bid chosen) shows why and changes nothing."""
        if self._busy_refusal():
            return False
        h = self.hand
        if h.phase != "bidding" or h.current_player != self.seat:
            self._not_your_turn()
            return False
        if call is None or call == "":
            self._refuse_message(None, lambda lang: _w("choose_bid", lang))
            return False
        value: Any = call
        if self._bidding == "calls" and str(call).strip().isdigit():
            value = int(call)
        if not h.can_call(value, self.seat):
            legal = [str(c) for c in h.legal_calls()]
            turned = h.turned
            self._refuse_message(None, lambda lang: _w(
                "call_refused", lang, call=call_label(str(call), lang, turned),
                legal=", ".join(call_label(c, lang, turned) for c in legal),
            ))
            return False
        self._forget_notes()
        self.session.call(value)
        self._status = self._called_message(str(value), h.turned)
        self._computer()
        return True

    def _called_message(self, call: str, turned: Card | None) -> Message:
        if self._bidding == "calls":
            n = int(call)
            return lambda lang: _w("you_called_tricks", lang, tricks=_tricks(n, lang))
        return lambda lang: text("you_called", lang, call=call_label(call, lang, turned))

    def _forget_notes(self) -> None:
        """Forget the refused card, the hint and the computer actions on show."""
        self._refused = None
        self._clear_hint()
        self._clear_review()
        self._log = []

    def _clear_review(self) -> None:
        self._review = None
        self.review_stepper = None
        self.review_box.children = ()

    def _clear_hint(self) -> None:
        self._hint: Hint | None = None
        self._advice: Advice | None = None
        self._hint_pick: Message | None = None
        self._hint_error: str | None = None
        self._hint_failure: Exception | None = None

    def _refuse_message(self, plain: str | None, message: Message | None = None) -> None:
        self._refused = None
        self._status = message if message is not None else (lambda _lang: plain or "")
        self.refresh()

    def _card_clicked(self, card: Card) -> None:
        self.play(card)

    def undo(self) -> bool:
        """Go back to just before the learner's previous decision.

        Once the hand is counted in the game (the Next button ended the game), the engine
        refuses to take it back: the table says so, nothing changes and Undo is disabled."""
        if self._busy_refusal():
            return False
        why = self.session.undo_refused()
        if why == NOTHING_TO_UNDO:
            self._status = lambda lang: text("nothing_to_undo", lang)
            self.refresh()
            return False
        if why is not None:
            self._undo_blocked = True
            self._refuse_message(None, lambda lang: _w("counted", lang))
            return False
        self.session.undo()
        self._forget_notes()
        self._status = lambda lang: text("undone", lang)
        self.refresh()
        return True

    # --- the next hand, match, game or run --------------------------------------------------------
    @property
    def _in_rounds(self) -> bool:
        """A game of a set number of rounds (Callbreak's quick game, journey): its hands are
        called rounds everywhere, as the status bar's "Round 1 of 5" calls them."""
        return self.session.status()["rounds"] is not None

    def _next_key(self) -> str:
        """What the Next button does now, as a key of the ``play.`` texts."""
        s = self.session
        ladder = s.ladder is not None
        next_hand = "next_round" if self._in_rounds else "next_hand"
        if s.can_next:
            if not s.match.is_over:
                return next_hand
            return "next_match" if s.mode == "run" else "next_game"
        if s.is_over:
            return {"hand": "new_hand", "game": "new_game", "match": "new_match",
                    "run": "new_run", "journey": "new_journey"}[s.mode]
        return "next_match" if ladder and s.match.is_over else next_hand

    def new_hand(self) -> bool:
        """Count the finished hand and deal the next; after a game, match, run or journey, start
        another (the button's label says which)."""
        if self._busy_refusal():
            return False
        s = self.session
        if not s.can_next and not s.is_over:
            self._status = lambda lang: text("hand_not_over", lang)
            self.refresh()
            return False
        self._forget_notes()
        self._undo_blocked = False
        self._status = None
        if not s.can_next:
            s.again()
        elif s.match.is_over:
            s.next()  # a run's match or a journey's game is counted
            self._status = self._ladder_message()
        else:
            s.next()
            if s.match.is_over:
                self._match_over()
                self.refresh()
                return True
        self._computer()
        return True

    def _match_over(self) -> None:
        """The hand just counted ended the game or match."""
        st = self.session.status()
        self.finished_games.append(
            {"game": self.session.number, "totals": st["totals"], "winner": st["winner"]}
        )
        # one word for one thing: a run's step is a match, a journey's a game (as the buttons
        # "Next match" and "Next game" say); a plain game is played again
        key = ("game_over" if self.session.ladder is None
               else "match_over" if self.session.mode == "run" else "step_over")
        self._status = lambda lang: _w(
            key, lang, winner=self._winner_words(lang), button=_w(self._next_key(), lang)
        )

    def _ladder_message(self) -> Message:
        st = self.session.status()
        run = self.session.mode == "run"
        if st["over"]:
            if run:
                return lambda lang: _w("run_over", lang, won=st["won"],
                                       score=f"{st['run_score']:,}")
            return lambda lang: _w("journey_over", lang, won=st["won"], points=st["run_score"])
        key = "level_up" if run else "journey_up"
        return lambda lang: _w(key, lang, level=st["level"])

    def show_hint(self) -> bool:
        """Each legal card's value (play) and the level-2 player's choice (play or bidding)."""
        h = self.hand
        self._clear_hint()
        if not self.is_learner_turn or self._busy:
            self._hint_error = ""
            self.refresh()
            return False
        if h.phase == "bidding":
            pick = self.advisor.choose_call(h.observation(self.seat))
            turned = h.turned
            self._hint_pick = lambda lang: text(
                "hint_level2_call", lang, call=call_label(str(pick), lang, turned)
            )
            try:
                self._advice = advise(h, time_budget=self.advice_budget, seed=0)
            except (RuntimeError, ValueError) as e:
                self._hint_error, self._hint_failure = str(e), e
        else:
            card = self.advisor.choose_card(h.observation(self.seat))
            self._hint_pick = lambda lang: text("hint_level2_card", lang, card=card.pretty)
            try:
                self._hint = hint(
                    h, samples=self.hint_samples, time_budget=self.hint_budget, seed=0
                )
            except (RuntimeError, ValueError) as e:
                self._hint_error, self._hint_failure = str(e), e
        self.refresh()
        return True

    # --- review ---------------------------------------------------------------------------------
    def review_hand(self) -> bool:
        """Review the finished hand for the learner's seat (:func:`belote_lab.review.review`):
        the costliest cards in words, each card's exact cost and what the hint said from what
        the learner could see, and a stepper through the hand with each card's line."""
        if self._busy_refusal():
            return False
        h = self.hand
        if h.phase != "done":
            self._status = lambda lang: _w("review_not_yet", lang)
            self.refresh()
            return False
        # the review weighs each card and call on the hint's and the advice's own settings, so
        # its verdicts read the same deals the table showed
        self._review = review(h, self.seat, hint_samples=self.hint_samples,
                              hint_budget=self.hint_budget, call_budget=self.advice_budget)
        stepper = HandStepper(h.to_json(), view=SEATS[self.seat], language=self.language)
        stepper.show_review_table = False  # the table is shown once, above it
        stepper.attach_review(self._review)
        stepper.language_picker.layout.display = "none"  # the table's picker rules
        self.review_stepper = stepper
        self.review_box.children = (self.review_html, stepper)
        self.refresh()
        return True

    def _render_review(self, h: Any, lang: str) -> None:
        self.review_button.description = review_words("table_button", lang)
        self.review_button.disabled = self._busy or h.phase != "done"
        r = self._review
        trump = h.contract.trump if h.contract is not None else None
        self.review_html.value = "" if r is None else review_html(r, lang, trump)
        if self.review_stepper is not None and self.review_stepper.language != lang:
            self.review_stepper.set_language(lang)

    # --- save and resume --------------------------------------------------------------------------
    def save_json(self) -> str:
        """The session as JSON text (what the Save link downloads)."""
        return json.dumps(self.session.to_json(), ensure_ascii=False)

    def resume(self, data: str | bytes | dict[str, Any]) -> bool:
        """Resume the session saved in ``data`` (JSON text, UTF-8 bytes or an object); a file
        that cannot be read is refused with the reason and the table stays as it was."""
        if self._busy:
            self._busy_refusal()
            return False
        try:
            s = Session.from_json(data)
        except RecordError as e:
            def refused(lang: str, e: RecordError = e) -> str:
                error = e.text(lang)
                if lang == "en":  # the template's own period ends the sentence: never "…9♠.."
                    error = error.rstrip(".")
                return f'<span class="bw-reason">{esc(_w("bad_file", lang, error=error))}</span>'

            self._file_said = refused
            self.file_message.value = refused(self.language)
            return False
        self._use_session(s)
        self._file_said = lambda lang: esc(_w(
            "resumed", lang, game=game_name(s.game.name, lang),
            mode=mode_label(s.game, s.mode, lang),
        ))
        self.refresh()
        return True

    def _uploaded(self, change: dict[str, Any]) -> None:
        """The Resume button's file: read it (ipywidgets 8 gives a tuple of files, 7 a dict)."""
        value = change["new"]
        if not value:
            return
        files = list(value.values()) if isinstance(value, dict) else list(value)
        content = files[0].get("content", b"")
        self.resume(bytes(content))
        with contextlib.suppress(Exception):  # an older ipywidgets keeps its value: harmless
            self.resume_upload.value = ()

    # --- scores -----------------------------------------------------------------------------------
    def _totals(self) -> dict[str, Any]:
        """Each side's total over the hands of this game (the current one too once over)."""
        return self.session.totals()

    def _winner_words(self, lang: str) -> str:
        w = self.session.status()["winner"]
        return text("draw_game", lang) if w is None else text("wins", lang, side=side_name(w, lang))

    # --- drawing ----------------------------------------------------------------------------------
    def _render(self) -> None:
        lang = self.language
        h = self.hand
        self._render_buttons(lang)
        self._set_class("bw-four-colour", self.four_colour)
        for other in LANGUAGES:  # the Resume button's label is drawn by the CSS of its language
            self._set_class(f"bw-lang-{other}", other == lang)
        self.header.value = self._header_html(h, lang)
        self.status_bar.value = self._bar_html(h, lang)
        self.status_label.value = self._status_html(lang)
        for s in h.seat_order:
            self.seat_html[s].value = self._seat_html(h, s, lang)
        self.center.value = self._center_html(h, lang)
        self._render_cards(h, lang)
        self._render_calls(h, lang)
        self.reason_label.value = self._reason_html(lang)
        self.hint_html.value = self._hint_html(lang)
        self._render_review(h, lang)
        self.info_html.value = self._info_html(h, lang)
        self.log_html.value = self._log_html(h, lang)
        self.scoreboard.value = self._scoreboard_html(lang)
        self.save_link.value = self._save_html(lang)
        if self._file_said is not None:  # the last Resume's message, in the language shown
            self.file_message.value = self._file_said(lang)
        for watcher in self.session_watchers:
            watcher(self.session)

    def _set_class(self, name: str, on: bool) -> None:
        if on and name not in self._dom_classes:
            self.add_class(name)
        elif not on and name in self._dom_classes:
            self.remove_class(name)

    def _render_buttons(self, lang: str) -> None:
        s = self.session
        self.undo_button.description = text("undo", lang)
        self.hint_button.description = text("hint", lang)
        self.new_hand_button.description = _w(self._next_key(), lang)
        self.bid_button.description = text("bid", lang)
        self.last_trick_toggle.description = _w("last_trick_toggle", lang)
        self.resume_upload.description = _w("resume", lang)
        self.resume_upload.tooltip = _w("resume_title", lang)
        has_decision = s.undo_refused() != NOTHING_TO_UNDO
        self.undo_button.disabled = self._busy or not has_decision or self._undo_blocked
        self.new_hand_button.disabled = self._busy or not (s.can_next or s.is_over)
        self.hint_button.disabled = self._busy or not self.is_learner_turn

    def _level_words(self, lang: str) -> str:
        levels = self.session.status()["levels"]
        if len(set(levels.values())) == 1:
            return text("level", lang, n=next(iter(levels.values())))
        shown = ", ".join(f"{seat_name(k, lang)} {v}" for k, v in levels.items())
        return _w("levels", lang, levels=shown)

    def _header_html(self, h: Any, lang: str) -> str:
        s = self.session
        st = s.status()
        head = [f"<b>{esc(game_name(self.game, lang))}</b>"]
        if s.mode == "hand":
            head.append(esc(text("hand_number", lang, n=s.number)))
        elif s.ladder is None:
            head += [esc(mode_label(self._game, s.mode, lang)), esc(
                _w("match_no", lang, n=s.number) if s.mode == "match"
                else text("game_no", lang, n=s.number)
            )]
        else:
            head.append(esc(_w("run_no" if s.mode == "run" else "journey_no", lang, n=s.number)))
            head.append(esc(_w("match_no", lang, n=st["match_no"]) if s.mode == "run"
                            else text("game_no", lang, n=st["match_no"])))
        if s.mode != "hand" and st["rounds"] is None:  # the bar counts a game's rounds
            head.append(esc(text("hand_number", lang, n=st["hand"])))
        head += [
            esc(_w("deal_no", lang, n=s.seed)),
            esc(text("learner", lang, seat=seat_word(self.seat, lang))),
            esc(self._level_words(lang)),
            f"{esc(text('dealer', lang))}: {esc(seat_name(h.dealer, lang))}",
            f"{esc(text('phase', lang))}: {esc(phase_text(h, lang))}",
        ]
        contract = contract_text(h, lang)
        if contract:
            head.append(f'<span class="bw-contract-text">{esc(contract)}</span>')
        return " · ".join(head)

    def _badge_html(self, h: Any, lang: str) -> str:
        """The trump as a large badge (its suit symbol, or the contract in words)."""
        c = h.contract or self._game.known_contract  # Callbreak: spades during the calls too
        label = _w("trump_badge", lang)
        if c is None:
            words = _w("no_trump_yet", lang)
            return (f'<span class="bw-trump-badge" title="{esc(words)}" '
                    f'aria-label="{esc(words)}">?</span>')
        trump: Suit | None = c.trump
        if trump is None or c.kind in (ContractKind.NO_TRUMP, ContractKind.ALL_TRUMP):
            words = contract_name(c, lang)
            return (f'<span class="bw-trump-badge bw-badge-words" title="{esc(words)}">'
                    f"{esc(words)}</span>")
        words = f"{label}: {suit_name(trump, lang)}"
        return (f'<span class="bw-trump-badge bw-suit-{trump.name}" role="img" '
                f'title="{esc(words)}" aria-label="{esc(words)}">{trump.symbol}</span>')

    def _turn_words(self, h: Any, lang: str) -> str:
        if self._busy:
            return _w("busy", lang)
        if h.is_over:
            return _w("round_done" if self._in_rounds else "hand_done", lang)
        if self.is_learner_turn:
            return _w("your_turn_play" if h.phase == "play" else "your_turn_call", lang,
                      seat=seat_word(self.seat, lang))
        who = seat_word(h.current_player, lang)
        return text("to_play", lang, seat=who) if h.phase == "play" else _w(
            "to_call", lang, seat=who
        )

    def _bar_html(self, h: Any, lang: str) -> str:
        """The fixed bar: trump badge, contract, whose turn, the score, round, run."""
        st = self.session.status()
        score = " · ".join(
            f"{esc(self._side_label(side, lang))} {v}" for side, v in st["totals"].items()
        )
        contract = contract_text(h, lang) or "—"
        items = [
            self._badge_html(h, lang),
            f'<span class="bw-bar-item"><b>{esc(text("contract", lang))}</b>: '
            f"{esc(contract)}</span>",
            f'<span class="bw-bar-item bw-bar-turn">{esc(self._turn_words(h, lang))}</span>',
            f'<span class="bw-bar-item bw-bar-score"><b>{esc(_w("score", lang))}</b>: '
            f"{score}</span>",
        ]
        if st["rounds"] is not None:
            rounds = _w("round_of", lang, n=st["round"], total=st["rounds"])
            items.append(f'<span class="bw-bar-item">{esc(rounds)}</span>')
        if st["won"] is not None:
            key = "run_bar" if self.session.mode == "run" else "journey_bar"
            score_text = f"{st['run_score']:,}" if self.session.mode == "run" else st["run_score"]
            run = _w(key, lang, level=st["level"], score=score_text, won=st["won"],
                     points=st["run_score"])
            items.append(f'<span class="bw-bar-item bw-bar-run">{esc(run)}</span>')
        return f'<div class="bw-status-bar" role="status">{"".join(items)}</div>'

    def _side_label(self, side: str, lang: str) -> str:
        """A side's name, the learner's marked: ``남북 팀(우리 팀)``, in Callbreak (no teams)
        ``남(직접 플레이)``."""
        g = self._game
        name = side_name(side, lang)
        if side != g.sides[g.side_of(self.seat)]:
            return name
        return text("you_side" if g.partnership else "you_seat", lang, name=name)

    def _seat_html(self, h: Any, s: int, lang: str) -> str:
        """One seat's panel: its name, turn, tricks, call and (another seat's) card backs."""
        mark = ' <span class="bw-turn">▶</span>' if h.current_player == s else ""
        name = seat_name(s, lang)
        if s == self.seat:
            name = text("you_seat", lang, name=name)
        extra = f" · {esc(text('tricks_won', lang, n=h.won_tricks[s]))}"
        if self._bidding == "calls":
            call = h.call_of(s)
            if call is not None:
                extra += f" · {esc(_w('seat_called', lang, tricks=_tricks(call, lang)))}"
        if h.dealer == s:
            extra += f" · {esc(text('dealer', lang))}"
        cards = "" if s == self.seat else seat_hand_html(h, s, lang, face_up=False)
        return (
            f'<div class="bw-seat-panel"><span class="bw-seat">{esc(name)}</span>{mark}'
            f'<span class="bw-muted">{extra}</span><br>{cards}</div>'
        )

    def _fresh_last_trick(self, h: Any) -> bool:
        """Was the last trick completed since the learner's last card (so not seen yet)?"""
        if not h.tricks:
            return False
        me, plays, mine = SEATS[self.seat], 0, 0
        for kind, seat, _value in h.actions:
            if kind == "play":
                plays += 1
                if seat == me:
                    mine = plays
        return len(h.tricks) * len(h.seat_order) >= mine

    def _center_html(self, h: Any, lang: str) -> str:
        """The felt: the current trick (each card at its player's place), the last trick (just
        completed, or peeked at) and the turned card."""
        current = trick_html(h, lang)
        center = f'<div class="bw-muted">{esc(text("current_trick", lang))}</div>'
        center += f'<div class="bw-current">{current}</div>' if current else ""
        if self.last_trick_toggle.value or not current or self._fresh_last_trick(h):
            center += last_trick_html(h, lang)
        center += turned_html(h, lang)
        return f'<div class="bw-felt">{center}</div>'

    def _render_cards(self, h: Any, lang: str) -> None:
        cards = hand_cards(h, self.seat)
        states: dict[Card, str] = {}
        notes: dict[Card, str] = {}
        if h.phase == "play" and h.current_player == self.seat and not self._busy:
            for c in cards:
                why = h.why_not(c, self.seat, lang)
                if why is None:
                    states[c] = "bw-legal" if self.show_legal else ""
                    notes[c] = text("playable_mark", lang)
                else:
                    states[c] = "bw-illegal"
                    notes[c] = why.text(lang) if isinstance(why, Reason) else str(why)
        trump = h.contract.trump if h.contract is not None else None
        drawn = drawn_card(h, self.seat)  # two-player Belote: marked until the next trick
        if drawn is not None:
            mark = _w("drawn_mark", lang, n=len(h.tricks))
            notes[drawn] = f"{notes[drawn]} · {mark}" if drawn in notes else mark
        self.cards.show(cards, trump, lang, states, notes, drawn=drawn)
        colours = _FOUR_COLOURS if self.four_colour else _TWO_COLOURS
        for c, b in self.cards.buttons.items():
            colour = colours[c.suit.name]
            if b.style.text_color != colour:
                b.style.text_color = colour

    def _call_button(self, call: str) -> widgets.Button:
        b = self._call_made.get(call)
        if b is None:
            b = widgets.Button()
            b.add_class("bw-call")
            b.add_class(f"call-{call}")
            b.on_click(lambda _b, c=call: self.call(c))
            self._call_made[call] = b
        return b

    @property
    def call_buttons(self) -> dict[str, widgets.Button]:
        """The call buttons on show, by call (Coinche bids are in :attr:`bid_input`)."""
        return {c: b for c, b in self._call_made.items() if b in self.call_box.children}

    def _calls_line(self, h: Any, lang: str) -> str:
        """The calls so far in words (Callbreak: ``East called 4 tricks`` …)."""
        if self._bidding != "calls":
            return calls_text(h, lang)
        return ", ".join(  # in the order the calls were made
            called_words(seat_in(s, self._game.seats), n, lang) for s, n in h.calls.items()
        )

    def _render_calls(self, h: Any, lang: str) -> None:
        turned = h.turned
        calls = self._calls_line(h, lang)
        parts = []
        if h.phase == "bidding" or calls:
            parts.append(f"<b>{esc(text('calls', lang))}</b>: {esc(calls or '—')}")
        self.bidding_html.value = "<br>".join(parts)
        if self._busy or not (self.is_learner_turn and h.phase == "bidding"):
            self.call_box.children = []
            return
        legal = [str(c) for c in h.legal_calls()]
        children: list[widgets.Widget] = []
        plain = legal
        if self._bidding == "auction":
            bids = [c for c in legal if c[:1].isdigit() or c.startswith(("capot", "generale"))]
            self._fill_bids(bids, lang)
            if bids:
                children += [self.bid_input, self.bid_button]
            plain = [c for c in legal if c not in bids]
        for c in plain:
            b = self._call_button(c)
            b.description = call_label(c, lang, turned)
            children.append(b)
        self.call_box.children = children

    def _fill_bids(self, bids: list[str], lang: str) -> None:
        """The bid dropdown: the legal bids, lowest first, one always chosen (the learner's
        choice while it is still legal, else :meth:`_default_bid`)."""
        options = [(call_label(c, lang), c) for c in bids]
        keep = self.bid_input.value
        if list(self.bid_input.options) != options:
            self.bid_input.options = options
        if bids:
            self.bid_input.value = keep if keep in bids else self._default_bid(bids)

    def _default_bid(self, bids: list[str]) -> str:
        """The bid shown first: the one level 2's rules of thumb would make here; when they
        would not bid, the lowest bid outside the opponents' suit (never silently an overcall
        in their trump, which the lowest legal bid often is)."""
        h = self.hand
        try:
            mine = str(h.verify_call(self.advisor.choose_call(h.observation(self.seat))))
        except (IllegalAction, ValueError):
            mine = ""
        if mine in bids:
            return mine
        a = h.auction
        theirs = None
        if a is not None and a.bid is not None and a.bidder >= 0 and (
            self._game.side_of(a.bidder) != self._game.side_of(self.seat)
        ):
            theirs = a.bid.trump
        return next((b for b in bids if Bid.parse(b).trump != theirs), bids[0])

    def _status_html(self, lang: str) -> str:
        h = self.hand
        lines = []
        if self._status is not None:
            lines.append(esc(self._status(lang)))
        if self._log:
            turned = h.turned
            lines.append(
                '<span class="bw-muted">'
                + esc(", ".join(self._action_words(a, lang, turned) for a in self._log))
                + "</span>"
            )
        button = _w(self._next_key(), lang)
        if h.is_over and not self.session.match.is_over:
            over = "round_over" if self._in_rounds else "hand_over"
            lines.append(esc(_w(over, lang, button=button)))
        elif self.is_learner_turn and not self._busy:
            key = "your_turn" if h.phase == "play" else "your_call"
            lines.append(
                f'<b class="bw-turn">{esc(text(key, lang, seat=seat_word(self.seat, lang)))}</b>'
            )
        return "<br>".join(lines)

    def _action_words(self, action: Action, lang: str, turned: Card | None) -> str:
        """An action in words (a Callbreak call: ``East called 4 tricks``)."""
        kind, seat, value = action
        if kind == "call" and self._bidding == "calls" and value.isdigit():
            return called_words(seat_in(seat, self._game.seats), int(value), lang)
        return action_text(action, lang, turned)

    def _reason_html(self, lang: str) -> str:
        if self._refused is None:
            return ""
        c, why = self._refused
        words = why.text(lang) if isinstance(why, Reason) else str(why)
        if lang == "ko":
            line = text("not_playable", lang, card=c.pretty, reason=words)
        else:
            line = f"{c.pretty}: {words}"
        return f'<span class="bw-reason">{esc(line)}</span>'

    def _hint_html(self, lang: str) -> str:
        if self._hint_error == "":
            return f'<span class="bw-muted">{esc(text("hint_not_now", lang))}</span>'
        parts = []
        if self._hint is not None:
            parts.append(self._hint_table(self._hint, lang))
        if self._advice is not None:
            parts.append(f'<div class="bw-advice">{self._advice.html(lang)}</div>')
        if self._hint_error:
            parts.append(esc(self._hint_failed_words(lang)))
        if self._hint_pick is not None:
            parts.append(f'<span class="bw-level2">{esc(self._hint_pick(lang))}</span>')
        return "".join(parts)

    def _hint_failed_words(self, lang: str) -> str:
        """Why no hint was given: the engine's words in ``lang`` where it has them; in Korean
        a plain sentence otherwise (the English details are not shown)."""
        if lang == "en":
            return text("hint_failed", lang, error=self._hint_error)
        e = self._hint_failure
        words = korean_of(e) if e is not None else None
        return text("hint_failed", lang, error=words) if words else text("hint_failed_plain", lang)

    def _hint_table(self, hn: Hint, lang: str) -> str:
        unit = text("hint_unit_tricks" if hn.unit == "tricks" else "hint_unit_points", lang)
        sampled = "hint_weighted" if hn.weighted else "hint_sampled"
        kind = text("hint_exact", lang) if hn.exact else text(sampled, lang, n=hn.samples)
        if hn.played_on == hn.samples and hn.horizon:
            kind += "; " + text("hint_rollout", lang, k=hn.horizon)
        elif hn.played_on:
            kind += "; " + text("hint_played_on", lang, m=hn.played_on, k=hn.horizon)
        if hn.tolerance:
            kind += "; " + text("hint_tolerance", lang, t=f"{hn.tolerance:g}", unit=unit)
        heads = ["hint_card", "hint_mean"] + (["hint_range"] if hn.shows_range else [])
        rows = ["<tr>" + "".join(f"<th>{esc(text(k, lang))}</th>" for k in heads) + "</tr>"]
        best = hn.best
        trump = self.hand.contract.trump if self.hand.contract is not None else None
        for v in hn.ranked():
            style = ' class="bw-best"' if v.card == best else ""
            spread = f"<td>{v.low:g}–{v.high:g}</td>" if hn.shows_range else ""
            rows.append(
                f"<tr{style}><td>{card_html(v.card, trump, lang)}</td>"
                f'<td class="hint-{v.card.text}">{v.mean:.1f}</td>{spread}</tr>'
            )
        note = "" if hn.shows_range else (
            f'<span class="bw-muted">{esc(text("hint_no_range", lang, n=hn.RANGE_SAMPLES))}'
            "</span>")
        values = "hint_values" if self._game.partnership else "hint_values_alone"
        return (
            f"{esc(text(values, lang, unit=unit, kind=kind))}"
            f'<table class="bw-table">{"".join(rows)}</table>{note}'
        )

    def _info_html(self, h: Any, lang: str) -> str:
        parts = []
        g = self._game
        label = text("tricks_so_far" if g.counts == "tricks" else "points_so_far", lang)
        parts.append(
            f"<b>{esc(label)}</b>: "
            + sides_html(running_points(h), lang)
        )
        if g.has_stock and h.contract is not None:
            stock = len(h.stock_left)
            phase = text("stock_phase" if stock else "strict_phase", lang)
            parts.append(
                f'<span class="bw-stock-info">{esc(text("stock", lang, n=stock))} — '
                f"{esc(phase)}</span>"
            )
        if self._bidding == "calls" and h.contract is not None:
            rows = "<br>".join(
                esc(called_words(s, h.call_of(s), lang, took=h.won_tricks[s])) for s in g.seats
            )
            parts.append(f'<span class="bw-callbreak-info">{rows}</span>')
        events = events_html(h, lang, self.seat, draws=False)  # draws: in the play log
        parts.append(f"<b>{esc(text('announcements', lang))}</b>: {events}")
        if h.phase == "done":
            why = esc(result_text(h, lang)).replace("\n", "<br>")
            parts.append(f'<div class="bw-final"><span class="bw-why">{why}</span></div>')
        return "<br>".join(parts)

    def _log_html(self, h: Any, lang: str) -> str:
        """The hand trick by trick: the calls, then each trick's cards by seat and its winner."""
        trump = h.contract.trump if h.contract is not None else None
        items = []
        calls = self._calls_line(h, lang)
        if calls:
            items.append(f"<li><b>{esc(_w('log_calls', lang))}</b>: {esc(calls)}</li>")
        tricks = [(t.leader, list(t.cards), t) for t in h.tricks]
        if h.trick:
            tricks.append((h.leader, list(h.trick), None))
        for n, (leader, cards, done) in enumerate(tricks, start=1):
            order = h.seat_order
            first = order.index(leader)
            played = ", ".join(
                f"{esc(seat_name(order[(first + k) % len(order)], lang))} "
                f"{card_html(c, trump, lang)}"
                for k, c in enumerate(cards)
            )
            end = ""
            if done is not None:
                who = seat_word(done.winner, lang)
                key = "log_won_points" if self._game.counts == "points" else "log_won"
                end = " — " + esc(_w(key, lang, seat=who, points=done.points))
            items.append(f"<li><b>{esc(_w('log_trick', lang, n=n))}</b>: {played}{end}</li>")
            draws = draws_text(h, n, lang, self.seat) if done is not None else ""
            if draws:  # two-player Belote: the learner's card by name, the other as "a card"
                items.append(f'<li class="bw-log-draw">{esc(draws)}</li>')
        # the newest trick in view: a reversed flex box starts scrolled to its end
        body = f'<div class="bw-log-scroll"><ol>{"".join(items)}</ol></div>' if items else ""
        return (f'<details class="bw-log" open><summary>{esc(_w("log", lang))}</summary>'
                f"{body}</details>")

    def _scoreboard_html(self, lang: str) -> str:
        names = self._game.sides
        head = "".join(f"<th>{esc(self._side_label(s, lang))}</th>" for s in names)
        column = "round_head" if self.session.status()["rounds"] is not None else "hand_no"
        rows = [f"<tr><th>{esc(text(column, lang))}</th>{head}</tr>"]
        for i, x in enumerate(self.session.done_hands(), start=1):
            cells = "".join(f"<td>{x.result.score[s]}</td>" for s in names)
            rows.append(f'<tr class="bw-score-row"><td>{i}</td>{cells}</tr>')
        totals = self._totals()
        cells = "".join(f'<th class="bw-total-{s}">{totals.get(s, 0)}</th>' for s in names)
        rows.append(f"<tr><th>{esc(text('total', lang))}</th>{cells}</tr>")
        done = ""
        if self.finished_games:
            done = esc(text("games_won", lang, n=len(self.finished_games)))
        return (
            f"<b>{esc(text('scoreboard', lang))}</b>"
            f'<div class="bw-scroll-x"><table class="bw-table">{"".join(rows)}</table></div>'
            f"{done}"
        )

    def _save_html(self, lang: str) -> str:
        """The Save link: the session's JSON in a ``data:`` address (downloaded, never sent)."""
        data = base64.b64encode(self.save_json().encode("utf-8")).decode("ascii")
        s = self.session
        name = f"belote-lab-{s.game.name}-{s.mode}-{s.number}.json"
        title = esc(_w("save_title", lang))
        return (
            f'<a class="bw-save-link jupyter-button" download="{name}" title="{title}" '
            f'href="data:application/json;charset=utf-8;base64,{data}">'
            f"↓ {esc(_w('save', lang))}</a>"
        )


def _new_session(
    game: str, mode: str | None, seat: str | int, level: int,
    levels: Mapping[Any, int] | None, rules: Any, seed: int,
    rounds: int | None, dealer: str | None,
) -> Session:
    """The table's session; an unknown game, seat, mode or level raises ``ValueError``."""
    g: Game = get(game)
    if isinstance(level, bool) or level not in (1, 2, 3, 4):
        raise ValueError(f"the computer level is 1, 2, 3 or 4, not {level!r}")
    ms = modes(g)
    if mode is None:
        mode = ms[1] if len(ms) > 1 else "hand"
    try:
        me = seat_in(seat, g.seats)
    except CardParseError:
        shown = " and ".join(SEATS[s] for s in g.seats)
        raise ValueError(f"{g.title} is played by the seats {shown}") from None
    per_seat: dict[Any, int] = dict.fromkeys(g.seats, level)
    per_seat[me] = 2  # the learner's hint and stand-in
    for k, v in (levels or {}).items():
        per_seat[seat_in(k, g.seats)] = v
    return Session(g, mode=mode, seat=me, levels=per_seat, rules=rules, seed=seed,
                   rounds=rounds, dealer=dealer)


# --- one line: the settings and the table --------------------------------------------------------
_PANEL_KEYS = ("seat", "levels", "level", "rules", "rounds", "language", "pace", "four_colour",
               "seed")


class PlayApp(Snapshot, widgets.VBox):
    """The settings panel (:attr:`settings`, or ``None``) above the table (:attr:`table`); Start
    deals a new table with the settings chosen.  Its display carries a static snapshot
    (:class:`~belote_widgets.snapshot.Snapshot`)."""

    def __init__(self, table: PlayTable, settings: SettingsPanel | None,
                 extra: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self.add_class("bw-play-app")
        self.settings = settings
        self.table = table
        self._extra = dict(extra or {})  # the table's options the panel does not show
        if settings is not None:
            settings.on_start(self.start)
            settings.language_picker.observe(self._language_picked, names="value")
        self._watch(table)
        self._show()

    def _watch(self, table: PlayTable) -> None:
        """A language picked at the table switches the settings panel too; the panel shows
        the game, mode and levels the table plays (a ladder's level, a resumed game's)."""
        table.language_picker.observe(self._table_language, names="value")
        if self.settings is not None:
            table.session_watchers.append(self.settings.follow)
            self.settings.follow(table.session)

    def _table_language(self, change: dict[str, Any]) -> None:
        if self.settings is not None and change["new"] != self.settings.language:
            self.settings.set_language(change["new"])

    def _show(self) -> None:
        self.children = [w for w in (self.settings, self.table) if w is not None]

    def static_text(self) -> str:
        """The short text a page without a kernel shows (the table's, after the settings).

        >>> play("belote", settings=False, language="en").static_text()[:35]
        'PlayApp: PlayTable: Four-player Bel'
        """
        panel = "settings, " if self.settings is not None else ""
        return f"PlayApp: {panel}{self.table.static_text()}"

    def _language_picked(self, change: dict[str, Any]) -> None:
        if change["new"] != self.table.language:
            self.table.set_language(change["new"])

    def start(self, config: Mapping[str, Any]) -> PlayTable:
        """Deal a new table with ``config`` (:meth:`SettingsPanel.config`)."""
        self.table = PlayTable(**{**self._extra, **config})
        self._watch(self.table)
        self._show()
        return self.table


def play(game: str = "belote", mode: str = "hand", settings: bool = True,
         deal: int | None = None, **options: Any) -> PlayApp:
    """Play ``game`` in ``mode`` in one line: the settings panel above the table (just the table
    with ``settings=False``).  ``options`` are :class:`PlayTable`'s (``level`` or ``levels``,
    ``seat``, ``rules``, ``rounds``, ``language``, ``pace``, ``four_colour``, ``seed`` …).
    Each call deals a new random deal, its number shown in the table's header and the
    settings; ``deal=`` (or ``seed=``) a number replays that deal.

    >>> app = play("callbreak", mode="journey", rounds=3, settings=False)
    >>> app.settings is None, app.table.session.status()["rounds"]
    (True, 3)
    """
    options.setdefault("level", 2)
    if deal is not None:
        options["seed"] = deal
    # a fresh table deals a new deal each time; its number is shown, so play(deal=…) replays it
    options.setdefault("seed", secrets.randbelow(1_000_000))
    table = PlayTable(game, mode=mode, **options)
    panel = None
    if settings:
        known = {k: v for k, v in options.items() if k in _PANEL_KEYS}
        panel = SettingsPanel(game, mode=mode, **known)
    extra = {k: v for k, v in options.items() if k not in _PANEL_KEYS}
    return PlayApp(table, panel, extra)
