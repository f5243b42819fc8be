"""Simulation: play games with AI players, in batches, and report balance statistics.

numpy's BLAS is kept to one thread (unless the environment says otherwise, or numpy was
loaded before this package): threaded BLAS sums in an order that depends on the thread
count, so the report's last digits would change from machine to machine, and on a busy
machine its threads slowed the report's fits ×3 (issue #30, docs/scale.md).

The workers' hot modules (the reporters' tallies, the fits' rows, the games.jsonl lines:
reporters, design, unused, jsonline) are compiled Python (Cython pure Python mode, first
line `# toolkit: compile`): the import hook plays their builds only while every one is
current (toolkit/native/pure.py), else the .py files themselves (same results)."""

import os as _os
import sys as _sys

if "numpy" not in _sys.modules:
    for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        _os.environ.setdefault(_name, "1")

from toolkit.native import pure as _pure  # noqa: E402

_pure.install()  # before the compiled modules are imported
