"""report.json sections on synthetic records: keys, shapes and the balance verdicts."""

import json

import pytest

from toolkit.games.caravans import GAME
from toolkit.games.caravans import report as cnb
from sim.synthetic import KINDS, RECORD_KEYS, make_record, make_records, catalog_of
from toolkit.errors import ContentError
from toolkit.sim import stats

ENTRY_KEYS = {"games", "wins", "rate", "ci95", "fair", "p"}


@pytest.fixture(scope="module")
def biased():
    return stats.build_report(make_records(1500, strong="h_ash"), seed=9, agents="mixed",
                              requested=1500, game=GAME, catalog=catalog_of(KINDS))


def test_synthetic_records_have_the_documented_keys():
    assert set(make_record(1, 3)) == RECORD_KEYS


def test_report_keys_and_shapes(biased):
    for key in ("games", "players", "seed", "content_hash", "win_rate", "seat_fairness", "flags",
                "rounds", "end_reason", "glory_by_source", "cards", "deaths", "bounty",
                "gold_by_round"):
        assert key in biased
    assert biased["games"] == 1500 and biased["complete"] is True
    assert biased["players"] == {"2": 500, "3": 500, "4": 500}
    assert biased["content_hash"] == "abcdef0123456789"
    for section in ("by_hero", "by_seat", "by_party", "by_agent"):
        for entry in biased["win_rate"][section].values():
            assert ENTRY_KEYS <= set(entry)
            lo, hi = entry["ci95"]
            assert 0 <= lo <= entry["rate"] <= hi <= 1
    assert set(biased["win_rate"]["by_seat"]) == {"0", "1", "2", "3"}
    assert set(biased["rounds"]) >= {"mean", "p10", "p50", "p90", "max"}
    assert set(biased["seat_fairness"]) == {"2", "3", "4"}
    assert len(biased["seat_fairness"]["4"]["wins"]) == 4
    json.dumps(biased)  # serialisable as is


def test_strong_hero_is_flagged_too_strong(biased):
    hero_flags = {f["id"]: f for f in biased["flags"] if f["kind"] == "hero"}
    assert hero_flags["h_ash"]["direction"] == "too strong"
    assert hero_flags["h_ash"]["p_holm"] < 0.05
    assert all(f["direction"] == "too weak" for k, f in hero_flags.items() if k != "h_ash")


def test_fair_content_raises_no_seat_or_party_flag():
    report = stats.build_report(make_records(1200), seed=1, agents="mixed", game=GAME)
    assert not [f for f in report["flags"] if f["kind"] in ("seat", "party")]
    for sec in report["seat_fairness"].values():
        assert 0 <= sec["p"] <= 1 and sec["df"] == len(sec["wins"]) - 1


def test_seat_bias_is_seen_by_chi_square():
    records = [dict(make_record(i, 2), winner=[0] if i % 3 else [1], first_player=0)
               for i in range(300)]
    fairness = stats.seat_fairness(records)["2"]
    assert fairness["wins"] == [200, 100]
    assert fairness["p"] < 1e-6
    flagged = {(f["kind"], f["id"], f["direction"]) for f in stats.flags(stats.win_rate(records, GAME.seat_groups))}
    assert ("seat", "0", "too strong") in flagged and ("seat", "1", "too weak") in flagged


def test_seats_are_places_in_turn_order():
    # seat 2 moved first: it is place 0; seat 0 is place 1
    record = dict(make_record(5, 3), winner=[2], first_player=2)
    assert [stats.turn_position(record, s) for s in range(3)] == [1, 2, 0]
    assert stats.seat_fairness([record])["3"]["wins"] == [1, 0, 0]
    assert stats.win_rate([record], GAME.seat_groups)["by_seat"]["0"]["wins"] == 1
    legacy = {k: v for k, v in record.items() if k != "first_player"}
    assert stats.seat_fairness([legacy])["3"]["wins"] == [0, 0, 1]


def test_shared_win_counts_one_over_k():
    record = dict(make_record(5, 3), winner=[0, 2], first_player=0)
    assert [stats.score(record, s) for s in range(3)] == [0.5, 0.0, 0.5]
    by_seat = stats.win_rate([record], GAME.seat_groups)["by_seat"]
    assert by_seat["0"]["wins"] == 0.5 and by_seat["1"]["wins"] == 0
    assert stats.end_reason([record])["shared_wins"] == 1


def test_fair_share_follows_player_counts():
    report = stats.win_rate(make_records(400, players=(2, 4)), GAME.seat_groups)
    assert report["by_seat"]["3"]["fair"] == pytest.approx(0.25)
    assert report["by_seat"]["0"]["fair"] == pytest.approx((0.5 + 0.25) / 2)


