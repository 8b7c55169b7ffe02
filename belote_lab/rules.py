"""Rule options, one frozen dataclass per game, with the names and defaults of RULES.md.

Every option declares what it accepts (a choice of words, or a range of whole numbers) in one
place, its field's metadata; a value outside it is refused with the option's name and the range,
whether it comes from JSON or from Python. Where each option's default and each other value come
from (a seed, the FFB rule book or this package's choice) is kept in :mod:`belote_lab.sources`.

>>> BeloteRules().first_lead, BeloteRules(must_undertrump=True).must_undertrump
('dealer', True)
>>> BeloteRules().failed_contract                  # seed 000: every point to the defence
'all_to_defence'
>>> BeloteRules().capot                            # seed 000: the attack takes every point
'all_points'
>>> BeloteRules.from_json({"allow_no_trump": True}).allow_no_trump
True
>>> BeloteRules.from_json({"no_such_rule": 1})
Traceback (most recent call last):
...
belote_lab.rules.RuleOptionError: unknown rule option 'no_such_rule' for BeloteRules
>>> CoincheRules(target=-5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
belote_lab.rules.RuleOptionError: rule option 'target' must be a whole number from 1 to ... not -5
>>> print(describe(BeloteRules)["failed_contract"])
'all_to_defence' or 'keep_belote' (default 'all_to_defence')
>>> print(describe(BeloteRules, "ko")["target"])
1~100,000 사이의 정수(기본값 1,000)

The words of the refusals and of :func:`describe`, in English and Korean, are the ``rules.``
namespace of the catalogue of words (``belote_lab/words/en/rules.json``, ``ko/rules.json``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from belote_lab import words
from belote_lab.korean import quoted

__all__ = [
    "RuleOptionError",
    "RuleOptions",
    "choice_option",
    "whole_option",
    "BeloteRules",
    "CoincheRules",
    "Belote2Rules",
    "CallbreakRules",
    "FAILED_CONTRACT_RULES",
    "CAPOT_RULES",
    "describe",
    "short_repr",
]

T = TypeVar("T", bound="RuleOptions")

#: The two ways a failed four-player Belote contract is scored (RULES.md §1 "Scoring a hand"):
#: seed 000's "every point of the round to the defence" and the FFB rule "each team keeps its
#: own belote".
FAILED_CONTRACT_RULES = ("all_to_defence", "keep_belote")

#: The two ways a four-player Belote capot is earned (RULES.md §1 "Scoring a hand"): seed 000's
#: "the attack takes every point of the hand" (the defence scores no card point and not the last
#: trick) and the FFB rule "the attack wins all 8 tricks".
CAPOT_RULES = ("all_points", "all_tricks")


class RuleOptionError(ValueError):
    """An unknown rule option or a value of the wrong kind or outside its range.

    ``str(e)`` is English; :meth:`text` gives Korean too: ``ko`` is the Korean sentence, or
    it is made from the catalogue's text ``key`` (its ``{option}`` … fields naming the rule
    options ``options``, quoted by their codes unless :meth:`text` is given their names).

    >>> e = RuleOptionError("bad", key="rules.rounds", options={"option": "rounds"}, value=4)
    >>> e.text("ko")
    '규칙 옵션 ‘rounds’의 값은 3 또는 5여야 하는데 4입니다.'
    >>> e.text("ko", names={"rounds": "라운드 수"})
    '규칙 옵션 ‘라운드 수’의 값은 3 또는 5여야 하는데 4입니다.'
    """

    def __init__(
        self,
        message: str,
        ko: str | None = None,
        *,
        key: str | None = None,
        options: Mapping[str, str] | None = None,
        **values: Any,
    ) -> None:
        super().__init__(message)
        self.ko = ko
        self.key = key
        self.options: dict[str, str] = dict(options or {})
        self.values = values

    def text(self, language: str = "en", names: Mapping[str, str] | None = None) -> str:
        """The error in ``language``: ``en`` (``str(e)``) or ``ko``; ``names`` gives the rule
        options' names to say in Korean instead of their codes (a settings panel's labels)."""
        if words.check_language(language) == "en":
            return str(self)
        if self.key is not None:
            named = {k: quoted((names or {}).get(v, v)) for k, v in self.options.items()}
            return words.text(self.key, "ko", **named, **self.values)
        if self.ko:
            return self.ko
        return words.text("rules.invalid", "ko")


_GAMES = {
    "BeloteRules": "belote", "CoincheRules": "coinche", "Belote2Rules": "belote2",
    "CallbreakRules": "callbreak",
}
"""The games of the option classes (their titles are the catalogue's ``table.title_<game>``)."""


def _value_ko(value: Any) -> str:
    """A user's value in a Korean sentence: a whole number as a number is written, with its
    thousands separators (``-5``, ``1,000,000``); anything else quoted as JSON writes it
    (``‘true’``, ``‘x’``).

    >>> _value_ko(10**9), _value_ko(-5), _value_ko(True), _value_ko("x"), _value_ko(2.5)
    ('1,000,000,000', '-5', '‘true’', '‘x’', '‘2.5’')
    """
    if value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, int) and abs(value) >= 10**30:
        return words.text("rules.huge_number", "ko")
    elif isinstance(value, int):
        return f"{value:,}"
    elif isinstance(value, str):
        text = value
    else:
        text = repr(value)
    return quoted(text if len(text) <= 40 else text[:40] + "…")


