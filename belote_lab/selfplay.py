"""Computer self-play: whole hands, JSON records or conformance cases, and a speed probe.

Every game is reached through the registry (:func:`belote_lab.games.game_module`) and the
public surface of its hand class (``HAND_CLASS(rules, dealer=…, seed=…)``, ``phase``,
``is_over``, ``current_player``, ``legal_calls``/``call``, ``legal_mask``/``play``,
``result``, ``tricks``, ``actions``, ``seat_order``), so a game works here as soon as its
module exists.

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

from belote_lab.cards import SEATS, Card, mask_cards, parse_seat
from belote_lab.games import GAMES, rules_for
from belote_lab.players import RandomPlayer

__all__ = [
    "GameUnavailable",
    "PlayerUnavailable",
    "SelfConsistencyError",
    "hand_class",
    "available_games",
    "player_class",
    "make_players",
    "parse_levels",
    "play_hand",
    "selfplay",
    "score_case",
    "coinche_contract",
    "random_hands_per_second",
    "side_names",
    "side_of",
]

MAX_REDEALS = 1000
P_PASS_AFTER_BID = 0.9


class GameUnavailable(LookupError):
    """The module of a known game does not exist (yet)."""


class PlayerUnavailable(LookupError):
    """A player level that cannot be built for a game (a missing player module)."""


class SelfConsistencyError(AssertionError):
    """The referee's answer for a played hand differs from the state's own result."""


# --- games ---------------------------------------------------------------------------------------
def _import_missing_ok(name: str) -> Any | None:
    """Import module ``name``; ``None`` only if that module itself does not exist."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise


def hand_class(game: str) -> Any:
    """The ``HAND_CLASS`` of ``game``, or :class:`GameUnavailable` with a clear message.

    >>> hand_class("belote").__name__
    'BeloteHand'
    >>> hand_class("tarot")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'tarot'; choose one of belote, coinche, belote2, callbreak
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    mod = _import_missing_ok(f"belote_lab.games.{game}")
    if mod is None or not hasattr(mod, "HAND_CLASS"):
        raise GameUnavailable(
            f"game {game!r} is not available yet: module belote_lab.games.{game} "
            + ("is missing" if mod is None else "defines no HAND_CLASS")
        )
    return mod.HAND_CLASS


def available_games() -> list[str]:
    """The games whose module exists now, in registry order."""
    out = []
    for g in GAMES:
        try:
            hand_class(g)
        except GameUnavailable:
            continue
        out.append(g)
    return out


def game_seats(game: str) -> tuple[int, ...]:
    """The seats that play ``game``, in turn order."""
    return tuple(hand_class(game).seat_order)


def side_names(game: str) -> tuple[str, ...]:
    """The sides that score: teams in the partnership games, seats otherwise.

    >>> side_names("belote"), side_names("belote2"), side_names("callbreak")
    (('NS', 'EW'), ('N', 'S'), ('N', 'E', 'S', 'W'))
    """
    if game in ("belote", "coinche"):
        return ("NS", "EW")
    if game == "belote2":
        return ("N", "S")
    return SEATS


def side_of(game: str, seat: int) -> int:
    """The index in :func:`side_names` of the side ``seat`` plays for."""
    if game in ("belote", "coinche"):
        return seat % 2
    if game == "belote2":
        return seat // 2
    return seat


def rules_of(game: str, rules: Any) -> Any:
    """``rules`` as the rules object of ``game`` (``None`` or a dict: read by
    :func:`~belote_lab.games.rules_for`)."""
    if rules is None or isinstance(rules, dict):
        return rules_for(game, rules)
    return rules


# --- players -------------------------------------------------------------------------------------
def _class_name(game: str) -> str:
    return game[:1].upper() + game[1:] + "Player2"


def player_class(game: str, level: int) -> Any:
    """The class (or factory) of a computer player of ``level`` for ``game``.

    Level 1 is :class:`~belote_lab.players.RandomPlayer`; level 2 is the class
    ``<Game>Player2`` of the game's player module ``belote_lab.players.<game>``; levels 3 and 4
    are the search players' factories (:func:`belote_lab.players.search.level_factory`).

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
    if level not in (1, 2, 3, 4):
        raise ValueError(f"unknown player level {level}; levels are 1 to 4")
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    if level in (3, 4):
        from belote_lab.players.search import level_factory

        return level_factory(game, level)
    if level == 1:
        return RandomPlayer
    name = f"belote_lab.players.{game}"
    mod = _import_missing_ok(name)
    if mod is None:
        raise PlayerUnavailable(f"no level-2 player for {game!r} yet: module {name} is missing")
    cls = getattr(mod, _class_name(game), None)
    if cls is None:
        raise PlayerUnavailable(f"module {name} has no class {_class_name(game)}")
    return cls


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
            if not it.strip().isdigit():
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
    game: str, spec: Any = "1,1,1,1", seed: int | None = 0
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
    seats = game_seats(game)
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


