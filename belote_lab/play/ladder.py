"""The ladder: games against computer players whose level rises with each game the learner wins.

A :class:`Ladder` deals one game after another (a two-player Belote match, a Callbreak game),
the computer seats played at ``level`` 1 to 4 by players made from ``levels`` (level → player
factory, ``seed -> player``).  The level starts at 1 and rises by one after each game the
learner wins (it stays at 4 after that); the first game not won ends the ladder.  A counted
game is closed: its ``undo()`` is refused with the reason (see
:class:`~belote_lab.games.base.CountingGame`).

Every ladder is made and played the same way (:class:`Ladder`): ``cls(levels, seat, rules,
seed)``, its game being played in ``current``, ``next()`` to count it once it is over; its
class attribute :attr:`~Ladder.mode` is the session mode that plays it (``"run"``,
``"journey"``) and the word its messages use.  A game names its ladder in its
:class:`~belote_lab.games.spec.Game` (``ladder="module:Class"``); :func:`ladder_class` finds it.
The computer players are the one level table's (:func:`belote_lab.players.levels.levels`)
unless ``levels`` gives others.  Two ladders, as the seeds name them:

* :class:`Belote2Run` — seed 001's two-player run: matches of two hands, scored by
  :func:`~belote_lab.games.belote2.run_score` (consecutive wins × 10,000 + the winning
  margins, capped at 9,999); a loss or a draw ends it;
* :class:`CallbreakJourney` — the journey, a mode seed 003 names without rules: its ladder,
  end and score (Callbreak games won alone, the learner's total points as the tie-break) are
  this package's design (``belote_lab.sources.source("callbreak.journey")``).

Both are saved as ``belote_lab/run`` records (:func:`run_to_json`, :func:`run_from_json`, also
found in :mod:`belote_lab.play.record_io`): ``game``, ``rules``, ``seed``, ``seat`` (the learner's),
``games`` (game records in order, see :mod:`belote_lab.games.record`), ``over`` and a summary
(level, wins, points) that is checked; a bad one is refused in English and Korean with the
``ladder.`` namespace of the catalogue of words (``belote_lab/words/en/ladder.json``,
``ko/ladder.json``).  This module sits above the games and the players.

>>> from belote_lab.players import RandomPlayer
>>> levels = {k: RandomPlayer for k in range(1, 5)}
>>> run = Belote2Run(levels, seed=3)
>>> run.next()
Traceback (most recent call last):
...
belote_lab.games.errors.IllegalAction: the current match is not finished
>>> ladder_games(), ladder_class("callbreak").mode, ladder_class("belote") is None
(('belote2', 'callbreak'), 'journey', True)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from belote_lab import words
from belote_lab.cards import SEATS, parse_seat
from belote_lab.games import get, names
from belote_lab.games.base import IllegalAction, drawn_seed
from belote_lab.games.belote2 import MAX_LEVEL, SEATS2, Belote2Match, run_score, two_player_seat
from belote_lab.games.callbreak import CallbreakGame, Tenths
from belote_lab.games.record import (
    RUN_FORMAT,
    VERSION,
    RecordError,
    check_header,
    check_keys,
    clip,
    expected,
    game_field,
    game_to_json,
    guarded,
    json_equal,
    missing_key,
    nested,
    parse_json,
    part_word,
    read_game,
    rebuilt,
    required,
    rules_field,
    seat_field,
    seed_field,
    short,
    title_ko,
)
from belote_lab.korean import quoted, seat_word
from belote_lab.players.levels import levels as level_table
from belote_lab.rules import Belote2Rules, CallbreakRules

__all__ = [
    "Ladder", "Belote2Run", "CallbreakJourney", "PlayerFactory", "ladder_class", "ladder_games",
    "run_to_json", "run_from_json", "RUN_KEYS",
]

PlayerFactory = Callable[[int], Any]
"""Makes a computer player from a seed (an ``int``)."""

_L = TypeVar("_L", bound="Ladder")


def _alias(name: str, doc: str) -> Any:
    """A read-write attribute of a ladder under its game's own name (``match`` for ``current``)."""

    def get(self: Any) -> Any:
        return getattr(self, name)

    def set_(self: Any, value: Any) -> None:
        setattr(self, name, value)

    return property(get, set_, doc=doc)


