"""Compiled whole hands of Coinche (:mod:`belote_lab.batch.coinche`) against the engine and
the Python players: the level-2 call equals ``CoinchePlayer2().choose_call(state)`` at every
position of engine auctions (level-2 auctions, auctions stepped partly at random so that
coinches, surcoinches and capots stand, and deals with capot hands), whole hands replayed
through the engine give the arrays :func:`belote_lab.simulation.simulate._collect` fills, level 1's
calls are legal and its distributions sane, and the arrays are the same with and without numba."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from belote_lab.batch import coinche as kc
from belote_lab.batch import kernels
from belote_lab.batch.arrays import ARRAYS, empty_arrays
from belote_lab.batch.deal import (
    BELOTE_DECK,
    below,
    deal_cards,
    hand_state,
    random_card,
    xorshift32,
)
from belote_lab.cards import Card, mask_cards
from belote_lab.contract import PLAIN_ORDER, TRUMP_ORDER
from belote_lab.games import get
from belote_lab.players import RandomPlayer
from belote_lab.players.coinche import CoinchePlayer2
from belote_lab.simulation.simulate import _collect

ROOT = Path(__file__).resolve().parent.parent
GAME = get("coinche")
ALL = {"allow_no_trump": True, "allow_all_trump": True, "allow_generale": True,
       "allow_belote_bids": True}
RULE_SETS = [
    {},
    ALL,
    {**ALL, "first_lead": "eldest", "must_undertrump": True},
    {"min_bid": 90, "max_bid": 160, "allow_no_trump": True, "redeal_same_dealer": False},
    {"min_bid": 100, "max_bid": 240, "allow_generale": True, "first_lead": "eldest"},
]
L2 = CoinchePlayer2()


# --- call for call -----------------------------------------------------------------------------
class Tables:
    """The kernel's bid tables of some rules and the row of each bid's text."""

    def __init__(self, rules: Any) -> None:
        self.bids, self.find = kc.bid_tables(rules)
        self.row = {kc.call_text(k, self.bids): k for k in range(self.bids.shape[0])}


def kernel_call(h: Any, t: Tables) -> str:
    """The compiled level-2 call of the seat to speak in the engine's hand ``h``, its inputs
    read from the engine's auction."""
    a = h.auction
    seat = h.current_player
    cur = -1 if a.bid is None else t.row[a.bid.text]
    first = h.dealer if h.rules.first_lead == "dealer" else (h.dealer + 1) % 4
    raised = any(s == seat and c != "pass" for s, c in a.calls)
    c = kc.level2_call(h.hands[seat], seat, cur, a.bidder, a.coinched_by >= 0, raised, first,
                       t.bids, t.find)
    return kc.call_text(c, t.bids)


def strong_deck(rng: random.Random) -> list[Card]:
    """A deck whose first packet is a hand of top trumps and side masters (often no loser at
    capot, sometimes with the trump K and Q), the rest at random."""
    trump = rng.randrange(4)
    held = [16 * trump + int(r) for r in TRUMP_ORDER[: rng.randint(3, 7)]]
    sides = [s for s in range(4) if s != trump]
    rng.shuffle(sides)
    for s in sides:
        for r in PLAIN_ORDER[: rng.randint(0, 4)]:
            if len(held) < 8:
                held.append(16 * s + int(r))
    rest = [c for c in BELOTE_DECK.tolist() if c not in held]
    rng.shuffle(rest)
    need = 8 - len(held)
    held += rest[:need]
    rest = rest[need:]
    packets = [held, rest[:8], rest[8:16], rest[16:24]]
    rng.shuffle(packets)
    return [Card(c) for p in packets for c in p]


def call_kind(call: str) -> str:
    """A call without its value: ``pass``, ``coinche``, ``H``, ``NT``, ``capotbeloteS`` …"""
    return call.lstrip("0123456789")


def compare_auction(h: Any, t: Tables, rng: random.Random, p_random: float,
                    seen: set[str]) -> int:
    """Step the auction of ``h`` (each call the Python level 2's, or with probability
    ``p_random`` a random legal call), comparing the compiled call at every position; the
    kinds of the level-2 calls go into ``seen``."""
    n = 0
    rand = RandomPlayer(seed=rng.getrandbits(32), take_probability=0.5)
    while h.phase == "bidding":
        want = L2.choose_call(h)
        got = kernel_call(h, t)
        assert got == want, (h.seat_view(h.current_player), got, want)
        seen.add(call_kind(want))
        n += 1
        h.call(rand.choose_call(h) if rng.random() < p_random else want)
    return n


