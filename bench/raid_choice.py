"""Is raiding an explorer worth it on this content? 4-player Caravans games, one seat (rotated
over the four) plays `balanced` except that when it has found an explorer it raids instead of
delving (the heuristic's best raid); the three others play `balanced`. The same seeds and
seats are played with the plain `balanced` seat, so the difference is paired. Prints both
win rates with 95% Wilson intervals, the paired difference, and raids and delves per game.

    .venv/bin/python bench/raid_choice.py --first 50000 --seeds 100 [--project DIR]
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from toolkit.agents import make_agent
from toolkit.content.validate import load_catalog
from toolkit.games.caravans import GAME
from toolkit.games.caravans.engine.actions import ActionKind as K
from toolkit.sim.stats_math import wilson

ROOT = Path(__file__).resolve().parents[1]


class Raider:
    """`balanced`, but a found explorer is always raided."""

    def __init__(self, agent):
        self.agent, self.name, self.seat = agent, "raid-always", agent.seat

    def choose(self, observation, legal):
        raids = [a for a in legal if a.kind == K.RAID]
        if raids and any(a.kind == K.DELVE for a in legal):
            ranked = [a for _s, a in self.agent.ranked(observation, legal) if a.kind == K.RAID]
            action = ranked[0] if ranked else raids[0]
            self.agent.note(observation, action)
            return action
        return self.agent.choose(observation, legal)


def play(catalog, seed: int, seat: int, forced: bool) -> tuple[float, int, int]:
    """(the seat's score, its raids, its delves)."""
    agents = [make_agent("balanced", GAME, catalog, s, seed) for s in range(4)]
    if forced:
        agents[seat] = Raider(agents[seat])
    state = GAME.new_game(catalog, seed, ["balanced"] * 4)
    raids = delves = 0
    while not GAME.is_terminal(state):
        current = GAME.current_player(state)
        action = agents[current].choose(GAME.observation(state, current),
                                        GAME.legal_actions(state))
        if current == seat:
            raids += action.kind == K.RAID
            delves += action.kind == K.DELVE
        state = GAME.apply_action(state, action)
    return GAME.results(state)[seat], raids, delves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=50000)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--project", type=Path, default=ROOT)
    args = parser.parse_args()
    catalog = load_catalog(args.project)
    arms = {}
    for forced in (True, False):
        arms[forced] = [play(catalog, seed, seat, forced)
                        for seed in range(args.first, args.first + args.seeds)
                        for seat in range(4)]
    for forced, games in arms.items():
        n = len(games)
        wins = sum(g[0] for g in games)
        low, high = wilson(wins, n)
        print(f"{'raid-always' if forced else 'balanced'} seat: win rate {wins / n:.3f} "
              f"[{low:.3f}, {high:.3f}] over {n} games; raids {sum(g[1] for g in games) / n:.2f}"
              f", delves {sum(g[2] for g in games) / n:.2f} per game")
    diffs = [a[0] - b[0] for a, b in zip(arms[True], arms[False])]
    mean = sum(diffs) / len(diffs)
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    print(f"raid-always - balanced, paired: {mean:+.3f} ± {1.96 * se:.3f} (95%)")


if __name__ == "__main__":
    main()
