# cython: language_level=3
"""The boundary between the engine's State and the compiled core (see convert.pyx);
CoreState (api.pxd) and the action codec (codec.pxd) are re-exported here."""

from toolkit.games.caravans.core.api cimport CoreState
from toolkit.games.caravans.core.codec cimport action_from_py, action_to_py
