"""The skill ladder (`toolkit simulate --ladder N`): does the AI separate skill from luck?
For each step of the game's `skill_ladder` (weakest first, e.g. random < heuristic <
search), N extra games seat one stronger agent among weaker ones, the stronger one moved
through every seat with common seeds (a rotation plays one seed once per seat). Its per-game
win rate (one of it a game, so a Wilson interval over games) against its fair share says
whether the step is a step: `separated` when the whole interval lies above the fair share.
Opt-in because the strong agents are the slow ones (search plays far slower than a heuristic)."""

from __future__ import annotations

from typing import Any, Sequence

from toolkit.sim.plan import seed_for
from toolkit.sim.stats import Record, rate_entry, score
from toolkit.sim.verdicts import pct

LADDER_OFFSET = 1 << 40  # game indices of the ladder's seeds, apart from the run's own


def plan_ladder(master: int, games: int, tiers: Sequence[str], players: int
                ) -> list[tuple[int, int, tuple[str, ...]]]:
    """(step, seed, agents) of every ladder game: step k pits tiers[k+1] against tiers[k]."""
    out = []
    for step, (weak, strong) in enumerate(zip(tiers, tiers[1:])):
        for j in range(games):
            seat, group = j % players, j // players
            seed = seed_for(master, LADDER_OFFSET * (step + 1) + group)
            out.append((step, seed, tuple(strong if s == seat else weak
                                          for s in range(players))))
    return out


def stronger_result(tiers: Sequence[str], game, record: Record) -> tuple[int, float]:
    """(players, result) of the stronger agent of a ladder game (`game`: its plan entry)."""
    step, _, agents = game
    return record["players"], score(record, list(agents).index(tiers[step + 1]))


def ladder_section(tiers: Sequence[str], planned, records: Sequence[Record] | None = None,
                   results: Sequence[tuple[int, float]] | None = None
                   ) -> list[dict[str, Any]]:
    """One entry a step: the stronger agent's per-game rate against its fair share, from
    the games' records or their `stronger_result`s (one a planned game, in order)."""
    if results is None:
        results = [stronger_result(tiers, g, r) for g, r in zip(planned, records)]
    out = []
    for step, (weak, strong) in enumerate(zip(tiers, tiers[1:])):
        mine = [res for (k, _, _), res in zip(planned, results) if k == step]
        entry = rate_entry(mine)
        out.append({"weaker": weak, "stronger": strong, **entry,
                    "separated": bool(mine) and entry["ci95"][0] > entry["fair"]})
    return out


def ladder_lines(report) -> list[str]:
    lines = []
    for step in report.get("ladder", []):
        lo, hi = step["ci95"]
        verdict = ("a clear step up" if step["separated"] else
                   "not told apart from luck in these games" if lo <= step["fair"] <= hi
                   else "weaker, not stronger")
        lines.append(f"Skill ladder: one {step['stronger']} among {step['weaker']} players wins "
                     f"{pct(step['rate'], 1)} [{pct(lo, 1)}, {pct(hi, 1)}] of "
                     f"{step['games']} games (fair {pct(step['fair'], 1)}): {verdict}.")
    return lines
