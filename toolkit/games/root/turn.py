# toolkit: compile
"""The turn: Birdsong, Daylight and Evening of the seat to play, the actions every faction
shares (dominance, persistent cards, discarding to the hand limit), answers to pending
decisions, and victory (30 VP at once; dominance at the start of Birdsong)."""

from __future__ import annotations

from toolkit.games.root import battle, board, cards, craft, effects
from toolkit.games.root.data import static_of


def faction_module(fac):
    if not _MODULES:
        from toolkit.games.root import alliance, eyrie, marquise, vagabond
        _MODULES.update({"marquise": marquise, "eyrie": eyrie, "alliance": alliance,
                         "vagabond": vagabond})
    return _MODULES[fac]


_MODULES: dict = {}   # faction -> its module (imported at the first use: they import turn)


# ---- phases -------------------------------------------------------------------------------
def begin_turn(s, st):
    seat = s.turn
    s.phase, s.flags = "birdsong", {}
    if s.dominance[seat] is not None and dominance_holds(s, st, seat):
        win(s, [seat])
        return
    faction_module(s.fac(seat)).start(s, st, seat, "birdsong")


def to_daylight(s, st):
    s.phase, s.flags["fresh"] = "daylight", True
    faction_module(s.fac(s.turn)).start(s, st, s.turn, "daylight")


def to_evening(s, st):
    s.phase, s.flags["fresh"] = "evening", True
    faction_module(s.fac(s.turn)).start(s, st, s.turn, "evening")


def finish_evening(s, st, seat, draws):
    """Draw, then discard down to the hand limit (the `discard` step), then pass."""
    cards.draw(s, seat, draws)
    s.step = "discard"
    if len(s.hands[seat]) <= st.setting("hand_limit"):
        faction_module(s.fac(seat)).after_discard(s, st, seat)


def end_turn(s, st):
    s.turn = (s.turn + 1) % len(s.factions)
    if s.turn == 0:
        s.rounds += 1
    begin_turn(s, st)


# ---- victory ------------------------------------------------------------------------------
def dominance_holds(s, st, seat) -> bool:
    fac, suit = s.fac(seat), st.cards[s.dominance[seat]]["suit"]
    if fac == "vagabond":
        return False
    if suit == "bird":
        return any(board.rules(s, c, fac) and board.rules(s, o, fac)
                   for c, o in st.opposite.items())
    ruled = sum(1 for c in st.suit if st.suit[c] == suit and board.rules(s, c, fac))
    return ruled >= st.setting("dominance_clearings")


def check_score(s, st):
    goal = st.setting("win_vp")
    reached = [i for i, v in enumerate(s.vp) if v >= goal and s.dominance[i] is None]
    if reached:
        win(s, [s.turn] if s.turn in reached else reached[:1])


def win(s, seats):
    vb = s.f.get("vagabond")
    if vb and vb.get("coalition") in seats:
        seats = sorted(set(seats) | {s.seat("vagabond")})
    s.winner, s.over, s.phase = sorted(seats), True, "over"
    s.log.append(("win", s.winner))


# ---- shared actions -----------------------------------------------------------------------
def common_options(s, st, seat) -> list:
    out = []
    fac = s.fac(seat)
    if s.phase == "birdsong":
        if cards.has_effect(s, st, seat, "better_burrow_bank") and "bbb" not in s.flags:
            return [("burrow_bank", o) for o in range(len(s.factions)) if o != seat]
        if cards.has_effect(s, st, seat, "royal_claim"):
            out.append(("royal_claim",))
        if cards.has_effect(s, st, seat, "stand_and_deliver") and "sad" not in s.flags:
            out += [("stand_and_deliver", o) for o in range(len(s.factions))
                    if o != seat and s.hands[o]]
    elif s.phase == "daylight":
        out += _dominance_options(s, st, seat, fac)
        if cards.has_effect(s, st, seat, "tax_collector") and "tax" not in s.flags:
            out += [("tax", c) for c in st.clearings if board.warriors(s, c, fac)]
        if cards.has_effect(s, st, seat, "codebreakers") and "code" not in s.flags:
            out += [("codebreakers", o) for o in range(len(s.factions)) if o != seat]
        if s.flags.get("fresh") and cards.has_effect(s, st, seat, "command_warren"):
            out += [("warren", c, d) for c in st.clearings
                    for d in battle.can_attack(s, st, seat, c)]
    elif s.phase == "evening" and s.flags.get("fresh") and fac != "vagabond" \
            and cards.has_effect(s, st, seat, "cobbler"):
        out += move_options(s, st, fac, "cobbler")
    return out


def _dominance_options(s, st, seat, fac):
    out = []
    for dom in sorted(set(s.available)):
        out += [("buy", dom, c) for c in cards.matching(s, st, seat, st.cards[dom]["suit"])]
    if s.dominance[seat] is not None or s.vp[seat] < st.setting("dominance_vp"):
        return out
    for card in sorted({c for c in s.hands[seat] if st.cards[c]["type"] == "dominance"}):
        if fac != "vagabond":
            out.append(("dominance", card))
        elif len(s.factions) >= st.setting("coalition_players"):
            others = [o for o in range(len(s.factions))
                      if o != seat and s.dominance[o] is None]
            low = min((s.vp[o] for o in others), default=None)
            out += [("coalition", card, o) for o in others if s.vp[o] == low]
    return out


