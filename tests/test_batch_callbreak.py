"""Level-2 Callbreak in the batch simulator (:mod:`belote_lab.batch.callbreak`) against the
Python player: the compiled call is ``CallbreakPlayer2().choose_call`` on the engine's
state, at every position of level-2 self-play the compiled card is
``CallbreakPlayer2().choose_card(state)``, whole rounds driven by four ``CallbreakPlayer2``
from the deal give the kernel's calls, cards, tricks and scores, positions reached by random
play give the same card when :func:`~belote_lab.batch.level2.level2_card_callbreak` is
called on them, and the arrays are the same with and without numba."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np

from belote_lab.batch import core as batch
from belote_lab.batch import deal, playouts
from belote_lab.batch.callbreak import (
    level2_call,
    playouts_level2_callbreak,
)
from belote_lab.batch.level2 import learn_void_cb, level2_card_callbreak
from belote_lab.cards import SEATS, mask_cards
from belote_lab.games import get
from belote_lab.players.callbreak import CallbreakPlayer2, estimate_tricks

ROOT = Path(__file__).resolve().parent.parent
GAME = get("callbreak")

# (dealer, rotate, rule options)
CASES = [
    (0, False, {}),
    (3, True, {}),
    (1, True, {"redeal_without_face_cards": True, "max_call": 13}),
    (2, False, {"max_call": 4}),
]


def run(case: tuple, n: int, seed: int) -> batch.BatchResult:
    dealer, rotate, rules = case
    return playouts_level2_callbreak(n, seed, dealer, rules=rules, record=True, rotate=rotate)


def bidding_hand(r: batch.BatchResult, row: int, rules: dict) -> Any:
    """The engine's round of ``row`` at its first call: the deck dealt one card at a time
    from the seat after the dealer gives the kernel's hands."""
    dealer = int(r.dealers[row])
    per_seat = [mask_cards(int(m)) for m in r.deals[row]]
    deck = [per_seat[(dealer + 1 + i) % 4][i // 4] for i in range(52)]
    h = GAME.hand_class(rules=GAME.rules(rules), dealer=dealer, deck=deck)
    assert h.hands == [int(m) for m in r.deals[row]] and h.redeal_reason is None
    return h


def test_the_calls_equal_the_python_player_on_20000_hands() -> None:
    player = CallbreakPlayer2()
    total = 0
    for i, case in enumerate(CASES[2:]):
        r = playouts_level2_callbreak(2600, seed=20 + i, rules=case[2], rotate=True)
        for row in range(len(r)):
            h = bidding_hand(r, row, case[2])
            while h.phase == "bidding":
                seat = h.current_player
                want = player.choose_call(h)
                assert want == r.meta["calls"][row, seat], (case, row, seat)
                h.call(want)
                total += 1
    assert total >= 20_000
    # the estimate alone, on hands of every shape (no spade, many spades)
    rng = np.random.default_rng(3)
    for _ in range(4000):
        m = sum(1 << int(c) for c in rng.choice(deal.FULL_DECK, 13, replace=False))
        assert level2_call(m, 13) == min(estimate_tricks(m), 13)


def self_play(r: batch.BatchResult, row: int, rules: dict) -> tuple[Any, int]:
    """The engine's round of ``row`` from the first call, driven by four
    ``CallbreakPlayer2``, each call and card checked against the kernel's; returns the
    round and the number of cards checked."""
    h = bidding_hand(r, row, rules)
    player = CallbreakPlayer2()
    while h.phase == "bidding":
        call = player.choose_call(h)
        assert call == r.meta["calls"][row, h.current_player], (row, h.current_player)
        h.call(call)
    for k, got in enumerate(r.plays[row]):
        want = player.choose_card(h)
        assert int(want) == int(got), (row, k, want.text, h.seat_view(h.current_player))
        assert int(r.legal[row, k]) == h.legal_mask()
        h.play(want)
    assert h.phase == "done"
    return h, len(r.plays[row])


def test_the_cards_equal_the_python_player_at_20000_positions() -> None:
    total = 0
    for i, case in enumerate(CASES):
        r = run(case, 100, seed=100 + i)
        for row in range(len(r)):
            total += self_play(r, row, case[2])[1]
    assert total >= 20_000


def test_whole_rounds_equal_the_engine() -> None:
    rounds = 0
    for i, case in enumerate(CASES):
        r = run(case, 30, seed=7 + i)
        for row in range(len(r)):
            h, _ = self_play(r, row, case[2])
            res = h.result
            assert [res.calls[s] for s in SEATS] == r.meta["calls"][row].tolist()
            assert list(h.won_tricks) == r.tricks[row].tolist()
            assert [res.tricks_won[s] for s in SEATS] == r.tricks[row].tolist()
            assert [res.score[s].tenths for s in SEATS] == r.score[row].tolist()
            assert [int(res.made[s]) for s in SEATS] == r.made[row].tolist()
            assert (r.capot[row] >= 0) == (r.tricks[row].max() == 13)
            rounds += 1
    assert rounds >= 100


def kernel_card(h: Any) -> int:
    """:func:`level2_card_callbreak` at the engine's position, the voids learnt by
    :func:`learn_void_cb` from the cards played."""
    voids, played = 0, 0
    tricks = [(t.leader, list(t.cards)) for t in h.tricks] + [(h.leader, list(h.trick))]
    wc = 0
    for leader, cards in tricks:
        wc = int(cards[0]) if cards else 0
        led = wc >> 4
        for i, c in enumerate(cards):
            c = int(c)
            played |= 1 << c
            voids = learn_void_cb(voids, c, i, leader, led)
            if (c >> 4 == wc >> 4 and c > wc) or (c >> 4 == 0 and wc >> 4 != 0):
                wc = c
    seat = h.current_player
    return int(level2_card_callbreak(h.hands[seat], h.legal_mask(), played, len(h.trick), wc,
                                     h.leader, voids))


def test_positions_of_random_play() -> None:
    """Positions off the level-2 path (random legal play, random calls): the same card,
    called directly."""
    r = playouts("callbreak", 60, seed=5, calls=(1, 4, 2, 6), record=True, rotate=True)
    player = CallbreakPlayer2()
    for row in range(len(r)):
        hands = [[c.text for c in mask_cards(int(m))] for m in r.deals[row]]
        h = GAME.hand_class.from_hands(hands, (1, 4, 2, 6), SEATS[int(r.leaders[row])])
        for k, card in enumerate(r.plays[row]):
            assert kernel_card(h) == int(player.choose_card(h)), (row, k)
            h.play(mask_cards(1 << int(card))[0])


def test_the_deals_are_the_batch_deals() -> None:
    a = playouts_level2_callbreak(300, seed=9, dealer=3, rotate=True)
    b = playouts("callbreak", 300, seed=9, dealer=3, rotate=True)
    for name in ("deals", "leaders", "dealers", "redeals"):
        assert (getattr(a, name) == getattr(b, name)).all(), name
    assert (a.tricks.sum(axis=1) == 13).all()
    part = playouts_level2_callbreak(100, seed=9, dealer=3, rotate=True, start=200)
    assert (part.score == a.score[200:]).all()
    assert (part.meta["calls"] == a.meta["calls"][200:]).all()


NO_JIT_SCRIPT = """
import json, sys
from belote_lab import _jit
from belote_lab.batch.callbreak import playouts_level2_callbreak
assert not _jit.HAVE_NUMBA
r = playouts_level2_callbreak(6, seed=2**40 + 7, dealer=2, record=True, rotate=True)
out = {k: getattr(r, k).tolist() for k in sys.argv[1:]}
out["calls"] = r.meta["calls"].tolist()
print(json.dumps(out))
"""
FIELDS = ("deals", "redeals", "tricks", "made", "capot", "score", "plays", "legal")


def test_the_same_arrays_without_numba() -> None:
    env = dict(os.environ, BELOTE_LAB_NO_JIT="1")
    done = subprocess.run([sys.executable, "-c", NO_JIT_SCRIPT, *FIELDS], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    plain = json.loads(done.stdout)
    r = playouts_level2_callbreak(6, seed=2**40 + 7, dealer=2, record=True, rotate=True)
    for k in FIELDS:
        assert getattr(r, k).tolist() == plain[k], k
    assert r.meta["calls"].tolist() == plain["calls"]
