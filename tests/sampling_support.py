"""Helpers for the deal sampler's tests and its fuzz run (benchmarks/sampler_fuzz.py).

* :data:`RULES`: the rule sets hands are played under, in turn.
* :func:`selfplay_positions`: every position (the seat to play about to play a card) of a
  hand dealt, bid and played by level-2 players.
* :func:`replay_fits`: the sampler's ground truth, found without it — the hand replayed by
  the game's own engine from the original hands a deal implies (its hands now plus the
  cards played): every card legal, the same belote announcements, the same declared
  totals, and in Callbreak no hand that would have voided the deal.  Two-player Belote, whose
  opponent's draws are hidden, is checked by its facts: the cards played while the stock
  lasted were free; the turned card stays with its taker; the belote.
* :func:`all_deals`: every placement of the hidden cards (brute force, small positions),
  :func:`placements` how many there are.
* :func:`chi_square_p`: the upper tail of the chi-square distribution (no SciPy here).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from typing import Any

from belote_lab.cards import SEATS, Rank, mask_cards
from belote_lab.contract import ContractKind
from belote_lab.games import get
from belote_lab.games.base import step
from belote_lab.games.belote import BeloteHand
from belote_lab.games.belote2 import Belote2Hand
from belote_lab.games.callbreak import CallbreakHand, void_reason
from belote_lab.games.coinche import CoincheHand
from belote_lab.rules import BeloteRules, CallbreakRules, CoincheRules
from belote_lab.simulation.selfplay import hand_in_play, make_players
from belote_lab.solver.position import Position

GAMES = ("belote", "coinche", "belote2", "callbreak")

RULES: dict[str, list[Any]] = {
    "belote": [
        None,
        BeloteRules(declarations=True, must_undertrump=True),
        BeloteRules(allow_no_trump=True, allow_all_trump=True, declarations=True),
    ],
    "coinche": [
        None,
        CoincheRules(declarations=True, must_undertrump=True),
        CoincheRules(allow_no_trump=True, allow_all_trump=True, declarations=True),
    ],
    "belote2": [None],
    "callbreak": [None, CallbreakRules(redeal_without_face_cards=True)],
}
"""Rules the fuzz runs vary from hand to hand: the defaults; declarations with
must-undertrump; no trump and all trump allowed; Callbreak's face-card redeal."""


def selfplay_positions(game: str, seed: int, rules: Any = None) -> Iterator[Any]:
    """Each position of one hand of ``game`` played by level-2 players from ``seed`` (the
    state itself, about to be played on: copy it to keep it)."""
    g = get(game)
    players = make_players(game, 2, seed)
    h = hand_in_play(game, players, seed=seed, dealer=g.seats[seed % g.players], rules=rules)
    while h.phase == "play":
        yield h
        step(h, players[h.to_play])


def _events(h: Any) -> list[tuple[str, int, int]]:
    return [(e.kind, e.seat, e.trick) for e in h.events if e.kind in ("belote", "rebelote")]


def _first_leader(state: Any) -> int:
    return state.tricks[0].leader if state.tricks else state.leader


def _cards_played(state: Any) -> list[Any]:
    return [c for t in state.tricks for c in t.cards] + list(state.trick)


def replay_fits(state: Any, seat: int, pos: Position) -> bool:
    """Is the deal ``pos`` (all hands now, and the stock) one that ``seat`` cannot tell from
    the real one?  See the module text."""
    hands = list(pos.hands)
    if hands[seat] != state.hands[seat]:
        return False
    for s in state.seat_order:
        if bin(hands[s]).count("1") != bin(state.hands[s]).count("1"):
            return False
    for s, m in state.known_cards(seat).items():
        if hands[s] & m != m:
            return False
    if isinstance(state, Belote2Hand):
        return _belote2_fits(state, seat, pos)
    played = state.played_masks()
    original = [hands[s] | played[s] for s in range(4)]
    text = {SEATS[s]: " ".join(c.text for c in mask_cards(original[s])) for s in range(4)}
    first = SEATS[_first_leader(state)]
    if isinstance(state, CallbreakHand):
        if any(void_reason(original[s], state.rules) for s in range(4)):
            return False
        again: Any = CallbreakHand.from_hands(text, [1, 1, 1, 1], first, state.rules)
    elif isinstance(state, CoincheHand):
        again = CoincheHand.from_hands(text, str(state.bid), SEATS[state.taker], first,
                                       state.rules)
    elif isinstance(state, BeloteHand):
        again = BeloteHand.from_hands(text, state.contract.code, SEATS[state.taker], first,
                                      state.rules)
    else:
        raise TypeError(f"no replay for {type(state).__name__}")
    for c in _cards_played(state):
        if not again.can_play(c):
            return False
        again.play(c)
    if _events(again) != _events(state):
        return False
    return not (state.tricks and getattr(state, "declared", None) != getattr(again, "declared",
                                                                               None))


