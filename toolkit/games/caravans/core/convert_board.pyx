# cython: language_level=3
"""The decks, the board and the tavern visit between the engine's State and the CState
(convert.pyx's helpers), and the int-list helpers of the converters."""

from toolkit.games.caravans.engine.state import Visit
from toolkit.games.caravans.core.content import CoreRefused

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport Content

DURATIONS = ("instant", "round", "until_replaced")
ACTIVITIES = {"sell": ACT_SELL, "buy": ACT_BUY, "recruit": ACT_RECRUIT, "rumor": ACT_RUMOR,
              "mission": ACT_MISSION, "stash": ACT_STASH, "form": ACT_FORM,
              "repair": ACT_REPAIR, "restore": ACT_RESTORE, "equipment": ACT_EQUIPMENT,
              "end": ACT_END}
ACTIVITY_NAMES = {v: k for k, v in ACTIVITIES.items()}


cdef int put_ints(int* dest, int* n, object values, int most, str what) except -1:
    cdef int i = 0
    if len(values) > most:
        raise CoreRefused(f"{len(values)} {what}; the compiled core holds at most {most}")
    for v in values:
        dest[i] = v
        i += 1
    n[0] = i
    return 0


cdef list get_ints(const int* src, int n):
    return [src[i] for i in range(n)]


cdef int decks_from(CState* s, state, Content c) except -1:
    ix = c.index
    put_ints(s.goods_deck, &s.n_goods_deck, state.goods_deck, MAX_CARDS, "goods cards")
    put_ints(s.goods_discard, &s.n_goods_discard, state.goods_discard, MAX_CARDS, "goods cards")
    glory = ix["glory_card"]
    put_ints(s.glory_deck, &s.n_glory_deck, [glory[g] for g in state.glory_deck], MAX_GLORY,
         "glory cards")
    put_ints(s.glory_discard, &s.n_glory_discard, [glory[g] for g in state.glory_discard],
         MAX_GLORY, "glory cards")
    hero = ix["hero"]
    put_ints(s.hero_deck, &s.n_hero_deck, [hero[h] for h in state.hero_deck], MAX_HEROES, "heroes")
    put_ints(s.hero_discard, &s.n_hero_discard, [hero[h] for h in state.hero_discard], MAX_HEROES,
         "heroes")
    event = ix["event"]
    put_ints(s.event_deck, &s.n_event_deck, [event[e] for e in state.event_deck], MAX_EVENTS,
         "events")
    put_ints(s.event_discard, &s.n_event_discard, [event[e] for e in state.event_discard],
         MAX_EVENTS, "events")
    mission = ix["mission"]
    put_ints(s.mission_deck, &s.n_mission_deck, [mission[m] for m in state.mission_deck],
         MAX_MISSIONS, "missions")
    put_ints(s.mission_discard, &s.n_mission_discard, [mission[m] for m in state.mission_discard],
         MAX_MISSIONS, "missions")
    put_ints(s.missions_up, &s.n_missions_up, [mission[m] for m in state.missions_up],
         MAX_MISSIONS, "missions")
    rumor = ix["rumor"]
    put_ints(s.rumor_deck, &s.n_rumor_deck, [rumor[r] for r in state.rumor_deck], MAX_RUMORS,
         "rumors")
    put_ints(s.rumor_discard, &s.n_rumor_discard, [rumor[r] for r in state.rumor_discard],
         MAX_RUMORS, "rumors")
    return 0


cdef int board_from(CState* s, state, Content c) except -1:
    ix = c.index
    region, good, eq = ix["region"], ix["good"], ix["equipment"]
    cdef int i
    for i in range(MAX_REGIONS):
        s.demand[i] = s.tavern_eq[i] = s.explorers[i] = ABSENT
    for r, g in state.demand.items():
        s.demand[region[r]] = NONE if g is None else good[g]
    put_ints(s.marker_pool, &s.n_marker_pool, [good[g] for g in state.marker_pool], MAX_MARKERS,
         "demand markers")
    for r, e in state.tavern_eq.items():
        s.tavern_eq[region[r]] = NONE if e is None else eq[e]
    put_ints(s.eq_revealed, &s.n_eq_revealed, [region[r] for r in state.eq_revealed], MAX_REGIONS,
         "revealed taverns")
    put_ints(s.eq_reserve, &s.n_eq_reserve, [eq[e] for e in state.eq_reserve], MAX_EQUIPMENT,
         "equipment tokens")
    for i in range(MAX_WEAPONS):
        s.weapon_supply[i] = ABSENT
    for w, n in state.weapon_supply.items():
        s.weapon_supply[ix["weapon"][w]] = n
    for r, t in state.explorers.items():
        s.explorers[region[r]] = NONE if t is None else t
    put_ints(s.explorer_track, &s.n_explorer_track, state.explorer_track, MAX_EXPLORERS,
         "explorer tokens")
    if len(state.active_events) > MAX_ACTIVE:
        raise CoreRefused(f"{len(state.active_events)} active events; the core holds {MAX_ACTIVE}")
    s.n_active = len(state.active_events)
    for i, (e, duration) in enumerate(state.active_events):
        s.active_event[i] = ix["event"][e]
        s.active_duration[i] = DURATIONS.index(duration)
    return 0


