"""What the table's page shows one seat: plain JSON the page draws as text (never markup).

- `seats`, who is to act, the running score and, once over, the result (`score_line`,
  `end_line`, else the winning seats);
- `log`: the game's own log (`game.log_lines`) in the page's language, else each action in
  words (`describe_action`);
- `actions`: the legal actions as buttons grouped by kind, only for a person's seat whose
  turn it is (each button carries the action as `action_to_json` gives it back);
- `observation`: the generic view, the seat's observation (`game.observation`) as a tree
  of plain values - what the seat may not see is what the game hides there;
- `face`: the game's own view, when it has one: a `play_view(catalog, state, observation,
  seat, lang)` method on the Game, or a `play_view.py` module with a `view` function of
  the same arguments in a built-in game's package. A view is {"sections": [...]}, each
  section {"title", and "rows" (a table, first row the head), "cards" ([{name, note,
  hidden, color}]) or "map" ({w, h, nodes: [{x, y, r, label, color, marks}],
  edges: [{x1, y1, x2, y2}]})}."""

from __future__ import annotations

import importlib
import random
from dataclasses import fields, is_dataclass
from typing import Any

from toolkit.game import winners_of

SKIP = {"rng", "rules", "catalog", "log", "history", "t", "_rng"}  # no player reads these
MAX_ITEMS = 120   # a list longer than this shows its first items and a count
MAX_DEPTH = 7
WORDS = {
    "en": {"seat": "seat {n}", "you": "you", "winner": "Winner: {seats}",
           "winners": "Winners: {seats}", "none": "No winner", "more": "… {n} more"},
    "zh": {"seat": "{n}号座位", "you": "你", "winner": "胜者：{seats}",
           "winners": "胜者：{seats}", "none": "无人获胜", "more": "…… 另有{n}项"},
}


def plain(value: Any, depth: int = 0, lang: str = "en") -> Any:
    """A JSON tree of an observation: objects as their fields, sets sorted, long lists cut,
    random streams and the rules' own tables left out."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if depth > MAX_DEPTH:
        return "…"
    if isinstance(value, random.Random):
        return None
    if hasattr(value, "value") and type(value).__module__ != "builtins" and \
            isinstance(getattr(value, "value"), (str, int)) and hasattr(type(value), "__members__"):
        return value.value  # an enum
    if is_dataclass(value) and not isinstance(value, type):
        items = {f.name: getattr(value, f.name) for f in fields(value)}
    elif isinstance(value, dict):
        items = {str(k): v for k, v in value.items()}
    elif isinstance(value, (list, tuple)):
        out = [plain(v, depth + 1, lang) for v in value[:MAX_ITEMS]]
        if len(value) > MAX_ITEMS:
            out.append(WORDS[lang]["more"].format(n=len(value) - MAX_ITEMS))
        return out
    elif isinstance(value, (set, frozenset)):
        return plain(sorted(value, key=repr), depth, lang)
    elif hasattr(value, "__dict__"):
        items = dict(vars(value))
    elif getattr(type(value), "__slots__", None):
        items = {k: getattr(value, k) for c in type(value).__mro__
                 for k in getattr(c, "__slots__", ()) if hasattr(value, k)}
    else:
        return str(value)
    return {k: plain(v, depth + 1, lang) for k, v in items.items()
            if k not in SKIP and not k.startswith("_") and not isinstance(v, random.Random)}


def action_kind(data: Any) -> str:
    if isinstance(data, dict):
        return str(data.get("kind", data.get("do", "action")))
    if isinstance(data, (list, tuple)) and data and isinstance(data[0], str):
        return data[0]
    return "action"


def game_view_function(game):
    """The game's own view: its `play_view` method, else `<package>.play_view.view` for a
    built-in game; None when it has neither."""
    method = getattr(game, "play_view", None)
    if callable(method):
        return method
    module = type(game).__module__
    if not module.startswith("toolkit.games."):
        return None  # a project's own rules add a view as a method, never a new import
    package = ".".join(module.split(".")[:3])
    try:
        found = importlib.import_module(package + ".play_view")
    except ModuleNotFoundError as exc:
        if exc.name != package + ".play_view":
            raise
        return None
    view = getattr(found, "view", None)
    return (lambda catalog, state, seen, seat, lang: view(catalog, state, seen, seat, lang)) \
        if callable(view) else None


def seat_view(table, seat: int, lang: str, own_view: bool = True) -> dict:
    """The page of `seat` (from 0) at the table, in `lang`."""
    game, state = table.game, table.state
    words = WORDS.get(lang, WORDS["en"])
    over, to_act = table.over(), table.to_act()
    seen = game.observation(state, seat)
    log = [str(line) for line in game.log_lines(state, lang)] or \
        [f"{words['seat'].format(n=s + 1)}: {said[lang]}"
         for s, said in zip(table.seats, table.said)]
    out = {
        "version": table.version, "seed": table.seed, "lang": lang, "viewer": seat + 1,
        "title": game.title.get(lang) or game.title.get("en") or game.name,
        "seats": [{"n": s + 1, "who": words["you"] if s in table.humans else name,
                   "human": s in table.humans, "to_act": s == to_act}
                  for s, name in enumerate(table.lineup)],
        "to_act": to_act + 1, "over": over, "humans_turn": table.humans_turn(),
        "score": _text(game, "score_line", state, lang),
        "result": _result(game, state, lang, words) if over else None,
        "log": log[-300:], "last": [dict(seat=s + 1, said=w[lang])
                                    for s, w in zip(table.seats[-6:], table.said[-6:])],
        "actions": [], "can_undo": bool(table.points), "saved": table.saved,
        "length": len(table.actions),
        "observation": plain(seen, 0, lang if lang in WORDS else "en"),
        "face": None,
    }
    if not over and to_act == seat and seat in table.humans:
        groups: dict[str, list] = {}
        for action in table.legal():
            data = game.action_to_json(action)
            groups.setdefault(action_kind(data), []).append(
                {"label": _say(game, state, action, lang), "action": data})
        out["actions"] = [{"kind": k, "buttons": v} for k, v in groups.items()]
    view = game_view_function(game) if own_view else None
    if view is not None:
        try:
            out["face"] = view(table.catalog, state, seen, seat, lang)
        except Exception as exc:  # noqa: BLE001 - the generic view still shows the game
            out["face"] = {"sections": [{"title": f"the game's own view failed: "
                                                  f"{type(exc).__name__}: {exc}"[:300],
                                         "rows": []}]}
    return out


def _say(game, state, action, lang):
    try:
        return str(game.describe_action(state, action, lang))
    except Exception:  # noqa: BLE001 - a button keeps a label
        return str(game.action_to_json(action))


def _text(game, name: str, state, lang: str):
    method = getattr(game, name, None)
    try:
        return method(state, lang) if method is not None else None
    except Exception:  # noqa: BLE001 - the score line is a courtesy
        return None


def _result(game, state, lang: str, words: dict) -> str:
    end = _text(game, "end_line", state, lang)
    if end:
        return end
    won = winners_of(game.results(state))
    seats = ", ".join(words["seat"].format(n=s + 1) for s in won)
    return words["winner" if len(won) == 1 else "winners"].format(seats=seats) if won \
        else words["none"]
