"""Level-2 play in the batch simulator (:mod:`belote_lab.batch.level2`) against the Python
player: at every position of level-2 self-play the compiled card is
``BelotePlayer2().choose_card(state)`` on the engine's hand (every contract, some rule
options), whole hands give the engine's cards, points and scores, positions reached by random
play give the same card when :func:`~belote_lab.batch.level2.level2_card` is called on them,
and the arrays are the same with and without numba."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from belote_lab.batch import core as batch
from belote_lab.batch import playouts
from belote_lab.batch.four import playouts_level2
from belote_lab.batch.level2 import learn_void, level2_card
from belote_lab.cards import SEATS, mask_cards
from belote_lab.games import get
from belote_lab.players.belote import BelotePlayer2

ROOT = Path(__file__).resolve().parent.parent
GAME = get("belote")
ALL = {"allow_no_trump": True, "allow_all_trump": True}

# (contract, taker, dealer, rule options): every contract, some rule options
CASES = [
    ("S", 0, 0, {}),
    ("H", 1, 2, {}),
    ("D", 2, 1, {"must_undertrump": True}),
    ("C", 3, 3, {"first_lead": "eldest"}),
    ("NT", 0, 1, {}),
    ("AT", 1, 0, {"must_undertrump": True}),
]


def run(case: tuple, n: int, seed: int) -> batch.BatchResult:
    contract, taker, dealer, rules = case
    return playouts_level2("belote", n, contract, taker, seed, dealer, rules=rules,
                           record=True, rotate=dealer % 2 == 1)


def engine_hand(r: batch.BatchResult, row: int, case: tuple) -> Any:
    contract, taker, _dealer, rules = case
    hands = [[c.text for c in mask_cards(int(m))] for m in r.deals[row]]
    return GAME.hand_class.from_hands(hands, contract, taker, SEATS[int(r.leaders[row])],
                                      rules=GAME.rules({**ALL, **rules}))


def self_play(r: batch.BatchResult, row: int, case: tuple) -> tuple[Any, int]:
    """The engine's hand of ``row`` played by four ``BelotePlayer2``, each card checked
    against the kernel's; returns the hand and the number of positions checked."""
    h = engine_hand(r, row, case)
    player = BelotePlayer2()
    for k, got in enumerate(r.plays[row]):
        want = player.choose_card(h)
        assert int(want) == int(got), (case, row, k, want.text, h.seat_view(h.current_player))
        assert int(r.legal[row, k]) == h.legal_mask()
        h.play(want)
    assert h.phase == "done"
    return h, len(r.plays[row])


def test_the_choices_equal_the_python_player_at_20000_positions() -> None:
    total = 0
    for i, case in enumerate(CASES):
        r = run(case, 110, seed=100 + i)
        for row in range(len(r)):
            total += self_play(r, row, case)[1]
    assert total >= 20_000


def test_whole_hands_equal_the_engine() -> None:
    sides = ("NS", "EW")
    made_of = {True: 1, False: 0, None: -1}
    for i, case in enumerate(CASES):
        r = run(case, 40, seed=7 + i)
        for row in range(len(r)):
            h, _ = self_play(r, row, case)
            res = h.result
            assert [res.points[s] for s in sides] == r.points[row].tolist()
            assert [res.score[s] for s in sides] == r.score[row].tolist()
            assert list(h.won_tricks) == r.tricks[row].tolist()
            bel = [s for s in (0, 1) if res.belote[sides[s]]]
            assert (bel[0] if bel else -1) == r.belote[row]
            assert made_of[res.made] == r.made[row]
            assert (sides.index(res.capot) if res.capot else -1) == r.capot[row]


def kernel_card(h: Any, contract: Any, taker: int, tables: Any) -> int:
    """:func:`level2_card` at the engine's position, the voids learnt by :func:`learn_void`
    from the tricks played."""
    ts, tmask = contract.tables.trump_suit, contract.tables.trump_mask
    voids, played = 0, 0
    tricks = [(t.leader, list(t.cards)) for t in h.tricks] + [(h.leader, list(h.trick))]
    for leader, cards in tricks:
        wc, w = (int(cards[0]), 0) if cards else (0, 0)
        led = wc >> 4
        for i, c in enumerate(cards):
            played |= 1 << int(c)
            if i == 0:
                continue
            voids = learn_void(voids, int(c), i, leader, led, w, wc, ts)
            if batch.beats(int(c), int(wc), led, ts, tables[0, c], tables[0, wc]):
                wc, w = int(c), i
    seat = h.current_player
    trick = sum(int(c) << (8 * i) for i, c in enumerate(h.trick))
    return int(level2_card(h.hands[seat], h.legal_mask(), played, trick, len(h.trick),
                           h.leader, seat, taker, 8 - len(h.tricks), voids, ts, tmask, tables))


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_positions_of_random_play(case: tuple) -> None:
    """Positions off the level-2 path (random legal play): the same card, called directly."""
    contract, taker, dealer, rules = case
    r = playouts("belote", 25, contract, taker, seed=5, dealer=dealer, rules=rules,
                       record=True)
    c = GAME.contract(contract)
    tables = batch.kernel_tables(c, 10)
    player = BelotePlayer2()
    for row in range(len(r)):
        h = engine_hand(r, row, case)
        for k, card in enumerate(r.plays[row]):
            assert kernel_card(h, c, taker, tables) == int(player.choose_card(h)), (row, k)
            h.play(mask_cards(1 << int(card))[0])


