# toolkit: compile
"""Kings & Things on the toolkit's Game protocol."""

from __future__ import annotations

import json

from toolkit.game import Game, winners_of
from toolkit.games.kings_and_things import actions, data as data_mod, flow, hidden, words
from toolkit.games.kings_and_things.phases import (bookkeeping, build, combat_phase,  # noqa: F401
                                                   events, heroes, movement, powers, recruit)
from toolkit.games.kings_and_things import setup


class KingsAndThings(Game):
    name = "kings_and_things"
    title = {"en": "Kings & Things", "zh": "国王与Things"}
    max_actions = 60_000
    length_setting = "round_limit in game.yaml"
    ruling_seats = {"owner": "value", "order": "value", "racks": "keys",
                    "citadel_since": "keys", "arrivals": "values"}

    # ---- the state machine ------------------------------------------------------------
    def new_game(self, catalog, seed, seats):
        return setup.new_game(data_mod.load(catalog), int(seed), list(seats))

    def legal_actions(self, state):
        if state.winner is not None:
            return []
        return flow.PHASES[state.phase].legal(state, data_mod.by_key(state.key))

    def apply_action(self, state, action):
        action = actions.from_json(action) if isinstance(action, (dict, list)) else action
        flow.act(state, data_mod.by_key(state.key), action)
        return state

    def current_player(self, state):
        return -1 if state.winner is not None else state.actor

    def is_terminal(self, state):
        return state.winner is not None

    def results(self, state):
        if not state.winner:
            return [0.0] * state.n
        share = 1.0 / len(state.winner)
        return [share if s in state.winner else 0.0 for s in range(state.n)]

    def clone(self, state):
        from toolkit.games.kings_and_things.hidden import fast_clone
        return fast_clone(state)

    def value(self, state, seat):
        """The generic search's estimate of a seat's share of the win (Game.value): its
        income, thrice while it holds a citadel, against everyone's."""
        from toolkit.games.kings_and_things.state import income
        data = data_mod.by_key(state.key)
        worth = [1 + income(state, data, s) * (3 if state.citadels_of(s) else 1)
                 for s in range(state.n)]
        return worth[seat] / sum(worth)

    # ---- information --------------------------------------------------------------------
    def observation(self, state, seat):
        return hidden.observation(state, seat)

    def determinize(self, observation, seat, rng):
        return hidden.determinize(observation, seat, rng, data_mod.by_key(observation.key))

    def describe_action(self, state, action, lang="en"):
        return words.describe(state, data_mod.by_key(state.key), action, lang)

    def action_to_json(self, action):
        return actions.to_json(action)

    def action_from_json(self, data):
        return actions.from_json(data)

    def to_json(self, state):
        plain = {k: v for k, v in vars(state).items() if k not in ("rng", "log")}
        plain["rng_draws"] = hash_rng(state.rng)
        return json.dumps(plain, sort_keys=True, default=str, ensure_ascii=False)

    def record(self, state):
        from toolkit.games.kings_and_things.checks import record
        rec = record(state, data_mod.by_key(state.key))
        rec["winner"] = winners_of(self.results(state))
        return rec

    def score_line(self, state, lang="en"):
        """Each player's hexes, gold and citadel (a citadel held a full round wins)."""
        if state.round < 1:
            return None
        zh = lang == "zh"
        parts = []
        for seat in range(state.n):
            hexes, gold = len(state.hexes_of(seat)), state.gold[seat]
            citadel = bool(state.citadels_of(seat))
            if zh:
                parts.append(f"玩家{seat + 1}：{hexes}格，{gold}金" + "，大本营" * citadel)
            else:
                parts.append(f"player {seat + 1}: {hexes} hex{'es' * (hexes != 1)}, "
                             f"{gold} gold" + ", a citadel" * citadel)
        return (f"第{state.round}轮 · " if zh else f"round {state.round} · ") + \
            ("；" if zh else "; ").join(parts)

    def log_lines(self, state, lang="en"):
        from toolkit.games.kings_and_things.log import lines
        return lines(state, data_mod.by_key(state.key), lang)

    # ---- checks ---------------------------------------------------------------------------
    def metrics(self, record):
        from toolkit.games.kings_and_things.checks import metrics
        return metrics(record)

    def invariants(self):
        from toolkit.games.kings_and_things.checks import INVARIANTS
        return dict(INVARIANTS)

    def settings_fields(self):
        from toolkit.games.kings_and_things.settings import fields
        return fields()

    def validate(self, catalog, report):
        from toolkit.games.kings_and_things.content import validate
        validate(catalog, report)

    # ---- rulings ------------------------------------------------------------------------
    def scenario(self, catalog, setup_, seed):
        from toolkit.games.kings_and_things.rulings import scenario
        return scenario(data_mod.load(catalog), setup_, seed)

    def ruling_problems(self, ruling):
        from toolkit.games.kings_and_things.rulings import ruling_problems
        return ruling_problems(ruling)

    def step_matches(self, state, action, step):
        from toolkit.games.kings_and_things.rulings import step_matches
        return step_matches(state, action, step)

    def expect(self, state, item):
        from toolkit.games.kings_and_things.rulings_expect import expect
        return expect(state, data_mod.by_key(state.key), item)

    def probability(self, catalog, setup_, seed, play, holds):
        from toolkit.games.kings_and_things.rulings_expect import probability
        return probability(self, catalog, setup_, seed, play, holds)

    def odds(self, catalog, lang="en"):
        from toolkit.games.kings_and_things.odds import tables
        return tables(data_mod.load(catalog), lang)

    # ---- agents and print -----------------------------------------------------------------
    def agents(self):
        from toolkit.games.kings_and_things.agent import make_heuristic
        return {"heuristic": make_heuristic}

    def render_parts(self, catalog):
        from toolkit.games.kings_and_things.render import parts
        return parts(catalog)


def hash_rng(rng) -> str:
    if rng is None:
        return ""
    import hashlib
    return hashlib.sha256(repr(rng.getstate()).encode()).hexdigest()[:16]
