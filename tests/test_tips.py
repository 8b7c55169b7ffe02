"""The tip players (``belote_lab.players.tips``), the duplicate comparison and the per-hand
studies of ``belote_lab.simulation.analysis`` that the notebooks rely on."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from belote_lab.cards import SEATS, Card, mask_of
from belote_lab.games.belote import BeloteHand
from belote_lab.games.belote2 import Belote2Hand
from belote_lab.games.callbreak import CallbreakHand
from belote_lab.players import drive_hand
from belote_lab.players.belote import BelotePlayer2
from belote_lab.players.belote2 import Belote2Player2
from belote_lab.players.callbreak import CallbreakPlayer2, estimate_tricks
from belote_lab.players.tips import (
    BeloteOnlyTaker,
    ContractNamer,
    EagerTaker,
    HighCardCaller,
    LeadsHighEarly,
    NoShortSuitLead,
    NoTrumpPull,
    OffsetCaller,
    SpendsHonoursEarly,
    SpendsLastTrump,
)
from belote_lab.rules import BeloteRules
from belote_lab.simulation.analysis import (
    perfect_play_gap,
    rule_counts,
    taker_holding,
    taking_study,
)
from belote_lab.simulation.comparison import compare
from belote_lab.simulation.selfplay import play_hand
from belote_lab.simulation.simulate import simulate


class View:
    """A stand-in state for a player: a seat's view and its legal cards."""

    def __init__(self, view: dict[str, Any], legal: str) -> None:
        self.view = view
        self.current_player = SEATS.index(view["seat"])
        self._legal = mask_of(legal.split())

    def seat_view(self, seat: int) -> dict[str, Any]:
        return self.view

    def legal_mask(self) -> int:
        return self._legal


def view(seat: str, hand: str, taker: str, leader: str | None = None,
         tricks: list[tuple[str, str]] | None = None) -> View:
    """The view of ``seat`` about to lead (hearts are trump): every card is playable."""
    return View({"seat": seat, "hand": hand.split(), "contract": "H", "taker": taker,
                 "leader": leader or seat, "trick": [],
                 "tricks": [{"leader": ld, "cards": cs.split()} for ld, cs in tricks or []]},
                hand)


# --- one behaviour switched ---------------------------------------------------------------------
def test_no_trump_pull_leads_plain_where_level2_pulls() -> None:
    s = view("N", "JH 9H 7H AS 7C", taker="N")
    assert BelotePlayer2().choose_card(s) == Card.parse("JH")
    assert NoTrumpPull().choose_card(s).suit.name != "H"
    # as a defender nothing changes
    d = view("E", "JH 9H 7H AS 7C", taker="N")
    assert NoTrumpPull().choose_card(d) == BelotePlayer2().choose_card(d)


def test_spends_last_trump_where_level2_keeps_it() -> None:
    # N (taker) has one trump left, the master J; the opponents may still hold trumps
    s = view("N", "JH AC 7S 8C 9D 8D 7D", taker="N", tricks=[("N", "AS TS KS QS")])
    assert BelotePlayer2().choose_card(s) == Card.parse("AC")      # keeps the J for later
    assert SpendsLastTrump().choose_card(s) == Card.parse("JH")
    assert NoTrumpPull().choose_card(s) == Card.parse("AC")


def test_no_short_suit_lead_avoids_the_suit_the_next_player_lacks() -> None:
    # trick 1: S discarded on clubs while its partner N was winning (so S may hold trumps);
    # trick 2: E won and leads trick 3 as a defender (N took)
    tricks = [("W", "7C AC 9C 8S"), ("N", "KD AD 7D 8D")]
    s = view("E", "7S KS TD 7C 8C QH", taker="N", leader="E", tricks=tricks)
    assert BelotePlayer2().choose_card(s) == Card.parse("7C")      # S lacks clubs
    assert NoShortSuitLead().choose_card(s).suit.name != "C"
    # as the attack nothing changes
    a = view("E", "7S KS TD 7C 8C QH", taker="W", leader="E", tricks=tricks)
    assert NoShortSuitLead().choose_card(a) == BelotePlayer2().choose_card(a)


