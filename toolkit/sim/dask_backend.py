"""A Dask client for simulation batches: the given scheduler, or a private LocalCluster of
worker processes listening on loopback only, without a dashboard."""

from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Iterator

from toolkit.errors import UsageError

CONNECT_TIMEOUT = "20s"


@contextmanager
def dask_client(workers: int, scheduler: str | None = None) -> Iterator["object"]:
    """A connected `distributed.Client`; a LocalCluster started here is closed on exit."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - dask[distributed] is a declared dependency
        raise UsageError("--backend dask needs dask[distributed] installed") from None
    if scheduler:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise UsageError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        with client:
            yield client
        return
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address=None,
                           scheduler_kwargs={"dashboard": False,
                                             "dashboard_address": "127.0.0.1:0"},
                           silence_logs=logging.ERROR)
    with cluster, Client(cluster) as client:
        yield client
