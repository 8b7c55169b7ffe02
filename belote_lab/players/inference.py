"""Inference: deals of the hidden cards weighted by what the calls and the cards played say.

The deal sampler (:mod:`belote_lab.players.sampling`) deals the cards a seat cannot see under
the *hard* constraints — every card played was legal, the turned card, the belote, the
declared totals — each consistent deal equally likely.  It ignores what the calls and the
play *suggest*: a seat that passed with the turned jack on offer rarely held two more trumps;
a seat that took usually did.  This module weights each sampled deal by the likelihood, had
it been the real deal, of every call and card the *other* seats made so far (policy-based
inference, as Solinas, Rebstock and Buro, 2019, for Skat), under a model of each seat: the
game's level-2 player (:func:`~belote_lab.players.registry.level2`, its bidder for the
calls) with noise ``ε`` —

    P(action | deal) = (1 - ε)·[action is level 2's choice] + ε / |legal actions|

— divided by the probability of the same action for a seat choosing among its legal actions at
random (1 / |legal actions|).  That ratio is what makes ``ε = 1`` give uniform weights: the
actions then say nothing beyond the hard constraints, exactly the sampler's own deals; as
``ε`` falls, deals on which level 2 would have done what was done weigh more.  The observer's
own actions say nothing about the hidden cards and are not counted; an action that was the
only legal one is not counted either (its ratio is 1).

**How a deal is weighed** (:func:`evidence`): each seat's hand as dealt is its hand in the
sampled deal plus the cards it played; the hand is dealt again from those hands (a deck built
for the game's own constructor, or ``from_hands`` for a hand given at its first card) and
every recorded action is made again; before each decision of another seat with a choice,
level 2 is asked on that seat's observation of the rebuilt hand.  What the replay records is
kept as :class:`Evidence` (for each decision: the number of legal actions and whether level 2
chose the one made), so weights for another ``ε`` need no replay (:meth:`Inference.
reweighted`, the fit of ``ε``).  In four-player Belote the taking is made holding five
cards: which five of the eight a seat holds now it held then is not known, so its calls are
weighed on ``splits`` random five-card subsets of its hand and the likelihoods averaged,
seat by seat (every subset when there are no more than ``splits``: exact) — an unbiased
estimate of the likelihood of its calls, which is all importance weights need.  About 1–2 ms
a deal (a replay of the hand so far).

**During the calls** the deals are of the class :class:`Deal` — every hand now, and the cards
still to deal in a random order (the play's deals, :class:`~belote_lab.solver.position.
Position`, need a contract) — weighted by the calls made so far: what the bidding advice
needs.  Every seat's hand at its calls is then its hand now, so the auction is replayed once
for the whole pool (on its first deal); at each call of another seat with a choice, each
deal's hand is put into the state kept there and level 2 asked again — the same
:class:`Evidence` as :func:`evidence` gives deal by deal (``tests/test_inference.py``).

**A larger pool during the calls** (:data:`AUCTION_POOL`, :data:`AUCTION_FITTED`): a deal's
weight during the calls is a replay of the calls alone (about 0.04 ms a deal in Coinche), so
:func:`drawn` weighs up to 3,200 deals there (80 for each deal drawn, within its deadline)
in a game with a model fitted for that pool.  Coinche's: call ε 0.2, a bid matched by its
value too, fitted by ``benchmarks/calibration.py --game coinche --checkpoints 0 --samples
3200`` on 750 of 1,500 level-2 hands; on the other 750, the log loss after the auction is
0.527 against 0.551 for the play's model on that pool (−0.027 paired by hand, −0.034 to
−0.020).  Why: a bid of 110 is made by few hands, and a pool of 160 holds almost none of
them, so the play's model (tuned to such pools: a bid weighed by its trump only, ε 0.5) gave
a partner who bid 80 to 110 hands that level 2 values at about 65, and the bidding advice
then judged a pass over the partner's bid some 100 points worse than it played
(``benchmarks/results/advice-coinche-auction-2026-12-06.txt``).

**Games**: four-player Belote, Coinche and Callbreak; two-player Belote during the calls only
(in its play the opponent's draws from the stock are hidden, so its past hands are not
determined by the deal; once the stock is empty the seat knows every card anyway): the deals
of its play keep uniform weights and :attr:`Inference.replayed` says so.  Its calls are
weighed with call ε 0.05, fitted at the taker's call (``benchmarks/calibration.py --game
belote2 --players 2,2 --deals 10000 --fit 5000 --samples 800 --checkpoints=-1``: the hand
taken back to just before the call that made the contract, seen by the seat making it, when
the other seat had called before it; 800 deals, the pool of the table's advice).  On the
3,118 test hands with such a call: log loss 0.4987 (the sampler alone) → 0.4829, against
0.4878 for the general noise 0.5 (−0.0051 paired by hand, −0.0063 to −0.0039).

**ε**, a game's (:data:`FITTED`, :func:`model_for`): the pair of a grid (0.02 … 1), cards and
calls, and whether calls are weighed by their kind only (:func:`call_kind`), with the lowest
log loss of the predicted holders of the key cards (the trump jack and nine, the aces) on
2,000 of 10,000 level-2 self-play hands a game of ``benchmarks/calibration.py`` (``make
calibration``), 100 deals a prediction.  On the other 8,000, which the fit did not see,
against the sampler alone (Brier score, log loss):

=========== ================== ====================== =====================
game        ε cards, calls     Brier                  log loss
=========== ================== ====================== =====================
belote      0.5, 0.05          0.220 → 0.182          0.627 → 0.534
coinche     0.5, 0.5 (kinds)   0.217 → 0.176          0.620 → 0.523
callbreak   0.7, 0.7           0.224 → 0.183          0.641 → 0.539
=========== ================== ====================== =====================

Level 2's own play is never noisy, so the ε fitted is what keeps enough deals weighing with
100 of them (the effective sample size is 18–32 on average); it is also close to the noise
that best explains level 4's cards by level 2's (0.55 in Belote and Coinche, 0.18 in
Callbreak).  Coinche's bids are weighed by their trump: their values, which level 2 sets by
fine points of the hand, weigh too much when matched exactly (log loss 0.533 at best, against
0.523).  Fewer deals would want a larger ε.  Figures:
``benchmarks/results/calibration-10k-2026-12-05.txt`` (Belote, Callbreak) and
``benchmarks/results/calibration-10k-2026-12-06.txt`` (Coinche).

Consumers — the hints and levels 3–4 (:func:`belote_lab.players.pimc.hint`), the bidding advice
and level 4's bidder (:func:`belote_lab.players.sim_bidder.auction_rests`) and so the review, which
reads both — draw their deals with :func:`drawn`.  :func:`infer` gives the weighted deals (each
with its weight, the effective sample size, the probability that a seat holds a card);
:func:`inferred_deals` gives plain deals, resampled from the weighted ones, for code that
expects :func:`~belote_lab.players.sampling. sample_deals`'s list.

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand(seed=3, dealer="N"); h.call("take")    # E takes the 7♠ at once
>>> inf = infer(h, 0, 40, random.Random(1))               # what N may infer
>>> len(inf), round(sum(inf.weights), 9), inf.replayed
(40, 1.0, True)
>>> uniform = inf.reweighted(Model(1.0, 1.0))             # the sampler alone
>>> js, ns = Card.parse("JS"), Card.parse("9S")           # did E take with the J or the 9?
>>> [round(x.holding(1, c), 2) for x in (uniform, inf) for c in (js, ns)]
[0.33, 0.38, 0.75, 0.47]
>>> deals = inferred_deals(h, 0, 5, random.Random(1))
>>> len(deals), all(d.hands[0] == h.hands[0] for d in deals)
(5, True)
"""

