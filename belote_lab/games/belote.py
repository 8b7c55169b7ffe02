"""Four-player Belote (RULES.md §1–2): deal, two-round taking, play, scoring, games.

>>> hand = BeloteHand(seed=7, dealer="N")
>>> hand.phase, SEATS[hand.to_play], hand.turned
('bidding', 'E', Card('9C'))
>>> hand.call("take")                       # E takes clubs
>>> hand.phase, hand.contract.code, SEATS[hand.taker]
('play', 'C', 'E')
>>> import random
>>> rng = random.Random(1)
>>> while hand.phase == "play":
...     hand.play(rng.choice(list(hand.legal_cards())))
>>> sum(hand.result.points.values())
162
>>> hand.undo(); hand.phase                  # take back the last card
'play'

Why a hand ended as it did and why a record of it cannot be read are the ``belote.`` texts
of the catalogue of words (``belote_lab/words/en/belote.json``, ``ko/belote.json``); the
refusals shared by the games are its ``game.`` texts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from belote_lab import words
from belote_lab.cards import (
    BELOTE_MASK,
    SEATS,
    Card,
    CardParseError,
    CardSet,
    Rank,
    Suit,
    belote_deck,
    cards_mask,
    mask_cards,
    parse_cards,
    parse_seat,
)
from belote_lab.contract import Contract, ContractKind
from belote_lab.games import get as get_game
from belote_lab.games.base import (
    CountingGame,
    Event,
    IllegalAction,
    OutOfTurn,
    TrickPlay,
    at_hand,
    drawn_seed,
    fields_json,
    hand_place,
    no_call,
)
from belote_lab.games.bidding import Bidding
from belote_lab.games.errors import refusal, refusal_ko
from belote_lab.games.spec import Game
from belote_lab.games.taking import Taking, TakingError
from belote_lab.korean import quoted, seat_word, team_name
from belote_lab.rules import CAPOT_RULES, FAILED_CONTRACT_RULES, BeloteRules
from belote_lab.trick import BELOTE_FOLLOW, BELOTE_FOLLOW_UNDERTRUMP, FollowRules

__all__ = [
    "BeloteHand",
    "BeloteGame",
    "HandResult",
    "score_hand",
    "capot_side",
    "declarations_of",
    "team_declarations",
    "Declaration",
    "ShownDeclaration",
    "DECLARATION_KINDS",
    "shown_declarations",
    "declarations_words",
    "belote_holder",
    "follow_rules",
    "shuffled_deck",
    "TEAMS",
    "GAME",
    "margin",
    "margin_totals",
    "outcome",
    "belote_holder_now",
    "follow_for",
]

TEAMS = ("NS", "EW")
CAPOT_SCORE = 252
HAND_TOTAL = 162


def follow_rules(must_undertrump: bool) -> FollowRules:
    """The four-player following rules for the ``must_undertrump`` option."""
    return BELOTE_FOLLOW_UNDERTRUMP if must_undertrump else BELOTE_FOLLOW


# --- declarations (annonces) --------------------------------------------------------------------
DECLARATION_KINDS = ("tierce", "cinquante", "cent", "carre")
"""The kinds of combination (RULES.md §1): three, four, five or more cards in sequence, and
four cards of a rank; their names are the catalogue's ``declarations.name_<kind>``."""


@dataclass(frozen=True)
class Declaration:
    """One combination shown after the first trick."""

    kind: str  # tierce, cinquante, cent, carre
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.kind} {' '.join(c.text for c in self.cards)} ({self.points})"

    def name(self, language: str = "en") -> str:
        """The combination's name: ``tierce``, ``carré`` / ``티에르스``, ``카레``."""
        return words.text(f"declarations.name_{self.kind}", language)

    def words(self, language: str = "en") -> str:
        """The combination in words, its cards and its points.

        >>> d = declarations_of("7S 8S 9S KH KD QC JC AH")[0]
        >>> d.words(), d.words("ko")
        ('tierce: 7♠ 8♠ 9♠ (20)', '티에르스(같은 무늬 연속 3장) 7♠ 8♠ 9♠, 20점')
        """
        return words.text(
            "declarations.combination", language, name=self.name(language),
            cards=" ".join(c.pretty for c in self.cards), points=self.points,
        )


@dataclass(frozen=True)
class ShownDeclaration:
    """A combination a seat showed after the first trick (:meth:`BeloteHand.shown_declarations`):
    the ``seat`` (index), the :class:`Declaration`, and ``scored``: whether its team's declared
    total is the one that scores (the greater of the two; equal totals: neither)."""

    seat: int
    declaration: Declaration
    scored: bool

    @property
    def kind(self) -> str:
        return self.declaration.kind

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.declaration.cards

    @property
    def points(self) -> int:
        return self.declaration.points

    @property
    def team(self) -> str:
        """``NS`` or ``EW``."""
        return TEAMS[self.seat % 2]

    def text(self, language: str = "en") -> str:
        """One line: ``North shows a tierce: 7♠ 8♠ 9♠ (20)``.

        >>> d = declarations_of("7S 8S 9S KH KD QC JC AH")[0]
        >>> s = ShownDeclaration(0, d, True)
        >>> print(s.text()); print(s.text("ko"))
        North shows a tierce: 7♠ 8♠ 9♠ (20)
        북쪽이 7♠ 8♠ 9♠를 보여 주고 티에르스(같은 무늬 연속 3장) 20점을 선언했습니다.
        """
        d = self.declaration
        letter = SEATS[self.seat]
        return words.text(
            "declarations.shows", language,
            seat=words.text(f"names.seat_word_{letter}", language), name=d.name(language),
            cards=" ".join(c.pretty for c in d.cards), points=d.points,
        )


_SEQUENCES = {3: ("tierce", 20), 4: ("cinquante", 50), 5: ("cent", 100)}
_CARRE_POINTS = {
    Rank.JACK: 200,
    Rank.NINE: 150,
    Rank.ACE: 100,
    Rank.TEN: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
}


def declarations_of(cards: CardSet | list[Card] | str) -> list[Declaration]:
    """The combinations in one player's 8 original cards (RULES.md §1, declarations).

    Sequences run in the natural order 7 8 9 T J Q K A in every suit; a card may serve in one
    sequence and one carré.

    >>> [str(d) for d in declarations_of("7S 8S 9S TS AH AD AC AS")]
    ['cinquante 7S 8S 9S TS (50)', 'carre AS AH AD AC (100)']
    """
    cs = cards if isinstance(cards, CardSet) else CardSet.parse(cards)
    mask = cs.mask
    out: list[Declaration] = []
    for s in Suit:
        run: list[Card] = []
        for r in range(Rank.SEVEN, Rank.ACE + 2):
            if r <= Rank.ACE and mask >> (16 * s + r) & 1:
                run.append(Card(16 * s + r))
                continue
            if len(run) >= 3:
                n = len(run)
                kind, pts = _SEQUENCES[min(n, 5)]
                out.append(Declaration(kind, tuple(run), pts))
            run = []
    for r, pts in _CARRE_POINTS.items():
        four = [Card(16 * s + r) for s in Suit]
        if all(mask >> c & 1 for c in four):
            out.append(Declaration("carre", tuple(four), pts))
    return out


