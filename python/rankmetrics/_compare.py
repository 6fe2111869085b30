"""Paired significance tests: is one run better than another?  Through
ctypes over rm_test_run, rm_mean_diff and rm_p_adjust, so that Python gets
the numbers of `rankmetrics compare` to the bit (the book's part "Is one
run better than another?" defines the tests and their names)."""

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
                                        ctypes.c_double, _D, _D, _D])):
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


def compare(a: Sequence[float], b: Sequence[float],
            tests: Sequence[str] = ("ttest", "randomization"),
            exact: bool = True, threads: int = 1,
            level: float = 0.95) -> Dict[str, Any]:
    """One comparison of two paired columns, as one row of `rankmetrics
    compare`: n, both means, the mean difference and its interval, wins,
    losses, ties, and each test's TestResult (None when it is undefined,
    as the t test of equal differences).  With exact (the default), the
    means and the difference are the correctly rounded means of the
    doubles given, as the tool prints them; with exact=False, double sums."""
    a = [float(x) for x in a]
    b = [float(x) for x in b]
    n = len(a)
    diff, lo, hi = mean_diff(a, b, level) if n else (math.nan,) * 3
    mean_a = sum(a) / n if n else math.nan
    mean_b = sum(b) / n if n else math.nan
    if exact and n:
        # as the tool on the exact path: the correctly rounded means of the
        # doubles (float() of a Fraction rounds once), where the double sum
        # gave 0.20000000000000004 for the mean of 0.1, 0.2, 0.3
        fa, fb = sum(map(Fraction, a)), sum(map(Fraction, b))
        mean_a, mean_b = float(fa / n), float(fb / n)
        diff = float((fa - fb) / n)
    out: Dict[str, Any] = {
        "n": n, "mean_a": mean_a, "mean_b": mean_b, "diff": diff, "lo": lo,
        "hi": hi, "wins": sum(x > y for x, y in zip(a, b)),
        "losses": sum(x < y for x, y in zip(a, b)),
        "ties": sum(x == y for x, y in zip(a, b)), "tests": {}}
    for name in tests:
        try:
            r: Optional[TestResult] = test(name, a, b, exact, threads)
        except RankmetricsError as e:
            if e.status != -8:  # RM_EUNDEF
                raise
            r = None
        out["tests"][test_name(name)] = r
    return out


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
        ev = (evaluate_files(measures, run, per_query=True, fast=fast,
                             threads=threads, **options) if qrels is None
              else evaluate_files(measures, qrels, run, per_query=True,
                                  fast=fast, threads=threads, **options))
        values.append({m: {q: r[m] for q, r in ev.per_query.items()
                           if r.get(m) is not None} for m in measures})
    rows = []
    for y in range(1, len(runs)):
        for x in range(y if pairs == "all" else 1):
            for m in measures:
                va, vb = values[y][m], values[x][m]
                qs = sorted(set(va) | set(vb), key=lambda q: q.encode())
                if missing == "drop":
                    qs = [q for q in qs if q in va and q in vb]
                row = compare([va.get(q, 0.0) for q in qs],
                              [vb.get(q, 0.0) for q in qs], tests,
                              exact=not fast, threads=threads, level=level)
                row.update(A=runs[y], B=runs[x], measure=m, queries=qs)
                rows.append(row)
    for name in (test_name(t) for t in tests):
        defined = [r for r in rows if r["tests"][name] is not None]
        adj = p_adjust([r["tests"][name].p for r in defined], correction)
        for r in rows:
            r.setdefault("p_adjusted", {})[name] = None
        for r, p in zip(defined, adj):
            r["p_adjusted"][name] = p
    return rows
