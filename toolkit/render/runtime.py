"""How a build uses the machine beyond its render pool: independent writing tasks (the
print files and cards-1up.pdf) run in forked processes at the same time, and the cyclic
garbage collector stays off while a build runs.

A forked task starts from the parent's memory as it is (the parsed batches of a warm
`--watch` process, the faces, where each was rendered), writes its files atomically and
sends back only a small picklable result. An exception in a task (a ToolkitError, Ctrl-C)
is raised again in the parent, after every task has ended, as if the tasks had run one
after the other. Ctrl-C or SIGTERM in the parent sends SIGTERM to the children, so a build
stops at once instead of waiting for them."""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import threading
from typing import Callable, Sequence

from toolkit.errors import RenderError


def run_tasks(tasks: Sequence[Callable[[], object]], parallel: bool = True) -> list:
    """Each task's result, in order. With `parallel` (and fork available) the first task
    runs in this process and every other in a forked child, all at once. A process with
    other Python threads runs them one after the other (a fork copies only this thread,
    and a lock another thread held would stay held in the child)."""
    if not parallel or len(tasks) < 2 or not hasattr(os, "fork") \
            or threading.active_count() > 1:
        return [task() for task in tasks]
    children = [_fork(task) for task in tasks[1:]]
    try:
        first = tasks[0]()
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM here: the children stop too, not finish
        _stop(children)
        raise
    finally:  # every child is waited for, whatever this process's task did
        outcomes = [_collect(*child) if child else (True, None) for child in children]
    results = [first]
    for task, child, (ok, value) in zip(tasks[1:], children, outcomes):
        if not ok:
            raise value
        results.append(value if child else task())  # no child (fork failed): run it here
    return results


def _fork(task) -> tuple[int, int] | None:
    """A child running `task`: (its pid, the pipe its outcome comes through), or None when
    the system cannot fork now (no memory, too many processes)."""
    try:
        read, write = os.pipe()
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        os.close(read)
        os.close(write)
        return None
    if pid:
        os.close(write)
        return pid, read
    os.close(read)  # the child: run the task, send the outcome, leave without cleanup
    try:
        try:
            outcome = (True, task())
        except BaseException as exc:  # noqa: BLE001 - raised again in the parent
            outcome = (False, exc)
        try:
            data = pickle.dumps(outcome)
        except Exception as exc:  # noqa: BLE001 - an outcome that cannot travel
            data = pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
        with os.fdopen(write, "wb") as out:
            out.write(data)
    finally:
        os._exit(0)


def _stop(children) -> None:
    """SIGTERM to each child still running: it unwinds (its temporary files go) and ends,
    so that collecting the children does not wait for work nobody will use."""
    for child in children:
        if child:
            with contextlib.suppress(OSError):
                os.kill(child[0], signal.SIGTERM)


def _collect(pid: int, read: int) -> tuple[bool, object]:
    with os.fdopen(read, "rb") as source:
        data = source.read()
    _, status = os.waitpid(pid, 0)
    try:
        if data:
            return pickle.loads(data)
    except Exception:  # noqa: BLE001 - reported below as a lost result
        pass
    return False, RenderError(f"a process writing the print files ended without a result "
                              f"(wait status {status})",
                              hint="build again; --workers 1 writes them in one process")


@contextlib.contextmanager
def no_cyclic_gc():
    """The cyclic garbage collector off while building: a build makes hundreds of
    thousands of short-lived PDF objects, and in a warm process (--watch) every collection
    would also walk the parsed batches kept from earlier builds. Reference counting still
    frees almost everything; cycles wait for the next collection after the build (a warm
    process runs it after reporting, see toolkit.render.watch)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