def team_declarations(
    hands: dict[int, int] | list[int], declaring: Sequence[bool] | None = None
) -> dict[str, int]:
    """What each team scores for declarations: only the greater declared total counts.

    ``hands`` maps seat index → the 8 original cards as a mask; ``declaring`` says, seat by
    seat, who declares (``None``: every seat; a seat that keeps its combinations hidden adds
    nothing).

    >>> hands = [cards_mask(parse_cards(t)) for t in ("7S 8S 9S", "AH AD AC AS", "", "")]
    >>> team_declarations(hands), team_declarations(hands, [True, False, True, True])
    ({'NS': 0, 'EW': 100}, {'NS': 20, 'EW': 0})
    """
    items = hands.items() if isinstance(hands, dict) else enumerate(hands)
    totals = [0, 0]
    for seat, mask in items:
        if declaring is not None and not declaring[seat]:
            continue
        totals[seat % 2] += sum(d.points for d in declarations_of(CardSet(mask)))
    out = dict.fromkeys(TEAMS, 0)
    wins = _scoring_team(totals)
    if wins >= 0:
        out[TEAMS[wins]] = totals[wins]
    return out


def _scoring_team(totals: Sequence[int]) -> int:
    """The team (0 = NS, 1 = EW) whose declarations score: only the greater declared total
    (RULES.md §1); equal totals, neither (-1)."""
    return 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else -1


def shown_declarations(
    hands: dict[int, int] | list[int], declaring: Sequence[bool] | None = None
) -> tuple[ShownDeclaration, ...]:
    """Every combination shown after the first trick, seat by seat (N E S W), each marked
    ``scored`` when its team's total is the greater (:func:`team_declarations` scores the
    same): ``hands`` the 8 original cards of each seat as masks, ``declaring`` who declares
    (``None``: every seat).

    >>> hands = [cards_mask(parse_cards(t)) for t in ("7S 8S 9S", "AH AD AC AS", "", "")]
    >>> [(SEATS[x.seat], x.kind, x.scored) for x in shown_declarations(hands)]
    [('N', 'tierce', False), ('E', 'carre', True)]
    >>> [(SEATS[x.seat], x.scored) for x in shown_declarations(hands, [True, False, True, True])]
    [('N', True)]
    """
    items = hands.items() if isinstance(hands, dict) else enumerate(hands)
    found: list[tuple[int, Declaration]] = []
    totals = [0, 0]
    for seat, mask in items:
        if declaring is not None and not declaring[seat]:
            continue
        for d in declarations_of(CardSet(mask)):
            found.append((seat, d))
            totals[seat % 2] += d.points
    wins = _scoring_team(totals)
    return tuple(ShownDeclaration(seat, d, seat % 2 == wins) for seat, d in found)


def declarations_words(shown: Sequence[ShownDeclaration], language: str = "en") -> list[str]:
    """What was shown, in words: a line per combination (:meth:`ShownDeclaration.text`), then
    which team scores its declarations and why (RULES.md §1: only the greater total; equal
    totals, neither).

    >>> hands = [cards_mask(parse_cards(t)) for t in ("7S 8S 9S", "AH AD AC AS", "", "")]
    >>> print("\\n".join(declarations_words(shown_declarations(hands))))
    ... # doctest: +NORMALIZE_WHITESPACE
    North shows a tierce: 7♠ 8♠ 9♠ (20)
    East shows a carré: A♠ A♥ A♦ A♣ (100)
    East–West declared 100 and North–South 20: only the greater total scores, so East–West
    gets +100 and North–South nothing.
    >>> print(declarations_words(shown_declarations(hands, [True, False, True, True]), "ko")[-1])
    남북 팀은 20점을 선언했고 동서 팀은 선언하지 않았으므로 남북 팀이 20점을 얻습니다.
    """
    lines = [x.text(language) for x in shown]
    totals = {team: sum(x.points for x in shown if x.team == team) for team in TEAMS}

    def name(team: str) -> str:
        return words.text(f"names.team_{team}", language)

    if not totals["NS"] and not totals["EW"]:
        lines.append(words.text("declarations.score_none", language))
    elif totals["NS"] == totals["EW"]:
        lines.append(words.text("declarations.score_equal", language, a=totals["NS"]))
    else:
        win = max(TEAMS, key=lambda t: totals[t])
        lose = TEAMS[1 - TEAMS.index(win)]
        key = "score_higher" if totals[lose] else "score_alone"
        lines.append(words.text(
            f"declarations.{key}", language, team=name(win), other=name(lose),
            a=totals[win], b=totals[lose],
        ))
    return lines


def belote_holder(hands: list[int], contract: Contract) -> int:
    """The seat holding both K and Q of trump, or -1 (no belote in NT/AT)."""
    if contract.kind is not ContractKind.SUIT or contract.trump is None:
        return -1
    kq = (1 << (16 * contract.trump + Rank.KING)) | (1 << (16 * contract.trump + Rank.QUEEN))
    for seat, m in enumerate(hands):
        if m & kq == kq:
            return seat
    return -1


def margin_totals(
    state: Any, side: tuple[int, ...], value: int, left: int, tricks_left: int
) -> tuple[list[int], list[int]]:
    """Card points and tricks of ``side`` and of the others at the end of the hand when the
    side takes ``value`` of the ``left`` points still to win: all of them read as every trick
    left (a capot), none as no trick, anything between as all tricks but one."""
    others = tuple(s for s in state.seat_order if s not in side)
    pts = [sum(state.won_points[s] for s in side) + value,
           sum(state.won_points[s] for s in others) + left - value]
    tricks = [sum(state.won_tricks[s] for s in side), sum(state.won_tricks[s] for s in others)]
    if value >= left:
        tricks[0] += tricks_left
    elif value <= 0:
        tricks[1] += tricks_left
    else:
        tricks[0] += tricks_left - 1
        tricks[1] += 1
    return pts, tricks


def belote_holder_now(state: Any, hands: list[int]) -> int:
    """The seat the belote goes to: the one that announced it or holds both cards now in
    ``hands`` (two players: -1 once one of the pair went alone, or while it is split)."""
    if state.belote_played:
        return int(state.belote_seat)
    if getattr(state, "kq_played", 0):
        return -1
    return belote_holder(hands, state.contract)


