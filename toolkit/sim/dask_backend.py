"""A Dask client for simulation batches: the given scheduler, or a private LocalCluster of
worker processes listening on loopback only, without a dashboard. One client per process and
per scheduler address (or local worker count) is kept open and reused by every run, so a
`toolkit compare` pays the cluster start-up once, not once per batch; they close at exit."""

from __future__ import annotations

import atexit
import logging
from typing import Any

from toolkit.errors import UsageError
from toolkit.worker_isolation import isolate_workers

CONNECT_SECONDS = 20
CONNECT_TIMEOUT = f"{CONNECT_SECONDS}s"
NETWORK_SCHEMES = ("tcp", "tls", "ws", "wss")  # what a scheduler in another process listens on
_OPEN: dict[tuple, tuple[Any, Any]] = {}  # key -> (client, LocalCluster or None)


def _key(workers: int, scheduler: str | None) -> tuple:
    return ("scheduler", scheduler) if scheduler else ("local", workers)


def shared_client(workers: int, scheduler: str | None = None):
    """The process's connected `distributed.Client` for this scheduler (or for a LocalCluster
    of `workers` processes), started on first use and reused while it is running."""
    key = _key(workers, scheduler)
    if key in _OPEN:
        if _OPEN[key][0].status == "running":
            return _OPEN[key][0]
        _close(*_OPEN.pop(key))
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - dask[distributed] is a declared dependency
        raise UsageError("--backend dask needs dask[distributed] installed") from None
    if scheduler:
        check_scheduler(scheduler)
        try:
            client, cluster = Client(scheduler, timeout=CONNECT_TIMEOUT), None
        except (OSError, TimeoutError, ValueError) as exc:
            raise UsageError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    else:
        cluster = _local_cluster(workers)
        client = Client(cluster)
    if not _OPEN:
        atexit.register(close_all)
    _OPEN[key] = (client, cluster)
    return client


def check_scheduler(address: str) -> None:
    """A one-line UsageError unless a Dask scheduler answers at `address` within
    CONNECT_SECONDS. `distributed` itself waits for ever on a port that accepts the
    connection but never speaks its protocol (a web server, say), and gives unclear
    messages for addresses no command-line run can use (inproc://, ucx:// without ucx)."""
    from distributed.comm.addressing import parse_address

    scheme, location = parse_address(address)
    if scheme == "ucx":
        raise UsageError(f"--scheduler {address}: ucx:// needs the ucx-py package, which the "
                         "toolkit does not install; give the scheduler's tcp:// address")
    if scheme not in NETWORK_SCHEMES:
        raise UsageError(f"--scheduler {address}: '{scheme}://' is not an address another "
                         "process can reach; give the tcp://HOST:PORT address a running "
                         "Dask scheduler printed")
    host, _, port = location.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--scheduler {address}: give it as {scheme}://HOST:PORT, the address "
                         "a running Dask scheduler printed")
    import asyncio

    try:
        kind = asyncio.run(asyncio.wait_for(_identity(address), CONNECT_SECONDS))
    except TimeoutError:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: nothing there answered "
                         f"as a Dask scheduler within {CONNECT_SECONDS} s") from None
    except (OSError, ValueError, TypeError, ImportError) as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {reason}") from None
    if kind != "Scheduler":
        raise UsageError(f"--scheduler {address}: that is a Dask {kind or 'peer'}, not a "
                         "scheduler; give the scheduler's address")


async def _identity(address: str) -> str | None:
    """The `type` a Dask peer at `address` reports for itself ('Scheduler', 'Worker', …)."""
    from distributed.comm import connect

    comm = await connect(address, timeout=CONNECT_SECONDS)
    try:
        await comm.write({"op": "identity", "reply": True})
        answer = await comm.read()
    finally:
        comm.abort()
    return answer.get("type") if isinstance(answer, dict) else None


def _local_cluster(workers: int):
    from distributed import LocalCluster

    isolate_workers()  # its workers are spawned with `python -c`: the project is not on their path
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                        host="127.0.0.1", dashboard_address=None,
                        scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
                        silence_logs=logging.ERROR)


