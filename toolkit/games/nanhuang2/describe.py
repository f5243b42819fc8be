"""Actions as JSON and in words (English and Chinese), the richer view rulings match
against, and the game's log in words."""

from __future__ import annotations

from toolkit.errors import ContentError

FIELDS = {
    "start": ("counts",), "defeat": ("slot",), "buy": ("slot",), "basic": ("card",),
    "labour": (), "place": ("uid", "zone"), "recall": ("uid",), "shift": ("uid",),
    "strike": ("target", "uid"), "play": ("uid", "target", "aim"), "exile": ("slot",),
    "offer": ("to",), "give_card": ("uid",), "give_power": (), "give_economy": (),
    "ask": ("card",), "propose": (), "cancel": (), "accept": (), "decline": (),
    "wipe": ("victim", "uid"), "plague": ("hit",), "end": (), "take_back": ("uid",),
    "finish": (),
}


def to_json(action) -> dict:
    kind = action[0]
    if kind == "start":
        return {"kind": kind, "counts": list(action[1:])}
    return {"kind": kind, **dict(zip(FIELDS[kind], action[1:]))}


def from_json(data) -> tuple:
    try:
        kind = data["kind"]
        if kind == "start":
            return ("start",) + tuple(int(c) for c in data["counts"])
        return (kind,) + tuple(data[f] for f in FIELDS[kind])
    except (KeyError, TypeError) as exc:
        raise ContentError(f"{data!r} is not a nanhuang2 action ({exc})") from None


def rich(state, action) -> dict:
    """The JSON of an action with card ids and slot ids beside the numbers, for rulings:
    `card` (the card acted on), `slot` (a wilds slot id), `aim` (what an effect is aimed
    at: a card id, or a slot id with `aim_card`)."""
    data = to_json(action)
    kind = data["kind"]
    if "uid" in data and data["uid"] >= 0:
        data["card"] = state.cards[data["uid"]]
    if "slot" in data:
        slot = data["slot"]
        data["card"] = state.cards[state.wilds[slot]] if state.wilds[slot] is not None else None
        data["slot"] = state.t.slots[slot]
    if kind == "play":
        on = data["aim"]             # not "on": YAML 1.1 reads that key as true
        spec = state.spec(data["uid"])
        if spec.action == "clear_path" and on >= 0:
            data["aim"] = state.t.slots[on]
            data["aim_card"] = state.cards[state.wilds[on]]
        elif on >= 0:
            data["aim"] = state.cards[on]
    if kind == "start":
        data.update(dict(zip(state.t.basics, data["counts"])))
    return data


WORDS = {
    "start": ("starts with {counts}", "初始手牌：{counts}"),
    "defeat": ("defeats {card} in the wilds ({slot})", "击败野地（{slot}）的{card}"),
    "buy": ("buys {card} from the wilds ({slot})", "购买野地（{slot}）的{card}"),
    "basic": ("buys a {card}", "购买一张{card}"),
    "labour": ("labours (power into economy)", "劳作（战力换经济）"),
    "place": ("puts {card} into the {zone}", "将{card}放入{zone}"),
    "recall": ("takes {card} back into the hand", "将{card}收回手牌"),
    "shift": ("moves {card} to the other row", "将{card}移到另一排"),
    "strike": ("strikes {card} on {target}'s field", "击杀{target}场上的{card}"),
    "play": ("plays {card}{on}", "使用{card}{on}"),
    "exile": ("exiles {card} from the wilds ({slot})", "放逐野地（{slot}）的{card}"),
    "offer": ("opens a trade with {target}", "向{target}提出交易"),
    "give_card": ("offers the card {card}", "交易中给出{card}"),
    "give_power": ("offers 1 power", "交易中给出1战力"),
    "give_economy": ("offers 1 economy", "交易中给出1经济"),
    "ask": ("asks for a {card}", "交易中索要一张{card}"),
    "propose": ("proposes the trade", "提出交易条件"),
    "cancel": ("withdraws the trade", "撤回交易"),
    "accept": ("accepts the trade", "接受交易"),
    "decline": ("declines the trade", "拒绝交易"),
    "wipe": ("takes {card} for clearing {target}'s field", "清场奖励：取得{card}（{target}）"),
    "plague": ("lets the plague hit earlier players: {hit}", "瘟疫波及先手玩家：{hit}"),
    "end": ("ends the turn", "结束回合"),
    "take_back": ("takes the facility {card} back into the hand", "将设施{card}收回手牌"),
    "finish": ("ends the turn", "结束回合"),
}