def describe_players(game: str, spec: Any) -> list[str]:
    """A short text per playing seat, e.g. ``['N:2', 'E:1', 'S:2', 'W:1']``."""
    out = []
    for seat, item in _per_seat(spec, game_seats(game)).items():
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
            hand.play(player.choose_card(hand))
            if watch is not None and before is not None and len(hand.tricks) > n_done:
                _note_draws(hand, before, watch)
        else:
            hand.call(player.choose_call(hand))


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


def _next_dealer(dealer: int, seats: tuple[int, ...]) -> int:
    return seats[(seats.index(dealer) + 1) % len(seats)]


def play_deal(
    game: str,
    players: Mapping[int, Any],
    seed: int,
    dealer: int,
    rules: Any,
    watch_play: bool,
) -> tuple[Any, _Watch | None, int]:
    """Deal and play one hand of ``game`` by ``players`` from ``dealer`` (redealing while
    the hand says so); returns ``(hand, watch, redeals)``."""
    cls = hand_class(game)
    seats = tuple(cls.seat_order)
    if dealer not in seats:
        raise ValueError(f"{SEATS[dealer]} does not play in {game}")
    same = getattr(rules, "redeal_same_dealer", True)
    for redeals in range(MAX_REDEALS + 1):
        hand = _deal(cls, rules, dealer, seed + redeals, redeals)
        watch = _Watch() if watch_play else None
        _drive(hand, players, watch)
        if hand.phase == "done":
            return hand, watch, redeals
        if hand.phase != "redeal":
            raise RuntimeError(f"{game}: the hand stopped in phase {hand.phase!r}")
        if not same:
            dealer = _next_dealer(dealer, seats)
    raise RuntimeError(f"{game}: {MAX_REDEALS} redeals in a row")


