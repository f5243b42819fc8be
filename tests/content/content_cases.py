"""Invalid variants of the valid fixture, one per check, and the exact problem lines
`toolkit validate` prints for each (EXPECTED, a snapshot: review a change before updating).
Each edit is (file in cards/, old text, new text); see conftest.edit_project."""

from __future__ import annotations

SCHEMA_CASES = {
    "hero_stat_range": ([("heroes.yaml", "influence: 3}", "influence: 5}")]),
    "party_stat_range": ([("parties.yaml", "defense: 5", "defense: 6")]),
    "negative_price": ([("parties.yaml", "cost: 10\n    resale: 5\n    starting: true\n"
                         "    hit_locations: {1: cargo, 2: mercenaries, 3: attack, 4: shield}\n"
                         "  - id: small_war_band",
                         "cost: -1\n    resale: 5\n    starting: true\n"
                         "    hit_locations: {1: cargo, 2: mercenaries, 3: attack, 4: shield}\n"
                         "  - id: small_war_band")]),
    "unknown_key_hint": ([("goods.yaml", "icon: silk", "icn: silk")]),
    "enum_hint": ([("parties.yaml", "role: caravan", "role: caravn")]),
    "wrong_type": ([("npcs.yaml", "gold: 6", "gold: six")]),
    "missing_key": ([("rumors.yaml", "    truth: false\n", "")]),
    "bad_id": ([("races.yaml", "id: elves", "id: Elves-2")]),
    "raid_union": ([("goods.yaml", "raid: [3, 5, ambush]", "raid: [3, 5, ambus]")]),
    "hit_locations_faces": ([("parties.yaml", "stats: {defense: 5, cargo: 2, mercenaries: 5, "
                              "attack: 4, agility: 2}\n    hit_locations: {1: cargo, 2: "
                              "mercenaries, 3: attack, 4: shield}",
                              "stats: {defense: 5, cargo: 2, mercenaries: 5, attack: 4, "
                              "agility: 2}\n    hit_locations: {1: cargo, 2: mercenaries}")]),
    "too_many_abilities": ([("heroes.yaml", "        weight: 3\n",
                             "        weight: 3\n      - {id: a2, name: {en: A, zh: 甲}, "
                             "effects: [{op: reroll_check}]}\n      - {id: a3, name: {en: B, "
                             "zh: 乙}, effects: [{op: reroll_check}]}\n")]),
    "unknown_kind_file": ([("rumors.yaml", "kind: rumor", "kind: rumour")]),
    "card_kind_mismatch": ([("rumors.yaml", "  - id: ghost_ship",
                             "  - kind: event\n    id: ghost_ship")]),
    "file_top_keys": ([("rumors.yaml", "kind: rumor", "kind: rumor\ncard: []")]),
    "cards_not_list": ([("weapons.yaml", None, "kind: weapon\ncards: {id: x}\n")]),
    "card_not_mapping": ([("weapons.yaml", None, "kind: weapon\ncards: [chain_net]\n")]),
    "game_unknown_key": ([("game.yaml", "glory_to_win: 10", "glory_to_wn: 10")]),
    "game_players": ([("game.yaml", "players: {min: 2, max: 4}", "players: {min: 5, max: 4}")]),
    "card_size_bound": ([("game.yaml", "hero: {width: 63, height: 88}",
                          "hero: {width: 5, height: 88}")]),
}

