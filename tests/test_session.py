"""The learner's session (:mod:`belote_lab.play.session`): every game in every mode played to its
end, the status the table shows, a run whose level rises, undo, save and resume, bad files refused.

The learner's seat is played by a computer standing in (``advance(learner=True)``, at the level
the session's ``levels`` give that seat); every expected score is asked of the engine.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from belote_lab.games import get
from belote_lab.games.base import IllegalAction
from belote_lab.games.belote2 import run_score
from belote_lab.play.ladder import Belote2Run, CallbreakJourney
from belote_lab.play.record_io import RecordError
from belote_lab.play.session import MODES, SESSION_FORMAT, Session, modes
from belote_lab.players import RandomPlayer
from belote_lab.players import levels as level_table
from belote_lab.trick import IllegalPlay

CASES = [(game, mode) for game in ("belote", "coinche", "belote2", "callbreak")
         for mode in modes(game)]


def _play_to_end(s: Session, limit: int = 400) -> int:
    """Play the session to its end with the learner's stand-in; returns the hands played."""
    for hands in range(limit):
        if s.is_over:
            return hands
        s.advance(learner=True)
        assert s.hand.is_over
        if s.can_next:
            s.next()
    raise AssertionError("the session did not end")


def test_modes_come_from_the_games() -> None:
    assert modes("belote") == ("hand", "game") and modes("coinche") == ("hand", "game")
    assert modes("belote2") == ("hand", "match", "run")
    assert modes("callbreak") == ("hand", "game", "journey")
    assert set().union(*(modes(g) for g in ("belote", "belote2", "callbreak"))) == set(MODES)
    with pytest.raises(ValueError, match="no mode 'run'"):
        Session("belote", mode="run")
    with pytest.raises(ValueError, match="no rounds"):
        Session("belote", rounds=3)
    with pytest.raises(ValueError, match="level"):
        Session("belote", levels={"W": 5})
    with pytest.raises(ValueError):
        Session("belote2", seat="E")


@pytest.mark.parametrize(("game", "mode"), CASES)
def test_every_game_and_mode_plays_to_its_end(game: str, mode: str) -> None:
    g = get(game)
    rounds = 3 if g.bidding == "calls" else None
    # a run or a journey rises to the slower search levels: random players at every level
    fast = {k: RandomPlayer for k in (1, 2, 3, 4)} if mode in ("run", "journey") else None
    s = Session(game, mode=mode, seat="S", levels={"S": 2}, seed=5, rounds=rounds, factories=fast)
    st = s.status()
    assert st["mode"] == mode and st["hand"] == 1 and not st["over"]
    assert set(st["totals"]) == set(g.sides) and st["phase"] in ("bidding", "play")
    hands = _play_to_end(s)
    st = s.status()
    assert st["over"] and s.is_over and not s.can_next
    with pytest.raises(IllegalAction):
        s.next()
    if mode == "hand":
        assert hands == 1 and s.hand.phase == "done"
        assert st["totals"] == {k: getattr(v, "number", v) for k, v in s.hand.result.score.items()}
    elif mode in ("game", "match"):
        assert s.match.is_over and st["winner"] == s.match.winner
        assert st["totals"] == s.match.totals and st["hand"] == len(s.done_hands())
    else:
        assert s.ladder is not None and s.ladder.is_over
        assert st["won"] == s.ladder.won == len(s.ladder.finished) - 1
        assert st["level"] == min(1 + st["won"], 4)
    if rounds is not None and mode != "hand":
        assert st["rounds"] == 3 and s.rules.rounds == 3
    s.again()
    assert s.number == 2 and not s.is_over and s.status()["hand"] == 1


def test_status_while_playing() -> None:
    s = Session("callbreak", mode="game", seat="E", levels=1, seed=3, rounds=5)
    s.advance()
    st = s.status()
    assert st["to_act"] == "E" and st["phase"] == "bidding" and s.is_learner_turn
    assert st["round"] == 1 and st["rounds"] == 5 and st["levels"] == {"N": 1, "S": 1, "W": 1}
    assert st["contract"] is None and st["trump"] is None
    s.call(4)
    s.advance()
    st = s.status()
    assert s.hand.call_of("E") == 4 and st["to_act"] == "E" and st["phase"] == "play"
    assert st["contract"] == "callbreak" and st["trump"] == "S"
    s2 = Session("coinche", levels={"N": 3, "E": 1, "W": 4}, seed=2)
    assert s2.status()["levels"] == {"N": 3, "E": 1, "W": 4} and s2.status()["level"] == 4
    assert s2.level_of("W") == 4 and s2.player_for("N").level == 3