def play_hand(
    game: str,
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
    game: str,
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
    cls = hand_class(game)
    rules = rules_of(game, rules)
    seat = parse_seat(dealer)
    same = getattr(rules, "redeal_same_dealer", True)
    for redeals in range(MAX_REDEALS + 1):
        hand = _deal(cls, rules, seat, seed + redeals, redeals)
        while hand.phase == "bidding":
            hand.call(ps[hand.current_player].choose_call(hand))
        if hand.phase == "play":
            stop = tricks_left if tricks_left is not None else hand.tricks_per_hand
            while hand.phase == "play" and (
                hand.tricks_per_hand - len(hand.tricks) > stop or hand.trick
            ):
                hand.play(ps[hand.to_play].choose_card(hand))
            return hand
        if not same:
            seat = _next_dealer(seat, tuple(cls.seat_order))
    raise RuntimeError(f"{game}: {MAX_REDEALS} redeals in a row")


def _as_players(game: str, players: Any, seed: int) -> dict[int, Any]:
    if isinstance(players, Mapping) and all(
        hasattr(p, "choose_card") and not isinstance(p, type) for p in players.values()
    ):
        return {parse_seat(k): v for k, v in players.items()}
    return make_players(game, players, seed)


# --- conformance cases ---------------------------------------------------------------------------
_BID = re.compile(r"^(\d+|capotbelote|capot|generalebelote|generale)(S|H|D|C|NT|AT)$", re.I)
_BID_VALUE = {
    "capot": "capot",
    "capotbelote": "capot_belote",
    "generale": "generale",
    "generalebelote": "generale_belote",
}
BID_NUMBERS = {"capot": 250, "capot_belote": 270, "generale": 500, "generale_belote": 520}
"""The contract values of the special Coinche bids (RULES.md §3)."""


def coinche_contract(actions: Sequence[Sequence[str]]) -> dict[str, Any]:
    """The Coinche contract ``{bidder, value, trump, multiplier}`` read from a hand's calls.

    Calls are written as in FORMAT.md (``80H``, ``capotS``, ``coinche``, ``surcoinche``).

    >>> coinche_contract([("call", "E", "80H"), ("call", "S", "pass"),
    ...     ("call", "W", "capotbeloteS"), ("call", "N", "coinche"),
    ...     ("call", "E", "pass"), ("play", "E", "7H")])
    {'bidder': 'W', 'value': 'capot_belote', 'trump': 'S', 'multiplier': 2}
    """
    bid: dict[str, Any] | None = None
    for kind, seat, value in actions:
        if kind != "call":
            continue
        v = re.sub(r"[\s_]+", "", str(value))
        low = v.lower()
        if low == "pass":
            continue
        if low == "coinche":
            if bid is None:
                raise ValueError("a coinche before any bid")
            bid["multiplier"] = 2
            continue
        if low == "surcoinche":
            if bid is None:
                raise ValueError("a surcoinche before any bid")
            bid["multiplier"] = 4
            continue
        m = _BID.match(v)
        if m is None:
            raise ValueError(f"cannot read the Coinche call {value!r}")
        head = m.group(1).lower()
        val: int | str = int(head) if head.isdigit() else _BID_VALUE[head]
        bid = {"bidder": seat, "value": val, "trump": m.group(2).upper(), "multiplier": 1}
    if bid is None:
        raise ValueError("no bid in the calls")
    return bid


def _trick_lists(hand: Any) -> list[list[str]]:
    return [[c.text for c in t.cards] for t in hand.tricks]


def _taker(hand: Any) -> int:
    taker = getattr(hand, "taker", None)
    if isinstance(taker, int) and taker >= 0:
        return taker
    for kind, seat, value in reversed(hand.actions):
        if kind == "call" and value != "pass":
            return parse_seat(seat)
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
    game = hand.game
    case: dict[str, Any] = {"id": case_id, "game": game, "ask": "score"}
    case["rules"] = hand.rules.changed()
    if game != "callbreak":
        case["trump"] = hand.contract.code
    if game == "coinche":
        c = coinche_contract(hand.actions)
        if c["trump"] != hand.contract.code:
            raise SelfConsistencyError(
                f"the calls name trump {c['trump']} but the hand plays {hand.contract.code}"
            )
        case["contract"] = {k: c[k] for k in ("bidder", "value", "multiplier")}
    if game == "belote2":
        if watch is None or watch.start is None:
            raise ValueError("a two-player case needs the watched hands and stock")
        case["hands"] = {
            SEATS[s]: [c.text for c in mask_cards(watch.start[s])] for s in hand.seat_order
        }
        case["stock"] = [c.text for c in watch.stock]
    if game in ("belote", "belote2"):
        case["taker"] = SEATS[_taker(hand)]
    if game == "callbreak":
        case["calls"] = {
            seat: int(value) for kind, seat, value in hand.actions if kind == "call"
        }
    case["first_leader"] = SEATS[hand.tricks[0].leader]
    case["tricks"] = _trick_lists(hand)
    return case


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


def selfplay(
    game: str,
    n_hands: int,
    seed: int = 0,
    players: Any = "1,1,1,1",
    fmt: str = "records",
    rules: Any = None,
) -> Iterator[dict[str, Any]]:
    """Play ``n_hands`` hands and yield one JSON-ready dict per hand.

    ``fmt="records"``: the hand record (``hand.to_json()``, readable by
    :func:`belote_lab.record.hand_from_json`).  ``fmt="cases"``: a conformance ``score``
    case whose ``expect`` is :func:`belote_lab.referee.answer` of it, after checking that
    answer against the played state (:class:`SelfConsistencyError` if they differ).
    The dealer turns with each hand; everything follows from ``seed``.

    >>> recs = list(selfplay("belote", 2, seed=1))
    >>> [r["format"] for r in recs], [r["dealer"] for r in recs]
    (['belote_lab/hand', 'belote_lab/hand'], ['N', 'E'])
    """
    if fmt not in ("records", "cases"):
        raise ValueError(f"unknown format {fmt!r}; use 'records' or 'cases'")
    if n_hands < 0:
        raise ValueError("the number of hands cannot be negative")
    seats = game_seats(game)
    the_rules = rules_of(game, rules)
    ps = make_players(game, players, seed)
    hand_rng = random.Random(f"{seed}:hands")
    referee = importlib.import_module("belote_lab.referee") if fmt == "cases" else None
    for i in range(n_hands):
        dealer = seats[i % len(seats)]
        hand, watch, _ = play_deal(
            game, ps, hand_rng.getrandbits(32), dealer, the_rules, fmt == "cases"
        )
        if referee is None:
            yield hand.to_json()
            continue
        case = score_case(hand, f"selfplay-{game}-{seed}-{i + 1}", watch)
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
    game: str, seconds: float = 2.0, seed: int = 0, p_pass: float = 0.5
) -> tuple[float, int]:
    """Random legal hands played through the public API for about ``seconds``.

    Calls are random: ``pass`` with probability ``p_pass`` until somebody bids, then with
    probability 0.9 (so a contract comes quickly); cards uniformly random from
    ``legal_mask()``.  Returns ``(hands per second,
    hands finished)``; redealt deals are not counted as hands.
    """
    cls = hand_class(game)
    seats = tuple(cls.seat_order)
    rules = rules_for(game)
    same = getattr(rules, "redeal_same_dealer", True)
    rng = random.Random(seed)
    rand = rng.random
    n = 0
    dealer = seats[0]
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
            dealer = _next_dealer(dealer, seats)
        else:  # passed out: deal again (the rules say by whom)
            redeals += 1
            if not same:
                dealer = _next_dealer(dealer, seats)
        now = time.perf_counter()
    return n / (now - t0), n
