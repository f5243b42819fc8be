"""Decks, glory, bounty and victory bookkeeping shared by every rule."""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.state import use_card


def draw(state, deck: str, discard: str | None = None):
    """Top card of a deck, reshuffling its discard pile when empty; None if both are empty."""
    cards = getattr(state, deck)
    if not cards and discard is not None:
        pile = getattr(state, discard)
        if pile:
            cards.extend(pile)
            pile.clear()
            state.rng["deck"].shuffle(cards)
    return cards.pop() if cards else None


def draw_goods(state):
    return draw(state, "goods_deck", "goods_discard")


def total_glory(state, seat: int) -> int:
    """Glory on the track plus the hidden stash points."""
    player = state.players[seat]
    return player.glory + stash_points(state, player)


def stash_points(state, player) -> int:
    stash = state.rules.game.stash
    return min(player.stash // stash.gold_per_point, stash.max_points)


def gain_glory(state, seat: int, source: str) -> None:
    """+1 glory from `source`, a glory card drawn, victory announced when reached."""
    player = state.players[seat]
    game = state.rules.game
    player.glory = min(player.glory + 1, game.tracks.glory)
    player.glory_src[source] = player.glory_src.get(source, 0) + 1
    state.log.append(("glory", seat, source))
    draw_glory_card(state, seat)
    check_announce(state, seat)


def draw_glory_card(state, seat: int) -> None:
    card = draw(state, "glory_deck", "glory_discard")
    if card is None:
        return
    player = state.players[seat]
    player.hand.append(card)
    if len(player.hand) + len(player.followers) > state.rules.game.glory_hand_limit:
        state.pending.append({"kind": "discard_glory", "player": seat})


def check_announce(state, seat: int) -> None:
    if state.announced is None and total_glory(state, seat) >= state.rules.game.glory_to_win:
        state.announced = seat
        state.log.append(("announce", seat, state.round))


def gain_gold(state, seat: int, amount: int, why: str) -> None:
    if amount:
        state.players[seat].gold += amount
        state.log.append(("gold", seat, amount, why))




# --- bounty --------------------------------------------------------------------------------
def is_brigand(player) -> bool:
    return any(player.bounty.values())


def at_war(state, race_a, race_b) -> bool:
    if race_a is None or race_b is None or race_a == race_b or not state.active_events:
        return False
    return effects.fire_events(state, "war", False, races=(race_a, race_b))


def hero_race(state, seat: int):
    hero = state.players[seat].hero
    return state.rules.c.heroes[hero].race if hero else None


def add_bounty(state, seat: int, race) -> None:
    """One bounty marker of `race` (none between races at war, none beyond the track)."""
    if race is None or at_war(state, hero_race(state, seat), race):
        return
    player = state.players[seat]
    cap = state.rules.game.bounty.markers_per_race
    if player.bounty.get(race, 0) < cap:
        player.bounty[race] = player.bounty.get(race, 0) + 1
        state.log.append(("bounty", seat, race))


def bounty_reward(state, victor: int, loser) -> int:
    """Gold for defeating a brigand player: per marker of races that do not want the victor."""
    me = state.players[victor]
    race = hero_race(state, victor)
    per = state.rules.game.bounty.brigand_reward
    return sum(per * n for r, n in loser.bounty.items()
               if n and not me.bounty.get(r) and not at_war(state, race, r))



def complete_mission(state, seat: int, mission: str) -> None:
    """A mission done: its card discarded, its gold and glory gained."""
    player = state.players[seat]
    player.missions.remove(mission)
    state.mission_discard.append(mission)
    use_card(player, mission)
    state.log.append(("mission", seat, mission))
    gain_gold(state, seat, state.rules.c.missions[mission].gold, "mission")
    gain_glory(state, seat, "mission")


def _gain_gold_op(ctx, p):
    """The gain_gold operation: the player (a trick) or every player (an event)."""
    seats = [ctx.seat] if ctx.hook == "play" else range(len(ctx.state.players))
    for seat in seats:
        if ctx.state.players[seat].hero:
            gain_gold(ctx.state, seat, p.amount, ctx.source)


effects.register({"gain_gold": _gain_gold_op})
