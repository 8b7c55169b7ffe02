"""The play table's view without a browser (issue 30, item 4): the drawing functions of
:mod:`belote_widgets.table_view` and the messages of :mod:`belote_widgets.table_messages` are
called directly on a :class:`~belote_lab.play.session.Session` (state and language → HTML or
text); the widget tree of :mod:`belote_widgets.table_layout` calls the controller's actions;
the controller leaves the calls' syntax to the engine.
"""

from __future__ import annotations

import base64
import json
import random
import re
from typing import Any

import pytest
from belote_widgets import table_messages as say
from belote_widgets.play_table import PlayTable
from belote_widgets.table_layout import ACTIONS, TableWidgets
from belote_widgets.table_view import (
    View,
    bidding_html,
    button_words,
    center_html,
    fresh_last_trick,
    hand_marks,
    header_html,
    hint_html,
    log_html,
    reason_html,
    save_html,
    seat_html,
    seats_around,
    session_json,
    status_html,
)

from belote_lab.cards import SEATS, Card
from belote_lab.games import GAMES, get
from belote_lab.play.record_io import RecordError
from belote_lab.play.session import Session
from belote_lab.trick import Reason

HANGUL = re.compile("[\uac00-\ud7a3]")


def _played(game: str = "belote", seed: int = 3, tricks: int = 2, **options: Any) -> Session:
    """A session of ``game`` at ``seed``, the learner playing its first legal card (and
    making its first call) until ``tricks`` tricks are complete."""
    s = Session(game, seed=seed, **options)
    s.advance()
    while not s.hand.is_over and len(s.hand.tricks) < tricks:
        h = s.hand
        if h.phase == "bidding":
            s.call(h.legal_calls()[0])
        else:
            s.play(sorted(h.legal_cards())[0])
        s.advance()
    return s


# --- drawing: state and language → HTML ----------------------------------------------------------
def test_the_felt_the_log_and_the_seats_show_the_hands_cards() -> None:
    s = _played()
    h, v = s.hand, View(s, "en")
    log = log_html(v)
    for t in h.tricks:
        assert all(f"card-{c.text}" in log for c in t.cards)
    assert "Trick 1" in log and "Trick 2" in log and "won by" in log
    assert all(f"card-{c.text}" in center_html(v) for c in h.trick)
    me = seat_html(v, s.seat)
    assert "(you)" in me and "bw-back" not in me  # the learner's own cards are the buttons
    other = next(x for x in h.seat_order if x != s.seat)
    assert seat_html(v, other).count("bw-back") >= 1  # another seat's: backs only


def test_the_language_changes_the_words_not_the_cards() -> None:
    s = _played()
    for draw in (header_html, log_html, status_html, center_html):
        en, ko = draw(View(s, "en")), draw(View(s, "ko"))
        assert en != ko and not HANGUL.search(en) and HANGUL.search(ko), draw.__name__
        cards = set(re.findall(r"card-[0-9TJQKA][SHDC]", en))
        assert cards == set(re.findall(r"card-[0-9TJQKA][SHDC]", ko)), draw.__name__
    words = {k: (button_words(View(s, "en"))[k], button_words(View(s, "ko"))[k])
             for k in button_words(View(s))}
    assert all(en != ko for en, ko in words.values()), words
    assert words["undo"] == ("Undo", "되돌리기")


def test_the_marks_of_the_learners_cards_are_the_engines_reasons() -> None:
    for game in GAMES:
        s = _played(game, seed=5, tricks=1)
        h = s.hand
        if not (h.phase == "play" and s.is_learner_turn):
            continue
        for lang in ("en", "ko"):
            m = hand_marks(View(s, lang))
            assert sorted(m.cards) == sorted(Card(c) for c in range(64) if h.hands[s.seat] >> c & 1)
            for c in m.cards:
                why = h.why_not(c, s.seat, lang)
                assert (m.states[c] == "bw-legal") == (why is None), (game, c)
                if isinstance(why, Reason):
                    assert m.notes[c].startswith(why.text(lang)), (game, c)
        assert set(hand_marks(View(s, show_legal=False)).states.values()) <= {"", "bw-illegal"}
        assert hand_marks(View(s, busy=True)).states == {}


def _fresh_by_the_log(s: Session) -> bool:
    """The rule the table had: the last trick is fresh when the learner's last card (counted
    in the hand's log of actions) is in a completed trick."""
    h = s.hand
    if not h.tricks:
        return False
    plays = mine = 0
    for kind, seat, _value in h.actions:
        if kind == "play":
            plays += 1
            if seat == SEATS[s.seat]:
                mine = plays
    return len(h.tricks) * len(h.seat_order) >= mine


