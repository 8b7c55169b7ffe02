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
card; its ``dealer`` must be the one its first leader implies.  ``dealer`` is required in
every hand record (a record without it is refused, never read as dealt by N).  Each game has
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
``str(e)`` is English; ``e.text("ko")`` says the same in Korean, the place first
(``3번째 동작(첫 번째 트릭): ‘ZZ’는 카드로 읽을 수 없습니다(…)``).

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
>>> try:
...     hand_from_json(bad)
... except RecordError as e:
...     print(e.text("ko").split("(카드는")[0])
3번째 동작(첫 번째 트릭): ‘ZZ’는 카드로 읽을 수 없습니다
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
from belote_lab.games.errors import IllegalAction, refusal_ko
from belote_lab.jsonlines import StrictJSONError
from belote_lab.korean import kformat, ordinal, quoted, seat_name, seat_word, team_name
from belote_lab.rules import RuleOptionError
from belote_lab.trick import IllegalPlay, Reason, Rule

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
    ``field`` names the offending field when there is one (``start.hands[2]``).

    ``str(e)`` is the English message; :meth:`text` gives it in Korean too: ``ko`` is the
    Korean sentence for the same problem (without the place), ``where_ko`` the places the
    error sits in, outermost first (``2번째 판``); the action and trick are added after them.

    >>> e = RecordError("unknown card 'ZZ'", 2, 1, "actions[2]",
    ...                 ko="‘ZZ’는 카드로 읽을 수 없습니다.")
    >>> str(e)
    "action 3 (trick 1): unknown card 'ZZ'"
    >>> e.text("ko")
    '3번째 동작(첫 번째 트릭): ‘ZZ’는 카드로 읽을 수 없습니다.'
    >>> RecordError("start.hands[2]: missing", field="start.hands[2]").text("ko")
    '파일의 ‘start.hands[2]’ 항목을 읽을 수 없습니다.'
    """

    def __init__(
        self,
        message: str,
        action: int | None = None,
        trick: int | None = None,
        field: str | None = None,
        ko: str | None = None,
        *,
        where_ko: Sequence[str] = (),
    ) -> None:
        where = ""
        places = list(where_ko)
        if action is not None:
            where = f"action {action + 1}" + (f" (trick {trick})" if trick else "") + ": "
            in_trick = f"({ordinal(trick)} 트릭)" if trick else ""
            places.append(f"{ordinal(action + 1)} 동작{in_trick}")
        text = where + message
        if len(text) > _MAX_MESSAGE:
            text = text[:_MAX_MESSAGE] + " …"
        super().__init__(text)
        self.action = action
        self.trick = trick
        self.field = field
        self.ko = ko
        self.where_ko: tuple[str, ...] = tuple(places)

    def ko_message(self) -> str:
        """The Korean sentence without the place: the one given, else one made from the field
        (or a general one)."""
        if self.ko:
            return self.ko
        if self.field:
            return f"파일의 {quoted(clip(self.field))} 항목을 읽을 수 없습니다."
        if self.where_ko:
            return "기록된 내용을 규칙에 맞게 다시 만들 수 없습니다."
        return "파일의 내용을 기록으로 읽을 수 없습니다."

    def text(self, language: str = "en") -> str:
        """The error in ``language``: ``en`` (``str(e)``) or ``ko`` (one Korean sentence,
        after the place it names: ``3번째 동작(2번째 트릭): …``)."""
        if language == "en":
            return str(self)
        if language != "ko":
            raise ValueError(f"unknown language {language!r}; choose one of ('en', 'ko')")
        body = self.ko_message()
        text = f"{', '.join(self.where_ko)}: {body}" if self.where_ko else body
        if len(text) > _MAX_MESSAGE:
            text = text[:_MAX_MESSAGE] + " …"
        return text

    def within(self, message: str, place_ko: str, field: str | None) -> RecordError:
        """This error seen from the record around it: ``message`` in English (which holds
        ``str(self)``), ``place_ko`` the Korean place added before its own; the action and
        trick are kept."""
        err = RecordError(
            message, field=field, ko=self.ko_message(), where_ko=(place_ko, *self.where_ko)
        )
        err.action, err.trick = self.action, self.trick
        return err


def clip(text: str, limit: int = 40) -> str:
    """A user's text cut to a readable length."""
    return text if len(text) <= limit else text[:limit] + "…"


