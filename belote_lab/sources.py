"""Where every rule comes from: a seed, the FFB rule book, or this package's choice.

The user's four Korean source texts are cited by number: seed 000 and seed 004 (four-player
Belote, its variants and Coinche), seed 001 (two-player Belote) and seed 003 (Callbreak). They
are kept beside the repository (``../shared/seeds/`` next to a checkout), not in it. Where the
seeds say nothing, the rule is either the French federation's (FFB) or this package's choice,
and then the reason is given.

This module holds each source once, as data; ``docs/RULES.md``, ``docs/RULES.ko.md`` (their
section 7 is made by :func:`markdown`, see ``docs/make_sources.py``), the settings panel and
the notebooks read it from here, and ``tests/test_sources.py`` checks that every rule option
has one and that every seed quote is found word for word in its seed.

Keys of :func:`source`:

- a **fixed rule** (not an option) by a short name, ``<game>.<rule>``: the game is ``belote``
  (four players, RULES.md §1–2), ``coinche`` (§3), ``belote2`` (§4) or ``callbreak`` (§5).
  :data:`FIXED_RULES` lists them all (and docs/RULES.md §7 shows them);
- a **rule option** by its class and name: ``"BeloteRules.capot"`` is the source of the
  default, ``"BeloteRules.capot=all_tricks"`` that of another value (a bool as ``true`` or
  ``false``, a number as itself, ``null`` for none). Some rules the seeds state are the
  *default* of an option, so their key is the option's: the dealer leads first
  (``BeloteRules.first_lead``), capot by points (``BeloteRules.capot``), a failed contract's
  points all to the defence (``BeloteRules.failed_contract``), the two-player dealer who may
  not pass after two redeals (``Belote2Rules.forced_after_redeals``), calls of 1 to 8
  (``CallbreakRules.max_call``), and a call of 8 made winning the game
  (``CallbreakRules.big_call_8_wins=true``).

>>> source("BeloteRules.capot").text("en")
'seed 000: “모든 점수 카드를 공격팀이 획득한 경우”'
>>> source("BeloteRules.capot=all_tricks").text("ko")
'프랑스 벨로트 연맹(FFB) 규칙'
>>> print(source("belote.game_tie").text("en"))  # doctest: +ELLIPSIS
this package's choice: seed 000 names the team with more points the winner and says ...
>>> source("callbreak.first_leader").kind, source("callbreak.first_leader").seed
('package', '003')
>>> " ".join(k for k in FIXED_RULES if k.startswith("callbreak."))  # doctest: +ELLIPSIS
'callbreak.deal callbreak.spades callbreak.no_spade_redeal ... callbreak.journey'
>>> source("belote.no_such_rule")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
KeyError: "no rule 'belote.no_such_rule': a fixed rule (see FIXED_RULES) or an option such ..."
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from belote_lab.rules import (
    Belote2Rules,
    BeloteRules,
    CallbreakRules,
    CoincheRules,
    RuleOptions,
)

__all__ = [
    "KINDS",
    "SEEDS",
    "Source",
    "FixedRule",
    "OptionSources",
    "FIXED_RULES",
    "OPTION_SOURCES",
    "source",
    "option_sources",
    "markdown",
    "splice",
]

KINDS = ("seed", "ffb", "package")
"""What a source may be: a seed (quoted), the FFB rule book, or this package's choice."""

SEEDS = ("000", "001", "003", "004")
"""The numbers of the user's source texts."""

LANGUAGES = ("en", "ko")


