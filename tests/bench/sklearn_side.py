"""sklearn_side.py: the per-user loop a scikit-learn user would write, for
`make bench' (tests/bench/side.sh); not part of make check.

  sklearn_side.py CSV OUT

reads CSV (columns user,item,label,score, as gen csv writes them) with pandas,
and for each user, in the file's order, computes roc_auc_score,
average_precision_score and ndcg_score (k=10) of the labels against the
scores; writes to OUT one line "FUNCTION USER VALUE" a user and function
(repr, so every bit is kept), then "FUNCTION all MEAN" (the mean over the
users, summed with math.fsum).  A list of one class, where roc_auc_score
raises, is written as 0, as rankmetrics' undef=zero does; so is the -0 that
average_precision_score returns for a list without a positive."""
import math
import sys
import warnings

import numpy as np
import pandas as pd
from sklearn.metrics import average_precision_score, ndcg_score, roc_auc_score


def main():
    src, dst = sys.argv[1], sys.argv[2]
    warnings.simplefilter("ignore")
    df = pd.read_csv(src, dtype={"user": str, "item": str})
    vals = {"auc": [], "ap": [], "ndcg10": []}
    users = []
    for user, g in df.groupby("user", sort=False):
        y = g["label"].to_numpy()
        s = g["score"].to_numpy(dtype=np.float64)
        try:
            auc = roc_auc_score(y, s)
        except ValueError:
            auc = 0.0
        ap = average_precision_score(y, s) + 0.0
        nd = ndcg_score([y], [s], k=10)
        users.append(user)
        vals["auc"].append(float(auc))
        vals["ap"].append(float(ap))
        vals["ndcg10"].append(float(nd))
    with open(dst, "w") as f:
        for name, v in vals.items():
            for u, x in zip(users, v):
                f.write("%s %s %r\n" % (name, u, x))
            f.write("%s all %r\n" % (name, math.fsum(v) / len(v) if v else 0.0))


if __name__ == "__main__":
    main()
