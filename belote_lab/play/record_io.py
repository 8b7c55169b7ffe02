"""Game records as JSON: write, read and validate (no pickle, no eval) — the public module.

Hand and game records are read and written by :mod:`belote_lab.games.record` (the format is
described there), run records — a two-player Belote run
(:class:`~belote_lab.play.ladder.Belote2Run`) or a Callbreak journey
(:class:`~belote_lab.play.ladder.CallbreakJourney`) — by :mod:`belote_lab.play.ladder`; this module
gathers them, so that ``from belote_lab.play.record_io import hand_from_json, RecordError`` works
everywhere, and reads any of the three kinds of record (:func:`loads`, :func:`load`).

A bad record of any kind raises :class:`RecordError` (and nothing else), naming the field or
the action; its English and Korean words are the ``record.`` namespace of the catalogue of words
(``belote_lab/words/en/record.json``, ``ko/record.json``).

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand(seed=5)
>>> h.call("pass"); h.call("take")
>>> loads(hand_to_json(h)) == h
True
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from belote_lab import words
from belote_lab.games.record import (
    GAME_FORMAT,
    GAME_KEYS,
    HAND_FORMAT,
    HAND_KEYS,
    MAX_TEXT,
    RUN_FORMAT,
    VERSION,
    VERSIONS,
    RecordError,
    cards_field,
    check_keys,
    describe,
    describe_ko,
    expected,
    game_from_json,
    game_to_json,
    guarded,
    hand_from_json,
    hand_to_json,
    hands_field,
    int_field,
    is_number,
    is_whole,
    json_equal,
    korean_of,
    need_keys,
    not_an_object,
    not_of_format,
    parse_json,
    save,
    seat_field,
    str_field,
)
from belote_lab.korean import quoted
from belote_lab.play.ladder import RUN_KEYS, run_from_json, run_to_json

__all__ = [
    "RecordError",
    "hand_to_json",
    "hand_from_json",
    "game_to_json",
    "game_from_json",
    "run_to_json",
    "run_from_json",
    "save",
    "load",
    "loads",
    "hand_record",
    "HAND_FORMAT",
    "GAME_FORMAT",
    "RUN_FORMAT",
    "VERSION",
    # the field readers, for code that checks records of its own
    "VERSIONS",
    "MAX_TEXT",
    "HAND_KEYS",
    "GAME_KEYS",
    "RUN_KEYS",
    "parse_json",
    "describe",
    "describe_ko",
    "korean_of",
    "expected",
    "is_whole",
    "is_number",
    "int_field",
    "str_field",
    "seat_field",
    "cards_field",
    "hands_field",
    "check_keys",
    "need_keys",
    "json_equal",
]


def loads(data: str | bytes | dict[str, Any]) -> Any:
    """Read a hand, game or run record (JSON text, UTF-8 bytes or an object)."""
    value = guarded(lambda: parse_json(data))
    if isinstance(value, dict) and value.get("format") == GAME_FORMAT:
        return game_from_json(value)
    if isinstance(value, dict) and value.get("format") == RUN_FORMAT:
        return run_from_json(value)
    return hand_from_json(value)


def load(path: str | Path) -> Any:
    """Read a hand, game or run record written by :func:`save`; the file is only read.

    A missing or unreadable file raises ``OSError`` as usual; anything wrong with its
    contents (not UTF-8, a byte-order mark, not JSON, nested too deeply, a malformed
    record) raises :class:`RecordError`."""
    return loads(Path(path).read_bytes())


def hand_record(source: Any, hand_index: int = 0) -> dict[str, Any]:
    """One hand record as a dict, from a hand record or a game record (its hand
    ``hand_index``, from 0; negative counts from the end) given as a dict, JSON text, UTF-8
    bytes, a path, or an object with ``to_json()`` (a hand).  Only its form is checked here
    (:func:`hand_from_json` reads the rest); anything else raises :class:`RecordError`.

    >>> from belote_lab.simulation.selfplay import play_hand
    >>> rec = hand_record({"format": GAME_FORMAT, "hands": [play_hand("belote", "1,1,1,1",
    ...     seed=1).to_json()]})
    >>> rec["format"], len(rec["actions"]) > 32
    ('belote_lab/hand', True)
    >>> hand_record({"format": GAME_FORMAT, "hands": []})
    Traceback (most recent call last):
    ...
    belote_lab.games.record.RecordError: the game record holds no hands
    """
    if isinstance(source, Path) or (
        isinstance(source, str) and not source.lstrip().startswith(("{", "["))
    ):
        source = Path(source).read_bytes()
    if isinstance(source, (str, bytes)):
        source = parse_json(source)  # the records' strict reader: RecordError, nothing else
    if not isinstance(source, Mapping) and hasattr(source, "to_json"):
        source = source.to_json()
    if not isinstance(source, Mapping):
        raise not_an_object("hand", source)
    data = dict(source)
    if data.get("format") == GAME_FORMAT:
        data = _game_hand(data, hand_index)
    if data.get("format") != HAND_FORMAT:
        raise not_of_format("hand", data, HAND_FORMAT, field=None)
    return data


def _game_hand(data: dict[str, Any], hand_index: int) -> dict[str, Any]:
    """Hand ``hand_index`` of a game record."""
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError(
            words.text("record.game_no_hands", "en"),
            ko=words.text("record.game_no_hands", "ko"),
        )
    if not -len(hands) <= hand_index < len(hands):
        raise RecordError(
            words.text("record.hand_index", "en", i=hand_index, n=len(hands)),
            ko=words.text("record.hand_index", "ko", i=hand_index, n=len(hands)),
        )
    if not isinstance(hands[hand_index], Mapping):
        field = f"hands[{hand_index}]"
        said = words.text("record.must_be_object", "en", what="hand")
        raise RecordError(
            words.text("record.placed", "en", place=field, text=said),
            ko=words.text(
                "record.game_hand_not_object", "ko", field=quoted(field),
                got=describe_ko(hands[hand_index]),
            ),
        )
    return dict(hands[hand_index])
