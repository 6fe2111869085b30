"""evaluate_files: the library's evaluation of files (rm_eval_files), the
engine of `rankmetrics eval`, through ctypes.  The files are read by the C
library, as the tool reads them: the same options, the same values to the
bit, the same messages."""

import ctypes
import operator
import os
import re
import threading
from fractions import Fraction
from typing import (Any, Callable, Dict, Iterable, List, Optional, Set,
                    Tuple, Union)

from . import _L, RankmetricsError, _lib, name
from . import _variant
from ._results import Results

__all__ = ["evaluate_files", "FileEvaluation"]


class _Options(ctypes.Structure):
    """rm_eval_options, field for field (checked by rm_eval_options_size)."""
    _fields_ = [("measures", ctypes.POINTER(ctypes.c_char_p)),
                ("n_measures", ctypes.c_int),
                ("per_query", ctypes.c_int),
                ("exact", ctypes.c_int),
                ("dup", ctypes.c_int),
                ("run_only_zero", ctypes.c_int),
                ("judged_only_empty", ctypes.c_int),
                ("judged_docs_only", ctypes.c_int),
                ("negative_unjudged", ctypes.c_int),
                ("unsorted", ctypes.c_int),
                ("delimiter", ctypes.c_int),
                ("user", ctypes.c_char_p),
                ("item", ctypes.c_char_p),
                ("label", ctypes.c_char_p),
                ("score", ctypes.c_char_p),
                ("memory", ctypes.c_size_t),
                ("threads", ctypes.c_int)]


class _Columns(ctypes.Structure):
    """rm_columns: rows given to the engine without a file.  Each column of
    strings is one block of n strings end to end, each with its NUL."""
    _fields_ = [("n", ctypes.c_size_t),
                ("user", ctypes.c_char_p),
                ("item", ctypes.c_char_p),
                ("label", ctypes.c_char_p),
                ("grade", ctypes.POINTER(ctypes.c_int)),
                ("score", ctypes.POINTER(ctypes.c_double)),
                ("n_judged", ctypes.c_size_t),
                ("judged_user", ctypes.c_char_p),
                ("judged_grade", ctypes.POINTER(ctypes.c_int)),
                ("name", ctypes.c_char_p)]


_VALUE_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int,
                             ctypes.c_char_p, ctypes.c_double, ctypes.c_int,
                             ctypes.c_int)
_STATE_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(ctypes.c_char),
                             ctypes.c_size_t)
_PROGRESS_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_long,
                                ctypes.c_size_t, ctypes.c_double)
_EXACT_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)
# the counts of eval's summary, in the order of rm_evaluator_count's which
COUNTS = ("queries", "repeated", "unjudged", "run_only", "judged_only",
          "negative", "past_integer_filter", "past_certified_filter",
          "no_features", "no_similarity", "no_history", "no_popularity")
_sigs = {
    "rm_evaluator_new": (ctypes.c_void_p, []),
    "rm_evaluator_set_progress": (None, [ctypes.c_void_p, _PROGRESS_FN,
                                         ctypes.c_void_p]),
    "rm_evaluator_free": (None, [ctypes.c_void_p]),
    "rm_evaluator_set_exact_values": (None, [ctypes.c_void_p, _EXACT_FN]),
    "rm_evaluator_message": (ctypes.c_char_p, [ctypes.c_void_p]),
    "rm_evaluator_count": (ctypes.c_ulong, [ctypes.c_void_p, ctypes.c_int]),
    "rm_evaluator_notes": (ctypes.c_char_p, [ctypes.c_void_p]),
    "rm_evaluator_set_input": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p,
                                              ctypes.c_char_p]),
    "rm_eval_options_size": (ctypes.c_size_t, []),
    "rm_eval_files": (ctypes.c_int, [ctypes.c_void_p,
                                     ctypes.POINTER(_Options),
                                     ctypes.c_char_p, ctypes.c_char_p,
                                     _VALUE_FN, ctypes.c_void_p]),
    "rm_eval_columns": (ctypes.c_int, [ctypes.c_void_p,
                                       ctypes.POINTER(_Options),
                                       ctypes.POINTER(_Columns),
                                       _VALUE_FN, ctypes.c_void_p]),
    "rm_eval_partial": (ctypes.c_int, [ctypes.c_void_p,
                                       ctypes.POINTER(_Options),
                                       ctypes.c_char_p, ctypes.c_char_p,
                                       ctypes.POINTER(_Columns),
                                       _STATE_FN, ctypes.c_void_p]),
    "rm_eval_merge": (ctypes.c_int, [ctypes.c_void_p,
                                     ctypes.POINTER(ctypes.c_char_p),
                                     ctypes.c_int, _VALUE_FN,
                                     ctypes.c_void_p]),
}
for _name, (_res, _args) in _sigs.items():
    _f = getattr(_L, _name)
    _f.restype, _f.argtypes = _res, _args
