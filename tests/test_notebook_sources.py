"""Notebooks 07 and 08 teach the rules the teacher found missing or mislabelled (issue 24,
item 3; shared/reviews/2026-12-02-teacher.md, errors 5 and 6), in both editions: seed 001's
"the dealer may not pass after two redeals in a row", seed 003's no-spade redeal, and the
journey and the big call of 8 as this package's choices.  Each notebook prints these rules'
sources from :mod:`belote_lab.sources` instead of retyping them; this test reads the stored
outputs (``make notebooks`` writes them, nbval keeps them current), so a notebook that drops a
rule, or a source that changes without the notebook being run again, fails here.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from belote_lab.sources import source

NOTEBOOK_DIR = Path(__file__).resolve().parents[1] / "notebooks"

TAUGHT = {
    "07_two_player_belote": ["belote2.redeal", "Belote2Rules.forced_after_redeals"],
    "08_callbreak": [
        "callbreak.no_spade_redeal",
        "callbreak.redeal_dealer",
        "callbreak.modes",
        "callbreak.journey",
        "CallbreakRules.big_call_8_wins=true",
    ],
}
"""The notebook, and the keys of the rules whose sources it shows."""

PACKAGE_CHOICES = {"callbreak.redeal_dealer", "callbreak.journey",
                   "CallbreakRules.big_call_8_wins=true"}
"""Of those, the rules the seeds do not state: the notebook must show them as the package's."""


def stored_text(path: Path) -> str:
    """Everything the notebook's code cells printed, as stored."""
    nb = nbformat.read(path, as_version=4)
    return "".join(out.get("text", "") for cell in nb.cells if cell.cell_type == "code"
                   for out in cell.get("outputs", []) if out["output_type"] == "stream")


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("name", list(TAUGHT))
def test_the_notebook_shows_each_rules_source(name: str, language: str) -> None:
    path = NOTEBOOK_DIR / ("ko" if language == "ko" else "") / f"{name}.ipynb"
    shown = stored_text(path)
    missing = [key for key in TAUGHT[name] if source(key).text(language) not in shown]
    assert not missing, f"{path.name} ({language}) does not show the source of {missing}"


def test_the_choices_are_labelled_as_the_packages() -> None:
    for key in PACKAGE_CHOICES:
        assert source(key).kind == "package", key
        assert source(key).text("en").startswith("this package's choice")
        assert source(key).text("ko").startswith("이 패키지의 선택")
