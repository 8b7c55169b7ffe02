"""Whole hands of four-player Belote in compiled code (:mod:`belote_lab.batch.four`) against
the engine and its Python players: the compiled level-2 call is
``BelotePlayer2().choose_call(state)`` at every call of auctions stepped by the engine (over
100,000 positions, every rule option of the taking); hands of the kernel replayed through the
engine (the same deck, calls and cards: level 2 by the Python player, level 1 by the kernel's
own draws on the engine's legal calls and cards) give the same arrays as
:func:`belote_lab.simulation.simulate.simulate` collects from the engine; level 1's calls and
distributions are sane; the scoring is the engine's :func:`~belote_lab.games.belote.score_hand`;
and the arrays are the same with and without numba."""

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

from belote_lab.batch import four
from belote_lab.batch.arrays import empty_arrays
from belote_lab.batch.deal import BELOTE_DECK, below, hand_state, random_card, shuffle, xorshift32
from belote_lab.cards import Card
from belote_lab.games import get
from belote_lab.games.belote import score_hand
from belote_lab.players.belote import BelotePlayer2
from belote_lab.simulation.simulate import _collect

ROOT = Path(__file__).resolve().parent.parent
GAME = get("belote")
HAND = GAME.hand_class

# rule options of the taking, the deal and the score, each played by some test below
TAKING_RULES: list[dict[str, Any]] = [
    {},
    {"allow_no_trump": True},
    {"allow_all_trump": True},
    {"allow_no_trump": True, "allow_all_trump": True},
    {"turned_jack_forces_dealer": True, "allow_no_trump": True, "allow_all_trump": True},
]
HAND_RULES: list[dict[str, Any]] = [
    {},
    {"allow_no_trump": True, "allow_all_trump": True, "first_lead": "eldest"},
    {"redeal_same_dealer": False, "turned_jack_forces_dealer": True},
    {"must_undertrump": True, "failed_contract": "keep_belote", "capot": "all_tricks",
     "allow_all_trump": True},
]


# --- call for call -------------------------------------------------------------------------------
def test_level2_calls_are_the_python_players_calls() -> None:
    """At every call of engine auctions stepped by four ``BelotePlayer2``, the compiled call
    on the seat's five cards and the turned card is the Python player's (and the round and
    the turned jack's forced take read from the rules are the engine's)."""
    player = BelotePlayer2()
    checked = 0
    seen: set[str] = set()
    deal = 0
    while checked < 100_000:
        opts = TAKING_RULES[deal % len(TAKING_RULES)]
        rules = GAME.rules(opts)
        h = HAND(rules, dealer=deal % 4, seed=10_000 + deal)
        deal += 1
        while h.phase == "bidding":
            seat = h.current_player
            legal = h.legal_calls()
            second = h.taking.round == 2
            forced = (rules.turned_jack_forces_dealer and not second and seat == h.dealer
                      and h.turned.rank.letter == "J")
            assert forced == ("pass" not in legal)
            want = player.choose_call(h)
            got = four.level2_call(h.hands[seat], int(h.turned), second, forced,
                                   rules.allow_no_trump, rules.allow_all_trump)
            assert four.CALLS[got] == want, (opts, deal, h.seat_view(seat))
            seen.add(want)
            checked += 1
            h.call(want)
    assert seen == {"take", "pass", "S", "H", "D", "C", "NT", "AT"}


def test_level2_calls_on_every_hand_shape() -> None:
    """Random five-card hands and turned cards, in both rounds with every option: the
    compiled call is the Python player's reading (strength of six cards, of five, thresholds
    and ties) on a state whose taking is at that round."""
    rng = random.Random(29)
    player = BelotePlayer2()
    deck = [Card(c) for c in BELOTE_DECK.tolist()]
    checked = 0
    for k in range(6_000):
        opts = TAKING_RULES[k % len(TAKING_RULES)]
        rules = GAME.rules(opts)
        cards = rng.sample(deck, 32)
        h = HAND(rules, dealer=k % 4, deck=cards)
        for _ in range(rng.randrange(8)):  # some passes first: round 1 or round 2
            if "pass" not in h.legal_calls():
                break
            h.call("pass")
        seat = h.current_player
        second = h.taking.round == 2
        forced = "pass" not in h.legal_calls()
        got = four.level2_call(h.hands[seat], int(h.turned), second, forced,
                               rules.allow_no_trump, rules.allow_all_trump)
        assert four.CALLS[got] == player.choose_call(h), (opts, h.seat_view(seat))
        checked += 1
    assert checked == 6_000


