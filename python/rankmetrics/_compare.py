"""Paired significance tests: is one run better than another?  Through
ctypes over rm_test_run, rm_compare_runs, rm_mean_diff and rm_p_adjust, so
that Python gets the numbers of `rankmetrics compare` to the bit (the
book's part "Is one run better than another?" defines the tests and their
names)."""

import ctypes
import math
from fractions import Fraction
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _L, RankmetricsError, _lib

__all__ = ["test", "test_name", "compare", "compare_files", "p_adjust",
           "mean_diff", "TestResult"]


class _Test(ctypes.Structure):
    """struct rm_test, field for field."""
    _fields_ = [(f, ctypes.c_int) for f in
                ("test", "sided", "zero", "method", "cc", "plusone", "ci")] + \
               [(f, ctypes.c_ulonglong) for f in ("n", "seed", "level")]


class _Result(ctypes.Structure):
    """struct rm_test_result, field for field."""
    _fields_ = [(f, ctypes.c_double) for f in ("stat", "p", "lo", "hi")] + \
               [("count", ctypes.c_ulonglong), ("total", ctypes.c_ulonglong),
                ("n", ctypes.c_size_t), ("xp", _lib.ExactC)]


_D = ctypes.POINTER(ctypes.c_double)


class _Comparison(ctypes.Structure):
    """struct rm_comparison, field for field."""
    _fields_ = [(f, ctypes.c_int) for f in ("a", "b", "m", "nt")] + \
               [("n", ctypes.c_size_t), ("q", ctypes.POINTER(ctypes.c_size_t)),
                ("va", _D), ("vb", _D)] + \
               [(f, ctypes.c_double) for f in ("mean_a", "mean_b", "diff",
                                               "lo", "hi")] + \
               [(f, ctypes.c_size_t) for f in ("win", "loss", "tie")] + \
               [("r", ctypes.POINTER(_Result)),
                ("st", ctypes.POINTER(ctypes.c_int)), ("adj", _D)]


for _name, _res, _args in (
        ("rm_test_parse", ctypes.c_int, [ctypes.c_char_p,
                                         ctypes.POINTER(_Test)]),
        ("rm_test_name", ctypes.c_int, [ctypes.POINTER(_Test), ctypes.c_char_p,
                                        ctypes.c_size_t]),
        ("rm_test_result_init", None, [ctypes.POINTER(_Result)]),
        ("rm_test_result_clear", None, [ctypes.POINTER(_Result)]),
        ("rm_test_run", ctypes.c_int, [ctypes.POINTER(_Test), _D, _D,
                                       ctypes.c_size_t, ctypes.c_int,
                                       ctypes.c_int, ctypes.POINTER(_Result)]),
        ("rm_p_adjust", ctypes.c_int, [ctypes.c_char_p, _D, ctypes.c_size_t,
                                       _D]),
        ("rm_mean_diff", ctypes.c_int, [_D, _D, ctypes.c_size_t,
                                        ctypes.c_double, _D, _D, _D]),
        ("rm_compare_runs", ctypes.c_int, [
            ctypes.POINTER(_Test), ctypes.c_int, ctypes.c_int, ctypes.c_int,
            ctypes.c_size_t, _D, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int,
            ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_int,
            ctypes.c_double, ctypes.POINTER(ctypes.POINTER(_Comparison)),
            ctypes.POINTER(ctypes.c_size_t)]),
        ("rm_comparisons_free", None, [ctypes.POINTER(_Comparison),
                                       ctypes.c_size_t])):
    _f = getattr(_L, _name)
    _f.restype, _f.argtypes = _res, _args


class TestResult:
    """One paired test on one comparison: the test's canonical name, the
    statistic, the p-value (correctly rounded on the exact path), its
    Fraction when it is rational (else None), the interval lo..hi (Monte
    Carlo: Clopper-Pearson of the proportion; bootstrap: of the mean
    difference), the count and total behind a counted p, and n, the pairs
    used."""
    __slots__ = ("name", "statistic", "p", "fraction", "lo", "hi", "count",
                 "total", "n")

    def __init__(self, **kw):
        for k in self.__slots__:
            setattr(self, k, kw[k])

    def __repr__(self):
        return "TestResult(%s)" % ", ".join(
            "%s=%r" % (k, getattr(self, k)) for k in self.__slots__)


def _parse(name: str) -> _Test:
    t = _Test()
    if not isinstance(name, str) or _L.rm_test_parse(name.encode(),
                                                     ctypes.byref(t)) != 0:
        raise RankmetricsError(-5, "not a test's name (ttest, sign, wilcoxon,"
                               " randomization, bootstrap[keys])", name)
    return t


