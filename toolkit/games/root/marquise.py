"""Marquise de Cat: the keep and garrison, wood at sawmills, up to three Daylight actions
(+1 per bird card) — battle, march (two moves), recruit (once), build with connected wood,
overwork — after crafting with workshops; field hospitals (see effects)."""

from __future__ import annotations

from toolkit.games.root import battle, board, cards, craft, turn

FAC = "marquise"
KINDS = ("sawmill", "workshop", "recruiter")


def init(s, st, seat):
    s.f[FAC] = {"hospital": {}}


def setup_options(s, st, seat):
    if board.keep_clearing(s) is None and not s.keep_gone:
        return [("keep", c) for c in st.corners()]
    return []


def apply_setup(s, st, seat, a):
    keep = a[1]
    board.place(s, keep, FAC, "keep", "token")
    far = st.opposite.get(keep)
    for c in st.clearings:
        if c != far:
            board.place_warriors(s, c, FAC, 1)
    spots = [keep] + list(st.adj[keep])
    for kind in KINDS:   # one of each, in the keep's clearing first, then its neighbours
        c = next(x for x in spots if board.free_slots(st, s, x) > 0)
        board.place(s, c, FAC, kind, "building")


def wood_left(s, st):
    return st.pieces["wood"]["copies"] - board.on_map(s, "wood")


def start(s, st, seat, phase):
    if phase == "birdsong":
        saws = [c for c in st.clearings for _ in board.buildings(s, c, FAC, "sawmill")]
        if wood_left(s, st) >= len(saws):
            for c in saws:
                board.place(s, c, FAC, "wood", "token")
            s.step = "birdsong"
        else:
            s.flags["saws"] = saws
            s.step = "wood"
    elif phase == "daylight":
        s.flags["acts"] = 3
        s.step = "day"
    else:
        recruiters = board.on_map(s, "recruiter")
        s.step = "evening"
        s.flags["draws"] = 1 + sum(st.pieces["recruiter"]["draw"][:recruiters])


def options(s, st, seat):
    step = s.step
    if step == "wood":
        if wood_left(s, st) <= 0 or not s.flags["saws"]:
            return [("end",)]
        return [("wood", c) for c in sorted(set(s.flags["saws"]), key=st.priority.get)]
    if step in ("birdsong", "evening"):
        return [("end",)]
    if step == "discard":
        return turn.discard_options(s, seat)
    if step == "march":
        return turn.move_options(s, st, FAC, "march") + [("end",)]
    out = []
    if not s.flags.get("acted"):
        out += craft.options(s, st, seat)
    if s.flags["acts"] > 0:
        out += [("battle", c, d) for c in st.clearings
                for d in battle.can_attack(s, st, seat, c)]
        out += turn.move_options(s, st, FAC, "march")
        if not s.flags.get("recruited") and board.on_map(s, "recruiter") and s.reserve[FAC]:
            out.append(("recruit", None))
        out += build_options(s, st)
        out += [("overwork", c) for c in sorted(set(board.where(s, "sawmill")), key=st.priority.get)
                if wood_left(s, st) > 0 and cards.pick(s, st, seat, st.suit[c])]
    out += [("hawks", c) for c in sorted({c for c in s.hands[seat]
                                          if st.cards[c]["suit"] == "bird"})]
    return out + [("end",)]


def _component(s, st, c):
    """Clearings the Marquise rules that connect to `c` through ruled clearings."""
    seen, todo = [c], [c]
    while todo:
        x = todo.pop(0)
        for y in st.adj[x]:
            if y not in seen and board.rules(s, y, FAC):
                seen.append(y)
                todo.append(y)
    return seen


def build_options(s, st):
    out = []
    for kind in KINDS:
        placed = board.on_map(s, kind)
        if placed >= st.pieces[kind]["copies"]:
            continue
        cost = st.pieces[kind]["cost"][placed]
        for c in st.clearings:
            if board.rules(s, c, FAC) and board.free_slots(st, s, c) > 0 \
                    and board.can_place(s, c, FAC):
                wood = sum(len(board.tokens(s, x, FAC, "wood")) for x in _component(s, st, c))
                if wood >= cost:
                    out.append(("build", kind, c))
    return out


def _act(s):
    s.flags["acts"] -= 1
    s.flags["acted"] = True


def apply(s, st, seat, a):
    kind = a[0]
    if kind == "wood":
        s.flags["saws"].remove(a[1])
        board.place(s, a[1], FAC, "wood", "token")
    elif kind == "end":
        if s.step in ("wood", "birdsong"):
            turn.to_daylight(s, st)
        elif s.step == "march":
            s.step = "day"
        elif s.step == "day":
            turn.to_evening(s, st)
        elif s.step == "evening":
            turn.finish_evening(s, st, seat, s.flags["draws"])
    elif kind == "hawks":
        cards.spend(s, st, seat, a[1])
        s.flags["acts"] += 1
    elif kind == "battle":
        _act(s)
        battle.start(s, st, seat, a[1], a[2])
    elif kind == "march":
        if s.step == "day":
            _act(s)
            s.step = "march"
        else:
            s.step = "day"
        turn.move(s, st, seat, a[1], a[2], a[3])
    elif kind == "recruit":
        _act(s)
        s.flags["recruited"] = True
        for c in board.where(s, "recruiter"):
            board.place_warriors(s, c, FAC, 1)
    elif kind == "build":
        _act(s)
        _build(s, st, seat, a[1], a[2])
    elif kind == "overwork":
        _act(s)
        cards.spend(s, st, seat, cards.pick(s, st, seat, st.suit[a[1]]))
        board.place(s, a[1], FAC, "wood", "token")
    else:
        return False
    return True


def _build(s, st, seat, kind, c):
    placed = board.on_map(s, kind)
    cost = st.pieces[kind]["cost"][placed]
    for x in _component(s, st, c):   # wood nearest the new building goes first
        while cost and board.tokens(s, x, FAC, "wood"):
            s.board[x]["t"].remove([FAC, "wood"])
            cost -= 1
    board.place(s, c, FAC, kind, "building")
    board.gain(s, seat, st.pieces[kind]["vp"][placed])


def settle(s, st, seat):
    if s.step == "birdsong" and not turn.common_options(s, st, seat):
        turn.to_daylight(s, st)
        return True
    return False


def after_discard(s, st, seat):
    turn.end_turn(s, st)
