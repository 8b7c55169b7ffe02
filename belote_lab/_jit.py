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

__all__ = ["jit", "jit_inline", "prefetch", "HAVE_NUMBA"]

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
    """Like :func:`jit`, and inlined into its jitted callers by numba itself (its IR), for the
    helpers the solver's search calls at every node: the search is 12-18% faster so (100 full
    deals, ``benchmarks/bench_solver.py``, 2026-12-06).  The batch simulator's helpers are
    plain :func:`jit`: there LLVM inlines what pays at the same speed, and numba's inlining made
    its cache's warm ~4 s longer (``benchmarks/results/ci-time-2026-12-06.txt``).  An inlined
    helper that takes arrays may still cost atomic reference counts at each call (numba's
    pruning removes them only in simple cases): check the generated code, or pass scalars,
    where it runs at every step."""
    if numba is None:
        return fn
    return numba.njit(cache=True, nogil=True, inline="always")(fn)  # type: ignore[no-any-return]


def _no_prefetch(arr: Any, row: int) -> None:
    """Plain Python: nothing to prefetch."""


prefetch: Any = _no_prefetch
"""``prefetch(arr, row)`` asks the processor to bring row ``row`` of the C-contiguous 2-D
int64 array ``arr`` into its cache ahead of a read (LLVM's ``llvm.prefetch``); a no-op in
plain Python.

>>> import numpy as np
>>> prefetch(np.zeros((4, 4), dtype=np.int64), 2)
"""

if numba is not None:
    from llvmlite import ir
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    @intrinsic  # type: ignore[misc]
    def _prefetch(typingctx: Any, arr: Any, row: Any) -> Any:
        if not (isinstance(arr, types.Array) and arr.ndim == 2 and arr.layout == "C"):
            return None
        if not isinstance(row, types.Integer):
            return None

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> None:
            ary = context.make_array(sig.args[0])(context, builder, args[0])
            width = builder.extract_value(ary.shape, 1)
            offset = builder.mul(args[1], width)
            ptr = builder.gep(ary.data, [offset])
            i8p = ir.IntType(8).as_pointer()
            i32 = ir.IntType(32)
            fn = cgutils.get_or_insert_function(
                builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]),
                "llvm.prefetch.p0i8",
            )
            builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(3), i32(1)])
            return context.get_dummy_value()

        return types.none(arr, row), codegen

    prefetch = _prefetch
