"""Combat, raids, delves, deaths and the end of the game on hand-built states."""

from __future__ import annotations

import pytest

from toolkit.games.caravans.engine import ActionKind as K, legal_actions, results
from toolkit.games.caravans.engine.cards import gain_glory
from toolkit.games.caravans.engine.combat import start
from toolkit.games.caravans.engine.death import kill
from toolkit.games.caravans.engine.flow import end_turn, start_round

from .conftest import act, kinds, quiet, started

SKULL_R, ONE_R, FOUR_R = 0.9, 0.0, 0.5  # random() values giving a skull, a 1 and a 4


class Scripted:
    """A dice stream that returns scripted values, then skulls/ones alternately."""

    def __init__(self, values):
        self.values = list(values)

    def random(self):
        return self.values.pop(0) if self.values else ONE_R


def beat_and_capture(state, a, b):
    """p{a} beats p{b} in melee with scripted dice and takes over the beaten party."""
    start(state, f"p{a}", f"p{b}")
    state.combat["round"] = 2
    state.rng["dice"] = Scripted([SKULL_R] * 3 + [ONE_R] * 3)
    act(state, "combat_choice", "melee", "", "")
    act(state, "combat_choice", "ranged", "", "")
    while state.pending and state.pending[-1]["kind"] != "capture":
        act(state, legal_actions(state)[0].kind, *legal_actions(state)[0].args)
    act(state, "capture", True)


@pytest.fixture
def duel(mini):
    state = quiet(started(mini, seed=4, players=2))
    a, b = state.order
    for seat in (a, b):
        p = state.players[seat]
        p.region, p.in_tavern = "waste", False
        state.glory_deck.extend(p.hand + p.followers)  # no tricks unless a test deals them
        p.hand, p.followers = [], []
    state.active_events = []
    return state, a, b


def test_attacking_a_non_brigand_gives_bounty_and_a_choice_to_the_defender(duel):
    state, a, b = duel
    race = state.rules.c.heroes[state.players[b].hero].race
    start(state, f"p{a}", f"p{b}")
    assert state.players[a].bounty == {race: 1}
    assert {x.args[0] for x in legal_actions(state)} == {"ranged"}  # round 1: ranged only
    act(state, "combat_choice", "ranged", "", "")
    assert state.pending[-1]["player"] == b


def test_ranged_winner_hits_with_attack_and_loser_hits_per_skull(duel):
    state, a, b = duel
    pa, pb = state.players[a].party, state.players[b].party
    state.players[a].hero = state.players[b].hero = "finn"  # combat 2, no combat abilities
    # contest: a rolls skull, skull; b rolls skull, 1; then hit locations: all 4 (shield)
    state.rng["dice"] = Scripted([SKULL_R, SKULL_R, SKULL_R, ONE_R] + [FOUR_R] * 10)
    start(state, f"p{a}", f"p{b}")
    act(state, "combat_choice", "ranged", "", "")
    act(state, "combat_choice", "ranged", "", "")
    assert pb.cur["shield"] == pb.top["shield"] - min(pa.cur["attack"], pb.top["shield"])
    assert pa.cur["shield"] == pa.top["shield"] - 1  # one skull back, up to b's attack
    assert state.combat["round"] == 2


def test_shield_zero_forces_ranged_and_one_die(duel):
    state, a, b = duel
    state.players[b].party.cur["shield"] = 0
    start(state, f"p{a}", f"p{b}")
    state.combat["round"] = 2
    act(state, "combat_choice", "ranged", "", "")
    assert {x.args[0] for x in legal_actions(state)} == {"ranged"}


def test_no_mercenaries_no_melee_and_losing_a_melee_choice_kills(duel):
    state, a, b = duel
    state.players[b].party.cur["mercenaries"] = 0
    start(state, f"p{a}", f"p{b}")
    state.combat["round"] = 2
    state.rng["dice"] = Scripted([SKULL_R] * 3 + [ONE_R] * 3)
    act(state, "combat_choice", "melee", "", "")
    assert "melee" not in {x.args[0] for x in legal_actions(state)}
    hero_b = state.players[b].hero
    gold_b = state.players[b].gold
    gold_a = state.players[a].gold
    act(state, "combat_choice", "ranged", "", "")
    assert hero_b in state.hero_discard and state.players[b].deaths == 1
    assert state.players[a].glory == 1 and state.players[a].gold >= gold_a + gold_b
    assert state.pending[-1]["kind"] in ("capture", "discard_glory", "choose_party")


