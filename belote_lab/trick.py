"""THE trick-taking core: legal cards with reasons, the trick winner, card points.

Every game configures this module with a :class:`Contract` (what is trump, card order and
points) and a :class:`FollowRules` (what a player must play); no game has its own copy of
the following logic.  :func:`analyse` is the one code path: :func:`legal_cards` and
:func:`why_not` both read its answer, so an explanation can never disagree with what the
engine allows.

>>> from belote_lab.cards import CardSet, parse_cards
>>> hand = CardSet.parse("7H JH AC KD")
>>> trick = parse_cards("AS KS")          # spades led, partner (AS) is winning
>>> legal_cards(hand, trick, "H").text()   # by suit (S H D C), high rank first
'JH 7H KD AC'
>>> trick = parse_cards("KS AS")          # the opponent (AS) is winning: you must trump
>>> legal_cards(hand, trick, "H").text()
'JH 7H'
>>> print(why_not(Card.parse("AC"), hand, trick, "H"))
You must trump: you have no ♠ and your partner is not winning; playable: J♥ 7♥.
>>> trick_winner(parse_cards("8H KH 7S KC"), "H")
1
>>> trick_points(parse_cards("JH 9H AS TS"), "H")
55
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from belote_lab.cards import SUIT_MASK, Card, CardSet, Suit
from belote_lab.contract import Contract, Tables

__all__ = [
    "FollowRules",
    "BELOTE_FOLLOW",
    "BELOTE_FOLLOW_UNDERTRUMP",
    "BELOTE2_FREE",
    "BELOTE2_STRICT",
    "CALLBREAK_FOLLOW",
    "Rule",
    "RuleCode",
    "RULE_OF_CODE",
    "Analysis",
    "Reason",
    "analyse",
    "legal_cards",
    "legal_mask",
    "why_not",
    "trick_winner",
    "trick_points",
    "IllegalPlay",
]


@dataclass(frozen=True)
class FollowRules:
    """What a player must play to a trick; each game picks one of the presets below.

    * ``free``: any card at all (two-player Belote while the stock lasts).
    * ``partners``: void in the led suit with the partner winning → any card.
    * ``beat_trump_lead``: when trump is led, go higher than the best trump when you can.
    * ``beat_led_suit``: when following any suit, beat the winning card when you can
      (Callbreak; in an all-trump contract every suit follows the trump rule anyway).
    * ``must_trump``: void in the led suit → play a trump that beats the trick's best trump
      (any trump when none is in the trick yet).
    * ``must_undertrump``: void, and no trump beats the trick → still play a (lower) trump.
    """

    free: bool = False
    partners: bool = True
    beat_trump_lead: bool = True
    beat_led_suit: bool = False
    must_trump: bool = True
    must_undertrump: bool = False


BELOTE_FOLLOW = FollowRules()
BELOTE_FOLLOW_UNDERTRUMP = FollowRules(must_undertrump=True)
BELOTE2_FREE = FollowRules(free=True, partners=False)
BELOTE2_STRICT = FollowRules(partners=False, must_undertrump=True)
CALLBREAK_FOLLOW = FollowRules(partners=False, beat_led_suit=True, must_undertrump=True)


class Rule(str, Enum):
    """Which rule decided what may be played; the value is a stable code for i18n."""

    LEAD = "lead"  # first card of the trick: anything
    FREE_PHASE = "free_phase"  # the stock is not empty: anything
    FOLLOW = "follow"  # follow the led suit (no need to beat)
    GO_HIGHER = "go_higher"  # follow and beat the best card of the led suit
    FOLLOW_CANNOT_BEAT = "follow_cannot_beat"  # must follow, cannot beat: any of the suit
    FOLLOW_TRUMPED = "follow_trumped"  # must follow; the trick is trumped: any of the suit
    PARTNER_MASTER = "partner_master"  # void, partner winning: anything
    MUST_TRUMP = "must_trump"  # void: any trump (no trump in the trick yet)
    MUST_OVERTRUMP = "must_overtrump"  # void: a trump higher than the trick's best trump
    MUST_UNDERTRUMP = "must_undertrump"  # void, cannot overtrump, must still trump
    CANNOT_OVERTRUMP = "cannot_overtrump"  # void, cannot overtrump: anything
    VOID_NO_TRUMP = "void_no_trump"  # void and no trump to play (or none in the contract)
    NOT_IN_HAND = "not_in_hand"  # the card is not in the hand


class RuleCode(IntEnum):
    """The small integers :func:`legal_mask` returns for a :class:`Rule` (the hot path avoids
    building the enum); :data:`RULE_OF_CODE` maps them back by name, so the order in which
    :class:`Rule` declares its members does not matter."""

    LEAD = 0
    FREE_PHASE = 1
    FOLLOW = 2
    GO_HIGHER = 3
    FOLLOW_CANNOT_BEAT = 4
    FOLLOW_TRUMPED = 5
    PARTNER_MASTER = 6
    MUST_TRUMP = 7
    MUST_OVERTRUMP = 8
    MUST_UNDERTRUMP = 9
    CANNOT_OVERTRUMP = 10
    VOID_NO_TRUMP = 11
    NOT_IN_HAND = 12


RULE_OF_CODE: tuple[Rule, ...] = tuple(Rule[code.name] for code in RuleCode)
"""``RULE_OF_CODE[code]`` is the :class:`Rule` of a code from :func:`legal_mask`.

