"""The designer's question: what the edit changed is tested first (question.py), the card-use
metrics of `Game.id_metrics`, the running estimate, seats from 1, and compare on a game
other than Caravans (南荒2)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))
from projects import REPO, SMALL, copy_project, edit_cards, set_stats  # noqa: E402

from toolkit.cli import cli  # noqa: E402
from toolkit.compare import gsprt  # noqa: E402
from toolkit.compare.diff import catalog_diff  # noqa: E402
from toolkit.compare.metrics import build_metrics  # noqa: E402
from toolkit.compare.question import ASKED, EDIT, GAME as WHOLE_GAME, ask  # noqa: E402
from toolkit.compare.run import _ids_counted  # noqa: E402
from toolkit.content.validate import load_catalog  # noqa: E402
from toolkit.game import Game  # noqa: E402
from toolkit.games.caravans import GAME  # noqa: E402

NANHUANG2 = REPO / "examples" / "nanhuang2"


def _question(tmp_path, edit, wanted=()):
    root = copy_project(SMALL, tmp_path / "b")
    edit(root)
    a, b = load_catalog(SMALL), load_catalog(root)
    diff = catalog_diff(a, b)
    metrics = build_metrics(a, b, 2, GAME, ["glory:raid", "use:ash_sage"])
    return ask(metrics, diff, wanted)


def test_an_edited_hero_is_the_question_and_the_rest_comes_after(tmp_path):
    q = _question(tmp_path, lambda root: set_stats(root, "ash_sage", 4))
    assert q.source == EDIT and q.ids == ("ash_sage",)
    assert [m.name for m in q.metrics] == ["hero:ash_sage", "use:ash_sage"]
    others = [m.name for m in q.others]
    assert "hero:leaf_archer" in others and "seat:1" in others and "rounds" in others
    assert not {m.name for m in q.metrics} & set(others)


def test_a_game_setting_edit_asks_the_whole_game(tmp_path):
    def richer(root):
        game = root / "cards" / "game.yaml"
        game.write_text(game.read_text(encoding="utf-8").replace("gold: 10", "gold: 12", 1))
    q = _question(tmp_path, richer)
    assert q.source == WHOLE_GAME
    # the headline first: each seat's win rate and the game length; the rest after it
    assert [m.name for m in q.metrics] == ["seat:1", "seat:2", "rounds"]
    assert "hero:ash_sage" in {m.name for m in q.others} and len(q.others) > 5


def test_metric_option_is_the_whole_question(tmp_path):
    q = _question(tmp_path, lambda root: set_stats(root, "ash_sage", 4), ("rounds",))
    assert q.source == ASKED and [m.name for m in q.metrics] == ["rounds"] and q.others == []


def test_seats_count_from_one(tmp_path):
    names = [m.name for m in _question(tmp_path, lambda root: None).metrics]
    assert "seat:1" in names and "seat:2" in names and "seat:0" not in names


def test_default_id_metrics_count_card_use():
    record = {"cards_used": [{"orb": 2}, {}, {"orb": 1, "axe": 1}]}
    assert Game().id_metrics(record, ["orb", "axe"]) == {
        "use:orb": [2.0, 0.0, 1.0], "use:axe": [0.0, 0.0, 1.0]}
    assert Game().id_metrics({"winner": [0]}, ["orb"]) == {}


def test_only_counted_id_metrics_are_asked():
    records = [{"cards_used": [{"orb": 1}, {}]}, {"cards_used": [{}, {}]}]
    assert _ids_counted(GAME, records, ("orb", "ash_sage"), ()) == ["use:orb"]
    assert _ids_counted(GAME, records, ("orb", "ash_sage"), ("use:ash_sage",)) == [
        "use:ash_sage", "use:orb"]


def test_mixture_finds_a_large_change_sooner_than_the_tolerance_alone():
    # +10 pp seen, tolerance 2 pp: against +ε alone the LLR is small; the mixture is not
    variance = 0.0009
    test = gsprt.evaluate(0.10, variance, 0.02)
    lower, upper = gsprt.bounds(0.025, 0.05)
    assert test.up < upper <= test.rise
    assert gsprt.decide(test, 0.05, 0.05) == gsprt.INCREASE
    # no change is still decided on ε alone
    assert gsprt.decide(gsprt.evaluate(0.0, 1e-5, 0.02), 0.05, 0.05) == gsprt.NO_CHANGE


def test_progress_shows_the_running_estimate(tmp_path, monkeypatch):
    import contextlib

    import toolkit.progress as progress_module
    seen = []

    @contextlib.contextmanager
    def recorder(label, total=None, **kwargs):
        seen.append(("open", label, kwargs.get("enabled", True)))
        yield lambda advance=1, note=None: seen.append((advance, note))
    monkeypatch.setattr(progress_module, "progress", recorder)
    buffed = copy_project(SMALL, tmp_path / "buffed")
    set_stats(buffed, "ash_sage", 4)
    result = CliRunner().invoke(cli, ["compare", str(SMALL), str(buffed), "--players", "2",
                                      "--agents", "random", "--workers", "1", "--max-games",
                                      "60", "--out", str(tmp_path / "o")])
    assert result.exit_code in (0, 3), result.output
    assert seen[0] == ("open", "comparing", True)
    notes = [note for _, note in seen[1:] if note]
    assert notes and notes[-1].startswith("hero Ash Sage +") and "decided" in notes[-1]
    games = json.loads((tmp_path / "o" / "report.json").read_text())["games"]
    assert sum(advance for advance, _ in seen[1:]) == 2 * games   # both versions' games
    seen.clear()
    CliRunner().invoke(cli, ["compare", str(SMALL), str(SMALL), "-q", "--players", "2",
                             "--agents", "random", "--workers", "1", "--max-games", "30",
                             "--out", str(tmp_path / "q")])
    assert seen[0] == ("open", "comparing", False)     # -q: quiet


def test_example_output_goes_to_the_current_folder_for_an_installed_package(tmp_path,
                                                                            monkeypatch):
    from toolkit.compare import command
    from toolkit.compare.versions import Version
    monkeypatch.setattr("toolkit.project.PACKAGE_DIR", SMALL.parent)
    monkeypatch.chdir(tmp_path)
    side = Version("x", SMALL, source=SMALL)
    assert command._home(side, side) == tmp_path / "output" / "compare"


def test_another_game_compares_through_the_protocol(tmp_path):
    """南荒2: an edited soldier has no metric of its own, so the whole game is asked."""
    edited = copy_project(NANHUANG2, tmp_path / "n2")

    def stronger(cards):
        for card in cards:
            if card["id"] == "archer":
                card["power"] = 4
    edit_cards(edited, "soldiers.yaml", stronger)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["compare", str(NANHUANG2), str(edited), "-q",
                                      "--players", "2", "--agents", "random", "--workers",
                                      "1", "--max-games", "60", "--out", str(out)])
    assert result.exit_code in (0, 3), result.output
    lines = result.output.splitlines()
    assert lines[0] == ("Question: does the game change? (the edit touched no entry with a "
                        "metric of its own) Tested first: each seat's win rate and game length")
    assert "soldier archer: power: 2 → 4" in result.output
    data = json.loads((out / "report.json").read_text())
    assert data["question"]["source"] == "game" and data["question"]["ids"] == ["archer"]
    assert any(m["metric"] == "start_hand_balance" for m in data["metrics"])


@pytest.mark.parametrize("args, message", [
    (["--metric", "seat:0"], "did you mean 'seat:1'?"),
    (["--until", "never"], "Invalid value for '--until'"),
])
def test_option_mistakes(args, message):
    result = CliRunner().invoke(cli, ["compare", str(SMALL), str(SMALL), "-q", "--players", "2",
                                      "--agents", "random", "--workers", "1", *args])
    assert result.exit_code != 0
    assert message in (str(result.exception) + result.output)



def test_bench_fixed_size_survives_a_zero_or_missing_change():
    import importlib.util
    from types import SimpleNamespace

    from toolkit.compare.estimate import Estimate
    spec = importlib.util.spec_from_file_location("bench_compare", REPO / "bench" / "compare.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    zero = SimpleNamespace(estimate=Estimate(0.25, 0.25, 40, 1e-4), tolerance=0.02)
    at_tol, at_obs = bench.fixed_size(zero, 4, 0.05, 0.05)
    assert at_tol > 0 and at_obs is None
    missing = SimpleNamespace(estimate=Estimate(None, None, 0), tolerance=0.02)
    assert bench.fixed_size(missing, 4, 0.05, 0.05) == (None, None)
    found = SimpleNamespace(estimate=Estimate(0.25, 0.30, 40, 1e-4), tolerance=0.02)
    assert bench.fixed_size(found, 4, 0.05, 0.05)[1] < at_tol


def test_a_renamed_card_is_not_a_question(tmp_path):
    def rename_and_buff(root):
        set_stats(root, "ash_sage", 4)

        def rename(cards):
            for card in cards:
                if card["id"] == "leaf_archer":
                    card["name"] = {"en": "Leaf Ranger", "zh": "叶游侠"}
        edit_cards(root, "heroes.yaml", rename)
    q = _question(tmp_path, rename_and_buff)
    assert q.ids == ("ash_sage",)
    assert [m.name for m in q.metrics] == ["hero:ash_sage", "use:ash_sage"]


def test_the_headline_leads_with_the_sides_the_game_declares():
    """Root declares its factions as its sides (Game.sides); its content lists no faction
    ids, so compare reads them from the games. Caravans & Brigands' side is the seat; a
    game without the hook falls back to the seats."""
    from toolkit.compare.metrics import observed_groups
    from toolkit.compare.question import declared_sides, headline
    from toolkit.games.root import GAME as ROOT

    root = load_catalog(REPO / "examples" / "root")
    records = [{"factions": ["marquise", "eyrie", "alliance", "vagabond"]}]
    groups = observed_groups(ROOT, records)
    assert groups == {"faction": ["alliance", "eyrie", "marquise", "vagabond"]}
    assert declared_sides(ROOT, root, set(groups)) == "faction"
    assert declared_sides(ROOT, root, set()) is None          # no metrics of factions
    metrics = build_metrics(root, root, 4, ROOT, [], groups)
    assert [m.name for m in headline(metrics, "faction")] == [
        "faction:alliance", "faction:eyrie", "faction:marquise", "faction:vagabond",
        "seat:1", "seat:2", "seat:3", "seat:4", "rounds"]
    small = load_catalog(SMALL)
    assert declared_sides(GAME, small, {"hero", "party"}) is None
    assert declared_sides(object(), small, {"hero"}) is None
