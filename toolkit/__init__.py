"""card-toolkit: validate, render, simulate and balance tabletop games kept as YAML."""

from pathlib import Path

__version__ = "0.1.0"

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent
BUNDLED_PROJECT = REPO_DIR  # the bundled game lives in cards/ beside the package
