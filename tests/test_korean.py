"""Natural Korean everywhere a learner reads (issue #15, item 4).

(a) particles chosen by how a card, suit, seat, team or number is read (``belote_lab.korean``);
(b) every reason of play and every refusal, parse error and result in Korean is one sentence
    with no particle fallback, no card code and no English word;
(c) the widgets rendered in Korean in many states (a PlayTable of each game from the bidding
    to the end with random clicks, a HandStepper of a finished hand of each game, the
    RuleExplorer, the CardOrderTable, the SettingsPanel): their visible text, tooltips and
    button words included, shows no particle fallback and no card code;
(d) the Korean terms of ``docs/TERMS.md`` appear in the widgets' Korean texts.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import belote_widgets as bw
import ipywidgets as widgets
import pytest
from belote_widgets.i18n import labels, set_language
from belote_widgets.play_table import TABLE_TEXTS
from belote_widgets.settings import TEXTS as SETTINGS_TEXTS

from belote_lab.cards import Card, CardParseError, CardSet, explain_seat, parse_cards
from belote_lab.games.base import IllegalAction
from belote_lab.games.belote import score_hand
from belote_lab.games.belote2 import new_taking, score_belote2
from belote_lab.games.callbreak import CallbreakBidding, parse_call, score_round
from belote_lab.games.coinche import Auction, score_coinche
from belote_lab.games.taking import Taking, TakingError
from belote_lab.korean import attach, card_name, kformat, ordinal, particle, seat_name, seat_word
from belote_lab.reasons import explain
from belote_lab.rules import Belote2Rules
from belote_lab.simulation.selfplay import hand_class, hand_in_play, play_hand
from belote_lab.trick import Reason, Rule, why_not
from belote_lab.words import section as catalogue_section

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("belote", "coinche", "belote2", "callbreak")
FALLBACKS = ("(를)", "(을)", "(가)", "(이)", "(는)", "(은)", "(으)로", "(와)", "(과)")
CARD_CODE = re.compile(r"\b[2-9TJQKA][SHDC]\b")
RAW_CODES = re.compile(r"\b(capotbelote|generalebelote|capot|generale|\d+(S|H|D|C|NT|AT))\b")
SENTENCE_END = re.compile(r"(다|요|까)(\([^()]*\))?[.!?]")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def _short(words: str) -> str:
    """A test id: the first words of a text."""
    return words[:24]


def assert_clean(words: str, where: str = "") -> None:
    """No particle fallback, no card code, no raw bid or contract code."""
    for fallback in FALLBACKS:
        assert fallback not in words, f"{where}: {fallback} in {words!r}"
    assert not CARD_CODE.search(words), f"{where}: card code in {words!r}"
    assert not RAW_CODES.search(words), f"{where}: raw code in {words!r}"


def assert_one_sentence(words: str) -> None:
    """Korean words of one sentence, clean, with no English word."""
    assert re.search("[가-힣]", words), words
    assert_clean(words)
    typed = re.sub(r"‘[^’]*’", "", words)  # what the user typed is quoted as typed
    assert not re.search(r"[A-Za-z]{3,}", typed), f"English in {words!r}"
    assert len(SENTENCE_END.findall(words)) == 1, f"not one sentence: {words!r}"
    assert words.rstrip().endswith((".", ")")), words


# --- (a) particles --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("word", "kind", "expected"),
    [
        # cards: read suit then rank (하트 J, 스페이드 10): the rank decides
        ("A♠", "을", "를"), ("K♦", "이", "가"), ("Q♣", "은", "는"), ("J♥", "과", "와"),
        ("9♥", "을", "를"), ("10♥", "을", "을"), ("7♣", "이", "이"), ("8♦", "으로", "로"),
        ("10♠", "으로", "으로"), ("2♠", "으로", "로"), ("3♠", "은", "은"), ("6♦", "을", "을"),
        # suits read by name, all vowels
        ("♠", "이", "가"), ("♥", "을", "를"), ("♦", "으로", "로"), ("♣", "은", "는"),
        # seats and teams
        ("북", "이", "이"), ("동", "은", "은"), ("남", "을", "을"), ("서", "이", "가"),
        ("남북 팀", "이", "이"), ("동서 팀", "과", "과"),
        # numbers (Sino-Korean), bids and words in brackets
        ("80", "을", "을"), ("4", "을", "를"), ("1", "으로", "로"), ("3", "으로", "으로"),
        ("4.2", "은", "는"), ("162", "이", "가"), ("1000", "이", "이"),
        ("하트 80(쿠앵슈, ×2)", "을", "을"), ("‘ZZ’", "은", "는"), ("패스", "을", "를"),
        ("카포", "으로", "로"), ("으뜸패 없음", "으로", "으로"),
    ],
)
def test_particles(word: str, kind: str, expected: str) -> None:
    assert particle(word, kind) == expected
    other = {"이": "가", "을": "를", "은": "는", "과": "와", "으로": "로"}[kind]
    assert particle(word, other) == expected  # either form names the kind


def test_particle_formatter_and_names() -> None:
    assert kformat("{c:을} 냈습니다.", c=Card.parse("9H")) == "9♥를 냈습니다."
    assert kformat("{s:이} 선입니다.", s=seat_word("W")) == "서쪽이 선입니다."
    assert seat_name("W") == "서"  # the short name: compact labels only
    assert attach(card_name(Card.parse("TS")), "을") == "스페이드 10을"
    names = [attach(card_name(c), "이") for c in parse_cards("AS 7C")]
    assert names == ["스페이드 A가", "클로버 7이"]
    with pytest.raises(ValueError, match="unknown particle"):
        particle("남", "의")
    # the widgets' helper is the engine's
    from belote_widgets.i18n import particle as widget_particle

    assert widget_particle is particle


# --- (b) every reason and refusal: one sentence ---------------------------------------------------
def reason_texts() -> list[str]:
    r = why_not("AC", "7H JH AC KD", ["KS", "AS"], "H")
    assert isinstance(r, Reason)
    out = []
    for rule in Rule:
        for partners in ("yes", "no"):
            reason = Reason(r.card, rule, r.legal, r.led, Card.parse("9H"), r.trump,
                            {"partners": partners})
            out.append(explain(reason, "ko"))
    return out


@pytest.mark.parametrize("words", reason_texts(), ids=_short)
def test_every_reason_is_one_korean_sentence(words: str) -> None:
    assert_one_sentence(words)
    assert "므로" in words  # the cause, then the rule


def refusal(action: Callable[..., Any], *args: Any) -> str:
    """The Korean words of the refusal ``action(*args)`` raises."""
    try:
        action(*args)
    except (TakingError, IllegalAction, CardParseError) as e:
        return e.text("ko")
    raise AssertionError("not refused")


def _taking_refusals() -> list[str]:
    out = []
    t = Taking(dealer=2, turned="JC", turned_jack_forces_dealer=True)
    out.append(refusal(lambda: t.verify("H")))  # round 1: take or pass only
    out.append(refusal(lambda: t.verify("xyz")))
    for _ in range(3):
        t.call("pass")
    out.append(refusal(lambda: t.verify("pass")))  # the dealer must take a turned jack
    t = Taking(dealer=2, turned="KC")
    out.append(refusal(t.undo))
    for _ in range(4):
        t.call("pass")
    out += [refusal(t.verify, c) for c in ("take", "C", "NT", "AT")]
    t2 = new_taking(2, "JH", redeals=2, rules=Belote2Rules())
    for _ in range(3):
        t2.call("pass")
    out.append(refusal(lambda: t2.verify("pass")))  # the dealer may not pass
    t2.call("S")
    out.append(refusal(lambda: t2.verify("pass")))  # over
    return out


def _auction_refusals() -> list[str]:
    out = []
    a = Auction(dealer=0)
    out.append(refusal(a.undo))
    calls = ("coinche", "surcoinche", "xyz", "85H", "70H", "190H", "80NT", "80AT", "generaleS",
             "capotbeloteS")  # the default rules allow no NT, AT, générale or belote bids
    out += [refusal(a.verify, c) for c in calls]
    a.call("90S")
    a.call("pass")
    out.append(refusal(lambda: a.verify("coinche")))  # the partner's bid
    out.append(refusal(lambda: a.verify("80H")))  # not higher
    a.call("100H")
    a.call("coinche")
    out.append(refusal(lambda: a.verify("110S")))  # after a coinche
    a.call("pass")
    out.append(refusal(lambda: a.verify("pass")))  # over
    return out


def _callbreak_refusals() -> list[str]:
    out = [refusal(parse_call, v) for v in (True, "x", 9, 0)]
    b = CallbreakBidding(dealer=3)
    for n in (2, 3, 4, 5):
        b.call(n)
    out.append(refusal(lambda: b.verify(3)))
    return out


def _hand_refusals() -> list[str]:
    """A hand's refusals: a call out of turn or by no seat, a card in the bidding, out of
    turn or not a card, a call during the play."""
    out = []
    for game in GAMES:
        h = hand_class(game)(seed=3)
        if h.phase == "bidding":
            other = next(s for s in h.seat_order if s != h.current_player)
            call = h.legal_calls()[0]
            out += [h.why_not_call(call, other, "ko"), h.why_not_call(call, 7, "ko")]
            out.append(h.why_not("AS", None, "ko"))
        p = hand_in_play(game, seed=3)
        other = next(s for s in p.seat_order if s != p.current_player)
        out.append(p.why_not(next(iter(p.hand(other))), other, "ko"))
        out.append(p.why_not("ZZ", None, "ko"))
        out.append(refusal(hand_class(game)(seed=3).undo))
        out.append(p.why_not_call(p.legal_calls()[0] if p.legal_calls() else "pass", None, "ko"))
    assert all(isinstance(w, str) for w in out), out
    return [str(w) for w in out]


def _parse_refusals() -> list[str]:
    out = [CardParseError(t, what).text("ko") for t, what in
           (("ZZ", "card"), ("X", "suit"), ("1", "rank"), ("Q", "seat"), ("XX", "contract"),
            ("?", "32-card deck"))]
    out.append(refusal(lambda: parse_cards("AS AS")))
    out += [explain_seat(s, n, "ko") for s, n in (("X", 4), (7, 4), ("E", 2))]
    return out


def refusal_texts() -> list[str]:
    return (_taking_refusals() + _auction_refusals() + _callbreak_refusals() + _hand_refusals()
            + _parse_refusals())


@pytest.mark.parametrize("words", refusal_texts(), ids=_short)
def test_every_refusal_is_one_korean_sentence(words: str) -> None:
    assert_one_sentence(words)


def result_texts() -> list[str]:
    out = []
    for args, kw in [
        (((80, 82), (4, 4), (20, 0)), {"attack": 0}),  # made
        (((60, 102), (4, 4), (20, 0)), {"attack": 0}),  # failed
        (((60, 102), (4, 4), (20, 0)), {"attack": 0, "failed_contract": "keep_belote"}),
        (((81, 81), (4, 4), (0, 0)), {"attack": 0}),  # litige
        (((162, 0), (8, 0), (0, 0)), {"attack": 0}),  # capot
        (((0, 162), (0, 8), (0, 0)), {"attack": 0}),  # the defence wins every trick
    ]:
        out.append(score_hand(*args, **kw).why("ko"))  # type: ignore[arg-type]
    for pts, belote in [((95, 67), (0, 0)), ((60, 102), (20, 0)), ((71, 71), (0, 20))]:
        r = score_belote2({"N": pts[0], "S": pts[1]}, {"N": 8, "S": 8},
                          {"N": belote[0], "S": belote[1]}, "N")
        out.append(r.why("ko"))
    out.append(score_belote2({"N": 162, "S": 0}, {"N": 16, "S": 0}, {"N": 0, "S": 0}, "N").why(
        "ko"))
    out += score_round([4, 3, 1, 2], [6, 2, 1, 4]).why("ko").splitlines()
    for pts, tricks, bid, mult in [
        ((118, 44), (2, 2, 2, 2), "80H", 1), ((73, 89), (2, 2, 2, 2), "80D", 2),
        ((70, 92), (2, 2, 2, 2), "100S", 4), ((152, 10), (4, 0, 4, 0), "capotS", 1),
        ((141, 21), (3, 1, 3, 1), "capotS", 1), ((162, 0), (8, 0, 0, 0), "generaleH", 1),
        ((162, 0), (4, 0, 4, 0), "capotbeloteS", 1),
    ]:
        out.append(score_coinche(pts, tricks, bid, bidder=0, multiplier=mult).why("ko"))
    return out


@pytest.mark.parametrize("words", result_texts(), ids=_short)
def test_every_result_is_one_korean_sentence(words: str) -> None:
    assert_one_sentence(words)


# --- (c) the widgets in Korean --------------------------------------------------------------------
_STYLE = re.compile(r"<style>.*?</style>", re.S)
_ATTR = re.compile(r'\b(?:title|aria-label)="([^"]*)"')
_TAG = re.compile(r"<[^>]+>")


def screen_words(markup: str) -> str:
    """What a page shows of ``markup``: its text and its tooltips (``title``, ``aria-label``)."""
    markup = _STYLE.sub("", markup)
    tips = _ATTR.findall(markup)
    return html.unescape(" ".join([_TAG.sub(" ", markup), *tips]))


def visible_text(root: widgets.Widget) -> str:
    """Every word ``root`` shows: HTML and labels, text fields, button words and tooltips,
    checkbox and field descriptions, the choices of dropdowns and toggles."""
    parts: list[str] = []
    stack = [root]
    seen: set[int] = set()
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        if isinstance(w, (widgets.HTML, widgets.Label, widgets.Text, widgets.Textarea)):
            parts.append(screen_words(str(w.value)))
        for attr in ("description", "tooltip", "placeholder"):
            v = getattr(w, attr, None)
            if isinstance(v, str):
                parts.append(screen_words(v))
        labels_ = getattr(w, "_options_labels", None)
        if labels_:
            parts.extend(str(x) for x in labels_)
        stack.extend(getattr(w, "children", ()) or ())
    return "\n".join(p for p in parts if p.strip())


def _play_states(game: str, seed: int) -> Iterator[str]:
    """A Korean PlayTable of ``game`` from the deal to the end: its text at each decision of
    the learner (random calls and cards, one refused card) and at the end."""
    seat = "N" if game == "belote2" else "S"
    t = bw.PlayTable(game, level=1, seat=seat, seed=seed, language="ko")
    rng = random.Random(seed)
    refused = False
    yield visible_text(t)
    while not t.hand.is_over:
        h = t.hand
        if h.phase == "bidding":
            if t.bid_input.options and rng.random() < 0.3:
                t.bid_button.click()
            else:
                t.call_buttons[rng.choice(list(t.call_buttons))].click()
        else:
            legal = set(h.legal_cards())
            bad = [c for c in t.cards.cards if c not in legal]
            if bad and not refused:
                t.cards.click(bad[0])
                refused = True
                yield visible_text(t)
            t.cards.click(rng.choice(sorted(legal)))
        yield visible_text(t)
    t.undo_button.click()  # refused: the hand is counted or nothing to undo
    yield visible_text(t)


def _stepper_states(game: str) -> Iterator[str]:
    players = ",".join(["1"] * (2 if game == "belote2" else 4))
    dealer = "S" if game == "belote2" else "N"
    st = bw.HandStepper(play_hand(game, players, seed=5, dealer=dealer).to_json(),
                        language="ko")
    for k in range(0, st.length + 1, 3):
        st.go(k)
        yield visible_text(st)
    st.last()
    yield visible_text(st)
    st.set_view("N")
    yield visible_text(st)


def _explorer_states() -> Iterator[str]:
    x = bw.RuleExplorer(language="ko")
    yield visible_text(x)
    for card in list(x.situation.hand):
        x.click(card)
        yield visible_text(x)
    for seed in range(6):
        for game in GAMES:
            x.game_input.value = game
            x.random_situation(seed)
            x.click(x.situation.hand[0])
            yield visible_text(x)
    x.quiz = True
    x.click(x.situation.hand[0])
    x.check()
    yield visible_text(x)
    x.hand_input.value = "7♥ ZZ"  # a Korean learner types the cards as they look
    x.apply_inputs()
    yield visible_text(x)
    x.hand_input.value, x.trick_input.value = "7♥ A♠", "A♠"
    x.apply_inputs()
    yield visible_text(x)
    x.case_input.value = '{"ask": "play"}'
    x.case_button.click()
    yield visible_text(x)


def _static_states() -> Iterator[str]:
    t = bw.CardOrderTable("H", language="ko")
    for code in ("S", "H", "D", "C", "NT", "AT"):
        t.set_contract(code)
        yield visible_text(t)
    for game in GAMES:
        for mode in ("hand", "game", "match", "run", "journey"):
            try:
                p = bw.SettingsPanel(game, mode=mode, language="ko")
            except ValueError:
                continue
            yield visible_text(p)
    p = bw.SettingsPanel("coinche", language="ko")
    p.rule_inputs["min_bid"].value = 170
    p.rule_inputs["max_bid"].value = 100
    p.start()
    yield visible_text(p)
    # seed 004's declarations: the question with the advice, then the cards shown
    t = bw.PlayTable("belote", seed=6, level=2, rules={"declarations": True}, language="ko")
    t.call("take")
    yield visible_text(t)
    t.declare(True)
    while not t.hand.tricks:
        t.play(sorted(t.hand.legal_cards())[0])
    yield visible_text(t)


_SCREENS: list[tuple[str, str]] = []


def korean_screens() -> list[tuple[str, str]]:
    """(which widget and state, its visible text) for every Korean screen of (c), made once."""
    if not _SCREENS:
        for game in GAMES:
            for seed in (1, 2):
                _SCREENS.extend((f"PlayTable {game} {seed}", s) for s in _play_states(game, seed))
            _SCREENS.extend((f"HandStepper {game}", s) for s in _stepper_states(game))
        _SCREENS.extend(("RuleExplorer", s) for s in _explorer_states())
        _SCREENS.extend(("CardOrderTable/SettingsPanel", s) for s in _static_states())
    return _SCREENS


def test_every_korean_screen_is_clean() -> None:
    screens = korean_screens()
    assert len(screens) > 100
    for where, words in screens:
        assert re.search("[가-힣]", words), where
        assert_clean(words, where)


def test_korean_screens_use_the_seeds_words() -> None:
    words = "\n".join(s for _, s in korean_screens())
    for term in ("공수 결정", "공약", "경매", "계약자", "서열", "으뜸패", "뒤집힌 카드", "선",
                 "콜", "더미", "엎어 놓은 카드", "알림"):
        assert term in words, term
    for wrong in ("입찰", "순위", "블로트", "코인치", "가져/간"):
        assert wrong not in words, wrong


def test_every_label_has_both_languages() -> None:
    assert set(labels("ko")) == set(labels("en"))
    for key, template in labels("ko").items():
        assert_clean(template, key)
    for key, template in SETTINGS_TEXTS["ko"].items():
        assert_clean(template, key)
        assert key in SETTINGS_TEXTS["en"]


# --- (d) the term table ---------------------------------------------------------------------------
def term_table() -> list[tuple[str, str]]:
    """(English, Korean) of each row of docs/TERMS.md's first table, the game's terms (the
    table headed ``| English | Korean | seeds |``; its later columns may grow)."""
    rows = []
    inside = False
    for line in (ROOT / "docs" / "TERMS.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| English | Korean | seeds |"):
            inside = True
        elif inside and not line.startswith("|"):
            break
        elif inside and re.search("[가-힣]", cells[1]):
            rows.append((cells[0], cells[1]))
    return rows


def test_the_term_table_is_used_by_the_widgets() -> None:
    rows = term_table()
    assert len(rows) >= 30
    korean = [
        *labels("ko").values(),
        *SETTINGS_TEXTS["ko"].values(),
        *TABLE_TEXTS["ko"].values(),
        *(s for _, s in korean_screens()),
        *reason_texts(),
        *refusal_texts(),
        *result_texts(),
        *catalogue_section("declarations", "ko").values(),  # the table's declarations
    ]
    corpus = "\n".join(korean)
    english = {e for e, _ in rows}
    for needed in ("suit", "dix de der", "match", "win streak, run", "defending team"):
        assert any(needed in e for e in english), needed
    for english_term, term in rows:
        for word in (w.strip() for w in term.split("/")):
            assert word in corpus, f"{english_term}: {word} is in no widget's Korean text"


def test_a_card_in_a_korean_sentence_reads_as_the_term_table_says() -> None:
    text = (ROOT / "docs" / "TERMS.md").read_text(encoding="utf-8")
    for example in ("A♠를", "10♥을", "8♦로", "♠가"):
        assert example in text
    assert CardSet.parse("AS TH").pretty() == "A♠ 10♥"


# --- (e) the native editor's review (2026-12-02): what the engine's texts must not do ---------
# a one-syllable seat followed by a particle: 남은 reads "remaining", 남이/남의 "someone else"
SHORT_SEAT = re.compile(r"(?<![가-힣])[북동남서](?:은|는|이|가|의|을|를|과|와)(?![가-힣])")


def engine_texts() -> list[str]:
    return reason_texts() + refusal_texts() + result_texts()


def test_a_seat_in_a_sentence_is_named_in_full() -> None:
    """§1: wherever a seat is a subject, topic or owner, 남쪽 (not 남)."""
    for words in engine_texts():
        assert not SHORT_SEAT.search(words), words
    lines = score_round([4, 3, 1, 2], [6, 2, 0, 5]).why("ko").splitlines()
    assert lines[2] == "남쪽은 1을 콜했지만 한 트릭도 따지 못했으므로 콜 수만큼 잃어 -1점입니다."
    assert lines[3].startswith("서쪽은 2를 콜하고 5트릭을 땄으므로")
    a = Auction(dealer=0)
    a.call("90S")
    a.call("pass")
    assert refusal(lambda: a.verify("coinche")) == (
        "스페이드 90은 같은 팀인 동쪽의 공약이므로 서쪽은 쿠앵슈할 수 없습니다."
    )
    h = hand_in_play("belote", seed=3)
    other = next(s for s in h.seat_order if s != h.current_player)
    words = h.why_not(next(iter(h.hand(other))), other, "ko")
    assert words == f"지금은 {seat_word(h.current_player)} 차례이므로 {seat_word(other)}" + (
        "은 카드를 낼 수 없습니다."
    )


def test_the_four_result_sentences_read_right() -> None:
    """§4: the side that failed is the attack; a made all-tricks bid is not contrasted; a
    two-player tie names each total with its seat; a follow refusal says what is in the hand."""
    defence_capot = score_hand((162, 0), (7, 1), (0, 0), attack=1).why("ko")
    assert defence_capot.startswith(
        "수비 팀인 남북 팀이 이 판의 점수를 모두 얻었으므로 동서 팀은 계약에 실패했고, "
    ), defence_capot
    by_tricks = score_hand((162, 0), (8, 0), (0, 0), attack=1, capot="all_tricks").why("ko")
    assert "남북 팀이 모든 트릭을 땄으므로 동서 팀은 계약에 실패했고" in by_tricks
    made = score_coinche((162, 0), (4, 0, 4, 0), "capotH", bidder=0).why("ko")
    assert made == "남북 팀이 하트 카포를 공약해 8트릭을 모두 이겼으므로 성공했습니다."
    assert "했는데" not in made
    alone = score_coinche((162, 0), (8, 0, 0, 0), "generaleH", bidder=0).why("ko")
    assert alone == (
        "남북 팀이 하트 제네랄을 공약해 북쪽이 혼자 8트릭을 모두 이겼으므로 성공했습니다."
    )
    none = score_coinche((0, 162), (0, 4, 0, 4), "capotH", bidder=0).why("ko")
    assert "한 트릭도 이기지 못했으므로 실패했습니다" in none
    tie = score_belote2({"N": 71, "S": 91}, {"N": 8, "S": 8}, {"N": 20, "S": 0}, "N").why("ko")
    assert tie == (
        "계약자인 북쪽(벨로트 포함 91점)과 남쪽(91점)의 점수가 같으므로 각자 자기 점수를 가집니다."
    )
    follow = why_not("JH", "AS 7S JH", ["KS"], "H")
    assert isinstance(follow, Reason)
    assert explain(follow, "ko") == (
        "손패에 ♠ 카드가 있으므로 선이 낸 무늬를 따라야 합니다(낼 수 있는 카드: A♠ 7♠)."
    )


def test_no_code_and_no_source_tag_in_the_engines_korean() -> None:
    """§3 and §7: no "(시드 000)" at the end of a failed hand, no Python value (‘True’), no
    "1번째"; §8: ranges with ~ and thousands separators."""
    for words in engine_texts():
        assert "시드" not in words and "1번째" not in words, words
        assert not re.search(r"‘(True|False|None)’", words), words
        assert not re.search(r"\d\s*(…|–|\.\.)\s*\d", words), words  # a range: 2~10
    assert "(A, K, Q, J 또는 2~10으로 씁니다)" in CardParseError("1", "rank").text("ko")
    failed = score_hand((60, 102), (4, 4), (20, 0), attack=0).why("ko")
    assert failed.endswith("이 판의 모든 점수 182점을 동서 팀이 가져갑니다."), failed
    assert refusal(parse_call, True) == (
        "‘true’ 값은 트릭 수가 아니므로 1부터 8까지의 수로 콜해야 합니다."
    )
    assert refusal(lambda: Taking(dealer=0, turned="KC").verify(None)).startswith("‘null’ 값은")
    assert refusal(lambda: Auction(dealer=0).verify(False)).startswith("‘false’ 값은")
    assert ordinal(1) == "첫 번째" and ordinal(12) == "12번째"
    from belote_lab.rules import BeloteRules, RuleOptionError

    with pytest.raises(RuleOptionError) as err:
        BeloteRules(target=10**9)
    assert err.value.text("ko") == (
        "규칙 옵션 ‘target’의 값은 1~100,000 사이의 정수여야 하는데 1,000,000,000입니다."
    )


def test_a_finished_match_says_match_in_the_seeds_word() -> None:
    """A two-player match is a 경기 (seed 001), not a 매치."""
    from belote_lab.games.belote2 import Belote2Match

    m = Belote2Match(seed=1)
    while not m._over:
        while not m.hand.is_over:
            h = m.hand
            if h.phase == "bidding":
                h.call(h.legal_calls()[0])
            else:
                h.play(next(iter(h.legal_cards())))
        m.next_hand()
    assert refusal(m.next_hand) == "이 경기는 이미 끝났으므로 다음 판을 시작할 수 없습니다."
