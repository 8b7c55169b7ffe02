"""Per-hand studies for the notebooks that :func:`belote_lab.simulate.simulate` does not record:
the taker's holding when it took, and how far rule-of-thumb play is from perfect play.

* :func:`taking_study` plays four-player Belote hands exactly as ``simulate("belote", …)``
  does with the same arguments (same deals, same players, same results) and adds, for each
  hand, what the taker knew when it took: its 5 dealt cards and the turned card, which the
  taker always receives.
* :func:`rule_counts` counts which rule of play decided each card played.
* :func:`perfect_play_gap` plays two-player Belote hands and, at every decision once the
  stock is empty (when every card is known to both players), asks the exact solver what each
  legal card is worth; the gap between the best card and the card played is what the player
  gave away.

>>> s = taking_study(30, players="2,2,2,2", seed=4)
>>> len(s), bool(((s.trumps >= 1) & (s.trumps <= 6)).all())
(30, True)
>>> from belote_lab.simulate import simulate
>>> bool((simulate("belote", 30, "2,2,2,2", seed=4, progress=False).made == s.made).all())
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from belote_lab.cards import SUIT_MASK, Card, Rank, mask_cards
from belote_lab.games import get
from belote_lab.games.base import step
from belote_lab.players.belote import take_strength
from belote_lab.selfplay import make_players, play_hands
from belote_lab.trick import RULE_OF_CODE, legal_mask

__all__ = ["Holding", "taker_holding", "TakingStudy", "taking_study", "PlayGap",
           "perfect_play_gap", "rule_counts"]


@dataclass(frozen=True)
class Holding:
    """What the taker of a suit contract knew when it took: 5 dealt cards + the turned card."""

    cards: tuple[Card, ...]
    trump: int  # the suit index of the contract's trump
    round: int  # 1: took the turned suit; 2: named another suit
    trump_jack: bool
    trump_nine: bool
    trumps: int  # trumps among the 6 cards
    side_aces: int  # aces of the other suits among the 6 cards
    belote: bool  # K and Q of trump among the 6 cards
    rule_take: bool  # the J+2 / 9+3 rule of thumb (side aces count) says "take"


def taker_holding(hand: Any) -> Holding:
    """The :class:`Holding` of the taker of a finished (or playing) four-player Belote hand.

    The hand is copied and taken back (``undo``) to the taking, so nothing about the deal
    order is assumed.

    >>> from belote_lab.games.belote import BeloteHand
    >>> h = BeloteHand(seed=7, dealer="N"); h.call("take")
    >>> taker_holding(h).cards == tuple(sorted(taker_holding(h).cards))
    True
    """
    if hand.contract is None or hand.contract.trump is None or hand.turned is None:
        raise ValueError("a holding needs a suit contract taken after a turned card")
    taker = hand.taker
    h = hand.copy()
    while h.phase != "bidding":
        h.undo()
    known = h.hands[taker] | 1 << hand.turned
    trump = int(hand.contract.trump)
    trumps = known & SUIT_MASK[trump]
    calls = len(hand.taking.calls) if hand.taking is not None else 1
    return Holding(
        cards=tuple(sorted(mask_cards(known))),
        trump=trump,
        round=1 if calls <= 4 else 2,
        trump_jack=bool(trumps >> (16 * trump + Rank.JACK) & 1),
        trump_nine=bool(trumps >> (16 * trump + Rank.NINE) & 1),
        trumps=trumps.bit_count(),
        side_aces=sum(1 for s in range(4) if s != trump and known >> (16 * s + Rank.ACE) & 1),
        belote=(known >> (16 * trump + Rank.KING) & 1) == 1
        and (known >> (16 * trump + Rank.QUEEN) & 1) == 1,
        rule_take=take_strength(known, trump)[0],
    )


@dataclass
class TakingStudy:
    """Arrays, one entry per hand, of :func:`taking_study`."""

    made: np.ndarray  # 1 made, 0 failed, -1 litige (as in SimulationResult.made)
    attack_points: np.ndarray  # the attack's card points with dix de der
    score_margin: np.ndarray  # attack's hand score minus the defence's
    taker: np.ndarray  # seat index
    dealer: np.ndarray  # seat index
    round: np.ndarray  # 1 or 2
    trump_jack: np.ndarray  # bool
    trump_nine: np.ndarray  # bool
    trumps: np.ndarray  # trumps among the 6 known cards
    side_aces: np.ndarray
    belote: np.ndarray  # bool: K+Q of trump among the 6 known cards
    rule_take: np.ndarray  # bool: the J+2 / 9+3 rule says take
    attack_leads: np.ndarray  # bool: the attacking team leads the first trick

    def __len__(self) -> int:
        return int(self.made.size)

    def made_rate(self, where: np.ndarray | None = None) -> float:
        """Share of contracts made (ties count as not made), over ``where`` if given."""
        m = self.made if where is None else self.made[where]
        return float((m == 1).mean()) if m.size else float("nan")


def taking_study(
    n_hands: int, players: Any = "2,2,2,2", seed: int = 0, rules: Any = None
) -> TakingStudy:
    """Play ``n_hands`` four-player Belote hands (suit contracts) as
    ``simulate("belote", n_hands, players, seed, rules)`` does and record each taker's
    :class:`Holding` with the result."""
    g = get("belote")
    rows: dict[str, list[Any]] = {f.name: [] for f in fields(TakingStudy)}
    for hand, _, _ in play_hands(g, n_hands, players, seed, g.rules(rules)):
        hold = taker_holding(hand)
        res = hand.result
        att = g.side_of(hand.taker)
        teams = g.sides
        rows["made"].append(-1 if res.made is None else int(res.made))
        rows["attack_points"].append(res.points[teams[att]])
        rows["score_margin"].append(res.score[teams[att]] - res.score[teams[1 - att]])
        rows["taker"].append(hand.taker)
        rows["dealer"].append(hand.dealer)
        first_leader = hand.tricks[0].leader
        rows["attack_leads"].append(g.side_of(first_leader) == att)
        for name in ("round", "trump_jack", "trump_nine", "trumps", "side_aces", "belote",
                     "rule_take"):
            rows[name].append(getattr(hold, name))
    return TakingStudy(**{k: np.array(v) for k, v in rows.items()})


@dataclass
class PlayGap:
    """One entry per decision of :func:`perfect_play_gap` (decisions with one legal card
    are left out)."""

    trick: np.ndarray  # trick number, 8–16
    seat: np.ndarray  # seat index of the player (0 N, 2 S)
    played: np.ndarray  # exact value of the card played (points from here on)
    best: np.ndarray  # exact value of the best legal card
    choices: np.ndarray  # number of legal cards

    @property
    def loss(self) -> np.ndarray:
        """Points given away by each decision (0 = a best card was played)."""
        return self.best - self.played

    def __len__(self) -> int:
        return int(self.trick.size)


def perfect_play_gap(n_hands: int, players: Any = "2,2", seed: int = 0) -> PlayGap:
    """Play ``n_hands`` two-player Belote hands with ``players`` (levels or player objects
    for N and S, as in :func:`belote_lab.simulate.simulate`) and solve every decision of the
    strict tricks exactly (:func:`belote_lab.solver.solve`): the value, in card points with
    dix de der won from that position on by the side to play, of the card played and of the
    best card."""
    from belote_lab.solver import solve

    g = get("belote2")
    ps = make_players(g, players, seed)
    rng = random.Random(f"{seed}:gap")
    rows: dict[str, list[int]] = {f.name: [] for f in fields(PlayGap)}
    done = 0
    dealer = g.seats[0]
    while done < n_hands:
        hand = g.hand_class(dealer=dealer, seed=rng.getrandbits(32))
        while hand.phase == "bidding":
            step(hand, ps[hand.current_player])
        if hand.phase != "play":
            continue  # passed out: deal again
        while hand.phase == "play":
            seat = hand.current_player
            card = ps[seat].choose_card(hand.observation(seat))
            legal = hand.legal_cards()
            if not hand.stock_left and len(legal) > 1:
                sol = solve(hand)
                rows["trick"].append(hand.trick_number)
                rows["seat"].append(seat)
                rows["played"].append(sol.values[card])
                rows["best"].append(sol.value)
                rows["choices"].append(len(legal))
            hand.play(card)
        done += 1
        dealer = g.next_seat(dealer)
    return PlayGap(**{k: np.array(v, dtype=int) for k, v in rows.items()})


def rule_counts(
    game: str, n_hands: int, players: Any = "2,2,2,2", seed: int = 0, rules: Any = None
) -> dict[str, int]:
    """How many cards played in ``n_hands`` self-played hands fell under each rule of play
    (the :class:`~belote_lab.trick.Rule` codes: ``lead``, ``follow``, ``must_trump`` …), the
    same hands as ``simulate(game, n_hands, players, seed, rules)``.  Most common first.

    >>> c = rule_counts("belote", 2, "1,1,1,1", seed=1)
    >>> sum(c.values()), c["lead"]
    (64, 16)
    """
    counts: dict[str, int] = {}
    rule_names = [r.value for r in RULE_OF_CODE]
    for hand, _, _ in play_hands(game, n_hands, players, seed, rules):
        replay = hand.copy()
        while replay.tricks or replay.trick:
            replay.undo()
        for kind, seat, value in hand.actions[len(replay.actions):]:
            assert kind == "play"
            rule = legal_mask(replay.hands[replay.to_play], replay.trick,
                              replay.contract.tables, replay.follow_for_trick(),
                              replay.partner_pos())[1]
            name = rule_names[rule]
            counts[name] = counts.get(name, 0) + 1
            replay.play(value, seat)
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
