"""The ipywidgets layer (``widgets/belote_widgets``), driven in the kernel through public methods
and simulated clicks (``button.click()``): no browser here (see ``test_browser.py``).

Every expected rule answer is asked of the engine (``belote_lab``) itself, never written here.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import belote_widgets as bw
import pytest
from belote_widgets.cards_view import CSS, back_html, backs_html, card_button, card_html, esc
from belote_widgets.describe import events_html, result_text
from belote_widgets.i18n import card_name, contract_name, particle, text
from belote_widgets.table_view import View, fresh_last_trick

from belote_lab.cards import SEATS, Card, CardSet, parse_cards
from belote_lab.contract import Contract
from belote_lab.games.belote2 import Belote2Match, score_belote2
from belote_lab.games.coinche import score_coinche
from belote_lab.play.record_io import RecordError, hand_from_json
from belote_lab.players import RandomPlayer
from belote_lab.simulation.selfplay import play_hand
from belote_lab.trick import BELOTE_FOLLOW_UNDERTRUMP, analyse, why_not

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "conformance" / "cases"
GAMES = ("belote", "coinche", "belote2", "callbreak")


@pytest.fixture(autouse=True)
def _english() -> Any:
    """Every test starts (and ends) with the global language set to English."""
    bw.set_language("en")
    yield
    bw.set_language("en")


def _classes(w: Any) -> tuple[str, ...]:
    return tuple(w._dom_classes)


def _no_codes(words: str) -> None:
    """No seat letter, team code or bid code in a text a learner reads."""
    assert not re.search(r"\b(N|E|S|W|NS|EW|\d+(S|H|D|C|NT|AT))\b", words), words


# --- cards ------------------------------------------------------------------------------------
def test_card_html_is_readable_and_named() -> None:
    h = card_html(Card.parse("JH"), trump=True)
    assert "card-JH" in h and "bw-red" in h and "bw-trump" in h
    assert ">J♥<" in h
    assert 'aria-label="jack of hearts, trump"' in h and 'title="jack of hearts, trump"' in h
    s = card_html(Card.parse("TS"), language="ko")
    assert "bw-black" in s and ">10♠<" in s and 'aria-label="스페이드 10"' in s


def test_face_down_cards_name_no_card() -> None:
    for html in (back_html(), backs_html(8)):
        assert "card-" not in html and "data-card" not in html
    assert 'aria-label="8 face-down cards"' in backs_html(8)
    assert backs_html(3).count("bw-back") == 3


def test_card_button_classes() -> None:
    b = card_button(Card.parse("9D"), trump=Card.parse("9D").suit)
    assert b.description == "9♦"
    assert {"bw-card-btn", "card-9D", "bw-red", "bw-trump"} <= set(_classes(b))
    assert "nine of diamonds" in b.tooltip
    assert card_name("QC") == "queen of clubs" and card_name("QC", "ko") == "클로버 Q"


# --- languages ----------------------------------------------------------------------------------
def test_global_language_switch_redraws_followers_only() -> None:
    follower = bw.CardOrderTable("H")
    fixed = bw.CardOrderTable("H", language="en")
    assert "Card points: 152" in follower.summary.value
    bw.set_language("ko")
    assert bw.get_language() == "ko"
    assert "카드 점수: 152" in follower.summary.value
    assert follower.language_picker.value == "ko"
    assert "Card points: 152" in fixed.summary.value
    fixed.set_language(None)  # follow the global language again
    assert "카드 점수" in fixed.summary.value
    with pytest.raises(ValueError):
        bw.set_language("fr")


def test_language_picker_switches_one_widget() -> None:
    t = bw.CardOrderTable("S")
    t.language_picker.value = "ko"
    assert t.language == "ko" and "으뜸패" in t.table.value
    assert bw.get_language() == "en"


def test_korean_particles_follow_the_word() -> None:
    assert [particle(w, "이") for w in ("남", "서", "남북 팀", "80", "A♣")] == [
        "이",
        "가",
        "이",
        "이",
        "가",
    ]
    assert [particle(w, "을") for w in ("10", "44", "118", "쿠앵슈 (×2)")] == [
        "을",
        "를",
        "을",
        "를",
    ]
    assert particle("하트", "으로") == "로" and particle("으뜸패 없음", "으로") == "으로"
    from belote_widgets import i18n

    fallbacks = ("(를)", "(가)", "(는)", "(와)", "(과)", "(으)")
    for key, words in i18n.labels("ko").items():
        assert not any(f in words for f in fallbacks), key
    assert set(i18n.labels("ko")) == set(i18n.labels("en"))  # every text in both languages


def test_theme_css_reads_in_both_themes() -> None:
    assert "--jp-layout-color" in CSS and "--jp-ui-font-color0" in CSS
    assert 'body[data-jp-theme-light="false"] .bw-root' in CSS  # the dark theme's colours
    assert ":focus-visible" in CSS and "bw-four-colour" in CSS
    assert "#f0f0f0" not in CSS  # the old light-only table header
    html = card_html(Card.parse("9D"))
    assert "bw-suit-D" in html and "bw-suit-C" in _classes(card_button(Card.parse("7C")))


# --- card order table --------------------------------------------------------------------------
@pytest.mark.parametrize("code", ["S", "H", "D", "C", "NT", "AT"])
def test_order_table_totals(code: str) -> None:
    t = bw.CardOrderTable("H")
    t.dropdown.value = code  # as a user would
    c = Contract.parse(code)
    expected = {}
    for suit in "SHDC":
        order = c.order(Card.parse("7" + suit).suit)
        expected[suit] = sum(c.points(x) for x in order)
        assert t.order(suit) == order
    assert t.totals == expected
    if code in ("NT", "AT"):
        assert set(t.totals.values()) == {38}
    else:
        assert t.totals[code] == 62 and sorted(t.totals.values()) == [30, 30, 30, 62]
    assert (t.card_points, t.hand_total) == (152, 162)
    assert "Card points: 152" in t.summary.value and ": 162" in t.summary.value
    for suit, n in expected.items():
        assert f'total-{suit}">{n}<' in t.table.value


def test_order_table_marks_trump_column() -> None:
    t = bw.CardOrderTable("D")
    html = t.table.value
    assert html.count("bw-trumpcol") > 8 and "card-JD bw-red bw-suit-D bw-trump" in html
    t.set_contract("NT")
    assert "bw-trumpcol" not in t.table.value and t.contract.code == "NT"
    labels = dict(t.dropdown.options)
    assert labels[contract_name("NT", "en")] == "NT"


# --- rule explorer ------------------------------------------------------------------------------
def _engine_legal(x: bw.RuleExplorer) -> CardSet:
    s = x.situation
    return analyse(CardSet(s.hand), list(s.trick), s.contract, s.follow).legal


def test_explorer_marks_playable_cards_with_engine_reasons() -> None:
    x = bw.RuleExplorer(hand="JH 9H 7H AC KD 8C", trick="KS AS", leader="N", contract="H")
    assert x.seat == "S" and x.legal == _engine_legal(x)
    for card, b in x.cards.buttons.items():
        reason = why_not(card, CardSet(x.situation.hand), ["KS", "AS"], "H")
        if reason is None:
            assert "bw-legal" in _classes(b)
        else:
            assert "bw-illegal" in _classes(b)
            assert reason.text("en") in b.tooltip  # the reason on hover
    x.click("AC")  # an unplayable card: the reason in the label
    reason = why_not("AC", "JH 9H 7H AC KD 8C", ["KS", "AS"], "H")
    assert reason is not None
    assert reason.text("en") in x.reason_label.value
    x.click("JH")
    assert "J♥ may be played." in x.reason_label.value
    assert "Rule: You must trump" in x.rule_label.value
    x.set_language("ko")
    x.click("KD")
    ko = why_not("KD", "JH 9H 7H AC KD 8C", ["KS", "AS"], "H")
    assert ko is not None and ko.text("ko") in x.reason_label.value
    assert "남쪽 차례" in x.header.value  # a seat in a sentence: 남쪽, never 남 (남은 = remaining)


def test_explorer_text_fields_and_bad_input() -> None:
    x = bw.RuleExplorer()
    x.hand_input.value = "7H KD AS"
    x.trick_input.value = "AD JH"  # N leads ♦, E trumps with J♥: S must overtrump, cannot
    x.leader_input.value = "N"
    x.contract_input.value = "H"
    x.undertrump_input.value = False
    x.show_button.click()
    assert x.situation.hand == tuple(parse_cards("7H KD AS"))
    assert x.legal == CardSet.parse("KD")  # must follow ♦
    x.hand_input.value = "7H AS"  # void in ♦, partner not winning, cannot overtrump J♥
    x.show_button.click()
    assert x.legal == CardSet.parse("7H AS")  # seed rule: free
    x.undertrump_input.value = True
    x.show_button.click()
    assert x.legal == CardSet.parse("7H")  # the must_undertrump option
    assert x.legal == analyse("7H AS", ["AD", "JH"], "H", BELOTE_FOLLOW_UNDERTRUMP).legal
    before = x.situation
    x.hand_input.value = "7H ZZ"
    x.show_button.click()
    assert "Cannot read this situation" in x.error_label.value and "ZZ" in x.error_label.value
    assert x.situation == before
    x.hand_input.value = "7H AD"
    x.show_button.click()  # AD is on the table too
    assert "both in the hand and on the table" in x.error_label.value
    assert x.situation == before


def test_explorer_random_situations_are_seeded() -> None:
    a = bw.RuleExplorer(seed=11)
    b = bw.RuleExplorer(seed=11)
    for game in GAMES:
        a.game_input.value = b.game_input.value = game
        sa = a.random_situation(seed=5)
        sb = b.random_situation(seed=5)
        assert sa == sb and sa.game == game
        assert 0 < len(a.legal) < len(sa.hand)  # something is refused: worth a question
        assert a.legal == _engine_legal(a)
    a.game_input.value = "belote"
    first = a.seed_input.value
    a.random_button.click()
    one = a.situation
    a.random_button.click()
    assert a.seed_input.value == first + 2 and a.situation != one


def test_explorer_loads_every_conformance_legal_case() -> None:
    x = bw.RuleExplorer()
    n = 0
    for path in sorted(CASES.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            if case.get("ask") != "legal" or "expect" not in case or "error" in case["expect"]:
                continue
            try:
                s = x.load_case(case)
            except ValueError:
                continue  # malformed on purpose (the invalid cases)
            n += 1
            assert s.case_id == case["id"]
            assert {c.text for c in x.legal} == set(case["expect"]["legal"]), case["id"]
            assert "the engine agrees" in x.rule_label.value
    assert n >= 90
    x.case_input.value = json.dumps({"id": "w1", "ask": "winner", "game": "belote"})
    x.case_button.click()
    assert "does not ask which cards may be played (it asks for ‘winner’)" in x.error_label.value
    assert "'" not in x.error_label.value.replace("&#x27;", "'").split("situation:")[1]
    x.set_language("ko")
    x.case_button.click()  # what a case asks, as its JSON writes it: no Python repr
    assert "낼 수 있는 카드를 묻지 않으므로(묻는 것: ‘winner’)" in x.error_label.value
    x.case_input.value = json.dumps({"id": "w2", "ask": None, "game": "belote"})
    x.case_button.click()
    assert "(묻는 것: ‘null’)" in x.error_label.value and "None" not in x.error_label.value
    x.set_language("en")


def test_quiz_grading_explains_mistakes() -> None:
    x = bw.RuleExplorer(hand="JH 9H 7H AC KD 8C", trick="KS AS", leader="N", contract="H")
    x.quiz_toggle.value = True
    assert x.check_button.disabled is False
    for b in x.cards.buttons.values():  # no hints in quiz mode
        assert "bw-legal" not in _classes(b) and "bw-illegal" not in _classes(b)
    assert "Which cards may South play?" in x.quiz_label.value
    x.click("JH")
    x.click("AC")
    assert x.selected == {Card.parse("JH"), Card.parse("AC")}
    r = x.check()
    assert not r.correct
    assert r.wrongly_chosen == [Card.parse("AC")]
    assert set(r.missed) == {Card.parse("9H"), Card.parse("7H")}
    assert r.right == 3 and r.total == 6
    reason = why_not("AC", "JH 9H 7H AC KD 8C", ["KS", "AS"], "H")
    assert reason is not None
    assert any(reason.text("en") in m for m in r.messages)
    assert "3 of 6 cards right." in x.quiz_label.value
    assert "bw-wrong" in _classes(x.cards.buttons[Card.parse("AC")])
    assert "bw-missed" in _classes(x.cards.buttons[Card.parse("9H")])
    x.set_language("ko")
    assert (
        "6장 중 3장 맞았습니다." in x.quiz_label.value and reason.text("ko") in x.quiz_label.value
    )
    x.set_language("en")
    x.click("AC")  # a new try: AC off, then the two missed trumps on
    x.click("9H")
    x.click("7H")
    x.check_button.click()
    assert x.last_result is not None and x.last_result.correct
    assert "Right!" in x.quiz_label.value


def test_explorer_reason_names_the_card_and_answers_every_click() -> None:
    x = bw.RuleExplorer(hand="JH 9H 7H AC KD 8C", trick="KS AS", leader="N", contract="H")
    reason = why_not("AC", "JH 9H 7H AC KD 8C", ["KS", "AS"], "H")
    assert reason is not None
    x.click("AC")
    assert f"A♣ may not be played: {reason.text('en')}" in x.reason_label.value
    assert "bw-clicked" in _classes(x.cards.buttons[Card.parse("AC")])
    first = {"bw-ack-a", "bw-ack-b"} & set(_classes(x.reason_label))
    x.click("AC")  # the same card again: the answer flashes again (the other class)
    second = {"bw-ack-a", "bw-ack-b"} & set(_classes(x.reason_label))
    assert len(first) == len(second) == 1 and first != second
    x.set_language("ko")
    assert f"A♣는 낼 수 없습니다. {reason.text('ko')}" in x.reason_label.value


def test_explorer_game_change_redraws_the_board() -> None:
    x = bw.RuleExplorer(hand="JH 9H 7H AC KD 8C", trick="KS AS", leader="N", contract="H")
    x.game_input.value = "coinche"  # the same cards fit: kept, under Coinche's rules
    assert x.situation.game == "coinche" and x.situation.hand == tuple(
        parse_cards("JH 9H 7H AC KD 8C")
    )
    assert "Coinche" in x.header.value
    x.game_input.value = "belote2"  # a trick of two cards is complete with two players
    assert x.situation.game == "belote2" and "Two-player Belote" in x.header.value
    assert len(x.situation.trick) == 1 and x.legal == _engine_legal(x)
    x.game_input.value = "callbreak"
    assert x.situation.game == "callbreak" and "Callbreak" in x.header.value
    assert set(x.cards.cards) == set(x.situation.hand)
    x.set_language("ko")  # redrawing the game names changes no situation
    assert x.situation.game == "callbreak" and x.game_input.value == "callbreak"


def test_explorer_random_hands_are_sorted_and_errors_in_words() -> None:
    x = bw.RuleExplorer()
    for game in GAMES:
        x.game_input.value = game
        for seed in range(5):
            s = x.random_situation(seed=seed)
            assert list(s.hand) == list(CardSet(s.hand)), (game, seed)  # the engine's order
    x.game_input.value = "belote2"
    x.hand_input.value, x.trick_input.value, x.leader_input.value = "7H 8H", "", "S"
    x.show_button.click()
    with pytest.raises(ValueError, match="East does not play in Two-player Belote"):
        x.set_situation("7H 8H", (), "E")
    with pytest.raises(ValueError, match="2인 벨로트에는 동쪽 자리가 없습니다"):
        bw.RuleExplorer(language="ko").set_situation("7H 8H", (), "E", game="belote2")
    with pytest.raises(ValueError, match="has no such contract: no trump"):
        x.set_situation("7H 8H", (), "S", contract="NT")
    x.stock_input.value = 3
    x.show_button.click()
    assert "even number of cards, from 0 to 14" in x.error_label.value


# --- hand stepper -------------------------------------------------------------------------------
def _truncated(record: dict[str, Any], k: int) -> Any:
    part = dict(record)
    part["actions"] = record["actions"][:k]
    part.pop("result", None)
    return hand_from_json(part)


@pytest.mark.parametrize("game", GAMES)
def test_stepper_positions_are_engine_states(game: str) -> None:
    st = bw.HandStepper.from_selfplay(game, "2,2,2,2", seed=7)
    record = st.record
    assert record is not None and st.length == len(record["actions"]) and st.position == 0
    rng = random.Random(game)
    for k in [st.length, 1, *rng.sample(range(st.length), 4), 0]:
        st.go(k)
        assert st.position == k == st.slider.value
        assert st.hand.to_json() == _truncated(record, k).to_json()
    st.last_button.click()
    assert st.hand.phase == "done" and st.forward_button.disabled
    assert "Final score" in st.score_label.value
    why = result_text(st.hand, "en")
    assert esc(why).replace("\n", "<br>") in st.score_label.value
    _no_codes(why)
    for side, value in st.hand.result.to_json()["score"].items():
        assert f"side-{side}" in st.score_label.value and str(value) in st.score_label.value


def test_stepper_buttons_and_tricks() -> None:
    st = bw.HandStepper.from_selfplay("belote", "1,1,1,1", seed=3)
    st.forward_button.click()
    st.forward_button.click()
    assert st.position == 2
    assert st.record is not None and st.hand.actions == [tuple(a) for a in st.record["actions"][:2]]
    st.back_button.click()
    assert st.position == 1
    st.first_button.click()
    assert st.position == 0 and st.back_button.disabled
    assert "nothing played yet" in st.action_label.value
    while len(st.hand.tricks) < 3:
        st.trick_forward_button.click()
    assert len(st.hand.tricks) == 3 and not st.hand.trick
    assert "Last trick, won by" in st.trick_html.value
    st.forward_button.click()
    played = st.hand.trick[0]
    assert f"card-{played.text}" in st.trick_html.value
    assert f"plays {played.pretty}" in st.action_label.value
    st.trick_back_button.click()
    assert len(st.hand.tricks) == 3 and not st.hand.trick
    st.trick_back_button.click()
    assert len(st.hand.tricks) == 2
    st.slider.value = st.length  # the slider moves too
    assert st.position == st.length


def test_stepper_seat_view_hides_other_hands() -> None:
    st = bw.HandStepper.from_selfplay("belote", "2,2,2,2", seed=5)
    st.next_trick()  # the end of the taking: 8 cards each
    st.set_view("E")
    shown = {c for c in CardSet(st.hand.hands[1])}
    for c in CardSet(st.hand.hands[0] | st.hand.hands[2] | st.hand.hands[3]):
        assert f"card-{c.text}" not in st.seats_html.value
    assert all(f"card-{c.text}" in st.seats_html.value for c in shown)
    assert st.seats_html.value.count("bw-back") == 24
    st.set_view("all")
    assert "bw-back" not in st.seats_html.value
    with pytest.raises(ValueError):
        bw.HandStepper.from_selfplay("belote2", "1,1", seed=1).set_view("E")


def test_stepper_announcements_and_korean() -> None:
    found = None
    for seed in range(200):  # a hand with belote and rebelote (the engine says which)
        h = play_hand("belote", "2,2,2,2", seed=seed, dealer="N")
        if h.phase == "done" and {"belote", "rebelote"} <= {e.kind for e in h.events}:
            found = h
            break
    assert found is not None
    st = bw.HandStepper(found)
    st.last()
    assert "Belote — holds K" in st.events_html.value  # the pair shown, as seed 004 shows
    assert re.search(r"Rebelote — K. Q. played \(\+20\)", st.events_html.value)
    assert "dix de der" in st.events_html.value
    st.set_language("ko")
    assert "벨로트 — K" in st.events_html.value and "모두 냄(+20)" in st.events_html.value
    assert "최종 점수" in st.score_label.value and "계약" in st.score_label.value
    assert "단계" in st.header.value and st.first_button.tooltip == "처음"


def test_stepper_move_buttons_are_not_card_backs() -> None:
    st = bw.HandStepper.from_selfplay("belote", "1,1,1,1", seed=3)
    for b in (st.first_button, st.back_button, st.forward_button, st.last_button):
        assert "bw-step-btn" in _classes(b) and "bw-back" not in _classes(b)
    assert "bw-step-back" in _classes(st.back_button)


def _result_hand(result: Any, game: str, tricks: int = 8) -> Any:
    """What result_text reads of a hand: its result, game and tricks."""
    return SimpleNamespace(result=result, game=game, tricks=[None] * tricks)


def test_two_player_result_names_the_belote_only_when_scored() -> None:
    plain = score_belote2({"N": 95, "S": 67}, {"N": 9, "S": 7}, {"N": 0, "S": 0}, "N")
    assert "belote" not in plain.why()
    en = result_text(_result_hand(plain, "belote2", 16), "en")
    assert en == "The contract made: North, the contractor, has 95, more than South's 67."
    bel = score_belote2({"N": 71, "S": 71}, {"N": 7, "S": 9}, {"N": 0, "S": 20}, "N")
    assert bel.why().endswith("N (contractor) 71, S 91 with belote.")
    assert "South's 91 with its belote" in result_text(_result_hand(bel, "belote2", 16), "en")
    ko = result_text(_result_hand(bel, "belote2", 16), "ko")
    assert ko == ("계약자인 북쪽은 71점으로 남쪽의 벨로트 포함 91점보다 적으므로 계약에 실패했고, "
                  "남쪽이 182점을 얻습니다.")
    for r in (plain, bel):
        _no_codes(result_text(_result_hand(r, "belote2", 16), "en"))


def test_two_player_draws_are_folded_in_the_announcements() -> None:
    h = play_hand("belote2", "1,1", seed=1)
    html = events_html(h, "en", viewer=0)
    assert html.count("ev-draw") == 1 and html.count("draws a card") <= 1
    assert "After trick 7: South draws a card, North draws 7♥" in html
    assert html.count("draws") == 2 and "bw-event" in html


def test_coinche_result_explains_the_score_in_words() -> None:
    made = score_coinche((118, 44), (2, 2, 2, 2), "80H", bidder=0)
    assert made.score == {"NS": 200, "EW": 40}
    en = result_text(_result_hand(made, "coinche"), "en")
    assert en.splitlines() == [
        "North–South bid 80 in hearts and made it: 118 points reach 80 and beat East–West's 44 "
        "points.",
        "Score — North–South: 118 card points rounded to 120 + 80 for the bid = 200; "
        "East–West: 44 card points rounded to 40.",
    ]
    ko = result_text(_result_hand(made, "coinche"), "ko")
    assert ko.startswith("남북 팀이 하트 80을 공약해 118점으로 80점에 이르고")
    assert "딴 점수 118을 반올림한 120 + 공약 80 = 200" in ko and "44를 반올림한 40" in ko
    failed = score_coinche((70, 92), (2, 2, 2, 2), "100S", bidder=3, multiplier=4, belote_seat=0)
    en = result_text(_result_hand(failed, "coinche"), "en")
    assert "East–West bid 100 in spades (surcoinched, ×4) and failed" in en
    ns = failed.score["NS"]
    assert (
        f"160 for the failed contract + 400 for the bid (100 × 4) + 20 for the belote = {ns}" in en
    )
    assert "East–West: 0 (a failed contract scores no card points)." in en
    ko = result_text(_result_hand(failed, "coinche"), "ko")
    assert ko.startswith("동서 팀이 스페이드 100(쉬르쿠앵슈, ×4)을 공약했지만")
    capot = score_coinche((141, 21), (3, 1, 3, 1), "capotS", bidder=0)
    en = result_text(_result_hand(capot, "coinche"), "en")
    assert "bid a capot in spades and failed: North–South had to win all 8 tricks and won 6" in en
    for r in (made, failed, capot):
        for lang in ("en", "ko"):
            _no_codes(result_text(_result_hand(r, "coinche"), lang))


def test_stepper_loads_files_text_and_refuses_bad_records(tmp_path: Path) -> None:
    h = play_hand("callbreak", "1,1,1,1", seed=2, dealer="W")
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(h.to_json()), encoding="utf-8")
    for source in (path, str(path), json.dumps(h.to_json())):
        st = bw.HandStepper(source)
        st.last()
        assert st.hand.to_json() == h.to_json()
        assert "called" in st.score_label.value and "tricks" in st.points_label.value
    match = Belote2Match(seed=3)
    match.play_out({0: RandomPlayer(seed=1), 2: RandomPlayer(seed=2)})
    done = [x for x in match.hands if x.phase == "done"]
    st = bw.HandStepper(match.to_json(), hand_index=len(match.hands) - 1)
    st.last()
    assert st.hand.to_json() == done[-1].to_json() and "Stock: 0 cards" in st.header.value
    bad = h.to_json()
    bad["actions"][10][2] = "ZZ"
    with pytest.raises(RecordError):
        bw.HandStepper(bad)


# --- play table ---------------------------------------------------------------------------------
def _play_out(t: bw.PlayTable, rng: random.Random) -> dict[str, int]:
    """Play the learner's seat to the end of the hand through clicks; one illegal card tried."""
    counts = {"illegal": 0, "calls": 0, "cards": 0}
    while not t.hand.is_over:
        assert t.is_learner_turn
        h = t.hand
        if h.phase == "bidding":
            calls = list(t.call_buttons)
            if t.bid_input.options and rng.random() < 0.3:  # a bid (Coinche)
                t.bid_button.click()
            else:
                t.call_buttons[rng.choice(calls)].click()
            counts["calls"] += 1
            continue
        legal = set(h.legal_cards())
        for c in t.cards.cards:
            b = t.cards.buttons[c]
            assert ("bw-legal" in _classes(b)) == (c in legal)
        bad = [c for c in t.cards.cards if c not in legal]
        if bad and counts["illegal"] == 0:
            before = h.to_json()
            t.cards.click(bad[0])
            reason = h.why_not(bad[0], t.seat)
            assert reason is not None and not isinstance(reason, str)
            assert reason.text(t.language) in t.reason_label.value
            assert h.to_json() == before  # nothing changed
            counts["illegal"] += 1
        t.cards.click(rng.choice(sorted(legal)))
        counts["cards"] += 1
    return counts


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", [1, 2])
def test_play_table_plays_a_full_hand(game: str, level: int) -> None:
    seat = "N" if game == "belote2" else "S"
    t = bw.PlayTable(game, level=level, seat=seat, seed=21)
    counts = _play_out(t, random.Random(level))
    h = t.hand
    assert h.phase == "done" and h.result is not None
    assert counts["cards"] == (16 if game == "belote2" else 13 if game == "callbreak" else 8)
    over = "The round is over" if game == "callbreak" else "The hand is over"  # rounds of 5
    assert over in t.status_label.value
    assert t.new_hand_button.disabled is False
    why = esc(result_text(h, "en")).splitlines()[0]  # the result in words (describe.py)
    assert why in t.info_html.value
    for side, value in h.result.score.items():
        assert f'bw-total-{side}">{value}<' in t.scoreboard.value
    assert all(x in t.players for x in h.seat_order if x != t.seat)


