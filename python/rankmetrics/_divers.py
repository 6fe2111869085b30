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
