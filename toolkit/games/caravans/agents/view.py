"""What one seat knows at one decision, with the facts a heuristic needs computed once.

A View reads only the observation the engine gives the seat (its own hand, goods and gold,
the public board); nothing here changes the state. A View lives for one decision, so every
fact (stats, fight odds, goals, open taverns) is computed at most once and remembered.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from toolkit.games.caravans.agents import fight
from toolkit.games.caravans.agents.odds import at_least
from toolkit.games.caravans.agents.tables import FAR, dice_for, hero_stat, open_taverns
from toolkit.games.caravans.engine.cards import is_brigand, total_glory
from toolkit.games.caravans.engine.npc import hunts
from toolkit.games.caravans.engine.party import damage

RIVAL_REACH = 2    # a rival that needs at most this many actions to arrive can still explore
# the share of such rivals that would attack, by the role of the party they lead (war
# bands are built to fight), more when they already carry bounty (they attacked before)
RIVAL_WEIGHT = {"war_band": 0.4, None: 0.15}
WANTED_RIVAL = 0.2


@lru_cache(maxsize=16)
def npc_moves(rules) -> dict:
    """NPC id -> chance that one event card moves it toward its quarry (the event deck's
    `move_npc` effects without a named region, over the cards of the deck)."""
    events = rules.events
    found: dict = {}
    for event in events:
        for op, params in rules.effects.get(event, ()):
            if op == "move_npc" and getattr(params, "toward", "target") == "target":
                found[params.npc] = found.get(params.npc, 0.0) + 1.0 / len(events)
    return found


class lazy:  # noqa: N801 - used as a decorator
    """A value computed on first read and kept in the instance's __dict__ (like
    functools.cached_property, without the lock Python 3.11 takes on every first read)."""

    def __init__(self, fn):
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


class View:
    """One seat's view of an observation, scored with one style's weights."""

    def __init__(self, obs, seat: int, style, patience: float = 1.0, cache=None):
        self.obs = obs
        self.cache = cache  # the agent's goals of an earlier decision (plan.kept), if any
        self.patience = patience  # shrinks the fear of hunters after idle turns
        self.seat = seat
        self.w = getattr(style, "table", style)  # a plain dict of the weights when it has one
        self.rules = obs.rules
        self.game = obs.rules.game
        self.catalog = obs.rules.catalog
        self.c = obs.rules.c  # the catalog's entries as plain dicts, by kind (engine.rules)
        self.me = obs.players[seat]
        self.ref = f"p{seat}"
        self._chances: dict = {}
        self._stats: dict = {}
        self._odds: dict = {}
        self._fighters: dict = {}
        self._threats: dict = {}
        self.memo: dict = {}  # values computed once per decision (value.py)

    # --- me -------------------------------------------------------------------------------
    @lazy
    def goods(self) -> Counter:
        cards = self.rules.cards
        return Counter(cards[c][0] for c in self.me.goods)

    @lazy
    def room(self) -> int:
        """Goods cards the party can still carry outside a tavern."""
        party = self.me.party
        return 0 if party is None else party.cur["cargo"] - len(self.me.goods)

    @lazy
    def damage(self) -> int:
        return 0 if self.me.party is None else damage(self.me.party)

    @lazy
    def missing_mercenaries(self) -> int:
        party = self.me.party
        return 0 if party is None else party.top["mercenaries"] - party.cur["mercenaries"]

    def chance(self, stat: str, need: int = 1, *checks: str) -> float:
        """Chance that a check of the hero's `stat` gets `need` skulls."""
        key = (stat, need, checks)
        if key not in self._chances:
            self._chances[key] = 0.0 if self.me.hero is None else at_least(
                self.rules.faces, dice_for(self.obs, self.seat, stat, *checks), need)
        return self._chances[key]

    def stat(self, obs, seat: int, stat: str) -> int:
        """engine.checks.hero_stat, computed once per (seat, stat) for this observation."""
        key = (seat, stat)
        value = self._stats.get(key)
        if value is None:
            value = self._stats[key] = hero_stat(obs, seat, stat)
        return value

    # --- fight odds (toolkit.games.caravans.agents.fight), once per decision ------------
    def fighter(self, ref: str) -> tuple:
        """fight.fighter of `ref` (its stats and tracks), once per decision."""
        found = self._fighters.get(ref)
        if found is None:
            found = self._fighters[ref] = fight.fighter(self.obs, ref, self.stat)
        return found

    def ranged_win(self, other: str, extra_dice: int = 0) -> float:
        key = ("ranged", other, extra_dice)
        value = self._odds.get(key)
        if value is None:
            value = self._odds[key] = fight.ranged_odds(
                self.rules, self.fighter(self.ref), self.fighter(other), extra_dice)
        return value

    def melee_win(self, other: str, extra_dice: int = 0) -> float:
        key = ("melee", other, extra_dice)
        value = self._odds.get(key)
        if value is None:
            value = self._odds[key] = fight.melee_odds(
                self.rules, self.fighter(self.ref), self.fighter(other), extra_dice)
        return value

    def fight_win(self, other: str) -> float:
        key = ("fight", other)
        value = self._odds.get(key)
        if value is None:
            ranged = self.ranged_win(other)
            value = self._odds[key] = max(ranged, 0.5 * (ranged + self.melee_win(other)))
        return value

    @lazy
    def glory_total(self) -> int:
        return total_glory(self.obs, self.seat)

    @lazy
    def stash_room(self) -> int:
        """Stash points still allowed."""
        stash = self.game.stash
        return max(0, stash.max_points - self.me.stash // stash.gold_per_point)

    @lazy
    def home(self) -> str | None:
        return self.c.heroes[self.me.hero].home if self.me.hero else None

    @lazy
    def wanted(self) -> bool:
        return is_brigand(self.me)

    @lazy
    def goals(self) -> list:
        from toolkit.games.caravans.agents.plan import goals
        return goals(self)

    @lazy
    def ranked_goals(self) -> list:
        """The goals, highest value first (plan.pull stops at the first it cannot use)."""
        from toolkit.games.caravans.agents.plan import ranked
        return ranked(self)

    # --- the board ----------------------------------------------------------------------
    def dist(self, a: str, b: str) -> int:
        return self.rules.dist.get((a, b), FAR)

    @lazy
    def open_taverns(self) -> tuple:
        if self.me.hero is None:
            return ()
        return open_taverns(self.obs, self.seat)

    def threat(self, region: str) -> float:
        """Expected danger of standing outside a tavern in `region` through the next round:
        the worst of a hunting NPC there (the chance of losing to it), one next door that
        the next event may walk in (its move chance, when this seat is its nearest
        quarry), and a rival party that can reach the region with actions to spare and
        would likely win a fight (a quarter of that chance: not every rival attacks)."""
        if self.me.party is None:
            return 0.0
        worst = self._threats.get(region)
        if worst is None:
            worst = 0.0
            for npc_id, weight in self._npc_weights(region):
                worst = max(worst, weight * (1.0 - self.ranged_win(f"n:{npc_id}")))
            for seat, weight in self._rival_weights(region):
                worst = max(worst, weight * self.fight_loss(f"p{seat}"))
            self._threats[region] = worst
        return worst

    def _npc_weights(self, region: str) -> list:
        """(NPC id, chance it stands in `region` next round) for NPCs that hunt this seat."""
        found = []
        dist = self.rules.dist
        for npc_id, where, moves in self._hunting:
            if where == region:
                found.append((npc_id, 1.0 - 0.5 * moves))
            elif moves and dist.get((where, region)) == 1:
                found.append((npc_id, moves * self._nearest_quarry(npc_id)))
        return found

    @lazy
    def _hunting(self) -> list:
        """(NPC id, its region, its move chance per event) of the NPCs hunting this seat."""
        moves = npc_moves(self.rules)
        return [(npc_id, npc.region, moves.get(npc_id, 0.0))
                for npc_id, npc in self.obs.npcs.items()
                if npc.region is not None and hunts(self.obs, npc_id, self.seat)]

    def _nearest_quarry(self, npc_id: str) -> float:
        """1 when no other hunted player stands nearer the NPC than this seat, else 0.3."""
        here = self.obs.npcs[npc_id].region
        mine = self.dist(here, self.me.region)
        for other in self.obs.players:
            if other.seat != self.seat and other.region is not None and \
                    self.dist(here, other.region) < mine and hunts(self.obs, npc_id, other.seat):
                return 0.3
        return 1.0

    def _rival_weights(self, region: str) -> list:
        """(seat, weight) of rivals that could reach `region` and still explore next turn."""
        dist = self.rules.dist
        return [(seat, weight) for seat, where, extra, weight in self._rivals
                if dist.get((where, region), FAR) + extra <= RIVAL_REACH]

    @lazy
    def _rivals(self) -> list:
        """(seat, region, 1 if inside a tavern, attack weight) of every rival party."""
        found = []
        for other in self.obs.players:
            if other.seat == self.seat or other.hero is None or other.region is None \
                    or other.party is None:
                continue
            role = self.c.parties[other.party.kind].role
            weight = RIVAL_WEIGHT.get(role, RIVAL_WEIGHT[None])
            found.append((other.seat, other.region, int(other.in_tavern),
                          weight + (WANTED_RIVAL if is_brigand(other) else 0.0)))
        return found

    def fight_loss(self, ref: str) -> float:
        """Chance of losing when `ref` attacks this seat (1 - its win chance)."""
        key = ("loss", ref)
        value = self._odds.get(key)
        if value is None:
            value = self._odds[key] = 1.0 - self.ranged_win(ref)
        return value

    def sale_value(self, good: str, here: str | None = None) -> float:
        """Best expected gold for one card of `good`: demanded somewhere reachable (fading
        with distance) or the plain price. A style that seldom travels to trade (its
        `trade_goal` below 1) counts only that share of the premium: it would otherwise
        carry goods it never delivers."""
        sell = self.game.sell
        best = float(sell.price)
        decay = self.w["travel_decay"]
        origin = here or self.me.region
        for tavern in self.open_taverns:
            if self.obs.demand.get(tavern) == good and tavern != here:
                best = max(best, sell.demanded_price * decay ** self.dist(origin, tavern))
        return sell.price + (best - sell.price) * min(1.0, self.w["trade_goal"])

    def loss_if_beaten(self) -> float:
        """What losing a fight may cost: the party, the gold and goods carried, the cards."""
        loss = self.__dict__.get("_loss")
        if loss is None:
            loss = self.__dict__["_loss"] = self._loss()
        return loss

    def _loss(self) -> float:
        me = self.me
        if me.party is None:
            return 0.0
        card = self.c.parties[me.party.kind]
        party = card.cost if card.cost is not None else 2 * self.game.starting.gold
        return (party + me.gold + self.game.sell.price * len(me.goods)
                + 3 * len(me.hand) + self.w["glory"] * 0.25)
