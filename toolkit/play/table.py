"""One game at the playtest table: its seats (people or agents), the state, the actions
applied, the bots' turns, undo to the last human decision and a new deal from a seed.

Every change goes through `game.legal_actions` and `game.apply_action`, on a copy of the
state: an action the rules refuse, or rules that raise, leave the table as it was. A
person's action names the table's `version` (the count of changes so far) and the action
as `game.action_to_json` gives it; a stale version or an action that is not among the legal
ones now is refused with one line (`Refused`), never applied. Seats count from 0 here and
from 1 in every text a person reads."""

from __future__ import annotations

import copy
import threading
from typing import Any, Sequence

from toolkit.agents import make_agent
from toolkit.errors import RulesError, ToolkitError

HUMAN = "human"   # the line-up's name of a seat a person takes
LANGS = ("en", "zh")


class Refused(Exception):
    """A request the table does not carry out; `str()` is the one line the page shows."""

    def __init__(self, message: str, status: int = 409):
        super().__init__(message)
        self.status = status


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values (a tuple equals a list; True is not 1)."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return type(a) in (int, float, str, type(None)) and a == b


class Table:
    """A table game. Use under `table.lock` when several threads read it."""

    def __init__(self, game, catalog, seed: int, lineup: Sequence[str]):
        if HUMAN not in lineup:
            raise ToolkitError("a table needs at least one seat for a person")
        self.game, self.catalog = game, catalog
        self.lineup = list(lineup)
        self.humans = {s for s, name in enumerate(self.lineup) if name == HUMAN}
        self.lock = threading.RLock()
        self.version = 0
        self.deals = 0
        self.deal(seed)

    # ---- a deal --------------------------------------------------------------------------
    def deal(self, seed: int) -> None:
        """A new game from `seed` (the same seed, the same deal and the same bots)."""
        game = self.game
        state = game.new_game(self.catalog, seed, list(self.lineup))
        agents = {s: make_agent(name, game, self.catalog, s, seed)
                  for s, name in enumerate(self.lineup) if s not in self.humans}
        self.seed, self.state, self.agents = seed, state, agents
        self.start = game.clone(state)
        self.actions: list = []      # every action applied, in order
        self.seats: list[int] = []   # who applied each
        self.said: list[dict] = []   # each action in words, {en, zh}
        self.points: list[tuple] = []  # undo points: (actions so far, state, agents)
        self.undos = 0
        self.saved: "str | None" = None
        self.deals += 1
        self.version += 1

    # ---- what the table is at --------------------------------------------------------------
    def over(self) -> bool:
        return bool(self.game.is_terminal(self.state))

    def to_act(self) -> int:
        return -1 if self.over() else int(self.game.current_player(self.state))

    def humans_turn(self) -> bool:
        return self.to_act() in self.humans

    def legal(self) -> list:
        return [] if self.over() else list(self.game.legal_actions(self.state))

    # ---- changes -------------------------------------------------------------------------
    def _fresh(self, version: Any) -> None:
        if version != self.version:
            raise Refused(f"this page shows move {version} but the table is at move "
                          f"{self.version}: the action was not applied; the page is redrawn")

    def act(self, version: Any, data: Any) -> None:
        """A person's action: `data` must equal one legal action's JSON for a human seat."""
        with self.lock:
            self._fresh(version)
            if self.over():
                raise Refused("the game is over: deal again for a new game")
            seat = self.to_act()
            if seat not in self.humans:
                raise Refused(f"it is seat {seat + 1}'s turn, which the agent "
                              f"'{self.lineup[seat]}' plays; wait for it")
            to_json = self.game.action_to_json
            match = next((a for a in self.legal() if same_json(to_json(a), data)), None)
            if match is None:
                raise Refused(f"that action is not a legal action of seat {seat + 1} now; "
                              "nothing was applied (choose one of the buttons)")
            point = (len(self.actions), self.game.clone(self.state), self._agents_copy())
            self._apply(seat, match)
            self.points.append(point)

    def bot(self, version: Any) -> None:
        """One move of the agent whose turn it is."""
        with self.lock:
            self._fresh(version)
            seat = self.to_act()
            if seat < 0 or seat in self.humans:
                raise Refused("no agent is to move now")
            legal = self.legal()
            if not legal:
                raise RulesError(f"seat {seat + 1} has no legal action and the game is not "
                                 f"over (seed {self.seed}, action {len(self.actions) + 1})")
            agent = self.agents[seat]
            seen = self.game.observation(self.state, seat) \
                if getattr(agent, "observes", True) else None
            action = agent.choose(seen, legal)
            if action not in legal:
                raise RulesError(f"agent '{self.lineup[seat]}' in seat {seat + 1} chose an "
                                 f"illegal action {action!r} (seed {self.seed})")
            self._apply(seat, action)

    def undo(self, version: Any) -> None:
        """Back to just before the last decision a person made (the bots' moves after it
        are taken back too, and the bots will choose again as they did)."""
        with self.lock:
            self._fresh(version)
            if not self.points:
                raise Refused("nothing to undo: no person has decided yet in this deal")
            count, state, agents = self.points.pop()
            del self.actions[count:], self.seats[count:], self.said[count:]
            self.state = state
            if agents is not None:
                self.agents = agents
            self.undos += 1
            self.saved = None
            self.version += 1

    def _apply(self, seat: int, action) -> None:
        game = self.game
        words = {lang: _say(game, self.state, action, lang) for lang in LANGS}
        try:
            state = game.apply_action(game.clone(self.state), action)
        except ToolkitError as exc:
            raise Refused(f"the rules refused {words['en']}: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - a rules bug: the table stays as it was
            raise Refused(f"the rules failed on {words['en']} ({type(exc).__name__}: "
                          f"{exc}); the table is unchanged", 500) from None
        self.state = state
        self.actions.append(action)
        self.seats.append(seat)
        self.said.append(words)
        self.saved = None
        self.version += 1

    def _agents_copy(self):
        """The bots as they are, so an undo gives them back their random streams too."""
        return {seat: _copy_agent(agent, self.game, self.catalog)
                for seat, agent in self.agents.items()}

    def run_bots(self) -> int:
        """Every agent move until a person is to act or the game ends (no pace)."""
        moved = 0
        with self.lock:
            while not self.over() and not self.humans_turn():
                self.bot(self.version)
                moved += 1
        return moved


def _copy_agent(agent, game, catalog):
    """A copy of an agent whose changing parts (its random stream, what it remembers) are
    its own; a part that cannot be copied (the rules' read-only tables, a play style) is
    shared, since an agent only reads it."""
    keep = {id(game): game, id(catalog): catalog}
    if not hasattr(agent, "__dict__"):
        try:
            return copy.deepcopy(agent, dict(keep))
        except Exception:  # noqa: BLE001 - kept as it is: undo then only moves the state
            return agent
    twin = copy.copy(agent)
    for key, value in vars(agent).items():
        try:
            setattr(twin, key, copy.deepcopy(value, dict(keep)))
        except Exception:  # noqa: BLE001 - shared, read only by the agent
            pass
    return twin


def _say(game, state, action, lang: str) -> str:
    try:
        return str(game.describe_action(state, action, lang))
    except Exception:  # noqa: BLE001 - words are never worth a failed move
        return str(game.action_to_json(action))
