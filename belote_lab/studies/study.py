"""Studies: a named question asked of N seeded deals, in chunks, resumable, on Dask.

:data:`STUDIES` holds the questions (:class:`Study`):

* ``selfplay`` — self-play outcomes, one row a hand: dealer, contract, taker, the taker's
  side's card points and the defence's, each side's score, made (1 made, 0 failed, -1 tie),
  and the taker's trump holding (jack, nine, number of trumps, aces of the other suits)
  among its cards when the first card is played (8 cards in Belote and Coinche, 9 in
  two-player Belote; -1/False under a no-trump or all-trump contract) and their card points
  (``hand_points``; ``side_points`` with the partner's), the Coinche bid (``bid``,
  ``bid_value``, ``multiplier``) and ``capot``.  Parameters: ``players`` (levels per seat,
  default ``"2"``: level 2 everywhere) and ``rules`` (rule options as a dict).  When every
  seat is a level the game's compiled hands play (1 or 2, the rules ones they play: the
  test of :func:`belote_lab.simulation.simulate.simulate`), the hands are played in compiled code
  (:func:`belote_lab.simulation.analysis.compiled_hands`): hand ``i`` is the kernel's hand number
  ``i`` of one seed derived from the question (:func:`batch_seed`, the rows' ``seed``); otherwise
  each hand is played by the Python players from its own seed (:func:`hand_seed`).  The
  rows' ``engine`` column and ``study.json`` say which (``batch`` or ``python``, with
  ``why_python``).
* ``double_dummy`` — the exact double-dummy value (:func:`belote_lab.solver.solve`: card
  points with dix de der won from there on by the side to play, best play by everyone) of
  every legal card at the first lead of the deal, one row a card.  The deal is bid by the
  ``players``; in a game with a stock (two-player Belote) they also play the stock phase,
  and the first lead solved is the first one once the stock is empty (the cards are then
  all known to both players, and the 8 tricks left solve in milliseconds).  A whole
  four-player deal (Belote, Coinche) takes 0.1–0.7 s; Callbreak's 13 tricks of four cards
  are out of reach (millions of nodes a deal) and are refused.
* ``dd_hand`` — the hand's result under double-dummy play, one row a hand: the deal bid by
  the ``players`` (two-player Belote: the stock phase played by them too), then every card
  the exact solver's best from the first lead on (:func:`belote_lab.solver.position.
  solve_value_line`: the taker's side maximises its card points, the defence minimises them),
  scored by the game's own rules (:attr:`belote_lab.games.Game.outcome`; when a side takes
  every point left, the solver's line is played out to see whether it also took every trick);
  the columns of ``selfplay`` plus ``trick`` (the first trick solved), ``value`` (the points
  the taker's side wins from there) and ``line``.  About 0.05 s a four-player deal, 0.005 s a
  two-player one.
* ``level4`` — ``selfplay`` with level-4 players in every seat (about 2–3 s a hand on one
  core: a few hundred hands are an affordable run on a few cores).

Callbreak (no taker, calls instead of a contract) is not a game of these studies.

:func:`run` computes hands ``0 … n-1`` in chunks of ``chunk`` hands.  Hand ``i``'s seed (the
deal and the players' seeds) is a hash of the study's name, its game and parameters, the
run's ``seed`` and ``i`` only (:func:`hand_seed`; compiled hands: hand number ``i`` of the
seed :func:`batch_seed` hashes from the same question without ``i``), so a chunk's rows depend
only on those and on which hands it holds: the rows are the same whatever the chunk size, the
scheduler or the number of workers.  Each finished chunk is written at once to its own file in
the ``out`` directory (``chunk-000003-n50.parquet``, or ``.csv`` without pyarrow; written to
a temporary name and renamed), beside ``study.json`` (what was asked); by default
(:func:`default_out`) ``studies/<name>-<game>`` in the user's data folder
(:func:`belote_lab.studies.folders.data_folder`), never the installation.  A later run with the
same question computes only the chunks missing, so a stopped run goes on where it stopped and
a larger ``n`` extends it.  :func:`load` reads the directory into one pandas DataFrame.

Schedulers: ``"local"`` (default) starts a ``dask.distributed.LocalCluster`` of one worker
process per core (``workers`` to choose) and closes it at the end; ``"tcp://HOST:8786"`` or
``client=`` (a ``dask.distributed.Client``) run on that cluster — the workers need
belote_lab installed, the files are written where :func:`run` runs; ``"processes"`` a
``multiprocessing`` pool; ``"serial"`` this process.  Without dask, ``"local"`` falls back to
``"serial"`` with a message.  The progress bar is ``tqdm.auto``'s: text in a terminal,
a widget in a notebook.

>>> import tempfile
>>> d = tempfile.mkdtemp()
>>> df = run("selfplay", 4, game="belote2", chunk=2, out=d, scheduler="serial", progress=False)
>>> len(df), list(df["index"]), df.attrs["computed"]
(4, [0, 1, 2, 3], [0, 1])
>>> run("selfplay", 4, game="belote2", chunk=2, out=d, scheduler="serial",
...     progress=False).attrs["computed"]
[]
>>> load(d).equals(df)
True
>>> df["engine"].unique().tolist()     # level 2 everywhere: compiled hands
['batch']
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from belote_lab.cards import SEATS, SUIT_MASK, Rank, mask_cards
from belote_lab.contract import CONTRACT_CODES, Contract
from belote_lab.games import Game, get
from belote_lab.games.base import step
from belote_lab.games.coinche import BID_KINDS, Bid
from belote_lab.simulation.selfplay import (
    hand_in_play,
    make_players,
    parse_levels,
    play_deal,
    seat_levels,
)
from belote_lab.studies import folders

__all__ = [
    "Study",
    "STUDIES",
    "SCHEDULERS",
    "META",
    "study",
    "hand_seed",
    "batch_seed",
    "engine",
    "check",
    "compute_chunk",
    "default_out",
    "run",
    "load",
    "summary",
]

META = "study.json"
"""The file of a study directory that says what was asked (name, game, params, seed, chunk)."""
FORMATS = ("parquet", "csv")
"""The formats of the chunk files."""
SCHEDULERS = ("local", "processes", "serial")
"""The scheduler names :func:`run` takes besides a ``tcp://`` address."""
_CHUNK_FILE = re.compile(r"chunk-(\d{6})-n(\d+)\.(parquet|csv)$")


