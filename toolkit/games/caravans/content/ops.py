"""The registry of effect operations: the names cards use in YAML, with parameter schemas.

A card's `effects:` is a list of `{op: NAME, ...params}`. This module is the single source
of truth for which operations exist, which parameters each takes (a pydantic model), which
card kinds may use it, and how it reads as rules text in English and Chinese. The validator
checks cards against it, the renderer writes rules text from it, and the engine implements
one handler per name (a test checks that none is missing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

PartyStat = Literal["defense", "shield", "cargo", "mercenaries", "attack", "agility"]
HeroStat = Literal["combat", "perception", "leadership", "influence"]
Check = Literal["combat", "perception", "leadership", "influence", "ranged", "melee"]
Location = Literal["shield", "mercenaries", "cargo", "attack", "defense"]
EventKind = Literal["storm", "plague", "tolls", "war"]

WORDS: dict[str, dict[str, str]] = {
    "defense": {"en": "defense", "zh": "防御"},
    "shield": {"en": "shield", "zh": "魔法防护罩"},
    "cargo": {"en": "cargo", "zh": "货物舱"},
    "mercenaries": {"en": "mercenaries", "zh": "雇佣兵"},
    "attack": {"en": "attack", "zh": "攻击"},
    "agility": {"en": "agility", "zh": "敏捷"},
    "combat": {"en": "combat", "zh": "战斗力"},
    "perception": {"en": "perception", "zh": "洞察力"},
    "leadership": {"en": "leadership", "zh": "领导力"},
    "influence": {"en": "influence", "zh": "影响力"},
    "ranged": {"en": "ranged combat", "zh": "远程战"},
    "melee": {"en": "melee", "zh": "肉搏战"},
    "storm": {"en": "storms", "zh": "风暴"},
    "plague": {"en": "plague", "zh": "瘟疫"},
    "tolls": {"en": "tolls", "zh": "过路费"},
    "war": {"en": "wars", "zh": "战争"},
    "target": {"en": "its nearest target", "zh": "最近的目标"},
}


class Params(BaseModel):
    """Base of every operation's parameters: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# --- passive modifiers (heroes, equipment, followers) ---------------------------------
class ModifyStat(Params):
    stat: PartyStat = Field(description="party stat to change")
    by: int = Field(ge=-3, le=3, description="amount; the stat never goes above 5")
    fill: bool = Field(True, description="false: only the maximum rises (filled by recruiting)")


class ModifyHeroStat(Params):
    stat: HeroStat
    by: int = Field(ge=-3, le=3)


class ExtraDie(Params):
    check: Check = Field(description="which check or combat contest gets the dice")
    dice: int = Field(1, ge=1, le=3)


class CancelHit(Params):
    hits: int = Field(1, ge=1, le=3)
    restore_cost: int | None = Field(None, ge=0, description="gold to restore at repair")


class FleeStrike(Params):
    hits: int = Field(1, ge=1, le=3)


class PreMeleeStrike(Params):
    dice: int = Field(2, ge=1, le=5)


class Volley(Params):
    pass


class RedirectHits(Params):
    location: Location


class MeleeBoost(Params):
    dice: int = Field(1, ge=1, le=3)
    no_flee: bool = True


class IgnoreEvent(Params):
    event: EventKind


class BuyDraw(Params):
    by: int = Field(ge=1, le=6)


class FreeMove(Params):
    per_turn: int = Field(1, ge=1, le=3)


class EnterWantedTaverns(Params):
    pass


class RecruitDiscount(Params):
    percent: int = Field(ge=1, le=100)


class RaidBonus(Params):
    gold_per_card: int = Field(ge=1, le=5)


class FreeRepair(Params):
    points: int = Field(1, ge=1, le=5)


# --- one-shot tricks (glory cards) -----------------------------------------------------
class RerollCheck(Params):
    pass


class CombatDice(Params):
    dice: int = Field(2, ge=1, le=5)


class ExtraAction(Params):
    actions: int = Field(1, ge=1, le=3)


class SellAtDemand(Params):
    cards: int = Field(1, ge=1, le=3)


class FreeRecruit(Params):
    mercenaries: int = Field(ge=1, le=5)


class GainGold(Params):
    amount: int = Field(ge=1, le=50)