from __future__ import annotations

import json
import math
import random
import time
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np

from belote_lab.cards import Card, mask_cards
from belote_lab.games import get
from belote_lab.games.base import TrickPlay
from belote_lab.games.belote import BeloteHand
from belote_lab.games.belote2 import Belote2Hand
from belote_lab.games.callbreak import CallbreakHand, void_code
from belote_lab.games.coinche import CoincheHand
from belote_lab.players.registry import level2
from belote_lab.players.sampling import STOCK, NoConsistentDeal, iter_deals
from belote_lab.solver.position import Position
from belote_lab.stats import Z95

__all__ = [
    "AUCTION_FITTED",
    "AUCTION_OVERSAMPLE",
    "AUCTION_POOL",
    "CALL_EPSILON",
    "CARD_EPSILON",
    "FITTED",
    "OVERSAMPLE",
    "POOL_SHARE",
    "SPLITS",
    "Deal",
    "Evidence",
    "Inference",
    "Model",
    "call_kind",
    "drawn",
    "effective",
    "evidence",
    "CALIBRATION_PATH",
    "grouped",
    "infer",
    "inferred_deals",
    "load_calibration",
    "log_likelihoods",
    "model_for",
    "paired_interval",
    "pool_size",
    "replayable",
    "standard_error",
]

CARD_EPSILON = 0.5
"""The noise of the model of a seat's cards where a game has no fitted one (see
:data:`FITTED`)."""

CALL_EPSILON = 0.5
"""The noise of the model of a seat's calls where a game has no fitted one."""

SPLITS = 8
"""Five-card subsets a four-player Belote seat's calls are weighed on (see the module text)."""

OVERSAMPLE = 4
"""Weighted deals drawn for each deal :func:`inferred_deals` returns."""

POOL_SHARE = 0.3
"""The share of a consumer's time budget that weighing its pool of deals may take (the hints'
and the bidding simulations' :func:`drawn`, which stops weighing past it once it has a deal);
the rest evaluates the deals."""

CALIBRATION_PATH = Path(__file__).with_name("data") / "calibration.json"
"""The stored calibration of the inference (``benchmarks/calibration.py``'s results), shipped
with the package (``belote_lab/players/data/``) and read by notebook 12."""


def load_calibration(path: str | Path = CALIBRATION_PATH) -> dict[str, Any]:
    """The stored calibration results by game (``{"belote": result, …}``): each game's test
    hands, uniform and weighted scores with their reliability deciles, and the log-loss gain
    paired by hand (``result["test"]["uniform minus weighted"]``).

    >>> sorted(load_calibration())
    ['belote', 'callbreak', 'coinche']
    """
    return dict(json.loads(Path(path).read_text(encoding="utf-8"))["games"])

Decision = tuple[int, bool]
"""One decision of another seat: the number of its legal actions, and whether level 2 would
have made the action made."""

CallDecision = tuple[int, bool, int, bool]
"""One call of another seat: as a :data:`Decision`, then the same for the calls' kinds
(:func:`call_kind`): how many kinds the legal calls have, and whether level 2's call was of
the kind made."""


def call_kind(call: object) -> str:
    """A call's kind: its text without a leading value, so that Coinche's ``80H`` and
    ``120H`` are one kind (``H``) — a bid's trump, not how high; a Belote call is its own
    kind, and Callbreak's calls (numbers) are all of one kind.

    >>> call_kind("110H"), call_kind("capotS"), call_kind("take"), call_kind(3)
    ('H', 'capotS', 'take', '')
    """
    return str(call).lstrip("0123456789")


@lru_cache(maxsize=1024)
def _kinds(legal: tuple[Any, ...]) -> int:
    """How many kinds (:func:`call_kind`) the calls ``legal`` have (cached: the same legal
    calls come back at the same point of every deal weighed)."""
    return len({call_kind(c) for c in legal})


