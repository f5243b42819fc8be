"""The `toolkit serve` command."""

from __future__ import annotations

import click

from toolkit.options import example_option, project_argument, trust_option


@click.command("serve")
@project_argument
@example_option
@click.option("--host", default="127.0.0.1", show_default=True,
              help="address to listen on (the default is this computer only)")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="port (0: any free port)")
@trust_option
@click.option("--open/--no-open", "open_browser", default=False,
              help="open the preview in the default browser")
def serve(project_dir, host, port, trust, open_browser):
    """A live preview in the browser: every card at true proportions, drawn by the same
    templates as the PDF, redrawn within a second of saving a YAML or template file, with
    validation problems on the cards they concern. Stop with Ctrl-C."""
    import threading

    from toolkit.errors import UsageError, printable
    from toolkit.project import resolve_project
    from toolkit.serve.server import Preview, make_server

    from toolkit.serve.policy import is_loopback

    host = host.strip()
    if not host:
        raise UsageError("--host is empty, which would listen on every network interface; "
                         "leave it out (this computer only) or name an address, e.g. 0.0.0.0")
    project = resolve_project(project_dir)
    preview = Preview(project, trust=trust)
    try:
        server = make_server(preview, host, port)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port} ({exc.strerror or exc}); "
                         "choose another --port") from None
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{server.server_address[1]}/"
    if not is_loopback(host):
        click.echo(f"warning: listening on {host}, beyond this computer: anyone on the network "
                   "who can reach it can read the project's files through the preview "
                   "(leave out --host to serve this computer only)", err=True)
    watcher = threading.Thread(target=preview.watch, daemon=True, name="watch")
    watcher.start()
    snap = preview.snapshot
    click.echo(printable(f"serving {project} at {url} ({len(snap.cards)} faces, "
                         f"{len(snap.problems)} problem(s)); Ctrl-C stops"))
    if open_browser:
        import webbrowser
        webbrowser.open(url)
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        preview.stop.set()
        with preview.changed:
            preview.changed.notify_all()
        server.server_close()
