# toolkit: compile
"""The game's own agent: `warlord`, a greedy heuristic. It starts with a random hand that
gives both power and economy, keeps its rows full (fighters in front, earners behind), buys
the best card it can afford, defeats what it can for spoils, strikes rivals once free to,
and turns spare power into economy. Where it pays (issue #23) it also uses the rules the
first version never touched: it recalls the weakest card of a full row to put a better one
from the hand in its place; it buys a rival's spare basic card from its hand with power
(3 power a card: labour would need 6 for the same card) and sells its own spare ones the
same way; and it takes its facilities back at the end of a turn when both rows are empty
and a rival could strike them for nothing. `warlord_plain` is the first version (none of
those), kept to measure what they are worth (bench/agents_kt_nh.py)."""

from __future__ import annotations

import random
from typing import Any, Sequence

from toolkit.games.nanhuang2.legal import MAX_ASKS
from toolkit.games.nanhuang2.rules import basic_price, may_target, wild_price


_UNSET = object()   # a memo not yet worked out

# the kinds of action the warlord tells apart, as numbers (compiled, C integers: Cython
# compares two different strings in full, which the scoring of every legal action did)
(OTHER, ACCEPT, TAKE_BACK, RECALL, SHIFT, OFFER, DECLINE, WIPE, PLAGUE, FINISH, END, PLACE,
 BUY, DEFEAT, STRIKE, PLAY, BASIC, LABOUR, EXILE) = range(19)
KIND_CODES = {"accept": ACCEPT, "take_back": TAKE_BACK, "recall": RECALL, "shift": SHIFT,
              "offer": OFFER, "decline": DECLINE, "wipe": WIPE, "plague": PLAGUE,
              "finish": FINISH, "end": END, "place": PLACE, "buy": BUY, "defeat": DEFEAT,
              "strike": STRIKE, "play": PLAY, "basic": BASIC, "labour": LABOUR,
              "exile": EXILE}


