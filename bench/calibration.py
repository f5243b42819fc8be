"""How often the balance report cries wolf: each verdict family's false-alarm rate on games
where nothing is off.

Null games, played through the Game protocol and the game loop (`toolkit.loop.play_game`):
- `coin`: two players, one decision each, a fair coin decides (2-player: one player's win
  is the other's loss, the case where a per-player-row model was too sure);
- `lottery`: four players pick a number that does not matter, a fair draw decides, one game
  in ten is a shared win of two (4-player, fractional results);
- `bundled`: the bundled Caravans & Brigands with one agent in every seat (2-4 players, as
  `toolkit simulate` plays by default).
Every record then gets placebo labels drawn from its own stream, outcome-blind: a style
(several seats of one game may share one, as in `--agents mixed`) and a lever (dealt
without repeats, like heroes). In the coin and lottery games every family is null; in the
bundled game the placebo style and lever are, the seat is not (the first player draws
every event: a real edge), so its rate is shown apart.

A family raises an alarm in a run when the report gives it any verdict that says it is off
(beyond or within the tolerance, or "the levels differ"). At the default settings each null
family must alarm in 5 % of runs within sampling error.

    .venv/bin/python bench/calibration.py                 # 400 runs of 500 coin / lottery games,
                                                          # 60 runs of 300 bundled games
    .venv/bin/python bench/calibration.py --runs 100 --bundled-runs 0
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Sequence

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toolkit.game import SEAT, STYLE, Game, Side, seeded_stream  # noqa: E402
from toolkit.sim.plan import seed_for  # noqa: E402
from toolkit.sim.stats import build_report  # noqa: E402
from toolkit.sim.verdicts import items  # noqa: E402

STYLES = ("style_a", "style_b", "style_c")
LEVERS = tuple(f"lever_{i}" for i in range(6))
ALARMS = {"off", "within", "differ"}


class CoinGame(Game):
    """Two players; each calls heads or tails (it does not matter); a fair coin decides."""

    name = "coin"
    title = {"en": "Fair coin", "zh": "公平硬币"}

    def new_game(self, catalog, seed, seats):
        return {"seed": seed, "n": len(seats), "turn": 0, "winner": None}

    def legal_actions(self, state):
        return ["heads", "tails"]

    def apply_action(self, state, action):
        state["turn"] += 1
        if state["turn"] == state["n"]:
            state["winner"] = [seeded_stream(state["seed"], "coin").randrange(state["n"])]
        return state

    def current_player(self, state):
        return -1 if state["winner"] is not None else state["turn"]

    def is_terminal(self, state):
        return state["winner"] is not None

    def results(self, state):
        share = 1.0 / len(state["winner"]) if state["winner"] else 0.0
        return [share if s in (state["winner"] or []) else 0.0 for s in range(state["n"])]

    def record(self, state):
        return {"winner": list(state["winner"] or [])}

    # the placebo families (see the module doc)
    def seat_groups(self, record):
        return {"lever": list(record["lever"])}

    def sides(self, catalog):
        return [SEAT, Side("lever", {"en": "Lever", "zh": "杠杆"}), STYLE]


class LotteryGame(CoinGame):
    """Four players pick 1-3 (it does not matter); a fair draw names the winner, and one
    game in ten the player after the winner shares the win."""

    name = "lottery"
    title = {"en": "Fair lottery", "zh": "公平抽签"}

    def legal_actions(self, state):
        return [1, 2, 3]

    def apply_action(self, state, action):
        state["turn"] += 1
        if state["turn"] == state["n"]:
            rng = seeded_stream(state["seed"], "draw")
            first = rng.randrange(state["n"])
            state["winner"] = sorted({first, (first + 1) % state["n"]}) \
                if rng.random() < 0.1 else [first]
            state["first_player"] = seeded_stream(state["seed"], "order").randrange(state["n"])
        return state

    def record(self, state):
        return {"winner": list(state["winner"] or []), "first_player": state["first_player"]}


class Bundled(CoinGame):
    """The bundled game's records with the placebo families only (the report's null part)."""

    name = "caravans"


def placebo(record: dict, run: int) -> dict:
    """The record with outcome-blind placebo labels from its own stream."""
    rng = seeded_stream(f"{run}:{record['seed']}", "placebo")
    out = dict(record)
    out["agents"] = [rng.choice(STYLES) for _ in range(record["players"])]
    out["lever"] = rng.sample(LEVERS, record["players"])
    return out


def play_null(game: Game, players: int, games: int, run: int) -> list[dict]:
    from toolkit.loop import play_game

    return [placebo(play_game(game, None, seed_for(run, i), ["random"] * players,
                              keep_actions=False), run) for i in range(games)]


def play_bundled(games: int, runs: int, agent: str = "balanced") -> list[list[dict]]:
    """`runs` runs of `games` bundled games, 2-4 players in turn, `agent` in every seat
    (played at once, on the compiled core when it is built)."""
    from toolkit import BUNDLED_PROJECT
    from toolkit.sim.batch import run_games

    seeds, lineups = [], []
    for run in range(runs):
        for i in range(games):
            players = 2 + i % 3
            seeds.append(seed_for(10_000 + run, i))
            lineups.append((agent,) * players)
    records = run_games(BUNDLED_PROJECT, seeds, lineups, workers=1, progress=False)
    return [[placebo(r, run) for r in records[run * games:(run + 1) * games]]
            for run in range(runs)]


def alarms(records: Sequence[dict], game: Game) -> dict[str, bool]:
    """Per verdict family: whether this run's report says it is off."""
    report = build_report(list(records), seed=0, agents="placebo", game=game)
    families = [k for k in report["adjusted"] if k != "model"]
    raised = {v["family"] for v in items(report) if v["status"] in ALARMS}
    return {f: f in raised for f in families}


