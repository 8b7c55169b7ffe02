"""The conformance-case answerer behind ``belote-lab referee FILE.jsonl``.

Each line of the input is a case (see ``docs/conformance.md`` / FORMAT.md); each answer is
one JSON line ``{"id": …, <answer keys>}``.  A case that cannot be taken gets
``"error": "invalid"`` with a message; the referee never stops on a bad case.

The file is read as bytes, line by line, and every non-blank line gets its own answer, written
(and flushed) as soon as it is computed.  A line that is not a JSON object at all — bytes that
are not UTF-8, text that is not JSON, nesting deeper than :data:`MAX_DEPTH`, a number of more
than :data:`MAX_DIGITS` digits, ``NaN``/``Infinity``, a JSON array or number — is answered
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

import contextlib
import json
import math
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

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
    "parse_line",
    "loads",
    "BadLine",
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


# --- reading lines: strict JSON, bounded, one answer a line -------------------------------------
# Shared with ``belote-lab solve`` (belote_lab.solver.cli_solve).
MAX_DEPTH = 100
"""Deepest nesting of arrays and objects read in a line (JSON nested deeper is refused
before it is parsed: the parser would otherwise recurse without bound)."""
MAX_DIGITS = 100
"""Most digits of a number read in a line (Python refuses integers of more than 4300 digits
with a ValueError, and such numbers mean nothing in a case anyway)."""

EXIT_OK = 0
"""Every line was answered (some answers may be errors: ``invalid`` or ``illegal``)."""
EXIT_UNREADABLE = 1
"""Every line was answered, but at least one line was not a JSON object at all (bytes that
are not UTF-8, not JSON, nested too deep, a number too long, a JSON array or number)."""
EXIT_USAGE = 2
"""The file could not be read (missing, unreadable): a one-line message on stderr."""

_BOM = "\ufeff"
_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
_REFUSED = object()  # what the lenient hooks of _id_of() read a refused value as


class BadLine(ValueError):
    """A line that cannot be read as a JSON object; ``id`` is the case's id if one could be
    read despite the problem, else ``None``."""

    def __init__(self, message: str, cid: Any = None) -> None:
        super().__init__(message)
        self.id = cid


class _Refused(ValueError):
    """A value :func:`loads` refuses (a number too long or too large, NaN, Infinity)."""


class _TooDeep(ValueError):
    """Nesting deeper than :data:`MAX_DEPTH`."""


def json_kind(value: Any) -> str:
    """What a JSON value is, in words.

    >>> [json_kind(v) for v in ([1], {}, "x", 2, True, None, float("nan"))]
    ['an array', 'an object', 'a string', 'a number', 'true', 'null', 'NaN']
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        return "a number" if math.isfinite(value) else ("-" if value < 0 else "") + "Infinity"
    return type(value).__name__


def clean_id(value: Any) -> tuple[Any, str | None]:
    """The id to echo for ``value`` and what is wrong with it (``None``: nothing).

    An id is a string, a number (finite, at most :data:`MAX_DIGITS` digits) or null; any other
    value is echoed as null, so that every answer is strict JSON.

    >>> clean_id("a1"), clean_id(7), clean_id(None)
    (('a1', None), (7, None), (None, None))
    >>> clean_id(float("nan"))
    (None, 'the id must be a string, a number or null, not NaN (answered as null)')
    """
    if value is None or isinstance(value, str):
        return value, None
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) < 10**MAX_DIGITS:
            return value, None
        return None, f"the id is a number of more than {MAX_DIGITS} digits (answered as null)"
    if isinstance(value, float) and math.isfinite(value):
        return value, None
    kind = json_kind(value)
    return None, f"the id must be a string, a number or null, not {kind} (answered as null)"