cdef int visit_from(CVisit* v, visit, Content c) except -1:
    ix = c.index
    v.region = ix["region"][visit.region]
    done = []
    for name in visit.done:
        if name in ACTIVITIES:
            done.append(ACTIVITIES[name])
        elif name.startswith("weapon:"):
            done.append(ACT_WEAPON + ix["weapon"][name[7:]])
        else:
            done.append(ACT_SELL_WEAPON + ix["weapon"][name[12:]])
    put_ints(v.done, &v.n_done, done, MAX_DONE, "tavern activities")
    v.selling, v.sold_demanded = visit.selling, visit.sold_demanded
    put_ints(v.offer, &v.n_offer, visit.offer, MAX_CARDS, "goods on offer")
    cdef int i
    for i in range(MAX_GOODS):
        v.prices[i] = ABSENT
    for g, price in visit.prices.items():
        v.prices[ix["good"][g]] = price
    v.bonus_draw = visit.bonus_draw
    return 0


cdef int decks_to(state, const CState* s, Content c) except -1:
    state.goods_deck = get_ints(s.goods_deck, s.n_goods_deck)
    state.goods_discard = get_ints(s.goods_discard, s.n_goods_discard)
    state.glory_deck = [c.glory[i] for i in get_ints(s.glory_deck, s.n_glory_deck)]
    state.glory_discard = [c.glory[i] for i in get_ints(s.glory_discard, s.n_glory_discard)]
    state.hero_deck = [c.heroes[i] for i in get_ints(s.hero_deck, s.n_hero_deck)]
    state.hero_discard = [c.heroes[i] for i in get_ints(s.hero_discard, s.n_hero_discard)]
    state.event_deck = [c.events[i] for i in get_ints(s.event_deck, s.n_event_deck)]
    state.event_discard = [c.events[i] for i in get_ints(s.event_discard, s.n_event_discard)]
    state.mission_deck = [c.missions[i] for i in get_ints(s.mission_deck, s.n_mission_deck)]
    state.mission_discard = [c.missions[i] for i in get_ints(s.mission_discard, s.n_mission_discard)]
    state.missions_up = [c.missions[i] for i in get_ints(s.missions_up, s.n_missions_up)]
    state.rumor_deck = [c.rumors[i] for i in get_ints(s.rumor_deck, s.n_rumor_deck)]
    state.rumor_discard = [c.rumors[i] for i in get_ints(s.rumor_discard, s.n_rumor_discard)]
    return 0


cdef int board_to(state, const CState* s, Content c) except -1:
    cdef int i
    regions = c.regions
    state.demand = {regions[i]: (None if s.demand[i] == NONE else c.goods[s.demand[i]])
                    for i in range(len(regions)) if s.demand[i] != ABSENT}
    state.marker_pool = [c.goods[i] for i in get_ints(s.marker_pool, s.n_marker_pool)]
    state.tavern_eq = {regions[i]: (None if s.tavern_eq[i] == NONE
                                    else c.equipment[s.tavern_eq[i]])
                       for i in range(len(regions)) if s.tavern_eq[i] != ABSENT}
    state.eq_revealed = [regions[i] for i in get_ints(s.eq_revealed, s.n_eq_revealed)]
    state.eq_reserve = [c.equipment[i] for i in get_ints(s.eq_reserve, s.n_eq_reserve)]
    state.weapon_supply = {c.weapons[i]: s.weapon_supply[i] for i in range(len(c.weapons))
                           if s.weapon_supply[i] != ABSENT}
    state.explorers = {regions[i]: (None if s.explorers[i] == NONE else s.explorers[i])
                       for i in range(len(regions)) if s.explorers[i] != ABSENT}
    state.explorer_track = get_ints(s.explorer_track, s.n_explorer_track)
    state.active_events = [[c.events[s.active_event[i]], DURATIONS[s.active_duration[i]]]
                           for i in range(s.n_active)]
    return 0


cdef object visit_to(const CVisit* v, Content c):
    done = []
    for i in range(v.n_done):
        code = v.done[i]
        if code >= ACT_SELL_WEAPON:
            done.append("sell_weapon:" + c.weapons[code - ACT_SELL_WEAPON])
        elif code >= ACT_WEAPON:
            done.append("weapon:" + c.weapons[code - ACT_WEAPON])
        else:
            done.append(ACTIVITY_NAMES[code])
    prices = {c.goods[g]: v.prices[g] for g in range(len(c.goods)) if v.prices[g] != ABSENT}
    return Visit(c.regions[v.region], done, bool(v.selling), v.sold_demanded,
                 get_ints(v.offer, v.n_offer), prices, v.bonus_draw)
