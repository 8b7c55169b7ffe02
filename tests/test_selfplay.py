"""Self-play, simulation and their command lines, for every game.

``EXPECTED_GAMES`` lists the games whose modules exist now: their tests fail (never skip) if a
module goes missing.  A game whose module lands later is added automatically through
``belote_lab.games.GAMES``; the same holds for level-2 players.
"""

from __future__ import annotations

import dataclasses
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from belote_lab import games, referee
from belote_lab.games import GAMES
from belote_lab.play.record_io import hand_from_json
from belote_lab.players import RandomPlayer
from belote_lab.simulation import selfplay as sp
from belote_lab.simulation.simulate import ARRAYS, ProgressBar, SimulationResult, simulate

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120

EXPECTED_GAMES = ("belote", "coinche", "belote2", "callbreak")
"""Games whose module existed when these tests were written (a missing one fails)."""
EXPECTED_LEVEL2 = ("belote", "coinche", "belote2", "callbreak")
"""Games whose level-2 player existed when these tests were written."""


def _games() -> list[str]:
    present = set(sp.available_games())
    return [g for g in GAMES if g in EXPECTED_GAMES or g in present]


def _level2_games() -> list[str]:
    present = set()
    for g in sp.available_games():
        try:
            sp.player_class(g, 2)
        except sp.PlayerUnavailable:
            continue
        present.add(g)
    return [g for g in GAMES if g in EXPECTED_LEVEL2 or g in present]


GAME_LIST = _games()
TRICKS = {"belote": 8, "coinche": 8, "belote2": 16, "callbreak": 13}
CARDS_PER_TRICK = {"belote": 4, "coinche": 4, "belote2": 2, "callbreak": 4}


# --- records -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_LIST)
def test_records_reload(game: str) -> None:
    records = list(sp.selfplay(game, 4, seed=7))
    assert len(records) == 4
    for rec in records:
        text = json.dumps(rec)
        hand = hand_from_json(json.loads(text))  # replays and checks the result
        assert hand.phase == "done"
        assert [list(a) for a in hand.actions] == rec["actions"]
        assert hand.result.to_json() == rec["result"]


@pytest.mark.parametrize("game", GAME_LIST)
def test_records_are_deterministic(game: str) -> None:
    a = list(sp.selfplay(game, 3, seed=11))
    b = list(sp.selfplay(game, 3, seed=11))
    c = list(sp.selfplay(game, 3, seed=12))
    assert a == b
    assert a != c


# --- cases ---------------------------------------------------------------------------------------
def _check_case_shape(case: dict[str, Any]) -> None:
    game = case["game"]
    assert case["ask"] == "score"
    tricks = case["tricks"]
    assert len(tricks) == TRICKS[game]
    assert all(len(t) == CARDS_PER_TRICK[game] for t in tricks)
    cards = [c for t in tricks for c in t]
    assert len(set(cards)) == len(cards)
    assert case["first_leader"] in ("N", "E", "S", "W")
    if game == "callbreak":
        assert "trump" not in case
        assert sorted(case["calls"]) == ["E", "N", "S", "W"]
        assert all(isinstance(n, int) for n in case["calls"].values())
    else:
        assert case["trump"] in ("S", "H", "D", "C", "NT", "AT")
    if game == "belote":
        assert case["taker"] in ("N", "E", "S", "W")
    if game == "coinche":
        assert set(case["contract"]) == {"bidder", "value", "multiplier"}
        assert case["contract"]["multiplier"] in (1, 2, 4)
    if game == "belote2":
        assert case["taker"] in ("N", "S")
        assert sorted(case["hands"]) == ["N", "S"]
        assert all(len(h) == 9 for h in case["hands"].values())
        assert len(case["stock"]) == 14
        dealt = [c for h in case["hands"].values() for c in h] + case["stock"]
        assert sorted(dealt) == sorted(cards)


@pytest.mark.parametrize("game", GAME_LIST)
def test_cases_answered_by_referee_equal_expect(game: str) -> None:
    cases = list(sp.selfplay(game, 6, seed=3, players=1, fmt="cases"))
    assert len(cases) == 6
    for case in cases:
        _check_case_shape(case)
        question = {k: v for k, v in case.items() if k != "expect"}
        answer = referee.answer(json.loads(json.dumps(question)))
        assert "error" not in answer, answer
        assert {k: v for k, v in answer.items() if k != "id"} == case["expect"]


