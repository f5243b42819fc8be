"""Playing first the games that can answer the question. An edit of a hero can only change
that hero's win rate in games where it is dealt; when the game says what a seed's setup
deals (`Game.in_play`), the runner plays only the seeds that deal an edited id in either
version, and the question's metric is read on those games, paired by seed.

This is exact, not an approximation: a group metric (`hero:<id>`) counts only games where
the id is in play, every such game of either version lies in the chosen seeds, and the
choice depends on the seed alone (never on how a game went), so each version's win rate
is estimated from the same games it would be in an unfocused run, four times faster when
a hero is dealt in one game of four. The game-wide metrics, read on the same games, are
about "games where the edited hero is dealt" and are labelled so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

from toolkit.sim.plan import seed_for

PROBE = 400   # seeds looked at for one that deals an edited id before focusing


@dataclass(frozen=True)
class Focus:
    """The seeds worth playing: those whose setup gives a seat one of `ids` (of `kind`)."""

    kind: str                  # a group of Game.seat_groups, e.g. "hero"
    ids: tuple[str, ...]
    words: str                 # "Kharza Ironhide is dealt"

    def hits(self, game, catalogs, seed: int, seats: Sequence[str]) -> bool:
        """Whether the setup of `seed` deals one of the ids in either version."""
        for catalog in catalogs:
            dealt = (game.in_play(catalog, seed, seats) or {}).get(self.kind, ())
            if any(i in dealt for i in self.ids):
                return True
        return False


def _targets(game, cat_a, cat_b, ids: Sequence[str], asked: Sequence[str]):
    """(kind, [ids]) when every metric of the question is a group metric `kind:id` of one
    kind present in both versions, else None (the question is not about dealt entries)."""
    groups_a, groups_b = game.group_ids(cat_a), game.group_ids(cat_b)
    pairs = []
    if asked:
        for name in asked:
            kind, sep, id_ = name.partition(":")
            if not sep or ":" in id_:
                return None
            pairs.append((kind, id_))
    else:
        for id_ in ids:
            kinds = [k for k, v in groups_a.items() if id_ in v]
            if not kinds:
                return None
            pairs.append((kinds[0], id_))
    kinds = {k for k, _ in pairs}
    if len(kinds) != 1:
        return None
    kind = kinds.pop()
    if any(i not in groups_a.get(kind, ()) or i not in groups_b.get(kind, ()) for _, i in pairs):
        return None
    return kind, tuple(dict.fromkeys(i for _, i in pairs))


def focus_for(game, cat_a, cat_b, ids: Sequence[str], options, seats: Sequence[str]):
    """The Focus of this comparison, or None: the run stops at the question (--until
    question), the question is about ids of one group, and the game says which ids its
    setup deals for that group."""
    if options.until != "question" or not (ids or options.metrics):
        return None
    target = _targets(game, cat_a, cat_b, ids, options.metrics)
    if target is None:
        return None
    kind, chosen = target
    if len(game.group_ids(cat_a).get(kind, ())) <= len(seats):
        return None   # every seed deals every id of the group: nothing to leave out
    from toolkit.errors import ToolkitError
    try:
        probe = game.in_play(cat_a, seed_for(options.seed, 0), seats)
    except ToolkitError:   # a setup this content cannot deal: the games will say why
        return None
    if not probe or kind not in probe:
        return None
    names = [cat_b.names.get(i, cat_a.names.get(i, {})).get("en", i) for i in chosen]
    focus = Focus(kind, chosen, f"{' or '.join(names)} is dealt")
    if not any(focus.hits(game, (cat_a, cat_b), seed_for(options.seed, i), seats)
               for i in range(PROBE)):
        return None   # (almost) never dealt: every seed is played, as without the hook
    return focus


def seeds(options, spec, players: int, focus: Focus | None, game, catalogs,
          scanned: list[int]) -> Iterator[tuple[int, list[tuple[str, ...]]]]:
    """The run's units in order: (seed, every seat rotation of its line-up), skipping the
    seeds the focus leaves out; `scanned` gets, per unit, the seeds looked at up to it."""
    from toolkit.compare.stream import rotations
    index = 0
    while True:
        seed = seed_for(options.seed, index)
        index += 1
        lineup = spec.for_game(seed, players)
        if focus is None or focus.hits(game, catalogs, seed, lineup):
            scanned.append(index)
            yield seed, rotations(lineup)