@dataclass(frozen=True)
class Study:
    """A named question: ``rows(game, params, index, seed)`` gives the rows of one hand."""

    name: str
    about: str
    rows: Callable[[Game, dict[str, Any], int, int], list[dict[str, Any]]] = field(repr=False)
    defaults: Mapping[str, Any] = field(default_factory=dict)
    version: int = 1  # raised when the rows change: a stored directory is then refused
    # the rows of hands start … start + n - 1 of a seed in compiled code, where it can:
    # compiled(game, params, seed, start, n) (see engine())
    compiled: Callable[[Game, dict[str, Any], int, int, int], list[dict[str, Any]]] | None = (
        field(default=None, repr=False))


# --- the questions ---------------------------------------------------------------------------
def _holding(hand: Any) -> dict[str, Any]:
    """The taker's trump holding among its cards when the first card was played."""
    h = hand.copy()
    while h.tricks or h.trick:
        h.undo()
    cards = h.hands[hand.taker]
    points = hand.contract.tables.points
    g = get(hand.game)
    hand_points = sum(int(points[c]) for c in mask_cards(cards))
    side_points = sum(int(points[c]) for s in g.side_with(hand.taker)
                      for c in mask_cards(h.hands[s]))
    strength = {"hand_points": hand_points, "side_points": side_points}
    trump = hand.contract.trump
    if trump is None:
        return {"trump_jack": False, "trump_nine": False, "trumps": -1, "side_aces": -1,
                **strength}
    trump = int(trump)
    trumps = cards & SUIT_MASK[trump]
    return {
        **strength,
        "trump_jack": bool(trumps >> (16 * trump + Rank.JACK) & 1),
        "trump_nine": bool(trumps >> (16 * trump + Rank.NINE) & 1),
        "trumps": trumps.bit_count(),
        "side_aces": sum(1 for s in range(4) if s != trump and cards >> (16 * s + Rank.ACE) & 1),
    }


def _bid(hand: Any) -> dict[str, Any]:
    """The Coinche bid and its multiplier (``""`` and 1 in the games without an auction)."""
    bid = getattr(hand, "bid", None)
    return {"bid": "" if bid is None else str(bid.text), "bid_value": 0 if bid is None
            else int(bid.value), "multiplier": int(getattr(hand, "multiplier", 1))}


def _result(g: Game, hand: Any, res: Any) -> dict[str, Any]:
    """The columns of a hand's result ``res``: the attack's and the defence's card points,
    each side's score, made (1, 0 or -1 for a tie) and capot (1 when a side took every
    trick)."""
    att = g.side_of(hand.taker)
    return {
        "attack_points": int(res.points[g.sides[att]]),
        "defence_points": int(res.points[g.sides[1 - att]]),
        **{f"score_{side}": int(res.score[side]) for side in g.sides},
        "made": -1 if res.made is None else int(bool(res.made)),
        "capot": int(res.capot is not None),
    }


