"""The package's interface: errors, edge cases, the names as data, numpy
and pandas inputs, evaluation of columns, and threads."""

import math
import threading
from decimal import Decimal
from fractions import Fraction

import pytest

import rankmetrics as rm
from rankmetrics.strategies import random_lists

np = pytest.importorskip("numpy")


# ---- The issue's example and the exact result ----------------------------------

def test_issue_example():
    r = rm.exact("ap@10[norm=min]", grades=[1, 0, 1, 0], judged=[1])
    assert r.value == 5 / 9 and r.fraction == Fraction(5, 9)
    assert r.decimal == "0.5555555555555555555555555555555555555556"
    assert r.ternary == 1 and not r.exact and not r.undefined
    assert "5/9" in str(r) and "Fraction(5, 9)" in repr(r)
    assert r.variant == "ap@10[norm=min,rel=1,ties=input,undef=zero]"
    assert float(r) == r.value


def test_irrational_has_no_fraction():
    r = rm.exact("ndcg", grades=[0, 1])
    assert r.fraction is None and r.ternary != 0
    assert r.decimal.startswith("0.6309297535714574")


# ---- Errors ---------------------------------------------------------------------

@pytest.mark.parametrize("call, status", [
    (lambda: rm.value("ndcgg@10", [1]), "RM_ENAME"),
    (lambda: rm.value("ndcg@0", [1]), "RM_EK"),
    (lambda: rm.value("ndcg[ties=sideways]", [1]), "RM_ENAME"),
    (lambda: rm.value("ap", [1, 101]), "RM_EGRADE"),
    (lambda: rm.value("ap", [1, -1]), "RM_EGRADE"),
    (lambda: rm.value("ap", [1], judged=[200]), "RM_EGRADE"),
    (lambda: rm.exact("ap", [1, 2 ** 40]), "RM_EGRADE"),
    (lambda: rm.value("auc", [1, 0], [0.5, float("nan")]), "RM_ESCORE"),
    (lambda: rm.exact("auc", [1, 0], [0.5, float("inf")]), "RM_ESCORE"),
    (lambda: rm.value("ndcg[ties=id-asc]", [1, 0], [1, 1]), "RM_EIDS"),
    (lambda: rm.value("ndcg[ties=id-asc]", [1, 0], [1, 1], ["a", None]),
     "RM_EIDS"),
    (lambda: rm.value("ap[undef=error]", [0, 0]), "RM_EUNDEF"),
    (lambda: rm.exact_set("mean:ap[undef=error]", []), "RM_EUNDEF"),
    (lambda: rm.value("ap", [1, 0], [0.5]), "RM_EINVAL"),
    (lambda: rm.value_set("ap", [[1]]), "RM_EINVAL"),
])
def test_errors(call, status):
    with pytest.raises(rm.RankmetricsError) as e:
        call()
    assert e.value.status_name == status
    assert e.value.status == {v: k for k, v in rm.STATUS_NAMES.items()}[status]
    assert isinstance(e.value, ValueError)


def test_parser_message():
    with pytest.raises(rm.RankmetricsError) as e:
        rm.exact("ndcgg@10", [1])
    assert "did you mean 'ndcg@10'" in e.value.message
    assert e.value.variant == "ndcgg@10"
    with pytest.raises(rm.RankmetricsError) as e:  # a rating, not a grade
        rm.value("ap", [1.5, 0])
    assert e.value.status == -2
    with pytest.raises(TypeError):
        rm.value(42, [1])


# ---- Edge cases -------------------------------------------------------------------

def test_empty_list():
    assert rm.value("ap", []) == 0 and rm.exact("ap", []).undefined
    assert rm.exact("ndcg@10", []).value == 0
    assert rm.exact("ap[undef=one]", []).value == 1
    assert rm.value_set("mean:rr", []) == 0
    assert rm.value_set("sum:rr", []) == 0


