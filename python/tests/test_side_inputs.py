"""eval's side inputs through the library's doors: the popularity file of
pop=file, and the queries' weights of mean[weight=query] from a file or a
column.  Before rm_evaluator_set_input, evaluate_files() and partial()
could not give them, and refused every such measure.  The values are
worked by hand on two users:

    u1: a (label 1, score .9), b (0, .5), c (1, .1)    weight 1
    u2: b (1, .8), c (0, .7)                            weight 3

With the counts a 4, b 2, c 1, arp@2 is the mean of u1's (4+2)/2 and u2's
(2+1)/2, 9/4.  u1's AP is (1 + 2/3)/2 = 5/6 and u2's is 1, so their mean
weighted 1 and 3 is (5/6 + 3)/4 = 23/24."""

import ctypes
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

import rankmetrics as rm
from rankmetrics import _files

TOOL = Path(__file__).resolve().parents[2] / "rankmetrics"
ROWS = ("user,item,label,score,w\nu1,a,1,0.9,1\nu1,b,0,0.5,1\nu1,c,1,0.1,1\n"
        "u2,b,1,0.8,3\nu2,c,0,0.7,3\n")


@pytest.fixture()
def files(tmp_path):
    (tmp_path / "d.csv").write_text(ROWS)
    (tmp_path / "pop").write_text("a 4\nb 2\nc 1\n")
    (tmp_path / "qw").write_text("u1 1\nu2 3\n")
    return tmp_path


def test_popularity_file(files):
    e = rm.evaluate_files("arp@2[pop=file]", files / "d.csv",
                          popularity=files / "pop")
    assert e.aggregate["arp@2[pop=file]"] == float(Fraction(9, 4))


def test_query_weights_from_a_file_and_from_a_column(files):
    m = "mean[weight=query]:ap"
    want = float(Fraction(23, 24))
    assert rm.evaluate_files(m, files / "d.csv", query_weights=files / "qw"
                             ).aggregate[m] == want
    assert rm.evaluate_files(m, str(files / "d.csv"), weight="w"
                             ).aggregate[m] == want
    assert rm.evaluate_files(m, files / "d.csv", weight="w",
                             fast=True).aggregate[m] == pytest.approx(want)


def test_without_the_input_the_measure_is_refused(files):
    with pytest.raises(rm.RankmetricsError, match="--popularity FILE"):
        rm.evaluate_files("arp@2[pop=file]", files / "d.csv")


def test_a_bad_line_is_refused_with_its_file_and_line(files):
    (files / "bad").write_text("a 4\nb x\n")
    with pytest.raises(rm.RankmetricsError, match=r"bad:2: expected 'ITEM COUNT'"):
        rm.evaluate_files("arp@2[pop=file]", files / "d.csv",
                          popularity=files / "bad")
    with pytest.raises(rm.RankmetricsError, match="weight"):
        rm.evaluate_files("ap", files / "d.csv", weight="")


def test_partial_state_is_the_tools(files):
    state = rm.partial("arp@2[pop=file]", run=files / "d.csv",
                       popularity=files / "pop")
    tool = subprocess.run([str(TOOL), "eval", "--partial", "-m",
                           "arp@2[pop=file]", "--popularity", str(files / "pop"),
                           str(files / "d.csv")], check=True,
                          capture_output=True).stdout
    assert state == tool
    assert rm.merge([state]).aggregate["arp@2[pop=file]"] == 2.25


def test_set_input_refuses_an_unknown_option():
    L = _files._L
    e = L.rm_evaluator_new()
    try:
        assert L.rm_evaluator_set_input(e, b"colour", b"f") != 0
        assert b"features" in L.rm_evaluator_message(e)
        assert L.rm_evaluator_set_input(e, b"popularity", b"a\nb") != 0
        assert L.rm_evaluator_set_input(e, b"popularity", b"p") == 0
        assert L.rm_evaluator_set_input(e, b"popularity", None) == 0
        assert L.rm_evaluator_message(e) == b""
    finally:
        L.rm_evaluator_free(e)
    assert ctypes.sizeof(_files._Options) == L.rm_eval_options_size()


# ---- the summary's counts and the notes (rm_evaluator_count, _notes) -----
# Judgments: q1 d1 1, d2 0, d3 -1; q2 d1 1; q3 d1 1 (judged only).  Run: q1
# d1, d4 (unjudged), d1 again; q2 d1; q9 d1 (run only).  By hand: 2 queries
# evaluated, 1 repeated document dropped (dup="first"), 1 unjudged document
# read as 0, 1 query only in the run, 1 only in the judgments, 1 negative
# grade.  Before rm_evaluator_count, Python could not see these (eval
# printed them on standard error; the door runs it --quiet).
QRELS = "q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 -1\nq2 0 d1 1\nq3 0 d1 1\n"
RUN = ("q1 Q0 d1 1 3 t\nq1 Q0 d4 2 2 t\nq1 Q0 d1 3 1 t\nq2 Q0 d1 1 1 t\n"
       "q9 Q0 d1 1 1 t\n")