class Ladder:
    """Games against computer players, the level rising with each game the learner wins.

    One interface for every ladder: ``cls(levels=None, seat="S", rules=None, seed=None)``
    (``levels``: level → factory ``seed -> player``, by default the one level table's;
    ``seat``: the learner's); :meth:`next` counts the finished game and deals the next;
    :attr:`mode` (a class attribute) is the session mode that plays the ladder and the word of
    its messages.  The state: ``level``, ``levels``, ``rules``, ``seed``, ``seat``,
    ``finished`` (the games counted), ``current`` (the game being played or the last one),
    ``won`` (games won), ``players`` (the computer seats' players for ``current``),
    :attr:`is_over`, ``score`` and, the current game counted as soon as it is over,
    :attr:`shown_won`, :attr:`shown_score` and :attr:`board_score` (one number).

    A subclass names its game (:attr:`game_name`, :attr:`game_class`, the learner's possible
    :attr:`_SEATS`), its :attr:`mode` and the word of one of its games (:attr:`_STEP`), and
    defines :meth:`_parse_seat`, :meth:`_first_dealer`, :meth:`_count` (what a counted game
    adds besides the win), :meth:`_tally` (that, for equality), ``score``,
    :meth:`_score_with`, :attr:`board_score` and :meth:`_summary` (the record's summary, keys
    :attr:`_SUMMARY_KEYS`).
    """

    MAX_LEVEL: ClassVar[int] = MAX_LEVEL  # seed 001: the computer rises up to level 4
    game_name: ClassVar[str]
    game_class: ClassVar[type[Any]]
    rules_class: ClassVar[type[Any]]
    _SEATS: ClassVar[tuple[int, ...]]
    _SUMMARY_KEYS: ClassVar[tuple[str, ...]]
    mode: ClassVar[str]  # the session mode that plays it, the ladder in messages: "run" …
    _STEP: ClassVar[str]  # one game of it: "match", "game"

    level: int
    levels: dict[int, PlayerFactory]
    rules: Any
    seed: int
    seat: int
    won: int
    finished: list[Any]
    current: Any
    players: dict[int, Any]
    _rng: random.Random
    _over: bool

    def __init__(
        self,
        levels: Mapping[int, PlayerFactory] | None = None,
        seat: int | str = "S",
        rules: Any = None,
        seed: int | None = None,
    ) -> None:
        self._setup(levels, rules, seed, seat)
        self._deal()

    # --- what differs between ladders ---------------------------------------------------------
    @staticmethod
    def _parse_seat(seat: int | str) -> int:
        return parse_seat(seat)

    def _first_dealer(self) -> int:
        """The first dealer of the next game."""
        raise NotImplementedError

    def _count(self, game: Any, won: bool) -> None:
        """Count a finished game's points or margin (the win itself is counted by the ladder)."""

    def _tally(self) -> Any:
        """What :meth:`_count` adds up (compared by ``==``)."""
        return None

    def _summary(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def board_score(self) -> int | float:
        """The one number a scoreboard shows: :attr:`shown_score` as a JSON number."""
        raise NotImplementedError

    # --- the ladder ---------------------------------------------------------------------------
    def _setup(
        self, levels: Mapping[int, PlayerFactory] | None, rules: Any, seed: int | None,
        seat: int | str,
    ) -> None:
        if levels is None:
            levels = level_table(self.game_name)
        missing = [k for k in range(1, self.MAX_LEVEL + 1) if k not in levels]
        if missing:
            raise ValueError(f"levels lacks a player for level(s) {missing}")
        self.levels = dict(levels)
        self.rules = rules or self.rules_class()
        self.seat = self._parse_seat(seat)
        self.seed = drawn_seed(seed)
        self._rng = random.Random(self.seed)
        self.level = 1
        self.won = 0
        self.finished = []
        self._over = False

    def _deal(self) -> None:
        """Deal the next game and make its computer players at the current level."""
        self.current = self.game_class(
            self.rules, seed=self._rng.getrandbits(32), dealer=self._first_dealer()
        )
        make = self.levels[self.level]
        self.players = {
            s: make(self._rng.getrandbits(32)) for s in self._SEATS if s != self.seat
        }

    @property
    def is_over(self) -> bool:
        return self._over

    def _pending(self) -> tuple[Any, bool] | None:
        """The current game when it is over but not counted yet, and whether the seat won it."""
        g = self.current
        if self._over or not g.is_over or any(f is g for f in self.finished):
            return None
        return g, g.winner == SEATS[self.seat]

    @property
    def shown_won(self) -> int:
        """The games won, the current one counted as soon as it is over (what a scoreboard
        shows the moment a match ends, before the next is dealt)."""
        p = self._pending()
        return self.won + (1 if p is not None and p[1] else 0)

    @property
    def shown_score(self) -> Any:
        """:attr:`score` with the current game counted as soon as it is over."""
        p = self._pending()
        return self.score if p is None else self._score_with(*p)

    def _score_with(self, game: Any, won: bool) -> Any:
        """The score once ``game`` (over, not yet counted) is counted."""
        raise NotImplementedError

    def next(self) -> Any:
        """Count the finished game (a run's match, a journey's game): a win raises the level
        and deals the next game (returned), anything else ends the ladder (then ``None``)."""
        if self._over:
            raise IllegalAction(f"the {self.mode} is over")
        g = self.current
        if not g.is_over:
            raise IllegalAction(f"the current {self._STEP} is not finished")
        g._closed = (
            f"{self._STEP} {len(self.finished) + 1} is over and counted in the {self.mode}: "
            "it cannot be taken back"
        )
        self.finished.append(g)
        won = g.winner == SEATS[self.seat]
        self._count(g, won)
        if not won:
            self._over = True
            return None
        self.won += 1
        self.level = min(self.level + 1, self.MAX_LEVEL)
        self._deal()
        return self.current

    def _play(self, learner: Any, max_games: int) -> None:
        """Play games with ``learner`` until the ladder ends or ``max_games`` were played."""
        for _ in range(max_games):
            if self._over:
                return
            seats = dict(self.players)
            seats[self.seat] = learner
            self.current.play_out(seats)
            self.next()

    # --- records ------------------------------------------------------------------------------
    def _finished_games(self) -> list[Any]:
        return self.finished

    def _current_game(self) -> Any:
        return self.current

    def _seat(self) -> int:
        return self.seat

    def to_json(self) -> dict[str, Any]:
        """The ladder as a record (see :func:`run_to_json`)."""
        return run_to_json(self)

    @classmethod
    def from_json(
        cls: type[_L], data: dict[str, Any] | str, levels: Mapping[int, PlayerFactory] | None = None
    ) -> _L:
        """Rebuild a ladder from :meth:`to_json` output (the computer players made afresh)."""
        r = run_from_json(data, levels)
        if not isinstance(r, cls):
            raise RecordError(
                words.text(
                    "ladder.not_run", "en", title=get(cls.game_name).title, what=cls.mode
                ),
                ko=words.text(
                    "ladder.not_run", "ko", title=title_ko(cls.game_name),
                    what=part_word(cls.mode),
                ),
            )
        return r

    @classmethod
    def _from_games(
        cls: type[_L],
        rules: Any,
        seed: int | None,
        seat: int,
        games: list[Any],
        over: bool,
        levels: Mapping[int, PlayerFactory] | None,
    ) -> _L:
        """Rebuild a ladder from its replayed games, checking that they follow each other."""
        step, what = cls._STEP, cls.mode
        step_ko, what_ko = part_word(step), part_word(what)
        r = cls.__new__(cls)
        r._setup(levels, rules, seed, seat)
        for k, g in enumerate(games, start=1):
            place = (words.text("record.part_no", "ko", part=step_ko, n=k),)
            if k > 1:
                if not r.current.is_over:
                    said = words.text("ladder.prev_unfinished", "en", step=step, prev=k - 1)
                    raise RecordError(
                        _placed(step, k, said), where_ko=place,
                        ko=words.text("ladder.earlier_unfinished", "ko", step=step_ko),
                    )
                if r.next() is None:
                    raise RecordError(
                        _placed(step, k, words.text("ladder.goes_on", "en", what=what)),
                        where_ko=place,
                        ko=words.text("ladder.goes_on", "ko", what=what_ko),
                    )
            else:
                r._deal()
            cls._check_dealt(k, g, r.current, r.rules)
            r.current = g
        if over:
            r._check_over()
        return r

    @classmethod
    def _check_dealt(cls, k: int, g: Any, dealt: Any, rules: Any) -> None:
        """The ``k``-th game of a record must be the one the ladder deals: ``dealt``."""
        step, what = cls._STEP, cls.mode
        step_ko, what_ko = part_word(step), part_word(what)
        place = (words.text("record.part_no", "ko", part=step_ko, n=k),)
        if g.rules != rules:
            raise RecordError(
                _placed(step, k, words.text("ladder.rules_differ", "en", what=what)),
                where_ko=place,
                ko=words.text("ladder.step_rules_differ", "ko", step=step_ko, what=what_ko),
            )
        if g.seed != dealt.seed:
            def seed_in(language: str) -> Any:
                return words.text("ladder.no_seed", language) if g.seed is None else g.seed

            said = words.text(
                "ladder.seed_differs", "en", got=seed_in("en"), what=what, want=dealt.seed
            )
            raise RecordError(
                _placed(step, k, said), where_ko=place,
                ko=words.text(
                    "ladder.seed_differs", "ko", got=seed_in("ko"), what=what_ko,
                    want=dealt.seed,
                ),
            )
        first = (g.hands or [g.hand])[0].dealer
        if first != dealt.hand.dealer:
            said = words.text(
                "ladder.first_dealer", "en", got=SEATS[first], what=what, step=step, k=k,
                want=SEATS[dealt.hand.dealer],
            )
            raise RecordError(
                _placed(step, k, said), where_ko=place,
                ko=words.text(
                    "ladder.first_dealer_here", "ko", got=seat_word(first), what=what_ko,
                    step=step_ko, want=seat_word(dealt.hand.dealer),
                ),
            )

    def _check_over(self) -> None:
        """A record that says the ladder is over: its last game must be finished and lost."""
        step, what = self._STEP, self.mode
        step_ko, what_ko = part_word(step), part_word(what)
        if not self.current.is_over:
            raise RecordError(
                words.text("ladder.over_unfinished", "en", what=what, step=step),
                ko=words.text("ladder.over_unfinished", "ko", what=what_ko, step=step_ko),
            )
        if self.next() is not None:
            raise RecordError(
                words.text(
                    "ladder.over_won", "en", what=what, seat=SEATS[self.seat], step=step
                ),
                ko=words.text(
                    "ladder.over_won", "ko", what=what_ko, seat=seat_word(self.seat),
                    step=step_ko,
                ),
            )

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules, self.seed, self.seat, self.level, self.won, self._tally(),
            self.finished, self.current, self._over, self._rng.getstate(),
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Ladder)
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable


