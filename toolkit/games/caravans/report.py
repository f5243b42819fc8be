"""The balance-report sections of Caravans & Brigands, from its own record keys (heroes,
parties, glory by source, cards used, events drawn, deaths, bounty, gold by round): the
game's `group_ids`, `report_sections` and `metrics` (toolkit/game.py)."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from typing import Any, Mapping

from toolkit.games.caravans.engine.actions import ActionKind
from toolkit.sim.adjusted import Base, set_family
from toolkit.sim.stats import Record, rate_entry, score, seats
from toolkit.sim.stats_math import largest_remainder

CARD_KINDS = ("event", "equipment", "weapon", "glory_card")
USED_KINDS = CARD_KINDS[1:]  # cards a player uses; events are drawn for everyone
GLORY_SOURCES = ("defeat", "sell", "raid", "mission", "rumor", "large_party", "stash")
END_WORDS = {"glory": "a player reached the glory goal", "events_exhausted": "the event deck ran out",
             "heroes_exhausted": "no hero card was left", "round_limit": "the round limit"}


def group_ids(catalog) -> dict[str, list[str]]:
    """The heroes and the starting parties of a project."""
    listed = list(catalog.game.starting.parties)
    flagged = [i for i, p in catalog.parties.items() if getattr(p, "starting", False)]
    return {"hero": list(catalog.heroes), "party": listed + [i for i in flagged
                                                           if i not in listed]}


def metrics(record: Record) -> dict[str, list[float]]:
    """Per seat: glory gained from each source."""
    return {f"glory:{g}": [float(record["glory_by_source"][s].get(g, 0))
                           for s in range(record["players"])] for g in GLORY_SOURCES}


def sections(records: list[Record], catalog=None) -> dict[str, Any]:
    """The game's report.json sections."""
    kinds = None
    if catalog is not None:
        kinds = {id_: kind for kind, entries in catalog.by_kind.items() for id_ in entries}
    return {"end_reason_words": END_WORDS,
            "hero_played": _played_rates(records), "glory_by_source": glory_by_source(records),
            "deaths": deaths(records), "bounty": bounty(records),
            "gold_by_round": gold_by_round(records), "cards": cards(records, kinds),
            "adjusted": {"card": adjusted_cards(records, kinds)} if records else {},
            "unused": unused(records, kinds)}


def _used(kinds):
    return lambda card: kinds is None or kinds.get(card) in USED_KINDS


def adjusted_cards(records, kinds: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Each card a player may use (equipment, weapons, glory cards): the win rate of the
    players who used it, adjusted for agent and seat and judged against the other cards of
    its kind (toolkit.sim.adjusted.set_family)."""
    base = Base(records)
    kind_of = (kinds or {}).get
    return set_family(base, [r["cards_used"][s] for r, s in base.pairs], _used(kinds),
                      block=lambda card: kind_of(card) or "card")


def unused(records, kinds: Mapping[str, str] | None = None) -> list[dict]:
    """The cards no player used in the run (equipment, weapons, glory cards) and the
    actions no agent took: their statistics mean nothing."""
    items = []
    if kinds is not None and records:
        used = {c for r, s in seats(records) for c in r["cards_used"][s]}
        items += [{"kind": kind.replace("_", " "), "id": card,
                   "note": f"no player used it in {len(records)} games"}
                  for kind in USED_KINDS for card, k in kinds.items()
                  if k == kind and card not in used]
    counted = [r for r in records if "action_kinds" in r]
    if counted:
        taken = {k for r in counted for k in r["action_kinds"]}
        items += [{"kind": "action", "id": k.value,
                   "note": f"no agent took it in {len(counted)} games"}
                  for k in ActionKind if k.value not in taken]
    return items


def _played_rates(records) -> dict[str, dict[str, Any]]:
    """Per hero: every player who used it at any time (a starting hero or one taken after a
    death), scored by that player's result; a hero used twice by one player counts once."""
    groups: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for record, seat in seats(records):
        history = record.get("hero_history") or [[h] for h in record["heroes"]]
        for hero in dict.fromkeys(history[seat]):
            groups[str(hero)].append((record["players"], score(record, seat)))
    return {k: rate_entry(v) for k, v in sorted(groups.items())}


def glory_by_source(records) -> dict[str, Any]:
    """Per source: total glory, its share of all glory, mean per player-game, and its share
    of the winners' glory."""
    total: Counter = Counter()
    winners: Counter = Counter()
    for record, seat in seats(records):
        for source, n in record["glory_by_source"][seat].items():
            total[source] += n
            if seat in record["winner"]:
                winners[source] += n
    all_glory, win_glory = sum(total.values()), sum(winners.values())
    player_games = sum(r["players"] for r in records) or 1
    percent, winners_percent = largest_remainder(dict(total)), largest_remainder(
        {src: winners[src] for src in total})
    return {src: {"total": n, "share": n / all_glory if all_glory else 0.0,
                  "percent": percent[src], "mean": n / player_games,
                  "winners_share": winners[src] / win_glory if win_glory else 0.0,
                  "winners_percent": winners_percent[src]}
            for src, n in sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))}


