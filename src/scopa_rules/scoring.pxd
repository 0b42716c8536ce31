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
    cards=cython.int[40],
    coins_held=cython.int[40],
    total=cython.int[40],
    suits=cython.int[40],
    sevens=cython.int[40],
    sixes=cython.int[40],
    run=cython.int[40],
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
    cards_points=cython.int,
    coins_points=cython.int,
    primiera_points=cython.int,
    re_bello_points=cython.int,
    napola=cython.int,
    grande_points=cython.int,
    declared_points=cython.int,
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
