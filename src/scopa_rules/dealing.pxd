# C types for dealing.py when Cython compiles it (an "augmenting" .pxd: the
# .py stays plain Python and runs as it is without Cython).  A round of the
# deal counts seats and cards in C ints and builds each hand's mask in an
# unsigned 64-bit int.
import cython

@cython.locals(mask=cython.ulonglong)
cpdef object _mask_of(object cards)

@cython.locals(
    players=cython.int,
    size=cython.int,
    seat=cython.int,
    used=cython.int,
    offset=cython.int,
    take=cython.int,
    index=cython.int,
    mask=cython.ulonglong,
    hands=list,
)
cpdef tuple deal_round(object rules, int dealer, object cards, object first=*)
