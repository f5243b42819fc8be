"""A player's turn outside the tavern: move, enter and leave taverns, explore, complete
missions, play glory cards, discard goods over cargo, end the turn."""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.cards import (at_war, complete_mission, gain_glory, gain_gold,
                                                 hero_race)
from toolkit.games.caravans.engine.checks import check, continues
from toolkit.games.caravans.engine.combat import npc_attacks, start
from toolkit.games.caravans.engine.party import fills_of, refresh
from toolkit.games.caravans.engine.state import Visit, use_card
from toolkit.games.caravans.engine.tavern import price


def tavern_open(state, seat: int, region: str) -> bool:
    """A tavern is closed to heroes wanted by its race (home excepted) and to heroes of a
    race at war with its race (unless the hero ignores wars)."""
    rules = state.rules
    if rules.c.regions[region].tavern is None:
        return False
    if region == rules.c.heroes[state.players[seat].hero].home:
        return True
    return _open_to(state, seat, rules.region_race[region])


def open_taverns(state, seat: int) -> tuple:
    """Every region whose tavern is open to the seat (tavern_open of each, board order);
    the answer for a tavern away from home depends only on its race, so once per race."""
    rules = state.rules
    home = rules.c.heroes[state.players[seat].hero].home
    by_race: dict = {}
    out = []
    for region in rules.taverns:
        if region != home:
            race = rules.region_race[region]
            ok = by_race.get(race)
            if ok is None:
                ok = by_race[race] = _open_to(state, seat, race)
            if not ok:
                continue
        out.append(region)
    return tuple(out)


def _open_to(state, seat: int, race) -> bool:
    """Whether a tavern of `race` (not the hero's home) lets the seat in."""
    if state.players[seat].bounty.get(race) and \
            not effects.fire(state, seat, "enter_wanted", False):
        return False
    if not state.active_events or not at_war(state, hero_race(state, seat), race):
        return True
    return effects.fire(state, seat, "ignore", False, event="war")


def toll(state, seat: int) -> int:
    gold = effects.fire_events(state, "toll", 0)
    if gold and effects.fire(state, seat, "ignore", False, event="tolls"):
        return 0
    return gold


def move(state, seat: int, region: str) -> None:
    player = state.players[seat]
    player.actions -= 1
    player.region = region
    state.log.append(("move", seat, region))
    npc_attacks(state, seat)


def enter_tavern(state, seat: int) -> None:
    player = state.players[seat]
    player.actions -= 1
    player.in_tavern = True


def free_leave(state, seat: int) -> bool:
    player = state.players[seat]
    return player.free_moves < effects.fire(state, seat, "free_moves", 0)


def leave_tavern(state, seat: int) -> None:
    player = state.players[seat]
    if free_leave(state, seat):
        player.free_moves += 1
    else:
        player.actions -= 1
    player.gold -= toll(state, seat)
    player.in_tavern = False
    npc_attacks(state, seat)


def open_visit(state, seat: int) -> None:
    """The tavern action: one per turn; the tavern's equipment token is turned face up."""
    player = state.players[seat]
    player.actions -= 1
    player.visited = True
    state.visit = Visit(player.region)
    if player.region not in state.eq_revealed and state.tavern_eq.get(player.region):
        state.eq_revealed.append(player.region)


# --- explore ------------------------------------------------------------------------------
def explore_targets(state, seat: int) -> list[tuple]:
    player = state.players[seat]
    here = player.region
    found = []
    for other in state.players:
        if other.seat != seat and other.hero and other.region == here and not other.in_tavern:
            found.append(("player", other.seat))
    for npc_id in state.rules.npcs:
        if state.npcs[npc_id].region == here:
            found.append(("npc", npc_id))
    token = state.explorers.get(here)
    if token is not None:
        found.append(("explorer", token))
    for rumor in player.rumors:
        if state.rules.c.rumors[rumor].region == here and ("rumor", rumor) not in found:
            found.append(("rumor", rumor))
    if not player.explored:
        return found
    return [t for t in found if f"{t[0]}:{t[1]}" not in player.explored]


def explore(state, seat: int, kind: str, target) -> None:
    player = state.players[seat]
    player.actions -= 1
    player.explored.append(f"{kind}:{target}")
    check(state, seat, "perception", "explore", [kind, target])


