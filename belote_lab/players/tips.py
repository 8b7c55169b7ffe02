"""Players that follow a strategy tip of the seeds and players that do not, and the
duplicate-deal comparison that measures the difference.

Each "not following" player is the level-2 player of its game with **one** behaviour switched
(the level-2 players already follow the tips), so a comparison measures that behaviour alone:

=============================  ===========================================================
player                         what it does differently from level 2
=============================  ===========================================================
:class:`BeloteOnlyTaker`       also takes (or names a suit) on the K+Q of trump alone
:class:`NoTrumpPull`           as an attacker, never leads trumps while it has a plain card
:class:`SpendsLastTrump`       as the taker, leads its last master trump before the end
:class:`NoShortSuitLead`       as a defender, never leads the suit the next opponent lacks
:class:`Signaller`             *follows* a tip level 2 lacks: discards a low card of a suit
                               whose ace it holds, and leads the suit its partner signalled
:class:`SixCardJudge`          two players: judges the taking on its 6 cards, without the
                               turned card (round 1 threshold one lower: 3.5)
:class:`NoSideAceCount`        two players: side aces add nothing to its taking strength
:class:`NoHiddenTwenty`        two players: the trump K+Q add nothing to its taking strength
:class:`LeadsHighEarly`        two players: leads its strongest plain card while the stock lasts
:class:`NoCheapCapture`        two players: never wins a led 10 or ace while the stock lasts
:class:`SpendsHonoursEarly`    two players: values its trump J and 9 only by their points
                               while the stock lasts
:class:`FightsForEveryTrick`   two players: wins every trick it can while the stock lasts
:class:`MiddleTrumpLeader`     *follows* a tip level 2 lacks (two players): in the strict
                               tricks leads a middle trump to draw the opponent's big one
:class:`NoLastWinnerKept`      two players: no bonus for keeping its only sure winner for
                               the last trick
:class:`Round2Eager`           two players: names a suit in round 2 from a strength of 3.5
:class:`OffsetCaller`          Callbreak: calls its estimate plus an offset (−1: calls low)
:class:`HighCardCaller`        Callbreak: counts every ace, king and queen as a sure trick
:class:`WastesBigSpade`        Callbreak: on a trick that holds a spade, plays its highest
                               legal spade
:class:`LongSuitDiscard`       Callbreak: discards and leads from its longest side suit, not
                               its shortest (no voids made on purpose)
:class:`NoSpadeCount`          Callbreak: forgets the spades of the finished tricks
:class:`LeadsIntoVoids`        Callbreak: from trick 8 on, leads a suit another player lacks
                               whenever it can
=============================  ===========================================================

Every docstring quotes the seed's words.  :mod:`belote_lab.studies.tipstudy` measures each of them
against level 2 on thousands of duplicate deals.

Two more players set up experiments rather than tips: :class:`EagerTaker` (the first player
to speak always takes the turned suit, so takers' holdings are as dealt) and
:class:`ContractNamer` (everybody passes round 1 and the first to speak in round 2 names a
given contract: ``NT``, ``AT`` or a suit).  Both play their cards like level 2.

:func:`belote_lab.simulation.comparison.compare` plays them against each other on duplicate deals.
"""

from __future__ import annotations

from typing import Any

from belote_lab.cards import SEATS, SUIT_MASK, Card, Rank, Suit, mask_cards, mask_of
from belote_lab.contract import Contract, Tables
from belote_lab.games.base import TrickPlay
from belote_lab.players.belote import BelotePlayer2
from belote_lab.players.belote2 import Belote2Player2, taking_strength
from belote_lab.players.callbreak import CallbreakPlayer2, estimate_tricks
from belote_lab.players.heuristics import SeatKnowledge, choose_card, is_master, lead_card

__all__ = [
    "BeloteOnlyTaker",
    "NoTrumpPull",
    "SpendsLastTrump",
    "NoShortSuitLead",
    "Signaller",
    "SixCardJudge",
    "NoSideAceCount",
    "NoHiddenTwenty",
    "LeadsHighEarly",
    "NoCheapCapture",
    "SpendsHonoursEarly",
    "FightsForEveryTrick",
    "MiddleTrumpLeader",
    "NoLastWinnerKept",
    "Round2Eager",
    "OffsetCaller",
    "HighCardCaller",
    "WastesBigSpade",
    "LongSuitDiscard",
    "NoSpadeCount",
    "LeadsIntoVoids",
    "EagerTaker",
    "ContractNamer",
]


