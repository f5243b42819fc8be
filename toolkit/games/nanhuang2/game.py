"""南荒2 as a `toolkit.game.Game`: the state machine of this package plus the records,
metrics, invariants, rulings vocabulary, log and agents the generic layers ask for."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping

from toolkit.game import SEAT, STYLE, Game, Side
from toolkit.games.nanhuang2 import describe, observe, record, scenario
from toolkit.games.nanhuang2.apply import apply_action, current_player, is_over
from toolkit.games.nanhuang2.legal import legal_actions
from toolkit.games.nanhuang2.setup import new_game


class NanhuangGame(Game):
    """The rules of 南荒2 (seed 001_6eee2b1ac1f2dd37.txt); see examples/nanhuang2."""

    name = "nanhuang2"
    title = {"en": "Nanhuang 2: the Southern Wilds", "zh": "南荒2"}
    length_setting = "round_limit in game.yaml"
    ruling_seats = {"target": "value", "owner": "value", "out": "value", "protected": "value",
                    "broken": "value", "hands": "keys", "fields": "keys", "empty_starts": "keys",
                    "power": "keys", "economy": "keys", "incoming": "keys"}

    legal_actions = staticmethod(legal_actions)
    apply_action = staticmethod(apply_action)
    current_player = staticmethod(current_player)
    is_terminal = staticmethod(is_over)                      # (state) -> bool
    observation = staticmethod(observe.observation)          # (state, seat) -> State
    results = staticmethod(record.results)

    def new_game(self, catalog, seed: int, seats):
        return new_game(catalog, seed, seats)

    def clone(self, state):
        return state.clone()

    def value(self, state, seat: int) -> float:
        """The generic search's estimate of a seat's share of the win (Game.value): its
        field's power plus two a card in hand, against every player still in."""
        from toolkit.games.nanhuang2.rules import field_strength
        worth = [1 + field_strength(state, s) + 2 * len(p.hand) if p.alive else 0
                 for s, p in enumerate(state.players)]
        return worth[seat] / max(1, sum(worth))

    # ---- information -----------------------------------------------------------------
    def determinize(self, observation, seat: int, rng):
        return observe.determinize(observation, seat, rng)

    # ---- words and records -----------------------------------------------------------
    def describe_action(self, state, action, lang: str = "en") -> str:
        return describe.describe(state, action, lang)

    def action_to_json(self, action) -> Any:
        return describe.to_json(action)

    def action_from_json(self, data) -> Any:
        return describe.from_json(data)

    def to_json(self, state) -> str:
        return json.dumps(state.to_dict(), sort_keys=True, ensure_ascii=False,
                          separators=(",", ":"))

    def state_hash(self, state) -> str:
        blob = self.to_json(state) + repr(state.rng.getstate())
        return hashlib.sha256(blob.encode()).hexdigest()

    def record(self, state) -> dict:
        return record.game_record(state)

    def log_lines(self, state, lang: str = "en") -> list[str]:
        return describe.log_lines(state, lang)

    def score_line(self, state, lang: str = "en") -> str | None:
        """Each player's field and hand, or out (the last player standing wins)."""
        if state.round < 1:
            return None
        zh = lang == "zh"
        parts = [(f"玩家{s + 1}：" if zh else f"player {s + 1}: ") + (
            ("场上{}张，手牌{}张" if zh else "{} on the field, {} in hand").format(
                len(p.field()), len(p.hand)) if p.alive else ("出局" if zh else "out"))
            for s, p in enumerate(state.players)]
        return (f"第{state.round}轮 · " if zh else f"round {state.round} · ") + \
            ("；" if zh else "; ").join(parts)

    # ---- what the generic layers count and check -------------------------------------
    def metrics(self, rec: Mapping) -> dict[str, list[float]]:
        return record.metrics(rec)

    def seat_groups(self, rec: Mapping) -> dict[str, list]:
        return {"start_hand": list(rec.get("start_hand") or [])}

    def group_ids(self, catalog) -> dict[str, list[str]]:
        from toolkit.games.nanhuang2.cards import table
        from toolkit.games.nanhuang2.setup import compositions
        return {"start_hand": [record.start_label(c) for c in compositions(table(catalog))]}

    def sides(self, catalog) -> list[Side]:
        return [SEAT, Side("start_hand", {"en": "Starting hand", "zh": "起手牌"}), STYLE]

    def report_sections(self, records, catalog) -> dict:
        return {"card_use": record.card_use(records, catalog)}

    def report_tally(self, catalog):
        return record.CardUse()

    def invariants(self):
        return dict(record.INVARIANTS)

    def scenario(self, catalog, setup: Mapping, seed: int):
        return scenario.build(catalog, setup, seed)

    def ruling_problems(self, ruling: Mapping):
        return scenario.ruling_problems(ruling)

    def step_matches(self, state, action, step: Mapping) -> bool:
        return scenario.step_matches(state, action, step)

    def expect(self, state, item: Mapping):
        return scenario.expect(state, item)

    def settings_fields(self) -> dict:
        from toolkit.games.nanhuang2.settings import fields
        return fields()

    def validate(self, catalog, report) -> None:
        from toolkit.games.nanhuang2.checks import validate
        validate(catalog, report)

    def render_parts(self, catalog) -> list:
        from toolkit.games.nanhuang2.render import parts
        return parts(catalog)

    def agents(self):
        from toolkit.games.nanhuang2.agents import AGENTS
        return dict(AGENTS)

    def play_batch(self, catalog, jobs):
        """The records of toolkit.sim.batch.play_counted for every job (seed, agent names),
        played by the loop of batch.py (compiled with the other typed modules, else as
        Python: the same records), or None when a game would stop with an error (the
        generic loop then plays the batch and says why). With no job: [] when the compiled
        build plays, None when the rules play as Python (no compiled core)."""
        from toolkit.games.nanhuang2 import batch
        if not jobs:
            from toolkit.native import pure
            from toolkit.native.builds import COMPILED
            return [] if pure.played.get(batch.__name__) == COMPILED else None
        return batch.play_batch(self, catalog, jobs)


GAME = NanhuangGame()
