"""Root's checks: invariants of a position (run after every action by `check`) and the
content sums a validator makes (deck, item conservation, tracks, map)."""

from __future__ import annotations

from toolkit.errors import ContentError
from toolkit.games.root import board
from toolkit.games.root.data import FACTIONS, SUITS, build_static, static_of


def _warriors(s):
    st = static_of(s)
    for fac in s.factions:
        on = sum(s.board[c]["w"].get(fac, 0) for c in s.board)
        officers = s.f["alliance"]["officers"] if fac == "alliance" else 0
        if on + s.reserve[fac] + officers != st.warriors[fac]:
            return f"{fac} warriors: {on} on the map + {s.reserve[fac]} in supply + " \
                   f"{officers} officers is not {st.warriors[fac]}"
    return None


def _slots(s):
    st = static_of(s)
    for c in s.board:
        if board.free_slots(st, s, c) < 0:
            return f"{c} holds more buildings than its slots"
    return None


def _pieces(s):
    st = static_of(s)
    for pid, p in st.pieces.items():
        if board.on_map(s, pid) > p["copies"]:
            return f"{board.on_map(s, pid)} {pid} on the map, only {p['copies']} exist"
    return None


def _cards(s):
    st = static_of(s)
    held = len(s.deck) + len(s.discard) + len(s.available) + sum(map(len, s.hands))
    held += sum(map(len, s.tableau)) + sum(1 for d in s.dominance if d is not None)
    if "eyrie" in s.f:
        held += sum(1 for col in s.f["eyrie"]["decree"].values() for c in col if c != "vizier")
    if "alliance" in s.f:
        held += len(s.f["alliance"]["supporters"])
    total = len(st.deck) - (4 if len(s.factions) == 2 else 0)
    return None if held == total else f"{held} cards in play, the deck has {total}"


def _scores(s):
    if any(v < 0 for v in s.vp):
        return f"a negative score: {s.vp}"
    if any(s.supply[i] < 0 for i in s.supply):
        return "a negative item supply"
    return None


INVARIANTS = {"warriors_conserved": _warriors, "slots_respected": _slots,
              "pieces_within_box": _pieces, "cards_conserved": _cards,
              "scores_and_supply": _scores}


def validate_content(catalog, report):
    """Sum checks a data-entry slip would break."""
    try:
        st = build_static(catalog)
    except ContentError as exc:
        report(None, exc.message)
        return
    except (AttributeError, KeyError, TypeError):   # fields pass 1 already reported
        return
    for iid, i in st.items.items():
        if i["supply"] + i["ruin"] + i["start"] != i["copies"]:
            report(iid, f"item '{iid}': supply {i['supply']} + ruin {i['ruin']} + start "
                   f"{i['start']} is not the {i['copies']} tokens in the box", "copies")
    for cid, (items, _) in st.characters.items():
        for item in set(items):
            if items.count(item) > st.items.get(item, {}).get("start", 0):
                report(cid, f"character '{cid}' starts with {items.count(item)} {item}, "
                       f"but only {st.items.get(item, {}).get('start', 0)} start tokens exist",
                       "items")
    by_item = {}
    for cid, c in st.cards.items():
        if c["type"] == "item":
            by_item.setdefault(c["item"], set()).add((tuple(sorted(c["cost"])), c["vp"]))
    for item, variants in sorted(by_item.items()):
        if len(variants) > 1:
            report(item, f"cards crafting '{item}' disagree on cost or VP: {sorted(variants)}")
    ruins = sum(i["ruin"] for i in st.items.values())
    if ruins != len(st.ruins):
        report("item", f"{ruins} ruin items for {len(st.ruins)} ruins")
    for suit in SUITS:
        n = sum(1 for x in st.suit.values() if x == suit)
        if n != 4:
            report("clearing", f"{n} clearings of suit {suit}; the Autumn map has 4")
    for c, o in st.opposite.items():
        if st.opposite.get(o) != c:
            report(c, f"corner '{c}' and '{o}' are not each other's opposite", "opposite")
    for pid, p in st.pieces.items():
        for track in ("cost", "vp", "draw"):
            if p[track] and len(p[track]) != p["copies"]:
                report(pid, f"track '{track}' of '{pid}' has {len(p[track])} spaces for "
                       f"{p['copies']} pieces", track)
    missing = [f for f in FACTIONS if f not in st.warriors]
    for f in missing:
        report("faction", f"faction '{f}' is missing")
    for f in FACTIONS:
        if f != "vagabond" and st.warriors.get(f) == 0:
            report(f, f"faction '{f}' has no warriors: it could not move, battle or rule a "
                   "clearing, and games would not end; give it at least 1", "warriors")
