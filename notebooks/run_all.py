"""Re-execute the tutorial notebooks and store their outputs (what nbval compares against).

    .venv/bin/python notebooks/run_all.py            # every notebooks/NN_*.ipynb, in order
    .venv/bin/python notebooks/run_all.py 04 06      # only the notebooks whose name starts so
    .venv/bin/python notebooks/run_all.py table_demo # any other notebook of this folder by name
    .venv/bin/python notebooks/run_all.py ko/04 ko   # the Korean edition's 04, or all of it
    make notebooks                                    # the same as the first line

Each notebook runs in a fresh kernel of this Python (the one running the script), with the
notebook's folder as the working directory, as ``pytest --nbval`` runs it; the outputs are
written back into the file and each notebook's run time is printed.  A notebook that fails
is reported with the failing cell and left unchanged; the script then exits with status 1.
Widget state is not stored (it holds random model ids); run time metadata is not recorded.
A widget's stored output keeps its static snapshot (``text/html``, drawn by belote_widgets)
and drops the widget view, whose model would not exist in a notebook opened before Run All:
JupyterLab, nbviewer and GitHub then show the cards instead of "model not found"; running the
cell brings the live widget back.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

HERE = Path(__file__).resolve().parent
KO = HERE / "ko"  # the Korean edition: the same notebooks, in Korean
TIMEOUT = 600  # seconds per cell


def notebooks(prefixes: list[str]) -> list[Path]:
    """The ``NN_*.ipynb`` notebooks of this folder and of ``ko/``, in order, filtered by name
    prefixes."""
    found = sorted(HERE.glob("[0-9][0-9]_*.ipynb")) + sorted(KO.glob("[0-9][0-9]_*.ipynb"))
    if prefixes:
        found = [p for p in found if any(_named(p, x) for x in prefixes)]
        found += [HERE / f"{x}.ipynb" for x in prefixes if (HERE / f"{x}.ipynb").is_file()]
    return found


def _named(path: Path, prefix: str) -> bool:
    """``04`` names the English ``04_…``, ``ko/04`` the Korean one, ``ko`` every Korean one."""
    if prefix == "ko":
        return path.parent == KO
    if prefix.startswith("ko/"):
        return path.parent == KO and path.name.startswith(prefix[3:])
    return path.parent == HERE and path.name.startswith(prefix)


def run(path: Path) -> float:
    """Execute ``path`` in place; return the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        store_widget_state=False,
    )
    t0 = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - t0
    drop_widget_views(nb)
    nbformat.write(nb, path)
    return seconds


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def drop_widget_views(nb: nbformat.NotebookNode) -> None:
    """Keep a widget output's static snapshot, not its view (see the module text)."""
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET_VIEW in data and "text/html" in data:
                del data[WIDGET_VIEW]


def main(argv: list[str]) -> int:
    paths = notebooks(argv)
    if not paths:
        print("no notebook matches", " ".join(argv), file=sys.stderr)
        return 2
    total = 0.0
    failed = []
    for p in paths:
        try:
            seconds = run(p)
        except CellExecutionError as e:
            failed.append(p.name)
            print(f"{p.name}: FAILED\n{e}", file=sys.stderr)
            continue
        total += seconds
        print(f"{p.name:40} {seconds:6.1f} s", flush=True)
    print(f"{'total':40} {total:6.1f} s")
    if failed:
        print("failed:", " ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
