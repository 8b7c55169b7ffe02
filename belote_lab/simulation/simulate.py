"""Many hands of computer play, kept as numpy arrays (one entry per hand) for analysis.

>>> r = simulate("belote", 20, players="1,1,1,1", seed=3, progress=False)
>>> len(r), r.score.shape, r.tricks.shape
(20, (20, 2), (20, 4))
>>> bool(((r.attack_points + r.defence_points) == 162).all())
True
>>> 0.0 <= r.made_rate <= 1.0
True
>>> simulate("belote", 20, players="1,1,1,1", seed=3, progress=False).equals(r)
True

Arrays of a :class:`SimulationResult` (``n`` hands; *sides* are the teams ``NS EW`` in Belote
and Coinche, the seats ``N S`` in two-player Belote and ``N E S W`` in Callbreak):

=================  ==========  =========================================================
name               shape       meaning
=================  ==========  =========================================================
``contract``       (n,)        index in ``contract_names`` (``S H D C NT AT callbreak``)
``bid``            (n,)        Coinche contract value (capot 250, générale 500 …), else 0
``multiplier``     (n,)        Coinche 1/2/4, else 1
``taker``          (n,)        taker's / bidder's seat index (-1 in Callbreak)
``dealer``         (n,)        dealer of the hand that was played
``redeals``        (n,)        deals passed out before it
``attack_points``  (n,)        the taker's side's card points with dix de der
``defence_points`` (n,)        the other side's (two sides; 0 in Callbreak)
``score``          (n, sides)  what each side scores (Callbreak: integer tenths)
``made``           (n,)        1 made, 0 failed, -1 tie; Callbreak (n, 4): call made
``belote``         (n,)        side that scored belote/rebelote, -1 none
``capot``          (n,)        side that made capot by the game's rules (four-player Belote:
                              its ``capot`` option), -1 none
``tricks``         (n, 4)      tricks won per seat index
``calls``          (n, 4)      Callbreak calls per seat index (0 elsewhere)
=================  ==========  =========================================================
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from belote_lab.batch.arrays import ARRAYS, empty_arrays
from belote_lab.cards import SEATS
from belote_lab.contract import CONTRACT_CODES
from belote_lab.games import Game, get
from belote_lab.simulation.selfplay import (
    describe_players,
    play_hands,
    seat_levels,
)

__all__ = ["engine_for", "simulate", "SimulationResult", "ProgressBar", "CONTRACT_NAMES", "ARRAYS"]

CONTRACT_NAMES: tuple[str, ...] = CONTRACT_CODES
"""Contract codes; ``SimulationResult.contract`` holds indexes into this tuple
(:data:`belote_lab.contract.CONTRACT_CODES`)."""




# --- progress -----------------------------------------------------------------------------------
class ProgressBar:
    """A tiny progress display with no dependency.

    In a terminal: a bar on standard error, redrawn in place with ``\\r``.  In a Jupyter
    kernel: an ``ipywidgets`` bar if ipywidgets is *already imported* (the engine never
    imports it), else a text line on standard output redrawn with ``\\r``.  Nothing is shown
    when output is neither (a pipe, a captured test), nor for runs shorter than ``delay``
    seconds.

    >>> p = ProgressBar(10, enabled=False)
    >>> for _ in range(10): p.update()
    >>> p.close(); p.done
    10
    """

    def __init__(
        self,
        total: int,
        label: str = "",
        enabled: bool = True,
        stream: TextIO | None = None,
        delay: float = 0.5,
        width: int = 30,
    ) -> None:
        self.total = max(int(total), 0)
        self.label = label
        self.done = 0
        self.width = width
        self.delay = delay
        self.t0 = time.perf_counter()
        self._next = self.t0 + delay
        self._shown = False
        self._widget: Any = None
        self._width = 0
        self.mode = self._pick_mode(stream) if enabled and self.total else "off"

    def _pick_mode(self, stream: TextIO | None) -> str:
        if stream is not None:
            self.stream = stream
            return "text"
        in_kernel = "ipykernel" in sys.modules
        if in_kernel:
            self.stream = sys.stdout
            if "ipywidgets" in sys.modules and "IPython.display" in sys.modules:
                return "widget"
            return "text"
        self.stream = sys.stderr
        isatty = getattr(sys.stderr, "isatty", None)
        return "text" if isatty is not None and isatty() else "off"

    def update(self, n: int = 1) -> None:
        """Count ``n`` more items; redraw at most ten times a second."""
        self.done += n
        if self.mode == "off":
            return
        now = time.perf_counter()
        if now >= self._next or (self.done >= self.total and self._shown):
            self._next = now + 0.1
            self._draw(now)

    def text(self, now: float | None = None) -> str:
        """The progress line, e.g. ``belote [#####-----]  50% 500/1000 2,345/s``."""
        now = time.perf_counter() if now is None else now
        frac = self.done / self.total if self.total else 1.0
        fill = round(frac * self.width)
        rate = self.done / max(now - self.t0, 1e-9)
        bar = "#" * fill + "-" * (self.width - fill)
        head = f"{self.label} " if self.label else ""
        return f"{head}[{bar}] {frac:4.0%} {self.done}/{self.total} {rate:,.0f}/s"

    def _draw(self, now: float) -> None:
        self._shown = True
        if self.mode == "widget":
            if self._widget is None:
                try:
                    widgets = sys.modules["ipywidgets"]
                    self._widget = widgets.IntProgress(
                        value=0, min=0, max=self.total, description=self.label
                    )
                    sys.modules["IPython.display"].display(self._widget)
                except Exception:  # no usable widget front end: fall back to a text line
                    self.mode = "text"
                    self._widget = None
            if self._widget is not None:
                self._widget.value = self.done
                return
        line = self.text(now)
        self.stream.write("\r" + line.ljust(self._width))  # blank out a longer old line
        self._width = len(line)
        self.stream.flush()

    def close(self) -> None:
        """Finish the line (only if something was shown)."""
        if self.mode == "off" or not self._shown:
            return
        self._draw(time.perf_counter())
        if self.mode == "text":
            self.stream.write("\n")
            self.stream.flush()
        elif self._widget is not None:
            self._widget.bar_style = "success"


# --- results -------------------------------------------------------------------------------------
@dataclass
class SimulationResult:
    """Per-hand arrays of a simulation (see the module docstring) and summary statistics."""

    game: str
    players: list[str]
    seed: int
    rules: dict[str, Any]
    side_names: tuple[str, ...]
    contract: np.ndarray
    bid: np.ndarray
    multiplier: np.ndarray
    taker: np.ndarray
    dealer: np.ndarray
    redeals: np.ndarray
    attack_points: np.ndarray
    defence_points: np.ndarray
    score: np.ndarray
    made: np.ndarray
    belote: np.ndarray
    capot: np.ndarray
    tricks: np.ndarray
    calls: np.ndarray
    contract_names: tuple[str, ...] = CONTRACT_NAMES
    seconds: float = 0.0
    meta: dict[str, Any] = field(default_factory=dict)

    # --- basic ---------------------------------------------------------------------------------
    def __len__(self) -> int:
        return int(self.contract.shape[0])

    @property
    def n_hands(self) -> int:
        return len(self)

    @property
    def bidding(self) -> str:
        """How the game's contracts are made: ``taking``, ``auction``, ``calls`` or ``none``
        (:attr:`Game.bidding <belote_lab.games.spec.Game.bidding>`)."""
        return str(get(self.game).bidding)

    def arrays(self) -> dict[str, np.ndarray]:
        """Name → array, in :data:`ARRAYS` order."""
        return {name: getattr(self, name) for name in ARRAYS}

    def equals(self, other: SimulationResult) -> bool:
        """Same game, players, seed and identical arrays (timing ignored)."""
        return (
            (self.game, self.players, self.seed, self.rules)
            == (other.game, other.players, other.seed, other.rules)
            and all(np.array_equal(a, getattr(other, k)) for k, a in self.arrays().items())
        )

    # --- statistics ------------------------------------------------------------------------------
    @property
    def made_rate(self) -> float:
        """Share of contracts made (ties count as not made); Callbreak: share of calls made."""
        if not len(self):
            return float("nan")
        return float((self.made == 1).mean())

    @property
    def tie_rate(self) -> float:
        """Share of hands ending in a tie (litige); 0 for Callbreak."""
        if not len(self) or self.made.ndim > 1:
            return 0.0
        return float((self.made == -1).mean())

    @property
    def capot_rate(self) -> float:
        return float((self.capot >= 0).mean()) if len(self) else float("nan")

    @property
    def belote_rate(self) -> float:
        return float((self.belote >= 0).mean()) if len(self) else float("nan")

    @property
    def mean_attack_points(self) -> float:
        return float(self.attack_points.mean()) if len(self) else float("nan")

    @property
    def mean_defence_points(self) -> float:
        return float(self.defence_points.mean()) if len(self) else float("nan")

    def mean_score(self) -> dict[str, float]:
        """Mean hand score per side (Callbreak in points, not tenths)."""
        scale = float(get(self.game).score_scale)
        if not len(self):
            return {s: float("nan") for s in self.side_names}
        means = self.score.mean(axis=0) / scale
        return {s: float(m) for s, m in zip(self.side_names, means, strict=True)}

    def contract_counts(self) -> dict[str, int]:
        """How often each contract was played."""
        counts = np.bincount(self.contract, minlength=len(self.contract_names))
        return {n: int(c) for n, c in zip(self.contract_names, counts, strict=True) if c}

    def summary(self) -> dict[str, Any]:
        """The headline figures as a JSON-ready dict."""
        out: dict[str, Any] = {
            "game": self.game,
            "hands": len(self),
            "players": list(self.players),
            "seed": self.seed,
            "made_rate": self.made_rate,
            "tie_rate": self.tie_rate,
            "capot_rate": self.capot_rate,
            "belote_rate": self.belote_rate,
            "mean_attack_points": self.mean_attack_points,
            "mean_defence_points": self.mean_defence_points,
            "mean_score": self.mean_score(),
            "contracts": self.contract_counts(),
            "mean_redeals": float(self.redeals.mean()) if len(self) else float("nan"),
            "seconds": round(self.seconds, 3),
        }
        if self.bidding == "calls":  # no taker: no attack, defence, tie, capot or belote
            out["mean_call"] = float(self.calls.mean()) if len(self) else float("nan")
            for k in ("tie_rate", "capot_rate", "belote_rate", "mean_attack_points",
                      "mean_defence_points"):
                out.pop(k)
        return out

    def summary_text(self) -> str:
        """A few lines for the command line or a notebook cell."""
        s = self.summary()
        rate = len(self) / self.seconds if self.seconds > 0 else float("nan")
        lines = [
            f"{self.game}: {len(self)} hands, players {' '.join(self.players)}, seed {self.seed}"
            f" ({self.seconds:.2f} s, {rate:,.0f} hands/s)",
        ]
        if self.meta.get("engine") == "batch":
            lines.append("  played in compiled code (batch)")
        elif self.meta.get("why_python"):
            lines.append(f"  played by the Python players: {self.meta['why_python']}")
        calls = self.bidding == "calls"
        what = "calls made" if calls else "contracts made"
        lines.append(f"  {what}: {s['made_rate']:.1%}")
        if not calls:
            lines.append(
                f"  ties {s['tie_rate']:.1%}, capots {s['capot_rate']:.1%}, "
                f"belote {s['belote_rate']:.1%}"
            )
            lines.append(
                f"  mean card points: attack {s['mean_attack_points']:.1f}, "
                f"defence {s['mean_defence_points']:.1f}"
            )
        else:
            lines.append(f"  mean call {s['mean_call']:.2f}")
        means = ", ".join(f"{k} {v:.1f}" for k, v in s["mean_score"].items())
        lines.append(f"  mean score per hand: {means}")
        lines.append(
            "  contracts: " + ", ".join(f"{k} {v}" for k, v in s["contracts"].items())
        )
        return "\n".join(lines)

    # --- views -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything as plain Python (lists), JSON-ready."""
        return {
            "game": self.game,
            "players": list(self.players),
            "seed": self.seed,
            "rules": dict(self.rules),
            "side_names": list(self.side_names),
            "contract_names": list(self.contract_names),
            "seconds": self.seconds,
            "meta": dict(self.meta),
            **{k: a.tolist() for k, a in self.arrays().items()},
        }

    def row(self, i: int) -> dict[str, Any]:
        """Hand ``i`` as a dict with names instead of codes."""
        sides = self.side_names

        def side(x: int) -> str | None:
            return None if x < 0 else sides[x]

        made: Any
        if self.made.ndim > 1:
            made = {SEATS[s]: bool(self.made[i, s]) for s in range(4)}
        else:
            made = {1: True, 0: False, -1: None}[int(self.made[i])]
        out: dict[str, Any] = {
            "hand": i,
            "contract": self.contract_names[int(self.contract[i])],
            "taker": None if self.taker[i] < 0 else SEATS[int(self.taker[i])],
            "dealer": SEATS[int(self.dealer[i])],
            "attack_points": int(self.attack_points[i]),
            "defence_points": int(self.defence_points[i]),
            "score": {s: _points(self.game, int(v)) for s, v in zip(sides, self.score[i],
                                                                     strict=True)},
            "made": made,
            "belote": side(int(self.belote[i])),
            "capot": side(int(self.capot[i])),
            "tricks": {SEATS[s]: int(self.tricks[i, s]) for s in range(4)},
        }
        if self.bidding == "auction":
            out["bid"] = int(self.bid[i])
            out["multiplier"] = int(self.multiplier[i])
        if self.bidding == "calls":
            out["calls"] = {SEATS[s]: int(self.calls[i, s]) for s in range(4)}
        return out

    def rows(self) -> Iterator[dict[str, Any]]:
        for i in range(len(self)):
            yield self.row(i)

    def table(self, limit: int = 10) -> str:
        """A plain-text table of the first ``limit`` hands (no pandas)."""
        sides = self.side_names
        calls = self.bidding == "calls"
        if calls:
            head = ["#", "calls", "tricks", *sides, "made"]
        else:
            head = ["#", "contract", "taker", "att", "def", *sides, "made", "belote", "capot"]
        row_cells = _calls_cells if calls else _contract_cells
        body = [row_cells(i, self.row(i)) for i in range(min(limit, len(self)))]
        widths = [max(len(x) for x in col) for col in zip(head, *body, strict=True)]
        lines = ["  ".join(x.rjust(w) for x, w in zip(line, widths, strict=True))
                 for line in [head, *body]]
        if len(self) > limit:
            lines.append(f"... {len(self) - limit} more hands")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"<SimulationResult {self.game} hands={len(self)} players={','.join(self.players)} "
            f"made_rate={self.made_rate:.3f}>"
        )

    # --- files ---------------------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        """Write a ``.npz`` file (arrays plus a JSON header)."""
        import json

        header = {k: v for k, v in self.to_dict().items() if k not in ARRAYS}
        np.savez_compressed(path, header=np.array(json.dumps(header)), **self.arrays())

    @classmethod
    def load(cls, path: str | Path) -> SimulationResult:
        """Read a file written by :meth:`save`."""
        import json

        with np.load(path, allow_pickle=False) as data:
            header = json.loads(str(data["header"]))
            arrays = {k: data[k] for k in ARRAYS}
        return cls(
            game=header["game"],
            players=header["players"],
            seed=header["seed"],
            rules=header["rules"],
            side_names=tuple(header["side_names"]),
            contract_names=tuple(header["contract_names"]),
            seconds=header["seconds"],
            meta=header.get("meta", {}),  # files written before the engine was recorded: {}
            **arrays,
        )


