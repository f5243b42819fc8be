"""The preview server: a ThreadingHTTPServer on 127.0.0.1 whose routes are

    /                 the gallery (gallery.html)
    /api/state        the current snapshot as JSON (cards, problems, version)
    /face/LANG/KEY    one face as a web page, made by the build's templates
    /events           Server-Sent Events: the snapshot version, pushed on every change
    /reports          the latest simulate and compare reports of the project's output/
    /fs/PATH          a file inside the project or the toolkit's templates (icons, CSS, art)

A watcher thread (watchfiles) takes a new snapshot whenever a YAML, template, style, icon or
art file of the project changes, and wakes every open /events stream."""

from __future__ import annotations

import json
import mimetypes
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from toolkit.serve.snapshot import Snapshot, take

PAGE = Path(__file__).with_name("gallery.html")
WATCHED = {".yaml", ".yml", ".j2", ".html", ".css", ".svg", ".png", ".jpg", ".jpeg", ".webp",
           ".ttf", ".otf", ".woff", ".woff2", ".py"}
WATCHED_DIRS = ("cards", "templates", "icons", "art", "rules")
IGNORED_DIRS = {"output", ".schemas", ".git", "__pycache__", ".vscode"}


class Preview:
    """The project, its latest snapshot and the watcher that renews it."""

    def __init__(self, project: Path, trust: bool = False):
        self.project = Path(project).resolve()
        self.trust = trust
        self.changed = threading.Condition()
        self.stop = threading.Event()
        self.snapshot = take(self.project, 1, trust, None)

    def refresh(self) -> None:
        snap = take(self.project, self.snapshot.version + 1, self.trust, self.snapshot)
        with self.changed:
            self.snapshot = snap
            self.changed.notify_all()

    def watch(self) -> None:
        from watchfiles import watch

        def relevant(_change, path: str) -> bool:
            rel = Path(path).relative_to(self.project).parts if path.startswith(
                str(self.project)) else ()
            return Path(path).suffix.lower() in WATCHED and not IGNORED_DIRS & set(rel)

        for _ in watch(*self.watched(), watch_filter=relevant, stop_event=self.stop,
                       debounce=400, step=30, yield_on_timeout=False):
            self.refresh()

    def watched(self) -> list[Path]:
        """The project's content folders (not the whole folder: it may hold a venv)."""
        found = [self.project / name for name in WATCHED_DIRS if (self.project / name).is_dir()]
        return found if (self.project / "cards").is_dir() else [self.project]

    def wait(self, version: int, timeout: float) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.snapshot.version != version or self.stop.is_set(),
                                  timeout=timeout)
            return self.snapshot.version


def make_server(preview: Preview, host: str = "127.0.0.1", port: int = 8000) -> ThreadingHTTPServer:
    class Handler(_Handler):
        app = preview

    server = _Server((host, port), Handler)
    server.daemon_threads = True
    return server


class _Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that drops a connection (a reloaded frame, a closed tab) is normal."""
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    app: Preview
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # quiet: the terminal shows what changed instead
        pass

    def do_GET(self):  # noqa: N802 - the http.server name
        path = unquote(urlsplit(self.path).path)
        snap = self.app.snapshot
        if path == "/":
            return self._send(PAGE.read_bytes(), "text/html; charset=utf-8")
        if path == "/api/state":
            return self._send(json.dumps(snap.state(), ensure_ascii=False).encode(),
                              "application/json")
        if path.startswith("/face/"):
            lang, _, key = path[len("/face/"):].partition("/")
            page = snap.pages.get((lang, key))
            if page is None:
                return self._error(HTTPStatus.NOT_FOUND, f"no face '{key}' in '{lang}'")
            return self._send(page.encode(), "text/html; charset=utf-8")
        if path == "/events":
            return self._events()
        if path == "/favicon.ico":
            return self._send(b"", "image/x-icon")
        if path == "/reports":
            from toolkit.serve.reports import reports_page
            return self._send(reports_page(self.app.project).encode(), "text/html; charset=utf-8")
        if path.startswith("/fs/"):
            return self._file(Path(path[len("/fs"):]), snap)
        return self._error(HTTPStatus.NOT_FOUND, "not found")

    def _file(self, path: Path, snap: Snapshot):
        try:
            real = path.resolve(strict=True)
        except (OSError, RuntimeError):
            return self._error(HTTPStatus.NOT_FOUND, "no such file")
        roots = snap.roots or (self.app.project,)
        if not real.is_file() or not any(real.is_relative_to(r) for r in roots):
            return self._error(HTTPStatus.FORBIDDEN, "outside the project and the templates")
        kind = mimetypes.guess_type(real.name)[0] or "application/octet-stream"
        return self._send(real.read_bytes(), kind)

    def _events(self):
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "keep-alive")
        self.end_headers()
        version = None
        try:
            while not self.app.stop.is_set():
                now = self.app.snapshot.version if version is None else \
                    self.app.wait(version, timeout=15)
                message = f"data: {now}\n\n" if now != version else ": still here\n\n"
                self.wfile.write(message.encode())
                self.wfile.flush()
                version = now
        except (BrokenPipeError, ConnectionResetError):
            return
        self.close_connection = True

    def _send(self, body: bytes, kind: str):
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _error(self, status: HTTPStatus, message: str):
        body = message.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
