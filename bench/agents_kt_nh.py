"""Kings & Things and 南荒2: the agents head to head, and each game's seat effect with the
better agents (issue #23, item 4).

Every duel plays each seed twice, the two agents swapping seats, and prints the first
agent's win share (a shared win counts a half) with a 95% Wilson interval over the games.
K&T: the heuristic against `hunter` (the counter that sends everything at an enemy
citadel, `agent_hunter.py`) and against random. 南荒2: `warlord` (which trades, recalls and
takes back where it pays) against `warlord_plain` (the first version, none of those) and
random; in 4 players one warlord against three plain ones, and two warlords against two that
never trade (what trading itself is worth); trades, recalls and take-backs counted a game.
Then the seat effect: mirror games of the better agent, the win rate by position in the
first round's turn order (K&T rolls the first player; in 南荒2 seat 1 starts). Tune on seeds
below 10000; report on 50000 up.

    .venv/bin/python bench/agents_kt_nh.py --first 50000 --seeds 300 --jobs 2
        [--only kt|nh] [--seat-games 500]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from multiprocessing import Pool

from _common import PROJECTS, rate
from toolkit.agents import make_agent
from toolkit.agents.base import agent_rng
from toolkit.content.validate import load_catalog

GAMES = {"kt": "kings_and_things", "nh": "nanhuang2"}
NH_COUNTS = ("trades", "recalls", "take_backs")     # what 南荒2 reports a game
_CATALOG: dict = {}


def game_of(kind: str):
    if kind == "kt":
        from toolkit.games.kings_and_things import GAME
    else:
        from toolkit.games.nanhuang2 import GAME
    return GAME


def extra_agents(kind: str) -> dict:
    """Agents the benches and tests play that the game does not offer its users."""
    if kind == "kt":
        from toolkit.games.kings_and_things.agent_hunter import make_hunter
        return {"hunter": make_hunter}
    from toolkit.games.nanhuang2.agents import make_plain
    return {"warlord_plain": make_plain, "warlord_notrade": make_notrade}


def make_notrade(game, catalog, seat, rng, arg=None):
    """南荒2 warlord that recalls and takes back but neither offers nor accepts a trade:
    what trading itself is worth."""
    from toolkit.games.nanhuang2.agents import Warlord

    class NoTrade(Warlord):
        def score_offer(self, s, a):
            return -5.0

        def score_accept(self, s, a):
            return -1.0
    return NoTrade(seat, rng)


def one_game(job: tuple) -> dict:
    """Plays one game of `names` (seat i plays names[i]) and returns who won and the
    counters the report needs."""
    kind, seed, names = job
    if kind not in _CATALOG:
        _CATALOG[kind] = load_catalog(PROJECTS[GAMES[kind]])
    catalog, game, extra = _CATALOG[kind], game_of(kind), extra_agents(kind)
    agents = [extra[n](game, catalog, seat, agent_rng(seed, seat), None) if n in extra
              else make_agent(n, game, catalog, seat, seed) for seat, n in enumerate(names)]
    state = game.new_game(catalog, seed, list(names))
    first = state.order[0] if kind == "kt" else 0   # K&T: set by a 2d6 roll at setup
    kinds: Counter = Counter()
    for _ in range(game.max_actions):
        if game.is_terminal(state):
            break
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        obs = game.observation(state, seat) if getattr(agents[seat], "observes", True) else None
        action = agents[seat].choose(obs, legal)
        kinds[action[0]] += 1
        state = game.apply_action(state, action)
    record = game.record(state)
    out = {"names": list(names), "winners": list(record["winner"]), "rounds": record["rounds"]}
    if kind == "kt":
        out["first"] = first
        out["reason"] = state.end_reason
    else:
        out["first"] = 0
        # a trade is counted once, on its acceptance (both players' `trades` stat count it)
        out["trades"] = sum(s["trades"] for s in record["stats"]) / 2
        out["recalls"], out["take_backs"] = kinds["recall"], kinds["take_back"]
    return out


def run(jobs: list, n_jobs: int) -> list:
    if n_jobs > 1:
        with Pool(n_jobs) as pool:
            return pool.map(one_game, jobs, chunksize=4)
    return [one_game(j) for j in jobs]


def share(games: list, name: str) -> tuple[float, int]:
    won = 0.0
    for g in games:
        seats = [s for s, n in enumerate(g["names"]) if n == name]
        if g["winners"]:
            won += sum(1 for s in seats if s in g["winners"]) / len(g["winners"])
    return won, len(games)


def played(jobs: list, n_jobs: int, name: str) -> tuple[list, float, int, str]:
    """The games of `jobs`, `name`'s wins in them (a shared win counts in part), how many
    games, and the wall time they took as text."""
    start = time.perf_counter()
    games = run(jobs, n_jobs)
    won, n = share(games, name)
    return games, won, n, f"  [{time.perf_counter() - start:.0f} s wall]"


def per_game(kind: str, games: list) -> str:
    """南荒2's trades, recalls and take-backs a game, as text (nothing for K&T)."""
    if kind != "nh":
        return ""
    return "; a game: " + ", ".join(f"{k} {sum(g[k] for g in games) / len(games):.2f}"
                                    for k in NH_COUNTS)


