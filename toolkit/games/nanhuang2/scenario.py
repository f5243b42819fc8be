"""Rulings hooks: a position built from a ruling's `setup:`, steps matched by kind and card
ids, and the game's own expectations.

setup keys: players, seed, round, current (whose turn starts), hands {seat: [card ids]},
fields {seat: {front/back/facilities: [ids]}}, wilds {slot id: card id or null},
deck_top [ids, next drawn first], event {card, owner, turn}, empty_starts {seat: n},
power / economy / incoming {seat: n or [p, e]} (set after phase 1), broken [[a, b]].
The current player's turn then starts (phase 1 is resolved) unless `start: false`.

expectations: {seat, power | economy | hand | hand_size | field | exile_chance | incoming |
empty_starts}, {exiled: [ids]}, {not_exiled: [ids]}, {wilds: {slot: id}}, {event: id},
{out: [seats]}, {protected: [a, b], is: bool}, {round: n}, {deck_size: n}."""

from __future__ import annotations

from collections import Counter
from typing import Mapping

from toolkit.errors import ContentError
from toolkit.games.nanhuang2 import flow
from toolkit.games.nanhuang2.apply import current_player
from toolkit.games.nanhuang2.cards import FIELD
from toolkit.games.nanhuang2.describe import rich
from toolkit.games.nanhuang2.rules import protected
from toolkit.games.nanhuang2.setup import new_game

KEYS = {"players", "seed", "round", "current", "hands", "fields", "wilds", "deck_top",
        "event", "empty_starts", "power", "economy", "incoming", "broken", "start"}


def build(catalog, setup: Mapping, seed: int):
    unknown = sorted(set(setup) - KEYS)
    if unknown:
        raise ContentError(f"setup key '{unknown[0]}' is not known to nanhuang2 "
                           f"(known: {', '.join(sorted(KEYS))})")
    try:
        return _build(catalog, setup, seed)
    except (TypeError, ValueError, AttributeError, KeyError) as exc:
        raise ContentError(f"setup does not have the expected shape ({type(exc).__name__}: "
                           f"{exc}); see the keys in toolkit/games/nanhuang2/scenario.py") from None


def _build(catalog, setup: Mapping, seed: int):
    n = int(setup.get("players", catalog.game.players.min))
    state = new_game(catalog, int(setup.get("seed", seed)), ["random"] * n)
    pool = _Pool(state)
    for slot_id, cid in (setup.get("wilds") or {}).items():
        slot = _slot(state, slot_id)
        if state.wilds[slot] is not None:      # the card it held goes under the deck
            state.deck.insert(0, state.wilds[slot])
        state.wilds[slot] = None if cid is None else pool.take(cid)
    for seat, cids in (setup.get("hands") or {}).items():
        p = state.players[_seat(state, seat)]
        p.hand = [pool.take(c) for c in cids]
        p.secret = set(p.hand)
    for seat, zones in (setup.get("fields") or {}).items():
        p = state.players[_seat(state, seat)]
        for zone, cids in zones.items():
            if zone not in FIELD:
                raise ContentError(f"setup fields: '{zone}' is not a field zone ({', '.join(FIELD)})")
            p.zone(zone).extend(pool.take(c) for c in cids)
    for cid in reversed(setup.get("deck_top") or []):
        uid = pool.take(cid)
        state.deck.append(uid)
    state.round = int(setup.get("round", 1))
    current = _seat(state, setup.get("current", 0))
    for s, p in enumerate(state.players):
        p.turns = state.round - 1 + (1 if s < current else 0)
    for seat, count in (setup.get("empty_starts") or {}).items():
        state.players[_seat(state, seat)].empty_starts = int(count)
    state.broken = {(int(a), int(b)) for a, b in setup.get("broken") or []}
    if setup.get("event"):
        ev = setup["event"]
        state.event = pool.take(ev["card"])
        state.event_owner = _seat(state, ev.get("owner", 0))
        state.event_turn = int(ev.get("turn", state.players[state.event_owner].turns))
    flow.merge_boxes(state)
    state.current = current
    if setup.get("start", True):
        flow.start_turn(state, current)
    else:
        state.phase = "main"
    for key, index in (("power", 0), ("economy", 1)):
        for seat, value in (setup.get(key) or {}).items():
            setattr(state.players[_seat(state, seat)], key, int(value))
    for seat, value in (setup.get("incoming") or {}).items():
        state.players[_seat(state, seat)].incoming = [int(v) for v in value]
    return state


class _Pool:
    """Takes named cards from where new_game put them (deck, basics, tokens, wilds)."""

    def __init__(self, state):
        self.state = state

    def take(self, cid: str) -> int:
        s = self.state
        if cid not in s.t.specs:
            raise ContentError(f"setup names card '{cid}', which is not in the catalog")
        for pile in [s.deck, s.tokens] + [p for box in s.box for p in box.values()]:
            for uid in pile:
                if s.cards[uid] == cid:
                    pile.remove(uid)
                    return uid
        for slot, uid in enumerate(s.wilds):
            if uid is not None and s.cards[uid] == cid:
                s.wilds[slot] = None
                s.wilds[slot] = _replacement(s, slot)
                return uid
        raise ContentError(f"setup asks for more copies of '{cid}' than the game has")


