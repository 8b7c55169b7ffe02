"""``belote-lab review``: a recorded hand reviewed from the command line (issue 14)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from belote_lab.cli.main import main
from belote_lab.coaching.review import review
from belote_lab.simulation.selfplay import play_hand


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(play_hand("belote", "2,2,2,2", seed=6).to_json()))
    return path


def test_review_prints_the_costliest_cards(record: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["review", str(record), "--no-hints"]) == 0
    out = capsys.readouterr().out
    expected = review(json.loads(record.read_text()), hints=False).text()
    assert out.strip() == expected
    assert main(["review", str(record), "--language", "ko", "--no-hints"]) == 0
    assert "총 손해" in capsys.readouterr().out


def test_review_json_of_one_seat_from_a_game_record(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    game = tmp_path / "game.json"
    hand = json.loads(record.read_text())
    game.write_text(json.dumps({"format": "belote_lab/game", "hands": [hand]}))
    args = ["review", str(game), "--seat", "s", "--json", "--no-hints", "--no-calls"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == "S" and len(data["rows"]) == 8 and data["calls"] == []
    assert all(row["seat"] == "S" for row in data["rows"])


def test_review_refuses_bad_input(record: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "x"}')
    assert main(["review", str(bad)]) == 2
    assert "not a hand record" in capsys.readouterr().err
    assert main(["review", str(record), "--hand", "3"]) == 0  # a hand record: no hand index
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["review", str(record), "--seat", "X"])
    assert "a seat is N, E, S or W" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "missing.json")]) == 2
