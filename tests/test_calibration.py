"""benchmarks/calibration.py's checkpoint "at the taker's call" (the calls' fit of a game whose
play is not replayed: two-player Belote)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import calibration as cal  # benchmarks/calibration.py (benchmarks/ is not a package)

from belote_lab.games import get
from belote_lab.simulation.selfplay import play_hand


def _hands(game: str, players: str, n: int) -> list:
    g = get(game)
    return [play_hand(game, players, seed=s, dealer=g.seats[s % g.players]) for s in range(n)]


def test_the_taker_s_call_is_taken_back_to_with_the_calls_before_it() -> None:
    """Taken back to just before the taker's last call, when another seat called before it;
    none when the taker spoke first and the auction ended there."""
    seen = {"taken back": 0, "none": 0}
    for hand in _hands("belote2", "2,2", 30):
        calls = [a for a in hand.actions if a.kind == "call"]
        state = cal.at_last_call(hand)
        if calls[0].seat_index == hand.taker and len(calls) == 1:
            assert state is None
            seen["none"] += 1
            continue
        assert state is not None and state.phase == "bidding"
        assert state.current_player == hand.taker
        made = [a for a in state.actions if a.kind == "call"]
        assert made == calls[: len(made)] and any(a.seat_index != hand.taker for a in made)
        assert calls[len(made)].seat_index == hand.taker
        seen["taken back"] += 1
    assert seen["taken back"] and seen["none"]


def test_predictions_at_the_taker_s_call_leave_out_the_cards_it_sees() -> None:
    """The key cards are those of the contract made; the turned card and the taker's own are
    not predicted; each prediction has one probability per model of the grid."""
    hand = next(h for h in _hands("belote2", "2,2", 30) if cal.at_last_call(h) is not None)
    state = cal.at_last_call(hand)
    keys = cal.key_cards(hand)
    out = cal.predictions(state, hand.taker, 40, random.Random(0), keys)
    own = state.hands[hand.taker]
    expected = [c for _, c in keys if not own >> int(c) & 1 and int(c) != int(state.turned)]
    assert len(out["rows"]) == len(expected)  # one other seat in two-player Belote
    assert out["n"] == 40
    grid = len(cal.KINDS), len(cal.GRID), len(cal.GRID)
    assert all(len(r["p"]) == grid[0] and len(r["p"][0]) == grid[1] for r in out["rows"])
    assert cal.checkpoint_name(cal.CALLS) == "at the taker's call"


def test_the_module_default_at_the_taker_s_call_is_the_calls_model() -> None:
    """At the taker's call the report's "module default" is the model the inference weighs
    the calls with (Coinche's calls' model), after the auction the play's."""
    grid = [[[0.5] * len(cal.GRID) for _ in cal.GRID] for _ in cal.KINDS]
    hands = [{"checkpoints": {str(k): {"rows": [{"p": grid, "y": y}], "ess": grid}
                              for k in (cal.CALLS, 0)}} for y in (True, False)]
    calls = cal.evaluate(hands, (0, 0, 0), "coinche", (cal.CALLS,))["module default"]
    play = cal.evaluate(hands, (0, 0, 0), "coinche", (0,))["module default"]
    assert calls["model"] == {"card_epsilon": 0.5, "call_epsilon": 0.2, "call_kinds": False}
    assert play["model"] == {"card_epsilon": 0.5, "call_epsilon": 0.5, "call_kinds": True}
