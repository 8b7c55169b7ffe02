"""What the widgets ask of a game beyond :class:`belote_lab.games.spec.Game`'s fields.

Every widget reads the game's facts from its :class:`~belote_lab.games.spec.Game`
(:func:`belote_lab.games.get`), never from its name.  The few facts the ``Game`` does not
declare are derived here, once, from what it does declare.

>>> has_option("coinche", "must_undertrump"), has_option("belote2", "must_undertrump")
(True, False)
>>> contract_codes("belote2"), contract_codes("callbreak")
(('S', 'H', 'D', 'C'), ('callbreak',))
>>> stock_most("belote2"), stock_most("belote")
(14, 0)
"""

from __future__ import annotations

import dataclasses

from belote_lab.cards import CardSet
from belote_lab.contract import Contract
from belote_lab.games import get

__all__ = ["has_option", "contract_codes", "stock_most"]

_CONTRACT_CODES = ("S", "H", "D", "C", "NT", "AT", "callbreak")  # in the order they are offered


def has_option(game: object, name: str) -> bool:
    """Whether the game's rules have the option ``name`` (e.g. ``must_undertrump``)."""
    rules = get(game).rules_class
    if not (isinstance(rules, type) and dataclasses.is_dataclass(rules)):
        return False
    return name in {f.name for f in dataclasses.fields(rules)}


def contract_codes(game: object) -> tuple[str, ...]:
    """The codes of the contracts the game is played with (``S H D C NT AT``, ``callbreak``)."""
    kinds = get(game).contracts
    return tuple(c for c in _CONTRACT_CODES if Contract.parse(c).kind in kinds)


def stock_most(game: object) -> int:
    """The most cards the stock holds once the hands are dealt (0 in a game without one)."""
    g = get(game)
    if not g.has_stock:
        return 0
    return len(CardSet(g.deck_mask)) - g.players * g.hand_size