def korean_of(error: BaseException) -> str | None:
    """The Korean words of an error the engine raised, where it has them (a record error, a
    card or seat that cannot be read, a refused call or card, a rule option), else ``None``.

    An error raised again in other words (``raise IllegalPlay(str(e)) from None``) is read
    through to the one it repeats.

    >>> from belote_lab.cards import Card
    >>> try:
    ...     Card.parse("ZZ")
    ... except CardParseError as e:
    ...     korean_of(e)
    '‘ZZ’는 카드로 읽을 수 없습니다(카드는 J♥, 10♠처럼 숫자나 문자 뒤에 무늬를 붙여 씁니다).'
    """
    seen: set[int] = set()
    e: BaseException | None = error
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        if isinstance(e, CardParseError) and e.ko is None and str(e) != _plain_parse_error(e):
            pass  # English words of its own: the Korean of its kind would not say the same
        elif isinstance(e, (RecordError, CardParseError, RuleOptionError)):
            return e.text("ko")
        ko = getattr(e, "ko", None)
        if isinstance(ko, str) and ko:
            return ko
        if isinstance(e, IllegalPlay):
            words = _play_ko(e)
            if words is not None:
                return words
        if isinstance(e, StrictJSONError):
            return _strict_json_ko(e)
        inner = e.__cause__ or e.__context__
        e = inner if inner is not None and str(inner) and str(inner) in str(e) else None
    return None


def _plain_parse_error(e: CardParseError) -> str:
    """The English a :class:`CardParseError` has when given no words of its own (its Korean
    then says the same: ``‘ZZ’는 카드로 읽을 수 없습니다``)."""
    return f"unknown {e.what} {e.token!r}"


def _play_ko(e: IllegalPlay) -> str | None:
    """An :class:`IllegalPlay`'s Korean: its reason's, after the refused card."""
    r = e.reason
    if isinstance(r, Reason):
        if r.rule == Rule.NOT_IN_HAND:
            return r.text("ko")
        return kformat("{card:은} 낼 수 없습니다. ", card=r.card) + r.text("ko")
    if str(e).startswith("no card can be played now"):
        return refusal_ko("no_card")
    return None


def _strict_json_ko(e: StrictJSONError) -> str:
    """The Korean of a refusal of the strict JSON reader."""
    words = str(e)
    if isinstance(e, jsonlines.DuplicateKeyError):
        key = quoted(clip(e.key))
        return f"한 객체에 {key} 키가 두 번 나오므로 어느 값을 읽을지 알 수 없습니다."
    if words.startswith("nests deeper"):
        return f"JSON이 {jsonlines.MAX_DEPTH}단계보다 깊이 겹쳐 있으므로 읽을 수 없습니다."
    if words.startswith("a number has more than"):
        return f"{jsonlines.MAX_DIGITS}자리가 넘는 숫자가 있으므로 읽을 수 없습니다."
    if words.startswith("the number"):
        return "너무 큰 숫자가 있으므로 읽을 수 없습니다."
    if words.endswith("is not a JSON value"):
        name = words.removesuffix(" is not a JSON value")
        return f"{quoted(clip(name))} 값은 JSON에 없는 값이므로 읽을 수 없습니다."
    return "JSON으로 읽을 수 없는 값이 있습니다."


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


def describe_ko(value: Any) -> str:
    """:func:`describe` in Korean: what a JSON value is, with the value itself in quotes.

    >>> [describe_ko(v) for v in (None, True, 3, 1.0, "JH", 20165)]
    ['‘null’ 값', '‘true’ 값', '숫자 3', '숫자 1.0', '글자 ‘JH’', '숫자 20,165']
    >>> describe_ko([1, 2]), describe_ko({})
    ('항목이 2개인 목록', '키가 0개인 객체')
    """
    if value is None:
        return "‘null’ 값"
    if isinstance(value, bool):
        return "‘true’ 값" if value else "‘false’ 값"
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10**40 else 41
        return f"숫자 {value:,}" if digits <= 40 else "40자리가 넘는 숫자"
    if isinstance(value, float):
        return f"숫자 {value!r}"
    if isinstance(value, str):
        return f"글자 {quoted(clip(value))}"
    if isinstance(value, list):
        return f"항목이 {len(value):,}개인 목록"
    if isinstance(value, dict):
        return f"키가 {len(value):,}개인 객체"
    return "알 수 없는 값"


