"""Combat between two parties (brief §3): ranged rounds with hidden simultaneous choices
(taken as sequential COMBAT_CHOICE actions, the other side's choice hidden), hits, flight.

Each round both sides pick ranged, melee or flee (round 1: ranged only); both roll combat
dice (shield 0 counts as 1; +edge dice for an agility lead); more skulls wins, ties go to
the higher sum of number faces, then nobody. The melee and a defeat's spoils are in
melee.py (below this module); the end of a fight, which may start a queued NPC attack, is here.
"""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.cards import add_bounty
from toolkit.games.caravans.engine.checks import hero_stat
from toolkit.games.caravans.engine.melee import defeat, melee
from toolkit.games.caravans.engine.npc import attackers, choose as npc_choice
from toolkit.games.caravans.engine.party import deal_hits, land_hit, party_of, take_hits
from toolkit.games.caravans.engine.rng import SKULL, pips, roll
from toolkit.games.caravans.engine.sides import SAFETY_ROUNDS, is_non_brigand, race_of, seat_of

def npc_attacks(state, seat: int) -> None:
    """NPCs in the player's region that hunt it attack, one after the other (held back
    while amnesty choices, which change who is wanted, are owed)."""
    if state.combat is None and state.phase == "play" \
            and not any(d["kind"] == "amnesty" for d in state.pending):
        found = attackers(state, seat)
        if found:
            start(state, f"n:{found[0]}", f"p{seat}", queue=found[1:])


def start(state, attacker: str, defender: str, queue=()) -> None:
    """Open a fight; attacking a non-brigand earns the attacker a bounty of its race."""
    combat = {"sides": [attacker, defender], "round": 1, "choices": [None, None],
              "used": [[], []], "no_flee": None, "cancel": {}, "queue": list(queue),
              "bounty": [False, False], "melee": False, "stage": "pre0", "owed": []}
    state.combat = combat
    state.log.append(("fight", attacker, defender))
    if attacker[0] == "p" and is_non_brigand(state, defender):
        add_bounty(state, int(attacker[1:]), race_of(state, defender))
        combat["bounty"][0] = True
    _open(state)


def _open(state) -> None:
    """Before the first round: each side's pre_ranged effects (stage "pre0", "pre1": the
    side to fire next, so that a BLOCK_HIT decision in a volley resumes here)."""
    combat = state.combat
    while combat["stage"] in ("pre0", "pre1"):
        side = int(combat["stage"][3])
        combat["stage"] = "pre1" if side == 0 else "choose"
        seat = seat_of(combat["sides"][side])
        if seat is not None:
            effects.fire(state, seat, "pre_ranged", None, opponent=combat["sides"][1 - side])
            if combat["owed"]:
                return
    if not _settle(state):
        ask(state)


def ask(state) -> None:
    """Ask the next player side for its choice; NPC choices follow npc.choose."""
    combat = state.combat
    for side in (0, 1):
        if combat["choices"][side] is None:
            seat = seat_of(combat["sides"][side])
            if seat is None:
                combat["choices"][side] = npc_choice(state, combat, side)
            else:
                state.pending.append({"kind": "combat_choice", "player": seat, "side": side})
                return
    resolve_round(state)


def choice_options(state, seat: int, side: int) -> list[tuple]:
    """The (mode, weapon, glory card) choices open to a player side now."""
    combat = state.combat
    cur = state.players[seat].party.cur
    modes = ["ranged"]
    if combat["round"] > 1 and cur["shield"] > 0:
        if cur["mercenaries"] > 0:
            modes.append("melee")
        modes.append("flee")
    weapons = [("", None)]
    for w in state.players[seat].weapons:
        if w not in combat["used"][side]:
            for op, _ in state.rules.effects.get(w, ()):
                if op == "redirect_hits":
                    weapons.append((w, "ranged"))
                elif op == "melee_boost":
                    weapons.append((w, "melee"))
    # a trick is played with the choice: one adding dice, or Close Shave held ready for
    # this round's hits (issue #12: it is spent only when its holder plays it)
    glory = [""] + effects.tricks(state, seat, "contest") + effects.tricks(state, seat, "cancel")
    return [(m, w, g) for m in modes for w, need in weapons if need in (None, m) for g in glory]


