"""The measures of diversity (the book's chapter "Diversity and
intent-aware measures"): a grade per item and subtopic, through
rm_div_value and rm_div_value_exact."""
import ctypes
from typing import Any, List, Optional

from . import _lib
from . import _L, _variant, _one, _check, _exact_call, RankmetricsError, Exact


def _rows(rows, what, m=None):
    try:
        rows = [list(r) for r in rows]
    except TypeError:
        raise RankmetricsError(-1, "%s: a measure of diversity reads a row of"
                               " grades per item, one per subtopic" % what)
    for r in rows:
        if m is None:
            m = len(r)
        if len(r) != m:
            raise RankmetricsError(-1, "%s: every row has one grade per"
                                   " subtopic (%d, not %d)" % (what, m, len(r)))
    return rows, m


def _inputs(subtopics, scores, ids, judged, judged_ids, weights,
            unjudged=None):
    rows, m = _rows(subtopics, "subtopics")
    urows, m = _rows(judged or [], "judged", m)
    m = m or (len(weights) if weights is not None else 0)  # no rows
    flat = [int(g) for r in rows for g in r]
    uflat = [int(g) for r in urows for g in r]
    best = [max([0] + [min(int(g), 100) for g in r]) for r in rows]
    ubest = [max([0] + [min(int(g), 100) for g in r]) for r in urows]
    lst, keep = _one(best, scores, ids, ubest if urows else None, unjudged)
    s = _lib.Subtopics()
    s.m = m
    ga = (ctypes.c_int * max(len(flat), 1))(*flat)
    ua = (ctypes.c_int * max(len(uflat), 1))(*uflat)
    s.grade = ctypes.cast(ga, _lib.c_int_p)
    s.unretrieved_grade = ctypes.cast(ua, _lib.c_int_p)
    keep += [ga, ua]
    if judged_ids is not None:
        if len(judged_ids) != len(urows):
            raise RankmetricsError(-1, "%d judged_ids for %d judged rows"
                                   % (len(judged_ids), len(urows)))
        ia = (ctypes.c_char_p * max(len(urows), 1))(
            *[str(i).encode() for i in judged_ids])
        s.unretrieved_id = ctypes.cast(ia, _lib.c_char_pp)
        keep.append(ia)
    if weights is not None:
        if len(weights) != m:
            raise RankmetricsError(-1, "%d weights for %d subtopics"
                                   % (len(weights), m))
        wa = (ctypes.c_double * max(m, 1))(*[float(w) for w in weights])
        s.weight = ctypes.cast(wa, _lib.c_double_p)
        keep.append(wa)
    return lst, s, keep


def div_value(variant: str, subtopics: Any, scores: Any = None,
              ids: Any = None, judged: Any = None,
              judged_ids: Optional[List[Any]] = None,
              weights: Any = None, unjudged: Any = None) -> float:
    """A measure of diversity (alpha-ndcg@20, ERR_IA@20, ...) on one list,
    on the double path.  subtopics has a row per retrieved item, a grade per
    subtopic; judged a row per judged item not retrieved, judged_ids their
    names (the greedy ideal breaks ties by name when every item has one);
    weights one per subtopic, read under weights=given; unjudged a marker
    per retrieved item (0 judged, 1 or 2 not), read under drop=unjudged."""
    v = _variant(variant)
    lst, s, keep = _inputs(subtopics, scores, ids, judged, judged_ids, weights,
                           unjudged)
    out = ctypes.c_double()
    _check(_L.rm_div_value(v.buf, ctypes.byref(lst), ctypes.byref(s), None,
                           ctypes.byref(out)), variant)
    return out.value


def div_exact(variant: str, subtopics: Any, scores: Any = None,
              ids: Any = None, judged: Any = None,
              judged_ids: Optional[List[Any]] = None,
              weights: Any = None, unjudged: Any = None) -> Exact:
    """The same on the exact path, as an Exact."""
    v = _variant(variant)
    lst, s, keep = _inputs(subtopics, scores, ids, judged, judged_ids, weights,
                           unjudged)
    return _exact_call(_L.rm_div_value_exact, v, variant, ctypes.byref(lst),
                       ctypes.byref(s))


def _exact_bounds(e):
    """The true value of an Exact as an interval of Fractions: the point of
    its fraction when it is rational, else its 40 digits plus or minus a
    unit of the last, the enclosure that `rankmetrics eval` sums."""
    from decimal import Decimal
    from fractions import Fraction
    if e.fraction is not None:
        return e.fraction, e.fraction
    d = Decimal(e.decimal)
    x, u = Fraction(d), Fraction(10) ** d.as_tuple().exponent
    return x - u, x + u


