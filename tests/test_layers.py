"""The import layers of issue #12 ("One game model"), read from the source with :mod:`ast`.

Imports run one way, down the layers of ``docs/ARCHITECTURE.md``:

    core (cards, contract, trick, reasons, korean, rules, sources, words, jsonlines, stats,
          _jit: the package's top level)
    ← games/ (spec, the registry, base, record, one module per game)
    ← solver/ (position, kernel)
    ← players/ (levels 1–4, sampling) ← referee/ (the conformance cases' answers)
    ← batch/ (compiled hands, warm) ← simulation/ (simulate, selfplay, analysis, comparison)
    ← studies/ (study, taking_study, tipstudy) ← coaching/ (hints, advice, review, problems,
      declaring, progress) ← play/ (session, ladder, record_io) ← present/ (plots)
    ← cli/ (main, solve; ``__main__``)
    ← widgets ← notebooks

Every folder of ``belote_lab`` is a layer (:data:`LAYER_NAMES`); a module outside the core and
the folders fails :func:`test_every_module_has_a_layer`.

Every module of ``belote_lab`` and ``widgets/belote_widgets`` is parsed and all its imports
are read — at the top, inside functions and under ``TYPE_CHECKING`` alike, and
``importlib.import_module("...")`` with a constant name — then:

(a) no module imports one of a higher layer (:data:`LAYER_NAMES`);
(b) the imports between modules form no cycle (a module that imports one that imports it
    back, directly or not, deferred imports included);
(c) nothing under ``belote_lab`` imports ``belote_widgets``, ``ipywidgets``, IPython or
    Jupyter;
(d) no module imports a private name (``_name``) of another module of ``belote_lab`` or
    ``belote_widgets``: neither ``from x import _y`` nor ``x._y`` on an imported module;
(e) outside ``belote_lab/games/`` no code compares a game's name: no ``==``/``!=``/``in``
    with a game's name as a string, and no ``in GAMES``: the code reads the game's
    :class:`~belote_lab.games.Game` (``get(name)``) instead.

One exception, the facade (issue 30, item 2): the package itself (``belote_lab/__init__.py``,
core) gives the public API of every layer (``bl.simulate``, ``bl.Session`` …) by importing each
name on first use (PEP 562) from its table ``belote_lab.LAZY``.  It may name a higher layer only
under ``if TYPE_CHECKING:`` (so editors see the names), and only the table's entries, exactly
(:func:`facade_allows`, :func:`test_the_facade_names_the_upper_layers_only_lazily`); its
imports that run stay in the core.  Its type-checking imports stay in the cycle graph: a module
of the package that imports a name from the facade instead of from its home module makes a
cycle, and fails (b).

Each failure names the module, the line and the forbidden import or comparison.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
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
        ".korean",  # Korean particles and names, below the reasons that use them
        ".rules",
        ".sources",  # where each rule comes from (seeds, FFB, this package), above rules
        ".words",  # the catalogue of words (belote_lab/words/*.json), above korean
        ".jsonlines",
        ".stats",  # the intervals of a share and of a mean (numpy)
        "._jit",  # the optional numba shim
    )
)
LAYER_NAMES = ("core", "games", "solver", "players", "referee", "batch", "simulation",
               "studies", "coaching", "play", "present", "cli", "widgets")
"""The layers, lowest first: ``core`` is :data:`CORE`, ``widgets`` the package
``belote_widgets``, every other layer a folder of ``belote_lab`` of that name."""


def layer_of(module: str) -> int:
    """The layer of one of our modules (an index in :data:`LAYER_NAMES`); a module of
    ``belote_lab`` outside :data:`CORE` and the folders has none (:class:`KeyError`)."""
    if module in CORE:
        return 0
    parts = module.split(".")
    if parts[0] == "belote_widgets":
        return LAYER_NAMES.index("widgets")
    sub = parts[1] if len(parts) > 1 else ""
    if sub == "__main__":  # ``python -m belote_lab``: the command line
        return LAYER_NAMES.index("cli")
    if sub in LAYER_NAMES[1:-1]:
        return LAYER_NAMES.index(sub)
    raise KeyError(f"{module} is in no layer: a core module (CORE) or a folder of LAYER_NAMES")


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
    typing_only: bool = False  # under ``if TYPE_CHECKING:``: read by type checkers, never run

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
        self.typing = 0  # inside ``if TYPE_CHECKING:``
        self.imports: list[Import] = []
        self.bound: dict[str, str] = {}  # local name → module of the two packages
        self.private_uses: list[tuple[int, str]] = []

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_If(self, node: ast.If) -> None:
        if dotted_name(node.test) not in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            self.generic_visit(node)
            return
        self.typing += 1
        for child in node.body:
            self.visit(child)
        self.typing -= 1
        for child in node.orelse:
            self.visit(child)

    def add(self, module: str, line: int, names: tuple[str, ...] = ()) -> None:
        self.imports.append(Import(module, line, self.depth > 0, names, self.typing > 0))

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.add(alias.name, node.lineno)
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
                self.add(sub, node.lineno)
                self.bound[alias.asname or alias.name] = sub
            else:
                names.append(alias.name)
        if names or not node.names:
            self.add(base, node.lineno, tuple(names))

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if (
            called in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            self.add(node.args[0].value, node.lineno)
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


@cache
def readers() -> dict[str, Reader]:
    """Every module read, once, by the first test that asks (not at collection: each pytest
    worker collects this file, one of them runs it)."""
    return {name: read(name) for name in MODULES}


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
        assert name in readers()
    # imports inside functions count (the reader marks them deferred)
    assert any(i.deferred for name in readers() for i in readers()[name].imports)


def test_relative_imports_resolve() -> None:
    assert resolve("belote_lab.games.belote", 1, "base") == "belote_lab.games.base"
    assert resolve("belote_lab.games", 1, "base") == "belote_lab.games.base"
    assert resolve("belote_lab.games.belote", 2, "cards") == "belote_lab.cards"


# --- (a) layers ---------------------------------------------------------------------------------
def test_core_is_what_it_says() -> None:
    assert set(MODULES) >= CORE, sorted(CORE - set(MODULES))
    assert layer_of("belote_lab.games.spec") == 1 and layer_of("belote_lab.solver.position") == 2
    assert layer_of("belote_lab.players.search") == 3
    assert LAYER_NAMES[layer_of("belote_lab.coaching.hints")] == "coaching"
    assert LAYER_NAMES[layer_of("belote_lab.present.plots")] == "present"
    assert LAYER_NAMES[layer_of("belote_lab.cli.solve")] == "cli"
    assert LAYER_NAMES[layer_of("belote_lab.__main__")] == "cli"
    assert LAYER_NAMES[layer_of("belote_widgets.play_table")] == "widgets"


def test_every_module_has_a_layer() -> None:
    """The package's top level holds the core modules only: every other module is in the
    folder of its layer (issue 30)."""
    homeless = []
    for name in MODULES:
        try:
            layer_of(name)
        except KeyError:
            homeless.append(name)
    assert not homeless, homeless


FACADE = "belote_lab"
"""The package itself: the public API of every layer, imported lazily (see the module text)."""


def lazy_table() -> dict[str, str]:
    """The facade's table: name → ``"module:attribute"`` or ``"module"``."""
    from belote_lab import LAZY

    return dict(LAZY)


