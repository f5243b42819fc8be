"""Pass 2 of validation: the game's own rules over typed entries (being written)."""


def check(loaded) -> None:
    """Add every game-level problem of `loaded` to its report."""
    seen = {}
    for entry in loaded.entries:
        if entry.id in seen:
            loaded.problem(entry, "error", f"duplicate id '{entry.id}'", "id")
        seen[entry.id] = entry