def _has_kq(hand: int, suit: int) -> bool:
    kq = (1 << (16 * suit + Rank.KING)) | (1 << (16 * suit + Rank.QUEEN))
    return hand & kq == kq


# --- four-player Belote ---------------------------------------------------------------------------
class BeloteOnlyTaker(BelotePlayer2):
    """Level 2, but the K+Q of trump (the belote) alone is enough to take or name a suit.

    Seeds 000/004: "the 20 points of the belote do little to win tricks: taking on them alone
    can hand the opponents 182 points."
    """

    def choose_call(self, state: TrickPlay) -> str:
        call = super().choose_call(state)
        if call != "pass":
            return call
        legal = state.legal_calls()
        view = state.seat_view(state.current_player)
        hand = mask_of(view["hand"])
        if "take" in legal:
            turned = Card.parse(view["turned"])
            return "take" if _has_kq(hand | 1 << turned, turned >> 4) else "pass"
        for call in legal:
            if call in ("S", "H", "D", "C") and _has_kq(hand, "SHDC".index(call)):
                return call
        return "pass"


class NoTrumpPull(BelotePlayer2):
    """Level 2, but an attacker leading a trick never starts with a trump while it holds a
    plain card (seeds: "attack with your strongest trump to draw the opponents' trumps")."""

    def choose_card(self, state: TrickPlay) -> Card:
        s = SeatKnowledge.from_state(state)
        plain = s.legal & ~s.trump_mask
        if not s.trick and s.attacking and plain and s.legal & s.trump_mask:
            s.legal = plain
            return lead_card(s)
        return choose_card(s)  # what level 2 plays (BelotePlayer2.choose_card)


class SpendsLastTrump(BelotePlayer2):
    """Level 2, but the taker also leads its last trump when it is the master, instead of
    keeping it for the last trick (seeds: "keep one trump for the 10 of the last trick")."""

    def choose_card(self, state: TrickPlay) -> Card:
        s = SeatKnowledge.from_state(state)
        trumps = mask_cards(s.legal & s.trump_mask)
        plain = s.legal & ~s.trump_mask
        ts = s.tables.trump_suit
        opps = ((s.seat + 1) % 4, (s.seat + 3) % 4)
        if (
            not s.trick
            and s.seat == s.taker
            and len(trumps) == 1
            and plain
            and s.tricks_left > 1
            and ts >= 0
            and any(s.may_hold(o, ts) for o in opps)
            and is_master(s, trumps[0])
        ):
            return trumps[0]
        return choose_card(s)  # what level 2 plays (BelotePlayer2.choose_card)


class NoShortSuitLead(BelotePlayer2):
    """Level 2, but a defender never leads a suit that the next opponent is known to lack
    (seeds: "lead a suit the next player lacks, so that it must spend a trump")."""

    def choose_card(self, state: TrickPlay) -> Card:
        s = SeatKnowledge.from_state(state)
        ts = s.tables.trump_suit
        if not s.trick and not s.attacking and ts >= 0:
            nxt = (s.seat + 1) % 4
            short = 0
            for suit in range(4):
                if suit != ts and s.voids[nxt] >> suit & 1:
                    short |= SUIT_MASK[suit]
            if short and s.legal & short and s.legal & ~short:
                s.legal &= ~short
                return lead_card(s)
        return choose_card(s)  # what level 2 plays (BelotePlayer2.choose_card)