# --- whole hands through the engine --------------------------------------------------------------
def replay(a: dict[str, np.ndarray], row: int, levels: tuple[int, ...], seed: int,
           rules: Any, dealer: int) -> tuple[Any, int, list[int]]:
    """Hand ``row`` of the kernel played again in the engine from its seed: each deal
    shuffled by the kernel's PRNG, dealt by :class:`BeloteHand` from that deck, the calls and
    cards chosen by ``BelotePlayer2`` at level 2 and by the kernel's draws on the engine's
    legal calls and cards at level 1; checks the recorded deck, calls and PRNG state; returns
    the finished hand, its redeals and the calls of the deal played (indexes in CALLS)."""
    player = BelotePlayer2()
    st = hand_state(seed, row)
    d = (dealer + row) % 4
    deck = np.empty_like(BELOTE_DECK)
    for redeals in range(50):  # noqa: B007 (returned)
        st = shuffle(st, BELOTE_DECK, deck)
        h = HAND(rules, dealer=d, deck=[Card(int(c)) for c in deck])
        calls: list[int] = []
        while h.phase == "bidding":
            seat = h.current_player
            legal = h.legal_calls()
            if levels[seat] == 2:
                call = player.choose_call(h)
            else:  # RandomPlayer's policy by the kernel's draws
                others = [c for c in legal if c != "pass"]
                passes = False
                if "pass" in legal:
                    st = xorshift32(st)
                    passes = below(st, 10) < 7
                if passes:
                    call = "pass"
                elif len(others) > 1:
                    st = xorshift32(st)
                    call = others[below(st, len(others))]
                else:
                    call = others[0]
            calls.append(four.CALLS.index(call))
            h.call(call)
        if h.phase == "play":
            break
        assert h.phase == "redeal"
        if not rules.redeal_same_dealer:
            d = (d + 1) % 4
    assert a["decks"][row].tolist() == deck.tolist(), row
    assert [c for c in a["auction"][row].tolist() if c >= 0] == calls, row
    assert int(a["states"][row]) == st, row
    while h.phase == "play":
        if levels[h.current_player] == 2:
            h.play(player.choose_card(h))
        else:
            st = xorshift32(st)
            h.play(Card(random_card(st, h.legal_mask())))
    return h, redeals, calls


@pytest.mark.parametrize("levels", [(2, 2, 2, 2), (1, 2, 1, 2), (2, 2, 1, 1), (1, 1, 1, 1)])
def test_whole_hands_replayed_through_the_engine(levels: tuple[int, ...]) -> None:
    """Every array of the kernel's hands is what :func:`simulate` collects from the engine's
    hand played with the same deck, calls and cards (every rule option of the kernel)."""
    seen_contracts: set[int] = set()
    made: set[int] = set()
    for k, opts in enumerate(HAND_RULES):
        rules = GAME.rules(opts)
        seed, dealer = 1000 + k, k % 4
        n = 150
        a = four.recorded_hands(GAME, n, levels, seed, opts, dealer)
        want = empty_arrays(GAME, n)
        for row in range(n):
            h, redeals, _ = replay(a, row, levels, seed, rules, dealer)
            assert h.phase == "done"
            _collect(GAME, h, redeals, row, want)
        for name, arr in want.items():
            assert a[name].dtype == arr.dtype and a[name].shape == arr.shape, name
            assert (a[name] == arr).all(), (levels, opts, name)
        seen_contracts |= set(a["contract"].tolist())
        made |= set(a["made"].tolist())
    assert made >= {0, 1}
    assert len(seen_contracts) >= 4, seen_contracts


