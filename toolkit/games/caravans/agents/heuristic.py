"""The heuristic players: score every legal action with a style's weights, take the best.

One class serves every style of styles.yaml (`trader`, `raider`, `adventurer`,
`balanced`, or any block a designer adds); the scorers per action kind live in
decisions.py and turns.py. Scores use only the observation. Ties and near-ties are broken
by a small jitter from the agent's own random stream (the style's `noise`).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from toolkit.games.caravans.agents import decisions as d
from toolkit.games.caravans.agents import turns as t
from toolkit.games.caravans.agents.styles import Style
from toolkit.games.caravans.agents.view import View
from toolkit.games.caravans.engine.actions import ActionKind as K

SCORERS = {
    K.CHOOSE_PARTY: d.choose_party, K.COMBAT_CHOICE: d.combat_choice, K.CAPTURE: d.capture,
    K.RAID: d.raid, K.DELVE: d.delve, K.RAID_DRAW: d.raid_draw,
    K.RAID_DISCARD: d.raid_discard, K.RAID_SWAP: d.raid_swap, K.RAID_END: d.zero,
    K.REROLL: d.reroll, K.ACCEPT: d.zero, K.DISCARD_GLORY: d.discard_glory,
    K.ATTACK: d.attack, K.LET_GO: d.zero, K.FLEE_STRIKE: d.flee_strike, K.LOOT: d.loot,
    K.LOOT_END: d.zero, K.KEEP_HERO: d.keep_hero, K.REDRAW_HERO: d.redraw_hero,
    K.AMNESTY: d.amnesty, K.PLACE_EQUIPMENT: d.place_equipment,
    K.MOVE: t.move, K.ENTER_TAVERN: t.enter_tavern, K.LEAVE_TAVERN: t.leave_tavern,
    K.EXPLORE: t.explore, K.COMPLETE_MISSION: t.complete_mission, K.TAVERN: t.open_tavern,
    K.SELL: t.sell, K.BUY_GOODS: t.buy_goods, K.BUY: t.buy, K.FORM_PARTY: t.form_party,
    K.REPAIR: t.repair, K.RESTORE: t.restore, K.BUY_EQUIPMENT: t.buy_equipment,
    K.SWAP_EQUIPMENT: t.swap_equipment, K.BUY_WEAPON: t.buy_weapon,
    K.SELL_WEAPON: t.sell_weapon, K.RECRUIT: t.recruit, K.HEAR_RUMOR: t.hear_rumor,
    K.TAKE_MISSION: t.take_mission, K.STASH: t.stash, K.END_VISIT: d.zero,
    K.PLAY_GLORY: t.play_glory, K.DISCARD_GOODS: t.discard_goods, K.END_TURN: d.zero,
    K.BLOCK_HIT: d.block_hit,
}


class HeuristicAgent:
    """A readable policy: the legal action with the highest style-weighted score."""

    def __init__(self, catalog, seat: int, rng: random.Random, style: Style):
        self.catalog = catalog
        self.seat = seat
        self.rng = rng
        self.style = style
        self.name = style.name
        self.idle = 0  # own turns ended in a row with actions unused (e.g. hiding in a tavern)
        self.kept: dict = {}  # the goals of an earlier decision and what they read (plan.kept)

    def scores(self, observation: Any, legal_actions: Sequence[Any]) -> list[float]:
        """Each legal action's score (before jitter)."""
        view = View(observation, self.seat, self.style, 1.0 / (1 + self.idle), self.kept)
        scorers = SCORERS
        return [scorers[a.kind](view, a.args) for a in legal_actions]

    def ranked(self, observation: Any, legal_actions: Sequence[Any]) -> list[tuple[float, Any]]:
        """(score with jitter, action), best first."""
        noise = self.style["noise"]
        rand = self.rng.random
        scored = [(s + noise * rand(), i) for i, s in
                  enumerate(self.scores(observation, legal_actions))]
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [(s, legal_actions[i]) for s, i in scored]

    def choose(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        action = legal_actions[0] if len(legal_actions) == 1 else \
            self.best(observation, legal_actions)
        self.note(observation, action)
        return action

    def best(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        """ranked(...)[0][1] without sorting: the first of the highest jittered scores."""
        noise = self.style["noise"]
        rand = self.rng.random
        top, pick = None, 0
        for i, score in enumerate(self.scores(observation, legal_actions)):
            score += noise * rand()
            if top is None or score > top:
                top, pick = score, i
        return legal_actions[pick]

    def note(self, observation: Any, action: Any) -> None:
        """Remember idle turns: ending a turn with actions left, or acting again."""
        if action.kind is K.END_TURN:
            idle = observation.players[self.seat].actions > 0
            self.idle = self.idle + 1 if idle else 0
        elif action.kind in (K.MOVE, K.LEAVE_TAVERN, K.EXPLORE):
            self.idle = 0
