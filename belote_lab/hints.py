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

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from belote_lab.cards import SEATS, Card, mask_cards
from belote_lab.solver.position import Position, position_of, solve_position
from belote_lab.trick import legal_mask

__all__ = ["CardValue", "Hint", "hint", "sample_deals"]


@dataclass(frozen=True)
class CardValue:
    """A card's value over the sampled deals (card points, or tricks in Callbreak)."""

    card: Card
    mean: float
    std: float
    low: int
    high: int

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card.text,
            "mean": round(self.mean, 2),
            "std": round(self.std, 2),
            "low": self.low,
            "high": self.high,
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
        }

    def __str__(self) -> str:
        kind = "exact" if self.exact else f"{self.samples} sampled deals"
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


def _consistent(state: Any, hands: list[int], seat: int, strict_from: int) -> bool:
    """Was every card played so far legal with these hands? (plays from ``strict_from``)"""
    tables = state.contract.tables
    hist = _history(state)
    # hand of each seat just before each of its plays: current hand + its later plays
    later: dict[int, int] = {s: hands[s] for s in state.seat_order}
    checks = []
    for s, c, before in reversed(hist):
        later[s] |= 1 << c
        checks.append((s, c, before, later[s]))
    follow = state._follow_for_trick()
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
    """Up to ``n`` full-information positions consistent with what ``seat`` knows."""
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
    out: list[Position] = []
    tries = 0
    while len(out) < n and tries < max_tries * n:
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
        if not _consistent(state, hands, seat, strict_from):
            continue
        out.append(
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
    return out


def determined(state: Any, seat: int) -> bool:
    """Does ``seat`` know every card? (two players once the stock is empty)"""
    return len(state.seat_order) == 2 and not getattr(state, "stock_left", ())


def _max_side(state: Any, seat: int) -> tuple[int, ...]:
    if getattr(state, "game", "") == "callbreak":
        return (seat,)
    if len(state.seat_order) == 2:
        return (seat,)
    return (seat % 2, seat % 2 + 2)


def hint(
    state: Any,
    samples: int = 32,
    time_budget: float = 0.8,
    seed: int | None = 0,
    all_visible: bool = False,
) -> Hint:
    """Each legal card's value for the side of the seat to play (see the module text).

    ``samples`` caps the number of sampled deals and ``time_budget`` (seconds) the time:
    no deal is started that would likely end past the budget, but at least one is solved.
    """
    t0 = time.perf_counter()
    if not state.in_play:
        raise ValueError("hints are for the play phase")
    seat = state.to_play
    side = _max_side(state, seat)
    unit = "tricks" if getattr(state, "game", "") == "callbreak" else "points"
    if all_visible:
        positions = [position_of(state, side)]
    else:
        rng = random.Random(seed)
        positions = sample_deals(state, seat, samples, rng)
        if not positions:
            raise RuntimeError("no deal is consistent with what this seat has seen")
    exact = all_visible or determined(state, seat)
    collected: dict[Card, list[int]] = {}
    n = 0
    for pos in positions:
        pos.max_side = side
        sol = solve_position(pos)
        for c, v in sol.values.items():
            collected.setdefault(c, []).append(v)
        n += 1
        elapsed = time.perf_counter() - t0
        if elapsed + elapsed / n > time_budget:  # the next deal would likely overrun
            break
    values = {}
    for c, vs in collected.items():
        mean = sum(vs) / len(vs)
        var = sum((v - mean) ** 2 for v in vs) / len(vs)
        values[c] = CardValue(c, mean, math.sqrt(var), min(vs), max(vs))
    return Hint(seat, values, n, exact, (time.perf_counter() - t0) * 1e3, unit)
