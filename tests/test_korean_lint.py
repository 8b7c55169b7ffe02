"""The Korean lint (issue #25, item 3; ``tests/korean_lint.py``, docs/STYLE.ko.md).

(a) each rule on hand-written good and bad examples, so that it finds what it should and
    nothing else (false positives near zero);
(b) what is not judged: code, struck-out examples, quotes, a template's fields, English notes,
    docstrings and the seeds' words in the package, style sheets;
(c) the "do not use" words come from docs/TERMS.md, the one list;
(d) the English notebooks: Korean only quoted with its translation, in a glossary or the link;
(e) the generated corpus is large and made of every kind of text;
(f) every Korean text of the package, notebooks and docs: no finding at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import korean_lint as kl
import pytest


def rules_found(words: str, kind: str = "screen") -> set[str]:
    return {rule for _, rule, _ in kl.findings_in(words, kind)}


# --- (a) each rule --------------------------------------------------------------------------------
BAD = [
    # particles after cards: the rank is read (10 십, 7 칠, 8 팔, 6 육)
    ("particle", "북쪽의 10♣는 이제 으뜸패입니다."),
    ("particle", "10♥를 남기세요."),
    ("particle", "8♠가 그 트릭을 이깁니다."),
    ("particle", "6♠와 4♠만 남습니다."),
    ("particle", "7♦를 냈습니다."),
    ("particle", "J♥을 냈습니다."),
    ("particle", "A♠은 가장 높습니다."),
    ("particle", "♠이 으뜸패입니다."),
    ("particle", "8으로 나눕니다."),
    ("particle", "3로 나눕니다."),
    ("particle", "10와 20을 더합니다."),
    ("particle", "1,000를 넘으면 끝납니다."),
    ("particle", "N와 S가 한 팀입니다."),
    ("term", "테이커는 두 장을 더 받습니다."),
    ("term", "테이킹 표를 봅니다."),
    ("term", "비딩이 끝나면 플레이합니다."),
    ("term", "모의 딜 30번 중 77%"),
    ("term", "공약 실패"),
    ("term", "스톡 단계에서는 아무 카드나 냅니다."),
    ("term", "홈 보정 후"),
    ("term", "가족별 오류율"),
    ("term", "복식 비교입니다."),
    ("term", "클래식 벨로트"),
    ("term", "이 단추를 누르세요."),
    ("term", "1번째 트릭"),
    ("term", "신뢰 구간"),
    ("pronoun", "당신은 남입니다."),
    ("pronoun", "당신의 패"),
    ("source-name", "이 판의 점수(시드 000)"),
    ("source-name", "시드 003은 8의 빅 콜을 하우스 규칙이라고 합니다."),
    ("source-name", "시드 001, 004"),
    ("fallback", "카드(를) 냅니다."),
    ("fallback", "남쪽이(가) 이깁니다."),
    ("fallback", "(이)가 이깁니다."),
    ("fallback", "점수(으)로 셉니다."),
    ("fallback", "카드을/를 냅니다."),
    ("code", "대결 : 레벨 2 대 BeloteOnlyTaker"),
    ("code", "옵션 must_undertrump를 켭니다."),
    ("code", "‘True’는 트릭 수가 아니므로 콜할 수 없습니다."),
    ("code", "값이 None이면 없습니다."),
    ("code", "이 사례는 'score'를 묻는 사례입니다."),
    ("code", "belote-lab review: error: 파일이 없습니다."),
    ("code", "score_hand(...)로 셉니다."),
    ("thousands", "9600장을 셉니다."),
    ("thousands", "1000판을 쳤습니다."),
    ("thousands", "1~100000 사이의 수"),
    ("thousands", "1000점을 넘으면 끝납니다."),
    ("thousands", "딜 20165개"),
    ("range", "51.8% .. 57.5%"),
    ("range", "1–7번째 트릭"),
    ("range", "0.97 … 2.05"),
    ("sign-space", "| + 10점 |"),
    ("sign-space", "보너스 + 90점"),
    ("paren-space", "검토 (남 자리)"),
    ("paren-space", "컴퓨터 속도 (초)"),
]

GOOD = [
    "북쪽의 10♣은 이제 으뜸패입니다. 10♥을 남기세요. 8♠이 그 트릭을 이깁니다.",
    "6♠과 4♠만 남습니다. 7♦을 냈습니다. J♥를 냈습니다. A♠는 가장 높습니다. ♠가 으뜸패입니다.",
    "8로 나누고 3으로 나눕니다. 10과 20을 더합니다. 1,000을 넘으면 끝납니다. N과 S가 한 팀입니다.",
    "9♦는 남습니다. K♦가 이깁니다. Q♣를 냅니다. 10♠으로 이깁니다. 2♠로 따릅니다.",
    "10♣과의 차이, 8로는 부족합니다. 4.2를 얻습니다. 5%를 넘습니다.",
    "2가지, 3이상, 4이며, 10입니다, 8이고, Q♦면 충분합니다.",  # not particles
    "트릭 테이킹 카드 게임입니다.",  # the game family (seeds 000, 004)
    "계약자가 두 장을 더 받습니다. 표본 딜 30개 중 77%에서 계약 성공.",
    "공약이 성공하면 점수를 얻습니다. 공약의 성공률은 83%입니다.",
    "더미가 남아 있는 동안 아무 카드나 냅니다. 홀름 보정 후. 족별 오류율(FWER).",
    "11번째 트릭, 21번째 콜, 첫 번째 트릭. 95% 신뢰구간.",
    "시드 12485의 딜, 딜 번호 741, 시드가 2026인 딜, 2026년 12월, 2026-12-02.",
    "1,000판, 4,000개, 100,000, 0001, 999점, 162점, 252점.",
    "51.8~57.5%, 1~100,000, -38~+232점, 홀름–본페로니, UTF-8, 북–남.",
    "+10점, -3점, 평균 +97점, 62 + 3 × 30 = 152점.",
    "검토(남쪽 자리), 컴퓨터 대기 시간(초). 4.2점입니다.",
    "‘ZZ’는 카드가 아니므로 낼 수 없습니다. JSON으로 읽을 수 없습니다. 원본 000: “1000점을 넘은”.",
    "원본 000과 004, 원본 001.",
]


@pytest.mark.parametrize(("rule", "words"), BAD, ids=[f"{r}-{i}" for i, (r, _) in enumerate(BAD)])
def test_each_rule_finds_its_defect(rule: str, words: str) -> None:
    assert rule in rules_found(words), kl.findings_in(words, "screen")


@pytest.mark.parametrize("words", GOOD, ids=[f"good-{i}" for i in range(len(GOOD))])
def test_good_korean_has_no_finding(words: str) -> None:
    assert kl.findings_in(words, "screen") == []


def test_a_particle_finding_names_the_right_form() -> None:
    found = kl.check(kl.Text("p.json", 3, "10♥를 남기고\n8♠가 이깁니다.", "screen"))
    assert [str(f) for f in found] == [
        "p.json:3: particle: 10♥를 → 10♥을", "p.json:4: particle: 8♠가 → 8♠이"]


def test_the_space_before_a_bracket_only_in_texts_the_package_builds() -> None:
    assert "paren-space" in rules_found("힌트 (남의 시점)", "template")
    for kind in ("page", "prose", "markdown", "code"):  # a page's spaces may be its tags
        assert "paren-space" not in rules_found("힌트 (남의 시점)", kind)


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown kind"):
        kl.findings_in("가", "poem")


# --- (b) what is not judged ---------------------------------------------------------------------
def test_markdown_code_struck_text_and_link_targets_are_not_judged() -> None:
    md = ("`PlayTable`은 ~~당신~~이 아니라 여러분의 것입니다. ```\nx = 'BeloteOnlyTaker'\n```\n"
          "[노트북](ko/01_start_here.ipynb)을 여세요. $p_holm$ 값.")
    assert kl.findings_in(md, "markdown") == []
    assert rules_found("PlayTable은 여러분의 것입니다.", "markdown") == {"code"}


def test_an_english_note_in_a_korean_document_is_not_judged() -> None:
    md = "남쪽이 이깁니다.\n\n*Why:* the review found 당신 and 10♥를 (someone else('s)) in print."
    assert kl.findings_in(md, "markdown") == []
    assert rules_found("남쪽이 당신을 이깁니다 in print.", "markdown") == {"pronoun"}


def test_quotes_are_someone_elses_words_but_a_python_value_shows() -> None:
    assert kl.findings_in("원본 000: “1000점을 넘은 팀이 당신”", "screen") == []
    assert kl.findings_in("‘must_undertrump’는 옵션입니다.", "screen") == []
    assert rules_found("‘True’는 수가 아닙니다.", "screen") == {"code"}


def test_a_templates_fields_are_blank() -> None:
    assert kl.findings_in("{seat}는 {n}점, {card_name}을 냈습니다.", "template") == []
    assert rules_found("{seat}는 10♥를 냈습니다.", "template") == {"particle"}
    assert rules_found("{seat}는 10♥를 냈습니다.", "code") == {"particle"}


def test_docstrings_seed_quotes_and_style_sheets_of_a_module_are_skipped() -> None:
    source = '''
"""모듈 독스트링: 당신."""
def _seed(seeds, quote):
    """당신."""
QUOTE = "라운드가 끝난 뒤 1000점을 넘은 팀이"
A = _seed("000", "모든 점수 카드를 공격팀이 획득한 경우 1000점")
B = Tip("B1", quote_ko=("당신의 패",))
C = f"{x}는 {y:,}점입니다. 당신"
D = _seed("000", QUOTE)
CSS = """
.bw-root {
  /* 한국어 낱말은 낱말 사이에서 줄을 바꿉니다 */
  font-family: 'DejaVu Sans';
}
"""
'''
    texts = kl.module_texts("m.py", source)
    assert [(t.line, t.words) for t in texts] == [(8, "{}는 {}점입니다. 당신")]
    assert [f.rule for t in texts for f in kl.check(t)] == ["pronoun"]


def test_a_literal_of_several_lines_is_found_on_its_line() -> None:
    source = 'X = (\n    "첫 줄은 좋습니다. "\n    "둘째 줄의 10♥를 봅니다."\n)\n'
    [t] = kl.module_texts("m.py", source)
    assert [str(f) for f in kl.check(t)] == ["m.py:3: particle: 10♥를 → 10♥을"]


def test_html_is_read_as_a_page_shows_it() -> None:
    page = ('<div><style>.x { color: red }</style><b title="힌트(남쪽 자리)">남쪽</b>'
            "<br>&lt;점수&gt;</div>")
    assert kl.html_words(page) == "남쪽\n<점수>\n힌트(남쪽 자리)"


# --- (c) the one list ---------------------------------------------------------------------------
def test_the_do_not_use_words_are_read_from_terms_md() -> None:
    t = kl.terms()
    for word in ("테이킹", "테이커", "비딩", "비드", "공약 성공", "공약 실패",
                 "클래식 벨로트", "단추", "모의 딜", "당신", "가족별 오류율", "홈 보정",
                 "복식 비교", "스톡", "일꾼"):
        assert word in t.refused, word
    assert "트릭 테이킹" in t.allowed
    assert ("경매" not in t.refused and "공약" not in t.refused), "words of one game only"
    assert len(t.korean) >= 40  # the Korean column of both tables is linted too


def test_a_terms_file_without_the_column_is_refused(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "TERMS.md"  # type: ignore[operator]
    path.write_text("| English | Korean |\n|---|---|\n| trump | 으뜸패 |\n", encoding="utf-8")
    with pytest.raises(ValueError, match="do not use"):
        kl.terms(path)


# --- (d) the English notebooks ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("markdown", "found"),
    [
        ("[한국어](ko/01_start_here.ipynb)", []),
        ('The seed: *"공격 팀의 점수는 유보되며"* (the attack\'s points are held).', []),
        ("The seed calls it “더미” (the stock), as players say.", []),
        ("| trump | atout | 으뜸패 (기루다) |\n|---|---|---|\n| all tricks | capot | 카포 |", []),
        ("## Belote, four players · 4인 벨로트", [(1, "## Belote, four players · 4인 벨로트")]),
        ("**한 판에서 배우기** 팁을 검증합니다.", [(1, "**한 판에서 배우기** 팁을 검증합니다.")]),
        ('*"인용만 있고 번역이 없습니다"*', [(1, '*"인용만 있고 번역이 없습니다"*')]),
        ("Intro in English here.\n\n남쪽의 차례입니다.", [(3, "남쪽의 차례입니다.")]),
    ],
)
def test_korean_in_an_english_notebook(markdown: str, found: list[tuple[int, str]]) -> None:
    assert kl.korean_in_english(markdown) == found


# --- (e) the generated corpus -------------------------------------------------------------------
def test_the_generated_corpus_covers_every_kind_of_text() -> None:
    texts = kl.generated_texts()
    assert len(texts) >= 200
    where = " ".join(t.path for t in texts)
    for kind in ("results", "refusals belote", "refusals coinche", "refusals belote2",
                 "refusals callbreak", "review belote", "review callbreak", "advice coinche",
                 "page hint", "errors", "problem", "tip", "sources", "cli review", "page story",
                 "page PlayTable"):
        assert kind in where, kind
    assert all(re.search("[가-힣]", t.words) for t in texts)
    assert len({t.words for t in texts}) == len(texts)  # each line once


# --- (f) everything -----------------------------------------------------------------------------
def test_no_korean_text_has_a_finding() -> None:
    found = kl.run()
    if found:  # every finding, grouped by file, instead of a diff of two lists
        pytest.fail(kl.report(found), pytrace=False)


def test_a_generator_that_fails_is_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> Iterator[tuple[str, str]]:
        yield "results", "남쪽이 이겼습니다."
        raise KeyError("no text 'x' in the ko catalogue")

    monkeypatch.setattr(kl, "GENERATORS", (broken,))
    texts = kl._generated_texts()
    assert [t.words for t in texts] == ["남쪽이 이겼습니다."]
    assert [(f.path, f.rule) for f in kl._FAILED] == [("<generated: broken>", "generator-error")]
