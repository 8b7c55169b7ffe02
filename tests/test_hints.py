"""Hints (``belote_lab/coaching/hints.py``): exact values when nothing is hidden, sampled deals that
respect what the seat has seen, the score objective read by the games' own scoring, the
fall-back to level-2 play when a deal is too long to solve in the time given, and what the
hint says of how its values were found: deals played on (checked against the same deals
played on by hand), values to a tolerance (checked against the exact values), no range
below :data:`~belote_lab.coaching.hints.RANGE_SAMPLES` deals, the same hint for the same seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from belote_lab.cards import SEATS, Card, mask_cards
from belote_lab.coaching.hints import (
    RANGE_SAMPLES,
    CardValue,
    Hint,
    hint,
    sample_deals,
    score_margin,
    with_hands,
)
from belote_lab.games import get
from belote_lab.games.belote import BeloteHand, belote_holder
from belote_lab.games.belote2 import Belote2Hand
from belote_lab.games.callbreak import round_score
from belote_lab.players import RandomPlayer, pimc
from belote_lab.players.inference import drawn, replayable
from belote_lab.players.registry import level2
from belote_lab.players.sampling import tricks_left
from belote_lab.players.search import SOLVE_AT
from belote_lab.players.tuning import HINT_HORIZON, HINT_TOLERANCE
from belote_lab.simulation.selfplay import hand_class, hand_in_play
from belote_lab.solver import Position, position_of, solve
from belote_lab.solver.position import (
    SearchAborted,
    estimate_position,
    solve_position,
    solve_value,
    total_left,
)

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
    assert not hn.exact and hn.horizon == HINT_HORIZON[game] and hn.samples >= 1
    assert hn.played_on == hn.samples
    assert set(hn.values) == set(h.legal_cards())
    assert "level-2 play down to" in str(hn) and hn.to_json()["horizon"] == HINT_HORIZON[game]
    # the search players' hints (no min_deals) keep their own horizon
    players = pimc.hint(h, samples=2, time_budget=0.01, seed=1)
    assert players.horizon == SOLVE_AT[game] and players.played_on == players.samples


# --- how the values were found ---------------------------------------------------------------
def positions(game: str, count: int, most_tricks: int) -> list[Position]:
    """Full-information positions of ``game`` (a seat to play, all hands known) with at most
    ``most_tricks`` tricks left, from hands played at random."""
    rng = random.Random(len(game))
    out: list[Position] = []
    seed = 0
    while len(out) < count:
        h = dealt(game, seed % 10)
        seed += 1
        while h.phase == "play" and (tricks_left(h) > most_tricks or rng.random() < 0.3):
            h.play(rng.choice(list(h.legal_cards())))
        if h.phase == "play":
            out.append(position_of(h, (h.to_play,)))
    return out


def max_side_value(sol_value: float, pos: Position) -> float:
    """A value for the side to play read for the max side."""
    return sol_value if pos.to_play in pos.max_side else total_left(pos) - sol_value


@pytest.mark.parametrize(("game", "tricks"), [("belote", 8), ("coinche", 7), ("belote2", 9),
                                               ("callbreak", 6)])
def test_each_card_value_is_its_position_solved_after_it(game: str, tricks: int) -> None:
    """Every card's value (cards worth the same as another one copied, not searched) is what
    the side gets from the card's trick and the position after it, solved on its own."""
    twins = 0
    for pos in positions(game, 4, tricks):
        sol = solve_position(pos)
        for c, v in sol.values.items():
            after, gain = pos.after(c)
            assert max_side_value(v, pos) == gain + solve_value(after), (game, c.text)
        assert solve_value(pos) == max_side_value(sol.value, pos)
        values = sorted(sol.values.values())
        twins += len(values) - len(set(values))
    assert twins > 0  # some cards shared a value: the copies were checked too


@pytest.mark.parametrize("game", ["belote", "coinche", "belote2"])
def test_values_to_a_tolerance_are_within_it_of_the_exact_values(game: str) -> None:
    for pos in positions(game, 4, 8 if get(game).players == 4 else 9):
        exact = solve_position(pos)
        assert estimate_position(pos).values == exact.values  # no tolerance: exact
        for tol, exact_nodes in ((2, 0), (5, 0), (3, 20_000)):
            est = estimate_position(pos, tol, exact_nodes=exact_nodes)
            assert set(est.values) == set(exact.values) and est.error <= tol
            for c, v in est.values.items():
                assert abs(v - exact.values[c]) <= est.error, (game, tol, c.text)


def hint_deals(h: Any, samples: int, seed: int) -> list[tuple[Position, int]]:
    """The deals a hint of ``samples`` draws with ``seed`` evaluates, each with how often it
    was drawn (the inference's weighted deals, or the sampler's in a game not replayed)."""
    if replayable(h):
        return drawn(h, h.to_play, samples, random.Random(seed))
    return [(pos, 1) for pos in sample_deals(h, h.to_play, samples, random.Random(seed))]


def played_on_by_hand(h: Any, pos: Position, card: Any, horizon: int) -> float:
    """What the seat to play's side wins from ``h`` on the deal ``pos`` when ``card`` is played,
    then level-2 players down to ``horizon`` tricks left, then the best play (solved with every
    card's value: the best of them)."""
    seat = h.to_play
    side = get(h.game).side_with(seat)
    won = "won_tricks" if get(h.game).counts == "tricks" else "won_points"
    w = with_hands(h, pos)
    before = sum(getattr(w, won)[s] for s in side)
    w.play(card)
    players = {s: level2(h.game)(None) for s in w.seat_order}
    while w.phase == "play" and (tricks_left(w) > horizon or w.trick):
        w.play(players[w.to_play].choose_card(w))
    got = float(sum(getattr(w, won)[s] for s in side) - before)
    if w.phase == "play":
        end = solve(w, max_side=side)
        got += end.value if side[0] in end.side else total_left(position_of(w)) - end.value
    return got