def _hand_row(g: Game, hand: Any, redeals: int) -> dict[str, Any]:
    """The ``selfplay`` row of a finished (or playing, for the holding) hand of the engine."""
    row = {"dealer": SEATS[hand.dealer], "redeals": redeals, "contract": hand.contract.code,
           "taker": SEATS[hand.taker], **_result(g, hand, hand.result)}
    return {**row, **_bid(hand), **_holding(hand)}


def _selfplay_rows(g: Game, params: dict[str, Any], index: int, seed: int) -> list[dict]:
    players = make_players(g, params["players"], seed)
    dealer = g.seats[index % len(g.seats)]
    hand, _, redeals = play_deal(g, players, seed, dealer, g.rules(params["rules"]), False)
    return [_hand_row(g, hand, redeals)]


_POINTS = np.array([Contract.parse(code).tables.points for code in CONTRACT_CODES[:6]],
                   dtype=np.int64)
"""Each card's points under each contract S H D C NT AT (rows as ``CONTRACT_CODES``)."""
_NAMED_BIDS = {value: kind for kind, value in BID_KINDS.items() if value}
"""A named Coinche bid's kind by its value (250 ``capot`` …); other values are points bids."""


def _selfplay_compiled(g: Game, params: dict[str, Any], seed: int, start: int,
                       n: int) -> list[dict[str, Any]]:
    """The ``selfplay`` rows of hands ``start`` … ``start + n - 1`` of ``seed`` in compiled
    code (:func:`belote_lab.simulation.analysis.compiled_hands`), the columns of
    :func:`_hand_row`."""
    from belote_lab.simulation.analysis import card_count, compiled_hands

    levels = seat_levels(g, params["players"])
    a = compiled_hands(g, n, levels, seed, params["rules"], start)
    c = a["contract"].astype(np.int64)
    taker = a["taker"].astype(np.int64)
    rows = np.arange(n)
    side_of = np.full(4, -1, dtype=np.int64)
    side_of[list(g.seats)] = [g.side_of(s) for s in g.seats]
    partners = side_of[None, :] == side_of[taker][:, None]  # (n, 4): the taker's side
    cards = a["hands"][rows, taker]
    hand_points = np.zeros(n, dtype=np.int64)
    side_points = np.zeros(n, dtype=np.int64)
    for card in range(64):
        pts = _POINTS[c, card]
        if not pts.any():
            continue
        held = (a["hands"] >> card) & 1
        hand_points += held[rows, taker] * pts
        side_points += (held * partners).sum(axis=1) * pts
    suit = np.minimum(c, 3)  # a no-trump or all-trump contract: no trump holding
    trump = c < 4

    def has(rank: int, s: np.ndarray = suit) -> np.ndarray:
        return ((cards >> (16 * s + rank)) & 1).astype(bool)

    aces = sum(has(Rank.ACE, np.full(n, s)).astype(np.int64) for s in range(4))
    suit_mask = np.array(SUIT_MASK, dtype=np.int64)
    cols: dict[str, list[Any]] = {
        "dealer": [SEATS[d] for d in a["dealer"].tolist()],
        "redeals": a["redeals"].tolist(),
        "contract": [CONTRACT_CODES[k] for k in c.tolist()],
        "taker": [SEATS[t] for t in taker.tolist()],
        "attack_points": a["attack_points"].tolist(),
        "defence_points": a["defence_points"].tolist(),
        **{f"score_{side}": a["score"][:, k].tolist() for k, side in enumerate(g.sides)},
        "made": a["made"].tolist(),
        "capot": (a["capot"] >= 0).astype(np.int64).tolist(),
        "bid": [""] * n,
        "bid_value": a["bid"].tolist(),
        "multiplier": a["multiplier"].tolist(),
        "hand_points": hand_points.tolist(),
        "side_points": side_points.tolist(),
        "trump_jack": (trump & has(Rank.JACK)).tolist(),
        "trump_nine": (trump & has(Rank.NINE)).tolist(),
        "trumps": np.where(trump, card_count(cards & suit_mask[suit]), -1).tolist(),
        "side_aces": np.where(trump, aces - has(Rank.ACE), -1).tolist(),
    }
    if g.bidding == "auction":
        cols["bid"] = [Bid(_NAMED_BIDS.get(v, "points"), v, code).text
                       for v, code in zip(cols["bid_value"], cols["contract"], strict=True)]
    names = list(cols)
    return [dict(zip(names, values, strict=True)) for values in zip(*cols.values(), strict=True)]


