"""Korean words for the engine and the widgets: particles chosen by how a word is read, and
the Korean names of suits, cards, seats and teams (the terms of the seeds, docs/TERMS.md).

A Korean particle depends on the sound that ends the word before it: 이/가, 을/를, 은/는,
과/와 and 으로/로.  :func:`particle` reads the word the way a Korean reader says it:

- Hangul by its last syllable (받침 or not; ㄹ for 으로/로);
- numbers in Sino-Korean (10 십, 80 팔십, 4.2 사 점 이, 1000 천), the digits of any script
  by their value (٣ and ３ 삼, ² 이);
- Latin letters by their names (A 에이, J 제이, K 케이, Q 큐, but L 엘, M 엠, N 엔, R 알);
- a suit symbol by its suit's name (♠ 스페이드, ♥ 하트, ♦ 다이아몬드, ♣ 클로버: all vowels);
- a card by its Korean name, the suit then the rank (seed 000 says "으뜸패의 J", seed 001
  "으뜸패 J", "다른 무늬의 A"; :func:`card_name` is ``하트 J``), so the rank decides:
  ``A♠를``, ``J♥를``, ``9♥를``, ``10♥을`` (십), ``7♣을`` (칠), ``8♦로`` (팔);
- a closing bracket or quote and what it holds are skipped: ``하트 80(쿠앵슈, ×2)을``.

>>> particle("남", "이"), particle("서", "이"), particle("남북 팀", "은"), particle("80", "을")
('이', '가', '은', '을')
>>> particle("A♠", "을"), particle("10♥", "을"), particle("8♦", "으로"), particle("♠", "이")
('를', '을', '로', '가')

A template writes ``{name:을}`` (``이`` ``은`` ``과`` ``으로``, or their other forms) and
:func:`kformat` adds the particle its value takes; a :class:`~belote_lab.cards.Card` is shown
as ``A♠``, a :class:`~belote_lab.cards.Suit` as its symbol.  This module imports nothing of
``belote_lab`` when it is imported (the cards module itself words its parse errors with it); its
names are read from the catalogue's file when first used.

>>> from belote_lab.cards import Card
>>> kformat("{card:은} 손패에 없으므로 낼 수 없습니다.", card=Card.parse("QS"))
'Q♠는 손패에 없으므로 낼 수 없습니다.'
>>> kformat("{seat:이} {n:을} 콜했습니다.", seat=seat_word("W"), n=4)
'서쪽이 4를 콜했습니다.'

A seat in a sentence is :func:`seat_word` (``남쪽은``); the one-syllable :func:`seat_name`
(``남``) is for compact labels, where ``남은`` cannot be misread.

The names themselves (suits, seats, teams, ranks, contracts) are the ``names.`` texts of the
catalogue of words (``belote_lab/words/ko/names.json``, beside ``en/names.json``), read when
first used: :mod:`belote_lab.words` imports this module, so this one reads its file directly.
The particles and reading rules below are grammar, not texts, and stay here.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Protocol

__all__ = [
    "PARTICLES",
    "particle",
    "attach",
    "kformat",
    "KoreanFormatter",
    "suit_name",
    "rank_name",
    "card_name",
    "seat_name",
    "seat_word",
    "team_name",
    "quoted",
    "typed",
    "ordinal",
    "contract_name",
    "shown",
    "CardLike",
    "SUIT_NAMES",
    "SEAT_NAMES",
    "SEAT_WORDS",
    "TEAM_NAMES",
]

PARTICLES: dict[str, tuple[str, str]] = {
    "이": ("이", "가"),
    "을": ("을", "를"),
    "은": ("은", "는"),
    "과": ("과", "와"),
    "으로": ("으로", "로"),
}
"""Each particle kind: (after a consonant, after a vowel); ``으로`` also takes ``로`` after ㄹ."""

class CardLike(Protocol):
    """What this module reads of a :class:`~belote_lab.cards.Card` (it sits below the cards
    module, whose parse errors it words)."""

    @property
    def pretty(self) -> str: ...


_SEAT_LETTERS = "NESW"
_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_OF = {**{v: k for k, v in _SUIT_SYMBOLS.items()}, **{k: k for k in _SUIT_SYMBOLS}}
_KIND_OF = {form: kind for kind, forms in PARTICLES.items() for form in forms}
_DIGIT_FINAL = dict(zip("0123456789", "xlvxvvxllv", strict=True))  # 영 일 이 삼 사 오 육 칠 팔 구
_LETTER_FINAL = {"L": "l", "R": "l", "M": "x", "N": "x"}  # 엘 알 엠 엔; other letters: a vowel
_CARD_END = re.compile(r"(10|[2-9AKQJT])[♠♥♦♣]$")
_SKIPPED_END = re.compile(r"(\s*(\([^()]*\)|\[[^\[\]]*\]|[’'\"”」』.,!?:;]))+$")


@cache
def _names() -> Mapping[str, str]:
    """The ``names.`` texts of the Korean catalogue (``belote_lab/words/ko/names.json``), read
    once, when first used (:mod:`belote_lab.words` imports this module: it cannot be used
    here)."""
    from belote_lab.jsonlines import loads  # strict JSON; it imports nothing of belote_lab

    raw = (resources.files("belote_lab") / "words" / "ko" / "names.json").read_text("utf-8")
    data = loads(raw)
    if not isinstance(data, dict):
        raise ValueError("belote_lab/words/ko/names.json must hold one JSON object of texts")
    return MappingProxyType(data)


class _Names(Mapping[str, str]):
    """One family of the catalogue's names (``names.suit_S`` …) by its code (``S``), read
    from the catalogue when first looked up.

    >>> dict(TEAM_NAMES)
    {'NS': '남북 팀', 'EW': '동서 팀'}
    """

    def __init__(self, family: str, codes: tuple[str, ...]) -> None:
        self._family = family
        self._codes = codes

    def __getitem__(self, code: str) -> str:
        if code not in self._codes:
            raise KeyError(code)
        return _names()[f"{self._family}_{code}"]

    def __iter__(self) -> Iterator[str]:
        return iter(self._codes)

    def __len__(self) -> int:
        return len(self._codes)

    def __repr__(self) -> str:
        return repr(dict(self))


SUIT_NAMES: Mapping[str, str] = _Names("suit", ("S", "H", "D", "C"))
"""The suits' names (``스페이드 하트 다이아몬드 클로버``): the catalogue's ``names.suit_S`` …"""
SEAT_NAMES: Mapping[str, str] = _Names("seat", ("N", "E", "S", "W"))
"""The one-syllable seat names, for compact labels only (table headers, card diagrams,
``북–남``): in a sentence ``남은`` reads "remaining" and ``남이`` "someone else"
(``names.seat_N`` …)."""
SEAT_WORDS: Mapping[str, str] = _Names("seat_word", ("N", "E", "S", "W"))
"""The seat names of a sentence, wherever a seat is a subject, topic or owner
(:func:`seat_word`; ``names.seat_word_N`` …)."""
TEAM_NAMES: Mapping[str, str] = _Names("team", ("NS", "EW"))
"""The teams' names (``남북 팀``, ``동서 팀``): ``names.team_NS`` …"""

