# toolkit: compile
"""The map: pieces in clearings, rule and its tie-breaks, movement, slots, placing and
removing pieces (with the VP, outrage, hostility and field-hospital side effects)."""

from __future__ import annotations

from toolkit.games.root import effects   # imports no board at its top: no cycle
from toolkit.games.root.data import Static

BUILDINGS = ("sawmill", "workshop", "recruiter", "roost", "base_fox", "base_rabbit",
             "base_mouse")


def warriors(s, c, fac):
    return s.board[c]["w"].get(fac, 0)


def buildings(s, c, fac=None, kind=None):
    out = []
    for pair in s.board[c]["b"]:
        if (fac is None or pair[0] == fac) and (kind is None or pair[1] == kind):
            out.append(pair[1])
    return out


def tokens(s, c, fac=None, kind=None):
    out = []
    for pair in s.board[c]["t"]:
        if (fac is None or pair[0] == fac) and (kind is None or pair[1] == kind):
            out.append(pair[1])
    return out


def on_map(s, piece) -> int:
    n = 0
    for z in s.board.values():
        for pair in z["b"]:
            if pair[1] == piece:
                n += 1
        for pair in z["t"]:
            if pair[1] == piece:
                n += 1
    return n


def on_map_of(s, pieces: tuple) -> int:
    """How many of any of `pieces` stand on the map (on_map's sum over them, in one pass)."""
    n = 0
    for z in s.board.values():
        for pair in z["b"]:
            if pair[1] in pieces:
                n += 1
        for pair in z["t"]:
            if pair[1] in pieces:
                n += 1
    return n


def where(s, piece):
    out = []
    for c, z in s.board.items():
        for pair in z["b"]:
            if pair[1] == piece:
                out.append(c)
        for pair in z["t"]:
            if pair[1] == piece:
                out.append(c)
    return out


def ruler(s, c):
    """The faction that rules `c`: most warriors plus buildings; a tie rules nobody unless
    the Eyrie is among the tied (Lords of the Forest). Tokens and the pawn never count."""
    z = s.board[c]
    counts = z["w"]
    if z["b"]:   # warriors alone: their own counts, read and never changed
        counts = counts.copy()
    for pair in z["b"]:
        f = pair[0]
        counts[f] = counts.get(f, 0) + 1
    best, top, tied = 0, None, False
    for f, n in counts.items():
        if n > best:
            best, top, tied = n, f, False
        elif n == best and n > 0:
            tied = True
    if not tied:
        return top
    if counts.get("eyrie", 0) == best:
        return "eyrie"
    return None


def rules(s, c, fac) -> bool:
    return ruler(s, c) == fac


def ruled(s, st: Static, fac) -> set:
    """The clearings `fac` rules."""
    return {c for c in st.clearings if ruler(s, c) == fac}


def free_slots(st: Static, s, c) -> int:
    return st.slots[c] - (1 if c in s.ruin_items else 0) - len(s.board[c]["b"])


def keep_clearing(s):
    found = where(s, "keep")
    return found[0] if found else None


def can_place(s, c, fac, keep="") -> bool:
    """Only the Marquise may place pieces in the keep's clearing (`keep`: the keep's
    clearing, None when it is gone, when the caller has it)."""
    if fac == "marquise":
        return True
    if keep == "":
        keep = keep_clearing(s)
    return keep != c


def can_move(s, fac, src, dst, st: Static, ruled_by=None) -> bool:
    """`ruled_by`: the clearings `fac` rules (`ruled`), when the caller has them."""
    if ruled_by is not None:
        return dst in st.adj[src] and (src in ruled_by or dst in ruled_by)
    return dst in st.adj[src] and (rules(s, src, fac) or rules(s, dst, fac))


def present(s, c):
    """Factions with any piece in `c` (the Vagabond by his pawn)."""
    out = set(s.board[c]["w"]) | {f for f, _ in s.board[c]["b"]} | {f for f, _ in s.board[c]["t"]}
    vb = s.f.get("vagabond")
    if vb and vb.get("at") == c:
        out.add("vagabond")
    return sorted(out)


def place_warriors(s, c, fac, n) -> int:
    n = min(n, s.reserve[fac])
    if n > 0:
        s.reserve[fac] -= n
        s.board[c]["w"][fac] = s.board[c]["w"].get(fac, 0) + n
    return n


def place(s, c, fac, piece, form):
    s.board[c]["b" if form == "building" else "t"].append((fac, piece))


def move_warriors(s, fac, src, dst, n):
    s.board[src]["w"][fac] -= n
    if not s.board[src]["w"][fac]:
        del s.board[src]["w"][fac]
    s.board[dst]["w"][fac] = s.board[dst]["w"].get(fac, 0) + n


def gain(s, seat, n):
    """Score `n` VP (negative: lose, never below 0). A player whose dominance card is
    active, or a Vagabond in a coalition, no longer scores."""
    if seat < 0 or n == 0 or s.dominance[seat] is not None:
        return
    s.vp[seat] = max(0, s.vp[seat] + n)
    s.log.append(("vp", seat, n))


def remove(s, c, owner, piece, by_seat, *, battle=False):
    """Remove one piece of `owner` from `c`, caused by `by_seat` (-1: nobody)."""
    s.log.append(("removed", owner, piece, c))
    if piece == "warrior":
        s.board[c]["w"][owner] -= 1
        if not s.board[c]["w"][owner]:
            del s.board[c]["w"][owner]
        s.reserve[owner] += 1
    else:
        zone = "b" if piece in BUILDINGS else "t"
        s.board[c][zone].remove((owner, piece))
        if by_seat >= 0 and s.fac(by_seat) != owner:
            gain(s, by_seat, 1)
            if battle and s.battle is not None:
                s.battle["removed_bt"] = True
    effects.on_removed(s, c, owner, piece, by_seat)


def clear_enemies(s, c, fac, by_seat):
    """Remove every piece but `fac`'s from `c` (a revolt, a favor); the pawn stays."""
    for owner, n in sorted(s.board[c]["w"].items()):
        if owner != fac:
            for _ in range(n):
                remove(s, c, owner, "warrior", by_seat)
    for owner, piece in list(s.board[c]["b"]) + list(s.board[c]["t"]):
        if owner != fac:
            remove(s, c, owner, piece, by_seat)
