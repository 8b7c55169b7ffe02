"""The hints' deal sampler (:mod:`belote_lab.players.sampling`): deals built from what a seat
knows, never given up on, every consistent deal equally likely.

Regression tests of shared/reviews/2026-12-02-fuzz.md finding 3 (the sampler drew random
deals, kept those in which every card played was legal and gave up after 200 × samples
tries: "no deal is consistent with what this seat has seen" on real positions).  The ground
truth is tests/sampling_support.py's replay of the hand by the game's own engine;
benchmarks/sampler_fuzz.py runs the same checks on 100,000 positions.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from typing import Any

import pytest
from sampling_support import (
    GAMES,
    RULES,
    all_deals,
    chi_square_p,
    deal_key,
    placements,
    replay_fits,
    selfplay_positions,
)

from belote_lab.cards import BELOTE_MASK, SUIT_MASK, Card, Suit
from belote_lab.coaching.hints import hint
from belote_lab.games import get
from belote_lab.games.belote import BeloteHand
from belote_lab.games.callbreak import CallbreakHand
from belote_lab.games.coinche import CoincheHand
from belote_lab.players.sampling import (
    NoConsistentDeal,
    _DeclaredDeals,
    count_deals,
    deal_space,
    iter_deals,
    sample_deals,
)
from belote_lab.rules import BeloteRules, CoincheRules


def play(h: Any, cards: str) -> Any:
    for c in cards.split():
        h.play(c)
    return h


def stock_of(h: Any) -> list[int]:
    return [int(c) for c in h.stock_left] if get(h.game).has_stock else []


# --- the positions of the review ---------------------------------------------------------------
def test_the_reviews_callbreak_position_gets_a_hint() -> None:
    """The review's example: random legal actions from ``random.Random(53)``."""
    h = CallbreakHand(seed=53, dealer=0)
    rng = random.Random(53)
    for _ in range(rng.randrange(0, 60)):
        if h.phase == "bidding":
            h.call(rng.choice(h.legal_calls()))
        else:
            h.play(rng.choice(list(h.legal_cards())))
    assert h.phase == "play" and len(h.tricks) == 8
    hn = hint(h, samples=1)
    assert hn.samples == 1 and set(hn.values) == set(h.legal_cards())
    for pos in sample_deals(h, h.to_play, 32, random.Random(0)):
        assert replay_fits(h, h.to_play, pos)


# Positions of level-2 self-play on which the old sampler found no deal in 6,400 tries:
# (game, original hands N E S W, calls or (bid, taker), first leader, cards played).
LEVEL2 = [
    ("callbreak", ["7S 9S TS JS QS KS 8H TH JH 2D 4D 4C 9C",
                   "8S 5H 6H 9H 8D 3C 5C 7C 8C TC JC KC AC",
                   "3S 6S AS 3H 7H QH KH AH 3D 9D TD JD KD",
                   "2S 4S 5S 2H 4H 5D 6D 7D QD AD 2C 6C QC"], [5, 1, 4, 1], "E",
     "AC AS 2C 4C AH 2H 8H 5H KH 4H TH 6H 3H 4S JH 9H AD 2D 8D 3D 6C 9C KC 3S KD 5D 4D 8S "
     "3C 6S QC 7S KS 5C 7H"),
    ("callbreak", ["5S KS 6H 8H 9H KH 3D TD KD 3C 6C 7C 9C",
                   "3S 8S JS AS 2D 5D 6D 2C 5C 8C JC KC AC",
                   "QS 4H 5H TH QH AH 4D 8D 9D JD QD AD QC",
                   "2S 4S 6S 7S 9S TS 2H 3H 7H JH 7D 4C TC"], [2, 4, 2, 4], "S",
     "AH 2H 6H 3S AC QC 4C 3C KC QS TC 6C AD 7D 3D 2D 4D 9S TD 5D 3H KH AS 4H 6D 8D TS KD "
     "7H 8H 8S 5H 2C TH 6S 7C JH"),
    ("coinche", ["KS 7H 8H JH KH AH TD AD", "TH 7D 8D QD KD 8C TC KC",
                 "8S QS AS 9H JD 9C JC QC", "7S 9S TS JS QH 9D 7C AC"], ("120H", "N"), "N",
     "JH TH 9H QH AD 7D JD 9D TD 8D AS 7S KS 8C"),
    ("coinche", ["9S JS KS 7D 8C 9C TC JC", "AS 8H JH 9D TD JD QD AD",
                 "7S 8S TS QS 7H QH KH KD", "9H TH AH 8D 7C QC KC AC"], ("130D", "E"), "E",
     "JD KD 8D 7D AS 7S AH 9S 8H 7H TH 8C AC 9C JH 8S"),
    ("coinche", ["8H 9H JH QH AH AD TC QC", "7S JS KH 9D JD QD KD 7C",
                 "9S TS AS 7H TH 7D 8D TD", "8S QS KS 8C 9C JC KC AC"], ("130H", "N"), "W",
     "AC QC 7C 7H AS 8S AD 7S TS QS TC JS TD 8C 8H 9D JH KH"),
]


