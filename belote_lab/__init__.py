"""belote_lab: teach and analyse trick-taking card games.

The engine: cards, rule options, one trick-taking core, the games (four-player Belote,
Coinche, two-player Belote, Callbreak), game records, players and simulation.  It never
imports ipywidgets or Jupyter.

**The facade.** ``import belote_lab as bl`` gives the public API in one place. The core names
(cards, contracts, the trick rules: ``bl.Card``, ``bl.why_not`` …) come with the package; the
services — the games (``bl.get``, ``bl.names``), play (``bl.Session``, ``bl.play_hand``,
``bl.selfplay``), analysis (``bl.simulate``, ``bl.solve``), coaching (``bl.hint``,
``bl.advise``, ``bl.review``, ``bl.problem``, ``bl.problems``), the computer players
(``bl.levels``), records (``bl.load``, ``bl.loads``, ``bl.save``), the charts and their
intervals (the modules ``bl.plots``, ``bl.stats``) — are named in :data:`LAZY` and imported the
first time one is used (PEP 562, :func:`__getattr__`). So ``import belote_lab`` stays fast: it
imports neither numba, matplotlib, dask, pandas nor numpy (``tests/test_facade.py``). Each name
is the object of its home module (``bl.simulate is belote_lab.simulation.simulate.simulate``);
code inside the package imports from the home module, never from the facade.

>>> import belote_lab as bl
>>> bl.legal_cards("7H JH AC KD", ["KS", "AS"], "H").text()
'JH 7H'
>>> bl.get("belote").title, bl.names()[:2]
('four-player Belote', ('belote', 'coinche'))
>>> hand = bl.play_hand("belote", "2,2,2,2", seed=3)
>>> hand.phase, len(hand.tricks)
('done', 8)
"""

from __future__ import annotations

import importlib
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from belote_lab.cards import Card, CardParseError, CardSet, Rank, Suit, parse_cards
from belote_lab.contract import Contract, ContractKind
from belote_lab.rules import Belote2Rules, BeloteRules, CallbreakRules, CoincheRules
from belote_lab.trick import (
    FollowRules,
    IllegalPlay,
    Reason,
    Rule,
    analyse,
    legal_cards,
    trick_points,
    trick_winner,
    why_not,
)

if TYPE_CHECKING:  # what the facade gives, for editors and type checkers (LAZY at run time)
    from belote_lab import stats
    from belote_lab.coaching.advice import advise
    from belote_lab.coaching.hints import hint
    from belote_lab.coaching.problems import problem, problems
    from belote_lab.coaching.review import review
    from belote_lab.games import get, names
    from belote_lab.games.record import save
    from belote_lab.play.record_io import load, loads
    from belote_lab.play.session import Session
    from belote_lab.players.levels import levels
    from belote_lab.present import plots
    from belote_lab.simulation.selfplay import play_hand, selfplay
    from belote_lab.simulation.simulate import simulate
    from belote_lab.solver.position import solve

__version__ = "0.1.0"

LAZY = MappingProxyType({
    # the games
    "get": "belote_lab.games:get",
    "names": "belote_lab.games:names",
    # play: a learner's table, one hand, many hands as records
    "Session": "belote_lab.play.session:Session",
    "play_hand": "belote_lab.simulation.selfplay:play_hand",
    "selfplay": "belote_lab.simulation.selfplay:selfplay",
    "levels": "belote_lab.players.levels:levels",
    # analysis
    "simulate": "belote_lab.simulation.simulate:simulate",
    "solve": "belote_lab.solver.position:solve",
    # coaching
    "hint": "belote_lab.coaching.hints:hint",
    "advise": "belote_lab.coaching.advice:advise",
    "review": "belote_lab.coaching.review:review",
    "problem": "belote_lab.coaching.problems:problem",
    "problems": "belote_lab.coaching.problems:problems",
    # records: a hand, a game or a run
    "load": "belote_lab.play.record_io:load",
    "loads": "belote_lab.play.record_io:loads",
    "save": "belote_lab.games.record:save",
    # the charts and the intervals they draw, modules
    "plots": "belote_lab.present.plots",
    "stats": "belote_lab.stats",
})
"""The facade's names imported on first use: name → ``"module:attribute"`` (or ``"module"``
for a module itself).  The one place where the core names the layers above it, lazily:
``tests/test_layers.py`` checks that the ``TYPE_CHECKING`` imports above name these exactly."""

__all__ = [
    # the core, imported with the package
    "Card",
    "CardParseError",
    "CardSet",
    "Rank",
    "Suit",
    "parse_cards",
    "Contract",
    "ContractKind",
    "BeloteRules",
    "Belote2Rules",
    "CallbreakRules",
    "CoincheRules",
    "FollowRules",
    "IllegalPlay",
    "Reason",
    "Rule",
    "analyse",
    "legal_cards",
    "trick_points",
    "trick_winner",
    "why_not",
    # the facade's lazy names (LAZY), in its order
    "get",
    "names",
    "Session",
    "play_hand",
    "selfplay",
    "levels",
    "simulate",
    "solve",
    "hint",
    "advise",
    "review",
    "problem",
    "problems",
    "load",
    "loads",
    "save",
    "plots",
    "stats",
]


def __getattr__(name: str) -> Any:
    """A name of :data:`LAZY`, imported now and kept (the next use is a plain lookup).

    >>> import belote_lab as bl
    >>> bl.simulat  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AttributeError: module 'belote_lab' has no attribute 'simulat'; did you mean 'simulate'? ...
    """
    target = LAZY.get(name)
    if target is None:
        raise AttributeError(_unknown(name), name=name)
    module, _, attr = target.partition(":")
    value = importlib.import_module(module)
    if attr:
        value = getattr(value, attr)
    globals()[name] = value
    return value


def _unknown(name: str) -> str:
    """What :func:`__getattr__` says of a name the package does not have.

    >>> print(_unknown("Sesion"))
    module 'belote_lab' has no attribute 'Sesion'; did you mean 'Session'? (see dir(belote_lab))
    >>> _unknown("xyz")
    "module 'belote_lab' has no attribute 'xyz' (see dir(belote_lab))"
    """
    import difflib  # only when a name is wrong

    close = difflib.get_close_matches(name, __dir__(), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"module {__name__!r} has no attribute {name!r}{hint} (see dir({__name__}))"


def __dir__() -> list[str]:
    """The module's names, those of :data:`LAZY` not yet imported included."""
    return sorted({*globals(), *LAZY})
