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


class GamesStream:
    """Writes records by game index into `folder`/games.partial.jsonl; `have` (index ->
    record, from a resumed run) is written in its place among them."""

    def __init__(self, folder: Path, have: Mapping[int, Any] | None = None):
        self.folder = Path(folder)
        self.path = self.folder / PARTIAL
        self.pending: dict[int, Any] = dict(have or {})
        self.next = 0
        self.handle = open_stream(self.path, self.folder)
        self._write_ready()

    def add(self, pairs: Iterable[tuple[int, Any]]) -> None:
        self.pending.update(pairs)
        self._write_ready()

    def _write_ready(self) -> None:
        start = self.next
        while self.next in self.pending:
            self.handle.write(line(self.pending.pop(self.next)))
            self.next += 1
        if self.next != start:
            self.handle.flush()

    def finish(self) -> Path:
        """Writes what is left in game order (after a gap, if the run stopped early) and
        renames the file to games.jsonl; returns its path."""
        for index in sorted(self.pending):
            self.handle.write(line(self.pending[index]))
        self.pending.clear()
        self.handle.close()
        return rename(self.path, self.folder / FINAL, self.folder)

    def abandon(self) -> None:
        """Closes the file and leaves games.partial.jsonl as it is (valid whole lines)."""
        if not self.handle.closed:
            self.handle.close()


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