def test_cutoff_beyond_the_list():
    assert rm.exact("precision@10", [1, 1]).fraction == Fraction(1, 5)
    assert rm.exact("precision@10[]".replace("[]", ""), [1, 1]).value == 0.2
    assert rm.exact("ndcg@100", [1, 0, 1]).value == rm.exact("ndcg",
                                                              [1, 0, 1]).value


def test_no_relevant_item():
    for name in ("ap", "ndcg", "recall@5", "auc"):
        r = rm.exact(name, [0, 0, 0], [3, 2, 1])
        assert r.undefined and r.value == 0, name
    r = rm.exact("rr", [0, 0, 0], [3, 2, 1])  # defined: no hit scores 0
    assert not r.undefined and r.value == 0


def test_unjudged_markers():
    # The book's first example of incomplete judgments: d2 unjudged, three
    # judged items not retrieved (1, 0, 0): R = N = 4; bpref 9/16, infAP 1/2.
    g, u, j = [1, 0, 0, 1, 0, 1], [0, 1, 0, 0, 0, 0], [1, 0, 0]
    assert rm.exact("bpref", g, judged=j, unjudged=u).fraction == Fraction(9, 16)
    assert rm.exact("infap", g, judged=j, unjudged=u).fraction == Fraction(1, 2)
    assert rm.exact("judged@10", g, unjudged=u).fraction == Fraction(1, 2)
    assert rm.value("unj@10", g, unjudged=[True, False, 0, 0, 0, 0]) == 0.1
    # Without markers d2 is judged nonrelevant: n_r = 0, 2, 3 over D = 4 (N = 5).
    assert rm.exact("bpref", g, judged=j).fraction == Fraction(4 + 2 + 1, 16)
    q = rm.Query(g, None, None, j, u)
    assert rm.exact_set("mean:bpref", [q, {"grades": [0, 1], "unjudged": [1, 0]}]) \
        .fraction == (Fraction(9, 16) + 1) / 2
    assert rm.values(["infap", "rbp-resid[p=0.5]"], g, judged=j, unjudged=u) == \
        [0.5, 17 / 64]
    with pytest.raises(rm.RankmetricsError):
        rm.value("bpref", [1, 0], unjudged=[0])
    with pytest.raises(rm.RankmetricsError):
        rm.value("bpref", [1, 0], unjudged=[0, 3])


def test_judged_items_count():
    assert rm.exact("recall", [1, 0], judged=[1, 1]).fraction == Fraction(1, 3)
    assert rm.exact("ndcg[ideal=list]", [0, 1], judged=[3]).value == \
        rm.exact("ndcg", [0, 1]).value


# ---- Names as data -----------------------------------------------------------------

def test_names_as_data():
    ms = rm.metrics()
    assert "ndcg" in ms and "ap" in ms and len(ms) == len(set(ms))
    assert rm.keys("ndcg") == ["gain", "gmin", "isort", "rel", "discount", "base",
                               "ideal", "ties", "undef"]  # drop: only parsed
    assert rm.words("ties")[0] == "input" and "average" in rm.words("ties")
    assert rm.words("rel") is None and rm.words("nosuchkey") is None
    assert rm.key_range("rel") == (1, 100, "int")
    assert rm.key_range("ties") is None
    assert rm.aggregator_keys("mean") == ["skip", "weight"]
    assert rm.aggregator_keys("micro") == ["skip"]
    assert rm.aggregator_keys("median") == ["skip", "even"]
    assert rm.aggregator_keys("min") == rm.aggregator_keys("max") == ["skip"]
    assert rm.takes_cutoff("ndcg") and not rm.takes_cutoff("auc")
    assert rm.name("ndcg@10") == \
        "ndcg@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]"
    assert rm.names(["mean:rr"]) == \
        ["mean[skip=none,weight=uniform]:rr[hits=first,rel=1,ties=input,undef=zero]"]
    for m in ms:  # every metric's default name parses and prints back
        if m in ("coverage", "topk-auc"):  # no default: items=N must be given
            with pytest.raises(rm.RankmetricsError):
                rm.name(m)
            m += "[items=10]"
        assert rm.name(rm.name(m)) == rm.name(m)
    # gain maps (the book's "Gains given grade by grade"): canonical, sorted
    g = rm.name("ndcg[gain=map:2=9;1=7/2]")
    assert g == ("ndcg[gain=map:1=3.5;2=9,isort=gain,discount=log2,"
                 "ideal=judged,ties=input,undef=zero]")
    assert rm.name(g) == g
    assert rm.name("nDCG(gains={0:1,1:4})@10") == rm.name(
        "ndcg@10[gain=map:0=1;1=4,negative=unjudged,scores=float32,ties=id-desc]")


