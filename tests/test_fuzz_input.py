"""The fuzz pass of 2026-12-02 (shared/reviews/2026-12-02-fuzz.md), findings 1, 2, 4, 7 and 8:
bad input read as good input, or refused by a crash instead of the game's own error.

1. suits, round-2 calls, Coinche bids, trumps and Callbreak calls are read strictly, through one
   suit reader (``""``, ``"SH"``, ``"HD"``, ``"80SH"``, ``"08 0H"``, ``"٨٠H"`` are refused with a
   message naming the text);
2. the Korean particle helper and every reader take any Unicode text (``"٣"``, ``"３"``, ``"²"``)
   without a ``KeyError``;
4. a record of one game is refused by another game's loader (exact class);
7. a seat given twice (``"N"`` and ``"n"``) and a JSON key given twice are refused;
8. a hand record without ``dealer`` is refused.
"""

from __future__ import annotations

import copy
import io
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote_lab import jsonlines, referee
from belote_lab.cards import CardParseError, Suit
from belote_lab.cli.solve import solve_case
from belote_lab.games.base import IllegalAction, TrickPlay
from belote_lab.games.belote import BeloteGame, BeloteHand
from belote_lab.games.belote2 import Belote2Hand, Belote2Match
from belote_lab.games.callbreak import CallbreakGame, CallbreakHand, CallError, parse_call
from belote_lab.games.coinche import Bid, CoincheGame, CoincheHand
from belote_lab.korean import PARTICLES, particle
from belote_lab.play.record_io import RecordError, hand_from_json
from belote_lab.simulation.selfplay import coinche_contract, parse_levels

CASES = Path(__file__).resolve().parent / "conformance" / "cases"
NOT_SUITS = ["", " ", "SH", "SHDC", "HD", "DC", "hs", "S H", "ſ", "hearts", "♥♥", "0"]
"""Texts the substring test read as suits (and a few more that are no suit either)."""
OTHER_DIGITS = ["٣", "３", "²", "٨", "१", "߃", "𝟑", "①"]
"""Digits of other scripts (Arabic-Indic, full-width, superscript, Devanagari, N'Ko, maths,
circled): ``str.isdigit`` is true for each, and none is a call or part of a bid."""
HANDS4 = {
    "N": "JH 9H AH TH KH QH 8H 7H",
    "E": "AS TS KS QS JS 9S 8S 7S",
    "S": "AD TD KD QD JD 9D 8D 7D",
    "W": "AC TC KC QC JC 9C 8C 7C",
}


def first_case(name: str, ask: str) -> dict[str, Any]:
    """The first case of a conformance file asking ``ask`` (without its expected answer)."""
    for line in (CASES / name).read_text(encoding="utf-8").splitlines():
        if line.strip():
            case = json.loads(line)
            if case.get("ask") == ask and "error" not in case.get("expect", {}):
                case.pop("expect", None)
                return case  # type: ignore[no-any-return]
    raise AssertionError(f"no {ask} case in {name}")


def round_two(seed: int = 1) -> BeloteHand:
    """A four-player Belote hand where everyone passed round 1."""
    h = BeloteHand(seed=seed)
    for _ in range(4):
        h.call("pass")
    return h


# --- 1. one strict suit reader -----------------------------------------------------------------
@pytest.mark.parametrize("text", NOT_SUITS)
def test_a_text_that_is_no_suit_is_refused_naming_it(text: str) -> None:
    with pytest.raises(CardParseError) as e:
        Suit.parse(text)
    assert e.value.token == text and repr(text) in str(e.value)
    assert f"‘{text}’" in e.value.text("ko")


@pytest.mark.parametrize(
    ("text", "suit"),
    [("S", Suit.S), ("h", Suit.H), (" d ", Suit.D), ("C", Suit.C), ("♠", Suit.S), ("♡", Suit.H)],
)
def test_the_suit_letters_and_symbols_are_read(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=4))
def test_a_suit_is_read_only_from_its_own_letter_or_symbol(text: str) -> None:
    try:
        s = Suit.parse(text)
    except CardParseError as e:
        assert e.token == text
        return
    assert text.strip() in (s.name, s.name.lower(), s.symbol, "♤♡♢♧"[s])


