"""rankmetrics.disagree, the library's disagreement engine from Python.

The witnesses are checked three ways: against values worked by hand (the
reciprocal rank of the first hit against the mean over the relevant
positions; average precision normalised by the relevant items against the
hits), by computing both sides again with rankmetrics.exact on the
witness's own lists, and against the report of the C tool's `disagree`,
which calls the same engine through its own door."""

import re
import subprocess
import threading
from decimal import Decimal
from fractions import Fraction

import pytest

import rankmetrics as rm
from conftest import TOOL


def test_rr_first_hit_against_mean_by_hand():
    # Order of the search for a pair (no cutoff varies): the lists of one
    # item, grades 0, 1, 2 (inputs 1-3: both 0, 1, 1); then two items
    # without scores: 0,0 (4), 0,1 (5: 1/2 and 1/2), 0,2 (6), 1,0 (7: 1
    # and 1), 1,1 (8): first hit 1, mean of 1/1 and 1/2 = 3/4.
    d = rm.disagree("rr[hits=first]", "rr[hits=mean]", population=0)
    assert d.metric == "pair" and not d.sets and d.stopped is None
    (p,) = d.pairs
    assert p.verdict == "differ"
    w = p.witness
    assert w.place == 8 and w.k == 0
    assert [q.grades for q in w.queries] == [[1, 1]]
    assert w.queries[0].scores is None and w.queries[0].judged is None
    a, b = w.values
    assert (a.exact, b.exact) == (Fraction(1), Fraction(3, 4))
    assert (a.value, b.value) == (1.0, 0.75)
    assert a.status == "RM_OK" and not b.undefined
    # both grades are binary, so the binary space has the same witness
    assert p.binary.witness.queries == w.queries


def test_ap_normalisations_by_hand():
    # norm=rel divides by the relevant items, norm=hits by those retrieved;
    # they part when a relevant item is not retrieved.  Inputs 1-48 retrieve
    # every judged item (3 lists of one item, 45 of two); 49 is grade 0 with
    # a judged item of grade 1 not retrieved (0 and, no hit, 0); 50 is grade
    # 1 with it: rel (1/1)/2 = 1/2, hits 1/1 = 1.
    p = rm.disagree("ap[norm=rel]", "ap[norm=hits]", population=0).pairs[0]
    w = p.witness
    assert w.place == 50
    assert w.queries[0].grades == [1] and w.queries[0].judged == [1]
    assert [v.exact for v in w.values] == [Fraction(1, 2), Fraction(1)]


def test_metric_pairs_and_the_condition():
    d = rm.disagree("ap", max_length=3, population=20)
    p = d.pair("norm=rel", "norm=hits")
    assert p.named
    # they agree wherever every relevant item is retrieved within K
    assert p.within_k is not None and p.within_k.state == "agree"
    # and split first at K=1 on grades 1,1: 1/2 (one of two) against 1
    w = p.witness
    assert w.k == 1 and w.queries[0].grades == [1, 1]
    assert [v.exact for v in w.values] == [Fraction(1, 2), Fraction(1)]
    assert w.values[0].variant.startswith("ap@1[norm=rel,")
    assert p.random == 20 and 0 <= p.split <= 20
    with pytest.raises(KeyError):
        d.pair("norm=rel", "norm=nothing")


def _again(variant, queries):
    """Both sides computed again by the package, on the witness's lists."""
    if len(queries) == 1:
        q = queries[0]
        return rm.exact(variant, grades=q.grades, scores=q.scores, ids=q.ids,
                        judged=q.judged)
    return rm.exact_set(variant, queries)


@pytest.mark.parametrize("metric", ["ndcg", "hr", "gauc", "auc"])
def test_witnesses_recomputed(metric):
    d = rm.disagree(metric, max_length=3, population=0)
    seen = 0
    for p in d:
        for space in (p.binary, p.graded, p.within_k):
            if space is None or space.witness is None:
                continue
            for v in space.witness.values:
                if v.status.startswith("RM_E"):
                    with pytest.raises(rm.RankmetricsError):
                        _again(v.variant, space.witness.queries)
                    continue
                e = _again(v.variant, space.witness.queries)
                assert e.value == v.value
                if isinstance(v.exact, Fraction):
                    assert e.fraction == v.exact
                else:
                    assert isinstance(v.exact, Decimal)
                    assert e.decimal == v.text
                seen += 1
            a, b = space.witness.values
            assert a.text != b.text or a.status != b.status
    assert seen >= 4