def test_name(name: str) -> str:
    """The canonical name of a test, every default written out."""
    buf = ctypes.create_string_buffer(256)
    _L.rm_test_name(ctypes.byref(_parse(name)), buf, 256)
    return buf.value.decode()


def _columns(a, b):
    a = [float(x) for x in a]
    b = [float(x) for x in b]
    if len(a) != len(b):
        raise ValueError("the two columns differ in length (%d and %d)"
                         % (len(a), len(b)))
    arr = ctypes.c_double * len(a)
    return arr(*a), arr(*b), len(a)


def test(name: str, a: Sequence[float], b: Sequence[float], exact: bool = True,
         threads: int = 1) -> TestResult:
    """The paired test NAME on the differences a[i] - b[i]."""
    t = _parse(name)
    ca, cb, n = _columns(a, b)
    r = _Result()
    _L.rm_test_result_init(ctypes.byref(r))
    try:
        s = _L.rm_test_run(ctypes.byref(t), ca, cb, n, int(bool(exact)),
                           int(threads), ctypes.byref(r))
        if s < 0:
            raise RankmetricsError(s, variant=name)
        frac = (_lib.fraction(ctypes.string_at(r.xp.rational).decode())
                if exact and r.xp.rational else None)
        return TestResult(name=test_name(name), statistic=r.stat, p=r.p,
                          fraction=frac, lo=r.lo, hi=r.hi, count=r.count,
                          total=r.total, n=r.n)
    finally:
        _L.rm_test_result_clear(ctypes.byref(r))


def p_adjust(p: Sequence[float], method: str = "holm") -> List[float]:
    """The p-values adjusted for multiple comparisons: none, bonferroni,
    holm or bh (Benjamini-Hochberg), as R's p.adjust."""
    m = len(p)
    arr = (ctypes.c_double * max(m, 1))(*[float(x) for x in p])
    out = (ctypes.c_double * max(m, 1))()
    s = _L.rm_p_adjust(method.encode(), arr, m, out)
    if s < 0:
        raise RankmetricsError(s, "the corrections are none, bonferroni, holm"
                               " and bh", method)
    return list(out[:m])


def mean_diff(a: Sequence[float], b: Sequence[float],
              level: float = 0.95) -> Tuple[float, float, float]:
    """The mean of a[i] - b[i] and its Student interval at LEVEL."""
    ca, cb, n = _columns(a, b)
    m, lo, hi = ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    s = _L.rm_mean_diff(ca, cb, n, level, ctypes.byref(m), ctypes.byref(lo),
                        ctypes.byref(hi))
    if s < 0:
        raise RankmetricsError(s)
    return m.value, lo.value, hi.value


def _exact_text(x: Any) -> Optional[bytes]:
    """A Fraction as the library reads it ("p/q"); None for a float, which
    is its own exact value."""
    return str(x).encode() if isinstance(x, Fraction) else None


def _result(name: str, r: _Result, exact: bool) -> TestResult:
    frac = (_lib.fraction(ctypes.string_at(r.xp.rational).decode())
            if exact and r.xp.rational else None)
    return TestResult(name=name, statistic=r.stat, p=r.p, fraction=frac,
                      lo=r.lo, hi=r.hi, count=r.count, total=r.total, n=r.n)


def _compare_runs(tests: Sequence[str], table: Sequence[Sequence[Sequence[Any]]],
                  pairs: str, missing: str, correction: str, exact: bool,
                  threads: int, level: float) -> List[Dict[str, Any]]:
    """rm_compare_runs over table[run][measure][query] (None: missing; a
    Fraction: an exact value): one row per comparison, in its order, with
    "a", "b", "m" (indices), "q" (query indices) and "p_adjusted"."""
    k, nm, nq = len(table), len(table[0]), len(table[0][0]) if table[0] else 0
    ts = [_parse(t) for t in tests]
    names = [test_name(t) for t in tests]
    cts = (_Test * len(ts))(*ts)
    flat = [x for run in table for row in run for x in row]
    v = (ctypes.c_double * max(len(flat), 1))(
        *[math.nan if x is None else float(x) for x in flat])
    xs = (ctypes.c_char_p * max(len(flat), 1))(
        *[_exact_text(x) for x in flat])
    out = ctypes.POINTER(_Comparison)()
    nc = ctypes.c_size_t()
    s = _L.rm_compare_runs(cts, len(ts), k, nm, nq, v, xs, int(pairs == "all"),
                           int(missing == "drop"), correction.encode(),
                           int(bool(exact)), int(threads), level,
                           ctypes.byref(out), ctypes.byref(nc))
    try:
        if s < 0:
            c = out[nc.value - 1] if nc.value else None
            bad = [names[j] for j in range(len(ts))
                   if c is not None and c.st[j] not in (0, -8)]
            raise RankmetricsError(s, variant=bad[0] if bad else correction)
        rows = []
        for i in range(nc.value):
            c = out[i]
            tests_out: Dict[str, Optional[TestResult]] = {}
            adj: Dict[str, Optional[float]] = {}
            for j, nm_ in enumerate(names):
                ok = c.st[j] == 0
                tests_out[nm_] = _result(nm_, c.r[j], exact) if ok else None
                adj[nm_] = c.adj[j] if ok else None
            rows.append({"a": c.a, "b": c.b, "m": c.m,
                         "q": [c.q[j] for j in range(c.n)], "n": c.n,
                         "mean_a": c.mean_a, "mean_b": c.mean_b,
                         "diff": c.diff, "lo": c.lo, "hi": c.hi,
                         "wins": c.win, "losses": c.loss, "ties": c.tie,
                         "tests": tests_out, "p_adjusted": adj})
        return rows
    finally:
        _L.rm_comparisons_free(out, nc.value)


