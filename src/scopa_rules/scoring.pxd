# C types for scoring.py when Cython compiles it (an "augmenting" .pxd: the
# .py stays plain Python and runs as it is without Cython).  The tally reads
# each pile a suit's ten bits at a time, from tables that are C arrays here.
import cython

cdef int _BEST[1024]
cdef int _COUNT[1024]
cdef int _RUN[1024]

@cython.locals(
    sides=cython.int,
    side=cython.int,
    cards=cython.int[8],
    coins_held=cython.int[8],
    total=cython.int[8],
    suits=cython.int[8],
    sevens=cython.int[8],
    sixes=cython.int[8],
    run=cython.int[8],
    mask=cython.ulonglong,
    coins=cython.uint,
    hearts=cython.uint,
    spades=cython.uint,
    clubs=cython.uint,
    swept=cython.int,
    settebello=cython.int,
    re_bello=cython.int,
    grande=cython.bint,
    all_coins=cython.bint,
    points=cython.int[9],
    gained=cython.int,
    k=cython.int,
)
cpdef object _tally(
    object rules,
    object piles,
    object sweeps,
    object declared,
    list out,
    bint rows=*,
)

cpdef object _outright(object keys)

cpdef object _primiera_key(object rule, int total, int suits, int sevens, int sixes)

@cython.locals(totals=list)
cpdef tuple hand_totals(object rules, object piles, object sweeps, object declared=*)