if _L.rm_eval_options_size() != ctypes.sizeof(_Options):
    raise ImportError("rankmetrics: rm_eval_options of %s has %d bytes, the "
                      "package's copy %d" % (_L.path, _L.rm_eval_options_size(),
                                             ctypes.sizeof(_Options)))


def _canonical(m: str) -> str:
    """The canonical name of a measure; a name the library refuses is left
    as it is, for the engine to refuse with its own message."""
    try:
        return name(m)
    except RankmetricsError:
        return m


class FileEvaluation:
    """The result of evaluate_files(), and of merge() (its aggregates only:
    a merge has no queries' values).

    measures   the measures, as given
    queries    the queries with values, in the order `eval -q` writes them
    per_query  {query: Results {measure: value}}; None for a query that
               the measure's aggregate leaves out (eval's "skipped")
    aggregate  Results {measure: value}
    canonical  {measure: its canonical name}, as aggregate.canonical
    undefined  the (measure, query) pairs whose value was set by the undef
               convention; query None for an aggregate
    variants   {measure: the canonical variant it was resolved to}, as the
               "variant" of `eval --json` (nDCG@10 and ndcg@10 differ)
    counts     the counts of eval's summary: queries evaluated, repeated
               documents dropped, unjudged documents read as 0, queries
               only in the run, only in the judgments, negative grades, and
               on the exact path the values past the integer filter and
               past the certified one, and what the side inputs lack: the
               distinct retrieved items without features, those in no pair
               of similarities, the queries without a history, the
               distinct retrieved items without a count of popularity (0
               unless the input was given and a measure reads it; the keys
               are COUNTS); for evaluate_files only
    notes      what eval --quiet writes on standard error, a line each: why
               a value of the catalogue is undefined, the queries a mean
               left out when it counted none, a side input of which no item
               (query) matched; for evaluate_files only

    Results are dicts keyed by the measures as given; a canonical name is
    found too, as in evaluate()'s.
    """

    def __init__(self, measures: Iterable[str],
                 judged_empty: bool = False) -> None:
        self.measures = list(measures)
        self.canonical: Dict[str, str] = {m: _canonical(m)
                                          for m in self.measures}
        self.queries: List[str] = []
        self.per_query: Dict[str, Results] = {}
        self.aggregate = Results((), self.canonical)
        self.undefined: Set[Tuple[str, Optional[str]]] = set()
        # with exact_values=True: query -> {measure: Fraction}, the exact
        # value (an irrational one as its 40-digit decimal)
        self.exact_values: Dict[str, Dict[str, Fraction]] = {}
        self.variants = {m: _eval_variant(m, judged_empty)
                         for m in self.measures}
        self.counts: Dict[str, int] = {}
        self.notes: List[str] = []

    def __repr__(self) -> str:
        agg = ", ".join("%s=%r" % kv for kv in
                        list(self.aggregate.items())[:8])
        more = len(self.aggregate) - 8
        return "FileEvaluation(%d queries; %s%s)" % (
            len(self.queries), agg,
            ", ... (%d more)" % more if more > 0 else "")


def _eval_variant(m, judged_empty=False):
    """The variant eval computes for the measure m (the book's
    ev_measure_init): a name of one query aggregated as mean:NAME, rmse as
    micro:rmse; a name with an aggregator, or of a whole set, as it is.
    An ir_measures name without an aggregator, or any name under
    judged_only="empty", takes the judged queries missing from the run
    (absent=empty; the book's ev_measure_absent); an ir_measures sum writes
    their 0 and counts nothing (absent=zero), and an ir_measures mean over
    no query is NaN (empty=nan)."""
    v = _variant(m)
    irm = _L.rm_name_source(m.encode(), None, None) == 2
    if re.match(r"(mean|micro|sum|gm)[\[:]", v.name):
        keys = []
        if judged_empty:
            keys.append("absent=empty")
        elif irm and v.name.startswith("sum"):
            keys.append("absent=zero")
        if irm and v.name.startswith("mean"):
            keys.append("empty=nan")
        return v.name.replace("]:", "," + ",".join(keys) + "]:", 1) if keys \
            else v.name
    if v.reads_set:
        return v.name
    agg = "micro" if v.name.startswith("rmse") else "mean"
    keys = ["absent=empty"] if judged_empty or irm else []
    if irm and agg == "mean":
        keys.append("empty=nan")
    if keys:
        agg += "[" + ",".join(keys) + "]"
    return _variant(agg + ":" + m).name


