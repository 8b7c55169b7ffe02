"""Where every rule comes from: a seed, the FFB rule book, or this package's choice.

The user's four Korean source texts are cited by number: seed 000 and seed 004 (four-player
Belote, its variants and Coinche), seed 001 (two-player Belote) and seed 003 (Callbreak). They
are kept beside the repository (``../shared/seeds/`` next to a checkout), not in it. Where the
seeds say nothing, the rule is either the French federation's (FFB) or this package's choice,
and then the reason is given.

This module holds each source once; ``docs/RULES.md``, ``docs/RULES.ko.md`` (their section 7
is made by :func:`markdown`, see ``docs/make_sources.py``), the settings panel and the
notebooks read it from here, and ``tests/test_sources.py`` checks that every rule option has
one and that every seed quote is found word for word in its seed.

Its words are the ``sources.`` namespace of the catalogue of words (``belote_lab/words/en/
sources.json`` and ``ko/sources.json``), each text by the name of its rule (the key with
``.`` and ``=`` written ``_``): ``rule_belote_deal`` is the fixed rule ``belote.deal`` in a few
words, ``quote_<name>`` the seed's words it cites (between “ and ”, the same in both files),
``reason_<name>`` this package's reason for its choice; an option value's own source is named
``<game>_<option>_<value>`` (``quote_belote_capot_all_points``; ``four_players_…`` for the
options four-player Belote and Coinche share, ``…_others`` for any other number), and the
sources several options share by what they say (``reason_variant``, ``reason_house_rule_off``,
``reason_another_number``).  The labels (``cite_seed``, ``ffb``, ``package`` …) and the words
of section 7 (``doc_…``, ``section_<game>``) are templates of the same namespace.  What stays
here is structure: which rules there are, in which order, and each source's kind and seeds.

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
from functools import reduce
from typing import Any, TypeAlias

from belote_lab import words
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

LANGUAGES = words.LANGUAGES


@dataclass(frozen=True)
class Source:
    """One rule's source. ``kind`` is ``"seed"`` (``seeds`` and a ``quote`` copied word for
    word from the seed), ``"ffb"`` (the French federation's rule book) or ``"package"`` (this
    package's choice: ``reason`` in English, ``reason_ko`` in Korean, and optionally the seed
    words it reads).  Its label is made by the catalogue's templates ``sources.cite_seed``,
    ``sources.ffb``, ``sources.package`` …

    >>> s = Source("package", reason="why", reason_ko="이유", seeds=("003",), quote="한 사람이")
    >>> s.text("en")
    "this package's choice: why (seed 003: “한 사람이”)"
    >>> s.text("ko")
    '이 패키지의 선택: 이유(원본 003: “한 사람이”)'
    >>> Source("seed", seeds=("000", "004"), quote="첫 턴의 선은 딜러가 진행한다.").text("ko")
    '원본 000, 004: “첫 턴의 선은 딜러가 진행한다.”'
    >>> Source("seed", seeds=("000", "004"), quote="첫 턴의 선은 딜러가 진행한다.").text("en")
    'seeds 000 and 004: “첫 턴의 선은 딜러가 진행한다.”'
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
        seeds = reduce(
            lambda head, seed: words.text("sources.seeds_and", language, seeds=head, seed=seed),
            self.seeds,
        )
        key = "sources.cite_seed" if len(self.seeds) == 1 else "sources.cite_seeds"
        return words.text(key, language, seeds=seeds, quote=f"“{self.quote}”")

    def text(self, language: str = "en") -> str:
        """A one-line label in ``language`` (``en`` or ``ko``)."""
        lang = words.check_language(language)
        if self.kind == "seed":
            return self._cite(lang)
        if self.kind == "ffb":
            return words.text("sources.ffb", lang)
        reason = self.reason_ko if lang == "ko" else self.reason
        if not self.seeds:
            return words.text("sources.package", lang, reason=reason)
        return words.text("sources.package_cited", lang, reason=reason, cite=self._cite(lang))


FFB = Source("ffb")

_NAMES: set[str] = set()


def _name(key: str) -> str:
    """The name of a source's texts in the catalogue: its key with ``.``, ``=`` and ``-``
    written ``_`` (``belote.game_tie`` → ``belote_game_tie``).

    >>> _name("belote2.run_end"), _name("four_players.first_lead=dealer")
    ('belote2_run_end', 'four_players_first_lead_dealer')
    """
    return key.replace(".", "_").replace("=", "_").replace("-", "_")


