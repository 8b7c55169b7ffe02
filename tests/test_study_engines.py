"""The ``selfplay`` study in compiled code (issue 29, item 4).

Where the players are levels 1–2 the study's rows come from the game's compiled hands
(:func:`belote_lab.simulation.analysis.compiled_hands`): hand ``i`` is the kernel's hand number
``i`` of :func:`belote_lab.studies.study.batch_seed`.  Here each row is checked against the engine:
the same hand is dealt again by the game's hand class from the kernel's recorded deal and calls, its
cards played again (by the level-2 Python player, or the recorded cards in two-player
Belote), and the row the Python path makes of that hand (``study._hand_row``) must be the
compiled row.  The rows must not depend on the chunk size, and the study says which engine
played (``engine`` column, ``study.json``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from belote_lab.batch import belote2 as kb2
from belote_lab.batch import coinche as kc
from belote_lab.batch import four
from belote_lab.cards import Card, mask_cards
from belote_lab.games import get
from belote_lab.players.belote import BelotePlayer2
from belote_lab.players.belote2 import Belote2Player2
from belote_lab.players.coinche import CoinchePlayer2
from belote_lab.simulation.selfplay import seat_levels
from belote_lab.studies import study

N = 120
SAME = ("chunk", "index", "seed", "engine")  # the columns a row adds to the hand's


def serial(n: int, out: Path, game: str, chunk: int = 40, **params: Any) -> pd.DataFrame:
    return study.run("selfplay", n, game=game, chunk=chunk, out=out, scheduler="serial",
                     progress=False, **params)


def replay_belote(g: Any, n: int, seed: int, rules: Any) -> list[dict[str, Any]]:
    """Four-player Belote at level 2: the recorded deck and calls, BelotePlayer2's cards."""
    rec = four.recorded_hands(g, n, (2, 2, 2, 2), seed, rules, 0)
    player, out = BelotePlayer2(), []
    for row in range(n):
        h = g.hand_class(g.rules(rules), dealer=int(rec["dealer"][row]),
                         deck=[Card(int(c)) for c in rec["decks"][row]])
        for call in rec["auction"][row].tolist():
            if call >= 0:
                h.call(four.CALLS[call])
        while h.phase == "play":
            h.play(player.choose_card(h))
        out.append(study._hand_row(g, h, int(rec["redeals"][row])))
    return out


def replay_coinche(g: Any, n: int, seed: int, rules: Any) -> list[dict[str, Any]]:
    """Coinche at level 2: the recorded deal (8 cards a seat) and calls, CoinchePlayer2's
    cards."""
    r = g.rules(rules)
    rec = kc.hands(g, n, (2, 2, 2, 2), seed, r, 0, record=True)
    bids = kc.bid_tables(r)[0]
    player, out = CoinchePlayer2(), []
    for row in range(n):
        d = int(rec["dealer"][row])
        cards = [c for k in range(4) for c in mask_cards(int(rec["deals"][row, (d + 1 + k) % 4]))]
        h = g.hand_class(r, dealer=d, deck=cards)
        for call in rec["auctions"][row].tolist():
            if call != -9:
                h.call(kc.call_text(call, bids))
        while h.phase == "play":
            h.play(player.choose_card(h))
        out.append(study._hand_row(g, h, int(rec["redeals"][row])))
    return out


def replay_belote2(g: Any, n: int, seed: int, rules: Any,
                   levels: tuple[int, ...]) -> list[dict[str, Any]]:
    """Two-player Belote: every deal of a hand with its recorded calls, then the recorded
    cards (level 2's checked against Belote2Player2)."""
    r = g.rules(rules)
    a, rec = kb2.hands_record(g, n, levels, seed, r, 0)
    player, level, out = Belote2Player2(), {0: levels[0], 2: levels[1]}, []
    for row in range(n):
        redeals = int(a["redeals"][row])
        for d in range(redeals + 1):
            h = g.hand_class(r, dealer=int(a["dealer"][row]), redeals=d,
                             deck=[Card(int(c)).text for c in rec["decks"][row, d]])
            for call in rec["calls"][row, d].tolist():
                if call != kb2.NO_CALL:
                    h.call(kb2.CALL_WORDS[call])
        for card in rec["plays"][row].tolist():
            if level[h.current_player] == 2:
                assert int(player.choose_card(h)) == card
            h.play(Card(card))
        assert h.phase == "done"
        out.append(study._hand_row(g, h, redeals))
    return out


