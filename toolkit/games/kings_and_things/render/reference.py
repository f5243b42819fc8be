"""The player reference sheet, written from the project's own numbers (game.yaml settings,
forts, terrains) in the build's language."""

from __future__ import annotations

from toolkit.games.kings_and_things.settings import values

PHASES = [
    ("Gold: 1 per land hex, each fort's value, special income on the board, 1 per hero.",
     "收金：每块陆地1金、每个堡垒的战斗值、版图上的特殊收入、每个英雄1金。"),
    ("Recruit a hero (optional): 2 dice at least twice its value; +1 per {before} gold "
     "before the roll, +1 per {after} gold after.",
     "招募英雄（可选）：2骰之和至少为其战斗值的2倍；掷前每{before}金+1，掷后每{after}金+1。"),
    ("Recruit things: 1 free per {per} hexes, up to {paid_max} at {paid} gold, 1 per 2 "
     "traded in; then place them (at most {rack} behind the screen).",
     "招募things：每{per}个六边形免费1个，最多{paid_max}个每个{paid}金，2换1；然后放置（屏风后最多{rack}个）。"),
    ("Random events (optional): play one.", "随机事件（可选）：打出1个。"),
    ("Movement (optional): {moves} points; swamp, mountain, forest and jungle cost 2 on "
     "foot; stop on entering an unexplored or enemy hex; at most {stack} per hex.",
     "移动（可选）：{moves}点移动力；非飞行单位进入沼泽、山脉、森林、丛林耗2点；进入未探索或敌方六边形时停止；每六边形最多{stack}个。"),
    ("Combat: magic, ranged, melee steps; a roll at or under the value hits; then "
     "retreats. Explore unexplored hexes: 1 or 6 no defenders, else that many things.",
     "战斗：魔法、远程、近战三步；掷出不大于战斗值即命中；然后撤退。探索：掷1或6无防御者，否则摸取对应数量的things。"),
    ("Construction (optional): {build} gold for a tower or one level up, once per hex.",
     "建造（可选）：{build}金建塔楼或升一级，每六边形每回合一次。"),
    ("Special powers: Master Thief and Assassin Primus.", "特殊能力：神偷与首席刺客。"),
    ("Pass the first player marker to the left.", "将起始玩家标记传给左边的玩家。"),
]
TITLES = {"name": ("Kings & Things: player reference", "国王与万物：玩家参考"),
          "phases": ("A round in nine phases", "每回合九个阶段"),
          "forts": ("Forts", "堡垒"), "terrain": ("Movement cost on foot", "步行移动消耗"),
          "win": ("Winning", "胜利"),
          "items": ("Magic items and random events", "魔法物品与随机事件"),
          "win_text": ("Hold a citadel through a full round: at the end of the next "
                       "construction phase you win if no one else holds one; with more "
                       "citadels the highest income among their holders wins; a second "
                       "citadel wins at once.",
                       "占有大本营一整个回合：下次建造阶段结束时，若无人另有大本营则获胜；若有多个大本营，其持有者中收入最高者获胜；占领第二个大本营立即获胜。")}


def reference_view(ctx) -> dict:
    i = 1 if ctx.lang == "zh" else 0
    s = values(ctx.catalog.game)
    numbers = dict(before=s.get("hero_gold_before"), after=s.get("hero_gold_after"),
                   per=s.get("hexes_per_free_draw"), paid_max=s.get("paid_draw_max"),
                   paid=s.get("paid_draw_cost"), rack=s.get("rack_limit"),
                   moves=s.get("move_points"), stack=s.get("stack_limit"),
                   build=s.get("build_cost"))
    forts = [[ctx.t(f.name), str(f.value), f.step] for f in
             sorted(ctx.catalog.of("fort").values(), key=lambda f: f.level)]
    terrains = [[ctx.t(t.name), str(t.move_cost) if t.land else "—"]
                for t in ctx.catalog.of("terrain").values()]
    return {"kind": "reference", "id": "reference", "color": "#e9dfc6",
            "name": TITLES["name"][i],
            "sections": [
                {"title": TITLES["phases"][i],
                 "lines": [p[i].format(**numbers) for p in PHASES], "table": None},
                {"title": TITLES["forts"][i], "lines": None, "table": forts},
                {"title": TITLES["terrain"][i], "lines": None, "table": terrains},
                {"title": TITLES["win"][i], "lines": [TITLES["win_text"][i]], "table": None},
                {"title": TITLES["items"][i], "lines": None, "table": [
                    [ctx.t(c.name), ctx.t(c.text) if c.text else ""]
                    for kind in ("magic_item", "random_event")
                    for c in ctx.catalog.of(kind).values()]}]}
