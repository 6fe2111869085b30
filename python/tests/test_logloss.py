"""RecBole's LogLoss over users (issue 30): RecBole pools every row of its
test set (recbole/evaluator/metrics.py, LogLoss.metric_info, over the
rec.score and data.label of all users), which is mean[weight=items]:logloss;
the plain mean weighs every user alike.  Both are checked against RecBole's
own formula with NumPy, through value_set, exact_set and evaluate_files."""

import random

import pytest

import rankmetrics as rm
from test_recsys_more import recbole_logloss  # RecBole's metric_info, line for line


def users(r):
    qs = []
    for _ in range(r.randint(2, 6)):
        n = r.randint(2, 8)
        g = [r.choice([0, 1, 2]) for _ in range(n)]
        s = [r.choice([0.0, 1.0, 0.5, 1e-17, r.random(), r.random()]) for _ in range(n)]
        qs.append((g, s))
    return qs


def close(x, want):
    # RecBole rounds 1 - p before its logarithm (an absolute error up to
    # 2^-53 in a term), the exact value does not
    return abs(x - want) <= 1e-13 * want + 2 ** -52


def test_pooled_is_recboles_and_mean_is_the_users_mean():
    np = pytest.importorskip("numpy")
    r = random.Random(3033)
    for _ in range(60):
        qs = users(r)
        rows_s = np.array([x for g, s in qs for x in s])
        rows_y = np.array([float(x >= 1) for g, s in qs for x in g])
        pooled = rm.exact_set("mean[weight=items]:logloss", qs)
        assert pooled.fraction is None
        assert close(pooled.value, recbole_logloss(rows_s, rows_y)), qs
        per_user = [recbole_logloss(np.array(s), np.array([float(x >= 1) for x in g]))
                    for g, s in qs]
        mean = rm.exact_set("mean:logloss", qs)
        assert close(mean.value, sum(per_user) / len(per_user)), qs
        for name, e in (("mean[weight=items]:logloss", pooled), ("mean:logloss", mean)):
            assert abs(rm.value_set(name, qs) - e.value) <= 7 * np.spacing(e.value)


def test_the_book_s_two_users():
    qs = [([1, 0], [0.5, 0.5]), ([1], [0.25])]
    # 3/2 ln2 and 4/3 ln2, 40 digits from bc -l
    assert rm.exact_set("mean:logloss", qs).decimal == \
        "1.039720770839917964125848182187264852113"
    assert rm.exact_set("mean[weight=items]:logloss", qs).value == 0.9241962407465938


def test_evaluate_files_takes_logloss(tmp_path):
    np = pytest.importorskip("numpy")
    rows = [("u1", "a", 1, 0.5), ("u1", "b", 0, 0.5), ("u2", "c", 1, 0.25),
            ("u2", "d", 0, 0.9), ("u2", "e", 1, 1.0), ("u3", "f", 0, 0.0),
            ("u3", "g", 1, 0.75)]
    (tmp_path / "d.csv").write_text("user,item,label,score\n" + "".join(
        "%s,%s,%d,%r\n" % x for x in rows))
    e = rm.evaluate_files(["logloss", "mean[weight=items]:logloss", "median:logloss"],
                          tmp_path / "d.csv")
    want = recbole_logloss(np.array([x[3] for x in rows]),
                           np.array([float(x[2]) for x in rows]))
    assert close(e.aggregate["mean[weight=items]:logloss"], want)
    per = {u: recbole_logloss(np.array([x[3] for x in rows if x[0] == u]),
                              np.array([float(x[2]) for x in rows if x[0] == u]))
           for u in ("u1", "u2", "u3")}
    assert close(e.aggregate["logloss"], sum(per.values()) / 3)
    assert close(e.aggregate["median:logloss"], sorted(per.values())[1])
    assert e.per_query["u2"]["logloss"] == \
        rm.exact("logloss", [1, 0, 1], [0.25, 0.9, 1.0]).value


def test_columns_and_shards():
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"user": ["u1", "u1", "u2"], "item": ["a", "b", "c"],
                       "label": [1, 0, 1], "score": [0.5, 0.5, 0.25]})
    ms = ["logloss", "mean[weight=items]:logloss"]
    want = {"logloss": 1.0397207708399179, "mean[weight=items]:logloss": 0.9241962407465938}
    assert dict(rm.evaluate(ms, df).aggregate) == want
    parts = [rm.partial(ms, df[df.user == u]) for u in ("u2", "u1")]
    assert dict(rm.merge(parts).aggregate) == want
