"""`toolkit replay`: play one game from its seed and agents and print it turn by turn —
who did what, the dice rolled, gold and glory gained, deaths, events and the end."""

from __future__ import annotations

from typing import Callable, Iterator

from toolkit import engine
from toolkit.agents import make_agent
from toolkit.engine.replay import _dice  # the engine's log_lines writes dice the same way
from toolkit.errors import RulesError

WORDS = {
    "en": {"round": "Round {n}", "event": "event: {name}", "rolls": "{who} rolls {stat}: {dice}",
           "glory": "{who} gains 1 glory ({source})", "gold": "{who} {sign}{n} gold ({why})",
           "death": "{who}'s hero {hero} dies ({cause})", "hits": "{who} takes {n} hit(s)",
           "bounty": "{who} gets a bounty of {race}", "announce": "{who} announces victory",
           "end": "game over: {reason} (round {n})", "npc_enter": "{name} enters at {region}",
           "first": "seat {seat} is the first player", "winner": "winner(s): {seats}",
           "stopped": "stopped after action {n}", "seat": "seat {n}",
           "header": "Game seed {seed}, {n} players (seats from 0): {lineup}"},
    "zh": {"round": "第{n}轮", "event": "事件：{name}", "rolls": "{who}进行{stat}检定：{dice}",
           "glory": "{who}获得1点荣誉（{source}）", "gold": "{who}{sign}{n}元宝（{why}）",
           "death": "{who}的主角{hero}死亡（{cause}）", "hits": "{who}受到{n}点伤害",
           "bounty": "{who}被{race}通缉", "announce": "{who}宣布胜利",
           "end": "游戏结束：{reason}（第{n}轮）", "npc_enter": "{name}在{region}进入游戏",
           "first": "{seat}号座位为起始玩家", "winner": "胜者：{seats}",
           "stopped": "在第{n}个行动后停止", "seat": "{n}号座位",
           "header": "游戏种子{seed}，{n}名玩家（座位从0开始）：{lineup}"},
}
# The engine's log keys (dice rolls, gold and glory sources, causes, end reasons) in words;
# a key not listed here is printed as it is.
TERMS = {
    "zh": {"combat": "战斗力", "perception": "洞察力", "leadership": "领导力", "influence": "影响力",
           "delve": "深入探索", "flee": "逃跑", "melee": "肉搏", "ranged": "远程", "venom": "毒",
           "volley": "齐射", "raid": "劫掠", "loot": "战利品", "mission": "任务", "reward": "悬赏",
           "rumor": "传言", "sell": "卖货", "weapon_sale": "卖武器", "defeat": "击败",
           "large_party": "大型部队", "stash": "藏宝箱", "glory": "有人达到荣誉目标",
           "events_exhausted": "事件牌用尽", "heroes_exhausted": "主角牌用尽",
           "round_limit": "达到回合上限"},
}


def replay_lines(catalog, seed: int, agents: list[str], until: int | None = None,
                 lang: str = "en") -> Iterator[str]:
    """The game as readable lines; stops after action `until` when given."""
    words = dict(WORDS.get(lang, WORDS["en"]), terms=TERMS.get(lang, {}))
    name = _namer(catalog, lang)
    players = [make_agent(a, catalog, seat, seed) for seat, a in enumerate(agents)]
    state = engine.new_game(catalog, seed, list(agents))
    lineup = ", ".join(f"{words['seat'].format(n=s)} {a}" for s, a in enumerate(agents))
    yield words["header"].format(seed=seed, n=len(agents), lineup=lineup)
    yield from _events(state.log, 0, words, name)
    seen, index = len(state.log), 0
    while not engine.is_terminal(state) and (until is None or index < until):
        seat = engine.current_player(state)
        legal = engine.legal_actions(state)
        action = players[seat].choose(engine.observation(state, seat), legal)
        index += 1
        yield f"  #{index} [{agents[seat]}] {engine.describe_action(state, action, lang)}"
        try:
            state = engine.apply_action(state, action)
        except Exception as exc:  # show the game up to the crash, then say what happened
            raise RulesError(f"the engine raised {type(exc).__name__} at action {index}: "
                             f"{exc}") from None
        yield from _events(state.log, seen, words, name)
        seen = len(state.log)
    if engine.is_terminal(state):
        won = [s for s, r in enumerate(engine.results(state)) if r > 0]
        yield words["winner"].format(seats=", ".join(str(s) for s in won))
    else:
        yield words["stopped"].format(n=index)


def _namer(catalog, lang) -> Callable[[object], str]:
    names = catalog.names

    def name(value) -> str:
        entry = names.get(value) if isinstance(value, str) else None
        return entry.get(lang, entry["en"]) if entry else str(value)
    return name


def _who(ref, words, name) -> str:
    if isinstance(ref, int):
        return words["seat"].format(n=ref)
    if isinstance(ref, str) and ref.startswith("p") and ref[1:].isdigit():
        return words["seat"].format(n=int(ref[1:]))
    if isinstance(ref, str) and ref.startswith("n:"):
        return name(ref[2:])
    return str(ref)


def _term(key, words, name=None) -> str:
    """A log key in the replay's language: a card's name if it is a card, else its word."""
    if name is not None and name(key) != str(key):
        return name(key)
    return words["terms"].get(key, str(key))


def _events(log, start, words, name) -> Iterator[str]:
    for entry in log[start:]:
        line = _event(entry, words, name)
        if line:
            yield line


def _event(entry, words, name) -> str | None:
    kind, args = entry[0], entry[1:]
    who = lambda ref: _who(ref, words, name)  # noqa: E731
    try:
        if kind == "event":
            return words["round"].format(n=args[1]) + " — " + \
                words["event"].format(name=name(args[0]))
        if kind == "roll":
            return "      " + words["rolls"].format(who=who(args[0]), stat=_term(args[1], words),
                                                    dice=_dice(args[2]))
        if kind == "glory":
            return "      " + words["glory"].format(who=who(args[0]), source=_term(args[1], words))
        if kind == "gold":
            n = args[1]
            return "      " + words["gold"].format(who=who(args[0]), sign="+" if n >= 0 else
                                                   "", n=n, why=_term(args[2], words, name))
        if kind == "death":
            return "      " + words["death"].format(who=who(args[0]), hero=name(args[1]),
                                                    cause=_term(args[2], words))
        if kind in ("hits", "bounty", "announce", "npc_enter", "end", "first"):
            fields = {"hits": dict(who=who(args[0]), n=args[-1]),
                      "bounty": dict(who=who(args[0]), race=name(args[-1])),
                      "announce": dict(who=who(args[0])),
                      "npc_enter": dict(name=name(args[0]), region=name(args[-1])),
                      "end": dict(reason=_term(args[0], words), n=args[-1]),
                      "first": dict(seat=args[0])}[kind]
            return "      " + words[kind].format(**fields)
    except (IndexError, TypeError):
        pass
    return None
