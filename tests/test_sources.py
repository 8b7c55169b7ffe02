"""Every rule's source, in one place (issue #24, item 2): ``belote_lab/sources.py``.

(a) every rule option — every field of every rules class, found by introspection — has a source
    for its default and for each other value it accepts, and the table names no option or value
    that does not exist;
(b) every seed quote is found word for word in its seed (the seeds are beside the checkout, in
    ``../shared/seeds``; without them that one check is skipped and says why);
(c) docs/RULES.md and docs/RULES.ko.md carry section 7 exactly as the data makes it, so both
    editions name the same source for each rule, and neither points at a ``seeds/`` folder;
(d) the settings panel shows each option's sources read from the same data;
(e) the choices an audit found credited to seeds that never state them are labelled as this
    package's choice (or the FFB's), and bad keys and bad sources are refused with a message.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from belote_lab.games import get, names
from belote_lab.rules import BeloteRules, RuleOptionError, RuleOptions
from belote_lab.sources import (
    FIXED_RULES,
    OPTION_SOURCES,
    SEEDS,
    OptionSources,
    Source,
    markdown,
    option_sources,
    source,
    splice,
)

ROOT = Path(__file__).resolve().parents[1]
SEEDS_DIR = ROOT.parent / "shared" / "seeds"  # the user's source texts, beside the checkout
DOCS = {"en": ROOT / "docs" / "RULES.md", "ko": ROOT / "docs" / "RULES.ko.md"}


# --- (a) every option has a source --------------------------------------------------------------
def rules_classes() -> list[type[RuleOptions]]:
    """The rules classes of the engine: every subclass of RuleOptions defined in belote_lab, and
    every registered game's rules class."""
    found: set[type[RuleOptions]] = set()
    todo = list(RuleOptions.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("belote_lab"):
            found.add(cls)
    found |= {get(n).rules_class for n in names() if get(n).rules_class is not None}
    return sorted(found, key=lambda c: c.__name__)


def accepts(cls: type[RuleOptions], name: str, value: Any) -> bool:
    """Whether ``cls`` takes ``value`` for option ``name`` (the other options at their default)."""
    try:
        cls(**{name: value})
    except RuleOptionError:
        return False
    return True


def values_to_cover(cls: type[RuleOptions], f: dataclasses.Field[Any]) -> list[Any]:
    """Every value of a field that needs a source named for it: each choice, true and false,
    or for a whole number its default — and every value it accepts when the option has no
    source for "any other number"."""
    if "choices" in f.metadata:
        return list(f.metadata["choices"])
    if "range" not in f.metadata:
        return [True, False]
    sources = OPTION_SOURCES[cls.__name__, f.name]
    if sources.others is not None:
        return [f.default]
    lo, hi = f.metadata["range"]
    every = [v for v in range(lo, hi + 1) if accepts(cls, f.name, v)]
    return [f.default, *every, *([None] if f.metadata.get("optional") else [])]


def missing_sources(classes: list[type[RuleOptions]]) -> list[str]:
    """``Class.option=value`` for every value of every option that has no source."""
    missing = []
    for cls in classes:
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            key = f"{cls.__name__}.{f.name}"
            if (cls.__name__, f.name) not in OPTION_SOURCES:
                missing.append(f"{key} (no source at all)")
                continue
            sources = OPTION_SOURCES[cls.__name__, f.name]
            for value in values_to_cover(cls, f):
                try:
                    sources.of(value)
                except KeyError:
                    missing.append(f"{key}={value!r}")
    return missing


def test_the_rules_classes_are_found_by_introspection() -> None:
    classes = {c.__name__ for c in rules_classes()}
    assert classes >= {"BeloteRules", "CoincheRules", "Belote2Rules", "CallbreakRules"}
    assert "ToyRules" not in classes  # tests/toy_game.py's rules are not the engine's


def test_every_value_of_every_rule_option_has_a_source() -> None:
    assert missing_sources(rules_classes()) == []


def test_a_new_option_without_a_source_fails() -> None:
    """The check itself: an option added to a rules class without its source is reported."""

    @dataclasses.dataclass(frozen=True)
    class BeloteRules(RuleOptions):  # the real class's name, one option more
        capot: str = dataclasses.field(
            default="all_points",
            metadata={"choices": ("all_points", "all_tricks", "half_points")},
        )
        new_house_rule: bool = False

    assert missing_sources([BeloteRules]) == [
        "BeloteRules.capot='half_points'",
        "BeloteRules.new_house_rule (no source at all)",
    ]


def test_the_table_names_only_options_and_values_that_exist() -> None:
    classes = {c.__name__: c for c in rules_classes()}
    for (cls_name, option), sources in OPTION_SOURCES.items():
        cls = classes[cls_name]
        fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        assert option in fields, f"{cls_name} has no option {option}"
        for value, _ in sources.values:
            assert accepts(cls, option, value), f"{cls_name}.{option} refuses {value!r}"
        f = fields[option]
        assert sources.of(f.default)  # the default is named
        assert sources.others is None or "range" in f.metadata  # "any other number" only


# --- (b) the seed quotes --------------------------------------------------------------------------
def all_sources() -> list[tuple[str, Source]]:
    out = [(key, rule.source) for key, rule in FIXED_RULES.items()]
    for (cls_name, option), sources in OPTION_SOURCES.items():
        out += [(f"{cls_name}.{option}", src) for src in sources.sources()]
    return out


def test_every_seed_quote_is_in_its_seed() -> None:
    if not SEEDS_DIR.is_dir():
        pytest.skip(f"the seeds are not beside this checkout ({SEEDS_DIR} is absent)")
    texts = {}
    for number in SEEDS:
        (path,) = SEEDS_DIR.glob(f"{number}_*.txt")
        texts[number] = path.read_text(encoding="utf-8")
    wrong = [
        f"{key}: seed {number} has no “{src.quote}”"
        for key, src in all_sources()
        for number in src.seeds
        if src.quote not in texts[number]
    ]
    assert wrong == []


def test_every_source_is_complete() -> None:
    for key, src in all_sources():
        if src.kind == "seed":
            assert src.seeds and re.search("[가-힣]", src.quote), key
        if src.kind == "package":
            assert src.reason and re.search("[가-힣]", src.reason_ko), key
        for language in ("en", "ko"):
            text = src.text(language)
            assert text and "\n" not in text and "|" not in text, key


# --- (c) the docs --------------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_docs_section_7_is_made_from_the_data(language: str) -> None:
    text = DOCS[language].read_text(encoding="utf-8")
    assert splice(text, language) == text, (
        f"{DOCS[language].name} is out of date: run .venv/bin/python docs/make_sources.py"
    )
    assert markdown(language) in text


def section_7(language: str) -> list[tuple[str, str]]:
    """(key, source) of each row of section 7 of one edition."""
    text = DOCS[language].read_text(encoding="utf-8")
    rows = []
    for line in text[text.index("## 7.") :].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[1].startswith("`"):
            rows.append((cells[1].strip("`"), cells[2]))
    return rows


def test_both_editions_name_the_same_source_for_each_rule() -> None:
    en, ko = section_7("en"), section_7("ko")
    assert [k for k, _ in en] == [k for k, _ in ko]
    keys = [k for k, _ in en]
    assert set(FIXED_RULES) <= set(keys)
    for language, rows in (("en", en), ("ko", ko)):
        for key, label in rows:
            assert label == source(key).text(language), (language, key)


def test_the_docs_cite_seeds_by_number_not_by_a_folder() -> None:
    for path in (*DOCS.values(), ROOT / "docs" / "TERMS.md"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"`[^`\n]*seeds/`", text), path.name
        assert re.search(r"seed 00[0-4]|원본 00[0-4]", text), path.name


# --- (d) the settings panel -----------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_settings_panel_shows_each_options_sources(language: str) -> None:
    from belote_widgets.cards_view import esc
    from belote_widgets.settings import SettingsPanel

    for game in names():
        g = get(game)
        if g.rules_class is None:
            continue
        panel = SettingsPanel(game, language=language)
        for option, note in panel.rule_notes.items():
            sources = option_sources(g.rules_class, option)
            for src in sources.sources():
                assert esc(src.text(language)) in note.value, (game, option, language)
            assert ("출처:" if language == "ko" else "Source") in note.value


# --- (e) the labels an audit asked for, and refusals -------------------------------------------
@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("belote.game_tie", "package"),
        ("callbreak.first_caller", "package"),
        ("callbreak.first_leader", "package"),
        ("CallbreakRules.big_call_8_wins=true", "package"),
        ("callbreak.journey", "package"),
        ("coinche.surcoinche_answerer", "package"),
        ("belote.no_trump_play", "package"),
        ("belote.all_trump_play", "package"),
        ("belote.no_belote_without_trump", "package"),
        ("belote.declaration_values", "ffb"),
        ("belote.go_higher_in_trump", "package"),
        ("callbreak.modes", "seed"),
        ("callbreak.no_spade_redeal", "seed"),
        ("Belote2Rules.forced_after_redeals", "seed"),
        ("BeloteRules.first_lead", "seed"),
        ("BeloteRules.capot", "seed"),
        ("BeloteRules.capot=all_tricks", "ffb"),
        ("BeloteRules.failed_contract", "seed"),
    ],
)
def test_the_audited_rules_are_labelled(key: str, kind: str) -> None:
    assert source(key).kind == kind


