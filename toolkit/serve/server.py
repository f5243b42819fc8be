"""The preview server: a ThreadingHTTPServer on 127.0.0.1 whose routes are

    /                 the gallery (gallery.html)
    /api/state        the current snapshot as JSON (cards, problems, version)
    /face/LANG/KEY    one face as a web page, made by the build's templates
    /events           Server-Sent Events: the snapshot version, pushed on every change
    /reports          the latest simulate and compare reports of the project's output/
    /fs/PATH          a file inside the project or the toolkit's templates (icons, CSS, art)

Every response carries the Content-Security-Policy of toolkit.serve.policy (no project
script runs), a request whose Host header does not name this computer gets 421, a file is
streamed in chunks up to MAX_FILE_BYTES (413 beyond), and a request that fails gets a status
code and one line on the terminal, never a traceback.

A watcher thread (watchfiles) takes a new snapshot whenever a YAML, template, style, icon or
art file of the project changes, and wakes every open /events stream."""

from __future__ import annotations

import json
import mimetypes
import os
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from toolkit.errors import printable
from toolkit.serve import policy
from toolkit.serve.snapshot import Snapshot, take

PAGE = Path(__file__).with_name("gallery.html")
WATCHED = {".yaml", ".yml", ".j2", ".html", ".css", ".svg", ".png", ".jpg", ".jpeg", ".webp",
           ".ttf", ".otf", ".woff", ".woff2", ".py"}
WATCHED_DIRS = ("cards", "templates", "icons", "art", "rules")
IGNORED_DIRS = {"output", ".schemas", ".git", "__pycache__", ".vscode"}
MAX_FILE_BYTES = 64 * 1024 * 1024  # no art, font or report of a card game is larger
CHUNK = 256 * 1024


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


def make_server(preview: Preview, host: str = "127.0.0.1", port: int = 8000,
                handler: "type[_Handler] | None" = None) -> ThreadingHTTPServer:
    """A threading server on host:port for `preview` (any app `handler` serves: the
    playtest table passes its own handler class), with the Host check of `policy`."""
    class Handler(handler or _Handler):
        app = preview
        hosts = policy.allowed_hosts(host)
        any_address = policy.is_wildcard(host)

    server = _Server((host, port), Handler)
    server.daemon_threads = True
    return server


