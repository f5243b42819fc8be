"""Stable state hashes, JSON of a state, and the compact record of a finished game."""

from __future__ import annotations

import hashlib
import json
import sys
from array import array

from toolkit.games.caravans.engine.cards import total_glory
from toolkit.games.caravans.engine.flow import winners
from toolkit.games.caravans.engine.state import State, to_dict


def to_json(state) -> str:
    return json.dumps(to_dict(state), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state) -> str:
    """sha256 of the game position: the canonical JSON of every field but the action
    history and the event log (equal positions reached by different paths hash equal),
    then the random streams' internal state as bytes. Stable across processes and
    machines; no intermediate copy of the state is built."""
    sha = hashlib.sha256(_CANON(_position(state)).encode())
    for purpose in sorted(state.rng):
        version, internal, _gauss = dict.get(state.rng, purpose).getstate()  # a read
        words = array("I", internal)
        if sys.byteorder == "big":
            words.byteswap()
        sha.update(purpose.encode())
        sha.update(words.tobytes())
    return sha.hexdigest()


_CANON = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
_SKIP = frozenset({"rules", "history", "log", "rng"})


def _position(state) -> dict:
    """The state's fields as JSON-ready views of the live data (nothing is copied)."""
    out = {"content_hash": state.rules.catalog.content_hash}
    for name in State.__slots__:
        if name in _SKIP:
            continue
        value = getattr(state, name)
        if name == "players":
            value = [_fields(p) for p in value]
        elif name == "npcs":
            value = {k: _fields(n) for k, n in value.items()}
        elif name == "visit" and value is not None:
            value = _fields(value)
        out[name] = value
    return out


def _fields(obj) -> dict:
    out = {name: getattr(obj, name) for name in obj.__slots__}
    party = out.get("party")
    if party is not None:
        out["party"] = {name: getattr(party, name) for name in party.__slots__}
    return out


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
        "events_drawn": list(state.event_discard),
        "gold_by_round": [list(p.gold_rounds) for p in players],
        "actions": len(state.history),
    }


def _sources(state, player) -> dict:
    found = dict(player.glory_src)
    stash = total_glory(state, player.seat) - player.glory
    if stash:
        found["stash"] = stash
    return found
