"""The exact solver against a plain brute-force minimax written here, on random endgames."""

from __future__ import annotations

import random
from typing import Any

import pytest

from belote_lab.cards import mask_cards
from belote_lab.games.belote import BeloteHand
from belote_lab.rules import BeloteRules
from belote_lab.solver import position_of, solve
from belote_lab.solver.kernel import legal as kernel_legal


def brute_gain(state: Any, side: tuple[int, ...]) -> int:
    """What ``side`` wins from here on with best play (max for ``side``), no pruning."""
    if not state.in_play:
        return 0
    maxing = state.to_play in side
    best = None
    before = sum(state.won_points[s] + (state.won_tricks[s] if state.game == "callbreak" else 0)
                 for s in side)
    for c in mask_cards(state.legal_mask()):
        state.play(c)
        after = sum(state.won_points[s] + (state.won_tricks[s] if state.game == "callbreak" else 0)
                    for s in side)
        v = after - before + brute_gain(state, side)
        state.undo()
        if best is None or (v > best if maxing else v < best):
            best = v
    assert best is not None
    return best


def left_value(state: Any) -> int:
    pts = state.contract.tables.points
    m = 0
    for h in state.hands:
        m |= h
    cards = [*mask_cards(m), *state.trick]
    left = sum(pts[c] for c in cards) + state.last_trick_bonus
    if state.game == "callbreak":
        left += state.tricks_per_hand - len(state.tricks)
    return left


def brute_values(state: Any) -> dict[str, int]:
    """Each legal card's value for the side to play, by brute force."""
    sol_side = (0, 2) if state.to_play % 2 == 0 else (1, 3)
    out = {}
    left = left_value(state)
    for c in mask_cards(state.legal_mask()):
        s = state.copy()
        before = sum(s.won_points[x] for x in sol_side)
        s.play(c)
        got = sum(s.won_points[x] for x in sol_side) - before
        out[c.text] = got + brute_gain(s, sol_side)
        assert 0 <= out[c.text] <= left
    return out


def belote_endgame(rng: random.Random, tricks_left: int, contract: str, rules: BeloteRules) -> Any:
    h = BeloteHand(rules, dealer=rng.randrange(4), seed=rng.getrandbits(32))
    while h.phase == "bidding":
        calls = h.legal_calls()
        if contract in calls:
            h.call(contract)
        elif "take" in calls and h.turned is not None and h.turned.suit.name == contract:
            h.call("take")
        else:
            h.call("pass")
    if h.phase != "play":
        return None
    extra = rng.randrange(4)
    while len(h.tricks) < 8 - tricks_left or (len(h.tricks) == 8 - tricks_left and
                                                len(h.trick) < extra):
        h.play(rng.choice(mask_cards(h.legal_mask())))
    return h


CONTRACTS = ["S", "H", "NT", "AT"]


@pytest.mark.parametrize("must_undertrump", [False, True])
@pytest.mark.parametrize("contract", CONTRACTS)
def test_belote_solver_equals_brute_force(contract: str, must_undertrump: bool) -> None:
    rules = BeloteRules(allow_no_trump=True, allow_all_trump=True, must_undertrump=must_undertrump)
    rng = random.Random(hash((contract, must_undertrump)) & 0xFFFF)
    checked = 0
    while checked < 150:
        tricks_left = 2 if checked % 3 else 3
        h = belote_endgame(rng, tricks_left, contract, rules)
        if h is None:
            continue
        sol = solve(h)
        assert {c.text: v for c, v in sol.values.items()} == brute_values(h)
        assert sol.value == max(sol.values.values())
        checked += 1


def test_four_trick_endgames() -> None:
    rng = random.Random(4)
    rules = BeloteRules(allow_no_trump=True, allow_all_trump=True)
    checked = 0
    while checked < 12:
        h = belote_endgame(rng, 4, CONTRACTS[checked % 4], rules)
        if h is None:
            continue
        assert {c.text: v for c, v in solve(h).values.items()} == brute_values(h)
        checked += 1


def test_kernel_legal_moves_equal_the_core() -> None:
    rng = random.Random(9)
    rules = BeloteRules(allow_no_trump=True, allow_all_trump=True, must_undertrump=True)
    for k in range(400):
        h = belote_endgame(rng, 1 + k % 8, CONTRACTS[k % 4], rules)
        if h is None or not h.in_play:
            continue
        pos = position_of(h)
        assert pos.legal_mask() == h.legal_mask()
        a = pos.arrays()
        n = len(h.trick)
        assert kernel_legal(h.hands[h.to_play], a["tricks"][pos.tricks_left], n, False,
                            a["power"], a["higher"], a["cfg"]) == h.legal_mask()


def test_best_only_mode_agrees_with_all_values() -> None:
    rng = random.Random(2)
    for _ in range(5):
        h = belote_endgame(rng, 5, "H", BeloteRules())
        if h is None:
            continue
        full = solve(h)
        quick = solve(h, all_values=False)
        assert quick.value == full.value
        assert sorted(c.text for c in quick.best) == sorted(c.text for c in full.best)
