"""Five Tricks, the rules: a pure state machine for the toolkit's Game protocol.

Deal five cards to each player from the shuffled deck (the rest stay unseen). The first
player leads any card; the others must follow the led suit if they can. The highest rank of
the led suit wins the trick and leads the next. After five tricks the most points win.
"""

from __future__ import annotations

import random
from collections import Counter

from toolkit.errors import ContentError, RulesError
from toolkit.game import Game

HAND = 5


class FiveTricks(Game):
    name = "five_tricks"
    title = {"en": "Five Tricks", "zh": "五墩"}

    # ---- the state machine -------------------------------------------------------------
    def new_game(self, catalog, seed, seats):
        deck = [c.id for c in catalog.of("playing_card").values() for _ in range(c.copies)]
        if len(deck) < HAND * len(seats):
            raise ContentError(f"{len(seats)} players need {HAND * len(seats)} cards, "
                               f"the deck has {len(deck)}", file="cards/cards.yaml")
        random.Random(seed).shuffle(deck)
        hands = [sorted(deck[i * HAND:(i + 1) * HAND]) for i in range(len(seats))]
        return _state(_cards(catalog), hands, leader=0)

    def legal_actions(self, state):
        if self.is_terminal(state):
            return []
        hand = state["hands"][state["turn"]]
        if state["trick"]:
            led = state["cards"][state["trick"][0][1]]["suit"]
            follow = [c for c in hand if state["cards"][c]["suit"] == led]
            return follow or list(hand)
        return list(hand)

    def apply_action(self, state, action):
        seat = state["turn"]
        if action not in self.legal_actions(state):
            raise RulesError(f"seat {seat + 1} may not play {action}")
        cards = state["cards"]
        if state["trick"]:
            led = cards[state["trick"][0][1]]["suit"]
            if cards[action]["suit"] != led:
                state["void"][seat].append(led)  # everyone saw this player fail to follow
        state["hands"][seat].remove(action)
        state["trick"].append([seat, action])
        players = len(state["hands"])
        if len(state["trick"]) < players:
            state["turn"] = (seat + 1) % players
            return state
        led = cards[state["trick"][0][1]]["suit"]
        winner = max((p for p in state["trick"] if cards[p[1]]["suit"] == led),
                     key=lambda p: cards[p[1]]["rank"])[0]
        state["scores"][winner] += sum(cards[c]["points"] for _, c in state["trick"])
        state["tricks"][winner] += 1
        state["played"].extend(c for _, c in state["trick"])
        state["history"].append({"trick": state["trick"], "winner": winner})
        state["trick"] = []
        state["turn"] = winner
        return state

    def current_player(self, state):
        return -1 if self.is_terminal(state) else state["turn"]

    def is_terminal(self, state):
        return not any(state["hands"]) and not state["trick"]

    def results(self, state):
        if not self.is_terminal(state):
            return [0.0] * len(state["hands"])
        best = max(state["scores"])
        top = [s for s, v in enumerate(state["scores"]) if v == best]
        return [1.0 / len(top) if s in top else 0.0 for s in range(len(state["hands"]))]

    # ---- hidden hands ------------------------------------------------------------------
    def observation(self, state, seat):
        seen = self.clone(state)
        seen["hands"] = [h if s == seat else [None] * len(h) for s, h in enumerate(seen["hands"])]
        return seen

    def determinize(self, observation, seat, rng):
        state = self.clone(observation)
        seen = Counter(state["hands"][seat]) + Counter(state["played"])
        seen.update(c for _, c in state["trick"])
        unseen = sorted((Counter({c: v["copies"] for c, v in state["cards"].items()})
                         - seen).elements())
        others = sorted((s for s in range(len(state["hands"])) if s != seat),
                        key=lambda s: -len(state["void"][s]))  # most constrained first
        needs = {s: len(state["hands"][s]) for s in others}
        for attempt in range(51):  # re-deal until every known void suit is respected
            rng.shuffle(unseen)
            pool, ok = list(unseen), True
            for s in others:
                need = needs[s]
                fits = [c for c in pool if attempt == 50  # last resort: ignore voids
                        or state["cards"][c]["suit"] not in state["void"][s]]
                ok = ok and len(fits) >= need
                state["hands"][s] = sorted(fits[:need])
                for c in state["hands"][s]:
                    pool.remove(c)
            if ok:
                break
        return state

    # ---- words and records -------------------------------------------------------------
    def describe_action(self, state, action, lang="en"):
        seat, name = state["turn"] + 1, state["cards"][action]["name"][lang]
        return f"座位{seat}出{name}" if lang == "zh" else f"seat {seat} plays {name}"

    def action_to_json(self, action):
        return {"kind": "play", "card": action}

    def action_from_json(self, data):
        return data["card"] if isinstance(data, dict) else data

    def record(self, state):
        return {**super().record(state), "scores": list(state["scores"]),
                "tricks": list(state["tricks"]), "rounds": len(state["history"])}

    def metrics(self, record):
        return {"points": [float(v) for v in record["scores"]],
                "tricks": [float(v) for v in record["tricks"]]}

    def log_lines(self, state, lang="en"):
        lines, scores = [], [0] * len(state["hands"])
        for number, trick in enumerate(state["history"], 1):
            cards = [state["cards"][c] for _, c in trick["trick"]]
            scores[trick["winner"]] += sum(c["points"] for c in cards)
            names = ", ".join(c["name"][lang] for c in cards)
            total = "-".join(str(s) for s in scores)
            lines.append(f"第{number}墩：{names}，座位{trick['winner'] + 1}赢（{total}）"
                         if lang == "zh" else
                         f"trick {number}: {names}; seat {trick['winner'] + 1} wins ({total})")
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
        cards = _cards(catalog)
        hands = [sorted(h) for h in setup["hands"]]
        unknown = [c for h in hands for c in h if c not in cards]
        if unknown:
            raise ContentError(f"unknown card '{unknown[0]}' in setup.hands")
        return _state(cards, hands, leader=int(setup.get("leader", 1)) - 1)

    def expect(self, state, item):
        if "scores" in item:
            want = list(item["scores"])
            return None if state["scores"] == want else f"scores are {state['scores']}, not {want}"
        return super().expect(state, item)


def _state(cards, hands, leader):
    players = len(hands)
    return {"cards": cards, "hands": hands, "turn": leader, "trick": [], "played": [],
            "history": [], "scores": [0] * players, "tricks": [0] * players,
            "void": [[] for _ in range(players)], "dealt": sum(len(h) for h in hands)}


def _cards(catalog):
    return {c.id: {"suit": c.suit, "rank": c.rank, "points": c.points, "copies": c.copies,
                   "name": {"en": c.name.en, "zh": c.name.zh or c.name.en}}
            for c in catalog.of("playing_card").values()}


GAME = FiveTricks()
