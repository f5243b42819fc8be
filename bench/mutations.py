"""The broken rules bench/mutate.py tries, per game: each one line of one rules module
(`edits`: module, text, replacement) or one function replaced (`patches`: module, dotted
attribute, new function), and the seed rule it breaks."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROJECTS = {
    "caravans": REPO,
    "root": REPO / "examples" / "root",
    "nanhuang2": REPO / "examples" / "nanhuang2",
    "kings_and_things": REPO / "examples" / "kings-and-things",
}


@dataclass(frozen=True)
class Mutation:
    id: str
    rule: str
    edits: tuple = ()      # (module, text that occurs once, replacement)
    patches: tuple = ()    # (module, dotted attribute, replacement object)


def edit(id_, rule, module, old, new):
    return Mutation(id_, rule, edits=((module, old, new),))


KT = "toolkit.games.kings_and_things."


def _cup_always_returns(self, thing):
    self.cup.append(thing)


KINGS_AND_THINGS = [
    edit("castle_melee", "a castle fights in the melee step (seed: ranged)", KT + "combat",
         'structure(data, "fort", int(fort.value), fort.step)',
         'structure(data, "fort", int(fort.value), "melee" if fort.step == "ranged" '
         'else fort.step)'),
    edit("citadel_melee", "a citadel fights in the melee step (seed: magic)", KT + "combat",
         'structure(data, "fort", int(fort.value), fort.step)',
         'structure(data, "fort", int(fort.value), "melee" if fort.step == "magic" '
         'else fort.step)'),
    Mutation("citadel_not_immune", "a citadel drops a level on a post-combat 1 or 6",
             edits=((KT + "combat_end", "if state.fort[hex_] and state.fort[hex_] < 4 and",
                     "if state.fort[hex_] and"),
                    (KT + "combat_end", "if not level or level == 4:", "if not level:"))),
    edit("fort_rolls_full_value", "a damaged fort still rolls at its full value",
         KT + "combat",
         'value = unit["hp"] if unit["kind"] in ("fort", "town") else unit["value"]',
         'value = unit["value"]'),
    edit("post_combat_fort_only_6", "a fort drops on a post-combat 6 only (seed: 1 or 6)",
         KT + "combat_end", "state.fort[hex_] < 4 and state.roll() in (1, 6)",
         "state.fort[hex_] < 4 and state.roll() in (6,)"),
    edit("post_combat_income_only_1", "an income counter is destroyed on a 1 only",
         KT + "combat_end", "if state.income[hex_] and state.roll() in (1, 6):",
         "if state.income[hex_] and state.roll() in (1,):"),
    edit("no_post_combat_income", "income counters never destroyed after a battle",
         KT + "combat_end", "if state.income[hex_] and state.roll() in (1, 6):",
         "if False:"),
    Mutation("empty_cup_still_returns", "things go back to an emptied cup (seed: they leave "
             "play)", patches=((KT + "state", "State.to_cup", _cup_always_returns),)),
    edit("empty_cup_takes_every_kind", "an emptied cup takes no counter back at all (seed: "
         "magic items, creatures and events only leave play)", KT + "state",
         'LEAVE_PLAY = ("magic_item", "creature", "random_event")',
         'LEAVE_PLAY = ("magic_item", "creature", "random_event", "income_counter", '
         '"treasure")'),
    edit("explore_events_kept", "an event drawn while exploring is kept as spoils (seed: "
         "back to the cup)", KT + "explore",
         '        if kind == "random_event":\n            state.to_cup(thing)',
         '        if kind == "random_event":\n            b["spoils"].append(thing)'),
    edit("explore_no_defender_only_6", "no defenders only on a 6 (seed: 1 or 6)",
         KT + "explore", "    if roll in (1, 6):\n        combat_end.capture",
         "    if roll in (6,):\n        combat_end.capture"),
    edit("rotate_wrong_way", "the first-player marker passes to the right",
         KT + "phases.bookkeeping", "state.order = state.order[1:] + state.order[:1]",
         "state.order = state.order[-1:] + state.order[:-1]"),
    edit("hit_strict", "a hit needs a roll under the value (seed: at or under)",
         KT + "combat", "if roll <= value:", "if roll < value:"),
    edit("walk_on_sea", "creatures on foot cross the sea", KT + "phases.movement",
         "if not flying and not data.land(terrain):\n                continue",
         "if False:\n                continue"),
    edit("rough_cost_1", "rough terrain costs 1 on foot", KT + "phases.movement",
         "step = 1 if flying else data.move_cost(terrain)", "step = 1"),
    edit("flyers_pay_rough", "flyers pay the terrain cost", KT + "phases.movement",
         "step = 1 if flying else data.move_cost(terrain)", "step = data.move_cost(terrain)"),
    edit("not_pinned", "units beside enemies may leave", KT + "phases.movement",
         'return unit["hex"] == state.cloud or any(o != unit["owner"]',
         'return unit["hex"] == state.cloud and any(o != unit["owner"]'),
    edit("no_stop_unexplored", "a move goes on through an unexplored hex",
         KT + "phases.movement", "    if state.owner[hex_] is None:\n        return True",
         "    if state.owner[hex_] is None:\n        return False"),
    edit("no_second_citadel_win", "a second citadel does not win at once", KT + "victory",
         "if len(held) >= 2 and state.winner is None:",
         "if len(held) >= 3 and state.winner is None:"),
    edit("citadel_stack_limited", "a citadel has the stack limit",
         KT + "state", "if state.fort[hex_] == 4 and state.owner[hex_] == seat:\n        return True",
         "if False:\n        return True"),
    edit("stack_limit_off_by_one", "one creature more per hex", KT + "state",
         'return there + adding <= data.setting("stack_limit")',
         'return there + adding <= data.setting("stack_limit") + 1'),
    edit("rack_limit_off_by_one", "one thing more behind the screen", KT + "phases.deploy",
         'if len(rack) < data.setting("rack_limit"):',
         'if len(rack) <= data.setting("rack_limit"):'),
]

MUTATIONS = {
    "kings_and_things": KINGS_AND_THINGS,
}
