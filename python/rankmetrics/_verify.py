"""rankmetrics.verify: a candidate's results judged against the golden
vectors, by the library's verification engine (rm_verifier), the same one
that `rankmetrics verify` calls.

Results are given as lines of the tool's candidate format (``rr:12 0.5``,
``ap:3 invalid``), as the text of such a file, or as (name, value) pairs
or a mapping from names to values, where a value is a number or one of the
words "invalid" and "error".  A paired test of the family significance
takes p and, optionally, the statistic: ``significance:1 0.245 1.44``, or
the value (p, statistic).  The answer is a Verification: its verdicts
(one per result given, in the order of the vectors' files), its groups (the
counts per variant) and the totals.
"""

import collections
import decimal
import math
import numbers
import collections.abc
import ctypes
import os

from typing import Any, List, Optional

from . import _lib

WORDS = ("exact", "within", "wrong")
_GIVEN = {1: "number", 2: "invalid", 3: "error"}

Verdict = collections.namedtuple(
    "Verdict", "name family tcid variant verdict expected observed given "
               "ulps invalid undefined error input file line p_verdict "
               "statistic_expected statistic_observed statistic_verdict",
    defaults=(None, None, None, None))
Verdict.__doc__ = """One result judged.  verdict is "exact", "within" or
"wrong"; expected is the correctly rounded double of a valid test (None for
an invalid one, whose error names the status that refuses it); observed is
the candidate's number (None when it gave "invalid" or "error", which given
says); ulps is their distance, when both are numbers; input holds the
test's grades, scores, ids and judged as the vectors' file writes them.
For the family significance (a paired test's p and statistic), expected
and observed are p, input holds the columns a and b, p_verdict is the
verdict on p alone, statistic_expected the vector's statistic, and
statistic_observed and statistic_verdict the candidate's statistic, when
it gave one, and the verdict on it; verdict is the worse of the two."""

Group = collections.namedtuple(
    "Group", "family variant exact within wrong own alternatives tie_free",
    defaults=(None,))
Group.__doc__ = """The counts of one variant.  When some result is wrong
(and verify was asked to explain), own says how many of the results the
variant itself explains, and alternatives lists the variants that explain
at least one, best first: the variant the candidate computes, most
likely, is alternatives[0] when it explains more than own does.  When
none of them explains every result, tie_free names, with ties=*, the
first that does but for the order of tied items (a sort that is not
stable), as the tool's report does; else it is None."""

Explanation = collections.namedtuple(
    "Explanation", "variant explains given max_ulps sum_ulps changes")
Explanation.__doc__ = """A variant that explains `explains` of the `given`
results, each within max_ulps (their sum sum_ulps), by changing `changes`
keys of the tested variant."""


def _short(x, depth=0):
    """repr(x), but a list of more than two items as its first and a
    count, and a str of more than 80 characters cut: a Group's
    alternatives ran to hundreds of Explanations, its repr to 100 KB."""
    if isinstance(x, list) and len(x) > 2:
        return "[%s, ... (%d in all)]" % (_short(x[0], depth + 1), len(x))
    if isinstance(x, str) and len(x) > 80:
        return repr(x[:60]) + "...(%d characters)" % len(x)
    if isinstance(x, tuple) and depth < 2:
        inner = ", ".join(_short(y, depth + 1) for y in x)
        if hasattr(x, "_fields"):
            return "%s(%s)" % (type(x).__name__, ", ".join(
                "%s=%s" % (f, _short(y, depth + 1))
                for f, y in zip(x._fields, x)))
        return "(%s%s)" % (inner, "," if len(x) == 1 else "")
    return repr(x)


Group.__repr__ = _short  # type: ignore[assignment,method-assign]
Verdict.__repr__ = _short  # type: ignore[assignment,method-assign]


class _Listing(list):
    """A list that may also be called, returning itself: Verification.wrong
    was a method, and is a property now, as passed is; wrong() still
    works."""

    def __call__(self):
        return self