def choose(state, seat: int, mode: str, weapon: str, glory: str) -> None:
    entry = state.pending.pop()
    state.combat["choices"][entry["side"]] = (mode, weapon, glory)
    ask(state)


def _contest_dice(state, side: int, mode: str, weapon: str, glory: str) -> int:
    combat = state.combat
    ref, other = combat["sides"][side], combat["sides"][1 - side]
    mine, theirs = party_of(state, ref).cur, party_of(state, other).cur
    seat = seat_of(ref)
    if seat is None:
        n = state.rules.c.npcs[ref[2:]].stats.combat
    else:
        n = hero_stat(state, seat, "combat")
    if mine["shield"] <= 0:
        n = 1
    rules = state.rules.game.combat
    if mine["agility"] - theirs["agility"] >= rules.agility_edge:
        n += rules.edge_dice
    if seat is not None:
        n = effects.fire(state, seat, "dice", n,
                         checks=("combat", "ranged") if mode == "ranged" else ("combat",))
        if mode == "melee":  # declared weapons and always-on abilities or equipment
            n = effects.fire(state, seat, "melee_choice", n, weapon=weapon, combat=combat)
        if glory and glory in effects.tricks(state, seat, "cancel"):
            combat["armed"] = combat.get("armed", []) + [f"p{seat}:{glory}"]
        elif glory:
            n = effects.use_trick(state, seat, glory, "contest", n)
        if weapon:
            combat["used"][side].append(weapon)
    return max(0, min(n, state.rules.game.dice.count))


def resolve_round(state) -> None:
    combat = state.combat
    choices = combat["choices"]
    combat["no_flee"] = None
    combat["armed"] = []
    dice = [_contest_dice(state, s, *choices[s]) for s in (0, 1)]
    modes = [c[0] for c in choices]
    for side in (0, 1):
        blocker = combat["no_flee"]
        if modes[side] == "flee" and blocker is not None \
                and blocker == seat_of(combat["sides"][1 - side]):
            modes[side] = "ranged"
    rolls = [roll(state.rng["dice"], state.rules.faces, n) for n in dice]
    for side in (0, 1):
        state.log.append(("roll", combat["sides"][side], modes[side], rolls[side]))
    combat["rolled"] = [modes, rolls]
    combat["struck"] = [None, None]
    combat["stage"] = "flee"
    after_rolls(state)


def strike_options(state, seat: int) -> list[str]:
    """The seat's unflipped equipment that may strike a fleeing or fled-from opponent."""
    party = state.players[seat].party
    return [e for e in party.equipment if e not in party.flipped
            and any(op == "flee_strike" for op, _ in state.rules.effects.get(e, ()))]


def after_rolls(state) -> None:
    """The rest of a round once both sides rolled: on a flight each side's flee effects
    (its holder first decides whether to flip an orb: a FLEE_STRIKE decision), then hits,
    melee or escape. A BLOCK_HIT decision may stop it at any hit; combat["stage"] ("flee",
    "hits": the winner's hits dealt, "back": the loser's too) says where it resumes."""
    combat = state.combat
    modes, rolls = combat["rolled"]
    choices = combat["choices"]
    winner = _winner(rolls)
    if combat["stage"] == "flee":
        if "flee" in modes:
            for side in (0, 1):
                seat = seat_of(combat["sides"][side])
                if seat is None or combat["struck"][side] == "done":
                    continue
                if combat["struck"][side] is None and strike_options(state, seat):
                    state.pending.append({"kind": "flee_strike", "player": seat, "side": side})
                    return
                use = combat["struck"][side] or ()
                struck = list(combat["struck"])
                struck[side] = "done"
                combat["struck"] = struck
                effects.fire(state, seat, "flee", None, opponent=combat["sides"][1 - side],
                             use=use)
                if combat["owed"]:
                    return
        if _settle(state):
            return
        combat["stage"] = "hits"
        if winner is not None and _outcome(state, winner, modes, choices):
            return
        if combat["owed"]:
            return
    if combat["stage"] == "hits":
        combat["stage"] = "back"
        if winner is not None and modes[1 - winner] == "ranged":
            loser = 1 - winner
            back = min(rolls[loser].count(SKULL), party_of(state, combat["sides"][loser]).cur["attack"])
            take_hits(state, combat["sides"][winner], back)
            if combat["owed"]:
                return
    if _settle(state):
        return
    combat["round"] += 1
    combat["choices"] = [None, None]
    if combat["round"] > SAFETY_ROUNDS:
        end(state)
        return
    ask(state)


