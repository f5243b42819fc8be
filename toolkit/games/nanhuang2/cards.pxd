# The types of cards.py when compiled (augmenting .pxd): a card's numbers and the table are
# extension types whose fields are C slots. Numbers stay Python objects: the content decides
# their values, and the compiled rules must accept whatever the Python ones do.

cimport cython

@cython.final
cdef class Spec:
    cdef readonly str id, kind
    cdef readonly object power, economy, price, spoils, amount
    cdef readonly bint strong
    cdef readonly tuple tags
    cdef readonly object ability, ability_tag, action


@cython.final
cdef class Table:
    cdef public dict specs, names, settings, basics, zone_slots, holds, guards, field_power
    cdef public list deck, tokens, slots, adjacent
    cdef public tuple labour

    cpdef object setting(self, str name)
    cpdef bint fits(self, str kind, str zone)
