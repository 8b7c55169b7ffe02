"""Hand and game records as JSON: write, read and validate (no pickle, no eval).

The record layer of the games: it imports only the core modules, :mod:`belote_lab.games.base`
and the registry, and finds a game's classes through it (``get(name).hand_class`` and
``.match_class``), so a game added with :func:`belote_lab.games.register` has records without
touching this module.  :mod:`belote_lab.record` is the public module: it re-exports this one and
adds the run records of the ladders (:mod:`belote_lab.ladder`) and :func:`~belote_lab.record.loads`.

A **hand record** is a JSON object::

    {
      "format": "belote_lab/hand", "version": 1,
      "game": "belote",
      "rules": {"must_undertrump": true},      # only options that differ from the defaults
      "dealer": "N",
      "deck": ["7D", "AS", ...],               # the 32 cards in dealing order, or instead:
      "start": {"hands": {"N": [...], ...}, "contract": "H", "taker": "N", "first_leader": "N"},
      "reserve": 0,                            # points held from an earlier litige
      "actions": [["call", "E", "take"], ["play", "N", "JH"], ...],
      "result": {...}                          # the score (checked on reading, if present)
    }

Dealing from ``deck``: five cards each starting with the player after the dealer, the 21st
card is turned, then three more each in the same order (two for the taker, who also gets
the turned card).  A record that starts from ``start`` gives every seat's cards at the first
card; its ``dealer``, when present, must be the one its first leader implies.  Each game has
its own ``start`` keys and extra keys (``reserve`` in Belote, ``redeals`` in two-player
Belote); a key a game does not have is refused, not ignored.

A **game record** holds ``"format": "belote_lab/game"``, ``version``, ``game``, ``rules``,
``seed`` (a whole number or null), ``hands`` (hand records in order: the hands counted so far,
then the hand being played unless the game is over) and ``totals`` (the totals of the game at
that moment: whether the last hand, once finished, was counted by ``next_hand()`` is read
from them).

Only ``version`` 1 (the JSON integer) is read.  Reading replays every action through the
rules; anything malformed raises :class:`RecordError` and nothing else, naming the field
(``start.hands[2]: expected a list of 8 cards, got null``) or the place (``action`` index and
``trick`` number).  A failed read changes nothing: neither the record given nor any object.

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand(seed=5)
>>> h.call("pass"); h.call("take")
>>> h.play(h.legal_cards().__iter__().__next__())
>>> hand_from_json(hand_to_json(h)) == h
True
>>> bad = hand_to_json(h); bad["actions"][-1][2] = "ZZ"
>>> hand_from_json(bad)
Traceback (most recent call last):
...
belote_lab.games.record.RecordError: action 3 (trick 1): unknown card 'ZZ'
>>> bad = hand_to_json(h); bad["version"] = True
>>> hand_from_json(bad)
Traceback (most recent call last):
...
belote_lab.games.record.RecordError: version: unsupported version: expected 1, got true
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any, TypeVar

from belote_lab import jsonlines
from belote_lab.cards import SEATS, Card, CardParseError, cards_mask, mask_cards, parse_seat
from belote_lab.games import get, names, rules_for
from belote_lab.games.errors import IllegalAction
from belote_lab.rules import RuleOptionError
from belote_lab.trick import IllegalPlay

__all__ = [
    "RecordError",
    "hand_to_json",
    "hand_from_json",
    "undoable_copy",
    "game_to_json",
    "game_from_json",
    "save",
    "HAND_FORMAT",
    "GAME_FORMAT",
    "RUN_FORMAT",
    "VERSION",
]

HAND_FORMAT = "belote_lab/hand"
GAME_FORMAT = "belote_lab/game"
RUN_FORMAT = "belote_lab/run"
"""The format of the ladders' run records (read by :mod:`belote_lab.ladder`)."""
VERSION = 1
VERSIONS = (1,)
"""The versions this program reads (JSON integers; ``true`` or ``1.0`` are not versions)."""
MAX_TEXT = 64_000_000
"""The longest record text read, in characters."""
_MAX_MESSAGE = 800

