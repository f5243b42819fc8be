"""What the checks read from an engine state: where every component is, a cheap snapshot
taken before each action, and glory gains from the engine's event log."""

from __future__ import annotations

from collections import Counter

GLORY_SOURCES = frozenset({"defeat", "sell", "raid", "mission", "rumor", "large_party"})


def snapshot(state) -> dict:
    """The few values an invariant compares across one action."""
    return {
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
    """Equipment of a beaten party waiting for its victor's CAPTURE decision."""
    out = []
    for entry in state.pending:
        party = entry.get("party") if isinstance(entry, dict) else None
        if isinstance(party, dict):
            out.extend(party.get("equipment", []))
    return out


def choosing_party(state, seat: int) -> bool:
    """Whether the seat owes a CHOOSE_PARTY decision (a new hero without a party yet)."""
    return any(d.get("kind") == "choose_party" and d.get("player") == seat
               for d in state.pending)


def places(state) -> dict[str, Counter]:
    """Component family -> Counter of every copy found anywhere in the state."""
    players = state.players
    offer = state.visit.offer if state.visit is not None else []
    return {
        "goods card": Counter([*state.goods_deck, *state.goods_discard, *offer,
                               *_raid_cards(state), *(g for p in players for g in p.goods)]),
        "glory card": Counter([*state.glory_deck, *state.glory_discard,
                               *(c for p in players for c in (*p.hand, *p.followers))]),
        "hero card": Counter([*state.hero_deck, *state.hero_discard,
                              *(p.hero for p in players if p.hero is not None)]),
        "event card": Counter([*state.event_deck, *state.event_discard]),
        "mission card": Counter([*state.mission_deck, *state.mission_discard,
                                 *state.missions_up, *(m for p in players for m in p.missions)]),
        "rumor card": Counter([*state.rumor_deck, *state.rumor_discard,
                               *(r for p in players for r in p.rumors)]),
        "equipment token": Counter([*(e for e in state.tavern_eq.values() if e is not None),
                                    *state.eq_reserve, *_party_equipment(state),
                                    *_pending_equipment(state)]),
        "weapon token": Counter(state.weapon_supply) + Counter(
            [w for p in players for w in p.weapons]),
        "demand marker": Counter([*(g for g in state.demand.values() if g is not None),
                                  *state.marker_pool]),
        "explorer token": Counter([*(x for x in state.explorers.values() if x is not None),
                                   *state.explorer_track, *_raid_token(state)]),
    }


def totals(rules) -> dict[str, Counter]:
    """Component family -> Counter of every copy in the box (from the catalog)."""
    return {
        "goods card": Counter(range(len(rules.cards))),
        "glory card": Counter(rules.glory),
        "hero card": Counter(rules.heroes),
        "event card": Counter(rules.events),
        "mission card": Counter(rules.missions),
        "rumor card": Counter(rules.rumors),
        "equipment token": Counter(rules.equipment),
        "weapon token": Counter(rules.weapons),
        "demand marker": Counter(rules.markers),
        "explorer token": Counter(range(len(rules.explorers))),
    }


def diff(found: Counter, box: Counter) -> str:
    """'2 extra x, 1 missing y' or '' when equal."""
    extra = found - box
    missing = box - found
    parts = [f"{n} extra {k!r}" for k, n in sorted(extra.items(), key=str)]
    parts += [f"{n} missing {k!r}" for k, n in sorted(missing.items(), key=str)]
    return ", ".join(parts[:6]) + (" …" if len(parts) > 6 else "")
