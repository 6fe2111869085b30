#!/usr/bin/python3
"""Run scikit-learn on the golden vectors and write candidate files.

Usage: /usr/bin/python3 tests/sklearn_adapter.py [--vectors DIR] OUTDIR

Reads DIR/*_test.json (default: the vectors/ directory next to tests/) and
writes into OUTDIR one candidate file per scikit-learn function, in the
format read by `rankmetrics verify`: one line `FAMILY:TCID VALUE` per vector,
VALUE = float.hex of what scikit-learn returns, or `error` when it raises or
returns NaN; `#` starts a comment line (scikit-learn's error or
warning message for the vector that follows).

    roc_auc_score.txt                          every vector of family auc
    average_precision_score.txt                every vector of family ap
    ndcg_score.txt                             cg_dcg_ndcg vectors of metric ndcg
    dcg_score.txt                              cg_dcg_ndcg vectors of metric dcg
    label_ranking_average_precision_score.txt  rr vectors of metric lrap
    coverage_error.txt                         single vectors of coverage-error
    label_ranking_loss.txt                     single vectors of ranking-loss
    kendalltau_c.txt                           single vectors of kendall (SciPy's
                                               kendalltau, variant='c')

Inputs given to scikit-learn (one query = one sample, one row):
  * binary labels (auc, ap, lrap, coverage-error, ranking-loss): y_true = [grade >= K], K the `rel=K` of the
    variant name, 1 when the name has no `rel`;
  * graded (ndcg, dcg): y_true = the grades, k = the cutoff @K or None;
  * kendalltau: x = the grades, y = the scores;
  * y_score = the scores, or, when they are null, a strictly decreasing score
    by position (n, n-1, ..., 1), so that the input order is the ranking.
Only the retrieved items are passed: judged-but-unretrieved items (`judged`)
have no score and scikit-learn never sees them.  Identifiers are ignored.
Every function is called with its defaults otherwise.

Only the standard library, numpy, scikit-learn and SciPy are used.
"""

import glob
import json
import math
import os
import re
import sys
import warnings

import numpy as np
import scipy
import sklearn
from scipy.stats import kendalltau
from sklearn.metrics import (average_precision_score, coverage_error,
                             dcg_score,
                             label_ranking_average_precision_score,
                             label_ranking_loss, ndcg_score, roc_auc_score)

VARIANT_RE = re.compile(r"^([a-z0-9-]+)(?:@(\d+))?(?:\[(.*)\])?$")


def parse_variant(name):
    """Return (metric, cutoff or None, {key: value}) of a variant name."""
    m = VARIANT_RE.match(name)
    if not m:
        raise ValueError("bad variant name: %r" % name)
    keys = {}
    if m.group(3):
        for kv in m.group(3).split(","):
            k, _, v = kv.partition("=")
            keys[k] = v
    return m.group(1), (int(m.group(2)) if m.group(2) else None), keys


def scores_of(test):
    n = len(test["grades"])
    if test["scores"] is None:
        return np.arange(n, 0, -1, dtype=float)
    return np.asarray(test["scores"], dtype=float)


def binary_of(test, keys):
    rel = int(keys.get("rel", "1"))
    return np.asarray([1 if g >= rel else 0 for g in test["grades"]],
                      dtype=int)


def call_roc_auc(test, cutoff, keys):
    return roc_auc_score(binary_of(test, keys), scores_of(test))


def call_average_precision(test, cutoff, keys):
    return average_precision_score(binary_of(test, keys), scores_of(test))


def call_ndcg(test, cutoff, keys):
    return ndcg_score(np.asarray([test["grades"]], dtype=float),
                      scores_of(test)[np.newaxis, :], k=cutoff)


def call_dcg(test, cutoff, keys):
    return dcg_score(np.asarray([test["grades"]], dtype=float),
                     scores_of(test)[np.newaxis, :], k=cutoff)