# --- seed 001: the two-player Belote run ----------------------------------------------------------
class Belote2Run(Ladder):
    """A run: matches against the computer until you lose or draw one.

    The computer starts at level 1 and goes up a level after each of your wins (up to
    level 4).  ``levels`` maps each level 1–4 to a player factory (seed → player); the
    default is the one level table's (:func:`belote_lab.players.levels.levels`).  ``seat``:
    yours, N or S (:attr:`you`).

    >>> from belote_lab.players import RandomPlayer
    >>> run = Belote2Run(seed=3)
    >>> run.level, SEATS[run.you], run.opponent.level, run.mode
    (1, 'S', 1, 'run')
    >>> run.play_out(RandomPlayer(seed=9))
    >>> run.is_over, run.score == run_score(run.wins, run.margins)
    (True, True)
    """

    game_name = "belote2"
    game_class = Belote2Match
    rules_class = Belote2Rules
    _SEATS = SEATS2
    _SUMMARY_KEYS = ("level", "wins", "margins", "score")
    mode, _STEP = "run", "match"

    you = _alias("seat", "Your seat (0 = N or 2 = S).")
    matches = _alias("finished", "The finished matches, counted in the run.")
    match = _alias("current", "The match being played (or the last one, once the run is over).")
    wins = _alias("won", "The matches won.")
    margins: list[int]

    _parse_seat = staticmethod(two_player_seat)  # N or S only

    def _setup(
        self, levels: Mapping[int, PlayerFactory] | None, rules: Any, seed: int | None,
        seat: int | str,
    ) -> None:
        super()._setup(levels, rules, seed, seat)
        self.margins = []

    @property
    def computer(self) -> int:
        """The computer's seat."""
        return 2 - self.you

    @property
    def opponent(self) -> Any:
        """The computer player of the current match."""
        return self.players[self.computer]

    def _first_dealer(self) -> int:
        # the computer deals the first hand of the first match; the first deal alternates
        return self.computer if len(self.matches) % 2 == 0 else self.you

    def _count(self, game: Any, won: bool) -> None:
        if won:
            self.margins.append(game.margin)

    def _tally(self) -> Any:
        return self.margins

    @property
    def score(self) -> int:
        """The run's score so far (see :func:`~belote_lab.games.belote2.run_score`)."""
        return run_score(self.wins, self.margins)

    def _score_with(self, game: Any, won: bool) -> int:
        if not won:
            return self.score
        return run_score(self.wins + 1, [*self.margins, game.margin])

    @property
    def board_score(self) -> int:
        """The run's score, the current match counted as soon as it is over."""
        score: int = self.shown_score
        return score

    def play_out(self, you: Any, max_matches: int = 50) -> None:
        """Play matches with ``you`` (a player object) until the run ends (or
        ``max_matches`` matches: a run can be long against the level-4 player)."""
        self._play(you, max_matches)

    def _summary(self) -> dict[str, Any]:
        return {
            "level": self.level, "wins": self.wins, "margins": list(self.margins),
            "score": self.score,
        }

    def __repr__(self) -> str:
        return (
            f"<Belote2Run level={self.level} wins={self.wins} score={self.score}"
            f"{' over' if self._over else ''}>"
        )


