# C types for state.py when Cython compiles it (an "augmenting" .pxd: the
# .py stays plain Python and runs as it is without Cython).  Masks are
# unsigned 64-bit ints; seats, sides and card indexes C ints.
import cython

cdef unsigned long long _ONE
cdef bint _COMPILED

# The state is an extension type in the compiled build: its two slots are C
# fields (read without a lookup), and it is made without a call.
cdef class GameState:
    cdef public tuple _s
    cdef public object _m

@cython.locals(
    play=cython.ulonglong,
    table=cython.ulonglong,
    hand=cython.ulonglong,
    pile=cython.ulonglong,
    swept=cython.int,
    mover=cython.int,
    side=cython.int,
    players=cython.int,
    held=list,
    grown=list,
    counts=list,
    hands=tuple,
    stock=bytes,
    state=GameState,
)
cpdef GameState _played(GameState before, tuple fields, object move)

@cython.locals(state=GameState)
cpdef GameState _state(tuple fields, object moves=*)

@cython.locals(grown=list)
cpdef GameState _hand_over(
    tuple fields,
    object table,
    tuple piles,
    tuple sweeps,
    object last_capturer,
    tuple links,
)

cpdef GameState _start_hand(
    object rules,
    object source,
    object deals_used,
    object dealer,
    object hand_number,
    tuple scores,
    object hand_results,
)

@cython.locals(
    players=cython.int,
    sides=cython.int,
    k=cython.int,
    held=cython.ulonglong[40],
    piles=cython.ulonglong[40],
    sweeps=cython.int[40],
    table=cython.ulonglong,
    at=cython.int,
    hands=list,
)
cpdef bint _deal_into_play(list fields, bytes deck, int keep_first) except -1

from scopa_rules cimport _kernel, dealing
from scopa_rules._kernel cimport legal_plays as kernel_plays
