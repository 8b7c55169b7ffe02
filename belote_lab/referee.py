"""The conformance-case answerer behind ``belote-lab referee FILE.jsonl``.

Each line of the input is a case (see ``docs/conformance.md`` / FORMAT.md); each answer is
one JSON line ``{"id": …, <answer keys>}``.  A case that cannot be taken gets
``"error": "invalid"`` with a message; the referee never stops on a bad case.

The file is read as bytes, line by line, and every non-blank line gets its own answer, written
(and flushed) as soon as it is computed.  A line that is not a JSON object at all — bytes that
are not UTF-8, text that is not JSON, nesting deeper than ``MAX_DEPTH``, a number of more
than ``MAX_DIGITS`` digits, ``NaN``/``Infinity``, a JSON array or number — is answered
``{"id": <its id if one could be read, else null>, "error": "invalid", "message": …}`` and the
run goes on.  A UTF-8 byte order mark at the start of the file is skipped; blank lines get no
answer; keys the referee does not use are ignored.  Answers are always strict JSON.

Exit status (:func:`serve_file`): 0 when every line was answered, also when some answers are
``invalid`` or ``illegal`` errors to well-formed cases; 1 when every line was answered but at
least one line could not be read as a JSON object; 2 when the file cannot be read (missing,
unreadable: a one-line message on standard error).

>>> answer({"id": "w", "game": "belote", "ask": "winner", "trump": "H",
...         "trick": ["8H", "KH", "7S", "KC"], "leader": "W"})
{'id': 'w', 'winner': 'N'}
>>> answer({"id": "l", "game": "belote", "ask": "legal", "trump": "S",
...         "hand": ["7C", "QH"], "trick": ["9C", "AD"], "leader": "N"})
{'id': 'l', 'legal': ['7C']}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TextIO

from belote_lab import jsonlines
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
from belote_lab.games.base import IllegalAction
from belote_lab.jsonlines import Answerer, clean_id
from belote_lab.rules import RuleOptionError, rules_for
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
    "answer",
    "run",
    "serve",
    "serve_file",
    "Invalid",
    "HANDLERS",
    "GAMES",
]

GAMES = ("belote", "coinche", "belote2", "callbreak")


class Invalid(ValueError):
    """Malformed input: the answer is ``"error": "invalid"`` with this message."""


Handler = Callable[[dict[str, Any], Any], dict[str, Any]]
HANDLERS: dict[tuple[str, str], Handler] = {}


def handles(game: str, *asks: str) -> Callable[[Handler], Handler]:
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
    HANDLERS[(_g, "legal")] = _legal
    HANDLERS[(_g, "winner")] = _winner


# --- four-player Belote ---------------------------------------------------------------------
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


@handles("belote", "score")
def _belote_score(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    from belote_lab.games.belote import BeloteHand

    tricks, hands, first = replay_tricks(case, "belote", 8)
    taker = seat_of(case, "taker", "belote")
    contract = contract_of(case, "belote")
    state = BeloteHand.from_hands(
        {SEATS[s]: h for s, h in hands.items()}, contract, taker, first, rules
    )
    bad = play_through(state, tricks)
    if bad is not None:
        return bad
    r = state.result
    assert r is not None
    out: dict[str, Any] = {"score": r.score, "points": r.points, "made": r.made}
    if r.made is None:
        out["held"] = r.held
    return out


def taking_answer(taking: Any, calls: list[Any]) -> dict[str, Any]:
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


@handles("belote", "bidding")
def _belote_bidding(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    from belote_lab.games.taking import Taking

    dealer = seat_of(case, "dealer", "belote")
    turned = cards_of({"turned": [get(case, "turned", str)]}, "turned", "belote")[0]
    calls = get(case, "calls", list)
    t = Taking(
        dealer,
        turned,
        turned_jack_forces_dealer=rules.turned_jack_forces_dealer,
        allow_no_trump=rules.allow_no_trump,
        allow_all_trump=rules.allow_all_trump,
    )
    return taking_answer(t, calls)


@handles("coinche", "declarations")
@handles("belote", "declarations")
def _declarations(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    """Declarations of the four-player games (Belote, and Coinche, which scores them too)."""
    from belote_lab.games.belote import team_declarations

    hands = get(case, "hands", dict)
    contract_of(case, case["game"])
    masks = [0, 0, 0, 0]
    groups = []
    given: dict[int, str] = {}  # seat → the key that gave it (each seat exactly once)
    for seat, cards in hands.items():
        try:
            s = parse_seat(seat)
        except CardParseError as e:
            raise Invalid(f"hands: {e}") from None
        if s in given:
            raise Invalid(
                f"hands: seat {SEATS[s]} is given twice ({given[s]!r} and {seat!r}); "
                "give each of N, E, S, W once"
            )
        given[s] = seat
        cs = cards_of({"h": cards}, "h", "belote")
        if len(cs) != 8:
            raise Invalid(f"seat {seat} must hold 8 cards, not {len(cs)}")
        groups.append(cs)
        for c in cs:
            masks[s] |= 1 << c
    missing = [SEATS[s] for s in range(4) if s not in given]
    if missing:
        raise Invalid(f"declarations need the four hands N, E, S, W; missing {', '.join(missing)}")
    no_overlap(*groups)  # 4 × 8 distinct cards: the whole 32-card deck
    return {"declarations": team_declarations(masks)}


# --- driver -------------------------------------------------------------------------------------
_LOADED: set[str] = set()


def handler_for(game: str, ask: str) -> Handler | None:
    """The handler of ``(game, ask)``; a game module may add its own in a ``REFEREE`` dict
    (ask → handler), read the first time the game is asked about."""
    if game not in _LOADED:
        _LOADED.add(game)
        import importlib

        try:
            mod = importlib.import_module(f"belote_lab.games.{game}")
        except ModuleNotFoundError:
            mod = None
        for a, fn in getattr(mod, "REFEREE", {}).items():
            HANDLERS[(game, a)] = fn
    return HANDLERS.get((game, ask))


def answer(case: Any) -> dict[str, Any]:
    """The answer to one case (never raises).

    Keys the referee does not use (``expect``, comments, any other) are ignored.  The ``id`` is
    echoed when it is a string, a number or null; any other id is answered as null with an
    ``invalid`` error that says so.
    """
    cid, id_problem = clean_id(case.get("id")) if isinstance(case, dict) else (None, None)
    out: dict[str, Any] = {"id": cid}
    try:
        if not isinstance(case, dict):
            raise Invalid("a case must be a JSON object")
        if id_problem is not None:
            raise Invalid(id_problem)
        game = get(case, "game", str)
        ask = get(case, "ask", str)
        if game not in GAMES:
            raise Invalid(f"unknown game {game!r}")
        handler = handler_for(game, ask)
        if handler is None:
            raise Invalid(f"ask {ask!r} is not answered for game {game!r}")
        try:
            rules = rules_for(game, case.get("rules") or {})
        except (RuleOptionError, TypeError) as e:
            raise Invalid(str(e)) from None
        out.update(handler(case, rules))
    except Invalid as e:
        out.update({"error": "invalid", "message": str(e)})
    except (CardParseError, IllegalAction, ValueError, TypeError, KeyError) as e:
        out.update({"error": "invalid", "message": f"{type(e).__name__}: {e}"})
    except Exception as e:  # an engine fault (or a game module that fails to import)
        # must not stop the referee: answer it as such and go on with the next case
        out.update({"error": "internal", "message": f"{type(e).__name__}: {e}"})
    return out


# --- the command: every line answered on its own (belote_lab.jsonlines) -------------------------
def serve(
    lines: Iterable[bytes | str], out: TextIO | None = None, answer_case: Answerer = answer
) -> tuple[int, int]:
    """Answer every non-blank line of ``lines`` (see :func:`belote_lab.jsonlines.serve`)."""
    return jsonlines.serve(lines, answer_case, out)


def run(lines: Iterable[bytes | str], out: TextIO | None = None) -> int:
    """Answer every case of ``lines``; returns the number of answers written."""
    return serve(lines, out)[0]


def serve_file(
    path: str,
    answer_case: Answerer = answer,
    prog: str = "belote-lab referee",
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Answer every line of the file ``path`` (``-``: standard input); returns the exit status
    (:data:`~belote_lab.jsonlines.EXIT_OK`, ``EXIT_UNREADABLE`` or ``EXIT_USAGE``)."""
    return jsonlines.serve_file(path, answer_case, prog, out, err)
