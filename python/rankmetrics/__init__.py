"""rankmetrics: the exact oracle for ranking metrics, from Python.

The package calls librankmetrics (the C library of the book
doc/rankmetrics.pdf) through ctypes.  A metric is named by its variant
name, e.g. ``ndcg@10[gain=exp2,ideal=judged]`` or ``mean:ap``::

    >>> import rankmetrics as rm
    >>> rm.value("ap", grades=[1, 0, 1, 0])          # double path
    0.8333333333333333
    >>> r = rm.exact("ap@10[norm=min]", grades=[1, 0, 1, 0], judged=[1])
    >>> r.value, r.fraction                          # correctly rounded
    (0.5555555555555556, Fraction(5, 9))

Lists are given as in the library: ``grades`` (whole numbers 0..100, in
input order), ``scores`` (higher first; None: the input order is the
ranking), ``ids`` (strings, for the tie rules id-asc and id-desc) and
``judged`` (grades of judged items that were not retrieved) and
``unjudged`` (one marker per retrieved item: 0 or False when it was
judged, 1 or True when it was retrieved but never judged, 2 when it was in
the pool but left unjudged; None: every item judged), which bpref, infap,
judged, unj, nonrel-judged and rbp-resid read::

    >>> rm.exact("bpref", grades=[1, 0, 0, 1], unjudged=[0, 1, 0, 0]).fraction
    Fraction(1, 2)

Errors raise RankmetricsError, which carries the library's status.

For MAE, MSE and RMSE the ``grades`` may be ratings instead: any real
numbers.  They are passed to the library exactly: a str or Decimal as the
decimal it spells (``"3.3"`` and ``Decimal("3.3")`` are 33/10), a Fraction
as itself, a float as the double it is (3.5 exactly; 3.3 is the double
nearest to 3.3, so write ``"3.3"`` when the data say 3.3)::

    >>> rm.value("rmse", grades=[3.5, 4], scores=[3, 4.5])
    0.5
    >>> rm.exact("mae", grades=["3.3", "4.7"], scores=[3, 5]).fraction
    Fraction(3, 10)

Other metrics need whole grades and raise RankmetricsError (RM_EGRADE)
for a rating such as 3.5.

Every call uses its own workspace and result, so threads may call the
package at once (ctypes releases the GIL during a call).  verify(results)
judges a candidate's results against the golden vectors with the
library's engine, the one the tool's verify calls::

    >>> rm.verify(["rr:1 1"]).passed
    True

disagree(metric) or disagree(a, b) finds the smallest inputs on which
variants give different numbers, with the library's engine, the one the
tool's disagree calls::

    >>> w = rm.disagree("rr[hits=first]", "rr[hits=mean]").pairs[0].witness
    >>> w.queries[0].grades, [v.exact for v in w.values]
    ([1, 1], [Fraction(1, 1), Fraction(3, 4)])

evaluate_files(measures, qrels, run) reads TREC judgments and a run, or
a delimited file, with the engine of the tool's eval (rm_eval_files);
evaluate(metrics, data) gives rows in memory (lists, numpy arrays, a
pandas DataFrame) to the same engine without a file (rm_eval_columns),
with eval's values on a CSV file of those rows, bit for bit.  Their
results are keyed by the names given, each with its canonical name (a
Results dict: ``ev.aggregate["gauc"]``, ``ev.aggregate.canonical["gauc"]``).
partial(measures, data) makes the state of `eval --partial` of a shard,
and merge(states) merges states as `rankmetrics merge` does, so that the
shards of a data frame can be evaluated apart (by Dask's workers, say:
examples/dask_shards.py) and merged to the aggregates of one run.

Subtopic judgments in memory: when evaluate's metrics are measures of
diversity (alpha-ndcg@20, err-ia, strec, ...), each row's label is a row
of grades, one per subtopic of its user, judged={user: {item: row}} names
the judged items not retrieved, and weights= (a list, or {user: list})
gives the subtopics' weights read under weights=given; the values and
means are those of `rankmetrics eval` on the diversity qrels and run of
the same rows::

    >>> ev = rm.evaluate("strec@1", users=["q", "q"], items=["a", "b"],
    ...                  labels=[[1, 0], [1, 1]], scores=[2.0, 1.0])
    >>> ev.aggregate["strec@1"]
    0.5

``pip install --no-build-isolation .`` in a clone builds the library into
the package (rankmetrics/librankmetrics.so), where it is looked for first.

What cannot reach the library as it was meant is refused at the door
(RankmetricsError, a ValueError, or TypeError), naming the argument and
the value, never changed on the way: a NUL character in a name, a key or
a column name (C would read "ap\0x" as ap); a number out of its C type's
range (evaluate_files' memory); a numpy masked array with an entry
masked; a key of evaluate's judged that is no user, and users equal but of
different kinds (1 and True).  An iterator or a generator is read once,
where it is given.  Ctrl-C during a long call (evaluate_files, disagree,
verify, evaluate, partial, merge, value_set of a large set) raises
KeyboardInterrupt
within a fraction of a second, and the call returns nothing.
"""

import collections
import collections.abc
import ctypes
import decimal
import fractions
import functools
import itertools
import numbers
import operator
import re
from fractions import Fraction
from typing import Any, Iterable, List, Mapping, Optional, Tuple

from . import _lib

try:
    import numpy as _np
except ImportError:  # the package works on lists without numpy
    _np = None  # type: ignore[assignment]

