"""The rows of the adjusted fits (toolkit.sim.adjusted) in compact form: one row a player of
every decided game, as small numpy arrays built batch by batch in the workers, so that the
parent keeps tens of bytes a game instead of the records.

A `Rows` holds a batch's games: per game its index in the run and its player count; per row
the number of winners when the player won (0: lost), its place in turn order, its agent,
its level of each of the game's groups (`Game.seat_groups`: hero, party, faction...) as
codes into the batch's own vocabularies, and the items it held (`Game.report_tally`'s
`items`, e.g. the cards a player used) as bit sets. `combine` puts the batches together
in game order with one vocabulary each, whatever order they arrived in.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

Record = Mapping[str, Any]


class Rows:
    """A batch's rows, appended game by game (lists), then `seal`ed into numpy arrays."""

    def __init__(self):
        self.index: Any = []     # per game: its index in the run
        self.players: Any = []   # per game
        self.won: Any = []       # per row: the number of winners if this player won, else 0
        self.position: Any = []  # per row: place in turn order
        self.agent: Any = []     # per row: agent code
        self.groups: dict[str, Any] = {}   # family -> per-row codes
        self.items: dict[str, Any] = {}    # family -> per-row sets of codes, then bit sets
        self.vocab: dict[str, dict[str, int]] = {}  # "agent" / family -> {label: code}
        self.sealed = False

    def _code(self, family: str, label: str) -> int:
        words = self.vocab.setdefault(family, {})
        return words.setdefault(label, len(words))

    def add(self, index: int, record: Record, groups: Mapping[str, Sequence] | None,
            items: Mapping[str, Sequence[Iterable[str]]] | None) -> None:
        """One game; an undecided one (nobody won) says nothing about who wins: skipped."""
        from toolkit.sim.reporters import turn_position

        winners = record["winner"]
        if not winners:
            return
        players = record["players"]
        self.index.append(index)
        self.players.append(players)
        for seat in range(players):
            self.won.append(len(winners) if seat in winners else 0)
            self.position.append(turn_position(record, seat))
            self.agent.append(self._code("agent", str(record["agents"][seat])))
        for family, values in (groups or {}).items():
            codes = self.groups.setdefault(family, [])
            codes.extend(self._code(family, str(values[s])) for s in range(players))
        for family, held in (items or {}).items():
            rows = self.items.setdefault(family, [])
            rows.extend({self._code("item:" + family, str(i)) for i in held[s]}
                        for s in range(players))

    def seal(self) -> "Rows":
        """Lists to small numpy arrays (called once the batch is played)."""
        if self.sealed:
            return self
        self.index = np.asarray(self.index, dtype=np.int64)
        self.players = np.asarray(self.players, dtype=np.uint8)
        self.won = np.asarray(self.won, dtype=np.uint8)
        self.position = np.asarray(self.position, dtype=np.uint8)
        self.agent = np.asarray(self.agent, dtype=np.uint16)
        self.groups = {f: np.asarray(c, dtype=np.uint16) for f, c in self.groups.items()}
        self.items = {f: _bits(sets, len(self.vocab.get("item:" + f, {})))
                      for f, sets in self.items.items()}
        self.vocab = {f: list(words) for f, words in self.vocab.items()}
        self.sealed = True
        return self

    def __getstate__(self):
        self.seal()
        return dict(self.__dict__)

    def nbytes(self) -> int:
        self.seal()
        arrays = [self.index, self.players, self.won, self.position, self.agent,
                  *self.groups.values(), *self.items.values()]
        return sum(a.nbytes for a in arrays)


