"""Setting up a game: decks, the board, secret heroes, the first player; parties are chosen
afterwards as CHOOSE_PARTY actions (hidden from the others until all have chosen)."""

from __future__ import annotations

from toolkit.games.caravans.engine.cards import draw_glory_card
from toolkit.games.caravans.engine.death import start_hero
from toolkit.games.caravans.engine.flow import end_turn, start_round
from toolkit.games.caravans.engine.rng import PURPOSES, Streams, stream
from toolkit.games.caravans.engine.rules import rules_for
from toolkit.games.caravans.engine.state import Npc, Player, State
from toolkit.errors import RulesError


def new_game(catalog, seed, players, max_rounds: int | None = None) -> State:
    """A game at setup. `players` is the number of seats or the agents' names per seat."""
    rules = rules_for(catalog)
    agents = [str(a) for a in players] if not isinstance(players, int) else [""] * players
    count = len(agents)
    limits = rules.game.players
    if not limits.min <= count <= limits.max:
        raise RulesError(f"{count} players; this game is for {limits.min} to {limits.max}")
    if len(rules.heroes) < count:
        raise RulesError(f"{len(rules.heroes)} hero cards cannot serve {count} players")
    rng = Streams({p: stream(seed, p) for p in PURPOSES})
    state = State(rules=rules, seed=seed, agents=agents, order=[], npcs={},
                  players=[Player(seat=s) for s in range(count)], rng=rng,
                  max_rounds=max_rounds)
    _decks(state)
    _board(state)
    setup = rng["setup"]
    for player in state.players:
        player.hero = state.hero_deck.pop()
        player.heroes.append(player.hero)
    first = int(setup.random() * count)  # a random hero card names the first player
    state.order = [(first + i) % count for i in range(count)]
    state.log.append(("first", first))
    for seat in reversed(state.order):
        state.pending.append({"kind": "choose_party", "player": seat})
    return state


def _shuffled(state, cards, purpose="deck") -> list:
    cards = list(cards)
    state.rng[purpose].shuffle(cards)
    return cards


def _decks(state) -> None:
    rules = state.rules
    state.hero_deck = _shuffled(state, rules.heroes, "setup")
    state.goods_deck = _shuffled(state, range(len(rules.cards)))
    state.glory_deck = _shuffled(state, rules.glory)
    state.event_deck = _shuffled(state, rules.events)
    state.mission_deck = _shuffled(state, rules.missions)
    state.rumor_deck = _shuffled(state, rules.rumors)
    for _ in range(rules.game.tracks.mission_slots):
        if state.mission_deck:
            state.missions_up.append(state.mission_deck.pop())


def _board(state) -> None:
    rules = state.rules
    markers = _shuffled(state, rules.markers, "setup")
    tokens = _shuffled(state, rules.equipment, "setup")
    for tavern in rules.taverns:
        state.demand[tavern] = markers.pop() if markers else None
        state.tavern_eq[tavern] = tokens.pop() if tokens else None
    state.marker_pool, state.eq_reserve = markers, tokens
    state.weapon_supply = dict(rules.weapons)
    state.explorers = {r: None for r in rules.regions}
    for index, (_id, _race, region) in enumerate(rules.explorers):
        if state.explorers.get(region, 0) is None:
            state.explorers[region] = index
        else:
            state.explorer_track.append(index)
    state.npcs = {n: Npc(n) for n in rules.npcs}


def choose_starting_party(state, seat: int, party: str) -> None:
    """Resolve a CHOOSE_PARTY decision at setup or after a death."""
    entry = state.pending.pop()
    player = state.players[seat]
    if state.phase == "setup":
        player.start_party = party
        start_hero(state, seat, party, top_up=False)
        if not any(d["kind"] == "choose_party" for d in state.pending):
            _finish_setup(state)
        return
    start_hero(state, seat, party, top_up=True)
    if entry.get("end_turn") and state.phase == "play":
        end_turn(state)


def _finish_setup(state) -> None:
    starting = state.rules.game.starting
    for seat in state.order:
        player = state.players[seat]
        player.gold = starting.gold
        for _ in range(starting.glory_cards):
            draw_glory_card(state, seat)
    state.phase = "play"
    start_round(state)
