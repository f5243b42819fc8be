"""Float sums that come out the same on every Python version and in compiled code.

Python 3.12 made `sum()` of floats compensated (more exact, so different in the last bit
from 3.11's plain left-to-right adds). A score summed with `sum()` could then pick another
action on 3.12 than on 3.11 or in the compiled core, which adds left to right; `add_up`
adds left to right everywhere.
"""

from __future__ import annotations

from functools import reduce
from operator import add
from typing import Iterable


def add_up(values: Iterable[float]) -> float:
    """The left-to-right sum of `values`, starting from 0 (as `sum` on Python 3.11)."""
    return reduce(add, values, 0)
