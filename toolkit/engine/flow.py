"""Rounds and turns: the event draw, turn order, the end of the game and its results."""

from __future__ import annotations

from toolkit.engine import effects
from toolkit.engine.cards import total_glory


def game_over(state, reason: str) -> None:
    if state.phase != "over":
        state.phase, state.end_reason = "over", reason
        from toolkit.engine.death import place_equipment
        for entry in state.pending:
            if entry["kind"] == "capture":  # a party nobody took: its equipment goes back
                place_equipment(state, entry["party"]["equipment"])
        state.pending.clear()
        state.combat = state.raid = state.visit = None
        state.in_turn = False
        state.log.append(("end", reason, state.round))


def start_round(state) -> None:
    """Expire this round's events, return explorers, draw and resolve the next event."""
    if state.max_rounds is not None and state.round >= state.max_rounds:
        game_over(state, "round_limit")
        return
    state.in_turn = False
    state.round += 1
    state.turn_pos = 0
    state.active_events = [e for e in state.active_events if e[1] == "until_replaced"]
    for player in state.players:
        player.gold_rounds.append(player.gold)
    _return_explorers(state)
    if not state.event_deck:
        game_over(state, "events_exhausted")
        return
    resolve_event(state, state.event_deck.pop())
    if state.phase == "play":
        start_turn(state)


def resolve_event(state, event_id: str) -> None:
    """NPC movement first, then the other operations; modifiers stay while the event lasts."""
    card = state.rules.c.events[event_id]
    state.log.append(("event", event_id, state.round))
    state.event_discard.append(event_id)
    if card.duration == "until_replaced":
        state.active_events = [e for e in state.active_events if e[1] != "until_replaced"]
        state.active_events.append([event_id, "until_replaced"])
    else:
        state.active_events.append([event_id, "round"])
    ops = state.rules.effects.get(event_id, ())
    ordered = [o for o in ops if o[0] == "move_npc"] + [o for o in ops if o[0] != "move_npc"]
    for op, params in ordered:
        if state.phase != "play":
            return
        effects.run_event_op(state, event_id, op, params)


def _return_explorers(state) -> None:
    """At the track's length, raided explorers come back, one per empty region."""
    track = state.explorer_track
    if len(track) < state.rules.game.tracks.explorer:
        return
    state.rng["deck"].shuffle(track)
    for region in state.rules.regions:
        if not track:
            break
        if state.explorers.get(region) is None:
            state.explorers[region] = track.pop()


def start_turn(state) -> None:
    from toolkit.engine.combat import npc_attacks
    seat = state.turn_seat
    player = state.players[seat]
    player.actions = state.rules.game.actions_per_turn
    player.explored, player.visited = [], False
    player.free_moves, player.free_repair = 0, False
    state.in_turn = True
    npc_attacks(state, seat)


def end_turn(state) -> None:
    """Close the turn; after the last seat, the round ends (and the game, if announced)."""
    seat = state.turn_seat
    player = state.players[seat]
    player.turns += 1
    player.actions = 0
    state.visit = None
    state.in_turn = False
    state.turn_pos += 1
    if state.turn_pos < len(state.order):
        start_turn(state)
    elif state.announced is not None:
        game_over(state, "glory")
    else:
        start_round(state)


def winners(state) -> list[int]:
    """Highest glory with stash points; ties: track glory, then stash gold, then shared."""
    def key(seat):
        player = state.players[seat]
        return (total_glory(state, seat), player.glory, player.stash)
    best = max(key(s) for s in range(len(state.players)))
    return [s for s in range(len(state.players)) if key(s) == best]


def results(state) -> list[float]:
    """1 for a sole winner, 1/k for k sharing, 0 otherwise (zeros while running)."""
    if state.phase != "over":
        return [0.0] * len(state.players)
    best = winners(state)
    return [1.0 / len(best) if s in best else 0.0 for s in range(len(state.players))]
