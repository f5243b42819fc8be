"""Numbers a ruling reads from game.yaml instead of writing them out: any string value of a
ruling's setup, steps or expectations that starts with `=` is arithmetic over the game's
settings, worked out when the rulings are loaded, so that one ruling holds in every variant:

    expect:
      - {seat: 1, gold: "= sell.price + sell.demanded_price"}
      - {legal: {do: stash, gold: "= stash.gold_per_point * 2"}}

Names are dotted paths into game.yaml (`stash.max_points`, `buy.prices.2`); the operators
are + - * // and parentheses, with min(...) and max(...). Nothing else is evaluated."""

from __future__ import annotations

import ast
import operator
import re

MARK = "="
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
        ast.FloorDiv: operator.floordiv}
_CALLS = {"min": min, "max": max}


class SettingError(ValueError):
    """An expression that cannot be worked out: the message says why."""


def is_expression(value) -> bool:
    return isinstance(value, str) and value.startswith(MARK)


def resolve(value, settings: dict):
    """`value` with every `=` expression in it (nested in mappings and lists) replaced by its
    number; SettingError(path, message) for the first one that cannot be worked out."""
    return _walk(value, settings, ())


def _walk(value, settings, path):
    if isinstance(value, dict):
        return {k: _walk(v, settings, path + (k,)) for k, v in value.items()}
    if isinstance(value, list):
        return [_walk(v, settings, path + (i,)) for i, v in enumerate(value)]
    if is_expression(value):
        try:
            return evaluate(value[len(MARK):], settings)
        except SettingError as exc:
            raise SettingError(path, f"'{value}': {exc.args[0]}") from None
    return value


def evaluate(text: str, settings: dict) -> int:
    try:  # a numbered key (buy.prices.2) is read as an attribute n_2
        tree = ast.parse(re.sub(r"\.(\d+)\b", r".n_\1", text.strip()), mode="eval")
    except SyntaxError:
        raise SettingError("not arithmetic over game.yaml settings (like "
                           "'= sell.price * 2')") from None
    return _value(tree.body, settings)


def _value(node, settings):
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        left, right = _value(node.left, settings), _value(node.right, settings)
        if isinstance(node.op, ast.FloorDiv) and right == 0:
            raise SettingError("division by zero")
        return _OPS[type(node.op)](left, right)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_value(node.operand, settings)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in _CALLS and node.args and not node.keywords):
        return _CALLS[node.func.id](_value(a, settings) for a in node.args)
    if isinstance(node, (ast.Name, ast.Attribute)):
        return _setting(_dotted(node), settings)
    raise SettingError("only numbers, game.yaml settings, + - * // ( ) and min/max are "
                       "allowed")


def _dotted(node) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return _dotted(node.value) + [node.attr]
    raise SettingError("a setting is a dotted name like stash.max_points")


def _setting(parts: list[str], settings: dict) -> int:
    here = settings
    for i, part in enumerate(parts):
        name = part[2:] if re.fullmatch(r"n_\d+", part) else part
        key = next((k for k in (here if isinstance(here, dict) else ())
                    if str(k) == name), None)
        if key is None:
            shown = ".".join(p[2:] if re.fullmatch(r"n_\d+", p) else p for p in parts[:i + 1])
            raise SettingError(f"game.yaml has no setting '{shown}'")
        here = here[key]
    if type(here) is not int:
        raise SettingError(f"setting '{'.'.join(parts)}' is not a whole number")
    return here
