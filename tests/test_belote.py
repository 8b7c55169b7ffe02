"""Unit tests of four-player Belote: the trick core and its reasons (English and Korean), the
taking, belote/rebelote, scoring (made, dedans, capot, litige with its reserve), declarations,
games to the target, and bad input refused with a clear error and no change of state."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from belote_lab.cards import (
    SEATS,
    Card,
    CardParseError,
    CardSet,
    belote_deck,
    mask_cards,
    parse_cards,
)
from belote_lab.contract import Contract
from belote_lab.games.base import IllegalAction, OutOfTurn
from belote_lab.games.belote import (
    BeloteGame,
    BeloteHand,
    declarations_of,
    score_hand,
    team_declarations,
)
from belote_lab.play.record_io import RecordError, game_from_json, hand_from_json, hand_to_json
from belote_lab.players import RandomPlayer, drive_hand
from belote_lab.reasons import LANGUAGES, explain, rule_summary
from belote_lab.rules import BeloteRules, RuleOptionError
from belote_lab.trick import (
    BELOTE2_FREE,
    BELOTE_FOLLOW,
    BELOTE_FOLLOW_UNDERTRUMP,
    CALLBREAK_FOLLOW,
    FollowRules,
    IllegalPlay,
    Reason,
    Rule,
    analyse,
    legal_cards,
    trick_points,
    trick_winner,
    why_not,
)

# Card points of RULES.md §1, written out here to check the engine's sums independently.
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def card_points(cards: list[str], trump: str) -> int:
    return sum((TRUMP_POINTS if c[1] == trump else PLAIN_POINTS).get(c[0], 0) for c in cards)


# --- the trick core: every rule, with its reason ------------------------------------------------
# (hand, trick, contract, follow rules, expected rule, expected legal cards, a refused card or None,
#  words of the English text, words of the Korean text)
RULE_CASES: list[tuple[str, list[str], str, FollowRules, Rule, str, str | None, str, str]] = [
    ("7H AS", [], "H", BELOTE_FOLLOW, Rule.LEAD, "7H AS", None, "You lead", "선이므로 아무 카드나"),
    ("7H AS", ["KS"], "H", BELOTE2_FREE, Rule.FREE_PHASE, "7H AS", None, "stock", "더미"),
    (
        "AS 7S JH",
        ["KS"],
        "H",
        BELOTE_FOLLOW,
        Rule.FOLLOW,
        "AS 7S",
        "JH",
        "You must follow suit: you hold ♠",
        "손패에 ♠ 카드가 있으므로 선이 낸 무늬를 따라야 합니다",
    ),
    (
        "9H 7H AS",
        ["TH"],
        "H",
        BELOTE_FOLLOW,
        Rule.GO_HIGHER,
        "9H",
        "7H",
        "go higher than 10♥",
        "손패에 10♥보다 높은 ♥ 카드가 있으므로 무늬를 따라 더 높은 카드를 내야",
    ),
    (
        "9S 7S",
        ["TS"],
        "AT",
        BELOTE_FOLLOW,
        Rule.GO_HIGHER,
        "9S",
        "7S",
        "go higher than 10♠",
        "10♠보다 높은",
    ),
    (
        "7H 8H AS",
        ["JH"],
        "H",
        BELOTE_FOLLOW,
        Rule.FOLLOW_CANNOT_BEAT,
        "8H 7H",
        "AS",
        "you cannot beat J♥",
        "J♥를 이길 수 없으므로",
    ),
    (
        "3H AH 5S",
        ["KH", "2S"],
        "callbreak",
        CALLBREAK_FOLLOW,
        Rule.FOLLOW_TRUMPED,
        "AH 3H",
        "5S",
        "already trumped by 2♠",
        "이미 으뜸패 2♠가 나왔으므로",
    ),
    (
        "7H JH AC KD",
        ["AS", "KS"],
        "H",
        BELOTE_FOLLOW,
        Rule.PARTNER_MASTER,
        "JH 7H KD AC",
        None,
        "your partner is winning",
        "파트너가 이기고 있으므로",
    ),
    (
        "7H JH AC KD",
        ["KS", "AS"],
        "H",
        BELOTE_FOLLOW,
        Rule.MUST_TRUMP,
        "JH 7H",
        "AC",
        "You must trump: you have no ♠ and your partner is not winning",
        "으뜸패를 내야 합니다",
    ),
    (
        "7H JH AC",
        ["AS", "9H"],
        "H",
        BELOTE_FOLLOW,
        Rule.MUST_OVERTRUMP,
        "JH",
        "7H",
        "trump higher than 9♥",
        "9♥보다 높은 으뜸패",
    ),
    (
        "7H AC",
        ["AS", "9H"],
        "H",
        BELOTE_FOLLOW_UNDERTRUMP,
        Rule.MUST_UNDERTRUMP,
        "7H",
        "AC",
        "must still play a trump",
        "이길 수 없더라도 으뜸패를 내야",
    ),
    (
        "7H AC",
        ["AS", "9H"],
        "H",
        BELOTE_FOLLOW,
        Rule.CANNOT_OVERTRUMP,
        "7H AC",
        None,
        "cannot beat 9♥: any card",
        "아무 카드나",
    ),
    (
        "AC KD",
        ["KS", "AS"],
        "H",
        BELOTE_FOLLOW,
        Rule.VOID_NO_TRUMP,
        "KD AC",
        None,
        "no trump to play",
        "카드도 으뜸패도 없으므로",
    ),
    (
        "AC KD",
        ["KS", "AS"],
        "NT",
        BELOTE_FOLLOW,
        Rule.VOID_NO_TRUMP,
        "KD AC",
        None,
        "no trump to play",
        "카드도 으뜸패도 없으므로",
    ),
]


@pytest.mark.parametrize(
    ("hand", "trick", "contract", "follow", "rule", "legal", "refused", "en", "ko"),
    RULE_CASES,
    ids=[f"{c[4].value}-{c[2]}" for c in RULE_CASES],
)
def test_each_rule(
    hand: str,
    trick: list[str],
    contract: str,
    follow: FollowRules,
    rule: Rule,
    legal: str,
    refused: str | None,
    en: str,
    ko: str,
) -> None:
    a = analyse(hand, trick, contract, follow)
    assert a.rule is rule
    assert a.legal == CardSet.parse(legal)
    assert legal_cards(hand, trick, contract, follow) == a.legal
    for card in parse_cards(legal):
        assert why_not(card, hand, trick, contract, follow) is None
    if refused is None:
        assert a.legal == CardSet.parse(hand), "this rule lets every card be played"
        reason = Reason(parse_cards(hand)[0], rule, a.legal, a.led, a.to_beat, a.trump)
    else:
        r = why_not(refused, hand, trick, contract, follow)
        assert isinstance(r, Reason)
        assert r.rule is rule and r.card == Card.parse(refused) and r.legal == a.legal
        reason = r
    text_en, text_ko = reason.text("en"), explain(reason, "ko")
    assert en in text_en, text_en
    assert ko in text_ko, text_ko
    assert str(reason) == text_en
    if refused is not None:  # the texts name the playable cards
        playable = " ".join(c.pretty for c in CardSet.parse(legal))
        assert text_en.endswith(f"playable: {playable}."), text_en
        assert text_ko.endswith(f"(낼 수 있는 카드: {playable})."), text_ko
        assert reason.to_json()["legal"] == [c.text for c in CardSet.parse(legal)]
        assert reason.to_json()["rule"] == rule.value


def test_every_rule_is_reached() -> None:
    reached = {case[4] for case in RULE_CASES} | {Rule.NOT_IN_HAND}
    assert reached == set(Rule)


def test_not_in_hand_reason() -> None:
    r = why_not("QS", "7H JH AC KD", ["KS", "AS"], "H")
    assert isinstance(r, Reason) and r.rule is Rule.NOT_IN_HAND
    assert str(r) == "Q♠ is not in your hand; playable: J♥ 7♥."
    assert explain(r, "ko") == "Q♠는 손패에 없으므로 낼 수 없습니다(낼 수 있는 카드: J♥ 7♥)."


def test_must_trump_without_partners_text() -> None:
    r = why_not("3D", "5S 3D", ["KH"], "callbreak", CALLBREAK_FOLLOW)
    assert isinstance(r, Reason) and r.rule is Rule.MUST_TRUMP
    assert str(r) == "You must trump: you have no ♥; playable: 5♠."
    assert "파트너" not in explain(r, "ko")


def test_every_text_exists_in_every_language() -> None:
    r = why_not("AC", "7H JH AC KD", ["KS", "AS"], "H")
    assert isinstance(r, Reason)
    for rule in Rule:
        for lang in LANGUAGES:
            text = explain(Reason(r.card, rule, r.legal, r.led, Card.parse("9H"), r.trump), lang)
            assert text and "{" not in text and "}" not in text
            assert rule_summary(rule.value, lang)
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        explain(r, "fr")


def test_trump_led_must_go_higher_even_over_partner() -> None:
    # the third player's partner led the trick; the second card (an opponent's) is winning
    a = analyse("9H 7H", ["8H", "AH"], "H")
    assert a.rule is Rule.GO_HIGHER and a.legal == CardSet.parse("9H")
    # the partner's AH is winning: still go higher when you can
    a = analyse("9H 7H", ["AH", "8H"], "H")
    assert a.rule is Rule.GO_HIGHER and a.legal == CardSet.parse("9H")
    # the partner's JH cannot be beaten: any trump
    a = analyse("9H AH", ["7H", "JH", "8H"], "H")
    assert a.rule is Rule.FOLLOW_CANNOT_BEAT and a.legal == CardSet.parse("9H AH")


def test_plain_suit_led_need_not_be_beaten() -> None:
    assert legal_cards("7S AS JH", ["KS", "TS"], "H") == CardSet.parse("AS 7S")
    assert legal_cards("7S AS", ["KS", "JH"], "H") == CardSet.parse("AS 7S")  # trumped: follow


def test_trick_winner_and_points() -> None:
    assert trick_winner(parse_cards("8H KH 7S KC"), "H") == 1
    assert trick_winner(["AS", "7H", "KS", "TS"], "H") == 1  # the lowest trump beats the ace
    assert trick_winner(["7D", "AS", "8D", "AC"], "H") == 2  # off-suit cards never win
    assert trick_winner(["TC", "8S", "KH", "TH"], "NT") == 0
    assert trick_winner(["9S", "JS", "AS", "JH"], "AT") == 1
    assert trick_winner(["9S", "AS", "8S", "JH"], "AT") == 0
    assert trick_points(["JH", "9H", "AS", "TS"], "H") == 20 + 14 + 11 + 10
    assert trick_points(["AS", "TS", "KS", "QS", "JS"], "NT") == 19 + 10 + 4 + 3 + 2
    assert trick_points(["JS", "9S", "AS", "TS", "KS", "QS"], "AT") == 14 + 9 + 6 + 5 + 3 + 1
    for code in ("S", "NT", "AT"):
        assert sum(Contract.parse(code).points(c) for c in belote_deck()) == 152
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner([], "H")


# --- helpers: hands built from their tricks ------------------------------------------------------
def hand_from_tricks(
    tricks: list[list[str]],
    trump: str,
    taker: str,
    first_leader: str,
    rules: BeloteRules | None = None,
    reserve: int = 0,
) -> tuple[BeloteHand, list[str]]:
    """A hand whose players hold exactly the cards they play in ``tricks`` (the winner of each
    trick leads the next), and the cards in playing order."""
    hands: dict[str, list[str]] = {s: [] for s in SEATS}
    leader = SEATS.index(first_leader)
    for t in tricks:
        for i, c in enumerate(t):
            hands[SEATS[(leader + i) % 4]].append(c)
        leader = (leader + trick_winner(t, trump)) % 4
    h = BeloteHand.from_hands(hands, trump, taker, first_leader, rules=rules, reserve=reserve)
    return h, [c for t in tricks for c in t]


def play_all(h: BeloteHand, cards: list[str]) -> None:
    for c in cards:
        h.play(c)


def play_policy(h: BeloteHand, pick: int = 0) -> None:
    while h.phase == "play":
        h.play(mask_cards(h.legal_mask())[pick])


# A hand whose card points split 81-81 (trump S, taker N, N leads).
LITIGE = [
    ["KC", "QC", "AC", "KS"],
    ["AH", "TH", "9H", "QH"],
    ["8H", "KD", "QS", "9S"],
    ["JS", "AD", "8D", "8S"],
    ["TS", "JH", "8C", "AS"],
    ["JD", "9D", "TD", "7D"],
    ["7H", "QD", "JC", "7S"],
    ["7C", "KH", "TC", "9C"],
]
# Each seat holds a whole suit; E holds every heart.
SUITS = {
    "N": "AS TS KS QS JS 9S 8S 7S",
    "E": "JH 9H AH TH KH QH 8H 7H",
    "S": "AD TD KD QD JD 9D 8D 7D",
    "W": "AC TC KC QC JC 9C 8C 7C",
}
# N holds K and Q of hearts and nothing else of value.
WEAK_BELOTE = {
    "N": "KH QH 7S 8S 7D 8D 7C 8C",
    "E": "JH 9H AH TH 9S TS AD TD",
    "S": "7H 8H AS JS 9D JD 9C JC",
    "W": "KS QS KD QD AC TC KC QC",
}


# --- the taking ------------------------------------------------------------------------------
def deck_with(turned: str) -> list[Card]:
    """A fixed deck whose 21st card (the turned one) is ``turned``."""
    deck = belote_deck()
    i = deck.index(Card.parse(turned))
    deck[i], deck[20] = deck[20], deck[i]
    return deck


def test_round_one_take_completes_the_deal() -> None:
    deck = deck_with("KC")
    h = BeloteHand(dealer="N", deck=deck)
    assert h.phase == "bidding" and h.turned == Card.parse("KC")
    assert [c.bit_count() for c in h.hands] == [5, 5, 5, 5]
    assert h.current_player == 1 and h.to_play == 1  # the player after the dealer speaks first
    assert h.legal_calls() == ["take", "pass"]
    h.call("pass")
    assert h.current_player == 2 and h.to_play == 2
    h.call("take")  # S takes clubs
    assert h.phase == "play" and h.contract == Contract.parse("C") and h.taker == 2
    assert h.attack == 0
    rest = deck[21:]
    # dealing order after the dealer N: E, S, W, N; the taker S gets the turned card and 2
    # more, the others 3 more
    expected = {
        1: deck[0:5] + rest[0:3],
        2: [*deck[5:10], deck[20], *rest[3:5]],
        3: deck[10:15] + rest[5:8],
        0: deck[15:20] + rest[8:11],
    }
    for seat, cards in expected.items():
        assert CardSet(h.hands[seat]) == CardSet(cards), SEATS[seat]
    assert h.to_play == 0  # the dealer leads the first trick


def test_round_two_names_another_suit() -> None:
    h = BeloteHand(dealer="S", deck=deck_with("KC"))
    for _ in range(4):
        h.call("pass")
    assert h.legal_calls() == ["S", "H", "D", "pass"]
    before = h.to_json()
    for bad, words in (("take", "round 2"), ("C", "turned suit"), ("NT", "no trump is not")):
        with pytest.raises(IllegalAction, match=words):
            h.call(bad)
        assert h.to_json() == before
    h.call("pass")
    h.call("h")  # N names hearts
    assert h.contract == Contract.parse("H") and SEATS[h.taker] == "N"
    assert all(m.bit_count() == 8 for m in h.hands)


@pytest.mark.parametrize(("option", "code"), [("allow_no_trump", "NT"), ("allow_all_trump", "AT")])
def test_no_trump_and_all_trump_in_round_two_only(option: str, code: str) -> None:
    rules = BeloteRules(**{option: True})
    h = BeloteHand(rules, dealer="N", deck=deck_with("KH"))
    with pytest.raises(IllegalAction, match="round 1 allows only"):
        h.call(code)
    for _ in range(4):
        h.call("pass")
    assert code in h.legal_calls()
    other = "AT" if code == "NT" else "NT"
    assert other not in h.legal_calls()
    with pytest.raises(IllegalAction, match="not allowed by these rules"):
        h.call(other)
    h.call(code)
    assert h.contract is not None and h.contract.code == code and h.taker == 1
    assert h.belote_seat == -1
    play_policy(h)
    assert h.result is not None and h.result.belote == {"NS": 0, "EW": 0}
    assert sum(h.result.points.values()) == 162


def test_turned_jack_forces_the_dealer() -> None:
    rules = BeloteRules(turned_jack_forces_dealer=True)
    h = BeloteHand(rules, dealer="W", deck=deck_with("JD"))
    for _ in range(3):
        assert "pass" in h.legal_calls()
        h.call("pass")
    assert h.current_player == 3 and h.legal_calls() == ["take"]
    assert not h.can_call("pass")
    with pytest.raises(IllegalAction, match="W, the dealer, must take"):
        h.call("pass")
    h.call("take")
    assert h.taker == 3 and h.contract == Contract.parse("D")
    # not forced without the option, nor when the turned card is not a jack
    for r, turned in ((BeloteRules(), "JD"), (rules, "QD")):
        h = BeloteHand(r, dealer="W", deck=deck_with(turned))
        for _ in range(4):
            h.call("pass")
        assert h.taking is not None and h.taking.round == 2


def test_everybody_passes_twice_then_redeal() -> None:
    h = BeloteHand(dealer="E", deck=deck_with("9S"))
    for _ in range(8):
        h.call("pass")
    assert h.phase == "redeal" and h.is_over and h.legal_calls() == []
    assert h.current_player is None and h.result is None
    with pytest.raises(IllegalAction, match="phase: redeal"):
        h.call("pass")
    with pytest.raises(IllegalPlay, match="no card can be played now"):
        h.play(mask_cards(h.hands[1])[0])
    h.undo()
    assert h.phase == "bidding" and h.current_player == 1
    assert h.legal_calls() == ["H", "D", "C", "pass"]  # round 2: not the turned suit


@pytest.mark.parametrize(("same", "next_dealer"), [(True, 1), (False, 2)])
def test_redeal_dealer_in_a_game(same: bool, next_dealer: int) -> None:
    g = BeloteGame(BeloteRules(redeal_same_dealer=same), seed=11, dealer="E")
    first = g.hand
    while g.hand.phase == "bidding":
        g.hand.call("pass")
    g.next_hand()
    assert g.hands == [first] and g.totals == {"NS": 0, "EW": 0}
    assert g.hand is not first and g.hand.dealer == next_dealer and g.hand.phase == "bidding"
    assert g.hand.deck != first.deck  # a new deal


@pytest.mark.parametrize(("first_lead", "leader"), [("dealer", 2), ("eldest", 3)])
def test_first_lead(first_lead: str, leader: int) -> None:
    h = BeloteHand(BeloteRules(first_lead=first_lead), dealer="S", seed=4)
    h.call("take")
    assert h.to_play == leader and h.leader == leader
    assert h.taker == 3  # W, the player after the dealer, took


# --- belote / rebelote -----------------------------------------------------------------------
def test_belote_rebelote_when_the_taker_fails() -> None:
    h = BeloteHand.from_hands(WEAK_BELOTE, "H", taker="N", first_leader="N")
    assert h.belote_seat == 0
    play_policy(h, 0)
    r = h.result
    assert r is not None and r.made is False and r.capot is None
    kinds = [(e.kind, SEATS[e.seat], e.points) for e in h.events if "belote" in e.kind]
    assert kinds == [("belote", "N", 0), ("rebelote", "N", 20)]
    assert r.belote == {"NS": 20, "EW": 0}
    # seed 000: every point of the round goes to the defence, N-S's belote included
    assert r.score == {"NS": 0, "EW": 182}
    ffb = BeloteHand.from_hands(
        WEAK_BELOTE, "H", taker="N", first_leader="N",
        rules=BeloteRules(failed_contract="keep_belote"),
    )
    play_policy(ffb, 0)
    assert ffb.result is not None and ffb.result.points == r.points
    assert ffb.result.score == {"NS": 20, "EW": 162}  # FFB: the 20 stay with N-S


def test_belote_of_attackers_against_a_capot() -> None:
    hands = dict(WEAK_BELOTE, E="JH 9H AH TH AS TS AD TD", S="7H 8H 9S JS 9D JD 9C JC")
    h = BeloteHand.from_hands(hands, "H", taker="N", first_leader="N")
    play_policy(h, 0)
    r = h.result
    assert r is not None and r.capot == "EW" and r.made is False
    # seed 000: a defence capot scores as any failed contract (the +90 is the attack's only)
    assert r.score == {"NS": 0, "EW": 182}
    assert "capot" not in [e.kind for e in h.events]
    ffb = BeloteHand.from_hands(
        hands, "H", taker="N", first_leader="N", rules=BeloteRules(failed_contract="keep_belote")
    )
    play_policy(ffb, 0)
    assert ffb.result is not None and ffb.result.score == {"NS": 20, "EW": 252}
    assert [e.kind for e in ffb.events][-1] == "capot"


def test_belote_with_queen_first_and_when_defending() -> None:
    h = BeloteHand.from_hands(SUITS, "H", taker="N", first_leader="E")
    h.play("QH")
    assert [(e.kind, e.seat, e.trick) for e in h.events] == [("belote", 1, 1)]
    for c in ("7D", "7C", "7S", "KH"):  # S, W, N, then E leads again
        h.play(c)
    assert [(e.kind, e.seat, e.trick) for e in h.events] == [("belote", 1, 1), ("rebelote", 1, 2)]
    play_policy(h)
    r = h.result
    assert r is not None and r.capot == "EW" and r.made is False  # the defenders took it all
    assert r.score == {"NS": 0, "EW": 162 + 20}  # seed 000: no capot bonus for the defence


def test_no_belote_when_king_and_queen_are_split() -> None:
    hands = dict(SUITS, E="JH 9H AH TH KH 7S 8H 7H", N="AS TS KS QS JS 9S 8S QH")
    h = BeloteHand.from_hands(hands, "H", taker="E", first_leader="E")
    assert h.belote_seat == -1
    play_policy(h)
    assert h.result is not None and h.result.belote == {"NS": 0, "EW": 0}
    assert not [e for e in h.events if "belote" in e.kind]


# --- scoring ---------------------------------------------------------------------------------
def test_score_made_failed_capot_litige() -> None:
    made = score_hand((90, 72), (5, 3), (0, 0), attack=0)
    assert (made.made, made.score, made.held) == (True, {"NS": 90, "EW": 72}, 0)
    # the belote counts to make the contract: 72 + 20 > 90
    made = score_hand((72, 90), (4, 4), (20, 0), attack=0)
    assert made.made is True and made.score == {"NS": 92, "EW": 90}
    failed = score_hand((90, 72), (5, 3), (0, 20), attack=0)  # 90 < 72 + 20
    assert failed.made is False and failed.score == {"NS": 0, "EW": 162 + 20}
    capot = score_hand((162, 0), (8, 0), (20, 0), attack=0)
    assert capot.capot == "NS" and capot.made is True and capot.score == {"NS": 272, "EW": 0}
    against = score_hand((162, 0), (8, 0), (0, 20), attack=1)
    assert against.capot == "NS" and against.made is False
    assert against.score == {"NS": 182, "EW": 0}  # seed 000: 162 + every belote, no +90
    tie = score_hand((81, 81), (4, 4), (0, 0), attack=1)
    assert tie.made is None and tie.score == {"NS": 81, "EW": 0} and tie.held == 81
    tie = score_hand((61, 81), (4, 4), (20, 0), attack=0)  # 61 + 20 = 81
    # seed 000: the attack's whole total, belote included, is held
    assert tie.made is None and tie.score == {"NS": 0, "EW": 81} and tie.held == 81
    again = score_hand((81, 81), (4, 4), (0, 0), attack=0, reserve=81)  # reserves add up
    assert again.held == 162 and again.reserve_won == {}
    won = score_hand((50, 112), (3, 5), (0, 0), attack=0, reserve=81)  # defenders win it
    assert won.score == {"NS": 0, "EW": 162 + 81} and won.reserve_won == {"EW": 81}
    assert "Litige" in tie.why() and "capot" in capot.why() and "failed" in failed.why()
    assert "182" in failed.why() and "182" in failed.why("ko") and "seed 000" in against.why()


def test_failed_contract_keep_belote_is_the_ffb_rule() -> None:
    def keep(*args: object, **kw: object) -> object:
        return score_hand(*args, failed_contract="keep_belote", **kw)  # type: ignore[arg-type]

    failed = keep((90, 72), (5, 3), (0, 20), attack=0)  # 90 < 72 + 20
    assert failed.made is False and failed.score == {"NS": 0, "EW": 182}  # defence's own 20
    failed = keep((72, 90), (5, 3), (20, 0), attack=1)  # EW 90 < NS 92: NS keeps its belote
    assert failed.made is False and failed.score == {"NS": 182, "EW": 0}
    failed = keep((100, 62), (5, 3), (0, 20), attack=1)  # EW 82 < NS 100
    assert failed.score == {"NS": 162, "EW": 20}
    against = keep((162, 0), (8, 0), (0, 20), attack=1)
    assert against.score == {"NS": 252, "EW": 20} and "capot" in against.why()
    tie = keep((61, 81), (4, 4), (20, 0), attack=0)
    assert tie.made is None and tie.score == {"NS": 20, "EW": 81} and tie.held == 61
    assert "FFB" in failed.why() and "프랑스 연맹" in failed.why("ko")
    with pytest.raises(ValueError, match="failed_contract"):
        score_hand((81, 81), (4, 4), (0, 0), attack=0, failed_contract="fifty_fifty")


def test_failed_contract_option_is_checked() -> None:
    assert BeloteRules().failed_contract == "all_to_defence"
    with pytest.raises(RuleOptionError, match="failed_contract"):
        BeloteRules(failed_contract="nobody")
    with pytest.raises(RuleOptionError, match="failed_contract"):
        BeloteRules.from_json({"failed_contract": 1})


def test_a_played_litige() -> None:
    h, cards = hand_from_tricks(LITIGE, "S", "N", "N")
    play_all(h, cards)
    ns = [c for t in h.tricks if t.winner % 2 == 0 for c in t.cards]
    ew = [c for t in h.tricks if t.winner % 2 == 1 for c in t.cards]
    last = 10 if h.tricks[-1].winner % 2 == 0 else 0
    assert card_points([c.text for c in ns], "S") + last == 81
    assert card_points([c.text for c in ew], "S") + 10 - last == 81
    r = h.result
    assert r is not None and r.made is None and r.held == 81
    assert r.score == {"NS": 0, "EW": 81}
    assert h.events[-1].kind == "litige" and h.events[-1].points == 81


class ScriptedGame(BeloteGame):
    """A game whose first hands are given (then seeded deals as usual)."""

    def __init__(
        self, script: list[Callable[[int, int], BeloteHand]], rules: BeloteRules, seed: int = 0
    ) -> None:
        self.script = list(script)
        super().__init__(rules, seed=seed, dealer="N")

    def _new_hand(self, dealer: int) -> BeloteHand:
        dealt = super()._new_hand(dealer)
        if self.script:
            return self.script.pop(0)(dealer, self.held)
        return dealt


def test_litige_reserve_goes_to_the_winner_of_the_next_hand() -> None:
    def litige(dealer: int, reserve: int) -> BeloteHand:
        assert dealer == 0 and reserve == 0
        return hand_from_tricks(LITIGE, "S", "N", "N")[0]

    def capot_for_ew(dealer: int, reserve: int) -> BeloteHand:
        assert dealer == 1
        return BeloteHand.from_hands(SUITS, "H", "E", SEATS[dealer], reserve=reserve)

    g = ScriptedGame([litige, capot_for_ew], BeloteRules())
    play_all(g.hand, [c for t in LITIGE for c in t])
    g.next_hand()
    assert g.totals == {"NS": 0, "EW": 81} and g.held == 81
    assert g.hand.reserve == 81
    play_policy(g.hand)
    r = g.hand.result
    assert r is not None and r.capot == "EW" and r.reserve_won == {"EW": 81}
    assert r.score == {"NS": 0, "EW": 252 + 20 + 81}
    g.next_hand()
    assert g.totals == {"NS": 0, "EW": 81 + 353} and g.held == 0
    assert g.hand.reserve == 0
    # the reserve survives a redeal
    g2 = ScriptedGame([litige], BeloteRules())
    play_all(g2.hand, [c for t in LITIGE for c in t])
    g2.next_hand()
    while g2.hand.phase == "bidding":
        g2.hand.call("pass")
    g2.next_hand()
    assert g2.held == 81 and g2.hand.reserve == 81


# --- declarations ----------------------------------------------------------------------------
def test_declarations_of_one_hand() -> None:
    found = [(d.kind, d.points) for d in declarations_of("7S 8S 9S TS JS QS KS AS")]
    assert found == [("cent", 100)]
    found = [(d.kind, d.points) for d in declarations_of("JS JH JD JC QC KC 7S 8H")]
    assert sorted(found) == [("carre", 200), ("tierce", 20)]  # JC serves twice
    assert [d.points for d in declarations_of("9S 9H 9D 9C 7S 7H AD KC")] == [150]
    for rank in "ATKQ":
        assert [d.points for d in declarations_of(f"{rank}S {rank}H {rank}D {rank}C")] == [100]
    assert declarations_of("8S 8H 8D 8C 7S 7H 7D 7C") == []  # no carré of eights or sevens
    assert declarations_of("7S 8S TS JS 9H TH QH KH") == []  # gaps: no sequence
    found = [(d.kind, d.points) for d in declarations_of("9D TD JD QD AD 7C 8C 9C")]
    assert sorted(found) == [("cinquante", 50), ("tierce", 20)]


DECLARING = {
    "N": "7S 8S 9S AH AD KC QC 7D",
    "E": "TS JS KS 8H 9H 8D 9D 8C",
    "S": "QS AS 7H TH JH 9C TC JC",
    "W": "QH KH TD JD QD KD AC 7C",
}


def test_team_declarations() -> None:
    masks = [CardSet.parse(DECLARING[s]).mask for s in SEATS]
    assert team_declarations(masks) == {"NS": 0, "EW": 50}  # NS 20 + 20 < EW 50
    masks[3] = CardSet.parse("QH KH TD JD AC 7C QD 9H").mask  # W: no sequence of 4 now
    masks[1] = CardSet.parse("TS JS KS 8H KD 8D 9D 8C").mask
    assert team_declarations(masks) == {"NS": 40, "EW": 0}
    assert team_declarations([0, 0, 0, 0]) == {"NS": 0, "EW": 0}
    tie = {0: CardSet.parse("7S 8S 9S").mask, 1: CardSet.parse("7H 8H 9H").mask}
    assert team_declarations(tie) == {"NS": 0, "EW": 0}  # equal totals: neither


def test_declarations_in_a_hand_after_the_first_trick() -> None:
    h = BeloteHand.from_hands(
        DECLARING, "C", taker="N", first_leader="N", rules=BeloteRules(declarations=True)
    )
    for _ in range(4):
        assert not [e for e in h.events if e.kind == "declaration"]
        h.play(mask_cards(h.legal_mask())[0])
    assert [(e.kind, e.seat, e.trick, e.points, e.detail) for e in h.events] == [
        ("declaration", 1, 1, 50, "EW")
    ]
    play_policy(h)
    r = h.result
    assert r is not None and r.declarations == {"NS": 0, "EW": 50}
    plain = score_hand(
        (r.points["NS"], r.points["EW"]),
        (sum(h.won_tricks[0::2]), sum(h.won_tricks[1::2])),
        (r.belote["NS"], r.belote["EW"]),
        attack=0,
    )
    assert r.made == plain.made
    assert r.score == {"NS": plain.score["NS"], "EW": plain.score["EW"] + 50}
    # without the option nothing is declared
    h = BeloteHand.from_hands(DECLARING, "C", taker="N", first_leader="N")
    play_policy(h)
    assert h.result is not None and h.result.declarations == {"NS": 0, "EW": 0}


def test_declarations_do_not_make_the_contract() -> None:
    r = score_hand((70, 92), (4, 4), (0, 0), attack=0, declarations=(200, 0))
    assert r.made is False and r.score == {"NS": 200, "EW": 162}
    r = score_hand((92, 70), (4, 4), (0, 0), attack=0, declarations=(0, 100))
    assert r.made is True and r.score == {"NS": 92, "EW": 170}


# --- games to the target -----------------------------------------------------------------------
def test_game_ends_after_the_hand_that_passes_1000() -> None:
    g = BeloteGame(seed=21)
    players = {s: RandomPlayer(seed=s) for s in range(4)}
    running = {"NS": 0, "EW": 0}
    while not g.is_over:
        assert g.winner is None
        drive_hand(g.hand, players)
        h = g.hand
        g.next_hand()
        if h.result is not None:
            running = {k: running[k] + h.result.score[k] for k in running}
        ended = max(running.values()) > 1000 and running["NS"] != running["EW"]
        assert g.is_over == ended and g.totals == running
    assert g.hand is g.hands[-1]
    assert g.winner == max(running, key=lambda k: running[k])
    with pytest.raises(IllegalAction, match="the game is over"):
        g.next_hand()
    with pytest.raises(IllegalAction, match="not finished"):
        BeloteGame(seed=1).next_hand()


def test_equal_totals_over_the_target_play_another_hand() -> None:
    made = [  # E-W take and make it: 149 to 13
        ["KD", "9D", "TD", "JD"],
        ["8S", "JS", "9S", "AS"],
        ["JH", "AH", "KH", "AD"],
        ["AC", "7C", "9C", "JC"],
        ["TC", "QC", "QH", "KC"],
        ["QD", "7D", "TS", "9H"],
        ["8C", "KS", "7S", "QS"],
        ["8D", "8H", "TH", "7H"],
    ]
    first, _ = hand_from_tricks(made, "D", "W", "N")
    play_all(first, [c for t in made for c in t])
    r = first.result
    assert r is not None and r.made is True and min(r.score.values()) > 0
    a, b = r.score["EW"], r.score["NS"]
    target = max(a, b)  # not passed after the first hand, passed by both after the second

    def given(dealer: int, reserve: int) -> BeloteHand:
        # the same hand with every seat moved one place on: N-S now score what E-W scored
        h, cards = hand_from_tricks(made, "D", SEATS[(3 + dealer) % 4], SEATS[dealer])
        play_all(h, cards)
        return h

    g = ScriptedGame([given, given], BeloteRules(target=target))
    g.next_hand()
    assert g.totals == {"NS": b, "EW": a} and not g.is_over
    g.next_hand()
    assert g.totals == {"NS": a + b, "EW": a + b} and a + b > target
    assert not g.is_over and g.winner is None and g.hand.phase == "bidding"
    players = {s: RandomPlayer(seed=s) for s in range(4)}
    while not g.is_over:
        drive_hand(g.hand, players)
        g.next_hand()
    assert g.totals["NS"] != g.totals["EW"] and len(g.hands) >= 3


# --- bad input: a clear error and no change ------------------------------------------------------
@pytest.mark.parametrize("text", ["1H", "ZZ", "11S", "", "J", "JHH", "2X"])
def test_unknown_card_strings(text: str) -> None:
    with pytest.raises(CardParseError, match="unknown card"):
        Card.parse(text)
    with pytest.raises(CardParseError):
        parse_cards(["AS", text])
    with pytest.raises(CardParseError):
        CardSet.parse(["AS", text])
    assert text not in CardSet.parse("AS KS")


def test_duplicated_cards() -> None:
    with pytest.raises(CardParseError, match="'AS' is given twice"):
        parse_cards("AS KD as")
    hands = dict(SUITS, N="AS TS KS QS JS 9S 8S JH")  # JH also in E's hand
    with pytest.raises(CardParseError, match="'JH' is dealt twice"):
        BeloteHand.from_hands(hands, "H", "N", "N")
    hands = dict(SUITS, N="AS TS KS QS JS 9S 8S AS")
    with pytest.raises(CardParseError, match="given twice"):
        BeloteHand.from_hands(hands, "H", "N", "N")
    hands = dict(SUITS, N="AS TS KS QS JS 9S 8S")  # 7 cards against 8
    with pytest.raises(CardParseError, match="needs 8 cards"):
        BeloteHand.from_hands(hands, "H", "N", "N")
    hands = dict(SUITS, N="AS TS KS QS JS 9S 8S 2S")
    with pytest.raises(CardParseError, match="unknown Belote card '2S'"):
        BeloteHand.from_hands(hands, "H", "N", "N")
    with pytest.raises(CardParseError, match="unknown card 'ZZ'"):
        BeloteHand.from_hands(dict(SUITS, N="AS TS KS QS JS 9S 8S ZZ"), "H", "N", "N")
    with pytest.raises(CardParseError, match="unknown contract"):
        BeloteHand.from_hands(SUITS, "X", "N", "N")
    with pytest.raises(CardParseError, match="32-card deck"):
        BeloteHand(deck=belote_deck()[:31])
    with pytest.raises(CardParseError, match="given twice"):
        BeloteHand(deck=[*belote_deck()[:31], belote_deck()[0]])


def state_of(h: BeloteHand) -> str:
    return json.dumps(h.to_json(), sort_keys=True)


def test_plays_refused_without_change() -> None:
    h = BeloteHand(seed=8, dealer="N")
    before = state_of(h)
    card = mask_cards(h.hands[1])[0]
    with pytest.raises(IllegalPlay, match=r"no card can be played now \(bidding\)"):
        h.play(card)
    assert h.why_not(card) == "no card can be played now (bidding)"
    assert state_of(h) == before
    with pytest.raises(OutOfTurn, match="it is E's turn to speak, not S's"):
        h.call("take", seat="S")
    assert not h.can_call("take", seat="S") and h.can_call("take", seat="E")
    assert state_of(h) == before
    for bad in ("foo", "NT", "H"):
        with pytest.raises(IllegalAction):
            h.call(bad)
        assert state_of(h) == before
    h.call("take", seat="E")
    h.play(mask_cards(h.legal_mask())[0], seat="N")  # N, the dealer, leads
    before = state_of(h)
    legal = h.legal_mask()
    with pytest.raises(OutOfTurn, match="it is E's turn to play, not W's"):
        h.play(mask_cards(legal)[0], seat="W")
    assert state_of(h) == before
    with pytest.raises(IllegalAction, match="phase: play"):
        h.call("pass")
    assert state_of(h) == before
    other = mask_cards(h.hands[2])[0]  # a card of S
    with pytest.raises(IllegalPlay, match=r"E to play: .* is not in your hand") as err:
        h.play(other)
    assert err.value.reason is not None and err.value.reason.rule is Rule.NOT_IN_HAND
    assert "S" not in str(err.value).split(":", 1)[1]  # it does not tell where the card is
    assert state_of(h) == before
    with pytest.raises(IllegalPlay, match="unknown card 'ZZ'"):
        h.play("ZZ")
    assert state_of(h) == before
    # play on to a turn where the seat to play holds a card it may not play
    while h.phase == "play" and not h.hands[h.to_play] & ~h.legal_mask():
        h.play(mask_cards(h.legal_mask())[0])
    assert h.phase == "play"
    before = state_of(h)
    bad = mask_cards(h.hands[h.to_play] & ~h.legal_mask())[0]
    assert not h.can_play(bad)
    with pytest.raises(IllegalPlay) as err:
        h.play(bad.text)
    reason = err.value.reason
    assert isinstance(reason, Reason) and reason.card == bad
    assert reason.legal == h.legal_cards() and reason.rule is not Rule.NOT_IN_HAND
    assert h.why_not(bad) == reason
    assert bad.pretty in str(err.value) and str(reason) in str(err.value)
    with pytest.raises(IllegalPlay):
        h.play(bad)  # the fast path (a Card, no seat) refuses it the same way
    assert state_of(h) == before
    play_policy(h)
    done = state_of(h)
    with pytest.raises(IllegalPlay, match=r"\(done\)"):
        h.play("AS")
    with pytest.raises(IllegalAction, match="phase: done"):
        h.call("pass")
    assert state_of(h) == done


def test_undo_with_nothing_to_undo() -> None:
    h = BeloteHand(seed=2)
    before = state_of(h)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        h.undo()
    assert state_of(h) == before


def test_equal_hands_hash_equal() -> None:
    a, b = BeloteHand(seed=3), BeloteHand(seed=3)
    a.call("take")
    b.call("take")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    a.play(mask_cards(a.legal_mask())[0])
    assert a != b


def good_record() -> dict[str, Any]:
    h = BeloteHand(seed=6, dealer="W")
    h.call("pass")
    h.call("take")
    for _ in range(5):
        h.play(mask_cards(h.legal_mask())[-1])
    return json.loads(json.dumps(hand_to_json(h)))  # type: ignore[no-any-return]


def broken(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    rec = good_record()
    change(rec)
    return rec


BAD_RECORDS: list[tuple[str, Any, str]] = [
    ("not-json", "{not json", "not JSON"),
    ("not-object", "[1, 2]", "must be a JSON object"),
    ("format", broken(lambda r: r.update(format="belote_lab/other")), "not a hand record"),
    ("version", broken(lambda r: r.update(version=7)), "unsupported version 7"),
    ("no-game", broken(lambda r: r.pop("game")), "missing key 'game'"),
    ("game", broken(lambda r: r.update(game="whist")), "unknown game 'whist'"),
    ("no-actions", broken(lambda r: r.pop("actions")), "missing key 'actions'"),
    ("actions-type", broken(lambda r: r.update(actions="all")), "wrong type"),
    ("rules", broken(lambda r: r.update(rules={"no_such_rule": True})), "unknown rule option"),
    ("rule-value", broken(lambda r: r.update(rules={"target": "x"})), "whole number"),
    ("no-deck", broken(lambda r: r.pop("deck")), "needs 'deck' or 'start'"),
    ("short-deck", broken(lambda r: r["deck"].pop()), "32-card deck"),
    ("deck-card", broken(lambda r: r["deck"].__setitem__(3, "ZZ")), "unknown card 'ZZ'"),
    ("deck-twice", broken(lambda r: r["deck"].__setitem__(3, r["deck"][4])), "given twice"),
    ("deck-type", broken(lambda r: r.update(deck="7S 8S")), "'deck' must be a list"),
    ("dealer", broken(lambda r: r.update(dealer="X")), "unknown seat 'X'"),
    ("reserve", broken(lambda r: r.update(reserve=-5)), "bad reserve -5"),
    (
        "action-shape",
        broken(lambda r: r["actions"].__setitem__(2, ["play", "N"])),
        "action 3 (trick 1): malformed action",
    ),
    (
        "action-kind",
        broken(lambda r: r["actions"].__setitem__(2, ["jump", "N", "x"])),
        "action 3 (trick 1): unknown action kind 'jump'",
    ),
    ("action-seat", broken(lambda r: r["actions"][2].__setitem__(1, "Q")), "unknown seat 'Q'"),
    ("out-of-turn", broken(lambda r: r["actions"][0].__setitem__(1, "S")), "action 1: it is N"),
    (
        "play-in-bidding",
        broken(lambda r: r["actions"].__setitem__(0, ["play", "N", "7S"])),
        "action 1: no card can be played now (bidding)",
    ),
    (
        "call-in-play",
        broken(lambda r: r["actions"].__setitem__(3, ["call", "E", "pass"])),
        "action 4 (trick 1): no call can be made now",
    ),
    (
        "result",
        broken(lambda r: r.update(result={"score": {}})),
        "has a result but its hand is not finished",
    ),
]


@pytest.mark.parametrize(
    ("record", "words"), [(b[1], b[2]) for b in BAD_RECORDS], ids=[b[0] for b in BAD_RECORDS]
)
def test_malformed_hand_records(record: Any, words: str) -> None:
    with pytest.raises(RecordError) as err:
        hand_from_json(record)
    assert words in str(err.value)


def test_good_record_reads_and_a_wrong_result_is_refused() -> None:
    rec = good_record()
    h = hand_from_json(rec)
    assert h.to_json() == rec
    play_policy(h)
    done = h.to_json()
    assert hand_from_json(done) == h
    done["result"]["score"]["NS"] += 1
    with pytest.raises(RecordError, match="differs from the replayed"):
        hand_from_json(done)


def test_malformed_game_records() -> None:
    g = BeloteGame(seed=5)
    players = {s: RandomPlayer(seed=s) for s in range(4)}
    for _ in range(2):
        drive_hand(g.hand, players)
        g.next_hand()
    rec = json.loads(json.dumps(g.to_json()))
    assert game_from_json(rec).to_json() == rec
    cases: list[tuple[Callable[[dict[str, Any]], Any], str]] = [
        (lambda r: r.update(format="x"), "not a game record"),
        (lambda r: r.update(game="whist"), "unknown game 'whist'"),
        (lambda r: r.pop("hands"), "missing key 'hands'"),
        (lambda r: r.update(hands=[]), "at least one hand"),
        (lambda r: r["hands"][1]["deck"].pop(), "hand 2: unknown 32-card deck"),
        (lambda r: r["totals"].update(NS=r["totals"]["NS"] + 1), "differ from replayed"),
        (lambda r: r["hands"][2].update(reserve=r["hands"][2]["reserve"] + 10), "hand 3: reserve"),
        (
            lambda r: r["hands"][2].update(dealer="S" if r["hands"][2]["dealer"] != "S" else "W"),
            "hand 3: dealt by",
        ),
        (lambda r: r["hands"][0].update(rules={"target": 500}), "hand 1: its rules differ"),
        (
            lambda r: (r["hands"][1]["actions"].pop(), r["hands"][1].pop("result")),
            "hand 2 is not finished, yet hand 3 follows",
        ),
        (lambda r: r["hands"][0]["actions"].pop(), "hand 1: the record has a result but"),
    ]
    for change, words in cases:
        bad = json.loads(json.dumps(rec))
        change(bad)
        with pytest.raises(RecordError, match=words):
            game_from_json(bad)
    with pytest.raises(RecordError, match="not JSON"):
        game_from_json("{")


def test_rule_options_are_checked() -> None:
    with pytest.raises(RuleOptionError, match="first_lead"):
        BeloteRules(first_lead="random")
    with pytest.raises(RuleOptionError, match="target"):
        BeloteRules(target=0)
    with pytest.raises(RuleOptionError, match="true or false"):
        BeloteRules.from_json({"must_undertrump": 1})
    assert BeloteRules.from_json({"target": 500}).changed() == {"target": 500}