def duel(kind: str, a: str, b: str, seeds: range, n_jobs: int) -> list:
    games, won, n, wall = played([(kind, s, order) for s in seeds for order in ((a, b), (b, a))],
                                 n_jobs, a)
    won1, n1 = share([g for g in games if g["names"][0] == a], a)
    print(f"  {a} vs {b}: {a} wins {rate(won, n)} over {n} games (as seat 1 "
          f"{won1 / n1:.3f}, as seat 2 {(won - won1) / (n - n1):.3f}){per_game(kind, games)}"
          + wall)
    return games


def one_vs_field(kind: str, a: str, b: str, players: int, seeds: range, n_jobs: int) -> list:
    """`a` in each seat in turn against `players - 1` copies of `b`: its win share against
    the 1/players of an equal."""
    jobs = [(kind, s, tuple(a if i == seat else b for i in range(players)))
            for s in seeds for seat in range(players)]
    games, won, n, wall = played(jobs, n_jobs, a)
    print(f"  one {a} vs {players - 1} {b}, every seat: {a} wins {rate(won, n)} over {n} "
          f"games (an equal: {1 / players:.3f}){per_game(kind, games)}" + wall)
    return games


def pairs(kind: str, a: str, b: str, seeds: range, n_jobs: int) -> list:
    """Two `a` and two `b` in 4-player games, in the 6 seatings of two pairs: the `a` side's
    share of the wins (0.5 if `a` and `b` are worth the same)."""
    seatings = [(a, b, a, b), (b, a, b, a), (a, a, b, b), (b, b, a, a), (a, b, b, a), (b, a, a, b)]
    games, won, n, wall = played([(kind, s, order) for s in seeds for order in seatings],
                                 n_jobs, a)
    print(f"  two {a} + two {b}: the {a} side wins {rate(won, n)} over {n} games (equal: "
          f"0.500){per_game(kind, games)}" + wall)
    return games


def seat_effect(kind: str, agent: str, players: int, seeds: range, n_jobs: int) -> None:
    """Mirror games: the win rate by position in the first round's turn order."""
    games = run([(kind, s, (agent,) * players) for s in seeds], n_jobs)
    n = len(games)
    by_pos = [0.0] * players
    for g in games:
        order = [(g["first"] + i) % players for i in range(players)]
        for pos, seat in enumerate(order):
            if seat in g["winners"]:
                by_pos[pos] += 1 / len(g["winners"])
    cells = [f"#{pos + 1} {rate(by_pos[pos], n)}" for pos in range(players)]
    print(f"  {players} players, {agent} x{players}, {n} games: " + "  ".join(cells)
          + per_game(kind, games))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=50000, help="first game seed")
    parser.add_argument("--seeds", type=int, default=200,
                        help="seeds a duel (each played in both seat orders)")
    parser.add_argument("--seat-games", type=int, default=400, help="games a seat-effect run")
    parser.add_argument("--only", choices=("kt", "nh"))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    seeds = range(args.first, args.first + args.seeds)
    seat_seeds = range(args.first, args.first + args.seat_games)
    if args.only in (None, "kt"):
        print(f"Kings & Things, 2 players, seeds {seeds.start}-{seeds.stop - 1}, both seat orders")
        duel("kt", "heuristic", "hunter", seeds, args.jobs)
        duel("kt", "heuristic", "random", seeds, args.jobs)
        print("Kings & Things seat effect (win rate by position in the first round's order)")
        for players in (2, 4):
            seat_effect("kt", "heuristic", players, seat_seeds, args.jobs)
    if args.only in (None, "nh"):
        print(f"南荒2, 2 players, seeds {seeds.start}-{seeds.stop - 1}, both seat orders")
        duel("nh", "warlord", "warlord_plain", seeds, args.jobs)
        duel("nh", "warlord", "random", seeds, args.jobs)
        print("南荒2, 4 players")
        one_vs_field("nh", "warlord", "warlord_plain", 4, seeds, args.jobs)
        pairs("nh", "warlord", "warlord_notrade", seeds, args.jobs)
        print("南荒2 seat effect (win rate by seat = turn order)")
        for players in (2, 4):
            seat_effect("nh", "warlord", players, seat_seeds, args.jobs)


if __name__ == "__main__":
    main()
