"""Readable text for actions (English or Chinese names); players are named P1, P2, ...
(seats from 1) with their hero."""

from __future__ import annotations

from toolkit.games.caravans.engine.actions import ActionKind as K
from toolkit.games.caravans.engine.apply import current_player

VERBS = {
    K.CHOOSE_PARTY: ("chooses {0}", "选择{0}"),
    K.COMBAT_CHOICE: ("fights: {0} {1} {2}", "战斗：{0} {1} {2}"),
    K.CAPTURE: ("takes the beaten party: {0}", "接管战败部队：{0}"),
    K.RAID: ("raids the explorer (bounty: {0})", "劫掠探险者（通缉：{0}）"),
    K.DELVE: ("delves with the explorer", "与探险者探险"),
    K.RAID_DRAW: ("draws a raid card", "劫掠多抽一张"),
    K.RAID_DISCARD: ("discards raid card {0}", "弃掉劫掠牌{0}"),
    K.RAID_SWAP: ("swaps raid card {0}", "替换劫掠牌{0}"),
    K.RAID_END: ("ends the raid", "结束劫掠"),
    K.REROLL: ("rerolls with {0}", "用{0}重投"),
    K.ACCEPT: ("accepts the failed check", "接受检测失败"),
    K.DISCARD_GLORY: ("discards {0}", "弃掉{0}"),
    K.ATTACK: ("attacks the target found", "攻击找到的目标"),
    K.LET_GO: ("leaves the target found alone", "放过找到的目标"),
    K.FLEE_STRIKE: ("on the flight, {0}: {1}", "逃走时，{0}：{1}"),
    K.BLOCK_HIT: ("on the hit, {0}: {1}", "受到伤害时，{0}：{1}"),
    K.LOOT: ("loots {0}", "掠走{0}"),
    K.LOOT_END: ("leaves the rest of the goods", "放弃其余货物"),
    K.KEEP_HERO: ("keeps the new hero", "保留新主角"),
    K.REDRAW_HERO: ("redraws the hero", "重抽主角"),
    K.AMNESTY: ("has a bounty of {0} lifted", "撤销一个{0}通缉标记"),
    K.PLACE_EQUIPMENT: ("places equipment at {0}", "将装备放到{0}"),
    K.MOVE: ("moves to {0}", "移动到{0}"),
    K.ENTER_TAVERN: ("enters the tavern", "进入小酒馆"),
    K.LEAVE_TAVERN: ("leaves the tavern", "离开小酒馆"),
    K.EXPLORE: ("explores {0} {1}", "探索{0} {1}"),
    K.COMPLETE_MISSION: ("attempts mission {0}", "尝试完成任务{0}"),
    K.TAVERN: ("takes the tavern action", "进行酒馆行动"),
    K.SELL: ("sells {0}", "卖出{0}"),
    K.BUY_GOODS: ("draws goods to buy", "抽货物购买"),
    K.BUY: ("buys {0}", "买入{0}"),
    K.FORM_PARTY: ("forms {0}", "组建{0}"),
    K.REPAIR: ("repairs {0}", "维修{0}点"),
    K.RESTORE: ("restores {0}", "恢复{0}"),
    K.BUY_EQUIPMENT: ("buys the tavern's equipment", "购买装备"),
    K.SWAP_EQUIPMENT: ("swaps {0} for the tavern's equipment", "用{0}交换装备"),
    K.BUY_WEAPON: ("buys {0}", "购买{0}"),
    K.SELL_WEAPON: ("sells {0}", "卖掉{0}"),
    K.RECRUIT: ("recruits {0}", "征召{0}名雇佣兵"),
    K.HEAR_RUMOR: ("hears a rumor", "听闻传言"),
    K.TAKE_MISSION: ("takes mission {0}", "领取任务{0}"),
    K.STASH: ("stashes {0} gold", "存入{0}元宝"),
    K.END_VISIT: ("leaves the bar", "结束酒馆行动"),
    K.PLAY_GLORY: ("plays {0} {1}", "打出{0} {1}"),
    K.DISCARD_GOODS: ("discards {0}", "弃掉{0}"),
    K.END_TURN: ("ends the turn", "结束回合"),
}


def name(state, value, lang: str = "en") -> str:
    """Display name of an id (hero, region, card...) or the value itself."""
    names = state.rules.catalog.names
    if isinstance(value, str) and value in names:
        return names[value][lang] if lang in names[value] else names[value]["en"]
    if isinstance(value, str) and value.startswith("n:"):
        return name(state, value[2:], lang)
    if isinstance(value, str) and value[:1] == "p" and value[1:].isdigit():
        return who(state, int(value[1:]), lang)
    return str(value)


def who(state, seat: int, lang: str = "en") -> str:
    hero = state.players[seat].hero
    label = f"P{seat + 1}" if lang == "en" else f"玩家{seat + 1}"  # seats from 1 for people
    return f"{label} ({name(state, hero, lang)})" if hero and hero != "?" else label


def describe_action(state, action, lang: str = "en", seat: int | None = None) -> str:
    """'P1 (Ada) moves to Vale'; `seat` defaults to the player to act now."""
    seat = current_player(state) if seat is None else seat
    template = VERBS[action.kind][1 if lang == "zh" else 0]
    args = [_arg(state, action, a, lang) for a in action.args] + ["", "", ""]
    text = " ".join(template.format(*args).split())
    actor = who(state, seat, lang) if seat is not None and seat >= 0 else "—"
    return f"{actor} {text}"


def _arg(state, action, value, lang) -> str:
    """An action argument as text: goods cards and explorer tokens by name, seats by hero."""
    kind = action.kind
    if kind in (K.RAID_DISCARD, K.RAID_SWAP) and isinstance(value, int):
        good, icon = state.rules.cards[value]
        return f"{name(state, good, lang)} ({'ambush' if icon < 0 else icon})"
    if kind is K.EXPLORE and isinstance(value, int) and action.args[0] == "explorer":
        return name(state, state.rules.explorers[value][0], lang)
    if kind is K.EXPLORE and isinstance(value, int) and action.args[0] == "player":
        return who(state, value, lang)
    if kind is K.EXPLORE and value in ("player", "npc", "explorer", "rumor"):
        return ""
    if kind is K.FLEE_STRIKE and isinstance(value, bool):
        return STRIKE[value][1 if lang == "zh" else 0]
    if kind is K.BLOCK_HIT and isinstance(value, bool):
        return BLOCK[value][1 if lang == "zh" else 0]
    if kind is K.COMBAT_CHOICE and value in MODES:
        return MODES[value][1 if lang == "zh" else 0]
    return name(state, value, lang)


STRIKE = {True: ("flips it to strike", "翻面造成伤害"), False: ("keeps it", "不使用")}
BLOCK = {True: ("flips it to stop the hit", "翻面抵挡"), False: ("takes the hit", "承受伤害")}
MODES = {"ranged": ("ranged", "远程战"), "melee": ("melee", "肉搏战"), "flee": ("flee", "逃走")}
