"""The cut shape of a face - "card" (a rectangle), "round" or "hex" - read from the classes
of its `<section class="face ...">`: a counter's template names its shape (`counter round`,
`counter hex`), a round marker or a hex tile says `round` or `hex` in its face class. The
exports use it: Tabletop Simulator cuts a deck's cards as circles or hexes, the
print-on-demand services sell round and hex chits."""

from __future__ import annotations

import re

SECTION = re.compile(r'<section\s+class="face\b([^"]*)"')
SHAPES = ("round", "hex")


def face_shape(face) -> str:
    """"round", "hex" or "card" for a face (its first section's classes)."""
    found = SECTION.search(face.html or "")
    classes = set(found.group(1).split()) if found else set()
    for shape in SHAPES:
        if shape in classes:
            return shape
    return "card"