def outcome(state: Any, seat: int, value: int, left: int, tricks_left: int,
            hands: list[int]) -> HandResult:
    """Four-player Belote's result of the hand when ``seat``'s team takes ``value`` of the
    ``left`` points still to win (see :class:`Game`.outcome): the hand's own scoring, its
    rules and reserve, the belote to the seat that holds or announced it.

    >>> h = BeloteHand(seed=5); h.call("take")
    >>> r = outcome(h, h.taker, 100, 162, 8, list(h.hands))
    >>> r.made, r.points[("NS", "EW")[h.taker % 2]]
    (True, 100)
    """
    team = seat % 2
    side = (team, team + 2)
    pts, tricks = margin_totals(state, side, value, left, tricks_left)
    holder = belote_holder_now(state, hands)
    by_team = [pts[0], pts[1]] if team == 0 else [pts[1], pts[0]]
    tr = [tricks[0], tricks[1]] if team == 0 else [tricks[1], tricks[0]]
    bel = [0, 0]
    if holder >= 0:
        bel[holder % 2] = 20
    return state.score(by_team, tr, bel)  # type: ignore[no-any-return]


def margin(state: Any, seat: int, value: int, left: int, tricks_left: int,
           hands: list[int]) -> float:
    """Four-player Belote's score margin for ``seat``'s team (see :class:`Game`.margin)."""
    r = outcome(state, seat, value, left, tricks_left, hands)
    mine, theirs = ("NS", "EW") if seat % 2 == 0 else ("EW", "NS")
    return float(r.score[mine] - r.score[theirs])


_RESULT_KEYS = ("points", "belote", "declarations", "score", "made", "capot", "held",
                "reserve_won")


# --- scoring ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand, per team (``NS``/``EW``)."""

    points: dict[str, int]  # card points with dix de der, before contract rules
    belote: dict[str, int]
    declarations: dict[str, int]
    score: dict[str, int]  # what each team scores for the hand (reserve included)
    made: bool | None  # None = litige (tie)
    capot: str | None  # the team that made capot by the ``capot`` rule (points or tricks)
    held: int  # points held in reserve after this hand (litige)
    attack: str  # the attacking team
    reserve_won: dict[str, int] = field(default_factory=dict)  # reserve from earlier hands
    failed_contract: str = "all_to_defence"  # the rule option the hand was scored by
    capot_rule: str = "all_points"  # the ``capot`` rule option the hand was scored by

    def to_json(self) -> dict[str, Any]:
        return fields_json(self, _RESULT_KEYS)

    def why(self, language: str = "en") -> str:
        """One sentence on why the contract was made or failed, in English or Korean (``ko``).

        >>> r = score_hand((60, 102), (4, 4), (20, 0), attack=0)
        >>> print(r.why())  # doctest: +NORMALIZE_WHITESPACE
        The contract failed (dedans): NS, the attack, has 80 with its belote, EW 102;
        every point of the round goes to EW: 182 (seed 000).
        >>> print(r.why("ko"))  # doctest: +NORMALIZE_WHITESPACE
        공격 팀인 남북 팀은 벨로트 포함 80점으로 동서 팀의 102점보다 적으므로 계약에 실패했고,
        이 판의 모든 점수 182점을 동서 팀이 가져갑니다.

        When the defence takes every point, the attack is the side that failed:

        >>> print(score_hand((162, 0), (7, 1), (0, 0), attack=1).why("ko"))
        ... # doctest: +NORMALIZE_WHITESPACE
        수비 팀인 남북 팀이 이 판의 점수를 모두 얻었으므로 동서 팀은 계약에 실패했고,
        남북 팀이 162점을 모두 가져갑니다(카포 보너스 +90점은 공격 팀만 받습니다).
        """
        if language not in ("en", "ko"):
            raise ValueError(f"language must be 'en' or 'ko', not {language!r}")
        lang = language
        attack = self.attack
        defence = "EW" if attack == "NS" else "NS"
        keep = self.failed_contract == "keep_belote"

        def team(side: str) -> str:  # NS in English, 남북 팀 in Korean
            return team_name(side) if lang == "ko" else side

        def total(side: str) -> str:  # a team's total, saying so when a belote is in it
            n = self.points[side] + self.belote[side]
            return words.text("belote.with_belote", lang, n=n) if self.belote[side] else str(n)

        took = words.text(
            "belote.took_points" if self.capot_rule == "all_points" else "belote.took_tricks",
            lang,
        )
        if self.capot and (self.capot == attack or keep):
            return words.text(
                "belote.why_capot", lang, team=team(self.capot), took=took, pts=CAPOT_SCORE
            )
        if self.made is None:
            return words.text("belote.why_litige", lang, held=self.held)
        if self.made:
            key = "made"
        elif self.capot:
            # the Korean names the attack as the side that failed; the English does not
            key = "def_capot_attack" if lang == "ko" else "def_capot"
        else:
            # the source of the default rule is not named on the table (docs/STYLE.ko.md):
            # only the FFB option's, which a learner chose
            key = "failed_keep" if keep else "failed"
        return words.text(
            f"belote.why_{key}", lang,
            att=team(attack), a=total(attack), dfn=team(defence), d=total(defence), took=took,
            all=HAND_TOTAL + self.belote["NS"] + self.belote["EW"],
        )


def capot_side(
    points: list[int] | tuple[int, int], tricks: list[int] | tuple[int, int], rule: str
) -> str | None:
    """The team (``NS``/``EW``) that made capot by the ``capot`` rule ``rule``, or ``None``:
    ``all_points`` (seed 000) — the other team took no point, neither card points nor the last
    trick; ``all_tricks`` (FFB) — the other team won no trick.

    >>> capot_side((162, 0), (7, 1), "all_points"), capot_side((162, 0), (7, 1), "all_tricks")
    ('NS', None)
    """
    if rule not in CAPOT_RULES:
        raise ValueError(f"capot must be 'all_points' or 'all_tricks', not {rule!r}")
    won = points if rule == "all_points" else tricks  # the other team took none of these
    if won[0] == 0 or won[1] == 0:
        return TEAMS[0 if won[1] == 0 else 1]
    return None


