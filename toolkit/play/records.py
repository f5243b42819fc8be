"""A table game as a record and as a ruling.

The record is what `toolkit.loop.make_record` gives a simulated game (the game's own keys,
`seed`, `players`, `agents` - `human` for a person's seat -, `winner`, `length`,
`actions`) plus `table`: the seats people took (from 1), whether the game finished, the
undos and the project's content hash. `toolkit replay --record FILE` plays its actions
again through the rules and prints the game's log. `ruling_text` writes the game as a
ruling (`setup: {players, seed}`, every action a step with its seat from 1, and what the
game came to), to copy into `cards/rulings/` and state what the rules should do."""

from __future__ import annotations

import json
import time
from pathlib import Path

import yaml

from toolkit.errors import ContentError
from toolkit.guarded_files import write_text
from toolkit.loop import make_record


def record_of(table) -> dict:
    game = table.game
    try:
        record = make_record(game, table.state, table.seed, table.lineup, table.actions)
    except Exception:  # noqa: BLE001 - an unfinished game the game's record cannot sum up
        record = {"seed": table.seed, "players": len(table.lineup),
                  "agents": list(table.lineup), "winner": [], "length": len(table.actions),
                  "actions": [game.action_to_json(a) for a in table.actions]}
    record["table"] = {"humans": sorted(s + 1 for s in table.humans),
                       "finished": table.over(), "undos": table.undos,
                       "content_hash": getattr(table.catalog, "content_hash", None),
                       "game": game.name}
    return record


def save(table, folder: Path) -> Path:
    """Write the table's game into `folder` (atomically); returns the file."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    name = f"table-seed{table.seed}-{stamp}-{table.deals}.json"
    text = json.dumps(record_of(table), ensure_ascii=False, indent=1, default=str)
    path = write_text(Path(folder) / name, text + "\n", root=Path(folder))
    table.saved = path.name
    return path


def load(path: Path) -> dict:
    """A saved table record, checked for what replay needs; one-line errors."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"cannot read the record: {getattr(exc, 'strerror', None) or exc}",
                           file=str(path)) from None
    except json.JSONDecodeError as exc:
        raise ContentError(f"not a JSON record ({exc.msg})", file=str(path),
                           line=exc.lineno) from None
    if not isinstance(data, dict) or not isinstance(data.get("seed"), int) \
            or not isinstance(data.get("agents"), list) \
            or not all(isinstance(a, str) for a in data["agents"]) \
            or not isinstance(data.get("actions"), list):
        raise ContentError("not a game record: it needs 'seed' (a whole number), 'agents' "
                           "(names) and 'actions' (a list); `toolkit play` saves them in "
                           "output/play/", file=str(path))
    return data


def fits(record: dict, game, catalog) -> "str | None":
    """Refuses a record of another game (one line); a note when the content changed since
    it was played (its actions may then stop being legal, which the replay says)."""
    table = record.get("table") if isinstance(record.get("table"), dict) else {}
    if table.get("game") not in (None, game.name):
        raise ContentError(f"this record is a game of '{table.get('game')}', and this "
                           f"project plays '{game.name}'")
    played = table.get("content_hash")
    now = getattr(catalog, "content_hash", None)
    if played and now and played != now:
        return (f"note: the record was played on other content (hash {played}, now {now}); "
                "replaying its actions on this content")
    return None


def ruling_steps(game, actions, seats) -> list[dict]:
    steps = []
    as_step = getattr(game, "ruling_step", None)
    for action, seat in zip(actions, seats):
        step = as_step(action) if as_step is not None else None
        if not step:
            data = game.action_to_json(action)
            if not isinstance(data, dict) or "kind" not in data:
                raise ContentError(f"game '{game.name}' names its actions in no way a "
                                   "ruling step can ({do: kind, ...}); this table game "
                                   "cannot become a ruling")
            step = {"do": data["kind"], **{k: v for k, v in data.items() if k != "kind"}}
        steps.append({**step, "by": seat + 1})
    return steps


def replays_from_setup(table) -> bool:
    """Whether the ruling's `setup: {players, seed}` arranges the table's own deal (the
    game's `scenario` deals the game as `new_game` does): then its steps replay the game
    exactly. A game whose rulings arrange their own position (Caravans & Brigands') does
    not: its steps are the question, the setup must be arranged by hand."""
    game = table.game
    try:
        start = game.scenario(table.catalog, {"players": len(table.lineup),
                                              "seed": table.seed}, table.seed)
        return game.state_hash(start) == game.state_hash(table.start)
    except Exception:  # noqa: BLE001 - a setup the game cannot arrange: not the deal
        return False


NOT_THE_DEAL = ("# NOTE: this game's rulings arrange their own position from `setup:`, so\n"
                "# these steps do not replay the table's deal: arrange the setup of the\n"
                "# position in question by hand and keep the steps that ask it.\n")


def ruling_text(table) -> str:
    """The table's game as a ruling file (YAML); when the setup arranges the table's deal
    (`replays_from_setup`), its expectations hold as played."""
    game = table.game
    steps = ruling_steps(game, table.actions, table.seats)
    if table.over():
        from toolkit.game import winners_of
        expect = [{"over": True},
                  {"winners": [s + 1 for s in winners_of(game.results(table.state))]}]
    else:
        expect = [{"current": table.to_act() + 1}]
    item = {"id": f"table_seed{table.seed}_{len(steps)}_actions",
            "rule": "What happened at the table; say what the rules should do here.",
            "source": f"toolkit play, seed {table.seed}",
            "setup": {"players": len(table.lineup), "seed": table.seed},
            "steps": steps, "expect": expect}
    head = ("# A game played at `toolkit play`, as a ruling: move this file into\n"
            "# cards/rulings/, write the rule it tests and trim the steps to the question.\n")
    if not replays_from_setup(table):
        head += NOT_THE_DEAL
    return head + yaml.safe_dump({"rulings": [item]}, allow_unicode=True, sort_keys=False,
                                 width=100)


def save_ruling(table, folder: Path) -> Path:
    text = ruling_text(table)
    name = f"ruling-seed{table.seed}-{len(table.actions)}.yaml"
    return write_text(Path(folder) / name, text, root=Path(folder))
