"""`toolkit validate` checks the rulings too: an unknown card id in a ruling's setup is an
error at the ruling's line with a did-you-mean (it used to surface only in `check`), a
ruling file's schema mistakes are reported with their lines, and a project whose own rules
are not trusted gets the generic check without being asked anything."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from toolkit.cli import main

REPO = Path(__file__).resolve().parents[2]


def _validate(capsys, project):
    with pytest.raises(SystemExit) as done:
        main(["validate", str(project)])
    return done.value.code, capsys.readouterr().out.splitlines()


def _copy(tmp_path, folder):
    dest = tmp_path / "game"
    if folder == "cards":   # the bundled game: its folder is the project's cards/
        shutil.copytree(REPO / folder, dest / "cards")
    else:
        shutil.copytree(REPO / folder, dest, ignore=shutil.ignore_patterns("output"))
    return dest


def _edit(path: Path, old: str, new: str) -> int:
    """Replace `old` once; return the line it was on."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def test_an_unknown_hero_in_a_bundled_ruling_is_a_validate_error(tmp_path, capsys):
    project = _copy(tmp_path, "cards")
    rulings = project / "cards" / "rulings" / "cards.yaml"
    _edit(rulings, "- {hero: aldric_vane, at: {region: greymarch}, glory_cards: [second_wind]}",
          "- {hero: aldrik_vane, at: {region: greymarch}, glory_cards: [second_wind]}")
    code, out = _validate(capsys, project)
    assert code == 1
    [line] = [o for o in out if "aldrik_vane" in o]
    assert line.startswith("cards/rulings/cards.yaml:6:1: error: ruling "
                           "'second_wind_rerolls_a_failed_check': ")
    assert "unknown hero 'aldrik_vane' (did you mean 'aldric_vane'?)" in line


def test_an_unknown_card_in_a_nanhuang2_setup_is_a_validate_error(tmp_path, capsys):
    project = _copy(tmp_path, "examples/nanhuang2")
    field = project / "cards" / "rulings" / "field.yaml"
    _edit(field, "hands: {1: [retainer]}", "hands: {1: [retainers]}")
    code, out = _validate(capsys, project)
    assert code == 1
    [line] = [o for o in out if "retainers" in o]
    assert line.startswith("cards/rulings/field.yaml:") and ": error: ruling '" in line


def test_a_ruling_schema_mistake_is_reported_by_validate(tmp_path, capsys):
    project = _copy(tmp_path, "examples/kings-and-things")
    path = project / "cards" / "rulings" / "combat.yaml"
    line = _edit(path, "{hex: 1, owner: 1}", "{hex: 1, owner: 0}")
    code, out = _validate(capsys, project)
    assert code == 1
    assert any(o.startswith(f"cards/rulings/combat.yaml:{line}:") and "seat 0" in o
               for o in out), out


def test_the_shipped_games_validate_their_rulings_clean(capsys):
    for folder in ("cards", "examples/nanhuang2", "examples/root", "examples/kings-and-things"):
        assert _validate(capsys, REPO / folder) == (0, ["no problems found"]), folder


def test_own_rules_check_the_setup_when_trusted_and_never_ask(tmp_path, capsys):
    from toolkit.new.scaffold import create
    from toolkit.trust import revoke, trust
    project = create(tmp_path / "tricks", "blank")
    trust(project)
    tricks = project / "cards" / "rulings" / "tricks.yaml"
    line = _edit(tricks, "setup: {hands: [[sun_2, star_4]", "setup: {hands: [[sun_2, star_44]")
    code, out = _validate(capsys, project)
    assert code == 1
    assert out[0].startswith(f"cards/rulings/tricks.yaml:{line}:1: error: ruling "
                             "'must_follow_suit': unknown card 'star_44'") and "star_4" in out[0]
    revoke(project)
    code, out = _validate(capsys, project)
    assert code == 0 and out == ["no problems found"]     # the rules would say: not trusted
    _edit(tricks, "    rule: ", "    rulez: ")
    code, out = _validate(capsys, project)
    assert code == 1 and any("rulings/tricks.yaml:" in o and "rulez" in o for o in out)
