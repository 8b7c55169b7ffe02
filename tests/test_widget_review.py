"""The review at the table and in the hand stepper (issue 14): the button, its table, words in
both languages, and each card's line while stepping (the browser test clicks the same); each
card's verdict and its interval in the table, a lucky card found at the table, and the review
agreeing with the hint shown during the hand or saying why (issue 27, item 3)."""

from __future__ import annotations

import inspect
import re

import belote_widgets as bw
import pytest
from belote_widgets.review_view import REVIEW_TEXTS, review_html, row_html

from belote_lab.coaching import advice
from belote_lab.coaching import review as review_module
from belote_lab.coaching.review import level_with_first, review
from belote_lab.simulation.selfplay import play_hand


def play_first(t: bw.PlayTable) -> None:
    """The first call and then the first playable card each time, as the browser test does."""
    for _ in range(80):
        if t.hand.phase == "done":
            return
        legal = [c for c, b in t.cards.buttons.items() if "bw-legal" in b._dom_classes]
        if legal and t.is_learner_turn and t.hand.phase == "play":
            t.cards.click(legal[0])
        else:
            t.call_box.children[0].click()
    raise AssertionError("the hand did not end")


def test_both_languages_have_every_word() -> None:
    assert set(REVIEW_TEXTS["en"]) == set(REVIEW_TEXTS["ko"])


def test_review_button_at_the_table() -> None:
    t = bw.PlayTable("belote", mode="hand", level=2, seed=1)
    assert t.review_button.disabled and t.review_button.description == "Review this hand"
    assert not t.review_hand() and "once it is over" in t.status_label.value
    play_first(t)
    assert not t.review_button.disabled
    assert t.review_hand()
    r = t._review
    assert r is not None and r.seat == t.seat and len(r) == 8
    top = r.costliest(1)[0]
    html = t.review_html.value
    assert (f'<tr class="bw-costly bw-costliest" data-card="{top.card.text}" '
            f'data-verdict="{top.verdict}">') in html
    assert f"{top.card.pretty} cost {top.cost} points" in html
    assert html.count("<caption>Value (points): what the card's side wins from that card") == 1
    assert all(x.hint is not None for x in r.rows)  # what the hint said, beside each card
    stepper = t.review_stepper
    assert stepper is not None and stepper.review_html.value == ""  # the table is shown once
    k = next(i for i, a in enumerate(stepper._actions) if a[2] == top.card.text) + 1
    stepper.go(k)
    assert f'data-card="{top.card.text}"' in stepper.review_row_html.value
    t.set_language("ko")
    assert t.review_button.description == "이 판 검토하기" and stepper.language == "ko"
    assert f"{top.card.pretty} 때문에 {top.cost}점 손해" in t.review_html.value
    assert "이 카드" in stepper.review_row_html.value
    t.new_hand()  # a new hand: the review of the old one goes
    assert t._review is None and not t.review_box.children


def test_stepper_reviews_a_record_for_one_seat_or_all() -> None:
    h = play_hand("coinche", "2,2,2,2", seed=4)
    st = bw.HandStepper(h.to_json())
    r = st.review()
    assert r is not None and r.seat is None and len(r) == 32
    assert all(x.hint is None for x in r.rows)  # every seat: no hints unless asked
    assert "<th>Seat</th>" in st.review_html.value
    st.set_view("W")
    r = st.review(hints=False)
    assert r is not None and r.seat == 3 and len(r) == 8
    assert "<th>Seat</th>" not in st.review_html.value
    st.load(h.to_json())  # another record: the review is gone
    assert st.review_html.value == "" and st._review is None


