"""rankmetrics.disagree: where two variants of a metric give different
numbers, found by the library's disagreement engine (rm_disagree_metric,
rm_disagree_variants), the same one that `rankmetrics disagree` calls.

disagree("rr") compares the pairs of the variants of one metric (a name of
the library, "mrr", "map", or "gauc"); disagree(A, B) the one pair of two
variant names, each with its own cutoff.  The search visits every small
input in order of size (lists of up to max_length items, grades 0..2,
scores 0/1 or none, a judged item not retrieved or none) and keeps the
first on which the two exact values differ: the smallest witness.  The
answer is a Disagreement: its pairs, each with its witness (the lists, the
cutoff and both values, exact where the library gives them exact) and the
rate at which the two split on random queries of a realistic shape.
"""

import collections
import ctypes
import decimal
import numbers
import operator
import re
import threading
from fractions import Fraction

from . import _lib

SEARCH, BINARY = 1, 2                     # the options' flags
PHASES = ("lists", "sets", "random")      # what a progress report is about
STATES = ("open", "witness", "agree", "skipped")
_RATIONAL = re.compile(r"^-?[0-9]+(/[0-9]+)?$")


class _Progress(ctypes.Structure):
    _fields_ = [("metric", ctypes.c_char_p), ("phase", ctypes.c_int),
                ("size", ctypes.c_int), ("done", ctypes.c_long),
                ("total", ctypes.c_long)]


_PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p,
                             ctypes.POINTER(_Progress))


class _Options(ctypes.Structure):
    _fields_ = [("budget", ctypes.c_double), ("max_length", ctypes.c_int),
                ("population", ctypes.c_int), ("flags", ctypes.c_int),
                ("progress", _PROGRESS), ("ctx", ctypes.c_void_p),
                ("alloc", ctypes.c_void_p)]


class _Space(ctypes.Structure):
    _fields_ = [("state", ctypes.c_int), ("tried", ctypes.c_long),
                ("near", ctypes.c_long), ("nq", ctypes.c_size_t),
                ("list", _lib.List * 2), ("k", ctypes.c_ulong),
                ("status", ctypes.c_int * 2), ("value", ctypes.c_double * 2),
                ("text", ctypes.c_char_p * 2),
                ("variant", ctypes.c_char_p * 2)]


class _Pair(ctypes.Structure):
    _fields_ = [("a", ctypes.c_char_p), ("b", ctypes.c_char_p),
                ("la", ctypes.c_char_p), ("lb", ctypes.c_char_p),
                ("named", ctypes.c_int), ("cond", ctypes.c_int),
                ("space", _Space * 3), ("random", ctypes.c_long),
                ("split", ctypes.c_long), ("median", ctypes.c_double),
                ("max", ctypes.c_double), ("random_done", ctypes.c_int)]


Value = collections.namedtuple(
    "Value", "variant value exact text status undefined")
Value.__doc__ = """One side of a witness.  variant is the canonical name
as compared on the witness (with its cutoff); value the correctly rounded
double (None for an error); exact a Fraction when the library gives the
value as a fraction, else a decimal.Decimal of its 40 digits (None for an
error); text the library's words; status the library's status name;
undefined True when the value is set by the variant's undef convention."""

Witness = collections.namedtuple("Witness", "queries k place values")
Witness.__doc__ = """The smallest input on which the two values differ:
queries, a list of Query (one, or two for a set); k, the cutoff both
variants take (0: none, or each its own for a pair of two names); place,
its rank in the order of the search (1 for the first input); values, the
two Values (a, b)."""

Space = collections.namedtuple("Space", "state tried near witness")
Space.__doc__ = """The search of one space (binary grades, grades 0..2, or
the inputs on which every relevant item is retrieved within K): state is
"witness", "agree" (no witness in the whole space), "open" (the run was
stopped first) or "skipped"; tried the inputs compared; near those on
which the values agree to 40 digits without a proof of equality."""


class Pair(collections.namedtuple(
        "Pair", "a b la lb named binary graded within_k random split median "
                "max random_done")):
    """Two variants compared: a and b their canonical names, la and lb what
    makes them (as "hits=first"), named True for a split of the sources;
    binary, graded and within_k the three Spaces (within_k None when the
    pair claims no agreement there); random and split the random queries
    (or sets) compared and those on which the values differ, median and
    max of |a-b| among them."""
    __slots__ = ()

    @property
    def witness(self):
        """The smallest witness with grades 0..2, or None."""
        return self.graded.witness

    @property
    def verdict(self):
        """"differ", "equal" (no witness, every input proved equal),
        "agree" (no witness, some inputs equal to 40 digits only) or
        "unfinished"."""
        g = self.graded
        if g.state == "witness":
            return "differ"
        if g.state == "agree":
            return "agree" if g.near else "equal"
        return "unfinished"

    @property
    def rate(self):
        """The share of random queries on which the two differ, or None."""
        return self.split / self.random if self.random else None


