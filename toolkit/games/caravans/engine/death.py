"""A hero's death and the next hero: what is lost, what is kept, the new start."""

from __future__ import annotations

from toolkit.games.caravans.engine.ending import game_over
from toolkit.games.caravans.engine.party import new_party
from toolkit.games.caravans.engine.tokens import place_equipment


def kill(state, seat: int, cause: str) -> None:
    """The hero dies: discard hero, party, goods, carried gold, weapons, glory cards,
    rumors, missions and bounty; glory and stash stay. A new hero is drawn and must
    choose a starting party (a pending decision); no hero left ends the game."""
    player = state.players[seat]
    if player.hero is None or state.phase == "over":
        return
    state.log.append(("death", seat, player.hero, cause))
    player.deaths += 1
    state.hero_discard.append(player.hero)
    equipment = list(player.party.equipment) if player.party is not None else []
    region = player.region
    state.goods_discard.extend(player.goods)
    state.glory_discard.extend(player.hand + player.followers)
    state.rumor_discard.extend(player.rumors)
    state.mission_deck[:0] = player.missions
    for weapon in player.weapons:
        state.weapon_supply[weapon] += 1
    player.hero = player.party = player.region = None
    player.goods, player.hand, player.followers, player.weapons = [], [], [], []
    player.rumors, player.missions, player.bounty = [], [], {}
    player.gold, player.in_tavern, player.large_formed, player.actions = 0, False, False, 0
    dropped = [d for d in state.pending if d.get("player") == seat
               and d["kind"] != "choose_party"]
    state.pending = [d for d in state.pending if d.get("player") != seat
                     or d["kind"] == "choose_party"]
    for entry in dropped:  # the dead hero's open choices lapse; nothing they hold is lost
        if entry["kind"] == "loot":
            state.goods_discard.extend(entry["cards"])
        elif entry["kind"] == "place_equipment":
            place_equipment(state, entry["tokens"], near=region)
        elif entry["kind"] == "capture":
            place_equipment(state, entry["party"]["equipment"], near=region)
    if not draw_hero(state, seat):
        place_equipment(state, equipment, near=region)
        game_over(state, "heroes_exhausted")
        return
    state.pending.append({"kind": "choose_party", "player": seat,
                          "end_turn": state.in_turn and seat == state.turn_seat})
    if threatened(state, player.hero) and state.hero_deck:
        state.pending.append({"kind": "redraw", "player": seat})
    # the lost party's leader places its equipment first (a decision when there is a choice)
    place_equipment(state, equipment, near=region, seat=seat)


def threatened(state, hero: str) -> bool:
    """Whether a brigand band stands in the hero's home region."""
    home = state.rules.c.heroes[hero].home
    return any(n.region == home and state.rules.c.npcs[i].role == "brigand"
               for i, n in state.npcs.items())


def draw_hero(state, seat: int) -> bool:
    """Draw the seat's next hero (a brigand band at its home lets the player redraw once:
    the REDRAW decision pushed by kill)."""
    if not state.hero_deck:
        return False
    hero = state.hero_deck.pop()
    player = state.players[seat]
    player.hero = hero
    player.heroes.append(hero)
    return True


def redraw(state, seat: int, again: bool) -> None:
    """KEEP_HERO (again False) or REDRAW_HERO: the drawn hero goes under the deck and the
    next one is taken instead."""
    state.pending.pop()
    if not again or not state.hero_deck:
        return
    player = state.players[seat]
    state.hero_deck.insert(0, player.hero)
    player.hero = state.hero_deck.pop()
    player.heroes[-1] = player.hero


def start_hero(state, seat: int, party_kind: str, top_up: bool) -> None:
    """Place the seat's hero with its chosen party at its home tavern."""
    player = state.players[seat]
    hero = state.rules.c.heroes[player.hero]
    player.region, player.in_tavern = hero.home, True
    player.party = new_party(state, party_kind, seat)
    if top_up:
        need = max(0, state.rules.game.death.top_up_gold - player.gold)
        from_stash = min(need, player.stash)
        player.stash -= from_stash
        player.gold += need
        state.log.append(("top_up", seat, need, from_stash))
