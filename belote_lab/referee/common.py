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

from belote_lab.cards import (
    BELOTE_MASK,
    FULL_MASK,
    SEATS,
    Card,
    CardParseError,
    parse_cards,
    parse_seat,
)
from belote_lab.contract import Contract, ContractKind
from belote_lab.games import GAMES  # the one list of games
from belote_lab.trick import (
    BELOTE2_FREE,
    BELOTE2_STRICT,
    CALLBREAK_FOLLOW,
    FollowRules,
    IllegalPlay,
    legal_mask,
    trick_winner,
)

__all__ = [
    "GAMES",
    "HANDLERS",
    "Handler",
    "Invalid",
    "cards_of",
    "contract_of",
    "deck_mask",
    "follow_of",
    "get",
    "handles",
    "illegal_answer",
    "most_cards",
    "no_overlap",
    "play_through",
    "players_of",
    "replay_tricks",
    "seat_after",
    "seat_of",
    "taking_answer",
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


def deck_mask(game: str) -> int:
    return FULL_MASK if game == "callbreak" else BELOTE_MASK


def cards_of(case: dict[str, Any], key: str, game: str) -> list[Card]:
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


def seat_of(case: dict[str, Any], key: str, game: str) -> int:
    try:
        s = parse_seat(get(case, key, str))
    except CardParseError as e:
        raise Invalid(f"{key}: {e}") from None
    if game == "belote2" and s not in (0, 2):
        raise Invalid(f"{key}: two-player Belote uses seats N and S only")
    return s


def contract_of(case: dict[str, Any], game: str) -> Contract:
    if game == "callbreak":
        return Contract.parse("callbreak")
    t = get(case, "trump", str)
    try:
        c = Contract.parse(t)
    except CardParseError as e:
        raise Invalid(str(e)) from None
    if c.kind is ContractKind.CALLBREAK:
        raise Invalid(f"trump {t!r} is not a Belote contract")
    if game == "belote2" and c.kind is not ContractKind.SUIT:
        raise Invalid("two-player Belote has no no-trump or all-trump contracts")
    return c


def no_overlap(*groups: list[Card]) -> None:
    seen = 0
    for g in groups:
        for c in g:
            if seen >> c & 1:
                raise Invalid(f"card {c.text} appears twice")
            seen |= 1 << c


def most_cards(game: str) -> int:
    """The most cards a player of ``game`` holds: the deal's, one a trick (two players: the
    nine held while the stock lasts).  A ``legal`` case may give fewer (only the cards that
    matter), never more.

    >>> [most_cards(g) for g in GAMES]
    [8, 8, 9, 13]
    """
    from belote_lab.games import game_module

    mod = game_module(game)
    return int(getattr(mod, "HAND_SIZE", mod.HAND_CLASS.tricks_per_hand))


def players_of(game: str) -> int:
    return 2 if game == "belote2" else 4


def seat_after(seat: int, k: int, game: str) -> int:
    return (seat + 2 * k) % 4 if game == "belote2" else (seat + k) % 4


def follow_of(game: str, rules: Any, stock: int = 0) -> FollowRules:
    if game == "callbreak":
        return CALLBREAK_FOLLOW
    if game == "belote2":
        return BELOTE2_FREE if stock > 0 else BELOTE2_STRICT
    from belote_lab.games.belote import follow_rules

    return follow_rules(rules.must_undertrump)


# --- asks common to every game ----------------------------------------------------------------
def _legal(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    game = case["game"]
    hand = cards_of(case, "hand", game)
    trick = cards_of(case, "trick", game)
    seat_of(case, "leader", game)
    no_overlap(hand, trick)
    if not hand:
        raise Invalid("the hand is empty")
    if len(trick) >= players_of(game):
        raise Invalid("the trick is already complete")
    contract = contract_of(case, game)
    stock = 0
    if game == "belote2":
        stock = get(case, "stock", int)
        if isinstance(stock, bool) or not 0 <= stock <= 14 or stock % 2:
            raise Invalid("stock must be an even number from 0 to 14")
    most = most_cards(game)
    if len(hand) > most:
        raise Invalid(f"a {game} hand holds at most {most} cards, not {len(hand)}")
    mask = 0
    for c in hand:
        mask |= 1 << c
    legal, _, _ = legal_mask(mask, trick, contract.tables, follow_of(game, rules, stock))
    return {"legal": [c.text for c in hand if legal >> c & 1]}


def _winner(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    game = case["game"]
    trick = cards_of(case, "trick", game)
    leader = seat_of(case, "leader", game)
    no_overlap(trick)
    if len(trick) != players_of(game):
        raise Invalid(f"a complete trick has {players_of(game)} cards")
    w = trick_winner(trick, contract_of(case, game))
    return {"winner": SEATS[seat_after(leader, w, game)]}


for _g in GAMES:
    handles(_g, "legal")(_legal)
    handles(_g, "winner")(_winner)


# --- replaying a whole hand -----------------------------------------------------------------------
def replay_tricks(
    case: dict[str, Any], game: str, n_tricks: int
) -> tuple[list[list[Card]], dict[int, list[Card]], int]:
    """Read ``tricks`` and ``first_leader`` and work out each seat's hand from the play.

    Returns ``(tricks, hands, first_leader)``; who plays each card follows from the winners.
    """
    raw = get(case, "tricks", list)
    first = seat_of(case, "first_leader", game)
    n = players_of(game)
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
    dm = deck_mask(game)
    for t in tricks:
        for c in t:
            if not dm >> c & 1:
                raise Invalid(f"{c.text} is not a card of this game's deck")
    contract = contract_of(case, game)
    hands: dict[int, list[Card]] = {}
    leader = first
    for t in tricks:
        for i, c in enumerate(t):
            hands.setdefault(seat_after(leader, i, game), []).append(c)
        leader = seat_after(leader, trick_winner(t, contract), game)
    return tricks, hands, first


def illegal_answer(e: IllegalPlay, trick: int, card: Card) -> dict[str, Any]:
    return {"error": "illegal", "trick": trick, "card": card.text, "message": str(e)}


def play_through(state: Any, tricks: list[list[Card]]) -> dict[str, Any] | None:
    """Play every card; the first refused card gives the ``illegal`` answer."""
    for k, t in enumerate(tricks):
        for c in t:
            try:
                state.play(c)
            except IllegalPlay as e:
                return illegal_answer(e, k + 1, c)
    return None


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
