"""Duplicate match: our level 3 or 4 against colver's IS-DD(10) agent in Coinche (issue 27, 5).

    python benchmarks/duplicate_colver.py [--level 3] [--deals 800] [--seed 0] [--jobs 1]
                                          [--checkpoint N] [--out FILE] [--quiet] [--regret]
                                          [--tell CLASS[@TRICK]] [--per-deal FILE]
                                          [--pair-with FILE]

Each seeded deal is played twice with the same cards: our level-N players at N–S and colver's
agents (:data:`colver_adapter.ISDD10`: heuristic bidding, IS-DD with 10 uniform
determinizations a card, no model file) at E–W, then the other way round.  The contract is
fixed, not bid: the dealer rotates with the deal, the taker is the ``k``-th seat to speak
(``k`` rotating too) and bids 80 in its longest suit (ties: the most trump points, then
S H D C); the auction is ``k`` passes, that bid, three passes, stepped on both engines (our
:class:`~belote_lab.games.coinche.CoincheHand` with ``first_lead="eldest"``, colver's rule:
the player after the dealer speaks first and leads).  Nobody coinches.

At every card both engines must agree on the seat to play and its legal cards, and at the end
on the card points (:class:`colver_adapter.Replica`): a disagreement stops the run and prints
the position.  Printed: the number of deals; our side's card points a deal minus colver's side's
(dix de der in, belote and capot bonuses out; the mean of the two seatings) with its 95%
interval over deals (paired: each deal's two seatings together); the same for the Coinche score
of the hand; the seconds a card of our players (every card, and only the cards with a choice)
and of colver's agents; the load average before and after.

With ``--regret`` every card with a choice is also solved on the real deal, and its double-dummy
*regret* (the best card's value minus the card's, for the side that played it) is kept: the
report adds each side's regret a seating, by trick, by place in the trick and by role (the
taker's side or the defence), and checks the identity that makes it the match's own measure —
a deal's card-point margin is exactly the sum over its two seatings of colver's regrets minus
ours (each seating's double-dummy value of the deal cancels between the two), see
:func:`regret_report`.

With ``--tell CLASS`` (a diagnostic, not a player: it measures what information is worth) each
of our seats is told, at every card it chooses, which cards of ``CLASS`` its partner holds —
``hand`` (every card), ``honours`` (the aces and tens, the trump jack and nine), ``aces``,
``tens``, ``trumps``, ``acestens`` (the honours but the trump jack and nine) or ``jacknine``
(those two) — and so also that its partner holds none of the other cards of the class
(``CLASS@T``: from trick ``T`` on); the sampler and the inference take it as they take the
turned card, see :func:`told_observation`.  ``--per-deal FILE`` writes each deal's figures as
JSON lines; ``--pair-with FILE`` reads such a file of another run (the same seed) and reports
this run's card points a deal minus that run's, paired deal by deal, with its 95% interval.

The issue's run (800 deals, level 3 then level 4): ``make bench-colver`` (``COLVER_DEALS``,
``COLVER_LEVELS``), or ``python benchmarks/duplicate_colver.py --level 4 --deals 800``.
Targets (issue 27): level 4 ≥ +10 card points a deal at ≤ 0.6 s a card; level 3 ≥ +0 at ≤ 0.1 s.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from colver_adapter import (  # benchmarks/colver_adapter.py
    ISDD10,
    PASS,
    Replica,
    auction_actions,
    emitter,
    mean_ci,
    require,
)
from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.cards import BELOTE_MASK, SEATS, Rank, mask_cards
from belote_lab.games import get
from belote_lab.games.coinche import CoincheHand
from belote_lab.players import player_for, sampling
from belote_lab.solver import solve

SUITS = "SHDC"
TRUMP_POINTS = {9: 20, 7: 14, 12: 11, 8: 10, 11: 4, 10: 3}  # our rank index → points in trump


def trump_of(mask: int) -> str:
    """The suit a taker holding ``mask`` bids: its longest, then the most trump points, then
    the first of S H D C.

    >>> from belote_lab.cards import mask_of
    >>> trump_of(mask_of("JH 9H 7H 8H AS TS KS 7C".split()))
    'H'
    >>> trump_of(mask_of("AS TS 7S JH 9H 8H QD 7C".split()))  # 3 each: 34 trump points to 21
    'H'
    >>> trump_of(mask_of("AS TS KS JH 9H 8H QD 7C".split()))  # 3 each: 34 to 25
    'H'
    >>> trump_of(mask_of("AS TS KS QS JH 9H QD 7C".split()))
    'S'
    """
    def key(s: int) -> tuple[int, int, int]:
        cards = [c for c in mask_cards(mask) if c >> 4 == s]
        return len(cards), sum(TRUMP_POINTS.get(c & 15, 0) for c in cards), -s

    return SUITS[max(range(4), key=key)]


@dataclass
class Deal:
    """One deal's figures: ours minus colver's, mean of the two seatings."""

    index: int
    seed: int
    points: float
    score: float


@dataclass(frozen=True)
class Regret:
    """One card with a choice: who played it, where, and its double-dummy regret (card points
    its side lost against the best card on the real deal)."""

    deal: int
    ours: bool  # played by our level's seat (else colver's)
    attack: bool  # the taker's side
    trick: int  # 1–8
    place: int  # cards already in the trick
    regret: int


@dataclass
class Result:
    level: int
    deals: list[Deal] = field(default_factory=list)
    track_regret: bool = False
    regrets: list[Regret] = field(default_factory=list)
    our_cards: int = 0
    our_seconds: float = 0.0
    our_choice_cards: int = 0
    our_choice_seconds: float = 0.0
    cv_cards: int = 0
    cv_seconds: float = 0.0
    wall: float = 0.0
    tell: str = ""  # --tell: what our seats are told of their partner's hand ("" nothing)

    def merge(self, other: Result) -> None:
        self.deals += other.deals
        self.deals.sort(key=lambda d: d.index)
        self.regrets += other.regrets
        for name in ("our_cards", "our_seconds", "our_choice_cards", "our_choice_seconds",
                     "cv_cards", "cv_seconds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.wall = max(self.wall, other.wall)


def deal_setup(index: int) -> tuple[int, int]:
    """``(dealer, taker)`` of deal ``index``: the dealer turns every deal, the taker's place
    after the dealer every four deals (16 combinations).

    >>> [deal_setup(i) for i in (0, 1, 4, 5)]
    [(0, 1), (1, 2), (0, 2), (1, 3)]
    """
    dealer = index % 4
    k = (index // 4) % 4
    return dealer, (dealer + 1 + k) % 4


_TELL_RANKS = {  # a class of --tell: (its ranks in every suit, its further ranks in trump)
    "honours": ({Rank.ACE, Rank.TEN}, {Rank.JACK, Rank.NINE}),
    "aces": ({Rank.ACE}, set()),
    "tens": ({Rank.TEN}, set()),
    "trumps": (set(), set(Rank)),
    "acestens": ({Rank.ACE, Rank.TEN}, set()),
    "jacknine": (set(), {Rank.JACK, Rank.NINE}),
}
TELL_CLASSES = ("hand", *_TELL_RANKS)


def tell_mask(what: str, state: CoincheHand) -> int:
    """The cards of class ``what`` (:data:`TELL_CLASSES`) under ``state``'s contract.

    >>> from belote_lab.cards import Card
    >>> h = CoincheHand(seed=1); h.call("80H"); [h.call("pass") for _ in range(3)] and None
    >>> sorted(Card(c).text for c in mask_cards(tell_mask("honours", h)))
    ['9H', 'AC', 'AD', 'AH', 'AS', 'JH', 'TC', 'TD', 'TH', 'TS']
    >>> len(mask_cards(tell_mask("trumps", h))), tell_mask("hand", h) == BELOTE_MASK
    (8, True)
    >>> tell_mask("acestens", h) | tell_mask("jacknine", h) == tell_mask("honours", h)
    True
    """
    if what == "hand":
        return BELOTE_MASK
    anywhere, in_trump = _TELL_RANKS[what]
    trump = state.contract.trump
    return sum(1 << c for c in mask_cards(BELOTE_MASK)
               if c.rank in anywhere or (c.suit == trump and c.rank in in_trump))


def parse_tell(text: str) -> tuple[str, int]:
    """``--tell``'s ``CLASS[@TRICK]`` as ``(class, first trick)``.

    >>> parse_tell("honours"), parse_tell("hand@2")
    (('honours', 1), ('hand', 2))
    >>> parse_tell("kings")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --tell takes one of hand, honours, ..., jacknine (then @TRICK), not 'kings'
    """
    what, _, frm = text.partition("@")
    if what not in TELL_CLASSES or (frm and not (frm.isdigit() and 1 <= int(frm) <= 8)):
        raise ValueError(f"--tell takes one of {', '.join(TELL_CLASSES)} (then @TRICK), "
                         f"not {text!r}")
    return what, int(frm) if frm else 1


_TOLD = "_told"  # a told observation's attribute: (seat, partner, its told cards, the class)


def _install_telling() -> None:
    """Make :meth:`CoincheHand.known_cards` and the sampler's limits read a told observation
    (once a process; other states are unaffected: only a state carrying :data:`_TOLD` is)."""
    if getattr(CoincheHand, "_telling", False):
        return
    plain_known = CoincheHand.known_cards
    plain_limits = sampling._play_limits

    def known_cards(self: CoincheHand, seat: int) -> dict[int, int]:
        out = plain_known(self, seat)
        told = self.__dict__.get(_TOLD)
        if told is not None and seat == told[0]:
            out = dict(out)
            out[told[1]] = out.get(told[1], 0) | told[2]
        return out

    def play_limits(state: Any, seat: int, hidden: int, known: dict[int, int],
                    forbid: dict[int, int]) -> None:
        plain_limits(state, seat, hidden, known, forbid)
        told = state.__dict__.get(_TOLD)
        if told is not None and seat == told[0]:  # none of the class's other cards
            forbid[told[1]] = forbid.get(told[1], 0) | (hidden & told[3])

    CoincheHand.known_cards = known_cards  # type: ignore[method-assign]
    sampling._play_limits = play_limits
    CoincheHand._telling = True  # type: ignore[attr-defined]


def told_observation(hand: CoincheHand, seat: int, tell: str) -> CoincheHand:
    """``seat``'s observation, told which cards of ``tell``'s class its partner holds (see the
    module text); the plain observation before ``tell``'s first trick.  The real hand is left
    as it was; the replays of the inference build hands of their own, which are not told.

    >>> from belote_lab.players.sampling import deal_space
    >>> h = CoincheHand(seed=1); h.call("80H"); [h.call("pass") for _ in range(3)] and None
    >>> seat = h.to_play; p = (seat + 2) % 4
    >>> o = told_observation(h, seat, "aces")
    >>> o.known_cards(seat) == {p: h.hands[p] & tell_mask("aces", h)}   # its aces, known
    True
    >>> space = deal_space(o, seat)          # and no other ace in the deals drawn for it
    >>> [c.text for c in space.allowed if c.text[0] == "A" and p in space.allowed[c]]
    []
    >>> _TOLD in h.__dict__, _TOLD in h.observation(seat).__dict__   # nothing else is told
    (False, False)
    """
    what, first = parse_tell(tell)
    if len(hand.tricks) + 1 < first:
        return hand.observation(seat)
    _install_telling()
    partner = (seat + 2) % 4
    mask = tell_mask(what, hand)
    setattr(hand, _TOLD, (seat, partner, hand.hands[partner] & mask, mask))
    try:
        return hand.observation(seat)
    finally:
        delattr(hand, _TOLD)


def play_table(level: int, index: int, deal_seed: int, ours: tuple[int, int],
               res: Result) -> tuple[int, float]:
    """One seating of a deal; returns (our card points − theirs, our score − theirs)."""
    rules = get("coinche").rules({"first_lead": "eldest"})
    dealer, taker = deal_setup(index)
    hand = CoincheHand(rules=rules, dealer=dealer, seed=deal_seed)
    trump = trump_of(hand.hands[taker])
    theirs = tuple(s for s in range(4) if s not in ours)
    replica = Replica(hand.hands, dealer, theirs, seed=deal_seed + 7919 * ours[0], spec=ISDD10)
    for action in auction_actions(dealer, taker, 80, trump):
        hand.call("pass" if action == PASS else f"80{trump}")
        replica.step(action)
    if replica.env.phase() != 1 or hand.phase != "play":
        raise RuntimeError(f"deal {index}: the auction did not end in play")
    players = {s: player_for("coinche", level, seed=deal_seed * 8 + s + 4 * ours[0])
               for s in ours}
    while hand.phase == "play":
        replica.check(hand)
        seat = hand.to_play
        choice = len(replica.env.legal_actions()) > 1
        values = solve(hand, all_values=True).values if res.track_regret and choice else None
        t0 = time.perf_counter()
        if seat in players:
            obs = (told_observation(hand, seat, res.tell) if res.tell
                   else hand.observation(seat))
            card = players[seat].choose_card(obs)
            dt = time.perf_counter() - t0
            res.our_cards += 1
            res.our_seconds += dt
            if choice:
                res.our_choice_cards += 1
                res.our_choice_seconds += dt
        else:
            card, _ = replica.choose()
            res.cv_cards += 1
            res.cv_seconds += time.perf_counter() - t0
        if values is not None:
            res.regrets.append(Regret(index, seat in players, seat % 2 == taker % 2,
                                      len(hand.tricks) + 1, len(hand.trick),
                                      max(values.values()) - values[card]))
        hand.play(card)
        replica.play(card)
    pts = replica.check_end(hand)
    assert hand.result is not None
    score = hand.result.score
    mine = ours[0] % 2
    sides = ("NS", "EW")
    return (pts[mine] - pts[1 - mine],
            float(score[sides[mine]]) - float(score[sides[1 - mine]]))


def deal_seeds(seed: int, deals: int) -> list[int]:
    rng = random.Random(f"colver-duplicate:{seed}")
    return [rng.getrandbits(32) for _ in range(deals)]


def play_share(args: tuple[int, int, int, int, int, bool, str]) -> Result:
    """The deals ``job``, ``job + jobs``, … of a run (a worker's share)."""
    level, seed, deals, job, jobs, track_regret, tell = args
    res = Result(level, track_regret=track_regret, tell=tell)
    t0 = time.perf_counter()
    for i, s in enumerate(deal_seeds(seed, deals)):
        if i % jobs == job:
            play_deal(level, i, s, res)
    res.wall = time.perf_counter() - t0
    return res


def play_deal(level: int, index: int, deal_seed: int, res: Result) -> None:
    a = play_table(level, index, deal_seed, (0, 2), res)
    b = play_table(level, index, deal_seed, (1, 3), res)
    res.deals.append(Deal(index, deal_seed, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2))


def report(res: Result, label: str = "") -> str:
    n = len(res.deals)
    pm, ph = mean_ci([d.points for d in res.deals])
    sm, sh = mean_ci([d.score for d in res.deals])
    ours = res.our_seconds / max(res.our_cards, 1)
    choice = res.our_choice_seconds / max(res.our_choice_cards, 1)
    cv = res.cv_seconds / max(res.cv_cards, 1)
    target = {3: "≥ +0 at ≤ 0.1 s a card", 4: "≥ +10 at ≤ 0.6 s a card"}.get(res.level, "")
    return (
        f"{label}coinche level {res.level} v colver IS-DD(10): {n} deals x 2 seatings "
        f"({res.wall:.0f} s; load average {load_average() or 'n/a'})\n"
        f"  card points a deal, ours − colver's: {pm:+.2f} ± {ph:.2f} "
        f"(95% CI {pm - ph:+.2f} .. {pm + ph:+.2f}; target {target})\n"
        f"  hand score a deal, ours − colver's: {sm:+.1f} ± {sh:.1f}\n"
        f"  s a card: ours {ours:.3f} ({res.our_cards} cards), {choice:.3f} with a choice "
        f"({res.our_choice_cards}); colver {cv:.3f} ({res.cv_cards})"
    )


def paired_report(res: Result, path: str) -> str:
    """This run's card points a deal minus those of the run whose ``--per-deal`` file is
    ``path``, over the deals both played (the same index and seed), with its 95% interval."""
    other: dict[tuple[int, int], float] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                d = json.loads(line)
                other[(d["index"], d["seed"])] = d["points"]
    diffs = [d.points - other[(d.index, d.seed)] for d in res.deals
             if (d.index, d.seed) in other]
    if len(diffs) < 2:
        return f"  paired with {path}: {len(diffs)} deal(s) in common, no interval"
    m, h = mean_ci(diffs)
    same = sum(1 for x in diffs if x == 0)
    return (f"  paired with {path}: card points a deal, this run − that one {m:+.2f} "
            f"(95% CI {m - h:+.2f} .. {m + h:+.2f}), n = {len(diffs)}, {same} deals the same")


def _regret_share(rs: list[Regret], seatings: int, keep: Callable[[Regret], bool]) -> float:
    """The regret a seating of the cards of ``rs`` that ``keep`` keeps."""
    return sum(r.regret for r in rs if keep(r)) / seatings


def regret_report(res: Result) -> str:
    """Each side's double-dummy regret a seating (all, attack, defence; by trick and by place
    in the trick), and the identity check: for every deal, ours − colver's card points equals
    colver's regrets minus ours summed over the deal's two seatings.

    >>> r = Result(4, [Deal(0, 1, 3.0, 0.0)], True,
    ...            [Regret(0, True, True, 1, 0, 2), Regret(0, False, False, 2, 1, 5)])
    >>> print(regret_report(r))  # doctest: +NORMALIZE_WHITESPACE
    double-dummy regret a seating (cards with a choice; 2 seatings):
      ours: 0.5 cards, 1.00 ± n/a (attack 1.00, defence 0.00); by trick 1.00 0.00 0.00 0.00
        0.00 0.00 0.00 0.00; by place 1.00 0.00 0.00 0.00
      colver: 0.5 cards, 2.50 ± n/a (attack 0.00, defence 2.50); by trick 0.00 2.50 0.00 0.00
        0.00 0.00 0.00 0.00; by place 0.00 2.50 0.00 0.00
      identity (a deal's margin = colver's regrets − ours): 1 of 1 deals agree
    """
    seatings = 2 * len(res.deals)
    lines = [f"double-dummy regret a seating (cards with a choice; {seatings} seatings):"]
    for ours, name in ((True, "ours"), (False, "colver")):
        rs = [r for r in res.regrets if r.ours == ours]
        per_deal: dict[int, float] = {d.index: 0.0 for d in res.deals}
        for r in rs:
            per_deal[r.deal] += r.regret / 2  # a deal's two seatings, as a seating's mean
        if len(per_deal) > 1:
            m, h = mean_ci(list(per_deal.values()))
            half = f"{h:.2f}"
        else:  # one deal: no interval
            m, half = sum(per_deal.values()), "n/a"
        attack = _regret_share(rs, seatings, lambda r: r.attack)
        defence = _regret_share(rs, seatings, lambda r: not r.attack)
        by_trick = " ".join(f"{_regret_share(rs, seatings, lambda r, t=t: r.trick == t):.2f}"
                            for t in range(1, 9))
        by_place = " ".join(f"{_regret_share(rs, seatings, lambda r, p=p: r.place == p):.2f}"
                            for p in range(4))
        lines.append(
            f"  {name}: {len(rs) / seatings:.1f} cards, {m:.2f} ± {half} (attack "
            f"{attack:.2f}, defence {defence:.2f}); by trick {by_trick}; by place {by_place}")
    margin = {d.index: d.points for d in res.deals}
    from_regret = {d.index: 0.0 for d in res.deals}
    for r in res.regrets:
        from_regret[r.deal] += -r.regret if r.ours else r.regret
    agree = sum(1 for i in margin if abs(margin[i] - from_regret[i]) < 1e-9)
    lines.append(f"  identity (a deal's margin = colver's regrets − ours): {agree} of "
                 f"{len(margin)} deals agree")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--level", type=int, default=3, choices=(1, 2, 3, 4))
    p.add_argument("--deals", type=int, default=800, help="seeded deals (800, the issue's)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="processes sharing the deals (1)")
    p.add_argument("--checkpoint", type=int, default=0, help="report every N deals (jobs 1)")
    p.add_argument("--out", default=None, help="also append the report to this file")
    p.add_argument("--quiet", action="store_true", help="no line per deal")
    p.add_argument("--regret", action="store_true",
                   help="also solve every card with a choice on the real deal: each side's "
                        "double-dummy regret by trick, place and role")
    p.add_argument("--tell", default="",
                   help="CLASS[@TRICK]: tell our seats their partner's cards of CLASS (hand, "
                        "honours, aces, tens, trumps, acestens, jacknine), a measure of what "
                        "information is worth")
    p.add_argument("--per-deal", default=None,
                   help="write each deal's figures to this file (JSON lines), to pair runs")
    p.add_argument("--pair-with", default=None,
                   help="another run's --per-deal file: report the paired difference")
    a = p.parse_args(argv)
    if a.deals < 1:
        p.error("--deals must be at least 1")
    if a.tell:
        try:
            parse_tell(a.tell)
        except ValueError as e:
            p.error(str(e))
    try:
        cv = require()
    except RuntimeError as e:
        p.error(str(e))

    emit = emitter(a.out)

    told = f", told their partner's {a.tell}" if a.tell else ""
    emit(f"duplicate_colver: level {a.level}{told}, {a.deals} deals, seed {a.seed}, colver "
         f"{cv.__version__}; start {time.ctime()}; load average {load_average() or 'n/a'}")
    if a.jobs > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(a.jobs) as pool:
            shares = pool.map(play_share, [(a.level, a.seed, a.deals, j, a.jobs, a.regret,
                                            a.tell) for j in range(a.jobs)])
        res = shares[0]
        for other in shares[1:]:
            res.merge(other)
        emit(report(res) + f"  [{a.jobs} jobs]")
    else:
        res = Result(a.level, track_regret=a.regret, tell=a.tell)
        t0 = time.perf_counter()
        for i, s in enumerate(deal_seeds(a.seed, a.deals)):
            play_deal(a.level, i, s, res)
            res.wall = time.perf_counter() - t0
            d = res.deals[-1]
            if not a.quiet:
                dealer, taker = deal_setup(i)
                print(f"  deal {i} (seed {s}, dealer {SEATS[dealer]}, taker {SEATS[taker]}): "
                      f"{d.points:+.1f} points, {d.score:+.1f} score; {res.wall:.0f} s",
                      flush=True)
            if a.checkpoint and (i + 1) % a.checkpoint == 0 and i + 1 < a.deals:
                emit(report(res, "[so far] "))
        emit(report(res))
    if a.regret:
        emit(regret_report(res))
    if a.per_deal:
        with open(a.per_deal, "w", encoding="utf-8") as f:
            for d in res.deals:
                f.write(json.dumps(asdict(d)) + "\n")
    if a.pair_with:
        emit(paired_report(res, a.pair_with))
    emit("(legal cards and seat to play equal in both engines at every card, and card points "
         f"at every end; end {time.ctime()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