def move_options(s, st, fac, kind, sources=None):
    out = []
    ruled = None
    for src in sources or st.clearings:
        n = board.warriors(s, src, fac)
        if n == 0:
            continue
        if ruled is None:
            ruled = board.ruled(s, st, fac)
        for dst in st.adj[src]:
            if board.can_move(s, fac, src, dst, st, ruled):
                out += [(kind, src, dst, k) for k in range(1, n + 1)]
    return out


def move(s, st, seat, src, dst, n):
    fac = s.fac(seat)
    board.move_warriors(s, fac, src, dst, n)
    if fac != "alliance" and board.tokens(s, dst, "alliance", "sympathy"):
        effects.outrage(s, st, seat, dst)


def apply_common(s, st, seat, a) -> bool:
    kind, fac = a[0], s.fac(seat)
    if kind == "burrow_bank":
        s.flags["bbb"] = True
        cards.draw(s, seat)
        cards.draw(s, a[1])
    elif kind == "royal_claim":
        cards.drop_effect(s, st, seat, "royal_claim")
        board.gain(s, seat, sum(1 for c in st.suit if board.rules(s, c, fac)))
    elif kind == "stand_and_deliver":
        s.flags["sad"] = True
        card = s.rng().choice(sorted(s.hands[a[1]]))
        s.hands[a[1]].remove(card)
        s.hands[seat].append(card)
        board.gain(s, a[1], 1)
    elif kind == "buy":
        s.available.remove(a[1])
        cards.spend(s, st, seat, a[2])
        s.hands[seat].append(a[1])
    elif kind == "dominance":
        s.hands[seat].remove(a[1])
        s.dominance[seat] = a[1]
    elif kind == "coalition":
        s.hands[seat].remove(a[1])
        s.dominance[seat] = a[1]
        s.f["vagabond"]["coalition"] = a[2]
        rel = s.f["vagabond"]["rel"]
        if rel.get(s.fac(a[2])) == "hostile":   # a coalition ends hostility
            rel[s.fac(a[2])] = 0
    elif kind == "tax":
        s.flags["tax"] = True
        board.remove(s, a[1], fac, "warrior", seat)
        cards.draw(s, seat)
    elif kind == "codebreakers":
        s.flags["code"] = True
        s.known[f"{seat}>{a[1]}"] = sorted(s.hands[a[1]])
    elif kind == "warren":
        battle.start(s, st, seat, a[1], a[2])
    elif kind == "cobbler":
        move(s, st, seat, a[1], a[2], a[3])
    elif kind == "craft":
        craft.apply(s, st, seat, a[1])
    elif kind == "discard":
        cards.spend(s, st, seat, a[1])
        if len(s.hands[seat]) <= st.setting("hand_limit"):
            faction_module(fac).after_discard(s, st, seat)
    else:
        return False
    return True


def discard_options(s, seat):
    return [("discard", c) for c in sorted(set(s.hands[seat]))]


# ---- pending decisions --------------------------------------------------------------------
def pending_actions(s) -> list:
    p = s.pending[0]
    if p["kind"] in ("hospital", "give"):   # the hand may have changed since it was owed
        st = static_of(s)
        suit = st.suit[p["clearing"]]
        opts = cards.matching(s, st, p["seat"], suit)
        if p["kind"] == "hospital" or not opts:
            opts = opts + [None]
        return [(p["kind"], v) for v in opts]
    if p["kind"] == "damage":
        return [("damage", i, e) for i, e in p["options"]] + \
            [("ally_hit", f) for f in p.get("allies", [])]
    if p["kind"] == "effect":
        return [("effect", p["name"], v) for v in p["options"]]
    return [(p["kind"], v) for v in p["options"]]


def resolve_pending(s, st, a):
    p = s.pending.pop(0)
    seat, kind = p["seat"], p["kind"]
    if kind == "ambush":
        battle.on_ambush(s, st, a[1])
    elif kind == "foil":
        battle.on_foil(s, st, a[1])
    elif kind == "effect":
        battle.on_effect(s, st, seat, a[1], a[2])
    elif a[0] == "ally_hit":
        battle.on_choice(s, st, seat, "ally", a[1])
    elif kind in ("remove", "damage"):
        battle.on_choice(s, st, seat, kind, a[1] if kind == "remove" else (a[1], a[2]))
    elif kind == "hospital" and a[1] is not None:
        cards.spend(s, st, seat, a[1])
        keep = board.keep_clearing(s)
        if keep is not None:
            board.place_warriors(s, keep, "marquise", p["count"])
    elif kind == "give":
        effects.outrage(s, st, seat, p["clearing"], card=a[1] or "none")


def settle(s):
    """Run what follows by itself (battle steps, field hospitals, faction automations and
    victory) until a player must choose."""
    st = static_of(s)
    for _ in range(1000):
        if s.over:
            return
        check_score(s, st)
        if s.over or s.pending:
            return
        if s.battle is not None:
            battle.advance(s, st)
            continue
        effects.hospital_due(s, st)
        if s.pending:
            return
        if not faction_module(s.fac(s.turn)).settle(s, st, s.turn):
            return
