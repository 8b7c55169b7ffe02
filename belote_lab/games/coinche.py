"""Coinche (RULES.md §3): an auction of value + trump, coinche/surcoinche, four-player play.

All 8 cards are dealt at once (no turned card).  From the player after the dealer each
player bids (``80H``, ``110NT``, ``capotS``, ``capotbeloteS``, ``generaleD``,
``generalebeloteD``), passes, or — an opponent of the highest bidder — says ``coinche``
(×2, the auction ends at once, except that the next player, on the bidding team, may
answer ``surcoinche``: ×4).  Play is four-player Belote play (:class:`BeloteHand`);
only the auction and the scoring are Coinche's own.

>>> hand = CoincheHand(seed=4, dealer="N")
>>> hand.phase, SEATS[hand.current_player]
('bidding', 'E')
>>> for call in ("90H", "pass", "100S", "coinche", "pass"):
...     hand.call(call)
>>> hand.phase, str(hand.bid), SEATS[hand.bidder], hand.multiplier
('play', '100S', 'W', 2)
>>> hand.call("pass")
Traceback (most recent call last):
...
belote_lab.games.errors.IllegalAction: no call can be made now (phase: play)
>>> import random
>>> rng = random.Random(2)
>>> while hand.phase == "play":
...     hand.play(rng.choice(list(hand.legal_cards())))
>>> sum(hand.result.points.values()), hand.result.made in (True, False)
(162, True)

The words of the bids, the auction's refusals, why a hand ended as it did and why a record of
it cannot be read are the ``coinche.`` texts of the catalogue of words
(``belote_lab/words/en/coinche.json``, ``ko/coinche.json``).
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from belote_lab import words
from belote_lab.cards import (
    BELOTE_MASK,
    SEATS,
    Card,
    CardParseError,
    CardSet,
    ascii_upper,
    parse_seat,
)
from belote_lab.contract import Contract, ContractKind
from belote_lab.games.base import Event, fields_json
from belote_lab.games.belote import GAME as BELOTE_GAME
from belote_lab.games.belote import (
    TEAMS,
    BeloteGame,
    BeloteHand,
    belote_holder_now,
    margin_totals,
    shuffled_deck,
)
from belote_lab.games.bidding import Bidding
from belote_lab.games.taking import TakingError
from belote_lab.korean import quoted, seat_word, suit_name, team_name, typed
from belote_lab.rules import CoincheRules

__all__ = [
    "GAME",
    "margin",
    "outcome",
    "Bid",
    "Auction",
    "AuctionError",
    "CoincheHand",
    "CoincheGame",
    "CoincheResult",
    "score_coinche",
    "round_half_up",
    "bid_problem",
    "is_bid",
    "BID_KINDS",
    "COINCHE",
    "DOUBLES",
    "MULTIPLIERS",
    "NO_CONTRACT",
    "multiplier_problem",
    "SURCOINCHE",
    "HAND_CLASS",
    "GAME_CLASS",
]

BID_KINDS: dict[str, int] = {
    "points": 0,
    "capot": 250,
    "capot_belote": 270,
    "generale": 500,
    "generale_belote": 520,
}
"""Bid kinds, lowest first, with the contract value of the named ones (RULES.md §3)."""
COINCHE, SURCOINCHE = "coinche", "surcoinche"
DOUBLES: dict[str, int] = {COINCHE: 2, SURCOINCHE: 4}
"""The calls that double (``coinche``) and redouble (``surcoinche``) the standing bid, with
the multiplier of its contract value (RULES.md §3).  The one copy: the auction, the players,
the advice and the conformance reader read it."""
MULTIPLIERS: tuple[int, ...] = (1, *DOUBLES.values())
"""A contract's possible multipliers: 1, then those of :data:`DOUBLES`."""
NO_CONTRACT: tuple[str, ...] = ("pass", *DOUBLES)
"""The calls that name no contract: a pass and the doubling calls."""


def multiplier_problem(multiplier: object) -> str | None:
    """What is wrong with ``multiplier`` as a contract's multiplier, in English; ``None`` if
    it is one of :data:`MULTIPLIERS`.

    >>> multiplier_problem(4) is None, multiplier_problem(3)
    (True, 'multiplier must be 1, 2 or 4, not 3')
    """
    if not isinstance(multiplier, bool) and multiplier in MULTIPLIERS:
        return None
    *head, last = MULTIPLIERS
    return f"multiplier must be {', '.join(map(str, head))} or {last}, not {multiplier!r}"

_KIND_ORDER = {k: i for i, k in enumerate(BID_KINDS)}
TRUMP_CODES = ("S", "H", "D", "C", "NT", "AT")
FAILED_BASE = 160  # what the defenders score (besides the contract value) when it fails
_BID_RE = re.compile(
    r"(?:(?P<points>[0-9]+)|(?P<named>capot|g[eé]n[eé]rale)(?:[ _]*(?P<belote>belote))?)"
    r"[ _]*(?P<trump>\S.*)",
    re.IGNORECASE | re.DOTALL,
)
"""A bid's text (spaces around it stripped): its value (ASCII digits, or a named bid), then
its trump, read by :meth:`Contract.parse` (so by the one suit reader)."""
_MOST_DIGITS = 9  # a longer value is no bid (and is never given to int())



