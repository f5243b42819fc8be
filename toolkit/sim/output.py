"""Writing a run's files: games.jsonl, report.json and report.html, each through a
temporary file in the same folder renamed into place."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterable, Mapping

from toolkit.errors import UsageError


def write_atomic(path: Path, text: str) -> Path:
    """Writes `text` to `path` via a temp file and a rename: readers never see half a file."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # same folder: rename is atomic
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}", file=str(path)) from None
    return path


def jsonl(records: Iterable[Mapping[str, Any]]) -> str:
    """One compact JSON record per line."""
    return "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for r in records)


def write_run(out_dir: Path, records, report: Mapping[str, Any], html: str) -> dict[str, Path]:
    """The three files of a run in `out_dir`; returns their paths by name."""
    out_dir = Path(out_dir)
    return {
        "games": write_atomic(out_dir / "games.jsonl", jsonl(records)),
        "report": write_atomic(out_dir / "report.json",
                               json.dumps(report, ensure_ascii=False, indent=1) + "\n"),
        "html": write_atomic(out_dir / "report.html", html),
    }


def check_writable(out_dir: Path) -> None:
    """Stops with one line when the output folder cannot be created or written, before
    any game is played (a probe file is written and removed)."""
    out_dir = Path(out_dir)
    probe = out_dir / f".probe.{os.getpid()}.tmp"
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise UsageError(f"cannot write to the output folder {out_dir}: "
                         f"{exc.strerror or exc}", file=str(out_dir)) from None