def test_play_table_illegal_click_changes_nothing_and_undo() -> None:
    t = bw.PlayTable("belote", level=2, seat="S", seed=3)
    before = t.hand.to_json()
    t.cards.click(t.cards.cards[0])  # a card during the taking
    assert "No card can be played now" in t.status_label.value
    assert t.hand.to_json() == before and t.undo_button.disabled
    t.call_buttons["take"].click()
    assert t.hand.phase == "play" and "You called Take" in t.status_label.value
    # find a turn with a refused card, remembering each decision's state
    rng = random.Random(4)
    while True:
        assert t.is_learner_turn
        legal = set(t.hand.legal_cards())
        bad = [c for c in t.cards.cards if c not in legal]
        if bad:
            break
        t.cards.click(rng.choice(sorted(legal)))
    snapshot = t.hand.to_json()
    t.cards.click(bad[0])
    assert t.hand.to_json() == snapshot and "bw-reason" in t.reason_label.value
    good = sorted(legal)[0]
    t.cards.click(good)
    assert good.text in [a[2] for a in t.hand.actions if a[1] == "S"]
    t.undo_button.click()
    assert t.hand.to_json() == snapshot and "Back to your previous decision" in t.status_label.value
    assert t.is_learner_turn
    while not t.hand.is_over and t.undo():
        pass
    assert t.hand.phase == "bidding" and t.hand.actions[-1][1] != "S"
    assert t.undo() is False and "Nothing to undo" in t.status_label.value


