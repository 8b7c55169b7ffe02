"""What every game's referee handlers share: reading a case, replaying its tricks, and the
asks every game answers the same way (``legal``, ``winner``).

A handler takes ``(case, rules)`` and returns the answer's keys; malformed input raises
:class:`Invalid`.  :func:`handles` registers a handler in :data:`HANDLERS` under
``(game, ask)``; each game's own handlers live in ``belote_lab.referee.<game>``.

>>> get({"trump": "H"}, "trump", str)
'H'
>>> get({}, "trump")
Traceback (most recent call last):
...
belote_lab.referee.common.Invalid: missing key 'trump'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from belote_lab.cards import SEATS, Card, CardParseError, parse_cards, parse_seat
from belote_lab.contract import Contract, ContractKind
from belote_lab.games import GAMES  # the shipped games, re-exported by the referee
from belote_lab.games import get as get_game
from belote_lab.games.base import TrickPlay
from belote_lab.games.spec import Game
from belote_lab.trick import FollowRules, IllegalPlay, legal_mask, trick_winner

__all__ = [
    "GAMES",
    "HANDLERS",
    "COMMON",
    "Handler",
    "Invalid",
    "cards_of",
    "contract_of",
    "deck_mask",
    "follow_of",
    "game_of",
    "get",
    "handles",
    "illegal_answer",
    "legal",
    "most_cards",
    "no_overlap",
    "play_through",
    "points_answer",
    "scored",
    "players_of",
    "replay_tricks",
    "seat_after",
    "seat_keyed",
    "seat_of",
    "taking_answer",
    "winner",
]


class Invalid(ValueError):
    """Malformed input: the answer is ``"error": "invalid"`` with this message."""


Handler = Callable[[dict[str, Any], Any], dict[str, Any]]
HANDLERS: dict[tuple[str, str], Handler] = {}


def handles(game: str, *asks: str) -> Callable[[Handler], Handler]:
    """Register the decorated handler for each ``(game, ask)``."""

    def deco(fn: Handler) -> Handler:
        for a in asks:
            HANDLERS[(game, a)] = fn
        return fn

    return deco


# --- reading helpers ------------------------------------------------------------------------------
def get(case: dict[str, Any], key: str, kind: type | tuple[type, ...] = object) -> Any:
    if key not in case:
        raise Invalid(f"missing key {key!r}")
    v = case[key]
    if not isinstance(v, kind):
        raise Invalid(f"key {key!r} has the wrong type")
    return v


def game_of(game: str | Game) -> Game:
    """The game named ``game`` (a :class:`~belote_lab.games.spec.Game` is returned as is)."""
    return get_game(game)


def deck_mask(game: str | Game) -> int:
    return game_of(game).deck_mask


def cards_of(case: dict[str, Any], key: str, game: str | Game) -> list[Card]:
    value = get(case, key, list)
    try:
        cards = parse_cards(value)
    except (CardParseError, TypeError) as e:
        raise Invalid(f"{key}: {e}") from None
    dm = deck_mask(game)
    for c in cards:
        if not dm >> c & 1:
            raise Invalid(f"{key}: {c.text} is not a card of this game's deck")
    return cards


def _listed(words: list[str]) -> str:
    """``N and S``, ``N, E and S``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def seat_of(case: dict[str, Any], key: str, game: str | Game) -> int:
    try:
        s = parse_seat(get(case, key, str))
    except CardParseError as e:
        raise Invalid(f"{key}: {e}") from None
    g = game_of(game)
    if s not in g.seats:
        raise Invalid(f"{key}: {g.title} uses seats {_listed([SEATS[x] for x in g.seats])} only")
    return s