def _final(word: str) -> str:
    """How ``word`` ends when read in Korean: ``v`` (a vowel), ``l`` (ㄹ) or ``x`` (another
    consonant)."""
    w = _SKIPPED_END.sub("", word.rstrip()) or word.strip()
    if not w:
        return "v"
    card = _CARD_END.search(w)
    if card is not None:
        w = card.group(1)
    last = w[-1]
    if "가" <= last <= "힣":
        final = (ord(last) - ord("가")) % 28
        return "v" if final == 0 else "l" if final == 8 else "x"
    if last.isdigit():
        start = len(w)
        while start and w[start - 1].isdigit():  # the number that ends the word
            start -= 1
        # any script's digits (٣, ３, ², ①) are read by their value, as the ASCII ones are
        number = "".join(str(unicodedata.digit(ch, 0)) for ch in w[start:])
        if number != "0" and number.endswith("0"):
            return "x"  # 십 백 천 만: each ends in a consonant other than ㄹ
        return _DIGIT_FINAL.get(number[-1], "v")
    return _LETTER_FINAL.get(last.upper(), "v")  # ♠ ♥ ♦ ♣, ×, the other letters: a vowel


def particle(word: object, kind: str) -> str:
    """The particle that follows ``word`` (read as in the module's text): ``kind`` is one of
    ``이 을 은 과 으로`` or the other form of one (``가 를 는 와 로``).

    >>> [particle(w, "이") for w in ("북", "동", "남", "서")]
    ['이', '이', '이', '가']
    >>> [particle(w, "을") for w in ("K♦", "7♣", "10", "4.2", "쿠앵슈 (×2)", "‘ZZ’")]
    ['를', '을', '을', '를', '를', '를']
    >>> particle("하트", "으로"), particle("으뜸패 없음", "으로"), particle("7", "으로")
    ('로', '으로', '로')

    Any text gets a particle, never an error: other scripts' digits by their value, a sign
    with no Korean reading as a vowel.

    >>> particle("‘٣’", "은"), particle("３", "을"), particle("²", "이"), particle("∞", "을")
    ('은', '을', '가', '를')
    """
    k = _KIND_OF.get(kind)
    if k is None:
        raise ValueError(f"unknown particle {kind!r}; choose one of {', '.join(PARTICLES)}")
    final = _final(str(word))
    after_consonant, after_vowel = PARTICLES[k]
    if k == "으로":
        return after_vowel if final in ("v", "l") else after_consonant
    return after_vowel if final == "v" else after_consonant


