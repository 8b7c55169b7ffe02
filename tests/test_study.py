"""belote_lab.studies.study: chunked, per-hand-seeded, resumable studies on Dask (issue #16 items
2–3).

The real-cluster test starts a ``dask scheduler`` and two ``dask worker`` processes on
127.0.0.1 (a free port, no dashboard) and kills them (their process groups) at the end.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from belote_lab.cli.main import main
from belote_lab.studies import study

GAME = "belote2"  # cheap hands; its double-dummy position (stock empty) solves in ms


def serial(name: str, n: int, out: Path, chunk: int = 5, **kw: object) -> pd.DataFrame:
    return study.run(name, n, game=kw.pop("game", GAME), chunk=chunk, out=out,  # type: ignore[arg-type]
                     scheduler="serial", progress=False, **kw)


def rows(df: pd.DataFrame) -> pd.DataFrame:
    """The rows without the chunk number (which depends on the chunk size)."""
    return df.drop(columns="chunk")


def chunk_files(out: Path) -> list[Path]:
    return sorted(p for p in out.iterdir() if p.name.startswith("chunk-"))


@pytest.mark.parametrize("name", ["selfplay", "double_dummy"])
def test_rows_do_not_depend_on_the_chunk_size(tmp_path: Path, name: str) -> None:
    a = serial(name, 10, tmp_path / "a", chunk=5)
    b = serial(name, 10, tmp_path / "b", chunk=10)
    c = serial(name, 10, tmp_path / "c", chunk=3)
    assert sorted(a["index"].unique()) == list(range(10))
    pd.testing.assert_frame_equal(rows(a), rows(b))
    pd.testing.assert_frame_equal(rows(a), rows(c))
    assert list(a["chunk"].unique()) == [0, 1] and list(c["chunk"].unique()) == [0, 1, 2, 3]


def test_the_seed_changes_the_deals(tmp_path: Path) -> None:
    a = serial("selfplay", 5, tmp_path / "a")
    b = serial("selfplay", 5, tmp_path / "b", seed=1)
    assert set(a["seed"]).isdisjoint(b["seed"])


def test_columns_of_the_studies(tmp_path: Path) -> None:
    sp = serial("selfplay", 6, tmp_path / "sp", game="belote")
    assert {"contract", "taker", "attack_points", "score_NS", "score_EW", "made",
            "trump_jack", "trump_nine", "trumps", "side_aces"} <= set(sp.columns)
    assert ((sp["attack_points"] + sp["defence_points"]) == 162).all()
    assert sp["trumps"].between(-1, 8).all()
    dd = serial("double_dummy", 4, tmp_path / "dd")
    for _, deal in dd.groupby("index"):
        assert deal["value"].max() == deal["best_value"].iloc[0]
        assert (deal["loss"] == deal["best_value"] - deal["value"]).all()
        assert (deal["best"] == (deal["loss"] == 0)).all()
        assert deal["card"].is_unique


def test_a_level4_hand(tmp_path: Path) -> None:
    df = serial("level4", 1, tmp_path / "l4", game="belote")
    assert len(df) == 1 and df["attack_points"].iloc[0] + df["defence_points"].iloc[0] == 162
    assert study.check("level4", "belote")[2]["players"] == "4"


def test_resume_computes_only_the_missing_chunk(tmp_path: Path) -> None:
    out = tmp_path / "s"
    first = serial("selfplay", 20, out)
    assert first.attrs["computed"] == [0, 1, 2, 3]
    files = chunk_files(out)
    assert len(files) == 4
    files[2].unlink()
    kept = {p: p.stat().st_mtime_ns for p in chunk_files(out)}
    again = serial("selfplay", 20, out)
    assert again.attrs["computed"] == [2]
    assert {p: p.stat().st_mtime_ns for p in kept} == kept
    pd.testing.assert_frame_equal(first, again)
    assert serial("selfplay", 20, out).attrs["computed"] == []


def test_more_hands_extend_a_study(tmp_path: Path) -> None:
    out = tmp_path / "s"
    short = serial("selfplay", 7, out)  # chunk 1 holds 2 hands
    longer = serial("selfplay", 12, out)
    assert longer.attrs["computed"] == [1, 2]  # chunk 1 completed, chunk 2 new
    pd.testing.assert_frame_equal(longer.iloc[:7], short)
    pd.testing.assert_frame_equal(longer, serial("selfplay", 12, tmp_path / "fresh"))
    assert len(chunk_files(out)) == 3


def test_a_level_set_otherwise_is_another_study(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder keeps the search levels' numbers it was computed under: chunks of level 4
    as it was set before are not mixed with today's, and the message says why."""
    import json

    from belote_lab.players.search import PLAY_BUDGETS, PlayBudget

    out = tmp_path / "s"
    meta = {"name": "level4", "game": GAME, "params": {"players": "4", "rules": None},
            "seed": 0, "chunk": 5, "version": study.study("level4").version, "format": "csv",
            "about": "", "settings": study.search_settings(GAME, "4")}
    out.mkdir()
    (out / study.META).write_text(json.dumps(meta))
    assert study.stored_settings(out) == study.search_settings(GAME, "4")
    monkeypatch.setitem(PLAY_BUDGETS[4], GAME, PlayBudget(60, 0.6, 8))
    assert study.search_settings(GAME, "4") != meta["settings"]
    assert study.search_settings(GAME, "4")["4"]["budget"]["samples"] == 60
    with pytest.raises(ValueError, match="as they were set before"):
        serial("level4", 1, out)
    assert [p.name for p in out.iterdir()] == [study.META]  # nothing computed or written
    assert study.search_settings(GAME, "2,3") == {"3": study.search_settings(GAME, "3")["3"]}