def test_rounds_and_end_reason():
    records = [dict(make_record(i, 2), rounds=r, end_reason=e)
               for i, (r, e) in enumerate([(5, "glory"), (10, "glory"), (15, "round_limit")])]
    rounds = stats.rounds(records)
    assert (rounds["mean"], rounds["p50"], rounds["max"]) == (10, 10, 15)
    assert rounds["histogram"] == {"5": 1, "10": 1, "15": 1}
    assert stats.end_reason(records)["counts"] == {"glory": 2, "round_limit": 1}


def test_glory_by_source_shares_sum_to_one(biased):
    shares = [g["share"] for g in biased["glory_by_source"].values()]
    assert sum(shares) == pytest.approx(1.0)
    record = dict(make_record(3, 2), winner=[0],
                  glory_by_source=[{"sell": 3, "raid": 1}, {"raid": 4}])
    glory = cnb.glory_by_source([record])
    assert glory["raid"]["share"] == pytest.approx(5 / 8)
    assert glory["sell"]["winners_share"] == pytest.approx(3 / 4)


def test_cards_counted_and_filtered_by_kind():
    record = dict(make_record(3, 2), winner=[1], events_drawn=[],
                  cards_used=[{"gc_reroll": 2, "good_salt": 1, "ev_storm": 1},
                              {"gc_reroll": 1, "wp_net": 1}])
    cards = cnb.cards([record], KINDS)
    assert set(cards) == {"gc_reroll", "wp_net"}  # goods are not reported, events only drawn
    assert cards["gc_reroll"]["uses"] == 3 and cards["gc_reroll"]["players"] == 2
    assert cards["gc_reroll"]["games"] == 1 and cards["gc_reroll"]["wins"] == 1
    assert cards["wp_net"]["rate"] == 1.0 and cards["wp_net"]["kind"] == "weapon"


def test_deaths_bounty_and_gold_curve():
    record = dict(make_record(3, 2), deaths=[2, 0], bounty=[1, 3],
                  gold_by_round=[[10, 20], [0, 10, 30]], agents=["trader", "raider"])
    assert cnb.deaths([record])["mean"] == 1.0
    assert cnb.deaths([record])["by_agent"] == {"raider": 0.0, "trader": 2.0}
    assert cnb.bounty([record])["share_wanted"] == 1.0
    curve = cnb.gold_by_round([record])
    assert [c["mean"] for c in curve["all"]] == [5, 15, 30]
    assert [c["players"] for c in curve["all"]] == [2, 2, 1]
    assert curve["by_agent"]["trader"][1]["mean"] == 20


def test_incomplete_and_empty_runs():
    report = stats.build_report([], seed=1, agents="random", requested=10, game=GAME)
    assert report["games"] == 0 and report["complete"] is False and report["flags"] == []


def test_mixed_content_versions_refused():
    records = [make_record(1, 2), dict(make_record(2, 2), content_hash="ffff000011112222")]
    with pytest.raises(ContentError):
        stats.build_report(records, seed=1, agents="mixed", game=GAME)


def test_events_drawn_credit_the_first_player():
    base = make_record(3, 2)
    won = dict(base, first_player=1, winner=[1], rounds=4,
               events_drawn=["ev_fog", "ev_storm", "ev_fog", "ev_fair"])
    lost = dict(base, first_player=0, winner=[1], rounds=2, events_drawn=["ev_fog", "ev_fair"])
    other = dict(base, first_player=0, winner=[0], rounds=3, events_drawn=["ev_fair"] * 3)
    cards = cnb.cards([won, lost, other], KINDS)
    fog, storm, fair = cards["ev_fog"], cards["ev_storm"], cards["ev_fair"]
    assert (fog["kind"], fog["drawn"], fog["games"]) == ("event", 3, 2)
    assert fog["drawer_rate"] == 0.5 and fog["drawer_wins"] == 1
    assert storm["drawer_rate"] == 1.0 and storm["mean_rounds"] == 4
    assert fair["drawn"] == 5 and fair["games"] == 3
    assert fair["drawer_rate_all"] == pytest.approx(2 / 3)
    assert fog["mean_rounds"] == 3 and fog["mean_rounds_all"] == 3
    events = [c for c, e in cards.items() if e["kind"] == "event"]
    assert events == ["ev_fair", "ev_fog", "ev_storm"]  # the most drawn first, after used cards
    assert list(cards)[-3:] == events


def test_hero_played_counts_heroes_taken_after_a_death():
    base = make_record(3, 2)
    record = dict(base, heroes=["h_ash", "h_elm"], winner=[0],
                  hero_history=[["h_ash", "h_fern", "h_ash"], ["h_elm"]])
    rates = stats.win_rate([record], GAME.seat_groups)
    assert set(rates["by_hero"]) == {"h_ash", "h_elm"}
    played = cnb.sections([record])["hero_played"]
    assert set(played) == {"h_ash", "h_fern", "h_elm"}
    assert played["h_ash"]["games"] == 1 and played["h_fern"]["wins"] == 1
    assert played["h_elm"]["rate"] == 0.0