def nesting_exceeds(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the arrays and objects of ``text`` nest deeper than ``limit`` levels, counted
    without parsing (brackets inside strings do not count).

    >>> nesting_exceeds('[[1], {"a": "[[[["}]', 2), nesting_exceeds("[[[]]]", 2)
    (False, True)
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for m in _STRING_OR_BRACKET.finditer(text):
        ch = m.group()
        if ch in ("[", "{"):
            depth += 1
            if depth > limit:
                return True
        elif ch in ("]", "}"):
            depth -= 1
    return False


def _digits(text: str) -> int:
    return sum(ch.isdigit() for ch in text)


def _int(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_DIGITS:
        raise _Refused(f"a number has more than {MAX_DIGITS} digits")
    return int(text)


def _float(text: str) -> float:
    if _digits(text) > MAX_DIGITS:
        raise _Refused(f"a number has more than {MAX_DIGITS} digits")
    x = float(text)
    if not math.isfinite(x):
        raise _Refused(f"the number {text[:40]} is too large")
    return x


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON value")


def loads(text: str) -> Any:
    """Strict JSON: no ``NaN``/``Infinity``, no number of more than :data:`MAX_DIGITS` digits or
    out of the float range, no nesting deeper than :data:`MAX_DEPTH`.  Raises ``ValueError``
    (``json.JSONDecodeError`` for text that is not JSON).

    >>> loads('{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    >>> loads("[NaN]")
    Traceback (most recent call last):
    ...
    belote_lab.referee._Refused: NaN is not a JSON value
    """
    if nesting_exceeds(text):
        raise _TooDeep(f"nests deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except RecursionError:  # not reached after nesting_exceeds(); kept as a safety net
        raise _TooDeep(f"nests deeper than {MAX_DEPTH} levels") from None


def _lenient(text: str) -> Any:
    if _digits(text) > MAX_DIGITS:
        return _REFUSED
    x = float(text)
    return x if math.isfinite(x) else _REFUSED


def _id_of(text: str) -> tuple[Any, bool]:
    """The id of a line refused for another reason (``None`` if none can be read), and whether
    the id itself is the refused value."""
    if nesting_exceeds(text):
        return None, False
    try:
        value = json.loads(
            text,
            parse_int=lambda t: int(t) if len(t) <= MAX_DIGITS + 1 else _REFUSED,
            parse_float=_lenient,
            parse_constant=lambda _: _REFUSED,
        )
    except (ValueError, RecursionError):
        return None, False
    if not isinstance(value, dict):
        return None, False
    cid = value.get("id")
    if cid is _REFUSED:
        return None, True
    return clean_id(cid)[0], False


def parse_line(raw: bytes | str, lineno: int | None = None) -> dict[str, Any]:
    """One line (bytes or text) as a JSON object, or :class:`BadLine` saying in plain words
    what is wrong (``lineno`` numbers the line in the message).

    >>> parse_line(b'{"id": 1}', 3)
    {'id': 1}
    >>> parse_line(b'[1, 2]', 4)
    Traceback (most recent call last):
    ...
    belote_lab.referee.BadLine: line 4 is an array, not a JSON object
    """
    where = f"line {lineno}" if lineno is not None else "the line"
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            cid, _ = _id_of(raw.decode("utf-8", errors="replace"))
            if isinstance(cid, str) and "\ufffd" in cid:  # the bad byte is in the id itself
                cid = None
            raise BadLine(
                f"{where} is not UTF-8 text (byte 0x{raw[e.start]:02x} at position {e.start + 1})",
                cid,
            ) from None
    else:
        text = raw
    try:
        value = loads(text)
    except json.JSONDecodeError as e:
        raise BadLine(f"{where} is not valid JSON: {e.msg} (column {e.colno})") from None
    except _TooDeep as e:
        raise BadLine(f"{where} {e}") from None
    except _Refused as e:
        cid, in_id = _id_of(text)
        more = " (in the id, answered as null)" if in_id else ""
        raise BadLine(f"{where} cannot be read: {e}{more}", cid) from None
    except ValueError as e:  # anything else the parser refuses
        raise BadLine(f"{where} is not valid JSON: {e}") from None
    if not isinstance(value, dict):
        raise BadLine(f"{where} is {json_kind(value)}, not a JSON object")
    return value


Answerer = Callable[[dict[str, Any]], dict[str, Any]]


def _strip_bom(raw: bytes | str) -> bytes | str:
    if isinstance(raw, bytes):
        return raw[3:] if raw.startswith(_BOM.encode("utf-8")) else raw
    return raw[1:] if raw.startswith(_BOM) else raw


def _strip_end(raw: bytes | str) -> bytes | str:
    """The line without its end (``\n`` or ``\r\n``): the same line read from a file or
    given without its end gets the same answer."""
    if isinstance(raw, bytes):
        return raw.removesuffix(b"\n").removesuffix(b"\r")
    return raw.removesuffix("\n").removesuffix("\r")


def answer_lines(
    lines: Iterable[bytes | str], answer_case: Answerer = answer
) -> Iterator[tuple[dict[str, Any], bool]]:
    """For every non-blank line, in order, as soon as it is read: its answer and whether the
    line was a JSON object.  A line that is not gets ``{"id": …, "error": "invalid",
    "message": …}``; a UTF-8 byte order mark at the start of the first line is skipped."""
    for n, raw in enumerate(lines, 1):
        line = _strip_end(_strip_bom(raw) if n == 1 else raw)
        if not line.strip():
            continue
        try:
            case = parse_line(line, n)
        except BadLine as e:
            yield {"id": e.id, "error": "invalid", "message": str(e)}, False
            continue
        try:
            ans = answer_case(case)
        except Exception as e:  # the answerer's own fault: answered, and the run goes on
            cid = clean_id(case.get("id"))[0]
            ans = {"id": cid, "error": "internal", "message": f"{type(e).__name__}: {e}"}
        yield ans, True


def dump_answer(ans: dict[str, Any], ascii_only: bool = False) -> str:
    """One answer as one line of strict JSON (never ``NaN`` or ``Infinity``).

    >>> json.loads(dump_answer({"id": None, "x": float("nan")}))["error"]
    'internal'
    """
    try:
        return json.dumps(ans, ensure_ascii=ascii_only, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as e:
        cid = clean_id(ans.get("id"))[0]
        msg = f"the answer is not strict JSON: {e}"
        return json.dumps({"id": cid, "error": "internal", "message": msg}, ensure_ascii=ascii_only)


def write_answer(ans: dict[str, Any], out: TextIO) -> None:
    """Write one answer line and flush it.  Text that is not valid UTF-8 (a lone surrogate
    read from a ``\\ud800`` escape) or that ``out`` cannot encode is written with ASCII
    escapes instead."""
    text = dump_answer(ans) + "\n"
    try:
        text.encode("utf-8")
        out.write(text)
    except UnicodeEncodeError:
        out.write(dump_answer(ans, ascii_only=True) + "\n")
    out.flush()


def serve(
    lines: Iterable[bytes | str], out: TextIO | None = None, answer_case: Answerer = answer
) -> tuple[int, int]:
    """Answer every non-blank line of ``lines`` on ``out`` (default: standard output), each
    answer written as soon as it is computed; returns ``(answers written, lines that were not
    a JSON object)``."""
    stream = sys.stdout if out is None else out
    answered = unreadable = 0
    for ans, readable in answer_lines(lines, answer_case):
        write_answer(ans, stream)
        answered += 1
        unreadable += not readable
    return answered, unreadable


def run(lines: Iterable[bytes | str], out: TextIO | None = None) -> int:
    """Answer every case of ``lines``; returns the number of answers written."""
    return serve(lines, out)[0]


class _ReadError(Exception):
    """Reading the input failed part way (an ``OSError`` of the file, not of the output)."""


def _reading(stream: Iterable[Any]) -> Iterator[Any]:
    it = iter(stream)
    while True:
        try:
            line = next(it)
        except StopIteration:
            return
        except OSError as e:
            raise _ReadError(e.strerror or str(e)) from e
        yield line


def serve_file(
    path: str,
    answer_case: Answerer = answer,
    prog: str = "belote-lab referee",
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Answer every line of the file ``path`` (``-``: standard input), read as bytes; returns
    the exit status: :data:`EXIT_OK`, :data:`EXIT_UNREADABLE` or :data:`EXIT_USAGE`."""
    errs = sys.stderr if err is None else err
    with contextlib.ExitStack() as stack:
        stream: Any
        if path == "-":
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            if stream is None:
                print(f"{prog}: error: there is no standard input to read", file=errs)
                return EXIT_USAGE
        else:
            try:
                stream = stack.enter_context(open(path, "rb"))
            except OSError as e:
                print(f"{prog}: error: cannot read {path}: {e.strerror or e}", file=errs)
                return EXIT_USAGE
        try:
            _, unreadable = serve(_reading(stream), out, answer_case)
        except _ReadError as e:
            print(f"{prog}: error: cannot read {path} to the end: {e}", file=errs)
            return EXIT_USAGE
    return EXIT_UNREADABLE if unreadable else EXIT_OK
