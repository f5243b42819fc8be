"""`toolkit play` in a real browser (the system Chromium driven by Playwright, as
tests/daily/test_serve.py launches it): a whole game of the tutorial game (Five Tricks, the
project's own rules) and of Caravans & Brigands (1 person, 3 bots) played through the page
to the end, in English and in Chinese, then replayed from the saved record with `toolkit
replay --record`; the page's own view and an undo; the agents move at pace 0 here."""

from __future__ import annotations

import re
import time

import pytest
from click.testing import CliRunner
from serve_kit import chromium

from toolkit.cli import cli

from .conftest import CARAVANS_BOTS, serving

OVER_OR_MINE = ("document.body.dataset.over === 'yes' || "
                "document.querySelectorAll('button.act').length > 0")


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


def wait_for(page, expression: str, timeout: float = 20.0) -> None:
    """Poll `expression` in the page (Playwright's own wait_for_function evaluates a string,
    which the table's CSP forbids, as it should)."""
    end = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > end:
            raise AssertionError(f"still false after {timeout} s: {expression}")
        time.sleep(0.01)


def play_through(page, url: str, pick: str = "last", limit: int = 600) -> int:
    """Click one of the offered actions until the game ends; the number of clicks."""
    page.goto(url + "/")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    clicks = 0
    for clicks in range(limit):
        wait_for(page, OVER_OR_MINE)
        if page.evaluate("document.body.dataset.over") == "yes":
            break
        version = page.evaluate("document.body.dataset.version")
        buttons = page.locator("button.act")
        (buttons.last if pick == "last" else buttons.first).click()
        wait_for(page, f"document.body.dataset.version !== '{version}'")
    else:
        raise AssertionError(f"the game did not end within {limit} clicks")
    assert not errors, errors
    return clicks


def _replayed(project, saved, lang, *extra) -> list[str]:
    result = CliRunner().invoke(cli, ["replay", str(project), "--record", str(saved),
                                      "--lang", lang, *extra])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_whole_tutorial_game_in_the_browser(browser, tutorial, tmp_path, lang):
    root, game, catalog = tutorial
    with serving(game, catalog, 21, ["human", "random", "random"], tmp_path, lang) \
            as (host, url):
        page = browser.new_page()
        clicks = play_through(page, url, "first")
        assert clicks == 5   # one card a trick, five tricks
        result = page.locator("#result").inner_text()
        log = page.locator("#log li").all_inner_texts()
        page.close()
    saved = sorted(tmp_path.glob("table-seed21-*.json"))
    assert len(saved) == 1 and host.table.saved == saved[0].name
    assert len(log) == 5 and ("trick 5" in log[-1] if lang == "en" else "第5墩" in log[-1])
    lines = _replayed(root, saved[0], lang, "--trust")
    assert lines[-1] == result and result.startswith("Winner" if lang == "en" else "胜者")
    assert len([line for line in lines if line.lstrip().startswith("#")]) == 15


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_whole_caravans_game_one_person_three_bots(browser, caravans, tmp_path, lang):
    project, game, catalog = caravans
    with serving(game, catalog, 5, ["human", *CARAVANS_BOTS], tmp_path, lang) \
            as (host, url):
        page = browser.new_page()
        page.goto(url + "/")
        wait_for(page, OVER_OR_MINE)
        # the game's own view: the printed board's regions, a row per player
        assert page.locator("#face svg circle").count() == len(catalog.regions)
        assert page.locator("#face table tr").count() == 5
        heading = "Players" if lang == "en" else "玩家"
        assert page.locator("#face h2", has_text=heading).count() == 1
        clicks = play_through(page, url)
        result = page.locator("#result").inner_text()
        page.close()
    assert clicks >= 10
    saved = sorted(tmp_path.glob("table-seed5-*.json"))
    assert len(saved) == 1
    lines = _replayed(project, saved[0], lang)
    assert lines[-1] == result
    assert re.match(r"(Winner|胜者)", result)


def test_undo_in_the_page_takes_back_the_last_decision(browser, caravans, tmp_path):
    _, game, catalog = caravans
    with serving(game, catalog, 9, ["human", *CARAVANS_BOTS], tmp_path) as (host, url):
        page = browser.new_page()
        page.goto(url + "/")
        wait_for(page, OVER_OR_MINE)
        assert page.locator("#undo").is_disabled()
        before = len(host.table.actions)
        version = page.evaluate("document.body.dataset.version")
        page.locator("button.act").first.click()
        wait_for(page, f"document.body.dataset.version !== '{version}'")
        wait_for(page, OVER_OR_MINE)
        assert len(host.table.actions) > before
        page.locator("#undo").click()
        wait_for(page, "document.getElementById('undo').disabled")
        assert len(host.table.actions) == before
        page.select_option("#lang", "zh")     # the page switches language in place
        wait_for(page, "document.getElementById('status').textContent.includes('轮到你')")
        assert page.locator("#face h2", has_text="玩家").count() == 1
        page.close()
