"""Sharded evaluation of a pandas data frame with Dask (issue 31).

Each shard, a set of whole users, is evaluated in a worker process by
rankmetrics.partial, which returns the state that `rankmetrics eval
--partial` writes; the client merges the states with rankmetrics.merge,
which gives the aggregates of one evaluation of the whole frame, to the
last bit, in whatever order the shards come back.  Cut the frame at
users, never inside one: a user in two shards would be two queries, and
merge refuses a user named by two states.

    python3 examples/dask_shards.py [CSV]

reads CSV (by default examples/data.csv: columns user, item, label and
score), evaluates it in four shards on a local cluster of two worker
processes, and prints the merged aggregates beside those of one
evaluation.  The same code runs on a real cluster: give Client the
scheduler's address instead of a LocalCluster.
"""

import os
import sys
import zlib

import pandas as pd

import rankmetrics as rm


def shards(df, k, user="user"):
    """The frame cut into at most k frames of whole users, a user's rows
    kept in their order (the order of the rows ranks a user without
    scores, and breaks ties by input order)."""
    key = df[user].map(lambda u: zlib.crc32(str(u).encode()) % k)
    return [part for _, part in df.groupby(key, sort=True)]


def evaluate_sharded(client, df, measures, k=4, **columns):
    """The aggregates of measures over df, evaluated in k shards by the
    workers of client and merged here: a rankmetrics.FileEvaluation."""
    parts = shards(df, k, columns.get("user") or "user")
    futures = client.map(rm.partial, [measures] * len(parts), parts,
                         **columns)
    return rm.merge(client.gather(futures))


def main(path):
    from dask.distributed import Client, LocalCluster
    measures = ["ap", "ndcg@3", "rr", "precision@2"]
    df = pd.read_csv(path)
    # no fixed port: the scheduler takes a free one, and no dashboard
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, \
            Client(cluster) as client:
        merged = evaluate_sharded(client, df, measures)
    one = rm.evaluate(measures, df, fast=False)  # eval's truth, in one run
    for m in measures:
        print("%-12s merged %-20r one run %-20r %s" % (
            m, merged.aggregate[m], one.aggregate[m],
            "same" if merged.aggregate[m] == one.aggregate[m] else "DIFFER"))


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "data.csv"))