def test_cases_carry_rule_options() -> None:
    case = next(sp.selfplay("belote", 1, seed=2, fmt="cases", rules={"must_undertrump": True}))
    assert case["rules"] == {"must_undertrump": True}


def test_self_consistency_check_catches_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    real = referee.answer

    def wrong(case: dict[str, Any]) -> dict[str, Any]:
        ans = real(case)
        ans["points"] = {"NS": 0, "EW": 0}
        return ans

    monkeypatch.setattr(referee, "answer", wrong)
    with pytest.raises(sp.SelfConsistencyError, match="points"):
        next(sp.selfplay("belote", 1, seed=1, fmt="cases"))


# --- players and games ---------------------------------------------------------------------------
def test_search_levels_are_built_for_every_game() -> None:
    for game in GAMES:
        for level in (3, 4):
            ps = sp.make_players(game, f"{level},1,{level},1", seed=2)
            assert ps[0].level == level
    with pytest.raises(ValueError, match="unknown player level"):
        sp.player_class("belote", 5)


def test_missing_game_or_player_gives_a_clear_error() -> None:
    toy = dataclasses.replace(games.get("coinche"), name="toy_without_hand", hand_class=None)
    games.register(toy)
    try:
        with pytest.raises(sp.GameUnavailable, match=r"'toy_without_hand'.*declares no hand"):
            sp.hand_class("toy_without_hand")
        assert "toy_without_hand" not in sp.available_games()
        # a game of its own without a level-2 player: the levels above it are missing too
        with pytest.raises(sp.PlayerUnavailable, match=r"no level-2 player for the game 'toy_"):
            sp.player_class("toy_without_hand", 2)
        with pytest.raises(sp.PlayerUnavailable, match=r"no level-3 player for the game 'toy_"):
            sp.player_class("toy_without_hand", 3)
        assert sp.player_class("toy_without_hand", 1) is RandomPlayer
    finally:
        games.unregister("toy_without_hand")


@pytest.mark.parametrize("game", _level2_games())
def test_level2_players_play_whole_hands(game: str) -> None:
    levels = "2,1,2,1"
    ps = sp.make_players(game, levels, seed=1)
    assert any(getattr(p, "level", None) == 2 for p in ps.values())
    for case in sp.selfplay(game, 3, seed=5, players=levels, fmt="cases"):
        _check_case_shape(case)


def test_two_player_specs_take_the_playing_seats() -> None:
    if "belote2" not in GAME_LIST:
        pytest.fail("belote2 should exist")
    four = sp.make_players("belote2", "1,1,1,1", seed=0)
    two = sp.make_players("belote2", "1,1", seed=0)
    assert sorted(four) == sorted(two) == [0, 2]


def test_player_objects_and_factories() -> None:
    made: list[tuple[int, int]] = []

    def factory(seat: int, seed: int) -> Any:
        made.append((seat, seed))
        return RandomPlayer(seed=seed)

    hand = sp.play_hand("belote", [factory, 1, factory, RandomPlayer(seed=9)], seed=4)
    assert hand.phase == "done"
    assert [s for s, _ in made] == [0, 2]


def test_redeal_deals_again_with_the_next_seed() -> None:
    class Passer:
        def __init__(self) -> None:
            self.deals = 0

        def choose_call(self, state: Any) -> str:
            if state.taking.calls == []:
                self.deals += 1
            return "take" if self.deals >= 3 else "pass"

        def choose_card(self, state: Any) -> Any:
            return next(iter(state.legal_cards()))

    p = Passer()
    hand = sp.play_hand("belote", {s: p for s in range(4)}, seed=100, dealer="W")
    assert hand.phase == "done" and hand.seed == 102 and hand.dealer == 3