def seats_ko(seats: Sequence[int]) -> str:
    """The seats of a game in Korean with their letters: ``북 N, 남 S``."""
    return ", ".join(f"{seat_name(s)} {SEATS[s]}" for s in seats)


def expected(path: str, what: str, value: Any, what_ko: str | None = None) -> RecordError:
    """``RecordError("<path>: expected <what>, got <value described>")``; ``what_ko`` is
    ``what`` in Korean (a noun: ``카드 8장의 목록``)."""
    ko = None
    if what_ko is not None:
        ko = kformat(
            "{path}에는 {what:이} 와야 하는데 {got}입니다.",
            path=quoted(path), what=what_ko, got=describe_ko(value),
        )
    return RecordError(f"{path}: expected {what}, got {describe(value)}", field=path, ko=ko)


def missing(path: str) -> RecordError:
    """``RecordError("<path>: missing")``."""
    return RecordError(f"{path}: missing", field=path, ko=f"파일에 {quoted(path)} 항목이 없습니다.")


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
            raise missing(path)
        return default
    v = obj[key]
    if low is not None and high is not None:
        what = f"a whole number from {low} to {high}"
        what_ko = f"{low:,}~{high:,} 사이의 정수"
    elif low is not None:
        what = f"a whole number ≥ {low}"
        what_ko = f"{low:,} 이상의 정수"
    else:
        what = "a whole number"
        what_ko = "정수"
    if not is_whole(v) or (low is not None and v < low) or (high is not None and v > high):
        raise expected(path, what, v, what_ko)
    return v


def str_field(obj: dict[str, Any], key: str, path: str, default: Any = _MISSING) -> Any:
    """``obj[key]`` as text (``default`` if absent and given)."""
    if key not in obj:
        if default is _MISSING:
            raise missing(path)
        return default
    v = obj[key]
    if not isinstance(v, str):
        raise expected(path, "text", v, "글자")
    return v


def seat_field(value: Any, path: str, seats: Sequence[int] = (0, 1, 2, 3)) -> int:
    """A seat letter of the game (its seat indexes ``seats``) → its index."""
    letters = " ".join(SEATS[s] for s in seats)
    named = seats_ko(seats)
    if not isinstance(value, str):
        raise expected(path, f"a seat ({letters})", value, f"자리 하나({named})")
    try:
        s = parse_seat(value)
    except CardParseError as e:
        ko = kformat(
            "{path} 항목의 {value:은} 자리로 읽을 수 없습니다(이 게임의 자리는 {named}입니다).",
            path=quoted(path), value=quoted(clip(value)), named=named,
        )
        raise RecordError(f"{path}: {e} (the seats are {letters})", field=path, ko=ko) from None
    if s not in seats:
        ko = kformat(
            "{path} 항목의 {seat:은} 이 게임에 없는 자리입니다(이 게임의 자리는 {named}입니다).",
            path=quoted(path), seat=seat_word(s), named=named,
        )
        raise RecordError(
            f"{path}: {value!r} is not a seat of this game ({letters})", field=path, ko=ko
        )
    return s


def deck_ko(deck_mask: int) -> str:
    """A deck in Korean by its cards: ``32장 한 벌``."""
    return f"{deck_mask.bit_count()}장 한 벌"


def cards_field(value: Any, path: str, count: int, deck_mask: int, deck: str) -> list[Card]:
    """A list of exactly ``count`` different cards of the deck (mask ``deck_mask``)."""
    if not isinstance(value, list) or len(value) != count:
        raise expected(path, f"a list of {count} cards", value, f"카드 {count}장의 목록")
    out: list[Card] = []
    seen = 0
    for i, t in enumerate(value):
        p = f"{path}[{i}]"
        if not isinstance(t, str):
            raise expected(p, "a card such as 'JH'", t, "‘JH’(J♥)처럼 쓴 카드")
        try:
            c = Card.parse(t)
        except CardParseError as e:
            ko = f"{quoted(p)} 항목의 {e.text('ko')}"
            raise RecordError(f"{p}: {e}", field=p, ko=ko) from None
        if not deck_mask >> c & 1:
            ko = kformat(
                "{path} 항목의 {card:은} {deck}에 없는 카드입니다.",
                path=quoted(p), card=c, deck=deck_ko(deck_mask),
            )
            raise RecordError(f"{p}: {c.text} is not a card of the {deck}", field=p, ko=ko)
        if seen >> c & 1:
            ko = kformat(
                "{path} 항목의 {card:은} 앞에서 이미 나온 카드입니다.", path=quoted(p), card=c
            )
            raise RecordError(f"{p}: card {c.text!r} is given twice", field=p, ko=ko)
        seen |= 1 << c
        out.append(c)
    return out


