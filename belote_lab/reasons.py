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

from belote_lab import words
from belote_lab.cards import Card, CardSet, Suit, explain_seat

__all__ = ["explain", "explain_rule", "explain_seat", "rule_summary", "LANGUAGES"]

LANGUAGES = words.LANGUAGES

# The texts are the ``reasons.`` namespace of the catalogue of words
# (belote_lab/words/en/reasons.json, ko/reasons.json): one sentence each, in Korean why
# (…므로) then what may be played with the playable cards in brackets; ``{led}`` is a suit
# symbol, ``{to_beat}`` and ``{card}`` are cards.  ``summary_<code>`` is the bare rule.


class ReasonLike(Protocol):
    """What :func:`explain` reads of a :class:`belote_lab.trick.Reason` (this module sits
    below the trick module, which imports it to word its reasons)."""

    card: Card
    rule: Any  # a belote_lab.trick.Rule: its ``value`` is the code of the text
    legal: CardSet
    led: Suit | None
    to_beat: Card | None
    trump: Suit | None
    data: dict[str, str]


def explain(reason: ReasonLike, language: str = "en") -> str:
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
    lang = words.check_language(language)
    key = rule
    if key == "must_trump" and not partners:
        key = "must_trump_np"
    legal_text = " ".join(c.pretty for c in legal) or words.text("reasons.none", lang)
    return words.text(
        f"reasons.{key}",
        lang,
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
    >>> any("{" in rule_summary(r) for r in ("lead", "follow", "must_overtrump"))
    False
    """
    return words.text(f"reasons.summary_{rule}", words.check_language(language))
