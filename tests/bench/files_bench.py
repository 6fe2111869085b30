"""files_bench.py QRELS RUN: `make bench' (never part of make check).
Python's rankmetrics.evaluate_files on the bench's TREC files, the four
measures, two threads, no per-query values: its default (the exact path's
correctly rounded doubles) against fast=True (the double path), in CPU
seconds (user and system of this process, whose threads the library's
engine runs in), the run of median CPU time of three each; the goal of
issue 26 item 4 is at most 1.25 times.  The two must agree to within the
double path's few ulps."""

import os
import resource
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))

import rankmetrics as rm  # noqa: E402

MEASURES = ["ap", "ndcg@10", "precision@10", "rr"]


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def median_cpu(qrels, run, fast):
    times, out = [], None
    for _ in range(3):
        t = cpu()
        out = rm.evaluate_files(MEASURES, qrels, run, per_query=False,
                                fast=fast, threads=2)
        times.append(cpu() - t)
    return statistics.median(times), out


def main(qrels, run, label):
    tf, fast = median_cpu(qrels, run, True)
    te, exact = median_cpu(qrels, run, False)
    close = all(abs(fast.aggregate[m] - exact.aggregate[m])
                <= 8 * 2.0 ** -52 * abs(exact.aggregate[m]) for m in MEASURES)
    print("evaluate_files: %s, %s, two threads: default (truth) %.2f CPU s, "
          "fast=True %.2f, x%.2f (goal: at most x1.25); within a few ulps: %s"
          % (label, " ".join(MEASURES), te, tf, te / tf if tf > 0 else 0,
             "yes" if close else "NO"))
    if not close:
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
