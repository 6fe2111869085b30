"""eval's default is the truth (issue 26 item 4): every value it prints,
each query's under -q and every aggregate, is the correctly rounded double
of the exact value, whichever filter decided it (the integer filter, the
certified filter, or the full exact path past both).  The expected values
are derived here independently of the library: AP, precision, recall and
reciprocal rank as Python fractions, rounded once by float(Fraction), which
CPython rounds correctly; nDCG in 60-digit decimals, whose rounding to a
double is right unless the value lies within 10^-50 of a midpoint between
doubles, which the test checks.  The inputs are seeded random TREC files,
one query with a large R and a long list, a mean over many queries, and
weighted means built to lie exactly on, or within a hair of, a midpoint
between two doubles, where --fast rounds the other way."""

import decimal
import json
import math
import os
import random
import subprocess
from fractions import Fraction as F

import pytest

import rankmetrics as rm
from conftest import TOOL

D = decimal.Context(prec=60)
MEASURES = ["ap", "precision@10", "rr", "recall@20", "ndcg@10"]


def write_trec(tmp, queries):
    """queries: {qid: (ranked [(doc, grade)], extra judged [(doc, grade)])};
    writes the judgments and a run whose scores fall with the rank."""
    qp, rp = os.path.join(tmp, "qrels"), os.path.join(tmp, "run")
    with open(qp, "w") as qf, open(rp, "w") as rf:
        for q, (ranked, extra) in queries.items():
            for d, g in ranked + extra:
                if g is not None:
                    qf.write("%s 0 %s %d\n" % (q, d, g))
            for i, (d, _) in enumerate(ranked):
                rf.write("%s Q0 %s %d %d t\n" % (q, d, i + 1, len(ranked) - i))
    return qp, rp


def lg(n):
    return D.divide(D.ln(decimal.Decimal(n)), D.ln(decimal.Decimal(2)))


def truth(ranked, extra):
    """The exact values of one query: fractions, and nDCG@10 in decimals."""
    grades = [g or 0 for _, g in ranked]
    judged = [g for _, g in ranked + extra if g is not None]
    R = sum(1 for g in judged if g >= 1)
    hits, ap, rr = 0, F(0), F(0)
    for r, g in enumerate(grades, 1):
        if g >= 1:
            hits += 1
            ap += F(hits, r)
            if rr == 0:
                rr = F(1, r)
    dcg = sum((D.divide(g, lg(r + 1)) for r, g in enumerate(grades[:10], 1)
               if g), decimal.Decimal(0))
    ideal = sorted(judged, reverse=True)[:10]
    idcg = sum((D.divide(g, lg(r + 1)) for r, g in enumerate(ideal, 1) if g),
               decimal.Decimal(0))
    return {"ap": ap / R if R else F(0),
            "precision@10": F(sum(1 for g in grades[:10] if g >= 1), 10),
            "rr": rr,
            "recall@20": F(sum(1 for g in grades[:20] if g >= 1), R) if R
            else F(0),
            "ndcg@10": D.divide(dcg, idcg) if idcg else decimal.Decimal(0)}


def rounded(x):
    """The double nearest x; for a decimal, checked to be far enough from a
    midpoint between doubles that 60 digits decide it."""
    if isinstance(x, F):
        return float(x)
    d = float(x)
    lo, hi = math.nextafter(d, -math.inf), math.nextafter(d, math.inf)
    for m in ((decimal.Decimal(d) + decimal.Decimal(lo)) / 2,
              (decimal.Decimal(d) + decimal.Decimal(hi)) / 2):
        assert abs(D.subtract(x, m)) > decimal.Decimal("1e-50") * abs(x)
    return d


def expected(queries):
    per = {q: truth(*v) for q, v in queries.items()}
    mean = {}
    for m in MEASURES:
        xs = [per[q][m] for q in per]
        if isinstance(xs[0], F):
            mean[m] = sum(xs, F(0)) / len(xs)
        else:
            mean[m] = D.divide(sum(xs, decimal.Decimal(0)), len(xs))
    return ({q: {m: rounded(v[m]) for m in MEASURES} for q, v in per.items()},
            {m: rounded(mean[m]) for m in MEASURES})


