"""The API contract every game of the registry keeps (issue 12), as OpenSpiel's random_sim_test.

Parametrised over :func:`belote_lab.games.names` (the shipped games and the test-only toy game of
``tests/toy_game.py``, registered here) and over rule presets read from each game's rules class
(the defaults, each boolean or word option changed alone, each number option at its lowest
value, and every boolean and word option changed at once), for seeded random hands:

* while the hand is not over a legal action exists (a card, or a call in the bidding), the seat
  to act is one of the game's seats and holds what it plays; once over there is none;
* ``why_not(card)`` is ``None`` exactly for the cards of ``legal_cards()``, a reason for every
  other card (of the hand, of another hand, by the wrong seat, outside the play);
* a refused action changes nothing;
* undo restores the state exactly (``==``, the record, the legal actions, every seat's view),
  a single step or several, and redoing the same actions comes back to the same states;
  undoing everything gives the dealt hand, and one more undo is refused;
* a copy is independent: playing and undoing on it leaves the original as it was, and the
  other way round;
* a record read back (``type(h).from_json(h.to_json())``) equals the hand and goes on alike;
  a record with one illegal card is refused at that action;
* every card dealt is played exactly once, the tricks are the game's, and what they win sums
  to the game's total (:attr:`Game.total` of :attr:`Game.counts`);
* a game (match) read back from its record at any moment equals it and goes on alike, and its
  undo takes back the counting of a hand exactly;
* the seat to act sees its observation: the same legal actions and its own cards, but no
  deal, seed or undo history;
* the players of every level return legal cards and calls (levels 3 and 4, slow, at a few
  decisions of one hand), deciding on their observation (``drive_hand``).

These replace the Belote-only properties of ``tests/test_belote_properties.py`` (which keeps
the Belote reading of the rules and its scoring).  Failures name the game, preset and seed.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import toy_game

from belote_lab.cards import SEATS, Card, mask_cards
from belote_lab.games import Game, get, names, register, unregister
from belote_lab.games.base import IllegalAction
from belote_lab.play.record_io import RecordError, hand_from_json, hand_to_json
from belote_lab.players import drive_hand, levels, register_level2
from belote_lab.trick import FollowRules, IllegalPlay

TOY = toy_game.GAME

CARDS_PER_PRESET = 192
"""About how many cards are played in the seeded random hands of one game and rule preset
(each hand with undo/redo, copies and records): six hands of Belote, three of Callbreak."""


@pytest.fixture(autouse=True, scope="module")
def toy_registered() -> Iterator[None]:
    register(TOY)
    register_level2(TOY.name, toy_game.ToyPlayer2)
    yield
    register_level2(TOY.name, None)
    unregister(TOY.name)


# --- rule presets, read from each game's rules class ---------------------------------------------
def _changes(f: dataclasses.Field[Any]) -> list[Any]:
    """The values other than the default worth trying for option ``f``."""
    meta = f.metadata
    if "choices" in meta:
        return [c for c in meta["choices"] if c != f.default]
    if "range" in meta:
        low = meta["range"][0]
        return [] if low == f.default else [low]
    if isinstance(f.default, bool):
        return [not f.default]
    return []


def presets(game: Game) -> list[tuple[str, dict[str, Any]]]:
    """(name, rule options) for ``game``: every one valid (a refused combination is left out)."""
    fields = dataclasses.fields(game.rules_class)
    out: list[tuple[str, dict[str, Any]]] = [("defaults", {})]
    every: dict[str, Any] = {}
    for f in fields:
        for v in _changes(f):
            out.append((f"{f.name}={v}", {f.name: v}))
            if "range" not in f.metadata:
                every[f.name] = v
    if len(every) > 1:
        out.append(("all_changed", every))
    valid = []
    for name, data in out:
        try:
            game.rules(data)
        except ValueError:
            continue
        valid.append((name, data))
    return valid


register(TOY)  # the toy is listed by names() like any other game …
try:
    GAME_NAMES = names()
    PRESETS = {name: presets(get(name)) for name in GAME_NAMES}
finally:
    unregister(TOY.name)  # … and registered only while this module's tests run (the fixture)
CASES = [
    pytest.param(name, data, id=f"{name}-{preset}")
    for name in GAME_NAMES
    for preset, data in PRESETS[name]
]
MATCH_CASES = [
    pytest.param(name, data, id=f"{name}-{preset}")
    for name in GAME_NAMES
    for preset, data in PRESETS[name]
    if preset in ("defaults", "all_changed")
]


# --- driving a hand ------------------------------------------------------------------------------
def new_hand(game: Game, rules: Any, seed: int) -> Any:
    dealer = game.seats[seed % game.players]
    return game.hand_class(rules, dealer=dealer, seed=seed)


def legal_actions(h: Any) -> list[tuple[str, Any]]:
    """Every legal action now: ``("play", card)`` or ``("call", call)``."""
    if h.phase == "play":
        return [("play", c) for c in mask_cards(h.legal_mask())]
    return [("call", c) for c in h.legal_calls()]


def apply(h: Any, action: tuple[str, Any]) -> None:
    kind, value = action
    if kind == "play":
        h.play(value)
    else:
        h.call(value)


def fingerprint(h: Any, game: Game) -> tuple[Any, ...]:
    """Everything a reader of the hand sees, as values (nothing shared with the hand)."""
    cur = h.current_player
    return (
        json.dumps(h.to_json(), sort_keys=True),
        tuple(h.hands),
        tuple(h.trick),
        tuple(h.tricks),
        tuple(h.won_points),
        tuple(h.won_tricks),
        tuple(h.events),
        h.phase,
        cur,
        h.legal_mask(),
        tuple(str(c) for c in h.legal_calls()),
        json.dumps([h.seat_view(s) for s in game.seats], sort_keys=True, default=str),
    )


class Saved:
    """A state kept apart from the hand: its fingerprint and a copy (a deep copy when
    ``deep``, to check :meth:`copy` itself)."""

    def __init__(self, h: Any, game: Game, deep: bool = False) -> None:
        self.game = game
        self.hand = copy.deepcopy(h) if deep else h.copy()
        self.print = fingerprint(h, game)

    def check(self, h: Any, what: str) -> None:
        assert h == self.hand, what
        assert fingerprint(h, self.game) == self.print, what


# --- the checks of one state ---------------------------------------------------------------------
def check_state(h: Any, game: Game, rng: random.Random, where: str) -> None:
    deck = game.deck_mask
    held = 0
    for s in range(4):
        m = h.hands[s]
        assert m & ~deck == 0, f"{where}: {SEATS[s]} holds a card not of the deck"
        assert m & held == 0, f"{where}: a card held twice"
        assert m.bit_count() <= game.hand_size, f"{where}: {SEATS[s]} holds too many cards"
        if s not in game.seats:
            assert m == 0 and h.won_tricks[s] == 0 and h.won_points[s] == 0, where
        held |= m
    played = [c for t in h.tricks for c in t.cards] + list(h.trick)
    assert len(set(played)) == len(played), f"{where}: a card played twice"
    assert sum(1 << c for c in played) & held == 0, f"{where}: a played card still held"
    assert sum(h.won_tricks) == len(h.tricks) <= game.tricks, where
    for t in h.tricks:
        assert len(t.cards) == game.players and t.leader in game.seats, where
        assert t.winner in game.seats, where
    if h.is_over:
        assert h.current_player is None, where
        assert h.legal_mask() == 0 and list(h.legal_cards()) == [], where
        assert h.legal_calls() == [], where
        assert all(h.why_not(c) is not None for c in mask_cards(deck)), where
        return
    seat = h.current_player
    assert seat in game.seats, f"{where}: {seat!r} is not a seat of {game.name}"
    if h.phase == "play":
        check_play(h, game, seat, rng, where)
    else:
        calls = h.legal_calls()
        assert calls, f"{where}: no legal call while the hand is not over"
        assert h.legal_mask() == 0, f"{where}: a card is legal in the bidding"
        assert all(h.can_call(c) for c in calls), where
        assert all(h.can_call(c, seat) for c in calls), where
        other = game.next_seat(seat)
        assert not h.can_call(calls[0], other), f"{where}: {SEATS[other]} may call out of turn"
        some = mask_cards(h.hands[seat] or deck)[0]
        assert h.why_not(some) is not None, f"{where}: a card may be played in the bidding"


def check_play(h: Any, game: Game, seat: int, rng: random.Random, where: str) -> None:
    """In the play: ``why_not`` is ``None`` exactly for the legal cards."""
    assert h.to_play == seat
    assert h.legal_calls() == [], where
    legal = h.legal_mask()
    hand = h.hands[seat]
    assert legal, f"{where}: no legal card while the hand is not over"
    assert legal & ~hand == 0, f"{where}: a legal card not in the hand"
    assert set(h.legal_cards()) == set(mask_cards(legal)), where
    for c in mask_cards(hand):
        why = h.why_not(c)
        if legal >> c & 1:
            assert why is None, f"{where}: {c.text} is legal, yet why_not says {why}"
            assert h.can_play(c) and h.can_play(c.text, seat), where
        else:
            assert why is not None, f"{where}: {c.text} is illegal but why_not says nothing"
            assert str(why), where
            assert not h.can_play(c), where
    elsewhere = mask_cards(game.deck_mask & ~hand)
    if elsewhere:
        c = rng.choice(elsewhere)
        assert h.why_not(c) is not None, f"{where}: {c.text} is not in the hand"
    first = mask_cards(legal)[0]
    other = game.next_seat(seat)
    assert h.why_not(first, other) is not None, f"{where}: {SEATS[other]} plays out of turn"
    assert not h.can_call("pass") and h.legal_calls() == [], where


def check_refused(h: Any, game: Game, rng: random.Random, where: str) -> None:
    """An illegal card, a card out of turn, a call in the play: refused, nothing changes."""
    before = fingerprint(h, game)
    tries: list[Callable[[], None]] = []
    if h.phase == "play":
        hand = h.hands[h.to_play]
        bad = mask_cards((hand & ~h.legal_mask()) or (game.deck_mask & ~hand))
        if bad:
            tries.append(lambda: h.play(rng.choice(bad)))
        first = mask_cards(h.legal_mask())[0]
        tries.append(lambda: h.play(first, game.next_seat(h.to_play)))
        tries.append(lambda: h.call("pass"))
    elif not h.is_over:
        tries.append(lambda: h.play(mask_cards(game.deck_mask)[0]))
        call = h.legal_calls()[0]
        tries.append(lambda: h.call(call, game.next_seat(h.current_player)))
    else:
        tries.append(lambda: h.play(mask_cards(game.deck_mask)[0]))
    for t in tries:
        with pytest.raises((IllegalPlay, IllegalAction)):
            t()
        assert fingerprint(h, game) == before, f"{where}: a refused action changed the hand"


def check_observation(h: Any, game: Game, where: str) -> None:
    """The seat to act decides on its observation: the same legal actions, its own cards,
    every other seat's count of cards, the played cards; no deck, seed or undo history."""
    seat = h.current_player
    before = fingerprint(h, game)
    o = h.observation(seat)
    assert type(o) is type(h) and o.observer == seat, where
    assert (o.phase, o.current_player, o.is_over) == (h.phase, seat, h.is_over), where
    assert o.legal_mask() == h.legal_mask() and o.legal_calls() == h.legal_calls(), where
    assert o.hands[seat] == h.hands[seat], where
    assert [m.bit_count() for m in o.hands] == [m.bit_count() for m in h.hands], where
    assert all(o.hands[s] & h.hands[seat] == 0 for s in game.seats if s != seat), where
    assert (o.tricks, o.trick, o.won_tricks) == (h.tricks, h.trick, h.won_tricks), where
    assert o.deck == () and o.seed is None, f"{where}: the deal is visible"
    with pytest.raises(IllegalAction):
        o.undo()
    assert fingerprint(h, game) == before, f"{where}: observing changed the state"