__all__ = ["RankmetricsError", "Exact", "Query", "value", "exact", "values",
           "value_set", "exact_set", "name", "names", "metrics",
           "takes_cutoff", "keys", "aggregator_keys", "words", "key_range",
           "ulp_bound", "variants", "matching_variants", "evaluate",
           "Evaluation", "library_path", "STATUS_NAMES", "verify", "Verdict",
           "Verification", "Explanation", "families", "vectors_dir",
           "disagree", "Disagreement", "evaluate_files", "FileEvaluation",
           "Results", "partial", "merge", "compare", "compare_files",
           "significance"]

_L: Any = _lib.load()
library_path = _L.path

STATUS_NAMES = {0: "RM_OK", 1: "RM_UNDEFINED", -1: "RM_EINVAL",
                -2: "RM_EGRADE", -3: "RM_ESCORE", -4: "RM_EK",
                -5: "RM_ENAME", -6: "RM_EIDS", -7: "RM_ENOMEM",
                -8: "RM_EUNDEF", -9: "RM_EHARD", -10: "RM_EFORMAT",
                -11: "RM_EIO", -12: "RM_EVECTORS", -13: "RM_ESTOP"}
_INT_MIN, _INT_MAX = -2 ** 31, 2 ** 31 - 1


class RankmetricsError(ValueError):
    """A status of the library: ``status`` (the number), ``status_name``
    (RM_ENAME, ...), ``message`` (the parser's or the library's words)
    and ``variant`` (the name asked for, or None)."""

    def __init__(self, status, message=None, variant=None):
        self.status = status
        self.status_name = STATUS_NAMES.get(status, "RM_?%d" % status)
        if message is None:
            message = _L.rm_strerror(status).decode()
        self.message = message
        self.variant = variant
        where = " (variant %r)" % variant if variant else ""
        super().__init__("%s: %s%s" % (self.status_name, message, where))


# ---- Variants ---------------------------------------------------------------

_VSIZE = _L.rm_variant_size()
_VWORDS = (_VSIZE + 7) // 8  # a variant as doubles: aligned as a double


class _Variant:
    """A parsed variant: opaque bytes that only the library reads."""
    __slots__ = ("buf", "name", "reads_set")

    def __init__(self, text):
        if not isinstance(text, str):
            raise TypeError("a variant name is a str, not %s"
                            % type(text).__name__)
        if "\0" in text:  # C would read the name up to the NUL only
            raise RankmetricsError(-5, "a NUL character in the name", text)
        self.buf = (ctypes.c_double * _VWORDS)()
        msg = ctypes.create_string_buffer(256)
        s = _L.rm_variant_parse(text.encode("ascii", "replace"), self.buf,
                                msg, len(msg))
        if s != 0:
            raise RankmetricsError(s, msg.value.decode() or None, text)
        out = ctypes.create_string_buffer(512)
        _L.rm_variant_name(self.buf, out, len(out))
        self.name = out.value.decode()
        self.reads_set = bool(_L.rm_variant_reads_set(self.buf))


@functools.lru_cache(maxsize=4096)
def _variant(text):
    return _Variant(text)


def name(variant: str) -> str:
    """The canonical name of a variant: every key it reads, defaults too."""
    return _variant(variant).name


def names(variants: Iterable[str]) -> List[str]:
    """The canonical names of several variants."""
    return [name(v) for v in variants]


def ulp_bound(variant: str) -> float:
    """The proven error bound of the double path for a variant, in ulps."""
    return _L.rm_ulp_bound(_variant(variant).buf)


# ---- Names as data ----------------------------------------------------------

def metrics() -> List[str]:
    """The names of the library's metrics, in the order of their codes."""
    out: List[str] = []
    m = 0
    while True:
        s = _L.rm_metric_name(m)
        if s is None:
            return out
        out.append(s.decode())
        m += 1


def _metric_code(metric):
    try:
        return metrics().index(metric)
    except ValueError:
        raise RankmetricsError(-5, "unknown metric %r" % metric) from None


def takes_cutoff(metric: str) -> bool:
    """Whether a metric takes a cutoff @K."""
    return bool(_L.rm_metric_takes_cutoff(_metric_code(metric)))


def _key_list(fn, code):
    n = fn(code, None, 0)
    arr = (ctypes.c_char_p * max(n, 1))()
    fn(code, arr, n)
    return [arr[i].decode() for i in range(n)]


def keys(metric: str) -> List[str]:
    """The keys a metric reads, in the order of the canonical name."""
    return _key_list(_L.rm_metric_keys, _metric_code(metric))


_AGGREGATORS = {"mean": 1, "micro": 2, "sum": 3, "gm": 4, "median": 5, "min": 6,
                "max": 7}


def aggregator_keys(aggregator: str) -> List[str]:
    """The keys of an aggregator: mean, micro, sum, gm, median, min or max."""
    if aggregator not in _AGGREGATORS:
        raise RankmetricsError(-5, "unknown aggregator %r" % aggregator)
    return _key_list(_L.rm_aggregator_keys, _AGGREGATORS[aggregator])


def words(key: str) -> Optional[List[str]]:
    """The words a key takes (the first is its default), or None for a key
    of numbers or no such key."""
    p = _L.rm_key_words(_cname(key, "a key"))
    if not p:
        return None
    out, i = [], 0
    while p[i] is not None:
        out.append(p[i].decode())
        i += 1
    return out


def key_range(key: str) -> Optional[Tuple[int, int, str]]:
    """(lo, hi, kind) of a key of numbers: kind 'int' for a whole number in
    lo..hi, 'fraction' for p/q with p in lo..hi; None for a key of words."""
    lo, hi = ctypes.c_long(), ctypes.c_long()
    k = _L.rm_key_range(_cname(key, "a key"), ctypes.byref(lo),
                        ctypes.byref(hi))
    if k == 0:
        return None
    return lo.value, hi.value, "int" if k == 1 else "fraction"


# ---- Lists -----------------------------------------------------------------