def level2_position(game: str, hands: list[str], calls: Any, first: str, plays: str) -> Any:
    if game == "callbreak":
        h: Any = CallbreakHand.from_hands(hands, calls, first_leader=first)
    else:
        bid, taker = calls
        h = CoincheHand.from_hands(hands, bid, taker=taker, first_leader=first)
    return play(h, plays)


@pytest.mark.parametrize(("game", "hands", "calls", "first", "plays"), LEVEL2)
def test_level2_positions_the_old_sampler_gave_up_on(
    game: str, hands: list[str], calls: Any, first: str, plays: str
) -> None:
    h = level2_position(game, hands, calls, first, plays)
    seat = h.to_play
    space = deal_space(h, seat)
    assert space.admits(list(h.hands))
    # the consistent deals are rarer than one in 1,000 shuffles of the hidden cards (the old
    # sampler found none in its 6,400 tries)
    assert space.count * 1000 < placements(space)
    deals = sample_deals(h, seat, 32, random.Random(0))
    assert len(deals) == (1 if space.count == 1 else 32)
    assert all(replay_fits(h, seat, pos) for pos in deals)
    hn = hint(h, samples=3, time_budget=30.0)
    assert hn.samples >= 1 and set(hn.values) == set(h.legal_cards())


# --- what the seat knows ----------------------------------------------------------------------
def belote_after_trick_one(hands: list[str], plays: str) -> BeloteHand:
    return play(BeloteHand.from_hands(hands, "H", taker="N", first_leader="N"), plays)


def test_the_belote_announced_keeps_the_other_card_with_its_holder() -> None:
    """E trumps with K♥ and announces the belote: every deal leaves Q♥ with E."""
    h = belote_after_trick_one(["AS KS QS JS TS 9S 8S 7S", "KH QH 7H 8H AD KD QD JD",
                                "AH TH 9H JH TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"],
                               "AS KH JH 7C")
    assert [e.kind for e in h.events] == ["belote"]
    qh = Card.parse("QH")
    deals = sample_deals(h, 3, 200, random.Random(1))
    assert all(pos.hands[1] >> qh & 1 for pos in deals)
    assert deal_space(h, 3).known[1] >> qh & 1


def test_a_trump_king_played_without_belote_rules_out_the_queen() -> None:
    """W trumps with K♥ and announces nothing: W has no Q♥, in no deal."""
    h = belote_after_trick_one(["AS KS QS JS TS 9S 8S 7S", "AC KC QC JC TC 9C 8C 7C",
                                "AH TH 9H JH QH 9D 8D 7D", "KH 8H 7H AD KD QD JD TD"],
                               "AS 7C 7D KH")
    assert not any(e.kind == "belote" for e in h.events)
    qh = Card.parse("QH")
    assert deal_space(h, 1).allowed[qh] == {0, 2}
    # S and W did not follow spades: N's 7 cards are the 7 spades left, Q♥ is S's
    spades = SUIT_MASK[Suit.S] & BELOTE_MASK & ~h.played_masks()[0]
    for pos in sample_deals(h, 1, 300, random.Random(2)):
        assert pos.hands[0] == spades and pos.hands[2] >> qh & 1


