# C types for _chance.py when Cython compiles it (an "augmenting" .pxd: the
# .py stays plain Python and runs as it is without Cython).  An outcome list
# walks the bytes of the cards left as C chars and picks prebuilt pairs from
# a tuple by C index.
import cython

cdef tuple _PAIRS
cdef bytes _INDEXES
cdef tuple _BYTES

@cython.locals(left=bytes, pairs=tuple, index=cython.uchar)
cpdef list deal_outcomes(bytes dealt)

cpdef bytes deal_card(bytes dealt, object action)
