# toolkit: compile
"""Vagabond: a pawn that ignores rule, items exhausted for each action (move, battle,
explore, aid, quest, strike, repair, craft, the character's special), refreshing, slipping,
resting in forests, relationships (aid, allied, hostile, infamy) and the satchel limit."""

from __future__ import annotations

from toolkit.games.root import battle, board, cards, craft, effects, turn
from toolkit.games.root import vagabond_actions as acts
from toolkit.games.root import vagabond_items as vi

FAC = "vagabond"


def init(s, st, seat):
    deck = sorted(st.quests)
    s.rng().shuffle(deck)
    s.f[FAC] = {"character": None, "at": None, "items": [], "coalition": None,
                "rel": {f: 0 for f in s.factions if f != FAC}, "aided": {},
                "quests": deck[:3], "quest_deck": deck[3:], "done": []}


def setup_options(s, st, seat):
    v = s.f[FAC]
    if v["character"] is None:
        return [("character", c) for c in sorted(st.characters)]
    if v["at"] is None:
        return [("forest", f) for f in sorted(st.forests)]
    return []


def apply_setup(s, st, seat, a):
    v = s.f[FAC]
    if a[0] == "character":
        v["character"] = a[1]
        v["items"] = [[i, False, False] for i in st.characters[a[1]][0]]
    else:
        v["at"] = a[1]


def neighbours(st, at, forests=True):
    if at in st.suit:
        near = list(st.adj[at])
        if forests:
            near += [f for f, t in sorted(st.forests.items()) if at in t]
        return near
    return list(st.forests[at]) + (list(st.forest_adj[at]) if forests else [])


def start(s, st, seat, phase):
    if phase == "birdsong":
        n = st.setting("refresh_base") + 2 * vi.on_track(s, "tea")
        if sum(1 for e in vi.items(s) if e[1]) <= n:
            vi.refresh(s, n)
            s.step = "slip"
        else:   # more exhausted items than refreshes: the Vagabond picks them
            s.flags["refresh"] = n
            s.step = "refresh"
    elif phase == "daylight":
        s.step = "day"
    else:
        s.step = "evening"


def _evening(s, st, seat):
    """Rest in a forest (repair every item), then draw 1 + a card per face-up coin."""
    v = s.f[FAC]
    if v["at"] in st.forests:
        for entry in v["items"]:
            entry[2] = False
    turn.finish_evening(s, st, seat, 1 + vi.on_track(s, "coin"))


def _cobbler(s, st, seat):
    """Cobbler: at the start of Evening the Vagabond may take a move (boots as usual)."""
    if not (s.flags.get("fresh") and cards.has_effect(s, st, seat, "cobbler")):
        return []
    at = s.f[FAC]["at"]
    return [("go", x, None, None) for x in neighbours(st, at, forests=False)
            if vi.ready(s, "boots") >= move_cost(s, st, x)]


def move_cost(s, st, dst):
    rel = s.f[FAC]["rel"]
    for f in s.board[dst]["w"]:
        if rel.get(f) == "hostile":
            return 2
    return 1


def options(s, st, seat):
    v, step = s.f[FAC], s.step
    if step == "hideout":
        return [("repair", i) for i in sorted({e[0] for e in v["items"] if e[2]})]
    if step == "refresh":
        return [("refresh", i, d) for i, d in sorted({(e[0], e[2]) for e in v["items"] if e[1]})]
    if step == "slip":
        return [("slip", x) for x in neighbours(st, v["at"])] + [("end",)]
    if step == "discard":
        return turn.discard_options(s, seat)
    if step == "trim":
        return [("drop", i) for i in sorted({e[0] for e in v["items"]})]
    if step == "evening":
        return _cobbler(s, st, seat) + [("end",)]
    if step != "day":
        return [("end",)]
    at, out = v["at"], []
    if vi.ready(s, "boots"):
        for x in neighbours(st, at, forests=False):
            if vi.ready(s, "boots") >= move_cost(s, st, x):
                out.append(("go", x, None, None))
                out += _escorts(s, st, at, x)
    if at not in st.suit:
        return out + [("end",)]
    suit = st.suit[at]
    out += [("battle", at, d) for d in battle.can_attack(s, st, seat, at)]
    if at in s.ruin_items and vi.ready(s, "torch"):
        out.append(("explore",))
    ready = sorted({i for i, e, d in v["items"] if not e and not d})
    gifts = cards.matching(s, st, seat, suit)
    if ready and gifts:
        for other in board.present(s, at):
            if other != FAC:
                takes = sorted(set(s.crafted[s.seat(other)])) + [None]
                out += [("aid", other, t, x, g) for t in takes for x in ready for g in gifts]
    for q in v["quests"]:
        qsuit, need = st.quests[q]
        if qsuit == suit:
            ok = True
            for i in need:
                if vi.ready(s, i) < need.count(i):
                    ok = False
                    break
            if ok:
                out += [("quest", q, "draw"), ("quest", q, "vp")]
    if vi.ready(s, "crossbow"):
        for other in board.present(s, at):
            if other == FAC:
                continue
            if board.warriors(s, at, other):
                out.append(("strike", other, "warrior"))
            else:
                out += [("strike", other, p) for p in sorted(set(
                    board.buildings(s, at, other) + board.tokens(s, at, other)))]
    if vi.ready(s, "hammer"):
        out += [("repair", i) for i in sorted({e[0] for e in v["items"] if e[2]})]
        out += craft.options(s, st, seat)
    out += _special_options(s, st, seat, at)
    return out + [("end",)]


