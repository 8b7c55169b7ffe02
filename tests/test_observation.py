"""Players see only their seat's view (issue #12).

``state.observation(seat)`` is what the seat may know: its own cards, every card played and by
whom, the calls, the turned card, the counts of cards held and in the stock — the hidden cards
are dealt again in a fixed order, and the dealt deck, the seed and the undo history are left
out.  So:

* a state and every copy of it whose hidden cards are reshuffled consistently with what the
  seat saw (the hints' own sampler draws them) give *equal* observations;
* every level's player decides the same on the observation as on the whole state (the
  players never read a hidden card), and the same on the observations of the reshuffled
  copies;
* nothing hidden can be reached from an observation: no other seat's true cards, no stock
  order, no seed, no deck, no undo into the past.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from belote_lab.cards import SEATS, cards_mask, mask_cards
from belote_lab.coaching.hints import sample_deals, with_hands
from belote_lab.games import GAMES, get
from belote_lab.games.base import IllegalAction, drive_hand
from belote_lab.simulation.selfplay import make_players


def canon(x: Any, depth: int = 0) -> Any:
    """A comparable form of a state's whole content (objects by their attributes)."""
    if depth > 6:
        return repr(x)
    if isinstance(x, (str, int, float, bool, type(None))):
        return x
    if isinstance(x, dict):
        return tuple(sorted((repr(k), canon(v, depth + 1)) for k, v in x.items()))
    if isinstance(x, (list, tuple)):
        return tuple(canon(v, depth + 1) for v in x)
    if hasattr(x, "__dict__"):
        return (type(x).__name__, canon(vars(x), depth + 1))
    return repr(x)


def view_of(state: Any, seat: int) -> Any:
    o = state.observation(seat)
    return canon({k: v for k, v in vars(o).items() if k != "_lm"})


def positions(game: str, seed: int, stops: int) -> list[Any]:
    """Decision points of a hand played by level-2 players: copies of the state before
    ``stops`` of its decisions, bidding included."""
    g = get(game)
    hand = g.hand_class(seed=seed)
    players = make_players(game, 2, seed=seed)
    out = []
    k = 0
    while not hand.is_over:
        if k % max(1, (g.tricks * g.players) // stops) == 0:
            out.append(hand.copy())
        seat = hand.current_player
        view = hand.observation(seat)
        if hand.phase == "play":
            hand.play(players[seat].choose_card(view))
        else:
            hand.call(players[seat].choose_call(view))
        k += 1
    return out


def reshuffled(state: Any, seat: int, n: int, seed: int) -> list[Any]:
    """Copies of ``state`` whose hidden cards are dealt again, consistently with what ``seat``
    saw: in play by the hints' own sampler (it keeps every card played legal); before it (no
    card played yet) by a plain shuffle of the hidden cards."""
    if state.phase == "play":
        deals = sample_deals(state, seat, n, random.Random(seed))
        return [with_hands(state, pos) for pos in deals]
    rng = random.Random(seed)
    known = state.known_cards(seat)
    out = []
    for _ in range(n):
        cards = mask_cards(state.hidden_mask(seat))
        rng.shuffle(cards)
        world = state.copy()
        hands = list(world.hands)
        k = 0
        for s in get(state.game).seats:
            if s != seat:
                m = known.get(s, 0)
                size = bin(hands[s] & ~m).count("1")
                hands[s] = m | cards_mask(cards[k : k + size])
                k += size
        world.hands = hands
        if get(state.game).has_stock:
            world.stock = tuple(cards[k:])
        out.append(world)
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_reshuffled_hidden_cards_give_the_same_observation(game: str, seed: int) -> None:
    tried = 0
    for state in positions(game, seed, 8):
        seat = state.current_player
        view = view_of(state, seat)
        for world in reshuffled(state, seat, 4, seed):
            tried += 1
            assert world.hands != state.hands or world == state
            assert view_of(world, seat) == view, (game, seed, state.trick_number)
    assert tried > 0


def decide(player: Any, state: Any) -> Any:
    return player.choose_card(state) if state.phase == "play" else player.choose_call(state)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", [1, 2])
def test_players_decide_the_same_on_what_they_may_see(game: str, level: int) -> None:
    for seed in (3, 4):
        for state in positions(game, seed, 12):
            seat = state.current_player
            views = [state.observation(seat)] + [
                w.observation(seat) for w in reshuffled(state, seat, 3, seed)
            ]
            # the players decide on the whole state as they did before observations existed
            want = decide(make_players(game, level, seed=seed)[seat], state.copy())
            for v in views:
                assert decide(make_players(game, level, seed=seed)[seat], v) == want


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", [3, 4])
def test_search_players_decide_the_same_on_what_they_may_see(
    game: str, level: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # levels 3 and 4 stop on time budgets: a frozen clock makes them use every sample, so
    # their decisions depend on what they see only, not on the machine's load
    monkeypatch.setattr(time, "perf_counter", lambda: 0.0)
    states = positions(game, 5, 4)
    plays = [s for s in states if s.phase == "play"][1:3]
    assert plays
    for state in plays:
        seat = state.current_player
        want = decide(make_players(game, level, seed=5)[seat], state.copy())
        world = reshuffled(state, seat, 1, 5)[0]
        for v in (state.observation(seat), world.observation(seat)):
            assert decide(make_players(game, level, seed=5)[seat], v) == want


@pytest.mark.parametrize("game", GAMES)
def test_nothing_hidden_is_reachable(game: str) -> None:
    g = get(game)
    for state in positions(game, 7, 6):
        seat = state.current_player
        o = state.observation(seat)
        assert o.observer == seat and o.seed is None and o.deck == ()
        assert o.hands[seat] == state.hands[seat]
        with pytest.raises(IllegalAction):
            o.undo()  # no way back to a position that held the hidden cards
        hidden = state.hidden_mask(seat)
        assert o.hidden_mask(seat) == hidden
        for s in g.seats:
            if s != seat:
                # the counts are right; the cards are the fixed deal of the hidden ones
                assert bin(o.hands[s]).count("1") == bin(state.hands[s]).count("1")
        if state.phase == "play":
            assert o.legal_mask() == state.legal_mask()
        else:
            assert o.legal_calls() == state.legal_calls()


def test_draws_of_the_other_seat_are_not_shown_in_two_player_belote() -> None:
    hand = get("belote2").hand_class(seed=11)
    drive_hand(hand, make_players("belote2", 1, seed=11))
    o = hand.observation("N")
    draws = [e for e in o.events if e.kind == "draw"]
    assert draws and all(e.detail == "" for e in draws if e.seat != 0)
    assert any(e.detail for e in draws if e.seat == 0)


def test_an_observation_refuses_a_seat_the_game_does_not_have() -> None:
    hand = get("belote2").hand_class(seed=1)
    with pytest.raises(ValueError, match="not a seat"):
        hand.observation("E")
    assert SEATS[hand.observation("S").observer] == "S"