def attach(word: object, kind: str) -> str:
    """``word`` followed by its particle: ``attach("남", "이")`` is ``남이``.

    >>> attach("J♥", "을"), attach("동서 팀", "과")
    ('J♥를', '동서 팀과')
    """
    text = shown(word)
    return text + particle(text, kind)


def shown(value: object) -> str:
    """How a value is written in a Korean sentence: a card as ``J♥``, a suit as ``♥`` (read
    from their ``pretty`` and ``symbol``), anything else as ``str`` writes it.

    >>> from belote_lab.cards import Card, Suit
    >>> shown(Card.parse("TH")), shown(Suit.H), shown(80)
    ('10♥', '♥', '80')
    """
    if isinstance(value, str):
        return value
    for form in ("pretty", "symbol"):
        text = getattr(value, form, None)
        if isinstance(text, str):
            return text
    return str(value)


class KoreanFormatter(string.Formatter):
    """``str.format`` where ``{name:을}`` (any particle kind or form) writes the value followed
    by its particle; a card or suit value is written as :func:`shown` writes it."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in _KIND_OF:
            return attach(value, format_spec)
        if not format_spec and (hasattr(value, "pretty") or hasattr(value, "symbol")):
            return shown(value)
        return str(super().format_field(value, format_spec))


_FORMATTER = KoreanFormatter()


def kformat(template: str, /, **values: Any) -> str:
    """``template`` filled in by :class:`KoreanFormatter`.

    >>> kformat("{a:이} {b:을} 이겼으므로 {c:으로} 끝납니다.", a="동서 팀", b="J♥", c="카포")
    '동서 팀이 J♥를 이겼으므로 카포로 끝납니다.'
    """
    return _FORMATTER.format(template, **values)


def suit_name(suit: object) -> str:
    """``하트`` for hearts: a suit letter or symbol, a :class:`~belote_lab.cards.Suit` (by its
    ``name``) or a suit index (0–3, ``S H D C``).

    >>> from belote_lab.cards import Suit
    >>> suit_name("♠"), suit_name(Suit.C), suit_name("h")
    ('스페이드', '클로버', '하트')
    """
    if isinstance(suit, int):
        return SUIT_NAMES["SHDC"[suit]]
    letter = getattr(suit, "name", suit)
    key = _SUIT_OF.get(str(letter).strip().upper()) or _SUIT_OF.get(str(letter).strip())
    if key is None:
        raise ValueError(f"unknown suit {suit!r}")
    return SUIT_NAMES[key]


def rank_name(card: CardLike) -> str:
    """A card's rank as the seeds write it: ``A K Q J 10 9 … 2``.

    >>> from belote_lab.cards import Card
    >>> rank_name(Card.parse("TH")), rank_name(Card.parse("JS"))
    ('10', 'J')
    """
    return card.pretty[:-1]


def card_name(card: CardLike) -> str:
    """A card in Korean words, its suit then its rank (seed 001: "으뜸패 J"): ``하트 J``.

    >>> from belote_lab.cards import Card
    >>> card_name(Card.parse("JH")), card_name(Card.parse("TS"))
    ('하트 J', '스페이드 10')
    >>> attach(card_name(Card.parse("7C")), "을")
    '클로버 7을'
    """
    return _names()["card"].format(suit=suit_name(card.pretty[-1]), rank=rank_name(card))


def _seat_letter(seat: int | str) -> str:
    letter = seat if isinstance(seat, str) else _SEAT_LETTERS[seat]
    return letter.strip().upper()


def seat_name(seat: int | str) -> str:
    """``북 동 남 서`` for a seat index (0–3) or letter (``N E S W``): the short name of a
    compact label (a table header, a card diagram, ``북–남``). A sentence names a seat with
    :func:`seat_word`.

    >>> seat_name(0), seat_name("W")
    ('북', '서')
    """
    return SEAT_NAMES[_seat_letter(seat)]


def seat_word(seat: int | str) -> str:
    """``북쪽 동쪽 남쪽 서쪽`` for a seat index (0–3) or letter (``N E S W``): a seat in a
    sentence, as a subject, topic or owner (``남쪽은``, ``남쪽이``, ``남쪽의 손패``), where the
    one-syllable ``남은`` would read "remaining" and ``남이`` "someone else".

    >>> seat_word(2), seat_word("w")
    ('남쪽', '서쪽')
    >>> kformat("{seat:은} 1을 콜했습니다.", seat=seat_word("S"))
    '남쪽은 1을 콜했습니다.'
    """
    return SEAT_WORDS[_seat_letter(seat)]


def team_name(side: str) -> str:
    """A team (``NS``/``EW``) or, in a game without teams, a seat letter, in Korean words for
    a sentence.

    >>> team_name("NS"), team_name("E")
    ('남북 팀', '동쪽')
    """
    return TEAM_NAMES.get(side) or seat_word(side)


_CONTRACT_KEYS = {"NT": "contract_NT", "AT": "contract_AT", "callbreak": "contract_callbreak"}
"""The contracts named by a word rather than by their trump suit: each one's ``names.`` key."""


