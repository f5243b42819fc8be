"""The hex map: axial coordinates in spiral order (hex 0 is the centre, then ring by ring),
neighbours, and the laying of the tiles at setup (seed, setup step 4)."""

from __future__ import annotations

from functools import lru_cache

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@lru_cache(maxsize=8)
def spiral(rings: int) -> tuple[tuple[int, int], ...]:
    """Axial coordinates of the centre and `rings` rings around it, in spiral order."""
    cells = [(0, 0)]
    for k in range(1, rings + 1):
        q, r = DIRECTIONS[4][0] * k, DIRECTIONS[4][1] * k
        for side in range(6):
            for _ in range(k):
                cells.append((q, r))
                q, r = q + DIRECTIONS[side][0], r + DIRECTIONS[side][1]
    return tuple(cells)


@lru_cache(maxsize=8)
def neighbours(rings: int) -> tuple[tuple[int, ...], ...]:
    """For each hex index, the indexes of its neighbours on the map."""
    cells = spiral(rings)
    index = {c: i for i, c in enumerate(cells)}
    return tuple(tuple(index[(q + dq, r + dr)] for dq, dr in DIRECTIONS
                       if (q + dq, r + dr) in index) for q, r in cells)


def ring_of(rings: int, hex_: int) -> int:
    q, r = spiral(rings)[hex_]
    return max(abs(q), abs(r), abs(q + r))


@lru_cache(maxsize=8)
def start_candidates(rings: int) -> tuple[int, ...]:
    """The starting hexes: the six corners of the outer ring (the rulebook's starred edge
    hexes)."""
    cells = spiral(rings)
    return tuple(i for i, (q, r) in enumerate(cells)
                 if ring_of(rings, i) == rings and 0 in (q, r, -q - r))


def lay_tiles(tiles: list[str], rings: int, set_aside_sea: int, rng, land) -> tuple:
    """Shuffle the tiles (with `set_aside_sea` sea tiles kept out), lay them in spiral order,
    then fix each starting hex: a start that is sea, or that touches 2+ sea hexes, has tiles
    swapped from the replacement deck until it is land with at most one sea neighbour.
    Returns (terrain per hex, replacement deck)."""
    pool = list(tiles)
    aside = []
    for _ in range(set_aside_sea):
        if "sea" in pool:
            pool.remove("sea")
            aside.append("sea")
    rng.shuffle(pool)
    count = len(spiral(rings))
    board, deck = pool[:count], pool[count:] + aside
    rng.shuffle(deck)
    nb = neighbours(rings)
    for start in start_candidates(rings):
        for hex_ in (start,) + nb[start]:
            seas = sum(1 for n in nb[start] if not land(board[n]))
            if land(board[start]) and seas <= 1:
                break
            if land(board[hex_]):
                continue
            for _ in range(len(deck)):
                tile = deck.pop(0)
                if land(tile):
                    deck.append(board[hex_])
                    board[hex_] = tile
                    break
                deck.append(tile)
    return board, deck
