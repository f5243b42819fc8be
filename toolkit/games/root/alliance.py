# toolkit: compile
"""Woodland Alliance: supporters (capped at 5 with no base on the map), revolt, spread
sympathy (martial law costs one more), mobilize, train officers, military operations
(move, battle, recruit, organize), outrage and Guerrilla War (see effects and battle)."""

from __future__ import annotations

from toolkit.games.root import battle, board, cards, craft, effects, turn

FAC = "alliance"
BASES = ("base_fox", "base_rabbit", "base_mouse")


def init(s, st, seat):
    s.f[FAC] = {"supporters": [], "officers": 0}
    for _ in range(3):
        card = cards.draw_one(s)
        if card is not None:
            effects.add_supporter(s, st, card)


def setup_options(s, st, seat):
    return []


def sympathetic(s, c):
    return bool(board.tokens(s, c, FAC, "sympathy"))


def _paying(s, st, suit):
    return [x for x in s.f[FAC]["supporters"] if cards.matches(st, x, suit)]


def _pay(s, st, suit, n):
    """Owe `n` supporters of `suit`: paid at once when there is no choice, else one by one
    in the `pay` step (the Alliance picks each card)."""
    s.flags["owed"] = [suit, n]
    _settle_pay(s, st)


def _settle_pay(s, st):
    suit, n = s.flags["owed"]
    can = _paying(s, st, suit)
    if n and (len(set(can)) == 1 or len(can) == n):
        for card in can[:n]:
            _spend_supporter(s, st, card)
        n = 0
    s.flags["owed"] = [suit, n]
    s.step = "pay" if n else "birdsong"


def _spend_supporter(s, st, card):
    s.f[FAC]["supporters"].remove(card)
    cards.discard(s, st, card)


def spread_cost(s, st, c, placed=-1):
    """`placed`: the sympathy on the map, when the caller has it."""
    if placed < 0:
        placed = board.on_map(s, "sympathy")
    cost = st.pieces["sympathy"]["cost"][placed]
    for f, n in s.board[c]["w"].items():
        if f != FAC and n >= 3:   # martial law
            cost += 1
            break
    return cost


def revolt_options(s, st):
    out = []
    for c in st.clearings:
        base = "base_" + st.suit[c]
        if not sympathetic(s, c) or board.on_map(s, base) or len(_paying(s, st, st.suit[c])) < 2:
            continue
        if st.slots[c] - (1 if c in s.ruin_items else 0) - len(board.buildings(s, c, FAC)) > 0:
            out.append(("revolt", c))
    return out


def spread_options(s, st):
    placed = board.on_map(s, "sympathy")
    if placed >= st.pieces["sympathy"]["copies"]:
        return []
    marked = [c for c in st.clearings if sympathetic(s, c)]
    keep = board.keep_clearing(s)
    out = []
    for c in st.clearings:
        if c in marked or not board.can_place(s, c, FAC, keep):
            continue
        if marked:
            near = False
            for x in st.adj[c]:
                if x in marked:
                    near = True
                    break
            if not near:
                continue
        if len(_paying(s, st, st.suit[c])) >= spread_cost(s, st, c, placed):
            out.append(("spread", c))
    return out


def start(s, st, seat, phase):
    if phase == "evening":
        s.flags["ops"] = s.f[FAC]["officers"]
        s.flags["draws"] = 1 + sum(st.pieces[b]["draw"][0] for b in BASES if board.on_map(s, b))
    s.step = phase


def options(s, st, seat):
    step, a = s.step, s.f[FAC]
    out = []
    if step == "birdsong":
        if "spread" not in s.flags:
            out += revolt_options(s, st)
        out += spread_options(s, st)
    elif step == "daylight":
        out += craft.options(s, st, seat)
        out += [("mobilize", c) for c in sorted(set(s.hands[seat]))]
        if s.reserve[FAC]:
            suits = [b[5:] for b in BASES if board.on_map(s, b)]
            out += [("train", c) for c in sorted(set(s.hands[seat]))
                    if any(cards.matches(st, c, x) for x in suits)]
    elif step == "evening" and s.flags["ops"] > 0:
        out += turn.move_options(s, st, FAC, "move")
        out += [("battle", c, d) for c in st.clearings for d in battle.can_attack(s, st, seat, c)]
        if s.reserve[FAC]:
            out += [("recruit", c) for c in st.clearings if board.buildings(s, c, FAC)]
        if board.on_map(s, "sympathy") < st.pieces["sympathy"]["copies"]:
            out += [("organize", c) for c in st.clearings
                    if board.warriors(s, c, FAC) and not sympathetic(s, c)
                    and board.can_place(s, c, FAC)]
    elif step == "discard":
        return turn.discard_options(s, seat)
    elif step == "pay":
        return [("pay", c) for c in sorted(set(_paying(s, st, s.flags["owed"][0])))]
    return out + [("end",)]


def apply(s, st, seat, a):
    kind = a[0]
    if kind == "revolt":
        _revolt(s, st, seat, a[1])
    elif kind == "spread":
        s.flags["spread"] = True
        c = a[1]
        cost = spread_cost(s, st, c)
        _place_sympathy(s, st, seat, c)
        _pay(s, st, st.suit[c], cost)
    elif kind == "pay":
        _spend_supporter(s, st, a[1])
        s.flags["owed"][1] -= 1
        _settle_pay(s, st)
    elif kind == "mobilize":
        s.hands[seat].remove(a[1])
        effects.add_supporter(s, st, a[1])
    elif kind == "train":
        cards.spend(s, st, seat, a[1])
        s.reserve[FAC] -= 1
        s.f[FAC]["officers"] += 1
    elif kind in ("move", "battle", "recruit", "organize"):
        s.flags["ops"] -= 1
        if kind == "move":
            turn.move(s, st, seat, a[1], a[2], a[3])
        elif kind == "battle":
            battle.start(s, st, seat, a[1], a[2])
        elif kind == "recruit":
            board.place_warriors(s, a[1], FAC, 1)
        else:
            board.remove(s, a[1], FAC, "warrior", seat)
            _place_sympathy(s, st, seat, a[1])
    elif kind == "end":
        if s.step == "birdsong":
            turn.to_daylight(s, st)
        elif s.step == "daylight":
            turn.to_evening(s, st)
        elif s.step == "evening":
            turn.finish_evening(s, st, seat, s.flags["draws"])
    else:
        return False
    return True


def _place_sympathy(s, st, seat, c):
    placed = board.on_map(s, "sympathy")
    board.place(s, c, FAC, "sympathy", "token")
    board.gain(s, seat, st.pieces["sympathy"]["vp"][placed])


def _revolt(s, st, seat, c):
    suit = st.suit[c]
    board.clear_enemies(s, c, FAC, seat)
    board.place(s, c, FAC, "base_" + suit, "building")
    n = sum(1 for x in st.clearings if st.suit[x] == suit and sympathetic(s, x))
    board.place_warriors(s, c, FAC, n)
    if s.reserve[FAC]:
        s.reserve[FAC] -= 1
        s.f[FAC]["officers"] += 1
    _pay(s, st, suit, 2)


def settle(s, st, seat):
    return False


def after_discard(s, st, seat):
    turn.end_turn(s, st)