def test_level2_calls_equal_the_python_players() -> None:
    """≥ 100,000 positions: level-2 auctions, partly random ones, capot hands; every rule set."""
    rng = random.Random(29)
    total = 0
    kinds: set[str] = set()
    for k, rules in enumerate(RULE_SETS):
        r = GAME.rules(rules)
        t = Tables(r)
        for i in range(3_600):
            dealer = i % 4
            if i % 5 == 4:
                h = GAME.hand_class(r, dealer=dealer, deck=strong_deck(rng))
            else:
                h = GAME.hand_class(r, dealer=dealer, seed=rng.getrandbits(32))
            total += compare_auction(h, t, rng, (0.0, 0.3, 0.6)[i % 3], kinds)
        assert total > (k + 1) * 18_000, (rules, total)
    assert total >= 100_000, total
    # level 2 made every kind of call: coinche, surcoinche, named bids, no and all trump
    for trump in "SHDC":
        for kind in ("", "capot", "generale", "capotbelote", "generalebelote"):
            assert kind + trump in kinds, kind + trump
    assert {"pass", "coinche", "surcoinche", "NT", "AT"} <= kinds


def test_level2_calls_after_every_kind_of_bid() -> None:
    """The compiled level 2 answers as the Python one to every bid of the rules standing
    (by either side, after a coinche or not), for hands of random and strong deals."""
    rng = random.Random(7)
    r = GAME.rules(ALL)
    t = Tables(r)
    n = 0
    for i in range(300):
        deck = strong_deck(rng) if i % 2 else None
        base = GAME.hand_class(r, dealer=i % 4, deck=deck, seed=rng.getrandbits(32))
        first = kc.call_text(rng.randrange(t.bids.shape[0]), t.bids)
        for prefix in ([first], [first, "pass"], [first, "coinche"], ["pass", first, "coinche"]):
            h = base.copy()
            for c in prefix:
                h.call(c)
            assert kernel_call(h, t) == L2.choose_call(h), (prefix, h.seat_view(h.current_player))
            n += 1
    assert n == 1200


# --- whole hands -------------------------------------------------------------------------------
def prng_call(h: Any, st: int) -> tuple[int, str]:
    """Level 1's call on the engine's legal calls, drawn from the kernel's PRNG state."""
    legal = h.legal_calls()
    others = [c for c in legal if c != "pass"]
    if not others:
        return st, "pass"
    st = xorshift32(st)
    if below(st, 10) >= 3:
        return st, "pass"
    st = xorshift32(st)
    return st, others[below(st, len(others))]


def replay(levels: tuple[int, ...], seed: int, rules: dict[str, Any], dealer: int, i: int,
           rec: dict[str, np.ndarray], row: int, out: dict[str, np.ndarray]) -> Any:
    """Hand number ``i`` played in the engine: the kernel's deals (its PRNG), level 1's calls
    and cards drawn from that PRNG on the engine's legal calls and cards, level 2 by
    ``CoinchePlayer2``; collected into row ``row`` of ``out`` by simulate's ``_collect``."""
    r = GAME.rules(rules)
    hands = np.zeros(4, dtype=np.int64)
    deck = np.empty_like(BELOTE_DECK)
    st = hand_state(seed, i)
    d = (dealer + i) % 4
    redeals = 0
    while True:
        st = deal_cards(st, BELOTE_DECK, deck, hands)
        cards = [c for k in range(4) for c in mask_cards(int(hands[(d + 1 + k) % 4]))]
        h = GAME.hand_class(r, dealer=d, deck=cards)
        while h.phase == "bidding":
            seat = h.current_player
            if levels[seat] == 1:
                st, call = prng_call(h, st)
            else:
                call = L2.choose_call(h)
            h.call(call)
        if h.phase == "play":
            break
        assert h.phase == "redeal"
        redeals += 1
        if not r.redeal_same_dealer:
            d = (d + 1) % 4
    assert rec["deals"][row].tolist() == [int(m) for m in h.hands], (i, "deal")
    calls = [kc.call_text(int(c), kc.bid_tables(r)[0]) for c in rec["auctions"][row] if c != -9]
    assert calls == [c for _, c in h.auction.calls], (i, "calls")
    assert int(rec["states"][row]) == st
    while h.phase == "play":
        seat = h.current_player
        if levels[seat] == 1:
            st = xorshift32(st)
            h.play(Card(random_card(st, h.legal_mask())))
        else:
            h.play(L2.choose_card(h))
    _collect(GAME, h, redeals, row, out)
    return h


REPLAYS = [
    ((2, 2, 2, 2), {}, 0),
    ((2, 2, 2, 2), ALL, 1),
    ((1, 1, 1, 1), {}, 2),
    ((1, 1, 1, 1), RULE_SETS[3], 3),
    ((2, 1, 2, 1), RULE_SETS[2], 0),
    ((1, 2, 2, 1), RULE_SETS[4], 1),
]


