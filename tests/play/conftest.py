"""A running table for the play tests: `toolkit play`'s server in a thread on a free port."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from serve_kit import in_thread

from toolkit import BUNDLED_PROJECT
from toolkit.content.validate import load_catalog
from toolkit.games import game_for
from toolkit.new.scaffold import create
from toolkit.play.server import Host, make_server
from toolkit.play.table import Table

CARAVANS_BOTS = ["balanced", "trader", "raider"]   # heuristic agents: quick, real games


@pytest.fixture(scope="session")
def tutorial(tmp_path_factory):
    """The tutorial game of `toolkit new` (Five Tricks, the project's own rules)."""
    root = create(tmp_path_factory.mktemp("tutorial") / "tricks")
    catalog = load_catalog(root)
    return root, game_for(catalog, trust=True, command="play"), catalog


@pytest.fixture(scope="session")
def caravans():
    catalog = load_catalog(BUNDLED_PROJECT)
    return BUNDLED_PROJECT, game_for(catalog, command="play"), catalog


@contextmanager
def serving(game, catalog, seed, lineup, out, lang="en"):
    host = Host(Table(game, catalog, seed, lineup), out, lang, pace=0.0)
    with in_thread(make_server(host, port=0)) as url:
        yield host, url
