"""evaluate finds the columns it is told to, as `rankmetrics eval` does
(tests/numbers_test.sh): a misnamed score column must not make the order
of the rows the ranking.  Labels (0, 1) with scores (0.1, 0.9): ranked by
score the relevant row is first, ap 1; in row order it is second, ap 1/2."""

import pytest

import rankmetrics as rm

ROWS = {"user": ["u", "u"], "item": ["a", "b"], "label": [0, 1]}


def ap(data, **kw):
    (v,) = rm.evaluate("ap", data, **kw).aggregate.values()
    return float(v)


def test_default_names():
    assert ap(dict(ROWS, score=[0.1, 0.9])) == 1
    assert ap(dict(ROWS)) == 0.5  # no score column: the order of the rows


@pytest.mark.parametrize("name", ["Score", "SCORE", " score"])
def test_default_matches_case(name):
    assert ap(dict(ROWS, **{name: [0.1, 0.9]})) == 1


def test_two_case_variants_refused():
    with pytest.raises(rm.RankmetricsError, match="differ from it only in case"):
        ap(dict(ROWS, Score=[0.1, 0.9], SCORE=[0.9, 0.1]))
    assert ap(dict(ROWS, Score=[0.1, 0.9], SCORE=[0.9, 0.1]), score="Score") == 1


@pytest.mark.parametrize("opt", ["user", "item", "label", "score"])
def test_named_column_must_exist(opt):
    with pytest.raises(rm.RankmetricsError, match="%s='nosuch' names no column" % opt):
        ap(dict(ROWS, score=[0.1, 0.9]), **{opt: "nosuch"})
