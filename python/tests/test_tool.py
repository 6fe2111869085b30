"""The package against the C tool on seeded random inputs: for each input
and variant, `rankmetrics value NAME --grades ... --exact` prints the same
correctly rounded double, 40 digits, fraction and rounding direction as
rankmetrics.exact, and the same double path value as rankmetrics.value."""

import os
import random
import subprocess
from fractions import Fraction

import pytest

import rankmetrics as rm
from rankmetrics.strategies import random_list
from conftest import TOOL

NAMES = ["ndcg@5[gain=exp2]", "ndcg[ideal=list,ties=average]", "dcg@3",
         "idcg@4[ideal=topk,ties=pessimistic]", "cg@2", "ap", "ap@5[norm=min]",
         "apstep", "ap11", "rr", "rr@3[hits=sum]", "lrap", "auc[ties=average]",
         "auc", "err@5[gmax=3]", "precision@3", "recall@10[norm=min]",
         "f@5", "rprec", "hr@2", "ndcg@3[ties=id-asc]",
         "dcg[discount=jk,base=3]", "mae", "rmse", "spearman", "kendall",
         "accuracy", "clf-f1"]


def tool_value(name, inp):
    args = [TOOL, "value", name, "--grades",
            ",".join(map(str, inp["grades"])), "--exact"]
    if inp["scores"] is not None:
        args += ["--scores", ",".join(repr(s) for s in inp["scores"])]
    if inp["ids"] is not None:
        args += ["--ids", ",".join(inp["ids"])]
    if inp["judged"]:
        args += ["--judged", ",".join(map(str, inp["judged"]))]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr
    f = {}
    for line in p.stdout.splitlines():
        k, _, rest = line.partition(" ")
        f[k] = rest.split()
    return f, p.stderr


@pytest.mark.skipif(not os.access(TOOL, os.X_OK), reason="tool not built")
def test_against_the_tool():
    rng = random.Random(14)
    compared = errors = 0
    for i in range(160):
        inp = random_list(rng, max_size=8)
        if not inp["grades"]:
            continue  # the tool's --grades needs an item
        for name in rng.sample(NAMES, 3):
            f, err = tool_value(name, inp)
            try:
                r = rm.exact(name, **inp)
                d = rm.value(name, **inp)
            except rm.RankmetricsError as e:
                assert f is None, (name, inp, e)
                errors += 1
                continue
            assert f is not None, (name, inp, err)
            assert float.fromhex(f["exact"][1]) == r.value, (name, inp)
            assert float(f["double"][0]) == d, (name, inp)
            assert f["decimal"][0] == r.decimal, (name, inp)
            rat = None if f["rational"][0] == "no" else \
                Fraction(f["rational"][0])
            assert rat == r.fraction, (name, inp)
            assert int(f["ternary"][0]) == r.ternary, (name, inp)
            assert ("undefined" in err) == r.undefined, (name, inp, err)
            compared += 1
    print("compared", compared, "errors", errors)
    assert compared > 300
