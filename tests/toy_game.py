"""A test-only game in one file: what docs/ARCHITECTURE.md "How to add a game" describes.

*Toy*: two players (N and S), eight cards (A 10 K Q of spades and hearts), four cards each,
four tricks, no bidding, no trump (the no-trump contract: follow suit if you can, the highest
card of the led suit wins), and each trick counts one.  A match is hands until a player has
won ``target`` tricks more than the other.  Nothing outside this file knows the game:
``belote_lab.games.register(GAME)`` makes every layer that reads the registry see it
(``tests/test_api_contract.py`` registers it and runs the same contract as the shipped games).

>>> h = ToyHand(seed=1)                       # N deals: S, the eldest, leads
>>> h.phase, SEATS[h.current_player], h.hand("S").text(), h.hand("N").text()
('play', 'S', 'QS TS AH QH', 'AS KS KH TH')
>>> h.play("AH"); h.legal_cards().text()     # N must follow suit
'KH TH'
>>> h.play("KH"); SEATS[h.to_play], h.won_tricks
('S', [0, 0, 1, 0])
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from belote_lab.cards import SEATS, Card, CardParseError, CardSet, cards_mask, parse_cards, seat_in
from belote_lab.contract import Contract, ContractKind
from belote_lab.games import Game
from belote_lab.games.base import CountingGame, IllegalAction, TrickPlay, drawn_seed
from belote_lab.rules import RuleOptions, choice_option, whole_option
from belote_lab.trick import FollowRules

TOY_DECK = tuple(parse_cards("AS TS KS QS AH TH KH QH"))
TOY_MASK = cards_mask(TOY_DECK)
SEATS_TOY = (0, 2)  # N and S
NO_TRUMP = Contract.parse("NT")
TOY_FOLLOW = FollowRules(partners=False, beat_trump_lead=False, must_trump=False)
"""Follow the led suit if you can (no need to beat it), else play anything."""


# --- 1. the rule options: a frozen dataclass read from / written to JSON -------------------------
@dataclass(frozen=True)
class ToyRules(RuleOptions):
    """``first_lead``: who leads the first trick; ``target``: the match's winning lead.
    (:class:`~belote_lab.rules.RuleOptions` checks the values and reads/writes JSON.)"""

    first_lead: str = choice_option("eldest", "eldest", "dealer")
    target: int = whole_option(1, 100, 3)


# --- 2. the result of a hand ---------------------------------------------------------------------
@dataclass(frozen=True)
class ToyResult:
    tricks: dict[str, int]  # seat letter → tricks won

    @property
    def score(self) -> dict[str, int]:
        """What each side scores: its tricks."""
        return dict(self.tricks)

    def why(self) -> str:
        return ", ".join(f"{s} took {n} trick{'s' * (n != 1)}" for s, n in self.tricks.items())

    def to_json(self) -> dict[str, Any]:
        return {"tricks": dict(self.tricks)}


# --- 3. one hand: the shared play core plus the deal, the phase and the record --------------------
class ToyHand(TrickPlay):
    """One hand of the toy: the dealer deals the shuffled eight cards one at a time."""

    game = "toy"
    seat_order = SEATS_TOY
    tricks_per_hand = 4
    last_trick_bonus = 0

    def __init__(
        self,
        rules: ToyRules | None = None,
        dealer: int | str = 0,
        seed: int | None = None,
        deck: list[Card] | list[str] | None = None,
    ) -> None:
        self.rules = rules or ToyRules()
        self.dealer = seat_in(dealer, SEATS_TOY)
        cards = list(TOY_DECK) if deck is None else parse_cards(deck)
        if cards_mask(cards) != TOY_MASK or len(cards) != len(TOY_DECK):
            raise CardParseError(deck, "toy deck (its eight cards once each)")
        if deck is None:
            random.Random(seed).shuffle(cards)
        self.deck = tuple(cards)
        self.seed = seed
        self._init_play_fields()
        eldest = 2 - self.dealer
        for i, c in enumerate(cards):
            self.hands[eldest if i % 2 == 0 else self.dealer] |= 1 << c
        self.original = list(self.hands)  # copied by TrickPlay.copy()
        leader = eldest if self.rules.first_lead == "eldest" else self.dealer
        self._start_play(NO_TRUMP, TOY_FOLLOW, leader)

    # TrickPlay gives the rest of what every layer reads: phase, is_over, current_player, no
    # calls (legal_calls/verify_call/can_call), ==, records (to_json/from_json), _repr_html_
    @property
    def result(self) -> ToyResult | None:
        """Derived from the tricks, so undo needs no ``_save_extra``."""
        if self.in_play:
            return None
        return ToyResult({SEATS[s]: self.won_tricks[s] for s in SEATS_TOY})

    def seat_view(self, seat: int | str) -> dict[str, Any]:
        s = seat_in(seat, SEATS_TOY)
        return {
            "seat": SEATS[s],
            "hand": [c.text for c in CardSet(self.hands[s])],
            "dealer": SEATS[self.dealer],
            "phase": self.phase,
            "tricks": [t.to_json() for t in self.tricks],
            "trick": [c.text for c in self.trick],
            "leader": SEATS[self.leader],
            "to_play": None if self.current_player is None else SEATS[self.to_play],
        }

    # records (belote_lab.games.record finds the class in the registry and calls these hooks)
    _RECORD_KEYS: tuple[str, ...] = ()

    def _record_start(self) -> dict[str, Any]:
        return {"deck": [c.text for c in self.deck]}

    @classmethod
    def _from_record_start(cls, data: dict[str, Any], rules: Any) -> ToyHand:
        from belote_lab.games.record import RecordError, cards_field, seat_field

        dealer = seat_field(data.get("dealer", "N"), "dealer", SEATS_TOY)
        if "deck" not in data:
            raise RecordError("a toy hand record needs 'deck'", field="deck")
        deck = cards_field(data["deck"], "deck", len(TOY_DECK), TOY_MASK, "toy deck")
        return cls(rules, dealer=dealer, deck=deck)

    def _record_action(self, kind: str, seat: str, value: str) -> None:
        raise ValueError(f"unknown action kind {kind!r}")

# --- 4. a match: hands until a player leads by ``target`` tricks ----------------------------------
class ToyMatch(CountingGame):
    _COUNTED_STATE = ("totals", "_over")

    def __init__(
        self, rules: ToyRules | None = None, seed: int | None = None, dealer: int | str = 0
    ) -> None:
        self._init_counting()
        self.rules = rules or ToyRules()
        self.seed = drawn_seed(seed)
        self._rng = random.Random(self.seed)
        self.totals: dict[str, int] = {"N": 0, "S": 0}
        self.hands: list[ToyHand] = []  # the hands counted so far
        self._over = False
        self.hand = self._new_hand(seat_in(dealer, SEATS_TOY))

    def _new_hand(self, dealer: int) -> ToyHand:
        return ToyHand(self.rules, dealer=dealer, seed=self._rng.getrandbits(32))

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winner(self) -> str | None:
        return max(self.totals, key=lambda k: self.totals[k]) if self._over else None

    def next_hand(self) -> ToyHand:
        """Count the finished hand and deal the next one (unless the match is over)."""
        h = self._take_finished("match")  # refuses an unfinished hand; counts it for undo
        assert h.result is not None
        for k, n in h.result.tricks.items():
            self.totals[k] += n
        if abs(self.totals["N"] - self.totals["S"]) >= self.rules.target:
            self._over = True
            return h
        self.hand = self._new_hand(2 - h.dealer)
        return self.hand

    @classmethod
    def _from_hands(cls, rules: Any, seed: int | None, hands: list[Any]) -> ToyMatch:
        """The match whose hands are ``hands`` (read from a record): replayed and checked."""
        g = cls(rules, seed, hands[0].dealer)
        g.seed = seed  # None (random deals to come) stays None
        for k, h in enumerate(hands, start=1):
            if k > 1:
                if not g.hand.is_over:
                    raise ValueError(f"hand {k - 1} is not finished, yet hand {k} follows")
                g.next_hand()
                if g._over:
                    raise ValueError(f"hand {k}: the record goes on after the end of the match")
            if h.rules != rules or h.dealer != g.hand.dealer:
                raise ValueError(f"hand {k}: its rules or its dealer differ from the match's")
            if seed is not None and h.deck != g.hand.deck:
                raise ValueError(f"hand {k} is not the deal the match's seed gives")
            g.hand = h
        return g

# --- 5. a level-2 player (registered with belote_lab.players.levels.register_level2) -------------
class ToyPlayer2:
    """Plays its strongest legal card (the toy has no calls)."""

    level = 2

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose_call(self, state: Any) -> str:
        raise IllegalAction("the toy game has no calls")

    def choose_card(self, state: Any) -> Card:
        power = NO_TRUMP.tables.power
        return max(CardSet(state.legal_mask()), key=lambda c: power[c])


# --- 6. the declared facts: one Game, registered by name -----------------------------------------
def margin(state: Any, seat: int, value: int, left: int, tricks_left: int,
           hands: list[int]) -> float:
    """The seat's lead in tricks at the end if it takes ``value`` of the ``left`` tricks."""
    other = 2 - seat
    return float(state.won_tricks[seat] + value - state.won_tricks[other] - (left - value))


GAME = Game(
    name="toy",
    title="the toy game",
    title_ko="장난감 게임",
    seats=SEATS_TOY,
    partnership=False,
    deck_mask=TOY_MASK,
    hand_size=4,
    tricks=4,
    counts="tricks",
    total=4,
    contracts=frozenset({ContractKind.NO_TRUMP}),
    contracts_text="no trump (NT)",
    follow=lambda rules, stock_left=0: TOY_FOLLOW,
    margin=margin,
    module=__name__,
    rules_class=ToyRules,
    hand_class=ToyHand,
    match_class=ToyMatch,
)
