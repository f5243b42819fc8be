"""Rounds and turns: the event draw, turn order, the end of the game and its results."""

from __future__ import annotations

from functools import lru_cache

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.cards import total_glory
from toolkit.games.caravans.engine.combat import npc_attacks
from toolkit.games.caravans.engine.ending import game_over  # noqa: F401 (flow's API)
from toolkit.games.caravans.engine.event_ops import remove_markers


def start_round(state) -> None:
    """Expire this round's events, return explorers, draw and resolve the next event.

    With no event left the game ends before the round begins, so `state.round` counts the
    rounds actually played."""
    if state.max_rounds is not None and state.round >= state.max_rounds:
        game_over(state, "round_limit")
        return
    state.in_turn = False
    if not state.event_deck:
        game_over(state, "events_exhausted")
        return
    state.round += 1
    state.turn_pos = 0
    state.active_events = [e for e in state.active_events if e[1] == "until_replaced"]
    for player in state.players:
        player.gold_rounds.append(player.gold)
    _return_explorers(state)
    resolve_event(state, state.event_deck.pop())
    if state.phase == "play":
        start_turn(state)


def resolve_event(state, event_id: str) -> None:
    """NPC movement first, then the other operations. An `instant` event acts once, when
    drawn; a `round` event's modifiers last this round; an `until_replaced` event's last
    until an event with the same kind of effect is drawn (which replaces it)."""
    card = state.rules.c.events[event_id]
    state.log.append(("event", event_id, state.round))
    state.event_discard.append(event_id)
    kinds = effect_kinds(state.rules, event_id)
    state.active_events = [e for e in state.active_events if e[1] != "until_replaced"
                           or not kinds & effect_kinds(state.rules, e[0])]
    if card.duration != "instant":
        state.active_events.append([event_id, card.duration])
    ops = state.rules.effects.get(event_id, ())
    ordered = [o for o in ops if o[0] == "move_npc"] + [o for o in ops if o[0] != "move_npc"]
    for op, params in ordered:
        if state.phase != "play":
            return
        effects.run_event_op(state, event_id, op, params)


@lru_cache(maxsize=1024)
def effect_kinds(rules, event_id: str) -> frozenset:
    """The kinds of effect of an event: its lasting operations (those answering queries
    while the event is in force), or, with none, its operations other than NPC movement."""
    ops = [op for op, _ in rules.effects.get(event_id, ())]
    lasting = frozenset(op for op in ops if "event" not in effects.HANDLERS[op][0])
    return lasting or frozenset(op for op in ops if op != "move_npc")


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


def amnesty_choice(state, seat: int, race: str) -> None:
    """AMNESTY: the player removes one bounty marker of `race`; once no such choice is owed,
    the round's first turn (held back meanwhile) meets the NPCs of its region."""
    entry = state.pending.pop()
    state.players[seat].bounty[race] -= 1
    left = entry["left"] - 1
    if left > 0 and not remove_markers(state, seat, left):
        state.pending.append({**entry, "left": left})
        return
    if state.in_turn and not any(d["kind"] == "amnesty" for d in state.pending):
        npc_attacks(state, state.turn_seat)


def start_turn(state) -> None:
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
    """Seed 000, Winning: among the players at the glory goal or more (stash points
    counted), the most glory on the track wins, then the most stash gold, then shared.
    With nobody at the goal (the game ended by the event or hero deck): the most glory
    with stash points, then track glory, then stash gold."""
    goal = state.rules.game.glory_to_win

    def key(seat):
        player = state.players[seat]
        total = total_glory(state, seat)
        if total >= goal:
            return (1, player.glory, player.stash, 0)
        return (0, total, player.glory, player.stash)
    best = max(key(s) for s in range(len(state.players)))
    return [s for s in range(len(state.players)) if key(s) == best]


def results(state) -> list[float]:
    """1 for a sole winner, 1/k for k sharing, 0 otherwise (zeros while running)."""
    if state.phase != "over":
        return [0.0] * len(state.players)
    best = winners(state)
    return [1.0 / len(best) if s in best else 0.0 for s in range(len(state.players))]
