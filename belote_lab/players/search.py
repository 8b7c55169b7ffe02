"""Search-based computer players, levels 3 and 4 of every game, built on the PIMC hints.

A :class:`HintPlayer` plays the card whose mean value over deals sampled from its seat's
knowledge is best (:func:`belote_lab.players.pimc.hint`, public as
:func:`belote_lab.coaching.hints.hint`), the level-2 player's card breaking ties.
It never reads another seat's cards: the hints sample the hidden cards from what the seat
has seen, weighed by what the other seats' calls and cards say of them
(:mod:`belote_lab.players.inference`), and the level-2 player reads ``seat_view``.

The exact solver is fast only near the end of a hand (every card's value at the first lead
of four-player Belote takes 1–165 ms a deal, 21 ms median; a whole Callbreak or two-player
hand far more), so each level searches from a *horizon* on — the number of tricks left at
which the hints take over; before it the level-2 card is played:

========== ============================ ==============================
game       level 3 (≤ 0.1 s a card)     level 4 (≤ 0.6 s a card)
========== ============================ ==============================
belote     6 deals, last 6 tricks       20 deals, every trick
coinche    6 deals, last 6 tricks       20 deals, every trick
belote2    exact, last 9 tricks         20 deals, last 12 tricks
callbreak  8 deals, last 9 tricks (*)   20 deals, last 10 tricks (*)
========== ============================ ==============================

(*) Callbreak searches longer (level 3 within 0.2 s a card) and averages the round score
of the seat's call, not its tricks.

Two-player Belote is solved exactly once the stock is empty, its last 9 tricks: level 3
searches only then, with nothing hidden.  Level 4 also searches the last three tricks of
the stock, where the stock's order and the other hand are sampled; a deal too long to solve
in its time is played on by level-2 players down to the empty stock first (see
:func:`~belote_lab.players.pimc.hint`).  In the Belote games both levels average card
points, not what the hand would score (``PlayBudget.objective="score"`` is available).  A
:class:`PlayBudget` may also search before the horizon with :func:`rollout_values` (a rollout
card replaces the level-2 card only when better by :data:`EARLY_MARGIN`); no level does by
default.  The per-game numbers (budgets, horizons, margins) are in
:mod:`belote_lab.players.tuning`.

Level 3 bids as level 2.  Level 4 bids by simulation (:class:`SimBidder`, see
:mod:`belote_lab.players.sim_bidder`): it weighs the calls the level-2 bidder might make on
deals of the unseen cards, played on by level-2 players and solved exactly, scored by the
game's own scoring.

Why each choice (horizons, objectives, margins, rollouts), with the measurements behind it:
``benchmarks/players_notes.md``.

>>> from belote_lab.games.belote import BeloteHand
>>> from belote_lab.players import drive_hand
>>> h = BeloteHand(seed=5)
>>> drive_hand(h, [make_player("belote", 3, seed=s) for s in range(4)])
>>> h.phase in ("done", "redeal")
True
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable
from typing import Any

from belote_lab.cards import Card, mask_cards
from belote_lab.games import get
from belote_lab.games.base import TrickPlay
from belote_lab.players import inference
from belote_lab.players.pimc import Hint, hint
from belote_lab.players.registry import level2, named_level
from belote_lab.players.sampling import rollouts, sample_deals, tricks_left
from belote_lab.players.sim_bidder import SimBidder
from belote_lab.players.tuning import (
    EARLY_MARGIN,
    PLAY_BUDGETS,
    SOLVE_AT,
    PlayBudget,
    per_game,
)

__all__ = [
    "EARLY_MARGIN",
    "PLAY_BUDGETS",
    "SOLVE_AT",
    "HintPlayer",
    "PlayBudget",
    "SimBidder",
    "base_player",
    "level_factory",
    "make_player",
    "rollout_values",
    "settings",
    "tricks_left",
]

TIE = 1e-9


def base_player(game: object, seed: int | None = None) -> Any:
    """The level-2 player of ``game`` (the tie-break and the play before the horizon): level 2
    of the one level table (:func:`~belote_lab.players.registry.level2`).

    >>> type(base_player("callbreak")).__name__
    'CallbreakPlayer2'
    """
    return level2(game)(seed)


class HintPlayer:
    """Plays the best mean card of :func:`~belote_lab.players.pimc.hint` from ``budget.horizon``
    tricks left on, the ``base`` (level-2) card before and on ties; bids with ``bidder``
    (default: ``base``).  ``seed`` seeds the hints' sampling, one seed drawn per decision.

    ``last_hint`` keeps the hint of the last searched card (``None`` if it was not searched).
    """

    def __init__(
        self,
        base: Any,
        budget: PlayBudget,
        seed: int | None = None,
        bidder: Any = None,
        level: int = 3,
    ) -> None:
        self.base = base
        self.budget = budget
        self.bidder = bidder if bidder is not None else base
        self.rng = random.Random(seed)
        self.level = level
        self.last_hint: Hint | None = None
        self.last_values: dict[Card, float] = {}

    def choose_call(self, state: TrickPlay) -> Any:
        return self.bidder.choose_call(state)

    def choose_card(self, state: TrickPlay) -> Card:
        self.last_hint = None
        self.last_values = {}
        cards = mask_cards(state.legal_mask())
        hint_seed = self.rng.getrandbits(32)
        if len(cards) == 1:
            return cards[0]
        fallback: Card = self.base.choose_card(state)
        b = self.budget
        if tricks_left(state) > b.horizon:
            if b.early_samples <= 0:
                return fallback
            at = min(b.horizon, per_game(SOLVE_AT, state.game, "solver horizon"))
            values = rollout_values(
                state, b.early_samples, b.early_time, at, random.Random(hint_seed)
            )
            self.last_values = values
            return _best(values, fallback, per_game(EARLY_MARGIN, state.game, "early margin"))
        try:
            hn = hint(state, samples=b.samples, time_budget=b.time_budget, seed=hint_seed,
                      objective=b.objective)
        except RuntimeError:  # no sampled deal fits what the seat has seen
            return fallback
        self.last_hint = hn
        self.last_values = {c: v.mean for c, v in hn.values.items()}
        return _best(self.last_values, fallback)


def _best(values: dict[Card, float], fallback: Card, margin: float = 0.0) -> Card:
    """The best card of ``values``; ``fallback`` if it is within ``margin`` of the best.

    >>> a, b = Card.parse("AS"), Card.parse("7S")
    >>> _best({a: 10.0, b: 9.0}, b), _best({a: 10.0, b: 9.0}, b, margin=2.0)
    (Card('AS'), Card('7S'))
    """
    if not values:
        return fallback
    best = max(values.values())
    if fallback in values and values[fallback] >= best - margin - TIE:
        return fallback
    return min(c for c, v in values.items() if v >= best - TIE)


def rollout_values(
    state: TrickPlay, samples: int, time_budget: float, horizon: int, rng: random.Random
) -> dict[Card, float]:
    """Each legal card's mean value for the seat to play, on deals sampled from its knowledge
    (:func:`~belote_lab.players.sampling.sample_deals`): the card, level-2 play by every seat
    down to ``horizon`` tricks left, then the exact solver.  Values are the side's card points at
    the end of the hand (Callbreak: the seat's round score).  At least one deal is used.

    >>> from belote_lab.games.belote import BeloteHand
    >>> h = BeloteHand(seed=3); h.call("take")
    >>> v = rollout_values(h, 2, 5.0, 6, random.Random(1))
    >>> set(v) == set(h.legal_cards())
    True
    """
    deadline = time.perf_counter() + time_budget
    seat = state.to_play
    positions = sample_deals(state, seat, samples, rng)
    game = get(state.game)
    if game.counts == "tricks":  # Callbreak: the round score of the seat's call
        collected, n = rollouts(state, seat, positions, deadline, "score", horizon)
        return {c: sum(v) / n for c, v in collected.items()} if n else {}
    side = game.side_with(seat)
    before = sum(state.won_points[s] for s in side)
    collected, n = rollouts(state, seat, positions, deadline, "points", horizon)
    return {c: before + sum(v) / n for c, v in collected.items()} if n else {}


# --- levels ------------------------------------------------------------------------------------
def make_player(game: object, level: int, seed: int | None = None) -> HintPlayer:
    """The level-3 or level-4 player of ``game``.

    >>> p = make_player("coinche", 4, seed=1)
    >>> p.level, p.budget.samples, type(p.bidder).__name__
    (4, 20, 'SimBidder')
    """
    if level not in PLAY_BUDGETS:
        raise ValueError(f"search players are levels 3 and 4, not {level!r}")
    budget = per_game(PLAY_BUDGETS[level], game, f"level-{level} search budget")
    name = get(game).name
    rng = random.Random(seed)
    base = base_player(name, seed)
    bidder_seed = rng.getrandbits(32) if level == 4 else None
    # level 4 bids by simulation where the game has one; else (no calls, or a game of its
    # own without a simulation) its calls are level 2's
    bidder = (
        SimBidder(name, seed=bidder_seed)
        if bidder_seed is not None and name in SimBidder.SIMULATIONS
        else None
    )
    return HintPlayer(base, budget, rng.getrandbits(32), bidder, level)


def settings(game: object, level: int) -> dict[str, Any]:
    """The numbers that set ``game``'s level-3 or level-4 player (JSON's types only): its
    card budget, its bidder's tables (level 4 in a game with a bidding simulation) and the
    inference's models and pools.  A study of a level stores them, and a test compares them
    with today's (``tests/test_taking_study.py``), so that a stored result says when it no
    longer describes the level.  Numbers only: a change of the code itself goes unseen.

    >>> s = settings("coinche", 4)
    >>> s["budget"]["samples"], s["bidder"]["samples"], s["inference"]["bidding"]["call_epsilon"]
    (20, 40, 0.2)
    >>> settings("coinche", 3)["bidder"] is None
    True
    """
    if level not in PLAY_BUDGETS:
        raise ValueError(f"search players are levels 3 and 4, not {level!r}")
    g = get(game)
    budget = per_game(PLAY_BUDGETS[level], g, f"level-{level} search budget")
    bidder = None
    if level == 4 and g.name in SimBidder.SIMULATIONS:
        b = SimBidder(g)
        bidder = {"samples": b.samples, "margin": b.margin, "rollout": b.rollout,
                  "z": per_game(SimBidder.Z, g, "bidding z"), "time_budget": b.time_budget}
    return {
        "budget": dataclasses.asdict(budget),
        "bidder": bidder,
        "inference": {
            "play": dataclasses.asdict(inference.model_for(g, "play")),
            "bidding": dataclasses.asdict(inference.model_for(g, "bidding")),
            "oversample": inference.OVERSAMPLE, "splits": inference.SPLITS,
            "pool_share": inference.POOL_SHARE, "auction_pool": inference.AUCTION_POOL,
            "auction_oversample": inference.AUCTION_OVERSAMPLE,
        },
    }


def level_factory(game: object, level: int) -> Callable[..., HintPlayer]:
    """A factory ``(seed=None) -> player`` for ``game`` and ``level`` (3 or 4), as the one
    level table has it (:func:`~belote_lab.players.levels.levels`).

    >>> level_factory("belote2", 3)(7).level
    3
    """
    if level not in PLAY_BUDGETS:
        raise ValueError(f"no search player for {game!r} at level {level!r}")
    per_game(PLAY_BUDGETS[level], game, f"level-{level} search budget")
    name = get(game).name

    def factory(seed: int | None = None) -> HintPlayer:
        return make_player(name, level, seed)

    return named_level(factory, f"{name}_level{level}", level)
