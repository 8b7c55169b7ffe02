"""The installed wheel works (issue 30, item 6).

The wheel of this checkout is built without network (``pip wheel --no-deps
--no-build-isolation --no-index`` on a copy of the sources, so that the build's ``build/`` and
``*.egg-info`` stay out of the checkout; setuptools 70.1 or later, from the ``test`` extra,
writes the wheel) and installed into a fresh venv made in a temporary folder.  That venv finds
the dependencies (numpy, pandas, …) in the running environment's site-packages through a
``.pth`` file written *after* the install, and finds belote_lab in its own site-packages
first: the test asserts that ``belote_lab`` is imported from the fresh venv, not from the
checkout (which the running environment holds as an editable install, whose hook a ``.pth``
path does not run).

Then, from a temporary working folder, with ``HOME`` and ``XDG_DATA_HOME`` in the temporary
folder: ``belote-lab --help``, a small ``simulate`` (``--out`` a file of the working folder), a
``selfplay`` hand and its ``review``, a small ``study`` (no ``--out``: the user's data folder)
and ``tips`` on one row (no ``--out``: the user's data folder, begun from the table shipped in
the wheel, so no chunk is played).  Each must exit 0 and print what it should; afterwards the
fresh venv (the installation) holds the same files as before (``__pycache__`` aside: Python's
bytecode), the data folder and the working folder hold exactly the files asked for, and the
checkout holds none of them.  ``BELOTE_LAB_NO_JIT=1`` (the package's documented switch) plays
the compiled kernels as plain Python: numba would otherwise compile the freshly installed
kernels, about 40 s on a shared machine, testing numba rather than the installation.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("belote_lab/studies/data/tip_study.json", "belote_lab/studies/data/taking_study.json",
           "belote_lab/players/data/calibration.json")
OUTPUTS = ("sim.npz", "hand.jsonl", "tip_study.json", "study.json")
"""The names of the files the commands write (and ``chunk-…`` files), looked for in the
checkout afterwards."""


@dataclass(frozen=True)
class Installed:
    wheel: Path
    venv: Path
    site: Path  # the fresh venv's site-packages
    home: Path
    xdg: Path
    work: Path  # the working folder the commands run in

    def env(self) -> dict[str, str]:
        """The environment of the commands: nothing of this session's Python or data folder."""
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("PYTHON", "BELOTE_LAB", "XDG_", "VIRTUAL_ENV"))}
        env.update(HOME=str(self.home), XDG_DATA_HOME=str(self.xdg), BELOTE_LAB_NO_JIT="1",
                   MPLBACKEND="Agg", PATH=f"{self.venv / 'bin'}{os.pathsep}{env.get('PATH', '')}")
        return env

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        """``belote-lab ARGS`` (or ``python ARGS`` when the first is ``python``) of the
        fresh venv, in the working folder; its exit status must be 0."""
        exe = self.venv / "bin" / ("python" if args[0] == "python" else "belote-lab")
        argv = [str(exe), *(args[1:] if args[0] == "python" else args)]
        done = subprocess.run(argv, cwd=self.work, env=self.env(), capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, f"{' '.join(args)} exited {done.returncode}:\n{done.stderr}"
        return done


def copy_sources(dest: Path) -> Path:
    """What the wheel is built from, copied from the checkout (caches left out)."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    dest.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(ROOT / "belote_lab", dest / "belote_lab", ignore=skip)
    shutil.copytree(ROOT / "widgets" / "belote_widgets", dest / "widgets" / "belote_widgets",
                    ignore=skip)
    return dest


def pip(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, (
        f"pip {' '.join(args)} failed (the test extra brings setuptools>=70.1, which builds "
        f"the wheel offline):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


def build_and_install(tmp: Path) -> Installed:
    src = copy_sources(tmp / "src")
    pip("wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(tmp / "dist"),
        str(src))
    (wheel,) = (tmp / "dist").glob("belote_lab-*.whl")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    # pip of this environment installs into the fresh venv's interpreter, which sees nothing
    # else yet: no belote_lab "already installed" to skip
    pip("--python", str(venv / "bin" / "python"), "install", "--no-deps", "--no-index",
        "--no-compile", str(wheel))
    (packages,) = (venv / "lib").glob("python*/site-packages")
    ours = {sysconfig.get_paths()[k] for k in ("purelib", "platlib")} | set(site.getsitepackages())
    (packages / "_belote_lab_test_deps.pth").write_text("\n".join(sorted(ours)) + "\n")
    for name in ("home", "xdg", "work"):
        (tmp / name).mkdir()
    return Installed(wheel, venv, packages, tmp / "home", tmp / "xdg", tmp / "work")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    return build_and_install(tmp_path_factory.mktemp("wheel"))


def files(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` (``__pycache__`` aside) with its size and modification time."""
    return {p.relative_to(folder).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.relative_to(folder).parts}


def test_the_wheel_holds_the_shipped_tables(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as z:
        names = set(z.namelist())
        for name in SHIPPED:
            assert z.read(name) == (ROOT / name).read_bytes(), name
    assert {"belote_lab/coaching/problems.json", "belote_lab/words/ko/cli.json",
            "belote_widgets/__init__.py"} <= names
    assert not any(n.startswith(("notebooks/", "tests/")) for n in names)


def test_the_fresh_venv_imports_the_wheel(installed: Installed) -> None:
    code = ("import json, belote_lab, belote_widgets\n"
            "from belote_lab.studies import taking_study, tipstudy\n"
            "from belote_lab.players import inference\n"
            "rows = [r.n for r in tipstudy.load().rows if r.tip.tested]\n"
            "print(json.dumps([belote_lab.__file__, belote_widgets.__file__, str("
            "tipstudy.STORED_PATH), str(inference.CALIBRATION_PATH), min(rows), "
            "sorted(taking_study.load().runs), sorted(inference.load_calibration())]))")
    package, widgets, stored, calibration, fewest, runs, games = json.loads(
        installed.run("python", "-c", code).stdout)
    for path in (package, widgets, stored, calibration):
        assert Path(path).is_relative_to(installed.site), path
    assert fewest >= 50 and len(runs) == 5
    assert set(games) >= {"belote", "coinche", "callbreak"}


def test_the_commands_write_where_they_are_told(installed: Installed) -> None:
    t0 = time.time()
    before = files(installed.venv)
    shipped = {name: (ROOT / name).read_bytes() for name in SHIPPED}
    usage = installed.run("--help").stdout
    assert all(f"{c}," in usage or f"{c}}}" in usage for c in ("simulate", "review", "study"))
    sim = installed.run("simulate", "--hands", "20", "--seed", "1", "--quiet", "--out", "sim")
    assert sim.stdout.startswith("belote: 20 hands") and "sim.npz" in sim.stdout
    installed.run("selfplay", "--game", "belote2", "--hands", "1", "--out", "hand.jsonl")
    review = installed.run("review", "hand.jsonl").stdout
    assert review.startswith("Review of a hand of two-player Belote") and "Total cost" in review
    data = installed.xdg / "belote_lab"
    study = installed.run("study", "selfplay", "4", "--game", "belote2", "--chunk", "2",
                          "--scheduler", "serial", "--quiet").stdout
    assert study.startswith(f"{data / 'studies' / 'selfplay-belote2'}: 2 chunks computed")
    tips = installed.run("tips", "--only", "C5", "--deals", "50", "--jobs", "1")
    assert "\nC5 " in tips.stdout and tips.stderr.strip().startswith(f"{data / 'tip_study.json'}:")
    stored = json.loads((ROOT / SHIPPED[0]).read_text(encoding="utf-8"))["rows"]
    assert json.loads((data / "tip_study.json").read_text(encoding="utf-8"))["rows"] == stored

    assert files(installed.venv) == before  # nothing written into the installation
    assert set(files(installed.work)) == {"sim.npz", "hand.jsonl"}
    made = set(files(data))
    assert {"tip_study.json", "studies/selfplay-belote2/study.json"} <= made
    assert {m.split("/")[-1][:13] for m in made if m.startswith("studies/")} == {
        "study.json", "chunk-000000-", "chunk-000001-"}
    assert not list(installed.home.rglob("belote_lab"))
    assert {name: (ROOT / name).read_bytes() for name in SHIPPED} == shipped
    assert not [p for p in checkout_files() if p.stat().st_mtime >= t0 and (
        p.name in OUTPUTS or p.name.startswith("chunk-"))]


def checkout_files() -> list[Path]:
    """The checkout's files, its git folder and virtual environments aside."""
    out = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in (".git", ".venv", "__pycache__")]
        out += [Path(folder, n) for n in names]
    return out
