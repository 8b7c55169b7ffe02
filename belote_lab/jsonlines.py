"""Reading JSON lines as a user may write them: strict, bounded, one answer a line.

Behind ``belote-lab referee`` and ``belote-lab solve`` (and the strict reader of game records
and of ``--rules``).  :func:`loads` is strict JSON: no ``NaN``/``Infinity``, no number of more
than :data:`MAX_DIGITS` digits or out of the float range, no key given twice in one object, no
nesting deeper than :data:`MAX_DEPTH` (counted before parsing, so the parser never recurses
without bound).
:func:`serve_file` answers every non-blank line of a file on its own, as soon as it is read:
a line that is not a JSON object gets an ``invalid`` answer and the run goes on.

>>> loads('{"a": [1, 2.5]}')
{'a': [1, 2.5]}
>>> parse_line(b'[1, 2]', 4)
Traceback (most recent call last):
...
belote_lab.jsonlines.BadLine: line 4 is an array, not a JSON object
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "EXIT_OK",
    "EXIT_UNREADABLE",
    "EXIT_USAGE",
    "StrictJSONError",
    "DuplicateKeyError",
    "BadLine",
    "loads",
    "json_kind",
    "clean_id",
    "nesting_exceeds",
    "parse_line",
    "answer_lines",
    "dump_answer",
    "write_answer",
    "serve",
    "serve_file",
]

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
are not UTF-8, not JSON, nested too deep, a number too long, a key given twice, a JSON array
or number)."""
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


class StrictJSONError(ValueError):
    """Text that :func:`loads` reads as JSON but refuses (nesting, a number, a constant)."""


class _Refused(StrictJSONError):
    """A value :func:`loads` refuses (a number too long or too large, NaN, Infinity)."""


class _TooDeep(StrictJSONError):
    """Nesting deeper than :data:`MAX_DEPTH`."""


class DuplicateKeyError(_Refused):
    """An object that gives one key twice (``{"game": "belote", "game": "callbreak"}``):
    JSON does not say which value counts, so :func:`loads` refuses it; ``key`` is the key."""

    def __init__(self, key: str) -> None:
        shown = repr(key) if len(key) <= 40 else repr(key[:40]) + "…"
        super().__init__(f"the key {shown} is given twice in one object")
        self.key = key


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object from its ``(key, value)`` pairs, each key once (:func:`loads`'s hook)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKeyError(key)
            seen.add(key)
    return out


def _lenient_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """:func:`_object` for :func:`_id_of`: an ``id`` given twice is a refused id."""
    out = dict(pairs)
    if sum(key == "id" for key, _ in pairs) > 1:
        out["id"] = _REFUSED
    return out


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
    out of the float range, no nesting deeper than :data:`MAX_DEPTH`, no key given twice in one
    object (:class:`DuplicateKeyError`).  Raises ``ValueError`` (``json.JSONDecodeError`` for
    text that is not JSON).

    >>> loads('{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    >>> loads("[NaN]")
    Traceback (most recent call last):
    ...
    belote_lab.jsonlines._Refused: NaN is not a JSON value
    >>> loads('{"game": "belote", "game": "callbreak"}')
    Traceback (most recent call last):
    ...
    belote_lab.jsonlines.DuplicateKeyError: the key 'game' is given twice in one object
    """
    if nesting_exceeds(text):
        raise _TooDeep(f"nests deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(
            text,
            parse_int=_int,
            parse_float=_float,
            parse_constant=_constant,
            object_pairs_hook=_object,
        )
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
            object_pairs_hook=_lenient_object,
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
    belote_lab.jsonlines.BadLine: line 4 is an array, not a JSON object
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
    lines: Iterable[bytes | str], answer_case: Answerer
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
    lines: Iterable[bytes | str], answer_case: Answerer, out: TextIO | None = None
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
    answer_case: Answerer,
    prog: str = "belote-lab",
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
            _, unreadable = serve(_reading(stream), answer_case, out)
        except _ReadError as e:
            print(f"{prog}: error: cannot read {path} to the end: {e}", file=errs)
            return EXIT_USAGE
    return EXIT_UNREADABLE if unreadable else EXIT_OK