def after_explore(state, seat: int, ok: bool, data) -> None:
    kind, target = data
    if not ok:
        return
    if kind in ("player", "npc"):  # found: the explorer may fight it or let it be (seed 000)
        ref = f"p{target}" if kind == "player" else f"n:{target}"
        state.pending.append({"kind": "found", "player": seat, "target": ref})
    elif kind == "explorer":
        state.pending.append({"kind": "explorer", "player": seat, "token": target})
    else:
        _investigate(state, seat, target)


def engage(state, seat: int, fight: bool) -> None:
    """ATTACK the player or NPC just found, or LET_GO of it (of an explorer too)."""
    entry = state.pending.pop()
    if fight:
        start(state, f"p{seat}", entry["target"])


def _investigate(state, seat: int, rumor: str) -> None:
    player = state.players[seat]
    card = state.rules.c.rumors[rumor]
    player.rumors.remove(rumor)
    state.rumor_discard.append(rumor)
    use_card(player, rumor)
    state.log.append(("rumor", seat, rumor, card.truth))
    if card.truth:
        gain_gold(state, seat, card.gold, "rumor")
        gain_glory(state, seat, "rumor")


# --- missions -----------------------------------------------------------------------------
def can_complete(state, seat: int, mission: str) -> bool:
    card = state.rules.c.missions[mission]
    player = state.players[seat]
    if card.target != player.region or (card.check is None and card.deliver is None):
        return False
    if card.deliver is not None:
        held = sum(1 for c in player.goods if state.rules.cards[c][0] == card.deliver.good)
        return held >= card.deliver.count
    return True


def attempt_mission(state, seat: int, mission: str) -> None:
    state.players[seat].actions -= 1
    card = state.rules.c.missions[mission]
    if card.check is None:
        after_complete(state, seat, True, mission)
    else:
        check(state, seat, card.check.stat, "complete", mission, need=card.check.successes)


def after_complete(state, seat: int, ok: bool, mission) -> None:
    if not ok:
        return
    card = state.rules.c.missions[mission]
    player = state.players[seat]
    if card.deliver is not None:
        for _ in range(card.deliver.count):
            index = next(i for i, c in enumerate(player.goods)
                         if state.rules.cards[c][0] == card.deliver.good)
            state.goods_discard.append(player.goods.pop(index))
    complete_mission(state, seat, mission)


# --- glory cards and goods ----------------------------------------------------------------
def play_glory(state, seat: int, card_id: str, arg: str) -> None:
    player = state.players[seat]
    if state.rules.c.glory_cards[card_id].type == "follower":
        player.hand.remove(card_id)
        player.followers.append(card_id)
        use_card(player, card_id)
        refresh(state, seat, fill=fills_of(state, card_id))
        state.log.append(("follower", seat, card_id))
    else:
        effects.play(state, seat, card_id, arg)


def discard_goods(state, seat: int, good: str) -> None:
    player = state.players[seat]
    index = next(i for i, c in enumerate(player.goods) if state.rules.cards[c][0] == good)
    state.goods_discard.append(player.goods.pop(index))


def enforce_cargo(state) -> None:
    """Outside a tavern no party carries more goods than its cargo: the excess is discarded
    at once, lowest-value card first (see card_value; ties: the card carried last)."""
    for player in state.players:
        if player.in_tavern or not player.goods or player.party is None:
            continue
        party = player.party
        while len(player.goods) > party.cur["cargo"]:
            goods = player.goods
            index = min(range(len(goods) - 1, -1, -1),
                        key=lambda i: card_value(state, goods[i]))
            card = goods.pop(index)
            state.goods_discard.append(card)
            state.log.append(("discard", player.seat, state.rules.cards[card][0]))


def card_value(state, card: int) -> int:
    """What a goods card would sell for at best now: the demanded price if some tavern
    demands its good, market booms included."""
    good = state.rules.cards[card][0]
    return price(state, good, good in state.demand.values())


def discard_glory(state, seat: int, card_id: str) -> None:
    state.pending.pop()
    player = state.players[seat]
    if card_id in player.hand:
        player.hand.remove(card_id)
    else:
        player.followers.remove(card_id)
        refresh(state, seat)
    state.glory_discard.append(card_id)


continues(explore=after_explore, complete=after_complete)
