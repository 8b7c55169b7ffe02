"""The faults a learner met walking through every mode in a browser (issue 28, from
shared/reviews/2026-12-02-learner.md), each checked on the table's own widgets: the Callbreak
redeal's reason, one word for one thing at the end of a match or game, the calls in the order
made, spades as trump during the calls, the run score as soon as a match ends, the settings
panel following the table, the Coinche bid's default, a message in the language chosen, the
scoreboard's words, a new deal each time, and the card drawn from the stock."""

from __future__ import annotations

import re

import belote_widgets as bw
from belote_widgets.cards_view import CSS
from belote_widgets.play_table import PlayTable

from belote_lab.cards import SEATS, Card
from belote_lab.games.coinche import Bid


def _plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def _finish_match(t: PlayTable) -> None:
    """Play the learner's seat by its stand-in level until the game or match is over."""
    s = t.session
    for _ in range(200):
        s.advance(learner=True)
        t.refresh()
        if s.match.is_over:
            return
        t.new_hand()
    raise AssertionError("the match did not end")


# --- Callbreak --------------------------------------------------------------------------------
def test_callbreak_redeal_says_why_not_everybody_passed() -> None:
    t = PlayTable("callbreak", mode="journey", seed=0, language="en")  # East has no spade
    status = _plain(t.status_label.value)
    assert "East has no spade: the cards are dealt again." in status
    assert "passed" not in status
    t.set_language("ko")
    status = _plain(t.status_label.value)
    assert "동쪽의 손패에 스페이드가 한 장도 없으므로 카드를 다시 나눕니다." in status
    assert "패스" not in status


def test_callbreak_calls_in_the_order_made_and_spades_trump_from_the_start() -> None:
    t = PlayTable("callbreak", seed=4, dealer="S", language="en")  # West calls first
    h = t.hand
    assert h.phase == "bidding" and h.current_player == 2
    made = [SEATS.index(s) for s in h.calls]  # W, N, E before the learner (South)
    assert made == [3, 0, 1]
    line = _plain(t.bidding_html.value)
    names = ["West", "North", "East"]
    assert [line.index(n) for n in names] == sorted(line.index(n) for n in names)
    badge = t.status_bar.value
    assert "bw-suit-S" in badge and ">?<" not in badge
    assert "spades trump" in _plain(t.status_bar.value)


def test_journey_game_over_says_game_and_the_button_next_game() -> None:
    t = PlayTable("callbreak", mode="journey", rounds=3, seed=0, level=1, language="en")
    _finish_match(t)
    status = _plain(t.status_label.value)
    assert status.startswith("The game is over:") and "Press Next game." in status
    assert "match" not in status.lower()


# --- the two-player run -----------------------------------------------------------------------
def test_run_score_shown_as_soon_as_the_match_ends() -> None:
    t = PlayTable("belote2", mode="run", seed=0, level=1, language="en")
    _finish_match(t)
    s = t.session
    assert s.match.winner == "S"  # the learner's stand-in (level 2) beat level 1
    assert s.ladder is not None and s.ladder.score == 0  # not counted until Next match
    bar = _plain(t.status_bar.value)
    shown = s.ladder.shown_score
    assert shown > 0 and f"run score {shown:,}" in bar and "matches won 1" in bar
    status = _plain(t.status_label.value)
    assert "The match is over" in status and "Next match" in status
    t.new_hand()  # Next match: the same score, now counted
    assert s.ladder.score == shown and f"run score {shown:,}" in _plain(t.status_bar.value)


