"""One ladder interface (issue 30, item 3): every ladder is made with one signature, counts a
finished game with ``next()``, carries its mode as a class attribute and is found through its
game's ``Game.ladder``; every mode reads the one level table; a session asks the game for its
ladder once and calls ``next()``.
"""

from __future__ import annotations

import inspect
from dataclasses import replace
from typing import Any

import pytest

from belote_lab.games import get, names, register, unregister
from belote_lab.play import ladder as ladder_module
from belote_lab.play.ladder import Ladder, ladder_class, ladder_games
from belote_lab.play.session import MODES, Session, modes
from belote_lab.players import RandomPlayer
from belote_lab.players import levels as level_table

LADDERED = ladder_games()


def test_the_games_name_their_ladders() -> None:
    assert LADDERED == ("belote2", "callbreak")
    for name in names():
        cls = ladder_class(name)
        assert (cls is None) == (get(name).ladder is None)
        if cls is not None:
            assert issubclass(cls, Ladder) and cls.game_name == name
            assert cls.game_class is get(name).match_class
            assert modes(name)[-1] == cls.mode
    # one place names each ladder's mode: its class; the session's list of modes reads it
    assert MODES[3:] == tuple(ladder_class(n).mode for n in LADDERED)  # type: ignore[union-attr]
    assert {m for n in names() for m in modes(n)} == set(MODES)


def test_a_game_without_a_ladder_field_has_no_ladder_mode() -> None:
    # the same match class as two-player Belote, but no ladder named: no search over classes
    toy = register(replace(get("belote2"), name="toy_no_ladder", ladder=None))
    try:
        assert ladder_class(toy) is None and modes(toy) == ("hand", "match")
        with pytest.raises(ValueError, match="no mode 'run'"):
            Session(toy, mode="run")
    finally:
        unregister("toy_no_ladder")
    bad = register(replace(get("callbreak"), name="toy_bad_ladder",
                           ladder="belote_lab.play.ladder:run_to_json"))
    try:
        with pytest.raises(TypeError, match="not a Ladder"):
            modes(bad)
    finally:
        unregister("toy_bad_ladder")


@pytest.mark.parametrize("game", LADDERED)
def test_every_ladder_is_made_and_played_the_same_way(game: str) -> None:
    cls = ladder_class(game)
    assert cls is not None
    assert inspect.signature(cls) == inspect.signature(Ladder)
    assert list(inspect.signature(cls).parameters) == ["levels", "seat", "rules", "seed"]
    assert "next" not in vars(cls) and callable(cls.next)
    rules = get(game).rules({"rounds": 3} if game == "callbreak" else {"hands_per_match": 1})
    lad = cls({k: RandomPlayer for k in range(1, 5)}, "N", rules, 7)
    assert lad.seat == 0 and lad.rules == rules and lad.level == 1 and lad.mode == cls.mode
    first = lad.current
    lad.current.play_out({s: RandomPlayer(s) for s in get(game).seats})
    shown = lad.board_score
    nxt = lad.next()
    assert lad.finished == [first] and (nxt is None) == lad.is_over
    assert lad.board_score == shown  # the scoreboard counted the game before next() did
    assert nxt is None or (nxt is lad.current and lad.level == 2)


@pytest.mark.parametrize("game", LADDERED)
def test_the_computer_at_each_level_is_one_factory_in_every_mode(game: str) -> None:
    table = level_table(game)
    single = Session(game, mode=modes(game)[1], levels=1, seed=3)
    climb = Session(game, mode=ladder_class(game).mode, seed=3)  # type: ignore[union-attr]
    assert climb.ladder is not None and climb.ladder.level == 1
    for k in (1, 2):
        assert climb.ladder.levels[k] is table[k]
    assert cls_of_default(game, 1) is table[1] is RandomPlayer
    other = next(s for s in get(game).seats if s != climb.seat)
    assert type(single.player_for(other)) is type(climb.player_for(other)) is RandomPlayer


def cls_of_default(game: str, level: int) -> Any:
    """The level-``level`` factory a ladder made without ``levels`` plays."""
    cls = ladder_class(game)
    assert cls is not None
    return cls().levels[level]


@pytest.mark.parametrize("game", LADDERED)
def test_a_session_asks_the_game_once_and_counts_with_next(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[Any] = []
    calls: list[Ladder] = []
    real_class, real_next = ladder_module.ladder_class, Ladder.next

    def counting_class(g: Any) -> Any:
        asked.append(g)
        return real_class(g)

    def counting_next(self: Ladder) -> Any:
        calls.append(self)
        return real_next(self)

    mode = modes(game)[-1]
    monkeypatch.setattr("belote_lab.play.session.ladder_class", counting_class)
    monkeypatch.setattr(Ladder, "next", counting_next)
    rounds = 3 if game == "callbreak" else None
    s = Session(game, mode=mode, levels={"S": 1}, rounds=rounds, seed=5)
    assert len(asked) == 1
    while not s.match.is_over:
        s.advance(learner=True)
        if not s.match.is_over:
            s.next()
    assert s.status()["run_score"] == s.ladder.board_score  # type: ignore[union-attr]
    s.next()
    assert calls == [s.ladder] and len(asked) == 1
    assert Session.from_json(s.to_json()).status() == s.status()