def test_replay_sees_redeals_capots_and_litiges() -> None:
    """Hands chosen for the rare cases (passed-out deals by a turning dealer, capots by
    points and by tricks, litiges, keep_belote), each replayed through the engine."""
    found = {"redeal": 0, "capot": 0, "litige": 0, "defence capot": 0}
    for k, opts in enumerate([
        {"redeal_same_dealer": False},
        {"capot": "all_tricks", "failed_contract": "keep_belote"},
        {},
    ]):
        rules = GAME.rules(opts)
        levels = (2, 1, 2, 1) if k != 2 else (1, 1, 1, 1)
        a = four.recorded_hands(GAME, 20_000, levels, 77 + k, opts, 1)
        rows = set(np.flatnonzero(a["redeals"] > 0)[:25].tolist())
        rows |= set(np.flatnonzero(a["capot"] >= 0)[:25].tolist())
        rows |= set(np.flatnonzero(a["made"] == -1)[:25].tolist())
        rows |= set(np.flatnonzero((a["capot"] >= 0) & (a["made"] == 0))[:25].tolist())
        want = empty_arrays(GAME, 20_000)
        for row in sorted(rows):
            h, redeals, _ = replay(a, row, levels, 77 + k, rules, 1)
            _collect(GAME, h, redeals, row, want)
            for name in want:
                assert (a[name][row] == want[name][row]).all(), (opts, row, name)
        found["redeal"] += int((a["redeals"][sorted(rows)] > 0).sum())
        found["capot"] += int((a["capot"][sorted(rows)] >= 0).sum())
        found["litige"] += int((a["made"][sorted(rows)] == -1).sum())
        found["defence capot"] += int(((a["capot"] >= 0) & (a["made"] == 0))[sorted(rows)].sum())
    assert min(found.values()) >= 10, found


def test_score_four_is_score_hand() -> None:
    """The kernel's scoring is the engine's on random and edge totals, every option."""
    rng = random.Random(5)
    cases = [(162, 0, 8, 0), (0, 162, 0, 8), (162, 0, 7, 1), (0, 162, 1, 7), (81, 81, 4, 4)]
    for _ in range(5_000):
        pa = rng.randrange(0, 163)
        ta = rng.randrange(0, 9)
        cases.append((pa, 162 - pa, ta, 8 - ta))
    for pa, pd, ta, td in cases:
        for ba, bd in ((0, 0), (20, 0), (0, 20)):
            for keep in (False, True):
                for by_points in (False, True):
                    for attack in (0, 1):
                        pts = (pa, pd) if attack == 0 else (pd, pa)
                        tr = (ta, td) if attack == 0 else (td, ta)
                        bel = (ba, bd) if attack == 0 else (bd, ba)
                        r = score_hand(pts, tr, bel, attack,
                                       failed_contract="keep_belote" if keep else
                                       "all_to_defence",
                                       capot="all_points" if by_points else "all_tricks")
                        made, sa, sd, capot = four.score_four(pa, pd, ta, td, ba, bd, keep,
                                                              by_points)
                        sides = ("NS", "EW")
                        assert made == (-1 if r.made is None else int(r.made))
                        assert (sa, sd) == (r.score[sides[attack]], r.score[sides[1 - attack]])
                        want_capot = -1 if r.capot is None else int(r.capot != sides[attack])
                        assert capot == want_capot