def score_hand(
    points: list[int] | tuple[int, int],
    tricks: list[int] | tuple[int, int],
    belote: list[int] | tuple[int, int],
    attack: int,
    declarations: tuple[int, int] = (0, 0),
    reserve: int = 0,
    total: int = HAND_TOTAL,
    capot_score: int = CAPOT_SCORE,
    failed_contract: str = "all_to_defence",
    capot: str = "all_points",
) -> HandResult:
    """Score a four-player hand (RULES.md §1, "Scoring a hand").

    ``points``/``tricks``/``belote``/``declarations`` per team index (0 = NS, 1 = EW),
    ``attack`` the attacking team's index, ``reserve`` points held from an earlier litige,
    ``failed_contract`` and ``capot`` the rule options of those names
    (:data:`~belote_lab.rules.BeloteRules`).

    Capot, by seed 000's rule (``capot="all_points"``, the default): a team makes capot when it
    takes every point of the hand, card points and the last trick's 10; the other team may have
    won tricks of 0-point cards. By the FFB rule (``"all_tricks"``) only when it wins all eight
    tricks. The attack's capot scores 252 and its belote.

    Made: each team scores its own total. Failed, by seed 000's rule (the default): every point
    of the round goes to the defence, 162 and every belote of the hand; a defence capot scores
    the same (the +90 of a capot is the attack's only). Litige: the defence
    scores its total and the attack's whole total, belote included, is held in reserve.

    >>> score_hand((81, 81), (4, 4), (0, 0), attack=0).made is None
    True
    >>> score_hand((80, 82), (4, 4), (20, 0), attack=0).score   # 100 > 82: made
    {'NS': 100, 'EW': 82}
    >>> score_hand((60, 102), (4, 4), (20, 0), attack=0).score  # 80 < 102: dedans, 162 + 20
    {'NS': 0, 'EW': 182}

    The defence won one trick of four 0-point cards and the attack took every point:

    >>> score_hand((162, 0), (7, 1), (20, 0), attack=0).score      # seed 000: capot
    {'NS': 272, 'EW': 0}
    >>> score_hand((162, 0), (7, 1), (20, 0), attack=0, capot="all_tricks").score  # FFB: made
    {'NS': 182, 'EW': 0}

    The FFB rule, ``failed_contract="keep_belote"``: each team keeps its own belote.

    >>> score_hand((60, 102), (4, 4), (20, 0), attack=0, failed_contract="keep_belote").score
    {'NS': 20, 'EW': 162}
    """
    if failed_contract not in FAILED_CONTRACT_RULES:
        raise ValueError(
            f"failed_contract must be 'all_to_defence' or 'keep_belote', not {failed_contract!r}"
        )
    keep = failed_contract == "keep_belote"
    defend = 1 - attack
    score = [0, 0]
    held = 0
    made: bool | None
    totals = [points[0] + belote[0], points[1] + belote[1]]
    capot_team = capot_side(points, tricks, capot)
    if capot_team == TEAMS[attack] or (capot_team is not None and keep):
        winner = TEAMS.index(capot_team)
        score[winner] = capot_score + belote[winner]
        score[1 - winner] = belote[1 - winner]
        made = winner == attack
        gets = winner
    elif capot_team is None and totals[attack] > totals[defend]:
        made = True
        score = totals
        gets = attack
    elif capot_team is not None or totals[attack] < totals[defend]:
        made = False
        if keep:
            score[defend] = total + belote[defend]
            score[attack] = belote[attack]
        else:
            score[defend] = total + belote[0] + belote[1]
        gets = defend
    else:
        made = None
        score[defend] = totals[defend]
        if keep:
            score[attack] = belote[attack]
            held = points[attack] + reserve
        else:
            held = totals[attack] + reserve
        gets = -1
    reserve_won: dict[str, int] = {}
    if reserve and gets >= 0:
        score[gets] += reserve
        reserve_won = {TEAMS[gets]: reserve}
    score[0] += declarations[0]
    score[1] += declarations[1]
    return HandResult(
        points={"NS": points[0], "EW": points[1]},
        belote={"NS": belote[0], "EW": belote[1]},
        declarations={"NS": declarations[0], "EW": declarations[1]},
        score={"NS": score[0], "EW": score[1]},
        made=made,
        capot=capot_team,
        held=held,
        reserve_won=reserve_won,
        attack=TEAMS[attack],
        failed_contract=failed_contract,
        capot_rule=capot,
    )


# --- the hand -----------------------------------------------------------------------------------
def shuffled_deck(seed: int | None, deck: list[Card] | list[str] | None = None) -> list[Card]:
    """The 32 cards in dealing order: ``deck`` checked, or a deck shuffled with ``seed``.

    >>> shuffled_deck(1) == shuffled_deck(1), len(shuffled_deck(None))
    (True, 32)
    >>> shuffled_deck(None, ["JH"])
    Traceback (most recent call last):
    ...
    belote_lab.cards.CardParseError: unknown 32-card deck ['JH']
    """
    if deck is None:
        cards = belote_deck()
        random.Random(seed).shuffle(cards)
        return cards
    cards = parse_cards(deck)
    if len(cards) != 32 or any(not BELOTE_MASK >> c & 1 for c in cards):
        raise CardParseError(deck, "32-card deck")
    return cards


