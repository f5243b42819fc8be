"""apply_action: dispatch an action to the rule that carries it out, and whose move it is."""

from __future__ import annotations

from toolkit.games.caravans.engine import (armory, checks, combat, death, melee, raid, tavern,
                                           tokens, turn)
from toolkit.games.caravans.engine.actions import Action, ActionKind as K
from toolkit.games.caravans.engine.flow import amnesty_choice, end_turn
from toolkit.games.caravans.engine.setup import choose_starting_party
from toolkit.games.caravans.engine.turn import enforce_cargo
from toolkit.errors import RulesError
from toolkit.games.caravans.engine.legal import legal_actions


def current_player(state) -> int:
    """The seat that must act now (a defender during its combat choice); -1 when over."""
    if state.phase == "over":
        return -1
    if state.pending:
        return state.pending[-1]["player"]
    return state.turn_seat


def is_terminal(state) -> bool:
    return state.phase == "over"


def _end_visit(state, seat):
    tavern.close(state)


HANDLERS = {
    K.CHOOSE_PARTY: choose_starting_party,
    K.COMBAT_CHOICE: combat.choose,
    K.CAPTURE: melee.capture,
    K.RAID: raid.start_raid,
    K.DELVE: raid.delve,
    K.RAID_DRAW: lambda s, seat: raid.adjust(s, "draw"),
    K.RAID_DISCARD: lambda s, seat, c: raid.adjust(s, "discard", c),
    K.RAID_SWAP: lambda s, seat, c: raid.adjust(s, "swap", c),
    K.RAID_END: lambda s, seat: raid.end_raid(s),
    K.REROLL: checks.reroll,
    K.ACCEPT: lambda s, seat: checks.reroll(s, seat, None),
    K.DISCARD_GLORY: turn.discard_glory,
    K.ATTACK: lambda s, seat: turn.engage(s, seat, True),
    K.LET_GO: lambda s, seat: turn.engage(s, seat, False),
    K.FLEE_STRIKE: combat.flee_strike,
    K.LOOT: melee.loot,
    K.LOOT_END: lambda s, seat: melee.loot(s, seat, None),
    K.KEEP_HERO: lambda s, seat: death.redraw(s, seat, False),
    K.REDRAW_HERO: lambda s, seat: death.redraw(s, seat, True),
    K.AMNESTY: amnesty_choice,
    K.PLACE_EQUIPMENT: tokens.choose_tavern,
    K.MOVE: turn.move,
    K.ENTER_TAVERN: turn.enter_tavern,
    K.LEAVE_TAVERN: turn.leave_tavern,
    K.EXPLORE: turn.explore,
    K.COMPLETE_MISSION: turn.attempt_mission,
    K.TAVERN: turn.open_visit,
    K.SELL: tavern.sell,
    K.BUY_GOODS: tavern.buy_goods,
    K.BUY: tavern.buy,
    K.FORM_PARTY: armory.form_party,
    K.REPAIR: armory.repair,
    K.RESTORE: armory.restore,
    K.BUY_EQUIPMENT: armory.buy_equipment,
    K.SWAP_EQUIPMENT: armory.swap_equipment,
    K.BUY_WEAPON: armory.buy_weapon,
    K.SELL_WEAPON: armory.sell_weapon,
    K.RECRUIT: tavern.recruit,
    K.HEAR_RUMOR: tavern.hear_rumor,
    K.TAKE_MISSION: tavern.take_mission,
    K.STASH: tavern.stash,
    K.END_VISIT: _end_visit,
    K.PLAY_GLORY: turn.play_glory,
    K.DISCARD_GOODS: turn.discard_goods,
    K.END_TURN: lambda s, seat: end_turn(s),
    K.BLOCK_HIT: combat.block_hit,
}


def apply_action(state, action: Action, validate: bool = False):
    """Apply `action` for the current player; mutates and returns `state`.

    With validate=True an action outside legal_actions(state) raises RulesError (agents that
    pick from legal_actions do not need it)."""
    if validate:
        if action not in legal_actions(state):
            raise RulesError(f"illegal action {action!r} for seat {current_player(state)} "
                             f"in round {state.round}")
    seat = current_player(state)
    if seat < 0:
        raise RulesError("the game is over; no action can be applied")
    state.history.append(action)
    HANDLERS[action.kind](state, seat, *action.args)
    enforce_cargo(state)
    _drop_stale_discards(state)
    return state


def _drop_stale_discards(state) -> None:
    """A hand-limit discard owed earlier lapses if tricks played since brought it back."""
    while state.pending and state.pending[-1]["kind"] == "discard_glory":
        limit = state.rules.game.glory_hand_limit
        player = state.players[state.pending[-1]["player"]]
        owed = sum(1 for d in state.pending
                   if d["kind"] == "discard_glory" and d["player"] == player.seat)
        if len(player.hand) + len(player.followers) - limit >= owed:
            return
        state.pending.pop()
