"""How long validating the bundled game takes: both passes in-process (median of several
runs, after one warm-up) and the whole `toolkit validate` command in a fresh process."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from toolkit import BUNDLED_PROJECT
from toolkit.content.validate import validate_project


def in_process(root: Path, runs: int) -> list[float]:
    validate_project(root)  # warm-up: imports and pydantic schema building
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        validate_project(root)
        times.append(time.perf_counter() - start)
    return times


def command(root: Path, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "toolkit", "validate", str(root)], check=True,
                       stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else BUNDLED_PROJECT
    files = len(list((root / "cards").glob("*.yaml")))
    warm = in_process(root, 15)
    cold = command(root, 5)
    print(f"project: {root} ({files} YAML files)")
    print(f"validate_project (both passes, warm): median {statistics.median(warm) * 1000:.0f} ms"
          f" over {len(warm)} runs (min {min(warm) * 1000:.0f} ms)")
    print(f"`toolkit validate` (fresh process, imports included): median "
          f"{statistics.median(cold) * 1000:.0f} ms over {len(cold)} runs")


if __name__ == "__main__":
    main()