def cards(records, kinds: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Per card: uses, games and players using it, and the win rate of those players.
    With `kinds` (card id -> kind), only equipment, weapon and glory cards; then the events
    drawn (see `events`)."""
    uses: Counter = Counter()
    games: dict[str, set] = defaultdict(set)
    results: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for record, seat in seats(records):
        for card, n in record["cards_used"][seat].items():
            if kinds is not None and kinds.get(card) not in USED_KINDS:
                continue
            uses[card] += n
            games[card].add(id(record))
            results[card].append((record["players"], score(record, seat)))
    out = {}
    for card in sorted(uses, key=lambda c: (-uses[c], c)):
        entry = rate_entry(results[card])
        out[card] = {"kind": (kinds or {}).get(card), "uses": uses[card],
                     "games": len(games[card]), "players": entry.pop("games"), **entry}
    return {**out, **events(records)}


def _drawer(records) -> dict[str, Any]:
    """The first player's win rate over these games."""
    return rate_entry([(r["players"], score(r, r.get("first_player") or 0)) for r in records])


def events(records) -> dict[str, Any]:
    """Per event card: `drawn` (times drawn), `games` (games it was drawn in), the first
    player's (the drawer's) win rate in those games beside their rate over all games, and
    the mean game length in those games beside the mean over all games."""
    drawn: Counter = Counter()
    found: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        drawn.update(record.get("events_drawn", ()))
        for event in dict.fromkeys(record.get("events_drawn", ())):
            found[event].append(record)
    overall = _drawer(records)
    mean_all = statistics.fmean(r["rounds"] for r in records) if records else 0.0
    out = {}
    for event in sorted(drawn, key=lambda e: (-drawn[e], e)):
        entry = _drawer(found[event])
        out[event] = {"kind": "event", "drawn": drawn[event], "games": entry["games"],
                      "drawer_wins": entry["wins"], "drawer_rate": entry["rate"],
                      "drawer_ci95": entry["ci95"], "drawer_rate_all": overall["rate"],
                      "mean_rounds": statistics.fmean(r["rounds"] for r in found[event]),
                      "mean_rounds_all": mean_all}
    return out


def _mean_by(records, key, value) -> dict[str, float]:
    groups: dict[str, list[float]] = defaultdict(list)
    for record, seat in seats(records):
        groups[str(key(record, seat))].append(value(record, seat))
    return {k: statistics.fmean(v) for k, v in sorted(groups.items())}


def deaths(records) -> dict[str, Any]:
    """Hero deaths per player-game, overall, by starting hero and by agent."""
    values = [r["deaths"][s] for r, s in seats(records)]
    count = lambda r, s: r["deaths"][s]  # noqa: E731
    return {"total": sum(values), "mean": statistics.fmean(values) if values else 0.0,
            "share_dying": sum(1 for v in values if v) / len(values) if values else 0.0,
            "max": max(values, default=0),
            "by_hero": _mean_by(records, lambda r, s: r["heroes"][s], count),
            "by_agent": _mean_by(records, lambda r, s: r["agents"][s], count)}


def bounty(records) -> dict[str, Any]:
    """Bounty markers held at the end, per player-game, overall and by agent."""
    values = [r["bounty"][s] for r, s in seats(records)]
    return {"mean": statistics.fmean(values) if values else 0.0,
            "share_wanted": sum(1 for v in values if v) / len(values) if values else 0.0,
            "max": max(values, default=0),
            "by_agent": _mean_by(records, lambda r, s: r["agents"][s], lambda r, s: r["bounty"][s])}


def _gold_curve(pairs) -> list[dict[str, Any]]:
    by_round: dict[int, list[float]] = defaultdict(list)
    for record, seat in pairs:
        for i, gold in enumerate(record["gold_by_round"][seat]):
            by_round[i + 1].append(gold)
    return [{"round": r, "mean": statistics.fmean(v), "players": len(v)}
            for r, v in sorted(by_round.items())]


def gold_by_round(records) -> dict[str, Any]:
    """Mean gold held at the end of each round, over players still playing that round."""
    agents = sorted({r["agents"][s] for r, s in seats(records)})
    return {"all": _gold_curve(seats(records)),
            "by_agent": {a: _gold_curve((r, s) for r, s in seats(records) if r["agents"][s] == a)
                         for a in agents}}
