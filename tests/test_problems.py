""""You are South" problems (issue 15, item 3): at least three per game, each answer checked
by the exact solver and by the hint from South's view, and the widget that hides it."""

from __future__ import annotations

import re

import belote_widgets as bw
import pytest

from belote_lab.coaching.problems import QUESTION, problem, problems
from belote_lab.games import GAMES

CARD_CODE = re.compile(r"\b[2-9TJQKA][SHDC]\b")


@pytest.mark.parametrize("game", GAMES)
def test_three_problems_a_game(game: str) -> None:
    assert len(problems(game)) >= 3


@pytest.mark.parametrize("p", problems(), ids=lambda p: p.id)
def test_each_answer_is_the_solvers_only_best_card_and_the_hints(p: object) -> None:
    h = p.state()
    assert h.phase == "play" and h.to_play == p.seat == 2  # South to play
    assert p.answer in p.legal and len(p.legal) >= 3
    sol = p.solution()
    assert list(sol.best) == [p.answer]
    assert p.hint().best == p.answer


@pytest.mark.parametrize("p", problems(), ids=lambda p: p.id)
def test_words_in_both_languages(p: object) -> None:
    for lang in ("en", "ko"):
        assert p.title[lang] and p.lesson[lang]
        assert not CARD_CODE.search(p.lesson[lang])  # cards as symbols, never codes
        assert p.answer.pretty in p.lesson[lang]
    # the seat by its sentence name (남쪽, never 남: "남은" reads "remaining"), no 당신
    assert p.question("ko") == QUESTION["ko"] == "남쪽 자리 차례입니다. 무엇을 낼까요?"
    for fallback in ("(를)", "(을)", "(가)", "(이)", "(는)", "(은)", "(으)로"):
        assert fallback not in p.lesson["ko"] + p.title["ko"]


def test_unknown_problem_and_game() -> None:
    with pytest.raises(ValueError, match="no problem 'x'"):
        problem("x")
    with pytest.raises(ValueError, match="tarot"):
        problems("tarot")


def test_the_widget_hides_the_answer_until_found_or_asked() -> None:
    w = bw.Problem("coinche-ace-first")
    assert not w.revealed and w.feedback_html.value == ""
    assert "A♥" not in w.feedback_html.value and not w.answer_button.disabled
    assert not w.choose("KH") and "Not the best card" in w.feedback_html.value
    assert not w.revealed
    assert not w.choose("7S")  # not South's card: nothing happens
    w.show_answer()
    html = w.feedback_html.value
    assert w.revealed and "The answer: A♥." in html and 'class="bw-best"' in html
    assert w.answer_button.disabled
    w.set_language("ko")
    assert "정답: A♥." in w.feedback_html.value and w.answer_button.description == "정답 보기"


def test_two_player_problems_show_north_face_up() -> None:
    w = bw.Problem("belote2-ace-before-trump")
    assert 'data-card="AH"' in w.position_html.value  # the stock is empty: North is known
    w4 = bw.Problem("belote-cash-the-ace")
    assert "bw-back" in w4.position_html.value  # four players: the others face down


def test_a_problems_hint_is_computed_once_and_again_after_clearing() -> None:
    from belote_lab.coaching.problems import clear_hints

    p = problems()[0]
    clear_hints()
    first = p.hint()
    assert p.hint() is first  # seeded: the same position, samples and seed, computed once
    assert p.hint(samples=40) is not first
    clear_hints()
    again = p.hint()
    assert again is not first and again.values == first.values  # computed again, the same
