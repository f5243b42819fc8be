"""Every operation of the content registry has an engine handler, and no handler is a no-op."""

from __future__ import annotations

from toolkit.games.caravans.content.ops import OPS
from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.effects import HANDLERS, Ctx, fire, fire_events, run_event_op, use_trick
from toolkit.games.caravans.engine.party import refresh

from .conftest import quiet, started


def test_registry_matches_the_content_ops():
    assert set(HANDLERS) == set(OPS)
    for op, (hooks, fn) in HANDLERS.items():
        assert hooks and callable(fn), op


def _params(op, **kw):
    return OPS[op].params(**kw)


def _state(mini):
    state = quiet(started(mini, seed=3))
    state.active_events = []
    return state


def _ctx(state, hook, value, **extra):
    return Ctx(state, state.turn_seat, hook, value, extra)


def test_passive_modifier_handlers_change_their_value(mini):
    state = _state(mini)
    cases = [
        ("modify_stat", dict(stat="cargo", by=1), "party_max", {"cargo": 2}, {}, {"cargo": 3}),
        ("modify_hero_stat", dict(stat="combat", by=1), "hero_stat", 2, {"stat": "combat"}, 3),
        ("extra_die", dict(check="ranged", dice=1), "dice", 2, {"checks": ("ranged",)}, 3),
        ("buy_draw", dict(by=2), "buy_draw", 6, {}, 8),
        ("free_move", dict(per_turn=1), "free_moves", 0, {}, 1),
        ("enter_wanted_taverns", {}, "enter_wanted", False, {}, True),
        ("recruit_discount", dict(percent=50), "recruit_discount", 0, {}, 50),
        ("raid_bonus", dict(gold_per_card=1), "raid_bonus", 0, {}, 1),
        ("free_repair", dict(points=1), "free_repair", 0, {}, 1),
        ("combat_dice", dict(dice=2), "contest", 3, {}, 5),
        ("ignore_event", dict(event="storm"), "ignore", False, {"event": "storm"}, True),
        ("war", dict(races=["human", "elf"]), "war", False, {"races": ("elf", "human")}, True),
        ("market_boom", dict(good="silk", bonus=2), "sell_bonus", 0, {"good": "silk"}, 2),
        ("rumor_no_check", {}, "rumor_free", False, {}, True),
        ("treasure", dict(region="waste", multiplier=2), "treasure", 5, {"region": "waste"}, 10),
        ("tolls", dict(gold=1), "toll", 0, {}, 1),
    ]
    for op, params, hook, value, extra, expected in cases:
        hooks, fn = HANDLERS[op]
        assert hook in hooks, op
        ctx = _ctx(state, hook, value, **extra)
        fn(ctx, _params(op, **params))
        assert ctx.value == expected, op


def test_combat_handlers_act_on_the_opponent(mini):
    state = _state(mini)
    me, other = state.order[0], state.order[1]
    opp = state.players[other].party
    before = dict(opp.cur)
    state.rng["dice"].seed(1)
    for _ in range(20):  # the volley rolls attack dice; each skull is a hit
        HANDLERS["volley"][1](_ctx(state, "pre_ranged", None, opponent=f"p{other}"),
                              _params("volley"))
    assert sum(opp.cur.values()) < sum(before.values())
    opp.cur = dict(before)
    opp.cur["mercenaries"] = 2
    for _ in range(20):
        HANDLERS["pre_melee_strike"][1](_ctx(state, "pre_melee", None, opponent=f"p{other}"),
                                        _params("pre_melee_strike", dice=2))
    assert opp.cur["mercenaries"] < 2
    opp.cur = dict(before)
    state.players[me].party.equipment.append("orb_lightning")
    ctx = _ctx(state, "flee", None, opponent=f"p{other}", use=["orb_lightning"])
    ctx.where, ctx.source = "equipment", "orb_lightning"
    HANDLERS["flee_strike"][1](ctx, _params("flee_strike", hits=1))
    assert sum(opp.cur.values()) == sum(before.values()) - 1
    assert "orb_lightning" in state.players[me].party.flipped
    ctx = _ctx(state, "ranged_win", None, weapon="chain_net")
    ctx.source = "chain_net"
    HANDLERS["redirect_hits"][1](ctx, _params("redirect_hits", location="shield"))
    assert ctx.value == "shield"
    combat = {}
    ctx = _ctx(state, "melee_choice", 3, weapon="hooks", combat=combat)
    ctx.source = "hooks"
    HANDLERS["melee_boost"][1](ctx, _params("melee_boost", dice=1))
    assert ctx.value == 4 and combat["no_flee"] == me


def test_cancel_hit_flips_the_amulet_once(mini):
    state = _state(mini)
    seat = state.order[0]
    party = state.players[seat].party
    party.equipment.append("amulet")
    assert state.rules.effects["amulet"][0][0] == "cancel_hit"
    assert fire(state, seat, "cancel", 0) == 1
    assert "amulet" in party.flipped
    assert fire(state, seat, "cancel", 0) == 0


