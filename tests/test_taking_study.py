"""The taking table and the Coinche bids (issue #16 item 4): the ``dd_hand`` study, the games'
``outcome``, the stored groups and their tables."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from belote_lab import stats
from belote_lab.games import get
from belote_lab.present import plots
from belote_lab.solver.position import position_of, solve_value, solve_value_line
from belote_lab.studies import study, taking_study

GAMES = ("belote", "coinche", "belote2")


def _rows(game: str, n: int, out: Path) -> pd.DataFrame:
    return study.run("dd_hand", n, game=game, chunk=n, out=out, scheduler="serial",
                     progress=False)


@pytest.mark.parametrize("game", GAMES)
def test_dd_hand_rows_are_the_engines_result_along_the_solvers_line(
        game: str, tmp_path: Path) -> None:
    """Each row's value is the solver's, and its score and made are what the engine itself
    scores when the hand is played out along the solver's line (``outcome`` is checked
    against the real thing, not against a copy of its arithmetic)."""
    g = get(game)
    df = _rows(game, 6, tmp_path / game)
    assert len(df) == 6
    assert ((df["attack_points"] + df["defence_points"]) == g.total).all()
    for r in df.itertuples(index=False):
        hand = study._first_lead(g, {"players": "2", "rules": None}, int(r.seed),
                                 g.seats[int(r.index) % len(g.seats)])
        pos = position_of(hand, g.side_seats(g.side_of(hand.taker)))
        value, _, line = solve_value_line(pos)
        assert value == r.value == solve_value(pos)
        for card in line():
            hand.play(card)
        res = hand.result
        att = g.sides[g.side_of(hand.taker)]
        assert res.points[att] == r.attack_points
        assert {s: res.score[s] for s in g.sides} == {s: getattr(r, f"score_{s}")
                                                      for s in g.sides}
        assert (-1 if res.made is None else int(res.made)) == r.made
        assert int(res.capot is not None) == r.capot


def test_the_taking_columns(tmp_path: Path) -> None:
    df = _rows("coinche", 4, tmp_path / "c")
    assert (df["bid_value"] >= 80).all() and set(df["multiplier"]) <= {1, 2, 4}
    assert (df["hand_points"].between(0, 162)).all()
    assert (df["side_points"] >= df["hand_points"]).all() and (df["side_points"] <= 162).all()
    assert set(df["line"]) <= {"value", "played"}
    assert (df["trick"] == 1).all()
    two = _rows("belote2", 3, tmp_path / "b2")
    assert (two["side_points"] == two["hand_points"]).all()  # no partner
    assert (two["trick"] > 1).all()  # solved once the stock is empty
    assert (two["bid_value"] == 0).all() and (two["multiplier"] == 1).all()


def test_groups_and_tables() -> None:
    rows = pd.DataFrame({
        "taker": ["N", "E", "S", "W"], "made": [1, 0, 1, -1],
        "score_NS": [100, 162, 120, 81], "score_EW": [62, 0, 42, 0],
        "attack_points": [100, 60, 120, 81], "trump_jack": [True, True, False, True],
        "trump_nine": [False, False, True, True], "trumps": [3, 3, 5, 2],
        "side_aces": [1, 1, 0, 2], "hand_points": [40, 35, 70, 50], "side_points": [80, 70, 90, 60],
        "bid_value": [0, 0, 0, 0]})
    g = taking_study.groups(rows, "belote")
    assert sum(s[0] for s in g["taking"].values()) == 4 and g["bids"] == {}
    store = taking_study.Store({"runs": {"x": {"deals": 4, "groups": g, "head": g}}})
    t = store.taking("x", by=("jack",))
    assert list(t.index) == ["yes", "no"] and list(t["hands"]) == ["3", "1"]
    assert t.loc["yes", "made"] == "33.3%"  # the litige is not made
    assert t.loc["yes", "mean score"] == round((100 + 0 + 0) / 3, 1)
    ko = store.taking("x", by=("trumps", "aces"), language="ko")
    assert ko.index.names == ["으뜸패 수", "다른 무늬 A"] and "성공률" in ko.columns
    assert list(ko.index) == [("≤2", 2), ("3", 1), ("5+", 0)]
    assert "~" in ko["95% 구간"].iloc[0] and "–" not in ko["95% 구간"].iloc[0]
    assert store.bids("x", language="ko").index.names == ["공약", "공약한 팀의 카드 점수"]
    assert len(store.taking("x", by=("jack",), min_hands=2)) == 1
    num = store.taking("x", by=("jack",), numbers=True)
    assert num.loc["yes", "n"] == 3 and num.loc["yes", "rate"] == pytest.approx(1 / 3)
    assert num.loc["yes", "low"] < 1 / 3 < num.loc["yes", "high"]
    with pytest.raises(ValueError, match="language"):
        store.taking("x", language="fr")
    with pytest.raises(KeyError, match="make studies"):
        store.bids("nope")


def test_compare_two_runs() -> None:
    made = {"1|0|3|1": [4, 3, 400, 40000, 400, 40000]}  # scores 100, 100, 100, 100
    other = {"1|0|3|1": [2, 1, 100, 10000, 100, 10000]}  # 100 and 0
    store = taking_study.Store({"runs": {
        "belote_dd": {"deals": 4, "groups": {"taking": made, "bids": {}}},
        "belote_l4": {"deals": 2, "groups": {"taking": other, "bids": {}}}}})
    t = store.compare("belote_dd", "belote_l4")
    assert list(t.columns) == ["double dummy (n = 4)", "level 4 (n = 2)", "difference",
                               "95% interval"]
    assert list(t.loc["made"])[:3] == ["75.0%", "50.0%", "+25.0%"]
    # the score's interval: only the level-4 run varies (sample variance 5000 over 2 hands)
    assert t.loc["mean score", "95% interval"] == "-48.0 … +148.0"
    ko = store.compare("belote_dd", "belote_l4", language="ko")
    assert ko.index[0] == "성공률"
    assert list(ko.columns) == ["모든 패를 공개한 계산(더블 더미), n = 4", "레벨 4, n = 2",
                                "차이", "95% 구간"]
    # a difference of make rates in percentage points, ranges with ~
    assert ko.loc["성공률", "차이"] == "+25.0%p" and ko.loc["성공률", "95% 구간"].endswith("%p")
    assert ko.loc["평균 점수", "95% 구간"] == "-48.0~+148.0"


def test_coinche_bids_table() -> None:
    rows = pd.DataFrame({
        "taker": ["N", "E"], "made": [1, 0], "score_NS": [180, 250], "score_EW": [0, 0],
        "attack_points": [100, 70], "trump_jack": [True, False], "trump_nine": [False, True],
        "trumps": [3, 3], "side_aces": [1, 1], "hand_points": [45, 72], "side_points": [85, 120],
        "bid_value": [80, 100]})
    g = taking_study.groups(rows, "coinche")
    assert g["bids"] == {"80|70–89": [1, 1, 180, 32400, 100, 10000],
                         "100|110+": [1, 0, 0, 0, 70, 4900]}
    t = taking_study.Store({"runs": {"c": {"deals": 2, "groups": g}}}).bids("c")
    assert list(t.index) == [(80, "70–89"), (100, "110+")]


def test_no_second_wilson() -> None:
    """The taking table's intervals are the package's (stats.wilson, at its z to six places)."""
    assert taking_study.wilson is stats.wilson  # imported, not written again
    assert taking_study.Z == 1.959964  # the z the shipped table's intervals were computed at
    assert stats.wilson(1, 2, z=taking_study.Z) == (0.095, 0.905)


def test_the_stored_file() -> None:
    """The stored study holds every run, at least the deals the notebook speaks of, and the
    first hands of the two-player run computed again give its stored sums."""
    store = taking_study.load()
    assert set(store.runs) == {r.id for r in taking_study.RUNS}
    for r in taking_study.RUNS:
        stored = store.runs[r.id]
        assert stored["game"] == r.game and stored["study"] == r.study
        n = sum(s[0] for s in stored["groups"]["taking"].values())
        assert 0 < n <= stored["deals"]
    assert taking_study.recompute_head("belote2_dd") == store.head("belote2_dd")
    stale = [r.id for r in taking_study.RUNS if store.stale(r.id)]
    assert not stale, (
        f"{stale} were played by levels set otherwise than today's "
        "(belote_lab.players.search.settings): compute them again, e.g. `python -m "
        f"belote_lab.studies.taking_study --only {' '.join(stale)} --out "
        "belote_lab/studies/data/taking_study.json --chunks <a new folder>`, and re-run "
        "notebook 12 (notebooks/run_all.py 12 ko/12)")


def test_a_level_4_run_of_other_numbers_is_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level-4 run stores the numbers of the level 4 that played it; once they change, it
    is stale (the test above then names it), and a double-dummy run never is."""
    from belote_lab.players.sim_bidder import SimBidder

    store = taking_study.load()
    assert not store.stale("belote_l4") and not store.stale("belote_dd")
    assert store.runs["belote_l4"]["settings"]["4"]["bidder"]["samples"] == 40
    monkeypatch.setitem(SimBidder.SAMPLES, "belote", 12)
    assert store.stale("belote_l4") and not store.stale("belote2_l4")
    unstamped = taking_study.Store({"runs": {"belote_l4": {"deals": 1, "groups": {}}}})
    assert unstamped.stale("belote_l4")


