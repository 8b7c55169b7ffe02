"""Two-player Belote (RULES.md §4): deal, taking, the stock phase, scoring, matches and runs.

Seats ``N`` and ``S`` play 16 tricks.  While the stock lasts (tricks 1–7) any card may be
played and after each trick the winner draws the top stock card, then the loser the next;
from trick 8 on the strict rules apply (follow suit, beat a trump lead, trump when void).

Dealing from a 32-card ``deck`` (also the record format): cards 1–6 go to the non-dealer,
7–12 to the dealer, the 13th is turned; after the taking cards 14–18 complete the hands,
the non-dealer served first (the contractor gets the turned card and 2 of them, the
opponent 3); cards 19–32 are the stock, top first.

>>> hand = Belote2Hand(seed=4, dealer="S")
>>> hand.phase, SEATS[hand.current_player], hand.turned
('bidding', 'N', Card('JC'))
>>> hand.call("take")                                   # N takes clubs
>>> hand.phase, len(hand.hand("N")), len(hand.hand("S")), len(hand.stock_left)
('play', 9, 9, 14)
>>> import random
>>> rng = random.Random(2)
>>> for _ in range(14):                                 # seven tricks, each followed by draws
...     hand.play(rng.choice(list(hand.legal_cards())))
>>> hand.trick_number, len(hand.stock_left), len(hand.hand("N")), len(hand.hand("S"))
(8, 0, 9, 9)
>>> while hand.phase == "play":
...     hand.play(rng.choice(list(hand.legal_cards())))
>>> len(hand.tricks), sum(hand.result.points.values())
(16, 162)

Why a hand ended as it did and why a record of it cannot be read are the ``belote2.`` texts
of the catalogue of words (``belote_lab/words/en/belote2.json``, ``ko/belote2.json``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from belote_lab import words
from belote_lab.cards import (
    BELOTE_MASK,
    SEATS,
    Card,
    CardParseError,
    CardSet,
    Rank,
    cards_mask,
    explain_seat,
    mask_cards,
    parse_cards,
    parse_seat,
)
from belote_lab.contract import Contract, ContractKind
from belote_lab.games import get as get_game
from belote_lab.games.base import (
    CountingGame,
    Event,
    Trick,
    at_hand,
    drawn_seed,
    hand_place,
)
from belote_lab.games.belote import (
    BeloteHand,
    belote_holder_now,
    margin_totals,
    shuffled_deck,
)
from belote_lab.games.spec import Game
from belote_lab.games.taking import Taking
from belote_lab.korean import seat_word
from belote_lab.rules import Belote2Rules
from belote_lab.trick import BELOTE2_FREE, BELOTE2_STRICT, FollowRules

__all__ = [
    "GAME",
    "margin",
    "outcome",
    "follow_for",
    "Belote2Hand",
    "Belote2Match",
    "Belote2Result",
    "score_belote2",
    "run_score",
    "new_taking",
    "two_player_seat",
    "HAND_SIZE",
    "STOCK_SIZE",
    "WIN_VALUE",
    "MARGIN_CAP",
    "MAX_LEVEL",
]

SEATS2 = (0, 2)
HAND_SIZE = 9  # cards each after the deal is completed
STOCK_SIZE = 14
TRICKS = 16
HAND_TOTAL = 162
CAPOT_SCORE = 252
BELOTE_POINTS = 20
WIN_VALUE = 10_000  # run score per consecutive match win
MARGIN_CAP = 9_999  # the sum of winning margins counts up to this
MAX_LEVEL = 4  # the top level of a run (belote_lab.play.ladder)


def two_player_seat(seat: int | str) -> int:
    """A seat of two-player Belote: ``N`` (0) or ``S`` (2); other seats raise.

    >>> two_player_seat("s"), two_player_seat(0)
    (2, 0)
    >>> two_player_seat("E")
    Traceback (most recent call last):
    ...
    belote_lab.cards.CardParseError: unknown seat of two-player Belote (N or S) 'E'
    """
    s = parse_seat(seat)
    if s not in SEATS2:
        raise CardParseError(
            seat, "seat of two-player Belote (N or S)", ko=explain_seat(seat, 2, "ko")
        )
    return s


def _other(seat: int) -> int:
    return 2 - seat


def new_taking(dealer: int, turned: Card | str, redeals: int, rules: Belote2Rules) -> Taking:
    """The taking of one deal: after ``rules.forced_after_redeals`` consecutive redeals
    (two by default) the dealer may not pass in round 2.

    >>> t = new_taking(2, "JH", redeals=2, rules=Belote2Rules())
    >>> t.call("pass"); t.call("pass"); t.call("pass")     # N, S, then N again in round 2
    >>> t.legal_calls()                                     # S, the dealer, must name a suit
    ['S', 'D', 'C']
    """
    if isinstance(redeals, bool) or not isinstance(redeals, int) or redeals < 0:
        raise ValueError(f"redeals must be a whole number ≥ 0, not {redeals!r}")
    return Taking(
        dealer,
        turned,
        seats=SEATS2,
        dealer_must_name=redeals >= rules.forced_after_redeals,
        redeals=redeals,
    )


# --- scoring ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Belote2Result:
    """The outcome of one two-player hand, per seat (``N``/``S``)."""

    taker: str
    points: dict[str, int]  # card points with dix de der, before contract rules
    belote: dict[str, int]
    score: dict[str, int]  # what each seat scores for the hand
    made: bool | None  # None = tie (each keeps its own points)
    capot: str | None  # the seat that won all 16 tricks

    def to_json(self) -> dict[str, Any]:
        return {
            "taker": self.taker,
            "points": dict(self.points),
            "belote": dict(self.belote),
            "score": dict(self.score),
            "made": self.made,
            "capot": self.capot,
        }

    def why(self, language: str = "en") -> str:
        """One sentence on why the contract was made or failed, in English or Korean (``ko``).

        A total that holds a belote says so; the others are bare card points.

        >>> score_belote2({"N": 80, "S": 82}, {"N": 8, "S": 8}, {"N": 0, "S": 0}, "N").why()
        'The contract failed (dedans): N (contractor) 80, S 82.'
        >>> r = score_belote2({"N": 60, "S": 102}, {"N": 6, "S": 10}, {"N": 20, "S": 0}, "N")
        >>> r.why()
        'The contract failed (dedans): N (contractor) 80 with belote, S 102.'
        >>> r.why("ko")
        '계약자인 북쪽은 벨로트 포함 80점으로 남쪽의 102점보다 적으므로 계약에 실패했습니다.'
        >>> r = score_belote2({"N": 71, "S": 91}, {"N": 8, "S": 8}, {"N": 20, "S": 0}, "N")
        >>> r.why("ko")
        '계약자인 북쪽(벨로트 포함 91점)과 남쪽(91점)의 점수가 같으므로 각자 자기 점수를 가집니다.'
        """
        if language not in ("en", "ko"):
            raise ValueError(f"language must be 'en' or 'ko', not {language!r}")
        lang = language

        def seat(letter: str) -> str:  # N in English, 북쪽 in Korean
            return seat_word(letter) if lang == "ko" else letter

        if self.capot:
            return words.text(
                "belote2.why_capot", lang, seat=seat(self.capot), n=TRICKS, pts=CAPOT_SCORE
            )
        t = self.taker
        o = "S" if t == "N" else "N"

        def total(side: str) -> str:  # a seat's total, saying so when a belote is in it
            n = self.points[side] + self.belote[side]
            return words.text("belote2.with_belote", lang, n=n) if self.belote[side] else str(n)

        key = "tie" if self.made is None else "made" if self.made else "failed"
        return words.text(
            f"belote2.why_{key}", lang, taker=seat(t), other=seat(o), a=total(t), b=total(o)
        )


def score_belote2(
    points: Mapping[str, int],
    tricks: Mapping[str, int],
    belote: Mapping[str, int],
    taker: str,
) -> Belote2Result:
    """Score a two-player hand (RULES.md §4); every mapping is keyed by ``N`` and ``S``.

    The contractor must end with strictly more points than the opponent, belote included.

    >>> score_belote2({"N": 35, "S": 127}, {"N": 5, "S": 11}, {"N": 20, "S": 0}, "S").score
    {'N': 55, 'S': 127}
    >>> r = score_belote2({"N": 71, "S": 91}, {"N": 7, "S": 9}, {"N": 20, "S": 0}, "N")
    >>> r.made, r.score
    (None, {'N': 91, 'S': 91})
    >>> score_belote2({"N": 162, "S": 0}, {"N": 16, "S": 0}, {"N": 0, "S": 20}, "S").score
    {'N': 252, 'S': 20}
    """
    if taker not in ("N", "S"):
        raise ValueError(f"the taker must be N or S, not {taker!r}")
    opp = "S" if taker == "N" else "N"
    total = {s: points[s] + belote[s] for s in ("N", "S")}
    capot: str | None = None
    made: bool | None
    if tricks[opp] == 0 or tricks[taker] == 0:
        winner = taker if tricks[opp] == 0 else opp
        loser = opp if winner == taker else taker
        capot = winner
        score = {winner: CAPOT_SCORE + belote[winner], loser: belote[loser]}
        made = winner == taker
    elif total[taker] > total[opp]:
        made, score = True, dict(total)
    elif total[taker] < total[opp]:
        made = False
        score = {opp: HAND_TOTAL + belote[opp], taker: belote[taker]}
    else:
        made, score = None, dict(total)
    return Belote2Result(
        taker=taker,
        points={"N": points["N"], "S": points["S"]},
        belote={"N": belote["N"], "S": belote["S"]},
        score={"N": score["N"], "S": score["S"]},
        made=made,
        capot=capot,
    )


# --- the hand -----------------------------------------------------------------------------------
class Belote2Hand(BeloteHand):
    """One hand of two-player Belote, from the deal to the score.

    The public surface is that of :class:`~belote_lab.games.belote.BeloteHand` (``phase``,
    ``current_player``, ``call``/``verify_call``/``can_call``/``legal_calls``, ``play``,
    ``undo``, ``copy``, ``==``, ``seat_view``, ``to_json``/``from_json``, ``result``),
    whose taking, undo, copy and record machinery it reuses.  Besides, ``stock`` holds the
    14 stock cards (top first), ``drawn`` how many of them are drawn, ``redeals`` the
    consecutive redeals before this deal, ``taker`` the contractor's seat index.

    >>> h = Belote2Hand.from_hands(
    ...     {"N": "JH 9H AH TH KH QH 8H 7H AS", "S": "TS KS QS JS 9S 8S 7S AD TD"},
    ...     "KD QD JD 9D 8D 7D AC TC KC QC JC 9C 8C 7C", "H", taker="N", first_leader="S")
    >>> h.play("7S"); h.play("AS")                    # N wins and draws KD, S draws QD
    >>> SEATS[h.to_play], [e.detail for e in h.events if e.kind == "draw"]
    ('N', ['KD', 'QD'])
    >>> h.undo(); h.undo(); len(h.stock_left)
    14
    """

    game = "belote2"
    seat_order = SEATS2
    tricks_per_hand = TRICKS

    rules: Belote2Rules  # type: ignore[assignment]
    result: Belote2Result | None  # type: ignore[assignment]

    def __init__(
        self,
        rules: Belote2Rules | None = None,
        dealer: int | str = 0,
        seed: int | None = None,
        deck: list[Card] | list[str] | None = None,
        redeals: int = 0,
    ) -> None:
        self.rules = rules or Belote2Rules()
        self.dealer = two_player_seat(dealer)
        cards = shuffled_deck(seed, deck)
        self.deck: tuple[Card, ...] = tuple(cards)
        self.seed = seed
        self.reserve = 0
        self._init_play_fields()
        nd = _other(self.dealer)
        self.hands[nd] = cards_mask(cards[0:6])
        self.hands[self.dealer] = cards_mask(cards[6:12])
        self.turned: Card | None = cards[12]
        self.stock: tuple[Card, ...] = tuple(cards[18:])
        self.taking: Taking | None = new_taking(self.dealer, cards[12], redeals, self.rules)
        self.redeals = redeals
        self._setup_common()
        self.to_play = nd  # the first to speak

    def _setup_common(self) -> None:
        super()._setup_common()
        self.drawn = 0  # stock cards drawn so far
        self.kq_played = 0  # trump K and Q played so far (by anyone)

    @classmethod
    def from_hands(  # type: ignore[override]
        cls,
        hands: Mapping[str, Any],
        stock: list[Card] | list[str] | str,
        trump: Contract | str,
        taker: int | str,
        first_leader: int | str,
        rules: Belote2Rules | None = None,
    ) -> Belote2Hand:
        """A hand that starts at the first card: 9 cards each, the 14-card stock (top first).

        The first leader is the non-dealer, so the other seat is the dealer.

        >>> h = Belote2Hand.from_hands({"N": "JH 9H AH TH KH QH 8H 7H AS",
        ...     "S": "TS KS QS JS 9S 8S 7S AD TD"},
        ...     "KD QD JD 9D 8D 7D AC TC KC QC JC 9C 8C 7C", "H", "N", "S")
        >>> SEATS[h.dealer], SEATS[h.to_play], h.legal_cards().text()
        ('N', 'S', 'KS QS JS TS 9S 8S 7S AD TD')
        """
        self = cls.__new__(cls)
        self.rules = rules or Belote2Rules()
        self.reserve = 0
        self.deck = ()
        self.seed = None
        self.redeals = 0
        self._init_play_fields()
        if not isinstance(hands, Mapping) or sorted(hands) != ["N", "S"]:
            raise ValueError("two-player hands need exactly the seats 'N' and 'S'")
        seen = 0
        for seat, cards in hands.items():
            s = two_player_seat(seat)
            m = cards_mask(parse_cards(cards))
            if m.bit_count() != HAND_SIZE:
                raise ValueError(f"{SEATS[s]} must hold {HAND_SIZE} cards, not {m.bit_count()}")
            if m & seen:
                twice = mask_cards(m & seen)[0].text
                raise CardParseError(twice, message=f"card {twice!r} is dealt twice")
            seen |= m
            self.hands[s] = m
        st = parse_cards(stock)
        if len(st) != STOCK_SIZE:
            raise ValueError(f"the stock must have {STOCK_SIZE} cards, not {len(st)}")
        if cards_mask(st) & seen:
            twice = mask_cards(cards_mask(st) & seen)[0].text
            raise CardParseError(twice, message=f"card {twice!r} is both dealt and in the stock")
        seen |= cards_mask(st)
        if seen != BELOTE_MASK:
            raise CardParseError(mask_cards(seen & ~BELOTE_MASK)[0].text, "Belote card")
        contract = get_game("belote2").contract(trump)
        self.stock = tuple(st)
        leader = two_player_seat(first_leader)
        self.dealer = _other(leader)
        self.turned = None
        self.taking = None
        self._setup_common()
        self._begin_play(two_player_seat(taker), contract, leader)
        return self

    # --- taking and the completed deal -------------------------------------------------------
    @property
    def attack(self) -> int:
        """The contractor's seat index (each player is a side of its own), -1 before."""
        return self.taker

    def _first_leader(self) -> int:
        return _other(self.dealer)

    def _complete_deal(self, taker: int) -> None:
        assert self.turned is not None
        rest = list(self.deck[13:18])
        self.hands[taker] |= 1 << self.turned
        for seat in (_other(self.dealer), self.dealer):
            n = 2 if seat == taker else 3
            self.hands[seat] |= cards_mask(rest[:n])
            del rest[:n]

    def _begin_play(self, taker: int, contract: Contract, leader: int) -> None:
        self.taker = taker
        self.original = list(self.hands)
        self.belote_seat = -1
        self.belote_played = 0
        self.kq_played = 0
        self._start_play(contract, BELOTE2_FREE, leader)

    # --- play hooks ---------------------------------------------------------------------------
    @property
    def stock_left(self) -> tuple[Card, ...]:
        """The cards still in the stock, top first (hidden from the players)."""
        return self.stock[self.drawn :] if self.contract is not None else self.stock

    def _unseen_extra(self, seat: int) -> int:
        m = 0
        for c in self.stock_left:
            m |= 1 << c
        return m

    def _place_unseen(self, seat: int, cards: list[Card]) -> None:
        # the stock still to draw gets the last hidden cards; of the cards drawn so far only
        # the seat's own are known: the other draws show the placeholder Card 0 (no card of
        # the Belote deck), as the ``draw`` events show no card
        if self.contract is None:
            self.stock = tuple(cards)
            return
        other = _other(seat)
        own = [self.stock[i] for i in range(self.drawn)]
        k = 0
        for trick in self.tricks:
            if k >= self.drawn:
                break
            for drawer in (trick.winner, _other(trick.winner)):
                if drawer == other:
                    own[k] = Card(0)
                k += 1
        self.stock = tuple(own) + tuple(cards)
        self.events = [
            Event(e.kind, e.seat, e.trick, e.points, "") if e.kind == "draw" and e.seat == other
            else e
            for e in self.events
        ]

    def follow_for_trick(self) -> FollowRules:
        return BELOTE2_FREE if self.drawn < len(self.stock) else BELOTE2_STRICT

    def partner_pos(self) -> int:
        return -1

    def _on_card(self, seat: int, card: Card) -> None:
        assert self.contract is not None and self.contract.trump is not None
        t = self.contract.trump
        if card >> 4 != t or (card & 15) not in (Rank.KING, Rank.QUEEN):
            return
        self.kq_played += 1
        n = len(self.tricks) + 1
        if self.kq_played == 1:
            other = 16 * t + (Rank.QUEEN if card & 15 == Rank.KING else Rank.KING)
            if self.hands[seat] >> other & 1:  # K and Q held together now
                self.belote_seat = seat
                self.belote_played = 1
                self.events.append(Event("belote", seat, n))
        elif seat == self.belote_seat:
            self.belote_played = 2
            self.events.append(Event("rebelote", seat, n, BELOTE_POINTS))

    def _on_trick(self, trick: Trick) -> None:
        if self.drawn >= len(self.stock):
            return
        n = len(self.tricks)
        for seat in (trick.winner, _other(trick.winner)):
            c = self.stock[self.drawn]
            self.hands[seat] |= 1 << c
            self.drawn += 1
            self.events.append(Event("draw", seat, n, 0, c.text))

    def _on_hand_end(self) -> None:
        bel = {"N": 0, "S": 0}
        if self.belote_seat >= 0 and self.belote_played == 2:
            bel[SEATS[self.belote_seat]] = BELOTE_POINTS
        pts = {"N": self.won_points[0], "S": self.won_points[2]}
        tr = {"N": self.won_tricks[0], "S": self.won_tricks[2]}
        self.result = score_belote2(pts, tr, bel, SEATS[self.taker])
        last = self.tricks[-1].winner
        if self.result.capot:
            self.events.append(Event("capot", last, TRICKS, CAPOT_SCORE, self.result.capot))
        elif self.result.made is None:
            self.events.append(Event("litige", self.taker, TRICKS))

    def _save_extra(self) -> tuple[Any, ...]:
        return (*super()._save_extra(), self.drawn, self.kq_played)

    def _load_extra(self, s: tuple[Any, ...]) -> None:
        super()._load_extra(s[:-2])
        self.drawn, self.kq_played = s[-2:]

    # --- values ---------------------------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        return (*super()._key(), self.stock, self.redeals)

    def seat_view(self, seat: int | str) -> dict[str, Any]:
        """What ``seat`` may see: its own cards, the turned card, the calls, the played
        cards, the cards it drew (not the opponent's), the public announcements and how
        many cards are left in the stock.

        >>> h = Belote2Hand(seed=4, dealer="S"); h.call("take")
        >>> v = h.seat_view("S")
        >>> len(v["hand"]), v["stock"], v["taker"], v["turned"]
        (9, 14, 'N', 'JC')
        """
        s = two_player_seat(seat)
        view = super().seat_view(s)
        view["stock"] = len(self.stock_left)
        view["redeals"] = self.redeals
        view["drawn"] = [e.detail for e in self.events if e.kind == "draw" and e.seat == s]
        events = []
        for e in self.events:
            d = e.to_json()
            if e.kind == "draw" and e.seat != s:
                d.pop("detail", None)
            events.append(d)
        view["events"] = events
        return view

    def _record_start(self) -> dict[str, Any]:
        if self.deck:
            return {"deck": [c.text for c in self.deck], "redeals": self.redeals}
        start = {
            "hands": {SEATS[s]: [c.text for c in CardSet(self.original[s])] for s in SEATS2},
            "stock": [c.text for c in self.stock],
            "contract": self.contract.code if self.contract else None,
            "taker": SEATS[self.taker],
            "first_leader": SEATS[self._first_leader()],
        }
        return {"start": start}

    _RECORD_KEYS: tuple[str, ...] = ("redeals",)
    """The keys of a two-player hand record besides those of every game."""

    @classmethod
    def _from_record_start(cls, data: dict[str, Any], rules: Any) -> Belote2Hand:
        from belote_lab.games.record import (
            NEEDS_DECK,
            NEEDS_DECK_KO,
            RecordError,
            cards_field,
            check_keys,
            hands_field,
            int_field,
            need_keys,
            seat_field,
            str_field,
        )

        dealer = seat_field(data.get("dealer", "N"), "dealer", SEATS2)
        if "deck" in data:
            deck = cls._record_deck(data)
            redeals = int_field(data, "redeals", "redeals", low=0, default=0)
            return cls(rules, dealer=dealer, deck=deck, redeals=redeals)
        if "redeals" in data:
            raise RecordError(
                words.text("belote2.record_no_redeals"), field="redeals",
                ko=words.text("belote2.record_no_redeals", "ko"),
            )
        st = data.get("start")
        if not isinstance(st, dict):
            raise RecordError(NEEDS_DECK, field="start", ko=NEEDS_DECK_KO)
        keys = ("hands", "stock", "contract", "taker", "first_leader")
        check_keys(st, keys, "start")
        need_keys(st, keys, "start")
        named = "32-card deck"
        hands = hands_field(st["hands"], "start.hands", SEATS2, HAND_SIZE, BELOTE_MASK, named)
        stock = cards_field(st["stock"], "start.stock", STOCK_SIZE, BELOTE_MASK, named)
        both = cards_mask(stock) & cards_mask([c for cs in hands.values() for c in cs])
        if both:
            twice = mask_cards(both)[0]
            raise RecordError(
                words.text("belote2.record_stock_twice", card=repr(twice.text)),
                field="start.stock",
                ko=words.text("belote2.record_stock_twice", "ko", card=twice),
            )
        contract = str_field(st, "contract", "start.contract")
        taker = seat_field(st["taker"], "start.taker", SEATS2)
        first = seat_field(st["first_leader"], "start.first_leader", SEATS2)
        h = cls.from_hands(hands, stock, contract, taker, first, rules)
        if "dealer" in data and dealer != h.dealer:
            # the English says the rule, the Korean also names the seats: a key each
            ko = words.text(
                "belote2.record_dealer_of", "ko", lead=seat_word(first), dealer=seat_word(h.dealer)
            )
            raise RecordError(words.text("belote2.record_dealer_leads"), field="dealer", ko=ko)
        return h

    def __repr__(self) -> str:
        c = self.contract.code if self.contract else "-"
        return (
            f"<Belote2Hand dealer={SEATS[self.dealer]} phase={self.phase} contract={c} "
            f"trick={self.trick_number} stock={len(self.stock_left)}>"
        )



