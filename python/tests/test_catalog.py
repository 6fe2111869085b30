"""The metrics of issue 30 against formulas written here from the libraries'
definitions: scikit-learn's partial AUC (roc_auc_score with max_fpr) on
random tied lists; ranx's hits and torchmetrics' fallout; and the metrics of
the catalogue (RecBole's and Elliot's Gini, entropy in bits and nats and
RecBole's scaled one, ARP, EPC, novelty, LensKit's ExposureGini, Elliot's
user coverage) over random sets of users, in plain Python with Fractions
where the value is rational."""

import math
import random
from fractions import Fraction

import pytest

sklearn_metrics = pytest.importorskip("sklearn.metrics")
np = pytest.importorskip("numpy")

import rankmetrics as rm  # noqa: E402


def random_list(r, n):
    return [r.choice([0, 0, 1, 2]) for _ in range(n)], [r.randint(0, 5) / 4 for _ in range(n)]


@pytest.mark.parametrize("f", ["0.1", "1/4", "1/3", "0.5", "3/4"])
def test_partial_auc_is_scikit_learn(f):
    r = random.Random(30)
    tried = 0
    for _ in range(120):
        g, s = random_list(r, r.randint(2, 14))
        y = [int(x >= 1) for x in g]
        if 0 < sum(y) < len(y):
            tried += 1
            got = rm.exact("auc[max_fpr=%s,ties=average]" % f, g, s).value
            want = sklearn_metrics.roc_auc_score(y, s, max_fpr=float(Fraction(f)))
            assert abs(got - want) <= 1e-12, (g, s, got, want)
    assert tried > 50


def test_raw_partial_auc_of_a_perfect_ranking_is_f():
    assert rm.exact("auc[max_fpr=1/4,pauc=raw]", [1, 1, 0, 0]).fraction == Fraction(1, 4)
    assert rm.exact("auc[max_fpr=1/4]", [1, 1, 0, 0]).fraction == 1


def test_hits_and_fallout():
    r = random.Random(31)
    for _ in range(100):
        g, s = random_list(r, r.randint(1, 10))
        order = sorted(range(len(g)), key=lambda i: -s[i])  # stable: ties by input
        top = [g[i] for i in order[:3]]
        h = sum(x >= 1 for x in top)
        neg = sum(x < 1 for x in g)
        assert rm.exact("hits@3", g, s).fraction == h
        fo = rm.exact("fallout@3", g, s)
        assert fo.fraction == (Fraction(len(top) - h, neg) if neg else 0)


def users(seed, n=12, items=15):
    r = random.Random(seed)
    out = []
    for _ in range(n):
        ids = r.sample(["i%d" % k for k in range(items)], r.randint(1, 8))
        out.append(([r.choice([0, 1]) for _ in ids], [r.random() for _ in ids], ids))
    return out


def tops(qs, k):
    return [[ids[i] for i in sorted(range(len(ids)), key=lambda i: -s[i])[:k]]
            for g, s, ids in qs]


def test_gini_and_entropy():
    for seed in range(20):
        qs = users(seed)
        t = tops(qs, 3)
        c = {}
        for top in t:
            for i in top:
                c[i] = c.get(i, 0) + 1
        N, T = 20, sum(c.values())
        e = sorted(list(c.values()) + [0] * (N - len(c)))
        G = sum((2 * j - N - 1) * x for j, x in enumerate(e, 1))
        assert rm.exact_set("gini@3[items=20]", qs).fraction == Fraction(G, N * T)
        assert rm.exact_set("gini@3[form=elliot,items=20]", qs).fraction == 1 - Fraction(G, (N - 1) * T)
        H = -sum(x / T * math.log2(x / T) for x in c.values())
        assert math.isclose(rm.exact_set("entropy@3", qs).value, H, rel_tol=1e-14)
        Hs = -sum(x / T * math.log(x / T) for x in c.values()) / len(c)
        assert math.isclose(rm.exact_set("entropy@3[unit=nats,scale=items]", qs).value, Hs,
                            rel_tol=1e-14)


def test_arp_epc_novelty():
    for seed in range(20):
        qs = users(seed)
        t = tops(qs, 3)
        U = len(qs)
        pop = {}
        for g, s, ids in qs:
            for i in set(i for x, i in zip(g, ids) if x >= 1):
                pop[i] = pop.get(i, 0) + 1
        arp = sum(Fraction(sum(pop.get(i, 0) for i in top), len(top)) for top in t) / U
        assert rm.exact_set("arp@3", qs).fraction == arp
        rel = [dict(zip(ids, g)) for g, s, ids in qs]
        counted = [(top, rl) for top, rl in zip(t, rel) if any(v >= 1 for v in rl.values())]
        epc = sum(sum(Fraction(rl[i] >= 1) * (1 - Fraction(pop.get(i, 0), U)) for i in top)
                  / len(top) for top, rl in counted) / len(counted)
        assert rm.exact_set("epc@3", qs).fraction == epc
        nov = rm.exact_set("novelty@3[floor=code]", qs)
        want = sum(sum(-math.log2(max(pop.get(i, 0) / U, 1e-8)) for i in top) / 3
                   for top in t) / U
        assert math.isclose(nov.value, want, rel_tol=1e-13)