# --- events --------------------------------------------------------------------------
class NpcEnter(Params):
    npc: str = Field(description="npc id")
    region: str | None = Field(None, description="region id; default: the NPC's start")


class MoveNpc(Params):
    npc: str
    toward: str = Field("target", description="'target' (its nearest quarry) or a region id")


class Storm(Params):
    regions: list[str] = Field(min_length=1)
    hits: int = Field(1, ge=1, le=3)


class War(Params):
    races: list[str] = Field(min_length=2, max_length=2)


class DemandShift(Params):
    tavern: str = Field(description="region id of the tavern")


class MarketBoom(Params):
    good: str
    bonus: int = Field(2, ge=1, le=6)


class Plague(Params):
    race: str
    mercenaries: int = Field(1, ge=1, le=3)


class RumorNoCheck(Params):
    pass


class Treasure(Params):
    region: str
    multiplier: int = Field(2, ge=2, le=4)


class Amnesty(Params):
    remove: int = Field(1, ge=1, le=5)


class Tolls(Params):
    gold: int = Field(1, ge=1, le=5)


@dataclass(frozen=True)
class OpSpec:
    """One operation: its parameters, where it may appear, and its rules text."""

    name: str
    params: type[Params]
    kinds: frozenset[str]
    en: str
    zh: str
    refs: tuple[tuple[str, str], ...] = ()  # (param, referenced kind); the default is no ref
    # wordings for one parameter value that reads better than the template: (param, value, en, zh)
    special: tuple[tuple[str, object, str, str], ...] = ()


_PASSIVE = frozenset({"hero", "equipment", "weapon", "glory_card"})
_TRICK = frozenset({"glory_card"})
_EVENT = frozenset({"event"})


def _spec(name, params, kinds, en, zh, refs=(), special=()):
    return OpSpec(name, params, frozenset(kinds), en, zh, tuple(refs), tuple(special))


