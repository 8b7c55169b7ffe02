"""Write section 7 ("Sources of the rules") of docs/RULES.md and docs/RULES.ko.md from
``belote_lab/sources.py``, the one place each rule's source is kept.

Run from the checkout after changing a source: ``.venv/bin/python docs/make_sources.py``.
With ``--check`` nothing is written and the exit status is 1 when a document is out of date
(``tests/test_sources.py`` checks the same).
"""

from __future__ import annotations

import sys
from pathlib import Path

from belote_lab.sources import splice

DOCS = Path(__file__).resolve().parent
EDITIONS = {"RULES.md": "en", "RULES.ko.md": "ko"}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, language in EDITIONS.items():
        path = DOCS / name
        old = path.read_text(encoding="utf-8")
        new = splice(old, language)
        if new != old:
            stale.append(name)
            if not check:
                path.write_text(new, encoding="utf-8")
    verb = "out of date" if check else "written"
    for name in stale:
        print(f"docs/{name}: section 7 {verb}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
