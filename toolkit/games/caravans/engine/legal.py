"""legal_actions: every action the current player may take now."""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.actions import Action, ActionKind as K
from toolkit.games.caravans.engine.armory import free_repair, resale, repair_cost, restore_cost
from toolkit.games.caravans.engine.cards import stash_points
from toolkit.games.caravans.engine.combat import choice_options, strike_options
from toolkit.games.caravans.engine.party import blockers, damage
from toolkit.games.caravans.engine.raid import bounty_races
from toolkit.games.caravans.engine.tavern import recruit_cost, recruit_discount
from toolkit.games.caravans.engine.tokens import free_taverns
from toolkit.games.caravans.engine.turn import can_complete, explore_targets, free_leave, tavern_open, toll


_NOARG = {k: Action(k) for k in K}
_MOVES: dict = {}


def _moves(rules, region) -> list[Action]:
    key = (id(rules), region)
    found = _MOVES.get(key)
    if found is None or found[0] is not rules:  # the Rules held: its id stays unique
        found = _MOVES[key] = (rules, [Action(K.MOVE, (r,)) for r in rules.adjacent[region]])
    return found[1]


def legal_actions(state) -> list[Action]:
    if state.phase == "over":
        return []
    if state.pending:
        entry = state.pending[-1]
        return DECISIONS[entry["kind"]](state, entry["player"], entry)
    if not state.in_turn:
        return []
    seat = state.turn_seat
    if state.visit is not None:
        return _visit(state, seat)
    return _turn(state, seat)


def _goods_kinds(state, cards) -> list[str]:
    table = state.rules.cards
    return list(dict.fromkeys(table[c][0] for c in cards))


# --- decisions ----------------------------------------------------------------------------
def _choose_party(state, seat, entry):
    return [Action(K.CHOOSE_PARTY, (p,)) for p in state.rules.game.starting.parties]


def _combat_choice(state, seat, entry):
    return [Action(K.COMBAT_CHOICE, o) for o in choice_options(state, seat, entry["side"])]


def _capture(state, seat, entry):
    return [Action(K.CAPTURE, (True,)), Action(K.CAPTURE, (False,))]


def _explorer(state, seat, entry):
    found = [Action(K.RAID, (r,)) for r in bounty_races(state, entry["token"])]
    return found + [_NOARG[K.DELVE], _NOARG[K.LET_GO]]


def _found(state, seat, entry):
    return [_NOARG[K.ATTACK], _NOARG[K.LET_GO]]


def _flee_strike(state, seat, entry):
    return [Action(K.FLEE_STRIKE, (e, use)) for e in strike_options(state, seat)
            for use in (True, False)]


def _block_hit(state, seat, entry):
    return [Action(K.BLOCK_HIT, (e, use)) for e in blockers(state, seat) for use in (True, False)]


def _loot(state, seat, entry):
    return [Action(K.LOOT, (g,)) for g in _goods_kinds(state, entry["cards"])] \
        + [_NOARG[K.LOOT_END]]


def _redraw(state, seat, entry):
    return [_NOARG[K.KEEP_HERO], _NOARG[K.REDRAW_HERO]]


def _amnesty(state, seat, entry):
    bounty = state.players[seat].bounty
    return [Action(K.AMNESTY, (r,)) for r in state.rules.races if bounty.get(r)]


def _place_equipment(state, seat, entry):
    return [Action(K.PLACE_EQUIPMENT, (t,)) for t in free_taverns(state)
            if t not in entry["chosen"]]


def _raid(state, seat, entry):
    cards = state.raid["cards"]
    found = [_NOARG[K.RAID_END], _NOARG[K.RAID_DRAW]]
    found += [Action(K.RAID_DISCARD, (c,)) for c in cards]
    found += [Action(K.RAID_SWAP, (c,)) for c in cards]
    return found


