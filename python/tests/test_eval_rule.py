"""The tool's eval against the library's rm_value_set on seeded random TREC
files: which queries an aggregate counts, and with what weight, is one rule
(rm_value_set_counts), so for every skip and weight the aggregate that eval
streams must be the double rm_value_set gives on the same lists, and the
one must fail where the other does.  Before the rule was one, eval tested
undef=error before skip=norel and failed where rm_value_set left the query
out.

The lists are built here from the files by eval's default conventions, as
the book states them: a query of the run without any judgment is left out
(--run-only skip), a judged query missing from the run too (--judged-only
skip), a retrieved document without a judgment has grade 0 and is marked
unjudged, and the judged documents the run lacks are its unretrieved
grades; the ranking is by score, ties in input order."""

import random
import subprocess

import pytest

import rankmetrics as rm
from conftest import TOOL

AGGS = ["mean", "sum", "gm", "micro"]
SKIPS = ["none", "undef", "norel", "missing"]
WEIGHTS = ["uniform", "items", "positives"]
INNER = ["ap", "ndcg@3", "precision@2", "recall@3", "rr", "ap@2[norm=hits]"]


def random_files(rnd, tmp_path):
    qrels, run, lists = [], [], []
    for qi in range(rnd.randint(1, 5)):
        q = "q%d" % qi
        docs = ["d%d" % k for k in range(rnd.randint(0, 5))]
        judged = {d: rnd.choice([0, 0, 1, 2]) for d in docs if rnd.random() < 0.7}
        extra = {"u%d" % k: rnd.choice([0, 1, 2]) for k in range(rnd.randint(0, 2))}
        for d, g in list(judged.items()) + list(extra.items()):
            qrels.append("%s 0 %s %d" % (q, d, g))
        scores = [rnd.choice([0.1, 0.3, 0.5, 0.9]) for _ in docs]
        for d, s in zip(docs, scores):
            run.append("%s Q0 %s 1 %r t" % (q, d, s))
        if docs and (judged or extra):
            lists.append(dict(grades=[judged.get(d, 0) for d in docs], scores=scores,
                              ids=docs, judged=list(extra.values()),
                              unjudged=[0 if d in judged else 1 for d in docs]))
    if not qrels:
        qrels.append("q9 0 x 1")
    if not run:  # eval refuses an empty run; a query of the run only is left out
        run.append("qz Q0 x 1 0.5 t")
    (tmp_path / "qrels").write_text("\n".join(qrels) + "\n")
    (tmp_path / "run").write_text("".join(line + "\n" for line in run))
    return lists


def random_name(rnd):
    while True:
        agg, inner = rnd.choice(AGGS), rnd.choice(INNER)
        if agg == "micro" and not inner.startswith(("precision", "recall")):
            continue
        opts = "skip=" + rnd.choice(SKIPS)
        if agg == "mean":
            opts += ",weight=" + rnd.choice(WEIGHTS)
        undef = rnd.random() < 0.5
        # A micro average under undef=error is left out: eval refuses a
        # query whose own value is 0/0 although the micro average only adds
        # its numerator and denominator (an open difference, not this rule).
        if undef and agg == "micro":
            continue
        if undef:
            inner = inner[:-1] + ",undef=error]" if inner.endswith("]") else inner + "[undef=error]"
        return "%s[%s]:%s" % (agg, opts, inner)


@pytest.mark.parametrize("seed", range(6))
def test_eval_counts_as_value_set(seed, tmp_path):
    rnd = random.Random(seed)
    compared = 0
    for _ in range(10):
        lists = random_files(rnd, tmp_path)
        for _ in range(6):
            name = random_name(rnd)
            # the double path (--fast), which value_set computes
            p = subprocess.run([TOOL, "eval", "--quiet", "--fast", "--trec",
                                "-m", name, str(tmp_path / "qrels"),
                                str(tmp_path / "run")],
                               capture_output=True, text=True)
            if not lists:
                # judgments and run that share no query are an error of
                # eval's (the classic 301 against q301), whatever the measure;
                # an aggregate that undef=error refuses is reported first
                assert p.returncode == 1 and ("no query was evaluated" in p.stderr
                                              or "undef=error" in p.stderr), \
                    (name, p.returncode, p.stderr)
                continue
            try:
                want = rm.value_set(name, lists)
            except rm.RankmetricsError:
                want = None
            if want is None:
                assert p.returncode != 0, (name, lists, p.stdout)
                continue
            assert p.returncode == 0, (name, lists, p.stderr)
            got = float(p.stdout.split("\t")[2])
            assert got == want or (got != got and want != want), (name, lists, got, want)
            compared += 1
    assert compared > 20
