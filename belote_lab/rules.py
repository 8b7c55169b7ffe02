"""Rule options, one frozen dataclass per game, with the names and defaults of RULES.md.

>>> BeloteRules().first_lead, BeloteRules(must_undertrump=True).must_undertrump
('dealer', True)
>>> BeloteRules.from_json({"allow_no_trump": True}).allow_no_trump
True
>>> BeloteRules.from_json({"no_such_rule": 1})
Traceback (most recent call last):
...
belote_lab.rules.RuleOptionError: unknown rule option 'no_such_rule' for BeloteRules
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = [
    "RuleOptionError",
    "BeloteRules",
    "CoincheRules",
    "Belote2Rules",
    "CallbreakRules",
    "rules_for",
]

T = TypeVar("T", bound="_Options")


class RuleOptionError(ValueError):
    """An unknown rule option or a value of the wrong kind."""


class _Options:
    """Shared JSON reading/writing for the option dataclasses."""

    @classmethod
    def from_json(cls: type[T], data: dict[str, Any] | None) -> T:
        """Options from a JSON object; absent keys keep their defaults."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RuleOptionError(f"rule options must be an object, not {data!r}")
        fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in fields:
                raise RuleOptionError(f"unknown rule option {key!r} for {cls.__name__}")
            default = fields[key].default
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise RuleOptionError(f"rule option {key!r} must be true or false")
            elif isinstance(default, int) and (
                not isinstance(value, int) or isinstance(value, bool)
            ):
                if not (value is None and key == "target_score"):
                    raise RuleOptionError(f"rule option {key!r} must be a whole number")
            elif isinstance(default, str) and not isinstance(value, str):
                raise RuleOptionError(f"rule option {key!r} must be text")
            kwargs[key] = value
        return cls(**kwargs)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)  # type: ignore[call-overload,no-any-return]

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        default = type(self)()
        return {k: v for k, v in self.to_json().items() if getattr(default, k) != v}


@dataclass(frozen=True)
class BeloteRules(_Options):
    """Four-player Belote (RULES.md §1–2)."""

    redeal_same_dealer: bool = True
    turned_jack_forces_dealer: bool = False
    allow_no_trump: bool = False
    allow_all_trump: bool = False
    first_lead: str = "dealer"  # or "eldest"
    must_undertrump: bool = False
    declarations: bool = False
    target: int = 1000

    def __post_init__(self) -> None:
        if self.first_lead not in ("dealer", "eldest"):
            raise RuleOptionError("first_lead must be 'dealer' or 'eldest'")
        if self.target <= 0:
            raise RuleOptionError("target must be positive")


@dataclass(frozen=True)
class CoincheRules(_Options):
    """Coinche (RULES.md §3); play follows the four-player rules."""

    min_bid: int = 80
    max_bid: int = 180
    allow_generale: bool = False
    allow_belote_bids: bool = False
    allow_no_trump: bool = False
    allow_all_trump: bool = False
    first_lead: str = "dealer"
    must_undertrump: bool = False
    declarations: bool = False
    redeal_same_dealer: bool = True
    target: int = 2000

    def __post_init__(self) -> None:
        if self.first_lead not in ("dealer", "eldest"):
            raise RuleOptionError("first_lead must be 'dealer' or 'eldest'")
        if self.min_bid % 10 or self.max_bid % 10 or not 0 < self.min_bid <= self.max_bid:
            raise RuleOptionError("min_bid and max_bid must be multiples of 10, min ≤ max")


@dataclass(frozen=True)
class Belote2Rules(_Options):
    """Two-player Belote (RULES.md §4)."""

    forced_after_redeals: int = 2
    hands_per_match: int = 2


@dataclass(frozen=True)
class CallbreakRules(_Options):
    """Callbreak (RULES.md §5)."""

    max_call: int = 8
    rounds: int = 5
    redeal_without_face_cards: bool = False
    target_score: int | None = None
    big_call_8_wins: bool = False

    def __post_init__(self) -> None:
        if self.rounds not in (3, 5):
            raise RuleOptionError("rounds must be 3 or 5")
        if not 1 <= self.max_call <= 13:
            raise RuleOptionError("max_call must be between 1 and 13")


def rules_for(game: str, data: dict[str, Any] | None = None) -> _Options:
    """The rule options of ``game`` (``belote``, ``coinche``, ``belote2``, ``callbreak``)."""
    classes: dict[str, type[_Options]] = {
        "belote": BeloteRules,
        "coinche": CoincheRules,
        "belote2": Belote2Rules,
        "callbreak": CallbreakRules,
    }
    if game not in classes:
        raise RuleOptionError(f"unknown game {game!r}")
    return classes[game].from_json(data)
