"""The Korean lint (issue #25, item 3): every Korean text a reader sees, checked against the
rules of docs/STYLE.ko.md with the package's own reading rules.

Run it to list every finding as ``file:line: rule: text`` (exit status 1 when there is any)::

    .venv/bin/python tests/korean_lint.py            # everything
    .venv/bin/python tests/korean_lint.py --static   # without the generated texts (faster)

``tests/test_korean_lint.py`` asserts that there is none.

**What it reads** (each a :class:`Text`: where it is, its first line, its words, its kind):

- every string literal with Hangul in ``belote_lab/`` and ``widgets/`` (via :mod:`ast`;
  docstrings and the seeds' own words, passed as a ``quote``, are skipped; ``{fields}`` of a
  template and the values of an f-string are blanked, so only what is written around them is
  judged), and the Korean strings of the JSON data there (``problems.json`` …);
- texts the engine and the widgets generate through their public API in Korean
  (:func:`generated_texts`: results, refusals of illegal cards and calls in every game,
  review lines, advice, hints, error texts, problem lessons, tips, rule sources, the CLI with
  ``--language ko``, widget screens);
- ``notebooks/ko/*.ipynb``: markdown, stored outputs (HTML without its tags) and the Korean
  comments and strings of code cells; ``docs/*.ko.md``; the Korean column of
  ``docs/TERMS.md``;
- ``notebooks/*.ipynb`` (the English edition): Korean only inside quotes (“…”, "…", *…*) with
  English words around it, in short table cells, in the ``[한국어](ko/…)`` link or in code
  strings; anything else is rule ``korean-in-english``.

**Rules** (:data:`RULES`): ``particle`` (after a number, a card, a suit or a capital letter,
judged by :func:`belote_lab.korean.particle`: ``10♣은``, ``8♠이``, ``6♠과``, ``3으로``,
``8로``), ``term`` (the "do not use" column of docs/TERMS.md), ``pronoun`` (당신),
``source-name`` (시드 000 … for a source document: 원본 000), ``fallback`` (``(를)``,
``이(가)`` …), ``code`` (class names, snake_case names, ``True``/``False``/``None``,
``'x'`` quotes, ``error:``, ``f(x)`` calls), ``thousands`` (1,000 and more without a
separator; seeds, ids and years are numbers, not counts), ``sign-space`` (``+ 10점``),
``range`` (``51.8% .. 57.5%``, ``1–7``: a range takes ``~``) and,
in the texts of a screen, ``paren-space`` (``검토 (남쪽 자리)``).

Not checked, because a machine cannot tell: seat names (``남은`` is also "remaining"), the
words that depend on the game (경매 is two-player Belote's and Coinche's, 공약 Coinche's),
the reader's address in notebooks (여러분) and the naturalness of a sentence.

Markdown: code (```` ``` ```` blocks, `` `spans` ``, ``$math$``), link targets, HTML tags,
~~struck-out~~ text (an example of what not to write) and English paragraphs (more English
words than Korean ones: a note for maintainers, which may quote the wrong words) are not
judged. Korean quotes (“…”, a user's input in ‘…’) are someone else's words and only checked
for Python values.

>>> [str(f) for f in check(Text("x.md", 1, "10♥를 내고 시드 000을 보세요.", "markdown"))]
['x.md:1: particle: 10♥를 → 10♥을', 'x.md:1: source-name: 시드 000 → 원본 000']
>>> check(Text("x.md", 1, "`PlayTable`은 ~~당신~~ 1,000판을 칩니다.", "markdown"))
[]
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import html
import io
import json
import re
import sys
import tokenize
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "tests") not in sys.path:  # run as a script: the tests' corpus builders
    sys.path.insert(0, str(ROOT / "tests"))

from belote_lab.korean import particle  # noqa: E402

TERMS = ROOT / "docs" / "TERMS.md"
HANGUL = re.compile("[가-힣]")
HANGUL_WORD = re.compile("[가-힣]+")

RULES = {
    "particle": "a particle after a number, card, suit or capital letter read as it sounds",
    "term": "a word of the 'do not use' column of docs/TERMS.md",
    "pronoun": "당신: notebooks say 여러분 (or nothing), the table no pronoun",
    "source-name": "a source document is 원본 000 (원본 문서), 시드 is the random seed",
    "fallback": "a particle fallback such as (를), 이(가): kformat chooses the particle",
    "code": "a class or snake_case name, a Python value or quote, error: or f(x) in prose",
    "thousands": "a count of 1,000 or more without a thousands separator",
    "sign-space": "a space between a sign and its number: +10점",
    "range": "a range of numbers written with – .. or …: 51.8~57.5%, 1~100,000",
    "paren-space": "a space before ( in a text of a screen: 검토(남쪽 자리)",
    "korean-in-english": "Korean in an English notebook outside a quoted word with its translation",
    "generator-error": "a generator of Korean texts failed (the package's API changed or broke)",
}
"""Every rule a finding may name, with what it means."""

KINDS = ("screen", "template", "page", "prose", "markdown", "code")
"""What a text is: ``screen`` (a text the package generates), ``template`` (a string literal
of the package: its fields are blanked), ``page`` (the words of HTML: a widget's screen, an
HTML output; its tags became spaces, so no ``paren-space``), ``prose`` (printed output of a
notebook), ``markdown`` (notebook cells and docs), ``code`` (comments and strings of a
notebook's code: no ``code`` rule)."""


@dataclass(frozen=True)
class Text:
    """One text to lint: ``path`` (a file, or ``<generated: …>``), the ``line`` its words start
    on (a notebook's as ``cell.line``), the ``words`` and their ``kind`` (:data:`KINDS`)."""

    path: str
    line: int | str
    words: str
    kind: str
    source: tuple[str, ...] = ()  # a literal's source lines, from ``line`` on


@dataclass(frozen=True)
class Finding:
    path: str
    line: int | str
    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.rule}: {self.text}"


