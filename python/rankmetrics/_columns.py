"""Evaluation of in-memory columns: rows of (user, item, label, score),
grouped by user, each user a query.

The rows go to the engine of `rankmetrics eval` through the library's
door of columns (rm_eval_columns), as the rows of a delimited file would
go, without the file: the same grouping, the same reading of labels, the
same values bit for bit.  Under exact=True each user's list goes to the
library's exact path instead (exact() and exact_set()), whose results
carry the fraction and the decimal that the engine does not give.

Run files (TREC, CSV) are read by evaluate_files; this module reads only
what is already in memory: lists, numpy arrays, a pandas DataFrame, a
dict of columns.

The measures of diversity read subtopic judgments: a label per row that is
a row of grades, one per subtopic of the user, judged rows by item name,
and the subtopics' weights; evaluate hands them to _divers.evaluate_subtopics,
which computes each user's list with the library (rm_div_value_exact) and
makes each mean as eval does.
"""

import collections
import collections.abc
import ctypes
import numbers
import operator
from typing import Any, Dict, Iterable, List, Mapping, Optional, Union

from . import (RankmetricsError, Query, _variant, _split_aggregator,
               exact_set, _once, _L, _label, _doubles)
from . import exact as _exact
from ._results import Results
from ._lib import sigint_guarded, check_interrupt
from . import _files

try:
    import numpy as _np
except ImportError:
    _np = None  # type: ignore[assignment]


class Evaluation:
    """The result of evaluate().

    measures   the metrics, as given (a name given twice, once)
    users      the users (queries), in the order of their first row
    names      the measures with a value per user (not those of a whole
               set only), the columns of to_frame()
    per_query  {user: Results {measure: value}} (an Exact under
               exact=True); the canonical name of each measure's
               per-query variant in per_query[user].canonical
    aggregate  Results {measure: value}, a measure aggregated with
               aggregator unless it names its own (micro:recall@10)
    canonical  {measure: canonical name of what aggregate holds}, as
               aggregate.canonical (ap: mean:ap@inf[...])

    Results are dicts keyed by the names given; a canonical name is
    found too (aggregate[rankmetrics.name("mean:ap")]).
    variants   {metric as given: its aggregated canonical variant}, as
               canonical (nDCG@10 and ndcg@10 differ)
    """

    def __init__(self, users: List[Any], measures: List[str],
                 names: List[str], per_query: Dict[Any, Results],
                 aggregate: Results) -> None:
        self.users, self.measures, self.names = users, measures, names
        self.per_query, self.aggregate = per_query, aggregate
        self.canonical = aggregate.canonical
        self.variants = dict(self.canonical)

    def to_frame(self) -> Any:
        """The per-query values as a pandas DataFrame, a row a user."""
        import pandas as pd
        rows = [[float(self.per_query[u][n]) for n in self.names]
                for u in self.users]
        return pd.DataFrame(rows, index=pd.Index(self.users, name="user"),
                            columns=self.names)

    def __repr__(self) -> str:
        agg = ", ".join("%s=%r" % (k, float(v))
                        for k, v in list(self.aggregate.items())[:8])
        more = len(self.aggregate) - 8
        return "Evaluation(%d users; %s%s)" % (
            len(self.users), agg, ", ... (%d more)" % more if more > 0 else "")


def _column(data, key, given, default):
    """The column named key (given by the caller: it must exist), or, when
    key is None, the column named default, or else the one column that
    differs from default only in case or surrounding spaces (Score): the
    rule of `rankmetrics eval` (the book's ev_column)."""
    if given is not None:
        return given
    if data is None:
        return None
    try:
        cols = list(data.columns)  # pandas
    except AttributeError:
        cols = list(data.keys())
    if key is not None:
        if key not in cols:
            raise RankmetricsError(-1, "evaluate: %s=%r names no column; the"
                                   " columns are %s" % (default, key,
                                                        ", ".join(map(repr, cols))))
    elif default in cols:
        key = default
    else:
        loose = [c for c in cols if isinstance(c, str)
                 and c.strip(" ").lower() == default]
        if len(loose) > 1:
            raise RankmetricsError(-1, "evaluate: no column %r, and %d that"
                                   " differ from it only in case or spaces (%s):"
                                   " name one with %s=" % (
                                       default, len(loose),
                                       ", ".join(map(repr, loose)), default))
        if not loose:
            return None
        key = loose[0]
    col = data[key]
    return col.to_numpy() if hasattr(col, "to_numpy") else col


