"""rankmetrics.evaluate over in-memory columns runs the engine of
`rankmetrics eval` (the library's rm_eval_columns, issue 31 item 2): on
seeded random rows, written once as a CSV file for the tool and given once
as columns (lists, numpy arrays, a pandas data frame), every value per
user and every aggregate must be the very double that `rankmetrics eval
-q --json` prints for the file, on the double path (--fast, evaluate's
fast=True) and on eval's default, the exact path's correctly rounded
doubles (fast=False); and what the tool refuses in the file, evaluate
refuses with the tool's words, a row's number for the line's."""

import json
import random
import subprocess

import numpy as np
import pytest

import rankmetrics as rm
from conftest import TOOL

MEASURES = ["ap", "ndcg@10", "precision@5", "rr", "auc[ties=average]",
            "micro:recall@5", "gm:ap", "mean[weight=items]:ndcg@3",
            "mean[skip=norel]:rr", "err@5[gmax=4]", "coverage@3[items=20]",
            "rmse"]


def rows(seed, nusers, grouped):
    rnd = random.Random(seed)
    out = []
    for u in range(nusers):
        for k in range(rnd.randint(1, 12)):
            out.append(("u%d" % u, "i%d" % k, rnd.choice([0, 0, 1, 2, 3]),
                        rnd.choice([0.5, 0.25, 1.0, rnd.random()])))
    if not grouped:
        rnd.shuffle(out)
    return out


def tool(measures, path, *opts):
    args = [TOOL, "eval", "--quiet", "-q", "--json"] + list(opts)
    for m in measures:
        args += ["-m", m]
    p = subprocess.run(args + [str(path)], capture_output=True, text=True)
    return p.returncode, [json.loads(x) for x in p.stdout.splitlines()], \
        p.stderr


def write(tmp_path, data, header="user,item,label,score"):
    f = tmp_path / "data.csv"
    f.write_text(header + "\n" + "".join(
        ",".join(map(str, r)) + "\n" for r in data))
    return f


def same(ev, lines):
    n = 0
    for d in lines:
        m, q = d["measure"], d["qid"]
        got = ev.aggregate[m] if q is None else ev.per_query[q][m]
        n += 1
        if d.get("skipped"):  # left out by the aggregate's skip rule: eval
            continue  # writes no value, evaluate keeps the list's
        assert got.hex() == float(d["value"]).hex(), (m, q, got, d)
    assert n == len(ev.aggregate) + sum(len(v) for v in
                                         ev.per_query.values())


@pytest.mark.parametrize("grouped", [True, False])
@pytest.mark.parametrize("fast", [True, False])
def test_columns_equal_eval_on_the_file(tmp_path, grouped, fast):
    data = rows(7 + grouped, 300, grouped)
    rc, lines, err = tool(MEASURES, write(tmp_path, data),
                          *(["--fast"] if fast else []))
    assert rc == 0, err
    cols = list(zip(*data))
    ev = rm.evaluate(MEASURES, users=list(cols[0]), items=list(cols[1]),
                     labels=list(cols[2]), scores=list(cols[3]), fast=fast)
    same(ev, lines)
    ev = rm.evaluate(MEASURES, users=np.array(cols[0]),
                     items=np.array(cols[1]), labels=np.array(cols[2]),
                     scores=np.array(cols[3]), fast=fast)
    same(ev, lines)
    # users in the order of their first row, whatever order eval writes
    assert ev.users == list(dict.fromkeys(cols[0]))


def test_a_data_frame_read_from_the_file(tmp_path):
    import pandas as pd
    data = rows(3, 200, True)
    f = write(tmp_path, data, header="uid,iid,y,Score")
    rc, lines, err = tool(["ap", "ndcg@5"], f, "--user", "uid", "--item",
                          "iid", "--label", "y")
    assert rc == 0, err
    ev = rm.evaluate(["ap", "ndcg@5"], pd.read_csv(f), user="uid",
                     item="iid", label="y", fast=False)
    # the users of the frame are the file's strings: the same names
    same(ev, lines)


