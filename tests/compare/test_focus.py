"""Playing first the games that can answer the question (toolkit/compare/focus.py), the
Caravans in-play hook behind it, the streaming paired runner and the look schedule."""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from projects import BUNDLED, SMALL, copy_project, edit_cards, set_stats  # noqa: E402

from toolkit.compare.diff import catalog_diff  # noqa: E402
from toolkit.compare.focus import focus_for, seeds  # noqa: E402
from toolkit.compare.question import changed_ids  # noqa: E402
from toolkit.compare.looks import MIN_UNITS, look_after  # noqa: E402
from toolkit.compare.run import Options  # noqa: E402
from toolkit.compare.stream import PairedRunner, play_units, rotations  # noqa: E402
from toolkit.game import Game  # noqa: E402
from toolkit.games.caravans import GAME  # noqa: E402
from toolkit.sim.batch import catalog_for  # noqa: E402
from toolkit.sim.plan import LineupSpec, seed_for  # noqa: E402

SEATS = ["random"] * 4


@pytest.fixture(scope="module")
def buffed(tmp_path_factory):
    root = copy_project(BUNDLED, tmp_path_factory.mktemp("focus") / "buffed")
    set_stats(root, "kharza_ironhide", 4)
    return root


def test_in_play_names_the_heroes_the_game_starts_with():
    from toolkit.loop import play_game
    cat = catalog_for(SMALL)
    for index in range(3):
        seed = seed_for(3, index)
        record = play_game(GAME, cat, seed, ["random", "random"])
        assert GAME.in_play(cat, seed, ["random", "random"]) == {"hero": set(record["heroes"])}


def test_a_stats_edit_leaves_every_deal_unchanged(buffed):
    base, cand = catalog_for(BUNDLED), catalog_for(buffed)
    deals = [GAME.in_play(base, seed_for(1, i), SEATS)["hero"] for i in range(200)]
    assert deals == [GAME.in_play(cand, seed_for(1, i), SEATS)["hero"] for i in range(200)]
    share = sum("kharza_ironhide" in d for d in deals) / len(deals)
    assert 0.15 < share < 0.35          # 4 of 16 heroes dealt: about one game in four


def _focus(base_root, cand_root, **options):
    base, cand = catalog_for(base_root), catalog_for(cand_root)
    ids = changed_ids(catalog_diff(base, cand))
    return focus_for(GAME, base, cand, ids, Options(**options), SEATS), base, cand


def test_a_hero_edit_plays_only_the_seeds_that_deal_it(buffed):
    focus, base, cand = _focus(BUNDLED, buffed)
    assert focus.kind == "hero" and focus.ids == ("kharza_ironhide",)
    assert focus.words.startswith("Kharza Ironhide") and focus.words.endswith("is dealt")
    scanned: list[int] = []
    spec = LineupSpec(("random",) * 4)
    units = seeds(Options(), spec, 4, focus, GAME, (base, cand), scanned)
    picked = [next(units) for _ in range(12)]
    for seed, turns in picked:
        assert "kharza_ironhide" in GAME.in_play(base, seed, SEATS)["hero"]
        assert turns == [tuple(SEATS)]
    skipped = set(range(1, scanned[-1] + 1)) - set(scanned)
    assert skipped and all("kharza_ironhide" not in GAME.in_play(base, seed_for(1, i - 1),
                                                                 SEATS)["hero"]
                           for i in skipped)


