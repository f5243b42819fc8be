"""A piece of the report computed aside, in a forked child, while the parent goes on with
the rest (the workers are idle once the games are played): `aside(fn)` starts fn() in a
child and returns a function that waits for its result. Where forking is not safe (another
platform, threads running) or not worth it, fn() runs in place. The child computes the
same thing from the same memory, so the result is the same either way."""

from __future__ import annotations

import multiprocessing
import sys
import threading
from typing import Any, Callable


def aside(fn: Callable[[], Any], worth: bool = True) -> Callable[[], Any]:
    """fn() in a forked child when `worth` it and safe; call the returned function for its
    result (an exception in the child is raised here)."""
    if not worth or not sys.platform.startswith("linux") or threading.active_count() > 1:
        result = fn()
        return lambda: result
    context = multiprocessing.get_context("fork")
    mine, theirs = context.Pipe(duplex=False)

    def child():
        try:
            out = (True, fn())
        except BaseException as exc:  # noqa: BLE001 - handed to the parent, raised there
            out = (False, exc)
        theirs.send(out)
        theirs.close()

    process = context.Process(target=child, daemon=True)
    process.start()
    theirs.close()

    def result():
        try:
            ok, value = mine.recv()
        except EOFError:  # the child died without an answer: do it here
            process.join()
            return fn()
        process.join()
        if not ok:
            raise value
        return value

    return result
