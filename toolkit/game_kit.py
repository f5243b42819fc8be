"""Building blocks for a designer's own rules package (docs/rules-api.md): a small base for
the common shape of a game, and helpers for cards, settings, chance and rulings.

    TurnGame            a Game whose state is a dict with `turn` (the seat to act) and
                        `scores` (one number a seat): current_player, results (the best
                        score wins, a tie shares), record and metrics of the state keys
                        `record_keys`, actions as JSON (`actions`), state-equality ruling
                        expectations (`expect_keys`)
    card_table, deck    a kind's cards as plain dicts (name in both languages, copies,
                        the fields asked for); the ids with their copies
    deal, unseen, redeal  deal hands; the cards a seat has not seen; deal those back to the
                        other seats respecting what is known about their hands
    the_entry           the one entry of a settings kind declared in game.yaml
    draw                the next random stream of a state (dice, shuffles during play)
    known_ids           check a ruling's setup's card ids (its seats: `Game.ruling_seats`)
    say                 pick the English or Chinese text
    one_sheet, board_part  the largest board one sheet prints; a board for `build`
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Sequence

from toolkit.errors import ContentError
from toolkit.game import Game, seeded_stream


def shares(scores: Sequence[float]) -> list[float]:
    """Each seat's share of the win: the best score wins, a tie shares it."""
    best = max(scores)
    top = [s for s, v in enumerate(scores) if v == best]
    return [1.0 / len(top) if s in top else 0.0 for s in range(len(scores))]


class TurnGame(Game):
    """A game whose state is a dict with `turn` and `scores`; subclasses write `new_game`,
    `legal_actions`, `apply_action` and `is_terminal`.

    actions       {kind: (field, ...)}: how actions read as JSON and as ruling steps. An
                  action is a tuple `(kind, value, ...)`, e.g. ("move", 3) <-> {"kind":
                  "move", "to": 3} with {"move": ("to",)}; a kind with no field is a
                  plain string ("pass" <-> {"kind": "pass"}); and the first kind, when it
                  has one field, may be played as its bare value ("sun_2" <-> {"kind":
                  "play", "card": "sun_2"} with {"play": ("card",)}).
    record_keys   state keys (one value a seat) the record keeps and the balance report
                  counts per seat; `rounds(state)` is the game length it reports.
    expect_keys   state keys a ruling may expect to equal a value: `{scores: [3, 0]}`.
    """

    actions: Mapping[str, tuple[str, ...]] = {}
    record_keys: tuple[str, ...] = ("scores",)
    expect_keys: tuple[str, ...] = ("scores",)

    def current_player(self, state) -> int:
        return -1 if self.is_terminal(state) else state["turn"]

    def results(self, state) -> list[float]:
        if not self.is_terminal(state):
            return [0.0] * len(state["scores"])
        return shares(state["scores"])

    def rounds(self, state) -> "int | None":
        """The game's length in rounds for the report (None: counted in actions)."""
        return None

    def record(self, state) -> dict:
        out = {**super().record(state), **{k: list(state[k]) for k in self.record_keys}}
        if self.rounds(state) is not None:
            out["rounds"] = self.rounds(state)
        return out

    def metrics(self, record) -> dict[str, list[float]]:
        return {k: [float(v) for v in record[k]] for k in self.record_keys}

    # ---- actions as JSON -------------------------------------------------------------
    def _bare(self) -> "str | None":
        first = next(iter(self.actions), None)
        return first if first is not None and len(self.actions[first]) == 1 else None

    def action_to_json(self, action) -> Any:
        if isinstance(action, tuple) and action and action[0] in self.actions:
            return {"kind": action[0], **dict(zip(self.actions[action[0]], action[1:]))}
        if isinstance(action, str) and action in self.actions and not self.actions[action]:
            return {"kind": action}
        bare = self._bare()
        return {"kind": bare, self.actions[bare][0]: action} if bare else action

    def action_from_json(self, data) -> Any:
        if not isinstance(data, dict) or data.get("kind") not in self.actions:
            return super().action_from_json(data)
        kind, names = data["kind"], self.actions[data["kind"]]
        if not names:
            return kind
        if kind == self._bare():
            return data[names[0]]
        return (kind, *(data[n] for n in names))

    # ---- rulings ---------------------------------------------------------------------
    def expect(self, state, item) -> "str | None":
        for key in self.expect_keys:
            if key in item:
                want, have = item[key], state[key]
                return None if have == want else f"{key} are {have}, not {want}"
        return super().expect(state, item)


# ---- cards and settings ----------------------------------------------------------------
def card_table(catalog, kind: str, *fields: str) -> dict[str, dict]:
    """{id: {"name": {"en", "zh"}, "copies": n, field: value, ...}} of a kind's cards; a
    missing Chinese name reads as the English one."""
    return {c.id: {"name": {"en": c.name.en, "zh": c.name.zh or c.name.en},
                   "copies": c.copies, **{f: getattr(c, f) for f in fields}}
            for c in catalog.of(kind).values()}


def deck(cards: Mapping[str, Mapping]) -> list[str]:
    """Every card id as many times as its copies, in the content's order."""
    return [cid for cid, card in cards.items() for _ in range(card.get("copies", 1))]


