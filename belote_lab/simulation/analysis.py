"""Per-hand studies for the notebooks that :func:`belote_lab.simulation.simulate.simulate` does not
record: the taker's holding when it took, and how far rule-of-thumb play is from perfect play.

* :func:`taking_study` plays four-player Belote hands exactly as ``simulate("belote", …)``
  does with the same arguments (same deals, same players, same results) and adds, for each
  hand, what the taker knew when it took: its 5 dealt cards and the turned card, which the
  taker always receives.  Like :func:`~belote_lab.simulation.simulate.simulate`, it plays in
  compiled code when every seat is a level the compiled hands play (1 or 2), else through the Python
  players, and says which (``engine``, ``why_python``).
* :func:`compiled_hands` gives simulate's arrays of compiled hands with each seat's cards at
  the first card (and, in four-player Belote, what the taker knew when it took).
* :func:`rule_counts` counts which rule of play decided each card played.
* :func:`perfect_play_gap` plays two-player Belote hands and, at every decision once the
  stock is empty (when every card is known to both players), asks the exact solver what each
  legal card is worth; the gap between the best card and the card played is what the player
  gave away.

>>> s = taking_study(30, players="2,2,2,2", seed=4)
>>> len(s), bool(((s.trumps >= 1) & (s.trumps <= 6)).all()), s.engine
(30, True, 'batch')
>>> from belote_lab.simulation.simulate import simulate
>>> bool((simulate("belote", 30, "2,2,2,2", seed=4, progress=False).made == s.made).all())
True
"""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from belote_lab.cards import BELOTE_MASK, SUIT_MASK, Card, Rank, mask_cards
from belote_lab.games import Game, get
from belote_lab.games.base import step
from belote_lab.players.belote import take_strength
from belote_lab.simulation.selfplay import make_players, play_hands, seat_levels
from belote_lab.simulation.simulate import ENGINES, engine_for
from belote_lab.trick import RULE_OF_CODE, legal_mask

__all__ = ["Holding", "taker_holding", "TakingStudy", "taking_study", "engine_for",
           "compiled_hands", "card_count", "PlayGap", "perfect_play_gap", "rule_counts"]

_BELOTE_CARDS = tuple(c for c in range(64) if BELOTE_MASK >> c & 1)
"""The 32 card numbers of the Belote deck."""
CHUNK = 1 << 15
"""Hands per kernel call in :func:`compiled_hands` (bounds the memory of the recorded decks)."""


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


TAKING_ARRAYS: tuple[str, ...] = (
    "made", "attack_points", "score_margin", "taker", "dealer", "round", "trump_jack",
    "trump_nine", "trumps", "side_aces", "belote", "rule_take", "attack_leads",
)
"""The per-hand arrays of a :class:`TakingStudy`, in its fields' order."""


@dataclass
class TakingStudy:
    """Arrays, one entry per hand, of :func:`taking_study`, and which engine played them."""

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
    engine: str = "python"  # "batch": compiled hands; "python": the Python players
    why_python: str | None = None  # why not compiled (None when compiled)

    def __len__(self) -> int:
        return int(self.made.size)

    def arrays(self) -> dict[str, np.ndarray]:
        """Name → array, in :data:`TAKING_ARRAYS` order."""
        return {name: getattr(self, name) for name in TAKING_ARRAYS}

    def made_rate(self, where: np.ndarray | None = None) -> float:
        """Share of contracts made (ties count as not made), over ``where`` if given."""
        m = self.made if where is None else self.made[where]
        return float((m == 1).mean()) if m.size else float("nan")


def taking_study(
    n_hands: int, players: Any = "2,2,2,2", seed: int = 0, rules: Any = None,
    *, engine: str = "auto",
) -> TakingStudy:
    """Play ``n_hands`` four-player Belote hands (suit contracts) as
    ``simulate("belote", n_hands, players, seed, rules, engine=engine)`` does and record each
    taker's :class:`Holding` with the result.

    When every seat is a level the compiled hands play (1 or 2) and the rules are ones they
    play, the hands are :func:`simulate`'s compiled hands, hand for hand, and the holdings are
    read from their deals in numpy (:func:`compiled_hands`); otherwise (player objects,
    levels 3 and 4, declarations, ``engine="python"``) the engine's hands are played by the
    Python players, as :func:`simulate` plays them.  ``engine`` and ``why_python`` of the
    result say which, as ``simulate``'s ``meta`` does.

    >>> s = taking_study(200, "2,2,2,2", seed=1)
    >>> s.engine, s.why_python, bool((s.round == 1).any() and (s.round == 2).any())
    ('batch', None, True)
    >>> from belote_lab.simulation.simulate import simulate
    >>> r = simulate("belote", 200, "2,2,2,2", seed=1, progress=False)
    >>> bool((r.taker == s.taker).all() and (r.attack_points == s.attack_points).all())
    True
    >>> p = taking_study(5, "2,2,2,2", seed=1, engine="python")
    >>> p.engine, p.why_python
    ('python', 'asked for (engine="python")')
    """
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    g = get("belote")
    played, why = engine_for(g, players, rules, "python" if engine == "python" else "auto")
    levels = seat_levels(g, players)
    if played == "batch" and levels is not None:
        return _taking_compiled(g, n_hands, levels, seed, rules)
    if engine == "batch":
        raise ValueError(f"taking_study(engine=\"batch\") cannot play this in compiled code: "
                         f"{why}")
    rows: dict[str, list[Any]] = {name: [] for name in TAKING_ARRAYS}
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
    return TakingStudy(**{k: np.array(v) for k, v in rows.items()}, engine="python",
                       why_python=why)


