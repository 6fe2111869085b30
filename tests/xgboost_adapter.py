#!/usr/bin/python3
"""Run XGBoost's ranking evaluation metrics on random groups.

Usage: /usr/bin/python3 tests/xgboost_adapter.py [N]

Draws N seeded random groups (default 60) of 1 to 12 items with grades 0
to 3 and scores on a coarse grid (so that some tie), gives each group alone
to XGBoost as a DMatrix whose base margin is the score (a booster of no
rounds then predicts the margin unchanged), and prints one line per metric
and group: `METRIC GRADES SCORES VALUE`, GRADES and SCORES comma-separated,
VALUE what Booster.eval prints (`nan` for AUC of a one-class group), or
`error` when it raises.  The metrics are
ndcg@3, ndcg@3-, map@3, map@3-, pre@3, ndcg, map and auc.
Only the standard library, numpy and xgboost are used.
"""

import random
import sys

import numpy as np
import xgboost as xgb

METRICS = ["ndcg@3", "ndcg@3-", "map@3", "map@3-", "pre@3", "ndcg", "map", "auc"]


def value(metric, grades, scores):
    d = xgb.DMatrix(np.zeros((len(grades), 1)), label=np.array(grades, dtype=float))
    d.set_group([len(grades)])
    d.set_base_margin(np.array(scores, dtype=float))
    b = xgb.train({"objective": "rank:pairwise", "eval_metric": metric,
                   "base_score": 0.0}, d, num_boost_round=0)
    return b.eval(d).split(":")[-1]


def main():
    xgb.set_config(verbosity=0)
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    rng = random.Random(30)
    for _ in range(n):
        m = rng.randint(1, 12)
        grades = [rng.choice([0, 0, 1, 2, 3]) for _ in range(m)]
        scores = [rng.randint(0, 6) / 4 for _ in range(m)]
        for metric in METRICS:
            try:
                v = value(metric, grades, scores)
            except xgb.core.XGBoostError:
                v = "error"
            print(metric, ",".join(map(str, grades)), ",".join(map(str, scores)), v)


if __name__ == "__main__":
    main()