def seat_keyed(case: dict[str, Any], key: str, game: str | Game) -> dict[int, tuple[str, Any]]:
    """The object ``case[key]`` keyed by seats (``{"N": …, "e": …}``) as seat index → (the key
    as given, its value); each seat at most once: a seat given twice (``"N"`` and ``"n"``, the
    same seat) is refused, never read as the last value.

    >>> seat_keyed({"calls": {"N": 3, "e": 4}}, "calls", "callbreak")
    {0: ('N', 3), 1: ('e', 4)}
    >>> seat_keyed({"calls": {"N": 3, "n": 8}}, "calls", "callbreak")
    Traceback (most recent call last):
    ...
    belote_lab.referee.common.Invalid: calls: seat N is given twice ('N' and 'n'); give each \
of N, E, S and W once
    """
    raw = get(case, key, dict)
    g = game_of(game)
    out: dict[int, tuple[str, Any]] = {}
    for k, value in raw.items():
        try:
            s = parse_seat(k)
        except CardParseError as e:
            raise Invalid(f"{key}: {e}") from None
        if s not in g.seats:
            seats = _listed([SEATS[x] for x in g.seats])
            raise Invalid(f"{key}: {g.title} uses seats {seats} only")
        if s in out:
            raise Invalid(
                f"{key}: seat {SEATS[s]} is given twice ({out[s][0]!r} and {k!r}); "
                f"give each of {_listed([SEATS[x] for x in g.seats])} once"
            )
        out[s] = (k, value)
    return out


_KIND_WORDS = {
    ContractKind.SUIT: "trump-suit",
    ContractKind.NO_TRUMP: "no-trump",
    ContractKind.ALL_TRUMP: "all-trump",
}


def contract_of(case: dict[str, Any], game: str | Game) -> Contract:
    """The case's contract: its ``trump`` (a suit, ``NT``, ``AT``), one of the game's; a game
    with one contract and no trump suit to choose (Callbreak) reads no ``trump``."""
    g = game_of(game)
    if len(g.contracts) == 1 and ContractKind.SUIT not in g.contracts:
        return Contract.parse(next(iter(g.contracts)).value)
    t = get(case, "trump", str)
    try:
        c = Contract.parse(t)
    except CardParseError as e:
        raise Invalid(str(e)) from None
    if c.kind is ContractKind.CALLBREAK and c.kind not in g.contracts:
        raise Invalid(f"trump {t!r} is not a Belote contract")
    if c.kind not in g.contracts:
        missing = " or ".join(w for k, w in _KIND_WORDS.items() if k not in g.contracts)
        raise Invalid(f"{g.title} has no {missing} contracts")
    return c


def no_overlap(*groups: list[Card]) -> None:
    seen = 0
    for g in groups:
        for c in g:
            if seen >> c & 1:
                raise Invalid(f"card {c.text} appears twice")
            seen |= 1 << c


def most_cards(game: str | Game) -> int:
    """The most cards a player of ``game`` holds: the deal's, one a trick (two players: the
    nine held while the stock lasts).  A ``legal`` case may give fewer (only the cards that
    matter), never more.

    >>> [most_cards(g) for g in GAMES]
    [8, 8, 9, 13]
    """
    return game_of(game).hand_size


def players_of(game: str | Game) -> int:
    return game_of(game).players


def seat_after(seat: int, k: int, game: str | Game) -> int:
    return game_of(game).next_seat(seat, k)


def follow_of(game: str | Game, rules: Any, stock: int = 0) -> FollowRules:
    return game_of(game).follow(rules, stock)


# --- asks common to every game ----------------------------------------------------------------
def _stock_of(case: dict[str, Any], g: Game) -> int:
    """The cards left in the stock of a game that has one (0 in the others)."""
    if not g.has_stock:
        return 0
    stock = get(case, "stock", int)
    most = g.deck_mask.bit_count() - g.players * g.hand_size  # the stock at the first trick
    even = "an even number" if g.players == 2 else f"a multiple of {g.players}"
    if isinstance(stock, bool) or not 0 <= stock <= most or stock % g.players:
        raise Invalid(f"stock must be {even} from 0 to {most}")
    return stock