@pytest.mark.parametrize("trump", ["", " ", "SH", "HD", "DC", "SHDC"])
def test_the_referee_refuses_a_trump_that_is_no_suit(trump: str) -> None:
    case = {"id": 1, "game": "belote", "ask": "winner", "trump": trump,
            "trick": ["8H", "KH", "7S", "KC"], "leader": "W"}
    ans = referee.answer(case)
    assert ans["error"] == "invalid" and repr(trump) in ans["message"], ans
    assert referee.answer({**case, "trump": "S"}) == {"id": 1, "winner": "E"}  # 7S trumps


@pytest.mark.parametrize("call", ["", " ", "HD", "SH", "DC", "ſ", "٣"])
def test_a_round_two_call_that_is_no_suit_is_refused_and_changes_nothing(call: str) -> None:
    h = round_two()
    before = list(h.actions)
    assert not h.can_call(call)
    with pytest.raises(IllegalAction, match="unknown call") as e:
        h.call(call)
    assert repr(call) in str(e.value) and f"‘{call}’" in e.value.text("ko")
    assert h.actions == before
    other = next(s for s in "SHDC" if s != h.turned.suit.name)
    h.call(other.lower())  # a real suit, in either case, is still a call
    assert h.actions[-1][2] == other


def test_the_referee_refuses_an_empty_round_two_call() -> None:
    case = {"id": 1, "game": "belote", "ask": "bidding", "dealer": "S", "turned": "KC",
            "calls": ["pass"] * 4}
    assert referee.answer({**case, "calls": ["pass"] * 4 + [""]}) == {
        "id": 1, "error": "illegal", "call": 5}
    assert referee.answer({**case, "calls": ["pass"] * 4 + ["HD"]})["error"] == "illegal"
    assert referee.answer({**case, "calls": ["pass"] * 4 + ["h"]}) == {
        "id": 1, "contract": {"taker": "W", "trump": "H"}}


BAD_BIDS = ["80SH", "08 0H", "080H", "8 0H", "٨٠H", "３0H", "80٣", "３", "80", "80 S H", "80HD",
            "capotSH", "capot", "1" * 5000 + "H", ""]


@pytest.mark.parametrize("text", BAD_BIDS, ids=lambda t: t[:12] or "empty")
def test_a_coinche_bid_is_read_strictly(text: str) -> None:
    with pytest.raises(ValueError, match="unknown bid") as e:
        Bid.parse(text)
    assert repr(text[:40]) in str(e.value)
    assert len(str(e.value)) < 300  # a huge text is named, not copied whole


@pytest.mark.parametrize(
    ("text", "bid"),
    [(" 80 h ", "80H"), ("110nt", "110NT"), ("90SA", "90NT"), ("Capot Belote ♠", "capotbeloteS"),
     ("générale_belote NT", "generalebeloteNT"), ("GÉNÉRALE d", "generaleD"), ("80_♥", "80H")],
)
def test_the_coinche_bid_forms_are_still_read(text: str, bid: str) -> None:
    assert Bid.parse(text).text == bid


@pytest.mark.parametrize("text", ["80SH", "08 0H", "٨٠H", "３"])
def test_the_auction_refuses_a_malformed_bid_and_changes_nothing(text: str) -> None:
    h = CoincheHand(seed=3)
    assert not h.can_call(text)
    with pytest.raises(IllegalAction) as e:
        h.call(text)
    assert repr(text) in str(e.value) and f"‘{text}’" in e.value.text("ko")
    assert h.actions == []
    case = {"id": 2, "game": "coinche", "ask": "bidding", "dealer": "N", "calls": [text]}
    assert referee.answer(case) == {"id": 2, "error": "illegal", "call": 1}