def contract_name(code: str) -> str:
    """A contract by its code (``S H D C NT AT``, ``callbreak``) in Korean: its trump
    suit's symbol and name, ``으뜸패 없음`` or ``모두 으뜸패`` (seed 004).

    >>> contract_name("H"), contract_name("NT"), attach(contract_name("AT"), "으로")
    ('♥ 하트 으뜸패', '으뜸패 없음', '모두 으뜸패로')
    """
    names = _names()
    key = _CONTRACT_KEYS.get(code)
    if key == "contract_callbreak":  # spades are trump: the name says which game
        return names[key].format(trump=contract_name("S"))
    if key is not None:
        return names[key]
    return names["contract_suit"].format(symbol=_SUIT_SYMBOLS[code.upper()], suit=suit_name(code))


def quoted(value: object) -> str:
    """What a user typed, in Korean quotation marks: ``‘ZZ’`` (its particle reads the text
    inside: ``‘ZZ’는``). ``True``, ``False`` and ``None`` are written as JSON writes them
    (``‘true’``, ``‘null’``), never as Python's reprs.

    >>> quoted("ZZ"), attach(quoted(7), "은"), attach(quoted(True), "은"), quoted(None)
    ('‘ZZ’', '‘7’은', '‘true’는', '‘null’')
    """
    if value is None:
        value = "null"
    elif isinstance(value, bool):
        value = "true" if value else "false"
    return f"‘{value}’"


def typed(value: object) -> str:
    """A value a user gave, for a sentence that refuses it: quoted (:func:`quoted`), and a
    JSON word (``true``, ``false``, ``null``) called a value, so that no reader takes it for
    English: ``‘true’ 값``.

    >>> attach(typed("xyz"), "은"), attach(typed(False), "은"), attach(typed(None), "은")
    ('‘xyz’는', '‘false’ 값은', '‘null’ 값은')
    """
    shown = quoted(value)
    if value is None or isinstance(value, bool):
        return _names()["json_word"].format(value=shown)
    return shown


def ordinal(n: int) -> str:
    """The ``n``-th in Korean words: ``첫 번째`` for 1 (``1번째`` is not said), then
    ``2번째``, ``1,000번째``.

    >>> ordinal(1), ordinal(3), attach(ordinal(1) + " 판", "이"), ordinal(1200)
    ('첫 번째', '3번째', '첫 번째 판이', '1,200번째')
    """
    return "첫 번째" if n == 1 else f"{n:,}번째"
