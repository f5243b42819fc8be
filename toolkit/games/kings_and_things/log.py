"""The game's log in words (for replays and reports)."""

from __future__ import annotations

from toolkit.games.kings_and_things.words import hex_words, name

LINES = {
    "hero_roll": ("player {0} rolls {2} for {1} (needs {3})", "玩家{0}为{1}掷出{2}（需要{3}）"),
    "event": ("player {0} plays {1}", "玩家{0}打出{1}"),
    "bluff": ("player {0}: {1} was a bluff and goes back to the cup",
              "玩家{0}：{1}是虚假生物，放回袋中"),
    "explore_roll": ("player {0} explores {1}: rolls {2}", "玩家{0}探索{1}：掷出{2}"),
    "defenders": ("defenders of {0}: {1}", "{0}的防御者：{1}"),
    "explored": ("exploration of {0} by player {1}: {2}", "玩家{1}探索{0}：{2}"),
    "capture": ("player {0} takes {1}", "玩家{0}占领{1}"),
    "battle_end": ("battle in {0} (player {1} against {2}): {3}", "{0}的战斗（玩家{1}对{2}）：{3}"),
    "retreat": ("player {0} retreats from {1} to {2}", "玩家{0}从{1}撤退到{2}"),
    "bribe": ("player {0} bribes {1}", "玩家{0}贿赂{1}"),
    "item": ("player {0} uses {1}", "玩家{0}使用{1}"),
    "build": ("player {0} builds level {2} on {1}", "玩家{0}在{1}建造{2}级堡垒"),
    "fort_damaged": ("the fort of {0} drops a level", "{0}的堡垒降低一级"),
    "income_destroyed": ("the income counter of {0} is destroyed", "{0}的特殊收入标记被摧毁"),
    "steal": ("player {0} steals {2} gold from player {1}", "玩家{0}从玩家{1}处偷走{2}金"),
    "assassinate": ("player {0}'s assassin kills {1}", "玩家{0}的刺客杀死{1}"),
    "win": ("won by player {0}: {1}", "玩家{0}获胜：{1}"),
}
HEX_ARGS = {"explore_roll": (1,), "defenders": (0,), "explored": (0,), "capture": (1,),
            "battle_end": (0,), "retreat": (1, 2), "build": (1,), "fort_damaged": (0,),
            "income_destroyed": (0,)}
REASONS_ZH = {"citadel held a full round": "大本营守住了一整个回合",
              "income among citadel holders": "大本营持有者中收入最高",
              "two citadels": "占有两个大本营",
              "round limit: income tie-break": "达到回合上限：按收入决胜"}
SEAT_ARGS = {"hero_roll": (0,), "event": (0,), "bluff": (0,), "explore_roll": (0,),
             "explored": (1,), "capture": (0,), "battle_end": (1, 2), "retreat": (0,),
             "bribe": (0,), "item": (0,), "build": (0,), "steal": (0, 1), "assassinate": (0,)}
NAME_ARGS = {"hero_roll": (1,), "event": (1,), "bribe": (1,), "item": (1,)}


def lines(state, data, lang: str) -> list[str]:
    out = []
    for event in state.log:
        kind, args = event[0], list(event[1:])
        if kind not in LINES:
            continue
        for i in HEX_ARGS.get(kind, ()):
            args[i] = hex_words(state, data, args[i], lang)
        for i in SEAT_ARGS.get(kind, ()):   # players are numbered from 1 in words
            args[i] = args[i] + 1 if args[i] >= 0 else ("the cup" if lang == "en" else "袋中")
        if kind == "win":
            args[0] = ", ".join(str(s + 1) for s in args[0])
            args[1] = args[1] if lang == "en" else REASONS_ZH.get(args[1], args[1])
        for i in NAME_ARGS.get(kind, ()):
            args[i] = name(data, args[i], lang)
        if kind == "defenders":
            args[1] = ", ".join(name(data, t, lang) for t in args[1]) or "-"
        if kind in ("battle_end", "explored"):
            won = args[-1]
            args[-1] = ("taken" if won else "held") if lang == "en" else ("被攻占" if won else "守住")
        en, zh = LINES[kind]
        out.append((en if lang == "en" else zh).format(*args))
    return out
