"""The C Mersenne Twister (toolkit.native.mt) against random.Random: 10^6 draws each.

    .venv/bin/python bench/native_rng.py [draws]

For each kind of draw the engines make (random(), getrandbits(32), _randbelow(6) as in
shuffles and randrange) prints ns per draw, CPU time, best of 5:
  python loop   random.Random method called from a Python loop (what the engine does today)
  wrapper loop  toolkit.native.mt.Random method called from a Python loop
  C loop        the same draws in C without the GIL (what a compiled core does)
and checks that all three give the same sum.
"""

from __future__ import annotations

import random
import sys
import time

from toolkit.native import load

mt = load("toolkit.native.mt", "random")
if mt.__name__ != "toolkit.native.mt":
    sys.exit("toolkit.native.mt is not built: pip install -e . with a C compiler first")

KINDS = {"random()": ("random", 0), "getrandbits(32)": ("getrandbits", 32),
         "_randbelow(6)": ("randbelow", 6)}


def best_of(runs: int, work) -> tuple[float, object]:
    best, value = float("inf"), None
    for _ in range(runs):
        start = time.process_time()
        value = work()
        best = min(best, time.process_time() - start)
    return best, value


def python_loop(rng, kind: str, arg: int, n: int):
    if kind == "random":
        draw, total = rng.random, 0.0
        for _ in range(n):
            total += draw()
        return total
    draw = rng.getrandbits if kind == "getrandbits" else rng._randbelow
    total = 0
    for _ in range(n):
        total += draw(arg)
    return total


def main(n: int = 1_000_000) -> None:
    print(f"{n:,} draws each, CPU ns per draw (best of 5)")
    print(f"{'draw':<16}{'python loop':>13}{'wrapper loop':>14}{'C loop':>9}{'C vs python':>13}")
    for label, (kind, arg) in KINDS.items():
        py_t, py_v = best_of(5, lambda: python_loop(random.Random(7), kind, arg, n))
        wr_t, wr_v = best_of(5, lambda: python_loop(mt.Random(7), kind, arg, n))
        c_t, c_v = best_of(5, lambda: mt.Random(7).draw_sum(n, kind, arg))
        assert py_v == wr_v == c_v, (label, py_v, wr_v, c_v)
        ns = [t / n * 1e9 for t in (py_t, wr_t, c_t)]
        print(f"{label:<16}{ns[0]:>13.1f}{ns[1]:>14.1f}{ns[2]:>9.1f}{py_t / c_t:>12.0f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