def test_variants_of_a_name():
    vs = rm.variants("ap")
    assert "ap[norm=hits,rel=1,ties=input,undef=zero]" in vs
    assert len(vs) == len(set(vs)) == 4 * 6 * 3  # norm, ties but average, undef
    assert all(v.startswith("mean[") for v in rm.variants("mean:rr"))
    assert len(rm.variants("ap", vary=["norm"], numbers={"rel": [1, 2]})) == 8
    # a key the new combination does not read is left out, not fatal
    vs = rm.variants("ndcg[gain=binary,rel=2]", vary=["gain"])
    assert vs == ["ndcg[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]",
                  "ndcg[gain=exp2,discount=log2,ideal=judged,ties=input,undef=zero]",
                  "ndcg[gain=binary,rel=2,discount=log2,ideal=judged,ties=input,undef=zero]"]
    # a value's own colon is no aggregator's (the list was empty)
    vs = rm.variants("dcg@3[gain=map:0=0;1=2]", vary=["ties"])
    assert "dcg@3[gain=map:0=0;1=2,discount=log2,ties=id-desc]" in vs and len(vs) == 7
    vs = rm.variants("mean:dcg@3[gain=clip:1..3]", vary=["ties"])
    assert "mean[skip=none,weight=uniform]:dcg@3[gain=clip:1..3,discount=log2,ties=average]" in vs
    vs = rm.variants("idcg", vary=["ideal", "ties"])
    assert "idcg[gain=linear,discount=log2,ideal=judged]" in vs and len(vs) == 10


# ---- Several variants, several queries -------------------------------------------------

def test_values_equal_value():
    names = ["ap", "ndcg@3[ties=average]", "rr", "auc[ties=pessimistic]",
             "mean:ap"]
    for inp in random_lists(3, 50):
        got = rm.values(names, **inp)
        assert got == [rm.value(n, **inp) for n in names]


def test_sets():
    qs = [[0, 1, 0], {"grades": [1, 0, 0]}, rm.Query([0, 0, 1])]
    assert rm.exact_set("mean:rr", qs).fraction == Fraction(11, 18)
    assert rm.exact_set("sum:rr", qs).fraction == Fraction(11, 6)
    d = rm.value_set("mean:rr", qs)  # the double path, within its bound
    assert abs(d - 11 / 18) <= rm.ulp_bound("mean:rr") * math.ulp(11 / 18)
    # a set of one query is the query
    assert rm.exact_set("mean:ndcg", [[0, 1]]).value == \
        rm.exact("ndcg", [0, 1]).value


# ---- numpy and pandas -------------------------------------------------------------------

def test_numpy_inputs_without_copy():
    g = np.array([1, 0, 2, 0], dtype=np.int32)
    s = np.array([.4, .3, .2, .1])
    assert rm._ints(g, "grades")[2] is g  # passed by pointer
    assert rm._doubles(s)[2] is s
    want = rm.exact("ndcg", [1, 0, 2, 0], [.4, .3, .2, .1])
    assert rm.exact("ndcg", g, s) == want
    assert rm.exact("ndcg", g.astype(np.int64), s.astype(np.float32)) == want
    assert rm.exact("ndcg", np.array([1., 0, 2, 0]), list(s)) == want
    strided = np.array([1, 9, 0, 9, 2, 9, 0, 9], dtype=np.int32)[::2]
    assert rm.exact("ndcg", strided, s) == want
    with pytest.raises(rm.RankmetricsError) as e:  # ratings, not grades
        rm.value("ndcg", np.array([0.5, 1.0]))
    assert e.value.status == -2
    assert rm.value("mae", np.array([0.5, 1.0]), np.array([0., 0.])) == 0.75


