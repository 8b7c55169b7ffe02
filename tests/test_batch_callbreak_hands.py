"""Whole Callbreak rounds in compiled code, a level per seat (`batch.callbreak.hands`).

Level 2 is the kernel already compared card for card and call for call with
``CallbreakPlayer2`` on the engine's hands (tests/test_batch_callbreak.py): here the rounds of
:func:`hands` at level 2 are those of :func:`playouts_level2_callbreak`, the scores those of the
engine's :func:`~belote_lab.games.callbreak.round_score`, a level-1 seat calls and plays at
random within the rules, and the plain-Python kernel gives the same arrays as numba's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from belote_lab.batch.callbreak import hands, playouts_level2_callbreak
from belote_lab.games import get
from belote_lab.games.callbreak import round_score

ROOT = Path(__file__).resolve().parent.parent
G = get("callbreak")


def test_level_2_rounds_are_the_level_2_playouts() -> None:
    a = hands(G, 3000, (2, 2, 2, 2), seed=11, dealer=2)
    b = playouts_level2_callbreak(3000, seed=11, dealer=2, rotate=True)
    assert (a["calls"] == b.meta["calls"]).all()
    assert (a["tricks"] == b.tricks).all()
    assert (a["score"] == b.score).all()
    assert (a["dealer"] == b.dealers).all()
    assert (a["redeals"] == b.redeals).all()
    assert (a["capot"] == b.capot).all()


def test_scores_are_the_engines_round_scores() -> None:
    a = hands(G, 2000, (1, 2, 1, 2), seed=3)
    for row in range(2000):
        for s in range(4):
            want = round_score(int(a["calls"][row, s]), int(a["tricks"][row, s]))
            assert a["score"][row, s] == round(float(want) * 10), (row, s)
            assert a["made"][row, s] == (want > 0)


def test_level_1_calls_and_plays_within_the_rules() -> None:
    a = hands(G, 20_000, (1, 1, 1, 1), seed=5)
    calls = a["calls"]
    assert calls.min() == 1 and calls.max() == G.rules().max_call
    counts = np.bincount(calls.ravel(), minlength=9)[1:]
    share = counts / counts.sum()  # uniform over 1..8: 1/8 each, 80,000 calls
    assert np.abs(share - 1 / 8).max() < 0.01
    assert (a["tricks"].sum(axis=1) == 13).all()
    assert (a["contract"] == 6).all() and (a["taker"] == -1).all()


def test_a_level_per_seat() -> None:
    mixed = hands(G, 3000, (2, 1, 2, 1), seed=8)
    level2 = hands(G, 3000, (2, 2, 2, 2), seed=8)
    assert (mixed["calls"][:, [0, 2]] == level2["calls"][:, [0, 2]]).all()  # the deals agree
    assert not (mixed["calls"][:, [1, 3]] == level2["calls"][:, [1, 3]]).all()
    assert mixed["score"][:, [0, 2]].mean() > mixed["score"][:, [1, 3]].mean() + 10


def test_bad_levels_refused() -> None:
    with pytest.raises(ValueError, match="four levels among"):
        hands(G, 10, (2, 2, 3, 2))
    with pytest.raises(ValueError, match="four levels"):
        hands(G, 10, (2, 2))


NO_JIT_SCRIPT = """
import json
from belote_lab import _jit
from belote_lab.batch.callbreak import hands
from belote_lab.games import get
assert not _jit.HAVE_NUMBA
a = hands(get("callbreak"), 8, (1, 2, 1, 2), seed=2**40 + 7, dealer=3, start=5)
print(json.dumps({k: v.tolist() for k, v in a.items()}))
"""


def test_the_same_arrays_without_numba() -> None:
    env = dict(os.environ, BELOTE_LAB_NO_JIT="1")
    done = subprocess.run([sys.executable, "-c", NO_JIT_SCRIPT], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    plain = json.loads(done.stdout)
    a = hands(G, 8, (1, 2, 1, 2), seed=2**40 + 7, dealer=3, start=5)
    assert {k: v.tolist() for k, v in a.items()} == plain
