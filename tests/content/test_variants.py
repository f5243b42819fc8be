"""Variants (issue #27 item 1): game.yaml's `variants:` overlay settings and cards, chosen
with --variant NAME on every command; Caravans ships `seed`, seed 000's numbers exactly,
and every ruling holds in both games because rulings read their numbers from the settings."""

from __future__ import annotations

import os
import shutil

import pytest

from content_helpers import REPO
from toolkit.checks.rulings_load import load_rulings
from toolkit.checks.run import run_check
from toolkit.content import variants
from toolkit.content.validate import load_catalog, validate_project
from toolkit.errors import ContentError, UsageError
from toolkit.games.caravans import GAME

# seed 000_5d7ce366b81d9bb5.txt: 10 glory, demanded good 6 gold, glory for 3 demanded cards,
# buying draws 6, 10 gold a stash point, at most 5 stash points
SEED = {"glory_to_win": 10, "demanded_price": 6, "glory_min_demanded": 3, "draw": 6,
        "gold_per_point": 10, "max_points": 5}


def numbers(game) -> dict:
    return {"glory_to_win": game.glory_to_win, "demanded_price": game.sell.demanded_price,
            "glory_min_demanded": game.sell.glory_min_demanded, "draw": game.buy.draw,
            "gold_per_point": game.stash.gold_per_point, "max_points": game.stash.max_points}


def copy_cards(tmp_path):
    root = tmp_path / "game"
    shutil.copytree(REPO / "cards", root / "cards", ignore=shutil.ignore_patterns("rulings"))
    return root


def append(root, text):
    path = root / "cards" / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def test_seed_variant_has_the_seeds_six_numbers_and_the_default_its_tuned_ones():
    default = load_catalog(REPO)
    with variants.use("seed"):
        seed = load_catalog(REPO)
    assert numbers(seed.game) == SEED
    assert seed.game.variant == "seed" and default.game.variant is None
    tuned = numbers(default.game)
    assert all(tuned[k] != SEED[k] for k in SEED)        # the six departures, each one
    assert seed.content_hash != default.content_hash
    assert seed.game.dice == default.game.dice          # what the variant leaves alone stays
    assert os.environ.get(variants.ENV) is None          # the choice ends with the block


def test_declaring_a_variant_leaves_the_default_game_and_its_hash_alone(tmp_path):
    root = copy_cards(tmp_path)
    before = load_catalog(root).content_hash
    append(root, "\n  short:\n    settings: {glory_to_win: 5}\n")
    assert load_catalog(root).content_hash == before
    with variants.use("short"):
        assert load_catalog(root).game.glory_to_win == 5


def test_an_unknown_variant_is_a_one_line_error_naming_those_there_are(run):
    code, _out, err = run("validate", "--example", "--variant", "nope")
    assert code == 2
    assert "no variant 'nope'" in err and "seed" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_every_project_command_takes_variant(run):
    code, out, _err = run("validate", "--example", "--variant", "seed")
    assert code == 0
    from toolkit.cli import COMMANDS, main  # noqa: F401
    import importlib
    for name, where in COMMANDS.items():
        module, attr = where.split(":")
        command = getattr(importlib.import_module(module), attr)
        params = {p.name for p in command.params}
        if name not in ("new", "trust"):      # they start or trust a project, not play it
            assert "variant" in params, f"toolkit {name} has no --variant"


def test_a_bad_value_in_a_variant_points_at_its_own_line(tmp_path):
    root = copy_cards(tmp_path)
    lines = (root / "cards" / "game.yaml").read_text(encoding="utf-8").count("\n")
    append(root, "\n  broken:\n    settings:\n      stash: {max_points: many}\n")
    with variants.use("broken"):
        _catalog, report = validate_project(root)
    [problem] = report.errors
    assert problem.file.endswith("game.yaml") and problem.line == lines + 4
    assert "max_points" in problem.path


