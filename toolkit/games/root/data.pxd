# The types of data.py when compiled (augmenting .pxd): Static is an extension type whose
# fields are C slots (public: every module reads them), so typed rules read them directly.
cdef class Static:
    cdef public dict suit, slots, opposite, adj, priority, forests, forest_adj, cards, items
    cdef public dict settings, pieces, warriors, leaders, characters, quests, names
    cdef public list ruins, deck, aids, aid_vp, clearings
    cdef public object key

    cpdef list corners(self)
    cpdef object setting(self, object key)


cpdef Static static_of(object s)
