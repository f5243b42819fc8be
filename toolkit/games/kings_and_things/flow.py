# toolkit: compile
"""The order of play: setup steps, then rounds of nine phases (seed, 'game order'). Every
player finishes a phase before the next begins, in player order from the first player.

A phase is a `Phase` object: `start_phase` (once), `start_turn` (per player; False when that
player has nothing to decide), `legal` and `apply` (True when the player's part of the phase
is over), `more` (True to go round the players again, as in the combat phase) and
`end_phase`."""

from __future__ import annotations

from toolkit.games.kings_and_things.data import Data
from toolkit.games.kings_and_things.state import State


class Phase:
    name = "phase"

    def start_phase(self, state: State, data: Data) -> None:
        pass

    def start_turn(self, state: State, data: Data, seat: int) -> bool:
        return bool(self.legal(state, data))

    def legal(self, state: State, data: Data) -> list:
        return []

    def apply(self, state: State, data: Data, action) -> bool:
        raise ValueError(f"no action is legal in phase {self.name}")

    def more(self, state: State, data: Data) -> bool:
        return False

    def end_phase(self, state: State, data: Data) -> None:
        pass


PHASES: dict[str, Phase] = {}
SETUP = ["setup_start", "setup_claim", "setup_things"]
ROUND = ["income", "heroes", "recruit", "events", "move", "combat", "build", "powers",
         "rotate"]


def register(phase: Phase) -> Phase:
    PHASES[phase.name] = phase
    return phase


def following(name: str) -> str:
    if name in SETUP:
        i = SETUP.index(name)
        return SETUP[i + 1] if i + 1 < len(SETUP) else ROUND[0]
    return ROUND[(ROUND.index(name) + 1) % len(ROUND)]


def enter(state: State, data: Data, name: str) -> None:
    """Begin phase `name` and move on until a player has a decision (or the game ends)."""
    state.phase, state.turn, state.sub = name, -1, {}
    PHASES[name].start_phase(state, data)
    next_turn(state, data)


def next_turn(state: State, data: Data) -> None:
    while state.winner is None:
        phase = PHASES[state.phase]
        state.turn += 1
        if state.turn >= len(state.order):
            if phase.more(state, data):
                state.turn = -1
                continue
            phase.end_phase(state, data)
            if state.winner is not None:
                break
            state.phase, state.turn, state.sub = following(state.phase), -1, {}
            PHASES[state.phase].start_phase(state, data)
            continue
        seat = state.order[state.turn]
        state.actor = seat
        if state.winner is None and PHASES[state.phase].start_turn(state, data, seat):
            return
    state.actor = -1


def act(state: State, data: Data, action) -> None:
    """Apply one action of the player to act, then move play on."""
    if PHASES[state.phase].apply(state, data, action) and state.winner is None:
        next_turn(state, data)
    if state.winner is not None:
        state.actor = -1