def elliot_expected(qs, k, metric, disc, relevance):
    """Elliot's EPC and EFD (novelty/EPC/epc.py, novelty/EFD/efd.py), written
    here as their loops are, with the popularity of the same users' positives:
    per user, sum over the top k of rel * disc(r) * novelty over sum of
    disc(r), disc(r) = 1/log2(r + 2) (Elliot's logarithmic_ranking_discount),
    or 1 without a discount; rel 1 (binary) or 2**(g - 1 + 1) - 1
    (discounted); averaged over the users with a relevant item."""
    pop = {}
    for g, s, ids in qs:
        for i in set(i for x, i in zip(g, ids) if x >= 1):
            pop[i] = pop.get(i, 0) + 1
    U, S = len(qs), sum(pop.values())
    vals = []
    for g, s, ids in qs:
        if not any(x >= 1 for x in g):
            continue
        order = sorted(range(len(ids)), key=lambda i: -s[i])[:k]
        nov = norm = 0.0
        for r, j in enumerate(order):
            d = 1 / math.log2(r + 2) if disc == "log" else 1.0
            rel = 0 if g[j] < 1 else (1 if relevance == "binary" else 2 ** g[j] - 1)
            n = pop.get(ids[j], 0)
            nu = 1 - n / U if metric == "epc" else (-math.log2(n / S) if n else 0.0)
            nov += rel * d * nu
            norm += d
        vals.append(nov / norm)
    return sum(vals) / len(vals)


@pytest.mark.parametrize("metric", ["epc", "efd"])
@pytest.mark.parametrize("disc", ["none", "log"])
@pytest.mark.parametrize("relevance", ["binary", "discounted"])
def test_epc_efd_are_elliots(metric, disc, relevance):
    for seed in range(15):
        r = random.Random(100 + seed)
        qs = []
        for _ in range(10):
            ids = r.sample(["i%d" % k for k in range(12)], r.randint(1, 7))
            qs.append(([r.choice([0, 0, 1, 2, 3]) for _ in ids], [r.random() for _ in ids], ids))
        name = "%s@4[disc=%s,relevance=%s]" % (metric, disc, relevance)
        want = elliot_expected(qs, 4, metric, disc, relevance)
        got = rm.exact_set(name, qs)
        assert math.isclose(got.value, want, rel_tol=1e-13), (name, seed)
        assert math.isclose(rm.value_set(name, qs), want, rel_tol=1e-13), (name, seed)


def test_aplt_aclt_are_elliots():
    """Elliot's APLT and ACLT (bias/aplt/aplt.py, bias/aclt/aclt.py) with its
    long tail (evaluation/popularity.py): the items by decreasing popularity
    (ties here by identifier) enter the short head until their popularities
    reach head times the interactions, the one that reaches it included;
    the rest, the items shown but never rated among them, are the long tail."""
    for seed in range(20):
        qs = users(200 + seed)
        for head in (Fraction(4, 5), Fraction(1, 2), Fraction(1)):
            t = tops(qs, 3)
            pop = {i: 0 for g, s, ids in qs for i in ids}
            for g, s, ids in qs:
                for i in set(i for x, i in zip(g, ids) if x >= 1):
                    pop[i] += 1
            limit, short = head * sum(pop.values()), set()
            for i in sorted(pop, key=lambda i: (-pop[i], i)):
                short.add(i)
                limit -= pop[i]
                if limit <= 0:
                    break
            aplt = sum(Fraction(len(set(top) - short), len(top)) for top in t) / len(qs)
            aclt = sum(Fraction(len(set(top) - short)) for top in t) / len(qs)
            assert rm.exact_set("aplt@3[head=%s]" % head, qs).fraction == aplt
            assert rm.exact_set("aclt@3[head=%s]" % head, qs).fraction == aclt


def test_exposure_gini_is_lenskits_and_user_coverage_elliots():
    """LensKit's ExposureGini (metrics/ranking/_gini.py, with stats/_gini.py):
    each item's sum of p^k over the ranks k = 1, 2, ... it holds in the top
    K, the N items sorted up, sum (2j-N-1) x(j) / (N sum x), here in
    Fractions; Elliot's UserCoverageAtN (coverage/user_coverage/): the users
    whose list holds at least N items, and UserCoverage those with any."""
    for seed in range(20):
        qs = users(300 + seed)
        for k, p, n_items in ((3, Fraction(17, 20), 15), (5, Fraction(1, 2), 20), (2, Fraction(9, 10), 15)):
            x = {}
            for top in tops(qs, k):
                for rank, i in enumerate(top, 1):
                    x[i] = x.get(i, 0) + p ** rank
            xs = sorted(list(x.values()) + [Fraction(0)] * (n_items - len(x)))
            want = sum((2 * j - n_items - 1) * v for j, v in enumerate(xs, 1)) / (n_items * sum(xs))
            name = "exposure-gini@%d[items=%d,p=%s]" % (k, n_items, p)
            assert rm.exact_set(name, qs).fraction == max(want, 0), (name, seed)
            assert math.isclose(rm.value_set(name, qs), want, rel_tol=1e-15), (name, seed)
        for k in (1, 3, 5, 8):
            want = sum(1 for g, s, ids in qs if len(ids) >= k)
            assert rm.exact_set("user-coverage@%d" % k, qs).fraction == want
        assert rm.exact_set("user-coverage", qs).fraction == sum(1 for q in qs if q[2])
