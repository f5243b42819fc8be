"""A Dask client for simulation batches: the given scheduler, or a private LocalCluster of
worker processes listening on loopback only, without a dashboard. One client per process and
per scheduler address (or local worker count) is kept open and reused by every run, so a
`toolkit compare` pays the cluster start-up once, not once per batch; they close at exit."""

from __future__ import annotations

import atexit
import logging
from typing import Any

from toolkit.errors import UsageError

CONNECT_TIMEOUT = "20s"
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


def _local_cluster(workers: int):
    from distributed import LocalCluster

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
