"""A run's games.jsonl, written as batches arrive: records go to `games.partial.jsonl` in
game order (each contiguous run of finished games as soon as it is complete, in one write,
flushed), so a run killed at any point leaves a valid file of whole lines; at the end the
rest is written in order and the file renamed to games.jsonl. `--resume` reads both files
back."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from toolkit.errors import UsageError
from toolkit.guarded_files import open_stream, rename

PARTIAL = "games.partial.jsonl"
FINAL = "games.jsonl"


def line(record: Mapping[str, Any]) -> str:
    """One compact JSON record and its line end (as `toolkit.sim.output.jsonl`)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


_LINES: list = []  # the process's line writer (toolkit.sim.jsonline.Lines), made once


def lines(records: Iterable[Mapping[str, Any]]) -> bytes:
    """The games.jsonl lines of `records` (`line` of each) as one UTF-8 blob
    (toolkit.sim.jsonline: the same bytes, faster)."""
    if not _LINES:
        from toolkit.sim.jsonline import Lines
        _LINES.append(Lines())
    return _LINES[0].lines(records)


def as_bytes(value: Any) -> bytes:
    """A games.jsonl line as bytes: given as bytes (a worker's), text, or a record."""
    if isinstance(value, bytes):
        return value
    return (value if isinstance(value, str) else line(value)).encode("utf-8")


class GamesStream:
    """Writes games by index into `folder`/games.partial.jsonl: records, or their lines
    already serialized (text or bytes, as a worker sends them), or a batch's lines as one
    blob (`add_lines`); `have` (index -> record or line, from a resumed run) is written in
    its place among them. Only the games that wait for an earlier one are held (as blocks:
    first index -> (games, bytes))."""

    def __init__(self, folder: Path, have: Mapping[int, Any] | None = None):
        self.folder = Path(folder)
        self.path = self.folder / PARTIAL
        self.pending: dict[int, tuple[int, bytes]] = {
            i: (1, as_bytes(v)) for i, v in (have or {}).items()}
        self.next = 0
        self.handle = open_stream(self.path, self.folder)
        self.out = self.handle.buffer  # lines go out as bytes
        self._write_ready()

    def add(self, pairs: Iterable[tuple[int, Any]]) -> None:
        self.pending.update((i, (1, as_bytes(v))) for i, v in pairs)
        self._write_ready()

    def add_lines(self, indices: range | Sequence[int], blob: bytes) -> None:
        """The lines of games `indices` (in order) as one blob, a line each."""
        if isinstance(indices, range) and indices.step == 1:
            if len(indices):
                self.pending[indices.start] = (len(indices), blob)
        else:  # a resumed run's batch: its consecutive runs of games, a block each
            lines = blob.splitlines(keepends=True)
            if len(lines) != len(indices):
                raise ValueError(f"{len(lines)} lines for {len(indices)} games")
            first = 0
            for k in range(1, len(indices) + 1):
                if k == len(indices) or indices[k] != indices[k - 1] + 1:
                    self.pending[indices[first]] = (k - first, b"".join(lines[first:k]))
                    first = k
        self._write_ready()

    def _write_ready(self) -> None:
        parts = []
        while self.next in self.pending:
            games, blob = self.pending.pop(self.next)
            parts.append(blob)
            self.next += games
        if parts:  # one write of the contiguous run
            self.out.write(parts[0] if len(parts) == 1 else b"".join(parts))
            self.out.flush()

    def finish(self) -> Path:
        """Writes what is left in game order (after a gap, if the run stopped early) and
        renames the file to games.jsonl; returns its path."""
        self.out.write(b"".join(self.pending[i][1] for i in sorted(self.pending)))
        self.pending.clear()
        self.handle.close()
        return rename(self.path, self.folder / FINAL, self.folder)

    def abandon(self) -> None:
        """Closes the file and leaves games.partial.jsonl as it is (valid whole lines)."""
        if not self.handle.closed:
            self.handle.close()


def iter_lines(path: Path):
    """The records of a games.jsonl, one at a time."""
    with open(path, encoding="utf-8") as handle:
        for text in handle:
            if text.strip():
                yield json.loads(text)


def read_saved(folder: Path) -> list[tuple[str, int, dict]]:
    """(file name, line, record) of every saved record in games.jsonl and
    games.partial.jsonl (a last line cut short by a kill is dropped)."""
    out = []
    for name in (FINAL, PARTIAL):
        path = Path(folder) / name
        if path.is_symlink() or not path.is_file():
            continue
        lines = path.read_text(encoding="utf-8").split("\n")
        for number, text in enumerate(lines, 1):
            if not text.strip():
                continue
            try:
                record = json.loads(text)
            except ValueError:
                if number == len(lines) and not text.endswith("}"):  # cut short by a kill
                    continue
                raise UsageError(f"{path}:{number}: not a JSON record; remove the file or run "
                                 "without --resume") from None
            if not isinstance(record, dict) or "seed" not in record or "agents" not in record:
                raise UsageError(f"{path}:{number}: not a game record (no seed or agents); "
                                 "remove the file or run without --resume")
            out.append((name, number, record))
    return out


def match_saved(folder: Path, plan: Iterable, content_hash: str) -> dict[int, dict]:
    """The saved records of this run's planned games (`plan`: its games in index order,
    e.g. a RunPlan's `games(range(n))`), by game index; the plan is only walked as far as
    the saved games reach. A record of another run (other seed, -n, players or agents) or
    of other content stops with one line."""
    games = iter(plan)
    slots: dict[tuple, deque[int]] = {}  # (seed, agents) -> planned indices not yet matched

    def planned(key) -> bool:  # walks the plan until `key` has an unmatched game
        while not slots.get(key):
            game = next(games, None)
            if game is None:
                return False
            slots.setdefault((game.seed, tuple(game.agents)), deque()).append(game.index)
        return True

    have: dict[int, dict] = {}
    seen: set[tuple] = set()
    for name, number, record in read_saved(folder):
        key = (record["seed"], tuple(record["agents"]))
        where = f"{Path(folder) / name}:{number}"
        if record.get("content_hash", content_hash) != content_hash:
            raise UsageError(f"{where}: saved with other content ({record['content_hash']}, "
                             f"now {content_hash}); remove it or run without --resume")
        text = line(record)
        if (key, text) in seen:  # the same game in both files
            continue
        if not planned(key):
            raise UsageError(f"{where}: game seed {record['seed']} is not one of this run's "
                             "games (other --seed, -n, --players or --agents?); give the "
                             "same options, or run without --resume")
        seen.add((key, text))
        have[slots[key].popleft()] = record
    return have