@pytest.mark.parametrize("text", ["80SH", "08 0H", "٨٠H", "８0H", "1" * 5000 + "S"])
def test_the_self_play_contract_reader_refuses_a_malformed_bid(text: str) -> None:
    with pytest.raises(ValueError, match="cannot read the Coinche call") as e:
        coinche_contract([("call", "E", text), ("call", "S", "pass")])
    assert repr(text[:40]) in str(e.value)


def test_the_self_play_contract_reader_reads_what_the_auction_writes() -> None:
    calls = [("call", "E", "80H"), ("call", "S", "90NT"), ("call", "W", "capotbeloteS"),
             ("call", "N", "coinche"), ("call", "E", "surcoinche")]
    assert coinche_contract(calls) == {
        "bidder": "W", "value": "capot_belote", "trump": "S", "multiplier": 4}


@pytest.mark.parametrize("spec", ["２", "²", "2,٢", "9" * 5000])
def test_a_player_level_is_ascii_digits_only(spec: str) -> None:
    with pytest.raises(ValueError, match="bad player level"):
        parse_levels(spec)
    assert parse_levels("2, 1,3") == [2, 1, 3]


@pytest.mark.parametrize("trump", ["", " ", "SH", "HD"])
def test_solve_refuses_a_trump_that_is_no_suit(trump: str) -> None:
    ans = solve_case({"id": 5, "hands": HANDS4, "trump": trump, "leader": "N"})
    assert ans["error"] == "invalid" and repr(trump) in ans["message"], ans


@pytest.mark.parametrize("text", [*OTHER_DIGITS, "٣ ", "3٣", "9" * 5000, "3.0", "+3", "-3"])
def test_a_callbreak_call_is_ascii_digits_only(text: str) -> None:
    with pytest.raises(CallError):
        parse_call(text)
    h = CallbreakHand(seed=2)
    assert h.can_call(text) is False
    with pytest.raises(CallError) as e:
        h.call(text)
    assert h.actions == [] and e.value.text("ko")
    assert parse_call(" 3 ") == 3 and parse_call("03") == 3


# --- 2. any Unicode text, no KeyError ----------------------------------------------------------
@pytest.mark.parametrize("text", OTHER_DIGITS)
def test_every_game_refuses_another_scripts_digit_with_its_own_error(text: str) -> None:
    for h in (CallbreakHand(seed=2), BeloteHand(seed=2), round_two(2), CoincheHand(seed=2),
              Belote2Hand(seed=2)):
        before = list(h.actions)
        assert h.can_call(text) is False
        with pytest.raises(IllegalAction) as e:
            h.call(text)
        assert f"‘{text}’" in e.value.text("ko")
        assert h.actions == before


def test_the_particle_reads_other_scripts_digits_by_their_value() -> None:
    # ٣ and ３ are 3 (삼: 을), ² is 2 (이: 를/가), ٨٠ is 80 (팔십: 을), ٠ is 0 (영: 을)
    words = ("٣", "３", "٨٠", "٠", "²")
    assert [particle(w, "을") for w in words] == ["을", "을", "을", "을", "를"]
    assert particle("‘٣’", "은") == "은" and particle("²", "이") == "가"


def test_the_particle_never_fails_on_any_character() -> None:
    digits = [chr(i) for i in range(sys.maxunicode + 1) if chr(i).isdigit()]
    assert len(digits) > 600 and all(unicodedata.digit(d, None) is not None for d in digits)
    for ch in [*digits, "½", "Ⅻ", "∞", "\u0301", "\U0001f600", "\x00"]:
        for kind in PARTICLES:
            assert particle(ch, kind) in PARTICLES[kind]
            assert particle(f"‘{ch}’", kind) in PARTICLES[kind]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=6))
def test_any_text_gets_a_particle_and_a_refusal_not_a_crash(text: str) -> None:
    for kind in PARTICLES:
        assert particle(text, kind) in PARTICLES[kind]
    assert CallbreakHand(seed=2).can_call(text) in (True, False)
    assert round_two().can_call(text) in (True, False)
    assert CoincheHand(seed=2).can_call(text) in (True, False)


