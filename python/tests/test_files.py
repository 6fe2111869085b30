"""rankmetrics.evaluate_files, the library's engine of `rankmetrics eval`
(rm_eval_files), against the tool itself: on examples/ and on seeded random
judgments and runs (grouped, shuffled, with ties, on both paths), every
value of `rankmetrics eval -q --json` must be the same double, in the same
order, with the same marks; and an error must raise RankmetricsError with
the status and the very message the tool prints."""

import json
import os
import random
import subprocess

import pytest

import rankmetrics as rm
from conftest import ROOT, TOOL

EX = os.path.join(ROOT, "examples")
MEASURES = ["ap", "ndcg@10", "precision@5", "rr", "recall@10",
            "micro:precision@5", "gm:ap", "mean[weight=items]:ndcg@3",
            "bpref", "err@5[gmax=4]", "hr@3"]


def tool_eval(measures, files, *opts):
    args = [TOOL, "eval", "--quiet", "-q", "--json"]
    for m in measures:
        args += ["-m", m]
    p = subprocess.run(args + list(opts) + list(files), capture_output=True,
                       text=True)
    return p.returncode, [json.loads(x) for x in p.stdout.splitlines()], \
        p.stderr


def same(res, lines):
    """The lines of the tool, in order, against the result."""
    seen_q = []
    for d in lines:
        m, q = d["measure"], d["qid"]
        if q is None:
            assert res.aggregate[m] == d["value"], (m, res.aggregate[m], d)
        else:
            if q not in seen_q:
                seen_q.append(q)
            got = res.per_query[q][m]
            if d.get("skipped"):
                assert got is None, (m, q)
            else:
                assert got == d["value"], (m, q, got, d["value"])
        assert ((m, q) in res.undefined) == bool(d.get("undefined")), (m, q)
    assert seen_q == res.queries
    n = sum(len(v) for v in res.per_query.values()) + len(res.aggregate)
    assert n == len(lines)


def test_examples_trec():
    files = [os.path.join(EX, "qrels"), os.path.join(EX, "run")]
    rc, lines, err = tool_eval(MEASURES, files)
    assert rc == 0, err
    same(rm.evaluate_files(MEASURES, *files), lines)


def test_examples_csv_exact():
    ms = ["rr", "auc", "precision@1", "mae", "rmse"]
    f = os.path.join(EX, "data.csv")
    rc, lines, err = tool_eval(ms, [f], "--exact")
    assert rc == 0, err
    same(rm.evaluate_files(ms, f, exact=True), lines)


def random_files(tmp_path, seed, shuffle):
    r = random.Random(seed)
    qrels, run = [], []
    for q in range(1, r.randint(2, 12)):
        docs = ["d%d" % d for d in r.sample(range(40), r.randint(1, 15))]
        for d in docs:
            if r.random() < 0.7:
                qrels.append("q%d 0 %s %d" % (q, d, r.choice([0, 0, 1, 2, 3])))
        for k, d in enumerate(docs):
            run.append("q%d Q0 %s %d %s t" % (q, d, k + 1,
                                              r.choice(["1", "2", "2.5", "3"])))
    if shuffle:
        r.shuffle(run)
    (tmp_path / "qrels").write_text("\n".join(qrels) + "\n")
    (tmp_path / "run").write_text("\n".join(run) + "\n")
    return [str(tmp_path / "qrels"), str(tmp_path / "run")]


@pytest.mark.parametrize("seed", range(8))
def test_random_files(tmp_path, seed):
    files = random_files(tmp_path, seed, shuffle=seed % 2 == 1)
    exact = seed % 4 == 3
    opts = ["--exact"] if exact else ["--fast"]
    judged = "empty" if seed % 3 == 0 else "skip"
    rc, lines, err = tool_eval(MEASURES, files, "--judged-only", judged, *opts)
    res_ok = rc == 0
    if not res_ok:  # e.g. no query at all: the same error
        with pytest.raises(rm.RankmetricsError) as e:
            rm.evaluate_files(MEASURES, *files, exact=exact,
                              judged_only=judged)
        assert e.value.message == err.strip()
        return
    same(rm.evaluate_files(MEASURES, *files, exact=exact,
                           judged_only=judged), lines)


def test_no_per_query(tmp_path):
    files = random_files(tmp_path, 99, shuffle=False)
    res = rm.evaluate_files(["ap"], *files, per_query=False)
    assert res.per_query == {} and list(res.aggregate) == ["ap"]


def test_errors_are_the_tools(tmp_path):
    q = tmp_path / "qrels"
    r = tmp_path / "run"
    q.write_text("q1 0 d1 1\n")
    r.write_text("q1 Q0 d1 1 1.0 t\nq1 Q0 d2 2\n")
    rc, _, err = tool_eval(["ap"], [str(q), str(r)])
    assert rc == 1
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate_files(["ap"], str(q), str(r))
    assert e.value.status_name == "RM_EFORMAT"
    assert e.value.message == err.strip()
    assert e.value.message.startswith(str(r) + ":2:")
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate_files(["ap"], str(q), str(tmp_path / "none"))
    assert e.value.status_name == "RM_EIO"
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate_files(["ap[norm=nonsense]"], str(q), str(r))
    assert e.value.status_name == "RM_ENAME"
    with pytest.raises(rm.RankmetricsError):
        rm.evaluate_files(["ap"], str(q), str(r), dup="sometimes")


