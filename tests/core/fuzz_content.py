"""Fuzzed content for the lockstep tests: a copy of the bundled game's YAML with the game's
numbers, the heroes' and parties' stats redrawn and effects moved between cards, as a
designer's edits would (no rebuild of the core: it compiles the content at load)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import yaml

from toolkit.content.validate import load_catalog

REPO = Path(__file__).resolve().parents[2]
DEBUG = False

# game.yaml numbers: (path, low, high)
NUMBERS = [
    (("glory_to_win",), 4, 8), (("actions_per_turn",), 2, 4), (("glory_hand_limit",), 2, 5),
    (("starting", "gold"), 4, 25), (("starting", "glory_cards"), 0, 2),
    (("sell", "price"), 1, 4), (("sell", "demanded_price"), 4, 8),
    (("sell", "glory_min_demanded"), 1, 3), (("buy", "draw"), 2, 6),
    (("buy", "repeat_draw"), 1, 4), (("armory", "repair"), 1, 3),
    (("armory", "equipment_cost"), 1, 6), (("armory", "weapon_cost"), 1, 6),
    (("armory", "amulet_restore"), 1, 5), (("recruit", "cost"), 1, 3),
    (("recruit", "free_without_check"), 0, 2), (("stash", "gold_per_point"), 4, 15),
    (("stash", "max_points"), 1, 4), (("raid", "draw"), 1, 5), (("raid", "glory_gold"), 5, 15),
    (("tracks", "explorer"), 2, 10), (("tracks", "mission_slots"), 1, 4),
    (("bounty", "markers_per_race"), 1, 5), (("death", "top_up_gold"), 0, 15),
]
PASSIVE = [{"op": "free_move", "per_turn": 1}, {"op": "enter_wanted_taverns"},
           {"op": "recruit_discount", "percent": 50}, {"op": "free_repair", "points": 2},
           {"op": "buy_draw", "by": 1}, {"op": "ignore_event", "event": "tolls"},
           {"op": "ignore_event", "event": "war"}, {"op": "modify_stat", "stat": "cargo", "by": 1},
           {"op": "extra_die", "check": "influence", "dice": 1}]


def fuzzed_catalog(tmp: Path, seed: int):
    """A fuzzed copy of the bundled game under `tmp`, loaded; None if it does not validate."""
    rng = random.Random(seed)
    root = tmp / f"fuzz{seed}"
    shutil.copytree(REPO / "cards", root / "cards", ignore=shutil.ignore_patterns("rulings"))
    game_path = root / "cards" / "game.yaml"
    game = yaml.safe_load(game_path.read_text())
    for path, low, high in NUMBERS:
        node = game
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = rng.randint(low, high)
    game.pop("budgets", None)
    game_path.write_text(yaml.safe_dump(game, allow_unicode=True))
    heroes_path = root / "cards" / "heroes.yaml"
    heroes = yaml.safe_load(heroes_path.read_text())
    for hero in heroes["cards"]:
        hero["stats"] = {k: rng.randint(1, 4) for k in hero["stats"]}
        for ability in hero.get("abilities", []):
            if rng.random() < 0.5:
                ability["effects"] = [dict(rng.choice(PASSIVE))]
    heroes_path.write_text(yaml.safe_dump(heroes, allow_unicode=True))
    parties_path = root / "cards" / "parties.yaml"
    parties = yaml.safe_load(parties_path.read_text())
    for party in parties["cards"]:
        party["stats"] = {k: rng.randint(1, 5) for k in party["stats"]}
    parties_path.write_text(yaml.safe_dump(parties, allow_unicode=True))
    try:
        return load_catalog(root / "cards")
    except Exception as exc:  # noqa: BLE001  (a draw the validator refuses: not a case)
        if DEBUG:
            raise
        return None
