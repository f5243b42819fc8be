"""Content that tries to control CSS, the file system or the terminal, and content that
validates but cannot be played (issue #28: F11, F27, F28, F29): each is refused by
`validate` with file:line, or made harmless where it is printed."""

from __future__ import annotations

import os
import pathlib
import re
import shutil
from pathlib import Path

import pytest

from toolkit.cli import main
from toolkit.content.colours import css_colour, is_colour
from toolkit.content.validate import validate_project
from toolkit.errors import RenderError, printable
from toolkit.new.scaffold import create
from toolkit.render.icons import Icons, badge

REPO = Path(__file__).resolve().parents[2]
BEACON = "background-image: url(http://127.0.0.1:18399/css-beacon)"


def copy_example(name: str, tmp_path: Path) -> Path:
    dest = tmp_path / name
    shutil.copytree(REPO / "examples" / name, dest)
    return dest


def replace(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def errors(project: Path) -> list:
    _, report = validate_project(project)
    return report.errors


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if needle in line)


def run(capsys, *args):
    with pytest.raises(SystemExit) as info:
        main([str(a) for a in args])
    out, err = capsys.readouterr()
    return info.value.code, out, err


# --- F11: colours ---------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["#d4672a", "#abc", "#d4672aff", "teal", "rgb(10, 20, 30)",
                                   "hsl(120, 50%, 50%)", "transparent"])
def test_colours_are_colours(value):
    assert is_colour(value) and css_colour(value, "x") == value


@pytest.mark.parametrize("value", [
    f"#d4672a; {BEACON}", "url(http://x/y)", "red;", "red /* */", "var(--x)", "rde", "",
    "#12345", "expression(alert(1))", "red\" onload=\"x", "#fff\\;", 7, None, "red" * 30])
def test_anything_else_is_not_a_colour(value):
    assert not is_colour(value)
    with pytest.raises(RenderError, match="not a colour"):
        css_colour(value, "colour of faction 'marquise'")


def test_a_root_faction_colour_that_injects_css_is_refused(tmp_path):
    """The review's S13: validate was clean and the preview fetched the URL."""
    project = copy_example("root", tmp_path)
    factions = project / "cards" / "factions.yaml"
    replace(factions, 'colour: "#d9822b"', f'colour: "#d4672a; {BEACON}"')
    found = [p for p in errors(project) if p.path == "factions.marquise.colour"]
    assert len(found) == 1
    assert (found[0].file, found[0].line) == ("cards/factions.yaml",
                                              line_of(factions, "css-beacon"))
    assert "is not a colour" in found[0].message and "#rrggbb" in found[0].message


def test_a_kings_and_things_tint_that_injects_css_is_refused(tmp_path):
    """The review's KT01: the field is described as #rrggbb but was a free string."""
    project = copy_example("kings-and-things", tmp_path)
    terrains = project / "cards" / "terrains.yaml"
    replace(terrains, 'tint: "#d9d08a"', f'tint: "#112233; {BEACON}"')
    found = [p for p in errors(project) if p.path == "terrains.plains.tint"]
    assert len(found) == 1 and found[0].line == line_of(terrains, "css-beacon")


def test_a_declared_colour_field_of_any_project_is_checked(tmp_path):
    """`type: colour`, and a `str` field named like a colour, in a project's own kind."""
    project = create(tmp_path / "five", "blank")
    game = project / "cards" / "game.yaml"
    replace(game, "\nkinds:\n", "\nkinds:\n  banner:\n    file: banners.yaml\n    fields:\n"
            "      band_tint: {type: str}\n      ink: {type: colour}\n"
            "      hues: {type: list, of: colour}\n      motto: {type: str}\n")
    (project / "cards" / "banners.yaml").write_text(
        "kind: banner\ncards:\n"
        "  - {id: good, name: {en: Good, zh: 好}, band_tint: '#112233', ink: teal,"
        " hues: ['#fff', red], motto: 'a; b'}\n"
        f"  - {{id: bad, name: {{en: Bad, zh: 坏}}, band_tint: '#1; {BEACON}',"
        f" ink: 'red; {BEACON}', hues: ['#fff', 'url(x)'], motto: ok}}\n", encoding="utf-8")
    found = sorted(p.path for p in errors(project) if p.file == "cards/banners.yaml")
    assert found == ["banners.bad.band_tint", "banners.bad.hues[1]", "banners.bad.ink"]


def test_the_examples_colours_still_validate():
    for name in ("root", "kings-and-things"):
        assert errors(REPO / "examples" / name) == [], name


# --- F27: the icon lookup never looks outside the icon folders ------------------------------

