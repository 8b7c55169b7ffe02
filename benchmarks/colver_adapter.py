"""belote_lab's four-player Belote and Coinche hands in colver's terms (issue 27, items 4–5).

colver (``pip install -e ".[bench]"``, a Rust engine of Belote contrée with its own agents) is
the yardstick of ``benchmarks/duplicate_colver.py`` and ``benchmarks/hint_regret.py``.  This
module maps one engine onto the other and checks, at every card, that they agree:

* cards: ours are ``16 * suit + rank`` (rank 5 = seven … 12 = ace, suits S H D C); colver's are
  0–31, suit-major S H D C, ranks 7 8 9 J Q K 10 A within a suit (read from ``Env.card_name``);
* seats: 0–3 are N E S W in both, N–S is team 0, play goes N → E → S → W;
* the auction: colver's first to speak is the player after the dealer, and that player leads
  the first trick.  Our Coinche has the same first speaker, but by default the *dealer* leads
  (``first_lead="dealer"``); a replica of one of our hands therefore puts colver's dealer just
  before our first leader and replays the contract as ``k`` passes, the contract, (coinche,
  surcoinche,) passes (:func:`auction_actions`).  Bid actions: 0 pass, ``1 + 4*(v-80)/10 +
  suit`` for a bid of ``v`` (80–160), ``37 + suit`` capot, 41 coinche, 42 surcoinche;
* contracts: colver has suit contracts only (no NT/AT, no générale), bids up to 160 then capot;
  a four-player Belote contract (no bid value) is replayed as 80 in its suit;
* play rules: colver's are our defaults (follow suit, trump when void, overtrump, no
  undertrumping, free when the partner is master): :meth:`Replica.check` asserts at every card
  that the seat to play and its legal cards are the same in both engines, and
  :meth:`Replica.check_end` that the card points (dix de der in) are.

A difference of *information*, not of rules: in four-player Belote everyone saw the turned card
and who took it (the taker holds it); colver's replica sees an 80 bid and nothing else, and its
IS-DD agent with ``[worlds] source = "uniform"`` deals the hidden cards from the hard
constraints of the play alone.

The IS-DD(10) agent of the issue is :data:`ISDD10` (colver 0.11: ``colver.Agent(spec, seat,
seed)`` with ``init_deal``, ``observe``, ``action``/``decide``); it needs no model file.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from belote_lab.cards import SEATS, Card, mask_cards

try:  # optional: the bench extra
    import colver
except ImportError:  # pragma: no cover - without the extra
    colver = None

__all__ = [
    "BID_CAPOT",
    "COINCHE",
    "ISDD10",
    "PASS",
    "SURCOINCHE",
    "LegalMismatch",
    "Replica",
    "auction_actions",
    "bid_action",
    "contract_of",
    "emitter",
    "first_leader",
    "from_cv",
    "mean_ci",
    "require",
    "replica_of",
    "to_cv",
]

ISDD10 = """\
[bid]
strategy = "heuristic"

[play]
method = "isdd"
time_ms = 0
determinizations = 10
parallel = false