Query = collections.namedtuple("Query",
                               "grades scores ids judged unjudged weight",
                               defaults=(None, None, None, None, None))
Query.__doc__ = ("One query of a set: its list, its judgments and its weight"
                 " (read by mean[weight=query] only; None weighs 1).")


def _is_array(x):
    return _np is not None and isinstance(x, _np.ndarray)


def _ints(x, what):
    """A C int array of x and what keeps it alive.  A contiguous int32
    numpy array is passed by pointer, without a copy."""
    if x is None:
        return 0, None, None
    if _is_array(x):
        if x.ndim != 1:
            raise ValueError("%s must be one-dimensional" % what)
        if x.dtype == _np.intc and x.flags.c_contiguous:
            a = x
        elif x.dtype.kind in "biu":
            if x.size and (x.min() < _INT_MIN or x.max() > _INT_MAX):
                raise RankmetricsError(-2, variant=None)
            a = _np.ascontiguousarray(x, dtype=_np.intc)
        elif x.dtype.kind == "f":
            if not _np.all(_np.isfinite(x)) or _np.any(x != _np.floor(x)):
                raise TypeError("%s must be whole numbers" % what)
            if x.size and (x.min() < _INT_MIN or x.max() > _INT_MAX):
                raise RankmetricsError(-2)
            a = _np.ascontiguousarray(x, dtype=_np.intc)
        else:
            raise TypeError("%s must be whole numbers, not %s"
                            % (what, x.dtype))
        return len(a), a.ctypes.data_as(_lib.c_int_p), a
    try:
        vals = [operator.index(g) for g in x]
    except TypeError:
        raise TypeError("%s must be whole numbers" % what) from None
    if any(g < _INT_MIN or g > _INT_MAX for g in vals):
        raise RankmetricsError(-2)
    a = (ctypes.c_int * max(len(vals), 1))(*vals)
    return len(vals), ctypes.cast(a, _lib.c_int_p), a


_EXACT_INT = 2 ** 53  # every whole number up to this is a double


def _score(s):
    """One score as a double.  A whole number must be one exactly: the
    double nearest 2**53 + 1 is 2**53, and two such scores (timestamps in
    nanoseconds, say) would tie where the data rank one above the other.  A
    complex number is refused, not cut to its real part."""
    if isinstance(s, numbers.Integral) and not isinstance(s, bool):
        s = int(s)
        if abs(s) > _EXACT_INT and (abs(s) >= 2 ** 1024 or
                                    int(float(s)) != s):
            raise RankmetricsError(-3, "the score %d is not a double, and"
                                   " would tie with its neighbours" % s)
        return float(s)
    if isinstance(s, complex) or _np is not None and \
            isinstance(s, _np.complexfloating):
        raise TypeError("scores must be real numbers, not %s"
                        % type(s).__name__)
    x = float(s)
    if x == 0 and isinstance(s, (str, decimal.Decimal)):
        try:  # the tool's rule: 1e-400 is not zero, but would be read as 0
            nonzero = decimal.Decimal(s) != 0
        except decimal.InvalidOperation:
            nonzero = False
        if nonzero:
            raise RankmetricsError(-3, "the score %r is not zero, but too"
                                   " small for a double" % (s,))
    return x


def _rounding_tie(xs, vals):
    """Refuse two scores that differ but are one double.  A Fraction or a
    Decimal is rounded to the double nearest it, and two that round alike
    would tie (Fraction(1, 3) and Fraction(1, 3) + 10**-30, Decimal("0.1")
    and Decimal("0.1000000000000000000001")), where the data rank one
    above the other: as the whole numbers beyond 2**53 of _score.  A float,
    an int and a string are their double (a string as the tool reads it)."""
    if not any(isinstance(s, (decimal.Decimal, numbers.Rational)) and
               not isinstance(s, numbers.Integral) for s in xs):
        return
    seen = {}
    for s, v in zip(xs, vals):
        if v != v or v in (float("inf"), float("-inf")):
            continue  # refused by the library
        if isinstance(s, (decimal.Decimal, numbers.Rational)) and \
                not isinstance(s, numbers.Integral):
            e = fractions.Fraction(s)
        else:
            e = fractions.Fraction(v)
        t, first = seen.setdefault(v, (e, s))
        if t != e:
            raise RankmetricsError(-3, "the scores %r and %r differ, but are"
                                   " one double, and would tie" % (first, s))


def _sequence(x, what, ordered=True):
    """Refuse what would be read as a list of something else: a str or
    bytes (its characters, or bytes b"101" as the grades 49, 48, 49), a
    mapping (its keys) and, where the order is the ranking, a set."""
    if isinstance(x, (str, bytes, bytearray, memoryview)):
        raise TypeError("%s must be a list, not %s" % (what, type(x).__name__))
    if isinstance(x, collections.abc.Mapping):
        raise TypeError("%s must be a list, not a mapping (its keys would be"
                        " read)" % what)
    if ordered and isinstance(x, collections.abc.Set):
        raise TypeError("%s must be a list, not a set: a set has no order"
                        % what)


def _unmasked(x, what):
    """A numpy masked array as its plain array when nothing is masked; else
    refused: the library would read the values under the mask, which the
    caller meant to leave out."""
    if _np is not None and isinstance(x, _np.ma.MaskedArray):
        k = int(_np.ma.count_masked(x))
        if k:
            raise RankmetricsError(-1, "%s is a masked array with %d masked"
                                   " of %d entries, whose values the library"
                                   " would read: drop them (x.compressed())"
                                   " or fill them (x.filled(v)) first"
                                   % (what, k, x.size))
        return _np.asarray(x.data)
    return x


