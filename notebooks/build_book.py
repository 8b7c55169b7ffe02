"""Build the static book: every notebook of this folder as an HTML page with its stored outputs.

    .venv/bin/python notebooks/build_book.py                  # into build/book/
    .venv/bin/python notebooks/build_book.py --out DIR        # into DIR
    .venv/bin/python notebooks/build_book.py --src DIR        # the notebooks of DIR (a copy)
    make book                                                 # the same as the first line

Every ``*.ipynb`` of the folder but ``table_demo.ipynb`` (the browser tests' page) becomes
``<name>.html`` (nbconvert, JupyterLab's look, nothing re-executed), and ``index.html`` lists
them in order with their titles (each notebook's first heading).  Korean notebooks in ``ko/``,
when there are any, become ``ko/<name>.html`` and a second list.

The outputs shown are the ones stored by ``notebooks/run_all.py``: a widget shows the static
snapshot stored next to its view (``belote_widgets.snapshot``: cards and tables as drawn when the
notebook ran), since a page without a kernel cannot draw the live widget.  The pages load
nothing from the network (no CDN script: the notebooks have no formulas for MathJax), so the
folder can be copied, zipped or served as it is.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "build" / "book"
EXCLUDED = ("table_demo.ipynb",)
LANGUAGES = (("", "en", "English"), ("ko", "ko", "한국어"))  # (subfolder, lang, heading)
_EXTERNAL_SCRIPT = re.compile(r'<script src="https?://[^"]*">\s*</script>\s*')

INDEX_CSS = """
body { font-family: 'DejaVu Sans', 'Noto Sans', 'Noto Sans CJK KR', sans-serif; margin: 2em auto;
       max-width: 50em; padding: 0 1em; color: #111; line-height: 1.5; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 1.5em; }
li { margin: 0.3em 0; } .bw-file { color: #555; font-size: 0.9em; }
"""


@dataclass(frozen=True)
class Page:
    """One notebook of the book: where it is, where its page goes, its title."""

    source: Path
    href: str  # the page's address relative to the book's folder
    title: str


def title_of(nb: nbformat.NotebookNode, default: str) -> str:
    """The first markdown heading of ``nb`` as plain text (``default`` when there is none).

    >>> cell = nbformat.v4.new_markdown_cell("Intro\\n## *Start* `belote_lab` _here_ #")
    >>> title_of(nbformat.v4.new_notebook(cells=[cell]), "x")
    'Start belote_lab here'
    >>> title_of(nbformat.v4.new_notebook(), "x")
    'x'
    """
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        for line in cell.source.splitlines():
            m = re.match(r"\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                words = re.sub(r"(?<!\w)_(\S.*?)_(?!\w)", r"\1", m.group(1))
                return re.sub(r"[*`]", "", words).strip() or default
    return default


def pages(src: Path = HERE) -> list[Page]:
    """The notebooks of ``src`` (then of ``src/ko``) in name order, ``table_demo`` left out."""
    found = []
    for sub, _lang, _heading in LANGUAGES:
        folder = src / sub if sub else src
        for path in sorted(folder.glob("*.ipynb")):
            if path.name in EXCLUDED:
                continue
            nb = nbformat.read(path, as_version=4)
            href = f"{sub}/{path.stem}.html" if sub else f"{path.stem}.html"
            found.append(Page(path, href, title_of(nb, path.stem)))
    return found


def convert(exporter: HTMLExporter, page: Page, out: Path) -> Path:
    """Write ``page``'s HTML (stored outputs; no widget state, no CDN script) under ``out``."""
    nb = nbformat.read(page.source, as_version=4)
    nb.metadata.pop("widgets", None)  # no live widgets here: the stored snapshots show
    body, _resources = exporter.from_notebook_node(nb, resources={"metadata": {"name": page.title}})
    body = _EXTERNAL_SCRIPT.sub("", body)
    up = "../" * page.href.count("/")
    nav = (f'<nav class="bw-book-nav" style="padding: 4px 16px; font-family: sans-serif">'
           f'<a href="{up}index.html">← {html.escape(index_title())}</a></nav>')
    body = re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + nav, body, count=1)
    target = out / page.href
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(body, encoding="utf-8")
    return target


def index_title() -> str:
    """The book's title (on the index and in each page's link back to it)."""
    return "belote_lab — the notebooks"


def index_html(book: list[Page]) -> str:
    """The index page: one ordered list of links per language that has notebooks.

    >>> html_text = index_html([Page(Path("a.ipynb"), "a.html", "Cards & points")])
    >>> '<a href="a.html">Cards &amp; points</a>' in html_text, "<h2>" in html_text
    (True, False)
    >>> "<h2>한국어</h2>" in index_html([Page(Path("a.ipynb"), "a.html", "A"),
    ...                                 Page(Path("ko/a.ipynb"), "ko/a.html", "가")])
    True
    """
    sections = []
    for sub, lang, heading in LANGUAGES:
        mine = [p for p in book if (p.href.split("/")[0] if "/" in p.href else "") == sub]
        if not mine:
            continue
        items = "".join(
            f'<li><a href="{html.escape(p.href)}">{html.escape(p.title)}</a> '
            f'<span class="bw-file">{html.escape(p.source.name)}</span></li>'
            for p in mine
        )
        sections.append((lang, heading, items))
    many = len(sections) > 1  # a heading per language once there is a second one
    lists = "".join(
        f'<section lang="{lang}">{f"<h2>{heading}</h2>" if many else ""}<ol>{items}</ol></section>'
        for lang, heading, items in sections
    )
    title = html.escape(index_title())
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{INDEX_CSS}</style></head><body>"
        f"<h1>{title}</h1><p>Each page shows a notebook with the outputs stored when it last "
        f"ran; open the notebooks in JupyterLab to play with the widgets.</p>"
        f'<p lang="ko">각 페이지는 노트북을 마지막으로 실행했을 때의 출력과 함께 보여 줍니다. '
        f"위젯을 직접 써 보려면 JupyterLab에서 노트북을 여세요.</p>"
        f"{lists}</body></html>\n"
    )


def _as_written(element: str | bytes) -> str:
    """HTML kept as it is (see :func:`build`)."""
    return element.decode() if isinstance(element, bytes) else str(element)


def build(src: Path = HERE, out: Path = OUT, quiet: bool = False) -> list[Path]:
    """Convert every notebook of ``src`` into ``out`` and write ``out/index.html``; return
    the files written (the index last)."""
    book = pages(src)
    exporter = HTMLExporter(template_name="lab")
    # The lab template runs each code cell's highlighted source through bleach (clean_html),
    # a third of the build's time: Pygments has escaped the source already, and markdown and
    # outputs are not cleaned anyway (sanitize_html is off: the notebooks are the package's).
    exporter.register_filter("clean_html", _as_written)
    written = []
    for page in book:
        t0 = time.perf_counter()
        written.append(convert(exporter, page, out))
        if not quiet:
            print(f"{page.href:44} {time.perf_counter() - t0:5.1f} s  {page.title}", flush=True)
    out.mkdir(parents=True, exist_ok=True)
    index = out / "index.html"
    index.write_text(index_html(book), encoding="utf-8")
    written.append(index)
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=HERE, help="the notebooks' folder")
    parser.add_argument("--out", type=Path, default=OUT, help="the book's folder")
    args = parser.parse_args(argv)
    written = build(args.src, args.out)
    print(f"{len(written) - 1} pages and {written[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
