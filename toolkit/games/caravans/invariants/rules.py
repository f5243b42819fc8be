"""The invariants of Caravans & Brigands, checked after every action of every fuzzed game
(scope "action") or at the end of each game (scope "game"). Those every game has (a legal
action exists, the game ends, a replay reproduces it) are the generic checker's."""

from __future__ import annotations

from functools import lru_cache

from toolkit.games.caravans import engine
from toolkit.games.caravans.engine import components as observe
from toolkit.games.caravans.invariants.registry import Step, invariant

PARTY_STATS = ("defense", "shield", "cargo", "mercenaries", "attack", "agility")


@lru_cache(maxsize=8)
def _box(rules):
    return observe.totals(rules)


@invariant("components_conserved")
def components_conserved(step: Step):
    """Every card, token and marker is in exactly one place: nothing created or lost."""
    box = _box(step.state.rules)
    for family, found in observe.places(step.state).items():
        problem = observe.diff(found, box[family])
        if problem:
            return f"{family}s: {problem}"
    npcs = set(step.state.npcs)
    if npcs != set(step.state.rules.npcs):
        return f"NPC parties {sorted(npcs)} differ from the catalog's"
    return None


@invariant("never_negative")
def never_negative(step: Step):
    """Gold, stash, glory, bounty and party tracks are never negative."""
    for p in step.state.players:
        for what in ("gold", "stash", "glory"):
            if getattr(p, what) < 0:
                return f"seat {p.seat + 1} has {what} {getattr(p, what)}"
        for race, n in p.bounty.items():
            if n < 0:
                return f"seat {p.seat + 1} has {n} bounty of {race}"
        problem = _tracks(f"seat {p.seat + 1}", p.party, lambda v: v < 0)
        if problem:
            return problem
    for n in step.state.npcs.values():
        if n.gold < 0:
            return f"NPC {n.id} has gold {n.gold}"
    return None


@invariant("gold_accounted")
def gold_accounted(step: Step):
    """A player's gold rises only by a logged gain (sale, loot, raid, reward...), a top-up
    from the stash after a death, or the sale of its old party."""
    before = step.before.get("gold")
    if before is None or step.before.get("phase") == "setup":   # the starting gold
        return None
    logged: dict[int, int] = {}
    unbounded: set[int] = set()
    for entry in observe.new_log(step.state, step.before):
        if entry[0] == "gold":
            logged[entry[1]] = logged.get(entry[1], 0) + max(0, entry[2])
        elif entry[0] == "top_up":
            logged[entry[1]] = logged.get(entry[1], 0) + entry[2]
        elif entry[0] == "form":
            unbounded.add(entry[1])
    for p, old in zip(step.state.players, before):
        gain = p.gold - old
        if gain > logged.get(p.seat, 0) and p.seat not in unbounded:
            return (f"seat {p.seat + 1}'s gold rose from {old} to {p.gold} with "
                    f"{logged.get(p.seat, 0)} gold of logged gains")
    return None


@invariant("stats_capped")
def stats_capped(step: Step):
    """No party track is above the stat cap (5), nor above its own maximum."""
    cap = step.catalog.game.combat.stat_cap
    for p in step.state.players:
        problem = _tracks(f"seat {p.seat + 1}", p.party, lambda v: v > cap, cap)
        if problem:
            return problem
        if p.party is not None:
            for stat in PARTY_STATS:
                if p.party.cur.get(stat, 0) > p.party.top.get(stat, 0):
                    return (f"seat {p.seat + 1}'s {stat} track is {p.party.cur[stat]}, above its "
                            f"maximum {p.party.top[stat]}")
    return None


def _tracks(who, party, bad, cap=None):
    if party is None:
        return None
    for name, values in (("maximum", party.top), ("track", party.cur)):
        for stat, value in values.items():
            if bad(value):
                limit = f" (cap {cap})" if cap is not None else ""
                return f"{who}'s {stat} {name} is {value}{limit}"
    return None


@invariant("cargo_respected")
def cargo_respected(step: Step):
    """Outside a tavern a party carries no more goods than its cargo, except on its own
    turn before it ends (the turn cannot end until the excess is discarded)."""
    state = step.state
    for p in state.players:
        if p.party is None or p.in_tavern or len(p.goods) <= p.party.cur["cargo"]:
            continue
        where = f"seat {p.seat + 1} carries {len(p.goods)} goods outside a tavern with cargo " \
                f"{p.party.cur['cargo']}"
        if not state.in_turn or state.turn_seat != p.seat:
            return where + " outside its own turn"
        if engine.current_player(state) == p.seat and any(
                a.kind.value == "end_turn" for a in step.legal or []):
            return where + " and may end its turn"
    return None