# --- bids ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Bid:
    """One bid: a kind (``points`` or a named bid), its contract value and its trump code.

    >>> Bid.parse("110nt"), Bid.parse("capot belote ♠").text, Bid.parse("générale D").value
    (Bid('110NT'), 'capotbeloteS', 500)
    >>> Bid.parse("capotH").beats(Bid.parse("180S")), Bid.parse("90S").beats(Bid.parse("90H"))
    (True, False)
    """

    kind: str  # one of BID_KINDS
    value: int  # 80…180 for a points bid, 250/270/500/520 for the named ones
    trump: str  # S H D C NT AT

    def __post_init__(self) -> None:
        if self.kind not in BID_KINDS:
            raise ValueError(f"unknown bid kind {self.kind!r}")
        if self.trump not in TRUMP_CODES:
            raise ValueError(f"unknown trump {self.trump!r}")
        if self.kind != "points" and self.value != BID_KINDS[self.kind]:
            raise ValueError(f"a {self.kind} bid is worth {BID_KINDS[self.kind]}")

    @classmethod
    def parse(cls, text: str | Bid) -> Bid:
        """Read ``80H``, ``110NT``, ``capotS``, ``capotbeloteS``, ``generaleD`` …

        Case, the accent of *générale* and spaces or underscores between the words do not
        matter; the value is written in ASCII digits (no leading ``0``, no space inside); the
        trump is a suit letter or symbol (read by :meth:`~belote_lab.cards.Suit.parse`),
        ``NT``/``SA`` or ``AT``/``TA``.  Anything else raises ``ValueError`` naming the text.

        >>> Bid.parse(" 80 h "), Bid.parse("générale_belote NT")
        (Bid('80H'), Bid('generalebeloteNT'))
        >>> Bid.parse("80SH")
        Traceback (most recent call last):
        ...
        ValueError: unknown bid '80SH': no trump 'SH' (a bid is a value from 80 to 180 or \
capot or générale, then a trump: '80H', 'capotS')
        >>> Bid.parse("08 0H")
        Traceback (most recent call last):
        ...
        ValueError: unknown bid '08 0H': a value is written without a leading 0
        """
        if isinstance(text, Bid):
            return text
        if not isinstance(text, str):
            raise _unreadable("type", bid=repr(text))
        known = _PARSED.get(text)
        if known is not None:
            return known
        bid = cls._parse(text)
        if len(_PARSED) < 4096:
            _PARSED[text] = bid
        return bid

    @classmethod
    def _parse(cls, text: str) -> Bid:
        shown = repr(text) if len(text) <= 40 else repr(text[:40]) + "…"
        m = _BID_RE.fullmatch(text.strip())
        if not m:
            raise _unreadable("form", bid=shown)
        digits, trump = m.group("points"), m.group("trump")
        if digits is not None and len(digits) > 1 and digits.startswith("0"):
            raise _unreadable("zero", bid=shown)
        if digits is not None and len(digits) > _MOST_DIGITS:
            raise _unreadable("digits", bid=shown)
        try:
            contract = Contract.parse(trump)
        except CardParseError:
            trump = repr(trump) if len(trump) <= 40 else repr(trump[:40]) + "…"
            raise _unreadable("trump", bid=shown, trump=trump) from None
        if contract.kind is ContractKind.CALLBREAK:
            raise _unreadable("form", bid=shown)
        if digits is not None:
            return cls("points", int(digits), contract.code)
        named = "capot" if m.group("named").lower() == "capot" else "generale"
        kind = named + "_belote" if m.group("belote") else named
        return cls(kind, BID_KINDS[kind], contract.code)

    @classmethod
    def of(cls, value: int | str, trump: str) -> Bid:
        """A bid from the conformance form: ``value`` a number or ``capot``, ``capot_belote``,
        ``generale``, ``generale_belote``.

        >>> Bid.of(90, "H").text, Bid.of("capot_belote", "S").text
        ('90H', 'capotbeloteS')
        """
        code = Contract.parse(trump).code
        if isinstance(value, bool):
            raise ValueError(f"unknown bid value {value!r}")
        if isinstance(value, int):
            return cls("points", value, code)
        if isinstance(value, str) and value in BID_KINDS and value != "points":
            return cls(value, BID_KINDS[value], code)
        raise ValueError(f"unknown bid value {value!r}")

    @property
    def rank(self) -> tuple[int, int]:
        """Orders bids: 80 < … < 180 < capot < capot belote < générale < générale belote."""
        return (_KIND_ORDER[self.kind], self.value)

    def beats(self, other: Bid) -> bool:
        """Is this bid higher than ``other`` (the trump does not matter)?"""
        return self.rank > other.rank

    @property
    def name(self) -> int | str:
        """The value as in conformance answers: a number or the bid kind's name."""
        return self.value if self.kind == "points" else self.kind

    @property
    def text(self) -> str:
        head = str(self.value) if self.kind == "points" else self.kind.replace("_", "")
        return head + self.trump

    @property
    def contract(self) -> Contract:
        return Contract.parse(self.trump)

    @property
    def all_tricks(self) -> bool:
        """A capot or générale bid: made only by winning every trick."""
        return self.kind != "points"

    @property
    def needs_belote(self) -> bool:
        return self.kind.endswith("_belote")

    def describe(self, language: str = "en") -> str:
        """Plain words, e.g. ``110 ♥ trump`` or ``capot belote, ♠ trump``; in Korean (``ko``)
        the trump then the value, as seed 004 names the bids: ``하트 110``, ``스페이드 카포``.

        >>> Bid.parse("110H").describe(), Bid.parse("capotbeloteS").describe("ko")
        ('110 ♥ trump', '스페이드 카포 벨로트')
        """
        lang = "ko" if language == "ko" else "en"
        if lang == "en":
            trump = self.contract.describe()
        elif self.trump in ("NT", "AT"):
            trump = words.text(f"names.contract_{self.trump}", "ko")
        else:
            trump = suit_name(self.trump)
        if self.kind == "points":
            return words.text("coinche.bid_points", lang, value=self.value, trump=trump)
        kind = words.text(f"coinche.kind_{self.kind}", lang)
        return words.text("coinche.bid_named", lang, kind=kind, trump=trump)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Bid({self.text!r})"


def is_bid(call: object) -> bool:
    """Is ``call`` a bid (a value and a trump, :meth:`Bid.parse` reads it), not one of the
    auction's words (``pass``, ``coinche``, ``surcoinche``)?  A bid chooser offers the bids;
    the words are calls of their own.

    >>> [c for c in ("80H", "capotS", "generalebeloteNT", "coinche", "pass") if is_bid(c)]
    ['80H', 'capotS', 'generalebeloteNT']
    """
    try:
        Bid.parse(call)  # type: ignore[arg-type]
    except ValueError:
        return False
    return True