def _calls_cells(i: int, r: dict[str, Any]) -> list[str]:
    """The cells of :meth:`SimulationResult.table` for hand ``i`` of a game of calls."""
    return [
        str(i),
        " ".join(str(v) for v in r["calls"].values()),
        " ".join(str(v) for v in r["tricks"].values()),
        *(str(v) for v in r["score"].values()),
        "".join(k for k, v in r["made"].items() if v) or "-",
    ]


def _contract_cells(i: int, r: dict[str, Any]) -> list[str]:
    """The cells of :meth:`SimulationResult.table` for hand ``i`` of a game with a taker."""
    made = r["made"]
    if isinstance(made, dict):
        made_text = "".join(k for k, v in made.items() if v) or "-"
    else:
        made_text = {True: "yes", False: "no", None: "tie"}[made]
    return [
        str(i),
        r["contract"],
        r["taker"] or "-",
        str(r["attack_points"]),
        str(r["defence_points"]),
        *(str(v) for v in r["score"].values()),
        made_text,
        r["belote"] or "-",
        r["capot"] or "-",
    ]


def _points(game: str | Game, value: int) -> int | float:
    """A stored score as points (Callbreak keeps tenths: 42 → 4.2, 30 → 3)."""
    scale = get(game).score_scale
    if scale == 1:
        return value
    return value // scale if value % scale == 0 else value / scale


