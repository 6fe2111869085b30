"""Sharding from Python (issue 31 item 4): a pandas data frame cut into
shards of whole users, each shard's state made by rankmetrics.partial in
a worker process of a dask.distributed LocalCluster (two processes, one
thread each), the states merged by rankmetrics.merge.  What must hold:
each state is the very bytes of `rankmetrics eval --partial` on a CSV file
of the shard's rows; `rankmetrics merge` of the states prints the bytes of
`rankmetrics eval` on the whole file; and rankmetrics.merge gives those
aggregates, bit for bit, as evaluate gives them in one run.  The worked
example examples/dask_shards.py is the code under test."""

import importlib.util
import logging
import os
import random
import subprocess

import pytest

import rankmetrics as rm
from conftest import ROOT, TOOL

MEASURES = ["ap", "ndcg@5", "rr", "precision@3", "micro:recall@5",
            "mean[weight=items]:auc"]


def example():
    spec = importlib.util.spec_from_file_location(
        "dask_shards", os.path.join(ROOT, "examples", "dask_shards.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def frame(pd):
    rnd = random.Random(31)
    rows = [("u%d" % u, "i%d" % k, rnd.choice([0, 0, 1, 2]),
             rnd.choice([0.5, 0.25, rnd.random()]))
            for u in range(300) for k in range(rnd.randint(2, 9))]
    return pd.DataFrame(rows, columns=["user", "item", "label", "score"])


def tool(*args):
    p = subprocess.run([TOOL] + list(args), capture_output=True)
    assert p.returncode == 0, p.stderr.decode()
    return p.stdout


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # tornado's, in dask
def test_dask_shards_merge_to_the_bytes_of_one_run(tmp_path, monkeypatch):
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as e:  # .ci/deps installs python3-distributed
        pytest.fail("dask.distributed is missing (Debian's python3-distributed,"
                    " which .ci/deps installs): %s" % e)
    import pandas as pd
    ex = example()
    df = frame(pd)
    parts = ex.shards(df, 4)
    assert len(parts) == 4 and sum(map(len, parts)) == len(df)
    # the workers are new processes: they find the package as this one did
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [os.path.join(ROOT, "python")] +
        [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    import dask
    # a loaded machine may take long to start two processes: generous
    # timeouts, and no fixed port (the scheduler takes a free one)
    with dask.config.set({"distributed.comm.timeouts.connect": "120s",
                          "distributed.comm.timeouts.tcp": "120s"}), \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                         dashboard_address=None, silence_logs=logging.ERROR,
                         worker_dashboard_address=None) as cluster, \
            Client(cluster, timeout=120) as client:
        merged = ex.evaluate_sharded(client, df, MEASURES, 4)
        fast = client.gather(client.map(rm.partial, [MEASURES] * 4, parts,
                                        fast=True), errors="raise")
        states = client.gather(client.map(rm.partial, [MEASURES] * 4, parts),
                               errors="raise")
        pids = set(client.run(os.getpid).values())
    assert len(pids) == 2 and os.getpid() not in pids
    csv = tmp_path / "all.csv"
    df.to_csv(csv, index=False)
    args = sum([["-m", m] for m in MEASURES], [])
    for path, sts in (([], states), (["--fast"], fast)):
        files = []
        for i, (part, st) in enumerate(zip(parts, sts)):
            f = tmp_path / ("shard%d.csv" % i)
            part.to_csv(f, index=False)
            # the worker's state is the tool's, byte for byte
            assert st == tool("eval", "--quiet", "--partial", *path, *args,
                              str(f))
            files.append(tmp_path / ("state%d" % i))
            files[-1].write_bytes(st)
        # merged by the tool: the bytes of eval on the whole file
        assert tool("merge", "--quiet", *map(str, files)) == \
            tool("eval", "--quiet", *path, *args, str(csv))
    one = rm.evaluate(MEASURES, df, fast=False)
    assert [merged.aggregate[m].hex() for m in MEASURES] == \
        [one.aggregate[m].hex() for m in MEASURES]
    # in any order, from bytes or from files
    again = rm.merge(list(reversed(files)))
    assert [again.aggregate[m].hex() for m in MEASURES] == \
        [rm.evaluate(MEASURES, df).aggregate[m].hex() for m in MEASURES]


def test_merge_refuses_a_user_in_two_states():
    a = rm.partial("ap", users=["u", "v"], labels=[1, 0])
    b = rm.partial("ap", users=["v"], labels=[1])
    with pytest.raises(rm.RankmetricsError) as e:
        rm.merge([a, b])
    assert "'v'" in e.value.message
    # a median shards (it was refused: "a median needs the value of every
    # query"): u (rr 1), v (rr 0) and w (rr 1/2) in three states, median
    # 1/2; without w, the mean of the middle two, 1/2, or the lower, 0
    parts = [rm.partial(["median:rr", "median[even=lower]:rr"], users=[u], labels=[y])
             for u, y in (("u", 1), ("v", 0))]
    two = rm.merge(parts).aggregate
    assert (two["median:rr"], two["median[even=lower]:rr"]) == (0.5, 0.0)
    w = rm.partial(["median:rr", "median[even=lower]:rr"], users=["w", "w"], labels=[0, 1])
    three = rm.merge([w] + parts).aggregate
    assert (three["median:rr"], three["median[even=lower]:rr"]) == (0.5, 0.5)
    # the F of the pooled means shards: u (P = R = 1) and v (P = 0, R = 0):
    # means 1/2 and 1/2, F = 1/2, where the shards' own F are 1 and 0
    f = rm.merge([rm.partial("fmean", users=["v"], labels=[0]),
                  rm.partial("fmean", users=["u"], labels=[1])])
    assert f.aggregate["fmean"] == 0.5
    # mean RR over the users u (rr 1) and v (rr 0) and w (rr 1/2): the
    # mean of the shards' means would be (1 + 1/4)/2 = 5/8; the merge is
    # (1 + 0 + 1/2)/3 = 1/2
    s1 = rm.partial("rr", users=["u"], labels=[1])
    s2 = rm.partial("rr", users=["v", "w", "w"], labels=[0, 0, 1])
    assert rm.merge([s2, s1]).aggregate["rr"] == 0.5


def test_partial_of_files_is_the_tools_state(tmp_path):
    # examples/run.1 and run.2 are the two queries of examples/run
    ex = os.path.join(ROOT, "examples")
    q = os.path.join(ex, "qrels")
    states = []
    for part in ("run.1", "run.2"):
        r = os.path.join(ex, part)
        st = rm.partial(["ap", "rr"], qrels=q, run=r,
                        path=tmp_path / (part + ".state"))
        assert st == tool("eval", "--quiet", "--partial", "-m", "ap", "-m",
                          "rr", q, r)
        assert (tmp_path / (part + ".state")).read_bytes() == st
        states.append(tmp_path / (part + ".state"))
    one = rm.evaluate_files(["ap", "rr"], q, os.path.join(ex, "run"))
    got = rm.merge(states)
    assert got.aggregate == one.aggregate and got.measures == ["ap", "rr"]
    with pytest.raises(TypeError):
        rm.partial("ap", users=["u"], labels=[1], run=q)
