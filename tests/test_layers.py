"""The import layers of issue #12 ("One game model"), read from the source with :mod:`ast`.

Imports run one way: core (cards, contract, trick, reasons, rules, jsonlines, render, _jit)
← games ← players ← ladder / hints / solver / selfplay / referee / … ← widgets ← notebooks.
Every module of ``belote_lab`` and ``widgets/belote_widgets`` is parsed and all its imports
are read — at the top, inside functions and under ``TYPE_CHECKING`` alike, and
``importlib.import_module("...")`` with a constant name — then:

(a) a core module imports only core modules of ``belote_lab`` (nothing from games, players,
    ladder, hints, solver, selfplay, simulate, referee, record, plots, analysis, cli, nor
    ``belote_widgets``);
(b) a module under ``belote_lab/games/`` imports only core and games modules (one named
    exception: the game-record layer :mod:`belote_lab.record`, imported inside the games'
    ``to_json``/``from_json`` methods, see ``GAMES_MAY_DEFER``);
(c) nothing under ``belote_lab`` imports ``belote_widgets``, ``ipywidgets``, IPython or
    Jupyter;
(d) no module imports a private name (``_name``) of another module of ``belote_lab`` or
    ``belote_widgets``: neither ``from x import _y`` nor ``x._y`` on an imported module.

Each failure names the module, the line and the forbidden import.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {
    "belote_lab": ROOT / "belote_lab",
    "belote_widgets": ROOT / "widgets" / "belote_widgets",
}

CORE = frozenset(
    "belote_lab" + suffix
    for suffix in (
        "",  # the package itself re-exports core names only
        ".cards",
        ".contract",
        ".trick",
        ".reasons",
        ".rules",
        ".jsonlines",
        ".render",  # HTML of cards and hands; imports only cards
        "._jit",  # the optional numba shim
    )
)
# Imports the games may make inside a function although the module sits above them: the
# game-record layer (it imports the games to read records back) behind ``to_json``/``from_json``.
GAMES_MAY_DEFER = frozenset({"belote_lab.record"})
NOTEBOOK_ONLY = ("belote_widgets", "ipywidgets", "IPython", "ipykernel", "jupyter", "nbformat")


def module_files() -> dict[str, Path]:
    """Module name → file, for every module of the two packages."""
    out: dict[str, Path] = {}
    for pkg, base in PACKAGES.items():
        for path in sorted(base.rglob("*.py")):
            parts = [pkg, *path.relative_to(base).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = module_files()


@dataclass(frozen=True)
class Import:
    """One imported module (``names``: the names taken from it by ``from … import``)."""

    module: str
    line: int
    deferred: bool  # inside a function body
    names: tuple[str, ...] = ()

    def text(self) -> str:
        what = f"from {self.module} import {', '.join(self.names)}" if self.names else (
            f"import {self.module}"
        )
        return f"line {self.line}: {what}"


def is_package(name: str) -> bool:
    return MODULES.get(name, Path()).name == "__init__.py"


def resolve(importer: str, level: int, module: str | None) -> str:
    """The absolute name of a (possibly relative) ``from`` import in ``importer``."""
    if not level:
        return module or ""
    parts = importer.split(".")
    if not is_package(importer):
        parts.pop()
    parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts + ([module] if module else []))


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


class Reader(ast.NodeVisitor):
    """Collects the imports of one module, with the function nesting they occur in, and the
    names bound to modules of the two packages (for ``x._y`` attribute uses)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.depth = 0
        self.imports: list[Import] = []
        self.bound: dict[str, str] = {}  # local name → module of the two packages
        self.private_uses: list[tuple[int, str]] = []

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.imports.append(Import(alias.name, node.lineno, self.depth > 0))
            if alias.asname:
                self.bound[alias.asname] = alias.name
            else:
                top = alias.name.split(".")[0]
                self.bound[top] = top

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = resolve(self.name, node.level, node.module)
        names = []
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            if sub in MODULES:  # ``from belote_lab import jsonlines``: the submodule itself
                self.imports.append(Import(sub, node.lineno, self.depth > 0))
                self.bound[alias.asname or alias.name] = sub
            else:
                names.append(alias.name)
        if names or not node.names:
            self.imports.append(Import(base, node.lineno, self.depth > 0, tuple(names)))

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if (
            called in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            self.imports.append(Import(node.args[0].value, node.lineno, self.depth > 0))
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        # ``m = importlib.import_module("belote_lab.x")`` binds ``m`` to that module
        value = node.value
        if isinstance(value, ast.IfExp):
            value = value.body
        if (
            isinstance(value, ast.Call)
            and getattr(value.func, "attr", getattr(value.func, "id", None)) == "import_module"
            and value.args
            and isinstance(value.args[0], ast.Constant)
            and isinstance(value.args[0].value, str)
        ):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    self.bound[target.id] = value.args[0].value
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if is_private(node.attr):
            dotted = dotted_name(node.value)
            if dotted is not None:
                head, _, rest = dotted.partition(".")
                if head in self.bound:
                    module = self.bound[head] + (f".{rest}" if rest else "")
                    if module in MODULES and module != self.name:
                        self.private_uses.append((node.lineno, f"{module}.{node.attr}"))
        self.generic_visit(node)


def dotted_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted_name(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def read(name: str) -> Reader:
    reader = Reader(name)
    reader.visit(ast.parse(MODULES[name].read_text(encoding="utf-8"), str(MODULES[name])))
    return reader


READERS = {name: read(name) for name in MODULES}


def ours(module: str) -> bool:
    return module.split(".")[0] in PACKAGES


def in_games(module: str) -> bool:
    return module == "belote_lab.games" or module.startswith("belote_lab.games.")


def report(problems: list[str], rule: str) -> None:
    if problems:
        pytest.fail(f"{rule}:\n  " + "\n  ".join(problems), pytrace=False)


# --- the walk itself ---------------------------------------------------------------------------
def test_every_module_is_read() -> None:
    for name in ("belote_lab.cards", "belote_lab.games.belote", "belote_lab.referee",
                 "belote_lab.referee.common", "belote_widgets.play_table"):
        assert name in READERS
    # imports inside functions count: games.belote reads records back inside a method
    assert any(
        i.deferred and i.module == "belote_lab.record"
        for i in READERS["belote_lab.games.belote"].imports
    )


def test_relative_imports_resolve() -> None:
    assert resolve("belote_lab.games.belote", 1, "base") == "belote_lab.games.base"
    assert resolve("belote_lab.games", 1, "base") == "belote_lab.games.base"
    assert resolve("belote_lab.games.belote", 2, "cards") == "belote_lab.cards"


# --- (a) core ---------------------------------------------------------------------------------
def test_core_modules_import_only_core() -> None:
    assert set(MODULES) >= CORE, sorted(CORE - set(MODULES))
    problems = [
        f"{name} (core) imports {imp.module} — {imp.text()}"
        for name in sorted(CORE)
        for imp in READERS[name].imports
        if ours(imp.module) and imp.module not in CORE
    ]
    report(problems, "core modules may import only core modules")


# --- (b) games ----------------------------------------------------------------------------------
def test_games_import_only_core_and_games() -> None:
    problems = [
        f"{name} imports {imp.module} — {imp.text()}"
        for name in sorted(MODULES)
        if in_games(name)
        for imp in READERS[name].imports
        if ours(imp.module)
        and imp.module not in CORE
        and not in_games(imp.module)
        and not (imp.deferred and imp.module in GAMES_MAY_DEFER)
    ]
    report(problems, "modules under belote_lab/games/ may import only core and games modules")


# --- (c) no notebook code in the library ----------------------------------------------------------
def test_belote_lab_imports_no_widgets_or_jupyter() -> None:
    problems = [
        f"{name} imports {imp.module} — {imp.text()}"
        for name in sorted(MODULES)
        if name.split(".")[0] == "belote_lab"
        for imp in READERS[name].imports
        if imp.module.split(".")[0].startswith(NOTEBOOK_ONLY)
    ]
    report(problems, "belote_lab may not import belote_widgets, ipywidgets, IPython or Jupyter")


# --- (d) private names stay private ---------------------------------------------------------------
def test_no_private_name_is_imported_from_another_module() -> None:
    problems = []
    for name in sorted(MODULES):
        reader = READERS[name]
        for imp in reader.imports:
            private = [n for n in imp.names if is_private(n)]
            if ours(imp.module) and imp.module != name and private:
                problems.append(f"{name} imports private {', '.join(private)} — {imp.text()}")
        for line, attr in reader.private_uses:
            problems.append(f"{name} uses private {attr} — line {line}")
    report(problems, "no module may use another module's private (_name) names")


def test_the_checks_catch_a_violation() -> None:
    """The reader sees a forbidden import inside a function and a private attribute use."""
    source = (
        "import belote_lab.selfplay as sp\n"
        "def f():\n"
        "    from belote_lab.players import drive_hand, _hidden\n"
        "    return sp._play\n"
    )
    reader = Reader("belote_lab.games.fake")
    reader.visit(ast.parse(source))
    deferred = [i for i in reader.imports if i.deferred]
    assert [(i.module, i.names) for i in deferred] == [
        ("belote_lab.players", ("drive_hand", "_hidden"))
    ]
    assert reader.private_uses == [(4, "belote_lab.selfplay._play")]
