"""The heuristic styles play the whole game (issue #12): they fear hunters that can reach
them next round, use Market Contacts, the amulet's restore and weapon sales when they pay,
and keep working gold instead of stashing it all. Each test builds a position by hand
(the rulings' scenario setups) and asks a style what it would do there."""

from __future__ import annotations

import random

import pytest

from toolkit.games.caravans import GAME, engine
from toolkit.games.caravans.agents.heuristic import HeuristicAgent
from toolkit.games.caravans.agents.styles import load_styles
from toolkit.games.caravans.agents.view import View, npc_moves
from toolkit.games.caravans.engine.actions import ActionKind as K

HOME = "greymarch"  # aldric_vane's home tavern; saltmere and thornfield are next to it
FAR = "howling_steppe"  # six moves from greymarch: a rival there threatens nobody near it


def position(catalog, seat0: dict, **setup):
    """A two-player scenario with seat 0 to act, described by `seat0` and `setup`."""
    seats = [dict({"hero": "aldric_vane", "party": "small_caravan"}, **seat0),
             {"hero": "maren_saltwind", "party": "small_caravan",
              "at": {"region": FAR, "tavern": True}}]
    base = {"seats": seats, "current": 0, "actions_left": 3, "npcs": {}}
    return GAME.scenario(catalog, dict(base, **setup), 7)


def agent(catalog, style: str = "trader") -> HeuristicAgent:
    return HeuristicAgent(catalog, 0, random.Random(1), load_styles()[style])


def scores(catalog, state, style: str = "trader") -> dict:
    """Score of each legal action (before jitter), by action."""
    legal = engine.legal_actions(state)
    values = agent(catalog, style).scores(engine.observation(state, 0), legal)
    return dict(zip(legal, values))


def choice(catalog, state, style: str = "trader"):
    legal = engine.legal_actions(state)
    return agent(catalog, style).choose(engine.observation(state, 0), legal)


def visit(state):
    """Open the tavern action of the seat standing in its tavern."""
    action = next(a for a in engine.legal_actions(state) if a.kind is K.TAVERN)
    return engine.apply_action(state, action)


def of_kind(found: dict, kind, *args) -> float:
    return next(v for a, v in found.items() if a.kind is kind and (not args or a.args == args))


# --- threat look-ahead -------------------------------------------------------------------
def test_a_brigand_band_next_door_is_a_threat(catalog):
    """The band in thornfield may walk into greymarch with the next event: standing in the
    open at greymarch is dangerous, a region two steps away from it is not."""
    state = position(catalog, {"at": {"region": HOME}}, npcs={"black_banner": "thornfield"})
    view = View(engine.observation(state, 0), 0, load_styles()["trader"])
    assert npc_moves(view.rules)["black_banner"] > 0
    assert view.threat(HOME) > 0.1
    assert view.threat("silverwood") == 0.0
    calm = position(catalog, {"at": {"region": HOME}})
    assert View(engine.observation(calm, 0), 0, load_styles()["trader"]).threat(HOME) == 0.0


def test_the_agent_does_not_end_its_turn_beside_a_band_that_will_move_in(catalog):
    """One action left in the open at greymarch: with the band next door the trader takes
    cover in the tavern; with no band near it has no reason to prefer the tavern so much."""
    setup = {"at": {"region": HOME}}
    near = position(catalog, setup, npcs={"black_banner": "thornfield"}, actions_left=1)
    far = position(catalog, setup, actions_left=1)
    hide_near = of_kind(scores(catalog, near), K.ENTER_TAVERN)
    hide_far = of_kind(scores(catalog, far), K.ENTER_TAVERN)
    assert hide_near > hide_far + 1.0
    assert choice(catalog, near).kind is K.ENTER_TAVERN


