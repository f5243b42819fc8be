# toolkit: compile
"""Root's heuristic agent: one scoring rule per faction over the legal actions (the best
score wins, a seeded jitter breaks ties; `end` scores 0, so only useful actions are taken).
It reads only its seat's observation. Every faction answers the others' win paths
(agent_threats.py): battles against the leader's sympathy, bases, roosts and buildings and
the clearings its dominance needs score more, moves into sympathy cost the outrage card,
dominance waits until it is held, and the Vagabond neither aids the leader, nor turns a
friend hostile, nor joins a partner who is off the pace. Bench: bench/root_factions.py."""

from __future__ import annotations

from toolkit.games.root import agent_threats as threats
from toolkit.games.root import board
from toolkit.games.root import vagabond_items as vi
from toolkit.games.root.data import static_of


def _enemies(s, c, fac):
    n = 0
    for f, k in s.board[c]["w"].items():
        if f != fac:
            n += k
    return n


def _battle(s, st, fac, c, dfn, memo=None):
    mine = board.warriors(s, c, fac) if fac != "vagabond" else vi.undamaged(s, "sword")
    theirs = board.warriors(s, c, dfn)
    loot = len(board.buildings(s, c, dfn) + board.tokens(s, c, dfn))
    if dfn == "vagabond":
        return 1.0 if mine >= 3 else -1
    if not (mine >= theirs or loot):
        return -1
    w = _weights(s, st, fac, memo).get(dfn, 1.0)
    value = 2 + 2 * loot + 0.7 * (mine - theirs) + PATH * w * threats.path_pieces(s, c, dfn)
    if threats.dominance_spot(s, st, dfn, c):   # a clearing its active dominance needs
        value += DOM_STOP
    if fac == "vagabond" and theirs and s.f["vagabond"]["rel"].get(dfn) != "hostile":
        value -= VB_HOSTILE   # the warriors he removes turn their faction hostile
    return value


# a battle against the win path of a faction ahead (sympathy, a base, a roost, buildings),
# by its threat weight; a move into sympathy (outrage: a card to the Alliance); a Vagabond
# battle that turns a faction hostile (no more aid VP, the hits come back)
PATH, OUTRAGE, VB_HOSTILE, DOM_STOP = 4.0, 2.0, 6.0, 4.0