def test_play_table_hint_and_level2_choice() -> None:
    t = bw.PlayTable("belote2", level=2, seat="S", seed=8, hint_samples=4, hint_budget=0.3)
    t.hint_button.click()
    if t.hand.phase == "bidding":
        assert "The level-2 computer would call" in t.hint_html.value
    rng = random.Random(0)
    while not t.hand.is_over and (t.hand.phase == "bidding" or len(t.hand.stock_left) > 0):
        if t.hand.phase == "bidding":
            t.call_buttons[rng.choice(list(t.call_buttons))].click()
        else:
            t.cards.click(rng.choice(sorted(t.hand.legal_cards())))
    assert t.is_learner_turn and len(t.hand.stock_left) == 0
    assert "the stock is empty" in t.info_html.value and "Stock: 0 cards" in t.info_html.value
    t.hint_button.click()
    html = t.hint_html.value
    assert "exact" in html  # nothing is hidden any more once the stock is empty
    for c in t.hand.legal_cards():
        assert f'class="hint-{c.text}"' in html
    assert "The level-2 computer would play" in html
    t.set_language("ko")
    assert "정확한 값" in t.hint_html.value and "레벨 2 컴퓨터라면" in t.hint_html.value


def test_play_table_new_hand_scoreboard_and_game_over() -> None:
    t = bw.PlayTable("belote2", level=1, seat="S", seed=2)
    rng = random.Random(5)
    _play_out(t, rng)
    first = dict(t.hand.result.score)
    t.new_hand_button.click()
    assert not t.hand.is_over or t.hand.phase == "done"
    _play_out(t, rng)
    t.new_hand_button.click()  # two hands make a match
    assert t.match.is_over and len(t.finished_games) == 1
    assert "The game is over" in t.status_label.value
    assert t.scoreboard.value.count("bw-score-row") == 2
    totals = {s: first[s] + t.hand.result.score[s] for s in first}
    assert totals == t.match.totals
    for s, v in totals.items():
        assert f'bw-total-{s}">{v}<' in t.scoreboard.value
    t.new_hand_button.click()  # a new game
    assert t.game_number == 2 and not t.match.is_over
    assert "bw-score-row" not in t.scoreboard.value


