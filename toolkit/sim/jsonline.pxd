cdef class Lines:
    cdef public dict texts, first, next
    cdef _value(self, object value, list out)