def test_drawn_card_marked_until_the_next_trick_and_draws_in_the_log() -> None:
    t = PlayTable("belote2", seed=1, level=2, language="en")
    h = t.hand
    while h.phase == "bidding":
        t.call(h.legal_calls()[0])
    while len(h.tricks) < 2:
        t.play(sorted(h.legal_cards())[0])
    drawn = [e for e in h.events if e.kind == "draw" and e.seat == 2 and e.trick == 2]
    card = Card.parse(drawn[0].detail)
    marked = [c for c, b in t.cards.buttons.items() if "bw-drawn" in b._dom_classes]
    assert marked == [card]
    assert "you drew this card after trick 2" in t.cards.buttons[card].tooltip
    log = _plain(t.log_html.value)
    assert f"After trick 2: North draws a card, South draws {card.pretty}" in log
    assert "After trick 1:" in log  # every draw is a line of the log
    assert "draws" not in _plain(t.info_html.value)  # not an announcement any more
    while len(h.tricks) < 3:  # the next trick: the mark goes to the newer card, if any
        t.play(sorted(h.legal_cards())[0])
    marked = [c for c, b in t.cards.buttons.items() if "bw-drawn" in b._dom_classes]
    assert card not in marked
    t.set_language("ko")
    assert "3번째 트릭 뒤에 더미에서 가져온 카드" in t.cards.buttons[marked[0]].tooltip


# --- Coinche ----------------------------------------------------------------------------------
def test_coinche_bid_default_is_not_in_the_opponents_suit() -> None:
    t = PlayTable("coinche", seed=14, language="en")  # East bid 120♠ before the learner
    a = t.hand.auction
    assert a is not None and a.bidder == 1 and a.bid is not None and a.bid.trump == "S"
    lowest = t.bid_input.options[0][1]
    assert Bid.parse(lowest).trump == "S"  # the lowest legal bid is their suit …
    assert Bid.parse(t.bid_input.value).trump != "S"  # … and is not the default


def test_coinche_bid_default_is_level_two_s_bid_when_it_would_bid() -> None:
    t = PlayTable("coinche", seed=3, language="en")
    h = t.hand
    mine = str(h.verify_call(t.advisor.choose_call(h.observation(t.seat))))
    bids = [v for _label, v in t.bid_input.options]
    if mine in bids:
        assert t.bid_input.value == mine
    else:
        assert t.bid_input.value == bids[0]


# --- the settings panel -------------------------------------------------------------------------
def test_settings_follow_a_resumed_game_and_the_run_level() -> None:
    app = bw.play("belote", seed=2, language="en")
    saved = PlayTable("callbreak", mode="journey", seed=0, level=3).save_json()
    assert app.table.resume(saved)
    p = app.settings
    assert p is not None
    assert p.game.name == "callbreak" and p.mode_picker.value == "journey"
    assert {x.value for x in p.level_pickers.values()} == {1}  # a journey starts at level 1
    run = bw.play("belote2", mode="run", seed=0, level=1, language="en")
    t, p = run.table, run.settings
    assert p is not None and [x.value for x in p.level_pickers.values()] == [1]
    _finish_match(t)
    t.new_hand()  # Next match: the ladder goes up a level
    assert t.session.status()["level"] == 2
    assert [x.value for x in p.level_pickers.values()] == [2]


def test_settings_message_follows_the_language() -> None:
    app = bw.play("coinche", seed=2, language="en")
    p = app.settings
    assert p is not None
    p.start()
    assert _plain(p.message.value) == "Dealt: Coinche, One hand."
    p.set_language("ko")
    assert "Dealt" not in p.message.value and "나눴습니다" in p.message.value


