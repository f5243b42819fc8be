# cython: language_level=3, boundscheck=False, wraparound=False
"""dict <-> C of the fight side (see fight_convert.pxd): state.combat, state.raid, the
pending entries (every kind: convert.pyx has one function for the stack) and parties."""

from libc.string cimport memset

from toolkit.games.caravans.core.fight_layout cimport *
from toolkit.games.caravans.core.content import CoreRefused
from toolkit.games.caravans.core.fight_ids import FightIds, fight_ids  # noqa: F401 (re-exported)
from toolkit.games.caravans.engine.rules import HERO_STATS, PARTY_STATS

MODES = ("ranged", "melee", "flee")
KINDS = ("choose_party", "combat_choice", "capture", "explorer", "raid", "reroll",
         "discard_glory", "found", "flee_strike", "loot", "redraw", "amnesty",
         "place_equipment", "block_hit")
STAGES = ("pre0", "pre1", "choose", "flee", "hits", "back")
THENS = ("explore", "complete", "recruit", "rumor", "mission")
TARGETS = ("player", "npc", "explorer", "rumor")


cdef int _fit(int n, int cap, str what) except -1:
    if n > cap:
        raise CoreRefused(f"{n} {what}; the compiled core holds at most {cap}")
    return 0


cdef int ref_from_py(str ref, object ids) except? -9999:
    if ref[0] == "p":
        return int(ref[1:])
    return -(ids.npc[ref[2:]] + 1)


cdef str ref_to_py(int ref, object ids):
    if ref >= 0:
        return f"p{ref}"
    return "n:" + ids.npcs[-ref - 1]


cdef int _src_from_key(str key, int* seat, object ids) except -1:
    """'p<seat>:<source id>' -> seat and source."""
    head, _, src = key.partition(":")
    seat[0] = int(head[1:])
    return ids.source[src]


# --- parties ---------------------------------------------------------------------------
cdef int party_from_py(CParty* out, object party, object ids) except -1:
    memset(out, 0, sizeof(CParty))
    if party is None:
        out.kind = NONE
        return 0
    if isinstance(party, dict):
        kind, top, cur = party["kind"], party["top"], party["cur"]
        equipment, flipped = party["equipment"], party["flipped"]
    else:
        kind, top, cur = party.kind, party.top, party.cur
        equipment, flipped = party.equipment, party.flipped
    out.kind = ids.party[kind]
    if set(top) != set(PARTY_STATS) or set(cur) != set(PARTY_STATS):
        raise CoreRefused("a party's tracks are not the six party stats")
    cdef int i
    for i, stat in enumerate(PARTY_STATS):
        out.top[i], out.cur[i] = top[stat], cur[stat]
    _fit(len(equipment), FMAX_EQUIP, "equipment of a party")
    _fit(len(flipped), FMAX_EQUIP, "flipped equipment of a party")
    out.n_equipment, out.n_flipped = len(equipment), len(flipped)
    for i, e in enumerate(equipment):
        out.equipment[i] = ids.equipment[e]
    for i, e in enumerate(flipped):
        out.flipped[i] = ids.equipment[e]
    return 0


cdef dict party_to_py(const CParty* p, object ids):
    """The party's data as a dict (Party(**it) makes the engine's Party; None for none)."""
    if p.kind == NONE:
        return None
    return {"kind": ids.partys[p.kind],
            "top": {s: p.top[i] for i, s in enumerate(PARTY_STATS)},
            "cur": {s: p.cur[i] for i, s in enumerate(PARTY_STATS)},
            "equipment": [ids.equipments[p.equipment[i]] for i in range(p.n_equipment)],
            "flipped": [ids.equipments[p.flipped[i]] for i in range(p.n_flipped)]}


# --- combat ----------------------------------------------------------------------------
cdef int _choice_from_py(CChoice* out, object choice, object ids) except -1:
    if choice is None:
        out.mode, out.weapon, out.glory = MODE_NONE, NONE, NONE
        return 0
    mode, weapon, glory = choice
    out.mode = MODES.index(mode)
    out.weapon = ids.weapon[weapon] if weapon else NONE
    out.glory = ids.glory[glory] if glory else NONE
    return 0


cdef object _choice_to_py(const CChoice* c, object ids):
    if c.mode == MODE_NONE:
        return None
    return (MODES[c.mode], ids.weapons[c.weapon] if c.weapon != NONE else "",
            ids.glorys[c.glory] if c.glory != NONE else "")