def _reroll(state, seat, entry):
    found = [Action(K.REROLL, (c,)) for c in effects.tricks(state, seat, "reroll")]
    return found + [_NOARG[K.ACCEPT]]


def _discard_glory(state, seat, entry):
    player = state.players[seat]
    return [Action(K.DISCARD_GLORY, (c,)) for c in dict.fromkeys(player.hand + player.followers)]


DECISIONS = {"choose_party": _choose_party, "combat_choice": _combat_choice,
             "capture": _capture, "explorer": _explorer, "raid": _raid, "reroll": _reroll,
             "discard_glory": _discard_glory, "found": _found, "flee_strike": _flee_strike,
             "loot": _loot, "redraw": _redraw, "amnesty": _amnesty,
             "place_equipment": _place_equipment, "block_hit": _block_hit}


# --- the turn -----------------------------------------------------------------------------
def _turn(state, seat) -> list[Action]:
    player = state.players[seat]
    over = len(player.goods) > player.party.cur["cargo"]
    found = []
    if player.actions > 0:
        if player.in_tavern:
            if not over and player.gold >= toll(state, seat):
                found.append(_NOARG[K.LEAVE_TAVERN])
            if not player.visited:
                found.append(_NOARG[K.TAVERN])
        else:
            found += _moves(state.rules, player.region)
            if tavern_open(state, seat, player.region):
                found.append(_NOARG[K.ENTER_TAVERN])
            found += [Action(K.EXPLORE, t) for t in explore_targets(state, seat)]
        found += [Action(K.COMPLETE_MISSION, (m,)) for m in player.missions
                  if can_complete(state, seat, m)]
    elif player.in_tavern and not over and free_leave(state, seat) \
            and player.gold >= toll(state, seat):
        found.append(_NOARG[K.LEAVE_TAVERN])
    found += _glory_plays(state, seat)
    if over:  # in a tavern too, to make room before leaving (seed 000, Buy)
        found += [Action(K.DISCARD_GOODS, (g,)) for g in _goods_kinds(state, player.goods)]
    if not over or player.in_tavern:
        found.append(_NOARG[K.END_TURN])
    return found


def _glory_plays(state, seat) -> list[Action]:
    player = state.players[seat]
    if not player.hand:
        return []
    rules = state.rules
    playable = (rules.compiled or effects.compiled(rules)).get("play", {})
    glory = rules.c.glory_cards
    found = []
    for card in dict.fromkeys(player.hand):
        if glory[card].type == "follower":
            found.append(Action(K.PLAY_GLORY, (card, "")))
            continue
        ops = [op for op, _fn, _params in playable.get(card, ())]
        if not ops:
            continue
        if "sell_at_demand" in ops:
            if state.visit is not None:
                found += [Action(K.PLAY_GLORY, (card, g))
                          for g in _goods_kinds(state, player.goods)]
        elif "buy_draw" in ops:
            if state.visit is not None and "buy" not in state.visit.done:
                found.append(Action(K.PLAY_GLORY, (card, "")))
        elif "free_recruit" in ops:
            party = player.party
            if player.in_tavern and party.cur["mercenaries"] < party.top["mercenaries"]:
                found.append(Action(K.PLAY_GLORY, (card, "")))
        else:
            found.append(Action(K.PLAY_GLORY, (card, "")))
    return found


def _visit(state, seat) -> list[Action]:
    visit = state.visit
    player = state.players[seat]
    done = visit.done
    found = [_NOARG[K.END_VISIT]]
    if not done or done == ["sell"]:  # selling comes first
        found += [Action(K.SELL, (g,)) for g in _goods_kinds(state, player.goods)]
    if "buy" not in done:
        found.append(_NOARG[K.BUY_GOODS])
    elif visit.offer:
        found += [Action(K.BUY, (g,)) for g in _goods_kinds(state, visit.offer)
                  if visit.prices[g] <= player.gold]
    found += _services(state, seat, player, done)
    found += _armory(state, seat, player, done)
    return found + _glory_plays(state, seat)


