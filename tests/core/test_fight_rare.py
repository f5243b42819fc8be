"""Fight-side paths random games seldom reach (loot with room for several cards, flee
strikes, cancelled hits and the amulet's BLOCK_HIT (in volleys too), amnesty among several races, redraws, deaths with the hero deck
nearly empty, both parties destroyed at once), reached by crowding real positions: every
player in one region outside the taverns, loaded with goods, one-shot equipment, tricks,
weapons and bounty, the NPCs brought in; the game then goes on in lockstep."""

from __future__ import annotations

import random
from collections import Counter

import pytest

pytest.importorskip("toolkit.games.caravans.core.fight_probe")

from toolkit.games.caravans import engine  # noqa: E402
from toolkit.games.caravans.engine import npc  # noqa: E402
from toolkit.games.caravans.engine.party import fills_of, refresh  # noqa: E402

from .test_fight_lockstep import catalog, fight_lockstep  # noqa: E402,F401 (fixture)


def crowded(catalog, seed: int, players: int = 4):
    """A real position made crowded (see the module's docstring)."""
    state = engine.new_game(catalog, seed, players)
    rng = random.Random(seed)
    while state.phase != "play" or state.pending or state.combat or state.round < 2:
        state = engine.apply_action(state, rng.choice(engine.legal_actions(state)))
    rules = state.rules
    region = rng.choice(rules.regions)
    tricks = ["close_shave", "battle_fury", "second_wind"]
    for p in state.players:
        if p.hero is None or p.party is None:
            continue
        p.region, p.in_tavern = region, False
        p.party.equipment = [e for e in ("orb_of_lightning", "amulet_of_life", "orb_of_venom",
                                         "phoenix_longbow") if rng.random() < 0.7]
        p.weapons = [w for w in rules.weapons if rng.random() < 0.5]
        p.hand = [rng.choice(tricks) for _ in range(2)]
        for source in p.party.equipment:
            refresh(state, p.seat, fill=fills_of(state, source))
        p.goods = [rng.randrange(len(rules.cards)) for _ in range(rng.randint(0, p.party.cur["cargo"]))]
        p.bounty = {r: rng.randint(0, 2) for r in rules.races}
        p.gold = rng.randint(0, 30)
    if seed % 3 == 0:   # the NPCs too, a third of the time (else players fight players)
        for npc_id in rules.npcs:
            npc.enter(state, npc_id, region)
    if seed % 2:    # deaths that end the game, half the time
        state.hero_deck = state.hero_deck[:rng.randint(0, 3)]
    return state


def test_crowded_fights_exact(catalog):
    legal_ok, applied = Counter(), Counter()
    for seed in (1, 2, 3):
        fight_lockstep(catalog, seed, ["random"] * 4, legal_ok, applied,
                       state=crowded(catalog, seed))
    assert applied["combat_choice"] >= 5 and applied["flee_strike"], applied
    assert applied["block_hit"], applied


@pytest.mark.slow
def test_crowded_fights_exact_many(catalog):
    legal_ok, applied = Counter(), Counter()
    for seed in range(10, 130):
        fight_lockstep(catalog, seed, ["random"] * (2 + seed % 3), legal_ok, applied,
                       state=crowded(catalog, seed, 2 + seed % 3))
    for kind in ("loot", "flee_strike", "capture", "reroll", "place_equipment", "redraw_hero",
                 "block_hit"):
        assert applied[kind], (kind, applied)