def _first_lead(g: Game, params: dict[str, Any], seed: int, dealer: int) -> Any:
    """The deal bid by the players and, with a stock, played on until it is empty: the
    first position where every card is known to everyone."""
    hand = hand_in_play(g, params["players"], seed, dealer, rules=params["rules"])
    if getattr(hand, "stock_left", None):
        players = make_players(g, params["players"], seed)
        while hand.phase == "play" and (hand.stock_left or hand.trick):
            step(hand, players[hand.to_play])
    return hand


def _double_dummy_rows(g: Game, params: dict[str, Any], index: int, seed: int) -> list[dict]:
    from belote_lab.solver import solve

    hand = _first_lead(g, params, seed, g.seats[index % len(g.seats)])
    sol = solve(hand)
    seat = hand.to_play
    base = {"dealer": SEATS[hand.dealer], "contract": hand.contract.code,
            "taker": SEATS[hand.taker], "trick": len(hand.tricks) + 1, "seat": SEATS[seat],
            "side": g.sides[g.side_of(seat)], "best_value": sol.value}
    return [
        {**base, "card": card.text, "value": int(value), "loss": int(sol.value - value),
         "best": value == sol.value}
        for card, value in sorted(sol.values.items())
    ]


def _dd_hand_rows(g: Game, params: dict[str, Any], index: int, seed: int) -> list[dict]:
    from belote_lab.solver.position import position_of, solve_value_line

    hand = _first_lead(g, params, seed, g.seats[index % len(g.seats)])
    att = g.side_of(hand.taker)
    pos = position_of(hand, g.side_seats(att))
    # the line is found only when a side takes every point left (see below)
    value, left, line_of = solve_value_line(pos)
    holding = _holding(hand)
    bid = _bid(hand)
    trick = len(hand.tricks) + 1
    if 0 < value < left and g.outcome is not None:
        # both sides win points, so both win a trick: the result needs only the points
        res = g.outcome(hand, hand.taker, value, left, pos.tricks_left, list(hand.hands))
        line = "value"
    else:
        # a side takes every point left: whether it also takes every trick (a capot) is read
        # from the solver's line, played out
        for card in line_of():
            hand.play(card)
        res = hand.result
        line = "played"
    row = {"dealer": SEATS[hand.dealer], "contract": hand.contract.code,
           "taker": SEATS[hand.taker], "trick": trick, "value": int(value), "line": line,
           **_result(g, hand, res)}
    return [{**row, **bid, **holding}]


STUDIES: dict[str, Study] = {
    s.name: s
    for s in (
        Study("selfplay", "self-play outcomes and the taker's trump holding, a row a hand",
              _selfplay_rows, {"players": "2", "rules": None}, version=3,
              compiled=_selfplay_compiled),
        Study("double_dummy", "exact double-dummy value of every legal card at the first "
              "lead (two-player Belote: once the stock is empty), a row a card",
              _double_dummy_rows, {"players": "2", "rules": None}),
        Study("level4", "self-play outcomes of level-4 players, a row a hand",
              _selfplay_rows, {"players": "4", "rules": None}, version=2),
        Study("dd_hand", "the hand's result under double-dummy play from the first lead "
              "(two-player Belote: once the stock is empty) and the taker's holding, a row "
              "a hand", _dd_hand_rows, {"players": "2", "rules": None}),
    )
}


def study(name: str) -> Study:
    """The :class:`Study` called ``name`` (:class:`ValueError` naming the studies if none).

    >>> study("selfplay").name
    'selfplay'
    """
    if name not in STUDIES:
        raise ValueError(f"unknown study {name!r}; choose one of {', '.join(STUDIES)}")
    return STUDIES[name]


def check(name: str, game: str = "belote", params: Mapping[str, Any] | None = None
          ) -> tuple[Study, Game, dict[str, Any]]:
    """The study, the game and the full parameters (defaults filled in, players as levels
    text), checked: :class:`ValueError` on an unknown study, game or parameter, bad levels
    or rule options.

    >>> check("selfplay", "belote2", {"players": "2,1"})[2]
    {'players': '2,1', 'rules': None}
    >>> check("selfplay", "belote", {"colour": 1})
    Traceback (most recent call last):
    ...
    ValueError: study selfplay takes the parameters players, rules, not colour
    """
    s = study(name)
    g = get(game)
    if g.bidding == "calls":
        raise ValueError(f"study {name} needs a game with a contract and a taker, not {g.name}")
    given = dict(params or {})
    unknown = sorted(set(given) - set(s.defaults))
    if unknown:
        raise ValueError(f"study {name} takes the parameters {', '.join(s.defaults)}, "
                         f"not {', '.join(unknown)}")
    full = {**s.defaults, **given}
    levels = parse_levels(full["players"])
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in levels):
        raise ValueError("a study's players are levels, e.g. 2,1,2,1")
    full["players"] = ",".join(str(x) for x in levels)
    make_players(g, full["players"], 0)  # levels and seat count checked
    full["rules"] = g.rules(full["rules"]).changed() or None
    return s, g, full