class Signaller(BelotePlayer2):
    """Level 2 plus the signalling agreement of seeds 000/004, played by both partners: "팀에
    상관없이, 선과 일치하는 짝패가 없을 때 다른 짝패의 A를 가지고 있다면 그 짝패의 물카를
    버리는 등의 의사소통을 사전에 정하고 플레이 하는 것도 좋은 전략이다." (whatever your team,
    agreeing beforehand to discard a low card of a suit whose ace you hold is a good
    strategy).

    * **Signal.** Discarding — no card of the led suit and not obliged to trump (a plain card
      of another suit is legal) — it throws the lowest card of a plain suit whose ace it
      holds, when it holds a lower card there (of several such suits, the cheapest card).
    * **Read.** Where level 2 would lead a plain card, it leads its lowest card of the suit
      its partner signalled (:func:`partner_signal`: the partner's first discard of a plain
      card) while that suit's ace has not been played.

    Otherwise it plays like level 2 (the calls too).

    >>> class View:  # E cannot follow spades and holds AD 8D: it signals diamonds
    ...     current_player = 1
    ...     def seat_view(self, seat):
    ...         return {"seat": "E", "hand": ["AD", "8D", "7C", "9C"], "contract": "H",
    ...                 "taker": "S", "leader": "N", "trick": ["KS"], "tricks": []}
    ...     def legal_mask(self):
    ...         return mask_of(["AD", "8D", "7C", "9C"])
    >>> Signaller().choose_card(View()), BelotePlayer2().choose_card(View())
    (Card('8D'), Card('7C'))
    """

    def choose_card(self, state: TrickPlay) -> Card:
        view = state.seat_view(state.current_player)
        s = SeatKnowledge.from_view(view, state.legal_mask())
        if s.trick:
            if not s.hand & SUIT_MASK[s.trick[0] >> 4]:
                card = _signal_card(s)
                if card is not None:
                    return card
            return choose_card(s)  # what level 2 plays (BelotePlayer2.choose_card)
        card = choose_card(s)
        suit = partner_signal(view)
        if suit is None or s.is_trump(card):
            return card
        ace = 16 * suit + Rank.ACE
        mine = s.legal & SUIT_MASK[suit]
        if mine and not (s.played | s.hand) >> ace & 1:
            return min(mask_cards(mine), key=lambda c: s.tables.power[c])
        return card


def _signal_card(s: SeatKnowledge) -> Card | None:
    """The signal of a seat that is discarding: its lowest card of a plain suit whose ace it
    holds, the cheapest of several; ``None`` without one (or when it must trump)."""
    t = s.tables
    best: tuple[tuple[int, int, int], Card] | None = None
    for suit in range(4):
        ace = 16 * suit + Rank.ACE
        if t.trump_mask >> ace & 1 or not s.hand >> ace & 1:
            continue
        low = s.legal & SUIT_MASK[suit] & ~(1 << ace)
        if not low:
            continue
        c = min(mask_cards(low), key=lambda c: t.power[c])
        key = (t.points[c], t.power[c], suit)
        if best is None or key < best[0]:
            best = (key, c)
    return None if best is None else best[1]


def partner_signal(view: dict[str, Any]) -> int | None:
    """The suit (0–3, ``S H D C``) that the partner of ``view``'s seat signalled: that of its
    first plain card played to a trick of another suit (the finished tricks, then the
    current one), else ``None``.

    >>> partner_signal({"seat": "N", "contract": "H", "leader": "N", "trick": [],
    ...     "tricks": [{"leader": "E", "cards": ["AS", "7D", "KS", "QS"]},
    ...                {"leader": "E", "cards": ["AC", "8C", "7H", "9C"]}]})
    2
    """
    partner = (SEATS.index(view["seat"]) + 2) % 4
    trumps = Contract.parse(view["contract"]).tables.trump_mask
    done = [(t["leader"], t["cards"]) for t in view["tricks"]]
    for leader, texts in [*done, (view["leader"], view["trick"])]:
        cards = [Card.parse(c) for c in texts]
        first = SEATS.index(leader)
        for i, c in enumerate(cards[1:], 1):
            if (first + i) % 4 == partner and c >> 4 != cards[0] >> 4 and not trumps >> c & 1:
                return c >> 4
    return None


class EagerTaker(BelotePlayer2):
    """Takes the turned suit whenever it may (so the first player to speak always takes);
    plays like level 2.  An experiment, not a tip: takers' holdings are as dealt."""

    def choose_call(self, state: TrickPlay) -> str:
        legal = state.legal_calls()
        return "take" if "take" in legal else super().choose_call(state)


class ContractNamer(BelotePlayer2):
    """Passes round 1; in round 2 names ``contract`` (``NT``, ``AT`` or a suit other than the
    turned one; the first player to speak names it).  Plays like level 2.  Needs rules that
    allow the contract (``allow_no_trump``/``allow_all_trump``)."""

    def __init__(self, contract: str = "NT") -> None:
        super().__init__()
        self.contract = contract

    def choose_call(self, state: TrickPlay) -> str:
        legal = state.legal_calls()
        if "take" in legal:
            return "pass" if "pass" in legal else "take"
        if self.contract in legal:
            return self.contract
        named = [c for c in legal if c != "pass"]
        return named[0] if named else "pass"


