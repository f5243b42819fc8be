"""Auto-balance (`toolkit balance`): targets stated in game.yaml's `balance:` block, a seeded
search over the tunable fields, proposals as YAML patches verified on fresh seeds."""
