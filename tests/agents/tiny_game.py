"""A tiny game behind the Game protocol, for testing the generic layers without Caravans:
Take-away. A pile of stones; on a turn a player takes 1, 2 or 3; whoever takes the last
stone wins. With 21 stones the first player wins by always leaving a multiple of 4."""

from __future__ import annotations

import types

from toolkit.game import Game


class TakeAway(Game):
    name = "take_away"
    title = {"en": "Take-away", "zh": "取石子"}
    length_setting = "the pile's size"

    def __init__(self, pile: int = 21):
        self.pile = pile

    def new_game(self, catalog, seed, seats):
        return {"pile": self.pile, "turn": 0, "seats": len(seats), "winner": None}

    def legal_actions(self, state):
        return [("take", k) for k in (1, 2, 3) if k <= state["pile"]]

    def apply_action(self, state, action):
        state["pile"] -= action[1]
        if state["pile"] == 0:
            state["winner"] = state["turn"]
        else:
            state["turn"] = (state["turn"] + 1) % state["seats"]
        return state

    def current_player(self, state):
        return -1 if state["winner"] is not None else state["turn"]

    def is_terminal(self, state):
        return state["winner"] is not None

    def results(self, state):
        return [1.0 if s == state["winner"] else 0.0 for s in range(state["seats"])]

    def clone(self, state):
        return dict(state)

    def action_to_json(self, action):
        return {"kind": action[0], "n": action[1]}

    def action_from_json(self, data):
        return (data["kind"], data["n"])

    def record(self, state):
        return {"pile": self.pile}


GAME = TakeAway()
CATALOG = types.SimpleNamespace(game=types.SimpleNamespace(
    rules=None, players=types.SimpleNamespace(min=2, max=2)), root=None)