# --- two-player Belote ----------------------------------------------------------------------------
class SpendsHonoursEarly(Belote2Player2):
    """Level 2, but while the stock lasts the trump J and 9 are worth keeping only for their
    points (seed 001: "keep the trump J and 9 for the last 9 tricks")."""

    def _free_keep(self, c: Card, t: Any, played: int) -> float:
        if t.trump_mask >> c & 1 and c.rank in (Rank.JACK, Rank.NINE):
            return float(t.points[c])
        return super()._free_keep(c, t, played)


class LeadsHighEarly(Belote2Player2):
    """Level 2, but while the stock lasts it leads its strongest **plain** card (most points,
    then highest: its aces and 10s first) instead of a low plain card (seed 001: "먼저 낸 A나
    10은 작은 으뜸패 한 장에 잡힐 수 있습니다. 초반에는 낮은 일반 카드로 시작하고").  Its trumps
    are left to level 2's judgement, so the comparison is about the plain lead alone (leading
    the trump J early is another tip, :class:`SpendsHonoursEarly`)."""

    def choose_card(self, state: TrickPlay) -> Card:
        view = state.seat_view(state.current_player)
        legal = mask_cards(state.legal_mask())
        if view["stock"] > 0 and not view["trick"] and len(legal) > 1:
            t = state.contract.tables
            plain = [c for c in legal if not t.trump_mask >> c & 1]
            if plain:
                return max(plain, key=lambda c: (t.points[c], t.power[c], -c))
        return super().choose_card(state)


class SixCardJudge(Belote2Player2):
    """Level 2, but it judges the taking on its 6 cards only, as if the turned card were not
    its own (seed 001: "경매는 6장이 아니라 7장으로 판단하세요. 계약자는 2라운드에서 다른
    무늬를 골라도 항상 뒤집힌 카드를 가져갑니다.").

    In round 1 the turned card is a trump, worth at least 1 to :func:`taking_strength`, so
    the threshold for taking is one lower (``take=3.5`` against level 2's 4.5); in round 2
    it is a side card (worth 1 when an ace) and the threshold stays at 5.  What is left is
    the difference the tip is about: the turned card's rank (J, 9, K or Q of trump; a side
    ace) is not counted.

    >>> from belote_lab.cards import parse_cards
    >>> hand = parse_cards("8H 7H AS KD 8C 7C")
    >>> Belote2Player2()._strength(hand, Card.parse("JH"), Suit.H)   # J + 2 trumps + A
    6.0
    >>> SixCardJudge()._strength(hand, Card.parse("JH"), Suit.H)     # the J not counted
    3.0
    """

    def __init__(self, seed: int | None = None, take: float = 3.5, name: float = 5.0) -> None:
        super().__init__(seed, take, name)

    def _strength(self, hand: list[Card], turned: Card, trump: int) -> float:
        return taking_strength(hand, trump)


class NoSideAceCount(Belote2Player2):
    """Level 2, but side aces add nothing to its taking strength (seed 001: "다른 무늬의 A는
    작은 으뜸패만큼 값어치가 있습니다. 그 11점은 수비 쪽이 되찾기 어렵기 때문입니다.").
    Same thresholds as level 2.

    >>> from belote_lab.cards import parse_cards
    >>> hand = parse_cards("JH 8H AS AD 8C 7C")
    >>> Belote2Player2()._strength(hand, Card.parse("7H"), Suit.H)
    7.0
    >>> NoSideAceCount()._strength(hand, Card.parse("7H"), Suit.H)
    5.0
    """

    def _strength(self, hand: list[Card], turned: Card, trump: int) -> float:
        cards = [*hand, turned]
        aces = sum(1 for c in cards if c.suit != trump and c.rank == Rank.ACE)
        return taking_strength(cards, trump) - aces


