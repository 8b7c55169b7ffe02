"""The batch simulator (:mod:`belote_lab.batch`) against the engine: the same legal cards as
:func:`belote_lab.trick.legal_mask` at 100,000 positions per game, the same points, tricks,
belote and score as the engine's hands replayed card by card, the hand's invariants, and the
same arrays with and without numba."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from belote_lab.batch import core as batch
from belote_lab.batch import deal, playouts
from belote_lab.cards import BELOTE_MASK, SEATS, SUIT_MASK, mask_cards
from belote_lab.contract import Contract
from belote_lab.games import get
from belote_lab.games.callbreak import FACE_MASK
from belote_lab.trick import legal_mask

ROOT = Path(__file__).resolve().parent.parent

# (game, contract, taker, dealer, rules): the contracts and rule options the tests cover
CASES = [
    ("belote", "H", 0, 0, {}),
    ("belote", "S", 1, 2, {"must_undertrump": True}),
    ("belote", "NT", 2, 1, {}),
    ("belote", "AT", 3, 3, {"first_lead": "eldest"}),
    ("coinche", "100D", 1, 0, {}),
    ("coinche", "capotC", 0, 3, {"must_undertrump": True}),
    ("coinche", "90AT", 2, 2, {"allow_all_trump": True}),
    ("callbreak", "callbreak", -1, 1, {}),
    ("callbreak", "callbreak", -1, 2, {"redeal_without_face_cards": True, "max_call": 13}),
]
CALLS = (4, 3, 1, 5)
MULTIPLIER = {"100D": 2, "capotC": 1, "90AT": 4}


def run(case: tuple[str, str, int, int, dict[str, object]], n: int, seed: int,
        **kw: object) -> batch.BatchResult:
    game, contract, taker, dealer, rules = case
    kw.setdefault("rotate", dealer % 2 == 1)  # some cases with the deal turning
    return playouts(game, n, contract, taker, seed, dealer, rules=rules,
                          multiplier=MULTIPLIER.get(contract, 1), calls=CALLS, **kw)


def contract_of(case: tuple) -> Contract:
    g = get(case[0])
    if g.bidding == "auction":
        return g.contract(batch.coinche_bid(case[1], g.rules(case[4])).trump)
    return g.contract(case[1])


def positions(r: batch.BatchResult, contract: Contract) -> tuple[list, np.ndarray]:
    """``(hand mask, trick so far)`` before every card that is not a lead, and the kernel's
    legal masks there, rebuilt from the deals and the cards played."""
    t = contract.tables
    out = []
    want = []
    for row in range(len(r)):
        hands = [int(m) for m in r.deals[row]]
        leader = int(r.leaders[row])
        plays = [int(c) for c in r.plays[row]]
        for k in range(r.plays.shape[1] // 4):
            trick = plays[4 * k : 4 * k + 4]
            for i in range(4):
                seat = (leader + i) % 4
                if i:
                    out.append((hands[seat], trick[:i]))
                    want.append(int(r.legal[row, 4 * k + i]))
                assert hands[seat] >> trick[i] & 1 and r.legal[row, 4 * k + i] >> trick[i] & 1
                hands[seat] &= ~(1 << trick[i])
            led = trick[0] >> 4
            w = max(range(4), key=lambda i: t.rank_in_trick(trick[i], led))
            leader = (leader + w) % 4
    return out, np.array(want, dtype=np.int64)


@pytest.mark.parametrize("game", ["belote", "coinche", "callbreak"])
def test_legal_masks_equal_the_core_at_100000_positions(game: str) -> None:
    cases = [c for c in CASES if c[0] == game]
    total = 0
    for case in cases:
        g = get(game)
        rules = g.rules(case[4])
        n = 100_000 // (g.tricks * 3) // len(cases) + 1  # three decisions a trick, not the lead
        r = run(case, n, seed=11, record=True)
        contract = contract_of(case)
        tables, follow = contract.tables, g.follow(rules, 0)
        pos, want = positions(r, contract)
        got = np.array([legal_mask(h, tr, tables, follow)[0] for h, tr in pos], dtype=np.int64)
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, (case, [(mask_cards(pos[b][0]), pos[b][1]) for b in bad[:3]])
        total += len(pos)
    assert total >= 100_000


def engine_hand(r: batch.BatchResult, row: int, case: tuple) -> object:
    """The engine's hand with the kernel's deal and contract, played with its cards."""
    game, contract, taker, _dealer, rules = case
    g = get(game)
    hands = [[c.text for c in mask_cards(int(m))] for m in r.deals[row]]
    kw = {"multiplier": MULTIPLIER.get(contract, 1)} if g.bidding == "auction" else {}
    h = g.hand_class.from_hands(hands, contract, taker, SEATS[int(r.leaders[row])],
                                rules=g.rules(rules), **kw)
    for c in r.plays[row]:
        h.play(mask_cards(1 << int(c))[0])
    assert h.phase == "done"
    return h


def check_replays(r: batch.BatchResult, case: tuple, rows: list[int]) -> None:
    sides = ("NS", "EW")
    made_of = {True: 1, False: 0, None: -1}
    for row in rows:
        h = engine_hand(r, row, case)
        res = h.result
        assert [res.points[s] for s in sides] == r.points[row].tolist()
        assert [res.score[s] for s in sides] == r.score[row].tolist()
        assert list(h.won_tricks) == r.tricks[row].tolist()
        bel = [s for s in (0, 1) if res.belote[sides[s]]]
        assert (bel[0] if bel else -1) == r.belote[row]
        assert made_of[res.made] == r.made[row]
        assert (sides.index(res.capot) if res.capot else -1) == r.capot[row]


BELOTE_CASES = [c for c in CASES if c[0] != "callbreak"]


@pytest.mark.parametrize("case", BELOTE_CASES, ids=[f"{c[0]}-{c[1]}" for c in BELOTE_CASES])
def test_scores_equal_the_engine_on_replayed_hands(case: tuple) -> None:
    check_replays(run(case, 60, seed=3, record=True), case, list(range(60)))


@pytest.mark.parametrize("case", CASES[-2:], ids=["default", "face-cards"])
def test_callbreak_scores_equal_the_engine(case: tuple) -> None:
    r = run(case, 120, seed=3, record=True)
    g = get("callbreak")
    assert r.redeals.sum() > 0
    for row in range(len(r)):
        hands = [[c.text for c in mask_cards(int(m))] for m in r.deals[row]]
        h = g.hand_class.from_hands(hands, CALLS, SEATS[int(r.leaders[row])],
                                    rules=g.rules(case[4]))
        assert h.redeal_reason is None  # a valid deal: a spade in every hand
        for c in r.plays[row]:
            h.play(mask_cards(1 << int(c))[0])
        assert h.phase == "done"
        assert list(h.won_tricks) == r.tricks[row].tolist()
        assert [h.result.score[s].tenths for s in SEATS] == r.score[row].tolist()
        assert [int(h.result.made[s]) for s in SEATS] == r.made[row].tolist()
        assert (r.capot[row] >= 0) == (r.tricks[row].max() == 13)


@pytest.mark.parametrize("case", [CASES[0], CASES[4], CASES[5]], ids=["belote", "100D", "capot"])
def test_rare_outcomes_equal_the_engine(case: tuple) -> None:
    """Capots of either side, litiges, made and failed contracts with and without a belote
    for each side: up to 5 hands of each kind out of 6000, replayed through the engine."""
    r = run(case, 6000, seed=4, record=True)
    kinds = {(int(a), int(b), int(c)) for a, b, c in zip(r.capot, r.made, r.belote, strict=True)}
    rows = [int(i) for k in sorted(kinds) for i in np.flatnonzero(
        (r.capot == k[0]) & (r.made == k[1]) & (r.belote == k[2]))[:5]]
    assert {k[0] for k in kinds} == {-1, 0, 1} and {k[2] for k in kinds} == {-1, 0, 1}
    assert {k[1] for k in kinds} == ({-1, 0, 1} if case[0] == "belote" else {0, 1})
    check_replays(r, case, rows)


@pytest.mark.parametrize("contract", ["H", "NT", "AT"])
@pytest.mark.parametrize("capot", ["all_points", "all_tricks"])
def test_capot_by_points_equals_the_engine(contract: str, capot: str) -> None:
    """Seed 000's capot (the attack takes every point, the defence may win tricks of 0-point
    cards) and the FFB's (all 8 tricks): the hands where the two rules differ, replayed
    through the engine, score the same in the kernel."""
    case = ("belote", contract, 0, 0, {"capot": capot})
    r = run(case, 20000, seed=4, record=True)
    team = np.stack([r.tricks[:, 0] + r.tricks[:, 2], r.tricks[:, 1] + r.tricks[:, 3]], axis=1)
    every_point = (r.points == 0).any(axis=1)
    every_trick = (team == 0).any(axis=1)
    differ = np.flatnonzero(every_point & ~every_trick)
    assert len(differ) >= 1  # such hands exist in 20,000 random ones (1 to 9 per contract)
    assert ((r.capot >= 0) == (every_point if capot == "all_points" else every_trick)).all()
    check_replays(r, case, [int(i) for i in differ[:4]])


@pytest.mark.parametrize("case", [*CASES[:4], CASES[-1]], ids=["H", "S", "NT", "AT", "cb"])
def test_invariants(case: tuple) -> None:
    r = run(case, 2000, seed=5, record=True)
    g = get(case[0])
    assert (r.points.sum(axis=1) == g.total if g.counts == "points" else r.points == 0).all()
    assert (r.tricks.sum(axis=1) == g.tricks).all()
    d = r.deals
    assert ((d[:, 0] | d[:, 1] | d[:, 2] | d[:, 3]) == g.deck_mask).all()
    assert all(bin(int(m)).count("1") == g.tricks for m in d.ravel())
    deck = np.array(sorted(c for c in range(64) if g.deck_mask >> c & 1))
    assert (np.sort(r.plays, axis=1) == deck).all()  # each card played once
    assert ((r.legal >> r.plays) & 1).all()
    if g.bidding == "calls":  # no void deal is played: a spade (and a face card) in each hand
        assert (d & SUIT_MASK[0] != 0).all() and (d & FACE_MASK != 0).all()


# --- two-player Belote ----------------------------------------------------------------------
TWO = [("H", 0, 0), ("S", 2, 0), ("C", 0, 2)]  # (trump, taker, dealer)


def two_positions(r: batch.BatchResult, tables: object) -> tuple[list, np.ndarray]:
    """``(hand, trick, stock left)`` before every second card of a trick, and the kernel's
    legal masks there, rebuilt from the deals, the stock and the cards played."""
    out, want = [], []
    for row in range(len(r)):
        hands = [int(m) for m in r.deals[row]]
        stock = [int(c) for c in r.stock[row]]
        leader = int(r.leaders[row])
        plays = [int(c) for c in r.plays[row]]
        for k in range(16):
            a, b = plays[2 * k], plays[2 * k + 1]
            out.append((hands[2 - leader], [a], len(stock) - min(2 * k, 14)))
            want.append(int(r.legal[row, 2 * k + 1]))
            assert hands[leader] >> a & 1 and hands[2 - leader] >> b & 1
            hands[leader] &= ~(1 << a)
            hands[2 - leader] &= ~(1 << b)
            if tables.rank_in_trick(b, a >> 4) > tables.rank_in_trick(a, a >> 4):
                leader = 2 - leader
            if 2 * k < 14:
                hands[leader] |= 1 << stock[2 * k]
                hands[2 - leader] |= 1 << stock[2 * k + 1]
    return out, np.array(want, dtype=np.int64)


def test_two_player_legal_masks_equal_the_core_at_100000_positions() -> None:
    g = get("belote2")
    rules = g.rules(None)
    total = 0
    for trump, taker, dealer in TWO:
        r = playouts("belote2", 100_000 // 16 // len(TWO) + 1, trump, taker, seed=12,
                           dealer=dealer, record=True)
        tables = g.contract(trump).tables
        pos, want = two_positions(r, tables)
        got = np.array([legal_mask(h, tr, tables, g.follow(rules, left))[0]
                        for h, tr, left in pos], dtype=np.int64)
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, (trump, [pos[b] for b in bad[:3]])
        assert ((r.legal >> r.plays) & 1).all()
        total += len(pos)
    assert total >= 100_000


@pytest.mark.parametrize("trump,taker,dealer", TWO)
def test_two_player_scores_equal_the_engine(trump: str, taker: int, dealer: int) -> None:
    r = playouts("belote2", 3000, trump, taker, seed=6, dealer=dealer, record=True)
    kinds = {(int(a), int(b), int(c)) for a, b, c in zip(r.capot, r.made, r.belote, strict=True)}
    rows = list(range(40)) + [int(i) for k in sorted(kinds) for i in np.flatnonzero(
        (r.capot == k[0]) & (r.made == k[1]) & (r.belote == k[2]))[:4]]
    assert {k[1] for k in kinds} == {-1, 0, 1} and {k[2] for k in kinds} == {-1, 0, 1}
    g = get("belote2")
    made_of = {True: 1, False: 0, None: -1}
    for row in rows:
        hands = {SEATS[s]: [c.text for c in mask_cards(int(r.deals[row, s]))] for s in (0, 2)}
        stock = [mask_cards(1 << int(c))[0].text for c in r.stock[row]]
        h = g.hand_class.from_hands(hands, stock, trump, taker, SEATS[int(r.leaders[row])])
        for c in r.plays[row]:
            h.play(mask_cards(1 << int(c))[0])
        res = h.result
        assert h.phase == "done"
        assert [res.points["N"], res.points["S"]] == r.points[row].tolist()
        assert [res.score["N"], res.score["S"]] == r.score[row].tolist()
        assert list(h.won_tricks) == r.tricks[row].tolist()
        bel = [s for s in (0, 1) if res.belote["NS"[s]]]
        assert (bel[0] if bel else -1) == r.belote[row]
        assert made_of[res.made] == r.made[row]
        assert ("NS".index(res.capot) if res.capot else -1) == r.capot[row]


def test_two_player_invariants() -> None:
    r = playouts("belote2", 2000, "D", 0, seed=8, record=True)
    assert (r.points.sum(axis=1) == 162).all() and (r.tricks.sum(axis=1) == 16).all()
    assert (r.tricks[:, [1, 3]] == 0).all() and (r.deals[:, [1, 3]] == 0).all()
    assert all(bin(int(m)).count("1") == 9 for m in r.deals[:, [0, 2]].ravel())
    everything = r.deals[:, 0] | r.deals[:, 2]
    for j in range(14):
        everything |= 1 << r.stock[:, j]
    assert (everything == BELOTE_MASK).all()
    assert (np.sort(r.plays, axis=1) == np.sort(deal.BELOTE_DECK)).all()


@pytest.mark.parametrize("game,dealer,dealers", [
    ("belote", 1, [1, 2, 3, 0, 1, 2]), ("callbreak", 3, [3, 0, 1, 2, 3, 0]),
    ("belote2", 2, [2, 0, 2, 0, 2, 0]),
])
def test_the_deal_turns(game: str, dealer: int, dealers: list[int]) -> None:
    """With ``rotate``, hand ``k`` is the hand ``k`` of a batch dealt by its dealer."""
    r = playouts(game, 6, "S", 0, seed=4, dealer=dealer, rotate=True, start=0)
    assert r.dealers.tolist() == dealers
    for k, d in enumerate(dealers):
        one = playouts(game, 1, "S", 0, seed=4, dealer=d, start=k)
        assert one.leaders[0] == r.leaders[k] and one.dealers[0] == d
        for name in ("deals", "points", "tricks", "score", "made", "belote", "capot"):
            assert (getattr(one, name)[0] == getattr(r, name)[k]).all(), (k, name)


def test_hands_do_not_depend_on_the_batch() -> None:
    whole = playouts("belote", 300, "D", 1, seed=9)
    parts = [playouts("belote", k, "D", 1, seed=9, start=s)
             for s, k in ((0, 100), (100, 200))]
    for name in ("deals", "points", "tricks", "score", "made", "belote", "capot"):
        assert (getattr(whole, name) == np.concatenate([getattr(p, name) for p in parts])).all()
    assert not (playouts("belote", 300, "D", 1, seed=10).deals == whole.deals).all()


GAMES = (("belote", "H"), ("belote", "AT"), ("coinche", "110S"), ("callbreak", "-"),
         ("belote2", "C"))
NO_JIT_SCRIPT = f"GAMES = {GAMES!r}" + """
import json, sys
from belote_lab import _jit, batch
assert not _jit.HAVE_NUMBA
out = {}
for game, contract in GAMES:
    taker = 2 if game == "belote2" else 1
    r = batch.playouts(game, 25, contract, taker=taker, seed=2**40 + 7, dealer=2, record=True)
    out[game + contract] = {k: getattr(r, k).tolist() for k in sys.argv[1:]}