# --- running -------------------------------------------------------------------------------------
def _tenths(x: Any) -> int:
    """A Callbreak score as integer tenths (an exact tenths value or a plain number).

    >>> _tenths(3), _tenths(4.2), _tenths(-1.1)
    (30, 42, -11)
    """
    t = getattr(x, "tenths", None)
    if isinstance(t, int):
        return t
    if isinstance(x, int):
        return 10 * x
    return round(float(x) * 10)


def _scores(hand: Any, g: Game) -> list[int]:
    """What each side scored in ``hand``, as stored
    (:func:`~belote_lab.simulation.selfplay.score_scale`: integer tenths where scores have
    tenths)."""
    score = hand.result.score
    if g.score_scale == 10:
        return [_tenths(score[side]) for side in g.sides]
    return [score[side] for side in g.sides]


ENGINES = ("auto", "batch", "python")
"""How :func:`simulate` plays: ``auto`` compiled whenever it can, ``batch`` compiled or an
error saying why not, ``python`` the engine's hands and the Python players."""


def simulate(
    game: str | Game,
    n_hands: int,
    players: Any = "1,1,1,1",
    seed: int = 0,
    rules: Any = None,
    progress: bool = True,
    *,
    contract: str | None = None,
    taker: int = 0,
    calls: Any = None,
    multiplier: int = 1,
    engine: str = "auto",
) -> SimulationResult:
    """Play ``n_hands`` hands of ``game`` and collect per-hand arrays.

    ``players``: ``"2,1,2,1"`` (levels per seat N E S W; two-player Belote takes N and S or
    two entries), a list of levels, player objects or factories, or a mapping seat → any of
    those.  The same arguments give the same arrays (deals and players follow ``seed``).
    The dealer turns with each hand, as in :func:`belote_lab.simulation.selfplay.selfplay`.

    **Compiled or not** (``engine``).  When every seat is a level the game's compiled module
    plays (levels 1 and 2: :func:`belote_lab.batch.kernels`, named by ``Game.batch``), whole
    hands — deal, calls, card play, score — run in compiled code, about a thousand times
    faster than the Python players; ``meta["engine"]`` says ``"batch"``.  Otherwise (levels 3
    and 4, player objects, a rule option the kernels do not play) the engine's hands are played
    by the Python players, ``meta["engine"]`` says ``"python"`` and ``meta["why_python"]`` why.
    ``engine="python"`` asks for the Python players whatever the levels (other deals than the
    compiled path's: both are random deals of the same seed), ``engine="batch"`` for compiled
    code or a ``ValueError`` naming what it does not play.

    With ``contract`` there is no bidding: every hand is played with that contract (a trump,
    ``NT``/``AT``, a Coinche bid such as ``"100H"`` × ``multiplier``; anything in Callbreak,
    which plays the ``calls``, N E S W) taken by seat ``taker``, in compiled code: random
    players (level 1, :func:`belote_lab.batch.playouts`) or level 2 at every seat
    (:mod:`belote_lab.batch.level2`, :mod:`belote_lab.batch.belote2`,
    :mod:`belote_lab.batch.callbreak`: card for card, and call for call in Callbreak, the
    Python level-2 players); the dealer turns from the first seat.

    >>> r = simulate("callbreak", 2000, "2,2,1,1", seed=3, progress=False)
    >>> r.meta["engine"], len(r), bool((r.tricks.sum(axis=1) == 13).all())
    ('batch', 2000, True)
    >>> p = simulate("callbreak", 20, "2,2,1,1", seed=3, progress=False, engine="python")
    >>> p.meta["engine"], p.meta["why_python"]
    ('python', 'asked for (engine="python")')
    >>> r = simulate("belote", 500, contract="H", taker=1, seed=3, progress=False)
    >>> bool((r.taker == 1).all()), bool(((r.attack_points + r.defence_points) == 162).all())
    (True, True)
    >>> r2 = simulate("belote", 500, "2,2,2,2", contract="H", taker=1, seed=3, progress=False)
    >>> bool(r2.made.mean() > r.made.mean())    # level 2 makes more contracts than random play
    True
    """
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    g = get(game)
    levels = seat_levels(g, players)
    if contract is not None:
        if engine == "python":
            raise ValueError("a fixed contract is played in compiled code only: leave out "
                             "engine=\"python\"")
        return _simulate_batch(g, n_hands, players, levels, seed, rules, contract, taker,
                               calls, multiplier)
    played, why = engine_for(g, players, rules, engine)
    if levels is not None and played == "batch":
        return _simulate_hands(g, n_hands, players, levels, seed, rules)
    run = play_hands(g, n_hands, players, seed, rules)
    a = empty_arrays(g, n_hands)
    bar = ProgressBar(n_hands, label=g.name, enabled=progress)
    t0 = time.perf_counter()
    for i, (hand, _, redeals) in enumerate(run):
        _collect(g, hand, redeals, i, a)
        bar.update()
    seconds = time.perf_counter() - t0
    bar.close()
    return SimulationResult(
        game=g.name,
        players=describe_players(g, players),
        seed=seed,
        rules=run.rules.changed(),
        side_names=g.sides,
        seconds=seconds,
        meta={"engine": "python", "why_python": why},
        **a,
    )


