"""One catalogue of words per language: every text a user reads, looked up by key, kept as
data an editor can read and review (``belote_lab/words/en/`` and ``belote_lab/words/ko/``),
not as Python literals scattered over the modules.

Each language is a folder of files, one a namespace: ``ko/table.json`` holds the ``table.``
texts, ``ko/reasons.json`` the refusal reasons of the trick core, and so on.  A file is one
flat JSON object: short keys (identifiers) in sorted order, one per line, the Korean written
as Korean (``ensure_ascii=False``; :func:`dumps` writes that form).  A text's key is its
namespace and its short key: ``table.new_hand``, ``settings.pace``.  Both languages have the
same files, keys and each key the same ``{fields}`` (``tests/test_words.py`` checks it, and
that every key is used by the code).  A template is filled by :func:`text`: in English with
``str.format``, in Korean with :func:`belote_lab.korean.kformat`, so ``{seat:이}`` is followed
by the particle the value takes (``남쪽이``, ``서쪽이``, ``A♠를``, ``10♥을``) and ``{n:번째}``
writes an ordinal as a Korean reader says it (``첫 번째``, never ``1번째``).

>>> text("table.undo", "ko"), text("table.to_play", "en", seat="South")
('되돌리기', 'South to play')
>>> text("table.lead_empty", "ko", seat="서쪽")
'아직 바닥에 카드가 없으므로 서쪽이 선입니다.'
>>> text("table.lead_empty", "ko", seat="남쪽")
'아직 바닥에 카드가 없으므로 남쪽이 선입니다.'
>>> text("table.game_no", "ko", n=1), text("table.game_no", "en", n=1)
('첫 번째 게임', 'Game 1')
>>> text("table.no_such_key", "ko")
Traceback (most recent call last):
...
KeyError: "no text 'table.no_such_key' in the ko catalogue (belote_lab/words/ko/table.json)"

This module is of the core layer: it imports only :mod:`belote_lab.korean` and
:mod:`belote_lab.jsonlines`.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from belote_lab import korean
from belote_lab.jsonlines import loads

__all__ = [
    "LANGUAGES",
    "check_language",
    "text",
    "keys",
    "catalogue",
    "parse",
    "section",
    "namespaces",
    "fields",
    "fill",
    "dumps",
    "path_of",
    "WordsFormatter",
]

LANGUAGES: tuple[str, ...] = ("en", "ko")
"""The languages of the catalogue, one file each."""

ORDINAL = "번째"
"""The format spec of a Korean ordinal: ``{n:번째}`` (``첫 번째``, ``2번째``)."""


def check_language(language: str) -> str:
    """``language`` if it is one of :data:`LANGUAGES`, else :class:`ValueError`."""
    if language not in LANGUAGES:
        raise ValueError(
            f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}"
        )
    return language


def path_of(language: str, namespace: str | None = None) -> str:
    """Where the catalogue of ``language`` lives (its folder, or one namespace's file),
    relative to the repository.

    >>> path_of("ko"), path_of("ko", "table")
    ('belote_lab/words/ko', 'belote_lab/words/ko/table.json')
    """
    folder = f"belote_lab/words/{check_language(language)}"
    return folder if namespace is None else f"{folder}/{namespace}.json"


def parse(raw: str, where: str) -> dict[str, str]:
    """A namespace file's text read: one flat JSON object of texts whose keys are
    identifiers, each key once; anything else is refused with ``where`` (the file) named.

    >>> parse('{"x": "X"}', "x.json")
    {'x': 'X'}
    >>> parse('{"x": "X", "x": "Y"}', "x.json")
    Traceback (most recent call last):
    ...
    ValueError: x.json is not valid JSON: the key 'x' is given twice in one object
    >>> parse('{"x": 1}', "x.json")
    Traceback (most recent call last):
    ...
    ValueError: x.json: the value of 'x' is not a text
    >>> parse('{"a.b": "X"}', "x.json")
    Traceback (most recent call last):
    ...
    ValueError: x.json: the key 'a.b' is not a short key (letters, digits and _)
    """
    try:
        data = loads(raw)
    except ValueError as e:
        raise ValueError(f"{where} is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{where} must hold one JSON object of texts")
    for key, value in data.items():
        if not isinstance(value, str):
            raise ValueError(f"{where}: the value of {key!r} is not a text")
        if not key.isidentifier():
            raise ValueError(f"{where}: the key {key!r} is not a short key (letters, digits and _)")
    return data


def namespaces(language: str = "en") -> tuple[str, ...]:
    """The namespaces of ``language``'s catalogue (its files), sorted.

    >>> {"settings", "table"} <= set(namespaces("ko"))
    True
    """
    folder = resources.files("belote_lab") / "words" / check_language(language)
    return tuple(sorted(
        f.name.removesuffix(".json") for f in folder.iterdir() if f.name.endswith(".json")
    ))


@cache
def catalogue(language: str) -> Mapping[str, str]:
    """Every template of ``language`` by its full key ``namespace.key`` (read once,
    read-only; :func:`parse` refuses a file that is not one flat JSON object of texts,
    naming the file and the key).

    >>> catalogue("en")["table.trump"], type(catalogue("ko")).__name__
    ('trump', 'mappingproxy')
    """
    lang = check_language(language)
    folder = resources.files("belote_lab") / "words" / lang
    out: dict[str, str] = {}
    for namespace in namespaces(lang):
        raw = (folder / f"{namespace}.json").read_text(encoding="utf-8")
        for key, value in parse(raw, path_of(lang, namespace)).items():
            out[f"{namespace}.{key}"] = value
    return MappingProxyType(out)


def keys(language: str = "en") -> tuple[str, ...]:
    """Every key of ``language``'s catalogue, sorted.

    >>> "settings.pace" in keys("ko"), keys("en") == keys("ko")
    (True, True)
    """
    return tuple(sorted(catalogue(language)))


def section(namespace: str, language: str) -> dict[str, str]:
    """The templates of one namespace, by their key inside it (a copy).

    >>> section("settings", "ko")["title"]
    '설정'
    """
    head = namespace + "."
    return {k[len(head):]: v for k, v in catalogue(language).items() if k.startswith(head)}


class WordsFormatter(korean.KoreanFormatter):
    """:class:`belote_lab.korean.KoreanFormatter` (``{x:을}`` adds the particle) that also
    writes ``{n:번째}`` as a Korean ordinal (:func:`belote_lab.korean.ordinal`).

    >>> WordsFormatter().format("{n:번째} 트릭을 {seat:이} 가져갔습니다.", n=1, seat="북쪽")
    '첫 번째 트릭을 북쪽이 가져갔습니다.'
    """

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == ORDINAL:
            return korean.ordinal(int(value))
        return super().format_field(value, format_spec)


_KOREAN = WordsFormatter()


def fill(template: str, language: str, /, **values: Any) -> str:
    """``template`` filled as :func:`text` fills a template of ``language``: Korean through
    :class:`WordsFormatter` (particles, ordinals), English through ``str.format``.

    >>> fill("{seat:이} {n:번째} 트릭을 가져갔습니다.", "ko", seat="동쪽", n=2)
    '동쪽이 2번째 트릭을 가져갔습니다.'
    """
    if check_language(language) == "ko":
        return _KOREAN.format(template, **values)
    return template.format(**values)


def text(key: str, /, language: str = "en", **values: Any) -> str:
    """The template ``key`` of ``language`` filled with ``values``.

    A key that is not in the catalogue raises :class:`KeyError` naming the key and the
    language; a field the template needs and ``values`` lacks raises :class:`KeyError`
    naming the field and the key.

    >>> text("table.you_played", "ko", card="9♥"), text("table.you_played", "en", card="9♥")
    ('9♥를 냈습니다.', 'You played 9♥.')
    >>> text("table.you_played", "ko")
    Traceback (most recent call last):
    ...
    KeyError: "the text 'table.you_played' (ko) needs the value 'card'"
    """
    lang = check_language(language)
    try:
        template = catalogue(lang)[key]
    except KeyError:
        where = path_of(lang, key.split(".", 1)[0]) if "." in key else path_of(lang)
        raise KeyError(f"no text {key!r} in the {lang} catalogue ({where})") from None
    try:
        return fill(template, lang, **values)
    except KeyError as e:
        raise KeyError(f"the text {key!r} ({lang}) needs the value {e.args[0]!r}") from None


def fields(template: str) -> frozenset[str]:
    """The names of the ``{fields}`` of a template (without their format specs).

    >>> sorted(fields("{seat:이} {card:을} 냈습니다 ({n:번째} 트릭, {{literal}})"))
    ['card', 'n', 'seat']
    """
    return frozenset(
        name.split(".")[0].split("[")[0]
        for _, name, _, _ in string.Formatter().parse(template)
        if name
    )


def dumps(data: Mapping[str, str]) -> str:
    """A namespace file as it is written: one flat object, keys sorted, one per line, the
    Korean as Korean, a newline at the end.

    >>> print(dumps({"x": "나", "y": "y"}), end="")
    {
      "x": "나",
      "y": "y"
    }
    """
    return json.dumps(dict(data), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
