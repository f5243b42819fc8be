"""Tests of the compiled Caravans core (a package: tests import the lockstep harness)."""
