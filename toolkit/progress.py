"""One progress display for every long command (build, simulate, check, compare):

    with progress("rendering faces", total=len(faces)) as step:
        for face in faces:
            ...
            step()                      # one more done
        step(0, note="+12.9 ± 8.9 pp")  # a running estimate, shown beside the bar

On a terminal it is a rich progress bar on stderr (done/total, elapsed, time left, the
note); when stderr is not a terminal (CI logs, pipes) it prints a plain line at most every
`every` seconds and one at the end, so long runs are never silent and logs stay short.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterator

Step = Callable[..., None]


@contextmanager
def progress(label: str, total: int | None = None, *, stream=None, every: float = 10.0,
             enabled: bool = True) -> Iterator[Step]:
    stream = sys.stderr if stream is None else stream
    if not enabled:
        yield lambda advance=1, note=None: None
        return
    if getattr(stream, "isatty", lambda: False)():
        with _bar(label, total, stream) as step:
            yield step
        return
    with _lines(label, total, stream, every) as step:
        yield step


@contextmanager
def _bar(label: str, total: int | None, stream) -> Iterator[Step]:
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)

    left = [TextColumn("left"), TimeRemainingColumn()] if total else []  # none: open-ended
    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), *left, TextColumn("{task.fields[note]}")]
    with Progress(*columns, console=Console(file=stream), transient=False) as bar:
        task = bar.add_task(label, total=total, note="")

        def step(advance: int = 1, note: str | None = None) -> None:
            bar.update(task, advance=advance, **({"note": note} if note is not None else {}))

        yield step


@contextmanager
def _lines(label: str, total: int | None, stream, every: float) -> Iterator[Step]:
    start = last = time.monotonic()
    state = {"done": 0, "note": ""}

    def line() -> str:
        of = f"/{total}" if total else ""
        note = f", {state['note']}" if state["note"] else ""
        return f"{label}: {state['done']}{of} ({time.monotonic() - start:.0f} s{note})"

    def step(advance: int = 1, note: str | None = None) -> None:
        nonlocal last
        state["done"] += advance
        if note is not None:
            state["note"] = note
        if time.monotonic() - last >= every:
            last = time.monotonic()
            print(line(), file=stream, flush=True)

    yield step
    if time.monotonic() - start >= every:  # a short run needs no closing line
        print(line(), file=stream, flush=True)
