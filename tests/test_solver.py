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
    cards = [*mask_cards(m), *state.trick, *getattr(state, "stock_left", ())]
    left = sum(pts[c] for c in cards) + state.last_trick_bonus
    if state.game == "callbreak":
        left += state.tricks_per_hand - len(state.tricks)
    return left


def side_of(state: Any) -> tuple[int, ...]:
    seat = state.to_play
    if state.game == "callbreak" or len(state.seat_order) == 2:
        return (seat,)
    return (0, 2) if seat % 2 == 0 else (1, 3)


def brute_values(state: Any) -> dict[str, int]:
    """Each legal card's value for the side to play, by brute force."""
    sol_side = side_of(state)
    out = {}
    left = left_value(state)

    def won(s: Any) -> int:
        extra = s.won_tricks if s.game == "callbreak" else [0, 0, 0, 0]
        return sum(s.won_points[x] + extra[x] for x in sol_side)

    for c in mask_cards(state.legal_mask()):
        s = state.copy()
        before = won(s)
        s.play(c)
        out[c.text] = won(s) - before + brute_gain(s, sol_side)
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
    rng = random.Random(f"{contract}-{must_undertrump}")
    checked = 0
    while checked < 250:
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
    while checked < 16:
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
        assert kernel_legal(h.hands[h.to_play], a["tricks"], pos.tricks_left, n, False,
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


def test_every_card_value_is_its_child_position_value() -> None:
    # each card's exact value (searched with steps from the best value so far) against a
    # separate solve of the position after that card
    from belote_lab.solver.position import solve_position, solve_value, total_left

    rng = random.Random(5)
    for k in range(16):
        h = belote_endgame(rng, 4 + k % 3, CONTRACTS[k % 4], BeloteRules())
        if h is None or not h.in_play:
            continue
        pos = position_of(h)
        sol = solve_position(pos)
        mine = pos.to_play in pos.max_side
        for c, v in sol.values.items():
            child, gain = pos.after(c)
            got = gain + solve_value(child)
            assert v == (got if mine else total_left(pos) - got)


def endgame(game: str, rng: random.Random, tricks_left: int) -> Any:
    """A random position of ``game`` with ``tricks_left`` tricks to go (some cards may
    already be on the table)."""
    from belote_lab.games import game_module

    cls = game_module(game).HAND_CLASS
    while True:
        h = cls(dealer=cls.seat_order[0], seed=rng.getrandbits(32))
        while h.phase == "bidding":
            calls = h.legal_calls()
            others = [c for c in calls if c != "pass"]
            h.call(rng.choice(others) if others and rng.random() < 0.5 else
                   ("pass" if "pass" in calls else calls[0]))
        if h.phase == "play":
            break
    n = len(h.seat_order)
    extra = rng.randrange(n)
    stop = h.tricks_per_hand - tricks_left
    while len(h.tricks) < stop or (len(h.tricks) == stop and len(h.trick) < extra):
        h.play(rng.choice(mask_cards(h.legal_mask())))
    return h


@pytest.mark.parametrize(
    ("game", "tricks_left", "count"),
    [("coinche", 2, 150), ("coinche", 3, 30), ("callbreak", 2, 150), ("callbreak", 3, 20),
     ("belote2", 3, 150), ("belote2", 5, 20)],
)
def test_other_games_solver_equals_brute_force(game: str, tricks_left: int, count: int) -> None:
    """Coinche and Callbreak endgames; two-player endgames in the strict phase."""
    rng = random.Random(f"{game}-{tricks_left}")
    for _ in range(count):
        h = endgame(game, rng, tricks_left)
        sol = solve(h)
        assert {c.text: v for c, v in sol.values.items()} == brute_values(h), h.to_json()


@pytest.mark.parametrize("tricks_left", [10, 11])
def test_two_player_stock_phase_is_consistent_one_card_deep(tricks_left: int) -> None:
    """While the stock lasts a brute force is out of reach (any card may be played), so
    check the solver's draws against the engine's: a position's value is, for its player,
    the best over its cards of what the card gains plus the value of the position the
    *engine* reaches (its own draws from the stock) after it."""
    rng = random.Random(tricks_left)
    for _ in range(3):
        h = endgame("belote2", rng, tricks_left)
        sol = solve(h)
        me = h.to_play
        for c, v in sol.values.items():
            child = h.copy()
            before = child.won_points[me]
            child.play(c)
            gain = child.won_points[me] - before
            sub = solve(child)
            mine = sub.value if child.to_play == me else left_value(child) - sub.value
            assert v == gain + mine


@pytest.mark.parametrize(
    ("game", "tricks_left"),
    [("belote", 4), ("belote", 8), ("coinche", 5), ("belote2", 4), ("belote2", 10),
     ("callbreak", 4)],
)
def test_principal_variation_is_legal_and_wins_the_value(game: str, tricks_left: int) -> None:
    """Played on the engine, the principal variation is legal card after card (stock draws
    included) and the side to play ends with exactly the solved value; every card on it is
    one of the best cards of its own position for the same max side (in Callbreak the three
    others play to hold the solved seat down, not to win tricks of their own)."""
    rng = random.Random(f"pv-{game}-{tricks_left}")
    for _ in range(3 if tricks_left > 5 else 8):
        h = endgame(game, rng, tricks_left)
        sol = solve(h, all_values=False, pv=True)
        side = sol.side  # the seat to play's side: the max side of every later solve
        won = "won_tricks" if game == "callbreak" else "won_points"
        before = sum(getattr(h, won)[s] for s in side)
        assert sol.pv and sol.pv[0] in sol.best
        w = h.copy()
        for k, c in enumerate(sol.pv):
            if k % 5 == 2 and w.phase == "play":
                assert c in solve(w, max_side=side, all_values=False).best
            w.play(c)  # raises if the card is not legal here
        assert w.phase == "done"
        assert sum(getattr(w, won)[s] for s in side) - before == sol.value


def test_plain_python_fallback_gives_the_same_values() -> None:
    """Without numba (Pyodide/JupyterLite) the same kernel runs as plain Python."""
    import json
    import subprocess
    import sys

    rng = random.Random(77)
    h = belote_endgame(rng, 3, "H", BeloteRules())
    while h is None:
        h = belote_endgame(rng, 3, "H", BeloteRules())
    record = json.dumps(h.to_json())
    code = (
        "import json, sys; from belote_lab.play.record_io import hand_from_json; "
        "from belote_lab.solver import solve; from belote_lab._jit import HAVE_NUMBA; "
        "assert not HAVE_NUMBA; h = hand_from_json(json.loads(sys.stdin.read())); "
        "print(json.dumps({c.text: v for c, v in solve(h).values.items()}))"
    )
    env = {**__import__("os").environ, "BELOTE_LAB_NO_JIT": "1"}
    out = subprocess.run([sys.executable, "-c", code], input=record, capture_output=True,
                         text=True, env=env, check=True, timeout=300)
    assert json.loads(out.stdout) == {c.text: v for c, v in solve(h).values.items()}
