"""The game knowledge the play table and the rule explorer held, now the engine's (issue 30,
item 4): a trick situation read and checked (:mod:`belote_lab.games.situation`), which of
Coinche's calls are bids and the first bid a chooser offers (:mod:`belote_lab.games.coinche`),
and a Callbreak call typed in digits read by the game (``verify_call``).
"""

from __future__ import annotations

import doctest
import random

import pytest

from belote_lab.cards import Card, CardParseError, CardSet, parse_cards
from belote_lab.contract import Contract
from belote_lab.games import GAMES, get
from belote_lab.games import coinche as coinche_module
from belote_lab.games import situation as situation_module
from belote_lab.games.coinche import Auction, Bid, CoincheHand, is_bid
from belote_lab.games.situation import (
    SituationError,
    contract_codes,
    has_option,
    read_situation,
    stock_most,
)
from belote_lab.trick import analyse


# --- the situation ------------------------------------------------------------------------------
def test_a_situation_answers_as_the_trick_core() -> None:
    s = read_situation("belote", "7H JH AC KD", "KS AS", "N", "H")
    assert s.seat == 2 and s.trick_seats() == [0, 1]
    direct = analyse(CardSet.parse("7H JH AC KD"), parse_cards("KS AS"),
                     Contract.parse("H"), s.follow)
    assert s.analysis().legal == direct.legal == CardSet.parse("JH 7H")
    reason = s.reason(Card.parse("AC"))
    assert reason is not None and reason.rule.value == "must_trump"
    assert s.reason(Card.parse("JH")) is None


@pytest.mark.parametrize(
    ("args", "options", "key"),
    [
        (("belote", "", "KS", "N", "H"), {}, "empty_hand"),
        (("belote", "JH 9H", "9H", "N", "H"), {}, "card_twice"),
        (("belote", "JH 2H", "", "N", "H"), {}, "not_in_deck"),
        (("belote", "JH", "7S 8S 9S TS", "N", "H"), {}, "trick_full"),
        (("belote2", "JH", "", "E", "H"), {}, "seat_not_in_game"),
        (("belote2", "JH", "", "N", "NT"), {}, "contract_not_in_game"),
        (("belote2", "JH", "", "N", "H"), {"stock": 3}, "bad_stock"),
        (("belote2", "JH", "", "N", "H"), {"stock": 16}, "bad_stock"),
    ],
)
def test_each_refusal_is_named_and_said_in_both_languages(
    args: tuple[str, ...], options: dict[str, int], key: str
) -> None:
    with pytest.raises(SituationError) as en:
        read_situation(*args, **options)
    with pytest.raises(SituationError) as ko:
        read_situation(*args, **options, language="ko")
    assert en.value.key == ko.value.key == key
    assert str(en.value) == en.value.text("en") == ko.value.text("en")
    assert str(ko.value) == ko.value.text("ko") == en.value.text("ko") != str(en.value)
    assert isinstance(en.value, ValueError)  # what the rule explorer catches


def test_the_refusals_name_seats_games_and_contracts_as_the_widgets_do() -> None:
    """The names in a refusal are the words the widgets show (the same catalogue texts)."""
    i18n = pytest.importorskip("belote_widgets.i18n")
    for name in GAMES:
        g = get(name)
        seat = next((s for s in range(4) if s not in g.seats), None)
        if seat is not None:
            e = SituationError("seat_not_in_game", seat=seat, game=g)
            for lang in ("en", "ko"):
                assert i18n.seat_word(seat, lang) in e.text(lang)
                assert i18n.game_name(name, lang) in e.text(lang)
        for code in ("S", "NT", "AT", "callbreak"):
            e = SituationError("contract_not_in_game", game=g, contract=Contract.parse(code))
            for lang in ("en", "ko"):
                assert i18n.contract_name(code, lang) in e.text(lang), (name, code, lang)


def test_unreadable_cards_and_seats_stay_the_card_readers_errors() -> None:
    with pytest.raises(CardParseError):
        read_situation("belote", "ZZ", "", "N", "H")
    with pytest.raises(CardParseError):
        read_situation("belote", "JH", "", "Q", "H")