@dataclass(frozen=True)
class Model:
    """The model of the other seats: level 2, choosing another legal action with probability
    ``card_epsilon`` (cards) or ``call_epsilon`` (calls), each then equally likely.  With
    ``against_random`` (the default) a likelihood is divided by that of a seat acting at
    random, so that ``ε = 1`` weighs every deal alike (see the module text); without it the
    likelihood is the model's own (then even ``ε = 1`` favours deals that left fewer choices).
    With ``call_kinds`` a call is weighed by its kind only (:func:`call_kind`: a Coinche bid
    by its trump, not its value, which level 2 sets by fine points of the hand).

    >>> m = Model(0.2, 0.5)
    >>> round(m.probability(True, 4), 9), m.probability(False, 4), m.probability(False, 4, True)
    (3.4, 0.2, 0.5)
    >>> Model(0.2, against_random=False).probability(False, 4)
    0.05
    >>> Model(1.5)
    Traceback (most recent call last):
    ...
    ValueError: card_epsilon must be between 0 and 1, not 1.5
    """

    card_epsilon: float = CARD_EPSILON
    call_epsilon: float = CALL_EPSILON
    against_random: bool = True
    call_kinds: bool = False

    def __post_init__(self) -> None:
        for name in ("card_epsilon", "call_epsilon"):
            x = getattr(self, name)
            if not 0.0 <= x <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1, not {x!r}")

    def probability(self, matched: bool, legal: int, call: bool = False) -> float:
        """The likelihood (a ratio, with ``against_random``) of one action among ``legal``."""
        eps = self.call_epsilon if call else self.card_epsilon
        return float(_terms(legal, matched, np.array([eps]), self.against_random)[0])


FITTED: dict[str, Model] = {
    "belote": Model(0.5, 0.05),
    "coinche": Model(0.5, 0.5, call_kinds=True),
    "callbreak": Model(0.7, 0.7),
    "belote2": Model(0.5, 0.05),
}
"""Each game's model as ``benchmarks/calibration.py`` fitted it (see the module text), by
the game's name (as :func:`~belote_lab.players.registry.register_level2` keeps level 2).
Two-player Belote's card noise weighs nothing (its play is not replayed): only its call
noise was fitted."""


AUCTION_FITTED: dict[str, Model] = {
    "coinche": Model(0.5, 0.2),
}
"""A game's model during the calls, where :func:`drawn` weighs :data:`AUCTION_POOL` deals:
fitted by ``benchmarks/calibration.py --checkpoints 0 --samples 3200`` (the calls alone,
with a pool that large; see the module text).  A game without one keeps :data:`FITTED`
and its usual pool."""

AUCTION_POOL = 3200
"""The most deals :func:`drawn` weighs during the calls in a game of :data:`AUCTION_FITTED`
(:data:`AUCTION_OVERSAMPLE` for each deal drawn, up to this; within its deadline): a deal's
weight is then a replay of the calls alone (about 0.1 ms a deal in Coinche, against 1–2 ms
in the play), and a bid's few likely hands are found only among many."""

AUCTION_OVERSAMPLE = 80
"""Deals weighed during the calls for each deal drawn (:data:`AUCTION_POOL` at most): the
advice's 40 deals or more weigh 3,200, and so do level 4's bidder's 40: 0.12 s (median) in
Coinche with the auction replayed once a pool, inside the bidder's 0.24 s share of its budget
but for 5 of 117 calls (at most 0.31 s, on this machine alone), whose pools are then cut by the
clock and may differ from run to run."""


def model_for(game: object, phase: str = "play") -> Model:
    """The fitted model of ``game`` (a name or a :class:`~belote_lab.games.Game`), else the
    general one (:data:`CARD_EPSILON`, :data:`CALL_EPSILON`); during the calls (``phase``
    ``"bidding"``) the game's :data:`AUCTION_FITTED` model where it has one.

    >>> model_for("belote").call_epsilon, model_for("coinche").call_epsilon
    (0.05, 0.5)
    >>> model_for("coinche", "bidding") == AUCTION_FITTED["coinche"]
    True
    """
    name = get(game).name
    return _auction_model(name, phase) or FITTED.get(name, Model())


def _auction_model(name: str, phase: str) -> Model | None:
    """The game ``name``'s :data:`AUCTION_FITTED` model during the calls, else ``None``: where
    both the calls' model and the calls' pool (:func:`pool_size`) apply."""
    return AUCTION_FITTED.get(name) if phase == "bidding" else None


def pool_size(state: TrickPlay, n: int, oversample: int = OVERSAMPLE) -> int:
    """How many deals :func:`drawn` weighs to draw ``n`` for ``state``: ``oversample × n``;
    during the calls of a game of :data:`AUCTION_FITTED`, :data:`AUCTION_OVERSAMPLE` × ``n``
    up to :data:`AUCTION_POOL` (and never fewer than ``oversample × n``).

    >>> from belote_lab.games.coinche import CoincheHand
    >>> from belote_lab.games.belote import BeloteHand
    >>> [pool_size(CoincheHand(seed=1), n) for n in (12, 40, 200)]
    [960, 3200, 3200]
    >>> pool_size(BeloteHand(seed=1), 40)
    160
    """
    pool = max(1, oversample) * n
    if _auction_model(get(state.game).name, state.phase) is not None:
        return max(pool, min(AUCTION_POOL, AUCTION_OVERSAMPLE * n))
    return pool


def _terms(legal: int, matched: bool, eps: Any, against_random: bool) -> Any:
    """:meth:`Model.probability` for each noise in ``eps`` (an array, or one ``float``)."""
    if against_random:
        return (1.0 - eps) * legal + eps if matched else eps * 1.0
    return (1.0 - eps) + eps / legal if matched else eps / legal


