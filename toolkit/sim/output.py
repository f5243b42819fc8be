"""Writing a run's files: games.jsonl, report.json and report.html, each through a
temporary file in the same folder renamed into place (`toolkit.guarded_files`): the
folder may not be a link, nor be reached through a link out of the project."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Mapping

from toolkit import guarded_files
from toolkit.errors import UsageError


def write_atomic(path: Path, text: str) -> Path:
    """Writes `text` to `path` via a temp file and a rename: readers never see half a file.
    A link in the file's place that leads out of its folder is refused, never followed."""
    path = Path(path)
    return guarded_files.write_text(path, text, root=path.parent, what="its folder",
                                    error=UsageError)


def jsonl(records: Iterable[Mapping[str, Any]]) -> str:
    """One compact JSON record per line."""
    return "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for r in records)


def write_run(out_dir: Path, records, report: Mapping[str, Any], html: str,
              project: Path | None = None, games: Path | None = None) -> dict[str, Path]:
    """The three files of a run in `out_dir`; returns their paths by name. `games`: the
    games.jsonl already written (streamed, `toolkit.sim.stream`), else from `records`."""
    out_dir = check_writable(out_dir, project)
    return {
        "games": games or write_atomic(out_dir / "games.jsonl", jsonl(records)),
        "report": write_atomic(out_dir / "report.json",
                               json.dumps(report, ensure_ascii=False, indent=1) + "\n"),
        "html": write_atomic(out_dir / "report.html", html),
    }


def check_writable(out_dir: Path, project: Path | None = None) -> Path:
    """Stops with one line when the output folder is a link, is reached through a link out
    of `project`, or cannot be created or written, before any game is played (a probe file
    is written and removed)."""
    return guarded_files.prepare_folder(Path(out_dir), project)
