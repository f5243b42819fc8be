"""The broken rules bench/mutate.py tries, per game: each one line of one rules module
(`edits`: module, text, replacement) or one function replaced (`patches`: module, dotted
attribute, new function), and the seed rule it breaks."""

from __future__ import annotations

from dataclasses import dataclass, replace

from _common import PROJECTS  # noqa: F401  (bench/mutate.py reads it from here)


@dataclass(frozen=True)
class Mutation:
    id: str
    rule: str
    edits: tuple = ()      # (module, text that occurs once, replacement)
    patches: tuple = ()    # (module, dotted attribute, replacement object)


def game(package: str, rows: list) -> list[Mutation]:
    """One game's mutations, their modules named within `package`: a row (id, the broken
    rule, module, text, replacement) edits one line; a Mutation row edits several lines or
    patches a function."""
    def within(row) -> Mutation:
        if not isinstance(row, Mutation):
            row = Mutation(row[0], row[1], edits=(row[2:],))
        return replace(row, edits=tuple((package + m, *rest) for m, *rest in row.edits),
                       patches=tuple((package + m, *rest) for m, *rest in row.patches))
    return [within(row) for row in rows]


def _cup_always_returns(self, thing):
    self.cup.append(thing)


KINGS_AND_THINGS = game("toolkit.games.kings_and_things.", [
    ("castle_melee", "a castle fights in the melee step (seed: ranged)", "combat",
     'structure(data, "fort", int(fort.value), fort.step)',
     'structure(data, "fort", int(fort.value), "melee" if fort.step == "ranged" '
     'else fort.step)'),
    ("citadel_melee", "a citadel fights in the melee step (seed: magic)", "combat",
     'structure(data, "fort", int(fort.value), fort.step)',
     'structure(data, "fort", int(fort.value), "melee" if fort.step == "magic" '
     'else fort.step)'),
    Mutation("citadel_not_immune", "a citadel drops a level on a post-combat 1 or 6",
             edits=(("combat_end", "if state.fort[hex_] and state.fort[hex_] < 4 and",
                     "if state.fort[hex_] and"),
                    ("combat_end", "if not level or level == 4:", "if not level:"))),
    ("fort_rolls_full_value", "a damaged fort still rolls at its full value",
     "combat",
     'value = unit["hp"] if unit["kind"] in ("fort", "town") else unit["value"]',
     'value = unit["value"]'),
    ("post_combat_fort_only_6", "a fort drops on a post-combat 6 only (seed: 1 or 6)",
     "combat_end", "state.fort[hex_] < 4 and state.roll() in (1, 6)",
     "state.fort[hex_] < 4 and state.roll() in (6,)"),
    ("post_combat_income_only_1", "an income counter is destroyed on a 1 only",
     "combat_end", "if state.income[hex_] and state.roll() in (1, 6):",
     "if state.income[hex_] and state.roll() in (1,):"),
    ("no_post_combat_income", "income counters never destroyed after a battle",
     "combat_end", "if state.income[hex_] and state.roll() in (1, 6):",
     "if False:"),
    Mutation("empty_cup_still_returns", "things go back to an emptied cup (seed: they leave "
             "play)", patches=(("state", "State.to_cup", _cup_always_returns),)),
    ("empty_cup_takes_every_kind", "an emptied cup takes no counter back at all (seed: "
     "magic items, creatures and events only leave play)", "state",
     'LEAVE_PLAY = ("magic_item", "creature", "random_event")',
     'LEAVE_PLAY = ("magic_item", "creature", "random_event", "income_counter", '
     '"treasure")'),
    ("explore_events_kept", "an event drawn while exploring is kept as spoils (seed: "
     "back to the cup)", "explore",
     '        if kind == "random_event":\n            state.to_cup(thing)',
     '        if kind == "random_event":\n            b["spoils"].append(thing)'),
    ("explore_no_defender_only_6", "no defenders only on a 6 (seed: 1 or 6)",
     "explore", "    if roll in (1, 6):\n        combat_end.capture",
     "    if roll in (6,):\n        combat_end.capture"),
    ("rotate_wrong_way", "the first-player marker passes to the right",
     "phases.bookkeeping", "state.order = state.order[1:] + state.order[:1]",
     "state.order = state.order[-1:] + state.order[:-1]"),
    ("hit_strict", "a hit needs a roll under the value (seed: at or under)",
     "combat", "if roll <= value:", "if roll < value:"),
    ("walk_on_sea", "creatures on foot cross the sea", "phases.movement",
     "elif not land[nxt]:\n                        continue",
     "elif False:\n                        continue"),
    ("rough_cost_1", "rough terrain costs 1 on foot", "phases.movement",
     "step = spent + cost[nxt]", "step = spent + 1"),
    ("flyers_pay_rough", "flyers pay the terrain cost", "phases.movement",
     "if flying:\n                        step = spent + 1",
     "if flying:\n                        step = spent + (cost[nxt] if land[nxt] else 1)"),
    ("not_pinned", "units beside enemies may leave", "phases.movement",
     'if unit["hex"] == state.cloud:\n        return True\n    for o in',
     'if unit["hex"] != state.cloud:\n        return False\n    for o in'),
    ("no_stop_unexplored", "a move goes on through an unexplored hex",
     "phases.movement", "elif owner is None:\n                    foot.append(True)\n"
     "                    fly.append(True)", "elif owner is None:\n"
     "                    foot.append(False)\n                    fly.append(False)"),
    ("no_second_citadel_win", "a second citadel does not win at once", "victory",
     "if len(held) >= 2 and state.winner is None:",
     "if len(held) >= 3 and state.winner is None:"),
    ("citadel_stack_limited", "a citadel has the stack limit",
     "state", "if state.fort[hex_] == 4 and state.owner[hex_] == seat:\n        return True",
     "if False:\n        return True"),
    ("stack_limit_off_by_one", "one creature more per hex", "state",
     'return there + adding <= data.setting("stack_limit")',
     'return there + adding <= data.setting("stack_limit") + 1'),
    ("rack_limit_off_by_one", "one thing more behind the screen", "phases.deploy",
     'if len(rack) < data.setting("rack_limit"):',
     'if len(rack) <= data.setting("rack_limit"):'),
])