def _escorts(s, st, at, dst):
    """Allied warriors moving along, following their own movement rule."""
    if at not in st.suit:
        return []
    out = []
    for ally in battle.allies(s, at):
        if board.can_move(s, ally, at, dst, st):
            out += [("go", dst, ally, k) for k in range(1, board.warriors(s, at, ally) + 1)]
    return out


def _special_options(s, st, seat, at):
    if not vi.ready(s, "torch"):
        return []
    special = st.characters[s.f[FAC]["character"]][1]
    if special == "steal":
        return [("special", o) for o in board.present(s, at)
                if o != FAC and s.hands[s.seat(o)]]
    if special == "day_labor":
        return [("special", c) for c in sorted(set(s.discard))
                if cards.matches(st, c, st.suit[at])]
    return [("special", None)]


def apply(s, st, seat, a):
    v, kind = s.f[FAC], a[0]
    if kind == "slip":
        v["at"] = a[1]
        turn.to_daylight(s, st)
    elif kind == "refresh":
        next(e for e in v["items"] if e[0] == a[1] and e[1] and e[2] == a[2])[1] = False
        s.flags["refresh"] -= 1
        if not s.flags["refresh"] or not any(e[1] for e in v["items"]):
            s.step = "slip"
    elif kind == "go":
        vi.exhaust(s, "boots", move_cost(s, st, a[1]))
        if len(a) > 2 and a[2] is not None:
            board.move_warriors(s, a[2], v["at"], a[1], a[3])
            if a[2] != "alliance" and board.tokens(s, a[1], "alliance", "sympathy"):
                effects.outrage(s, st, seat, a[1])
        v["at"] = a[1]
    elif kind == "battle":
        battle.start(s, st, seat, a[1], a[2])
    elif kind == "explore":
        vi.exhaust(s, "torch")
        v["items"].append([s.ruin_items.pop(v["at"]), False, False])
        board.gain(s, seat, 1)
    elif kind == "aid":
        acts.aid(s, st, seat, a[1], a[2], a[3], a[4])
    elif kind == "quest":
        acts.quest(s, st, seat, a[1], a[2])
    elif kind == "strike":
        vi.exhaust(s, "crossbow")
        board.remove(s, v["at"], a[1], a[2], seat)
    elif kind == "repair" and s.step == "hideout":
        vi.repair(s, a[1])
        s.flags["hideout"] -= 1
        if s.flags["hideout"]:
            acts.hideout(s, st)
        else:
            turn.to_evening(s, st)
    elif kind == "repair":
        vi.exhaust(s, "hammer")
        vi.repair(s, a[1])
    elif kind == "special":
        acts.special(s, st, seat, a[1])
    elif kind == "drop":
        damaged = sorted(v["items"], key=lambda e: (not e[2], not e[1]))
        v["items"].remove(next(e for e in damaged if e[0] == a[1]))
        _trim_done(s, st, seat)
    elif kind == "end":
        if s.step == "slip":
            turn.to_daylight(s, st)
        elif s.step == "day":
            turn.to_evening(s, st)
        elif s.step == "evening":
            _evening(s, st, seat)
    else:
        return False
    return True


def _trim_done(s, st, seat):
    if vi.carried(s) <= vi.capacity(s, st.setting("satchel_base")):
        turn.end_turn(s, st)


def settle(s, st, seat):
    if s.step == "evening" and not _cobbler(s, st, seat):
        _evening(s, st, seat)
        return True
    return False


def after_discard(s, st, seat):
    s.step = "trim"
    _trim_done(s, st, seat)