def _close(client, cluster) -> None:
    for thing in (client, cluster):
        if thing is not None:
            try:
                thing.close()
            except Exception:  # noqa: BLE001 - already gone: nothing left to close
                pass


def close_all() -> None:
    """Closes every client and LocalCluster this process opened (registered with atexit)."""
    while _OPEN:
        _close(*_OPEN.popitem()[1])
    atexit.unregister(close_all)


def threads(client) -> int:
    """The worker threads of the client's cluster now (0 when it has no worker)."""
    try:
        known = client.scheduler_info().get("workers") or {}
    except Exception:  # noqa: BLE001 - the scheduler went away: the run loop says so
        return 0
    return sum(int(w.get("nthreads", 1) or 1) for w in known.values())


POLL_SECONDS = 0.05  # how often the parent looks for finished batches


def gather_batches(client, next_work, submit, window: int, workers: int, collect,
                   wait_workers: float, where: str, stopped) -> None:
    """Sends batches (`submit(next_work())` -> future, until next_work() is None) with
    `window` a worker in flight (the cluster's worker threads, at least `workers`), and
    `collect(result)` for each as it finishes, sending the next. With no worker for
    `wait_workers` seconds, or the scheduler lost, the rest is cancelled and
    `stopped(message)` raised: one line naming `where`. Ctrl-C collects what has finished
    and re-raises."""
    import time
    from concurrent.futures import CancelledError

    from distributed import as_completed
    from distributed.comm import CommClosedError

    # with_results: a result is fetched in the background, so that one whose worker died
    # before it was fetched (Dask re-runs it, waiting for a worker) cannot block this loop
    ready = as_completed(with_results=True)
    running: dict = {}  # the futures in flight, in the order sent

    def fill(slots: int) -> None:
        while len(running) < window * max(workers, slots):
            work = next_work()
            if work is None:
                return
            future = submit(work)
            running[future] = None
            ready.add(future)

    # their "failed to reconnect" and a background fetch's traceback: our one line says it
    quiet = [logging.getLogger(name) for name in ("distributed.client", "tornado.application")]
    levels = [log.level for log in quiet]
    for log in quiet:
        log.setLevel(logging.CRITICAL)
    alone_since = None
    slots = workers
    try:
        fill(slots)
        while not ready.is_empty():
            if ready.has_ready():
                for future, result in ready.next_batch(block=False):
                    if future.cancelled() or isinstance(result, (CancelledError,
                                                                 CommClosedError)):
                        raise stopped(_lost(where, client))
                    running.pop(future, None)
                    collect(result)
                    future.release()  # its result is ours: the cluster may forget it
                fill(slots)
                continue
            if client.status != "running":  # "connecting": the scheduler went away
                raise stopped(_lost(where, client))
            known = client.scheduler_info().get("workers") or {}
            if not known:
                alone_since = alone_since or time.monotonic()
                if time.monotonic() - alone_since >= wait_workers:
                    raise stopped(f"no Dask worker at {where} for {wait_workers:g} s "
                                  "(all lost or none started); stopped")
            else:
                alone_since = None
                slots = sum(int(w.get("nthreads", 1) or 1) for w in known.values())
                fill(slots)
            time.sleep(POLL_SECONDS)
    except KeyboardInterrupt:
        for future in list(running):
            if future.status == "finished":
                running.pop(future)
                collect(future.result())
        _cancel(client, list(running))
        raise
    except BaseException:
        _cancel(client, list(running))
        raise  # they stay quiet: closing a lost client logs a traceback
    for log, level in zip(quiet, levels):
        log.setLevel(level)


def _lost(where: str, client) -> str:
    return f"lost the Dask scheduler at {where} mid-run; stopped"


def _cancel(client, futures) -> None:
    try:
        client.cancel(futures)
    except Exception:  # noqa: BLE001 - the scheduler is gone: nothing left to cancel
        pass
