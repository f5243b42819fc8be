# cython: language_level=3
"""Converters of the fight side's structs (dict <-> C), called by the turn side's convert.pyx.

Ids are mapped by `fight_ids(rules)` (a cached FightIds: the encodings of
fight_layout.pxd); combat/raid converters take the Rules or the core's Content, the others
the FightIds. *_from_py fills the struct from the engine's data (None: active = 0 / kind
NONE), raising CoreRefused (core/content) with one line when it does not fit; *_to_py
builds it back."""

from toolkit.games.caravans.core.fight_layout cimport CParty, CCombat, CRaid, CDecision

cdef int combat_from_py(CCombat* out, object combat, object content) except -1
cdef object combat_to_py(const CCombat* c, object content)
cdef int raid_from_py(CRaid* out, object raid, object content) except -1
cdef object raid_to_py(const CRaid* r, object content)
cdef int party_from_py(CParty* out, object party, object ids) except -1
cdef dict party_to_py(const CParty* p, object ids)
cdef int decision_from_py(CDecision* out, dict entry, object ids) except -1
cdef dict decision_to_py(const CDecision* d, object ids)
cdef int ref_from_py(str ref, object ids) except? -9999
cdef str ref_to_py(int ref, object ids)
