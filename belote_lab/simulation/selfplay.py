"""Computer self-play: whole hands, JSON records or conformance cases, and a speed probe.

Every game is reached through the registry (:func:`belote_lab.games.get`: its
:class:`~belote_lab.games.Game` names the seats, the sides and the hand class) and the public
surface of its hand class (``hand_class(rules, dealer=…, seed=…)``, ``phase``, ``is_over``,
``current_player``, ``legal_calls``/``call``, ``legal_mask``/``play``, ``result``, ``tricks``,
``actions``), so a game works here as soon as it is registered.

* :func:`play_hand` deals and plays one hand to its end; a hand everybody passes is dealt
  again with the next seed (by the same dealer unless the rules say otherwise).
* :func:`selfplay` yields JSON-ready dicts: hand records (``fmt="records"``) or conformance
  ``score`` cases (``fmt="cases"``, see ``conformance/FORMAT.md``) whose ``expect`` is the
  referee's own answer, checked against the state that was played.
* :func:`random_hands_per_second` measures random legal self-play through the public API.

Player levels: ``1`` is :class:`~belote_lab.players.RandomPlayer`, ``2`` the game's level-2
player from ``belote_lab.players.<game>``, ``3`` and ``4`` the search players built on the
hints (:mod:`belote_lab.players.search`).

>>> hand = play_hand("belote", "1,1,1,1", seed=3, dealer="N")
>>> hand.phase, sum(hand.result.points.values())
('done', 162)
>>> case = next(selfplay("belote", 1, seed=5, fmt="cases"))
>>> case["ask"], len(case["tricks"]), sorted(case["expect"])
('score', 8, ['made', 'points', 'score'])
>>> rate, n = random_hands_per_second("belote", 0.05, seed=1)
>>> n > 0 and rate > 0
True
"""

from __future__ import annotations

import importlib
import inspect
import random
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from belote_lab.batch.arrays import MAX_REDEALS
from belote_lab.cards import SEATS, Card, mask_cards, parse_seat
from belote_lab.games import Game, get, names, rules_for
from belote_lab.games.base import step
from belote_lab.players import PlayerUnavailable, levels
from belote_lab.players.levels import LEVEL_NUMBERS

__all__ = [
    "GameUnavailable",
    "PlayerUnavailable",
    "SelfConsistencyError",
    "hand_class",
    "available_games",
    "player_class",
    "make_players",
    "parse_levels",
    "seat_levels",
    "play_hand",
    "play_hands",
    "selfplay",
    "score_case",
    "coinche_contract",
    "random_hands_per_second",
    "side_names",
    "side_of",
]

P_PASS_AFTER_BID = 0.9


class GameUnavailable(LookupError):
    """A registered game that declares no hand class (it cannot be played yet)."""


class SelfConsistencyError(AssertionError):
    """The referee's answer for a played hand differs from the state's own result."""


# --- games ---------------------------------------------------------------------------------------
def hand_class(game: str | Game) -> Any:
    """The hand class of ``game`` (its :class:`~belote_lab.games.Game`'s ``hand_class``), or
    :class:`GameUnavailable` if it declares none.

    >>> hand_class("belote").__name__
    'BeloteHand'
    >>> hand_class("tarot")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'tarot'; choose one of belote, coinche, belote2, callbreak
    """
    g = get(game)
    if g.hand_class is None:
        raise GameUnavailable(
            f"game {g.name!r} is not available yet: {g.module} declares no hand class"
        )
    return g.hand_class


def available_games() -> list[str]:
    """The known games that can be played now, in registry order."""
    return [n for n in names() if get(n).hand_class is not None]


def side_names(game: str | Game) -> tuple[str, ...]:
    """The sides that score (:attr:`Game.sides <belote_lab.games.Game.sides>`): teams in the
    partnership games, seats otherwise.

    >>> side_names("belote"), side_names("belote2"), side_names("callbreak")
    (('NS', 'EW'), ('N', 'S'), ('N', 'E', 'S', 'W'))
    """
    return get(game).sides