def _check_language(language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {LANGUAGES}")


@dataclass(frozen=True)
class Source:
    """One rule's source. ``kind`` is ``"seed"`` (``seeds`` and a ``quote`` copied word for
    word from the seed), ``"ffb"`` (the French federation's rule book) or ``"package"`` (this
    package's choice: ``reason`` in English, ``reason_ko`` in Korean, and optionally the seed
    words it reads).

    >>> s = Source("package", reason="why", reason_ko="이유", seeds=("003",), quote="한 사람이")
    >>> s.text("en")
    "this package's choice: why (seed 003: “한 사람이”)"
    >>> s.text("ko")
    '이 패키지의 선택: 이유(원본 003: “한 사람이”)'
    >>> Source("seed", seeds=("000", "004"), quote="첫 턴의 선은 딜러가 진행한다.").text("ko")
    '원본 000, 004: “첫 턴의 선은 딜러가 진행한다.”'
    >>> Source("seed", seeds=("002",), quote="x")
    Traceback (most recent call last):
    ...
    ValueError: unknown seed '002': the seeds are ('000', '001', '003', '004')
    """

    kind: str
    seeds: tuple[str, ...] = ()
    quote: str = ""
    reason: str = ""
    reason_ko: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown source kind {self.kind!r}; choose one of {KINDS}")
        for seed in self.seeds:
            if seed not in SEEDS:
                raise ValueError(f"unknown seed {seed!r}: the seeds are {SEEDS}")
        if bool(self.seeds) != bool(self.quote):
            raise ValueError("a seed is cited with a quote, and a quote names its seed")
        if self.kind == "seed" and not self.seeds:
            raise ValueError("a seed source needs its seed and a quote")
        if self.kind == "package" and not (self.reason and self.reason_ko):
            raise ValueError("this package's choice needs its reason in English and Korean")

    @property
    def seed(self) -> str | None:
        """The (first) seed cited, or ``None``."""
        return self.seeds[0] if self.seeds else None

    def _cite(self, language: str) -> str:
        if language == "ko":
            return f"원본 {', '.join(self.seeds)}: “{self.quote}”"
        word = "seed" if len(self.seeds) == 1 else "seeds"
        return f"{word} {' and '.join(self.seeds)}: “{self.quote}”"

    def text(self, language: str = "en") -> str:
        """A one-line label in ``language`` (``en`` or ``ko``)."""
        _check_language(language)
        if self.kind == "seed":
            return self._cite(language)
        if self.kind == "ffb":
            return "프랑스 벨로트 연맹(FFB) 규칙" if language == "ko" else "the FFB rule book"
        head = (
            f"이 패키지의 선택: {self.reason_ko}"
            if language == "ko"
            else f"this package's choice: {self.reason}"
        )
        if not self.seeds:
            return head
        # Korean writes no space before a bracket (docs/STYLE.ko.md)
        space = "" if language == "ko" else " "
        return f"{head}{space}({self._cite(language)})"


def _seed(seeds: str, quote: str) -> Source:
    return Source("seed", tuple(seeds.split()), quote)


def _package(reason: str, reason_ko: str, seeds: str = "", quote: str = "") -> Source:
    return Source("package", tuple(seeds.split()), quote, reason, reason_ko)


FFB = Source("ffb")


@dataclass(frozen=True)
class FixedRule:
    """A rule that is not an option: ``key``, the rule in a few words (``en``, ``ko``) and
    its :class:`Source`."""

    key: str
    en: str
    ko: str
    source: Source

    def text(self, language: str = "en") -> str:
        """The rule in ``language``."""
        _check_language(language)
        return self.ko if language == "ko" else self.en


# --- the fixed rules, in the order of RULES.md ---------------------------------------------------
_GO_HIGHER = _package(
    "seed 000 says only “follow suit”; seed 001 states it for two players and the Belote rule "
    "books have it for four, so this package applies it to four players too",
    "원본 000은 무늬를 따르라고만 합니다. 원본 001이 2인 게임에 이 규칙을 "
    "두고 벨로트 규칙서들도 4인 게임에 두므로, 이 패키지는 4인 게임에도 "
    "적용합니다",
    "001", "으뜸패가 나오면 가능할 때 더 높은 으뜸패로 이겨야 하며",
)

_BELOTE = (
    ("belote.card_order",
     "Card order: trump J 9 A 10 K Q 8 7, plain suits A 10 K Q J 9 8 7",
     "서열: 으뜸패는 J 9 A 10 K Q 8 7, 일반 무늬는 A 10 K Q J 9 8 7",
     _seed("000", "J>9>A>10>K>Q>8>7 순으로 강하며")),
    ("belote.card_points",
     "Card points: 62 in trump, 30 in each plain suit, 152 in all",
     "카드 점수: 으뜸패 62점, 일반 무늬마다 30점, 모두 152점",
     _seed("000", "모든 패의 점수를 합치면 152점이나")),
    ("belote.last_trick",
     "The last trick scores 10 more (dix de der)",
     "마지막 트릭을 딴 팀이 10점을 더 받음(디스 드 데르)",
     _seed("000", "마지막 트릭을 얻은 팀은 10점을 추가로 받는다")),
    ("belote.deal",
     "Five cards each, then the next card is turned up",
     "5장씩 나누고 다음 카드를 뒤집어 공개함",
     _seed("000", "네 플레이어에게 다섯 장씩 나눈다")),
    ("belote.first_round",
     "First round: from the player after the dealer, take the turned card's suit or pass",
     "첫 바퀴: 딜러 다음 사람부터 뒤집힌 카드의 무늬를 으뜸패로 "
     "가져가거나 패스함",
     _seed("000", "딜러 다음 순서의 플레이어부터 덱 맨 위의 카드 문양을 "
           "으뜸패(기루다)로 할 것인지, 패스할 것인지 결정한다")),
    ("belote.second_round",
     "Second round: name another suit or pass",
     "두 번째 바퀴: 다른 무늬를 으뜸패로 정하거나 패스함",
     _seed("000", "덱 맨 위의 문양을 제외한 문양을 으뜸패로 정하거나 패스할 "
           "기회가 주어진다")),
    ("belote.taker_takes_turned_card",
     "The taker's team attacks; the taker gets the turned card and everyone is dealt up to 8 "
     "cards",
     "계약자의 팀이 공격 팀이 되고, 계약자는 뒤집힌 카드를 가져가며 모두 "
     "8장이 되도록 더 받음",
     _seed("000", "해당 플레이어가 공개된 카드를 가져가야 한다")),
    ("belote.void_deal",
     "Everybody passes in both rounds: the hand is void and dealt again",
     "두 바퀴 내내 모두 패스하면 그 판은 무효가 되고 카드를 다시 나눔",
     _seed("000", "두 번째 바퀴에도 모두 패스를 선언할 경우 해당 게임은 "
           "무효가 되며")),
    ("belote.winner_leads",
     "The winner of a trick leads the next; eight tricks",
     "트릭을 이긴 사람이 다음 트릭의 선이 됨. 모두 8트릭",
     _seed("000", "해당 트릭을 획득한 플레이어가 다음 트릭의 선이 된다")),
    ("belote.trick_winner",
     "The highest trump wins the trick, else the highest card of the suit led",
     "가장 높은 으뜸패가, 으뜸패가 없으면 선이 낸 무늬의 가장 높은 카드가 "
     "트릭을 이김",
     _seed("000", "짝패의 서열은 으뜸패>선이 낸 짝패>다른 짝패")),
    ("belote.follow_suit",
     "Follow the suit led",
     "선이 낸 무늬를 따라야 함",
     _seed("000", "선과 같은 짝패의 카드가 있으면 해당 짝패의 카드 중 하나를 "
           "내야 한다")),
    ("belote.go_higher_in_trump",
     "Trump led: go higher than every trump in the trick when you can",
     "으뜸패가 선으로 나오면, 낼 수 있는 한 트릭의 모든 으뜸패보다 높은 "
     "으뜸패를 냄",
     _GO_HIGHER),
    ("belote.partner_winning",
     "Void in the suit led and the partner winning: any card",
     "선이 낸 무늬가 없고 파트너가 이기고 있으면 아무 카드나 냄",
     _seed("000", "현재 자신의 팀이 낸 카드가 없거나 있더라도 가장 강한 "
           "카드가 아니고")),
    ("belote.forced_trumping",
     "Void in the suit led and the partner not winning: play a trump that beats the trick if "
     "you hold one",
     "선이 낸 무늬가 없고 파트너가 이기고 있지 않으면, 트릭을 이길 으뜸패가 "
     "있는 한 그것을 내야 함",
     _seed("000", "무조건 해당 으뜸패를 내야 한다")),
    ("belote.belote",
     "Belote / rebelote: the K and Q of trump held together score 20",
     "벨로트/르벨로트: 으뜸패 K와 Q를 함께 가졌으면 20점",
     _seed("000", "BELOTE를 선언한 팀은 20점을 추가로 받는다")),
    ("belote.made",
     "Made: the attack's total is greater than the defence's; each team scores its own",
     "계약 성공: 공격 팀의 합계가 수비 팀보다 많으면 각 팀이 자기 점수를 "
     "얻음",
     _seed("000", "공격 팀의 점수가 과반이라면 각 팀은 득점한 점수를 가져간다")),
    ("belote.capot_bonus",
     "Capot: the attack scores 90 more (252)",
     "카포: 공격 팀이 90점을 더 받음(252점)",
     _seed("000", "공격 팀이 모든 점수를 얻었을 경우에는 CAPOT으로, +90점을 "
           "추가 획득한다")),
    ("belote.defence_capot",
     "A defence that takes every point scores as a failed contract (no +90)",
     "수비 팀이 모든 점수를 얻으면 계약 실패로 계산함(+90점 없음)",
     _package("the seeds give the +90 to the attack only; a defence that takes every point "
              "has beaten the contract",
              "원본 문서는 +90점을 공격 팀에만 주므로, 모든 점수를 얻은 수비 팀은 "
              "계약을 깨뜨린 것으로 계산합니다",
              "000", "모든 점수 카드를 공격팀이 획득한 경우")),
    ("belote.litige",
     "Equal totals (litige): the defence scores its own; the attack's is held for the winner "
     "of the next hand",
     "합계가 같으면(리티주) 수비 팀은 자기 점수를 얻고, 공격 팀의 점수는 "
     "유보되어 다음 판의 승자 팀이 가져감",
     _seed("000", "공격 팀의 점수는 유보되며 다음 라운드의 승자 팀이 가져가게 "
           "된다")),
    ("belote.litige_winner",
     "The winner of the next hand, who takes the held points: the attack if its contract is "
     "made, the defence if it fails",
     "유보된 점수를 가져갈 다음 판의 승자: 계약이 성공하면 공격 팀, "
     "실패하면 수비 팀",
     _package("seed 000 does not say who wins the next hand; the team the contract's result "
              "gives the points does (another litige holds them again)",
              "원본 000은 다음 판의 승자가 누구인지 말하지 않으므로, 계약 결과로 "
              "점수를 얻는 팀을 승자로 봅니다(또 리티주가 나오면 다시 "
              "유보합니다)")),
    ("belote.game_end",
     "The game ends after the hand in which a team passes the target; the higher total wins",
     "어느 팀이 목표 점수를 넘은 판이 끝나면 게임이 끝나고, 합계가 높은 "
     "팀이 이김",
     _seed("000", "그 시점에서 더 많이 득점한 팀이 승리한다")),
    ("belote.game_tie",
     "Equal totals past the target: another hand is played",
     "목표 점수를 넘었는데 두 팀의 합계가 같으면 한 판을 더 함",
     _package("seed 000 names the team with more points the winner and says nothing of equal "
              "totals, so another hand decides",
              "원본 000은 더 많이 득점한 팀이 이긴다고만 하고 합계가 같을 때는 "
              "말하지 않으므로, 한 판을 더 해서 가립니다",
              "000", "1000점을 넘은 팀이 있을 경우")),
    ("belote.declarations_when",
     "Declarations are shown after the first trick, from the original 8 cards",
     "선언은 첫 트릭이 끝난 뒤, 처음 받은 8장으로 함",
     _seed("004", "첫 트릭이 끝난 직후, 첫 트릭에 사용한 카드를 포함하여")),
    ("belote.declaration_values",
     "Declaration values: tierce 20, cinquante 50, cent 100, carré of jacks 200, of nines "
     "150, of aces, tens, kings or queens 100",
     "선언 점수: 같은 무늬 3장 연속(티에르스) 20, 4장 연속(생캉트) 50, 5장 이상 "
     "연속(상) 100, 같은 숫자 4장(카레)은 J 200, 9 150, A·10·K·Q 100",
     FFB),
    ("belote.declaration_sequences",
     "Sequences in the order 7 8 9 10 J Q K A in every suit; a card may count in one "
     "sequence and one carré",
     "연속은 모든 무늬에서 7 8 9 10 J Q K A 순서. 카드 한 장을 연속 하나와 "
     "같은 숫자 4장 하나에 함께 쓸 수 있음",
     _package("seed 004 names no combination; the package counts them as French players "
              "usually do",
              "원본 004는 조합을 하나도 밝히지 않으므로, 프랑스에서 흔히 세는 "
              "방식을 따릅니다")),
    ("belote.declarations_apart",
     "Declaration points do not count towards making the contract",
     "선언 점수는 계약 성공 여부를 따질 때 넣지 않음",
     _seed("004", "공격 성공 여부에는 영향을 미치지 않는다")),
    ("belote.declarations_higher_team",
     "Only the team with the greater declared total scores its declarations",
     "선언 점수의 합계가 더 큰 팀만 선언 점수를 얻음",
     _seed("004", "선언 점수의 총합이 높은 팀만 점수를 얻는다")),
    ("belote.declarations_equal",
     "Equal declared totals: neither team scores them",
     "선언 점수의 합계가 같으면 어느 팀도 얻지 못함",
     _package("seed 004 scores only the higher team; with equal totals no team is higher",
              "원본 004는 합계가 높은 팀만 점수를 얻는다고 하므로, 합계가 같으면 "
              "더 높은 팀이 없어 어느 팀도 얻지 못합니다",
              "004", "선언 점수의 총합이 높은 팀만 점수를 얻는다")),
    ("belote.no_trump_cards",
     "No trump: order A 10 K Q J 9 8 7 in every suit; A 19, 10 10, K 4, Q 3, J 2",
     "으뜸패 없음: 모든 무늬의 서열이 A 10 K Q J 9 8 7, 점수는 A 19, 10 10, "
     "K 4, Q 3, J 2",
     _seed("004", "A가 11점이 아닌 19점이 되어서")),
    ("belote.all_trump_cards",
     "All trump: order J 9 A 10 K Q 8 7 in every suit; J 14, 9 9, A 6, 10 5, K 3, Q 1",
     "모두 으뜸패: 모든 무늬의 서열이 J 9 A 10 K Q 8 7, 점수는 J 14, 9 9, "
     "A 6, 10 5, K 3, Q 1",
     _seed("004", "J=14점, 9=9점, A=6점, 10=5점, K=3점, Q=1점")),
    ("belote.no_trump_play",
     "No trump: follow suit, otherwise any card; no need to go higher",
     "으뜸패 없음: 무늬를 따르고, 따를 수 없으면 아무 카드나 냄. 더 높은 "
     "카드를 낼 의무는 없음",
     _package("seed 004 gives only the order and the values; the package plays it as is "
              "usual",
              "원본 004는 서열과 점수만 밝히므로, 흔히 하는 대로 무늬만 따르고 "
              "따를 수 없으면 아무 카드나 내게 합니다",
              "004", "선이 낸 짝패가 가장 강하고")),
    ("belote.all_trump_play",
     "All trump: every suit plays like trump (follow, and go higher when you can); void: any "
     "card",
     "모두 으뜸패: 모든 무늬를 으뜸패처럼 냄(무늬를 따르고, 낼 수 있으면 더 "
     "높은 카드). 그 무늬가 없으면 아무 카드나",
     _package("seed 004 gives only the order and the values; the package plays every suit "
              "like trump, as is usual",
              "원본 004는 서열과 점수만 밝히므로, 흔히 하는 대로 모든 무늬를 "
              "으뜸패처럼 내게 합니다",
              "004", "모두 으뜸패는 으뜸패 없음과 비슷하나")),
    ("belote.no_belote_without_trump",
     "No belote in no trump or all trump",
     "으뜸패 없음과 모두 으뜸패에서는 벨로트가 없음",
     _package("seed 004 gives these contracts no belote; the package scores none, as is "
              "usual (with no trump suit, or all four, there is no single K and Q of trump)",
              "원본 004는 이 계약들의 벨로트를 말하지 않으므로, 흔히 하는 대로 "
              "벨로트를 세지 않습니다(으뜸패 무늬가 없거나 네 무늬가 모두 "
              "으뜸패여서 으뜸패 K와 Q가 한 쌍으로 정해지지 않습니다)")),
)

_COINCHE = (
    ("coinche.deal",
     "All 8 cards are dealt at once; no turned card",
     "8장을 모두 한 번에 나눔. 뒤집힌 카드는 없음",
     _seed("004", "모두 받고 시작한다")),
    ("coinche.bids",
     "From the player after the dealer: bid a value and a trump, or pass",
     "딜러 다음 사람부터 점수와 으뜸패를 걸어 공약하거나 패스함",
     _seed("004", "딜러 다음 순서의 플레이어부터 얻으려는 점수")),
    ("coinche.higher_bid",
     "Each bid is higher than the last, with any trump",
     "새 공약은 직전 공약보다 높아야 하고, 으뜸패는 아무 무늬나 됨",
     _seed("004", "이전 플레이어보다 더 높은 점수와 아무 으뜸패")),
    ("coinche.capot_bid",
     "Capot is a bid above the point bids",
     "점수 공약 위에 카포 공약이 있음",
     _seed("004", "Capot이 있다")),
    ("coinche.bid_values",
     "Bid values: capot 250, capot belote 270, générale 500, générale belote 520",
     "공약 값: 카포 250, 카포 벨로트 270, 제네랄 500, 제네랄 벨로트 520",
     _package("seed 004 gives no value for them; the package uses the usual 250 for capot "
              "and 500 for générale, and 20 more for a belote bid",
              "원본 004는 값을 밝히지 않으므로, 흔히 쓰는 카포 250, 제네랄 500을 "
              "쓰고 벨로트 공약은 20을 더합니다")),
    ("coinche.coinche",
     "An opponent of the highest bidder may coinche: the auction ends at once",
     "가장 높은 공약을 건 사람의 상대는 쿠앵슈할 수 있고, 그러면 경매가 그 "
     "자리에서 끝남",
     _seed("004", "Coinche를 선언할 수 있는데 공약을 더이상 걸 수 없고 그 "
           "시점에서 바로 끝난다")),
    ("coinche.coinche_doubles",
     "A coinche doubles the contract value only",
     "쿠앵슈하면 계약 값만 2배가 됨",
     _seed("004", "이때 점수는 공약만 2배가 된다")),
    ("coinche.surcoinche",
     "A surcoinche makes the contract value four times",
     "쉬르쿠앵슈하면 계약 값만 4배가 됨",
     _seed("004", "이때 점수는 공약만 4배가 된다")),
    ("coinche.surcoinche_answerer",
     "Who may surcoinche: the player after the one who coinched, once",
     "쉬르쿠앵슈할 수 있는 사람: 쿠앵슈한 사람 다음 사람, 한 번만",
     _package("seed 004 lets the bidder's teammate answer; the package takes exactly one "
              "answer, surcoinche or pass, from the player after the one who coinched — "
              "always on the bidding team, the bidder's partner or the bidder — and that "
              "answer ends the auction",
              "원본 004는 공약한 사람의 팀원이 답한다고 합니다. 이 패키지는 "
              "쿠앵슈한 사람 다음 사람(언제나 공약한 팀으로, 공약한 사람의 "
              "파트너이거나 공약한 사람 자신)에게서 쉬르쿠앵슈나 패스 가운데 딱 한 "
              "번 답을 받고, 그 답으로 경매를 끝냅니다",
              "004", "공약을 건 플레이어의 팀원")),
    ("coinche.auction_end",
     "Three passes after a bid end the auction; four passes with no bid: redeal",
     "공약이 나온 뒤 세 사람이 연달아 패스하면 경매가 끝나고, 네 사람이 모두 "
     "패스하면 카드를 다시 나눔",
     _package("seed 004 does not say how the auction ends; the package follows the usual "
              "rule",
              "원본 004는 경매가 끝나는 때를 말하지 않으므로, 흔히 쓰는 규칙을 "
              "따릅니다")),
    ("coinche.rounding",
     "Card points are rounded to the nearest 10 (5 up)",
     "카드 점수는 10 단위로 반올림함(5는 올림)",
     _seed("004", "점수계산 첫자리에서 반올림하며")),
    ("coinche.scoring",
     "Made: the bid value reached and more than the defence; made → rounded points + value "
     "× multiplier, failed → defence 160 + value × multiplier",
     "계약 성공: 공약 값에 이르고 수비 팀보다 많아야 함. 성공 → 반올림한 "
     "점수 + 공약 값 × 배수, 실패 → 수비 팀이 160 + 공약 값 × 배수",
     FFB),
    ("coinche.belote",
     "Each team adds its own belote (20), whatever the outcome",
     "결과와 상관없이 각 팀이 자기 벨로트(20)를 더함",
     FFB),
)

_BELOTE2 = (
    ("belote2.deal",
     "Six cards each, then the next card is turned up",
     "6장씩 받고 다음 카드 한 장을 뒤집음",
     _seed("001", "두 사람이 6장씩 받고 다음 카드 한 장을 앞면으로 뒤집습니다")),
    ("belote2.taking",
     "Round 1 from the non-dealer: take the turned suit or pass; round 2: another suit or "
     "pass",
     "1라운드는 딜러가 아닌 사람부터 뒤집힌 무늬를 가져가거나 패스, "
     "2라운드는 다른 무늬를 고르거나 패스",
     _seed("001", "1라운드에서는 딜러가 아닌 사람부터")),
    ("belote2.redeal",
     "Both pass both rounds: the same dealer deals again",
     "두 라운드 모두 둘 다 패스하면 같은 딜러가 다시 나눔",
     _seed("001", "두 라운드 모두 둘 다 패스하면 카드를 다시 나누고")),
    ("belote2.stock",
     "The contractor gets the turned card and 2 more, the opponent 3; 14 cards are the stock",
     "계약자는 뒤집힌 카드와 2장, 상대는 3장을 더 받고, 남은 14장이 더미가 "
     "됨",
     _seed("001", "남은 14장이 더미가 됩니다")),
    ("belote2.first_lead",
     "The non-dealer leads the first trick",
     "첫 트릭은 딜러가 아닌 사람이 먼저 냄",
     _seed("001", "첫 트릭은 딜러가 아닌 사람이 먼저 내고")),
    ("belote2.free_play",
     "Tricks 1–7 (stock left): any card may be played",
     "1~7번째 트릭(더미가 남아 있음): 아무 카드나 낼 수 있음",
     _seed("001", "더미가 남아 있는 처음 7트릭 동안은 아무 카드나 낼 수 있고")),
    ("belote2.draw",
     "After each of those tricks the winner draws first, then the loser",
     "그 트릭이 끝날 때마다 이긴 사람이 먼저, 진 사람이 다음으로 더미에서 "
     "가져옴",
     _seed("001", "이긴 사람이 더미 맨 위 카드를, 진 사람이 그다음 카드를 "
           "가져옵니다")),
    ("belote2.strict_play",
     "Tricks 8–16: follow suit, beat a trump lead when you can, trump when void",
     "8~16번째 트릭: 무늬를 따르고, 으뜸패가 나오면 가능할 때 이기고, "
     "무늬가 없으면 으뜸패를 냄",
     _seed("001", "마지막 9트릭에서는 무늬를 따라야 하고")),
    ("belote2.belote",
     "Belote / rebelote: 20",
     "벨로트/르벨로트: 20점",
     _seed("001", "둘째 장을 낼 때 르벨로트가 되어 20점을 얻습니다")),
    ("belote2.scoring",
     "The contractor needs more points than the opponent; failed: the opponent scores 162 "
     "and own belote",
     "계약자는 상대보다 많은 점수가 필요함. 실패하면 상대가 162점과 자기 "
     "벨로트를 얻음",
     _seed("001", "상대가 162점 전부와 자기 벨로트를 가져가고")),
    ("belote2.tie",
     "Equal points: each keeps their own",
     "동점이면 각자 자기 점수를 가짐",
     _seed("001", "정확히 동점이면 각자 자기 점수를 갖고")),
    ("belote2.capot",
     "Capot (all 16 tricks): 252 instead of 162",
     "카포(16트릭을 모두 땀): 162점 대신 252점",
     _seed("001", "16트릭을 모두 따는 카포는 162점 대신 252점입니다")),
    ("belote2.match",
     "The higher two-hand total wins the match",
     "두 판 합계가 높은 쪽이 경기를 이김",
     _seed("001", "두 판 합계가 높은 쪽이 이깁니다")),
    ("belote2.run_score",
     "A run's score: match wins × 10,000 + winning margins (at most 9,999)",
     "연승 도전의 점수: 연속으로 이긴 경기 수 × 10,000 + 이긴 점수 차의 "
     "합(최대 9,999)",
     _seed("001", "연속으로 이긴 경기 수 × 10,000에 이긴 점수 차의 합(최대 "
           "9,999)")),
    ("belote2.run_levels",
     "The computer starts at level 1 and rises a level with each win, up to 4",
     "컴퓨터 상대는 레벨 1에서 시작해 이길 때마다 한 단계씩 올라 레벨 "
     "4까지 강해짐",
     _seed("001", "상대는 레벨 1에서 시작해 이길 때마다 한 단계씩 올라 레벨 "
           "4까지 강해집니다")),
    ("belote2.run_end",
     "A loss or a draw ends the run",
     "지거나 비기면 연승이 끝남",
     _seed("001", "지거나 비기면 연승이 끝납니다")),
)

_CALLBREAK = (
    ("callbreak.deal",
     "52 cards, 13 each, four players each for themselves",
     "52장을 13장씩 받고, 네 명이 각자 개인전으로 함",
     _seed("003", "표준 52장 덱을 쓰며, 각자 13장을 받습니다")),
    ("callbreak.spades",
     "Spades are always trump",
     "스페이드는 항상 으뜸패",
     _seed("003", "스페이드는 항상 으뜸패입니다")),
    ("callbreak.no_spade_redeal",
     "A hand with no spade is void and dealt again",
     "스페이드가 한 장도 없는 손패가 있으면 무효가 되어 다시 나눔",
     _seed("003", "스페이드가 한 장도 없는 손패는 무효가 되어 다시 나눕니다")),
    ("callbreak.redeal_dealer",
     "A void deal is dealt again by the same dealer",
     "무효가 된 판은 같은 딜러가 다시 나눔",
     _package("seed 003 does not say who deals again; the same dealer does",
              "원본 003은 누가 다시 나누는지 말하지 않으므로, 같은 딜러가 다시 "
              "나눕니다")),
    ("callbreak.first_caller",
     "The player after the dealer calls first",
     "딜러 다음 사람부터 콜함",
     _package("seed 003 says every player calls before play but not in which order; the "
              "package starts with the player after the dealer, as the deal goes round",
              "원본 003은 플레이 전에 각자 콜한다고만 하고 순서는 정하지 "
              "않으므로, 카드를 나누는 순서대로 딜러 다음 사람부터 콜합니다",
              "003", "플레이 전에 각 플레이어가 자신이 딸 트릭 수를 말합니다")),
    ("callbreak.first_leader",
     "The player after the dealer leads the first trick",
     "첫 트릭은 딜러 다음 사람이 선으로 냄",
     _package("seed 003 says only that one player leads the first trick; the package has "
              "the player after the dealer lead",
              "원본 003은 한 사람이 첫 트릭을 리드한다고만 하므로, 딜러 다음 "
              "사람이 첫 트릭의 선이 되게 합니다",
              "003", "한 사람이 아무 카드나 내서 첫 트릭을 리드합니다")),
    ("callbreak.must_beat",
     "Follow suit and beat the winning card when you can",
     "선이 낸 무늬를 따르고, 낼 수 있으면 이기고 있는 카드보다 높은 카드를 "
     "냄",
     _seed("003", "낼 수 있다면 이기고 있는 카드보다 높은 카드를 냅니다")),
    ("callbreak.void_spade",
     "Void in the suit led: a spade, higher than the spades played when you can",
     "선이 낸 무늬가 없으면 스페이드를 내고, 가능하면 이미 나온 "
     "스페이드보다 높은 것을 냄",
     _seed("003", "리드된 무늬가 없다면 스페이드를 내야 하며, 가능하면 이미 "
           "나온 스페이드보다 높은 것을 냅니다")),
    ("callbreak.trick_winner",
     "The highest spade wins, else the highest card of the suit led",
     "가장 높은 스페이드가, 스페이드가 없으면 선이 낸 무늬의 가장 높은 "
     "카드가 이김",
     _seed("003", "가장 높은 스페이드가 이깁니다")),
    ("callbreak.scoring",
     "Call made: the call + 0.1 a trick over; missed: minus the call",
     "콜 달성: 콜 수 + 초과 트릭마다 0.1점. 실패: 콜 수만큼 마이너스",
     _seed("003", "콜 이상을 따면 콜 수에 더해 초과 트릭마다 0.1점을 "
           "얻습니다")),
    ("callbreak.game_winner",
     "The highest total wins the game",
     "합계가 가장 높은 사람이 이김",
     _seed("003", "5라운드 뒤 합계가 가장 높은 사람이 이깁니다")),
    ("callbreak.shared_first",
     "Equal totals in first place: the first place is shared",
     "1등의 합계가 같으면 1등을 함께 나눔",
     _package("seed 003 does not say what equal totals do; the package names no single "
              "winner",
              "원본 003은 합계가 같을 때를 말하지 않으므로, 승자를 한 사람으로 "
              "가리지 않고 1등을 함께 나눕니다")),
    ("callbreak.computer_sees",
     "Computer players see only their own cards and the cards played",
     "컴퓨터 플레이어는 자기 카드와 이미 나온 카드만 봄",
     _seed("003", "자기 카드만 볼 수 있는 컴퓨터 플레이어")),
    ("callbreak.modes",
     "Two modes: a quick game or a journey, of 3 or 5 rounds",
     "두 가지 방식: 빠른 게임 또는 여정, 3라운드 또는 5라운드",
     _seed("003", "빠른 게임이나 여정을 고르고, 3라운드 또는 5라운드를 "
           "정하고")),
    ("callbreak.journey",
     "The journey: the computer's level rises 1 → 4 with each game the learner wins alone; a "
     "game not won ends it; its score is the games won, then the points",
     "여정: 학습자가 혼자 1등으로 게임을 이길 때마다 컴퓨터의 레벨이 1 → "
     "4로 오르고, 이기지 못한 게임이 나오면 끝남. 점수는 이긴 게임 수, 같으면 "
     "총점",
     _package("seed 003 only names the journey; its rules are this package's design, "
              "modelled on seed 001's run",
              "원본 003은 여정이라는 이름만 밝히므로, 그 규칙은 이 패키지가 원본 "
              "001의 연승 도전에 맞추어 정했습니다",
              "003", "빠른 게임이나 여정을 고르고")),
)

FIXED_RULES: Mapping[str, FixedRule] = {
    key: FixedRule(key, en, ko, src)
    for key, en, ko, src in (*_BELOTE, *_COINCHE, *_BELOTE2, *_CALLBREAK)
}
"""Every rule that is not an option, by key, in the order of RULES.md."""


# --- the rule options -----------------------------------------------------------------------------
@dataclass(frozen=True)
class OptionSources:
    """The sources of one option's values: ``values`` pairs each value named (its default
    among them) with its source; ``others`` is the source of any other whole number.

    >>> o = option_sources("CallbreakRules", "max_call")
    >>> o.of(8).seed, o.of(10).text("en")[:30]
    ('003', 'seed 003: “콜을 얼마나 높게 할 수 있는지처럼')
    """

    values: tuple[tuple[Any, Source], ...]
    others: Source | None = None

    def of(self, value: Any) -> Source:
        """The source of ``value`` (``KeyError`` if it has none)."""
        for v, src in self.values:
            if type(v) is type(value) and v == value:
                return src
        if self.others is not None and isinstance(value, int) and not isinstance(value, bool):
            return self.others
        raise KeyError(f"no source for the value {value!r}")

    def sources(self) -> Iterator[Source]:
        """Every source it names."""
        yield from (src for _, src in self.values)
        if self.others is not None:
            yield self.others


_VARIANT = _package(
    "off by default, as seed 004 gives it only as a variant and seed 000's rules have none",
    "원본 004가 변형 규칙으로만 소개하고 원본 000의 규칙에는 없으므로 "
    "기본값으로는 끕니다",
    "004", "변형 규칙이 일부 존재한다",
)
_HOUSE_RULE_OFF = _package(
    "off by default, as seed 003 gives it as a house rule, not part of the classic game",
    "원본 003이 클래식 규칙이 아닌 하우스 규칙으로 소개하므로 기본값으로는 "
    "끕니다",
    "003", "하우스 규칙을 켜고 끌 수 있습니다",
)
_ANOTHER_NUMBER = _package(
    "another number may be set for practice; the rule is the same",
    "연습을 위해 다른 수를 정할 수 있고, 규칙은 같습니다",
)
_DEALER_LEADS = _seed("000 004", "첫 턴의 선은 딜러가 진행한다.")
_SAME_DEALER = _package(
    "the seeds send a void deal back to the dealing without naming a new dealer, so the same "
    "dealer deals again",
    "원본 문서는 무효가 된 판을 카드 나누기 단계로 되돌릴 뿐 새 딜러를 정하지 "
    "않으므로, 같은 딜러가 다시 나눕니다",
    "000 004", "다시 카드 나누기 단계로 돌아간다",
)
_NEXT_DEALER = _package(
    "an option for tables where the deal passes to the next player after a void hand",
    "무효가 된 판 뒤에 다음 사람이 딜러가 되는 방식으로 하고 싶을 때 고르는 "
    "옵션입니다",
)
_IN_COINCHE_TOO = (
    "seed 004 gives {0} as a variant of the taking; with this on, a Coinche bid may name it too"
)
_IN_COINCHE_TOO_KO = (
    "원본 004는 공수 결정의 변형 규칙으로 소개하므로, 이 옵션을 켜면 쿠앵슈 "
    "공약에서도 부를 수 있게 합니다"
)

_FOUR_PLAYERS: dict[str, OptionSources] = {
    "redeal_same_dealer": OptionSources(((True, _SAME_DEALER), (False, _NEXT_DEALER))),
    "first_lead": OptionSources((("dealer", _DEALER_LEADS), ("eldest", FFB))),
    "must_undertrump": OptionSources((
        (False, _seed("000", "선과 같은 짝패의 카드가 없으나 위의 경우에 해당하지 "
                      "않는다면 아무 카드나 내도 된다")),
        (True, FFB),
    )),
    "declarations": OptionSources((
        (False, _VARIANT),
        (True, _seed("004", "자신의 패를 일부 공개하고 추가 점수를 얻을 수 있다")),
    )),
}

_BELOTE_OPTIONS: dict[str, OptionSources] = {
    **_FOUR_PLAYERS,
    "turned_jack_forces_dealer": OptionSources((
        (False, _VARIANT),
        (True, _seed("004", "딜러 플레이어까지 턴이 왔을 경우 딜러는 패스할 수 "
                     "없으며")),
    )),
    "allow_no_trump": OptionSources((
        (False, _VARIANT),
        (True, _seed("004", "으뜸패 없음은 첫 바퀴에는 선언할 수 없으며 두번째 "
                     "바퀴에 선언할 수 있다")),
    )),
    "allow_all_trump": OptionSources((
        (False, _VARIANT),
        (True, _seed("004", "이 경우도 두번째 바퀴에만 선언할 수 있다")),
    )),
    "target": OptionSources(
        ((1000, _seed("000", "라운드가 끝난 뒤 1000점을 넘은 팀이 있을 경우")),),
        _ANOTHER_NUMBER,
    ),
    "failed_contract": OptionSources((
        ("all_to_defence", _seed("000", "해당 라운드의 모든 점수는 수비 팀의 것이 된다")),
        ("keep_belote", FFB),
    )),
    "capot": OptionSources((
        ("all_points", _seed("000", "모든 점수 카드를 공격팀이 획득한 경우")),
        ("all_tricks", FFB),
    )),
}

_COINCHE_OPTIONS: dict[str, OptionSources] = {
    **_FOUR_PLAYERS,
    "min_bid": OptionSources(((80, _seed("004", "최소 80")),), _ANOTHER_NUMBER),
    "max_bid": OptionSources(((180, _seed("004", "가능한 공약은 80~180")),), _ANOTHER_NUMBER),
    "allow_generale": OptionSources((
        (False, _package("off by default, as seed 004 says it is only sometimes added",
                         "원본 004가 간혹 추가한다고만 하므로 기본값으로는 끕니다",
                         "004", "간혹 Générale, Générale Belote도 추가하는데")),
        (True, _seed("004", "공격측이 아닌 공약을 건 사람이 독식을 해야 성공한다")),
    )),
    "allow_belote_bids": OptionSources((
        (False, _package("off by default, as seed 004 says they are only sometimes added",
                         "원본 004가 추가하는 경우도 있다고만 하므로 기본값으로는 "
                         "끕니다",
                         "004", "Capot Belote도 추가하는 경우도 있다")),
        (True, _seed("004", "Capot보다 높으며 이쪽은 Capot에 Belote도 선언")),
    )),
    "allow_no_trump": OptionSources((
        (False, _VARIANT),
        (True, _package(_IN_COINCHE_TOO.format("no trump"), _IN_COINCHE_TOO_KO,
                        "004", "으뜸패 없음은 말 그대로 으뜸패 없이 선이 낸 짝패가 "
                        "가장 강하고")),
    )),
    "allow_all_trump": OptionSources((
        (False, _VARIANT),
        (True, _package(_IN_COINCHE_TOO.format("all trump"), _IN_COINCHE_TOO_KO,
                        "004", "모두 으뜸패는 으뜸패 없음과 비슷하나")),
    )),
    "target": OptionSources(((2000, _seed("004", "보통 2000점까지 한다")),), _ANOTHER_NUMBER),
}

_BELOTE2_OPTIONS: dict[str, OptionSources] = {
    "forced_after_redeals": OptionSources(
        ((2, _seed("001", "두 번 연속으로 다시 나눈 뒤에는 딜러가 2라운드에서 "
                   "패스할 수 없습니다")),),
        _ANOTHER_NUMBER,
    ),
    "hands_per_match": OptionSources(
        ((2, _seed("001", "한 경기는 두 판이라 서로 한 번씩 딜러를 맡고")),), _ANOTHER_NUMBER
    ),
}

_CALLBREAK_OPTIONS: dict[str, OptionSources] = {
    "max_call": OptionSources(
        ((8, _seed("003", "몇 트릭을 딸지 1부터 8까지의 숫자로 콜합니다")),),
        _seed("003", "콜을 얼마나 높게 할 수 있는지처럼 테이블마다 하우스 규칙이 "
              "다릅니다"),
    ),
    "rounds": OptionSources((
        (5, _seed("003", "모두 5라운드를 합니다")),
        (3, _seed("003", "3라운드 또는 5라운드를 정하고")),
    )),
    "redeal_without_face_cards": OptionSources((
        (False, _HOUSE_RULE_OFF),
        (True, _seed("003", "그림 카드가 없을 때 다시 나누기")),
    )),
    "target_score": OptionSources(
        ((None, _HOUSE_RULE_OFF),),
        _package("seed 003 only names the house rule; the package reads it as rounds going "
                 "on until a player's total reaches the target",
                 "원본 003은 이 하우스 규칙의 이름만 밝히므로, 누군가의 합계가 목표 "
                 "점수에 이를 때까지 라운드를 계속하는 규칙으로 읽습니다",
                 "003", "목표 점수까지 진행하기"),
    ),
    "big_call_8_wins": OptionSources((
        (False, _HOUSE_RULE_OFF),
        (True, _package("seed 003 names “8의 빅 콜” as a house rule without defining it; the "
                        "package reads it so that a player who calls 8 or more and makes it "
                        "wins the game at once, and of several the higher total wins",
                        "원본 003은 “8의 빅 콜”을 하우스 규칙으로 이름만 밝히므로, 8 "
                        "이상을 콜하고 해내면 그 자리에서 게임을 이기고, 여럿이 "
                        "해내면 합계가 높은 사람이 이기는 규칙으로 읽습니다",
                        "003", "8의 빅 콜")),
    )),
}

OPTION_SOURCES: Mapping[tuple[str, str], OptionSources] = {
    (cls.__name__, name): sources
    for cls, table in (
        (BeloteRules, _BELOTE_OPTIONS),
        (CoincheRules, _COINCHE_OPTIONS),
        (Belote2Rules, _BELOTE2_OPTIONS),
        (CallbreakRules, _CALLBREAK_OPTIONS),
    )
    for name, sources in table.items()
}
"""The sources of every value of every rule option, by (class name, option)."""

_CLASSES: Mapping[str, type[RuleOptions]] = {
    cls.__name__: cls for cls in (BeloteRules, CoincheRules, Belote2Rules, CallbreakRules)
}


def _class_name(cls: type[RuleOptions] | str) -> str:
    name = cls if isinstance(cls, str) else cls.__name__
    if name not in _CLASSES:
        raise KeyError(f"unknown rules class {name!r}; choose one of {tuple(_CLASSES)}")
    return name


def option_sources(cls: type[RuleOptions] | str, option: str) -> OptionSources:
    """The sources of the values of ``option`` of the rules class ``cls`` (or its name).

    >>> option_sources(BeloteRules, "first_lead").of("eldest").text("en")
    'the FFB rule book'
    """
    key = (_class_name(cls), option)
    if key not in OPTION_SOURCES:
        raise KeyError(f"{key[0]} has no option {option!r} with a source")
    return OPTION_SOURCES[key]


def _field(cls_name: str, option: str) -> dataclasses.Field[Any]:
    for f in dataclasses.fields(_CLASSES[cls_name]):  # type: ignore[arg-type]
        if f.name == option:
            return f
    raise KeyError(f"{cls_name} has no option {option!r}")


def _read_value(f: dataclasses.Field[Any], text: str) -> Any:
    """An option's value written in a key: a choice as itself, anything else as JSON."""
    if "choices" in f.metadata:
        return text
    try:
        return json.loads(text)
    except ValueError:
        raise KeyError(
            f"{text!r} is not a value of {f.name!r} (true, false, a number or null)"
        ) from None


def source(key: str) -> Source:
    """The source of a fixed rule (``"callbreak.first_leader"``) or of a rule option's
    default (``"BeloteRules.capot"``) or value (``"BeloteRules.capot=all_tricks"``,
    ``"CallbreakRules.big_call_8_wins=true"``, ``"CallbreakRules.rounds=3"``).

    >>> source("CallbreakRules.rounds=3").quote
    '3라운드 또는 5라운드를 정하고'
    >>> source("BeloteRules.first_lead").seeds
    ('000', '004')
    """
    if key in FIXED_RULES:
        return FIXED_RULES[key].source
    head, eq, value = key.partition("=")
    cls_name, dot, option = head.partition(".")
    if not dot or cls_name not in _CLASSES:
        raise KeyError(
            f"no rule {key!r}: a fixed rule (see FIXED_RULES) or an option such as "
            "'BeloteRules.capot'"
        )
    f = _field(cls_name, option)
    sources = option_sources(cls_name, option)
    return sources.of(_read_value(f, value) if eq else f.default)


# --- the docs' section 7 ------------------------------------------------------------------------
_SECTIONS = (
    ("belote.", BeloteRules, "Four-player Belote (§1–2)", "4인 벨로트(§1~2)"),
    ("coinche.", CoincheRules, "Coinche (§3)", "쿠앵슈(§3)"),
    ("belote2.", Belote2Rules, "Two-player Belote (§4)", "2인 벨로트(§4)"),
    ("callbreak.", CallbreakRules, "Callbreak (§5)", "콜브레이크(§5)"),
)
_DOC_WORDS = {
    "en": {
        "title": "## 7. Sources of the rules",
        "intro": "Every rule above with its source: a seed (by number, with its words), the "
        "FFB rule book, or this package's choice and why. This section is made from "
        "`belote_lab/sources.py` by `docs/make_sources.py`; `source(key)` gives the same label.",
        "head": "| rule | key | source |",
        "option": "option", "default": " (default)", "others": "any other number",
    },
    "ko": {
        "title": "## 7. 규칙의 출처",
        "intro": "위의 모든 규칙과 그 출처입니다. 출처는 원본 문서(번호와 문구), 프랑스 벨로트 "
        "연맹(FFB) 규칙, 이 패키지의 선택(이유와 함께) 가운데 하나입니다. 이 절은 "
        "`docs/make_sources.py`가 `belote_lab/sources.py`에서 만들며, `source(key)`도 같은 "
        "출처를 돌려줍니다.",
        "head": "| 규칙 | 키 | 출처 |",
        "option": "옵션", "default": "(기본값)", "others": "그 밖의 수",
    },
}
BEGIN = "<!-- sources: made by docs/make_sources.py from belote_lab/sources.py -->"
END = "<!-- end of sources -->"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _option_rows(cls: type[RuleOptions], language: str) -> Iterator[str]:
    w = _DOC_WORDS[language]
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        sources = option_sources(cls, f.name)
        values = sorted(sources.values, key=lambda pair: pair[0] != f.default)
        for value, src in values:
            text = f"`{f.name}` = `{_json(value)}`"
            if value == f.default and type(value) is type(f.default):
                text += w["default"]
            key = f"{cls.__name__}.{f.name}={value if isinstance(value, str) else _json(value)}"
            yield f"| {w['option']} {text} | `{key}` | {_cell(src.text(language))} |"
        if sources.others is not None:
            text = f"`{f.name}`: {w['others']}"
            yield f"| {w['option']} {text} | — | {_cell(sources.others.text(language))} |"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown(language: str = "en") -> str:
    """Section 7 of docs/RULES.md (``en``) or docs/RULES.ko.md (``ko``): a table of every fixed
    rule and every option value with its source, game by game, between :data:`BEGIN` and
    :data:`END`.

    >>> print(markdown("en").splitlines()[5])
    ### Four-player Belote (§1–2)
    """
    _check_language(language)
    w = _DOC_WORDS[language]
    lines = [BEGIN, w["title"], "", w["intro"]]
    for prefix, cls, title_en, title_ko in _SECTIONS:
        lines += ["", f"### {title_ko if language == 'ko' else title_en}", "", w["head"],
                  "|---|---|---|"]
        for key, rule in FIXED_RULES.items():
            if key.startswith(prefix):
                lines.append(
                    f"| {_cell(rule.text(language))} | `{key}` | "
                    f"{_cell(rule.source.text(language))} |"
                )
        lines += list(_option_rows(cls, language))
    lines.append(END)
    return "\n".join(lines) + "\n"


def splice(document: str, language: str) -> str:
    """``document`` with its section 7 (from :data:`BEGIN` to :data:`END`, or appended at the
    end if it has none yet) replaced by :func:`markdown`.

    >>> doc = splice("# Rules\\n", "en")
    >>> splice(doc, "en") == doc and doc.startswith("# Rules\\n\\n" + BEGIN)
    True
    """
    new = markdown(language)
    start = document.find(BEGIN)
    if start < 0:
        return document.rstrip("\n") + "\n\n" + new
    stop = document.find(END, start)
    if stop < 0:
        raise ValueError(f"the document has {BEGIN!r} but not {END!r}")
    return document[:start] + new + document[stop + len(END) :].lstrip("\n")
