# C types for deck.py when Cython compiles it (an "augmenting" .pxd: the .py
# stays plain Python and runs as it is without Cython).  The compiled build
# draws the shuffle's SplitMix64 outputs one by one in unsigned 64-bit ints.
import cython

cdef bint _COMPILED
cdef unsigned long long _MASK64
cdef unsigned long long _MIX1
cdef unsigned long long _MIX2
cdef unsigned long long _GOLDEN
cdef unsigned long long _LOW32

@cython.locals(
    order=cython.int[40],
    state=cython.ulonglong,
    z=cython.ulonglong,
    i=cython.int,
    j=cython.int,
    k=cython.int,
)
cpdef tuple _drawn_one_by_one(unsigned long long start)

cpdef unsigned long long _mix64(unsigned long long value)

@cython.locals(state=cython.ulonglong, mixed=cython.ulonglong)
cpdef unsigned long long _stream_start(object seed, object number) except? 0