def call_lrap(test, cutoff, keys):
    return label_ranking_average_precision_score(
        binary_of(test, keys)[np.newaxis, :], scores_of(test)[np.newaxis, :])


def call_coverage_error(test, cutoff, keys):
    return coverage_error(binary_of(test, keys)[np.newaxis, :],
                          scores_of(test)[np.newaxis, :])


def call_label_ranking_loss(test, cutoff, keys):
    return label_ranking_loss(binary_of(test, keys)[np.newaxis, :],
                              scores_of(test)[np.newaxis, :])


def call_kendalltau_c(test, cutoff, keys):
    return kendalltau(np.asarray(test["grades"], dtype=float), scores_of(test),
                      variant="c")[0]


# output file, family (file stem without _test), metrics of the variant
# names selected (None: every vector of the family), function
JOBS = [
    ("roc_auc_score", "auc", None, call_roc_auc),
    ("average_precision_score", "ap", None, call_average_precision),
    ("ndcg_score", "cg_dcg_ndcg", {"ndcg"}, call_ndcg),
    ("dcg_score", "cg_dcg_ndcg", {"dcg"}, call_dcg),
    ("label_ranking_average_precision_score", "rr", {"lrap"}, call_lrap),
    ("coverage_error", "single", {"coverage-error"}, call_coverage_error),
    ("label_ranking_loss", "single", {"ranking-loss"}, call_label_ranking_loss),
    ("kendalltau_c", "single", {"kendall"}, call_kendalltau_c),
]


def run(fn, test, cutoff, keys):
    """float.hex of the value, or 'error' (exception or NaN); the reason."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = float(fn(test, cutoff, keys))
        except Exception as e:  # scikit-learn raises ValueError, mostly
            return "error", "%s: %s" % (type(e).__name__,
                                        str(e).splitlines()[0][:70])
    if math.isnan(value):
        return "error", "NaN"
    note = ""
    if caught:
        note = "warning: " + str(caught[0].message).splitlines()[0][:70]
    return value.hex(), note


def main(argv):
    vecdir = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          os.pardir, "vectors")
    args = argv[1:]
    if len(args) >= 2 and args[0] == "--vectors":
        vecdir, args = args[1], args[2:]
    if len(args) != 1:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    outdir = args[0]
    os.makedirs(outdir, exist_ok=True)

    families = {}
    for path in sorted(glob.glob(os.path.join(vecdir, "*_test.json"))):
        stem = os.path.basename(path)[:-len("_test.json")]
        with open(path) as f:
            families[stem] = json.load(f)

    for outname, family, metrics, fn in JOBS:
        if family not in families:
            sys.stderr.write("no vectors of family %s in %s\n"
                             % (family, vecdir))
            return 1
        rows = []
        for group in families[family]["testGroups"]:
            metric, cutoff, keys = parse_variant(group["variant"])
            if metrics is not None and metric not in metrics:
                continue
            for test in group["tests"]:
                value, note = run(fn, test, cutoff, keys)
                rows.append((test["tcId"], value, note))
        rows.sort(key=lambda r: r[0])
        with open(os.path.join(outdir, outname + ".txt"), "w") as out:
            if fn is call_kendalltau_c:
                out.write("# candidate: SciPy %s, scipy.stats.kendalltau, "
                          "variant='c'\n" % scipy.__version__)
            else:
                out.write("# candidate: scikit-learn %s, sklearn.metrics.%s\n"
                          % (sklearn.__version__, outname))
            out.write("# numpy %s, Python %s; written by "
                      "tests/sklearn_adapter.py\n"
                      % (np.__version__, sys.version.split()[0]))
            out.write("# family %s, %d vectors\n" % (family, len(rows)))
            for tcid, value, note in rows:
                if note:
                    out.write("# %s:%d %s\n" % (family, tcid, note))
                out.write("%s:%d %s\n" % (family, tcid, value))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