def _once(x, what, ordered=True):
    """x as a list that can be read more than once: an iterator or a
    generator is consumed here, once (value() read a generator of grades
    in part as whole grades, then the rest as ratings, and said '4 scores
    for 2 grades'); an array is kept, a masked one unmasked or refused;
    what _sequence refuses is refused."""
    if x is None:
        return None
    if _is_array(x):
        return _unmasked(x, what)
    _sequence(x, what, ordered)
    if isinstance(x, collections.abc.Sequence):
        return x
    try:
        return list(x)
    except TypeError:
        raise TypeError("%s must be a list, not %s"
                        % (what, type(x).__name__)) from None


def _cname(s, what):
    """A str that crosses into C as a name: C would read it up to a NUL
    only ("norm\0x" as the key norm)."""
    if not isinstance(s, str):
        raise TypeError("%s is a str, not %r" % (what, s))
    if "\0" in s:
        raise RankmetricsError(-5, "%s %r holds a NUL character" % (what, s))
    return s.encode()


def _doubles(x):
    if x is None:
        return 0, None, None
    if _is_array(x):
        if x.ndim != 1:
            raise ValueError("scores must be one-dimensional")
        k = x.dtype.kind
        if k in "iu" and x.dtype.itemsize >= 8 and x.size and \
                (int(x.max()) > _EXACT_INT or int(x.min()) < -_EXACT_INT):
            # (int(): numpy compares uint64 with a Python int as doubles)
            x = [_score(v) for v in x.tolist()]  # whole numbers, checked
        elif k == "f" and x.dtype.itemsize > 8:  # long double: no rounding
            a = _np.ascontiguousarray(x, dtype=_np.float64)
            if not _np.array_equal(a, x, equal_nan=True):
                raise RankmetricsError(-3, "a long double score is not a"
                                       " double; round the scores first")
            return len(a), a.ctypes.data_as(_lib.c_double_p), a
        elif k in "biuf":
            a = x if (x.dtype == _np.float64 and x.flags.c_contiguous) \
                else _np.ascontiguousarray(x, dtype=_np.float64)
            return len(a), a.ctypes.data_as(_lib.c_double_p), a
        elif k == "c":
            raise TypeError("scores must be real numbers, not %s" % x.dtype)
        else:  # objects, strings: one by one, as a list is read
            x = x.tolist()
    x = list(x)
    vals = [_score(s) for s in x]
    _rounding_tie(x, vals)
    a = (ctypes.c_double * max(len(vals), 1))(*vals)
    return len(vals), ctypes.cast(a, _lib.c_double_p), a


def _label(x):
    """The exact decimal or fraction string of one rating."""
    if isinstance(x, str):
        if "\0" in x:  # C would read the rating up to the NUL only
            raise RankmetricsError(-2, "a NUL character in the rating %r" % x)
        return x.strip().encode()
    if _np is not None and isinstance(x, _np.floating):
        if not _np.isfinite(x):
            raise RankmetricsError(-2)
        f = fractions.Fraction(*x.as_integer_ratio())  # float32, long double
        return ("%d/%d" % (f.numerator, f.denominator)).encode()
    if isinstance(x, decimal.Decimal):
        if not x.is_finite():
            raise RankmetricsError(-2)
        return str(x).encode()
    if isinstance(x, numbers.Integral):
        return str(int(x)).encode()
    if isinstance(x, (float, numbers.Rational)) or _np is not None and \
            isinstance(x, _np.floating):
        try:
            f = fractions.Fraction(x)
        except (ValueError, OverflowError):
            raise RankmetricsError(-2) from None
        return ("%d/%d" % (f.numerator, f.denominator)).encode()
    raise TypeError("a rating must be a number, a Decimal, a Fraction or a"
                    " decimal string, not %s" % type(x).__name__)


def _grades(grades):
    """Whole grades 0..100 go to the library as ints, as before; anything
    else (3.5, "3.3", Fraction(10, 3), -1) as exact rating strings, and
    then only the metrics that read ratings (the rating errors, spearman
    and kendall) accept the list."""
    try:
        return _ints(grades, "grades") + (None,)
    except (TypeError, RankmetricsError):
        pass
    vals = list(grades)
    enc = [_label(g) for g in vals]
    la = (ctypes.c_char_p * max(len(enc), 1))(*enc)
    return len(enc), None, None, la


def _fill(lst, grades, scores, ids, judged, keep, unjudged=None):
    """Fill an rm_list; keep collects the arrays it points into."""
    if grades is None:
        raise TypeError("grades are required")
    grades, scores, ids, unjudged = (_once(grades, "grades"),
                                     _once(scores, "scores"),
                                     _once(ids, "ids"),
                                     _once(unjudged, "unjudged"))
    judged = _once(judged, "judged", ordered=False)
    n, gp, ga, la = _grades(grades)
    if gp is not None and _out_of_range(ga, n):
        la = (ctypes.c_char_p * max(n, 1))(*[str(int(ga[i])).encode()
                                            for i in range(n)])
        gp = None
    lst.n, lst.grade = n, gp
    if la is not None:
        lst.label = ctypes.cast(la, _lib.c_char_pp)
        keep.append(la)
    if scores is not None:
        m, sp, sa = _doubles(scores)
        if m != n:
            raise RankmetricsError(-1, "%d scores for %d grades" % (m, n))
        lst.score = sp
        keep.append(sa)
    if ids is not None:
        ids = list(ids)
        if len(ids) != n:
            raise RankmetricsError(-1, "%d ids for %d grades" % (len(ids), n))
        enc = [None if i is None else
               (i if isinstance(i, bytes) else str(i).encode()) for i in ids]
        if any(e is not None and b"\0" in e for e in enc):
            # C would compare the identifiers up to the NUL only
            raise RankmetricsError(-1, "an identifier holds a NUL character")
        ia = (ctypes.c_char_p * max(n, 1))(*enc)
        lst.id = ctypes.cast(ia, _lib.c_char_pp)
        keep.append(ia)
    if judged is not None:
        k, jp, ja = _ints(judged, "judged")
        lst.n_unretrieved, lst.unretrieved_grade = k, jp
        keep.append(ja)
    if unjudged is not None:
        try:
            u = [operator.index(x) for x in (unjudged.tolist() if
                                             _is_array(unjudged) else
                                             unjudged)]
        except TypeError:  # int() would make 0.7 a 0 and "1" a 1
            raise RankmetricsError(-2, "an unjudged marker is 0, 1 or 2"
                                   ) from None
        if len(u) != n:
            raise RankmetricsError(-1, "%d unjudged markers for %d grades"
                                   % (len(u), n))
        if any(x < 0 or x > 2 for x in u):
            raise RankmetricsError(-2, "an unjudged marker is 0, 1 or 2")
        ua = (ctypes.c_ubyte * max(n, 1))(*u)
        lst.unjudged = ctypes.cast(ua, ctypes.POINTER(ctypes.c_ubyte))
        keep.append(ua)
    keep.append(ga)