def side_of(game: str | Game, seat: int) -> int:
    """The index in :func:`side_names` of the side ``seat`` plays for."""
    return get(game).side_of(seat)


def rules_of(game: str | Game, rules: Any) -> Any:
    """``rules`` as the rules object of ``game`` (``None`` or a dict read and checked: see
    :meth:`Game.rules <belote_lab.games.spec.Game.rules>`)."""
    return get(game).rules(rules)


def _same_dealer_redeals(rules: Any) -> bool:
    """Whether a passed-out deal is dealt again by the same dealer: the default, unless the
    rules have a ``redeal_same_dealer`` option that is false (Belote, Coinche)."""
    return bool(getattr(rules, "redeal_same_dealer", True))


# --- players -------------------------------------------------------------------------------------
def player_class(game: str | Game, level: int) -> Any:
    """The class (or factory) of a computer player of ``level`` for ``game``: the entry of
    the one level table, :func:`belote_lab.players.levels`.

    >>> player_class("belote", 1).__name__
    'RandomPlayer'
    >>> player_class("belote", 3).__name__
    'belote_level3'
    >>> player_class("belote", 5)
    Traceback (most recent call last):
    ...
    ValueError: unknown player level 5; levels are 1 to 4
    """
    if isinstance(level, bool) or not isinstance(level, int):
        raise ValueError(f"a player level is a whole number, not {level!r}")
    if level not in LEVEL_NUMBERS:
        raise ValueError(f"unknown player level {level}; levels are 1 to 4")
    return levels(game)[level]


def _build(factory: Callable[..., Any], seat: int, seed: int) -> Any:
    """Call a player class/factory with the keywords it accepts among ``seat`` and ``seed``."""
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return factory()
    kinds = {p.kind for p in params.values()}
    kw: dict[str, Any] = {}
    for name, value in (("seed", seed), ("seat", seat)):
        if name in params or inspect.Parameter.VAR_KEYWORD in kinds:
            kw[name] = value
    return factory(**kw)


def parse_levels(spec: str | int | Sequence[Any]) -> list[Any]:
    """A player spec as a list: ``"2,1,2,1"`` → ``[2, 1, 2, 1]``; other items kept as given.

    >>> parse_levels("2,1, 2,1"), parse_levels(2), parse_levels(["1", 2])
    ([2, 1, 2, 1], [2], [1, 2])
    """
    if isinstance(spec, bool):
        raise ValueError(f"bad player spec {spec!r}")
    if isinstance(spec, int):
        return [spec]
    if isinstance(spec, str):
        items: list[Any] = [t for t in re.split(r"[,\s]+", spec.strip()) if t]
        if not items:
            raise ValueError("empty player spec")
    else:
        items = list(spec)
    out: list[Any] = []
    for it in items:
        if isinstance(it, str):
            if not re.fullmatch(r"[0-9]{1,9}", it.strip()):  # ASCII digits: not ２ or ²
                raise ValueError(f"bad player level {it!r} (use numbers like 2,1,2,1)")
            out.append(int(it))
        else:
            out.append(it)
    return out


def _per_seat(spec: Any, seats: tuple[int, ...]) -> dict[int, Any]:
    """Spread a spec over the playing seats (one item for all, one per seat, or four)."""
    if isinstance(spec, Mapping):
        out = {parse_seat(k): v for k, v in spec.items()}
        if set(out) != set(seats):
            want = " ".join(SEATS[s] for s in seats)
            raise ValueError(f"players must be given for the seats {want}")
        return out
    items = parse_levels(spec)
    if len(items) == 1:
        return dict.fromkeys(seats, items[0])
    if len(items) == len(seats):
        return dict(zip(seats, items, strict=True))
    if len(items) == 4:  # four entries for a two-player game: take the playing seats' ones
        return {s: items[s] for s in seats}
    raise ValueError(f"{len(items)} players given; this game has {len(seats)} seats")


