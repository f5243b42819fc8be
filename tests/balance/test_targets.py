"""Targets against a report: one mark per side entry or value, gaps in band widths, the
margin the search aims inside the band, and a path the report lacks is a miss."""

from __future__ import annotations

import pytest

from toolkit.balance.spec import Balance
from toolkit.balance.targets import distance, marks

REPORT = {
    "adjusted": {"hero": {"a": {"rate": 0.25, "ci95": [0.2, 0.3]},
                          "b": {"rate": 0.46, "ci95": [0.4, 0.52]}}},
    "rounds": {"p50": 16.0},
    "glory_by_source": {"stash": {"share": 0.4}},
}


def _spec(*targets):
    return Balance(targets=list(targets), tunable=[{"kind": "hero", "field": "stats.*"}])


def test_marks_and_gaps():
    found = marks(REPORT, _spec({"side": "hero", "min": 0.18, "max": 0.32},
                                {"value": "rounds.p50", "min": 10, "max": 14},
                                {"value": "glory_share.stash", "max": 0.25},
                                {"value": "glory_share.raid", "max": 0.1},
                                {"value": "deaths.mean", "max": 0.5}))
    by = {(m.target, m.entry): m for m in found}
    assert by[("hero win rate", "a")].met and by[("hero win rate", "a")].sure
    assert by[("hero win rate", "b")].gap == pytest.approx((0.46 - 0.32) / 0.14)
    assert by[("rounds.p50", None)].gap == pytest.approx(0.5)
    assert by[("glory_share.stash", None)].gap == pytest.approx(0.15 / 0.25)
    assert by[("glory_share.raid", None)].met  # a source that never fired has share 0
    assert not by[("deaths.mean", None)].met and by[("deaths.mean", None)].value is None
    assert "no such number" in by[("deaths.mean", None)].line()


def test_the_margin_aims_inside_the_band():
    (a, b) = marks(REPORT, _spec({"side": "hero", "min": 0.26, "max": 0.40}))
    assert a.gap == pytest.approx(0.01 / 0.14)
    assert a.gap_within(0.15) == pytest.approx((0.26 + 0.15 * 0.14 - 0.25) / 0.14)
    assert b.gap == pytest.approx(0.06 / 0.14)
    assert distance([a, b], 0.15) > distance([a, b]) > 0
    (inside,) = marks({"rounds": {"p50": 13.5}}, _spec({"value": "rounds.p50", "min": 10,
                                                        "max": 14}))
    assert inside.met and inside.gap_within(0.15) > 0