def test_row_words() -> None:
    h = play_hand("belote", "1,1,1,1", seed=2)
    r = review(h, "S", hint_samples=2, hint_budget=10.0)
    for x in r.rows:
        en, ko = row_html(x, r.unit, "en"), row_html(x, r.unit, "ko")
        assert en.startswith('<span class="bw-review-row"') and x.card.pretty in en
        assert "The hint from what South could see" in en
        assert "남쪽 자리에서 보이는 카드만으로 계산한 힌트" in ko and "남 자리" not in ko
        key = "verdict_" + x.verdict.replace(" ", "_")
        assert f"<b>{REVIEW_TEXTS['en'][key]}</b>" in en
        assert f"<b>{REVIEW_TEXTS['ko'][key]}</b>" in ko
        if x.cost:
            assert f"cost {x.cost} point" in en
        else:
            assert "among the best cards" in en and "최선의 카드 중 하나" in ko
    assert review_html(r, "en").count('class="bw-card ') >= len(r)


@pytest.mark.parametrize("game", ["belote", "coinche", "belote2", "callbreak"])
def test_hint_during_bidding_shows_the_advice_table(game: str) -> None:
    t = bw.PlayTable(game, level=2, seed=3, advice_budget=0.3)
    for _ in range(10):  # to the learner's first call
        if t.is_learner_turn:
            break
        t.call_box.children[0].click()
    assert t.hand.phase == "bidding" and t.is_learner_turn
    assert t.show_hint()
    html = t.hint_html.value
    assert 'class="bw-advice"' in html and "<table" in html
    legal = [str(c) for c in t.hand.legal_calls()]
    assert t._advice is not None and len(t._advice.rows) == len(legal)
    assert "Bidding advice for South" in html and "The level-2 computer would call" in html
    t.set_language("ko")
    topic = {"belote": "공수 결정", "coinche": "경매", "belote2": "공수 결정", "callbreak": "콜"}
    assert f"남쪽 자리 {topic[game]} 조언(" in t.hint_html.value


def test_hint_at_the_first_lead_says_how_and_shows_a_range_only_from_20_deals() -> None:
    t = bw.PlayTable("belote", level=2, seed=3, hint_samples=4, hint_budget=30.0)
    t.call_buttons["take"].click()
    while not (t.hand.phase == "play" and t.is_learner_turn):
        t.call_box.children[0].click()
    assert t.show_hint()
    html = t.hint_html.value
    assert t._hint is not None and t._hint.samples <= 4
    assert f"average over {t._hint.samples} sampled deals" in html
    assert "<th>Range</th>" not in html and "Fewer than 20 deals: no range is shown." in html
    t.hint_samples = 40  # 40 draws of the weighted deals: 20 distinct ones at least
    assert t.show_hint()
    html = t.hint_html.value
    assert t._hint.samples >= 20 and "<th>Range</th>" in html
    assert f"average over {t._hint.samples} sampled deals" in html
    assert "no range" not in html
    t.set_language("ko")
    assert "범위" in t.hint_html.value


# --- verdicts and intervals (issue 27, item 3) ---------------------------------------------
def _play_first_with_hints(t: bw.PlayTable) -> list[object]:
    """:func:`play_first`, asking the hint before each card of the learner: the hints shown."""
    shown = []
    for _ in range(80):
        if t.hand.phase == "done":
            return shown
        legal = [c for c, b in t.cards.buttons.items() if "bw-legal" in b._dom_classes]
        if legal and t.is_learner_turn and t.hand.phase == "play":
            assert t.show_hint() and t._hint is not None
            shown.append(t._hint)
            t.cards.click(legal[0])
        else:
            t.call_box.children[0].click()
    raise AssertionError("the hand did not end")


def test_the_review_asks_what_the_table_shows() -> None:
    # the review's hints and call advice are the table's: the same seed, deals and time
    table = inspect.signature(bw.PlayTable).parameters
    assert table["hint_samples"].default == review_module.HINT_SAMPLES
    assert table["hint_budget"].default == review_module.HINT_BUDGET
    assert table["advice_budget"].default == review_module.CALL_BUDGET
    assert review_module.CALL_SAMPLES == advice.DEFAULT_SAMPLES and review_module.SEED == 0


