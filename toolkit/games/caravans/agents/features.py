"""The weights a heuristic play style sets in styles.yaml, with what each one means.

Scores are in gold-equivalents: an action scoring 5 is worth about as much to the style as
5 gold in hand. The heuristic picks the legal action with the highest score; ending the
turn or the visit scores 0, so an action is taken only when its score is positive.
This table is the designer's reference; styles.yaml may set only these names.
"""

FEATURES: dict[str, str] = {
    # values
    "gold": "value of one gold in hand (the unit of every other weight is 1 gold)",
    "glory": "value of one glory point, in gold",
    "gold_reserve": "gold kept back for repairs and recruits before buying goods or gear",
    # trade
    "sell_demanded": "extra value per demanded card sold (beyond its gold)",
    "sell_other": "share of its gold that selling an undemanded card is worth",
    "buy_margin": "value per gold of expected profit when buying a goods card",
    "trade_goal": "pull of taverns where held goods are demanded or goods can be bought",
    # party and gear
    "caravan": "value of leading a caravan (the party's role)",
    "war_band": "value of leading a war band",
    "large": "value of a large party over a small one (besides its glory)",
    "repair": "value of one repaired damage point",
    "recruit": "value of one mercenary recruited",
    "equipment": "value of an equipment token",
    "weapon": "value of a special weapon",
    # fighting
    "fight_players": "appetite for attacking other players (scales the expected gain)",
    "fight_npcs": "appetite for attacking NPC parties",
    "raid": "appetite for raiding explorers",
    "delve": "appetite for delving with explorers",
    "hunt_goal": "pull of regions with targets worth exploring",
    "bounty": "cost of one new bounty marker, in gold",
    "risk": "weight of what a lost fight costs (party, gold, goods)",
    "min_win_chance": "lowest estimated chance of winning at which a fight is started",
    "flee_below": "flee a fight when the estimated chance of winning drops below this",
    "danger": "cost of standing outside a tavern where a hunter (an NPC or a rival) can "
              "strike next round, times the chance of losing to it",
    # adventure
    "mission": "appetite for missions (scales reward and glory times the chance)",
    "rumor": "appetite for hearing and investigating rumors",
    "adventure_goal": "pull of mission and rumor regions",
    # endgame
    "stash": "value of one stash point beyond the gold it costs",
    "stash_keep": "working gold kept in hand when stashing (a deposit below it costs 4x)",
    "home_goal": "pull of the home tavern when a stash deposit is possible",
    "glory_cards": "appetite for playing glory cards (tricks and followers)",
    "travel_decay": "how fast a goal's pull fades per action of distance (0-1)",
    "noise": "random jitter added to each score, so equal choices vary",
}