def _out_of_range(a, n):
    """Whether some whole grade is outside 0..100 (a rating, then)."""
    if _is_array(a):
        return bool(a.size and (a.min() < 0 or a.max() > 100))
    return any(a[i] < 0 or a[i] > 100 for i in range(n))


def _one(grades, scores, ids, judged, unjudged=None):
    lst, keep = _lib.List(), []
    _fill(lst, grades, scores, ids, judged, keep, unjudged)
    return lst, keep


def _query(q):
    if isinstance(q, collections.abc.Mapping):
        # a key misspelled ("score") was dropped, and the query ranked in
        # input order, as the tool's --score nosuch once was
        odd = [k for k in q if k not in Query._fields]
        if odd or "grades" not in q:
            raise TypeError("a query's keys are %s; %s" % (
                ", ".join(Query._fields), "not %s" % ", ".join(map(repr, odd))
                if odd else "grades is missing"))
        return Query(q["grades"], q.get("scores"), q.get("ids"),
                     q.get("judged"), q.get("unjudged"), q.get("weight"))
    if isinstance(q, Query):
        return q
    if isinstance(q, tuple) and q and hasattr(q[0], "__len__"):
        return Query(*q)  # (grades, scores, ids, judged[, unjudged[, weight]])
    return Query(q)  # a bare list of grades


def _set(queries):
    _sequence(queries, "queries", ordered=False)
    qs = [_query(q) for q in queries]
    arr = (_lib.List * max(len(qs), 1))()
    keep = [arr]
    for i, q in enumerate(qs):
        _fill(arr[i], q.grades, q.scores, q.ids, q.judged, keep, q.unjudged)
        if q.weight is not None:
            w = ctypes.c_double(q.weight)  # a TypeError for a weight not a number
            arr[i].weight = ctypes.pointer(w)
            keep.append(w)
    return arr, len(qs), keep


# ---- Values ----------------------------------------------------------------

def _check(s, v):
    if s < 0:
        raise RankmetricsError(s, variant=v)


_DIVERSITY = ("alpha-dcg", "alpha-ndcg", "err-ia", "nerr-ia", "nrbp", "nnrbp",
              "p-ia", "ap-ia", "strec")


def _diversity(v, variant, judged_ids, weights):
    """True when v is a measure of diversity, whose grades are rows (one
    grade per subtopic); the options of subtopics are refused otherwise."""
    div = v.name.split("[")[0].split("@")[0] in _DIVERSITY
    if not div and (judged_ids is not None or weights is not None):
        raise RankmetricsError(-1, "judged_ids and weights are read by the"
                               " measures of diversity only", variant)
    return div


def _weight_text(w):
    """A weight of a feature as the library reads it: a whole number, a
    decimal without an exponent, or a fraction p/q."""
    if isinstance(w, bool) or not isinstance(w, (numbers.Rational, float,
                                                 decimal.Decimal, str)):
        raise TypeError("a feature's weight is a number, not %s"
                        % type(w).__name__)
    if isinstance(w, numbers.Rational):
        w = Fraction(w)
        return str(w.numerator) if w.denominator == 1 else str(w)
    if isinstance(w, float):
        w = decimal.Decimal(repr(w))
    return format(w, "f") if isinstance(w, decimal.Decimal) else w


def _feature_rows(features):
    """(item, feature, weight) rows from a mapping item -> features (an
    iterable of names, weight 1, or a mapping name -> weight) or from an
    iterable of (item, feature) and (item, feature, weight) tuples."""
    if isinstance(features, Mapping):
        for item, fs in features.items():
            if isinstance(fs, Mapping):
                for f, w in fs.items():
                    yield item, f, w
            else:
                _sequence(fs, "features", ordered=False)
                for f in fs:
                    yield item, f, None
        return
    _sequence(features, "features", ordered=False)
    for row in features:
        row = tuple(row)
        if len(row) not in (2, 3):
            raise RankmetricsError(-1, "a row of features is (item, feature)"
                                   " or (item, feature, weight)")
        yield row if len(row) == 3 else row + (None,)