# --- the match ----------------------------------------------------------------------------------
class Belote2Match(CountingGame):
    """A match: two hands (``rules.hands_per_match``), the deal alternating; a redeal is
    dealt again by the same dealer and does not count.  The higher total wins.

    Undo: a hand counted by :meth:`next_hand` (the last one too, once the match is over)
    refuses its own ``undo()``; the match's :meth:`undo` takes the counting back exactly —
    see :class:`~belote_lab.games.base.CountingGame`.  Once a run counts the match, its undo
    is refused.

    >>> from belote_lab.players import RandomPlayer
    >>> m = Belote2Match(seed=1)
    >>> m.play_out({0: RandomPlayer(seed=1), 2: RandomPlayer(seed=2)})
    >>> m.is_over, m.played, [SEATS[h.dealer] for h in m.hands if h.phase == "done"]
    (True, 2, ['N', 'S'])
    >>> m.margin == abs(m.totals["N"] - m.totals["S"])
    True
    """

    hand_class: type[Belote2Hand] = Belote2Hand
    _COUNTED_STATE = ("totals", "played", "_over")

    def __init__(
        self, rules: Belote2Rules | None = None, seed: int | None = None, dealer: int | str = 0
    ) -> None:
        self._init_counting()
        self.rules = rules or Belote2Rules()
        if self.rules.hands_per_match < 1:
            raise ValueError("hands_per_match must be at least 1")
        self.seed = drawn_seed(seed)
        self._rng = random.Random(self.seed)
        self.totals: dict[str, int] = {"N": 0, "S": 0}
        self.hands: list[Belote2Hand] = []  # finished hands, redeals included
        self.played = 0  # hands played to the end (redeals not counted)
        self._over = False
        self.hand = self._new_hand(two_player_seat(dealer), 0)

    def _new_hand(self, dealer: int, redeals: int) -> Belote2Hand:
        return self.hand_class(
            self.rules, dealer=dealer, seed=self._rng.getrandbits(32), redeals=redeals
        )

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winner(self) -> str | None:
        """``N`` or ``S`` once the match is over with a higher total, else ``None``."""
        if not self._over or self.totals["N"] == self.totals["S"]:
            return None
        return "N" if self.totals["N"] > self.totals["S"] else "S"

    @property
    def is_draw(self) -> bool:
        return self._over and self.totals["N"] == self.totals["S"]

    @property
    def margin(self) -> int:
        """The difference between the two totals."""
        return abs(self.totals["N"] - self.totals["S"])

    def next_hand(self) -> Belote2Hand:
        """Record the finished hand and deal the next one (unless the match is over)."""
        h = self._take_finished("match")
        if h.phase == "done":
            assert h.result is not None
            for k in self.totals:
                self.totals[k] += h.result.score[k]
            self.played += 1
            if self.played >= self.rules.hands_per_match:
                self._over = True
                return h
            self.hand = self._new_hand(_other(h.dealer), 0)
        else:
            self.hand = self._new_hand(h.dealer, h.redeals + 1)
        return self.hand

    @classmethod
    def _from_hands(cls, rules: Any, seed: int | None, hands: list[Any]) -> Belote2Match:
        from belote_lab.games.record import RecordError

        match, match_ko = words.text("game.what_match"), words.text("game.what_match", "ko")
        if not hands:
            raise RecordError(
                words.text("game.record_no_hands", what=match),
                ko=words.text("game.record_no_hands", "ko", what=match_ko),
            )
        g = cls(rules, seed, dealer=hands[0].dealer)
        g.seed = seed  # None in an old record: the deals to come are then random
        for k, h in enumerate(hands, start=1):
            if h.rules != g.rules:
                raise RecordError(
                    at_hand(k, words.text("game.record_rules_differ", what=match)),
                    ko=words.text("game.record_rules_differ", "ko", what=match_ko),
                    where_ko=(hand_place(k, "ko"),),
                )
        if hands[0].redeals != 0:
            raise RecordError(
                at_hand(1, words.text("belote2.record_first_redeal")),
                ko=words.text("belote2.record_first_redeal", "ko"), where_ko=(hand_place(1, "ko"),),
            )
        g.hand = hands[0]
        for k, h in enumerate(hands[1:], start=2):
            g.next_hand()
            if g._over:
                raise RecordError(
                    at_hand(k, words.text("game.record_after_end", what=match)),
                    ko=words.text("game.record_after_end", "ko", what=match_ko),
                    where_ko=(hand_place(k, "ko"),),
                )
            if (h.dealer, h.redeals) != (g.hand.dealer, g.hand.redeals):
                ko = words.text(
                    "belote2.record_dealer", "ko", got=seat_word(h.dealer), n=h.redeals,
                    want=seat_word(g.hand.dealer), m=g.hand.redeals,
                )
                raise RecordError(
                    at_hand(k, words.text(
                        "belote2.record_dealer", got=SEATS[h.dealer], n=h.redeals,
                        want=SEATS[g.hand.dealer], m=g.hand.redeals,
                    )),
                    ko=ko, where_ko=(hand_place(k, "ko"),),
                )
            g.hand = h
        # a finished last hand stays the current hand, not yet counted (as before
        # next_hand()); game_from_json counts it when the recorded totals include it
        return g

    def __repr__(self) -> str:
        return (
            f"<Belote2Match hands={self.played}/{self.rules.hands_per_match} "
            f"N={self.totals['N']} S={self.totals['S']}{' over' if self._over else ''}>"
        )