@lru_cache(maxsize=4096)
def _log_term(legal: int, matched: bool, eps: tuple[float, ...], against_random: bool) -> Any:
    """``log`` of :func:`_terms` (cached: the same few are asked for again and again)."""
    with np.errstate(divide="ignore"):
        out = np.log(_terms(legal, matched, np.array(eps), against_random))
    out.setflags(write=False)
    return out


def _log_sum(
    decisions: Sequence[Decision], eps: tuple[float, ...], against_random: bool
) -> np.ndarray:
    """The log-likelihood of ``decisions`` for each noise in ``eps``."""
    out = np.zeros(len(eps))
    for (legal, matched), n in Counter(decisions).items():
        out += n * _log_term(legal, matched, eps, against_random)
    return out


@lru_cache(maxsize=4096)
def _log_one(legal: int, matched: bool, eps: float, against_random: bool) -> float:
    """:func:`_log_term` for one noise, as a ``float``."""
    p = _terms(legal, matched, eps, against_random)
    return math.log(p) if p > 0.0 else -math.inf


def _log_sum_one(decisions: Sequence[Decision], eps: float, against_random: bool) -> float:
    """:func:`_log_sum` for one noise, as a ``float`` (the same sums in the same order)."""
    out = 0.0
    for (legal, matched), n in Counter(decisions).items():
        out += n * _log_one(legal, matched, eps, against_random)
    return out


@dataclass(frozen=True)
class Evidence:
    """What the replay of a hand on one sampled deal found: the other seats' card decisions,
    and their calls seat by seat, for each five-card subset weighed (one in games whose
    calls are made with the whole hand).  ``replayed`` is false for a game not replayed (its
    weight is then 1).

    >>> ev = Evidence(cards=((3, True),),
    ...               calls=((((2, True, 2, True),), ((2, False, 2, False),)),))
    >>> round(math.exp(ev.log_likelihood(Model(0.5, 0.5))), 9)   # 2.0 × mean(1.5, 0.5)
    2.0
    """

    cards: tuple[Decision, ...] = ()
    calls: tuple[tuple[tuple[CallDecision, ...], ...], ...] = ()
    replayed: bool = True

    def log_likelihood(self, model: Model) -> float:
        """The log of this deal's weight (before normalising) under ``model``: what
        :func:`log_likelihoods` gives for its one pair of noises, summed in plain floats
        (a deal is weighed thousands of times an advice; ``tests/test_inference.py`` checks
        that the two agree)."""
        ar, kinds = model.against_random, model.call_kinds
        calls = 0.0
        for variants in self.calls:
            rows = [_log_sum_one([(d[2], d[3]) if kinds else (d[0], d[1]) for d in v],
                                 model.call_epsilon, ar) for v in variants]
            top = max(rows)
            finite = top if math.isfinite(top) else 0.0
            mean = sum(math.exp(r - finite) for r in rows) / len(rows)
            calls += finite + (math.log(mean) if mean > 0.0 else -math.inf)
        return _log_sum_one(self.cards, model.card_epsilon, ar) + calls


def log_likelihoods(
    ev: Evidence,
    card_eps: Sequence[float],
    call_eps: Sequence[float],
    against_random: bool = True,
    call_kinds: bool = False,
) -> np.ndarray:
    """``ev``'s log-likelihood for every pair of noises: an array indexed
    ``[card_eps index, call_eps index]`` (the fit of ``ε`` in one pass); the other arguments
    as :class:`Model`'s.

    >>> ev = Evidence(cards=((4, False),))
    >>> log_likelihoods(ev, [0.5, 1.0], [0.1]).round(4).tolist()
    [[-0.6931], [0.0]]
    """
    ce = tuple(float(x) for x in card_eps)
    be = tuple(float(x) for x in call_eps)
    cards = _log_sum(ev.cards, ce, against_random)
    calls = np.zeros(len(be))
    for variants in ev.calls:
        rows = np.array([
            _log_sum([(d[2], d[3]) if call_kinds else (d[0], d[1]) for d in v], be,
                     against_random)
            for v in variants])
        top = rows.max(axis=0)
        finite = np.where(np.isfinite(top), top, 0.0)
        with np.errstate(divide="ignore"):
            calls += finite + np.log(np.exp(rows - finite).mean(axis=0))
    return np.asarray(cards[:, None] + calls[None, :])


# --- deals during the calls -----------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    """A deal of the hidden cards during the calls (the sampler's
    :class:`~belote_lab.solver.position.Position` needs a contract): every seat's hand now,
    the observer's as it is, and ``stock``: the cards not dealt yet, in the order they would
    be dealt (random), as in :func:`infer`'s deals of the play the cards of the stock."""

    hands: tuple[int, ...]
    stock: tuple[int, ...] = ()


def _bidding_deals(obs: Any, seat: int, n: int, rng: random.Random) -> Iterator[Deal]:
    """``n`` deals of the cards ``seat`` has not seen during the calls (each equally likely):
    the other hands now and the cards still to deal.  In Callbreak no hand may void the
    deal (drawn again, as the dealer would deal again)."""
    g = get(obs.game)
    own = obs.hands[seat]
    hidden = g.deck_mask & ~own & ~(1 << obs.turned if obs.turned is not None else 0)
    cards = [int(c) for c in mask_cards(hidden)]
    others = [s for s in obs.seat_order if s != seat]
    sizes = [bin(obs.hands[s]).count("1") for s in others]
    for _ in range(n):
        for _ in range(1000):
            rng.shuffle(cards)
            hands, k = [0] * len(obs.hands), 0
            hands[seat] = own
            for s, size in zip(others, sizes, strict=True):
                hands[s] = sum(1 << c for c in cards[k : k + size])
                k += size
            if not isinstance(obs, CallbreakHand) or not any(
                void_code(hands[s], obs.rules) for s in others
            ):
                break
        yield Deal(tuple(hands), tuple(cards[k:]))