# --- seed 003: the Callbreak journey --------------------------------------------------------------
class CallbreakJourney(Ladder):
    """A run of games against computer players (RULES.md §5, modes).

    The three computer seats play at ``level`` 1 to 4; after each game the learner wins
    (finishes first, alone) the level rises by one (it stays at 4 after that); the first game
    not won ends the journey.  Its score is the number of games won, then the learner's total
    points over every game of the journey as the tie-break (:attr:`score` sorts that way).

    ``levels`` maps each level 1–4 to a player factory ``seed -> player``; by default the one
    level table's (:func:`belote_lab.players.levels.levels`: levels 3 and 4 are the search
    players of :mod:`belote_lab.players.search`).  ``seat``: the learner's (:attr:`learner`).

    >>> from belote_lab.players.callbreak import CallbreakPlayer2
    >>> j = CallbreakJourney(seed=1, rules=CallbreakRules(rounds=3))
    >>> j.level, sorted(j.players), j.mode
    (1, [0, 1, 3], 'journey')
    >>> j.play_out(CallbreakPlayer2(), max_games=3)
    >>> j.games_won == len(j.games) - (1 if j.is_over else 0)
    True
    """

    game_name = "callbreak"
    game_class: type[CallbreakGame] = CallbreakGame
    rules_class = CallbreakRules
    _SEATS = (0, 1, 2, 3)
    _SUMMARY_KEYS = ("level", "games_won", "points")
    mode, _STEP = "journey", "game"

    learner = _alias("seat", "The learner's seat.")
    games = _alias("finished", "The finished games, counted in the journey.")
    game = _alias("current", "The game being played (or the last one, once the journey is over).")
    games_won = _alias("won", "The games won.")
    _points: int  # the learner's tenths over the finished games

    def _setup(
        self, levels: Mapping[int, PlayerFactory] | None, rules: Any, seed: int | None,
        seat: int | str,
    ) -> None:
        super()._setup(levels, rules, seed, seat)
        self._points = 0

    def _first_dealer(self) -> int:
        return len(self.games) % 4

    def _count(self, game: Any, won: bool) -> None:
        self._points += game.total(self.learner).tenths

    def _tally(self) -> Any:
        return self._points

    @property
    def points(self) -> Tenths:
        """The learner's total points over the finished games."""
        return Tenths(self._points)

    @property
    def score(self) -> tuple[int, Tenths]:
        """``(games won, total points)``: compare journeys with it (higher is better)."""
        return (self.games_won, self.points)

    def _score_with(self, game: Any, won: bool) -> tuple[int, Tenths]:
        return (self.games_won + won, Tenths(self._points + game.total(self.learner).tenths))

    @property
    def board_score(self) -> float:
        """The learner's points (a JSON number), the current game counted once it is over."""
        points: float = self.shown_score[1].number
        return points

    def play_out(self, learner: Any, max_games: int = 50) -> None:
        """Play games with ``learner`` (a player object) until the journey ends or
        ``max_games`` games were played."""
        self._play(learner, max_games)

    def _summary(self) -> dict[str, Any]:
        return {"level": self.level, "games_won": self.games_won, "points": self.points.number}

    def __repr__(self) -> str:
        return (
            f"<CallbreakJourney level={self.level} won={self.games_won} "
            f"points={self.points} over={self._over}>"
        )


