# toolkit: compile
"""Battle (seed: 基礎(chǔ)通用篇 4-8): defender's ambush and the attacker's foil, two 0-3 dice
with the higher to the attacker (the Alliance defends with the higher), hits capped by
warriors (the Vagabond's by undamaged swords), extra hits, warriors removed before
buildings and tokens, 1 VP per building or token removed."""

from __future__ import annotations

from toolkit.games.root import board, cards
from toolkit.games.root import vagabond_items as vi
from toolkit.games.root.data import static_of
from toolkit.games.root.effects import hospital_due


def roll(rng):
    """Two dice of faces 0-3: (attacker's, defender's) before the Alliance swap."""
    a, b = rng.randint(0, 3), rng.randint(0, 3)
    return max(a, b), min(a, b)


def can_attack(s, st, seat, c) -> list:
    """Factions `seat` may attack in `c`."""
    fac = s.fac(seat)
    if fac == "vagabond":
        if s.f["vagabond"]["at"] != c or vi.ready(s, "sword") == 0:
            return []
    elif board.warriors(s, c, fac) == 0:
        return []
    partner = s.f.get("vagabond", {}).get("coalition")
    out = []
    for other in board.present(s, c):
        if other == fac:
            continue
        if fac == "vagabond" and partner is not None and s.seat(other) == partner:
            continue
        out.append(other)
    return out


def start(s, st, seat, c, defender):
    vb = s.f.get("vagabond", {})
    s.battle = {"c": c, "att": seat, "dfn": s.seat(defender), "stage": "ambush",
                "extra": [0, 0], "ignore": [False, False], "owed": [], "ambush": None,
                "bt": [False, False],
                "infamy": s.fac(seat) == "vagabond" and vb["rel"].get(defender) == "hostile"}
    if s.fac(seat) == "vagabond":
        vi.exhaust(s, "sword")
    advance(s, st)


def advance(s, st):
    b = s.battle
    while s.battle is not None and not s.pending:
        stage, c = b["stage"], b["c"]
        att, dfn = b["att"], b["dfn"]
        if stage == "ambush":
            b["stage"] = "roll"
            if not cards.has_effect(s, st, att, "scouting_party"):
                opts = _ambushes(s, st, dfn, c)
                if opts:
                    s.pending.append({"seat": dfn, "kind": "ambush", "options": opts + [None]})
        elif stage == "ambush_deal":
            _deal(s, st, b)
            if not b["owed"]:
                b["stage"] = "ambush_hits"
        elif stage == "ambush_hits":
            b["stage"] = "roll"
            hospital_due(s, st)   # the ambush is a removal of its own (猫咪贵族篇 6)
            if s.fac(att) != "vagabond" and board.warriors(s, c, s.fac(att)) == 0:
                s.battle = None
                return
        elif stage == "roll":
            _roll(s, st, b)
        elif stage == "effects":
            b["stage"] = "deal"
            hits = [(0 if b["ignore"][1] else b["rolled"][0]) + b["extra"][0],
                    (0 if b["ignore"][0] else b["rolled"][1]) + b["extra"][1]]
            b["owed"] = [[dfn, hits[0], att], [att, hits[1], dfn]]
        elif stage == "deal":
            if not b["owed"]:
                _finish(s, b)
                return
            _deal(s, st, b)


def _ambushes(s, st, seat, c):
    suit = st.suit[c]
    return sorted({x for x in s.hands[seat] if st.cards[x]["type"] == "ambush"
                   and st.cards[x]["suit"] in (suit, "bird")})


def on_ambush(s, st, card):
    b = s.battle
    if card is None:
        return
    cards.spend(s, st, b["dfn"], card)
    foils = _ambushes(s, st, b["att"], b["c"])
    b["ambush"] = card
    if foils:
        s.pending.append({"seat": b["att"], "kind": "foil", "options": foils + [None]})
    else:
        on_foil(s, st, None)


def on_foil(s, st, card):
    b = s.battle
    if card is not None:
        cards.spend(s, st, b["att"], card)
        return
    b["owed"] = [[b["att"], 2, b["dfn"]]]
    b["stage"] = "ambush_deal"


def allies(s, c, exclude=None):
    """Factions allied to the Vagabond with warriors in `c` (they fight beside him)."""
    vb = s.f.get("vagabond")
    if not vb:
        return []
    top = len(static_of(s).aids)
    return [f for f, level in sorted(vb["rel"].items()) if level == top and f != exclude
            and board.warriors(s, c, f)]


def _cap(s, seat, c):
    fac = s.fac(seat)
    if fac == "vagabond":
        b = s.battle
        extra = 0
        if b and b["att"] == seat:
            extra = sum(board.warriors(s, c, f) for f in allies(s, c, s.fac(b["dfn"])))
        return vi.undamaged(s, "sword") + extra
    return board.warriors(s, c, fac)