RULE_CASES = {
    "duplicate_id": ([("rumors.yaml", "id: ghost_ship", "id: buried_gold")]),
    "dangling_race": ([("heroes.yaml", "race: elves", "race: elfs")]),
    "ref_wrong_kind": ([("npcs.yaml", "party: warden", "party: humans")]),
    "asymmetric": ([("regions.yaml", "adjacent: [harbor, glade]",
                     "adjacent: [harbor, glade, woods]")]),
    "self_loop": ([("regions.yaml", "adjacent: [hills, woods]",
                    "adjacent: [hills, woods, glade]")]),
    "disconnected": ([("regions.yaml", "adjacent: [hills, wasteland]", "adjacent: [hills]"),
                      ("regions.yaml", "adjacent: [harbor, glade]", "adjacent: [harbor]"),
                      ("regions.yaml", "adjacent: [hills, woods]", "adjacent: [woods]"),
                      ("regions.yaml", "adjacent: [woods, harbor]", "adjacent: [woods]")]),
    "no_nightshade": ([("regions.yaml", "    nightshade: true\n", "")]),
    "two_nightshades": ([("regions.yaml", "tavern: {en: The Owl, zh: 猫头鹰}",
                          "tavern: {en: The Owl, zh: 猫头鹰}\n    nightshade: true")]),
    "tavern_without_race": ([("regions.yaml", "    race: elves\n    tavern: {en: The Owl",
                              "    tavern: {en: The Owl")]),
    "home_not_tavern": ([("heroes.yaml", "home: harbor", "home: wasteland")]),
    "home_wrong_race": ([("heroes.yaml", "home: harbor", "home: woods")]),
    "counts": ([("game.yaml", "glory_card: 3", "glory_card: 4")]),
    "counts_unknown_kind": ([("game.yaml", "  npc: 2\n", "  npc: 2\n  heros: 2\n")]),
    "equipment_over_taverns": ([("equipment.yaml", "copies: 2\n    effects:\n      - {op: "
                                 "cancel_hit", "copies: 3\n    effects:\n      - {op: "
                                 "cancel_hit"), ("game.yaml", "equipment: 4", "equipment: 5")]),
    "weapon_no_copies": ([("weapons.yaml", "copies: 2", "copies: 0"),
                          ("game.yaml", "weapon: 2", "weapon: 0")]),
    "unknown_op": ([("weapons.yaml", "op: redirect_hits", "op: redirect_hit")]),
    "op_params": ([("glory_cards.yaml", "{op: modify_stat, stat: cargo, by: 1}",
                    "{op: modify_stat, stat: carg, by: 9, extra: 1}")]),
    "op_not_allowed": ([("equipment.yaml", "{op: modify_stat, stat: attack, by: 1}",
                         "{op: storm, regions: [hills]}")]),
    "op_ref": ([("events.yaml", "{op: npc_enter, npc: human_patrol}",
                 "{op: npc_enter, npc: human_patrl, region: harbour}")]),
    "op_ref_toward": ([("events.yaml", "{op: move_npc, npc: human_patrol}",
                        "{op: move_npc, npc: human_patrol, toward: nowhere}")]),
    "mission_two_tests": ([("missions.yaml", "check: {stat: perception, successes: 2}",
                            "check: {stat: perception, successes: 2}\n    defeat: road_bandits")]),
    "mission_no_test": ([("missions.yaml", "    deliver: {good: silk, count: 2}\n", "")]),
    "mission_tavern": ([("missions.yaml", "tavern: hills", "tavern: wasteland")]),
    "patrol_race": ([("npcs.yaml", "    race: humans\n", "")]),
    "budget": ([("heroes.yaml", "combat: 2, perception: 3", "combat: 4, perception: 4")]),
    "missing_zh": ([("races.yaml", "{en: Elves, zh: 精灵}", "{en: Elves}"),
                    ("heroes.yaml", "{en: Keen Buyer, zh: 精明买家}", "{en: Keen Buyer}"),
                    ("heroes.yaml", "买货时多抽1张货物。", "''")]),
    "text_numbers": ([("equipment.yaml", "+1 attack (never above 5).",
                       "+2 attack (never above 5)."),
                      ("events.yaml", "受到1点伤害", "受到3点伤害")]),
    "dice_and_prices": ([("game.yaml", "faces: [1, 2, 3, 4, skull, skull]",
                          "faces: [0, 2, 3, 4, skull, skull]"),
                         ("game.yaml", "prices: {1: 3, 2: 2, 3: 1}", "prices: {0: 3, 2: 2}")]),
    "starting_party": ([("game.yaml", "parties: [small_caravan, small_war_band]",
                         "parties: [small_caravan, warden, big_caravan]")]),
    "engine_setting": ([("game.yaml", "death:\n  top_up_gold: 10\n", "")]),
    "nightshade_without_tavern": ([("regions.yaml", "    adjacent: [woods, harbor]",
                                    "    nightshade: true\n    adjacent: [woods, harbor]")]),
    "adjacent_twice": ([("regions.yaml", "adjacent: [woods, harbor]",
                         "adjacent: [woods, harbor, woods]")]),
    "brigand_race": ([("npcs.yaml", "    party: small_war_band\n",
                       "    race: elves\n    party: small_war_band\n")]),
    "card_sizes_kind": ([("game.yaml", "card_sizes:\n", "card_sizes:\n  heroes: {width: 63, "
                          "height: 88}\n")]),
    "budget_band": ([("game.yaml", "hero: {min: 12, max: 14}", "hero: {min: 15, max: 14}")]),
    "good_copies": ([("goods.yaml", "icon: spice", "icon: spice\n    copies: 8")]),
}