@pytest.mark.parametrize("game", ["belote2", "callbreak"])
def test_deals_played_on_are_worth_what_the_same_play_by_hand_gives(game: str) -> None:
    h = dealt(game, 4)
    hn = hint(h, samples=3, time_budget=60.0, seed=5)
    horizon = HINT_HORIZON[game]
    deals = hint_deals(h, 3, 5)  # the hint's deals, in order
    assert hn.played_on == hn.samples == len(deals) and sum(k for _, k in deals) == 3
    assert hn.horizon == horizon and hn.tolerance == 0
    assert hn.weighted == replayable(h)
    for c, v in hn.values.items():
        by_hand = [played_on_by_hand(h, pos, c, horizon) for pos, _ in deals]
        mean = sum(x * k for x, (_, k) in zip(by_hand, deals, strict=True)) / 3
        assert v.mean == pytest.approx(mean) and v.low == min(by_hand), c.text


def test_a_hint_to_a_tolerance_is_within_it_of_the_exact_hint(monkeypatch: Any) -> None:
    """Every solved deal made to stop at the tolerance: each card's mean is within the
    hint's tolerance of the exact mean over the same deals."""
    real = pimc.estimate_position

    def rough(pos: Position, tolerance: int, exact_nodes: int | None = None,
              node_limit: int | None = None) -> Any:
        return real(pos, tolerance, exact_nodes=0)

    monkeypatch.setattr(pimc, "estimate_position", rough)
    h = dealt("belote", 3)
    hn = hint(h, samples=4, time_budget=60.0, seed=2)
    assert hn.draws == 4 and hn.played_on == 0 and not hn.exact
    assert 0 < hn.tolerance <= HINT_TOLERANCE["belote"]
    assert f"values within ±{hn.tolerance:g} points" in str(hn)
    side = (h.to_play % 2, h.to_play % 2 + 2)
    exact: dict[Any, list[float]] = {}
    for pos, times in hint_deals(h, 4, 2):
        pos.max_side = side
        for c, v in solve_position(pos).values.items():
            exact.setdefault(c, []).extend([v] * times)
    for c, v in hn.values.items():
        assert abs(v.mean - sum(exact[c]) / 4) <= hn.tolerance, c.text


def test_deals_over_their_share_are_played_on_the_same_way_for_the_same_seed(
    monkeypatch: Any,
) -> None:
    """Shares of solver nodes made small (a slow machine's): some deals of a first lead are
    solved, the others played on, decided by nodes alone: the same seed, the same hint."""
    monkeypatch.setattr(pimc, "HINT_NODE_RATE", 25_000)
    h = dealt("belote", 3)
    first = hint(h, samples=6, time_budget=60.0, seed=4)  # shares of 250k nodes
    again = hint(h, samples=6, time_budget=60.0, seed=4)
    assert first.draws == 6 and 0 < first.played_on < first.samples
    assert first.values == again.values and first.how() == again.how()
    assert f"{first.played_on} of them with level-2 play down to 6 tricks left" in str(first)


def test_a_first_hint_that_loaded_the_kernels_deals_out_the_same_nodes(monkeypatch: Any) -> None:
    """The first hint of a process spends part of its budget loading the solver's kernels;
    the deals' shares of nodes are still counted on the whole budget, so it is the same hint
    as the next one for the same seed (a cold numba cache made them differ)."""
    from belote_lab.coaching import hints as hints_module

    monkeypatch.setattr(pimc, "HINT_NODE_RATE", 25_000)
    h = dealt("belote", 3)
    warm = hint(h, samples=6, time_budget=60.0, seed=4)
    ticks = iter([0.0, 30.0])  # 30 s "spent" loading the kernels, then the real clock
    real = hints_module._clock
    monkeypatch.setattr(hints_module, "_clock", lambda: next(ticks, None) or real())
    cold = hint(h, samples=6, time_budget=60.0, seed=4)
    assert 0 < warm.played_on < warm.samples
    assert cold.values == warm.values and cold.played_on == warm.played_on


def test_the_same_seed_gives_the_same_hint() -> None:
    h = dealt("coinche", 2)
    play_random(h, 9, random.Random(4))
    a = hint(h, samples=8, time_budget=60.0, seed=11)
    b = hint(h, samples=8, time_budget=60.0, seed=11)
    assert a.draws == b.draws == 8 and a.values == b.values and a.how() == b.how()


def test_fewer_deals_than_the_range_needs_show_no_range() -> None:
    card = CardValue.of(Card.parse("AS"), [40.0, 90.0])
    few = Hint(0, {card.card: card}, samples=RANGE_SAMPLES - 1, exact=False, ms=1.0)
    many = Hint(0, {card.card: card}, samples=RANGE_SAMPLES, exact=False, ms=1.0)
    assert Hint.RANGE_SAMPLES == RANGE_SAMPLES == 20
    assert not few.shows_range and many.shows_range
    assert str(few) == "N (19 sampled deals): A♠ 65.0"
    assert str(many) == "N (20 sampled deals): A♠ 65.0 (40–90)"
    assert "low" not in few.to_json()["values"][0] and many.to_json()["values"][0]["low"] == 40
    assert few.to_json()["shows_range"] is False and few.to_json()["how"] == "19 sampled deals"
    h = dealt("belote", 0)
    hn = hint(h, samples=5, time_budget=60.0)
    assert hn.draws == 5 and not hn.shows_range and f"{hn.samples} sampled deals" in str(hn)
    assert "–" not in str(hn)
    exact = hint(h, all_visible=True)
    assert exact.shows_range and exact.how() == "exact"


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
