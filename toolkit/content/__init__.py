"""Content: YAML loading, schemas, validation and the catalog of a game project."""
