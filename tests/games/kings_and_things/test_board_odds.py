"""The hex map and board laying, and the exact battle odds against closed forms."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from toolkit.games.kings_and_things.data import by_key, load
from toolkit.games.kings_and_things.hexmap import lay_tiles, neighbours, spiral, start_candidates
from toolkit.games.kings_and_things.odds import parse_side, tables, win_chance


def test_spiral_sizes_and_symmetric_neighbours():
    assert [len(spiral(r)) for r in (1, 2, 3)] == [7, 19, 37]
    nb = neighbours(3)
    assert all(a in nb[b] for a in range(37) for b in nb[a])
    assert sorted(len(n) for n in nb).count(6) == 19      # the inner 19 hexes are surrounded
    assert len(start_candidates(3)) == 6


@pytest.mark.parametrize("seed", range(40))
def test_starting_hexes_are_fixed_up(catalog, seed):
    data = load(catalog)
    board, deck = lay_tiles(data.tiles, 3, data.setting("sea_set_aside"), random.Random(seed),
                            data.land)
    assert len(board) + len(deck) == len(data.tiles) == 48
    assert board.count("sea") <= 8 - data.setting("sea_set_aside")
    for start in start_candidates(3):
        assert data.land(board[start])
        assert sum(not data.land(board[n]) for n in neighbours(3)[start]) <= 1


@pytest.mark.parametrize("a,b", [(a, b) for a in range(1, 6) for b in range(1, 6)])
def test_duel_odds_match_the_closed_form(a, b):
    pa, pb = Fraction(a, 6), Fraction(b, 6)
    want = pa * (1 - pb) / (1 - (1 - pa) * (1 - pb))
    assert win_chance(parse_side([[a]]), parse_side([[b]])) == want


def test_odds_tables_in_both_languages(catalog):
    en, zh = tables(load(catalog), "en"), tables(by_key(catalog.content_hash), "zh")
    assert [len(t["rows"]) for t in en] == [6, 4, 5] == [len(t["rows"]) for t in zh]
    assert en[1]["columns"][1:] == ["Tower", "Keep", "Castle", "Citadel"]
    assert zh[1]["columns"][1:] == ["塔楼", "要塞", "城堡", "大本营"]
    assert en[0]["rows"][5][6] == "0.0%"      # a 6 always hits: the attacker can't outlast it
