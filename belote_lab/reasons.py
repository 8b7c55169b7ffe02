"""Plain-words texts for the trick core's rule codes, in English and Korean.

>>> from belote_lab.trick import why_not
>>> r = why_not("AC", "7H JH AC KD", ["KS", "AS"], "H")
>>> explain(r, "en")
'You must trump: you have no ♠ and your partner is not winning; playable: J♥ 7♥.'
>>> explain(r, "ko")
'으뜸패를 내야 합니다: ♠이(가) 없고 파트너가 이기고 있지 않습니다. 낼 수 있는 카드: J♥ 7♥.'
"""

from __future__ import annotations

from typing import Any, Protocol

from belote_lab.cards import Card, CardSet, Suit, explain_seat

__all__ = ["explain", "explain_rule", "explain_seat", "rule_summary", "LANGUAGES"]

LANGUAGES = ("en", "ko")

_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "lead": "You lead: any card may be played.",
        "free_phase": "While the stock lasts any card may be played.",
        "follow": "You must follow suit: you hold {led}; playable: {legal}.",
        "go_higher": "You must follow {led} and go higher than {to_beat} when you can; "
        "playable: {legal}.",
        "follow_cannot_beat": "You must follow {led}; you cannot beat {to_beat}, so any {led} "
        "will do; playable: {legal}.",
        "follow_trumped": "You must follow {led} (the trick is already trumped by {to_beat}); "
        "playable: {legal}.",
        "partner_master": "You have no {led} and your partner is winning: any card may be played.",
        "must_trump": "You must trump: you have no {led} and your partner is not winning; "
        "playable: {legal}.",
        "must_trump_np": "You must trump: you have no {led}; playable: {legal}.",
        "must_overtrump": "You must trump higher than {to_beat}: you have no {led}; "
        "playable: {legal}.",
        "must_undertrump": "You have no {led} and cannot beat {to_beat}, but you must still play "
        "a trump; playable: {legal}.",
        "cannot_overtrump": "You have no {led} and cannot beat {to_beat}: any card may be played.",
        "void_no_trump": "You have no {led} and no trump to play: any card may be played.",
        "not_in_hand": "{card} is not in your hand; playable: {legal}.",
        "none": "none",
    },
    "ko": {
        "lead": "선입니다: 아무 카드나 낼 수 있습니다.",
        "free_phase": "더미가 남아 있는 동안은 아무 카드나 낼 수 있습니다.",
        "follow": "무늬를 따라야 합니다: {led}이(가) 있습니다. 낼 수 있는 카드: {legal}.",
        "go_higher": "{led}을(를) 따르고 가능하면 {to_beat}보다 높은 카드를 내야 합니다. "
        "낼 수 있는 카드: {legal}.",
        "follow_cannot_beat": "{led}을(를) 따라야 합니다. {to_beat}을(를) 이길 수 없으니 "
        "{led} 아무거나 됩니다. 낼 수 있는 카드: {legal}.",
        "follow_trumped": "{led}을(를) 따라야 합니다(이미 {to_beat}(으)로 으뜸패가 나왔습니다). "
        "낼 수 있는 카드: {legal}.",
        "partner_master": "{led}이(가) 없고 파트너가 이기고 있습니다: 아무 카드나 낼 수 있습니다.",
        "must_trump": "으뜸패를 내야 합니다: {led}이(가) 없고 파트너가 이기고 있지 않습니다. "
        "낼 수 있는 카드: {legal}.",
        "must_trump_np": "으뜸패를 내야 합니다: {led}이(가) 없습니다. 낼 수 있는 카드: {legal}.",
        "must_overtrump": "{to_beat}보다 높은 으뜸패를 내야 합니다: {led}이(가) 없습니다. "
        "낼 수 있는 카드: {legal}.",
        "must_undertrump": "{led}이(가) 없고 {to_beat}을(를) 이길 수 없지만 으뜸패를 내야 합니다. "
        "낼 수 있는 카드: {legal}.",
        "cannot_overtrump": "{led}이(가) 없고 {to_beat}을(를) 이길 수 없습니다: 아무 카드나 낼 수 "
        "있습니다.",
        "void_no_trump": "{led}이(가) 없고 낼 으뜸패도 없습니다: 아무 카드나 낼 수 있습니다.",
        "not_in_hand": "{card}은(는) 손에 없습니다. 낼 수 있는 카드: {legal}.",
        "none": "없음",
    },
}


class Reason(Protocol):
    """What :func:`explain` reads of a :class:`belote_lab.trick.Reason` (this module sits
    below the trick module, which imports it to word its reasons)."""

    card: Card
    rule: Any  # a belote_lab.trick.Rule: its ``value`` is the code of the text
    legal: CardSet
    led: Suit | None
    to_beat: Card | None
    trump: Suit | None
    data: dict[str, str]


def explain(reason: Reason, language: str = "en") -> str:
    """The text of a :class:`~belote_lab.trick.Reason` in ``language`` (``en`` or ``ko``)."""
    return explain_rule(
        reason.rule.value,
        reason.legal,
        reason.led,
        reason.to_beat,
        language,
        card=reason.card,
        partners=reason.data.get("partners") != "no",
    )


def explain_rule(
    rule: str,
    legal: Any,
    led: Any,
    to_beat: Any,
    language: str = "en",
    card: Any = None,
    partners: bool = True,
) -> str:
    """The text of a rule code with its cards (what :func:`explain` and
    :meth:`~belote_lab.trick.Analysis.text` say).

    >>> from belote_lab.trick import analyse
    >>> analyse("7H JH AC KD", ["KS", "AS"], "H").text("ko")
    '으뜸패를 내야 합니다: ♠이(가) 없고 파트너가 이기고 있지 않습니다. 낼 수 있는 카드: J♥ 7♥.'
    """
    texts = _TEXTS.get(language)
    if texts is None:
        raise ValueError(f"unknown language {language!r}; choose one of {LANGUAGES}")
    key = rule
    if key == "must_trump" and not partners:
        key = "must_trump_np"
    legal_text = " ".join(c.pretty for c in legal) or texts["none"]
    return texts[key].format(
        led=led.symbol if led is not None else "",
        to_beat=to_beat.pretty if to_beat is not None else "",
        legal=legal_text,
        card=card.pretty if card is not None else "",
    )


def rule_summary(rule: str, language: str = "en") -> str:
    """The bare text of a rule code (no cards), e.g. for a legend."""
    return _TEXTS[language][rule].split(":")[0].split(";")[0]
