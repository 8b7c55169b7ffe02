"""The referee's two-player Belote handlers: ``score`` (the deal, the stock and the sixteen
tricks) and ``bidding`` (the taking, with the redeals already made)."""

from __future__ import annotations

from typing import Any

from belote_lab.games.belote2 import HAND_SIZE, STOCK_SIZE, Belote2Hand, new_taking
from belote_lab.referee.common import (
    Invalid,
    cards_of,
    contract_of,
    get,
    handles,
    no_overlap,
    replay_tricks,
    scored,
    seat_of,
    taking_answer,
)

__all__: list[str] = []


@handles("belote2", "score")
def _score(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    raw = get(case, "hands", dict)
    if sorted(raw) != ["N", "S"]:
        raise Invalid("'hands' needs exactly the seats N and S")
    hands = {s: cards_of(raw, s, "belote2") for s in ("N", "S")}
    for s, cs in hands.items():
        if len(cs) != HAND_SIZE:
            raise Invalid(f"{s} must hold {HAND_SIZE} cards after the deal, not {len(cs)}")
    stock = cards_of(case, "stock", "belote2")
    if len(stock) != STOCK_SIZE:
        raise Invalid(f"the stock must have {STOCK_SIZE} cards, not {len(stock)}")
    no_overlap(hands["N"], hands["S"], stock)
    taker = seat_of(case, "taker", "belote2")
    contract = contract_of(case, "belote2")
    tricks, _, first = replay_tricks(case, "belote2")
    state = Belote2Hand.from_hands(hands, stock, contract, taker, first, rules)
    return scored(state, tricks)


@handles("belote2", "bidding")
def _bidding(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    dealer = seat_of(case, "dealer", "belote2")
    turned = cards_of({"turned": [get(case, "turned", str)]}, "turned", "belote2")[0]
    redeals = get(case, "redeals", int)
    if isinstance(redeals, bool) or redeals < 0:
        raise Invalid("redeals must be a whole number ≥ 0")
    calls = get(case, "calls", list)
    return taking_answer(new_taking(dealer, turned, redeals, rules), calls)
