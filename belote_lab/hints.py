"""Card-play hints: what each playable card is worth, from what the seat to play may see.

:func:`hint` samples the hidden cards consistently with everything the seat knows (its own
hand, the cards played and who played them, the turned card and who took it, the cards of
its own that it drew from the stock), keeps only deals in which every card played so far was
legal (checked with the trick core itself, so a void or a refusal to trump is respected
without a second copy of the rules), solves each deal exactly with :mod:`belote_lab.solver`
and averages: perfect-information Monte Carlo.  When nothing is hidden any more (two-player
Belote once the stock is empty, or ``all_visible=True``) it solves the one real deal and the
values are exact.

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand(seed=3); h.call("take")
>>> for _ in range(28):
...     h.play(next(iter(h.legal_cards())))
>>> hn = hint(h, samples=4, seed=1)
>>> hn.samples > 0 and set(hn.values) == set(h.legal_cards())
True
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from belote_lab._jit import HAVE_NUMBA
from belote_lab.cards import SEATS, Card, mask_cards
from belote_lab.games import get as get_game
from belote_lab.solver.position import (
    Position,
    SearchAborted,
    position_of,
    solve_position,
    total_left,
)
from belote_lab.trick import legal_mask

__all__ = [
    "CardValue",
    "Hint",
    "MAX_SAMPLES",
    "OBJECTIVES",
    "hint",
    "iter_deals",
    "rollouts",
    "sample_deals",
    "score_margin",
    "with_hands",
]

OBJECTIVES = ("points", "score")
"""What a hint averages: the card points (Callbreak: tricks) the side wins from here, or
what the hand *scores* with them (:func:`score_margin`)."""

MAX_SAMPLES = 1_000_000
"""The most deals :func:`hint` may be asked for (its time budget ends it long before)."""


@dataclass(frozen=True)
class CardValue:
    """A card's value over the sampled deals (card points, or tricks in Callbreak)."""

    card: Card
    mean: float
    std: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card.text,
            "mean": round(self.mean, 2),
            "std": round(self.std, 2),
            "low": round(self.low, 2),
            "high": round(self.high, 2),
        }


@dataclass(frozen=True)
class Hint:
    """The values of the playable cards for ``seat``'s side, best first."""

    seat: int
    values: dict[Card, CardValue]
    samples: int
    exact: bool
    ms: float
    unit: str = "points"
    objective: str = "points"
    horizon: int = 0
    """0 when each deal was solved from here to the end; else the deals were played on by
    level-2 players down to this many tricks left, then solved (a deal too long to solve in
    the time given)."""

    @property
    def best(self) -> Card:
        return max(self.values.values(), key=lambda v: v.mean).card

    def ranked(self) -> list[CardValue]:
        return sorted(self.values.values(), key=lambda v: -v.mean)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": SEATS[self.seat],
            "values": [v.to_json() for v in self.ranked()],
            "samples": self.samples,
            "exact": self.exact,
            "ms": round(self.ms, 1),
            "unit": self.unit,
            "objective": self.objective,
            "horizon": self.horizon,
        }

    def __str__(self) -> str:
        kind = "exact" if self.exact else f"{self.samples} sampled deals"
        if self.horizon:
            kind += f", level-2 play down to {self.horizon} tricks left"
        rows = ", ".join(f"{v.card.pretty} {v.mean:.1f}" for v in self.ranked())
        return f"{SEATS[self.seat]} ({kind}): {rows}"


def _history(state: Any) -> list[tuple[int, int, list[int]]]:
    """Every card played in this hand: ``(seat, card, trick-before-it)`` in order."""
    out = []
    order = state.seat_order
    tricks = [(t.leader, list(t.cards)) for t in state.tricks]
    if state.trick:
        tricks.append((state.leader, list(state.trick)))
    for leader, cards in tricks:
        i0 = order.index(leader)
        for k, c in enumerate(cards):
            out.append((order[(i0 + k) % len(order)], int(c), [int(x) for x in cards[:k]]))
    return out


