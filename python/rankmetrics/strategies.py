"""Random inputs for property tests: ranked lists with their judgments.

Each input is a dict of the keyword arguments of rankmetrics.value and
rankmetrics.exact: grades, scores, ids, judged.  The lists are hostile:
scores drawn from a few values so that ties are common, graded or binary
labels, judged items that were not retrieved, empty lists, lists with every
item relevant or none, a K beyond the list, and (by default up to three
times the cutoff 10, or the cutoff= given) lists longer than the cutoff.

lists() and query_sets() are hypothesis strategies (hypothesis is needed
only for them); random_list() and random_lists() are a plain seeded
generator for a test suite without hypothesis.
"""

import random

__all__ = ["lists", "query_sets", "cutoffs", "random_list", "random_lists"]

KINDS = ("mixed", "mixed", "mixed", "all-relevant", "no-relevant")


def _make(kind, n, max_grade, draw_grade, draw_score, n_judged, tied,
          with_ids, with_scores, shuffle):
    if kind == "all-relevant":
        grades = [draw_grade(1, max_grade) for _ in range(n)]
    elif kind == "no-relevant":
        grades = [0] * n
    else:
        grades = [draw_grade(0, max_grade) for _ in range(n)]
    scores = None
    if with_scores:
        pool = [i / 4 for i in range(max(1, n // 2 + 1))] if tied else None
        scores = [draw_score(pool) for _ in range(n)]
    ids = None
    if with_ids:  # not in input order, or id-asc could not be told from input
        ids = shuffle(["d%d" % i for i in range(n)])
    lo = 1 if kind == "all-relevant" else 0
    judged = [draw_grade(lo, max_grade) if kind != "no-relevant" else 0
              for _ in range(n_judged)]
    return {"grades": grades, "scores": scores, "ids": ids, "judged": judged}


CUTOFF = 10  # the cutoff most in use: lists are drawn up to 3 times it


def random_list(rng, max_size=None, max_grade=None, ties=True, scores=True,
                judged=True, ids=True, cutoff=CUTOFF):
    """One input drawn with rng (a random.Random).  max_grade None draws
    binary (1) or graded (3) labels for each list.  max_size None draws
    lists of up to 3 * cutoff items, so that two in three are longer than
    the cutoff in use (a cutoff off by one shows only on those)."""
    mg = max_grade if max_grade is not None else rng.choice((1, 3))
    kind = rng.choice(KINDS)
    n = rng.randint(0, 3 * cutoff if max_size is None else max_size)

    def score(pool):
        return rng.choice(pool) if pool else rng.random()

    def shuffle(xs):
        rng.shuffle(xs)
        return xs
    return _make(kind, n, mg, rng.randint, score,
                 rng.randint(0, 3) if judged else 0,
                 ties and rng.random() < 0.7, ids,
                 scores and rng.random() < 0.9, shuffle)


def random_lists(seed, count, **kw):
    """count inputs from a generator seeded with seed; the keywords are
    random_list's (cutoff=K for lists longer than another cutoff K)."""
    rng = random.Random(seed)
    return [random_list(rng, **kw) for _ in range(count)]


try:
    from hypothesis import strategies as _st
except ImportError:  # the plain generator needs no hypothesis
    _st = None  # type: ignore[assignment]


def _need():
    if _st is None:
        raise ImportError("rankmetrics.strategies.lists needs hypothesis; "
                          "use random_list() without it")


def lists(max_size=None, max_grade=None, ties=True, scores=True, judged=True,
          ids=True, min_size=0, cutoff=CUTOFF):
    """A hypothesis strategy of inputs (dicts of grades, scores, ids,
    judged).  max_grade None: binary (1) or graded (3) labels; ties: scores
    drawn from a few values; scores False: the input order is the ranking;
    judged False: no judged items outside the list; max_size None: up to
    3 * cutoff items, longer than the cutoff in use."""
    _need()
    st = _st
    if max_size is None:
        max_size = 3 * cutoff

    @st.composite
    def build(draw):
        mg = max_grade if max_grade is not None else \
            draw(st.sampled_from((1, 3)))
        kind = draw(st.sampled_from(KINDS))
        n = draw(st.integers(min_size, max_size))
        tied = ties and draw(st.booleans())
        with_scores = scores and draw(st.integers(0, 9)) > 0

        def grade(lo, hi):
            return draw(st.integers(lo, hi))

        def score(pool):
            if pool:
                return draw(st.sampled_from(pool))
            return draw(st.floats(-1e6, 1e6, allow_nan=False,
                                  allow_infinity=False))
        def shuffle(xs):
            return draw(st.permutations(xs))
        nj = draw(st.integers(0, 3)) if judged else 0
        return _make(kind, n, mg, grade, score, nj, tied, ids, with_scores,
                     shuffle)
    return build()


def cutoffs(max_cutoff=15):
    """A strategy of cutoffs K, often beyond a short list."""
    _need()
    return _st.integers(1, max_cutoff)


def query_sets(max_queries=5, **kw):
    """A strategy of sets of queries (lists of inputs), for value_set."""
    _need()
    return _st.lists(lists(**kw), min_size=0, max_size=max_queries)