# --- level 1 -------------------------------------------------------------------------------------
def test_level1_calls_and_distributions() -> None:
    """Level 1's calls are legal and drawn as RandomPlayer draws them (pass 7 in 10 when it
    may, the other calls alike); every hand is 162 points and 8 tricks; a deal passes out
    when all eight calls pass (never with a turned jack the dealer must take)."""
    n = 40_000
    rules = {"allow_no_trump": True, "turned_jack_forces_dealer": True}
    a = four.recorded_hands(GAME, n, (1, 1, 1, 1), 11, rules, 2)
    assert ((a["attack_points"] + a["defence_points"]) == 162).all()
    assert (a["tricks"].sum(axis=1) == 8).all() and (a["taker"] >= 0).all()
    assert (a["dealer"] == (2 + np.arange(n)) % 4).all()  # the same dealer after a redeal
    calls = a["auction"]
    ncalls = (calls >= 0).sum(axis=1)
    k = np.arange(8)
    assert ((calls >= 0) == (k < ncalls[:, None])).all()
    assert ((calls == four.PASS) == (k < ncalls[:, None] - 1)).all()  # passes, then a call
    assert np.isin(calls[:, :4], (-1, four.TAKE, four.PASS)).all()  # round 1: take or pass
    assert np.isin(calls[:, 4:], (-1, 0, 1, 2, 3, four.NT, four.PASS)).all()  # no AT
    turned = a["decks"][:, 20]
    round2 = ncalls > 4
    assert (a["contract"][~round2] == turned[~round2] >> 4).all()
    assert (a["contract"][round2] != turned[round2] >> 4).all()
    assert (a["taker"] == (a["dealer"] + ncalls) % 4).all()
    jack = (turned & 15) == four.JACK
    assert (ncalls[jack] <= 4).all()  # the dealer takes a turned jack at the latest
    assert (jack & (ncalls == 4)).sum() > 100  # some forced takes
    # without a turned jack each call passes 7 times in 10 until one does not, the deal
    # played being one not passed out: P(m calls) = 0.7**(m - 1) * 0.3 / (1 - 0.7**8)
    m = np.arange(1, 9)
    want = 0.7 ** (m - 1) * 0.3 / (1 - 0.7**8)
    got = np.bincount(ncalls[~jack], minlength=9)[1:] / (~jack).sum()
    assert np.abs(got - want).max() < 0.01, (got, want)
    nt = (a["contract"][round2] == four.NT).mean()  # three suits and NT: 1/4 each
    assert abs(nt - 0.25) < 0.03, nt
    p = 7 / 8 * 0.7 ** 8  # passed out: every call passes, the turned card not a jack
    assert abs(a["redeals"].mean() - p / (1 - p)) < 0.006, a["redeals"].mean()
    assert 0.3 < a["made"].mean() < 0.9 and (a["belote"] >= 0).mean() > 0.1


def test_levels_and_rules_refused() -> None:
    with pytest.raises(ValueError, match="declarations"):
        four.hands(GAME, 5, (1, 1, 1, 1), rules={"declarations": True})
    with pytest.raises(ValueError, match="four levels"):
        four.hands(GAME, 5, (1, 2, 3, 1))
    with pytest.raises(ValueError, match="four levels"):
        four.hands(GAME, 5, (1, 2))
    with pytest.raises(ValueError, match="four-player taking"):
        four.hands(get("coinche"), 5, (1, 1, 1, 1))


def test_a_hand_is_the_same_in_any_batch() -> None:
    a = four.hands(GAME, 300, (2, 1, 2, 1), seed=9, dealer=3)
    b = four.hands(GAME, 100, (2, 1, 2, 1), seed=9, dealer=3, start=200)
    for name in a:
        assert (a[name][200:] == b[name]).all(), name


# --- numba and plain Python ----------------------------------------------------------------------
NO_JIT_SCRIPT = """
import json, sys
from belote_lab import _jit
from belote_lab.batch.four import recorded_hands
from belote_lab.games import get
assert not _jit.HAVE_NUMBA
out = {}
for key, levels, rules in json.loads(sys.argv[1]):
    a = recorded_hands(get("belote"), 12, levels, 2**40 + 7, rules, 1)
    out[key] = {k: v.tolist() for k, v in a.items()}
print(json.dumps(out))
"""
NO_JIT_CASES = [
    ("2", (2, 2, 2, 2), {"allow_no_trump": True, "allow_all_trump": True}),
    ("mixed", (1, 2, 2, 1), {"redeal_same_dealer": False, "capot": "all_tricks"}),
    ("1", (1, 1, 1, 1), {"turned_jack_forces_dealer": True, "failed_contract": "keep_belote"}),
]


def test_the_same_arrays_without_numba() -> None:
    env = dict(os.environ, BELOTE_LAB_NO_JIT="1")
    done = subprocess.run([sys.executable, "-c", NO_JIT_SCRIPT, json.dumps(NO_JIT_CASES)],
                          env=env, cwd=ROOT, capture_output=True, text=True, check=True,
                          timeout=120)
    plain = json.loads(done.stdout)
    for key, levels, rules in NO_JIT_CASES:
        a = four.recorded_hands(GAME, 12, levels, 2**40 + 7, rules, 1)
        for name, arr in a.items():
            assert arr.tolist() == plain[key][name], (key, name)

