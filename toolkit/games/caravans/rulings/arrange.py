"""Build an engine State from a ruling's setup: deal a normal game with the setup's seed,
choose the parties, then move the named cards and tokens into place so that every
component is still in exactly one place.

A ruling starts clean: no glory cards in hand, no follower, no NPC on the board and no
event in force, unless its setup says so; it is the turn of `current`, at its first action.
The setup's fixed dice are installed by the caller on each copy (`install_dice`).
"""

from __future__ import annotations

import random

from toolkit.games.caravans import engine
from toolkit.games.caravans.rulings.dice import ScriptedDice
from toolkit.games.caravans.rulings.schema import Setup
from toolkit.errors import RulesError

DECKS = {"goods": "goods_deck", "glory": "glory_deck", "events": "event_deck",
         "missions": "mission_deck", "rumors": "rumor_deck", "heroes": "hero_deck"}
DISCARDS = {"goods_deck": "goods_discard", "glory_deck": "glory_discard",
            "event_deck": "event_discard", "mission_deck": "mission_discard",
            "rumor_deck": "rumor_discard", "hero_deck": "hero_discard"}


class ScriptedRandom(random.Random):
    """The dice stream of a ruling: the setup's fixed faces first, then faces from an
    enumerating ScriptedDice, else the game's own stream. The engine rolls a die as
    faces[int(random() * len(faces))]."""

    def __init__(self, faces, fixed=(), dice: ScriptedDice | None = None,
                 fallback: random.Random | None = None):
        super().__init__(0)
        self.faces, self.queue = list(faces), list(fixed)
        self.dice, self.fallback = dice, fallback

    def random(self) -> float:
        if self.queue:
            face = self.queue.pop(0)
        elif self.dice is not None:
            face = self.dice.face()
        elif self.fallback is not None:
            return self.fallback.random()
        else:
            raise RulesError("the ruling ran out of fixed dice")
        return (self.faces.index(face) + 0.5) / len(self.faces)


def install_dice(state, catalog, fixed=(), dice: ScriptedDice | None = None) -> None:
    """Replace the state's dice stream: `fixed` faces, then `dice`, else the old stream."""
    old = state.rng["dice"]
    fallback = None if dice is not None else getattr(old, "fallback", old)
    state.rng["dice"] = ScriptedRandom(catalog.game.dice.faces, fixed, dice, fallback)


def build(catalog, setup: Setup):
    """The state a ruling starts from (RulesError when the setup cannot be arranged)."""
    seats = list(setup.seats)
    count = setup.players or max(len(seats), catalog.game.players.min)
    seats += [None] * (count - len(seats))
    state = engine.new_game(catalog, setup.seed, ["ruling"] * count)
    state = _choose_parties(state, seats)
    state.pending.clear()
    state.active_events = [[e, "round"] for e in setup.events or []]
    for npc_id in state.npcs:
        from toolkit.games.caravans.engine.npc import leave
        leave(state, npc_id)
    _missions_up(state, setup)
    for seat, spec in enumerate(seats):
        _seat(state, catalog, seat, spec)
    _board(state, setup)
    _turn(state, setup)
    from toolkit.games.caravans.engine.cards import check_announce
    for seat in state.order:       # glory set by the setup is announced as if gained
        check_announce(state, seat)
    return state


def _choose_parties(state, seats) -> None:
    while state.phase == "setup":
        seat = engine.current_player(state)
        legal = engine.legal_actions(state)
        want = seats[seat].party if seats[seat] is not None else None
        pick = next((a for a in legal if want and a.args and a.args[0] == want), legal[0])
        state = engine.apply_action(state, pick)
    return state


def _seat(state, catalog, seat, spec) -> None:
    from toolkit.games.caravans.engine.party import fills_of, new_party, refresh
    player = state.players[seat]
    _to_deck(state, "glory_deck", player.hand + player.followers)
    player.hand, player.followers = [], []
    if spec is None:
        return
    if spec.hero and spec.hero != player.hero:
        _swap_hero(state, catalog, player, spec.hero)
    if spec.hero or spec.party:
        player.party = new_party(state, spec.party or player.party.kind, seat)
    if spec.at is not None:
        player.region, player.in_tavern = spec.at.region, spec.at.tavern
    for key in ("gold", "glory", "stash"):
        if getattr(spec, key) is not None:
            setattr(player, key, getattr(spec, key))
    player.followers = [_take(state, "glory_deck", c) for c in spec.followers or []]
    player.hand = [_take(state, "glory_deck", c) for c in spec.glory_cards or []]
    for token in spec.equipment or []:
        _take_equipment(state, token)
        player.party.equipment.append(token)
    for token in spec.weapons or []:
        if state.weapon_supply.get(token, 0) <= 0:
            raise RulesError(f"no '{token}' weapon token left to give seat {seat + 1}")
        state.weapon_supply[token] -= 1
        player.weapons.append(token)
    if spec.equipment or spec.followers:
        refresh(state, seat, tuple(s for t in (spec.equipment or []) + (spec.followers or [])
                                   for s in fills_of(state, t)))
    for stat, value in (spec.stats or {}).items():
        if value > player.party.top[stat]:
            raise RulesError(f"seat {seat + 1}'s {stat} track {value} is above its maximum "
                             f"{player.party.top[stat]}")
        player.party.cur[stat] = value
    if spec.goods is not None:
        state.goods_discard.extend(player.goods)
        player.goods = [_take_goods(state, g) for g in spec.goods]
    if spec.bounty is not None:
        player.bounty = {r: n for r, n in spec.bounty.items() if n}
    if spec.bought_last_turn_at is not None:
        player.last_buy = [player.turns - 1, spec.bought_last_turn_at]
    if spec.formed_large is not None:
        player.large_formed = spec.formed_large
    for mission in spec.missions or []:
        if mission in state.missions_up:       # a card taken from the board is replaced
            state.missions_up.remove(mission)
            state.missions_up.append(state.mission_deck.pop())
        else:
            _take(state, "mission_deck", mission)
        player.missions.append(mission)
    player.rumors += [_take(state, "rumor_deck", r) for r in spec.rumors or []]


