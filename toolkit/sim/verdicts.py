"""The report's headline sentences, one coherent list (toolkit.sim.adjusted gives the
numbers, the game's `sides` the names):

- the lead: each side of the game (Root's factions; the seat in most games) with its
  per-game win rate and interval, and when it is bound to another factor (a faction that
  always sits in one seat), that it is;
- the balance verdicts: one family (style, seat, each lever) at a time, gated by the
  family's joint test, so a family is either off or not, never both; within an off family,
  the levels whose Holm p < 0.05, ranked by their effect in points. A real effect smaller
  than the designer's tolerance (`--tolerance`, in points) is said to be within it; a level
  bound to another factor gets that note instead of a verdict;
- usage statistics apart (items chosen during play, such as cards used), never verdicts.
"""

from __future__ import annotations

from typing import Any, Mapping

ALPHA = 0.05
from toolkit.sim.stats import DEFAULT_TOLERANCE  # noqa: E402  (points)
STATUS_ORDER = {"off": 0, "within": 1, "differ": 2, "confounded": 3, "none": 4}


def pct(x: float, digits: int = 0) -> str:
    return f"{x * 100:.{digits}f} %"


def games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def _points(x: float) -> str:
    return f"{x * 100:+.1f}"


def side_of(report: Mapping[str, Any] | None, family: str) -> Mapping[str, Any]:
    for side in (report or {}).get("sides", []):
        if side["key"] == family:
            return side
    default = {"agent": "Style", "seat": "Seat"}.get(family,
                                                     family.replace("_", " ").capitalize())
    return {"key": family, "title": {"en": default, "zh": default}, "role":
            {"agent": "style", "seat": "side"}.get(family, "lever"), "note": {}}


