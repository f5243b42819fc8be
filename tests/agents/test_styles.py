"""The bundled styles.yaml and the weight table stay in step with the scoring code."""

from __future__ import annotations

import re
from pathlib import Path

from toolkit.games.caravans.agents.features import FEATURES
from toolkit.games.caravans.agents.styles import load_styles

AGENTS_DIR = Path(__file__).resolve().parents[2] / "toolkit" / "games" / "caravans" / "agents"


def test_bundled_styles_are_the_documented_four():
    styles = load_styles()
    assert {"trader", "raider", "adventurer", "balanced"} <= set(styles)
    for style in styles.values():
        assert style.description
        assert set(style.weights) == set(FEATURES)


def test_styles_differ_where_their_names_say():
    s = load_styles()
    assert s["trader"]["caravan"] > s["raider"]["caravan"]
    assert s["raider"]["war_band"] > s["trader"]["war_band"]
    assert s["raider"]["fight_players"] > s["trader"]["fight_players"]
    assert s["adventurer"]["mission"] > s["raider"]["mission"]


def test_every_weight_is_read_by_the_scoring_code():
    code = "".join(p.read_text(encoding="utf-8") for p in AGENTS_DIR.glob("*.py"))
    used = set(re.findall(r'(?:w|style)\["([a-z_]+)"\]', code))
    assert used == set(FEATURES), (sorted(set(FEATURES) - used), sorted(used - set(FEATURES)))
