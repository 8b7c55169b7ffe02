"""The compiled scoring against the engine's own, on 100,000 compiled hands a game (issue 29).

``simulate(game, 100_000, engine="batch")`` plays whole hands in compiled code and scores them
with numpy (:mod:`belote_lab.batch`); each hand's card points, tricks, belote, contract, bid and
calls are given here to the scoring function the engine's hands call —
:func:`~belote_lab.games.belote.score_hand`, :func:`~belote_lab.games.coinche.score_coinche`,
:func:`~belote_lab.games.belote2.score_belote2`, :func:`~belote_lab.games.callbreak.round_score`
— and every score, ``made`` and capot must be the engine's.  (That the compiled card play and
calls are the engine's is tested hand by hand in the tests of each game's batch module.)
Mixed levels (1 and 2) give failed contracts, litiges, capots and coinches in numbers.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from belote_lab.contract import CONTRACT_CODES
from belote_lab.games.belote import score_hand
from belote_lab.games.belote2 import score_belote2
from belote_lab.games.callbreak import round_score
from belote_lab.games.coinche import BID_KINDS, Bid, score_coinche
from belote_lab.simulation.simulate import SimulationResult, simulate

N = 100_000
NAMED = {v: k for k, v in BID_KINDS.items() if k != "points"}  # 250 → "capot" …


def played(game: str, players: str, rules: dict | None = None) -> SimulationResult:
    r = simulate(game, N, players, seed=29, rules=rules, progress=False, engine="batch")
    assert r.meta["engine"] == "batch" and len(r) == N
    return r


def team_points(r: SimulationResult, i: int) -> tuple[int, int]:
    att = int(r.taker[i]) % 2
    pts = [0, 0]
    pts[att], pts[1 - att] = int(r.attack_points[i]), int(r.defence_points[i])
    return pts[0], pts[1]


@pytest.mark.parametrize("rules", [None, {"allow_no_trump": True, "allow_all_trump": True}])
def test_belote_scores_are_the_engines(rules: dict | None) -> None:
    r = played("belote", "1,2,2,1", rules)
    kinds: Counter[str] = Counter()
    for i in range(N):
        pts = team_points(r, i)
        tricks = (int(r.tricks[i, 0] + r.tricks[i, 2]), int(r.tricks[i, 1] + r.tricks[i, 3]))
        bel = [0, 0]
        if r.belote[i] >= 0:
            bel[int(r.belote[i])] = 20
        want = score_hand(pts, tricks, (bel[0], bel[1]), attack=int(r.taker[i]) % 2)
        assert r.score[i].tolist() == [want.score["NS"], want.score["EW"]], i
        assert r.made[i] == (-1 if want.made is None else int(want.made)), i
        assert r.capot[i] == (-1 if want.capot is None else ("NS", "EW").index(want.capot)), i
        kinds["litige" if want.made is None else "capot" if want.capot else str(want.made)] += 1
    assert min(kinds.values()) >= 100, kinds  # every case, many times


def test_coinche_scores_are_the_engines() -> None:
    r = played("coinche", "2,1,2,1")
    seen: Counter[str] = Counter()
    for i in range(N):
        code = CONTRACT_CODES[int(r.contract[i])]
        value = int(r.bid[i])
        bid = Bid(NAMED[value], value, code) if value in NAMED else Bid("points", value, code)
        belote_seat = int(r.belote[i])  # the side; its first seat stands for it
        want = score_coinche(team_points(r, i), [int(x) for x in r.tricks[i]], bid,
                             int(r.taker[i]), int(r.multiplier[i]), belote_seat)
        assert r.score[i].tolist() == [want.score["NS"], want.score["EW"]], i
        assert r.made[i] == int(want.made), i
        seen[f"x{int(r.multiplier[i])} {'made' if want.made else 'down'}"] += 1
    assert seen["x1 made"] > 1000 and seen["x1 down"] > 1000 and seen["x2 down"] > 10, seen


def test_two_player_scores_are_the_engines() -> None:
    r = played("belote2", "1,2")
    outcomes: Counter[str] = Counter()
    for i in range(N):
        taker = "NS"[int(r.taker[i]) // 2]
        att_pts, def_pts = int(r.attack_points[i]), int(r.defence_points[i])
        pts = {taker: att_pts, "NS".replace(taker, ""): def_pts}
        tricks = {"N": int(r.tricks[i, 0]), "S": int(r.tricks[i, 2])}
        bel = {"N": 0, "S": 0}
        if r.belote[i] >= 0:
            bel["NS"[int(r.belote[i])]] = 20
        want = score_belote2(pts, tricks, bel, taker)
        assert r.score[i].tolist() == [want.score["N"], want.score["S"]], i
        assert r.made[i] == (-1 if want.made is None else int(want.made)), i
        outcomes[str(want.made)] += 1
    assert min(outcomes.values()) >= 50, outcomes


def test_callbreak_scores_are_the_engines() -> None:
    r = played("callbreak", "1,2,1,2")
    want = np.array([[round(float(round_score(int(c), int(t))) * 10)
                      for c, t in zip(cs, ts, strict=True)]
                     for cs, ts in zip(r.calls, r.tricks, strict=True)])
    assert (r.score == want).all()
    assert ((r.made == 1) == (want > 0)).all()
