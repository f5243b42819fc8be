"""The engine's component bookkeeping: where every card, token and marker of a state is
(`places`) and what the box holds (`totals`), used by `determinize` to deal the unseen
ones and by the invariants; plus a cheap snapshot taken before each action and the glory
gains of the event log. Reads plain state fields only (imports nothing of the engine)."""

from __future__ import annotations

from collections import Counter

GLORY_SOURCES = frozenset({"defeat", "sell", "raid", "mission", "rumor", "large_party"})


def snapshot(state) -> dict:
    """The few values an invariant compares across one action."""
    return {
        "seat": state.pending[-1]["player"] if state.pending else state.turn_seat,
        "phase": state.phase,
        "gold": [p.gold for p in state.players],
        "glory": [p.glory for p in state.players],
        "log": len(state.log),
        "round": state.round,
    }


def new_log(state, before: dict) -> list:
    return state.log[before.get("log", 0):] if before else []


def _party_equipment(state) -> list:
    out = []
    for p in state.players:
        if p.party is not None:
            out.extend(p.party.equipment)
    for n in state.npcs.values():
        if n.party is not None:
            out.extend(n.party.equipment)
    return out


def _raid_cards(state) -> list:
    raid = state.raid or {}
    cards = []
    for key in ("cards", "drawn", "hand"):
        value = raid.get(key)
        if isinstance(value, list):
            cards.extend(value)
    return cards


def _raid_token(state) -> list:
    """The explorer token of the raid under way (it is neither on the board nor the track)."""
    token = (state.raid or {}).get("token")
    return [] if token is None else [token]


def _pending_equipment(state) -> list:
    """Equipment of a beaten party waiting for its victor's CAPTURE decision, or for its
    leader's PLACE_EQUIPMENT choice."""
    out = []
    for entry in state.pending:
        party = entry.get("party") if isinstance(entry, dict) else None
        if isinstance(party, dict):
            out.extend(party.get("equipment", []))
        if entry.get("kind") == "place_equipment":
            out.extend(entry["tokens"])
    return out


def _pending_loot(state) -> list:
    """Goods of a beaten player waiting for the victor's LOOT choice."""
    return [c for entry in state.pending if entry.get("kind") == "loot" for c in entry["cards"]]


def choosing_party(state, seat: int) -> bool:
    """Whether the seat owes a CHOOSE_PARTY decision (a new hero without a party yet)."""
    return any(d.get("kind") == "choose_party" and d.get("player") == seat
               for d in state.pending)


def places(state) -> dict[str, list]:
    """Component family -> every copy found anywhere in the state, as one list."""
    players = state.players
    offer = state.visit.offer if state.visit is not None else []
    return {
        "goods card": [*state.goods_deck, *state.goods_discard, *offer, *_raid_cards(state),
                       *_pending_loot(state),
                       *(g for p in players for g in p.goods)],
        "glory card": [*state.glory_deck, *state.glory_discard,
                       *(c for p in players for c in (*p.hand, *p.followers))],
        "hero card": [*state.hero_deck, *state.hero_discard,
                      *(p.hero for p in players if p.hero is not None)],
        "event card": [*state.event_deck, *state.event_discard],
        "mission card": [*state.mission_deck, *state.mission_discard, *state.missions_up,
                         *(m for p in players for m in p.missions)],
        "rumor card": [*state.rumor_deck, *state.rumor_discard,
                       *(r for p in players for r in p.rumors)],
        "equipment token": [*(e for e in state.tavern_eq.values() if e is not None),
                            *state.eq_reserve, *_party_equipment(state),
                            *_pending_equipment(state)],
        "weapon token": [*(w for w, n in state.weapon_supply.items() for _ in range(max(n, 0))),
                         *(w for p in players for w in p.weapons)],
        "demand marker": [*(g for g in state.demand.values() if g is not None),
                          *state.marker_pool],
        "explorer token": [*(x for x in state.explorers.values() if x is not None),
                           *state.explorer_track, *_raid_token(state)],
    }


def totals(rules) -> dict[str, list]:
    """Component family -> every copy in the box (from the catalog), sorted."""
    return {
        "goods card": list(range(len(rules.cards))),
        "glory card": sorted(rules.glory),
        "hero card": sorted(rules.heroes),
        "event card": sorted(rules.events),
        "mission card": sorted(rules.missions),
        "rumor card": sorted(rules.rumors),
        "equipment token": sorted(rules.equipment),
        "weapon token": sorted(w for w, n in rules.weapons.items() for _ in range(n)),
        "demand marker": sorted(rules.markers),
        "explorer token": list(range(len(rules.explorers))),
    }


def differs(a, b) -> str | None:
    """The first field in which two states differ (random streams by their internal
    state), or None when they are equal."""
    for name in type(a).__slots__:
        x, y = getattr(a, name), getattr(b, name)
        if name == "rng":
            # a stream a clone still shares (copy-on-write, see Streams) is equal as it is:
            # getstate() costs ~20 us a stream, the bulk of the clone_equal check
            if x.keys() != y.keys() or any(
                    r is not y.get(k) and r.getstate() != y.get(k).getstate()
                    for k, r in x.items()):
                return name
        elif x != y:
            return name
    return None


def shared_parts(a, b) -> str | None:
    """A mutable part two states share (a clone must share none), or None."""
    for name in type(a).__slots__:
        x = getattr(a, name)
        if name != "rules" and isinstance(x, (list, dict)) and x is getattr(b, name):
            return name
    for p, q in zip(a.players, b.players):
        if p is q or (p.party is not None and p.party is q.party) or p.goods is q.goods:
            return f"players[{p.seat}]"
    return None


def diff(found: list, box: list) -> str:
    """'2 extra x, 1 missing y' or '' when the multisets are equal (`box` sorted)."""
    if len(found) == len(box) and sorted(found) == box:
        return ""
    found, box = Counter(found), Counter(box)
    extra = found - box
    missing = box - found
    parts = [f"{n} extra {k!r}" for k, n in sorted(extra.items(), key=str)]
    parts += [f"{n} missing {k!r}" for k, n in sorted(missing.items(), key=str)]
    return ", ".join(parts[:6]) + (" …" if len(parts) > 6 else "")