class Disagreement:
    """The pairs of one disagree() call."""

    def __init__(self, metric, sets, stopped, pairs):
        self.metric = metric
        self.sets = sets
        self.stopped = stopped
        self.pairs = pairs

    def __iter__(self):
        return iter(self.pairs)

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        return self.pairs[i]

    def pair(self, la, lb):
        """The pair whose labels are la and lb (as "hits=first",
        "hits=mean"), in either order; KeyError when there is none."""
        for p in self.pairs:
            if {p.la, p.lb} == {la, lb}:
                return p
        raise KeyError((la, lb))

    def __repr__(self):
        return "<Disagreement %s: %d pairs, %d differ%s>" % (
            self.metric, len(self.pairs),
            sum(p.verdict == "differ" for p in self.pairs),
            ", stopped by the %s" % self.stopped if self.stopped else "")


def _text(b):
    return None if b is None else b.decode("utf-8", "replace")


def _value(c, side):
    from . import STATUS_NAMES
    text = _text(c.text[side])
    st = c.status[side]
    if st < 0:
        exact, val = None, None
    elif _RATIONAL.match(text):
        exact, val = _lib.fraction(text), c.value[side]
    else:
        exact, val = decimal.Decimal(text), c.value[side]
    return Value(_text(c.variant[side]), val, exact, text,
                 STATUS_NAMES.get(st, str(st)), st == 1)


def _query(lst):
    n = lst.n
    grades = [lst.grade[i] for i in range(n)]
    scores = [lst.score[i] for i in range(n)] if lst.score else None
    ids = [lst.id[i].decode() for i in range(n)] if lst.id else None
    judged = [lst.unretrieved_grade[i] for i in range(lst.n_unretrieved)]
    from . import Query
    return Query(grades, scores, ids, judged or None)


def _space(c):
    w = None
    if c.state == 1:
        w = Witness([_query(c.list[j]) for j in range(c.nq)], c.k, c.tried,
                    (_value(c, 0), _value(c, 1)))
    return Space(STATES[c.state], c.tried, c.near, w)


def _pair(p):
    return Pair(_text(p.a), _text(p.b), _text(p.la), _text(p.lb),
                bool(p.named), _space(p.space[0]), _space(p.space[1]),
                _space(p.space[2]) if p.cond else None, p.random, p.split,
                p.median if p.split else None, p.max if p.split else None,
                bool(p.random_done))


_DECLARED: list = []


def _declare(L):
    if _DECLARED:
        return
    V, P = ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)
    sigs = {
        "rm_disagree_defaults": (None, [ctypes.POINTER(_Options)]),
        "rm_disagree_metric": (ctypes.c_int, [
            ctypes.c_char_p, ctypes.POINTER(_Options), P, ctypes.c_char_p,
            ctypes.c_size_t]),
        "rm_disagree_variants": (ctypes.c_int, [
            ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(_Options), P,
            ctypes.c_char_p, ctypes.c_size_t]),
        "rm_disagreement_pairs": (ctypes.c_size_t, [V]),
        "rm_disagreement_pair": (ctypes.c_int, [V, ctypes.c_size_t,
                                                ctypes.POINTER(_Pair)]),
        "rm_disagreement_stopped": (ctypes.c_int, [V]),
        "rm_disagreement_sets": (ctypes.c_int, [V]),
        "rm_disagreement_free": (None, [V]),
        "rm_disagree_space_size": (ctypes.c_long, [ctypes.c_int,
                                                   ctypes.c_int]),
    }
    for name, (res, args) in sigs.items():
        f = getattr(L, name)
        f.restype = res
        f.argtypes = args
    _DECLARED.append(True)


BUDGET = 300  # seconds: the tool's --budget default


