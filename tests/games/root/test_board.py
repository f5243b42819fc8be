"""Rule, its tie-breaks and movement on the Autumn map."""

from __future__ import annotations

from toolkit.games.root import board
from toolkit.games.root.data import static

from .conftest import legal


def test_the_map_is_the_autumn_graph(catalog):
    st = static(catalog)
    assert len(st.suit) == 12 and sum(len(v) for v in st.adj.values()) == 36
    assert sorted(st.ruins) == ["c10", "c11", "c12", "c6"]
    assert st.opposite == {"c1": "c3", "c2": "c4", "c3": "c1", "c4": "c2"}
    assert st.forest_adj["f7"] and all(f in st.forest_adj[g] for f in st.forest_adj
                                       for g in st.forest_adj[f])


def test_rule_counts_warriors_and_buildings_not_tokens(make):
    s = make(pieces={"c5": {"marquise": {"warriors": 1, "wood": 3}, "alliance": {"warriors": 2}},
                     "c2": {"marquise": {"sawmill": 1}, "alliance": {"sympathy": 1}},
                     "c6": {"marquise": {"warriors": 1}, "eyrie": {"warriors": 1}},
                     "c10": {"marquise": {"warriors": 1}, "alliance": {"warriors": 1}}})
    assert board.ruler(s, "c5") == "alliance"
    assert board.ruler(s, "c2") == "marquise"
    assert board.ruler(s, "c6") == "eyrie"
    assert board.ruler(s, "c10") is None
    assert board.ruler(s, "c1") is None


def test_movement_needs_rule_at_one_end(make):
    s = make(pieces={"c5": {"marquise": {"warriors": 1}, "alliance": {"warriors": 2}},
                     "c2": {"marquise": {"warriors": 1}}})
    assert not legal(s, "march", **{"from": "c5", "to": "c1"})
    assert legal(s, "march", **{"from": "c5", "to": "c2", "count": 1})
    assert legal(s, "march", **{"from": "c2", "to": "c6", "count": 1})
