"""What a seat's goals (plan.goals) read of an observation, as one comparable tuple.

A heuristic player derives its goals at most decisions of its turn, and between two of them
little changes (a move changes the seat's region and its actions left, neither of which the
goals read). `goal_key(v)` gathers every input of the goal derivation, so a player may keep
its last goals while the key stays equal and skip the derivation (the costliest part of a
decision) without changing any choice.

The inputs, read off plan.py and value.py: the seat's own hero, gold, stash, glory, goods,
hand size, missions, rumors, bounty and party; the hero stats of every seat (the hero, its
followers, the party's equipment and the weapons: the only sources of the `hero_stat`,
`dice` and `party_max` hooks); the open taverns (bounty, the seat's effects and the events
in force); demand, the missions on offer and the explorers; every rival's position, party,
gold, goods count and bounty; every NPC's region, party and gold. The seat's region and its
`visited` flag are read only by the last step of plan.goals, which runs on the kept goals.
`tests/agents/test_compiled_lockstep.py` derives the goals afresh at every decision of real
games and checks the kept ones are equal. (Keeping View.threat the same way was tried: it
reads the seat's region, so only 23 % of its values could be kept, for no measurable gain;
and keeping the stats and fight odds (76 % kept) cost more in keys than it saved.)
"""

from __future__ import annotations


def _party(party) -> tuple | None:
    if party is None:
        return None
    return (party.kind, tuple(party.top.items()), tuple(party.cur.items()),
            tuple(party.equipment), tuple(party.flipped))


def _player(p) -> tuple:
    goods = p.goods
    return (p.hero, p.region, p.in_tavern, p.gold, len(goods), tuple(p.bounty.items()),
            _party(p.party), tuple(p.followers), tuple(p.weapons))


def rivals(v) -> tuple:
    """The other players (all but the seat of View `v`) and the NPCs, once per decision."""
    found = v.memo.get("rivals")
    if found is None:
        obs, me = v.obs, v.me
        found = v.memo["rivals"] = (
            tuple([_player(p) for p in obs.players if p is not me]),
            tuple([(k, n.region, n.gold, _party(n.party)) for k, n in obs.npcs.items()]))
    return found


def goal_key(v) -> tuple:
    """Everything plan.goals reads for the seat of View `v`, besides its region/visited."""
    obs, me = v.obs, v.me
    return (
        obs.phase, tuple(map(tuple, obs.active_events)),
        me.hero, me.region is None, me.gold, me.stash, me.glory, tuple(me.goods),
        len(me.hand), tuple(me.missions), tuple(me.rumors), tuple(me.bounty.items()),
        _party(me.party), tuple(me.followers), tuple(me.weapons),
        tuple(obs.demand.items()), tuple(obs.missions_up), tuple(obs.explorers.items()),
        rivals(v),
    )