print(json.dumps(out))
"""
FIELDS = ("deals", "points", "tricks", "belote", "made", "capot", "score", "plays", "legal")


def test_the_same_arrays_without_numba() -> None:
    env = dict(os.environ, BELOTE_LAB_NO_JIT="1")
    done = subprocess.run([sys.executable, "-c", NO_JIT_SCRIPT, *FIELDS], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    plain = json.loads(done.stdout)
    for game, contract in GAMES:
        taker = 2 if game == "belote2" else 1
        r = playouts(game, 25, contract, taker=taker, seed=2**40 + 7, dealer=2, record=True)
        for k in FIELDS:
            assert getattr(r, k).tolist() == plain[game + contract][k], (game, contract, k)


def test_refusals() -> None:
    with pytest.raises(ValueError, match="seat"):
        playouts("belote2", 10, taker=1)
    with pytest.raises(ValueError, match="not a contract"):
        playouts("belote2", 10, "NT")
    with pytest.raises(ValueError, match="four calls"):
        playouts("callbreak", 10, calls=(1, 2, 3))
    with pytest.raises(ValueError, match="declarations"):
        playouts("belote", 10, rules={"declarations": True})
    with pytest.raises(ValueError, match="multiplier"):
        playouts("coinche", 10, "80H", multiplier=3)
    with pytest.raises(ValueError, match="générale"):
        playouts("coinche", 10, "generaleH", rules={"allow_generale": True})
    with pytest.raises(ValueError):
        playouts("belote", 10, seed=-1)


# --- simulate() with a fixed contract ---------------------------------------------------------
@pytest.mark.parametrize("game,contract,taker,players", [
    ("belote", "NT", 3, "1,1,1,1"), ("coinche", "capotH", 2, "1,1,1,1"),
    ("belote2", "D", 2, "1,1"), ("callbreak", "callbreak", 0, "1,1,1,1"),
])
def test_simulate_with_a_contract_reads_the_batch(
    game: str, contract: str, taker: int, players: str
) -> None:
    from belote_lab.simulation.simulate import simulate

    g = get(game)
    sim = simulate(game, 300, players, seed=5, contract=contract, taker=taker, calls=CALLS,
                   multiplier=2, progress=False)
    r = playouts(game, 300, contract, taker, seed=5, dealer=g.seats[0], rotate=True,
                       calls=CALLS, multiplier=2)
    assert sim.meta["engine"] == "batch" and len(sim) == 300
    assert (sim.dealer == r.dealers).all() and (sim.dealer[: len(g.seats)] == g.seats).all()
    for name in ("score", "tricks", "belote", "capot", "redeals"):
        assert (getattr(sim, name) == getattr(r, name)).all(), name
    assert set(sim.contract_names[k] for k in sim.contract) == {r.meta["code"]}
    if g.bidding == "calls":
        assert (sim.calls == CALLS).all() and (sim.made == (r.score > 0)).all()
        assert (sim.taker == -1).all()
    else:
        att = g.side_of(taker)
        assert (sim.taker == taker).all() and (sim.made == r.made).all()
        assert (sim.attack_points == r.points[:, att]).all()
        assert (sim.attack_points + sim.defence_points == 162).all()
    if g.bidding == "auction":
        assert (sim.bid == 250).all() and (sim.multiplier == 2).all()
    assert 0.0 <= sim.made_rate <= 1.0


def test_simulate_with_a_contract_needs_random_players() -> None:
    from belote_lab.simulation.simulate import simulate

    with pytest.raises(ValueError, match="level 1"):
        simulate("belote", 10, "2,1,1,1", contract="H", progress=False)
