"""rankmetrics.compare and rankmetrics.significance: the paired tests from
Python.  Checked against the tool (`compare --json -q`, the same numbers to
the bit), against scipy.stats.ttest_rel and binomtest, against an
enumeration of sign vectors in fractions written here, and against Holm's
adjustment worked by hand."""

import itertools
import json
import os
import subprocess
from fractions import Fraction

import pytest

import rankmetrics as rm
from conftest import ROOT, TOOL

EX = os.path.join(ROOT, "examples")
A = [1, 0.5, 0.25, 1]
B = [0.5, 0.25, 0.5, 0]


def test_worked_example_by_hand():
    r = rm.compare(A, B, tests=["sign", "randomization[method=exact]",
                                "wilcoxon"])
    assert (r["n"], r["wins"], r["losses"], r["ties"]) == (4, 3, 1, 0)
    assert r["diff"] == 0.375 and r["mean_a"] == 0.6875
    t = r["tests"]
    assert t["sign[sided=two]"].fraction == Fraction(5, 8)
    assert t["randomization[method=exact,sided=two]"].fraction == Fraction(6, 16)
    assert t["wilcoxon[zero=wilcox,method=exact,sided=two]"].fraction == \
        Fraction(3, 8)


def test_enumeration_and_scipy():
    stats = pytest.importorskip("scipy.stats")
    a = [k / 16 for k in (9, 3, 16, 5, 7, 12, 0, 4, 11, 8, 2, 15)]
    b = [k / 16 for k in (4, 5, 10, 5, 1, 9, 3, 4, 6, 2, 2, 9)]
    d = [Fraction(x) - Fraction(y) for x, y in zip(a, b)]
    obs = abs(sum(d))
    c = sum(abs(sum(s * x for s, x in zip(signs, d))) >= obs
            for signs in itertools.product((1, -1), repeat=len(d)))
    r = rm.significance.test("randomization[method=exact]", a, b)
    assert r.fraction == Fraction(c, 2 ** len(d)) and r.count == c
    t = rm.significance.test("ttest", a, b)
    ps = stats.ttest_rel(a, b).pvalue
    assert abs(t.p - ps) <= 1e-12 * ps and t.fraction is None
    pos = sum(x > 0 for x in d)
    m = sum(x != 0 for x in d)
    assert rm.significance.test("sign[sided=greater]", a, b).p == \
        pytest.approx(stats.binomtest(pos, m, alternative="greater").pvalue,
                      rel=1e-13)


def test_threads_and_seed():
    a = [i % 7 / 8 for i in range(40)]
    b = [i % 5 / 8 for i in range(40)]
    one = rm.significance.test("randomization[n=3000,seed=5]", a, b, threads=1)
    two = rm.significance.test("randomization[n=3000,seed=5]", a, b, threads=2)
    other = rm.significance.test("randomization[n=3000,seed=6]", a, b)
    assert (one.count, one.p) == (two.count, two.p)
    assert one.fraction == Fraction(one.count + 1, 3001)
    assert one.count != other.count


def test_p_adjust_and_errors():
    assert rm.significance.p_adjust([0.01, 0.04, 0.03], "holm") == \
        pytest.approx([0.03, 0.06, 0.06], abs=1e-15)
    assert rm.significance.p_adjust([0.01, 0.04, 0.03], "bh") == \
        pytest.approx([0.03, 0.04, 0.04], abs=1e-15)
    with pytest.raises(rm.RankmetricsError):
        rm.significance.p_adjust([0.5], "sidak")
    with pytest.raises(rm.RankmetricsError):
        rm.significance.test("tost", A, B)
    assert rm.compare([1, 1], [0, 0], tests=["ttest"])["tests"][
        "ttest[sided=two]"] is None


def test_same_as_the_tool():
    out = subprocess.run(
        [TOOL, "compare", "--json", "-q", "-m", "ap", "-m", "ndcg@10",
         "-t", "ttest", "-t", "wilcoxon[method=normal,cc=yes]",
         os.path.join(EX, "qrels"), os.path.join(EX, "run"),
         os.path.join(EX, "run.1")], capture_output=True, text=True,
        check=True).stdout
    for c in json.loads(out)["comparisons"]:
        a = [q["A"] for q in c["per_query"]]
        b = [q["B"] for q in c["per_query"]]
        r = rm.compare(a, b, tests=["ttest", "wilcoxon[method=normal,cc=yes]"])
        assert (r["mean_a"], r["mean_b"], r["diff"], r["lo"], r["hi"]) == \
            (c["mean_A"], c["mean_B"], c["diff"], c["ci_lo"], c["ci_hi"])
        for t in c["tests"]:
            mine = r["tests"][t["test"]]
            assert (mine is None) == bool(t.get("undefined"))
            if mine is not None:
                assert (mine.statistic, mine.p) == (t["statistic"], t["p"])


def test_means_are_exact_as_the_tools():
    # the doubles 0.1, 0.2, 0.3 sum exactly to a fraction whose third is
    # nearest 0.2; the double sum (0.1 + 0.2) + 0.3 gives 0.20000000000000004
    a, b = [0.1, 0.2, 0.3], [0.0, 0.0, 0.0]
    want = float(sum(map(Fraction, a)) / 3)
    assert want == 0.2
    r = rm.compare(a, b, tests=["sign"])
    assert (r["mean_a"], r["mean_b"], r["diff"]) == (0.2, 0.0, 0.2)
    fast = rm.compare(a, b, tests=["sign"], exact=False)
    assert fast["mean_a"] == sum(a) / 3 == 0.20000000000000004
    # the tool prints the same numbers: P@10 of 1/10, 2/10, 3/10 against 0
    # (the bootstrap's statistic is the same exact mean difference)
    t = rm.significance.test("bootstrap[n=100]", a, b)
    assert t.statistic == 0.2


