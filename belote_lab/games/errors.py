"""The errors of the games: a call or an action refused (the state is unchanged).

They sit below every other module of the games (records included) so that each can raise
them; :mod:`belote_lab.games.base` re-exports them.  ``str(e)`` is the English reason;
``e.text("ko")`` the Korean one (one sentence, docs/TERMS.md), given where the error is raised.
The games' shared refusals (:func:`refusal`) are the ``game.refusal_…`` texts of the catalogue
of words (``belote_lab/words/en/game.json``, ``ko/game.json``).

>>> e = IllegalAction("no call can be made now (phase: play)", ko="지금은 콜할 수 없습니다.")
>>> e.text(), e.text("ko")
('no call can be made now (phase: play)', '지금은 콜할 수 없습니다.')
"""

from __future__ import annotations

from belote_lab import words
from belote_lab.cards import SEATS
from belote_lab.korean import seat_word
from belote_lab.trick import IllegalPlay

__all__ = ["IllegalAction", "OutOfTurn", "Refusal", "LANGUAGES", "refusal", "refusal_ko"]

LANGUAGES = words.LANGUAGES


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


def what_word(what: str, language: str = "en") -> str:
    """What a game counts (``game``, ``match``, ``hand``, ``deal``, ``round``) in
    ``language`` (``게임``, ``경기``, ``판`` …); another word as it is.

    >>> what_word("match", "ko"), what_word("round"), what_word("leg", "ko")
    ('경기', 'round', 'leg')
    """
    key = f"game.what_{what}"
    if key not in words.catalogue(words.check_language(language)):
        return what
    return words.text(key, language)


def refusal(key: str, language: str = "en", /, **values: object) -> str:
    """One of the games' shared refusals (``game.refusal_<key>`` of the catalogue, or a full
    key ``namespace.key``) in ``language``: a seat (``next``, ``seat``: an index or a letter)
    is written as a letter in English and named as a sentence names it in Korean (``남쪽``),
    ``what`` (``game``, ``hand`` …) by :func:`what_word`.

    >>> refusal("turn_play", "en", next=2, seat="W")
    "it is S's turn to play, not W's"
    >>> refusal("hand_not_over", "ko", what="round")
    '지금 라운드가 아직 끝나지 않았으므로 다음 라운드로 넘어갈 수 없습니다.'
    """
    lang = words.check_language(language)

    def shown(name: str, value: object) -> object:
        if name in ("next", "seat"):
            if lang == "ko":
                return seat_word(value)  # type: ignore[arg-type]
            return SEATS[value] if isinstance(value, int) else value
        if name == "what" and isinstance(value, str):
            return what_word(value, lang)
        return value

    full = key if "." in key else f"game.refusal_{key}"
    return words.text(full, lang, **{k: shown(k, v) for k, v in values.items()})


def refusal_ko(key: str, **values: object) -> str:
    """:func:`refusal` in Korean.

    >>> refusal_ko("turn_play", next=2, seat="W")
    '지금은 남쪽 차례이므로 서쪽은 카드를 낼 수 없습니다.'
    """
    return refusal(key, "ko", **values)