EXPECTED = {
    'hero_stat_range': [
        "cards/heroes.yaml:7:54: error: stat 'influence' is 5, allowed 1–4 [heroes.ash_sage.stats.influence]",
    ],
    'party_stat_range': [
        "cards/parties.yaml:25:13: error: stat 'defense' is 6, allowed 1–5 [parties.warden.stats.defense]",
    ],
    'negative_price': [
        "cards/parties.yaml:8:5: error: 'cost' is -1, allowed 0 or more [parties.small_caravan.cost]",
    ],
    'unknown_key_hint': [
        "cards/goods.yaml:3:5: error: missing required key 'icon' [goods.silk.icon]",
        "cards/goods.yaml:6:5: error: unknown key 'icn' (did you mean 'icon'?) [goods.silk.icn]",
    ],
    'enum_hint': [
        "cards/parties.yaml:6:5: error: 'role' is 'caravn', allowed 'caravan', 'war_band' or 'warden' (did you mean 'caravan'?) [parties.small_caravan.role]",
    ],
    'wrong_type': [
        "cards/npcs.yaml:17:5: error: 'gold' is 'six', expected a whole number [npcs.road_bandits.gold]",
    ],
    'missing_key': [
        "cards/rumors.yaml:8:5: error: missing required key 'truth' [rumors.ghost_ship.truth]",
    ],
    'bad_id': [
        "cards/explorers.yaml:9:5: error: unknown race 'elves' [explorers.elf_explorer.race]",
        "cards/heroes.yaml:16:5: error: unknown race 'elves' [heroes.leaf_archer.race]",
        "cards/races.yaml:7:5: error: 'id' is 'Elves-2': use lowercase snake_case (letters, digits, _) [races.Elves-2.id]",
        "cards/regions.yaml:18:5: error: unknown race 'elves' [regions.glade.race]",
        "cards/regions.yaml:24:5: error: unknown race 'elves' [regions.woods.race]",
    ],
    'raid_union': [
        "cards/goods.yaml:12:18: error: 'raid' is 'ambus', expected a whole number or 'ambush' [goods.spice.raid[2]]",
    ],
    'hit_locations_faces': [
        'cards/parties.yaml:26:5: error: hit_locations must map each of the faces 1, 2, 3 and 4 [parties.warden.hit_locations]',
    ],
    'too_many_abilities': [
        "cards/heroes.yaml:19:5: error: 'abilities' has 3 items, at most 2 [heroes.leaf_archer.abilities]",
    ],
    'unknown_kind_file': [
        'cards/game.yaml:68:3: error: counts.rumor is 2 but the rumor cards make 0 (with copies) [game.counts.rumor]',
        "cards/rumors.yaml:1:1: error: unknown kind 'rumour' (did you mean 'rumor'?); declare new kinds in game.yaml under 'kinds:' [rumors.kind]",
    ],
    'card_kind_mismatch': [
        "cards/rumors.yaml:8:5: error: card kind 'event' in a file of kind 'rumor'; move it to its own file [rumors.cards[1].kind]",
    ],
    'file_top_keys': [
        "cards/rumors.yaml:2:1: error: unknown key 'card' at the top of the file (did you mean 'cards'?) [rumors.card]",
    ],
    'cards_not_list': [
        "cards/weapons.yaml:2:1: error: 'cards' must be a list [weapons.cards]",
    ],
    'card_not_mapping': [
        'cards/weapons.yaml:2:9: error: each card must be a mapping of fields [weapons.cards[0]]',
    ],
    'game_unknown_key': [
        "cards/game.yaml:6:1: error: unknown key 'glory_to_wn' (did you mean 'glory_to_win'?) [game.glory_to_wn]",
    ],
    'game_players': [
        'cards/game.yaml:5:1: error: players.min 5 is above players.max 4 [game.players]',
    ],
    'card_size_bound': [
        "cards/game.yaml:72:10: error: 'width' is 5, allowed more than 10 [game.card_sizes.hero.width]",
    ],
    'duplicate_id': [
        "cards/rumors.yaml:8:5: error: duplicate id 'buried_gold' (first defined at cards/rumors.yaml:3) [rumors.buried_gold.id]",
    ],
    'dangling_race': [
        "cards/heroes.yaml:16:5: error: unknown race 'elfs' (did you mean 'elves'?) [heroes.leaf_archer.race]",
    ],
    'ref_wrong_kind': [
        "cards/npcs.yaml:7:5: error: 'humans' is a race, not a party [npcs.human_patrol.party]",
    ],
    'asymmetric': [
        "cards/regions.yaml:14:31: error: region 'hills' lists 'woods' as adjacent but 'woods' does not list 'hills' [regions.hills.adjacent[2]]",
    ],
    'self_loop': [
        "cards/regions.yaml:20:30: error: region 'glade' lists itself as adjacent [regions.glade.adjacent[2]]",
    ],
    'disconnected': [
        "cards/regions.yaml:20:5: error: the board is not connected: 'glade', 'woods', 'wasteland' cannot be reached from 'harbor' [regions.glade.adjacent]",
    ],
    'no_nightshade': [
        'cards/regions.yaml:3:5: error: no tavern is nightshade; exactly one must be (equipment is swapped only there) [regions.harbor.nightshade]',
    ],
    'two_nightshades': [
        "cards/regions.yaml:26:5: error: region 'woods' is a second nightshade tavern (first: 'harbor'); exactly one is allowed [regions.woods.nightshade]",
    ],
    'tavern_without_race': [
        "cards/regions.yaml:24:5: error: region 'woods' has a tavern but no race [regions.woods.tavern]",
    ],
    'home_not_tavern': [
        "cards/heroes.yaml:6:5: error: home 'wasteland' has no tavern; a hero starts at a tavern [heroes.ash_sage.home]",
    ],
    'home_wrong_race': [
        "cards/heroes.yaml:6:5: error: home 'woods' is a region of 'elves', not of the hero's race 'humans' [heroes.ash_sage.home]",
    ],
    'counts': [
        'cards/game.yaml:66:3: error: counts.glory_card is 4 but the glory_card cards make 3 (with copies) [game.counts.glory_card]',
    ],
    'counts_unknown_kind': [
        "cards/game.yaml:71:3: error: counts names unknown kind 'heros' (did you mean 'hero'?) [game.counts.heros]",
    ],
    'equipment_over_taverns': [
        'cards/equipment.yaml:5:5: error: there are 5 equipment tokens but only 4 taverns; setup places one face down per tavern [equipment.orb_of_fire.copies]',
    ],
    'weapon_no_copies': [
        "cards/weapons.yaml:5:5: error: weapon 'chain_net' has 0 copies; at least 1 is needed [weapons.chain_net.copies]",
    ],
    'unknown_op': [
        "cards/weapons.yaml:7:10: error: unknown effect op 'redirect_hit' (did you mean 'redirect_hits'?) [weapons.chain_net.effects[0].op]",
    ],
    'op_params': [
        "cards/glory_cards.yaml:13:27: error: op 'modify_stat': 'stat' is 'carg', allowed 'defense', 'shield', 'cargo', 'mercenaries', 'attack' or 'agility' (did you mean 'cargo'?) [glory_cards.quartermaster.effects[0].stat]",
        "cards/glory_cards.yaml:13:39: error: op 'modify_stat': 'by' is 9, allowed -3–3 [glory_cards.quartermaster.effects[0].by]",
        "cards/glory_cards.yaml:13:46: error: op 'modify_stat': unknown key 'extra' [glory_cards.quartermaster.effects[0].extra]",
    ],
    'op_not_allowed': [
        "cards/equipment.yaml:8:10: error: op 'storm' is not allowed in kind 'equipment' (allowed in: event) [equipment.orb_of_fire.effects[0].op]",
    ],
    'op_ref': [
        "cards/events.yaml:6:25: error: op 'npc_enter': unknown npc 'human_patrl' (did you mean 'human_patrol'?) [events.patrol_rides.effects[0].npc]",
        "cards/events.yaml:6:43: error: op 'npc_enter': unknown region 'harbour' (did you mean 'harbor'?) [events.patrol_rides.effects[0].region]",
    ],
    'op_ref_toward': [
        "cards/events.yaml:7:43: error: op 'move_npc': unknown region 'nowhere' [events.patrol_rides.effects[1].toward]",
    ],
    'mission_two_tests': [
        "cards/missions.yaml:8:5: error: mission 'scout_the_woods' needs exactly one of check, deliver or defeat; it has check and defeat [missions.scout_the_woods.defeat]",
    ],
    'mission_no_test': [
        "cards/missions.yaml:9:5: error: mission 'silk_for_the_glade' needs exactly one of check, deliver or defeat; it has none [missions.silk_for_the_glade.id]",
    ],
    'mission_tavern': [
        "cards/missions.yaml:5:5: error: mission tavern 'wasteland' has no tavern [missions.scout_the_woods.tavern]",
    ],
    'patrol_race': [
        "cards/npcs.yaml:5:5: error: patrol 'human_patrol' needs a race [npcs.human_patrol.role]",
    ],
    'budget': [
        'cards/heroes.yaml:7:5: warning: design budget 15 (stats 13 + ability weights 2) is outside 12–14 [heroes.ash_sage.stats]',
    ],
    'missing_zh': [
        'cards/heroes.yaml:10:9: warning: missing zh translation of abilities[0].name, abilities[0].text [heroes.ash_sage.abilities[0].name]',
        'cards/races.yaml:8:5: warning: missing zh translation of name [races.elves.name]',
    ],
    'text_numbers': [
        'cards/equipment.yaml:6:12: error: rules text (en) says 2 but its effects say 1, 5 [equipment.orb_of_fire.text.en]',
        'cards/events.yaml:10:73: error: rules text (zh) says 3 but its effects say 1 [events.storm_over_hills.text.zh]',
    ],
    'dice_and_prices': [
        "cards/game.yaml:11:11: error: die face 0 must be 1 or more (or 'skull') [game.dice.faces[0]]",
        'cards/game.yaml:23:3: error: buy.prices has no price for 1 copy drawn [game.buy.prices]',
        'cards/game.yaml:23:12: error: buy.prices key 0 must be 1 or more (copies of a good drawn) [game.buy.prices[0]]',
    ],
    'starting_party': [
        "cards/game.yaml:15:28: error: starting party 'warden' is not marked 'starting: true' in its card [game.starting.parties[1]]",
        "cards/game.yaml:15:36: error: starting party: unknown party 'big_caravan' (did you mean 'small_caravan'?) [game.starting.parties[2]]",
    ],
    'engine_setting': [
        "cards/game.yaml:2:1: error: missing required key 'death' (the built-in rules use it when the project has cards of built-in kinds) [game.death]",
    ],
    'good_copies': [
        "cards/goods.yaml:12:5: warning: good 'spice' sets copies: 8, which is ignored; its cards are its raid list [goods.spice.copies]",
    ],
    'nightshade_without_tavern': [
        "cards/regions.yaml:30:5: error: region 'wasteland' is nightshade but has no tavern [regions.wasteland.nightshade]",
    ],
    'adjacent_twice': [
        "cards/regions.yaml:30:31: error: region 'wasteland' lists 'woods' twice [regions.wasteland.adjacent[2]]",
    ],
    'brigand_race': [
        "cards/npcs.yaml:15:5: error: brigand 'road_bandits' has race 'elves'; brigands have none [npcs.road_bandits.race]",
    ],
    'card_sizes_kind': [
        "cards/game.yaml:72:3: error: card_sizes names unknown kind 'heroes' (did you mean 'hero'?) [game.card_sizes.heroes]",
    ],
    'budget_band': [
        'cards/game.yaml:74:3: error: budgets.hero.min 15 is above budgets.hero.max 14 [game.budgets.hero]',
    ],
}