def test_a_variant_replaces_card_fields_by_id_and_names_an_unknown_id(tmp_path):
    root = copy_cards(tmp_path)
    append(root, "\n  dear_silk:\n    cards: {silk: {copies: 2}, no_such_good: {copies: 1}}\n")
    with variants.use("dear_silk"):
        _catalog, report = validate_project(root)
    texts = [p.message for p in report.errors]
    assert any("no_such_good" in t and "no card file holds" in t for t in texts)
    append(root, "\n  silkless:\n    cards: {silk: {name: {en: Plain Silk}}}\n")
    with variants.use("silkless"):
        catalog = load_catalog(root)
    assert catalog.goods["silk"].name.en == "Plain Silk"
    assert load_catalog(root).goods["silk"].name.en != "Plain Silk"


def test_variant_written_in_game_yaml_is_refused(tmp_path):
    root = copy_cards(tmp_path)
    append(root, "\nvariant: seed\n")
    with pytest.raises(ContentError, match="chosen on the command line"):
        load_catalog(root)


@pytest.mark.parametrize("variant", [None, "seed"])
def test_every_ruling_holds_in_both_variants(variant):
    with variants.use(variant):
        report = run_check(REPO, games=0, rulings_only=True)
    assert report.rulings > 200
    assert not report.failures, "\n".join(str(f) for f in report.failures[:5])


def test_rulings_read_their_numbers_from_the_settings():
    with variants.use("seed"):
        catalog = load_catalog(REPO)
        items = {i.ruling.id: i for i in load_rulings(REPO, GAME, catalog.game)}
    expect = dict(items["stash_points_stop_at_the_cap"].expect[0][0])
    assert expect["stash_points"] == 5
    offer = dict(items["buying_at_another_tavern_draws_the_full_offer"].expect[0][0])
    assert offer["offer"] == 6


def test_a_ruling_expression_naming_no_setting_is_an_error_at_its_line(tmp_path):
    root = copy_cards(tmp_path)
    (root / "cards" / "rulings").mkdir()
    (root / "cards" / "rulings" / "x.yaml").write_text(
        "rulings:\n  - id: typo\n    rule: r\n    source: s\n    setup:\n      seats:\n"
        "        - {hero: maren_saltwind, gold: \"= stash.gold_per_pont * 2\"}\n"
        "        - {hero: sylwen_silvertongue}\n    expect:\n      - {seat: 1, gold: 1}\n",
        encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_rulings(root, GAME)
    assert "x.yaml:7" in info.value.message and "stash.gold_per_pont" in info.value.message


def test_a_ruling_expression_is_arithmetic_only():
    from toolkit.checks.ruling_settings import SettingError, evaluate
    settings = {"stash": {"max_points": 5}, "buy": {"prices": {2: 2}}}
    assert evaluate("(stash.max_points + 2) * 3 // 2", settings) == 10
    assert evaluate("min(1, 2 // stash.max_points) + buy.prices.2", settings) == 2
    for bad in ("__import__('os')", "stash.max_points.real", "'a' * 3", "1 / 2"):
        with pytest.raises(SettingError):
            evaluate(bad, settings)


def test_the_seed_variant_plays_to_ten_glory(run, tmp_path):
    """simulate --variant seed ends games at 10 glory (not 7) with stash points up to 5."""
    out = tmp_path / "sim"
    code, _lines, err = run("simulate", "--example", "--variant", "seed", "--games", "40",
                            "--players", "4", "--out", out, "-q")
    assert code == 0, err
    import json
    records = [json.loads(line) for line in
               (out / "games.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(records) == 40
    ended = [r for r in records if r["end_reason"] == "glory"]
    # the winner announced at 10; a death's gold top-up may later take stash points back
    assert ended and sum(max(r["glory"]) >= 10 for r in ended) >= 0.8 * len(ended)
    stash = [s.get("stash", 0) for r in records for s in r["glory_by_source"]]
    assert max(stash) <= 5 and max(stash) > 2   # the seed's cap, above the tuned 2
    with variants.use("seed"):
        hash_ = load_catalog(REPO).content_hash
    assert {r["content_hash"] for r in records} == {hash_}
