"""`toolkit serve` in a real browser: the system Chromium (apt package `chromium`) driven by
Playwright sees a card change after its YAML is saved, problems on the card they concern,
and the filters. Playwright or the browser missing is a failure, never a skip; nothing is
downloaded (tests/serve_kit.py)."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from serve_kit import chromium, preview_served

from toolkit.new.scaffold import create


@pytest.fixture
def served(blank):
    with preview_served(blank, watch=True) as (url, _, preview):
        yield blank, url, preview


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


@pytest.fixture
def page(browser, served):
    tab = browser.new_page()
    tab.goto(served[1] + "/")
    tab.wait_for_selector('[data-key="playing_card/sun_5"] iframe')
    yield tab
    tab.close()


def _face(page, key):
    return page.frame_locator(f'[data-key="{key}"] iframe')


def _replace(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_state_and_routes(served):
    project, url, _ = served
    state = json.load(urllib.request.urlopen(url + "/api/state"))
    fronts = [c for c in state["cards"] if c["side"] == "front"]
    assert len(fronts) == 20 and state["problems"] == [], state["error"]
    sun = next(c for c in fronts if c["id"] == "sun_5")
    assert (sun["w"], sun["h"], sun["where"]) == (63.0, 88.0, "cards/cards.yaml:8")
    page = urllib.request.urlopen(url + "/face/zh/playing_card/sun_5").read().decode()
    assert "日五" in page and "file://" not in page
    with pytest.raises(urllib.error.HTTPError) as denied:
        urllib.request.urlopen(url + "/fs/etc/passwd")
    assert denied.value.code in (403, 404)
    assert "toolkit simulate" in urllib.request.urlopen(url + "/reports").read().decode()
    (project / "output" / "compare").mkdir(parents=True)
    (project / "output" / "compare" / "report.html").write_text("<p>Verdict: stronger</p>")
    reports = urllib.request.urlopen(url + "/reports").read().decode()
    link = re.search(r"<iframe src='([^']+)'", reports).group(1)
    assert "Verdict: stronger" in urllib.request.urlopen(url + link).read().decode()
    assert "toolkit simulate" in reports  # no balance report yet


def test_a_yaml_edit_shows_in_the_browser(page, served):
    project, _, _ = served
    face = _face(page, "playing_card/sun_5")
    face.locator("h1.title", has_text="Sun 5").wait_for()
    start = time.perf_counter()
    _replace(project / "cards" / "cards.yaml", '"Sun 5"', '"Blazing Sun"')
    _face(page, "playing_card/sun_5").locator("h1.title", has_text="Blazing Sun").wait_for(
        timeout=10_000)
    seconds = time.perf_counter() - start
    assert seconds < 5, seconds  # usually well under a second; the machine may be loaded
    print(f"\nYAML save -> new face in the browser: {seconds:.2f} s")


def test_a_template_edit_shows_in_the_browser(page, served):
    project, _, _ = served
    _replace(project / "templates" / "cards" / "playing_card.html.j2",
             "{{ card.name }}</div>", "{{ card.name }}!</div>")
    _face(page, "playing_card/moon_2").locator("text=Moon 2!").wait_for(timeout=10_000)


def test_problems_show_on_their_card_with_file_and_line(page, served):
    project, _, _ = served
    _replace(project / "cards" / "cards.yaml", "suit: moon, rank: 3,", "suit: moon, rank: 9,")
    box = page.locator('[data-key="playing_card/moon_3"]')
    box.locator(".problem").wait_for(timeout=10_000)
    text = box.locator(".problem").inner_text()
    assert text.startswith("cards/cards.yaml:11:") and "rank" in text
    assert "bad" in box.get_attribute("class")
    _replace(project / "cards" / "cards.yaml", "suit: moon, rank: 9,", "suit: moon, rank: 3,")
    box.locator(".problem").wait_for(state="detached", timeout=10_000)


def test_filters_by_kind_and_language(page):
    page.select_option("#lang", "zh")
    _face(page, "playing_card/star_1").locator("h1.title", has_text="星一").wait_for()
    assert page.locator('[data-key="playing_card/back"]').is_hidden()
    page.check("#backs")
    assert page.locator('[data-key="playing_card/back"]').is_visible()
    page.check("#only-problems")
    assert page.locator('[data-key="playing_card/star_1"]').is_hidden()


def test_text_that_never_fits_is_flagged_on_its_card(browser, tmp_path):
    project = create(tmp_path / "db", "deckbuilder")
    _replace(project / "cards" / "cards.yaml", 'text: {en: "Draw a card. You may',
             'text: {en: "' + "Draw a card and then another card. " * 80 + 'You may')
    with preview_served(project, watch=True) as (url, _, _):
        tab = browser.new_page()
        tab.goto(url + "/")
        box = tab.locator('[data-key="market_card/village"]')
        box.locator(".problem.warning", has_text="does not fit").wait_for(timeout=10_000)
        assert box.locator(".problem").inner_text().startswith("cards/cards.yaml:")
        assert tab.locator('[data-key="market_card/market"] .problem').count() == 0
        tab.close()


def test_untrusted_rules_still_show_the_cards(blank):
    from toolkit.serve.snapshot import take

    snap = take(blank, 1, False, None)
    assert len([c for c in snap.cards if c["side"] == "front"]) == 20
    assert snap.error is None and "--trust" in snap.note


def test_broken_content_keeps_the_last_faces(blank):
    """While one card fails its schema, the others still follow their edits and the broken
    card keeps its last good face, with the problem on it."""
    from toolkit.serve.snapshot import take

    good = take(blank, 1, True, None)
    _replace(blank / "cards" / "cards.yaml", "suit: wind, rank: 2,", "suit: fire, rank: 2,")
    _replace(blank / "cards" / "cards.yaml", '"Sun 1"', '"Dawn"')
    broken = take(blank, 2, True, good)
    assert len(broken.cards) == len(good.cards)
    wind = next(c for c in broken.cards if c["id"] == "wind_2")
    assert wind["problems"][0]["where"] == "cards/cards.yaml:20"
    assert "fire" in wind["problems"][0]["message"]
    assert broken.pages[("en", "playing_card/wind_2")] == good.pages[("en", "playing_card/wind_2")]
    assert "Dawn" in broken.pages[("en", "playing_card/sun_1")]
    cold = take(blank, 1, True, None)  # started on broken content: every other card
    assert len([c for c in cold.cards if c["side"] == "front"]) == 19
