"""Turn actions on hand-built states: moves, taverns, selling, buying, armory, services."""

from __future__ import annotations

import pytest

from toolkit.games.caravans.engine import ActionKind as K, legal_actions
from toolkit.errors import RulesError

from .conftest import act, kinds, quiet, started


@pytest.fixture
def game(mini):
    state = quiet(started(mini, seed=3))
    seat = state.turn_seat
    p = state.players[seat]
    p.hero, p.region, p.in_tavern = "ada", "hill", True  # Ada's home is hill (humans)
    state.active_events = []
    return state


def me(state):
    return state.players[state.turn_seat]


def goods_of(state, good, n):
    cards = [c for c in state.goods_deck if state.rules.cards[c][0] == good][:n]
    for c in cards:
        state.goods_deck.remove(c)
    return cards


def test_moving_costs_one_action_each(game):
    p = me(game)
    act(game, "leave_tavern")
    act(game, "move", "vale")
    act(game, "enter_tavern")
    assert (p.region, p.in_tavern, p.actions) == ("vale", True, 0)
    assert kinds(game) == {K.END_TURN} | {a.kind for a in legal_actions(game)
                                          if a.kind is K.PLAY_GLORY}
    with pytest.raises(RulesError):
        act(game, "leave_tavern")


def test_only_adjacent_moves(game):
    act(game, "leave_tavern")
    moves = {a.args[0] for a in legal_actions(game) if a.kind is K.MOVE}
    assert moves == set(game.rules.adjacent["hill"])


def test_bounty_closes_the_race_taverns_but_home(game):
    p = me(game)
    p.bounty = {"human": 1}
    p.in_tavern = False
    p.region = "vale"
    assert K.ENTER_TAVERN not in kinds(game)
    p.region = "hill"
    assert K.ENTER_TAVERN in kinds(game)
    p.region = "wood"
    assert K.ENTER_TAVERN in kinds(game)


def test_war_closes_the_enemy_taverns(game):
    p = me(game)
    p.in_tavern, p.region = False, "wood"
    game.active_events = [["war", "until_replaced"]]
    assert K.ENTER_TAVERN not in kinds(game)


def test_tavern_action_once_a_turn_and_reveals_equipment(game):
    act(game, "tavern")
    assert "hill" in game.eq_revealed or game.tavern_eq["hill"] is None
    act(game, "end_visit")
    assert K.TAVERN not in kinds(game)


def test_sell_first_then_demand_swaps_and_glory(game):
    p = me(game)
    demanded = game.demand["hill"]
    other = next(g for g in game.rules.goods if g != demanded)
    p.goods = goods_of(game, demanded, 3) + goods_of(game, other, 1)
    gold = p.gold
    act(game, "tavern")
    for _ in range(3):
        act(game, "sell", demanded)
    act(game, "sell", other)
    s = game.rules.game.sell
    assert p.gold == gold + 3 * s.demanded_price + s.price
    act(game, "buy_goods")  # closes the sale: swap the marker, glory for 3 demanded
    assert p.glory == 1 and p.glory_src == {"sell": 1}
    assert K.SELL not in kinds(game)


def test_selling_is_only_first(game):
    p = me(game)
    p.goods = goods_of(game, "silk", 1)
    act(game, "tavern")
    act(game, "hear_rumor") if K.HEAR_RUMOR in kinds(game) else act(game, "buy_goods")
    while game.pending:
        act(game, legal_actions(game)[-1].kind)
    assert K.SELL not in kinds(game)


def test_buy_prices_by_copies_and_demand_redrawn(game):
    p = me(game)
    p.gold = 100
    act(game, "tavern")
    act(game, "buy_goods")
    offer = game.visit.offer
    assert len(offer) == game.rules.game.buy.draw
    assert all(game.rules.cards[c][0] != game.demand["hill"] for c in offer)
    table = game.rules.game.buy.prices
    for good, price in game.visit.prices.items():
        n = sum(1 for c in offer if game.rules.cards[c][0] == good)
        assert price == table[min(n, max(table))]
    good = game.rules.cards[offer[0]][0]
    act(game, "buy", good)
    assert p.gold == 100 - game.visit.prices[good] and len(p.goods) == 1
    act(game, "end_visit")
    assert game.visit is None and len(game.goods_discard) >= len(offer) - 1