def _belote2_fits(state: Belote2Hand, seat: int, pos: Position) -> bool:
    """Two-player Belote: the stock holds the rest; with it empty the deal is the real one;
    the seat's own draws stay its own; the belote announced, or not, with the first of the
    trump king and queen (its holder keeps the other; a seat that did not announce did not
    hold it, unless it drew since)."""
    other = 2 - seat
    if not state.stock_left:
        return list(pos.hands) == list(state.hands) and not pos.stock
    hidden = state.hands[other]
    for c in state.stock_left:
        hidden |= 1 << c
    stock = 0
    for c in pos.stock:
        stock |= 1 << c
    if pos.hands[other] | stock != hidden or pos.hands[other] & stock:
        return False
    if len(pos.stock) != len(state.stock_left):
        return False
    contract = state.contract
    if contract.kind is not ContractKind.SUIT:
        return True
    t = int(contract.trump)
    pair = (1 << (16 * t + Rank.KING)) | (1 << (16 * t + Rank.QUEEN))
    order = _cards_played(state)
    kq = [(k, c) for k, c in enumerate(order) if (1 << c) & pair]
    if not kq:
        return True
    k, c = kq[0]
    trick = k // 2
    lead = _first_leader(state) if trick == 0 else state.tricks[trick - 1].winner
    who = lead if k % 2 == 0 else 2 - lead
    rest = pair & ~(1 << c)
    if state.belote_played:
        return not (state.belote_played == 1 and who == other and not pos.hands[other] & rest)
    drew_since = trick < state.drawn // 2
    return who != other or drew_since or not pos.hands[other] & rest


def all_deals(state: Any, seat: int) -> list[Position]:
    """Every placement of the cards ``seat`` cannot see (hands of the right sizes and the
    stock in one order: the sampler deals each order alike), the known cards in place;
    brute force, for small positions only."""
    from dataclasses import replace

    from belote_lab.solver.position import position_of

    base = position_of(state)
    known = state.known_cards(seat)
    others = [s for s in state.seat_order if s != seat]
    hidden = 0
    for s in others:
        hidden |= state.hands[s] & ~known.get(s, 0)
    for c in state.stock_left if get(state.game).has_stock else ():
        hidden |= 1 << c
    cards = [int(c) for c in mask_cards(hidden)]
    sizes = [bin(state.hands[s] & ~known.get(s, 0)).count("1") for s in others]
    out = []

    def rec(i: int, left: list[int], hands: list[int]) -> None:
        if i == len(others):
            out.append(replace(base, hands=list(hands), stock=sorted(left)))
            return
        for pick in itertools.combinations(left, sizes[i]):
            m = known.get(others[i], 0)
            for c in pick:
                m |= 1 << c
            hands[others[i]] = m
            rec(i + 1, [c for c in left if c not in pick], hands)

    rec(0, cards, list(base.hands))
    return out


def placements(space: Any) -> int:
    """Every way to place a :class:`~belote_lab.players.sampling.DealSpace`'s hidden cards
    in hands (and a stock) of the right sizes, whatever was seen."""
    n = sum(space.sizes)
    out = 1
    for k in space.sizes:
        out *= math.comb(n, k)
        n -= k
    return out


def deal_key(pos: Position) -> tuple[Any, ...]:
    """A deal's hands and the stock's cards (not their order), to count deals by."""
    return (*pos.hands, tuple(sorted(pos.stock)))


def chi_square_p(stat: float, dof: int) -> float:
    """P(X >= stat) for X chi-square with ``dof`` degrees of freedom (the regularized upper
    incomplete gamma function Q(dof/2, stat/2), by its series or continued fraction)."""
    a, x = dof / 2.0, stat / 2.0
    if x <= 0:
        return 1.0
    lg = math.lgamma(a)
    if x < a + 1:  # series for P, then Q = 1 - P
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - lg))
    b = x + 1 - a  # Lentz's continued fraction for Q
    c = 1e300
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h * math.exp(-x + a * math.log(x) - lg)
