"""Level-2 play of two-player Belote in the batch simulator (:mod:`belote_lab.batch.belote2`)
against the Python player: at every position of level-2 self-play the compiled card is
``Belote2Player2().choose_card(state)`` on the engine's hand (the kernel's deal and stock,
all four trumps, both takers), whole hands give the engine's cards, points and scores,
positions reached by random play give the same card when
:func:`~belote_lab.batch.belote2.level2_card_belote2` is called on them, and the arrays are
the same with and without numba."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from belote_lab.batch import core as batch
from belote_lab.batch import playouts
from belote_lab.batch.belote2 import (
    BELOTE_HOPE2,
    LAST_SURE2,
    PLAIN_KEEP2,
    SURE2,
    TRUMP_EXTRA2,
    TRUMP_KEEP2,
    WIN_BONUS2,
    level2_card_belote2,
    level2_tables,
    playouts_level2_belote2,
)
from belote_lab.cards import SEATS, mask_cards
from belote_lab.games import get
from belote_lab.players import belote2 as player_module
from belote_lab.players.belote2 import Belote2Player2
from belote_lab.trick import BELOTE2_STRICT

ROOT = Path(__file__).resolve().parent.parent
GAME = get("belote2")

# (trump, taker, dealer, rotate): every trump, both takers, both first leaders
CASES = [
    ("S", 0, 0, False), ("H", 2, 2, False), ("D", 0, 2, True), ("C", 2, 0, True),
    ("S", 2, 2, True), ("H", 0, 0, True), ("D", 2, 0, False), ("C", 0, 2, False),
]


def run(case: tuple, n: int, seed: int) -> batch.BatchResult:
    trump, taker, dealer, rotate = case
    return playouts_level2_belote2(n, trump, taker, seed, dealer, record=True, rotate=rotate)


def engine_hand(r: batch.BatchResult, row: int) -> Any:
    """The engine's hand of ``row``: the kernel's deal, stock (top first) and leader."""
    hands = {SEATS[s]: [c.text for c in mask_cards(int(r.deals[row, s]))] for s in (0, 2)}
    stock = [mask_cards(1 << int(c))[0].text for c in r.stock[row]]
    return GAME.hand_class.from_hands(hands, stock, r.contract, r.taker,
                                      SEATS[int(r.leaders[row])])


def self_play(r: batch.BatchResult, row: int) -> tuple[Any, int, int]:
    """The engine's hand of ``row`` played by two ``Belote2Player2``, each card checked
    against the kernel's; returns the hand, the positions checked and those with a choice
    (more than one legal card)."""
    h = engine_hand(r, row)
    player = Belote2Player2()
    choices = 0
    for k, got in enumerate(r.plays[row]):
        want = player.choose_card(h)
        assert int(want) == int(got), (r.contract, row, k, want.text,
                                       h.seat_view(h.current_player))
        assert int(r.legal[row, k]) == h.legal_mask()
        choices += h.legal_mask().bit_count() > 1
        h.play(want)
    assert h.phase == "done"
    return h, len(r.plays[row]), choices


def test_the_constants_are_the_players_doubled() -> None:
    p = player_module
    assert {k: 2 * v for k, v in p._TRUMP_KEEP.items()} == TRUMP_KEEP2
    assert {k: 2 * v for k, v in p._PLAIN_KEEP.items()} == PLAIN_KEEP2
    assert [2 * p._WIN_BONUS, 2 * p._SURE, 2 * p._TRUMP_EXTRA, 2 * p._BELOTE_HOPE] == [
        WIN_BONUS2, SURE2, TRUMP_EXTRA2, BELOTE_HOPE2]
    assert 2 * p._LAST_SURE == 2 * Belote2Player2.last_sure == LAST_SURE2


def test_the_choices_equal_the_python_player_at_20000_positions() -> None:
    total = choices = 0
    for i, case in enumerate(CASES):
        r = run(case, 80, seed=100 + i)
        for row in range(len(r)):
            _, k, c = self_play(r, row)
            total += k
            choices += c
    assert total >= 20_000 and choices >= 10_000


def test_whole_hands_equal_the_engine() -> None:
    made_of = {True: 1, False: 0, None: -1}
    hands = 0
    for i, case in enumerate(CASES):
        r = run(case, 400, seed=7 + i)
        kinds = {(int(a), int(b), int(c)) for a, b, c in zip(r.capot, r.made, r.belote,
                                                             strict=True)}
        rows = sorted(set(range(12)) | {int(j) for k in kinds for j in np.flatnonzero(
            (r.capot == k[0]) & (r.made == k[1]) & (r.belote == k[2]))[:2]})
        for row in rows:
            h, _, _ = self_play(r, row)
            res = h.result
            assert [res.points["N"], res.points["S"]] == r.points[row].tolist()
            assert [res.score["N"], res.score["S"]] == r.score[row].tolist()
            assert list(h.won_tricks) == r.tricks[row].tolist()
            bel = [s for s in (0, 1) if res.belote["NS"[s]]]
            assert (bel[0] if bel else -1) == r.belote[row]
            assert made_of[res.made] == r.made[row]
            assert ("NS".index(res.capot) if res.capot else -1) == r.capot[row]
            hands += 1
    assert hands >= 100


def kernel_card(h: Any, tables: np.ndarray, rule: tuple) -> int:
    """:func:`level2_card_belote2` at the engine's position."""
    played = 0
    for t in h.tricks:
        for c in t.cards:
            played |= 1 << int(c)
    lead = int(h.trick[0]) if h.trick else -1
    if lead >= 0:
        played |= 1 << lead
    seat = h.current_player
    return int(level2_card_belote2(h.hands[seat], h.legal_mask(), played, lead,
                                   len(h.stock_left) > 0, len(h.tricks), tables, rule))


