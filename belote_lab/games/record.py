"""Hand and game records as JSON: write, read and validate (no pickle, no eval).

The record layer of the games: it imports only the core modules, :mod:`belote_lab.games.base`
and the registry, and finds a game's classes through it (``get(name).hand_class`` and
``.match_class``), so a game added with :func:`belote_lab.games.register` has records without
touching this module.  :mod:`belote_lab.play.record_io` is the public module: it re-exports this one
and adds the run records of the ladders (:mod:`belote_lab.play.ladder`) and
:func:`~belote_lab.play.record_io.loads`.

A **hand record** is a JSON object::

    {
      "format": "belote_lab/hand", "version": 1,
      "game": "belote",
      "rules": {"must_undertrump": true},      # only options that differ from the defaults
      "dealer": "N",
      "deck": ["7D", "AS", ...],               # the 32 cards in dealing order, or instead:
      "start": {"hands": {"N": [...], ...}, "contract": "H", "taker": "N", "first_leader": "N"},
      "reserve": 0,                            # points held from an earlier litige
      "declarations": {"S": "hide"},           # Belote, Coinche: the seats that chose
      "actions": [["call", "E", "take"], ["play", "N", "JH"], ...],
      "result": {...}                          # the score (checked on reading, if present)
    }

Dealing from ``deck``: five cards each starting with the player after the dealer, the 21st
card is turned, then three more each in the same order (two for the taker, who also gets
the turned card).  A record that starts from ``start`` gives every seat's cards at the first
card; its ``dealer`` must be the one its first leader implies.  ``dealer`` is required in
every hand record (a record without it is refused, never read as dealt by N).  Each game has
its own ``start`` keys and extra keys (``reserve`` in Belote, ``redeals`` in two-player
Belote, ``declarations`` in Belote and Coinche: ``show`` or ``hide`` for each seat that chose
whether to declare, made before the actions; a record without it has no choice, every seat
declares); a key a game does not have is refused, not ignored.

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
(``3번째 동작(첫 번째 트릭): ‘ZZ’는 카드로 읽을 수 없습니다(…)``).  Both are the ``record.``
namespace of the catalogue of words (``belote_lab/words/en/record.json``, ``ko/record.json``).
Where the English and the Korean of one refusal do not name the same things (the Korean also
says what was expected, the English quotes Python's own words), each is a key of its own,
written in both languages.

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

from belote_lab import jsonlines, words
from belote_lab.cards import (
    SEATS,
    Card,
    CardParseError,
    cards_mask,
    mask_cards,
    parse_seat,
    unknown_text,
)
from belote_lab.games import get, names, rules_for
from belote_lab.games.errors import IllegalAction, refusal_ko
from belote_lab.jsonlines import StrictJSONError
from belote_lab.korean import quoted, seat_name, seat_word, team_name
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
"""The format of the ladders' run records (read by :mod:`belote_lab.play.ladder`)."""
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
        text = message
        places = list(where_ko)
        if action is not None:
            key = "record.at_action_trick" if trick else "record.at_action"
            where = words.text(key, "en", action=action + 1, trick=trick)
            text = words.text("record.placed", "en", place=where, text=message)
            places.append(words.text(key, "ko", action=action + 1, trick=trick))
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
            return words.text("record.field_unreadable", "ko", field=quoted(clip(self.field)))
        if self.where_ko:
            return words.text("record.not_replayable", "ko")
        return words.text("record.not_a_record", "ko")

    def text(self, language: str = "en") -> str:
        """The error in ``language``: ``en`` (``str(e)``) or ``ko`` (one Korean sentence,
        after the place it names: ``3번째 동작(2번째 트릭): …``)."""
        if words.check_language(language) == "en":
            return str(self)
        body = self.ko_message()
        text = body
        if self.where_ko:
            text = words.text("record.placed", "ko", place=", ".join(self.where_ko), text=body)
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
        own_words = isinstance(e, CardParseError) and str(e) != unknown_text(e.token, e.what)
        if own_words and getattr(e, "ko", None) is None:
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


