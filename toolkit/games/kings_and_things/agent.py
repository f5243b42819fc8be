# toolkit: compile
"""A heuristic player: explores and attacks with stacks strong enough for the job, keeps its
fort hex garrisoned, raises one fort toward a citadel, recruits with gold it does not need
for building, bluffs only with what it cannot support, and retreats from losing battles.

Citadels come first (issue #23): an enemy citadel is stormed by everything that can reach
it, the rest closes in; a castle that may become a citadel draws units within reach; an own
citadel (or the castle about to be one) keeps its garrison and calls units home when enemies
are within a move. `agent_hunter.Hunter`, the counter that beat the old heuristic 2 to 1,
no longer does (docs/agents.md, bench/agents_kt_nh.py)."""

from __future__ import annotations

from toolkit.games.kings_and_things.data import by_key
from toolkit.games.kings_and_things.phases.build import citadel_allowed
from toolkit.games.kings_and_things.phases.movement import Moves
from toolkit.games.kings_and_things.state import income, supported, value_of

GUESS_ENEMY = 2.5      # the value guessed for a face-down enemy counter
GUESS_EXPLORE = 5.0    # the strength guessed for an unexplored hex's defenders


def make_heuristic(game, catalog, seat, rng, arg=None):
    return Heuristic(seat, rng)