def test_no_focus_where_it_would_change_the_question(buffed, tmp_path):
    assert _focus(BUNDLED, buffed, until="all")[0] is None      # game-wide metrics wanted
    assert _focus(BUNDLED, BUNDLED)[0] is None                  # identical content
    events = copy_project(BUNDLED, tmp_path / "events")

    def other_npc(cards):
        cards[0]["effects"][1]["npc"] = "silver_watch"
    edit_cards(events, "events.yaml", other_npc)
    assert _focus(BUNDLED, events)[0] is None                   # an event has no group
    parties = copy_project(BUNDLED, tmp_path / "parties")

    def dearer(cards):
        cards[0]["cost"] += 5
    edit_cards(parties, "parties.yaml", dearer)
    assert _focus(BUNDLED, parties)[0] is None                  # parties are chosen in play
    base, cand = catalog_for(BUNDLED), catalog_for(buffed)
    assert focus_for(Game(), base, cand, ("kharza_ironhide",), Options(), SEATS) is None
    asked = Options(metrics=("hero:kharza_ironhide",))
    assert focus_for(GAME, base, cand, ("kharza_ironhide",), asked, SEATS).ids == (
        "kharza_ironhide",)
    assert focus_for(GAME, base, cand, (), Options(metrics=("seat:1",)), SEATS) is None


def test_the_look_schedule():
    assert look_after(0) == MIN_UNITS
    assert look_after(MIN_UNITS) == 5 and look_after(100) == 25     # a quarter, at least 4
    assert look_after(8) == MIN_UNITS - 8


def test_streaming_gives_the_records_of_a_plain_run():
    units = [(seed_for(5, i), rotations(["random", "trader"])) for i in range(6)]
    options = Options(workers=2, players=2)
    with PairedRunner((SMALL, SMALL), options) as runner:
        assert runner.pool is not None
        got = list(runner.run(iter(units)))
    assert [u for u, _, _ in got] == units
    plain = play_units(SMALL, units, replace(options, workers=1))
    assert [a for _, a, _ in got] == plain and [b for _, _, b in got] == plain


def test_a_focused_compare_says_which_games_it_played(tmp_path, monkeypatch):
    """The command with a stand-in runner whose deal the game's in_play reports."""
    from click.testing import CliRunner

    from test_command import fake_run_games
    from toolkit.cli import cli
    from toolkit.compare import run as compare_run, stream

    played = []

    def run_games(root, seeds_, lineups, **kwargs):
        played.extend(seeds_)
        return fake_run_games(root, seeds_, lineups, **kwargs)

    def in_play(self, catalog, seed, seats):
        deal = random.Random(f"deal:{seed}")
        return {"hero": {deal.choice(sorted(catalog.heroes)) for _ in seats}}

    monkeypatch.setattr(stream, "run_games", run_games)
    monkeypatch.setattr(stream, "streaming", lambda options: False)
    monkeypatch.setattr(type(GAME), "in_play", in_play)
    monkeypatch.setattr(compare_run, "parse_agents",
                        lambda text, players, game, catalog: LineupSpec(("random",) * players))
    buffed = copy_project(BUNDLED, tmp_path / "buffed")
    set_stats(buffed, "kharza_ironhide", 4)
    result = CliRunner().invoke(cli, ["compare", str(BUNDLED), str(buffed), "-q",
                                      "--max-games", "4000", "--out", str(tmp_path / "o")],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "in games where Kharza Ironhide" in lines[0] and " is dealt (" in lines[0], lines[0]
    assert "stronger" in lines[1], lines[1]
    data = json.loads((tmp_path / "o" / "report.json").read_text())
    focus = data["focus"]
    assert focus["games_where"].startswith("Kharza Ironhide")
    assert focus["seeds_played"] == data["units"] < focus["seeds_scanned"]
    cat = catalog_for(BUNDLED)
    assert played and all("kharza_ironhide" in in_play(None, cat, s, SEATS)["hero"]
                          for s in played)
    sage = copy_project(SMALL, tmp_path / "sage")      # 2 heroes, 2 seats: all are dealt
    set_stats(sage, "ash_sage", 4)
    CliRunner().invoke(cli, ["compare", str(SMALL), str(sage), "-q", "--players", "2",
                             "--max-games", "400", "--out", str(tmp_path / "s")])
    assert json.loads((tmp_path / "s" / "report.json").read_text())["focus"] is None
