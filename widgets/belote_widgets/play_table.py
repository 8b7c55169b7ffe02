"""``PlayTable``: the learner plays one seat against computer players, in any mode of any game.

The table is driven by a :class:`belote_lab.play.session.Session`: a single hand, a game to the
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
import contextlib
import random
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from belote_lab.batch import warm
from belote_lab.cards import SEATS, Card, CardParseError, seat_in
from belote_lab.coaching.advice import Advice, advise
from belote_lab.coaching.declaring import DeclarationAdvice, declaration_advice
from belote_lab.coaching.hints import Hint, hint
from belote_lab.coaching.progress import Progress, progress, review_hands
from belote_lab.coaching.review import Review, review
from belote_lab.games import Game, get
from belote_lab.games.base import IllegalAction
from belote_lab.games.coinche import is_bid
from belote_lab.play.record_io import RecordError
from belote_lab.play.session import NOTHING_TO_UNDO, Action, Session, modes
from belote_lab.simulation.selfplay import make_players
from belote_lab.trick import IllegalPlay, Reason
from belote_widgets import table_messages as say
from belote_widgets.declarations_view import choice_labels
from belote_widgets.hand_stepper import HandStepper
from belote_widgets.i18n import LANGUAGES, call_label
from belote_widgets.progress_view import progress_button_label, progress_html
from belote_widgets.review_view import review_html
from belote_widgets.settings import SettingsPanel
from belote_widgets.snapshot import StaticSnapshot
from belote_widgets.table_layout import TableWidgets
from belote_widgets.table_view import (
    FOUR_COLOURS,
    TABLE_CSS,
    TABLE_TEXTS,
    TWO_COLOURS,
    Message,
    View,
    advice_note_html,
    bar_html,
    bidding_html,
    button_words,
    center_html,
    hand_marks,
    header_html,
    hint_html,
    info_html,
    log_html,
    reason_html,
    save_html,
    scoreboard_html,
    seat_html,
    session_json,
    status_html,
)

__all__ = ["PlayTable", "PlayApp", "play", "TABLE_TEXTS", "TABLE_CSS"]


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's running event loop, if any (else the pace is kept by sleeping)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class PlayTable(TableWidgets):
    """Play ``game`` from ``seat`` against computer players, in ``mode``.

    ``level``: the computer's level 1–4 at every other seat, or ``levels`` as ``{seat: level}``
    (partner included); ``mode``: one of :func:`belote_lab.play.session.modes` (by default the game
    to the target, or the match); ``rules``: rule options (a dict, or the game's rules
    object); ``rounds``: 3 or 5 (Callbreak); ``pace``: seconds between two computer actions
    (0: at once); ``four_colour``: diamonds blue and clubs green; ``session``: a
    :class:`~belote_lab.play.session.Session` to show (a test may build one with its own players).

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
        self._declare_advice: DeclarationAdvice | None = None
        self._build_widgets({
            "card": self.play, "call": self.call, "declare": self.declare, "undo": self.undo,
            "hint": self.show_hint, "next": self.new_hand, "review": self.review_hand,
            "progress": self.show_progress, "upload": self._uploaded,
        })
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
        self._past_hands: list[Any] = []  # the hands finished in the games before this one
        self._reviews: dict[tuple[str, str], Review] = {}  # the progress's reviews, kept
        self._progress: Progress | None = None
        self._table = self._table_box(g, self.seat)
        self.children = self._layout(self._table)
        self._note(session.advance())

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

    def _view(self) -> View:
        """What the drawing functions (:mod:`belote_widgets.table_view`) draw now."""
        return View(self.session, self.language, busy=self._busy, status=self._status,
                    log=tuple(self._log), peek=bool(self.last_trick_toggle.value),
                    games_won=len(self.finished_games), refused=self._refused,
                    hint=self._hint, advice=self._advice, hint_pick=self._hint_pick,
                    hint_error=self._hint_error, hint_failure=self._hint_failure,
                    show_legal=self.show_legal)

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
            self._refuse(say.said("busy"))
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
            self._refuse(say.card_error_message(e))
            return False
        if h.phase != "play":
            self._refuse(say.no_card_message(h))
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
        self._status = say.label_said("you_played", card=c.pretty)
        self._computer()
        return True

    def _not_your_turn(self) -> None:
        self._refuse(say.not_your_turn_message(self._view()))

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
            self._refuse(say.said("choose_bid"))
            return False
        try:  # the call in the game's normal form (a Callbreak call in digits: an int)
            value = h.verify_call(call, self.seat)
        except (IllegalAction, IllegalPlay, CardParseError):
            self._refuse(say.call_refused_message(h, call))
            return False
        self._forget_notes()
        self.session.call(value)
        self._status = say.called_message(self._game, value, h.turned)
        self._computer()
        return True

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
        self._progress_shown = False  # a new hand hides a progress that would be stale

    # --- declarations ---------------------------------------------------------------------------
    def declare(self, show: bool) -> bool:
        """The learner's choice under the declarations rule (seed 004): show the combinations
        after the first trick (``True``), or keep them hidden; refused once the first trick is
        complete (the state unchanged)."""
        h = self.hand
        if self._busy_refusal() or not getattr(h, "declarations_open", lambda: False)():
            return False
        try:
            h.choose_declarations(self.seat, show=show)
        except IllegalAction as e:
            self._refuse(say.refusal_message(e))
            return False
        self._status = say.said("declared" if show else "kept_hidden")
        self.refresh()
        return True

    def _render_declare(self, h: Any, lang: str) -> None:
        """The question while the learner's choice is pending, with the advice's words."""
        pending = getattr(h, "declaration_choice_pending", None)
        ask = pending is not None and pending(self.seat) and not self._busy
        self.declare_box.layout.display = None if ask else "none"
        if not ask:
            self._declare_advice = None
            return
        if self._declare_advice is None:  # 100 deals drawn by the inference: about 0.05 s
            rng = random.Random(f"{self.seed}:{self.game_number}:declare")
            self._declare_advice = declaration_advice(h, self.seat, n=100, rng=rng)
        self.declare_button.description, self.hide_button.description = choice_labels(lang)
        self.declare_advice_html.value = advice_note_html(self._declare_advice, lang)

    # --- progress ---------------------------------------------------------------------------------
    def _session_hands(self) -> list[Any]:
        """Every hand finished at this table in this session, the games before included."""
        now = [h for h in self.session.done_hands() if all(h is not p for p in self._past_hands)]
        return [*self._past_hands, *now]

    def show_progress(self, hints: bool = True) -> bool:
        """The learner's progress over the hands finished in this session
        (:func:`belote_lab.coaching.progress.progress`): each hand reviewed once for the learner's
        seat on the hint's settings (about 1 s a hand; ``hints=False``: milliseconds, but the
        verdicts are then best or costly only) and kept, then the cost per hand and the
        verdicts by kind, as a chart and in words."""
        if self._busy_refusal():
            return False
        options = ({"hint_samples": self.hint_samples, "hint_budget": self.hint_budget}
                   if hints else {"hints": False})
        reviews = review_hands(self._session_hands(), self.seat, self._reviews, **options)
        self._progress = progress(reviews, self.seat) if reviews else None
        self._progress_shown = True
        self.refresh()
        return True

    def _render_progress(self, lang: str) -> None:
        self.progress_button.description = progress_button_label(lang)
        self.progress_button.disabled = self._busy
        self.progress_html.value = (progress_html(self._progress, lang)
                                    if self._progress_shown else "")

    def _clear_hint(self) -> None:
        self._hint: Hint | None = None
        self._advice: Advice | None = None
        self._hint_pick: Message | None = None
        self._hint_error: str | None = None
        self._hint_failure: Exception | None = None

    def _refuse(self, message: Message) -> None:
        """Say why the learner's action is refused (nothing else changes)."""
        self._refused = None
        self._status = message
        self.refresh()

    def undo(self) -> bool:
        """Go back to just before the learner's previous decision.

        Once the hand is counted in the game (the Next button ended the game), the engine
        refuses to take it back: the table says so, nothing changes and Undo is disabled."""
        if self._busy_refusal():
            return False
        why = self.session.undo_refused()
        if why == NOTHING_TO_UNDO:
            self._status = say.label_said("nothing_to_undo")
            self.refresh()
            return False
        if why is not None:
            self._undo_blocked = True
            self._refuse(say.said("counted"))
            return False
        self.session.undo()
        self._forget_notes()
        self._status = say.label_said("undone")
        self.refresh()
        return True

    # --- the next hand, match, game or run --------------------------------------------------------
    def new_hand(self) -> bool:
        """Count the finished hand and deal the next; after a game, match, run or journey, start
        another (the button's label says which)."""
        if self._busy_refusal():
            return False
        s = self.session
        if not s.can_next and not s.is_over:
            self._status = say.label_said("hand_not_over")
            self.refresh()
            return False
        self._forget_notes()
        self._undo_blocked = False
        self._status = None
        self._past_hands = self._session_hands()  # kept for the progress across games
        if not s.can_next:
            s.again()
        elif s.match.is_over:
            s.next()  # a run's match or a journey's game is counted
            self._status = say.ladder_message(s)
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
        self._status = say.game_over_message(self._view())

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
            self._hint_pick = say.level2_call_message(pick, turned)
            try:
                self._advice = advise(h, time_budget=self.advice_budget, seed=0)
            except (RuntimeError, ValueError) as e:
                self._hint_error, self._hint_failure = str(e), e
        else:
            card = self.advisor.choose_card(h.observation(self.seat))
            self._hint_pick = say.label_said("hint_level2_card", card=card.pretty)
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
        """Review the finished hand for the learner's seat
        (:func:`belote_lab.coaching.review.review`): the costliest cards in words, each card's exact
        cost and what the hint said from what the learner could see, and a stepper through the hand
        with each card's line."""
        if self._busy_refusal():
            return False
        h = self.hand
        if h.phase != "done":
            self._status = say.said("review_not_yet")
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
        self.review_button.disabled = self._busy or h.phase != "done"
        r = self._review
        trump = h.contract.trump if h.contract is not None else None
        self.review_html.value = "" if r is None else review_html(r, lang, trump)
        if self.review_stepper is not None and self.review_stepper.language != lang:
            self.review_stepper.set_language(lang)

    # --- save and resume --------------------------------------------------------------------------
    def save_json(self) -> str:
        """The session as JSON text (what the Save link downloads)."""
        return session_json(self.session)

    def resume(self, data: str | bytes | dict[str, Any]) -> bool:
        """Resume the session saved in ``data`` (JSON text, UTF-8 bytes or an object); a file
        that cannot be read is refused with the reason and the table stays as it was."""
        if self._busy:
            self._busy_refusal()
            return False
        try:
            s = Session.from_json(data)
        except RecordError as e:
            self._file_said = say.bad_file_message(e)
            self.file_message.value = self._file_said(self.language)
            return False
        self._use_session(s)
        self._file_said = say.resumed_message(s)
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

    # --- drawing ----------------------------------------------------------------------------------
    def _render(self) -> None:
        lang = self.language
        v = self._view()  # what the drawing functions of table_view draw
        self._render_buttons(v)
        self._set_class("bw-four-colour", self.four_colour)
        for other in LANGUAGES:  # the Resume button's label is drawn by the CSS of its language
            self._set_class(f"bw-lang-{other}", other == lang)
        self.header.value = header_html(v)
        self.status_bar.value = bar_html(v)
        self.status_label.value = status_html(v)
        for s in v.hand.seat_order:
            self.seat_html[s].value = seat_html(v, s)
        self.center.value = center_html(v)
        self._render_cards(v)
        self._render_calls(v)
        self.reason_label.value = reason_html(v)
        self.hint_html.value = hint_html(v)
        self._render_review(v.hand, lang)
        self._render_progress(lang)
        self._render_declare(v.hand, lang)
        self.info_html.value = info_html(v)
        self.log_html.value = log_html(v)
        self.scoreboard.value = scoreboard_html(v)
        self.save_link.value = save_html(self.session, lang)
        if self._file_said is not None:  # the last Resume's message, in the language shown
            self.file_message.value = self._file_said(lang)
        for watcher in self.session_watchers:
            watcher(self.session)

    def _render_buttons(self, v: View) -> None:
        said = button_words(v)
        self.undo_button.description = said["undo"]
        self.hint_button.description = said["hint"]
        self.new_hand_button.description = said["next"]
        self.bid_button.description = said["bid"]
        self.last_trick_toggle.description = said["last_trick"]
        self.review_button.description = said["review"]
        self.resume_upload.description = said["resume"]
        self.resume_upload.tooltip = said["resume_title"]
        s = self.session
        has_decision = s.undo_refused() != NOTHING_TO_UNDO
        self.undo_button.disabled = self._busy or not has_decision or self._undo_blocked
        self.new_hand_button.disabled = self._busy or not (s.can_next or s.is_over)
        self.hint_button.disabled = self._busy or not self.is_learner_turn

    def _render_cards(self, v: View) -> None:
        m = hand_marks(v)
        self.cards.show(m.cards, m.trump, v.language, m.states, m.notes, drawn=m.drawn)
        colours = FOUR_COLOURS if self.four_colour else TWO_COLOURS
        for c, b in self.cards.buttons.items():
            colour = colours[c.suit.name]
            if b.style.text_color != colour:
                b.style.text_color = colour

    def _render_calls(self, v: View) -> None:
        h, lang = v.hand, v.language
        self.bidding_html.value = bidding_html(v)
        if self._busy or not (self.is_learner_turn and h.phase == "bidding"):
            self.call_box.children = []
            return
        legal = [str(c) for c in h.legal_calls()]
        children: list[widgets.Widget] = []
        plain = legal
        if self._bidding == "auction":  # the bids in a dropdown, the other calls as buttons
            bids = [c for c in legal if is_bid(c)]
            self._fill_bids(bids, lang)
            if bids:
                children += [self.bid_input, self.bid_button]
            plain = [c for c in legal if c not in bids]
        for c in plain:
            b = self.call_button(c)
            b.description = call_label(c, lang, h.turned)
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
        would not bid, the engine's lowest bid outside the opponents' trump
        (:meth:`~belote_lab.games.coinche.Auction.lowest_bid_off_their_trump`)."""
        h = self.hand
        try:
            mine = str(h.verify_call(self.advisor.choose_call(h.observation(self.seat))))
        except (IllegalAction, ValueError):
            mine = ""
        if mine in bids:
            return mine
        a = h.auction
        first = a.lowest_bid_off_their_trump() if a is not None else None
        return first if first in bids else bids[0]


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


class PlayApp(StaticSnapshot, widgets.VBox):
    """The settings panel (:attr:`settings`, or ``None``) above the table (:attr:`table`); Start
    deals a new table with the settings chosen.  Its display carries a static snapshot
    (:class:`~belote_widgets.snapshot.StaticSnapshot`)."""

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