class _FeatureTable:
    """The table of item features that ils and diversity read, made the
    calling thread's for the length of a with block (rm_feat_use)."""

    def __init__(self, features, variant):
        self.features, self.variant, self.t = features, variant, None

    def __enter__(self):
        if self.features is None:
            return self
        self.t = _L.rm_feat_new()
        if not self.t:
            raise MemoryError("rm_feat_new")
        try:
            for item, f, w in _feature_rows(self.features):
                wt = None if w is None else _weight_text(w)
                s = _L.rm_feat_add(self.t, _cname(str(item), "an item"),
                                   _cname(str(f), "a feature"),
                                   None if wt is None else wt.encode())
                if s == -10:
                    raise RankmetricsError(
                        s, "the weight %r of item %r is not a positive"
                        " decimal or fraction" % (w, item), self.variant)
                _check(s, self.variant)
            _check(_L.rm_feat_use(self.t), self.variant)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc):
        if self.t:
            _L.rm_feat_use(None)
            _L.rm_feat_free(self.t)
            self.t = None
        return False


class _History:
    """The items the list's user saw before, which serendipity reads, made
    the calling thread's for the length of a with block (rm_history_use)."""

    def __init__(self, history, variant):
        self.history, self.variant, self.on = history, variant, False
        if history is None and "serendipity" in variant:
            raise RankmetricsError(-1, "serendipity reads the user's history:"
                                   " give history=[item, ...]", variant)

    def __enter__(self):
        return self if self.history is None else self._use([self.history])

    def _use(self, lists):
        """Makes lists[j] the history of query j (kept alive in self)."""
        self.arrs = []
        for h in lists:
            _sequence(h, "history", ordered=False)
            items = [_cname(str(i), "an item") for i in h]
            self.arrs.append((ctypes.c_char_p * max(len(items), 1))(*items))
        nq = len(self.arrs)
        self.ptr = (ctypes.c_void_p * max(nq, 1))(
            *[ctypes.cast(a, ctypes.c_void_p) for a in self.arrs])
        self.n = (ctypes.c_size_t * max(nq, 1))(*[len(h) for h in lists])
        _check(_L.rm_history_use(self.ptr, self.n, nq), self.variant)
        self.on = True
        return self

    def __exit__(self, *exc):
        if self.on:
            _L.rm_history_use(None, None, 0)
            self.on = False
        return False


class _Histories(_History):
    """The training items of each query's user, which popreo and poprsp
    read: query j's history is histories[j]."""

    def __init__(self, histories, variant, nq):
        self.history, self.variant, self.on = histories, variant, False
        bare = variant.split("@")[0].split("[")[0]
        if histories is None and bare in ("popreo", "poprsp"):
            raise RankmetricsError(-1, "%s reads each user's training items:"
                                   " give histories=[[item, ...], ...], one"
                                   " list a query" % bare, variant)
        if histories is not None:
            _sequence(histories, "histories")
            self.history = list(histories)
            if len(self.history) != nq:
                raise RankmetricsError(-1, "histories: %d lists for %d queries"
                                       % (len(self.history), nq), variant)

    def __enter__(self):
        return self if self.history is None else self._use(self.history)


def value(variant: str, grades: Any, scores: Any = None, ids: Any = None,
          judged: Any = None, unjudged: Any = None,
          judged_ids: Any = None, weights: Any = None,
          features: Any = None, history: Any = None) -> float:
    """The value of a variant on one list, on the double path (fast; its
    error is at most ulp_bound(variant) ulps).  An undefined value is the
    variant's undef convention (0 by default).  For a measure of diversity
    (alpha-ndcg@20, nerr-ia@20, ...) grades and judged hold a row per item,
    a grade per subtopic ([[1, 2, 0], [1, 0, 0]]), judged_ids names the
    judged rows and weights gives one weight per subtopic (weights=given),
    as div_value.  ils and diversity read the items' features: a mapping
    {item: [feature, ...]} (weights 1) or {item: {feature: weight}}, or
    rows (item, feature[, weight]); a weight is a positive whole number,
    decimal or Fraction.  serendipity reads them and history, the items
    the user saw before."""
    v = _variant(variant)
    if _diversity(v, variant, judged_ids, weights):
        from ._divers import div_value
        return div_value(variant, grades, scores, ids, judged, judged_ids,
                         weights, unjudged)
    lst, keep = _one(grades, scores, ids, judged, unjudged)
    out = ctypes.c_double()
    with _FeatureTable(features, variant), _History(history, variant):
        _check(_L.rm_value(v.buf, ctypes.byref(lst), None, ctypes.byref(out)),
               variant)
    return out.value


class Exact:
    """One result of the exact path.

    value     the correctly rounded double (round to nearest, ties to even)
    decimal   the true value to 40 significant digits, correctly rounded
    fraction  the true value as a Fraction when it is rational, else None
    ternary   the sign of value - x for the true value x (-1, 0 or +1)
    exact     True when the double is the true value (ternary 0)
    undefined True when the value was set by the variant's undef convention
    hard_bits the true value is within 2**-hard_bits ulp of a rounding
              boundary (0 when exact)
    variant   the canonical name of the variant
    """
    __slots__ = ("value", "decimal", "fraction", "ternary", "undefined",
                 "hard_bits", "variant")

    def __init__(self, c, status, variant):
        self.value = c.value
        self.decimal = c.decimal.decode()
        self.fraction = (_lib.fraction(ctypes.string_at(c.rational).decode())
                         if c.rational else None)
        self.ternary = c.ternary
        self.undefined = status == 1
        self.hard_bits = c.hard_bits
        self.variant = variant

    @property
    def exact(self):
        return self.ternary == 0

    def __float__(self):
        return self.value

    def __eq__(self, other):
        if isinstance(other, Exact):
            return (self.value, self.decimal, self.fraction, self.ternary) == \
                (other.value, other.decimal, other.fraction, other.ternary)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self):
        # a fraction of thousands of digits (insq) is shown by its size
        f = repr(self.fraction)
        if len(f) > 100:
            f = "<Fraction of %d/%d digits>" % (
                len(str(abs(self.fraction.numerator))),
                len(str(self.fraction.denominator)))
        return ("Exact(value=%r, decimal=%r, fraction=%s, ternary=%d%s)"
                % (self.value, self.decimal, f, self.ternary,
                   ", undefined=True" if self.undefined else ""))

    def __str__(self):
        how = {0: "exact", 1: "rounded up", -1: "rounded down"}[self.ternary]
        s = "%r (%s, %s) = %s" % (self.value, self.value.hex(), how,
                                  self.decimal)
        if self.fraction is not None:
            s += " = %s" % self.fraction
        if self.undefined:
            s += " (undefined; the variant's convention)"
        return s


