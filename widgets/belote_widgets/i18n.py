"""Every label of the widgets in English and Korean, card names in both, and the language choice.

A widget made with ``language=None`` (the default) follows the global language, which
:func:`set_language` changes (and every such widget on screen is redrawn); a widget made with
``language="ko"`` keeps its own.  Rule explanations are not written here: they come from the
engine (:meth:`belote_lab.trick.Reason.text`).

>>> from belote_lab.cards import Card
>>> card_name(Card.parse("JH")), card_name(Card.parse("TS"), "ko")
('jack of hearts', '스페이드 10')
>>> text("new_hand", "ko")
'새 판'
>>> text("to_play", "en", seat=seat_name(2, "en"))
'South to play'

Korean particles follow the word they attach to (no "을(를)" fallbacks): a template writes
``{pts:을}`` and :func:`text` picks 을 or 를 from the word's final consonant.

>>> text("co_part_cards", "ko", pts=118, r=120), text("co_part_cards", "ko", pts=44, r=40)
('카드 점수 118을 반올림한 120', '카드 점수 44를 반올림한 40')
"""

from __future__ import annotations

import re
import string
import weakref
from collections.abc import Callable
from typing import Any

from belote_lab.cards import SEATS, Card, Suit
from belote_lab.contract import Contract, ContractKind
from belote_lab.games import get
from belote_lab.games.coinche import Bid

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "set_language",
    "get_language",
    "check_language",
    "text",
    "card_name",
    "suit_name",
    "seat_name",
    "side_name",
    "contract_name",
    "game_name",
    "call_label",
    "event_text",
    "bid_words",
    "particle",
    "on_language_change",
]

LANGUAGES: tuple[str, ...] = ("en", "ko")
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ko": "한국어"}

_state = {"language": "en"}
_listeners: list[weakref.WeakMethod[Callable[[], None]]] = []