@invariant("one_party_per_hero")
def one_party_per_hero(step: Step):
    """Exactly one party per living hero (and none without a hero), except while a new
    hero is choosing its party."""
    for p in step.state.players:
        if p.party is None and (step.state.phase == "setup" or
                                observe.choosing_party(step.state, p.seat)):
            continue
        if (p.hero is None) != (p.party is None):
            return f"seat {p.seat + 1} has hero {p.hero!r} but party {p.party!r}"
        if p.party is not None and p.region is None:
            return f"seat {p.seat + 1}'s party is nowhere on the board"
    return None


@invariant("bounty_races_exist")
def bounty_races_exist(step: Step):
    """Bounty markers come only from races that exist, within each race's track."""
    races = set(step.catalog.races)
    cap = step.catalog.game.bounty.markers_per_race
    for p in step.state.players:
        for race, n in p.bounty.items():
            if race not in races:
                return f"seat {p.seat + 1} has bounty of unknown race {race!r}"
            if n > cap:
                return f"seat {p.seat + 1} has {n} bounty markers of {race}, over {cap}"
    return None


@invariant("glory_only_rises")
def glory_only_rises(step: Step):
    """Glory never falls, and every point gained is logged with a listed source."""
    before = step.before.get("glory")
    if before is None:
        return None
    gains: dict[int, int] = {}
    for entry in observe.new_log(step.state, step.before):
        if entry and entry[0] == "glory":
            _, seat, source = entry[:3]
            if source not in observe.GLORY_SOURCES:
                return f"seat {seat + 1} gained glory from unlisted source {source!r}"
            gains[seat] = gains.get(seat, 0) + 1
    for p, old in zip(step.state.players, before):
        if p.glory < old:
            return f"seat {p.seat + 1}'s glory fell from {old} to {p.glory}"
        if p.glory - old > gains.get(p.seat, 0):
            return (f"seat {p.seat + 1}'s glory rose from {old} to {p.glory} with "
                    f"{gains.get(p.seat, 0)} logged gain(s)")
    return None


@invariant("ends_within_event_deck")
def ends_within_event_deck(step: Step):
    """No round is played beyond the event deck's length (one event card per round)."""
    limit = len(step.state.rules.events)
    if step.state.round > limit and step.state.phase != "over":
        return f"round {step.state.round} with an event deck of {limit} cards"
    return None


CLONE_EVERY = 1   # clone checks after every action
HASH_EVERY = 10   # state_hash costs ~0.5 ms: hashes compared every 10th action and at the end


@invariant("clone_equal")
def clone_equal(step: Step):
    """A clone is equal to the state and shares none of its mutable parts; the same action
    applied to a clone taken before it gives the same state; equal states hash equal
    (clones checked after every action, hashes every HASH_EVERY actions and at the end)."""
    last = engine.is_terminal(step.state)
    if step.index % CLONE_EVERY and step.twin is None and not last:
        return None
    copy = engine.clone(step.state)
    field = observe.differs(step.state, copy)
    if field:
        return f"the clone differs from the state in '{field}'"
    shared = observe.shared_parts(step.state, copy)
    if shared:
        return f"the clone shares '{shared}' with the state"
    if step.twin is not None:
        field = observe.differs(step.state, step.twin)
        if field:
            return (f"applying the action to a clone taken before it gives a different "
                    f"'{field}' (hidden shared state or unseeded randomness)")
    if step.index % HASH_EVERY == 0 or last:
        h1, h2 = engine.state_hash(step.state), engine.state_hash(copy)
        if h1 != h2:
            return f"clone hash {h2} differs from the state's {h1}"
    return None


@invariant("record_consistent", scope="game")
def record_consistent(step: Step):
    """The game record agrees with the final state: rounds played within the event deck,
    one event drawn per round, glory by source summing to each total, the winners those of `results`."""
    from toolkit.games.caravans.engine.cards import total_glory
    record = engine.game_record(step.state)
    events = len(step.state.rules.events)
    if record["rounds"] > events:
        return (f"the record says {record['rounds']} rounds with an event deck of {events} "
                f"(end: {record['end_reason']})")
    drawn = record["events_drawn"]
    if len(drawn) != record["rounds"] or not set(drawn) <= set(step.state.rules.events):
        return (f"the record lists {len(drawn)} events drawn over {record['rounds']} rounds: "
                f"{drawn}")
    for seat, (total, sources) in enumerate(zip(record["glory"], record["glory_by_source"])):
        if total != total_glory(step.state, seat) or sum(sources.values()) != total:
            return f"seat {seat + 1}'s recorded glory {total} != its sources {sources}"
    won = [s for s, r in enumerate(engine.results(step.state)) if r > 0]
    if sorted(record["winner"]) != won:
        return f"the record's winners {record['winner']} differ from results {won}"
    if record["actions"] != step.index:
        return f"the record counts {record['actions']} actions, {step.index} were played"
    return None
