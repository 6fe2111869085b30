"""One shape for the package's results (issue 31): results keyed by the
names the caller gave, each with its canonical name; properties, not
methods, for what takes no argument; short reprs; arguments checked by
name."""

from fractions import Fraction

import pytest

import rankmetrics as rm

# Two users: 1 ranks its relevant item first (AP 1, AUC 1), 2 second
# (AP 1/2, AUC 0); mean AP 3/4, gauc (AUC weighted by items, 2 and 2) 1/2.
COLS = dict(users=[1, 1, 2, 2], labels=[1, 0, 0, 1], scores=[.9, .1, .8, .7])


def test_evaluate_keys_by_the_names_given():
    ev = rm.evaluate(["ap", "gauc", "ap"], **COLS)
    assert list(ev.aggregate) == ["ap", "gauc"] == ev.measures
    assert ev.aggregate["gauc"] == 0.5 and ev.aggregate["ap"] == 0.75
    assert ev.per_query[2]["ap"] == 0.5 and ev.per_query[1]["gauc"] == 1.0
    assert ev.names == ["ap", "gauc"]
    # each carries its canonical name, and a canonical name is found too
    assert ev.canonical == ev.aggregate.canonical == {
        "ap": rm.name("mean:ap"), "gauc": rm.name("gauc")}
    assert ev.per_query[1].canonical == {"ap": rm.name("ap"),
                                         "gauc": rm.name("auc[ties=average]")}
    assert ev.aggregate[rm.name("mean:ap")] == 0.75
    assert rm.name("mean:ap") in ev.aggregate and "mean:ap" not in ev.aggregate
    assert ev.per_query[2].get(rm.name("ap")) == 0.5
    with pytest.raises(KeyError):
        ev.aggregate["ndcg"]
    assert ev.aggregate == {"ap": 0.75, "gauc": 0.5}


def test_evaluate_exact_results_carry_their_canonical_name():
    ev = rm.evaluate(["ap"], exact=True, **COLS)
    assert ev.aggregate["ap"].fraction == Fraction(3, 4)
    assert ev.aggregate["ap"].variant == ev.canonical["ap"]
    assert ev.per_query[2]["ap"].variant == ev.per_query[2].canonical["ap"]


def test_two_spellings_of_one_variant_are_two_keys():
    ev = rm.evaluate(["ap", "ap[norm=rel]"], **COLS)
    assert ev.aggregate["ap"] == ev.aggregate["ap[norm=rel]"] == 0.75
    assert ev.canonical["ap"] == ev.canonical["ap[norm=rel]"]
    assert list(ev.to_frame().columns) == ["ap", "ap[norm=rel]"]


def test_evaluate_files_keys_by_the_names_given(tmp_path):
    p = tmp_path / "run.csv"
    p.write_text("user,item,label,score\n1,a,1,.9\n1,b,0,.1\n"
                 "2,a,0,.8\n2,b,1,.7\n")
    res = rm.evaluate_files(["ap", "gauc"], str(p))
    assert res.aggregate["gauc"] == 0.5 and res.aggregate["ap"] == 0.75
    assert res.canonical == res.aggregate.canonical == {
        "ap": rm.name("ap"), "gauc": rm.name("gauc")}
    assert res.aggregate[rm.name("ap")] == 0.75
    assert res.per_query["2"]["ap"] == 0.5
    assert res.per_query["2"].canonical["gauc"] == rm.name("gauc")


def test_arguments_are_checked_by_name():
    with pytest.raises(TypeError, match="matching_variants: observed is a"
                       " list of numbers"):
        rm.matching_variants(0.5, [{"grades": [1, 0]}], ["rr"])  # swapped
    with pytest.raises(TypeError, match="observed holds"):
        rm.matching_variants([{"grades": [1, 0]}], [1.0], ["rr"])
    with pytest.raises(TypeError, match="candidates holds 3"):
        rm.matching_variants([1.0], [{"grades": [1, 0]}], [3])
    assert rm.matching_variants([1.0], [{"grades": [1, 0]}], "rr") == ["rr"]
    with pytest.raises(TypeError, match="evaluate: metrics holds 3"):
        rm.evaluate(["ap", 3], **COLS)
    with pytest.raises(TypeError, match="evaluate: aggregator"):
        rm.evaluate(["ap"], aggregator=None, **COLS)
    with pytest.raises(TypeError, match="evaluate: exact"):
        rm.evaluate(["ap"], exact="yes", **COLS)
    with pytest.raises(rm.RankmetricsError, match="aggregator='meen'"):
        rm.evaluate(["ap"], aggregator="meen", **COLS)


def test_docstring_of_matching_variants_ends_in_a_sentence():
    # it ended "...: zip() cut the longer list short, no input matched
    # every candidate, and ulps=inf matched any value."
    doc = " ".join(rm.matching_variants.__doc__.split())
    assert "zip() cut" not in doc
    assert doc.endswith("unchecked, zip() would cut the longer list short,"
                        " no input would match every candidate, and"
                        " ulps=inf any value. Each argument of the wrong"
                        " kind (the values and the inputs swapped, say) is a"
                        " TypeError that names it; candidates may be one"
                        " name.")


def test_verification_wrong_is_a_property_like_passed():
    v = rm.verify(["rr:1 1", "rr:2 0.25"])
    assert v.passed is False
    assert [x.name for x in v.wrong] == ["rr:2"]
    assert v.wrong() == v.wrong  # the old spelling


def test_short_reprs():
    v = rm.verify(["rr:1 1", "rr:2 0.25"])
    g = next(g for g in v.groups if g.wrong)
    assert len(g.alternatives) > 2
    r = repr(g)
    assert len(r) < 1000 and "in all)]" in r and r.startswith("Group(")
    assert repr(g).count("Explanation(") == 2  # own, the first alternative
    assert len(repr(v.verdicts[0])) < 1000
    # an exact value of thousands of digits is shown by its size
    x = rm.exact("insq", grades=[1] * 300 + [0] * 300)
    assert x.fraction is not None and len(str(x.fraction)) > 1000
    assert len(repr(x)) < 300 and "digits>" in repr(x)