def _path(p, what):
    if p is None:
        return None
    p = os.fspath(p)
    if isinstance(p, str):
        p = p.encode()
    if b"\0" in p:
        raise RankmetricsError(-1, "%s: a file name with a NUL byte" % what)
    return p


def _text(s, what):
    """A column name for C: a str without NUL (C would read "user\0x" as
    the column user), or None."""
    if s is None:
        return None
    if not isinstance(s, str):
        raise TypeError("%s is a column name (a str) or None, not %r"
                        % (what, s))
    if "\0" in s:
        raise RankmetricsError(-1, "%s=%r: a NUL character in a column name"
                               % (what, s))
    return s.encode()


def _inputs(popularity=None, query_weights=None, weight=None, features=None,
            history=None, similarity=None):
    """eval's side inputs, as (option, value) pairs of bytes for
    rm_evaluator_set_input: the files of --popularity, --query-weights,
    --features, --history and --similarity and the column of --weight."""
    got = [(b"popularity", _path(popularity, "popularity")),
           (b"query-weights", _path(query_weights, "query_weights")),
           (b"weight", _text(weight, "weight")),
           (b"features", _path(features, "features")),
           (b"history", _path(history, "history")),
           (b"similarity", _path(similarity, "similarity"))]
    for k, v in got:
        if v is not None and (not v or b"\n" in v):
            raise RankmetricsError(-1, "%s: a file or column name, not %r"
                                   % (k.decode().replace("-", "_"), v))
    return [(k, v) for k, v in got if v is not None]


def _measure(m):
    if not isinstance(m, str):
        raise TypeError("a measure is a variant name (a str), not %r" % (m,))
    if "\0" in m:  # C would read "ap\0x" as ap
        raise RankmetricsError(-5, "measures: a NUL character in the name %r"
                               % m)
    return m.encode()


_SIZE_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1


def _memory(memory):
    """The bound in bytes: None (eval's default, 256 MiB) or a whole number
    from 65536 (64K, eval's least) to SIZE_MAX.  ctypes wrapped -1 to
    SIZE_MAX (no bound) and 2**64 to 0 (the default), without a word."""
    if memory is None:
        return 0
    try:
        x = operator.index(memory)
    except TypeError:
        raise TypeError("memory is a whole number of bytes or None, not %r"
                        % (memory,)) from None
    if isinstance(memory, bool) or not 65536 <= x <= _SIZE_MAX:
        raise RankmetricsError(-1, "memory=%r is out of range: give a number"
                               " of bytes from 65536 (64K) to %d, or None"
                               " for the default (256 MiB)"
                               % (memory, _SIZE_MAX))
    return x


_DUP = {"error": 0, "first": 1, "last": 2, "max": 3}


PathArg = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


def _options(measures: List[str], per_query: bool, fast: bool,
             columns: Tuple[Optional[str], ...] = (None,) * 4,
             dup: str = "error") -> _Options:
    """The engine's options for the columns of evaluate, partial and
    their kind: the measures, the path, the names of the four columns
    (None: the default name) as a state records them."""
    names = (ctypes.c_char_p * len(measures))(*[_measure(m)
                                                 for m in measures])
    u, i, la, sc = [_text(c, w) for c, w in
                    zip(columns, ("user", "item", "label", "score"))]
    return _Options(measures=names, n_measures=len(measures),
                    per_query=int(bool(per_query)), exact=int(not fast),
                    dup=_DUP[dup], user=u, item=i, label=la, score=sc)


