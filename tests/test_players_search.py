"""The search players (levels 3 and 4, ``belote_lab/players/search.py``): legal moves and
calls in every game, decisions that depend only on what the seat may see, and the wiring of
the levels into self-play and the two ladders."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from belote_lab.coaching.hints import sample_deals
from belote_lab.games import get, register, unregister
from belote_lab.play.ladder import Belote2Run, CallbreakJourney
from belote_lab.players import (
    PlayerUnavailable,
    RandomPlayer,
    levels,
    player_for,
    register_level2,
)
from belote_lab.players.belote2 import LEVELS as BELOTE2_LEVELS
from belote_lab.players.callbreak import LEVELS as CALLBREAK_LEVELS
from belote_lab.players.search import (
    HintPlayer,
    PlayBudget,
    SimBidder,
    make_player,
)
from belote_lab.simulation.selfplay import (
    hand_class,
    hand_in_play,
    make_players,
    play_hand,
    selfplay,
)

GAMES = ("belote", "coinche", "belote2", "callbreak")


class Checked:
    """Wraps a player: every call and card must be legal; counts the searched cards."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.level = player.level
        self.searched = 0

    def choose_call(self, state: Any) -> Any:
        call = self.player.choose_call(state)
        assert call in state.legal_calls(), (call, state.legal_calls())
        return call

    def choose_card(self, state: Any) -> Any:
        card = self.player.choose_card(state)
        assert state.legal_mask() >> card & 1, card
        self.searched += bool(self.player.last_values)
        return card


@pytest.mark.parametrize("game", GAMES)
def test_levels_3_and_4_play_legal_cards_and_calls(game: str) -> None:
    seats = hand_class(game).seat_order
    players = {}
    for k, s in enumerate(seats):
        p = make_player(game, 3 + k % 2, seed=s)
        if isinstance(p.bidder, SimBidder):
            p.bidder.samples = 4  # lighter searches: the same rules, fewer deals
        early = 1 if p.level == 4 else 0  # also the rollouts before the horizon
        p.budget = PlayBudget(4, 0.05, p.budget.horizon, early, 0.05)
        players[s] = Checked(p)
    hand = play_hand(game, players, seed=21, dealer=seats[0])
    assert hand.phase == "done"
    assert all(p.searched > 0 for p in players.values())  # the hints did choose cards


# --- only what the seat may see ------------------------------------------------------------------
def _hand_in_play(game: str, seed: int, left: int) -> Any:
    """A hand bid and played by level-2 players until ``left`` tricks remain."""
    return hand_in_play(game, 2, seed=seed, tricks_left=left)


def _other_deal(state: Any, seed: int) -> Any:
    """The same state with the cards the seat to play cannot see dealt differently (a deal
    consistent with everything it saw)."""
    seat = state.to_play
    pos = sample_deals(state, seat, 1, random.Random(seed))[0]
    other = state.copy()
    for s in state.seat_order:
        other.hands[s] = pos.hands[s]
    if game_of(state) == "belote2":
        other.stock = tuple(state.stock[: state.drawn]) + tuple(pos.stock)
    return other


def game_of(state: Any) -> str:
    return str(state.game)


@pytest.mark.parametrize(("game", "level", "left"), [
    ("belote", 3, 5), ("coinche", 4, 5), ("belote2", 4, 10), ("callbreak", 4, 6),
])
def test_cards_do_not_depend_on_hidden_cards(game: str, level: int, left: int) -> None:
    def player() -> HintPlayer:
        # a few deals and time enough for all of them: the same deals solved both times
        p = make_player(game, level, seed=7)
        p.budget = replace(p.budget, samples=4, time_budget=30.0)
        return p

    for seed in (3, 4):
        state = _hand_in_play(game, seed, left)
        seat = state.to_play
        changed = 0
        for k in range(2):
            other = _other_deal(state, 50 + k)
            assert other.hands[seat] == state.hands[seat]
            changed += other.hands != state.hands
            assert player().choose_card(state) == player().choose_card(other)
        assert changed  # the hidden cards did move


def _redealt(game: str, seed: int, dealer: int, keep: list[int]) -> Any:
    """A deck like ``hand_class(game)(seed=seed)``'s with every card outside ``keep``
    (deck positions) shuffled."""
    deck = list(hand_class(game)(seed=seed, dealer=dealer).deck)
    free = [i for i in range(len(deck)) if i not in keep]
    cards = [deck[i] for i in free]
    random.Random(seed + 1).shuffle(cards)
    for i, c in zip(free, cards, strict=True):
        deck[i] = c
    return hand_class(game)(seed=None, dealer=dealer, deck=deck)


@pytest.mark.parametrize("game", GAMES)
def test_level_4_calls_do_not_depend_on_hidden_cards(game: str) -> None:
    cls = hand_class(game)
    dealer = cls.seat_order[0]
    for seed in (5, 6):
        state = cls(seed=seed, dealer=dealer)
        if state.phase != "bidding":
            continue
        seat = state.current_player
        mine = state.hands[seat]
        turned = getattr(state, "turned", None)
        keep = [i for i, c in enumerate(state.deck) if mine >> c & 1 or c == turned]
        other = _redealt(game, seed, dealer, keep)
        if other.phase != "bidding":  # a Callbreak deal without spades
            continue
        assert other.hands[seat] == mine and other.hands != state.hands
        a = SimBidder(game, seed=3, samples=4).choose_call(state)
        b = SimBidder(game, seed=3, samples=4).choose_call(other)
        assert a == b


