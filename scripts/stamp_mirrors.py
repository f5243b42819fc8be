"""Write the digests of the Python modules that compiled modules mirror.

A `.pyx` or `.pxd` that re-states Python code names each mirrored module in a line

    # mirrors: toolkit/games/caravans/engine/armory.py sha256:0123456789abcdef

(see toolkit/native/builds.py). When such a `.py` changes, the compiled module is refused
and the Python engine plays, until the change is ported. After porting it, run

    python scripts/stamp_mirrors.py          # rewrite every digest to the current files
    python scripts/stamp_mirrors.py --check  # list stale stamps; exit 1 if there are any

then `pip install -e .` to rebuild what changed. A new mirror is added by writing its line
(any 16 hex digits) and running the script.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.native import builds  # noqa: E402


def sources() -> list[Path]:
    """Every .pyx and .pxd of the toolkit package, sorted."""
    package = ROOT / "toolkit"
    return sorted([*package.rglob("*.pyx"), *package.rglob("*.pxd")])


def stale() -> list[tuple[Path, str]]:
    """(compiled source, mirrored .py) of every stamp that no longer matches its file."""
    found = []
    for path in sources():
        for python, ported in builds.mirrors(path):
            if builds.digest(ROOT / python) != ported:
                found.append((path, python))
    return found


def stamp() -> int:
    """Rewrite every stale digest; the number of lines changed."""
    changed = 0
    for path in sources():
        text = path.read_text(encoding="utf-8")

        def fresh(match):
            nonlocal changed
            now = builds.digest(ROOT / match.group(1))
            if now is None:
                raise SystemExit(f"{path.relative_to(ROOT)}: mirrored {match.group(1)} "
                                 "does not exist")
            if now != match.group(2):
                changed += 1
            return f"# mirrors: {match.group(1)} sha256:{now}"

        new = builds.MIRRORS.sub(fresh, text)
        if new != text:
            path.write_text(new, encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check"]:
        faults = stale()
        for path, python in faults:
            print(f"{path.relative_to(ROOT)}: {python} changed since it was ported")
        return 1 if faults else 0
    if argv[1:]:
        print(__doc__)
        return 2
    print(f"{stamp()} stamp(s) rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
