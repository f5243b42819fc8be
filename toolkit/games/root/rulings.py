"""Rulings hooks: a position from a ruling's `setup:`, matching its steps, and the facts its
`expect:` items name (see examples/root/cards/rulings/)."""

from __future__ import annotations

from toolkit.errors import ContentError
from toolkit.games.root import board, turn
from toolkit.games.root import vagabond_items as vi
from toolkit.games.root.data import FACTIONS, static, static_of

SETUP_KEYS = {"players", "factions", "seed", "clear", "pieces", "hands", "vp", "turn",
              "phase", "dice", "tableau", "vagabond", "eyrie", "alliance", "ruins",
              "supply", "available", "dominance", "crafted", "keep_gone", "discard"}


def scenario(game, catalog, setup, seed):
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        raise ContentError(f"setup key '{unknown[0]}' is not known to Root (known: "
                           f"{', '.join(sorted(SETUP_KEYS))})")
    st = static(catalog)
    factions = list(setup.get("factions") or FACTIONS[:int(setup.get("players", 4))])
    s = game.new_game(catalog, int(setup.get("seed", seed)), factions, factions=factions)
    while s.phase == "setup":   # the first choice of each setup decision
        game.apply_action(s, game.legal_actions(s)[0])
    if setup.get("clear", True):
        _clear(s)
    for c, by_fac in (setup.get("pieces") or {}).items():
        for fac, what in by_fac.items():
            _put(s, st, c, fac, what)
    _cards(s, st, setup)
    for key, value in (setup.get("vp") or {}).items():
        s.vp[int(key)] = int(value)
    for item, n in (setup.get("supply") or {}).items():
        s.supply[item] = int(n)
    if "ruins" in setup:
        s.ruin_items = dict(setup["ruins"] or {})
    s.keep_gone = bool(setup.get("keep_gone", s.keep_gone))
    _factions(s, st, setup)
    s.forced = [d if isinstance(d, tuple) else list(d) for d in setup.get("dice") or []]
    s.turn, s.pending, s.battle, s.flags = int(setup.get("turn", 0)), [], None, {}
    phase = setup.get("phase", "daylight")
    if phase == "birdsong":
        turn.begin_turn(s, st)
    else:
        s.phase = phase
        s.flags["fresh"] = True
        turn.faction_module(s.fac(s.turn)).start(s, st, s.turn, phase)
    turn.settle(s)
    return s


def _clear(s):
    for c, zone in s.board.items():
        for fac, n in zone["w"].items():
            s.reserve[fac] += n
        s.board[c] = {"w": {}, "b": [], "t": []}
    for seat in range(len(s.hands)):
        s.deck += s.hands[seat]
        s.hands[seat] = []
    if "alliance" in s.f:
        s.deck += s.f["alliance"]["supporters"]
        s.f["alliance"]["supporters"] = []


def _put(s, st, c, fac, what):
    if c not in st.suit:
        raise ContentError(f"setup names clearing '{c}', which is not on the map")
    for piece, n in (what or {}).items():
        if piece == "warriors":
            board.place_warriors(s, c, fac, int(n))
        else:
            form = st.pieces[piece]["form"] if piece in st.pieces else None
            if form is None:
                raise ContentError(f"setup names piece '{piece}', which is not a piece")
            for _ in range(int(n)):
                board.place(s, c, fac, piece, form)


def _take(s, card):
    for pile in (s.deck, s.discard):
        if card in pile:
            pile.remove(card)
            return


def _cards(s, st, setup):
    for key, hand in (setup.get("hands") or {}).items():
        for card in hand:
            if card not in st.cards:
                raise ContentError(f"setup deals card '{card}', which is not in the deck")
            _take(s, card)
        s.hands[int(key)] = list(hand)
    for key, cards in (setup.get("tableau") or {}).items():
        for card in cards:
            _take(s, card)
        s.tableau[int(key)] = list(cards)
    for key, cards in (setup.get("crafted") or {}).items():
        s.crafted[int(key)] = list(cards)
    for card in setup.get("available") or []:
        _take(s, card)
        s.available.append(card)
    for card in setup.get("discard") or []:
        _take(s, card)
        s.discard.append(card)
    for key, card in (setup.get("dominance") or {}).items():
        _take(s, card)
        s.dominance[int(key)] = card


