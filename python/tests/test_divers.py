"""The measures of diversity from Python, on the book's worked example
(values worked by hand there: subtopics 1..3, a = {1,2}, b = {1}, c = {3}
retrieved in that order, d judged and relevant to none)."""
import math
from fractions import Fraction

import pytest

import rankmetrics as rm

ROWS = [[1, 2, 0], [1, 0, 0], [0, 0, 1]]
KW = dict(scores=[3, 2, 1], ids=["a", "b", "c"], judged=[[0, 0, 0]],
          judged_ids=["d"])


def test_hand_values():
    assert rm.div_exact("err-ia@3", ROWS, **KW).fraction == Fraction(31, 72)
    assert rm.div_exact("nERR_IA@3", ROWS, **KW).fraction == Fraction(31, 32)
    assert rm.div_exact("nrbp", ROWS, **KW).fraction == Fraction(5, 8)
    assert rm.div_exact("ap-ia", ROWS, **KW).fraction == Fraction(7, 9)
    lg3 = math.log2(3)
    want = (2.5 + 1 / (2 * lg3)) / (2.25 + 1 / lg3)
    assert rm.div_value("alpha-ndcg@3", ROWS, **KW) == pytest.approx(want, rel=1e-15)
    assert rm.div_exact("alpha_nDCG@3", ROWS, **KW).fraction is None


def test_weights_and_errors():
    # w = 1, 3, 0: strec@1 covers subtopics 1 and 2, all the weight
    assert rm.div_exact("strec@1[weights=given]", ROWS, weights=[1, 3, 0],
                        **KW).fraction == 1
    with pytest.raises(rm.RankmetricsError):
        rm.div_value("strec@1[weights=given]", ROWS, **KW)  # no weights
    with pytest.raises(rm.RankmetricsError):
        rm.div_value("strec@1", [[1, 0], [1]])  # ragged rows
    with pytest.raises(rm.RankmetricsError):
        rm.div_value("ap", ROWS, **KW)  # not a measure of diversity
    with pytest.raises(rm.RankmetricsError):
        rm.value("alpha-ndcg@3", [1, 0, 1])  # no subtopics