def the_entry(catalog, kind: str):
    """The one entry of a kind that holds a game's settings (rules packages of a project
    add no game.yaml keys: their numbers live in a kind declared under `kinds:`)."""
    entries = list(catalog.of(kind).values())
    if len(entries) != 1:
        raise ContentError(f"the game needs exactly one '{kind}' entry (its settings), "
                           f"the project has {len(entries)}", file="cards/game.yaml")
    return entries[0]


# ---- dealing and hidden hands ----------------------------------------------------------
def deal(cards: Sequence[str], players: int, size: int, rng: random.Random,
         file: str = "cards") -> list[list[str]]:
    """`players` sorted hands of `size` cards from a shuffled copy of `cards`; a content
    error naming `file` when there are too few."""
    if len(cards) < size * players:
        raise ContentError(f"{players} players need {size * players} cards, the deck has "
                           f"{len(cards)}", file=file)
    pile = list(cards)
    rng.shuffle(pile)
    return [sorted(pile[i * size:(i + 1) * size]) for i in range(players)]


def unseen(copies: Mapping[str, int], seen: Iterable[str]) -> list[str]:
    """The card ids (with copies) not among `seen`, sorted."""
    return sorted((Counter(copies) - Counter(seen)).elements())


def redeal(cards: Sequence[str], needs: Mapping[int, int], rng: random.Random,
           allowed: Callable[[int, str], bool] = lambda seat, card: True,
           tries: int = 50) -> dict[int, list[str]]:
    """Deal `cards` at random to the seats of `needs` (seat -> how many), each card to a
    seat it is `allowed` for; seats are served in the order of `needs` (put the most
    constrained first). After `tries` failed shuffles the last deal ignores `allowed`."""
    pool = sorted(cards)
    for attempt in range(tries + 1):
        rng.shuffle(pool)
        rest, hands, ok = list(pool), {}, True
        for seat, need in needs.items():
            fits = [c for c in rest if attempt == tries or allowed(seat, c)]
            ok = ok and len(fits) >= need
            hands[seat] = sorted(fits[:need])
            for card in hands[seat]:
                rest.remove(card)
        if ok:
            break
    return hands


# ---- chance during play ----------------------------------------------------------------
def draw(state: dict, purpose: str = "chance") -> random.Random:
    """The next random stream of a game: one `seeded_stream(seed, "purpose:n")` per call,
    counted in `state["draws"]`, so a game is the same for the same seed and actions, on
    any worker, and one extra roll for one purpose never shifts another. The state keeps
    its game seed in `state["seed"]`."""
    counts = state.setdefault("draws", {})
    n = counts.get(purpose, 0)
    counts[purpose] = n + 1
    return seeded_stream(state["seed"], f"{purpose}:{n}")


# ---- rulings ---------------------------------------------------------------------------
def known_ids(ids: Iterable[str], known: Iterable[str], where: str) -> None:
    """A content error for the first id that is not `known`, naming `where` (e.g.
    'setup.hands') and the nearest known id."""
    from toolkit.content.problems import did_you_mean
    known = list(known)
    for id_ in ids:
        if id_ not in known:
            raise ContentError(f"unknown card '{id_}' in {where}" + did_you_mean(id_, known))


def say(lang: str, en: str, zh: str) -> str:
    """The text of `lang`: Chinese for 'zh', else English."""
    return zh if lang == "zh" else en


# ---- printed parts ---------------------------------------------------------------------
def one_sheet(paper: str = "a4") -> tuple[float, float]:
    """(width, height) in mm of the largest board that `build` prints on one portrait
    sheet of `paper` ('a4' or 'letter') without tiling: the sheet less its 5 mm margins and
    the footer. A larger board is tiled at true size across sheets, with alignment marks."""
    from toolkit.render.options import FOOTER, MARGIN, PAPERS
    width, height = PAPERS[paper]
    return (width - 2 * MARGIN, height - 2 * MARGIN - FOOTER)


def board_part(name: str, template: str, view: Callable[[Any], dict]):
    """A board (or any large part) for `Game.render_parts`: `build` and `serve` print one
    face of it, at true size, on one-sided sheets, and `--only NAME` selects it.

    `view(ctx)` returns the dict the template receives as `board`; it must hold `w` and
    `h`, the board's size in mm, and `title`, its name in the build's language
    (`ctx.lang`, `ctx.t(text)` picks a `{en, zh}` text, `ctx.catalog` is the content).
    `template` is a file under the project's `templates/` (or a folder the rules add
    with `Templates(folder)`); it gets `board`, `w`, `h` and `page`, and lays out one
    `<section class="face" style="page: {{ page }}; width: {{ w }}mm; height: {{ h }}mm">`
    whose content stays inside those `w` x `h` millimetres."""
    from toolkit.render.faces import Face
    from toolkit.render.parts import Part
    from toolkit.render.pdf_units import page_name

    def faces(ctx, html):
        board = view(ctx)
        w, h = float(board["w"]), float(board["h"])
        page = html.render(template, f"the {name}", board=board, w=w, h=h, bleed=0.0,
                           page=page_name(w, h, 0.0))
        return [Face(key=f"{name}/{name}", kind=name, id=name, side="front", group=name,
                     width=w, height=h, bleed=0.0, copies=1, html=page, fit=False,
                     label=str(board["title"]), large=True)]
    return Part(name, faces, large=True)
