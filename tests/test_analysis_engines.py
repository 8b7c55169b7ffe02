"""``analysis.taking_study`` in compiled code and by the Python players (issue 29, item 4).

The compiled study reads each taker's holding from the deals the kernel records
(:func:`belote_lab.simulation.analysis.compiled_hands`, in numpy); here the same hands are dealt
again in the engine from the recorded decks and calls, and :func:`taker_holding` of the engine's
hand must be the compiled study's, hand for hand.  The two engines deal different random
deals of a seed, so the compiled and the Python studies agree in distribution only: the
means of their measures within 4.5 standard errors, as tests/test_simulate_engines.py
checks simulate().
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from belote_lab.batch import four
from belote_lab.cards import BELOTE_MASK, Card
from belote_lab.games import get
from belote_lab.players import RandomPlayer
from belote_lab.simulation.analysis import (
    TAKING_ARRAYS,
    TakingStudy,
    card_count,
    compiled_hands,
    taker_holding,
    taking_study,
)
from belote_lab.simulation.simulate import simulate

GAME = get("belote")
HOLDING = ("round", "trump_jack", "trump_nine", "trumps", "side_aces", "belote", "rule_take")

# (levels, rules, seed): the rule options that move the deal, the taking and the first lead
CASES: list[tuple[tuple[int, ...], dict[str, Any], int]] = [
    ((2, 2, 2, 2), {}, 11),
    ((1, 2, 1, 2), {"first_lead": "eldest"}, 12),
    ((2, 1, 1, 2), {"redeal_same_dealer": False, "turned_jack_forces_dealer": True}, 13),
    ((1, 1, 1, 1), {"failed_contract": "keep_belote", "capot": "all_tricks"}, 14),
]


def engine_hand(rec: dict[str, np.ndarray], row: int, rules: Any) -> Any:
    """Hand ``row`` of the kernel dealt by the engine from its recorded deck (the deal
    played), with its recorded calls: the engine's hand at the first card."""
    h = GAME.hand_class(rules, dealer=int(rec["dealer"][row]),
                        deck=[Card(int(c)) for c in rec["decks"][row]])
    for call in rec["auction"][row].tolist():
        if call >= 0:
            h.call(four.CALLS[call])  # the engine refuses an illegal call
    assert h.phase == "play", row
    return h


@pytest.mark.parametrize(("levels", "opts", "seed"), CASES)
def test_compiled_holdings_are_the_engines(levels: tuple[int, ...], opts: dict[str, Any],
                                           seed: int) -> None:
    n = 250
    rules = GAME.rules(opts)
    s = taking_study(n, ",".join(map(str, levels)), seed, opts)
    assert (s.engine, s.why_python) == ("batch", None)
    rec = four.recorded_hands(GAME, n, levels, seed, opts, 0)
    for row in range(n):
        h = engine_hand(rec, row, rules)
        hold = taker_holding(h)
        got = {name: getattr(s, name)[row].item() for name in HOLDING}
        assert got == {name: getattr(hold, name) for name in HOLDING}, (seed, row)
        assert (s.taker[row], s.dealer[row]) == (h.taker, h.dealer)
        leads = GAME.side_of(h.current_player) == GAME.side_of(h.taker)
        assert bool(s.attack_leads[row]) == leads, (seed, row)
    # the results are simulate()'s compiled hands, hand for hand
    r = simulate("belote", n, levels, seed, opts, progress=False)
    assert r.meta["engine"] == "batch"
    att = r.taker % 2
    rows = np.arange(n)
    assert (s.made == r.made).all() and (s.attack_points == r.attack_points).all()
    assert (s.score_margin == r.score[rows, att] - r.score[rows, 1 - att]).all()
    assert (s.taker == r.taker).all() and (s.dealer == r.dealer).all()
    assert set(s.round.tolist()) == {1, 2} and 0 <= s.trumps.min() <= s.trumps.max() <= 6


