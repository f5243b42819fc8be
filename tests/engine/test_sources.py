"""Operations work from every source the registry allows: a hero ability or equipment is
always on, a special weapon only when declared; ignore_event covers wars."""

from __future__ import annotations

from toolkit.games.caravans.content.ops import OPS
from toolkit.games.caravans.engine import ActionKind as K
from toolkit.games.caravans.engine.combat import start
from toolkit.games.caravans.engine.effects import fire

from .conftest import act, kinds, quiet, started, with_effects
from .test_fights import ONE_R, SKULL_R, Scripted, duel  # noqa: F401  (fixture)
from .test_turn import game, me  # noqa: F401  (fixture)


def test_vrok_grinblades_melee_boost_is_always_on(bundled):
    state = quiet(started(bundled, seed=1, players=2))
    seat = state.turn_seat
    state.players[seat].hero = "vrok_grinblade"
    combat = {"no_flee": None}
    assert fire(state, seat, "melee_choice", 2, weapon="", combat=combat) == 3
    assert combat["no_flee"] == seat


def _melee_round(state, a, b, b_mode):
    """Round 2 of a fight a vs b: a chooses melee without a weapon; the contest's rolls."""
    start(state, f"p{a}", f"p{b}")
    state.combat["round"] = 2
    state.rng["dice"] = Scripted([ONE_R] * 40)
    mark = len(state.log)
    act(state, "combat_choice", "melee", "", "")
    act(state, "combat_choice", b_mode, "", "")
    found = {}
    for entry in state.log[mark:]:
        if entry[0] == "roll":
            found.setdefault(entry[1], entry)  # the contest's roll, not melee's after it
    return found


def _duel(mini):
    state = quiet(started(mini, seed=4, players=2))
    a, b = state.order
    for seat in (a, b):
        p = state.players[seat]
        p.hero, p.region, p.in_tavern = "finn", "waste", False  # combat 2, no combat ability
        state.glory_deck.extend(p.hand + p.followers)
        p.hand, p.followers = [], []
    state.active_events = []
    return state, a, b


def test_hero_melee_boost_adds_a_die_and_stops_flight(mini):
    rolls = []
    for boost in (False, True):
        state, a, b = _duel(mini)
        if boost:
            with_effects(state, finn=[("melee_boost", {"dice": 1})])
            state.players[b].hero = "eve"  # only a's hero has the boost
        rolls.append((_melee_round(state, a, b, "flee"), a, b))
    (plain, a, b), (boosted, _, _) = rolls
    assert len(plain[f"p{a}"][3]) == 2 and len(boosted[f"p{a}"][3]) == 3
    assert plain[f"p{b}"][2] == "flee" and boosted[f"p{b}"][2] == "ranged"


def test_equipment_redirect_hits_is_passive_a_weapon_only_when_declared(duel):
    state, a, b = duel
    with_effects(state, boots=[("redirect_hits", {"location": "cargo"})])
    assert fire(state, a, "ranged_win", None, weapon="") is None
    state.players[a].party.equipment.append("boots")
    assert fire(state, a, "ranged_win", None, weapon="") == "cargo"
    state.players[b].weapons.append("chain_net")
    assert fire(state, b, "ranged_win", None, weapon="") is None
    assert fire(state, b, "ranged_win", None, weapon="chain_net") == "shield"


def test_equipment_redirect_lands_every_hit_on_its_track(duel):
    state, a, b = duel
    for p in state.players:
        p.hero = "finn"
    with_effects(state, boots=[("redirect_hits", {"location": "mercenaries"})])
    state.players[a].party.equipment.append("boots")
    pb = state.players[b].party
    pb.cur["mercenaries"] = pb.top["mercenaries"] = 2
    state.players[a].party.cur["attack"] = 2
    # a: skull skull, b: 1 1 -> a wins the ranged round, no skull back
    state.rng["dice"] = Scripted([SKULL_R, SKULL_R, ONE_R, ONE_R] + [ONE_R] * 10)
    start(state, f"p{a}", f"p{b}")
    act(state, "combat_choice", "ranged", "", "")
    act(state, "combat_choice", "ranged", "", "")
    assert pb.cur["mercenaries"] == 0 and pb.cur["cargo"] == pb.top["cargo"]


def test_a_hero_ignoring_wars_may_enter_the_enemy_taverns(game):
    p = me(game)
    p.in_tavern, p.region = False, "wood"
    game.active_events = [["war", "until_replaced"]]
    assert K.ENTER_TAVERN not in kinds(game)
    with_effects(game, ada=[("ignore_event", {"event": "war"})])
    assert K.ENTER_TAVERN in kinds(game)


def test_no_operation_is_allowed_on_a_kind_without_effects():
    from toolkit.games.caravans.content.kinds import KINDS as BUILTIN_KINDS
    for op, spec in OPS.items():
        for kind in spec.kinds:
            fields = BUILTIN_KINDS[kind].model_fields
            assert "effects" in fields or "abilities" in fields, (op, kind)
    assert "npc" not in OPS["modify_stat"].kinds | OPS["extra_die"].kinds
