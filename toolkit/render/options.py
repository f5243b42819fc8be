"""The options of one `toolkit build` run, paper sizes and the fixed print geometry in mm."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from toolkit.errors import UsageError

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
BLEED = 3.0            # mm of bleed drawn around every card face
MARGIN = 5.0           # mm kept free at every sheet edge (home printers' unprintable band)
FOOTER = 7.0           # mm the footer (scale bar and sheet label) needs
MARK_GAP = 1.0         # mm between the outer bleed and a crop mark
MARK_LENGTH = 4.0      # mm of a short crop mark
TILE_OVERLAP = 12.0    # mm two neighbouring board tiles share
TOKEN_MAX = 40.0       # mm: a kind whose card size fits in this square is a token
LANGS = ("en", "zh")


@dataclass(frozen=True)
class BuildOptions:
    """Everything the build reads from the command line."""

    out: Path
    paper: str = "a4"
    lang: str = "en"
    png: bool = False
    tts: bool = False
    layout: str = "both"
    back_offset: tuple[float, float] = (0.0, 0.0)
    only: frozenset[str] = field(default_factory=frozenset)
    strict: bool = False
    gutter: float = 0.0
    marks_to_edge: bool = False
    workers: int = 2
    ink_saver: bool = False  # white card backs
    tts_url: str | None = None  # where the tts/ images will be served from
    trust: bool = False    # the project's own ./rules package may be imported
    pod: str | None = None  # print-on-demand export: tgc | mpc (toolkit.render.pod)
    progress: bool = False  # show the build's phases (toolkit.progress) on stderr

    @property
    def paper_size(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def folder(self) -> Path:
        """Where this build's files go: the output folder for the full English build, a
        subfolder per language and --only selection otherwise (zh, en-hero+rumor), so
        that builds do not overwrite each other; they share the face cache."""
        name = self.lang if self.lang != "en" or self.only else ""
        if self.only:
            picked = "+".join(sorted(self.only))
            if len(picked) > 60:
                import hashlib
                picked = f"{len(self.only)}-kinds-" + hashlib.sha256(
                    picked.encode()).hexdigest()[:8]
            name += "-" + picked
        return Path(self.out) / name if name else Path(self.out)

    def wants(self, part: str) -> bool:
        """Whether a kind (or 'board', 'player_board', 'token') is selected by --only."""
        return not self.only or part in self.only


def parse_offset(text: str | None) -> tuple[float, float]:
    """'X,Y' in mm (e.g. '1.5,-0.5') as two floats; a clear usage error otherwise."""
    if not text:
        return (0.0, 0.0)
    parts = text.split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise UsageError(f"--back-offset '{text}' must be two numbers in mm: X,Y") from None
    if x != x or y != y or abs(x) == float("inf") or abs(y) == float("inf"):
        raise UsageError(f"--back-offset '{text}' must be two finite numbers in mm: X,Y")
    if abs(x) > 20 or abs(y) > 20:
        raise UsageError(f"--back-offset '{text}' is over 20 mm; measure the printer again")
    return (x, y)


def parse_only(text: str | None) -> frozenset[str]:
    """--only KIND,... as a set of names (validated later against the project's kinds)."""
    if not text:
        return frozenset()
    return frozenset(p.strip() for p in text.split(",") if p.strip())


def parse_url(text: str | None) -> str | None:
    """--tts-url BASE: an http(s) URL (images are BASE/<file>); a clear usage error else."""
    if not text:
        return None
    if not text.startswith(("http://", "https://")) or any(c in text for c in " \"'<>"):
        raise UsageError(f"--tts-url '{text}' must be an http:// or https:// address",
                         hint="the folder the tts/ images will be uploaded to")
    return text.rstrip("/")
