"""The game is the unit: intervals as wide as the per-game binomial on a fair 2-player
game, clustered raw rates when one game holds a level twice, rotated fixed line-ups,
bound factors said instead of judged, the tolerance, and the skill ladder's section."""

import math
import random

import pytest

from toolkit.game import SEAT, STYLE, Game, Side
from toolkit.sim import stats
from toolkit.sim.ladder import ladder_lines, ladder_section, plan_ladder
from toolkit.sim.plan import LineupSpec, plan_games
from toolkit.sim.verdicts import items, lead_lines


def coin(n, seed, players=2, edge=0.0, agents=None, first=None):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        weights = [1.0 + (edge if s == 0 else 0.0) for s in range(players)]
        winner = rng.choices(range(players), weights=weights)[0]
        record = {"seed": i, "players": players, "winner": [winner], "length": 1,
                  "agents": list(agents(i, rng) if agents else ["a"] * players)}
        if first is not None:
            record["first_player"] = first
        out.append(record)
    return out


def test_fair_two_player_seat_interval_is_the_binomial_interval():
    records = coin(20_000, 1)
    report = stats.build_report(records, seed=1, agents="a")
    seat = report["adjusted"]["seat"]["0"]
    p, n = seat["raw_rate"], len(records)
    binomial = 2 * 1.959963984540054 * math.sqrt(p * (1 - p) / n)
    assert (seat["ci95"][1] - seat["ci95"][0]) / binomial == pytest.approx(1.0, abs=0.005)
    # the joint test, the level's p and the raw chi-square tell the same thing
    joint = report["adjusted"]["model"]["tests"]["seat"]["p"]
    assert joint == pytest.approx(seat["p"], rel=0.01)
    assert joint == pytest.approx(report["seat_fairness"]["2"]["p"], rel=0.01)


def test_two_seats_of_a_two_player_game_are_one_comparison():
    report = stats.build_report(coin(4000, 2, edge=0.12), seed=1, agents="a")
    first, second = report["adjusted"]["seat"]["0"], report["adjusted"]["seat"]["1"]
    assert first["p_holm"] == pytest.approx(first["p"]) == pytest.approx(second["p_holm"])
    assert first["effect_pp"] == pytest.approx(-second["effect_pp"])


def test_raw_rate_of_a_level_held_twice_in_one_game_is_clustered():
    # two of the four seats play 'twin' in every game: exactly one of the game's results
    # is theirs half the time, so their rows are not independent
    records = coin(3000, 3, players=4, agents=lambda i, rng: ["twin", "twin", "x", "y"])
    twin = stats.win_rate(records)["by_agent"]["twin"]
    assert twin.get("clustered") and twin["rate"] == pytest.approx(0.25, abs=0.015)
    # the pair wins one Bernoulli(1/2) a game, shared over its two rows: half-width
    # 1.96 * sqrt(1/4 / games) / 2, narrower than rows taken as independent
    per_game = 1.96 * math.sqrt(0.25 / 3000) / 2
    assert (twin["ci95"][1] - twin["ci95"][0]) / 2 == pytest.approx(per_game, rel=0.1)
    assert twin["games"] == 6000 and isinstance(twin["games"], int)


def test_fixed_line_up_is_rotated_with_common_seeds():
    games = plan_games(7, 12, [2, 3], LineupSpec(("a", "b", "c")))
    two = [g for g in games if len(g.agents) == 2]
    three = [g for g in games if len(g.agents) == 3]
    assert [g.agents for g in two[:2]] == [("a", "b"), ("b", "a")]
    assert two[0].seed == two[1].seed != two[2].seed
    assert [g.agents for g in three[:3]] == [("a", "b", "c"), ("c", "a", "b"), ("b", "c", "a")]
    assert len({g.seed for g in three[:3]}) == 1
    plain = plan_games(7, 12, [2, 3], LineupSpec(("a", "b", "c")), rotate=False)
    assert all(g.agents == ("a", "b", "c")[:len(g.agents)] for g in plain)
    same = plan_games(7, 6, [2], LineupSpec(("a", "a")))
    assert len({g.seed for g in same}) == 6  # one agent everywhere: nothing to rotate


def test_style_bound_to_a_seat_is_said_instead_of_judged():
    # --no-rotate with a fixed first player: 'search' always in seat 1, and it loses
    records = coin(600, 4, edge=-0.9, agents=lambda i, rng: ["search", "random"], first=0)
    report = stats.build_report(records, seed=1, agents="search,random")
    found = items(report)
    assert all(v["status"] == "confounded" for v in found if v["family"] in ("agent", "seat"))
    assert [v["text"].split(" are one factor")[0] for v in found] == ["Seat and style"]
    rotated = [dict(r, agents=r["agents"][::-1]) if r["seed"] % 2 else r for r in records]
    judged = items(stats.build_report(rotated, seed=1, agents="search,random"))
    assert not any(v["status"] == "confounded" for v in judged)


def test_tolerance_separates_real_from_meaningful():
    records = coin(40_000, 5, edge=0.03)  # seat 1 about +0.7 points
    small = items(stats.build_report(records, seed=1, agents="a", tolerance=2.0))
    assert [v["status"] for v in small if v["family"] == "seat"] == ["within", "within"]
    assert "within your tolerance of ±2 points" in small[0]["text"]
    strict = items(stats.build_report(records, seed=1, agents="a", tolerance=0.0))
    assert [v["status"] for v in strict if v["family"] == "seat"] == ["off", "off"]


class Factions(Game):
    name = "factions"

    def seat_groups(self, record):
        return {"faction": record["factions"]}

    def sides(self, catalog):
        return [Side("faction", {"en": "Faction", "zh": "阵营"}, "side"), SEAT, STYLE]


def test_sides_lead_by_name_and_a_faction_bound_to_its_seat_gets_no_verdict():
    records = coin(500, 6, players=2, edge=1.0)
    for r in records:
        r["factions"] = ["cats", "birds"]
    names = {"cats": {"en": "Marquise de Cat", "zh": "猫侯爵"}}
    report = stats.build_report(records, seed=1, agents="a", game=Factions())
    lead = lead_lines(report, names)
    assert lead[0].startswith("Birds wins ") or lead[1].startswith("Marquise de Cat wins ")
    assert any("Marquise de Cat wins" in line and "always as seat 1" in line for line in lead)
    assert any("猫侯爵胜率" in line for line in lead_lines(report, names, "zh"))
    found = items(report, names)
    assert [v["status"] for v in found] == ["confounded"]
    assert found[0]["text"].startswith("Faction and seat are one factor")


def test_ladder_plans_one_stronger_agent_through_every_seat():
    planned = plan_ladder(3, 8, ["random", "heuristic", "search"], 4)
    assert len(planned) == 16
    step0 = [a for k, _, a in planned if k == 0]
    assert [a.index("heuristic") for a in step0] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert len({s for k, s, _ in planned if k == 0}) == 2  # a seed for each rotation
    records = [{"players": 4, "winner": [a.index("heuristic" if k == 0 else "search")]}
               for k, _, a in planned]
    section = ladder_section(["random", "heuristic", "search"], planned, records)
    assert [s["separated"] for s in section] == [True, True]
    assert section[0]["rate"] == 1.0 and section[0]["fair"] == 0.25
    assert ladder_lines({"ladder": section})[0].startswith(
        "Skill ladder: one heuristic among random players wins 100.0 %")