def check_language(language: str) -> str:
    """``language`` if it is one of :data:`LANGUAGES`, else :class:`ValueError`."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    return language


def get_language() -> str:
    """The global language (``"en"`` until :func:`set_language` changes it)."""
    return _state["language"]


def set_language(language: str) -> None:
    """Choose the language of every widget that has no language of its own, and redraw them
    (nothing to redraw when the language stays the same)."""
    if check_language(language) == _state["language"]:
        return
    _state["language"] = language
    alive = []
    for ref in _listeners:
        fn = ref()
        if fn is not None:
            alive.append(ref)
            fn()
    _listeners[:] = alive


def on_language_change(method: Callable[[], None]) -> None:
    """Call the bound ``method`` after each :func:`set_language` (kept by a weak reference)."""
    _listeners.append(weakref.WeakMethod(method))  # type: ignore[arg-type]


# --- labels ------------------------------------------------------------------------------------
_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        # shared
        "language": "Language",
        "trump": "trump",
        "plain": "plain suit",
        "points": "points",
        "total": "Total",
        "contract": "Contract",
        "game": "Game",
        "dealer": "dealer",
        "taker": "taker",
        "bidder": "bidder",
        "face_down": "face-down card",
        "hidden_cards": "{n} face-down cards",
        "playable_mark": "playable",
        "not_playable_mark": "not playable",
        "trump_mark": "trump",
        "you": "you",
        "none": "none",
        "phase": "Phase",
        "phase_bidding": "bidding",
        "phase_play": "play",
        "phase_done": "finished",
        "phase_redeal": "everybody passed: redeal",
        "turned": "Turned card",
        "calls": "Calls",
        "tricks": "tricks",
        "tricks_won": "tricks won: {n}",
        "current_trick": "Cards on the table",
        "last_trick": "Last trick, won by {seat}",
        "winning": "winning so far",
        "to_play": "{seat} to play",
        "stock": "Stock: {n} cards",
        "stock_phase": "while the stock lasts any card may be played",
        "strict_phase": "the stock is empty: follow suit, beat a trump lead, trump when void",
        "points_so_far": "Points so far",
        "final_score": "Final score",
        "announcements": "Announcements",
        "no_announcements": "none yet",
        # order table
        "order_title": "Card order and points",
        "order_rank": "Rank",
        "strongest_first": "strongest first",
        "suit_total": "Suit total",
        "card_points_total": "Card points: {n}",
        "hand_total": "With the last trick (dix de der, +10): {n}",
        # rule explorer
        "hand": "Hand",
        "trick_cards": "Table",
        "leader": "Leader",
        "must_undertrump": "Must undertrump",
        "stock_count": "Stock",
        "show": "Show",
        "random": "Random situation",
        "seed": "Seed",
        "quiz": "Quiz",
        "check": "Check",
        "case_json": "Case (JSON)",
        "load_case": "Load case",
        "case_loaded": "Case {id}",
        "case_expect_ok": "the engine agrees with the expected answer",
        "case_expect_bad": "the engine answers {engine}, the case expects {expect}",
        "bad_input": "Cannot read this situation: {error}",
        "not_legal_ask": "only 'legal' cases can be explored (this one asks {ask!r})",
        "trick_full": "the trick is already complete",
        "card_twice": "{card} is both in the hand and on the table",
        "empty_hand": "the hand is empty",
        "not_in_deck": "{card} is not a card of this game",
        "lead_empty": "No card on the table yet: {seat} leads.",
        "rule_is": "Rule: {rule}",
        "playable": "{card} may be played.",
        "not_playable": "{card} may not be played: {reason}",
        "seat_not_in_game": "{seat} does not play in {game}",
        "contract_not_in_game": "{game} has no such contract: {contract}",
        "bad_stock": "the stock holds an even number of cards, from 0 to {most}",
        "click_a_card": "Click a card to see whether it may be played.",
        "quiz_question": "Which cards may {seat} play? Select them, then press Check.",
        "quiz_right": "Right! The playable cards are {legal}.",
        "quiz_score": "{right} of {total} cards right.",
        "quiz_wrong_choice": "{card} may not be played: {reason}",
        "quiz_missed": "{card} may be played too. {rule}",
        "quiz_selected": "Selected: {cards}",
        # hand stepper
        "first": "First",
        "back": "Back",
        "forward": "Forward",
        "last": "Last",
        "trick_back": "Previous trick",
        "trick_forward": "Next trick",
        "view": "View",
        "all_hands": "All hands",
        "seat_view": "{seat}'s view",
        "step": "Step {k} of {n}",
        "start_of_hand": "The cards are dealt; nothing played yet.",
        "action_play": "{seat} plays {card}",
        "action_call": "{seat}: {call}",
        "no_record": "No hand loaded.",
        # play table
        "new_hand": "New hand",
        "undo": "Undo",
        "hint": "Show hint",
        "your_turn": "Your turn ({seat}).",
        "your_call": "Your call ({seat}):",
        "waiting": "{seat} to act.",
        "hand_over": "The hand is over: press New hand.",
        "hand_not_over": "The hand is not over yet.",
        "game_over": "The game is over: {winner}. Press New hand for a new game.",
        "draw_game": "a draw",
        "wins": "{side} wins",
        "redealt": "Everybody passed: the cards are dealt again.",
        "not_your_turn": "It is not your turn: {seat} is to act.",
        "no_card_now": "No card can be played now ({phase}).",
        "nothing_to_undo": "Nothing to undo.",
        "undone": "Back to your previous decision.",
        "you_played": "You played {card}.",
        "you_called": "You called {call}.",
        "bid": "Bid",
        "hint_values": "Value of each playable card for your side ({unit}; {kind}):",
        "hint_exact": "exact",
        "hint_sampled": "average over {n} sampled deals",
        "hint_rollout": "each deal played on by the level-2 computer down to {k} tricks left, "
        "then solved",
        "hint_unit_points": "points",
        "hint_unit_tricks": "tricks",
        "hint_card": "Card",
        "hint_mean": "Mean",
        "hint_range": "Range",
        "hint_level2_card": "The level-2 computer would play {card}.",
        "hint_level2_call": "The level-2 computer would call {call}.",
        "hint_not_now": "Hints are given at your turn.",
        "hint_failed": "No hint: {error}",
        "scoreboard": "Scoreboard",
        "hand_no": "Hand",
        "game_no": "Game {n}",
        "games_won": "Games finished: {n}",
        "level": "computer level {n}",
        "learner": "You play {seat}",
        "call_tricks": "{n}",
        "made_call": "call {call}, took {took}",
        # calls
        "call_take": "Take {suit}",
        "call_pass": "Pass",
        "call_suit": "{suit} trump",
        "call_NT": "No trump",
        "call_AT": "All trump",
        "call_coinche": "Coinche (×2)",
        "call_surcoinche": "Surcoinche (×4)",
        # events
        "ev_belote": "{seat}: Belote",
        "ev_rebelote": "{seat}: Rebelote (+20)",
        "ev_dix_de_der": "{seat}: last trick, dix de der (+10)",
        "ev_capot": "Capot: {side} won every trick",
        "ev_litige": "Litige: equal totals, {points} points held for the next hand",
        "ev_declaration": "{side}: declarations (+{points})",
        "ev_draw": "{seat} draws {card}",
        "ev_draw_hidden": "{seat} draws a card",
        "ev_call_made": "{seat} has made the call",
        "ev_draws": "After trick {n}: {draws}",
        "ev_draw_item": "{seat} draws {card}",
        "ev_draw_item_hidden": "{seat} draws a card",
        # named Coinche bids
        "call_capot": "Capot",
        "call_capot_belote": "Capot with belote",
        "call_generale": "Générale",
        "call_generale_belote": "Générale with belote",
        "bid_points": "{value} in {trump}",
        "bid_capot": "a capot in {trump}",
        "bid_capot_belote": "a capot with belote in {trump}",
        "bid_generale": "a générale in {trump}",
        "bid_generale_belote": "a générale with belote in {trump}",
        "trump_NT": "no trump",
        "trump_AT": "all trump",
        # results in words, from the result's fields
        "with_belote": "{n} with its belote",
        "r2_capot": "{seat} won all {n} tricks: capot, {points} points.",
        "r2_made": "The contract made: {taker}, the contractor, has {a}, more than {other}'s {b}.",
        "r2_failed": "The contract failed (dedans): {taker}, the contractor, has {a}, less than "
        "{other}'s {b}; {other} scores {score}.",
        "r2_tie": "A tie: {taker}, the contractor, has {a} and {other} {b}; each keeps its own "
        "points.",
        "co_mult2": " (coinched, ×2)",
        "co_mult4": " (surcoinched, ×4)",
        "co_points": "{n} points",
        "co_points_belote": "{n} points with its belote",
        "co_made": "{side} bid {bid} and made it: {a} reach {value} and beat {dfn}'s {d}.",
        "co_short": "{side} bid {bid} and failed: {a} do not reach {value}.",
        "co_not_beat": "{side} bid {bid} and failed: {a} do not beat {dfn}'s {d}.",
        "co_all_made": "{side} bid {bid} and made it: {who} won all {n} tricks.",
        "co_all_failed": "{side} bid {bid} and failed: {who} had to win all {n} tricks and won "
        "{won}.",
        "co_belote_yes": "The bid also needs the belote: scored.",
        "co_belote_no": "The bid also needs the belote: not scored.",
        "co_score": "Score — {parts}.",
        "co_team": "{side}: {parts}",
        "co_total": "{parts} = {total}",
        "co_part_cards": "{pts} card points rounded to {r}",
        "co_part_bid": "{v} for the bid",
        "co_part_bid_mult": "{vm} for the bid ({v} × {m})",
        "co_part_belote": "{n} for the belote",
        "co_part_decl": "{n} for declarations",
        "co_part_failed": "{n} for the failed contract",
        "co_part_nothing": "0 (a failed contract scores no card points)",
        "cb_exact": "{seat} called {call} and took {took}: {score}.",
        "cb_over": "{seat} called {call} and took {took}: {call} + {extra} extra × 0.1 = {score}.",
        "cb_under": "{seat} called {call} but took only {took}: {score}.",
    },
    "ko": {
        "language": "언어",
        "trump": "으뜸패",
        "plain": "일반 짝패",
        "points": "점수",
        "total": "합계",
        "contract": "계약",
        "game": "게임",
        "dealer": "딜러",
        "taker": "공격(주공)",
        "bidder": "입찰자",
        "face_down": "뒤집힌 카드",
        "hidden_cards": "뒤집힌 카드 {n}장",
        "playable_mark": "낼 수 있음",
        "not_playable_mark": "낼 수 없음",
        "trump_mark": "으뜸패",
        "you": "나",
        "none": "없음",
        "phase": "단계",
        "phase_bidding": "입찰",
        "phase_play": "플레이",
        "phase_done": "끝",
        "phase_redeal": "모두 패스: 다시 돌리기",
        "turned": "뒤집은 카드",
        "calls": "콜",
        "tricks": "트릭",
        "tricks_won": "가져간 트릭: {n}",
        "current_trick": "바닥에 나온 카드",
        "last_trick": "직전 트릭 — {seat} 승",
        "winning": "현재 이기는 카드",
        "to_play": "{seat} 차례",
        "stock": "더미: {n}장",
        "stock_phase": "더미가 남아 있는 동안은 아무 카드나 낼 수 있습니다",
        "strict_phase": "더미 소진: 무늬를 따르고, 으뜸패 선에는 더 높게, 없으면 으뜸패",
        "points_so_far": "현재 점수",
        "final_score": "최종 점수",
        "announcements": "선언",
        "no_announcements": "아직 없음",
        "order_title": "카드 순서와 점수",
        "order_rank": "순위",
        "strongest_first": "강한 순서",
        "suit_total": "무늬 합계",
        "card_points_total": "카드 점수: {n}",
        "hand_total": "마지막 트릭 10점 포함: {n}",
        "hand": "손패",
        "trick_cards": "바닥",
        "leader": "선",
        "must_undertrump": "낮은 으뜸패라도 내야 함",
        "stock_count": "더미",
        "show": "보기",
        "random": "무작위 상황",
        "seed": "시드",
        "quiz": "퀴즈",
        "check": "확인",
        "case_json": "사례 (JSON)",
        "load_case": "사례 불러오기",
        "case_loaded": "사례 {id}",
        "case_expect_ok": "엔진의 답이 기대한 답과 같습니다",
        "case_expect_bad": "엔진의 답은 {engine}, 사례의 기대 답은 {expect}입니다",
        "bad_input": "이 상황을 읽을 수 없습니다: {error}",
        "not_legal_ask": "'legal' 사례만 볼 수 있습니다 (이 사례는 {ask!r})",
        "trick_full": "트릭이 이미 끝났습니다",
        "card_twice": "손패와 바닥에 같은 카드가 있습니다: {card}",
        "empty_hand": "손패가 비어 있습니다",
        "not_in_deck": "이 게임에 없는 카드입니다: {card}",
        "lead_empty": "아직 바닥에 카드가 없습니다. 선은 {seat}입니다.",
        "rule_is": "규칙: {rule}",
        "playable": "{card} — 낼 수 있습니다.",
        "not_playable": "{card} — 낼 수 없습니다. {reason}",
        "seat_not_in_game": "{game}에는 {seat} 자리가 없습니다",
        "contract_not_in_game": "{game}에는 없는 계약입니다: {contract}",
        "bad_stock": "더미는 0부터 {most}까지의 짝수 장이어야 합니다",
        "click_a_card": "카드를 누르면 낼 수 있는지 알려 줍니다.",
        "quiz_question": "{seat} 차례입니다. 낼 수 있는 카드는 무엇일까요? 골라서 확인을 누르세요.",
        "quiz_right": "정답입니다! 낼 수 있는 카드: {legal}.",
        "quiz_score": "{total}장 중 {right}장 맞았습니다.",
        "quiz_wrong_choice": "{card} — 낼 수 없습니다: {reason}",
        "quiz_missed": "{card}도 낼 수 있습니다. {rule}",
        "quiz_selected": "고른 카드: {cards}",
        "first": "처음",
        "back": "이전",
        "forward": "다음",
        "last": "끝",
        "trick_back": "이전 트릭",
        "trick_forward": "다음 트릭",
        "view": "보기",
        "all_hands": "모든 손패",
        "seat_view": "{seat}의 시야",
        "step": "{n}단계 중 {k}단계",
        "start_of_hand": "카드를 돌렸습니다. 아직 아무것도 내지 않았습니다.",
        "action_play": "{seat}: {card} 냄",
        "action_call": "{seat}: {call}",
        "no_record": "불러온 판이 없습니다.",
        "new_hand": "새 판",
        "undo": "되돌리기",
        "hint": "힌트 보기",
        "your_turn": "당신({seat}) 차례입니다.",
        "your_call": "당신({seat})의 콜:",
        "waiting": "{seat} 차례입니다.",
        "hand_over": "판이 끝났습니다. 새 판을 누르세요.",
        "hand_not_over": "아직 판이 끝나지 않았습니다.",
        "game_over": "게임이 끝났습니다: {winner}. 새 판을 누르면 새 게임을 시작합니다.",
        "draw_game": "무승부",
        "wins": "{side} 승리",
        "redealt": "모두 패스했습니다. 카드를 다시 돌립니다.",
        "not_your_turn": "당신 차례가 아닙니다: {seat} 차례입니다.",
        "no_card_now": "지금은 카드를 낼 수 없습니다 ({phase}).",
        "nothing_to_undo": "되돌릴 것이 없습니다.",
        "undone": "직전 결정으로 되돌렸습니다.",
        "you_played": "{card} 카드를 냈습니다.",
        "you_called": "콜했습니다: {call}.",
        "bid": "입찰",
        "hint_values": "낼 수 있는 카드의 우리 편 가치 ({unit}; {kind}):",
        "hint_exact": "정확한 값",
        "hint_sampled": "표본 딜 {n}개의 평균",
        "hint_rollout": "각 딜은 트릭이 {k}개 남을 때까지 레벨 2 컴퓨터가 진행한 뒤 계산",
        "hint_unit_points": "점수",
        "hint_unit_tricks": "트릭 수",
        "hint_card": "카드",
        "hint_mean": "평균",
        "hint_range": "범위",
        "hint_level2_card": "레벨 2 컴퓨터라면 {card} 카드를 냅니다.",
        "hint_level2_call": "레벨 2 컴퓨터라면 이렇게 콜합니다: {call}.",
        "hint_not_now": "힌트는 당신 차례에 볼 수 있습니다.",
        "hint_failed": "힌트를 낼 수 없습니다: {error}",
        "scoreboard": "점수판",
        "hand_no": "판",
        "game_no": "{n}번째 게임",
        "games_won": "끝난 게임: {n}",
        "level": "컴퓨터 레벨 {n}",
        "learner": "당신은 {seat}",
        "call_tricks": "{n}",
        "made_call": "콜 {call}, {took}트릭",
        "call_take": "{suit} 가져가기",
        "call_pass": "패스",
        "call_suit": "{suit} 으뜸패",
        "call_NT": "으뜸패 없음",
        "call_AT": "모두 으뜸패",
        "call_coinche": "쿠앵슈 (×2)",
        "call_surcoinche": "쉬르쿠앵슈 (×4)",
        "ev_belote": "{seat}: 벨로트",
        "ev_rebelote": "{seat}: 르벨로트 (+20)",
        "ev_dix_de_der": "{seat}: 마지막 트릭 10점",
        "ev_capot": "카포: {side} — 모든 트릭을 가져갔습니다",
        "ev_litige": "동점(리티주): {points}점은 다음 판으로 보류됩니다",
        "ev_declaration": "{side}: 선언 (+{points})",
        "ev_draw": "{seat}: 더미에서 {card}",
        "ev_draw_hidden": "{seat}: 더미에서 한 장",
        "ev_call_made": "{seat}: 콜 달성",
        "ev_draws": "{n}번째 트릭 뒤 더미에서 뽑은 카드: {draws}",
        "ev_draw_item": "{seat} {card}",
        "ev_draw_item_hidden": "{seat} 한 장",
        "call_capot": "카포",
        "call_capot_belote": "벨로트 카포",
        "call_generale": "제네랄",
        "call_generale_belote": "벨로트 제네랄",
        "bid_points": "{trump} {value}",
        "bid_capot": "{trump} 카포",
        "bid_capot_belote": "{trump} 벨로트 카포",
        "bid_generale": "{trump} 제네랄",
        "bid_generale_belote": "{trump} 벨로트 제네랄",
        "trump_NT": "으뜸패 없음",
        "trump_AT": "모두 으뜸패",
        "with_belote": "벨로트 포함 {n}",
        "r2_capot": "카포: {seat} — {n}트릭을 모두 가져가 {points}점입니다.",
        "r2_made": "계약 성공: 계약자 {taker} {a}점, {other} {b}점으로 계약자가 더 많습니다.",
        "r2_failed": "계약 실패: 계약자 {taker} {a}점, {other} {b}점으로 계약자가 더 적습니다. "
        "{score}점은 {other}에게 갑니다.",
        "r2_tie": "동점: 계약자 {taker} {a}점, {other} {b}점입니다. 각자 자기 점수를 가져갑니다.",
        "co_mult2": "(쿠앵슈, ×2)",
        "co_mult4": "(쉬르쿠앵슈, ×4)",
        "co_points": "{n}",
        "co_points_belote": "벨로트 포함 {n}",
        "co_made": "{side:이} {bid:을} 입찰해 성공했습니다: {a}점으로 {value}점에 이르고 "
        "{dfn}의 {d}점보다 많습니다.",
        "co_short": "{side:이} {bid:을} 입찰했지만 실패했습니다: {a}점으로 {value}점에 "
        "못 미칩니다.",
        "co_not_beat": "{side:이} {bid:을} 입찰했지만 실패했습니다: {a}점으로 {dfn}의 "
        "{d}점보다 많지 않습니다.",
        "co_all_made": "{side:이} {bid:을} 입찰해 성공했습니다: {who:이} {n}트릭을 모두 "
        "가져갔습니다.",
        "co_all_failed": "{side:이} {bid:을} 입찰했지만 실패했습니다: {who:은} {n}트릭을 모두 "
        "가져가야 했는데 {won}트릭을 가져갔습니다.",
        "co_belote_yes": "이 입찰은 벨로트도 필요합니다: 벨로트를 했습니다.",
        "co_belote_no": "이 입찰은 벨로트도 필요합니다: 벨로트를 하지 못했습니다.",
        "co_score": "점수 — {parts}.",
        "co_team": "{side}: {parts}",
        "co_total": "{parts} = {total}",
        "co_part_cards": "카드 점수 {pts:을} 반올림한 {r}",
        "co_part_bid": "입찰 {v}",
        "co_part_bid_mult": "입찰 {vm} ({v} × {m})",
        "co_part_belote": "벨로트 {n}",
        "co_part_decl": "선언 {n}",
        "co_part_failed": "상대 계약 실패 {n}",
        "co_part_nothing": "0 (계약 실패: 카드 점수 없음)",
        "cb_exact": "{seat}: 콜 {call}, {took}트릭 → {score}",
        "cb_over": "{seat}: 콜 {call}, {took}트릭 → {call} + 초과 {extra} × 0.1 = {score}",
        "cb_under": "{seat}: 콜 {call}, {took}트릭 → 콜 미달, {score}",
    },
}

_SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "ko": {"S": "스페이드", "H": "하트", "D": "다이아몬드", "C": "클로버"},
}
_RANK_NAMES = {
    "en": {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"},
    "ko": {"A": "에이스", "K": "킹", "Q": "퀸", "J": "잭", "T": "10"},
}
_EN_NUMBERS = dict(
    zip("23456789", ["two", "three", "four", "five", "six", "seven", "eight", "nine"], strict=True)
)
_SEAT_NAMES = {
    "en": {"N": "North", "E": "East", "S": "South", "W": "West"},
    "ko": {"N": "북", "E": "동", "S": "남", "W": "서"},
}
_SIDE_NAMES = {
    "en": {"NS": "North–South", "EW": "East–West"},
    "ko": {"NS": "남북 팀", "EW": "동서 팀"},
}
_GAME_NAMES = {
    "en": {
        "belote": "Belote (four players)",
        "coinche": "Coinche",
        "belote2": "Belote for two",
        "callbreak": "Callbreak",
    },
    "ko": {
        "belote": "벨로트 (4인)",
        "coinche": "쿠앵슈",
        "belote2": "2인 벨로트",
        "callbreak": "콜브레이크",
    },
}


def _lang(language: str | None) -> str:
    return get_language() if language is None else check_language(language)


def text(key: str, language: str | None = None, **values: Any) -> str:
    """The label ``key`` in ``language`` (the global language when ``None``), filled in.

    A field written ``{name:이}`` (``을``, ``은``, ``과``, ``으로``) is followed by the Korean
    particle its value takes (:func:`particle`).  A key written in English only falls back to
    English.
    """
    lang = _lang(language)
    template = _TEXTS[lang].get(key)
    if template is None:
        template = _TEXTS["en"][key]
    return _FORMATTER.format(template, **values) if values else template


# --- Korean particles ----------------------------------------------------------------------------
_PARTICLES = {"이": ("이", "가"), "을": ("을", "를"), "은": ("은", "는"), "과": ("과", "와")}
_DIGIT_FINAL = dict(zip("0123456789", "xlnxnnxlln", strict=True))  # 영 일 이 삼 사 오 육 칠 팔 구
_LETTER_FINAL = {"L": "l", "R": "l", "M": "x", "N": "x"}  # 엘 알 엠 엔; other letters: a vowel
_TRAILING = re.compile(r"\s*(\([^()]*\))?\s*$")


def _final(word: str) -> str:
    """How ``word`` ends when read in Korean: ``n`` (a vowel), ``l`` (ㄹ) or ``x`` (another
    consonant).  Numbers are read as Korean numbers (10 십, 100 백), letters by their names,
    suit symbols by their suits' names; a closing parenthesis is skipped."""
    w = _TRAILING.sub("", word) or word
    if not w:
        return "n"
    last = w[-1]
    if "가" <= last <= "힣":
        final = (ord(last) - ord("가")) % 28
        return "n" if final == 0 else "l" if final == 8 else "x"
    if last.isdigit():
        digits = re.search(r"\d+$", w)
        number = digits.group() if digits else last
        stripped = number.rstrip("0")
        return "x" if len(stripped) < len(number) else _DIGIT_FINAL[last]
    return _LETTER_FINAL.get(last.upper(), "n")  # ♠ ♥ ♦ ♣ and the other letters: a vowel