def make_players(
    game: str | Game, spec: Any = "1,1,1,1", seed: int | None = 0
) -> dict[int, Any]:
    """Seat index → player object, from levels, player objects or factories.

    A level gives a fresh player seeded from ``seed``; an object with ``choose_card`` is used
    as it is; any other callable is a factory called with ``seat``/``seed`` where accepted.

    >>> ps = make_players("belote", "1,1,1,1", seed=4)
    >>> sorted(ps), type(ps[0]).__name__
    ([0, 1, 2, 3], 'RandomPlayer')
    >>> sorted(make_players("belote", 1))
    [0, 1, 2, 3]
    """
    seats = get(game).seats
    rng = random.Random(f"{seed}:players")
    out: dict[int, Any] = {}
    for seat, item in _per_seat(spec, seats).items():
        pseed = rng.getrandbits(32)
        if isinstance(item, int) and not isinstance(item, bool):
            out[seat] = _build(player_class(game, item), seat, pseed)
        elif hasattr(item, "choose_card") and not isinstance(item, type):
            out[seat] = item
        elif callable(item):
            out[seat] = _build(item, seat, pseed)
        else:
            raise ValueError(f"not a player, a level or a factory: {item!r}")
    return out


def seat_levels(game: str | Game, spec: Any) -> tuple[int, ...] | None:
    """The level of each playing seat (in ``Game.seats`` order) when every seat is given as a
    level number, else ``None`` (a player object or a factory plays some seat).  Levels are
    read as numbers here, once, never back from :func:`describe_players`' texts.

    >>> seat_levels("belote", "2,1,2,1"), seat_levels("belote2", 2), seat_levels("belote", [2])
    ((2, 1, 2, 1), (2, 2), (2, 2, 2, 2))
    >>> from belote_lab.players import RandomPlayer
    >>> seat_levels("belote", [2, RandomPlayer(), 2, 2]) is None
    True
    """
    g = get(game)
    out = []
    for seat in g.seats:
        item = _per_seat(spec, g.seats)[seat]
        if isinstance(item, bool) or not isinstance(item, int):
            return None
        player_class(g, item)  # an unknown level is refused here, as make_players would
        out.append(item)
    return tuple(out)


def describe_players(game: str | Game, spec: Any) -> list[str]:
    """A short text per playing seat, e.g. ``['N:2', 'E:1', 'S:2', 'W:1']``."""
    out = []
    for seat, item in _per_seat(spec, get(game).seats).items():
        if isinstance(item, int):
            text = str(item)
        else:
            text = getattr(item, "__name__", None) or type(item).__name__
            level = getattr(item, "level", None)
            if isinstance(level, int):
                text = f"{level}:{text}"
        out.append(f"{SEATS[seat]}:{text}")
    return out


# --- playing -------------------------------------------------------------------------------------
@dataclass
class _Watch:
    """What the driver saw: the hands when play began and the cards drawn after each trick."""

    start: list[int] | None = None
    stock: list[Card] = field(default_factory=list)


def _deal(cls: Any, rules: Any, dealer: int, seed: int, redeals: int) -> Any:
    if redeals and "redeals" in _init_params(cls):
        return cls(rules, dealer=dealer, seed=seed, redeals=redeals)
    return cls(rules, dealer=dealer, seed=seed)


_PARAMS: dict[Any, frozenset[str]] = {}


def _init_params(cls: Any) -> frozenset[str]:
    got = _PARAMS.get(cls)
    if got is None:
        try:
            got = frozenset(inspect.signature(cls).parameters)
        except (TypeError, ValueError):
            got = frozenset()
        _PARAMS[cls] = got
    return got


def _drive(hand: Any, players: Mapping[int, Any], watch: _Watch | None) -> None:
    """Ask each seat's player until the hand is over; ``watch`` records hands and draws."""
    before: list[int] | None = None
    while not hand.is_over:
        seat = hand.current_player
        player = players[seat]
        if hand.phase == "play":
            if watch is not None:
                if watch.start is None:
                    watch.start = list(hand.hands)
                if not hand.trick:
                    before = list(hand.hands)
            n_done = len(hand.tricks)
            step(hand, player)  # the player decides on its seat's observation
            if watch is not None and before is not None and len(hand.tricks) > n_done:
                _note_draws(hand, before, watch)
        else:
            step(hand, player)