def engine_for(game: str | Game, players: Any, rules: Any = None,
               engine: str = "auto") -> tuple[str, str | None]:
    """How :func:`simulate` plays ``players`` under ``rules`` with ``engine``: ``("batch",
    None)`` in compiled code, or ``("python", why)`` by the Python players (with
    ``engine="batch"``, a ``ValueError`` saying why not compiled).  The one decision every
    study that can read the compiled path asks.

    >>> engine_for("coinche", "2,1,2,1")
    ('batch', None)
    >>> engine_for("belote", "2,2,2,4")
    ('python', 'levels 1, 2 are compiled; these seats play at levels (2, 2, 2, 4)')
    """
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if engine == "python":
        return "python", "asked for (engine=\"python\")"
    g = get(game)
    why = _why_python(g, seat_levels(g, players), rules)
    if why is None:
        return "batch", None
    if engine == "batch":
        raise ValueError(f"simulate(engine=\"batch\") cannot play this in compiled code: {why}")
    return "python", why


def _why_python(g: Game, levels: tuple[int, ...] | None, rules: Any) -> str | None:
    """Why the hands of ``g`` cannot be played in compiled code, or ``None`` when they can."""
    if g.batch is None:
        return f"the game {g.name!r} has no compiled kernels"
    if levels is None:
        return "a seat is played by a player object or a factory, not a level"
    from belote_lab.batch import kernels  # the module of the game's kernels, loaded now

    module = kernels(g)
    if not set(levels) <= set(module.LEVELS):
        shown = ", ".join(str(x) for x in module.LEVELS)
        return f"levels {shown} are compiled; these seats play at levels {levels}"
    refusal = getattr(module, "refusal", None)
    return None if refusal is None else refusal(g.rules(rules))