def _unreadable(key: str, **values: object) -> ValueError:
    """The bid reader's refusal ``coinche.unread_<key>`` (in English: the reader's words; the
    record's Korean is :func:`_bid_ko`'s), with the form of a bid where it says it."""
    return ValueError(words.text(f"coinche.unread_{key}", form=words.text("coinche.bid_form"),
                                 **values))


@functools.lru_cache(maxsize=1024)
def bid_problem(
    bid: Bid, rules: CoincheRules, options: bool = True, language: str = "en"
) -> str | None:
    """Why ``bid`` is not a bid these rules know (``None`` if it is one), in English or
    Korean (``ko``).

    With ``options=False`` only the value is checked (not NT/AT, générale, belote bids).

    >>> bid_problem(Bid.parse("85H"), CoincheRules())
    'bids go by tens: 85 is not a multiple of 10'
    >>> bid_problem(Bid.parse("generaleS"), CoincheRules())
    'générale bids are not allowed by these rules (option allow_generale)'
    >>> bid_problem(Bid.parse("85H"), CoincheRules(), language="ko")
    '공약은 10 단위로 걸므로 85는 걸 수 없습니다.'
    """
    key = _bid_problem_key(bid, rules, options)
    if key is None:
        return None
    lang = "ko" if language == "ko" else "en"
    if key == "highest" and lang == "ko":
        key = "highest_value"  # the Korean also names the value refused
    return words.text(
        f"coinche.bid_{key}", lang, value=bid.value, min=rules.min_bid, max=rules.max_bid
    )


def _bid_problem_key(bid: Bid, rules: CoincheRules, options: bool) -> str | None:
    """The key of what is wrong with ``bid`` (``coinche.bid_<key>``), or ``None``."""
    if bid.kind == "points":
        if bid.value % 10:
            return "tens"
        if bid.value < rules.min_bid:
            return "lowest"
        if bid.value > rules.max_bid:
            return "highest"
    if not options:
        return None
    if bid.trump == "NT" and not rules.allow_no_trump:
        return "NT"
    if bid.trump == "AT" and not rules.allow_all_trump:
        return "AT"
    if bid.kind.startswith("generale") and not rules.allow_generale:
        return "generale"
    if bid.needs_belote and not rules.allow_belote_bids:
        return "belote"
    return None


# --- the auction ---------------------------------------------------------------------------------
_PARSED: dict[str, Bid] = {}  # bids read so far (Bid is frozen): the auction's hot path


@functools.lru_cache(maxsize=64)
def _possible_bids(r: CoincheRules) -> tuple[list[tuple[int, int]], tuple[str, ...]]:
    """Every bid these rules allow, lowest first, as (ranks, texts): cached, the rules being
    frozen, so listing the calls is a binary search and a slice."""
    trumps = [t for t in TRUMP_CODES if bid_problem(Bid("points", r.min_bid, t), r) is None]
    kinds: list[tuple[str, int]] = [("points", v) for v in range(r.min_bid, r.max_bid + 1, 10)]
    kinds += [(k, v) for k, v in BID_KINDS.items() if k != "points"]
    out = []
    for kind, value in kinds:
        for t in trumps:
            b = Bid(kind, value, t)
            if bid_problem(b, r) is None:
                out.append(b)
    out.sort(key=lambda b: b.rank)  # stable: within a value the trumps keep their order
    return [b.rank for b in out], tuple(b.text for b in out)


class AuctionError(TakingError):
    """A call the auction refuses; ``index`` is the 0-based number of the call."""


def call_words_ko(call: object) -> str:
    """An auction call in Korean words: ``패스``, ``쿠앵슈``, ``하트 80``; anything else
    quoted as typed.

    >>> call_words_ko("pass"), call_words_ko("110nt"), call_words_ko("xyz")
    ('패스', '으뜸패 없음 110', '‘xyz’')
    """
    if isinstance(call, str):
        word = call.strip().lower()
        if word == "pass":
            return words.text("game.call_pass", "ko")
        if word in DOUBLES:
            return words.text(f"coinche.call_{word}", "ko")
        try:
            return Bid.parse(call).describe("ko")
        except ValueError:
            pass
    return typed(call)


