"""Caravans & Brigands as a `toolkit.game.Game`: the engine's state machine plus what the
generic layers ask of a game (records and metrics, invariants, the rulings vocabulary, the
log in words, content kinds and checks, agents, print parts).

Everything here delegates to the game's own modules (`engine/`, `agents/`, `rulings/`,
`content/`); the hot methods are the engine functions themselves, bound once, so the
protocol costs the game loop no extra call.
"""

from __future__ import annotations

from typing import Any, Mapping

from toolkit.game import SEAT, STYLE, Game, Side
from toolkit.games.caravans import engine
from toolkit.games.caravans.engine.actions import Action, ActionKind
from toolkit.games.caravans.engine.apply import apply_action, current_player, is_terminal
from toolkit.games.caravans.engine.flow import results
from toolkit.games.caravans.engine.legal import legal_actions
from toolkit.games.caravans.engine.observe import determinize, observation
from toolkit.games.caravans.engine.state import clone


class CaravansGame(Game):
    """The rules of Caravans & Brigands (docs/rules.md)."""

    name = "caravans"
    title = {"en": "Caravans & Brigands", "zh": "商队与强盗"}
    length_setting = "glory_to_win in game.yaml and the size of the event deck (events.yaml)"
    ruling_seats = {"first": "value", "id": "value if target=player"}   # explore a player

    # the state machine: the engine's own functions (no wrapper call in the hot loop)
    legal_actions = staticmethod(legal_actions)
    apply_action = staticmethod(apply_action)
    current_player = staticmethod(current_player)
    is_terminal = staticmethod(is_terminal)
    results = staticmethod(results)
    clone = staticmethod(clone)

    def new_game(self, catalog, seed: int, seats):
        return engine.new_game(catalog, seed, list(seats))

    # ---- information -----------------------------------------------------------------
    observation = staticmethod(observation)     # hot: bound once, no wrapper call
    determinize = staticmethod(determinize)

    # ---- words and records -----------------------------------------------------------
    def describe_action(self, state, action, lang: str = "en") -> str:
        from toolkit.games.caravans.engine.describe import describe_action
        return describe_action(state, action, lang)

    def action_to_json(self, action) -> Any:
        return [action.kind.value, list(action.args)]

    def action_from_json(self, data) -> Action:
        from toolkit.errors import ContentError
        try:
            kind, args = data
            return Action(ActionKind(kind), tuple(args))
        except (TypeError, ValueError):
            raise ContentError(f"{data!r} is not a Caravans & Brigands action "
                               "([kind, [args...]])") from None

    def to_json(self, state) -> str:
        from toolkit.games.caravans.engine.record import to_json
        return to_json(state)

    def state_hash(self, state) -> str:
        from toolkit.games.caravans.engine.record import state_hash
        return state_hash(state)

    def record(self, state) -> dict:
        from toolkit.games.caravans.engine.record import game_record
        return game_record(state)

    def log_lines(self, state, lang: str = "en") -> list[str]:
        from toolkit.games.caravans.log import log_lines
        return log_lines(state, lang)

    def score_line(self, state, lang: str = "en"):
        from toolkit.games.caravans.log import score_line
        return score_line(state, lang)

    def end_line(self, state, lang: str = "en"):
        from toolkit.games.caravans.log import end_line
        return end_line(state, lang)

    # ---- what the generic layers count and check -------------------------------------
    def metrics(self, record: Mapping) -> dict[str, list[float]]:
        from toolkit.games.caravans.report import metrics
        return metrics(record)

    def seat_groups(self, record: Mapping) -> dict[str, list]:
        return {"hero": list(record["heroes"]), "party": list(record["parties"])}

    def group_ids(self, catalog) -> dict[str, list[str]]:
        from toolkit.games.caravans.report import group_ids
        return group_ids(catalog)

    def sides(self, catalog) -> list[Side]:
        """Seat (turn position: the first player draws every event), the starting hero and
        party as levers, the play style, and the cards used (usage, not balance)."""
        return [Side("seat", SEAT.title, "side",
                     {"en": "place in turn order (the first player draws every event)",
                      "zh": "行动顺序（先手玩家抽取每张事件牌）"}),
                Side("hero", {"en": "Hero", "zh": "英雄"}),
                Side("party", {"en": "Starting party", "zh": "起始队伍"}),
                STYLE, Side("card", {"en": "Card", "zh": "卡牌"}, "usage")]

    def skill_ladder(self, catalog) -> list[str]:
        return ["random", "balanced", "search"]

    def in_play(self, catalog, seed: int, seats):
        from toolkit.games.caravans.in_play import in_play
        return in_play(catalog, seed, seats)

    def report_sections(self, records, catalog) -> dict[str, Any]:
        from toolkit.games.caravans.report import sections
        return sections(records, catalog)

    def report_tally(self, catalog):
        from toolkit.games.caravans.report import Tally
        return Tally(catalog)

    def report_view(self, report, names) -> dict[str, Any]:
        from toolkit.games.caravans.report_view import report_view
        return report_view(report, names)

    def invariants(self):
        from toolkit.games.caravans.invariants import invariants
        return invariants()

    def count_effects(self, counter):
        from toolkit.games.caravans.engine.effects import count_ops
        return count_ops(counter)

    # ---- rulings ---------------------------------------------------------------------
    def scenario(self, catalog, setup: Mapping, seed: int):
        from toolkit.games.caravans.rulings import scenario
        return scenario(catalog, setup, seed)

    def step_matches(self, state, action, step: Mapping) -> bool:
        from toolkit.games.caravans.rulings import step_matches
        return step_matches(action, step)

    def ruling_step(self, action) -> dict:
        """A legal action as the ruling step that names it ({do: move, to: saltmere})."""
        from toolkit.games.caravans.rulings.facts import ARG_NAMES
        names = ARG_NAMES.get(action.kind.value, ())
        step = {"do": action.kind.value, **dict(zip(names, action.args))}
        if len(action.args) > len(names):
            step["args"] = list(action.args)
            step = {"do": step["do"], "args": step["args"]}
        return step

    def expect(self, state, item: Mapping):
        from toolkit.games.caravans.rulings import expect
        return expect(state, item)

    def probability(self, catalog, setup, seed, play, holds):
        from toolkit.games.caravans.rulings import probability
        return probability(catalog, setup, seed, play, holds)

    def ruling_problems(self, ruling):
        from toolkit.games.caravans.rulings import ruling_problems
        return ruling_problems(ruling)

    # ---- content, print and agents ---------------------------------------------------
    def kinds(self) -> dict[str, type]:
        from toolkit.games.caravans.content.kinds import KINDS
        return dict(KINDS)

    def ops(self) -> dict[str, Any]:
        from toolkit.games.caravans.content.ops import OPS
        return dict(OPS)

    def settings_fields(self) -> dict:
        from toolkit.games.caravans.content.settings import fields
        return fields()

    def part_kinds(self) -> tuple[str, ...]:
        from toolkit.games.caravans.content.settings import MARKER_KINDS
        return MARKER_KINDS

    def validate(self, content, report) -> None:
        from toolkit.games.caravans.content import validate
        validate(content.index)

    def render_parts(self, catalog) -> list:
        try:
            from toolkit.games.caravans.render import parts
        except ModuleNotFoundError as exc:  # the print parts are not in this checkout
            if exc.name not in ("toolkit.games.caravans.render", None):
                raise
            return []
        except ImportError:  # the package exists but has no parts() yet
            return []
        return parts(catalog)

    def agents(self) -> dict:
        from toolkit.games.caravans.agents.search import make_search
        return {"search": make_search}

    def agent_names(self, catalog) -> list[str]:
        from toolkit.games.caravans.agents import play_styles
        return sorted({"search", *play_styles(catalog)})

    def mixed_agents(self, catalog) -> list[str]:
        from toolkit.games.caravans.agents import play_styles
        return sorted(n for n, style in play_styles(catalog).items() if style.mixed)

    def new_agent(self, catalog, name, seat, rng, arg):
        from toolkit.games.caravans.agents import new_agent
        return new_agent(catalog, name, seat, rng, arg)

    def play_batch(self, catalog, jobs):
        """The compiled core's loop (core/batch.py) when it can play every job; None: the
        generic loop plays them (same records). TOOLKIT_PURE_PYTHON=1 forces Python."""
        from toolkit.games.caravans.core.batch import play_batch
        return play_batch(catalog, jobs)


GAME = CaravansGame()
