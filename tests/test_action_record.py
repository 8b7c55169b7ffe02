"""A hand's actions as frozen records (issue 30, item 5): ``hand.actions`` gives
:class:`belote_lab.games.base.Action` records that are the old ``(kind, seat, value)`` tuples
to every reader (equality, hashing, unpacking, JSON, the printed form) and read the value once
(``card``, ``call``, ``seat_index``)."""

from __future__ import annotations

import dataclasses
import json
import pickle

import pytest

from belote_lab.cards import SEATS, Card
from belote_lab.games import names
from belote_lab.games.base import Action
from belote_lab.games.coinche import CoincheHand
from belote_lab.games.record import hand_from_json, hand_to_json, undoable_copy
from belote_lab.simulation.selfplay import play_hand

GAMES = tuple(names())


def _hands(game: str, n: int) -> list:
    seats = 2 if game == "belote2" else 4
    return [play_hand(game, ",".join(["1"] * seats), seed=seed) for seed in range(n)]


def _old_form(hand) -> list[tuple[str, str, str]]:
    """What ``hand.actions`` gave before the records: plain tuples."""
    return [(k, SEATS[s], v) for k, s, v in hand._actions]


def test_fields_equality_and_unpacking() -> None:
    a = Action("play", "N", "JH")
    assert (a.kind, a.seat, a.value) == ("play", "N", "JH")
    old = ("play", "N", "JH")
    assert a == old and old == a and hash(a) == hash(old)
    kind, seat, value = a
    assert (kind, seat, value) == ("play", "N", "JH")
    assert repr(a) == str(a) == "('play', 'N', 'JH')"  # printed logs read as before
    assert a != Action("play", "N", "QH") and a != ("play", "E", "JH")
    with pytest.raises(AttributeError):
        a.kind = "call"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) == a and type(pickle.loads(pickle.dumps(a))) is Action


def test_parsed_values() -> None:
    play = Action("play", "W", "TS")
    assert play.card is Card.parse("10S") and play.call is None and play.seat_index == 3
    take = Action("call", "E", "take")
    assert take.card is None and take.call == "take" and take.seat_index == 1
    assert Action("call", "S", "80H").call == "80H"
    three = Action("call", "N", "3").call
    assert three == 3 and type(three) is int
    assert Action("redeal", "N", "").card is None and Action("redeal", "N", "").call is None


@pytest.mark.parametrize("game", GAMES)
def test_hand_actions_are_records_equal_to_the_old_tuples(game: str) -> None:
    for hand in _hands(game, 3):
        acts = hand.actions
        assert acts and all(type(a) is Action for a in acts)
        assert acts == _old_form(hand)
        assert hash(tuple(acts)) == hash(tuple(_old_form(hand)))
        assert json.dumps(acts) == json.dumps(_old_form(hand))
        for a in acts:
            assert a.seat_index == SEATS.index(a.seat) and a.seat_index in hand.seat_order
            if a.kind == "play":
                assert a.card is Card.parse(a.value) and a.card.text == a.value
            else:
                assert a.kind == "call" and a.card is None and a.call is not None


@pytest.mark.parametrize("game", GAMES)
def test_json_round_trip(game: str) -> None:
    hand = _hands(game, 1)[0]
    rec = json.loads(json.dumps(hand_to_json(hand)))
    assert rec["actions"] == [list(a) for a in _old_form(hand)]
    assert [Action(*row) for row in rec["actions"]] == hand.actions
    again = hand_from_json(rec)
    assert again == hand and hash(again) == hash(hand) and again.actions == hand.actions


@pytest.mark.parametrize("game", GAMES)
def test_call_is_what_verify_call_gives(game: str) -> None:
    """``Action.call`` replaces ``verify_call(value)`` in the call reviews and the inference:
    on the state before each call, the game reads the stored text as the record says."""
    seen: set[type] = set()
    for hand in _hands(game, 6):
        state = undoable_copy(hand)
        while state.actions:
            a = state.actions[-1]
            state.undo()
            assert state.actions == hand.actions[: len(state.actions)]
            if a.kind != "call":
                continue
            made = state.verify_call(a.value, a.seat)
            assert made == a.call and type(made) is type(a.call)
            seen.add(type(made))
    assert seen == ({int} if game == "callbreak" else {str})


def test_coinche_calls_and_contract() -> None:
    """The Coinche words and bids stay text; the case's contract is the auction's."""
    hand = CoincheHand(seed=4, dealer="N")
    for call in ("90H", "pass", "100S", "coinche", "pass"):
        hand.call(call)
    assert [a.call for a in hand.actions] == ["90H", "pass", "100S", "coinche", "pass"]
    assert [a.seat for a in hand.actions] == ["E", "S", "W", "N", "E"]
    assert str(hand.bid) == "100S" and SEATS[hand.bidder] == "W" and hand.multiplier == 2


def test_session_reports_records() -> None:
    from belote_lab.play.session import Session

    s = Session("belote", mode="hand", seat="S", seed=3)
    acts = s.advance()
    assert acts and all(type(a) is Action for a in acts)
    assert acts == s.hand.actions[: len(acts)]


def test_record_is_a_named_tuple_not_a_dataclass() -> None:
    """A tuple, so ``list(a)``, ``a[0]`` and ``json`` read it as before."""
    a = Action("call", "E", "pass")
    assert isinstance(a, tuple) and not dataclasses.is_dataclass(a)
    assert a[0] == "call" and a[-1] == "pass" and list(a) == ["call", "E", "pass"]