def test_evaluate_dataframe():
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"uid": [7, 7, 7, 3, 3],
                       "iid": ["a", "b", "c", "a", "d"],
                       "y": [1, 0, 1, 0, 1],
                       "p": [.9, .8, .7, .5, .6]})
    ev = rm.evaluate(["ap", "ndcg@2", "micro:recall@1"], df, user="uid",
                     item="iid", label="y", score="p")
    assert ev.users == [7, 3]
    ap = rm.name("ap")
    # evaluate gives eval's default, the correctly rounded values: the AP
    # of 5/6 is 0.8333333333333334, where the double path says ...333
    assert ev.per_query[7][ap] == rm.exact("ap", [1, 0, 1], [.9, .8, .7]).value
    assert ev.per_query[7][ap] == 5 / 6
    assert rm.evaluate("ap", df, user="uid", item="iid", label="y", score="p",
                       fast=True).per_query[7][ap] == rm.value(
        "ap", [1, 0, 1], [.9, .8, .7])
    assert ev.aggregate[rm.name("mean:ap")] == rm.exact_set(
        "mean:ap", [([1, 0, 1], [.9, .8, .7]), ([0, 1], [.5, .6])]).value
    assert ev.aggregate[rm.name("micro:recall@1")] == 2 / 3
    frame = ev.to_frame()
    assert list(frame.index) == [7, 3] and frame.loc[3, "ap"] == 1.0
    ex = rm.evaluate("ap", df, user="uid", item="iid", label="y", score="p",
                     exact=True)
    assert ex.aggregate[rm.name("mean:ap")].fraction == Fraction(11, 12)
    # the same from plain columns, and from a dict of lists
    cols = {k: list(v) for k, v in df.items()}
    ev2 = rm.evaluate(["ap"], users=cols["uid"], labels=cols["y"],
                      scores=cols["p"])
    assert ev2.aggregate[rm.name("mean:ap")] == 11 / 12
    ev3 = rm.evaluate("ap", {"user": cols["uid"], "label": cols["y"]},
                      judged={7: [1]}, aggregator="mean[skip=norel]")
    assert ev3.per_query[7][ap] == rm.exact("ap", [1, 0, 1], judged=[1]).value


def test_evaluate_repeated_item():
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate("ap", users=[1, 1], items=["a", "a"], labels=[1, 0])
    assert "repeated" in e.value.message


# ---- Threads ---------------------------------------------------------------------------

