"""Packaging checks: the engine stays free of Jupyter, the entry points answer, Binder and the
README agree with pyproject.toml."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 120


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT, stdin=subprocess.DEVNULL
    )


def requirement_name(spec: str) -> str:
    """The normalised project name of a requirement line (PEP 503)."""
    name = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", spec)
    assert name, f"cannot read a requirement name from {spec!r}"
    return re.sub(r"[-_.]+", "-", name.group(1)).lower()


def test_engine_does_not_import_jupyter() -> None:
    code = (
        "import belote_lab, belote_lab.games.belote, sys; "
        "bad = sorted(m for m in sys.modules "
        "if m.startswith(('ipywidgets', 'jupyter', 'IPython', 'ipykernel'))); "
        "assert not bad, bad"
    )
    proc = run(sys.executable, "-c", code)
    assert proc.returncode == 0, proc.stderr


def test_python_m_belote_lab_help() -> None:
    proc = run(sys.executable, "-m", "belote_lab", "--help")
    assert proc.returncode == 0, proc.stderr
    assert "referee" in proc.stdout


def test_console_script_help() -> None:
    name = "belote-lab.exe" if os.name == "nt" else "belote-lab"
    script = Path(sysconfig.get_path("scripts")) / name
    found = str(script) if script.exists() else shutil.which("belote-lab")
    assert found, f"console script belote-lab not installed (looked in {script.parent} and PATH)"
    proc = run(found, "--help")
    assert proc.returncode == 0, proc.stderr
    assert "referee" in proc.stdout


def test_binder_requirements_cover_runtime_dependencies() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = {requirement_name(dep) for dep in project["dependencies"]}
    lines = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines()
    binder = {
        requirement_name(line)
        for line in (raw.split("#", 1)[0].strip() for raw in lines)
        if line and not line.startswith("-")
    }
    assert runtime <= binder, f"missing from binder/requirements.txt: {sorted(runtime - binder)}"


def test_scripts_are_executable() -> None:
    for rel in ("binder/postBuild", ".ci/run"):
        assert os.access(ROOT / rel, os.X_OK), f"{rel} is not executable"


def test_readme_example_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.DOTALL)
    assert blocks, "README.md has no python example"
    for block in blocks:
        proc = run(sys.executable, "-c", block)
        assert proc.returncode == 0, proc.stderr
