"""The tip table: every strategy tip of the seeds, tested where a test makes sense.

:data:`TIPS` holds one :class:`Tip` a row — its id, game and seed, the seed's Korean words,
an English (and Korean) paraphrase, and how it is tested.  Every word a reader sees is in the
catalogue of words (:mod:`belote_lab.words`): a tip's own texts in the ``tips_list.``
namespace (``belote_lab/words/en/tips_list.json``, ``ko/tips_list.json``: the seed's words
verbatim, the paraphrase, how it is tested or why not), the study's in ``tipstudy.`` (names,
units, the duels' designs, the lines and the note); the code keeps only the rows' structure
and the class names of the compared players (:data:`PLAYERS`), never shown.  The kinds of
test:

* ``duel`` — duplicate deals (:func:`belote_lab.simulation.comparison.compare`): the player that
follows
  the tip against a player that differs from it in that one behaviour (a variant of
  :mod:`belote_lab.players.tips`), the same cards for both; the paired difference is the tip
  side's score minus the other side's (T5 compares both against a common opponent, see its
  row);
* ``paired`` — B2: the same deals played by four level-2 players with either side leading
  the first trick (:func:`first_lead_diffs`);
* ``solver`` — T8: level 2's end-game against the exact solver
  (:func:`belote_lab.simulation.analysis.perfect_play_gap`);
* ``not tested`` — with the reason.

Every deal is played through the Python players: the tip players have no compiled policy
(:func:`belote_lab.simulation.simulate.simulate`'s compiled hands play levels 1 and 2 only).
:func:`run` plays the tests in chunks of :data:`CHUNK` deals whose seeds come from the tip id
and the chunk index only (:func:`chunk_seed`), so the results do not depend on how the work
is split between processes or runs; it stores each chunk's sums in a JSON file (one the user
names, else ``tip_study.json`` in the user's data folder: :func:`user_path`, never the
installation) and computes only the chunks missing from it (more deals extend a row).
:func:`load` reads a file back (by default the table shipped with the package,
:data:`STORED_PATH`, which ``make tips`` updates) as a :class:`TipStudy`: per row n, the
mean difference with its 95% interval, a two-sided p-value, and a verdict after the
Holm–Bonferroni correction over every row with a p-value (:func:`holm`,
:meth:`TipStudy.note`).  :func:`recompute` plays one stored chunk again.

>>> [t.id for t in TIPS][:6]
['B1', 'B2', 'B3', 'B4', 'B5', 'B6']
>>> sorted({k.split("_")[1] for k in words.section(TIPS_LIST, "en")}) == sorted(_BY_ID)
True
>>> stats = recompute("B4", chunk=0, deals=2)
>>> stats["n"], stats["chunk"]
(2, 0)
>>> holm([0.01, 0.04, 0.03, 0.005])
[0.03, 0.06, 0.06, 0.02]
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from belote_lab import jsonlines, words
from belote_lab.players import tips as T
from belote_lab.players.belote import BelotePlayer2
from belote_lab.players.belote2 import Belote2Player2
from belote_lab.players.callbreak import CallbreakPlayer2
from belote_lab.simulation.comparison import duplicate_deals, make_player
from belote_lab.studies import folders

__all__ = [
    "CHUNK",
    "DEALS",
    "SOLVER_HANDS",
    "STORED_PATH",
    "user_path",
    "ALPHA",
    "Tip",
    "TIPS",
    "TipRow",
    "TipStudy",
    "tip",
    "chunk_seed",
    "run",
    "load",
    "recompute",
    "holm",
    "p_value",
    "player_name",
    "game_name",
    "kind_name",
    "first_lead_diffs",
    "common_opponent_diffs",
]

CHUNK = 50
"""Deals (hands, for the solver row) a chunk: the unit of work, seeding and storage."""
DEALS = 4000
"""Deals a compared row by default (``make tips``)."""
SOLVER_HANDS = 10000
"""Hands of the solver row (T8) by default: about two minutes of work (one on two cores)."""
ALPHA = 0.05
"""The family-wise error rate of the Holm–Bonferroni verdicts."""
STORED_PATH = folders.SHIPPED / "tip_study.json"
"""The tip table shipped with the package (``belote_lab/studies/data/tip_study.json``): what
:func:`load` reads by default; :func:`run` writes it only when given it (``make tips``)."""


def user_path() -> Path:
    """Where :func:`run` and ``belote-lab tips`` store the study when given no file:
    ``tip_study.json`` in the user's data folder (:func:`belote_lab.studies.folders.
    data_folder`: ``$BELOTE_LAB_DATA``, else ``$XDG_DATA_HOME/belote_lab`` or
    ``~/.local/share/belote_lab``), never the installation."""
    return folders.user_file("tip_study.json")


STUDY = "tipstudy"
"""The catalogue's namespace of the study's words (``tipstudy.note``, ``tipstudy.game_belote``
…): game, kind, verdict and player names, units, the duels' designs, the table's lines and
the note on the multiple-testing correction."""
TIPS_LIST = "tips_list"
"""The catalogue's namespace of the tips themselves, a row's texts side by side:
``tip_<id>_quote`` (the seed's Korean words, verbatim, in both languages: the English table
shows them in Korean too; a second quote is ``tip_<id>_quote_2``), ``tip_<id>_paraphrase``,
``tip_<id>_how`` (who plays against whom), ``tip_<id>_why_not`` (an untested tip) and, where
the seed's words say more than the variant tested, ``tip_<id>_scope`` (what the verdict is
about: :meth:`Tip.scope`)."""

GAMES = ("belote", "belote2", "callbreak")
KINDS = ("duel", "paired", "solver", "not tested")

PLAYERS: dict[str, str] = {
    "level 2": "level_2",
    "attack leads trick 1": "attack_leads_trick_1",
    "defence leads trick 1": "defence_leads_trick_1",
    "exact solver": "exact_solver",
    "bold (take 3.5, name 4.0)": "bold",
    "timid (take 6.0, name 6.5)": "timid",
    "NoCheapCapture (vs LeadsHighEarly)": "NoCheapCapture",
    "OffsetCaller(−1)": "OffsetCaller_low",
    "OffsetCaller(+1)": "OffsetCaller_high",
    **{name: name for name in (
        "BeloteOnlyTaker", "NoTrumpPull", "SpendsLastTrump", "NoShortSuitLead", "Signaller",
        "SixCardJudge", "NoSideAceCount", "NoHiddenTwenty", "LeadsHighEarly",
        "SpendsHonoursEarly", "FightsForEveryTrick", "MiddleTrumpLeader", "NoLastWinnerKept",
        "Round2Eager", "HighCardCaller", "WastesBigSpade", "LongSuitDiscard", "NoSpadeCount",
        "LeadsIntoVoids",
    )},
}
"""Each compared player by the name a row stores (:attr:`Tip.tip_player`,
:attr:`Tip.other_player`: a class name of :mod:`belote_lab.players.tips`, kept in code and in
the stored study, never shown) and the key of its description in the catalogue
(``tipstudy.player_<key>``: what it does, in English and Korean)."""


def player_name(name: str, language: str = "en") -> str:
    """A row's player (:attr:`Tip.tip_player`, :attr:`Tip.other_player`) described in
    ``language``: what it does, not its class name.

    >>> player_name("level 2", "ko"), player_name("NoTrumpPull", "ko")
    ('레벨 2', '으뜸패를 먼저 빼지 않는 레벨 2')
    >>> player_name("NoTrumpPull")
    'level 2 not drawing trumps first'
    """
    try:
        key = PLAYERS[name]
    except KeyError:
        raise KeyError(f"no description of the player {name!r} in PLAYERS") from None
    return words.text(f"tipstudy.player_{key}", language)


def game_name(game: str, language: str = "en") -> str:
    """``four-player Belote`` / ``4인 벨로트``.

    >>> game_name("belote2", "ko"), game_name("callbreak")
    ('2인 벨로트', 'Callbreak')
    """
    return words.text(f"tipstudy.game_{game}", language)


def kind_name(kind: str, language: str = "en") -> str:
    """How a row is tested, in words: ``duel`` / ``대결``, ``not tested`` / ``시험하지 않음`` ….

    >>> kind_name("not tested", "ko"), kind_name("solver")
    ('시험하지 않음', 'exact solver')
    """
    return words.text(f"tipstudy.kind_{kind.replace(' ', '_')}", language)


GAME_NAMES: dict[str, tuple[str, str]] = {
    g: (game_name(g, "en"), game_name(g, "ko")) for g in GAMES
}
"""Each game of the table in English and Korean: a read copy of the catalogue
(``tipstudy.game_<game>``)."""
KIND_NAMES: dict[str, tuple[str, str]] = {
    k: (kind_name(k, "en"), kind_name(k, "ko")) for k in KINDS
}
"""Each kind of row in English and Korean: a read copy of the catalogue
(``tipstudy.kind_<kind>``)."""


@dataclass(frozen=True)
class Tip:
    """One strategy tip of the seeds and how it is tested (a row of the tip table).  Its
    words are the catalogue's ``tips_list.tip_<id>_…`` texts (:data:`TIPS_LIST`)."""

    id: str
    game: str  # belote, belote2, callbreak
    seed: str  # the seed document quoted: "000" (four-player tips, 004 repeats them), "001", "003"
    kind: str  # duel, paired, solver, not tested
    tip_player: str = ""  # who follows the tip (a duel)
    other_player: str = ""  # the alternative
    runner: Callable[[int, int], dict[str, Any]] | None = field(default=None, repr=False)
    version: int = 1  # raised when the test changes: the stored chunks are then played again
    fair: bool = False  # how() ends with the duels' sentence on fairness (tipstudy.duel_how)
    values: tuple[tuple[str, Any], ...] = ()  # the {fields} of the row's texts (C9: {trick})

    @property
    def tested(self) -> bool:
        return self.kind != "not tested"

    @property
    def has_p(self) -> bool:
        """Whether the row is a comparison with a p-value (in the Holm family)."""
        return self.kind in ("duel", "paired")

    def _words(self, part: str, language: str) -> str:
        return words.text(f"tips_list.tip_{self.id}_{part}", language, **dict(self.values))

    def quotes(self, language: str = "ko") -> tuple[str, ...]:
        """The seed's own words (shortened with "…" only), as the table of ``language``
        shows them: in Korean in both languages."""
        texts = words.catalogue(language)
        first = f"tips_list.tip_{self.id}_quote"
        out = [texts[first]]
        while f"{first}_{len(out) + 1}" in texts:
            out.append(texts[f"{first}_{len(out) + 1}"])
        return tuple(out)

    @property
    def quote_ko(self) -> tuple[str, ...]:
        """The seed's own words (:meth:`quotes`)."""
        return self.quotes("ko")

    @property
    def paraphrase_en(self) -> str:
        return self.paraphrase("en")

    @property
    def paraphrase_ko(self) -> str:
        return self.paraphrase("ko")

    def unit(self, language: str = "en") -> str:
        """``points per hand`` / ``점/판`` (Callbreak: per round)."""
        return words.text(f"tipstudy.unit_{self.game}", language)

    def paraphrase(self, language: str = "en") -> str:
        return self._words("paraphrase", language)

    def how(self, language: str = "en") -> str:
        """Who plays against whom and why the comparison is fair (this row's own words; a
        duel's deals are played as :meth:`design` says; ``""`` for an untested row)."""
        if not self.tested:
            words.check_language(language)
            return ""
        how = self._words("how", language)
        return words.text("tipstudy.duel_how", language, how=how) if self.fair else how

    def design(self, language: str = "en") -> str:
        """How a duel's deals are played (the same words for every duel of a game;
        ``""`` for the rows whose :meth:`how` says it: B2, T5, T8)."""
        if self.kind != "duel" or self.runner is None or self.id == "T5":
            return ""
        return words.text(f"tipstudy.design_{self.game}", language)

    def method(self, language: str = "en") -> str:
        """The whole test in words: :meth:`design` then :meth:`how` (untested:
        :meth:`why_not`)."""
        if not self.tested:
            return self.why_not(language)
        return " ".join(x for x in (self.design(language), self.how(language)) if x)

    def why_not(self, language: str = "en", head: bool = True) -> str:
        """Why an untested row is not tested (``""`` for a tested one), after ``Not tested:``
        / ``시험하지 않음:`` unless ``head`` is false (the table's cell says it already).

        >>> tip("C3").why_not("ko", head=False)
        '엔진이 이 규칙을 지키게 하므로 어떤 플레이어도 잊을 수 없습니다.'
        """
        if self.tested:
            words.check_language(language)
            return ""
        why = self._words("why_not", language)
        return words.text("tipstudy.untested", language, why=why) if head else why

    def scope(self, language: str = "en") -> str:
        """What the verdict is about, where the seed's words say more than the variant that is
        tested (``tips_list.tip_<id>_scope``): the verdict judges the rule as that variant
        plays it, not every reading of the words.  ``""`` for the other rows (the table's
        caption says it once for all).

        >>> tip("C7").scope().split(":")[0]
        'The verdict is about the variant tested'
        >>> tip("B3").scope("ko")
        ''
        """
        key = f"tips_list.tip_{self.id}_scope"
        if key not in words.catalogue(words.check_language(language)):
            return ""
        return words.text(key, language, **dict(self.values))

    def meta(self) -> dict[str, Any]:
        """What the stored chunks were computed for (a change plays them again)."""
        return {"game": self.game, "kind": self.kind, "tip": self.tip_player,
                "other": self.other_player, "version": self.version}


# --- the runners: one chunk each -----------------------------------------------------------------
def _stats(diffs: Iterable[float]) -> dict[str, Any]:
    """The sums a chunk stores: n, sum, sum of squares, the deals whose result changed (a
    non-zero difference) and the sum over those (the same as the sum: unchanged deals add 0)."""
    d = np.asarray(list(diffs), dtype=float)
    changed = d[d != 0]
    return {"n": int(d.size), "sum": round(float(d.sum()), 9),
            "sumsq": round(float((d * d).sum()), 9), "changed": int(changed.size),
            "sum_changed": round(float(changed.sum()), 9)}


def _duel(game: str, tip: Any, other: Any) -> Callable[[int, int], dict[str, Any]]:
    def runner(seed: int, deals: int) -> dict[str, Any]:
        from belote_lab.simulation.comparison import compare

        return _stats(compare(game, tip, other, deals, seed=seed).diffs)

    return runner


def _score(hand: Any, side: str) -> float:
    return float(hand.result.score[side])


def first_lead_diffs(seed: int, deals: int) -> tuple[np.ndarray, int]:
    """B2: ``deals`` seeded four-player Belote deals (the seeds and dealers of
    :func:`~belote_lab.simulation.comparison.compare`), each played by four level-2 players twice:
    the dealer leading the first trick (the seed rule) and the player after the dealer leading.
    Returns the per-deal differences — the attack's score when the attack leads trick 1
    minus its score when the defence leads — of the deals where both plays have the same
    contract and taker, and how many deals were left out.

    >>> d, dropped = first_lead_diffs(1, 4)
    >>> d.shape, dropped
    ((4,), 0)
    """
    from belote_lab.games import get
    from belote_lab.simulation.selfplay import play_hand

    g = get("belote")
    diffs = []
    dropped = 0
    for deal_seed, dealer in duplicate_deals(g, seed, deals):
        a = play_hand(g.name, "2,2,2,2", seed=deal_seed, dealer=dealer,
                      rules={"first_lead": "dealer"})
        b = play_hand(g.name, "2,2,2,2", seed=deal_seed, dealer=dealer,
                      rules={"first_lead": "eldest"})
        if a.contract.code != b.contract.code or a.taker != b.taker:
            dropped += 1
            continue
        attack = g.side_of(a.taker)
        dealer_attacks = g.side_of(a.dealer) == attack
        leads, defends = (a, b) if dealer_attacks else (b, a)
        side = g.sides[attack]
        diffs.append(_score(leads, side) - _score(defends, side))
    return np.array(diffs, dtype=float), dropped


def _first_lead(seed: int, deals: int) -> dict[str, Any]:
    diffs, dropped = first_lead_diffs(seed, deals)
    return {**_stats(diffs), "dropped": dropped}


def common_opponent_diffs(
    game: str, tip: Any, other: Any, opponent: Any, seed: int, deals: int
) -> np.ndarray:
    """Two players: each of ``deals`` seeded deals (the seeds and dealers of
    :func:`~belote_lab.simulation.comparison.compare`) is played four times, ``tip`` and ``other``
    each against ``opponent``, in both seats; the difference is ``tip``'s margin over the opponent
    (its score minus the opponent's) minus ``other``'s, the mean of the two seats.

    >>> common_opponent_diffs("belote2", Belote2Player2, Belote2Player2,
    ...                       T.LeadsHighEarly, 1, 3).tolist()
    [0.0, 0.0, 0.0]
    """
    from belote_lab.games import get
    from belote_lab.simulation.selfplay import play_hand

    g = get(game)
    diffs = np.zeros(deals)
    for i, (deal_seed, dealer) in enumerate(duplicate_deals(g, seed, deals)):
        total = 0.0
        for k in g.seats:
            (o,) = [s for s in g.seats if s != k]
            me, them = g.sides[g.side_of(k)], g.sides[g.side_of(o)]
            for sign, p in ((1, tip), (-1, other)):
                players = {k: make_player(p, deal_seed + k),
                           o: make_player(opponent, deal_seed + o)}
                hand = play_hand(g.name, players, seed=deal_seed, dealer=dealer)
                total += sign * (_score(hand, me) - _score(hand, them))
        diffs[i] = total / 2
    return diffs


def _common(game: str, tip: Any, other: Any, opponent: Any) -> Callable[[int, int], dict]:
    def runner(seed: int, deals: int) -> dict[str, Any]:
        return _stats(common_opponent_diffs(game, tip, other, opponent, seed, deals))

    return runner


def _solver(seed: int, hands: int) -> dict[str, Any]:
    """T8: ``hands`` two-player hands of level 2 against level 2, every end-game decision
    solved exactly (:func:`~belote_lab.simulation.analysis.perfect_play_gap`, one hand a call so
    that the points given away are known per hand); a hand's value is the points given away by
    N and S together, halved: what one level-2 player gives away in a hand."""
    from belote_lab.simulation.analysis import perfect_play_gap

    rng = random.Random(f"tips:{seed}")
    out = {"n": 0, "decisions": 0, "best": 0, "sum": 0.0, "sumsq": 0.0, "changed": 0}
    for _ in range(hands):
        gap = perfect_play_gap(1, "2,2", seed=rng.getrandbits(32))
        loss = float(gap.loss.sum()) / 2  # a player's share: N and S are both level 2
        out["n"] += 1
        out["decisions"] += len(gap)
        out["best"] += int((gap.loss == 0).sum())
        out["sum"] += loss
        out["sumsq"] += loss * loss
        out["changed"] += int(loss > 0)  # hands where some points were given away
    return out


# --- the registry --------------------------------------------------------------------------------
def _duel_tip(
    id: str, game: str, seed: str, *, tip: Any, other: Any, tip_name: str, other_name: str,
    version: int = 1, **values: Any,
) -> Tip:
    """A duel row: ``tip`` (who follows the tip) against ``other`` on duplicate deals; its
    :meth:`Tip.how` is ``tips_list.tip_<id>_how`` (filled with ``values``) then the sentence
    on fairness."""
    return Tip(id, game, seed, "duel", tip_player=tip_name, other_player=other_name,
               runner=_duel(game, tip, other), version=version, fair=True,
               values=tuple(values.items()))


def _untested(id: str, game: str, seed: str) -> Tip:
    return Tip(id, game, seed, "not tested")


_BOLD = partial(Belote2Player2, take=3.5, name=4.0)
_TIMID = partial(Belote2Player2, take=6.0, name=6.5)
_L2 = "level 2"

TIPS: list[Tip] = [
    # --- four-player Belote (seed 000, repeated in 004) ---
    _duel_tip("B1", "belote", "000", tip=BelotePlayer2, other=T.BeloteOnlyTaker, tip_name=_L2,
              other_name="BeloteOnlyTaker"),
    Tip("B2", "belote", "000", "paired", tip_player="attack leads trick 1",
        other_player="defence leads trick 1", runner=_first_lead),
    _duel_tip("B3", "belote", "000", tip=BelotePlayer2, other=T.NoTrumpPull, tip_name=_L2,
              other_name="NoTrumpPull"),
    _duel_tip("B4", "belote", "000", tip=BelotePlayer2, other=T.SpendsLastTrump, tip_name=_L2,
              other_name="SpendsLastTrump"),
    _duel_tip("B5", "belote", "000", tip=BelotePlayer2, other=T.NoShortSuitLead, tip_name=_L2,
              other_name="NoShortSuitLead"),
    _duel_tip("B6", "belote", "000", tip=T.Signaller, other=BelotePlayer2,
              tip_name="Signaller", other_name=_L2),
    # --- two-player Belote (seed 001) ---
    _duel_tip("T1", "belote2", "001", tip=Belote2Player2, other=T.SixCardJudge, tip_name=_L2,
              other_name="SixCardJudge"),
    _duel_tip("T1b", "belote2", "001", tip=Belote2Player2, other=_BOLD, tip_name=_L2,
              other_name="bold (take 3.5, name 4.0)"),
    _duel_tip("T1c", "belote2", "001", tip=Belote2Player2, other=_TIMID, tip_name=_L2,
              other_name="timid (take 6.0, name 6.5)"),
    _duel_tip("T2", "belote2", "001", tip=Belote2Player2, other=T.NoSideAceCount, tip_name=_L2,
              other_name="NoSideAceCount"),
    _duel_tip("T3", "belote2", "001", tip=Belote2Player2, other=T.NoHiddenTwenty, tip_name=_L2,
              other_name="NoHiddenTwenty"),
    _duel_tip("T4", "belote2", "001", tip=Belote2Player2, other=T.LeadsHighEarly, tip_name=_L2,
              other_name="LeadsHighEarly", version=2),
    Tip("T5", "belote2", "001", "duel", tip_player=_L2,
        other_player="NoCheapCapture (vs LeadsHighEarly)",
        runner=_common("belote2", Belote2Player2, T.NoCheapCapture, T.LeadsHighEarly),
        version=2),
    _duel_tip("T6", "belote2", "001", tip=Belote2Player2, other=T.SpendsHonoursEarly,
              tip_name=_L2, other_name="SpendsHonoursEarly"),
    _duel_tip("T7", "belote2", "001", tip=Belote2Player2, other=T.FightsForEveryTrick,
              tip_name=_L2, other_name="FightsForEveryTrick"),
    Tip("T8", "belote2", "001", "solver", tip_player=_L2, other_player="exact solver",
        runner=_solver),
    _duel_tip("T9", "belote2", "001", tip=T.MiddleTrumpLeader, other=Belote2Player2,
              tip_name="MiddleTrumpLeader", other_name=_L2),
    _untested("T10", "belote2", "001"),
    _duel_tip("T11", "belote2", "001", tip=Belote2Player2, other=T.NoLastWinnerKept,
              tip_name=_L2, other_name="NoLastWinnerKept"),
    _untested("T12", "belote2", "001"),
    _duel_tip("T13", "belote2", "001", tip=Belote2Player2, other=T.Round2Eager, tip_name=_L2,
              other_name="Round2Eager"),
    _untested("T14", "belote2", "001"),
    # --- Callbreak (seed 003) ---
    _duel_tip("C1", "callbreak", "003", tip=CallbreakPlayer2, other=T.HighCardCaller,
              tip_name=_L2, other_name="HighCardCaller"),
    _untested("C3", "callbreak", "003"),
    _duel_tip("C4", "callbreak", "003", tip=CallbreakPlayer2, other=T.WastesBigSpade,
              tip_name=_L2, other_name="WastesBigSpade"),
    _duel_tip("C5", "callbreak", "003", tip=CallbreakPlayer2,
              other=partial(T.OffsetCaller, offset=-1), tip_name=_L2,
              other_name="OffsetCaller(−1)"),
    _duel_tip("C6", "callbreak", "003", tip=CallbreakPlayer2,
              other=partial(T.OffsetCaller, offset=1), tip_name=_L2,
              other_name="OffsetCaller(+1)"),
    _duel_tip("C7", "callbreak", "003", tip=CallbreakPlayer2, other=T.LongSuitDiscard,
              tip_name=_L2, other_name="LongSuitDiscard"),
    _duel_tip("C8", "callbreak", "003", tip=CallbreakPlayer2, other=T.NoSpadeCount,
              tip_name=_L2, other_name="NoSpadeCount"),
    _duel_tip("C9", "callbreak", "003", tip=CallbreakPlayer2, other=T.LeadsIntoVoids,
              tip_name=_L2, other_name="LeadsIntoVoids", trick=8),
    _untested("C10", "callbreak", "003"),
]
"""Every strategy tip of the seeds, in the order of the table."""

_BY_ID = {t.id: t for t in TIPS}


def tip(tip_id: str) -> Tip:
    """The :class:`Tip` with id ``tip_id`` (:class:`KeyError` naming the ids otherwise)."""
    try:
        return _BY_ID[tip_id]
    except KeyError:
        raise KeyError(f"no tip {tip_id!r}; the ids are {', '.join(_BY_ID)}") from None


# --- seeds, chunks, the file ---------------------------------------------------------------------
def chunk_seed(tip_id: str, chunk: int) -> int:
    """The seed of chunk ``chunk`` of row ``tip_id`` (a function of the two only).

    >>> chunk_seed("B1", 0) == chunk_seed("B1", 0) != chunk_seed("B1", 1)
    True
    """
    digest = hashlib.sha256(f"belote_lab.tipstudy:{tip_id}:{chunk}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def recompute(tip_id: str, chunk: int = 0, deals: int = CHUNK) -> dict[str, Any]:
    """Play chunk ``chunk`` of row ``tip_id`` again: the same dict as :func:`run` stores for
    it (``deals`` smaller than :data:`CHUNK` plays only the chunk's first deals)."""
    t = tip(tip_id)
    if t.runner is None:
        raise ValueError(f"tip {tip_id} is not tested: nothing to compute")
    seed = chunk_seed(tip_id, chunk)
    return {"chunk": chunk, "seed": seed, **t.runner(seed, deals)}


def stored_chunk(tip_id: str, chunk: int = 0, path: str | Path = STORED_PATH) -> dict[str, Any]:
    """Chunk ``chunk`` of row ``tip_id`` as :func:`run` stored it in ``path`` (what
    :func:`recompute` must give again; :class:`KeyError` if it is not stored)."""
    for c in _read(Path(path))["rows"].get(tip(tip_id).id, {}).get("chunks", []):
        if c["chunk"] == chunk:
            return dict(c)
    raise KeyError(f"chunk {chunk} of tip {tip_id} is not stored in {path} (make tips)")


def _work(task: tuple[str, int]) -> tuple[str, int, dict[str, Any], float]:
    t0 = time.perf_counter()
    stats = recompute(task[0], task[1])
    return task[0], task[1], stats, time.perf_counter() - t0


def _read(path: Path) -> dict[str, Any]:
    """The study stored in ``path`` (none yet: no rows), read by the strict JSON reader and
    checked (:func:`_check_study`): a file of another shape is a :class:`ValueError` naming
    it and what is wrong, before any work."""
    if not path.exists():
        return {"rows": {}}
    try:
        data = jsonlines.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        raise ValueError(f"{path} is not a tip study (not JSON: {e})") from None
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    _check_study(path, data)
    data.setdefault("rows", {})
    return data  # type: ignore[no-any-return]


_CHUNK_OPTIONAL = {"seed": "whole", "sum_changed": "number", "dropped": "whole",
                   "decisions": "whole", "best": "whole"}
_CHUNK_KEYS = {"chunk": "whole", "n": "whole", "changed": "whole", "sum": "number",
               "sumsq": "number", **_CHUNK_OPTIONAL}
"""The keys of a stored chunk (:func:`_stats`, :func:`_solver`) and their kinds."""


def _is_kind(value: Any, kind: str) -> bool:
    """A whole number of 0 or more (``kind`` ``whole``), or a finite number (``number``)."""
    whole = isinstance(value, int) and not isinstance(value, bool)
    if kind == "whole":
        return whole and value >= 0
    return whole or (isinstance(value, float) and math.isfinite(value))


def _check_study(path: Path, data: Any) -> None:
    """What :func:`run` stores: an object whose ``rows`` (an object, by tip id) hold objects
    whose ``chunks`` are a list of objects, each with a whole ``chunk`` (once a row), ``n``
    and ``changed`` (0 or more) and the numbers ``sum`` and ``sumsq``.

    >>> _check_study(Path("t.json"), {"rows": {"B1": {"chunks": [{"chunk": 0, "n": 50,
    ...     "changed": 3, "sum": 1.5, "sumsq": 9.0}]}}})
    >>> _check_study(Path("t.json"), {"rows": {"B1": 5}})
    Traceback (most recent call last):
    ...
    ValueError: t.json is not a tip study: rows.B1 is 5, not an object
    """

    def wrong(where: str, value: Any, what: str) -> ValueError:
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        shown = repr(value)[:40] if number else jsonlines.json_kind(value)
        return ValueError(f"{path} is not a tip study: {where} is {shown}, not {what}")

    if not isinstance(data, dict):
        raise wrong("the file", data, "an object")
    rows = data.get("rows", {})
    if not isinstance(rows, dict):
        raise wrong("rows", rows, "an object (rows by tip id)")
    for rid, row in rows.items():
        name = f"rows.{rid[:40]}"
        if not isinstance(row, dict):
            raise wrong(name, row, "an object")
        chunks = row.get("chunks", [])
        if not isinstance(chunks, list):
            raise wrong(f"{name}.chunks", chunks, "a list")
        seen: set[int] = set()
        for i, c in enumerate(chunks):
            where = f"{name}.chunks[{i}]"
            if not isinstance(c, dict):
                raise wrong(where, c, "an object")
            for key, kind in _CHUNK_KEYS.items():
                what = "a whole number of 0 or more" if kind == "whole" else "a number"
                if key not in c:
                    if key in _CHUNK_OPTIONAL:
                        continue
                    raise ValueError(f"{path} is not a tip study: {where} has no {key} "
                                     f"({what})")
                if not _is_kind(c[key], kind):
                    raise wrong(f"{where}.{key}", c[key], what)
            if c["chunk"] in seen:
                raise ValueError(f"{path} is not a tip study: {name} holds chunk {c['chunk']} "
                                 "twice")
            seen.add(c["chunk"])


def _dumps(data: dict[str, Any]) -> str:
    """The study as JSON: rows in the table's order, one chunk a line."""
    lines = ["{"]
    head = {k: v for k, v in data.items() if k != "rows"}
    for k, v in head.items():
        lines.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
    lines.append('  "rows": {')
    order = [t.id for t in TIPS if t.id in data["rows"]]
    order += sorted(k for k in data["rows"] if k not in _BY_ID)
    for i, rid in enumerate(order):
        row = data["rows"][rid]
        lines.append(f"    {json.dumps(rid)}: {{")
        for k, v in row.items():
            if k != "chunks":
                lines.append(f"      {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
        chunks = sorted(row.get("chunks", []), key=lambda c: c["chunk"])
        lines.append('      "chunks": [')
        for j, c in enumerate(chunks):
            comma = "," if j < len(chunks) - 1 else ""
            lines.append(f"        {json.dumps(c)}{comma}")
        lines.append("      ]")
        lines.append("    }" + ("," if i < len(order) - 1 else ""))
    lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(_dumps(data), encoding="utf-8")
    os.replace(tmp, path)


_ABOUT = ("belote_lab.studies.tipstudy: per row, chunks of deals, each chunk's paired differences "
          "(tip side minus the alternative) as n, sum, sum of squares, changed (deals with a "
          "non-zero difference) and sum_changed; the seed of a chunk comes from the row id "
          "and the chunk index.  T8: hands, decisions, best (decisions with a best card), "
          "sum and sumsq of the points a player gives away per hand (N and S together, "
          "halved), changed (hands with a loss).  Every deal is played through the Python "
          "players: the tip players have no compiled policy.")


def run(
    ids: Iterable[str] | None = None,
    deals: int = DEALS,
    jobs: int = 2,
    path: str | Path | None = None,
    solver_hands: int = SOLVER_HANDS,
    progress: Callable[[str], None] | None = None,
    start: str | Path | None = None,
) -> TipStudy:
    """Compute the rows ``ids`` (default: every tested tip) to ``deals`` deals each (T8:
    ``solver_hands`` hands), rounded up to whole chunks, with ``jobs`` processes, and store
    them in ``path`` (default: :func:`user_path`, in the user's data folder; the shipped
    table :data:`STORED_PATH` only when named); chunks already stored are kept and not played
    again, so a run that stopped goes on where it stopped and a larger ``deals`` extends the
    rows.  A file not there yet begins as the study ``start`` (default: the shipped table
    when ``path`` is not given, else nothing), whose chunks are kept too.  A row whose test
    has changed (:meth:`Tip.meta`) is played again from scratch.  ``progress`` receives a
    line as each row is complete.  Returns the study as :func:`load` reads it."""
    if path is None:
        path, start = user_path(), STORED_PATH if start is None else start
    path = Path(path)
    wanted = [tip(i) for i in ids] if ids is not None else [t for t in TIPS if t.tested]
    data = _read(path if path.exists() or start is None else Path(start))
    data["about"] = _ABOUT
    data["chunk_deals"] = CHUNK
    rows = data["rows"]
    tasks: list[tuple[str, int]] = []
    for t in wanted:
        if not t.tested:
            continue
        row = rows.get(t.id)
        if row is None or {k: row.get(k) for k in t.meta()} != t.meta():
            row = rows[t.id] = {**t.meta(), "chunks": []}
        have = {c["chunk"] for c in row["chunks"]}
        n = solver_hands if t.kind == "solver" else deals
        tasks += [(t.id, k) for k in range(math.ceil(n / CHUNK)) if k not in have]
    left = {t.id: sum(1 for x in tasks if x[0] == t.id) for t in wanted}
    spent = dict.fromkeys(left, 0.0)
    last_write = time.monotonic()

    def done(tip_id: str, k: int, stats: dict[str, Any], seconds: float) -> None:
        nonlocal last_write
        rows[tip_id]["chunks"].append(stats)
        left[tip_id] -= 1
        spent[tip_id] += seconds
        if left[tip_id] == 0 or time.monotonic() - last_write > 10:
            _write(path, data)
            last_write = time.monotonic()
        if left[tip_id] == 0 and progress is not None:
            row = _row(tip(tip_id), rows[tip_id])
            progress(f"{row.line()}  [{spent[tip_id]:.0f} s of work]")

    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            done(*_work(task))
    else:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            for result in pool.imap_unordered(_work, tasks):
                done(*result)
    _write(path, data)
    return load(path)


# --- the statistics ------------------------------------------------------------------------------
def p_value(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``.

    >>> round(p_value(1.96), 3)
    0.05
    """
    return math.erfc(abs(z) / math.sqrt(2))


def holm(p: Sequence[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values, in the order given: sorted from the smallest, the
    i-th (from 0) of m is multiplied by m − i, and each is at least the one before it (at
    most 1).  A row whose adjusted p-value is below 5% is a finding at a family-wise error
    rate of 5%.  (The values are rounded to 12 decimals.)

    >>> holm([0.01, 0.04, 0.03, 0.005])
    [0.03, 0.06, 0.06, 0.02]
    >>> holm([])
    []
    """
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        out[i] = round(running, 12)
    return out


@dataclass
class TipRow:
    """One row of the tip table: a :class:`Tip` and what the stored chunks say of it."""

    tip: Tip
    chunks: int = 0
    n: int = 0
    mean: float = math.nan
    lo: float = math.nan
    hi: float = math.nan
    sd: float = math.nan
    p: float = math.nan
    changed: int = 0
    changed_mean: float = math.nan
    dropped: int = 0  # B2: deals left out
    decisions: int = 0  # T8
    best: int = 0  # T8: decisions where a best card was played
    p_holm: float = math.nan
    verdict: str = ""  # after Holm: pays, costs, no clear difference ("" untested/solver)
    verdict_raw: str = ""  # at 95% without correction

    @property
    def id(self) -> str:
        return self.tip.id

    @property
    def best_share(self) -> float:
        return self.best / self.decisions if self.decisions else math.nan

    def verdict_text(self, language: str = "en", raw: bool = False) -> str:
        v = self.verdict_raw if raw else self.verdict
        if not v:
            return ""
        return words.text(f"tipstudy.verdict_{v.replace(' ', '_')}", language)

    def mean_text(self, language: str = "en") -> str:
        """The mean difference with its unit: ``+3.25 points per hand``, ``판당 +3.25점``."""
        return words.text(f"tipstudy.mean_{self.tip.game}", language, mean=self.mean)

    def difference(self, language: str = "en") -> str:
        """``+3.25 points per hand (95% CI +1.02 … +5.48)``, ``판당 +3.25점(95% 신뢰구간
        +1.02~+5.48점)`` (T8: the points given away)."""
        if not self.n:
            return ""
        return words.text("tipstudy.difference", language, mean=self.mean_text(language),
                          lo=self.lo, hi=self.hi)

    def summary(self, language: str = "en") -> str:
        """A compared row in one line for a reader: the difference with its 95% interval, n,
        the p-value before and after the Holm correction and the verdict after it (the
        other rows: :meth:`line`).

        >>> row = load().row("B4")
        >>> row.summary()
        'B4: +0.43 points per hand (95% CI +0.01 … +0.85), n = 4,000 deals; uncorrected \
p = 0.047; after Holm: p = 0.281, no clear difference'
        >>> row.summary("ko")
        'B4: 판당 +0.43점(95% 신뢰구간 +0.01~+0.85점), 딜 4,000개, 보정 전 p = 0.047, 홀름 \
보정 후 p = 0.281로 뚜렷한 차이 없음'
        """
        if not (self.tip.has_p and self.n):
            return self.line(language)
        return words.text("tipstudy.summary", language, id=self.id,
                          difference=self.difference(language), n=self.n,
                          p=_p(self.p), p_holm=_p(self.p_holm),
                          verdict=self.verdict_text(language))

    def line(self, language: str = "en") -> str:
        """The row in one line (the progress line of ``belote-lab tips``)."""
        t = self.tip
        if not t.tested:
            return f"{t.id:4} {kind_name(t.kind, language)}"
        if t.kind == "solver":
            return words.text("tipstudy.solver_line", language, id=t.id, n=self.n, m=self.mean,
                              lo=self.lo, hi=self.hi, d=self.decisions, b=self.best_share)
        deals = words.text("tipstudy.deals", language, n=self.n)
        return (f"{t.id:4} {deals}  {self.difference(language)}  {_p(self.p)}  "
                f"{self.verdict_text(language, raw=True)}")


def _p(p: float, name: str = "p") -> str:
    """A p-value: ``p = 0.003``, ``p < 0.0001`` (``""`` for none)."""
    if math.isnan(p):
        return ""
    return f"{name} < 0.0001" if p < 1e-4 else f"{name} = {p:.4f}" if p < 0.01 else \
        f"{name} = {p:.3f}"


def _row(t: Tip, stored: dict[str, Any] | None) -> TipRow:
    row = TipRow(t)
    chunks = stored.get("chunks", []) if stored else []
    if not chunks:
        return row
    n = sum(c["n"] for c in chunks)
    s = sum(c["sum"] for c in chunks)
    ss = sum(c["sumsq"] for c in chunks)
    row.chunks = len(chunks)
    row.n = n
    row.changed = sum(c["changed"] for c in chunks)
    row.dropped = sum(c.get("dropped", 0) for c in chunks)
    row.decisions = sum(c.get("decisions", 0) for c in chunks)
    row.best = sum(c.get("best", 0) for c in chunks)
    if n == 0:
        return row
    row.mean = s / n
    var = max(0.0, (ss - s * s / n) / (n - 1)) if n > 1 else math.nan
    row.sd = math.sqrt(var)
    half = 1.96 * row.sd / math.sqrt(n)
    row.lo, row.hi = row.mean - half, row.mean + half
    if row.changed:
        row.changed_mean = sum(c.get("sum_changed", c["sum"]) for c in chunks) / row.changed
    if t.has_p:
        se = row.sd / math.sqrt(n)
        row.p = 1.0 if se == 0 else p_value(row.mean / se)
        row.verdict_raw = _verdict(row.mean, row.p)
    return row


def _verdict(mean: float, p: float) -> str:
    if p < ALPHA:
        return "pays" if mean > 0 else "costs"
    return "no clear difference"


@dataclass
class TipStudy:
    """The tip table (:func:`load`): a :class:`TipRow` per tip of :data:`TIPS`."""

    rows: list[TipRow]
    path: Path | None = None

    def row(self, tip_id: str) -> TipRow:
        for r in self.rows:
            if r.id == tip_id:
                return r
        raise KeyError(f"no tip {tip_id!r}")

    @property
    def family(self) -> list[TipRow]:
        """The rows in the Holm family: every comparison with a p-value and some deals."""
        return [r for r in self.rows if r.tip.has_p and r.n]

    def note(self, language: str = "en") -> str:
        """What the multiple-testing correction is and does, with this study's numbers."""
        fam = self.family
        m = len(fam)
        duels = sum(1 for r in fam if r.tip.kind == "duel")
        paired = m - duels
        found = sum(1 for r in fam if r.verdict in ("pays", "costs"))
        raw = sum(1 for r in fam if r.verdict_raw in ("pays", "costs"))
        chance = m * ALPHA
        kind = "tipstudy.paired_test" if paired == 1 else "tipstudy.paired_tests"
        return words.text("tipstudy.note", language, m=m, d=duels,
                          paired=words.text(kind, language, pr=paired), c=chance,
                          m1=max(m - 1, 1), raw=raw, found=found)

    def table(self, language: str = "en") -> list[dict[str, Any]]:
        """The rows as plain dicts (for a DataFrame): id, game, kind, n, mean, lo, hi, p,
        p_holm, verdict, verdict_raw, changed, changed_mean."""
        out = []
        for r in self.rows:
            out.append({
                "id": r.id, "game": game_name(r.tip.game, language),
                "kind": kind_name(r.tip.kind, language), "n": r.n,
                "mean": r.mean, "lo": r.lo, "hi": r.hi, "p": r.p, "p_holm": r.p_holm,
                "verdict": r.verdict_text(language),
                "verdict_raw": r.verdict_text(language, raw=True),
                "changed": r.changed, "changed_mean": r.changed_mean,
                "unit": r.tip.unit(language),
            })
        return out

    def text(self, language: str = "en") -> str:
        """Every row in a line, then :meth:`note`."""
        lines = []
        for r in self.rows:
            line = r.line(language)
            if r.verdict:
                line += "  " + words.text("tipstudy.after_holm", language,
                                          verdict=r.verdict_text(language))
            lines.append(line)
        return "\n".join([*lines, "", self.note(language)])


def load(path: str | Path = STORED_PATH) -> TipStudy:
    """The study stored in ``path`` by :func:`run` (default: the table shipped with the
    package, :data:`STORED_PATH`): a :class:`TipRow` per tip of
    :data:`TIPS` (rows without stored chunks have n = 0), with the Holm–Bonferroni verdicts
    over every row with a p-value (:meth:`TipStudy.note`)."""
    path = Path(path)
    data = _read(path)
    rows = []
    for t in TIPS:
        stored = data["rows"].get(t.id)
        if stored is not None and {k: stored.get(k) for k in t.meta()} != t.meta():
            stored = None  # computed for another version of the test
        rows.append(_row(t, stored))
    fam = [r for r in rows if r.tip.has_p and r.n]
    for r, adj in zip(fam, holm([r.p for r in fam]), strict=True):
        r.p_holm = adj
        r.verdict = _verdict(r.mean, adj)
    return TipStudy(rows, path)

