"""Pass-2 rules of settings and design: the settings the built-in rules need, dice faces,
the buy price table, starting parties, missions, NPCs and the hero design budget (a
warning). Missing Chinese is every game's check (toolkit/content/translations.py)."""

from __future__ import annotations

from toolkit.games.caravans.content.kinds import KINDS as BUILTIN_KINDS
from toolkit.games.caravans.content.settings import ENGINE_SETTINGS


def check_entries(index) -> None:
    """The rules that need only the cards."""
    check_missions(index)
    check_npcs(index)


def check_game(index, game) -> None:
    """The rules that need a valid game.yaml."""
    if any(kind in BUILTIN_KINDS for kind in index.by_kind):
        for name in ENGINE_SETTINGS:
            if getattr(game, name) is None:
                index.game_error(f"missing required key '{name}' (the built-in rules use it "
                                 "when the project has cards of built-in kinds)", name)
    check_dice(index, game)
    check_prices(index, game)
    check_starting(index, game)
    check_budget_band(index, game)
    check_budgets(index, game)


def check_dice(index, game) -> None:
    """Number faces are 1 or more and match the faces the party cards give hit locations."""
    if game.dice is None:
        return
    numbers = [f for f in game.dice.faces if isinstance(f, int)]
    for i, face in enumerate(game.dice.faces):
        if isinstance(face, int) and face < 1:
            index.game_error(f"die face {face} must be 1 or more (or 'skull')", "dice",
                             "faces", i)
    parties = index.of("party")
    if parties and numbers and all(f >= 1 for f in numbers):
        mapped = sorted(parties[0].hit_locations)
        if sorted(set(numbers)) != mapped:
            index.game_error(f"die number faces {_list(sorted(set(numbers)))} differ from the "
                             f"faces {_list(mapped)} that party cards give hit locations",
                             "dice", "faces")


def _list(numbers) -> str:
    return ", ".join(str(n) for n in numbers)


def check_prices(index, game) -> None:
    """The buy table maps 1, 2, … copies drawn to a price; keys start at 1."""
    if game.buy is None:
        return
    for key, price in game.buy.prices.items():
        if key < 1:
            index.game_error(f"buy.prices key {key} must be 1 or more (copies of a good drawn)",
                             "buy", "prices", key)
        if price < 0:
            index.game_error(f"buy.prices[{key}] is {price}; a price is 0 or more",
                             "buy", "prices", key)
    if 1 not in game.buy.prices:
        index.game_error("buy.prices has no price for 1 copy drawn", "buy", "prices")


def check_starting(index, game) -> None:
    """The parties a new hero may choose are marked `starting: true`."""
    if game.starting is None:
        return
    for i, pid in enumerate(game.starting.parties):
        party = index.by_id.get(pid)
        if party is not None and party.kind == "party" and not party.starting:
            index.game_error(f"starting party '{pid}' is not marked 'starting: true' in its card",
                             "starting", "parties", i)


def check_budget_band(index, game) -> None:
    if game.budgets is not None and game.budgets.hero.min > game.budgets.hero.max:
        index.game_error(f"budgets.hero.min {game.budgets.hero.min} is above budgets.hero.max "
                         f"{game.budgets.hero.max}", "budgets", "hero")


def check_missions(index) -> None:
    """A mission has exactly one test, and is taken at a tavern."""
    for mission in index.of("mission"):
        tests = [n for n in ("check", "deliver", "defeat") if getattr(mission, n) is not None]
        if len(tests) != 1:
            has = " and ".join(tests) if tests else "none"
            index.error(mission, f"mission '{mission.id}' needs exactly one of check, deliver "
                        f"or defeat; it has {has}", *(tests[1:2] or ["id"]))
        tavern = index.by_id.get(mission.tavern)
        if tavern is not None and tavern.kind == "region" and tavern.tavern is None:
            index.error(mission, f"mission tavern '{mission.tavern}' has no tavern", "tavern")


def check_npcs(index) -> None:
    """A patrol belongs to a race; a brigand band to none."""
    for npc in index.of("npc"):
        if npc.role == "patrol" and npc.race is None:
            index.error(npc, f"patrol '{npc.id}' needs a race", "role")
        if npc.role == "brigand" and npc.race is not None:
            index.error(npc, f"brigand '{npc.id}' has race '{npc.race}'; brigands have none",
                        "race")


def check_budgets(index, game) -> None:
    """Stat total plus ability weights within game.budgets.hero (a warning)."""
    if game.budgets is None or game.budgets.hero.min > game.budgets.hero.max:
        return  # an inverted band is reported by check_budget_band
    band = game.budgets.hero
    for hero in index.of("hero"):
        stats = sum(hero.stats.model_dump().values())
        weights = sum(a.weight for a in hero.abilities)
        total = stats + weights
        if not band.min <= total <= band.max:
            index.warn(hero, f"design budget {total} (stats {stats} + ability weights "
                       f"{weights}) is outside {band.min}–{band.max}", "stats")