def _quote(name: str) -> str:
    """The seed's words of ``sources.quote_<name>``: written between “ and ” in the catalogue
    (a quote, so the Korean lint leaves a seed's own words alone), the same in both languages
    (the English label quotes the Korean seed)."""
    en, ko = (words.text(f"sources.quote_{name}", lang) for lang in LANGUAGES)
    if en != ko:
        raise ValueError(
            f"sources.quote_{name} differs in the en and ko catalogues: a seed is quoted as it is"
        )
    if not (len(ko) > 2 and ko[0] == "“" and ko[-1] == "”"):
        raise ValueError(f"sources.quote_{name} must be written between “ and ”")
    return ko[1:-1]


def _source(name: str, spec: str) -> Source:
    """The source of the kind and seeds ``spec`` says (``"seed 000"``, ``"package 000 004"``,
    ``"package"``, ``"ffb"``), its quote ``sources.quote_<name>`` (when it cites a seed) and
    its reason ``sources.reason_<name>`` (when it is this package's choice) read from the
    catalogue."""
    kind, *seeds = spec.split()
    if kind == "ffb":
        return FFB
    if name in _NAMES:
        raise ValueError(f"two sources are named {name!r}")
    _NAMES.add(name)
    quote = _quote(name) if seeds else ""
    reason, reason_ko = (
        (words.text(f"sources.reason_{name}", "en"), words.text(f"sources.reason_{name}", "ko"))
        if kind == "package" else ("", "")
    )
    return Source(kind, tuple(seeds), quote, reason, reason_ko)


@dataclass(frozen=True)
class FixedRule:
    """A rule that is not an option: ``key``, the rule in a few words (``en``, ``ko``: the
    catalogue's ``sources.rule_<name>``) and its :class:`Source`."""

    key: str
    en: str
    ko: str
    source: Source

    def text(self, language: str = "en") -> str:
        """The rule in ``language``."""
        return self.ko if words.check_language(language) == "ko" else self.en


# --- the fixed rules, in the order of RULES.md ---------------------------------------------------
# Each rule's key and source: "seed 000" (quoted), "package" (this package's choice, its reason;
# "package 004" if it reads a seed's words, quoted), "ffb".  The words are the catalogue's:
# sources.rule_<name> (the rule), sources.quote_<name>, sources.reason_<name>.
_FIXED = (
    ("belote.card_order", "seed 000"),
    ("belote.card_points", "seed 000"),
    ("belote.last_trick", "seed 000"),
    ("belote.deal", "seed 000"),
    ("belote.first_round", "seed 000"),
    ("belote.second_round", "seed 000"),
    ("belote.taker_takes_turned_card", "seed 000"),
    ("belote.void_deal", "seed 000"),
    ("belote.winner_leads", "seed 000"),
    ("belote.trick_winner", "seed 000"),
    ("belote.follow_suit", "seed 000"),
    ("belote.go_higher_in_trump", "package 001"),
    ("belote.partner_winning", "seed 000"),
    ("belote.forced_trumping", "seed 000"),
    ("belote.belote", "seed 000"),
    ("belote.made", "seed 000"),
    ("belote.capot_bonus", "seed 000"),
    ("belote.defence_capot", "package 000"),
    ("belote.litige", "seed 000"),
    ("belote.litige_winner", "package"),
    ("belote.game_end", "seed 000"),
    ("belote.game_tie", "package 000"),
    ("belote.declarations_when", "seed 004"),
    ("belote.declaration_values", "ffb"),
    ("belote.declaration_sequences", "package"),
    ("belote.declarations_apart", "seed 004"),
    ("belote.declarations_higher_team", "seed 004"),
    ("belote.declarations_equal", "package 004"),
    ("belote.no_trump_cards", "seed 004"),
    ("belote.all_trump_cards", "seed 004"),
    ("belote.no_trump_play", "package 004"),
    ("belote.all_trump_play", "package 004"),
    ("belote.no_belote_without_trump", "package"),
    ("coinche.deal", "seed 004"),
    ("coinche.bids", "seed 004"),
    ("coinche.higher_bid", "seed 004"),
    ("coinche.capot_bid", "seed 004"),
    ("coinche.bid_values", "package"),
    ("coinche.coinche", "seed 004"),
    ("coinche.coinche_doubles", "seed 004"),
    ("coinche.surcoinche", "seed 004"),
    ("coinche.surcoinche_answerer", "package 004"),
    ("coinche.auction_end", "package"),
    ("coinche.rounding", "seed 004"),
    ("coinche.scoring", "ffb"),
    ("coinche.belote", "ffb"),
    ("belote2.deal", "seed 001"),
    ("belote2.taking", "seed 001"),
    ("belote2.redeal", "seed 001"),
    ("belote2.stock", "seed 001"),
    ("belote2.first_lead", "seed 001"),
    ("belote2.free_play", "seed 001"),
    ("belote2.draw", "seed 001"),
    ("belote2.strict_play", "seed 001"),
    ("belote2.belote", "seed 001"),
    ("belote2.scoring", "seed 001"),
    ("belote2.tie", "seed 001"),
    ("belote2.capot", "seed 001"),
    ("belote2.match", "seed 001"),
    ("belote2.run_score", "seed 001"),
    ("belote2.run_levels", "seed 001"),
    ("belote2.run_end", "seed 001"),
    ("callbreak.deal", "seed 003"),
    ("callbreak.spades", "seed 003"),
    ("callbreak.no_spade_redeal", "seed 003"),
    ("callbreak.redeal_dealer", "package"),
    ("callbreak.first_caller", "package 003"),
    ("callbreak.first_leader", "package 003"),
    ("callbreak.must_beat", "seed 003"),
    ("callbreak.void_spade", "seed 003"),
    ("callbreak.trick_winner", "seed 003"),
    ("callbreak.scoring", "seed 003"),
    ("callbreak.game_winner", "seed 003"),
    ("callbreak.shared_first", "package"),
    ("callbreak.computer_sees", "seed 003"),
    ("callbreak.modes", "seed 003"),
    ("callbreak.journey", "package 003"),
)