@pytest.mark.parametrize(("levels", "rules", "dealer"), REPLAYS)
def test_whole_hands_replayed_through_the_engine(levels: tuple[int, ...],
                                                 rules: dict[str, Any], dealer: int) -> None:
    n, seed, start = 120, 2**33 + 5, 1000
    a = kc.hands(GAME, n, levels, seed, rules, dealer, start, record=True)
    out = empty_arrays(GAME, n)
    for row in range(n):
        replay(levels, seed, rules, dealer, start + row, a, row, out)
    for name in ARRAYS:
        assert a[name].dtype == out[name].dtype and a[name].shape == out[name].shape, name
        bad = np.nonzero((a[name] != out[name]).reshape(n, -1).any(axis=1))[0]
        assert not bad.size, (name, bad[:5], a[name][bad[:3]], out[name][bad[:3]])
    assert set(a) == {*ARRAYS, "deals", "auctions", "states"}
    assert (a["redeals"] > 0).any()
    if 1 in levels:  # random bidders: coinche, surcoinche and named bids were played
        assert (a["multiplier"] == 4).any() and (a["bid"] >= 250).any()
        if rules.get("allow_generale"):
            assert (a["bid"] >= 500).any()
        if not rules.get("redeal_same_dealer", True):
            assert (a["dealer"] != (dealer + start + np.arange(n)) % 4).any()


def test_the_interface() -> None:
    assert kernels("coinche") is kc and kc.LEVELS == (1, 2)
    a = kc.hands(GAME, 40, [2, 1, 2, 1], seed=9, rules=None, dealer=2, start=7)
    want = empty_arrays(GAME, 40)
    assert list(a) == list(want)
    for k in a:
        assert a[k].dtype == want[k].dtype and a[k].shape == want[k].shape, k
    # hand k is dealt by the k-th seat after the dealer (no redeal by another dealer here)
    assert a["dealer"].tolist() == [(2 + 7 + k) % 4 for k in range(40)]
    assert (a["calls"] == 0).all()
    with pytest.raises(ValueError, match="'declarations'"):
        kc.hands(GAME, 5, (2, 2, 2, 2), rules={"declarations": True})
    assert "'declarations'" in kc.refusal(GAME.rules({"declarations": True}))
    assert kc.refusal(GAME.rules(RULE_SETS[4])) is None
    with pytest.raises(ValueError, match="four levels"):
        kc.hands(GAME, 5, (2, 3, 2, 2))
    with pytest.raises(ValueError, match="four levels"):
        kc.hands(GAME, 5, (2, 2))
    with pytest.raises(ValueError, match="as numbers"):
        kc.hands(GAME, 5, ("2", "2", "2", "2"))
    with pytest.raises(ValueError, match="auction"):
        kc.hands(get("belote"), 5, (2, 2, 2, 2))


def test_simulate_plays_coinche_compiled() -> None:
    """``simulate("coinche")`` with levels 1 and 2 is this module's hands; declarations send
    it to the Python players, saying why; a fixed contract at level 2 is this module's ``fixed``."""
    from belote_lab.simulation.simulate import simulate

    for players, rules in (("2,2,2,2", {}), ("1,2,1,2", ALL)):
        sim = simulate("coinche", 300, players, seed=6, rules=rules, progress=False)
        a = kc.hands(GAME, 300, [int(x) for x in players.split(",")], 6, rules, 0)
        assert sim.meta["engine"] == "batch"
        for name in ARRAYS:
            assert (getattr(sim, name) == a[name]).all(), name
    sim = simulate("coinche", 3, "2,2,2,2", seed=6, rules={"declarations": True},
                   progress=False)
    assert sim.meta["engine"] == "python" and "declarations" in sim.meta["why_python"]
    sim = simulate("coinche", 50, "2,2,2,2", seed=6, contract="100H", taker=1, progress=False)
    assert (sim.bid == 100).all() and (sim.taker == 1).all() and sim.meta["engine"] == "batch"


