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
``{pts:을}`` and :func:`text` picks 을 or 를 as the word is read (:mod:`belote_lab.korean`, which
also holds :func:`particle`); the Korean words are the seeds' (docs/TERMS.md).

>>> text("co_part_cards", "ko", pts=118, r=120), text("co_part_cards", "ko", pts=44, r=40)
('딴 점수 118을 반올림한 120', '딴 점수 44를 반올림한 40')
>>> text("you_played", "ko", card=Card.parse("9H").pretty), text("lead_empty", "ko", seat="서")
('9♥를 냈습니다.', '아직 바닥에 카드가 없으므로 서가 선입니다.')
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from typing import Any

from belote_lab import korean
from belote_lab.cards import SEATS, Card, Suit
from belote_lab.contract import Contract, ContractKind
from belote_lab.games import get
from belote_lab.games.coinche import Bid
from belote_lab.korean import kformat, particle

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "set_language",
    "get_language",
    "check_language",
    "text",
    "words",
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
    "labels",
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
        "phase_bidding_taking": "bidding",
        "phase_bidding_auction": "bidding",
        "phase_bidding_calls": "bidding",
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
        "tricks_so_far": "Points so far",
        "tricks_unit": " (tricks)",
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
        "bad_json": "the case is not one line of JSON",
        "bad_case_rules": "the case's rule options cannot be read",
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
        "hint_played_on": "{m} of them played on by the level-2 computer down to {k} tricks "
        "left, then solved",
        "hint_tolerance": "values within ±{t} {unit}",
        "hint_no_range": "Fewer than {n} deals: no range is shown.",
        "hint_unit_points": "points",
        "hint_unit_tricks": "tricks",
        "hint_card": "Card",
        "hint_mean": "Mean",
        "hint_range": "Range",
        "hint_level2_card": "The level-2 computer would play {card}.",
        "hint_level2_call": "The level-2 computer would call {call}.",
        "hint_not_now": "Hints are given at your turn.",
        "hint_failed": "No hint: {error}",
        "hint_failed_plain": "No hint can be given here.",
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
        "ev_capot": "Capot: {side} took every point of the hand",
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
        "co_all_no_belote": "{side} bid {bid} and failed: {who} had to win all {n} tricks and "
        "won {won}.",
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
        # the seeds' terms (docs/TERMS.md); {name:을} adds the particle its value takes
        "language": "언어",
        "trump": "으뜸패",
        "plain": "일반 무늬",
        "points": "점수",
        "total": "합계",
        "contract": "계약",
        "game": "게임",
        "dealer": "딜러",
        "taker": "계약자",
        "bidder": "계약자",
        "face_down": "엎어 놓은 카드",
        "hidden_cards": "엎어 놓은 카드 {n}장",
        "playable_mark": "낼 수 있음",
        "not_playable_mark": "낼 수 없음",
        "trump_mark": "으뜸패",
        "you": "나",
        "none": "없음",
        "phase": "단계",
        "phase_bidding": "경매",
        "phase_bidding_taking": "공수 결정",
        "phase_bidding_auction": "공약 걸기",
        "phase_bidding_calls": "콜",
        "phase_play": "진행",
        "phase_done": "끝",
        "phase_redeal": "모두 패스했으므로 다시 나누기",
        "turned": "뒤집힌 카드",
        "calls": "콜",
        "tricks": "트릭",
        "tricks_won": "딴 트릭: {n}",
        "current_trick": "바닥에 나온 카드",
        "last_trick": "직전 트릭({seat:이} 이김)",
        "winning": "지금 이기고 있는 카드",
        "to_play": "{seat} 차례",
        "stock": "더미: {n}장",
        "stock_phase": "더미가 남아 있으므로 아무 카드나 낼 수 있습니다",
        "strict_phase": "더미가 떨어졌으므로 무늬를 따르고, 으뜸패가 나오면 더 높은 으뜸패를, "
        "나온 무늬가 없으면 으뜸패를 내야 합니다",
        "points_so_far": "지금까지 딴 점수",
        "tricks_so_far": "지금까지 딴 트릭",
        "tricks_unit": "",
        "final_score": "최종 점수",
        "announcements": "알림",
        "no_announcements": "아직 없음",
        "order_title": "카드 서열과 점수",
        "order_rank": "서열",
        "strongest_first": "강한 순서대로",
        "suit_total": "무늬 합계",
        "card_points_total": "카드 점수: {n}",
        "hand_total": "마지막 트릭 보너스(디스 드 데르, +10)까지: {n}",
        "hand": "손패",
        "trick_cards": "바닥",
        "leader": "선",
        "must_undertrump": "낮은 으뜸패라도 내야 함",
        "stock_count": "더미",
        "show": "보기",
        "random": "무작위 상황",
        "seed": "상황 번호",
        "quiz": "퀴즈",
        "check": "확인",
        "case_json": "사례 (JSON)",
        "load_case": "사례 불러오기",
        "case_loaded": "사례 {id}",
        "case_expect_ok": "엔진의 답이 사례의 기대 답과 같습니다",
        "case_expect_bad": "엔진의 답은 {engine}, 사례의 기대 답은 {expect}입니다",
        "bad_input": "{error} 상황은 바뀌지 않았습니다.",
        "bad_json": "사례를 JSON으로 읽을 수 없으므로 사례 한 줄을 JSON으로 넣어야 합니다.",
        "bad_case_rules": "사례의 규칙 옵션을 읽을 수 없으므로 사례를 불러오지 않았습니다.",
        "not_legal_ask": "이 사례는 {ask!r:을} 묻는 사례이므로 볼 수 없습니다(‘legal’ 사례만 "
        "볼 수 있습니다).",
        "trick_full": "트릭이 이미 다 찼으므로 바닥의 카드를 줄여야 합니다.",
        "card_twice": "{card:이} 손패와 바닥에 모두 있으므로 한쪽에서 빼야 합니다.",
        "empty_hand": "손패가 비어 있으므로 카드를 한 장 이상 적어야 합니다.",
        "not_in_deck": "{card:은} 이 게임에서 쓰지 않는 카드입니다.",
        "lead_empty": "아직 바닥에 카드가 없으므로 {seat:이} 선입니다.",
        "rule_is": "규칙: {rule}",
        "playable": "{card:은} 낼 수 있습니다.",
        "not_playable": "{card:은} 낼 수 없습니다. {reason}",
        "seat_not_in_game": "{game}에는 {seat} 자리가 없습니다.",
        "contract_not_in_game": "{game}에서는 {contract:을} 계약으로 쓰지 않습니다.",
        "bad_stock": "더미는 0부터 {most}까지의 짝수 장이어야 합니다.",
        "click_a_card": "카드를 누르면 낼 수 있는지 알려 줍니다.",
        "quiz_question": "{seat} 차례입니다. 낼 수 있는 카드는 무엇일까요? 골라서 확인을 누르세요.",
        "quiz_right": "정답입니다! 낼 수 있는 카드: {legal}.",
        "quiz_score": "{total}장 중 {right}장 맞았습니다.",
        "quiz_wrong_choice": "{card:은} 낼 수 없습니다. {reason}",
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
        "seat_view": "{seat} 자리에서 보기",
        "step": "{n}단계 중 {k}단계",
        "start_of_hand": "카드를 나눴고 아직 아무도 카드를 내지 않았습니다.",
        "action_play": "{seat:이} {card:을} 냄",
        "action_call": "{seat}: {call}",
        "no_record": "불러온 판이 없습니다.",
        "new_hand": "새 판",
        "undo": "되돌리기",
        "hint": "힌트 보기",
        "your_turn": "내 차례입니다({seat}).",
        "your_call": "내 콜 차례입니다({seat}):",
        "waiting": "{seat} 차례입니다.",
        "hand_over": "판이 끝났으므로 새 판을 누르세요.",
        "hand_not_over": "아직 판이 끝나지 않았습니다.",
        "game_over": "게임이 끝났습니다({winner}). 새 판을 누르면 새 게임을 시작합니다.",
        "draw_game": "무승부",
        "wins": "{side} 승리",
        "redealt": "모두 패스했으므로 카드를 다시 나눕니다.",
        "not_your_turn": "지금은 {seat} 차례이므로 기다려야 합니다.",
        "no_card_now": "지금은 카드를 낼 수 없습니다({phase}).",
        "nothing_to_undo": "되돌릴 것이 없습니다.",
        "undone": "직전 결정으로 되돌렸습니다.",
        "you_played": "{card:을} 냈습니다.",
        "you_called": "{call:을} 골랐습니다.",
        "bid": "공약 걸기",
        "hint_values": "낼 수 있는 카드의 우리 편 가치 ({unit}; {kind}):",
        "hint_exact": "정확한 값",
        "hint_sampled": "표본 딜 {n}개의 평균",
        "hint_rollout": "각 딜은 트릭이 {k}개 남을 때까지 레벨 2 컴퓨터가 진행한 뒤 계산",
        "hint_played_on": "그중 {m}개는 트릭이 {k}개 남을 때까지 레벨 2 컴퓨터가 진행한 뒤 계산",
        "hint_tolerance": "값의 오차 ±{t}{unit} 이내",
        "hint_no_range": "딜이 {n}개보다 적어 범위는 보여 주지 않습니다.",
        "hint_unit_points": "점수",
        "hint_unit_tricks": "트릭 수",
        "hint_card": "카드",
        "hint_mean": "평균",
        "hint_range": "범위",
        "hint_level2_card": "레벨 2 컴퓨터라면 {card:을} 냅니다.",
        "hint_level2_call": "레벨 2 컴퓨터라면 {call:을} 고릅니다.",
        "hint_not_now": "힌트는 내 차례에 볼 수 있습니다.",
        "hint_failed": "힌트를 낼 수 없습니다. {error}",
        "hint_failed_plain": "이 상황에서는 힌트를 계산할 수 없습니다.",
        "scoreboard": "점수판",
        "hand_no": "판",
        "game_no": "{n}번째 게임",
        "games_won": "끝난 게임: {n}",
        "level": "컴퓨터 레벨 {n}",
        "learner": "나는 {seat}",
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
        "ev_dix_de_der": "{seat}: 마지막 트릭, 디스 드 데르 (+10)",
        "ev_capot": "카포: {side:이} 이 판의 점수를 모두 가져갔습니다",
        "ev_litige": "리티주: 두 팀의 점수가 같으므로 {points}점은 다음 판으로 유보됩니다",
        "ev_declaration": "{side}: 선언 (+{points})",
        "ev_draw": "{seat:이} 더미에서 {card:을} 가져옴",
        "ev_draw_hidden": "{seat:이} 더미에서 한 장을 가져옴",
        "ev_call_made": "{seat}: 콜 달성",
        "ev_draws": "{n}번째 트릭 뒤: {draws}",
        "ev_draw_item": "{seat:이} {card:을} 가져옴",
        "ev_draw_item_hidden": "{seat:이} 한 장을 가져옴",
        "call_capot": "카포",
        "call_capot_belote": "카포 벨로트",
        "call_generale": "제네랄",
        "call_generale_belote": "제네랄 벨로트",
        "bid_points": "{trump} {value}",
        "bid_capot": "{trump} 카포",
        "bid_capot_belote": "{trump} 카포 벨로트",
        "bid_generale": "{trump} 제네랄",
        "bid_generale_belote": "{trump} 제네랄 벨로트",
        "trump_NT": "으뜸패 없음",
        "trump_AT": "모두 으뜸패",
        "with_belote": "벨로트 포함 {n}",
        # results, one sentence each: why (…므로), then what it means
        "r2_capot": "{seat:이} {n}트릭을 모두 이겼으므로 카포로 {points}점을 얻습니다.",
        "r2_made": "계약자인 {taker:은} {a}점으로 {other}의 {b}점보다 많으므로 계약에 "
        "성공했습니다.",
        "r2_failed": "계약자인 {taker:은} {a}점으로 {other}의 {b}점보다 적으므로 계약에 실패해 "
        "{other:이} {score}점을 얻습니다.",
        "r2_tie": "계약자인 {taker:과} {other:이} {a}점과 {b}점으로 같으므로 각자 자기 점수를 "
        "가집니다.",
        "co_mult2": "(쿠앵슈, ×2)",
        "co_mult4": "(쉬르쿠앵슈, ×4)",
        "co_points": "{n}",
        "co_points_belote": "벨로트 포함 {n}",
        "co_made": "{side:이} {bid:을} 공약해 {a}점으로 {value}점에 이르고 {dfn}의 {d}점보다 "
        "많으므로 성공했습니다.",
        "co_short": "{side:이} {bid:을} 공약했지만 {a}점으로 {value}점에 못 미치므로 "
        "실패했습니다.",
        "co_not_beat": "{side:이} {bid:을} 공약했지만 {a}점으로 {dfn}의 {d}점보다 많지 않으므로 "
        "실패했습니다.",
        "co_all_made": "{side:이} {bid:을} 공약해 {alone}{n}트릭을 모두 이겼으므로 "
        "성공했습니다.",
        "co_all_failed": "{side:이} {bid:을} 공약해 {alone}{n}트릭을 모두 이겨야 했는데 "
        "{won}트릭만 이겼으므로 실패했습니다.",
        "co_all_no_belote": "{side:이} {bid:을} 공약해 {alone}{n}트릭을 모두 이겼지만 "
        "벨로트를 하지 못했으므로 실패했습니다.",
        "co_belote_yes": "이 공약은 벨로트도 해야 하는데 벨로트를 했습니다.",
        "co_belote_no": "이 공약은 벨로트도 해야 하는데 벨로트를 하지 못했습니다.",
        "co_score": "점수 — {parts}.",
        "co_team": "{side}: {parts}",
        "co_total": "{parts} = {total}",
        "co_part_cards": "딴 점수 {pts:을} 반올림한 {r}",
        "co_part_bid": "공약 {v}",
        "co_part_bid_mult": "공약 {vm} ({v} × {m})",
        "co_part_belote": "벨로트 {n}",
        "co_part_decl": "선언 {n}",
        "co_part_failed": "상대 공약 실패 {n}",
        "co_part_nothing": "0 (공약에 실패한 팀은 딴 점수를 얻지 못함)",
        "cb_exact": "{seat:은} {call:을} 콜하고 {took}트릭을 땄으므로 {score}점입니다.",
        "cb_over": "{seat:은} {call:을} 콜하고 {took}트릭을 땄으므로 {call} + 초과 {extra}트릭 "
        "× 0.1 = {score}점입니다.",
        "cb_under": "{seat:은} {call:을} 콜했지만 {took}트릭만 땄으므로 콜 수만큼 잃어 "
        "{score}점입니다.",
    },
}

_SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "ko": korean.SUIT_NAMES,
}
_RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}
_EN_NUMBERS = dict(
    zip("23456789", ["two", "three", "four", "five", "six", "seven", "eight", "nine"], strict=True)
)
_SEAT_NAMES = {
    "en": {"N": "North", "E": "East", "S": "South", "W": "West"},
    "ko": korean.SEAT_NAMES,
}
_SIDE_NAMES = {
    "en": {"NS": "North–South", "EW": "East–West"},
    "ko": korean.TEAM_NAMES,
}
_GAME_NAMES = {
    "en": {
        "belote": "Belote (four players)",
        "coinche": "Coinche",
        "belote2": "Belote for two",
        "callbreak": "Callbreak",
    },
    "ko": {
        "belote": "4인 벨로트",
        "coinche": "쿠앵슈",
        "belote2": "2인 벨로트",
        "callbreak": "콜브레이크",
    },
}


def _lang(language: str | None) -> str:
    return get_language() if language is None else check_language(language)


def labels(language: str) -> dict[str, str]:
    """Every label template of ``language`` (a copy), by key: what translators and the term
    checks of ``tests/test_korean.py`` read.

    >>> labels("ko")["trump"], set(labels("ko")) == set(labels("en"))
    ('으뜸패', True)
    """
    return dict(_TEXTS[check_language(language)])