def _move(s, st, fac, src, dst, k, memo=None):
    """A move of `k` warriors from `src` to `dst`; what does not depend on `k` is worked out
    once a decision per (src, dst) when `memo` is given."""
    got = memo.get((src, dst)) if memo is not None else None
    if got is None:
        n = board.warriors(s, src, fac)
        gain = 1.5 if board.ruler(s, dst) != fac else 0.2
        if _enemies(s, dst, fac) or board.buildings(s, dst):
            gain += 0.8
        if fac != "alliance" and board.tokens(s, dst, "alliance", "sympathy"):
            gain -= OUTRAGE   # a card to the Alliance
        guards = board.rules(s, src, fac) and len(board.buildings(s, src, fac)) > 0
        got = (n, gain, guards)
        if memo is not None:
            memo[(src, dst)] = got
    n, gain, guards = got
    if guards and k == n:
        gain -= 2   # leaving buildings undefended
    return gain - 0.25 * abs(k - max(1, n // 2))


def _suited(st, x) -> list:
    """The clearings a Decree card of suit `x` acts in (a bird: every clearing)."""
    return [c for c in st.clearings if x == "bird" or st.suit[c] == x]


def _decree(s, st, col, card, memo=None):
    """Whether the column could still be resolved with `card` added: every card of a suit
    needs its own source (roosts to recruit, warriors to move or fight, sites to build).
    Only the card's suit counts: once a decision per (column, suit) when `memo` is given."""
    suit = st.cards[card]["suit"]
    if memo is None:
        return _decree_suit(s, st, col, suit, None)
    key = ("decree", col, suit)
    value = memo.get(key)
    if value is None:
        value = memo[key] = _decree_suit(s, st, col, suit, memo)
    return value


def _decree_suit(s, st, col, suit, memo):
    e = s.f["eyrie"]
    suits = [("bird" if c == "vizier" else st.cards[c]["suit"]) for c in e["decree"][col]]
    suits.append(suit)
    slack = None   # the fewest spare sources over the column's suits
    for x in set(suits):
        n = 0
        if col == "recruit":   # a roost of the suit may fall before the next turn: one spare
            for c in _suited(st, x):
                if board.buildings(s, c, "eyrie", "roost"):
                    n += 1
            n -= 1 if x != "bird" else 0
        elif col == "move":
            for c in _suited(st, x):
                n += board.warriors(s, c, "eyrie")
            n -= 2 * suits.count(x)
        elif col == "battle":
            for c in _suited(st, x):
                if board.warriors(s, c, "eyrie") >= 2 and _enemies(s, c, "eyrie"):
                    n += 1
            n -= suits.count(x)
        else:
            for c in _suited(st, x):
                if board.rules(s, c, "eyrie") and not board.buildings(s, c, "eyrie", "roost") \
                        and board.free_slots(st, s, c) > 0:
                    n += 1
            n -= suits.count(x)
        if slack is None or n < slack:
            slack = n
    if col == "recruit":
        ok = s.reserve["eyrie"] >= len(suits) and slack >= 0
    elif col == "move" or col == "battle":
        ok = slack >= 0
    else:
        ok = slack >= 0 and board.on_map(s, "roost") + len(suits) <= \
            st.pieces["roost"]["copies"]
    size = 0
    for v in e["decree"].values():
        size += len(v)
    bonus = {"recruit": 1.5, "move": 1.5, "battle": 0.5,
             "build": 3 if len(suits) == 1 else 0.5}[col]   # one build card is enough
    if col == "battle":   # a battle that stops the leader is worth a card in the Decree
        w = _weights(s, st, "eyrie", memo)
        bonus += max([0.0] + [min(3.0, threats.best_target(s, st, "eyrie", c, w) / 2)
                              for c in _suited(st, suit) if board.warriors(s, c, "eyrie") >= 2])
    return (3 + bonus - 0.3 * size + SLACK * min(slack, 2) if ok else -5) + \
        (0.5 if suit == "bird" else 0)


SLACK = 0.4


def score(s, seat, a, memo=None) -> float:
    """What action `a` is worth to `seat` in observation `s`; `memo` (one a decision:
    {"st": its Static}) keeps what every action of one decision reads alike (the threat
    weights by faction)."""
    st = memo["st"] if memo else static_of(s)
    fac, kind = s.fac(seat), a[0]
    if kind in ("march", "move", "cobbler"):   # the most frequent kinds first
        return _move(s, st, fac, a[1], a[2], a[3], memo) + _site(s, st, fac, a[2], a[3], memo)
    if kind in ("ambush", "foil", "hospital", "give"):
        return 1 if a[1] is not None else 0
    if kind == "effect":
        return 1 if a[2] else 0
    if kind == "damage":
        return (1 if a[2] else 0) - (1 if a[1] == "sword" else 0)
    if kind == "refresh":   # undamaged boots, swords and torches first
        return (0 if a[2] else 2) + (1 if a[1] in ("boots", "sword", "torch") else 0)
    if kind in NEUTRAL:   # choices the heuristic leaves to its jitter
        return 1
    if kind == "craft":
        info = st.cards[a[1]]
        return 5 + (info["vp"] or 0) + (2 if info["type"] == "once" else 0)
    if kind == "dominance":
        return _dominance(s, st, seat, fac, a[1])
    if kind == "coalition":   # his win is then the partner's: only a partner on pace
        mine = threats.pressure(s, st, fac)
        theirs = threats.pressure(s, st, s.fac(a[2]))
        return 3 if theirs >= mine - COAL_MARGIN else -1
    if kind == "royal_claim":
        return 6 if len(board.ruled(s, st, fac)) >= 4 else -1
    if kind in ("stand_and_deliver", "tax"):
        return 2
    if kind in ("battle", "warren"):
        return _battle(s, st, fac, a[1], a[2], memo)
    if kind == "leader":
        return LEADERS.get(a[1], 1)
    if kind == "decree":
        return _decree(s, st, a[1], a[2], memo)
    return FIXED.get(fac, {}).get(kind, FIXED["any"].get(kind, 0.5)) + _extra(s, st, fac, a, memo)


def _dominance(s, st, seat, fac, card):
    """Activate only a dominance it already holds (it wins at its next Birdsong unless the
    others break it), or one a clearing short when 30 VP is out of reach: activating
    freezes its score."""
    suit = st.cards[card]["suit"]
    if suit == "bird":
        ruled = max((sum(1 for x in (c, o) if board.rules(s, x, fac))
                     for c, o in st.opposite.items()), default=0)
        need = 2
    else:
        ruled = sum(1 for c in st.suit if st.suit[c] == suit and board.rules(s, c, fac))
        need = st.setting("dominance_clearings")
    behind = max(v for i, v in enumerate(s.vp) if i != seat) - s.vp[seat]
    if ruled >= need:
        return 8 if s.vp[seat] < st.setting("win_vp") - 6 else -1
    if ruled == need - 1 and behind >= DOM_BEHIND:
        return 4
    return -1


DOM_BEHIND, AID_LEADER, COAL_MARGIN = 6, 1.5, 2.0


NEUTRAL = frozenset({"keep", "corner", "place", "pay_wood", "pay", "character", "forest",
                     "remove", "drop", "roost", "discard", "burrow_bank", "wood",
                     "codebreakers"})
LEADERS = {"builder": 3, "commander": 2, "charismatic": 1.5, "despot": 1}


def _weights(s, st, fac, memo) -> dict:
    """threats.weights, once a decision when `memo` is given."""
    if memo is None:
        return threats.weights(s, st, fac)
    w = memo.get(fac)
    if w is None:
        w = memo[fac] = threats.weights(s, st, fac)
    return w


def _site(s, st, fac, dst, k, memo=None):
    """Eyrie: a move that opens a site for a build card still due in the Decree (the build
    cards due worked out once a decision when `memo` is given)."""
    if fac != "eyrie" or s.step != "resolve":
        return 0
    due = memo.get("due") if memo is not None else None
    if due is None:
        due = [x for col, x in s.flags.get("todo", [])[1:] if col == "build"]
        if memo is not None:
            memo["due"] = due
    if not due or board.buildings(s, dst, "eyrie", "roost") or board.free_slots(st, s, dst) <= 0:
        return 0
    fits = False
    for x in due:
        if x == "bird" or st.suit[dst] == x:
            fits = True
            break
    if not fits:
        return 0
    theirs = max([n for f, n in s.board[dst]["w"].items() if f != "eyrie"]
                 + [len(board.buildings(s, dst, f)) for f in s.factions if f != "eyrie"] + [0])
    return 4 if board.warriors(s, dst, "eyrie") + k >= theirs else 0


FIXED = {
    "marquise": {"build": 7, "recruit": 5, "overwork": 3, "hawks": 0.3},
    "eyrie": {"build": 7, "recruit": 5},
    "alliance": {"revolt": 9, "spread": 6, "organize": 5, "train": 4, "recruit": 3,
                 "mobilize": 1.5},
    "vagabond": {"explore": 7, "quest": 6, "aid": 4, "strike": 2, "repair": 5,
                 "special": 3, "go": 1.5, "slip": 1},
    "any": {"end": 0, "buy": 0.5},
}


def _extra(s, st, fac, a, memo=None):
    kind = a[0]
    if kind == "build" and fac == "marquise":
        return -0.5 * board.on_map(s, a[1])
    if kind == "mobilize":
        return -2 if len(s.f["alliance"]["supporters"]) >= 5 else 0
    if kind == "train":
        return -3 if s.f["alliance"]["officers"] >= 4 else 0
    if kind == "aid":   # spend the item he holds most of; never feed the leader
        spare = vi.ready(s, a[3])
        w = _weights(s, st, fac, memo).get(a[1], 1.0)
        return (2 if a[2] else 0) + (1 if s.f["vagabond"]["rel"].get(a[1]) != "hostile"
                                     else -2) + 0.2 * spare - (1 if a[3] == "sword" else 0) \
            - AID_LEADER * max(0.0, w - 1.3)
    if kind == "quest":
        return 0.5 if a[2] == "vp" else 0
    if kind == "strike":
        return 3 if a[2] != "warrior" else 0
    if kind in ("go", "slip"):
        return _vb_goal(s, st, a[1])
    return 0


def _vb_goal(s, st, dst):
    """Vagabond: how close `dst` brings him to a ruin to explore, a quest he can do, or
    buildings left undefended (a breadth-first distance over the paths)."""
    if dst not in st.suit:
        return 0
    v = s.f["vagabond"]
    goals = set()
    if vi.ready(s, "torch"):
        goals |= set(s.ruin_items)
    for q in v["quests"]:
        suit, need = st.quests[q]
        if all(vi.ready(s, i) >= need.count(i) for i in need):
            goals |= {c for c in st.suit if st.suit[c] == suit}
    if vi.ready(s, "sword"):   # pieces left undefended, the leader's first
        goals |= {c for c in st.suit if (board.buildings(s, c) or board.tokens(s, c))
                  and not s.board[c]["w"]}
    seen, frontier, dist = {dst}, [dst], 0
    while frontier and dist < 4:
        if goals & set(frontier):
            return 3 - dist
        frontier = [y for x in frontier for y in st.adj[x] if y not in seen]
        seen |= set(frontier)
        dist += 1
    return 0


class Heuristic:
    name = "heuristic"
    observes = True

    def __init__(self, seat, rng):
        self.seat, self.rng = seat, rng

    def choose(self, observation, legal):
        if len(legal) == 1:   # no choice: the same draw from the stream, no scoring
            self.rng.random()
            return legal[0]
        best, pick, memo = None, legal[0], {"st": static_of(observation)}
        for a in legal:
            v = score(observation, self.seat, a, memo) + self.rng.random() * 0.3
            if best is None or v > best:
                best, pick = v, a
        return pick


def _heuristic(game, catalog, seat, rng, arg):
    if arg is not None:
        from toolkit.errors import UsageError
        raise UsageError(f"agent 'heuristic' takes no argument, got 'heuristic:{arg}'")
    return Heuristic(seat, rng)


AGENTS = {"heuristic": _heuristic}
