# toolkit: compile
"""The balance-report sections of Caravans & Brigands, from its own record keys (heroes,
parties, glory by source, cards used, events drawn, deaths, bounty, gold by round): the
game's `group_ids`, `report_sections` and `metrics` (toolkit/game.py)."""

from __future__ import annotations

from collections import Counter
from itertools import chain, zip_longest
from typing import Any, Mapping

from toolkit.games.caravans.engine.actions import ActionKind
from toolkit.sim.reporters import Record, entries, rates_table
from toolkit.sim.stats_math import largest_remainder
from toolkit.sim.tally import Rates, Sum, count_each, slot

CARD_KINDS = ("event", "equipment", "weapon", "glory_card")
USED_KINDS = CARD_KINDS[1:]  # cards a player uses; events are drawn for everyone
GLORY_SOURCES = ("defeat", "sell", "raid", "mission", "rumor", "large_party", "stash")
GLORY_METRICS = tuple((f"glory:{g}", g) for g in GLORY_SOURCES)
ROUNDS = range(1, 1 << 30)  # round numbers, zipped with a seat's gold by round
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
    seats = record["glory_by_source"][:record["players"]]
    return {name: [float(s.get(g, 0)) for s in seats] for name, g in GLORY_METRICS}


def sections(records: list[Record], catalog=None) -> dict[str, Any]:
    """The game's report.json sections of a list of records (as `Tally` tallies them)."""
    from toolkit.sim.adjusted import Base
    from toolkit.sim.design import design_of

    reporter = Tally(catalog)
    tally = reporter.empty()
    reporter.add_batch(tally, enumerate(records))
    return reporter.finish(tally, Base(design_of(records, items=reporter.items)))


def _tallied(records, kinds=None) -> dict:
    reporter = Tally()
    reporter.kinds = kinds
    reporter.counted = None if kinds is None else {c for c, k in kinds.items()
                                                   if k in USED_KINDS}
    tally = reporter.empty()
    reporter.add_batch(tally, enumerate(records))
    return tally


def glory_by_source(records) -> dict[str, Any]:
    return _glory(_tallied(records))