class Verification:
    """The verdicts, per result and per variant, of one verify() call.

    verdicts   the Verdicts, one a result given (iter() and len() too)
    groups     the Groups, one a variant, in the order of the families
    counts     Counter of the words exact, within and wrong
    passed     True when no result is wrong
    wrong      the Verdicts that are wrong
    not_given  the number of tests with no result given
    All are attributes or properties; none is called."""

    def __init__(self, verdicts, groups, not_given):
        self.verdicts = verdicts
        self.groups = groups
        self.not_given = not_given
        self.counts = collections.Counter(v.verdict for v in verdicts)
        self.passed = self.counts["wrong"] == 0

    def __iter__(self):
        return iter(self.verdicts)

    def __len__(self):
        return len(self.verdicts)

    @property
    def wrong(self):
        """The verdicts that are wrong (a property, as passed is; the old
        call wrong() gives the same list)."""
        return _Listing(v for v in self.verdicts if v.verdict == "wrong")

    def __repr__(self):
        return ("<Verification %s: %d exact, %d within, %d wrong; %d not "
                "given>" % ("PASS" if self.passed else "FAIL",
                            self.counts["exact"], self.counts["within"],
                            self.counts["wrong"], self.not_given))


def vectors_dir() -> str:
    """Where the golden vectors are: $RANKMETRICS_VECTORS, the package's
    own vectors/ (a pip install puts them there), the clone's vectors/, or
    PREFIX/share/rankmetrics/vectors of an installation."""
    env = os.environ.get("RANKMETRICS_VECTORS")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    prefix = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.dirname(here))))
    for d in (os.path.join(here, "vectors"), os.path.join(root, "vectors"),
              os.path.join(prefix, "share", "rankmetrics", "vectors")):
        if os.path.isdir(d):
            return d
    return os.path.join(root, "vectors")


def _lines(results):
    """(line text, file, line number) for each result, or (name, value)."""
    if isinstance(results, os.PathLike):
        with open(results, "rb") as f:
            data = f.read()
        name = os.fspath(results)
        return [(l, name, i + 1) for i, l in enumerate(data.splitlines())]
    if isinstance(results, (str, bytes)):
        data = results.encode() if isinstance(results, str) else results
        return [(l, "(results)", i + 1)
                for i, l in enumerate(data.splitlines())]
    if isinstance(results, collections.abc.Mapping):
        results = results.items()
    out = []
    for i, r in enumerate(results):
        if isinstance(r, (str, bytes)):
            out.append(((r.encode() if isinstance(r, str) else r),
                        "(results)", i + 1))
        else:
            out.append((tuple(r), "(results)", i + 1))
    return out


@_lib.sigint_guarded
def verify(results: Any, vectors: Optional[str] = None,
           ulps: Optional[float] = None, rel: Optional[float] = None,
           explain: bool = True) -> Verification:
    """Judge a candidate's results against the golden vectors.

    results: lines "FAMILY:TCID VALUE", the text of a results file, a path
    (os.PathLike), (name, value) pairs or a mapping name -> value.  ulps:
    the tolerance in units in the last place (default 0: only the
    correctly rounded double is right); rel: a relative tolerance instead
    (not both, as the tool's --ulps and --rel).  Results with no result
    line at all (an empty list, a text of comments) are refused, as the
    tool refuses an empty file: they would pass, judging nothing.
    Every malformed result is collected, and then RankmetricsError
    (RM_EFORMAT) is raised with all of them; a vectors file that cannot be
    read raises its status (RM_EVECTORS, RM_ENOMEM).  With explain (the
    default), each variant with a wrong result is searched for the
    variants that explain the candidate's numbers (Group.alternatives),
    as the tool's report does.  Results given as a generator are read
    once.  Ctrl-C raises KeyboardInterrupt and nothing is returned: each
    call of the library is short (one line read, or one variant's
    alternatives searched, a tenth of a second at most on the vectors),
    and the verifier is freed."""
    from . import RankmetricsError
    L = _lib_handle()
    for t in (ulps, rel):
        # as the tool's --ulps and --rel: NaN failed every result, and an
        # infinite tolerance passed every one, a verification that could
        # not fail
        if t is not None and (isinstance(t, bool) or
                              not isinstance(t, numbers.Real) or
                              not math.isfinite(t) or t < 0):
            raise RankmetricsError(-1, "the tolerance is a finite number"
                                   " >= 0, not %r" % (t,))
    if ulps is not None and rel is not None:
        # rel was used and ulps dropped without a word
        raise RankmetricsError(-1, "give ulps or rel, not both")
    ulps = 0 if ulps is None else ulps
    v = ctypes.c_void_p()
    d = os.fsencode(vectors if vectors is not None else vectors_dir())
    if b"\0" in d:  # C would read the directory's name up to the NUL
        raise RankmetricsError(-1, "vectors=%r: a NUL character in a"
                               " directory's name" % (vectors,))
    s = L.rm_verifier_new(d, ctypes.byref(v))
    if s != 0:
        raise RankmetricsError(s)
    try:
        s = L.rm_verifier_set_tolerance(v, float(ulps), float(rel or 0),
                                        int(rel is not None))
        if s != 0:
            raise RankmetricsError(s, L.rm_verifier_message(v).decode())
        bad = []
        for item, fname, lineno in _lines(results):
            _lib.check_interrupt()
            s = _add(L, v, item, fname.encode(), lineno)
            msg = L.rm_verifier_message(v).decode("utf-8", "replace")
            if s == -10:
                bad.append("%s:%d: %s" % (fname, lineno, msg))
            elif s < 0:
                raise RankmetricsError(s, msg or None)
        if bad:
            raise RankmetricsError(-10, "; ".join(bad))
        if L.rm_verifier_lines(v) == 0:
            raise RankmetricsError(-10, "no results: nothing to verify")
        return _collect(L, v, explain)
    finally:
        L.rm_verifier_free(v)


