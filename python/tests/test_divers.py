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


# evaluate() on subtopic judgments in memory.  User q1 retrieves a, b, c
# (scores 3, 2, 1) over two subtopics: a is relevant to subtopic 1, b to
# both, c to subtopic 2.  alpha = 1/2, K = 2:
#   run:   a gains 1 at rank 1; b gains 1/2 (subtopic 1 seen once) + 1 at
#          rank 2:  alpha-DCG@2 = 1 + (3/2)/lg 3
#   ideal: b first (gain 2), then a or c (gain 1/2 each; a's c's, the same
#          value): 2 + (1/2)/lg 3, which is also the best of all pairs
#          ((a, c) makes 1 + 1/lg 3)
#   alpha-nDCG@2 = (1 + (3/2)/lg 3) / (2 + (1/2)/lg 3)
#                = (lg 3 + 3/2) / (2 lg 3 + 1/2)
# User q2 retrieves x (subtopic 2) then y (none); z, relevant to both, is
# judged and not retrieved:
#   run:   1 at rank 1, 0 at rank 2: alpha-DCG@2 = 1
#   ideal: z (2), then x (1/2): 2 + (1/2)/lg 3
#   alpha-nDCG@2 = lg 3 / (2 lg 3 + 1/2)
# mean = (2 lg 3 + 3/2) / (4 lg 3 + 1).
# Under weights=given with q1's weights 3 and 1: the run gains 3, then
# 3/2 + 1 = 5/2; the ideal is b (4), then a (3/2): (3 + (5/2)/lg 3) /
# (4 + (3/2)/lg 3).  strec@1 of q1 is 1/2 (a covers one subtopic of two)
# and of q2 1/2 (x): the mean is exactly 1/2.
DIV_ROWS = dict(users=["q1"] * 3 + ["q2"] * 2,
                items=["a", "b", "c", "x", "y"],
                labels=[[1, 0], [1, 1], [0, 1], [0, 1], [0, 0]],
                scores=[3.0, 2.0, 1.0, 2.0, 1.0],
                judged={"q2": {"z": [1, 1]}})


def _lg3_ratio(a, b, c, d):
    """(a lg 3 + b) / (c lg 3 + d), to a few ulps."""
    lg3 = math.log2(3)
    return (a * lg3 + b) / (c * lg3 + d)


def test_evaluate_subtopics_by_hand():
    ev = rm.evaluate(["alpha-ndcg@2", "strec@1"], **DIV_ROWS)
    q1 = _lg3_ratio(1, 1.5, 2, 0.5)
    q2 = _lg3_ratio(1, 0, 2, 0.5)
    assert ev.per_query["q1"]["alpha-ndcg@2"] == pytest.approx(q1, rel=1e-15)
    assert ev.per_query["q2"]["alpha-ndcg@2"] == pytest.approx(q2, rel=1e-15)
    assert ev.aggregate["alpha-ndcg@2"] == pytest.approx(
        _lg3_ratio(2, 1.5, 4, 1), rel=1e-15)
    assert ev.per_query["q1"]["strec@1"] == 0.5
    assert ev.aggregate["strec@1"] == 0.5
    # the values of the library's exact path, bit for bit
    assert ev.per_query["q1"]["alpha-ndcg@2"] == rm.div_exact(
        "alpha-ndcg@2", DIV_ROWS["labels"][:3], [3, 2, 1], ["a", "b", "c"]).value
    w = rm.evaluate("alpha-ndcg@2[weights=given]", weights={"q1": [3, 1],
                                                            "q2": [1, 1]},
                    **DIV_ROWS)
    assert w.per_query["q1"]["alpha-ndcg@2[weights=given]"] == pytest.approx(
        (3 + 2.5 / math.log2(3)) / (4 + 1.5 / math.log2(3)), rel=1e-15)
    fast = rm.evaluate("alpha-ndcg@2", fast=True, **DIV_ROWS)
    assert fast.aggregate["alpha-ndcg@2"] == pytest.approx(
        _lg3_ratio(2, 1.5, 4, 1), rel=1e-15)


def test_evaluate_subtopics_is_eval(tmp_path):
    """The same judgments and run as files: `rankmetrics eval` prints the
    same doubles, per query and mean, on both paths."""
    import subprocess
    from conftest import TOOL
    qrels = tmp_path / "qrels"
    run = tmp_path / "run"
    qrels.write_text("q1 1 a 1\nq1 1 b 1\nq1 2 b 1\nq1 2 c 1\n"
                     "q2 2 x 1\nq2 1 z 1\nq2 2 z 1\nq2 1 y 0\n")
    run.write_text("q1 Q0 a 1 3 r\nq1 Q0 b 2 2 r\nq1 Q0 c 3 1 r\n"
                   "q2 Q0 x 1 2 r\nq2 Q0 y 2 1 r\n")
    ms = ["alpha-ndcg@2", "nerr-ia@2", "ap-ia", "strec@1"]
    for fast in (False, True):
        args = [TOOL, "eval", "--quiet", "-q"] + (["--fast"] if fast else [])
        for m in ms:
            args += ["-m", m]
        p = subprocess.run(args + [str(qrels), str(run)],
                           capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
        got = {}
        for line in p.stdout.split("\n"):
            if line.strip():
                m, q, x = line.split()
                got[(m, q)] = float(x)
        ev = rm.evaluate(ms, fast=fast, **DIV_ROWS)
        for m in ms:
            assert ev.aggregate[m] == got[(m, "all")], (m, fast)
            for q in ("q1", "q2"):
                assert ev.per_query[q][m] == got[(m, q)], (m, q, fast)


def test_evaluate_subtopics_refusals():
    with pytest.raises(rm.RankmetricsError, match="evaluate them apart"):
        rm.evaluate(["alpha-ndcg@2", "ap"], **DIV_ROWS)
    with pytest.raises(rm.RankmetricsError, match="weights"):
        rm.evaluate("ap", users=[1], labels=[1], weights=[1])
    with pytest.raises(rm.RankmetricsError, match="mean"):
        rm.evaluate("alpha-ndcg@2", aggregator="sum", **DIV_ROWS)
    with pytest.raises(rm.RankmetricsError, match="exact=True"):
        rm.evaluate("alpha-ndcg@2", exact=True, **DIV_ROWS)
    with pytest.raises(rm.RankmetricsError, match="retrieve"):
        rm.evaluate("alpha-ndcg@2", **dict(DIV_ROWS, judged={"q1": {"a": [1, 0]}}))
    with pytest.raises(rm.RankmetricsError, match="q2"):  # ragged rows
        rm.evaluate("strec@1", **dict(DIV_ROWS, labels=[[1, 0], [1, 1], [0, 1],
                                                        [0, 1], [0]]))
