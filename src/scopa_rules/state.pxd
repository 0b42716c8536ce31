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
    index=cython.int,
    played=cython.ulonglong,
    taken=cython.ulonglong,
    table=cython.ulonglong,
    hand=cython.ulonglong,
    mover=cython.int,
    side=cython.int,
    hands=tuple,
    state=GameState,
)
cpdef GameState _played(GameState before, tuple fields, object move)

@cython.locals(state=GameState)
cpdef GameState _state(tuple fields, object moves=*)

@cython.locals(side=cython.int, before=tuple, totals=tuple, grown=list)
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

from scopa_rules._kernel cimport legal_plays as kernel_plays
