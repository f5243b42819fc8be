"""What gear is worth to a heuristic style, in gold-equivalents: equipment tokens (by what
they do and how many the party already holds) and special weapons (by how much the party
fights). The armory scorers of turns.py and forming a party read these."""

from __future__ import annotations

EQUIPMENT_FADE = 0.85  # each token held makes the next one worth less (a party needs few)
FIGHT_GEAR = frozenset({"pre_melee_strike", "volley"})
FIGHT_STATS = frozenset({"attack"})


def equipment_value(v, token: str, flipped: bool = False) -> float:
    """An equipment token's worth to this style: the base weight, more for what the style
    does (cargo for trading, fighting gear for fighters); a used amulet until restored
    is worth its token less the restoring."""
    fight = max(v.w["fight_players"], v.w["fight_npcs"], v.w["raid"])
    held = len(v.me.party.equipment) if v.me.party else 0
    worth = v.w["equipment"] * EQUIPMENT_FADE ** held
    for op, params in v.rules.effects.get(token, ()):
        if op == "modify_stat" and getattr(params, "stat", "") == "cargo":
            worth *= 0.5 + 0.5 * v.w["trade_goal"]
        elif op in FIGHT_GEAR or (op == "modify_stat" and params.stat in FIGHT_STATS):
            worth *= 0.8 + 0.3 * min(1.5, fight)
        if flipped and op == "cancel_hit":  # the price the armory asks (engine/armory.py)
            cost = params.restore_cost
            if cost is None:
                cost = v.rules.game.armory.amulet_restore
            worth -= v.w["gold"] * cost + v.w["repair"]
    return worth


def weapon_use(v) -> float:
    """A held weapon's worth: its weight, scaled by the appetite for fights and by the
    party's role (a caravan fights less)."""
    fight = min(1.5, max(v.w["fight_players"], v.w["fight_npcs"]))
    role = v.c.parties[v.me.party.kind].role if v.me.party else None
    return v.w["weapon"] * fight * (1.0 if role == "war_band" else 0.4)


def will_upgrade(v) -> bool:
    """A style that prizes a large party (its `large` weight above its glory) and still
    leads a small one."""
    party = v.me.party
    return party is not None and v.w["large"] > v.w["glory"] and not v.me.large_formed \
        and v.c.parties[party.kind].size == "small"