def _add(L, v, item, fname, lineno):
    if not isinstance(item, bytes):
        # a pair is judged as the line "NAME VALUE" it stands for, by the
        # library's reader of lines, so that it obeys the rules of a results
        # file: Python's int() and float() would take "rr:1_0" for test 10,
        # "rr:+1" and " 1" for test 1, and "rr\0x" for family rr
        name, value = item
        if isinstance(value, tuple) and len(value) == 2:
            # significance: p and the statistic, the line's two numbers
            value = "%s %s" % (_value_text(value[0]), _value_text(value[1]))
        else:
            value = _value_text(value)
        item = ("%s %s" % (name, value)).encode()
    buf = ctypes.create_string_buffer(item, len(item) + 1)
    return L.rm_verifier_add_line(v, buf, len(item), fname, lineno)


def _value_text(value):
    """A value as the text the reader of lines reads."""
    if isinstance(value, bool) or value is None:
        return repr(value)  # refused by the reader, with its words
    if isinstance(value, (str, numbers.Integral, decimal.Decimal)):
        return str(value)  # a decimal, read correctly rounded
    if isinstance(value, numbers.Real) and float(value) == value:
        return repr(float(value))  # a double, read back exactly
    return repr(value)


def _text(b):
    return None if b is None else b.decode("utf-8", "replace")


def _explain(L, v, k):
    from . import RankmetricsError
    own, n, given = _lib.Explanation(), ctypes.c_size_t(), ctypes.c_int()
    s = L.rm_verifier_explain(v, k, ctypes.byref(own), ctypes.byref(n),
                              ctypes.byref(given))
    if s == -5:  # a name this library does not parse: nothing to search
        return None, []

    def conv(e):
        return Explanation(e.name.decode(), e.close, given.value, e.maxd,
                           e.sumd, e.changes)
    if s < 0:
        raise RankmetricsError(s)
    out, e = [], _lib.Explanation()
    for i in range(n.value):
        L.rm_verifier_explanation(v, i, ctypes.byref(e))
        out.append(conv(e))
    return conv(own), out


def _tie_free(L, v, k, own, alts):
    """The first of alts and own that explains every result but for the
    order of tied items, with ties=*, when none explains every result."""
    import re
    if own is None or any(e.explains == e.given for e in alts + [own]):
        return None
    f = L.rm_verifier_tie_free
    f.restype = ctypes.c_int
    f.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p,
                  ctypes.POINTER(ctypes.c_int)]
    count = ctypes.c_int()
    for e in alts + [own]:
        if f(v, k, e.variant.encode(), ctypes.byref(count)) == 0 and \
                count.value == e.given:
            return re.sub(r"ties=[^,\]]*", "ties=*", e.variant, count=1)
    return None


