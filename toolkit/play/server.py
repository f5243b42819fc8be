"""The table's web server, on the preview's foundations (`toolkit.serve`): the same Host
check (421 for a name that is not this computer), headers, one-line errors and the same
strict Content-Security-Policy (the page's own script and style by nonce; it may fetch
from the table itself and nothing else). Routes:

    GET  /                  the table page (page.html)
    GET  /api/view          the seat's view as JSON (?seat=N from 1, ?lang=en|zh)
    POST /api/act           {version, action}: a person's action, checked against the legal ones
    POST /api/bot           {version}: the agent whose turn it is moves once (with
                            `until_person: true`, the agents move until a person is to act)
    POST /api/undo          {version}: back to before the last decision a person made
    POST /api/deal          {seed}: a new game from that seed (the old one is saved)
    POST /api/save          the game so far as a record (output folder)
    POST /api/ruling        the game so far as a ruling file (output folder)

A POST must carry `Content-Type: application/json` and the page's `X-Table-Token` (a fresh
secret a server), so no other site's page can act at the table (a cross-site request can
set neither without the table's consent). Bodies are capped at MAX_BODY bytes."""

from __future__ import annotations

import json
import secrets
from http import HTTPStatus
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from toolkit.errors import ToolkitError
from toolkit.play import records
from toolkit.play.table import LANGS, Refused
from toolkit.play.view import seat_view
from toolkit.serve import policy
from toolkit.serve.server import _Handler, log
from toolkit.serve.server import make_server as serve_server

PAGE = Path(__file__).with_name("page.html")
MAX_BODY = 64 * 1024
MAX_SEED = 2**63 - 1


class Host:
    """The table, where its games are saved, and the page's settings."""

    def __init__(self, table, out: Path, lang: str = "en", pace: float = 0.8,
                 own_view: bool = True):
        self.table, self.out, self.lang, self.pace = table, Path(out), lang, pace
        self.own_view = own_view
        self.token = secrets.token_urlsafe(24)

    def save_if_played(self) -> "Path | None":
        """An abandoned or finished game with at least one action is kept."""
        table = self.table
        with table.lock:
            if table.actions and table.saved is None:
                return records.save(table, self.out)
        return None


def make_server(host_app: Host, host: str = "127.0.0.1", port: int = 8000):
    """The table's server: `toolkit serve`'s, with the table's handler."""
    return serve_server(host_app, host, port, handler=_TableHandler)


class _TableHandler(_Handler):
    app: Host

    do_POST = _Handler.do_GET  # noqa: N815 - one guarded entry for both methods

    def _route(self):
        if not policy.host_ok(self.headers.get("Host"), self.hosts, self.any_address):
            return self._error(HTTPStatus.MISDIRECTED_REQUEST,
                               "this table answers only requests for this computer "
                               "(http://127.0.0.1:PORT/ or http://localhost:PORT/)")
        url = urlsplit(self.path)
        path = unquote(url.path)
        if self.command == "POST":
            return self._post(path)
        if path == "/":
            nonce = policy.new_nonce()
            page = policy.with_nonce(PAGE.read_text(encoding="utf-8"), nonce)
            page = (page.replace("{{token}}", self.app.token)
                    .replace("{{lang}}", self.app.lang)
                    .replace("{{pace}}", str(int(self.app.pace * 1000))))
            return self._send(page.encode(), "text/html; charset=utf-8",
                              policy.gallery_policy(nonce))
        if path == "/api/view":
            try:
                return self._json(self._view(parse_qs(url.query)))
            except Refused as exc:
                return self._error(HTTPStatus(exc.status), str(exc))
        if path == "/favicon.ico":
            return self._send(b"", "image/x-icon")
        return self._error(HTTPStatus.NOT_FOUND, "not found")

    def _view(self, query) -> dict:
        table = self.app.table
        lang = (query.get("lang") or [self.app.lang])[0]
        if lang not in LANGS:
            raise Refused(f"unknown language '{lang[:20]}' (en or zh)", 400)
        with table.lock:
            seat = self._seat(query)
            return seat_view(table, seat, lang, self.app.own_view)

    def _seat(self, query) -> int:
        table = self.app.table
        asked = (query.get("seat") or [""])[0]
        if asked:
            if not asked.isdigit() or int(asked) - 1 not in table.humans:
                raise Refused(f"seat '{asked[:20]}' is not a seat a person takes here "
                              f"(people: {', '.join(str(s + 1) for s in sorted(table.humans))})",
                              400)
            return int(asked) - 1
        to_act = table.to_act()   # hot seat: the person to act, else the first person
        return to_act if to_act in table.humans else min(table.humans)

    def _post(self, path: str):
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if kind != "application/json":
            return self._error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                               "the table takes JSON requests from its own page only")
        if not secrets.compare_digest(self.headers.get("X-Table-Token") or "",
                                      self.app.token):
            return self._error(HTTPStatus.FORBIDDEN, "not the table's own page (no or a "
                               "wrong X-Table-Token): reload the table's page")
        try:
            length = int(self.headers.get("Content-Length") or "0")
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_BODY:
            self.close_connection = True
            return self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                               f"a request body of up to {MAX_BODY} bytes, please")
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except (ValueError, UnicodeDecodeError):
            return self._error(HTTPStatus.BAD_REQUEST, "the request body is not JSON")
        if not isinstance(body, dict):
            return self._error(HTTPStatus.BAD_REQUEST, "the request body is not a JSON object")
        try:
            return self._json(self._change(path, body))
        except Refused as exc:
            return self._error(HTTPStatus(exc.status), str(exc))
        except ToolkitError as exc:
            log(f"play: {exc}")
            return self._error(HTTPStatus.INTERNAL_SERVER_ERROR, str(exc))

    def _change(self, path: str, body: dict) -> dict:
        app, table = self.app, self.app.table
        version = body.get("version")
        if path == "/api/act":
            if "action" not in body:
                raise Refused("the request names no action", 400)
            table.act(version, body["action"])
        elif path == "/api/bot":
            with table.lock:
                table.bot(version)
                if body.get("until_person") is True:   # pace 0: no one watches them
                    table.run_bots()
        elif path == "/api/undo":
            table.undo(version)
        elif path == "/api/deal":
            seed = body.get("seed")
            if isinstance(seed, str) and seed.strip().lstrip("-").isdigit():
                seed = int(seed.strip())
            if not isinstance(seed, int) or isinstance(seed, bool) or \
                    not 0 <= seed <= MAX_SEED:
                raise Refused("the seed is a whole number from 0 up", 400)
            with table.lock:
                app.save_if_played()
                table.deal(seed)
        elif path == "/api/save":
            with table.lock:
                if not table.actions:
                    raise Refused("nothing to save: no action yet in this deal")
                saved = records.save(table, app.out)
            return {"saved": saved.name, "version": table.version}
        elif path == "/api/ruling":
            with table.lock:
                if not table.actions:
                    raise Refused("nothing to write: no action yet in this deal")
                written = records.save_ruling(table, app.out)
                exact = records.replays_from_setup(table)
            return {"ruling": written.name, "version": table.version, "replays": exact}
        else:
            raise Refused("not found", 404)
        with table.lock:
            if table.over() and table.saved is None:
                records.save(table, app.out)   # a finished game is kept at once
            return {"version": table.version}

    def _json(self, data) -> None:
        self._send(json.dumps(data, ensure_ascii=False).encode(), "application/json")
