"""rankmetrics.verify against the golden vectors' own values, read here
from the text twins independently of the library, and against the tool's
`verify` on the same input (the two doors of one engine)."""

import math
import os
import re
import subprocess

import pytest

from conftest import TOOL, VECTORS
import rankmetrics as rm


def twin(family):
    """{tcid: (variant, expected float or None for an invalid test)}."""
    out, variant, tcid = {}, None, None
    with open(os.path.join(VECTORS, family + "_test.txt")) as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r"\[variant = (.*)\]$", line)
            if m:
                variant = m.group(1)
            elif line.startswith("tcId = "):
                tcid = int(line[7:])
                out[tcid] = [variant, None]
            elif line.startswith("value = "):
                out[tcid][1] = float.fromhex(line[8:])
    return out


def answers(family):
    """A perfect candidate's lines: the expected doubles in hex, and
    'invalid' for the invalid tests."""
    return ["%s:%d %s" % (family, t, "invalid" if x is None else x.hex())
            for t, (_, x) in sorted(twin(family).items())]


@pytest.mark.parametrize("family", ["rr", "ap", "judged", "aggregates"])
def test_perfect_candidate_is_exact(family):
    vectors = twin(family)
    r = rm.verify(answers(family), vectors=VECTORS)
    assert r.passed and len(r) == len(vectors) and r.not_given >= 0
    for v in r:
        variant, x = vectors[v.tcid]
        assert v.verdict == "exact" and v.variant == variant
        if x is None:
            assert v.invalid and v.expected is None and v.given == "invalid"
        else:
            assert v.expected == x and v.observed == x and v.ulps == 0


def test_ulps_and_relative_tolerance():
    t, (variant, x) = next((t, vx) for t, vx in sorted(twin("ap").items())
                           if vx[1] and vx[1] > 0.1)
    two = math.nextafter(math.nextafter(x, 2), 2)  # two ulps above
    line = ["ap:%d %s" % (t, two.hex())]
    v = rm.verify(line, vectors=VECTORS).verdicts[0]
    assert (v.verdict, v.ulps, v.expected, v.observed) == ("wrong", 2, x, two)
    assert rm.verify(line, vectors=VECTORS, ulps=2).verdicts[0].verdict == "within"
    assert rm.verify(line, vectors=VECTORS, ulps=1).verdicts[0].verdict == "wrong"
    assert rm.verify(line, vectors=VECTORS, rel=1e-15).passed
    assert not rm.verify(line, vectors=VECTORS, rel=1e-17).passed


def test_records_lines_and_text_agree():
    lines = answers("rr")[:40]
    recs = [(l.split()[0], float.fromhex(l.split()[1])
             if l.split()[1] != "invalid" else "invalid") for l in lines]
    a = rm.verify(lines, vectors=VECTORS)
    b = rm.verify(recs, vectors=VECTORS)
    c = rm.verify("\n".join(lines) + "\n# a comment\n\n", vectors=VECTORS)
    d = rm.verify(dict(recs), vectors=VECTORS)
    key = [(v.name, v.verdict, v.expected) for v in a]
    assert key == [(v.name, v.verdict, v.expected) for v in b]
    assert key == [(v.name, v.verdict, v.expected) for v in c]
    assert key == [(v.name, v.verdict, v.expected) for v in d]


def test_invalid_test_given_a_number_is_wrong():
    t = next(t for t, (_, x) in twin("rr").items() if x is None)
    v = rm.verify(["rr:%d 0.5" % t], vectors=VECTORS).verdicts[0]
    assert v.invalid and v.verdict == "wrong" and v.error
    assert rm.verify(["rr:%d error" % t], vectors=VECTORS).passed


def test_errors_carry_status_and_message():
    with pytest.raises(rm.RankmetricsError) as e:
        rm.verify(["bogus:1 1", "rr:1 x", "rr:1 1", "rr:1 1"],
                  vectors=VECTORS)
    assert e.value.status == -10 and e.value.status_name == "RM_EFORMAT"
    m = e.value.message
    assert "unknown family 'bogus'" in m
    assert "'x' is not a number" in m and "rr:1 is given twice" in m
    with pytest.raises(rm.RankmetricsError) as e:
        rm.verify(["rr:999999 1"], vectors=VECTORS)
    assert "there is no test rr:999999" in e.value.message
    with pytest.raises(rm.RankmetricsError) as e:
        rm.verify(["rr:1 1"], vectors="/nonexistent-dir")
    assert e.value.status_name == "RM_EVECTORS"
    assert "cannot open" in e.value.message


def test_bad_vectors_file(tmp_path):
    (tmp_path / "rr_test.txt").write_text("[variant = rr]\ntcId = 1\n"
                                          "grades = 1\n")
    with pytest.raises(rm.RankmetricsError) as e:
        rm.verify(["rr:1 1"], vectors=str(tmp_path))
    assert e.value.status_name == "RM_EVECTORS"
    assert "rr_test.txt:3: a test lacks one of grades" in e.value.message


