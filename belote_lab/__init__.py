"""belote_lab: teach and analyse trick-taking card games.

The engine: cards, rule options, one trick-taking core, the games (four-player Belote,
Coinche, two-player Belote, Callbreak), game records, players and simulation.  It never
imports ipywidgets or Jupyter.

>>> import belote_lab as bl
>>> bl.legal_cards("7H JH AC KD", ["KS", "AS"], "H").text()
'JH 7H'
"""

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

__version__ = "0.1.0"

__all__ = [
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
]
