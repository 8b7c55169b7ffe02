"""A learner's session: any mode of any game, one seat for the learner, computers at the others.

A :class:`Session` deals and counts; the learner decides at their seat (:meth:`Session.play`,
:meth:`Session.call`), the computer seats act on :meth:`Session.advance` until it is the
learner's turn again or the hand is over.  The modes (:func:`modes` tells which a game has):

* ``hand`` — one hand (a void deal is dealt again);
* ``game`` — hands until the target (the game's ``match_class``: Belote, Coinche, Callbreak's
  quick game of 3 or 5 rounds);
* ``match`` — the same for a game of two players (two-player Belote's match of two hands);
* ``run`` — seed 001's two-player run (:class:`~belote_lab.play.ladder.Belote2Run`): the computer
  starts at level 1 and rises a level after each match the learner wins; a loss or a draw ends it;
* ``journey`` — the Callbreak journey (:class:`~belote_lab.play.ladder.CallbreakJourney`), the same
  with Callbreak games of 3 or 5 rounds (seed 003 names the mode; its ladder is this package's).

Which modes a game has is read from its :class:`~belote_lab.games.spec.Game`: every game with a
match class has ``hand`` and a game to the target (``match`` when two play), and the ladder it
names (``Game.ladder``, found by :func:`~belote_lab.play.ladder.ladder_class`) adds the ladder's
mode (its class attribute ``mode``: ``run`` or ``journey``).  A session asks the game for its
ladder once; in the ladder's mode it deals a ladder and counts each finished game with the
ladder's ``next()``.

A computer decision is made by a fresh player of the seat's level, seeded from the session's seed
and the position (the deal and the number of actions): the same position always gets the same
decision, after an undo as after a save and a resume.

Saved as ``{"format": "belote_lab/session", "version": 1, "mode", "seat", "levels", "seed",
"number", "record"}`` where ``record`` is the game record (modes ``hand``, ``game``, ``match``) or
the run record (``run``, ``journey``) of :mod:`belote_lab.play.record_io`; reading checks every
field and replays every action (:class:`~belote_lab.play.record_io.RecordError` on anything
wrong, never pickle or eval), in English and Korean the words of the ``session.`` namespace of the
catalogue of words (``belote_lab/words/en/session.json``, ``ko/session.json``).

>>> s = Session("belote2", mode="run", seat="S", seed=4)
>>> s.status()["level"], s.status()["run_score"], modes("belote2")
(1, 0, ('hand', 'match', 'run'))
>>> acts = s.advance()
>>> s.is_learner_turn or s.hand.is_over
True
>>> t = Session.from_json(s.to_json())
>>> t.hand == s.hand and t.status() == s.status()
True
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from typing import Any, TypeVar

from belote_lab import words
from belote_lab.cards import SEATS, Card, CardParseError, seat_in
from belote_lab.games import Game, get, names
from belote_lab.games.base import Action, IllegalAction
from belote_lab.games.base import step as decide
from belote_lab.games.record import (
    GAME_FORMAT,
    RUN_FORMAT,
    VERSION,
    RecordError,
    check_header,
    check_keys,
    clip,
    describe,
    describe_ko,
    game_field,
    game_from_json,
    game_to_json,
    guarded,
    int_field,
    korean_of,
    parse_json,
    required,
    seat_field,
)
from belote_lab.jsonlines import MAX_DIGITS
from belote_lab.korean import quoted, seat_word
from belote_lab.play.ladder import Ladder, ladder_class, ladder_games
from belote_lab.players import levels as level_table

__all__ = [
    "Session", "modes", "MODES", "SESSION_FORMAT", "SESSION_KEYS", "Action", "NOTHING_TO_UNDO",
]

SESSION_FORMAT = "belote_lab/session"
SESSION_KEYS = ("format", "version", "mode", "seat", "levels", "seed", "number", "record")
MODES = ("hand", "game", "match", *(c.mode for c in map(ladder_class, ladder_games()) if c))
"""Every mode of the shipped games, in the order they are offered (a ladder's is its class's)."""


def mode_word(mode: str, language: str = "ko") -> str:
    """A mode in words (``ko``: the words of the settings panel, ``한 판``; ``en``: its code).

    >>> mode_word("hand"), mode_word("journey"), mode_word("run", "en")
    ('한 판', '여정', 'run')
    """
    return words.text(f"session.mode_{mode}", language)

NOTHING_TO_UNDO = "nothing to undo"
"""What :meth:`Session.undo_refused` says when the learner has no decision in the hand."""

_LEVELS = (1, 2, 3, 4)
_MAX_STEPS = 2000  # computer actions between two learner decisions (a guard, never reached)


_F = TypeVar("_F", bound=Callable[..., Any])


def _locked(method: _F) -> _F:
    """``method`` run holding the session's lock: one thread at a time changes or reads the
    session through its methods, so a save (:meth:`Session.to_json`) is a consistent
    snapshot even while another thread plays."""

    @functools.wraps(method)
    def run(self: Session, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return run  # type: ignore[return-value]


def modes(game: object) -> tuple[str, ...]:
    """The modes ``game`` can be played in (see the module text), read from its ``Game``.

    >>> modes("belote"), modes("callbreak")
    (('hand', 'game'), ('hand', 'game', 'journey'))
    """
    g = get(game)
    return _modes(g, ladder_class(g))


def _modes(g: Game, ladder: type[Ladder] | None) -> tuple[str, ...]:
    """The modes of ``g``, whose ladder is ``ladder``."""
    if g.match_class is None:
        return ()
    out = ("hand", "match" if g.players == 2 else "game")
    return out if ladder is None else (*out, ladder.mode)


def _rules(g: Game, rules: Any, rounds: int | None) -> Any:
    """The game's rule options from ``rules`` (a dict, options or ``None``), with ``rounds``."""
    r = g.rules(rules or {})
    if rounds is not None:
        if "rounds" not in {f.name for f in fields(r)}:
            raise ValueError(f"{g.title} has no rounds to choose")
        r = replace(r, rounds=rounds)
    return r


