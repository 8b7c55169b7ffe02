"""The line handler behind ``belote-lab solve FILE.jsonl``: exact double-dummy values of deals.

Each input line is one deal::

    {"game": "belote", "hands": {"N": [8 cards], "E": [...], "S": [...], "W": [...]},
     "trump": "H", "leader": "N"}

``trump`` is a suit (``S H D C``), ``NT`` or ``AT``; ``rules`` (an object of Belote rule options,
e.g. ``{"must_undertrump": true}``), ``taker`` (a seat, default the leader; it does not change
the card points), ``id`` (echoed back) and ``pv`` (``true``: also answer ``"pv"``, a
principal variation of 32 cards, best play by all four) are optional; ``game`` defaults to
``belote``.  The keys are read as the referee reads them: a seat (``leader``, ``taker``) is a
letter (``0`` is refused, as the referee refuses it), ``rules`` absent or ``null`` means the
defaults and anything else but an object is refused, and ``pv`` is ``true`` or ``false``
(absent or ``null``: ``false``; ``"yes"`` or ``1`` is refused).  Each
answer is one JSON line: ``ns_points`` (the N–S card points with dix de der, belote and capot
bonus excluded, with best play by all four from the first card), ``best`` (the best first
cards) and ``ms`` (solve time). A line that cannot be read gets ``{"error": "invalid",
"message": …}`` and the next line is read. Each hand has 8 cards: a deal is solved from
its first card.

The file is read as bytes, line by line, exactly as ``belote-lab referee`` reads its cases
(:func:`belote_lab.jsonlines.serve_file`): every non-blank line gets its own answer, flushed as
soon as it is computed; a line that is not a JSON object (not UTF-8, not JSON, nested too deep,
a number too long, ``NaN``, an array…) is answered ``{"id": <id or null>, "error": "invalid",
"message": …}`` and the run goes on; a UTF-8 byte order mark at the start is skipped; answers
are strict JSON.  Exit status: 0 when every line was answered (some answers may be
``invalid``); 1 when at least one line could not be read as a JSON object (it was answered,
and the run went to the end); 2 when the file cannot be read (a message on standard error).

>>> ans = solve_case({"hands": {"N": "JH 9H AH TH KH QH 8H 7H",
...     "E": "AS TS KS QS JS 9S 8S 7S", "S": "AD TD KD QD JD 9D 8D 7D",
...     "W": "AC TC KC QC JC 9C 8C 7C"}, "trump": "H", "leader": "E"})
>>> ans["ns_points"], ans["best"]          # N holds every trump: N-S take all 162
(162, ['7S', '8S', '9S', 'TS', 'JS', 'QS', 'KS', 'AS'])
>>> solve_case({"hands": {"N": ["JH"]}, "trump": "H", "leader": "N"})["error"]
'invalid'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TextIO

from belote_lab import jsonlines
from belote_lab.batch import warm
from belote_lab.cards import SEATS, CardParseError, mask_cards, parse_cards
from belote_lab.contract import Contract
from belote_lab.games import get as get_game
from belote_lab.games.base import TrickPlay
from belote_lab.games.record import describe
from belote_lab.games.spec import Game
from belote_lab.jsonlines import BadLine, clean_id, parse_line, serve
from belote_lab.referee import common as case_reading
from belote_lab.referee.common import Invalid
from belote_lab.rules import RuleOptionError

__all__ = ["solve_case", "solve_line", "run", "serve_file"]

SOLVED = ("belote",)
"""The games whose deals this command reads (its answer is a Belote deal's N–S card points):
a declared capability of the command, not a branch on a game; everything else about the
game is read from its :class:`~belote_lab.games.spec.Game`."""


def _game(case: dict[str, Any]) -> Game:
    """The case's game (default ``belote``), one of :data:`SOLVED`."""
    name = case.get("game", "belote")
    if name not in SOLVED:
        raise Invalid(f"game {name!r} is not solved here (only {', '.join(SOLVED)})")
    return get_game(name)


def _state(case: dict[str, Any]) -> Any:
    g = _game(case)
    for key in ("hands", "trump", "leader"):
        if key not in case:
            raise Invalid(f"missing key {key!r}")
    hands = case["hands"]
    seats = [SEATS[s] for s in g.seats]
    if not isinstance(hands, dict) or sorted(hands) != sorted(seats):
        raise Invalid('"hands" must be an object with the four seats N, E, S, W')
    trump = case["trump"]
    words = '"trump" must be a suit letter (S H D C), "NT" or "AT"'
    if not isinstance(trump, str):
        raise Invalid(words)
    try:  # the contracts' reader: a suit by Suit.parse, so "" or "SH" is no trump
        contract = Contract.parse(trump)
    except CardParseError:
        shown = repr(trump) if len(trump) <= 40 else repr(trump[:40]) + "…"
        raise Invalid(f"{words}, not {shown}") from None
    if contract.kind not in g.contracts:
        raise Invalid(f"{words}, not {trump!r}")
    try:
        rules = g.rules(case.get("rules"))
    except (RuleOptionError, TypeError) as e:
        raise Invalid(str(e)) from None
    leader = _seat(case, "leader", g)
    taker = leader if case.get("taker") is None else _seat(case, "taker", g)
    for seat, cards in hands.items():
        if not isinstance(cards, (list, str)):
            raise Invalid(f"the hand of {seat} must be a list of cards")
        n = len(parse_cards(cards))
        # a whole deal: the solver counts the tricks left from the tricks played
        if n != g.hand_size:
            raise Invalid(f"the hand of {seat} has {n} cards, not {g.hand_size}")
    return g.hand_class.from_hands(hands, contract, taker=taker, first_leader=leader, rules=rules)


def _seat(case: dict[str, Any], key: str, g: Game) -> int:
    """A seat of the case, read as the referee reads its seats (a letter; ``0`` is refused)."""
    return case_reading.seat_of(case, key, g)


def _flag(case: dict[str, Any], key: str) -> bool:
    """A yes-or-no key: ``true`` or ``false`` (absent or ``null``: ``false``); ``"yes"`` or
    ``1`` is refused, not read as one or the other.

    >>> _flag({"pv": True}, "pv"), _flag({}, "pv"), _flag({"pv": None}, "pv")
    (True, False, False)
    >>> _flag({"pv": 1}, "pv")
    Traceback (most recent call last):
    ...
    belote_lab.referee.common.Invalid: "pv" must be true or false, not the number 1
    """
    v = case.get(key)
    if v is None:
        return False
    if not isinstance(v, bool):
        raise Invalid(f'"{key}" must be true or false, not {describe(v)}')
    return v


def solve_case(case: Any) -> dict[str, Any]:
    """The answer to one deal (a parsed JSON value); never raises on bad input."""
    out: dict[str, Any] = {}
    id_problem = None
    if isinstance(case, dict) and "id" in case:
        out["id"], id_problem = clean_id(case["id"])
    try:
        if not isinstance(case, dict):
            raise Invalid("a line must be a JSON object")
        if id_problem is not None:
            raise Invalid(id_problem)
        state = _state(case)
        want_pv = _flag(case, "pv")
    except Invalid as e:
        out.update({"error": "invalid", "message": str(e)})
        return out
    except (CardParseError, ValueError, TypeError, KeyError) as e:
        out.update({"error": "invalid", "message": f"{type(e).__name__}: {e}"})
        return out
    out.update(_solved(state, want_pv))
    return out


def _solved(state: TrickPlay, want_pv: bool) -> dict[str, Any]:
    """The answer keys of a deal that was read: ``ns_points``, ``best``, ``ms`` (``pv``)."""
    from belote_lab.solver import solve

    warm.ready()  # the kernels loaded before the clock starts: the first ``ms`` is a solve's
    sol = solve(state, max_side=(0, 2), all_values=False, pv=want_pv)
    points = state.contract.tables.points
    total = sum(points[c] for h in state.hands for c in mask_cards(h)) + state.last_trick_bonus
    ns = sol.value if 0 in sol.side else total - sol.value
    out: dict[str, Any] = {
        "ns_points": ns, "best": [c.text for c in sol.best], "ms": round(sol.ms, 3)
    }
    if want_pv:
        out["pv"] = [c.text for c in sol.pv]
    return out


def solve_line(line: str | bytes) -> dict[str, Any]:
    """The answer to one input line (JSON text, or its UTF-8 bytes)."""
    try:
        case = parse_line(line)
    except BadLine as e:
        return {"id": e.id, "error": "invalid", "message": str(e)}
    return solve_case(case)


def run(lines: Iterable[str | bytes], out: TextIO | None = None) -> int:
    """Answer every non-blank line; returns the number of answers written."""
    return serve(lines, solve_case, out)[0]


def serve_file(path: str, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Answer every line of the file ``path`` (``-``: standard input); returns the exit
    status (0, 1 or 2, see the module's docstring)."""
    return jsonlines.serve_file(path, solve_case, "belote-lab solve", out, err)
