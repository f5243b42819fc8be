"""Equipment tokens going back to the board: a destroyed, disbanded or abandoned party's
equipment is placed face down in free taverns (or the reserve). Seed 000: the party's
leader chooses the taverns (a PLACE_EQUIPMENT decision, one tavern at a time) and the
tokens are then placed at random among them; with no real choice (no more free taverns
than tokens, no leader, or the game over) the engine places them itself."""

from __future__ import annotations


def free_taverns(state) -> list[str]:
    return [t for t in state.rules.taverns if state.tavern_eq.get(t) is None]


def place_equipment(state, tokens, near: str | None = None, seat: int | None = None) -> None:
    """Return `tokens` to the board: `seat` (the leader) chooses the taverns when there is
    a choice; otherwise the free taverns nearest to `near` (board order breaks ties;
    random taverns without it) take them."""
    tokens = list(tokens)
    if not tokens:
        return
    free = free_taverns(state)
    if seat is not None and state.phase == "play" and len(free) > len(tokens):
        state.pending.append({"kind": "place_equipment", "player": seat, "tokens": tokens,
                              "chosen": []})
        return
    if near is not None:
        dist = state.rules.dist
        free.sort(key=lambda t: dist.get((near, t), 10 ** 6))
    else:
        state.rng["deck"].shuffle(free)
    _put(state, tokens, free[:len(tokens)])


def choose_tavern(state, seat: int, tavern: str) -> None:
    """PLACE_EQUIPMENT: the leader names one more tavern; once it has named one per token,
    the tokens are shuffled face down into them."""
    entry = state.pending.pop()
    chosen = entry["chosen"] + [tavern]
    if len(chosen) < len(entry["tokens"]):
        state.pending.append({**entry, "chosen": chosen})
        return
    _put(state, list(entry["tokens"]), chosen)


def _put(state, tokens: list, chosen: list) -> None:
    state.rng["deck"].shuffle(tokens)
    for tavern, token in zip(chosen, tokens):
        state.tavern_eq[tavern] = token
        if tavern in state.eq_revealed:
            state.eq_revealed.remove(tavern)
    state.eq_reserve.extend(tokens[len(chosen):])
