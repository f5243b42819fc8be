"""Five Tricks, the rules: a pure state machine for the toolkit's Game protocol.

Deal five cards to each player from the shuffled deck (the rest stay unseen). The first
player leads any card; the others must follow the led suit if they can. The highest rank of
the led suit wins the trick and leads the next. After five tricks the most points win.
"""

from __future__ import annotations

import random

from toolkit import game_kit as kit
from toolkit.errors import ContentError, RulesError

HAND = 5
KIND = "playing_card"  # the kind of card in game.yaml; rename it here too


class FiveTricks(kit.TurnGame):
    name = "five_tricks"
    title = {"en": "Five Tricks", "zh": "五墩"}  # replay's title; game.yaml has the same
    actions = {"play": ("card",)}      # an action is a card id: {"kind": "play", "card": id}
    record_keys = ("scores", "tricks")  # kept per seat in records, counted in reports
    expect_keys = ("scores",)          # rulings may expect {scores: [3, 0]}
    ruling_seats = {"leader": "value"}  # setup keys holding a seat: rulings count from 1

    # ---- the state machine -------------------------------------------------------------
    def new_game(self, catalog, seed, seats):
        cards = _cards(catalog)
        hands = kit.deal(kit.deck(cards), len(seats), HAND, random.Random(seed),
                         file="cards/cards.yaml")
        return _state(cards, hands, leader=0)

    def legal_actions(self, state):
        if self.is_terminal(state):
            return []
        hand, led = state["hands"][state["turn"]], _led(state)
        return [c for c in hand if state["cards"][c]["suit"] == led] or list(hand)

    def apply_action(self, state, action):
        seat, cards = state["turn"], state["cards"]
        if action not in self.legal_actions(state):
            raise RulesError(f"seat {seat + 1} may not play {action}")
        if state["trick"] and cards[action]["suit"] != _led(state):
            state["void"][seat].append(_led(state))  # everyone saw this player fail to follow
        state["hands"][seat].remove(action)
        state["trick"].append([seat, action])
        if len(state["trick"]) < len(state["hands"]):
            state["turn"] = (seat + 1) % len(state["hands"])
            return state
        led = _led(state)
        winner = max((p for p in state["trick"] if cards[p[1]]["suit"] == led),
                     key=lambda p: cards[p[1]]["rank"])[0]
        state["scores"][winner] += sum(cards[c]["points"] for _, c in state["trick"])
        state["tricks"][winner] += 1
        state["played"].extend(c for _, c in state["trick"])
        state["history"].append({"trick": state["trick"], "winner": winner})
        state["trick"], state["turn"] = [], winner
        return state

    def is_terminal(self, state):
        return not any(state["hands"]) and not state["trick"]

    def rounds(self, state):
        return len(state["history"])

    # ---- hidden hands ------------------------------------------------------------------
    def observation(self, state, seat):
        seen = self.clone(state)
        seen["hands"] = [h if s == seat else [None] * len(h) for s, h in enumerate(seen["hands"])]
        return seen

    def determinize(self, observation, seat, rng):
        state = self.clone(observation)
        seen = state["hands"][seat] + state["played"] + [c for _, c in state["trick"]]
        copies = {c: v["copies"] for c, v in state["cards"].items()}
        others = sorted((s for s in range(len(state["hands"])) if s != seat),
                        key=lambda s: -len(state["void"][s]))  # most constrained first
        hands = kit.redeal(kit.unseen(copies, seen), {s: len(state["hands"][s]) for s in others},
                           rng, lambda s, c: state["cards"][c]["suit"] not in state["void"][s])
        state["hands"] = [hands.get(s, h) for s, h in enumerate(state["hands"])]
        return state

    # ---- words -------------------------------------------------------------------------
    def describe_action(self, state, action, lang="en"):
        seat, name = state["turn"] + 1, state["cards"][action]["name"][lang]
        return kit.say(lang, f"seat {seat} plays {name}", f"座位{seat}出{name}")

    def log_lines(self, state, lang="en"):
        lines, scores = [], [0] * len(state["hands"])
        for number, trick in enumerate(state["history"], 1):
            cards = [state["cards"][c] for _, c in trick["trick"]]
            scores[trick["winner"]] += sum(c["points"] for c in cards)
            names = kit.say(lang, ", ", "、").join(c["name"][lang] for c in cards)
            seat, total = trick["winner"] + 1, "-".join(str(s) for s in scores)
            lines.append(kit.say(lang, f"trick {number}: {names}; seat {seat} wins ({total})",
                                 f"第{number}墩：{names}，座位{seat}赢（{total}）"))
        return lines

    def invariants(self):
        def conserved(state):
            held = sum(len(h) for h in state["hands"]) + len(state["trick"]) + len(state["played"])
            dealt = state["dealt"]
            return None if held == dealt else f"{held} cards in play, {dealt} were dealt"

        def points_add_up(state):
            won = sum(state["cards"][c]["points"] for c in state["played"])
            return None if won == sum(state["scores"]) else "scores differ from cards won"
        return {"cards_conserved": conserved, "points_add_up": points_add_up}

    # ---- rulings -----------------------------------------------------------------------
    def scenario(self, catalog, setup, seed):
        """setup: {hands: [[card ids of seat 1], [seat 2], ...], leader: seat (from 1)}"""
        if "hands" not in setup:
            return super().scenario(catalog, setup, seed)
        cards, hands = _cards(catalog), [sorted(h) for h in setup["hands"]]
        kit.known_ids((c for h in hands for c in h), cards, "setup.hands")
        leader = setup.get("leader", 0)    # in ruling_seats: the file's seat 1 arrives as 0
        if leader not in range(len(hands)):
            raise ContentError(f"setup.leader must be a seat from 1 to {len(hands)}")
        return _state(cards, hands, leader)


def _led(state):
    return state["cards"][state["trick"][0][1]]["suit"] if state["trick"] else None


def _state(cards, hands, leader):
    players = len(hands)
    return {"cards": cards, "hands": hands, "turn": leader, "trick": [], "played": [],
            "history": [], "scores": [0] * players, "tricks": [0] * players,
            "void": [[] for _ in range(players)], "dealt": sum(len(h) for h in hands)}


def _cards(catalog):
    return kit.card_table(catalog, KIND, "suit", "rank", "points")


GAME = FiveTricks()