def ladder_class(game: object) -> type[Ladder] | None:
    """The ladder ``game`` is played in, as its :class:`~belote_lab.games.spec.Game` names it
    (``ladder="module:Class"``), or ``None`` for a game without one.

    >>> ladder_class("belote2").__name__, ladder_class("belote2").mode
    ('Belote2Run', 'run')
    """
    g = get(game)
    if g.ladder is None:
        return None
    module, _, name = g.ladder.partition(":")
    cls = vars(importlib.import_module(module)).get(name)
    if not (isinstance(cls, type) and issubclass(cls, Ladder)):
        raise TypeError(f"the game {g.name!r} names {g.ladder!r} as its ladder: not a Ladder")
    return cls


def ladder_games() -> tuple[str, ...]:
    """The games played in a ladder (those whose ``Game`` names one): a run record's games."""
    return tuple(n for n in names() if get(n).ladder is not None)


# --- run records ---------------------------------------------------------------------------------
RUN_KEYS = ("format", "version", "game", "rules", "seed", "seat", "games", "over")
"""The keys of every run record; a ladder adds its summary's (:attr:`Ladder._SUMMARY_KEYS`)."""


def run_to_json(run: Ladder) -> dict[str, Any]:
    """A run (two-player Belote) or a journey (Callbreak) as a record."""
    games = [game_to_json(g) for g in run._finished_games()]
    if not run.is_over:
        games.append(game_to_json(run._current_game()))
    data: dict[str, Any] = {
        "format": RUN_FORMAT,
        "version": VERSION,
        "game": run.game_name,
        "rules": run.rules.changed(),
        "seed": run.seed,
        "seat": SEATS[run._seat()],
        "games": games,
        "over": run.is_over,
    }
    data.update(run._summary())
    return data


