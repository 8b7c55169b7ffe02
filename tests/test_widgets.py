"""The ipywidgets layer (``widgets/belote_widgets``), driven in the kernel through public methods
and simulated clicks (``button.click()``): no browser here (see ``test_browser.py``).

Every expected rule answer is asked of the engine (``belote_lab``) itself, never written here.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import belote_widgets as bw
import pytest
from belote_widgets.cards_view import back_html, backs_html, card_button, card_html
from belote_widgets.i18n import card_name, contract_name, text

from belote_lab.cards import SEATS, Card, CardSet, parse_cards
from belote_lab.contract import Contract
from belote_lab.games.belote2 import Belote2Match
from belote_lab.players import RandomPlayer
from belote_lab.record import RecordError, hand_from_json
from belote_lab.selfplay import play_hand
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
    assert card_name("QC") == "queen of clubs" and card_name("QC", "ko") == "클로버 퀸"


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
    assert html.count("bw-trumpcol") > 8 and "card-JD bw-red bw-trump" in html
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
    assert "남 차례" in x.header.value


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
    assert "only 'legal' cases" in x.error_label.value


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
    assert st.hand.result.why().split(":")[0] in st.score_label.value
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
    assert "Belote" in st.events_html.value and "Rebelote (+20)" in st.events_html.value
    assert "dix de der" in st.events_html.value
    st.set_language("ko")
    assert "벨로트" in st.events_html.value and "르벨로트 (+20)" in st.events_html.value
    assert "최종 점수" in st.score_label.value and "계약" in st.score_label.value
    assert "단계" in st.header.value and st.first_button.tooltip == "처음"


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
    assert "The hand is over" in t.status_label.value
    assert t.new_hand_button.disabled is False
    why = h.result.why().splitlines()[0]
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
    assert t.hand.call_of("E") == 3 and "You called 3" in t.status_label.value
    assert "call 3, took 0" in t.info_html.value
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
    with pytest.raises(ValueError):
        bw.PlayTable("belote", level=3)
    with pytest.raises(ValueError):
        bw.PlayTable("belote2", seat="E")


def test_follow_rules_match_the_games() -> None:
    """A situation follows the rules its game declares (``Game.follow``), options included."""

    def follow(game: str, must_undertrump: bool = False, stock: int = 0) -> Any:
        hand = tuple(parse_cards("7H"))
        return bw.Situation(game, hand, (), 0, Contract.parse("H"), must_undertrump, stock).follow

    assert follow("belote", True) == BELOTE_FOLLOW_UNDERTRUMP
    assert follow("belote2", stock=4).free and not follow("belote2", stock=0).free
    assert follow("belote2", True) == follow("belote2")  # no such option: ignored
    assert text("new_hand", "ko") == "새 판"


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
    from belote_lab.record import RecordError
    from belote_lab.selfplay import play_hand

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