def _missing(x):
    """Whether a cell is missing data: None, NaN, pandas' NA or NaT.  A
    missing user cannot be grouped (NaN equals nothing, so each NaN would be
    a query of its own, cut out of the user it belongs to), and a missing
    item is no identifier (str(None) would be the item 'None')."""
    if x is None:
        return True
    try:
        return bool(x != x)  # NaN, NaT
    except (TypeError, ValueError):
        return True  # pandas' NA, whose truth is ambiguous


def _kind(u):
    """What a user is, beyond its value: users (and judged keys) that are
    equal but of different kinds are refused, since a dict would merge them
    (1, 1.0 and True are one key) while 1 and "1" stay apart.  A numpy
    number is of its Python kind (numpy.int64(1) is the int 1)."""
    if isinstance(u, bool) or _np is not None and isinstance(u, _np.bool_):
        return "bool"
    if isinstance(u, numbers.Integral):
        return "int"
    if isinstance(u, numbers.Real):
        return "real"
    return type(u).__name__


def _groups(users):
    """Row indices of each user, users in the order of their first row,
    rows in input order."""
    g = collections.OrderedDict()
    first = {}
    for i, u in enumerate(users.tolist() if hasattr(users, "tolist")
                          else users):
        if _missing(u):
            raise RankmetricsError(-1, "evaluate: row %d: the user is missing"
                                   " (%r)" % (i, u))
        rows = g.setdefault(u, [])
        if rows and _kind(u) != first[u][1]:
            raise RankmetricsError(-1, "evaluate: row %d: the user %r (%s)"
                                   " equals the user %r (%s) of row %d, and"
                                   " would be merged with it: give users of"
                                   " one kind" % (i, u, _kind(u), first[u][0],
                                                  first[u][1], rows[0]))
        if not rows:
            first[u] = (u, _kind(u))
        rows.append(i)
    return g


def _judged(judged: Optional[Mapping[Any, Any]],
            groups: Mapping[Any, Any]) -> Mapping[Any, Any]:
    """The judgments of each user; a key that matches no user (the str "1"
    for the int user 1), or only a user of another kind, is refused: its
    judgments were dropped, and recall and AP came out too high."""
    if judged is None:
        return {}
    if not isinstance(judged, collections.abc.Mapping):
        raise TypeError("evaluate: judged maps a user to the grades of its"
                        " judged items not retrieved, not %s"
                        % type(judged).__name__)
    users = {u: u for u in groups}
    for k in judged:
        if k not in users:
            raise RankmetricsError(-1, "evaluate: judged=: the key %r (a %s)"
                                   " matches no user; the users are %s"
                                   % (k, type(k).__name__,
                                      _some(list(groups))))
        if _kind(k) != _kind(users[k]):
            raise RankmetricsError(-1, "evaluate: judged=: the key %r (%s)"
                                   " equals the user %r (%s) but is not of"
                                   " its kind: give the key as the user is"
                                   % (k, _kind(k), users[k],
                                      _kind(users[k])))
    return judged


def _some(xs):
    s = ", ".join(map(repr, xs[:5]))
    return s + (", ... (%d in all)" % len(xs) if len(xs) > 5 else "")


def _take(col, idx):
    if col is None:
        return None
    if _np is not None and isinstance(col, _np.ndarray):
        return col[idx]
    return [col[i] for i in idx]