@_lib.sigint_guarded
def disagree(a, b=None, *, max_length=5, budget=BUDGET, population=160,
             binary=True, progress=None):
    """The smallest inputs on which variants disagree.

    disagree(metric) compares the pairs of the variants of one metric
    (its name in the library, "mrr", "map", or "gauc" for GAUC's weights);
    disagree(a, b) the pair of two variant names, each keeping its own
    cutoff.  max_length: the longest list searched (1..8); budget: seconds
    the search may take (300 by default, as the tool's --budget; None: no
    limit, which Ctrl-C still stops); population: random queries (or
    sets) on which the split rate is measured (0: none); binary: also
    search the binary grades and the inputs where every relevant item is
    retrieved within K.  progress(phase, size, done, total) is called
    every 512 inputs and before each random query; a true return stops the
    run (Disagreement.stopped is then "callback"), and so does an
    exception, which is raised again after the run; it is called from the
    thread that runs the search.  Ctrl-C raises KeyboardInterrupt within a
    fraction of a second, and nothing is returned: the search runs in a
    worker thread, and the engine's progress report, always installed,
    asks it to stop (without a budget, it ran on, deaf to Ctrl-C, until it
    ended).  Names with a NUL character are refused.  Errors raise
    RankmetricsError with the library's status and message (RM_ENAME for
    an unknown metric or a name the parser refuses, RM_EINVAL for a bad
    option)."""
    from . import RankmetricsError, _L
    _declare(_L)
    for x in (a, b):
        if x is not None and "\0" in str(x):  # C would read up to the NUL
            raise RankmetricsError(-5, "a NUL character in the name %r" % x)
    o = _Options()
    _L.rm_disagree_defaults(ctypes.byref(o))
    # whole numbers that fit a C int, or refused: int() made max_length=2.9
    # a 2, and ctypes cut 2**32 + 2 to 2 and population=2**32 to 0 (no
    # population measured), each without a word
    for what, x in (("max_length", max_length), ("population", population)):
        try:
            x = operator.index(x)
        except TypeError:
            raise RankmetricsError(-1, "bad option: %s must be a whole number,"
                                   " not %r" % (what, x)) from None
        if isinstance(x, bool) or not -2 ** 31 <= x < 2 ** 31:
            raise RankmetricsError(-1, "bad option: %s %r is out of range"
                                   % (what, x))
        setattr(o, what, x)
    if budget is not None and (isinstance(budget, bool) or
                               not isinstance(budget, numbers.Real)):
        raise RankmetricsError(-1, "bad option: the budget is a number of"
                               " seconds, not %r" % (budget,))
    try:
        o.budget = 0.0 if budget is None else float(budget)
    except (TypeError, ValueError, OverflowError) as e:
        raise RankmetricsError(-1, "bad option: %s" % e)
    if budget is not None and o.budget == 0:
        raise RankmetricsError(-1, "the budget must be more than 0 seconds "
                                   "(None: no limit)")
    o.flags = SEARCH | (BINARY if binary else 0)
    stop = threading.Event()
    return _lib.interruptible(lambda: _run(a, b, o, progress, stop), stop)


def _run(a, b, o, progress, stop):
    """The engine's call, in interruptible's worker thread."""
    from . import RankmetricsError, _L
    raised = []

    def call(ctx, p):
        if stop.is_set():
            return 1
        if progress is None:
            return 0
        try:
            return 1 if progress(PHASES[p.contents.phase],
                                 p.contents.size, p.contents.done,
                                 p.contents.total) else 0
        except BaseException as e:  # stop, and raise it after the run
            raised.append(e)
            return 1
    o.progress = _PROGRESS(call)
    d = ctypes.c_void_p()
    msg = ctypes.create_string_buffer(400)
    if b is None:
        s = _L.rm_disagree_metric(str(a).encode(), ctypes.byref(o),
                                  ctypes.byref(d), msg, len(msg))
    else:
        s = _L.rm_disagree_variants(str(a).encode(), str(b).encode(),
                                    ctypes.byref(o), ctypes.byref(d), msg,
                                    len(msg))
    if s != 0:
        raise RankmetricsError(s, msg.value.decode("utf-8", "replace")
                               or None)
    try:
        if raised:
            raise raised[0]
        out, p = [], _Pair()
        for i in range(_L.rm_disagreement_pairs(d)):
            _L.rm_disagreement_pair(d, i, ctypes.byref(p))
            out.append(_pair(p))
        stopped = (None, "budget", "callback")[_L.rm_disagreement_stopped(d)]
        return Disagreement("pair" if b is not None else str(a),
                            bool(_L.rm_disagreement_sets(d)), stopped, out)
    finally:
        _L.rm_disagreement_free(d)
