"""The conformance-case answerer behind ``belote-lab referee FILE.jsonl``.

Each line of the input is a case (see ``docs/conformance.md`` / FORMAT.md); each answer is
one JSON line ``{"id": …, <answer keys>}``.  A case that cannot be taken gets
``"error": "invalid"`` with a message; the referee never stops on a bad case.

The file is read as bytes, line by line, and every non-blank line gets its own answer, written
(and flushed) as soon as it is computed.  A line that is not a JSON object at all — bytes that
are not UTF-8, text that is not JSON, nesting deeper than ``MAX_DEPTH``, a number of more
than ``MAX_DIGITS`` digits, ``NaN``/``Infinity``, an object that gives a key twice
(``"game": "belote", "game": "callbreak"``), a JSON array or number — is answered
``{"id": <its id if one could be read, else null>, "error": "invalid", "message": …}`` and the
run goes on.  A UTF-8 byte order mark at the start of the file is skipped; blank lines get no
answer; keys the referee does not use are ignored.  Answers are always strict JSON.

Exit status (:func:`serve_file`): 0 when every line was answered, also when some answers are
``invalid`` or ``illegal`` errors to well-formed cases; 1 when every line was answered but at
least one line could not be read as a JSON object; 2 when the file cannot be read (missing,
unreadable: a one-line message on standard error).

The package holds the shared case-reading helpers (:mod:`belote_lab.referee.common`) and one
handler module per game, named after it (``belote_lab.referee.belote``, ``.coinche``,
``.belote2``, ``.callbreak``): each registers its handlers with
:func:`~belote_lab.referee.common.handles`, and is imported the first time its game is asked
about, so a game that fails to load answers ``internal`` errors without stopping the others.

>>> answer({"id": "w", "game": "belote", "ask": "winner", "trump": "H",
...         "trick": ["8H", "KH", "7S", "KC"], "leader": "W"})
{'id': 'w', 'winner': 'N'}
>>> answer({"id": "l", "game": "belote", "ask": "legal", "trump": "S",
...         "hand": ["7C", "QH"], "trick": ["9C", "AD"], "leader": "N"})
{'id': 'l', 'legal': ['7C']}
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any, TextIO

from belote_lab import jsonlines
from belote_lab.cards import CardParseError
from belote_lab.games import get as get_game
from belote_lab.games import rules_for
from belote_lab.games.base import IllegalAction
from belote_lab.jsonlines import Answerer, clean_id
from belote_lab.referee.common import COMMON, GAMES, HANDLERS, Handler, Invalid, get, handles
from belote_lab.rules import RuleOptionError

# The case-reading helpers the handlers share live in belote_lab.referee.common.
__all__ = [
    "answer",
    "run",
    "serve",
    "serve_file",
    "Invalid",
    "HANDLERS",
    "GAMES",
    "Handler",
    "handles",
    "handler_for",
]


# --- driver -------------------------------------------------------------------------------------
_LOADED: set[str] = set()


def handler_for(game: str, ask: str) -> Handler | None:
    """The handler of ``(game, ask)``.  The game's handler module
    ``belote_lab.referee.<game>`` registers its handlers when imported, the first time the
    game is asked about; ``legal`` and ``winner`` are common to every game (a game without a
    handler module, such as one added by :func:`belote_lab.games.register`, answers those
    two).  A game whose module fails to import raises here, for every case that asks about it.

    >>> handler_for("coinche", "score").__module__
    'belote_lab.referee.coinche'
    >>> handler_for("belote2", "legal").__module__
    'belote_lab.referee.common'
    """
    if game not in _LOADED:
        name = f"{__name__}.{game}"
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:  # the game itself fails to load: an ``internal`` answer
                raise
        _LOADED.add(game)
    return HANDLERS.get((game, ask)) or COMMON.get(ask)


def answer(case: Any) -> dict[str, Any]:
    """The answer to one case (never raises).

    Keys the referee does not use (``expect``, comments, any other) are ignored.  The ``id`` is
    echoed when it is a string, a number or null; any other id is answered as null with an
    ``invalid`` error that says so.
    """
    cid, id_problem = clean_id(case.get("id")) if isinstance(case, dict) else (None, None)
    out: dict[str, Any] = {"id": cid}
    try:
        if not isinstance(case, dict):
            raise Invalid("a case must be a JSON object")
        if id_problem is not None:
            raise Invalid(id_problem)
        game = get(case, "game", str)
        ask = get(case, "ask", str)
        try:
            get_game(game)
        except ValueError:
            raise Invalid(f"unknown game {game!r}") from None
        handler = handler_for(game, ask)
        if handler is None:
            raise Invalid(f"ask {ask!r} is not answered for game {game!r}")
        try:
            rules = rules_for(game, case.get("rules"))  # absent or null: the defaults
        except (RuleOptionError, TypeError) as e:
            raise Invalid(str(e)) from None
        out.update(handler(case, rules))
    except Invalid as e:
        out.update({"error": "invalid", "message": str(e)})
    except (CardParseError, IllegalAction, ValueError, TypeError, KeyError) as e:
        out.update({"error": "invalid", "message": f"{type(e).__name__}: {e}"})
    except Exception as e:  # an engine fault (or a game module that fails to import)
        # must not stop the referee: answer it as such and go on with the next case
        out.update({"error": "internal", "message": f"{type(e).__name__}: {e}"})
    return out


# --- the command: every line answered on its own (belote_lab.jsonlines) -------------------------
def serve(
    lines: Iterable[bytes | str], out: TextIO | None = None, answer_case: Answerer = answer
) -> tuple[int, int]:
    """Answer every non-blank line of ``lines`` (see :func:`belote_lab.jsonlines.serve`)."""
    return jsonlines.serve(lines, answer_case, out)


def run(lines: Iterable[bytes | str], out: TextIO | None = None) -> int:
    """Answer every case of ``lines``; returns the number of answers written."""
    return serve(lines, out)[0]


def serve_file(
    path: str,
    answer_case: Answerer = answer,
    prog: str = "belote-lab referee",
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Answer every line of the file ``path`` (``-``: standard input); returns the exit status
    (:data:`~belote_lab.jsonlines.EXIT_OK`, ``EXIT_UNREADABLE`` or ``EXIT_USAGE``)."""
    return jsonlines.serve_file(path, answer_case, prog, out, err)