# --- replaying a hand on a sampled deal --------------------------------------------------------
@dataclass(frozen=True)
class _Replay:
    """What a game's start needs: the observation, the hands as dealt (or held during the
    calls, in the calls), the cards not dealt yet (in the calls), whether the hand was dealt
    with calls (else given at its first card), the observer, and the five-card subsets."""

    obs: Any
    hands: list[int]
    stock: tuple[int, ...]
    dealt: bool
    seat: int
    rng: random.Random
    splits: int

    @property
    def order(self) -> list[int]:
        """The seats in dealing order, the dealer's left first."""
        return [(self.obs.dealer + 1 + k) % 4 for k in range(4)]

    @property
    def first_leader(self) -> int:
        obs = self.obs
        return obs.tricks[0].leader if obs.tricks else obs.leader

    def cards(self) -> list[list[Card]]:
        return [mask_cards(m) for m in self.hands]


Start = Callable[[_Replay], tuple[Any, dict[int, list[int]]]]
"""``replay -> (the hand rebuilt at its start, each seat's possible hands during the calls
where they are not its hands as dealt)``."""


def _subsets(pool: int, k: int, rng: random.Random, count: int) -> list[int]:
    """``count`` random ``k``-card subsets of the mask ``pool`` (all of them, in order, when
    there are no more than ``count``)."""
    cards = [int(c) for c in mask_cards(pool)]
    if math.comb(len(cards), k) <= count:
        return [sum(1 << c for c in pick) for pick in combinations(cards, k)]
    return [sum(1 << c for c in rng.sample(cards, k)) for _ in range(count)]


def _belote_start(r: _Replay) -> tuple[Any, dict[int, list[int]]]:
    """Four-player Belote: five cards each, the turned card, the rest after the taking (see
    :class:`~belote_lab.games.belote.BeloteHand`); ``from_hands`` without a taking."""
    obs = r.obs
    if not r.dealt:
        world = BeloteHand.from_hands(r.cards(), obs.contract.code, obs.taker,
                                      r.first_leader, obs.rules, obs.reserve)
        return world, {}
    turned = obs.turned
    if obs.contract is None:  # during the taking: the hands now are those of the calls
        deck = [c for s in r.order for c in mask_cards(r.hands[s])]
        deck += [turned, *map(Card, r.stock)]
        return BeloteHand(obs.rules, obs.dealer, deck=deck, reserve=obs.reserve), {}
    pools = {s: r.hands[s] & ~(1 << turned if s == obs.taker else 0) for s in r.order}
    fives = {s: _subsets(pools[s], 5, r.rng, 1 if s == r.seat else r.splits) for s in r.order}
    deck = [c for s in r.order for c in mask_cards(fives[s][0])] + [turned]
    deck += [c for s in r.order for c in mask_cards(pools[s] & ~fives[s][0])]
    return BeloteHand(obs.rules, obs.dealer, deck=deck, reserve=obs.reserve), fives


def _coinche_start(r: _Replay) -> tuple[Any, dict[int, list[int]]]:
    """Coinche: eight cards each, then the auction; ``from_hands`` after a given auction."""
    obs = r.obs
    if not r.dealt:
        world = CoincheHand.from_hands(r.cards(), str(obs.bid), obs.taker, r.first_leader,
                                       obs.rules, multiplier=obs.multiplier)
        return world, {}
    deck = [c for s in r.order for c in mask_cards(r.hands[s])]
    return CoincheHand(obs.rules, obs.dealer, deck=deck), {}


