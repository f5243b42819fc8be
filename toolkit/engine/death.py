"""A hero's death and the next hero: what is lost, what is kept, the new start."""

from __future__ import annotations

from toolkit.engine.party import new_party


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
    if player.party is not None:
        place_equipment(state, player.party.equipment, near=player.region)
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
    state.pending = [d for d in state.pending if d.get("player") != seat
                     or d["kind"] == "choose_party"]
    if not draw_hero(state, seat):
        from toolkit.engine.flow import game_over
        game_over(state, "heroes_exhausted")
        return
    state.pending.append({"kind": "choose_party", "player": seat,
                          "end_turn": state.in_turn and seat == state.turn_seat})


def draw_hero(state, seat: int) -> bool:
    """Draw the seat's next hero; a brigand band at its home lets it redraw once."""
    if not state.hero_deck:
        return False
    hero = state.hero_deck.pop()
    home = state.rules.c.heroes[hero].home
    threatened = any(n.region == home and state.rules.c.npcs[i].role == "brigand"
                     for i, n in state.npcs.items())
    if threatened and state.hero_deck:
        state.hero_deck.insert(0, hero)
        hero = state.hero_deck.pop()
    player = state.players[seat]
    player.hero = hero
    player.heroes.append(hero)
    return True


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