cdef int combat_from_py(CCombat* out, object combat, object content) except -1:
    ids = fight_ids(content)
    memset(out, 0, sizeof(CCombat))
    if combat is None:
        out.no_flee = NONE
        return 0
    known = {"sides", "round", "choices", "used", "no_flee", "cancel", "queue", "bounty",
             "melee", "armed", "rolled", "struck", "stage", "owed"}
    if not set(combat) <= known:
        raise CoreRefused(f"combat keys the core does not know: {sorted(set(combat) - known)}")
    out.active = True
    cdef int side, i, seat
    for side in range(2):
        out.sides[side] = ref_from_py(combat["sides"][side], ids)
        _choice_from_py(&out.choices[side], combat["choices"][side], ids)
        used = combat["used"][side]
        _fit(len(used), FMAX_USED, "weapons used in a fight")
        out.n_used[side] = len(used)
        for i, w in enumerate(used):
            out.used[side][i] = ids.weapon[w]
        out.bounty[side] = combat["bounty"][side]
    out.round = combat["round"]
    out.no_flee = NONE if combat["no_flee"] is None else combat["no_flee"]
    cancel = combat["cancel"]
    _fit(len(cancel), FMAX_CANCEL, "cancel counters of a fight")
    out.n_cancel = len(cancel)
    for i, (key, left) in enumerate(cancel.items()):
        out.cancel[i].src = _src_from_key(key, &seat, ids)
        out.cancel[i].seat, out.cancel[i].left = seat, left
    queue = combat["queue"]
    _fit(len(queue), FMAX_NPCS, "queued NPC attacks")
    out.n_queue = len(queue)
    for i, n in enumerate(queue):
        out.queue[i] = ids.npc[n]
    out.melee = combat["melee"]
    out.stage = STAGES.index(combat["stage"])
    owed = combat["owed"]
    _fit(len(owed), FMAX_OWED, "hit batches owed in a fight")
    out.n_owed = len(owed)
    for i, (ref, left, location, total) in enumerate(owed):
        out.owed[i].ref, out.owed[i].left = ref_from_py(ref, ids), left
        out.owed[i].location = NONE if location is None else PARTY_STATS.index(location)
        out.owed[i].total = total
    out.resolved = "rolled" in combat
    if out.resolved != ("armed" in combat) or out.resolved != ("struck" in combat):
        raise CoreRefused("combat has some of armed/rolled/struck but not all")
    if not out.resolved:
        return 0
    armed = combat["armed"]
    _fit(len(armed), FMAX_ARMED, "armed tricks of a fight")
    out.n_armed = len(armed)
    for i, key in enumerate(armed):
        head, _, glory = key.partition(":")
        out.armed[i].seat, out.armed[i].glory = int(head[1:]), ids.glory[glory]
    modes, rolls = combat["rolled"]
    for side in range(2):
        out.modes[side] = MODES.index(modes[side])
        _fit(len(rolls[side]), FMAX_DICE, "dice of a roll")
        out.n_roll[side] = len(rolls[side])
        for i, face in enumerate(rolls[side]):
            out.rolls[side][i] = face
        struck = combat["struck"][side]
        if struck is None:
            out.struck[side] = STRUCK_NONE
        elif struck == "done":
            out.struck[side] = STRUCK_DONE
        elif len(struck) == 0:
            out.struck[side] = STRUCK_EMPTY
        elif len(struck) == 1:
            out.struck[side] = ids.equipment[struck[0]]
        else:
            raise CoreRefused("combat struck holds more than one piece of equipment")
    return 0


cdef object _struck_to_py(int s, object ids):
    if s == STRUCK_NONE:
        return None
    if s == STRUCK_DONE:
        return "done"
    if s == STRUCK_EMPTY:
        return []
    return [ids.equipments[s]]


cdef object combat_to_py(const CCombat* c, object content):
    ids = fight_ids(content)
    if not c.active:
        return None
    sources = ids.sources
    out = {"sides": [ref_to_py(c.sides[0], ids), ref_to_py(c.sides[1], ids)],
           "round": c.round,
           "choices": [_choice_to_py(&c.choices[0], ids), _choice_to_py(&c.choices[1], ids)],
           "used": [[ids.weapons[c.used[s][i]] for i in range(c.n_used[s])] for s in range(2)],
           "no_flee": None if c.no_flee == NONE else c.no_flee,
           "cancel": {f"p{c.cancel[i].seat}:{sources[c.cancel[i].src]}": c.cancel[i].left
                      for i in range(c.n_cancel)},
           "queue": [ids.npcs[c.queue[i]] for i in range(c.n_queue)],
           "bounty": [bool(c.bounty[0]), bool(c.bounty[1])],
           "melee": bool(c.melee), "stage": STAGES[c.stage],
           "owed": [[ref_to_py(c.owed[i].ref, ids), c.owed[i].left,
                     None if c.owed[i].location == NONE else PARTY_STATS[c.owed[i].location],
                     c.owed[i].total] for i in range(c.n_owed)]}
    if c.resolved:
        out["armed"] = [f"p{c.armed[i].seat}:{ids.glorys[c.armed[i].glory]}"
                        for i in range(c.n_armed)]
        out["rolled"] = [[MODES[c.modes[0]], MODES[c.modes[1]]],
                         [tuple([c.rolls[s][i] for i in range(c.n_roll[s])]) for s in range(2)]]
        out["struck"] = [_struck_to_py(c.struck[0], ids), _struck_to_py(c.struck[1], ids)]
    return out


