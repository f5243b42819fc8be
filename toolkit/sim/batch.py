"""Runs many games in batches (chunks of seeds) on local processes or a Dask cluster.

Each worker process loads the catalog once from the project path and checks its content
hash; only compact records travel back. Results come back in game order, so a run gives the
same records whatever the worker count or backend. Ctrl-C stops the run: batches already
running finish, queued ones are dropped, and the finished records are returned. A Dask run
that cannot go on (no worker for `wait_workers` seconds, the scheduler lost) raises
`RunStopped`, which carries the finished records.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Callable, Sequence

from toolkit.errors import ContentError, RulesError, ToolkitError, UsageError
from toolkit.progress import progress as show_progress
from toolkit.worker_isolation import isolate_workers

Record = dict[str, Any]
Item = tuple[int, int, tuple[str, ...]]  # (game index, seed, agents)
MAX_BATCH = 50
WAIT_WORKERS = 60.0  # seconds a Dask run waits with no worker before it stops
_CATALOGS: dict[str, tuple[tuple, Any]] = {}  # project path -> (file signature, catalog)
_FRESH: set[str] = set()  # project paths whose files were just looked at (this batch)


class RunStopped(ToolkitError):
    """A run that could not go on; `records` are the games that finished, in game order."""

    def __init__(self, message: str, records: list | None = None):
        super().__init__(message)
        self.records = records or []


def _signature(root: Path) -> tuple:
    """Name, size and modification time of every YAML file under the project's cards/."""
    cards = root / "cards"
    files = cards.rglob("*.yaml") if cards.is_dir() else root.glob("*.yaml")
    return tuple(sorted((str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in files))


def catalog_for(project_root: str | Path, content_hash: str | None = None):
    """The project's catalog, loaded once per process (again when a YAML file changed;
    within one inline batch the files are looked at once); stops when its hash is not
    `content_hash` (the content changed during the run)."""
    from toolkit.content.validate import load_catalog

    from toolkit.content.variants import selected

    root = Path(project_root).resolve()
    key = f"{root}\0{selected() or ''}"  # each variant is a catalog of its own
    if key not in _CATALOGS or key not in _FRESH:
        signature = _signature(root)
        if key not in _CATALOGS or _CATALOGS[key][0] != signature:
            _CATALOGS[key] = (signature, load_catalog(root))
    catalog = _CATALOGS[key][1]
    if content_hash is not None and catalog.content_hash != content_hash:
        raise ContentError(f"the content of {key} changed during the run "
                           f"({catalog.content_hash} != {content_hash}); re-run the simulation")
    return catalog


def play_batch(project_root: str, content_hash: str, items: Sequence[Item],
               trust: bool = False) -> list[tuple[int, Record]]:
    """Plays one chunk of games in this process: [(game index, record)]. Records keep the
    action count (`length`), not the actions: a replay re-plays them from the seed."""
    from toolkit.games import game_for

    catalog = catalog_for(project_root, content_hash)
    game = game_for(catalog, trust=trust, command="simulate")
    compiled = game.play_batch(catalog, [(seed, agents) for _, seed, agents in items])
    if compiled is not None:
        return [(index, record) for (index, _, _), record in zip(items, compiled)]
    out = []
    for index, seed, agents in items:
        try:
            record = play_counted(game, catalog, seed, list(agents))
        except ToolkitError:
            raise
        except Exception as exc:  # an engine or agent bug: name the game so it can be replayed
            raise RulesError(f"game {index} (seed {seed}, agents {','.join(agents)}) failed: "
                             f"{type(exc).__name__}: {exc}") from None
        out.append((index, record))
    return out


_REPORTERS: dict[tuple, Any] = {}  # (project, content hash) -> the run's reporters


def play_tallied(project_root: str, content_hash: str, items: Sequence[Item],
                 trust: bool = False) -> "Tallied":
    """`play_batch`, with the parent's share of the work done here: each record as its
    games.jsonl line (bytes) and the batch's tally of every reporter of the report
    (toolkit.sim.reporters), so the parent only writes the lines and merges the tallies."""
    from toolkit.games import game_for
    from toolkit.sim.reporters import RunReporters
    from toolkit.sim.stream import line

    pairs = play_batch(project_root, content_hash, items, trust)
    key = (str(project_root), content_hash)
    if key not in _REPORTERS:
        catalog = catalog_for(project_root, content_hash)
        _REPORTERS.clear()
        _REPORTERS[key] = RunReporters(game_for(catalog, trust=trust, command="simulate"),
                                       catalog)
    reporters = _REPORTERS[key]
    tally = reporters.seal(reporters.add_all(reporters.empty(), pairs))
    return Tallied([(i, line(r).encode("utf-8")) for i, r in pairs], tally)


class Tallied:
    """A tallied batch: (game index, games.jsonl line) of each game, and the tally."""

    __slots__ = ("lines", "tally")

    def __init__(self, lines: list[tuple[int, bytes]], tally: dict):
        self.lines, self.tally = lines, tally

    def __len__(self) -> int:
        return len(self.lines)

    def __getstate__(self):
        return (self.lines, self.tally)

    def __setstate__(self, state):
        self.lines, self.tally = state


def action_kind(game, action) -> str:
    """An action's kind for the report's counts: the `kind` of a dict, the first word of a
    list, else the JSON value itself as text."""
    data = game.action_to_json(action)
    if isinstance(data, dict) and "kind" in data:
        return str(data["kind"])
    if isinstance(data, (list, tuple)) and data and isinstance(data[0], str):
        return data[0]
    return str(data)


def play_counted(game, catalog, seed: int, agents: list[str]) -> Record:
    """play_game's record plus `action_kinds` ({kind: times taken}) and, for a game that
    counts its effect operations (`Game.count_effects`), `effects_fired` ({op: times}):
    only what fired while an action was applied, not inside an agent's look-ahead."""
    from collections import Counter

    from toolkit.game import Game
    from toolkit.loop import make_record, play

    counter: Counter = Counter()
    fired: Counter = Counter()
    kinds: Counter = Counter()
    mark: dict = {}

    def before(state, action, index):
        mark.clear()
        mark.update(counter)

    def after(state, action, index):
        kinds[action_kind(game, action)] += 1
        for op, n in counter.items():
            if n != mark.get(op, 0):
                fired[op] += n - mark.get(op, 0)

    counts = type(game).count_effects is not Game.count_effects
    with game.count_effects(counter):
        played = play(game, catalog, seed, agents, before=before, after=after)
    record = make_record(game, played.state, seed, agents, played.actions, keep_actions=False)
    record["action_kinds"] = dict(sorted(kinds.items()))
    if counts:
        record["effects_fired"] = dict(sorted(fired.items()))
    return record


def available_cores() -> int:
    """The cores this process may run on (all of them unless restricted)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def batch_size(games: int, workers: int) -> int:
    """Games per batch: about four batches per worker, at most MAX_BATCH games each."""
    return max(1, min(MAX_BATCH, math.ceil(games / (4 * max(1, workers)))))


def check_backend(backend: str, scheduler: str | None) -> None:
    """Stops on an unknown backend, or a scheduler address without the Dask backend."""
    if backend not in ("local", "dask"):
        raise UsageError(f"--backend: unknown backend '{backend}' (known: local, dask)")
    if backend == "local" and scheduler:
        raise UsageError("--scheduler needs --backend dask")


def run_games(project_root, seeds: Sequence[int], lineups: Sequence[Sequence[str]],
              workers: int | None = None, backend: str = "local", scheduler: str | None = None,
              progress: bool = True, trust: bool = False, on_batch: Callable | None = None,
              wait_workers: float = WAIT_WORKERS, tallied: bool = False) -> list[Record]:
    """Records of the games (seed i played by lineups[i], one agent per seat), in seed order.
    A run stopped with Ctrl-C returns the records of the games that finished; one whose Dask
    cluster failed raises RunStopped with them. `on_batch([(index, record)])` is called as
    each batch arrives (to stream them to a file). With `tallied`, the workers send each
    batch as `Tallied` (lines and the reporters' tally) to `on_batch`, and no record is
    kept or returned (simulate: the parent's memory stays flat)."""
    if len(seeds) != len(lineups):
        raise UsageError(f"{len(seeds)} seeds but {len(lineups)} line-ups")
    workers = workers or available_cores()
    root = str(Path(project_root).resolve())
    catalog = catalog_for(root)
    content_hash = catalog.content_hash
    from toolkit.trust import for_workers
    trust = for_workers(catalog, trust)  # workers check the files, not the trust record
    items = [(i, int(s), tuple(a)) for i, (s, a) in enumerate(zip(seeds, lineups))]
    size = batch_size(len(items), workers)
    chunks = [items[i:i + size] for i in range(0, len(items), size)]
    check_backend(backend, scheduler)
    task = play_tallied if tallied else play_batch
    local = (_start_local(root, content_hash, chunks, workers, trust, task)
             if backend == "local" else None)
    done: dict[int, Record] = {}
    count = [0]
    start = time.monotonic()
    with show_progress("simulating", total=len(items), enabled=progress) as step:
        def collect(pairs):
            if not tallied:
                done.update(pairs)
            count[0] += len(pairs)
            if on_batch is not None:
                on_batch(pairs)
            rate = count[0] / max(time.monotonic() - start, 1e-9)
            step(len(pairs), note=f"{rate:,.1f} games/s")
        try:
            if backend == "dask":
                _run_dask(root, content_hash, chunks, workers, scheduler, collect, trust,
                          wait_workers, task)
            elif local:
                _collect_local(*local, collect)
            else:
                _run_inline(root, content_hash, chunks, collect, trust, task)
        except KeyboardInterrupt:
            pass
        except RunStopped as stop:
            stop.records = [done[i] for i in sorted(done)]
            raise
    return [done[i] for i in sorted(done)]


def check_compiled(root: str, trust: bool) -> None:
    """Before workers start: the game's compiled core (`Game.play_batch` of no job)
    checks the content here, in the parent, so that its note, if any, is printed once
    (forked workers inherit that it was)."""
    from toolkit.games import game_for

    catalog = catalog_for(root)
    game_for(catalog, trust=trust, command="simulate").play_batch(catalog, [])


def _run_inline(root, content_hash, chunks, collect, trust: bool = False,
                task: Callable = play_batch) -> None:
    """One worker: every game in this process, one at a time (a tallied run: a batch at a
    time); the project's files are looked at once a batch, as a worker process does (a
    compiled game takes ~1 ms)."""
    from toolkit.content.variants import selected

    key = f"{Path(root).resolve()}\0{selected() or ''}"  # as catalog_for keys it
    for chunk in chunks:
        catalog_for(root, content_hash)
        _FRESH.add(key)
        try:
            if task is not play_batch:  # a tallied run: one tally a batch, as a worker's
                collect(task(root, content_hash, chunk, trust))
                continue
            for item in chunk:
                collect(task(root, content_hash, [item], trust))
        finally:
            _FRESH.discard(key)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides how to stop


def _start_local(root, content_hash, chunks, workers, trust: bool = False,
                 task: Callable = play_batch):
    """(pool, futures) with every batch queued, or None for a one-worker run. Called before
    the progress bar starts its thread: on Linux the workers are forked from this process
    and inherit its loaded catalog; elsewhere (or with threads running) a fork server."""
    if workers == 1 or len(chunks) == 1:
        return None
    from toolkit.agents.base import BUILTIN_MODULES

    check_compiled(root, trust)

    forking = sys.platform.startswith("linux") and threading.active_count() == 1
    context = multiprocessing.get_context("fork" if forking else "forkserver")
    if not forking:
        isolate_workers()  # a fork server starts with `python -c`: keep the project off its path
        context.set_forkserver_preload(["toolkit.sim.batch", "toolkit.loop", *BUILTIN_MODULES])
    pool = ProcessPoolExecutor(min(workers, len(chunks)), mp_context=context,
                               initializer=_ignore_sigint)
    return pool, [pool.submit(task, root, content_hash, chunk, trust) for chunk in chunks]


def _collect_local(pool, futures, collect: Callable) -> None:
    """Batches as they finish; on Ctrl-C, queued batches are dropped, running ones kept.
    A collected batch's future is let go (it would hold its result: the parent's memory
    would grow with the run)."""
    waiting = dict.fromkeys(futures)  # an ordered set of the futures not collected yet
    futures.clear()
    try:
        for future in as_completed(list(waiting)):
            del waiting[future]
            collect(future.result())
            del future
    except KeyboardInterrupt:
        for future in waiting:
            future.cancel()
        pool.shutdown(wait=True)
        for future in waiting:
            if not future.cancelled() and future.exception() is None:
                collect(future.result())
        raise
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _run_dask(root, content_hash, chunks, workers, scheduler, collect: Callable,
              trust: bool = False, wait_workers: float = WAIT_WORKERS,
              task: Callable = play_batch) -> None:
    """The same batches as futures on a Dask cluster (a LocalCluster unless --scheduler),
    through the process's shared client; on an error the queued batches are cancelled.
    No worker for `wait_workers` seconds, or the scheduler lost: RunStopped (one line)."""
    from toolkit.sim.dask_backend import gather_batches, shared_client

    check_compiled(root, trust)
    client = shared_client(workers, scheduler)  # kept open: the next call reuses it
    futures = client.map(task, [root] * len(chunks), [content_hash] * len(chunks),
                         chunks, [trust] * len(chunks), pure=False)
    gather_batches(client, futures, collect, wait_workers, scheduler or "the local cluster",
                   RunStopped)