# --- masks: what is not judged, blanked (same length, newlines kept) -----------------------------
def _blank(text: str, pattern: re.Pattern[str]) -> str:
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
_MATH = re.compile(r"\$\$.+?\$\$|(?<![\w$])\$[^$\n]+\$(?![\w$])", re.S)
_STRUCK = re.compile(r"~~.+?~~", re.S)
_LINK_TARGET = re.compile(r"(?<=\])\([^()\s]*(?:\([^()\s]*\)[^()\s]*)*\)")
_TAG = re.compile(r"<[^>\n]+>")
_FIELD = re.compile(r"\{[^{}\n]*\}")
_NOTHING = re.compile(r"(?!)")
_KO_QUOTE = re.compile(r"“[^”\n]*”|‘[^’\n]*’")


_ENGLISH_PARAGRAPH = re.compile(r"(?:^[^\n]*\S[^\n]*(?:\n|$))+", re.M)


def _is_korean(paragraph: str) -> bool:
    """Whether a paragraph is Korean text: it has no fewer Hangul words than English ones (an
    English note of a Korean document, which may quote the wrong words, is not)."""
    return len(HANGUL_WORD.findall(paragraph)) >= len(re.findall(r"[A-Za-z]{2,}", paragraph))


def _masked(words: str, kind: str) -> str:
    text = _blank(words, _FENCE if kind == "markdown" else _NOTHING)
    text = _blank(text, _CODE_SPAN)  # code font, in markdown and in texts made for it
    if kind == "markdown":
        for pattern in (_MATH, _STRUCK, _LINK_TARGET, _TAG):
            text = _blank(text, pattern)
        text = _ENGLISH_PARAGRAPH.sub(
            lambda m: m.group(0) if _is_korean(m.group(0)) else re.sub(r"[^\n]", " ", m.group(0)),
            text)
    if kind == "template":
        text = _blank(text, _FIELD)
    return text


# --- the rules -----------------------------------------------------------------------------------
_WORD_BEFORE = r"(?<![0-9A-Za-z.,_])"
_PARTICLE = re.compile(
    _WORD_BEFORE + r"(?P<word>(?:10|[2-9AKQJT])[♠♥♦♣]|[♠♥♦♣]|\d[\d,]*(?:\.\d+)?(?:%p?)?|[A-Z])"
    r"(?P<p>으로|로|이|가|을|를|은|는|과|와)"
    r"(?P<after>(?<=[과와])[의는도]|(?<=로)[는도서써의]|)(?![가-힣])"
)


def _particles(text: str) -> Iterator[tuple[int, str]]:
    for m in _PARTICLE.finditer(text):
        word, form = m.group("word"), m.group("p")
        right = particle(word, form)
        if right != form:
            yield m.start(), f"{word}{form} → {word}{right}"


@dataclass(frozen=True)
class Terms:
    """The "do not use" column of docs/TERMS.md: ``refused`` words (in backticks) and the
    ``allowed`` phrases (``✓ `…```) a refused word may stand in."""

    refused: tuple[str, ...]
    allowed: tuple[str, ...]
    korean: tuple[tuple[int, str], ...]  # (line, cell) of the Korean column


_TICKED = re.compile(r"(✓\s*)?`([^`]+)`")