CASES = [
    ("belote", {"allow_no_trump": True, "allow_all_trump": True}, "2"),
    ("belote", None, "2"),
    ("coinche", {"allow_no_trump": True, "allow_all_trump": True}, "2"),
    ("coinche", None, "2"),
    ("belote2", None, "2"),
    ("belote2", {"forced_after_redeals": 0}, "2,1"),
]


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_compiled_rows_are_the_engines_replay(tmp_path: Path, game: str, rules: Any,
                                              players: str) -> None:
    g = get(game)
    df = serial(N, tmp_path / "s", game, rules=rules, players=players)
    assert set(df["engine"]) == {"batch"} and df["seed"].nunique() == 1
    params = study.check("selfplay", game, {"rules": rules, "players": players})[2]
    seed = int(df["seed"].iloc[0])
    assert seed == study.batch_seed("selfplay", game, params, 0)
    if game == "belote":
        want = replay_belote(g, N, seed, rules)
    elif game == "coinche":
        want = replay_coinche(g, N, seed, rules)
    else:
        levels = seat_levels(g, players)
        assert levels is not None
        want = replay_belote2(g, N, seed, rules, levels)
    got = df.drop(columns=list(SAME)).to_dict("records")
    for i, (row, hand) in enumerate(zip(got, want, strict=True)):
        assert {k: _plain(v) for k, v in row.items()} == hand, (game, i)
    assert list(df.drop(columns=list(SAME)).columns) == list(want[0])
    # the outcomes the rows cover
    assert set(df["made"]) >= {0, 1} and df["trumps"].max() >= 4
    if rules and "allow_no_trump" in rules:
        assert (df["trumps"] == -1).any() and (df["trumps"] >= 0).any()
    if game == "coinche":
        assert (df["bid"] != "").all() and (df["bid_value"] >= 80).all()


def _plain(v: Any) -> Any:
    """A cell as the Python value the engine's row holds."""
    return v.item() if isinstance(v, np.generic) else v


@pytest.mark.parametrize("game", ["belote", "coinche", "belote2"])
def test_rows_do_not_depend_on_the_chunk_size(tmp_path: Path, game: str) -> None:
    a = serial(300, tmp_path / "a", game, chunk=300)
    b = serial(300, tmp_path / "b", game, chunk=7)
    c = serial(300, tmp_path / "c", game, chunk=128)
    assert list(a["index"]) == list(range(300))
    for other in (b, c):
        pd.testing.assert_frame_equal(a.drop(columns="chunk"), other.drop(columns="chunk"))
    # a longer study starts with the same hands
    d = serial(310, tmp_path / "d", game, chunk=31)
    pd.testing.assert_frame_equal(a.drop(columns="chunk"),
                                  d.iloc[:300].drop(columns="chunk"))


def test_the_study_says_which_engine_played(tmp_path: Path) -> None:
    fast = serial(4, tmp_path / "f", "belote")
    meta = json.loads((tmp_path / "f" / study.META).read_text())
    assert (meta["engine"], meta["why_python"], meta["version"]) == ("batch", None, 3)
    slow = serial(3, tmp_path / "s", "belote", rules={"declarations": True})
    meta = json.loads((tmp_path / "s" / study.META).read_text())
    assert meta["engine"] == "python" and "declarations" in meta["why_python"]
    assert set(slow["engine"]) == {"python"} and set(fast["engine"]) == {"batch"}
    assert list(slow.columns) == list(fast.columns)
    # the Python path keeps a seed a hand; the compiled one a seed a study
    assert slow["seed"].nunique() == 3 and fast["seed"].nunique() == 1
    assert study.engine("selfplay", "belote", {"players": "2,1,2,1"}) == ("batch", None)
    assert study.engine("selfplay", "belote2", {"players": "3,2"})[0] == "python"
    assert study.engine("level4", "belote") == ("python", "the study level4 has no compiled "
                                                "path")