_T = TypeVar("_T")
_MISSING: Any = object()


class RecordError(ValueError):
    """A record that cannot be read; ``action`` (0-based) and ``trick`` (1-based) say where,
    ``field`` names the offending field when there is one (``start.hands[2]``)."""

    def __init__(
        self,
        message: str,
        action: int | None = None,
        trick: int | None = None,
        field: str | None = None,
    ) -> None:
        where = ""
        if action is not None:
            where = f"action {action + 1}" + (f" (trick {trick})" if trick else "") + ": "
        text = where + message
        if len(text) > _MAX_MESSAGE:
            text = text[:_MAX_MESSAGE] + " …"
        super().__init__(text)
        self.action = action
        self.trick = trick
        self.field = field


# --- describing and checking fields ------------------------------------------------------------
def describe(value: Any) -> str:
    """A short description of a JSON value for messages: ``null``, ``the number 3``, ``the
    text 'JH'``, ``a list of 7 items`` …"""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10**40 else 41
        return f"the number {value}" if digits <= 40 else "a number with more than 40 digits"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:40] + "…"
        return f"the text {shown!r}"
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, dict):
        return f"an object with {len(value)} key{'s' if len(value) != 1 else ''}"
    return f"a {type(value).__name__}"


def expected(path: str, what: str, value: Any) -> RecordError:
    """``RecordError("<path>: expected <what>, got <value described>")``."""
    return RecordError(f"{path}: expected {what}, got {describe(value)}", field=path)


