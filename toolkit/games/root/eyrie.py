# toolkit: compile
"""Eyrie Dynasties: the Decree (1-2 cards a turn, at most one bird, resolved left to right
by suit, birds wild, the cards of one column in the order the Eyrie chooses), turmoil on any card that cannot be resolved, leaders and viziers,
roosts that craft and score, a new roost when none is left, Lords of the Forest (board)."""

from __future__ import annotations

from toolkit.games.root import battle, board, cards, craft, turn
from toolkit.games.root.data import COLUMNS

FAC = "eyrie"
VIZIER = "vizier"


def init(s, st, seat):
    s.f[FAC] = {"leader": None, "deposed": [], "decree": {c: [] for c in COLUMNS}}


def card_suit(st, card):
    return "bird" if card == VIZIER else st.cards[card]["suit"]


def setup_options(s, st, seat):
    e = s.f[FAC]
    if not board.where(s, "roost"):
        keep = board.keep_clearing(s)
        if keep is not None and keep in st.opposite:
            return [("corner", st.opposite[keep])]
        return [("corner", c) for c in st.corners() if board.can_place(s, c, FAC)]
    if e["leader"] is None:
        return [("leader", x) for x in sorted(st.leaders)]
    return []


def apply_setup(s, st, seat, a):
    if a[0] == "corner":
        board.place(s, a[1], FAC, "roost", "building")
        board.place_warriors(s, a[1], FAC, 6)
    else:
        _crown(s, st, a[1])


def _crown(s, st, leader):
    e = s.f[FAC]
    for col in COLUMNS:
        e["decree"][col] = [c for c in e["decree"][col] if c != VIZIER]
    e["leader"] = leader
    for col in st.leaders[leader]:
        e["decree"][col].append(VIZIER)


def start(s, st, seat, phase):
    if phase == "birdsong":
        if not s.hands[seat]:
            cards.draw(s, seat)       # emergency orders
        s.flags["added"] = []
        s.step = "decree"
    elif phase == "daylight":
        s.step = "craft"
    else:
        roosts = board.on_map(s, "roost")
        if roosts:
            board.gain(s, seat, st.pieces["roost"]["vp"][roosts - 1])
        s.flags["draws"] = 1 + sum(st.pieces["roost"]["draw"][:roosts])
        s.step = "evening"


def _new_roost_spots(s, st):
    spots = [c for c in st.clearings if board.free_slots(st, s, c) > 0
             and board.can_place(s, c, FAC)]
    if not spots:
        return []
    low = min(sum(s.board[c]["w"].values()) for c in spots)
    return [c for c in spots if sum(s.board[c]["w"].values()) == low]


def options(s, st, seat):
    step, e = s.step, s.f[FAC]
    if step == "decree":
        added = s.flags["added"]
        birds = any(st.cards[c]["suit"] == "bird" for c in added)
        out = [("decree", col, c) for col in COLUMNS for c in sorted(set(s.hands[seat]))
               if not (birds and st.cards[c]["suit"] == "bird")]
        return out + ([("end",)] if added or not out else [])
    if step == "new_roost":
        return [("roost", c) for c in _new_roost_spots(s, st)]
    if step in ("birdsong", "evening"):
        return [("end",)]
    if step == "craft":
        return craft.options(s, st, seat) + [("end",)]
    if step == "resolve":
        return resolve_options(s, st, seat)
    if step == "turmoil":
        free = [x for x in sorted(st.leaders) if x not in e["deposed"]]
        return [("leader", x) for x in free or sorted(st.leaders)]
    if step == "discard":
        return turn.discard_options(s, seat)
    return [("end",)]


def _fits(st, c, suit):
    return suit == "bird" or st.suit[c] == suit


def resolve_options(s, st, seat):
    """What the Eyrie can do for the column now resolved: the columns go left to right, but
    within one the cards go in any order the Eyrie chooses (seed 002, 鹰 3: 在执行时不考虑
    法令被插入的顺序), so every card still due in it offers its actions."""
    todo = s.flags["todo"]
    col = todo[0][0]
    out, seen = [], set()
    for suit in dict.fromkeys([x for c, x in todo if c == col]):
        for a in _card_options(s, st, seat, col, suit):
            if a not in seen:
                seen.add(a)
                out.append(a)
    return out


def _action_clearing(a):
    return a[2] if a[0] == "build" else a[1]