def _three_runs(tmp_path):
    """Judgments of 6 queries and three runs; run c lacks query q3."""
    import random
    rnd = random.Random(28)
    qrels = tmp_path / "qrels"
    runs = [tmp_path / n for n in ("a", "b", "c")]
    with open(qrels, "w") as f:
        for q in range(1, 7):
            for d in range(1, 7):
                f.write("q%d 0 d%d %d\n" % (q, d, rnd.choice([0, 0, 1, 2])))
    for k, path in enumerate(runs):
        with open(path, "w") as f:
            for q in range(1, 7):
                if k == 2 and q == 3:
                    continue
                for d in range(1, 7):
                    f.write("q%d Q0 d%d 0 %d r\n" % (q, d, rnd.randrange(20)))
    return str(qrels), [str(r) for r in runs]


@pytest.mark.parametrize("pairs,missing,corr", [("baseline", "zero", "holm"),
                                                 ("all", "drop", "bh")])
def test_compare_files_is_the_tools(tmp_path, pairs, missing, corr):
    qrels, runs = _three_runs(tmp_path)
    tests = ["ttest", "randomization[method=exact]", "sign"]
    rows = rm.compare_files(["ap", "ndcg@5"], qrels, runs, tests=tests,
                            pairs=pairs, correction=corr, missing=missing)
    args = [TOOL, "compare", "-m", "ap", "-m", "ndcg@5", "--json",
            "--pairs", pairs, "--missing", missing, "--correction", corr]
    for t in tests:
        args += ["-t", t]
    tool = json.loads(subprocess.run(args + [qrels] + runs, check=True,
                                     capture_output=True, text=True).stdout)
    cmp = tool["comparisons"]
    assert len(rows) == len(cmp) == (4 if pairs == "baseline" else 6)
    for r, c in zip(rows, cmp):
        assert (r["A"], r["B"], r["measure"], len(r["queries"])) == (
            c["A"], c["B"], c["measure"], c["queries"])
        assert (r["mean_a"], r["mean_b"], r["diff"], r["lo"], r["hi"]) == (
            c["mean_A"], c["mean_B"], c["diff"], c["ci_lo"], c["ci_hi"])
        assert (r["wins"], r["losses"], r["ties"]) == (
            c["wins"], c["losses"], c["ties"])
        for t in c["tests"]:
            got = r["tests"][t["test"]]
            assert (got.statistic, got.p, r["p_adjusted"][t["test"]]) == (
                t["statistic"], t["p"], t["p_adjusted"])
    # run c lacks q3: 6 pairs with it counted as 0, 5 without it
    assert {len(r["queries"]) for r in rows if r["A"].endswith("/c")} == (
        {5} if missing == "drop" else {6})


def test_compare_files_refuses():
    with pytest.raises(rm.RankmetricsError):
        rm.compare_files("ap", "q", ["a"])
    with pytest.raises(rm.RankmetricsError):
        rm.compare_files("ap", "q", ["a", "b"], pairs="some")
    with pytest.raises(rm.RankmetricsError):
        rm.compare_files("ap", "q", ["a", "b"], correction="sidak")


def test_true_ties_fractions_and_files(tmp_path):
    # B - A = 1/2, 1/6, -1/6 in truth (AP 1 - 1/2, 1/2 - 1/3, 1/6 - 1/3);
    # by hand the exact randomization p is 6/8 and Wilcoxon's 2*3/8, both
    # 3/4; as doubles the tie of 1/6 and 1/6 is broken and both are 1/2.
    a = [Fraction(1), Fraction(1, 2), Fraction(1, 6)]
    b = [Fraction(1, 2), Fraction(1, 3), Fraction(1, 3)]
    names = ["randomization[method=exact]", "wilcoxon"]
    full = ["randomization[method=exact,sided=two]",
            "wilcoxon[zero=wilcox,method=exact,sided=two]"]
    r = rm.compare(a, b, tests=names)
    assert [r["tests"][n].fraction for n in full] == [Fraction(3, 4)] * 2
    r = rm.compare([float(x) for x in a], [float(x) for x in b], tests=names)
    assert [r["tests"][n].fraction for n in full] == [Fraction(1, 2)] * 2
    # the same from files: one relevant document per query, AP = 1/rank
    q, ra, rb = tmp_path / "q", tmp_path / "a", tmp_path / "b"
    q.write_text("".join("q%d 0 r 1\n" % i for i in (1, 2, 3)))
    for path, ranks in ((ra, (2, 3, 3)), (rb, (1, 2, 6))):
        path.write_text("".join(
            "q%d Q0 %s %d %d x\n" % (i + 1, "r" if k == r_ else "x%d" % k, k,
                                     10 - k)
            for i, r_ in enumerate(ranks) for k in range(1, 7)))
    rows = rm.compare_files("ap", str(q), [str(ra), str(rb)], tests=names)
    assert [rows[0]["tests"][n].fraction for n in full] == [Fraction(3, 4)] * 2
    ev = rm.evaluate_files("ap", str(q), str(rb), exact_values=True)
    assert ev.exact_values == {"q1": {"ap": 1}, "q2": {"ap": Fraction(1, 2)},
                               "q3": {"ap": Fraction(1, 6)}}