@_lib.sigint_guarded
def evaluate_files(measures: Union[str, Iterable[str]], qrels: PathArg,
                   run: Optional[PathArg] = None, *, per_query: bool = True,
                   fast: bool = False, exact: Optional[bool] = None,
                   dup: str = "error",
                   run_only: str = "skip", judged_only: str = "skip",
                   judged_docs_only: bool = False, negative: str = "zero",
                   unsorted: bool = False, delimiter: Optional[str] = None,
                   user: Optional[str] = None, item: Optional[str] = None,
                   label: Optional[str] = None, score: Optional[str] = None,
                   memory: Optional[int] = None,
                   threads: Optional[int] = None,
                   progress: Optional[Callable[[int, int, float], Any]] = None,
                   exact_values: bool = False,
                   popularity: Optional[PathArg] = None,
                   query_weights: Optional[PathArg] = None,
                   weight: Optional[str] = None,
                   features: Optional[PathArg] = None,
                   history: Optional[PathArg] = None,
                   similarity: Optional[PathArg] = None) -> FileEvaluation:
    """Evaluate TREC judgments and a run, or one delimited file, as
    `rankmetrics eval` does, with the library's engine (rm_eval_files).

    measures    variant names, as eval's -m (ap, ndcg@10, micro:hr@10)
    qrels, run  the judgments and the run; with run None, qrels is a CSV or
                TSV file with a header (user, item, label, score columns)
    per_query   also the value of every query (eval -q)
    fast        every value on the double path (eval --fast); by default, as
                eval, every value is the correctly rounded double of the
                exact path; exact=True or False, the older keyword, means
                fast=False or True
    dup         a repeated document: "error", "first", "last" or "max"
    run_only    "skip" or "zero": a run query without judgments
    judged_only "skip" or "empty": a judged query missing from the run
    judged_docs_only, negative ("zero" or "unjudged"), unsorted, delimiter
                ("," or "\\t"), user, item, label, score (column names;
                "none" for no item or score), memory (bytes, 65536 to
                SIZE_MAX; None: 256 MiB), threads (1, 2) as the options of
                eval
    progress    called as progress(lines, queries, percent) about twice a
                second while the run is read (lines of the run read, queries
                evaluated, percentage of the file or -1), from the thread
                that runs the call; a true result stops the evaluation
                (RankmetricsError RM_ESTOP), and so does an exception it
                raises (KeyboardInterrupt too), which is then raised again
    exact_values  on the exact path, also each per-query value's exact value
                in .exact_values[query][measure], a Fraction (an irrational
                value's 40-digit decimal; none for a measure of diversity),
                which compare_files uses to count true ties
    popularity  a file of items' counts (lines ITEM COUNT) for the catalogue
                metrics under pop=file, as eval --popularity
    query_weights  a file of queries' weights (lines QUERY WEIGHT) for
                mean[weight=query], as eval --query-weights; or
    weight      the column of a delimited file that holds them (eval
                --weight)
    features    a file of items' features (lines ITEM FEATURE [WEIGHT]) for
                ils, diversity, srecall and serendipity, as eval --features
    history     a file of what each user saw before (lines USER ITEM) for
                serendipity, as eval --history
    similarity  a file of items' similarities (lines ITEM ITEM SIM, SIM a
                decimal or fraction read exactly; a pair serves both
                orders, a pair not in the file is 0, an item with itself 1
                unless the file says) that ils, diversity and serendipity
                read instead of the cosines of features, as eval
                --similarity; refused with features

    Refused before the files are read: a measure or a column name that is
    not a str or holds a NUL character (C would read "ap\0x" as ap), and
    memory out of range (ctypes wrapped -1 to no bound and 2**64 to the
    default).  Ctrl-C raises KeyboardInterrupt within a fraction of a
    second: the engine runs in a worker thread and is asked to stop, and
    no partial result is returned.  Raises RankmetricsError with the
    library's status and message (FILE:LINE: what was wrong) on any error;
    nothing is returned then.
    """
    if exact is not None:
        fast = not exact
    if isinstance(measures, str):
        measures = [measures]
    measures = list(measures)
    if not measures:
        raise RankmetricsError(-1, "evaluate_files needs at least one measure")
    for what, word, words in (("dup", dup, _DUP),
                              ("run_only", run_only, ("skip", "zero")),
                              ("judged_only", judged_only, ("skip", "empty")),
                              ("negative", negative, ("zero", "unjudged"))):
        if word not in words:
            raise RankmetricsError(-1, "%s is one of %s, not %r"
                                   % (what, ", ".join(words), word))
    if delimiter not in (None, ",", "\t"):
        raise RankmetricsError(-1, "delimiter is None, ',' or '\\t'")
    if threads not in (None, 1, 2):
        raise RankmetricsError(-1, "threads is None, 1 or 2")
    names = (ctypes.c_char_p * len(measures))(*[_measure(m)
                                                 for m in measures])
    o = _Options(measures=names, n_measures=len(measures),
                 per_query=int(bool(per_query)), exact=int(not fast),
                 dup=_DUP[dup], run_only_zero=int(run_only == "zero"),
                 judged_only_empty=int(judged_only == "empty"),
                 judged_docs_only=int(bool(judged_docs_only)),
                 negative_unjudged=int(negative == "unjudged"),
                 unsorted=int(bool(unsorted)),
                 delimiter=ord(delimiter) if delimiter else 0,
                 user=_text(user, "user"), item=_text(item, "item"),
                 label=_text(label, "label"), score=_text(score, "score"),
                 memory=_memory(memory), threads=int(threads or 0))
    if run is None:  # one delimited file
        qpath, rpath = None, _path(qrels, "run")
    else:
        qpath, rpath = _path(qrels, "qrels"), _path(run, "run")
    res = FileEvaluation(measures, bool(o.judged_only_empty))
    pend: List[Optional[Fraction]] = [None]

    def xtake(_ctx, x):
        t = x.decode()
        pend[0] = (Fraction(t[1:]) if t[1:] else None) if t[:1] == "~" \
            else Fraction(t)

    xfn = _EXACT_FN(xtake)

    def take(k, query, x, undefined, skipped):
        m = measures[k]
        q = None if query is None else query.decode()
        xv, pend[0] = pend[0], None
        if q is not None and xv is not None and not skipped:
            res.exact_values.setdefault(q, {})[m] = xv
        if q is None:
            res.aggregate[m] = x
        else:
            if q not in res.per_query:
                res.per_query[q] = Results((), res.canonical)
                res.queries.append(q)
            res.per_query[q][m] = None if skipped else x
        if undefined and not skipped:
            res.undefined.add((m, q))

    def door(e, fn, _pfn):
        if exact_values:
            _L.rm_evaluator_set_exact_values(e, xfn)
        return _L.rm_eval_files(e, ctypes.byref(o), qpath, rpath, fn, None)

    res.counts, res.notes = _engine(door, take, progress,
                                    _inputs(popularity, query_weights, weight,
                                            features, history, similarity))
    return res