def _missions_up(state, setup: Setup) -> None:
    """Lay the setup's missions face up (those replaced go to the bottom of the deck)."""
    if setup.missions_up is not None:
        state.mission_deck[:0] = [m for m in state.missions_up if m not in setup.missions_up]
        state.missions_up = [m if m in state.missions_up else _take(state, "mission_deck", m)
                             for m in setup.missions_up]


def _swap_hero(state, catalog, player, hero) -> None:
    if hero not in state.hero_deck:
        raise RulesError(f"hero '{hero}' is not in the hero deck (another seat has it?)")
    i = state.hero_deck.index(hero)
    state.hero_deck[i] = player.hero
    player.hero = hero
    player.heroes = [hero]
    player.region, player.in_tavern = catalog.heroes[hero].home, True


def _to_deck(state, deck, cards) -> None:
    getattr(state, deck)[:0] = list(cards)      # to the bottom


def _take(state, deck, card):
    """Remove one copy of `card` from a deck or its discard pile."""
    for name in (deck, DISCARDS[deck]):
        pile = getattr(state, name)
        if card in pile:
            pile.remove(card)
            return card
    raise RulesError(f"no '{card}' left in the {deck.replace('_', ' ')} or its discards")


def _goods_index(state, spec: str, piles) -> tuple[list, int]:
    good, _, raid = spec.partition(":")
    for pile in piles:
        for i, card in enumerate(pile):
            gid, value = state.rules.cards[card]
            shown = "ambush" if value < 0 else str(value)
            if gid == good and (not raid or raid == shown):
                return pile, i
    raise RulesError(f"no goods card '{spec}' left in the goods deck or discards")


def _take_goods(state, spec: str) -> int:
    pile, i = _goods_index(state, spec, (state.goods_deck, state.goods_discard))
    return pile.pop(i)


def _take_equipment(state, token) -> None:
    if token in state.eq_reserve:
        state.eq_reserve.remove(token)
        return
    for tavern, there in state.tavern_eq.items():
        if there == token:
            state.tavern_eq[tavern] = None
            return
    raise RulesError(f"no '{token}' equipment token left on the board")


def _board(state, setup: Setup) -> None:
    for tavern, good in (setup.demand or {}).items():
        old = state.demand.get(tavern)
        if good not in state.marker_pool:
            raise RulesError(f"no '{good}' demand marker left in the pool")
        state.marker_pool.remove(good)
        if old is not None:
            state.marker_pool.append(old)
        state.demand[tavern] = good
    for tavern, token in (setup.tavern_equipment or {}).items():
        if state.tavern_eq.get(tavern) is not None:
            state.eq_reserve.append(state.tavern_eq[tavern])
            state.tavern_eq[tavern] = None
        if token is not None:
            _take_equipment(state, token)
            state.tavern_eq[tavern] = token
    for npc_id, region in (setup.npcs or {}).items():
        if region is not None:
            from toolkit.games.caravans.engine.npc import enter
            enter(state, npc_id, region)
    for region, explorer in (setup.explorers or {}).items():
        _place_explorer(state, region, explorer)
    for deck, cards in (setup.decks or {}).items():
        _stack(state, DECKS[deck], cards)
    for deck in setup.exact_decks or []:
        pile = getattr(state, DECKS[deck])
        keep = len((setup.decks or {}).get(deck, []))
        getattr(state, DISCARDS[DECKS[deck]]).extend(pile[:len(pile) - keep])
        del pile[:len(pile) - keep]


def _place_explorer(state, region, explorer) -> None:
    if state.explorers.get(region) is not None:
        state.explorer_track.append(state.explorers[region])
        state.explorers[region] = None
    if explorer is None:
        return
    tokens = [i for i, x in enumerate(state.rules.explorers) if x[0] == explorer]
    for i in tokens:
        if i in state.explorer_track:
            state.explorer_track.remove(i)
            state.explorers[region] = i
            return
        for other, there in state.explorers.items():
            if there == i:
                state.explorers[other], state.explorers[region] = None, i
                return
    raise RulesError(f"no explorer token '{explorer}'")


def _stack(state, deck, cards) -> None:
    tops = []
    for spec in cards:
        if deck == "goods_deck":
            pile, i = _goods_index(state, spec, (state.goods_deck, state.goods_discard))
            tops.append(pile.pop(i))
        else:
            tops.append(_take(state, deck, spec))
    getattr(state, deck).extend(reversed(tops))   # the first listed ends on top


def _turn(state, setup: Setup) -> None:
    from toolkit.games.caravans.engine.flow import start_turn
    if setup.current not in state.order:
        raise RulesError(f"current seat {setup.current + 1} is not in the game")
    if setup.first is not None:
        if setup.first not in state.order:
            raise RulesError(f"first seat {setup.first + 1} is not in the game")
        n = len(state.order)
        state.order = [(setup.first + i) % n for i in range(n)]
    state.turn_pos = state.order.index(setup.current)
    state.visit = state.combat = state.raid = None
    start_turn(state)
    if setup.actions_left is not None:
        state.players[setup.current].actions = setup.actions_left