def check_margin(h: Any, game: Game, where: str) -> None:
    """The one scoring entry point: the seat to play does no worse by winning more."""
    won = h.won_points if game.counts == "points" else h.won_tricks
    left = game.total - sum(won)
    tricks_left = game.tricks - len(h.tricks)
    seat = h.to_play
    values = sorted({0, left // 3, left // 2, (2 * left) // 3, left})
    got = [game.margin(h, seat, v, left, tricks_left, list(h.hands)) for v in values]
    assert all(isinstance(x, (int, float)) for x in got), where
    assert got == sorted(got), f"{where}: margin {list(zip(values, got, strict=True))}"


def check_finished(h: Any, game: Game, where: str) -> None:
    """A hand at its end: played out (every card once) or void (nothing played)."""
    assert h.is_over and h.current_player is None, where
    if not h.tricks:  # a void deal (everybody passed, a hand without spades …)
        assert h.trick == [] and sum(h.won_points) == 0, where
        return
    played = [c for t in h.tricks for c in t.cards]
    assert len(h.tricks) == game.tricks, f"{where}: {len(h.tricks)} tricks"
    assert len(played) == len(set(played)), f"{where}: a card played twice"
    assert sum(1 << c for c in played) == game.deck_mask, f"{where}: not every card was played"
    assert all(m == 0 for m in h.hands) and h.trick == [], where
    won = h.won_points if game.counts == "points" else h.won_tricks
    assert sum(won) == game.total, f"{where}: {game.counts} sum to {sum(won)}"
    assert sum(h.won_tricks) == game.tricks, where
    assert h.result is not None, where


def round_trip(h: Any, game: Game, where: str) -> None:
    """The record read back, through JSON text, equals the hand."""
    record = json.loads(json.dumps(h.to_json()))
    assert record == hand_to_json(h)
    back = type(h).from_json(record)
    assert back == h and fingerprint(back, game) == fingerprint(h, game), where
    assert hand_from_json(json.dumps(record)) == h, where


# --- one random hand with undo, redo, copies and records -----------------------------------------
def random_hand(game: Game, rules: Any, seed: int, where: str) -> Any:
    rng = random.Random(seed)
    h = new_hand(game, rules, seed)
    dealt = Saved(h, game)
    history: list[tuple[Saved, tuple[str, Any]]] = []  # the state before each action, the action
    copy_at = rng.randrange(game.tricks * game.players)
    record_at = {rng.randrange(game.tricks * game.players) for _ in range(2)}
    step = 0
    while not h.is_over:
        here = f"{where} step {step}"
        check_state(h, game, rng, here)
        if rng.random() < 0.2:
            check_refused(h, game, rng, here)
        if rng.random() < 0.2:
            check_observation(h, game, here)
        if h.phase == "play" and rng.random() < 0.2:
            check_margin(h, game, here)
        if step in record_at:
            round_trip(h, game, here)
        if step == copy_at:
            check_copy(h, game, rng, here)
        if history and rng.random() < 0.15:  # take back a few actions, then make them again
            check_undo_redo(h, history, rng.randint(1, min(5, len(history))), here)
        saved = Saved(h, game)
        action = rng.choice(legal_actions(h))
        apply(h, action)
        assert h != saved.hand, f"{here}: equal before and after {action}"
        history.append((saved, action))
        step += 1
    check_state(h, game, rng, f"{where} end")
    check_finished(h, game, f"{where} end")
    round_trip(h, game, f"{where} end")
    check_refused(h, game, rng, f"{where} end")
    if history:
        check_undo_redo(h, history, min(len(history), rng.randint(1, 8)), f"{where} end")
    end = Saved(h, game)
    while h.actions:  # back to the deal
        h.undo()
    dealt.check(h, f"{where}: undo back to the deal")
    with pytest.raises(IllegalAction):
        h.undo()
    dealt.check(h, f"{where}: a refused undo")
    for _, action in history:
        apply(h, action)
    end.check(h, f"{where}: the actions made again")
    return h


def check_undo_redo(
    h: Any, history: list[tuple[Saved, tuple[str, Any]]], k: int, where: str
) -> None:
    """Undo ``k`` actions (each back to the state before it), then redo them."""
    after = Saved(h, history[0][0].game)
    for saved, _ in reversed(history[-k:]):
        h.undo()
        saved.check(h, f"{where}: undo")
    for _, action in history[-k:]:
        apply(h, action)
    after.check(h, f"{where}: redo after {k} undos")


def check_copy(h: Any, game: Game, rng: random.Random, where: str) -> None:
    """A copy plays on and undoes without touching the original, and the other way round."""
    saved = Saved(h, game, deep=True)
    c = h.copy()
    assert c == h and c is not h
    n = 0
    while not c.is_over and n < 6:
        apply(c, rng.choice(legal_actions(c)))
        n += 1
    saved.check(h, f"{where}: the original after playing its copy")
    for _ in range(rng.randint(0, n)):
        c.undo()
    saved.check(h, f"{where}: the original after undoing on its copy")
    kept = Saved(c, game, deep=True)
    if not h.is_over:
        apply(h, rng.choice(legal_actions(h)))
        kept.check(c, f"{where}: the copy after the original moved")
        h.undo()
    saved.check(h, where)


@pytest.mark.parametrize(("name", "data"), CASES)
def test_random_hands(name: str, data: dict[str, Any]) -> None:
    game = get(name)
    rules = game.rules(data)
    for seed in range(max(3, CARDS_PER_PRESET // game.deck_mask.bit_count())):
        random_hand(game, rules, 1000 * seed + 17, f"{name} {data} seed {1000 * seed + 17}")


# --- the declared facts --------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAME_NAMES)
def test_game_declaration(name: str) -> None:
    game = get(name)
    assert game.name == name and get(game) is game
    assert game.players == len(game.seats) and set(game.seats) <= {0, 1, 2, 3}
    assert tuple(game.hand_class.seat_order) == game.seats
    assert game.hand_class.tricks_per_hand == game.tricks
    assert game.tricks * game.players == game.deck_mask.bit_count()
    assert game.counts in ("points", "tricks")
    assert game.counts == "points" or game.total == game.tricks
    assert len(game.sides) == (2 if game.partnership else game.players)
    for s in game.seats:
        assert s in game.side_with(s) and s in game.side_seats(game.side_of(s))
        assert game.next_seat(s, game.players) == s
    rules = game.rules()
    assert rules == game.rules_class() == game.rules(rules.to_json()) == game.rules(rules)
    assert isinstance(game.follow(rules, 0), FollowRules)
    for preset, data in presets(game):
        r = game.rules(data)
        assert game.rules(json.loads(json.dumps(r.changed()))) == r, preset
    with pytest.raises(ValueError):
        game.rules({"no_such_option": 1})
    assert game.match_class is not None


# --- records with an illegal card ----------------------------------------------------------------
def tamper(record: dict[str, Any], index: int, wrong: Card) -> None:
    """Put ``wrong`` (illegal at action ``index``) in place of the card played there, and that
    card where ``wrong`` was played later by the same seat: the only fault is at ``index``."""
    actions = record["actions"]
    right = actions[index][2]
    later = next(
        j for j in range(index + 1, len(actions))
        if actions[j][0] == "play" and actions[j][2] == wrong.text
    )
    assert actions[later][1] == actions[index][1]
    actions[index][2], actions[later][2] = wrong.text, right


@pytest.mark.parametrize(("name", "data"), MATCH_CASES)
def test_record_with_an_illegal_card_is_refused(name: str, data: dict[str, Any]) -> None:
    game = get(name)
    rules = game.rules(data)
    refused = 0
    for seed in range(12):
        rng = random.Random(seed)
        h = new_hand(game, rules, seed)
        plays = []  # (action index, trick number, hand before, legal before)
        while not h.is_over:
            if h.phase == "play":
                plays.append((len(h.actions), h.trick_number, h.hands[h.to_play], h.legal_mask()))
            apply(h, rng.choice(legal_actions(h)))
        restricted = [p for p in plays if p[2] & ~p[3]]
        if not restricted:
            continue
        index, trick, hand, legal = rng.choice(restricted)
        wrong = rng.choice(mask_cards(hand & ~legal))
        record = json.loads(json.dumps(h.to_json()))
        tamper(record, index, wrong)
        with pytest.raises(RecordError) as err:
            hand_from_json(record)
        assert (err.value.action, err.value.trick) == (index, trick), str(err.value)
        assert f"trick {trick}" in str(err.value)
        refused += 1
    assert refused, "no hand had a restricted play to tamper with"


# --- whole games (matches): records and undo across hands ----------------------------------------
def step_match(g: Any, rng: random.Random) -> tuple[str, Any] | None:
    """One random action of the game: a call, a card, or counting the finished hand."""
    if g.is_over:
        return None
    if g.hand.is_over:
        g.next_hand()
        return ("next", None)
    action = rng.choice(legal_actions(g.hand))
    apply(g.hand, action)
    return action


def redo_match(g: Any, action: tuple[str, Any]) -> None:
    if action[0] == "next":
        g.next_hand()
    else:
        apply(g.hand, action)


def match_round_trip(g: Any, game: Game) -> Any:
    back = game.match_class.from_json(json.loads(json.dumps(g.to_json())))
    assert back == g and back.to_json() == g.to_json()
    assert back.hand == g.hand and back.is_over == g.is_over
    assert back.totals == g.totals
    return back


@pytest.mark.parametrize(("name", "data"), MATCH_CASES)
def test_match_records_and_undo(name: str, data: dict[str, Any]) -> None:
    game = get(name)
    rules = game.rules(data)
    for seed in range(2):
        rng = random.Random(seed)
        g = game.match_class(rules, seed=seed, dealer=game.seats[seed % game.players])
        steps = 0
        while not g.is_over and steps < 2000:
            if g.hand.is_over or not g.hand.actions or rng.random() < 0.03:
                back = match_round_trip(g, game)
                s = rng.randrange(10**6)
                more, same = random.Random(s), random.Random(s)
                for _ in range(30):  # both go on alike
                    step_match(g, more)
                    step_match(back, same)
                assert back == g and back.to_json() == g.to_json()
            undo = g.hand.is_over or rng.random() < 0.1  # always across the end of a hand
            if undo:
                before = copy.deepcopy(g)
                record = json.dumps(g.to_json(), sort_keys=True)
            action = step_match(g, rng)
            if action is None:
                break
            if undo:
                after = json.dumps(g.to_json(), sort_keys=True)
                g.undo()  # takes back the counting of a hand, or the last action
                assert g == before and json.dumps(g.to_json(), sort_keys=True) == record
                redo_match(g, action)
                assert json.dumps(g.to_json(), sort_keys=True) == after
            steps += 1
        assert g.is_over, f"{name} seed {seed}: the game did not end"
        match_round_trip(g, game)
        assert g.winner is None or g.winner in g.totals


# --- players of every level ----------------------------------------------------------------------
class Checked:
    """A seat's player whose every decision is checked against the hand being driven; the
    slow levels decide only when ``ask(hand)`` says so, a random legal choice otherwise."""

    def __init__(
        self, player: Any, h: Any, rng: random.Random, ask: Callable[[Any], bool], where: str
    ) -> None:
        self.player, self.h, self.rng, self.ask, self.where = player, h, rng, ask, where
        self.decisions = 0

    def choose_call(self, view: Any) -> Any:
        h = self.h
        if not self.ask(h):
            return self.rng.choice(h.legal_calls())
        call = self.player.choose_call(view)
        self.decisions += 1
        assert h.can_call(call), f"{self.where}: illegal call {call!r} ({h.legal_calls()})"
        return call

    def choose_card(self, view: Any) -> Card:
        h = self.h
        if not self.ask(h):
            return self.rng.choice(mask_cards(h.legal_mask()))
        card = self.player.choose_card(view)
        self.decisions += 1
        card = Card.parse(card)
        assert h.why_not(card) is None, f"{self.where}: illegal card {card.text}"
        assert card in h.legal_cards()
        return card


def drive_checked(
    game: Game, level: int, seed: int, ask: Callable[[Any], bool]
) -> int:
    """One hand with ``level`` players at every seat; the number of decisions checked."""
    factory = levels(game.name)[level]  # every game has levels 1 to 4 (see players.levels)
    h = new_hand(game, game.rules(), seed)
    rng = random.Random(seed)
    where = f"{game.name} level {level} seed {seed}"
    players = {s: Checked(factory(seed + s), h, rng, ask, where) for s in game.seats}
    drive_hand(h, players)
    check_finished(h, game, where)
    return sum(p.decisions for p in players.values())


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_players_return_legal_actions(name: str, level: int) -> None:
    game = get(name)
    assert sum(drive_checked(game, level, seed, lambda h: True) for seed in range(3)) > 0


@pytest.mark.parametrize("level", [3, 4])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_search_players_return_legal_actions(name: str, level: int) -> None:
    """Levels 3 and 4 search: asked only at their first call and at two cards (the first
    trick, and when two tricks are left)."""
    game = get(name)
    asked: set[tuple[int, str]] = set()

    def ask(h: Any) -> bool:
        if h.phase == "play":
            left = game.tricks - len(h.tricks)
            key = (left, "play") if left in (game.tricks, 2) and not h.trick else None
        else:
            key = (-1, "call")
        if key is None or key in asked:
            return False
        asked.add(key)
        return True

    assert drive_checked(game, level, 3, ask) > 0
