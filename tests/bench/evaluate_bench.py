"""evaluate_bench.py CSV TOOL: `make bench' (never part of make check).
Python's rankmetrics.evaluate over a pandas data frame against
`rankmetrics eval` on the CSV file the frame was read from (issue 31 item
2: at most 1.5 times eval's time, the same values bit for bit), on the
double path (fast=True, eval --fast) and on the default of both, the
exact path's correctly rounded doubles.  Reading the file
into the frame is not timed: the data are in memory, where evaluate
finds them; eval's time is the whole command's, reading included.  Each
time is the median of three runs, in elapsed seconds."""

import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))

import pandas as pd  # noqa: E402
import rankmetrics as rm  # noqa: E402

MEASURES = ["ap", "ndcg@10", "precision@10", "rr", "auc[ties=average]"]


def median_time(call):
    times, out = [], None
    for _ in range(3):
        t = time.perf_counter()
        out = call()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def main(csv, tool):
    df = pd.read_csv(csv)
    users = df["user"].nunique()
    for fast in (True, False):
        args = [tool, "eval", "--quiet"] + (["--fast"] if fast else [])
        for m in MEASURES:
            args += ["-m", m]
        te, ev = median_time(lambda: rm.evaluate(MEASURES, df, fast=fast))
        tt, out = median_time(lambda: subprocess.run(
            args + [csv], capture_output=True, text=True, check=True).stdout)
        got = {f[0]: float(f[2]) for f in map(str.split, out.splitlines())}
        same = all(got[m].hex() == ev.aggregate[m].hex() for m in MEASURES)
        print("evaluate: %d rows, %d users, %s, %s: evaluate %.3f s, eval "
              "%.3f s, x%.2f (goal: at most x1.5); the same bits: %s"
              % (len(df), users, " ".join(MEASURES),
                 "double path (--fast)" if fast else "default (truth)", te, tt,
                 te / tt, "yes" if same else "NO"))
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
