"""The referee's Coinche handlers: ``bidding`` (the auction), ``score`` and
``declarations`` (the four-player Belote handler)."""

from __future__ import annotations

from typing import Any

from belote_lab.cards import SEATS
from belote_lab.games.coinche import Auction, Bid, CoincheHand, bid_problem, multiplier_problem
from belote_lab.referee.belote import declarations
from belote_lab.referee.common import (
    Invalid,
    contract_of,
    get,
    handles,
    replay_tricks,
    scored,
    seat_of,
    taking_answer,
)

__all__: list[str] = []

handles("coinche", "declarations")(declarations)


@handles("coinche", "bidding")
def _bidding(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    dealer = seat_of(case, "dealer", "coinche")
    calls = get(case, "calls", list)
    auction = Auction(dealer, rules)
    ans = taking_answer(auction, calls)
    if "contract" in ans:
        return {"contract": auction.contract_json()}
    return ans


@handles("coinche", "score")
def _score(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    tricks, hands, first = replay_tricks(case, "coinche")
    c = get(case, "contract", dict)
    bidder = seat_of(c, "bidder", "coinche")
    value = get(c, "value", (int, str))
    multiplier = get(c, "multiplier", int)
    problem = multiplier_problem(multiplier)
    if problem is not None:
        raise Invalid(f"contract {problem}")
    try:
        bid = Bid.of(value, contract_of(case, "coinche").code)
    except ValueError as e:
        raise Invalid(f"contract: {e}") from None
    problem = bid_problem(bid, rules, options=False)
    if problem is not None:
        raise Invalid(f"contract value: {problem}")
    state = CoincheHand.from_hands(
        {SEATS[s]: h for s, h in hands.items()}, bid, bidder, first, rules, multiplier=multiplier
    )
    return scored(state, tricks)
