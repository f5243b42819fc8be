"""Event durations, the round count, cargo outside taverns, logged gains, the goods deck
and the observer hook of effect firings."""

from __future__ import annotations

from dataclasses import replace

from toolkit.games.caravans.engine import ActionKind as K, game_record, legal_actions
from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.flow import resolve_event, start_round
from toolkit.games.caravans.engine.rules import rules_for

from .conftest import act, quiet, started
from .test_conformance import play_random
from .test_fights import beat_and_capture, duel  # noqa: F401  (fixture)
from .test_turn import game, goods_of, me  # noqa: F401  (fixture)


def _active(state):
    return [e[0] for e in state.active_events]


def test_an_instant_event_acts_once_and_does_not_stay(mini):
    state = quiet(started(mini, seed=3))
    state.active_events = []
    resolve_event(state, "storm")  # instant (the default)
    assert _active(state) == []
    resolve_event(state, "boom")   # round
    assert state.active_events == [["boom", "round"]]


def test_until_replaced_lasts_until_an_event_of_its_kind(mini):
    state = quiet(started(mini, seed=3))
    state.active_events = []
    resolve_event(state, "war")
    resolve_event(state, "tolls")  # another kind of effect: the war stays
    assert _active(state) == ["war", "tolls"]
    state.event_deck.append("festival")
    start_round(state)  # round events expire, until_replaced ones stay
    assert _active(state) == ["war", "tolls", "festival"]
    state.event_deck.append("boom")
    quiet(state)
    state.in_turn = False
    start_round(state)
    assert _active(state) == ["war", "tolls", "boom"]
    resolve_event(state, "war")  # the same kind replaces the old one
    assert _active(state) == ["tolls", "boom", "war"]


def test_rounds_count_the_rounds_played(mini):
    state = quiet(started(mini, seed=3))
    played = state.round
    state.event_deck = []
    start_round(state)
    assert state.end_reason == "events_exhausted" and state.round == played
    for seed in range(6):
        state = play_random(mini, seed, check=False)
        record = game_record(state)
        assert record["rounds"] == len(state.event_discard) <= len(state.rules.events)
        assert all(len(g) == record["rounds"] for g in record["gold_by_round"])


def test_capturing_a_smaller_party_discards_the_excess_at_once(duel):
    state, a, b = duel
    me_, loser = state.players[a], state.players[b]
    kept, dropped = goods_of(state, "silk", 1), goods_of(state, "salt", 1)
    me_.goods = dropped + kept  # the demanded silk is worth more: the salt goes
    state.demand = {t: "silk" for t in state.demand}
    loser.party.cur["mercenaries"] = 0
    loser.party.cur["cargo"] = 1
    beat_and_capture(state, a, b)
    assert me_.party.cur["cargo"] == 1 and me_.goods == kept
    assert ("discard", a, "salt") in state.log
    assert dropped[0] in state.goods_discard


def test_goods_over_cargo_inside_a_tavern_wait_for_leaving(game):
    p = me(game)
    p.goods = goods_of(game, "wine", p.party.cur["cargo"] + 1)
    act(game, "tavern")
    assert len(p.goods) == p.party.cur["cargo"] + 1
    act(game, "end_visit")
    assert K.LEAVE_TAVERN not in {a.kind for a in legal_actions(game)}


def test_selling_a_weapon_logs_the_gold(game):
    p = me(game)
    p.weapons = ["chain_net"]
    game.weapon_supply["chain_net"] -= 1
    act(game, "tavern")
    act(game, "sell_weapon", "chain_net")
    resale = game.rules.game.armory.weapon_resale
    assert game.log[-1] == ("gold", game.turn_seat, resale, "weapon_sale")


def test_goods_cards_are_the_raid_lists_whatever_copies_says(mini):
    from toolkit.content.catalog import card_count
    goods = {g: e.model_copy(update={"copies": 3}) for g, e in mini.goods.items()}
    catalog = replace(mini, by_kind={**mini.by_kind, "good": goods})
    rules = rules_for(catalog)
    assert len(rules.cards) == sum(card_count(e) for e in goods.values()) \
        == sum(len(e.raid) for e in mini.goods.values())


def test_observers_see_the_operations_that_fired(mini):
    seen = []

    def observe(op, ctx):
        seen.append((op, ctx.hook, ctx.source))

    effects.OBSERVERS.append(observe)
    try:
        state = quiet(started(mini, seed=3))
        seat = state.turn_seat
        state.players[seat].hero = "ada"  # +1 die on ranged, none on perception
        assert effects.fire(state, seat, "dice", 2, checks=("perception",)) == 2
        assert seen == []
        assert effects.fire(state, seat, "dice", 2, checks=("combat", "ranged")) == 3
        assert seen == [("extra_die", "dice", "ada")]
    finally:
        effects.OBSERVERS.remove(observe)
    effects.fire(state, seat, "dice", 2, checks=("ranged",))
    assert len(seen) == 1