@cache
def terms(path: Path = TERMS) -> Terms:
    """Read the term tables of ``path``: every table whose header has a ``Korean`` and a
    ``do not use`` column."""
    refused: list[str] = []
    allowed: list[str] = []
    korean: list[tuple[int, str]] = []
    cols: dict[str, int] | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.lstrip().startswith("|"):
            cols = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cols is None:
            cols = {c.lower(): i for i, c in enumerate(cells)}
            continue
        if set(line.replace("|", "").strip()) <= set("-: "):
            continue
        if "korean" in cols and cols["korean"] < len(cells):
            korean.append((number, cells[cols["korean"]]))
        if "do not use" in cols and cols["do not use"] < len(cells):
            for tick, word in _TICKED.findall(cells[cols["do not use"]]):
                (allowed if tick else refused).append(word.strip())
    if not refused:
        raise ValueError(f"{path}: no 'do not use' column with `words` in backticks")
    return Terms(tuple(dict.fromkeys(refused)), tuple(dict.fromkeys(allowed)), tuple(korean))


_OWN_RULE = {"당신"}  # refused by a rule of its own ("pronoun")


def _terms(text: str) -> Iterator[tuple[int, str]]:
    t = terms()
    spans = [(m.start(), m.end()) for a in t.allowed for m in re.finditer(re.escape(a), text)]
    for word in t.refused:
        if word in _OWN_RULE:
            continue
        before = r"(?<!\d)" if word[:1].isdigit() else ""
        for m in re.finditer(before + re.escape(word), text):
            if not any(s <= m.start() and m.end() <= e for s, e in spans):
                yield m.start(), word