def legal(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    """The ``legal`` answer: the cards of ``hand`` that may be played to ``trick``."""
    game = case["game"]
    g = game_of(game)
    hand = cards_of(case, "hand", g)
    trick = cards_of(case, "trick", g)
    seat_of(case, "leader", g)
    no_overlap(hand, trick)
    if not hand:
        raise Invalid("the hand is empty")
    if len(trick) >= g.players:
        raise Invalid("the trick is already complete")
    contract = contract_of(case, g)
    stock = _stock_of(case, g)
    most = g.hand_size
    if len(hand) > most:
        raise Invalid(f"a {game} hand holds at most {most} cards, not {len(hand)}")
    mask = 0
    for c in hand:
        mask |= 1 << c
    ok, _, _ = legal_mask(mask, trick, contract.tables, g.follow(rules, stock))
    return {"legal": [c.text for c in hand if ok >> c & 1]}


def winner(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    """The ``winner`` answer: the seat that wins the complete ``trick``."""
    g = game_of(case["game"])
    trick = cards_of(case, "trick", g)
    leader = seat_of(case, "leader", g)
    no_overlap(trick)
    if len(trick) != g.players:
        raise Invalid(f"a complete trick has {g.players} cards")
    w = trick_winner(trick, contract_of(case, g))
    return {"winner": SEATS[g.next_seat(leader, w)]}


COMMON: dict[str, Handler] = {"legal": legal, "winner": winner}
"""The asks every game answers the same way (a game's own handler, if any, comes first)."""


# --- replaying a whole hand -----------------------------------------------------------------------
def replay_tricks(
    case: dict[str, Any], game: str | Game, n_tricks: int | None = None
) -> tuple[list[list[Card]], dict[int, list[Card]], int]:
    """Read ``tricks`` and ``first_leader`` and work out each seat's hand from the play
    (``n_tricks`` tricks: by default, the game's whole hand).

    Returns ``(tricks, hands, first_leader)``; who plays each card follows from the winners.
    """
    g = game_of(game)
    if n_tricks is None:
        n_tricks = g.tricks
    raw = get(case, "tricks", list)
    first = seat_of(case, "first_leader", g)
    n = g.players
    if len(raw) != n_tricks:
        raise Invalid(f"a hand has {n_tricks} tricks, not {len(raw)}")
    tricks: list[list[Card]] = []
    for k, t in enumerate(raw):
        if not isinstance(t, list) or len(t) != n:
            raise Invalid(f"trick {k + 1} must have {n} cards")
        try:
            tricks.append(parse_cards(t))
        except (CardParseError, TypeError) as e:
            raise Invalid(f"trick {k + 1}: {e}") from None
    no_overlap(*tricks)
    dm = g.deck_mask
    for t in tricks:
        for c in t:
            if not dm >> c & 1:
                raise Invalid(f"{c.text} is not a card of this game's deck")
    contract = contract_of(case, g)
    hands: dict[int, list[Card]] = {}
    leader = first
    for t in tricks:
        for i, c in enumerate(t):
            hands.setdefault(g.next_seat(leader, i), []).append(c)
        leader = g.next_seat(leader, trick_winner(t, contract))
    return tricks, hands, first


def illegal_answer(e: IllegalPlay, trick: int, card: Card) -> dict[str, Any]:
    return {"error": "illegal", "trick": trick, "card": card.text, "message": str(e)}


def play_through(state: TrickPlay, tricks: list[list[Card]]) -> dict[str, Any] | None:
    """Play every card; the first refused card gives the ``illegal`` answer."""
    for k, t in enumerate(tricks):
        for c in t:
            try:
                state.play(c)
            except IllegalPlay as e:
                return illegal_answer(e, k + 1, c)
    return None


def points_answer(result: Any) -> dict[str, Any]:
    """The ``score`` answer of a Belote-family hand's result: its score, card points and
    whether the contract was made."""
    return {"score": result.score, "points": result.points, "made": result.made}


def scored(state: TrickPlay, tricks: list[list[Card]],
           answer: Callable[[Any], dict[str, Any]] = points_answer) -> dict[str, Any]:
    """Play ``tricks`` on ``state`` (:func:`play_through`): the ``illegal`` answer of the first
    refused card, else ``answer`` of the finished hand's result (the ``score`` ask of every
    game)."""
    bad = play_through(state, tricks)
    if bad is not None:
        return bad
    r = state.result
    assert r is not None
    return answer(r)


def taking_answer(taking: Any, calls: list[Any]) -> dict[str, Any]:
    """Make the ``calls`` on ``taking``: the first refused call gives the ``illegal`` answer,
    else the contract taken, a redeal or the seat to call next."""
    from belote_lab.games.taking import TakingError

    for k, c in enumerate(calls):
        try:
            taking.call(c)
        except TakingError:
            return {"error": "illegal", "call": k + 1}
    res = taking.result
    if res is None:
        return {"next": SEATS[taking.next_seat]}
    if res[0] == "redeal":
        return {"redeal": True}
    return {"contract": {"taker": SEATS[res[1]], "trump": res[2]}}