def is_whole(value: Any) -> bool:
    """A JSON whole number (``true``/``false`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    """A finite JSON number (not a boolean)."""
    if is_whole(value):
        return True
    return isinstance(value, float) and math.isfinite(value)


def int_field(
    obj: dict[str, Any],
    key: str,
    path: str,
    *,
    low: int | None = None,
    high: int | None = None,
    default: Any = _MISSING,
) -> Any:
    """``obj[key]`` as a whole number in ``low … high`` (``default`` if absent and given)."""
    if key not in obj:
        if default is _MISSING:
            raise RecordError(f"{path}: missing", field=path)
        return default
    v = obj[key]
    if low is not None and high is not None:
        what = f"a whole number from {low} to {high}"
    elif low is not None:
        what = f"a whole number ≥ {low}"
    else:
        what = "a whole number"
    if not is_whole(v) or (low is not None and v < low) or (high is not None and v > high):
        raise expected(path, what, v)
    return v


def str_field(obj: dict[str, Any], key: str, path: str, default: Any = _MISSING) -> Any:
    """``obj[key]`` as text (``default`` if absent and given)."""
    if key not in obj:
        if default is _MISSING:
            raise RecordError(f"{path}: missing", field=path)
        return default
    v = obj[key]
    if not isinstance(v, str):
        raise expected(path, "text", v)
    return v


def seat_field(value: Any, path: str, seats: Sequence[int] = (0, 1, 2, 3)) -> int:
    """A seat letter of the game (its seat indexes ``seats``) → its index."""
    letters = " ".join(SEATS[s] for s in seats)
    if not isinstance(value, str):
        raise expected(path, f"a seat ({letters})", value)
    try:
        s = parse_seat(value)
    except CardParseError as e:
        raise RecordError(f"{path}: {e} (the seats are {letters})", field=path) from None
    if s not in seats:
        raise RecordError(f"{path}: {value!r} is not a seat of this game ({letters})", field=path)
    return s


def cards_field(value: Any, path: str, count: int, deck_mask: int, deck: str) -> list[Card]:
    """A list of exactly ``count`` different cards of the deck (mask ``deck_mask``)."""
    if not isinstance(value, list) or len(value) != count:
        raise expected(path, f"a list of {count} cards", value)
    out: list[Card] = []
    seen = 0
    for i, t in enumerate(value):
        p = f"{path}[{i}]"
        if not isinstance(t, str):
            raise expected(p, "a card such as 'JH'", t)
        try:
            c = Card.parse(t)
        except CardParseError as e:
            raise RecordError(f"{p}: {e}", field=p) from None
        if not deck_mask >> c & 1:
            raise RecordError(f"{p}: {c.text} is not a card of the {deck}", field=p)
        if seen >> c & 1:
            raise RecordError(f"{p}: card {c.text!r} is given twice", field=p)
        seen |= 1 << c
        out.append(c)
    return out


def hands_field(
    value: Any, path: str, seats: Sequence[int], count: int, deck_mask: int, deck: str
) -> dict[str, list[Card]]:
    """Every seat's cards: an object keyed by the seat letters (or a list in seat order),
    ``count`` cards each, no card twice.  Returns seat letter → cards."""
    letters = [SEATS[s] for s in seats]
    if isinstance(value, dict):
        if sorted(value, key=str) != sorted(letters):
            keys = " ".join(sorted(repr(k) for k in value)[:8]) or "none"
            raise RecordError(
                f"{path}: expected the seats {' '.join(letters)} as keys, got {keys}", field=path
            )
        items = [(f"{path}.{k}", k, value[k]) for k in letters]
    elif isinstance(value, list):
        if len(value) != len(seats):
            raise expected(path, f"a list of {len(seats)} hands (seats {' '.join(letters)})", value)
        pairs = zip(letters, value, strict=True)
        items = [(f"{path}[{i}]", k, v) for i, (k, v) in enumerate(pairs)]
    else:
        raise expected(path, f"an object of cards by seat ({' '.join(letters)})", value)
    out: dict[str, list[Card]] = {}
    seen = 0
    for p, k, v in items:
        cs = cards_field(v, p, count, deck_mask, deck)
        m = cards_mask(cs)
        if m & seen:
            twice = mask_cards(m & seen)[0].text
            raise RecordError(f"{p}: card {twice!r} is dealt twice", field=p)
        seen |= m
        out[k] = cs
    return out


def check_keys(obj: dict[str, Any], allowed: Sequence[str], path: str = "") -> None:
    """Refuse a key ``obj`` may not have (nothing in a record is silently ignored)."""
    for k in obj:
        if k not in allowed:
            where = f"{path}: " if path else ""
            shown = repr(k) if isinstance(k, str) and len(k) <= 40 else describe(k)
            raise RecordError(f"{where}unknown key {shown}", field=path or None)


def need_keys(obj: dict[str, Any], keys: Sequence[str], name: str) -> None:
    for k in keys:
        if k not in obj:
            raise RecordError(f"{name!r} lacks {k!r}", field=f"{name}.{k}")


def json_equal(a: Any, b: Any) -> bool:
    """JSON equality: numbers by value, but ``true`` is not ``1`` and ``1`` is not ``"1"``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if is_number(a) and is_number(b):
        return bool(a == b)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, (dict, list, float)) or isinstance(b, (dict, list, float)):
        return False
    return type(a) is type(b) and bool(a == b)


# --- reading text --------------------------------------------------------------------------------
def parse_json(data: Any) -> Any:
    """JSON text (``str``, or UTF-8 ``bytes``) → its value; anything else is returned as is.

    Read by the strict reader of :mod:`belote_lab.jsonlines` (no NaN, no huge numbers, bounded
    nesting); every failure is a :class:`RecordError`.
    """
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if raw.startswith(b"\xef\xbb\xbf"):
            raise RecordError("not JSON: the text starts with a byte-order mark (BOM)")
        try:
            data = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            why = f"byte {e.start} cannot be read ({e.reason})"
            raise RecordError(f"not UTF-8 text: {why}") from None
    if not isinstance(data, str):
        return data
    if len(data) > MAX_TEXT:
        raise RecordError(f"the record is too long ({len(data)} characters, at most {MAX_TEXT})")
    if data.startswith("\ufeff"):
        raise RecordError("not JSON: the text starts with a byte-order mark (BOM)")
    try:
        return jsonlines.loads(data)
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON: {e}") from None
    except ValueError as e:  # StrictJSONError: nesting, a huge number, NaN
        raise RecordError(f"not JSON that can be read: {e}") from None