# --- holdings read from compiled hands --------------------------------------------------------
def card_count(masks: np.ndarray) -> np.ndarray:
    """The number of Belote cards in each card mask of ``masks`` (an int64 array).

    >>> from belote_lab.cards import mask_of
    >>> card_count(np.array([mask_of(["JH", "9H", "AS"]), 0])).tolist()
    [3, 0]
    """
    m = np.asarray(masks, dtype=np.int64)
    out = np.zeros(m.shape, dtype=np.int64)
    for c in _BELOTE_CARDS:
        out += (m >> c) & 1
    return out


def _owners(decks: np.ndarray, order: list[np.ndarray], first: int,
            taker: np.ndarray) -> np.ndarray:
    """Who receives each card of the shuffled ``decks`` (one row a hand) as
    :class:`~belote_lab.games.belote.BeloteHand` and
    :class:`~belote_lab.games.belote2.Belote2Hand` deal: ``first`` cards to each seat of
    ``order`` in turn (seat arrays, the dealer's next first), the next card turned and given
    to the ``taker``, then, in the same order, two more cards to the taker and three to the
    others; the cards left (two-player Belote's stock) belong to nobody (-1)."""
    n, size = decks.shape
    owner = np.full((n, size), -1, dtype=np.int64)
    for k, seat in enumerate(order):
        owner[:, first * k:first * (k + 1)] = seat[:, None]
    turned = first * len(order)
    owner[:, turned] = taker
    pos = np.full(n, turned + 1, dtype=np.int64)
    col = np.arange(size)
    for seat in order:
        more = np.where(seat == taker, 2, 3)
        where = (col >= pos[:, None]) & (col < (pos + more)[:, None])
        owner[where] = np.broadcast_to(seat[:, None], (n, size))[where]
        pos += more
    return owner


def _hands_of(decks: np.ndarray, owner: np.ndarray, seats: int = 4) -> np.ndarray:
    """Each seat's card mask, (n, ``seats``), from the deck rows and :func:`_owners`."""
    bits = np.left_shift(np.int64(1), decks.astype(np.int64))
    return np.stack([np.where(owner == s, bits, 0).sum(axis=1) for s in range(seats)], axis=1)


def _compiled_part(g: Game, n: int, levels: tuple[int, ...], seed: int, r: Any,
                   start: int) -> dict[str, np.ndarray]:
    """One kernel call of :func:`compiled_hands`, read by the recording the game's batch
    module gives: the deck of the deal played (``recorded_hands``: four-player Belote, five
    cards each first), each deal's deck (``hands_record``: two-player Belote, six cards each
    first), or each seat's cards at the first card (``hands(..., record=True)``: Coinche)."""
    from belote_lab.batch import kernels
    from belote_lab.batch.arrays import ARRAYS

    module = kernels(g)
    rows = np.arange(n)
    nxt = np.array([g.next_seat(s) if s in g.seats else -1 for s in range(4)], dtype=np.int64)

    def after_dealer(dealer: np.ndarray) -> list[np.ndarray]:
        order = [nxt[dealer]]
        while len(order) < len(g.seats):
            order.append(nxt[order[-1]])
        return order

    if hasattr(module, "recorded_hands"):
        a = module.recorded_hands(g, n, levels, seed, r, g.seats[0], start)
        decks, t = a["decks"], a["taker"].astype(np.int64)
        owner = _owners(decks, after_dealer(a["dealer"].astype(np.int64)), 5, t)
        dealt = _hands_of(decks[:, :20], owner[:, :20])[rows, t]
        out = {"hands": _hands_of(decks, owner),
               "known": dealt | np.left_shift(np.int64(1), decks[:, 20]),
               "round": np.where((a["auction"] >= 0).sum(axis=1) <= 4, 1, 2)}
    elif hasattr(module, "hands_record"):
        a, rec = module.hands_record(g, n, levels, seed, r, g.seats[0], start)
        decks = rec["decks"][rows, a["redeals"].astype(np.int64)]
        owner = _owners(decks, after_dealer(a["dealer"].astype(np.int64)), 6,
                        a["taker"].astype(np.int64))
        out = {"hands": _hands_of(decks, owner)}
    elif "record" in inspect.signature(module.hands).parameters:
        a = module.hands(g, n, levels, seed, r, g.seats[0], start, record=True)
        out = {"hands": a["deals"]}
    else:
        raise ValueError(f"the compiled hands of {g.name} record no deal to read the "
                         "players' cards from")
    return {**{k: a[k] for k in ARRAYS}, **out}