class Warlord:
    name = "warlord"
    observes = True

    def __init__(self, seat: int, rng: random.Random):
        self.seat = seat
        self.rng = rng
        self.plain = False  # True: the first version, which never trades, recalls or takes back
        self.fight = False  # whether the legal actions being scored hold a strike or defeat
        self._deal = None   # ((round, rival), plan) of the trade being put together
        # the position being scored (choose), its trade_plan and weakest cards once known
        self._plan_for, self._plan, self._weakest = None, _UNSET, {}

    def choose(self, obs: Any, legal: Sequence[tuple]) -> tuple:
        if legal[0][0] == "start":
            return self.start(obs, legal)
        s = obs   # (compiled: the typed State the rules give)
        if not self.plain and s.pending is not None and s.pending[0] == "deal":
            return self.deal_step(obs, legal)
        best, best_score, scored = legal[0], 0.0, False
        # a new position: its trade plan and weakest cards are worked out once, if asked
        self._plan_for, self._plan, self._weakest = obs, _UNSET, {}
        self.fight = False
        codes = []   # each action's kind, looked up once
        for action in legal:
            code = KIND_CODES.get(action[0], OTHER)
            codes.append(code)
            if code == STRIKE or code == DEFEAT:
                self.fight = True
        draw = self.rng.random
        for i in range(len(legal)):
            action = legal[i]
            noise = draw()
            score = self.score_kind(s, action, codes[i]) + noise * 0.01
            if not scored or score > best_score:
                best, best_score, scored = action, score, True
        self._plan_for = None  # the memos hold for this position, while it is scored
        return best

    def start(self, s, legal):
        """Any starting hand that gives both power and economy, drawn by its own stream, so
        that the balance report compares starting hands (its `start_hand` groups)."""
        specs = [s.t.specs[cid] for cid in s.t.basics]
        power = [spec.power for spec in specs]
        economy = [spec.economy for spec in specs]
        good = [a for a in legal if _gives(a, power) and _gives(a, economy)] or list(legal)
        return good[self.rng.randrange(len(good))]

    def score(self, s, a) -> float:
        return self.score_kind(s, a, KIND_CODES.get(a[0], OTHER))

    def score_kind(self, s, a, kind: int) -> float:
        """The score of action `a` of kind `kind` (its KIND_CODES number)."""
        if self.plain:
            if kind == ACCEPT:       # a gift is welcome; parting with cards is not
                return 1.0 if not s.pending[6] else -1.0
            if kind == TAKE_BACK or kind == RECALL or kind == SHIFT or kind == OFFER:
                return -1.0 if kind == TAKE_BACK else -5.0
        elif kind == ACCEPT:
            return self.score_accept(s, a)
        elif kind == TAKE_BACK:
            return self.score_take_back(s, a)
        elif kind == RECALL:
            return self.score_recall(s, a)
        elif kind == OFFER:
            return self.score_offer(s, a)
        if kind == DECLINE:
            return 0.0
        if kind == WIPE:
            return s.spec(a[2]).price if a[2] >= 0 else 0
        if kind == PLAGUE:
            return a[1]
        if kind == TAKE_BACK:
            return -1.0
        if kind == FINISH or kind == END:
            return 0.0
        p = s.players[self.seat]
        if kind == PLACE:
            spec = s.spec(a[1])
            value = spec.power + spec.economy + 1
            fighter = spec.power >= spec.economy     # fighters in front, earners behind
            return 50 + value + (0.5 if (a[2] == "front") == fighter else 0)
        if kind == BUY:
            spec = s.spec(s.wilds[a[1]])
            if spec.kind == "effect":
                return 20 + spec.amount
            return 20 + spec.power + 1.5 * spec.economy - 0.2 * spec.price
        if kind == DEFEAT:
            return 30 + s.spec(s.wilds[a[1]]).spoils
        if kind == STRIKE:
            return 40 + s.spec(a[2]).power
        if kind == PLAY:
            return 45
        if kind == BASIC:
            if len(p.front) + len(p.back) < 8:
                return 12.0
            # rows full: a basic with economy that would be lost at the end of the turn is
            # stock for a rival who pays 3 power for it (trade_plan)
            return 1.0 if not self.plain and self.spare_economy(s, a) else -10.0
        if kind == LABOUR:       # spare power becomes economy once nothing is left to fight
            return -1.0 if self.fight else 2.0
        if kind == EXILE:        # deny the rivals the dearest card of the wilds
            return 5 + s.spec(s.wilds[a[1]]).price / 10
        return -5.0   # shift, the other trades: not worth it

    # ---- the rules the first version never used --------------------------------------------
    def worth(self, s, uid: int, seat: int) -> float:
        """A hand card's worth to `seat`: what it gives once placed, or 0.5 if no row of its
        kind has room (a spare card)."""
        spec = s.spec(uid)
        p = s.players[seat]
        if spec.kind == "effect":
            return 1.0 + spec.amount
        room = any(s.t.fits(spec.kind, z) and (s.t.zone_slots[z] == 0
                                               or len(p.zone(z)) < s.t.zone_slots[z])
                   for z in ("front", "back", "facilities"))
        return spec.power + spec.economy + 1 if room else 0.5

    def weakest(self, s, zone: str):
        """The uid of the weakest card of a full `zone` of this seat's field that may leave
        this turn, or None."""
        if self._plan_for is s and zone in self._weakest:  # once per position and row
            return self._weakest[zone]
        p = s.players[self.seat]
        cap = s.t.zone_slots[zone]
        found = None
        if not (cap == 0 or len(p.zone(zone)) < cap):
            least = 0   # the first card of least (power + economy, uid)
            for u in p.zone(zone):
                spec = s.spec(u)
                if u not in p.moved and spec.kind != "monster":
                    value = spec.power + spec.economy
                    if found is None or value < least or (value == least and u < found):
                        found, least = u, value
        if self._plan_for is s:
            self._weakest[zone] = found
        return found

    def spare_economy(self, s, a) -> bool:
        """Whether buying basic `a` uses economy nothing else this turn wants: no card of
        the wilds is affordable after it."""
        p = s.players[self.seat]
        left = p.economy - basic_price(s, a[1])
        if left < 0:
            return False
        for u in s.wilds:
            if u is not None and wild_price(s, u) <= p.economy and s.spec(u).kind != "effect":
                return False
        return True

    def score_recall(self, s, a) -> float:
        """Recall the weakest card of a full row when the hand holds one at least 2 better
        that fits there (it is placed next: 'place' scores above 50)."""
        uid = a[1]
        p = s.players[self.seat]
        zone = "front" if uid in p.front else "back"
        if uid != self.weakest(s, zone):
            return -5.0
        value = s.spec(uid).power + s.spec(uid).economy
        for h in p.hand:   # a hand card at least 2 better that fits there
            if h >= 0:
                spec = s.spec(h)
                if (s.t.fits(spec.kind, zone) and spec.kind != "effect"
                        and spec.power + spec.economy >= value + 2):
                    return 49.0
        return -5.0

    def score_take_back(self, s, a) -> float:
        """Both rows empty: a rival strikes a facility for twice its power (often 0), so it
        is safer in the hand, unless one more empty start would lose the game."""
        p = s.players[self.seat]
        if p.front or p.back or p.empty_starts > 0:
            return -1.0
        for o in s.alive():
            if o != self.seat and may_target(s, o, self.seat, True):
                return 1.0   # exposed
        return -1.0

    def trade_plan(self, s):
        """(rival, power to give, basic card ids asked) for buying a rival's spare basics,
        known to be in its hand, with power: 3 power a card, for rows with room; or None."""
        p = s.players[self.seat]
        rate = 3
        if rate > p.power:   # not even one card (the loop below would find none)
            return None
        for rival in s.alive():
            if rival == self.seat:
                continue
            known = [u for u in s.players[rival].hand if u >= 0 and s.spec(u).kind == "basic"]
            asks = []
            room = {z: (s.t.zone_slots[z] or 99) - len(p.zone(z)) for z in ("front", "back")}
            # strongest first (ties in hand order)
            for _, _, u in sorted([(-s.spec(u).power, i, u) for i, u in enumerate(known)]):
                zone = None
                for z in ("front", "back"):
                    if room[z] > 0 and s.t.fits(s.spec(u).kind, z):
                        zone = z
                        break
                if zone is None or len(asks) >= MAX_ASKS or rate * (len(asks) + 1) > p.power:
                    continue
                room[zone] -= 1
                asks.append(s.cards[u])
            if asks:
                return rival, rate * len(asks), tuple(asks)
        return None

    def score_offer(self, s, a) -> float:
        """Below placing a card (50 and up), above a strike (40 and up) or labour (2): 3
        power buys a card that gives every turn, where labour turns 6 power into its price
        and a strike spends twice a card's power to kill it."""
        if self._plan_for is not s or self._plan is _UNSET:  # once per position
            plan = self.trade_plan(s)
            if self._plan_for is s:
                self._plan = plan
        else:
            plan = self._plan
        return 47.0 if plan is not None and plan[0] == a[1] else -5.0

    def deal_step(self, s, legal) -> tuple:
        """The terms of the trade opened by `score_offer`, one by one, then propose."""
        _, _, to, cards, power, economy, asks = s.pending
        plan = self.trade_plan_for(s, to)
        if plan is None:
            return ("cancel",)
        _, want_power, want_asks = plan
        if power < want_power and ("give_power",) in legal:
            return ("give_power",)
        for cid in want_asks[len(asks):]:
            if ("ask", cid) in legal:
                return ("ask", cid)
        return ("propose",) if ("propose",) in legal else ("cancel",)

    def trade_plan_for(self, s, to):
        if self._deal is None or self._deal[0] != (s.round, to):
            plan = self.trade_plan(s)
            # the plan is fixed when the trade opens (the power given is already set aside)
            self._deal = ((s.round, to), plan if plan and plan[0] == to else None)
        return self._deal[1]

    def score_accept(self, s, a) -> float:
        """Take a trade whose gain to this seat (cards and the power and economy it will
        receive) is at least what it gives (the basics asked, at their worth here), and at
        least what the giver gains by the same measure."""
        _, frm, to, cards, power, economy, asks = s.pending
        me = s.players[self.seat]
        got = sum(self.worth(s, u, self.seat) for u in cards) + 0.8 * power + economy
        taken, pool = 0.0, list(me.hand)
        for cid in asks:
            uid = next(u for u in pool if u >= 0 and s.cards[u] == cid)
            pool.remove(uid)
            taken += self.worth(s, uid, self.seat)
        theirs = 3.0 * len(asks) - got   # what the giver gains, at the supply's price
        return 1.0 if got >= taken and got - taken >= theirs - 0.01 else -1.0


def _gives(action, values: list) -> bool:
    """Whether the starting hand `action` (copies per basic) gives some of what `values`
    (one a basic) count."""
    total = 0
    for i in range(len(values)):   # (action[0] is its kind, "start")
        total += action[i + 1] * values[i]
    return total > 0


def make_plain(game, catalog, seat: int, rng: random.Random, arg: str | None = None) -> Warlord:
    """The first warlord (no trades, recalls or take-backs): a yardstick for the benches."""
    agent = Warlord(seat, rng)
    agent.plain = True
    return agent


def make_warlord(game, catalog, seat: int, rng: random.Random, arg: str | None) -> Warlord:
    if arg is not None:
        from toolkit.errors import UsageError
        raise UsageError(f"agent 'warlord' takes no argument, got 'warlord:{arg}'")
    return Warlord(seat, rng)


AGENTS = {"warlord": make_warlord}