def hands_field(
    value: Any, path: str, seats: Sequence[int], count: int, deck_mask: int, deck: str
) -> dict[str, list[Card]]:
    """Every seat's cards: an object keyed by the seat letters (or a list in seat order),
    ``count`` cards each, no card twice.  Returns seat letter → cards."""
    letters = [SEATS[s] for s in seats]
    named = seats_ko(seats)
    if isinstance(value, dict):
        if sorted(value, key=str) != sorted(letters):
            keys = " ".join(sorted(repr(k) for k in value)[:8]) or "none"
            got = ", ".join(quoted(clip(str(k))) for k in sorted(value, key=str)[:8])
            ko = kformat(
                "{path}의 키로는 자리 {named}만 와야 하는데 {got}.",
                path=quoted(path), named=named,
                got=f"키가 {got}입니다" if got else "키가 하나도 없습니다",
            )
            raise RecordError(
                f"{path}: expected the seats {' '.join(letters)} as keys, got {keys}",
                field=path, ko=ko,
            )
        items = [(f"{path}.{k}", k, value[k]) for k in letters]
    elif isinstance(value, list):
        if len(value) != len(seats):
            raise expected(
                path, f"a list of {len(seats)} hands (seats {' '.join(letters)})", value,
                f"자리 순서({named})대로 손패 {len(seats)}개의 목록",
            )
        pairs = zip(letters, value, strict=True)
        items = [(f"{path}[{i}]", k, v) for i, (k, v) in enumerate(pairs)]
    else:
        raise expected(
            path, f"an object of cards by seat ({' '.join(letters)})", value,
            f"자리별({named}) 카드를 담은 객체",
        )
    out: dict[str, list[Card]] = {}
    seen = 0
    for p, k, v in items:
        cs = cards_field(v, p, count, deck_mask, deck)
        m = cards_mask(cs)
        if m & seen:
            card = mask_cards(m & seen)[0]
            ko = kformat(
                "{path}의 {card:은} 다른 자리의 손패에도 있는 카드입니다.",
                path=quoted(p), card=card,
            )
            raise RecordError(f"{p}: card {card.text!r} is dealt twice", field=p, ko=ko)
        seen |= m
        out[k] = cs
    return out


def check_keys(obj: dict[str, Any], allowed: Sequence[str], path: str = "") -> None:
    """Refuse a key ``obj`` may not have (nothing in a record is silently ignored)."""
    for k in obj:
        if k not in allowed:
            where = f"{path}: " if path else ""
            shown = repr(k) if isinstance(k, str) and len(k) <= 40 else describe(k)
            key = quoted(k) if isinstance(k, str) and len(k) <= 40 else describe_ko(k)
            ko = kformat(
                "{where}{key} 키는 이 기록에 쓰지 않는 키입니다.",
                where=f"{quoted(path)} 항목의 " if path else "", key=key,
            )
            raise RecordError(f"{where}unknown key {shown}", field=path or None, ko=ko)


def need_keys(obj: dict[str, Any], keys: Sequence[str], name: str) -> None:
    for k in keys:
        if k not in obj:
            raise RecordError(
                f"{name!r} lacks {k!r}", field=f"{name}.{k}",
                ko=f"{quoted(name)} 항목에 {quoted(k)} 항목이 없습니다.",
            )


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
_NOT_JSON_KO = "파일이 바이트 순서 표시(BOM)로 시작하므로 JSON으로 읽을 수 없습니다."