def guarded(read: Callable[[], _T]) -> _T:
    """Run a reader: every failure becomes a :class:`RecordError`."""
    try:
        return read()
    except RecordError:
        raise
    except (CardParseError, IllegalAction, IllegalPlay, RuleOptionError) as e:
        raise RecordError(str(e)) from None
    except RecursionError:
        raise RecordError("the record is nested too deeply") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as e:
        # not expected: every field is checked before use; still, never another exception
        raise RecordError(f"malformed record (unexpected {type(e).__name__}: {e})") from None


def rebuilt(make: Callable[[], _T]) -> _T:
    """Run ``make`` (a class's ``_from_…`` rebuilder): a refusal becomes a
    :class:`RecordError` with the same message."""
    try:
        return make()
    except RecordError:
        raise
    except (CardParseError, IllegalAction, IllegalPlay, ValueError) as e:
        raise RecordError(str(e)) from None


def check_header(data: Any, fmt: str, what: str) -> None:
    """A JSON object of format ``fmt`` (``what`` in messages: ``hand``, ``game``, ``run``) and a
    version this program reads."""
    if not isinstance(data, dict):
        raise RecordError(f"a {what} record must be a JSON object")
    if data.get("format") != fmt:
        f = data.get("format")
        shown = repr(f) if isinstance(f, str) and len(f) < 60 else describe(f)
        raise RecordError(f"not a {what} record (format {shown})", field="format")
    if "version" not in data:
        raise RecordError("missing key 'version'", field="version")
    v = data["version"]
    if not is_whole(v):
        raise RecordError(
            f"version: unsupported version: expected {VERSION}, got {describe(v)}", field="version"
        )
    if v not in VERSIONS:
        raise RecordError(
            f"version: unsupported version {v if abs(v) < 10**40 else '(huge)'} "
            f"(this program reads version {', '.join(map(str, VERSIONS))})",
            field="version",
        )


