# cython: language_level=3, boundscheck=False, wraparound=False
# mirrors: toolkit/games/caravans/engine/record.py sha256:a660e28eaa87a427
# mirrors: toolkit/loop.py sha256:491b9587c5e4879c
# mirrors: toolkit/games/caravans/engine/flow.py sha256:b2f060b5e36429ba
# mirrors: toolkit/games/caravans/engine/cards.py sha256:e885443fda170464
"""A finished game's record read straight from the C state: toolkit.loop.make_record over
engine/record.game_record, key for key and in the same key order, with no engine State
made (convert.to_state) on the way. The winners (flow.winners) and the glory with stash
points (cards.total_glory) are read here as the Python engine computes them; the order
each player first gained glory from each source, which the C state does not keep, comes
from the loop (Played.glory_order).
"""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport Content, CRules
from toolkit.games.caravans.core.api cimport CoreState

END_REASONS = ("round_limit", "events_exhausted", "glory", "heroes_exhausted")
SOURCES = ("defeat", "sell", "raid", "mission", "rumor", "large_party")


cdef inline int _total(const CPlayer* p, const CRules* R):
    """cards.total_glory: glory on the track plus the stash's points (Python's //)."""
    cdef int points = p.stash // R.stash_gold_per_point
    return p.glory + (points if points < R.stash_max_points else R.stash_max_points)


cdef list _winners(const CState* s, const CRules* R):
    """flow.winners: at the goal, the most track glory then stash gold; else the most
    glory with stash points, then track glory, then stash gold; ties shared."""
    cdef int seat, total, n = s.n_players
    cdef const CPlayer* p
    keys = []
    for seat in range(n):
        p = &s.players[seat]
        total = _total(p, R)
        if total >= R.glory_to_win:
            keys.append((1, p.glory, p.stash, 0))
        else:
            keys.append((0, total, p.glory, p.stash))
    best = max(keys)
    return [seat for seat in range(n) if keys[seat] == best]


cdef list _names(tuple names, const int* items, int n):
    return [names[items[i]] for i in range(n)]


def core_record(CoreState core, seed, agent_names, int length, glory_order,
                actions=None) -> dict:
    """toolkit.loop.make_record(GAME, to_state(core), seed, agent_names, <length actions>,
    keep_actions=actions is not None) of a finished (or stopped) game of the C loop;
    `glory_order`: Played.glory_order; `actions`: the actions already as JSON, or None."""
    cdef Content c = core.content
    cdef const CState* s = &core.s
    cdef const CRules* R = &c.r
    cdef const CPlayer* p
    cdef int seat, i, total, markers, n = s.n_players
    cdef tuple heroes = c.heroes, syms = c.syms
    cdef int n_races = len(c.races), n_syms = len(syms)
    first_hero, hero_history, parties, glory, by_source = [], [], [], [], []
    gold, stash, deaths, bounty, used, gold_rounds = [], [], [], [], [], []
    for seat in range(n):
        p = &s.players[seat]
        first_hero.append(heroes[p.heroes[0]] if p.n_heroes else None)
        hero_history.append(_names(heroes, p.heroes, p.n_heroes))
        parties.append(None if p.start_party == NONE else c.parties[p.start_party])
        total = _total(p, R)
        glory.append(total)
        found = {SOURCES[g]: p.glory_src[g] for g in glory_order[seat]}
        if total - p.glory:
            found["stash"] = total - p.glory
        by_source.append(found)
        gold.append(p.gold)
        stash.append(p.stash)
        deaths.append(p.deaths)
        markers = 0
        for i in range(n_races):
            if p.bounty[i] != ABSENT:
                markers += p.bounty[i]
        bounty.append(markers)
        used.append(dict(sorted([(syms[i], p.used[i]) for i in range(n_syms) if p.used[i]])))
        gold_rounds.append([p.gold_rounds[i] for i in range(p.n_gold_rounds)])
    record = {
        "seed": seed,
        "players": len(agent_names),
        "content_hash": c.rules.catalog.content_hash,
        "agents": list(agent_names),
        "heroes": first_hero,
        "hero_history": hero_history,
        "parties": parties,
        "first_player": s.order[0] if n else None,
        "winner": _winners(s, R) if s.phase == PH_OVER else [],
        "rounds": s.round,
        "end_reason": None if s.end_reason == NONE else END_REASONS[s.end_reason],
        "glory": glory,
        "glory_by_source": by_source,
        "gold": gold,
        "stash": stash,
        "deaths": deaths,
        "bounty": bounty,
        "cards_used": used,
        "events_drawn": _names(c.events, s.event_discard, s.n_event_discard),
    }
    record["gold_by_round"] = gold_rounds
    if actions is not None:
        record["actions"] = actions
    record["length"] = length
    return record