def test_buying_here_again_next_turn_draws_fewer(game):
    p = me(game)
    p.last_buy = [p.turns - 1, "hill"]
    act(game, "tavern")
    act(game, "buy_goods")
    assert len(game.visit.offer) == game.rules.game.buy.repeat_draw


def test_cargo_limit_outside_taverns(game):
    p = me(game)
    p.goods = goods_of(game, "silk", p.party.cur["cargo"] + 1)
    assert K.LEAVE_TAVERN not in kinds(game)
    p.goods.pop()
    assert K.LEAVE_TAVERN in kinds(game)


def test_form_party_resale_and_large_glory(game):
    p = me(game)
    p.gold = 40
    p.party.equipment.append("boots")
    p.party.cur["defense"] -= 1
    p.party.cur["mercenaries"] = 1
    act(game, "tavern")
    act(game, "form_party", "large_war_band")
    cards = game.rules.c.parties
    resale = cards["small_war_band"].resale + 1 - 1
    assert p.gold == 40 - cards["large_war_band"].cost + resale
    assert p.party.kind == "large_war_band" and p.party.equipment == []
    # the new party starts with its full founding crew (seed 000)
    assert p.party.cur["mercenaries"] == p.party.top["mercenaries"] and p.glory == 1 \
        and p.large_formed
    assert "boots" in game.tavern_eq.values() or "boots" in game.eq_reserve


def test_wardens_cannot_be_bought(game):
    me(game).gold = 100
    act(game, "tavern")
    assert ("warden",) not in {a.args for a in legal_actions(game) if a.kind is K.FORM_PARTY}


def test_repair_costs_per_point(game):
    p = me(game)
    p.party.cur["defense"] = 1
    p.party.cur["attack"] = 1
    gold = p.gold
    act(game, "tavern")
    options = {a.args[0] for a in legal_actions(game) if a.kind is K.REPAIR}
    assert options == {1, 2}
    act(game, "repair", 2)
    assert p.gold == gold - 2 * game.rules.game.armory.repair
    assert p.party.cur["defense"] == p.party.top["defense"]


def test_equipment_from_this_tavern_once_per_kind(game):
    p = me(game)
    game.tavern_eq["hill"] = "orb_fire"
    attack = p.party.cur["attack"]
    act(game, "tavern")
    act(game, "buy_equipment")
    assert p.party.equipment == ["orb_fire"] and game.tavern_eq["hill"] is None
    assert p.party.cur["attack"] == attack + 1


def test_swap_only_at_nightshade(game):
    p = me(game)
    p.party.equipment = ["boots"]
    game.tavern_eq["hill"] = "bag"
    act(game, "tavern")
    assert K.SWAP_EQUIPMENT not in kinds(game)
    act(game, "end_visit")
    p.region, p.visited = "wood", False
    game.tavern_eq["wood"] = "bag"
    act(game, "tavern")
    act(game, "swap_equipment", "boots")
    assert p.party.equipment == ["bag"] and game.tavern_eq["wood"] == "boots"


def test_weapons_one_of_each(game):
    p = me(game)
    p.gold = 20
    act(game, "tavern")
    act(game, "buy_weapon", "hooks")
    assert ("hooks",) not in {a.args for a in legal_actions(game) if a.kind is K.BUY_WEAPON}
    assert p.weapons == ["hooks"] and p.gold == 20 - game.rules.game.armory.weapon_cost