def test_counts_of_the_summary(tmp_path):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    e = rm.evaluate_files(["ap", "precision@10"], tmp_path / "q", tmp_path / "r",
                          dup="first")
    assert e.counts == {"queries": 2, "repeated": 1, "unjudged": 1,
                        "run_only": 1, "judged_only": 1, "negative": 1,
                        "past_integer_filter": 0, "past_certified_filter": 0,
                        "no_features": 0, "no_similarity": 0, "no_history": 0,
                        "no_popularity": 0}
    assert e.notes == []
    with pytest.raises(rm.RankmetricsError):  # d1 repeated, dup="error"
        rm.evaluate_files("ap", tmp_path / "q", tmp_path / "r")


def test_values_past_the_integer_filter_are_counted(tmp_path, monkeypatch):
    # RANKMETRICS_TEST_FX_SLACK widens the integer filter's enclosures by
    # 2^-36 so that no value is decided there (eval_test.sh): each of the
    # two per-query values of precision@10 goes on to the certified filter
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    args = dict(dup="first")
    e = rm.evaluate_files("precision@10", tmp_path / "q", tmp_path / "r", **args)
    assert e.counts["past_integer_filter"] == 0
    monkeypatch.setenv("RANKMETRICS_TEST_FX_SLACK", "60")
    e = rm.evaluate_files("precision@10", tmp_path / "q", tmp_path / "r", **args)
    assert e.counts["past_integer_filter"] == 2
    assert e.counts["past_certified_filter"] == 0
    assert e.aggregate["precision@10"] == 0.1  # (1/10 + 1/10) / 2, decided
    fast = rm.evaluate_files("precision@10", tmp_path / "q", tmp_path / "r",
                             fast=True, **args)
    assert fast.counts["past_integer_filter"] == 0


def test_notes_say_why_a_value_is_undefined(files):
    (files / "pop2").write_text("a 4\n")
    e = rm.evaluate_files("novelty@2[pop=file]", files / "d.csv",
                          popularity=files / "pop2")
    assert ("novelty@2[pop=file]", None) in e.undefined
    assert len(e.notes) == 1 and e.notes[0].endswith(
        "novelty@2[pop=file]: undefined: 2 recommended items have popularity 0"
        " (the first: 'b'); floor=code or another pop= gives a value")
    assert e.counts["queries"] == 2


def test_features_file(files):
    # the book's example of intra-list similarity: a has x, b has x and y,
    # c has y and z; the cosines are 1/sqrt2, 0 and 1/2, so the top three
    # a, b, c has ILS (1 + sqrt2)/6 and diversity (5 - sqrt2)/6
    (files / "f.csv").write_text("user,item,label,score\nu1,a,1,3\nu1,b,0,2\n"
                                 "u1,c,1,1\n")
    (files / "feat").write_text("a x\nb x\nb y\nc y\nc z\n")
    e = rm.evaluate_files(["ils@3", "diversity@3"], files / "f.csv",
                          features=files / "feat")
    assert e.aggregate["ils@3"] == pytest.approx((1 + 2 ** 0.5) / 6, rel=1e-15)
    assert e.aggregate["diversity@3"] == pytest.approx((5 - 2 ** 0.5) / 6,
                                                      rel=1e-15)
    state = rm.partial("ils@3", run=files / "f.csv", features=files / "feat")
    assert rm.merge([state]).aggregate["ils@3"] == e.aggregate["ils@3"]
    with pytest.raises(rm.RankmetricsError, match="features"):
        rm.evaluate_files("ils@3", files / "f.csv")


def test_history_file(files):
    # the book's example of serendipity (Microsoft Recommenders'): with the
    # features of test_features_file, u1 saw a and is shown b, c; u2 saw a
    # and b and is shown c.  u1's items score 1 - 1/sqrt2 and 1, u2's c
    # 1 - (0 + 1/2)/2 = 3/4: the mean is (7 - sqrt2)/8.
    (files / "s.csv").write_text("user,item,label,score\nu1,b,1,2\nu1,c,1,1\n"
                                 "u2,c,1,1\n")
    (files / "feat").write_text("a x\nb x\nb y\nc y\nc z\n")
    (files / "hist").write_text("u1 a\nu2 a\nu2 b\n")
    m = "serendipity@10"
    e = rm.evaluate_files(m, files / "s.csv", features=files / "feat",
                          history=files / "hist")
    assert e.aggregate[m] == pytest.approx((7 - 2 ** 0.5) / 8, rel=1e-15)
    state = rm.partial(m, run=files / "s.csv", features=files / "feat",
                       history=files / "hist")
    assert b"history=" in state
    assert rm.merge([state]).aggregate[m] == e.aggregate[m]
    with pytest.raises(rm.RankmetricsError, match="history"):
        rm.evaluate_files(m, files / "s.csv", features=files / "feat")


