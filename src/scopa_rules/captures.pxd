# C types for captures.py when Cython compiles it (an "augmenting" .pxd: the
# .py stays plain Python and runs as it is without Cython).  The settings are
# an extension type: the legal-play loops read their fields as C ints.
import cython

cdef class PlaySettings:
    cdef readonly bytes values
    cdef readonly tuple value_masks
    cdef readonly int mode
    cdef readonly int rule
    cdef readonly int take_all
    cdef readonly int compulsion
    cdef readonly bint optional_ace
    cdef readonly bint fifteen_alone
    cdef readonly tuple worth_at_most
    cdef readonly tuple clamps
    cdef readonly dict patterns
    cdef readonly dict by_total
    cdef readonly dict half_ways

cpdef PlaySettings play_settings(object rules)