@pytest.mark.parametrize("dealer", ["٣", "３", "²"])
def test_a_record_with_another_scripts_digit_as_dealer_names_it(dealer: str) -> None:
    for cls in (CallbreakHand, BeloteHand):
        rec = cls(seed=1).to_json()
        rec["dealer"] = dealer
        with pytest.raises(RecordError, match=r"^dealer: ") as e:
            hand_from_json(rec)
        assert repr(dealer) in str(e.value) and "unexpected" not in str(e.value)
        assert f"‘{dealer}’" in e.value.text("ko")


@pytest.mark.parametrize("value", ["²", "٣", ""])
def test_a_record_action_with_a_bad_call_names_it(value: str) -> None:
    for h in (CallbreakHand(seed=1), BeloteHand(seed=1)):
        rec = h.to_json()
        rec["actions"] = [["call", "E", value]]
        with pytest.raises(RecordError, match=r"^action 1: ") as e:
            hand_from_json(rec)
        assert repr(value) in str(e.value) and "unexpected" not in str(e.value)
        assert e.value.text("ko").startswith("첫 번째 동작: ")


# --- 4. a record of one game refused by another game's loader ----------------------------------
@pytest.mark.parametrize(
    ("loader", "other"),
    [(BeloteHand, Belote2Hand), (BeloteHand, CoincheHand), (CoincheHand, BeloteHand),
     (Belote2Hand, BeloteHand), (CallbreakHand, BeloteHand)],
)
def test_a_hand_record_loads_only_as_its_own_game(loader: Any, other: Any) -> None:
    rec = other(seed=4).to_json()
    with pytest.raises(RecordError) as e:
        loader.from_json(rec)
    assert f"not a {loader.game} hand record" in str(e.value)
    assert f"{other.game!r}" in str(e.value) and e.value.field == "game"
    assert type(other.from_json(rec)) is other
    assert type(TrickPlay.from_json(rec)) is other  # the class of no game reads any game


@pytest.mark.parametrize(
    ("loader", "other"),
    [(BeloteGame, CoincheGame), (CoincheGame, BeloteGame), (BeloteGame, Belote2Match),
     (CallbreakGame, BeloteGame)],
)
def test_a_game_record_loads_only_as_its_own_game(loader: Any, other: Any) -> None:
    rec = other(seed=4).to_json()
    with pytest.raises(RecordError) as e:
        loader.from_json(rec)
    want, got = loader.hand_class.game, other.hand_class.game
    assert f"not a {want} game record" in str(e.value) and f"{got!r}" in str(e.value)
    assert type(other.from_json(rec)) is other


# --- 7. a seat or a JSON key given twice -------------------------------------------------------
def test_the_referee_refuses_a_callbreak_call_given_twice() -> None:
    case = first_case("callbreak_score.jsonl", "score")
    assert "error" not in referee.answer(case)
    twice = copy.deepcopy(case)
    twice["calls"]["n"] = 8
    ans = referee.answer(twice)
    assert ans["error"] == "invalid", ans
    assert "seat N is given twice ('N' and 'n')" in ans["message"]


def test_a_callbreak_hand_refuses_two_calls_for_one_seat() -> None:
    h = CallbreakHand(seed=6)
    hands = {s: " ".join(c.text for c in h.hand(s)) for s in "NESW"}
    calls = {"N": 3, "E": 3, "S": 3, "W": 3}
    assert CallbreakHand.from_hands(hands, calls, "E").calls == calls
    with pytest.raises(CallError, match="seat N is given two calls") as e:
        CallbreakHand.from_hands(hands, {**calls, "n": 8}, "E")
    assert "두 번" in e.value.text("ko")