def test_the_deals_are_the_batch_deals_and_other_games_are_refused() -> None:
    a = playouts_level2("belote", 300, "D", 1, seed=9, dealer=3, rotate=True)
    b = playouts("belote", 300, "D", 1, seed=9, dealer=3, rotate=True)
    assert (a.deals == b.deals).all() and (a.leaders == b.leaders).all()
    assert (a.points.sum(axis=1) == 162).all() and (a.tricks.sum(axis=1) == 8).all()
    part = playouts_level2("belote", 100, "D", 1, seed=9, dealer=3, rotate=True, start=200)
    assert (part.score == a.score[200:]).all()
    for game in ("callbreak", "belote2"):
        with pytest.raises(ValueError, match="four-player Belote"):
            playouts_level2(game, 10)


# Coinche: a fixed bid (points, capot, no trump, all trump) and a multiplier
COINCHE = get("coinche")
COINCHE_CASES = [
    ("100H", 1, 0, {}, 1),
    ("capotS", 0, 3, {"must_undertrump": True}, 2),
    ("90AT", 2, 1, {"allow_all_trump": True}, 4),
    ("120NT", 3, 2, {"allow_no_trump": True, "first_lead": "eldest"}, 2),
]


def test_coinche_equals_the_python_player_and_its_scores() -> None:
    from belote_lab.players.coinche import CoinchePlayer2

    total = 0
    for i, (bid, taker, dealer, rules, mult) in enumerate(COINCHE_CASES):
        r = playouts_level2("coinche", 50, bid, taker, seed=40 + i, dealer=dealer, rules=rules,
                            multiplier=mult, record=True, rotate=True)
        b = playouts("coinche", 50, bid, taker, seed=40 + i, dealer=dealer, rules=rules,
                           multiplier=mult, rotate=True)
        assert (r.deals == b.deals).all() and (r.leaders == b.leaders).all()
        for row in range(len(r)):
            hands = [[c.text for c in mask_cards(int(m))] for m in r.deals[row]]
            h = COINCHE.hand_class.from_hands(hands, bid, taker, SEATS[int(r.leaders[row])],
                                              rules=COINCHE.rules(rules), multiplier=mult)
            player = CoinchePlayer2()
            for k, got in enumerate(r.plays[row]):
                want = player.choose_card(h)
                assert int(want) == int(got), (bid, row, k)
                h.play(want)
                total += 1
            assert [int(x) for x in r.score[row]] == [h.result.score["NS"],
                                                      h.result.score["EW"]]
    assert total >= 6_000


NO_JIT_SCRIPT = """
import json, sys
from belote_lab import _jit
from belote_lab.batch.four import playouts_level2
assert not _jit.HAVE_NUMBA
out = {}
for contract in ("H", "NT", "AT"):
    r = playouts_level2("belote", 12, contract, 1, seed=2**40 + 7, dealer=2, record=True)
    out[contract] = {k: getattr(r, k).tolist() for k in sys.argv[1:]}
print(json.dumps(out))
"""
FIELDS = ("deals", "points", "tricks", "belote", "made", "capot", "score", "plays", "legal")


def test_the_same_arrays_without_numba() -> None:
    env = dict(os.environ, BELOTE_LAB_NO_JIT="1")
    done = subprocess.run([sys.executable, "-c", NO_JIT_SCRIPT, *FIELDS], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    plain = json.loads(done.stdout)
    for contract in ("H", "NT", "AT"):
        r = playouts_level2("belote", 12, contract, 1, seed=2**40 + 7, dealer=2, record=True)
        for k in FIELDS:
            assert getattr(r, k).tolist() == plain[contract][k], (contract, k)


def test_simulate_uses_the_compiled_level_2() -> None:
    from belote_lab.simulation.simulate import simulate

    for game, contract in (("belote", "S"), ("coinche", "110D")):
        sim = simulate(game, 80, "2,2,2,2", seed=4, contract=contract, taker=2, progress=False)
        r = playouts_level2(game, 80, contract, 2, seed=4, dealer=0, rotate=True)
        assert (sim.score == r.score).all() and (sim.tricks == r.tricks).all()
        assert (sim.taker == 2).all() and sim.meta["engine"] == "batch"
    from belote_lab.batch.belote2 import playouts_level2_belote2

    sim = simulate("belote2", 60, "2,2", seed=4, contract="H", taker=2, progress=False)
    r = playouts_level2_belote2(60, "H", 2, seed=4, dealer=0, rotate=True)
    assert (sim.score == r.score).all() and (sim.taker == 2).all()
    from belote_lab.batch.callbreak import playouts_level2_callbreak

    sim = simulate("callbreak", 60, "2,2,2,2", seed=4, contract="-", progress=False)
    r = playouts_level2_callbreak(60, seed=4, dealer=0, rotate=True)
    assert (sim.score == r.score).all() and (sim.calls == r.meta["calls"]).all()
    with pytest.raises(ValueError, match="level 2 at every seat"):
        simulate("belote", 10, "2,2,2,3", contract="H", progress=False)