def _known_others(state: Any, seat: int) -> dict[int, int]:
    """Cards of other seats that ``seat`` knows: the turned card, with its taker."""
    known: dict[int, int] = {}
    turned = getattr(state, "turned", None)
    taker = getattr(state, "taker", -1)
    if (
        turned is not None
        and taker is not None
        and 0 <= taker != seat
        and state.hands[taker] >> turned & 1
    ):
        known[taker] = known.get(taker, 0) | (1 << turned)
    return known


def _consistent(
    state: Any,
    hands: list[int],
    seat: int,
    strict_from: int,
    hist: list[tuple[int, int, list[int]]] | None = None,
) -> bool:
    """Was every card played so far legal with these hands? (plays from ``strict_from``;
    ``hist``: :func:`_history` of ``state``, when already known)"""
    tables = state.contract.tables
    if hist is None:
        hist = _history(state)
    # hand of each seat just before each of its plays: current hand + its later plays
    later: dict[int, int] = {s: hands[s] for s in state.seat_order}
    checks = []
    for s, c, before in reversed(hist):
        later[s] |= 1 << c
        checks.append((s, c, before, later[s]))
    follow = state.follow_for_trick()
    if follow.free:
        return True
    for k, (s, c, before, hand) in enumerate(reversed(checks)):
        if s == seat or k < strict_from:
            continue
        partner = len(before) - 2 if len(before) >= 2 and follow.partners else -1
        if not legal_mask(hand, before, tables, follow, partner)[0] >> c & 1:
            return False
    return True


def sample_deals(
    state: Any, seat: int, n: int, rng: random.Random, max_tries: int = 200
) -> list[Position]:
    """Up to ``n`` full-information positions consistent with what ``seat`` knows (all of
    :func:`iter_deals`)."""
    return list(iter_deals(state, seat, n, rng, max_tries))