@pytest.mark.parametrize(
    "text",
    ['{"game": "belote", "game": "callbreak"}', '{"a": 1, "b": {"x": 1, "x": 1}}',
     '[{"N": 1, "N": 2}]', '{"id": 1, "id": 2}'],
)
def test_the_strict_json_reader_refuses_a_key_given_twice(text: str) -> None:
    with pytest.raises(ValueError, match="is given twice in one object"):
        jsonlines.loads(text)
    with pytest.raises(jsonlines.BadLine, match=r"^line 3 cannot be read: the key"):
        jsonlines.parse_line(text.encode(), 3)


def test_the_referee_refuses_a_line_with_a_key_given_twice() -> None:
    good = ('{"id": 7, "game": "belote", "ask": "winner", "trump": "H", '
            '"trick": ["8H", "KH", "7S", "KC"], "leader": "W"}')
    lines = [good, good.replace('"ask"', '"game": "callbreak", "ask"'),
             good.replace('"trump": "H"', '"trump": "H", "trump": "S"'),
             good.replace('"id": 7', '"id": 7, "id": 8')]
    out = io.StringIO()
    assert referee.serve(lines, out) == (4, 3)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert answers[0] == {"id": 7, "winner": "N"}
    assert [a.get("error") for a in answers[1:]] == ["invalid"] * 3
    assert "'game' is given twice" in answers[1]["message"] and answers[1]["id"] == 7
    assert "'trump' is given twice" in answers[2]["message"]
    assert answers[3]["id"] is None and "in the id" in answers[3]["message"]


def test_a_record_with_a_key_given_twice_is_refused() -> None:
    text = json.dumps(BeloteHand(seed=2).to_json())
    assert hand_from_json(text) == BeloteHand(seed=2)
    twice = text.replace('"game": "belote"', '"game": "belote", "game": "callbreak"')
    with pytest.raises(RecordError, match="the key 'game' is given twice") as e:
        hand_from_json(twice)
    ko = "한 객체에 ‘game’ 키가 두 번 나오므로 어느 값을 읽을지 알 수 없습니다."
    assert e.value.text("ko") == ko
    nested = text.replace('"rules": {}', '"rules": {"target": 500, "target": 1000}')
    assert nested != text
    with pytest.raises(RecordError, match="the key 'target' is given twice"):
        BeloteHand.from_json(nested)


# --- 8. a hand record names its dealer ---------------------------------------------------------
@pytest.mark.parametrize("cls", [BeloteHand, CoincheHand, Belote2Hand, CallbreakHand])
def test_a_hand_record_without_dealer_is_refused(cls: Any) -> None:
    h = cls(seed=9, dealer=2)
    rec = h.to_json()
    assert cls.from_json(rec) == h
    del rec["dealer"]
    with pytest.raises(RecordError, match="missing key 'dealer'") as e:
        cls.from_json(rec)
    assert e.value.field == "dealer" and "‘dealer’" in e.value.text("ko")


def test_a_start_record_without_dealer_is_refused() -> None:
    h = BeloteHand.from_hands(HANDS4, "H", taker="N", first_leader="N")
    rec = h.to_json()
    assert "start" in rec and BeloteHand.from_json(rec) == h
    del rec["dealer"]
    with pytest.raises(RecordError, match="missing key 'dealer'"):
        BeloteHand.from_json(rec)


# --- 1. (continued) contract words and auction words are ASCII words, read whole ---------------
@pytest.mark.parametrize("text", ["ſa", "ſ", "ᴺT", "N T"])
def test_a_contract_is_not_read_from_look_alike_letters(text: str) -> None:
    from belote_lab.contract import Contract

    with pytest.raises(CardParseError, match="unknown contract"):
        Contract.parse(text)
    assert Contract.parse(" nt ").code == "NT" and Contract.parse("sa").code == "NT"


def test_an_auction_word_with_a_space_inside_is_not_a_call() -> None:
    h = CoincheHand(seed=4, dealer="N")
    assert not h.can_call("pa ss") and not h.can_call("pasſ")
    assert h.can_call(" PASS ") and h.can_call("passe")
    h.call("80H")
    assert h.can_call("Coinche") and not h.can_call("coin che")
    h.call("coinche")
    assert h.can_call("sur-coinche") and h.can_call("Surcoinche")