ROOT = game("toolkit.games.root.", [
    ("dice_no_zero", "battle dice roll 1-3 (seed: each die 0-3)", "battle",
     "a, b = rng.randint(0, 3), rng.randint(0, 3)", "a, b = rng.randint(1, 3), "
     "rng.randint(1, 3)"),
    ("dice_attacker_low", "the attacker takes the low die", "battle",
     "return max(a, b), min(a, b)", "return min(a, b), max(a, b)"),
    ("no_hand_limit", "no discard down to five at the end of Evening", "turn",
     '    s.step = "discard"\n    if len(s.hands[seat]) <= st.setting("hand_limit"):',
     '    s.step = "discard"\n    if True:'),
    Mutation("hospital_any_card", "a field hospital paid with a card of any suit",
             edits=(("effects", "options = cards.matching(s, st, seat, st.suit[c])",
                     "options = sorted(set(s.hands[seat]))"),
                    ("turn", 'opts = cards.matching(s, st, p["seat"], suit)',
                     'opts = sorted(set(s.hands[p["seat"]]))'))),
    ("coalition_with_anyone", "the Vagabond's coalition with any player (seed: the "
     "lowest scorer)", "turn",
     'out += [("coalition", card, o) for o in others if s.vp[o] == low]',
     'out += [("coalition", card, o) for o in others]'),
    ("coalition_under_four", "a coalition in a game of three", "turn",
     'elif len(s.factions) >= st.setting("coalition_players"):', "elif True:"),
    ("ties_rule_nobody_even_eyrie", "the Eyrie do not rule ties (Lords of the Forest)",
     "board", 'if counts.get("eyrie", 0) == best:\n        return "eyrie"',
     'if False:\n        return "eyrie"'),
    ("buildings_do_not_rule", "rule counts warriors only, not buildings", "board",
     "    for pair in z[\"b\"]:\n        f = pair[0]\n        counts[f] = counts.get(f, 0) + 1\n"
     "    best", "    best"),
    ("move_needs_both_ruled", "a move needs rule of both clearings (seed: either)",
     "board", "(rules(s, src, fac) or rules(s, dst, fac))",
     "(rules(s, src, fac) and rules(s, dst, fac))"),
    ("win_at_29", "victory one point early", "turn",
     'reached = [i for i, v in enumerate(s.vp) if v >= goal and s.dominance[i] is None]',
     'reached = [i for i, v in enumerate(s.vp) if v >= goal - 1 and '
     's.dominance[i] is None]'),
    ("vp_go_negative", "lost VP go below zero", "board",
     "s.vp[seat] = max(0, s.vp[seat] + n)", "s.vp[seat] = s.vp[seat] + n"),
    ("dominance_still_scores", "a player with an active dominance card still scores",
     "board", "if seat < 0 or n == 0 or s.dominance[seat] is not None:",
     "if seat < 0 or n == 0:"),
    ("no_outrage", "moving into sympathy costs the mover nothing", "effects",
     '    if seat < 0 or "alliance" not in s.f or s.fac(seat) == "alliance":\n        return',
     '    if True:\n        return'),
    Mutation("eyrie_column_stored_order", "the Eyrie resolve a Decree column in stored "
             "order (seed 鹰 3: any order)",
             edits=(("eyrie", "for suit in dict.fromkeys([x for c, x in todo if c == col]):",
                     "for suit in [todo[0][1]]:"),
                    ("eyrie", "    todo.pop((exact or [i for i in due if todo[i][1] == "
                     "\"bird\"] or due)[0])", "    todo.pop(0)"))),
    ("turmoil_no_vp_loss", "turmoil costs no VP", "eyrie",
     "board.gain(s, seat, -birds)", "board.gain(s, seat, 0)"),
    ("dominance_needs_three", "dominance needs 4 ruled clearings of the suit",
     "turn", 'return ruled >= st.setting("dominance_clearings")',
     'return ruled >= st.setting("dominance_clearings") + 1'),
])