class NoHiddenTwenty(Belote2Player2):
    """Level 2, but the K and Q of trump together add nothing to its taking strength (seed
    001: "고른 무늬의 K와 Q는 숨은 20점이라, 애매할 때는 가져가는 쪽으로 기울게 해 줍니다.").
    Same thresholds as level 2.

    >>> from belote_lab.cards import parse_cards
    >>> hand = parse_cards("9H KH QH AS 8C 7C")
    >>> Belote2Player2()._strength(hand, Card.parse("7H"), Suit.H)   # 4 trumps, 9, A, K+Q
    7.0
    >>> NoHiddenTwenty()._strength(hand, Card.parse("7H"), Suit.H)
    6.0
    """

    def _strength(self, hand: list[Card], turned: Card, trump: int) -> float:
        cards = [*hand, turned]
        kq = sum(1 for c in cards if c.suit == trump and c.rank in (Rank.KING, Rank.QUEEN))
        return taking_strength(cards, trump) - (1 if kq == 2 else 0)


def _wins(card: Card, led: Card, t: Tables) -> bool:
    """Does ``card``, played second, beat ``led`` (two-player Belote, any card allowed)?"""
    if card >> 4 == led >> 4:
        return bool(t.power[card] > t.power[led])
    return card >> 4 == t.trump_suit


class NoCheapCapture(Belote2Player2):
    """Level 2, but while the stock lasts it never wins a 10 or an ace that the opponent led:
    it plays level 2's best card among those that do not win (seed 001: "상대가 낸 10과 A는
    싼 으뜸패나 같은 무늬의 더 높은 카드로 잡고").  With only winning cards, level 2's."""

    def _free(self, legal: list[Card], trick: list[Card], t: Tables, played: int) -> Card:
        if trick and trick[0].rank in (Rank.TEN, Rank.ACE):
            losing = [c for c in legal if not _wins(c, trick[0], t)]
            if losing:
                return super()._free(losing, trick, t, played)
        return super()._free(legal, trick, t, played)


class FightsForEveryTrick(Belote2Player2):
    """Level 2, but while the stock lasts it wins every trick it can, with level 2's best
    winning card, however few points the trick holds (seed 001: "트릭을 이기면 더미에서 먼저
    뽑지만 맨 위 카드가 무엇인지는 모르니, 점수 없는 트릭에 귀한 카드를 쓸 가치는 거의
    없습니다.")."""

    def _free(self, legal: list[Card], trick: list[Card], t: Tables, played: int) -> Card:
        if trick:
            winning = [c for c in legal if _wins(c, trick[0], t)]
            if winning:
                return super()._free(winning, trick, t, played)
        return super()._free(legal, trick, t, played)


class MiddleTrumpLeader(Belote2Player2):
    """Level 2 plus a tip level 2 does not follow (seed 001: "으뜸패가 나오면 가능할 때 반드시
    이겨야 한다는 점을 이용하세요. 중간 으뜸패를 먼저 내면 큰 으뜸패를 끌어낼 수 있고"):
    in the strict tricks, leading, with a trump that is neither its highest nor its lowest
    while the opponent holds a higher one, it leads that middle trump (the lowest such),
    which the opponent must beat.  Otherwise level 2.

    >>> t = Contract.parse("H").tables
    >>> hand = mask_of("9H TH 7H AS".split())
    >>> opp = mask_of("JH AH 8H KS".split())   # every unseen card is the opponent's
    >>> MiddleTrumpLeader()._strict(mask_cards(hand), [], t, hand, opp, 0)
    Card('TH')
    """

    def _strict(
        self, legal: list[Card], trick: list[Card], t: Tables, hand: int, opp: int, last: int
    ) -> Card:
        if not trick:
            trumps = sorted((c for c in legal if t.trump_mask >> c & 1), key=lambda c: t.power[c])
            middle = [c for c in trumps[1:-1] if opp & t.higher[c]]
            if middle:
                return middle[0]
        return super()._strict(legal, trick, t, hand, opp, last)


class NoLastWinnerKept(Belote2Player2):
    """Level 2, but in the strict tricks its only sure winner is worth no more than any sure
    winner: nothing keeps it for the last trick (seed 001: "마지막 트릭은 10점이니 확실히
    이기는 카드 한 장을 끝까지 남겨 두면 좋습니다.")."""

    last_sure = 0.0