class Auction(Bidding):
    """The Coinche auction; ``calls`` holds ``(seat, call)`` pairs, calls normalised.

    ``result`` is ``None`` while it runs, then ``("contract", bidder, trump)`` or
    ``("redeal",)`` (the same shape as :class:`~belote_lab.games.taking.Taking`'s).

    >>> a = Auction(dealer=0)                       # N deals: E speaks first
    >>> for c in ("80H", "pass", "pass", "pass"):
    ...     a.call(c)
    >>> a.result, a.contract_json()
    (('contract', 1, 'H'), {'bidder': 'E', 'value': 80, 'trump': 'H', 'multiplier': 1})
    >>> a = Auction(dealer=0)
    >>> a.call("90S"); a.call("pass"); a.call("coinche")
    Traceback (most recent call last):
    ...
    belote_lab.games.coinche.AuctionError: call 3 by W: W cannot coinche partner E's 90S
    """

    def __init__(self, dealer: int, rules: CoincheRules | None = None) -> None:
        self.dealer = dealer
        self.rules = rules or CoincheRules()
        self.order = tuple((dealer + 1 + k) % 4 for k in range(4))
        self.calls: list[tuple[int, str]] = []
        self._reset()

    def _reset(self) -> None:
        self.bid: Bid | None = None  # the highest bid so far
        self.bidder: int = -1
        self.multiplier: int = 1
        self.passes: int = 0  # passes since the last bid (or since the start)
        self.coinched_by: int = -1
        self.surcoinched_by: int = -1
        self.result: tuple[str, int, str] | tuple[str] | None = None

    # --- queries ---------------------------------------------------------------------------------
    @property
    def next_seat(self) -> int | None:
        """Whose turn it is to speak (``None`` once the auction is over)."""
        if self.result is not None:
            return None
        return self.order[len(self.calls) % 4]

    @property
    def over(self) -> bool:
        return self.result is not None

    def legal_calls(self) -> list[str]:
        """Every call the next player may make: the bids above the highest one (lowest
        first), then ``coinche`` when allowed, then ``pass``; after a coinche only
        ``surcoinche`` and ``pass``.

        >>> a = Auction(0)
        >>> for c in ("170D", "pass", "pass"): a.call(c)
        >>> a.legal_calls()
        ['180S', '180H', '180D', '180C', 'capotS', 'capotH', 'capotD', 'capotC', 'coinche', 'pass']
        """
        seat = self.next_seat
        if seat is None:
            return []
        if self.coinched_by >= 0:
            return [SURCOINCHE, "pass"]
        ranks, texts = _possible_bids(self.rules)
        start = 0 if self.bid is None else bisect.bisect_right(ranks, self.bid.rank)
        out = list(texts[start:])
        if self.bid is not None and seat % 2 != self.bidder % 2:
            out.append(COINCHE)
        out.append("pass")
        return out

    def legal_bids(self) -> list[str]:
        """The bids among :meth:`legal_calls`, lowest first (without ``coinche`` and ``pass``).

        >>> a = Auction(0)
        >>> for c in ("170D", "pass"): a.call(c)
        >>> a.legal_bids()[:3], len(a.legal_calls()) - len(a.legal_bids())
        (['180S', '180H', '180D'], 1)
        """
        return [c for c in self.legal_calls() if is_bid(c)]

    def lowest_bid_off_their_trump(self) -> str | None:
        """The lowest legal bid of the seat to speak whose trump is not the trump of the
        opponents' highest bid so far: a first offer that never silently overcalls the
        opponents in their own suit (which the lowest legal bid often is).  The lowest bid
        when the highest is the partner's, or every bid is in their trump; ``None`` when no
        bid is legal.

        >>> a = Auction(0)                      # E speaks first, then S
        >>> a.call("100H"); a.legal_bids()[0], a.lowest_bid_off_their_trump()
        ('110S', '110S')
        >>> a.call("110S"); a.legal_bids()[0], a.lowest_bid_off_their_trump()  # W: S is theirs
        ('120S', '120H')
        """
        bids = self.legal_bids()
        if not bids:
            return None
        seat = self.next_seat
        theirs = None
        if self.bid is not None and self.bidder >= 0 and seat is not None and (
            self.bidder % 2 != seat % 2
        ):
            theirs = self.bid.trump
        return next((b for b in bids if Bid.parse(b).trump != theirs), bids[0])

    def contract_json(self) -> dict[str, Any] | None:
        """The contract as in conformance answers (``None`` until the auction has one)."""
        if self.result is None or self.result[0] != "contract" or self.bid is None:
            return None
        return {
            "bidder": SEATS[self.bidder],
            "value": self.bid.name,
            "trump": self.bid.trump,
            "multiplier": self.multiplier,
        }

    # --- calls -----------------------------------------------------------------------------------
    def verify(self, call: str) -> str:
        """The call normalised (``pass``, ``coinche``, ``surcoinche``, ``110NT`` …) or
        :class:`AuctionError` saying why it may not be made now (``e.text("ko")`` in Korean).

        >>> a = Auction(dealer=0)
        >>> a.call("90S"); a.call("pass")
        >>> try:
        ...     a.verify("coinche")
        ... except AuctionError as e:
        ...     print(e.text("ko"))
        스페이드 90은 같은 팀인 동쪽의 공약이므로 서쪽은 쿠앵슈할 수 없습니다.
        """
        index = len(self.calls)
        if self.result is not None:
            raise AuctionError(
                words.text("coinche.over_late", n=index + 1, call=repr(call)),
                index,
                words.text("coinche.over", "ko", call=call_words_ko(call)),
            )
        seat = self.next_seat
        assert seat is not None
        who = SEATS[seat]

        def refuse(key: str, en: dict[str, object], ko: dict[str, object]) -> AuctionError:
            """The refusal ``coinche.<key>`` of this call, with its values in each language."""
            why = words.text(f"coinche.{key}", who=who, **en)
            said = words.text(f"coinche.{key}", "ko", who=seat_word(seat), **ko)
            return refused(why, said)

        def refused(why: str, said: str) -> AuctionError:
            """This call refused: ``why`` in English (after its number and seat), ``said`` in
            Korean."""
            return AuctionError(
                words.text("game.call_refused", n=index + 1, seat=who, why=why), index, said
            )

        if not isinstance(call, str):
            raise refuse("unknown_type", {"call": repr(call)}, {"call": typed(call)})
        word = call.strip().lower() if call.isascii() else call  # ASCII words only
        bid: Bid | None = None
        if word in ("pass", "passe"):
            norm = "pass"
        elif word in ("coinche", "surcoinche", "sur-coinche", "sur coinche"):
            norm = word.replace("-", "").replace(" ", "")
        else:
            try:
                bid = Bid.parse(call)
            except ValueError:
                raise refuse("unknown", {"call": repr(call)}, {"call": typed(call)}) from None
            norm = bid.text
        return self._verify_norm(norm, bid, refuse, refused)

    def _verify_norm(self, norm: str, bid: Bid | None, refuse: Any, refused: Any) -> str:
        """:meth:`verify` of a call read as ``norm`` (``bid`` if it is a bid)."""
        seat = self.next_seat
        assert seat is not None
        # the highest bid so far and its bidder, in each language's words (the Korean ones
        # written only for a refusal: a call made is verified on every replayed deal)
        en: dict[str, object] = {} if self.bid is None else {
            "highest": self.bid, "bidder": SEATS[self.bidder]
        }

        def ko() -> dict[str, object]:
            return {} if self.bid is None else {
                "highest": self.bid.describe("ko"), "bidder": seat_word(self.bidder)
            }

        if self.coinched_by >= 0:
            if norm in (SURCOINCHE, "pass"):
                return norm
            by = self.coinched_by
            raise refuse("after_coinche", {"by": SEATS[by]}, {"by": seat_word(by)})
        if norm == "pass":
            return norm
        if norm == COINCHE:
            if self.bid is None:
                raise refuse("no_bid", {}, {})
            if seat % 2 == self.bidder % 2:
                raise refuse("partner", en, ko())
            return norm
        if norm == SURCOINCHE:
            raise refuse("no_coinche", {}, {})
        assert bid is not None
        problem = bid_problem(bid, self.rules)
        if problem is not None:
            raise refused(problem, bid_problem(bid, self.rules, language="ko"))
        if self.bid is not None and not bid.beats(self.bid):
            raise refuse(
                "not_higher", {**en, "bid": bid}, {**ko(), "bid": bid.describe("ko")}
            )
        return norm

    def _apply(self, norm: str) -> None:
        seat = self.next_seat
        assert seat is not None
        self.calls.append((seat, norm))
        if self.coinched_by >= 0:  # the one call after a coinche ends the auction
            if norm == SURCOINCHE:
                self.multiplier = DOUBLES[SURCOINCHE]
                self.surcoinched_by = seat
            self._end()
        elif norm == "pass":
            self.passes += 1
            if self.bid is None and self.passes == 4:
                self.result = ("redeal",)
            elif self.bid is not None and self.passes == 3:
                self._end()
        elif norm == COINCHE:
            self.coinched_by = seat
            self.multiplier = DOUBLES[COINCHE]
        else:
            self.bid = Bid.parse(norm)
            self.bidder = seat
            self.passes = 0

    def _end(self) -> None:
        assert self.bid is not None
        self.result = ("contract", self.bidder, self.bid.trump)

    def truncate(self, n: int) -> None:
        """Keep only the first ``n`` calls (undo)."""
        calls = self.calls[:n]
        self.calls = []
        self._reset()
        for _, c in calls:
            self._apply(c)

    def undo(self) -> None:
        """Take back the last call."""
        if not self.calls:
            raise AuctionError(
                words.text("coinche.undo_none"), 0, words.text("coinche.undo_none", "ko")
            )
        self.truncate(len(self.calls) - 1)

    def copy(self) -> Auction:
        a = Auction.__new__(Auction)
        a.__dict__.update(self.__dict__)
        a.calls = list(self.calls)
        return a