def _note_draws(hand: Any, before: list[int], watch: _Watch) -> None:
    """After a trick: the cards each seat received (two-player stock), winner first."""
    t = hand.tricks[-1]
    played = dict(zip(t.seats(tuple(hand.seat_order)), t.cards, strict=True))
    drawn: dict[int, list[Card]] = {}
    for s in hand.seat_order:
        kept = before[s] & ~(1 << played[s])
        new = hand.hands[s] & ~kept
        if new:
            drawn[s] = mask_cards(new)
    if not drawn:
        return
    order = [t.winner] + [s for s in hand.seat_order if s != t.winner]
    for s in order:
        watch.stock.extend(drawn.get(s, []))


def _deals(g: Game, rules: Any, dealer: int, seed: int) -> Iterator[Any]:
    """The deals of one hand: the first from ``seed`` by ``dealer``, then one more each time
    the caller asks again (the deal before was passed out), from the next seed, by the same
    dealer unless the rules say the next one; ``RuntimeError`` after :data:`MAX_REDEALS`."""
    cls = hand_class(g)
    same = _same_dealer_redeals(rules)
    for redeals in range(MAX_REDEALS + 1):
        yield _deal(cls, rules, dealer, seed + redeals, redeals)
        if not same:
            dealer = g.next_seat(dealer)
    raise RuntimeError(f"{g.name}: {MAX_REDEALS} redeals in a row")


def play_deal(
    game: str | Game,
    players: Mapping[int, Any],
    seed: int,
    dealer: int,
    rules: Any,
    watch_play: bool,
) -> tuple[Any, _Watch | None, int]:
    """Deal and play one hand of ``game`` by ``players`` from ``dealer`` (redealing while
    the hand says so); returns ``(hand, watch, redeals)``."""
    g = get(game)
    hand_class(g)  # GameUnavailable first
    if dealer not in g.seats:
        raise ValueError(f"{SEATS[dealer]} does not play in {g.name}")
    for redeals, hand in enumerate(_deals(g, rules, dealer, seed)):
        watch = _Watch() if watch_play else None
        _drive(hand, players, watch)
        if hand.phase == "done":
            return hand, watch, redeals
        if hand.phase != "redeal":
            raise RuntimeError(f"{g.name}: the hand stopped in phase {hand.phase!r}")
    raise AssertionError("unreachable: _deals raises after the last redeal")


def play_hand(
    game: str | Game,
    players: Any = "1,1,1,1",
    seed: int = 0,
    dealer: int | str = 0,
    rules: Any = None,
) -> Any:
    """Deal and play one hand of ``game`` to its end; returns the finished hand state.

    ``players``: a spec for :func:`make_players` or a mapping seat → player.  A hand that
    everybody passes is dealt again with ``seed + 1``, ``seed + 2`` … by the same dealer
    (or the next one if the rules' ``redeal_same_dealer`` is false).

    >>> h = play_hand("belote", 1, seed=11, dealer="S", rules={"must_undertrump": True})
    >>> h.phase, h.rules.must_undertrump, len(h.tricks)
    ('done', True, 8)
    """
    ps = _as_players(game, players, seed)
    return play_deal(game, ps, seed, parse_seat(dealer), rules_of(game, rules), False)[0]