class Round2Eager(Belote2Player2):
    """Level 2, but it names a suit in round 2 from a strength of 3.5 instead of 5 (seed 001:
    "2라운드에서 손이 약하면 패스가 더 싸게 먹히는 경우가 많습니다.")."""

    def __init__(self, seed: int | None = None, take: float = 4.5, name: float = 3.5) -> None:
        super().__init__(seed, take, name)


# --- Callbreak -----------------------------------------------------------------------------------
class OffsetCaller(CallbreakPlayer2):
    """Level 2, but calls its estimate of sure tricks plus ``offset`` (kept within the legal
    calls).  ``offset=-1`` calls low on purpose (seed 003: "an extra trick is worth 0.1 only")."""

    def __init__(self, seed: int | None = None, offset: int = -1) -> None:
        super().__init__(seed)
        self.offset = offset

    def choose_call(self, state: TrickPlay) -> int:
        calls: list[int] = state.legal_calls()
        n = estimate_tricks(state.hands[state.current_player]) + self.offset
        return max(min(n, max(calls)), min(calls))


class HighCardCaller(CallbreakPlayer2):
    """Level 2, but calls one trick for every ace, king and queen it holds (seed 003: a
    beginner's mistake is "counting every high card as a sure trick")."""

    def choose_call(self, state: TrickPlay) -> int:
        calls: list[int] = state.legal_calls()
        hand = state.hands[state.current_player]
        n = sum(hand >> (16 * s + r) & 1 for s in range(4)
                for r in (Rank.ACE, Rank.KING, Rank.QUEEN))
        return max(min(n, max(calls)), min(calls))


_SPADE = int(Suit.S)


class WastesBigSpade(CallbreakPlayer2):
    """Level 2, but when a spade is already in the trick and it plays a spade, it plays its
    highest legal spade (seed 003, a beginner's mistake: "이미 다른 스페이드가 이긴 트릭에 큰
    스페이드를 낭비하는 것.")."""

    def choose_card(self, state: TrickPlay) -> Card:
        card = super().choose_card(state)
        if card >> 4 == _SPADE and any(c >> 4 == _SPADE for c in state.trick):
            return max(c for c in mask_cards(state.legal_mask()) if c >> 4 == _SPADE)
        return card


class LongSuitDiscard(CallbreakPlayer2):
    """Level 2, but where level 2 throws or leads a low card of its shortest side suit (to
    make a void), it takes its longest side suit instead (seed 003: "짧은 무늬는 쓸모가
    있습니다. 그 무늬가 떨어지면 작은 스페이드로도 트릭을 딸 수 있습니다.")."""

    def _short_side(self, hand: int, cards: list[Card]) -> Card:
        return min(cards, key=lambda c: (-(hand & SUIT_MASK[c >> 4]).bit_count(), c & 15))


class NoSpadeCount(CallbreakPlayer2):
    """Level 2, but it forgets the spades of the finished tricks: it plays as if they were
    still out (seed 003: "스페이드는 13장뿐이니 나오는 대로 세어 보세요.").  The spades of the
    current trick, on the table, it sees."""

    def _unseen(self, hand: int, history: int, table: int) -> int:
        return super()._unseen(hand, history & ~SUIT_MASK[_SPADE], table)


class LeadsIntoVoids(CallbreakPlayer2):
    """Level 2, but from trick 8 on, leading, it leads its lowest card of a side suit that
    another player is known to lack whenever it holds one (seed 003: "라운드 후반에 다른
    사람이 가지고 있지 않은 무늬를 리드하는 것은 상대가 으뜸패를 쓰게 만들고 싶을 때만
    하세요.")."""

    def choose_card(self, state: TrickPlay) -> Card:
        if not state.trick and len(state.tricks) >= 7:
            seat = state.to_play
            lacking = 0  # suits (as bits) that another player showed out of
            for t in state.tricks:
                for i, c in enumerate(t.cards[1:], 1):
                    if c >> 4 != t.cards[0] >> 4 and (t.leader + i) % 4 != seat:
                        lacking |= 1 << (t.cards[0] >> 4)
            cards = [c for c in mask_cards(state.legal_mask())
                     if c >> 4 != _SPADE and lacking >> (c >> 4) & 1]
            if cards:
                return min(cards, key=lambda c: c & 15)
        return super().choose_card(state)


# --- the comparison ------------------------------------------------------------------------------