def _simulate_hands(
    g: Game, n: int, players: Any, levels: tuple[int, ...], seed: int, rules: Any
) -> SimulationResult:
    """:func:`simulate` in compiled code: the ``hands`` of the game's batch module."""
    from belote_lab.batch import kernels

    r = g.rules(rules)
    t0 = time.perf_counter()
    a = kernels(g).hands(g, n, levels, seed, r, g.seats[0])
    return SimulationResult(
        game=g.name, players=describe_players(g, players), seed=seed, rules=r.changed(),
        side_names=g.sides, seconds=time.perf_counter() - t0, meta={"engine": "batch"}, **a,
    )


def _simulate_batch(
    g: Game, n: int, players: Any, levels: tuple[int, ...] | None, seed: int, rules: Any,
    contract: str, taker: int, calls: Any, multiplier: int,
) -> SimulationResult:
    """:func:`simulate` with a fixed contract: the ``fixed`` of the game's batch module
    (level 1 as :func:`belote_lab.batch.playouts`, or level 2) as arrays."""
    described = describe_players(g, players)
    r = g.rules(rules)
    t0 = time.perf_counter()
    kind = set(levels) if levels is not None else set()
    if len(kind) != 1 or not kind <= {1, 2}:
        raise ValueError(f"a fixed contract is played in compiled code by level 1 at every "
                         f"seat, or by level 2 at every seat; not by {', '.join(described)}")
    from belote_lab.batch import kernels  # numba's compiled kernels, loaded when needed

    res = kernels(g).fixed(g, n, contract, taker, seed, g.seats[0], kind.pop(), rules=r,
                           multiplier=multiplier, calls=calls, rotate=True)
    a = empty_arrays(g, n)
    a["contract"][:] = CONTRACT_NAMES.index(res.meta["code"])
    for name in ("dealer", "redeals", "score", "belote", "capot", "tricks"):
        a[name][:] = getattr(res, "dealers" if name == "dealer" else name)
    if g.bidding == "calls":
        a["calls"][:] = res.meta["calls"]
        a["made"][:] = res.score > 0  # as in a played round: a call made scores more than 0
    else:
        att = g.side_of(res.taker)
        a["taker"][:] = res.taker
        a["made"][:] = res.made
        a["attack_points"][:] = res.points[:, att]
        a["defence_points"][:] = res.points[:, 1 - att]
        bid = res.meta.get("bid")
        if bid is not None:
            a["bid"][:] = bid.value  # a named bid's value is its number (coinche.BID_KINDS)
            a["multiplier"][:] = multiplier
    return SimulationResult(
        game=g.name, players=described, seed=seed, rules=r.changed(), side_names=g.sides,
        seconds=time.perf_counter() - t0, meta={"engine": "batch", "contract": res.contract},
        **a,
    )