@sigint_guarded
def evaluate(metrics: Union[str, Iterable[str]], data: Any = None, *,
             users: Any = None, items: Any = None, labels: Any = None,
             scores: Any = None, user: Optional[str] = None,
             item: Optional[str] = None, label: Optional[str] = None,
             score: Optional[str] = None,
             judged: Optional[Mapping[Any, Any]] = None,
             aggregator: str = "mean", fast: bool = False,
             exact: bool = False, weights: Any = None) -> Evaluation:
    """Evaluate variants over rows grouped by user, with the engine of
    `rankmetrics eval` (the library's rm_eval_columns).

    metrics     variant names: a name of one query (ap, ndcg@10[gain=exp2])
                is computed for every user and aggregated with aggregator
                (mean, or e.g. mean[skip=norel]; under mean, rmse is the
                pooled micro:rmse, as in eval); a name with its own
                aggregator (micro:recall@10, mean:rmse) is aggregated as
                it says
    data        a pandas DataFrame or a dict of columns, read by the column
                names user, item, label, score (item and score optional);
                or give the columns as users=, items=, labels=, scores=
    user, item, label, score
                other names of the columns of data; a name given must be
                a column (RankmetricsError otherwise); a default name also
                matches the one column that differs only in case (Score)
    judged      {user: [grades]} of judged items that were not retrieved;
                each key must be a user, of the user's kind
    weights     the subtopics' weights of the measures of diversity, read
                under weights=given: one list for every user, or {user:
                list}

    Subtopic judgments: when the metrics are measures of diversity
    (alpha-ndcg@20, err-ia, strec, ...: all of them, since the two kinds
    read a label differently), each row's label is a row of grades, one
    per subtopic of its user (a TREC Web diversity qrels file's lines of
    one document), and judged maps a user to the rows of its judged items
    not retrieved, as a list or as {item: row} (named, so that the greedy
    ideal breaks its ties by name as eval does).  The values are those of
    `rankmetrics eval` on the same judgments and run (rm_div_value_exact,
    or rm_div_value under fast), each mean as eval makes it; the
    aggregator is the mean, and exact=True is refused (div_exact gives a
    user's Exact).
    fast        False (the default): every value the correctly rounded
                double of the exact path, the values of `rankmetrics eval`
                on the same rows; True: every value on the double path,
                the values of `rankmetrics eval --fast`
    exact       the values are Exact objects (fraction, decimal, ...),
                computed by the library's exact path, list by list

    Returns an Evaluation whose per_query and aggregate are keyed by the
    metrics as given (ev.aggregate["ap"] is the mean AP), each with the
    canonical names of its keys (ev.aggregate.canonical["ap"]).

    The rows are read as `rankmetrics eval` reads the rows of a CSV file:
    a label is a whole grade, a rating read exactly (a float as the double
    it is, a str or Decimal as the decimal it spells, a Fraction as
    itself) or a negative whole number read as 0; an item repeated for one
    user is an error; a score must be finite.  Refused (RankmetricsError,
    a ValueError, or TypeError), as what cannot be read faithfully: a
    judged key that matches no user ("1" for the user 1: its judgments
    were dropped); users equal but of different kinds (1, 1.0 and True
    were merged into one user, while 1 and "1" stay two), and a judged key
    of another kind than its user; a masked array with some entry masked
    (its mask was ignored); a missing user, item or label.  A column or
    metrics given as a generator is read once.  Ctrl-C raises
    KeyboardInterrupt and nothing is returned.

    A user's rows are its list in input order; higher scores rank first,
    and without scores the input order is the ranking.  Items are the
    identifiers of the tie rules id-asc and id-desc.
    """
    if isinstance(metrics, str):
        metrics = [metrics]
    metrics = _once(metrics, "metrics")
    for m in metrics:
        if not isinstance(m, str):
            raise TypeError("evaluate: metrics holds %r, not a variant name"
                            " (a str)" % (m,))
    for what, x in (("user", user), ("item", item), ("label", label),
                    ("score", score)):
        if x is not None and not isinstance(x, str):
            raise TypeError("evaluate: %s= is a column name (a str), not %r"
                            % (what, x))
    if not isinstance(aggregator, str):
        raise TypeError("evaluate: aggregator is a name (mean,"
                        " mean[skip=norel]), not %r" % (aggregator,))
    for what, flag in (("exact", exact), ("fast", fast)):
        if not isinstance(flag, bool):
            raise TypeError("evaluate: %s is True or False, not %r"
                            % (what, flag))
    users, items, labels, scores = _pick(data, (users, items, labels, scores),
                                         (user, item, label, score))
    n = len(users)
    given = list(dict.fromkeys(metrics))  # the names as given, once
    inner, outer = [], []  # per-query names, aggregated names
    for m in given:
        v = _variant(m)
        agg, rest = _split_aggregator(v.name)
        if agg:
            inner.append(rest)
            outer.append(v.name)
        elif v.reads_set:  # a metric of a whole set: no per-query value
            inner.append(None)
            outer.append(v.name)
        else:
            inner.append(v.name)
            agg = aggregator
            if agg == "mean" and v.name.startswith("rmse"):
                agg = "micro"  # eval's pooled RMSE
            try:
                outer.append(_variant(agg + ":" + v.name).name)
            except RankmetricsError as e:
                raise RankmetricsError(e.status, "evaluate: aggregator=%r: %s"
                                       % (aggregator, e.message),
                                       e.variant) from None
    if n == 0:  # as `rankmetrics eval` refuses a file of no rows
        raise RankmetricsError(-1, "evaluate: no rows")
    cols = (users, items, labels, scores)
    if _subtopic_measures(given, inner, weights):
        from ._divers import evaluate_subtopics
        return evaluate_subtopics(given, inner, outer, cols, judged, weights,
                                  fast, exact, aggregator)
    if exact:
        return _evaluate_exact(given, inner, outer, cols, judged)
    return _evaluate_engine(given, inner, outer, cols, judged, fast,
                            (user, item, label, score))