def _take_card(s, st, a):
    """Strike the card an action resolves from the column now resolved: one of the
    clearing's own suit when there is one, else a bird (wild). The bird is kept for last
    because it fits every clearing the suited card fits."""
    todo, suit = s.flags["todo"], st.suit[_action_clearing(a)]
    col = todo[0][0]
    due = [i for i, (c, _) in enumerate(todo) if c == col]
    exact = [i for i in due if todo[i][1] == suit]
    todo.pop((exact or [i for i in due if todo[i][1] == "bird"] or due)[0])


def _card_options(s, st, seat, col, suit):
    if col == "recruit":
        if not s.reserve[FAC]:
            return []
        return [("recruit", c) for c in sorted(set(board.where(s, "roost")), key=st.priority.get)
                if _fits(st, c, suit)]
    if col == "move":
        sources = [c for c in st.clearings if _fits(st, c, suit)]
        return turn.move_options(s, st, FAC, "move", sources) if sources else []
    if col == "battle":
        return [("battle", c, d) for c in st.clearings if _fits(st, c, suit)
                for d in battle.can_attack(s, st, seat, c)]
    if board.on_map(s, "roost") >= st.pieces["roost"]["copies"]:
        return []
    return [("build", "roost", c) for c in st.clearings if _fits(st, c, suit)
            and board.rules(s, c, FAC) and not board.buildings(s, c, FAC, "roost")
            and board.free_slots(st, s, c) > 0 and board.can_place(s, c, FAC)]


def apply(s, st, seat, a):
    kind, e = a[0], s.f[FAC]
    if kind == "decree":
        s.hands[seat].remove(a[2])
        e["decree"][a[1]].append(a[2])
        s.flags["added"].append(a[2])
        if len(s.flags["added"]) == 2 or not s.hands[seat]:
            _after_decree(s, st)
    elif kind == "roost":
        board.place(s, a[1], FAC, "roost", "building")
        board.place_warriors(s, a[1], FAC, 3)
        s.step = "birdsong"
    elif kind == "leader":
        if s.step == "turmoil":
            if not [x for x in st.leaders if x not in e["deposed"]]:
                e["deposed"] = []
            _crown(s, st, a[1])
            turn.to_evening(s, st)
        else:
            _crown(s, st, a[1])
    elif kind == "end":
        if s.step == "decree":
            _after_decree(s, st)
        elif s.step == "birdsong":
            turn.to_daylight(s, st)
        elif s.step == "craft":
            s.flags["todo"] = [(col, card_suit(st, c)) for col in COLUMNS
                               for c in e["decree"][col]]
            s.step = "resolve"
        elif s.step == "evening":
            turn.finish_evening(s, st, seat, s.flags["draws"])
    elif kind in ("recruit", "move", "battle", "build") and s.step == "resolve":
        _take_card(s, st, a)
        if kind == "recruit":
            n = 2 if e["leader"] == "charismatic" else 1
            board.place_warriors(s, a[1], FAC, n)
        elif kind == "move":
            turn.move(s, st, seat, a[1], a[2], a[3])
        elif kind == "battle":
            battle.start(s, st, seat, a[1], a[2])
        else:
            board.place(s, a[2], FAC, "roost", "building")
    else:
        return False
    return True


def _after_decree(s, st):
    s.step = "new_roost" if not board.where(s, "roost") and _new_roost_spots(s, st) \
        else "birdsong"


def turmoil(s, st, seat):
    """Humiliate (lose 1 VP per bird in the Decree, viziers included), purge the Decree
    but the viziers, depose the leader; a new one is chosen, then Daylight ends."""
    e = s.f[FAC]
    birds = sum(1 for col in COLUMNS for c in e["decree"][col] if card_suit(st, c) == "bird")
    board.gain(s, seat, -birds)
    for col in COLUMNS:
        for c in e["decree"][col]:
            if c != VIZIER:
                cards.discard(s, st, c)
        e["decree"][col] = [c for c in e["decree"][col] if c == VIZIER]
    e["deposed"].append(e["leader"])
    s.log.append(("turmoil", birds))
    s.step = "turmoil"


def settle(s, st, seat):
    if s.step == "resolve" and s.battle is None:
        if not s.flags["todo"]:
            turn.to_evening(s, st)
            return True
        if not resolve_options(s, st, seat):
            turmoil(s, st, seat)
            return True
    if s.step in ("birdsong", "evening") and not turn.common_options(s, st, seat):
        if s.step == "birdsong":
            turn.to_daylight(s, st)
        else:
            turn.finish_evening(s, st, seat, s.flags["draws"])
        return True
    return False


def after_discard(s, st, seat):
    turn.end_turn(s, st)
