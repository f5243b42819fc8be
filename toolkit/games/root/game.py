# toolkit: compile
"""Root on the Game protocol: dealing, legal actions, applying them, what a seat may see,
determinizing hidden cards, words and records."""

from __future__ import annotations

from toolkit.errors import ContentError
from toolkit.game import SEAT, STYLE, Game, Side
from toolkit.games.root import actions, turn
from toolkit.games.root.data import FACTIONS, static, static_of
from toolkit.games.root.state import FIELDS, State, observation

MANDATORY = ("discard", "trim", "wood", "decree", "new_roost", "turmoil", "resolve", "march",
             "recruit_pick", "wood_pay", "pay", "refresh", "hideout")


def deal(catalog, seed, factions) -> State:
    st = static(catalog)
    s = State(st, seed, factions)
    deck = list(st.deck)
    if len(factions) == 2:   # no dominance cards in a two-player game
        deck = [c for c in deck if st.cards[c]["type"] != "dominance"]
    s.rng().shuffle(deck)
    s.deck = deck
    for seat in range(len(factions)):
        turn.cards.draw(s, seat, st.setting("starting_hand"))
    ruin = [i for i, v in sorted(st.items.items()) for _ in range(v["ruin"])]
    s.rng().shuffle(ruin)
    s.ruin_items = dict(zip(sorted(st.ruins, key=st.priority.get), ruin))
    for seat, fac in enumerate(factions):
        turn.faction_module(fac).init(s, st, seat)
    s.turn = 0
    _next_setup(s, st)
    return s


# the rule book's setup order, whatever the turn order (the Eyrie take the corner opposite
# the keep, so the Marquise must have placed it first)
SETUP_ORDER = ("marquise", "eyrie", "vagabond", "alliance")


def _next_setup(s, st):
    for seat in sorted(range(len(s.factions)), key=lambda i: SETUP_ORDER.index(s.fac(i))):
        if turn.faction_module(s.fac(seat)).setup_options(s, st, seat):
            s.turn = seat
            return
    s.turn = 0
    turn.begin_turn(s, st)
    turn.settle(s)


def legal_actions(s) -> list:
    """The legal actions of the seat to act (RootGame.legal_actions)."""
    if s.over:
        return []
    if s.pending:
        return turn.pending_actions(s)
    st = static_of(s)
    mod = turn.faction_module(s.fac(s.turn))
    if s.phase == "setup":
        return mod.setup_options(s, st, s.turn)
    common = [] if s.step in MANDATORY else turn.common_options(s, st, s.turn)
    if common and common[0][0] == "burrow_bank":
        return common
    own = mod.options(s, st, s.turn)
    if own and own[-1] == ("end",):
        return own[:-1] + common + [("end",)]
    return own + common


def apply_action(s, a):
    """Plays `a` on `s` (RootGame.apply_action)."""
    a = tuple(a)
    st = static_of(s)
    if s.pending:
        turn.resolve_pending(s, st, a)
    elif s.phase == "setup":
        turn.faction_module(s.fac(s.turn)).apply_setup(s, st, s.turn, a)
        s.history.append(a)
        _next_setup(s, st)
        return s
    else:
        phase = s.phase
        if not turn.faction_module(s.fac(s.turn)).apply(s, st, s.turn, a):
            if not turn.apply_common(s, st, s.turn, a):
                raise ValueError(f"not a Root action: {a!r}")
        if s.phase == phase:   # "at the start of" a phase has passed
            s.flags["fresh"] = False
    s.history.append(a)
    turn.settle(s)
    return s