def _services(state, seat, player, done) -> list[Action]:
    found = []
    party = player.party
    if "recruit" not in done:
        room = party.top["mercenaries"] - party.cur["mercenaries"]
        if room > 0:
            off = recruit_discount(state, seat)
            found += [Action(K.RECRUIT, (n,)) for n in range(1, room + 1)
                      if recruit_cost(state, seat, n, off) <= player.gold]
    if "rumor" not in done and (state.rumor_deck or state.rumor_discard):
        found.append(_NOARG[K.HEAR_RUMOR])
    if "mission" not in done:
        found += [Action(K.TAKE_MISSION, (m,)) for m in state.missions_up
                  if state.rules.c.missions[m].tavern == player.region]
    home = state.rules.c.heroes[player.hero].home
    if "stash" not in done and player.region == home:
        found += [Action(K.STASH, (g,)) for g in stash_amounts(state, player)]
    return found


def stash_amounts(state, player) -> list[int]:
    """Gold amounts offered to the stash (seed 000 sets none) while it holds fewer than
    its most points: each whole point it still takes (10, 20, ... gold) and all the gold
    carried; never a longer list, however much gold there is."""
    stash = state.rules.game.stash
    per = stash.gold_per_point
    room = stash.max_points - stash_points(state, player)
    if room <= 0:
        return []
    most = min(room, player.gold // per)
    found = [k * per for k in range(1, most + 1)]
    if player.gold > 0 and player.gold not in found:
        found.append(player.gold)
    return found


_ARMORY: dict = {}


def _armory_tables(rules) -> tuple:
    """(buyable parties as (action, kind, cost), weapons as (id, buy key, sell key, buy
    action, sell action)), built once per Rules."""
    found = _ARMORY.get(id(rules))
    if found is None or found[0] is not rules:
        parties = tuple((Action(K.FORM_PARTY, (kind,)), kind, card.cost)
                        for kind, card in rules.c.parties.items() if card.cost is not None)
        weapons = {w: ("weapon:" + w, "sell_weapon:" + w, Action(K.BUY_WEAPON, (w,)),
                       Action(K.SELL_WEAPON, (w,))) for w in rules.weapons}
        found = _ARMORY[id(rules)] = (rules, parties, weapons)
    return found[1], found[2]


def _armory(state, seat, player, done) -> list[Action]:
    found = []
    party = player.party
    parties, weapons = _armory_tables(state.rules)
    if "form" not in done:
        room = player.gold + resale(state, party)
        found += [action for action, kind, cost in parties
                  if cost <= room and kind != party.kind]
    if "repair" not in done:
        hurt = damage(party)
        if hurt:
            free = free_repair(state, seat)
            found += [Action(K.REPAIR, (n,)) for n in range(1, hurt + 1)
                      if repair_cost(state, seat, n, free) <= player.gold]
    if "restore" not in done:
        found += [Action(K.RESTORE, (e,)) for e in party.flipped
                  if any(op == "cancel_hit" for op, _ in state.rules.effects.get(e, ()))
                  and restore_cost(state, e) <= player.gold]
    token = state.tavern_eq.get(player.region)
    cost = state.rules.game.armory
    if "equipment" not in done and token and player.gold >= cost.equipment_cost \
            and token not in party.equipment:
        found.append(_NOARG[K.BUY_EQUIPMENT])
        if player.region in state.rules.nightshade:
            found += [Action(K.SWAP_EQUIPMENT, (e,)) for e in party.equipment]
    for weapon, left in state.weapon_supply.items():
        bought, sold, buy, sell = weapons[weapon]
        if weapon in player.weapons:
            if sold not in done and bought not in done:
                found.append(sell)
        elif left > 0 and player.gold >= cost.weapon_cost and bought not in done:
            found.append(buy)
    return found
