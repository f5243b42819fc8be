"""Whole games on the compiled core: the records of toolkit/loop.play_game (one game) and
of toolkit/sim/batch.play_counted (a batch, for simulate and compare), identical to the
Python loop's, from the C loop (core/loop.pyx), the record read from the C state
(core/record.pyx) with no engine State made.

`play_batch(catalog, jobs)` answers None when the core cannot play the batch (not built,
TOOLKIT_PURE_PYTHON=1, an agent it lacks, content it refuses); the generic loop then
plays it. Content the core refuses is said once on stderr, by the main process
(`play_batch(catalog, [])` only checks the content: toolkit/sim/batch calls it before
starting worker processes, which stay silent). A single game the core cannot finish (a
rule it lacks, a deeper decision stack than it holds) is played by the Python loop
instead: same record.
"""

from __future__ import annotations

import sys
from typing import Any, Sequence

Record = dict[str, Any]
_NOTED: set[str] = set()


def _note(reason: str) -> None:
    """Say once, on stderr, that the Python engine plays (and why): in the main process
    only (a worker's parent checked the content before starting it)."""
    import multiprocessing
    if reason not in _NOTED and multiprocessing.parent_process() is None:
        _NOTED.add(reason)
        print(f"note: {reason}; using the Python engine (same results, slower)",
              file=sys.stderr)


def content_refusal(catalog) -> str | None:
    """Why the core cannot run this project at all (one line), None when it can;
    "" when the Python engine is asked for (TOOLKIT_PURE_PYTHON) or the core is not
    built, or one of its modules is missing or older than its source (toolkit.native's
    own note says so)."""
    from toolkit.native import load_package
    if load_package("toolkit.games.caravans.core", "loop") is None:
        return ""   # every module of the core built and current, or none is used
    from toolkit.games.caravans.core.content import CoreRefused, compile_rules
    from toolkit.games.caravans.engine.rules import rules_for
    try:
        compile_rules(rules_for(catalog))
    except CoreRefused as exc:
        return f"the compiled core cannot run this content ({exc})"
    except Exception:  # content the engine itself rejects: the Python loop reports it
        return ""
    return None


def _tables(catalog, styles):
    """The compiled agents' tables of the project's play styles, or None (the styles
    cannot be compiled: only random agents then play in C)."""
    from toolkit.games.caravans.core.agent_tables import agent_tables
    from toolkit.games.caravans.core.content import CoreRefused, compile_rules
    from toolkit.games.caravans.engine.rules import rules_for
    try:
        return agent_tables(compile_rules(rules_for(catalog)), styles)
    except CoreRefused:
        return None


def lineup(catalog, agent_names: Sequence[str]):
    """(tables, style index per seat, -1 = random) when the C loop plays these agents
    here (core built, content compiled, every agent random or a play style), else None.
    The project's styles are read as the Python loop's agents read them (a broken
    styles file stops both alike)."""
    if content_refusal(catalog) is not None:
        return None
    return _lineup(catalog, agent_names)


def _lineup(catalog, agent_names: Sequence[str]):
    """lineup() once the content is known to compile."""
    return _plans(catalog, [agent_names])[0]


# (catalog, styles) -> their plans by line-up, for the last few pairs (a pair is held
# here, so its ids are not reused while it is)
_PLANS: dict[tuple[int, int], tuple[Any, Any, dict]] = {}


def _plans(catalog, lineups) -> list:
    """_lineup() of each line-up. The styles are read once a call, as the Python loop's
    agents read them (a broken styles file stops both alike); what they give a line-up
    (its tables and seats, ~50 us to look up) is kept for this catalog and these styles,
    since a one-worker run asks one game at a time and a mixed batch holds many line-ups."""
    from toolkit.games.caravans.agents import play_styles
    styles = play_styles(catalog)
    key = (id(catalog), id(styles))
    hit = _PLANS.get(key)
    if hit is None or hit[0] is not catalog or hit[1] is not styles:
        if len(_PLANS) >= 8:
            _PLANS.clear()
        hit = _PLANS[key] = (catalog, styles, {})
    known = hit[2]
    out = []
    for names in lineups:
        names = tuple(names)
        if names not in known:
            known[names] = _plan(catalog, styles, names)
        out.append(known[names])
    return out