def test_recruit_one_free_more_needs_leadership(game):
    p = me(game)
    p.party.cur["mercenaries"] = 0
    p.gold = 10
    act(game, "tavern")
    act(game, "recruit", 2)
    while game.pending:  # a failed check may be rerolled
        act(game, "accept")
    assert p.party.cur["mercenaries"] in (1, 2)
    assert p.gold == 10 - p.party.cur["mercenaries"] * game.rules.game.recruit.cost


def test_stash_only_at_home_and_counts_as_glory(game):
    from toolkit.games.caravans.engine.cards import total_glory
    p = me(game)
    p.gold = 25
    act(game, "tavern")
    # any amount (seed 000): each whole point and all the gold carried
    assert {a.args[0] for a in legal_actions(game) if a.kind is K.STASH} == {10, 20, 25}
    act(game, "stash", 25)
    assert p.stash == 25 and p.gold == 0 and p.deposits == 1 and total_glory(game, p.seat) == 2
    p.region = "vale"
    game.visit.region = "vale"
    game.visit.done = []
    assert K.STASH not in kinds(game)


def test_rumor_is_drawn_on_influence_then_investigated(game, monkeypatch):
    p = me(game)
    game.active_events = [["whispers", "round"]]  # no check this round
    act(game, "tavern")
    act(game, "hear_rumor")
    assert len(p.rumors) == 1
    rumor = p.rumors[0]
    region = game.rules.c.rumors[rumor].region
    act(game, "end_visit")
    p.region, p.in_tavern = region, False
    assert ("rumor", rumor) in {a.args for a in legal_actions(game) if a.kind is K.EXPLORE}


def test_missions_taken_at_their_tavern(game):
    p = me(game)
    game.missions_up = ["scout_glen"]
    game.mission_deck = [m for m in game.mission_deck if m != "scout_glen"]
    act(game, "tavern")
    assert ("scout_glen",) in {a.args for a in legal_actions(game) if a.kind is K.TAKE_MISSION}


def test_delivery_mission_completes_with_goods(game):
    p = me(game)
    p.missions = ["salt_run"]
    game.mission_deck.remove("salt_run") if "salt_run" in game.mission_deck else \
        game.missions_up.remove("salt_run")
    p.region, p.in_tavern = "wood", False
    p.goods = goods_of(game, "salt", 2)
    gold = p.gold
    act(game, "complete_mission", "salt_run")
    assert p.goods == [] and p.glory == 1 and p.gold == gold + 6
    assert "salt_run" in game.mission_discard


def test_free_move_out_of_a_tavern(game):
    p = me(game)
    p.hero = "cel"  # free_move 1 a turn
    p.region = "wood"
    act(game, "leave_tavern")
    assert p.actions == game.rules.game.actions_per_turn
    act(game, "enter_tavern")
    act(game, "leave_tavern")
    assert p.actions == game.rules.game.actions_per_turn - 2


def test_tolls_cost_gold_to_leave(game):
    p = me(game)
    game.active_events = [["tolls", "until_replaced"]]
    gold = p.gold
    act(game, "leave_tavern")
    assert p.gold == gold - 1


def test_followers_are_played_and_count_to_the_limit(game):
    p = me(game)
    p.hand = ["porter"]
    game.glory_deck.remove("porter")
    cargo = p.party.top["cargo"]
    act(game, "play_glory", "porter", "")
    assert p.followers == ["porter"] and p.party.top["cargo"] == min(5, cargo + 1)


def test_restore_a_used_amulet(game):
    p = me(game)
    p.party.equipment, p.party.flipped = ["amulet"], ["amulet"]
    gold = p.gold
    act(game, "tavern")
    act(game, "restore", "amulet")
    assert p.party.flipped == [] and p.gold == gold - 3


def test_sell_a_weapon_back(game):
    p = me(game)
    p.weapons = ["chain_net"]
    game.weapon_supply["chain_net"] -= 1
    gold = p.gold
    act(game, "tavern")
    act(game, "sell_weapon", "chain_net")
    assert p.weapons == [] and p.gold == gold + game.rules.game.armory.weapon_resale