@pytest.fixture
def icon_folders(tmp_path):
    project_icons = tmp_path / "project" / "icons"
    project_icons.mkdir(parents=True)
    (project_icons / "gold.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (project_icons / "leak.svg").symlink_to(outside / "secret.svg")
    return project_icons, outside


def test_icon_names_with_folders_or_dots_are_looked_up_nowhere(icon_folders, monkeypatch):
    """The review's J27/J28: `card.i['../../…']` printed the file URL of any .svg on the
    machine (or a badge): an existence oracle. Now nothing outside is even stat'ed."""
    folder, outside = icon_folders
    looked = []
    real_stat = pathlib.Path.stat

    def stat(self, *args, **kwargs):
        looked.append(os.path.abspath(self))
        return real_stat(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "stat", stat)
    icons = Icons([folder])
    depth = "../" * len(folder.parts)
    names = ["../../outside/secret", f"{depth}{outside.as_posix()[1:]}/secret",
             outside.as_posix() + "/secret", "../../outside/nothing", "gold/../../outside/secret",
             "..", "gold\x00", "sub\\..\\secret", "leak"]
    urls = [icons.url(name) for name in names]
    assert urls == [badge(name) for name in names]  # as if none existed: no oracle
    assert not [p for p in looked if p.startswith(str(outside))], looked
    assert icons.url("gold").startswith("file://") and icons.url("gold").endswith("/gold.svg")


def test_an_icon_link_inside_its_folder_still_works(icon_folders):
    folder, _ = icon_folders
    (folder / "coin.svg").symlink_to(folder / "gold.svg")
    assert Icons([folder]).url("coin").startswith("file://")


# --- F28: content that validates but cannot be played ----------------------------------------

def test_nanhuang2_guards_must_be_field_zones(tmp_path):
    """The review's NH02: guarded_by [deck, exile] validated, then simulate crashed."""
    project = copy_example("nanhuang2", tmp_path)
    zones = project / "cards" / "zones.yaml"
    replace(zones, "guarded_by: [front]}", "guarded_by: [deck, exile]}")
    found = [p for p in errors(project) if p.path == "zones.back.guarded_by"]
    assert [p.message for p in found] == [
        f"zone 'back' is guarded_by '{z}', which is not a field zone; a guard must be one of "
        "front, back, facilities" for z in ("deck", "exile")]
    assert {(p.file, p.line) for p in found} == {("cards/zones.yaml",
                                                  line_of(zones, "[deck, exile]"))}


@pytest.mark.parametrize("old, new, message", [
    ("guarded_by: [front]}", "guarded_by: [back]}", "cannot guard itself"),
    ("guarded_by: [front]}", "guarded_by: [facilities]}", "a cycle"),
    ("holds: [any]}", "holds: [any], guarded_by: [front]}", "not on a player's field"),
])
def test_nanhuang2_guards_without_cycles_or_owners(tmp_path, old, new, message):
    project = copy_example("nanhuang2", tmp_path)
    replace(project / "cards" / "zones.yaml", old, new)
    assert any(message in p.message for p in errors(project))


def test_root_factions_without_warriors_are_refused(tmp_path):
    """The review's RT08: every faction at warriors 0 validated, then no game ended."""
    project = copy_example("root", tmp_path)
    factions = project / "cards" / "factions.yaml"
    text = factions.read_text(encoding="utf-8")
    factions.write_text(re.sub(r"warriors: \d+", "warriors: 0", text), encoding="utf-8")
    found = sorted((p.path, p.line) for p in errors(project) if "has no warriors" in p.message)
    assert found == sorted((f"factions.{f}.warriors", line_of(factions, f"id: {f}"))
                           for f in ("marquise", "eyrie", "alliance"))  # not the vagabond


def test_roots_stalled_game_hint_names_the_warriors():
    from toolkit.games.root.game import RootGame

    assert "warriors" in RootGame.length_setting and "win_vp" in RootGame.length_setting


# --- F29: terminal characters ------------------------------------------------------------------

def test_printable_escapes_controls_and_bidi():
    assert printable("a\x1b]0;T\x07b\u202ec\u2066d\u2069") == \
        "a\\x1b]0;T\\x07b\\u202ec\\u2066d\\u2069"
    assert printable("中文 é\ttab\nline") == "中文 é\ttab\nline"


def test_a_file_name_with_an_escape_sequence_is_printed_escaped(tmp_path, capsys):
    """The review's L05: validate printed the raw ESC ] 0 ; … BEL of a file name."""
    project = create(tmp_path / "five", "blank")
    evil = project / "cards" / "evil\x1b]0;PWNED-TITLE\x07.yaml"
    evil.write_text("kind: playing_card\ncards:\n  - {id: Bad, name: {en: x, zh: x}, "
                    "suit: sun, rank: 1, points: 0}\n", encoding="utf-8")
    code, out, err = run(capsys, "validate", project)
    assert code == 1
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert "cards/evil\\x1b]0;PWNED-TITLE\\x07.yaml:3:" in out


@pytest.mark.parametrize("char", ["\u202e", "\u202a", "\u2066", "\u2069"])
def test_bidi_controls_in_yaml_text_are_refused(tmp_path, capsys, char):
    """The review's L11: U+202E in a name was accepted and `list` printed it raw."""
    project = create(tmp_path / "five", "blank")
    cards = project / "cards" / "cards.yaml"
    replace(cards, 'en: "Sun 1"', f'en: "Sun{char} 1"')
    code, out, _ = run(capsys, "validate", project)
    assert code == 1
    assert f"cards/cards.yaml:{line_of(cards, 'Sun')}:" in out
    assert f"bidirectional control U+{ord(char):04X}" in out and char not in out


def test_list_prints_names_as_plain_text(tmp_path, capsys):
    """Rich markup in a name would print a terminal hyperlink or colours."""
    project = create(tmp_path / "five", "blank")
    replace(project / "cards" / "cards.yaml", 'en: "Sun 1"',
            'en: "[link=http://evil.example]click[/link] [red]x[/red]"')
    code, out, _ = run(capsys, "list", project, "playing_card")
    assert code == 0
    assert "[link=http://evil.example]click[/link]" in out and "[red]x[/red]" in out