def test_a_stronger_rival_within_reach_is_a_threat(catalog):
    """A large war band two moves away could arrive and still explore next turn."""
    setup = {"seats": [{"hero": "aldric_vane", "party": "small_caravan",
                        "at": {"region": HOME}},
                       {"hero": "maren_saltwind", "party": "large_war_band",
                        "at": {"region": "kingsford"}}],
             "current": 0, "actions_left": 3, "npcs": {}}
    state = GAME.scenario(catalog, setup, 7)
    view = View(engine.observation(state, 0), 0, load_styles()["trader"])
    assert view.threat(HOME) > 0.0
    assert view.threat(FAR) == 0.0


# --- cards and services ------------------------------------------------------------------
def test_the_trader_plays_market_contacts_before_buying(catalog):
    state = visit(position(catalog, {"gold": 20, "glory_cards": ["market_contacts"]}))
    action = choice(catalog, state)
    assert action.kind is K.PLAY_GLORY and action.args[0] == "market_contacts"


def test_market_contacts_waits_when_there_is_no_room(catalog):
    """A full caravan buys nothing, so the card is kept."""
    goods = ["spices", "spices", "spices"]
    state = visit(position(catalog, {"gold": 20, "glory_cards": ["market_contacts"],
                                     "goods": goods, "stats": {"cargo": 3}}))
    found = scores(catalog, state)
    assert of_kind(found, K.PLAY_GLORY, "market_contacts", "") < 0


def test_a_used_amulet_is_restored_when_gold_allows(catalog):
    seat = {"gold": 12, "equipment": ["amulet_of_life"]}
    state = position(catalog, seat)
    state.players[0].party.flipped.append("amulet_of_life")
    state = visit(state)
    assert of_kind(scores(catalog, state), K.RESTORE) > 0
    poor = position(catalog, dict(seat, gold=3))
    poor.players[0].party.flipped.append("amulet_of_life")
    poor_scores = scores(catalog, visit(poor))
    assert all(a.kind is not K.RESTORE or v < 0 for a, v in poor_scores.items())


def _amulet_hit(catalog, defense: int, face: str, goods=()):
    """Maren (seat 1, amulet face up, small caravan: face 1 hits cargo, 3 attack) asked
    BLOCK_HIT on the first of Aldric's hits."""
    stats = {"defense": defense, "shield": 2}
    setup = {"dice": ["skull", "1", "skull", "skull", "1", "1", "1", face, "4"], "seats": [
        {"hero": "aldric_vane", "party": "small_war_band", "at": {"region": HOME}},
        {"hero": "maren_saltwind", "party": "small_caravan", "at": {"region": HOME},
         "equipment": ["amulet_of_life"], "stats": stats, "goods": list(goods)}]}
    state = GAME.scenario(catalog, setup, 0)
    for kind, args in ((K.EXPLORE, ("player", 1)), (K.ATTACK, ()),
                       (K.COMBAT_CHOICE, ("ranged", "", "")), (K.COMBAT_CHOICE, ("ranged", "", ""))):
        state = engine.apply_action(state, engine.Action(kind, args), validate=True)
    assert state.pending[-1]["kind"] == "block_hit"
    return state


def test_the_amulet_is_kept_for_a_hit_that_costs_more_than_its_restore(catalog):
    """A cargo hit with no goods carried costs a repair point, less than the amulet's
    restore price: taken. An attack hit weakens the fight, a cargo hit loses a card, a hit
    on the last defense point destroys the party: blocked."""
    agent = HeuristicAgent(catalog, 1, random.Random(1), load_styles()["trader"])

    def flips(state) -> bool:
        assert state.pending[-1]["where"] in ("cargo", "attack")
        legal = engine.legal_actions(state)
        found = dict(zip(legal, agent.scores(engine.observation(state, 1), legal)))
        return of_kind(found, K.BLOCK_HIT, "amulet_of_life", True) > \
            of_kind(found, K.BLOCK_HIT, "amulet_of_life", False)
    assert not flips(_amulet_hit(catalog, 2, "1"))
    assert flips(_amulet_hit(catalog, 2, "1", goods=["silk"]))
    assert flips(_amulet_hit(catalog, 2, "3"))
    last = _amulet_hit(catalog, 1, "1")
    last.players[1].party.cur["cargo"] = 0  # the cargo hit goes to defense: lethal
    assert flips(last)


