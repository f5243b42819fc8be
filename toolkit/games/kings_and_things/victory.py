# toolkit: compile
"""Winning (seed, 'winning the game' and 'end of game'): a citadel held through a full round
wins at the end of a construction phase if no other player holds one; with more citadels on
the board the highest income among their holders wins; a second citadel wins at once. The
example's `round_limit` ends a game that goes on too long with the same income tie-break."""

from __future__ import annotations

from toolkit.games.kings_and_things.data import Data
from toolkit.games.kings_and_things.state import State, income


def track_citadels(state: State, data: Data) -> None:
    """Note the round each player gained a citadel; a second citadel wins at once."""
    for seat in range(state.n):
        held = state.citadels_of(seat)
        if not held:
            state.citadel_since.pop(seat, None)
        elif seat not in state.citadel_since:
            state.citadel_since[seat] = state.round
        if len(held) >= 2 and state.winner is None:
            finish(state, [seat], "two citadels")


def after_construction(state: State, data: Data) -> None:
    """End of a construction phase: has a citadel been held through a full round?"""
    track_citadels(state, data)
    if state.winner is not None:
        return
    holders = sorted(state.citadel_since)
    ready = [s for s in holders if state.citadel_since[s] < state.round]
    if not ready:
        return
    if len(holders) == 1:
        finish(state, holders, "citadel held a full round")
    else:
        finish(state, best_income(state, data, holders), "income among citadel holders")


def round_limit(state: State, data: Data) -> None:
    holders = sorted(state.citadel_since) or list(range(state.n))
    finish(state, best_income(state, data, holders), "round limit: income tie-break")


def best_income(state: State, data: Data, seats) -> list[int]:
    incomes = {s: income(state, data, s) for s in seats}
    top = max(incomes.values())
    return [s for s in sorted(seats) if incomes[s] == top]


def finish(state: State, winners: list[int], reason: str) -> None:
    state.winner = list(winners)
    state.end_reason = reason
    state.actor = -1
    state.note("win", list(winners), reason)