def test_capture_takes_the_beaten_party(duel):
    state, a, b = duel
    state.players[b].party.cur["mercenaries"] = 0
    state.players[b].party.equipment = ["boots"]
    beat_and_capture(state, a, b)
    assert state.players[a].party.equipment == ["boots"]


def test_flee_escapes_only_if_the_other_rolled_no_skull(duel):
    state, a, b = duel
    start(state, f"p{a}", f"p{b}")
    state.combat["round"] = 2
    state.players[a].hero = state.players[b].hero = "finn"
    state.rng["dice"] = Scripted([SKULL_R, ONE_R, ONE_R, ONE_R])
    act(state, "combat_choice", "flee", "", "")
    act(state, "combat_choice", "ranged", "", "")
    assert state.combat is None  # a fled cleanly


def test_npc_attacks_at_the_start_of_the_turn_outside_taverns(duel):
    from toolkit.games.caravans.engine.npc import enter
    state, a, b = duel
    enter(state, "bandits", "waste")
    end_turn(state)  # b's turn starts in the waste: the bandits hunt non-brigands
    assert state.combat is not None and state.combat["sides"] == ["n:bandits", f"p{b}"]


def test_npc_attacks_on_entering_its_region(duel):
    from toolkit.games.caravans.engine.npc import enter
    state, a, b = duel
    pa = state.players[a]
    pa.region = "hill"
    enter(state, "bandits", "waste")
    act(state, "move", "waste")
    assert state.combat is not None and state.combat["sides"][0] == "n:bandits"


def test_patrols_hunt_their_races_brigands_first(duel):
    from toolkit.games.caravans.engine.npc import enter, move
    state, a, b = duel
    enter(state, "patrol_elf", "fen")
    state.players[a].region, state.players[a].bounty = "hill", {"elf": 1}
    state.players[b].region, state.players[b].bounty = "wood", {"human": 1}
    move(state, "patrol_elf")
    assert state.npcs["patrol_elf"].region == "glen"  # toward hill through the waste


def test_defeating_a_brigand_pays_per_marker_of_races_not_wanting_you(duel):
    from toolkit.games.caravans.engine.cards import bounty_reward
    state, a, b = duel
    state.players[b].bounty = {"human": 2, "elf": 1}
    state.players[a].bounty = {"elf": 1}
    assert bounty_reward(state, a, state.players[b]) == 2 * state.rules.game.bounty.brigand_reward


def test_raid_sums_icons_and_ambushes_hit(duel):
    state, a, b = duel
    p = state.players[a]
    p.region = "hill"
    token = state.explorers["hill"]
    # perception, the agility roll that holds the explorer, then the raid dice
    state.rng["dice"] = Scripted([SKULL_R, SKULL_R, SKULL_R, ONE_R, ONE_R, ONE_R])
    act(state, "explore", "explorer", token)
    act(state, "raid", "human")
    assert p.bounty == {"human": 1}
    if state.pending and state.pending[-1]["kind"] == "raid":
        act(state, "raid_end")
    assert token in state.explorer_track and state.explorers["hill"] is None
    assert state.raid is None


def test_explorer_escapes_a_failed_agility_roll(duel):
    """Seed 000: agility keeps the explorer from escaping. No skull on the party's agility
    dice: no loot, the token stays, the bounty is taken all the same."""
    from toolkit.games.caravans.engine.checks import dice_for
    from toolkit.games.caravans.engine.raid import raid_agility
    state, a, b = duel
    p = state.players[a]
    p.region = "hill"
    token = state.explorers["hill"]
    n, seen = raid_agility(state, a), dice_for(state, a, "perception")
    assert n >= 1
    state.rng["dice"] = Scripted([SKULL_R] * seen + [ONE_R] * (n + 6))
    act(state, "explore", "explorer", token)
    gold = p.gold
    act(state, "raid", "human")
    assert p.bounty == {"human": 1} and p.gold == gold and state.explorers["hill"] == token
    assert state.raid is None and not state.pending
    assert ("escape", a, state.rules.explorers[token][0]) in state.log


