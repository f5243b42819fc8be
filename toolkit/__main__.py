"""`python -m toolkit` runs the command-line interface."""

from toolkit.cli import main

main()