class _Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that drops a connection (a reloaded frame, a closed tab) is normal;
        anything else is one line on the terminal, never a traceback."""
        exc = sys.exc_info()[1]
        if not isinstance(exc, ConnectionError):
            log(f"serve: a request from {client_address[0]} failed: "
                f"{type(exc).__name__}: {exc}")


def log(line: str) -> None:
    """One line on the server's terminal, control characters escaped."""
    try:
        sys.stderr.write(printable(line)[:500] + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


class _Handler(BaseHTTPRequestHandler):
    app: Preview
    protocol_version = "HTTP/1.1"
    hosts = policy.allowed_hosts("127.0.0.1")
    any_address = False
    _started = False

    def log_message(self, *args):  # quiet: the terminal shows what changed instead
        pass

    def do_GET(self):  # noqa: N802 - the http.server name
        self._started = False
        try:
            self._route()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception as exc:  # noqa: BLE001 - any failure: a status, one line, no trace
            log(f"serve: GET {self.path[:200]} failed: {type(exc).__name__}: {exc}")
            self.close_connection = True
            if not self._started:
                self._error(HTTPStatus.INTERNAL_SERVER_ERROR, "the preview failed on this "
                            "request; the terminal running `toolkit serve` says why")

    def send_response(self, *args, **kwargs):
        self._started = True
        super().send_response(*args, **kwargs)

    def send_error(self, code, message=None, explain=None):
        """http.server's own refusals (501, 414, 431, a malformed request line) as plain
        one-line text under the same headers as every other response."""
        self.close_connection = True
        status = HTTPStatus(code)
        self._error(status, message or status.phrase)

    def _route(self):
        if not policy.host_ok(self.headers.get("Host"), self.hosts, self.any_address):
            return self._error(HTTPStatus.MISDIRECTED_REQUEST,
                               "this preview answers only requests for this computer "
                               "(http://127.0.0.1:PORT/ or http://localhost:PORT/)")
        path = unquote(urlsplit(self.path).path)
        if "\x00" in path:
            return self._error(HTTPStatus.BAD_REQUEST, "a NUL byte in the path")
        snap = self.app.snapshot
        if path == "/":
            nonce = policy.new_nonce()
            page = policy.with_nonce(PAGE.read_text(encoding="utf-8"), nonce)
            return self._send(page.encode(), "text/html; charset=utf-8",
                              policy.gallery_policy(nonce))
        if path == "/api/state":
            return self._send(json.dumps(snap.state(), ensure_ascii=False).encode(),
                              "application/json")
        if path.startswith("/face/"):
            lang, _, key = path[len("/face/"):].partition("/")
            page = snap.pages.get((lang, key))
            if page is None:
                return self._error(HTTPStatus.NOT_FOUND, f"no face '{key}' in '{lang}'")
            return self._send(page.encode(), "text/html; charset=utf-8", policy.FACE)
        if path == "/events":
            return self._events()
        if path == "/favicon.ico":
            return self._send(b"", "image/x-icon")
        if path == "/reports":
            from toolkit.serve.reports import reports_page
            return self._send(reports_page(self.app.project).encode(),
                              "text/html; charset=utf-8", policy.REPORTS)
        if path.startswith("/fs/"):
            return self._file(path[len("/fs"):], snap)
        return self._error(HTTPStatus.NOT_FOUND, "not found")

    def _file(self, path: str, snap: Snapshot):
        roots = snap.roots or (self.app.project,)
        if not any(Path(os.path.normpath(path)).is_relative_to(r) for r in roots):
            # refused before any look at the disk: no oracle for files elsewhere
            return self._error(HTTPStatus.FORBIDDEN, "outside the project and the templates")
        try:
            real = Path(path).resolve(strict=True)
        except (OSError, RuntimeError, ValueError):
            return self._error(HTTPStatus.NOT_FOUND, "no such file")
        if not any(real.is_relative_to(r) for r in roots):
            return self._error(HTTPStatus.FORBIDDEN, "outside the project and the templates")
        try:
            handle = open(real, "rb")  # noqa: SIM115 - closed below, streamed in chunks
        except OSError:
            return self._error(HTTPStatus.NOT_FOUND, "no such file")
        with handle:
            import stat

            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                return self._error(HTTPStatus.FORBIDDEN, "not a plain file")
            if info.st_size > MAX_FILE_BYTES:
                return self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                                   f"file is {info.st_size} bytes, over the preview's "
                                   f"{MAX_FILE_BYTES} byte cap")
            kind = mimetypes.guess_type(real.name)[0] or "application/octet-stream"
            self._head(HTTPStatus.OK, kind, info.st_size, policy.FILE)
            left = info.st_size
            while left > 0:
                chunk = handle.read(min(CHUNK, left))
                if not chunk:  # the file shrank while being sent: the length cannot be met
                    self.close_connection = True
                    break
                self.wfile.write(chunk)
                left -= len(chunk)

    def _events(self):
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        for name, value in policy.COMMON.items():
            self.send_header(name, value)
        self.send_header("Content-Security-Policy", policy.ERROR)
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

    def _head(self, status: HTTPStatus, kind: str, length: int, csp: str):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(length))
        self.send_header("Content-Security-Policy", csp)
        for name, value in policy.COMMON.items():
            self.send_header(name, value)
        self.end_headers()

    def _send(self, body: bytes, kind: str, csp: str = policy.ERROR):
        self._head(HTTPStatus.OK, kind, len(body), csp)
        self.wfile.write(body)

    def _error(self, status: HTTPStatus, message: str):
        body = message.encode()
        self._head(status, "text/plain; charset=utf-8", len(body), policy.ERROR)
        self.wfile.write(body)