def test_families_are_the_files():
    fams = rm.families()
    assert "rr" in fams and "cg_dcg_ndcg" in fams
    for f in fams:
        assert os.path.exists(os.path.join(VECTORS, f + "_test.txt"))


def tool_summary(out):
    """The tool's reported entries and per-variant counts."""
    reported = re.findall(r"^(WRONG|within) +(\S+)", out, re.M)
    counts = re.findall(r"^ *(\d+) +(\d+) +(\d+)  (\S+)  \((\w+)\)$", out,
                        re.M)
    return ([(w.lower(), n) for w, n in reported],
            [(f, v, int(a), int(b), int(c)) for a, b, c, v, f in counts])


@pytest.mark.skipif(not os.path.exists(TOOL), reason="the tool is not built")
@pytest.mark.parametrize("ulps", [0, 2])
def test_same_verdicts_as_the_tool(tmp_path, ulps):
    # a candidate a few ulps off on some tests, wrong on others
    lines = []
    for fam in ("ap", "cg_dcg_ndcg"):
        for i, l in enumerate(answers(fam)[:60]):
            name, val = l.split()
            if val != "invalid" and i % 3:
                x = float.fromhex(val)
                x = math.nextafter(x, 9) if i % 3 == 1 else x * 1.25 + 0.01
                val = x.hex()
            lines.append("%s %s" % (name, val))
    path = tmp_path / "cand"
    path.write_text("\n".join(lines) + "\n")
    p = subprocess.run([TOOL, "verify", "--vectors", VECTORS, "--ulps",
                        str(ulps), str(path)], capture_output=True, text=True)
    r = rm.verify(path, vectors=VECTORS, ulps=ulps)
    assert p.returncode == (0 if r.passed else 1) and not r.passed
    reported, counts = tool_summary(p.stdout)
    assert reported == [(v.verdict, v.name) for v in r
                        if v.verdict != "exact"]
    assert counts == [(g.family, g.variant, g.exact, g.within, g.wrong)
                      for g in r.groups]
    total = re.search(r"(\d+) vectors not given", p.stdout)
    assert int(total.group(1)) == r.not_given


def vectors_of(family, variant):
    """[(tcid, grades in ranked order, judged)] of the valid tests of one
    variant, read from the text twin; scores rank the items, highest
    first, equal scores in input order (the variant's ties=input)."""
    out, cur, t = [], None, {}
    with open(os.path.join(VECTORS, family + "_test.txt")) as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r"\[variant = (.*)\]$", line)
            if m:
                cur = m.group(1)
            kv = re.match(r"(\w+) =(?: (.*))?$", line)
            k, val = kv.groups("") if kv else ("", "")
            if k == "tcId":
                t = {"tcid": int(val)}
            elif k in ("grades", "scores", "judged", "result", "queries"):
                t[k] = val
            if k == "value" and cur == variant \
                    and t.get("result") == "valid" and "queries" not in t:
                g = [int(x) for x in t["grades"].split(",") if x]
                if t["scores"] != "none":
                    sc = [float(x) for x in t["scores"].split(",") if x]
                    order = sorted(range(len(g)), key=lambda i: -sc[i])
                    g = [g[i] for i in order]
                j = [int(x) for x in t.get("judged", "").split(",") if x]
                out.append((t["tcid"], g, j))
    return out


def ap_by_hits(grades):
    """The classic mistake: AP divided by the relevant items retrieved."""
    hits, total = 0, 0.0
    for r, g in enumerate(grades):
        if g >= 1:
            hits += 1
            total += hits / (r + 1)
    return total / hits if hits else 0.0


@pytest.mark.skipif(not os.path.exists(TOOL), reason="the tool is not built")
def test_explains_the_classic_mistake_as_the_tool_does(tmp_path):
    variant = "ap[norm=rel,rel=1,ties=input,undef=zero]"
    tests = vectors_of("ap", variant)
    assert len(tests) > 10 and any(j for _, _, j in tests)
    lines = ["ap:%d %s" % (t, ap_by_hits(g).hex()) for t, g, _ in tests]
    r = rm.verify(lines, vectors=VECTORS)
    g = next(g for g in r.groups if g.variant == variant)
    assert g.wrong > 0 and g.alternatives
    best = g.alternatives[0]
    assert best.variant.startswith("ap[norm=hits,")
    assert best.explains == best.given == len(tests) > g.own.explains
    path = tmp_path / "cand"
    path.write_text("\n".join(lines) + "\n")
    p = subprocess.run([TOOL, "verify", "--vectors", VECTORS, str(path)],
                       capture_output=True, text=True)
    m = re.findall(r"the candidate's values match (\S+) on (\d+) of (\d+)",
                   p.stdout)
    top = [a for a in g.alternatives if (a.explains, a.max_ulps,
           a.sum_ulps) == (best.explains, best.max_ulps, best.sum_ulps)]
    assert m[:len(top)] == [(a.variant, str(a.explains), str(a.given))
                            for a in top][:6]
