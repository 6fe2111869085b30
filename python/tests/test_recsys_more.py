"""Metrics of recommender libraries against the libraries' own formulas,
written here in plain Python with Fractions where the value is rational:
cornac's NCRR (cornac/metrics/ranking.py, class NCRR) on random lists with
relevant items not retrieved."""

import random
from fractions import Fraction

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