def lazy_targets(imp: Import) -> set[str]:
    """What an import names, written as the facade's table writes it."""
    return {f"{imp.module}:{n}" for n in imp.names} if imp.names else {imp.module}


def facade_allows(name: str, imp: Import) -> bool:
    """The one exception to (a): the facade names, for type checkers only, its lazy names."""
    return (name == FACADE and imp.typing_only
            and lazy_targets(imp) <= set(lazy_table().values()))


def test_imports_run_down_the_layers() -> None:
    problems = [
        f"{name} ({LAYER_NAMES[layer_of(name)]}) imports {imp.module} "
        f"({LAYER_NAMES[layer_of(imp.module)]}) — {imp.text()}"
        for name in sorted(MODULES)
        for imp in readers()[name].imports
        if ours(imp.module) and layer_of(imp.module) > layer_of(name)
        and not facade_allows(name, imp)
    ]
    report(problems, "a module may import only modules of its own layer or a lower one")


def test_the_facade_names_the_upper_layers_only_lazily() -> None:
    """The facade's imports that run stay in the core; under ``TYPE_CHECKING`` it names the
    entries of its lazy table, each one, and nothing else."""
    imports = readers()[FACADE].imports
    running = [imp.text() for imp in imports
               if not imp.typing_only and ours(imp.module) and layer_of(imp.module) > 0]
    assert not running, f"the facade imports upper layers when it runs: {running}"
    named = set().union(*(lazy_targets(imp) for imp in imports if imp.typing_only))
    table = set(lazy_table().values())
    assert named == table, (
        f"TYPE_CHECKING names not in LAZY: {sorted(named - table)}; "
        f"LAZY entries not under TYPE_CHECKING: {sorted(table - named)}"
    )
    assert all(target.partition(":")[0] in MODULES for target in table)


