"""card-toolkit: validate, render, simulate and balance tabletop games kept as YAML.

Where the toolkit's own files are, found relative to this package and never through a
source checkout: in a checkout (or `pip install -e .`) the bundled game and the templates sit
beside the package (`cards/`, `templates/`); a built wheel carries them inside it, in
`toolkit/bundled/` (see setup.py). Everything else asks for these constants.
"""

from pathlib import Path

__version__ = "0.1.0"

PACKAGE_DIR = Path(__file__).resolve().parent
_WHEEL_DATA = PACKAGE_DIR / "bundled"
BUNDLED_PROJECT = (_WHEEL_DATA if (_WHEEL_DATA / "cards" / "game.yaml").is_file()
                   else PACKAGE_DIR.parent)  # holds cards/ of Caravans & Brigands
TEMPLATES_DIR = BUNDLED_PROJECT / "templates"  # the toolkit's templates, icons and styles
# kept for old callers: the folder that holds cards/ and templates/ (never the checkout as such)
REPO_DIR = BUNDLED_PROJECT