def cards(records, kinds: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Per card (`_cards`), then the events drawn (`_events`)."""
    tally = _tallied(records, kinds)
    return {**_cards(tally, kinds), **_events(tally)}


def deaths(records) -> dict[str, Any]:
    return _deaths(_tallied(records))


def bounty(records) -> dict[str, Any]:
    return _bounty(_tallied(records))


def gold_by_round(records) -> dict[str, Any]:
    return _gold(_tallied(records))


class Tally:
    """The game's sections as a mergeable reporter (`Game.report_tally`): heroes played,
    glory by source, cards used and events drawn, deaths, bounty, gold by round, the cards
    adjusted for agent and seat (from the fits' rows: `items` gives each seat's cards) and
    what was never used. Sums are exact (toolkit.sim.tally)."""

    def __init__(self, catalog=None):
        self.kinds = self.counted = None
        if catalog is not None:
            self.kinds = {id_: kind for kind, entries in catalog.by_kind.items()
                          for id_ in entries}
            self.counted = {c for c, kind in self.kinds.items() if kind in USED_KINDS}

    @staticmethod
    def items(record: Record) -> dict[str, list]:
        return {"card": record["cards_used"]}  # each seat's {card: uses}: the cards held

    def empty(self) -> dict:
        return {"games": 0, "glory": {}, "winners_glory": {},
                "player_games": 0, "uses": {}, "card_games": {},
                "rates": {},  # ("hero" / "card" / "event", id, players, score) -> n
                "drawn": {}, "event_rounds": {}, "drawer": Rates(), "rounds": Sum(),
                "deaths": {}, "bounty": {},
                "whole": {}, "seats": {},  # ("deaths"/"bounty", "hero"/"agent", id) -> sum, n
                "gold": {}, "gold_rounds": {},  # agent -> {round: gold}; (agent, rounds) -> seats
                "agents": set(), "used": set(), "counted": 0, "taken": set()}

    def add(self, tally, index, record) -> None:
        """One game (`add_batch` of it)."""
        self.add_batch(tally, ((index, record),))

    def add_batch(self, tally, pairs) -> None:
        """A batch of (index, record): what repeats across its games counted once in C
        (toolkit.sim.tally.count_each: keys of a seat's level, the cards, events drawn,
        deaths and bounty by hero and agent, sources of glory), then added into the tally's
        plain dicts of counts a distinct key at a time; whole numbers as such, so the counts
        are those of adding the games one by one."""
        counted = self.counted
        rates, uses, used = tally["rates"], tally["uses"], tally["used"]
        card_games, agents_seen = tally["card_games"], tally["agents"]
        heroes_in: list = []   # (hero, players, result) a seat and hero it played
        cards_in: dict = {}    # (players, result) -> {card: seats}
        people: dict = {}      # (hero, agent, deaths, bounty) -> seats
        sources: list = []     # a seat's glory by source
        winning: list = []     # a winner's
        curves: dict = {}      # agent -> its seats' gold by round
        reach: list = []       # (agent, rounds of gold) a seat
        drawers: list = []     # (players, the first player's result) a game
        events: dict = {}      # (players, first player's result, rounds) -> {event: games}
        drawn_counts = tally["drawn"]
        rounds_n = rounds_whole = 0
        games = player_games = actions_counted = 0
        taken = tally["taken"]
        for _, record in pairs:
            players = record["players"]
            winners, agents, heroes = record["winner"], record["agents"], record["heroes"]
            share = 1.0 / len(winners) if winners else 0.0
            games += 1
            player_games += players
            history = record.get("hero_history") or [[h] for h in heroes]
            agents_seen.update(agents[:players])
            by_source, cards_used = record["glory_by_source"], record["cards_used"]
            gold_curves = record["gold_by_round"]
            in_game: set = set()
            for seat in range(players):
                won = seat in winners
                result = share if won else 0.0
                agent = agents[seat]
                hero_list = history[seat]
                if len(hero_list) == 1:
                    heroes_in.append((hero_list[0], players, result))
                else:
                    heroes_in += [(hero, players, result) for hero in dict.fromkeys(hero_list)]
                seat_sources = by_source[seat]
                sources.append(seat_sources)
                if won:
                    winning.append(seat_sources)
                cards = cards_used[seat]
                used.update(cards)
                mine = cards if counted is None else cards.keys() & counted
                if mine:
                    in_game.update(mine)
                    key = (players, result)
                    bucket = cards_in.get(key)
                    if bucket is None:
                        bucket = cards_in[key] = {}
                    count_each(bucket, mine)  # each card used once or more
                    if len(cards) == sum(cards.values()) and min(cards.values()) == 1:
                        count_each(uses, mine)
                    else:
                        for card in mine:
                            uses[card] = uses.get(card, 0) + cards[card]
                curve = gold_curves[seat]
                mine_curves = curves.get(agent)
                if mine_curves is None:
                    curves[agent] = [curve]
                else:
                    mine_curves.append(curve)
                reach.append((agent, len(curve)))
            count_each(people, zip(heroes[:players], agents, record["deaths"],
                                   record["bounty"]))
            count_each(card_games, in_game)
            drawer = (players, share if (record.get("first_player") or 0) in winners else 0.0)
            drawers.append(drawer)
            rounds = record["rounds"]
            if type(rounds) is int:
                rounds_n += 1
                rounds_whole += rounds
            else:
                tally["rounds"].add(rounds)
            drawn = record.get("events_drawn", ())
            count_each(drawn_counts, drawn)
            key = (*drawer, rounds)
            bucket = events.get(key)
            if bucket is None:
                bucket = events[key] = {}
            count_each(bucket, dict.fromkeys(drawn))
            if "action_kinds" in record:
                actions_counted += 1
                taken.update(record["action_kinds"])
        tally["games"] += games
        tally["player_games"] += player_games
        tally["counted"] += actions_counted
        total = tally["rounds"]
        total.n += rounds_n
        total.whole += rounds_whole
        count_each(tally["drawer"].results, drawers)
        hero_counts: dict = {}
        count_each(hero_counts, heroes_in)
        for (hero, players, result), n in hero_counts.items():
            key = ("hero", str(hero), players, result)
            rates[key] = rates.get(key, 0) + n
        for (players, result), bucket in cards_in.items():
            for card, n in bucket.items():
                key = ("card", card, players, result)
                rates[key] = rates.get(key, 0) + n
        event_rounds = tally["event_rounds"]
        for (players, result, rounds), bucket in events.items():
            for event, n in bucket.items():
                key = ("event", event, players, result)
                rates[key] = rates.get(key, 0) + n
                event_rounds[event] = event_rounds.get(event, 0) + rounds * n  # whole rounds
        for into, seats in ((tally["glory"], sources), (tally["winners_glory"], winning)):
            pairs_n: dict = {}
            count_each(pairs_n, chain.from_iterable(map(dict.items, seats)))
            for (source, glory), n in pairs_n.items():
                into[source] = into.get(source, 0) + glory * n
        deaths, bounty = tally["deaths"], tally["bounty"]
        whole, seats = tally["whole"], tally["seats"]
        for (hero, agent, died, wanted), n in people.items():
            deaths[died] = deaths.get(died, 0) + n
            bounty[wanted] = bounty.get(wanted, 0) + n
            for key, value in ((("deaths", "hero", str(hero)), died),  # whole numbers: exact
                               (("deaths", "agent", str(agent)), died),
                               (("bounty", "agent", str(agent)), wanted)):
                whole[key] = whole.get(key, 0) + value * n
                seats[key] = seats.get(key, 0) + n
        gold = tally["gold"]
        for agent, held in curves.items():
            mine = gold.get(agent)
            if mine is None:
                mine = gold[agent] = {}
            for r, amount in zip(ROUNDS, map(sum, zip_longest(*held, fillvalue=0))):
                mine[r] = mine.get(r, 0) + amount  # whole gold: exact in any order
        count_each(tally["gold_rounds"], reach)

    def finish(self, tally, base) -> dict[str, Any]:
        from toolkit.sim.adjusted import set_family

        kinds = self.kinds
        kind_of = (kinds or {}).get
        cards = set_family(base, base.design.held("card"), _used(kinds),
                           block=lambda card: kind_of(card) or "card") if tally["games"] else {}
        return {"end_reason_words": END_WORDS,
                "hero_played": entries(_rates(tally, "hero")),
                "glory_by_source": _glory(tally), "deaths": _deaths(tally),
                "bounty": _bounty(tally), "gold_by_round": _gold(tally),
                "cards": {**_cards(tally, kinds), **_events(tally)},
                "adjusted": {"card": cards} if tally["games"] else {},
                "unused": _unused(tally, kinds)}


def _used(kinds):
    return lambda card: kinds is None or kinds.get(card) in USED_KINDS


def _unused(tally, kinds: Mapping[str, str] | None = None) -> list[dict]:
    """The cards no player used in the run (equipment, weapons, glory cards) and the
    actions no agent took: their statistics mean nothing."""
    items = []
    games = tally["games"]
    if kinds is not None and games:
        items += [{"kind": kind.replace("_", " "), "id": card,
                   "note": f"no player used it in {games} games"}
                  for kind in USED_KINDS for card, k in kinds.items()
                  if k == kind and card not in tally["used"]]
    if tally["counted"]:
        items += [{"kind": "action", "id": k.value,
                   "note": f"no agent took it in {tally['counted']} games"}
                  for k in ActionKind if k.value not in tally["taken"]]
    return items


def _glory(tally) -> dict[str, Any]:
    """Per source: total glory, its share of all glory, mean per player-game, and its share
    of the winners' glory."""
    total, winners = tally["glory"], tally["winners_glory"]
    all_glory, win_glory = sum(total.values()), sum(winners.values())
    player_games = tally["player_games"] or 1
    percent, winners_percent = largest_remainder(dict(total)), largest_remainder(
        {src: winners.get(src, 0) for src in total})
    return {src: {"total": n, "share": n / all_glory if all_glory else 0.0,
                  "percent": percent[src], "mean": n / player_games,
                  "winners_share": winners.get(src, 0) / win_glory if win_glory else 0.0,
                  "winners_percent": winners_percent[src]}
            for src, n in sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))}