# --- scoring -------------------------------------------------------------------------------------
def round_half_up(x: int) -> int:
    """*R(x)*: ``x`` rounded half up to the nearest 10.

    >>> round_half_up(86), round_half_up(85), round_half_up(84), round_half_up(162)
    (90, 90, 80, 160)
    """
    return (x + 5) // 10 * 10


@dataclass(frozen=True)
class CoincheResult:
    """The outcome of one Coinche hand, per team (``NS``/``EW``)."""

    points: dict[str, int]  # card points with dix de der, before contract rules
    belote: dict[str, int]
    declarations: dict[str, int]
    score: dict[str, int]  # what each team scores for the hand
    made: bool
    bid: str  # e.g. "110H", "capotS"
    bidder: str
    multiplier: int
    tricks: dict[str, int]  # tricks won per seat
    capot: str | None  # the team that won every trick, if one did

    held: ClassVar[int] = 0  # Coinche has no litige: nothing is ever held in reserve

    def to_json(self) -> dict[str, Any]:
        return fields_json(self, (
            "points", "belote", "declarations", "score", "made", "bid", "bidder", "multiplier",
            "tricks", "capot",
        ))

    def why(self, language: str = "en") -> str:
        """One sentence on why the contract was made or failed, in English or Korean (``ko``).

        >>> r = score_coinche((73, 89), (2, 2, 2, 2), Bid.parse("80D"), 1, 2, belote_seat=2)
        >>> r.why()
        "EW bid 80D (coinche, ×2) and failed: 89 points (belote included) do not exceed NS's 93."
        >>> print(r.why("ko"))  # doctest: +NORMALIZE_WHITESPACE
        동서 팀이 다이아몬드 80(쿠앵슈, ×2)을 공약했지만 89점으로 남북 팀의 93점(벨로트 포함)보다
        많지 않으므로 실패했습니다.
        """
        if language not in ("en", "ko"):
            raise ValueError(f"language must be 'en' or 'ko', not {language!r}")
        lang = language
        bid = Bid.parse(self.bid)
        att = TEAMS[parse_seat(self.bidder) % 2]
        dfn = TEAMS[1 - parse_seat(self.bidder) % 2]
        shown = bid.describe("ko") if lang == "ko" else bid.text
        if self.multiplier != 1:
            shown = words.text(f"coinche.mult_{self.multiplier}", lang, bid=shown)

        def total(team: str) -> object:  # in Korean: points, saying so when a belote is in them
            n = self.points[team] + self.belote[team]
            if lang == "en":
                return n
            return words.text("coinche.points_belote" if self.belote[team] else "coinche.points",
                              "ko", n=n)

        values: dict[str, object] = {
            "att": team_name(att) if lang == "ko" else att,
            "dfn": team_name(dfn) if lang == "ko" else dfn,
            "bid": shown, "value": bid.value, "a": total(att), "d": total(dfn),
        }
        if not bid.all_tricks:
            a = self.points[att] + self.belote[att]
            key = "made" if self.made else "short" if a < bid.value else "not_beat"
            return words.text(f"coinche.why_{key}", lang, **values)
        alone = bid.kind.startswith("generale")
        won = self._tricks_of(self.bidder if alone else att)
        if lang == "en":  # who had to win every trick: the bidder, or its team
            who = self.bidder if alone else att
        elif alone:  # 북쪽이 혼자 (a générale), before 8트릭을
            who = words.text("coinche.alone", "ko", seat=seat_word(self.bidder)) + " "
        else:  # nothing: the team is the sentence's subject
            who = ""
        return words.text(f"coinche.why_{self._all_tricks_key(bid, att, won)}", lang,
                          who=who, won=won, **values)

    def _all_tricks_key(self, bid: Bid, att: str, won: int) -> str:
        """Which sentence says why a capot or générale bid was made or failed: by the tricks
        ``won`` and, for a belote bid, whether the bidding team scored the belote (the English
        says so: ``(yes)``)."""
        if self.made:
            return "all_made_belote" if bid.needs_belote else "all_made"
        if not bid.needs_belote:
            return "all_none" if won == 0 else "all_failed"
        yes = "yes" if self.belote[att] else "no"
        if won == 8:
            return f"no_belote_{yes}"
        return f"belote_none_{yes}" if won == 0 else f"belote_failed_{yes}"

    def _tricks_of(self, who: str) -> int:
        """The tricks won by the bidder (a seat letter) or by a team (``NS``/``EW``)."""
        if who == self.bidder:
            return self.tricks[self.bidder]
        return sum(n for s, n in self.tricks.items() if parse_seat(s) % 2 == TEAMS.index(who))