@pytest.mark.parametrize("grouped", [True, False])
def test_two_threads_over_many_rows(tmp_path, grouped):
    # 65,536 rows or more: the engine reads the columns in a thread of its
    # own (and sorts them when the users are shuffled), as eval a file
    data = rows(11, 11000, grouped)
    assert len(data) >= 65536
    ms = ["ap", "ndcg@10", "auc[ties=average]"]
    rc, lines, err = tool(ms, write(tmp_path, data), "--threads", "2")
    assert rc == 0, err
    cols = list(zip(*data))
    same(rm.evaluate(ms, users=np.array(cols[0]), items=np.array(cols[1]),
                     labels=np.array(cols[2]), scores=np.array(cols[3]),
                     fast=False), lines)


def test_ratings_and_negative_grades_as_eval_reads_them(tmp_path):
    # a rating 3.5 (a float, exactly) and "3.3" (a str: the decimal 33/10),
    # and a negative grade, read as 0 and counted, as a file's
    data = [("a", "x", "3.5", 0.9), ("a", "y", "1", 0.1), ("b", "x", "-1", 0.4),
            ("b", "y", "3.3", 0.3), ("b", "z", "2", 0.2)]
    ms = ["mae", "rmse", "mean:mse"]
    rc, lines, err = tool(ms, write(tmp_path, data))
    assert rc == 0, err
    labels = [3.5, 1, -1, "3.3", 2]
    ev = rm.evaluate(ms, users=[r[0] for r in data], items=[r[1] for r in data],
                     labels=labels, scores=[r[3] for r in data], fast=False)
    same(ev, [d for d in lines])
    # the worked value: user a's MAE is (|3.5 - 0.9| + |1 - 0.1|)/2 = 1.75
    assert ev.per_query["a"]["mae"] == 1.75
    # ap reads grades: the negative grade is 0, where the library's lists
    # refused it as a rating
    ev = rm.evaluate("ap", users=["u", "u"], labels=[-1, 1])
    assert ev.aggregate["ap"] == 0.5


def test_what_eval_refuses_is_refused_with_its_words():
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate("ap", users=["u", "u", "u"], labels=[1, 0, 1],
                    scores=[1.0, float("nan"), 0.5])
    assert e.value.message == "rows:2: score nan is not a finite number"
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate("ap", users=["u", "u"], labels=["1", "x"])
    assert e.value.message.startswith("rows:2: grade 'x' is not a whole")
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate("ap", users=["u", "u", "v"], items=["a", "a", "a"],
                    labels=[1, 0, 1])
    assert "repeated" in e.value.message and "rows:2" in e.value.message
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate("ap", users=["u", "u"], items=["a", ""], labels=[1, 0])
    assert e.value.message == "rows:2: the item is empty"


def test_judged_items_not_retrieved():
    # user 1: the list 1, 0 and one relevant item judged, not retrieved:
    # AP (1/1)/2 = 1/2, recall 1/2; user 2: 0, 1 and two such items of
    # grade 0 and 1: AP (1/2)/2 = 1/4
    ev = rm.evaluate(["ap", "recall"], users=[1, 1, 2, 2],
                     labels=[1, 0, 0, 1], judged={1: [1], 2: [0, 1]},
                     fast=False)
    assert ev.per_query[1]["ap"] == 0.5 and ev.per_query[1]["recall"] == 0.5
    assert ev.per_query[2]["ap"] == 0.25
    assert ev.aggregate["ap"] == 0.375


def test_users_whose_strings_coincide_stay_apart():
    # 1 and "1" are two users; the engine names them by their numbers
    ev = rm.evaluate("ap", users=[1, "1", 1], labels=[0, 1, 1], fast=False)
    assert ev.users == [1, "1"]
    assert ev.per_query[1]["ap"] == 0.5 and ev.per_query["1"]["ap"] == 1.0


def test_ctrl_c_stops_evaluate_on_the_engine():
    import os
    import signal
    import threading
    import time
    # 600,000 rows of 300,000 users: the engine gives 600,000 values back
    # through ctypes, a second or more under load
    n = 300000
    users = np.repeat(np.arange(n), 2)
    labels = np.tile(np.array([1, 0]), n)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    t = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    t.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            start = time.monotonic()
            rm.evaluate(["ap", "ndcg"], users=users, labels=labels)
    finally:
        t.cancel()
        signal.signal(signal.SIGINT, old)
    assert time.monotonic() - start < 5