OPS: dict[str, OpSpec] = {s.name: s for s in [
    _spec("modify_stat", ModifyStat, _PASSIVE, "{stat} {by:+d} (never above 5)",
          "{stat}{by:+d}（不超过5）"),
    _spec("modify_hero_stat", ModifyHeroStat, _PASSIVE, "Hero {stat} {by:+d}",
          "主角{stat}{by:+d}"),
    _spec("extra_die", ExtraDie, _PASSIVE, "+{dice} die on {check}",
          "{check}多投{dice}个骰子"),
    _spec("cancel_hit", CancelHit, _PASSIVE, "Cancel {hits} hit", "抵挡{hits}点伤害"),
    _spec("flee_strike", FleeStrike, _PASSIVE,
          "When either side flees: {hits} hit on the opponent", "任一方逃走时：对对方造成{hits}点伤害"),
    _spec("pre_melee_strike", PreMeleeStrike, _PASSIVE,
          "Before melee roll {dice} dice: a skull kills 1 enemy mercenary",
          "肉搏战前投{dice}个骰子：出现骷髅头则杀死对方1名雇佣兵"),
    _spec("volley", Volley, _PASSIVE,
          "Before ranged combat roll attack dice: each skull is a hit",
          "远程战前投攻击数值个骰子：每个骷髅头造成1点伤害"),
    _spec("redirect_hits", RedirectHits, _PASSIVE,
          "Winning a ranged round: all hits land on {location}", "赢得远程战回合时：所有伤害落在{location}"),
    _spec("melee_boost", MeleeBoost, _PASSIVE,
          "Choosing melee: +{dice} die, the enemy cannot flee", "选择肉搏战时：多投{dice}个骰子，对方不能逃走"),
    _spec("ignore_event", IgnoreEvent, _PASSIVE, "Ignore {event}", "不受{event}影响"),
    _spec("buy_draw", BuyDraw, _PASSIVE, "Buying draws {by} more goods", "买货时多抽{by}张货物"),
    _spec("free_move", FreeMove, _PASSIVE, "{per_turn} free move out of a tavern each turn",
          "每回合{per_turn}次免费离开小酒馆"),
    _spec("enter_wanted_taverns", EnterWantedTaverns, _PASSIVE,
          "May enter taverns of races that want you", "可以进入通缉你的种族的小酒馆"),
    _spec("recruit_discount", RecruitDiscount, _PASSIVE | _EVENT,
          "Recruiting costs {percent}% less", "征召雇佣兵便宜{percent}%",
          special=[("percent", 100, "Recruiting is free", "征召雇佣兵免费")]),
    _spec("raid_bonus", RaidBonus, _PASSIVE, "+{gold_per_card} gold per raid card",
          "劫掠时每张货物卡多得{gold_per_card}元宝"),
    _spec("free_repair", FreeRepair, _PASSIVE, "Repair {points} point free each turn in a tavern",
          "每回合在小酒馆免费维修{points}点"),
    _spec("reroll_check", RerollCheck, _TRICK, "Reroll a failed skill check", "重投一次失败的技能检测"),
    _spec("combat_dice", CombatDice, _TRICK, "+{dice} dice in one combat contest",
          "一次战斗对决中多投{dice}个骰子"),
    _spec("extra_action", ExtraAction, _TRICK, "+{actions} action this turn", "本回合多{actions}个行动"),
    _spec("sell_at_demand", SellAtDemand, _TRICK, "Sell {cards} extra card at the demanded price",
          "以急需价格多卖{cards}张货物"),
    _spec("free_recruit", FreeRecruit, _TRICK, "Recruit {mercenaries} mercenaries free",
          "免费征召{mercenaries}名雇佣兵"),
    _spec("gain_gold", GainGold, _TRICK | _EVENT, "Gain {amount} gold", "获得{amount}元宝"),
    _spec("npc_enter", NpcEnter, _EVENT, "{npc} enters play", "{npc}进入游戏",
          [("npc", "npc"), ("region", "region")]),
    _spec("move_npc", MoveNpc, _EVENT, "{npc} moves toward {toward}", "{npc}向{toward}移动",
          [("npc", "npc"), ("toward", "region")]),
    _spec("storm", Storm, _EVENT, "Storm over {regions}: parties outside taverns take {hits} hit",
          "{regions}风暴：小酒馆外的部队受到{hits}点伤害", [("regions", "region")]),
    _spec("war", War, _EVENT,
          "War between {races}: no bounty rewards between them, their taverns refuse each other",
          "{races}开战：彼此之间没有通缉奖励，小酒馆拒绝对方的主角", [("races", "race")]),
    _spec("demand_shift", DemandShift, _EVENT, "Replace the demand marker of {tavern}",
          "更换{tavern}的需求标记", [("tavern", "region")]),
    _spec("market_boom", MarketBoom, _EVENT, "{good} sells for +{bonus} gold",
          "{good}售价+{bonus}元宝", [("good", "good")]),
    _spec("plague", Plague, _EVENT, "Parties in {race} regions lose {mercenaries} mercenary",
          "{race}地区的部队失去{mercenaries}名雇佣兵", [("race", "race")]),
    _spec("rumor_no_check", RumorNoCheck, _EVENT, "Hearing a rumor needs no check",
          "听闻传言无需检测"),
    _spec("treasure", Treasure, _EVENT, "The explorer in {region} carries {multiplier}x gold",
          "{region}的探险者携带{multiplier}倍元宝", [("region", "region")]),
    _spec("amnesty", Amnesty, _EVENT, "Each player removes {remove} bounty marker",
          "每名玩家移除{remove}个通缉标记"),
    _spec("tolls", Tolls, _EVENT, "Pay {gold} gold to leave a tavern", "离开小酒馆需支付{gold}元宝"),
]}


def param_numbers(params: BaseModel) -> set[int]:
    """Every whole number among an operation's parameter values."""
    found: set[int] = set()
    for value in params.model_dump().values():
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            found.add(abs(value))
    return found


def describe(op: str, params: BaseModel, lang: str, names: dict[str, dict[str, str]]) -> str:
    """Rules text for one operation, with ids replaced by display names from `names`."""
    spec = OPS[op]
    template = spec.zh if lang == "zh" else spec.en
    for param, value, en, zh in spec.special:
        if getattr(params, param, None) == value:
            template = zh if lang == "zh" else en
    values = {}
    for key, value in params.model_dump().items():
        values[key] = _word(value, lang, names)
    return template.format(**values)


def _word(value, lang, names):
    if isinstance(value, list):
        sep = "、" if lang == "zh" else ", "
        return sep.join(_word(v, lang, names) for v in value)
    if isinstance(value, str):
        entry = WORDS.get(value) or names.get(value)
        if entry:
            return entry.get(lang) or entry.get("en") or value
    return value
