"""Exact perfect-information solver (double dummy) for every game of belote_lab.

:func:`solve` takes a game state whose hands are all known (a self-played hand, a deal
typed in, a hint sample) and returns, for every legal card of the seat to play, the value
its side secures with best play by everyone: card points with dix de der for the Belote
games (belote and capot bonuses excluded), tricks for Callbreak.

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand.from_hands({"N": "JH 9H AH TH KH QH 8H 7H",
...     "E": "AS TS KS QS JS 9S 8S 7S", "S": "AD TD KD QD JD 9D 8D 7D",
...     "W": "AC TC KC QC JC 9C 8C 7C"}, "H", taker="N", first_leader="N")
>>> sol = solve(h)
>>> sol.value, len(sol.best)           # N holds every trump: N-S take all 162, any card
(162, 8)
"""

from belote_lab.solver.position import (
    Position,
    PositionError,
    Solution,
    check_position,
    position_of,
    solve,
    solve_position,
)

__all__ = [
    "Position",
    "PositionError",
    "Solution",
    "check_position",
    "position_of",
    "solve",
    "solve_position",
]