def particle(word: str, kind: str) -> str:
    """The Korean particle that follows ``word``: ``kind`` is ``이`` (이/가), ``을`` (을/를),
    ``은`` (은/는), ``과`` (과/와) or ``으로`` (으로/로).

    >>> particle("남", "이"), particle("서", "이"), particle("북 팀", "을"), particle("80", "을")
    ('이', '가', '을', '을')
    >>> particle("하트", "으로"), particle("으뜸패 없음", "으로"), particle("7", "으로")
    ('로', '으로', '로')
    """
    final = _final(word)
    if kind == "으로":
        return "로" if final in ("n", "l") else "으로"
    with_final, without = _PARTICLES[kind]
    return without if final == "n" else with_final


class _ParticleFormatter(string.Formatter):
    """``{name:이}`` formats ``name`` followed by its particle; other fields as ``str.format``."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in _PARTICLES or format_spec == "으로":
            word = str(value)
            return word + particle(word, format_spec)
        return str(super().format_field(value, format_spec))


_FORMATTER = _ParticleFormatter()


def suit_name(suit: Suit | int | str, language: str | None = None) -> str:
    """``hearts`` / ``하트``."""
    s = Suit.parse(suit) if isinstance(suit, str) else Suit(suit)
    return _SUIT_NAMES[_lang(language)][s.name]


def card_name(card: Card | str, language: str | None = None) -> str:
    """A card in words: ``jack of hearts`` / ``하트 잭`` (for screen readers and tooltips)."""
    c = Card.parse(card)
    lang = _lang(language)
    letter = c.rank.letter
    suit = _SUIT_NAMES[lang][c.suit.name]
    if lang == "ko":
        rank = _RANK_NAMES["ko"].get(letter, letter)
        return f"{suit} {rank}"
    rank = _RANK_NAMES["en"].get(letter) or _EN_NUMBERS[letter]
    return f"{rank} of {suit}"


def seat_name(seat: int | str, language: str | None = None) -> str:
    """``South`` / ``남`` for a seat index or letter."""
    letter = seat if isinstance(seat, str) else SEATS[seat]
    return _SEAT_NAMES[_lang(language)][letter]


def side_name(side: str, language: str | None = None) -> str:
    """A scoring side: a team (``NS``/``EW``) or a seat letter."""
    lang = _lang(language)
    if side in _SIDE_NAMES[lang]:
        return _SIDE_NAMES[lang][side]
    return _SEAT_NAMES[lang][side]


def game_name(game: str, language: str | None = None) -> str:
    """``Belote for two`` / ``2인 벨로트``; a game added by :func:`belote_lab.games.register`
    is shown by its own title."""
    lang = _lang(language)
    name = _GAME_NAMES[lang].get(game)
    if name is not None:
        return name
    g = get(game)
    return g.title_ko if lang == "ko" else g.title


def contract_name(contract: Contract | str, language: str | None = None) -> str:
    """``♥ hearts trump`` / ``♥ 하트 으뜸패``, ``no trump`` / ``으뜸패 없음`` …

    >>> contract_name("NT", "ko"), contract_name("S", "en"), contract_name("D", "ko")
    ('으뜸패 없음', '♠ spades trump', '♦ 다이아몬드 으뜸패')
    """
    c = Contract.parse(contract)
    lang = _lang(language)
    if c.kind is ContractKind.SUIT:
        assert c.trump is not None
        return f"{c.trump.symbol} {suit_name(c.trump, lang)} {text('trump', lang)}"
    if c.kind is ContractKind.NO_TRUMP:
        return text("trump_NT", lang)
    if c.kind is ContractKind.ALL_TRUMP:
        return text("trump_AT", lang)
    spades = f"♠ {suit_name('S', lang)} {text('trump', lang)}"
    return spades + (" (Callbreak)" if lang == "en" else " (콜브레이크)")


_WORD_CALLS = frozenset({"pass", "coinche", "surcoinche", "NT", "AT"})
"""The calls whose label is a word of their own (``call_<call>``)."""


def _coinche_bid(call: str) -> Bid | None:
    try:
        return Bid.parse(call)
    except ValueError:
        return None


def call_label(call: str | int, language: str | None = None, turned: Card | None = None) -> str:
    """The words on a call button: ``Take ♥``, ``Pass``, ``♣ trump``, ``110 ♠``, ``4`` …

    >>> call_label("take", "en", Card.parse("9H")), call_label("110NT", "ko")
    ('Take ♥', '110 으뜸패 없음')
    >>> call_label("capotbeloteS", "en"), call_label("generaleH", "ko")
    ('Capot with belote ♠', '제네랄 ♥')
    """
    lang = _lang(language)
    if isinstance(call, int) or (isinstance(call, str) and call.isdigit()):
        return str(call)
    if call == "take":
        suit = turned.suit.symbol if turned is not None else ""
        return text("call_take", lang, suit=suit).strip()
    if call in _WORD_CALLS:
        return text(f"call_{call}", lang)
    if call in ("S", "H", "D", "C"):
        return text("call_suit", lang, suit=Suit.parse(call).symbol)
    bid = _coinche_bid(call)
    if bid is None:
        return call
    trump = Suit.parse(bid.trump).symbol if len(bid.trump) == 1 else text(f"call_{bid.trump}", lang)
    head = str(bid.value) if bid.kind == "points" else text(f"call_{bid.kind}", lang)
    return f"{head} {trump}"


def bid_words(bid: str | Bid, language: str | None = None) -> str:
    """A Coinche bid in words: ``80 in hearts`` / ``하트 80``, ``a capot in spades`` …

    >>> bid_words("80H"), bid_words("110NT", "ko"), bid_words("capotS")
    ('80 in hearts', '으뜸패 없음 110', 'a capot in spades')
    """
    b = Bid.parse(bid)
    lang = _lang(language)
    trump = suit_name(b.trump, lang) if len(b.trump) == 1 else text(f"trump_{b.trump}", lang)
    return text(f"bid_{b.kind}", lang, value=b.value, trump=trump)


def event_text(
    kind: str,
    seat: int,
    points: int = 0,
    detail: str = "",
    language: str | None = None,
    hidden: bool = False,
) -> str:
    """An announcement (an engine ``Event``) in words; ``hidden`` hides a drawn card."""
    lang = _lang(language)
    who = seat_name(seat, lang)
    if kind == "capot":
        return text("ev_capot", lang, side=side_name(detail, lang) if detail else who)
    if kind == "declaration":
        return text("ev_declaration", lang, side=side_name(detail, lang), points=points)
    if kind == "draw":
        if hidden or not detail:
            return text("ev_draw_hidden", lang, seat=who)
        return text("ev_draw", lang, seat=who, card=Card.parse(detail).pretty)
    if kind == "litige":
        return text("ev_litige", lang, points=points)
    key = f"ev_{kind}"
    if key in _TEXTS[lang]:
        return text(key, lang, seat=who)
    return f"{who}: {kind}"
