"""Stable state hashes, JSON of a state, and the compact record of a finished game."""

from __future__ import annotations

import hashlib
import json

from toolkit.engine.cards import total_glory
from toolkit.engine.flow import winners
from toolkit.engine.state import to_dict


def to_json(state) -> str:
    return json.dumps(to_dict(state), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state) -> str:
    """sha256 of the canonical JSON of the state: stable across processes and machines."""
    return hashlib.sha256(to_json(state).encode()).hexdigest()


def game_record(state) -> dict:
    """The compact record of a game (docs/architecture.md §Engine)."""
    players = state.players
    over = state.phase == "over"
    return {
        "seed": state.seed,
        "players": len(players),
        "content_hash": state.rules.catalog.content_hash,
        "agents": list(state.agents),
        "heroes": [p.heroes[0] if p.heroes else None for p in players],
        "hero_history": [list(p.heroes) for p in players],
        "parties": [p.start_party for p in players],
        "first_player": state.order[0] if state.order else None,
        "winner": winners(state) if over else [],
        "rounds": state.round,
        "end_reason": state.end_reason,
        "glory": [total_glory(state, p.seat) for p in players],
        "glory_by_source": [_sources(state, p) for p in players],
        "gold": [p.gold for p in players],
        "stash": [p.stash for p in players],
        "deaths": [p.deaths for p in players],
        "bounty": [sum(p.bounty.values()) for p in players],
        "cards_used": [dict(sorted(p.used.items())) for p in players],
        "gold_by_round": [list(p.gold_rounds) for p in players],
        "actions": len(state.history),
    }


def _sources(state, player) -> dict:
    found = dict(player.glory_src)
    stash = total_glory(state, player.seat) - player.glory
    if stash:
        found["stash"] = stash
    return found
