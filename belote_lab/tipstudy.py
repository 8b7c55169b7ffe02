"""The tip table: every strategy tip of the seeds, tested where a test makes sense.

:data:`TIPS` holds one :class:`Tip` a row — its id, game and seed, the seed's Korean words,
an English (and Korean) paraphrase, and how it is tested:

* ``duel`` — duplicate deals (:func:`belote_lab.comparison.compare`): the player that follows
  the tip against a player that differs from it in that one behaviour (a variant of
  :mod:`belote_lab.players.tips`), the same cards for both; the paired difference is the tip
  side's score minus the other side's (T5 compares both against a common opponent, see its
  row);
* ``paired`` — B2: the same deals played by four level-2 players with either side leading
  the first trick (:func:`first_lead_diffs`);
* ``solver`` — T8: level 2's end-game against the exact solver
  (:func:`belote_lab.analysis.perfect_play_gap`);
* ``not tested`` — with the reason.

:func:`run` plays the tests in chunks of :data:`CHUNK` deals whose seeds come from the tip id
and the chunk index only (:func:`chunk_seed`), so the results do not depend on how the work
is split between processes or runs; it stores each chunk's sums in a JSON file and computes
only the chunks missing from it (more deals extend a row).  :func:`load` reads the file back
as a :class:`TipStudy`: per row n, the mean difference with its 95% interval, a two-sided
p-value, and a verdict after the Holm–Bonferroni correction over every row with a p-value
(:func:`holm`, :meth:`TipStudy.note`).  :func:`recompute` plays one stored chunk again.

>>> [t.id for t in TIPS][:6]
['B1', 'B2', 'B3', 'B4', 'B5', 'B6']
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

from belote_lab import jsonlines, korean
from belote_lab.comparison import duplicate_deals, make_player
from belote_lab.players import tips as T
from belote_lab.players.belote import BelotePlayer2
from belote_lab.players.belote2 import Belote2Player2
from belote_lab.players.callbreak import CallbreakPlayer2

__all__ = [
    "CHUNK",
    "DEALS",
    "SOLVER_HANDS",
    "DEFAULT_PATH",
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
DEFAULT_PATH = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "tip_study.json"
"""Where :func:`run` stores and :func:`load` reads the study (``notebooks/data/``)."""

UNITS = {
    "belote": ("points per hand", "점/판"),
    "belote2": ("points per hand", "점/판"),
    "callbreak": ("points per round", "점/라운드"),
}
PER_KO = {"belote": "판당", "belote2": "판당", "callbreak": "라운드당"}
GAME_NAMES = {
    "belote": ("four-player Belote", "4인 벨로트"),
    "belote2": ("two-player Belote", "2인 벨로트"),
    "callbreak": ("Callbreak", "콜브레이크"),
}
KIND_NAMES = {
    "duel": ("duel", "대결"),
    "paired": ("paired test", "짝 비교"),
    "solver": ("exact solver", "정확한 풀이"),
    "not tested": ("not tested", "시험하지 않음"),
}
PLAYERS: dict[str, tuple[str, str]] = {
    "level 2": ("level 2", "레벨 2"),
    "attack leads trick 1": ("attack leads trick 1", "공격 팀이 첫 트릭의 선"),
    "defence leads trick 1": ("defence leads trick 1", "수비 팀이 첫 트릭의 선"),
    "exact solver": ("exact solver", "정확한 풀이"),
    "BeloteOnlyTaker": ("level 2 taking on the belote alone",
                        "벨로트만 보고도 가져가는 레벨 2"),
    "NoTrumpPull": ("level 2 not drawing trumps first", "으뜸패를 먼저 빼지 않는 레벨 2"),
    "SpendsLastTrump": ("level 2 spending its last trump", "마지막 으뜸패를 아끼지 않는 레벨 2"),
    "NoShortSuitLead": ("level 2 not leading the next opponent's void",
                        "다음 상대에게 없는 무늬로 선을 잡지 않는 레벨 2"),
    "Signaller": ("level 2 with a discard signal", "버리는 카드로 신호하는 레벨 2"),
    "SixCardJudge": ("level 2 judging on its six cards",
                     "뒤집힌 카드를 빼고 6장으로 판단하는 레벨 2"),
    "bold (take 3.5, name 4.0)": ("bold level 2 (takes from 3.5, names a suit from 4.0)",
                                  "과감한 레벨 2(3.5부터 가져가고 4.0부터 무늬를 부름)"),
    "timid (take 6.0, name 6.5)": ("timid level 2 (takes from 6.0, names a suit from 6.5)",
                                   "소심한 레벨 2(6.0부터 가져가고 6.5부터 무늬를 부름)"),
    "NoSideAceCount": ("level 2 not counting side aces", "다른 무늬의 A를 세지 않는 레벨 2"),
    "NoHiddenTwenty": ("level 2 not counting the trump K+Q",
                       "으뜸패 K와 Q를 더 쳐 주지 않는 레벨 2"),
    "LeadsHighEarly": ("level 2 leading high while the stock lasts",
                       "더미가 남은 동안 높은 카드로 선을 잡는 레벨 2"),
    "NoCheapCapture (vs LeadsHighEarly)": (
        "level 2 not capturing 10s and aces while the stock lasts (both against level 2 "
        "leading high)",
        "더미가 남은 동안 10과 A를 잡지 않는 레벨 2(둘 다 높은 카드로 선을 잡는 레벨 2가 상대)"),
    "SpendsHonoursEarly": ("level 2 spending its trump J and 9 early",
                           "으뜸패 J와 9를 일찍 쓰는 레벨 2"),
    "FightsForEveryTrick": ("level 2 fighting for every trick while the stock lasts",
                            "더미가 남은 동안 모든 트릭을 따려는 레벨 2"),
    "MiddleTrumpLeader": ("level 2 leading a middle trump", "중간 으뜸패로 선을 잡는 레벨 2"),
    "NoLastWinnerKept": ("level 2 not keeping a winner for the last trick",
                         "마지막 트릭까지 이기는 카드를 남기지 않는 레벨 2"),
    "Round2Eager": ("level 2 eager in round 2", "2라운드에서 쉽게 무늬를 부르는 레벨 2"),
    "HighCardCaller": ("level 2 counting every high card as a trick",
                       "높은 카드를 모두 트릭으로 세는 레벨 2"),
    "WastesBigSpade": ("level 2 wasting big spades", "큰 스페이드를 낭비하는 레벨 2"),
    "OffsetCaller(−1)": ("level 2 calling one trick low", "한 트릭 낮게 콜하는 레벨 2"),
    "OffsetCaller(+1)": ("level 2 calling one trick high", "한 트릭 높게 콜하는 레벨 2"),
    "LongSuitDiscard": ("level 2 discarding from its longest suit",
                        "가장 긴 무늬에서 버리는 레벨 2"),
    "NoSpadeCount": ("level 2 not counting spades", "스페이드를 세지 않는 레벨 2"),
    "LeadsIntoVoids": ("level 2 leading suits others lack",
                       "다른 자리에 없는 무늬로 리드하는 레벨 2"),
}
"""What each compared player is, in English and Korean, by the name a row stores
(:attr:`Tip.tip_player`, :attr:`Tip.other_player`: a class name of
:mod:`belote_lab.players.tips`, kept in code and in the stored study, never shown)."""


def player_name(name: str, language: str = "en") -> str:
    """A row's player (:attr:`Tip.tip_player`, :attr:`Tip.other_player`) described in
    ``language``: what it does, not its class name.

    >>> player_name("level 2", "ko"), player_name("NoTrumpPull", "ko")
    ('레벨 2', '으뜸패를 먼저 빼지 않는 레벨 2')
    >>> player_name("NoTrumpPull")
    'level 2 not drawing trumps first'
    """
    try:
        return PLAYERS[name][_lang(language)]
    except KeyError:
        raise KeyError(f"no description of the player {name!r} in PLAYERS") from None


VERDICTS = {
    "pays": ("pays", "이득"),
    "costs": ("costs", "손해"),
    "no clear difference": ("no clear difference", "뚜렷한 차이 없음"),
}


@dataclass(frozen=True)
class Tip:
    """One strategy tip of the seeds and how it is tested (a row of the tip table)."""

    id: str
    game: str  # belote, belote2, callbreak
    seed: str  # the seed document quoted: "000" (four-player tips, 004 repeats them), "001", "003"
    quote_ko: tuple[str, ...]  # the seed's own words (shortened with "…" only)
    paraphrase_en: str
    paraphrase_ko: str
    kind: str  # duel, paired, solver, not tested
    how_en: str = ""  # the alternative player and why the comparison is fair
    how_ko: str = ""
    why_not_en: str = ""  # kind "not tested": why
    why_not_ko: str = ""
    tip_player: str = ""  # who follows the tip (a duel)
    other_player: str = ""  # the alternative
    runner: Callable[[int, int], dict[str, Any]] | None = field(default=None, repr=False)
    version: int = 1  # raised when the test changes: the stored chunks are then played again

    @property
    def tested(self) -> bool:
        return self.kind != "not tested"

    @property
    def has_p(self) -> bool:
        """Whether the row is a comparison with a p-value (in the Holm family)."""
        return self.kind in ("duel", "paired")

    def unit(self, language: str = "en") -> str:
        """``points per hand`` / ``점/판`` (Callbreak: per round)."""
        return UNITS[self.game][_lang(language)]

    def paraphrase(self, language: str = "en") -> str:
        return self.paraphrase_ko if _lang(language) else self.paraphrase_en

    def how(self, language: str = "en") -> str:
        """Who plays against whom and why the comparison is fair (this row's own words; a
        duel's deals are played as :meth:`design` says)."""
        return self.how_ko if _lang(language) else self.how_en

    def design(self, language: str = "en") -> str:
        """How a duel's deals are played (the same words for every duel of a game;
        ``""`` for the rows whose :meth:`how` says it: B2, T5, T8)."""
        if self.kind != "duel" or self.runner is None or self.id == "T5":
            return ""
        return (_DUP_KO if _lang(language) else _DUP_EN)[self.game]

    def method(self, language: str = "en") -> str:
        """The whole test in words: :meth:`design` then :meth:`how` (untested:
        :meth:`why_not`)."""
        if not self.tested:
            return self.why_not(language)
        return " ".join(x for x in (self.design(language), self.how(language)) if x)

    def why_not(self, language: str = "en") -> str:
        return self.why_not_ko if _lang(language) else self.why_not_en

    def meta(self) -> dict[str, Any]:
        """What the stored chunks were computed for (a change plays them again)."""
        return {"game": self.game, "kind": self.kind, "tip": self.tip_player,
                "other": self.other_player, "version": self.version}


def _lang(language: str) -> int:
    if language not in ("en", "ko"):
        raise ValueError(f"unknown language {language!r}; choose en or ko")
    return 1 if language == "ko" else 0


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
        from belote_lab.comparison import compare

        return _stats(compare(game, tip, other, deals, seed=seed).diffs)

    return runner


def _score(hand: Any, side: str) -> float:
    return float(hand.result.score[side])


def first_lead_diffs(seed: int, deals: int) -> tuple[np.ndarray, int]:
    """B2: ``deals`` seeded four-player Belote deals (the seeds and dealers of
    :func:`~belote_lab.comparison.compare`), each played by four level-2 players twice: the
    dealer leading the first trick (the seed rule) and the player after the dealer leading.
    Returns the per-deal differences — the attack's score when the attack leads trick 1
    minus its score when the defence leads — of the deals where both plays have the same
    contract and taker, and how many deals were left out.

    >>> d, dropped = first_lead_diffs(1, 4)
    >>> d.shape, dropped
    ((4,), 0)
    """
    from belote_lab.games import get
    from belote_lab.selfplay import play_hand

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
    :func:`~belote_lab.comparison.compare`) is played four times, ``tip`` and ``other`` each
    against ``opponent``, in both seats; the difference is ``tip``'s margin over the opponent
    (its score minus the opponent's) minus ``other``'s, the mean of the two seats.

    >>> common_opponent_diffs("belote2", Belote2Player2, Belote2Player2,
    ...                       T.LeadsHighEarly, 1, 3).tolist()
    [0.0, 0.0, 0.0]
    """
    from belote_lab.games import get
    from belote_lab.selfplay import play_hand

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
    solved exactly (:func:`~belote_lab.analysis.perfect_play_gap`, one hand a call so that
    the points given away are known per hand); a hand's value is the points given away by
    N and S together, halved: what one level-2 player gives away in a hand."""
    from belote_lab.analysis import perfect_play_gap

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
_DUP_EN = {
    "belote": "Duplicate deals: each deal is played twice with the same cards, the tip team "
              "sitting N–S and then E–W against the other team; the difference is the tip "
              "team's score minus the other team's, the mean of the two seatings.",
    "belote2": "Duplicate deals: each deal is played twice with the same cards, the tip player "
               "sitting N and then S against the other player; the difference is the tip "
               "player's score minus the other's, the mean of the two seatings.",
    "callbreak": "Duplicate deals: each deal is played twice with the same cards and three "
                 "level-2 players in the other seats, once with the tip player and once with "
                 "the other player in the fourth seat (that seat turns with the deal); the "
                 "difference is the one's round score minus the other's.",
}
_DUP_KO = {
    "belote": "듀플리케이트 비교(같은 딜을 자리를 바꿔 두 번 치는 비교)입니다. 카드는 그대로 "
              "두고 팁을 따르는 팀이 한 번은 남북, 한 번은 동서에 앉아 다른 팀과 겨루며, 차이는 "
              "팁을 따르는 팀의 점수에서 상대 팀 점수를 뺀 값의 두 번 평균입니다.",
    "belote2": "듀플리케이트 비교(같은 딜을 자리를 바꿔 두 번 치는 비교)입니다. 카드는 그대로 "
               "두고 팁을 따르는 사람이 한 번은 북쪽, 한 번은 남쪽에 앉아 상대와 겨루며, 차이는 "
               "팁을 따르는 쪽 점수에서 상대 점수를 뺀 값의 두 번 평균입니다.",
    "callbreak": "듀플리케이트 비교(같은 딜을 두 번 치되 한 자리만 바꾸는 비교)입니다. 카드와 "
                 "나머지 세 자리(레벨 2)는 그대로 두고 한 자리만 한 번은 팁을 따르는 사람이, "
                 "한 번은 다른 사람이 맡으며(그 자리는 딜마다 돌아갑니다), 차이는 두 사람의 "
                 "라운드 점수 차입니다.",
}
_FAIR_EN = " Fair because the cards, the seats and everything else are the same: only that " \
           "one behaviour differs."
_FAIR_KO = " 카드와 자리, 그 밖의 모든 것이 같고 그 행동 하나만 다르므로 공정합니다."


def _duel_tip(
    id: str, game: str, seed: str, quote: Sequence[str], en: str, ko: str, *,
    tip: Any, other: Any, tip_name: str, other_name: str, alt_en: str, alt_ko: str,
    version: int = 1,
) -> Tip:
    """A duel row: ``tip`` (who follows the tip) against ``other`` on duplicate deals."""
    return Tip(
        id, game, seed, tuple(quote), en, ko, "duel",
        how_en=f"{alt_en}{_FAIR_EN}",
        how_ko=f"{alt_ko}{_FAIR_KO}",
        tip_player=tip_name, other_player=other_name,
        runner=_duel(game, tip, other), version=version,
    )


def _untested(id: str, game: str, seed: str, quote: Sequence[str], en: str, ko: str,
              why_en: str, why_ko: str) -> Tip:
    return Tip(id, game, seed, tuple(quote), en, ko, "not tested",
               why_not_en=why_en, why_not_ko=why_ko)


_B1_Q = ("특히 으뜸패 J는 점수도 20점이나 되므로 되도록 이 카드를 가지고 있을 때, 또는 가운데 "
         "J가 풀렸을 때 공격 시도를 하는 것이 좋다. K, Q의 BELOTE 선언은 20점이기는 하지만 턴을 "
         "먹는데는 큰 도움이 되지 못하므로 이것만 보고 공격권을 가져가는 것은 182점을 내주는 "
         "꼴이 될 수 있다.")
_T1B_Q = ("으뜸패 J는 절대 트릭을 지지 않는 유일한 카드이고 9가 그다음이라, J에 으뜸패 2장이 "
          "더 있거나 9에 으뜸패 3장이 더 있으면 대개 안전한 계약입니다.")
_T1B_EN = ("The trump J never loses a trick and the 9 comes next: the J with 2 more trumps, or "
           "the 9 with 3 more, is usually a safe contract")
_T1B_KO = ("으뜸패 J는 트릭을 지지 않고 9가 그다음이니, J에 으뜸패 2장이 더 있거나 9에 "
           "으뜸패 3장이 더 있으면 대개 안전한 계약입니다")
_BOLD = partial(Belote2Player2, take=3.5, name=4.0)
_TIMID = partial(Belote2Player2, take=6.0, name=6.5)

TIPS: list[Tip] = [
    # --- four-player Belote (seed 000, repeated in 004) ---
    _duel_tip(
        "B1", "belote", "000", [_B1_Q],
        "Take with the trump jack, or when the turned card is the jack; taking on the K+Q of "
        "trump (the belote) alone can hand the opponents 182 points.",
        "으뜸패 J가 있거나 뒤집힌 카드가 J일 때 공격하고, 으뜸패 K와 Q(벨로트)만 보고 "
        "가져가지 마세요. 182점을 내줄 수 있습니다.",
        tip=BelotePlayer2, other=T.BeloteOnlyTaker, tip_name="level 2",
        other_name="BeloteOnlyTaker",
        alt_en="Level 2 (takes by the J+2 / 9+3 rule) against level 2 taking on the belote "
               "alone: it also takes, or names a suit, whenever it holds the K+Q of trump, and "
               "plays its cards like level 2.",
        alt_ko="레벨 2(J에 2장, 9에 3장 기준으로 가져감)와, 벨로트만 보고도 가져가는 레벨 2의 "
               "대결입니다. 비교 상대는 으뜸패 K와 Q만 있어도 가져가거나 그 무늬를 부르고, "
               "카드는 레벨 2와 똑같이 냅니다.",
    ),
    Tip(
        "B2", "belote", "000",
        ("딜러의 경우, 가장 마지막에 차례가 주어지므로 불리하지만 딜러가 공격 선언을 할 경우 선 "
         "턴부터 강한 카드를 내고 들어갈 수 있으므로 유리해진다.",),
        "The dealer speaks last, a disadvantage; but when the dealer's side attacks, it leads "
        "the first trick with strong cards, an advantage.",
        "딜러는 가장 마지막에 말하므로 불리하지만, 딜러 쪽이 공격하면 첫 트릭부터 강한 카드로 "
        "선을 잡으므로 유리합니다.",
        "paired",
        how_en="Paired, not a duel: each deal is played by four level-2 players twice, once "
               "with the dealer leading the first trick (the seed rule) and once with the "
               "player after the dealer leading (the FFB rule, an option here).  The taking does "
               "not depend on who leads, so both plays have the same contract and taker "
               "(a deal where they would not is left out).  The difference is the attack's "
               "score when the attack leads trick 1 minus its score when the defence leads. "
               "This tests the seed's reason (leading first helps the attack), not the "
               "dealer's seat as such.",
        how_ko="대결이 아니라 짝 비교입니다. 레벨 2 네 명이 같은 딜을 두 번 치는데, 한 번은 "
               "딜러가 첫 트릭의 선이 되고(원본 000의 규칙) 한 번은 딜러 다음 사람이 선이 "
               "됩니다(프랑스 벨로트 연맹 규칙, 여기서는 옵션). 공수 결정은 누가 선인지와 "
               "상관없으므로 두 번 모두 계약과 계약자가 같습니다(다른 딜은 뺍니다). 차이는 "
               "공격 팀이 첫 트릭의 선일 때의 공격 팀 점수에서 수비 팀이 선일 때의 공격 팀 "
               "점수를 뺀 값입니다. 원본 문서가 든 이유(먼저 선을 잡으면 공격 팀이 유리하다)를 "
               "시험하며, 딜러 자리 자체를 시험하지는 않습니다.",
        tip_player="attack leads trick 1", other_player="defence leads trick 1",
        runner=_first_lead,
    ),
    _duel_tip(
        "B3", "belote", "000",
        ["공격 팀이라면, 가장 강한 으뜸패를 내서 다른 플레이어의 으뜸패를 제거한 뒤, 으뜸패가 "
         "아닌 패의 최강패를 내서 턴을 안전하게 먹는 것이 기본적인 전략이다."],
        "Attack: lead your strongest trump to draw the others' trumps, then cash your plain "
        "masters.",
        "공격 팀은 가장 강한 으뜸패를 내서 다른 사람의 으뜸패를 뽑아낸 뒤, 일반 무늬의 가장 "
        "센 카드로 트릭을 안전하게 가져오세요.",
        tip=BelotePlayer2, other=T.NoTrumpPull, tip_name="level 2", other_name="NoTrumpPull",
        alt_en="Level 2 against level 2 not drawing trumps first: its attackers, on lead, never "
               "start with a trump while they hold a plain card.",
        alt_ko="레벨 2와, 으뜸패를 먼저 빼지 않는 레벨 2의 대결입니다. 비교 상대는 공격 팀일 때 "
               "일반 무늬 카드가 남아 있으면 선으로 으뜸패를 내지 않습니다.",
    ),
    _duel_tip(
        "B4", "belote", "000",
        ["또한, 으뜸패를 선언한 플레이어라면 마지막 턴의 10점을 챙길 수 있도록 으뜸패 한 장 "
         "정도를 손에 남기는 것이 좋다."],
        "The taker should keep one trump for the 10 points of the last trick.",
        "계약자는 마지막 트릭의 10점을 챙기도록 으뜸패 한 장을 남겨 두세요.",
        tip=BelotePlayer2, other=T.SpendsLastTrump, tip_name="level 2",
        other_name="SpendsLastTrump",
        alt_en="Level 2 against level 2 spending its last trump: its taker also leads its last "
               "trump when it is the master, though the opponents may still hold trumps.",
        alt_ko="레벨 2와, 마지막 으뜸패를 아끼지 않는 레벨 2의 대결입니다. 비교 상대는 계약자일 "
               "때 마지막 남은 으뜸패가 가장 센 카드이면, 상대에게 으뜸패가 남아 있을 수 "
               "있어도 그 카드를 선으로 냅니다.",
    ),
    _duel_tip(
        "B5", "belote", "000",
        ["수비 팀이라면, 선을 획득했을 때 직후 플레이어가 가지고 있지 않을 문양의 카드를 내어 "
         "으뜸패를 낼 수밖에 없도록 유도하는 전략이 존재한다."],
        "Defence: on lead, play a suit the next player lacks, so that it must spend a trump.",
        "수비 팀은 선을 잡으면 바로 다음 사람에게 없는 무늬를 내서 으뜸패를 쓰게 만드세요.",
        tip=BelotePlayer2, other=T.NoShortSuitLead, tip_name="level 2",
        other_name="NoShortSuitLead",
        alt_en="Level 2 against level 2 not leading the next opponent's void: its defenders never "
               "lead a suit the next opponent is known to lack while they hold another.",
        alt_ko="레벨 2와, 다음 상대에게 없는 무늬로 선을 잡지 않는 레벨 2의 대결입니다. 비교 "
               "상대는 수비 팀일 때 다음 상대에게 없다고 알려진 무늬를, 다른 무늬가 있으면 "
               "선으로 내지 않습니다.",
    ),
    _duel_tip(
        "B6", "belote", "000",
        ["팀에 상관없이, 선과 일치하는 짝패가 없을 때 다른 짝패의 A를 가지고 있다면 그 짝패의 "
         "물카를 버리는 등의 의사소통을 사전에 정하고 플레이 하는 것도 좋은 전략이다."],
        "Agree on signals beforehand: with no card of the led suit, discard a low card of a "
        "suit whose ace you hold.",
        "신호를 미리 정해 두세요. 선이 낸 무늬가 없을 때 A를 가진 무늬의 낮은 카드를 버리는 "
        "식입니다.",
        tip=T.Signaller, other=BelotePlayer2, tip_name="Signaller", other_name="level 2",
        alt_en="A team of level 2 with a discard signal (both partners) against a level-2 team.  "
               "The signalling players are level 2 plus the agreement: discarding, each throws "
               "its lowest card of a plain suit whose ace it holds; about to lead a plain card, "
               "it leads the suit its partner signalled while that ace is still out.  The "
               "alternative is level 2 itself.",
        alt_ko="버리는 카드로 신호하는 레벨 2 팀(두 파트너 모두)과 레벨 2 팀의 대결입니다. "
               "신호하는 쪽은 레벨 2에 약속을 더한 것입니다. 카드를 버릴 때는 A를 가진 일반 "
               "무늬의 가장 낮은 카드를 버리고, 일반 무늬 카드로 선을 잡을 때는 그 A가 아직 "
               "나오지 않았으면 파트너가 신호한 무늬를 냅니다. 비교 상대는 레벨 2 "
               "그대로입니다.",
    ),
    # --- two-player Belote (seed 001) ---
    _duel_tip(
        "T1", "belote2", "001",
        ["경매는 6장이 아니라 7장으로 판단하세요. 계약자는 2라운드에서 다른 무늬를 골라도 항상 "
         "뒤집힌 카드를 가져갑니다."],
        "Judge the bidding on 7 cards, not 6: the contractor always gets the turned card, "
        "even when naming another suit in round 2.",
        "공수 결정은 뒤집힌 카드까지 7장으로 판단하세요. 계약자는 2라운드에서 다른 무늬를 "
        "골라도 그 카드를 받습니다.",
        tip=Belote2Player2, other=T.SixCardJudge, tip_name="level 2", other_name="SixCardJudge",
        alt_en="Level 2 against level 2 judging on its six cards: it judges its taking strength on "
               "its 6 cards, without the turned card.  In round 1 the turned card is a trump, "
               "worth at least 1, so its threshold is one lower (3.5 instead of 4.5); the "
               "round-2 threshold stays at 5.  It differs in not counting what the turned "
               "card is.",
        alt_ko="레벨 2와, 뒤집힌 카드를 빼고 6장으로 판단하는 레벨 2의 대결입니다. 비교 상대는 "
               "손에 든 6장으로만 세기를 잽니다. 1라운드에서는 뒤집힌 카드가 으뜸패라 적어도 "
               "1만큼은 되므로 기준을 하나 낮추고(4.5 대신 3.5), 2라운드 기준 5는 "
               "그대로입니다. 뒤집힌 카드가 무엇인지 세지 않는다는 점만 다릅니다.",
    ),
    _duel_tip(
        "T1b", "belote2", "001", [_T1B_Q],
        _T1B_EN + ".  Here level 2's line is compared with bolder taking.",
        _T1B_KO + ". 여기서는 레벨 2의 기준을 더 과감한 기준과 비교합니다.",
        tip=Belote2Player2, other=_BOLD, tip_name="level 2",
        other_name="bold (take 3.5, name 4.0)",
        alt_en="Level 2 (takes from a strength of 4.5 and names a suit from 5: the J+2 / 9+3 "
               "line) against a bold level 2, taking from 3.5 and naming from 4.0.",
        alt_ko="레벨 2(세기 4.5부터 가져가고 5부터 무늬를 부름: J에 2장, 9에 3장 기준)와 과감한 "
               "레벨 2의 대결입니다. 과감한 레벨 2는 3.5부터 가져가고 4.0부터 무늬를 "
               "부릅니다.",
    ),
    _duel_tip(
        "T1c", "belote2", "001", [_T1B_Q],
        _T1B_EN + ".  Here level 2's line is compared with more timid taking.",
        _T1B_KO + ". 여기서는 레벨 2의 기준을 더 소심한 기준과 비교합니다.",
        tip=Belote2Player2, other=_TIMID, tip_name="level 2",
        other_name="timid (take 6.0, name 6.5)",
        alt_en="Level 2 against a timid level 2, taking from a strength of 6.0 and naming a suit "
               "from 6.5.",
        alt_ko="레벨 2와 소심한 레벨 2의 대결입니다. 소심한 레벨 2는 세기 6.0부터 가져가고 "
               "6.5부터 무늬를 부릅니다.",
    ),
    _duel_tip(
        "T2", "belote2", "001",
        ["다른 무늬의 A는 작은 으뜸패만큼 값어치가 있습니다. 그 11점은 수비 쪽이 되찾기 어렵기 "
         "때문입니다."],
        "A side ace is worth as much as a small trump when judging the taking: the defence can "
        "hardly win its 11 points back.",
        "가져갈지 판단할 때 다른 무늬의 A는 작은 으뜸패 한 장만큼 쳐 주세요. 그 11점은 수비가 "
        "되찾기 어렵습니다.",
        tip=Belote2Player2, other=T.NoSideAceCount, tip_name="level 2",
        other_name="NoSideAceCount",
        alt_en="Level 2 against level 2 not counting side aces: its taking strength does not "
               "count side aces (same thresholds).",
        alt_ko="레벨 2와, 다른 무늬의 A를 세지 않는 레벨 2의 대결입니다. 비교 상대는 세기를 잴 때 "
               "다른 무늬의 A를 세지 않습니다(기준은 같습니다).",
    ),
    _duel_tip(
        "T3", "belote2", "001",
        ["고른 무늬의 K와 Q는 숨은 20점이라, 애매할 때는 가져가는 쪽으로 기울게 해 줍니다."],
        "The K and Q of the chosen suit are a hidden 20 points: when in doubt, they tip the "
        "balance towards taking.",
        "고른 무늬의 K와 Q는 숨은 20점이니, 애매할 때는 가져가는 쪽을 택하세요.",
        tip=Belote2Player2, other=T.NoHiddenTwenty, tip_name="level 2",
        other_name="NoHiddenTwenty",
        alt_en="Level 2 against level 2 not counting the trump K+Q: its taking strength does not "
               "count the K+Q of trump (same thresholds).",
        alt_ko="레벨 2와, 으뜸패 K와 Q를 더 쳐 주지 않는 레벨 2의 대결입니다. 비교 상대는 세기를 "
               "잴 때 으뜸패 K와 Q를 더 쳐 주지 않습니다(기준은 같습니다).",
    ),
    _duel_tip(
        "T4", "belote2", "001",
        ["더미가 남아 있는 동안은 아무도 무늬를 따를 필요가 없어서, 먼저 낸 A나 10은 작은 "
         "으뜸패 한 장에 잡힐 수 있습니다. 초반에는 낮은 일반 카드로 시작하고"],
        "While the stock lasts nobody must follow suit, so an ace or a 10 led can be taken "
        "by a small trump: start with low plain cards.",
        "더미가 남은 동안은 무늬를 따를 의무가 없어 먼저 낸 A나 10이 작은 으뜸패에 잡히니, "
        "낮은 일반 카드로 시작하세요.",
        tip=Belote2Player2, other=T.LeadsHighEarly, tip_name="level 2",
        other_name="LeadsHighEarly", version=2,
        alt_en="Level 2 against level 2 leading high while the stock lasts: it leads its strongest "
               "plain card (most points, then highest: aces and 10s first); its trumps it "
               "plays as level 2 does, so only the plain lead differs.",
        alt_ko="레벨 2와, 더미가 남은 동안 높은 카드로 선을 잡는 레벨 2의 대결입니다. 비교 상대는 "
               "더미가 남은 동안 가장 센 일반 카드(점수가 가장 높고, 같으면 더 높은 카드: A와 "
               "10부터)로 선을 잡습니다. 으뜸패는 레벨 2처럼 쓰므로 일반 카드로 선을 잡는 "
               "방식만 다릅니다.",
    ),
    Tip(
        "T5", "belote2", "001",
        ("상대가 낸 10과 A는 싼 으뜸패나 같은 무늬의 더 높은 카드로 잡고",),
        "Capture the opponent's 10s and aces with a cheap trump or a higher card of the suit.",
        "상대가 낸 10과 A는 싼 으뜸패나 같은 무늬의 더 높은 카드로 잡으세요.",
        "duel",
        how_en="Against a common opponent: level 2 never leads a 10 or an ace while the stock "
               "lasts, so head to head the situation would not arise.  Each deal is played "
               "four times: level 2 and a level 2 not capturing 10s and aces each against a "
               "level 2 leading high (it leads its aces and 10s while the stock lasts), in "
               "both seats; the difference is level 2's margin over that opponent minus the "
               "other's.  The player not capturing is level 2 that, while the stock lasts, "
               "never wins a led 10 or ace (it plays level 2's best card among those that do "
               "not win).  Fair because the deals and the opponent are the same: only the "
               "capturing differs.",
        how_ko="공통 상대와의 비교입니다. 레벨 2는 더미가 남은 동안 10이나 A로 선을 잡지 "
               "않으므로, 둘이 맞붙으면 이 상황이 생기지 않습니다. 그래서 같은 딜을 네 번 "
               "칩니다. 레벨 2와, 10과 A를 잡지 않는 레벨 2가 각각 높은 카드로 선을 잡는 레벨 "
               "2(더미가 남은 동안 A와 10으로 선을 잡음)를 상대로 두 자리에서 한 번씩 둡니다. "
               "차이는 레벨 2가 그 상대보다 더 딴 점수에서 비교 상대가 더 딴 점수를 뺀 "
               "값입니다. 비교 상대는 더미가 남은 동안 상대가 낸 10이나 A를 이기지 않는 레벨 "
               "2입니다(이기지 않는 카드 가운데 레벨 2가 고를 카드를 냅니다). 딜과 상대가 "
               "같고 잡느냐 마느냐만 다르므로 공정합니다.",
        tip_player="level 2", other_player="NoCheapCapture (vs LeadsHighEarly)",
        runner=_common("belote2", Belote2Player2, T.NoCheapCapture, T.LeadsHighEarly),
        version=2,
    ),
    _duel_tip(
        "T6", "belote2", "001",
        ["으뜸패 J와 9는 피할 수 없게 되는 마지막 9트릭까지 아껴 두세요."],
        "Keep the trump J and 9 for the last 9 tricks, where they can no longer be dodged.",
        "으뜸패 J와 9는 피할 수 없게 되는 마지막 9트릭까지 아껴 두세요.",
        tip=Belote2Player2, other=T.SpendsHonoursEarly, tip_name="level 2",
        other_name="SpendsHonoursEarly",
        alt_en="Level 2 against level 2 spending its trump J and 9 early: while the stock lasts, "
               "it values its trump J and 9 only by their points.",
        alt_ko="레벨 2와, 으뜸패 J와 9를 일찍 쓰는 레벨 2의 대결입니다. 비교 상대는 더미가 남은 "
               "동안 으뜸패 J와 9를 점수만큼만 아낍니다.",
    ),
    _duel_tip(
        "T7", "belote2", "001",
        ["트릭을 이기면 더미에서 먼저 뽑지만 맨 위 카드가 무엇인지는 모르니, 점수 없는 트릭에 "
         "귀한 카드를 쓸 가치는 거의 없습니다."],
        "Winning a trick draws first from the stock, but the top card is unknown: a trick "
        "without points is hardly worth a valuable card.",
        "트릭을 이기면 더미에서 먼저 뽑지만 무엇이 나올지 모르니, 점수 없는 트릭에 귀한 "
        "카드를 쓰지 마세요.",
        tip=Belote2Player2, other=T.FightsForEveryTrick, tip_name="level 2",
        other_name="FightsForEveryTrick",
        alt_en="Level 2 against level 2 fighting for every trick: while the stock lasts, it wins "
               "every trick it can (with level 2's best winning card).",
        alt_ko="레벨 2와, 더미가 남은 동안 모든 트릭을 따려는 레벨 2의 대결입니다. 비교 상대는 "
               "더미가 남은 동안 이길 수 있는 트릭은 모두 이깁니다(이기는 카드 가운데 레벨 2가 "
               "고를 카드로).",
    ),
    Tip(
        "T8", "belote2", "001",
        ("더미가 떨어지면 내 눈에 안 보이는 카드는 전부 상대 손에 있으므로, 마지막은 다 보고 둘 "
         "수 있습니다. 으뜸패는 모두 8장이니 세어 두고",),
        "Once the stock is gone, every card you cannot see is in the opponent's hand, so the "
        "end can be played with everything in view; count the 8 trumps.",
        "더미가 떨어지면 안 보이는 카드는 모두 상대 손에 있으니 끝은 다 보고 둘 수 있습니다. "
        "으뜸패 8장을 세어 두세요.",
        "solver",
        how_en="Not a duel: level 2 already counts every card after the stock (it takes every "
               "unseen card for the opponent's).  The exact solver checks how well: in hands "
               "of level 2 against level 2, every decision of the last 9 tricks with more "
               "than one legal card is solved exactly.  Shown: the points level 2 gives away "
               "per hand against perfect play (95% interval) and the share of decisions "
               "where it plays a best card.  Not a comparison, so not in the Holm family.",
        how_ko="대결이 아닙니다. 레벨 2는 더미가 떨어진 뒤 모든 카드를 셉니다(안 보이는 카드는 "
               "모두 상대 것으로 봅니다). 얼마나 잘 두는지는 정확한 풀이로 확인합니다. 레벨 "
               "2끼리 둔 판에서 마지막 9트릭 가운데 낼 수 있는 카드가 두 장 이상인 결정을 모두 "
               "정확히 풀어, 완벽한 플레이에 비해 레벨 2가 한 판에 내준 점수(95% 신뢰구간)와 "
               "최선의 카드를 낸 비율을 보입니다. 비교가 아니므로 홀름 보정에는 넣지 않습니다.",
        tip_player="level 2", other_player="exact solver", runner=_solver,
    ),
    _duel_tip(
        "T9", "belote2", "001",
        ["으뜸패가 나오면 가능할 때 반드시 이겨야 한다는 점을 이용하세요. 중간 으뜸패를 먼저 "
         "내면 큰 으뜸패를 끌어낼 수 있고"],
        "Use the rule that a trump led must be beaten when possible: leading a middle trump "
        "draws out the big ones.",
        "으뜸패가 나오면 가능할 때 반드시 이겨야 하니, 중간 으뜸패를 먼저 내서 큰 으뜸패를 "
        "끌어내세요.",
        tip=T.MiddleTrumpLeader, other=Belote2Player2, tip_name="MiddleTrumpLeader",
        other_name="level 2",
        alt_en="Level 2 leading a middle trump (follows the tip) against level 2, which has no "
               "such rule.  The tip's player is level 2, but in the last 9 tricks, on lead, "
               "holding a trump that is neither its highest nor its lowest while the opponent "
               "holds a higher trump, it leads that middle trump (the lowest such).",
        alt_ko="중간 으뜸패로 선을 잡는 레벨 2(팁을 따름)와, 그런 규칙이 없는 레벨 2의 "
               "대결입니다. 팁을 따르는 쪽은 레벨 2와 같지만, 마지막 9트릭에서 선을 잡을 때 "
               "가장 높지도 가장 낮지도 않은 으뜸패가 있고 상대에게 그보다 높은 으뜸패가 "
               "있으면 그 중간 으뜸패(그런 것 가운데 가장 낮은 것)를 냅니다.",
    ),
    _untested(
        "T10", "belote2", "001", ["상대의 으뜸패가 다 떨어지면 내 10과 A는 안전합니다."],
        "Once the opponent has no trump left, your 10s and aces are safe.",
        "상대의 으뜸패가 다 떨어지면 내 10과 A는 안전합니다.",
        "Not tested: a consequence of the rules, not a choice.  With no trump left the "
        "opponent can take an ace only with a higher card of its suit (there is none) and a "
        "10 only with that suit's ace; there is no other way of playing to compare.",
        "시험하지 않음: 선택이 아니라 규칙에서 나오는 결과입니다. 상대에게 으뜸패가 없으면 A는 "
        "같은 무늬의 더 높은 카드로만 잡을 수 있는데 그런 카드는 없고, 10은 그 무늬의 A로만 잡을 "
        "수 있습니다. 달리 둘 방법이 없으니 비교할 것도 없습니다.",
    ),
    _duel_tip(
        "T11", "belote2", "001",
        ["마지막 트릭은 10점이니 확실히 이기는 카드 한 장을 끝까지 남겨 두면 좋습니다."],
        "The last trick is worth 10: keep one sure winner to the end.",
        "마지막 트릭은 10점이니 확실히 이기는 카드 한 장을 끝까지 남겨 두세요.",
        tip=Belote2Player2, other=T.NoLastWinnerKept, tip_name="level 2",
        other_name="NoLastWinnerKept",
        alt_en="Level 2 against level 2 not keeping a winner for the last trick: it lacks the "
               "bonus (10 points) that keeps its only sure winner for the last trick.",
        alt_ko="레벨 2와, 마지막 트릭까지 이기는 카드를 남기지 않는 레벨 2의 대결입니다. 비교 "
               "상대에게는 하나뿐인 확실한 승리 카드를 마지막 트릭까지 남기게 하는 보너스(10점)가 "
               "없습니다.",
    ),
    _untested(
        "T12", "belote2", "001",
        ["수비할 때는 계약자를 절반 이하로 묶는 순간 그 판을 이깁니다. 계약자는 상대보다 엄격히 "
         "많아야 하므로 81 대 81은 동점일 뿐이고, 지켜 낸 10이나 A 한 장이 선을 움직입니다."],
        "In defence you win the hand once the contractor is held to half: 81–81 is only a tie, "
        "and one 10 or ace saved moves the line.",
        "수비할 때는 계약자를 절반 이하로 묶으면 이깁니다. 81 대 81은 동점일 뿐이고, 지켜 낸 "
        "10이나 A 한 장이 승부를 가릅니다.",
        "Not tested: a fact of the scoring (the contractor must score strictly more than the "
        "opponent), not a way of playing; the players already play for points.",
        "시험하지 않음: 플레이 방법이 아니라 점수 계산의 사실입니다(계약자는 상대보다 엄격히 "
        "많아야 합니다). 컴퓨터 플레이어는 이미 점수를 따려고 둡니다.",
    ),
    _duel_tip(
        "T13", "belote2", "001",
        ["계약할 때는 실패하면 상대가 162점을 모두 가져간다는 것을 기억하세요. 2라운드에서 손이 "
         "약하면 패스가 더 싸게 먹히는 경우가 많습니다."],
        "A failed contract hands the opponent all 162 points: in round 2 a weak hand should "
        "usually pass.",
        "계약에 실패하면 상대가 162점을 모두 가져가니, 2라운드에서 손이 약하면 패스하세요.",
        tip=Belote2Player2, other=T.Round2Eager, tip_name="level 2", other_name="Round2Eager",
        alt_en="Level 2 against level 2 eager in round 2: it names a suit in round 2 from a "
               "strength of 3.5 instead of 5 (round 1 unchanged).",
        alt_ko="레벨 2와, 2라운드에서 쉽게 무늬를 부르는 레벨 2의 대결입니다. 비교 상대는 "
               "2라운드에서 세기 5가 아니라 3.5부터 무늬를 부릅니다(1라운드는 같습니다).",
    ),
    _untested(
        "T14", "belote2", "001",
        ["연승은 두 판짜리 경기를 이겨야만 늘어나니, 첫 판에서 크게 앞섰다면 둘째 판은 안전하게 "
         "운영해도 됩니다."],
        "A run grows only by winning two-hand matches: well ahead after the first hand, play "
        "the second safely.",
        "연승은 두 판짜리 경기를 이겨야 늘어나니, 첫 판에서 크게 앞섰다면 둘째 판은 안전하게 "
        "운영하세요.",
        "Not tested: the seed does not say what safe play is, and the computer players have no "
        "such mode to compare with their usual play.",
        "시험하지 않음: 원본 001은 안전한 운영이 무엇인지 말하지 않고, 컴퓨터 플레이어에게도 "
        "평소 플레이와 비교할 그런 방식이 없습니다.",
    ),
    # --- Callbreak (seed 003) ---
    _duel_tip(
        "C1", "callbreak", "003",
        ["높은 카드를 모두 확실한 트릭으로 세고 콜하는 것.",
         "다른 무늬의 A와 높은 스페이드가 가장 안전한 트릭입니다."],
        "Mistake: counting every high card as a sure trick when calling.  Tip: side aces and "
        "high spades are the safest tricks.",
        "콜할 때 높은 카드를 모두 확실한 트릭으로 세지 마세요. 가장 안전한 트릭은 다른 무늬의 "
        "A와 높은 스페이드입니다.",
        tip=CallbreakPlayer2, other=T.HighCardCaller, tip_name="level 2",
        other_name="HighCardCaller",
        alt_en="Level 2 (its call counts side aces and high spades: the second quote) against "
               "level 2 counting every high card as a trick: it calls one trick for every ace, "
               "king and queen.",
        alt_ko="레벨 2(다른 무늬의 A와 높은 스페이드를 세어 콜함: 두 번째 인용)와, 높은 카드를 "
               "모두 트릭으로 세는 레벨 2의 대결입니다. 비교 상대는 A, K, Q마다 한 트릭씩 세어 "
               "콜합니다.",
    ),
    _untested(
        "C3", "callbreak", "003",
        ["낼 수 있을 때는 이기고 있는 카드를 이겨야 한다는 규칙을 잊는 것."],
        "Mistake: forgetting that you must beat the winning card when you can.",
        "낼 수 있을 때는 이기고 있는 카드를 이겨야 한다는 규칙을 잊지 마세요.",
        "Not tested: the engine enforces the must-beat rule, so no player can forget it.",
        "시험하지 않음: 엔진이 이 규칙을 지키게 하므로 어떤 플레이어도 잊을 수 없습니다.",
    ),
    _duel_tip(
        "C4", "callbreak", "003",
        ["이미 다른 스페이드가 이긴 트릭에 큰 스페이드를 낭비하는 것."],
        "Mistake: wasting a big spade on a trick another spade already wins.",
        "다른 스페이드가 이미 이긴 트릭에 큰 스페이드를 낭비하지 마세요.",
        tip=CallbreakPlayer2, other=T.WastesBigSpade, tip_name="level 2",
        other_name="WastesBigSpade",
        alt_en="Level 2 against level 2 wasting big spades: when a spade is already in the trick "
               "and it plays a spade, it plays its highest legal spade.",
        alt_ko="레벨 2와, 큰 스페이드를 낭비하는 레벨 2의 대결입니다. 비교 상대는 트릭에 "
               "스페이드가 이미 있을 때 스페이드를 내게 되면 낼 수 있는 가장 높은 스페이드를 "
               "냅니다.",
    ),
    _duel_tip(
        "C5", "callbreak", "003",
        ["일부러 낮게 콜하는 것. 초과 트릭은 하나에 0.1점뿐입니다."],
        "Mistake: calling low on purpose; an extra trick is worth only 0.1.",
        "일부러 낮게 콜하지 마세요. 초과 트릭은 하나에 0.1점뿐입니다.",
        tip=CallbreakPlayer2, other=partial(T.OffsetCaller, offset=-1), tip_name="level 2",
        other_name="OffsetCaller(−1)",
        alt_en="Level 2 against level 2 calling one trick low: it calls one trick less than its "
               "estimate (at least 1).",
        alt_ko="레벨 2와, 한 트릭 낮게 콜하는 레벨 2의 대결입니다. 비교 상대는 자기 예상보다 한 "
               "트릭 적게(최소 1) 콜합니다.",
    ),
    _duel_tip(
        "C6", "callbreak", "003",
        ["콜을 너무 높게 하면 달성하지 못했을 때 콜 수만큼 모두 잃으므로 위험합니다."],
        "Calling too high is risky: miss it and you lose the whole call.",
        "콜을 너무 높게 하면 달성하지 못했을 때 콜 수만큼 모두 잃으니 위험합니다.",
        tip=CallbreakPlayer2, other=partial(T.OffsetCaller, offset=1), tip_name="level 2",
        other_name="OffsetCaller(+1)",
        alt_en="Level 2 against level 2 calling one trick high: it calls one trick more than its "
               "estimate (at most 8).",
        alt_ko="레벨 2와, 한 트릭 높게 콜하는 레벨 2의 대결입니다. 비교 상대는 자기 예상보다 한 "
               "트릭 많이(최대 8) 콜합니다.",
    ),
    _duel_tip(
        "C7", "callbreak", "003",
        ["짧은 무늬는 쓸모가 있습니다. 그 무늬가 떨어지면 작은 스페이드로도 트릭을 딸 수 "
         "있습니다."],
        "Short suits are useful: once one runs out, even a small spade can win a trick.",
        "짧은 무늬는 쓸모가 있습니다. 그 무늬가 떨어지면 작은 스페이드로도 트릭을 딸 수 "
        "있습니다.",
        tip=CallbreakPlayer2, other=T.LongSuitDiscard, tip_name="level 2",
        other_name="LongSuitDiscard",
        alt_en="Level 2 against level 2 discarding from its longest suit: it discards, and leads "
               "its low cards, from its longest side suit instead of its shortest, so it makes "
               "no void on purpose.",
        alt_ko="레벨 2와, 가장 긴 무늬에서 버리는 레벨 2의 대결입니다. 비교 상대는 카드를 버리거나 "
               "낮은 카드로 선을 잡을 때 가장 짧은 무늬가 아니라 가장 긴 무늬에서 내므로 "
               "일부러 무늬를 비우지 않습니다.",
    ),
    _duel_tip(
        "C8", "callbreak", "003",
        ["스페이드는 13장뿐이니 나오는 대로 세어 보세요."],
        "There are only 13 spades: count them as they come out.",
        "스페이드는 13장뿐이니 나오는 대로 세어 보세요.",
        tip=CallbreakPlayer2, other=T.NoSpadeCount, tip_name="level 2",
        other_name="NoSpadeCount",
        alt_en="Level 2 against level 2 not counting spades: it forgets the spades of the "
               "finished tricks and plays as if they were still out (the spades on the table "
               "it sees).",
        alt_ko="레벨 2와, 스페이드를 세지 않는 레벨 2의 대결입니다. 비교 상대는 끝난 트릭의 "
               "스페이드를 잊고 아직 남아 있는 것처럼 둡니다(바닥의 스페이드는 봅니다).",
    ),
    _duel_tip(
        "C9", "callbreak", "003",
        ["라운드 후반에 다른 사람이 가지고 있지 않은 무늬를 리드하는 것은 상대가 으뜸패를 쓰게 "
         "만들고 싶을 때만 하세요."],
        "Late in the round, lead a suit others lack only when you want to make them trump.",
        "라운드 후반에 다른 사람에게 없는 무늬는 상대가 으뜸패를 쓰게 하고 싶을 때만 "
        "리드하세요.",
        tip=CallbreakPlayer2, other=T.LeadsIntoVoids, tip_name="level 2",
        other_name="LeadsIntoVoids",
        alt_en="Level 2 against level 2 leading suits others lack: from trick 8 on, it leads its "
               "lowest card of a side suit another player is known to lack whenever it holds "
               "one.",
        alt_ko="레벨 2와, 다른 자리에 없는 무늬로 리드하는 레벨 2의 대결입니다. 비교 상대는 8번째 "
               "트릭부터 다른 자리에 없다고 알려진 무늬의 카드가 있으면 언제나 그 무늬의 가장 "
               "낮은 카드를 리드합니다.",
    ),
    _untested(
        "C10", "callbreak", "003",
        ["다른 플레이어의 콜을 지켜보세요. 큰 콜을 노리는 사람은 높은 카드를 일찍 씁니다."],
        "Watch the others' calls: a player aiming at a big call spends high cards early.",
        "다른 플레이어의 콜을 지켜보세요. 큰 콜을 노리는 사람은 높은 카드를 일찍 씁니다.",
        "Not tested: level 2 does not read the others' calls, and the seed does not say what "
        "to do with them, so there is no pair of players to compare.",
        "시험하지 않음: 레벨 2는 다른 사람의 콜을 읽지 않고, 원본 003도 콜을 보고 무엇을 "
        "하라는지 말하지 않으므로 비교할 두 플레이어가 없습니다.",
    ),
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


def stored_chunk(tip_id: str, chunk: int = 0, path: str | Path = DEFAULT_PATH) -> dict[str, Any]:
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


_ABOUT = ("belote_lab.tipstudy: per row, chunks of deals, each chunk's paired differences "
          "(tip side minus the alternative) as n, sum, sum of squares, changed (deals with a "
          "non-zero difference) and sum_changed; the seed of a chunk comes from the row id "
          "and the chunk index.  T8: hands, decisions, best (decisions with a best card), "
          "sum and sumsq of the points a player gives away per hand (N and S together, "
          "halved), changed (hands with a loss).")


def run(
    ids: Iterable[str] | None = None,
    deals: int = DEALS,
    jobs: int = 2,
    path: str | Path = DEFAULT_PATH,
    solver_hands: int = SOLVER_HANDS,
    progress: Callable[[str], None] | None = None,
) -> TipStudy:
    """Compute the rows ``ids`` (default: every tested tip) to ``deals`` deals each (T8:
    ``solver_hands`` hands), rounded up to whole chunks, with ``jobs`` processes, and store
    them in ``path``; chunks already stored are kept and not played again, so a run that
    stopped goes on where it stopped and a larger ``deals`` extends the rows.  A row whose
    test has changed (:meth:`Tip.meta`) is played again from scratch.  ``progress`` receives
    a line as each row is complete.  Returns the study as :func:`load` reads it."""
    path = Path(path)
    wanted = [tip(i) for i in ids] if ids is not None else [t for t in TIPS if t.tested]
    data = _read(path)
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
        return VERDICTS[v][_lang(language)] if v else ""

    def difference(self, language: str = "en") -> str:
        """``+3.25 points per hand (95% CI +1.02 … +5.48)``, ``판당 +3.25점(95% 신뢰구간
        +1.02~+5.48점)`` (T8: the points given away)."""
        if not self.n:
            return ""
        if _lang(language):
            per = PER_KO[self.tip.game]
            return f"{per} {self.mean:+.2f}점(95% 신뢰구간 {self.lo:+.2f}~{self.hi:+.2f}점)"
        unit = self.tip.unit(language)
        return f"{self.mean:+.2f} {unit} (95% CI {self.lo:+.2f} … {self.hi:+.2f})"

    def line(self, language: str = "en") -> str:
        """The row in one line (the progress line of ``belote-lab tips``)."""
        t = self.tip
        if not t.tested:
            return f"{t.id:4} {KIND_NAMES[t.kind][_lang(language)]}"
        if t.kind == "solver":
            if _lang(language):
                return korean.kformat(
                    "{id:4} {n}판: 완벽한 플레이에 비해 한 사람이 판당 {m:.2f}점(95% 신뢰구간 "
                    "{lo:.2f}~{hi:.2f}점)을 내줌, {d}번의 결정 가운데 {b:.1%}에서 최선의 카드",
                    id=t.id, n=f"{self.n:,}", m=self.mean, lo=self.lo, hi=self.hi,
                    d=f"{self.decisions:,}", b=self.best_share)
            return (f"{t.id:4} {self.n} hands: a player gives away {self.mean:.2f} points a "
                    f"hand to perfect play (95% CI {self.lo:.2f} … {self.hi:.2f}); a best "
                    f"card in {self.best_share:.1%} of {self.decisions} decisions")
        deals = f"딜 {self.n:,}개" if _lang(language) else f"n={self.n} deals"
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
        if _lang(language):
            return korean.kformat(
                "비교로 시험한 팁은 {m}개입니다(대결 {d}개와 짝 비교 {pr}개). 각각을 5% 수준에서 "
                "판정하면, 어떤 팁도 효과가 없더라도 우연만으로 평균 {c:.1f}개에서 차이가 "
                "보입니다. 그래서 판정에는 홀름–본페로니 보정을 씁니다. p값을 "
                "작은 것부터 늘어놓고, 가장 작은 값은 5%를 {m:으로} 나눈 값과, 그다음 값은 5%를 "
                "{m1:으로} 나눈 값과 비교하는 식으로 차례로 비교하다가 처음으로 기준을 넘는 곳에서 "
                "멈추며, 그 앞의 행만 ‘이득’이나 ‘손해’로 판정합니다. "
                "그러면 이 판정들 가운데 하나라도 우연에 속은 것일 확률, 곧 족별 오류율(FWER)이 "
                "5% 이하가 됩니다. 보정 전 95% 판정으로는 {raw}개, 보정 후에는 {found}개가 "
                "차이를 보입니다. 둘이 다른 행은 차이가 있어 보이지만 확실하지 않다는 뜻입니다. "
                "정확한 풀이의 행(T8)은 비교가 아니라 측정이므로 여기에 넣지 않았고, 시험하지 "
                "않은 팁은 그 이유를 적었습니다.",
                m=m, d=duels, pr=paired, c=chance, m1=max(m - 1, 1), raw=raw, found=found)
        return (
            f"{m} tips are tested by a comparison ({duels} duels and {paired} paired test"
            f"{'s' if paired != 1 else ''}).  Judged each at 5%, about {chance:.1f} of them "
            "would show a difference by chance alone even if no tip mattered.  The verdicts "
            "therefore use the Holm–Bonferroni correction: the p-values are sorted, the "
            f"smallest is compared with 5%/{m}, the next with 5%/{max(m - 1, 1)}, and so on "
            "until one fails; only the rows before it are called 'pays' or 'costs'.  The "
            "chance that even one of these verdicts is a false alarm is then at most 5% (a "
            f"family-wise error rate of 5%).  Uncorrected, {raw} rows show a difference at "
            f"95%; corrected, {found}.  Where the two verdicts differ, the difference is "
            "suggestive, not established.  The solver row (T8) is a measurement, not a "
            "comparison, and is not in the family; the untested tips say why."
        )

    def table(self, language: str = "en") -> list[dict[str, Any]]:
        """The rows as plain dicts (for a DataFrame): id, game, kind, n, mean, lo, hi, p,
        p_holm, verdict, verdict_raw, changed, changed_mean."""
        out = []
        for r in self.rows:
            out.append({
                "id": r.id, "game": GAME_NAMES[r.tip.game][_lang(language)],
                "kind": KIND_NAMES[r.tip.kind][_lang(language)], "n": r.n,
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
                label = "홀름 보정 후" if _lang(language) else "after Holm"
                line += f"  [{label}: {r.verdict_text(language)}]"
            lines.append(line)
        return "\n".join([*lines, "", self.note(language)])


def load(path: str | Path = DEFAULT_PATH) -> TipStudy:
    """The study stored in ``path`` by :func:`run`: a :class:`TipRow` per tip of
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

