"""The rules of Caravans & Brigands as a pure state machine (see docs/architecture.md §Engine).

API: new_game(catalog, seed, players) -> State; legal_actions(state); apply_action(state,
action) (mutates and returns state); clone(state); current_player(state) (-1 when over);
is_terminal(state); results(state); observation(state, seat); determinize(state, seat, rng);
describe_action(state, action, lang); state_hash(state); game_record(state); to_json(state).

Actions are `Action(kind, args)`; kinds and args (ids are catalog ids, cards goods indices):
  decisions (whoever `current_player` names):
    choose_party(party_id)                     setup, and a new hero after a death
    combat_choice(mode, weapon_id|"", glory_id|"")  mode ranged|melee|flee; the other side's
                                               choice is hidden in observation
    capture(bool)                              take over the beaten party after melee
    raid(race) | delve()                       after finding an explorer; race = bounty taken
    raid_draw() | raid_discard(card) | raid_swap(card) | raid_end()   one per raid skull
    reroll(glory_id) | accept()                after a failed skill check
    discard_glory(glory_id)                    over the glory hand limit
    attack() | let_go()                        after finding a player or NPC (let_go also
                                               leaves a found explorer)
    flee_strike(equipment_id, use)             flip the orb when a side flees
    block_hit(equipment_id, use)               flip the amulet to stop a hit once it is located
    loot(good_id) | loot_end()                 the victor picks goods beyond its free cargo
    keep_hero() | redraw_hero()                a new hero whose home holds brigands
    amnesty(race)                              the marker an amnesty removes
    place_equipment(tavern_region)             where a lost party's equipment goes
  the turn (3 actions; tavern activities are free once the tavern action is open):
    move(region_id) enter_tavern() leave_tavern() explore(kind, id) with kind
    player|npc|explorer|rumor; complete_mission(mission_id); tavern() opens the tavern action;
    inside: sell(good_id) (first, one card each) buy_goods() buy(good_id) form_party(party_id)
    repair(points) restore(equipment_id) buy_equipment() swap_equipment(own_equipment_id)
    buy_weapon(weapon_id) sell_weapon(weapon_id) recruit(n) hear_rumor() take_mission(id)
    stash(gold) end_visit(); any time on the turn: play_glory(glory_id, good_id|"")
    discard_goods(good_id) (only over cargo: inside a tavern to make room; outside, the
    engine discards such an excess itself after every action), end_turn().

Modules import each other by dependency, never in a circle (tests/engine/test_import_layers.py):
state, rules, rng, actions, components at the bottom; effects (the dispatch of effect
operations); cards, party, checks, tokens, ending; npc, death, sides, hazards, tavern; melee,
combat, raid, armory, turn, flow; then setup, legal, apply, observe, record, describe. What
flows upward registers itself: combat_ops, event_ops, cards and tavern add their effect
operations to `effects.HANDLERS` (`effects.register`), turn and tavern the continuations of
their skill checks to `checks.CONTINUE` (`checks.continues`).

Hooks: `toolkit.games.caravans.engine.effects.OBSERVERS` (callbacks told of every effect operation that
fired and did something). `state_hash` covers the game position (not history or log).
"""

from toolkit.games.caravans.engine import combat_ops, event_ops  # noqa: F401 (register their effect operations)
from toolkit.games.caravans.engine.actions import Action, ActionKind
from toolkit.games.caravans.engine.apply import apply_action, current_player, is_terminal
from toolkit.games.caravans.engine.flow import results
from toolkit.games.caravans.engine.legal import legal_actions
from toolkit.games.caravans.engine.setup import new_game
from toolkit.games.caravans.engine.state import State, clone

__all__ = ["Action", "ActionKind", "State", "apply_action", "clone", "current_player",
           "describe_action", "determinize", "game_record", "is_terminal", "legal_actions",
           "new_game", "observation", "results", "state_hash", "to_json"]


def __getattr__(name):
    """The less hot parts load on first use."""
    if name in ("observation", "determinize"):
        from toolkit.games.caravans.engine import observe
        return getattr(observe, name)
    if name in ("state_hash", "game_record", "to_json"):
        from toolkit.games.caravans.engine import record
        return getattr(record, name)
    if name == "describe_action":
        from toolkit.games.caravans.engine.describe import describe_action
        return describe_action
    raise AttributeError(name)
