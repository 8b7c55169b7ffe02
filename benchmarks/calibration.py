"""Calibration of the inference (:mod:`belote_lab.players.inference`): how often a seat really
holds a key card when the weighted deals say it does with probability p, against the
uniform deals of the hard constraints alone.

    python benchmarks/calibration.py [--game belote] [--deals 1200] [--fit 400] [--samples 100]
                                     [--jobs 2] [--agreement 0] [--out FILE] [--raw FILE]
                                     [--checkpoints 0,1,3,5]

Method.  ``--deals`` hands of ``--game`` are dealt from seeds ``--seed`` … and played by
level-2 players (``--players``).  In hand ``i`` the seat ``i mod 4`` looks at the hand at four
checkpoints — after the auction (before the first card), after tricks 1, 3 and 5 — and draws
``--samples`` deals of the cards it cannot see (:func:`~belote_lab.players.inference.infer`:
the sampler's deals, every hard constraint kept, and each deal's evidence).  For each key
card it cannot see — the trump jack and nine (a suit contract; Callbreak: the king of
spades) and the four aces — and each
other seat, the predicted probability that the seat holds the card is the weight of the deals
in which it does; the outcome is whether it really does.  Uniform = every deal weighing the
same (``ε = 1``: the sampler alone); weighted = the inference's weights.

ε.  When every seat is level 2 the level-2 model never misses on the real deal, so the rate of
misses there says nothing; ε is chosen instead for calibration: the pair (cards, calls) of the
grid with the lowest log loss on the first ``--fit`` hands — and whether the calls are weighed
by their kind only (a Coinche bid by its trump, not its value: ``call_kinds``) — and every
figure below it is measured on the other hands, which the fit never saw.  ``--agreement N`` also
plays N hands with level-3 and N with level-4 players at every seat and counts how often level
2, on the acting seat's own observation, would have made the action they made (and the ε
that best explains their actions: the maximum-likelihood noise of the model) — the noise a
stronger or a human opponent brings.

Printed and written (``--out``, JSON; a ``.txt`` summary beside it): the fitted ε, the log
loss of every ε of the grid on the fit and test hands, the reliability tables (decile,
mean predicted, observed frequency, n) of the uniform and weighted predictions, their Brier
score and log loss (probabilities clipped to [0.001, 0.999]) overall and at each checkpoint,
the mean effective sample size, the number of hands and predictions, the time and the load
average.  The issue's 10,000-hand run is ``make calibration CALIBRATION_ARGS="--deals 10000
--fit 2000"`` (four-player Belote: 1,200 hands took 7 to 15 minutes on 2 cores shared with
other work, so 1 to 2 hours; Coinche and Callbreak take about as long or less).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np
from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.cards import Card, Rank, Suit
from belote_lab.contract import ContractKind
from belote_lab.games import get
from belote_lab.players.inference import Model, infer, log_likelihoods, model_for
from belote_lab.players.levels import player_for
from belote_lab.players.registry import level2
from belote_lab.simulation.selfplay import play_hand

GRID = (0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0)
"""The noises tried, for the cards and for the calls."""
KINDS = (False, True)
"""``call_kinds`` of :class:`~belote_lab.players.inference.Model`: both are fitted (the
likelihood's form is the module's, ``against_random``: the model's own likelihood gave the
same log loss to 0.001 in four-player Belote and Coinche)."""
CHECKPOINTS = (0, 1, 3, 5)
"""Tricks played at each checkpoint (0: after the auction)."""
CALLS = -1
"""The checkpoint "at the taker's call": the hand taken back to just before the call that made
the contract, seen by the seat about to make it, when another seat has called before it (the
weights then read those calls alone: in two-player Belote, whose play is not replayed, the only
place the inference weighs anything).  Only with ``--checkpoints``."""
CLIP = 1e-3
"""Probabilities are clipped to [CLIP, 1 - CLIP] for the log loss."""


# --- one hand -------------------------------------------------------------------------------------
def at_checkpoint(hand: Any, tricks: int) -> Any | None:
    """A copy of the finished ``hand`` taken back to the moment ``tricks`` tricks were
    complete and the next not begun (``None`` past its end)."""
    if tricks >= len(hand.tricks):
        return None
    w = hand.copy()
    while len(w.tricks) > tricks or w.trick or w.result is not None:
        w.undo()
    return w


def at_last_call(hand: Any) -> Any | None:
    """A copy of the finished ``hand`` taken back to just before its taker's last call
    (:data:`CALLS`); ``None`` without a taker or when no other seat called before it."""
    taker = getattr(hand, "taker", None)
    calls = [(k, a.seat_index) for k, a in enumerate(hand.actions) if a.kind == "call"]
    last = max((k for k, s in calls if s == taker), default=None)
    if taker is None or last is None or not any(s != taker for k, s in calls if k < last):
        return None
    w = hand.copy()
    while len(w.actions) > last:
        w.undo()
    return w


def checkpoint_name(k: int) -> str:
    """A checkpoint's name in the results."""
    return ("at the taker's call" if k == CALLS else f"after trick {k}" if k
            else "after the auction")


