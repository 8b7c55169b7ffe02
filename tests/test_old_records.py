"""Records saved before the ladders shared one interface (issue 30, item 3) still load.

``tests/data`` holds four files written by the code of commit c534ffb: a two-player Belote run
record (three matches of one hand, the learner North), a Callbreak journey record (two games of
three rounds, over, the learner East), and two saved sessions (a run and a journey, each in the
second match or game, the first won) with the status that code showed once they were resumed
(``*.status.json``).  Loading replays every action, so the files must load whatever the
computer players of today would decide; saving them again must give the same record.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from belote_lab.games import get
from belote_lab.play.record_io import loads, run_from_json
from belote_lab.play.session import Session

DATA = Path(__file__).parent / "data"
RUNS = ["run-belote2-2026-12-06.json", "run-callbreak-2026-12-06.json"]
SESSIONS = ["session-run-2026-12-06", "session-journey-2026-12-06"]


def _read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text())
    return data


@pytest.mark.parametrize("name", RUNS)
def test_an_old_run_record_loads_and_saves_the_same(name: str) -> None:
    data = _read(name)
    run = run_from_json(data)
    assert run.to_json() == data
    assert loads(json.dumps(data)) == run
    # the summary the file states is the one the replayed ladder counts
    assert run.level == data["level"] and run.is_over == data["over"]
    assert len(run.finished) + (0 if run.is_over else 1) == len(data["games"])
    assert run.game_name == data["game"] and get(data["game"]).match_class is type(run.current)


@pytest.mark.parametrize("name", SESSIONS)
def test_an_old_session_resumes_as_it_was_and_plays_on(name: str) -> None:
    data = _read(f"{name}.json")
    s = Session.from_json(data)
    assert s.to_json() == data
    assert s.status() == _read(f"{name}.status.json")
    assert s.ladder is not None and s.ladder.won == 1 and not s.is_over
    # the resumed session goes on: the next hand is dealt and played at the ladder's level
    s.next()
    s.advance(learner=True)
    assert s.hand.is_over or s.is_learner_turn
    assert Session.from_json(s.to_json()).status() == s.status()