def test_a_weapon_is_sold_when_its_gold_completes_a_stash_point(catalog):
    """At home with 17 gold (6 kept back, so 11 to stash), one more gold buys a stash point
    (12 gold); with 14 gold it would not, and a war band keeps its weapon."""
    seat = {"gold": 17, "weapons": ["chain_net"], "party": "small_war_band"}
    found = scores(catalog, visit(position(catalog, seat)), "balanced")
    assert of_kind(found, K.SELL_WEAPON) > 0
    found = scores(catalog, visit(position(catalog, dict(seat, gold=14))), "balanced")
    assert of_kind(found, K.SELL_WEAPON) < 0


# --- working capital ---------------------------------------------------------------------
@pytest.mark.parametrize("style", ["trader", "balanced", "adventurer", "raider"])
def test_no_style_stashes_its_starting_gold(catalog, style):
    """Exactly one stash point of gold at home in round 1: stashing it would leave nothing
    to trade with (the stash must be on offer, or the test would prove nothing)."""
    point = catalog.game.stash.gold_per_point
    found = scores(catalog, visit(position(catalog, {"gold": point})), style)
    stashes = [v for a, v in found.items() if a.kind is K.STASH]
    assert stashes and all(v < 0 for v in stashes)


def test_the_trader_stashes_what_it_can_spare(catalog):
    """With 26 gold a point (12 gold) is stashed and the working gold kept."""
    found = scores(catalog, visit(position(catalog, {"gold": 26})))
    assert of_kind(found, K.STASH, 12) > 0
    assert of_kind(found, K.STASH, 12) > of_kind(found, K.STASH, 24)


def test_the_winning_deposit_is_made_even_with_all_the_gold(catalog):
    found = scores(catalog, visit(position(catalog, {"gold": 12, "glory": 6})))
    assert of_kind(found, K.STASH, 12) > 0


# --- capture and the death redraw ------------------------------------------------------
def _offer(state, kind: str, cur: dict, equipment: list) -> None:
    """Put a beaten party up for capture by seat 0 (as melee.py does after a melee)."""
    party = state.players[0].party
    top = dict(state.rules.bases[kind])
    state.pending.append({"kind": "capture", "player": 0, "party": {
        "kind": kind, "top": top, "cur": dict(top, **cur), "equipment": equipment,
        "flipped": []}})
    assert party is not None


def test_capture_counts_the_gear_that_comes_and_goes(catalog):
    """A whole war band with two tokens is worth taking over a battered one; giving up
    three tokens of one's own for a battered band without gear is not."""
    mine = {"party": "small_war_band", "stats": {"defense": 1, "attack": 1}}
    state = position(catalog, mine)
    _offer(state, "small_war_band", {}, ["orb_of_fire", "boots_of_agility"])
    assert choice(catalog, state, "raider").args == (True,)
    geared = dict(mine, stats={}, equipment=["orb_of_fire", "boots_of_agility", "bag_of_holding"])
    state = position(catalog, geared)
    _offer(state, "small_war_band", {"defense": 1, "attack": 1}, [])
    assert choice(catalog, state, "raider").args == (False,)


def test_a_hero_that_suits_the_style_is_kept_despite_a_weak_band(catalog):
    """After a death with the Black Banner at the new home the raider keeps Corwin (combat 3,
    leadership 4) and redraws Aldric (influence 4, combat 2)."""
    def kept(hero: str, home: str) -> bool:
        state = position(catalog, {"hero": hero, "at": {"region": home, "tavern": True}},
                         npcs={"black_banner": home})
        state.pending.append({"kind": "redraw", "player": 0})
        return choice(catalog, state, "raider").kind is K.KEEP_HERO
    assert kept("corwin_ashdown", "thornfield")
    assert not kept("aldric_vane", HOME)