def test_play_table_callbreak_calls_and_tenths() -> None:
    t = bw.PlayTable("callbreak", level=2, seat="E", seed=6)
    assert t.hand.phase == "bidding" and sorted(t.call_buttons, key=int) == [
        str(n) for n in range(1, 9)
    ]
    t.call_buttons["3"].click()
    assert t.hand.call_of("E") == 3 and "You called 3 tricks" in t.status_label.value
    assert "East called 3 tricks and has taken 0 tricks" in t.info_html.value  # in words
    assert "East called 3 tricks" in t.bidding_html.value and "East: 3" not in t.bidding_html.value
    status = t.status_label.value  # the computer's calls after the learner's, in words
    assert "South called" in status and not re.search(r"(North|South|West): \d", status)
    t.set_language("ko")
    assert "동 3트릭 콜" in t.bidding_html.value and "동쪽은 3트릭을 콜했고" in t.info_html.value
    t.set_language("en")
    _play_out(t, random.Random(2))
    result = t.hand.result
    assert str(result.score["E"]) in t.scoreboard.value
    assert all(str(n) in t.seat_html[SEATS.index(s)].value for s, n in result.calls.items())


def test_play_table_coinche_bids_and_korean() -> None:
    t = bw.PlayTable("coinche", level=2, seat="S", seed=1, language="ko")
    assert t.is_learner_turn or t.hand.phase == "play"
    if t.hand.phase == "bidding":
        assert t.bid_input.options and "패스" in [b.description for b in t.call_buttons.values()]
        bid = t.bid_input.options[0][1]
        t.bid_input.value = bid
        t.bid_button.click()
        assert any(a == ("call", "S", bid) for a in t.hand.actions)
    assert "쿠앵슈" in t.header.value and "점수판" in t.scoreboard.value
    assert t.undo_button.description == "되돌리기" and t.hint_button.description == "힌트 보기"
    t.set_language("en")
    assert "Coinche" in t.header.value