def test_taking_variants() -> None:
    weak = next(h for h in (BeloteHand(seed=s, dealer="N") for s in range(100))
                if BelotePlayer2().choose_call(h) == "pass")
    assert EagerTaker().choose_call(weak) == "take"
    rules = BeloteRules(allow_no_trump=True, allow_all_trump=True)
    nt = BeloteHand(rules, seed=7, dealer="N")
    drive_hand(nt, [ContractNamer("NT")] * 4)
    assert nt.contract.code == "NT" and nt.taker == 1 and nt.phase == "done"
    # K+Q of the turned suit where level 2 passes: only the belote taker takes
    found = 0
    for seed in range(300):
        h = BeloteHand(seed=seed, dealer="N")
        kq = mask_of([f"K{h.turned.suit.name}", f"Q{h.turned.suit.name}"])
        held = h.hands[1] | 1 << h.turned
        if held & kq == kq and BelotePlayer2().choose_call(h) == "pass":
            assert BeloteOnlyTaker().choose_call(h) == "take"
            found += 1
    assert found


def test_two_player_and_callbreak_variants_play_legal_hands() -> None:
    h = Belote2Hand(seed=3, dealer="N")
    drive_hand(h, {0: SpendsHonoursEarly(), 2: LeadsHighEarly()})
    assert h.is_over
    c = CallbreakHand(seed=5, dealer="N")
    seat = c.current_player
    assert OffsetCaller(offset=-1).choose_call(c) == max(1, estimate_tricks(c.hands[seat]) - 1)
    drive_hand(c, [OffsetCaller(offset=1), HighCardCaller(), CallbreakPlayer2(),
                   CallbreakPlayer2()])
    assert c.phase == "done"


# --- the comparison -------------------------------------------------------------------------------
@pytest.mark.parametrize("game, player", [("belote", BelotePlayer2), ("belote2", Belote2Player2),
                                          ("callbreak", CallbreakPlayer2)])
def test_compare_a_player_with_itself_is_exactly_even(game: str, player: Any) -> None:
    r = compare(game, player, player, deals=3, seed=1)
    assert r.deals == 3 and r.changed == 0 and (r.diffs == 0).all()
    assert r.ci()[0] == 0 and r.verdict == "unclear"


def test_compare_is_antisymmetric() -> None:
    a = compare("belote2", Belote2Player2, LeadsHighEarly, deals=4, seed=2)
    b = compare("belote2", LeadsHighEarly, Belote2Player2, deals=4, seed=2)
    assert np.array_equal(a.diffs, -b.diffs)
    assert "deals" in a.summary()


# --- the studies ---------------------------------------------------------------------------
def test_taking_study_matches_simulate() -> None:
    s = taking_study(25, players=[EagerTaker()] * 4, seed=3)
    r = simulate("belote", 25, players=[EagerTaker()] * 4, seed=3, progress=False)
    assert np.array_equal(s.made, r.made) and np.array_equal(s.attack_points, r.attack_points)
    assert (s.round == 1).all() and not s.attack_leads.any()     # the first to speak takes
    assert ((s.trumps >= 1) & (s.side_aces <= 3)).all()
    h = play_hand("belote", [EagerTaker()] * 4, seed=9)
    hold = taker_holding(h)
    assert len(hold.cards) == 6 and h.turned in hold.cards
    assert hold.trumps == sum(1 for c in hold.cards if c.suit == h.contract.trump)


def test_perfect_play_gap_is_never_negative() -> None:
    g = perfect_play_gap(2, seed=1)
    assert len(g) > 0 and (g.loss >= 0).all() and ((g.trick >= 8) & (g.trick <= 16)).all()
    assert (g.choices > 1).all()


def test_rule_counts_count_every_card() -> None:
    c = rule_counts("belote", 3, "1,1,1,1", seed=2)
    assert sum(c.values()) == 3 * 32 and c["lead"] == 3 * 8
    cb = rule_counts("callbreak", 2, "2,2,2,2", seed=2)
    assert sum(cb.values()) == 2 * 52
