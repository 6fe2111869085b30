"""Metrics of recommender libraries against the libraries' own formulas,
written here in plain Python with Fractions where the value is rational:
cornac's NCRR (cornac/metrics/ranking.py, class NCRR) on random lists with
relevant items not retrieved; LensKit's MeanPopRank
(src/lenskit/metrics/ranking/_pop.py) with pandas, as LensKit computes it,
over random sets of users and with a popularity file; RecBole's LogLoss
(recbole/evaluator/metrics.py) with NumPy, on random lists."""

import random
from fractions import Fraction

import pytest

import rankmetrics as rm


def cornac_ncrr(gt_pos, pd_rank, k):
    """cornac's NCRR.compute, line for line, in Fractions."""
    truncated = pd_rank[:k] if k > 0 else pd_rank
    rec_rank = [i for i, x in enumerate(truncated) if x in gt_pos]
    if not rec_rank:
        return Fraction(0)
    crr = sum(Fraction(1, r + 1) for r in rec_rank)
    max_nb_pos = min(len(gt_pos), len(truncated))
    icrr = sum(Fraction(1, i + 1) for i in range(max_nb_pos))
    return crr / icrr


def test_ncrr_is_cornac():
    r = random.Random(3030)
    nonzero = 0
    for _ in range(300):
        n = r.randint(0, 10)
        g = [r.choice([0, 0, 1]) for _ in range(n)]
        s = [r.randint(0, 4) for _ in range(n)]
        judged = [1] * r.randint(0, 3)
        ids = ["d%d" % i for i in range(n)]
        ranked = [ids[i] for i in sorted(range(n), key=lambda i: -s[i])]  # stable: ties=input
        gt = {ids[i] for i in range(n) if g[i]} | {"u%d" % j for j in range(len(judged))}
        for k in (-1, 1, 3, 5):
            name = "ncrr" if k < 0 else "ncrr@%d" % k
            want = cornac_ncrr(gt, ranked, k)
            got = rm.exact(name, g, s, ids, judged=judged or None)
            assert got.fraction == want, (name, g, s, judged, got, want)
            assert abs(rm.value(name, g, s, ids, judged=judged or None) - float(want)) <= 1e-15
            nonzero += want != 0
    assert nonzero > 300


def test_ncrr_by_hand():
    # hits at 2, 4, 5 and a fourth relevant item not retrieved:
    # (1/2 + 1/4 + 1/5) / (1 + 1/2 + 1/3 + 1/4) = (19/20) / (25/12)
    assert rm.exact("ncrr", [0, 1, 0, 1, 1], judged=[1]).fraction == Fraction(57, 125)
    assert rm.exact("ncrr@3", [0, 1, 0, 1, 1], judged=[1]).fraction == Fraction(3, 11)
    # a top two of hits with five relevant items is ideal for its length
    assert rm.exact("ncrr@2", [1, 1, 0], judged=[1, 1, 1]).fraction == 1
    assert rm.exact("rr@2[hits=mean]", [1, 1, 0], judged=[1, 1, 1]).fraction == Fraction(3, 10)


def lenskit_mean_pop_rank(counts, tops):
    """LensKit's MeanPopRank (src/lenskit/metrics/ranking/_pop.py), as its
    constructor and measure_list compute it with pandas, then the mean over
    the lists that are not NaN, as LensKit's summaries take it."""
    pd = pytest.importorskip("pandas")
    counts = pd.Series(counts, dtype="int64")
    pos = counts[counts > 0]
    ranks = pos.rank(method="average", ascending=True)
    ranks /= len(pos)
    item_ranks = ranks.reindex(counts.index, fill_value=0)
    vals = [item_ranks.reindex(top, fill_value=0).mean() if top else float("nan")
            for top in tops]
    return pd.Series(vals).mean()


def users(r, n=10, items=12):
    out = []
    for _ in range(n):
        ids = r.sample(["i%d" % k for k in range(items)], r.randint(0, 7))
        out.append(([r.choice([0, 1]) for _ in ids], [r.randint(0, 3) for _ in ids], ids))
    return out


def test_poprank_is_lenskit_over_the_same_lists():
    r = random.Random(3031)
    for _ in range(40):
        qs = users(r)
        tops = [[ids[i] for i in sorted(range(len(ids)), key=lambda i: -s[i])[:3]]
                for g, s, ids in qs]
        if not any(tops):
            continue
        pos, seen = {}, {}
        for g, s, ids in qs:
            for x, i in zip(g, ids):
                pos[i] = pos.get(i, 0) + (x >= 1)
                seen[i] = seen.get(i, 0) + 1
        for name, counts in (("poprank@3", pos), ("poprank@3[pop=all]", seen)):
            want = lenskit_mean_pop_rank(counts, tops)
            got = rm.exact_set(name, qs)
            assert abs(got.value - want) <= 1e-12, (name, qs, got, want)
            assert abs(rm.value_set(name, qs) - want) <= 1e-12


def test_poprank_from_a_popularity_file(tmp_path):
    # LensKit's rule: the counts of the training data, given as a file
    rows = "user,item,label,score\n" + "".join(
        "u%d,%s,%d,%d\n" % (u, i, 0, 9 - k) for u, top in enumerate(
            [["a", "b"], ["a", "c"], ["b", "a"], ["z", "c"]]) for k, i in enumerate(top))
    (tmp_path / "d.csv").write_text(rows)
    counts = {"a": 10, "b": 10, "c": 3, "q": 1, "z": 0}
    (tmp_path / "pop").write_text("".join("%s %d\n" % kv for kv in counts.items()))
    tops = [["a", "b"], ["a", "c"], ["b", "a"], ["z", "c"]]
    want = lenskit_mean_pop_rank(counts, tops)
    # q 1/4, c 1/2, a and b (10, tied) 7/8: (7/8 + 11/16 + 7/8 + 1/4) / 4
    assert want == float(Fraction(43, 64))
    e = rm.evaluate_files("poprank@2[pop=file]", tmp_path / "d.csv",
                          popularity=tmp_path / "pop", exact=True)
    assert e.aggregate["poprank@2[pop=file]"] == float(Fraction(43, 64))


def recbole_logloss(preds, trues):
    """RecBole's LogLoss.metric_info (recbole/evaluator/metrics.py), line for line."""
    np = pytest.importorskip("numpy")
    eps = 1e-15
    preds = np.float64(preds)
    preds = np.clip(preds, eps, 1 - eps)
    loss = np.sum(-trues * np.log(preds) - (1 - trues) * np.log(1 - preds))
    return loss / len(preds)


def test_logloss_is_recboles():
    np = pytest.importorskip("numpy")
    r = random.Random(3032)
    for _ in range(300):
        n = r.randint(2, 12)  # np.float64 of one prediction is a scalar, which len() refuses
        g = [r.choice([0, 1, 2]) for _ in range(n)]
        s = [r.choice([0.0, 1.0, 1e-17, 1 - 1e-16, r.random(), r.random() * 3 - 1]) for _ in range(n)]
        want = recbole_logloss(np.array(s), np.array([float(x >= 1) for x in g]))
        got = rm.exact("logloss", g, s)
        assert got.fraction is None  # irrational
        # RecBole rounds 1 - p before its logarithm (an absolute error up to
        # 2^-53 in a term), the exact value does not
        assert abs(got.value - want) <= 1e-13 * want + 2 ** -52, (g, s, got.value, want)
        assert abs(rm.value("logloss", g, s) - got.value) <= 4 * np.spacing(got.value)