NANHUANG2 = game("toolkit.games.nanhuang2.", [
    ("trade_void_if_giver_out", "traded power and economy are lost when a player is out",
     "flow", "    p.incoming = [0, 0]\n    if state.event is not None",
     "    for q in state.players:\n        q.incoming = [0, 0]\n"
     "    if state.event is not None"),
    ("trade_resources_immediate", "traded power and economy arrive at once (seed: at "
     "the taker's next phase 1)", "apply",
     "    taker.incoming[0] += power\n    taker.incoming[1] += economy",
     "    taker.power += power\n    taker.economy += economy"),
    ("facilities_back_anytime", "facilities taken back in the middle of the turn",
     "legal", "    return _main(state)\n",
     "    return _main(state) + [(\"take_back\", u) for u in "
     "state.players[state.current].facilities]\n"),
    ("protection_break_unlocks_all", "one broken pair frees every pair (3-4 players)",
     "rules", "and (attacker, target) not in state.broken)", "and not state.broken)"),
    ("no_protection", "no 后手保护", "rules", "return (attacker < target and state.round",
     "return (False and state.round"),
    ("protection_symmetric", "protection binds both directions", "rules",
     "return (attacker < target and state.round", "return (attacker != target and "
     "state.round"),
    ("protection_never_broken", "a later player's attack does not free the earlier one",
     "rules", "        state.broken.add((target, attacker))", "        pass"),
    ("protection_one_round_more", "后手保护 lasts a round longer", "rules",
     'return (attacker < target and state.round <= state.t.setting("protection_rounds")',
     'return (attacker < target and state.round <= state.t.setting("protection_rounds")'
     ' + 1'),
    ("no_wipe_reward", "清场 gives no card", "apply",
     'picks = int(state.t.setting("wipe_rewards"))', "picks = 0"),
    ("wipe_reward_any_exile_card", "清场 offers any card of the exile (seed: the victim's "
     "cards of phase 1)", "apply",
     "candidates = tuple([u for u in state.snapshot[target] if u in state.exile])",
     "candidates = tuple(state.exile)"),
    ("strike_single", "a strike costs the printed power (seed: twice)", "rules",
     'return int(state.spec(uid).power * state.t.setting("strike_multiplier"))',
     "return int(state.spec(uid).power)"),
    ("guards_ignored", "back row and facilities strikable behind a full front",
     "rules", "if p.zone(z) and not _guarded(p, state.t.guards[z])]",
     "if p.zone(z)]"),
    ("lose_after_one_empty_start", "one empty start loses (seed: two in a row)",
     "flow", 'if p.empty_starts >= state.t.setting("empty_starts_to_lose"):',
     'if p.empty_starts >= 1:'),
    ("empty_count_not_reset", "the empty-start count never resets", "flow",
     "        p.empty_starts = 0", "        pass"),
    ("tokens_to_exile", "a dead token goes to the exile (not back to the tokens)",
     "rules", '    if state.spec(uid).kind == "token":\n        state.tokens.append(uid)',
     '    if False:\n        state.tokens.append(uid)'),
])

