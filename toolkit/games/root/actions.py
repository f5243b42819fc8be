# toolkit: compile
"""Actions as tuples `(kind, *args)`: their JSON form (named arguments) and their words in
English and Chinese."""

from __future__ import annotations

ARGS = {
    "end": (), "keep": ("clearing",), "place": ("piece", "clearing"), "corner": ("clearing",), "leader": ("leader",),
    "character": ("character",), "forest": ("forest",), "wood": ("clearing",),
    "march": ("from", "to", "count"), "move": ("from", "to", "count"),
    "cobbler": ("from", "to", "count"), "battle": ("clearing", "defender"),
    "warren": ("clearing", "defender"), "recruit": ("clearing",),
    "build": ("piece", "clearing"), "overwork": ("clearing", "card"),
    "pay_wood": ("clearing",), "pay": ("card",), "hawks": ("card",),
    "craft": ("card",), "decree": ("column", "card"), "roost": ("clearing",),
    "revolt": ("clearing",), "spread": ("clearing",), "mobilize": ("card",),
    "train": ("card",), "organize": ("clearing",), "slip": ("to",), "go": ("to", "ally", "count"),
    "explore": (), "aid": ("faction", "take", "exhaust", "card"), "quest": ("quest", "reward"),
    "strike": ("faction", "piece"), "repair": ("item",), "special": ("target",),
    "drop": ("item",), "refresh": ("item", "damaged"), "discard": ("card",), "burrow_bank": ("seat",), "royal_claim": (),
    "stand_and_deliver": ("seat",), "buy": ("card", "paid"), "dominance": ("card",),
    "coalition": ("card", "seat"), "tax": ("clearing",), "codebreakers": ("seat",),
    "ambush": ("card",), "foil": ("card",), "effect": ("card", "use"),
    "remove": ("piece",), "damage": ("item", "exhausted"), "hospital": ("card",),
    "give": ("card",), "ally_hit": ("faction",),
}

WORDS = {
    "end": ("end this step", "结束此步骤"), "keep": ("place the keep", "放置城堡"),
    "corner": ("start in corner", "起始角落"), "leader": ("choose leader", "选择领袖"),
    "character": ("choose character", "选择角色"), "forest": ("start in", "起始于"),
    "wood": ("place wood", "放置木头"), "pay_wood": ("spend wood from", "花费木头："),
    "pay": ("spend supporter", "花费支持者"), "place": ("place", "放置"), "march": ("march", "行军"), "move": ("move", "移动"),
    "cobbler": ("Cobbler: move", "鞋匠：移动"), "battle": ("battle", "战斗"),
    "warren": ("Command Warren: battle", "指挥兔窝：战斗"), "recruit": ("recruit", "招募"),
    "build": ("build", "建造"), "overwork": ("overwork", "加班"),
    "hawks": ("hire hawks with", "雇佣飞鹰，花费"), "craft": ("craft", "锻造"),
    "decree": ("add to the Decree", "加入法令"), "roost": ("new roost", "新鸟巢"),
    "revolt": ("revolt", "起义"), "spread": ("spread sympathy", "传播民意"),
    "mobilize": ("mobilize", "动员"), "train": ("train an officer with", "训练长官，花费"),
    "organize": ("organize", "组织"), "slip": ("slip to", "潜行至"), "go": ("move to", "移动至"),
    "explore": ("explore the ruin", "探索废墟"), "aid": ("aid", "协助"),
    "quest": ("quest", "任务"), "strike": ("strike", "狙击"), "repair": ("repair", "修复"),
    "special": ("special action", "特殊行动"), "drop": ("drop", "丢弃道具"), "refresh": ("refresh", "重整"),
    "discard": ("discard", "弃牌"), "burrow_bank": ("Better Burrow Bank with", "地洞银行："),
    "royal_claim": ("Royal Claim", "王权宣称"), "stand_and_deliver": ("Stand and Deliver!", "站住交钱！"),
    "buy": ("take the dominance card", "购买特殊胜利牌"), "dominance": ("activate dominance", "宣告特殊胜利"),
    "coalition": ("form a coalition", "结盟"), "tax": ("Tax Collector in", "收税官："),
    "codebreakers": ("Codebreakers on", "密码破译者："), "ambush": ("ambush", "伏击"),
    "foil": ("foil the ambush", "抵消伏击"), "effect": ("battle card", "战斗卡牌"),
    "remove": ("lose", "失去"), "damage": ("damage", "损坏"),
    "hospital": ("field hospital", "战地医院"), "give": ("give supporter", "交出支持者"),
    "ally_hit": ("an ally takes the hit", "友好士兵承受命中"),
}


def to_json(action):
    kind, args = action[0], action[1:]
    names = ARGS.get(kind, tuple(f"arg{i}" for i in range(len(args))))
    return {"kind": kind, **dict(zip(names, args))}


def from_json(data):
    if isinstance(data, dict):
        kind = data["kind"]
        return (kind, *[data.get(n) for n in ARGS.get(kind, ())])
    return tuple(data)


def describe(names, action, lang="en"):
    kind = action[0]
    words = WORDS.get(kind, (kind, kind))[0 if lang != "zh" else 1]
    parts = []
    for arg in action[1:]:
        if arg is None:
            parts.append("—" if kind not in ("ambush", "foil", "hospital") else
                         ("decline" if lang != "zh" else "放弃"))
        elif isinstance(arg, bool) and kind == "damage":
            parts.append(("(exhausted)" if arg else "(ready)") if lang != "zh" else
                         ("（已消耗）" if arg else "（正面）"))
        elif isinstance(arg, bool):
            parts.append(("yes" if arg else "no") if lang != "zh" else ("是" if arg else "否"))
        elif isinstance(arg, str) and arg in names:
            parts.append(names[arg].get(lang) or names[arg]["en"])
        else:
            parts.append(str(arg))
    return " ".join([words] + parts) if parts else words


EVENTS = {
    "vp": ("seat {0} scores {1} VP", "座位{0}得{1}分"),
    "removed": ("{0} loses {1} in {2}", "{0}在{2}失去{1}"),
    "dice": ("dice: {0} and {1}", "骰子：{0}与{1}"),
    "turmoil": ("the Eyrie fall into turmoil (-{0} VP)", "飞鹰王朝陷入动乱（扣{0}分）"),
    "win": ("seats {0} win", "座位{0}获胜"),
}


def event(names, s, e, lang="en"):
    """One line of the game's log (`log_lines`), in English or Chinese."""
    zh = lang == "zh"
    args = []
    for i, arg in enumerate(e[1:]):
        if e[0] == "vp" and i == 0 or e[0] == "win":
            arg = ", ".join(str(x + 1) for x in arg) if isinstance(arg, list) else arg + 1
        elif isinstance(arg, str) and arg in names:
            arg = names[arg].get("zh" if zh else "en") or names[arg]["en"]
        elif arg == "warrior":
            arg = "士兵" if zh else "a warrior"
        args.append(arg)
    return EVENTS[e[0]][1 if zh else 0].format(*args)
