"""Equipment tokens going back to the board: a destroyed, disbanded or abandoned party's
equipment is placed face down in free taverns (or the reserve)."""

from __future__ import annotations


def place_equipment(state, tokens, near: str | None = None) -> None:
    """Equipment of a destroyed, disbanded or abandoned party goes face down to taverns
    without equipment. Its leader's choice follows a fixed rule: the free taverns nearest
    to `near` (the party's region; board order breaks ties; random taverns without it);
    the tokens are then shuffled among the chosen taverns. No free tavern: the reserve."""
    tokens = list(tokens)
    if not tokens:
        return
    rng = state.rng["deck"]
    free = [t for t in state.rules.taverns if state.tavern_eq.get(t) is None]
    if near is not None:
        dist = state.rules.dist
        free.sort(key=lambda t: dist.get((near, t), 10 ** 6))
    else:
        rng.shuffle(free)
    chosen = free[:len(tokens)]
    rng.shuffle(tokens)
    for tavern, token in zip(chosen, tokens):
        state.tavern_eq[tavern] = token
        if tavern in state.eq_revealed:
            state.eq_revealed.remove(tavern)
    state.eq_reserve.extend(tokens[len(chosen):])
