"""The event log of Caravans & Brigands in words, English or Chinese: one line per entry of
the engine's compact log (dice rolled, glory and gold gained, fights, deaths, events, the
end). `toolkit replay` prints these lines through `CaravansGame.log_lines`.

Each log kind has one row: how to read each of its values, then the English and the
Chinese text. Readers: `s` a seat (named "P1 (hero)", seats from 1), `n` a name (card,
region, race, NPC, or a seat reference "p0"), `t` a log term (a stat, a source, a cause),
`d` dice, `k` a count of items, `b` true/false, `v` the value as it is.
"""

from __future__ import annotations

from toolkit.games.caravans.engine.describe import name
from toolkit.games.caravans.engine.rng import SKULL

LINES = {
    "first": ("s", "first player: {0}", "起始玩家：{0}"),
    "event": ("nv", "Round {1} — event: {0}", "第{1}轮 — 事件：{0}"),
    "roll": ("ntd", "{0} rolls {1}: {2}", "{0}进行{1}检定：{2}"),
    "glory": ("st", "{0} gains 1 glory ({1})", "{0}获得1点荣誉（{1}）"),
    "gold": ("svt", "{0} gains {1} gold ({2})", "{0}获得{1}元宝（{2}）"),
    "fight": ("nn", "{0} attacks {1}", "{0}攻击{1}"),
    "defeated": ("n", "{0} is defeated", "{0}被击败"),
    "death": ("snt", "{1} of {0} dies ({2})", "{0}的主角{1}死亡（{2}）"),
    "hits": ("nv", "{0} takes {1} hit(s)", "{0}受到{1}点伤害"),
    "npc_move": ("nn", "{0} moves to {1}", "{0}移动到{1}"),
    "npc_enter": ("nn", "{0} enters play at {1}", "{0}在{1}进入游戏"),
    "bounty": ("sn", "{0} is now wanted by {1}", "{0}被{1}通缉"),
    "announce": ("sv", "{0} announces victory in round {1}", "{0}在第{1}轮宣布胜利"),
    "end": ("tv", "game over after round {1}: {0}", "第{1}轮后游戏结束：{0}"),
    "move": ("sn", "{0} moves to {1}", "{0}移动到{1}"),
    "form": ("sn", "{0} forms {1}", "{0}组建{1}"),
    "trick": ("sn", "{0} plays {1}", "{0}打出{1}"),
    "follower": ("sn", "{0} takes on {1}", "{0}收下追随者{1}"),
    "stash": ("sv", "{0} makes stash deposit #{1}", "{0}第{1}次存入藏宝箱"),
    "offer": ("sk", "{0} draws {1} goods to buy", "{0}抽{1}张货物待买"),
    "raid": ("svv", "{0} raids: {1} gold, {2} ambush(es)", "{0}劫掠：{1}元宝，{2}次伏击"),
    "demand": ("nn", "{0} now demands {1}", "{0}现在需要{1}"),
    "equipment": ("sn", "{0} fits {1}", "{0}装上{1}"),
    "capture": ("sn", "{0} takes over the beaten {1}", "{0}接管战败的{1}"),
    "discard": ("sn", "{0} discards {1} (over cargo)", "{0}弃掉{1}（超出载货量）"),
    "cancel": ("sn", "{0} cancels a hit with {1}", "{0}用{1}抵消一点伤害"),
    "fled": ("n", "{0} flees", "{0}逃走"),
    "escape": ("sn", "the explorer {1} escapes {0}", "探险者{1}从{0}手中逃脱"),
    "mission": ("sn", "{0} completes {1}", "{0}完成{1}"),
    "rumor": ("snb", "{0} investigates {1}: {2}", "{0}调查{1}：{2}"),
    "top_up": ("svv", "{0} starts with {1} gold ({2} from the stash)",
               "{0}以{1}元宝开始（{2}来自藏宝箱）"),
}
# log terms (stats, sources, causes, end reasons) in Chinese; English prints the key
TERMS_ZH = {
    "combat": "战斗力", "perception": "洞察力", "leadership": "领导力", "influence": "影响力",
    "delve": "深入探索", "flee": "逃跑", "melee": "肉搏", "ranged": "远程", "venom": "毒",
    "volley": "齐射", "agility": "敏捷", "raid": "劫掠", "loot": "战利品", "mission": "任务", "reward": "悬赏",
    "rumor": "传言", "sell": "卖货", "weapon_sale": "卖武器", "defeat": "击败",
    "large_party": "大型部队", "stash": "藏宝箱", "glory": "有人达到荣誉目标",
    "events_exhausted": "事件牌用尽", "heroes_exhausted": "主角牌用尽",
    "round_limit": "达到回合上限", True: "真", False: "假",
}


def dice_text(rolled) -> str:
    """Dice as text, a skull as ☠ ('-' when none were rolled)."""
    return " ".join("☠" if d == SKULL else str(d) for d in rolled) or "-"


def _seat(state, seat, lang: str, heroes: dict) -> str:
    label = f"P{seat + 1}" if lang == "en" else f"玩家{seat + 1}"
    hero = heroes.get(seat)
    return f"{label} ({name(state, hero, lang)})" if hero else label


def _read(state, how: str, value, lang: str, heroes: dict) -> str:
    if how == "s" or (how == "n" and isinstance(value, str) and value[:1] == "p"
                      and value[1:].isdigit()):
        return _seat(state, int(value if how == "s" else value[1:]), lang, heroes)
    if how == "n":
        return name(state, value, lang)
    if how == "t":
        shown = name(state, value, lang)
        return TERMS_ZH.get(value, shown) if lang == "zh" and shown == str(value) else shown
    if how == "d":
        return dice_text(value)
    if how == "k":
        return str(len(value))
    if how == "b":
        return TERMS_ZH[bool(value)] if lang == "zh" else ("true" if value else "false")
    return str(value)


def line(state, entry, lang: str = "en", heroes: dict | None = None) -> str:
    """One log entry in words; an unknown kind or shape prints its raw values."""
    kind, *values = entry
    heroes = heroes or {}
    row = LINES.get(kind)
    if row is None or len(row[0]) != len(values):
        return f"{kind}: " + ", ".join(_read(state, "n", v, lang, heroes) for v in values)
    words = [_read(state, how, v, lang, heroes) for how, v in zip(row[0], values)]
    return row[2 if lang == "zh" else 1].format(*words)


def log_lines(state, lang: str = "en") -> list[str]:
    """The game's event log as readable lines (each player named by its hero of the time)."""
    used = {p.seat: list(p.heroes) for p in state.players}
    heroes = {s: h[0] if h else None for s, h in used.items()}
    lines = []
    for entry in state.log:
        lines.append(line(state, entry, lang, heroes))
        if entry[0] == "death":
            seat = entry[1]
            index = used[seat].index(entry[2]) + 1 if entry[2] in used[seat] else None
            heroes[seat] = used[seat][index] if index and index < len(used[seat]) else None
    return lines