def _engine(door, take, progress=None, inputs=()):
    """door(e, value_fn, progress_fn), a call of one of the engine's doors
    on a new evaluator, in interruptible's worker thread, each value given
    to take(measure, query, x, undefined, skipped).  The report of
    progress, always installed, asks the engine to stop once Ctrl-C has
    set stop, and the values that still come are dropped; a status below
    zero raises RankmetricsError with the evaluator's message."""
    stop = threading.Event()
    return _lib.interruptible(lambda: _engine_run(door, take, progress, stop,
                                                  inputs),
                              stop)


def _engine_run(door, take_value, progress, stop, inputs=()):
    def take(_ctx, k, query, x, undefined, skipped):
        if not stop.is_set():
            take_value(k, query, x, undefined, skipped)

    raised = []

    def report(_ctx, lines, queries, percent):
        if stop.is_set():
            return 1
        if progress is None or lines < 0:  # -1: while the values are given
            return 0
        try:
            return 1 if progress(lines, queries, percent) else 0
        except BaseException as x:  # noqa: B902 -- raised again below
            raised.append(x)
            stop.set()
            return 1

    fn = _VALUE_FN(take)
    pfn = _PROGRESS_FN(report)
    e = _L.rm_evaluator_new()
    if not e:
        raise MemoryError("rankmetrics: no evaluator")
    try:
        _L.rm_evaluator_set_progress(e, pfn, None)
        for k, v in inputs:
            s = _L.rm_evaluator_set_input(e, k, v)
            if s != 0:
                raise RankmetricsError(
                    s, _L.rm_evaluator_message(e).decode(errors="replace"))
        s = door(e, fn, pfn)
        if raised:
            raise raised[0]
        if s != 0:
            raise RankmetricsError(
                s, _L.rm_evaluator_message(e).decode(errors="replace"))
        return ({k: _L.rm_evaluator_count(e, i) for i, k in enumerate(COUNTS)},
                _L.rm_evaluator_notes(e).decode(errors="replace").splitlines())
    finally:
        _L.rm_evaluator_free(e)