def test_trick_handlers(mini):
    state = _state(mini)
    seat = state.turn_seat
    player = state.players[seat]
    player.hand = ["haste", "purse", "rally", "second_try"]
    ops = {c: state.rules.effects[c][0][0] for c in player.hand + ["broker"]}
    assert ops == {"haste": "extra_action", "purse": "gain_gold", "rally": "free_recruit",
                   "second_try": "reroll_check", "broker": "sell_at_demand"}
    actions, gold = player.actions, player.gold
    use_trick(state, seat, "haste", "play")
    use_trick(state, seat, "purse", "play")
    assert player.actions == actions + 1 and player.gold == gold + 3
    player.party.cur["mercenaries"] = 0
    use_trick(state, seat, "rally", "play")
    assert player.party.cur["mercenaries"] == 2
    rolled = use_trick(state, seat, "second_try", "reroll", (), dice=4)
    assert len(rolled) == 4
    assert player.hand == [] and player.used["haste"] == 1
    assert {"haste", "purse", "rally", "second_try"} <= set(state.glory_discard)


def test_sell_at_demand_trick(mini):
    state = _state(mini)
    seat = state.turn_seat
    player = state.players[seat]
    silk = [i for i, c in enumerate(state.rules.cards) if c[0] == "silk"][:1]
    for c in silk:
        state.goods_deck.remove(c)
    player.goods = list(silk)
    player.hand = ["broker"]
    gold = player.gold
    use_trick(state, seat, "broker", "play", arg="silk")
    assert player.gold == gold + mini.game.sell.demanded_price and player.goods == []


def test_event_handlers_change_the_board(mini):
    state = _state(mini)
    run_event_op(state, "bandit_raid", "npc_enter", _params("npc_enter", npc="bandits"))
    assert state.npcs["bandits"].region == mini.npcs["bandits"].start
    seat = state.order[0]
    p = state.players[seat]
    p.region, p.in_tavern = "vale", False
    state.npcs["bandits"].region = "hill"
    run_event_op(state, "hunt", "move_npc", _params("move_npc", npc="bandits"))
    assert state.npcs["bandits"].region != "hill"
    state.npcs["bandits"].region = "waste"
    run_event_op(state, "march", "move_npc", _params("move_npc", npc="bandits", toward="glen"))
    assert state.npcs["bandits"].region == "glen"
    p.region = "waste"
    defense = p.party.cur["defense"] + p.party.cur["shield"] + p.party.cur["cargo"] \
        + p.party.cur["attack"] + p.party.cur["mercenaries"]
    if p.hero != "ada":  # Ada ignores storms
        run_event_op(state, "storm", "storm", _params("storm", regions=["waste"], hits=1))
        assert sum(p.party.cur[k] for k in ("defense", "shield", "cargo", "attack",
                                           "mercenaries")) == defense - 1
    old = state.demand["hill"]
    state.marker_pool = [g for g in state.marker_pool if g != old]  # force a change
    state.marker_pool.append("silk" if old != "silk" else "salt")
    run_event_op(state, "shift", "demand_shift", _params("demand_shift", tavern="hill"))
    assert state.demand["hill"] != old
    p.region = "wood"
    p.party.cur["mercenaries"] = 2
    if p.hero not in ():
        run_event_op(state, "plague", "plague", _params("plague", race="elf", mercenaries=1))
        assert p.party.cur["mercenaries"] == 1
    p.bounty = {"human": 2}
    run_event_op(state, "amnesty", "amnesty", _params("amnesty", remove=1))
    assert p.bounty["human"] == 1
    gold = [q.gold for q in state.players]
    run_event_op(state, "windfall", "gain_gold", _params("gain_gold", amount=2))
    assert [q.gold for q in state.players] == [g + 2 for g in gold]


def test_event_modifiers_last_while_active(mini):
    state = _state(mini)
    state.active_events = [["boom", "round"], ["tolls", "until_replaced"]]
    assert fire_events(state, "sell_bonus", 0, good="silk") == 2
    assert fire_events(state, "sell_bonus", 0, good="salt") == 0
    assert fire_events(state, "toll", 0) == 1
    state.active_events = []
    assert fire_events(state, "toll", 0) == 0


def test_followers_raise_stats_with_fill(mini):
    state = _state(mini)
    seat = state.turn_seat
    player = state.players[seat]
    cargo = player.party.cur["cargo"]
    player.followers.append("porter")
    refresh(state, seat, fill=("cargo",))
    assert player.party.cur["cargo"] == min(cargo + 1, mini.game.combat.stat_cap)


def test_every_handler_is_exercised_above():
    import inspect
    source = inspect.getsource(inspect.getmodule(test_every_handler_is_exercised_above))
    missing = [op for op in HANDLERS if f'"{op}"' not in source]
    assert not missing, missing
    assert effects.PLAYABLE <= set(HANDLERS)