# --- the run's score (the run itself: belote_lab.play.ladder.Belote2Run)
# ----------------------------
def run_score(wins: int, margins: list[int] | tuple[int, ...]) -> int:
    """Consecutive match wins × 10,000 + the sum of the winning margins, capped at 9,999.

    >>> run_score(2, [120, 45])
    20165
    >>> run_score(3, [5000, 4000, 3000])
    39999
    """
    return wins * WIN_VALUE + min(sum(margins), MARGIN_CAP)


HAND_CLASS = Belote2Hand
GAME_CLASS = Belote2Match


def outcome(state: Any, seat: int, value: int, left: int, tricks_left: int,
            hands: list[int]) -> Belote2Result:
    """Two-player Belote's result of the hand when ``seat`` takes ``value`` of the ``left``
    points still to win (see :class:`Game`.outcome)."""
    other = _other(seat)
    pts, tricks = margin_totals(state, (seat,), value, left, tricks_left)
    holder = belote_holder_now(state, hands)
    me, him = SEATS[seat], SEATS[other]
    bel = {me: 0, him: 0}
    if holder >= 0:
        bel[SEATS[holder]] = 20
    return score_belote2({me: pts[0], him: pts[1]}, {me: tricks[0], him: tricks[1]}, bel,
                         SEATS[state.taker])