def _roll(s, st, b):
    c, att, dfn = b["c"], b["att"], b["dfn"]
    # a ruling's dice are sorted high first; a pair from `rulings.roll_outcomes` (a tuple)
    # is taken as `roll` gave it, so the odds rulings see the engine's own order
    forced = s.forced.pop(0) if s.forced else None
    high, low = (roll(s.rng()) if forced is None else tuple(forced)
                 if isinstance(forced, tuple) else sorted(forced, reverse=True))
    if s.fac(dfn) == "alliance":   # Guerrilla War
        high, low = low, high
    b["dice"] = [high, low]
    s.log.append(("dice", high, low))
    b["rolled"] = [min(high, _cap(s, att, c)), min(low, _cap(s, dfn, c))]
    if _cap(s, dfn, c) == 0:       # defenseless
        b["extra"][0] += 1
    if s.fac(att) == "eyrie" and s.f["eyrie"]["leader"] == "commander":
        b["extra"][0] += 1
    b["stage"] = "effects"
    for seat, name in ((att, "brutal_tactics"), (att, "armorers"), (dfn, "sappers"),
                       (dfn, "armorers")):
        if cards.has_effect(s, st, seat, name):
            s.pending.append({"seat": seat, "kind": "effect", "name": name,
                              "options": [True, False]})


def on_effect(s, st, seat, name, use):
    b = s.battle
    if not use:
        return
    cards.drop_effect(s, st, seat, name)
    side = 0 if seat == b["att"] else 1
    if name == "armorers":
        b["ignore"][side] = True
    elif name == "sappers":
        b["extra"][1] += 1
    elif name == "brutal_tactics":
        b["extra"][0] += 1
        board.gain(s, b["dfn"], 1)


def _deal(s, st, b):
    """Deal the head of the owed hits as far as no choice is needed."""
    victim, n, by = b["owed"][0]
    c, fac = b["c"], s.fac(victim)
    while n > 0 and not s.pending:
        if fac == "vagabond":
            opts = vi.damage_options(s)
            helpers = allies(s, c, s.fac(b["dfn"])) if victim == b["att"] else []
            if not opts and not helpers:
                n = 0
                break
            if len(opts) == 1 and not helpers:
                vi.damage(s, *opts[0])
                b["self_hits"] = b.get("self_hits", 0) + 1
                n -= 1
                continue
            s.pending.append({"seat": victim, "kind": "damage", "options": opts,
                              "allies": helpers})
            break
        if board.warriors(s, c, fac):
            _remove(s, b, c, fac, "warrior", by)
            n -= 1
            continue
        opts = sorted(set(board.buildings(s, c, fac) + board.tokens(s, c, fac)))
        if not opts:
            n = 0
            break
        if len(opts) == 1:
            _remove(s, b, c, fac, opts[0], by)
            n -= 1
            continue
        s.pending.append({"seat": victim, "kind": "remove", "options": opts})
        break
    b["owed"][0][1] = n
    if n == 0:
        b["owed"].pop(0)


def on_choice(s, st, seat, kind, value):
    """A hit taken by choice: `remove` a building or token, or `damage` an item."""
    b = s.battle
    if kind == "ally":   # an allied warrior takes the hit in the Vagabond's stead
        board.remove(s, b["c"], value, "warrior", b["owed"][0][2], battle=True)
        b.setdefault("ally_hits", {})[value] = b.get("ally_hits", {}).get(value, 0) + 1
    elif kind == "damage":
        vi.damage(s, *value)
        b["self_hits"] = b.get("self_hits", 0) + 1
    else:
        _remove(s, b, b["c"], s.fac(seat), value, b["owed"][0][2])
    b["owed"][0][1] -= 1
    if b["owed"][0][1] <= 0:
        b["owed"].pop(0)
    if b["stage"] == "ambush_deal" and not b["owed"]:
        b["stage"] = "ambush_hits"


def _remove(s, b, c, fac, piece, by):
    board.remove(s, c, fac, piece, by, battle=True)
    if piece != "warrior":
        b["bt"][0 if by == b["att"] else 1] = True
    if b["infamy"] and by == b["att"] and s.turn == by:
        board.gain(s, by, 1)


def _finish(s, b):
    for ally, n in b.get("ally_hits", {}).items():   # more hits on allies than on himself
        if n > b.get("self_hits", 0):
            s.f["vagabond"]["rel"][ally] = "hostile"
    for side, seat in enumerate((b["att"], b["dfn"])):
        if b["bt"][side] and s.fac(seat) == "eyrie" and s.f["eyrie"]["leader"] == "despot":
            board.gain(s, seat, 1)
    s.battle = None