class Heuristic:
    observes = True

    def __init__(self, seat, rng):
        self.seat, self.rng = seat, rng
        self.plan: dict = {}
        self.plan_key = None

    def choose(self, obs, legal):
        data = by_key(obs.key)
        kinds = {a[0] for a in legal}
        for kind in ("cash", "item", "hero_at", "absorb", "retreat", "bribe", "recruit",
                     "buy", "build", "move", "steal", "assassinate", "event", "start",
                     "claim", "tower", "fight", "pay"):
            if kind in kinds:
                pick = getattr(self, "_" + kind)(obs, data, legal)
                if pick is not None:
                    return pick
        if "place" in kinds or "rack" in kinds or "discard" in kinds:
            return self._deploy(obs, data, legal)
        for fallback in ("keep", "draw", "fight_on", "stay", "done", "end", "pass", "decline"):
            if (fallback,) in legal:
                return (fallback,)
        return legal[0]

    # ---- setup ------------------------------------------------------------------------------
    def _land_around(self, obs, data, hex_):
        return sum(data.land(obs.terrain[n]) for n in obs.neighbours(hex_))

    def _start(self, obs, data, legal):
        return max(legal, key=lambda a: (self._land_around(obs, data, a[1]), -a[1]))

    def _claim(self, obs, data, legal):
        mine = {obs.terrain[h] for h in obs.hexes_of(self.seat)}
        return max(legal, key=lambda a: (obs.terrain[a[1]] not in mine,
                                         self._land_around(obs, data, a[1]), -a[1]))

    def _tower(self, obs, data, legal):
        return max(legal, key=lambda a: (self._land_around(obs, data, a[1]), -a[1]))

    # ---- placing things ------------------------------------------------------------------
    def _front(self, obs, data):
        """The own hex with the most unexplored or enemy land around it (ties: the fort)."""
        def open_land(h):
            return sum(1 for n in obs.neighbours(h) if data.land(obs.terrain[n])
                       and obs.owner[n] != self.seat)
        hexes = obs.hexes_of(self.seat)
        return max(hexes, key=lambda h: (open_land(h), obs.fort[h], -h)) if hexes else None

    def _deploy(self, obs, data, legal):
        """Income counters out, creatures to the front (bluffs too: a face-down counter
        explores and deters as well as a real one), the rest behind the screen."""
        front = self._front(obs, data)
        for action in legal:
            if action[0] == "place" and data.kind(action[1]) == "income_counter":
                return action
        for action in legal:
            if action[0] == "place" and action[2] == front:
                return action
        for action in legal:
            if action[0] == "place" and action[1] not in obs.racks[self.seat]:
                return action
        for action in legal:
            if action[0] == "rack":
                return action
        for action in legal:
            if action[0] == "discard":
                return action
        return ("done",) if ("done",) in legal else legal[0]

    def _cash(self, obs, data, legal):
        return next(a for a in legal if a[0] == "cash")

    # ---- gold ------------------------------------------------------------------------------
    def _recruit(self, obs, data, legal):
        gold = obs.gold[self.seat]
        if gold < 10:
            return None
        options = [a for a in legal if a[0] == "recruit" and gold - 5 * a[2] >= 5]
        if not options:
            return None
        def chance(a):
            need = 2 * int(data.heroes[a[1]].value) - a[2]
            return sum(1 for x in range(1, 7) for y in range(1, 7) if x + y >= need) / 36
        good = [a for a in options if chance(a) >= 0.5]
        return min(good, key=lambda a: (a[2], -int(data.heroes[a[1]].value), a[1])) \
            if good else None

    def _pay(self, obs, data, legal):
        pay = next(a for a in legal if a[0] == "pay")
        return pay if obs.gold[self.seat] - 10 * pay[1] >= 15 else ("decline",)

    def _hero_at(self, obs, data, legal):
        return max(legal, key=lambda a: (obs.fort[a[2]], -a[2]))

    def _buy(self, obs, data, legal):
        """Keep 5 gold for next turn's fort level when one can be raised; buy the rest."""
        from toolkit.games.kings_and_things.phases.build import citadel_allowed
        levels = [obs.fort[h] for h in obs.hexes_of(self.seat)]
        top = max(levels, default=0)
        army = sum(1 for u in obs.units.values() if u["owner"] == self.seat)
        upgrade = top < 3 or (top == 3 and citadel_allowed(obs, data, self.seat))
        reserve = 5 if upgrade and army >= 4 else 0
        spare = (obs.gold[self.seat] - reserve) // 5
        return max((a for a in legal if a[1] <= max(0, spare)), key=lambda a: a[1])

    def _build(self, obs, data, legal):
        builds = [a for a in legal if a[0] == "build"]
        best = max(builds, key=lambda a: (obs.fort[a[1]], -a[1]))
        if obs.fort[best[1]] == 0 and obs.gold[self.seat] < 10:
            return ("done",)   # a new tower only with gold to spare
        return best

    # ---- events and powers ----------------------------------------------------------------
    def _leader(self, obs, data):
        others = [s for s in range(obs.n) if s != self.seat]
        return max(others, key=lambda s: (income(obs, data, s), -s))

    def _event(self, obs, data, legal):
        leader = self._leader(obs, data)
        events = [a for a in legal if a[0] == "event"]
        for action in events:
            target = action[2:]
            if not target or target[0] == leader or (isinstance(target[0], int)
                                                     and obs.owner[target[0]] == leader):
                return action
        return events[0]

    def _steal(self, obs, data, legal):
        return max((a for a in legal if a[0] == "steal"), key=lambda a: obs.gold[a[2]])

    def _assassinate(self, obs, data, legal):
        return next(a for a in legal if a[0] == "assassinate")

    def _fight(self, obs, data, legal):
        return legal[0]

    # ---- battles ----------------------------------------------------------------------------
    def _side(self, obs):
        b = obs.battle
        return 0 if b["seats"][0] == self.seat else 1

    def _item(self, obs, data, legal):
        return next(a for a in legal if a[0] == "item")

    def _bribe(self, obs, data, legal):
        from toolkit.games.kings_and_things.battle_choices import bribe_cost
        units = {u["id"]: u for u in obs.battle["units"][1]}
        cheap = [a for a in legal if a[0] == "bribe" and bribe_cost(obs, data, units[a[1]]) <= 4
                 and obs.gold[self.seat] - bribe_cost(obs, data, units[a[1]]) >= 5]
        return min(cheap, key=lambda a: (units[a[1]]["value"], a[1])) if cheap else None

    def _absorb(self, obs, data, legal):
        units = {u["id"]: u for side in obs.battle["units"] for u in side}
        def cost(a):
            u = units[a[1]]
            if u["kind"] == "wall":
                return (0, 0)
            if u["kind"] in ("fort", "town") and u["hp"] > 1:
                return (1, -u["hp"])
            hero = u["thing"] in data.heroes if u["thing"] else False
            return (2 + hero, u["value"] + 2 * u["charge"])
        return min(legal, key=lambda a: (cost(a), a[1]))

    def _retreat(self, obs, data, legal):
        b = obs.battle
        side = self._side(obs)
        mine = sum(u["value"] for u in b["units"][side] if u["hp"] > 0)
        theirs = sum(u["value"] if u["kind"] not in ("fort", "town") else u["hp"]
                     for u in b["units"][1 - side] if u["hp"] > 0 and u["kind"] != "wall")
        if mine * 2 < theirs:
            return max(a for a in legal if a[0] == "retreat")
        return ("stay",)

    # ---- movement ---------------------------------------------------------------------------
    def _move(self, obs, data, legal):
        key = (obs.round, obs.phase)
        if self.plan_key != key:
            self.plan_key, self.plan = key, self._make_plan(obs, data)
        while self.plan:
            token, dest = self.plan.pop(0)
            if ("move", token, dest) in legal:
                return ("move", token, dest)
        return ("end",)

    def _enemies(self, obs, data) -> dict:
        """hex -> the guessed strength of the enemy units there (summed in the units'
        order)."""
        out: dict[int, float] = {}
        for u in obs.units.values():
            if u["owner"] != self.seat:
                out[u["hex"]] = out.get(u["hex"], 0.0) + \
                    (value_of(data, u["thing"]) if u["thing"] else GUESS_ENEMY)
        return out

    def _threat(self, obs, data, occ, hex_, enemies):
        if obs.owner[hex_] is None and hex_ not in occ:
            return GUESS_EXPLORE
        strength = enemies.get(hex_, 0.0)
        if obs.owner[hex_] not in (None, self.seat):
            strength += 2 * obs.fort[hex_]
        return strength

    def _make_plan(self, obs, data):
        """Citadels first: an enemy citadel wins at the end of the next construction phase,
        so everything that can reach one storms it, and the rest closes in; an own citadel
        (or the castle about to become one) keeps its whole garrison and draws the idle
        units in. Then the raids of `_raid_plan` with what is left."""
        moves = Moves(obs, data)
        mine = sorted((t for t, u in obs.units.items()
                       if u["owner"] == self.seat and not u["moved"]), key=lambda t: int(t[1:]))
        enemy = [h for h in range(len(obs.owner))
                 if obs.fort[h] == 4 and obs.owner[h] not in (None, self.seat)]
        home = self._home(obs, data)
        plan, busy = [], set()
        if home is not None:   # the garrison stays
            busy |= {t for t in mine if obs.units[t]["hex"] == home}
        if enemy:
            for token in mine:
                hits = [h for h in moves.reach(token) if h in enemy]
                if token not in busy and hits:
                    plan.append((token, hits[0]))
                    busy.add(token)
            plan += self._close_in(obs, moves, [t for t in mine if t not in busy], enemy)
            busy |= {t for t, _ in plan}
        elif home is not None:
            for token in mine:
                if token not in busy and home in moves.reach(token) \
                        and self._threatened(obs, data, home):
                    plan.append((token, home))
                    busy.add(token)
        plan += self._raid_plan(obs, data, moves, busy)
        busy |= {t for t, _ in plan}
        rising = [h for h in range(len(obs.owner)) if obs.fort[h] == 3
                  and obs.owner[h] not in (None, self.seat)
                  and citadel_allowed(obs, data, obs.owner[h])]
        if rising:   # a castle that may be a citadel after this round: get within reach
            plan += self._close_in(obs, moves, [t for t in mine if t not in busy], rising)
        return plan

    def _close_in(self, obs, moves, tokens, goals):
        """Moves that bring each of `tokens` nearer the nearest of `goals`, on hexes that are
        safe (own or unowned, no enemy there)."""
        far = _distances(obs, goals)
        out = []
        for token in tokens:
            here = far.get(obs.units[token]["hex"], 99)
            closer = [h for h in moves.reach(token) if far.get(h, 99) < here
                      and obs.owner[h] in (None, self.seat)
                      and all(o == self.seat for o in moves.occ.get(h, ()))]
            if closer:
                out.append((token, min(closer, key=lambda h: (far[h], h))))
        return out

    def _home(self, obs, data):
        """The own citadel, or the castle that can become one at the next construction."""
        held = obs.citadels_of(self.seat)
        if held:
            return held[0]
        castles = [h for h in obs.hexes_of(self.seat) if obs.fort[h] == 3]
        if castles and citadel_allowed(obs, data, self.seat) and obs.gold[self.seat] >= 5:
            return castles[0]
        return None

    def _threatened(self, obs, data, hex_) -> bool:
        """Enemy units within four hexes of `hex_` (one move)."""
        near = _distances(obs, [hex_])
        return any(u["owner"] != self.seat and near.get(u["hex"], 99) <= 4
                   for u in obs.units.values())

    def _raid_plan(self, obs, data, moves, busy):
        plan, occ = [], moves.occ
        stacks: dict[int, list[str]] = {}
        for token, u in sorted(obs.units.items(), key=lambda i: int(i[0][1:])):
            if u["owner"] == self.seat and not u["moved"] and token not in busy:
                stacks.setdefault(u["hex"], []).append(token)
        taken: set[int] = set()
        enemies = self._enemies(obs, data)
        for hex_, tokens in sorted(stacks.items()):
            real = [t for t in tokens if supported(obs, data, t)]
            bluffs = [t for t in tokens if t not in real]
            own = obs.owner[hex_] == self.seat
            keep = (3 if obs.fort[hex_] == 4 else 1) if own and obs.fort[hex_] else 0
            worth = {t: value_of(data, obs.units[t]["thing"]) for t in real}
            movers = sorted(real, key=lambda t: -worth[t])
            movers = movers[:max(0, len(movers) - keep)] if keep else movers
            targets: dict[int, list[str]] = {}
            for token in movers:
                for dest in moves.reach(token):
                    if obs.owner[dest] != self.seat or any(o != self.seat
                                                          for o in occ.get(dest, ())):
                        targets.setdefault(dest, []).append(token)
            best, best_score = None, 0.0
            for dest, group in sorted(targets.items()):
                power = sum([worth[t] for t in group])
                citadel = obs.fort[dest] == 4 and obs.owner[dest] not in (None, self.seat)
                # an enemy citadel left alone wins the game: attack it at worse odds
                score = power - (0.8 if citadel else 1.5) * self._threat(obs, data, occ, dest, enemies) \
                    + (4 if citadel else 0)
                if score > best_score:
                    best, best_score = dest, score
            if best is not None:
                plan += [(t, best) for t in targets[best]]
                taken.add(best)
            for token in bluffs:  # a bluff explores alone: one chance in three it holds
                spots = [h for h in moves.reach(token) if obs.owner[h] is None
                         and h not in occ and h not in taken]
                if spots:
                    plan.append((token, spots[0]))
                    taken.add(spots[0])
        return plan


def _distances(obs, sources) -> dict[int, int]:
    """Steps from the nearest of `sources` to every hex, across any terrain."""
    out = {h: 0 for h in sources}
    frontier = list(sources)
    while frontier:
        nxt = []
        for h in frontier:
            for n in obs.neighbours(h):
                if n not in out:
                    out[n] = out[h] + 1
                    nxt.append(n)
        frontier = nxt
    return out