def parse_json(data: Any) -> Any:
    """JSON text (``str``, or UTF-8 ``bytes``) → its value; anything else is returned as is.

    Read by the strict reader of :mod:`belote_lab.jsonlines` (no NaN, no huge numbers, bounded
    nesting); every failure is a :class:`RecordError`.
    """
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if raw.startswith(b"\xef\xbb\xbf"):
            raise RecordError(
                "not JSON: the text starts with a byte-order mark (BOM)", ko=_NOT_JSON_KO
            )
        try:
            data = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            why = f"byte {e.start} cannot be read ({e.reason})"
            ko = f"{e.start}번 위치의 바이트를 읽을 수 없으므로 파일이 UTF-8 텍스트가 아닙니다."
            raise RecordError(f"not UTF-8 text: {why}", ko=ko) from None
    if not isinstance(data, str):
        return data
    if len(data) > MAX_TEXT:
        ko = f"기록이 {len(data):,}자로 너무 깁니다(최대 {MAX_TEXT:,}자)."
        raise RecordError(
            f"the record is too long ({len(data)} characters, at most {MAX_TEXT})", ko=ko
        )
    if data.startswith("\ufeff"):
        raise RecordError(
            "not JSON: the text starts with a byte-order mark (BOM)", ko=_NOT_JSON_KO
        )
    try:
        return jsonlines.loads(data)
    except json.JSONDecodeError as e:
        if not data.strip():  # "empty", not json's "Expecting value: line 1 column 1"
            raise RecordError(
                "not JSON: the file is empty", ko="파일이 비어 있으므로 JSON으로 읽을 수 없습니다."
            ) from None
        ko = (
            f"{ordinal(e.lineno)} 줄 {ordinal(e.colno)} 글자에서 JSON 문법이 맞지 않으므로 "
            "JSON으로 읽을 수 없습니다."
        )
        raise RecordError(f"not JSON: {e}", ko=ko) from None
    except ValueError as e:  # StrictJSONError: nesting, a huge number, NaN
        ko = korean_of(e) or "JSON으로 읽을 수 없는 값이 있습니다."
        raise RecordError(f"not JSON that can be read: {e}", ko=ko) from None


def guarded(read: Callable[[], _T]) -> _T:
    """Run a reader: every failure becomes a :class:`RecordError`."""
    try:
        return read()
    except RecordError:
        raise
    except (CardParseError, IllegalAction, IllegalPlay, RuleOptionError) as e:
        raise RecordError(str(e), ko=korean_of(e)) from None
    except RecursionError:
        raise RecordError(
            "the record is nested too deeply", ko="기록이 너무 깊이 겹쳐 있으므로 읽을 수 없습니다."
        ) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as e:
        # not expected: every field is checked before use; still, never another exception
        raise RecordError(
            f"malformed record (unexpected {type(e).__name__}: {e})",
            ko=korean_of(e) or "기록의 형식이 맞지 않으므로 읽을 수 없습니다.",
        ) from None


def rebuilt(make: Callable[[], _T]) -> _T:
    """Run ``make`` (a class's ``_from_…`` rebuilder): a refusal becomes a
    :class:`RecordError` with the same message (and the Korean one, where it has one)."""
    try:
        return make()
    except RecordError:
        raise
    except (CardParseError, IllegalAction, IllegalPlay, ValueError) as e:
        ko = korean_of(e) or "기록에 적힌 내용으로는 규칙에 맞게 다시 만들 수 없습니다."
        raise RecordError(str(e), ko=ko) from None


RECORDS_KO = {"hand": "판", "game": "게임", "run": "연승 도전·여정", "session": "세션"}
"""The kinds of record in Korean (``what`` of :func:`check_header`)."""


