"""The level-2 estimates (:mod:`belote_lab.players.estimates`) are one copy: written once in
numba's subset, called by the Python players and by the batch kernels.  Here: the
compiled functions give what the same code gives in plain Python (``BELOTE_LAB_NO_JIT=1``, in
a subprocess) on thousands of hands, and give Python's own types (what the players compare,
store and print); no batch module defines an estimate of its own; the Python wrapper
``defence_estimate`` reads ``None`` as the kernels' ``-1``.  (The players against the kernels,
call for call: tests/test_batch_four.py, test_batch_coinche.py, test_batch_callbreak.py.)"""

from __future__ import annotations

import ast
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from belote_lab.batch.deal import BELOTE_DECK, FULL_DECK
from belote_lab.cards import SUIT_MASK
from belote_lab.players import estimates as e

ROOT = Path(__file__).resolve().parent.parent
BY_TRUMP = ("take_strength", "capot_losers", "suit_estimate", "support_estimate",
            "defence_value")
BY_HAND = ("no_trump_strength", "all_trump_strength")
CALLBREAK = ("trick_value", "estimate_tricks")

def values(seed: int, n: int) -> list:
    """Each estimate of ``n`` random hands (Belote's 5, 6 and 8 cards; Callbreak's 13), as
    JSON reads them back."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        h = sum(1 << c for c in rng.sample(BELOTE_DECK.tolist(), rng.choice((5, 6, 8))))
        row = [getattr(e, f)(h, t) for f in BY_TRUMP for t in range(4)]
        row += [e.defence_value(h, -1)] + [getattr(e, f)(h) for f in BY_HAND]
        row += [e.no_or_all_trump_estimate(s, start) for s in range(0, 30, 3) for start in (7, 8)]
        thirteen = sum(1 << c for c in rng.sample(FULL_DECK.tolist(), 13))
        row += [getattr(e, f)(thirteen) for f in CALLBREAK]
        out.append(row)
    return json.loads(json.dumps(out))


PLAIN_SCRIPT = """
import json, sys
sys.path.insert(0, sys.argv[3])
from belote_lab import _jit
assert not _jit.HAVE_NUMBA
from test_estimates import values
print(json.dumps(values(int(sys.argv[1]), int(sys.argv[2]))))
"""


def test_compiled_estimates_are_the_plain_python_code() -> None:
    env = dict(os.environ, BELOTE_LAB_NO_JIT="1")
    done = subprocess.run(
        [sys.executable, "-c", PLAIN_SCRIPT, "11", "5000", str(ROOT / "tests")], env=env,
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=300,
    )
    plain = json.loads(done.stdout)
    here = values(11, 5000)
    assert len(here) == len(plain) == 5000
    for k, (a, b) in enumerate(zip(here, plain, strict=True)):
        assert a == b, k
    # they differ from hand to hand: not a constant compared with itself
    assert len({json.dumps(r) for r in here}) > 4000


def test_the_estimates_give_python_types() -> None:
    h = SUIT_MASK[1]  # the 13 hearts: 13 trumps, the J 3 more, the 9 2, the A 1
    ok, strength = e.take_strength(h, 1)
    assert type(ok) is bool and type(strength) is int and (ok, strength) == (True, 19)
    for f in ("capot_losers", "suit_estimate", "support_estimate", "defence_value"):
        assert type(getattr(e, f)(h, 1)) is int, f
    assert type(e.no_trump_strength(h)) is int and type(e.no_or_all_trump_estimate(9, 8)) is int
    thirteen = sum(1 << (16 * s + r) for s in range(4) for r in range(13) if (s + r) % 4 == 0)
    assert type(e.trick_value(thirteen)) is float and type(e.estimate_tricks(thirteen)) is int


def test_defence_estimate_reads_none_as_no_trump() -> None:
    rng = random.Random(4)
    for _ in range(2000):
        h = sum(1 << c for c in rng.sample(BELOTE_DECK.tolist(), 8))
        assert e.defence_estimate(h, None) == e.defence_value(h, -1)
        t = rng.randrange(4)
        assert e.defence_estimate(h, t) == e.defence_value(h, t)
    # no trump: only the aces (12) and the tens beside them (8) count
    assert e.defence_estimate(sum(1 << (16 * s + 12) for s in range(4)), None) == 48


def test_no_batch_module_defines_an_estimate() -> None:
    names = set(e.__all__)
    for path in sorted((ROOT / "belote_lab" / "batch").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert not defined & names, (path.name, sorted(defined & names))
