"""``simulate()`` played in compiled code and by the Python players: the same game (issue 29).

The two engines deal different random deals of a seed, so their hands differ; their
*distributions* must not.  For every game, at level 2 and at level 1 in every seat, 1,500 hands
of the Python players are set beside 60,000 compiled hands, and the mean of each measure (the
attack's card points, the contract made, each contract's share, a Callbreak seat's call and
score, redeals) must agree within 4.5 standard errors of the difference (a false alarm about
once in 150,000 comparisons; a real difference of a few per cent in a rate is caught).  The
hand-by-hand equality of the calls and cards is tested in each batch module's own tests.
"""

from __future__ import annotations

import numpy as np
import pytest

from belote_lab.simulation.simulate import SimulationResult, simulate

PY_HANDS = 1500
BATCH_HANDS = 60_000
Z = 4.5


def measures(r: SimulationResult) -> dict[str, np.ndarray]:
    """Per-hand numbers whose means the two engines must share."""
    out: dict[str, np.ndarray] = {"redeals>0": (r.redeals > 0).astype(float)}
    if r.bidding == "calls":
        out["call N"] = r.calls[:, 0].astype(float)
        out["score N (tenths)"] = r.score[:, 0].astype(float)
        out["tricks N"] = r.tricks[:, 0].astype(float)
        return out
    out["attack points"] = r.attack_points.astype(float)
    out["made"] = (r.made == 1).astype(float)
    out["belote"] = (r.belote >= 0).astype(float)
    for k, name in enumerate(r.contract_names[:6]):
        out[f"contract {name}"] = (r.contract == k).astype(float)
    if r.bid.any():
        out["bid"] = r.bid.astype(float)
        out["coinched"] = (r.multiplier > 1).astype(float)
    out["taker is dealer's next"] = ((r.taker - r.dealer) % 4 == 1).astype(float)
    return out


def z_score(a: np.ndarray, b: np.ndarray) -> float:
    se = np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    if se == 0:
        return 0.0 if a.mean() == b.mean() else float("inf")
    return float((a.mean() - b.mean()) / se)


@pytest.mark.parametrize("level", [2, 1])
@pytest.mark.parametrize("game", ["belote", "coinche", "belote2", "callbreak"])
def test_compiled_and_python_hands_agree_in_distribution(game: str, level: int) -> None:
    players = ",".join([str(level)] * 4)
    fast = simulate(game, BATCH_HANDS, players, seed=7, progress=False)
    slow = simulate(game, PY_HANDS, players, seed=7, progress=False, engine="python")
    assert fast.meta["engine"] == "batch" and slow.meta["engine"] == "python"
    a, b = measures(fast), measures(slow)
    assert a.keys() == b.keys()
    far = {k: round(z_score(a[k], b[k]), 2) for k in a if abs(z_score(a[k], b[k])) > Z}
    assert not far, f"{game} level {level}: means differ by more than {Z} errors: {far}"
