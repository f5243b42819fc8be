"""Actions of Caravans & Brigands: a kind from the ActionKind enum plus a tuple of plain args.

An Action is hashable, compares by value and serialises to JSON as `[kind, [args...]]`.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class ActionKind(str, Enum):
    # <gen:action-kinds> generated from caravans/declarations.py by scripts/gen_declarations.py: do not edit
    # setup and decisions
    CHOOSE_PARTY = "choose_party"        # (party_id,)
    COMBAT_CHOICE = "combat_choice"      # (mode "ranged"|"melee"|"flee", weapon_id|"", glory_id|"")
    CAPTURE = "capture"                  # (take: bool,)
    RAID = "raid"                        # (bounty_race,)   after finding an explorer
    DELVE = "delve"                      # ()               after finding an explorer
    RAID_DRAW = "raid_draw"              # ()
    RAID_DISCARD = "raid_discard"        # (goods_card_index,)
    RAID_SWAP = "raid_swap"              # (goods_card_index,)
    RAID_END = "raid_end"                # ()
    REROLL = "reroll"                    # (glory_id,)      after a failed skill check
    ACCEPT = "accept"                    # ()               keep the failed check
    DISCARD_GLORY = "discard_glory"      # (glory_id,)      over the hand limit
    ATTACK = "attack"                    # ()               fight the player or NPC found
    LET_GO = "let_go"                    # ()               leave a found target alone
    FLEE_STRIKE = "flee_strike"          # (equipment_id, use: bool) the orb on a flight
    LOOT = "loot"                        # (good_id,)       take one of the beaten's goods
    LOOT_END = "loot_end"                # ()               leave the rest
    KEEP_HERO = "keep_hero"              # ()               keep a hero whose home is raided
    REDRAW_HERO = "redraw_hero"          # ()               draw the next hero instead
    AMNESTY = "amnesty"                  # (race,)          remove one bounty marker
    PLACE_EQUIPMENT = "place_equipment"  # (tavern_region,) a lost party's equipment
    # the turn
    MOVE = "move"                        # (region_id,)
    ENTER_TAVERN = "enter_tavern"        # ()
    LEAVE_TAVERN = "leave_tavern"        # ()
    EXPLORE = "explore"                  # (target_kind "player"|"npc"|"explorer"|"rumor", target_id)
    COMPLETE_MISSION = "complete_mission" # (mission_id,)
    TAVERN = "tavern"                    # ()               opens the tavern action (costs 1 action)
    SELL = "sell"                        # (good_id,)       one card
    BUY_GOODS = "buy_goods"              # ()               draws the offer
    BUY = "buy"                          # (good_id,)       one card of the offer
    FORM_PARTY = "form_party"            # (party_id,)
    REPAIR = "repair"                    # (points,)
    RESTORE = "restore"                  # (equipment_id,)  turn a used amulet face up
    BUY_EQUIPMENT = "buy_equipment"      # ()               the token of this tavern
    SWAP_EQUIPMENT = "swap_equipment"    # (own_equipment_id,) Nightshade only
    BUY_WEAPON = "buy_weapon"            # (weapon_id,)
    SELL_WEAPON = "sell_weapon"          # (weapon_id,)
    RECRUIT = "recruit"                  # (mercenaries,)
    HEAR_RUMOR = "hear_rumor"            # ()
    TAKE_MISSION = "take_mission"        # (mission_id,)
    STASH = "stash"                      # (gold,)
    END_VISIT = "end_visit"              # ()
    PLAY_GLORY = "play_glory"            # (glory_id, arg)  arg: good_id for sell_at_demand, else ""
    DISCARD_GOODS = "discard_goods"      # (good_id,)       only while over cargo
    END_TURN = "end_turn"                # ()
    BLOCK_HIT = "block_hit"              # (equipment_id, use: bool) the amulet on a located hit
    # </gen:action-kinds>


class Action(NamedTuple):
    kind: ActionKind
    args: tuple = ()

    def to_json(self) -> list:
        return [self.kind.value, list(self.args)]

    @classmethod
    def from_json(cls, data) -> "Action":
        kind, args = data
        return cls(ActionKind(kind), tuple(args))

    def __repr__(self) -> str:
        inner = ", ".join(repr(a) for a in self.args)
        return f"{self.kind.value}({inner})"


def act(kind: ActionKind, *args) -> Action:
    return Action(kind, tuple(args))