def test_raid_value_rules(duel):
    from toolkit.games.caravans.engine.raid import raid_value
    from toolkit.games.caravans.engine.rules import AMBUSH
    state, a, b = duel
    cards = state.rules.cards
    gold = [i for i, c in enumerate(cards) if c[1] not in (AMBUSH, 0)][:3]
    ambush = [i for i, c in enumerate(cards) if c[1] == AMBUSH][:2]
    state.players[a].hero = "finn"
    assert raid_value(state, a, gold, "hill") == (sum(cards[i][1] for i in gold), 0)
    assert raid_value(state, a, gold[:1] + ambush, "hill") == (0, 2)
    state.active_events = [["treasure", "round"]]
    assert raid_value(state, a, gold, "waste")[0] == 2 * sum(cards[i][1] for i in gold)


def test_delve_pays_per_skull_or_costs_a_mercenary(duel):
    state, a, b = duel
    p = state.players[a]
    p.region = "hill"
    token = state.explorers["hill"]
    state.rng["dice"] = Scripted([SKULL_R] + [ONE_R] * 10)
    mercs = p.party.cur["mercenaries"]
    act(state, "explore", "explorer", token)
    act(state, "delve")
    assert p.party.cur["mercenaries"] == mercs - 1 and state.explorers["hill"] == token


def test_death_keeps_glory_and_stash_and_tops_up_gold(duel):
    state, a, b = duel
    p = state.players[a]
    p.glory, p.stash, p.gold, p.bounty = 3, 7, 4, {"elf": 2}
    old = p.hero
    kill(state, a, "test")
    assert p.hero != old and old in state.hero_discard and p.bounty == {} and p.gold == 0
    act(state, "choose_party", "small_caravan")
    assert p.glory == 3 and p.gold == state.rules.game.death.top_up_gold and p.stash == 0
    assert p.in_tavern and p.region == state.rules.c.heroes[p.hero].home


def test_no_hero_left_ends_the_game(duel):
    state, a, b = duel
    state.hero_deck.clear()
    kill(state, a, "test")
    assert state.phase == "over" and state.end_reason == "heroes_exhausted"


def test_no_event_left_ends_the_game(duel):
    state, a, b = duel
    state.event_deck.clear()
    start_round(state)
    assert state.end_reason == "events_exhausted"


def test_victory_is_announced_and_the_round_finished(duel):
    state, a, b = duel
    state.players[a].glory = state.rules.game.glory_to_win - 1
    gain_glory(state, a, "defeat")
    state.pending.clear()
    assert state.announced == a and state.phase == "play"
    while state.phase == "play":
        end_turn(state)
    assert state.end_reason == "glory" and results(state)[a] == 1.0


def test_ties_go_to_track_glory_then_stash_gold(duel):
    state, a, b = duel
    pa, pb = state.players[a], state.players[b]
    gpp = state.rules.game.stash.gold_per_point
    pa.glory, pa.stash = 8, 2 * gpp
    pb.glory, pb.stash = 9, gpp
    state.phase = "over"
    assert results(state)[b] == 1.0
    pb.glory, pb.stash = 8, 2 * gpp + 5
    assert results(state)[b] == 1.0
    pb.stash = 2 * gpp
    assert results(state) == [0.5, 0.5]


def test_glory_hand_limit_asks_for_a_discard(duel):
    state, a, b = duel
    p = state.players[a]
    p.hand = state.glory_deck[:4]
    del state.glory_deck[:4]
    gain_glory(state, a, "rumor")
    assert state.pending[-1] == {"kind": "discard_glory", "player": a}
    act(state, "discard_glory", p.hand[0])
    assert len(p.hand) == 4


def test_a_failed_check_may_be_rerolled_with_a_trick(duel):
    state, a, b = duel
    p = state.players[a]
    p.hand, p.hero = ["second_try"], "finn"  # perception 2
    state.glory_deck.remove("second_try")
    p.region = "hill"
    state.rng["dice"] = Scripted([ONE_R] * 2 + [SKULL_R])
    act(state, "explore", "explorer", state.explorers["hill"])
    assert kinds(state) == {K.REROLL, K.ACCEPT}
    act(state, "reroll", "second_try")
    assert state.pending[-1]["kind"] == "explorer" and "second_try" in state.glory_discard


def test_fleeing_from_an_npc(duel):
    from toolkit.games.caravans.engine.npc import enter
    state, a, b = duel
    enter(state, "bandits", "waste")
    state.players[a].hero = "finn"
    start(state, "n:bandits", f"p{a}")
    state.combat["round"] = 2
    state.rng["dice"] = Scripted([ONE_R, ONE_R, SKULL_R, ONE_R])  # bandits 1 1, a ☠ 1
    act(state, "combat_choice", "flee", "", "")
    assert state.combat is None and state.players[a].hero == "finn"
