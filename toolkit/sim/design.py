# toolkit: compile
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

from toolkit.sim.reporters import positions

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
        winners = record["winner"]
        if not winners:
            return
        players = record["players"]
        self.index.append(index)
        self.players.append(players)
        self.position.extend(positions(record, players))
        count = len(winners)
        self.won += [count if seat in winners else 0 for seat in range(players)]
        vocab = self.vocab
        for family, values, out in (("agent", record["agents"], self.agent),
                                    *((f, v, slot_list(self.groups, f))
                                      for f, v in (groups or {}).items())):
            words = vocab.get(family)
            if words is None:
                words = vocab[family] = {}
            labels = list(map(str, values[:players]))  # str(label) is label for a str
            codes = list(map(words.get, labels))
            if None in codes:  # a new label: codes given in seat order
                codes = [_code(words, label) for label in labels]
            out += codes
        for family, held in (items or {}).items():
            rows = slot_list(self.items, family)
            words = vocab.get("item:" + family)
            if words is None:
                words = vocab["item:" + family] = {}
            for seat in range(players):
                labels = held[seat]
                row = set(map(words.get, map(str, labels)))
                if None in row:  # a new label: codes given in the order held
                    row = {_code(words, str(label)) for label in labels}
                rows.append(row)

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


def _code(words: dict, label: str) -> int:
    """The code of `label` in a vocabulary (a new one, the next number)."""
    code = words.get(label)
    if code is None:
        code = words[label] = len(words)
    return code


def slot_list(table: dict, key: str) -> list:
    got = table.get(key)
    if got is None:
        got = table[key] = []
    return got


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


PIECE_ROWS = 1 << 18  # rows a numpy pass over all rows takes at a time (bounded temporaries)


def code_dtype(labels: int) -> np.dtype:
    """The smallest unsigned integer type of codes 0..labels-1 (a byte a row for up to 256)."""
    return np.dtype(np.uint8 if labels <= 1 << 8 else np.uint16 if labels <= 1 << 16
                    else np.uint32)


def bincount(codes: np.ndarray, size: int, weights: np.ndarray | None = None) -> np.ndarray:
    """np.bincount(codes, weights, minlength=size) a piece of rows at a time (bincount makes
    an 8-byte copy of its input: a million games' rows would be 24 MB at once)."""
    out = np.zeros(size, dtype=np.int64 if weights is None else float)
    for lo in range(0, len(codes), PIECE_ROWS):
        piece = slice(lo, lo + PIECE_ROWS)
        out += np.bincount(codes[piece], None if weights is None else weights[piece],
                           minlength=size)[:size]
    return out