def test_options_count_only_where_the_game_has_them() -> None:
    assert read_situation("belote2", "JH", "", "N", "H", must_undertrump=True).must_undertrump \
        is False
    assert read_situation("coinche", "JH", "", "N", "H", must_undertrump=True).must_undertrump
    assert read_situation("belote", "JH", "", "N", "H", stock=8).stock == 0
    assert read_situation("belote2", "JH", "", "N", "H", stock=8).stock == 8
    assert read_situation("callbreak", "AS", "", "W", "H").contract.code == "callbreak"
    case = read_situation("belote", "JH 7C", "", "N", "H", case_id="x", expect="JH 7C")
    assert case.case_id == "x" and case.expect == (Card.parse("JH"), Card.parse("7C"))


def test_the_derived_facts_of_each_game() -> None:
    for name in GAMES:
        g = get(name)
        assert {Contract.parse(c).kind for c in contract_codes(name)} == set(g.contracts)
        assert stock_most(name) == (len(CardSet(g.deck_mask)) - g.players * g.hand_size
                                    if g.has_stock else 0)
        assert has_option(name, "must_undertrump") == hasattr(g.rules(), "must_undertrump")


# --- Coinche: bids and the first bid offered --------------------------------------------------
def test_is_bid_tells_the_bids_from_the_auctions_words() -> None:
    rng = random.Random(3)
    for _ in range(50):
        a = Auction(rng.randrange(4))
        while not a.over:
            legal = a.legal_calls()
            words = [c for c in legal if not is_bid(c)]
            assert set(words) <= {"pass", "coinche", "surcoinche"}
            assert a.legal_bids() == [c for c in legal if c not in words]
            assert all(Bid.parse(b).text == b for b in a.legal_bids())
            a.call(rng.choice(legal if rng.random() < 0.3 else ["pass", *legal[:2]]))
    assert not is_bid(None) and not is_bid("") and not is_bid(80)


def test_the_first_bid_offered_avoids_the_opponents_trump() -> None:
    a = Auction(0)  # E, S, W, N
    assert a.lowest_bid_off_their_trump() == a.legal_bids()[0] == "80S"
    a.call("80S")  # E bids spades: S, an opponent, is offered hearts first
    assert a.legal_bids()[0] == "90S" and a.lowest_bid_off_their_trump() == "90H"
    a.call("pass")  # W, E's partner, may raise in spades
    assert a.lowest_bid_off_their_trump() == "90S"
    a.call("pass")
    a.call("coinche")  # N coinches: E may only surcoinche or pass, no bid at all
    assert a.legal_bids() == [] and a.lowest_bid_off_their_trump() is None


def test_the_first_bid_offered_is_the_tables_rule() -> None:
    """The rule the play table applied to a Coinche hand's calls (digits or a named bid are a
    bid; the lowest bid outside an opponent's trump) gives the engine's answer."""
    for seed in range(30):
        h = CoincheHand(seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        while h.phase == "bidding":
            legal = [str(c) for c in h.legal_calls()]
            old = [c for c in legal if c[:1].isdigit() or c.startswith(("capot", "generale"))]
            a = h.auction
            assert a is not None and a.legal_bids() == old
            if old:
                seat = h.current_player
                theirs = a.bid.trump if a.bid is not None and a.bidder % 2 != seat % 2 else None
                want = next((b for b in old if Bid.parse(b).trump != theirs), old[0])
                assert a.lowest_bid_off_their_trump() == want
            h.call(rng.choice(["pass", "pass", *legal[:3]]))


# --- Callbreak: a call typed in digits is the game's to read ------------------------------------
def test_a_callbreak_call_in_digits_is_read_by_the_game() -> None:
    h = get("callbreak").hand_class(seed=4, dealer="W")
    seat = h.current_player
    assert h.verify_call("3", seat) == h.verify_call(" 03 ", seat) == 3
    for other in ("٣", "３", "²", "3.0"):  # str.isdigit() or float: no call
        assert not h.can_call(other, seat)


def test_doctests() -> None:
    for module in (situation_module, coinche_module):
        failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failed == 0, module.__name__