def score_coinche(
    points: tuple[int, int] | list[int],
    tricks: tuple[int, ...] | list[int],
    bid: Bid | str,
    bidder: int,
    multiplier: int = 1,
    belote_seat: int = -1,
    declarations: tuple[int, int] = (0, 0),
) -> CoincheResult:
    """Score a Coinche hand (RULES.md §3).

    ``points`` per team (0 = NS, 1 = EW: card points with dix de der), ``tricks`` won per
    seat, ``belote_seat`` the seat that scored the belote (-1: nobody), ``declarations``
    per team (added to the score; they do not count towards the contract).

    >>> score_coinche((85, 77), (2, 2, 2, 2), "80D", bidder=2, multiplier=2, belote_seat=0).score
    {'NS': 270, 'EW': 80}
    >>> score_coinche((141, 21), (3, 1, 3, 1), "capotS", bidder=0).score
    {'NS': 0, 'EW': 410}
    """
    b = Bid.parse(bid)
    problem = multiplier_problem(multiplier)
    if problem is not None:
        raise ValueError(problem)
    att = bidder % 2
    dfn = 1 - att
    belote = [0, 0]
    if belote_seat >= 0:
        belote[belote_seat % 2] = 20
    team_tricks = [tricks[0] + tricks[2], tricks[1] + tricks[3]]
    total = sum(tricks)
    if b.kind.startswith("generale"):
        made = tricks[bidder] == total and (not b.needs_belote or belote_seat == bidder)
    elif b.all_tricks:
        made = team_tricks[att] == total and (not b.needs_belote or belote[att] > 0)
    else:
        a = points[att] + belote[att]
        made = a >= b.value and a > points[dfn] + belote[dfn]
    score = [0, 0]
    contract_points = b.value * multiplier
    if made:
        score[att] = round_half_up(points[att]) + contract_points
        score[dfn] = round_half_up(points[dfn])
    else:
        score[dfn] = FAILED_BASE + contract_points
    for k in (0, 1):
        score[k] += belote[k] + declarations[k]
    capot = next((TEAMS[k] for k in (0, 1) if team_tricks[k] == total and total), None)
    return CoincheResult(
        points={"NS": points[0], "EW": points[1]},
        belote={"NS": belote[0], "EW": belote[1]},
        declarations={"NS": declarations[0], "EW": declarations[1]},
        score={"NS": score[0], "EW": score[1]},
        made=made,
        bid=b.text,
        bidder=SEATS[bidder],
        multiplier=multiplier,
        tricks={SEATS[s]: tricks[s] for s in range(4)},
        capot=capot,
    )