def test_the_review_agrees_with_the_hint_shown_or_says_why() -> None:
    t = bw.PlayTable("belote", mode="hand", level=2, seed=3, hint_samples=6, hint_budget=30.0)
    shown = _play_first_with_hints(t)
    r = review(t.hand, t.seat, hint_samples=6, hint_budget=30.0, calls=False)
    assert len(shown) == len(r) == 8
    html = review_html(r, "en")
    cells = re.findall(r'<td class="bw-review-said">([^<]*)</td>', html)
    said_why = 0
    for x, hn, cell in zip(r.rows, shown, cells, strict=True):
        assert x.hint is not None
        assert x.hint.best_card == hn.best  # the same first card as the hint at the table
        assert x.hint.value == hn.values[x.card].mean and x.hint.samples == hn.samples
        # the hint's first card is named, unless the card played was it or level with it
        assert x.hint.best_card.pretty in cell or level_with_first(x)
        if x.hint.best_card not in x.best_cards:  # the review does not follow it: it says why
            assert x.differs and "every card known: " in cell
            said_why += 1
    listed = [x for x in r.costliest() if x.cost] + r.notable()
    for x in listed:
        if x.differs:
            assert (f"The hint saw {x.hint.samples} sampled deals and put "
                    f"{x.hint.best_card.pretty} first; with every card known") in r.text()
    assert said_why  # (this hand has such a card)


def test_each_row_shows_its_verdict_and_interval() -> None:
    h = play_hand("belote", "2,2,2,2", seed=2)
    r = review(h, "S", hint_samples=20, hint_budget=30.0, calls=False)
    for lang in ("en", "ko"):
        html = review_html(r, lang)
        for x in r.rows:
            row = re.search(rf'<tr[^>]*data-card="{x.card.text}" data-verdict="{x.verdict}">'
                            r"(.*?)</tr>", html)
            assert row, x
            word = REVIEW_TEXTS[lang]["verdict_" + x.verdict.replace(" ", "_")]
            assert f'<td class="bw-review-verdict">{word}</td>' in row.group(1)
            low, high = (f"{v:.1f}" for v in x.hint.interval)
            if low != high and float(low) > 0:
                dash = "–" if lang == "en" else "~"
                assert f"{low}{dash}{high}" in row.group(1), row.group(1)
                n = x.hint.samples
                assert (f"{n} deals" if lang == "en" else f"표본 딜 {n}개") in row.group(1)
    assert "95% interval over the hint's sampled deals" in review_html(r, "en")
    assert "표본 딜의 95% 신뢰구간" in review_html(r, "ko")
    dd = review_html(review(h, "S", hints=False, calls=False), "en")
    assert "No hint was asked: the verdict is the cost alone." in dd


def test_a_lucky_card_at_the_table() -> None:
    # what the browser test clicks (tests/test_browser_review.py): level 2, seed 10, the first
    # call and then the first playable card each time; South's A♦ at trick 6 cost nothing with
    # every card known, but the hint, from what South could see, put it well below 7♦
    # (a budget that always reaches the 32 deals' cap, so the seeded hint is the same however
    # busy the machine: the table's 0.9 s reaches it when the tests do not share the cores)
    t = bw.PlayTable("belote", mode="hand", level=2, seed=10, hint_budget=30.0)
    play_first(t)
    assert t.review_hand()
    r = t._review
    lucky = [x for x in r.rows if x.verdict == "lucky"]
    assert [(x.trick, x.card.text, x.cost) for x in lucky] == [(6, "AD", 0)]
    assert lucky[0].hint.interval[0] >= 6  # well past the line of 4 points: not a near thing
    assert lucky[0].hint.best_card.text == "7D"
    html = t.review_html.value
    assert '<td class="bw-review-verdict">lucky</td>' in html and ": lucky — " in html
    t.set_language("ko")
    html = t.review_html.value
    assert '<td class="bw-review-verdict">운이 좋았음</td>' in html and "운이 좋았습니다." in html