# --- raid ------------------------------------------------------------------------------
cdef int raid_from_py(CRaid* out, object raid, object content) except -1:
    ids = fight_ids(content)
    memset(out, 0, sizeof(CRaid))
    if raid is None:
        return 0
    out.active = True
    out.player, out.skulls, out.token = raid["player"], raid["skulls"], raid["token"]
    out.region = NONE if raid["region"] is None else ids.region[raid["region"]]
    cards = raid["cards"]
    _fit(len(cards), FMAX_CARDS, "raid cards")
    out.n_cards = len(cards)
    cdef int i
    for i, card in enumerate(cards):
        out.cards[i] = card
    return 0


cdef object raid_to_py(const CRaid* r, object content):
    ids = fight_ids(content)
    if not r.active:
        return None
    return {"player": r.player, "cards": [r.cards[i] for i in range(r.n_cards)],
            "skulls": r.skulls, "token": r.token,
            "region": None if r.region == NONE else ids.regions[r.region]}


# --- pending decisions -----------------------------------------------------------------
cdef int decision_from_py(CDecision* out, dict entry, object ids) except -1:
    memset(out, 0, sizeof(CDecision))
    kind = entry["kind"]
    out.kind = KINDS.index(kind)
    out.player = entry["player"]
    cdef int i
    if kind in ("combat_choice", "flee_strike"):
        out.side = entry["side"]
    elif kind == "block_hit":
        out.where = PARTY_STATS.index(entry["where"])
    elif kind == "found":
        out.target = ref_from_py(entry["target"], ids)
    elif kind == "explorer":
        out.target = entry["token"]
    elif kind == "amnesty":
        out.left = entry["left"]
    elif kind == "choose_party":
        out.end_turn = entry.get("end_turn", False)
    elif kind == "capture":
        party_from_py(&out.party, entry["party"], ids)
    elif kind == "loot":
        out.left = entry["room"]
        _fit(len(entry["cards"]), FMAX_CARDS, "loot cards")
        out.n_items = len(entry["cards"])
        for i, card in enumerate(entry["cards"]):
            out.items[i] = card
    elif kind == "place_equipment":
        _fit(len(entry["tokens"]), FMAX_ITEMS, "equipment tokens to place")
        _fit(len(entry["chosen"]), FMAX_ITEMS, "taverns chosen")
        out.n_items, out.n_chosen = len(entry["tokens"]), len(entry["chosen"])
        for i, token in enumerate(entry["tokens"]):
            out.items[i] = ids.equipment[token]
        for i, region in enumerate(entry["chosen"]):
            out.chosen[i] = ids.region[region]
    elif kind == "reroll":
        out.stat = HERO_STATS.index(entry["stat"])
        out.dice, out.need = entry["dice"], entry["need"]
        then = entry["then"]
        out.then = THENS.index(then)
        data = entry["data"]
        out.has_data = data is not None
        if then == "explore":
            target_kind, target = data
            out.data0 = TARGETS.index(target_kind)
            if target_kind == "npc":
                out.data1 = ids.npc[target]
            elif target_kind == "rumor":
                out.data1 = ids.rumor[target]
            else:
                out.data1 = target
        elif then in ("complete", "mission"):
            out.data0 = ids.mission[data]
        elif data is not None:
            out.data0 = data
    return 0


cdef dict decision_to_py(const CDecision* d, object ids):
    """The pending entry (choose_party has "end_turn": the caller drops it in the setup
    phase, see layout.pxd)."""
    kind = KINDS[d.kind]
    out = {"kind": kind, "player": d.player}
    if d.kind == D_COMBAT_CHOICE or d.kind == D_FLEE_STRIKE:
        out["side"] = d.side
    elif d.kind == D_BLOCK_HIT:
        out["where"] = PARTY_STATS[d.where]
    elif d.kind == D_FOUND:
        out["target"] = ref_to_py(d.target, ids)
    elif d.kind == D_EXPLORER:
        out["token"] = d.target
    elif d.kind == D_AMNESTY:
        out["left"] = d.left
    elif d.kind == D_CHOOSE_PARTY:
        out["end_turn"] = bool(d.end_turn)
    elif d.kind == D_CAPTURE:
        out["party"] = party_to_py(&d.party, ids)
    elif d.kind == D_LOOT:
        out["cards"] = [d.items[i] for i in range(d.n_items)]
        out["room"] = d.left
    elif d.kind == D_PLACE_EQUIPMENT:
        out["tokens"] = [ids.equipments[d.items[i]] for i in range(d.n_items)]
        out["chosen"] = [ids.regions[d.chosen[i]] for i in range(d.n_chosen)]
    elif d.kind == D_REROLL:
        data = None
        if d.has_data:
            if d.then == THEN_EXPLORE:
                if d.data0 == T_NPC:
                    target = ids.npcs[d.data1]
                elif d.data0 == T_RUMOR:
                    target = ids.rumors[d.data1]
                else:
                    target = d.data1
                data = [TARGETS[d.data0], target]
            elif d.then == THEN_COMPLETE or d.then == THEN_MISSION:
                data = ids.missions[d.data0]
            else:
                data = d.data0
        out.update(stat=HERO_STATS[d.stat], dice=d.dice, need=d.need, then=THENS[d.then],
                   data=data)
    return out