def text(key: str, language: str | None = None, **values: Any) -> str:
    """The label ``key`` in ``language`` (the global language when ``None``), filled in.

    A Korean field written ``{name:이}`` (``을``, ``은``, ``과``, ``으로``) is followed by the
    particle its value takes (:func:`belote_lab.korean.particle`: cards, suits, seats, teams
    and numbers as a Korean reader says them).  Every key has both languages (a test checks).
    """
    return words(_TEXTS, key, language, **values)


def words(
    table: Mapping[str, Mapping[str, str]], key: str, language: str | None = None,
    **values: Any,
) -> str:
    """Template ``key`` of a widget's own ``{language: {key: template}}`` table, filled in as
    :func:`text` fills its labels (Korean particles chosen by :func:`belote_lab.korean.kformat`);
    a key missing in ``language`` falls back to English.

    >>> words({"en": {"won": "{seat} won"}, "ko": {"won": "{seat:이} 이겼습니다"}}, "won", "ko",
    ...       seat="서")
    '서가 이겼습니다'
    """
    lang = _lang(language)
    template = table[lang].get(key) if lang in table else None
    if template is None:
        template = table["en"][key]
    if not values:
        return template
    return kformat(template, **values) if lang == "ko" else template.format(**values)


def suit_name(suit: Suit | int | str, language: str | None = None) -> str:
    """``hearts`` / ``하트``."""
    s = Suit.parse(suit) if isinstance(suit, str) else Suit(suit)
    return _SUIT_NAMES[_lang(language)][s.name]


def card_name(card: Card | str, language: str | None = None) -> str:
    """A card in words (for screen readers and tooltips): ``jack of hearts`` / ``하트 J``, the
    Korean one as the seeds name cards (:func:`belote_lab.korean.card_name`)."""
    c = Card.parse(card)
    if _lang(language) == "ko":
        return korean.card_name(c)
    letter = c.rank.letter
    rank = _RANK_NAMES.get(letter) or _EN_NUMBERS[letter]
    return f"{rank} of {_SUIT_NAMES['en'][c.suit.name]}"


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
    if lang == "ko":
        return korean.contract_name(c.code)
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
