"""No path of a particular machine in the repository (issue #24, item 4).

A file a clone carries must not point at one machine's folders: the checkout's parent folder of
the machine this package was written on, a user's home folder, a root or mount folder, or a
temporary folder. Tests find shared files relative to the checkout
(``Path(__file__).resolve().parents[1].parent / "shared"``) or skip and say why; docs name the
seeds by number. Paths every Unix has for everyone (``/usr/bin/chromium``, ``/proc/self``,
``/dev/null``) are not of this kind and are not flagged.

Every tracked text file (``git ls-files``) is read; the few exceptions are listed with the reason.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

MACHINE_PATH = re.compile(
    r"(?<![\w.~$%{}-])"  # not inside a longer path, a URL, ~/…, $HOME/… or {root}/…
    r"(/(?:work|tmp|root|mnt|media|home|Users)/[^\s/\"'`)\]>,;]*)"
)
"""An absolute path under a folder of one machine, to its first component (a home folder with
its user's name); a relative ``docs/tmp/x`` or a URL's ``…com/home/x`` is not one."""

TMP = "/" + "tmp"  # spelled in two parts, so that this file does not flag itself

ALLOWED = {
    ("README.md", f"{TMP}/r2d"): "a throw-away venv the reader creates to run repo2docker; any "
    "Unix has /tmp and the command makes the folder",
    ("benchmarks/screenshots.py", f"{TMP}/shots"): "an example output folder in the usage line; "
    "the script writes where --out says",
}
"""(file, path) → why it may stay."""


def machine_paths(text: str) -> list[str]:
    """The machine paths of ``text``, in order."""
    return MACHINE_PATH.findall(text)


def tracked_text_files() -> dict[str, str]:
    """Path → text of every tracked file that is UTF-8 text (binary files left out)."""
    try:
        listed = subprocess.run(
            ["git", "-C", str(ROOT), "ls-files", "-z"],
            capture_output=True, check=True, timeout=60,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        pytest.skip(f"not a git checkout, so there is no list of tracked files ({e})")
    out = {}
    for name in listed.decode("utf-8").split("\0"):
        path = ROOT / name
        if not name or not path.is_file():
            continue  # deleted in the working tree
        data = path.read_bytes()
        if b"\0" in data:
            continue
        try:
            out[name] = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return out


def test_the_rule_catches_machine_paths() -> None:
    flagged = [
        'CASES_DIR = Path("/' + 'work/shared/conformance/cases")',
        "seeds in `/" + "work/shared/seeds/`",
        "open('/" + "home/alice/belote/x.json')",
        "C:/" + "Users/bob/belote",
        '"/' + 'tmp/pytest-of-root/x"',
        "cd /" + "root/belote_lab",
    ]
    assert [machine_paths(t) for t in flagged] == [
        ["/" + "work/shared"], ["/" + "work/shared"], ["/" + "home/alice"], ["/" + "Users/bob"],
        ["/" + "tmp/pytest-of-root"], ["/" + "root/belote_lab"],
    ]


def test_the_rule_leaves_legitimate_paths_alone() -> None:
    fine = [
        'CHROMIUM = "/usr/bin/chromium"',
        'open("/proc/self/status")',
        "> /dev/null",
        "https://github.com/home/work/tmp/",
        "~/work/x and $HOME/tmp/y and ${HOME}/tmp/z",
        "docs/tmp/x, build/work/y, ../shared/seeds",
        "the work folder, /works/ and /tmpfs/",
    ]
    assert [t for t in fine if machine_paths(t)] == []


def test_no_tracked_file_names_a_path_of_one_machine() -> None:
    files = tracked_text_files()
    assert "README.md" in files and len(files) > 100
    found = [
        f"{name}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(1)}"
        for name, text in sorted(files.items())
        for m in MACHINE_PATH.finditer(text)
        if (name, m.group(1)) not in ALLOWED
    ]
    assert found == [], "paths of one machine (find the file relative to the checkout):\n" + (
        "\n".join(found)
    )


def test_every_exception_is_still_needed() -> None:
    files = tracked_text_files()
    stale = [
        f"{name}: {path}"
        for name, path in ALLOWED
        if name not in files or path not in machine_paths(files[name])
    ]
    assert stale == [], "drop these exceptions: " + ", ".join(stale)
