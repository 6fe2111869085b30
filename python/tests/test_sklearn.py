"""Property tests with hypothesis: scikit-learn against the named variants
it computes (the book's section "What scikit-learn computes"), on random
rankings with ties, graded and binary labels; then the same kind of test
run on three deliberately wrong implementations, which it must catch, and
the variant each wrong one computes, found among the variants of the
metric by the oracle itself."""

import math

import pytest

hypothesis = pytest.importorskip("hypothesis")
sklearn_metrics = pytest.importorskip("sklearn.metrics")
np = pytest.importorskip("numpy")

from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import rankmetrics as rm  # noqa: E402
from rankmetrics.strategies import (cutoffs, lists, query_sets,  # noqa: E402
                                    random_lists)

ULPS = 4  # scikit-learn sums in floating point; the oracle rounds once
# ndcg_score averages tied gains and sums discounts over each tie; on random
# lists with many ties it strays up to 6 ulps (the vectors show at most 4).
NDCG_ULPS = 8
EXAMPLES = 1000


def close(x, y, ulps=ULPS):
    return x == y or abs(x - y) <= ulps * math.ulp(max(abs(x), abs(y)))


def scores_of(inp):
    """The scores, or scores decreasing with the input order."""
    n = len(inp["grades"])
    return np.asarray(inp["scores"] if inp["scores"] is not None
                      else range(n, 0, -1), dtype=float)


# ---- scikit-learn is the variant the book names ---------------------------

@settings(max_examples=EXAMPLES)
@given(lists(max_size=12, judged=False))
def test_roc_auc_score_is_auc_ties_average(inp):
    y = [int(g >= 1) for g in inp["grades"]]
    assume(0 < sum(y) < len(y))  # scikit-learn raises on one class
    got = sklearn_metrics.roc_auc_score(y, scores_of(inp))
    want = rm.exact("auc[ties=average]", inp["grades"], scores_of(inp))
    assert close(got, want.value), (got, want)


@settings(max_examples=EXAMPLES)
@given(lists(max_size=12, judged=False))
def test_average_precision_score_is_apstep(inp):
    y = [int(g >= 1) for g in inp["grades"]]
    assume(sum(y) > 0)  # no positive: scikit-learn warns and gives -0
    got = sklearn_metrics.average_precision_score(y, scores_of(inp))
    want = rm.exact("apstep", inp["grades"], scores_of(inp))
    assert close(got, want.value), (got, want)


@settings(max_examples=EXAMPLES)
@given(lists(max_size=12, judged=False, min_size=2),
       st.one_of(st.none(), cutoffs(15)))
def test_ndcg_score_is_ndcg_ideal_list_ties_average(inp, k):
    got = sklearn_metrics.ndcg_score([inp["grades"]], [scores_of(inp)], k=k)
    name = "ndcg%s[ideal=list,ties=average]" % ("@%d" % k if k else "")
    want = rm.exact(name, inp["grades"], scores_of(inp))
    assert close(got, want.value, NDCG_ULPS), (got, want)


# ---- Three wrong implementations --------------------------------------------

def ranked(inp):
    """Input positions by decreasing score, ties in input order."""
    n = len(inp["grades"])
    if inp["scores"] is None:
        return list(range(n))
    return sorted(range(n), key=lambda i: -inp["scores"][i])


def ap_by_hits(inp):
    """AP divided by the relevant items retrieved, not by all of them."""
    hits, s = 0, 0.0
    for r, i in enumerate(ranked(inp), 1):
        if inp["grades"][i] >= 1:
            hits += 1
            s += hits / r
    return s / hits if hits else 0.0


def ndcg5_ideal_from_list(inp):
    """nDCG@5 whose ideal is built from the returned list only."""
    g = inp["grades"]
    dcg = sum(g[i] / math.log2(r + 2) for r, i in enumerate(ranked(inp)[:5]))
    ideal = sorted(g, reverse=True)[:5]
    idcg = sum(x / math.log2(r + 2) for r, x in enumerate(ideal))
    return dcg / idcg if idcg > 0 else 0.0


def mrr_summing(queries):
    """MRR whose reciprocal rank sums 1/rank over every relevant item."""
    if not queries:
        return 0.0
    return sum(sum(1 / r for r, i in enumerate(ranked(q), 1)
                   if q["grades"][i] >= 1) for q in queries) / len(queries)


def catch(impl, name, strategy, one_list=True):
    """Run the property `impl equals the oracle's name` and return the
    inputs on which it failed, the last one being hypothesis's shrunk
    falsifying example; the property must fail."""
    failed = []

    @settings(max_examples=EXAMPLES)
    @given(strategy)
    def prop(inp):
        want = (rm.exact(name, **inp) if one_list
                else rm.exact_set(name, inp)).value
        if not close(impl(inp), want):
            failed.append(inp)
            raise AssertionError("%r: got %r, want %r"
                                 % (inp, impl(inp), want))
    with pytest.raises(AssertionError):
        prop()
    return failed


def which_variant(impl, name, failed, more):
    """The variants of name's metric whose exact values are impl's on the
    falsifying examples and on more inputs."""
    inputs = failed[-3:] + more
    observed = [impl(x) for x in inputs]
    return rm.matching_variants(observed, inputs, rm.variants(name))


WRONG = [
    (ap_by_hits, "ap", "ap[norm=hits,rel=1,ties=input,undef=zero]"),
    (ndcg5_ideal_from_list, "ndcg@5",
     "ndcg@5[gain=linear,discount=log2,ideal=list,ties=input,undef=zero]"),
]


@pytest.mark.parametrize("impl, name, computes", WRONG,
                         ids=[w[0].__name__ for w in WRONG])
def test_a_wrong_implementation_is_caught_and_named(impl, name, computes):
    failed = catch(impl, name, lists(max_size=10))
    assert failed
    found = which_variant(impl, name, failed, random_lists(14, 200))
    assert found == [computes]


def test_a_wrong_mrr_is_caught_and_named():
    failed = catch(mrr_summing, "mean:rr", query_sets(4, max_size=8),
                   one_list=False)
    assert failed
    more = [random_lists(100 + i, i % 5) for i in range(100)]
    found = which_variant(mrr_summing, "mean:rr", failed, more)
    assert found == [
        "mean[skip=none,weight=uniform]:rr[hits=sum,rel=1,ties=input,undef=zero]"]