def _collect(L, v, explain=True):
    verdicts, not_given = [], 0
    r = _lib.Verdict()
    for i in range(L.rm_verifier_tests(v)):
        L.rm_verifier_verdict(v, i, ctypes.byref(r))
        if r.verdict == 3:
            not_given += 1
            continue
        fam = _text(r.family)
        number = r.given == 1
        verdicts.append(Verdict(
            name="%s:%d" % (fam, r.tcid), family=fam, tcid=r.tcid,
            variant=_text(r.variant), verdict=WORDS[r.verdict],
            expected=None if r.invalid else r.expected,
            observed=r.observed if number else None,
            given=_GIVEN[r.given],
            ulps=r.ulps if number and not r.invalid else None,
            invalid=bool(r.invalid), undefined=bool(r.undefined),
            error=_text(r.error), input=tuple(_text(x) for x in r.input),
            file=_text(r.file), line=r.line,
            p_verdict=WORDS[r.value_verdict] if r.value_verdict < 3 else None,
            statistic_expected=(r.stat_expected if fam == "significance"
                                and not r.invalid else None),
            statistic_observed=r.stat_observed if r.stat_given else None,
            statistic_verdict=(WORDS[r.stat_verdict] if r.stat_given
                               else None)))
    groups = []
    g = _lib.VerifyGroup()
    for k in range(L.rm_verifier_groups(v)):
        _lib.check_interrupt()
        L.rm_verifier_group(v, k, ctypes.byref(g))
        if g.given:
            own, alts = (_explain(L, v, k) if explain and g.count[2]
                         else (None, []))
            groups.append((g.family_index, Group(
                _text(g.family), _text(g.variant),
                g.count[0], g.count[1], g.count[2], own, alts,
                _tie_free(L, v, k, own, alts))))
    groups.sort(key=lambda x: x[0])  # by family, as the tool's summary
    return Verification(verdicts, [x[1] for x in groups], not_given)


class Matches(list):
    """The answer of matching_variants: a list of the candidates that match
    every input (as before), with one attribute more, nearest: when none
    matches every input, the candidates that match the most, most first,
    as (variant, matches, given) tuples, at most five and each matching at
    least one input; otherwise []."""

    def __init__(self, found, nearest=()):
        super().__init__(found)
        self.nearest = list(nearest)


def matching_variants(observed, inputs, candidates, ulps=4):
    """The candidates whose exact values equal observed on every input
    within ulps ulps.  An input is a dict of exact()'s keyword arguments
    (grades, scores, ids, judged), or a list of queries for a candidate
    that reads a set (mean:rr); observed are the values a program gave on
    them, candidates variant names (say, variants(name)).  A candidate
    that fails on an input does not match.  The answer is a list (a
    Matches); when it is empty, its attribute nearest names the candidates
    that match the most inputs, with their counts, so that a program
    computing no candidate exactly (a tie order of its own, say) is still
    placed.  There must be one observed value an input, and at least one,
    and ulps a finite number >= 0 (else ValueError): unchecked, zip()
    would cut the longer list short, no input would match every candidate,
    and ulps=inf any value.  Each argument of the wrong kind (the values
    and the inputs swapped, say) is a TypeError that names it; candidates
    may be one name."""
    import math
    from . import RankmetricsError, exact, exact_set, _arguments_of_matching
    _arguments_of_matching(observed, inputs, candidates)
    if isinstance(candidates, str):
        candidates = [candidates]
    observed, inputs = list(observed), list(inputs)
    if len(observed) != len(inputs) or not inputs:
        raise ValueError("%d observed values for %d inputs: give one value"
                         " an input, and at least one"
                         % (len(observed), len(inputs)))
    if isinstance(ulps, bool) or not isinstance(ulps, numbers.Real) or \
            not math.isfinite(ulps) or ulps < 0:
        raise ValueError("ulps is a finite number >= 0, not %r" % (ulps,))

    def matches(c, x, inp):
        try:
            want = (exact(c, **inp) if isinstance(inp, dict)
                    else exact_set(c, inp)).value
        except RankmetricsError:
            return False
        return _close(x, want, ulps)
    candidates = list(candidates)
    out = [c for c in candidates
           if all(matches(c, x, inp) for x, inp in zip(observed, inputs))]
    if out:
        return Matches(out)
    counts = [(sum(matches(c, x, inp) for x, inp in zip(observed, inputs)),
               -i, c) for i, c in enumerate(candidates)]
    counts.sort(reverse=True)
    return Matches([], [(c, n, len(inputs)) for n, _, c in counts[:5] if n])


def _close(x, y, ulps):
    import math
    if x == y:
        return True
    if math.isnan(x) or math.isnan(y):
        return False
    return abs(x - y) <= ulps * math.ulp(max(abs(x), abs(y)))


def families() -> List[str]:
    """The stems of the families of golden vectors, in the library's order."""
    L = _lib_handle()
    out: List[str] = []
    k = 0
    while True:
        s = L.rm_vector_family(k)
        if s is None:
            return out
        out.append(s.decode())
        k += 1


def _lib_handle():
    from . import _L
    return _L