class BeloteHand(TrickPlay):
    """One hand of four-player Belote, from the deal to the score.

    ``phase`` is ``bidding``, ``play``, ``done`` or ``redeal`` (everybody passed twice).
    Actions: :meth:`call` during the taking, :meth:`play` during play, :meth:`undo` always.
    Every action is checked first (``verify_call``/``verify_play`` raise with the reason,
    ``can_call``/``can_play`` answer yes or no) and a refused action changes nothing.
    """

    game = "belote"

    def __init__(
        self,
        rules: BeloteRules | None = None,
        dealer: int | str = 0,
        seed: int | None = None,
        deck: list[Card] | list[str] | None = None,
        reserve: int = 0,
    ) -> None:
        self.rules = rules or BeloteRules()
        self.dealer = parse_seat(dealer)
        self.reserve = reserve
        cards = shuffled_deck(seed, deck)
        self.deck: tuple[Card, ...] = tuple(cards)
        self.seed = seed
        self._init_play_fields()
        order = [(self.dealer + 1 + k) % 4 for k in range(4)]
        for k, seat in enumerate(order):
            self.hands[seat] = cards_mask(cards[5 * k : 5 * k + 5])
        self.turned: Card | None = cards[20]
        self.taking: Taking | None = Taking(
            self.dealer,
            cards[20],
            turned_jack_forces_dealer=self.rules.turned_jack_forces_dealer,
            allow_no_trump=self.rules.allow_no_trump,
            allow_all_trump=self.rules.allow_all_trump,
        )
        self._setup_common()
        self.to_play = (self.dealer + 1) % 4  # the first to speak

    def _setup_common(self) -> None:
        self.taker: int = -1
        self.original: list[int] = [0, 0, 0, 0]
        self.belote_seat: int = -1
        self.belote_played: int = 0
        self.declared: dict[str, int] = {"NS": 0, "EW": 0}
        self.result: HandResult | None = None
        # each seat's choice about its declarations: None (not chosen: it declares), True
        # (declare), False (keep them hidden); replaced, never changed in place
        self.declaration_choices: tuple[bool | None, ...] = (None, None, None, None)
        self._shown: tuple[ShownDeclaration, ...] = ()  # set when the first trick is complete
        # False once a seat kept a combination hidden: ``declared`` is then not what every
        # seat's combinations give (public: a deal sampler must not condition on it)
        self.declarations_complete = True

    @classmethod
    def from_hands(
        cls,
        hands: dict[str, Any] | list[Any],
        contract: Contract | str,
        taker: int | str,
        first_leader: int | str,
        rules: BeloteRules | None = None,
        reserve: int = 0,
    ) -> BeloteHand:
        """A hand that starts at the first card with given 8-card hands (no taking).

        >>> h = BeloteHand.from_hands({"N": "JH 9H AH TH KH QH 8H 7H",
        ...     "E": "AS TS KS QS JS 9S 8S 7S", "S": "AD TD KD QD JD 9D 8D 7D",
        ...     "W": "AC TC KC QC JC 9C 8C 7C"}, "H", taker="N", first_leader="N")
        >>> h.legal_cards().text()
        'AH KH QH JH TH 9H 8H 7H'
        """
        self = cls.__new__(cls)
        self.rules = rules or BeloteRules()
        self.reserve = reserve
        self.deck = ()
        self.seed = None
        self._init_play_fields()
        items = hands.items() if isinstance(hands, dict) else zip(SEATS, hands, strict=False)
        seen = 0
        for seat, cards in items:
            s = parse_seat(seat)
            cs = parse_cards(cards)
            m = cards_mask(cs)
            if m & seen:
                twice = mask_cards(m & seen)[0].text
                raise CardParseError(twice, message=f"card {twice!r} is dealt twice")
            seen |= m
            self.hands[s] = m
        if any(bin(m).count("1") != 8 for m in self.hands):
            # a hand is eight tricks: a position later in a hand is reached by playing to it
            raise CardParseError(hands, message="each of the four seats needs 8 cards")
        if seen & ~BELOTE_MASK:
            raise CardParseError(mask_cards(seen & ~BELOTE_MASK)[0].text, "Belote card")
        lead = parse_seat(first_leader)
        self.dealer = lead if self.rules.first_lead == "dealer" else (lead + 3) % 4
        self.turned = None
        self.taking = None
        self._setup_common()
        # only the contracts of this game (a suit, NT or AT; never Callbreak's)
        c = get_game(self.game).contract(contract)
        self._begin_play(parse_seat(taker), c, parse_seat(first_leader))
        return self

    # --- phase ---------------------------------------------------------------------------------
    def bidding_part(self) -> Bidding | None:
        return self.taking

    def redeal_pending(self) -> bool:
        return self.taking is not None and self.taking.result == ("redeal",)

    @property
    def attack(self) -> int:
        """The attacking team's index (0 = NS, 1 = EW), or -1 before the taking ends."""
        return -1 if self.taker < 0 else self.taker % 2

    # --- taking -----------------------------------------------------------------------------
    def legal_calls(self) -> list[str]:
        if self.phase != "bidding" or self.taking is None:
            return []
        return self.taking.legal_calls()

    def verify_call(self, call: str, seat: int | str | None = None) -> str:
        if self.phase != "bidding" or self.taking is None:
            raise IllegalAction(no_call(self.phase), refusal_ko("no_call"))
        if seat is not None and (s := self._seat_arg(seat, IllegalAction)) != self.taking.next_seat:
            nxt = self.taking.next_seat or 0
            raise OutOfTurn(
                refusal("turn_call", next=nxt, seat=s), refusal_ko("turn_call", next=nxt, seat=s)
            )
        try:
            return self.taking.verify(call)
        except TakingError as e:
            raise IllegalAction(str(e), e.text("ko")) from None

    def call(self, call: str, seat: int | str | None = None) -> None:
        """Make a taking call: ``take``/``pass`` in round 1, a suit, ``NT``, ``AT`` or ``pass``
        in round 2."""
        norm = self.verify_call(call, seat)
        assert self.taking is not None
        s = self.taking.next_seat
        assert s is not None
        self._stack.append(self._save())
        self._actions.append(("call", s, norm))
        self.taking._apply(norm)  # verify_call has just checked it
        res = self.taking.result
        if res is None:
            self.to_play = self.taking.next_seat or 0
        if res is not None and res[0] == "contract":
            self._complete_deal(res[1])
            self._begin_play(res[1], Contract.parse(res[2]), self._first_leader())

    def _first_leader(self) -> int:
        return self.dealer if self.rules.first_lead == "dealer" else (self.dealer + 1) % 4

    def _complete_deal(self, taker: int) -> None:
        assert self.turned is not None
        rest = list(self.deck[21:])
        self.hands[taker] |= 1 << self.turned
        for k in range(4):
            seat = (self.dealer + 1 + k) % 4
            n = 2 if seat == taker else 3
            self.hands[seat] |= cards_mask(rest[:n])
            del rest[:n]

    def _begin_play(self, taker: int, contract: Contract, leader: int) -> None:
        self.taker = taker
        self.original = list(self.hands)
        self.belote_seat = belote_holder(self.hands, contract)
        self.belote_played = 0
        self._start_play(contract, follow_rules(self.rules.must_undertrump), leader)

    # --- declarations -----------------------------------------------------------------------
    # A seat's choice is state, not an action: it is saved with every card and call (an undo
    # restores it as it was before the action undone), kept by copies and records
    # (``declarations`` in the record), and hidden from the other seats' observations.
    def shown_declarations(self) -> tuple[ShownDeclaration, ...]:
        """What was shown once the first trick is complete: every combination of every seat
        that declares (N E S W order), each marked ``scored`` when its team's total is the one
        that scores.  Empty before the first trick is complete and when the rules have no
        declarations.  Public: a seat's observation holds it too.

        >>> deal = {"N": "7S 8S 9S AH AD AC AS KH", "E": "TS JS KS 7H 8H 9H TH QH",
        ...         "S": "QS 7D 8D 9D TD JD QD KD", "W": "JH 7C 8C 9C TC JC QC KC"}
        >>> h = BeloteHand.from_hands(deal, "H", "N", "N", BeloteRules(declarations=True))
        >>> for _ in range(4):
        ...     h.play(next(iter(h.legal_cards())))
        >>> for x in h.shown_declarations():
        ...     print(x.text(), "scores" if x.scored else "does not score")
        North shows a tierce: 7♠ 8♠ 9♠ (20) scores
        North shows a carré: A♠ A♥ A♦ A♣ (100) scores
        East shows a cinquante: 7♥ 8♥ 9♥ 10♥ (50) does not score
        South shows a cent: 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ (100) scores
        West shows a cent: 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ (100) does not score
        >>> h.declared
        {'NS': 220, 'EW': 0}
        """
        return self._shown

    def declarations_open(self) -> bool:
        """May a seat still choose to declare or to keep its combinations hidden?  Under the
        ``declarations`` rule, from the deal until the first trick is complete."""
        return self._declaration_refusal(0) is None

    def _declaration_refusal(self, seat: int) -> tuple[str, str] | None:
        """Why ``seat`` may not choose now (English, Korean), or ``None``."""
        if not getattr(self.rules, "declarations", False):
            key = "declarations.refused_off"
            return words.text(key), words.text(key, "ko")
        if self.redeal_pending():
            key = "declarations.refused_redeal"
            return words.text(key), words.text(key, "ko")
        if self.tricks or self.result is not None:
            key = "declarations.refused_late"
            return (words.text(key, seat=SEATS[seat]),
                    words.text(key, "ko", seat=seat_word(seat)))
        return None

    def choose_declarations(self, seat: int | str, show: bool = True) -> None:
        """``seat`` declares its combinations (``show=True``, as every seat does unless it
        chooses) or keeps them hidden (``show=False``: they are neither shown nor scored;
        seed 004: a player *may* show them).  Allowed until the first trick is complete
        (the choice may change until then); otherwise :class:`IllegalAction` with the reason
        (English, and Korean by ``e.text("ko")``) and nothing changes.

        The computer players of this package never call it: they declare everything (this
        package's choice).

        >>> h = BeloteHand(BeloteRules(declarations=True), seed=3)
        >>> h.hide_declarations("S"); h.declares("S"), h.declares("N")
        (False, True)
        """
        s = self._seat_arg(seat, IllegalAction)
        why = self._declaration_refusal(s)
        if why is not None:
            raise IllegalAction(*why)
        if not isinstance(show, bool):
            raise TypeError(f"show must be True or False, not {show!r}")
        choices = list(self.declaration_choices)
        choices[s] = show
        self.declaration_choices = tuple(choices)

    def hide_declarations(self, seat: int | str) -> None:
        """``seat`` keeps its combinations hidden: :meth:`choose_declarations` with
        ``show=False``."""
        self.choose_declarations(seat, False)

    def declares(self, seat: int | str) -> bool:
        """Does ``seat`` declare its combinations?  ``True`` unless it chose to keep them
        hidden (the default: every seat declares).  In a seat's observation the other seats'
        choices are unknown and read as the default."""
        return self.declaration_choices[parse_seat(seat)] is not False

    def declaration_choice(self, seat: int | str) -> bool | None:
        """``seat``'s choice: ``True`` (declare), ``False`` (hidden) or ``None`` (none made:
        it declares)."""
        return self.declaration_choices[parse_seat(seat)]

    def seat_declarations(self, seat: int | str) -> tuple[Declaration, ...]:
        """The combinations in ``seat``'s 8 cards of the play (what it would show), or none
        before the play (in four-player Belote the hands are complete once the taking ends)
        and when the rules have no declarations."""
        if not getattr(self.rules, "declarations", False) or self.contract is None:
            return ()
        return tuple(declarations_of(CardSet(self.original[parse_seat(seat)])))

    def declaration_choice_pending(self, seat: int | str) -> bool:
        """Should ``seat`` be asked now whether to declare?  Under the ``declarations`` rule,
        during the play's first trick, when the seat holds a combination and has not chosen
        yet.  (A table asks with two buttons, :meth:`choose_declarations` and
        :meth:`hide_declarations`; a seat that never answers declares.)"""
        s = parse_seat(seat)
        return (
            self.phase == "play"
            and self.declaration_choices[s] is None
            and self._declaration_refusal(s) is None
            and bool(self.seat_declarations(s))
        )

    # --- play hooks ---------------------------------------------------------------------------
    def partner_pos(self) -> int:
        n = len(self.trick)
        return n - 2 if n >= 2 else -1

    def _on_card(self, seat: int, card: Card) -> None:
        if seat == self.belote_seat and self.contract is not None:
            t = self.contract.trump
            if t is not None and card >> 4 == t and (card & 15) in (Rank.KING, Rank.QUEEN):
                self.belote_played += 1
                n = len(self.tricks) + 1
                if self.belote_played == 1:
                    self.events.append(Event("belote", seat, n))
                else:
                    self.events.append(Event("rebelote", seat, n, 20))

    def _on_trick(self, trick: Any) -> None:
        if len(self.tricks) == 1 and self.rules.declarations:
            declaring = [self.declares(s) for s in range(4)]
            self._shown = shown_declarations(self.original, declaring)
            self.declared = {  # what scores, read from what was shown (one reading of the rule)
                team: sum(x.points for x in self._shown if x.scored and x.team == team)
                for team in TEAMS
            }
            self.declarations_complete = all(
                declaring[s] or not declarations_of(CardSet(self.original[s])) for s in range(4)
            )
            for team, pts in self.declared.items():
                if pts:
                    seat = 0 if team == "NS" else 1
                    self.events.append(Event("declaration", seat, 1, pts, team))

    def _on_hand_end(self) -> None:
        pts = [self.won_points[0] + self.won_points[2], self.won_points[1] + self.won_points[3]]
        tr = [self.won_tricks[0] + self.won_tricks[2], self.won_tricks[1] + self.won_tricks[3]]
        bel = [0, 0]
        if self.belote_seat >= 0 and self.belote_played == 2:
            bel[self.belote_seat % 2] = 20
        self.result = self.score(pts, tr, bel)
        last = self.tricks[-1].winner
        if self.result.capot and (
            self.result.capot == TEAMS[self.attack] or self.rules.failed_contract == "keep_belote"
        ):
            self.events.append(Event("capot", last, 8, CAPOT_SCORE, self.result.capot))
        elif self.result.made is None:
            self.events.append(Event("litige", self.taker, 8, self.result.held))

    def score(
        self, points: list[int], tricks: list[int], belote: list[int]
    ) -> HandResult:
        """This hand's score for the given per-team card points, tricks and belote.

        The one place a four-player Belote hand is scored, by its rules (``failed_contract``),
        declarations and reserve: the hand's end, the hints and the bidding simulator use it.
        """
        d = self.declared
        return score_hand(
            points, tricks, belote, self.attack, (d["NS"], d["EW"]), self.reserve,
            failed_contract=self.rules.failed_contract, capot=self.rules.capot,
        )

    def _save_extra(self) -> tuple[Any, ...]:
        return (
            self.taker,
            self.original,  # replaced, never changed in place: shared by snapshots
            self.belote_seat,
            self.belote_played,
            self.declared,
            self.result,
            self.declaration_choices,
            self._shown,
            self.declarations_complete,
            None if self.taking is None else len(self.taking.calls),  # last: Coinche reads it
        )

    def _load_extra(self, s: tuple[Any, ...]) -> None:
        (self.taker, orig, self.belote_seat, self.belote_played, self.declared, self.result,
         self.declaration_choices, self._shown, self.declarations_complete, n) = s
        self.original = orig
        if self.taking is not None and n is not None and len(self.taking.calls) > n:
            del self.taking.calls[n:]
            self.taking.result = None  # no call before the last one ended the taking

    @property
    def in_play(self) -> bool:
        return self.contract is not None and self.result is None

    # --- values ---------------------------------------------------------------------------------
    def _copy_parts(self, new: Any) -> None:
        new.taking = None if self.taking is None else self.taking.copy()

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules,
            self.dealer,
            self.deck,
            self.reserve,
            tuple(self._actions),
            self._save(),
            None if self.taking is None else tuple(self.taking.calls),
            tuple(self.events),
        )

    def known_cards(self, seat: int) -> dict[int, int]:
        """The turned card, in its taker's hand while it is there; the cards of the
        combinations another seat showed after the first trick, while it holds them."""
        out: dict[int, int] = {}
        turned, taker = self.turned, self.taker
        if turned is not None and 0 <= taker != seat and self.hands[taker] >> turned & 1:
            out[taker] = 1 << turned
        for x in self.shown_declarations():
            if x.seat != seat:
                held = self.hands[x.seat] & sum(1 << int(c) for c in x.declaration.cards)
                if held:
                    out[x.seat] = out.get(x.seat, 0) | held
        return out

    def redact(self, seat: int) -> None:
        super().redact(seat)
        # what another seat chose about its declarations is its own: what it showed is public
        self.declaration_choices = tuple(
            c if s == seat else None for s, c in enumerate(self.declaration_choices)
        )
        if not self.belote_played and self.contract is not None and self.result is None:
            # who holds the pair is hidden until it is announced: read it from the hands shown
            self.belote_seat = belote_holder(self.hands, self.contract)

    def seat_view(self, seat: int | str) -> dict[str, Any]:
        """What ``seat`` may see: its own cards, the turned card, calls and played cards."""
        s = parse_seat(seat)
        return {
            "seat": SEATS[s],
            "hand": [c.text for c in CardSet(self.hands[s])],
            "turned": self.turned.text if self.turned else None,
            "dealer": SEATS[self.dealer],
            "calls": [[SEATS[x], c] for x, c in (self.taking.calls if self.taking else [])],
            "contract": None if self.contract is None else self.contract.code,
            "taker": None if self.taker < 0 else SEATS[self.taker],
            "tricks": [t.to_json() for t in self.tricks],
            "trick": [c.text for c in self.trick],
            "leader": SEATS[self.leader],
        }

    def _record_start(self) -> dict[str, Any]:
        return {**self._record_deal(), **self._record_declarations()}

    def _record_deal(self) -> dict[str, Any]:
        if self.deck:
            return {"deck": [c.text for c in self.deck], "reserve": self.reserve}
        start = {
            "hands": {SEATS[s]: [c.text for c in CardSet(m)] for s, m in enumerate(self.original)},
            "contract": self.contract.code if self.contract else None,
            "taker": SEATS[self.taker],
            "first_leader": SEATS[self._first_leader()],
        }
        return {"start": start, "reserve": self.reserve}

    def _record_declarations(self) -> dict[str, Any]:
        """The record's ``declarations``: ``show`` or ``hide`` for each seat that chose (no
        key when none did, so a hand without choices is recorded as before)."""
        chosen = {
            SEATS[s]: "show" if c else "hide"
            for s, c in enumerate(self.declaration_choices) if c is not None
        }
        return {"declarations": chosen} if chosen else {}

    def _read_record_declarations(self, data: dict[str, Any]) -> None:
        """Make the choices of the record's ``declarations`` (read before its actions, which
        may complete the first trick; a record without the key has none)."""
        from belote_lab.games.record import RecordError, expected_key, seat_field

        if "declarations" not in data:
            return
        chosen = data["declarations"]
        if not isinstance(chosen, dict):
            raise expected_key("declarations", "declarations.record_choices", chosen)
        for key, choice in chosen.items():
            seat = seat_field(key, "declarations", self.seat_order)
            if choice not in ("show", "hide"):
                raise expected_key(f"declarations.{key}", "declarations.record_choice", choice)
            try:
                self.choose_declarations(seat, choice == "show")
            except IllegalAction as e:
                raise RecordError(str(e), field="declarations", ko=e.ko) from None

    _RECORD_KEYS: tuple[str, ...] = ("reserve", "declarations")
    """The keys of a Belote hand record besides those of every game."""

    @classmethod
    def _from_record_start(cls, data: dict[str, Any], rules: Any) -> BeloteHand:
        h = cls._record_hand(data, rules)
        h._read_record_declarations(data)
        return h

    @classmethod
    def _record_hand(cls, data: dict[str, Any], rules: Any) -> BeloteHand:
        """The hand a record starts from (its deck, or its cards at the first card)."""
        from belote_lab.games.record import (
            NEEDS_DECK,
            NEEDS_DECK_KO,
            RecordError,
            check_keys,
            describe,
            describe_ko,
            hands_field,
            is_whole,
            need_keys,
            seat_field,
            str_field,
        )

        reserve = data.get("reserve", 0)
        if not is_whole(reserve) or reserve < 0:
            shown = reserve if is_whole(reserve) and reserve > -(10**40) else describe(reserve)
            raise RecordError(
                words.text("belote.record_reserve", got=shown), field="reserve",
                ko=words.text("belote.record_reserve", "ko", got=describe_ko(reserve)),
            )
        dealer = seat_field(data.get("dealer", "N"), "dealer")
        if "deck" in data:
            return cls(rules, dealer=dealer, deck=cls._record_deck(data), reserve=reserve)
        st = data.get("start")
        if not isinstance(st, dict):
            raise RecordError(NEEDS_DECK, field="start", ko=NEEDS_DECK_KO)
        keys = ("hands", "contract", "taker", "first_leader")
        check_keys(st, keys, "start")
        need_keys(st, keys, "start")
        named = "32-card deck"
        hands = hands_field(st["hands"], "start.hands", (0, 1, 2, 3), 8, BELOTE_MASK, named)
        contract = str_field(st, "contract", "start.contract")
        taker = seat_field(st["taker"], "start.taker")
        first = seat_field(st["first_leader"], "start.first_leader")
        try:
            c = get_game(cls.game).contract(contract)
        except CardParseError as e:
            raise RecordError(
                words.text("game.record_start_contract", error=e), field="start.contract",
                ko=words.text("game.record_start_contract", "ko", error=e.text("ko")),
            ) from None
        h = cls.from_hands(hands, c, taker, first, rules, reserve)
        cls._check_record_dealer(data, h)
        return h

    @classmethod
    def _record_deck(cls, data: dict[str, Any]) -> list[Card]:
        """The record's ``deck``: a list of the 32 cards, each once."""
        from belote_lab.games.record import RecordError, cards_field, describe, describe_ko

        deck = data["deck"]
        if not isinstance(deck, list):
            raise RecordError(
                words.text("game.record_deck_list", n=32, got=describe(deck)), field="deck",
                ko=words.text("game.record_deck_list", "ko", n=32, got=describe_ko(deck)),
            )
        if len(deck) != 32:
            raise RecordError(
                words.text("belote.record_deck_size", n=len(deck)), field="deck",
                ko=words.text("belote.record_deck_size", "ko", n=len(deck)),
            )
        return cards_field(deck, "deck", 32, BELOTE_MASK, "32-card deck")

    @classmethod
    def _check_record_dealer(cls, data: dict[str, Any], h: BeloteHand) -> None:
        """A record given by its cards says who deals only to agree with its first leader."""
        from belote_lab.games.record import RecordError

        if "dealer" in data and SEATS.index(data["dealer"].strip().upper()) != h.dealer:
            lead = SEATS[h._first_leader()]
            dealer = data["dealer"].strip().upper()
            ko = words.text(
                "belote.record_dealer_lead", "ko", lead=seat_word(lead),
                dealer=seat_word(dealer), rule=quoted(h.rules.first_lead),
                want=seat_word(h.dealer),
            )
            raise RecordError(
                words.text(
                    "belote.record_dealer_lead", dealer=dealer, lead=lead,
                    rule=repr(h.rules.first_lead), want=SEATS[h.dealer],
                ),
                field="dealer", ko=ko,
            )

    def _record_action(self, kind: str, seat: str, value: str) -> None:
        raise ValueError(f"unknown action kind {kind!r}")

    def __repr__(self) -> str:
        c = self.contract.code if self.contract else "-"
        return (
            f"<BeloteHand dealer={SEATS[self.dealer]} phase={self.phase} contract={c} "
            f"trick={self.trick_number}>"
        )



