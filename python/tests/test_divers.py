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


def test_value_and_exact_read_rows():
    # value and exact take a measure of diversity's rows as div_value does
    assert rm.exact("nerr-ia@3", ROWS, **KW).fraction == Fraction(31, 32)
    assert rm.exact("p-ia@3", ROWS, **KW).fraction == Fraction(4, 9)
    assert rm.value("ap-ia", ROWS, **KW) == pytest.approx(7 / 9, rel=1e-15)
    assert rm.exact("strec@1[weights=given]", ROWS, weights=[1, 3, 0],
                    **KW).fraction == 1
    # drop=unjudged: an unjudged z ranked first covers nothing (strec@1 is
    # 0), or is removed, and a is first again (2/3)
    z = [[0, 0, 0]] + ROWS
    assert rm.exact("strec@1", z, unjudged=[1, 0, 0, 0]).fraction == 0
    assert rm.exact("strec@1[drop=unjudged]", z,
                    unjudged=[1, 0, 0, 0]).fraction == Fraction(2, 3)
    with pytest.raises(rm.RankmetricsError):
        rm.value("strec@1[drop=unjudged]", z, unjudged=[3, 0, 0, 0])
    with pytest.raises(rm.RankmetricsError):
        rm.value("ap", [1, 0], weights=[1])


def _div_tests(variant):
    """{tcid: keyword arguments of value} of the valid tests of one group
    of vectors/diversity_test.txt: its text twin is blocks separated by
    blank lines, a group's line [variant = NAME] or a test's key = value
    lines."""
    import os
    from conftest import VECTORS

    def rows(s):
        return [[int(g) for g in r.split(":")] for r in s.split(",") if r]

    def words(s, f=str):
        return None if s == "none" else [f(x) for x in s.split(",") if x]
    out, cur = {}, None
    with open(os.path.join(VECTORS, "diversity_test.txt")) as f:
        blocks = f.read().split("\n\n")
    for block in blocks:
        if block.startswith("[variant = "):
            cur = block.strip()[len("[variant = "):-1]
            continue
        t = {k: v.strip() for k, _, v in
             (ln.partition(" =") for ln in block.splitlines())}
        if cur == variant and t.get("result") == "valid":
            out[int(t["tcId"])] = dict(
                grades=rows(t["grades"]), judged=rows(t["judged"]),
                scores=words(t["scores"], float), ids=words(t["ids"]),
                judged_ids=words(t["judged_ids"]))
    return out


def test_verify_reads_the_family_of_diversity():
    from conftest import VECTORS
    # the book's worked example (tcIds 3..11) and witness (13), by hand
    hand = {3: Fraction(31, 72), 5: Fraction(31, 32), 6: Fraction(5, 8),
            7: Fraction(20, 21), 8: Fraction(4, 9), 9: Fraction(7, 9),
            10: Fraction(2, 3), 11: 1, 13: 1}
    lines = ["diversity:%d %s" % (t, float(x).hex()) for t, x in hand.items()]
    r = rm.verify(lines, vectors=VECTORS)
    assert r.passed and r.counts["exact"] == len(hand)
    assert not rm.verify(["diversity:5 0.5"], vectors=VECTORS).passed
    # a candidate that breaks ties by the larger name, in the group of
    # ties=input: wrong there, and explained by ties=id-desc (p-ia: the
    # search over nerr-ia's alternatives with ideal=exact takes minutes)
    variant = "p-ia@5[rel=1,weights=uniform,order=score,ties=input,undef=zero]"
    tests = _div_tests(variant)
    assert len(tests) >= 16
    lines = ["diversity:%d %s" % (t, rm.value("p-ia@5[ties=id-desc]", **kw)
                                  .hex()) for t, kw in tests.items()]
    r = rm.verify(lines, vectors=VECTORS)
    g = next(g for g in r.groups if g.variant == variant)
    assert g.wrong > 0
    assert any("ties=id-desc" in a.variant and a.explains == a.given == len(tests)
               for a in g.alternatives)
