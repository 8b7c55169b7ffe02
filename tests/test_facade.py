"""The facade (issue 30, item 2): ``import belote_lab as bl`` gives the public API, lazily.

- ``import belote_lab`` in a fresh interpreter imports none of numba, matplotlib, dask,
  pandas, ipywidgets (nor numpy) and takes less than 0.3 s (the best of a few runs, measured
  inside the fresh interpreter around the import alone);
- each name of ``belote_lab.LAZY`` is the object of its home module, kept after its first use,
  listed by ``dir(bl)`` and ``__all__``; using one imports its module then, not before;
- a name the package does not have raises :class:`AttributeError` that names it (and the
  closest public name), and ``from belote_lab import words`` still finds the submodule.

Which layers the facade may name is checked by ``tests/test_layers.py``.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import belote_lab as bl

HEAVY = ("numba", "matplotlib", "dask", "pandas", "ipywidgets", "numpy")
"""What ``import belote_lab`` must not import: the compiled kernels, the charts, the studies,
the notebooks' widgets (and numpy, which the core does not need)."""

MAX_SECONDS = 0.3
RUNS = 5

EXPECTED = {
    "get": "belote_lab.games:get",
    "names": "belote_lab.games:names",
    "Session": "belote_lab.play.session:Session",
    "play_hand": "belote_lab.simulation.selfplay:play_hand",
    "selfplay": "belote_lab.simulation.selfplay:selfplay",
    "levels": "belote_lab.players.levels:levels",
    "simulate": "belote_lab.simulation.simulate:simulate",
    "solve": "belote_lab.solver:solve",
    "hint": "belote_lab.coaching.hints:hint",
    "advise": "belote_lab.coaching.advice:advise",
    "review": "belote_lab.coaching.review:review",
    "problem": "belote_lab.coaching.problems:problem",
    "problems": "belote_lab.coaching.problems:problems",
    "load": "belote_lab.play.record_io:load",
    "loads": "belote_lab.play.record_io:loads",
    "save": "belote_lab.play.record_io:save",
    "plots": "belote_lab.present.plots",
    "stats": "belote_lab.stats",
}
"""Each facade name and the object it must be, written out here (not read from the table),
at the paths a reader of the documentation knows (``belote_lab.solver.solve``)."""

PROBE = """
import sys, time, json
t = time.perf_counter()
import belote_lab
seconds = time.perf_counter() - t
print(json.dumps({"seconds": seconds, "modules": sorted(m.split(".")[0] for m in sys.modules)}))
"""


def fresh(code: str) -> dict:
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(proc.stdout)


def target(path: str) -> object:
    module, _, attr = path.partition(":")
    value = importlib.import_module(module)
    return getattr(value, attr) if attr else value


def test_import_is_light_and_fast() -> None:
    runs = [fresh(PROBE) for _ in range(RUNS)]
    for run in runs:
        loaded = sorted(set(HEAVY) & set(run["modules"]))
        assert not loaded, f"import belote_lab imported {loaded}"
    best = min(run["seconds"] for run in runs)
    assert best < MAX_SECONDS, f"import belote_lab took {best:.3f} s (best of {RUNS})"


def test_a_name_imports_its_module_on_first_use_only() -> None:
    code = (
        "import sys, json\n"
        "import belote_lab as bl\n"
        "before = 'belote_lab.simulation.simulate' in sys.modules\n"
        "f = bl.simulate\n"
        "print(json.dumps({'before': before, 'after': 'belote_lab.simulation.simulate' in "
        "sys.modules, 'kept': bl.__dict__.get('simulate') is f,\n"
        "  'plots': 'matplotlib' in sys.modules}))\n"
    )
    assert fresh(code) == {"before": False, "after": True, "kept": True, "plots": False}


def test_the_widgets_import_no_charts_until_one_is_drawn() -> None:
    """``import belote_widgets`` (every kernel of a notebook with a table, and Voilà's) loads
    no matplotlib: only the progress chart needs it, and it imports it when it draws."""
    code = (
        "import sys, json\n"
        "import belote_widgets\n"
        "before = 'matplotlib' in sys.modules\n"
        "from belote_lab.coaching.progress import HandProgress, Progress\n"
        "from belote_widgets.progress_view import progress_html\n"
        "p = Progress('belote', 2, 'points', (HandProgress(1, 12, 8, 8, (7, 0, 1, 0, 0, 0, 0, 0),"
        " 0, True),))\n"
        "chart = 'data:image/png;base64,' in progress_html(p, 'en')\n"
        "print(json.dumps({'before': before, 'chart': chart, 'after': 'matplotlib' in "
        "sys.modules}))\n"
    )
    assert fresh(code) == {"before": False, "chart": True, "after": True}


def test_the_table_is_the_documented_one() -> None:
    assert dict(bl.LAZY) == {
        **EXPECTED,
        "solve": "belote_lab.solver.position:solve",
        "save": "belote_lab.games.record:save",
    }


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_name_is_its_home_modules_object(name: str) -> None:
    assert getattr(bl, name) is target(EXPECTED[name])
    assert getattr(bl, name) is target(bl.LAZY[name])
    assert name in dir(bl) and name in bl.__all__


def test_from_import_works_for_facade_names_and_submodules() -> None:
    from belote_lab import Session, plots, simulate, words

    assert simulate is target("belote_lab.simulation.simulate:simulate")
    assert Session.__module__ == "belote_lab.play.session"
    assert plots.__name__ == "belote_lab.present.plots"
    assert words.__name__ == "belote_lab.words"


def test_dir_and_all_list_the_api() -> None:
    listed = dir(bl)
    assert listed == sorted(listed)
    assert set(bl.LAZY) <= set(listed)
    assert set(bl.__all__) <= set(listed)
    assert set(bl.__all__) >= set(bl.LAZY) | {"Card", "Contract", "why_not", "legal_cards"}
    assert len(bl.__all__) == len(set(bl.__all__))


def test_no_facade_name_hides_a_submodule() -> None:
    """A name of the table that were also a module of the package's top level would be
    replaced by that module the first time the module is imported."""
    top = Path(bl.__file__).parent
    clashes = [n for n in bl.LAZY if ((top / f"{n}.py").exists() or (top / n).is_dir())
               and bl.LAZY[n] != f"belote_lab.{n}"]  # the module itself: the same object
    assert not clashes
    import belote_lab.stats

    assert bl.stats is belote_lab.stats


def test_an_unknown_name_says_so() -> None:
    with pytest.raises(AttributeError) as caught:
        bl.simulat  # noqa: B018
    message = str(caught.value)
    assert "module 'belote_lab' has no attribute 'simulat'" in message
    assert "did you mean 'simulate'?" in message
    assert caught.value.name == "simulat"
    with pytest.raises(AttributeError, match="no attribute 'zzz_nothing' \\(see dir"):
        bl.zzz_nothing  # noqa: B018
    assert not hasattr(bl, "zzz_nothing")


def test_the_facade_in_use() -> None:
    """A learner's first lines, through the facade."""
    assert bl.get("belote").title == "four-player Belote"
    assert "callbreak" in bl.names()
    hand = bl.play_hand("belote", "2,2,2,2", seed=3)
    assert bl.loads(hand.to_json()) == hand
    assert bl.problem("belote-cheap-trump").game == "belote"
    assert sorted(bl.levels("belote"))[:2] == [1, 2]