def search_settings(game: str, players: str) -> dict[str, Any] | None:
    """The numbers of the search levels (3 and 4) among ``players`` (levels text), by level
    (:func:`belote_lab.players.search.settings`), or ``None`` when no seat searches.  A
    study's folder keeps them, and chunks made under other numbers are not mixed in: a
    changed level is another study.

    >>> search_settings("belote", "2,1") is None
    True
    >>> sorted(search_settings("belote", "4,2"))
    ['4']
    """
    from belote_lab.players.search import settings

    searching = sorted({x for x in parse_levels(players) if x in (3, 4)})
    return {str(x): settings(game, x) for x in searching} or None


def hand_seed(name: str, game: str, params: Mapping[str, Any], seed: int, index: int) -> int:
    """The seed of hand ``index``: a function of the question and ``index`` only.

    >>> a = hand_seed("selfplay", "belote", {"players": "2", "rules": None}, 0, 7)
    >>> a == hand_seed("selfplay", "belote", {"rules": None, "players": "2"}, 0, 7), a < 2**32
    (True, True)
    """
    key = json.dumps([name, game, dict(params), seed, index], sort_keys=True)
    return int.from_bytes(hashlib.sha256(f"belote_lab.study:{key}".encode()).digest()[:4], "big")


def batch_seed(name: str, game: str, params: Mapping[str, Any], seed: int) -> int:
    """The seed of a study's compiled hands: hand ``i`` is the kernel's hand number ``i`` of
    it (a function of the question only, as :func:`hand_seed` without the hand).

    >>> s = batch_seed("selfplay", "belote", {"players": "2", "rules": None}, 0)
    >>> s == batch_seed("selfplay", "belote", {"rules": None, "players": "2"}, 0), s < 2**32
    (True, True)
    """
    key = json.dumps([name, game, dict(params), seed], sort_keys=True)
    digest = hashlib.sha256(f"belote_lab.study.batch:{key}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def engine(name: str, game: str = "belote", params: Mapping[str, Any] | None = None
           ) -> tuple[str, str | None]:
    """``("batch", None)`` when study ``name`` of ``game`` with ``params`` plays its hands in
    compiled code, else ``("python", why)``: the study has no compiled path, or
    :func:`belote_lab.simulation.simulate.simulate`'s reason (a level the kernels do not play, a
    rule option they refuse).

    >>> engine("selfplay", "coinche")
    ('batch', None)
    >>> engine("selfplay", "belote", {"players": "2,2,2,3"})[0]
    'python'
    >>> engine("dd_hand", "belote")
    ('python', 'the study dd_hand has no compiled path')
    """
    s, g, full = check(name, game, params)
    return _engine(s, g, full)


def _engine(s: Study, g: Game, params: Mapping[str, Any]) -> tuple[str, str | None]:
    """:func:`engine` of checked parameters."""
    if s.compiled is None:
        return "python", f"the study {s.name} has no compiled path"
    from belote_lab.simulation.simulate import engine_for

    return engine_for(g, params["players"], params["rules"])


@dataclass(frozen=True)
class _Task:
    name: str
    game: str
    params: dict[str, Any]
    seed: int
    chunk: int  # the chunk's number
    start: int  # its first hand
    stop: int  # one past its last hand


def compute_chunk(task: _Task) -> tuple[int, int, list[dict[str, Any]]]:
    """Compute one chunk (run by a worker): ``(chunk, hands, rows)``."""
    s, g = STUDIES[task.name], get(task.game)
    n = task.stop - task.start
    played, _ = _engine(s, g, task.params)
    if played == "batch":
        assert s.compiled is not None
        bs = batch_seed(task.name, task.game, task.params, task.seed)
        made = s.compiled(g, task.params, bs, task.start, n)
        return task.chunk, n, [{"chunk": task.chunk, "index": task.start + k, "seed": bs,
                                "engine": played, **r} for k, r in enumerate(made)]
    said = {} if s.compiled is None else {"engine": played}
    rows = []
    for i in range(task.start, task.stop):
        hs = hand_seed(task.name, task.game, task.params, task.seed, i)
        for r in s.rows(g, task.params, i, hs):
            rows.append({"chunk": task.chunk, "index": i, "seed": hs, **said, **r})
    return task.chunk, n, rows


# --- the store -------------------------------------------------------------------------------
def _format() -> str:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return "csv"
    return "parquet"