def title_of(family: str, report: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    title = side_of(report, family)["title"]
    return title.get(lang) or title.get("en") or family


def is_usage(report: Mapping[str, Any], family: str) -> bool:
    """Usage families: declared so by the game, or items a player holds (set_family)."""
    entries = report.get("adjusted", {}).get(family, {})
    return side_of(report, family)["role"] == "usage" or any(
        "against" in e for e in entries.values())


def against(family: str, entry: Mapping, report: Mapping[str, Any] | None = None) -> str:
    """What an effect is measured against."""
    if "against" in entry:
        return ("the same players with an average peer" if entry.get("against") == "peers"
                else "the same players without it")
    return "the fair share"


def label_for(kind: str, key: str, names: Mapping[str, Mapping[str, str]],
              lang: str = "en") -> str:
    """A readable name: 'seat 1' (or 'seat 1 of 4' when player counts mix) for seats, the
    catalog's name (English by default) for ids."""
    if kind == "seat":
        if ":" in str(key):
            players, pos = str(key).split(":")
            return (f"{players}人局座位{int(pos) + 1}" if lang == "zh"
                    else f"seat {int(pos) + 1} of {players}")
        return f"座位{int(key) + 1}" if lang == "zh" else f"seat {int(key) + 1}"
    entry = names.get(key, {})
    return entry.get(lang) or entry.get("en") or str(key)


def adjusted_families(report: Mapping[str, Any]) -> list[str]:
    """The adjusted families in the order of the game's sides, then any other."""
    found = [k for k in report.get("adjusted", {}) if k != "model"]
    order = [s["key"] for s in report.get("sides", [])]
    return sorted(found, key=lambda f: (order.index(f) if f in order else len(order),
                                        found.index(f)))


def balance_families(report) -> list[str]:
    return [f for f in adjusted_families(report) if not is_usage(report, f)]


def usage_families(report) -> list[str]:
    return [f for f in adjusted_families(report) if is_usage(report, f)]


def adjusted_for(family: str) -> str:
    """What a family's effects are adjusted for (the model's other terms)."""
    return {"agent": "seat", "seat": "style"}.get(family, "style and seat")


def naming(family: str, key: str, names, report=None) -> str:
    """'Style raider', 'Seat 1', 'Hero Ash the Bold', 'Woodland Alliance' (a side)."""
    label = label_for(family, key, names)
    if family == "seat":
        return label[:1].upper() + label[1:]
    if side_of(report, family)["role"] == "side":
        return label
    return f"{title_of(family, report)} {label}"


def tolerance(report) -> float:
    return float(report.get("tolerance_pp", DEFAULT_TOLERANCE)) / 100


def bound_to(e: Mapping, names, report) -> str:
    other = e["confounded_family"] if "confounded_family" in e else "agent"
    keys = e.get("confounded_levels", [e["confounded_with"]])
    if other == "seat" and len({str(k).split(":")[-1] for k in keys}) == 1:
        keys = [str(keys[0]).split(":")[-1]]  # seat 3 of 3 or of 4: seat 3
    labels = " or ".join(label_for(other, k, names) for k in keys)
    return (f"the {labels} style" if other == "agent" else
            labels if other == "seat" else f"{title_of(other, report).lower()} {labels}")


def _level_sentence(family, key, e, names, report, status) -> str:
    lo, hi = e["effect_ci95"]
    word = "stronger" if e["effect_pp"] > 0 else "weaker"
    head = (f"{naming(family, key, names, report)} wins {pct(e['rate'], 1)} "
            f"[{pct(e['ci95'][0], 1)}, {pct(e['ci95'][1], 1)}] adjusted for "
            f"{adjusted_for(family)} (raw {pct(e['raw_rate'], 1)}, fair {pct(e['fair'], 1)}): "
            f"{_points(e['effect_pp'])} points [{_points(lo)}, {_points(hi)}]")
    tail = f"({games(e.get('n_games', e['games']))}, Holm p = {e['p_holm']:.2g})"
    if status == "within":
        return (f"{head}: real but within your tolerance of ±{tolerance(report) * 100:g} "
                f"points {tail}.")
    return f"{head}: {word} {tail}."


def items(report: Mapping[str, Any], names=None) -> list[dict[str, Any]]:
    """The balance verdicts as data: {family, key (None for a whole family), status, effect,
    text}; status is off, within (tolerance), differ (the family differs, no level stands
    out alone), confounded or none. Ranked: off and within by effect size, then the rest."""
    names = names or {}
    tests = report.get("adjusted", {}).get("model", {}).get("tests", {})
    tol, out, said = tolerance(report), [], set()
    for family in balance_families(report):
        entries = report["adjusted"][family]
        if len(entries) < 2:
            continue
        bound = {k: e for k, e in entries.items() if "confounded_with" in e}
        tied = {e.get("confounded_family") for e in entries.values() if e.get("bound")}
        if tied:  # the whole family is one factor with another: one line for the pair
            other = sorted(tied)[0]
            if (other, family) not in said:
                said.add((family, other))
                out.append({"family": family, "key": None, "status": "confounded",
                            "effect": 0.0, "text": _tied_sentence(family, other, report)})
            continue
        for key, e in bound.items():
            out.append({"family": family, "key": key, "status": "confounded",
                        "effect": abs(e["effect_pp"]),
                        "text": f"{naming(family, key, names, report)} is played almost only "
                                f"with {bound_to(e, names, report)}, which holds almost only "
                                f"it: its rate ({pct(e['raw_rate'], 1)}) belongs to both, and "
                                "no verdict can tell them apart."})
        free = {k: e for k, e in entries.items() if k not in bound}
        if len(free) < 2:  # one free level of two: it is the bound one's mirror image
            continue
        test = tests.get(family, {"p": min(e["p"] for e in entries.values()), "df": 1})
        found = [(k, e) for k, e in free.items() if e["p_holm"] < ALPHA] \
            if test["p"] < ALPHA else []
        for key, e in found:
            status = "off" if abs(e["effect_pp"]) >= tol else "within"
            out.append({"family": family, "key": key, "status": status,
                        "effect": abs(e["effect_pp"]),
                        "text": _level_sentence(family, key, e, names, report, status)})
        if found:
            continue
        halves = sorted((e["effect_ci95"][1] - e["effect_ci95"][0]) / 2 for e in free.values())
        half = halves[len(halves) // 2]
        title = title_of(family, report).lower()
        n = report.get("adjusted", {}).get("model", {}).get("games", report["games"])
        if test["p"] < ALPHA:
            top = max(free, key=lambda k: abs(free[k]["effect_pp"]))
            out.append({"family": family, "key": None, "status": "differ", "effect": 0.0,
                        "text": f"The {title}s differ taken together (joint p = "
                                f"{test['p']:.2g}, {games(n)}), but no single "
                                f"{title} stands out after Holm; the largest gap is "
                                f"{naming(family, top, names, report)}'s "
                                f"{_points(free[top]['effect_pp'])} points."})
            continue
        inside = all(-tol <= e["effect_ci95"][0] and e["effect_ci95"][1] <= tol
                     for e in free.values())
        rest = (f"every interval lies within your tolerance of ±{tol * 100:g} points"
                if inside else "smaller differences need more games")
        out.append({"family": family, "key": None, "status": "none", "effect": 0.0,
                    "text": f"No {title} is significantly off after adjusting for "
                            f"{adjusted_for(family)} ({games(n)}, joint p = "
                            f"{test['p']:.2g}, typical interval ± {half * 100:.1f} points: "
                            f"{rest})."})
    return sorted(out, key=lambda v: (STATUS_ORDER[v["status"]], -v["effect"],
                                      v["family"], str(v["key"])))


def _tied_sentence(family, other, report) -> str:
    a, b = title_of(family, report).lower(), title_of(other, report).lower()
    return (f"{a[:1].upper() + a[1:]} and {b} are one factor in these games (each {a} "
            f"always goes with the same {b}): each rate belongs to both, and no verdict "
            f"can tell them apart. Play them in other combinations to separate them.")


def findings(report: Mapping[str, Any]) -> list[tuple[str, str, Mapping]]:
    """(family, key, entry) of every balance verdict that names a level as off (beyond or
    within tolerance), largest effect (in points) first."""
    return [(v["family"], v["key"], report["adjusted"][v["family"]][v["key"]])
            for v in items(report) if v["status"] in ("off", "within")]


def verdicts(report: Mapping[str, Any], names=None) -> list[str]:
    """The balance verdicts in words (see the module doc); `lead_lines` come before them."""
    return [v["text"] for v in items(report, names)]


def lead(report: Mapping[str, Any], names=None, lang: str = "en") -> list[dict[str, Any]]:
    """The game's sides, each level's per-game win rate (raw, Wilson 95 %): {family, key,
    name, rate, ci95, games, fair, bound_to}. The first side family leads; another side
    family is added when it is not bound to one already shown."""
    names = names or {}
    out, shown = [], []
    for side in report.get("sides", []):
        family = side["key"]
        adj = report.get("adjusted", {}).get(family, {})
        raw = _seat_rates(adj) if family == "seat" else \
            report.get("win_rate", {}).get(f"by_{family}", {})
        if side["role"] != "side" or len(raw) < 2:
            continue
        bound = [e.get("confounded_family") for e in adj.values()]
        if shown and all(b in shown for b in bound):
            continue
        shown.append(family)
        for key, e in raw.items():
            a = adj.get(key, {})
            out.append({"family": family, "key": key,
                        "name": {lg: label_for(family, key, names, lg) for lg in ("en", "zh")},
                        "rate": e["rate"], "ci95": e["ci95"], "games": e["games"],
                        "fair": e["fair"],
                        "bound_to": bound_to(a, names, report) if "confounded_with" in a
                        else None})
    return out


def _seat_rates(adjusted_seats: Mapping[str, Mapping]) -> dict[str, dict]:
    """Each seat's per-game rate (one player a seat a game: Wilson over games), by player
    count when counts mix, from the model's own rows."""
    from toolkit.sim.stats_math import wilson

    return {k: {"rate": e["raw_rate"], "ci95": list(wilson(e["wins"], e["games"])),
                "games": e["games"], "fair": e["fair"]} for k, e in adjusted_seats.items()}


def lead_lines(report, names=None, lang: str = "en") -> list[str]:
    lines = []
    for row in lead(report, names, lang):
        name = row["name"][lang]
        name = name[:1].upper() + name[1:]
        if lang == "zh":
            line = (f"{name}胜率 {pct(row['rate'], 1)} [{pct(row['ci95'][0], 1)}, "
                    f"{pct(row['ci95'][1], 1)}]（{row['games']}局，均分 {pct(row['fair'], 1)}）")
        else:
            line = (f"{name} wins {pct(row['rate'], 1)} [{pct(row['ci95'][0], 1)}, "
                    f"{pct(row['ci95'][1], 1)}] of {games(row['games'])} (fair "
                    f"{pct(row['fair'], 1)})")
            if row["bound_to"]:
                line += f", always as {row['bound_to']}"
        lines.append(line + ("。" if lang == "zh" else "."))
    return lines


def usage_lines(report: Mapping[str, Any], names=None, limit: int = 5) -> list[str]:
    """Usage statistics (not balance verdicts): the largest significant gaps of items
    chosen in play, and how many there are."""
    names = names or {}
    lines = []
    for family in usage_families(report):
        entries = report["adjusted"][family]
        found = sorted(((k, e) for k, e in entries.items() if e["p_holm"] < ALPHA
                        and "confounded_with" not in e),
                       key=lambda kv: (-abs(kv[1]["effect_pp"]), kv[0]))
        title = title_of(family, report)
        for key, e in found[:limit]:
            lo, hi = e["effect_ci95"]
            lines.append(f"Usage, not a verdict: players who used {title.lower()} "
                         f"{label_for(family, key, names)} won {pct(e['rate'], 1)} against "
                         f"{pct(e['rate_without'], 1)} for {against(family, e)} "
                         f"({_points(e['effect_pp'])} points [{_points(lo)}, {_points(hi)}], "
                         f"{e['games']:,} player-games).")
        if len(found) > limit:
            lines.append(f"... and {len(found) - limit} more {title.lower()} usage gaps in "
                         "report.json (adjusted).")
    return lines
