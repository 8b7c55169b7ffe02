"""The teacher's guide (issue 26, item 5) is tested like the notebooks: what it says is computed.

``docs/TEACHING.md`` and its Korean edition ``docs/TEACHING.ko.md`` take the notebooks one by one
(a section ``## NN …`` each).  Here, for both editions:

- every ```` ```python ```` block runs as a doctest (the blocks of a section share their names,
  in order), so each deal the guide describes is the one its seed deals, each problem's answer is
  the package's, each study figure the stored study's;
- every seed a section names (``seed 13``, ``시드 13``) appears in that section's code and is one
  its notebook uses, in both editions: ``seed=13`` (or ``name_seed = 13``) in a code cell, a
  game's name then the seed in a call (``reviewed("belote", 3, "W")``), or ``seed 214`` (``시드
  214``) in an output;
- every problem id named exists in ``belote_lab/coaching/problems.json`` and is shown in notebook 11
(the
  collection), and in both editions of the section's notebook or in neither;
- every ``make present NB=…`` names a notebook that exists, and a section presents its own;
- every number in the text is one a block of the section spells out or prints, or is let through
  for the reason :func:`test_notebook_claims.claims` gives (a rule's constant, a small count, a
  reference); the lesson's length (45 minutes) is the guide's own;
- each section has the same parts (goal, deal, questions, problem, presenting, plan), and its plan
  is a table of contiguous minutes from 0 to 45;
- the two editions have the same sections, seeds, problems and number of code blocks.

The Korean edition's style is checked by ``tests/korean_lint.py`` (``docs/*.ko.md``).
"""

from __future__ import annotations

import doctest
import itertools
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from test_notebook_claims import claims, numbers_in

from belote_lab.sources import SEEDS

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = ROOT / "notebooks"
GUIDES = {"en": ROOT / "docs" / "TEACHING.md", "ko": ROOT / "docs" / "TEACHING.ko.md"}
LESSON = 45
"""A lesson's minutes: every plan fills them."""

PARTS = {
    "en": ["**Goal.**", "**Deal to show.**", "**Questions for the class.**", "**Problem to give.**",
           "**Presented**", f"**{LESSON} minutes.**"],
    "ko": ["**목표.**", "**보여 줄 딜.**", "**학생들에게 던질 질문.**", "**낼 문제.**",
           "**앱으로 보여 줄 때**", f"**{LESSON}분 계획.**"],
}
"""The parts of a section, in order, by their bold label."""

SECTION = re.compile(r"^## (\d\d) ", re.M)
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
RANDOM_SEED = {"en": re.compile(r"\b[Ss]eeds?\s+(\d+)"), "ko": re.compile(r"시드\s+(\d+)")}
PROBLEM_ID = re.compile(r"\b(?:belote2?|coinche|callbreak)(?:-[a-z0-9]+)+\b")
PRESENT = re.compile(r"make present NB=(\S+?\.ipynb)")
PLAN_ROW = re.compile(r"^\| (\d+)\s*[–~]\s*(\d+) \|", re.M)


@dataclass(frozen=True)
class Section:
    """One notebook's section of a guide: its number, where it starts, and its text."""

    language: str
    number: str
    line: int
    text: str

    @property
    def blocks(self) -> list[tuple[int, str]]:
        """The python blocks: (the line of the block's first line, its text)."""
        return [(self.line + self.text[:m.start(1)].count("\n"), m[1])
                for m in BLOCK.finditer(self.text)]

    @property
    def prose(self) -> str:
        """The text without its code blocks."""
        return FENCE.sub(" ", self.text)

    @property
    def seeds(self) -> list[str]:
        """The random seeds the text names (a source document, ``seed 000``, is not one)."""
        return sorted({s for s in RANDOM_SEED[self.language].findall(self.prose)
                       if s not in SEEDS}, key=int)

    @property
    def problems(self) -> list[str]:
        return sorted(set(PROBLEM_ID.findall(self.text)))

    def notebooks(self) -> list[Path]:
        """The section's notebook in both editions."""
        found = sorted(NOTEBOOK_DIR.glob(f"{self.number}_*.ipynb"))
        assert len(found) == 1, f"no single notebook {self.number}_*.ipynb"
        return [found[0], NOTEBOOK_DIR / "ko" / found[0].name]


@cache
def sections(language: str) -> dict[str, Section]:
    text = GUIDES[language].read_text(encoding="utf-8")
    starts = list(SECTION.finditer(text))
    found = {}
    for m, end in zip(starts, [*starts[1:], None], strict=True):
        body = text[m.start():end.start() if end else len(text)]
        found[m[1]] = Section(language, m[1], text[:m.start()].count("\n") + 1, body)
    return found