>>> RULE_OF_CODE[RuleCode.MUST_TRUMP] is Rule.MUST_TRUMP
True
"""

_LEAD = int(RuleCode.LEAD)
_FREE = int(RuleCode.FREE_PHASE)
_FOLLOW = int(RuleCode.FOLLOW)
_GO_HIGHER = int(RuleCode.GO_HIGHER)
_CANNOT_BEAT = int(RuleCode.FOLLOW_CANNOT_BEAT)
_TRUMPED = int(RuleCode.FOLLOW_TRUMPED)
_PARTNER = int(RuleCode.PARTNER_MASTER)
_MUST_TRUMP = int(RuleCode.MUST_TRUMP)
_OVERTRUMP = int(RuleCode.MUST_OVERTRUMP)
_UNDERTRUMP = int(RuleCode.MUST_UNDERTRUMP)
_CANNOT_OVER = int(RuleCode.CANNOT_OVERTRUMP)
_VOID = int(RuleCode.VOID_NO_TRUMP)


@dataclass(frozen=True)
class Analysis:
    """What may be played to a trick, and why: the answer of :func:`analyse`."""

    legal: CardSet
    rule: Rule
    led: Suit | None
    to_beat: Card | None  # the card that must be beaten (GO_HIGHER, MUST_OVERTRUMP, …)
    trump: Suit | None
    partners: bool = True

    def text(self, language: str = "en") -> str:
        """Why exactly these cards may be played, in ``language`` (``en`` or ``ko``)."""
        from belote_lab.reasons import explain_rule

        return explain_rule(
            self.rule.value, self.legal, self.led, self.to_beat, language, partners=self.partners
        )


@dataclass(frozen=True)
class Reason:
    """Why ``card`` may not be played: a rule code plus the data a message needs.

    ``str(reason)`` is the English text; :func:`belote_lab.reasons.explain` gives Korean too.
    """

    card: Card
    rule: Rule
    legal: CardSet
    led: Suit | None = None
    to_beat: Card | None = None
    trump: Suit | None = None
    data: dict[str, str] = field(default_factory=dict, compare=False)

    def text(self, language: str = "en") -> str:
        from belote_lab.reasons import explain

        return explain(self, language)

    def __str__(self) -> str:
        return self.text("en")

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card.text,
            "rule": self.rule.value,
            "legal": [c.text for c in self.legal],
            "led": None if self.led is None else self.led.name,
            "to_beat": None if self.to_beat is None else self.to_beat.text,
            "trump": None if self.trump is None else self.trump.name,
        }


class IllegalPlay(ValueError):
    """A card that may not be played; ``reason`` says why (a :class:`Reason` or text)."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


def _winner(trick: Sequence[int], t: Tables) -> int:
    """Position in ``trick`` of the card currently winning it."""
    led = trick[0] >> 4
    ts = t.trump_suit
    power = t.power
    best = 0
    best_card = trick[0]
    best_trump = led == ts
    for i in range(1, len(trick)):
        c = trick[i]
        s = c >> 4
        if s == ts:
            if not best_trump or power[c] > power[best_card]:
                best, best_card, best_trump = i, c, True
        elif s == led and not best_trump and power[c] > power[best_card]:
            best, best_card = i, c
    return best