def test_a_run_rises_a_level_after_a_won_match() -> None:
    for seed in range(30):
        s = Session("belote2", mode="run", seat="S", levels={"S": 2}, seed=seed)
        assert s.status()["level"] == 1 and s.status()["run_score"] == 0
        while not s.match.is_over:
            s.advance(learner=True)
            s.next()
        if s.match.winner == "S":
            break
    else:
        pytest.fail("the learner's stand-in never won a match against level 1")
    margin = s.match.margin
    assert s.status()["match_over"] and s.status()["winner"] == "S" and s.status()["level"] == 1
    s.next()  # counts the match: the level rises, the next match is dealt
    st = s.status()
    assert st["level"] == 2 and st["won"] == 1 and st["match_no"] == 2 and not st["over"]
    assert st["run_score"] == run_score(1, [margin]) == 10_000 + min(margin, 9_999)
    assert isinstance(s.ladder, Belote2Run) and s.ladder.level == 2
    level2 = type(level_table("belote2")[2](0))
    assert isinstance(s.player_for("N"), level2)
    assert s.level_of("N") == 2 and s.level_of("S") == 2


def test_a_journey_counts_games_and_points() -> None:
    s = Session("callbreak", mode="journey", seat="W", levels={"W": 2}, seed=1, rounds=3)
    assert isinstance(s.ladder, CallbreakJourney) and s.rules.rounds == 3
    while not s.match.is_over:
        s.advance(learner=True)
        s.next()
    won = s.match.winner == "W"
    s.next()
    st = s.status()
    assert st["won"] == (1 if won else 0) and st["over"] == (not won)
    assert st["run_score"] == s.ladder.points.number


def test_learner_moves_undo_and_same_decisions() -> None:
    s = Session("belote", mode="game", seat="S", levels=2, seed=3)
    s.advance()
    assert s.is_learner_turn and s.hand.phase == "bidding"
    with pytest.raises(IllegalAction):
        s.call(None)
    with pytest.raises(IllegalPlay):
        s.play(s.hand.hand("S").__iter__().__next__())  # no card during the taking
    with pytest.raises(IllegalAction, match="nothing to undo"):
        s.undo()
    s.call("take" if "take" in s.hand.legal_calls() else s.hand.legal_calls()[0])
    while s.hand.phase == "bidding":
        s.advance()
        if s.is_learner_turn:
            s.call(s.hand.legal_calls()[-1])
    s.advance()
    assert s.is_learner_turn and s.hand.phase == "play"
    before = s.hand.to_json()
    legal = sorted(s.hand.legal_cards())
    bad = [c for c in s.hand.hand("S") if c not in legal]
    if bad:
        with pytest.raises(IllegalPlay):
            s.play(bad[0])
        assert s.hand.to_json() == before
    s.play(legal[0])
    replies = s.advance()
    after = s.hand.to_json()
    undone = s.undo()
    assert s.hand.to_json() == before and undone[-1] == ("play", "S", legal[0].text)
    assert len(undone) == len(replies) + 1
    s.play(legal[0])
    assert s.advance() == replies and s.hand.to_json() == after  # the same computer replies


def test_undo_of_a_counted_hand_is_refused() -> None:
    s = Session("belote2", mode="match", seat="S", levels={"S": 1}, seed=2)
    _play_to_end(s)
    assert s.match.is_over and s.undo_refused() is not None and not s.can_undo
    record = s.to_json()
    with pytest.raises(IllegalAction, match="counted in the totals"):
        s.undo()
    assert s.to_json() == record