def whole_option(lo: int, hi: int, default: int | None, optional: bool = False) -> Any:
    """A whole-number option from ``lo`` to ``hi`` (``None`` too when ``optional``)."""
    return field(default=default, metadata={"range": (lo, hi), "optional": optional})


def choice_option(default: str, *choices: str) -> Any:
    """An option that is one of a few words."""
    return field(default=default, metadata={"choices": choices})


def _allowed(f: dataclasses.Field[Any], language: str = "en") -> str:
    """The values a field accepts, in words: in Korean a noun ending in a vowel (``… 중
    하나``), a range with ``~`` and thousands separators.

    >>> target = dataclasses.fields(BeloteRules)[-3]
    >>> _allowed(target), _allowed(target, "ko")
    ('a whole number from 1 to 100000', '1~100,000 사이의 정수')
    >>> _allowed(dataclasses.fields(BeloteRules)[4], "ko")
    '‘dealer’, ‘eldest’ 중 하나'
    """
    meta = f.metadata
    if "choices" in meta:
        shown = [repr(c) if language == "en" else quoted(c) for c in meta["choices"]]
        choices = shown[0]
        for more in shown[1:]:
            choices = words.text("rules.list_or", language, a=choices, b=more)
        return words.text("rules.allowed_choices", language, choices=choices)
    if "range" in meta:
        lo, hi = meta["range"]
        key = "rules.allowed_range_or_null" if meta.get("optional") else "rules.allowed_range"
        if language == "en":
            return words.text(key, language, lo=lo, hi=hi)
        return words.text(key, language, lo=f"{lo:,}", hi=f"{hi:,}")
    return words.text("rules.allowed_bool", language)


def describe(cls: type[RuleOptions], language: str = "en") -> dict[str, str]:
    """Each option of ``cls`` with the values it accepts and its default, in words (in
    ``language``: ``en`` or ``ko``)."""
    lang = words.check_language(language)
    out = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if lang == "ko":
            default = _value_ko(f.default)
        else:
            default = "null" if f.default is None else repr(f.default)
            if isinstance(f.default, bool):
                default = "true" if f.default else "false"
        out[f.name] = words.text("rules.described", lang, allowed=_allowed(f, lang),
                                 default=default)
    return out


