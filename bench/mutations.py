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

RT = "toolkit.games.root."

ROOT = [
    edit("dice_no_zero", "battle dice roll 1-3 (seed: each die 0-3)", RT + "battle",
         "a, b = rng.randint(0, 3), rng.randint(0, 3)", "a, b = rng.randint(1, 3), "
         "rng.randint(1, 3)"),
    edit("dice_attacker_low", "the attacker takes the low die", RT + "battle",
         "return max(a, b), min(a, b)", "return min(a, b), max(a, b)"),
    edit("no_hand_limit", "no discard down to five at the end of Evening", RT + "turn",
         '    s.step = "discard"\n    if len(s.hands[seat]) <= st.setting("hand_limit"):',
         '    s.step = "discard"\n    if True:'),
    Mutation("hospital_any_card", "a field hospital paid with a card of any suit",
             edits=((RT + "effects", "options = cards.matching(s, st, seat, st.suit[c])",
                     "options = sorted(set(s.hands[seat]))"),
                    (RT + "turn", 'opts = cards.matching(s, st, p["seat"], suit)',
                     'opts = sorted(set(s.hands[p["seat"]]))'))),
    edit("coalition_with_anyone", "the Vagabond's coalition with any player (seed: the "
         "lowest scorer)", RT + "turn",
         'out += [("coalition", card, o) for o in others if s.vp[o] == low]',
         'out += [("coalition", card, o) for o in others]'),
    edit("coalition_under_four", "a coalition in a game of three", RT + "turn",
         'elif len(s.factions) >= st.setting("coalition_players"):', "elif True:"),
    edit("ties_rule_nobody_even_eyrie", "the Eyrie do not rule ties (Lords of the Forest)",
         RT + "board", 'return "eyrie" if "eyrie" in top else None', "return None"),
    edit("buildings_do_not_rule", "rule counts warriors only, not buildings", RT + "board",
         "    for f, _ in s.board[c][\"b\"]:\n        counts[f] = counts.get(f, 0) + 1\n"
         "    best", "    best"),
    edit("move_needs_both_ruled", "a move needs rule of both clearings (seed: either)",
         RT + "board", "(rules(s, src, fac) or rules(s, dst, fac))",
         "(rules(s, src, fac) and rules(s, dst, fac))"),
    edit("win_at_29", "victory one point early", RT + "turn",
         'reached = [i for i, v in enumerate(s.vp) if v >= goal and s.dominance[i] is None]',
         'reached = [i for i, v in enumerate(s.vp) if v >= goal - 1 and '
         's.dominance[i] is None]'),
    edit("vp_go_negative", "lost VP go below zero", RT + "board",
         "s.vp[seat] = max(0, s.vp[seat] + n)", "s.vp[seat] = s.vp[seat] + n"),
    edit("dominance_still_scores", "a player with an active dominance card still scores",
         RT + "board", "if seat < 0 or n == 0 or s.dominance[seat] is not None:",
         "if seat < 0 or n == 0:"),
    edit("no_outrage", "moving into sympathy costs the mover nothing", RT + "effects",
         '    if seat < 0 or "alliance" not in s.f or s.fac(seat) == "alliance":\n        return',
         '    if True:\n        return'),
    Mutation("eyrie_column_stored_order", "the Eyrie resolve a Decree column in stored "
             "order (seed 鹰 3: any order)",
             edits=((RT + "eyrie", "for suit in dict.fromkeys(x for c, x in todo if c == col):",
                     "for suit in [todo[0][1]]:"),
                    (RT + "eyrie", "    todo.pop((exact or [i for i in due if todo[i][1] == "
                     "\"bird\"] or due)[0])", "    todo.pop(0)"))),
    edit("turmoil_no_vp_loss", "turmoil costs no VP", RT + "eyrie",
         "board.gain(s, seat, -birds)", "board.gain(s, seat, 0)"),
    edit("dominance_needs_three", "dominance needs 4 ruled clearings of the suit",
         RT + "turn", 'return ruled >= st.setting("dominance_clearings")',
         'return ruled >= st.setting("dominance_clearings") + 1'),
]

NH = "toolkit.games.nanhuang2."