# --- the look -----------------------------------------------------------------------------------
def test_disabled_buttons_are_grey_and_readable_in_both_themes() -> None:
    assert "button.jupyter-button:disabled" in CSS
    light = re.search(r"--bw-off-bg: (#\w+);\s*--bw-off-fg: (#\w+);", CSS)
    dark = re.findall(r"--bw-off-bg: (#\w+);\s*--bw-off-fg: (#\w+);", CSS)
    assert light is not None and len(dark) == 2

    def luminance(colour: str) -> float:
        rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for bg, fg in dark:
        hi, lo = sorted((luminance(bg), luminance(fg)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5


def test_scoreboard_words_never_break_inside() -> None:
    t = PlayTable("callbreak", seed=4, language="en")
    assert '<div class="bw-scroll-x"><table class="bw-table">' in t.scoreboard.value
    assert re.search(r"\.bw-table th, \.bw-root \.bw-table td \{ overflow-wrap: normal; "
                     r"word-break: keep-all; \}", CSS)


# --- a new deal each time -----------------------------------------------------------------------
def test_a_fresh_table_deals_a_new_deal_and_shows_its_number() -> None:
    seeds = {bw.play(settings=False).table.seed for _ in range(5)}
    assert len(seeds) >= 4  # random deals (a repeat has probability about 1e-5)
    app = bw.play(language="en")
    n = app.table.seed
    assert f"Deal number {n}" in app.table.header.value
    assert app.settings is not None and app.settings.seed_input.value == n
    again = bw.play(deal=n, settings=False)
    assert again.table.hand.deck == app.table.hand.deck
    app.table.set_language("ko")
    assert f"딜 번호 {n}" in app.table.header.value


def test_resume_message_follows_the_language() -> None:
    t = PlayTable("belote", seed=1, language="en")
    assert not t.resume("")
    assert "the file is empty" in t.file_message.value
    t.set_language("ko")
    assert "파일이 비어 있으므로" in t.file_message.value
    assert t.resume(PlayTable("coinche", seed=2).save_json())
    assert _plain(t.file_message.value).startswith("이어 합니다: 쿠앵슈")
    t.set_language("en")
    assert "Coinche" in t.file_message.value


# --- your progress ------------------------------------------------------------------------------
def test_progress_covers_every_hand_of_the_session_across_games() -> None:
    t = PlayTable("belote", mode="hand", seed=3, level=2, language="en")
    s = t.session
    for _ in range(3):  # three one-hand games: the progress keeps the earlier ones
        s.advance(learner=True)
        t.refresh()
        t.new_hand()
    s.advance(learner=True)
    t.refresh()
    assert t.progress_button.description == "Your progress"
    assert t.show_progress(hints=False)
    p = t._progress
    assert p is not None and len(p.hands) == 4
    html = t.progress_html.value
    assert 'data-hands="4"' in html and "<img" in html and "4 hands reviewed" in html
    t.set_language("ko")
    assert "4판을 검토했습니다" in t.progress_html.value
    t.new_hand()  # a new hand hides the summary until asked again
    assert t.progress_html.value == ""


# --- declarations (seed 004) ---------------------------------------------------------------------
def _declaring_table(language: str = "en") -> PlayTable:
    """Deal 6 with declarations: South takes and holds a combination at the first trick."""
    t = PlayTable("belote", seed=6, level=2, rules={"declarations": True}, language=language)
    h = t.hand
    while h.phase == "bidding":
        calls = [str(c) for c in h.legal_calls()]
        t.call("take" if "take" in calls else calls[0])
    assert h.phase == "play" and h.declaration_choice_pending(2)
    return t


def test_the_table_asks_declare_or_hide_with_the_advice() -> None:
    t = _declaring_table()
    assert t.declare_box.layout.display is None
    assert (t.declare_button.description, t.hide_button.description) == ("Declare",
                                                                        "Keep hidden")
    advice = _plain(t.declare_advice_html.value)
    assert advice.startswith("Declare: over 100 deals") and "not measure" in advice, advice
    assert "bw-decl-ask" in t.info_html.value  # the question with the learner's cards
    t.set_language("ko")
    assert t.declare_button.description == "선언하기"
    assert t.hide_button.click() is None and t.hand.declaration_choice(2) is False
    assert t.declare_box.layout.display == "none"
    assert "공개하지 않습니다" in _plain(t.status_label.value)


def test_declarations_shown_with_their_cards_after_trick_one() -> None:
    t = _declaring_table()
    t.declare_button.click()
    h = t.hand
    while len(h.tricks) < 1:
        t.play(sorted(h.legal_cards())[0])
    shown = h.shown_declarations()
    assert any(x.seat == 2 for x in shown)
    info = t.info_html.value
    for x in shown:  # each declaring seat's row names its cards
        row = re.search(rf'<tr class="bw-decl-row[^"]*" data-seat="{SEATS[x.seat]}">.*?</tr>',
                        info)
        assert row, info
        assert all(f'data-card="{c.text}"' in row.group(0) for c in x.declaration.cards)
    assert t.declare_box.layout.display == "none"
    assert not t.declare(False)  # too late: the state unchanged
    assert h.declares(2)
