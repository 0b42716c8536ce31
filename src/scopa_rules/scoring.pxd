# C types for scoring.py when Cython compiles it (an "augmenting" .pxd: the
# .py stays plain Python and runs as it is without Cython).  The tally reads
# each pile a suit's ten bits at a time, from tables that are C arrays here.
import cython

cdef int _BEST[1024]
cdef int _COUNT[1024]
cdef int _RUN[1024]

@cython.locals(
    mask=cython.ulonglong,
    coins=cython.uint,
    hearts=cython.uint,
    spades=cython.uint,
    clubs=cython.uint,
)
cpdef list _tally(object rules, object piles, object sweeps, object declared=*)

cpdef object _outright(object keys)

cpdef object _primiera_key(object rule, int total, int suits, int sevens, int sixes)

cdef int _FIRST_POINTS

@cython.locals(row=tuple, total=cython.int, k=cython.int, totals=list)
cpdef tuple hand_totals(object rules, object piles, object sweeps, object declared=*)
