"""Each target of the `balance:` block against a simulate report: the measured value, its
95 % interval where the report has one, and met / missed; the distance of a report from its
targets (0 when every target is met) for the search."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from toolkit.balance.spec import Balance, Target


@dataclass(frozen=True)
class Mark:
    target: str          # "hero win rate", "rounds.p50"
    entry: str | None    # the side's entry (a hero id), None for a value target
    value: float | None  # None: the report has no such number
    ci95: tuple[float, float] | None
    low: float | None
    high: float | None

    @property
    def met(self) -> bool:
        return self.value is not None and self.gap == 0

    @property
    def sure(self) -> bool:
        """Met with the whole 95 % interval inside the band (the strict check proposals pass)."""
        if not self.met:
            return False
        lo, hi = self.ci95 or (self.value, self.value)
        return ((self.low is None or lo >= self.low - 1e-12) and
                (self.high is None or hi <= self.high + 1e-12))

    @property
    def gap(self) -> float:
        """How far the value lies outside the band, in units of the band's width (or of the
        bound itself for a one-sided band)."""
        return self.gap_within(0.0)

    def gap_within(self, margin: float) -> float:
        """The gap to the band shrunk by `margin` band widths on each side (the search aims
        inside the band, so that a proposal still meets it on fresh games)."""
        if self.value is None:
            return 1.0
        both = self.low is not None and self.high is not None
        scale = (self.high - self.low) if both else \
            abs(self.high if self.high is not None else self.low) or 1.0
        scale = scale or 1.0
        inset = margin * scale if both else 0.0
        if self.low is not None and self.value < self.low + inset:
            return (self.low + inset - self.value) / scale
        if self.high is not None and self.value > self.high - inset:
            return (self.value - self.high + inset) / scale
        return 0.0

    def line(self, names: Mapping[str, Mapping[str, str]] | None = None) -> str:
        what = self.target if self.entry is None else \
            f"{self.target}: {((names or {}).get(self.entry) or {}).get('en', self.entry)}"
        band = _band(self.low, self.high, self.entry is not None)
        if self.value is None:
            return f"target missed: {what}: the report has no such number (band {band})"
        shown = _num(self.value, self.entry is not None)
        ci = "" if self.ci95 is None else \
            f" [{_num(self.ci95[0], self.entry is not None)}, {_num(self.ci95[1], self.entry is not None)}]"
        state = "met" if self.met else "missed"
        return f"target {state}: {what} {shown}{ci} (band {band})"


def _num(x: float, rate: bool) -> str:
    return f"{100 * x:.1f} %" if rate else f"{x:.3g}"


def _band(lo, hi, rate: bool) -> str:
    if lo is None:
        return f"≤ {_num(hi, rate)}"
    if hi is None:
        return f"≥ {_num(lo, rate)}"
    return f"{_num(lo, rate)}–{_num(hi, rate)}"


def _value(report: Mapping[str, Any], path: str) -> float | None:
    """The number at a dotted path of the report (None: no such number); glory_share.X and
    metric.X are short for glory_by_source.X.share and metrics.X.mean."""
    head, _, tail = path.partition(".")
    if head == "glory_share":
        sources = report.get("glory_by_source")
        if not isinstance(sources, Mapping):
            return None
        entry = sources.get(tail)
        return float(entry["share"]) if entry else 0.0  # a source that never fired
    if head == "metric":
        path = f"metrics.{tail}.mean"
    node: Any = report
    for part in path.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return None
        node = node[part]
    return float(node) if isinstance(node, (int, float)) and not isinstance(node, bool) else None


def side_rates(report: Mapping[str, Any], side: str) -> dict[str, dict[str, Any]]:
    """id -> {rate, ci95} of one side family: the report's adjusted rates, else the raw ones."""
    adjusted = (report.get("adjusted") or {}).get(side)
    if isinstance(adjusted, Mapping) and adjusted:
        return {k: v for k, v in adjusted.items() if isinstance(v, Mapping) and "rate" in v}
    raw = {"seat": "by_seat", "agent": "by_agent"}.get(side)
    table = (report.get("win_rate") or {}).get(raw or side) or report.get(f"{side}_played") or {}
    return {k: v for k, v in table.items() if isinstance(v, Mapping) and "rate" in v}


def marks(report: Mapping[str, Any], spec: Balance) -> list[Mark]:
    """Every target's marks: one per entry of a side family, one per value target."""
    out: list[Mark] = []
    for target in spec.targets:
        out.extend(target_marks(report, target))
    return out


def target_marks(report: Mapping[str, Any], target: Target) -> list[Mark]:
    if target.side is None:
        return [Mark(target.name, None, _value(report, target.value), None, target.min,
                     target.max)]
    rates = side_rates(report, target.side)
    if not rates:
        return [Mark(target.name, None, None, None, target.min, target.max)]
    return [Mark(target.name, key, float(entry["rate"]),
                 tuple(entry["ci95"]) if entry.get("ci95") else None, target.min, target.max)
            for key, entry in sorted(rates.items())]


def distance(found: list[Mark], margin: float = 0.0) -> float:
    """Sum of the squared gaps (to the band shrunk by `margin` widths a side): 0 when every
    target is met."""
    return sum(m.gap_within(margin) ** 2 for m in found)


def report_marks(report: Mapping[str, Any], spec: Balance) -> list[dict[str, Any]]:
    """The marks as report.json keeps them (`targets`)."""
    return [{"target": m.target, "entry": m.entry, "value": m.value,
             "ci95": list(m.ci95) if m.ci95 else None, "min": m.low, "max": m.high,
             "met": m.met} for m in marks(report, spec)]


def target_lines(report: Mapping[str, Any], names=None) -> list[str]:
    """simulate's lines for report.json's `targets`: each missed one, then the count met."""
    found = report.get("targets")
    if not found:
        return []
    rebuilt = [Mark(t["target"], t["entry"], t["value"],
                    tuple(t["ci95"]) if t["ci95"] else None, t["min"], t["max"]) for t in found]
    missed = [m for m in rebuilt if not m.met]
    return [m.line(names) for m in missed] + [
        f"balance targets: {len(rebuilt) - len(missed)} of {len(rebuilt)} met"]
