"""Invariants of every reachable state, checked after each action of the conformance run."""

from __future__ import annotations

from collections import Counter

from toolkit.games.caravans.engine.rules import PARTY_STATS


def _same(found, expected, what):
    assert Counter(found) == Counter(expected), f"{what} not conserved"


def check(state, glory_before=None) -> None:
    rules = state.rules
    players = state.players
    goods = list(state.goods_deck) + state.goods_discard
    for p in players:
        goods += p.goods
    if state.visit is not None:
        goods += state.visit.offer
    if state.raid is not None:
        goods += state.raid["cards"]
    goods += [c for d in state.pending if d["kind"] == "loot" for c in d["cards"]]
    _same(goods, range(len(rules.cards)), "goods cards")
    _same(state.glory_deck + state.glory_discard + [c for p in players
                                                     for c in p.hand + p.followers],
          rules.glory, "glory cards")
    _same(state.hero_deck + state.hero_discard + [p.hero for p in players if p.hero],
          rules.heroes, "hero cards")
    _same(state.event_deck + state.event_discard, rules.events, "event cards")
    _same(state.mission_deck + state.mission_discard + state.missions_up
          + [m for p in players for m in p.missions], rules.missions, "missions")
    _same(state.rumor_deck + state.rumor_discard + [r for p in players for r in p.rumors],
          rules.rumors, "rumors")
    eq = [e for e in state.tavern_eq.values() if e] + state.eq_reserve
    eq += [e for p in players if p.party for e in p.party.equipment]
    eq += [e for d in state.pending if d["kind"] == "capture" for e in d["party"]["equipment"]]
    eq += [e for d in state.pending if d["kind"] == "place_equipment" for e in d["tokens"]]
    eq += [e for n in state.npcs.values() if n.party for e in n.party.equipment]
    _same(eq, rules.equipment, "equipment tokens")
    weapons = [w for w, n in state.weapon_supply.items() for _ in range(n)]
    _same(weapons + [w for p in players for w in p.weapons],
          [w for w, n in rules.weapons.items() for _ in range(n)], "weapons")
    _same([g for g in state.demand.values() if g] + state.marker_pool, rules.markers, "markers")
    tokens = [t for t in state.explorers.values() if t is not None] + state.explorer_track
    if state.raid is not None:
        tokens.append(state.raid["token"])
    _same(tokens, range(len(rules.explorers)), "explorer tokens")
    cap = rules.game.combat.stat_cap
    for p in players:
        assert p.gold >= 0 and p.stash >= 0, f"seat {p.seat} gold {p.gold} stash {p.stash}"
        for w in p.weapons:
            assert p.weapons.count(w) == 1
        if p.hero is None:
            assert any(d["kind"] == "choose_party" and d["player"] == p.seat
                       for d in state.pending) or state.phase == "over"
            continue
        if p.party is None:  # a new hero still choosing its party
            assert state.phase in ("setup", "over") or any(
                d["kind"] == "choose_party" and d["player"] == p.seat for d in state.pending)
            continue
        assert len(set(p.party.equipment)) == len(p.party.equipment)
        assert p.in_tavern or len(p.goods) <= p.party.cur["cargo"], (p.seat, p.goods)
        for stat in PARTY_STATS:
            assert 0 <= p.party.cur[stat] <= p.party.top[stat] <= cap, (stat, p.party)
        if glory_before is not None:
            assert p.glory >= glory_before[p.seat]
        assert len(p.hand) + len(p.followers) <= rules.game.glory_hand_limit + sum(
            1 for d in state.pending if d["kind"] == "discard_glory" and d["player"] == p.seat)
    assert state.round <= len(rules.events)