def _subtopic_measures(given, inner, weights):
    """Whether the metrics are measures of diversity, whose labels are rows
    of subtopic grades; a measure of each kind together is refused, as
    eval refuses it, since the labels cannot be read both ways."""
    from . import _DIVERSITY
    div = [i is not None and i.split("[")[0].split("@")[0] in _DIVERSITY
           for i in inner]
    if any(div) and not all(div):
        raise RankmetricsError(-1, "evaluate: %s is a measure of diversity"
                               " and %s is not: the one reads a row of"
                               " subtopic grades per label, the other a"
                               " grade; evaluate them apart" % (
                                   given[div.index(True)],
                                   given[div.index(False)]))
    if weights is not None and not any(div):
        raise RankmetricsError(-1, "evaluate: weights= are the subtopics'"
                               " weights of the measures of diversity")
    return any(div)


def _pick(data, columns, names, what="evaluate"):
    """The columns (users, items, labels, scores) given, or found in data by
    their names, each a list that can be read twice, of one length."""
    users, labels, items, scores = [
        _column(data, k, c, d) for c, k, d in
        ((columns[0], names[0], "user"), (columns[2], names[2], "label"),
         (columns[1], names[1], "item"), (columns[3], names[3], "score"))]
    if users is None or labels is None:
        raise RankmetricsError(-1, "%s needs the user and label columns"
                               % what)
    # users="abc" were the three users a, b and c; a generator is read
    # once here; a masked column is refused
    users, labels, items, scores = [
        _once(c, "the column of " + w) for c, w in
        ((users, "users"), (labels, "labels"), (items, "items"),
         (scores, "scores"))]
    n = len(users)
    for col, w in ((labels, "labels"), (items, "items"), (scores, "scores")):
        if col is not None and len(col) != n:
            raise RankmetricsError(-1, "%d %s for %d users" % (len(col), w, n))
    return users, items, labels, scores


def _listed(x):
    return x.tolist() if hasattr(x, "tolist") else list(x)


def _user_names(users):
    """The users in the order of their first row, and the name of each for
    the engine: its str, or, when two users would have one str (1 and
    "1"), or a str cannot be a name (empty, a NUL), its number in that
    order."""
    kinds = set(map(type, users))
    if kinds <= {str} or kinds <= {int}:
        first = list(dict.fromkeys(users))  # no two kinds, none missing
    else:
        first = list(_groups(users))  # refuses a missing user, two kinds
    names = first if kinds <= {str} else [str(u) for u in first]
    if len(set(names)) != len(first) or any(
            not u or "\0" in u for u in names):
        names = [str(k) for k in range(len(first))]
    return first, names


def _blob(strs, n, what):
    """n strings end to end, each with its NUL, as the engine's columns
    hold them."""
    b = ("\0".join(strs) + "\0").encode("utf-8", "surrogatepass")
    if b.count(b"\0") != n:
        for i, x in enumerate(strs):
            if "\0" in x:
                raise RankmetricsError(-1, "evaluate: row %d: the %s %r holds"
                                       " a NUL character" % (i, what, x))
    return b


