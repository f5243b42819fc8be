"""The heuristic contests citadels (issue #23): it storms an enemy citadel it can reach, and
`hunter` (the counter that sends everything at an enemy citadel) no longer beats it."""

from __future__ import annotations

import pytest

from toolkit.agents.base import agent_rng
from toolkit.games.kings_and_things import GAME
from toolkit.games.kings_and_things.agent import Heuristic
from toolkit.games.kings_and_things.agent_hunter import make_hunter
from toolkit.games.kings_and_things.data import by_key
from toolkit.games.kings_and_things.phases.movement import reach


def players(catalog, seed, names):
    return [make_hunter(GAME, catalog, s, agent_rng(seed, s)) if n == "hunter"
            else Heuristic(s, agent_rng(seed, s)) for s, n in enumerate(names)]


def play(catalog, seed, names, each=None):
    """One game; `each(state, seat, action)` sees every decision. The final state."""
    agents = players(catalog, seed, names)
    state = GAME.new_game(catalog, seed, list(names))
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        action = agents[seat].choose(GAME.observation(state, seat), GAME.legal_actions(state))
        if each:
            each(state, seat, action)
        state = GAME.apply_action(state, action)
    return state


def storm_chances(catalog, seeds, names, who):
    """(action, enemy citadels its unit could reach) at each first move of a movement phase
    by `who` while an enemy citadel was within reach of one of its units (outside its own
    citadel's garrison)."""
    found = []
    for seed in seeds:
        seen = set()

        def each(state, seat, action, seen=seen):
            if names[seat] != who or action[0] != "move" or (state.round, seat) in seen:
                return
            seen.add((state.round, seat))
            data = by_key(state.key)
            enemy = {h for h in range(len(state.owner))
                     if state.fort[h] == 4 and state.owner[h] not in (None, seat)}
            own = set(state.citadels_of(seat))
            if not enemy:
                return
            reachable = {h for t, u in state.units.items() if u["owner"] == seat
                         and not u["moved"] and u["hex"] not in own
                         for h in reach(state, data, t)} & enemy
            if reachable:
                found.append((action, reachable))
        play(catalog, seed, names, each)
    return found


def test_the_heuristic_storms_an_enemy_citadel_in_reach(catalog):
    found = storm_chances(catalog, range(8), ("hunter", "heuristic"), "heuristic")
    assert len(found) >= 3
    assert all(action[2] in reachable for action, reachable in found), found


def test_the_hunter_sends_its_first_unit_at_the_citadel(catalog):
    found = storm_chances(catalog, range(8), ("heuristic", "hunter"), "hunter")
    assert found and all(action[2] in reachable for action, reachable in found), found


@pytest.mark.slow
def test_the_hunter_no_longer_beats_the_heuristic(catalog):
    """Seeds 0-59, both seat orders (120 games). Before the change the hunter won 0.754 of
    these games (heuristic 0.246); now the heuristic wins 0.517 (bench/agents_kt_nh.py has
    the figures on fresh seeds)."""
    won = 0.0
    seeds = range(60)
    for seed in seeds:
        for names in (("heuristic", "hunter"), ("hunter", "heuristic")):
            state = play(catalog, seed, names)
            winners = [w for w in state.winner if names[w] == "heuristic"]
            won += len(winners) / len(state.winner)
    assert won / (2 * len(seeds)) >= 0.45
