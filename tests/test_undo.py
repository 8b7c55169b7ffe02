"""Undo across the end of a hand, in every game (issue #11).

The design (:class:`belote_lab.games.base.CountingGame`): once ``next_hand()`` counts a hand in
the game's totals (the last hand too, when it ends the game), that hand refuses its own
``undo()`` with :class:`IllegalAction` and a plain reason, and nothing changes.  The game's
``undo()`` takes back the last thing that happened in the game: a call or card of the hand
being played, or the counting of the previous hand, restoring totals, held points, the winner
and the deals to come exactly.  A record saved after any sequence of plays and undos loads back
equal.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote_lab.games.base import IllegalAction
from belote_lab.games.belote import BeloteGame
from belote_lab.games.belote2 import Belote2Match
from belote_lab.games.callbreak import CallbreakGame
from belote_lab.games.coinche import CoincheGame
from belote_lab.play.ladder import Belote2Run, CallbreakJourney
from belote_lab.play.record_io import game_from_json
from belote_lab.players import RandomPlayer
from belote_lab.rules import BeloteRules, CallbreakRules, CoincheRules

GAMES = ["belote", "coinche", "belote2", "callbreak"]


def new_game(game: str, seed: int) -> Any:
    if game == "belote":
        return BeloteGame(BeloteRules(target=300), seed=seed)
    if game == "coinche":
        return CoincheGame(CoincheRules(target=400), seed=seed)
    if game == "belote2":
        return Belote2Match(seed=seed)
    return CallbreakGame(CallbreakRules(rounds=3), seed=seed)


def act(h: Any, rng: random.Random) -> None:
    """One random legal call or card in the hand ``h``."""
    if h.phase == "bidding":
        calls = h.legal_calls()
        h.call("pass" if "pass" in calls and rng.random() < 0.6 else rng.choice(calls[:3]))
    else:
        h.play(rng.choice(list(h.legal_cards())))


def finish_hand(g: Any, rng: random.Random) -> None:
    while not g.hand.is_over:
        act(g.hand, rng)


def loads_back(g: Any) -> None:
    back = game_from_json(json.dumps(g.to_json()))
    assert back == g and back.to_json() == g.to_json()


def state(g: Any) -> tuple[Any, ...]:
    return (json.dumps(g.to_json()), copy.deepcopy(g))


@pytest.mark.parametrize("game", GAMES)
def test_undo_after_game_over_is_refused_by_the_hand_and_exact_by_the_game(game: str) -> None:
    g = new_game(game, 7)
    rng = random.Random(1)
    while True:
        finish_hand(g, rng)
        before_text, before = state(g)
        g.next_hand()
        if g.is_over:
            break
    over_text, over = state(g)
    winner = getattr(g, "winner", None)
    # the hand refuses: the game keeps its finished totals and winner, the record loads
    with pytest.raises(IllegalAction, match="counted in the totals"):
        g.hand.undo()
    assert g.hand.undo_refused() is not None
    assert json.dumps(g.to_json()) == over_text and g == over and g.is_over
    assert getattr(g, "winner", None) == winner and g.hand.is_over
    loads_back(g)
    for h in g.hands:  # every counted hand refuses
        with pytest.raises(IllegalAction):
            h.undo()
    assert g == over
    # the game takes back the end exactly: as before next_hand(), the deals to come included
    g.undo()
    assert not g.is_over and getattr(g, "winner", None) is None
    assert json.dumps(g.to_json()) == before_text and g == before
    loads_back(g)
    g.undo()  # now the last card of that hand
    assert g.hand.phase == "play" and not g.is_over
    loads_back(g)
    before.undo()
    assert g == before
    # playing the same card again and counting the hand gives the same end
    card = over.hand.actions[-1][2]
    g.hand.play(card)
    g.next_hand()
    assert g == over and json.dumps(g.to_json()) == over_text


@pytest.mark.parametrize("game", GAMES)
def test_undo_between_hands_restores_totals_and_deals(game: str) -> None:
    g = new_game(game, 3)
    rng = random.Random(2)
    finish_hand(g, rng)
    before_text, before = state(g)
    g.next_hand()
    assert not g.is_over
    after_text, after = state(g)
    with pytest.raises(IllegalAction, match="counted in the totals"):
        g.hands[-1].undo()
    assert g == after
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.hand.undo()  # the new hand has no action yet
    assert g == after and json.dumps(g.to_json()) == after_text
    g.undo()  # the counting of the previous hand
    assert g == before and json.dumps(g.to_json()) == before_text
    assert g.hands == before.hands and g.totals == before.totals
    g.next_hand()  # the same next hand is dealt again
    assert g == after and json.dumps(g.to_json()) == after_text
    # all the way back to the deal: then nothing is left to undo, and nothing changes
    while g.undo_refused() is None:
        g.undo()
        loads_back(g)
    assert not g.hands and not g.hand.actions
    fresh = new_game(game, 3)
    assert g == fresh and g.to_json() == fresh.to_json()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo()
    assert g == fresh


def test_a_loaded_game_undoes_as_the_original() -> None:
    g = new_game("belote", 9)
    rng = random.Random(3)
    for _ in range(3):
        finish_hand(g, rng)
        g.next_hand()
    back = game_from_json(json.dumps(g.to_json()))
    while g.undo_refused() is None:
        g.undo()
        back.undo()
        assert back == g
    assert back.undo_refused() == g.undo_refused() == "nothing to undo"


def test_a_run_or_a_journey_closes_its_finished_matches_and_games() -> None:
    levels = {k: (lambda seed: RandomPlayer(seed=seed)) for k in range(1, 5)}
    run = Belote2Run(levels, seed=4)
    rng = random.Random(4)
    while not run.match.is_over:
        if run.match.hand.is_over:
            run.match.next_hand()
        else:
            act(run.match.hand, rng)
    m = run.match
    m.undo()  # before the run counts it, the match can take its end back
    assert not m.is_over
    m.next_hand()
    run.next()
    record = run.to_json()
    with pytest.raises(IllegalAction, match="counted in the run"):
        m.undo()
    with pytest.raises(IllegalAction, match="counted in the totals"):
        m.hand.undo()
    assert run.to_json() == record and Belote2Run.from_json(record, levels) == run
    j = CallbreakJourney(levels, rules=CallbreakRules(rounds=3), seed=5)
    while not j.game.is_over:
        if j.game.hand.is_over:
            j.game.next_hand()
        else:
            act(j.game.hand, rng)
    j.next()
    record = j.to_json()
    with pytest.raises(IllegalAction, match="counted in the journey"):
        j.games[-1].undo()
    assert j.to_json() == record and CallbreakJourney.from_json(record, levels) == j


@settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    steps=st.integers(min_value=1, max_value=600),
    undo_rate=st.sampled_from([0.05, 0.2, 0.45]),
)
def test_any_plays_and_undos_leave_a_record_that_loads_back(
    game: str, seed: int, steps: int, undo_rate: float
) -> None:
    """Plays, counting, game undos and hand undos in any order; a refused undo changes
    nothing; the record loads back equal every tenth step and at the end."""
    g = new_game(game, seed)
    rng = random.Random(seed)
    for i in range(steps):
        if rng.random() < undo_rate:
            target = g if rng.random() < 0.7 else g.hand
            why = target.undo_refused()
            if why is None:
                target.undo()
            else:
                text = json.dumps(g.to_json())
                with pytest.raises(IllegalAction) as err:
                    target.undo()
                assert str(err.value) == why
                assert json.dumps(g.to_json()) == text
        elif g.is_over:
            continue
        elif g.hand.is_over:
            g.next_hand()
        else:
            act(g.hand, rng)
        if i % 10 == 0:
            loads_back(g)
    loads_back(g)


@pytest.mark.parametrize("game", ["belote", "coinche", "belote2", "callbreak"])
def test_a_redeal_is_counted_loaded_and_undone_like_a_hand(game: str) -> None:
    """Everybody passes (or, in Callbreak, a hand has no J, Q or K): the deal is void, kept in
    ``hands`` and dealt again; saved before and after, undone across, it comes back."""
    if game == "callbreak":
        g: Any = CallbreakGame(CallbreakRules(redeal_without_face_cards=True, rounds=3), seed=16)
    else:
        g = new_game(game, 5)
        while g.hand.phase == "bidding":
            g.hand.call("pass")
    assert g.hand.phase == "redeal"
    loads_back(g)
    before_text, before = state(g)
    g.next_hand()
    assert g.hands[-1].phase == "redeal" and not g.hand.actions
    loads_back(g)
    with pytest.raises(IllegalAction, match="deal 1 is over and counted"):
        g.hands[-1].undo()
    g.undo()
    assert g == before and json.dumps(g.to_json()) == before_text
    loads_back(g)
