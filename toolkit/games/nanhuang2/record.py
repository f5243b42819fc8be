"""The record of a finished game, its metrics per seat, and the invariants `check` runs
after every action (card conservation, zone limits, where each kind may be)."""

from __future__ import annotations

from toolkit.games.nanhuang2.cards import FIELD
from toolkit.games.nanhuang2.state import STATS


def results(state) -> list[float]:
    if state.phase != "over" or not state.winners:
        return [0.0] * state.n
    share = 1.0 / len(state.winners)
    return [share if s in state.winners else 0.0 for s in range(state.n)]


def game_record(state) -> dict:
    return {
        "winner": list(state.winners),
        # turn order: seat 1 opens every round (flow.advance), the living players after it
        # in seat order, so the report's seat is the place in turn order
        "first_player": 0,
        "rounds": state.round if state.phase != "over" else min(
            state.round, int(state.t.setting("round_limit"))),
        "round_limit_reached": state.phase == "over" and len(state.winners) > 1,
        "end_reason": ("round_limit" if len(state.winners) > 1 else "last_player_standing")
        if state.phase == "over" else "unfinished",
        "out_round": [p.out_round for p in state.players],
        "stats": [dict(p.stats) for p in state.players],
        "field_end": [len(p.field()) for p in state.players],
        "hand_end": [len(p.hand) for p in state.players],
        "start_hand": [start_label(p.start) for p in state.players],
        "picks": [[list(x) for x in p.picks] for p in state.players],
    }


def start_label(counts) -> str:
    """A starting hand as 'farmer-militia-retainer' copies, e.g. '2-1-2'."""
    return "-".join(str(c) for c in counts)


def card_use(records, catalog) -> dict:
    """Report section: for each card of the market, how often it was bought or defeated
    per game, and how often a player who bought it won."""
    tally = CardUse()
    state = tally.empty()
    for index, r in enumerate(records):
        tally.add(state, index, r)
    return tally.finish(state)["card_use"]


class CardUse:
    """`card_use` as a mergeable reporter (`Game.report_tally`): counts only."""

    def empty(self) -> dict:
        return {"games": 0, "bought": {}, "defeated": {}, "won": {}}  # plain dicts: fast

    def add(self, tally, index, r) -> None:
        tally["games"] += 1
        winners = set(r.get("winner") or [])
        bought, defeated, won = tally["bought"], tally["defeated"], tally["won"]
        for seat, picks in enumerate(r.get("picks") or []):
            for how, cid in picks:
                if how == "bought":
                    bought[cid] = bought.get(cid, 0) + 1
                    if seat in winners:
                        won[cid] = won.get(cid, 0) + 1
                else:
                    defeated[cid] = defeated.get(cid, 0) + 1

    def finish(self, tally, base=None) -> dict:
        from collections import Counter

        games = max(1, tally["games"])
        bought, defeated, won = (Counter(tally[k]) for k in ("bought", "defeated", "won"))
        return {"card_use": {
            cid: {"bought_per_game": round(bought[cid] / games, 3),
                  "defeated_per_game": round(defeated[cid] / games, 3),
                  "buyer_win_share": round(won[cid] / bought[cid], 3) if bought[cid] else None}
            for cid in sorted(set(bought) | set(defeated))}}


def metrics(record) -> dict[str, list[float]]:
    stats = record.get("stats") or []
    out = {name: [float(s.get(name, 0)) for s in stats] for name in STATS}
    out["eliminated"] = [1.0 if r else 0.0 for r in record.get("out_round", [])]
    rounds = record.get("rounds", 0)
    out["rounds_survived"] = [float(r or rounds) for r in record.get("out_round", [])]
    out["field_at_end"] = [float(x) for x in record.get("field_end", [])]
    return out


def _all_uids(state) -> list[int]:
    uids = list(state.deck) + [u for u in state.wilds if u is not None] + state.exile + state.tokens
    if state.event is not None:
        uids.append(state.event)
    for pile in list(state.supply.values()) + [p for box in state.box for p in box.values()]:
        uids += pile
    for p in state.players:
        uids += p.hand
        for z in FIELD:
            uids += p.zone(z)
    return uids


def conservation(state):
    uids = _all_uids(state)
    if len(uids) != len(state.cards) or set(uids) != set(range(len(state.cards))):
        dupes = len(uids) - len(set(uids))
        return f"{len(set(uids))} of {len(state.cards)} cards found, {dupes} twice"
    return None


def zone_limits(state):
    for s, p in enumerate(state.players):
        for z in FIELD:
            cap = state.t.zone_slots[z]
            if cap and len(p.zone(z)) > cap:
                return f"player {s + 1}'s {z} holds {len(p.zone(z))} cards, over {cap}"
    return None


def kinds_in_place(state):
    if state.event is not None and state.spec(state.event).kind != "incident":
        return "a non-event card is in the event slot"
    for u in state.wilds:
        if u is not None and state.spec(u).kind == "incident":
            return "an event card lies in the wilds"
    for s, p in enumerate(state.players):
        if any(state.spec(u).kind == "incident" for u in p.hand):
            return f"player {s + 1} holds an event card"
        for z in FIELD:
            wrong = [state.cards[u] for u in p.zone(z) if not state.t.fits(state.spec(u).kind, z)]
            if wrong:
                return f"player {s + 1} has {wrong[0]} in the {z}, which does not hold its kind"
    return None


def resources(state):
    for s, p in enumerate(state.players):
        if p.power < 0 or p.economy < 0:
            return f"player {s + 1} has {p.power} power and {p.economy} economy"
        if not p.alive and (p.hand or p.field()):
            return f"player {s + 1} is out but still holds cards"
    return None


def single_turn(state):
    if state.phase != "over" and not state.players[state.current].alive:
        return f"player {state.current + 1} is out but has the turn"
    return None


INVARIANTS = {"card conservation": conservation, "field limits": zone_limits,
              "cards where their kind belongs": kinds_in_place,
              "no negative power or economy": resources, "only living players act": single_turn}
