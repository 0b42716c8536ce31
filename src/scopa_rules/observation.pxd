# C types for observation.py when Cython compiles it (an "augmenting" .pxd:
# the .py stays plain Python and runs as it is without Cython).  Masks are C
# unsigned 64-bit ints and their bit indexes a C table, so that each card's
# entry is set in a few instructions, straight into the list or bytes.
import cython

cdef int _BIT_INDEX[67]
cdef unsigned char _FLOAT32_HIGH[512]
cdef unsigned long long _FULL
cdef tuple _PHASES
cdef dict _LAYOUTS

cpdef object state_entries(object state, int seat, object played, object taken, bint float32)

@cython.locals(
    n=cython.int,
    s=cython.int,
    r=cython.int,
    at=cython.Py_ssize_t,
    unseen=cython.Py_ssize_t,
    seen=cython.ulonglong,
    mask=cython.ulonglong,
    pile=cython.ulonglong,
    data=bytearray,
    floats=tuple,
)
cpdef object _write(bint float32, object rules, int seat, unsigned long long hand, unsigned long long table, object piles, unsigned long long first, unsigned long long played, unsigned long long taken, object to_move, int dealer, object last_capturer, object hand_sizes, Py_ssize_t stock, object sweeps, object scores, object phase, object kept, object declared)

@cython.locals(data=bytearray, entries=list, low=cython.ulonglong, place=cython.Py_ssize_t)
cdef Py_ssize_t _put_cards(object out, Py_ssize_t at, unsigned long long mask, bint float32) except -1

@cython.locals(data=bytearray)
cdef int _put(object out, Py_ssize_t at, Py_ssize_t value, bint float32) except -1

@cython.locals(kept=tuple)
cpdef tuple _layout_of(object rules)