def test_take_mission_on_influence(game):
    from .test_fights import SKULL_R, Scripted
    p = me(game)
    game.missions_up = ["scout_glen"]
    game.mission_deck = [m for m in game.mission_deck if m != "scout_glen"]
    game.rng["dice"] = Scripted([SKULL_R] * 5)
    act(game, "tavern")
    act(game, "take_mission", "scout_glen")
    assert p.missions == ["scout_glen"] and len(game.missions_up) == 1
    assert "scout_glen" not in game.missions_up


def test_play_a_trick_as_an_action(game):
    p = me(game)
    p.hand = ["haste"]
    game.glory_deck.remove("haste")
    actions = p.actions
    act(game, "play_glory", "haste", "")
    assert p.actions == actions + 1 and p.used == {"haste": 1}


def test_discard_goods_over_cargo_outside(game):
    p = me(game)
    p.in_tavern = False
    p.goods = goods_of(game, "ore", p.party.cur["cargo"] + 1)
    assert kinds(game) >= {K.DISCARD_GOODS} and K.END_TURN not in kinds(game)
    act(game, "discard_goods", "ore")
    assert K.END_TURN in kinds(game)


def test_raid_adjustments_spend_skulls(game):
    p = me(game)
    game.raid = {"player": p.seat, "cards": [game.goods_deck.pop()], "skulls": 3,
                 "token": game.explorers["hill"], "region": "hill"}
    game.explorers["hill"] = None
    game.pending.append({"kind": "raid", "player": p.seat})
    assert {a.kind for a in legal_actions(game)} == {K.RAID_DRAW, K.RAID_DISCARD, K.RAID_SWAP,
                                                     K.RAID_END}
    act(game, "raid_draw")
    assert len(game.raid["cards"]) == 2 and game.raid["skulls"] == 2
    first = game.raid["cards"][0]
    act(game, "raid_swap", first)
    assert first not in game.raid["cards"] and len(game.raid["cards"]) == 2
    act(game, "raid_discard", game.raid["cards"][0])
    assert game.raid is None and not game.pending  # the last skull ends the raid


def test_a_market_trick_draws_more_goods_at_this_visit(game):
    p = me(game)
    p.hand = ["market_day"]
    game.glory_deck.remove("market_day")
    act(game, "tavern")
    act(game, "play_glory", "market_day", "")
    act(game, "buy_goods")
    assert len(game.visit.offer) == game.rules.game.buy.draw + 2


def test_abandoned_equipment_goes_to_the_nearest_free_taverns(game):
    from toolkit.games.caravans.engine.death import place_equipment
    for tavern in game.tavern_eq:
        game.tavern_eq[tavern] = "bag"
    game.tavern_eq["vale"] = game.tavern_eq["glen"] = None
    place_equipment(game, ["boots"], near="hill")
    assert game.tavern_eq["vale"] == "boots" and game.tavern_eq["glen"] is None
    place_equipment(game, ["orb_fire", "scepter"], near="hill")
    assert game.tavern_eq["glen"] in ("orb_fire", "scepter") and len(game.eq_reserve) >= 1


def test_stash_amounts_stop_at_what_the_gold_buys(game):
    """A huge stash room (max_points) never makes legal_actions enumerate it: the amounts
    offered are those the carried gold pays for."""
    import dataclasses
    import time
    rules = game.rules
    stash = rules.game.stash.model_copy(update={"max_points": 10 ** 9})
    game.rules = dataclasses.replace(rules, game=rules.game.model_copy(update={"stash": stash}))
    p = me(game)
    p.gold = 25
    act(game, "tavern")
    start = time.perf_counter()
    amounts = [a.args[0] for a in legal_actions(game) if a.kind is K.STASH]
    assert amounts == [10, 20, 25] and time.perf_counter() - start < 0.5