def _exact_call(fn, v, variant, *args):
    c = _lib.ExactC()
    _L.rm_exact_init(ctypes.byref(c))
    try:
        s = fn(v.buf, *args, ctypes.byref(c))
        _check(s, variant)
        return Exact(c, s, v.name)
    finally:
        _L.rm_exact_clear(ctypes.byref(c))


def exact(variant: str, grades: Any, scores: Any = None, ids: Any = None,
          judged: Any = None, unjudged: Any = None,
          judged_ids: Any = None, weights: Any = None,
          features: Any = None, history: Any = None) -> "Exact":
    """The exact value of a variant on one list (MPFR/GMP), as an Exact;
    a measure of diversity reads rows, ils and diversity features, and
    serendipity features and history, as value does."""
    v = _variant(variant)
    if _diversity(v, variant, judged_ids, weights):
        from ._divers import div_exact
        return div_exact(variant, grades, scores, ids, judged, judged_ids,
                         weights, unjudged)
    lst, keep = _one(grades, scores, ids, judged, unjudged)
    with _FeatureTable(features, variant), _History(history, variant):
        return _exact_call(_L.rm_value_exact, v, variant, ctypes.byref(lst))


def values(variants: Any, grades: Any,
           scores: Any = None, ids: Any = None, judged: Any = None,
           unjudged: Any = None) -> List[float]:
    """The double values of several variants of one list, as a list in the
    order of the names; the list is ranked once for each tie rule.  The
    first variant that fails raises."""
    variants = _once(variants, "variants")
    vs = [_variant(n) for n in variants]
    nv = len(vs)
    arr = (ctypes.c_double * max(nv * _VWORDS, 1))()
    for i, v in enumerate(vs):
        ctypes.memmove(ctypes.byref(arr, i * _VWORDS * 8), v.buf, _VSIZE)
    lst, keep = _one(grades, scores, ids, judged, unjudged)
    out = (ctypes.c_double * max(nv, 1))()
    st = (ctypes.c_int * max(nv, 1))()
    s = _L.rm_values(arr, nv, ctypes.byref(lst), None, out, st)
    _check(s, None)
    for i in range(nv):
        _check(st[i], variants[i])
    return [out[i] for i in range(nv)]


_LONG_SET = 1000  # queries: a set this large may take a second or more


def _set_call(call, nq):
    """A call of the library over nq queries.  A large set (the exact path
    of nDCG over 3000 queries of 300 items takes seconds) runs in a worker
    thread, so that Ctrl-C raises KeyboardInterrupt at once, where a call
    from this thread held it until the end; the library cannot be asked to
    stop, so the worker finishes alone and its result is dropped."""
    if nq < _LONG_SET:
        return call()
    return _lib.interruptible(call, None)


def value_set(variant: str, queries: Iterable[Any],
              histories: Any = None, features: Any = None) -> float:
    """The double value of a variant over a set of queries: an aggregated
    name (mean:ap, micro[skip=undef]:recall@10, sum:rr) or a metric of a
    whole set.  A query is a Query, a dict with the keys grades, scores,
    ids, judged, unjudged, weight (read by mean[weight=query] only), a tuple
    (grades, scores, ids, judged[, unjudged[, weight]]) or a bare list of
    grades.  Over 1000 queries or more the library is called from a worker
    thread, so that Ctrl-C raises KeyboardInterrupt at once (the call is
    left to finish alone, its result dropped).  popreo and poprsp read
    histories, one list of training items a query (the unretrieved relevant
    items, which they count by name, are eval's); ils, diversity, srecall,
    catentropy and rbentropy read features, one table for every query, as
    value reads it."""
    v = _variant(variant)
    arr, nq, keep = _set(queries)
    out = ctypes.c_double()
    with _Histories(histories, variant, nq), _FeatureTable(features, variant):
        _check(_L.rm_value_set(v.buf, arr, nq, None, ctypes.byref(out))
               if histories is not None or features is not None else
               _set_call(lambda: _L.rm_value_set(v.buf, arr, nq, None,
                                                 ctypes.byref(out)), nq),
               variant)
    return out.value


def exact_set(variant: str, queries: Iterable[Any],
              histories: Any = None, features: Any = None) -> "Exact":
    """The exact value of a variant over a set of queries, as an Exact.
    Ctrl-C raises KeyboardInterrupt at once, also in the library's call
    over a large set (see value_set); histories and features as
    value_set's."""
    v = _variant(variant)
    arr, nq, keep = _set(queries)
    with _Histories(histories, variant, nq), _FeatureTable(features, variant):
        if histories is not None or features is not None:
            # the thread's tables: called in this thread
            return _exact_call(_L.rm_value_set_exact, v, variant, arr, nq)
        return _set_call(lambda: _exact_call(_L.rm_value_set_exact, v,
                                             variant, arr, nq), nq)


# ---- Which variant is it? -------------------------------------------------------

def _split_aggregator(canonical):
    # the aggregator's colon is the first outside brackets: a value may
    # hold colons of its own (gain=map:0=0;1=3)
    depth = 0
    for i, c in enumerate(canonical):
        depth += (c == "[") - (c == "]")
        if c == ":" and depth == 0:
            return canonical[:i + 1], canonical[i + 1:]
    return "", canonical