def describe(state, action, lang: str = "en") -> str:
    zh = lang == "zh"
    data = rich(state, action)
    kind = data["kind"]

    def name(cid):
        if cid is None:
            return "无" if zh else "nothing"
        return state.t.names.get(cid, {}).get(lang, cid)

    def seat(s):
        return f"玩家{s + 1}" if zh else f"player {s + 1}"

    words = {k: name(v) if isinstance(v, str) else v for k, v in data.items()}
    words["card"] = name(data.get("card")) if kind != "wipe" or data["uid"] >= 0 else name(None)
    if "target" in data and isinstance(data["target"], int) and data["target"] >= 0:
        words["target"] = seat(data["target"])
    if kind == "wipe":
        words["target"] = seat(data["victim"])
    if kind == "offer":
        words["target"] = seat(data["to"])
    if kind == "play":
        on = data["aim"]
        words["on"] = "" if on == -1 else (f"（{name(on)}）" if zh else f" on {name(on)}")
        if data["target"] >= 0:
            words["on"] += (f"，目标{seat(data['target'])}" if zh
                            else f", against {seat(data['target'])}")
    if kind == "start":
        sep = "、" if zh else ", "
        words["counts"] = sep.join(f"{c}×{name(b)}" for b, c in zip(state.t.basics, data["counts"]))
    if kind == "plague":
        words["hit"] = ("是" if data["hit"] else "否") if zh else ("yes" if data["hit"] else "no")
    return WORDS[kind][1 if zh else 0].format(**words)


LOG = {
    "turn": ("round {a}: player {s}'s turn", "第{a}轮：玩家{s}的回合"),
    "income": ("player {s} gets {a} power and {b} economy", "玩家{s}获得{a}战力、{b}经济"),
    "refill": ("{c} comes into the wilds ({slot})", "{c}进入野地（{slot}）"),
    "event": ("player {s} draws the event {c}", "玩家{s}摸出事件{c}"),
    "event_ends": ("the event {c} ends", "事件{c}结束"),
    "discarded_strong": ("{c} is drawn under protection and exiled", "后手保护期间摸出{c}，放入放逐区"),
    "monster_leaves": ("player {s}'s {c} leaves the field", "玩家{s}的{c}离场"),
    "lost": ("player {s} loses {c} from the hand", "玩家{s}失去手牌{c}"),
    "cleared": ("player {s} has cleared player {t}'s field", "玩家{s}清空了玩家{t}的场"),
    "trade": ("player {s} and player {t} trade", "玩家{s}与玩家{t}完成交易"),
    "out": ("player {s} is out", "玩家{s}失败"),
    "over": ("the game is over", "游戏结束"),
}
CARD_AT = {"refill", "event", "event_ends", "discarded_strong", "monster_leaves", "lost"}


def log_lines(state, lang: str = "en") -> list[str]:
    """What happened besides the actions themselves: turns, income, draws, events, losses."""
    zh = lang == "zh"
    out = []
    for entry in state.log:
        kind, seat = entry[0], entry[1]
        words = {"s": seat + 1, "a": entry[2] if len(entry) > 2 else "",
                 "b": entry[3] if len(entry) > 3 else "", "c": "", "slot": "", "t": ""}
        if kind in CARD_AT:
            words["c"] = state.t.names[state.cards[entry[2]]]["zh" if zh else "en"]
        if kind == "refill":
            words["slot"] = state.t.names[state.t.slots[entry[3]]]["zh" if zh else "en"]
        if kind in ("cleared", "trade"):
            words["t"] = entry[2] + 1
        out.append(LOG[kind][1 if zh else 0].format(**words))
    return out