def run_from_json(
    data: dict[str, Any] | str | bytes, levels: Mapping[int, PlayerFactory] | None = None
) -> Any:
    """Rebuild a run or a journey from a record (``levels``: the computer players, as for
    the class itself; the default ones when ``None``).  Every game is replayed and the
    summary checked.  The computer players are made afresh from their seeds."""
    return guarded(lambda: _read_run(data, levels))


def _read_run(data: Any, levels: Mapping[int, PlayerFactory] | None) -> Ladder:
    data = parse_json(data)
    check_header(data, RUN_FORMAT, "run")
    game_name = game_field(data, ladder_games())
    cls = ladder_class(game_name)
    assert cls is not None
    check_keys(data, (*RUN_KEYS, *cls._SUMMARY_KEYS))
    rules = rules_field(game_name, data)
    seed = seed_field(data)
    seat = seat_field(data.get("seat"), "seat", cls._SEATS)
    over = data.get("over")
    if not isinstance(over, bool):
        raise expected(
            "over", words.text("ladder.over_what", "en"), over,
            words.text("ladder.over_what", "ko"),
        )
    records = required(data, "games", list)
    what_ko, step_ko = part_word(cls.mode), part_word(cls._STEP)
    if not records:
        # in English every ladder's record is a run record of games (belote_lab/run)
        raise RecordError(
            words.text("ladder.no_games", "en", what="run", step="game"), field="games",
            ko=words.text("ladder.no_games", "ko", what=what_ko, step=step_ko),
        )
    games = nested(
        records, game_name, "run", "game", "games", read_game, whole_ko=what_ko, part_ko=step_ko
    )
    run = rebuilt(lambda: cls._from_games(rules, seed, seat, games, over, levels))
    for key, value in run._summary().items():
        if key not in data:
            raise missing_key(key)
        if not json_equal(data[key], value):
            shown = short(data[key])
            ko = words.text(
                "ladder.summary_differs", "ko", key=quoted(key), got=quoted(clip(shown)),
                step=step_ko, want=getattr(value, "number", value),
            )
            message = words.text(
                "ladder.summary_differs", "en", key=key, got=shown, step="game", want=value
            )
            raise RecordError(message, field=key, ko=ko)
    return run


def _placed(step: str, k: int, said: str) -> str:
    """``said`` (English) about the ``k``-th ``step`` of a ladder's record: ``match 2: …``."""
    where = words.text("record.part_no", "en", part=step, n=k)
    return words.text("record.placed", "en", place=where, text=said)
