"""Loading the heuristic play styles (weights per consideration) from styles.yaml.

The file has a `defaults:` block of weights and a `styles:` mapping; each style names a
`description` and the `weights` it changes, and may say `mixed: false` to stay out of the
`--agents mixed` draw (a style tuned for strength, not for the balance report). Every
weight name must be one of `toolkit.games.caravans.agents.features.FEATURES`; a bad name or
value stops with file:line:col.
A project may ship its own `agents/styles.yaml` beside `cards/`; it replaces the bundled one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from toolkit.games.caravans.agents.features import FEATURES
from toolkit.content.yamlsafe import Document, load_file
from toolkit.errors import ContentError

BUNDLED_STYLES = Path(__file__).with_name("styles.yaml")
MAX_WEIGHT = 1000  # weights are relative; a bound keeps every sum finite


@dataclass(frozen=True)
class Style:
    """One named play style: its description and a complete set of weights."""

    name: str
    description: str
    weights: Mapping[str, float]
    mixed: bool = True  # drawn for the seats of an `--agents mixed` line-up
    # the same weights as a plain dict, for the agents' hot loops (read it, never write it)
    table: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "table", dict(self.weights))

    def __getitem__(self, feature: str) -> float:
        return self.weights[feature]


def styles_path(project_root: Path | None = None) -> Path:
    """The project's agents/styles.yaml when it has one, else the bundled file."""
    if project_root is not None:
        own = Path(project_root) / "agents" / "styles.yaml"
        if own.is_file():
            return own
    return BUNDLED_STYLES


@lru_cache(maxsize=8)
def load_styles(path: Path = BUNDLED_STYLES) -> Mapping[str, Style]:
    """Every style of the file, each with the defaults filled in."""
    doc = load_file(Path(path))
    data = doc.data
    if not isinstance(data, dict) or set(data) - {"defaults", "styles"}:
        _fail(doc, (), "expected a mapping with the keys 'defaults' and 'styles'")
    defaults = _weights(doc, data.get("defaults") or {}, ("defaults",))
    missing = sorted(set(FEATURES) - set(defaults))
    if missing:
        _fail(doc, ("defaults",), f"defaults lack the weights {', '.join(missing)}")
    styles = data.get("styles")
    if not isinstance(styles, dict) or not styles:
        _fail(doc, ("styles",), "'styles' must map style names to blocks")
    out = {name: _style(doc, name, block, defaults) for name, block in styles.items()}
    return MappingProxyType(out)


def _style(doc: Document, name, block, defaults: dict[str, float]) -> Style:
    where = ("styles", name)
    if not isinstance(name, str) or not name.isidentifier() or name in ("random", "search"):
        _fail(doc, where, f"style name '{name}' must be a plain word other than random/search")
    if not isinstance(block, dict) or set(block) - {"description", "weights", "mixed"}:
        _fail(doc, where, "a style has only 'description', 'weights' and 'mixed'")
    mixed = block.get("mixed", True)
    if not isinstance(mixed, bool):
        _fail(doc, where + ("mixed",), f"'mixed' must be true or false, not {mixed!r}")
    description = block.get("description")
    if not isinstance(description, str) or not description.strip():
        _fail(doc, where, "a style needs a one-line 'description'")
    weights = dict(defaults)
    weights.update(_weights(doc, block.get("weights") or {}, where + ("weights",)))
    return Style(name, description.strip(), MappingProxyType(weights), mixed)


def _weights(doc: Document, raw, where: tuple) -> dict[str, float]:
    if not isinstance(raw, dict):
        _fail(doc, where, "weights must be a mapping of name: number")
    out = {}
    for key, value in raw.items():
        if key not in FEATURES:
            _fail(doc, where + (key,), f"unknown weight '{key}'",
                  hint="see toolkit/agents/features.py for the list")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            _fail(doc, where + (key,), f"weight '{key}' must be a number, not {value!r}")
        if not abs(value) <= MAX_WEIGHT:  # also refuses .nan and .inf
            _fail(doc, where + (key,), f"weight '{key}' is {value}, allowed "
                  f"-{MAX_WEIGHT} to {MAX_WEIGHT}")
        out[key] = float(value)
    return out


def _fail(doc: Document, path: tuple, message: str, hint: str | None = None):
    line, column = doc.where(path)
    raise ContentError(message, file=doc.file, line=line, column=column, hint=hint)