def block_hit(state, seat: int, equipment: str, use: bool) -> None:
    """BLOCK_HIT: flip (use) the amulet to stop the located hit, or take it; the hits
    still owed follow, then the fight goes on where it stopped."""
    entry = state.pending.pop()
    combat = state.combat
    ref = combat["owed"][0][0]
    where = entry["where"]
    if not use or effects.fire(state, seat, "cancel", 0, location=where, use=equipment) <= 0:
        land_hit(state, ref, party_of(state, ref), where)
    while combat["owed"]:  # the rest of this batch first, then the queued ones
        ref, left, location, total = combat["owed"].pop(0)
        if not deal_hits(state, ref, left, location, True, total):
            if state.pending and state.pending[-1]["kind"] == "block_hit":
                return
    if combat["stage"] in ("pre0", "pre1", "choose"):
        _open(state)
    else:
        after_rolls(state)


def flee_strike(state, seat: int, equipment: str, use: bool) -> None:
    """FLEE_STRIKE: flip (use) or keep the orb when a side flees; the round goes on."""
    entry = state.pending.pop()
    combat = state.combat
    struck = list(combat["struck"])
    struck[entry["side"]] = [equipment] if use else []
    combat["struck"] = struck
    after_rolls(state)


def _winner(rolls) -> int | None:
    key = [(r.count(SKULL), pips(r)) for r in rolls]
    if key[0] == key[1]:
        return None
    return 0 if key[0] > key[1] else 1


def _outcome(state, w: int, modes, choices) -> bool:
    """The winner's side of the round's result; True when the fight is over (the
    loser's hits back follow in after_rolls)."""
    combat = state.combat
    loser = 1 - w
    sides = combat["sides"]
    if modes[w] == "ranged":
        location = None
        if seat_of(sides[w]) is not None:
            location = effects.fire(state, seat_of(sides[w]), "ranged_win", None,
                                    weapon=choices[w][1])
        take_hits(state, sides[loser], party_of(state, sides[w]).cur["attack"], location)
    elif modes[w] == "melee":
        melee(state, w)
        end(state)
        return True
    elif combat["rolled"][1][loser].count(SKULL) == 0:
        state.log.append(("fled", sides[w]))
        end(state)
        return True
    return False


def _settle(state) -> bool:
    """End the fight if a party is destroyed; True when it ended."""
    combat = state.combat
    down = [party_of(state, r).cur["defense"] <= 0 for r in combat["sides"]]
    if not any(down):
        return False
    defeat(state, [s for s in (0, 1) if down[s]], melee=False)
    end(state)
    return True


def end(state) -> None:
    """Close the fight: one-shot flee equipment turns back; queued NPC attacks follow."""
    combat = state.combat
    if combat is None:  # the game ended during the fight
        return
    for ref in combat["sides"]:
        seat = seat_of(ref)
        if seat is not None and state.players[seat].party is not None:
            party = state.players[seat].party
            party.flipped = [e for e in party.flipped if not any(
                op == "flee_strike" for op, _ in state.rules.effects.get(e, ()))]
    state.combat = None
    state.pending = [d for d in state.pending if d["kind"] != "combat_choice"]
    for npc_id in combat["queue"]:
        target = seat_of(combat["sides"][1])
        if target is not None and npc_id in attackers(state, target):
            start(state, f"n:{npc_id}", f"p{target}",
                  queue=combat["queue"][combat["queue"].index(npc_id) + 1:])
            return
