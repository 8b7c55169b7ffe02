"""Whole hands of the four-player partnership games in compiled code: the card play every
such game shares, by a level per seat (:func:`play_hand`), and the contracts' tables.

:func:`play_hand` plays the eight tricks of one deal with a policy per seat — level 1, a
random legal card (:func:`belote_lab.batch.core.random_card`, as
:func:`~belote_lab.batch.core.play_four` draws it); level 2, the rules of thumb of
:func:`belote_lab.batch.level2.level2_card` — reading the contract from :func:`contract_tables`
(one row a contract of :data:`belote_lab.contract.CONTRACT_CODES`: S H D C NT AT).

>>> from belote_lab.games import get
>>> tables, rules = contract_tables(get("belote"), get("belote").rules())
>>> tables.shape, rules.shape
((6, 4, 64), (6, 7))
>>> import numpy as np
>>> from belote_lab.batch.core import BELOTE_DECK, deal_cards, hand_state
>>> hands = np.zeros(4, dtype=np.int64)
>>> st = deal_cards(hand_state(1, 0), BELOTE_DECK, np.empty_like(BELOTE_DECK), hands)
>>> points, tricks = np.zeros(2, np.int64), np.zeros(4, np.int64)
>>> st = play_hand(st, hands, 0, 0, 1, np.array([2, 1, 2, 1]), tables, rules, points, tricks)
>>> int(points.sum()), int(tricks.sum()), int(hands.sum())
(162, 8, 0)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from belote_lab._jit import jit
from belote_lab.batch.core import beats, kernel_rule, kernel_tables, random_card, xorshift32
from belote_lab.batch.level2 import learn_void, level2_card
from belote_lab.contract import CONTRACT_CODES, Contract
from belote_lab.games import Game
from belote_lab.solver.kernel import legal_after

__all__ = ["FOUR_CONTRACTS", "contract_tables", "play_hand"]

FOUR_CONTRACTS = CONTRACT_CODES[:6]
"""The contracts of the four-player games, in the order of :func:`contract_tables`' rows."""


def contract_tables(g: Game, rules: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(tables, follow)`` of every contract of :data:`FOUR_CONTRACTS` under ``rules``:
    ``tables[k]`` the rows of :func:`~belote_lab.batch.core.kernel_tables` (power, points,
    higher, the dix de der), ``follow[k]`` the follow rule of
    :func:`~belote_lab.batch.core.kernel_rule` as seven integers."""
    f = g.follow(rules, 0)
    tables = np.zeros((len(FOUR_CONTRACTS), 4, 64), dtype=np.int64)
    follow = np.zeros((len(FOUR_CONTRACTS), 7), dtype=np.int64)
    for k, code in enumerate(FOUR_CONTRACTS):
        c = Contract.parse(code)  # every contract, allowed by the rules or not
        tables[k] = kernel_tables(c, 10)
        follow[k] = [int(x) for x in kernel_rule(c, f)]
    return tables, follow


@jit
def play_hand(st: int, hands: np.ndarray, leader: int, taker: int, contract: int,
              levels: np.ndarray, tables: np.ndarray, follow: np.ndarray, points: np.ndarray,
              tricks: np.ndarray) -> int:
    """Play the eight tricks of ``hands`` (card masks, emptied) from ``leader`` under contract
    number ``contract`` (a row of :func:`contract_tables`) taken by ``taker``, seat ``s``
    playing at ``levels[s]`` (1 random, 2 the rules of thumb); adds each side's card points
    (dix de der included) to ``points`` and each seat's tricks to ``tricks``; returns the
    PRNG state (level 1 draws from it)."""
    t3 = tables[contract]
    r = follow[contract]
    rule = (int(r[0]), int(r[1]), r[2] != 0, r[3] != 0, r[4] != 0, r[5] != 0, r[6] != 0)
    ts = rule[0]
    tmask = rule[1]
    played = 0
    voids = 0
    for t in range(8):
        led = 0
        wc = 0
        w = 0
        pts = 0
        trick = 0
        for i in range(4):
            seat = (leader + i) & 3
            h = hands[seat]
            m = h if i == 0 else legal_after(h, led, wc, i, w, t3[2, wc], rule)
            if levels[seat] == 1:
                st = xorshift32(st)
                c = random_card(st, m)
            else:
                c = level2_card(h, m, played, trick, i, leader, seat, taker, 8 - t, voids, ts,
                                tmask, t3)
            hands[seat] = h ^ (1 << c)
            played |= 1 << c
            trick |= c << (8 * i)
            if i == 0:
                led = c >> 4
                wc = c
            else:
                voids = learn_void(voids, c, i, leader, led, w, wc, ts)
                if beats(c, wc, led, ts, t3[0, c], t3[0, wc]):
                    wc = c
                    w = i
            pts += t3[1, c]
        leader = (leader + w) & 3
        if t == 7:
            pts += t3[3, 0]
        points[leader & 1] += pts
        tricks[leader] += 1
    return st