CARAVANS = game("toolkit.games.caravans.engine.", [
    ("sell_glory_one_more", "glory for one demanded card more than the setting",
     "tavern", "if sold >= state.rules.game.sell.glory_min_demanded:",
     "if sold >= state.rules.game.sell.glory_min_demanded + 1:"),
    ("demand_not_swapped", "selling the demanded good keeps the demand marker",
     "tavern", "        swap_demand(state, visit.region)\n        if sold >=",
     "        pass\n        if sold >="),
    ("demanded_price_plain", "the demanded good sells at the plain price",
     "tavern", "base = sell.demanded_price if demanded else sell.price",
     "base = sell.price"),
    ("repeat_buy_full_draw", "buying at the same tavern again draws the full offer",
     "tavern", "buy.repeat_draw if repeat else buy.draw", "buy.draw"),
    ("demanded_good_offered", "the demanded good stays in the buying offer",
     "tavern", "while card is not None and state.rules.cards[card][0] == demanded "
     "and tries > 0:", "while False:"),
    ("buy_prices_flat", "every good costs the one-copy price however often drawn",
     "tavern", "table[max(k for k in table if k <= n)] if", "table[min(table)] if"),
    ("stash_no_cap", "stash points without the cap", "cards",
     "return min(player.stash // stash.gold_per_point, stash.max_points)",
     "return player.stash // stash.gold_per_point"),
    ("stash_rounds_up", "a part of a stash point counts", "cards",
     "return min(player.stash // stash.gold_per_point, stash.max_points)",
     "return min(-(-player.stash // stash.gold_per_point), stash.max_points)"),
    ("glory_hand_limit_off", "one glory card more in hand", "cards",
     "> state.rules.game.glory_hand_limit:", "> state.rules.game.glory_hand_limit + 1:"),
    ("check_needs_two_skulls", "a skill check needs one skull more", "checks",
     "ok = rolled.count(SKULL) >= need", "ok = rolled.count(SKULL) >= need + 1"),
    ("game_ends_at_announce", "the game ends when the goal is reached, not after the "
     "round", "flow", "    if state.turn_pos < len(state.order):\n        start_turn(state)",
     "    if state.turn_pos < len(state.order) and state.announced is None:\n"
     "        start_turn(state)"),
    ("ties_by_total_glory", "among players at the goal the most total glory wins (seed: "
     "glory on the track)", "flow", "return (1, player.glory, player.stash, 0)",
     "return (1, total, player.stash, 0)"),
    ("no_death_top_up", "a new hero starts without the gold top-up", "death",
     "need = max(0, state.rules.game.death.top_up_gold - player.gold)", "need = 0"),
    ("top_up_not_from_stash", "the death top-up does not draw on the stash", "death",
     "from_stash = min(need, player.stash)", "from_stash = 0"),
    ("no_agility_edge", "no extra die for the faster party", "combat",
     'if mine["agility"] - theirs["agility"] >= rules.agility_edge:',
     "if False:"),
    ("stat_cap_off", "party stats above the cap of 5", "party",
     "return {k: max(0, min(cap, v)) for k, v in top.items()}",
     "return {k: max(0, v) for k, v in top.items()}"),
])

MUTATIONS = {
    "caravans": CARAVANS,
    "kings_and_things": KINGS_AND_THINGS,
    "root": ROOT,
    "nanhuang2": NANHUANG2,
}
