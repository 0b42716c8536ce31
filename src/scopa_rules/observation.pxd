# C types for observation.py when Cython compiles it (an "augmenting" .pxd:
# the .py stays plain Python and runs as it is without Cython).  A card
# block's mask is a C unsigned 64-bit int and its bit indexes a C table, so
# the compiled expansion sets each card's entry in a few instructions; seats
# are C ints.
import cython

cdef int _BIT_INDEX[67]
cdef unsigned long long _FULL
cdef unsigned char _COUNT_FLOAT32[512]

@cython.locals(n=cython.int, blocks=cython.Py_ssize_t)
cpdef tuple _parts(
    tuple plans,
    int seat,
    object hand,
    object table,
    object piles,
    object first,
    object played,
    object taken,
    object to_move,
    int dealer,
    object last_capturer,
    object hand_sizes,
    int stock,
    object sweeps,
    object scores,
    object phase,
    object kept,
    object declared,
)

@cython.locals(plans=tuple, cached=tuple)
cpdef tuple _plans_of(object rules)

@cython.locals(hands=tuple, plans=tuple)
cpdef tuple _state_parts(object state, int seat, object played, object taken)

cpdef tuple _state_floats(object state, int seat, object played, object taken)

cpdef list _state_float_list_by_parts(object state, int seat, object played, object taken)

cpdef list _state_float_list_by_fields(object state, int seat, object played, object taken)

cpdef bytearray _state_float32_by_fields(object state, int seat, object played, object taken)

cpdef bytearray _state_float32_by_parts(object state, int seat, object played, object taken)

@cython.locals(
    plans=tuple,
    hands=tuple,
    piles=tuple,
    sweeps=tuple,
    scores=tuple,
    stock=tuple,
    seat_order=tuple,
    sides=tuple,
    head=tuple,
    tail=tuple,
    n=cython.int,
    dealer=cython.int,
    first_mask=cython.ulonglong,
    hand=cython.ulonglong,
    table=cython.ulonglong,
    seen=cython.ulonglong,
    pile=cython.ulonglong,
    at=cython.Py_ssize_t,
    side=cython.Py_ssize_t,
    other=cython.Py_ssize_t,
    playing=cython.bint,
)
cpdef object _state_entries(object state, int seat, object played, object taken, bint float32)

@cython.locals(data=bytearray, entries=list, low=cython.ulonglong, place=cython.Py_ssize_t)
cdef Py_ssize_t _put_cards(object out, Py_ssize_t at, unsigned long long mask, bint float32) except -1

@cython.locals(
    data=bytearray,
    stores=bytes,
    floats=list,
    values=tuple,
    start=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    place=cython.Py_ssize_t,
)
cdef Py_ssize_t _put_entries(object out, Py_ssize_t at, tuple entries, bint float32) except -1

@cython.locals(data=bytearray, floats=list)
cdef Py_ssize_t _put_count(object out, Py_ssize_t at, Py_ssize_t count, bint float32) except -1

cdef int _cards_in(unsigned long long mask) noexcept

cpdef Py_ssize_t _set_count_float32(bytearray out, Py_ssize_t at, Py_ssize_t count)

cpdef tuple _heads(tuple rows, int n, object to_move, int dealer, object last_capturer)

cpdef tuple _tail(tuple tails, object phase, object kept)

@cython.locals(out=list)
cpdef list _float_list(tuple parts)

@cython.locals(pieces=list, used=cython.Py_ssize_t, blocks=cython.Py_ssize_t, entries=tuple, byte=cython.uchar)
cpdef bytearray _float32_bytes(tuple parts)

@cython.locals(entries=tuple, out=list, byte=cython.uchar)
cpdef list _card_floats_by_bytes(object cards, Py_ssize_t blocks)

@cython.locals(out=list, start=cython.Py_ssize_t, mask=cython.ulonglong, low=cython.ulonglong)
cpdef list _card_floats_by_bits(object cards, Py_ssize_t blocks)

cpdef object _packer(int count)