def required(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """``data[key]``, which must be there and of type ``kind``."""
    if key not in data:
        raise RecordError(f"missing key {key!r}", field=key)
    if not isinstance(data[key], kind):
        kinds = {str: "text", list: "a list", dict: "an object"}
        want = kinds.get(kind, "another type") if isinstance(kind, type) else "another type"
        raise RecordError(
            f"key {key!r} has the wrong type: expected {want}, got {describe(data[key])}",
            field=key,
        )
    return data[key]


def game_field(data: dict[str, Any], known: Collection[str]) -> str:
    """The record's ``game``: one of ``known``."""
    game = required(data, "game", str)
    if game not in known:
        shown = repr(game) if len(game) < 60 else describe(game)
        raise RecordError(f"unknown game {shown}", field="game")
    return str(game)


def rules_field(game: str, data: dict[str, Any]) -> Any:
    """The record's ``rules`` (absent or null: the defaults) as ``game``'s rule options."""
    raw = data.get("rules")
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise expected("rules", "an object of rule options", raw)
    try:
        return rules_for(game, raw)
    except (RuleOptionError, TypeError, ValueError) as e:
        raise RecordError(f"rules: {e}", field="rules") from None


def seed_field(data: dict[str, Any]) -> int | None:
    """The record's ``seed``: a whole number or null."""
    seed = data.get("seed")
    if seed is not None and not is_whole(seed):
        raise expected("seed", "a whole number or null", seed)
    return seed


def game_class(game: str, kind: str) -> Any:
    """The class of ``game``'s records of ``kind`` (``"hand_class"`` or ``"match_class"``),
    from the registry."""
    cls = getattr(get(game), kind)
    if cls is None:
        what = "hand" if kind == "hand_class" else "game"
        raise RecordError(f"game {game!r} has no {what} records", field="game")
    return cls


def short(value: Any) -> str:
    """``repr`` of a small JSON value, else its description."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return describe(value)
    return text if len(text) <= 200 else describe(value)


# --- hands --------------------------------------------------------------------------------------
HAND_KEYS = ("format", "version", "game", "rules", "dealer", "deck", "start", "actions", "result")
"""The keys of every hand record; a game adds its own (``_RECORD_KEYS`` of its hand class)."""


def hand_to_json(hand: Any) -> dict[str, Any]:
    """A hand state (any game) as a JSON-ready record."""
    data: dict[str, Any] = {
        "format": HAND_FORMAT,
        "version": VERSION,
        "game": hand.game,
        "rules": hand.rules.changed(),
        "dealer": SEATS[hand.dealer],
    }
    data.update(hand._record_start())
    data["actions"] = [list(a) for a in hand.actions]
    if hand.result is not None:
        data["result"] = hand.result.to_json()
    return data


def hand_from_json(data: dict[str, Any] | str | bytes) -> Any:
    """Rebuild a hand from a record (an object or its JSON text), checking everything;
    raises :class:`RecordError` (and nothing else) for anything malformed."""
    return guarded(lambda: read_hand(data))


def read_hand(data: Any) -> Any:
    """:func:`hand_from_json` without the guard (a failure may be another exception)."""
    data = parse_json(data)
    check_header(data, HAND_FORMAT, "hand")
    game = game_field(data, names())
    cls = game_class(game, "hand_class")
    check_keys(data, (*HAND_KEYS, *getattr(cls, "_RECORD_KEYS", ())))
    rules = rules_field(game, data)
    actions = required(data, "actions", list)
    if "deck" in data and "start" in data:
        raise RecordError("a hand record has 'deck' or 'start', not both", field="start")
    if "result" in data and data["result"] is not None and not isinstance(data["result"], dict):
        raise expected("result", "an object (the score) or null", data["result"])
    hand = rebuilt(lambda: cls._from_record_start(data, rules))
    _replay(hand, actions)
    if data.get("result") is not None:
        _check_result(hand, data["result"])
    return hand


def _replay(hand: Any, actions: list[Any]) -> None:
    """Make the record's ``actions`` on ``hand``; a refused one names its index and trick."""
    for i, act in enumerate(actions):
        trick = hand.trick_number if hand.contract is not None else None
        if not (isinstance(act, list) and len(act) == 3 and all(isinstance(x, str) for x in act)):
            raise RecordError(f"malformed action {short(act)}", i, trick, f"actions[{i}]")
        kind, seat, value = act
        try:
            if kind == "play":
                hand.play(value, seat)
            elif kind == "call":
                hand.call(value, seat)
            else:
                hand._record_action(kind, seat, value)
        except (CardParseError, IllegalAction, IllegalPlay, ValueError) as e:
            raise RecordError(str(e), i, trick, f"actions[{i}]") from None


def _check_result(hand: Any, recorded: Any) -> None:
    """The recorded result must be the replayed hand's."""
    if hand.result is None:
        raise RecordError("the record has a result but its hand is not finished", field="result")
    if not json_equal(hand.result.to_json(), recorded):
        raise RecordError(
            f"the recorded result {short(recorded)} differs from the replayed one "
            f"{hand.result.to_json()}",
            field="result",
        )


# --- games --------------------------------------------------------------------------------------
def nested(
    records: list[Any], game_name: str, whole: str, part: str, key: str,
    load: Callable[[Any], Any],
) -> list[Any]:
    """The records nested in a game (its hands) or a run (its games), each of ``game_name``,
    loaded by ``load``; a failure names the part (``hand 3: …``, field ``hands[2]``)."""
    out = []
    for k, rec in enumerate(records):
        if isinstance(rec, dict) and rec.get("game") != game_name:
            raise RecordError(
                f"{part} {k + 1}: a {game_name} {whole} holds {game_name} {part}s, "
                f"not {describe(rec.get('game'))}",
                field=f"{key}[{k}].game",
            )
        try:
            out.append(load(rec))
        except RecordError as e:
            err = RecordError(f"{part} {k + 1}: {e}", field=f"{key}[{k}]")
            err.action, err.trick = e.action, e.trick
            raise err from None
    return out


GAME_KEYS = ("format", "version", "game", "rules", "seed", "hands", "totals")


def game_to_json(game: Any) -> dict[str, Any]:
    """A whole game as a record: its finished hands and the current one."""
    hands = [hand_to_json(h) for h in game.hands]
    if not game.is_over:
        hands.append(hand_to_json(game.hand))
    return {
        "format": GAME_FORMAT,
        "version": VERSION,
        "game": game.hand.game,
        "rules": game.rules.changed(),
        "seed": game.seed,
        "hands": hands,
        "totals": dict(game.totals),
    }


def game_from_json(data: dict[str, Any] | str | bytes) -> Any:
    """Rebuild a game from a record; every hand is replayed and the totals checked."""
    return guarded(lambda: read_game(data))


def read_game(data: Any) -> Any:
    """:func:`game_from_json` without the guard (a failure may be another exception)."""
    data = parse_json(data)
    check_header(data, GAME_FORMAT, "game")
    game_name = game_field(data, names())
    cls = game_class(game_name, "match_class")
    check_keys(data, GAME_KEYS)
    rules = rules_field(game_name, data)
    seed = seed_field(data)
    records = required(data, "hands", list)
    if not records:
        raise RecordError("a game record needs at least one hand", field="hands")
    if "totals" not in data:
        raise RecordError("missing key 'totals'", field="totals")
    totals = data["totals"]
    hands = nested(records, game_name, "game", "hand", "hands", read_hand)
    g = rebuilt(lambda: cls._from_hands(rules, seed, hands))
    _check_totals(g, totals)
    return g


def _check_totals(g: Any, totals: Any) -> None:
    """The recorded totals must be the replayed game's (counting its finished last hand when
    they include it: ``next_hand()`` was called)."""
    sides = list(g.totals)
    if (
        not isinstance(totals, dict)
        or sorted(totals, key=str) != sorted(sides)
        or not all(is_number(v) for v in totals.values())
    ):
        raise expected("totals", f"an object of numbers by side ({' '.join(sides)})", totals)
    if not g.is_over and g.hand.is_over and not json_equal(totals, g.totals):
        # the last hand is finished and the recorded totals count it: next_hand() was called
        g.next_hand()
    if not json_equal(totals, g.totals):
        raise RecordError(
            f"recorded totals {short(totals)} differ from replayed {g.totals}", field="totals"
        )


# --- files --------------------------------------------------------------------------------------
def save(obj: Any, path: str | Path) -> None:
    """Write a hand, a game or a run as JSON (the text is made before the file is opened)."""
    data = obj.to_json()
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    Path(path).write_text(text, encoding="utf-8")


def undoable_copy(hand_or_record: Any) -> Any:
    """A copy of a whole hand (a hand object, or its record: a dict, JSON text or bytes) whose
    every action can be undone: a record is read and replayed, and so is a hand whose undo is
    refused (a hand counted in its game).  A seat's observation is refused: it hides the other
    hands.  (What the review and the call review step back through.)"""
    if isinstance(hand_or_record, (dict, str, bytes)):
        return hand_from_json(hand_or_record)
    if getattr(hand_or_record, "observer", None) is not None:
        raise ValueError("a seat's observation hides the other hands: review the whole hand")
    state = hand_or_record.copy()
    if state.actions and state.undo_refused() is not None:
        state = hand_from_json(hand_to_json(hand_or_record))
    return state
