"""Evaluate a ruling's expectations against an engine state: each returns whether it holds,
what was expected and what is actually there, in words."""

from __future__ import annotations

from toolkit.games.caravans import engine
from toolkit.games.caravans.rulings.schema import SEAT_FACTS, Expect, Step

# positional argument names of each action kind, so that a ruling can write {do: move, to: x}
ARG_NAMES = {
    "choose_party": ("party",), "combat_choice": ("mode", "weapon", "glory"),
    "capture": ("take",), "raid": ("race",), "raid_discard": ("card",),
    "raid_swap": ("card",), "reroll": ("glory",), "discard_glory": ("glory",),
    "move": ("to",), "explore": ("target", "id"), "complete_mission": ("mission",),
    "sell": ("good",), "buy": ("good",), "form_party": ("party",), "repair": ("points",),
    "restore": ("equipment",), "swap_equipment": ("equipment",), "buy_weapon": ("weapon",),
    "sell_weapon": ("weapon",), "recruit": ("mercenaries",), "take_mission": ("mission",),
    "stash": ("gold",), "flee_strike": ("equipment", "use"),
    "block_hit": ("equipment", "use"), "loot": ("good",),
    "amnesty": ("race",), "place_equipment": ("tavern",), "play_glory": ("glory", "arg"), "discard_goods": ("good",),
}


def step_text(step: Step) -> str:
    args = ", ".join(f"{k}={v}" for k, v in step.args.items())
    return f"{step.do}({args})"


def matches(action, step: Step) -> bool:
    """Whether an engine action is the one a ruling step names."""
    if action.kind.value != step.do:
        return False
    names = ARG_NAMES.get(step.do, ())
    for key, want in step.args.items():
        if key == "args":
            values = list(want) if isinstance(want, list) else [want]
            if [str(v) for v in action.args[:len(values)]] != [str(v) for v in values]:
                return False
            continue
        if key not in names:
            return False
        i = names.index(key)
        if i >= len(action.args) or str(action.args[i]) != str(want):
            return False
    return True


def find_action(legal, step: Step):
    """The first legal action the step names, or None."""
    return next((a for a in legal if matches(a, step)), None)


def check(state, expect: Expect) -> tuple[bool, str, str]:
    """(holds, expected, actual) for one non-probability expectation."""
    if expect.legal is not None:
        legal = engine.legal_actions(state) if not engine.is_terminal(state) else []
        found = find_action(legal, expect.legal)
        if expect.legal.by is not None and legal and \
                engine.current_player(state) != expect.legal.by:
            found = None
        want = f"{step_text(expect.legal)} {'is' if expect.is_ else 'is not'} legal"
        shown = ", ".join(repr(a) for a in legal[:12]) + (" …" if len(legal) > 12 else "")
        return (found is not None) == expect.is_, want, f"legal actions: {shown or 'none'}"
    if expect.seat is not None:
        return _seat_facts(state, expect)
    pairs = []
    if expect.actions_left is not None:
        seat = engine.current_player(state)
        pairs.append(("actions left", expect.actions_left, state.players[seat].actions))
    if expect.current is not None:
        pairs.append(("seat to act", expect.current + 1, engine.current_player(state) + 1))
    if expect.offer is not None:
        pairs.append(("cards on offer", expect.offer,
                      len(state.visit.offer) if state.visit is not None else None))
    if expect.in_combat is not None:
        pairs.append(("a fight under way", expect.in_combat, state.combat is not None))
    if expect.over is not None:
        pairs.append(("game over", expect.over, engine.is_terminal(state)))
    if expect.winners is not None:
        won = [s + 1 for s, r in enumerate(engine.results(state)) if r > 0] \
            if engine.is_terminal(state) else "none (the game goes on)"
        pairs.append(("winners", [w + 1 for w in expect.winners], won))   # seats from 1
    if expect.rolled is not None:
        r = expect.rolled
        last = next((e for e in reversed(state.log) if e[0] == "roll"
                     and e[1] == f"p{r.seat}" and e[2] == r.what), None)
        pairs.append((f"dice in seat {r.seat + 1}'s last {r.what} roll", r.dice,
                      len(last[3]) if last else "no such roll"))
    if expect.npcs is not None:
        pairs.append(("NPCs at", dict(expect.npcs),
                      {n: state.npcs[n].region if n in state.npcs else "unknown"
                       for n in expect.npcs}))
    if expect.tavern_equipment is not None:
        pairs.append(("tavern equipment", dict(expect.tavern_equipment),
                      {t: state.tavern_eq.get(t) for t in expect.tavern_equipment}))
    if expect.demand is not None:
        pairs.append(("demand", dict(expect.demand),
                      {t: state.demand.get(t) for t in expect.demand}))
    if expect.explorer_track is not None:
        pairs.append(("explorers on the track", expect.explorer_track,
                      len(state.explorer_track)))
    if not pairs:
        return False, "a fact to check", "an empty expectation"
    return _compare(pairs)


def _compare(pairs) -> tuple[bool, str, str]:
    ok = all(want == got for _, want, got in pairs)
    return (ok, "; ".join(f"{n} {w}" for n, w, _ in pairs),
            "; ".join(f"{n} {g}" for n, _, g in pairs))


def _seat_facts(state, expect: Expect) -> tuple[bool, str, str]:
    from toolkit.games.caravans.engine.cards import stash_points
    p = state.players[expect.seat]
    who = f"seat {expect.seat + 1}"   # seats read from 1 (toolkit/checks/seats.py)
    pairs = []
    for key in SEAT_FACTS:
        want = getattr(expect, key)
        if want is None:
            continue
        if key == "stats":
            cur = p.party.cur if p.party else {}
            got = {s: cur.get(s) for s in want}
            want = dict(want)
        elif key == "hero_stats":
            from toolkit.games.caravans.engine.checks import hero_stat
            got = {s: hero_stat(state, expect.seat, s) if p.hero else None for s in want}
            want = dict(want)
        elif key == "at":
            got = {"region": p.region, "tavern": p.in_tavern}
            want = {"region": want.region, "tavern": want.tavern}
        elif key in ("goods", "rumors", "missions"):
            got = len(getattr(p, key))
        elif key == "bounty":
            got = sum(p.bounty.values())
        elif key == "alive":
            got = p.deaths == 0
        elif key == "party":
            got = p.party.kind if p.party else None
        elif key == "stash_points":
            got = stash_points(state, p)
        elif key == "glory_sources":
            got = {s: p.glory_src.get(s, 0) for s in want}
            want = dict(want)
        else:
            got = getattr(p, key)
        pairs.append((f"{who} {key.replace('_', ' ')}", want, got))
    return _compare(pairs)