def test_play_table_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError):
        bw.PlayTable("tarot")
    with pytest.raises(ValueError, match="1, 2, 3 or 4"):
        bw.PlayTable("belote", level=5)
    with pytest.raises(ValueError):
        bw.PlayTable("belote2", seat="E")
    with pytest.raises(ValueError, match="no mode 'journey'"):
        bw.PlayTable("belote", mode="journey")


def test_follow_rules_match_the_games() -> None:
    """A situation follows the rules its game declares (``Game.follow``), options included."""

    def follow(game: str, must_undertrump: bool = False, stock: int = 0) -> Any:
        hand = tuple(parse_cards("7H"))
        return bw.Situation(game, hand, (), 0, Contract.parse("H"), must_undertrump, stock).follow

    assert follow("belote", True) == BELOTE_FOLLOW_UNDERTRUMP
    assert follow("belote2", stock=4).free and not follow("belote2", stock=0).free
    assert follow("belote2", True) == follow("belote2")  # no such option: ignored
    assert text("undo", "ko") == "되돌리기"


def test_play_table_undo_after_game_over_is_refused_and_changes_nothing() -> None:
    """Issue #11: Undo after the last New hand put the hand back in play while the match kept
    its finished totals and winner.  The engine refuses; the table shows why."""
    t = bw.PlayTable("belote2", level=1, seat="S", seed=2)
    rng = random.Random(5)
    _play_out(t, rng)
    t.new_hand_button.click()
    _play_out(t, rng)
    t.new_hand_button.click()
    assert t.match.is_over and not t.undo_button.disabled  # the last hand's decisions remain
    hand, record = t.hand.to_json(), t.match.to_json()
    totals, winner = dict(t.match.totals), t.match.winner
    assert t.undo() is False
    assert "counted in the totals" in t.status_label.value
    assert t.undo_button.disabled
    assert t.hand.to_json() == hand and t.hand.phase == "done"
    assert t.match.to_json() == record and t.match.totals == totals and t.match.winner == winner
    assert Belote2Match.from_json(json.loads(json.dumps(t.match.to_json()))) == t.match
    t.new_hand_button.click()  # a new game goes on as before
    assert t.game_number == 2 and not t.match.is_over


def test_hand_stepper_reads_records_strictly(tmp_path: Any) -> None:
    """The stepper reads files and text with the records' strict reader: every bad input is a
    RecordError naming the problem (issue 11)."""
    from belote_lab.play.record_io import RecordError
    from belote_lab.simulation.selfplay import play_hand

    good = json.dumps(play_hand("belote", "1,1,1,1", seed=3).to_json())
    path = tmp_path / "hand.json"
    path.write_bytes(b"\xff" + good.encode())
    with pytest.raises(RecordError, match="not UTF-8"):
        bw.HandStepper(path)
    with pytest.raises(RecordError, match="nests deeper"):
        bw.HandStepper("[" * 5000 + "]" * 5000)
    with pytest.raises(RecordError, match="NaN"):
        bw.HandStepper(good[:-1] + ', "x": NaN}')
    game = {"format": "belote_lab/game", "hands": [json.loads(good)]}
    with pytest.raises(RecordError, match="holds 1 hand"):
        bw.HandStepper(game, hand_index=5)
    path.write_text(good, encoding="utf-8")
    assert bw.HandStepper(path).length > 0


# --- the learner's table: settings, modes, status bar, log, save and resume (issue 13) -----------
_LETTERS = re.compile(r"(?<![\w-])(N|E|S|W|NS|EW)(?![\w-])")


def _words_only(html: str) -> None:
    """A text a learner reads names seats in words, never by letter (tags and attributes aside)."""
    shown = re.sub(r"<[^>]*>", " ", html)
    assert not _LETTERS.search(shown), shown