def _item_strs(items):
    kinds = set(map(type, items))
    if not kinds <= {str, int}:
        for i, x in enumerate(items):
            check_interrupt()
            if _missing(x):
                raise RankmetricsError(-1, "evaluate: row %d: the item is"
                                       " missing (%r)" % (i, x))
    if kinds <= {str}:
        return items
    if kinds <= {int}:  # ids repeat: each one's digits made once
        digits = {x: str(x) for x in dict.fromkeys(items)}
        return list(map(digits.__getitem__, items))
    return [str(x) for x in items]


def _label_strs(labels):
    """Each label as the engine reads it: a whole number as its digits, a
    rating exactly (_label: a float as the double it is)."""
    kinds = set(map(type, labels))
    if kinds <= {int}:
        return list(map(str, labels))
    out = []
    for i, x in enumerate(labels):
        if isinstance(x, (bool, bytes)) or x is None or (
                isinstance(x, numbers.Real) and x != x):
            raise RankmetricsError(-2, "evaluate: row %d: the label %r is not"
                                   " a grade or a rating" % (i, x))
        if isinstance(x, numbers.Integral):
            out.append(str(int(x)))
        elif isinstance(x, float) and x.is_integer():
            out.append(str(int(x)))
        else:
            try:
                out.append(_label(x).decode())
            except RankmetricsError as e:
                raise RankmetricsError(-2, "evaluate: row %d: the label %r is"
                                       " not a grade or a rating%s"
                                       % (i, x, e.message and ": " + e.message
                                          or "")) from None
    return out


def _grade_column(labels):
    """The labels as a numpy array of C ints when they are all whole grades
    0..100 (an array of whole numbers, or a list of ints), which the
    engine takes without reading digits; else None, and they go as
    strings."""
    if _np is None:
        return None
    if isinstance(labels, _np.ndarray):
        if labels.dtype.kind not in "iu":
            return None
        a = labels
    else:
        if not set(map(type, labels)) <= {int}:
            return None
        try:
            a = _np.fromiter(labels, dtype=_np.int64, count=len(labels))
        except OverflowError:
            return None
    if a.size == 0 or int(a.min()) < 0 or int(a.max()) > 100:
        return None
    return _np.ascontiguousarray(a, dtype=_np.intc)


def _judged_columns(judged, first, name_of):
    """The users and grades of the judged items that no row retrieved, for
    the engine; the keys are checked against the users (_judged)."""
    js = _judged(judged, collections.OrderedDict((u, None) for u in first))
    ju, jg = [], []
    for k, gs in js.items():
        gs = _once(gs, "judged[%r]" % (k,), ordered=False)
        for g in _listed(gs):
            try:
                jg.append(operator.index(g))
            except TypeError:
                raise TypeError("evaluate: judged[%r] holds %r, not a whole"
                                " grade" % (k, g)) from None
            ju.append(name_of[k])
    return ju, jg


def _rows(cols, judged, keep):
    """The engine's rm_columns of the rows, the users in the order of their
    first row, and {name of a user for the engine: the user}; keep holds
    what the columns point into."""
    users, items, labels, scores = cols
    ulist = _listed(users)
    n = len(ulist)
    first, names = _user_names(ulist)
    name_of = dict(zip(first, names))
    user_of = dict(zip(names, first))
    if names is first:
        ub = _blob(ulist, n, "user")
    else:
        ub = _blob(list(map(name_of.__getitem__, ulist)), n, "user")
    check_interrupt()
    ib = None if items is None else _blob(_item_strs(_listed(items)), n,
                                          "item")
    c = _files._Columns(n=n, user=ub, item=ib, name=b"rows")
    ga = _grade_column(labels)
    if ga is not None:
        c.grade = ga.ctypes.data_as(ctypes.POINTER(ctypes.c_int))
        keep.append(ga)
    else:
        c.label = _blob(_label_strs(_listed(labels)), n, "label")
    check_interrupt()
    if scores is not None:
        _m, sp, sa = _doubles(scores)
        c.score = sp
        keep.append(sa)
    if judged is not None:
        ju, jg = _judged_columns(judged, first, name_of)
        if ju:
            ga = (ctypes.c_int * len(jg))(*jg)
            keep.append(ga)
            c.n_judged = len(ju)
            c.judged_user = _blob(ju, len(ju), "judged user")
            c.judged_grade = ctypes.cast(ga, ctypes.POINTER(ctypes.c_int))
    return c, first, user_of