def hand_in_play(
    game: str | Game,
    players: Any = 2,
    seed: int = 0,
    dealer: int | str = 0,
    tricks_left: int | None = None,
    rules: Any = None,
) -> Any:
    """A hand of ``game`` dealt and bid by ``players`` (as for :func:`play_hand`, redeals
    included), stopped at its first card — or, with ``tricks_left``, played on by them to
    the start of the trick that leaves that many tricks.

    >>> h = hand_in_play("belote2", seed=4, tricks_left=9)
    >>> h.phase, h.tricks_per_hand - len(h.tricks), len(h.trick), len(h.stock_left)
    ('play', 9, 0, 0)
    """
    ps = _as_players(game, players, seed)
    g = get(game)
    hand_class(g)  # GameUnavailable before any rule option is read
    rules = rules_of(g, rules)
    for hand in _deals(g, rules, parse_seat(dealer), seed):
        while hand.phase == "bidding":
            step(hand, ps[hand.current_player])
        if hand.phase == "play":
            stop = tricks_left if tricks_left is not None else hand.tricks_per_hand
            while hand.phase == "play" and (
                hand.tricks_per_hand - len(hand.tricks) > stop or hand.trick
            ):
                step(hand, ps[hand.to_play])
            return hand
    raise AssertionError("unreachable: _deals raises after the last redeal")


def _as_players(game: str | Game, players: Any, seed: int) -> dict[int, Any]:
    if isinstance(players, Mapping) and all(
        hasattr(p, "choose_card") and not isinstance(p, type) for p in players.values()
    ):
        return {parse_seat(k): v for k, v in players.items()}
    return make_players(game, players, seed)


# --- conformance cases ---------------------------------------------------------------------------


def coinche_contract(actions: Sequence[Sequence[str]]) -> dict[str, Any]:
    """The Coinche contract ``{bidder, value, trump, multiplier}`` read from a hand's calls.

    Calls are written as in FORMAT.md (``80H``, ``capotS``, ``coinche``, ``surcoinche``); a
    bid is read by :meth:`belote_lab.games.coinche.Bid.parse`, the auction's own reader, so
    ``80SH``, ``08 0H`` or ``٨٠H`` are refused with a ``ValueError`` naming the call.

    >>> coinche_contract([("call", "E", "80H"), ("call", "S", "pass"),
    ...     ("call", "W", "capotbeloteS"), ("call", "N", "coinche"),
    ...     ("call", "E", "pass"), ("play", "E", "7H")])
    {'bidder': 'W', 'value': 'capot_belote', 'trump': 'S', 'multiplier': 2}
    """
    # the auction's bid reader and its doubling calls, loaded with the game
    from belote_lab.games.coinche import DOUBLES, Bid

    bid: dict[str, Any] | None = None
    for kind, seat, value in actions:
        if kind != "call":
            continue
        low = str(value).strip().lower()
        if low == "pass":
            continue
        multiplier = DOUBLES.get(low)
        if multiplier is not None:
            if bid is None:
                raise ValueError(f"a {low} before any bid")
            bid["multiplier"] = multiplier
            continue
        try:
            b = Bid.parse(str(value))
        except ValueError as e:
            raise ValueError(f"cannot read the Coinche call {value!r}: {e}") from None
        bid = {"bidder": seat, "value": b.name, "trump": b.trump, "multiplier": 1}
    if bid is None:
        raise ValueError("no bid in the calls")
    return bid


def _trick_lists(hand: Any) -> list[list[str]]:
    return [[c.text for c in t.cards] for t in hand.tricks]


def _taker(hand: Any) -> int:
    """The taker of a hand of a game whose contract is taken (``Game.bidding`` ``taking``)."""
    if hand.taker >= 0:
        return int(hand.taker)
    for a in reversed(hand.actions):
        if a.kind == "call" and a.value != "pass":
            return a.seat_index
    raise ValueError("no taker in this hand")


def score_case(hand: Any, case_id: str, watch: _Watch | None = None) -> dict[str, Any]:
    """The conformance ``score`` case (without ``expect``) of a finished hand.

    ``watch`` (from the self-play driver) supplies what only the play shows: the two-player
    hands when play began and the stock in drawing order.

    >>> h = play_hand("belote", 1, seed=2)
    >>> c = score_case(h, "x")
    >>> c["game"], c["trump"] == h.contract.code, len(c["tricks"])
    ('belote', True, 8)
    """
    g = get(hand.game)
    style = g.bidding
    case: dict[str, Any] = {"id": case_id, "game": g.name, "ask": "score"}
    case["rules"] = hand.rules.changed()
    if style != "calls":
        case["trump"] = hand.contract.code
    if style == "auction":
        case["contract"] = _auction_contract(hand)
    if g.has_stock:
        case.update(_watched_deal(hand, watch))
    if style == "taking":
        case["taker"] = SEATS[_taker(hand)]
    if style == "calls":
        case["calls"] = {a.seat: a.call for a in hand.actions if a.kind == "call"}
    case["first_leader"] = SEATS[hand.tricks[0].leader]
    case["tricks"] = _trick_lists(hand)
    return case


