"""The package's intervals for a share and for a mean: what the charts draw
(:mod:`belote_lab.present.plots`) and the comparisons report
(:mod:`belote_lab.simulation.comparison`) computed once.

>>> wilson(50, 100)
(0.404, 0.596)
>>> Z95, round(Z95_EXACT, 6)    # the intervals' z; the taking table's, to six places
(1.96, 1.959964)
>>> mean_ci([1, 2, 3, 4])
(2.5, 1.235, 3.765)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

__all__ = ["Z95", "Z95_EXACT", "mean_ci", "wilson"]

Z95_EXACT = 1.959963984540054
"""The 97.5% point of the normal law: the z of a two-sided 95% interval."""

Z95 = 1.96
""":data:`Z95_EXACT` as the package's intervals round it: the default of :func:`wilson` and
:func:`mean_ci`, the review's, the advice's and the declarations' intervals (the taking table's
keep six places, :data:`belote_lab.studies.taking_study.Z`)."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson interval ``(low, high)`` of a share, rounded to 3 decimals.

    >>> wilson(0, 10)
    (0.0, 0.278)
    """
    if n <= 0:
        return (float("nan"), float("nan"))
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (round(float(max(0.0, centre - half)), 3), round(float(min(1.0, centre + half)), 3))


def mean_ci(values: Sequence[float] | np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean with its 95% normal interval, rounded to 3 decimals."""
    v = np.asarray(values, dtype=float)
    n = v.size
    if n == 0:
        return (float("nan"), float("nan"), float("nan"))
    m = float(v.mean())
    if n < 2:
        return (round(m, 3), float("nan"), float("nan"))
    half = z * float(v.std(ddof=1)) / math.sqrt(n)
    return (round(m, 3), round(m - half, 3), round(m + half, 3))
