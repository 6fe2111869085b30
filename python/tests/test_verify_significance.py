"""rankmetrics.verify on the family significance: a candidate's p and
statistic for vectors/significance.txt.  The candidate here is scipy.stats
(Debian's python3-scipy), on the variants it computes as the book's section
"What the libraries compute" says and as tests/significance_check.sh
chooses them; its values are computed here, not read from the vectors, so
the expected verdicts are independent of them: they pass within the
relative tolerance 1e-12 (neither library rounds correctly), a p altered
by one part in a thousand fails and is named, and scipy's one-sided t test
given for the two-sided one is diagnosed as ttest[sided=greater]."""

import os
import warnings

import numpy as np
from scipy import stats

import rankmetrics as rm
from conftest import ROOT

V = os.path.join(ROOT, "vectors", "significance.txt")
warnings.filterwarnings("ignore", "Sample size too small")
ALT = {"two": "two-sided", "greater": "greater", "less": "less"}


def cases():
    """(variant, tcId, a, b, status) of every test of the file."""
    out, cur = [], {}
    for line in open(V):
        line = line.rstrip("\n")
        if line.startswith("[variant = "):
            variant = line[11:-1]
        elif " = " in line:
            k, _, val = line.partition(" = ")
            if k == "tcId":
                cur = {"variant": variant, "id": int(val)}
                out.append(cur)
            elif k in ("a", "b"):
                cur[k] = [float(x) for x in val.split(",")]
            elif k == "status":
                cur[k] = val
    return out


def keys(v):
    name, _, rest = v.partition("[")
    return name, dict(kv.split("=") for kv in rest.rstrip("]").split(",") if kv)


def scipy_result(c, ttest_sided=None):
    """scipy's (p, statistic) for the case, the statistic None where
    scipy's is not the book's; None where scipy does not compute it."""
    name, k = keys(c["variant"])
    a, b = np.array(c["a"]), np.array(c["b"])
    d = a - b
    alt = ALT[ttest_sided or k.get("sided", "two")]
    nz = np.abs(d[d != 0])
    distinct = len(nz) == len(d) and len(set(nz)) == len(nz)
    if name == "ttest":
        r = stats.ttest_rel(a, b, alternative=alt)
        return r.pvalue, r.statistic
    if name == "sign" and np.any(d != 0):
        k_plus = int(np.sum(d > 0))
        return stats.binomtest(k_plus, int(np.sum(d != 0)),
                               alternative=alt).pvalue, k_plus
    if name == "wilcoxon" and k["method"] == "exact" and k["zero"] == "wilcox" \
            and distinct:
        r = stats.wilcoxon(d, alternative=alt, method="exact")
        # two-sided, scipy reports min(W+, W-), not W+
        return r.pvalue, (r.statistic if alt != "two-sided" else None)
    if name == "wilcoxon" and k["method"] == "normal" and np.any(d != 0):
        r = stats.wilcoxon(d, zero_method=k["zero"], correction=k["cc"] == "yes",
                           alternative=alt, method="approx")
        return r.pvalue, (r.statistic if alt != "two-sided" else None)
    if name == "randomization" and k["method"] == "exact" and len(d) <= 14:
        r = stats.permutation_test(
            (a, b), lambda x, y, axis: np.mean(x - y, axis=axis),
            permutation_type="samples", vectorized=True, n_resamples=np.inf,
            alternative=alt)
        return r.pvalue, r.statistic
    return None


def scipy_candidate():
    out = {}
    for c in cases():
        r = None if c["status"] != "ok" else scipy_result(c)
        if r is not None and not np.isnan(r[0]):
            p, s = float(r[0]), r[1]
            out["significance:%d" % c["id"]] = p if s is None else (p, float(s))
    return out


def test_scipy_passes_within_1e12():
    cand = scipy_candidate()
    res = rm.verify(cand, rel=1e-12)
    assert res.passed, [(v.name, v.variant, v.expected, v.observed,
                         v.statistic_expected, v.statistic_observed)
                        for v in res.wrong]
    assert len(res) == len(cand) >= 180
    # the statistic was judged too, where scipy's is the book's
    with_stat = [v for v in res if v.statistic_verdict is not None]
    assert len(with_stat) >= 120
    assert {v.variant.split("[")[0] for v in with_stat} == {
        "ttest", "sign", "wilcoxon", "randomization"}
    # every variant scipy computes is reached, on at least 5 cases
    per = {}
    for v in res:
        per[v.variant] = per.get(v.variant, 0) + 1
    assert len(per) == 15 and min(per.values()) >= 5, per


def test_an_altered_p_fails_and_is_named():
    cand = scipy_candidate()
    name = "significance:1"  # ttest[sided=two], the worked example
    p, s = cand[name]
    cand[name] = (p * 1.001, s)
    res = rm.verify(cand, rel=1e-12)
    assert not res.passed
    (w,) = res.wrong
    assert (w.name, w.variant) == (name, "ttest[sided=two]")
    assert w.p_verdict == "wrong" and w.statistic_verdict in ("exact", "within")
    assert abs(w.observed / w.expected - 1.001) < 1e-9


def test_a_one_sided_t_test_is_diagnosed():
    cand = {}
    for c in cases():
        if c["variant"] == "ttest[sided=two]":
            p, _ = scipy_result(c, ttest_sided="greater")
            cand["significance:%d" % c["id"]] = float(p)
    assert len(cand) == 17
    res = rm.verify(cand, rel=1e-12)
    (g,) = res.groups
    assert g.wrong > 0 and g.own.explains < 17
    best = g.alternatives[0]
    assert (best.variant, best.explains) == ("ttest[sided=greater]", 17)
