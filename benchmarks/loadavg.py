"""The load average, for the benchmarks to print beside their figures (the machine may be
shared): ``load_average()`` is ``"0.52 0.61 0.70"`` (1, 5 and 15 minutes), or ``None`` where
the platform has none."""

from __future__ import annotations

import os


def load_average() -> str | None:
    """The 1-, 5- and 15-minute load averages as text, or ``None`` if unavailable.

    >>> la = load_average(); la is None or len(la.split()) == 3
    True
    """
    try:
        a, b, c = os.getloadavg()
    except OSError:  # pragma: no cover - not on every platform
        return None
    return f"{a:.2f} {b:.2f} {c:.2f}"
