"""What the tests of served pages share (tests/daily/test_serve.py,
tests/hostile/test_serve_attacks.py, tests/play/): a server answering in a thread on a free
port, `toolkit serve`'s preview served so, and the system Chromium (apt package `chromium`)
driven by Playwright. Imported as `serve_kit` (tests/ is on the path: tests/conftest.py)."""

from __future__ import annotations

import shutil
import threading
import time
from contextlib import contextmanager

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync"]


@contextmanager
def in_thread(server, poll: float = 0.05):
    """`server` (an http.server) answering in a daemon thread for the block: yields its base
    URL; shut down and closed after."""
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": poll},
                              daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def preview_served(project, host: str = "127.0.0.1", watch: bool = False):
    """`toolkit serve` of `project` (rules trusted) on a free port: yields (base URL, port,
    the Preview). `watch` also runs the watcher that picks up saved edits."""
    from toolkit.serve.server import Preview, make_server

    preview = Preview(project, trust=True)
    server = make_server(preview, host=host, port=0)
    with in_thread(server, poll=0.1 if watch else 0.05) as url:
        if watch:
            threading.Thread(target=preview.watch, daemon=True).start()
            time.sleep(0.3)  # the watcher's first scan
        try:
            yield url, server.server_address[1], preview
        finally:
            preview.stop.set()
            with preview.changed:
                preview.changed.notify_all()


def chromium():
    """The body of a module-scoped `browser` fixture: one system Chromium for the module
    (starting it is the slow part). Playwright is a test dependency and the browser a system
    package: either missing is a failure, never a skip or a download."""
    from playwright import sync_api

    assert CHROMIUM is not None, "no system Chromium: apt-get install chromium (README)"
    with sync_api.sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