def test_the_facade_exception_is_the_facades_alone() -> None:
    """The same typing-only import anywhere else, or a run-time one in the facade, still fails."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from belote_lab.simulation.simulate import simulate\n"
        "else:\n"
        "    from belote_lab.coaching.hints import hint\n"
        "from belote_lab.play.session import Session\n"
    )
    reader = Reader(FACADE)
    reader.visit(ast.parse(source))
    assert [(i.module, i.typing_only) for i in reader.imports[1:]] == [
        ("belote_lab.simulation.simulate", True),
        ("belote_lab.coaching.hints", False),
        ("belote_lab.play.session", False),
    ]
    first, second, third = reader.imports[1:]
    assert facade_allows(FACADE, first)
    assert not facade_allows("belote_lab.cards", first)
    assert not facade_allows(FACADE, second) and not facade_allows(FACADE, third)
    unlisted = Import("belote_lab.simulation.simulate", 3, False, ("engine_for",), True)
    assert not facade_allows(FACADE, unlisted)


# --- (b) no cycle ---------------------------------------------------------------------------------
def import_graph() -> dict[str, set[str]]:
    """Module → the modules of ours it imports (a ``from pkg import name`` of a name that is
    not a submodule counts as importing ``pkg``)."""
    return {
        name: {imp.module for imp in readers()[name].imports if imp.module in MODULES}
        - {name}
        for name in MODULES
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_cycle() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "an import cycle: " + " → ".join(cycle or [])


def test_the_cycle_finder_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


# --- (c) no notebook code in the library ----------------------------------------------------------
def test_belote_lab_imports_no_widgets_or_jupyter() -> None:
    problems = [
        f"{name} imports {imp.module} — {imp.text()}"
        for name in sorted(MODULES)
        if name.split(".")[0] == "belote_lab"
        for imp in readers()[name].imports
        if imp.module.split(".")[0].startswith(NOTEBOOK_ONLY)
    ]
    report(problems, "belote_lab may not import belote_widgets, ipywidgets, IPython or Jupyter")


# --- (d) private names stay private ---------------------------------------------------------------
def test_no_private_name_is_imported_from_another_module() -> None:
    problems = []
    for name in sorted(MODULES):
        reader = readers()[name]
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
        "import belote_lab.simulation.selfplay as sp\n"
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
    assert reader.private_uses == [(4, "belote_lab.simulation.selfplay._play")]


# --- (e) no game compared by its name ----------------------------------------------------------
def game_names() -> frozenset[str]:
    from belote_lab.games import GAMES

    return frozenset(GAMES)


def names_compared(tree: ast.AST, names: frozenset[str]) -> list[tuple[int, str]]:
    """Comparisons with a game's name (``x == "belote"``, ``x in ("belote", …)``) and
    membership tests in ``GAMES`` found in ``tree``."""

    def is_name(node: ast.expr) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in names
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(is_name(e) for e in node.elts)
        return isinstance(node, ast.Name) and node.id == "GAMES"

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(
            is_name(x) for x in (node.left, *node.comparators)
        ):
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_code_outside_games_compares_a_game_name() -> None:
    names = game_names()
    problems = [
        f"{name} line {line}: {text}"
        for name in sorted(MODULES)
        if not (name == "belote_lab.games" or name.startswith("belote_lab.games."))
        for line, text in names_compared(
            ast.parse(MODULES[name].read_text(encoding="utf-8")), names
        )
    ]
    report(problems, "outside games/, read the Game object (games.get(name)), not its name")


def test_the_name_check_catches_one() -> None:
    src = 'if game == "callbreak" or g in ("belote", "x") or h not in GAMES or k == "y": pass'
    found = names_compared(ast.parse(src), frozenset({"callbreak", "belote"}))
    assert [t for _, t in found] == [
        "game == 'callbreak'", "g in ('belote', 'x')", "h not in GAMES",
    ]


# --- (f) functions stay short ---------------------------------------------------------------
MAX_BODY_LINES = 60
LONG_ALLOWED = frozenset({"belote_lab.solver.kernel"})  # numba's subset: one flat search loop


def body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines of a function's body, its docstring left out."""
    body = node.body
    first = body[0]
    if (
        len(body) > 1
        and isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        first = body[1]
    return (node.end_lineno or node.lineno) - first.lineno + 1


def test_functions_are_at_most_60_lines() -> None:
    problems = [
        f"{name} line {node.lineno}: {node.name} has {body_lines(node)} lines"
        for name in sorted(MODULES)
        if name not in LONG_ALLOWED
        for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8")))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and body_lines(node) > MAX_BODY_LINES
    ]
    report(problems, f"functions over {MAX_BODY_LINES} lines (docstring aside): split them")


# --- (g) the doubling calls are written once ---------------------------------------------------
DOUBLE_CALLS = frozenset({"coinche", "surcoinche"})
DOUBLES_HOME = "belote_lab.games.coinche"


def doubles_written(tree: ast.AST) -> list[tuple[int, str]]:
    """Copies of Coinche's doubling calls in ``tree``: a dict literal of them (and ``pass``)
    giving numbers (their multipliers), a tuple/list/set literal naming both, or the multipliers
    ``(1, 2, 4)`` written out."""

    def const(node: ast.expr | None) -> object:
        return node.value if isinstance(node, ast.Constant) else None

    found = []
    for node in ast.walk(tree):
        keys = [const(k) for k in getattr(node, "keys", ())]  # None: a ** or no constant
        if isinstance(node, ast.Dict) and keys and set(keys) <= {*DOUBLE_CALLS, "pass"} and any(
            isinstance(const(v), int) for v in node.values
        ):  # "coinche" alone is also the game's name: a table by game has other keys
            found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            values = [const(e) for e in node.elts]
            if set(values) >= DOUBLE_CALLS or values == [1, 2, 4]:
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_doubling_calls_are_written_once() -> None:
    problems = [
        f"{name} line {line}: {text}"
        for name in sorted(MODULES)
        if name != DOUBLES_HOME
        for line, text in doubles_written(
            ast.parse(MODULES[name].read_text(encoding="utf-8"))
        )
    ]
    report(problems, f"read the doubling calls and their multipliers from {DOUBLES_HOME}"
           " (DOUBLES, MULTIPLIERS)")


def test_the_doubles_check_catches_one() -> None:
    src = ('a = {"coinche": 2}\nb = ("pass", "coinche", "surcoinche")\n'
           'c = m not in (1, 2, 4)\nd = {"coinche": "x"}\ne = ("pass", *DOUBLES)\n'
           'f = {"belote": 8, "coinche": 8}\ng = {**T, "coinche": 2}\n')
    assert [line for line, _ in doubles_written(ast.parse(src))] == [1, 2, 3]
