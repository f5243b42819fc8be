"""report.html of simulate and compare printed (WeasyPrint, A4): every table fits the page."""

import weasyprint

from toolkit.games.caravans import GAME
from toolkit.games.caravans import report as cnb
from sim.synthetic import KINDS, make_records, catalog_of
from toolkit.sim import stats
from toolkit.sim.report import render_html

LONG = {f"h_{i}": {"en": f"Hero Number {i}, Warden of the Long Name"} for i in range(8)}


def _boxes(box):
    yield box
    for child in getattr(box, "children", ()):
        yield from _boxes(child)


def _widest_table_overflow(html: str) -> tuple[int, float]:
    doc = weasyprint.HTML(string=html).render()
    tables, worst = 0, -1e9
    for page in doc.pages:
        for box in _boxes(page._page_box):
            if box.element_tag == "table":
                tables += 1
                worst = max(worst, box.position_x + box.margin_width() - page.width)
    return tables, worst


def test_printed_tables_fit_the_page():
    report = stats.build_report(make_records(200), seed=1, agents="mixed", game=GAME, catalog=catalog_of(KINDS))
    tables, overflow = _widest_table_overflow(render_html(report, LONG, "Caravans & Brigands"))
    assert tables >= 3 and overflow <= 0.5


def test_a_hero_that_never_wins_still_gets_a_plot():
    from toolkit.sim import plots
    entries = {"h_zero": {"rate": 0.0, "ci95": (1e-17, 0.25), "fair": 0.25},
               "h_all": {"rate": 1.0, "ci95": (0.75, 1.0 - 1e-16), "fair": 0.25}}
    assert "<svg" in plots.win_rates(entries, {}, "Win rate by hero")
