# C types for _kernel.py when Cython compiles it (an "augmenting" .pxd: the
# .py stays plain Python and runs as it is without Cython).  Masks are
# unsigned 64-bit ints; counts, seats and card indexes C ints.
import cython

from scopa_rules cimport dealing
from scopa_rules.captures cimport PlaySettings

cdef unsigned long long _MASK32
cdef unsigned long long _MASK64
cdef unsigned long long _GOLDEN
cdef unsigned long long _MIX1
cdef unsigned long long _MIX2
cdef unsigned long long _ONE
cdef unsigned long long _ACES
cdef tuple _RANK_OF
cdef int _NO_COMPULSION
cdef int _WHOLE_HAND
cdef unsigned long long _DE_BRUIJN
cdef int _BIT_INDEX[64]
cdef unsigned long long _RANK_SPREAD[1024]
cdef bint _COMPILED
cdef int _MATCH
cdef int _FIFTEEN
cdef int _SINGLE_FIRST
cdef int _FEWEST_CARDS
cdef int _NO_TAKE_ALL
cdef int _TAKE_ALL_ALWAYS
cdef int _TAKE_ALL_OR_CAPTURE
cdef int _MAX_PLAYS
cdef unsigned long long _COIN
cdef int _SWEEP_BONUS
cdef int _CHECKED

cdef unsigned long long _mix(unsigned long long z)

cdef int _bit_index(unsigned long long low) noexcept

@cython.final
cdef class Random:
    cdef public unsigned long long state
    @cython.locals(x=cython.ulonglong)
    cpdef unsigned long long below(self, unsigned long long n)

@cython.final
cdef class Greedy:
    cdef readonly bytes values
    cdef readonly unsigned long long threshold

@cython.locals(
    low=cython.ulonglong,
    index=cython.int,
    trails=cython.ulonglong,
    captured=cython.bint,
    pattern=cython.ulonglong,
    columns=cython.ulonglong,
    entry=list,
    mask=cython.ulonglong,
    taken=cython.ulonglong,
    settings=PlaySettings,
    plays=cython.ulonglong[192],
    count=cython.int,
    k=cython.int,
    out=list,
    named_trails=list,
    play=cython.ulonglong,
)
cpdef list legal_plays(
    object rules,
    unsigned long long hand,
    unsigned long long table,
    object named,
    bint search=*,
)

@cython.locals(
    items=cython.int[40],
    count=cython.int,
    found=cython.int,
    rest=cython.ulonglong,
    low=cython.ulonglong,
    index=cython.int,
    value=cython.int,
    k=cython.int,
    mode=cython.int,
    rule=cython.int,
    ace=cython.int,
    trails=cython.ulonglong,
    captured=cython.bint,
    start=cython.int,
    take_all=cython.bint,
    compulsion=cython.int,
    values=cython.p_uchar,
)
cdef int _search(
    PlaySettings settings,
    unsigned long long hand,
    unsigned long long table,
    unsigned long long* plays,
) noexcept

@cython.locals(j=cython.int, index=cython.int, value=cython.int)
cdef int _sums(
    const unsigned char* values,
    int* items,
    int count,
    int start,
    int remaining,
    unsigned long long taken,
    unsigned long long* plays,
    int found,
) noexcept

@cython.locals(fewest=cython.int, k=cython.int, kept=cython.int)
cdef int _fewest(unsigned long long* plays, int start, int end) noexcept

@cython.locals(count=cython.int)
cdef int _popcount(unsigned long long mask) noexcept

@cython.locals(k=cython.int, j=cython.int, mask=cython.ulonglong)
cdef void _sort_packed(
    unsigned long long* plays, int start, int end, int index
) noexcept

@cython.locals(index=cython.int, taken=cython.ulonglong, played=cython.ulonglong)
cpdef (unsigned long long, unsigned long long, unsigned long long, int) play_card(
    object rules,
    unsigned long long hand,
    unsigned long long play,
    unsigned long long table,
    unsigned long long pile,
    int swept,
    bint others_hold,
)

