"""The refine stage: the search's best re-played on check games, and each hero still off its
band re-searched on its own fields only, on the same check games."""

from __future__ import annotations

from toolkit.balance.fields import find_fields
from toolkit.balance.search import CHECK_OFFSET, Candidate, Search, _refine
from toolkit.sim.batch import catalog_for
from toolkit.sim.plan import parse_agents, plan_games


def _search(project, tmp_path, seed=5):
    from toolkit.games import game_for

    catalog = catalog_for(project)
    spec = catalog.game.balance
    s = Search(project, tmp_path / "work", spec, find_fields(project, spec), seed, 4, 1,
               "local", None, False, margin=0.15)
    lineup = parse_agents("mixed", 4, game_for(catalog, command="balance"), catalog)
    return s, plan_games(seed + CHECK_OFFSET, 160, [4], lineup)


def _off(cand):
    return {m.entry for m in cand.marks if m.entry is not None and m.gap_within(0.15) > 0}


def test_refine_moves_only_the_fields_of_heroes_still_off(planted, tmp_path):
    s, plan = _search(planted, tmp_path)
    start = {"hero/aldric_vane/stats.combat": 1, "hero/sylwen_silvertongue/stats.combat": 4}
    first = s.score(Candidate(dict(start)), plan)
    assert _off(first)
    bests = [first]

    def seen(cand, cur):  # each move: a field of a hero off its band on the current best
        before = bests[-1]
        changed = {k for k in set(cand.edits) | set(before.edits)
                   if cand.edits.get(k) != before.edits.get(k)}
        assert 1 <= len(changed) <= 2  # a move, or a move and the edit dropped for it
        assert any(k.split("/")[1] in _off(before) for k in changed)
        if cur is cand:
            bests.append(cand)

    best, stopped = _refine(s, Candidate(dict(start), rung=1), plan, 0.0, 1e9, 160 * 10,
                            seen, "6 trials")
    assert best.refined and best.games == 160 and "refining" in stopped
    assert best.dist < first.dist and best.size <= s.spec.max_edits and len(bests) > 1


def test_refine_is_deterministic_and_keeps_the_budget(planted, tmp_path):
    start = {"hero/aldric_vane/stats.combat": 1, "hero/sylwen_silvertongue/stats.combat": 4}
    runs = []
    for name in ("a", "b"):
        s, plan = _search(planted, tmp_path / name)
        runs.append(_refine(s, Candidate(dict(start)), plan, 0.0, 1e9, 160 * 4, None, ""))
    assert runs[0][0].edits == runs[1][0].edits and runs[0][0].dist == runs[1][0].dist
    assert "the game budget (640 games), while refining" == runs[0][1]
    # no time left: the best comes back unscored, and the reason is the search's
    c, why = _refine(s, Candidate(dict(start)), plan, 0.0, -1.0, None, None, "x")
    assert c.edits == start and why == "x" and not c.refined