# --- levels in self-play and the ladders ---------------------------------------------------------
def test_selfplay_with_levels_3_and_4() -> None:
    recs = list(selfplay("belote", 1, seed=3, players="3,4,3,4"))
    assert len(recs) == 1 and all(r["format"] == "belote_lab/hand" for r in recs)
    ps = make_players("callbreak", "3,4,3,4", seed=1)
    assert [p.level for p in ps.values()] == [3, 4, 3, 4]
    assert all(isinstance(p, HintPlayer) for p in ps.values())


def test_ladders_offer_levels_1_to_4() -> None:
    for table in (BELOTE2_LEVELS, CALLBREAK_LEVELS):
        assert [table[k](1).level for k in (1, 2, 3, 4)] == [1, 2, 3, 4]
    run = Belote2Run(seed=2)
    assert sorted(run.levels) == [1, 2, 3, 4] and run.levels[4](5).level == 4
    journey = CallbreakJourney(seed=2)
    assert sorted(journey.levels) == [1, 2, 3, 4] and journey.levels[3](5).level == 3


def test_level_4_searches_earlier_and_with_more_deals_than_level_3() -> None:
    for game in GAMES:
        p3, p4 = make_player(game, 3, seed=1), make_player(game, 4, seed=1)
        assert p4.budget.samples > p3.budget.samples
        assert p4.budget.horizon >= p3.budget.horizon
        assert isinstance(p4.bidder, SimBidder) and not isinstance(p3.bidder, SimBidder)


# --- the one level table ------------------------------------------------------------------------
def test_the_level_table_gives_every_game_four_levels() -> None:
    for game in GAMES:
        table = levels(game)
        assert sorted(table) == [1, 2, 3, 4]
        assert table[1] is RandomPlayer
        assert [player_for(game, k, seed=3).level for k in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert BELOTE2_LEVELS[2] is levels("belote2")[2]
    assert CALLBREAK_LEVELS[2] is levels("callbreak")[2]


def test_a_registered_game_gets_its_own_level_2() -> None:
    toy = register(replace(get("belote"), name="toy_two_levels"))
    try:
        assert sorted(levels(toy)) == [1]
        with pytest.raises(PlayerUnavailable, match="toy_two_levels"):
            player_for(toy, 2)
        with pytest.raises(PlayerUnavailable, match="toy_two_levels"):
            SimBidder(toy)
        register_level2(toy, RandomPlayer)
        # with a level 2, the search levels follow, with the general budgets (tuning.ANY_GAME);
        # the bidding simulation stays the shipped games': level 4 calls as level 2 does
        assert sorted(levels("toy_two_levels")) == [1, 2, 3, 4]
        assert isinstance(player_for(toy, 2, seed=1), RandomPlayer)
        p4 = player_for(toy, 4, seed=1)
        assert p4.level == 4 and not isinstance(p4.bidder, SimBidder)
    finally:
        register_level2(toy, None)
        unregister("toy_two_levels")
    with pytest.raises(ValueError, match="unknown game 'toy_two_levels'"):
        levels("toy_two_levels")


# --- level 4 weighs no trump, all trump and capot (issue 13) ------------------------------------
def _round_2_near_no_trump(rules: Any) -> int:
    """The seed of a Belote deal whose first speaker in round 2 has six known cards near no
    trump."""
    from belote_lab.cards import Card
    from belote_lab.games.belote import BeloteHand
    from belote_lab.players.estimates import NO_TRUMP_TAKE, no_trump_strength
    from belote_lab.players.sim_bidder import NEAR

    for seed in range(200):
        h = BeloteHand(rules, seed=seed)
        for _ in range(4):
            h.call("pass")
        six = h.hands[h.current_player] | 1 << Card.parse(h.turned)
        if no_trump_strength(six) >= NO_TRUMP_TAKE - NEAR:
            return seed
    raise AssertionError("no such deal in 200 seeds")


def test_level_4_weighs_no_trump_and_all_trump_where_the_rules_allow_them() -> None:
    from belote_lab.games.belote import BeloteHand
    from belote_lab.rules import BeloteRules

    on = BeloteRules(allow_no_trump=True, allow_all_trump=True)
    seed = _round_2_near_no_trump(on)
    for rules, weighed in ((on, True), (BeloteRules(), False)):
        h = BeloteHand(rules, seed=seed)
        for _ in range(4):
            h.call("pass")
        bidder = SimBidder("belote", seed=1, samples=3)
        assert bidder.choose_call(h) in h.legal_calls()
        assert ("NT" in bidder.last_values) is weighed
        assert "AT" not in bidder.last_values or weighed


def test_level_4_weighs_coinche_capot_and_no_trump_bids() -> None:
    from belote_lab.cards import belote_deck
    from belote_lab.games.coinche import CoincheHand
    from belote_lab.rules import CoincheRules

    north = ["JH", "9H", "AH", "TH", "7H", "AS", "KS", "AC"]  # one loser (KS): capot weighed
    rest = [c.text for c in belote_deck() if c.text not in north]
    deck = north + rest  # West deals: North speaks first and gets the first eight cards
    rules = CoincheRules(allow_no_trump=True, allow_all_trump=True, allow_generale=True)
    h = CoincheHand(rules, dealer="W", deck=deck)
    bidder = SimBidder("coinche", seed=1, samples=3)
    assert bidder.choose_call(h) in h.legal_calls()
    assert "capotH" in bidder.last_values and "80H" in bidder.last_values
    assert not any(c.startswith("generale") for c in bidder.last_values)  # not simulated
    assert any(c.endswith(("NT", "AT")) for c in bidder.last_values)
    h = CoincheHand(dealer="W", deck=deck)  # the default rules: capot, no NT / AT
    bidder.choose_call(h)
    assert "capotH" in bidder.last_values
    assert not any(c.endswith(("NT", "AT")) for c in bidder.last_values)