def test_main_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        taking_study.main(["--deals", "belote_dd=x"])
    assert "ID=N" in capsys.readouterr().err
    with pytest.raises(ValueError, match="unknown run"):
        taking_study.main(["--deals", "nope=5"])


def test_the_chart_leaves_out_holdings_nobody_had() -> None:
    g = {"taking": {"1|1|3|0": [40, 30, 0, 0, 0, 0], "1|0|4|1": [50, 45, 0, 0, 0, 0],
                    "0|0|2|0": [5, 1, 0, 0, 0, 0]}, "bids": {}}
    store = taking_study.Store({"runs": {"a": {"deals": 95, "groups": g}}})
    fig = plots.taking_rates(store, {"a": "a run"}, min_hands=20)
    ax = fig.axes[0]
    assert ax.get_legend_handles_labels()[1] == ["J + 9", "J, no 9"]
    assert "n = 95 deals" in ax.get_title()
    with plots.plt.rc_context():  # use_korean sets matplotlib's fonts: not for other tests
        plots.use_korean()
        ko = plots.taking_rates(store, {"a": "실행"}, language="ko", min_hands=1)
    labels = ko.axes[0].get_legend_handles_labels()[1]
    assert labels == ["J + 9", "J만(9 없음)", "J도 9도 없음"]
    assert ko.axes[0].get_xlabel() == "계약자의 으뜸패 수"
    assert ko.axes[0].get_title().endswith("판)") and " 판)" not in ko.axes[0].get_title()
    plots.plt.close("all")
