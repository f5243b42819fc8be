"""Another game's content validates without Python: examples/root_clearings declares its
kinds in game.yaml, and a wrong enum, an out-of-range number, a dangling or wrong-kind
reference, a one-way path and a bad declaration in it are all reported."""

from __future__ import annotations

import pytest

from content_helpers import REPO

ROOT = REPO / "examples" / "root_clearings"

CASES = {
    "wrong_enum": (
        [("clearings.yaml", "suit: fox\n    slots: 1", "suit: bird\n    slots: 1")],
        ["cards/clearings.yaml:6:5: error: 'suit' is 'bird', allowed 'fox', 'rabbit' or "
         "'mouse' [clearings.c1.suit]"]),
    "list_enum": (
        [("shared_cards.yaml", "cost: [fox, fox], type: item", "cost: [fox, fax], type: item")],
        ["cards/shared_cards.yaml:11:81: error: 'cost' is 'fax', allowed 'fox', 'rabbit', "
         "'mouse' or 'any' (did you mean 'fox'?) [shared_cards.arms_trader.cost[1]]"]),
    "out_of_range": (
        [("clearings.yaml", "slots: 3", "slots: 4")],
        ["cards/clearings.yaml:73:5: error: 'slots' is 4, allowed 1–3 [clearings.c11.slots]"]),
    "dangling_ref": (
        [("shared_cards.yaml", "item: sword", "item: swords")],
        ["cards/shared_cards.yaml:11:99: error: unknown item 'swords' (did you mean 'sword'?) "
         "[shared_cards.arms_trader.item]"]),
    "wrong_kind_ref": (
        [("clearings.yaml", "opposite: c3", "opposite: tea")],
        ["cards/clearings.yaml:8:5: error: 'tea' is an item, not a clearing "
         "[clearings.c1.opposite]"]),
    "one_way_path": (
        [("clearings.yaml", "adjacent: [c1, c2]", "adjacent: [c1, c2, c12]")],
        ["cards/clearings.yaml:36:24: error: clearing 'c5' lists 'c12' as adjacent but 'c12' "
         "does not list 'c5' [clearings.c5.adjacent[2]]"]),
    "count": (
        [("game.yaml", "shared_card: 14", "shared_card: 54")],
        ["cards/game.yaml:33:3: error: counts.shared_card is 54 but the shared_card cards make "
         "14 (with copies) [game.counts.shared_card]"]),
    "bad_declaration": (
        [("game.yaml", "item: {type: ref, ref: item, required: false, description: the item "
          "crafted}", "item: {type: ref, ref: items, required: false}")],
        ["cards/game.yaml:28:7: error: field 'item' refers to unknown kind 'items' (did you "
         "mean 'item'?) [game.kinds.shared_card.fields.item]"]),
    "enum_without_values": (
        [("game.yaml", "suit: {type: enum, values: [fox, rabbit, mouse], description: never "
          "bird}", "suit: {type: enum}")],
        ["cards/game.yaml:13:7: error: enum field 'suit' needs a list of values "
         "[game.kinds.clearing.fields.suit]"]),
    "symmetric_misuse": (
        [("game.yaml", "supply: {type: int,", "supply: {symmetric: true, type: int,")],
        ["cards/game.yaml:21:7: error: symmetric field 'supply' must be a list of refs to "
         "'item' itself [game.kinds.item.fields.supply]"]),
    "builtin_name": (  # (without rules: a game's kind names, like hero, are free)
        [("game.yaml", "  item:\n", "  game:\n    fields: {}\n  item:\n")],
        ["cards/game.yaml:18:3: error: kind 'game' is built in; choose another name "
         "[game.kinds.game]"]),
}


def test_example_validates_clean(run):
    assert run("validate", ROOT, "--strict") == (0, ["no problems found"], "")


def test_example_lists_declared_kinds(run):
    code, out, _ = run("list", ROOT, "item", "--format", "json")
    assert code == 0
    import json

    items = json.loads("\n".join(out))["item"]
    assert sum(i["copies"] for i in items) == 23
    assert sum(i["supply"] for i in items) == 12


@pytest.mark.parametrize("name", list(CASES))
def test_example_errors(name, project, run):
    edits, expected = CASES[name]
    code, out, _ = run("validate", project(edits, source=ROOT))
    assert code == 1
    assert out[:-1] == expected
