"""benchmarks/advice_auctions.py: the bidding-advice benchmark of issue 27 (item 2), on two
auctions a game with tiny advice budgets — its rows, its summary, and paired differences of 0
where two policies made the same call."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import advice_auctions as aa  # benchmarks/advice_auctions.py (benchmarks/ is not a package)

from belote_lab.games import get
from belote_lab.simulation.selfplay import make_players, play_deal

SMALL = ["--auctions", "2", "--samples", "2", "--budget", "5", "--every", "1"]


@pytest.fixture(scope="module")
def rows() -> dict[str, list[aa.Row]]:
    return aa.run(list(aa.GAMES), 2, 0, 2, 5.0, 1, 0, lambda _: None)


def test_main_prints_every_game_and_appends_to_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "summary.txt"
    assert aa.main([*SMALL, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert out.read_text(encoding="utf-8") == printed
    assert printed.startswith("advice_auctions: 2 auctions a game")
    for game in aa.GAMES:
        assert f"{game}: n = 2 auctions" in printed
        assert f"[so far] {game} 1/2" in printed
    for a, b in aa.PAIRS:
        assert printed.count(f"paired {aa.NAMES[a]} − {aa.NAMES[b]}: ") == len(aa.GAMES)
    assert "coinche legal: n = " in printed and "surcoinche legal: n = " in printed
    assert "(0 auctions dropped" in printed


def test_equal_calls_have_equal_scores(rows: dict[str, list[aa.Row]]) -> None:
    for game in aa.GAMES:
        assert len(rows[game]) == 2
        for r in rows[game]:
            assert r.level2 in r.legal and r.read in r.legal and r.unread in r.legal
            assert r.samples == r.read_draws == r.unread_draws == 2
            for a, b in aa.PAIRS:
                if r.call(a) == r.call(b):
                    assert r.score(a) == r.score(b)
    assert all(r.reads for game in aa.GAMES for r in rows[game])  # every game's calls are read


def test_level2_outcome_is_the_level2_hand(rows: dict[str, list[aa.Row]]) -> None:
    """Following level 2's call with level-2 players plays the very hand level 2 played."""
    for game in aa.GAMES:
        g = get(game)
        for r in rows[game]:
            hand, _, redeals = play_deal(g, make_players(g, 2, r.seed), r.seed,
                                         g.seats[r.index % len(g.seats)], g.rules(None), False)
            if redeals:  # passed out: the benchmark counts the void hand 0
                assert r.level2_score == 0
                continue
            score, side = hand.result.score, g.side_of(r.seat)
            want = score[g.sides[side]] - (score[g.sides[1 - side]] if len(g.sides) == 2 else 0)
            assert r.level2_score == want


def test_report_of_coinciding_calls_is_zero(rows: dict[str, list[aa.Row]]) -> None:
    same = [dataclasses.replace(r, read=r.level2, unread=r.level2, read_score=r.level2_score,
                                unread_score=r.level2_score) for r in rows["coinche"]]
    text = aa.report(same, "coinche")
    for a, b in aa.PAIRS:
        assert f"paired {aa.NAMES[a]} − {aa.NAMES[b]}: +0.00 ± 0.00; calls differ 0/2" in text
    assert "(0%)" in text and "surcoinche legal" in text
    assert aa.report([], "belote") == "belote: no auctions"


def test_rows_round_trip_pair_and_pool(
    rows: dict[str, list[aa.Row]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--rows writes rows that read back equal; --pair-with pairs them auction by auction
    (a run against itself: every difference 0); --from-rows reports the union of two runs and
    refuses the same decision twice."""
    path = tmp_path / "rows.jsonl"
    aa.save_rows(rows, str(path))
    back = aa.load_rows(str(path))
    assert back == [r for rs in rows.values() for r in rs]
    belote = rows["belote"]
    text = aa.paired_with(belote, back, "belote", "self")
    assert "paired with self on 2 auctions" in text
    assert "read − read(self): +0.00 ± 0.00; calls differ 0/2 (0%)" in text
    other = [dataclasses.replace(r, seed=r.seed + 100, index=r.index + 100) for r in belote]
    pooled = aa.pooled_report([belote, other], ["a", "b"])
    assert "belote: n = 4 auctions" in pooled
    with pytest.raises(ValueError, match="more than one file"):
        aa.pooled_report([belote, belote], ["a", "a"])
    assert aa.main(["--from-rows", str(path)]) == 0
    printed = capsys.readouterr().out
    for game in aa.GAMES:
        assert f"{game}: n = 2 auctions" in printed
    # pooled runs paired with pooled runs: two files each side, every decision matched
    shifted = tmp_path / "shifted.jsonl"
    aa.save_rows({"belote": other}, str(shifted))
    assert aa.main(["--from-rows", str(path), str(shifted),
                    "--pair-with", str(path), str(shifted)]) == 0
    printed = capsys.readouterr().out
    assert "belote, paired with " in printed and " on 4 auctions" in printed
    assert "read − read(" in printed and "): +0.00 ± 0.00; calls differ 0/4 (0%)" in printed
