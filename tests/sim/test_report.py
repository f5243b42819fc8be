"""report.html on synthetic records: verdict sentences, inline plots, self-contained, stable."""

import re

import pytest

from toolkit.games.caravans import GAME
from toolkit.games.caravans import report as cnb
from sim.synthetic import KINDS, make_records, catalog_of
from toolkit.sim import stats
from toolkit.sim.report import render_html, verdicts

NAMES = {"h_ash": {"en": "Ash the Bold", "zh": "灰"}, "small_caravan": {"en": "Small caravan"}}


@pytest.fixture(scope="module")
def biased():
    return stats.build_report(make_records(1200, strong="h_ash"), seed=3, agents="mixed",
                              requested=1250, game=GAME, catalog=catalog_of(KINDS))


@pytest.fixture(scope="module")
def page(biased):
    return render_html(biased, NAMES, "Caravans & Brigands")


def test_flagged_hero_is_named_in_words(biased):
    lines = verdicts(biased, NAMES)
    ash = [line for line in lines if "Ash the Bold" in line]
    assert ash and re.search(r"wins [\d.]+ % \[[\d.]+ %, [\d.]+ %\] adjusted for style and seat "
                             r"\(raw [\d.]+ %, fair [\d.]+ %\): \+[\d.]+ points "
                             r"\[\+[\d.]+, \+[\d.]+\]: stronger \(\d+ games, Holm p = ", ash[0])
    assert lines.index(ash[0]) == 0  # the largest effect comes first
    assert any(line.startswith("No seat is significantly off after adjusting for style "
                               "(1200 games") for line in lines)


def test_fair_run_says_nothing_is_off():
    report = stats.build_report(make_records(300), seed=1, agents="mixed", game=GAME)
    lines = verdicts(report, {})
    hero = [line for line in lines if line.startswith("No hero is significantly off")]
    assert hero and re.search(r"\(300 games, joint p = [\d.]+, typical interval ± ", hero[0])


def test_page_is_self_contained_with_inline_plots(page):
    assert page.count("<svg") >= 6  # hero, party, seats, glory, length, gold
    assert "Caravans &amp; Brigands" in page
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", page)
    assert "<script" not in page and "<link" not in page
    assert 'class="flag"' in page  # the flagged hero's table row is marked


def test_page_is_deterministic(biased, page):
    assert render_html(biased, NAMES, "Caravans & Brigands") == page


def test_incomplete_run_is_announced(page):
    assert "stopped early" in page
    assert "1200 games of 1250 requested" in " ".join(page.split())


def test_hero_played_and_events_tables(page):
    text = " ".join(page.split())
    assert "<h3>Win rate by hero played</h3>" in text
    assert "the table above counts only each player's starting hero" in text.replace("&#39;", "'")
    events = text.split("<h3>Events</h3>")[1].split("</table>")[0]
    assert all(f"<td>{e}</td>" in events for e in ("ev_storm", "ev_fog", "ev_fair"))
    cards = text.split("<h3>Cards</h3>")[1].split("</table>")[0]
    assert "ev_storm" not in cards and "<td>wp_net</td>" in cards