# --- level 1 -----------------------------------------------------------------------------------
def test_level1_calls_are_legal_and_sane() -> None:
    n = 60_000
    for rules in ({}, ALL):
        a = kc.hands(GAME, n, (1, 1, 1, 1), seed=4, rules=rules, dealer=0, record=True)
        assert ((a["attack_points"] + a["defence_points"]) == 162).all()
        assert (a["tricks"].sum(axis=1) == 8).all()
        # a deal is passed out with probability 0.7 ** 4: redeals 0.7**4 / (1 - 0.7**4) a hand
        p = 0.7**4
        assert abs(a["redeals"].mean() - p / (1 - p)) < 0.02
        assert abs((a["redeals"] == 0).mean() - (1 - p)) < 0.01
        assert set(a["multiplier"].tolist()) == {1, 2, 4}
        codes = 6 if rules else 4
        counts = np.bincount(a["contract"], minlength=7)
        assert (counts[codes:] == 0).all()
        assert (abs(counts[:codes] / n - 1 / codes) < 0.02).all()
        assert set(a["taker"].tolist()) == {0, 1, 2, 3} and (a["made"] >= 0).all()
        # every call of 2,000 auctions is legal in the engine's auction
        r = GAME.rules(rules)
        bids = kc.bid_tables(r)[0]
        for row in range(2_000):
            h = GAME.hand_class(r, dealer=int(a["dealer"][row]), deck=deck_of(a, row))
            for c in a["auctions"][row]:
                if c == -9:
                    break
                text = kc.call_text(int(c), bids)
                legal = h.legal_calls()
                assert text in legal, (row, text, legal)
                h.call(text)
            assert h.phase == "play" and h.bidder == a["taker"][row]
            assert str(h.bid.value) == str(a["bid"][row]) and h.multiplier == a["multiplier"][row]
        # the first call: pass with probability 0.7, given that not all four passed
        first = a["auctions"][:, 0]
        assert abs((first == kc.PASS).mean() - (0.7 - p) / (1 - p)) < 0.01
        # else a bid, each as likely (no coinche yet)
        counts = np.bincount(first[first >= 0], minlength=bids.shape[0])
        assert counts.shape == (bids.shape[0],) and (first >= kc.PASS).all()
        assert counts.max() < 1.3 * counts.mean() and counts.min() > 0.7 * counts.mean()


def deck_of(a: dict[str, np.ndarray], row: int) -> list[Card]:
    """The deck that deals the recorded hands of ``row`` with its dealer."""
    d = int(a["dealer"][row])
    return [c for k in range(4) for c in mask_cards(int(a["deals"][row, (d + 1 + k) % 4]))]


def test_scores_by_the_engine() -> None:
    """Every kind of bid scored as ``score_coinche`` scores it (générale, belote bids)."""
    from belote_lab.games.coinche import Bid, score_coinche

    rng = np.random.default_rng(3)
    score = np.zeros(2, dtype=np.int64)
    bids = kc.bid_tables(GAME.rules({**ALL, "max_bid": 240}))[0]
    for _ in range(20_000):
        k = int(rng.integers(bids.shape[0]))
        kind, value, _trump, _ = (int(x) for x in bids[k])
        tricks = rng.multinomial(8, [0.25] * 4) if rng.random() < 0.5 else np.eye(4, dtype=int)[
            rng.integers(4)] * 8
        ns = int(rng.integers(0, 163))
        points = np.array([ns, 162 - ns])
        bidder, mult, bseat = int(rng.integers(4)), int(rng.choice([1, 2, 4])), int(
            rng.integers(-1, 4))
        made = kc.score_hand(points, tricks, kind, value, bidder, mult, bseat, score)
        want = score_coinche(points.tolist(), tricks.tolist(), Bid.parse(kc.call_text(k, bids)),
                             bidder, mult, bseat)
        assert (bool(made), score.tolist()) == (want.made, [want.score["NS"], want.score["EW"]])


# --- numba and plain Python --------------------------------------------------------------------
NO_JIT_SCRIPT = """
import json, sys
from belote_lab import _jit
from belote_lab.batch.coinche import hands
from belote_lab.games import get
assert not _jit.HAVE_NUMBA
out = {}
for k, (levels, rules) in enumerate(json.loads(sys.argv[1])):
    a = hands(get("coinche"), 12, levels, 2**40 + 7, rules, 1, 50, record=True)
    out[k] = {name: v.tolist() for name, v in a.items()}
print(json.dumps(out))
"""
PLAIN = [((2, 2, 2, 2), ALL), ((1, 1, 1, 1), {}), ((1, 2, 1, 2), RULE_SETS[3])]


def test_the_same_arrays_without_numba() -> None:
    env = dict(os.environ, BELOTE_LAB_NO_JIT="1")
    done = subprocess.run([sys.executable, "-c", NO_JIT_SCRIPT, json.dumps(PLAIN)], env=env,
                          cwd=ROOT, capture_output=True, text=True, check=True, timeout=120)
    plain = json.loads(done.stdout)
    for k, (levels, rules) in enumerate(PLAIN):
        a = kc.hands(GAME, 12, levels, 2**40 + 7, rules, 1, 50, record=True)
        assert set(a) == set(plain[str(k)])
        for name, v in a.items():
            assert v.tolist() == plain[str(k)][name], (k, name)