def _fixed_rule(key: str, spec: str) -> FixedRule:
    name = _name(key)
    en, ko = (words.text(f"sources.rule_{name}", lang) for lang in LANGUAGES)
    return FixedRule(key, en, ko, _source(name, spec))


FIXED_RULES: Mapping[str, FixedRule] = {key: _fixed_rule(key, spec) for key, spec in _FIXED}
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


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _value_key(value: Any) -> str:
    """An option's value as a key writes it: a choice as itself, anything else as JSON."""
    return value if isinstance(value, str) else _json(value)


_OTHERS: Any = ...
"""In the tables below, the value that stands for any other whole number."""

# Sources several options share (their words: sources.quote_variant, reason_variant …).
_VARIANT = _source("variant", "package 004")
_HOUSE_RULE_OFF = _source("house_rule_off", "package 003")
_ANOTHER_NUMBER = _source("another_number", "package")

_Table: TypeAlias = Mapping[str, tuple[tuple[Any, str | Source], ...]]
"""Each option's values with a spec (as in ``_FIXED``) or a shared source."""

_FOUR_PLAYERS_TABLE: _Table = {
    "redeal_same_dealer": ((True, "package 000 004"), (False, "package")),
    "first_lead": (("dealer", "seed 000 004"), ("eldest", "ffb")),
    "must_undertrump": ((False, "seed 000"), (True, "ffb")),
    "declarations": ((False, _VARIANT), (True, "seed 004")),
}

_BELOTE_TABLE: _Table = {
    "turned_jack_forces_dealer": ((False, _VARIANT), (True, "seed 004")),
    "allow_no_trump": ((False, _VARIANT), (True, "seed 004")),
    "allow_all_trump": ((False, _VARIANT), (True, "seed 004")),
    "target": ((1000, "seed 000"), (_OTHERS, _ANOTHER_NUMBER)),
    "failed_contract": (("all_to_defence", "seed 000"), ("keep_belote", "ffb")),
    "capot": (("all_points", "seed 000"), ("all_tricks", "ffb")),
}

_COINCHE_TABLE: _Table = {
    "min_bid": ((80, "seed 004"), (_OTHERS, _ANOTHER_NUMBER)),
    "max_bid": ((180, "seed 004"), (_OTHERS, _ANOTHER_NUMBER)),
    "allow_generale": ((False, "package 004"), (True, "seed 004")),
    "allow_belote_bids": ((False, "package 004"), (True, "seed 004")),
    "allow_no_trump": ((False, _VARIANT), (True, "package 004")),
    "allow_all_trump": ((False, _VARIANT), (True, "package 004")),
    "target": ((2000, "seed 004"), (_OTHERS, _ANOTHER_NUMBER)),
}

_BELOTE2_TABLE: _Table = {
    "forced_after_redeals": ((2, "seed 001"), (_OTHERS, _ANOTHER_NUMBER)),
    "hands_per_match": ((2, "seed 001"), (_OTHERS, _ANOTHER_NUMBER)),
}

