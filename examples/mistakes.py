#!/usr/bin/env python3
"""Four metrics as a Python engineer writes them at home, each with a
mistake, answering the golden vectors of the variant it means to compute.

    python3 examples/mistakes.py VECTORS-DIR METRIC > results.txt
    rankmetrics verify results.txt

METRIC is ndcg10, map10, mrr10 or hr10.  Every one ranks by
np.argsort(scores)[::-1], which reverses the input order of tied scores
(and, on lists of more than 16 items, puts them in an order of NumPy's
unstable sort); besides, nDCG@10 takes the gain 2^g-1 and its ideal from
the retrieved list, AP@10 divides by the hits, and HR@10 divides the hits
by the relevant items retrieved.  The book's section "Verifying an
implementation" and the README show what verify says of each.
"""

import math
import sys

try:
    import numpy as np

    def argsort_desc(s):
        return list(np.argsort(s)[::-1])
except ImportError:  # the same orders without NumPy, for make check
    def argsort_desc(s):
        # NumPy's argsort sorts up to 16 items by insertion (stable), and
        # longer lists by an introsort whose tie order is its own; a heap
        # sort stands for it here
        n = len(s)
        if n <= 16:
            return sorted(range(n), key=lambda i: s[i])[::-1]
        a = list(range(n))

        def sift(root, end):
            while 2 * root + 1 < end:
                c = 2 * root + 1
                if c + 1 < end and s[a[c + 1]] > s[a[c]]:
                    c += 1
                if s[a[c]] <= s[a[root]]:
                    return
                a[root], a[c] = a[c], a[root]
                root = c
        for i in range(n // 2 - 1, -1, -1):
            sift(i, n)
        for end in range(n - 1, 0, -1):
            a[0], a[end] = a[end], a[0]
            sift(0, end)
        return a[::-1]


def ranked(grades, scores):
    if scores is None:
        return list(grades)
    return [grades[i] for i in argsort_desc(scores)]


def ndcg10(grades, scores, judged):
    g = ranked(grades, scores)
    dcg = sum((2 ** x - 1) / math.log2(r + 2) for r, x in enumerate(g[:10]))
    ideal = sorted(g, reverse=True)  # the judged items left out are forgotten
    idcg = sum((2 ** x - 1) / math.log2(r + 2)
               for r, x in enumerate(ideal[:10]))
    return dcg / idcg if idcg > 0 else 0.0


def map10(grades, scores, judged):  # the AP@10 of one query, averaged later
    hits, total = 0, 0.0
    for r, x in enumerate(ranked(grades, scores)[:10]):
        if x >= 1:
            hits += 1
            total += hits / (r + 1)
    return total / hits if hits else 0.0


def mrr10(grades, scores, judged):
    for r, x in enumerate(ranked(grades, scores)[:10]):
        if x >= 1:
            return 1 / (r + 1)
    return 0.0


def hr10(grades, scores, judged):
    g = ranked(grades, scores)
    relevant = sum(1 for x in g if x >= 1)  # retrieved ones only
    return sum(1 for x in g[:10] if x >= 1) / relevant if relevant else 0.0


# each metric, the family of its vectors and the group it answers
METRICS = {
    "ndcg10": (ndcg10, "cg_dcg_ndcg",
               "ndcg@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]"),
    "map10": (map10, "ap", "ap@10[norm=rel,rel=1,ties=input,undef=zero]"),
    "mrr10": (mrr10, "rr", "rr@10[hits=first,rel=1,ties=input,undef=zero]"),
    "hr10": (hr10, "prf", "hr@10[hit=any,rel=1,ties=input,undef=zero]"),
}


def numbers(text):
    if text == "none":
        return None
    return [float(x) for x in text.split(",")] if text else []


def main(vectors, metric):
    fn, family, group = METRICS[metric]
    test, ingroup = {}, False
    with open("%s/%s_test.txt" % (vectors, family)) as f:
        for line in f:
            key, _, value = line.rstrip("\n").partition(" =")
            value = value.strip()
            if line.startswith("[variant = "):
                ingroup = line.strip() == "[variant = %s]" % group
            elif key in ("tcId", "grades", "scores", "judged"):
                test[key] = value
            elif ingroup and key == "result" and value == "valid":
                grades = [int(x) for x in numbers(test["grades"])]
                v = fn(grades, numbers(test["scores"]),
                       numbers(test["judged"]))
                print("%s:%s %r" % (family, test["tcId"], v))


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[2] not in METRICS:
        sys.exit("usage: mistakes.py VECTORS-DIR ndcg10|map10|mrr10|hr10")
    main(sys.argv[1], sys.argv[2])