def test_similarity_file(files):
    # given similarities (eval --similarity): a, b 1/2; a, c 1/3; b, c 1/4,
    # each pair once, in either order.  The top three a, b, c has ILS
    # (1/2 + 1/3 + 1/4)/3 = 13/36 and diversity 23/36, exactly; u2 saw a and
    # is shown b (relevant) and d, a pair the file lacks (0): serendipity
    # (1 - 1/2 + 0)/2 = 1/4.  Before the keyword, evaluate_files and partial
    # took no similarity= (TypeError) and the door knew no such input.
    (files / "f.csv").write_text("user,item,label,score\nu1,a,1,3\nu1,b,0,2\n"
                                 "u1,c,1,1\n")
    (files / "sim").write_text("a b 1/2\nc a 1/3\nb c 0.25\n")
    e = rm.evaluate_files(["ils@3", "diversity@3"], files / "f.csv",
                          similarity=files / "sim", exact_values=True)
    assert e.aggregate["ils@3"] == float(Fraction(13, 36))
    assert e.exact_values["u1"]["ils@3"] == Fraction(13, 36)
    assert e.exact_values["u1"]["diversity@3"] == Fraction(23, 36)
    state = rm.partial("ils@3", run=files / "f.csv", similarity=files / "sim")
    assert b" similarity=" in state and b" features=" not in state
    tool = subprocess.run([str(TOOL), "eval", "--partial", "-m", "ils@3",
                           "--similarity", str(files / "sim"),
                           str(files / "f.csv")], check=True,
                          capture_output=True).stdout
    assert state == tool
    assert rm.merge([state]).aggregate["ils@3"] == e.aggregate["ils@3"]
    (files / "s.csv").write_text("user,item,label,score\nu2,b,1,2\nu2,d,0,1\n")
    (files / "hist").write_text("u2 a\n")
    m = "serendipity@10"
    e = rm.evaluate_files(m, files / "s.csv", similarity=files / "sim",
                          history=files / "hist")
    assert e.aggregate[m] == 0.25
    (files / "feat").write_text("a x\n")
    with pytest.raises(rm.RankmetricsError, match="--features and --similarity"):
        rm.evaluate_files("ils@3", files / "f.csv", similarity=files / "sim",
                          features=files / "feat")
    (files / "bad").write_text("a b 1/2\nb a 0.4\n")
    with pytest.raises(rm.RankmetricsError,
                       match=r"bad:2: the pair 'b' 'a' has another similarity on"
                       r" line 1"):
        rm.evaluate_files("ils@3", files / "f.csv", similarity=files / "bad")


def test_counts_of_what_the_side_inputs_lack(files):
    # u1 shows a, b, c and u2 shows b, c (d.csv): three distinct items.  The features give a and z: b and c have none
    # (2 of 3, the first 'b' in the order read).  The history names u2 only:
    # u1 has none (1 of 2).  A note only when some matched is dropped by
    # --quiet, as the door runs eval; the warning that none matched is kept.
    (files / "feat").write_text("a x\nz x\n")
    (files / "hist").write_text("u2 a\n")
    e = rm.evaluate_files(["ils@3", "serendipity@3"], files / "d.csv",
                          features=files / "feat", history=files / "hist")
    assert (e.counts["no_features"], e.counts["no_similarity"],
            e.counts["no_history"]) == (2, 0, 1)
    assert e.notes == []
    (files / "featx").write_text("item_a x\nitem_b y\n")
    e = rm.evaluate_files("ils@3", files / "d.csv", features=files / "featx")
    assert e.counts["no_features"] == 3 and e.aggregate["ils@3"] == 0
    assert len(e.notes) == 1 and e.notes[0].startswith(
        "rankmetrics: eval: warning: none of the 3 items retrieved has features"
        " in ") and e.notes[0].endswith("(the first: 'a')")
    (files / "sim").write_text("a b 1/2\nb c 1/4\n")
    e = rm.evaluate_files("ils@3", files / "d.csv", similarity=files / "sim")
    assert e.counts["no_similarity"] == 0 and e.notes == []
    # pop has a 4, b 2, c 1: every item counted; pop2 only a: b and c lack
    e = rm.evaluate_files("arp@2[pop=file]", files / "d.csv",
                          popularity=files / "pop")
    assert e.counts["no_popularity"] == 0
    (files / "pop2").write_text("a 4\n")
    e = rm.evaluate_files("arp@2[pop=file]", files / "d.csv",
                          popularity=files / "pop2")
    assert e.counts["no_popularity"] == 2 and e.notes == []
    # a measure that reads no side input counts nothing
    e = rm.evaluate_files("ap", files / "d.csv", features=files / "featx")
    assert e.counts["no_features"] == 0 and e.notes == []
