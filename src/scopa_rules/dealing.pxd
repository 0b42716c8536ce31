# C types for dealing.py when Cython compiles it (an "augmenting" .pxd: the
# .py stays plain Python and runs as it is without Cython).  The deal reads
# a deck of card indexes as bytes and writes the hands' masks into a C array
# of its caller (the state's, the playouts'), counting in C ints.
import cython

cdef unsigned long long _ONE

@cython.locals(
    seat=cython.int,
    offset=cython.int,
    take=cython.int,
    k=cython.int,
    mask=cython.ulonglong,
)
cdef int deal_round(
    int players,
    int size,
    int dealer,
    const unsigned char* deck,
    int at,
    int first,
    unsigned long long* hands,
) except -1

@cython.locals(held=cython.ulonglong[40], players=cython.int, at=cython.int, k=cython.int)
cpdef tuple next_round(object rules, int dealer, bytes stock)

@cython.locals(
    players=cython.int,
    packet=cython.int,
    size=cython.int,
    k=cython.int,
    table=cython.ulonglong,
    at=cython.int,
)
cdef (unsigned long long, int) deal_hand(
    object rules,
    int dealer,
    const unsigned char* deck,
    int keep_first,
    unsigned long long* hands,
) except *

@cython.locals(hands=cython.ulonglong[40], table=cython.ulonglong)
cpdef object dealt_table(object rules, int dealer, object deck, int keep_first)

@cython.locals(swept=cython.int, side=cython.int)
cdef int sweep_the_deal(
    object rules,
    int dealer,
    unsigned long long table,
    unsigned long long* piles,
    int* sweeps,
) except -1