def check_header(data: Any, fmt: str, what: str) -> None:
    """A JSON object of format ``fmt`` (``what`` in messages: ``hand``, ``game``, ``run``) and a
    version this program reads."""
    what_ko = RECORDS_KO.get(what, "")
    if not isinstance(data, dict):
        raise RecordError(
            f"a {what} record must be a JSON object",
            ko=f"{what_ko} 기록은 JSON 객체여야 하는데 {describe_ko(data)}입니다.",
        )
    if data.get("format") != fmt:
        f = data.get("format")
        shown = repr(f) if isinstance(f, str) and len(f) < 60 else describe(f)
        got = quoted(f) if isinstance(f, str) and len(f) < 60 else describe_ko(f)
        ko = (
            f"이 파일은 {what_ko} 기록이 아닙니다({what_ko} 기록의 형식은 {quoted(fmt)}인데 "
            f"이 파일의 형식은 {got}입니다)."
        )
        raise RecordError(f"not a {what} record (format {shown})", field="format", ko=ko)
    if "version" not in data:
        raise RecordError(
            "missing key 'version'", field="version", ko="파일에 ‘version’ 항목이 없습니다."
        )
    v = data["version"]
    if not is_whole(v):
        ko = kformat(
            "‘version’에는 버전 {v:이} 와야 하는데 {got}입니다.", v=VERSION, got=describe_ko(v)
        )
        raise RecordError(
            f"version: unsupported version: expected {VERSION}, got {describe(v)}",
            field="version", ko=ko,
        )
    if v not in VERSIONS:
        reads = ", ".join(map(str, VERSIONS))
        shown_v = v if abs(v) < 10**40 else "(huge)"
        ko = kformat(
            "이 프로그램은 버전 {reads}의 기록만 읽으므로 버전 {v}의 기록은 읽을 수 없습니다.",
            reads=reads, v=v if abs(v) < 10**40 else "(아주 큰 수)",
        )
        raise RecordError(
            f"version: unsupported version {shown_v} "
            f"(this program reads version {reads})",
            field="version", ko=ko,
        )


