"""The errors of the games: a call or an action refused (the state is unchanged).

They sit below every other module of the games (records included) so that each can raise
them; :mod:`belote_lab.games.base` re-exports them.  ``str(e)`` is the English reason;
``e.text("ko")`` the Korean one (one sentence, docs/TERMS.md), given where the error is raised.

>>> e = IllegalAction("no call can be made now (phase: play)", ko="지금은 콜할 수 없습니다.")
>>> e.text(), e.text("ko")
('no call can be made now (phase: play)', '지금은 콜할 수 없습니다.')
"""

from __future__ import annotations

from belote_lab.korean import kformat, seat_word
from belote_lab.trick import IllegalPlay

__all__ = ["IllegalAction", "OutOfTurn", "Refusal", "LANGUAGES", "REFUSALS_KO", "refusal_ko"]

LANGUAGES = ("en", "ko")


class Refusal:
    """The words of a refusal in English (``str``) and Korean (:attr:`ko`)."""

    ko: str | None = None

    def text(self, language: str = "en") -> str:
        """The refusal in ``language``: ``en`` (``str(e)``) or ``ko`` (English where no Korean
        was given)."""
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; choose one of {LANGUAGES}")
        if language == "ko" and self.ko:
            return self.ko
        return str(self)


class IllegalAction(Refusal, ValueError):
    """A call or an action that the rules do not allow now (the state is unchanged)."""

    def __init__(self, message: str = "", ko: str | None = None) -> None:
        super().__init__(message)
        self.ko = ko


class OutOfTurn(IllegalPlay, IllegalAction):
    """A play or call by a seat whose turn it is not (both an :class:`IllegalPlay` and an
    :class:`IllegalAction`, so ``can_call``/``can_play`` answer ``False`` for it)."""

    def __init__(self, message: str, ko: str | None = None) -> None:
        IllegalPlay.__init__(self, message)
        self.ko = ko


REFUSALS_KO: dict[str, str] = {
    "no_call": "지금은 콜을 할 때가 아니므로 콜할 수 없습니다.",
    "no_card": "지금은 카드를 내는 단계가 아니므로 카드를 낼 수 없습니다.",
    "turn_call": "지금은 {next} 차례이므로 {seat:은} 콜할 수 없습니다.",
    "turn_play": "지금은 {next} 차례이므로 {seat:은} 카드를 낼 수 없습니다.",
    "game_over": "이 {what:은} 이미 끝났으므로 다음 판을 시작할 수 없습니다.",
    "hand_not_over": "지금 {what:이} 아직 끝나지 않았으므로 다음 {what:으로} 넘어갈 수 "
    "없습니다.",
}
"""The games' shared refusals in Korean (:func:`refusal_ko` fills them in)."""


def refusal_ko(key: str, **values: object) -> str:
    """One of :data:`REFUSALS_KO` filled in (seats are indices or letters: named as a sentence
    names them, ``남쪽``).

    >>> refusal_ko("turn_play", next=2, seat="W")
    '지금은 남쪽 차례이므로 서쪽은 카드를 낼 수 없습니다.'
    """
    words = {k: seat_word(v) if k in ("next", "seat") else v for k, v in values.items()}
    return kformat(REFUSALS_KO[key], **words)
