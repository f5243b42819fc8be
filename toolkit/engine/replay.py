"""Replaying a game from its seed and action log, and a readable account of what happened.

`replay(catalog, seed, players, actions)` rebuilds the state (each action checked against
legal_actions). `log_lines(state, lang)` turns the engine's compact event log — dice rolled,
glory gained, fights, deaths, events — into one line each.
"""

from __future__ import annotations

from toolkit.engine.actions import Action
from toolkit.engine.apply import apply_action
from toolkit.engine.describe import name
from toolkit.engine.setup import new_game
from toolkit.engine.rng import SKULL
from toolkit.errors import RulesError


def replay(catalog, seed, players, actions, max_rounds=None):
    """The state after applying `actions` (Action values or their JSON form) to a new game."""
    state = new_game(catalog, seed, players, max_rounds=max_rounds)
    for index, action in enumerate(actions):
        if not isinstance(action, Action):
            action = Action.from_json(action)
        try:
            apply_action(state, action, validate=True)
        except RulesError as exc:
            raise RulesError(f"action {index} of the log: {exc.message}") from None
    return state


def _dice(rolled) -> str:
    return " ".join("☠" if d == SKULL else str(d) for d in rolled) or "-"


def _line(state, entry, lang, heroes) -> str:
    kind, *rest = entry

    def seat(s):
        label = f"P{s}" if lang == "en" else f"玩家{s}"
        hero = heroes.get(s)
        return f"{label} ({name(state, hero, lang)})" if hero else label

    def n(v):
        if isinstance(v, str) and v[:1] == "p" and v[1:].isdigit():
            return seat(int(v[1:]))
        return name(state, v, lang)

    texts = {
        "first": lambda s: f"first player: {seat(s)}",
        "event": lambda e, r: f"round {r}: event {n(e)}",
        "roll": lambda ref, what, d: f"{n(ref)} rolls {what}: {_dice(d)}",
        "glory": lambda s, src: f"{seat(s)} gains 1 glory ({src})",
        "gold": lambda s, amount, why: f"{seat(s)} gains {amount} gold ({why})",
        "fight": lambda a, b: f"{n(a)} attacks {n(b)}",
        "defeated": lambda ref: f"{n(ref)} is defeated",
        "death": lambda s, hero, cause: f"{n(hero)} of P{s} dies ({cause})",
        "hits": lambda ref, k: f"{n(ref)} takes {k} hit(s)",
        "npc_move": lambda npc, r: f"{n(npc)} moves to {n(r)}",
        "npc_enter": lambda npc, r: f"{n(npc)} enters play at {n(r)}",
        "bounty": lambda s, race: f"{seat(s)} is now wanted by {n(race)}",
        "announce": lambda s, r: f"{seat(s)} announces victory in round {r}",
        "end": lambda why, r: f"game over after round {r}: {why}",
        "move": lambda s, r: f"{seat(s)} moves to {n(r)}",
        "form": lambda s, kind: f"{seat(s)} forms {n(kind)}",
        "trick": lambda s, card: f"{seat(s)} plays {n(card)}",
        "follower": lambda s, card: f"{seat(s)} takes on {n(card)}",
        "stash": lambda s, k: f"{seat(s)} makes stash deposit #{k}",
        "offer": lambda s, cards: f"{seat(s)} draws {len(cards)} goods to buy",
        "raid": lambda s, gold, amb: f"{seat(s)} raids: {gold} gold, {amb} ambush(es)",
        "demand": lambda r, good: f"{n(r)} now demands {n(good)}",
        "equipment": lambda s, e: f"{seat(s)} fits {n(e)}",
        "capture": lambda s, kind: f"{seat(s)} takes over the beaten {n(kind)}",
        "discard": lambda s, good: f"{seat(s)} discards {n(good)} (over cargo)",
        "cancel": lambda s, src: f"{seat(s)} cancels a hit with {n(src)}",
        "fled": lambda ref: f"{n(ref)} flees",
        "mission": lambda s, m: f"{seat(s)} completes {n(m)}",
        "rumor": lambda s, r, truth: f"{seat(s)} investigates {n(r)}: "
                                     f"{'true' if truth else 'false'}",
        "top_up": lambda s, gold, stash: f"{seat(s)} starts with {gold} gold "
                                         f"({stash} from the stash)",
    }
    make = texts.get(kind)
    if make is None:
        return f"{kind}: " + ", ".join(str(n(v)) for v in rest)
    try:
        return make(*rest)
    except TypeError:
        return f"{kind}: {rest}"


def log_lines(state, lang: str = "en") -> list[str]:
    """The game's event log as readable lines (each player named by its hero of the time)."""
    used = {p.seat: list(p.heroes) for p in state.players}
    heroes = {s: h[0] if h else None for s, h in used.items()}
    lines = []
    for entry in state.log:
        lines.append(_line(state, entry, lang, heroes))
        if entry[0] == "death":
            seat = entry[1]
            index = used[seat].index(entry[2]) + 1 if entry[2] in used[seat] else None
            heroes[seat] = used[seat][index] if index and index < len(used[seat]) else None
    return lines
