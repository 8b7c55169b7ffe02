"""benchmarks/advice_exact.py: the advice benchmark's differences weighed on the exact posterior
of the seat's view (issue 27, item 2) — the decks it keeps are those the seat cannot tell from
the real one, the real deck is one of them, a deck on which an earlier call differs is dropped,
and equal calls cost nothing to weigh."""

from __future__ import annotations

import dataclasses
import itertools
import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import advice_auctions as aa  # benchmarks/ is not a package
import advice_exact as ax

from belote_lab.cards import SEATS, CardSet
from belote_lab.games import get

GAMES = ("belote", "belote2", "callbreak", "coinche")


def decisions(game: str, count: int) -> list[tuple[Any, int]]:
    """The first ``count`` decisions of the benchmark's seed-0 auctions with calls before."""
    out = []
    for i in range(40):
        got = aa.decision(game, i, 0)
        if got is not None and got[0].actions:
            out.append(got)
        if len(out) == count:
            break
    assert len(out) == count
    return out


@pytest.mark.parametrize("game", GAMES)
def test_kept_decks_are_what_the_seat_cannot_tell_apart(game: str) -> None:
    for state, hand_seed in decisions(game, 2):
        seat = state.current_player
        draws = ax.posterior(state, seat, hand_seed, random.Random(1))
        kept = [x for x in itertools.islice(draws, 400) if x is not None]
        assert kept, "no deck kept in 400"
        for h, weight in kept:
            assert h.actions == state.actions  # every call made again, level 2's the same
            assert h.hands[seat] == state.hands[seat]
            assert getattr(h, "turned", None) == getattr(state, "turned", None)
            assert h.legal_calls() == state.legal_calls() and h.current_player == seat
            assert 0 < weight <= 1
            for s in state.seat_order:  # the same number of cards, the deck's cards
                assert len(CardSet(h.hands[s])) == len(CardSet(state.hands[s]))
            assert sorted(map(str, h.deck)) == sorted(map(str, state.deck))
        others = {tuple(h.hands[s] for s in state.seat_order if s != seat) for h, _ in kept}
        assert len(others) > len(kept) // 2  # the hidden hands do vary


@pytest.mark.parametrize("game", GAMES)
def test_the_real_deck_is_kept_with_its_own_spots(game: str) -> None:
    g = get(game)
    for state, hand_seed in decisions(game, 2):
        seat = state.current_player
        players = aa.players_of(g, hand_seed)
        got = ax._replayed(state, seat, list(state.deck), players)
        assert got is not None
        h, before = got
        assert h.actions == state.actions and h.hands == state.hands
        # the real hand's spots: those before the decision and those from it on
        full = g.hand_class(g.rules(None), dealer=state.dealer, seed=hand_seed)
        spots = 0
        while full.phase == "bidding":
            spots += len(full.legal_calls()) > 1
            aa.step(full, players[full.current_player])
        assert before + ax.spots_after(h, players) == spots


class _Other:
    """A player who makes another call than the one made."""

    def __init__(self, call: str) -> None:
        self.call = call

    def choose_call(self, view: Any) -> str:
        return self.call


def test_a_deck_on_which_an_earlier_call_differs_is_dropped() -> None:
    state, hand_seed = next(
        d for d in decisions("belote", 6) if d[0].actions[0][2] == "pass")
    seat = state.current_player
    players = aa.players_of(get("belote"), hand_seed)
    first = state.actions[0]
    players[SEATS.index(first[1])] = _Other("take")
    assert ax._replayed(state, seat, list(state.deck), players) is None


def test_equal_calls_draw_nothing_and_differing_ones_are_weighed() -> None:
    rows = aa.run(["belote"], 3, 0, 2, 5.0, 1, 0, lambda _: None)["belote"]
    row = rows[0]
    same = dataclasses.replace(row, read=row.level2, unread=row.level2,
                               read_score=row.level2_score, unread_score=row.level2_score)
    x = ax.exact(same, 5)
    assert (x.kept, x.tried) == (0, 0) and not x.differs
    assert all(x.diff(a, b) == 0 == x.real_diff(a, b) for a, b in aa.PAIRS)
    other = next(c for c in row.legal if c != row.level2)
    differ = dataclasses.replace(row, read=other)
    y = ax.exact(differ, 6)
    assert y.differs and y.kept == 6 and y.tried >= 6 and set(y.means) == {other, row.level2}
    assert y.diff("read", "level2") == y.means[other] - y.means[row.level2]
    assert ax.exact(differ, 6) == y  # seeded: the same deals again


def test_a_view_no_deck_keeps_is_weighed_on_its_real_deal(monkeypatch: pytest.MonkeyPatch,
                                                          ) -> None:
    """When no deck tried keeps the calls (a rare auction), the auction counts its real deal,
    itself a draw of the posterior, and the report says so."""
    rows = aa.run(["belote"], 3, 0, 2, 5.0, 1, 0, lambda _: None)["belote"]
    row = rows[0]
    other = next(c for c in row.legal if c != row.level2)
    differ = dataclasses.replace(row, read=other, read_score=row.level2_score + 40.0)
    monkeypatch.setattr(ax, "posterior", lambda *a: iter([None] * 10))
    monkeypatch.setattr(ax, "MAX_TRIES", 10)
    x = ax.exact(differ, 6)
    assert (x.kept, x.tried, x.worth) == (0, 10, 1.0) and x.differs
    assert x.diff("read", "level2") == 40.0 == x.real_diff("read", "level2")
    assert "1 of them on the real deal alone" in ax.report([x], "belote")


def test_main_reports_each_game_and_its_check(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    rows = aa.run(["belote", "callbreak"], 2, 0, 2, 5.0, 1, 0, lambda _: None)
    path = tmp_path / "rows.jsonl"
    aa.save_rows(rows, str(path))
    out = tmp_path / "rows_exact.jsonl"
    assert ax.main(["--from-rows", str(path), "--draws", "3", "--rows", str(out)]) == 0
    printed = capsys.readouterr().out
    for game in ("belote", "callbreak"):
        assert f"{game}: n = 2 auctions" in printed
    assert printed.count("check, real deal − posterior") == 2
    assert len(out.read_text(encoding="utf-8").splitlines()) == 4
    with pytest.raises(SystemExit):
        ax.main(["--from-rows", str(path), str(path)])  # a decision twice
    with pytest.raises(SystemExit):
        ax.main(["--validate", "2", "--games", "tarot"])  # an unknown game: a usage error
    with pytest.raises(SystemExit):
        ax.main(["--validate", "2"])  # no game named


def test_validate_weighs_level_2_against_another_call(capsys: pytest.CaptureFixture[str]) -> None:
    row = next(r for i in range(10) for r in [ax.probe("belote", i, 100_000)] if r is not None)
    assert row.read != row.level2 == row.unread and row.read in row.legal
    assert ax.main(["--validate", "2", "--games", "belote", "--draws", "2"]) == 0
    printed = capsys.readouterr().out
    assert "--validate 2 --auction-seed 100000 (no advice)" in printed
    assert "belote: n = 2 auctions; 2 with calls that differ" in printed
