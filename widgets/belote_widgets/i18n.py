"""Every label of the widgets in English and Korean, card names in both, and the language choice.

A widget made with ``language=None`` (the default) follows the global language, which
:func:`set_language` changes (and every such widget on screen is redrawn); a widget made with
``language="ko"`` keeps its own.  Rule explanations are not written here: they come from the
engine (:meth:`belote_lab.trick.Reason.text`).

>>> from belote_lab.cards import Card
>>> card_name(Card.parse("JH")), card_name(Card.parse("TS"), "ko")
('jack of hearts', '스페이드 10')
>>> text("hand_no", "ko"), text("to_play", "ko", seat=seat_word(2, "ko"))
('판', '남쪽 차례')
>>> text("to_play", "en", seat=seat_word(2, "en"))
'South to play'

Every label is a ``table.`` text of the catalogue of words (:mod:`belote_lab.words`,
``belote_lab/words/en/table.json`` and ``ko/table.json``), where an editor reads and changes it;
the names of suits, ranks, cards, seats, teams, contracts and languages are its ``names.`` texts
(``en/names.json``, ``ko/names.json``: the Korean ones are also :mod:`belote_lab.korean`'s).
A seat in a sentence is :func:`seat_word` (``남쪽이 선입니다``); the one-syllable :func:`seat_name`
(``남``) is for compact labels (a seat's panel, a column header).

Korean particles follow the word they attach to (no "을(를)" fallbacks): a template writes
``{pts:을}`` and :func:`text` picks 을 or 를 as the word is read (:mod:`belote_lab.korean`, which
also holds :func:`particle`); the Korean words are the seeds' (docs/TERMS.md).

>>> text("co_part_cards", "ko", pts=118, r=120), text("co_part_cards", "ko", pts=44, r=40)
('딴 점수 118을 반올림한 120', '딴 점수 44를 반올림한 40')
>>> text("you_played", "ko", card=Card.parse("9H").pretty)
'9♥를 냈습니다.'
>>> text("lead_empty", "ko", seat=seat_word("W", "ko"))
'아직 바닥에 카드가 없으므로 서쪽이 선입니다.'
>>> text("game_no", "ko", n=1), text("game_no", "ko", n=2)
('첫 번째 게임', '2번째 게임')
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from typing import Any

from belote_lab.cards import SEATS, Card, Suit
from belote_lab.contract import Contract, ContractKind
from belote_lab.games import get
from belote_lab.games.coinche import DOUBLES, Bid
from belote_lab.korean import particle
from belote_lab.words import LANGUAGES, catalogue, check_language, fill, section
from belote_lab.words import text as catalogue_text

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "set_language",
    "get_language",
    "check_language",
    "text",
    "words",
    "card_name",
    "suit_name",
    "seat_name",
    "seat_word",
    "side_name",
    "contract_name",
    "game_name",
    "call_label",
    "event_text",
    "bid_words",
    "particle",
    "labels",
    "on_language_change",
]

NAMESPACE = "table"
"""The catalogue's namespace of these labels (``table.new_hand`` …)."""
NAMES = "names"
"""The catalogue's namespace of names (``names.suit_H``, ``names.seat_S`` …)."""
LANGUAGE_NAMES: dict[str, str] = {
    language: catalogue_text(f"{NAMES}.language_{language}", language) for language in LANGUAGES
}
"""Each language by its own name (``English``, ``한국어``): ``names.language_en`` …"""

_state = {"language": "en"}
_listeners: list[weakref.WeakMethod[Callable[[], None]]] = []


def get_language() -> str:
    """The global language (``"en"`` until :func:`set_language` changes it)."""
    return _state["language"]


def set_language(language: str) -> None:
    """Choose the language of every widget that has no language of its own, and redraw them
    (nothing to redraw when the language stays the same)."""
    if check_language(language) == _state["language"]:
        return
    _state["language"] = language
    alive = []
    for ref in _listeners:
        fn = ref()
        if fn is not None:
            alive.append(ref)
            fn()
    _listeners[:] = alive


def on_language_change(method: Callable[[], None]) -> None:
    """Call the bound ``method`` after each :func:`set_language` (kept by a weak reference)."""
    _listeners.append(weakref.WeakMethod(method))  # type: ignore[arg-type]


# --- labels ---------------------------------------------------------------------------------------
# Every label is a ``table.`` text of the catalogue (belote_lab/words/en/table.json, ko/table.json):
# data an editor reads in one place.  The names (suits, ranks, seats, teams, contracts) are its
# ``names.`` texts (en/names.json, ko/names.json), the same ones belote_lab.korean reads.