def _tool(*args):
    p = subprocess.run([TOOL, "disagree"] + list(args), capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr
    return p.stdout


def _witness_text(w):
    parts = []
    for q in w.queries:
        t = "grades " + ",".join(map(str, q.grades))
        if q.scores is not None:
            t += "; scores " + ",".join("%g" % s for s in q.scores)
        if w.k:
            t += "; K %d" % w.k
        if q.judged:
            t += "; judged %d" % q.judged[0]
        parts.append(t)
    return " | ".join(parts)


@pytest.mark.parametrize("metric", ["rr", "ap", "gauc"])
def test_against_the_tool(metric):
    out = _tool(metric, "--max-length", "3")
    d = rm.disagree(metric, max_length=3)
    heads = re.findall(r"^%s: (\S+) \| (\S+)" % metric, out, re.M)
    assert len(heads) >= 3 and heads == [(p.la, p.lb) for p in d]
    blocks = re.split(r"^%s: " % metric, out, flags=re.M)[1:]
    for p, block in zip(d, blocks):
        line = [l for l in block.splitlines() if "grades 0..2" in l][0]
        if p.witness:
            a, b = p.witness.values
            assert line.endswith("smallest witness %s: %s vs %s" % (
                _witness_text(p.witness), a.text, b.text))
        else:
            assert "agree on all %d inputs" % p.graded.tried in line
        m = re.search(r"(\d+) of (\d+) differ", block)
        assert (int(m.group(1)), int(m.group(2))) == (p.split, p.random)


def test_pair_against_the_tool():
    out = _tool("hr@10[hit=any]", "recall@10")
    p = rm.disagree("hr@10[hit=any]", "recall@10").pairs[0]
    assert "differ: smallest witness (input %d of the search)" \
        % p.witness.place in out
    assert p.witness.place == 50
    assert "  a = 1\n  b = 1/2\n" in out
    assert [v.text for v in p.witness.values] == ["1", "1/2"]
    m = re.search(r"random: differ on (\d+) of (\d+)", out)
    assert (int(m.group(1)), int(m.group(2))) == (p.split, p.random)


def test_one_variant_under_two_names():
    assert len(rm.disagree("ap", "ap[norm=rel]")) == 0


def test_errors():
    with pytest.raises(rm.RankmetricsError) as e:
        rm.disagree("nosuchmetric")
    assert e.value.status_name == "RM_ENAME"
    assert e.value.message == "unknown metric 'nosuchmetric'"
    with pytest.raises(rm.RankmetricsError) as e:
        rm.disagree("ap", "mean:ap")
    assert e.value.status_name == "RM_EINVAL"
    assert "give both an aggregator (mean:ap) or neither" in e.value.message
    with pytest.raises(rm.RankmetricsError) as e:
        rm.disagree("ap@3", "ap[norm=foo]")
    assert e.value.status_name == "RM_ENAME"
    assert e.value.message.startswith("bad variant name 'ap[norm=foo]': ")
    for bad in ({"max_length": 9}, {"max_length": 0}, {"population": -1},
                {"budget": -1.0}, {"budget": float("nan")}, {"budget": 0}):
        with pytest.raises(rm.RankmetricsError) as e:
            rm.disagree("rr", **bad)
        assert e.value.status_name == "RM_EINVAL"


def test_progress_stops_and_raises():
    seen = []

    def stop(phase, size, done, total):
        seen.append((phase, done))
        return len(seen) >= 2
    d = rm.disagree("ndcg", max_length=6, progress=stop)
    assert d.stopped == "callback"
    assert seen == [("lists", 512), ("lists", 1024)]
    assert any(p.verdict == "unfinished" or p.binary.state == "open"
               for p in d)
    assert all(p.random == 0 for p in d)

    def boom(*args):
        raise RuntimeError("enough")
    with pytest.raises(RuntimeError, match="enough"):
        rm.disagree("ndcg", max_length=6, progress=boom)
    d = rm.disagree("ndcg", max_length=8, budget=1e-6)
    assert d.stopped == "budget"


def test_threads():
    serial = rm.disagree("ap", max_length=3, population=30)
    got = [None, None]

    def run(i):
        got[i] = rm.disagree("ap", max_length=3, population=30)
    ts = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    for g in got:
        assert g.pairs == serial.pairs