def test_settings_panel_offers_every_game_mode_rule_and_level() -> None:
    p = bw.SettingsPanel("belote")
    assert [v for _label, v in p.game_picker.options] == ["belote", "coinche", "belote2",
                                                          "callbreak"]
    assert [v for _label, v in p.mode_picker.options] == ["hand", "game"]
    from belote_lab.rules import BeloteRules, describe

    assert set(p.rule_inputs) == set(describe(BeloteRules))
    for name, w in p.rule_inputs.items():
        assert w.description and w.description != name  # a label in words
        note = p.rule_notes[name].value
        assert "Default: " in note and "true or false" not in note  # in words, not codes
        for code in ("'dealer'", "'eldest'", "all_to_defence", "keep_belote"):
            assert code not in note
    assert sorted(SEATS[s] for s in p.level_pickers) == ["E", "N", "W"]
    assert "your partner" in p.level_pickers[0].description
    p.rule_inputs["allow_no_trump"].value = True
    p.rule_inputs["first_lead"].value = "eldest"
    p.level_pickers[1].value = 4
    c = p.config()
    assert c["rules"] == {"allow_no_trump": True, "first_lead": "eldest"}
    assert c["levels"] == {"N": 2, "E": 4, "W": 2} and c["mode"] == "hand" and c["pace"] == 0
    assert c["four_colour"] is False and c["language"] == "en" and c["rounds"] is None
    p.game_picker.value = "callbreak"
    assert [v for _l, v in p.mode_picker.options] == ["hand", "game", "journey"]
    assert p.rounds_row.layout.display == "none" and "rounds" not in p.rule_inputs  # one hand
    p.mode_picker.value = "journey"
    assert p.rounds_row.layout.display is None
    p.rounds_picker.value = 3
    assert all(x.disabled for x in p.level_pickers.values())  # the journey sets the level
    assert p.config()["rounds"] == 3 and p.config()["mode"] == "journey"
    p.game_picker.value = "belote2"
    assert [v for _l, v in p.mode_picker.options] == ["hand", "match", "run"]
    assert p.rounds_row.layout.display == "none" and p.config()["seat"] == "S"
    assert list(p.level_pickers) == [0]


def test_settings_panel_in_korean_and_start() -> None:
    p = bw.SettingsPanel("coinche", language="ko", seat="W", levels={"N": 3})
    assert p.start_button.description == "시작" and "설정" in p.heading.value
    assert p.level_pickers[0].description == "북"
    assert p.level_pickers[1].description == "동(파트너)"  # no pronoun, no space before "("
    assert p.level_pickers[0].value == 3
    labels = [w.description for w in p.rule_inputs.values()] + [p.game_picker.description]
    assert all(re.search("[가-힣]", x) for x in labels), labels
    helps = " ".join(h.value for h in p.rule_notes.values())
    assert "기본값" in helps and "을(를)" not in helps and "이(가)" not in helps
    got: list[dict[str, Any]] = []
    p.on_start(got.append)
    p.rule_inputs["min_bid"].value = 170
    p.rule_inputs["max_bid"].value = 100
    assert p.start() is None and not got and "함께 쓸 수 없으므로" in p.message.value
    p.rule_inputs["max_bid"].value = 180
    p.start_button.click()
    assert got and got[0]["rules"] == {"min_bid": 170} and got[0]["language"] == "ko"
    p.set_language("en")
    assert p.start_button.description == "Start" and "Default: 80." in p.rule_notes["min_bid"].value


def test_play_one_liner_and_start_from_the_settings() -> None:
    app = bw.play("belote2", mode="run", seed=4)
    assert isinstance(app.settings, bw.SettingsPanel) and isinstance(app.table, bw.PlayTable)
    assert list(app.children) == [app.settings, app.table]
    assert app.table.session.mode == "run" and app.settings.config()["mode"] == "run"
    app.settings.game_picker.value = "belote"
    app.settings.rule_inputs["allow_no_trump"].value = True
    app.settings.level_pickers[1].value = 3
    app.settings.pace_input.value = 0.0
    app.settings.start_button.click()
    t = app.table
    assert t.game == "belote" and t.session.mode == "hand" and list(app.children)[1] is t
    assert t.session.rules.allow_no_trump and t.session.level_of("E") == 3
    app.settings.language_picker.value = "ko"
    assert t.language == "ko"
    bare = bw.play("callbreak", mode="journey", rounds=3, settings=False, seed=2)
    assert bare.settings is None and list(bare.children) == [bare.table]
    assert bare.table.session.rules.rounds == 3


def test_table_levels_three_and_four_per_seat() -> None:
    t = bw.PlayTable("belote", levels={"N": 4, "E": 3, "W": 1}, seat="S", seed=2)
    assert t.session.level_of("N") == 4 and t.session.level_of("E") == 3
    assert "computer levels: North 4, East 3, West 1" in t.header.value
    assert t.players[1].level == 3


def test_status_bar_trump_turn_score_and_words() -> None:
    t = bw.PlayTable("belote", level=2, seat="S", seed=3)
    bar = t.status_bar.value
    assert "bw-status-bar" in bar and "bw-trump-badge" in bar and "Your turn" in bar
    assert "North–South (you) 0" in bar and "East–West 0" in bar
    t.call_buttons["take"].click()
    bar = t.status_bar.value
    trump = t.hand.contract.trump
    assert f"bw-suit-{trump.name}" in bar and trump.symbol in bar
    assert "Contract" in bar and ("play a card." in bar or "to play" in bar)
    _words_only(t.status_bar.value)
    _words_only(t.status_label.value)
    _words_only(t.header.value)
    t.set_language("ko")
    assert "으뜸패" in t.status_bar.value and "점수" in t.status_bar.value


def test_callbreak_bar_shows_rounds_and_journey_level() -> None:
    t = bw.PlayTable("callbreak", mode="journey", rounds=3, seat="E", seed=5)
    bar = t.status_bar.value
    assert "Round 1 of 3" in bar and "Level 1" in bar and "games won 0" in bar
    t.set_language("ko")
    assert "3라운드 중 1라운드" in t.status_bar.value and "레벨 1" in t.status_bar.value


def test_coinche_bid_starts_on_the_lowest_legal_bid() -> None:
    for seed in range(20):
        t = bw.PlayTable("coinche", level=1, seat="S", seed=seed)
        if t.hand.phase == "bidding" and t.bid_input.options:
            break
    else:
        pytest.fail("no Coinche deal gave the learner a bid")
    legal = [str(c) for c in t.hand.legal_calls() if str(c)[:1].isdigit()]
    assert t.bid_input.value == legal[0] == t.bid_input.options[0][1]  # never empty
    before = t.hand.to_json()
    assert t.call(None) is False and "Choose a bid first" in t.status_label.value
    assert t.hand.to_json() == before and "None" not in t.status_label.value
    t.bid_button.click()
    assert ("call", "S", legal[0]) in t.hand.actions and "unknown call" not in t.status_label.value


def test_last_trick_toggle_and_trick_log() -> None:
    t = bw.PlayTable("belote", level=1, seat="S", seed=7)
    rng = random.Random(1)
    while not t.hand.is_over and len(t.hand.tricks) < 2:
        if t.hand.phase == "bidding":
            t.call_buttons[rng.choice(sorted(t.call_buttons))].click()
        else:
            t.cards.click(rng.choice(sorted(t.hand.legal_cards())))
    h = t.hand
    assert h.tricks
    log = t.log_html.value
    assert "Play log" in log and "Trick 1" in log and "won by" in log
    first = h.tricks[0]
    assert all(f"card-{c.text}" in log for c in first.cards)
    _words_only(log)
    if h.trick and not fresh_last_trick(View(t.session)):
        assert "Last trick" not in t.center.value
    t.last_trick_toggle.value = True
    assert "Last trick" in t.center.value
    last = h.tricks[-1]
    assert all(f"card-{c.text}" in t.center.value for c in last.cards)


