# toolkit: compile
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
    keep = board.keep_clearing(s)
    if keep is None:
        return [] if s.keep_gone or s.f[FAC].get("placed") else \
            [("keep", c) for c in st.corners()]
    todo = [k for k in KINDS if not board.on_map(s, k)]
    if not todo or s.f[FAC].get("placed"):
        return []
    # one of each building in the keep's clearing or a clearing next to it
    return [("place", todo[0], c) for c in [keep] + list(st.adj[keep])
            if board.free_slots(st, s, c) > 0]


def apply_setup(s, st, seat, a):
    if a[0] == "place":
        board.place(s, a[2], FAC, a[1], "building")
        if all(board.on_map(s, k) for k in KINDS):
            s.f[FAC]["placed"] = True
        return
    keep = a[1]
    board.place(s, keep, FAC, "keep", "token")
    far = st.opposite.get(keep)
    for c in st.clearings:
        if c != far:
            board.place_warriors(s, c, FAC, 1)


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
    if step == "wood_pay":
        return [("pay_wood", c) for c in _wood_sources(s, st)]
    if step == "recruit_pick":
        return [("recruit", c) for c in sorted(set(s.flags["recruit_left"]), key=st.priority.get)]
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
        if wood_left(s, st) > 0:
            out += [("overwork", c, card)
                    for c in sorted(set(board.where(s, "sawmill")), key=st.priority.get)
                    for card in cards.matching(s, st, seat, st.suit[c])]
    out += [("hawks", c) for c in sorted({c for c in s.hands[seat]
                                          if st.cards[c]["suit"] == "bird"})]
    return out + [("end",)]


def _component(s, st, c, ruled=None):
    """Clearings the Marquise rules that connect to `c` through ruled clearings (`ruled`:
    the clearings she rules, when the caller has them)."""
    if ruled is None:
        ruled = [x for x in st.clearings if board.rules(s, x, FAC)]
    seen, todo = [c], [c]
    while todo:
        x = todo.pop(0)
        for y in st.adj[x]:
            if y not in seen and y in ruled:
                seen.append(y)
                todo.append(y)
    return seen


def build_options(s, st):
    out = []
    ruled = [c for c in st.clearings if board.rules(s, c, FAC)]
    wood = {}   # ruled clearing -> the wood of its connected ruled clearings
    for kind in KINDS:
        placed = board.on_map(s, kind)
        if placed >= st.pieces[kind]["copies"]:
            continue
        cost = st.pieces[kind]["cost"][placed]
        for c in ruled:
            if board.free_slots(st, s, c) > 0 and board.can_place(s, c, FAC):
                if c not in wood:
                    n = 0
                    for x in _component(s, st, c, ruled):
                        n += len(board.tokens(s, x, FAC, "wood"))
                    wood[c] = n
                if wood[c] >= cost:
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
        if wood_left(s, st) <= 0 or not s.flags["saws"]:
            s.step = "birdsong"
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
    elif kind == "recruit" and s.step == "recruit_pick":
        board.place_warriors(s, a[1], FAC, 1)
        s.flags["recruit_left"].remove(a[1])
        if not s.reserve[FAC] or not s.flags["recruit_left"]:
            s.step = "day"
    elif kind == "recruit":
        _act(s)
        s.flags["recruited"] = True
        sites = board.where(s, "recruiter")
        if s.reserve[FAC] >= len(sites):
            for c in sites:
                board.place_warriors(s, c, FAC, 1)
        else:   # too few warriors: the Marquise picks the recruiters served
            s.flags["recruit_left"] = sites
            s.step = "recruit_pick"
    elif kind == "build":
        _act(s)
        _build(s, st, seat, a[1], a[2])
    elif kind == "overwork":
        _act(s)
        cards.spend(s, st, seat, a[2])
        board.place(s, a[1], FAC, "wood", "token")
    elif kind == "pay_wood":
        s.board[a[1]]["t"].remove((FAC, "wood"))
        s.flags["wood_due"] -= 1
        _wood_due(s, st)
    else:
        return False
    return True


def _build(s, st, seat, kind, c):
    placed = board.on_map(s, kind)
    s.flags["wood_due"] = st.pieces[kind]["cost"][placed]
    s.flags["wood_from"] = _component(s, st, c)
    board.place(s, c, FAC, kind, "building")
    board.gain(s, seat, st.pieces[kind]["vp"][placed])
    _wood_due(s, st)


def _wood_sources(s, st):
    return [x for x in s.flags["wood_from"] if board.tokens(s, x, FAC, "wood")]


def _wood_due(s, st):
    """The Marquise chooses where the wood comes from, unless one clearing holds it all or
    every connected wood is needed."""
    sources = _wood_sources(s, st)
    total = sum(len(board.tokens(s, x, FAC, "wood")) for x in sources)
    if s.flags["wood_due"] and (len(sources) == 1 or total == s.flags["wood_due"]):
        for x in sources:
            while s.flags["wood_due"] and board.tokens(s, x, FAC, "wood"):
                s.board[x]["t"].remove((FAC, "wood"))
                s.flags["wood_due"] -= 1
    s.step = "wood_pay" if s.flags["wood_due"] else "day"


def settle(s, st, seat):
    if s.step == "birdsong" and not turn.common_options(s, st, seat):
        turn.to_daylight(s, st)
        return True
    return False


def after_discard(s, st, seat):
    turn.end_turn(s, st)