def required(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """``data[key]``, which must be there and of type ``kind``."""
    if key not in data:
        raise RecordError(
            f"missing key {key!r}", field=key, ko=f"파일에 {quoted(key)} 항목이 없습니다."
        )
    if not isinstance(data[key], kind):
        kinds = {str: "text", list: "a list", dict: "an object"}
        kinds_ko = {str: "글자", list: "목록", dict: "객체"}
        want = kinds.get(kind, "another type") if isinstance(kind, type) else "another type"
        other = "다른 종류의 값"
        want_ko = kinds_ko.get(kind, other) if isinstance(kind, type) else other
        ko = kformat(
            "{key}에는 {want:이} 와야 하는데 {got}입니다.",
            key=quoted(key), want=want_ko, got=describe_ko(data[key]),
        )
        raise RecordError(
            f"key {key!r} has the wrong type: expected {want}, got {describe(data[key])}",
            field=key, ko=ko,
        )
    return data[key]


def games_ko(known: Collection[str]) -> str:
    """Games by their codes and Korean names: ``‘belote’(4인 벨로트), …``."""
    out = []
    for name in known:
        try:
            out.append(f"{quoted(name)}({get(name).title_ko})")
        except (KeyError, ValueError, RuleOptionError):
            out.append(quoted(name))
    return ", ".join(out)


def title_ko(game: str) -> str:
    """A game's Korean name (its code, quoted, for a game not registered)."""
    try:
        return str(get(game).title_ko)
    except (KeyError, ValueError, RuleOptionError):
        return quoted(game)


def game_field(data: dict[str, Any], known: Collection[str]) -> str:
    """The record's ``game``: one of ``known``."""
    game = required(data, "game", str)
    if game not in known:
        shown = repr(game) if len(game) < 60 else describe(game)
        ko = (
            f"{quoted(clip(game))} 게임은 이 기록에 쓸 수 없습니다(쓸 수 있는 게임: "
            f"{games_ko(known)})."
        )
        raise RecordError(f"unknown game {shown}", field="game", ko=ko)
    return str(game)


def rules_field(game: str, data: dict[str, Any]) -> Any:
    """The record's ``rules`` (absent or null: the defaults) as ``game``'s rule options."""
    raw = data.get("rules")
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise expected("rules", "an object of rule options", raw, "규칙 옵션을 담은 객체")
    try:
        return rules_for(game, raw)
    except (RuleOptionError, TypeError, ValueError) as e:
        ko = korean_of(e) or "‘rules’ 항목의 규칙 옵션을 읽을 수 없습니다."
        raise RecordError(f"rules: {e}", field="rules", ko=ko) from None


def seed_field(data: dict[str, Any]) -> int | None:
    """The record's ``seed``: a whole number or null."""
    seed = data.get("seed")
    if seed is not None and not is_whole(seed):
        raise expected("seed", "a whole number or null", seed, "정수나 ‘null’ 값")
    return seed


def game_class(game: str, kind: str) -> Any:
    """The class of ``game``'s records of ``kind`` (``"hand_class"`` or ``"match_class"``),
    from the registry."""
    cls = getattr(get(game), kind)
    if cls is None:
        what = "hand" if kind == "hand_class" else "game"
        ko = f"{title_ko(game)}에는 {RECORDS_KO[what]} 기록이 없습니다."
        raise RecordError(f"game {game!r} has no {what} records", field="game", ko=ko)
    return cls


def short(value: Any) -> str:
    """``repr`` of a small JSON value, else its description."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return describe(value)
    return text if len(text) <= 200 else describe(value)


# --- hands --------------------------------------------------------------------------------------
NEEDS_DECK_KO = "판 기록에는 ‘deck’ 항목이나 ‘start’ 항목이 있어야 합니다."
"""A hand record with neither its deck nor its start, in Korean (every game says it)."""

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
    if "dealer" not in data:  # never read as N: the deal (or the first leader) depends on it
        raise RecordError(
            "missing key 'dealer' (every hand record names its dealer)", field="dealer",
            ko="파일에 ‘dealer’ 항목이 없습니다(판 기록에는 딜러가 꼭 있어야 합니다).",
        )
    actions = required(data, "actions", list)
    if "deck" in data and "start" in data:
        raise RecordError(
            "a hand record has 'deck' or 'start', not both", field="start",
            ko="판 기록에는 ‘deck’ 항목과 ‘start’ 항목 중 하나만 있어야 하는데 둘 다 있습니다.",
        )
    if "result" in data and data["result"] is not None and not isinstance(data["result"], dict):
        raise expected(
            "result", "an object (the score) or null", data["result"],
            "점수를 담은 객체나 ‘null’ 값",
        )
    hand = rebuilt(lambda: cls._from_record_start(data, rules))
    _replay(hand, actions)
    if data.get("result") is not None:
        _check_result(hand, data["result"])
    return hand


_ACTION_FORM_KO = "동작은 [‘play’, 자리, 카드] 또는 [‘call’, 자리, 콜]처럼 글자 세 개의 목록입니다"


def _replay(hand: Any, actions: list[Any]) -> None:
    """Make the record's ``actions`` on ``hand``; a refused one names its index and trick."""
    for i, act in enumerate(actions):
        trick = hand.trick_number if hand.contract is not None else None
        if not (isinstance(act, list) and len(act) == 3 and all(isinstance(x, str) for x in act)):
            shown = short(act)
            ko = (
                f"{quoted(shown) if shown != describe(act) else describe_ko(act)} 동작은 "
                f"읽을 수 없습니다({_ACTION_FORM_KO})."
            )
            raise RecordError(f"malformed action {shown}", i, trick, f"actions[{i}]", ko)
        kind, seat, value = act
        try:
            if kind == "play":
                hand.play(value, seat)
            elif kind == "call":
                hand.call(value, seat)
            else:
                hand._record_action(kind, seat, value)
        except (CardParseError, IllegalAction, IllegalPlay, ValueError) as e:
            ko = korean_of(e) or _action_ko(kind, seat, value)
            raise RecordError(str(e), i, trick, f"actions[{i}]", ko) from None


def _action_ko(kind: str, seat: str, value: str) -> str:
    """A refused action in Korean, when the refusal has no Korean words of its own."""
    if kind not in ("play", "call"):
        return f"{quoted(clip(kind))} 동작은 이 게임에 없는 동작입니다({_ACTION_FORM_KO})."
    return kformat(
        "기록된 동작 [{kind}, {seat}, {value}]의 {what:은} 규칙에 맞지 않으므로 다시 할 수 "
        "없습니다.",
        kind=quoted(kind), seat=quoted(clip(seat)), value=quoted(clip(value)),
        what="카드" if kind == "play" else "콜",
    )


def _check_result(hand: Any, recorded: Any) -> None:
    """The recorded result must be the replayed hand's."""
    if hand.result is None:
        raise RecordError(
            "the record has a result but its hand is not finished", field="result",
            ko="기록에 결과(‘result’)가 있지만 동작을 다시 해 보면 판이 아직 끝나지 않았습니다.",
        )
    if not json_equal(hand.result.to_json(), recorded):
        raise RecordError(
            f"the recorded result {short(recorded)} differs from the replayed one "
            f"{json.dumps(hand.result.to_json(), ensure_ascii=False)}",
            field="result",
            ko="기록에 적힌 결과(‘result’)가 동작을 다시 해 본 결과와 다릅니다.",
        )


# --- games --------------------------------------------------------------------------------------
PARTS_KO = {"hand": "판", "game": "게임", "match": "경기", "run": "연승 도전", "journey": "여정"}
"""The parts of the records in Korean (a game's hands, a run's matches or games)."""


def nested(
    records: list[Any], game_name: str, whole: str, part: str, key: str,
    load: Callable[[Any], Any], whole_ko: str | None = None, part_ko: str | None = None,
) -> list[Any]:
    """The records nested in a game (its hands) or a run (its games), each of ``game_name``,
    loaded by ``load``; a failure names the part (``hand 3: …``, field ``hands[2]``;
    ``whole_ko`` and ``part_ko`` are ``whole`` and ``part`` in Korean: ``3번째 판``)."""
    whole_ko = whole_ko or PARTS_KO.get(whole, whole)
    part_ko = part_ko or PARTS_KO.get(part, part)
    title = title_ko(game_name)
    out = []
    for k, rec in enumerate(records):
        place = f"{ordinal(k + 1)} {part_ko}"
        if isinstance(rec, dict) and rec.get("game") != game_name:
            got = rec.get("game")
            ko = (
                f"{title} {whole_ko} 기록에는 {title} {part_ko} 기록만 들어갈 수 있는데 이 "
                f"{part_ko}의 게임은 "
                f"{quoted(clip(got)) if isinstance(got, str) else describe_ko(got)}입니다."
            )
            raise RecordError(
                f"{part} {k + 1}: a {game_name} {whole} holds {game_name} {part}s, "
                f"not {describe(rec.get('game'))}",
                field=f"{key}[{k}].game", ko=ko, where_ko=(place,),
            )
        try:
            out.append(load(rec))
        except RecordError as e:
            raise e.within(f"{part} {k + 1}: {e}", place, f"{key}[{k}]") from None
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
        raise RecordError(
            "a game record needs at least one hand", field="hands",
            ko="게임 기록의 ‘hands’ 항목에는 판이 하나 이상 있어야 합니다.",
        )
    if "totals" not in data:
        raise RecordError(
            "missing key 'totals'", field="totals", ko="파일에 ‘totals’ 항목이 없습니다."
        )
    totals = data["totals"]
    hands = nested(records, game_name, "game", "hand", "hands", read_hand)
    g = rebuilt(lambda: cls._from_hands(rules, seed, hands))
    _check_totals(g, totals)
    return g


def totals_ko(totals: dict[str, Any]) -> str:
    """A game's totals in Korean: ``남북 팀 162, 동서 팀 0``."""
    parts = []
    for side, v in totals.items():
        try:
            name = team_name(side)
        except (KeyError, ValueError, IndexError):
            name = quoted(clip(str(side)))
        parts.append(f"{name} {getattr(v, 'number', v)}")
    return ", ".join(parts)


def _check_totals(g: Any, totals: Any) -> None:
    """The recorded totals must be the replayed game's (counting its finished last hand when
    they include it: ``next_hand()`` was called)."""
    sides = list(g.totals)
    if (
        not isinstance(totals, dict)
        or sorted(totals, key=str) != sorted(sides)
        or not all(is_number(v) for v in totals.values())
    ):
        named = ", ".join(f"{team_name(s)} {s}" for s in sides)
        raise expected(
            "totals", f"an object of numbers by side ({' '.join(sides)})", totals,
            f"편별({named}) 점수를 담은 객체",
        )
    if not g.is_over and g.hand.is_over and not json_equal(totals, g.totals):
        # the last hand is finished and the recorded totals count it: next_hand() was called
        g.next_hand()
    if not json_equal(totals, g.totals):
        ko = kformat(
            "기록에 적힌 합계({a})가 판을 다시 해 본 합계({b})와 다릅니다.",
            a=totals_ko(totals), b=totals_ko(dict(g.totals)),
        )
        raise RecordError(
            f"recorded totals {short(totals)} differ from replayed {g.totals}", field="totals",
            ko=ko,
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
