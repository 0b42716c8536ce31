# C types for observation.py when Cython compiles it (an "augmenting" .pxd:
# the .py stays plain Python and runs as it is without Cython).  A card
# block's mask is a C unsigned 64-bit int and its bit indexes a C table, so
# the compiled expansion sets each card's entry in a few instructions; seats
# are C ints.
import cython

cdef int _BIT_INDEX[67]

@cython.locals(n=cython.int, head=cython.int)
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

@cython.locals(fields=tuple, hands=tuple, plans=tuple)
cpdef tuple _state_parts(object state, int seat, object played, object taken)

cpdef tuple _state_floats(object state, int seat, object played, object taken)

cpdef list _state_float_list(object state, int seat, object played, object taken)

cpdef bytearray _state_float32(object state, int seat, object played, object taken)

@cython.locals(out=list)
cpdef list _float_list(tuple parts)

@cython.locals(out=bytearray)
cpdef bytearray _float32_bytes(tuple parts)

cpdef bytes _card_bytes(tuple masks)

@cython.locals(entries=tuple, out=list, byte=cython.uchar)
cpdef list _card_floats_by_bytes(tuple masks)

@cython.locals(entries=tuple, byte=cython.uchar)
cpdef bytearray _card_float32_by_bytes(tuple masks)

@cython.locals(out=list, start=cython.int, mask=cython.ulonglong, low=cython.ulonglong)
cpdef list _card_floats_by_bits(tuple masks)

@cython.locals(
    out=bytearray,
    start=cython.int,
    at=cython.int,
    mask=cython.ulonglong,
    low=cython.ulonglong,
)
cpdef bytearray _card_float32_by_bits(tuple masks)

cpdef object _packer(int count)