def iter_deals(
    state: Any,
    seat: int,
    n: int,
    rng: random.Random,
    max_tries: int = 200,
    deadline: float | None = None,
) -> Iterator[Position]:
    """Up to ``n`` full-information positions consistent with what ``seat`` knows, drawn one
    at a time as they are asked for (the same deals, in the same order, as
    :func:`sample_deals` with the same ``rng``).  At most ``max_tries * n`` deals are shuffled
    in all (those that contradict a card played are thrown away); past ``deadline`` (a
    ``time.perf_counter()`` value) it stops, once it has given one deal."""
    base = position_of(state)
    order = state.seat_order
    others = [s for s in order if s != seat]
    known = _known_others(state, seat)
    stock = list(getattr(state, "stock_left", ()))
    hidden = 0
    for s in others:
        hidden |= state.hands[s] & ~known.get(s, 0)
    for c in stock:
        hidden |= 1 << c
    hidden_cards = mask_cards(hidden)
    sizes = {s: bin(state.hands[s]).count("1") - bin(known.get(s, 0)).count("1") for s in others}
    # in two-player Belote the plays made while the stock lasted were free: nothing to check
    strict_from = 0
    if getattr(state, "stock", None):
        strict_from = 2 * min(len(state.stock) // 2, len(state.tricks))
    if determined(state, seat):
        n = 1
    hist = _history(state)  # the same for every deal
    found = 0
    tries = 0
    while found < n and tries < max_tries * n:
        if found and deadline is not None and time.perf_counter() > deadline:
            return
        tries += 1
        rng.shuffle(hidden_cards)
        hands = list(state.hands)
        k = 0
        for s in others:
            take = hidden_cards[k : k + sizes[s]]
            k += sizes[s]
            m = known.get(s, 0)
            for c in take:
                m |= 1 << c
            hands[s] = m
        new_stock = [int(c) for c in hidden_cards[k:]]
        if not _consistent(state, hands, seat, strict_from, hist):
            continue
        found += 1
        yield (
            Position(
                hands=hands,
                trick=base.trick,
                leader=base.leader,
                tricks_left=base.tricks_left,
                contract=base.contract,
                follow=base.follow,
                nplayers=base.nplayers,
                max_side=base.max_side,
                per_trick=base.per_trick,
                bonus=base.bonus,
                stock=new_stock,
            )
        )
        if not hidden_cards:
            break


def determined(state: Any, seat: int) -> bool:
    """Does ``seat`` know every card? (two players once the stock is empty)"""
    return len(state.seat_order) == 2 and not getattr(state, "stock_left", ())


def _max_side(state: Any, seat: int) -> tuple[int, ...]:
    if getattr(state, "game", "") == "callbreak":
        return (seat,)
    if len(state.seat_order) == 2:
        return (seat,)
    return (seat % 2, seat % 2 + 2)


def score_margin(state: Any, pos: Position, seat: int, value: int) -> float:
    """What the hand scores for ``seat``'s side if it wins ``value`` (card points; Callbreak:
    tricks) from ``state`` on, in the deal ``pos``: its score minus the other side's (Callbreak:
    the seat's round score), by the game's own scoring.

    The belote goes to the seat that announced it or, in ``pos``, holds both cards now; all
    the value left is read as every trick left (a capot), none of it as no trick.

    >>> from belote_lab.games.belote import BeloteHand
    >>> h = BeloteHand.from_hands(["AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H",
    ...     "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"], "S", 0, 0)
    >>> pos = position_of(h)
    >>> score_margin(h, pos, 0, 162), score_margin(h, pos, 0, 100), score_margin(h, pos, 0, 60)
    (272.0, 58.0, -182.0)
    """
    return get_game(state.game).margin(
        state, seat, value, total_left(pos), pos.tricks_left, list(pos.hands)
    )


def hint(
    state: Any,
    samples: int = 32,
    time_budget: float = 0.8,
    seed: int | None = 0,
    all_visible: bool = False,
    objective: str = "points",
) -> Hint:
    """Each legal card's value for the side of the seat to play (see the module text).

    ``samples`` (a whole number from 1 to :data:`MAX_SAMPLES`) caps the number of sampled
    deals and ``time_budget`` (seconds, a finite number above 0) the time: the deals are
    drawn one at a time as they are solved, and no deal is started that would likely end
    past the budget, but at least one is solved; :attr:`Hint.samples` says how many were.
    With ``objective="score"`` each deal's value is what the hand then scores
    (:func:`score_margin`): a made contract against a failed one, not a point more or less.
    A bad argument raises :class:`ValueError` saying which.

    >>> from belote_lab.games.belote import BeloteHand
    >>> hint(BeloteHand(seed=3), samples=0)
    Traceback (most recent call last):
    ...
    ValueError: samples must be a whole number from 1 to 1000000, not 0
    """
    t0 = time.perf_counter()
    _check_hint_args(samples, time_budget, objective)
    if not state.in_play:
        raise ValueError("hints are for the play phase")
    seat = state.to_play
    side = _max_side(state, seat)
    unit = "tricks" if getattr(state, "game", "") == "callbreak" else "points"
    if objective == "score":
        unit = "score"
    deals: Iterator[Position]
    if all_visible:
        deals = iter([position_of(state, side)])
    else:
        # drawn lazily: a deal is drawn only when there is time to solve it
        rng = random.Random(seed)
        deals = iter_deals(state, seat, samples, rng, deadline=t0 + time_budget)
        first = next(deals, None)
        if first is None:
            raise RuntimeError("no deal is consistent with what this seat has seen")
        deals = itertools.chain([first], deals)
    exact = all_visible or determined(state, seat)
    collected: dict[Card, list[float]] = {}
    n = 0
    horizon = 0
    for pos in deals:
        pos.max_side = side
        elapsed = time.perf_counter() - t0
        # the first deal may use half the budget, the others what is left of it
        allowed = (time_budget / 2 if n == 0 else time_budget - elapsed)
        try:
            sol = solve_position(pos, node_limit=_node_limit(allowed))
        except SearchAborted:
            if n:
                break
            # too long to solve: play the deals on with level-2 players, then solve
            exact = False
            horizon = _solve_at(state)
            collected, n = rollouts(
                state, seat, itertools.chain([pos], deals), t0 + time_budget, objective, horizon
            )
            break
        _learn_rate(sol.nodes, sol.ms)
        for c, v in sol.values.items():
            u = v if objective == "points" else score_margin(state, pos, seat, v)
            collected.setdefault(c, []).append(u)
        n += 1
        elapsed = time.perf_counter() - t0
        if elapsed + elapsed / n > time_budget:  # the next deal would likely overrun
            break
    values = {}
    for c, vs in collected.items():
        mean = sum(vs) / len(vs)
        var = sum((v - mean) ** 2 for v in vs) / len(vs)
        values[c] = CardValue(c, mean, math.sqrt(var), min(vs), max(vs))
    ms = (time.perf_counter() - t0) * 1e3
    return Hint(seat, values, n, exact, ms, unit, objective, horizon)


def _check_hint_args(samples: object, time_budget: object, objective: object) -> None:
    """:class:`ValueError` for a bad argument of :func:`hint`, naming it.

    >>> _check_hint_args(8, 0.5, "points")
    >>> _check_hint_args(8, float("nan"), "points")
    Traceback (most recent call last):
    ...
    ValueError: time_budget must be a finite number of seconds above 0, not nan
    >>> _check_hint_args(8, 0.5, "tricks")
    Traceback (most recent call last):
    ...
    ValueError: objective must be one of points, score, not 'tricks'
    """
    if (
        isinstance(samples, bool)
        or not isinstance(samples, int)
        or not 1 <= samples <= MAX_SAMPLES
    ):
        raise ValueError(
            f"samples must be a whole number from 1 to {MAX_SAMPLES}, not {samples!r}"
        )
    if (
        isinstance(time_budget, bool)
        or not isinstance(time_budget, (int, float))
        or not math.isfinite(time_budget)
        or time_budget <= 0
    ):
        raise ValueError(
            f"time_budget must be a finite number of seconds above 0, not {time_budget!r}"
        )
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")


_RATE = [3e6 if HAVE_NUMBA else 3e4]
"""Nodes a second the solver searches here, learnt from the solves (a moving average)."""


def _node_limit(seconds: float) -> int:
    return max(20_000, int(seconds * _RATE[0]))


def _learn_rate(nodes: int, ms: float) -> None:
    if ms > 20 and nodes > 0:
        _RATE[0] = 0.8 * _RATE[0] + 0.2 * nodes / (ms / 1e3)


def _solve_at(state: Any) -> int:
    from belote_lab.players.search import SOLVE_AT

    return SOLVE_AT[state.game]


def with_hands(state: Any, pos: Position) -> Any:
    """A copy of ``state`` whose hidden cards are those of the sampled deal ``pos``."""
    world = state.copy()
    world.hands = list(pos.hands)
    if getattr(state, "stock", None) is not None and state.game == "belote2":
        world.stock = tuple(state.stock[: state.drawn]) + tuple(Card(c) for c in pos.stock)
    return world


def rollouts(
    state: Any,
    seat: int,
    positions: Iterable[Position],
    deadline: float,
    objective: str,
    horizon: int,
) -> tuple[dict[Card, list[float]], int]:
    """Each legal card's value on each deal (until ``deadline``, at least one deal): the card,
    level-2 play by every seat down to ``horizon`` tricks left, then the solver.  Values as
    :func:`hint`'s (what the side wins from here, or :func:`score_margin`); returns them
    and the number of deals."""
    from belote_lab.players.search import base_player, tricks_left

    game = state.game
    side = _max_side(state, seat)
    won = "won_tricks" if game == "callbreak" else "won_points"
    before = sum(getattr(state, won)[s] for s in side)
    legal = mask_cards(state.legal_mask())
    collected: dict[Card, list[float]] = {c: [] for c in legal}
    n = 0
    for pos in positions:
        world = with_hands(state, pos)
        for card in legal:
            w = world.copy()
            w.play(card)
            players = {s: base_player(game) for s in state.seat_order}
            while w.phase == "play" and (tricks_left(w) > horizon or w.trick):
                w.play(players[w.to_play].choose_card(w))
            v = sum(getattr(w, won)[s] for s in side) - before
            if w.phase == "play":
                end = position_of(w, side)
                sol = solve_position(end, all_values=False)
                v += sol.value if side[0] in sol.side else total_left(end) - sol.value
            u = v if objective == "points" else score_margin(state, pos, seat, v)
            collected[card].append(u)
        n += 1
        if time.perf_counter() > deadline:
            break
    return collected, n