@pytest.mark.parametrize("trump", "SHDC")
def test_positions_of_random_play(trump: str) -> None:
    """Positions off the level-2 path (random legal play): the same card, called directly."""
    r = playouts("belote2", 25, trump, 2, seed=5, dealer=2, record=True)
    c = GAME.contract(trump)
    tables, rule = level2_tables(c), batch.kernel_rule(c, BELOTE2_STRICT)
    player = Belote2Player2()
    for row in range(len(r)):
        h = engine_hand(r, row)
        for k, card in enumerate(r.plays[row]):
            assert kernel_card(h, tables, rule) == int(player.choose_card(h)), (row, k)
            h.play(mask_cards(1 << int(card))[0])


def test_the_deals_are_the_batch_deals_and_bad_seats_are_refused() -> None:
    a = playouts_level2_belote2(300, "D", 2, seed=9, dealer=2, rotate=True)
    b = playouts("belote2", 300, "D", 2, seed=9, dealer=2, rotate=True)
    assert (a.deals == b.deals).all() and (a.stock == b.stock).all()
    assert (a.leaders == b.leaders).all()
    assert (a.points.sum(axis=1) == 162).all() and (a.tricks.sum(axis=1) == 16).all()
    part = playouts_level2_belote2(100, "D", 2, seed=9, dealer=2, rotate=True, start=200)
    assert (part.score == a.score[200:]).all()
    with pytest.raises(ValueError):
        playouts_level2_belote2(10, "H", taker=1)
    with pytest.raises(ValueError):
        playouts_level2_belote2(10, "H", seed=-1)


NO_JIT_SCRIPT = """
import json, sys
from belote_lab import _jit
from belote_lab.batch.belote2 import playouts_level2_belote2
assert not _jit.HAVE_NUMBA
out = {}
for trump in ("S", "D"):
    r = playouts_level2_belote2(6, trump, 2, seed=2**40 + 7, dealer=0, record=True)
    out[trump] = {k: getattr(r, k).tolist() for k in sys.argv[1:]}
print(json.dumps(out))
"""
FIELDS = ("deals", "stock", "points", "tricks", "belote", "made", "capot", "score", "plays",
          "legal")


def test_the_same_arrays_without_numba() -> None:
    env = dict(os.environ, BELOTE_LAB_NO_JIT="1")
    done = subprocess.run([sys.executable, "-c", NO_JIT_SCRIPT, *FIELDS], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    plain = json.loads(done.stdout)
    for trump in ("S", "D"):
        r = playouts_level2_belote2(6, trump, 2, seed=2**40 + 7, dealer=0, record=True)
        for k in FIELDS:
            assert getattr(r, k).tolist() == plain[trump][k], (trump, k)
