"""The game record's `events_drawn`: one event per round played, in draw order, and the
checks' record-consistency invariant catches a record that disagrees."""

from toolkit.games.caravans import GAME
import toolkit.games.caravans.engine as engine
from toolkit.checks.fuzz import play_checked
from toolkit.sim.batch import catalog_for
from toolkit.loop import play_game


def test_events_drawn_one_per_round(engine_ready):
    catalog = catalog_for(engine_ready)
    events = set(catalog.events)
    record = play_game(GAME, catalog, 11, ["balanced", "raider", "trader"])
    assert len(record["events_drawn"]) == record["rounds"] > 0
    assert set(record["events_drawn"]) <= events
    assert not any(card in events for used in record["cards_used"] for card in used)


def test_record_missing_an_event_is_caught(engine_ready, monkeypatch):
    real = engine.game_record
    monkeypatch.setattr(engine, "game_record",
                        lambda s: {**real(s), "events_drawn": real(s)["events_drawn"][1:]})
    game = play_checked(GAME, catalog_for(engine_ready), "PROJECT", 7, ["random", "random"],
                        only={"record_consistent"})
    assert game.violations and "events drawn over" in game.violations[0].message


def test_simulate_records_count_actions_and_effects_outside_look_ahead(engine_ready):
    from toolkit.sim.batch import play_counted

    catalog = catalog_for(engine_ready)
    agents = ["search:2", "raider"]
    record = play_counted(GAME, catalog, 5, agents)
    plain = play_game(GAME, catalog, 5, agents, keep_actions=False)
    assert {k: v for k, v in record.items()
            if k not in ("action_kinds", "effects_fired")} == plain  # the same game
    assert sum(record["action_kinds"].values()) == record["length"]
    assert record["action_kinds"]["end_turn"] > 0
    # a search agent's look-ahead fires effects too: they are not counted
    counter = __import__("collections").Counter()
    with GAME.count_effects(counter):
        play_game(GAME, catalog, 5, agents, keep_actions=False)
    assert sum(record["effects_fired"].values()) < sum(counter.values())
