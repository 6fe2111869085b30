"""ils and diversity from Python: the book's worked example ("Intra-list
similarity and diversity") by hand, the features given as a mapping or as
rows, weights as numbers, and the refusals."""

import math
from decimal import Decimal
from fractions import Fraction

import pytest

import rankmetrics as rm

# a has x; b has x and y; c has y and z: cosines 1/sqrt2, 0, 1/2
F1 = {"a": ["x"], "b": ["x", "y"], "c": ["y", "z"]}


def test_the_worked_example():
    e = rm.exact("ils@3", [0, 0, 0], ids=["a", "b", "c"], features=F1)
    assert e.decimal == "0.4023689270621825081336147873682830130949"  # (1+sqrt2)/6
    assert e.fraction is None
    d = rm.exact("diversity@3", [0, 0, 0], ids=["a", "b", "c"], features=F1)
    assert d.decimal == "0.5976310729378174918663852126317169869051"  # (5-sqrt2)/6
    v = rm.value("ils@3", [0, 0, 0], ids=["a", "b", "c"], features=F1)
    assert abs(v - (1 + math.sqrt(2)) / 6) <= 8 * math.ulp(v)


def test_rows_and_weights():
    # weights 3 and 4 against 1: the cosine 3/5, however the weights are written
    for w in ([3, 4], [Fraction(3, 10), Decimal("0.4")], [0.3, Fraction(2, 5)],
              ["3/10", "0.4"]):
        rows = [("a", "x", w[0]), ("a", "y", w[1]), ("b", "x")]
        assert rm.exact("ils", [0, 0], ids=["a", "b"],
                        features=rows).fraction == Fraction(3, 5)
    m = {"a": {"x": 3, "y": 4}, "b": ["x"]}
    assert rm.exact("ils", [0, 0], ids=["a", "b"], features=m).fraction == Fraction(3, 5)


def test_one_item_and_no_table():
    assert rm.value("ils", [0], ids=["a"], features=F1) == 1
    assert rm.exact("diversity", [0], ids=["a"], features=F1).undefined
    with pytest.raises(rm.RankmetricsError) as e:
        rm.value("ils", [0, 0], ids=["a", "b"])  # no table of features
    assert e.value.status_name == "RM_EINVAL"
    with pytest.raises(rm.RankmetricsError) as e:
        rm.value("ils", [0, 0], ids=["a", "b"], features=[("a", "x", 0)])
    assert e.value.status_name == "RM_EFORMAT" and "weight 0" in str(e.value)
    # the table is forgotten after the call
    with pytest.raises(rm.RankmetricsError):
        rm.value("ils", [0, 0], ids=["a", "b"])


def test_serendipity_value_and_exact_read_the_history():
    # the book's example of serendipity: the user saw a and is shown b, c,
    # both relevant: b scores 1 - 1/sqrt2 and c 1, the mean 1 - sqrt2/4;
    # a user who saw a and b and is shown c scores 1 - (0 + 1/2)/2 = 3/4
    v = rm.value("serendipity", [1, 1], ids=["b", "c"], features=F1,
                 history=["a"])
    assert v == pytest.approx(1 - 2 ** 0.5 / 4, rel=1e-15)
    e = rm.exact("serendipity", [1], ids=["c"], features=F1,
                 history=["a", "b"])
    assert e.fraction == Fraction(3, 4)
    with pytest.raises(rm.RankmetricsError, match="history"):
        rm.value("serendipity", [1], ids=["c"], features=F1)