def _callbreak_start(r: _Replay) -> tuple[Any, dict[int, list[int]]]:
    """Callbreak: the 52 cards dealt one at a time; ``from_hands`` with given calls."""
    obs = r.obs
    if not r.dealt:
        return CallbreakHand.from_hands(r.cards(), obs.calls, r.first_leader, obs.rules), {}
    by_seat = [mask_cards(r.hands[s]) for s in r.order]
    deck = [by_seat[i % 4][i // 4] for i in range(52)]
    return CallbreakHand(obs.rules, obs.dealer, deck=deck), {}


def _belote2_start(r: _Replay) -> tuple[Any, dict[int, list[int]]]:
    """Two-player Belote during the calls: six cards each (the non-dealer's first), the
    turned card, then the cards still to deal (:class:`~belote_lab.games.belote2.Belote2Hand`).
    Only the calls are replayed (:data:`_CALLS_ONLY`)."""
    obs = r.obs
    nd = get(obs.game).next_seat(obs.dealer)
    deck = [*mask_cards(r.hands[nd]), *mask_cards(r.hands[obs.dealer]), obs.turned,
            *map(Card, r.stock)]
    return Belote2Hand(obs.rules, obs.dealer, deck=deck, redeals=obs.redeals), {}


_STARTS: dict[type, Start] = {
    BeloteHand: _belote_start,
    CoincheHand: _coinche_start,
    CallbreakHand: _callbreak_start,
    Belote2Hand: _belote2_start,
}
"""How each hand class is dealt again (exact classes: a subclass is a game of its own)."""

_CALLS_ONLY = (Belote2Hand,)
"""Hand classes replayed during the calls only: in two-player Belote the cards drawn from the
stock in the play are hidden, so a seat's past hands are not determined by a deal of the
play (and once the stock is empty the seat sees every card anyway)."""


def replayable(state: TrickPlay) -> bool:
    """Are ``state``'s deals weighed by a replay?  (Two-player Belote's during the calls
    only.)

    >>> from belote_lab.games.belote2 import Belote2Hand
    >>> h = Belote2Hand(seed=1); replayable(BeloteHand(seed=1)), replayable(h)
    (True, True)
    >>> h.call("take"); h.phase, replayable(h)
    ('play', False)
    """
    kind = type(state)
    return kind in _STARTS and (kind not in _CALLS_ONLY or state.phase == "bidding")


def _view(state: TrickPlay, seat: int) -> Any:
    """``seat``'s observation of ``state`` (``state`` itself when it is one)."""
    return state if state.observer == seat else state.observation(seat)


def evidence(
    state: TrickPlay,
    seat: int,
    deal: Position | Deal,
    rng: random.Random,
    splits: int = SPLITS,
) -> Evidence:
    """Replay the hand so far on ``deal`` (one of :func:`infer`'s deals for ``seat``) and
    record each decision of the other seats against level 2's choice (see the module text);
    ``rng`` draws the five-card subsets.

    >>> from belote_lab.games.belote import BeloteHand
    >>> from belote_lab.solver.position import position_of
    >>> h = BeloteHand(seed=3, dealer="N"); h.call("take")
    >>> ev = evidence(h, 0, position_of(h), random.Random(0))
    >>> ev.cards, [len(v) for v in ev.calls]     # E's take, on 8 of its 21 five-card sets
    ((), [8])
    """
    obs = _view(state, seat)
    if not replayable(obs):
        return Evidence(replayed=False)
    start = _STARTS[type(obs)]
    played = obs.played_masks()
    actions = obs.actions
    hands = [deal.hands[s] | played[s] for s in range(len(deal.hands))]
    dealt = obs.phase == "bidding" or any(a.kind == "call" for a in actions)
    stock = tuple(deal.stock) if isinstance(deal, Deal) else ()
    world, bidding_hands = start(_Replay(obs, hands, stock, dealt, seat, rng, splits))
    make = level2(obs.game)
    players = {s: make(None) for s in obs.seat_order if s != seat}
    cards: list[Decision] = []
    calls: dict[int, list[list[CallDecision]]] = {}
    for a in actions:
        s = a.seat_index
        if a.kind == "call":
            if s != seat:
                _call_decision(world, s, a.call, players[s], bidding_hands, calls)
            world.call(a.value)
        else:
            card = a.card
            legal = bin(world.legal_mask()).count("1")
            if s != seat and legal > 1:
                # level 2 decides on the whole world as on its seat's observation of it
                # (tests/test_observation.py): the world is read, not copied and redacted
                choice = players[s].choose_card(world)
                cards.append((legal, int(choice) == int(card)))
            world.play(card)
    trick = list(deal.trick) if isinstance(deal, Position) else []
    if list(world.hands) != list(deal.hands) or list(world.trick) != trick:
        raise RuntimeError("the replay of the hand on a sampled deal did not reach the deal")
    return Evidence(tuple(cards), tuple(tuple(map(tuple, v)) for _, v in sorted(calls.items())))


def _call_decision(
    world: Any,
    s: int,
    made: Any,
    player: Any,
    bidding_hands: dict[int, list[int]],
    calls: dict[int, list[list[CallDecision]]],
) -> None:
    """Record seat ``s``'s call ``made`` (:attr:`~belote_lab.games.base.Action.call`: as
    the game's ``verify_call`` reads it) against level 2's, on each hand ``s`` may have held
    then (``bidding_hands``, else its hand in ``world``)."""
    legal = world.legal_calls()
    if len(legal) <= 1:
        return
    kinds = _kinds(tuple(legal))
    held = bidding_hands.get(s) or [world.hands[s]]
    rows = calls.setdefault(s, [[] for _ in held])
    for row, hand in zip(rows, held, strict=True):
        row.append(_asked(world, s, hand, made, player, len(legal), kinds))


def _asked(world: Any, s: int, hand: int, made: Any, player: Any, legal: int,
           kinds: int) -> CallDecision:
    """Level 2's call for seat ``s`` holding ``hand`` in ``world`` (``legal`` calls of
    ``kinds`` kinds there), against the call ``made``; ``world`` is left as it was."""
    saved = world.hands[s]
    world.hands[s] = hand  # level 2 reads only its own hand (tests/test_observation.py)
    try:
        choice = player.choose_call(world)  # one of the legal calls, in its normal form
    finally:
        world.hands[s] = saved
    same = choice == made or str(choice) == str(made)
    return (legal, same, kinds, call_kind(choice) == call_kind(made))


class _CallsReplay:
    """:func:`evidence` of many deals during the calls, the auction replayed once: every
    seat's hand then is its hand now, and level 2 reads only its own hand and the calls
    (``tests/test_observation.py``), so at each call of another seat the state is the same
    whatever the deal, but for that seat's hand.  The states at those calls are kept from
    the first deal's replay, and each deal puts its hands in them and asks level 2 again:
    the same :class:`Evidence` as :func:`evidence` (``tests/test_inference.py``), in a
    fraction of the time (a Coinche bidder's pool of 3,200 deals)."""

    def __init__(self, obs: Any, seat: int) -> None:
        self.obs, self.seat = obs, seat
        self.points: list[tuple[Any, int, Any, int, int]] | None = None
        self.players: dict[int, Any] = {}

    def _replay(self, deal: Deal) -> None:
        """The states at the other seats' calls with a choice, on ``deal``."""
        obs = self.obs
        start = _STARTS[type(obs)]
        replay = _Replay(obs, list(deal.hands), tuple(deal.stock), True, self.seat,
                         random.Random(0), SPLITS)
        world, held = start(replay)
        if held:  # not during the calls: evidence() weighs the subsets
            raise RuntimeError("a replay of the calls alone found hands other than now")
        make = level2(obs.game)
        self.players = {s: make(None) for s in obs.seat_order if s != self.seat}
        points = []
        for a in obs.actions:
            legal = world.legal_calls()
            if a.seat_index != self.seat and len(legal) > 1:
                points.append((world.copy(), a.seat_index, a.call, len(legal),
                               _kinds(tuple(legal))))
            world.call(a.value)
        self.points = points

    def __call__(self, deal: Deal) -> Evidence:
        if self.points is None:
            self._replay(deal)
        assert self.points is not None
        calls: dict[int, list[CallDecision]] = {}
        for world, s, made, legal, kinds in self.points:
            calls.setdefault(s, []).append(
                _asked(world, s, deal.hands[s], made, self.players[s], legal, kinds))
        return Evidence((), tuple((tuple(v),) for _, v in sorted(calls.items())))


# --- weighted deals ----------------------------------------------------------------------------
def _normalised(logs: Sequence[float]) -> tuple[tuple[float, ...], bool]:
    """Weights from log-weights, summing to 1; uniform (and ``True``: collapsed) when every
    deal has weight 0."""
    top = max(logs)
    if not math.isfinite(top):
        return tuple(1.0 / len(logs) for _ in logs), True
    w = [math.exp(x - top) for x in logs]
    total = math.fsum(w)
    return tuple(x / total for x in w), False


@dataclass(frozen=True)
class Inference:
    """Deals of the cards ``seat`` cannot see, each with its weight (they sum to 1) under
    ``model`` — see the module text.  ``collapsed``: every deal had likelihood 0 (possible
    only with an ``ε`` of 0), so the weights fell back to uniform.
    """

    seat: int
    deals: tuple[Position | Deal, ...]
    evidence: tuple[Evidence, ...]
    model: Model
    log_weights: tuple[float, ...]
    weights: tuple[float, ...]
    collapsed: bool = False

    def __len__(self) -> int:
        return len(self.deals)

    @property
    def replayed(self) -> bool:
        """Were the deals weighed by a replay?  (Uniform weights in a game that is not.)"""
        return all(e.replayed for e in self.evidence)

    @property
    def ess(self) -> float:
        """The effective sample size, ``1 / Σ w²``: how many unweighted deals the weighted
        ones are worth (``len(self)`` when uniform, 1 when one deal has all the weight)."""
        return 1.0 / math.fsum(w * w for w in self.weights)

    def reweighted(self, model: Model) -> Inference:
        """The same deals weighted under another ``model`` (no replay)."""
        return _weighted(self.seat, self.deals, self.evidence, model)

    def holding(self, place: int, card: Card | int) -> float:
        """The probability that ``place`` (a seat, or :data:`~belote_lab.players.sampling.
        STOCK`) holds ``card`` now: the weight of the deals in which it does."""
        bit = 1 << int(card)
        if place == STOCK:
            return math.fsum(w for d, w in zip(self.deals, self.weights, strict=True)
                             if int(card) in d.stock)
        return math.fsum(w for d, w in zip(self.deals, self.weights, strict=True)
                         if d.hands[place] & bit)

    def resample(self, n: int, rng: random.Random) -> list[Any]:
        """``n`` deals drawn from these in proportion to their weights (systematic
        resampling: a deal of weight ``w`` comes ``⌊n·w⌋`` or ``⌈n·w⌉`` times), unweighted:
        what code that expects plain sampled deals can use."""
        if n <= 0:
            return []
        cum = list(np.cumsum(self.weights))
        cum[-1] = 1.0
        u = rng.random()
        return [self.deals[min(bisect_left(cum, (u + i) / n), len(cum) - 1)] for i in range(n)]


def _weighted(
    seat: int, deals: Sequence[Position | Deal], evs: Sequence[Evidence], model: Model
) -> Inference:
    logs = tuple(e.log_likelihood(model) for e in evs)
    weights, collapsed = _normalised(logs)
    return Inference(seat, tuple(deals), tuple(evs), model, logs, weights, collapsed)


def infer(
    state: TrickPlay,
    seat: int,
    n: int,
    rng: random.Random,
    model: Model | None = None,
    *,
    splits: int = SPLITS,
    deadline: float | None = None,
) -> Inference:
    """``n`` deals of the cards ``seat`` cannot see, weighted by the likelihood of the other
    seats' calls and cards under ``model`` (default: the game's, :func:`model_for`).  Only what
    ``seat`` may see is read (its observation of ``state``).

    In the play the deals are :func:`~belote_lab.players.sampling.sample_deals`'s with the
    same ``rng`` (positions, :class:`~belote_lab.solver.position.Position`: every hard
    constraint kept); during the calls they are of the class :class:`Deal` (the other hands
    now, the cards still to deal), each equally likely before the weights.  Deterministic
    for a given ``rng`` state; past ``deadline`` (a ``time.perf_counter()`` value) it stops
    weighing, once it has one deal (the deals then depend on the time).  Raises
    :class:`~belote_lab.players.sampling.NoConsistentDeal` when no deal fits,
    :class:`ValueError` once the hand is over.

    >>> from belote_lab.games.belote import BeloteHand
    >>> h = BeloteHand(seed=3, dealer="N")
    >>> h.call("pass"); h.call("pass")                       # E and S pass the 7♠
    >>> inf = infer(h, 3, 30, random.Random(2))             # W, before speaking
    >>> type(inf.deals[0]).__name__, len(inf.deals[0].stock) # 11 cards still to deal
    ('Deal', 11)
    """
    obs = _view(state, seat)
    model = model or model_for(obs.game, obs.phase)
    deals: Iterator[Any]
    if obs.phase == "bidding":
        deals = _bidding_deals(obs, seat, n, rng)
    elif obs.phase == "play":
        deals = iter_deals(obs, seat, n, rng)
    else:
        raise ValueError(f"deals are inferred during the calls and the play, not {obs.phase!r}")
    # the five-card subsets draw from a generator of their own, seeded from ``rng``'s state
    # without drawing from it (the deals are the sampler's own for the same ``rng``); from its
    # integers only: the state holds a ``None``, whose hash changes from process to process
    aux = random.Random(hash(rng.getstate()[1]))
    kept: list[Any] = []
    evs: list[Evidence] = []
    calls = _CallsReplay(obs, seat) if obs.phase == "bidding" and replayable(obs) else None
    for pos in deals:  # drawn and weighed one at a time, until the deadline
        kept.append(pos)
        evs.append(calls(pos) if calls else evidence(obs, seat, pos, aux, splits))
        if deadline is not None and time.perf_counter() > deadline:
            break
    if not kept:
        raise NoConsistentDeal("no deal is consistent with what this seat has seen")
    return _weighted(seat, kept, evs, model)


def inferred_deals(
    state: TrickPlay,
    seat: int,
    n: int,
    rng: random.Random,
    model: Model | None = None,
    *,
    oversample: int = OVERSAMPLE,
    splits: int = SPLITS,
    deadline: float | None = None,
) -> list[Any]:
    """``n`` plain deals for ``seat``, as :func:`~belote_lab.players.sampling.sample_deals`
    gives, but drawn in proportion to the inference's weights: ``oversample × n`` weighted
    deals (:func:`infer`) resampled to ``n`` (:meth:`Inference.resample`).  A deal may come
    more than once: a likely deal counts more.

    >>> from belote_lab.games.coinche import CoincheHand
    >>> h = CoincheHand(seed=2)
    >>> for call in ("80H", "pass", "pass", "pass"): h.call(call)
    >>> deals = inferred_deals(h, 2, 4, random.Random(5), oversample=2)
    >>> len(deals), len({tuple(d.hands) for d in deals}) <= 4
    (4, True)
    """
    inf = infer(state, seat, max(1, oversample) * n, rng, model, splits=splits,
                deadline=deadline)
    return inf.resample(n, rng)


def grouped(deals: Sequence[Any]) -> list[tuple[Any, int]]:
    """``deals`` as (deal, times in a row): the same deal drawn again and again (the same
    object, as :meth:`Inference.resample` draws it) is evaluated once and counted that often.

    >>> grouped(["a", "a", "b", "a"])
    [('a', 2), ('b', 1), ('a', 1)]
    """
    out: list[tuple[Any, int]] = []
    for d in deals:
        if out and out[-1][0] is d:
            out[-1] = (d, out[-1][1] + 1)
        else:
            out.append((d, 1))
    return out


def effective(counts: Sequence[int]) -> float:
    """How many independent deals ``counts`` draws of deals are worth: Kish's effective
    sample size ``(Σc)² / Σc²`` of the multiplicities (``len(counts)`` when each deal was
    drawn once).  The intervals of the hints, the advice and the review divide by its root,
    not by that of the draws: a deal drawn twice tells no more than one — an approximation
    (the deals drawn are not the weighted deals' whole spread), which the paired interval of
    two cards or calls on the same deals shares.

    >>> effective([1, 1, 1, 1]), effective([2, 2]), effective([3, 1])
    (4.0, 2.0, 1.6)
    """
    total = sum(counts)
    squares = sum(c * c for c in counts)
    return total * total / squares if squares else 0.0


def standard_error(values: Sequence[float], worth: float | None = None) -> tuple[float, float]:
    """The mean of ``values`` and its standard error, dividing by ``worth`` — how many
    independent deals they are worth when a deal drawn twice has two values
    (:func:`effective`) — or by their number; the error is infinite below two.  What the
    advice's and the review's 95% intervals are made of.

    >>> standard_error([1.0, 3.0]), standard_error([1.0, 1.0, 3.0, 3.0], worth=2.0)
    ((2.0, 1.0), (2.0, 1.0))
    >>> standard_error([5.0])
    (5.0, inf)
    """
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    mean = sum(values) / n
    k = float(n) if worth is None else min(float(n), worth)
    if k < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / n * k / (k - 1)
    return mean, math.sqrt(var / k)


def paired_interval(
    a: Sequence[float], b: Sequence[float], worth: float | None = None
) -> tuple[float, float, float]:
    """The mean of ``a[i] - b[i]`` (the same deals) and its 95% normal interval; with fewer
    than two deals the interval is unbounded.  ``worth``: how many independent deals the
    values are worth when a deal drawn twice comes twice (the hint's and the advice's
    :func:`effective`), else their number.

    >>> paired_interval([10.0, 12.0, 14.0], [4.0, 4.0, 4.0])
    (8.0, 5.736..., 10.263...)
    >>> paired_interval([10.0, 10.0, 14.0, 14.0], [4.0, 4.0, 4.0, 4.0], worth=2.0)
    (8.0, 4.08, 11.92)
    >>> paired_interval([3.0], [1.0])
    (2.0, -inf, inf)
    """
    mean, error = standard_error([x - y for x, y in zip(a, b, strict=True)], worth)
    half = Z95 * error
    return mean, mean - half, mean + half


def drawn(
    state: TrickPlay,
    seat: int,
    n: int,
    rng: random.Random,
    *,
    oversample: int = OVERSAMPLE,
    deadline: float | None = None,
    model: Model | None = None,
) -> list[tuple[Any, int]]:
    """``n`` deals for ``seat`` drawn in proportion to the inference's weights, grouped
    (:func:`grouped`): :func:`pool_size` deals weighed (``oversample × n``; more during
    the calls of some games) (:func:`infer`, which stops weighing
    past ``deadline`` once it has one) and ``n`` drawn from them (:meth:`Inference.resample`;
    no more draws than deals weighed, when the deadline cut them short).
    What the hints, the bidding advice and levels 3–4 evaluate: each distinct deal once,
    counted as often as drawn.  In a play that is not replayed (two-player Belote's) the
    deals are the sampler's, once each.

    >>> from belote_lab.games.coinche import CoincheHand
    >>> h = CoincheHand(seed=2)
    >>> for call in ("80H", "pass", "pass", "pass"): h.call(call)
    >>> got = drawn(h, 2, 6, random.Random(5))
    >>> sum(k for _, k in got), len(got) <= 6
    (6, True)
    """
    inf = infer(state, seat, pool_size(state, n, oversample), rng, model, deadline=deadline)
    return grouped(inf.resample(min(n, len(inf)), rng))
