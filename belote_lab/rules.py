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
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from belote_lab.korean import kformat, quoted

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
    it is made from a template (``ko_template``, its ``{option}`` … fields naming the rule
    options ``options``, quoted by their codes unless :meth:`text` is given their names).

    >>> e = RuleOptionError("bad", ko_template="{a:은} 켤 수 없습니다.",
    ...                     options={"a": "declarations"})
    >>> e.text("ko"), e.text("ko", names={"declarations": "선언"})
    ('‘declarations’는 켤 수 없습니다.', '‘선언’은 켤 수 없습니다.')
    """

    def __init__(
        self,
        message: str,
        ko: str | None = None,
        *,
        ko_template: str | None = None,
        options: Mapping[str, str] | None = None,
        **values: Any,
    ) -> None:
        super().__init__(message)
        self.ko = ko
        self.ko_template = ko_template
        self.options: dict[str, str] = dict(options or {})
        self.values = values

    def text(self, language: str = "en", names: Mapping[str, str] | None = None) -> str:
        """The error in ``language``: ``en`` (``str(e)``) or ``ko``; ``names`` gives the rule
        options' names to say in Korean instead of their codes (a settings panel's labels)."""
        if language == "en":
            return str(self)
        if language != "ko":
            raise ValueError(f"unknown language {language!r}; choose one of ('en', 'ko')")
        if self.ko_template is not None:
            named = {k: quoted((names or {}).get(v, v)) for k, v in self.options.items()}
            return kformat(self.ko_template, **named, **self.values)
        if self.ko:
            return self.ko
        return "규칙 옵션이 올바르지 않으므로 쓸 수 없습니다."


_TITLES_KO = {
    "BeloteRules": "4인 벨로트", "CoincheRules": "쿠앵슈", "Belote2Rules": "2인 벨로트",
    "CallbreakRules": "콜브레이크",
}
"""The games of the option classes, in Korean (docs/TERMS.md)."""


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
        return "아주 큰 수"
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


def _allowed(f: dataclasses.Field[Any]) -> str:
    """The values a field accepts, in words."""
    meta = f.metadata
    if "choices" in meta:
        return " or ".join(repr(c) for c in meta["choices"])
    if "range" in meta:
        lo, hi = meta["range"]
        words = f"a whole number from {lo} to {hi}"
        return words + " or null" if meta.get("optional") else words
    return "true or false"


def _allowed_ko(f: dataclasses.Field[Any]) -> str:
    """The values a field accepts, in Korean (a noun ending in a vowel: ``… 중 하나``): a
    range with ``~`` and thousands separators.

    >>> _allowed_ko(dataclasses.fields(BeloteRules)[-3])
    '1~100,000 사이의 정수'
    """
    meta = f.metadata
    if "choices" in meta:
        return ", ".join(quoted(c) for c in meta["choices"]) + " 중 하나"
    if "range" in meta:
        lo, hi = meta["range"]
        words = f"{lo:,}~{hi:,} 사이의 정수"
        return words + "나 ‘null’ 중 하나" if meta.get("optional") else words
    return "‘true’, ‘false’ 중 하나"


def describe(cls: type[RuleOptions]) -> dict[str, str]:
    """Each option of ``cls`` with the values it accepts and its default, in words."""
    out = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        default = "null" if f.default is None else repr(f.default)
        if isinstance(f.default, bool):
            default = "true" if f.default else "false"
        out[f.name] = f"{_allowed(f)} (default {default})"
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
                    f"rule option {f.name!r} must be {_allowed(f)}, not {short_repr(value)}",
                    ko_template="규칙 옵션 {option}의 값은 {allowed}여야 하는데 {value}입니다.",
                    options={"option": f.name}, allowed=_allowed_ko(f), value=_value_ko(value),
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
                f"rule options must be an object, not {short_repr(data)}",
                ko=f"규칙 옵션은 JSON 객체로 써야 하는데 {_value_ko(data)}입니다.",
            )
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        for key in data:
            if key not in names:
                game = _TITLES_KO.get(cls.__name__, "이 게임")
                known = ", ".join(quoted(n) for n in sorted(names))
                raise RuleOptionError(
                    f"unknown rule option {short_repr(key)} for {cls.__name__}",
                    ko=f"{game}에는 {_value_ko(key)} 규칙 옵션이 없습니다(규칙 옵션: {known}).",
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
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge number"
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
                f"rule options 'min_bid' and 'max_bid' must be multiples of 10 with "
                f"min_bid ≤ max_bid, not {self.min_bid} and {self.max_bid}",
                ko_template="규칙 옵션 {low:과} {high:은} 10의 배수여야 하고 {low:이} {high}보다 "
                "크면 안 되는데 지금은 {a:과} {b}입니다.",
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
                f"rule option 'rounds' must be 3 or 5, not {self.rounds}",
                ko_template="규칙 옵션 {option}의 값은 3 또는 5여야 하는데 {value}입니다.",
                options={"option": "rounds"}, value=self.rounds,
            )
