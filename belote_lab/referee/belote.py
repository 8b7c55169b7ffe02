"""The referee's four-player Belote handlers: ``score``, ``bidding`` and ``declarations``
(the declarations handler also answers Coinche, which scores them the same way).

>>> from belote_lab.referee import answer
>>> answer({"id": 1, "game": "belote", "ask": "bidding", "dealer": "S", "turned": "KC",
...         "calls": ["pass", "pass", "take"]})
{'id': 1, 'contract': {'taker': 'E', 'trump': 'C'}}
"""

from __future__ import annotations

from typing import Any

from belote_lab.cards import SEATS
from belote_lab.games.belote import BeloteHand, team_declarations
from belote_lab.games.taking import Taking
from belote_lab.referee.common import (
    Invalid,
    cards_of,
    contract_of,
    get,
    handles,
    no_overlap,
    points_answer,
    replay_tricks,
    scored,
    seat_keyed,
    seat_of,
    taking_answer,
)

__all__ = ["declarations"]


@handles("belote", "score")
def _score(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    tricks, hands, first = replay_tricks(case, "belote")
    taker = seat_of(case, "taker", "belote")
    contract = contract_of(case, "belote")
    state = BeloteHand.from_hands(
        {SEATS[s]: h for s, h in hands.items()}, contract, taker, first, rules
    )
    return scored(state, tricks, _points_held)


def _points_held(r: Any) -> dict[str, Any]:
    """:func:`points_answer`, and on a litige (``made`` None) the points held in reserve."""
    out = points_answer(r)
    if r.made is None:
        out["held"] = r.held
    return out


@handles("belote", "bidding")
def _bidding(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    dealer = seat_of(case, "dealer", "belote")
    turned = cards_of({"turned": [get(case, "turned", str)]}, "turned", "belote")[0]
    calls = get(case, "calls", list)
    t = Taking(
        dealer,
        turned,
        turned_jack_forces_dealer=rules.turned_jack_forces_dealer,
        allow_no_trump=rules.allow_no_trump,
        allow_all_trump=rules.allow_all_trump,
    )
    return taking_answer(t, calls)


@handles("belote", "declarations")
def declarations(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    """Declarations of the four-player games (Belote, and Coinche, which scores them too)."""
    given = seat_keyed(case, "hands", case["game"])  # each seat at most once
    contract_of(case, case["game"])
    masks = [0, 0, 0, 0]
    groups = []
    for s, (seat, cards) in given.items():
        cs = cards_of({"h": cards}, "h", "belote")
        if len(cs) != 8:
            raise Invalid(f"seat {seat} must hold 8 cards, not {len(cs)}")
        groups.append(cs)
        for c in cs:
            masks[s] |= 1 << c
    missing = [SEATS[s] for s in range(4) if s not in given]
    if missing:
        raise Invalid(f"declarations need the four hands N, E, S, W; missing {', '.join(missing)}")
    no_overlap(*groups)  # 4 × 8 distinct cards: the whole 32-card deck
    return {"declarations": team_declarations(masks)}