_CALLBREAK_TABLE: _Table = {
    "max_call": ((8, "seed 003"), (_OTHERS, "seed 003")),
    "rounds": ((5, "seed 003"), (3, "seed 003")),
    "redeal_without_face_cards": ((False, _HOUSE_RULE_OFF), (True, "seed 003")),
    "target_score": ((None, _HOUSE_RULE_OFF), (_OTHERS, "package 003")),
    "big_call_8_wins": ((False, _HOUSE_RULE_OFF), (True, "package 003")),
}


def _options(game: str, table: _Table) -> dict[str, OptionSources]:
    """The :class:`OptionSources` of each option of ``table``: a value's own source is named
    ``<game>_<option>_<value>`` in the catalogue (``belote_capot_all_points``), that of any
    other number ``<game>_<option>_others``."""
    out = {}
    for option, pairs in table.items():
        values: list[tuple[Any, Source]] = []
        others = None
        for value, spec in pairs:
            written = "others" if value is _OTHERS else _value_key(value)
            src = spec if isinstance(spec, Source) else _source(
                _name(f"{game}.{option}={written}"), spec
            )
            if value is _OTHERS:
                others = src
            else:
                values.append((value, src))
        out[option] = OptionSources(tuple(values), others)
    return out


_FOUR_PLAYERS = _options("four_players", _FOUR_PLAYERS_TABLE)

OPTION_SOURCES: Mapping[tuple[str, str], OptionSources] = {
    (cls.__name__, name): sources
    for cls, table in (
        (BeloteRules, {**_FOUR_PLAYERS, **_options("belote", _BELOTE_TABLE)}),
        (CoincheRules, {**_FOUR_PLAYERS, **_options("coinche", _COINCHE_TABLE)}),
        (Belote2Rules, _options("belote2", _BELOTE2_TABLE)),
        (CallbreakRules, _options("callbreak", _CALLBREAK_TABLE)),
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
# Its words are the catalogue's: sources.doc_title, doc_intro, doc_column_…, doc_option…, and
# each game's title sources.section_<game>.
_SECTIONS = (
    ("belote", BeloteRules),
    ("coinche", CoincheRules),
    ("belote2", Belote2Rules),
    ("callbreak", CallbreakRules),
)
BEGIN = "<!-- sources: made by docs/make_sources.py from belote_lab/sources.py -->"
END = "<!-- end of sources -->"


def _option_rows(cls: type[RuleOptions], language: str) -> Iterator[str]:
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        sources = option_sources(cls, f.name)
        values = sorted(sources.values, key=lambda pair: pair[0] != f.default)
        for value, src in values:
            option = f"`{f.name}` = `{_json(value)}`"
            default = value == f.default and type(value) is type(f.default)
            label = words.text(
                "sources.doc_option_default" if default else "sources.doc_option",
                language,
                option=option,
            )
            key = f"{cls.__name__}.{f.name}={_value_key(value)}"
            yield f"| {label} | `{key}` | {_cell(src.text(language))} |"
        if sources.others is not None:
            label = words.text("sources.doc_option_others", language, option=f"`{f.name}`")
            yield f"| {label} | — | {_cell(sources.others.text(language))} |"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _row(*cells: str) -> str:
    return "| " + " | ".join(cells) + " |"


def markdown(language: str = "en") -> str:
    """Section 7 of docs/RULES.md (``en``) or docs/RULES.ko.md (``ko``): a table of every fixed
    rule and every option value with its source, game by game, between :data:`BEGIN` and
    :data:`END`.

    >>> print(markdown("en").splitlines()[5])
    ### Four-player Belote (§1–2)
    >>> print(markdown("ko").splitlines()[7])
    | 규칙 | 키 | 출처 |
    """
    lang = words.check_language(language)
    head = _row(*(words.text(f"sources.doc_column_{column}", lang)
                  for column in ("rule", "key", "source")))
    lines = [BEGIN, "## " + words.text("sources.doc_title", lang), "",
             words.text("sources.doc_intro", lang)]
    for game, cls in _SECTIONS:
        lines += ["", "### " + words.text(f"sources.section_{game}", lang), "", head,
                  "|---|---|---|"]
        for key, rule in FIXED_RULES.items():
            if key.startswith(f"{game}."):
                lines.append(_row(_cell(rule.text(lang)), f"`{key}`",
                                  _cell(rule.source.text(lang))))
        lines += list(_option_rows(cls, lang))
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