def variants(variant: str, vary: Any = None,
             numbers: Optional[Mapping[str, Iterable[Any]]] = None
             ) -> List[str]:
    """Canonical names of the variants near one: every combination of the
    words of the keys in vary (default: every key of words the metric
    reads), with the other keys as in variant; numbers maps a key of
    numbers (rel, cutoff, ...) to the values to try.  Names the library
    refuses are left out; each name comes once.  A key of vary must be a
    key of words and a key of numbers a key of numbers (or cutoff): a key
    misspelled, or vary="norm" read as the keys n, o, r, m, gave no
    variant at all, an empty list without a word."""
    if vary is not None:
        vary = _once(vary, "vary", ordered=False)  # read twice below
        for k in vary:
            if not isinstance(k, str) or words(k) is None:
                raise ValueError("vary takes keys of words (norm, ties, ...),"
                                 " not %r%s" % (k, "; give a key of numbers"
                                                " in numbers=" if
                                                isinstance(k, str) and
                                                key_range(k) else ""))
    if numbers is not None:
        if not isinstance(numbers, collections.abc.Mapping):
            raise TypeError("numbers maps a key to the values to try")
        for k in numbers:
            if not isinstance(k, str) or (k != "cutoff" and
                                          key_range(k) is None):
                raise ValueError("numbers takes keys of numbers (rel, p,"
                                 " ...) or cutoff, not %r" % (k,))
    agg, inner = _split_aggregator(name(variant))
    metric = inner.split("[")[0].split("@")[0]
    given = {}
    if "[" in inner:
        for kv in inner[inner.index("[") + 1:-1].split(","):
            k, _, x = kv.partition("=")
            given[k] = x
    cut = inner.split("[")[0].partition("@")[2]
    if vary is None:
        vary = [k for k in keys(metric) if words(k)]
    choices = []
    for k in vary:
        choices.append([(k, w) for w in (words(k) or [])])
    for k, xs in (numbers or {}).items():
        choices.append([(k, str(x)) for x in xs])
    seen, out = set(), []
    for combo in itertools.product(*choices):
        opts = dict(given)
        c = cut
        for k, x in combo:
            if k == "cutoff":
                c = x
            else:
                opts[k] = x
        n = _name_dropping_unread(agg + metric + ("@" + c if c else ""),
                                  opts)
        if n is None:
            continue  # refused: ap[ties=average], say
        if n not in seen:
            seen.add(n)
            out.append(n)
    return out


def _name_dropping_unread(head, opts):
    """The canonical name of head[opts], leaving out the keys that the
    variant does not read (rel without gain=binary, ties of an ideal DCG
    from the judgments); None when the library refuses the variant."""
    opts = dict(opts)
    while True:
        text = head + ("[" + ",".join("%s=%s" % kv for kv in opts.items())
                       + "]" if opts else "")
        try:
            return name(text)
        except RankmetricsError as e:
            m = re.search(r"the key '([^']*)' does not apply", e.message)
            if not m or m.group(1) not in opts:
                return None
            del opts[m.group(1)]


def _arguments_of_matching(observed, inputs, candidates):
    """matching_variants' arguments, each of its kind, or a TypeError that
    names the argument: with observed and inputs swapped, the call failed
    with "'float' object is not iterable"."""
    def listed(x, what, kind):
        if isinstance(x, (str, bytes, collections.abc.Mapping)) or \
                not isinstance(x, collections.abc.Iterable):
            raise TypeError("matching_variants: %s is a list of %s, not %s"
                            % (what, kind, _brief(x)))
    listed(observed, "observed", "numbers, one an input")
    listed(inputs, "inputs", "dicts of exact()'s arguments (or lists of"
           " queries), one an input")
    if not isinstance(candidates, str):
        listed(candidates, "candidates", "variant names")
    for x in observed if isinstance(observed, collections.abc.Sequence) \
            else ():
        if isinstance(x, bool) or not isinstance(x, numbers.Real):
            raise TypeError("matching_variants: observed holds %s, not a"
                            " number" % _brief(x))
    for x in inputs if isinstance(inputs, collections.abc.Sequence) else ():
        if isinstance(x, (str, bytes)) or not isinstance(
                x, (dict, collections.abc.Iterable)):
            raise TypeError("matching_variants: inputs holds %s, not a dict"
                            " of exact()'s arguments or a list of queries"
                            % _brief(x))
    for c in candidates if isinstance(candidates, collections.abc.Sequence) \
            and not isinstance(candidates, str) else ():
        if not isinstance(c, str):
            raise TypeError("matching_variants: candidates holds %s, not a"
                            " variant name (a str)" % _brief(c))


def _brief(x):
    """repr(x), cut at 60 characters, with its type."""
    r = repr(x)
    return "%s (%s)" % (r if len(r) <= 60 else r[:57] + "...",
                          type(x).__name__)


# ---- In-memory columns ----------------------------------------------------------

from ._results import Results  # noqa: E402
from ._columns import Evaluation, evaluate  # noqa: E402
from ._verify import Verdict, Verification, verify, families  # noqa: E402
from ._verify import vectors_dir, Explanation  # noqa: E402
from ._verify import matching_variants, Matches  # noqa: E402
from ._disagree import disagree, Disagreement  # noqa: E402
from ._files import evaluate_files, FileEvaluation  # noqa: E402
from ._shard import partial, merge  # noqa: E402
from . import _compare as significance  # noqa: E402
from ._compare import compare, compare_files  # noqa: E402


# ---- Measures of diversity (a grade per subtopic) ---------------------------
from ._divers import div_value, div_exact  # noqa: E402
__all__ += ["div_value", "div_exact"]
