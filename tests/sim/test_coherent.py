"""The four shipped games' reports: the sides lead by name, and no two verdicts contradict
each other (a family both off and not off, a level both stronger and weaker, a bound level
judged, a usage statistic among the balance verdicts)."""

from pathlib import Path

import pytest

from toolkit import BUNDLED_PROJECT
from toolkit.sim.simulate import simulate
from toolkit.sim.verdicts import items, lead_lines, usage_families

REPO = Path(__file__).resolve().parents[2]
SHIPPED = {"caravans": BUNDLED_PROJECT, "root": REPO / "examples" / "root",
           "kings_and_things": REPO / "examples" / "kings-and-things",
           "nanhuang2": REPO / "examples" / "nanhuang2"}


def contradictions(report) -> list[str]:
    found = items(report)
    problems = []
    for family in {v["family"] for v in found}:
        statuses = {v["status"] for v in found if v["family"] == family}
        if statuses & {"off", "within", "differ"} and "none" in statuses:
            problems.append(f"{family}: both off and not off")
    for v in found:
        entry = report["adjusted"][v["family"]].get(v["key"] or "", {})
        if v["status"] in ("off", "within") and "confounded_with" in entry:
            problems.append(f"{v['family']} {v['key']}: bound, yet judged")
    keys = [(v["family"], v["key"]) for v in found if v["key"] is not None]
    if len(keys) != len(set(keys)):
        problems.append("a level judged twice")
    if {v["family"] for v in found} & set(usage_families(report)):
        problems.append("a usage statistic among the verdicts")
    return problems


QUICK = {"caravans": (40, None), "root": (12, "4"), "kings_and_things": (8, "2"),
         "nanhuang2": (24, None)}  # (games, players): a few seconds each


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_report_has_no_contradicting_verdicts(name, tmp_path):
    check_report(name, *QUICK[name], tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_report_at_size_has_no_contradicting_verdicts(name, tmp_path):
    check_report(name, 300, None, tmp_path)


def check_report(name, games, players, tmp_path):
    result = simulate(SHIPPED[name], games, players, agents="mixed", seed=3, workers=1,
                      out=tmp_path / "sim", progress=False)
    report = result.report
    assert contradictions(report) == []
    assert report["sides"][0]["key"] == ("faction" if name == "root" else "seat")
    assert lead_lines(report, result.names)
    if name == "root":
        text = " ".join(lead_lines(report, result.names))
        assert "Woodland Alliance wins " in text and "Marquise de Cat wins " in text
        assert "森林联盟胜率" in " ".join(lead_lines(report, result.names, "zh"))
        assert "Woodland Alliance" in (tmp_path / "sim" / "report.html").read_text()