def _factions(s, st, setup):
    v = setup.get("vagabond")
    if v and "vagabond" in s.f:
        f = s.f["vagabond"]
        f["at"] = v.get("at", f["at"])
        if "items" in v:
            f["items"] = [[i, False, False] if isinstance(i, str) else list(i)
                          for i in v["items"]]
        f["rel"].update(v.get("rel") or {})
        f["aided"].update(v.get("aided") or {})
        if "quests" in v:
            f["quests"] = list(v["quests"])
        if "character" in v:
            f["character"] = v["character"]
        f["coalition"] = v.get("coalition", f["coalition"])
    e = setup.get("eyrie")
    if e and "eyrie" in s.f:
        f = s.f["eyrie"]
        if "leader" in e:
            f["leader"] = e["leader"]
        f["deposed"] = list(e.get("deposed", f["deposed"]))
        if "decree" in e:   # the whole Decree, viziers included, as the setup lists it
            f["decree"] = {col: [] for col in f["decree"]}
        for col, cards in (e.get("decree") or {}).items():
            for card in cards:
                if card != "vizier":
                    _take(s, card)
            f["decree"][col] = list(cards)
    a = setup.get("alliance")
    if a and "alliance" in s.f:
        for card in a.get("supporters", []):
            _take(s, card)
        s.f["alliance"]["supporters"] = list(a.get("supporters", []))
        n = int(a.get("officers", 0))
        s.reserve["alliance"] -= n
        s.f["alliance"]["officers"] = n


def step_matches(game, s, a, step):
    data = game.action_to_json(a)
    if data.get("kind") != step.get("do"):
        return False
    for k, v in step.items():
        if k in ("do", "by"):
            continue
        got = data.get(k)
        if isinstance(got, tuple):
            got = list(got)
        if got != v:
            return False
    return True


def expect(game, s, item):
    st = static_of(s)
    for key, check in CHECKS.items():
        if key in item:
            got, want = check(s, st, item)
            if got != want and key == "turn":   # a seat: shown from 1, as the ruling says
                got, want = got + 1, want + 1
            return None if got == want else f"{key}: expected {want!r}, got {got!r}"
    return f"expectation {sorted(item)} is not known to Root (known: {', '.join(CHECKS)})"


def _seat(s, item):
    return int(item.get("seat", 0))


def _count(s, c, fac, piece):
    if piece == "warriors":
        return board.warriors(s, c, fac)
    return len(board.buildings(s, c, fac, piece) + board.tokens(s, c, fac, piece))


CHECKS = {
    "ruler": lambda s, st, i: (board.ruler(s, i["clearing"]), i["ruler"]),
    "count": lambda s, st, i: (_count(s, i["clearing"], i["faction"], i["piece"]), i["count"]),
    "vp": lambda s, st, i: (s.vp[_seat(s, i)], i["vp"]),
    "hand": lambda s, st, i: (len(s.hands[_seat(s, i)]), i["hand"]),
    "holds": lambda s, st, i: (i["holds"] in s.hands[_seat(s, i)], i.get("equals", True)),
    "in_play": lambda s, st, i: (i["in_play"] in s.tableau[_seat(s, i)], i.get("equals", True)),
    "phase": lambda s, st, i: (s.phase, i["phase"]),
    "step": lambda s, st, i: (s.step, i["step"]),
    "turn": lambda s, st, i: (s.turn, i["turn"]),
    "pending": lambda s, st, i: (s.pending[0]["kind"] if s.pending else None, i["pending"]),
    "reserve": lambda s, st, i: (s.reserve[i["faction"]], i["reserve"]),
    "supply": lambda s, st, i: (s.supply[i["supply"]], i["equals"]),
    "keep_gone": lambda s, st, i: (s.keep_gone, i["keep_gone"]),
    "available": lambda s, st, i: (sorted(s.available), sorted(i["available"])),
    "discarded": lambda s, st, i: (i["discarded"] in s.discard, i.get("equals", True)),
    "dominance": lambda s, st, i: (s.dominance[_seat(s, i)], i["dominance"]),
    "leader": lambda s, st, i: (s.f["eyrie"]["leader"], i["leader"]),
    "decree": lambda s, st, i: (s.f["eyrie"]["decree"][i["decree"]], i["cards"]),
    "supporters": lambda s, st, i: (len(s.f["alliance"]["supporters"]), i["supporters"]),
    "officers": lambda s, st, i: (s.f["alliance"]["officers"], i["officers"]),
    "at": lambda s, st, i: (s.f["vagabond"]["at"], i["at"]),
    "relationship": lambda s, st, i: (s.f["vagabond"]["rel"][i["relationship"]], i["level"]),
    "damaged": lambda s, st, i: (sum(1 for e in vi.items(s) if e[2]), i["damaged"]),
    "exhausted": lambda s, st, i: (sum(1 for e in vi.items(s) if e[1]), i["exhausted"]),
    "items": lambda s, st, i: (len(vi.items(s)), i["items"]),
    "item_ready": lambda s, st, i: (vi.ready(s, i["item_ready"]), i["equals"]),
    "ruin": lambda s, st, i: (i["ruin"] in s.ruin_items, i.get("equals", True)),
    "crafted": lambda s, st, i: (sorted(s.crafted[_seat(s, i)]), sorted(i["crafted"])),
    "coalition": lambda s, st, i: (s.f["vagabond"]["coalition"], i["coalition"]),
    "odds": lambda s, st, i: _odds(i),
    "table": lambda s, st, i: (_table(i), str(i["equals"])),
    "dominance_in_deck": lambda s, st, i: (sum(1 for c in s.deck + sum(s.hands, [])
                                               if st.cards[c]["type"] == "dominance"),
                                           i["dominance_in_deck"]),
}


