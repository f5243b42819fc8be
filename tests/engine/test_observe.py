"""Observation and determinize over states of random games: an observation shows nothing a
seat may not know, and a determinised state keeps all it shows and plays on to the end."""

from __future__ import annotations

import random

import pytest

from toolkit.games.caravans.engine import (apply_action, clone, current_player, determinize, is_terminal,
                            legal_actions, new_game, observation)
from toolkit.games.caravans.engine.state import to_dict

from . import invariants
from .conftest import quiet, started

DECKS = ("goods_deck", "glory_deck", "hero_deck", "event_deck", "mission_deck", "rumor_deck")


def random_states(catalog, seeds=(3, 8, 17), every=23):
    """(state, seat) pairs from random games: every setup state, then every `every` actions."""
    for seed in seeds:
        state = new_game(catalog, seed, 2 + seed % 3)
        rng = random.Random(seed)
        step = 0
        while not is_terminal(state):
            if state.phase == "setup" or step % every == 0:
                yield clone(state), rng.randrange(len(state.players))
            apply_action(state, rng.choice(legal_actions(state)))
            step += 1


def hide_differently(state, seat: int, rng: random.Random):
    """A copy of `state` differing only in what `seat` cannot see, changed by hand: hidden
    cards swapped with deck cards, deck orders, face-down tokens, stashes, streams."""
    other = clone(state)
    for deck, attr in (("goods_deck", "goods"), ("glory_deck", "hand"), ("rumor_deck", "rumors")):
        cards = getattr(other, deck)
        for player in other.players:
            held = getattr(player, attr)
            for i in range(len(held) if player.seat != seat else 0):
                if cards:
                    j = rng.randrange(len(cards))
                    held[i], cards[j] = cards[j], held[i]
    for deck in DECKS + ("eq_reserve", "marker_pool"):
        rng.shuffle(getattr(other, deck))
    hidden = [t for t, e in other.tavern_eq.items() if e and t not in other.eq_revealed]
    if hidden and other.eq_reserve:
        t = rng.choice(hidden)
        other.tavern_eq[t], other.eq_reserve[0] = other.eq_reserve[0], other.tavern_eq[t]
    for player in other.players:
        if player.seat != seat:  # carried gold into the stash: the split is secret
            moved = min(10, player.gold)
            player.gold -= moved
            player.stash += moved
    other.rng = {k: random.Random(rng.random()) for k in other.rng}
    return other


def same_view(a, b) -> None:
    x, y = to_dict(a), to_dict(b)
    assert [k for k in x if x[k] != y[k]] == []


def test_observation_shows_no_deck_contents_and_no_others_secrets(bundled):
    state = started(bundled, seed=4)
    seat, other = state.order[0], state.order[1]
    view = observation(state, seat)
    for deck in DECKS + ("eq_reserve",):
        assert getattr(view, deck) == [None] * len(getattr(state, deck))
    theirs, mine = view.players[other], view.players[seat]
    assert theirs.hand == [None] * len(state.players[other].hand) and theirs.stash == 0
    assert mine.hand == state.players[seat].hand
    assert view.rng == {}


def test_a_rivals_carried_gold_is_its_public_count_less_its_deposits(bundled):
    """Seed 000: gold gained and spent is public, gold held secret. A rival's gold shows as
    all it has (carried and stashed) less gold_per_point a deposit; the amounts of its
    deposits show as "?"; the seat's own gold is exact."""
    from toolkit.games.caravans.engine.actions import Action, ActionKind
    state = started(bundled, seed=4)
    seat, other = state.order[0], state.order[1]
    gpp = bundled.game.stash.gold_per_point
    rival = state.players[other]
    rival.gold, rival.stash, rival.deposits = 7, gpp + 5, 1   # deposited 17, shows 12
    state.players[seat].gold = 9
    state.history.append(Action(ActionKind.STASH, (gpp + 5,)))
    view = observation(state, seat)
    assert view.players[other].gold == 12 and view.players[other].stash == 0
    assert view.players[seat].gold == 9
    assert view.history[-1] == Action(ActionKind.STASH, ("?",))
    rival.deposits = 3  # more deposits than the gold seen: never below 0
    assert observation(state, seat).players[other].gold == 0
    moved = clone(state)  # the split between party and stash is not seen
    moved.players[other].gold, moved.players[other].stash = 0, gpp + 12
    same_view(observation(state, seat), observation(moved, seat))