def _name(key: str, language: str, **values: Any) -> str:
    """The catalogue's name ``names.<key>`` in ``language``."""
    return catalogue_text(f"{NAMES}.{key}", language, **values)


def _lang(language: str | None) -> str:
    return get_language() if language is None else check_language(language)


def labels(language: str) -> dict[str, str]:
    """Every label template of ``language`` (a copy), by key: the ``table.`` texts of the
    catalogue (:mod:`belote_lab.words`), what the term checks of ``tests/test_korean.py`` read.

    >>> labels("ko")["trump"], set(labels("ko")) == set(labels("en"))
    ('으뜸패', True)
    """
    return section(NAMESPACE, check_language(language))


def text(key: str, language: str | None = None, **values: Any) -> str:
    """The label ``key`` in ``language`` (the global language when ``None``), filled in.

    A Korean field written ``{name:이}`` (``을``, ``은``, ``과``, ``으로``) is followed by the
    particle its value takes (:func:`belote_lab.korean.particle`: cards, suits, seats, teams
    and numbers as a Korean reader says them).  Every key has both languages (a test checks):
    it is the catalogue's ``table.<key>`` (:func:`belote_lab.words.text`).
    """
    return catalogue_text(f"{NAMESPACE}.{key}", _lang(language), **values)


def words(
    table: Mapping[str, Mapping[str, str]], key: str, language: str | None = None,
    **values: Any,
) -> str:
    """Template ``key`` of a widget's own ``{language: {key: template}}`` table, filled in as
    :func:`text` fills its labels (:func:`belote_lab.words.fill`: Korean particles and ordinals);
    a key missing in ``language`` falls back to English.

    >>> words({"en": {"won": "{seat} won"}, "ko": {"won": "{seat:이} 이겼습니다"}}, "won", "ko",
    ...       seat="서")
    '서가 이겼습니다'
    """
    lang = _lang(language)
    template = table[lang].get(key) if lang in table else None
    if template is None:
        template = table["en"][key]
    if not values:
        return template
    return fill(template, lang, **values)


def suit_name(suit: Suit | int | str, language: str | None = None) -> str:
    """``hearts`` / ``하트``."""
    s = Suit.parse(suit) if isinstance(suit, str) else Suit(suit)
    return catalogue_text(f"{NAMES}.suit_{s.name}", _lang(language))


def card_name(card: Card | str, language: str | None = None) -> str:
    """A card in words (for screen readers and tooltips): ``jack of hearts`` / ``하트 J``, the
    Korean one as the seeds name cards (:func:`belote_lab.korean.card_name`)."""
    c = Card.parse(card)
    lang = _lang(language)
    rank = catalogue_text(f"{NAMES}.rank_{c.rank.letter}", lang)
    return _name("card", lang, rank=rank, suit=suit_name(c.suit, lang))


def seat_name(seat: int | str, language: str | None = None) -> str:
    """``South`` / ``남`` for a seat index or letter: the short name of a compact label (a
    seat's panel, a column header, ``북 2, 동 3``); a sentence names a seat by
    :func:`seat_word`."""
    letter = seat if isinstance(seat, str) else SEATS[seat]
    return catalogue_text(f"{NAMES}.seat_{letter}", _lang(language))


def seat_word(seat: int | str, language: str | None = None) -> str:
    """``South`` / ``남쪽``: a seat in a sentence, as a subject, topic or owner
    (:func:`belote_lab.korean.seat_word`), where the one-syllable ``남은`` would read
    "remaining" and ``남이`` "someone else".

    >>> seat_word(2, "ko"), seat_word("W", "ko"), seat_word("N", "en")
    ('남쪽', '서쪽', 'North')
    """
    letter = seat if isinstance(seat, str) else SEATS[seat]
    return catalogue_text(f"{NAMES}.seat_word_{letter}", _lang(language))


def side_name(side: str, language: str | None = None) -> str:
    """A scoring side: a team (``NS``/``EW``) or a seat letter."""
    lang = _lang(language)
    if side in _TEAMS:
        return catalogue_text(f"{NAMES}.team_{side}", lang)
    return seat_name(side, lang)


_TEAMS = ("NS", "EW")


def game_name(game: str, language: str | None = None) -> str:
    """A game's title as a table shows it: the game's own title (the catalogue's
    ``names.game_<name>``, or the title of a game added by :func:`belote_lab.games.register`),
    in English with a capital first letter, as a name heading a panel.

    >>> game_name("belote2", "en"), game_name("belote2", "ko"), game_name("coinche", "en")
    ('Two-player Belote', '2인 벨로트', 'Coinche')
    """
    lang = _lang(language)
    g = get(game)
    if lang == "ko":
        return str(g.title_ko)
    return g.title[:1].upper() + g.title[1:]