def _play_ko(e: IllegalPlay) -> str | None:
    """An :class:`IllegalPlay`'s Korean: its reason's, after the refused card."""
    r = e.reason
    if isinstance(r, Reason):
        if r.rule == Rule.NOT_IN_HAND:
            return r.text("ko")
        return words.text("record.cannot_play", "ko", card=r.card, reason=r.text("ko"))
    if str(e).startswith("no card can be played now"):
        return refusal_ko("no_card")
    return None


def _strict_json_ko(e: StrictJSONError) -> str:
    """The Korean of a refusal of the strict JSON reader."""
    said = str(e)  # the reader's English (belote_lab.jsonlines, below the catalogue)
    if isinstance(e, jsonlines.DuplicateKeyError):
        return words.text("record.json_key_twice", "ko", key=quoted(clip(e.key)))
    if said.startswith("nests deeper"):
        return words.text("record.json_too_deep", "ko", depth=jsonlines.MAX_DEPTH)
    if said.startswith("a number has more than"):
        return words.text("record.json_long_number", "ko", digits=jsonlines.MAX_DIGITS)
    if said.startswith("the number"):
        return words.text("record.json_huge_number", "ko")
    if said.endswith("is not a JSON value"):
        name = said.removesuffix(" is not a JSON value")
        return words.text("record.json_not_value", "ko", name=quoted(clip(name)))
    return words.text("record.json_unreadable", "ko")


# --- describing and checking fields ------------------------------------------------------------
def describe(value: Any, language: str = "en") -> str:
    """A short description of a JSON value for messages: ``null``, ``the number 3``, ``the
    text 'JH'``, ``a list of 7 items`` … (``language="ko"``: :func:`describe_ko`).

    >>> describe(None), describe(3), describe("JH"), describe([1]), describe({"a": 1, "b": 2})
    ('null', 'the number 3', "the text 'JH'", 'a list of 1 item', 'an object with 2 keys')
    """
    if words.check_language(language) == "ko":
        return describe_ko(value)
    if value is None:
        return words.text("record.value_null", "en")
    if isinstance(value, bool):
        return words.text("record.value_true" if value else "record.value_false", "en")
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10**40 else 41
        if digits > 40:
            return words.text("record.value_long_number", "en")
        return words.text("record.value_number", "en", n=value)
    if isinstance(value, float):
        return words.text("record.value_number", "en", n=repr(value))
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:40] + "…"
        return words.text("record.value_text", "en", text=repr(shown))
    if isinstance(value, (list, dict)):
        kind = "list" if isinstance(value, list) else "object"
        one = "_one" if len(value) == 1 else ""
        return words.text(f"record.value_{kind}{one}", "en", n=len(value))
    return words.text("record.value_of_type", "en", type=type(value).__name__)


def describe_ko(value: Any) -> str:
    """:func:`describe` in Korean: what a JSON value is, with the value itself in quotes.

    >>> [describe_ko(v) for v in (None, True, 3, 1.0, "JH", 20165)]
    ['‘null’ 값', '‘true’ 값', '숫자 3', '숫자 1.0', '글자 ‘JH’', '숫자 20,165']
    >>> describe_ko([1, 2]), describe_ko({})
    ('항목이 2개인 목록', '키가 0개인 객체')
    """
    if value is None:
        return words.text("record.value_null", "ko")
    if isinstance(value, bool):
        return words.text("record.value_true" if value else "record.value_false", "ko")
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10**40 else 41
        if digits > 40:
            return words.text("record.value_long_number", "ko")
        return words.text("record.value_number", "ko", n=f"{value:,}")
    if isinstance(value, float):
        return words.text("record.value_number", "ko", n=repr(value))
    if isinstance(value, str):
        return words.text("record.value_text", "ko", text=quoted(clip(value)))
    if isinstance(value, (list, dict)):
        kind = "list" if isinstance(value, list) else "object"
        return words.text(f"record.value_{kind}", "ko", n=f"{len(value):,}")
    return words.text("record.value_unknown", "ko")


def seats_ko(seats: Sequence[int]) -> str:
    """The seats of a game in Korean with their letters: ``북 N, 남 S``."""
    return ", ".join(f"{seat_name(s)} {SEATS[s]}" for s in seats)