def compare(a: Sequence[Any], b: Sequence[Any],
            tests: Sequence[str] = ("ttest", "randomization"),
            exact: bool = True, threads: int = 1,
            level: float = 0.95) -> Dict[str, Any]:
    """One comparison of two paired columns, as one row of `rankmetrics
    compare` (rm_compare_runs): n, both means, the mean difference and its
    interval, wins, losses, ties, and each test's TestResult (None when it
    is undefined, as the t test of equal differences).  With exact (the
    default), the means and the difference are the correctly rounded
    means of the doubles given, as the tool prints them, and a value given
    as a Fraction is exact: the tests and the wins count the ties of the
    fractions (the book's "Ties in truth, not in rounding"); with
    exact=False, double sums and the doubles' ties."""
    if len(a) != len(b):
        raise ValueError("the two columns differ in length (%d and %d)"
                         % (len(a), len(b)))
    row = _compare_runs(tests, [[list(b)], [list(a)]], "baseline", "zero",
                        "none", exact, threads, level)[0]
    for key in ("a", "b", "m", "q", "p_adjusted"):
        del row[key]
    return row


def compare_files(measures: Any, qrels: Any, runs: Sequence[Any],
                  tests: Sequence[str] = ("ttest", "randomization"),
                  pairs: str = "baseline", correction: str = "holm",
                  missing: str = "zero", level: float = 0.95,
                  threads: int = 1, fast: bool = False,
                  **options: Any) -> List[Dict[str, Any]]:
    """`rankmetrics compare QRELS RUN_A RUN_B [RUN...]` from Python: every
    run evaluated by evaluate_files (per query; options are its keywords,
    as dup or delimiter), the values of each measure paired by query, and
    one compare() row per comparison, in the tool's order (every later run
    against the first, or with pairs="all" every pair, the later run as
    A; then each measure), with "A", "B", "measure", "queries" (the
    queries paired) and "p_adjusted" {test: p} added, the correction over
    each test's comparisons where it is defined (None where it is not).
    With qrels None, each run is a delimited file with its labels (eval
    --csv).  missing: "zero" counts a query one run lacks as 0 for it,
    "drop" leaves it out."""
    from ._files import evaluate_files
    if isinstance(measures, str):
        measures = [measures]
    measures, runs = list(measures), list(runs)
    if pairs not in ("baseline", "all") or missing not in ("zero", "drop"):
        raise RankmetricsError(-1, "pairs is baseline or all, missing zero"
                               " or drop", "%s, %s" % (pairs, missing))
    if len(runs) < 2:
        raise RankmetricsError(-1, "give two runs or more")
    p_adjust([], correction)  # refuses an unknown correction first
    values = []
    for run in runs:
        kw = dict(per_query=True, fast=fast, threads=threads,
                  exact_values=not fast, **options)
        ev = (evaluate_files(measures, run, **kw) if qrels is None
              else evaluate_files(measures, qrels, run, **kw))
        values.append({m: {q: ev.exact_values.get(q, {}).get(m, r[m])
                           for q, r in ev.per_query.items()
                           if r.get(m) is not None} for m in measures})
    qs = sorted({q for v in values for m in measures for q in v[m]},
                key=lambda q: q.encode())
    table = [[[v[m].get(q) for q in qs] for m in measures] for v in values]
    rows = _compare_runs(tests, table, pairs, missing, correction, not fast,
                         threads, level)
    for r in rows:
        r.update(A=runs[r.pop("a")], B=runs[r.pop("b")],
                 measure=measures[r.pop("m")],
                 queries=[qs[j] for j in r.pop("q")])
    return rows
