"""Synthetic game records with exactly the keys of engine.game_record, for testing the
statistics and the report without playing games. A `strong` hero wins more often."""

from __future__ import annotations

import random

HEROES = ["h_ash", "h_birch", "h_cedar", "h_dune", "h_elm", "h_fern", "h_gale", "h_holly"]
PARTIES = ["small_caravan", "small_war_band"]
AGENTS = ["trader", "raider", "adventurer", "balanced"]
SOURCES = ["defeat", "sell", "raid", "mission", "rumor", "large_party", "stash"]
CARDS = ["eq_boots", "wp_net", "gc_reroll", "gc_extra_action"]  # used by players
EVENTS = ["ev_storm", "ev_fog", "ev_fair"]  # drawn for everyone
REASONS = ["glory", "events_exhausted", "heroes_exhausted", "round_limit"]
RECORD_KEYS = {"seed", "players", "content_hash", "agents", "heroes", "hero_history",
               "parties", "first_player", "winner", "rounds", "end_reason", "glory", "glory_by_source",
               "gold", "stash", "deaths", "bounty", "cards_used", "events_drawn", "gold_by_round", "actions"}


def make_record(seed: int, players: int, strong: str | None = None, weight: float = 3.0,
                shared: float = 0.05) -> dict:
    record = _base_record(seed, players, strong, weight, shared)
    extra = random.Random(-seed)  # a stream of its own: the base values stay as they were
    record["events_drawn"] = extra.choices(EVENTS, k=record["rounds"])
    for seat, deaths in enumerate(record["deaths"]):  # a hero taken after each death
        spare = [h for h in HEROES if h not in record["heroes"]]
        record["hero_history"][seat] += extra.sample(spare, deaths)
    return record


def _base_record(seed, players, strong, weight, shared) -> dict:
    rng = random.Random(seed)
    heroes = rng.sample(HEROES, players)
    weights = [weight if h == strong else 1.0 for h in heroes]
    first = rng.choices(range(players), weights=weights)[0]
    winner = [first]
    if rng.random() < shared:
        winner = sorted({first, (first + 1) % players})
    rounds = rng.randint(6, 16)
    glory_by_source = []
    for seat in range(players):
        total = 10 if seat in winner else rng.randint(2, 9)
        split = {}
        for _ in range(total):
            src = rng.choice(SOURCES)
            split[src] = split.get(src, 0) + 1
        glory_by_source.append(split)
    return {
        "seed": seed, "players": players, "content_hash": "abcdef0123456789",
        "agents": [AGENTS[(seed + s) % len(AGENTS)] for s in range(players)],
        "heroes": heroes, "hero_history": [[h] for h in heroes],
        "parties": [rng.choice(PARTIES) for _ in range(players)],
        "first_player": seed % players,
        "winner": winner, "rounds": rounds, "end_reason": rng.choice(REASONS),
        "glory": [sum(g.values()) for g in glory_by_source], "glory_by_source": glory_by_source,
        "gold": [rng.randint(0, 30) for _ in range(players)],
        "stash": [rng.randint(0, 3) for _ in range(players)],
        "deaths": [rng.choice([0, 0, 0, 1, 2]) for _ in range(players)],
        "bounty": [rng.randint(0, 4) for _ in range(players)],
        "cards_used": [{c: rng.randint(1, 2) for c in rng.sample(CARDS, 2)}
                       for _ in range(players)],
        "gold_by_round": [[rng.randint(0, 40) for _ in range(rounds)] for _ in range(players)],
        "actions": rng.randint(100, 400),
    }


def make_records(n: int, players=(2, 3, 4), strong: str | None = None, **kw) -> list[dict]:
    return [make_record(1000 + i, players[i % len(players)], strong, **kw) for i in range(n)]


KINDS = {"ev_storm": "event", "ev_fog": "event", "ev_fair": "event", "eq_boots": "equipment",
         "wp_net": "weapon", "gc_reroll": "glory_card", "gc_extra_action": "glory_card"}


def catalog_of(kinds: dict) -> object:
    """A stand-in catalog holding only `by_kind` (kind -> {id: entry}) for these ids."""
    import types
    by_kind: dict = {}
    for id_, kind in kinds.items():
        by_kind.setdefault(kind, {})[id_] = None
    return types.SimpleNamespace(by_kind=by_kind)
