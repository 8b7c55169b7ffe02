"""Declare or keep hidden? A hint for a seat's choice about its declarations (seed 004, the
``declarations`` rule of four-player Belote and Coinche).

After the first trick a seat *may* show its combinations (RULES.md §1); if both teams declare,
only the greater total scores (equal totals: neither).  :func:`declaration_advice` weighs the
choice on deals of the cards the seat cannot see, drawn by the package's one sampler
(:func:`belote_lab.players.inference.drawn`: consistent with everything the seat has seen,
weighted by how likely the other seats' calls and cards were), each counted as often as drawn.
On each deal the other seats declare what their eight cards hold — the computer players of
this package declare everything — and the seat's team either adds its combinations or not.

Declaring never lowers the declaration points: a greater team total can only turn the
opponents' score into a tie or into the team's own, or add to it.  So in declaration points
declaring is always at least as good; what hiding saves is information — the opponents see
the cards shown — and this package does not measure what that costs in the play.  The advice
says so (:meth:`DeclarationAdvice.text`).

>>> from belote_lab.games.belote import BeloteHand
>>> from belote_lab.rules import BeloteRules
>>> deal = {"N": "7S 8S 9S AH AD AC AS KH", "E": "TS JS KS 7H 8H 9H TH QH",
...         "S": "QS 7D 8D 9D TD JD QD KD", "W": "JH 7C 8C 9C TC JC QC KC"}
>>> h = BeloteHand.from_hands(deal, "H", "N", "N", BeloteRules(declarations=True))
>>> a = declaration_advice(h, "S", n=20, rng=random.Random(1))
>>> a.best, a.points, a.draws
('declare', 100, 20)
>>> a.text().startswith("Declare: over 20 deals drawn from what South can see")
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from belote_lab import words
from belote_lab.cards import SEATS, parse_seat
from belote_lab.games.base import TrickPlay
from belote_lab.games.belote import Declaration, team_declarations
from belote_lab.players.inference import drawn, effective, standard_error
from belote_lab.stats import Z95

__all__ = ["DeclarationAdvice", "declaration_advice", "DEFAULT_DEALS"]

DEFAULT_DEALS = 100
"""Deals drawn by default (each weighed by a replay of the hand so far: about half a second)."""

_TEAMS = ("NS", "EW")


@dataclass(frozen=True)
class DeclarationAdvice:
    """What :func:`declaration_advice` found for ``seat`` (an index).

    ``combinations`` are the seat's own (worth ``points``); ``draws`` the deals drawn (with
    repeats) and ``deals`` the distinct ones.  ``p_show`` / ``p_hide``: the share of draws on
    which the seat's team's declarations score (its total beats the other team's) if the seat
    declares / hides.  ``mean_show`` / ``mean_hide``: the mean declaration points of the team
    minus the other team's; ``gain`` their difference (never negative) and ``half`` the half
    width of its 95% interval (``inf`` under two deals' worth).  With no combination, nothing
    is drawn: ``draws`` is 0 and the rest is 0.
    """

    seat: int
    combinations: tuple[Declaration, ...]
    draws: int
    deals: int
    p_show: float
    p_hide: float
    mean_show: float
    mean_hide: float
    gain: float
    half: float

    @property
    def points(self) -> int:
        """What the seat's combinations are worth together."""
        return sum(d.points for d in self.combinations)

    @property
    def best(self) -> str:
        """``declare`` when declaring gains declaration points on the deals drawn, else
        ``hide`` (declaring would change nothing but show the cards); ``none`` with no
        combination."""
        if not self.combinations:
            return "none"
        return "declare" if self.gain > 0 else "hide"

    def text(self, language: str = "en") -> str:
        """Which is better and why, in English or Korean (``ko``), with the caveat that the
        cost of showing the cards is not measured."""
        lang = words.check_language(language)
        letter = SEATS[self.seat]
        seat = words.text(f"names.seat_word_{letter}", lang)
        if not self.combinations:
            return words.text("declarations.advice_nothing", lang, seat=seat)
        team, other = _TEAMS[self.seat % 2], _TEAMS[1 - self.seat % 2]
        values: dict[str, Any] = {
            "n": f"{self.draws:,}",
            "seat": seat,
            "team": words.text(f"names.team_{team}", lang),
            "other": words.text(f"names.team_{other}", lang),
            "p_show": _percent(self.p_show),
            "p_hide": _percent(self.p_hide),
            "show": _signed(self.mean_show),
            "hide": _signed(self.mean_hide),
            "gain": f"{self.gain:.1f}",
            "half": f"{self.half:.1f}" if math.isfinite(self.half) else "∞",
        }
        verdict = words.text(f"declarations.advice_{self.best}", lang, **values)
        return verdict + " " + words.text("declarations.advice_cost", lang)

    def __str__(self) -> str:
        return self.text()


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%"


def _signed(x: float) -> str:
    """``+14.3``, ``-20.0``, and ``0`` without a sign (docs/STYLE.ko.md §7)."""
    return "0" if abs(x) < 0.05 else f"{x:+.1f}"


def declaration_advice(
    hand: TrickPlay,
    seat: int | str,
    n: int = DEFAULT_DEALS,
    rng: random.Random | None = None,
) -> DeclarationAdvice:
    """Declare or keep hidden: ``seat``'s choice weighed on ``n`` deals drawn from what it
    can see (its observation of ``hand``; :func:`belote_lab.players.inference.drawn`, whose
    ``(deal, times)`` pairs count each distinct deal as often as drawn).  ``rng`` fixes the
    deals (``None``: ``random.Random(0)``, the same advice every time).

    Only during the play's first trick, before it is complete, under the ``declarations``
    rule (:meth:`~belote_lab.games.belote.BeloteHand.declarations_open`): otherwise
    :class:`ValueError` with the reason.  The other seats are taken to declare everything
    (the computer players do; a seat's observation does not say what another seat chose).
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"n must be a whole number of deals from 1, not {n!r}")
    s = parse_seat(seat)
    opened = getattr(hand, "declarations_open", None)
    if opened is None or not opened():
        why = "these rules have no declarations" if opened is None else (
            "the choice is over: the rules have no declarations or the first trick is complete"
        )
        raise ValueError(f"no declarations to choose: {why}")
    if hand.phase != "play":
        raise ValueError(
            f"the declarations are weighed once the play begins, not in the {hand.phase} phase"
        )
    view = hand if hand.observer == s else hand.observation(s)
    mine = tuple(view.seat_declarations(s))
    if not mine:
        return DeclarationAdvice(s, (), 0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    played = view.played_masks()
    declaring = [view.declares(x) for x in range(4)]
    team = _TEAMS[s % 2]
    other = _TEAMS[1 - s % 2]
    shows: list[float] = []
    hides: list[float] = []
    gains: list[float] = []
    wins_show = wins_hide = 0
    counts: list[int] = []
    for deal, times in drawn(view, s, n, rng or random.Random(0)):
        originals = [deal.hands[x] | played[x] for x in range(4)]
        declaring[s] = True
        show = team_declarations(originals, declaring)
        declaring[s] = False
        hide = team_declarations(originals, declaring)
        net_show = show[team] - show[other]
        net_hide = hide[team] - hide[other]
        counts.append(times)
        shows += [net_show] * times
        hides += [net_hide] * times
        gains += [net_show - net_hide] * times
        wins_show += times * (show[team] > 0)
        wins_hide += times * (hide[team] > 0)
    draws = len(gains)
    gain, se = standard_error(gains, worth=effective(counts))
    return DeclarationAdvice(
        seat=s,
        combinations=mine,
        draws=draws,
        deals=len(counts),
        p_show=wins_show / draws,
        p_hide=wins_hide / draws,
        mean_show=sum(shows) / draws,
        mean_hide=sum(hides) / draws,
        gain=gain,
        half=Z95 * se,
    )