def test_csv_columns_and_delimiter(tmp_path):
    f = tmp_path / "d.tsv"
    f.write_text("U\tI\tL\tS\nu1\ta\t1\t0.9\nu1\tb\t0\t0.8\nu1\tc\t1\t0.1\n"
                 "u2\ta\t0\t0.5\nu2\td\t2\t0.4\n")
    opts = ["--tsv", "--user", "U", "--item", "I", "--label", "L",
            "--score", "S"]
    rc, lines, err = tool_eval(["rr", "ap"], [str(f)], *opts)
    assert rc == 0, err
    res = rm.evaluate_files(["rr", "ap"], f, delimiter="\t", user="U",
                            item="I", label="L", score="S")
    same(res, lines)
    # by hand: RR of u1 is 1, of u2 1/2
    assert res.per_query["u1"]["rr"] == 1 and res.per_query["u2"]["rr"] == 0.5


def test_two_threads(tmp_path):
    """Two evaluations at once (ctypes lets go of the GIL): each its own
    evaluator, each the tool's values."""
    import threading
    files = []
    for d, seed in (("a", 11), ("b", 12)):
        (tmp_path / d).mkdir()
        files.append(random_files(tmp_path / d, seed, shuffle=True))
    want = [tool_eval(MEASURES, f)[1] for f in files]
    bad = []

    def work(k):
        for _ in range(20):
            try:
                same(rm.evaluate_files(MEASURES, *files[k]), want[k])
            except Exception as e:  # noqa: BLE001 -- reported below
                bad.append(e)
    ts = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not bad, bad[0]


def big_files(tmp_path):
    q, r = tmp_path / "bq", tmp_path / "br"
    q.write_text("".join("q%d 0 d1 1\n" % i for i in range(2000)))
    r.write_text("".join("q%d Q0 d%d %d %d t\n" % (i, k, k + 1, 20 - k)
                         for i in range(2000) for k in range(20)))
    return str(q), str(r)


def test_progress_and_stop(tmp_path):
    files = big_files(tmp_path)
    seen = []
    res = rm.evaluate_files(["ap"], *files,
                            progress=lambda *a: seen.append(a))
    assert res.aggregate["ap"] == 0.5  # d1, the relevant one, is 2nd
    assert seen and 16384 <= seen[0][0] <= 40000
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate_files(["ap"], *files, progress=lambda *a: True)
    assert e.value.status_name == "RM_ESTOP"

    def interrupt(*a):
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        rm.evaluate_files(["ap"], *files, progress=interrupt)


def test_truth_by_default(tmp_path):
    # P@10 of 1/10 and 2/10: the mean 3/20 is 0.15 correctly rounded; the
    # double path (fast=True, eval --fast) halves 0.1 + 0.2 into
    # 0.15000000000000002
    (tmp_path / "qrels").write_text("q1 0 d1 1\nq2 0 d1 1\nq2 0 d2 1\n")
    (tmp_path / "run").write_text("q1 Q0 d1 1 9 t\nq2 Q0 d1 1 9 t\n"
                                  "q2 Q0 d2 2 8 t\n")
    files = [str(tmp_path / "qrels"), str(tmp_path / "run")]
    assert rm.evaluate_files(["precision@10"], *files).aggregate == {
        "precision@10": 0.15}
    assert rm.evaluate_files(["precision@10"], *files, fast=True).aggregate \
        == {"precision@10": 0.15000000000000002}
    assert rm.evaluate_files(["precision@10"], *files,
                             exact=False).aggregate == {
        "precision@10": 0.15000000000000002}


def test_gzip_files(tmp_path):
    """Compressed judgments, runs and CSV files (told by their first bytes,
    whatever the name) give the plain files' values; a truncated stream is
    the tool's read error, RM_EIO, never a shorter input."""
    import gzip
    names = {"qrels": "q.data", "run": "r.gz", "data.csv": "d.csv"}
    for src, dst in names.items():
        with open(os.path.join(EX, src), "rb") as f:
            (tmp_path / dst).write_bytes(gzip.compress(f.read()))
    files = [os.path.join(EX, "qrels"), os.path.join(EX, "run")]
    rc, lines, err = tool_eval(MEASURES, files)
    assert rc == 0, err
    same(rm.evaluate_files(MEASURES, str(tmp_path / "q.data"),
                           str(tmp_path / "r.gz")), lines)
    ms = ["rr", "auc", "mae"]
    rc, lines, err = tool_eval(ms, [os.path.join(EX, "data.csv")], "--exact")
    assert rc == 0, err
    same(rm.evaluate_files(ms, str(tmp_path / "d.csv"), exact=True), lines)
    cut = tmp_path / "cut.gz"
    cut.write_bytes((tmp_path / "r.gz").read_bytes()[:40])
    rc, _, err = tool_eval(["ap"], [files[0], str(cut)])
    assert rc != 0 and err.strip() == str(cut) + \
        ": read error: truncated gzip stream", err
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate_files(["ap"], files[0], str(cut))
    assert e.value.status_name == "RM_EIO"
    assert e.value.message == err.strip()