def test_every_seat_holds_its_cards_at_the_first_card() -> None:
    """compiled_hands' hands are the engine's hands at the first card (the full deal), in
    four-player Belote from the recorded decks; its arrays are simulate()'s."""
    n, seed = 150, 21
    a = compiled_hands("belote", n, (2, 1, 2, 1), seed)
    rec = four.recorded_hands(GAME, n, (2, 1, 2, 1), seed, None, 0)
    for row in range(n):
        h = engine_hand(rec, row, GAME.rules())
        assert a["hands"][row].tolist() == [int(m) for m in h.hands], row
    r = simulate("belote", n, "2,1,2,1", seed, progress=False)
    assert all((a[k] == v).all() for k, v in r.arrays().items())
    assert (card_count(a["hands"]) == 8).all()
    assert (np.bitwise_or.reduce(a["hands"], axis=1) == BELOTE_MASK).all()


def test_the_python_path_and_why() -> None:
    eager = taking_study(6, [RandomPlayer()] * 4, seed=2)
    assert eager.engine == "python" and "player object" in (eager.why_python or "")
    high = taking_study(2, "2,2,2,3", seed=2)
    assert high.engine == "python" and "level" in (high.why_python or "")
    declared = taking_study(4, "2,2,2,2", seed=2, rules={"declarations": True})
    assert declared.engine == "python" and "declarations" in (declared.why_python or "")
    with pytest.raises(ValueError, match="compiled code"):
        taking_study(2, [RandomPlayer()] * 4, engine="batch")
    with pytest.raises(ValueError, match="engine must be"):
        taking_study(2, engine="fast")
    # the Python path is simulate(engine="python")'s hands
    p = taking_study(30, "2,2,2,2", seed=3, engine="python")
    r = simulate("belote", 30, "2,2,2,2", seed=3, progress=False, engine="python")
    assert (p.made == r.made).all() and (p.taker == r.taker).all()
    assert set(p.arrays()) == set(TAKING_ARRAYS)


def test_no_trump_is_refused_by_both_engines() -> None:
    for engine in ("batch", "python"):
        with pytest.raises(ValueError, match="suit contract"):
            taking_study(400, "1,1,1,1", seed=5, rules={"allow_no_trump": True}, engine=engine)


PY_HANDS = 1500
BATCH_HANDS = 60_000
Z = 4.5


def measures(s: TakingStudy) -> dict[str, np.ndarray]:
    """Per-hand numbers whose means the two engines must share: the make rate overall and
    with and without the trump jack and nine, each holding's mean, the round, who leads."""
    made = (s.made == 1).astype(float)
    out = {"made": made, "attack points": s.attack_points.astype(float),
           "score margin": s.score_margin.astype(float), "round": s.round.astype(float),
           "attack leads": s.attack_leads.astype(float)}
    for name in ("trump_jack", "trump_nine", "belote", "rule_take"):
        have = getattr(s, name)
        out[name] = have.astype(float)
        out[f"made with {name}"] = made[have]
        out[f"made without {name}"] = made[~have]
    for name in ("trumps", "side_aces"):
        out[name] = getattr(s, name).astype(float)
    return out


def z_score(a: np.ndarray, b: np.ndarray) -> float:
    if len(a) < 2 or len(b) < 2:
        return 0.0
    se = np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    if se == 0:
        return 0.0 if a.mean() == b.mean() else float("inf")
    return float((a.mean() - b.mean()) / se)


@pytest.mark.parametrize("level", [2, 1])
def test_compiled_and_python_studies_agree_in_distribution(level: int) -> None:
    players = ",".join([str(level)] * 4)
    fast = taking_study(BATCH_HANDS, players, seed=7)
    slow = taking_study(PY_HANDS, players, seed=7, engine="python")
    assert fast.engine == "batch" and slow.engine == "python"
    a, b = measures(fast), measures(slow)
    far = {k: round(z_score(a[k], b[k]), 2) for k in a if abs(z_score(a[k], b[k])) > Z}
    assert not far, f"level {level}: means differ by more than {Z} errors: {far}"
