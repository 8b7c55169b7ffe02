"""Rule options, one frozen dataclass per game, with the names and defaults of RULES.md.

Every option declares what it accepts (a choice of words, or a range of whole numbers) in one
place, its field's metadata; a value outside it is refused with the option's name and the range,
whether it comes from JSON or from Python.

>>> BeloteRules().first_lead, BeloteRules(must_undertrump=True).must_undertrump
('dealer', True)
>>> BeloteRules().failed_contract                  # seed 000: every point to the defence
'all_to_defence'
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
from dataclasses import dataclass, field
from typing import Any, TypeVar

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
    "describe",
    "short_repr",
]

T = TypeVar("T", bound="RuleOptions")

#: The two ways a failed four-player Belote contract is scored (RULES.md §1 "Scoring a hand"):
#: seed 000's "every point of the round to the defence" and the FFB rule "each team keeps its
#: own belote".
FAILED_CONTRACT_RULES = ("all_to_defence", "keep_belote")


class RuleOptionError(ValueError):
    """An unknown rule option or a value of the wrong kind or outside its range."""


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
                    f"rule option {f.name!r} must be {_allowed(f)}, not {short_repr(value)}"
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
            raise RuleOptionError(f"rule options must be an object, not {short_repr(data)}")
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        for key in data:
            if key not in names:
                raise RuleOptionError(f"unknown rule option {short_repr(key)} for {cls.__name__}")
        return cls(**data)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)  # type: ignore[call-overload,no-any-return]

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        default = type(self)()
        return {k: v for k, v in self.to_json().items() if getattr(default, k) != v}


def short_repr(value: Any) -> str:
    """``repr`` of a user's value, cut to a readable length."""
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
                f"min_bid ≤ max_bid, not {self.min_bid} and {self.max_bid}"
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
            raise RuleOptionError(f"rule option 'rounds' must be 3 or 5, not {self.rounds}")