def _stored(out: Path) -> dict[int, tuple[int, Path]]:
    """Chunk → (hands, file) of the chunk files in ``out`` (two files of one chunk: a
    :class:`ValueError` naming them)."""
    found: dict[int, tuple[int, Path]] = {}
    for p in sorted(out.iterdir()) if out.is_dir() else ():
        m = _CHUNK_FILE.match(p.name)
        if m:
            k = int(m.group(1))
            if k in found:
                raise ValueError(f"{found[k][1]} and {p.name} hold the same chunk {k}: delete "
                                 "one of them")
            found[k] = (int(m.group(2)), p)
    return found


def _read_meta(path: Path) -> dict[str, Any]:
    """The :data:`META` file ``path``, checked: a JSON object whose ``format`` is one of
    :data:`FORMATS` and ``chunk`` a whole number of at least 1 (a :class:`ValueError`
    naming the file otherwise)."""
    from belote_lab.jsonlines import json_kind, loads

    try:
        stored = loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        raise ValueError(f"{path} is not a study file (not JSON: {e})") from None
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    if not isinstance(stored, dict):
        raise ValueError(f"{path} is not a study file (it holds {json_kind(stored)}, not an "
                         "object)")
    fmt = stored.get("format")
    if fmt not in FORMATS:
        shown = repr(fmt)[:40]
        raise ValueError(f"{path}: the chunk format is {shown}, not one of "
                         f"{', '.join(FORMATS)}")
    chunk = stored.get("chunk")
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"{path}: the chunk size is {repr(chunk)[:40]}, not a whole number "
                         "of at least 1")
    return stored


def _open_store(out: Path, meta: dict[str, Any]) -> dict[str, Any]:
    """Check that ``out`` holds this question (or nothing) before any work, writing
    nothing; returns the stored meta (the format chosen by the first run) or ``meta``."""
    if out.exists() and not out.is_dir():
        raise ValueError(f"cannot use {out}: it is a file, not a directory")
    path = out / META
    if path.exists():
        stored = _read_meta(path)
        keys = ("name", "game", "params", "seed", "chunk", "version", "settings")
        if {k: stored.get(k) for k in keys} != {k: meta[k] for k in keys}:
            if all(stored.get(k) == meta[k] for k in keys if k != "settings"):
                raise ValueError(f"{out} holds this study played by the search levels as "
                                 "they were set before (their numbers have changed since: "
                                 "belote_lab.players.search.settings); choose another "
                                 "directory or delete it")
            raise ValueError(f"{out} holds another study ({_describe(stored)}); choose another "
                             "directory or delete it")
        if stored.get("format") == "parquet" and _format() != "parquet":
            raise ValueError(f"{out} holds Parquet files and pyarrow is not installed")
        return dict(stored)
    if out.is_dir() and any(out.iterdir()):
        raise ValueError(f"{out} is not empty and holds no {META}: choose another directory")
    if not out.parent.is_dir():
        raise ValueError(f"cannot write {out}: the directory {out.parent} does not exist")
    if not os.access(out if out.is_dir() else out.parent, os.W_OK | os.X_OK):
        raise ValueError(f"cannot write {out}: permission denied")
    return meta


def _check_writable(out: Path) -> None:
    """Before any work: a file can be made in ``out`` (made, if it is not there, and removed
    again: only a try tells, e.g. under ``/proc``); a :class:`ValueError` naming it if not."""
    made = not out.exists()
    try:
        if made:
            out.mkdir()
        probe = out / f".{META}.{os.getpid()}.probe"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise ValueError(f"cannot write {out}: {e.strerror or e}") from None
    finally:
        if made and out.is_dir() and not any(out.iterdir()):
            out.rmdir()


def _create(out: Path, meta: dict[str, Any]) -> None:
    """The directory and its :data:`META` file (before the first chunk is written)."""
    if not (out / META).exists():
        out.mkdir(exist_ok=True)
        _replace(out / META,
                 lambda tmp: tmp.write_text(json.dumps(meta, indent=1) + "\n", "utf-8"))


def _describe(meta: Mapping[str, Any]) -> str:
    return (f"{meta.get('name')} of {meta.get('game')} with {meta.get('params')}, "
            f"seed {meta.get('seed')}, chunks of {meta.get('chunk')}")


def _replace(path: Path, write: Callable[[Path], Any]) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _write_chunk(out: Path, fmt: str, k: int, hands: int, rows: list[dict[str, Any]]) -> None:
    import pandas as pd

    old = _stored(out).get(k)
    path = out / f"chunk-{k:06d}-n{hands}.{fmt}"
    df = pd.DataFrame(rows)
    if fmt == "parquet":
        _replace(path, lambda tmp: df.to_parquet(tmp, index=False))
    else:
        _replace(path, lambda tmp: df.to_csv(tmp, index=False))
    if old is not None and old[1] != path:
        old[1].unlink()


