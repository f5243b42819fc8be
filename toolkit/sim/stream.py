"""A run's games.jsonl, written as batches arrive: records go to `games.partial.jsonl` in
game order (each contiguous run of finished games as soon as it is complete, flushed), so a
run killed at any point leaves a valid file of whole lines; at the end the rest is written
in order and the file renamed to games.jsonl. `--resume` reads both files back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Mapping

from toolkit.errors import UsageError
from toolkit.guarded_files import open_stream, rename

PARTIAL = "games.partial.jsonl"
FINAL = "games.jsonl"


def line(record: Mapping[str, Any]) -> str:
    """One compact JSON record and its line end (as `toolkit.sim.output.jsonl`)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def as_bytes(value: Any) -> bytes:
    """A games.jsonl line as bytes: given as bytes (a worker's), text, or a record."""
    if isinstance(value, bytes):
        return value
    return (value if isinstance(value, str) else line(value)).encode("utf-8")


class GamesStream:
    """Writes games by index into `folder`/games.partial.jsonl: records, or their lines
    already serialized (text or bytes, as a worker sends them); `have` (index -> record or
    line, from a resumed run) is written in its place among them. Only the games that
    wait for an earlier one are held."""

    def __init__(self, folder: Path, have: Mapping[int, Any] | None = None):
        self.folder = Path(folder)
        self.path = self.folder / PARTIAL
        self.pending: dict[int, bytes] = {i: as_bytes(v) for i, v in (have or {}).items()}
        self.next = 0
        self.handle = open_stream(self.path, self.folder)
        self.out = self.handle.buffer  # lines go out as bytes
        self._write_ready()

    def add(self, pairs: Iterable[tuple[int, Any]]) -> None:
        self.pending.update((i, as_bytes(v)) for i, v in pairs)
        self._write_ready()

    def _write_ready(self) -> None:
        start = self.next
        while self.next in self.pending:
            self.out.write(self.pending.pop(self.next))
            self.next += 1
        if self.next != start:
            self.out.flush()

    def finish(self) -> Path:
        """Writes what is left in game order (after a gap, if the run stopped early) and
        renames the file to games.jsonl; returns its path."""
        for index in sorted(self.pending):
            self.out.write(self.pending[index])
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


def match_saved(folder: Path, plan, content_hash: str) -> dict[int, dict]:
    """The saved records of this run's planned games, by game index. A record of another
    run (other seed, -n, players or agents) or of other content stops with one line."""
    slots: dict[tuple, list[int]] = {}
    for game in reversed(plan):
        slots.setdefault((game.seed, tuple(game.agents)), []).append(game.index)
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
        if not slots.get(key):
            raise UsageError(f"{where}: game seed {record['seed']} is not one of this run's "
                             "games (other --seed, -n, --players or --agents?); give the "
                             "same options, or run without --resume")
        seen.add((key, text))
        have[slots[key].pop()] = record
    return have