def expected(path: str, what: str, value: Any, what_ko: str | None = None) -> RecordError:
    """``RecordError("<path>: expected <what>, got <value described>")``; ``what_ko`` is
    ``what`` in Korean (a noun: ``카드 8장의 목록``)."""
    ko = None
    if what_ko is not None:
        ko = words.text(
            "record.expected", "ko", path=quoted(path), what=what_ko, got=describe_ko(value)
        )
    message = words.text("record.expected", "en", path=path, what=what, got=describe(value))
    return RecordError(message, field=path, ko=ko)


def expected_key(path: str, key: str, value: Any, **values: Any) -> RecordError:
    """:func:`expected` with ``what`` the catalogue's text ``key`` (filled with ``values``) in
    both languages.

    >>> str(expected_key("seed", "record.whole_or_null", "x"))
    "seed: expected a whole number or null, got the text 'x'"
    """
    return expected(
        path, words.text(key, "en", **values), value, words.text(key, "ko", **values)
    )


def missing(path: str) -> RecordError:
    """``RecordError("<path>: missing")``."""
    return RecordError(
        words.text("record.missing", "en", path=path), field=path,
        ko=words.text("record.missing", "ko", path=quoted(path)),
    )


def missing_key(key: str) -> RecordError:
    """``RecordError("missing key '<key>'")``, the field ``key``."""
    return RecordError(
        words.text("record.missing_key", "en", key=repr(key)), field=key,
        ko=words.text("record.missing_key", "ko", key=quoted(key)),
    )


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
    if not is_whole(v) or (low is not None and v < low) or (high is not None and v > high):
        if low is not None and high is not None:
            what = words.text("record.whole_range", "en", low=low, high=high)
            what_ko = words.text("record.whole_range", "ko", low=f"{low:,}", high=f"{high:,}")
        elif low is not None:
            what = words.text("record.whole_at_least", "en", low=low)
            what_ko = words.text("record.whole_at_least", "ko", low=f"{low:,}")
        else:
            what, what_ko = words.text("record.whole", "en"), words.text("record.whole", "ko")
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
        raise expected_key(path, "record.type_str", v)
    return v


def seat_field(value: Any, path: str, seats: Sequence[int] = (0, 1, 2, 3)) -> int:
    """A seat letter of the game (its seat indexes ``seats``) → its index."""
    letters = " ".join(SEATS[s] for s in seats)
    named = seats_ko(seats)
    if not isinstance(value, str):
        raise expected(
            path, words.text("record.a_seat", "en", seats=letters), value,
            words.text("record.a_seat", "ko", seats=named),
        )
    try:
        s = parse_seat(value)
    except CardParseError:
        ko = words.text(
            "record.seat_unreadable", "ko", path=quoted(path), value=quoted(clip(value)),
            seats=named,
        )
        message = words.text(
            "record.seat_unreadable", "en", path=path, value=repr(value), seats=letters
        )
        raise RecordError(message, field=path, ko=ko) from None
    if s not in seats:
        ko = words.text(
            "record.seat_not_here", "ko", path=quoted(path), seat=seat_word(s), seats=named
        )
        message = words.text(
            "record.seat_not_here", "en", path=path, seat=repr(value), seats=letters
        )
        raise RecordError(message, field=path, ko=ko)
    return s


def deck_ko(deck_mask: int) -> str:
    """A deck in Korean by its cards: ``32장 한 벌``."""
    return words.text("record.deck", "ko", n=deck_mask.bit_count())


