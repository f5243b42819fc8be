"""The report's headline sentences: effects adjusted for style and seat
(toolkit.sim.adjusted), significant ones (Holm within each family) ranked by their size in
percentage points, style and seat effects among them; then the levels that cannot be told
apart from a style; then one 'nothing is off' line per family without a finding."""

from __future__ import annotations

from typing import Any, Mapping

TITLES = {"agent": "Style", "seat": "Seat", "party": "Starting party",
          "card": "Card"}  # a family's title when not its name capitalised
ALPHA = 0.05
SETS = {"card"}  # families of items a player may hold several of (set_family)


def against(family: str, entry: Mapping) -> str:
    """What an effect is measured against."""
    if family in SETS or "against" in entry:
        return ("the average of its peers" if entry.get("against") == "peers"
                else "players who did not use it")
    return f"the average {title_of(family).lower()}"


def pct(x: float, digits: int = 0) -> str:
    return f"{x * 100:.{digits}f} %"


def games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def title_of(family: str) -> str:
    return TITLES.get(family, family.replace("_", " ").capitalize())


def label_for(kind: str, key: str, names: Mapping[str, Mapping[str, str]]) -> str:
    """A readable name: 'seat 1' (or 'seat 1 of 4' when player counts mix) for seats, the
    catalog's English name for ids."""
    if kind == "seat":
        if ":" in str(key):
            players, pos = str(key).split(":")
            return f"seat {int(pos) + 1} of {players}"
        return f"seat {int(key) + 1}"
    return names.get(key, {}).get("en", key)


def adjusted_families(report: Mapping[str, Any]) -> list[str]:
    """The adjusted families in report order: agent, seat, the game's groups, then sets."""
    return [k for k in report.get("adjusted", {}) if k != "model"]


def _points(x: float) -> str:
    return f"{x * 100:+.1f}"


def adjusted_for(family: str) -> str:
    """What a family's effects are adjusted for (the model's other terms)."""
    return {"agent": "seat", "seat": "style"}.get(family, "style and seat")


def naming(family: str, key: str, names) -> str:
    """'Style raider', 'Seat 1', 'Hero Ash the Bold'."""
    label = label_for(family, key, names)
    return label[:1].upper() + label[1:] if family == "seat" else f"{title_of(family)} {label}"


def _sentence(family: str, key: str, e: Mapping, names) -> str:
    lo, hi = e["effect_ci95"]
    word = "stronger" if e["effect_pp"] > 0 else "weaker"
    used = " (players who used it)" if "against" in e else ""
    return (f"{naming(family, key, names)}{used} wins {pct(e['rate'], 1)} adjusted "
            f"for {adjusted_for(family)} (raw {pct(e['raw_rate'], 1)}): "
            f"{_points(e['effect_pp'])} points "
            f"[{_points(lo)}, {_points(hi)}] against {against(family, e)}, odds ratio "
            f"{e['odds_ratio']:.2f} [{e['or_ci95'][0]:.2f}, {e['or_ci95'][1]:.2f}]: {word} "
            f"({e['games']} player-games, Holm p = {e['p_holm']:.2g}).")


def findings(report: Mapping[str, Any]) -> list[tuple[str, str, Mapping]]:
    """(family, key, entry) of every significant, unconfounded adjusted effect, largest
    effect (in points) first."""
    found = []
    for family in adjusted_families(report):
        for key, e in report["adjusted"][family].items():
            if e.get("p_holm", 1.0) < ALPHA and "confounded_with" not in e:
                found.append((family, key, e))
    return sorted(found, key=lambda f: (-abs(f[2]["effect_pp"]), f[0], f[1]))


def verdicts(report: Mapping[str, Any], names=None) -> list[str]:
    """The headline sentences (see the module doc)."""
    names = names or {}
    found = findings(report)
    out = [_sentence(family, key, e, names) for family, key, e in found]
    for family in adjusted_families(report):
        for key, e in report["adjusted"][family].items():
            if "confounded_with" in e:
                out.append(f"{naming(family, key, names)} is played "
                           f"almost only by the {e['confounded_with']} style, which plays almost "
                           f"only it: its raw rate ({pct(e['raw_rate'], 1)}) is the style's as "
                           "much as its own, and the model cannot tell them apart.")
    flagged = {family for family, _, _ in found}
    for family in adjusted_families(report):
        entries = report["adjusted"][family]
        if family in flagged or not entries or (len(entries) < 2 and family not in SETS):
            continue
        halves = sorted((e["effect_ci95"][1] - e["effect_ci95"][0]) / 2
                        for e in entries.values())
        out.append(f"No {title_of(family).lower()} is significantly off after adjusting for "
                   f"{adjusted_for(family)} ({games(report['games'])}, typical interval ± "
                   f"{halves[len(halves) // 2] * 100:.1f} points: smaller differences need "
                   "more games).")
    return out