def legal_mask(
    hand: int,
    trick: Sequence[int],
    t: Tables,
    f: FollowRules,
    partner_pos: int = -1,
    w: int = -1,
) -> tuple[int, int, int]:
    """The hot path: ``(legal mask, rule code (:class:`RuleCode`), card to beat or -1)``.

    ``partner_pos`` is the partner's position in ``trick`` (-1 when not played or no partner);
    it is derived from ``len(trick)`` when ``f.partners`` is set and ``partner_pos`` is -1.
    ``w`` is the position of the card winning the trick so far, when the caller knows it.
    """
    n = len(trick)
    if n == 0:
        return hand, _LEAD, -1
    if f.free:
        return hand, _FREE, -1
    led = trick[0] >> 4
    if w < 0:
        w = _winner(trick, t)
    win_card = trick[w]
    follow = hand & SUIT_MASK[led]
    ts = t.trump_suit
    if follow:
        if (led == ts and f.beat_trump_lead) or t.all_trump or f.beat_led_suit:
            if win_card >> 4 != led:  # the trick is trumped: a card of the led suit cannot win
                return follow, _TRUMPED, win_card
            higher = follow & t.higher[win_card]
            if higher:
                return higher, _GO_HIGHER, win_card
            return follow, _CANNOT_BEAT, win_card
        return follow, _FOLLOW, -1
    if f.partners:
        if partner_pos < 0 and n >= 2:
            partner_pos = n - 2
        if partner_pos == w:
            return hand, _PARTNER, win_card
    trumps = hand & t.trump_mask
    if not f.must_trump or not trumps:
        return hand, _VOID, -1
    if win_card >> 4 == ts:
        over = trumps & t.higher[win_card]
        if over:
            return over, _OVERTRUMP, win_card
        if f.must_undertrump:
            return trumps, _UNDERTRUMP, win_card
        return hand, _CANNOT_OVER, win_card
    return trumps, _MUST_TRUMP, -1


def _args(
    hand: CardSet | int | Sequence[Card | str] | str,
    trick: Sequence[Card | str],
    contract: Contract | str,
) -> tuple[int, list[int], Contract]:
    if isinstance(hand, CardSet):
        hm = hand.mask
    elif isinstance(hand, int):
        hm = hand
    else:
        hm = CardSet.parse(hand).mask
    return hm, [Card.parse(c) for c in trick], Contract.parse(contract)


def analyse(
    hand: CardSet | int | Sequence[Card | str] | str,
    trick: Sequence[Card | str],
    contract: Contract | str,
    follow: FollowRules = BELOTE_FOLLOW,
) -> Analysis:
    """The cards of ``hand`` that may be played to ``trick`` and the rule that decides it.

    The player to play sits after the last card of ``trick``; with partners, the partner is
    the card two places before.

    >>> a = analyse("7H JH AC KD", ["KS", "AS"], "H")
    >>> a.rule.value, a.legal.text()
    ('must_trump', 'JH 7H')
    """
    hm, tr, c = _args(hand, trick, contract)
    t = c.tables
    mask, rule, to_beat = legal_mask(hm, tr, t, follow)
    return Analysis(
        legal=CardSet(mask),
        rule=RULE_OF_CODE[rule],
        led=Suit(tr[0] >> 4) if tr else None,
        to_beat=Card(to_beat) if to_beat >= 0 else None,
        trump=c.trump,
        partners=follow.partners,
    )


def legal_cards(
    hand: CardSet | int | Sequence[Card | str] | str,
    trick: Sequence[Card | str],
    contract: Contract | str,
    follow: FollowRules = BELOTE_FOLLOW,
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (see :func:`analyse`)."""
    hm, tr, c = _args(hand, trick, contract)
    return CardSet(legal_mask(hm, tr, c.tables, follow)[0])


def why_not(
    card: Card | str,
    hand: CardSet | int | Sequence[Card | str] | str,
    trick: Sequence[Card | str],
    contract: Contract | str,
    follow: FollowRules = BELOTE_FOLLOW,
) -> Reason | None:
    """``None`` if ``card`` may be played, else the :class:`Reason` it may not."""
    card = Card.parse(card)
    a = analyse(hand, trick, contract, follow)
    hm = _args(hand, [], "S")[0]
    data = {"partners": "yes" if follow.partners else "no"}
    if not hm >> card & 1:
        return Reason(card, Rule.NOT_IN_HAND, a.legal, a.led, a.to_beat, a.trump, data)
    if card in a.legal:
        return None
    return Reason(card, a.rule, a.legal, a.led, a.to_beat, a.trump, data)


def trick_winner(trick: Sequence[Card | str], contract: Contract | str) -> int:
    """The position (0 = the leader) of the card that wins ``trick``."""
    tr = [Card.parse(c) for c in trick]
    if not tr:
        raise ValueError("an empty trick has no winner")
    return _winner(tr, Contract.parse(contract).tables)


def trick_points(trick: Sequence[Card | str], contract: Contract | str) -> int:
    """Card points in ``trick`` (without the dix de der)."""
    pts = Contract.parse(contract).tables.points
    return sum(pts[Card.parse(c)] for c in trick)