# --- the hand ------------------------------------------------------------------------------------
class CoincheHand(BeloteHand):
    """One hand of Coinche, from the deal to the score.

    The same surface as :class:`BeloteHand` (``phase``, ``current_player``, ``call`` /
    ``verify_call`` / ``can_call`` / ``legal_calls``, ``play``, ``undo``, ``copy``,
    ``seat_view``, ``to_json``/``from_json``, ``result``); the auction is :attr:`auction`,
    the contract in force :attr:`bid` × :attr:`multiplier` by :attr:`bidder`.

    Dealing from ``deck``: the k-th player after the dealer gets cards ``8k … 8k+7``.
    """

    game = "coinche"
    rules: CoincheRules  # type: ignore[assignment]
    result: CoincheResult | None  # type: ignore[assignment]

    def __init__(
        self,
        rules: CoincheRules | None = None,
        dealer: int | str = 0,
        seed: int | None = None,
        deck: list[Card] | list[str] | None = None,
    ) -> None:
        self.rules = rules or CoincheRules()
        self.dealer = parse_seat(dealer)
        self.reserve = 0
        cards = shuffled_deck(seed, deck)
        self.deck = tuple(cards)
        self.seed = seed
        self._init_play_fields()
        for k in range(4):
            m = 0
            for c in cards[8 * k : 8 * k + 8]:
                m |= 1 << c
            self.hands[(self.dealer + 1 + k) % 4] = m
        self.turned = None
        self.taking = Auction(self.dealer, self.rules)  # type: ignore[assignment]
        self._setup_common()
        self.to_play = (self.dealer + 1) % 4  # the first to speak

    def _setup_common(self) -> None:
        super()._setup_common()
        self._bid: Bid | None = None  # the contract of a hand started by from_hands
        self._multiplier = 1

    @classmethod
    def from_hands(  # type: ignore[override]
        cls,
        hands: dict[str, Any] | list[Any],
        contract: Bid | str,
        taker: int | str,
        first_leader: int | str,
        rules: CoincheRules | None = None,
        reserve: int = 0,
        *,
        multiplier: int = 1,
    ) -> CoincheHand:
        """A hand that starts at the first card, after an auction that gave ``contract``
        (a bid such as ``"90H"`` or ``"capotS"``; a bare trump means the lowest bid) to
        ``taker`` with ``multiplier`` (1, 2 after a coinche, 4 after a surcoinche).

        >>> h = CoincheHand.from_hands({"N": "JH 9H AH TH KH QH 8H 7H",
        ...     "E": "AS TS KS QS JS 9S 8S 7S", "S": "AD TD KD QD JD 9D 8D 7D",
        ...     "W": "AC TC KC QC JC 9C 8C 7C"}, "capotH", taker="N", first_leader="N")
        >>> for c in "JH 7S 7D 7C".split():
        ...     h.play(c)
        >>> str(h.bid), SEATS[h.bidder], h.trick_number
        ('capotH', 'N', 2)
        """
        rules = rules or CoincheRules()
        if reserve:
            raise ValueError("Coinche has no litige: nothing can be held in reserve")
        if isinstance(contract, str) and ascii_upper(contract.strip()) in TRUMP_CODES:
            bid = Bid("points", rules.min_bid, ascii_upper(contract.strip()))
        else:
            bid = Bid.parse(contract)
        problem = bid_problem(bid, rules, options=False)
        if problem is not None:
            raise ValueError(problem)
        problem = multiplier_problem(multiplier)
        if problem is not None:
            raise ValueError(problem)
        h = super().from_hands(hands, bid.trump, taker, first_leader, rules)
        assert isinstance(h, CoincheHand)
        h._bid = bid
        h._multiplier = multiplier
        return h

    # --- the contract ----------------------------------------------------------------------------
    @property
    def auction(self) -> Auction | None:
        """The auction (``None`` for a hand started by :meth:`from_hands`)."""
        a = self.taking
        return a if isinstance(a, Auction) else None

    @property
    def bid(self) -> Bid | None:
        """The bid in force: the highest so far during the auction, then the contract's."""
        a = self.auction
        return a.bid if a is not None else self._bid

    def bid_seat(self) -> int:
        """The seat whose bid is in force (the taker once the auction is over), -1 before any
        bid: the ``bidder`` of :meth:`seat_view`.

        >>> h = CoincheHand(seed=1, dealer="N"); h.bid_seat()
        -1
        >>> h.call("80H"); h.bid_seat()
        1
        """
        a = self.auction
        return self.taker if self.taker >= 0 else (a.bidder if a is not None else -1)

    @property
    def multiplier(self) -> int:
        """1, 2 after a coinche, 4 after a surcoinche."""
        a = self.auction
        return a.multiplier if a is not None else self._multiplier

    @property
    def bidder(self) -> int | None:
        """The seat that won the auction (``None`` before the auction is over)."""
        return None if self.taker < 0 else self.taker

    def call(self, call: str, seat: int | str | None = None) -> None:
        """Make an auction call: a bid (``80H``, ``110NT``, ``capotS`` …), ``pass``,
        ``coinche`` or ``surcoinche``.  An illegal call raises
        :class:`~belote_lab.games.base.IllegalAction` with the reason and changes nothing."""
        super().call(call, seat)

    def _complete_deal(self, taker: int) -> None:
        """Nothing to do: every card was dealt before the auction."""

    # --- scoring ---------------------------------------------------------------------------------
    def _on_hand_end(self) -> None:
        bid = self.bid
        assert bid is not None
        pts = [self.won_points[0] + self.won_points[2], self.won_points[1] + self.won_points[3]]
        scorer = self.belote_seat if self.belote_seat >= 0 and self.belote_played == 2 else -1
        d = self.declared
        self.result = score_coinche(
            pts,
            self.won_tricks,
            bid,
            self.taker,
            self.multiplier,
            scorer,
            (d["NS"], d["EW"]),
        )
        if self.result.capot:
            self.events.append(Event("capot", self.tricks[-1].winner, 8, 0, self.result.capot))

    def _load_extra(self, s: tuple[Any, ...]) -> None:
        n = s[-1]
        a = self.auction
        if a is not None and n is not None and len(a.calls) > n:
            a.truncate(n)
        super()._load_extra(s)

    # --- values ----------------------------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        return (*super()._key(), self._bid, self._multiplier)

    def seat_view(self, seat: int | str) -> dict[str, Any]:
        """What ``seat`` may see: its own cards, the calls, the bid in force, played cards.

        >>> v = CoincheHand(seed=1).seat_view("E")
        >>> len(v["hand"]), v["calls"], v["bid"]
        (8, [], None)
        """
        v = super().seat_view(seat)
        del v["turned"]
        bid = self.bid
        v["bid"] = None if bid is None else bid.text
        bidder = self.bid_seat()
        v["bidder"] = None if bidder < 0 else SEATS[bidder]
        v["multiplier"] = self.multiplier
        return v

    def _record_deal(self) -> dict[str, Any]:
        if self.deck:
            return {"deck": [c.text for c in self.deck]}
        assert self._bid is not None
        start = {
            "hands": {SEATS[s]: [c.text for c in CardSet(m)] for s, m in enumerate(self.original)},
            "bid": self._bid.text,
            "bidder": SEATS[self.taker],
            "multiplier": self._multiplier,
            "first_leader": SEATS[self._first_leader()],
        }
        return {"start": start}

    _RECORD_KEYS: tuple[str, ...] = ("declarations",)
    """The keys of a Coinche hand record besides those of every game (no reserve; the seats'
    choices about their declarations, as in Belote)."""

    @classmethod
    def _record_hand(cls, data: dict[str, Any], rules: Any) -> CoincheHand:
        from belote_lab.games.record import (
            NEEDS_DECK,
            NEEDS_DECK_KO,
            RecordError,
            check_keys,
            expected,
            hands_field,
            korean_of,
            need_keys,
            seat_field,
            str_field,
        )

        dealer = seat_field(data.get("dealer", "N"), "dealer")
        if "deck" in data:
            return cls(rules, dealer=dealer, deck=cls._record_deck(data))
        st = data.get("start")
        if not isinstance(st, dict):
            raise RecordError(NEEDS_DECK, field="start", ko=NEEDS_DECK_KO)
        keys = ("hands", "bid", "bidder", "multiplier", "first_leader")
        check_keys(st, keys, "start")
        need_keys(st, keys, "start")
        named = "32-card deck"
        hands = hands_field(st["hands"], "start.hands", (0, 1, 2, 3), 8, BELOTE_MASK, named)
        bid = str_field(st, "bid", "start.bid")
        bidder = seat_field(st["bidder"], "start.bidder")
        multiplier = st["multiplier"]
        if multiplier_problem(multiplier) is not None:
            raise expected(
                "start.multiplier", words.text("coinche.record_multiplier"), multiplier,
                words.text("coinche.record_multiplier", "ko"),
            )
        first = seat_field(st["first_leader"], "start.first_leader")
        try:
            h = cls.from_hands(hands, bid, bidder, first, rules, multiplier=multiplier)
        except ValueError as e:
            ko = words.text("coinche.record_start_bid", "ko", error=_bid_ko(bid, rules))
            if isinstance(e, CardParseError):
                ko = korean_of(e) or ko
            raise RecordError(
                words.text("coinche.record_start_bid", error=e), field="start.bid", ko=ko
            ) from None
        cls._check_record_dealer(data, h)
        return h

    def __repr__(self) -> str:
        bid = self.bid
        c = "-" if bid is None else f"{bid}×{self.multiplier}"
        by = f" by {SEATS[self.taker]}" if self.taker >= 0 else ""
        return (
            f"<CoincheHand dealer={SEATS[self.dealer]} phase={self.phase} bid={c}{by} "
            f"trick={self.trick_number}>"
        )