def test_four_colour_suits() -> None:
    t = bw.PlayTable("callbreak", seat="S", seed=1, four_colour=True)
    assert "bw-four-colour" in _classes(t)
    colours = {c.suit.name: b.style.text_color for c, b in t.cards.buttons.items()}
    assert colours.get("D", "#0a58ca") == "#0a58ca" and colours.get("C", "#1e7b2a") == "#1e7b2a"
    plain = bw.PlayTable("callbreak", seat="S", seed=1)
    assert "bw-four-colour" not in _classes(plain)


def test_paced_computer_plays_one_action_at_a_time() -> None:
    t = bw.PlayTable("callbreak", level=1, seat="S", seed=2, pace=0.001)
    calls = sorted(t.call_buttons, key=int)
    t.call_buttons[calls[0]].click()  # no event loop here: the pace is kept by sleeping
    assert not t._busy and (t.is_learner_turn or t.hand.is_over)
    assert not t.undo_button.disabled


def test_paced_computer_on_the_event_loop() -> None:
    """In a kernel (an event loop runs) the table is drawn after each computer action."""
    import asyncio

    async def main() -> list[int]:
        t = bw.PlayTable("callbreak", level=1, seat="S", seed=2, pace=0.001)
        t.call_buttons[sorted(t.call_buttons, key=int)[0]].click()
        seen = []
        while t._busy:
            assert t.call(3) is False and "The computer is playing" in t.status_label.value
            seen.append(len(t.hand.actions))
            await asyncio.sleep(0.001)
        assert t.is_learner_turn or t.hand.is_over
        return seen

    seen = asyncio.run(main())
    assert len(seen) > 1 and seen == sorted(seen)


def test_save_link_and_resume() -> None:
    import base64

    t = bw.PlayTable("belote2", mode="run", seat="S", seed=3)
    t.call_buttons[sorted(t.call_buttons)[0]].click()
    html = t.save_link.value
    assert 'download="' in html and "data:application/json" in html and "http" not in html
    data = json.loads(base64.b64decode(html.split("base64,")[1].split('"')[0]))
    assert data == t.session.to_json() and data["format"] == "belote_lab/session"
    other = bw.PlayTable("callbreak", seat="E", seed=1)
    assert other.resume(json.dumps(data)) is True
    assert other.game == "belote2" and other.hand == t.hand and other.session.mode == "run"
    assert "Resumed" in other.file_message.value
    assert "Level 1" in other.status_bar.value
    state = other.session.to_json()
    for bad in (b"\xff{", "{}", json.dumps({**data, "mode": "journey"}), "[1, 2]"):
        assert other.resume(bad) is False
        assert "cannot be resumed" in other.file_message.value
        assert other.session.to_json() == state  # the table is unchanged
    import datetime

    raw = json.dumps(data).encode()
    upload = {"name": "run.json", "type": "application/json", "size": len(raw),
              "content": memoryview(raw), "last_modified": datetime.datetime.now()}
    fresh = bw.PlayTable("belote", seed=9)
    fresh.resume_upload.value = (upload,)
    assert fresh.game == "belote2" and fresh.hand == t.hand


def test_run_table_level_rises_after_a_won_match() -> None:
    for seed in range(30):
        t = bw.PlayTable("belote2", mode="run", seat="S", seed=seed)
        s = t.session
        while not s.match.is_over:
            s.advance(learner=True)  # the level-2 stand-in plays the learner's seat
            t.refresh()
            t.new_hand_button.click()
        if s.match.winner == "S":
            break
    else:
        pytest.fail("the stand-in never won a match")
    assert "The match is over" in t.status_label.value
    assert t.new_hand_button.description == "Next match" and "Level 1" in t.status_bar.value
    margin = s.match.margin
    t.new_hand_button.click()
    assert "the computer now plays at level 2" in t.status_label.value.lower()
    bar = t.status_bar.value
    assert "Level 2" in bar and f"run score {10_000 + min(margin, 9_999):,}" in bar
    assert "matches won 1" in bar and s.level_of("N") == 2


def test_play_app_languages_follow_each_other() -> None:
    """English or Korean picked in the settings or at the table switches both."""
    app = bw.play("belote", seed=2)
    app.table.language_picker.value = "ko"
    assert app.settings.language == "ko" and app.table.language == "ko"
    app.settings.language_picker.value = "en"
    assert app.table.language == "en"
    config = app.settings.config()
    table = app.start(config)
    table.language_picker.value = "ko"
    assert app.settings.language == "ko"


def test_a_new_table_loads_the_solver_in_the_background() -> None:
    """Fuzz finding 14: the table starts loading the solver's kernels when it is built, so the
    learner's first "Show hint" does not spend its budget on them (``warm.ready``)."""
    import threading

    from belote_lab.batch import warm

    bw.PlayTable("belote", level=1, seat="S", seed=5)
    loading = [t for t in threading.enumerate() if t.name == "belote-warm"]
    for t in loading:
        t.join(timeout=120)
    assert warm.is_ready()


# --- Korean as a native editor writes it (issue 25: the review of 2026-12-02) -------------------
def _korean_templates() -> dict[str, str]:
    """Every Korean template of the widgets: the catalogue's and each widget's own table."""
    from belote_widgets.play_table import TABLE_TEXTS
    from belote_widgets.problem import PROBLEM_TEXTS
    from belote_widgets.review_view import REVIEW_TEXTS
    from belote_widgets.story import STORY_TEXTS
    from belote_widgets.tip_table import TIP_TEXTS

    from belote_lab import words

    out = dict(words.catalogue("ko"))
    for name, table in (("play", TABLE_TEXTS), ("problem", PROBLEM_TEXTS),
                        ("review", REVIEW_TEXTS), ("story", STORY_TEXTS), ("tip", TIP_TEXTS)):
        out.update({f"{name}.{k}": v for k, v in table["ko"].items()})
    return out


def test_korean_widget_texts_follow_the_style_decisions() -> None:
    """No space before "(" (§8), no pronoun for the player (§1: 당신, 나), 버튼 not 단추 (§3),
    원본 not 시드 for a source document, 홀름 not 홈 (§6), no hand-written 1번째 (§7)."""
    bad = {
        "space before (": re.compile(r"[^\s] \("),
        "pronoun": re.compile(r"당신|(^|\s)나는|(^|\s)나($|\s)|내 (차례|자리|파트너|콜)"),
        "단추": re.compile("단추"),
        "시드": re.compile("시드"),
        "홈 보정": re.compile("홈 |홈–"),
        "번째 by hand": re.compile(r"\{n\}번째|(?<![\d~])\d+번째"),  # a range 8~16번째 reads well
        "sign space": re.compile(r"[+−-] \d"),
    }
    found = [(key, rule, words) for key, words in _korean_templates().items()
             for rule, pattern in bad.items() if pattern.search(words)]
    assert not found, found


def test_korean_sentences_name_a_seat_by_its_sentence_name() -> None:
    """§1: 남쪽이 선입니다, 남쪽 자리 차례입니다 — never 남이/남은 (read "someone else",
    "remaining"); the compact labels keep 남."""
    x = bw.RuleExplorer(language="ko")
    x.set_situation("7H 8H JH", (), "S")
    assert "아직 바닥에 카드가 없으므로 남쪽이 선입니다." in x.table.value
    assert "남쪽 차례" in x.header.value
    t = bw.PlayTable("belote", level=1, seat="S", seed=3, language="ko")
    assert t.is_learner_turn
    assert "남쪽 자리 차례입니다." in t.status_bar.value + t.status_label.value
    assert "남쪽 자리에서 플레이" in t.header.value and "나는" not in t.header.value
    assert "남북 팀(우리 팀)" in t.status_bar.value and "(나)" not in t.status_bar.value
    assert "남(직접 플레이)" in t.seat_html[2].value
    p = bw.Problem("belote-cheap-trump", language="ko")
    p.show_answer()
    assert "<th>힌트(남쪽 자리에서 본 값)</th>" in p.feedback_html.value
    assert "남쪽 자리에서 보이는 카드만으로 계산한 힌트 값" in p.feedback_html.value
    assert "남의" not in p.feedback_html.value and "남이" not in p.feedback_html.value