def _mean(vals, fast, name):
    """The mean of one measure over the users, as eval's means of a measure
    of diversity are made (the book's chapter on subtopic judgments): under
    fast, the correctly rounded mean of the doubles (their exact sum over
    n, rounded once; Python's int division of a Fraction is correctly
    rounded); else from the exact values, the double that every point of
    the enclosure of their mean rounds to, refused when the enclosure
    straddles a rounding boundary, as eval refuses it."""
    from fractions import Fraction
    n = len(vals)
    if fast:
        return float(sum(map(Fraction, vals)) / n)
    lo = hi = Fraction(0)
    for e in vals:
        a, b = _exact_bounds(e)
        lo, hi = lo + a, hi + b
    if float(lo / n) != float(hi / n):
        raise RankmetricsError(-1, "evaluate: %s: the mean of 40-digit values"
                               " lies too near a rounding boundary to be"
                               " decided; evaluate it with fast=True" % name)
    return float(lo / n)


def _user_judged(j):
    """A user's judged items not retrieved: a list of rows (no names) or
    {name: row}; the names let the greedy ideal break its ties by name, as
    eval does with the documents of the judgments."""
    if j is None:
        return None, None
    if isinstance(j, dict):
        return [list(r) for r in j.values()], [str(k) for k in j]
    return [list(r) for r in j], None


def evaluate_subtopics(given, inner, outer, cols, judged, weights, fast,
                       exact, aggregator):
    """evaluate() when its metrics are measures of diversity: each row's
    label is a row of grades, one per subtopic of its user; judged maps a
    user to the rows of its judged items not retrieved ({name: row} or a
    list of rows); weights gives the subtopics' weights, read under
    weights=given: one list for every user, or {user: list}.  Each user's
    list goes to rm_div_value_exact (rm_div_value under fast), the values
    of `rankmetrics eval` on the same judgments and run, and the mean is
    made as eval makes it."""
    import collections.abc
    from ._columns import _groups, _judged, _take, Evaluation
    from ._results import Results
    if exact:
        raise RankmetricsError(-1, "evaluate: exact=True is not given for the"
                               " measures of diversity; their per-user Exact"
                               " values are div_exact's")
    if aggregator != "mean" or any(i is None or o != "mean[skip=none,"
                                   "weight=uniform]:" + i
                                   for i, o in zip(inner, outer)):
        raise RankmetricsError(-1, "evaluate: the measures of diversity are"
                               " aggregated by their mean only, as eval"
                               " aggregates them")
    users, items, labels, scores = cols
    groups = _groups(users)
    judgments = _judged(judged, groups)
    wmap = isinstance(weights, collections.abc.Mapping)
    if wmap:
        _judged(weights, groups)  # every key a user, of its kind
    names = list(dict.fromkeys(inner))
    vals = {x: [] for x in names}
    per_query = {}
    for u, idx in groups.items():
        ids = _take(items, idx)
        if ids is not None:
            ids = [str(x) for x in (ids.tolist() if hasattr(ids, "tolist")
                                    else ids)]
        rows = _take(labels, idx)
        rows = rows.tolist() if hasattr(rows, "tolist") else rows
        jrows, jids = _user_judged(judgments.get(u))
        if jids is not None and ids is not None and set(jids) & set(ids):
            raise RankmetricsError(-1, "evaluate: judged[%r] names %r, which"
                                   " the rows retrieve" % (
                                       u, sorted(set(jids) & set(ids))[0]))
        w = weights.get(u) if wmap else weights
        sc = _take(scores, idx)
        got = {}
        for x in names:
            try:
                got[x] = (div_value if fast else div_exact)(
                    x, rows, sc, ids, jrows, jids, w)
            except RankmetricsError as e:
                raise RankmetricsError(e.status, "evaluate: user %r: %s"
                                       % (u, e.message), e.variant) from None
            vals[x].append(got[x])
        per_query[u] = Results([(g, float(got[i])) for g, i in
                                zip(given, inner)], dict(zip(given, inner)))
    means = {x: _mean(vals[x], fast, x) for x in names}
    aggregate = Results([(g, means[i]) for g, i in zip(given, inner)],
                        dict(zip(given, outer)))
    return Evaluation(list(groups), given, list(given), per_query, aggregate)