def random_queries(seed, nq):
    g = random.Random(seed)
    queries = {}
    for i in range(nq):
        n = g.randint(1, 100)
        ranked = [("d%d" % j, g.choice([None, 0, 0, 1, 2, 3]))
                  for j in range(n)]
        extra = [("x%d" % j, g.randint(0, 3)) for j in range(g.randint(1, 5))]
        queries["q%d" % i] = (ranked, extra)
    # a large R and a long list: 4,000 relevant of 9,000 retrieved, and
    # 1,500 relevant not retrieved, so AP's sum has 4,000 terms over R 5,500
    ranked = [("b%d" % j, 1 if g.random() < 0.45 else 0) for j in range(9000)]
    queries["big"] = (ranked, [("y%d" % j, 2) for j in range(1500)])
    return queries


def tool(args, env=None):
    p = subprocess.run([TOOL, "eval"] + args, capture_output=True, text=True,
                       env=env)
    assert p.returncode == 0, p.stderr
    return p


def parse_json(out):
    per, agg = {}, {}
    for line in out.splitlines():
        d = json.loads(line)
        if d["qid"] is None:
            agg[d["measure"]] = d["value"]
        else:
            per.setdefault(d["qid"], {})[d["measure"]] = d["value"]
    return per, agg


@pytest.mark.parametrize("seed", [1, 2])
def test_default_is_the_truth_on_random_files(tmp_path, seed):
    queries = random_queries(seed, 400)
    qp, rp = write_trec(str(tmp_path), queries)
    want_per, want_agg = expected(queries)
    args = ["-q", "--json"] + sum((["-m", m] for m in MEASURES), [])
    for env in (None, dict(os.environ, RANKMETRICS_TEST_FX_SLACK="100")):
        p = tool(args + [qp, rp], env)
        per, agg = parse_json(p.stdout)
        assert agg == want_agg
        assert per == want_per
        if env:  # every value declined by the integer filter, and counted
            assert "exact path: 0 values past" not in p.stderr
    res = rm.evaluate_files(MEASURES, qp, rp)
    assert dict(res.aggregate) == want_agg
    assert {q: dict(res.per_query[q]) for q in res.queries} == want_per
    # the double path is not the truth on such files: it must differ
    # somewhere, or this test would not tell the two apart
    fast = rm.evaluate_files(MEASURES, qp, rp, fast=True)
    assert dict(fast.aggregate) != want_agg or \
        {q: dict(fast.per_query[q]) for q in fast.queries} != want_per


U = F(1, 2 ** 54)


def exact_decimal(w):
    return str(decimal.Decimal(w.numerator) / decimal.Decimal(w.denominator))


@pytest.mark.parametrize("w3", [U, U * (1 + F(1, 2 ** 52)),
                                U * (1 - F(1, 2 ** 52)), U * 2])
def test_weighted_mean_on_a_midpoint(tmp_path, w3):
    """Weights 1-2^-52, 3*2^-54 and w3 on precision@3 values 1, 2/3, 1.
    With w3 = 2^-54 the weights sum to 1 and the mean is 1-2^-54, exactly
    the midpoint between 1-2^-53 and 1, which rounds to the even 1; the
    double path, whose 2/3 is a little low, gives 1-2^-53.  The other w3
    put the mean a hair below or above the midpoint (about 2^-106 away)."""
    w = [1 - 4 * U, 3 * U, w3]
    x = [F(1), F(2, 3), F(1)]
    mean = sum(a * b for a, b in zip(w, x)) / sum(w)
    t = str(tmp_path)
    with open(os.path.join(t, "w"), "w") as f:
        for i, wi in enumerate(w):
            f.write("q%d %s\n" % (i + 1, exact_decimal(wi)))
    with open(os.path.join(t, "qr"), "w") as f:
        for q, docs in (("q1", "abc"), ("q2", "ab"), ("q3", "abc")):
            for d in docs:
                f.write("%s 0 %s 1\n" % (q, d))
    with open(os.path.join(t, "rn"), "w") as f:
        for q, docs in (("q1", "abc"), ("q2", "axb"), ("q3", "abc")):
            for i, d in enumerate(docs):
                f.write("%s Q0 %s %d %d t\n" % (q, d, i + 1, 3 - i))
    m = "mean[weight=query]:precision@3"
    args = ["--trec", "-m", m, "--query-weights", os.path.join(t, "w"),
            os.path.join(t, "qr"), os.path.join(t, "rn")]
    got = float(tool(args).stdout.split()[-1])
    assert got == float(mean)
    if w3 == U:
        assert mean == 1 - U and got == 1.0
        assert float(tool(["--fast"] + args).stdout.split()[-1]) == 1 - 2 * U