class RootGame(Game):
    name = "root"
    title = {"en": "Root", "zh": "茂林源记"}
    # games stall when the factions cannot score: too few warriors (2 each stalled one of
    # 8 games of the bundled agents) as well as too high a win_vp
    length_setting = ("the factions' warriors in factions.yaml (with too few, no one can "
                      "score) and win_vp in game.yaml")
    ruling_seats = {"turn": "value", "hands": "keys", "tableau": "keys", "crafted": "keys",
                    "vp": "keys", "dominance": "keys"}

    # ---- the state machine ---------------------------------------------------------------
    def new_game(self, catalog, seed, seats, factions=None):
        n = len(seats)
        if not 2 <= n <= len(FACTIONS):
            raise ContentError(f"Root plays with 2 to 4 players, not {n}")
        return deal(catalog, seed, list(factions or FACTIONS[:n]))

    def current_player(self, s):
        if s.over:
            return -1
        return s.pending[0]["seat"] if s.pending else s.turn

    def is_terminal(self, s):
        return s.over

    def results(self, s):
        n = len(s.factions)
        if not s.winner:
            return [0.0] * n
        return [1.0 / len(s.winner) if i in s.winner else 0.0 for i in range(n)]

    def legal_actions(self, s):
        return legal_actions(s)

    def apply_action(self, s, a):
        return apply_action(s, a)

    def play_batch(self, catalog, jobs):
        """The records of toolkit.sim.batch.play_counted for every job (seed, agent names),
        played by the loop of batch.py (compiled with the other typed modules, else as
        Python: the same records), or None when a game would stop with an error (the
        generic loop then plays the batch and says why). With no job: [] when the compiled
        build plays, None when the rules play as Python (no compiled core)."""
        from toolkit.games.root import batch
        if not jobs:
            from toolkit.native import pure
            from toolkit.native.builds import COMPILED
            return [] if pure.played.get(batch.__name__) == COMPILED else None
        return batch.play_batch(self, catalog, jobs)

    def clone(self, s):
        return s.copy()

    def value(self, s, seat):
        """The generic search's estimate of a seat's share of the win (Game.value): a
        softmax of the victory points, one point in four of the goal doubling the odds."""
        import math
        scale = max(1.0, static_of(s).setting("win_vp") / 4) / math.log(2)
        weights = [math.exp(v / scale) for v in s.vp]
        return weights[seat] / sum(weights)

    # ---- information -----------------------------------------------------------------------
    def observation(self, s, seat):
        """A copy with what `seat` cannot see hidden (state.observation: other hands, the
        deck's order, the Alliance's supporters, the items under the ruins, the quest
        deck's order); `unseen` lists the hidden cards."""
        return observation(s, seat)

    def determinize(self, o, seat, rng):
        s = o.copy()
        pool, s.unseen = list(s.unseen or []), None
        rng.shuffle(pool)
        for i in range(len(s.hands)):
            s.hands[i] = [pool.pop() if c == "?" else c for c in s.hands[i]]
        if "alliance" in s.f:
            s.f["alliance"]["supporters"] = [pool.pop() if c == "?" else c
                                             for c in s.f["alliance"]["supporters"]]
        s.deck = [pool.pop() for _ in s.deck]
        ruins, s.hidden_ruins = list(s.hidden_ruins or []), None
        rng.shuffle(ruins)
        s.ruin_items = {c: ruins.pop() if v == "?" else v for c, v in s.ruin_items.items()}
        if "vagabond" in s.f:
            rng.shuffle(s.f["vagabond"]["quest_deck"])
        s.seed = rng.randrange(2 ** 31)   # future chance is unknown too
        return s

    # ---- words and records -----------------------------------------------------------------
    def action_to_json(self, a):
        return actions.to_json(a)

    def action_from_json(self, data):
        return actions.from_json(data)

    def describe_action(self, s, a, lang="en"):
        return actions.describe(static_of(s).names, a, lang)

    def to_json(self, s):
        import json
        data = {k: getattr(s, k) for k in FIELDS if k not in ("static_key", "history")
                and not (k in ("unseen", "hidden_ruins") and getattr(s, k) is None)}
        return json.dumps(data, sort_keys=True, default=str, ensure_ascii=False)

    def record(self, s):
        # turn order: seat 1 takes the first turn (after the setup) and every round starts
        # with it, so the report's seat is the place in turn order
        return {"winner": list(s.winner), "factions": list(s.factions), "vp": list(s.vp),
                "rounds": s.rounds, "over": s.over, "first_player": 0,
                "dominance": [d is not None for d in s.dominance]}

    def score_line(self, s, lang="en"):
        """Each faction's victory points and the goal."""
        if s.phase == "setup":
            return None
        st = static_of(s)
        zh = lang == "zh"
        vp = ("，" if zh else ", ").join(
            (f"座位{i + 1}（{st.names.get(f, {}).get(lang, f)}）{v}" if zh else
             f"seat {i + 1} ({st.names.get(f, {}).get(lang, f)}) {v}")
            for i, (f, v) in enumerate(zip(s.factions, s.vp)))
        goal = st.setting("win_vp")
        return (f"第{s.rounds}轮 · 分数 {vp} · {goal}分获胜" if zh
                else f"round {s.rounds} · VP {vp} · {goal} to win")

    def log_lines(self, s, lang="en"):
        return [actions.event(static_of(s).names, s, e, lang) for e in s.log]

    # ---- checks, rulings, agents, odds, print ----------------------------------------------
    def metrics(self, record):
        return {"vp": [float(v) for v in record.get("vp", [])],
                "dominance": [1.0 if d else 0.0 for d in record.get("dominance", [])]}

    def seat_groups(self, record):
        return {"faction": list(record.get("factions") or [])}

    def sides(self, catalog):
        """The factions lead; the seat beside them (the engine seats the factions in a
        fixed order, so the report says that faction and turn order are one factor)."""
        return [Side("faction", {"en": "Faction", "zh": "阵营"}, "side"), SEAT, STYLE]

    def invariants(self):
        from toolkit.games.root.checks import INVARIANTS
        return dict(INVARIANTS)

    def settings_fields(self):
        from toolkit.games.root.settings import fields
        return fields()

    def validate(self, catalog, report):
        from toolkit.games.root.checks import validate_content
        validate_content(catalog, report)

    def scenario(self, catalog, setup, seed):
        from toolkit.games.root.rulings import scenario
        return scenario(self, catalog, setup, seed)

    def step_matches(self, s, a, step):
        from toolkit.games.root.rulings import step_matches
        return step_matches(self, s, a, step)

    def expect(self, s, item):
        from toolkit.games.root.rulings import expect
        return expect(self, s, item)

    def probability(self, catalog, setup, seed, play, holds):
        from toolkit.games.root.rulings import probability
        return probability(self, catalog, setup, seed, play, holds)

    def ruling_problems(self, ruling):
        from toolkit.games.root.rulings import ruling_problems
        return ruling_problems(ruling)

    def agents(self):
        from toolkit.games.root.agents import AGENTS
        return dict(AGENTS)

    def odds(self, catalog, lang="en"):
        from toolkit.games.root.odds import tables
        return tables(lang)

    def render_parts(self, catalog):
        from toolkit.games.root.render import parts
        return parts(catalog)