def cards_field(value: Any, path: str, count: int, deck_mask: int, deck: str) -> list[Card]:
    """A list of exactly ``count`` different cards of the deck (mask ``deck_mask``)."""
    if not isinstance(value, list) or len(value) != count:
        raise expected_key(path, "record.cards_n", value, n=count)
    out: list[Card] = []
    seen = 0
    for i, t in enumerate(value):
        p = f"{path}[{i}]"
        if not isinstance(t, str):
            raise expected_key(p, "record.a_card", t)
        try:
            c = Card.parse(t)
        except CardParseError as e:
            ko = words.text("record.card_unreadable", "ko", path=quoted(p), error=e.text("ko"))
            message = words.text("record.card_unreadable", "en", path=p, error=e)
            raise RecordError(message, field=p, ko=ko) from None
        if not deck_mask >> c & 1:
            ko = words.text(
                "record.not_in_deck", "ko", path=quoted(p), card=c, deck=deck_ko(deck_mask)
            )
            message = words.text("record.not_in_deck", "en", path=p, card=c.text, deck=deck)
            raise RecordError(message, field=p, ko=ko)
        if seen >> c & 1:
            ko = words.text("record.card_again", "ko", path=quoted(p), card=c)
            message = words.text("record.card_again", "en", path=p, card=repr(c.text))
            raise RecordError(message, field=p, ko=ko)
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
            keys = " ".join(sorted(repr(k) for k in value)[:8])
            got = ", ".join(quoted(clip(str(k))) for k in sorted(value, key=str)[:8])

            def keys_in(language: str, shown: str) -> str:
                if not shown:
                    return words.text("record.no_keys", language)
                return words.text("record.keys_are", language, keys=shown)

            ko = words.text(
                "record.seat_keys", "ko", path=quoted(path), seats=named, got=keys_in("ko", got)
            )
            message = words.text(
                "record.seat_keys", "en", path=path, seats=" ".join(letters),
                got=keys_in("en", keys),
            )
            raise RecordError(message, field=path, ko=ko)
        items = [(f"{path}.{k}", k, value[k]) for k in letters]
    elif isinstance(value, list):
        if len(value) != len(seats):
            raise expected(
                path, words.text("record.hands_n", "en", n=len(seats), seats=" ".join(letters)),
                value, words.text("record.hands_n", "ko", n=len(seats), seats=named),
            )
        pairs = zip(letters, value, strict=True)
        items = [(f"{path}[{i}]", k, v) for i, (k, v) in enumerate(pairs)]
    else:
        raise expected(
            path, words.text("record.hands_object", "en", seats=" ".join(letters)), value,
            words.text("record.hands_object", "ko", seats=named),
        )
    out: dict[str, list[Card]] = {}
    seen = 0
    for p, k, v in items:
        cs = cards_field(v, p, count, deck_mask, deck)
        m = cards_mask(cs)
        if m & seen:
            card = mask_cards(m & seen)[0]
            ko = words.text("record.dealt_twice", "ko", path=quoted(p), card=card)
            message = words.text("record.dealt_twice", "en", path=p, card=repr(card.text))
            raise RecordError(message, field=p, ko=ko)
        seen |= m
        out[k] = cs
    return out


def check_keys(obj: dict[str, Any], allowed: Sequence[str], path: str = "") -> None:
    """Refuse a key ``obj`` may not have (nothing in a record is silently ignored)."""
    for k in obj:
        if k not in allowed:
            shown = repr(k) if isinstance(k, str) and len(k) <= 40 else describe(k)
            key = quoted(k) if isinstance(k, str) and len(k) <= 40 else describe_ko(k)
            if path:
                ko = words.text("record.unknown_key_in", "ko", path=quoted(path), key=key)
                message = words.text("record.unknown_key_in", "en", path=path, key=shown)
            else:
                ko = words.text("record.unknown_key", "ko", key=key)
                message = words.text("record.unknown_key", "en", key=shown)
            raise RecordError(message, field=path or None, ko=ko)


