"""The heuristic agents choose exactly the same actions as before the speed work.

Ten seeded games are played through the runner and the sha256 of each game's action
history is compared with a golden value recorded before the agents, the runner and the
engine hot spots were optimised. A change that is meant to alter the agents' choices (or
the rules) must say so and re-record: `.venv/bin/python tests/agents/test_speed_equivalence.py`.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from toolkit.games.caravans import GAME
from toolkit.games.caravans import engine
from toolkit.agents import make_agent
from toolkit.loop import play

MIXED = ["trader", "raider", "adventurer", "balanced"]
GAMES = [(seed, ["balanced"] * 4) for seed in (1, 2, 3)] + \
    [(seed, MIXED) for seed in (4, 5, 6)] + \
    [(7, ["raider", "trader"]), (8, ["adventurer", "balanced", "trader"]),
     (9, ["random", "balanced", "random", "trader"]), (10, ["balanced"] * 4)]

GOLDEN = {
    1: "b8243a3beb286a68d406d71ac58a56cb87a40a5749b2864ec7824fb6fc7bca87",
    2: "fc5e406dabde952fd7e7d88501c85e1912c8e45b15dcb3f3fb834bb22a14076b",
    3: "f6e4ab740bf2931c8fd2a90aba504260ad6a8e7f491ed87f2f91d5b02312dfc7",
    4: "d7a6ab691eb972b4a1e2daf0dab58ab6cccf880aac99486f57451805f3cfb482",
    5: "1b6ec9df673a281eb3cfd5d60500911869aeaa64744f14c554f9705a082849ca",
    6: "227ee21899d243ca4db5d504b7225716613cf2689c42d2bcc1383d7188ec21e1",
    7: "15bb5cf2e1b56215c9717d58091666bc0e6542531959f4fa66df5ba6ddb74922",
    8: "d671fcab25071390fcf2a74917d6b65c01ad3d73240c78376c64864dac3cc1f5",
    9: "1f4345d84e6e7cc9b72ba7e8cd586ae27eb4a80569a93c3246a3904fc24bdf17",
    10: "70348a6ad9ebcd3f95467ab7df8afdbaf33aab70f6fe27ba2d900a6f7346d9ac",
}


def history_hash(catalog, seed: int, lineup: list[str]) -> str:
    """sha256 of the actions applied in the game, played by the one game loop through the
    Game protocol (toolkit.loop), as simulate, check and replay play it."""
    played = play(GAME, catalog, seed, lineup)
    assert played.actions == list(played.state.history)
    text = "\n".join(f"{a.kind.value}{list(a.args)!r}" for a in played.actions)
    return hashlib.sha256(text.encode()).hexdigest()


def engine_history_hash(catalog, seed: int, lineup: list[str]) -> str:
    """The same hash from a loop of direct engine calls (no Game object in between)."""
    agents = [make_agent(name, GAME, catalog, seat, seed) for seat, name in enumerate(lineup)]
    state = engine.new_game(catalog, seed, list(lineup))
    while not engine.is_terminal(state):
        seat = engine.current_player(state)
        legal = engine.legal_actions(state)
        agent = agents[seat]
        view = engine.observation(state, seat) if getattr(agent, "observes", True) else None
        state = engine.apply_action(state, agent.choose(view, legal))
    text = "\n".join(f"{a.kind.value}{list(a.args)!r}" for a in state.history)
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("seed,lineup", GAMES, ids=[str(s) for s, _ in GAMES])
def test_same_actions_as_before(catalog, seed, lineup):
    assert history_hash(catalog, seed, lineup) == GOLDEN[seed]


def test_direct_engine_loop_plays_the_same_game(catalog):
    seed, lineup = GAMES[8]
    assert engine_history_hash(catalog, seed, lineup) == GOLDEN[seed]


def test_open_taverns_agrees_with_tavern_open(catalog):
    """The batched engine.turn.open_taverns (once per race) equals tavern_open per tavern."""
    from toolkit.games.caravans.engine.turn import open_taverns, tavern_open
    agents = [make_agent("raider", GAME, catalog, seat, 11) for seat in range(4)]
    state = engine.new_game(catalog, 11, ["raider"] * 4)
    checked = 0
    while not engine.is_terminal(state):
        seat = engine.current_player(state)
        if state.players[seat].hero and state.phase != "setup":
            expected = tuple(t for t in state.rules.taverns if tavern_open(state, seat, t))
            assert open_taverns(state, seat) == expected
            checked += 1
        view = engine.observation(state, seat)
        state = engine.apply_action(state, agents[seat].choose(view, engine.legal_actions(state)))
    assert checked > 100


def test_runner_plays_the_same_game(catalog):
    from toolkit.loop import play_game
    seed, lineup = GAMES[3]
    record = play_game(GAME, catalog, seed, lineup)
    assert record["length"] == len(record["actions"]) > 0 and record["winner"]
    assert GAME.action_from_json(record["actions"][0]) == play(GAME, catalog, seed,
                                                               lineup, until=1).actions[0]


if __name__ == "__main__":  # print the golden table for the current code
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from toolkit.content.validate import load_catalog
    cat = load_catalog(Path(__file__).resolve().parents[2])
    for seed, lineup in GAMES:
        print(f"    {seed}: \"{history_hash(cat, seed, lineup)}\",")