# --- the game ------------------------------------------------------------------------------------
class BeloteGame(CountingGame):
    """A game of four-player Belote: hands until a team's total exceeds ``rules.target``.

    Undo: a hand counted by :meth:`next_hand` (the last one too, once the game is over)
    refuses its own ``undo()`` with the reason; the game's :meth:`undo` takes the counting
    back exactly (totals, held points, the winner, the deals to come) — see
    :class:`~belote_lab.games.base.CountingGame`.

    >>> g = BeloteGame(seed=3)
    >>> g.hand.phase
    'bidding'
    >>> from belote_lab.players import RandomPlayer
    >>> g.play_out({s: RandomPlayer(seed=s) for s in range(4)})
    >>> g.is_over and max(g.totals.values()) > 1000
    True
    """

    hand_class: type[BeloteHand] = BeloteHand
    _COUNTED_STATE = ("totals", "held", "_over")

    def __init__(
        self, rules: BeloteRules | None = None, seed: int | None = None, dealer: int | str = 0
    ) -> None:
        self._init_counting()
        self.rules = rules or BeloteRules()
        self.seed = drawn_seed(seed)
        self._rng = random.Random(self.seed)
        self.totals: dict[str, int] = {"NS": 0, "EW": 0}
        self.hands: list[BeloteHand] = []  # finished hands (redeals included)
        self.held = 0
        self._over = False
        self.hand = self._new_hand(parse_seat(dealer))

    def _new_hand(self, dealer: int) -> BeloteHand:
        return self.hand_class(
            self.rules, dealer=dealer, seed=self._rng.getrandbits(32), reserve=self.held
        )

    @property
    def is_over(self) -> bool:
        """True after the hand in which a team's total exceeded the target (no tie)."""
        return self._over

    @property
    def winner(self) -> str | None:
        if not self.is_over:
            return None
        return max(self.totals, key=lambda k: self.totals[k])

    def next_hand(self) -> BeloteHand:
        """Record the finished hand and deal the next one (unless the game is over)."""
        h = self._take_finished()
        if h.phase == "done":
            assert h.result is not None
            for k in self.totals:
                self.totals[k] += h.result.score[k]
            self.held = h.result.held
            dealer = (h.dealer + 1) % 4
        else:
            dealer = h.dealer if self.rules.redeal_same_dealer else (h.dealer + 1) % 4
        t = self.rules.target
        ns, ew = self.totals["NS"], self.totals["EW"]
        if (ns > t or ew > t) and ns != ew:
            self._over = True
            return h
        self.hand = self._new_hand(dealer)
        return self.hand

    @staticmethod
    def _next_recorded(g: BeloteGame, k: int, h: BeloteHand) -> None:
        """Count the hand before the record's ``k``-th hand ``h``, which must follow it."""
        from belote_lab.games.record import RecordError

        place = (hand_place(k, "ko"),)
        if not g.hand.is_over:
            raise RecordError(
                words.text("belote.record_unfinished", prev=k - 1, k=k),
                ko=words.text("belote.record_unfinished", "ko", prev=k - 1, k=k),
            )
        g.next_hand()
        if g._over:
            raise RecordError(
                at_hand(k, words.text("game.record_after_end", what=words.text("game.what_game"))),
                where_ko=place, ko=words.text(
                    "game.record_after_end", "ko", what=words.text("game.what_game", "ko")
                ),
            )
        if h.dealer != g.hand.dealer:
            raise RecordError(
                at_hand(k, words.text(
                    "belote.record_dealer", got=SEATS[h.dealer], want=SEATS[g.hand.dealer]
                )),
                where_ko=place,
                ko=words.text(
                    "belote.record_dealer", "ko",
                    got=seat_word(h.dealer), want=seat_word(g.hand.dealer),
                ),
            )
        if h.reserve != g.held:
            raise RecordError(
                at_hand(k, words.text("belote.record_reserve_held", n=h.reserve, held=g.held)),
                where_ko=place,
                ko=words.text("belote.record_reserve_held", "ko", n=h.reserve, held=g.held),
            )

    @classmethod
    def _from_hands(cls, rules: Any, seed: int | None, hands: list[Any]) -> BeloteGame:
        from belote_lab.games.record import RecordError

        g = cls.__new__(cls)
        g._init_counting()
        g.rules = rules
        g.seed = seed  # None in an old record: the deals to come are then random
        g._rng = random.Random(drawn_seed(seed))
        g.totals = {"NS": 0, "EW": 0}
        g.hands = []
        g.held = 0
        g._over = False
        game, game_ko = words.text("game.what_game"), words.text("game.what_game", "ko")
        if not hands:
            raise RecordError(
                words.text("game.record_no_hands", what=game),
                ko=words.text("game.record_no_hands", "ko", what=game_ko),
            )
        g._rng.getrandbits(32)  # the first hand's seed, as when the game was dealt
        for k, h in enumerate(hands, start=1):
            if h.rules != rules:
                raise RecordError(
                    at_hand(k, words.text("game.record_rules_differ", what=game)),
                    ko=words.text("game.record_rules_differ", "ko", what=game_ko),
                    where_ko=(hand_place(k, "ko"),),
                )
        if hands[0].reserve:
            n = hands[0].reserve
            raise RecordError(
                at_hand(1, words.text("belote.record_reserve_first", n=n)),
                ko=words.text("belote.record_reserve_first", "ko", n=n),
                where_ko=(hand_place(1, "ko"),),
            )
        g.hand = hands[0]
        for k, h in enumerate(hands[1:], start=2):
            cls._next_recorded(g, k, h)
            g.hand = h
        # A finished last hand stays the current hand, not yet counted, as it was before
        # next_hand(); game_from_json counts it when the recorded totals include it.
        return g



HAND_CLASS = BeloteHand
GAME_CLASS = BeloteGame


def follow_for(rules: Any, stock_left: int = 0) -> FollowRules:
    """The follow rules of four-player Belote and Coinche: the undertrumping option."""
    return follow_rules(rules.must_undertrump)


GAME = Game(
    name="belote",
    title=words.text("names.game_belote", "en"),
    title_ko=words.text("names.game_belote", "ko"),
    seats=(0, 1, 2, 3),
    partnership=True,
    deck_mask=BELOTE_MASK,
    hand_size=8,
    tricks=8,
    counts="points",
    total=162,
    contracts=frozenset({ContractKind.SUIT, ContractKind.NO_TRUMP, ContractKind.ALL_TRUMP}),
    contracts_text="a trump suit (S H D C), NT or AT",
    follow=follow_for,
    margin=margin,
    outcome=outcome,
    module=__name__,
    batch="four",
    bidding="taking",
    rules_class=BeloteRules,
    hand_class=BeloteHand,
    match_class=BeloteGame,
)
