"""The event log of Caravans & Brigands in words, English or Chinese: one line per entry of
the engine's compact log (dice rolled, glory and gold gained, fights, deaths, events, the
end). `toolkit replay` prints these lines through `CaravansGame.log_lines`.

Each log kind has one row: how to read each of its values, then the English and the
Chinese text. Readers: `s` a seat (named "P1 (hero)", seats from 1), `n` a name (card,
region, race, NPC, or a seat reference "p0"), `t` a log term (a stat, a source, a cause),
`c` a cause of death, `d` dice, `k` a count of items, `b` true/false, `h` hits, `r` why the
game ended, `q` a check's verdict (what it needs, success or failure), `v` the value as is.
A kind may have a row for one length of entry (`roll/4`: a check's roll, which logs the
skulls it needs).

A fight's last line (a defeat or a flight) adds its outcome: who won and the hits each side
took. `score_line` and `end_line` give `toolkit replay` the running glory and the result.
"""

from __future__ import annotations

from toolkit.games.caravans.engine.cards import total_glory
from toolkit.games.caravans.engine.describe import name, who
from toolkit.games.caravans.engine.rng import SKULL

LINES = {
    "first": ("s", "first player: {0}", "起始玩家：{0}"),
    "event": ("nv", "Round {1} — event: {0}", "第{1}轮 — 事件：{0}"),
    "roll": ("ntd", "{0} rolls {1}: {2}", "{0}进行{1}检定：{2}"),
    # a check's roll logs the skulls it needs too: the line says whether it succeeds
    "roll/4": ("ntdq", "{0} rolls {1}: {2} — {3}", "{0}进行{1}检定：{2} — {3}"),
    "glory": ("st", "{0} gains 1 glory ({1})", "{0}获得1点荣誉（{1}）"),
    "gold": ("svt", "{0} gains {1} gold ({2})", "{0}获得{1}元宝（{2}）"),
    "fight": ("nn", "{0} attacks {1}", "{0}攻击{1}"),
    "defeated": ("n", "{0} is defeated", "{0}被击败"),
    "death": ("snc", "{0} dies ({2}); glory and stash are kept",
              "{0}阵亡（{2}），荣誉与藏宝箱保留"),
    "hits": ("nh", "{0} takes {1}", "{0}受到{1}点伤害"),
    "npc_move": ("nn", "{0} moves to {1}", "{0}移动到{1}"),
    "npc_enter": ("nn", "{0} enters play at {1}", "{0}在{1}进入游戏"),
    "bounty": ("sn", "{0} is now wanted by {1}", "{0}被{1}通缉"),
    "announce": ("sv", "{0} announces victory in round {1}", "{0}在第{1}轮宣布胜利"),
    "end": ("rv", "game over after round {1}: {0}", "第{1}轮后游戏结束：{0}"),
    "move": ("sn", "{0} moves to {1}", "{0}移动到{1}"),
    "form": ("sn", "{0} forms {1}", "{0}组建{1}"),
    "trick": ("sn", "{0} plays {1}", "{0}打出{1}"),
    "follower": ("sn", "{0} takes on {1}", "{0}收下追随者{1}"),
    "stash": ("sv", "{0} makes stash deposit #{1}", "{0}第{1}次存入藏宝箱"),
    "offer": ("sk", "{1} goods on offer to {0}", "{0}面前有{1}张货物待买"),
    "raid": ("svv", "{0} raids: {1} gold, {2} ambush(es)", "{0}劫掠：{1}元宝，{2}次伏击"),
    "demand": ("nn", "{0} now demands {1}", "{0}现在需要{1}"),
    "equipment": ("sn", "{0} fits {1}", "{0}装上{1}"),
    "capture": ("sn", "{0} takes over the beaten {1}", "{0}接管战败的{1}"),
    "discard": ("sn", "{0} discards {1} (over cargo)", "{0}弃掉{1}（超出载货量）"),
    "cancel": ("sn", "{0} cancels a hit with {1}", "{0}用{1}抵消一点伤害"),
    "fled": ("n", "{0} flees", "{0}逃走"),
    "escape": ("sn", "the explorer {1} escapes {0}", "探险者{1}从{0}手中逃脱"),
    "mission": ("sn", "{0} completes {1}", "{0}完成{1}"),
    "rumor": ("snb", "{0} investigates {1}: the rumor is {2}", "{0}调查{1}：传言为{2}"),
    "top_up": ("svv", "{0} starts with {1} gold ({2} from the stash)",
               "{0}以{1}元宝开始（{2}来自藏宝箱）"),
}
# log terms (stats, sources) in Chinese; English prints the key (end reasons: END_REASONS)
TERMS_ZH = {
    "combat": "战斗力", "perception": "洞察力", "leadership": "领导力", "influence": "影响力",
    "delve": "深入探索", "flee": "逃跑", "melee": "肉搏", "ranged": "远程", "venom": "毒",
    "volley": "齐射", "agility": "敏捷", "raid": "劫掠", "loot": "战利品", "mission": "任务", "reward": "悬赏",
    "rumor": "传言", "sell": "卖货", "weapon_sale": "卖武器", "defeat": "击败",
    "large_party": "大型部队", "stash": "藏宝箱", True: "真", False: "假",
}
# causes of a hero's death in Chinese (English prints the key)
CAUSES_ZH = {"combat": "战斗", "ambush": "伏击", "storm": "风暴"}
# why the game ended (the `end` entry), in words: English, Chinese
END_REASONS = {
    "glory": ("a player reached the goal of {0} glory", "有人达到{0}点荣誉目标"),
    "events_exhausted": ("the event deck ran out", "事件牌用尽"),
    "heroes_exhausted": ("the hero deck ran out", "主角牌用尽"),
    "round_limit": ("the round limit was reached", "达到回合上限"),
}
WORDS = {  # fight outcomes, the running score and the result
    "en": {"wins": " — {0} wins the fight", "nobody": " — the fight ends with no winner",
           "both": " — both sides are beaten, nobody wins the fight",
           "hits": " (hits taken: {0})", "sep": ", ", "needs": "needs {0}, {1}",
           "ok": ("fails", "succeeds"), "no_skull": "nothing",
           "score": "round {0} · glory {1} · {2} to win", "stash": " (incl. {0} stash)",
           "winner": "Winner: {0} with {1} glory{2}",
           "winners": "Winners: {0} with {1} glory each{2}",
           "won_stash": ", {0} of them from the stash",
           "others": " ({0})", "why": " — {0}; game over after round {1}"},
    "zh": {"wins": " — {0}赢得战斗", "nobody": " — 战斗结束，无人获胜",
           "both": " — 双方都被击败，无人获胜", "hits": "（受到伤害：{0}）", "sep": "，",
           "needs": "需要{0}，{1}", "ok": ("失败", "成功"), "no_skull": "无",
           "score": "第{0}轮 · 荣誉 {1} · {2}点获胜", "stash": "（含藏宝箱{0}）",
           "winner": "胜者：{0}，{1}点荣誉{2}", "winners": "胜者：{0}，各{1}点荣誉{2}",
           "won_stash": "（其中{0}点来自藏宝箱）",
           "others": "；其他：{0}", "why": " — {0}；第{1}轮后游戏结束"},
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
    if how == "h" and lang == "en":
        return "no hits" if value == 0 else "1 hit" if value == 1 else f"{value} hits"
    if how == "c" and lang == "zh" and value in CAUSES_ZH:
        return CAUSES_ZH[value]
    if how == "c":
        return _read(state, "t", value, lang, heroes)
    if how == "r":
        text = END_REASONS[value][lang == "zh"] if value in END_REASONS else str(value)
        return text.format(state.rules.game.glory_to_win)
    if how == "q":
        return _verdict(*value, lang)
    return str(value)


def _verdict(dice, need: int, lang: str) -> str:
    """A check's verdict: 'needs ☠, fails' (the skulls it needs, then the outcome)."""
    words = WORDS.get(lang, WORDS["en"])
    ok = list(dice).count(SKULL) >= need
    return words["needs"].format("☠" * need or words["no_skull"], words["ok"][ok])


def line(state, entry, lang: str = "en", heroes: dict | None = None) -> str:
    """One log entry in words; an unknown kind or shape prints its raw values."""
    kind, *values = entry
    heroes = heroes or {}
    row = LINES.get(f"{kind}/{len(values)}") or LINES.get(kind)
    if row is not None and "q" in row[0]:  # a check's verdict reads its dice and need
        values = [*values[:-1], (values[-2], values[-1])]
    if row is None or len(row[0]) != len(values):
        return f"{kind}: " + ", ".join(_read(state, "n", v, lang, heroes) for v in values)
    words = [_read(state, how, v, lang, heroes) for how, v in zip(row[0], values)]
    return row[2 if lang == "zh" else 1].format(*words)


def log_lines(state, lang: str = "en") -> list[str]:
    """The game's event log as readable lines (each player named by its hero of the time)."""
    used = {p.seat: list(p.heroes) for p in state.players}
    heroes = {s: h[0] if h else None for s, h in used.items()}
    lines, fight, log = [], None, state.log
    for i, entry in enumerate(log):
        text = line(state, entry, lang, heroes)
        kind = entry[0]
        if kind == "fight":
            fight = {entry[1]: 0, entry[2]: 0}  # side -> hits taken so far
        elif kind == "hits" and fight is not None and entry[1] in fight:
            fight[entry[1]] += entry[2]
        elif kind in ("defeated", "fled") and fight is not None and not (
                kind == "defeated" and i + 1 < len(log) and log[i + 1][0] == "defeated"):
            both = kind == "defeated" and log[i - 1][0] == "defeated"
            text += _outcome(state, "both" if both else kind, entry[1], fight, lang, heroes)
            fight = None
        lines.append(text)
        if kind == "death":
            seat = entry[1]
            index = used[seat].index(entry[2]) + 1 if entry[2] in used[seat] else None
            heroes[seat] = used[seat][index] if index and index < len(used[seat]) else None
    return lines


def _outcome(state, kind: str, ref: str, fight: dict, lang: str, heroes: dict) -> str:
    """How a fight ended (on its last line): who won, and the hits each side took. After a
    double defeat (two `defeated` entries in a row) nobody wins; after a flight neither."""
    words = WORDS.get(lang, WORDS["en"])
    sides = list(fight)
    if kind == "fled":
        text = words["nobody"]
    elif kind == "both" or ref not in sides:
        text = words["both"]
    else:
        winner = sides[1 - sides.index(ref)]
        text = words["wins"].format(_read(state, "n", winner, lang, heroes))
    hits = words["sep"].join(f"{_short(state, side, lang)} {fight[side]}" for side in sides)
    return text + words["hits"].format(hits)


def _short(state, ref: str, lang: str) -> str:
    """A fight's side in few words: 'P1' for a player, the NPC's name otherwise."""
    if ref[:1] == "p" and ref[1:].isdigit():
        return f"P{int(ref[1:]) + 1}" if lang == "en" else f"玩家{int(ref[1:]) + 1}"
    return name(state, ref, lang)


def _glory(state, seat: int, lang: str) -> str:
    """A seat's glory with the hidden stash points (shown: a replay sees everything)."""
    total = total_glory(state, seat)
    stash = total - state.players[seat].glory
    extra = WORDS.get(lang, WORDS["en"])["stash"].format(stash) if stash else ""
    return f"{total}{extra}"


def score_line(state, lang: str = "en") -> str | None:
    """The running glory: 'round 4 · glory P1 2, P2 4 (+1 stash) · 10 to win' (None while
    the parties are chosen, before round 1)."""
    if state.round < 1:
        return None
    words = WORDS.get(lang, WORDS["en"])
    seats = words["sep"].join(f"{_short(state, f'p{s}', lang)} {_glory(state, s, lang)}"
                              for s in range(len(state.players)))
    return words["score"].format(state.round, seats, state.rules.game.glory_to_win)


def end_line(state, lang: str = "en") -> str | None:
    """The result: 'Winner: P2 (hero) with 10 glory (P1 7, P3 4) — why; game over after
    round 27' (None while the game goes on)."""
    from toolkit.games.caravans.engine.flow import winners

    if state.phase != "over":
        return None
    words = WORDS.get(lang, WORDS["en"])
    won = winners(state)
    named = words["sep"].join(who(state, s, lang) for s in won)
    total = total_glory(state, won[0])
    stash = total - state.players[won[0]].glory
    text = words["winner" if len(won) == 1 else "winners"].format(
        named, total, words["won_stash"].format(stash) if stash and len(won) == 1 else "")
    others = words["sep"].join(f"{_short(state, f'p{s}', lang)} {_glory(state, s, lang)}"
                               for s in range(len(state.players)) if s not in won)
    if others:
        text += words["others"].format(others)
    reason = _read(state, "r", getattr(state, "end_reason", None), lang, {})
    return text + words["why"].format(reason, state.round)