def margin(state: Any, seat: int, value: int, left: int, tricks_left: int,
           hands: list[int]) -> float:
    """Two-player Belote's score margin for ``seat`` (see :class:`Game`.margin)."""
    r = outcome(state, seat, value, left, tricks_left, hands)
    return float(r.score[SEATS[seat]] - r.score[SEATS[_other(seat)]])


def follow_for(rules: Any, stock_left: int = 0) -> FollowRules:
    """Free play while the stock lasts (seed 001), then the strict rules."""
    return BELOTE2_FREE if stock_left > 0 else BELOTE2_STRICT


GAME = Game(
    name="belote2",
    title=words.text("names.game_belote2", "en"),
    title_ko=words.text("names.game_belote2", "ko"),
    seats=SEATS2,
    partnership=False,
    deck_mask=BELOTE_MASK,
    hand_size=HAND_SIZE,
    tricks=TRICKS,
    counts="points",
    total=HAND_TOTAL,
    contracts=frozenset({ContractKind.SUIT}),
    contracts_text="a trump suit (S H D C)",
    follow=follow_for,
    margin=margin,
    outcome=outcome,
    module=__name__,
    batch="belote2",
    has_stock=True,
    bidding="taking",
    rules_class=Belote2Rules,
    hand_class=Belote2Hand,
    match_class=Belote2Match,
    ladder="belote_lab.play.ladder:Belote2Run",
)