def _read_chunk(p: Path, k: int, hands: int, chunk: int) -> Any:
    """The rows of chunk ``k`` (``hands`` hands of a study in chunks of ``chunk``) stored in
    ``p``, checked: a file that cannot be read, or that does not hold exactly the hands of
    that chunk, is a :class:`ValueError` naming it (never rows silently missing)."""
    import pandas as pd

    again = "delete it to compute the chunk again"
    try:
        df = (pd.read_parquet(p) if p.suffix == ".parquet"
              else pd.read_csv(p, keep_default_na=False))
    except Exception as e:  # pandas' and pyarrow's errors for a damaged file are many
        words = str(e).strip().splitlines()[0][:120] if str(e).strip() else type(e).__name__
        raise ValueError(f"{p}: not a chunk file that can be read ({words}); {again}") from None
    start = k * chunk
    want = set(range(start, start + hands))
    try:
        ok = (hands <= chunk and {"chunk", "index"} <= set(df.columns) and len(df) > 0
              and {int(x) for x in df["chunk"]} == {k}
              and {int(x) for x in df["index"]} == want)
    except (TypeError, ValueError, OverflowError):
        ok = False
    if not ok:
        raise ValueError(f"{p} does not hold the rows of hands {start} to {start + hands - 1} "
                         f"(chunk {k}); {again}")
    return df


def stored_settings(out: str | Path) -> dict[str, Any] | None:
    """The search levels' numbers the study directory ``out`` was computed under
    (:func:`search_settings`; ``None``: no seat searched, or a folder made before they were
    kept)."""
    found: dict[str, Any] | None = _read_meta(Path(out) / META).get("settings")
    return found


def load(out: str | Path) -> Any:
    """Every stored chunk of the study directory ``out`` as one pandas DataFrame, sorted by
    (chunk, index) (a hand's rows in the order they were made).  A damaged directory (its
    :data:`META` or a chunk file that cannot be read or holds other hands) is a
    :class:`ValueError` naming the file."""
    import pandas as pd

    out = Path(out)
    if not (out / META).exists():
        raise ValueError(f"{out} holds no study ({META} is missing)")
    chunk = _read_meta(out / META)["chunk"]
    frames = []
    for k, (hands, p) in sorted(_stored(out).items()):
        frames.append(_read_chunk(p, k, hands, chunk))
    if not frames:
        return pd.DataFrame()
    df = pd.concat(frames, ignore_index=True)
    return df.sort_values(["chunk", "index"], kind="stable").reset_index(drop=True)


# --- running ---------------------------------------------------------------------------------
def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _dask_client(scheduler: str | None, client: Any, workers: int | None) -> tuple[Any, Any]:
    """``(client, cluster)`` for a Dask run (``cluster`` is ours to close), or
    ``(None, None)`` when dask is not installed and ``scheduler`` is ``"local"``."""
    if client is not None:
        return client, None
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        if scheduler == "local":
            _say("belote_lab.studies.study: dask is not installed "
                 "(pip install 'belote-lab[study]'); running in this process")
            return None, None
        raise ValueError(f"dask is needed for the scheduler {scheduler}: "
                         "pip install 'belote-lab[study]'") from None
    if scheduler == "local":
        import logging

        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                               processes=True, dashboard_address=None,
                               silence_logs=logging.ERROR)
        return Client(cluster), cluster
    return Client(scheduler, timeout="30s"), None


def _serial(tasks: list[_Task]) -> Iterator[tuple[int, int, list[dict[str, Any]]]]:
    for t in tasks:
        yield compute_chunk(t)


def _processes(tasks: list[_Task], workers: int | None) -> Iterator[Any]:
    import multiprocessing

    with multiprocessing.Pool(workers or os.cpu_count() or 1) as pool:
        yield from pool.imap_unordered(compute_chunk, tasks)


def _on_dask(tasks: list[_Task], client: Any) -> Iterator[Any]:
    from dask.distributed import as_completed

    futures = [client.submit(compute_chunk, t, pure=False) for t in tasks]
    try:
        for fut in as_completed(futures):
            yield fut.result()
    finally:
        client.cancel(futures)