def _replacement(state, slot):
    for i in range(len(state.deck) - 1, -1, -1):
        u = state.deck[i]
        if state.spec(u).kind != "incident" and not state.spec(u).strong:
            return state.deck.pop(i)
    return None


def _seat(state, seat) -> int:
    s = int(seat)
    if not 0 <= s < state.n:
        raise ContentError(f"seat {s + 1} is not one of the {state.n} seats (1 to {state.n})")
    return s


def _slot(state, slot_id) -> int:
    if slot_id not in state.t.slots:
        raise ContentError(f"'{slot_id}' is not a wilds slot ({', '.join(state.t.slots)})")
    return state.t.slots.index(slot_id)


EXPECT_KEYS = {"seat", "is", "power", "economy", "hand", "hand_size", "field", "exile_chance",
               "incoming", "empty_starts", "exiled", "not_exiled", "wilds", "wilds_without",
               "event", "out", "protected", "round", "deck_size"}
GENERIC = {"over", "winners", "current", "legal", "probability", "equals"}


def ruling_problems(ruling: Mapping) -> list[tuple[tuple, str]]:
    """Unknown setup keys, step kinds and expectations, found when the rulings load."""
    from toolkit.games.nanhuang2.describe import FIELDS
    out = []
    setup = ruling.get("setup") or {}
    if isinstance(setup, Mapping):
        out += [(("setup", k), f"setup key '{k}' is not known to nanhuang2 (known: "
                 f"{', '.join(sorted(KEYS))})") for k in setup if k not in KEYS]
    for i, step in enumerate(ruling.get("steps") or []):
        if isinstance(step, Mapping) and step.get("do") not in FIELDS:
            out.append((("steps", i, "do"), f"'{step.get('do')}' is not a nanhuang2 action "
                        f"(known: {', '.join(FIELDS)})"))
    for i, item in enumerate(ruling.get("expect") or []):
        if isinstance(item, Mapping):
            out += [(("expect", i, k), f"expectation '{k}' is not known to nanhuang2")
                    for k in item if k not in EXPECT_KEYS | GENERIC]
    return out


def step_matches(state, action, step: Mapping) -> bool:
    if "by" in step and current_player(state) != int(step["by"]):
        return False
    data = rich(state, action)
    if data["kind"] != step.get("do"):
        return False
    return all(data.get(k) == v for k, v in step.items() if k not in ("do", "by"))


def expect(state, item: Mapping):
    item = dict(item)
    seat = item.pop("seat", None)
    wanted_is = item.pop("is", True)
    if len(item) != 1:
        return f"expectation {sorted(item)}: name one thing to check"
    (key, want), = item.items()
    got = _value(state, key, want, seat)
    if key == "protected":
        return None if got == wanted_is else \
            f"protected {[s + 1 for s in want]} is {got}, expected {wanted_is}"
    if key in ("hand", "exiled"):
        missing = Counter(want) - Counter(got)
        return None if not missing else f"{key} lacks {sorted(missing.elements())} (has {sorted(got)})"
    if key == "not_exiled":
        found = [c for c in want if c in got]
        return None if not found else f"{found} are in the exile"
    if key in ("field", "wilds"):
        wrong = {k: got.get(k) for k, v in want.items() if _norm(got.get(k)) != _norm(v)}
        return None if not wrong else f"{key}: found {wrong}, expected {dict(want)}"
    if key == "out":
        return None if sorted(got) == sorted(want) else \
            f"out: {[s + 1 for s in got]}, expected {[s + 1 for s in want]}"   # seats from 1
    if key == "wilds_without":
        return None if not got else f"the wilds hold {got}"
    return None if got == want else f"{key} is {got}, expected {want}"


def _norm(v):
    return sorted(v) if isinstance(v, list) else v


def _value(state, key, want, seat):
    names = lambda uids: [state.cards[u] for u in uids]  # noqa: E731
    needs_seat = {"power", "economy", "hand", "hand_size", "field", "exile_chance",
                  "incoming", "empty_starts"}
    if key in needs_seat:
        if seat is None:
            raise ContentError(f"expectation '{key}' needs 'seat:'")
        p = state.players[_seat(state, seat)]
        return {"power": lambda: p.power, "economy": lambda: p.economy,
                "hand": lambda: names(p.hand), "hand_size": lambda: len(p.hand),
                "field": lambda: {z: names(p.zone(z)) for z in FIELD},
                "exile_chance": lambda: p.exile_chance, "incoming": lambda: list(p.incoming),
                "empty_starts": lambda: p.empty_starts}[key]()
    if key in ("exiled", "not_exiled"):
        return names(state.exile)
    if key == "wilds":
        return {slot: (state.cards[u] if u is not None else None)
                for slot, u in zip(state.t.slots, state.wilds)}
    if key == "event":
        return state.cards[state.event] if state.event is not None else None
    if key == "wilds_without":   # [incident, strong]: no event and no 强力 card in the wilds
        found = [state.cards[u] for u in state.wilds if u is not None and (
            state.spec(u).kind in want or ("strong" in want and state.spec(u).strong))]
        return found
    if key == "out":
        return [s for s, p in enumerate(state.players) if not p.alive]
    if key == "protected":
        a, b = want
        return protected(state, int(a), int(b))
    if key == "round":
        return state.round
    if key == "deck_size":
        return len(state.deck)
    raise ContentError(f"expectation '{key}' is not known to nanhuang2")