def _cards(tally, kinds) -> dict[str, Any]:
    """Per card: uses, games and players using it, and the win rate of those players.
    With `kinds` (card id -> kind), only equipment, weapon and glory cards."""
    uses, out, rates = tally["uses"], {}, _rates(tally, "card")
    for card in sorted(uses, key=lambda c: (-uses[c], c)):
        entry = rates[card].entry()
        out[card] = {"kind": (kinds or {}).get(card), "uses": uses[card],
                     "games": tally["card_games"][card], "players": entry.pop("games"),
                     **entry}
    return out


def _events(tally) -> dict[str, Any]:
    """Per event card: `drawn` (times drawn), `games` (games it was drawn in), the first
    player's (the drawer's) win rate in those games beside their rate over all games, and
    the mean game length in those games beside the mean over all games."""
    drawn, overall = tally["drawn"], tally["drawer"].entry()
    out, rates = {}, _rates(tally, "event")
    for event in sorted(drawn, key=lambda e: (-drawn[e], e)):
        entry = rates[event].entry()
        out[event] = {"kind": "event", "drawn": drawn[event], "games": entry["games"],
                      "drawer_wins": entry["wins"], "drawer_rate": entry["rate"],
                      "drawer_ci95": entry["ci95"], "drawer_rate_all": overall["rate"],
                      "mean_rounds": tally["event_rounds"][event] / entry["games"],
                      "mean_rounds_all": tally["rounds"].mean()}
    return out


