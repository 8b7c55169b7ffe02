"""Binder: what ``binder/`` installs is enough to run the notebooks.

``tests/test_packaging.py`` already checks that ``binder/requirements.txt`` covers the runtime
dependencies of ``pyproject.toml``; these tests add what the notebooks need beyond that.  That
repo2docker parses the folder is a manual step (README, "Notebooks"): repo2docker is not a
dependency of the project.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from importlib import metadata
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
OWN = {"belote_lab", "belote_widgets"}


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_names(lines: list[str]) -> set[str]:
    out = set()
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        m = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)", line)
        assert m, f"cannot read a requirement from {raw!r}"
        out.add(normalise(m.group(1)))
    return out


def binder_requirements() -> set[str]:
    return requirement_names((BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines())


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def installed_closure(roots: set[str]) -> set[str]:
    """The distributions ``roots`` pull in, as installed here (their runtime requirements,
    recursively; requirements with an environment marker are skipped)."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        for req in requires:
            if ";" in req:
                continue
            todo.extend(requirement_names([req]))
    return seen


def notebook_imports() -> set[str]:
    """Top-level modules imported by the code cells of the notebooks."""
    names: set[str] = set()
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            lines = "".join(cell["source"]).splitlines()
            source = "\n".join(x for x in lines if not x.lstrip().startswith(("%", "!")))
            for node in ast.walk(ast.parse(source, filename=str(path))):
                if isinstance(node, ast.Import):
                    names.update(a.name.split(".")[0] for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names.add(node.module.split(".")[0])
    return names


def test_notebooks_exist_and_import_something() -> None:
    english = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert len(english) == 12
    assert sorted(p.name for p in (ROOT / "notebooks" / "ko").glob("[0-9][0-9]_*.ipynb")) == english
    assert {"belote_lab", "belote_widgets", "matplotlib"} <= notebook_imports()


def test_binder_installs_every_module_the_notebooks_import() -> None:
    provided = installed_closure(binder_requirements())
    dists = metadata.packages_distributions()
    missing = []
    for module in sorted(notebook_imports() - OWN):
        if module in sys.stdlib_module_names:
            continue
        owners = {normalise(d) for d in dists.get(module, [])}
        if not owners & provided:
            missing.append(f"{module} (from {sorted(owners) or 'no installed distribution'})")
    assert not missing, f"binder/requirements.txt does not provide: {missing}"


def test_binder_requirements_include_the_fast_extra() -> None:
    fast = requirement_names(pyproject()["optional-dependencies"]["fast"])
    assert fast <= binder_requirements(), f"missing: {sorted(fast - binder_requirements())}"


def test_binder_runtime_satisfies_requires_python() -> None:
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    m = re.fullmatch(r"python-(\d+)\.(\d+)", runtime)
    assert m, f"runtime.txt should read python-X.Y, not {runtime!r}"
    low = re.fullmatch(r">=\s*(\d+)\.(\d+)", pyproject()["requires-python"])
    assert low, "requires-python is expected in the form >=X.Y"
    assert (int(m[1]), int(m[2])) >= (int(low[1]), int(low[2]))


def test_post_build_installs_the_project() -> None:
    script = (BINDER / "postBuild").read_text(encoding="utf-8")
    assert re.search(r"pip install .*(-e )?\.\s*$", script, flags=re.MULTILINE), script
