"""Elliot's PopREO and PopRSP (popreo, poprsp) from Python: value_set and
exact_set with each query's training items (histories=), and eval's files
with a history file.  The book's example, worked by hand: three users' top
two a^1,b^0; a^1,c^1; a^0,b^0, so that under pop=pos n_a = 2, n_c = 1 and
head=1/2 makes the head {a} and the tail {c}.  With empty histories
PopRSP@2 is |3/3 - 1/3| / (3/3 + 1/3) = 1/2; when the second user saw a,
its head rate is 3/2 and the value (3/2 - 1/3) / (3/2 + 1/3) = 7/11, and
PopREO@2's head rate 2/1 against the tail's 1/1 gives 1/3."""

from fractions import Fraction

import pytest

import rankmetrics as rm

Q = [{"grades": [1, 0], "ids": ["a", "b"]}, {"grades": [1, 1], "ids": ["a", "c"]},
     {"grades": [0, 0], "ids": ["a", "b"]}]


def test_value_set_reads_the_histories():
    none = [[], [], []]
    saw = [[], ["a"], []]
    assert rm.exact_set("poprsp@2[head=1/2]", Q, histories=none).fraction == Fraction(1, 2)
    assert rm.exact_set("poprsp@2[head=1/2]", Q, histories=saw).fraction == Fraction(7, 11)
    assert rm.exact_set("popreo@2[head=1/2]", Q, histories=saw).fraction == Fraction(1, 3)
    assert rm.value_set("poprsp@2[head=1/2]", Q, histories=iter(saw)) == pytest.approx(7 / 11, rel=2 ** -52)
    # the thread's histories are forgotten after the call
    assert rm.exact_set("poprsp@2[head=1/2]", Q, histories=none).fraction == Fraction(1, 2)


def test_histories_are_required_and_one_a_query():
    with pytest.raises(rm.RankmetricsError, match="histories"):
        rm.value_set("popreo@2", Q)
    with pytest.raises(rm.RankmetricsError, match="2 lists for 3 queries"):
        rm.value_set("poprsp@2", Q, histories=[[], []])


def test_eval_files_with_a_history(tmp_path):
    # eval over judgments: popularity a 5, b 3, c 1, d 1 (the head at 4/5
    # {a, b}); u1 is shown a, b and likes a and c (c not retrieved); u2 is
    # shown c, d, likes b and d, and saw b.  PopREO: the numerators 1 and 1,
    # the denominators 1 (u1's a) and 2 (u1's c, u2's d): |1 - 1/2| / (3/2) = 1/3.
    (tmp_path / "pop").write_text("a 5\nb 3\nc 1\nd 1\n")
    (tmp_path / "hist").write_text("u2 b\n")
    (tmp_path / "qrels").write_text("u1 0 a 1\nu1 0 c 1\nu2 0 b 1\nu2 0 d 1\n")
    (tmp_path / "run").write_text("u1 Q0 a 1 3 r\nu1 Q0 b 2 2 r\nu2 Q0 c 1 3 r\n"
                                  "u2 Q0 d 2 2 r\n")
    m = "popreo@2[pop=file]"
    e = rm.evaluate_files(m, tmp_path / "qrels", tmp_path / "run", exact=True,
                          popularity=tmp_path / "pop", history=tmp_path / "hist")
    assert e.aggregate[m] == 1 / 3
    with pytest.raises(rm.RankmetricsError, match="history"):
        rm.evaluate_files(m, tmp_path / "qrels", tmp_path / "run",
                          popularity=tmp_path / "pop")
