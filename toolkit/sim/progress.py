"""The progress bar of a simulation run: games done, games per second and time left."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn,
                           TextColumn, TimeRemainingColumn)
from rich.text import Text


class GamesPerSecond(ProgressColumn):
    """Finished games per second, averaged over the run so far."""

    def render(self, task) -> Text:
        elapsed = task.finished_time if task.finished else task.elapsed
        if not elapsed or not task.completed:
            return Text("– games/s", style="progress.data.speed")
        return Text(f"{task.completed / elapsed:,.1f} games/s", style="progress.data.speed")


@contextmanager
def game_progress(total: int, enabled: bool = True) -> Iterator[Callable[[int], None]]:
    """Yields `advance(n)`; draws a bar on stderr when enabled."""
    if not enabled:
        yield lambda n: None
        return
    bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                   GamesPerSecond(), TextColumn("ETA"), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=False)
    with bar:
        task = bar.add_task("games", total=total)
        yield lambda n: bar.advance(task, n)
