#!/usr/bin/python3
"""Run XGBoost's ranking evaluation metrics on random groups.

Usage: /usr/bin/python3 tests/xgboost_adapter.py [N]
       /usr/bin/python3 tests/xgboost_adapter.py --vectors vectors/xgboost_test.txt

Draws N seeded random groups (default 60) of 1 to 12 items with grades 0
to 3 and scores on a coarse grid (so that some tie), gives each group alone
to XGBoost as a DMatrix whose base margin is the score (a booster of no
rounds then predicts the margin unchanged), and prints one line per metric
and group: `METRIC GRADES SCORES VALUE`, GRADES and SCORES comma-separated,
VALUE what Booster.eval prints (`nan` for a group that XGBoost leaves
out of its AUCs), or `error` when it raises.  The metrics are
ndcg@3, ndcg@3-, map@3, map@3-, pre@3, ndcg, map, auc and aucpr; XGBoost
refuses aucpr for labels above 1, so its line gives the group's grades
cut to 0/1 (1 for a grade of 1 or more), which is what XGBoost was given.
Two last lines, `all-auc` and `all-aucpr`, give all N groups to XGBoost
as one DMatrix (DMatrix.set_group), weighted 1, 2, 3, 1, 2, 3, ... in turn
(DMatrix.set_weight), their grades and scores joined by `;`, and the one
value it prints for them: how it aggregates the groups.
With --vectors, XGBoost's auc and aucpr are run instead over the golden
vectors of pair-auc[undef=zero] and aucpr[rel=1,undef=zero]: one line
`TCID METRIC STATUS DECIMAL VALUE` per valid test of a nonempty list, STATUS
and DECIMAL the vector's, VALUE what XGBoost prints (a list without scores
is ranked as given, so it is given falling scores; aucpr is given the
grades cut to 0/1).
Only the standard library, numpy and xgboost are used.
"""

import random
import sys

import numpy as np
import xgboost as xgb

METRICS = ["ndcg@3", "ndcg@3-", "map@3", "map@3-", "pre@3", "ndcg", "map", "auc",
           "aucpr"]


def groups_value(metric, groups, weights=None):
    """XGBoost's value of metric over the (grades, scores) groups in one DMatrix,
    the groups weighted by weights (DMatrix.set_weight) when given."""
    grades = [g for gs, _ in groups for g in gs]
    scores = [s for _, ss in groups for s in ss]
    d = xgb.DMatrix(np.zeros((len(grades), 1)), label=np.array(grades, dtype=float))
    d.set_group([len(gs) for gs, _ in groups])
    if weights is not None:
        d.set_weight(np.array(weights, dtype=float))
    d.set_base_margin(np.array(scores, dtype=float))
    b = xgb.train({"objective": "rank:pairwise", "eval_metric": metric,
                   "base_score": 0.0}, d, num_boost_round=0)
    return b.eval(d).split(":")[-1]


def value(metric, grades, scores):
    return groups_value(metric, [(grades, scores)])


def vectors(path):
    """XGBoost's auc and aucpr over the golden vectors of their variants."""
    which = {"pair-auc[undef=zero]": "auc", "aucpr[rel=1,undef=zero]": "aucpr"}
    metric, test = None, {}
    blocks = []
    for line in open(path, encoding="ascii").read().split("\n") + [""]:
        if line.startswith("[variant = "):
            metric = which.get(line[len("[variant = "):-1])
        elif " = " in line or line.endswith(" ="):
            k, _, v = line.partition(" =")
            test[k] = v.strip()
        elif not line and test:
            if metric and test.get("result") == "valid" and test.get("grades"):
                blocks.append((metric, test))
            test = {}
    for metric, t in blocks:
        g = [int(x) for x in t["grades"].split(",")]
        sc = ([float(x) for x in t["scores"].split(",")] if t.get("scores")
              else [float(len(g) - i) for i in range(len(g))])
        if metric == "aucpr":
            g = [min(x, 1) for x in g]
        print(t["tcId"], metric, t["status"], t["decimal"], value(metric, g, sc))


def main():
    xgb.set_config(verbosity=0)
    if len(sys.argv) == 3 and sys.argv[1] == "--vectors":
        vectors(sys.argv[2])
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    rng = random.Random(30)
    groups = {"auc": [], "aucpr": []}
    for _ in range(n):
        m = rng.randint(1, 12)
        grades = [rng.choice([0, 0, 1, 2, 3]) for _ in range(m)]
        scores = [rng.randint(0, 6) / 4 for _ in range(m)]
        for metric in METRICS:
            g = [min(x, 1) for x in grades] if metric == "aucpr" else grades
            try:
                v = value(metric, g, scores)
            except xgb.core.XGBoostError:
                v = "error"
            print(metric, ",".join(map(str, g)), ",".join(map(str, scores)), v)
            if metric in groups:
                groups[metric].append((g, scores))
    for metric, gs in groups.items():
        print("all-" + metric, ";".join(",".join(map(str, g)) for g, _ in gs),
              ";".join(",".join(map(str, s)) for _, s in gs),
              groups_value(metric, gs, [1 + i % 3 for i in range(len(gs))]))


if __name__ == "__main__":
    main()