def key_cards(state: Any) -> list[tuple[str, Card]]:
    """The key cards of the hand's contract: the trump jack and nine (a suit contract; in
    Callbreak the king of spades), the aces; each with its kind."""
    out: list[tuple[str, Card]] = []
    contract = state.contract
    if contract.kind is ContractKind.SUIT and contract.trump is not None:
        t = int(contract.trump)
        out += [("trump J", Card(16 * t + Rank.JACK)), ("trump 9", Card(16 * t + Rank.NINE))]
    elif contract.trump is not None:  # Callbreak: spades, the ace and king highest
        out += [("trump K", Card(16 * int(contract.trump) + Rank.KING))]
    out += [("ace", Card(16 * int(s) + Rank.ACE)) for s in Suit]
    return out


def predictions(state: Any, seat: int, samples: int, rng: random.Random,
                keys: list[tuple[str, Card]] | None = None) -> dict[str, Any]:
    """At one checkpoint: each (key card, other seat) the seat cannot place, with the
    predicted probability for every model of the grid (``[kinds, card ε, call ε]``), the
    outcome, and the effective sample size of every model.  ``keys``: the key cards (default
    :func:`key_cards` of ``state``'s contract; during the calls those of the contract made)."""
    inf = infer(state, seat, samples, rng, Model(1.0, 1.0))
    logs = np.array([[log_likelihoods(ev, GRID, GRID, True, kinds) for kinds in KINDS]
                     for ev in inf.evidence])  # [deal, call kinds?, card ε, call ε]
    top = logs.max(axis=0)
    with np.errstate(invalid="ignore"):
        w = np.exp(logs - np.where(np.isfinite(top), top, 0.0))
    total = w.sum(axis=0)
    w = np.where(total > 0, w / np.where(total > 0, total, 1.0), 1.0 / len(inf))
    ess = 1.0 / (w * w).sum(axis=0)
    played = state.played_masks()
    known = state.known_cards(seat)
    rows = []
    shown = getattr(state, "turned", None)  # the turned card: every seat sees it
    for kind, card in key_cards(state) if keys is None else keys:
        bit = 1 << int(card)
        if state.hands[seat] & bit or any(m & bit for m in played) or any(
            m & bit for m in known.values()
        ) or card == shown:
            continue
        for other in state.seat_order:
            if other == seat:
                continue
            holds = np.array([bool(d.hands[other] & bit) for d in inf.deals], dtype=float)
            p = np.tensordot(holds, w, axes=(0, 0))
            rows.append({"kind": kind, "p": p.round(6).tolist(),
                         "y": bool(state.hands[other] & bit)})
    return {"rows": rows, "ess": ess.round(3).tolist(), "n": len(inf)}


def one_hand(job: tuple[str, str, int, int, int, tuple[int, ...]]) -> dict[str, Any]:
    """Play hand ``i`` (seed ``base + i``) and make its checkpoints' predictions."""
    game, players, base, i, samples, checkpoints = job
    g = get(game)
    t0 = time.perf_counter()
    hand = play_hand(game, players, seed=base + i, dealer=g.seats[i % g.players])
    seat = g.seats[i % g.players]
    out: dict[str, Any] = {"i": i, "seat": seat, "checkpoints": {}}
    for k in checkpoints:
        state = at_last_call(hand) if k == CALLS else at_checkpoint(hand, k)
        if state is not None:
            rng = random.Random(1_000_003 * (base + i) + k)
            at, keys = (hand.taker, key_cards(hand)) if k == CALLS else (seat, None)
            out["checkpoints"][k] = predictions(state, at, samples, rng, keys)
    out["seconds"] = time.perf_counter() - t0
    return out


