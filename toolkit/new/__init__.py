"""`toolkit new`: start a project from a template (templates/<name>/ here; the caravans
template is the bundled game)."""