def _auction_contract(hand: Any) -> dict[str, Any]:
    """A bid hand's contract as a case gives it: ``{bidder, value, multiplier}``, read from
    its auction (``hand.bid``, ``hand.bidder``, ``hand.multiplier``), not from the calls'
    text again."""
    bid = hand.bid
    if bid is None or hand.bidder is None:
        raise SelfConsistencyError("the hand is played without a bid")
    if bid.trump != hand.contract.code:
        raise SelfConsistencyError(
            f"the bid {bid.text} names trump {bid.trump} but the hand plays {hand.contract.code}"
        )
    return {"bidder": SEATS[hand.bidder], "value": bid.name, "multiplier": hand.multiplier}


def _watched_deal(hand: Any, watch: _Watch | None) -> dict[str, Any]:
    """What a case of a game with a stock needs from the play: the hands when play began and
    the stock in drawing order."""
    if watch is None or watch.start is None:
        raise ValueError("a two-player case needs the watched hands and stock")
    return {
        "hands": {
            SEATS[s]: [c.text for c in mask_cards(watch.start[s])] for s in hand.seat_order
        },
        "stock": [c.text for c in watch.stock],
    }


def _state_value(hand: Any, key: str) -> Any:
    res = hand.result
    data = res.to_json() if hasattr(res, "to_json") else {}
    if key in data:
        return data[key]
    if hasattr(res, key):
        return getattr(res, key)
    if key == "tricks_won":
        return {SEATS[s]: hand.won_tricks[s] for s in hand.seat_order}
    raise SelfConsistencyError(f"the hand's result has no {key!r}")


def check_against_state(hand: Any, answer: Mapping[str, Any]) -> None:
    """Raise :class:`SelfConsistencyError` unless the referee's answer matches the state."""
    if "error" in answer:
        raise SelfConsistencyError(
            f"the referee refuses a hand the engine played: {dict(answer)}"
        )
    for key, ref in answer.items():
        if key == "id":
            continue
        state = _state_value(hand, key)
        if ref != state:
            raise SelfConsistencyError(
                f"{hand.game}: referee says {key}={ref!r}, the played state says {state!r}"
            )


@dataclass
class SelfPlayRun:
    """The hands of a self-play run, ready to play: iterating plays them one by one and gives
    ``(hand, watch, redeals)`` (as :func:`play_deal`).  Deal ``i`` is dealt by the ``i``-th
    seat in turn, from a seed drawn from ``seed`` (see :func:`play_hands`)."""

    game: Game
    rules: Any
    players: dict[int, Any]
    seed: int
    n_hands: int
    watch_play: bool = False

    def __iter__(self) -> Iterator[tuple[Any, _Watch | None, int]]:
        seats = self.game.seats
        hand_rng = random.Random(f"{self.seed}:hands")
        for i in range(self.n_hands):
            dealer = seats[i % len(seats)]
            yield play_deal(
                self.game, self.players, hand_rng.getrandbits(32), dealer, self.rules,
                self.watch_play,
            )


def play_hands(
    game: str | Game,
    n_hands: int,
    players: Any = "1,1,1,1",
    seed: int = 0,
    rules: Any = None,
    watch_play: bool = False,
) -> SelfPlayRun:
    """The :class:`SelfPlayRun` of ``n_hands`` hands of ``game`` by ``players`` (a spec for
    :func:`make_players`), checked now: the same hands as :func:`selfplay` and
    :func:`~belote_lab.simulation.simulate.simulate` with the same arguments.

    >>> run = play_hands("belote2", 2, "1,1", seed=3)
    >>> [(h.dealer, h.phase) for h, _, _ in run]
    [(0, 'done'), (2, 'done')]
    """
    if n_hands < 0:
        raise ValueError("the number of hands cannot be negative")
    g = get(game)
    the_rules = rules_of(g, rules)
    return SelfPlayRun(g, the_rules, make_players(g, players, seed), seed, n_hands, watch_play)


