"""Plain-words texts for the trick core's rule codes, in English and Korean.

>>> from belote_lab.trick import why_not
>>> r = why_not("AC", "7H JH AC KD", ["KS", "AS"], "H")
>>> explain(r, "en")
'You must trump: you have no ♠ and your partner is not winning; playable: J♥ 7♥.'
>>> explain(r, "ko")
'♠ 카드가 없고 파트너가 이기고 있지 않으므로 으뜸패를 내야 합니다(낼 수 있는 카드: J♥ 7♥).'
"""

from __future__ import annotations

from typing import Any, Protocol

from belote_lab.cards import Card, CardSet, Suit, explain_seat
from belote_lab.korean import kformat

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
        # one sentence each: why (…므로), then what may be played, the playable cards in
        # brackets; {led} is a suit symbol, {to_beat} and {card} are cards (docs/TERMS.md)
        "lead": "트릭의 첫 카드를 내는 선이므로 아무 카드나 낼 수 있습니다.",
        "free_phase": "더미가 남아 있으므로 아무 카드나 낼 수 있습니다.",
        "follow": "손패에 {led} 카드가 있으므로 선이 낸 무늬를 따라야 합니다(낼 수 있는 카드: "
        "{legal}).",
        "go_higher": "손패에 {to_beat}보다 높은 {led} 카드가 있으므로 무늬를 따라 더 높은 "
        "카드를 내야 합니다(낼 수 있는 카드: {legal}).",
        "follow_cannot_beat": "{led} 카드로는 {to_beat:을} 이길 수 없으므로 무늬만 따르면 "
        "{led} 카드 중 아무거나 낼 수 있습니다(낼 수 있는 카드: {legal}).",
        "follow_trumped": "이 트릭에는 이미 으뜸패 {to_beat:이} 나왔으므로 무늬만 따르면 {led} "
        "카드 중 아무거나 낼 수 있습니다(낼 수 있는 카드: {legal}).",
        "partner_master": "{led} 카드가 없고 파트너가 이기고 있으므로 아무 카드나 낼 수 "
        "있습니다.",
        "must_trump": "{led} 카드가 없고 파트너가 이기고 있지 않으므로 으뜸패를 내야 "
        "합니다(낼 수 있는 카드: {legal}).",
        "must_trump_np": "{led} 카드가 없으므로 으뜸패를 내야 합니다(낼 수 있는 카드: {legal}).",
        "must_overtrump": "{led} 카드가 없으므로 {to_beat}보다 높은 으뜸패를 내야 합니다(낼 수 "
        "있는 카드: {legal}).",
        "must_undertrump": "{led} 카드가 없으므로 {to_beat:을} 이길 수 없더라도 으뜸패를 내야 "
        "합니다(낼 수 있는 카드: {legal}).",
        "cannot_overtrump": "{led} 카드가 없고 {to_beat:을} 이길 으뜸패도 없으므로 아무 카드나 "
        "낼 수 있습니다.",
        "void_no_trump": "{led} 카드도 으뜸패도 없으므로 아무 카드나 낼 수 있습니다.",
        "not_in_hand": "{card:은} 손패에 없으므로 낼 수 없습니다(낼 수 있는 카드: {legal}).",
        "none": "없음",
    },
}

_SUMMARIES_KO: dict[str, str] = {
    "lead": "선은 아무 카드나 낼 수 있습니다",
    "free_phase": "더미가 남아 있는 동안은 아무 카드나 낼 수 있습니다",
    "follow": "무늬를 따라야 합니다",
    "go_higher": "무늬를 따르고 더 높은 카드를 내야 합니다",
    "follow_cannot_beat": "무늬를 따르면 아무 카드나 됩니다",
    "follow_trumped": "으뜸패가 나온 트릭에서는 무늬만 따르면 됩니다",
    "partner_master": "파트너가 이기고 있으면 아무 카드나 낼 수 있습니다",
    "must_trump": "으뜸패를 내야 합니다",
    "must_trump_np": "으뜸패를 내야 합니다",
    "must_overtrump": "더 높은 으뜸패를 내야 합니다",
    "must_undertrump": "낮은 으뜸패라도 내야 합니다",
    "cannot_overtrump": "더 높은 으뜸패가 없으면 아무 카드나 낼 수 있습니다",
    "void_no_trump": "무늬도 으뜸패도 없으면 아무 카드나 낼 수 있습니다",
    "not_in_hand": "손패에 없는 카드는 낼 수 없습니다",
}
"""The bare rule of each code in Korean (:func:`rule_summary`)."""


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
    '♠ 카드가 없고 파트너가 이기고 있지 않으므로 으뜸패를 내야 합니다(낼 수 있는 카드: J♥ 7♥).'
    """
    texts = _TEXTS.get(language)
    if texts is None:
        raise ValueError(f"unknown language {language!r}; choose one of {LANGUAGES}")
    key = rule
    if key == "must_trump" and not partners:
        key = "must_trump_np"
    legal_text = " ".join(c.pretty for c in legal) or texts["none"]
    fill = kformat if language == "ko" else str.format
    return fill(
        texts[key],
        led=led.symbol if led is not None else "",
        to_beat=to_beat.pretty if to_beat is not None else "",
        legal=legal_text,
        card=card.pretty if card is not None else "",
    )


def rule_summary(rule: str, language: str = "en") -> str:
    """The bare text of a rule code (no cards), e.g. for a legend.

    >>> rule_summary("must_trump"), rule_summary("must_trump", "ko")
    ('You must trump', '으뜸패를 내야 합니다')
    >>> rule_summary("go_higher")
    'You must follow suit and go higher when you can'
    >>> any("{" in rule_summary(r) for r in _TEXTS["en"])
    False
    """
    if language == "ko":
        return _SUMMARIES_KO[rule]
    return _SUMMARIES_EN.get(rule) or _TEXTS[language][rule].split(":")[0].split(";")[0]


_SUMMARIES_EN = {
    "go_higher": "You must follow suit and go higher when you can",
    "follow_cannot_beat": "You must follow suit (you cannot beat the card winning)",
    "follow_trumped": "You must follow suit (the trick is already trumped)",
    "partner_master": "You have none of the suit led and your partner is winning: any card",
    "must_overtrump": "You must trump higher",
    "must_undertrump": "You cannot beat the trump winning, but you must still play a trump",
    "cannot_overtrump": "You have none of the suit led and cannot beat the trump: any card",
    "void_no_trump": "You have none of the suit led and no trump: any card",
    "not_in_hand": "The card is not in your hand",
}
"""The English summaries whose full text names cards (``{led}``, ``{to_beat}``)."""
