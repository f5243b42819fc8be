# toolkit: compile
"""What Root's heuristic knows of the others' win paths: how near each faction is to
winning (its VP and the engine that scores them: the Alliance's sympathy and bases, the
Eyrie's roosts, the Marquise's buildings, the Vagabond's relationships), how much it pays
to hurt one of them, and what a battle against it is worth. Reads only the observation."""

from __future__ import annotations

from toolkit.games.root import board
from toolkit.games.root import vagabond_items as vi

# what losing one piece costs its owner (VP it will not score, the draws and recruits lost)
DENY = {"sympathy": 1.6, "base_fox": 4.0, "base_rabbit": 4.0, "base_mouse": 4.0,
        "roost": 2.6, "keep": 2.0, "sawmill": 1.4, "workshop": 1.0, "recruiter": 1.4,
        "wood": 0.4}
# expected hits of the higher and the lower of two 0-3 dice
HIGH, LOW = 34 / 16, 14 / 16


def engine(s, st, fac) -> float:
    """VP a round the faction's pieces on the map bring it, roughly."""
    if fac == "alliance":
        n = board.on_map(s, "sympathy")
        bases = board.on_map_of(s, ("base_fox", "base_rabbit", "base_mouse"))
        return 0.35 * n + 1.0 * bases + 0.2 * len(s.f["alliance"]["supporters"])
    if fac == "eyrie":
        roosts = board.on_map(s, "roost")
        return st.pieces["roost"]["vp"][roosts - 1] if roosts else 0.0
    if fac == "marquise":
        n = board.on_map_of(s, ("sawmill", "workshop", "recruiter"))
        return 0.25 * n
    allied = 0
    for level in s.f["vagabond"]["rel"].values():
        if level == len(st.aids):
            allied += 1
    return 0.8 + 0.7 * allied


def pressure(s, st, fac) -> float:
    """The faction's VP in two rounds at its present pace (30 wins); an active dominance
    whose suit it already nearly holds counts as a game nearly won."""
    seat = s.seat(fac)
    if s.dominance[seat] is not None and fac != "vagabond":
        return max(s.vp[seat], 22) + 2 * _dominance_ruled(s, st, seat)
    if fac == "vagabond" and s.f["vagabond"].get("coalition") is not None:
        return pressure(s, st, s.fac(s.f["vagabond"]["coalition"]))
    return s.vp[seat] + 2 * engine(s, st, fac)


def _dominance_ruled(s, st, seat) -> int:
    fac, suit = s.fac(seat), st.cards[s.dominance[seat]]["suit"]
    if suit == "bird":
        return sum(1 for c in st.opposite if board.rules(s, c, fac))
    return sum(1 for c in st.suit if st.suit[c] == suit and board.rules(s, c, fac))


def weights(s, st, me) -> dict:
    """How much `me` wants to hurt each other faction: 1 for one level with the table, up
    to 3 for the one running away with it, down to 0.3 for the one far behind."""
    p = {f: pressure(s, st, f) for f in s.factions if f != me}
    if not p:
        return {}
    mean = sum(p.values()) / len(p)
    return {f: min(3.0, max(0.3, 1 + (v - mean) / 6)) for f, v in p.items()}


def path_pieces(s, c, fac) -> float:
    """How much of `fac`'s win path stands in `c`: 1 for sympathy or a base, a roost, the
    keep; less for the Marquise's other buildings and wood."""
    best = 0.0
    for p in board.buildings(s, c, fac) + board.tokens(s, c, fac):
        best = max(best, PATH.get(p, 0.0))
    return best


PATH = {"sympathy": 1.0, "base_fox": 1.0, "base_rabbit": 1.0, "base_mouse": 1.0,
        "roost": 1.0, "keep": 0.6, "sawmill": 0.4, "recruiter": 0.4, "workshop": 0.3}


def dominance_spot(s, st, fac, c) -> bool:
    """Whether `c` counts for the active dominance of `fac`."""
    seat = s.seat(fac)
    card = s.dominance[seat] if seat >= 0 else None
    if card is None or fac == "vagabond":
        return False
    suit = st.cards[card]["suit"]
    return c in st.opposite if suit == "bird" else st.suit[c] == suit


def battle_value(s, st, me, c, dfn, w=None, extra=0) -> float:
    """What attacking `dfn` in `c` is worth to `me` (about 1 a VP): its warriors and
    pieces likely removed, each weighted by how much `dfn` must be stopped, my VP for
    buildings and tokens, less the hits I take. `extra` more warriors of mine (a move)."""
    w = (w or weights(s, st, me)).get(dfn, 1.0)
    theirs = board.warriors(s, c, dfn)
    if me == "vagabond":
        cap = vi.undamaged(s, "sword")
    else:
        cap = board.warriors(s, c, me) + extra
    mine_die, their_die = (LOW, HIGH) if dfn == "alliance" else (HIGH, LOW)
    hits = min(cap, mine_die) + (1 if theirs == 0 and dfn != "vagabond" else 0)
    if me == "eyrie" and s.f["eyrie"]["leader"] == "commander":
        hits += 1
    if dfn == "vagabond":
        their_cap = vi.undamaged(s, "sword")
        return w * 0.9 * min(hits, len(vi.items(s))) - 0.6 * min(their_cap, their_die)
    taken = min(theirs, their_die)
    killed = min(theirs, hits)
    left = hits - killed
    pieces = sorted(DENY.get(p, 1.0) for p in board.buildings(s, c, dfn) + board.tokens(s, c, dfn))
    reached = [min(1.0, max(0.0, left - i)) for i in range(len(pieces))]
    deny = sum(v * r for v, r in zip(pieces, reached))
    spot = 1.5 if dominance_spot(s, st, dfn, c) else 0.0
    value = w * (0.5 * killed + deny + spot * min(1.0, hits / max(1, theirs))) + sum(reached)
    if me == "vagabond":   # warriors removed make their faction hostile; hits damage items
        rel = s.f["vagabond"]["rel"].get(dfn)
        if killed and rel != "hostile":
            value -= 1.0 + (rel or 0)
        if rel == "hostile":
            value += sum(reached) + killed   # Infamy
        return value - 0.9 * taken
    return value - 0.45 * taken


def best_target(s, st, me, c, w=None, extra=0) -> float:
    """The best battle value in `c` for `me` (0 when nobody worth it is there)."""
    w = w or weights(s, st, me)
    best = 0.0
    for f in board.present(s, c):
        if f == me:
            continue
        vb = s.f.get("vagabond", {})
        if me == "vagabond" and vb.get("coalition") is not None and s.seat(f) == vb["coalition"]:
            continue
        if f == "vagabond" and vb.get("coalition") is not None and \
                s.seat(me) == vb["coalition"]:
            continue
        best = max(best, battle_value(s, st, me, c, f, w, extra))
    return best
