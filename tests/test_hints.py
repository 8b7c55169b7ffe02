"""Hints (``belote_lab/hints.py``): exact values when nothing is hidden, sampled deals that
respect what the seat has seen, the score objective read by the games' own scoring, and
the fall-back to level-2 play when a deal is too long to solve in the time given."""

from __future__ import annotations

import random
from typing import Any

import pytest

from belote_lab.cards import SEATS, mask_cards
from belote_lab.games.belote import BeloteHand, belote_holder
from belote_lab.games.belote2 import Belote2Hand
from belote_lab.games.callbreak import round_score
from belote_lab.hints import hint, sample_deals, score_margin
from belote_lab.players import RandomPlayer
from belote_lab.players.search import SOLVE_AT
from belote_lab.selfplay import hand_class, hand_in_play
from belote_lab.solver import position_of, solve
from belote_lab.solver.position import SearchAborted, solve_position, total_left

GAMES = ("belote", "coinche", "belote2", "callbreak")


def dealt(game: str, seed: int) -> Any:
    """A hand of ``game`` bid by level-2 players, at its first card."""
    return hand_in_play(game, 2, seed=seed * 100, dealer=hand_class(game).seat_order[seed % 2])


def play_random(h: Any, cards: int, rng: random.Random) -> None:
    for _ in range(cards):
        if h.phase != "play":
            return
        h.play(rng.choice(list(h.legal_cards())))


@pytest.mark.parametrize("game", GAMES)
def test_all_visible_hints_are_the_solver_values(game: str) -> None:
    rng = random.Random(7)
    for seed in range(3):
        h = dealt(game, seed)
        play_random(h, len(h.seat_order) * (h.tricks_per_hand - 3) + seed, rng)
        if h.phase != "play":
            continue
        hn = hint(h, all_visible=True)
        sol = solve(h)
        assert hn.exact and hn.samples == 1 and hn.horizon == 0
        assert set(hn.values) == set(h.legal_cards())
        for c, v in hn.values.items():
            assert v.mean == v.low == v.high == sol.values[c] and v.std == 0


def test_two_player_strict_phase_is_exact_without_being_told() -> None:
    rng = random.Random(3)
    h = dealt("belote2", 1)
    while h.stock_left or h.trick:
        h.play(rng.choice(list(h.legal_cards())))
    hn = hint(h, samples=8)
    sol = solve(h)
    assert hn.exact and hn.samples == 1
    assert {c: v.mean for c, v in hn.values.items()} == {c: float(v) for c, v in sol.values.items()}


@pytest.mark.parametrize("game", GAMES)
def test_sampled_deals_keep_what_the_seat_has_seen(game: str) -> None:
    rng = random.Random(11)
    for seed in range(4):
        h = dealt(game, seed)
        play_random(h, rng.randrange(len(h.seat_order), len(h.seat_order) * 4), rng)
        if h.phase != "play":
            continue
        seat = h.to_play
        # the suits each seat has shown it lacks: it did not follow a led suit
        void: dict[int, set[int]] = {s: set() for s in h.seat_order}
        done = [(t.leader, list(t.cards)) for t in h.tricks] + [(h.leader, list(h.trick))]
        order = h.seat_order
        free_tricks = len(getattr(h, "stock", ()) or ()) // 2
        for k, (leader, cards) in enumerate(done):
            if k < free_tricks:
                continue  # two-player stock phase: any card may be played
            i0 = order.index(leader)
            for j, c in enumerate(cards[1:], 1):
                if c >> 4 != cards[0] >> 4:
                    void[order[(i0 + j) % len(order)]].add(cards[0] >> 4)
        deals = sample_deals(h, seat, 12, random.Random(seed))
        assert deals
        for pos in deals:
            assert pos.hands[seat] == h.hands[seat]
            for s in h.seat_order:
                assert bin(pos.hands[s]).count("1") == bin(h.hands[s]).count("1")
                for suit in void[s]:
                    assert not pos.hands[s] & (0x1FFF << (16 * suit)), (s, suit)
            played = 0
            for t in h.tricks:
                for c in t.cards:
                    played |= 1 << c
            for c in h.trick:
                played |= 1 << c
            for s in h.seat_order:
                assert not pos.hands[s] & played
            taker = getattr(h, "taker", -1)
            turned = getattr(h, "turned", None)
            if turned is not None and 0 <= taker != seat and h.hands[taker] >> turned & 1:
                assert pos.hands[taker] >> turned & 1


