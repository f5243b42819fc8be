"""Whether two versions must play identical games: the same cards and settings (an empty
structural diff) and byte-identical rules and agents folders. The engine is deterministic,
so such versions give the same record for every seed: a zero paired difference is then a
fact, not a sample, and the sequential test may decide "no change" at its first look."""

from __future__ import annotations

from pathlib import Path

PLAYED_DIRS = ("rules", "agents")   # besides the cards, what a game's play reads


def _files(root: Path, folder: str) -> dict[str, bytes]:
    base = root / folder
    if not base.is_dir() or base.is_symlink():
        return {}
    out = {}
    for path in sorted(base.rglob("*")):
        if "__pycache__" in path.parts or path.is_symlink() or not path.is_file():
            continue
        out[path.relative_to(base).as_posix()] = path.read_bytes()
    return out


def differing(root_a: Path, root_b: Path) -> tuple[str, ...]:
    """The folders of PLAYED_DIRS whose files differ between two project snapshots."""
    return tuple(d for d in PLAYED_DIRS if _files(Path(root_a), d) != _files(Path(root_b), d))