# A level-2 Callbreak hand in which W, late, has shown no spade: a dealt hand holds one (a deal
# without is void and dealt again), so W holds one of the spades hidden.
SPADE_OWED = (["7S 8S 9S AS QH 5D 9D JD QD 6C 7C 8C 9C", "5S JS KS 2H 6H TH KH 6D 8D AD 5C KC AC",
               "3S 4S TS QS 3H 4H 5H 7H 8H 4D KD 3C QC", "2S 6S 9H JH AH 2D 3D 7D TD 2C 4C TC JC"],
              [2, 4, 1, 1], "E",
              "AC 3C 2C 6C AD 4D 2D 5D KC QC 4C 7C 5C QS TC 8C KD 3D 9D 6D 3H AH QH 2H JC 9C JS "
              "3S KH 4H 9H 7S QD 8D TS 7D 5H JH AS 6H")


def spade_owed(more: str) -> CallbreakHand:
    hands, calls, first, plays = SPADE_OWED
    return play(CallbreakHand.from_hands(hands, calls, first_leader=first), f"{plays} {more}")


@pytest.mark.parametrize("more", ["JD", "JD KS", "JD KS 4S TD"])
def test_a_callbreak_seat_that_showed_no_spade_gets_one(more: str) -> None:
    h = spade_owed(more)
    seat = h.to_play
    space = deal_space(h, seat)
    assert list(space.needs) and all(p == 3 for p, m in space.needs.items() if m)
    assert space.count < placements(space)
    played = h.played_masks()
    for pos in sample_deals(h, seat, 200, random.Random(3)):
        assert (pos.hands[3] | played[3]) & SUIT_MASK[Suit.S]
    truth = {deal_key(p) for p in all_deals(h, seat) if replay_fits(h, seat, p)}
    assert space.count == len(truth)


def test_a_given_callbreak_hand_without_spades_is_not_refused() -> None:
    """A position given by hands (not dealt) may hold a hand without spades: the deals are
    not asked to give it one when no deal could."""
    h = CallbreakHand.from_hands(["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
                                  "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                                  "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                                  "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"],
                                 [1, 1, 1, 1], first_leader="E")
    play(h, "AH 2D")
    space = deal_space(h, 3)
    assert space.count == math.comb(25, 13) and not any(space.needs.values())
    assert len(sample_deals(h, 3, 5, random.Random(4))) == 5