def test_the_surcoinche_reading_quotes_seed_004_and_says_who_answers() -> None:
    src = source("coinche.surcoinche_answerer")
    assert src.seeds == ("004",) and src.quote == "공약을 건 플레이어의 팀원"
    assert "player after the one who coinched" in src.text("en")
    assert "쿠앵슈한 사람 다음 사람" in src.text("ko")


def test_keys_of_every_form_are_read() -> None:
    assert source("BeloteRules.capot") is source("BeloteRules.capot=all_points")
    assert source("CallbreakRules.target_score") is source("CallbreakRules.target_score=null")
    assert source("CallbreakRules.target_score=300").quote == "목표 점수까지 진행하기"
    assert source("CallbreakRules.rounds=3") is not source("CallbreakRules.rounds=5")
    assert source("CoincheRules.target=2000").seeds == ("004",)
    assert option_sources(BeloteRules, "capot") is option_sources("BeloteRules", "capot")


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("belote.nothing", "no rule 'belote.nothing'"),
        ("NoRules.capot", "no rule 'NoRules.capot'"),
        ("BeloteRules.nothing", "BeloteRules has no option 'nothing'"),
        ("BeloteRules.capot=half", "no source for the value 'half'"),
        ("CallbreakRules.rounds=4", "no source for the value 4"),
        ("CallbreakRules.rounds=three", "'three' is not a value of 'rounds'"),
        ("", "no rule ''"),
    ],
)
def test_a_bad_key_is_refused_with_its_name(key: str, words: str) -> None:
    with pytest.raises(KeyError, match=re.escape(words)):
        source(key)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"kind": "rumour"}, "unknown source kind 'rumour'"),
        ({"kind": "seed"}, "a seed source needs its seed and a quote"),
        ({"kind": "seed", "seeds": ("002",), "quote": "x"}, "unknown seed '002'"),
        ({"kind": "seed", "seeds": ("000",)}, "a seed is cited with a quote"),
        ({"kind": "package", "reason": "why"}, "its reason in English and Korean"),
    ],
)
def test_a_bad_source_is_refused(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        Source(**kwargs)


def test_a_label_in_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        source("belote.deal").text("fr")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        markdown("fr")


def test_option_sources_of_a_value_without_one() -> None:
    sources = OptionSources(((True, source("belote.deal")),))
    with pytest.raises(KeyError, match="no source for the value False"):
        sources.of(False)
    with pytest.raises(KeyError, match="no source for the value 1"):
        sources.of(1)  # 1 == True, but a number is not a bool


def _every_source() -> list[tuple[str, Source]]:
    out = [(key, rule.source) for key, rule in FIXED_RULES.items()]
    for (cls_name, option), sources in OPTION_SOURCES.items():
        out += [(f"{cls_name}.{option}={value}", src) for value, src in sources.values]
        if sources.others is not None:
            out.append((f"{cls_name}.{option} (others)", sources.others))
    return out


def test_korean_sources_name_the_source_documents_not_the_random_seed() -> None:
    """Issue 25 §3: 시드 is the random seed; a source document is 원본 000 (원본 문서), in
    the labels, the reasons, the rules' Korean words and RULES.ko.md's section 7."""
    for key, src in _every_source():
        words = src.text("ko") + src.reason_ko
        assert "시드" not in words, (key, words)
        if src.seeds:
            assert f"원본 {', '.join(src.seeds)}: “" in src.text("ko"), key
            assert " (원본" not in src.text("ko"), key  # no space before a bracket
    assert all("시드" not in rule.ko for rule in FIXED_RULES.values())
    assert "시드" not in markdown("ko")
    assert source("callbreak.first_leader").text("ko").startswith("이 패키지의 선택: ")
    assert "원본 003: “" in source("callbreak.first_leader").text("ko")
    # the English keeps "seed 000"
    assert source("BeloteRules.capot").text("en").startswith("seed 000: “")


def test_the_korean_rules_write_ranges_with_a_tilde_and_gloss_the_declarations() -> None:
    """§8: "1~7번째", not "1–7번째"; §9: the declarations described in Korean words, the
    French names (which no seed uses) only in brackets."""
    words = " ".join(rule.ko for rule in FIXED_RULES.values())
    assert "–" not in words
    assert "1~7번째 트릭" in words and "8~16번째 트릭" in words
    values = FIXED_RULES["belote.declaration_values"].ko
    assert "같은 무늬 3장 연속(티에르스) 20" in values and "같은 숫자 4장(카레)" in values