def test_threads_agree():
    names = ["ndcg@5[gain=exp2]", "ap", "auc[ties=average]", "err",
             "mean:ap", "rr[hits=sum]"]
    inputs = random_lists(11, 60)

    def work():
        out = []
        for inp in inputs:
            for n in names:
                try:
                    out.append((rm.exact(n, **inp), rm.value(n, **inp)))
                except rm.RankmetricsError as e:
                    out.append(e.status)
        return out
    want = work()
    got = [None] * 6

    def run(i):
        got[i] = work()
    ts = [threading.Thread(target=run, args=(i,)) for i in range(6)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert all(g == want for g in got)


# ---- The generators ----------------------------------------------------------------------

def features(inp):
    g, s = inp["grades"], inp["scores"]
    return {"empty": not g,
            "all-relevant": bool(g) and all(x >= 1 for x in g),
            "no-relevant": bool(g) and not any(g),
            "ties": s is not None and len(set(s)) < len(s),
            "graded": any(x > 1 for x in g),
            "judged": bool(inp["judged"]),
            "no-scores": s is None}


def test_seeded_generator_covers_the_cases():
    seen = set()
    for inp in random_lists(1, 400):
        seen |= {k for k, v in features(inp).items() if v}
    assert seen == set(features(random_lists(1, 1)[0]))
    assert random_lists(5, 30) == random_lists(5, 30)  # seeded


def test_strategy_covers_the_cases():
    hypothesis = pytest.importorskip("hypothesis")
    from rankmetrics.strategies import lists
    for f in features({"grades": [], "scores": None, "judged": []}):
        hypothesis.find(lists(), lambda inp: features(inp)[f],
                        settings=hypothesis.settings(database=None,
                                                     derandomize=True))


# ---- Ratings (issue 13, item 4) ---------------------------------------------
# Worked by hand.  Ratings 3.5, 4 predicted 3, 4.5: errors 1/2 and -1/2, so
# MAE = RMSE = 1/2 and MSE = 1/4.  Ratings 3.3, 4.7 predicted 3, 5: the
# decimals are 33/10 and 47/10, errors 3/10 and -3/10, MAE 3/10 exactly; the
# doubles nearest 3.3 and 4.7 give 0.2999999999999998 instead.

def test_half_star_rmse():
    assert rm.value("rmse", grades=[3.5, 4], scores=[3, 4.5]) == 0.5
    r = rm.exact("rmse", grades=[3.5, 4], scores=[3, 4.5])
    assert r.value == 0.5 and r.fraction == Fraction(1, 2)
    assert rm.exact("mse", grades=[3.5, 4], scores=[3, 4.5]).fraction \
        == Fraction(1, 4)


@pytest.mark.parametrize("labels", [["3.3", "4.7"],
                                    [Decimal("3.3"), Decimal("4.7")],
                                    [Fraction(33, 10), Fraction(47, 10)],
                                    ["33/10", "47/10"]])
def test_decimal_read_exactly(labels):
    r = rm.exact("mae", grades=labels, scores=[3, 5])
    assert r.fraction == Fraction(3, 10) and r.value == 0.3


def test_float_is_the_double():
    # a float is the double it is: 3.3 is not 33/10
    r = rm.exact("mae", grades=[3.3, 4.7], scores=[3, 5])
    assert r.fraction == abs(Fraction(3.3) - 3) / 2 + abs(Fraction(4.7) - 5) / 2
    assert r.fraction != Fraction(3, 10)
    assert rm.value("mae", grades=[3.3, 4.7], scores=[3, 5]) \
        == 0.2999999999999998


def test_pooled_and_mean_rmse():
    # user A: 3.5, 4 predicted 3, 4.5 (squared errors 1/4, 1/4);
    # user B: 1, 1 predicted 4.5, 4.5 (49/4, 49/4).
    # pooled: sqrt((1/4+1/4+49/4+49/4)/4) = sqrt(25/4) = 5/2;
    # mean of RMSEs: (1/2 + 7/2)/2 = 2.
    qs = [([3.5, 4], [3, 4.5]), ([1, 1], [4.5, 4.5])]
    assert rm.value_set("micro:rmse", qs) == 2.5
    assert rm.value_set("mean:rmse", qs) == 2.0
    assert rm.exact_set("micro:rmse", qs).fraction == Fraction(5, 2)
    assert rm.exact_set("mean:rmse", qs).fraction == Fraction(2)


def test_negative_rating():
    assert rm.value("mae", grades=[-1, 2], scores=[0, 2]) == 0.5


@pytest.mark.parametrize("grades", [[3.5, 4], ["3.3", "4"], [-1, 2]])
def test_gain_metric_refuses_ratings(grades):
    with pytest.raises(rm.RankmetricsError) as e:
        rm.value("ndcg", grades=grades, scores=[3, 4.5])
    assert e.value.status == -2


@pytest.mark.parametrize("bad", ["3,5", "nan", "inf", "0x1p3", "1/0", " ", ""])
def test_malformed_rating(bad):
    with pytest.raises(rm.RankmetricsError) as e:
        rm.value("mae", grades=[bad, "1"], scores=[0, 0])
    assert e.value.status == -2


def test_ratings_count_as_relevant_by_their_exact_value():
    # 0.99999999999999999999 is below 1 (its nearest double is 1), 1e0 and
    # 7/3 are not: MAE 1/2 and 4/3 with the first query left out, 11/12;
    # weighed by positives (0, 1, 1) the same
    qs = [dict(grades=["0.99999999999999999999"], scores=[0.5]),
          dict(grades=["1e0"], scores=[0.5]), dict(grades=["7/3"], scores=[1.0])]
    for name in ("mean[skip=norel]:mae", "mean[weight=positives]:mae"):
        assert rm.exact_set(name, qs).fraction == Fraction(11, 12)
        assert rm.value_set(name, qs) == 11 / 12


def test_insq_exact_fraction_of_thousands_of_digits():
    # insq[t=1/1000] of the grades 1, 0, 1: rank i weighs 1/(i-1+2/1000)^2,
    # in proportion 1/(500(i-1)+1)^2, over 1000 ranks, so the value is
    # (w1 + w3)/(w1 + ... + w1000), summed here in Fraction; its denominator
    # has thousands of digits, beyond Python's limit on int() of a string,
    # and must still come back as a Fraction.
    w = [Fraction(1, (500 * (i - 1) + 1) ** 2) for i in range(1, 1001)]
    want = (w[0] + w[2]) / sum(w)
    assert want.denominator.bit_length() > 4300 * 3.33  # over 4300 digits
    r = rm.exact("insq[t=1/1000]", [1, 0, 1])
    assert r.fraction == want


def test_median_min_max():
    # first-hit reciprocal ranks 1/3, 1, 0 and 1/2 (the book's cases): the
    # median of an even count is the mean of the two middle values, 5/12,
    # or the lower of them, 1/3 (torchmetrics); the least 0, the greatest 1
    qs = [[0, 0, 1], [1, 0], [0, 0], [0, 1]]
    assert rm.exact_set("median:rr", qs).fraction == Fraction(5, 12)
    assert rm.exact_set("median[even=lower]:rr", qs).fraction == Fraction(1, 3)
    assert rm.value_set("min:rr", qs) == 0 and rm.value_set("max:rr", qs) == 1
    assert rm.value_set("median[skip=norel]:rr", qs) == 0.5
    # the double path halves the sum of the two middle doubles, rounded once:
    # (double(1/3) + 1/2) / 2 is a tie, which goes to the even double
    assert rm.value_set("median:rr", qs) == float.fromhex("0x1.aaaaaaaaaaaaap-2")
    assert rm.value_set("median:rr", []) == 0  # no query: undef=zero's value


def test_query_weights():
    # weight=query reads each query's own weight (XGBoost's group weights):
    # reciprocal ranks 1, 1/2, 0 weighted 1/2, 2 and (none:) 1 give 3/7,
    # the double path exactly rounded as the exact one
    qs = [{"grades": [1, 0], "weight": 0.5}, {"grades": [0, 1], "weight": 2},
          [0]]
    assert rm.exact_set("mean[weight=query]:rr", qs).fraction == Fraction(3, 7)
    assert rm.value_set("mean[weight=query]:rr", qs) == 3 / 7
    assert rm.value_set("mean:rr", qs) == 0.5  # other weights ignore it
    assert rm.value_set("mean[weight=query]:rr",
                        [rm.Query([1], weight=0.0), rm.Query([0, 1])]) == 0.5
    with pytest.raises(rm.RankmetricsError):  # a weight is finite and >= 0
        rm.value_set("mean[weight=query]:rr", [rm.Query([1], weight=-1.0)])
