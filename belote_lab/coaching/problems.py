""""You are South: what do you play?" — card-play problems from real hands, three per game.

Each :class:`PlayProblem` is a position of a hand played by the level-2 computer (its record, cut
just before South's card), the best card, a short title and the lesson in English and
Korean (``belote_lab/coaching/problems.json``); the question asked is the catalogue's
``problems.question`` (``belote_lab/words/en/problems.json``, ``ko/problems.json``).  Every
answer is checked twice in the tests: it is the exact solver's only best card with every hand
known, and the best card of the hint from what South can see (:meth:`PlayProblem.checked`) — so a
learner who finds it was not just lucky.

>>> p = problem("belote-cheap-trump")
>>> p.game, p.seat_name, [c.text for c in p.legal]
('belote', 'S', ['AD', 'QD', '9D'])
>>> p.is_answer("QD"), p.is_answer("9D")
(True, False)
>>> len(problems("callbreak")) >= 3
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from belote_lab import words
from belote_lab.cards import SEATS, Card
from belote_lab.coaching.hints import Hint, hint
from belote_lab.games import get
from belote_lab.games.base import TrickPlay
from belote_lab.games.record import hand_from_json
from belote_lab.reasons import LANGUAGES
from belote_lab.solver.position import Solution, position_of, solve_position

__all__ = ["DATA", "QUESTION", "PlayProblem", "clear_hints", "problem", "problems"]

DATA = Path(__file__).with_name("problems.json")
"""Where the problems are kept (hand records, answers, lessons)."""



def _question(language: str, seat: str = "S") -> str:
    """The question of a problem at ``seat`` (a letter), in ``language``."""
    named = words.text(f"names.seat_word_{seat}", language)
    return words.text("problems.question", language, seat=named)


QUESTION = MappingProxyType({lang: _question(lang) for lang in LANGUAGES})
"""The question of every problem (South to play), by language (read-only)."""


@dataclass(frozen=True)
class PlayProblem:
    """One position to solve: ``record`` is the hand up to South's turn."""

    id: str
    game: str
    answer: Card
    title: dict[str, str]
    lesson: dict[str, str]
    record: dict[str, Any] = field(repr=False, compare=False)
    seat: int = 2

    @property
    def seat_name(self) -> str:
        return SEATS[self.seat]

    def state(self) -> TrickPlay:
        """A fresh copy of the position (a hand object, South to play)."""
        return hand_from_json(self.record)

    @property
    def legal(self) -> list[Card]:
        """South's playable cards."""
        return list(self.state().legal_cards())

    def is_answer(self, card: Card | str) -> bool:
        """Whether ``card`` is the best card."""
        return Card.parse(card) == self.answer

    def question(self, language: str = "en") -> str:
        """What the learner is asked: ``You are South: what do you play?``."""
        return _question(_lang(language), self.seat_name)

    def solution(self) -> Solution:
        """Every playable card's exact value with every hand known (double dummy)."""
        h = self.state()
        return solve_position(position_of(h, get(self.game).side_with(self.seat)))

    def hint(self, samples: int = 80, seed: int = 0) -> Hint:
        """The hint from what South can see (80 draws of the weighted deals; no time limit to
        speak of).  Seeded, so computed once a process for each position, samples and seed
        (about 0.3 s; a problem opened again, or in the other language, shows at once): the
        :class:`Hint` is shared, not to be changed."""
        key = json.dumps(self.record, sort_keys=True)
        return _hint(key, samples, seed)

    def checked(self) -> bool:
        """The answer is the solver's only best card and the hint's best card."""
        sol = self.solution()
        return list(sol.best) == [self.answer] and self.hint().best == self.answer


@lru_cache(maxsize=64)
def _hint(record: str, samples: int, seed: int) -> Hint:
    """:meth:`PlayProblem.hint` of the position ``record`` (its JSON text)."""
    state = hand_from_json(json.loads(record))
    return hint(state, samples=samples, time_budget=60.0, seed=seed)


def clear_hints() -> None:
    """Forget the hints computed so far (each is computed again when asked for)."""
    _hint.cache_clear()


def _lang(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {LANGUAGES}")
    return language


@cache
def _all() -> tuple[PlayProblem, ...]:
    rows = json.loads(DATA.read_text(encoding="utf-8"))
    return tuple(
        PlayProblem(r["id"], r["game"], Card.parse(r["answer"]), dict(r["title"]),
                    dict(r["lesson"]), r["record"])
        for r in rows
    )


def problems(game: str | None = None) -> list[PlayProblem]:
    """The problems (of one game, when given), in teaching order."""
    if game is not None:
        get(game)  # an unknown game is refused by name
    return [p for p in _all() if game is None or p.game == game]


def problem(problem_id: str) -> PlayProblem:
    """The problem ``problem_id`` (``"belote-cheap-trump"`` …)."""
    for p in _all():
        if p.id == problem_id:
            return p
    names = ", ".join(p.id for p in _all())
    raise ValueError(f"no problem {problem_id!r}; the problems are {names}")
