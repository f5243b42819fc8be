"""The two sides of a fight, as the engine names them ("p0" a player's party, "n:<id>" an
NPC): their seat, race and standing, shared by combat and melee."""

from __future__ import annotations

from toolkit.games.caravans.engine.cards import hero_race, is_brigand

SAFETY_ROUNDS = 60  # an engine stop for fights nobody can end; not a rule of the game


def seat_of(ref: str) -> int | None:
    return int(ref[1:]) if ref[0] == "p" else None


def race_of(state, ref: str):
    if ref[0] == "p":
        return hero_race(state, int(ref[1:]))
    return state.rules.c.npcs[ref[2:]].race


def is_non_brigand(state, ref: str) -> bool:
    if ref[0] == "p":
        return not is_brigand(state.players[int(ref[1:])])
    return state.rules.c.npcs[ref[2:]].role == "patrol"
