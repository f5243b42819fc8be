"""The tavern action's activities: sell (first), buy, recruit, hear a rumor, take a mission,
stash; each at most once per visit. The armory's activities are in armory.py."""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.cards import check_announce, draw, draw_goods, gain_glory, gain_gold
from toolkit.games.caravans.engine.checks import check, continues


def begin(state, activity: str) -> None:
    """Start an activity: the open sale or purchase closes first."""
    visit = state.visit
    if visit.selling and activity != "sell":
        _close_sale(state)
    if visit.offer:
        state.goods_discard.extend(visit.offer)
        visit.offer, visit.prices = [], {}
    if activity not in visit.done:
        visit.done.append(activity)


def close(state) -> None:
    """END_VISIT: close whatever is open and end the tavern action."""
    begin(state, "end")
    state.visit = None


def _close_sale(state) -> None:
    visit = state.visit
    visit.selling = False
    sold = visit.sold_demanded
    if sold:
        swap_demand(state, visit.region)
        if sold >= state.rules.game.sell.glory_min_demanded:
            gain_glory(state, state.turn_seat, "sell")


def swap_demand(state, region: str) -> None:
    """Swap a tavern's demand marker with a random one from the pool."""
    pool = state.marker_pool
    if not pool:
        return
    pick = int(state.rng["deck"].random() * len(pool))
    new = pool.pop(pick)
    pool.append(state.demand[region])
    state.demand[region] = new
    state.log.append(("demand", region, new))


def price(state, good: str, demanded: bool) -> int:
    sell = state.rules.game.sell
    base = sell.demanded_price if demanded else sell.price
    return base + effects.fire_events(state, "sell_bonus", 0, good=good)


def _take_card(state, player, good: str) -> int:
    index = next(i for i, c in enumerate(player.goods) if state.rules.cards[c][0] == good)
    card = player.goods.pop(index)
    state.goods_discard.append(card)
    return card


def sell(state, seat: int, good: str) -> None:
    """SELL one card; the sale stays open for more cards until another activity."""
    begin(state, "sell")
    visit = state.visit
    visit.selling = True
    player = state.players[seat]
    _take_card(state, player, good)
    demanded = state.demand.get(visit.region) == good
    visit.sold_demanded += demanded
    gain_gold(state, seat, price(state, good, demanded), "sell")


def sell_cards(state, seat: int, good: str, cards: int, demanded_price: bool) -> None:
    """A trick's sale of up to `cards` cards of `good` (not part of the tavern's sale)."""
    player = state.players[seat]
    for _ in range(cards):
        if not any(state.rules.cards[c][0] == good for c in player.goods):
            return
        _take_card(state, player, good)
        gain_gold(state, seat, price(state, good, demanded_price), "sell")


# --- buying -------------------------------------------------------------------------------
def buy_count(state, seat: int) -> int:
    player = state.players[seat]
    buy = state.rules.game.buy
    repeat = player.last_buy == [player.turns - 1, player.region]
    count = effects.fire(state, seat, "buy_draw", buy.repeat_draw if repeat else buy.draw)
    return count + (state.visit.bonus_draw if state.visit is not None else 0)


def buy_goods(state, seat: int) -> None:
    """Draw the offer; the tavern's demanded good is discarded and redrawn."""
    begin(state, "buy")
    visit = state.visit
    player = state.players[seat]
    demanded = state.demand.get(visit.region)
    for _ in range(buy_count(state, seat)):
        card = draw_goods(state)
        tries = len(state.rules.cards)
        while card is not None and state.rules.cards[card][0] == demanded and tries > 0:
            state.goods_discard.append(card)
            card, tries = draw_goods(state), tries - 1
        if card is None:
            break
        visit.offer.append(card)
    visit.prices = offer_prices(state, visit.offer)
    player.last_buy = [player.turns, visit.region]
    state.log.append(("offer", seat, tuple(visit.offer)))


def offer_prices(state, offer) -> dict:
    """good -> price per card, by how many cards of that good the offer holds."""
    counts: dict[str, int] = {}
    for card in offer:
        good = state.rules.cards[card][0]
        counts[good] = counts.get(good, 0) + 1
    table = state.rules.game.buy.prices
    return {g: table[max(k for k in table if k <= n)] if any(k <= n for k in table)
            else table[min(table)] for g, n in counts.items()}


def buy(state, seat: int, good: str) -> None:
    visit = state.visit
    index = next(i for i, c in enumerate(visit.offer) if state.rules.cards[c][0] == good)
    player = state.players[seat]
    player.goods.append(visit.offer.pop(index))
    player.gold -= visit.prices[good]


# --- recruit, rumors, missions, stash -----------------------------------------------------
def recruit_discount(state, seat: int) -> int:
    """Percent off recruiting (abilities, followers, events), at most 100."""
    off = effects.fire(state, seat, "recruit_discount", 0)
    return min(100, effects.fire_events(state, "recruit_discount", off))


def recruit_cost(state, seat: int, n: int, off: int | None = None) -> int:
    off = recruit_discount(state, seat) if off is None else off
    # rounded up: half price never makes a single mercenary free (issue #12)
    return -(-n * state.rules.game.recruit.cost * (100 - off) // 100)


def recruit(state, seat: int, n: int) -> None:
    begin(state, "recruit")
    if n > state.rules.game.recruit.free_without_check:
        check(state, seat, "leadership", "recruit", n)
    else:
        after_recruit(state, seat, True, n)


def after_recruit(state, seat: int, ok: bool, n) -> None:
    k = n if ok else min(n, state.rules.game.recruit.free_without_check)
    player = state.players[seat]
    player.gold -= recruit_cost(state, seat, k)
    party = player.party
    party.cur["mercenaries"] = min(party.top["mercenaries"], party.cur["mercenaries"] + k)


def hear_rumor(state, seat: int) -> None:
    begin(state, "rumor")
    if effects.fire_events(state, "rumor_free", False):
        after_rumor(state, seat, True, None)
    else:
        check(state, seat, "influence", "rumor")


def after_rumor(state, seat: int, ok: bool, data) -> None:
    if ok:
        rumor = draw(state, "rumor_deck", "rumor_discard")
        if rumor is not None:
            state.players[seat].rumors.append(rumor)


def take_mission(state, seat: int, mission: str) -> None:
    begin(state, "mission")
    check(state, seat, "influence", "mission", mission)


def after_take_mission(state, seat: int, ok: bool, mission) -> None:
    if ok and mission in state.missions_up:
        state.missions_up.remove(mission)
        state.players[seat].missions.append(mission)
        new = draw(state, "mission_deck", "mission_discard")
        if new is not None:
            state.missions_up.append(new)


def stash(state, seat: int, gold: int) -> None:
    """STASH any amount of gold (seed 000: no amount is set); 10 gold make a point."""
    begin(state, "stash")
    player = state.players[seat]
    player.gold -= gold
    player.stash += gold
    player.deposits += 1
    state.log.append(("stash", seat, player.deposits))
    check_announce(state, seat)


def _sell_at_demand(ctx, p):
    """The sell_at_demand trick: sell cards of the good named at the demanded price."""
    sell_cards(ctx.state, ctx.seat, ctx.extra["arg"], p.cards, demanded_price=True)


effects.register({"sell_at_demand": _sell_at_demand})
continues(rumor=after_rumor, mission=after_take_mission, recruit=after_recruit)