cpdef void take_leftover(
    object rules, list piles, int last, unsigned long long table
) except *

@cython.locals(points=tuple, side=cython.int)
cpdef tuple hand_scored(
    object rules, object piles, object sweeps, object made, object before
)

@cython.locals(
    players=cython.int,
    size=cython.int,
    sides=cython.int[40],
    seat_sides=tuple,
    optional_ace=cython.bint,
    declarations=cython.bint,
    count=cython.int,
    choice=cython.ulonglong,
    held=cython.int,
    side=cython.int,
    k=cython.int,
    out=list,
    plays=cython.ulonglong[192],
    settings=PlaySettings,
)
cdef (unsigned long long, int) _play_out(
    object rules,
    unsigned long long* hands,
    unsigned long long table,
    unsigned long long* piles,
    int* sweeps,
    unsigned char* deck,
    int at,
    int seat,
    int last,
    list made,
    int dealer,
    Random rng,
    bint search,
    Greedy greedy,
) except *

@cython.locals(
    worths=cython.int[192],
    others_hold=cython.bint,
    first=cython.int,
    k=cython.int,
    play=cython.ulonglong,
    index=cython.int,
    taken=cython.ulonglong,
    worth=cython.int,
    rest=cython.ulonglong,
    low=cython.ulonglong,
    after_seat=cython.int,
    following=cython.ulonglong,
    dealt=cython.ulonglong[40],
    left=cython.int,
    best=cython.int,
    after=cython.ulonglong,
)
cdef unsigned long long _greedy_play(
    object rules,
    PlaySettings settings,
    const unsigned char* values,
    unsigned long long* plays,
    int count,
    unsigned long long* hands,
    int players,
    int seat,
    unsigned long long table,
    int held,
    unsigned char* deck,
    int at,
    int dealer,
    bint search,
    bint optional_ace,
) except? 0

@cython.locals(found=cython.ulonglong[192], count=cython.int, k=cython.int, play=cython.ulonglong)
cdef bint _sweep_left(
    object rules,
    PlaySettings settings,
    unsigned long long hand,
    unsigned long long table,
    bint cards_left,
    bint search,
    bint optional_ace,
) except -1

@cython.locals(
    seats=list,
    side_piles=list,
    side_sweeps=list,
    declared=list,
    hands=cython.ulonglong[40],
    stock=cython.uchar[40],
    at=cython.int,
    k=cython.int,
)
cdef (unsigned long long, int) _play_hand(
    object rules,
    tuple hand_in_play,
    int dealer,
    Random rng,
    bint search,
    unsigned long long* piles,
    int* sweeps,
    list made,
    Greedy greedy,
) except *

@cython.locals(
    order=cython.uchar[40],
    hands=cython.ulonglong[40],
    keep=cython.int,
    first_card=cython.bint,
    table=cython.ulonglong,
    at=cython.int,
    last=cython.int,
    k=cython.int,
)
cdef (unsigned long long, int) _play_fresh_hand(
    object rules,
    int dealer,
    Random rng,
    bint search,
    unsigned long long* piles,
    int* sweeps,
    list made,
    Greedy greedy,
) except *

@cython.locals(order=cython.uchar[40], k=cython.int)
cpdef list shuffled(Random rng)

@cython.locals(i=cython.int, j=cython.int, k=cython.int)
cdef void _shuffle(Random rng, unsigned char* order) noexcept


@cython.locals(
    sides=cython.int,
    finished=cython.int,
    piles=cython.ulonglong[40],
    sweeps=cython.int[40],
    k=cython.int,
    made=list,
    totals=tuple,
    table=cython.ulonglong,
    last=cython.int,
    side_piles=list,
)
cpdef tuple play(
    object rules,
    object hand_in_play,
    object scores,
    int dealer,
    Random rng,
    bint whole_game,
    bint search=*,
    Greedy greedy=*,
)

@cython.locals(rng=Random, found=list)
cpdef list play_fresh(object rules, list seeds, bint whole_game, bint search=*)

cpdef bint sweep_counts(
    object rules, int index, unsigned long long before, bint cards_left
) except -1
