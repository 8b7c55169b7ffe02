"""Rule options are checked where they are made (issue 11, item 12): a value outside an option's
range is refused with the option's name and what it accepts, from Python and from JSON alike."""

from __future__ import annotations

from typing import Any

import pytest

from belote_lab.games import rules_for
from belote_lab.rules import (
    Belote2Rules,
    BeloteRules,
    CallbreakRules,
    CoincheRules,
    RuleOptionError,
    describe,
)

BAD: list[tuple[str, dict[str, Any], str]] = [
    ("coinche", {"target": -5}, "target"),
    ("coinche", {"target": 0}, "target"),
    ("belote", {"target": 10**9}, "target"),
    ("belote2", {"forced_after_redeals": -1}, "forced_after_redeals"),
    ("belote2", {"hands_per_match": 0}, "hands_per_match"),
    ("coinche", {"max_bid": 10**8}, "max_bid"),
    ("coinche", {"max_bid": 1e8}, "max_bid"),
    ("coinche", {"min_bid": 85}, "min_bid"),
    ("coinche", {"min_bid": 170, "max_bid": 100}, "min_bid"),
    ("coinche", {"max_bid": 250}, "max_bid"),  # capot is worth 250: a bid must stay below
    ("callbreak", {"max_call": 14}, "max_call"),
    ("callbreak", {"rounds": 4}, "rounds"),
    ("callbreak", {"target_score": 0}, "target_score"),
    ("callbreak", {"target_score": 2.5}, "target_score"),
    ("belote", {"first_lead": "east"}, "first_lead"),
    ("belote", {"failed_contract": "fifty_fifty"}, "failed_contract"),
    ("belote", {"must_undertrump": 1}, "must_undertrump"),
    ("belote", {"target": True}, "target"),
    ("belote", {"target": "1000"}, "target"),
]


@pytest.mark.parametrize(("game", "options", "name"), BAD)
def test_a_bad_option_is_refused_by_name(game: str, options: dict[str, Any], name: str) -> None:
    with pytest.raises(RuleOptionError, match=name) as info:
        rules_for(game, options)
    assert len(str(info.value)) < 200  # a huge value is not echoed whole


def test_python_construction_is_checked_too() -> None:
    with pytest.raises(RuleOptionError, match=r"'target' must be a whole number from 1 to"):
        CoincheRules(target=-5)
    with pytest.raises(RuleOptionError, match="hands_per_match"):
        Belote2Rules(hands_per_match=0)
    with pytest.raises(RuleOptionError, match="max_bid"):
        CoincheRules(max_bid=10**8)  # used to build a table of every bid: MemoryError
    with pytest.raises(RuleOptionError, match="rounds"):
        CallbreakRules(rounds=4)


def test_defaults_and_edges_are_accepted() -> None:
    assert BeloteRules().failed_contract == "all_to_defence"
    assert BeloteRules(failed_contract="keep_belote").failed_contract == "keep_belote"
    assert CallbreakRules(target_score=None).target_score is None
    assert CallbreakRules(target_score=30, rounds=3).target_score == 30
    assert Belote2Rules(forced_after_redeals=0).forced_after_redeals == 0
    assert CoincheRules(min_bid=80, max_bid=240).max_bid == 240
    for cls in (BeloteRules, CoincheRules, Belote2Rules, CallbreakRules):
        assert cls.from_json(cls().to_json()) == cls()


def test_unknown_names_and_games() -> None:
    with pytest.raises(RuleOptionError, match="unknown rule option"):
        rules_for("belote", {"__bad__": 1})
    with pytest.raises(RuleOptionError, match="unknown game"):
        rules_for("bridge")
    with pytest.raises(RuleOptionError, match="must be an object"):
        rules_for("belote", [1, 2])  # type: ignore[arg-type]


def test_every_option_says_what_it_accepts() -> None:
    for cls in (BeloteRules, CoincheRules, Belote2Rules, CallbreakRules):
        words = describe(cls)
        assert set(words) == set(cls().to_json())
        assert all("default" in w for w in words.values())
    assert describe(CoincheRules)["target"] == "a whole number from 1 to 100000 (default 2000)"
