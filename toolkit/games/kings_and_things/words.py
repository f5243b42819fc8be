"""Actions and log events in English and Chinese."""

from __future__ import annotations

from toolkit.games.kings_and_things.data import Data, base

WORDS = {
    "start": ("take {hex} as starting hex", "选择{hex}作为起始六边形"),
    "claim": ("claim {hex}", "占领{hex}"),
    "tower": ("put the tower on {hex}", "在{hex}放置塔楼"),
    "exchange": ("exchange {thing} with the cup", "将{thing}与袋中交换"),
    "keep": ("keep the things drawn", "保留摸到的things"),
    "place": ("place {thing} on {hex}", "将{thing}放到{hex}"),
    "rack": ("put {thing} behind the screen", "将{thing}放到屏风后"),
    "discard": ("return {thing} to the cup", "将{thing}放回袋中"),
    "cash": ("cash in {thing}", "兑现{thing}"),
    "done": ("done", "完成"),
    "dismiss": ("dismiss hero {unit}", "解雇英雄{unit}"),
    "recruit": ("try to recruit {hero}, spending {gold}×5 gold first",
                "尝试招募{hero}，掷骰前花费{gold}×5金"),
    "pass": ("pass", "放弃"),
    "pay": ("pay {steps}×10 gold to make the roll", "支付{steps}×10金使掷骰成功"),
    "decline": ("give up the hero", "放弃该英雄"),
    "hero_at": ("place {hero} on {hex}", "将{hero}放到{hex}"),
    "buy": ("buy {count} draws", "购买{count}次摸取"),
    "trade": ("trade {thing} and {other} for a draw", "用{thing}和{other}换1次摸取"),
    "draw": ("draw from the cup", "从袋中摸取"),
    "move": ("move {unit} to {to}", "将{unit}移动到{to}"),
    "balloon": ("use {thing} on {hex}", "在{hex}使用{thing}"),
    "end": ("end movement", "结束移动"),
    "fight": ("resolve {hex}", "结算{hex}"),
    "item": ("use {thing}", "使用{thing}"),
    "fight_on": ("fight on", "继续战斗"),
    "bribe": ("bribe {unit}", "贿赂{unit}"),
    "absorb": ("{unit} takes the hit", "{unit}承受命中"),
    "retreat": ("retreat to {hex}", "撤退到{hex}"),
    "stay": ("stay and fight", "留下继续战斗"),
    "build": ("build or raise the fort on {hex}", "在{hex}建造或升级堡垒"),
    "steal": ("{unit} steals from player {seat}", "{unit}偷窃玩家{seat}"),
    "assassinate": ("{unit} strikes at {target}", "{unit}刺杀{target}"),
    "event": ("play {thing} {target}", "打出{thing}{target}"),
}


def name(data: Data, id_: str | None, lang: str) -> str:
    if id_ is None:
        return "?" if lang == "en" else "？"
    card = data.entry.get(base(id_)) or data.terrains.get(id_)
    if card is None:
        return str(id_)
    return card.name.en if lang == "en" else (card.name.zh or card.name.en)


def hex_words(state, data: Data, hex_: int, lang: str) -> str:
    terrain = name(data, state.terrain[hex_], lang)
    return f"hex {hex_} ({terrain})" if lang == "en" else f"{hex_}号六边形（{terrain}）"


def unit_words(state, data: Data, token: str, lang: str, seat: int | None = None) -> str:
    unit = state.units.get(token)
    if unit is None or unit.get("thing") is None:
        return token
    return f"{token} {name(data, unit['thing'], lang)}"


STRUCTURES = {"fort": ("the fort", "堡垒"), "town": ("the city or village", "城市或村庄"),
              "wall": ("the firewall", "火墙"), "golem": ("the golem", "魔像")}


def _battle_unit(state, data: Data, value: str, lang: str) -> str:
    """A unit token (u12), an explored defender (n:goblins:1) or a battle structure."""
    if value.startswith("n:"):
        return name(data, value[2:], lang)
    head = value.split(":", 1)[0]
    if head in STRUCTURES:
        return STRUCTURES[head][0 if lang == "en" else 1]
    return unit_words(state, data, value, lang)


def describe(state, data: Data, action, lang: str) -> str:
    from toolkit.games.kings_and_things.actions import to_json
    fields = to_json(action)
    kind = fields.pop("kind")
    en, zh = WORDS[kind]
    out = {}
    for key, value in fields.items():
        if key in ("hex", "to") and isinstance(value, int):
            out[key] = hex_words(state, data, value, lang)
        elif key in ("thing", "other", "hero"):
            out[key] = name(data, value, lang)
        elif key in ("unit", "target") and isinstance(value, str):
            out[key] = _battle_unit(state, data, value, lang)
        elif key == "target":
            out[key] = _target(state, data, data.card(action[1]).op, value, lang)
        else:
            out[key] = value if not isinstance(value, str) else name(data, value, lang)
    return (en if lang == "en" else zh).format(**out)


def _target(state, data: Data, op: str, target: list, lang: str) -> str:
    if not target:
        return ""
    if op in ("defect", "pox"):
        return f"on player {target[0] + 1}" if lang == "en" else f"对玩家{target[0] + 1}"
    words = hex_words(state, data, target[0], lang)
    if op == "juju":
        terrain = name(data, target[1], lang)
        return f"to make {words} {terrain}" if lang == "en" else f"将{words}变为{terrain}"
    return f"on {words}" if lang == "en" else f"于{words}"
