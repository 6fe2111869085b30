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