class Coded:
    """One value a row as codes into labels (a factor's rows without a string a row): an
    integer array keeps its type (a byte a row from `combine`), anything else is int32."""

    def __init__(self, codes, labels: Sequence[str]):
        if not (isinstance(codes, np.ndarray) and codes.dtype.kind in "iu"):
            codes = np.asarray(codes, dtype=np.int32)
        self.codes = codes
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

    def _counts(self) -> np.ndarray:
        return bincount(self.codes, max(len(self.labels), 1))

    def distinct(self) -> int:
        return int(np.count_nonzero(self._counts()))

    def counts(self) -> Counter:
        n = self._counts()
        return Counter({self.labels[u]: int(n[u]) for u in np.flatnonzero(n).tolist()})

    def pairs(self, other: "Coded") -> Counter:
        """{(my label, other's label): rows}."""
        width = max(len(other.labels), 1)
        size = max(len(self.labels), 1) * width
        n = np.zeros(size, dtype=np.int64)
        for lo in range(0, len(self.codes), PIECE_ROWS):
            piece = slice(lo, lo + PIECE_ROWS)
            n += np.bincount(self.codes[piece].astype(np.int64) * width + other.codes[piece],
                             minlength=size)
        return Counter({(self.labels[u // width], other.labels[u % width]): int(n[u])
                        for u in np.flatnonzero(n).tolist()})


class Held:
    """The items each row held (e.g. cards used) as bit sets over sorted labels: rows ×
    ceil(labels / 8) bytes, item k bit k % 8 of byte k // 8 (`bits` given as uint64 words,
    item k bit k % 64 of word k // 64, is taken to that)."""

    def __init__(self, labels: list[str], bits: np.ndarray):
        width = max(1, -(-len(labels) // 8))
        if bits.dtype != np.uint8:
            bits = np.ascontiguousarray(bits.astype("<u8", copy=False)).view(np.uint8)
            bits = np.ascontiguousarray(bits[:, :width])
        self.labels, self.bits = labels, bits

    @classmethod
    def of_sets(cls, sets: Sequence[Iterable[str]]) -> "Held":
        sets = [set(map(str, s_)) for s_ in sets]
        labels = sorted({i for s_ in sets for i in s_})
        at = {w: i for i, w in enumerate(labels)}
        return cls(labels, _bits([{at[i] for i in s_} for s_ in sets], len(labels)))

    def column(self, k: int, lo: int = 0, hi: int | None = None) -> np.ndarray:
        """Whether each row (of lo..hi) held item k."""
        return ((self.bits[lo:hi, k >> 3] >> np.uint8(k & 7)) & np.uint8(1)).astype(bool)

    def flags(self, lo: int = 0, hi: int | None = None) -> np.ndarray:
        """Rows lo..hi × labels, 0/1 (uint8)."""
        return np.unpackbits(self.bits[lo:hi], axis=1, count=len(self.labels),
                             bitorder="little")

    def counts(self) -> np.ndarray:
        total = np.zeros(len(self.labels), dtype=np.int64)
        for lo in range(0, len(self.bits), PIECE_ROWS):
            total += self.flags(lo, lo + PIECE_ROWS).sum(axis=0, dtype=np.int64)
        return total

    def dense(self, which: Sequence[int], lo: int = 0, hi: int | None = None) -> np.ndarray:
        """Rows lo..hi × items `which`, 0/1 floats."""
        return self.flags(lo, hi)[:, list(which)].astype(float)


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
        return self.items.get(family) or Held([], np.zeros((len(self.won), 1), np.uint8))


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


def combine(chunks: Sequence[Rows], consume: bool = False) -> Design:
    """The batches' rows as one design, games in index order, the agents' and groups'
    vocabularies joined in the order of the batches' first games (as `concat` joins them),
    the items' sorted. Each array is built in place from the batches (no joined copy of
    the rows); with `consume`, each batch is emptied as its arrays are copied, so that a
    long run's rows are not held twice."""
    chunks = sorted((c.seal() for c in chunks if len(c.seal().index)),
                    key=lambda c: int(c.index[0]))
    if not chunks:
        return Design(0, np.zeros(0, np.uint8), np.zeros(0, np.uint8), np.zeros(0, np.uint8),
                      Coded([], []), {}, {})
    index = np.concatenate([c.index for c in chunks])
    order = np.argsort(index, kind="stable")
    players = np.concatenate([c.players for c in chunks])
    games, sizes = len(index), [len(c.won) for c in chunks]
    del index
    if np.array_equal(order, np.arange(len(order))):  # the batches came in order
        order = rows = None
    else:
        wide = players.astype(np.int64)
        rows = _rows_in_order(np.concatenate([[0], np.cumsum(wide)[:-1]]), wide, order)
        del wide
    total = sum(sizes)

    def vocabulary(family: str) -> list[str]:
        words: dict[str, int] = {}
        for c in chunks:
            for w in c.vocab.get(family, []):
                words.setdefault(w, len(words))
        return list(words)

    def column(take, dtype, family: str | None = None, labels: list[str] | None = None
               ) -> np.ndarray:
        """One per-row array of take(batch) of each batch (codes of `family` recoded into
        `labels`), in game order."""
        at = {w: i for i, w in enumerate(labels)} if labels is not None else None
        out, start = np.empty(total, dtype=dtype), 0
        for c in chunks:
            values = take(c)
            if at is not None:
                values = np.array([at[w] for w in c.vocab.get(family, [])] or [0],
                                  dtype=dtype)[values]
            out[start:start + len(values)] = values
            start += len(values)
        return out if rows is None else out[rows]

    won = column(lambda c: c.won, np.uint8)
    position = column(lambda c: c.position, np.uint8)
    words = vocabulary("agent")
    agents = Coded(column(lambda c: c.agent, code_dtype(len(words)), "agent", words), words)
    groups = {}
    for family in chunks[0].groups:
        words = vocabulary(family)
        groups[family] = Coded(column(lambda c, f=family: c.groups[f], code_dtype(len(words)),
                                      family, words), words)
        if consume:
            for c in chunks:
                c.groups[family] = None
    items = {}
    for family in chunks[0].items:
        words = sorted(vocabulary("item:" + family))
        at = {w: i for i, w in enumerate(words)}
        width = max(1, -(-len(words) // 8))
        bits, start = np.zeros((total, width), dtype=np.uint8), 0
        for c in chunks:
            local = c.items[family]
            mine = c.vocab.get("item:" + family, [])
            to = [at[w] for w in mine]
            for lo in range(0, len(local), PIECE_ROWS):
                piece = _flags(local[lo:lo + PIECE_ROWS])[:, :len(mine)]
                flags = np.zeros((len(piece), width * 8), dtype=bool)
                flags[:, to] = piece
                bits[start + lo:start + lo + len(piece)] = np.packbits(
                    flags, axis=1, bitorder="little")
            start += len(local)
            if consume:
                c.items[family] = None
        items[family] = Held(words, bits if rows is None else bits[rows])
        del bits
    design = Design(games, players if order is None else players[order], won, position,
                    agents, groups, items)
    if consume:
        for c in chunks:
            empty = Rows().seal()
            c.__dict__.update(empty.__dict__)
    return design


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