# an ASCII name is whole when no ASCII letter, digit, _ or . touches it (Hangul may: 값은)
_NAME_BEFORE = r"(?<![A-Za-z0-9_.])"
_NAME_AFTER = r"(?![A-Za-z0-9_])"
_RULE_PATTERNS: dict[str, list[tuple[re.Pattern[str], str]]] = {
    "pronoun": [(re.compile("당신"), "")],
    "source-name": [(re.compile(r"시드\s*(?=(?:000|001|003|004)(?!\d))"), "원본 ")],
    "fallback": [(re.compile(r"[을를이가은는과와]?\((?:을|를|이|가|은|는|과|와|으)\)"
                             r"(?:로|가|는|를)?|(?:을/를|를/을|이/가|가/이|은/는|는/은|과/와|와/과|으로/로)"
                             r"(?![가-힣])"), "")],
    "code": [
        (re.compile(_NAME_BEFORE + r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+" + _NAME_AFTER), ""),
        (re.compile(_NAME_BEFORE + r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+" + _NAME_AFTER), ""),
        (re.compile(r"(?<![A-Za-z0-9_'])'[A-Za-z_][A-Za-z0-9_.-]*'(?![A-Za-z0-9_'])"), ""),
        (re.compile(r"(?i)(?<![A-Za-z0-9_])error:"), ""),
        (re.compile(_NAME_BEFORE + r"[a-z_][a-z0-9_]*\.?[a-z0-9_]*\((?=[^)\n]*\))"), ""),
    ],
    "range": [(re.compile(r"(?<![\w.])[+-]?\d[\d,.]*%?p?\s*(?:–|\.\.(?!\.)|…)\s*[+-]?\d[\d,.]*"),
               "")],
    "sign-space": [(re.compile(r"(?<![0-9A-Za-z)\]]\s)(?<![0-9A-Za-z)\]])[+±−-]\s+\d[\d,.]*\s*점"),
                    "")],
}
_PY_VALUE = re.compile(_NAME_BEFORE + r"(?:True|False|None)" + _NAME_AFTER)
_PAREN_SPACE = re.compile(r"[가-힣] \((?=[^()\n]*[가-힣0-9])")
_BRANDS = {"JupyterLab", "GitHub", "JavaScript", "NumPy", "PyPI", "SciPy", "iOS", "YouTube"}

_NUMBER = re.compile(r"(?<![\d.,])(?<![A-Za-z_#])\d{4,}(?!\d)(?!,\d{3})")
_ID_BEFORE = re.compile(r"(?:시드|번호|seeds?|id|#)[^\n\d]{0,4}$", re.I)
_YEAR_AFTER = re.compile(r"\s*년|-\d\d|\.\d\d?\.")


def _thousands(text: str) -> Iterator[tuple[int, str]]:
    for m in _NUMBER.finditer(text):
        n = m.group(0)
        if n.startswith("0") or _ID_BEFORE.search(text[max(0, m.start() - 12):m.start()]):
            continue
        if len(n) == 4 and 1900 <= int(n) <= 2099 and _YEAR_AFTER.match(text, m.end()):
            continue
        yield m.start(), f"{n} → {int(n):,}"


def _around(text: str, start: int, end: int, width: int = 8) -> str:
    """What was found with a few characters around it, on one line."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    return text[max(line_start, start - width):min(line_end, end + width)].strip()


def _rules_for(kind: str) -> tuple[str, ...]:
    rules = ["particle", "term", "pronoun", "source-name", "fallback", "thousands", "sign-space",
             "range"]
    if kind != "code":
        rules.append("code")
    if kind in ("screen", "template"):  # a page's spaces may be its tags
        rules.append("paren-space")
    return tuple(rules)


def _find(rule: str, text: str) -> Iterator[tuple[int, str]]:
    if rule == "particle":
        yield from _particles(text)
    elif rule == "term":
        yield from _terms(text)
    elif rule == "thousands":
        yield from _thousands(text)
    elif rule == "paren-space":
        for m in _PAREN_SPACE.finditer(text):
            yield m.start(), _around(text, m.start(), m.end())
    else:
        for pattern, to in _RULE_PATTERNS[rule]:
            for m in pattern.finditer(text):
                found = m.group(0)
                if rule == "code" and found in _BRANDS:
                    continue
                if rule == "source-name":
                    number = text[m.end():m.end() + 3]
                    yield m.start(), f"{found}{number} → {to}{number}"
                else:
                    yield m.start(), found


def findings_in(words: str, kind: str) -> list[tuple[int, str, str]]:
    """(offset, rule, what) of every finding in ``words`` of ``kind`` (:data:`KINDS`)."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; choose one of {KINDS}")
    text = _masked(words, kind)
    unquoted = _blank(text, _KO_QUOTE)
    out: list[tuple[int, str, str]] = []
    for rule in _rules_for(kind):
        out += [(at, rule, what) for at, what in _find(rule, unquoted)]
    if kind != "code":  # a Python value is one even inside quotes (‘True’)
        out += [(m.start(), "code", m.group(0)) for m in _PY_VALUE.finditer(text)]
    return sorted(set(out))


def _line_of(t: Text, offset: int) -> int | str:
    if t.source and isinstance(t.line, int):  # the source line of a literal that holds it
        for size in (12, 6, 3):
            piece = t.words[offset:offset + size].split("\n")[0]
            hits = [k for k, src in enumerate(t.source) if piece and piece in src]
            if len(hits) == 1 or (hits and size == 3):
                return t.line + hits[0]
        return t.line
    extra = t.words.count("\n", 0, offset)
    if isinstance(t.line, int):
        return t.line + extra
    if extra and "." in t.line:  # a notebook's cell.line
        cell, line = t.line.rsplit(".", 1)
        return f"{cell}.{int(line) + extra}"
    return t.line


def check(t: Text) -> list[Finding]:
    """The findings of one text."""
    return [Finding(t.path, _line_of(t, at), rule, what)
            for at, rule, what in findings_in(t.words, t.kind)]


# --- the package's string literals ---------------------------------------------------------------
def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _quote_params(tree: ast.Module) -> dict[str, set[int | str]]:
    """For each function or dataclass of a module, the positions and names of its parameters
    that hold the seeds' own words (named ``quote…``)."""
    out: dict[str, set[int | str]] = {}
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
        elif isinstance(node, ast.ClassDef):
            names = [s.target.id for s in node.body
                     if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
        keys: set[int | str] = {n for n in names if n.startswith("quote")}
        keys |= {i for i, n in enumerate(names) if n.startswith("quote")}
        if keys:
            out[node.name] = keys
    return out


def _strings_in(node: ast.AST) -> Iterator[ast.AST]:
    for sub in ast.walk(node):
        if isinstance(sub, (ast.Constant, ast.JoinedStr)):
            yield sub


def _skipped(tree: ast.Module) -> set[int]:
    """The ids of the nodes not linted: docstrings, and the seeds' words (arguments bound to a
    ``quote…`` parameter, and the constants assigned to names passed there)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
    params = _quote_params(tree)
    quoted_names: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        keys = params.get(name or "", set())
        args = [a for i, a in enumerate(node.args) if i in keys]
        args += [k.value for k in node.keywords if k.arg and k.arg.startswith("quote")]
        for arg in args:
            skip.update(id(s) for s in _strings_in(arg))
            quoted_names.update(n.id for n in ast.walk(arg) if isinstance(n, ast.Name))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id in quoted_names for t in node.targets
        ):
            skip.update(id(s) for s in _strings_in(node.value))
    return skip


_CSS = re.compile(r"^\s*[.#@:\w-][^\n{}]*\{\s*\n[^{}]*;\s*\n", re.M)
"""A style sheet (its comments may be Korean; they are not on a screen)."""


def _template(node: ast.AST) -> str:
    """A literal's words: an f-string's values as blank ``{}`` fields."""
    if isinstance(node, ast.Constant):
        return str(node.value)
    assert isinstance(node, ast.JoinedStr)
    return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values
                   if isinstance(v, (ast.Constant, ast.FormattedValue)))


def literal_texts(dirs: Iterable[str] = ("belote_lab", "widgets")) -> list[Text]:
    """Every string literal with Hangul in the package's modules (see :func:`module_texts`)."""
    out: list[Text] = []
    for d in dirs:
        for path in sorted((ROOT / d).rglob("*.py")):
            out += module_texts(_rel(path), path.read_text(encoding="utf-8"))
    return out


def module_texts(path: str, source: str) -> list[Text]:
    r"""The string literals with Hangul of one module's ``source``, as templates: not its
    docstrings, the seeds' words (see :func:`_skipped`) or a style sheet.

    >>> src = 'def f(quote):\n    "독스트링"\nf("시드의 말")\nX = "남쪽이 {n}점을 땄습니다."\n'
    >>> [(t.line, t.words) for t in module_texts("m.py", src)]
    [(4, '남쪽이 {n}점을 땄습니다.')]
    """
    tree = ast.parse(source)
    skip = _skipped(tree)
    lines = source.splitlines()
    inner = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)
             for v in ast.walk(n) if v is not n}
    out: list[Text] = []
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inner:
            continue
        if isinstance(node, ast.JoinedStr) or (
            isinstance(node, ast.Constant) and isinstance(node.value, str)
        ):
            words = _template(node)
            if HANGUL.search(words) and not _CSS.search(words):
                first = getattr(node, "lineno", 1)
                last = getattr(node, "end_lineno", first) or first
                out.append(Text(path, first, words, "template", tuple(lines[first - 1:last])))
    return sorted(out, key=lambda t: t.line if isinstance(t.line, int) else 0)


def _json_strings(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _json_strings(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _json_strings(v, f"{path}[{i}]")


def data_texts(dirs: Iterable[str] = ("belote_lab", "widgets")) -> list[Text]:
    """The Korean strings of the JSON data in the package (problems.json, the catalogue of
    words …), as templates: their ``{fields}`` are blanked."""
    out = []
    for d in dirs:
        for path in sorted((ROOT / d).rglob("*.json")):
            raw = path.read_text(encoding="utf-8")
            if not HANGUL.search(raw):
                continue
            lines = raw.splitlines()
            for _, words in _json_strings(json.loads(raw)):
                if not HANGUL.search(words):
                    continue
                head = json.dumps(words[:20], ensure_ascii=False)[1:-1]
                line = next((i for i, x in enumerate(lines, 1) if head in x), 1)
                out.append(Text(_rel(path), line, words, "template"))
    return out


# --- docs and notebooks --------------------------------------------------------------------------
def doc_texts() -> list[Text]:
    """docs/*.ko.md as markdown, and the Korean column of docs/TERMS.md."""
    out = [Text(_rel(p), 1, p.read_text(encoding="utf-8"), "markdown")
           for p in sorted((ROOT / "docs").glob("*.ko.md"))]
    out += [Text(_rel(TERMS), line, cell, "markdown") for line, cell in terms().korean]
    return out


_STYLE = re.compile(r"<style.*?</style>|<script.*?</script>", re.S | re.I)
_TIP_ATTR = re.compile(r'\b(?:title|aria-label|alt)="([^"]*)"')


def html_words(markup: str) -> str:
    """What a page shows of ``markup``: its text (one line a block) and its tooltips."""
    markup = _STYLE.sub("", markup)
    tips = _TIP_ATTR.findall(markup)
    markup = re.sub(r"<(?:br|/p|/div|/tr|/li|/h\d)\b[^>]*>", "\n", markup, flags=re.I)
    text = re.sub(r"<[^>]+>", " ", markup)
    lines = [re.sub(r"[ \t]+", " ", x).strip() for x in html.unescape(text).splitlines()]
    return "\n".join([*(x for x in lines if x), *(html.unescape(t) for t in tips)])


def _source(cell: dict[str, Any]) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else str(s)


_WORD_TOKENS = {tokenize.COMMENT, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1)}


def _code_words(source: str) -> list[tuple[int, str]]:
    """(line, words) of the comments and the string literals with Hangul in a code cell."""
    out: list[tuple[int, str]] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in _WORD_TOKENS and HANGUL.search(tok.string):
                out.append((tok.start[0], tok.string))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        out = [(i, x[x.index("#"):]) for i, x in enumerate(source.splitlines(), 1)
               if "#" in x and HANGUL.search(x[x.index("#"):])]
    return out


def notebook_texts(folder: Path = ROOT / "notebooks" / "ko") -> list[Text]:
    """The Korean notebooks: markdown, stored outputs, comments and strings of code."""
    out: list[Text] = []
    for path in sorted(folder.glob("*.ipynb")):
        rel = _rel(path)
        nb = json.loads(path.read_text(encoding="utf-8"))
        for c, cell in enumerate(nb.get("cells", [])):
            src = _source(cell)
            if cell.get("cell_type") == "markdown":
                out.append(Text(rel, f"{c}.1", src, "markdown"))
                continue
            if cell.get("cell_type") != "code":
                continue
            out += [Text(rel, f"{c}.{line}", _blank(words, _FIELD), "code")
                    for line, words in _code_words(src)]
            for o, output in enumerate(cell.get("outputs", [])):
                out += _output_texts(rel, c, o, output)
    return out


def _output_texts(rel: str, c: int, o: int, output: dict[str, Any]) -> list[Text]:
    where = f"{c}.out{o}.1"
    if output.get("output_type") == "stream":
        return [Text(rel, where, _joined(output.get("text", "")), "prose")]
    data = output.get("data", {})
    if "text/html" in data:
        return [Text(rel, where, html_words(_joined(data["text/html"])), "page")]
    if "text/markdown" in data:
        return [Text(rel, where, _joined(data["text/markdown"]), "markdown")]
    if "text/plain" in data and not any(k.startswith("image/") for k in data):
        return [Text(rel, where, _joined(data["text/plain"]), "code")]
    return []


def _joined(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


# --- the English notebooks: no Korean paragraphs ------------------------------------------------
_QUOTED_KO = re.compile(r"“[^”]*”|\"[^\"]*\"|(?<![*\w])\*(?![*\s])[^*]+?(?<![*\s])\*(?![*\w])")
_KO_LINK = re.compile(r"\[한국어\]\(ko/[^)\s]*\)")
_ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def english_notebook_findings(folder: Path = ROOT / "notebooks") -> list[Finding]:
    """Korean in the English notebooks outside what rule ``korean-in-english`` allows."""
    out: list[Finding] = []
    for path in sorted(folder.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for c, cell in enumerate(nb.get("cells", [])):
            src = _source(cell)
            if cell.get("cell_type") == "markdown":
                out += [Finding(_rel(path), f"{c}.{line}", "korean-in-english", what)
                        for line, what in korean_in_english(src)]
            elif cell.get("cell_type") == "code":
                out += [Finding(_rel(path), f"{c}.{line}", "korean-in-english", words.strip())
                        for line, words in _code_words(src) if words.startswith("#")]
    return out


def korean_in_english(markdown: str) -> list[tuple[int, str]]:
    """(line, words) of the Korean of an English markdown cell that is not a quoted word or
    phrase with English around it (in its paragraph), a short cell of a table (a glossary:
    its translation is in the row) or the link to the Korean edition.

    >>> korean_in_english('The seed says *"공격 팀"* (the attack).')
    []
    >>> korean_in_english("당신은 남입니다.")
    [(1, '당신은 남입니다.')]
    """
    out: list[tuple[int, str]] = []
    text = markdown
    for pattern in (_FENCE, _CODE_SPAN, _KO_LINK):
        text = _blank(text, pattern)
    line = 1
    for para in re.split(r"(\n\s*\n)", text):
        if not para.strip():
            line += para.count("\n")
            continue
        bare = _blank(para, _QUOTED_KO)
        if len(_ENGLISH_WORD.findall(bare)) < 3:  # no translation around: the quotes count
            bare = para
        for k, row in enumerate(bare.split("\n")):
            if row.lstrip().startswith("|"):
                cells = row.strip().strip("|").split("|")
                glossary = any(_ENGLISH_WORD.search(x) for x in cells)
                row = " ".join(x for x in cells
                               if not (glossary and len(HANGUL_WORD.findall(x)) <= 6))
            if HANGUL.search(row):
                out.append((line + k, markdown.split("\n")[line + k - 1].strip()[:120]))
        line += para.count("\n")
    return out


# --- the generated texts -------------------------------------------------------------------------
GENERATOR_ERROR = "generator-error"
_FAILED: list[Finding] = []  # the generators that failed in the last run


@cache
def _generated_once() -> tuple[Text, ...]:
    return tuple(_generated_texts())


def generated_texts() -> list[Text]:
    """Korean texts the package generates (made once a process; see :func:`_generated`)."""
    return list(_generated_once())


def _generated_texts() -> list[Text]:
    """Korean texts the package generates, made through its public API (seeded, so the same
    every run): one :class:`Text` a line, the same line once.  What comes from HTML (a
    widget's screen, a hint, a story) is named ``page …`` and linted as a ``page``."""
    out: list[Text] = []
    seen: set[str] = set()
    _FAILED.clear()
    for where, words in _generated():
        for line in str(words).splitlines():
            line = line.strip()
            if where.startswith(GENERATOR_ERROR) and line:
                _FAILED.append(Finding(f"<generated: {where.split()[1]}>", 0,
                                       "generator-error", line))
            elif line and HANGUL.search(line) and line not in seen:
                seen.add(line)
                kind = "page" if where.startswith("page ") else "screen"
                out.append(Text(f"<generated: {where}>", len(out) + 1, line, kind))
    return out


GENERATORS: tuple[Callable[[], Iterator[tuple[str, str]]], ...] = ()  # set below


def _generated() -> Iterator[tuple[str, str]]:
    """(where, words) of every generator; one that fails gives its error as words of its own
    (``generator-error``), so the other texts are still linted and the run still fails."""
    for make in GENERATORS:
        try:
            yield from make()
        except Exception as e:
            yield f"{GENERATOR_ERROR} {make.__name__}", f"{type(e).__name__}: {e}"


def _from_test_korean() -> Iterator[tuple[str, str]]:
    import test_korean as tk

    yield from (("reasons", w) for w in tk.reason_texts())
    yield from (("refusals", w) for w in tk.refusal_texts())
    yield from (("results", w) for w in tk.result_texts())
    yield from ((f"page {where}", w) for where, w in tk.korean_screens())


GAMES = ("belote", "coinche", "belote2", "callbreak")
_CALLS = ("pass", "take", "S", "H", "D", "C", "NT", "AT", "coinche", "surcoinche", "80H",
          "90S", "100D", "160C", "250C", "capotS", "generaleH", 1, 4, 8, 13)


def _illegal_moves() -> Iterator[tuple[str, str]]:
    """Every game played with random legal moves: the Korean refusal of each illegal call
    and card on the way."""
    import random

    from belote_lab.simulation.selfplay import hand_class

    for game in GAMES:
        for seed in range(3):
            h = hand_class(game)(seed=seed)
            rng = random.Random(seed)
            while h.phase in ("bidding", "play"):
                if h.phase == "bidding":
                    for call in _CALLS:
                        words = h.why_not_call(call, None, "ko")
                        if words:
                            yield f"refusals {game}", words
                    h.call(rng.choice(h.legal_calls()))
                else:
                    legal = set(h.legal_cards())
                    for card in h.hand(h.to_play):
                        if card not in legal:
                            reason = h.why_not(card, None, "ko")
                            words = reason if isinstance(reason, str) else reason.text("ko")
                            yield f"refusals {game}", words
                    h.play(rng.choice(sorted(legal)))


def _errors() -> Iterator[tuple[str, str]]:
    import test_korean_errors as tke

    from belote_lab.play.record_io import RecordError

    for name, kind, base, change in tke.CORPUS:
        rec = base()
        change(rec)
        try:
            tke._read(kind)(rec)
        except RecordError as e:
            yield f"errors {name}", e.text("ko")


def _played(game: str, seed: int) -> Any:
    from belote_lab.simulation.selfplay import play_hand

    players = ",".join(["2"] * (2 if game == "belote2" else 4))
    return play_hand(game, players, seed=seed, dealer="S")


def _reviews() -> Iterator[tuple[str, str]]:
    from belote_lab.coaching.review import review

    for game in GAMES:
        h = _played(game, 4)
        seat = "S"
        r = review(h, seat, node_limit=20_000 if game == "callbreak" else None,
                   hint_samples=4, hint_budget=0.2, call_samples=4, call_budget=0.2)
        yield f"review {game}", r.text("ko", n=4)
        yield f"review {game}", review(h, node_limit=20_000, hints=False).text("ko")


def _advice() -> Iterator[tuple[str, str]]:
    from belote_lab.coaching.advice import advise
    from belote_lab.simulation.selfplay import hand_class

    for game in GAMES:
        h = hand_class(game)(seed=5)
        a = advise(h, samples=6, time_budget=0.3, seed=1)
        yield f"advice {game}", a.text("ko")
        yield f"page advice {game}", html_words(a.html("ko"))


def _hints() -> Iterator[tuple[str, str]]:
    import belote_widgets as bw

    for game in GAMES:
        seat = "N" if game == "belote2" else "S"
        t = bw.PlayTable(game, level=1, seat=seat, seed=3, language="ko", hint_samples=4,
                         hint_budget=0.3)
        for _ in range(3):
            if t.hand.is_over:
                break
            if t.is_learner_turn:
                t.show_hint()
                yield f"page hint {game}", html_words(t.hint_html.value)
                h = t.hand
                if h.phase == "bidding":
                    t.call_buttons[next(iter(t.call_buttons))].click()
                else:
                    t.cards.click(sorted(h.legal_cards())[0])
            else:
                break


def _problems() -> Iterator[tuple[str, str]]:
    import belote_widgets as bw

    from belote_lab.coaching.problems import problems

    for p in problems():
        yield f"problem {p.id}", p.title["ko"]
        yield f"problem {p.id}", p.lesson["ko"]
        yield f"problem {p.id}", p.question("ko")
    w = bw.Problem(problems()[0].id, language="ko") if _accepts_language(bw.Problem) else None
    if w is not None:
        w.show_answer()
        yield "page problem widget", html_words(w.feedback_html.value)


def _accepts_language(cls: Any) -> bool:
    import inspect

    return "language" in inspect.signature(cls).parameters


def _tips() -> Iterator[tuple[str, str]]:
    from belote_lab.studies import tipstudy

    for t in tipstudy.TIPS:
        for method in ("paraphrase", "how", "design", "method", "unit"):
            with contextlib.suppress(Exception):
                yield f"tip {t.id}", getattr(t, method)("ko")
        if not t.tested:
            yield f"tip {t.id}", t.why_not("ko")
    study = tipstudy.load()
    yield "tip study", study.text("ko")
    for row in study.table("ko"):
        yield "tip study table", " ".join(str(v) for k, v in row.items() if isinstance(v, str)
                                          and k not in ("id",))


def _sources() -> Iterator[tuple[str, str]]:
    from belote_lab import sources

    for rule in sources.FIXED_RULES.values():
        yield "sources", rule.text("ko")
        yield "sources", rule.source.text("ko")
    for (_, _), opts in sources.OPTION_SOURCES.items():
        for value in getattr(opts, "values", {}) or {}:
            with contextlib.suppress(Exception):
                yield "sources", opts.of(value).text("ko")


def _cli() -> Iterator[tuple[str, str]]:
    import tempfile

    from belote_lab.cli.main import main

    h = _played("belote", 6)
    with tempfile.TemporaryDirectory() as tmp:
        good = Path(tmp) / "hand.json"
        good.write_text(json.dumps(h.to_json()), encoding="utf-8")
        empty = Path(tmp) / "empty.json"
        empty.write_text("", encoding="utf-8")
        bad = Path(tmp) / "bad.json"
        bad.write_text("{", encoding="utf-8")
        for args in ([str(good), "--no-hints", "--no-calls"], [str(good), "--hand", "3"],
                     [str(empty)], [str(bad)], [str(Path(tmp) / "missing.json")]):
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                    contextlib.suppress(SystemExit):
                main(["review", *args, "--language", "ko"])
            yield "cli review --language ko", out.getvalue() + "\n" + err.getvalue()


def _stories() -> Iterator[tuple[str, str]]:
    import belote_widgets as bw

    for game in GAMES:
        yield f"page story {game}", html_words(bw.DealStory(_played(game, 7), language="ko")
                                          ._repr_html_())


# --- everything ----------------------------------------------------------------------------------
def static_texts() -> list[Text]:
    """Every text but the generated ones."""
    return [*literal_texts(), *data_texts(), *doc_texts(), *notebook_texts()]


GENERATORS = (_from_test_korean, _illegal_moves, _errors, _reviews, _advice, _hints, _problems,
              _tips, _sources, _cli, _stories)


def run(generated: bool = True) -> list[Finding]:
    """Every finding, in the order of the files (a generator that failed is one too)."""
    texts = static_texts() + (generated_texts() if generated else [])
    found = [f for t in texts for f in check(t)] + english_notebook_findings()
    found += list(_FAILED) if generated else []
    return list(dict.fromkeys(found))


def by_file(found: Iterable[Finding]) -> dict[str, list[Finding]]:
    out: dict[str, list[Finding]] = {}
    for f in found:
        out.setdefault(f.path, []).append(f)
    return out


def report(found: list[Finding]) -> str:
    """The findings grouped by file, each file with its count."""
    groups = by_file(found)
    lines = [f"{len(found)} findings", *(f"{len(fs):5d}  {path}" for path, fs in groups.items())]
    for path, fs in groups.items():
        lines += ["", f"== {path} ({len(fs)})", *(str(f) for f in fs)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--static", action="store_true", help="not the generated texts")
    parser.add_argument("--out", help="also write the findings grouped by file to this file")
    args = parser.parse_args(argv)
    found = run(generated=not args.static)
    for f in found:
        print(f)
    print(f"{len(found)} findings", file=sys.stderr)
    if args.out:
        Path(args.out).write_text(report(found) + "\n", encoding="utf-8")
    return 1 if found else 0


Checker = Callable[[Text], list[Finding]]

if __name__ == "__main__":
    sys.exit(main())
