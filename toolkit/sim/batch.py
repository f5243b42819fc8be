"""Runs many games in batches on local processes or a Dask cluster.

A batch is a list of (index, seed, agents) (`run_games`: compare, balance, the ladder) or a
`Planned` batch: the run's plan (toolkit.sim.plan.RunPlan) and its game indices, from which
the worker derives its games (`run_planned`: simulate, so the parent holds no per-game
object). Batches are made as they are sent, a window of a few a worker in flight and a new
one as each comes back, so nothing in the parent grows with the run; a tallied run's
batches grow to about TARGET_SECONDS of play. Each worker process loads the catalog once
from the project path and checks its content hash; only compact results travel back.
Results come back in game order, so a run gives the same records whatever the worker
count, batch size or backend. Ctrl-C stops the run: batches already running finish, queued
ones are dropped, and the finished records are returned. A Dask run that cannot go on (no
worker for `wait_workers` seconds, the scheduler lost) raises `RunStopped`, which carries
the finished records.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, Callable, NamedTuple, Sequence

from toolkit.errors import ContentError, RulesError, ToolkitError, UsageError
from toolkit.progress import progress as show_progress
from toolkit.worker_isolation import isolate_workers

Record = dict[str, Any]
Item = tuple[int, int, tuple[str, ...]]  # (game index, seed, agents)
MAX_BATCH = 50
TARGET_SECONDS = 0.4  # a tallied batch grows to about this much play (CPU time)...
MAX_GROWN = 400       # ...up to this many games
WINDOW = 3            # batches in flight a worker
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


class Planned(NamedTuple):
    """A batch as sent to a worker: the run's plan and the game indices to play (a range,
    or a tuple on resume); the worker derives each game from them."""

    plan: Any  # toolkit.sim.plan.RunPlan
    indices: range | tuple[int, ...]

    def items(self) -> list[Item]:
        return [(g.index, g.seed, g.agents) for g in self.plan.games(self.indices)]


def play_batch(project_root: str, content_hash: str, items: Sequence[Item] | Planned,
               trust: bool = False) -> list[tuple[int, Record]]:
    """Plays one chunk of games in this process: [(game index, record)]. Records keep the
    action count (`length`), not the actions: a replay re-plays them from the seed."""
    from toolkit.games import game_for

    if isinstance(items, Planned):
        items = items.items()
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


def play_tallied(project_root: str, content_hash: str, items: Sequence[Item] | Planned,
                 trust: bool = False) -> "Tallied":
    """`play_batch`, with the parent's share of the work done here: the batch's games.jsonl
    lines (one bytes blob) and its tally of every reporter of the report
    (toolkit.sim.reporters), so the parent only writes the lines and merges the tallies."""
    from toolkit.games import game_for
    from toolkit.sim.reporters import RunReporters
    from toolkit.sim.stream import lines

    start = time.thread_time()  # CPU time: a busy machine does not shrink the batches
    pairs = play_batch(project_root, content_hash, items, trust)
    key = (str(project_root), content_hash)
    if key not in _REPORTERS:
        catalog = catalog_for(project_root, content_hash)
        _REPORTERS.clear()
        _REPORTERS[key] = RunReporters(game_for(catalog, trust=trust, command="simulate"),
                                       catalog)
    reporters = _REPORTERS[key]
    tally = reporters.seal(reporters.add_all(reporters.empty(), pairs))
    blob = lines([r for _, r in pairs])
    indices = items.indices if isinstance(items, Planned) else tuple(i for i, _ in pairs)
    return Tallied(indices, blob, tally, time.thread_time() - start)


class Tallied:
    """A tallied batch: its game indices (in order), their games.jsonl lines as one bytes
    blob, the tally, and the CPU seconds the worker took (the batch size follows them)."""

    __slots__ = ("indices", "blob", "tally", "seconds")

    def __init__(self, indices: range | tuple[int, ...], blob: bytes, tally: dict,
                 seconds: float = 0.0):
        self.indices, self.blob, self.tally, self.seconds = indices, blob, tally, seconds

    def __len__(self) -> int:
        return len(self.indices)

    def __getstate__(self):
        return (self.indices, self.blob, self.tally, self.seconds)

    def __setstate__(self, state):
        self.indices, self.blob, self.tally, self.seconds = state


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


class Batches:
    """A run's batches, made as they are sent: `take(n)` gives the work of the next n games
    (a list of items, or a `Planned` batch). The first batches are `batch_size` games;
    with `grow`, once batches come back timed (`Tallied.seconds`, the worker's CPU time)
    each is about TARGET_SECONDS of play, at most MAX_GROWN games and a quarter of a
    worker's share (a small run keeps about four batches a worker), and the last ones
    shrink so the workers finish together. Results do not depend on the sizes."""

    def __init__(self, total: int, workers: int, take: Callable[[int], Any],
                 grow: bool = False):
        self.left, self.take, self.grow = total, take, grow
        self.per_game = 0.0  # seconds a game, a moving average of the batches back
        self.spread(workers)
        self.warming = self.workers  # the first batch back from each worker: its start-up

    def spread(self, workers: int) -> None:
        """Sizes for `workers` workers (a Dask cluster's, once known)."""
        self.workers = max(1, workers)
        self.size = batch_size(self.left, self.workers)
        self.cap = max(1, math.ceil(self.left / (4 * self.workers)))
        self.count = math.ceil(self.left / self.size) if self.left else 0  # at this size

    def one(self):
        """The next game's work alone (a batch of one), or None once every game is handed
        out."""
        if self.left <= 0:
            return None
        self.left -= 1
        return self.take(1)

    def next(self):
        """The next batch's work, or None once every game is handed out."""
        if self.left <= 0:
            return None
        n = self.size
        if self.grow:  # the tail: about a batch a worker of what is left, twice over
            n = min(n, max(MAX_BATCH // 4, math.ceil(self.left / (2 * self.workers))))
        n = min(n, self.left)
        self.left -= n
        return self.take(n)

    def timed(self, games: int, seconds: float) -> None:
        """A batch of `games` games came back after `seconds` of the worker's time. The
        average halves the weight of the older batches at each new one: a worker's first
        batch (its start-up, ~0.5 s) would soon be forgotten, and the first `workers` batches
        back (mostly such first ones) are not counted."""
        if not self.grow or games <= 0 or seconds <= 0:
            return
        if self.warming:
            self.warming -= 1
            return
        rate = seconds / games
        self.per_game = (self.per_game + rate) / 2 if self.per_game else rate
        fits = int(TARGET_SECONDS / self.per_game)
        self.size = max(1, min(self.cap, MAX_GROWN, fits))


def check_backend(backend: str, scheduler: str | None) -> None:
    """Stops on an unknown backend, or a scheduler address without the Dask backend."""
    if backend not in ("local", "dask"):
        raise UsageError(f"--backend: unknown backend '{backend}' (known: local, dask)")
    if backend == "local" and scheduler:
        raise UsageError("--scheduler needs --backend dask")


def run_games(project_root, seeds: Sequence[int], lineups: Sequence[Sequence[str]],
              workers: int | None = None, backend: str = "local", scheduler: str | None = None,
              progress: bool = True, trust: bool = False, on_batch: Callable | None = None,
              wait_workers: float = WAIT_WORKERS, tallied: bool = False,
              keep: bool = True) -> list[Record]:
    """Records of the games (seed i played by lineups[i], one agent per seat), in seed order.
    A run stopped with Ctrl-C returns the records of the games that finished; one whose Dask
    cluster failed raises RunStopped with them. `on_batch([(index, record)])` is called as
    each batch arrives (to stream them to a file). With `tallied`, the workers send each
    batch as `Tallied` (lines and the reporters' tally) to `on_batch`, and no record is
    kept or returned; without `keep`, records go to `on_batch` only (none is returned).
    (simulate plays a planned run: `run_planned`.)"""
    if len(seeds) != len(lineups):
        raise UsageError(f"{len(seeds)} seeds but {len(lineups)} line-ups")
    done: dict[int, Record] = {}
    given = [0]

    def take(n: int) -> list[Item]:
        first = given[0]
        given[0] += n
        return [(i, int(seeds[i]), tuple(lineups[i])) for i in range(first, first + n)]

    def collect(pairs):
        if keep and not tallied:
            done.update(pairs)
        if on_batch is not None:
            on_batch(pairs)

    try:
        _play(project_root, Batches(len(seeds), workers or available_cores(), take), collect,
              workers, backend, scheduler, progress, trust, wait_workers,
              play_tallied if tallied else play_batch)
    except RunStopped as stop:
        stop.records = [done[i] for i in sorted(done)]
        raise
    return [done[i] for i in sorted(done)]


def run_planned(project_root, plan, todo, on_batch: Callable, workers: int | None = None,
                backend: str = "local", scheduler: str | None = None, progress: bool = True,
                trust: bool = False, wait_workers: float = WAIT_WORKERS) -> None:
    """Plays the games `todo` (toolkit.sim.plan.Todo) of the run `plan` (RunPlan) as
    `Planned` batches: each worker derives its batch's games from the plan and sends the
    batch back tallied (`Tallied`) to `on_batch`, so nothing here holds a game of the run
    (simulate). Returns on Ctrl-C once the running batches are in; a Dask cluster that
    failed raises RunStopped."""
    batches = Batches(len(todo), workers or available_cores(),
                      lambda n: Planned(plan, todo.take(n)), grow=True)
    _play(project_root, batches, on_batch, workers, backend, scheduler, progress, trust,
          wait_workers, play_tallied)


def _play(project_root, batches: Batches, collect: Callable, workers, backend, scheduler,
          progress, trust, wait_workers, task: Callable) -> None:
    """The batch loop of run_games and run_planned: each batch's result to `collect` as it
    arrives, on the backend; Ctrl-C returns once the running batches are collected."""
    workers = workers or available_cores()
    root = str(Path(project_root).resolve())
    catalog = catalog_for(root)
    content_hash = catalog.content_hash
    from toolkit.trust import for_workers
    trust = for_workers(catalog, trust)  # workers check the files, not the trust record
    check_backend(backend, scheduler)
    total = batches.left
    local = (_start_local(root, content_hash, batches, workers, trust, task)
             if backend == "local" else None)
    count = [0]
    start = time.monotonic()
    with show_progress("simulating", total=total, enabled=progress) as step:
        def arrived(result):
            batches.timed(len(result), getattr(result, "seconds", 0.0))
            count[0] += len(result)
            collect(result)
            rate = count[0] / max(time.monotonic() - start, 1e-9)
            step(len(result), note=f"{rate:,.1f} games/s")
        try:
            if backend == "dask":
                _run_dask(root, content_hash, batches, workers, scheduler, arrived, trust,
                          wait_workers, task)
            elif local:
                _collect_local(*local, arrived)
            else:
                _run_inline(root, content_hash, batches, arrived, trust, task)
        except KeyboardInterrupt:
            pass


def check_compiled(root: str, trust: bool) -> None:
    """Before workers start: the game's compiled core (`Game.play_batch` of no job)
    checks the content here, in the parent, so that its note, if any, is printed once
    (forked workers inherit that it was)."""
    from toolkit.games import game_for

    catalog = catalog_for(root)
    game_for(catalog, trust=trust, command="simulate").play_batch(catalog, [])


def _run_inline(root, content_hash, batches: Batches, collect, trust: bool = False,
                task: Callable = play_batch) -> None:
    """One worker: every game in this process, one at a time (a tallied run: a batch at a
    time); the project's files are looked at once a batch, as a worker process does (a
    compiled game takes ~1 ms)."""
    from toolkit.content.variants import selected

    key = f"{Path(root).resolve()}\0{selected() or ''}"  # as catalog_for keys it
    while (work := batches.next()) is not None:
        catalog_for(root, content_hash)
        _FRESH.add(key)
        try:
            if task is not play_batch:  # a tallied run: one tally a batch, as a worker's
                collect(task(root, content_hash, work, trust))
                continue
            for item in (work.items() if isinstance(work, Planned) else work):
                collect(task(root, content_hash, [item], trust))
        finally:
            _FRESH.discard(key)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides how to stop


def _fill(running: dict, batches: Batches, submit: Callable, window: int) -> None:
    """Sends batches (`submit(work)` -> future) until `window` are in flight or none is
    left; `running` is the futures in flight, in the order sent."""
    while len(running) < window and (work := batches.next()) is not None:
        running[submit(work)] = None


def _start_local(root, content_hash, batches: Batches, workers, trust: bool = False,
                 task: Callable = play_batch):
    """(pool, batches, submit, running, window) with the first window of batches queued
    (WINDOW a worker), or None for a one-worker run. Called before the progress bar starts
    its thread: on Linux the workers are forked from this process and inherit its loaded
    catalog; elsewhere (or with threads running) a fork server."""
    if workers == 1 or batches.count <= 1:
        return None
    from toolkit.agents.base import BUILTIN_MODULES

    check_compiled(root, trust)

    forking = sys.platform.startswith("linux") and threading.active_count() == 1
    context = multiprocessing.get_context("fork" if forking else "forkserver")
    if not forking:
        isolate_workers()  # a fork server starts with `python -c`: keep the project off its path
        context.set_forkserver_preload(["toolkit.sim.batch", "toolkit.loop", *BUILTIN_MODULES])
    processes = min(workers, batches.count)
    pool = ProcessPoolExecutor(processes, mp_context=context, initializer=_ignore_sigint)

    def submit(work):
        return pool.submit(task, root, content_hash, work, trust)

    running: dict = {}
    if forking and task is play_tallied:
        running[_played_here(root, content_hash, batches, trust, task)] = None
    _fill(running, batches, submit, WINDOW * processes)  # the first submit forks the workers
    return pool, batches, submit, running, WINDOW * processes


def _played_here(root, content_hash, batches: Batches, trust: bool, task: Callable) -> Future:
    """The run's first game played in this process before the workers are forked, as a
    finished future that is collected like a worker's batch: what a game's compiled core
    builds once a process (Caravans' agents' tables, ~0.1 CPU-s) is then inherited by
    every worker instead of built in each. Its error, if any, is raised as a worker's."""
    future: Future = Future()
    try:
        future.set_result(task(root, content_hash, batches.one(), trust))
    except BaseException as exc:  # collected (and raised) with the batches
        future.set_exception(exc)
    return future


def _collect_local(pool, batches: Batches, submit: Callable, running: dict, window: int,
                   collect: Callable) -> None:
    """Batches as they finish, a new one sent as each arrives; on Ctrl-C, queued batches
    are dropped, running ones kept. A collected batch's future is let go (it would hold its
    result)."""
    try:
        while running:
            finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for future in [f for f in running if f in finished]:
                del running[future]
                collect(future.result())
                del future
            _fill(running, batches, submit, window)
    except KeyboardInterrupt:
        for future in running:
            future.cancel()
        pool.shutdown(wait=True)
        for future in running:
            if not future.cancelled() and future.exception() is None:
                collect(future.result())
        raise
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _run_dask(root, content_hash, batches: Batches, workers, scheduler, collect: Callable,
              trust: bool = False, wait_workers: float = WAIT_WORKERS,
              task: Callable = play_batch) -> None:
    """The same batches as futures on a Dask cluster (a LocalCluster unless --scheduler),
    through the process's shared client, a window of WINDOW a worker in flight; on an
    error the queued batches are cancelled. No worker for `wait_workers` seconds, or the
    scheduler lost: RunStopped (one line)."""
    from toolkit.sim.dask_backend import gather_batches, shared_client, threads

    check_compiled(root, trust)
    client = shared_client(workers, scheduler)  # kept open: the next call reuses it
    if scheduler and threads(client) > workers:  # a cluster: sizes for its workers
        batches.spread(threads(client))

    def submit(work):
        return client.submit(task, root, content_hash, work, trust, pure=False)

    gather_batches(client, lambda: batches.next(), submit, WINDOW, workers, collect,
                   wait_workers, scheduler or "the local cluster", RunStopped)
