"""Caravans' additions to the adjusted rates and to 'rules no agent used' (synthetic records)."""

from toolkit.games.caravans import GAME
from sim.synthetic import CARDS, KINDS, catalog_of, make_records
from toolkit.sim import stats
from toolkit.sim.report import render_html


def _report():
    records = make_records(240)
    for record in records:
        record["action_kinds"] = {"move": 30, "sell": 4, "end_turn": 10}
    kinds = {**KINDS, "gc_market": "glory_card"}
    return stats.build_report(records, seed=2, agents="mixed", game=GAME,
                              catalog=catalog_of(kinds))


def test_cards_are_an_adjusted_family_and_unused_rules_are_listed():
    report = _report()
    assert set(report["adjusted"]["card"]) == set(CARDS)
    entry = report["adjusted"]["card"]["wp_net"]
    assert {"raw_rate", "rate", "raw_rate_without", "rate_without", "effect_pp",
            "odds_ratio", "p_holm"} <= set(entry)
    items = {(i["kind"], i["id"]) for i in report["unused"]["items"]}
    assert ("glory card", "gc_market") in items and ("glory card", "gc_reroll") not in items
    assert ("action", "restore") in items and ("action", "sell") not in items
    assert ("action", "move") not in items


def test_the_page_shows_the_new_sections():
    page = " ".join(render_html(_report(), {}, "Caravans").split())
    assert "<h2>Rules no agent used</h2>" in page and "<b>gc_market</b>" in page
    assert "<h2>Win rates adjusted for style and seat</h2>" in page
    assert "<h3>Card</h3>" in page and "<h3>Style</h3>" in page
    assert "<h2>Style against style</h2>" in page


def test_glory_shares_add_to_one_hundred():
    sources = _report()["glory_by_source"].values()
    assert round(sum(g["percent"] for g in sources), 6) == 100.0
    assert round(sum(g["winners_percent"] for g in sources), 6) == 100.0