def _spread(counts: Counter) -> tuple[int, float, float, int]:
    """(total, mean, share above 0, max) of per player-game counts ({value: times})."""
    n = sum(counts.values())
    total = sum(v * t for v, t in counts.items())
    mean = Sum()
    for v, t in counts.items():
        mean.add(v, t)
    nonzero = sum(t for v, t in counts.items() if v)
    return total, mean.mean(), nonzero / n if n else 0.0, max(counts, default=0)


def _means(tally, what: str, by: str) -> dict[str, float]:
    """Mean of `what` per player-game by hero or agent (whole numbers: sum / seats)."""
    seats = tally["seats"]
    sums = {key[2]: total / seats[key] for key, total in tally["whole"].items()
            if key[0] == what and key[1] == by}
    return {k: sums[k] for k in sorted(sums)}


def _rates(tally, family: str) -> dict[str, Rates]:
    """{id: Rates} of the heroes, cards or events (from the tally's flat counts)."""
    return rates_table(tally["rates"]).get(family, {})


def _deaths(tally) -> dict[str, Any]:
    """Hero deaths per player-game, overall, by starting hero and by agent."""
    total, mean, dying, most = _spread(tally["deaths"])
    return {"total": total, "mean": mean, "share_dying": dying, "max": most,
            "by_hero": _means(tally, "deaths", "hero"),
            "by_agent": _means(tally, "deaths", "agent")}


def _bounty(tally) -> dict[str, Any]:
    """Bounty markers held at the end, per player-game, overall and by agent."""
    _, mean, wanted, most = _spread(tally["bounty"])
    return {"mean": mean, "share_wanted": wanted, "max": most,
            "by_agent": _means(tally, "bounty", "agent")}


def _curve(by_round: Mapping[int, Sum]) -> list[dict[str, Any]]:
    return [{"round": r, "mean": by_round[r].mean(), "players": by_round[r].n}
            for r in sorted(by_round)]


def _gold(tally) -> dict[str, Any]:
    """Mean gold held at the end of each round, over players still playing that round."""
    reach: dict = {}  # agent -> {rounds: seats whose game lasted that long}
    for (agent, rounds), seats in tally["gold_rounds"].items():
        slot(reach, agent, dict)[rounds] = seats
    by_agent: dict = {}
    overall: dict[int, Sum] = {}
    for agent, totals in tally["gold"].items():
        lasted = reach.get(agent, {})
        for r, total in totals.items():
            players = sum(n for rounds, n in lasted.items() if rounds >= r)
            for curve in (slot(by_agent, agent, dict), overall):
                slot(curve, r, Sum).add(total)
                curve[r].n += players - 1  # `players` gold amounts added up to `total`
    return {"all": _curve(overall),
            "by_agent": {a: _curve(by_agent.get(a, {})) for a in sorted(tally["agents"])}}
