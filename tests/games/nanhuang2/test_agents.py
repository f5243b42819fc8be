"""The warlord's trade, recall and take-back (issue #23): each where it pays, never in the
first version (`warlord_plain`), and trades happening in simulated play."""

from __future__ import annotations

import random

from toolkit.games.nanhuang2 import GAME
from toolkit.games.nanhuang2.agents import Warlord, make_plain


def agents(seat):
    return Warlord(seat, random.Random(1)), make_plain(GAME, None, seat, random.Random(1))


def step(state, agent):
    seat = GAME.current_player(state)
    action = agent.choose(GAME.observation(state, seat), GAME.legal_actions(state))
    GAME.apply_action(state, action)
    return action


def to_end(state, agent):
    """Steps until the agent ends its phase 2."""
    while step(state, agent) != ("end",):
        pass


def test_recalls_the_weakest_of_a_full_row_for_a_better_card(make):
    base = dict(players=2, round=5, current=0,
                fields={0: {"front": ["guild_guard", "guild_guard", "farmer", "tribal_warrior",
                                      "tribal_warrior"], "back": ["farmer"] * 5},
                        1: {"front": ["farmer"]}},
                hands={0: ["exiled_blade"]}, power={0: 0}, economy={0: 0})
    state = make(**base)
    new, plain = agents(0)
    action = step(state, new)
    assert action[0] == "recall" and state.cards[action[1]] == "farmer"
    assert action[1] not in state.players[0].front
    placed = step(state, new)
    assert placed[0] == "place" and state.cards[placed[1]] == "exiled_blade"
    assert "exiled_blade" in [state.cards[u] for u in state.players[0].field()]
    assert step(make(**base), plain) == ("end",)
    # a card only 1 better (temple knight 4 against the farmer's 3): nothing is recalled
    assert step(make(**dict(base, hands={0: ["temple_knight"]})), new) == ("end",)


def test_takes_exposed_facilities_back_unless_that_would_lose(make):
    base = dict(players=2, round=5, current=0,
                fields={0: {"facilities": ["bazaar"]}, 1: {"front": ["sellsword"]}},
                power={0: 0}, economy={0: 0})
    new, plain = agents(0)
    state = make(**base)
    to_end(state, new)
    assert state.phase == "end"
    action = step(state, new)
    assert action[0] == "take_back" and state.players[0].facilities == []
    state = make(**base)
    to_end(state, plain)
    assert step(state, plain) == ("finish",)
    # rows guarded by a card of the front: the facility stays
    state = make(**dict(base, fields={0: {"front": ["farmer"], "facilities": ["bazaar"]},
                                      1: {"front": ["sellsword"]}}))
    to_end(state, new)
    assert state.phase != "end" or step(state, new) == ("finish",)
    assert state.players[0].facilities


def test_buys_a_rivals_spare_basic_with_power_and_the_rival_sells(make):
    state = make(players=2, round=5, current=0,
                 fields={0: {"front": ["farmer"]},
                         1: {"front": ["militia"] * 5, "back": ["farmer"] * 5}},
                 hands={1: ["retainer"]}, power={0: 3}, economy={0: 0})
    state.players[1].secret = set()      # bought in the open: the rival knows it is there
    buyer, _ = agents(0)
    seller, plain_seller = agents(1)
    kinds = []
    while state.pending is None or state.pending[0] == "deal":
        kinds.append(step(state, buyer)[0])
    assert kinds == ["offer", "give_power", "give_power", "give_power", "ask", "propose"]
    offer = state.clone()
    assert step(state, seller) == ("accept",)
    assert [state.cards[u] for u in state.players[0].hand] == ["retainer"]
    assert state.players[1].incoming == [3, 0] and state.players[0].power == 0
    assert step(offer, plain_seller) == ("decline",)


def test_the_rival_keeps_a_basic_it_has_room_for(make):
    state = make(players=2, round=5, current=0,
                 fields={0: {"front": ["farmer"]}, 1: {"front": ["militia"]}},
                 hands={1: ["retainer"]}, power={0: 3}, economy={0: 0})
    state.players[1].secret = set()
    buyer, _ = agents(0)
    seller, _ = agents(1)
    while state.pending is None or state.pending[0] == "deal":
        step(state, buyer)
    assert step(state, seller) == ("decline",)


def test_trades_recalls_and_take_backs_happen_in_simulated_play(catalog):
    """Four warlords on seeds 0-29: the seed's trading section is played, not only legal."""
    seen = {"accept": 0, "recall": 0, "take_back": 0}
    for seed in range(30):
        state = GAME.new_game(catalog, seed, ["warlord"] * 4)
        players = [GAME.agents()["warlord"](GAME, catalog, s, random.Random(seed * 10 + s), None)
                   for s in range(4)]
        while not GAME.is_terminal(state):
            seat = GAME.current_player(state)
            action = players[seat].choose(GAME.observation(state, seat), GAME.legal_actions(state))
            if action[0] in seen:
                seen[action[0]] += 1
            GAME.apply_action(state, action)
    assert all(count > 0 for count in seen.values()), seen