def selfplay(
    game: str | Game,
    n_hands: int,
    seed: int = 0,
    players: Any = "1,1,1,1",
    fmt: str = "records",
    rules: Any = None,
) -> Iterator[dict[str, Any]]:
    """Play ``n_hands`` hands and yield one JSON-ready dict per hand.

    ``fmt="records"``: the hand record (``hand.to_json()``, readable by
    :func:`belote_lab.play.record_io.hand_from_json`).  ``fmt="cases"``: a conformance ``score``
    case whose ``expect`` is :func:`belote_lab.referee.answer` of it, after checking that
    answer against the played state (:class:`SelfConsistencyError` if they differ).
    The dealer turns with each hand; everything follows from ``seed``.

    >>> recs = list(selfplay("belote", 2, seed=1))
    >>> [r["format"] for r in recs], [r["dealer"] for r in recs]
    (['belote_lab/hand', 'belote_lab/hand'], ['N', 'E'])
    """
    if fmt not in ("records", "cases"):
        raise ValueError(f"unknown format {fmt!r}; use 'records' or 'cases'")
    run = play_hands(game, n_hands, players, seed, rules, watch_play=fmt == "cases")
    referee = importlib.import_module("belote_lab.referee") if fmt == "cases" else None
    for i, (hand, watch, _) in enumerate(run):
        if referee is None:
            yield hand.to_json()
            continue
        case = score_case(hand, f"selfplay-{run.game.name}-{seed}-{i + 1}", watch)
        answer = referee.answer(case)
        check_against_state(hand, answer)
        case["expect"] = {k: v for k, v in answer.items() if k != "id"}
        yield case


# --- speed ---------------------------------------------------------------------------------------
def _random_call(calls: list[Any], rng: random.Random, p_pass: float) -> Any:
    if "pass" in calls and len(calls) > 1:
        if rng.random() < p_pass:
            return "pass"
        others = [c for c in calls if c != "pass"]
        return others[int(rng.random() * len(others))]
    return calls[int(rng.random() * len(calls))]


def random_hands_per_second(
    game: str | Game, seconds: float = 2.0, seed: int = 0, p_pass: float = 0.5
) -> tuple[float, int]:
    """Random legal hands played through the public API for about ``seconds``.

    Calls are random: ``pass`` with probability ``p_pass`` until somebody bids, then with
    probability 0.9 (so a contract comes quickly); cards uniformly random from
    ``legal_mask()``.  Returns ``(hands per second,
    hands finished)``; redealt deals are not counted as hands.
    """
    g = get(game)
    cls = hand_class(g)
    rules = rules_for(g)
    same = _same_dealer_redeals(rules)
    rng = random.Random(seed)
    rand = rng.random
    n = 0
    dealer = g.seats[0]
    redeals = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    now = t0
    while now < end:
        hand = _deal(cls, rules, dealer, rng.getrandbits(32), redeals)
        p = p_pass
        while hand.phase == "bidding":
            c = _random_call(hand.legal_calls(), rng, p)
            hand.call(c)
            if c != "pass":  # someone has bid: let the auction end soon
                p = P_PASS_AFTER_BID
        play = hand.play
        legal = hand.legal_mask
        while hand.phase == "play":
            cards = mask_cards(legal())
            play(cards[int(rand() * len(cards))])
        if hand.phase == "done":
            n += 1
            redeals = 0
            dealer = g.next_seat(dealer)
        else:  # passed out: deal again (the rules say by whom)
            redeals += 1
            if not same:
                dealer = g.next_seat(dealer)
        now = time.perf_counter()
    return n / (now - t0), n
