# toolkit: compile
"""What removing a piece sets off: the keep leaving the game, a base taking supporters and
officers with it, outrage, Vagabond hostility and the Marquise's field hospitals."""

from __future__ import annotations

from toolkit.games.root import cards
from toolkit.games.root.data import static_of


def on_removed(s, c, owner, piece, by_seat):
    st = static_of(s)
    by = s.fac(by_seat) if by_seat >= 0 else None
    if by == "vagabond" and piece == "warrior" and owner != "vagabond":
        rel = s.f["vagabond"]["rel"]
        if owner in rel:
            rel[owner] = "hostile"
    if piece == "keep":
        s.keep_gone = True
    elif piece.startswith("base_") and "alliance" in s.f:
        lose_base(s, st, piece[5:])
    elif piece == "sympathy" and by is not None and by != "alliance":
        outrage(s, st, by_seat, c)
    if owner == "marquise" and piece == "warrior":
        q = s.f["marquise"].setdefault("hospital", {})
        q[c] = q.get(c, 0) + 1


def lose_base(s, st, suit):
    a = s.f["alliance"]
    keep = [x for x in a["supporters"] if not cards.matches(st, x, suit)]
    for x in a["supporters"]:
        if cards.matches(st, x, suit):
            cards.discard(s, st, x)
    a["supporters"] = keep
    lost = (a["officers"] + 1) // 2
    a["officers"] -= lost
    s.reserve["alliance"] += lost


def add_supporter(s, st, card):
    from toolkit.games.root.board import on_map
    a = s.f["alliance"]
    bases = sum(on_map(s, b) for b in ("base_fox", "base_rabbit", "base_mouse"))
    if bases == 0 and len(a["supporters"]) >= st.setting("supporters_cap"):
        cards.discard(s, st, card)
    else:
        a["supporters"].append(card)


def outrage(s, st, seat, c, card=None):
    """`seat` removed sympathy or moved warriors into a sympathetic clearing of suit X:
    it gives the Alliance a card of X (`card`, when it has chosen); with none, it shows its
    hand and the Alliance draws a supporter."""
    if seat < 0 or "alliance" not in s.f or s.fac(seat) == "alliance":
        return
    suit = st.suit[c]
    options = cards.matching(s, st, seat, suit)
    if card in options:
        options = [card]
    if len(options) > 1:
        s.pending.append({"seat": seat, "kind": "give", "clearing": c, "options": options})
    elif options:
        s.hands[seat].remove(options[0])
        add_supporter(s, st, options[0])
    else:
        s.known[f"{s.seat('alliance')}>{seat}"] = sorted(s.hands[seat])
        card = cards.draw_one(s)
        if card is not None:
            add_supporter(s, st, card)


def hospital_due(s, st):
    """Field hospitals: for each clearing where Marquise warriors were just removed, the
    Marquise may spend a card of its suit to return them to the keep's clearing."""
    m = s.f.get("marquise")
    if not m or not m.get("hospital"):
        return
    from toolkit.games.root.board import keep_clearing
    queue, m["hospital"] = m["hospital"], {}
    seat = s.seat("marquise")
    if keep_clearing(s) is None:
        return
    for c, n in sorted(queue.items()):
        options = cards.matching(s, st, seat, st.suit[c])
        if options:
            s.pending.append({"seat": seat, "kind": "hospital", "clearing": c, "count": n,
                              "options": options + [None]})
