"""The diagnosis of a home-made metric from Python (issue 25, item 4):
random_lists() draws lists longer than the cutoff in use, and
matching_variants() names the nearest candidates with their counts when
none matches every input."""

import rankmetrics as rm
from rankmetrics.strategies import random_lists


def test_random_lists_are_longer_than_the_cutoff():
    lens = [len(x["grades"]) for x in random_lists(7, 300)]
    assert max(lens) == 30  # 3 times the cutoff 10
    assert sum(n > 10 for n in lens) > 150  # two in three, about
    assert max(len(x["grades"]) for x in random_lists(7, 300, cutoff=5)) == 15
    assert max(len(x["grades"]) for x in random_lists(7, 300, max_size=8)) == 8


def test_nearest_by_hand():
    # HR@10 as the hits over the relevant items retrieved: on grades 1,0 it
    # is 1/1, as hit=recall (R = 1); with one more relevant item judged but
    # not retrieved it is still 1/1, where hit=recall gives 1/2.  hit=any
    # gives 1 on both.
    inputs = [{"grades": [1, 0]}, {"grades": [1, 0], "judged": [1]}]
    got = rm.matching_variants([1.0, 1.0], inputs, ["hr@10[hit=recall]"])
    assert got == [] and isinstance(got, list)
    assert got.nearest == [("hr@10[hit=recall]", 1, 2)]
    got = rm.matching_variants([1.0, 1.0], inputs,
                               ["hr@10[hit=recall]", "hr@10"])
    assert got == ["hr@10"] and got.nearest == []


def hr_over_retrieved(inp):
    g, s = inp["grades"], inp["scores"]
    order = sorted(range(len(g)), key=lambda i: -s[i]) if s else range(len(g))
    ranked = [g[i] for i in order]
    relevant = sum(1 for x in ranked if x >= 1)
    return sum(1 for x in ranked[:10] if x >= 1) / relevant if relevant else 0.0


def test_nearest_names_the_nearest_hr():
    inputs = random_lists(3, 80)
    observed = [hr_over_retrieved(x) for x in inputs]
    got = rm.matching_variants(observed, inputs, rm.variants("hr@10"))
    assert got == []
    best, n, given = got.nearest[0]
    assert rm.name(best) == "hr@10[hit=recall,rel=1,ties=input,undef=zero]"
    assert 0 < n < given == 80
    # the inputs it leaves out are those with a relevant item not retrieved
    left = [x for x, v in zip(inputs, observed)
            if v != rm.exact(best, **x).value]
    assert left and all(any(j >= 1 for j in x["judged"]) for x in left)