class RuleOptions:
    """Shared checking and JSON reading/writing for the option dataclasses."""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            meta = f.metadata
            if "choices" in meta:
                ok = isinstance(value, str) and value in meta["choices"]
            elif "range" in meta:
                lo, hi = meta["range"]
                ok = (value is None and meta.get("optional", False)) or (
                    isinstance(value, int)
                    and not isinstance(value, bool)
                    and lo <= value <= hi
                )
            else:
                ok = isinstance(value, bool)
            if not ok:
                raise RuleOptionError(
                    words.text("rules.bad_value", "en", option=repr(f.name),
                               allowed=_allowed(f), value=short_repr(value)),
                    key="rules.bad_value",
                    options={"option": f.name}, allowed=_allowed(f, "ko"), value=_value_ko(value),
                )
        self._check()

    def _check(self) -> None:
        """Checks between options (each class adds its own)."""

    @classmethod
    def from_json(cls: type[T], data: dict[str, Any] | None) -> T:
        """Options from a JSON object; absent keys keep their defaults."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RuleOptionError(
                words.text("rules.not_object", "en", value=short_repr(data)),
                ko=words.text("rules.not_object", "ko", value=_value_ko(data)),
            )
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        for key in data:
            if key not in names:
                game = _GAMES.get(cls.__name__)
                title = words.text(f"names.game_{game}" if game else "rules.this_game", "ko")
                known = ", ".join(quoted(n) for n in sorted(names))
                raise RuleOptionError(
                    words.text("rules.unknown_option", "en", option=short_repr(key),
                               game=cls.__name__),
                    ko=words.text("rules.no_such_option", "ko", game=title,
                                  option=_value_ko(key), known=known),
                )
        return cls(**data)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)  # type: ignore[call-overload,no-any-return]

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        default = type(self)()
        return {k: v for k, v in self.to_json().items() if getattr(default, k) != v}


def short_repr(value: Any) -> str:
    """``repr`` of a user's value, cut to a readable length; true, false and null as JSON
    writes them (rule options come from JSON).

    >>> short_repr(False), short_repr(None), short_repr("x" * 70)[-5:], short_repr(10**40)
    ('false', 'null', 'xx...', 'a huge number')
    """
    if value is None or isinstance(value, bool):
        return "null" if value is None else "true" if value else "false"
    huge = isinstance(value, int) and abs(value) >= 10**30
    text = words.text("rules.huge_number", "en") if huge else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass(frozen=True)
class BeloteRules(RuleOptions):
    """Four-player Belote (RULES.md §1–2)."""

    redeal_same_dealer: bool = True
    turned_jack_forces_dealer: bool = False
    allow_no_trump: bool = False
    allow_all_trump: bool = False
    first_lead: str = choice_option("dealer", "dealer", "eldest")
    must_undertrump: bool = False
    declarations: bool = False
    target: int = whole_option(1, 100_000, 1000)
    failed_contract: str = choice_option("all_to_defence", *FAILED_CONTRACT_RULES)
    capot: str = choice_option("all_points", *CAPOT_RULES)


@dataclass(frozen=True)
class CoincheRules(RuleOptions):
    """Coinche (RULES.md §3); play follows the four-player rules."""

    min_bid: int = whole_option(10, 240, 80)
    max_bid: int = whole_option(10, 240, 180)
    allow_generale: bool = False
    allow_belote_bids: bool = False
    allow_no_trump: bool = False
    allow_all_trump: bool = False
    first_lead: str = choice_option("dealer", "dealer", "eldest")
    must_undertrump: bool = False
    declarations: bool = False
    redeal_same_dealer: bool = True
    target: int = whole_option(1, 100_000, 2000)

    def _check(self) -> None:
        if self.min_bid % 10 or self.max_bid % 10 or self.min_bid > self.max_bid:
            raise RuleOptionError(
                words.text("rules.min_max_bid", "en", low=repr("min_bid"), high=repr("max_bid"),
                           a=self.min_bid, b=self.max_bid),
                key="rules.min_max_bid",
                options={"low": "min_bid", "high": "max_bid"}, a=self.min_bid, b=self.max_bid,
            )


@dataclass(frozen=True)
class Belote2Rules(RuleOptions):
    """Two-player Belote (RULES.md §4)."""

    forced_after_redeals: int = whole_option(0, 100, 2)
    hands_per_match: int = whole_option(1, 100, 2)


@dataclass(frozen=True)
class CallbreakRules(RuleOptions):
    """Callbreak (RULES.md §5)."""

    max_call: int = whole_option(1, 13, 8)
    rounds: int = whole_option(3, 5, 5)
    redeal_without_face_cards: bool = False
    target_score: int | None = whole_option(1, 1000, None, optional=True)
    big_call_8_wins: bool = False

    def _check(self) -> None:
        if self.rounds not in (3, 5):
            raise RuleOptionError(
                words.text("rules.rounds", "en", option=repr("rounds"), value=self.rounds),
                key="rules.rounds", options={"option": "rounds"}, value=self.rounds,
            )