def _evaluate_engine(given, inner, outer, cols, judged, fast, colnames):
    keep: List[Any] = []
    c, first, user_of = _rows(cols, judged, keep)
    names = list(user_of)
    measures = list(dict.fromkeys(outer))  # ap and ap@inf: computed once
    o = _files._options(measures, per_query=True, fast=fast,
                        columns=colnames)
    agg: Dict[str, Any] = {}
    per: Dict[str, Dict[str, float]] = {m: {} for m in measures}

    def take(k, query, x, _undefined, _skipped):
        if query is None:
            agg[measures[k]] = x
        else:
            per[measures[k]][query.decode("utf-8", "surrogatepass")] = x

    try:
        _files._engine(lambda e, fn, _p: _L.rm_eval_columns(
            e, ctypes.byref(o), ctypes.byref(c), fn, None), take)
    except RankmetricsError as e:
        if "appears twice" in e.message:  # the tool's words for a repeat
            raise RankmetricsError(e.status, "evaluate: an item repeated for"
                                   " one user: %s" % e.message) from None
        raise
    byname = {q: {} for q in names}  # type: Dict[str, Dict[str, float]]
    for m, vals in per.items():
        for q, x in vals.items():
            byname[q][m] = x
    per_query = {}
    for q in names:
        got = byname[q]
        per_query[user_of[q]] = Results(
            [(g, got[o_]) for g, i, o_ in zip(given, inner, outer)
             if i is not None],
            {g: i for g, i in zip(given, inner) if i is not None})
    aggregate = Results([(g, agg[o_]) for g, o_ in zip(given, outer)],
                        dict(zip(given, outer)))
    return Evaluation(first, given,
                      [m for m, i in zip(given, inner) if i is not None],
                      per_query, aggregate)


def _evaluate_exact(given, inner, outer, cols, judged):
    """exact=True: each user's list on the library's exact path, whose
    Exact results the engine does not give."""
    users, items, labels, scores = cols
    groups = _groups(users)
    judgments = _judged(judged, groups)
    queries = []
    for u, idx in groups.items():
        check_interrupt()
        ids = _take(items, idx)
        if ids is not None:
            ids = ids.tolist() if hasattr(ids, "tolist") else ids
            for i, x in zip(idx, ids):
                if _missing(x):
                    raise RankmetricsError(-1, "evaluate: row %d: the item is"
                                           " missing (%r)" % (i, x))
            ids = [str(x) for x in ids]
            if len(set(ids)) != len(ids):
                dup = [x for x, c in collections.Counter(ids).items()
                       if c > 1][0]
                raise RankmetricsError(-1, "item %r repeated for user %r"
                                       % (dup, u))
        queries.append(Query(_take(labels, idx), _take(scores, idx), ids,
                             judgments.get(u)))
    names = [x for x in dict.fromkeys(inner) if x is not None]
    per_query = {}
    vals: List[Any]
    for u, q in zip(groups, queries):
        try:
            vals = [_exact(x, *q[:5]) for x in names]  # not the weight
        except RankmetricsError as e:
            raise RankmetricsError(e.status, "user %r: %s" % (u, e.message),
                                   e.variant) from None
        got = dict(zip(names, vals))
        per_query[u] = Results([(m, got[i]) for m, i in zip(given, inner)
                                if i is not None],
                               {m: i for m, i in zip(given, inner)
                                if i is not None})
    done: Dict[str, Any] = {}  # by canonical name: ap and ap@inf once
    for o in outer:
        if o not in done:
            done[o] = exact_set(o, queries)
    aggregate = Results([(m, done[o]) for m, o in zip(given, outer)],
                        dict(zip(given, outer)))
    return Evaluation(list(groups), given,
                      [m for m, i in zip(given, inner) if i is not None],
                      per_query, aggregate)
