"""Coinche (RULES.md §3): the auction, scoring worked by hand, property tests of random hands,
the referee against every coinche conformance case, and the level-2 player."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote_lab.cards import BELOTE_MASK, SEATS, Card, mask_cards
from belote_lab.games.base import IllegalAction, OutOfTurn
from belote_lab.games.coinche import (
    Auction,
    AuctionError,
    Bid,
    CoincheGame,
    CoincheHand,
    round_half_up,
    score_coinche,
)
from belote_lab.play.record_io import RecordError, game_from_json, hand_from_json
from belote_lab.players import RandomPlayer, drive_hand
from belote_lab.players.coinche import CoinchePlayer2
from belote_lab.referee import answer
from belote_lab.rules import CoincheRules
from belote_lab.trick import IllegalPlay

PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALL_OPTIONS = CoincheRules(
    allow_generale=True, allow_belote_bids=True, allow_no_trump=True, allow_all_trump=True
)


def hand_after(
    calls: list[str], rules: CoincheRules | None = None, dealer: str = "N"
) -> CoincheHand:
    h = CoincheHand(rules, dealer=dealer, seed=7)
    for c in calls:
        h.call(c)
    return h


def snapshot(h: CoincheHand) -> tuple[Any, ...]:
    return (h.to_json(), h.legal_calls(), h.phase, h.current_player, h.bid, h.multiplier)


# --- the auction ---------------------------------------------------------------------------------
ILLEGAL = [
    # (calls before, the illegal call, rules, words expected in the reason)
    ([], "85H", None, "multiple of 10"),
    ([], "70H", None, "lowest bid is 80"),
    ([], "190H", None, "highest number bid is 180"),
    ([], "80NT", None, "allow_no_trump"),
    ([], "80AT", None, "allow_all_trump"),
    ([], "generaleH", None, "allow_generale"),
    ([], "capotbeloteH", None, "allow_belote_bids"),
    (["100H"], "100S", None, "higher than the last"),
    (["100H"], "90S", None, "higher than the last"),
    (["capotH"], "180S", None, "higher than the last"),
    (["capotbeloteH"], "capotS", ALL_OPTIONS, "higher than the last"),
    (["generalebeloteH"], "generaleS", ALL_OPTIONS, "higher than the last"),
    ([], "coinche", None, "no bid to coinche"),
    (["pass", "pass"], "coinche", None, "no bid to coinche"),
    (["80H", "pass"], "coinche", None, "cannot coinche partner"),
    ([], "surcoinche", None, "nobody has coinched"),
    (["80H"], "surcoinche", None, "nobody has coinched"),
    (["80H", "coinche"], "90S", None, "only 'surcoinche' or 'pass'"),
    (["80H", "coinche"], "coinche", None, "only 'surcoinche' or 'pass'"),
    ([], "take", None, "unknown call"),
    ([], "80X", None, "unknown call"),
    ([], "", None, "unknown call"),
]


@pytest.mark.parametrize(("before", "call", "rules", "why"), ILLEGAL)
def test_illegal_call_raises_with_reason_and_changes_nothing(
    before: list[str], call: str, rules: CoincheRules | None, why: str
) -> None:
    h = hand_after(before, rules)
    saved, copy = snapshot(h), h.copy()
    assert not h.can_call(call)
    with pytest.raises(IllegalAction, match=why):
        h.call(call)
    assert snapshot(h) == saved
    assert h == copy
    assert call not in h.legal_calls()


def test_call_out_of_turn_or_after_the_auction_raises() -> None:
    h = hand_after([], dealer="N")  # E speaks first
    saved = snapshot(h)
    with pytest.raises(OutOfTurn, match="E's turn"):
        h.call("80H", seat="S")
    assert snapshot(h) == saved
    h = hand_after(["80H", "coinche", "pass"])
    assert h.phase == "play"
    saved = snapshot(h)
    with pytest.raises(IllegalAction, match="phase: play"):
        h.call("pass")
    assert snapshot(h) == saved
    h = hand_after(["pass"] * 4)
    assert h.phase == "redeal" and h.is_over and h.legal_calls() == []
    with pytest.raises(IllegalAction):
        h.call("80H")


def test_auction_error_after_the_end_names_the_call() -> None:
    a = Auction(dealer=3)
    for c in ("pass", "pass", "pass", "pass"):
        a.call(c)
    assert a.result == ("redeal",)
    with pytest.raises(AuctionError, match="call 5") as e:
        a.call("80S")
    assert e.value.index == 4


def test_three_passes_after_a_bid_end_the_auction() -> None:
    h = hand_after(["pass", "80H", "pass", "100S", "pass", "pass"], dealer="W")
    assert h.phase == "bidding" and SEATS[h.current_player] == "S"  # S is still to speak
    h.call("pass")
    assert h.phase == "play"
    assert (str(h.bid), SEATS[h.bidder], h.multiplier) == ("100S", "W", 1)
    assert h.contract is not None and h.contract.code == "S"
    assert SEATS[h.to_play] == "W"  # the dealer leads (first_lead "dealer")


def test_coinche_ends_the_auction_after_one_more_call() -> None:
    h = hand_after(["90D", "coinche"])  # E bids, S coinches; W answers
    assert SEATS[h.current_player] == "W"
    assert h.legal_calls() == ["surcoinche", "pass"]
    h.call("surcoinche")
    assert h.phase == "play" and h.multiplier == 4 and SEATS[h.bidder] == "E"
    assert h.auction is not None
    assert h.auction.contract_json() == {
        "bidder": "E", "value": 90, "trump": "D", "multiplier": 4,
    }
    h.undo()
    assert h.phase == "bidding" and h.multiplier == 2
    h.call("pass")
    assert h.phase == "play" and h.multiplier == 2


def test_first_lead_eldest_and_dealer_rotation_of_the_first_speaker() -> None:
    for d in range(4):
        h = CoincheHand(CoincheRules(first_lead="eldest"), dealer=d, seed=1)
        assert h.current_player == (d + 1) % 4
        for _ in range(3):
            h.call("pass")
        h.call("80C")
        for _ in range(3):
            h.call("pass")
        assert h.to_play == (d + 1) % 4


def test_legal_calls_lists_every_bid_above_the_highest() -> None:
    h = CoincheHand(seed=3)
    calls = h.legal_calls()
    assert calls[-1] == "pass" and "coinche" not in calls
    assert len(calls) == 11 * 4 + 4 + 1  # 80…180 and capot in four suits, and pass
    h = CoincheHand(ALL_OPTIONS, seed=3)
    assert len(h.legal_calls()) == (11 + 4) * 6 + 1
    h.call("170NT")
    calls = h.legal_calls()
    assert "180S" in calls and "170H" not in calls and "coinche" in calls
    assert calls.index("capotS") < calls.index("capotbeloteS") < calls.index("generaleS")
    assert calls.index("generaleS") < calls.index("generalebeloteS")


def test_bid_parsing_is_forgiving_and_normalised() -> None:
    h = CoincheHand(ALL_OPTIONS, seed=2)
    h.call(" 80 h ")
    h.call("Capot Belote ♠")
    h.call("générale_belote NT")
    assert [c for _, _, c in h.actions] == ["80H", "capotbeloteS", "generalebeloteNT"]
    assert Bid.parse("90SA") == Bid("points", 90, "NT")
    with pytest.raises(ValueError):
        Bid.parse("capot")
    with pytest.raises(ValueError):
        Bid("capot", 260, "S")


@given(st.integers(0, 2**32 - 1), st.lists(st.integers(0, 10**6), min_size=1, max_size=25))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_legal_calls_agree_with_verify_call(seed: int, picks: list[int]) -> None:
    """Every listed call is accepted; a few unlisted ones are refused with nothing changed."""
    h = CoincheHand(ALL_OPTIONS if seed % 2 else None, dealer=seed % 4, seed=seed)
    probes = ["80S", "120H", "180C", "capotD", "generaleS", "coinche", "surcoinche", "pass"]
    for p in picks:
        if h.phase != "bidding":
            break
        legal = h.legal_calls()
        assert legal and all(h.can_call(c) for c in legal)
        for c in probes:
            if c not in legal:
                saved = snapshot(h)
                assert not h.can_call(c)
                with pytest.raises(IllegalAction):
                    h.call(c)
                assert snapshot(h) == saved
        # pass more often than not, so that auctions end
        h.call("pass" if p % 3 and "pass" in legal else legal[p % len(legal)])


# --- scoring worked by hand (RULES.md §3) --------------------------------------------------------
def test_rounding_half_up() -> None:
    assert [round_half_up(x) for x in (86, 85, 84, 0, 5, 4, 162, 155)] == [
        90, 90, 80, 0, 10, 0, 160, 160,
    ]


EVEN = (2, 2, 2, 2)


def test_made_scores_rounded_points_plus_the_value() -> None:
    # E bids 100; EW take 112 card points (incl. dix de der), NS 50.
    r = score_coinche((50, 112), EVEN, "100H", bidder=1)
    assert r.made
    assert r.score == {"NS": 50, "EW": 110 + 100}


def test_made_with_coinche_multiplies_only_the_value() -> None:
    # S bids 80, coinched: NS 85 → R = 90, + 80 × 2; EW 77 → 80; NS has the belote (+20).
    r = score_coinche((85, 77), EVEN, "80D", bidder=2, multiplier=2, belote_seat=0)
    assert r.made and r.score == {"NS": 90 + 160 + 20, "EW": 80}


def test_reaching_the_value_is_not_enough_without_beating_the_defence() -> None:
    # EW bid 80 and take 89, but NS hold the belote: 73 + 20 = 93 > 89 → failed.
    r = score_coinche((73, 89), EVEN, "80D", bidder=1, multiplier=2, belote_seat=2)
    assert r.made is False
    assert r.score == {"NS": 160 + 80 * 2 + 20, "EW": 0}
    # 81 against 81 reaches 80 but does not exceed: failed too
    r = score_coinche((81, 81), EVEN, "80S", bidder=0)
    assert r.made is False and r.score == {"NS": 0, "EW": 240}


def test_failed_by_not_reaching_the_value() -> None:
    # W bids 120 ×4 and EW take 110 card points: defenders score 160 + 480.
    r = score_coinche((52, 110), EVEN, "120C", bidder=3, multiplier=4)
    assert r.made is False and r.score == {"NS": 640, "EW": 0}
    # the bidding team's own belote counts towards the value and stays with it
    r = score_coinche((52, 100), EVEN, "120C", bidder=3, belote_seat=1)
    assert r.made is True and r.score == {"NS": 50, "EW": 100 + 120 + 20}
    r = score_coinche((62, 90), EVEN, "120C", bidder=3, belote_seat=1)
    assert r.made is False and r.score == {"NS": 280, "EW": 20}


def test_capot_bids() -> None:
    all_ns = (5, 0, 3, 0)
    assert score_coinche((162, 0), all_ns, "capotH", bidder=0).score == {"NS": 410, "EW": 0}
    # a capot bid is not made by points: one trick lost is a failure
    r = score_coinche((160, 2), (5, 1, 2, 0), "capotH", bidder=0)
    assert r.made is False and r.score == {"NS": 0, "EW": 410}
    # capot belote: the bidding team must score the belote as well
    r = score_coinche((162, 0), all_ns, "capotbeloteH", bidder=2, belote_seat=1)
    assert r.made is False and r.score == {"NS": 0, "EW": 160 + 270 + 20}
    r = score_coinche((162, 0), all_ns, "capotbeloteH", bidder=2, belote_seat=0)
    assert r.made is True and r.score == {"NS": 160 + 270 + 20, "EW": 0}
    # an unbid capot brings no bonus in Coinche
    r = score_coinche((162, 0), all_ns, "80H", bidder=0)
    assert r.made and r.score == {"NS": 240, "EW": 0} and r.capot == "NS"


def test_generale_bids_need_the_bidder_alone() -> None:
    r = score_coinche((162, 0), (7, 0, 1, 0), "generaleS", bidder=0)
    assert r.made is False and r.score == {"NS": 0, "EW": 660}
    r = score_coinche((162, 0), (8, 0, 0, 0), "generaleS", bidder=0, multiplier=2)
    assert r.made is True and r.score == {"NS": 160 + 1000, "EW": 0}
    # générale belote: the bidder, not the partner, must score the belote
    r = score_coinche((162, 0), (0, 0, 8, 0), "generalebeloteS", bidder=2, belote_seat=0)
    assert r.made is False and r.score == {"NS": 20, "EW": 680}


def test_declarations_are_added_but_do_not_make_the_contract() -> None:
    r = score_coinche((70, 92), EVEN, "80S", bidder=0, declarations=(50, 0))
    assert r.made is False and r.score == {"NS": 50, "EW": 240}


def test_a_whole_generale_belote_hand_played_out() -> None:
    hands = {
        "N": "JH 9H AH TH KH QH 8H 7H", "E": "AS TS KS QS JS 9S 8S 7S",
        "S": "AD TD KD QD JD 9D 8D 7D", "W": "AC TC KC QC JC 9C 8C 7C",
    }
    h = CoincheHand.from_hands(hands, "generalebeloteH", "N", "N", ALL_OPTIONS, multiplier=2)
    rng = random.Random(0)
    while h.phase == "play":
        h.play(rng.choice(list(h.legal_cards())))
    r = h.result
    assert r is not None and r.made
    assert r.points == {"NS": 162, "EW": 0}
    assert r.score == {"NS": 160 + 520 * 2 + 20, "EW": 0}
    assert [e.kind for e in h.events].count("rebelote") == 1
    assert "made it" in r.why()


# --- random legal hands --------------------------------------------------------------------------
rules_st = st.builds(
    CoincheRules,
    must_undertrump=st.booleans(),
    first_lead=st.sampled_from(["dealer", "eldest"]),
    allow_generale=st.booleans(),
    allow_belote_bids=st.booleans(),
    allow_no_trump=st.booleans(),
    allow_all_trump=st.booleans(),
    declarations=st.booleans(),
)


def random_hand(rules: CoincheRules, seed: int, dealer: int) -> tuple[CoincheHand, list[Any]]:
    """A hand played to its end by random players; also every state on the way (copies)."""
    h = CoincheHand(rules, dealer=dealer, seed=seed)
    players = [RandomPlayer(seed=seed + k, take_probability=0.2) for k in range(4)]
    states = [h.copy()]
    while not h.is_over:
        p = players[h.current_player]
        if h.phase == "play":
            h.play(p.choose_card(h))
        else:
            h.call(p.choose_call(h))
        states.append(h.copy())
    return h, states


@given(rules_st, st.integers(0, 2**32 - 1), st.integers(0, 3))
@PROPS
def test_random_hands(rules: CoincheRules, seed: int, dealer: int) -> None:
    h, states = random_hand(rules, seed, dealer)
    if h.phase == "redeal":
        assert all(c == "pass" for _, c in h.auction.calls) and len(h.auction.calls) == 4
    else:
        r = h.result
        assert r is not None
        assert sum(r.points.values()) == 162
        played = [c for t in h.tricks for c in t.cards]
        assert len(played) == 32 and sum(1 << c for c in played) == BELOTE_MASK
        assert all(m == 0 for m in h.hands)
        bid = h.bid
        assert bid is not None and r.bid == bid.text and r.multiplier == h.multiplier
        att = "NS" if h.bidder % 2 == 0 else "EW"
        dfn = "EW" if att == "NS" else "NS"
        value = bid.value * h.multiplier
        extra = {k: r.belote[k] + r.declarations[k] for k in r.score}
        if r.made:
            assert r.score[att] == round_half_up(r.points[att]) + value + extra[att]
            assert r.score[dfn] == round_half_up(r.points[dfn]) + extra[dfn]
        else:
            assert r.score == {att: extra[att], dfn: 160 + value + extra[dfn]}
    # undo restores every earlier state exactly
    for earlier in reversed(states[:-1]):
        h.undo()
        assert h == earlier
        assert h.to_json() == earlier.to_json()
        assert h.legal_calls() == earlier.legal_calls()
        assert h.legal_mask() == earlier.legal_mask()
    with pytest.raises(IllegalAction):
        h.undo()


@given(rules_st, st.integers(0, 2**32 - 1), st.integers(0, 3), st.integers(0, 100))
@PROPS
def test_records_round_trip(rules: CoincheRules, seed: int, dealer: int, cut: int) -> None:
    h, states = random_hand(rules, seed, dealer)
    for state in (h, states[cut % len(states)]):
        data = json.loads(json.dumps(state.to_json()))
        back = CoincheHand.from_json(data)
        assert back == state and back.to_json() == data


def test_a_record_of_a_hand_given_by_its_cards_round_trips() -> None:
    hands = {
        "N": "JH 9H AH TH KH QH 8H 7H", "E": "AS TS KS QS JS 9S 8S 7S",
        "S": "AD TD KD QD JD 9D 8D 7D", "W": "AC TC KC QC JC 9C 8C 7C",
    }
    h = CoincheHand.from_hands(hands, "130H", "S", "E", multiplier=4)
    for _ in range(6):
        h.play(mask_cards(h.legal_mask())[0])
    data = h.to_json()
    assert data["start"]["bid"] == "130H" and data["start"]["multiplier"] == 4
    assert hand_from_json(data) == h
    data["start"]["multiplier"] = 3
    with pytest.raises(RecordError, match="multiplier"):
        hand_from_json(data)


def test_a_tampered_record_is_refused() -> None:
    h = CoincheHand(seed=9)  # N deals: E speaks first, then S
    h.call("80H")
    data = h.to_json()
    data["actions"].append(["call", "S", "surcoinche"])  # nobody has coinched
    with pytest.raises(RecordError, match="action 2"):
        hand_from_json(data)


def test_a_game_goes_to_2000_and_its_record_round_trips() -> None:
    g = CoincheGame(seed=5)
    g.play_out({s: RandomPlayer(seed=s) for s in range(4)})
    assert g.is_over and max(g.totals.values()) > 2000
    assert g.totals == {
        k: sum(h.result.score[k] for h in g.hands if h.result is not None) for k in g.totals
    }
    dealers = [h.dealer for h in g.hands]
    for prev, nxt, h in zip(dealers[:-1], dealers[1:], g.hands[:-1], strict=True):
        assert nxt == (prev if h.phase == "redeal" else (prev + 1) % 4)
    back = game_from_json(json.loads(json.dumps(g.to_json())))
    assert back.totals == g.totals and back.is_over


def test_illegal_card_leaves_the_hand_unchanged() -> None:
    hands = {
        "N": "JH 9H AH TH KH QH 8H 7H", "E": "AS TS KS QS JS 9S 8S 7S",
        "S": "AD TD KD QD JD 9D 8D 7D", "W": "AC TC KC QC JC 9C 8C 7C",
    }
    h = CoincheHand.from_hands(hands, "90S", "E", "E")
    h.play("7S")
    saved = h.to_json()
    with pytest.raises(IllegalPlay):
        h.play("AS")  # not S's card
    with pytest.raises(IllegalPlay):
        h.play("7D", seat="W")
    assert h.to_json() == saved


# --- the referee on every coinche conformance case -----------------------------------------------
def _cases_dir() -> Path:
    local = Path(__file__).resolve().parent / "conformance" / "cases"
    if local.is_dir():
        return local
    return Path(__file__).resolve().parents[2] / "shared" / "conformance" / "cases"


def _coinche_cases() -> list[dict[str, Any]]:
    out = []
    for path in sorted(_cases_dir().glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                case = json.loads(line)
                if case.get("game") == "coinche":
                    out.append(case)
    return out


COINCHE_CASES = _coinche_cases()


def test_there_are_coinche_cases_of_every_ask() -> None:
    asks = {c["ask"] for c in COINCHE_CASES}
    assert {"bidding", "score", "legal"} <= asks


@pytest.mark.parametrize("case", COINCHE_CASES, ids=[c["id"] for c in COINCHE_CASES])
def test_referee_agrees_with_the_case(case: dict[str, Any]) -> None:
    expect = case["expect"]
    got = answer(case)
    assert got["id"] == case["id"]
    if expect.get("error") == "illegal":
        keys = ["error", "trick", "card"] if "trick" in expect else ["error", "call"]
    elif "error" in expect:
        keys = ["error"]
    else:
        keys = list(expect)
    for k in keys:
        if k == "legal":
            assert sorted(got[k]) == sorted(expect[k])
        else:
            assert got.get(k) == expect[k], (k, got)


def test_referee_refuses_malformed_contracts() -> None:
    scores = [c for c in COINCHE_CASES if c["ask"] == "score" and "error" not in c["expect"]]
    case = scores[0]
    for bad in (
        {"bidder": "N", "value": 85, "multiplier": 1},
        {"bidder": "N", "value": "capotte", "multiplier": 1},
        {"bidder": "N", "value": 80, "multiplier": 3},
        {"bidder": "X", "value": 80, "multiplier": 1},
        {"bidder": "N", "value": 80},
    ):
        got = answer({**case, "contract": bad})
        assert got["error"] == "invalid" and got["message"], bad


# --- the level-2 player --------------------------------------------------------------------------
def test_level2_player_beats_random_players() -> None:
    """CoinchePlayer2 on one team, RandomPlayer on the other, seats swapped every hand."""
    ours = theirs = won = 0
    for i in range(200):
        h = CoincheHand(dealer=i % 4, seed=10_000 + i)
        rnd = RandomPlayer(seed=i, take_probability=0.1)
        smart = CoinchePlayer2()
        players = [smart, rnd, smart, rnd] if i % 2 == 0 else [rnd, smart, rnd, smart]
        drive_hand(h, players)
        if h.result is None:
            continue
        me, other = ("NS", "EW") if i % 2 == 0 else ("EW", "NS")
        ours += h.result.score[me]
        theirs += h.result.score[other]
        won += h.result.score[me] > h.result.score[other]
    assert ours > 3 * theirs
    assert won > 100


def test_level2_player_uses_only_what_its_seat_sees() -> None:
    """Shuffling the cards the seat cannot see never changes its decision."""
    rng = random.Random(4)
    player = CoinchePlayer2()
    for i in range(30):
        h = CoincheHand(dealer=i % 4, seed=500 + i)
        while not h.is_over:
            seat = h.current_player
            choice = player.choose_card(h) if h.phase == "play" else player.choose_call(h)
            other = h.copy()
            others = [s for s in range(4) if s != seat]
            pool = [c for s in others for c in mask_cards(other.hands[s])]
            rng.shuffle(pool)
            for s in others:
                n = bin(other.hands[s]).count("1")
                other.hands[s] = sum(1 << c for c in pool[:n])
                del pool[:n]
            again = player.choose_card(other) if h.phase == "play" else player.choose_call(other)
            assert again == choice
            if h.phase == "play":
                assert isinstance(choice, Card) and h.can_play(choice)
                h.play(choice)
            else:
                assert choice in h.legal_calls()
                h.call(choice)
