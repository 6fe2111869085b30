"""catentropy and rbentropy (LensKit's Entropy and RankBiasedEntropy) from
Python: the book's worked example ("Category entropy"), its 40 digits
recomputed by tests/catentropy_test.sh from the definition, the rational
case, and a list without categories."""

import math
from fractions import Fraction

import rankmetrics as rm

# a has x, b has y, c has z: the top two a,b is v = (1+eps, 1+eps, eps)
F3 = {"a": ["x"], "b": ["y"], "c": ["z"]}


def test_the_worked_example():
    e = rm.exact("catentropy", [0, 0], ids=["a", "b"], features=F3)
    assert e.decimal == "1.000010687116676115383612549112560912480"
    assert e.fraction is None
    r = rm.exact("rbentropy", [0, 0], ids=["a", "b"], features=F3)
    assert r.decimal == "0.9952640551231655255122721387492923869726"
    z = rm.exact("rbentropy", [0, 0, 0], ids=["a", "zz", "b"], features=F3)
    assert z.decimal == "0.9812085080895604991978772603994280209249"
    v = rm.value("catentropy", [0, 0], ids=["a", "b"], features=F3)
    assert abs(v - 1.000010687116676115383612549112560912480) <= 11 * math.ulp(v)


def test_rational_and_undefined():
    two = {"a": ["x"], "b": ["y"]}
    assert rm.exact("catentropy", [0, 0], ids=["a", "b"], features=two).fraction == Fraction(1)
    assert rm.exact("catentropy", [0], ids=["zz"], features=F3).undefined
    assert rm.value("catentropy[undef=one]", [0], ids=["zz"], features=F3) == 1



def test_a_mean_over_users_takes_features():
    # Over the categories x and y alone, a,b and b,a each have entropy
    # exactly 1 (the 1e-6 of each category cancels); zz has no category,
    # so the plain mean counts it 0 and skip=undef leaves it out.
    two = {"a": ["x"], "b": ["y"]}
    qs = [{"grades": [0, 0], "ids": ["a", "b"]},
          {"grades": [0, 0], "ids": ["b", "a"]},
          {"grades": [0], "ids": ["zz"]}]
    assert rm.exact_set("mean:catentropy", qs, features=two).fraction == Fraction(2, 3)
    assert rm.exact_set("mean[skip=undef]:catentropy", qs, features=two).fraction == 1
    assert rm.value_set("mean:catentropy", qs, features=two) == 2 / 3
    # ils: a,b share x (cosine 1), a,c do not (0): the mean is 1/2
    f = {"a": ["x"], "b": ["x"], "c": ["y"]}
    ab_ac = [{"grades": [1, 0], "ids": ["a", "b"]},
             {"grades": [1, 0], "ids": ["a", "c"]}]
    assert rm.exact_set("mean:ils", ab_ac, features=f).fraction == Fraction(1, 2)
    assert rm.value_set("mean:ils", ab_ac, features=f) == 0.5
