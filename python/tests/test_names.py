"""One name, one meaning (the book's section "Names of trec_eval and
ir_measures", the rule of resolution): Python's evaluate and evaluate_files
say which variant each measure was resolved to, the same as the "variant" of
`rankmetrics eval --json`, and nDCG@10 (ir_measures', ties by identifier
descending) is not ndcg@10 (ours, ties in input order)."""

import json
import os
import subprocess

import rankmetrics as rm
from conftest import ROOT, TOOL

QRELS = os.path.join(ROOT, "examples", "qrels")
RUN = os.path.join(ROOT, "examples", "run")
MEASURES = ["nDCG@10", "ndcg@10", "MRR", "MRR@10", "map", "ndcg",
            "trec_eval:ndcg", "micro:hr@10", "rmse", "P_10", "gauc"]


def tool_variants(measures):
    args = [TOOL, "eval", "--json", "--quiet"]
    for m in measures:
        args += ["-m", m]
    out = subprocess.run(args + [QRELS, RUN], check=True,
                         capture_output=True, text=True).stdout
    return {d["measure"]: d["variant"]
            for d in map(json.loads, out.splitlines())}


def test_files_carry_the_variant_eval_computes():
    r = rm.evaluate_files(MEASURES, QRELS, RUN)
    assert r.variants == tool_variants(MEASURES)


def test_two_spellings_two_variants():
    r = rm.evaluate_files(["nDCG@10", "ndcg@10"], QRELS, RUN)
    a, b = r.variants["nDCG@10"], r.variants["ndcg@10"]
    assert "ties=id-desc" in a and "ties=input" in b
    r = rm.evaluate_files(["MRR", "MRR@10"], QRELS, RUN)  # two providers
    assert "ties=id-desc" in r.variants["MRR"]
    assert "ties=id-asc" in r.variants["MRR@10"]


def test_columns_carry_the_variant():
    data = {"user": ["u", "u", "v"], "label": [1, 0, 1],
            "score": [1.0, 1.0, 0.5], "item": ["a", "b", "c"]}
    e = rm.evaluate(iter(["nDCG@10", "ndcg@10"]), data)
    assert e.variants["nDCG@10"] == rm.name("mean:ndcg@10[scores=float32,ties=id-desc]")
    assert e.variants["ndcg@10"] == rm.name("mean:ndcg@10")
    assert set(e.variants) == set(e.aggregate)  # keyed by the names given
    assert e.variants == dict(e.aggregate.canonical)