def test_another_question_in_the_same_directory_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "s"
    serial("selfplay", 5, out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    for kw in ({"seed": 1}, {"chunk": 4}, {"players": "2,1"}, {"game": "belote"}):
        with pytest.raises(ValueError, match="holds another study"):
            serial("selfplay", 5, out, **kw)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="holds another study"):
        serial("double_dummy", 5, out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "x.txt").write_text("mine")
    with pytest.raises(ValueError, match="not empty"):
        serial("selfplay", 5, tmp_path / "other")


def test_bad_arguments(tmp_path: Path) -> None:
    for kw, words in (({"name": "nope"}, "unknown study"), ({"n": 0}, "at least 1"),
                      ({"colour": 1}, "takes the parameters"), ({"game": "callbreak"}, "taker"),
                      ({"players": "9"}, "level 9"), ({"scheduler": "nope"}, "scheduler"),
                      ({"rules": {"no_such_rule": 1}}, "no_such_rule")):
        args = {"name": "selfplay", "n": 2, "game": GAME, "out": tmp_path / "x",
                "scheduler": "serial", "progress": False, **kw}
        with pytest.raises(ValueError, match=words):
            study.run(args.pop("name"), args.pop("n"), **args)  # type: ignore[arg-type]
    assert not (tmp_path / "x").exists()


def test_pandas_reads_the_files(tmp_path: Path) -> None:
    out = tmp_path / "s"
    df = serial("selfplay", 8, out, chunk=3)
    frames = [pd.read_parquet(p) if p.suffix == ".parquet" else pd.read_csv(p)
              for p in chunk_files(out)]
    direct = pd.concat(frames, ignore_index=True)
    assert len(direct) == 8 and list(direct["index"]) == list(range(8))
    pd.testing.assert_frame_equal(study.load(out), df)
    assert (out / study.META).exists()


def test_serial_equals_a_local_cluster(tmp_path: Path) -> None:
    local = study.run("double_dummy", 6, game=GAME, chunk=2, out=tmp_path / "l",
                      scheduler="local", workers=2, progress=False)
    assert local.attrs["computed"] == [0, 1, 2]
    one = serial("double_dummy", 6, tmp_path / "s", chunk=6)
    pd.testing.assert_frame_equal(rows(local), rows(one))
    pool = study.run("double_dummy", 6, game=GAME, chunk=4, out=tmp_path / "p",
                     scheduler="processes", workers=2, progress=False)
    pd.testing.assert_frame_equal(rows(pool), rows(one))


def test_without_dask_local_runs_serially(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import fails
    df = study.run("selfplay", 4, game=GAME, chunk=2, out=tmp_path / "s", progress=False)
    assert "dask is not installed" in capsys.readouterr().err
    pd.testing.assert_frame_equal(df, serial("selfplay", 4, tmp_path / "t", chunk=2))
    with pytest.raises(ValueError, match="dask is needed"):
        study.run("selfplay", 4, game=GAME, out=tmp_path / "u", progress=False,
                  scheduler="tcp://127.0.0.1:1")


def test_cli_study(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cli"
    assert main(["study", "selfplay", "6", "--game", GAME, "--chunk", "3", "--out", str(out),
                 "--scheduler", "serial", "--quiet", "--param", "players=2,1"]) == 0
    text = capsys.readouterr().out
    assert str(out) in text and "6 hands" in text and "2 chunks computed" in text
    pd.testing.assert_frame_equal(study.load(out),
                                  serial("selfplay", 6, tmp_path / "api", chunk=3,
                                         players="2,1"))
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    for argv in (["study", "nope", "3"], ["study", "selfplay", "3", "--param", "colour=red"],
                 ["study", "selfplay", "3", "--param", "players"],
                 ["study", "selfplay", "3", "--game", GAME, "--out", str(out)],
                 ["study", "selfplay", "0"]):
        try:
            status = main([*argv, "--scheduler", "serial", "--quiet"])
        except SystemExit as e:  # argparse's usage errors
            status = e.code
        err = capsys.readouterr().err
        assert status == 2, argv
        assert "Traceback" not in err and err.strip().splitlines()[-1].startswith(
            "belote-lab study: error: "), err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert not Path("study").exists() or (Path("study") / study.META).exists()


# --- a real Dask cluster on 127.0.0.1 --------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(*args: str) -> subprocess.Popen[bytes]:
    dask = Path(sys.executable).with_name("dask")
    return subprocess.Popen([str(dask), *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                            start_new_session=True)


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGTERM)
    deadline = time.monotonic() + 15
    for p in procs:
        try:
            p.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait(5)


def test_a_real_cluster_gives_the_serial_rows(tmp_path: Path) -> None:
    from dask.distributed import Client

    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [start("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard")]
    try:
        for _ in range(2):
            procs.append(start("worker", address, "--nworkers", "1", "--nthreads", "1",
                               "--host", "127.0.0.1", "--no-dashboard"))
        with Client(address, timeout="60s") as client:
            client.wait_for_workers(2, timeout=60)
            assert len(client.scheduler_info()["workers"]) == 2
        df = study.run("selfplay", 40, game=GAME, chunk=10, out=tmp_path / "c",
                       scheduler=address, progress=False)
        assert df.attrs["computed"] == [0, 1, 2, 3]
        pd.testing.assert_frame_equal(df, serial("selfplay", 40, tmp_path / "s", chunk=10))
    finally:
        stop(procs)
