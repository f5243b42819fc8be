"""The Game protocol: what every game's rules give the generic layers of the toolkit.

A game is a pure state machine (OpenSpiel-like). The toolkit's generic layers (the game loop,
agents, `simulate`, `check`, `replay`, `compare`, `build`) know a game only through this
class; they never import a game's own modules. A game's code lives in one folder: a built-in
game in `toolkit/games/<name>/` (its package exposes `GAME`, an instance of a `Game`
subclass), a third-party game in a package registered under the entry-point group
`card_toolkit.games`, or a project's own `rules/` package (see `toolkit/games/__init__.py`).

Required (the state machine):
    new_game(catalog, seed, seats)     a fresh state; `seats` are the agents' names, one a seat
    legal_actions(state)               the actions of `current_player`, in a fixed order
    apply_action(state, action)        the state after `action` (may mutate; returns it)
    current_player(state)              the seat to act, -1 once the game is over
    is_terminal(state)
    results(state)                     each seat's share of the win (winners split 1.0)
    clone(state)                       an independent copy

Chance is never a player: a game draws from random streams seeded by `seed` inside
`apply_action`, so the same seed and the same actions always give the same game.

Optional (each has a default here that works for any game):
    observation(state, seat)           what `seat` may see (default: the state itself)
    determinize(observation, seat, rng)  a full state consistent with an observation
    describe_action(state, action, lang)  an action in words ('en' or 'zh')
    state_hash(state), to_json(state)  a stable digest and a JSON text of a position
    record(state)                      the compact record of a game, for reports and replay
    action_to_json / action_from_json  actions as JSON values (records, replays)
    metrics(record)                    named numbers a balance report counts for each seat
    seat_groups(record), group_ids(catalog)  win rates by group (e.g. hero) in reports, compare
    sides(catalog)                     the report's factors by name: sides it leads with
                                       (Root's factions), levers (heroes), styles, seat, usage
    skill_ladder(catalog)              agent names weakest first, for the report's skill ladder
    value(state, seat)                 a seat's estimated share of the win in an unfinished
                                       position, for the search's truncated rollouts (None)
    id_metrics(record, ids)            per-seat numbers about given content ids (card use), compare
    in_play(catalog, seed, seats)      group ids the setup alone gives the seats (compare focuses)
    report_sections(records, catalog)  extra sections of the balance report
    report_tally(catalog)              the same sections, tallied game by game (mergeable)
    report_view(report, names)         the game's own figures, tables and HTML of report.html
    invariants()                       named checks run after every action by `check`
    count_effects(counter)             counts the effect operations that fire (`check`)
    scenario(catalog, setup, seed)     a state built from a ruling's `setup:` block
    step_matches(state, action, step)  whether an action is a ruling's `{do: ...}` step
    expect(state, item)                a ruling's expectation: None when it holds, else why
    probability(catalog, setup, seed, play, holds)  a ruling's exact probability
    ruling_problems(ruling)            a ruling's game-specific mistakes, when rulings load
    render_parts(catalog)              extra print parts of `build` (board, player boards...)
    kinds(), ops(), validate(...)      content kinds (pydantic models), effect ops, pass-2 checks
    settings_fields(), part_kinds()    the game's own game.yaml settings; printed non-card kinds
    agents()                           agent factories it offers, by name; agent_names,
                                       mixed_agents and new_agent when they depend on the project
    log_lines(state, lang)             the game's log in words
    score_line(state, lang), end_line(state, lang)  the running score and the result, in words
    play_batch(catalog, jobs)          a whole batch at once (a compiled core); None: not here
    odds(catalog, lang)                exact outcome tables for `toolkit odds` (default: none)
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

Action = Any   # any hashable value the game chooses; `action_to_json` makes it JSON
State = Any


@dataclass(frozen=True)
class Side:
    """One factor of the balance report, named for a designer (`Game.sides`).

    `key` is `seat` (the place in turn order, every game has it), `agent` (the play style)
    or a family of `Game.seat_groups` (or of the game's `adjusted` report section, for
    usage). `role` says where the report puts it: `side` - what the report leads with, the
    game's sides (Root's factions; the seat in a game whose seats are alike); `lever` - a
    setup choice judged as balance (a hero, a starting party); `style` - the agents;
    `usage` - items a player chooses during play (cards used), shown apart from balance
    verdicts, because using a card is a sign of the game's state as much as a cause of it.
    `title` and `note` are {'en': ..., 'zh': ...}."""

    key: str
    title: Mapping[str, str]
    role: str = "lever"
    note: Mapping[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"key": self.key, "title": dict(self.title), "role": self.role,
                "note": dict(self.note)}


SEAT = Side("seat", {"en": "Seat", "zh": "座位"}, "side",
            {"en": "place in turn order (seat 1 moves first)", "zh": "行动顺序（座位1先行）"})
STYLE = Side("agent", {"en": "Style", "zh": "风格"}, "style")

# A hard cap on actions in one game: a game that reaches it stops with a content error
# naming the setting to look at (see `Game.max_actions`).
DEFAULT_MAX_ACTIONS = 20_000


class Game:
    """Base class of a game's rules. Subclasses override at least the required methods."""

    name: str = "game"                # the registry name (`rules:` in game.yaml)
    title: Mapping[str, str] = {"en": "A game", "zh": "游戏"}
    max_actions: int = DEFAULT_MAX_ACTIONS
    # the game.yaml setting that bounds game length, named when `max_actions` is reached
    length_setting: str = "the game's end condition"
    # Keys of a ruling that hold seats, besides the runner's own by/current/winners/seat:
    # key -> "value" (a seat or a list of seats), "keys" (a mapping keyed by seat) or
    # "values" (a mapping whose values are seats). Rulings count seats from 1; the loader
    # hands the hooks below seats from 0 (toolkit/checks/seats.py).
    ruling_seats: Mapping[str, str] = {}

    # ---- the state machine (required) ----------------------------------------------------
    def new_game(self, catalog, seed: int, seats: Sequence[str]) -> State:
        raise NotImplementedError

    def legal_actions(self, state: State) -> list[Action]:
        raise NotImplementedError

    def apply_action(self, state: State, action: Action) -> State:
        raise NotImplementedError

    def current_player(self, state: State) -> int:
        raise NotImplementedError

    def is_terminal(self, state: State) -> bool:
        raise NotImplementedError

    def results(self, state: State) -> list[float]:
        raise NotImplementedError

    def clone(self, state: State) -> State:
        import copy
        return copy.deepcopy(state)

    # ---- information ---------------------------------------------------------------------
    def observation(self, state: State, seat: int) -> Any:
        """What `seat` may see. The default shows everything (a game of open information)."""
        return state

    def determinize(self, observation: Any, seat: int, rng: random.Random) -> State:
        """A full, playable state equal to the truth in all `seat` sees, the hidden rest
        re-sampled with `rng`. The default suits open information: a copy."""
        return self.clone(observation)

    # ---- words and records ---------------------------------------------------------------
    def describe_action(self, state: State, action: Action, lang: str = "en") -> str:
        return str(self.action_to_json(action))

    def action_to_json(self, action: Action) -> Any:
        return action

    def action_from_json(self, data: Any) -> Action:
        return tuple(data) if isinstance(data, list) else data

    def to_json(self, state: State) -> str:
        return json.dumps(state, sort_keys=True, default=_plain, ensure_ascii=False)

    def state_hash(self, state: State) -> str:
        return hashlib.sha256(self.to_json(state).encode()).hexdigest()

    def record(self, state: State) -> dict:
        """The compact record of a finished game. Generic keys every game gives: seed,
        players, agents, winner (seats), actions (count); a game adds its own."""
        res = self.results(state)
        best = max(res) if res else 0
        return {"winner": [s for s, r in enumerate(res) if r == best and best > 0]}

    def log_lines(self, state: State, lang: str = "en") -> list[str]:
        return []

    def score_line(self, state: State, lang: str = "en") -> "str | None":
        """The running score in one line (e.g. 'round 4 · glory P1 2, P2 4 · 10 to win');
        `replay` prints it when the turn passes to another seat and the line changed.
        None (the default): the game shows no score."""
        return None

    def end_line(self, state: State, lang: str = "en") -> "str | None":
        """A finished game's result in one line: the winner(s) with their score, the
        others' scores and why the game ended ('Winner: P2 (Ada) with 10 glory (P1 7) —
        ...'). None (the default): `replay` names the winning seats and the last score."""
        return None

    # ---- what the generic layers count and check -----------------------------------------
    def metrics(self, record: Mapping) -> dict[str, list[float]]:
        """Named per-seat numbers of one game record (one list entry per seat), for the
        balance report and `compare`. Win is always counted by the generic layer."""
        return {}

    def seat_groups(self, record: Mapping) -> dict[str, list]:
        """Named groups each seat of a game record belongs to (e.g. {"hero": [per-seat hero
        id]}), for win rates by group in the balance report and `compare`; default none."""
        return {}

    def group_ids(self, catalog) -> dict[str, list[str]]:
        """For each group of `seat_groups`, the ids a project's content offers (so that
        `compare` asks about the ids both versions have); default none."""
        return {}

    def sides(self, catalog) -> list[Side]:
        """The factors of the balance report by name (see `Side`), in the order the report
        shows them. The default: the seat (as turn position) leads, then each group of
        `group_ids` as a lever, then the style. A game overrides it to name its own sides
        (Root: `faction` as the side, the seat beside it) in English and Chinese; a family
        the report finds that no side names is shown with its key as the title."""
        groups = [Side(k, {"en": k.replace("_", " ").capitalize(), "zh": k})
                  for k in self.group_ids(catalog)]
        return [SEAT, *groups, STYLE]

    def skill_ladder(self, catalog) -> list[str]:
        """Agent names from the weakest to the strongest, for the report's skill ladder
        (`toolkit simulate --ladder N`): does the AI separate skill from luck? The
        default: `random`, the game's `heuristic` when it has one, and `search`, those this
        game offers."""
        known = set(self.agent_names(catalog)) | {"random", "search"}
        return [a for a in ("random", "heuristic", "search") if a in known]

    def value(self, state: State, seat: int) -> "float | None":
        """An estimate, in [0, 1], of `seat`'s share of the win in the unfinished `state`
        (the seats' estimates need not add up to 1). The generic `search` then cuts its
        rollouts after `toolkit.agents.search.HORIZON` actions and scores this instead of
        playing to the end. None: the game gives no estimate (the default, which a game that
        does not override this method keeps: its rollouts play to the end)."""
        return None

    def id_metrics(self, record: Mapping, ids: Iterable[str]) -> dict[str, list[float]]:
        """Per-seat numbers about particular content ids, which `compare` asks for the ids
        an edit touched (e.g. how often each seat used an edited card). The default reads a
        record's `cards_used` when the game gives one (per seat, a mapping card id -> uses
        or a list of ids): `use:<id>` = how often that seat used the card."""
        used = record.get("cards_used")
        if not isinstance(used, (list, tuple)):
            return {}
        out = {}
        for id_ in ids:
            out[f"use:{id_}"] = [float(s.get(id_, 0) if isinstance(s, Mapping)
                                       else list(s).count(id_)) for s in used]
        return out

    def in_play(self, catalog, seed: int, seats: Sequence[str]) -> "dict[str, set] | None":
        """For each group of `seat_groups` that the setup of game `seed` alone decides (e.g.
        the heroes dealt), the ids it gives the seats; a group decided later in play is left
        out. `compare` plays first the seeds that deal an edited id. None (the default):
        unknown, every seed is played."""
        return None

    def report_sections(self, records: Sequence[Mapping], catalog) -> dict[str, Any]:
        """Extra sections of the balance report (report.json) computed from the game's own
        record keys (e.g. card use); default none."""
        return {}

    def report_tally(self, catalog):
        """The game's report sections as a mergeable reporter (toolkit.sim.reporters):
        `empty()`, `add(tally, index, record)`, `finish(tally, base)` (its sections; `base`
        holds the adjusted fits' rows) and optionally `items(record)` ({family: per-seat
        ids held}, rows of the fits, e.g. cards used). The workers tally their games and
        the parent merges the tallies, so it keeps no record. The default: none when the
        game has no `report_sections`, else one that keeps the records (in the parent's
        memory) for `report_sections`."""
        if type(self).report_sections is Game.report_sections:
            return None
        from toolkit.sim.reporters import KeptRecords
        return KeptRecords(self, catalog)

    def report_view(self, report: Mapping[str, Any], names: Mapping) -> dict[str, Any]:
        """The game's own parts of report.html, drawn from its `report_sections`:
        `figures` ([{title, svg}], after the generic plots), `tables` ([{title, note, rows}],
        after the win-rate tables by group; rows as in `toolkit.sim.stats.rate_entry` plus
        a `label`), and `template` (a Jinja file, sandboxed, that the page includes at its
        end; it sees the report, `names` and this mapping). Default: none."""
        return {}

    def invariants(self) -> dict[str, Callable[[State], "str | None"]]:
        """name -> check(state): None when it holds, else what is wrong. `check` calls it
        once per game and each check after every action (so a check may compare a state
        with the one it saw before)."""
        return {}

    def count_effects(self, counter):
        """A context manager counting into `counter` (op name -> firings) the effect
        operations that fire while it is open; the default counts none (and `check` then
        skips its 'never fired' warnings)."""
        import contextlib
        return contextlib.nullcontext(counter)

    # ---- rulings -------------------------------------------------------------------------
    def scenario(self, catalog, setup: Mapping, seed: int) -> State:
        """The state a ruling's `setup:` describes. The default deals a game with
        `setup.players` seats (default the minimum) and `seed`, and accepts no other key."""
        from toolkit.errors import ContentError
        unknown = sorted(set(setup) - {"players", "seed"})
        if unknown:
            raise ContentError(f"setup key '{unknown[0]}' is not known to game "
                               f"'{self.name}'")
        players = int(setup.get("players", catalog.game.players.min))
        return self.new_game(catalog, int(setup.get("seed", seed)), ["random"] * players)

    def step_matches(self, state: State, action: Action, step: Mapping) -> bool:
        """Whether `action` is the ruling step `{do: kind, key: value, ...}`. The default
        compares against `action_to_json(action)` when it is a dict with a `kind` key."""
        data = self.action_to_json(action)
        if not isinstance(data, dict) or data.get("kind") != step.get("do"):
            return False
        return all(data.get(k) == v for k, v in step.items() if k not in ("do", "by"))

    def expect(self, state: State, item: Mapping) -> "str | None":
        """A ruling expectation the generic runner does not know (it knows `over`,
        `winners`, `current`, `legal`, `probability`): None when it holds, else why not."""
        return f"expectation {sorted(item)} is not known to game '{self.name}'"

    def probability(self, catalog, setup: Mapping, seed: int, play: Callable[[State], State],
                    holds: Callable[[State], bool]):
        """The exact chance (a `fractions.Fraction`) that `holds(play(scenario state))` over
        every outcome of the game's chance (a ruling's `probability:` expectation); None
        when the game cannot enumerate its chance."""
        return None

    def ruling_problems(self, ruling: Mapping) -> list[tuple[tuple, str]]:
        """Problems of a ruling's game-specific parts (its `setup`, step arguments and
        expectations), found when the rulings load: (path inside the ruling, message),
        e.g. (("setup", "seats", 0, "golld"), "unknown key 'golld'"). Default: none."""
        return []

    # ---- content, print and agents -------------------------------------------------------
    def kinds(self) -> dict[str, type]:
        """Content kinds the game adds (pydantic models of toolkit.content.schema.Card)."""
        return {}

    def ops(self) -> dict[str, Any]:
        """Effect operations the game adds (name -> op), for the validator and docs."""
        return {}

    def settings_fields(self) -> dict[str, tuple[Any, Any]]:
        """The game's own game.yaml settings: name -> (annotation, pydantic FieldInfo),
        added to the generic game.yaml model (`toolkit.content.game.game_model`) when
        `rules:` names this game, and read as `catalog.game.<name>`. Default: none."""
        return {}

    def part_kinds(self) -> tuple[str, ...]:
        """Printed kinds that are no content kind (e.g. markers) which game.yaml
        `card_sizes` may size. Default: none."""
        return ()

    def validate(self, catalog, report: Callable[..., None]) -> None:
        """Game-specific pass-2 checks of the content; call `report(entry_id, message,
        *path, severity='error')` for each problem (entry_id None: game.yaml). `catalog`
        reads like a Catalog (`of(kind)` -> {id: entry}, `get`, `.game`, `.root`); it is
        built before the content is known to be valid (toolkit.content.rules.Content)."""

    def render_parts(self, catalog) -> list:
        """Parts `build` prints besides cards (boards, player boards, tokens)."""
        return []

    def odds(self, catalog, lang: str = "en") -> list:
        """Exact odds tables a designer asks for (`toolkit odds`), each a dict with
        `title`, `columns` and `rows` (lists of strings). Default: none."""
        return []

    def agents(self) -> dict[str, Callable]:
        """Agent factories the game offers: name -> factory(game, catalog, seat, rng, arg)."""
        return {}

    def agent_names(self, catalog) -> list[str]:
        """The game's own agent names for this project (default: the keys of `agents()`;
        a game whose agents come from a project file, like play styles, lists them here)."""
        return sorted(self.agents())

    def mixed_agents(self, catalog) -> list[str]:
        """The names `--agents mixed` draws each seat from (default: the game's own agents
        that take no argument, else `random`)."""
        return self.agent_names(catalog) or ["random"]

    def new_agent(self, catalog, name: str, seat: int, rng: random.Random,
                  arg: "str | None"):
        """The game's own agent `name` for `seat`, or None when the game has none by that
        name (the generic agents are tried next). Default: a factory of `agents()`."""
        factory = self.agents().get(name)
        return None if factory is None else factory(self, catalog, seat, rng, arg)

    def play_batch(self, catalog, jobs: Sequence[tuple[int, Sequence[str]]]) -> list | None:
        """Records of whole games `(seed, agent names)` played at once by a compiled core,
        or None when this game has none (the generic loop then plays them). Each record is
        the one `toolkit.sim.batch.play_counted` gives for that game (no `actions`; with
        `action_kinds` and `effects_fired`). Called with no job, it only checks the
        content and says once, in one line, when the core cannot play it."""
        return None


def _plain(value):
    if hasattr(value, "__dict__"):
        return vars(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return str(value)


def seeded_stream(seed: int | str, purpose: str) -> random.Random:
    """The random stream of one purpose of one game seed: a `random.Random` seeded from
    sha256("seed:purpose"). Games draw their chance and the loop its agents' streams
    (`agent:<seat>`) this way, so one extra draw for one purpose never shifts another."""
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def winners_of(results: Iterable[float]) -> list[int]:
    res = list(results)
    best = max(res) if res else 0
    return [s for s, r in enumerate(res) if r == best and best > 0]
