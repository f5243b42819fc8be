"""The /reports page: the latest balance report (`toolkit simulate`, output/sim/) and A/B
comparison (`toolkit compare`, output/compare/) of the project, each embedded as written."""

from __future__ import annotations

import html
import time
from pathlib import Path

REPORTS = (("Balance (toolkit simulate)", "sim"), ("A/B comparison (toolkit compare)", "compare"))


def latest(project: Path, folder: str) -> Path | None:
    found = sorted((project / "output" / folder).glob("**/report.html"),
                   key=lambda p: p.stat().st_mtime)
    return found[-1] if found else None


def reports_page(project: Path) -> str:
    sections = []
    for title, folder in REPORTS:
        path = latest(project, folder)
        if path is None:
            command = "simulate" if folder == "sim" else folder
            body = (f"<p class=none>No report yet: run <code>toolkit {command}</code> in the "
                    f"project; it writes output/{folder}/report.html.</p>")
        else:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
            url = "/fs" + html.escape(path.resolve().as_posix())
            body = (f"<p>{html.escape(str(path.relative_to(project)))}, written {when} "
                    f"(<a href='{url}' target=_blank rel=noopener>open alone</a>)</p>"
                    f"<iframe src='{url}' sandbox title='{html.escape(title)}'></iframe>")
        sections.append(f"<section><h2>{html.escape(title)}</h2>{body}</section>")
    return ("<!doctype html><html><head><meta charset=utf-8><title>Reports</title><style>"
            "body{font:14px system-ui,sans-serif;margin:1.5em;background:#f4efe6}"
            "iframe{width:100%;height:80vh;border:1px solid #bbb;background:white}"
            ".none{color:#666}</style></head><body><p><a href='/'>&larr; cards</a></p>"
            + "".join(sections) + "</body></html>")
