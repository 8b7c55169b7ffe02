"""The referee's Callbreak handlers: ``score`` (the thirteen tricks against the calls) and
``bidding`` (the calls, made in turn from the dealer's left)."""

from __future__ import annotations

from typing import Any

from belote_lab.cards import SEATS
from belote_lab.games.callbreak import CallbreakBidding, CallbreakHand, CallError, parse_call
from belote_lab.referee.common import (
    Invalid,
    game_of,
    get,
    handles,
    replay_tricks,
    scored,
    seat_keyed,
    seat_of,
)

__all__: list[str] = []


@handles("callbreak", "score")
def _score(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    tricks, hands, first = replay_tricks(case, "callbreak")
    calls: dict[str, int] = {}
    for s_index, (seat, n) in seat_keyed(case, "calls", "callbreak").items():
        s = SEATS[s_index]
        if isinstance(n, bool) or not isinstance(n, int):
            raise Invalid(f"calls: {seat}'s call must be a whole number")
        try:
            calls[s] = parse_call(n, rules.max_call)
        except CallError as e:
            raise Invalid(f"calls: {seat}: {e}") from None
    if len(calls) != 4:
        raise Invalid("calls: the four seats need a call")
    state = CallbreakHand.from_hands({SEATS[s]: h for s, h in hands.items()}, calls, first, rules)
    return scored(state, tricks, _tricks_answer)


def _tricks_answer(r: Any) -> dict[str, Any]:
    """Callbreak's ``score`` answer: the tricks each seat won and its round score."""
    return {"tricks_won": dict(r.tricks_won), "score": {s: t.number for s, t in r.score.items()}}


@handles("callbreak", "bidding")
def _bidding(case: dict[str, Any], rules: Any) -> dict[str, Any]:
    dealer = seat_of(case, "dealer", "callbreak")
    calls = get(case, "calls", list)
    b = CallbreakBidding(dealer, rules.max_call)
    for k, c in enumerate(calls):
        # calls are JSON integers here; text such as "3" or "pass" breaks the rule
        if isinstance(c, bool) or not isinstance(c, int):
            return {"error": "illegal", "call": k + 1, "message": f"{c!r} is not a call"}
        try:
            b.call(c)
        except CallError as e:
            return {"error": "illegal", "call": k + 1, "message": str(e)}
    if not b.done:
        nxt = b.next_seat
        assert nxt is not None
        return {"next": SEATS[nxt]}
    g = game_of("callbreak")
    return {"calls": {SEATS[g.next_seat(dealer, 1 + k)]: n for k, n in enumerate(b.calls)}}