@pytest.mark.parametrize("game", GAMES)
def test_the_last_trick_is_fresh_as_the_log_said(game: str) -> None:
    """:func:`fresh_last_trick` reads the trick on the table, not the log: same answer."""
    rng = random.Random(game)
    s = Session(game, seed=11)
    s.advance()
    seen = set()
    for _ in range(400):
        h = s.hand
        assert fresh_last_trick(View(s)) == _fresh_by_the_log(s)
        seen.add(fresh_last_trick(View(s)))
        if h.is_over:
            s.next() if s.can_next else s.again()
        elif h.phase == "bidding":
            s.call(rng.choice(h.legal_calls()))
        else:
            s.play(rng.choice(sorted(h.legal_cards())))
        s.advance()
    assert seen == {True, False}


def test_the_notes_the_table_keeps_are_drawn_from_the_view() -> None:
    s = _played(tricks=0)
    v = View(s, "ko")
    assert bidding_html(View(s, "en")).startswith("<b>Calls</b>: ")
    assert reason_html(v) == "" and hint_html(v) == ""
    card = Card.parse("7H")
    refused = View(s, "en", refused=(card, "not now"))
    assert reason_html(refused) == '<span class="bw-reason">7♥: not now</span>'
    assert "7♥" in reason_html(View(s, "ko", refused=(card, "x")))
    assert "bw-muted" in hint_html(View(s, hint_error=""))  # not the learner's turn
    failed = View(s, "ko", hint_error="boom", hint_failure=RuntimeError("boom"))
    assert "boom" not in hint_html(failed) and HANGUL.search(hint_html(failed))
    assert "boom" in hint_html(View(s, "en", hint_error="boom"))
    pick = View(s, "ko", hint_pick=lambda lang: f"pick-{lang}")
    assert hint_html(pick) == '<span class="bw-level2">pick-ko</span>'


def test_the_save_link_holds_the_session() -> None:
    s = _played("callbreak", seed=2, tricks=1)
    link = save_html(s, "ko")
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", link)
    assert data is not None
    assert json.loads(base64.b64decode(data.group(1))) == json.loads(session_json(s))
    assert Session.from_json(session_json(s)).hand.actions == s.hand.actions


def test_the_seats_around_the_learner() -> None:
    for game in GAMES:
        g = get(game)
        for me in g.seats:
            top, left, right = seats_around(g, me)
            shown = [x for x in (top, left, right) if x is not None]
            assert sorted([me, *shown]) == sorted(g.seats) and top is not None


# --- messages: said once, drawn in any language --------------------------------------------------
def test_the_messages_follow_the_language() -> None:
    callbreak, belote = get("callbreak"), get("belote")
    assert say.called_message(callbreak, 1, None)("en") == "You called 1 trick."
    assert "Take ♥" in say.called_message(belote, "take", Card.parse("9H"))("en")
    h = Session("belote", seed=3).hand
    refused = say.call_refused_message(h, "xx")
    assert refused("en").startswith("xx cannot be called now") and HANGUL.search(refused("ko"))
    bad = say.bad_file_message(RecordError("the cards 9♠ 8♠ are dealt twice."))
    assert "twice. The table" in bad("en") and bad("en").startswith('<span class="bw-reason">')
    s = Session("belote2", mode="run", seed=4)
    for message in (say.ladder_message(s), say.resumed_message(s),
                    say.not_your_turn_message(View(s)), say.said("busy"),
                    say.label_said("undone"), say.level2_call_message("pass", None)):
        assert not HANGUL.search(message("en")) and HANGUL.search(message("ko"))


# --- the widget tree and the controller ----------------------------------------------------------
def test_the_widgets_call_the_controllers_actions() -> None:
    done: list[tuple[str, tuple[Any, ...]]] = []
    w = TableWidgets()
    w._build_widgets({name: (lambda *a, n=name: done.append((n, a))) for name in ACTIONS})
    w.bid_input.options = [("80 ♥", "80H")]
    w.bid_input.value = "80H"
    for click in (w.bid_button, w.declare_button, w.hide_button, w.undo_button, w.hint_button,
                  w.new_hand_button, w.review_button, w.progress_button, w.call_button("pass")):
        click.click()
    assert done == [("call", ("80H",)), ("declare", (True,)), ("declare", (False,)),
                    ("undo", ()), ("hint", ()), ("next", ()), ("review", ()),
                    ("progress", ()), ("call", ("pass",))]
    assert w.call_button("pass") is w.call_button("pass")


@pytest.mark.parametrize("typed", ["٣", "３", "²", "3.0"])
def test_a_call_the_engine_cannot_read_is_refused_at_the_table(typed: str) -> None:
    """The table reads a Callbreak call as the game does (``verify_call``): digits that
    ``str.isdigit`` accepts but the game does not are refused, the hand unchanged."""
    t = PlayTable("callbreak", seat="S", seed=4, level=1)
    assert t.is_learner_turn and t.hand.phase == "bidding"
    before = t.hand.to_json()
    assert t.call(typed) is False and "cannot be called now" in t.status_label.value
    assert t.hand.to_json() == before
    assert t.call(" 3 ") is True and t.hand.call_of(t.seat) == 3
    assert "You called 3 tricks." in t.status_label.value
