# C types for observation.py when Cython compiles it (an "augmenting" .pxd:
# the .py stays plain Python and runs as it is without Cython).  A card
# block's byte is a C unsigned char, so expanding the blocks is a C loop over
# the bytes; seats are C ints.
import cython

@cython.locals(
    cached=tuple,
    n=cython.int,
    head=cython.int,
)
cpdef tuple _parts(
    object rules,
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

@cython.locals(fields=tuple, hands=tuple, players=cython.int)
cpdef tuple _state_parts(object state, int seat, object played, object taken)

cpdef tuple _state_floats(object state, int seat, object played, object taken)

cpdef list _state_float_list(object state, int seat, object played, object taken)

cpdef bytearray _state_float32(object state, int seat, object played, object taken)

@cython.locals(entries=tuple, out=list, byte=cython.uchar)
cpdef list _float_list(bytes cards, tuple head, tuple counts, tuple tail)

@cython.locals(entries=tuple, out=bytearray, byte=cython.uchar)
cpdef bytearray _float32_bytes(bytes cards, tuple head, tuple counts, tuple tail)