def _collect(g: Game, hand: Any, redeals: int, i: int, a: dict[str, np.ndarray]) -> None:
    """Hand ``i`` (played after ``redeals`` passed-out deals) into the arrays ``a``."""
    a["contract"][i] = CONTRACT_NAMES.index(hand.contract.code)
    a["dealer"][i] = hand.dealer
    a["redeals"][i] = redeals
    won = [hand.won_tricks[s] for s in range(4)]
    a["tricks"][i] = won
    if hasattr(hand.result, "capot"):  # the side that made capot by the game's own rule
        if hand.result.capot in g.sides:
            a["capot"][i] = g.sides.index(hand.result.capot)
    else:  # a game without a capot rule: the side that won every trick
        per_side = [0] * len(g.sides)
        for s in g.seats:
            per_side[g.side_of(s)] += won[s]
        if sum(won) in per_side:
            a["capot"][i] = per_side.index(sum(won))
    for ev in hand.events:
        if ev.kind == "rebelote":
            a["belote"][i] = g.side_of(ev.seat)
    a["score"][i] = _scores(hand, g)
    if g.bidding == "calls":
        _collect_calls(hand, i, a)
    else:
        _collect_contract(g, hand, i, a)


def _collect_calls(hand: Any, i: int, a: dict[str, np.ndarray]) -> None:
    """Each seat's call and whether it scored (a call made scores more than 0)."""
    for act in hand.actions:
        if act.kind == "call":
            a["calls"][i, act.seat_index] = act.call
    a["made"][i] = [1 if x > 0 else 0 for x in a["score"][i]]


def _collect_contract(g: Game, hand: Any, i: int, a: dict[str, np.ndarray]) -> None:
    """The contract's outcome, its taker (with a bid's value and multiplier) and the card
    points of the attack and the defence."""
    res = hand.result
    made = res.made
    a["made"][i] = -1 if made is None else int(bool(made))
    taker = hand.taker
    bid = getattr(hand, "bid", None)  # a game with an auction: the hand's bid in force
    if bid is not None:
        a["bid"][i] = bid.value  # a named bid's value is its number (coinche.BID_KINDS)
        a["multiplier"][i] = hand.multiplier
    a["taker"][i] = taker
    att = g.side_of(taker)
    a["attack_points"][i] = res.points[g.sides[att]]
    a["defence_points"][i] = res.points[g.sides[1 - att]]