def compiled_hands(game: str | Game, n: int, levels: Any, seed: int = 0, rules: Any = None,
                   start: int = 0) -> dict[str, np.ndarray]:
    """Hands ``start`` … ``start + n - 1`` of ``seed`` played in compiled code by the game's
    batch module (``levels`` as numbers, one a seat of ``Game.seats``; hand ``k`` dealt by the
    ``k``-th seat from the first, as :func:`~belote_lab.simulation.simulate.simulate` deals): the
    arrays of :func:`simulate`'s result (``contract``, ``taker``, ``score`` …) and ``hands`` (n, 4),
    each seat's cards (a card mask) when the first card is played, read from the deals the
    module records; in four-player Belote also ``known`` (n,), the taker's 5 dealt cards and
    the turned card, and ``round`` (n,), the taking round (1 or 2).  Four-player Belote,
    Coinche and two-player Belote.

    >>> a = compiled_hands("belote", 300, (2, 2, 2, 2), seed=4)
    >>> from belote_lab.simulation.simulate import simulate
    >>> r = simulate("belote", 300, "2,2,2,2", seed=4, progress=False)
    >>> all((a[k] == v).all() for k, v in r.arrays().items())
    True
    >>> card_count(a["hands"]).min(axis=0).tolist(), set(card_count(a["known"]).tolist())
    ([8, 8, 8, 8], {6})
    >>> b = compiled_hands("belote2", 5, (2, 1), seed=4, start=295)
    >>> card_count(b["hands"][:, [0, 2]]).tolist()[0]
    [9, 9]
    """
    g = get(game)
    r = g.rules(rules)
    lv = tuple(int(x) for x in levels)
    parts = [_compiled_part(g, min(CHUNK, n - lo), lv, seed, r, start + lo)
             for lo in range(0, max(n, 1), CHUNK)]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def _taking_compiled(g: Game, n: int, levels: tuple[int, ...], seed: int,
                     rules: Any) -> TakingStudy:
    """:func:`taking_study` from :func:`compiled_hands`: the holdings in numpy."""
    r = g.rules(rules)
    a = compiled_hands(g, n, levels, seed, r)
    trump = a["contract"].astype(np.int64)
    if (trump >= 4).any():
        raise ValueError("a holding needs a suit contract taken after a turned card")
    known = a["known"]
    taker = a["taker"].astype(np.int64)
    dealer = a["dealer"].astype(np.int64)

    def held(suit: np.ndarray, rank: int) -> np.ndarray:
        return ((known >> (16 * suit + rank)) & 1).astype(bool)

    suit_mask = np.array(SUIT_MASK, dtype=np.int64)
    side_aces = sum(held(np.full(n, s), Rank.ACE).astype(np.int64) for s in range(4))
    side_of = np.array([g.side_of(s) for s in range(4)], dtype=np.int64)
    att = side_of[taker]
    rows = np.arange(n)
    score = a["score"].astype(np.int64)
    leader = (dealer + 1) % 4 if r.first_lead == "eldest" else dealer
    return TakingStudy(
        made=a["made"].astype(np.int64),
        attack_points=a["attack_points"].astype(np.int64),
        score_margin=score[rows, att] - score[rows, 1 - att],
        taker=taker,
        dealer=dealer,
        round=a["round"].astype(np.int64),
        trump_jack=held(trump, Rank.JACK),
        trump_nine=held(trump, Rank.NINE),
        trumps=card_count(known & suit_mask[trump]),
        side_aces=side_aces - held(trump, Rank.ACE),
        belote=held(trump, Rank.KING) & held(trump, Rank.QUEEN),
        rule_take=np.array([take_strength(m, t)[0]
                            for m, t in zip(known.tolist(), trump.tolist(), strict=True)],
                           dtype=bool),
        attack_leads=side_of[leader] == att,
        engine="batch",
    )


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
    for N and S, as in :func:`belote_lab.simulation.simulate.simulate`) and solve every decision of
    the strict tricks exactly (:func:`belote_lab.solver.solve`): the value, in card points with
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
        for act in hand.actions[len(replay.actions):]:
            card = act.card
            assert card is not None  # after the bidding, only cards
            rule = legal_mask(replay.hands[replay.to_play], replay.trick,
                              replay.contract.tables, replay.follow_for_trick(),
                              replay.partner_pos())[1]
            name = rule_names[rule]
            counts[name] = counts.get(name, 0) + 1
            replay.play(card, act.seat)
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