def cells(path: Path) -> tuple[str, str]:
    """A notebook's code and its stored outputs, each as one text."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    outputs = ["".join(o.get("text", "")) for c in code for o in c.get("outputs", [])]
    return "\n".join("".join(c["source"]) for c in code), "\n".join(outputs)


def uses_seed(path: Path, seed: str) -> bool:
    """Whether the notebook deals with ``seed`` (see the module's text)."""
    code, outputs = cells(path)
    return bool(re.search(rf"\bseed\w*\s*=\s*{seed}\b", code)
                or re.search(rf"\(\s*\"\w+\",\s*{seed}\s*,", code)
                or re.search(rf"(?:\bseed|시드) {seed}\b", outputs))


SECTIONS = [(lang, n) for lang in GUIDES if GUIDES[lang].is_file() for n in sections(lang)]


@pytest.mark.parametrize("language", list(GUIDES))
def test_the_guide_takes_every_notebook_in_order(language: str) -> None:
    assert GUIDES[language].is_file(), f"no {GUIDES[language].relative_to(ROOT)}"
    assert list(sections(language)) == [f"{n:02}" for n in range(1, 13)]


@pytest.mark.parametrize(("language", "number"), SECTIONS)
def test_the_code_runs_and_prints_what_the_guide_says(language: str, number: str) -> None:
    section = sections(language)[number]
    assert section.blocks, f"section {number} has no python block"
    parser, report = doctest.DocTestParser(), []
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    names: dict[str, object] = {}
    for line, block in section.blocks:
        test = parser.get_doctest(block, names, f"{GUIDES[language].name} §{number}",
                                  str(GUIDES[language]), line - 1)
        assert test.examples, f"a python block at line {line} holds no >>> example"
        runner.run(test, out=report.append, clear_globs=False)
    assert not runner.failures, "".join(report)


@pytest.mark.parametrize(("language", "number"), SECTIONS)
def test_each_seed_named_deals_in_the_section_and_its_notebook(language: str, number: str) -> None:
    section = sections(language)[number]
    code = "\n".join(block for _, block in section.blocks)
    for seed in section.seeds:
        assert re.search(rf"\b{seed}\b", code), f"§{number}: seed {seed} is not in its code"
        for path in section.notebooks():
            assert uses_seed(path, seed), (
                f"§{number}: {path.relative_to(ROOT)} does not use seed {seed}")


@pytest.mark.parametrize(("language", "number"), SECTIONS)
def test_each_problem_exists_and_its_notebook_shows_it(language: str, number: str) -> None:
    path = ROOT / "belote_lab" / "coaching" / "problems.json"
    known = {p["id"] for p in json.loads(path.read_text())}
    section = sections(language)[number]
    for name in section.problems:
        assert name in known, f"§{number}: no problem {name!r}"
        mine = [f'Problem("{name}")' in cells(p)[0] for p in section.notebooks()]
        collected = [f'Problem("{name}")' in cells(p)[0] for p in sections("en")["11"].notebooks()]
        assert all(collected), f"§{number}: notebook 11 does not show {name} in both editions"
        assert all(mine) or not any(mine), f"§{number}: one edition of its notebook shows {name}"


@pytest.mark.parametrize("language", list(GUIDES))
def test_every_presented_notebook_exists(language: str) -> None:
    text = GUIDES[language].read_text(encoding="utf-8")
    for name in PRESENT.findall(text):
        assert (ROOT / name).is_file(), name
    for number, section in sections(language).items():
        named = [Path(n) for n in PRESENT.findall(section.text)]
        mine = section.notebooks()[1 if language == "ko" else 0]
        assert [n.name for n in named] == [mine.name], f"§{number} presents {named}"
        assert all((ROOT / n).resolve() == mine for n in named), f"§{number}: {named}"


@pytest.mark.parametrize(("language", "number"), SECTIONS)
def test_every_number_is_computed_by_the_section(language: str, number: str) -> None:
    section = sections(language)[number]
    known = set()
    for _, block in section.blocks:
        known |= numbers_in(block)
    prose = PLAN_ROW.sub("|", section.prose)
    found = [c.text for c in claims(0, prose)
             if c.exempt is None and c.value not in known and c.value != str(LESSON)]
    assert not found, f"§{number} ({language}): numbers no block computes: {found}"


@pytest.mark.parametrize("language", list(GUIDES))
def test_the_introduction_states_no_number_of_its_own(language: str) -> None:
    text = GUIDES[language].read_text(encoding="utf-8")
    intro = FENCE.sub(" ", text[:SECTION.search(text).start()])
    found = [c.text for c in claims(0, intro) if c.exempt is None and c.value != str(LESSON)]
    assert not found, found


@pytest.mark.parametrize(("language", "number"), SECTIONS)
def test_each_section_has_every_part_and_a_plan_of_the_whole_lesson(language: str,
                                                                    number: str) -> None:
    section = sections(language)[number]
    at = [section.text.find(label) for label in PARTS[language]]
    assert -1 not in at and at == sorted(at), f"§{number}: parts {PARTS[language]} at {at}"
    plan = section.text[at[-1]:]
    spans = [(int(a), int(b)) for a, b in PLAN_ROW.findall(plan)]
    assert spans, f"§{number}: no plan"
    assert spans[0][0] == 0 and spans[-1][1] == LESSON, f"§{number}: the plan is {spans}"
    assert all(a < b for a, b in spans), spans
    assert all(b == c for (_, b), (c, _) in itertools.pairwise(spans)), spans


@pytest.mark.parametrize("number", [f"{n:02}" for n in range(1, 13)])
def test_both_editions_show_the_same_deals_and_problems(number: str) -> None:
    en, ko = sections("en")[number], sections("ko")[number]
    assert en.seeds == ko.seeds
    assert en.problems == ko.problems
    assert len(en.blocks) == len(ko.blocks)