def _levels(g: Game, levels: int | Mapping[Any, int]) -> dict[int, int]:
    """Every seat's level from one level or ``{seat: level}`` (seats left out: level 2)."""
    if isinstance(levels, int) and not isinstance(levels, bool):
        given: Mapping[Any, Any] = dict.fromkeys(g.seats, levels)
    elif isinstance(levels, Mapping):
        given = levels
    else:
        raise ValueError(f"levels: one level 1–4 or {{seat: level}}, not {levels!r}")
    out = dict.fromkeys(g.seats, 2)
    named: dict[int, Any] = {}
    for seat, level in given.items():
        s = seat_in(seat, g.seats)
        if s in named:
            raise ValueError(
                f"levels: the seat {SEATS[s]} is given twice ({named[s]!r} and {seat!r})"
            )
        named[s] = seat
        if isinstance(level, bool) or level not in _LEVELS:
            raise ValueError(f"the computer level is 1, 2, 3 or 4, not {level!r}")
        out[s] = level
    return out


def _check_seed(seed: object) -> int:
    """``seed`` as a session's seed: a whole number that its save can hold (JSON records
    refuse numbers of more than :data:`~belote_lab.jsonlines.MAX_DIGITS` digits, so such a
    seed would save a session that cannot be resumed).

    >>> _check_seed(-12)
    -12
    >>> _check_seed(10**100)
    Traceback (most recent call last):
    ...
    ValueError: the seed has more than 100 digits: a saved session could not be read back
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed is a whole number, not {seed!r}")
    if abs(seed) >= 10**MAX_DIGITS:
        raise ValueError(
            f"the seed has more than {MAX_DIGITS} digits: a saved session could not be read back"
        )
    return seed


class Session:
    """One learner at ``seat`` against computer seats, in ``mode`` (see the module text).

    ``levels``: one level 1–4 for every other seat, or ``{seat: level}`` (partner included;
    seats left out play at level 2); in a run or a journey the computer's level is the ladder's
    (it starts at 1), and the learner's own entry is the level that stands in for the learner
    (:meth:`advance` with ``learner=True``, e.g. in tests).  ``rules``: a dict of rule options
    (or the game's options object); ``rounds``: 3 or 5 (Callbreak).  ``factories``: a level →
    ``factory(seed)`` table replacing :func:`belote_lab.players.levels` (a test hook).

    >>> s = Session("callbreak", mode="journey", seat="E", levels=1, rounds=3, seed=2)
    >>> st = s.status(); st["rounds"], st["round"], st["level"], st["won"]
    (3, 1, 1, 0)
    >>> s.advance()  # East speaks first: nobody acts before the learner
    []
    >>> s.call(3)
    >>> [(kind, seat) for kind, seat, _value in s.advance()][:3]
    [('call', 'S'), ('call', 'W'), ('call', 'N')]
    >>> s.hand.call_of("E"), s.is_learner_turn
    (3, True)
    """

    def __init__(
        self,
        game: object = "belote",
        mode: str = "hand",
        seat: int | str = "S",
        levels: int | Mapping[Any, int] = 2,
        rules: Any = None,
        seed: int = 0,
        rounds: int | None = None,
        dealer: int | str | None = None,
        factories: Mapping[int, Callable[..., Any]] | None = None,
    ) -> None:
        g = get(game)
        ladder = ladder_class(g)  # the game's ladder, asked once
        available = _modes(g, ladder)
        if mode not in available:
            shown = ", ".join(available) or "none"
            raise ValueError(f"{g.title} has no mode {mode!r}; its modes: {shown}")
        self._setup(g, mode, seat_in(seat, g.seats), _levels(g, levels), seed, factories, ladder)
        self.rules = _rules(g, rules, rounds)
        self.dealer = None if dealer is None else seat_in(dealer, g.seats)
        self._deal()

    def _setup(
        self, g: Game, mode: str, seat: int, levels: dict[int, int], seed: int,
        factories: Mapping[int, Callable[..., Any]] | None, ladder: type[Ladder] | None,
    ) -> None:
        """The session's settings; ``ladder``: the game's (played when ``mode`` is its)."""
        _check_seed(seed)
        self._lock = threading.RLock()
        self.game = g
        self.mode = mode
        self.seat = seat
        self.levels = levels
        self.seed = seed
        self.number = 1  # the hand, game, match or run number of the session
        self._ladder_class = ladder if ladder is not None and ladder.mode == mode else None
        self._factories: Mapping[int, Callable[..., Any]] = (
            factories if factories is not None else level_table(g)
        )
        for s, level in levels.items():
            if level not in self._factories:
                seat_en = ("North", "East", "South", "West")[s]
                raise ValueError(f"{g.title} has no level-{level} player (for {seat_en})")
        self.ladder: Ladder | None = None
        self._match: Any = None
        self.voided: Any = None  # the last void deal dealt again (its redeal_words say why)

    def _deal(self) -> None:
        """Deal the first hand of a new hand, game, match, run or journey (:attr:`number`)."""
        ladder = self._ladder_class
        key = "run" if ladder is not None else "game"  # every ladder's seeds say "run"
        seed = random.Random(f"{self.seed}:{key}:{self.number}").getrandbits(32)
        if ladder is not None:
            self.ladder = ladder(self._factories, self.seat, self.rules, seed)
            self._match = None
            return
        kwargs: dict[str, Any] = {"seed": seed}
        if self.dealer is not None:
            kwargs["dealer"] = self.dealer
        self.ladder = None
        self._match = self.game.match_class(self.rules, **kwargs)

    # --- the state -------------------------------------------------------------------------------
    @property
    def match(self) -> Any:
        """The game or match being played (in a run or journey: the ladder's current one)."""
        return self.ladder.current if self.ladder is not None else self._match

    @property
    def hand(self) -> Any:
        """The hand being played (an engine hand object)."""
        return self.match.hand

    @property
    def is_learner_turn(self) -> bool:
        h = self.hand
        return not h.is_over and h.current_player == self.seat

    @property
    def is_over(self) -> bool:
        """The hand (mode ``hand``), the game or match, or the run or journey is over."""
        if self.ladder is not None:
            return self.ladder.is_over
        if self.mode == "hand":
            return bool(self.hand.phase == "done")
        return bool(self.match.is_over)

    def level_of(self, seat: int | str) -> int:
        """The level that plays ``seat`` now (in a run or journey, the ladder's level)."""
        s = seat_in(seat, self.game.seats)
        if self.ladder is not None and s != self.seat:
            return self.ladder.level
        return self.levels[s]

    def player_for(self, seat: int | str) -> Any:
        """A fresh player for ``seat``'s decision now, seeded from the position."""
        s = seat_in(seat, self.game.seats)
        return self._factories[self.level_of(s)](self._decision_seed(s))

    @property
    def players(self) -> dict[int, Any]:
        """The computer seats' players for the position now (seat → player)."""
        return {s: self.player_for(s) for s in self.game.seats if s != self.seat}

    def _decision_seed(self, seat: int) -> int:
        h = self.hand
        deal = ",".join(str(int(c)) for c in h.deck) or ",".join(map(str, h.original))
        key = f"{self.seed}:{self.number}:{h.dealer}:{deal}:{len(h.actions)}:{seat}"
        return random.Random(key).getrandbits(32)

    # --- computer seats --------------------------------------------------------------------------
    @_locked
    def step(self) -> Action | None:
        """One computer action, the hand's :class:`~belote_lab.games.base.Action` (e.g.
        ``("play", "W", "JH")``; a void deal dealt again: ``("redeal", <dealer>, "")``);
        ``None`` when it is the learner's turn or the hand is over."""
        h = self.hand
        if h.phase == "redeal" and not self.match.is_over:
            self.match.next_hand()
            self.voided = h
            return Action("redeal", SEATS[h.dealer], "")
        if h.is_over or h.current_player == self.seat:
            return None
        decide(h, self.player_for(h.current_player))
        last: Action = h.actions[-1]
        return last

    def advance(self, learner: bool = False) -> list[Action]:
        """Let the computer seats act until the learner's turn or the end of the hand; with
        ``learner=True`` the learner's seat is played too (by its level in :attr:`levels`)."""
        out: list[Action] = []
        for _ in range(_MAX_STEPS):
            act = self._step(learner)
            if act is None:
                return out
            out.append(act)
        raise RuntimeError("the computer players did not stop")

    @_locked
    def _step(self, learner: bool) -> Action | None:
        """One action of :meth:`advance` (one step of the lock: a save may come between two)."""
        act = self.step()
        if act is None and learner and self.is_learner_turn:
            decide(self.hand, self.player_for(self.seat))
            act = self.hand.actions[-1]
        return act

    # --- the learner -----------------------------------------------------------------------------
    @_locked
    def play(self, card: Card | str) -> Card:
        """Play ``card`` for the learner; an illegal card raises the engine's error (the reason
        in ``.reason``) and changes nothing."""
        c = Card.parse(card)
        self.hand.play(c, self.seat)
        return c

    @_locked
    def call(self, call: Any) -> None:
        """Make the learner's call (``take``, ``pass``, ``H``, ``90S``, ``coinche``, ``3`` …);
        an illegal call raises the engine's :class:`IllegalAction` and changes nothing."""
        if call is None:
            raise IllegalAction("no call was chosen")
        self.hand.call(call, self.seat)

    def _last_decision(self) -> int | None:
        """The index in the hand's actions of the learner's last call or card."""
        me = SEATS[self.seat]
        acts = self.hand.actions
        for i in range(len(acts) - 1, -1, -1):
            if acts[i].seat == me and acts[i].kind in ("call", "play"):
                return i
        return None

    @_locked
    def undo_refused(self) -> str | None:
        """Why :meth:`undo` would be refused (``None``: it would take a decision back)."""
        if self._last_decision() is None:
            return NOTHING_TO_UNDO
        why: str | None = self.hand.undo_refused()
        return why

    @property
    def can_undo(self) -> bool:
        return self.undo_refused() is None

    @_locked
    def undo(self) -> list[Action]:
        """Go back to just before the learner's previous decision; returns the actions taken
        back.  Refused with :class:`IllegalAction` (nothing changes) when there is none or the
        hand is counted in the game's totals."""
        why = self.undo_refused()
        if why is not None:
            raise IllegalAction(why)
        target = self._last_decision()
        assert target is not None
        h = self.hand
        undone = h.actions[target:]
        while len(h.actions) > target:
            h.undo()
        return list(reversed(undone))

    # --- the next hand, game or match ------------------------------------------------------------
    @_locked
    def next_refused(self) -> str | None:
        """Why :meth:`next` would be refused now (``None``: it would deal)."""
        if self.mode == "hand":
            return "a single hand has no next hand (start another one)"
        if self.is_over:
            return f"the {self.mode} is over"
        if not self.match.is_over and not self.hand.is_over:
            return "the hand is not over"
        return None

    @property
    def can_next(self) -> bool:
        return self.next_refused() is None

    @_locked
    def next(self) -> Any:
        """Count the finished hand and deal the next one; once a run's match (a journey's game)
        is over, count it: a win raises the level and deals the next, anything else ends the
        run.  Returns the hand now on show."""
        why = self.next_refused()
        if why is not None:
            raise IllegalAction(why)
        m = self.match
        if not m.is_over:
            m.next_hand()
        else:
            assert self.ladder is not None
            self.ladder.next()
        return self.hand

    @_locked
    def again(self) -> Any:
        """Start another hand, game, match, run or journey with the same settings."""
        self.number += 1
        self._deal()
        return self.hand

    # --- what the table shows --------------------------------------------------------------------
    @_locked
    def done_hands(self) -> list[Any]:
        """The hands played to the end in the current game or match (the one on show
        included, counted or not); void deals left out."""
        m, h = self.match, self.hand
        done = [x for x in m.hands if x.phase == "done"]
        if h.phase == "done" and all(x is not h for x in done):
            done.append(h)
        return done

    @_locked
    def totals(self) -> dict[str, Any]:
        """Each side's total over the hands of the current game (the finished hand on show
        included, counted or not), as JSON numbers."""
        sums: dict[str, Any] = dict.fromkeys(self.game.sides, 0)
        for x in self.done_hands():
            for side in sums:
                sums[side] = x.result.score[side] + sums[side]
        return {k: getattr(v, "number", v) for k, v in sums.items()}

    def _winner(self) -> str | None:
        if self.mode != "hand":
            return self.match.winner if self.match.is_over else None
        if self.hand.phase != "done":
            return None
        t = self.totals()
        best = max(t.values())
        tops = [k for k, v in t.items() if v == best]
        return tops[0] if len(tops) == 1 else None

    def _ladder_status(self) -> dict[str, Any]:
        lad = self.ladder
        if lad is None:
            return {"won": None, "run_score": None, "match_no": None}
        # a finished match counts on the scoreboard at once, before "Next match" counts it
        played = len(lad.finished) + (0 if lad.is_over else 1)
        return {"won": lad.shown_won, "run_score": lad.board_score, "match_no": played}

    @_locked
    def status(self) -> dict[str, Any]:
        """What the table shows, as plain values (seats and sides by letter): ``hand`` (its
        number in the game), ``phase``, ``to_act``, ``dealer``, ``contract``, ``trump``,
        ``totals`` (per side, this game), ``levels`` (the computer seats') and ``level`` (the
        highest), ``round``/``rounds`` (a game of a set number of rounds), ``match_over``,
        ``over``, ``winner`` (a side, once over), and in a run or journey ``won`` (matches or
        games won) and ``run_score`` (a run's score; a journey's points) — a finished match
        or game counted at once, before :meth:`next` counts it — and ``match_no`` (the
        match or game of the run being played)."""
        h = self.hand
        rounds = getattr(self.rules, "rounds", None)
        if getattr(self.rules, "target_score", None) is not None or self.mode == "hand":
            rounds = None
        done = len(self.done_hands())
        hand_no = done + (0 if h.is_over else 1)
        computers = {SEATS[s]: self.level_of(s) for s in self.game.seats if s != self.seat}
        out = {
            "game": self.game.name, "mode": self.mode, "seat": SEATS[self.seat],
            "number": self.number, "hand": max(hand_no, 1), "phase": h.phase,
            "to_act": None if h.current_player is None else SEATS[h.current_player],
            "dealer": SEATS[h.dealer],
            "contract": None if h.contract is None else h.contract.code,
            "trump": None if h.contract is None or h.contract.trump is None
            else h.contract.trump.name,
            "totals": self.totals(), "levels": computers, "level": max(computers.values()),
            "round": max(hand_no, 1) if rounds is not None else None,
            "rounds": rounds,
            "match_over": bool(self.match.is_over), "over": self.is_over,
            "winner": self._winner(),
        }
        out.update(self._ladder_status())
        return out

    # --- saving and resuming ---------------------------------------------------------------------
    @_locked
    def to_json(self) -> dict[str, Any]:
        """The session as a record (see the module text)."""
        record = self.ladder.to_json() if self.ladder is not None else game_to_json(self._match)
        return {
            "format": SESSION_FORMAT,
            "version": VERSION,
            "mode": self.mode,
            "seat": SEATS[self.seat],
            "levels": {SEATS[s]: v for s, v in self.levels.items()},
            "seed": self.seed,
            "number": self.number,
            "record": record,
        }

    @classmethod
    def from_json(
        cls, data: dict[str, Any] | str | bytes,
        factories: Mapping[int, Callable[..., Any]] | None = None,
    ) -> Session:
        """Resume a session from :meth:`to_json` output (an object, JSON text or UTF-8 bytes):
        every field is checked and every action replayed; anything wrong raises
        :class:`~belote_lab.play.record_io.RecordError` naming it.

        >>> Session.from_json('{"format": "belote_lab/hand", "version": 1}')
        Traceback (most recent call last):
        ...
        belote_lab.games.record.RecordError: not a session record (format 'belote_lab/hand')
        """
        return guarded(lambda: _read_session(cls, data, factories))


# --- reading a session record --------------------------------------------------------------------
def _levels_field(data: dict[str, Any], g: Game) -> dict[int, int]:
    raw = required(data, "levels", dict)
    out = dict.fromkeys(g.seats, 2)
    named: dict[int, str] = {}
    for key, level in raw.items():
        s = seat_field(key, "levels", g.seats)
        if s in named:
            ko = words.text(
                "session.seat_twice", "ko", seat=seat_word(s), a=quoted(clip(named[s])),
                b=quoted(clip(key)),
            )
            message = words.text(
                "session.seat_twice", "en", seat=SEATS[s], a=repr(clip(named[s])),
                b=repr(clip(key)),
            )
            raise RecordError(message, field="levels", ko=ko)
        named[s] = key
        if isinstance(level, bool) or level not in _LEVELS:
            raise RecordError(
                words.text("session.bad_level", "en", field=f"levels.{key}", got=describe(level)),
                field="levels",
                ko=words.text(
                    "session.bad_level", "ko", field=quoted(f"levels.{key}"),
                    got=describe_ko(level),
                ),
            )
        out[s] = level
    return out


def _shown_ko(value: Any) -> str:
    """A value of the file in a Korean sentence: a short text quoted, else described."""
    return quoted(clip(value)) if isinstance(value, str) else describe_ko(value)


def _nested(read: Callable[[], Any]) -> Any:
    """Read the session's ``record``; a failure is named as the record's."""
    try:
        return read()
    except RecordError as e:
        field = f"record.{e.field}" if e.field else "record"
        raise e.within(_in_record(str(e)), words.text("session.record", "ko"), field) from None


def _in_record(said: str) -> str:
    """``said`` (English) about a session's ``record``: ``record: …``."""
    return words.text("record.placed", "en", place=words.text("session.record", "en"), text=said)


def _read_record(s: Session, record: dict[str, Any]) -> None:
    """Put the game or the run of ``record`` in the session ``s``."""
    ladder = s._ladder_class
    fmt = RUN_FORMAT if ladder is not None else GAME_FORMAT
    if record.get("format") != fmt:
        got = describe(record.get("format"))
        ko = words.text(
            "session.wrong_record", "ko", mode=mode_word(s.mode), fmt=quoted(fmt),
            got=_shown_ko(record.get("format")),
        )
        said = words.text("session.wrong_record", "en", mode=s.mode, fmt=fmt, got=got)
        raise RecordError(
            _in_record(said), field="record.format", ko=ko,
            where_ko=(words.text("session.record", "ko"),),
        )
    if ladder is not None:
        run = _nested(lambda: ladder.from_json(record, s._factories))
        if run.seat != s.seat:
            ko = words.text(
                "session.not_learners_seat", "ko", what=mode_word(s.mode), seat=seat_word(s.seat)
            )
            said = words.text("session.not_learners", "en", what="run")
            raise RecordError(_in_record(said), field="seat", ko=ko)
        s.ladder, s.rules = run, run.rules
        return
    m = _nested(lambda: game_from_json(record))
    s._match, s.rules = m, m.rules
    if s.mode == "hand" and len(s.done_hands()) > 1:
        raise RecordError(
            _in_record(words.text("session.one_hand", "en")), field="record.hands",
            ko=words.text("session.one_hand", "ko"), where_ko=(words.text("session.record", "ko"),),
        )
    s.dealer = (m.hands or [m.hand])[0].dealer


def _read_session(
    cls: type[Session], data: Any, factories: Mapping[int, Callable[..., Any]] | None
) -> Session:
    data = parse_json(data)
    check_header(data, SESSION_FORMAT, "session")
    check_keys(data, SESSION_KEYS)
    mode = required(data, "mode", str)
    if mode not in MODES:
        ko = words.text(
            "session.unknown_mode", "ko", mode=quoted(clip(mode)),
            modes=", ".join(f"{mode_word(m)} {quoted(m)}" for m in MODES),
        )
        message = words.text(
            "session.unknown_mode", "en", mode=repr(mode[:40]), modes=", ".join(MODES)
        )
        raise RecordError(message, field="mode", ko=ko)
    record = required(data, "record", dict)
    g = get(_nested(lambda: game_field(record, names())))
    ladder = ladder_class(g)
    if mode not in _modes(g, ladder):
        raise RecordError(
            words.text("session.no_mode", "en", game=g.title, mode=mode), field="mode",
            ko=words.text(
                "session.no_such_mode", "ko", game=g.title_ko, name=mode_word(mode),
                mode=quoted(mode),
            ),
        )
    seat = seat_field(data.get("seat"), "seat", g.seats)
    levels = _levels_field(data, g)
    seed = int_field(data, "seed", "seed")
    s = cls.__new__(cls)
    try:
        s._setup(g, mode, seat, levels, seed, factories, ladder)
    except (ValueError, CardParseError) as e:
        ko = korean_of(e) or words.text("session.levels_unusable", "ko")
        raise RecordError(str(e), field="levels", ko=ko) from None
    s.number = int_field(data, "number", "number", low=1)
    s.dealer = None
    _read_record(s, record)
    return s
