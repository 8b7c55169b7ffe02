"""The play table's messages: what its status line and its file message say after an action.

A message is a :data:`~belote_widgets.table_view.Message`, a function of the language: said
once, it is drawn again in the language picked later.  Each function here builds one from
plain values (the hand, the game, the session, the table's :class:`~belote_widgets.table_view.View`)
— no widget, no browser; :class:`~belote_widgets.play_table.PlayTable` keeps the last one and
draws it.

>>> from belote_lab.games import get
>>> m = called_message(get("callbreak"), 4, None)
>>> m("en"), m("ko")
('You called 4 tricks.', '4트릭을 콜했습니다.')
>>> said("busy")("en")
'The computer is playing…'
"""

from __future__ import annotations

from typing import Any

from belote_lab.cards import Card, CardParseError
from belote_lab.games import Game
from belote_lab.games.base import IllegalAction
from belote_lab.play.record_io import RecordError
from belote_lab.play.session import Session
from belote_widgets.cards_view import esc
from belote_widgets.describe import phase_text
from belote_widgets.i18n import call_label, game_name, seat_word, text
from belote_widgets.settings import mode_label
from belote_widgets.table_view import Message, View, next_key, tricks_words, winner_words
from belote_widgets.table_view import play_text as _w

__all__ = [
    "said",
    "label_said",
    "called_message",
    "call_refused_message",
    "not_your_turn_message",
    "no_card_message",
    "card_error_message",
    "refusal_message",
    "game_over_message",
    "ladder_message",
    "bad_file_message",
    "resumed_message",
    "level2_call_message",
]


def said(key: str, **values: Any) -> Message:
    """The table's text ``play.<key>``, filled in, in the language it is drawn in."""
    return lambda lang: _w(key, lang, **values)


def label_said(key: str, **values: Any) -> Message:
    """The widgets' label ``table.<key>``, filled in, in the language it is drawn in."""
    return lambda lang: text(key, lang, **values)


def called_message(game: Game, call: Any, turned: Card | None) -> Message:
    """The learner's call made: ``You called 4 tricks.`` in a game of calls, else the call in
    words (``You called: Take ♥``)."""
    if game.bidding == "calls":
        n = int(call)
        return lambda lang: _w("you_called_tricks", lang, tricks=tricks_words(n, lang))
    shown = str(call)
    return lambda lang: text("you_called", lang, call=call_label(shown, lang, turned))


def call_refused_message(hand: Any, call: Any) -> Message:
    """A call the hand refuses: the call as typed, and the legal calls in words."""
    legal = [str(c) for c in hand.legal_calls()]
    turned = hand.turned
    return lambda lang: _w(
        "call_refused", lang, call=call_label(str(call), lang, turned),
        legal=", ".join(call_label(c, lang, turned) for c in legal),
    )


def not_your_turn_message(v: View) -> Message:
    """Whose turn it is instead, or that the hand (round) is over."""
    cur = v.hand.current_player
    if cur is not None:
        return lambda lang: text("not_your_turn", lang, seat=seat_word(cur, lang))
    return lambda lang: _w("round_done" if v.in_rounds else "hand_done", lang)


def no_card_message(hand: Any) -> Message:
    """No card may be played in this phase (the phase named as it is when drawn)."""
    return lambda lang: text("no_card_now", lang, phase=phase_text(hand, lang))


def card_error_message(error: CardParseError) -> Message:
    """A card that cannot be read, in the card reader's words."""
    return error.text


def refusal_message(error: IllegalAction) -> Message:
    """The engine's refusal: its Korean words where it has them, else its English."""
    return lambda lang: error.ko if lang == "ko" and error.ko else str(error)


def game_over_message(v: View) -> Message:
    """The hand just counted ended the game or match: who won, and what Next does now.  One
    word for one thing: a run's step is a match, a journey's a game (as the buttons "Next
    match" and "Next game" say); a plain game is played again."""
    s = v.session
    key = ("game_over" if s.ladder is None
           else "match_over" if s.mode == "run" else "step_over")
    return lambda lang: _w(key, lang, winner=winner_words(v, lang), button=_w(next_key(v), lang))


def ladder_message(session: Session) -> Message:
    """A run's match or a journey's game counted: the level reached, or the ladder's end."""
    st = session.status()
    run = session.mode == "run"
    if st["over"]:
        if run:
            return lambda lang: _w("run_over", lang, won=st["won"], score=f"{st['run_score']:,}")
        return lambda lang: _w("journey_over", lang, won=st["won"], points=st["run_score"])
    key = "level_up" if run else "journey_up"
    return lambda lang: _w(key, lang, level=st["level"])


def bad_file_message(error: RecordError) -> Message:
    """A saved file Resume refuses, with the reason (HTML: the table is unchanged)."""

    def refused(lang: str) -> str:
        words = error.text(lang)
        if lang == "en":  # the template's own period ends the sentence: never "…9♠.."
            words = words.rstrip(".")
        return f'<span class="bw-reason">{esc(_w("bad_file", lang, error=words))}</span>'

    return refused


def resumed_message(session: Session) -> Message:
    """The session Resume read: its game and mode (HTML)."""
    g = session.game
    return lambda lang: esc(_w(
        "resumed", lang, game=game_name(g.name, lang), mode=mode_label(g, session.mode, lang),
    ))


def level2_call_message(call: Any, turned: Card | None) -> Message:
    """The call the level-2 player would make here (the hint during the bidding)."""
    shown = str(call)
    return lambda lang: text("hint_level2_call", lang, call=call_label(shown, lang, turned))