def rates(runs: Sequence[Sequence[dict]], game: Game) -> dict[str, tuple[int, int]]:
    """Per family: (runs with an alarm, runs)."""
    out: dict[str, list[int]] = {}
    for records in runs:
        for family, alarm in alarms(records, game).items():
            cell = out.setdefault(family, [0, 0])
            cell[0] += alarm
            cell[1] += 1
    return {f: (a, n) for f, (a, n) in sorted(out.items())}


def within_error(alarmed: int, runs: int, level: float = 0.05, z: float = 3.0) -> bool:
    """Whether alarmed/runs is 5 % within `z` standard errors of a binomial with p = 5 %."""
    return abs(alarmed / runs - level) <= z * math.sqrt(level * (1 - level) / runs)


def calibrate(runs: int, games: int, bundled_runs: int = 0, bundled_games: int = 300
              ) -> list[dict]:
    """Rows {game, family, null, alarmed, runs, rate, ok}."""
    out = []
    for name, game, players in (("coin (2 players)", CoinGame(), 2),
                                ("lottery (4 players)", LotteryGame(), 4)):
        played = [play_null(game, players, games, run) for run in range(runs)]
        for family, (a, n) in rates(played, game).items():
            out.append({"game": name, "family": family, "null": True, "alarmed": a,
                        "runs": n, "rate": a / n, "ok": within_error(a, n)})
    if bundled_runs:
        for family, (a, n) in rates(play_bundled(bundled_games, bundled_runs),
                                    Bundled()).items():
            null = family != "seat"
            out.append({"game": "bundled (2-4 players, one agent)", "family": family,
                        "null": null, "alarmed": a, "runs": n, "rate": a / n,
                        "ok": within_error(a, n) if null else None})
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--bundled-runs", type=int, default=60)
    parser.add_argument("--bundled-games", type=int, default=300)
    args = parser.parse_args(argv)
    start, wall = time.process_time(), time.perf_counter()
    rows = calibrate(args.runs, args.games, args.bundled_runs, args.bundled_games)
    print(f"{'game':34} {'family':8} {'alarms':>9} {'rate':>7}  95 % interval   verdict")
    for row in rows:
        p, n = row["rate"], row["runs"]
        half = 1.96 * math.sqrt(max(p * (1 - p), 0.05 * 0.95) / n)
        verdict = ("not a null family (a real effect)" if not row["null"] else
                   "5 % within sampling error" if row["ok"] else "OFF 5 %")
        print(f"{row['game']:34} {row['family']:8} {row['alarmed']:>4}/{n:<4} {p * 100:6.1f} %"
              f"  [{max(0, p - half) * 100:4.1f}, {(p + half) * 100:4.1f}]   {verdict}")
    print(f"{time.process_time() - start:.0f} s of CPU in this process, "
          f"{time.perf_counter() - wall:.0f} s wall")
    return 0 if all(r["ok"] is not False for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