NANHUANG2 = [
    edit("trade_void_if_giver_out", "traded power and economy are lost when a player is out",
         NH + "flow", "    p.incoming = [0, 0]\n    if state.event is not None",
         "    for q in state.players:\n        q.incoming = [0, 0]\n"
         "    if state.event is not None"),
    edit("trade_resources_immediate", "traded power and economy arrive at once (seed: at "
         "the taker's next phase 1)", NH + "apply",
         "    taker.incoming[0] += power\n    taker.incoming[1] += economy",
         "    taker.power += power\n    taker.economy += economy"),
    edit("facilities_back_anytime", "facilities taken back in the middle of the turn",
         NH + "legal", "    return _main(state)\n",
         "    return _main(state) + [(\"take_back\", u) for u in "
         "state.players[state.current].facilities]\n"),
    edit("protection_break_unlocks_all", "one broken pair frees every pair (3-4 players)",
         NH + "rules", "and (attacker, target) not in state.broken)", "and not state.broken)"),
    edit("no_protection", "no 后手保护", NH + "rules", "return (attacker < target and state.round",
         "return (False and state.round"),
    edit("protection_symmetric", "protection binds both directions", NH + "rules",
         "return (attacker < target and state.round", "return (attacker != target and "
         "state.round"),
    edit("protection_never_broken", "a later player's attack does not free the earlier one",
         NH + "rules", "        state.broken.add((target, attacker))", "        pass"),
    edit("protection_one_round_more", "后手保护 lasts a round longer", NH + "rules",
         'return (attacker < target and state.round <= state.t.setting("protection_rounds")',
         'return (attacker < target and state.round <= state.t.setting("protection_rounds")'
         ' + 1'),
    edit("no_wipe_reward", "清场 gives no card", NH + "apply",
         'picks = int(state.t.setting("wipe_rewards"))', "picks = 0"),
    edit("wipe_reward_any_exile_card", "清场 offers any card of the exile (seed: the victim's "
         "cards of phase 1)", NH + "apply",
         "candidates = tuple(u for u in state.snapshot[target] if u in state.exile)",
         "candidates = tuple(state.exile)"),
    edit("strike_single", "a strike costs the printed power (seed: twice)", NH + "rules",
         'return int(state.spec(uid).power * state.t.setting("strike_multiplier"))',
         "return int(state.spec(uid).power)"),
    edit("guards_ignored", "back row and facilities strikable behind a full front",
         NH + "rules", "if p.zone(z) and not any(p.zone(g) for g in state.t.guards[z])]",
         "if p.zone(z)]"),
    edit("lose_after_one_empty_start", "one empty start loses (seed: two in a row)",
         NH + "flow", 'if p.empty_starts >= state.t.setting("empty_starts_to_lose"):',
         'if p.empty_starts >= 1:'),
    edit("empty_count_not_reset", "the empty-start count never resets", NH + "flow",
         "        p.empty_starts = 0", "        pass"),
    edit("tokens_to_exile", "a dead token goes to the exile (not back to the tokens)",
         NH + "rules", '    if state.spec(uid).kind == "token":\n        state.tokens.append(uid)',
         '    if False:\n        state.tokens.append(uid)'),
]

CV = "toolkit.games.caravans.engine."

CARAVANS = [
    edit("sell_glory_one_more", "glory for one demanded card more than the setting",
         CV + "tavern", "if sold >= state.rules.game.sell.glory_min_demanded:",
         "if sold >= state.rules.game.sell.glory_min_demanded + 1:"),
    edit("demand_not_swapped", "selling the demanded good keeps the demand marker",
         CV + "tavern", "        swap_demand(state, visit.region)\n        if sold >=",
         "        pass\n        if sold >="),
    edit("demanded_price_plain", "the demanded good sells at the plain price",
         CV + "tavern", "base = sell.demanded_price if demanded else sell.price",
         "base = sell.price"),
    edit("repeat_buy_full_draw", "buying at the same tavern again draws the full offer",
         CV + "tavern", "buy.repeat_draw if repeat else buy.draw", "buy.draw"),
    edit("demanded_good_offered", "the demanded good stays in the buying offer",
         CV + "tavern", "while card is not None and state.rules.cards[card][0] == demanded "
         "and tries > 0:", "while False:"),
    edit("buy_prices_flat", "every good costs the one-copy price however often drawn",
         CV + "tavern", "table[max(k for k in table if k <= n)] if", "table[min(table)] if"),
    edit("stash_no_cap", "stash points without the cap", CV + "cards",
         "return min(player.stash // stash.gold_per_point, stash.max_points)",
         "return player.stash // stash.gold_per_point"),
    edit("stash_rounds_up", "a part of a stash point counts", CV + "cards",
         "return min(player.stash // stash.gold_per_point, stash.max_points)",
         "return min(-(-player.stash // stash.gold_per_point), stash.max_points)"),
    edit("glory_hand_limit_off", "one glory card more in hand", CV + "cards",
         "> state.rules.game.glory_hand_limit:", "> state.rules.game.glory_hand_limit + 1:"),
    edit("check_needs_two_skulls", "a skill check needs one skull more", CV + "checks",
         "ok = rolled.count(SKULL) >= need", "ok = rolled.count(SKULL) >= need + 1"),
    edit("game_ends_at_announce", "the game ends when the goal is reached, not after the "
         "round", CV + "flow", "    if state.turn_pos < len(state.order):\n        start_turn(state)",
         "    if state.turn_pos < len(state.order) and state.announced is None:\n"
         "        start_turn(state)"),
    edit("ties_by_total_glory", "among players at the goal the most total glory wins (seed: "
         "glory on the track)", CV + "flow", "return (1, player.glory, player.stash, 0)",
         "return (1, total, player.stash, 0)"),
    edit("no_death_top_up", "a new hero starts without the gold top-up", CV + "death",
         "need = max(0, state.rules.game.death.top_up_gold - player.gold)", "need = 0"),
    edit("top_up_not_from_stash", "the death top-up does not draw on the stash", CV + "death",
         "from_stash = min(need, player.stash)", "from_stash = 0"),
    edit("no_agility_edge", "no extra die for the faster party", CV + "combat",
         'if mine["agility"] - theirs["agility"] >= rules.agility_edge:',
         "if False:"),
    edit("stat_cap_off", "party stats above the cap of 5", CV + "party",
         "return {k: max(0, min(cap, v)) for k, v in top.items()}",
         "return {k: max(0, v) for k, v in top.items()}"),
]

MUTATIONS = {
    "caravans": CARAVANS,
    "kings_and_things": KINGS_AND_THINGS,
    "root": ROOT,
    "nanhuang2": NANHUANG2,
}