def test_observation_ignores_hidden_information(bundled):
    rng = random.Random(1)
    count = 0
    for state, seat in random_states(bundled):
        variant = hide_differently(state, seat, rng)
        same_view(observation(state, seat), observation(variant, seat))
        count += to_dict(variant) != to_dict(state)
    assert count > 20  # the variants did differ from the truth


def test_setup_hides_the_others_heroes_and_parties(bundled):
    state = new_game(bundled, 5, 3)
    first, second = state.order[0], state.order[1]
    apply_action(state, legal_actions(state)[-1])  # the first seat chooses its party
    view = observation(state, second)
    shown = view.players[first]
    assert (shown.hero, shown.party, shown.start_party, shown.heroes) == ("?", None, None, ["?"])
    assert view.history[0].args == ("?",)
    assert observation(state, first).history[0] == state.history[0]


def test_determinize_keeps_all_the_seat_sees_and_conserves_every_component(bundled):
    from toolkit.games.caravans.engine.components import places, totals
    rng = random.Random(2)
    for state, seat in random_states(bundled, every=31):
        view = observation(state, seat)
        world = determinize(view, seat, random.Random(rng.random()))
        same_view(observation(world, seat), view)
        box, found = totals(world.rules), places(world)
        for family, copies in box.items():
            assert sorted(found[family]) == copies, family
        assert set(world.rng) == set(state.rng)


def test_determinized_observations_play_to_the_end(bundled):
    rng = random.Random(3)
    played = 0
    for state, seat in random_states(bundled, seeds=(5, 12), every=41):
        world = determinize(observation(state, seat), seat, random.Random(rng.random()))
        invariants.check(world)
        for _ in range(3000):
            if is_terminal(world):
                break
            apply_action(world, rng.choice(legal_actions(world)), validate=True)
        assert is_terminal(world)
        played += 1
    assert played > 10


def test_determinize_resamples_the_hidden_part(bundled):
    state = started(bundled, seed=9, players=3)
    seat, other = state.order[0], state.order[1]
    worlds = [determinize(state, seat, random.Random(i)) for i in range(12)]
    assert len({tuple(w.players[other].hand) for w in worlds}) > 1
    assert len({tuple(w.goods_deck) for w in worlds}) > 1
    assert all(w.players[seat].hand == state.players[seat].hand for w in worlds)
    gpp = bundled.game.stash.gold_per_point
    assert all(w.players[other].stash == state.players[other].deposits * gpp for w in worlds)


def test_determinize_in_setup_redeals_the_others_heroes_and_parties(bundled):
    state = new_game(bundled, 6, 3)
    first, last = state.order[0], state.order[2]
    apply_action(state, legal_actions(state)[0])
    worlds = [determinize(observation(state, last), last, random.Random(i)) for i in range(16)]
    assert len({w.players[first].hero for w in worlds}) > 1
    for w in worlds:
        assert w.players[last].hero == state.players[last].hero
        chosen = w.players[first]
        assert chosen.party is not None and chosen.start_party in bundled.game.starting.parties
        assert chosen.region == bundled.heroes[chosen.hero].home
        assert w.players[state.order[1]].party is None  # not chosen yet: nothing to draw
        while w.phase == "setup":
            apply_action(w, legal_actions(w)[0], validate=True)
        assert w.phase == "play"


@pytest.mark.parametrize("defender", ["player", "npc"])
def test_determinize_samples_a_hidden_combat_choice(mini, defender):
    from toolkit.games.caravans.engine.combat import choice_options, start
    state = quiet(started(mini, seed=2))
    a, b = state.order[0], state.order[1]
    if defender == "player":
        state.players[b].region = state.players[a].region
        state.players[a].in_tavern = state.players[b].in_tavern = False
        start(state, f"p{a}", f"p{b}")
        apply_action(state, legal_actions(state)[0])  # a's secret choice
        watcher, side = b, 0
    else:
        npc = next(iter(state.npcs))
        from toolkit.games.caravans.engine.party import new_party
        state.npcs[npc].party = new_party(state, mini.npcs[npc].party)
        state.npcs[npc].region = state.players[a].region
        state.players[a].in_tavern = False
        start(state, f"n:{npc}", f"p{a}")
        watcher, side = a, 0
    assert current_player(state) == watcher
    view = observation(state, watcher)
    assert view.combat["choices"][side] == "hidden"
    world = determinize(view, watcher, random.Random(4))
    chosen = world.combat["choices"][side]
    if defender == "player":
        assert tuple(chosen) in [tuple(o) for o in choice_options(world, a, side)]
    else:
        assert chosen == state.combat["choices"][side]
    apply_action(world, legal_actions(world)[0], validate=True)
