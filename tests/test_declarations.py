"""Declarations as seed 004 describes them (issue #28, item 1): after the first trick a seat
*may* show its combinations; if both teams declare, only the greater total scores.

What was shown (:meth:`BeloteHand.shown_declarations`), a seat's choice to keep its
combinations hidden (``choose_declarations`` / ``hide_declarations``) through undo, copies,
observations and records, the refusals, the advice (:mod:`belote_lab.coaching.declaring`) and the
table's HTML (:mod:`belote_widgets.declarations_view`), in Belote and Coinche.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from belote_widgets.declarations_view import choice_labels, declarations_html
from hypothesis import given, settings
from hypothesis import strategies as st

from belote_lab import words
from belote_lab.cards import SEATS, Card, CardSet
from belote_lab.coaching.declaring import DeclarationAdvice, declaration_advice
from belote_lab.games.base import IllegalAction
from belote_lab.games.belote import (
    BeloteGame,
    BeloteHand,
    Declaration,
    declarations_of,
    declarations_words,
    team_declarations,
)
from belote_lab.games.coinche import CoincheHand
from belote_lab.games.record import RecordError, game_from_json, game_to_json
from belote_lab.rules import BeloteRules, CoincheRules

ON = BeloteRules(declarations=True)
DEAL = {  # N: tierce ♠ + carré of aces (120), E: cinquante ♥ (50), S: cent ♦, W: cent ♣
    "N": "7S 8S 9S AH AD AC AS KH", "E": "TS JS KS 7H 8H 9H TH QH",
    "S": "QS 7D 8D 9D TD JD QD KD", "W": "JH 7C 8C 9C TC JC QC KC",
}


def dealt(rules: BeloteRules = ON) -> BeloteHand:
    return BeloteHand.from_hands(DEAL, "H", "N", "N", rules)


def play(h: BeloteHand, n: int) -> None:
    for _ in range(n):
        h.play(next(iter(h.legal_cards())))


def shown(h: BeloteHand) -> list[tuple[str, str, str, int, bool]]:
    return [(SEATS[x.seat], x.kind, " ".join(c.text for c in x.cards), x.points, x.scored)
            for x in h.shown_declarations()]


# --- what is shown ------------------------------------------------------------------------------
def test_a_seeded_deal_shows_souths_tierce_after_the_first_trick() -> None:
    h = BeloteHand(ON, seed=1, dealer="N")
    h.call("take")  # E takes diamonds; S holds T♠ J♠ Q♠ and nobody else a combination
    tierce = tuple(Card.parse(c) for c in ("TS", "JS", "QS"))
    assert h.seat_declarations("S") == (Declaration("tierce", tierce, 20),)
    play(h, 3)
    assert h.shown_declarations() == ()  # not before the first trick is complete
    play(h, 1)
    assert shown(h) == [("S", "tierce", "TS JS QS", 20, True)]
    assert h.declared == {"NS": 20, "EW": 0}
    assert [x.text() for x in h.shown_declarations()] == ["South shows a tierce: 10♠ J♠ Q♠ (20)"]
    assert [x.text("ko") for x in h.shown_declarations()] == [
        "남쪽이 10♠ J♠ Q♠를 보여 주고 티에르스(같은 무늬 연속 3장) 20점을 선언했습니다."]


def test_every_combination_is_shown_and_only_the_greater_team_scores() -> None:
    h = dealt()
    play(h, 4)
    assert shown(h) == [
        ("N", "tierce", "7S 8S 9S", 20, True),
        ("N", "carre", "AS AH AD AC", 100, True),
        ("E", "cinquante", "7H 8H 9H TH", 50, False),
        ("S", "cent", "7D 8D 9D TD JD QD KD", 100, True),
        ("W", "cent", "7C 8C 9C TC JC QC KC", 100, False),
    ]
    assert h.declared == {"NS": 220, "EW": 0} == team_declarations(h.original)
    assert declarations_words(h.shown_declarations())[-1] == (
        "North–South declared 220 and East–West 150: only the greater total scores, so "
        "North–South gets +220 and East–West nothing.")
    assert [e.points for e in h.events if e.kind == "declaration"] == [220]


def test_nothing_is_shown_without_the_option() -> None:
    h = dealt(BeloteRules())
    play(h, 4)
    assert h.shown_declarations() == () and h.declared == {"NS": 0, "EW": 0}
    assert not h.declaration_choice_pending("S") and h.seat_declarations("S") == ()
    before = h.to_json()
    with pytest.raises(IllegalAction) as e:
        h.hide_declarations("S")
    assert "option 'declarations' is off" in str(e.value)
    assert e.value.text("ko") == "이 규칙에서는 선언을 하지 않으므로 선언 여부를 고를 수 없습니다."
    assert h.to_json() == before


# --- the choice ---------------------------------------------------------------------------------
def test_a_hidden_seat_neither_shows_nor_scores() -> None:
    h = dealt()
    assert h.declaration_choice_pending("S") and h.declares("S")
    h.hide_declarations("S")
    assert not h.declaration_choice_pending("S") and not h.declares("S")
    assert h.declaration_choice("S") is False and h.declaration_choice("N") is None
    play(h, 4)
    assert [s for s, *_ in shown(h)] == ["N", "N", "E", "W"]
    # N-S 120 against E-W 150: now E-W's declarations score, N-S's do not
    assert [x.scored for x in h.shown_declarations()] == [False, False, True, True]
    declaring = [h.declares(s) for s in range(4)]
    assert h.declared == {"NS": 0, "EW": 150} == team_declarations(h.original, declaring)
    assert team_declarations(h.original) == {"NS": 220, "EW": 0}  # S's cent excluded above
    assert not h.declarations_complete
    play(h, 28)
    assert h.result.declarations == {"NS": 0, "EW": 150}
    assert sum(h.result.points.values()) == 162


def test_declaring_explicitly_is_the_default_and_may_change_until_the_trick_ends() -> None:
    h = dealt()
    h.choose_declarations("S", True)
    assert h.declaration_choice("S") is True and not h.declaration_choice_pending("S")
    play(h, 2)
    h.hide_declarations("S")
    h.choose_declarations("S")  # changed back before the trick is complete
    play(h, 2)
    assert h.declared == {"NS": 220, "EW": 0} and h.declarations_complete


def test_pending_only_in_the_first_trick_for_a_seat_with_a_combination() -> None:
    h = BeloteHand(ON, seed=1, dealer="N")
    assert not h.declaration_choice_pending("S")  # the taking: the hand is not complete
    h.call("take")
    assert h.declaration_choice_pending("S")
    assert not any(h.declaration_choice_pending(s) for s in "NEW")  # no combination
    play(h, 4)
    assert not h.declaration_choice_pending("S")


def test_refused_after_the_first_trick_and_nothing_changes() -> None:
    h = dealt()
    play(h, 4)
    before, record = h.copy(), h.to_json()
    for choose in (lambda: h.hide_declarations("S"), lambda: h.choose_declarations("N", True)):
        with pytest.raises(IllegalAction) as e:
            choose()
        assert "the first trick is complete" in str(e.value)
        assert "첫 번째 트릭이 끝나" in e.value.text("ko")
    assert h == before and h.to_json() == record and not h.declarations_open()


def test_refused_for_a_redeal_and_for_a_bad_seat() -> None:
    h = BeloteHand(ON, seed=2)
    for _ in range(8):
        h.call("pass")
    assert h.phase == "redeal"
    with pytest.raises(IllegalAction, match="dealt again"):
        h.hide_declarations("S")
    with pytest.raises(IllegalAction):
        dealt().hide_declarations("X")


def test_undo_restores_the_shown_declarations_and_the_choice() -> None:
    h = dealt()
    play(h, 2)
    h.hide_declarations("S")  # between the 2nd and the 3rd card
    play(h, 1)
    at_three = h.copy()
    play(h, 1)
    assert h.declared == {"NS": 0, "EW": 150}
    h.undo()  # the trick is not complete: nothing shown, S still hidden
    assert h == at_three and h.shown_declarations() == () and not h.declares("S")
    assert h.declared == {"NS": 0, "EW": 0}
    h.undo()  # back before the 3rd card: the choice made before it stays
    assert h.declaration_choice("S") is False
    h.undo()  # back before the 2nd card: the choice was not made yet
    assert h.declaration_choice("S") is None and h.declaration_choice_pending("S")


def test_a_copy_is_independent_and_an_observation_hides_other_seats_choices() -> None:
    h = dealt()
    c = h.copy()
    c.hide_declarations("S")
    assert h.declares("S") and not c.declares("S") and h != c
    o = c.observation("N")
    assert o.declaration_choice("S") is None and o.declares("S")
    assert c.observation("S").declaration_choice("S") is False
    play(c, 4)
    assert c.observation("E").shown_declarations() == c.shown_declarations()  # public


# --- records ------------------------------------------------------------------------------------
def test_records_keep_the_choices_and_read_old_records() -> None:
    h = dealt()
    h.hide_declarations("S")
    h.choose_declarations("E", True)
    play(h, 6)
    data = h.to_json()
    assert data["declarations"] == {"E": "show", "S": "hide"}
    again = BeloteHand.from_json(json.loads(json.dumps(data)))
    assert again == h and again.shown_declarations() == h.shown_declarations()
    assert again.declared == {"NS": 0, "EW": 150}
    old = dict(data)
    del old["declarations"]  # a record of before this key: every seat declares
    assert BeloteHand.from_json(old).declared == {"NS": 220, "EW": 0}
    assert "declarations" not in dealt().to_json()  # no choice, no key: records as before


def test_a_game_record_keeps_the_current_hands_choice() -> None:
    g = BeloteGame(ON, seed=5)
    g.hand.hide_declarations("W")
    loaded = game_from_json(game_to_json(g))
    assert loaded.hand.declaration_choice("W") is False


@pytest.mark.parametrize(("change", "field", "ko"), [
    (lambda r: r.update(declarations=["S"]), "declarations", "객체"),
    (lambda r: r.update(declarations={"S": "maybe"}), "declarations.S", "‘show’ 또는 ‘hide’"),
    (lambda r: r.update(declarations={"Q": "hide"}), "declarations", "자리"),
    (lambda r: r.update(declarations={"S": "hide"}, rules={}), "declarations", "선언 여부"),
])
def test_bad_choices_in_a_record_are_refused(
    change: Callable[[dict[str, Any]], None], field: str, ko: str
) -> None:
    data = dealt().to_json()
    change(data)
    with pytest.raises(RecordError) as e:
        BeloteHand.from_json(data)
    assert e.value.field == field and ko in e.value.text("ko")


# --- Coinche ------------------------------------------------------------------------------------
def test_coinche_equal_totals_score_nothing_and_a_hidden_tierce_changes_that() -> None:
    def seeded() -> CoincheHand:
        h = CoincheHand(CoincheRules(declarations=True), seed=19, dealer="N")
        for call in ("80S", "pass", "pass", "pass"):
            h.call(call)
        return h

    h = seeded()  # E: Q♦ K♦ A♦, S: Q♥ K♥ A♥ — 20 each
    play(h, 4)
    assert shown(h) == [("E", "tierce", "QD KD AD", 20, False),
                        ("S", "tierce", "QH KH AH", 20, False)]
    assert h.declared == {"NS": 0, "EW": 0}
    assert declarations_words(h.shown_declarations(), "ko")[-1] == (
        "두 팀 모두 20점을 선언해 동점이므로 어느 팀도 선언 점수를 얻지 못합니다.")
    hidden = seeded()
    hidden.hide_declarations("S")
    play(hidden, 4)
    assert shown(hidden) == [("E", "tierce", "QD KD AD", 20, True)]
    assert hidden.declared == {"NS": 0, "EW": 20}
    again = CoincheHand.from_json(hidden.to_json())
    assert again == hidden and again.declared == {"NS": 0, "EW": 20}
    play(hidden, 28)
    assert hidden.result.declarations == {"NS": 0, "EW": 20}


# --- the property: declarations never change card points ----------------------------------------
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), hide=st.lists(st.booleans(), min_size=4, max_size=4),
       coinche=st.booleans())
def test_card_points_stay_162_and_declarations_are_the_shown_greater_total(
    seed: int, hide: list[bool], coinche: bool
) -> None:
    if coinche:
        h: BeloteHand = CoincheHand(CoincheRules(declarations=True), seed=seed)
        h.call("80H")
        for _ in range(3):
            h.call("pass")
    else:
        h = BeloteHand(ON, seed=seed)
        while h.phase == "bidding":
            h.call(h.legal_calls()[0])  # take, or name a suit in round 2
        if h.phase != "play":
            return
    for s in range(4):
        if hide[s]:
            h.hide_declarations(s)
    rng = random.Random(seed)
    while h.phase == "play":
        h.play(rng.choice(list(h.legal_cards())))
    assert sum(h.result.points.values()) == 162
    totals = {t: sum(x.points for x in h.shown_declarations() if x.team == t) for t in ("NS", "EW")}
    best = max(totals.values())
    want = {t: v if v == best and totals["NS"] != totals["EW"] else 0 for t, v in totals.items()}
    assert h.result.declarations == want
    assert all(not hide[x.seat] for x in h.shown_declarations())
    assert all(x.scored == (want[x.team] > 0) for x in h.shown_declarations())
    for s in range(4):  # a seat that declares shows exactly its combinations
        if not hide[s]:
            mine = [x.declaration for x in h.shown_declarations() if x.seat == s]
            assert mine == declarations_of(CardSet(h.original[s]))


# --- the advice ---------------------------------------------------------------------------------
def test_the_advice_weighs_declaring_against_hiding_in_both_languages() -> None:
    h = dealt()
    a = declaration_advice(h, "S", n=60, rng=random.Random(3))
    assert a.best == "declare" and a.points == 100 and a.draws == 60
    assert 0 <= a.p_hide < a.p_show <= 1 and a.gain > 0 and a.mean_show >= a.mean_hide
    assert a.gain == pytest.approx(a.mean_show - a.mean_hide)
    en, ko = a.text("en"), a.text("ko")
    assert en.startswith("Declare: over 60 deals drawn from what South can see")
    assert f"{100 * a.p_show:.0f}%" in en and f"{a.gain:.1f}" in en
    assert "this package does not measure what that information costs" in en
    assert ko.startswith("선언하는 편이 낫습니다. 남쪽이 볼 수 있는 것에 맞춰 뽑은 표본 딜 60개")
    assert "이 패키지가 재지 않습니다." in ko
    # the same deals for the same rng, and only what S can see is read
    assert declaration_advice(h, "S", n=60, rng=random.Random(3)) == a
    assert declaration_advice(h.observation("S"), "S", n=60, rng=random.Random(3)) == a


def test_the_advice_without_a_combination_and_its_hide_verdict() -> None:
    h = BeloteHand(ON, seed=1, dealer="N")
    h.call("take")
    none = declaration_advice(h, "N", n=5)
    assert none.best == "none" and none.draws == 0
    assert none.text() == "North holds no combination: there is nothing to declare."
    assert none.text("ko") == "북쪽에게는 조합이 없으므로 선언할 것이 없습니다."
    tierce = h.seat_declarations("S")
    hide = DeclarationAdvice(2, tierce, 40, 31, 0.0, 0.0, -50.0, -50.0, 0.0, 0.0)
    assert hide.best == "hide"
    assert hide.text().startswith("Keep them hidden: over 40 deals drawn from what South can see,"
                                  " declaring never changes the declaration points")
    assert hide.text("ko").startswith("숨기는 편이 낫습니다.")
    assert "-50.0" in hide.text("ko")


def test_the_advice_is_refused_once_the_choice_is_over() -> None:
    h = dealt()
    play(h, 4)
    with pytest.raises(ValueError, match="first trick is complete"):
        declaration_advice(h, "S", n=5)
    with pytest.raises(ValueError, match="no declarations"):
        declaration_advice(dealt(BeloteRules()), "S", n=5)


# --- the table's HTML ---------------------------------------------------------------------------
def test_the_html_asks_then_shows_the_cards_and_who_scores() -> None:
    h = dealt()
    ask = declarations_html(h, "ko", seat="S")
    assert "남쪽은 상(같은 무늬 연속 5장 이상)을 가지고 있습니다." in ask
    assert 'data-card="KD"' in ask
    assert choice_labels("en") == ("Declare", "Keep hidden")
    h.hide_declarations("S")
    assert words.text("declarations.you_hid", seat="South") in declarations_html(h, "en", seat="S")
    play(h, 4)
    html = declarations_html(h, "en", seat="S")
    assert html.count('class="bw-decl-row') == 4 and 'data-seat="S"' not in html
    assert 'data-card="7D"' not in html and 'data-card="7C"' in html
    assert "East–West declared 150 and North–South 120" in html
    assert "South kept its combinations hidden." in html
    assert declarations_html(dealt(BeloteRules()), "en") == ""