# --- scores ---------------------------------------------------------------------------------------
def log_loss(p: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The mean log loss over the first axis (``p`` may have more axes: the grid)."""
    q = np.clip(p, CLIP, 1 - CLIP)
    yy = y.reshape((-1,) + (1,) * (p.ndim - 1))
    return np.asarray(-(yy * np.log(q) + (1 - yy) * np.log(1 - q)).mean(axis=0))


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(((p - y) ** 2).mean())


def reliability(p: np.ndarray, y: np.ndarray) -> list[dict[str, Any]]:
    """Deciles of the predicted probability: mean predicted, observed frequency, n."""
    out = []
    bins = np.minimum((p * 10).astype(int), 9)
    for b in range(10):
        sel = bins == b
        n = int(sel.sum())
        out.append({"decile": f"{b / 10:.1f}-{(b + 1) / 10:.1f}", "n": n,
                    "predicted": round(float(p[sel].mean()), 4) if n else None,
                    "observed": round(float(y[sel].mean()), 4) if n else None})
    return out


def gather(hands: list[dict[str, Any]], checkpoint: int | None = None) -> tuple[Any, Any, Any]:
    """Predictions ``[row, kinds, card ε, call ε]``, outcomes and effective sample sizes
    ``[checkpoint, kinds, card ε, call ε]`` of ``hands`` (one checkpoint, or all)."""
    ps: list[Any] = []
    ys: list[bool] = []
    ess: list[Any] = []
    for h in hands:
        for k, cp in h["checkpoints"].items():
            if checkpoint is not None and int(k) != checkpoint:
                continue
            ess.append(cp["ess"])
            for r in cp["rows"]:
                ps.append(r["p"])
                ys.append(r["y"])
    return np.array(ps, dtype=float), np.array(ys, dtype=float), np.array(ess, dtype=float)


def scores(p: np.ndarray, y: np.ndarray) -> dict[str, Any]:
    return {"n": len(y), "brier": round(brier(p, y), 5),
            "log_loss": round(float(log_loss(p, y)), 5), "reliability": reliability(p, y)}


def fit(hands: list[dict[str, Any]]) -> tuple[tuple[int, int, int], np.ndarray]:
    """The grid index ``(kinds, card ε, call ε)`` of the lowest log loss on ``hands``, and
    the log loss of every model."""
    p, y, _ = gather(hands)
    grid = log_loss(p, y)
    best = np.unravel_index(int(np.argmin(grid)), grid.shape)
    return (int(best[0]), int(best[1]), int(best[2])), grid


def model_name(ix: tuple[int, int, int]) -> dict[str, Any]:
    return {"card_epsilon": GRID[ix[1]], "call_epsilon": GRID[ix[2]],
            "call_kinds": KINDS[ix[0]]}


def grid_index(model: Model) -> tuple[int, int, int] | None:
    """``model``'s place in the grid, if it has one."""
    if model.card_epsilon not in GRID or model.call_epsilon not in GRID or (
        not model.against_random
    ):
        return None
    return (KINDS.index(model.call_kinds), GRID.index(model.card_epsilon),
            GRID.index(model.call_epsilon))


def paired_by_hand(test: list[dict[str, Any]], a: tuple[int, int, int],
                   b: tuple[int, int, int]) -> dict[str, Any]:
    """Log loss of model ``a`` minus model ``b``, paired by hand: each test hand's mean
    difference over its predictions, then the mean over the hands with its 95% interval (the
    predictions of one hand are not independent; the hands are).

    >>> h = {"checkpoints": {"0": {"rows": [{"p": [[[0.5]], [[0.9]]], "y": True}], "ess": []}}}
    >>> r = paired_by_hand([h, h], (0, 0, 0), (1, 0, 0))
    >>> r["hands"], round(r["mean"], 3), r["low"] == r["high"] == r["mean"]
    (2, 0.588, True)
    """
    diffs = []
    for h in test:
        p, y, _ = gather([h])
        if len(y):
            diffs.append(float(log_loss(p[(slice(None), *a)], y))
                         - float(log_loss(p[(slice(None), *b)], y)))
    d = np.array(diffs)
    half = 1.96 * float(d.std(ddof=1)) / len(d) ** 0.5 if len(d) > 1 else float("nan")
    return {"hands": len(d), "mean": float(d.mean()), "low": float(d.mean()) - half,
            "high": float(d.mean()) + half}


def evaluate(test: list[dict[str, Any]], best: tuple[int, int, int], game: str,
             checkpoints: tuple[int, ...] = CHECKPOINTS) -> dict[str, Any]:
    """Uniform and weighted (``best``; and the module's model of ``game``) scores on
    ``test``.  The module's model is the one its inference weighs these checkpoints with:
    the calls' (:func:`~belote_lab.players.inference.model_for` during the calls) when the
    only checkpoint is :data:`CALLS`, else the play's."""
    uniform = (0, len(GRID) - 1, len(GRID) - 1)
    phase = "bidding" if set(checkpoints) == {CALLS} else "play"
    default = grid_index(model_for(game, phase)) or best
    out: dict[str, Any] = {}
    for name, ix in (("uniform", uniform), ("weighted", best), ("module default", default)):
        per: dict[str, Any] = {}
        for k in (None, *checkpoints):
            p, y, ess = gather(test, k)
            if not len(y):
                continue
            s = scores(p[(slice(None), *ix)], y)
            s["mean_ess"] = round(float(ess[(slice(None), *ix)].mean()), 2)
            per["all" if k is None else checkpoint_name(k)] = s
        out[name] = {"model": model_name(ix), "scores": per}
    out["uniform minus weighted"] = paired_by_hand(test, uniform, best)
    return out


# --- how often level 2 does what a stronger player does -------------------------------------------
def agreement_hand(job: tuple[str, int, int]) -> list[tuple[str, int, bool]]:
    """Deal and play one hand by ``level`` players at every seat; at each decision with a
    choice, did level 2 (on the same observation) choose the same?  ``(kind, legal, same)``."""
    game, level, seed = job
    g = get(game)
    l2 = level2(game)(None)
    for redeal in range(100):
        h = g.hand_class(seed=1000 * seed + redeal, dealer=g.seats[seed % g.players])
        players = {s: player_for(game, level, seed=10 * seed + s) for s in g.seats}
        out: list[tuple[str, int, bool]] = []
        while not h.is_over:
            s = h.current_player
            view = h.observation(s)
            if h.phase == "play":
                legal = bin(h.legal_mask()).count("1")
                card = players[s].choose_card(view)
                if legal > 1:
                    out.append(("card", legal, int(l2.choose_card(view)) == int(card)))
                h.play(card)
            else:
                calls = h.legal_calls()
                call = players[s].choose_call(view)
                if len(calls) > 1:
                    mine = l2.choose_call(view)
                    out.append(("call", len(calls), h.verify_call(mine) == h.verify_call(call)))
                h.call(call)
        if h.phase == "done":
            return out
    return []


def noise_mle(decisions: list[tuple[int, bool]]) -> float | None:
    """The ε of the model (level 2, else a random legal action) that best explains
    ``decisions`` (maximum likelihood on a grid of step 0.001)."""
    if not decisions:
        return None
    eps = np.linspace(0.001, 1.0, 1000)
    ll = np.zeros_like(eps)
    for legal, same in decisions:
        ll += np.log((1 - eps) * same + eps / legal)
    return round(float(eps[int(np.argmax(ll))]), 3)


def agreement(game: str, hands: int, jobs: int) -> dict[str, Any]:
    """Level 2 against levels 3 and 4 (see the module text)."""
    out: dict[str, Any] = {"hands": hands}
    for level in (3, 4):
        t0 = time.perf_counter()
        with Pool(jobs) as pool:
            rows = [r for hand in pool.map(agreement_hand, [(game, level, s) for s in
                                                           range(hands)]) for r in hand]
        per: dict[str, Any] = {"seconds": round(time.perf_counter() - t0, 1)}
        for kind in ("card", "call"):
            ds = [(legal, same) for k, legal, same in rows if k == kind]
            per[kind + "s"] = {
                "decisions": len(ds),
                "agree": round(sum(s for _, s in ds) / len(ds), 4) if ds else None,
                "epsilon_mle": noise_mle(ds),
            }
        out[f"level {level}"] = per
    return out


# --- the run -------------------------------------------------------------------------------------
def run_hands(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    jobs = [(args.game, args.players, args.seed, i, args.samples, args.checkpoints)
            for i in range(args.deals)]
    t0 = time.perf_counter()
    with Pool(args.jobs) as pool:
        for n, res in enumerate(pool.imap_unordered(one_hand, jobs, chunksize=4), 1):
            if n % 100 == 0 or n == len(jobs):
                el = time.perf_counter() - t0
                print(f"  {n}/{len(jobs)} hands, {el:.0f} s", file=sys.stderr, flush=True)
            yield res


def played(args: argparse.Namespace) -> tuple[list[dict[str, Any]], float, dict[str, Any]]:
    """Every hand's predictions, the seconds they took and the load average around them:
    read from ``--raw`` when it holds those of the same hands, else played (and kept)."""
    other = args.checkpoints != CHECKPOINTS  # the usual run keeps the key (and cache) it had
    key = json.loads(json.dumps(
        [args.game, args.players, args.deals, args.samples, args.seed, GRID, KINDS]
        + [list(args.checkpoints)] * other))
    path = None
    if args.raw is not None:
        at = "-at" + "".join(map(str, args.checkpoints)) if other else ""
        path = args.raw / f"{args.game}-{args.deals}-{args.samples}-{args.seed}{at}.json.gz"
        if path.exists():
            with gzip.open(path, "rt", encoding="utf-8") as f:
                kept = json.load(f)  # plain JSON, never pickle: the cache is data
            if kept["key"] == key:
                print(f"(the hands' predictions are read from {path})", file=sys.stderr)
                return kept["hands"], kept["seconds"], kept["loads"]
    before = load_average()
    t0 = time.perf_counter()
    hands = sorted(run_hands(args), key=lambda h: h["i"])
    seconds = time.perf_counter() - t0
    loads = {"before": before, "after": load_average()}
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with gzip.open(path, "wt", encoding="utf-8") as f:
            json.dump({"key": key, "hands": hands, "seconds": seconds, "loads": loads}, f)
    return hands, seconds, loads


def write(out: Path, result: dict[str, Any]) -> None:
    """Put ``result`` under its game in the JSON file ``out`` (the other games' results kept)
    and write all of them as text beside it (``.txt``)."""
    data: dict[str, Any] = {"games": {}}
    if out.exists():
        old = json.loads(out.read_text())
        if isinstance(old, dict) and isinstance(old.get("games"), dict):
            data = old
    data["games"][result["game"]] = result
    data["command"] = ("python benchmarks/calibration.py --game GAME --deals N --fit F "
                       "--samples S --agreement A --out FILE (once a game)")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    text = "\n\n\n".join([headline(data["games"]), *map(summary, data["games"].values())])
    out.with_suffix(".txt").write_text(text + "\n")


def headline(games: dict[str, dict[str, Any]]) -> str:
    """One line a game: the test hands' scores, uniform → weighted, and the fitted model."""
    at = sorted({c for r in games.values() for c in r.get("checkpoints", [])},
                key=lambda c: (c != "after the auction", c))
    lines = [
        "Inference calibration (benchmarks/calibration.py): the predicted probability that a "
        "seat holds a key card",
        f"(trump J and 9 / Callbreak's K♠, the aces) {', '.join(at)}, on "
        "level-2 self-play hands;",
        "uniform = the sampler's deals alone, weighted = the inference's weights (ε fitted on "
        "other hands).",
        "",
        "game       test hands  predictions  Brier uniform → weighted  log loss uniform → "
        "weighted  ε cards, calls (kinds)  time",
    ]
    for g, r in games.items():
        u, w = (r["test"][k]["scores"]["all"] for k in ("uniform", "weighted"))
        f = r["fitted"]
        kinds = " (kinds)" if f["call_kinds"] else ""
        lines.append(
            f"{g:<10} {r['test_hands']:>10}  {u['n']:>11}  {u['brier']:.4f} → {w['brier']:.4f}"
            f"           {u['log_loss']:.4f} → {w['log_loss']:.4f}             "
            f"{f['card_epsilon']}, {f['call_epsilon']}{kinds:<8}        {r['seconds']:.0f} s")
    lines += [
        "",
        "Time: the hands played and weighed, 2 processes on 2 cores shared with other work. "
        "The issue's 10,000 hands a game:",
        '  make calibration CALIBRATION_ARGS="--deals 10000 --fit 2000 [--game coinche|'
        'callbreak]"  (Belote: about 1 hour at this load).',
        "The log loss clips probabilities to [0.001, 0.999]; a table's n counts (key card, "
        "other seat) predictions.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="belote",
                    choices=("belote", "coinche", "callbreak", "belote2"))
    ap.add_argument("--deals", type=int, default=1200)
    ap.add_argument("--fit", type=int, default=None, help="hands the fit of ε uses (a third)")
    ap.add_argument("--samples", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--players", default="2,2,2,2")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--agreement", type=int, default=0, help="hands a level (3, 4) plays")
    ap.add_argument("--checkpoints", type=lambda x: tuple(int(k) for k in x.split(",")),
                    default=CHECKPOINTS, help="tricks played at each checkpoint: 0,1,3,5 "
                    "(0 alone: after the auction, what the calls say; the deals weigh fast "
                    "then, so --samples may be large; -1: at the taker's call)")
    ap.add_argument("--out", type=Path, default=None,
                    help="a JSON file of results, a game each (its text beside it: .txt)")
    ap.add_argument("--raw", type=Path, default=None,
                    help="a folder to keep every hand's predictions in; those of the same "
                    "hands are read from it instead of playing them again")
    args = ap.parse_args(argv)
    fit_n = args.deals // 3 if args.fit is None else args.fit
    hands, seconds, loads = played(args)
    fit_set, test = hands[:fit_n], hands[fit_n:]
    best, fit_grid = fit(fit_set)
    p, y, _ = gather(test)
    result: dict[str, Any] = {
        "game": args.game, "players": args.players, "hands": len(hands), "fit_hands": fit_n,
        "test_hands": len(test), "samples": args.samples, "seed": args.seed,
        "checkpoints": [checkpoint_name(k) for k in args.checkpoints],
        "grid": list(GRID), "clip": CLIP, "seconds": round(seconds, 1), "jobs": args.jobs,
        "hand_seconds_mean": round(float(np.mean([h["seconds"] for h in hands])), 3),
        "load_average": loads,
        "fitted": model_name(best),
        "log_loss_grid": {
            f"call_kinds={kinds}": {
                "fit": fit_grid[k].round(5).tolist(),
                "test": log_loss(p, y)[k].round(5).tolist()}
            for k, kinds in enumerate(KINDS)},
        "test": evaluate(test, best, args.game, args.checkpoints),
    }
    if args.agreement:
        result["agreement"] = agreement(args.game, args.agreement, args.jobs)
    print(summary(result))
    if args.out is not None:
        write(args.out, result)
    return 0


def summary(r: dict[str, Any]) -> str:
    """The results as text: the fit, then uniform against weighted."""
    lines = [
        f"Calibration of the inference — {r['game']}, players {r['players']}: {r['hands']} "
        f"self-play hands ({r['fit_hands']} to fit ε, {r['test_hands']} to test), "
        f"{r['samples']} sampled deals a checkpoint, {r['jobs']} processes, "
        f"{r['seconds']:.0f} s; load average {r['load_average']['before']} → "
        f"{r['load_average']['after']}",
        f"fitted (lowest log loss on the fit hands): {r['fitted']}",
        "",
        f"log loss on the test hands, call_kinds={r['fitted']['call_kinds']} (rows: card ε; "
        "columns: call ε " + " ".join(str(x) for x in r["grid"]) + ")",
    ]
    key = f"call_kinds={r['fitted']['call_kinds']}"
    for e, row in zip(r["grid"], r["log_loss_grid"][key]["test"], strict=True):
        lines.append(f"  {e:<5} " + " ".join(f"{x:.4f}" for x in row))
    gain = r["test"]["uniform minus weighted"]
    lines += ["", f"log loss, uniform minus weighted, paired by hand: {gain['mean']:+.4f} "
              f"(95% interval {gain['low']:+.4f} to {gain['high']:+.4f}; n = {gain['hands']:,} "
              "test hands)"]
    names = ["uniform", "weighted"]
    if r["test"]["module default"]["model"] != r["test"]["weighted"]["model"]:
        names.append("module default")
    for name in names:
        t = r["test"][name]
        lines += ["", f"{name} — {t['model']}",
                  "  checkpoint          n      Brier    log loss  mean ESS"]
        for k, s in t["scores"].items():
            lines.append(f"  {k:<18}{s['n']:>6}  {s['brier']:.4f}   {s['log_loss']:.4f}"
                         f"    {s['mean_ess']:.1f}")
        lines.append("  reliability (all checkpoints): decile  mean predicted  observed  n")
        for b in t["scores"]["all"]["reliability"]:
            pr = "—" if b["predicted"] is None else f"{b['predicted']:.3f}"
            ob = "—" if b["observed"] is None else f"{b['observed']:.3f}"
            lines.append(f"    {b['decile']}   {pr:>6}  {ob:>6}  {b['n']:>6}")
    if "agreement" in r:
        lines += ["", f"level 2's choice against levels 3 and 4 ({r['agreement']['hands']} "
                  "hands each, every seat that level):"]
        for level in ("level 3", "level 4"):
            a = r["agreement"][level]
            lines.append(f"  {level}: cards {a['cards']}, calls {a['calls']}, "
                         f"{a['seconds']} s")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