def _bits(sets: list[set[int]], size: int) -> np.ndarray:
    """Rows of item codes as bit sets: rows × ceil(size / 64) uint64 words."""
    words = max(1, -(-size // 64))
    flags = np.zeros((len(sets), words * 64), dtype=bool)
    rows = [row for row, codes in enumerate(sets) for _ in codes]
    flags[rows, [code for codes in sets for code in codes]] = True
    return _packed(flags)


def _packed(flags: np.ndarray) -> np.ndarray:
    """Rows of 64 × k flags as rows of k uint64 words (flag i: bit i % 64 of word i // 64)."""
    return np.packbits(flags, axis=1, bitorder="little").view("<u8").astype(np.uint64)


def _flags(bits: np.ndarray) -> np.ndarray:
    """`_packed`'s inverse: rows of uint64 words as rows of 64 × k flags."""
    raw = np.ascontiguousarray(bits.astype("<u8")).view(np.uint8)
    return np.unpackbits(raw, axis=1, bitorder="little").astype(bool)


class Coded:
    """One value a row as codes into labels (a factor's rows without a string a row)."""

    def __init__(self, codes, labels: Sequence[str]):
        self.codes = np.asarray(codes, dtype=np.int32)  # 4 bytes a row
        self.labels = list(labels)

    @classmethod
    def of(cls, values: Iterable) -> "Coded":
        if isinstance(values, Coded):
            return values
        values = list(values)
        labels = sorted(set(values), key=str)
        at = {v: i for i, v in enumerate(labels)}
        return cls([at[v] for v in values], labels)

    def __len__(self) -> int:
        return len(self.codes)

    def __iter__(self):
        return (self.labels[c] for c in self.codes.tolist())

    def distinct(self) -> int:
        return len(np.unique(self.codes))

    def counts(self) -> Counter:
        used, n = np.unique(self.codes, return_counts=True)
        return Counter({self.labels[u]: int(k) for u, k in zip(used.tolist(), n.tolist())})

    def pairs(self, other: "Coded") -> Counter:
        """{(my label, other's label): rows}."""
        width = max(len(other.labels), 1)
        used, n = np.unique(self.codes.astype(np.int64) * width + other.codes,
                            return_counts=True)
        return Counter({(self.labels[u // width], other.labels[u % width]): int(k)
                        for u, k in zip(used.tolist(), n.tolist())})


class Held:
    """The items each row held (e.g. cards used) as bit sets over sorted labels."""

    def __init__(self, labels: list[str], bits: np.ndarray):
        self.labels, self.bits = labels, bits

    @classmethod
    def of_sets(cls, sets: Sequence[Iterable[str]]) -> "Held":
        sets = [set(map(str, s_)) for s_ in sets]
        labels = sorted({i for s_ in sets for i in s_})
        at = {w: i for i, w in enumerate(labels)}
        return cls(labels, _bits([{at[i] for i in s_} for s_ in sets], len(labels)))

    def column(self, k: int, lo: int = 0, hi: int | None = None) -> np.ndarray:
        """Whether each row (of lo..hi) held item k."""
        return ((self.bits[lo:hi, k >> 6] >> np.uint64(k & 63)) & np.uint64(1)).astype(bool)

    def counts(self) -> np.ndarray:
        return np.array([int(self.column(k).sum()) for k in range(len(self.labels))])

    def dense(self, which: Sequence[int], lo: int = 0, hi: int | None = None) -> np.ndarray:
        """Rows lo..hi × items `which`, 0/1 floats."""
        rows = len(self.bits[lo:hi])
        out = np.zeros((rows, len(which)))
        for j, k in enumerate(which):
            out[:, j] = self.column(k, lo, hi)
        return out


class Design:
    """Every batch's rows in game order, with one sorted vocabulary each (`combine`):
    per game its player count, per row whether it won (the number of winners), its place
    in turn order, its agent and groups (`Coded`) and its items (`Held`)."""

    def __init__(self, games: int, players: np.ndarray, won: np.ndarray,
                 position: np.ndarray, agents: Coded, groups: dict[str, Coded],
                 items: dict[str, Held]):
        self.games, self.players, self.won, self.position = games, players, won, position
        self.agents, self.groups, self.items = agents, groups, items

    def held(self, family: str) -> Held:
        """The items of `family` (none held when the game gives none)."""
        return self.items.get(family) or Held([], np.zeros((len(self.won), 1), np.uint64))


def concat(chunks: Sequence[Rows]) -> Rows:
    """The batches' rows as one `Rows` (vocabularies joined in the order the batches are
    given, games not reordered): the parent joins small batches so that a run of a million
    games keeps a few hundred of them."""
    chunks = [c for c in (c.seal() for c in chunks) if len(c.index)]
    out = Rows()
    if not chunks:
        return out.seal()
    families = {f for c in chunks for f in c.vocab}
    for family in sorted(families):
        words: dict[str, int] = {}
        for c in chunks:
            for w in c.vocab.get(family, []):
                words.setdefault(w, len(words))
        out.vocab[family] = list(words)
    codes = {f: {w: i for i, w in enumerate(out.vocab[f])} for f in families}
    remap = [{f: np.array([codes[f][w] for w in c.vocab.get(f, [])] or [0],
                          dtype=np.int64) for f in families} for c in chunks]
    out.index = np.concatenate([c.index for c in chunks])
    out.players = np.concatenate([c.players for c in chunks])
    out.won = np.concatenate([c.won for c in chunks])
    out.position = np.concatenate([c.position for c in chunks])
    out.agent = np.concatenate([m["agent"][c.agent.astype(np.int64)]
                                for c, m in zip(chunks, remap)]).astype(np.uint16) \
        if "agent" in families else np.zeros(0, np.uint16)
    for family in chunks[0].groups:
        out.groups[family] = np.concatenate([m[family][c.groups[family].astype(np.int64)]
                                             for c, m in zip(chunks, remap)]).astype(np.uint16)
    for family in chunks[0].items:
        words = out.vocab.get("item:" + family, [])
        parts = []
        for c, m in zip(chunks, remap):
            local = c.items[family]
            mine = len(c.vocab.get("item:" + family, []))
            flags = np.zeros((len(local), max(1, -(-len(words) // 64)) * 64), dtype=bool)
            flags[:, m.get("item:" + family, [])[:mine]] = _flags(local)[:, :mine]
            parts.append(_packed(flags))
        out.items[family] = np.concatenate(parts)
    out.sealed = True
    return out


def combine(chunks: Sequence[Rows]) -> Design:
    """The batches' rows as one design, games in index order, each vocabulary sorted."""
    chunks = sorted((c.seal() for c in chunks if len(c.index)), key=lambda c: int(c.index[0]))
    if not chunks:
        return Design(0, np.zeros(0, np.uint8), np.zeros(0, np.uint8), np.zeros(0, np.uint8),
                      Coded([], []), {}, {})
    whole = concat(chunks)
    order = np.argsort(whole.index, kind="stable")
    if np.array_equal(order, np.arange(len(order))):  # the batches came in order
        order = rows = slice(None)
    else:
        players = whole.players.astype(np.int64)
        starts = np.concatenate([[0], np.cumsum(players)[:-1]])
        rows = _rows_in_order(starts, players, order)

    def labels(family: str, codes: np.ndarray) -> Coded:
        """Each row's code (in game order) and the family's labels."""
        return Coded(codes[rows], whole.vocab.get(family, []))

    groups = {f: labels(f, c) for f, c in whole.groups.items()}
    items = {}
    for family, bits in whole.items.items():
        words = whole.vocab.get("item:" + family, [])
        order_words = sorted(range(len(words)), key=lambda i: words[i])
        ordered = np.zeros_like(bits)
        for new, old in enumerate(order_words):
            bit = (bits[:, old >> 6] >> np.uint64(old & 63)) & np.uint64(1)
            ordered[:, new >> 6] |= bit << np.uint64(new & 63)
        items[family] = Held([words[i] for i in order_words], ordered[rows])
    return Design(len(whole.index), whole.players[order], whole.won[rows],
                  whole.position[rows], labels("agent", whole.agent), groups, items)


def _rows_in_order(starts: np.ndarray, players: np.ndarray, order: np.ndarray) -> np.ndarray:
    """The row numbers of the games taken in `order` (each game's rows in seat order)."""
    sizes = players[order]
    first = np.repeat(starts[order].astype(np.int32), sizes)
    first += np.arange(len(first), dtype=np.int32)
    first -= np.repeat((np.cumsum(sizes) - sizes).astype(np.int32), sizes)
    return first


def design_of(records: Sequence[Record], groups=None, items=None) -> Design:
    """The design of a list of records (game i is records[i])."""
    rows = Rows()
    for index, record in enumerate(records):
        rows.add(index, record, groups(record) if groups else None,
                 items(record) if items else None)
    return combine([rows])
