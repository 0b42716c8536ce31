# cython: language_level=3, boundscheck=False, wraparound=False
"""A measuring prototype, not part of the package: a game state whose hot
fields (hands, table, piles, sweeps, seats) are C fields, for
``benchmarks/c_fields.py``.  Its moves are the compiled kernel's plays as
the library's own shared Move objects, and its apply() checks the move by
identity, copies the fields, moves the cards, counts a sweep, links the turn
and deals the next round with the library's functions: it plays the
library's hands exactly.  It stops at the end of the hand (no score) and
knows only the plain rules' first-round-free play (no first card, no
declarations): enough for random hands of 2-player Scopa.
"""

cimport cython
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from scopa_rules._kernel cimport legal_plays, _search

from scopa_rules._kernel import settings_of, sweep_counts
from scopa_rules.dealing import deal_round
from scopa_rules.state import _MOVES

cdef unsigned long long ONE = 1
cdef list TRAILS = [_MOVES[index] for index in range(40)]


@cython.final
cdef class State:
    cdef object rules
    cdef bytes settings
    cdef public int hand_number
    cdef public bint is_over
    cdef int players
    cdef unsigned long long hands[6]
    cdef unsigned long long table
    cdef tuple stock
    cdef unsigned long long piles[3]
    cdef int sweeps[3]
    cdef int last_capturer
    cdef int mover
    cdef int dealer
    cdef object links
    # The library's other fields, carried as references from state to state.
    cdef object scores, source, hand_decks, declarations, hand_results, first_card
    cdef tuple moves

    def legal_moves(self):
        """The kernel's plays as the library lists them (a list made into a
        tuple, the ruleset's settings looked up by the kernel)."""
        if self.moves is None:
            self.moves = tuple(
                legal_plays(self.rules, self.hands[self.mover], self.table, _MOVES)
            )
        return self.moves

    def listed_moves(self):
        """The same moves, listed straight from the search: the settings kept
        on the state, the trails from a list by index, the tuple made at its
        size."""
        cdef unsigned long long plays[192]
        cdef int count, k
        cdef unsigned long long play
        cdef object move
        cdef tuple out
        if self.moves is None:
            count = _search(self.settings, self.hands[self.mover], self.table, plays)
            out = PyTuple_New(count)
            for k in range(count):
                play = plays[k]
                move = TRAILS[play] if play < 64 else _MOVES[play]
                Py_INCREF(move)
                PyTuple_SET_ITEM(out, k, move)
            self.moves = out
        return self.moves

    def apply(self, move, *, seat=None, check=True):
        cdef tuple legal = self.moves
        cdef object candidate
        cdef bint found = False
        if legal is not None:
            for candidate in legal:
                if candidate is move:
                    found = True
                    break
        if not found:
            raise ValueError("the prototype takes only a move of its legal_moves()")
        cdef unsigned long long play = move._play
        cdef int index = play & 63
        cdef unsigned long long played = ONE << index
        cdef unsigned long long taken = play >> 6
        cdef State after = State.__new__(State)
        cdef int k
        cdef int mover = self.mover
        cdef int side = mover % 2
        cdef bint held = False
        after.rules = self.rules
        after.settings = self.settings
        after.hand_number = self.hand_number
        after.players = self.players
        for k in range(self.players):
            after.hands[k] = self.hands[k]
        for k in range(3):
            after.piles[k] = self.piles[k]
            after.sweeps[k] = self.sweeps[k]
        after.table = self.table
        after.stock = self.stock
        after.last_capturer = self.last_capturer
        after.dealer = self.dealer
        after.scores = self.scores
        after.source = self.source
        after.hand_decks = self.hand_decks
        after.declarations = self.declarations
        after.hand_results = self.hand_results
        after.first_card = self.first_card
        after.hands[mover] &= ~played
        for k in range(self.players):
            if after.hands[k]:
                held = True
        if taken:
            after.table &= ~taken
            after.piles[side] |= taken | played
            after.last_capturer = mover
            if not after.table and sweep_counts(
                self.rules, index, taken, bool(self.stock) or held
            ):
                after.sweeps[side] += 1
        else:
            after.table |= played
        after.links = (self.links, mover, move)
        if not held:
            if not self.stock:
                after.hand_number += 1  # the hand's end: no score here
                return after
            dealt, used = deal_round(self.rules, self.dealer, self.stock)
            for k in range(self.players):
                after.hands[k] = dealt[k]
            after.stock = self.stock[used:]
        mover += 1
        if mover == self.players:
            mover = 0
        after.mover = mover
        return after


def from_state(state):
    """The prototype's state of a library state in play."""
    cdef State made = State.__new__(State)
    cdef int k
    (rules, _, dealer, hand_number, hands, table, stock, piles, sweeps, scores,
     last_capturer, first, _, hand_results, to_move, _, source, hand_decks,
     links, declarations) = state._dealt()
    made.rules = rules
    made.settings = settings_of(rules)
    made.hand_number = hand_number
    made.players = len(hands)
    for k in range(len(hands)):
        made.hands[k] = hands[k]
    for k in range(len(piles)):
        made.piles[k] = piles[k]
        made.sweeps[k] = sweeps[k]
    made.table = table
    made.stock = stock
    made.last_capturer = -1 if last_capturer is None else last_capturer
    made.mover = to_move
    made.dealer = dealer
    made.links = links
    made.scores = scores
    made.source = source
    made.hand_decks = hand_decks
    made.declarations = declarations
    made.hand_results = hand_results
    made.first_card = first
    return made