@pytest.mark.parametrize("game", GAMES)
def test_score_margin_is_what_the_hand_scores(game: str) -> None:
    """From a mid-hand state, play on at random to the end: the score margin read from the
    side's points gained equals the hand's real result (the capot read from the points is
    checked only where points and tricks agree; in two-player Belote, only where the belote
    is already known)."""
    rng = random.Random(5)
    checked = 0
    for seed in range(60):
        h = dealt(game, seed % 10)
        play_random(h, rng.randrange(0, len(h.seat_order) * 4), rng)
        if h.phase != "play":
            continue
        seat = h.to_play
        pos = position_of(h)
        start = h.copy()
        side = (seat,) if game in ("belote2", "callbreak") else (seat % 2, seat % 2 + 2)
        won = "won_tricks" if game == "callbreak" else "won_points"
        before = sum(getattr(h, won)[s] for s in side)
        tricks_before = sum(h.won_tricks[s] for s in side)
        while h.phase == "play":
            h.play(rng.choice(list(h.legal_cards())))
        gained = sum(getattr(h, won)[s] for s in side) - before
        if game == "callbreak":
            real = float(round_score(h.call_of(seat), h.won_tricks[seat]))
        else:
            got_tricks = sum(h.won_tricks[s] for s in side) - tricks_before
            all_tricks = got_tricks == pos.tricks_left
            no_trick = got_tricks == 0
            left = total_left(pos)
            if all_tricks != (gained == left) or no_trick != (gained == 0):
                continue
            if (
                game == "belote2"
                and not start.belote_played
                and not start.kq_played
                and belote_holder(pos.hands, pos.contract) < 0
            ):
                continue  # the pair is split or in the stock: the draws decide the belote
            names = list(h.result.score)
            mine = next(n for n in names if n in (("NS", "EW")[seat % 2], SEATS[seat]))
            other = next(n for n in names if n != mine)
            real = float(h.result.score[mine] - h.result.score[other])
        assert score_margin(start, pos, seat, gained) == real, (game, seed)
        checked += 1
    assert checked >= 20


def test_score_objective_ranks_by_the_hand_score() -> None:
    h = BeloteHand.from_hands(
        ["AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H",
         "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"], "S", 0, 0)
    points = hint(h, all_visible=True)
    score = hint(h, all_visible=True, objective="score")
    assert score.objective == "score" and score.unit == "score"
    pos = position_of(h)
    for c, v in points.values.items():
        assert score.values[c].mean == score_margin(h, pos, 0, int(v.mean))
    with pytest.raises(ValueError, match="objective"):
        hint(h, objective="tricks")


def test_node_limit_stops_a_search_and_leaves_the_table_sound() -> None:
    h = BeloteHand(seed=4)
    h.call("take")
    pos = position_of(h)
    with pytest.raises(SearchAborted, match="nodes"):
        solve_position(pos, all_values=False, node_limit=2_000)
    full = solve_position(position_of(h), all_values=False)
    assert full.value == solve(h, all_values=False).value


@pytest.mark.parametrize("game", ["belote2", "callbreak"])
def test_a_deal_too_long_to_solve_is_played_on_by_level_2_first(game: str) -> None:
    h = dealt(game, 2)
    hn = hint(h, samples=2, time_budget=0.01, seed=1)
    assert not hn.exact and hn.horizon == SOLVE_AT[game] and hn.samples >= 1
    assert set(hn.values) == set(h.legal_cards())
    assert "level-2 play down to" in str(hn) and hn.to_json()["horizon"] == SOLVE_AT[game]


def test_random_players_never_leave_a_hint_without_a_card() -> None:
    """Any state of the play has a hint covering exactly its legal cards."""
    rng = random.Random(2)
    for seed in range(6):
        h = Belote2Hand(seed=seed) if seed % 2 else BeloteHand(seed=seed)
        players = {s: RandomPlayer(seed) for s in h.seat_order}
        while h.phase == "bidding":
            h.call(players[h.current_player].choose_call(h))
        if h.phase != "play":
            continue
        play_random(h, rng.randrange(0, 8), rng)
        if h.phase == "play":
            hn = hint(h, samples=2, time_budget=0.2, seed=seed)
            assert set(hn.values) == set(mask_cards(h.legal_mask()))
