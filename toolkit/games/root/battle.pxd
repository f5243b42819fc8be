# The types of battle.py when compiled (augmenting .pxd): only what the legal actions ask.
from toolkit.games.root.state cimport State
from toolkit.games.root.data cimport Static, static_of
from toolkit.games.root cimport board
from toolkit.games.root cimport vagabond_items as vi

cpdef list can_attack(State s, Static st, Py_ssize_t seat, object c)