def contract_name(contract: Contract | str, language: str | None = None) -> str:
    """``♥ hearts trump`` / ``♥ 하트 으뜸패``, ``no trump`` / ``으뜸패 없음`` …

    >>> contract_name("NT", "ko"), contract_name("S", "en"), contract_name("D", "ko")
    ('으뜸패 없음', '♠ spades trump', '♦ 다이아몬드 으뜸패')
    >>> contract_name("callbreak", "ko"), contract_name("callbreak", "en")
    ('♠ 스페이드 으뜸패(콜브레이크)', '♠ spades trump (Callbreak)')
    """
    c = Contract.parse(contract)
    lang = _lang(language)
    if c.kind not in (ContractKind.SUIT, ContractKind.NO_TRUMP, ContractKind.ALL_TRUMP):
        return _name("contract_callbreak", lang, trump=contract_name("S", lang))
    if c.kind is ContractKind.SUIT:
        assert c.trump is not None
        return _name("contract_suit", lang, symbol=c.trump.symbol, suit=suit_name(c.trump, lang))
    return catalogue_text(f"{NAMES}.contract_{c.code}", lang)


_WORD_CALLS = frozenset({"pass", *DOUBLES, "NT", "AT"})
"""The calls whose label is a word of their own (``call_<call>``)."""


def _coinche_bid(call: str) -> Bid | None:
    try:
        return Bid.parse(call)
    except ValueError:
        return None


def call_label(call: str | int, language: str | None = None, turned: Card | None = None) -> str:
    """The words on a call button: ``Take ♥``, ``Pass``, ``♣ trump``, ``110 ♠``, ``4`` …; a
    Coinche bid in Korean as every Korean text names it (:func:`bid_words`: ``하트 80``).

    >>> call_label("take", "en", Card.parse("9H")), call_label("110NT", "ko")
    ('Take ♥', '으뜸패 없음 110')
    >>> call_label("capotbeloteS", "en"), call_label("generaleH", "ko"), call_label("80S", "ko")
    ('Capot with belote ♠', '하트 제네랄', '스페이드 80')
    """
    lang = _lang(language)
    if isinstance(call, int) or (isinstance(call, str) and call.isdigit()):
        return str(call)
    if call == "take":
        suit = turned.suit.symbol if turned is not None else ""
        return text("call_take", lang, suit=suit).strip()
    if call in _WORD_CALLS:
        return text(f"call_{call}", lang)
    if call in ("S", "H", "D", "C"):
        return text("call_suit", lang, suit=Suit.parse(call).symbol)
    bid = _coinche_bid(call)
    if bid is None:
        return call
    if lang == "ko":
        return bid_words(bid, lang)
    trump = Suit.parse(bid.trump).symbol if len(bid.trump) == 1 else text(f"call_{bid.trump}", lang)
    head = str(bid.value) if bid.kind == "points" else text(f"call_{bid.kind}", lang)
    return f"{head} {trump}"


def bid_words(bid: str | Bid, language: str | None = None) -> str:
    """A Coinche bid in words: ``80 in hearts`` / ``하트 80``, ``a capot in spades`` …

    >>> bid_words("80H"), bid_words("110NT", "ko"), bid_words("capotS")
    ('80 in hearts', '으뜸패 없음 110', 'a capot in spades')
    """
    b = Bid.parse(bid)
    lang = _lang(language)
    trump = (suit_name(b.trump, lang) if len(b.trump) == 1
             else catalogue_text(f"{NAMES}.contract_{b.trump}", lang))
    return text(f"bid_{b.kind}", lang, value=b.value, trump=trump)


def event_text(
    kind: str,
    seat: int,
    points: int = 0,
    detail: str = "",
    language: str | None = None,
    hidden: bool = False,
) -> str:
    """An announcement (an engine ``Event``) in words; ``hidden`` hides a drawn card."""
    lang = _lang(language)
    who = seat_name(seat, lang)  # a compact label: "남: 벨로트"
    subject = seat_word(seat, lang)  # in a sentence: "남쪽이 더미에서 …"
    if kind == "capot":
        return text("ev_capot", lang, side=side_name(detail, lang) if detail else subject)
    if kind == "declaration":
        return text("ev_declaration", lang, side=side_name(detail, lang), points=points)
    if kind == "draw":
        if hidden or not detail:
            return text("ev_draw_hidden", lang, seat=subject)
        return text("ev_draw", lang, seat=subject, card=Card.parse(detail).pretty)
    if kind == "litige":
        return text("ev_litige", lang, points=points)
    key = f"ev_{kind}"
    if f"{NAMESPACE}.{key}" in catalogue(lang):
        return text(key, lang, seat=who)
    return f"{who}: {kind}"
