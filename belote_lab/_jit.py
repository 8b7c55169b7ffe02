"""One small wrapper for the hot kernels: numba's ``njit`` when numba is installed, plain
Python otherwise (Pyodide/JupyterLite), so there is one implementation of each kernel.

Set ``BELOTE_LAB_NO_JIT=1`` to force plain Python.  (A function must live in a file for
numba's on-disk cache: ``belote_lab.solver.kernel`` is the example.)

>>> from belote_lab.solver.kernel import seat_at
>>> seat_at(3, 2, 4), seat_at(2, 1, 2)
(1, 0)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["jit", "jit_inline", "HAVE_NUMBA"]

F = TypeVar("F", bound=Callable[..., Any])

try:
    if os.environ.get("BELOTE_LAB_NO_JIT"):
        raise ImportError("JIT disabled by BELOTE_LAB_NO_JIT")
    import numba

    HAVE_NUMBA = True
except ImportError:
    numba = None
    HAVE_NUMBA = False


def jit(fn: F) -> F:
    """Compile ``fn`` with ``numba.njit(cache=True)`` when numba is available."""
    if numba is None:
        return fn
    return numba.njit(cache=True, nogil=True)(fn)  # type: ignore[no-any-return]


def jit_inline(fn: F) -> F:
    """Like :func:`jit`, and inlined into its jitted callers (for the small helpers of a hot
    loop).  An inlined helper that takes arrays may still cost atomic reference counts at each
    call (numba's pruning removes them only in simple cases): check the generated code, or
    pass scalars, where it runs at every step."""
    if numba is None:
        return fn
    return numba.njit(cache=True, nogil=True, inline="always")(fn)  # type: ignore[no-any-return]

