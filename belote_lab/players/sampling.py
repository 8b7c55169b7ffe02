"""Deals sampled from what a seat knows, and rollouts on them: the search players' ground.

:func:`iter_deals` deals the cards a seat cannot see (the other hands and, in two-player
Belote, the stock) consistently with everything it knows — its own hand, the cards played
and who played them, the turned card and who took it — keeping only deals in which every
card played so far was legal (checked with the trick core itself, so a void or a refusal to
trump is respected without a second copy of the rules).  :func:`rollouts` plays each legal
card on such deals, level-2 players down to a horizon, then the exact solver;
:func:`score_margin` turns what a side wins into what the hand scores (the game's
:attr:`~belote_lab.games.Game.margin`).  The hints (:mod:`belote_lab.players.pimc`) and the
search players (:mod:`belote_lab.players.search`) are built on these.

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand(seed=3); h.call("take")
>>> deals = sample_deals(h, 0, 3, random.Random(1))
>>> len(deals), deals[0].hands[0] == h.hands[0], deals[0].hands[1] == h.hands[1]
(3, True, False)
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from belote_lab.cards import Card, mask_cards
from belote_lab.games import get
from belote_lab.games.base import TrickPlay
from belote_lab.players.registry import level2
from belote_lab.solver.position import Position, position_of, solve_value, total_left
from belote_lab.trick import legal_mask

__all__ = [
    "determined",
    "iter_deals",
    "rollouts",
    "sample_deals",
    "score_margin",
    "stock_left",
    "tricks_left",
    "with_hands",
]


def tricks_left(state: TrickPlay) -> int:
    """Tricks still to play in a hand in play, the current one included."""
    return int(state.tricks_per_hand) - len(state.tricks)


def stock_left(state: TrickPlay) -> tuple[Card, ...]:
    """The cards still in the stock (none in a game without one)."""
    return tuple(state.stock_left) if get(state.game).has_stock else ()


def _history(state: TrickPlay) -> list[tuple[int, int, list[int]]]:
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


def _consistent(
    state: TrickPlay,
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
    state: TrickPlay, seat: int, n: int, rng: random.Random, max_tries: int = 200
) -> list[Position]:
    """Up to ``n`` full-information positions consistent with what ``seat`` knows (all of
    :func:`iter_deals`)."""
    return list(iter_deals(state, seat, n, rng, max_tries))


def _hidden(
    state: TrickPlay, others: list[int], known: dict[int, int]
) -> tuple[list[Card], dict[int, int]]:
    """The cards hidden from the seat (the ``others``' cards it does not know and the stock)
    and how many of them each of the ``others`` holds."""
    hidden = 0
    for s in others:
        hidden |= state.hands[s] & ~known.get(s, 0)
    for c in stock_left(state):
        hidden |= 1 << c
    sizes = {s: bin(state.hands[s]).count("1") - bin(known.get(s, 0)).count("1") for s in others}
    return mask_cards(hidden), sizes


def _strict_from(state: TrickPlay) -> int:
    """The first play whose legality tells something: in two-player Belote the plays made
    while the stock lasted were free, nothing to check."""
    if get(state.game).has_stock and state.stock:
        return 2 * min(len(state.stock) // 2, len(state.tricks))
    return 0


def _deal(
    state: TrickPlay,
    hidden_cards: list[Card],
    others: list[int],
    sizes: dict[int, int],
    known: dict[int, int],
) -> tuple[list[int], list[int]]:
    """The hands with ``hidden_cards`` (in their shuffled order) dealt to ``others``, and the
    stock they leave."""
    hands = list(state.hands)
    k = 0
    for s in others:
        take = hidden_cards[k : k + sizes[s]]
        k += sizes[s]
        m = known.get(s, 0)
        for c in take:
            m |= 1 << c
        hands[s] = m
    return hands, [int(c) for c in hidden_cards[k:]]


def iter_deals(
    state: TrickPlay,
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
    others = [s for s in state.seat_order if s != seat]
    known = state.known_cards(seat)
    hidden_cards, sizes = _hidden(state, others, known)
    strict_from = _strict_from(state)
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
        hands, new_stock = _deal(state, hidden_cards, others, sizes, known)
        if not _consistent(state, hands, seat, strict_from, hist):
            continue
        found += 1
        yield replace(base, hands=hands, stock=new_stock)
        if not hidden_cards:
            break


def determined(state: TrickPlay, seat: int) -> bool:
    """Does ``seat`` know every card? (two players once the stock is empty)"""
    return get(state.game).players == 2 and not stock_left(state)


def score_margin(state: TrickPlay, pos: Position, seat: int, value: int) -> float:
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
    return get(state.game).margin(
        state, seat, value, total_left(pos), pos.tricks_left, list(pos.hands)
    )


def with_hands(state: TrickPlay, pos: Position) -> Any:
    """A copy of ``state`` whose hidden cards are those of the sampled deal ``pos``."""
    world = state.copy()
    world.hands = list(pos.hands)
    if get(state.game).has_stock:
        world.stock = tuple(state.stock[: state.drawn]) + tuple(Card(c) for c in pos.stock)
    return world


def _won(state: TrickPlay, side: tuple[int, ...]) -> int:
    """What ``side`` has won so far: card points, or tricks in a game counting tricks."""
    won = state.won_tricks if get(state.game).counts == "tricks" else state.won_points
    return sum(won[s] for s in side)


def _play_out(
    world: Any, card: Card, players: dict[int, Any], horizon: int, side: tuple[int, ...]
) -> int:
    """What ``side`` wins from ``world`` on when ``card`` is played, the ``players`` play down
    to ``horizon`` tricks left and the solver the rest."""
    before = _won(world, side)
    w = world.copy()
    w.play(card)
    while w.phase == "play" and (tricks_left(w) > horizon or w.trick):
        w.play(players[w.to_play].choose_card(w))
    v = _won(w, side) - before
    if w.phase == "play":
        v += solve_value(position_of(w, side))  # the best value alone: no card's value needed
    return v


def rollouts(
    state: TrickPlay,
    seat: int,
    positions: Iterable[Position],
    deadline: float,
    objective: str,
    horizon: int,
) -> tuple[dict[Card, list[float]], int]:
    """Each legal card's value on each deal (until ``deadline``, at least one deal): the card,
    level-2 play by every seat down to ``horizon`` tricks left, then the solver.  Values as
    :func:`~belote_lab.players.pimc.hint`'s (what the side wins from here, or
    :func:`score_margin`); returns them and the number of deals."""
    side = get(state.game).side_with(seat)
    make_base = level2(state.game)
    legal = mask_cards(state.legal_mask())
    collected: dict[Card, list[float]] = {c: [] for c in legal}
    n = 0
    for pos in positions:
        world = with_hands(state, pos)
        for card in legal:
            players = {s: make_base(None) for s in state.seat_order}
            v = _play_out(world, card, players, horizon, side)
            u = v if objective == "points" else score_margin(state, pos, seat, v)
            collected[card].append(u)
        n += 1
        if time.perf_counter() > deadline:
            break
    return collected, n
