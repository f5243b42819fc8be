"""The paired runner: plays each unit (one seed in every seat rotation) on both versions and
hands the finished units back in seed order, so the sequential test can look after any
unit and the run stops as soon as it decides.

On local processes (the default, more than one worker) the games stream: one pool lives
for the whole run, a few units are kept in flight ahead of the test, and no core waits for
a batch to end; when the test decides, the queued games are dropped. With one worker the
units are played here one at a time; on Dask, in batches through `toolkit.sim.batch`.
Either way the records, and so the decisions, are the same for any worker count.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import threading
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Callable, Iterable, Iterator, Sequence

from toolkit.sim.batch import (available_cores, catalog_for, check_compiled, play_batch,
                               run_games)
from toolkit.worker_isolation import isolate_workers

Unit = tuple[int, list[tuple[str, ...]]]        # (seed, the seat rotations of its line-up)
DASK_UNITS = 16                                 # units per batch (Dask, or no stream)


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct rotation of a line-up through the seats (one when all seats agree)."""
    out = []
    for r in range(len(lineup)):
        turned = tuple(lineup[r:]) + tuple(lineup[:r])
        if turned not in out:
            out.append(turned)
    return out


def play_units(root, units: Sequence[Unit], options) -> list[list[dict]]:
    """Records of each unit on one version, grouped by unit (a batch through run_games;
    interrupted: the whole units that finished)."""
    seeds = [seed for seed, turns in units for _ in turns]
    lineups = [turn for _, turns in units for turn in turns]
    records = run_games(root, seeds, lineups, workers=options.workers, backend=options.backend,
                        scheduler=options.scheduler, progress=False, trust=options.trust)
    grouped, at = [], 0
    for _, turns in units:
        if at + len(turns) > len(records):
            break
        grouped.append(records[at:at + len(turns)])
        at += len(turns)
    return grouped


def _ignore_sigint() -> None:
    """A worker leaves stopping to the parent: Ctrl-C is ignored, and the parent's SIGTERM
    handler (inherited through fork, it raises KeyboardInterrupt) gives way to the default,
    so a worker stopped because the test decided ends silently, with no traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def streaming(options) -> bool:
    """Whether the games stream through one local pool (else batches through run_games)."""
    return options.backend == "local" and (options.workers or available_cores()) > 1


class PairedRunner:
    """Plays units on the baseline and candidate roots; `interrupted` after Ctrl-C. Used as
    a context manager: the local pool's workers are forked on entering it, before a
    progress display starts a thread, and the pool is shut down on leaving it."""

    def __init__(self, roots: tuple, options, on_games: Callable[[int], None] = lambda n: None):
        self.roots = tuple(str(r) for r in roots)
        self.options = options
        self.on_games = on_games
        self.interrupted = False
        self.pool = None

    def __enter__(self) -> "PairedRunner":
        if streaming(self.options):
            self.hashes = [catalog_for(root).content_hash for root in self.roots]
            for root in self.roots:   # a compiled core's note, once, before workers fork
                check_compiled(root, self.options.trust)
            forking = sys.platform.startswith("linux") and threading.active_count() == 1
            context = multiprocessing.get_context("fork" if forking else "spawn")
            if not forking:
                isolate_workers()  # spawned with `python -c`: keep the project off their path
            self.pool = ProcessPoolExecutor(self.options.workers or available_cores(),
                                            mp_context=context, initializer=_ignore_sigint)
            self.pool.submit(abs, 0).result()   # every worker starts now (fork: at once)
        return self

    def __exit__(self, *exc) -> None:
        """The games still in flight are not needed (the test decided, or Ctrl-C): the
        workers are stopped rather than waited for, and the pool is gone on return (no
        thread of it left, so the next pool of this process may fork again)."""
        if self.pool is not None:
            for process in list(getattr(self.pool, "_processes", {}).values()):
                process.terminate()
            # not cancel_futures: the pool, now broken, fails every queued game itself
            self.pool.shutdown(wait=True)
            self.pool = None

    def run(self, units: Iterable[Unit]) -> Iterator[tuple[Unit, list, list]]:
        """(unit, baseline records, candidate records) in the order of `units`."""
        if self.pool is not None:
            yield from self._stream(iter(units))
        else:
            yield from self._batches(iter(units))

    def _batches(self, units: Iterator[Unit]):
        size = 1 if self.options.workers == 1 else DASK_UNITS   # one worker: no waste
        while not self.interrupted:
            batch = [u for _, u in zip(range(size), units)]
            if not batch:
                return
            try:
                side_a = play_units(self.roots[0], batch, self.options)
                self.on_games(sum(map(len, side_a)))
                side_b = play_units(self.roots[1], batch[:len(side_a)], self.options)
                self.on_games(sum(map(len, side_b)))
            except KeyboardInterrupt:
                self.interrupted = True
                return
            whole = min(len(side_a), len(side_b))
            self.interrupted = whole < len(batch)
            yield from zip(batch[:whole], side_a[:whole], side_b[:whole])

    def _stream(self, units: Iterator[Unit]):
        opts, pool, hashes = self.options, self.pool, self.hashes
        workers = opts.workers or available_cores()
        flight: dict = {}                      # future -> (unit number, side)
        done: dict[int, list] = {}             # unit number -> [records a, records b]
        queued: list[Unit] = []
        ahead, submitted, given = 2 * workers, 0, 0

        def submit() -> None:
            nonlocal submitted
            while submitted - given < ahead:
                unit = next(units, None)
                if unit is None:
                    return
                seed, turns = unit
                items = [(i, seed, turn) for i, turn in enumerate(turns)]
                for side in (0, 1):
                    future = pool.submit(play_batch, self.roots[side], hashes[side], items,
                                         opts.trust)
                    flight[future] = (submitted, side)
                done[submitted] = [None, None]
                queued.append(unit)
                submitted += 1

        try:
            submit()
            while given < submitted:
                finished, _ = wait(list(flight), return_when=FIRST_COMPLETED)
                for future in finished:
                    number, side = flight.pop(future)
                    records = [record for _, record in sorted(future.result())]
                    done[number][side] = records
                    self.on_games(len(records))
                while given < submitted and None not in done[given]:
                    a, b = done.pop(given)
                    unit = queued[given]
                    given += 1
                    submit()
                    yield unit, a, b
        except KeyboardInterrupt:
            self.interrupted = True
        finally:
            # the test decided (or Ctrl-C): the queued games are dropped with the workers
            # (__exit__); a future is never cancelled here, as Python 3.11's pool then
            # fails in its own thread (InvalidStateError) when the workers are stopped
            flight.clear()