# --- simulate ------------------------------------------------------------------------------------
@pytest.mark.parametrize("engine", ["python", "batch"])
@pytest.mark.parametrize("game", GAME_LIST)
def test_simulate_shapes_and_invariants(game: str, engine: str) -> None:
    n = 25 if engine == "python" else 400
    r = simulate(game, n, players="1,1,1,1", seed=4, progress=False, engine=engine)
    assert r.meta["engine"] == engine
    sides = len(sp.side_names(game))
    assert len(r) == n
    for name in ARRAYS:
        assert getattr(r, name).shape[0] == n
    assert r.score.shape == (n, sides)
    assert r.tricks.shape == (n, 4) and r.calls.shape == (n, 4)
    assert (r.tricks.sum(axis=1) == TRICKS[game]).all()
    if game == "callbreak":
        assert r.made.shape == (n, 4)
        assert ((r.calls >= 1) & (r.calls <= 8)).all()
        assert np.array_equal(r.made == 1, r.tricks >= r.calls)
        assert (r.taker == -1).all()
    else:
        assert r.made.shape == (n,)
        assert set(np.unique(r.made)) <= {-1, 0, 1}
        # card points with dix de der always total 162, capot or not
        assert ((r.attack_points + r.defence_points) == 162).all()
        assert (r.taker >= 0).all()
        capot = r.capot >= 0
        assert (r.attack_points[capot & (r.capot == _side(game, r.taker))] == 162).all()
        assert set(np.unique(r.belote)) <= {-1, 0, 1}
    if game == "belote2":
        assert (r.tricks[:, [1, 3]] == 0).all()
    if game == "coinche":
        assert (r.bid >= 80).all() and set(np.unique(r.multiplier)) <= {1, 2, 4}
    again = simulate(game, n, players="1,1,1,1", seed=4, progress=False, engine=engine)
    assert again.equals(r)
    other = simulate(game, n, players="1,1,1,1", seed=5, progress=False, engine=engine)
    assert not other.equals(r)
    s = r.summary()
    assert s["hands"] == n and 0.0 <= s["made_rate"] <= 1.0
    assert json.loads(json.dumps(r.to_dict()))["game"] == game
    assert len(r.table(5).splitlines()) == 7


def _side(game: str, seats: np.ndarray) -> np.ndarray:
    return np.array([sp.side_of(game, int(s)) for s in seats])


def test_simulate_matches_selfplay_scores() -> None:
    r = simulate("belote", 5, players="1,1,1,1", seed=8, progress=False, engine="python")
    records = list(sp.selfplay("belote", 5, seed=8))
    for i, rec in enumerate(records):
        assert [rec["result"]["score"][t] for t in ("NS", "EW")] == r.score[i].tolist()


def test_simulate_save_and_load(tmp_path: Path) -> None:
    r = simulate("belote", 10, seed=1, progress=False)
    path = tmp_path / "sim.npz"
    r.save(path)
    assert SimulationResult.load(path).equals(r)


def test_progress_text_line() -> None:
    out = io.StringIO()
    p = ProgressBar(4, label="x", stream=out, delay=0.0)
    for _ in range(4):
        p.update()
    p.close()
    text = out.getvalue()
    assert text.startswith("\rx [") and "4/4" in text and text.endswith("\n")


# --- command line --------------------------------------------------------------------------------
def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "belote_lab", *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=ROOT,
        input=stdin,
    )


def test_cli_selfplay_cases_through_referee() -> None:
    proc = _run("selfplay", "--game", "belote", "--hands", "3", "--seed", "5",
                "--format", "cases")
    assert proc.returncode == 0, proc.stderr
    cases = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(cases) == 3
    ref = _run("referee", "-", stdin=proc.stdout)
    assert ref.returncode == 0, ref.stderr
    answers = [json.loads(line) for line in ref.stdout.splitlines()]
    for case, ans in zip(cases, answers, strict=True):
        assert ans.pop("id") == case["id"]
        assert ans == case["expect"]


def test_cli_errors_are_clear() -> None:
    proc = _run("selfplay", "--players", "5,1,5,1")
    assert proc.returncode == 2
    assert "unknown player level 5" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_cli_simulate(tmp_path: Path) -> None:
    out = tmp_path / "s.npz"
    proc = _run("simulate", "--game", "belote", "--hands", "20", "--players", "1,1,1,1",
                "--seed", "3", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "belote: 20 hands" in proc.stdout
    assert len(SimulationResult.load(out)) == 20