def _plan(catalog, styles, names: tuple[str, ...]):
    from toolkit.games.caravans.core.loop import lineup as seats
    plain = all(name == "random" and name not in styles for name in names)
    tables = None if plain else _tables(catalog, styles)
    found = seats(names, tables)
    return None if found is None else (tables, found)


def _played(catalog, seed: int, agent_names: Sequence[str], max_actions: int | None,
            keep_actions: bool, plan, count_effects: bool = False):
    """(the finished CoreState, the loop's Played) of one game in C; plan = lineup(...)."""
    from toolkit.errors import ContentError
    from toolkit.games.caravans.core.loop import play_core
    from toolkit.games.caravans.core.newgame import new_game, stream_seed
    from toolkit.games.caravans.game import GAME

    names = list(agent_names)
    tables, styles = plan
    core = new_game(catalog, seed, names)
    limit = GAME.max_actions if max_actions is None else max_actions
    streams = [stream_seed(seed, f"agent:{seat}") for seat in range(len(names))]
    played = play_core(core, streams, limit, keep_actions, styles=styles, tables=tables,
                       count_effects=count_effects)
    if not core.is_terminal():
        raise ContentError(f"game seed {seed} did not end within {limit} actions; check "
                           f"{GAME.length_setting}")
    return core, played


def _record(core, played, seed: int, names: list, keep_actions: bool) -> Record:
    """toolkit.loop.make_record's record of a game `_played` finished, read from the C
    state (core/record.pyx: no engine State is made)."""
    from toolkit.games.caravans.core.record import core_record
    actions = None
    if keep_actions:
        from toolkit.games.caravans.game import GAME
        actions = [GAME.action_to_json(a) for a in played.actions]
    return core_record(core, seed, names, played.length, played.glory_order, actions)


def play_game(catalog, seed: int, agent_names: Sequence[str], max_actions: int | None = None,
              keep_actions: bool = True) -> Record:
    """toolkit.loop.play_game's record, played in C when the core can (`lineup`), else
    in Python."""
    from toolkit.games.caravans.game import GAME
    from toolkit.loop import play_game as python_game

    plan = lineup(catalog, agent_names)
    if plan is not None:
        from toolkit.games.caravans.core.loop import Unfinished
        try:
            core, played = _played(catalog, seed, agent_names, max_actions, keep_actions,
                                   plan)
        except Unfinished:
            pass
        else:
            return _record(core, played, seed, list(agent_names), keep_actions)
    return python_game(GAME, catalog, seed, agent_names, max_actions, keep_actions)


def play_batch(catalog, jobs: Sequence[tuple[int, Sequence[str]]]) -> list[Record] | None:
    """Records as toolkit/sim/batch.play_counted gives them (no actions; `length`,
    `action_kinds`, `effects_fired`) of every job (seed, agent names), or None when the
    core cannot play this batch (the generic loop then plays it)."""
    why = content_refusal(catalog)
    if why:
        _note(why)
    if why is not None:
        return None
    from toolkit.games.caravans.core.loop import Unfinished
    plans = _plans(catalog, [names for _, names in jobs])
    if any(plan is None for plan in plans):
        return None
    from toolkit.games.caravans.game import GAME
    from toolkit.sim.batch import play_counted

    from toolkit.errors import RulesError, ToolkitError

    out = []
    for (seed, names), plan in zip(jobs, plans):
        names = list(names)
        try:
            core, played = _played(catalog, seed, names, None, False, plan,
                                   count_effects=True)
            record = _record(core, played, seed, names, keep_actions=False)
        except Unfinished:
            out.append(play_counted(GAME, catalog, seed, names))
            continue
        except ToolkitError:
            raise
        except Exception as exc:  # a bug of the core: name the game, say how to go on
            raise RulesError(f"game seed {seed} (agents {','.join(names)}) failed in the "
                             f"compiled core: {type(exc).__name__}: {exc}; "
                             "TOOLKIT_PURE_PYTHON=1 plays it with the Python engine") from None
        record["action_kinds"] = dict(sorted(played.kinds.items()))
        record["effects_fired"] = dict(sorted(played.fired.items()))
        out.append(record)
    return out