def need_keys(obj: dict[str, Any], keys: Sequence[str], name: str) -> None:
    for k in keys:
        if k not in obj:
            raise RecordError(
                words.text("record.lacks", "en", name=repr(name), key=repr(k)),
                field=f"{name}.{k}",
                ko=words.text("record.lacks", "ko", name=quoted(name), key=quoted(k)),
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
def refused(key: str, /, field: str | None = None, **values: Any) -> RecordError:
    """A :class:`RecordError` (about ``field``) whose English and Korean are both the
    catalogue's ``key``, filled with the same ``values``."""
    return RecordError(
        words.text(key, "en", **values), field=field, ko=words.text(key, "ko", **values)
    )


def parse_json(data: Any) -> Any:
    """JSON text (``str``, or UTF-8 ``bytes``) → its value; anything else is returned as is.

    Read by the strict reader of :mod:`belote_lab.jsonlines` (no NaN, no huge numbers, bounded
    nesting); every failure is a :class:`RecordError`.
    """
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if raw.startswith(b"\xef\xbb\xbf"):
            raise refused("record.bom")
        try:
            data = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            ko = words.text("record.not_utf8", "ko", start=e.start)
            # the codec's own English reason is added to the English only
            message = words.text("record.not_utf8", "en", start=e.start) + f" ({e.reason})"
            raise RecordError(message, ko=ko) from None
    if not isinstance(data, str):
        return data
    if len(data) > MAX_TEXT:
        ko = words.text("record.too_long", "ko", n=f"{len(data):,}", most=f"{MAX_TEXT:,}")
        raise RecordError(
            words.text("record.too_long", "en", n=len(data), most=MAX_TEXT), ko=ko
        )
    if data.startswith("\ufeff"):
        raise refused("record.bom")
    try:
        return jsonlines.loads(data)
    except json.JSONDecodeError as e:
        if not data.strip():  # "empty", not json's "Expecting value: line 1 column 1"
            raise refused("record.empty") from None
        ko = words.text("record.json_syntax", "ko", line=e.lineno, col=e.colno)
        raise RecordError(words.text("record.not_json", "en", error=e), ko=ko) from None
    except ValueError as e:  # StrictJSONError: nesting, a huge number, NaN
        ko = words.text(
            "record.json_refused", "ko",
            error=korean_of(e) or words.text("record.json_unreadable", "ko"),
        )
        raise RecordError(words.text("record.json_refused", "en", error=e), ko=ko) from None


def guarded(read: Callable[[], _T]) -> _T:
    """Run a reader: every failure becomes a :class:`RecordError`."""
    try:
        return read()
    except RecordError:
        raise
    except (CardParseError, IllegalAction, IllegalPlay, RuleOptionError) as e:
        raise RecordError(str(e), ko=korean_of(e)) from None
    except RecursionError:
        raise refused("record.nested_too_deeply") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as e:
        # not expected: every field is checked before use; still, never another exception
        raise RecordError(
            words.text("record.malformed_unexpected", "en", kind=type(e).__name__, error=e),
            ko=korean_of(e) or words.text("record.malformed", "ko"),
        ) from None


def rebuilt(make: Callable[[], _T]) -> _T:
    """Run ``make`` (a class's ``_from_…`` rebuilder): a refusal becomes a
    :class:`RecordError` with the same message (and the Korean one, where it has one)."""
    try:
        return make()
    except RecordError:
        raise
    except (CardParseError, IllegalAction, IllegalPlay, ValueError) as e:
        ko = korean_of(e) or words.text("record.not_rebuilt", "ko")
        raise RecordError(str(e), ko=ko) from None


RECORD_KINDS = ("hand", "game", "run", "session")
"""The kinds of record (``what`` of :func:`check_header`), named by :func:`kind_word`."""


def kind_word(what: str, language: str = "ko") -> str:
    """A kind of record (:data:`RECORD_KINDS`) in words: ``판``, ``연승 도전·여정``; another
    ``what`` as it is.

    >>> kind_word("run"), kind_word("hand", "en"), kind_word("deal")
    ('연승 도전·여정', 'hand', 'deal')
    """
    if what not in RECORD_KINDS:
        return what
    return words.text(f"record.kind_{what}", language)


def check_header(data: Any, fmt: str, what: str) -> None:
    """A JSON object of format ``fmt`` (``what`` in messages: ``hand``, ``game``, ``run``) and a
    version this program reads."""
    if not isinstance(data, dict):
        raise not_an_object(what, data)
    if data.get("format") != fmt:
        raise not_of_format(what, data, fmt)
    if "version" not in data:
        raise missing_key("version")
    v = data["version"]
    if not is_whole(v):
        ko = words.text("record.version_not_whole", "ko", v=VERSION, got=describe_ko(v))
        message = words.text("record.version_not_whole", "en", v=VERSION, got=describe(v))
        raise RecordError(message, field="version", ko=ko)
    if v not in VERSIONS:
        reads = ", ".join(map(str, VERSIONS))
        huge = abs(v) >= 10**40
        ko = words.text(
            "record.version_unread", "ko", reads=reads,
            v=words.text("record.huge", "ko") if huge else v,
        )
        message = words.text(
            "record.version_unread", "en", reads=reads,
            v=words.text("record.huge", "en") if huge else v,
        )
        raise RecordError(message, field="version", ko=ko)


def not_an_object(what: str, data: Any) -> RecordError:
    """A ``what`` record (``hand``, ``game`` …) that is not a JSON object but ``data``.

    >>> e = not_an_object("hand", [])
    >>> print(e)
    a hand record must be a JSON object
    >>> print(e.text("ko"))
    판 기록은 JSON 객체여야 하는데 항목이 0개인 목록입니다.
    """
    return RecordError(
        words.text("record.must_be_object", "en", what=what),
        ko=words.text("record.not_object", "ko", what=kind_word(what), got=describe_ko(data)),
    )


def not_of_format(
    what: str, data: dict[str, Any], fmt: str, field: str | None = "format"
) -> RecordError:
    """A ``what`` record whose ``format`` is not ``fmt`` (or is missing, when ``field`` is
    ``None``: the Korean then says that ``format`` is missing)."""
    f = data.get("format")
    shown = repr(f) if isinstance(f, str) and len(f) < 60 else describe(f)
    got = quoted(f) if isinstance(f, str) and len(f) < 60 else describe_ko(f)
    what_ko = kind_word(what)
    if field is None and "format" not in data:
        ko = words.text("record.no_format", "ko", what=what_ko, fmt=quoted(fmt))
    else:
        ko = words.text("record.wrong_format", "ko", what=what_ko, fmt=quoted(fmt), got=got)
    message = words.text("record.not_kind", "en", what=what, got=shown)
    return RecordError(message, field=field, ko=ko)


def required(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """``data[key]``, which must be there and of type ``kind``."""
    if key not in data:
        raise missing_key(key)
    if not isinstance(data[key], kind):
        name = kind.__name__ if kind in (str, list, dict) else "other"  # type: ignore[union-attr]
        ko = words.text(
            "record.wrong_type", "ko", key=quoted(key),
            want=words.text(f"record.type_{name}", "ko"), got=describe_ko(data[key]),
        )
        message = words.text(
            "record.wrong_type", "en", key=repr(key),
            want=words.text(f"record.type_{name}", "en"), got=describe(data[key]),
        )
        raise RecordError(message, field=key, ko=ko)
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
        ko = words.text(
            "record.game_not_here", "ko", game=quoted(clip(game)), games=games_ko(known)
        )
        raise RecordError(
            words.text("record.unknown_game", "en", game=shown), field="game", ko=ko
        )
    return str(game)


def rules_field(game: str, data: dict[str, Any]) -> Any:
    """The record's ``rules`` (absent or null: the defaults) as ``game``'s rule options."""
    raw = data.get("rules")
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise expected_key("rules", "record.rules_object", raw)
    try:
        return rules_for(game, raw)
    except (RuleOptionError, TypeError, ValueError) as e:
        ko = words.text(
            "record.rules_refused", "ko",
            error=korean_of(e) or words.text("record.rules_unreadable", "ko"),
        )
        message = words.text("record.rules_refused", "en", error=e)
        raise RecordError(message, field="rules", ko=ko) from None


def seed_field(data: dict[str, Any]) -> int | None:
    """The record's ``seed``: a whole number or null."""
    seed = data.get("seed")
    if seed is not None and not is_whole(seed):
        raise expected_key("seed", "record.whole_or_null", seed)
    return seed


def game_class(game: str, kind: str) -> Any:
    """The class of ``game``'s records of ``kind`` (``"hand_class"`` or ``"match_class"``),
    from the registry."""
    cls = getattr(get(game), kind)
    if cls is None:
        what = "hand" if kind == "hand_class" else "game"
        ko = words.text("record.no_records", "ko", game=title_ko(game), what=kind_word(what))
        message = words.text("record.no_records", "en", game=repr(game), what=what)
        raise RecordError(message, field="game", ko=ko)
    return cls


def short(value: Any) -> str:
    """``repr`` of a small JSON value, else its description."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return describe(value)
    return text if len(text) <= 200 else describe(value)


# --- hands --------------------------------------------------------------------------------------
NEEDS_DECK = words.text("record.needs_deck", "en")
NEEDS_DECK_KO = words.text("record.needs_deck", "ko")
"""A hand record with neither its deck nor its start, in English and Korean (every game says
it)."""

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
        raise refused("record.no_dealer", field="dealer")
    actions = required(data, "actions", list)
    if "deck" in data and "start" in data:
        raise refused("record.deck_and_start", field="start")
    if "result" in data and data["result"] is not None and not isinstance(data["result"], dict):
        raise expected_key("result", "record.result_what", data["result"])
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
            shown = short(act)
            ko = words.text(
                "record.bad_action", "ko",
                action=quoted(shown) if shown != describe(act) else describe_ko(act),
            )
            message = words.text("record.bad_action", "en", action=shown)
            raise RecordError(message, i, trick, f"actions[{i}]", ko)
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
        return words.text("record.unknown_action", "ko", kind=quoted(clip(kind)))
    return words.text(
        "record.action_refused", "ko",
        kind=quoted(kind), seat=quoted(clip(seat)), value=quoted(clip(value)),
        what=words.text("record.word_card" if kind == "play" else "record.word_call", "ko"),
    )


def _check_result(hand: Any, recorded: Any) -> None:
    """The recorded result must be the replayed hand's."""
    if hand.result is None:
        raise refused("record.result_unfinished", field="result")
    if not json_equal(hand.result.to_json(), recorded):
        raise RecordError(
            words.text(
                "record.result_differs", "en", a=short(recorded),
                b=json.dumps(hand.result.to_json(), ensure_ascii=False),
            ),
            field="result",
            ko=words.text("record.result_not_replayed", "ko"),
        )


# --- games --------------------------------------------------------------------------------------
PARTS = ("hand", "game", "match", "run", "journey")
"""The parts of the records (a game's hands, a run's matches or games), named by
:func:`part_word`."""


def part_word(part: str, language: str = "ko") -> str:
    """A part of a record (:data:`PARTS`) in words: ``경기``, ``여정``; another ``part`` as
    it is.

    >>> part_word("match"), part_word("journey", "en"), part_word("round")
    ('경기', 'journey', 'round')
    """
    if part not in PARTS:
        return part
    return words.text(f"record.part_{part}", language)


def nested(
    records: list[Any], game_name: str, whole: str, part: str, key: str,
    load: Callable[[Any], Any], whole_ko: str | None = None, part_ko: str | None = None,
) -> list[Any]:
    """The records nested in a game (its hands) or a run (its games), each of ``game_name``,
    loaded by ``load``; a failure names the part (``hand 3: …``, field ``hands[2]``;
    ``whole_ko`` and ``part_ko`` are ``whole`` and ``part`` in Korean: ``3번째 판``)."""
    whole_ko = whole_ko or part_word(whole)
    part_ko = part_ko or part_word(part)
    title = title_ko(game_name)
    out = []
    for k, rec in enumerate(records):
        place = words.text("record.part_no", "ko", part=part_ko, n=k + 1)
        where = words.text("record.part_no", "en", part=part, n=k + 1)
        if isinstance(rec, dict) and rec.get("game") != game_name:
            got = rec.get("game")
            ko = words.text(
                "record.other_game", "ko", title=title, whole=whole_ko, part=part_ko,
                got=quoted(clip(got)) if isinstance(got, str) else describe_ko(got),
            )
            said = words.text(
                "record.holds_only", "en", game=game_name, whole=whole, part=part,
                got=describe(rec.get("game")),
            )
            raise RecordError(
                words.text("record.placed", "en", place=where, text=said),
                field=f"{key}[{k}].game", ko=ko, where_ko=(place,),
            )
        try:
            out.append(load(rec))
        except RecordError as e:
            said = words.text("record.placed", "en", place=where, text=str(e))
            raise e.within(said, place, f"{key}[{k}]") from None
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
        raise refused("record.no_hands", field="hands")
    if "totals" not in data:
        raise missing_key("totals")
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
            "totals", words.text("record.totals_what", "en", sides=" ".join(sides)), totals,
            words.text("record.totals_what", "ko", sides=named),
        )
    if not g.is_over and g.hand.is_over and not json_equal(totals, g.totals):
        # the last hand is finished and the recorded totals count it: next_hand() was called
        g.next_hand()
    if not json_equal(totals, g.totals):
        ko = words.text(
            "record.totals_differ", "ko", a=totals_ko(totals), b=totals_ko(dict(g.totals))
        )
        message = words.text("record.totals_differ", "en", a=short(totals), b=g.totals)
        raise RecordError(message, field="totals", ko=ko)


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
