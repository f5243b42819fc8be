"""Skill checks: roll as many dice as the stat, success on enough skulls; a failed check may
be rerolled with a trick (a pending REROLL/ACCEPT decision), then the rule continues."""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.rng import SKULL, roll

# what happens after a check, by name: function(state, seat, ok, data); the rule modules
# that start checks register their continuations (turn: explore, complete; tavern: rumor,
# mission, recruit), so this module depends on none of them
CONTINUE: dict = {}


def continues(**functions) -> None:
    """Register what follows a check of each name."""
    CONTINUE.update(functions)


def hero_stat(state, seat: int, stat: str) -> int:
    """The hero's stat with followers' and abilities' changes."""
    player = state.players[seat]
    base = getattr(state.rules.c.heroes[player.hero].stats, stat)
    return max(0, effects.fire(state, seat, "hero_stat", base, stat=stat))


def dice_for(state, seat: int, stat: str, *checks: str, equipment: bool = True) -> int:
    """Dice for a check of `stat` (extra dice from abilities and equipment included)."""
    n = hero_stat(state, seat, stat)
    n = effects.fire(state, seat, "dice", n, equipment=equipment, checks=(stat,) + checks)
    return max(0, min(n, state.rules.game.dice.count))


def check(state, seat: int, stat: str, then: str, data=None, need: int = 1,
          dice: int | None = None) -> None:
    """Roll the check now; continue with CONTINUE[then] (maybe after a reroll decision)."""
    n = dice_for(state, seat, stat) if dice is None else dice
    rolled = roll(state.rng["dice"], state.rules.faces, n)
    state.log.append(("roll", f"p{seat}", stat, rolled, need))  # need: skulls to succeed
    ok = rolled.count(SKULL) >= need
    if not ok and effects.tricks(state, seat, "reroll"):
        state.pending.append({"kind": "reroll", "player": seat, "stat": stat, "dice": n,
                              "need": need, "then": then, "data": data})
        return
    finish(state, seat, then, ok, data)


def finish(state, seat: int, then: str, ok: bool, data) -> None:
    CONTINUE[then](state, seat, ok, data)


def reroll(state, seat: int, card_id: str | None) -> None:
    """Resolve a REROLL (card_id) or ACCEPT (None) decision."""
    entry = state.pending.pop()
    ok = False
    if card_id is not None:
        rolled = effects.use_trick(state, seat, card_id, "reroll", (), dice=entry["dice"])
        state.log.append(("roll", f"p{seat}", entry["stat"], rolled, entry["need"]))
        ok = rolled.count(SKULL) >= entry["need"]
    finish(state, seat, entry["then"], ok, entry["data"])