def _results(tasks: list[_Task], scheduler: str | None, client: Any,
             workers: int | None) -> Iterator[Any]:
    """The computed chunks, as they finish, on the chosen scheduler."""
    if not tasks:
        return
    if client is None and scheduler in ("serial", "processes"):
        yield from (_serial(tasks) if scheduler == "serial" else _processes(tasks, workers))
        return
    own_client, cluster = _dask_client(scheduler, client, workers)
    if own_client is None:
        yield from _serial(tasks)
        return
    try:
        yield from _on_dask(tasks, own_client)
    finally:
        if client is None:
            own_client.close()
        if cluster is not None:
            cluster.close()


def _check_scheduler(scheduler: str | None, client: Any) -> None:
    if client is None and scheduler not in SCHEDULERS and not (
        isinstance(scheduler, str) and scheduler.startswith("tcp://")
    ):
        raise ValueError(f"unknown scheduler {scheduler!r}; give local, processes, serial or "
                         "a tcp://HOST:PORT address")


def default_out(name: str, game: str = "belote") -> Path:
    """Where :func:`run` and ``belote-lab study`` keep study ``name`` of ``game`` when given
    no directory: ``studies/<name>-<game>`` in the user's data folder (made, if missing, at
    the first chunk; its parent folder here).  A run of another question (seed, parameters,
    chunk size) there is refused: name another ``out``."""
    return folders.user_file("studies", f"{name}-{game}")


def run(name: str, n: int, *, game: str = "belote", chunk: int = 50, seed: int = 0,
        out: str | Path | None = None, scheduler: str | None = "local", client: Any = None,
        workers: int | None = None, progress: bool = True, **params: Any) -> Any:
    """Compute hands ``0 … n-1`` of study ``name`` (:data:`STUDIES`) of ``game`` in chunks
    of ``chunk`` hands into the directory ``out`` (default :func:`default_out`, in the
    user's data folder; chunks already there are kept) and
    return its rows for those hands as a pandas DataFrame (:func:`load`); ``params`` are the
    study's parameters (``players``, ``rules``).  ``scheduler``: ``"local"`` (a Dask
    LocalCluster of ``workers`` processes, default one a core), a ``"tcp://HOST:PORT"``
    Dask scheduler, ``"processes"`` or ``"serial"``; ``client``: a Dask client to use
    instead.  ``df.attrs["computed"]`` lists the chunks computed by this call."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"the number of hands must be a whole number of at least 1, not {n!r}")
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"the chunk size must be a whole number of at least 1, not {chunk!r}")
    _check_scheduler(scheduler, client)
    s, g, full = check(name, game, params)
    out = default_out(s.name, g.name) if out is None else Path(out)
    meta = {"name": s.name, "game": g.name, "params": full, "seed": seed, "chunk": chunk,
            "version": s.version, "format": _format(), "about": s.about,
            "settings": search_settings(g.name, full["players"])}
    meta = _open_store(out, meta)
    fmt = meta["format"]
    have = _stored(out)
    tasks = [_Task(s.name, g.name, full, seed, k, k * chunk, min(n, (k + 1) * chunk))
             for k in range(-(-n // chunk))]
    todo = [t for t in tasks if have.get(t.chunk, (0,))[0] < t.stop - t.start]
    again = {t.chunk for t in todo}
    for k, (hands, p) in have.items():  # the chunks kept, checked before any work
        if k not in again:
            _read_chunk(p, k, hands, chunk)
    if todo:
        _check_writable(out)
        if s.compiled is not None:  # which engine plays the hands, and why not compiled
            meta = {**meta, **dict(zip(("engine", "why_python"), _engine(s, g, full),
                                       strict=True))}
    from tqdm.auto import tqdm

    computed = []
    with tqdm(total=len(tasks), initial=len(tasks) - len(todo), unit="chunk",
              desc=f"{s.name} {g.name}", disable=not progress) as bar:
        for k, hands, rows in _results(todo, scheduler, client, workers):
            _create(out, meta)
            _write_chunk(out, fmt, k, hands, rows)
            computed.append(k)
            bar.update()
    df = load(out)
    df = df[df["index"] < n].reset_index(drop=True)
    df.attrs["computed"] = sorted(computed)
    return df


def summary(df: Any) -> str:
    """One line about a study's rows (what ``belote-lab study`` prints)."""
    if not len(df):
        return "no rows"
    hands = df["index"].nunique()
    if "best_value" in df:
        value = df.groupby("index")["best_value"].first().mean()
        return (f"{hands} deals, {len(df)} legal cards: the side to play secures "
                f"{value:.1f} points on average; {df['best'].astype(bool).mean():.0%} of the "
                f"cards are best, the others give away {df['loss'][df['loss'] > 0].mean():.1f}")
    made = (df["made"] == 1).mean()
    return (f"{hands} hands: {made:.1%} of the contracts made, the attack's mean card points "
            f"{df['attack_points'].mean():.1f}")
