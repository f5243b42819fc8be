# toolkit: compile
"""The Vagabond's Daylight actions that change more than an item: aid (relationships),
quests, and the characters' specials (Steal, Day Labor, Hideout)."""

from __future__ import annotations

from toolkit.games.root import board, cards, turn
from toolkit.games.root import vagabond_items as vi

FAC = "vagabond"


def aid(s, st, seat, other, take, item, card):
    v = s.f[FAC]
    vi.exhaust(s, item)
    s.hands[seat].remove(card)
    o = s.seat(other)
    s.hands[o].append(card)
    if take is not None:
        s.crafted[o].remove(take)
        v["items"].append([take, False, False])
    level = v["rel"][other]
    if level == "hostile":
        return
    if level >= len(st.aids):
        board.gain(s, seat, st.aid_vp[-1])
        return
    v["aided"][other] = v["aided"].get(other, 0) + 1
    if v["aided"][other] >= st.aids[level]:
        v["rel"][other] = level + 1
        v["aided"][other] = 0
        board.gain(s, seat, st.aid_vp[level])


def quest(s, st, seat, q, reward):
    v = s.f[FAC]
    qsuit, need = st.quests[q]
    for i in need:
        vi.exhaust(s, i)
    v["quests"].remove(q)
    v["done"].append(q)
    if v["quest_deck"]:
        v["quests"].append(v["quest_deck"].pop(0))
    if reward == "draw":
        cards.draw(s, seat, 2)
    else:
        board.gain(s, seat, sum(1 for d in v["done"] if st.quests[d][0] == qsuit))


def special(s, st, seat, target):
    v = s.f[FAC]
    vi.exhaust(s, "torch")
    special = st.characters[v["character"]][1]
    if special == "steal":
        o = s.seat(target)
        card = s.rng().choice(sorted(s.hands[o]))
        s.hands[o].remove(card)
        s.hands[seat].append(card)
    elif special == "day_labor":
        s.discard.remove(target)
        s.hands[seat].append(target)
    else:   # Hideout: repair three items (his choice when more are damaged), end Daylight
        s.flags["hideout"] = 3
        hideout(s, st)


def hideout(s, st):
    damaged = [e for e in s.f[FAC]["items"] if e[2]]
    if len(damaged) <= s.flags["hideout"]:
        for e in damaged:
            e[2] = False
        turn.to_evening(s, st)
    else:
        s.step = "hideout"