def _bid_ko(text: str, rules: CoincheRules) -> str:
    """Why a record's ``start.bid`` cannot start a hand, in Korean (after ``‘start.bid’ 항목의``).

    >>> _bid_ko("xyz", CoincheRules())
    '‘xyz’는 공약으로 읽을 수 없습니다.'
    >>> _bid_ko("85H", CoincheRules())
    '공약 ‘85H’는 쓸 수 없습니다. 공약은 10 단위로 걸므로 85는 걸 수 없습니다.'
    """
    shown = quoted(text if len(text) <= 40 else text[:40] + "…")
    try:
        code = ascii_upper(text.strip())
        bid = Bid("points", rules.min_bid, code) if code in TRUMP_CODES else Bid.parse(text)
    except ValueError:
        return words.text("coinche.bid_unreadable", "ko", bid=shown)
    problem = bid_problem(bid, rules, options=False, language="ko")
    if problem is not None:
        return words.text("coinche.bid_unusable", "ko", bid=shown, problem=problem)
    return words.text("coinche.bid_cannot_start", "ko", bid=shown)


# --- the game ------------------------------------------------------------------------------------
class CoincheGame(BeloteGame):
    """A game of Coinche: hands until a team's total exceeds ``rules.target`` (2000).

    >>> g = CoincheGame(seed=3)
    >>> from belote_lab.players import RandomPlayer
    >>> g.play_out({s: RandomPlayer(seed=s) for s in range(4)})
    >>> g.is_over and max(g.totals.values()) > 2000
    True
    """

    hand_class = CoincheHand
    rules: CoincheRules  # type: ignore[assignment]

    def __init__(
        self, rules: CoincheRules | None = None, seed: int | None = None, dealer: int | str = 0
    ) -> None:
        super().__init__(rules or CoincheRules(), seed, dealer)  # type: ignore[arg-type]

    def _new_hand(self, dealer: int) -> CoincheHand:
        return CoincheHand(self.rules, dealer=dealer, seed=self._rng.getrandbits(32))


HAND_CLASS = CoincheHand
GAME_CLASS = CoincheGame


def outcome(state: Any, seat: int, value: int, left: int, tricks_left: int,
            hands: list[int]) -> CoincheResult:
    """Coinche's result of the hand when ``seat``'s team takes ``value`` of the ``left``
    points still to win (see :class:`Game`.outcome): the bid, its multiplier, the belote
    and the declarations of the hand."""
    team = seat % 2
    side = (team, team + 2)
    others = (1 - team, 3 - team)
    pts, tricks = margin_totals(state, side, value, left, tricks_left)
    holder = belote_holder_now(state, hands)
    by_team = [pts[0], pts[1]] if team == 0 else [pts[1], pts[0]]
    d = state.declared
    per_seat = list(state.won_tricks)
    per_seat[seat] += tricks[0] - sum(state.won_tricks[s] for s in side)
    per_seat[others[0]] += tricks[1] - sum(state.won_tricks[s] for s in others)
    return score_coinche(by_team, per_seat, state.bid, state.taker, state.multiplier, holder,
                         (d["NS"], d["EW"]))


def margin(state: Any, seat: int, value: int, left: int, tricks_left: int,
           hands: list[int]) -> float:
    """Coinche's score margin for ``seat``'s team (see :class:`Game`.margin)."""
    r = outcome(state, seat, value, left, tricks_left, hands)
    mine, theirs = ("NS", "EW") if seat % 2 == 0 else ("EW", "NS")
    return float(r.score[mine] - r.score[theirs])


GAME = replace(
    BELOTE_GAME,  # the same table, deck and follow rules as four-player Belote
    name="coinche",
    title=words.text("names.game_coinche", "en"),
    title_ko=words.text("names.game_coinche", "ko"),
    margin=margin,
    outcome=outcome,
    module=__name__,
    batch="coinche",
    bidding="auction",
    rules_class=CoincheRules,
    hand_class=CoincheHand,
    match_class=CoincheGame,
)