@pytest.mark.parametrize(("game", "mode"), CASES)
def test_save_mid_hand_and_resume(game: str, mode: str) -> None:
    rounds = 3 if get(game).bidding == "calls" else None
    s = Session(game, mode=mode, seat="N", levels={"N": 2, "S": 1}, seed=9, rounds=rounds)
    if mode != "hand":  # a finished hand, counted, then the next one half played
        s.advance(learner=True)
        s.next()
    for _ in range(5):
        s.advance()
        if s.hand.is_over:
            break
        _learner_move(s)
    data = json.loads(json.dumps(s.to_json()))
    assert data["format"] == SESSION_FORMAT and data["mode"] == mode and data["seat"] == "N"
    t = Session.from_json(json.dumps(data))
    assert t.hand == s.hand and t.match == s.match and t.status() == s.status()
    assert t.levels == s.levels and t.rules == s.rules and t.number == s.number
    assert t.to_json() == s.to_json()
    for x in (s, t):  # the same next decisions, the learner's stand-in too
        x.advance(learner=True)
    assert t.hand == s.hand and t.status() == s.status()


def _learner_move(s: Session) -> None:
    """One decision of the learner through :meth:`Session.play` / :meth:`Session.call`."""
    if not s.is_learner_turn:
        return
    p = s.player_for(s.seat)
    view = s.hand.observation(s.seat)
    if s.hand.phase == "play":
        s.play(p.choose_card(view))
    else:
        s.call(p.choose_call(view))


def test_custom_players_hook() -> None:
    table = {k: RandomPlayer for k in range(1, 5)}
    s = Session("belote2", mode="run", seed=4, factories=table)
    assert isinstance(s.player_for("N"), RandomPlayer)
    s.advance()
    t = Session.from_json(s.to_json(), factories=table)
    assert t.hand == s.hand and isinstance(t.player_for("N"), RandomPlayer)


def _saved() -> dict[str, Any]:
    s = Session("belote", mode="game", seat="S", levels={"N": 3}, seed=1)
    s.advance()
    return json.loads(json.dumps(s.to_json()))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="belote_lab/hand"), "not a session record"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(mode="run"), "has no run mode"),
        (lambda d: d.update(mode="tournament"), "unknown mode"),
        (lambda d: d.update(seat="X"), "seat"),
        (lambda d: d.update(levels={"N": 7}), "levels.N"),
        (lambda d: d.update(levels={"Q": 1}), "levels"),
        (lambda d: d.update(seed="one"), "seed"),
        (lambda d: d.update(number=0), "number"),
        (lambda d: d.update(extra=1), "unknown key 'extra'"),
        (lambda d: d.pop("record"), "missing key 'record'"),
        (lambda d: d["record"].update(game="tarot"), "record: unknown game"),
        (lambda d: d["record"].update(format="belote_lab/run"), "holds a belote_lab/game record"),
        (lambda d: d["record"]["hands"][0]["actions"].append(["play", "S", "ZZ"]), "record:"),
        (lambda d: d["record"].update(totals={"NS": 5, "EW": 0}), "record: recorded totals"),
    ],
)
def test_bad_session_records_are_refused(change: Any, message: str) -> None:
    data = _saved()
    change(data)
    with pytest.raises(RecordError, match=message):
        Session.from_json(data)


def test_bad_texts_are_refused() -> None:
    good = json.dumps(_saved())
    for bad in (b"\xff" + good.encode(), good[:-3], "[]", "null", "[" * 5000 + "]" * 5000,
                good.replace('"version": 1', '"version": true')):
        with pytest.raises(RecordError):
            Session.from_json(bad)
    s = Session("belote2", mode="run", seat="S", seed=1)
    data = s.to_json()
    data["seat"] = "N"
    with pytest.raises(RecordError, match="not the learner's"):
        Session.from_json(data)
    hand = Session("belote2", mode="match", seat="S", levels={"S": 1}, seed=3)
    hand.advance(learner=True)
    hand.next()
    hand.advance(learner=True)
    data = hand.to_json()
    data["mode"] = "hand"
    with pytest.raises(RecordError, match="one hand"):
        Session.from_json(data)


def test_a_missing_level_names_the_seat_in_words() -> None:
    """Issue 25 item 5: an English text names a seat (South), not its letter ("seat S")."""
    with pytest.raises(ValueError) as err:
        Session("belote", levels={"S": 1, "N": 3}, factories={1: RandomPlayer})
    assert "has no level-3 player (for North)" in str(err.value)
    assert "(seat " not in str(err.value)
