"""Whole hands of two-player Belote in compiled code (:func:`belote_lab.batch.belote2.hands`)
against the engine and the Python players:

* call for call, the compiled level-2 taking is ``Belote2Player2().choose_call(state)`` at
  more than 100,000 positions of the engine's own deals (both rounds, every redeal count,
  the dealer forced to name a suit or not), and a whole taking by :func:`take_deal` gives
  the engine's calls and result;
* whole hands (every passed-out deal too) replay through the engine with the kernel's
  deals, calls and cards: the level-2 seats choose as the Python player, every call and
  card is legal, and :func:`belote_lab.simulation.simulate._collect` fills the same arrays;
* level 1: the policy of ``RandomPlayer`` (pass 7 times in 10 when it may, else a uniform
  call), sane totals;
* the arrays are the same with and without numba.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from belote_lab.batch.arrays import empty_arrays
from belote_lab.batch.belote2 import (
    CALL_WORDS,
    LEVELS,
    NAME2,
    NO_CALL,
    P_PASS10,
    PASS,
    TAKE,
    TAKE2,
    check_rules,
    hands,
    hands_record,
    level2_call,
    take_deal,
)
from belote_lab.cards import Card
from belote_lab.games import get
from belote_lab.players.base import RandomPlayer
from belote_lab.players.belote2 import Belote2Player2
from belote_lab.rules import Belote2Rules
from belote_lab.simulation.simulate import _collect

ROOT = Path(__file__).resolve().parent.parent
GAME = get("belote2")
PLAYER = Belote2Player2()


def test_the_constants_are_the_players() -> None:
    assert (2 * PLAYER.take, 2 * PLAYER.name) == (TAKE2, NAME2)
    assert pytest.approx(1 - RandomPlayer().take_probability) == P_PASS10 / 10
    assert CALL_WORDS[TAKE] == "take" and CALL_WORDS[PASS] == "pass"
    assert [CALL_WORDS[s] for s in range(4)] == ["S", "H", "D", "C"]
    assert LEVELS == (1, 2)


# --- call for call -------------------------------------------------------------------------------
def engine_deals(count: int) -> Any:
    """Engine deals of every kind: both dealers, redeals 0–3, ``forced_after_redeals`` 0–3
    (so the dealer is forced to name a suit in about half of them)."""
    rules = [Belote2Rules(forced_after_redeals=f) for f in range(4)]
    for s in range(count):
        yield GAME.hand_class(rules[s % 4], dealer=2 * (s // 4 % 2), seed=s,
                              redeals=s // 8 % 4)


def test_the_calls_equal_the_python_player_at_100000_positions() -> None:
    positions = round2 = forced = 0
    levels = np.array([2, 0, 2, 0], dtype=np.int64)
    calls = np.full(4, NO_CALL, dtype=np.int64)
    for h in engine_deals(44_000):
        hands6 = np.array(h.hands, dtype=np.int64)
        t = h.taking
        must = t.dealer_must_name
        said = []
        while h.phase == "bidding":
            legal = h.legal_calls()
            want = PLAYER.choose_call(h)
            got = level2_call(h.hands[h.current_player], int(h.turned), t.round,
                              "pass" in legal, TAKE2, NAME2)
            assert CALL_WORDS[got] == want, (h.seed, t.calls, legal)
            positions += 1
            round2 += t.round == 2
            forced += "pass" not in legal
            said.append(want)
            h.call(want)
        calls[:] = NO_CALL
        _, taker, trump = take_deal(0, hands6, int(h.turned), h.dealer, must, levels, TAKE2,
                                    NAME2, calls)
        assert [CALL_WORDS[c] for c in calls if c != NO_CALL] == said
        if h.phase == "redeal":
            assert taker == -1
        else:
            assert (taker, trump) == (h.taker, h.contract.trump)
    assert positions >= 100_000 and round2 >= 20_000 and forced >= 1_000, (positions, round2,
                                                                          forced)


# --- whole hands through the engine --------------------------------------------------------------
def replay(a: dict[str, np.ndarray], rec: dict[str, np.ndarray], row: int, levels: tuple,
           rules: Belote2Rules) -> Any:
    """The engine's hand of ``row``: every deal of it (``redeals`` passed out, then the one
    played) with the kernel's cards and calls, then the kernel's cards; the level-2 seats'
    calls and cards checked against :class:`Belote2Player2` on the way."""
    level = {0: levels[0], 2: levels[1]}
    dealer = int(a["dealer"][row])
    redeals = int(a["redeals"][row])
    for d in range(redeals + 1):
        deck = [Card(int(c)).text for c in rec["decks"][row, d]]
        h = GAME.hand_class(rules, dealer=dealer, deck=deck, redeals=d)
        calls = [int(c) for c in rec["calls"][row, d] if c != NO_CALL]
        assert all(c == NO_CALL for c in rec["calls"][row, d, len(calls):])
        for c in calls:
            seat = h.current_player
            if level[seat] == 2:
                assert PLAYER.choose_call(h) == CALL_WORDS[c], (row, d, h.taking.calls)
            h.call(CALL_WORDS[c])  # the engine refuses an illegal call
        assert h.phase == ("play" if d == redeals else "redeal"), (row, d, h.phase)
    for k, card in enumerate(rec["plays"][row]):
        seat = h.current_player
        assert int(rec["legal"][row, k]) == h.legal_mask(), (row, k)
        if level[seat] == 2:
            assert int(PLAYER.choose_card(h)) == int(card), (row, k)
        h.play(Card(int(card)))
    assert h.phase == "done"
    return h


# (levels, forced_after_redeals, first dealer, seed)
CASES = [((2, 2), 2, 0, 11), ((1, 2), 2, 2, 12), ((2, 1), 1, 0, 13), ((1, 1), 2, 2, 14),
         ((2, 2), 0, 2, 15), ((1, 2), 3, 0, 16), ((2, 1), 0, 2, 17), ((1, 1), 1, 0, 18)]


def interesting_rows(a: dict[str, np.ndarray], first: int) -> list[int]:
    """The first rows and two of each kind of outcome (made, capot, belote, redeals,
    taker, trump)."""
    kinds = np.stack([a["made"], a["capot"], a["belote"], a["redeals"], a["taker"],
                      a["contract"]], axis=1)
    rows = set(range(first))
    for kind in {tuple(k) for k in kinds.tolist()}:
        rows |= set(np.flatnonzero((kinds == kind).all(axis=1))[:2].tolist())
    return sorted(rows)


def test_whole_hands_replay_through_the_engine() -> None:
    replayed = 0
    seen: set[tuple[str, int]] = set()
    for levels, forced, dealer, seed in CASES:
        rules = Belote2Rules(forced_after_redeals=forced)
        a, rec = hands_record(GAME, 1500, levels, seed, rules, dealer)
        b = empty_arrays(GAME, len(a["contract"]))
        for row in interesting_rows(a, 30):
            h = replay(a, rec, row, levels, rules)
            _collect(GAME, h, int(a["redeals"][row]), row, b)
            for k in a:
                assert (a[k][row] == b[k][row]).all(), (levels, forced, row, k, a[k][row],
                                                        b[k][row])
            replayed += 1
        seen |= {("made", int(x)) for x in a["made"]} | {("capot", int(x)) for x in a["capot"]}
        seen |= {("redeals", int(x)) for x in a["redeals"]}
        seen |= {("belote", int(x)) for x in a["belote"]}
        # the dealer turns with the hands and deals again after a redeal
        assert (a["dealer"] == (dealer + 2 * np.arange(1500)) % 4).all()
        assert a["redeals"].max() <= forced
    assert replayed >= 400
    want = {("made", m) for m in (-1, 0, 1)} | {("capot", c) for c in (-1, 0, 1)}
    want |= {("redeals", r) for r in range(4)} | {("belote", b) for b in (-1, 0, 1)}
    assert want <= seen, want - seen


def test_a_hand_is_the_same_in_any_batch_and_the_deals_in_any_levels() -> None:
    a = hands(GAME, 400, (2, 1), 5, None, 2)
    b = hands(GAME, 100, (2, 1), 5, None, 2, start=300)
    assert all((a[k][300:] == b[k]).all() for k in a)
    _, r11 = hands_record(GAME, 300, (1, 1), 5, None, 2)
    _, r22 = hands_record(GAME, 300, (2, 2), 5, None, 2)
    assert (r11["decks"][:, 0] == r22["decks"][:, 0]).all()
    assert (a["dealer"] == (2 + 2 * np.arange(400)) % 4).all()
    ref = empty_arrays(GAME, 1)
    assert {k: (v.dtype, v.shape[1:]) for k, v in a.items()} == {
        k: (v.dtype, v.shape[1:]) for k, v in ref.items()}


# --- level 1 -------------------------------------------------------------------------------------
def test_level_1_calls_follow_the_random_players_policy() -> None:
    rules = Belote2Rules(forced_after_redeals=2)
    a, rec = hands_record(GAME, 40_000, (1, 1), 3, rules, 0)
    n = len(a["contract"])
    free = forced = passes = 0
    named = np.zeros(3, dtype=np.int64)  # round-2 suits by rank among the three left
    for d in range(3):
        played = a["redeals"] >= d
        calls = rec["calls"][played, d]
        turned = rec["decks"][played, d, 12] >> 4
        for k in range(4):
            c = calls[:, k]
            on = c != NO_CALL
            if k < 2:  # round 1: take or pass
                assert set(c[on].tolist()) <= {TAKE, PASS}
            else:
                suit = on & (c != PASS)
                assert (c[suit] != turned[suit]).all()
                rank = c[suit] - (c[suit] > turned[suit])
                named += np.bincount(rank, minlength=3)
            if k == 3 and d == 2:  # the dealer after two redeals: no pass
                assert on.any() and (c[on] != PASS).all()
                forced += int(on.sum())
            else:
                free += int(on.sum())
                passes += int((c[on] == PASS).sum())
    share = passes / free
    assert abs(share - 0.7) < 5 * (0.21 / free) ** 0.5, share
    assert forced > 0 and named.min() > 0
    assert abs(named / named.sum() - 1 / 3).max() < 5 * (2 / 9 / named.sum()) ** 0.5, named
    # passed-out deals: 0.7 ** 4 of the deals where both may pass
    p = 0.7 ** 4
    for r in range(3):
        expect = (p ** r) * (1 - p) if r < 2 else p ** 2
        got = float((a["redeals"] == r).mean())
        assert abs(got - expect) < 5 * (expect * (1 - expect) / n) ** 0.5, (r, got, expect)


def test_level_1_totals_are_sane() -> None:
    a = hands(GAME, 100_000, (1, 1), 9, None, 0)
    assert ((a["attack_points"] + a["defence_points"]) == 162).all()
    assert (a["tricks"][:, [0, 2]].sum(axis=1) == 16).all()
    assert (a["tricks"][:, [1, 3]] == 0).all()
    assert set(a["taker"].tolist()) == {0, 2} and set(a["contract"].tolist()) == {0, 1, 2, 3}
    assert set(a["made"].tolist()) == {-1, 0, 1}
    assert (a["score"][a["capot"] == 0, 0] >= 252).all()
    assert ((a["bid"] == 0) & (a["multiplier"] == 1) & (a["calls"] == 0).all(axis=1)).all()
    # random play: the taker makes the contract more often than not, not always
    assert 0.45 < (a["made"] == 1).mean() < 0.75
    b = hands(GAME, 100_000, (2, 2), 9, None, 0)
    assert (b["made"] == 1).mean() > (a["made"] == 1).mean() + 0.1


# --- refusals ------------------------------------------------------------------------------------
def test_what_the_kernel_does_not_play_is_refused() -> None:
    for bad in ((1,), (1, 2, 1, 2), (2, 3), (True, 2)):
        with pytest.raises(ValueError, match="levels"):
            hands(GAME, 5, bad, 0, None, 0)
    with pytest.raises(ValueError):
        hands(GAME, 5, (1, 1), -1, None, 0)
    with pytest.raises(ValueError):
        hands(GAME, 5, (1, 1), 0, None, "E")
    with pytest.raises(ValueError, match="not played by"):
        hands(get("belote"), 5, (1, 1), 0, None, 0)

    @dataclasses.dataclass(frozen=True)
    class MoreRules(Belote2Rules):
        declarations: bool = False

    check_rules(MoreRules())
    with pytest.raises(ValueError, match="'declarations'"):
        check_rules(MoreRules(declarations=True))


# --- numba and plain Python ----------------------------------------------------------------------
NO_JIT_SCRIPT = """
import json
from belote_lab import _jit
from belote_lab.batch.belote2 import hands_record
from belote_lab.games import get
from belote_lab.rules import Belote2Rules
assert not _jit.HAVE_NUMBA
out = {}
for lv in ((1, 2), (2, 1)):
    a, rec = hands_record(get("belote2"), 6, lv, 2**40 + 7, Belote2Rules(forced_after_redeals=1), 2)
    out[str(lv)] = {k: v.tolist() for k, v in {**a, **rec}.items()}
print(json.dumps(out))
"""


def test_the_same_arrays_without_numba() -> None:
    env = dict(os.environ, BELOTE_LAB_NO_JIT="1")
    done = subprocess.run([sys.executable, "-c", NO_JIT_SCRIPT], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    plain = json.loads(done.stdout)
    for lv in ((1, 2), (2, 1)):
        a, rec = hands_record(GAME, 6, lv, 2**40 + 7, Belote2Rules(forced_after_redeals=1), 2)
        for k, v in {**a, **rec}.items():
            assert v.tolist() == plain[str(lv)][k], (lv, k)