def test_an_impossible_position_raises_a_clear_error_and_changes_nothing() -> None:
    """Every other seat has shown it has no heart, yet a heart is hidden (a state edited by
    hand): no deal, and the hint says so instead of guessing."""
    h = CallbreakHand.from_hands(["AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                                  "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
                                  "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                                  "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"],
                                 [1, 1, 1, 1], first_leader="N")
    play(h, "AH 2S 2D 2C")  # E trumps, S and W have neither hearts nor spades
    hands = list(h.hands)
    two_h, three_c = Card.parse("2H"), Card.parse("3C")
    hands[0] = hands[0] & ~(1 << two_h) | 1 << three_c   # a heart moved to W
    hands[3] = hands[3] & ~(1 << three_c) | 1 << two_h
    h.hands = hands
    with pytest.raises(NoConsistentDeal, match="no seat may hold 2H"):
        deal_space(h, 0)
    play(h, "3S 3D 4C")  # E leads again, S and W discard: N to play
    before = h.copy()
    with pytest.raises(RuntimeError, match="no deal is consistent with what this seat"):
        hint(h, samples=2)
    assert h == before


def test_one_consistent_deal_is_given_once() -> None:
    """Cards hidden but placed by what was seen: one deal, not the same one again."""
    for seed in range(50):
        for h in selfplay_positions("callbreak", seed):
            space = deal_space(h, h.to_play)
            if space.count == 1 and space.allowed:
                deals = sample_deals(h, h.to_play, 10, random.Random(0))
                assert len(deals) == 1 and deals[0].hands == h.hands
                many = selfplay_positions("callbreak", seed)
                first = next(many)
                assert len(sample_deals(first, first.to_play, 10, random.Random(0))) == 10
                return
    raise AssertionError("no position with one deal among 50 hands")


# --- exactly the consistent deals, each as likely ------------------------------------------
def small_positions(game: str, seeds: range, most: int, per_hand: int = 2) -> list[Any]:
    """Positions of level-2 hands (rules in turn) with at most ``most`` placements of the
    hidden cards, the last ``per_hand`` of each hand that fit."""
    out = []
    rules = RULES[game]
    for seed in seeds:
        kept = []
        for h in selfplay_positions(game, seed, rules[seed % len(rules)]):
            if 1 < placements(deal_space(h, h.to_play)) <= most:
                kept.append(h.copy())
        out.extend(kept[-per_hand:])
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_deals_are_exactly_those_a_replay_allows(game: str) -> None:
    """Small positions: every placement of the hidden cards is replayed by the game's engine;
    the sampler's space holds exactly those that replay, and counts them."""
    positions = small_positions(game, range(12), most=300)
    assert len(positions) >= 10
    pruned = 0
    for h in positions:
        seat = h.to_play
        deals = all_deals(h, seat)
        truth = {deal_key(p) for p in deals if replay_fits(h, seat, p)}
        space = deal_space(h, seat)
        mine = {deal_key(p) for p in deals if space.admits(p.hands, p.stock)}
        assert mine == truth and count_deals(h, seat) == len(truth), (game, h.actions()[-3:])
        pruned += len(truth) < len({deal_key(p) for p in deals})
    if game != "belote2":
        assert pruned  # some positions where what was seen rules deals out


def chi_square_check(draw: Any, truth: set[Any], n: int) -> float:
    """Draw ``n`` deals with ``draw()``; each must be in ``truth``; the p-value of their
    counts against the uniform distribution on ``truth``."""
    counts = Counter(deal_key(draw()) for _ in range(n))
    assert set(counts) <= truth
    expected = n / len(truth)
    stat = sum((counts.get(k, 0) - expected) ** 2 / expected for k in truth)
    return chi_square_p(stat, len(truth) - 1)


def constrained_small(game: str, low: int, high: int, rules: Any = None) -> Any:
    """A level-2 position whose consistent deals number ``low`` to ``high``, fewer than the
    placements of its hidden cards (what was seen rules some out)."""
    for seed in range(300):
        for h in selfplay_positions(game, seed, rules):
            space = deal_space(h, h.to_play)
            total = placements(space)
            if low <= space.count <= high and space.count < total <= 1_500:
                return h.copy()
    raise AssertionError(f"no {game} position with {low}–{high} deals")


@pytest.mark.parametrize("game", GAMES)
def test_the_deals_drawn_are_uniform(game: str) -> None:
    """Chi-square on small positions: each consistent deal equally likely (seeded)."""
    low = 2 if game == "belote2" else 8
    h = constrained_small(game, low, 40) if game != "belote2" else None
    if h is None:  # two-player Belote: the stock phase, a late trick before the stock ends
        h = next(p.copy() for p in selfplay_positions("belote2", 3)
                 if len(p.stock_left) == 2 and p.trick)
    seat = h.to_play
    truth = {deal_key(p) for p in all_deals(h, seat) if replay_fits(h, seat, p)}
    assert len(truth) == count_deals(h, seat) >= 2
    n = 100 * len(truth)
    deals = iter(sample_deals(h, seat, n, random.Random(11)))
    assert chi_square_check(lambda: next(deals), truth, n) > 0.001


def test_a_callbreak_spade_owed_keeps_the_deals_uniform() -> None:
    h = spade_owed("JD KS 4S TD")
    seat = h.to_play
    truth = {deal_key(p) for p in all_deals(h, seat) if replay_fits(h, seat, p)}
    assert len(truth) == 30
    space = deal_space(h, seat)
    rng = random.Random(12)
    assert chi_square_check(lambda: space.draw(rng), truth, 100 * len(truth)) > 0.001


# --- the declared totals -------------------------------------------------------------------------
def declared_position(rules: Any, game: str, low: int, high: int) -> Any:
    """A level-2 position after the declarations whose declared totals rule out deals,
    with ``low`` to ``high`` deals left."""
    for seed in range(400):
        for h in selfplay_positions(game, seed, rules):
            if not h.tricks or not any(h.declared.values()):
                continue
            space = deal_space(h, h.to_play)
            if placements(space) > 1_500:
                continue
            n = count_deals(h, h.to_play)
            if low <= n <= high and n < space.count:
                return h.copy()
    raise AssertionError("no position with declared totals ruling deals out")


@pytest.mark.parametrize(("game", "rules"), [
    ("belote", BeloteRules(declarations=True)),
    ("coinche", CoincheRules(declarations=True, allow_no_trump=True, allow_all_trump=True)),
])
def test_the_declared_totals_are_counted_and_drawn_uniformly(game: str, rules: Any) -> None:
    h = declared_position(rules, game, 4, 60)
    seat = h.to_play
    truth = {deal_key(p) for p in all_deals(h, seat) if replay_fits(h, seat, p)}
    exact = _DeclaredDeals(deal_space(h, seat))
    assert exact.count == len(truth)
    rng = random.Random(13)
    assert chi_square_check(lambda: exact.draw(rng), truth, 100 * len(truth)) > 0.001
    assert {deal_key(p) for p in sample_deals(h, seat, 50, random.Random(14))} <= truth


def test_declared_cards_are_placed_and_the_totals_counted() -> None:
    """Coinche, second trick: N-S declared 90.  The cards shown are known to be in their
    declarers' hands (about one deal in 7,000 fitting the cards played alone gave the total),
    and the totals still rule out the deals in which another seat would have had a
    combination to declare: counted, and drawn quickly."""
    h = None
    for i, p in enumerate(selfplay_positions("coinche", 10,
                                             CoincheRules(declarations=True,
                                                          must_undertrump=True))):
        if i == 5:
            h = p.copy()
            break
    assert h is not None and h.declared == {"NS": 90, "EW": 0}
    seat = h.to_play
    space = deal_space(h, seat)
    for x in h.shown_declarations():  # every shown card still held is placed with its seat
        if x.seat != seat:
            cards = sum(1 << int(c) for c in x.declaration.cards)
            assert space.known[x.seat] & cards == h.hands[x.seat] & cards
    n = count_deals(h, seat)
    assert 0 < n < space.count  # another combination would have been declared
    start = time.perf_counter()
    deals = sample_deals(h, seat, 20, random.Random(15))
    assert time.perf_counter() - start < 5.0
    assert len(deals) == 20 and all(replay_fits(h, seat, p) for p in deals)


# --- many positions ----------------------------------------------------------------------------
def test_level2_positions_of_every_game_all_get_deals() -> None:
    """A seeded sample of benchmarks/sampler_fuzz.py: about 3,000 positions of level-2 hands
    in every game (late tricks included, the rules varied): the real deal is among the
    consistent deals, and a deal drawn replays."""
    rng = random.Random(16)
    seen = Counter()
    for k in range(26):
        for game in GAMES:
            rules = RULES[game][k % len(RULES[game])]
            for h in selfplay_positions(game, 5_000 + k, rules):
                seat = h.to_play
                space = deal_space(h, seat)
                assert space.admits(list(h.hands), stock_of(h)), (game, k, h.actions()[-4:])
                if len(h.tricks) % 2 == k % 2:  # replays take time: every other trick
                    pos = next(iter_deals(h, seat, 1, rng))
                    assert replay_fits(h, seat, pos), (game, k, h.actions()[-4:])
                seen[game] += 1
    assert sum(seen.values()) >= 3_000 and min(seen.values()) >= 500