[worlds]
source = "uniform"
"""
"""colver's IS-DD(10) agent: heuristic bidding, 10 determinizations a card solved double
dummy, worlds dealt uniformly under the hard constraints (the issue's spec)."""

SUITS = "SHDC"
CV_RANKS = (5, 6, 7, 9, 10, 11, 8, 12)  # our rank index of colver's 7 8 9 J Q K 10 A
PASS, COINCHE, SURCOINCHE, BID_CAPOT = 0, 41, 42, 37
PHASE_BIDDING, PHASE_PLAY = 0, 1


def emitter(out: str | None) -> Callable[[str], None]:
    """A benchmark's printer: each line to standard output and, with ``out``, appended to
    that file too (the results file of a run)."""

    def emit(text: str) -> None:
        print(text, flush=True)
        if out:
            with open(out, "a", encoding="utf-8") as f:
                f.write(text + "\n")

    return emit


def require() -> Any:
    """The colver module, or :class:`RuntimeError` saying how to install it."""
    if colver is None:
        raise RuntimeError('colver is not installed: pip install -e ".[bench]"')
    return colver


def to_cv(card: int) -> int:
    """colver's index of our card.

    >>> to_cv(Card.parse("7S")), to_cv(Card.parse("JH")), to_cv(Card.parse("TD")), to_cv(
    ...     Card.parse("AC"))
    (0, 11, 22, 31)
    """
    suit, rank = card >> 4, card & 15
    return 8 * suit + CV_RANKS.index(rank)


def from_cv(index: int) -> Card:
    """Our card of colver's index.

    >>> [from_cv(i).text for i in (0, 3, 6, 11, 31)]
    ['7S', 'JS', 'TS', 'JH', 'AC']
    """
    return Card(16 * (index // 8) + CV_RANKS[index % 8])


def bid_action(value: int | str, trump: str) -> int:
    """colver's action for a bid of ``value`` (80–160, or ``"capot"``) in ``trump`` (S H D C).

    >>> bid_action(80, "S"), bid_action(80, "C"), bid_action(160, "C"), bid_action("capot", "H")
    (1, 4, 36, 38)
    """
    if trump not in SUITS:
        raise ValueError(f"colver has suit contracts only, not {trump!r}")
    s = SUITS.index(trump)
    if value == "capot":
        return BID_CAPOT + s
    if not isinstance(value, int) or value % 10 or not 80 <= value <= 160:
        raise ValueError(f"colver bids 80 to 160 or capot, not {value!r}")
    return 1 + 4 * ((value - 80) // 10) + s


def auction_actions(
    dealer: int, taker: int, value: int | str, trump: str, multiplier: int = 1
) -> list[int]:
    """The auction of a replica: passes up to ``taker``, its bid, a coinche by the next seat
    (``multiplier`` 2 or 4) and a surcoinche by the taker's partner (4), then the passes that
    end it (none after a surcoinche, which ends colver's auction).

    >>> auction_actions(0, 2, 80, "H")        # E passes, S bids 80♥, W N E pass
    [0, 2, 0, 0, 0]
    >>> auction_actions(3, 0, 90, "S", 2)     # N bids 90♠, E coinches, S W N pass
    [5, 41, 0, 0, 0]
    >>> auction_actions(3, 0, 90, "S", 4)
    [5, 41, 42]
    """
    k = (taker - dealer - 1) % 4
    out = [PASS] * k + [bid_action(value, trump)]
    if multiplier >= 2:
        out.append(COINCHE)
    if multiplier == 4:
        return [*out, SURCOINCHE]
    return out + [PASS] * 3


def contract_of(hand: Any) -> tuple[int | str, str, int]:
    """``(value, trump, multiplier)`` of a four-player Belote or Coinche hand in play, in
    colver's terms: a Belote contract is 80 in its suit; a Coinche bid of 170 or 180 is 160
    (colver's highest points bid); capot is ``"capot"``.  NT, AT and générale raise."""
    trump = hand.contract.code
    bid = getattr(hand, "bid", None)
    if bid is None:  # four-player Belote: no bid value
        return 80, trump, 1
    if bid.kind == "capot":
        value: int | str = "capot"
    elif bid.kind == "points":
        value = min(bid.value, 160)
    else:
        raise ValueError(f"colver has no {bid.kind} bid")
    return value, trump, hand.multiplier


def first_leader(hand: Any) -> int:
    """The seat that led the first trick of a hand in play."""
    return hand.tricks[0].leader if hand.tricks else hand.leader


class LegalMismatch(AssertionError):
    """The two engines disagree at a card: the message names the position (JSON)."""


class Replica:
    """A colver ``Env`` dealt our hands, with colver agents in ``agent_seats``: every action
    is observed by every agent, then stepped (colver's protocol)."""

    def __init__(
        self,
        hands: Sequence[int],
        dealer: int,
        agent_seats: Iterable[int] = (),
        seed: int = 0,
        spec: str = ISDD10,
    ) -> None:
        cv = require()
        cards = [[to_cv(c) for c in mask_cards(m)] for m in hands]
        self.env = cv.Env.deal_with_hands(dealer, cards)
        self.agents = {s: cv.Agent(spec, seat=s, seed=seed * 4 + s) for s in agent_seats}
        for a in self.agents.values():
            a.init_deal(self.env)

    def step(self, action: int) -> None:
        for a in self.agents.values():
            a.observe(self.env, action)
        self.env.step(action)

    def auction(self, actions: Iterable[int]) -> None:
        for a in actions:
            self.step(a)
        if self.env.phase() != PHASE_PLAY:
            raise RuntimeError(f"colver's auction did not end in play: {self.env!r}")

    def legal(self) -> list[Card]:
        return sorted(from_cv(a) for a in self.env.legal_actions())

    def check(self, hand: Any) -> None:
        """Assert that the seat to play and its legal cards are the same in ``hand`` (ours)."""
        ours = sorted(mask_cards(hand.legal_mask()))
        seat = self.env.current_player()
        if seat != hand.to_play or self.legal() != ours:
            raise LegalMismatch(
                f"legal sets differ: ours {SEATS[hand.to_play]} {[c.text for c in ours]}, "
                f"colver {SEATS[seat]} {[c.text for c in self.legal()]}; "
                f"position {describe(hand)}"
            )

    def play(self, card: Card) -> None:
        self.step(to_cv(card))

    def choose(self) -> tuple[Card, dict[str, Any]]:
        """The card of the agent of the seat to play, and colver's ``decide`` record."""
        d = self.agents[self.env.current_player()].decide(self.env)
        return from_cv(d["action"]), d

    def check_end(self, hand: Any) -> tuple[int, int]:
        """At the end of the hand: both engines' card points (N–S, E–W) must be equal (colver
        counts a capot 252: read as 162)."""
        w = hand.won_points
        ours = (w[0] + w[2], w[1] + w[3])
        theirs = tuple(162 if p == 252 else p for p in self.env.get_points())
        if not self.env.is_terminal() or ours != theirs:
            raise LegalMismatch(f"card points differ: ours {ours}, colver {theirs}; "
                                f"position {describe(hand)}")
        return ours


def describe(hand: Any) -> str:
    """A position as JSON: the hands at the first card, the contract, the cards so far."""
    value, trump, mult = contract_of(hand)
    return json.dumps({
        "game": hand.game,
        "hands": {SEATS[s]: " ".join(c.text for c in mask_cards(m))
                  for s, m in enumerate(hand.original)},
        "contract": f"{value}{trump}" + ("x" * (mult // 2) if mult > 1 else ""),
        "taker": SEATS[hand.taker],
        "first_leader": SEATS[first_leader(hand)],
        "cards": [v for k, _, v in hand.actions if k == "play"],
    })


def replica_of(hand: Any, agent_seats: Iterable[int] = (), seed: int = 0) -> Replica:
    """colver's replica of a Belote or Coinche hand in play, at the same position: our hands at
    the first card, colver's dealer just before our first leader, the auction of
    :func:`auction_actions`, then our cards so far, each checked (:meth:`Replica.check`)."""
    lead = first_leader(hand)
    dealer = (lead - 1) % 4
    value, trump, mult = contract_of(hand)
    r = Replica(hand.original, dealer, agent_seats, seed)
    r.auction(auction_actions(dealer, hand.taker, value, trump, mult))
    replay = hand.copy()
    while replay.tricks or replay.trick:
        replay.undo()
    cards = [Card.parse(v) for k, _, v in hand.actions if k == "play"]
    for card in cards:
        r.check(replay)
        r.play(card)
        replay.play(card)
    return r


def mean_ci(xs: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The mean of ``xs`` and the half-width of its 95% interval (normal, sample variance);
    for paired figures ``xs`` are the per-item differences.

    >>> m, h = mean_ci([1.0, 2.0, 3.0, 4.0]); m, round(h, 3)
    (2.5, 1.265)
    """
    n = len(xs)
    if n == 0:
        return float("nan"), float("nan")
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, z * math.sqrt(var / n)
