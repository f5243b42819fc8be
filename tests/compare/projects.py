"""Test projects for compare: copies of a project with YAML edits, and temporary git repos."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
SMALL = REPO / "tests" / "fixtures" / "content" / "valid"
BUNDLED = REPO


def copy_project(src: Path, dst: Path) -> Path:
    """A copy of the project's content (cards/ and agents/ when present) under dst."""
    for name in ("cards", "agents"):
        if (src / name).is_dir():
            shutil.copytree(src / name, dst / name)
    return dst


def edit_cards(root: Path, kind_file: str, edit) -> None:
    """Load cards/<kind_file>, let `edit(cards)` change the list in place, write it back."""
    path = root / "cards" / kind_file
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data["cards"])
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def set_stats(root: Path, hero: str, value: int) -> None:
    """Every stat of one hero set to `value` (a buff or a nerf)."""
    def edit(cards):
        for card in cards:
            if card["id"] == hero:
                card["stats"] = {k: value for k in card["stats"]}
    edit_cards(root, "heroes.yaml", edit)


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), "-c", "user.name=test",
                           "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false",
                           *args], capture_output=True, text=True, check=True)
    return done.stdout


def longer_small_project(dst: Path, copies: int = 6) -> Path:
    """The small fixture with `copies` of each event card: games of about nine rounds instead
    of three, long enough for a hero's stats to change who wins."""
    root = copy_project(SMALL, dst)

    def more(cards):
        for card in cards:
            card["copies"] = copies
    edit_cards(root, "events.yaml", more)
    game = root / "cards" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    count = len(yaml.safe_load((SMALL / "cards" / "events.yaml").read_text())["cards"])
    game.write_text(text.replace(f"  event: {count}\n", f"  event: {count * copies}\n"),
                    encoding="utf-8")
    return root