def _table(item):
    """A cell of `toolkit odds`: {table: n, attackers: a, defenders: d}."""
    from toolkit.games.root.odds import tables
    return tables(item.get("lang", "en"))[int(item["table"])]["rows"][
        int(item["attackers"]) - 1][int(item["defenders"])]


def _odds(item):
    from fractions import Fraction

    from toolkit.games.root.odds import outcome
    o = item["odds"]
    got = outcome(int(o["attackers"]), int(o["defenders"]), bool(o.get("ambush", False)),
                  int(o.get("attacker_left", -1)), int(o.get("defender_left", -1)))
    return got, Fraction(str(item["equals"]))


class _Script:
    """A random stream that answers randint from a script and says when it runs out."""

    class More(Exception):
        def __init__(self, low, high):
            super().__init__(low, high)
            self.low, self.high = low, high

    def __init__(self, values):
        self.values = list(values)

    def randint(self, low, high):
        if not self.values:
            raise _Script.More(low, high)
        return self.values.pop(0)


def roll_outcomes():
    """Every (high, low) pair the engine's own `battle.roll` gives, with its exact chance:
    its code run on every value each of its random draws can take (so the odds rulings
    check the dice the games use, not a table of their own)."""
    from fractions import Fraction

    from toolkit.games.root import battle
    out: dict = {}
    stack = [([], Fraction(1))]
    while stack:
        script, weight = stack.pop()
        try:
            pair = tuple(battle.roll(_Script(script)))
        except _Script.More as more:
            faces = range(more.low, more.high + 1)
            stack += [(script + [v], weight / len(faces)) for v in faces]
            continue
        out[pair] = out.get(pair, Fraction(0)) + weight
    return sorted(out.items())


def probability(game, catalog, setup, seed, play, holds, max_rolls=2):
    """The exact chance that `holds` after the steps, over every battle roll they make
    (each roll: every pair `battle.roll` gives, at its chance); None beyond `max_rolls`
    rolls."""
    from fractions import Fraction
    fixed = [list(d) for d in setup.get("dice") or []]
    outcomes = roll_outcomes()

    def run(prefix):
        s = play(scenario(game, catalog, {**setup, "dice": fixed + prefix}, seed))
        rolls = sum(1 for e in s.log if e[0] == "dice")
        if rolls <= len(fixed) + len(prefix):
            return Fraction(1 if holds(s) else 0)
        if len(prefix) >= max_rolls:
            raise ValueError("too many rolls")
        return sum((chance * run(prefix + [pair]) for pair, chance in outcomes),
                   Fraction(0))

    try:
        return run([])
    except ValueError:
        return None


def ruling_problems(ruling):
    """Unknown setup keys and expectations, reported when the rulings load."""
    out = []
    for key in ruling.get("setup") or {}:
        if key not in SETUP_KEYS:
            out.append((("setup", key), f"setup key '{key}' is not known to Root (known: "
                        f"{', '.join(sorted(SETUP_KEYS))})"))
    generic = {"over", "winners", "current", "legal", "is", "probability", "equals"}
    for n, item in enumerate(ruling.get("expect") or []):
        if isinstance(item, dict) and not set(item) <= generic \
                and not any(k in item for k in CHECKS):
            out.append((("expect", n), f"expectation {sorted(item)} is not known to Root "
                        f"(known: {', '.join(CHECKS)})"))
    return out