def test_korean_result_sentences_read_as_the_review_asks() -> None:
    """§4: a two-player tie names each seat with its points; Callbreak's 0 tricks is 한 트릭도
    따지 못했으므로, not 0트릭만; a made Coinche capot is not contrasted (했는데)."""
    from belote_lab.games.callbreak import score_round

    tie = score_belote2({"N": 71, "S": 91}, {"N": 7, "S": 9}, {"N": 20, "S": 0}, "N")
    assert tie.made is None
    assert result_text(_result_hand(tie, "belote2", 16), "ko") == (
        "계약자인 북쪽(벨로트 포함 91점)과 남쪽(91점)의 점수가 같으므로 각자 자기 점수를 가집니다.")
    assert result_text(_result_hand(tie, "belote2", 16), "en") == (
        "A tie: North (91 with its belote), the contractor, and South (91) have the same points; "
        "each keeps its own.")
    none = score_round([1, 3, 3, 3], [0, 5, 4, 4])
    ko = result_text(_result_hand(none, "callbreak", 13), "ko").splitlines()
    assert ko[0] == "북쪽은 1을 콜했지만 한 트릭도 따지 못했으므로 콜 수만큼 잃어 -1점입니다."
    assert ko[1].startswith("동쪽은 3을 콜하고 5트릭을 땄으므로")
    made = score_coinche((162, 0), (4, 0, 4, 0), "capotH", bidder=0)
    ko_made = result_text(_result_hand(made, "coinche"), "ko")
    assert ko_made.startswith(
        "남북 팀이 하트 카포를 공약해 8트릭을 모두 땄으므로 계약에 성공했습니다.")
    assert "했는데" not in ko_made


def test_callbreak_rounds_are_named_one_way() -> None:
    """§3: Callbreak's header said "판 1" beside "5라운드 중 1라운드": the bar counts the
    rounds, the header no hand, and the scoreboard's column is 라운드."""
    t = bw.PlayTable("callbreak", mode="game", level=1, seat="S", seed=2, language="ko")
    assert "5라운드 중 1라운드" in t.status_bar.value
    assert "판" not in t.header.value and "첫 번째 게임" in t.header.value
    assert "<th>라운드</th>" in t.scoreboard.value
    _play_out(t, random.Random(3))
    assert t.new_hand_button.description == "다음 라운드"
    assert "라운드가 끝났습니다. ‘다음 라운드’ 버튼을 누르세요." in t.status_label.value
    assert "라운드가 끝났습니다." in t.status_bar.value and "판이" not in t.status_bar.value
    one = bw.PlayTable("belote", level=1, seat="S", seed=2, language="ko")
    assert "첫 번째 판" in one.header.value and "판 1" not in one.header.value
    assert "<th>판</th>" in one.scoreboard.value
    st = bw.HandStepper(play_hand("belote", "1,1,1,1", seed=1, dealer="N"), language="ko")
    assert "북(딜러)" in st.seats_html.value and "북 (딜러)" not in st.seats_html.value


def test_korean_settings_labels_say_what_they_mean() -> None:
    """§5: the pace is a wait; the forced dealer comes after redeals in a row; ranges with ~
    and thousands separated (§8); 원본 or nothing for the seeds' rules (§3)."""
    p = bw.SettingsPanel("belote", language="ko")
    assert p.pace_input.description == "컴퓨터 대기 시간(초)"
    assert "1~100,000" in p.rule_notes["target"].value and "기본값: 1,000." in (
        p.rule_notes["target"].value)
    assert "(시드 규칙)" not in p.rule_notes["target"].value
    p.game_picker.value = "belote2"
    assert p.rule_inputs["forced_after_redeals"].description == (
        "다시 나누기가 이 횟수만큼 이어지면 딜러 강제")
    assert p.seat_picker.description == "플레이할 자리"


def test_the_resume_button_shows_no_file_count() -> None:
    """Item 5: ipywidgets 8 labels a FileUpload "Resume (0)"; its text is hidden and the label
    drawn by the CSS of the table's language."""
    from belote_widgets.play_table import TABLE_CSS

    assert ".bw-resume.widget-upload { font-size: 0 !important; }" in TABLE_CSS
    assert '.bw-lang-en .bw-resume.widget-upload::after { content: "Resume";' in TABLE_CSS
    assert '.bw-lang-ko .bw-resume.widget-upload::after { content: "이어 하기";' in TABLE_CSS
    t = bw.PlayTable("belote", level=1, seat="S", seed=2, language="ko")
    assert "bw-lang-ko" in _classes(t) and "bw-lang-en" not in _classes(t)
    t.set_language("en")
    assert "bw-lang-en" in _classes(t) and "bw-lang-ko" not in _classes(t)


def test_tip_table_says_holm_and_names_the_source_documents() -> None:
    """§6: 홀름 보정 (not 홈), 신뢰구간 ranges with ~; a tip's source is 원본 000."""
    from belote_widgets.tip_table import tip_table_html

    from belote_lab.studies.tipstudy import TIPS, TipRow, TipStudy

    html = tip_table_html(TipStudy([TipRow(t) for t in TIPS]), "ko")
    assert "판정(홀름 보정 후)" in html and "홈 " not in html
    assert "원본 000" in html and "시드 0" not in html


def test_a_refused_file_message_has_one_period(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 5: an error that ends its own sentence is not followed by a second period."""
    from belote_lab.play.session import Session

    def refuse(data: Any) -> Any:
        raise RecordError("the cards 9♠ 8♠ are dealt twice.")

    t = bw.PlayTable("belote", level=1, seat="S", seed=2)
    monkeypatch.setattr(Session, "from_json", staticmethod(refuse))
    assert t.resume("{}") is False
    assert "dealt twice. The table is unchanged." in t.file_message.value
    assert ".." not in t.file_message.value


def test_the_hint_says_its_deals_are_weighed_by_what_was_seen() -> None:
    """A hint of four-player Belote draws its deals by the inference's weights and says so;
    two-player Belote's deals weigh alike and the table says only how many."""
    import belote_widgets as bw
    from belote_widgets.table_view import View, hint_table

    for game, weighted in (("belote", True), ("belote2", False)):
        t = bw.PlayTable(game, mode="hand", level=2, seed=4, hint_samples=4, hint_budget=30.0)
        for _ in range(40):
            if t.hand.phase == "play" and t.is_learner_turn:
                break
            t.call_box.children[0].click()
        assert t.show_hint() and t._hint is not None and t._hint.weighted is weighted
        said = "each drawn as often as the calls and cards seen make it likely"
        en, ko = View(t.session, "en"), View(t.session, "ko")  # drawing: a pure function
        assert (said in hint_table(en, t._hint)) is weighted, game
        assert ("나올 만한 딜일수록" in hint_table(ko, t._hint)) is weighted, game
        assert f"average over {t._hint.samples} sampled deals" in hint_table(en, t._hint)
