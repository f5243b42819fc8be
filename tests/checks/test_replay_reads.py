"""`toolkit replay` reads like a game log (issue #15 point 6): each check says what it
needed and whether it succeeded, fights end with their outcome, a running score is shown,
the end names the winner with the score and why the game ended, and no action is printed
twice; in English and Chinese, for Caravans & Brigands and another game. Also the progress
display of `toolkit check`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from toolkit import BUNDLED_PROJECT
from toolkit.checks.replay import replay_lines
from toolkit.content.validate import load_catalog
from toolkit.games import game_for
from toolkit.loop import play_game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SEED, AGENTS = 3, ["random", "adventurer"]   # a Caravans game with checks
CHECK = re.compile(r" rolls (influence|perception|leadership|agility|delve): ")
CHECK_ZH = re.compile(r"进行(影响力|洞察力|领导力|敏捷|深入探索)检定：")


@pytest.fixture(scope="module")
def caravans():
    catalog = load_catalog(BUNDLED_PROJECT)
    return game_for(catalog, command="replay"), catalog


@pytest.fixture(scope="module")
def record(caravans):
    return play_game(*caravans, SEED, AGENTS)


def _replay(game, catalog, lang: str, agents=AGENTS, seed=SEED) -> list[str]:
    return list(replay_lines(game, catalog, seed, list(agents), lang=lang))


def _bare(text: str) -> str:
    return "".join(text.split())


def _no_action_twice(lines: list[str]) -> None:
    for action, after in zip(lines, lines[1:]):
        if action.lstrip().startswith("#"):
            said = _bare(action.split("] ", 1)[1])
            assert _bare(after) != said, f"printed twice: {action!r}"


@pytest.fixture(scope="module")
def english(caravans):
    return _replay(*caravans, "en")


@pytest.fixture(scope="module")
def chinese(caravans):
    return _replay(*caravans, "zh")


def test_the_header_names_game_seed_and_line_up(english, chinese):
    assert english[0] == ("Caravans & Brigands — seed 3, 2 players: seat 1 random, "
                          "seat 2 adventurer")
    assert chinese[0].startswith("商队与强盗 — 种子3，2名玩家：1号座位 random")


def test_the_header_says_which_seat_plays_first_when_it_is_not_seat_1(caravans):
    """Caravans draws its first player: the header says so, so that 'seat 1' of the line-up
    is not read as the first in turn order (the reports' seat 1)."""
    english = list(replay_lines(*caravans, 1, ["random", "trader"], until=1))
    assert english[0].endswith("seat 1 random, seat 2 trader; seat 2 plays first")
    assert "P2" in english[1] and "first player" in english[1]
    chinese = list(replay_lines(*caravans, 1, ["random", "trader"], until=1, lang="zh"))
    assert chinese[0].endswith("；2号座位先行")


def test_every_check_says_what_it_needs_and_whether_it_succeeds(english, chinese):
    checks = [line for line in english if CHECK.search(line)]
    assert len(checks) >= 5
    for line in checks:
        verdict = re.search(r" — needs (☠+), (succeeds|fails)$", line)
        assert verdict, line
        dice = line.split(": ", 1)[1].split(" — ")[0].split()
        # the verdict follows from the dice: enough skulls succeed
        assert (dice.count("☠") >= len(verdict[1])) == (verdict[2] == "succeeds"), line
    assert {"succeeds", "fails"} <= {line.rsplit(", ", 1)[1] for line in checks}
    zh = [line for line in chinese if CHECK_ZH.search(line)]
    assert len(zh) == len(checks)
    assert all(re.search(r" — 需要☠+，(成功|失败)$", line) for line in zh), zh


def test_fights_end_with_the_winner_and_the_hits_taken(caravans):
    fought = 0
    for seed in range(1, 9):  # games of 4 seats, till a few fights were seen
        lines = _replay(*caravans, "en", agents=["raider"] * 4, seed=seed)
        fought += sum(" attacks " in line for line in lines)
        ends = [line for line in lines if re.search(r" (is defeated|flees)( — |$)", line)]
        for line in ends:
            if not line.endswith(" is defeated") or ends.index(line) + 1 == len(ends):
                assert re.search(r" — (.+ wins the fight|both sides are beaten.*|the fight "
                                 r"ends with no winner) \(hits taken: .+ \d+, .+ \d+\)$",
                                 line), line
        if fought >= 3:
            break
    assert fought >= 3
    zh = _replay(*caravans, "zh", agents=["raider"] * 4, seed=seed)
    assert any(re.search("(赢得战斗|无人获胜)（受到伤害：", line) for line in zh)


def test_a_running_score_at_turn_boundaries(english, chinese, record):
    scores = [line for line in english if line.startswith("  = ")]
    rounds = [int(re.match(r"  = round (\d+) · glory ", line)[1]) for line in scores]
    assert rounds[0] == 1 and rounds == sorted(rounds)
    assert len(set(rounds)) == rounds[-1], "a score line in every round"
    assert len(scores) == len(set(scores)), "a score is printed only when it changes"
    assert re.search(r"glory P1 \d+.*, P2 \d+.* · 7 to win$", scores[-1]), scores[-1]
    # the result counts the winner's hidden stash points, and says so
    won = record["winner"][0]
    assert ("from the stash" in english[-1]) == bool(
        record["glory_by_source"][won].get("stash"))
    assert any(line.startswith("  = 第") and "荣誉 玩家1" in line for line in chinese)


def test_the_end_names_the_winner_the_score_and_why(english, chinese, record):
    from toolkit.games.caravans.log import END_REASONS
    won = record["winner"][0]
    glory = record["glory"]
    last = english[-1]
    assert last.startswith(f"Winner: P{won + 1} (")
    assert f" with {glory[won]} glory" in last
    others = [f"P{s + 1} {glory[s]}" for s in range(len(glory)) if s != won]
    assert all(o in last for o in others), last
    why = END_REASONS[record["end_reason"]][0].format(7)
    assert last.endswith(f" — {why}; game over after round {record['rounds']}"), last
    assert "winner(s)" not in "\n".join(english)
    assert chinese[-1].startswith(f"胜者：玩家{won + 1} (") and f"{glory[won]}点荣誉" in chinese[-1]


def test_no_action_is_printed_twice(english, chinese):
    _no_action_twice(english)
    _no_action_twice(chinese)
    # a player's move, which the old replay printed twice, is now printed once
    moves = [line for line in english if re.search(r"P\d \(.+\) moves to ", line)]
    assert moves and all(line.lstrip().startswith("#") for line in moves)


def test_a_check_roll_line_reads_its_need(caravans):
    from toolkit.games.caravans.log import line
    game, catalog = caravans
    state = game.new_game(catalog, 1, AGENTS)
    skull = -1
    assert line(state, ("roll", "p0", "influence", (skull, 3), 2)).endswith(
        "rolls influence: ☠ 3 — needs ☠☠, fails")
    assert line(state, ("roll", "p0", "influence", (skull, skull), 2), "zh").endswith(
        "☠ ☠ — 需要☠☠，成功")
    # a contest roll (no need) reads as before
    assert line(state, ("roll", "p1", "melee", (2, skull))).endswith("rolls melee: 2 ☠")


def test_a_fight_outcome_is_read_from_the_log(caravans):
    from toolkit.games.caravans.log import log_lines
    game, catalog = caravans
    state = game.new_game(catalog, 1, AGENTS)
    npc = next(iter(catalog.of("npc")))
    state.log = [("fight", f"n:{npc}", "p1"), ("hits", "p1", 2), ("hits", f"n:{npc}", 1),
                 ("hits", "p1", 1), ("defeated", f"n:{npc}"), ("fight", f"n:{npc}", "p0"),
                 ("fled", "p0"), ("fight", "p0", "p1"), ("defeated", "p0"),
                 ("defeated", "p1")]
    lines = log_lines(state)
    assert re.search(r"is defeated — P2 \(.+\) wins the fight \(hits taken: .+ 1, P2 3\)$",
                     lines[4]), lines[4]
    assert lines[6].endswith("flees — the fight ends with no winner (hits taken: "
                             f"{catalog.names[npc]['en']} 0, P1 0)")
    assert " — " not in lines[8] and "both sides are beaten" in lines[9]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_another_game_shows_its_score_and_winner(lang):
    catalog = load_catalog(EXAMPLES / "nanhuang2")
    game = game_for(catalog, command="replay")
    lines = _replay(game, catalog, lang, agents=["random", "random"], seed=SEED)
    _no_action_twice(lines)
    scores = [line for line in lines if line.startswith("  = ")]
    assert scores and len(scores) == len(set(scores))
    record = play_game(game, catalog, SEED, ["random", "random"])
    won = record["winner"]
    if lang == "en":
        assert scores[0].startswith("  = round 1 · player 1: ")
        assert lines[-1].startswith(f"Winner: seat {won[0] + 1} — round ")
        assert "(ended: " in lines[-1]
    else:
        assert scores[0].startswith("  = 第1轮 · 玩家1：")
        assert lines[-1].startswith(f"胜者：{won[0] + 1}号座位 — 第")


def test_a_stopped_replay_ends_with_the_score_then_the_stop(caravans):
    game, catalog = caravans
    lines = list(replay_lines(game, catalog, SEED, AGENTS, until=30))
    assert lines[-1] == "stopped after action 30"
    assert any(line.startswith("  = round ") for line in lines)


def test_check_reports_each_game_to_its_progress_display():
    from toolkit.checks.run import run_check
    seen = []
    report = run_check(EXAMPLES / "nanhuang2", games=3, seed=1, on_game=seen.append)
    assert report.games == 3 and len(seen) == 3
    assert seen == sorted(seen) and seen[-1] == len(report.violations)


def test_the_check_progress_appears_only_after_two_seconds(monkeypatch):
    import contextlib

    import toolkit.progress
    from toolkit.checks import command

    opened, steps = [], []

    @contextlib.contextmanager
    def fake(label, total=None, **kw):
        opened.append((label, total))
        yield lambda advance=1, note=None: steps.append((advance, note))

    monkeypatch.setattr(toolkit.progress, "progress", fake)
    clock = [100.0]
    monkeypatch.setattr(command.time, "monotonic", lambda: clock[0])
    with command.late_progress("fuzzing games", 10) as step:
        step(note="0 violation(s)")          # at 0 s: nothing shown
        clock[0] += 2.5
        step(note="1 violation(s)")          # past 2 s: the bar opens with both games
        step(note="1 violation(s)")
    assert opened == [("fuzzing games", 10)]
    assert steps == [(2, "1 violation(s)"), (1, "1 violation(s)")]
    opened.clear()
    with command.late_progress("fuzzing games", 10, enabled=False) as step:  # -q
        clock[0] += 5
        step()
    assert opened == []


def _nim(score: bool):
    """A tiny game on the bare protocol: take 1 or 2 of 5 stones; who takes the last wins.
    With `score`, it shows the stones left as its running score."""
    from toolkit.game import Game

    class Nim(Game):
        name, title = "nim", {"en": "Nim", "zh": "尼姆"}

        def new_game(self, catalog, seed, seats):
            return {"left": 5, "turn": 0, "winner": None}

        def legal_actions(self, s):
            return [1, 2] if s["left"] >= 2 else [1]

        def apply_action(self, s, a):
            s = dict(s, left=s["left"] - a, turn=1 - s["turn"])
            if s["left"] == 0:
                s["winner"] = 1 - s["turn"]
            return s

        def current_player(self, s):
            return -1 if s["winner"] is not None else s["turn"]

        def is_terminal(self, s):
            return s["winner"] is not None

        def results(self, s):
            return [float(i == s["winner"]) for i in range(2)]

        def describe_action(self, s, a, lang="en"):
            return f"seat {s['turn'] + 1} takes {a}"

        if score:
            def score_line(self, s, lang="en"):
                return f"{s['left']} stones left"

    return Nim()


def test_any_game_gets_a_header_and_a_winner_without_hooks():
    lines = list(replay_lines(_nim(False), None, 1, ["random", "random"]))
    assert lines[0] == "Nim — seed 1, 2 players: seat 1 random, seat 2 random"
    assert re.fullmatch(r"Winner: seat [12]", lines[-1])
    assert not any(line.startswith("  = ") for line in lines)


def test_a_game_score_line_is_shown_when_the_turn_passes():
    lines = list(replay_lines(_nim(True), None, 1, ["random", "random"]))
    actions = [line for line in lines if line.lstrip().startswith("#")]
    scores = [line for line in lines if line.startswith("  = ")]
    assert len(scores) == len(actions) - 1     # every action passes the turn, but the last
    assert re.fullmatch(r"Winner: seat [12] — 0 stones left", lines[-1])


def test_the_score_and_result_count_stash_points(caravans):
    from toolkit.games.caravans.log import end_line, score_line
    game, catalog = caravans
    state = game.new_game(catalog, 1, ["random"] * 3)
    assert score_line(state) is None                       # parties not chosen yet
    per_point = state.rules.game.stash.gold_per_point
    state.round = 4
    state.players[0].glory, state.players[1].glory = 3, 8
    state.players[1].stash = 2 * per_point
    assert score_line(state) == "round 4 · glory P1 3, P2 10 (incl. 2 stash), P3 0 · 7 to win"
    assert score_line(state, "zh") == "第4轮 · 荣誉 玩家1 3，玩家2 10（含藏宝箱2），玩家3 0 · 7点获胜"
    assert end_line(state) is None                         # the game goes on
    state.phase, state.end_reason = "over", "glory"
    hero = catalog.names[state.players[1].hero]["en"]
    assert end_line(state) == (f"Winner: P2 ({hero}) with 10 glory, 2 of them from the stash "
                               "(P1 3, P3 0) — a player reached the goal of 7 glory; game "
                               "over after round 4")
