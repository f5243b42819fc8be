# cython: language_level=3
# mirrors: toolkit/games/caravans/engine/rules.py sha256:524cd021cd02d876
"""Compile the engine's Rules (engine/rules.py) into a Content: C arrays for the core.

`compile_rules(rules)` returns the Content (cached per Rules) or raises CoreRefused with a
one-line reason (a count above a compiled maximum, an effect op the core does not know: the fight side's
ops.compile_ops fills the effect table);
the caller then runs the Python engine and says so.
"""

from toolkit.games.caravans.engine.rules import AMBUSH, HERO_STATS, PARTY_STATS
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport *
from toolkit.games.caravans.core.ops cimport compile_ops

DURATIONS = ("instant", "round", "until_replaced")


class CoreRefused(Exception):
    """The compiled core cannot run this content or state (the reason is one line)."""


_CACHE: dict = {}


def compile_rules(rules) -> Content:
    hit = _CACHE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    content = Content()
    content._build(rules)
    _CACHE[id(rules)] = (rules, content)
    return content


def _fits(what: str, n: int, most: int) -> int:
    if n > most:
        raise CoreRefused(f"{n} {what}; the compiled core holds at most {most}")
    return n


def _ix(value, table: dict) -> int:
    return -1 if value is None else table[value]


cdef class Content:

    def _build(self, rules):
        cdef CRules* R = &self.r
        c = rules.c
        game = rules.game
        self.rules = rules
        self.regions = tuple(rules.regions)
        self.goods = tuple(rules.goods)
        self.races = tuple(rules.races)
        self.heroes = tuple(c.heroes)
        self.parties = tuple(c.parties)
        self.glory = tuple(c.glory_cards)
        self.missions = tuple(c.missions)
        self.rumors = tuple(c.rumors)
        self.events = tuple(c.events)
        self.equipment = tuple(c.equipment)
        self.weapons = tuple(rules.weapons)
        self.npcs = tuple(rules.npcs)
        names = {"region": self.regions, "good": self.goods, "race": self.races,
                 "hero": self.heroes, "party": self.parties, "glory_card": self.glory,
                 "mission": self.missions, "rumor": self.rumors, "event": self.events,
                 "equipment": self.equipment, "weapon": self.weapons, "npc": self.npcs}
        self.index = {k: {v: i for i, v in enumerate(ids)} for k, ids in names.items()}
        ix = self.index
        R.n_players_min, R.n_players_max = game.players.min, game.players.max
        _fits("players", R.n_players_max, MAX_PLAYERS)
        # board
        R.n_regions = _fits("regions", len(self.regions), MAX_REGIONS)
        R.n_taverns = 0
        for i, r in enumerate(self.regions):
            near = rules.adjacent[r]
            R.n_adj[i] = _fits(f"neighbours of {r}", len(near), MAX_ADJ)
            for k, a in enumerate(near):
                R.adj[i][k] = ix["region"][a]
            R.region_race[i] = _ix(rules.region_race[r], ix["race"])
            R.has_tavern[i] = r in rules.taverns
            R.nightshade[i] = r in rules.nightshade
            for j, b in enumerate(self.regions):
                R.dist[i][j] = rules.dist.get((r, b), -1)
        for t in rules.taverns:
            R.taverns[R.n_taverns] = ix["region"][t]
            R.n_taverns += 1
        R.n_faces = _fits("die faces", len(rules.faces), MAX_FACES)
        for i, f in enumerate(rules.faces):
            R.faces[i] = f
        # goods
        R.n_goods = _fits("goods", len(self.goods), MAX_GOODS)
        R.n_cards = _fits("goods cards", len(rules.cards), MAX_CARDS)
        for i, (g, raid) in enumerate(rules.cards):
            R.card_good[i] = ix["good"][g]
            R.card_raid[i] = raid
        R.n_races = _fits("races", len(self.races), MAX_RACES)
        self._kinds(rules)
        self._decks(rules)
        self._numbers(game)
        self._symbols()
        why = compile_ops(&self.ops, rules)
        if why is not None:
            raise CoreRefused(why)

    def _kinds(self, rules):
        cdef CRules* R = &self.r
        c, ix = rules.c, self.index
        R.n_heroes = _fits("heroes", len(self.heroes), MAX_HEROES)
        for i, h in enumerate(self.heroes):
            hero = c.heroes[h]
            R.hero_home[i] = ix["region"][hero.home]
            R.hero_race[i] = _ix(hero.race, ix["race"])
            for k, stat in enumerate(HERO_STATS):
                R.hero_stats[i][k] = getattr(hero.stats, stat)
        R.n_parties = _fits("party kinds", len(self.parties), MAX_PARTY_KINDS)
        for i, p in enumerate(self.parties):
            card = c.parties[p]
            base = rules.bases[p]
            for k, stat in enumerate(PARTY_STATS):
                R.party_base[i][k] = base[stat]
            R.party_cost[i] = -1 if card.cost is None else card.cost
            R.party_resale[i] = -1 if card.resale is None else card.resale
            R.party_large[i] = card.size == "large"
            for face in range(MAX_FACES + 1):
                R.party_hit[i][face] = -1
            for face, stat in card.hit_locations.items():
                if not 0 <= int(face) <= MAX_FACES:
                    raise CoreRefused(f"hit location face {face} of {p}; the core holds "
                                      f"faces 0 to {MAX_FACES}")
                R.party_hit[i][int(face)] = PARTY_STATS.index(stat)
        starting = rules.game.starting.parties
        R.n_starting = _fits("starting parties", len(starting), MAX_STARTING)
        for i, p in enumerate(starting):
            R.starting_parties[i] = ix["party"][p]
        R.n_glory = _fits("glory cards", len(self.glory), MAX_GLORY)
        for i, g in enumerate(self.glory):
            R.glory_follower[i] = c.glory_cards[g].type == "follower"
        R.n_missions = _fits("missions", len(self.missions), MAX_MISSIONS)
        for i, m in enumerate(self.missions):
            card = c.missions[m]
            R.mission_tavern[i] = _ix(card.tavern, ix["region"])
            R.mission_target[i] = _ix(card.target, ix["region"])
            R.mission_check_stat[i] = -1 if card.check is None else HERO_STATS.index(card.check.stat)
            R.mission_check_need[i] = 0 if card.check is None else card.check.successes
            R.mission_deliver_good[i] = -1 if card.deliver is None else ix["good"][card.deliver.good]
            R.mission_deliver_count[i] = 0 if card.deliver is None else card.deliver.count
            R.mission_defeat[i] = _ix(card.defeat, ix["npc"])
            R.mission_gold[i] = card.gold
        R.n_rumors = _fits("rumors", len(self.rumors), MAX_RUMORS)
        for i, r in enumerate(self.rumors):
            card = c.rumors[r]
            R.rumor_region[i] = _ix(card.region, ix["region"])
            R.rumor_truth[i] = bool(card.truth)
            R.rumor_gold[i] = card.gold or 0
        R.n_events = _fits("events", len(self.events), MAX_EVENTS)
        for i, e in enumerate(self.events):
            R.event_duration[i] = DURATIONS.index(c.events[e].duration)
        R.n_equipment = _fits("equipment", len(self.equipment), MAX_EQUIPMENT)
        R.n_weapons = _fits("weapons", len(self.weapons), MAX_WEAPONS)
        for i, w in enumerate(self.weapons):
            R.weapon_copies[i] = rules.weapons[w]
        R.n_npcs = _fits("NPCs", len(self.npcs), MAX_NPCS)
        for i, n in enumerate(self.npcs):
            card = c.npcs[n]
            R.npc_race[i] = _ix(card.race, ix["race"])
            R.npc_brigand[i] = card.role == "brigand"
            R.npc_patrol[i] = card.role == "patrol"
            R.npc_party[i] = ix["party"][card.party]
            R.npc_start[i] = _ix(card.start, ix["region"])
            R.npc_gold[i] = card.gold
            R.npc_bounty_reward[i] = card.bounty_reward
            R.npc_combat[i] = card.stats.combat
            R.npc_leadership[i] = card.stats.leadership
        R.n_explorers = _fits("explorer tokens", len(rules.explorers), MAX_EXPLORERS)
        for i, (_id, race, region) in enumerate(rules.explorers):
            R.explorer_race[i] = _ix(race, ix["race"])
            R.explorer_region[i] = _ix(region, ix["region"])

    def _decks(self, rules):
        cdef CRules* R = &self.r
        ix = self.index
        R.n_hero_cards = _fits("hero cards", len(rules.heroes), MAX_HEROES)
        for i, h in enumerate(rules.heroes):
            R.hero_cards[i] = ix["hero"][h]
        R.n_glory_cards = _fits("glory cards", len(rules.glory), MAX_GLORY)
        for i, g in enumerate(rules.glory):
            R.glory_cards[i] = ix["glory_card"][g]
        R.n_event_cards = _fits("event cards", len(rules.events), MAX_EVENTS)
        for i, e in enumerate(rules.events):
            R.event_cards[i] = ix["event"][e]
        R.n_mission_cards = _fits("mission cards", len(rules.missions), MAX_MISSIONS)
        for i, m in enumerate(rules.missions):
            R.mission_cards[i] = ix["mission"][m]
        R.n_rumor_cards = _fits("rumor cards", len(rules.rumors), MAX_RUMORS)
        for i, r in enumerate(rules.rumors):
            R.rumor_cards[i] = ix["rumor"][r]
        R.n_eq_tokens = _fits("equipment tokens", len(rules.equipment), MAX_EQUIPMENT)
        for i, e in enumerate(rules.equipment):
            R.eq_tokens[i] = ix["equipment"][e]
        R.n_markers = _fits("demand markers", len(rules.markers), MAX_MARKERS)
        for i, g in enumerate(rules.markers):
            R.markers[i] = ix["good"][g]
        _fits("weapon tokens", sum(rules.weapons.values()), MAX_WEAPON_TOKENS)
        # lists whose length play could push past a struct's room: bounded by the content
        _fits("equipment tokens (one party may hold them all)", R.n_eq_tokens, FMAX_EQUIP)
        lasting = sum(1 for e in self.events if rules.c.events[e].duration == "until_replaced")
        _fits("lasting events (all may be in force with this round's)", lasting + 1, MAX_ACTIVE)

    def _numbers(self, game):
        cdef CRules* R = &self.r
        R.glory_to_win, R.actions_per_turn = game.glory_to_win, game.actions_per_turn
        R.glory_hand_limit, R.dice_count = game.glory_hand_limit, game.dice.count
        R.starting_gold, R.starting_glory_cards = game.starting.gold, game.starting.glory_cards
        R.sell_price, R.sell_demanded_price = game.sell.price, game.sell.demanded_price
        R.sell_glory_min_demanded = game.sell.glory_min_demanded
        R.buy_draw, R.buy_repeat_draw = game.buy.draw, game.buy.repeat_draw
        table = sorted(game.buy.prices.items())
        R.n_buy_prices = _fits("buy prices", len(table), MAX_PRICES)
        for i, (n, price) in enumerate(table):
            R.buy_price_n[i], R.buy_price[i] = int(n), price
        a = game.armory
        R.armory_repair, R.armory_equipment_cost = a.repair, a.equipment_cost
        R.armory_equipment_resale, R.armory_weapon_cost = a.equipment_resale, a.weapon_cost
        R.armory_weapon_resale, R.armory_amulet_restore = a.weapon_resale, a.amulet_restore
        R.recruit_cost = game.recruit.cost
        R.recruit_free_without_check = game.recruit.free_without_check
        R.stash_gold_per_point, R.stash_max_points = game.stash.gold_per_point, game.stash.max_points
        R.raid_draw, R.raid_glory_gold = game.raid.draw, game.raid.glory_gold
        R.raid_fail_ambushes = game.raid.fail_ambushes
        R.delve_gold_per_skull = game.delve.gold_per_skull
        R.delve_fail_mercenaries = game.delve.fail_mercenaries
        R.combat_agility_edge, R.combat_edge_dice = game.combat.agility_edge, game.combat.edge_dice
        R.combat_stat_cap = game.combat.stat_cap
        R.bounty_markers_per_race = game.bounty.markers_per_race
        R.bounty_brigand_reward = game.bounty.brigand_reward
        R.track_glory, R.track_explorer = game.tracks.glory, game.tracks.explorer
        R.mission_slots = game.tracks.mission_slots
        R.death_top_up_gold = game.death.top_up_gold

    def _symbols(self):
        """One symbol per distinct id of any kind (Player.used is keyed by id alone)."""
        cdef CRules* R = &self.r
        sym: dict = {}
        for ids in (self.heroes, self.glory, self.parties, self.equipment, self.weapons,
                    self.missions, self.rumors):
            for i in ids:
                sym.setdefault(i, len(sym))
        self.sym = sym
        self.syms = tuple(sym)
        R.n_syms = _fits("distinct card ids", len(sym), MAX_SYMS)
        for i, h in enumerate(self.heroes):
            R.sym_hero[i] = sym[h]
        for i, g in enumerate(self.glory):
            R.sym_glory[i] = sym[g]
        for i, p in enumerate(self.parties):
            R.sym_party[i] = sym[p]
        for i, e in enumerate(self.equipment):
            R.sym_equipment[i] = sym[e]
        for i, w in enumerate(self.weapons):
            R.sym_weapon[i] = sym[w]
        for i, m in enumerate(self.missions):
            R.sym_mission[i] = sym[m]
        for i, r in enumerate(self.rumors):
            R.sym_rumor[i] = sym[r]
