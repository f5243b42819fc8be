# cython: language_level=3
# mirrors: toolkit/games/caravans/engine/actions.py sha256:74baf27885f06fd3
"""Actions and explore targets between the engine's values and the core's ints (the
argument encoding is listed in layout.pxd at CAction)."""

from toolkit.games.caravans.engine.actions import Action, ActionKind

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport Content

KINDS = tuple(ActionKind)
TARGETS = ("player", "npc", "explorer", "rumor")


cdef int target_from(int kind, object target, Content c) except? -9999:
    """An explore target (Player.explored text after the colon, or an action's arg)."""
    if kind == T_PLAYER or kind == T_EXPLORER:
        return int(target)
    if kind == T_NPC:
        return c.index["npc"][target]
    return c.index["rumor"][target]


cdef object target_to(int kind, int target, Content c):
    if kind == T_PLAYER or kind == T_EXPLORER:
        return target
    if kind == T_NPC:
        return c.npcs[target]
    return c.rumors[target]


# per kind: what each arg is ("party", "glory", ... an index of that kind; "int"/"bool" as
# is; "mode" a combat mode; "target" an explore target after its kind; "?" = "" is NONE)
# <gen:action-args> generated from caravans/declarations.py by scripts/gen_declarations.py: do not edit
ARGS = {
    "choose_party": ("party",), "combat_choice": ("mode", "weapon?", "glory_card?"),
    "capture": ("bool",), "raid": ("race",), "raid_discard": ("int",),
    "raid_swap": ("int",), "reroll": ("glory_card",), "discard_glory": ("glory_card",),
    "flee_strike": ("equipment", "bool"), "loot": ("good",), "amnesty": ("race",),
    "place_equipment": ("region",), "move": ("region",), "explore": ("tkind", "target"),
    "complete_mission": ("mission",), "sell": ("good",), "buy": ("good",),
    "form_party": ("party",), "repair": ("int",), "restore": ("equipment",),
    "swap_equipment": ("equipment",), "buy_weapon": ("weapon",),
    "sell_weapon": ("weapon",), "recruit": ("int",), "take_mission": ("mission",),
    "stash": ("int",), "play_glory": ("glory_card", "good?"), "discard_goods": ("good",),
    "block_hit": ("equipment", "bool"),
}
# </gen:action-args>
MODES = ("ranged", "melee", "flee")
_NAMES: dict = {}


cdef int action_from_py(CAction* out, object action, Content c) except -1:
    kind = action.kind
    out.kind = KINDS.index(kind)
    out.a = out.b = out.c = NONE
    cdef int vals[3]
    cdef int i = 0
    for spec, arg in zip(ARGS.get(kind.value, ()), action.args):
        if spec == "int":
            vals[i] = int(arg)
        elif spec == "bool":
            vals[i] = 1 if arg else 0
        elif spec == "mode":
            vals[i] = MODES.index(arg)
        elif spec == "tkind":
            vals[i] = TARGETS.index(arg)
        elif spec == "target":
            vals[i] = target_from(vals[0], arg, c)
        elif spec.endswith("?"):
            vals[i] = NONE if arg == "" else c.index[spec[:-1]][arg]
        else:
            vals[i] = c.index[spec][arg]
        i += 1
    if i > 0:
        out.a = vals[0]
    if i > 1:
        out.b = vals[1]
    if i > 2:
        out.c = vals[2]
    return 0


cdef dict _MADE = {}   # (id(content), kind, a, b, c) -> Action (contents are kept forever)


cdef object action_to_py(const CAction* a, Content c):
    cdef tuple key = (id(c), a.kind, a.a, a.b, a.c)
    cdef object found = _MADE.get(key)
    if found is None:
        found = _build_action(a, c)
        _MADE[key] = found
    return found


cdef object _build_action(const CAction* a, Content c):
    kind = KINDS[a.kind]
    specs = ARGS.get(kind.value, ())
    if not specs:
        return Action(kind)
    raw = (a.a, a.b, a.c)
    args = []
    for i, spec in enumerate(specs):
        v = raw[i]
        if spec == "int":
            args.append(v)
        elif spec == "bool":
            args.append(bool(v))
        elif spec == "mode":
            args.append(MODES[v])
        elif spec == "tkind":
            args.append(TARGETS[v])
        elif spec == "target":
            args.append(target_to(a.a, v, c))
        elif spec.endswith("?"):
            args.append("" if v == NONE else _ids_of(c, spec[:-1])[v])
        else:
            args.append(_ids_of(c, spec)[v])
    return Action(kind, tuple(args))


cdef tuple _ids_of(Content c, str kind):
    return {"party": c.parties, "glory_card": c.glory, "race": c.races, "good": c.goods,
            "equipment": c.equipment, "weapon": c.weapons, "region": c.regions,
            "mission": c.missions, "rumor": c.rumors, "npc": c.npcs}[kind]
