"""Where the studies read and write (issue 30, item 6): the shipped tables are package data,
read by default; ``run()`` and the command line write where they are told, else into the
user's data folder (:mod:`belote_lab.studies.folders`), never into the package."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from belote_lab.cli.main import main
from belote_lab.studies import folders, study, taking_study, tipstudy

PACKAGE = Path(tipstudy.__file__).resolve().parents[1]


def files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (caches aside) by its relative path, with its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh user data folder (``$BELOTE_LAB_DATA``), not made yet."""
    folder = tmp_path / "data"
    monkeypatch.setenv("BELOTE_LAB_DATA", str(folder))
    return folder


def test_the_data_folder_follows_the_environment(tmp_path: Path) -> None:
    home = tmp_path.as_posix()
    posix = {"HOME": home}
    assert folders.data_folder(posix, windows=False) == tmp_path / ".local/share/belote_lab"
    xdg = {**posix, "XDG_DATA_HOME": f"{home}/xdg"}
    assert folders.data_folder(xdg, windows=False) == tmp_path / "xdg" / "belote_lab"
    assert folders.data_folder({**xdg, "XDG_DATA_HOME": ""}, windows=False) == (
        tmp_path / ".local/share/belote_lab")
    own = {**xdg, "BELOTE_LAB_DATA": f"{home}/mine"}
    assert folders.data_folder(own, windows=False) == folders.data_folder(own, windows=True) == (
        tmp_path / "mine")
    local = {**xdg, "LOCALAPPDATA": f"{home}/Local"}
    assert folders.data_folder(local, windows=True) == tmp_path / "Local" / "belote_lab"
    assert folders.data_folder(posix, windows=True) == tmp_path / "AppData/Local/belote_lab"


def test_the_shipped_tables_are_package_data() -> None:
    assert folders.SHIPPED == PACKAGE / "studies" / "data"
    assert tipstudy.STORED_PATH.parent == taking_study.STORED_PATH.parent == folders.SHIPPED
    assert all(r.n for r in tipstudy.load().rows if r.tip.tested)
    assert set(taking_study.load().runs) == {r.id for r in taking_study.RUNS}
    text = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"studies/data/*.json"' in text


def test_tips_begin_from_the_shipped_table_in_the_data_folder(
        data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = files(PACKAGE)

    def no_work(*args: Any) -> Any:
        raise AssertionError("a chunk of the shipped table was played again")

    monkeypatch.setattr(tipstudy, "_work", no_work)
    assert main(["tips", "--only", "C5", "--deals", "100", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    path = data / "tip_study.json"
    assert re.fullmatch(rf"\n{re.escape(str(path))}: \d+ s\n", err)  # no chunk to play
    assert tipstudy.user_path() == path
    rows = json.loads(tipstudy.STORED_PATH.read_text(encoding="utf-8"))["rows"]
    assert json.loads(path.read_text(encoding="utf-8"))["rows"] == rows
    assert out.startswith("B1 ") and tipstudy.load(path).text() == tipstudy.load().text()
    assert files(PACKAGE) == shipped


def test_a_named_tip_file_begins_empty(tmp_path: Path, data: Path) -> None:
    path = tmp_path / "mine.json"
    got = tipstudy.run(["C5"], deals=2, jobs=1, path=path)
    assert [r.tip.id for r in got.rows if r.n] == ["C5"] and got.row("C5").n == 50
    assert not data.exists()
    assert json.loads(path.read_text())["rows"]["C5"]["chunks"][0] == tipstudy.stored_chunk("C5")


def test_a_study_without_out_goes_to_the_data_folder(
        data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["study", "selfplay", "4", "--game", "belote2", "--chunk", "2",
                 "--scheduler", "serial", "--quiet"]) == 0
    folder = data / "studies" / "selfplay-belote2"
    assert study.default_out("selfplay", "belote2") == folder
    assert capsys.readouterr().out.startswith(f"{folder}: 2 chunks computed")
    assert len(study.load(folder)) == 4 and not (tmp_path / "study").exists()
    df = study.run("selfplay", 6, game="belote2", chunk=2, scheduler="serial", progress=False)
    assert df.attrs["computed"] == [2] and len(df) == 6


def test_the_taking_study_stores_into_the_data_folder(data: Path) -> None:
    """One run computed on 3 deals: its chunks in the data folder's ``taking_study/``, the
    user's file begun from the shipped table, whose other runs it keeps."""
    shipped = json.loads(taking_study.STORED_PATH.read_text(encoding="utf-8"))
    got = taking_study.run(["belote2_dd"], {"belote2_dd": 3}, scheduler="serial",
                           progress=False)
    assert taking_study.chunks_folder() == data / "taking_study"
    assert len(study.load(data / "taking_study" / "dd_hand-belote2")) == 3
    assert json.loads((data / "taking_study.json").read_text(encoding="utf-8")) == got
    assert got["runs"]["belote2_dd"]["deals"] == 3
    assert {k: v for k, v in got["runs"].items() if k != "belote2_dd"} == {
        k: v for k, v in shipped["runs"].items() if k != "belote2_dd"}
    assert json.loads(taking_study.STORED_PATH.read_text(encoding="utf-8")) == shipped
