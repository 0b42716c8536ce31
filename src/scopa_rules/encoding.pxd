# C types for encoding.py when Cython compiles it (an "augmenting" .pxd: the
# .py stays plain Python and runs as it is without Cython).  A card played
# goes straight to state.py's _played, a C call: every step of every
# framework passes here.
import cython

from scopa_rules.state cimport _played

cdef type _ACTION_STATE

@cython.locals(flags=bytearray, action=cython.int)
cpdef bytearray _action_flags(tuple actions)

cpdef object _point(object state, object played=*, object taken=*)
