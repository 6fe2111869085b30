"""Inputs a hostile user gives the package, each once taken silently: a value
changed on its way to the library (a whole number rounded, a complex number
cut, a string cut at a NUL, a marker truncated) or a row put in the wrong
query.  Each must now be refused, or give the value worked by hand."""

import os
from fractions import Fraction

import pytest

import rankmetrics as rm

np = pytest.importorskip("numpy")

BIG = 2 ** 53  # the last of the run of whole numbers that are all doubles


# ---- Scores -------------------------------------------------------------------

def test_whole_scores_beyond_2_53_are_not_rounded_into_ties():
    # grades 0, 1 with scores 2**53, 2**53 + 1: the second ranks first, so
    # AP = 1; rounded to doubles both are 2**53, a tie kept in input order,
    # and AP was 1/2
    for scores in ([BIG, BIG + 1], np.array([BIG, BIG + 1], dtype=np.int64),
                   np.array([BIG, BIG + 1], dtype=np.uint64),
                   np.array([BIG, BIG + 1], dtype=object)):
        with pytest.raises(rm.RankmetricsError) as e:
            rm.value("ap", [0, 1], scores)
        assert e.value.status_name == "RM_ESCORE"
    with pytest.raises(rm.RankmetricsError):
        rm.value("ap", [0, 1], [1, 10 ** 400])
    # 2**53 + 2 is a double: the list is ranked as written, AP = 1
    assert rm.value("ap", [0, 1], [BIG, BIG + 2]) == 1.0
    assert rm.value("ap", [0, 1], np.array([-BIG - 2, -BIG])) == 1.0


def test_complex_scores_are_refused():
    with pytest.raises(TypeError):
        rm.value("ap", [0, 1], np.array([1 + 1j, 2]))
    with pytest.raises(TypeError):
        rm.value("ap", [0, 1], [1, 2j])


def test_long_double_scores_are_not_rounded():
    a = np.array([1, 1], dtype=np.longdouble)
    a[1] += np.longdouble(2) ** -60
    if a[1] == a[0]:
        pytest.skip("long double is double here")
    with pytest.raises(rm.RankmetricsError) as e:
        rm.value("ap", [0, 1], a)
    assert e.value.status_name == "RM_ESCORE"


def test_score_strings_follow_the_tools_rule():
    # '1e-400' is not zero but would be read as 0 (the tool refuses it too)
    with pytest.raises(rm.RankmetricsError) as e:
        rm.value("ap", [0, 1], ["1e-400", "0"])
    assert e.value.status_name == "RM_ESCORE"
    assert rm.value("ap", [0, 1], ["0e-5", "1"]) == 1.0


# ---- Strings cut at a NUL ------------------------------------------------------

def test_nul_in_a_name_an_identifier_or_a_rating():
    with pytest.raises(rm.RankmetricsError) as e:
        rm.value("ap\0xyz", [1, 0])  # was read as ap
    assert e.value.status_name == "RM_ENAME"
    # ids b\0x > b\0a: id-asc puts the grade 0 first, AP 1/2; cut at the
    # NUL both were b, and the tie gave 1
    with pytest.raises(rm.RankmetricsError) as e:
        rm.value("ap[ties=id-asc]", [1, 0], [1, 1], ["b\0x", "b\0a"])
    assert e.value.status_name == "RM_EINVAL"
    with pytest.raises(rm.RankmetricsError) as e:
        rm.value("mae", ["3\0.5", "4"], [3, 4])
    assert e.value.status_name == "RM_EGRADE"
    # disagree compared rr[hits=first] with rr[hits=mean] for these
    for a, b in (("rr[hits=first]\0junk", "rr[hits=mean]"),
                 ("rr[hits=first]", "rr[hits=mean]\0x")):
        with pytest.raises(rm.RankmetricsError) as e:
            rm.disagree(a, b, budget=1)
        assert e.value.status_name == "RM_ENAME"


# ---- Unjudged markers and ratings -----------------------------------------------

def test_unjudged_markers_are_whole():
    # grades 1, 0, 1 with the middle item unjudged and two judged
    # non-relevant items unretrieved: R = 2, N = 2, and no judged
    # non-relevant item above either hit, so bpref = 1 (with the middle one
    # taken as judged it would be (1 + 1/2)/2 = 3/4)
    for u in ([0, 1, 0], np.array([0, 1, 0]), [False, True, False]):
        assert rm.exact("bpref", [1, 0, 1], judged=[0, 0],
                        unjudged=u).fraction == 1
    for u in ([0, 0.7, 0], ["0", "1", "0"], np.array([0., .5, 0.])):
        with pytest.raises(rm.RankmetricsError) as e:
            rm.value("bpref", [1, 0, 1], judged=[0, 0], unjudged=u)
        assert e.value.status_name == "RM_EGRADE"


def test_float32_ratings():
    # ratings 1.5 and 2 (exact in float32), predicted 1 and 2: MAE 1/4
    r = rm.exact("mae", np.array([1.5, 2.0], dtype=np.float32), [1, 2])
    assert r.fraction == Fraction(1, 4)


# ---- verify's pairs follow the rules of a results line ---------------------------

@pytest.mark.parametrize("name", ["rr:1_0", "rr:+1", "rr: 1", "rr\0x:1"])
def test_verify_pair_names(name):
    # int() took rr:1_0 for rr:10 and rr:+1 for rr:1; C cut rr\0x to rr
    with pytest.raises(rm.RankmetricsError) as e:
        rm.verify({name: 1.0})
    assert e.value.status_name == "RM_EFORMAT"


def test_verify_pair_values():
    # rr:1 is rr@5 of grades 1,0,0,0,0: the first item is relevant, 1
    for v in (1, 1.0, "1", "0x1p+0", np.float32(1.0), np.int64(1)):
        assert rm.verify({"rr:1": v}).passed
    for v in ("1_0", True, None):
        with pytest.raises(rm.RankmetricsError):
            rm.verify({"rr:1": v})


@pytest.mark.parametrize("kw", [{"ulps": float("inf")}, {"rel": float("inf")},
                                {"ulps": float("nan")}, {"rel": float("nan")},
                                {"ulps": -1}, {"ulps": "1"}, {"ulps": True}])
def test_verify_tolerance_is_finite(kw):
    # rr:2 is rr@5 of grades 0,1,0,0,0 (1/2 in the vectors), so 0.25 is
    # wrong by any finite tolerance of 0 ulps; an infinite one passed it
    assert not rm.verify(["rr:2 0.25"]).passed
    with pytest.raises(rm.RankmetricsError) as e:
        rm.verify(["rr:2 0.25"], **kw)
    assert e.value.status_name == "RM_EINVAL"


# ---- evaluate: rows that cannot be grouped -----------------------------------

def test_evaluate_missing_user_or_item():
    # a NaN user was a query of its own, cut out of user u: u's AP was 1
    # (items a, c) where the data give u the list 1, 0, 1, AP 5/6
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate("ap", users=["u", float("nan"), "u"],
                    items=["a", "b", "c"], labels=[1, 0, 1])
    assert "row 1: the user is missing" in e.value.message
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate("ap", users=["u", "u"], items=["a", None], labels=[1, 0])
    assert "row 1: the item is missing" in e.value.message
    ev = rm.evaluate("ap", users=["u"] * 3, items=["a", "b", "c"],
                     labels=[1, 0, 1], exact=True)
    assert ev.per_query["u"][rm.name("ap")].fraction == Fraction(5, 6)


def test_evaluate_missing_user_in_a_frame():
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"user": ["u", None, "u"], "item": ["a", "b", "c"],
                       "label": [1, 0, 1]})
    with pytest.raises(rm.RankmetricsError):
        rm.evaluate("ap", df)
    df["user"] = pd.array(["u", pd.NA, "u"], dtype="string")
    with pytest.raises(rm.RankmetricsError):
        rm.evaluate("ap", df)


def test_evaluate_no_rows():
    # as the tool refuses a file of no rows; mean:ap of no queries was 0
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate("ap", users=[], labels=[])
    assert "no rows" in e.value.message


# ---- A second audit: containers, exact scores, verify's arguments ---------------

def test_a_list_given_as_text_a_mapping_or_a_set_is_refused():
    # bytes b"101" iterate as 49, 48, 49, three relevant grades: AP was 1
    # where the list 1, 0, 1 gives 5/6; a dict gave its keys 0, 1 (AP 1/2 of
    # a list the caller did not mean), and a set an order Python chose
    for grades in (b"101", "101", bytearray(b"\x01\x00"), {0: 1, 1: 0},
                   {1, 0}, frozenset((1, 0))):
        with pytest.raises(TypeError):
            rm.value("ap", grades)
    for kw in ({"scores": {0.5: 1, 0.2: 2}}, {"scores": {1, 2}},
               {"ids": "ab"}, {"unjudged": b"\x00\x01"}, {"judged": "1"}):
        with pytest.raises(TypeError):
            rm.value("bpref[ties=id-asc]", [1, 0], **kw)
    # judged is a multiset, not a ranking: a set of grades is read
    # (AP[norm=rel] of 1, 0 with one more judged relevant: (1/1)/2)
    assert rm.value("ap[norm=rel]", [1, 0], judged={1}) == 0.5
    # a generator is a list read in order: 1, 0, 1 gives (1 + 2/3)/2 = 5/6
    assert rm.exact("ap", (g for g in [1, 0, 1])).fraction == Fraction(5, 6)


def test_a_set_of_queries_given_as_text_or_a_mapping_is_refused():
    for queries in ("101", {"q1": [1, 0], "q2": [0, 1]}):
        with pytest.raises(TypeError):
            rm.value_set("mean:ap", queries)
    # the queries of a set may come in any order: mean of AP 1 and 1/2
    assert rm.value_set("mean:ap", {(1, 0), (0, 1)}) == 0.75


def test_a_query_with_a_misspelled_key_is_refused():
    # "score" for "scores" was dropped: the query was ranked in input order,
    # grades 0, 1 gave AP 1/2 where the scores 1, 2 rank the relevant first
    with pytest.raises(TypeError, match="not 'score'"):
        rm.value_set("mean:ap", [{"grades": [0, 1], "score": [1, 2]}])
    with pytest.raises(TypeError, match="grades is missing"):
        rm.value_set("mean:ap", [{"scores": [1, 2]}])
    assert rm.value_set("mean:ap", [{"grades": [0, 1], "scores": [1, 2]}]) \
        == 1.0


def test_exact_scores_that_round_to_one_double_are_refused():
    # grades 1, 0 with scores 1/3 and 1/3 + 10**-30: the second ranks
    # first, AP = 1/2; both round to one double, a tie kept in input order,
    # and AP was 1
    from decimal import Decimal
    third = Fraction(1, 3)
    for scores in ([third, third + Fraction(1, 10 ** 30)],
                   [Decimal("0.1"), Decimal("0.1000000000000000000001")],
                   [0.1, Decimal("0.1000000000000000000001")]):
        with pytest.raises(rm.RankmetricsError) as e:
            rm.value("ap", [1, 0], scores)
        assert e.value.status_name == "RM_ESCORE"
    # distinct doubles, or equal exact values, are read as before
    assert rm.value("ap", [1, 0], [third, Fraction(2, 3)]) == 0.5
    assert rm.value("ap", [1, 0], [Decimal("0.5"), Fraction(1, 2)]) == 1.0
    assert rm.value("ap", [1, 0], [Decimal("0.1"), 0.2]) == 0.5


def test_verify_refuses_no_results_and_two_tolerances():
    # an empty list of results passed ("PASS: 0 exact, 0 within, 0 wrong"),
    # where the tool refuses an empty file; rel and ulps together used rel
    # and dropped ulps without a word (the tool refuses both)
    for results in ([], "", "# a comment only\n", {}):
        with pytest.raises(rm.RankmetricsError) as e:
            rm.verify(results)
        assert e.value.status_name == "RM_EFORMAT"
    with pytest.raises(rm.RankmetricsError) as e:
        rm.verify(["rr:1 1"], ulps=1, rel=0.1)
    assert e.value.status_name == "RM_EINVAL"
    # rr:1 is a list whose first item is relevant: the value 1 passes
    assert rm.verify(["rr:1 1"]).passed


def test_matching_variants_compares_every_value():
    # AP of the list 0, 1 is 1/2 and RR is 1/2.  zip() cut the longer list
    # short: the observed 0.1 for a second input nobody gave was never
    # compared, nor the second input of a single observed value; no input
    # at all matched every candidate, and ulps=inf matched 0.3 with 1/2
    one = [dict(grades=[0, 1])]
    assert rm.matching_variants([0.5], one, ["ap", "rr", "ndcg"]) == \
        ["ap", "rr"]
    for observed, inputs in (([0.5, 0.1], one), ([0.5], one * 2), ([], [])):
        with pytest.raises(ValueError):
            rm.matching_variants(observed, inputs, ["ap", "rr"])
    for ulps in (float("inf"), float("nan"), -1, True):
        with pytest.raises(ValueError):
            rm.matching_variants([0.3], one, ["ap"], ulps=ulps)


def test_values_of_a_string_of_names_is_refused():
    # "f" iterated as the one name 'f'; "ap" as the names 'a', 'p'
    for variants in ("f", "ap", {"ap": 1}):
        with pytest.raises(TypeError):
            rm.values(variants, grades=[0, 1])
    assert rm.values(("ap", "rr"), grades=[0, 1]) == [0.5, 0.5]


def test_evaluate_refuses_a_column_given_as_a_string():
    # users="abc" were three users a, b, c, each its own query: AP 1, 0, 1
    # gave the mean 2/3 where the one user of the rows 1, 0, 1 has 5/6
    with pytest.raises(TypeError):
        rm.evaluate("ap", users="abc", labels=[1, 0, 1])
    with pytest.raises(TypeError):
        rm.evaluate("ap", {"user": ["u"] * 3, "label": b"\x01\x00\x01"})
    with pytest.raises(TypeError):
        rm.evaluate("ap", users=["u"] * 3, labels=[1, 0, 1],
                    scores={3: 0, 2: 0, 1: 0})
    e = rm.evaluate("ap", users=["u"] * 3, labels=[1, 0, 1], exact=True)
    assert [x.fraction for x in e.aggregate.values()] == [Fraction(5, 6)]


def test_disagree_options_are_whole_numbers_in_range():
    # max_length=2**32 + 2 reached the library as 2 (ctypes keeps the low
    # 32 bits), 2.9 as 2 (int()), and population=2**32 as 0, each a search
    # other than the one asked for; the library's own range (1..8) refuses
    # 2**32 + 2 once it arrives whole
    pair = ("rr[hits=first]", "rr[hits=mean]")
    for kw in ({"max_length": 2 ** 32 + 2}, {"max_length": 2.9},
               {"max_length": "2"}, {"population": 2 ** 32},
               {"population": 0.5}, {"budget": "5"}, {"budget": True}):
        with pytest.raises(rm.RankmetricsError) as e:
            rm.disagree(*pair, **dict({"max_length": 2, "population": 0},
                                      **kw))
        assert e.value.status_name == "RM_EINVAL"
    # rr[hits=first] and rr[hits=mean] first differ on the grades 1, 1:
    # 1 against (1 + 1/2)/2 = 3/4
    w = rm.disagree(*pair, max_length=2, population=0).pairs[0].witness
    assert w.queries[0].grades == [1, 1]


def test_variants_refuses_keys_it_cannot_vary():
    # a key misspelled, or vary="norm" iterated as n, o, r, m, gave [] (no
    # variant at all); the three norms of AP are rel, min and hits
    for kw in ({"vary": ["nosuch"]}, {"vary": "norm"}, {"vary": ["rel"]},
               {"numbers": {"rell": [1, 2]}}, {"numbers": {"norm": ["min"]}}):
        with pytest.raises((ValueError, TypeError)):
            rm.variants("ap", **kw)
    assert len(rm.variants("ap", vary=["norm"])) == 4  # rel, min, hits, list
    assert len(rm.variants("ap@5", vary=[], numbers={"cutoff": [3, 4]})) == 2


# ---- A third audit (issue 32): what Python cannot read faithfully ----------------

def test_evaluate_judged_keys_must_match_a_user():
    # user 1: the list 1, 0 and one relevant item judged but not retrieved:
    # AP = (1/1)/2 = 1/2 and recall = 1/2.  judged={"1": [1]} matched no
    # user and was dropped without a word: AP 1 and recall 1
    ms = ["ap", "recall"]
    ev = rm.evaluate(ms, users=[1, 1], labels=[1, 0], judged={1: [1]},
                     exact=True)
    assert [ev.per_query[1][rm.name(m)].fraction for m in ms] == \
        [Fraction(1, 2), Fraction(1, 2)]
    for judged in ({"1": [1]}, {1: [1], 2: [1]}, {1.5: [1]}):
        with pytest.raises(rm.RankmetricsError) as e:
            rm.evaluate(ms, users=[1, 1], labels=[1, 0], judged=judged)
        assert "judged=" in e.value.message and "matches no user" in \
            e.value.message
    # a key equal to the user but of another kind: refused, not matched
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate(ms, users=[1, 1], labels=[1, 0], judged={True: [1]})
    assert "True (bool) equals the user 1 (int)" in e.value.message
    with pytest.raises(TypeError):
        rm.evaluate(ms, users=[1, 1], labels=[1, 0], judged=[[1]])
    # a numpy number is of its Python kind: the key np.int64(1) is user 1
    ev = rm.evaluate("ap", users=np.array([1, 1]), labels=[1, 0],
                     judged={np.int64(1): [1]})
    assert ev.aggregate[rm.name("mean:ap")] == 0.5


def test_evaluate_users_equal_but_of_different_kinds_are_refused():
    # 1 and True were one user (the list 1, 0, AP 1), where 1 and "1" were
    # two (AP 1 and 0); equal users of two kinds are refused
    for users in ([1, True], [1, 1.0], [0, False], ["a", "a", 1, 1.0]):
        with pytest.raises(rm.RankmetricsError) as e:
            rm.evaluate("ap", users=users, labels=[1, 0] * (len(users) // 2))
        assert "would be merged" in e.value.message
    ev = rm.evaluate("ap", users=[1, "1"], labels=[1, 0])
    assert ev.users == [1, "1"]
    assert [ev.per_query[u][rm.name("ap")] for u in ev.users] == [1.0, 0.0]
    # numpy's int64 and Python's int are one kind: one user
    ev = rm.evaluate("ap", users=[np.int64(7), 7], labels=[0, 1])
    assert ev.users == [7] and ev.aggregate[rm.name("mean:ap")] == 0.5


def test_masked_arrays_are_refused_unless_nothing_is_masked():
    # the mask was ignored: the grades 1, 0, [1] masked gave AP 5/6 for the
    # list 1, 0 whose AP is 1
    g = np.ma.array([1, 0, 1], mask=[False, False, True])
    s = np.ma.array([3.0, 2.0, 1.0], mask=[False, False, True])
    for call in (lambda: rm.value("ap", g),
                 lambda: rm.value("ap", [1, 0, 1], s),
                 lambda: rm.exact("ap", [1, 0], judged=np.ma.array(
                     [1, 1], mask=[True, False])),
                 lambda: rm.evaluate("ap", users=[1, 1, 1], labels=g),
                 lambda: rm.evaluate("ap", users=np.ma.array(
                     [1, 1, 2], mask=[0, 0, 1]), labels=[1, 0, 1])):
        with pytest.raises(rm.RankmetricsError) as e:
            call()
        assert "masked array with 1 masked of" in e.value.message
    # nothing masked: the plain array, AP 5/6
    clear = np.ma.array([1, 0, 1], mask=[False] * 3)
    assert rm.exact("ap", clear).fraction == Fraction(5, 6)
    assert rm.value("ap", [1, 0, 1], np.ma.array([3.0, 2.0, 1.0])) == \
        rm.value("ap", [1, 0, 1])


def small_files(tmp_path):
    q, r = tmp_path / "q", tmp_path / "r"
    q.write_text("q1 0 d1 1\nq1 0 d2 1\n")
    r.write_text("q1 Q0 d1 1 2 t\nq1 Q0 d3 2 1 t\n")  # AP (1/1)/2 = 1/2
    return str(q), str(r)


def test_evaluate_files_refuses_a_nul_in_names_and_columns(tmp_path):
    files = small_files(tmp_path)
    assert rm.evaluate_files(["ap"], *files).aggregate["ap"] == 0.5
    # "ap\0x" was computed as ap
    with pytest.raises(rm.RankmetricsError) as e:
        rm.evaluate_files(["ap\0x"], *files)
    assert e.value.status_name == "RM_ENAME" and "NUL" in e.value.message
    c = tmp_path / "c.csv"
    c.write_text("user,item,label\nu,a,1\nu,b,0\n")
    assert rm.evaluate_files("ap", str(c)).aggregate["ap"] == 1.0
    for col in ("user", "item", "label", "score"):
        with pytest.raises(rm.RankmetricsError) as e:
            rm.evaluate_files("ap", str(c), **{col: col + "\0x"})
        assert "%s=" % col in e.value.message and "NUL" in e.value.message
    with pytest.raises(TypeError):
        rm.evaluate_files([b"ap"], *files)
    # keys cross into C too: "norm\0x" was the key norm
    for f in (rm.words, rm.key_range):
        with pytest.raises(rm.RankmetricsError):
            f("norm\0x")
    assert rm.words("norm")[0] == "rel"
    with pytest.raises(rm.RankmetricsError):
        rm.verify(["rr:1 1"], vectors=str(tmp_path) + "\0x")


def test_evaluate_files_memory_in_range(tmp_path):
    # -1 wrapped to SIZE_MAX (no bound) and 2**64 to 0 (the default),
    # 0 was the default, 1.5 was cut to 1: each is refused with the range
    files = small_files(tmp_path)
    for m in (-1, 2 ** 64, 0, 65535, 2 ** 70):
        with pytest.raises(rm.RankmetricsError) as e:
            rm.evaluate_files(["ap"], *files, memory=m)
        assert "65536" in e.value.message and "out of range" in \
            e.value.message
    for m in (1.5, "1M", True):
        with pytest.raises(TypeError if m is not True else
                           rm.RankmetricsError):
            rm.evaluate_files(["ap"], *files, memory=m)
    for m in (65536, 2 ** 64 - 1, None):
        assert rm.evaluate_files(["ap"], *files, memory=m).aggregate["ap"] \
            == 0.5


def test_iterators_are_read_once():
    # the ratings 1, 2.5 against the scores 1, 2: MAE (0 + 0.5)/2 = 1/4; a
    # generator was read in part as whole grades, then the rest as ratings
    assert rm.exact("mae", (g for g in [1, 2.5]),
                    iter([1, 2])).fraction == Fraction(1, 4)
    assert rm.value("ap", iter([0, 1]), (s for s in [1.0, 2.0]),
                    judged=iter([1])) == 0.5  # (1/1)/2
    assert rm.values((n for n in ["ap", "rr"]), [0, 1]) == [0.5, 0.5]
    # vary was read twice, the second time empty: one name for three
    assert len(rm.variants("ap", vary=(k for k in ["norm"]))) == 4
    ev = rm.evaluate(iter(["ap"]), users=(u for u in [1, 1, 2, 2]),
                     labels=iter([1, 0, 0, 1]))
    assert ev.aggregate[rm.name("mean:ap")] == 0.75  # (1 + 1/2)/2


def test_disagree_budget_is_the_tools():
    import inspect
    import subprocess
    from conftest import TOOL
    default = inspect.signature(rm.disagree).parameters["budget"].default
    assert default == 300
    if os.path.exists(TOOL):
        out = subprocess.run([TOOL, "disagree", "--help"], capture_output=True,
                             text=True).stdout
        assert "stop after this long (default %d)" % default in out


# ---- Ctrl-C: a real SIGINT during a long call ------------------------------------

@pytest.fixture
def sigint():
    """interrupt(call, after): call() with a SIGINT sent to the process
    `after` seconds in; the seconds from the signal to KeyboardInterrupt.
    Fails when the call returns (a partial result) or raises late."""
    import signal
    import threading
    import time
    old = signal.signal(signal.SIGINT, signal.default_int_handler)

    def interrupt(call, after):
        sent = []

        def fire():
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)
        t = threading.Timer(after, fire)
        got = None
        t.start()
        try:
            got = call()
        except KeyboardInterrupt:
            late = time.monotonic() - sent[0]
        else:
            pytest.fail("returned %r after the SIGINT" % (got,))
        finally:
            t.cancel()
            t.join()
        assert late < 1.0, "KeyboardInterrupt %.2f s after the SIGINT" % late
        return late
    yield interrupt
    signal.signal(signal.SIGINT, old)


def test_ctrl_c_stops_evaluate_files(tmp_path, sigint):
    # 400,000 queries, three measures: a second or two, most of it giving
    # 1.2 million values back through ctypes, where the interrupt was
    # swallowed by the callback and the call returned all but one query
    n = 400000
    q, r = tmp_path / "q", tmp_path / "r"
    q.write_text("".join("q%d 0 d%d 1\n" % (i, i) for i in range(n)))
    r.write_text("".join("q%d Q0 d%d 1 2 t\nq%d Q0 e%d 2 1 t\n" % (i, i, i, i)
                         for i in range(n)))
    for after in (0.2, 0.9):
        sigint(lambda: rm.evaluate_files(["ap", "ndcg", "rr"], str(q),
                                         str(r)), after)


def test_ctrl_c_stops_disagree(sigint):
    # the search of ndcg's pairs up to 8 items takes minutes; without a
    # budget it could not be stopped at all, and with one it ran on to the
    # budget's end (3 s here, so that the old program fails, not hangs)
    sigint(lambda: rm.disagree("ndcg", max_length=8, budget=3), 0.5)
    sigint(lambda: rm.disagree("ndcg", max_length=8, budget=None), 0.3)


def test_ctrl_c_stops_verify_and_evaluate(sigint):
    # verify of every test with a wrong value explains each variant (7 s);
    # evaluate on the exact path of 20,000 users (a second or more)
    import glob
    res = []
    for f in sorted(glob.glob(os.path.join(rm.vectors_dir(), "*_test.txt"))):
        fam = os.path.basename(f)[:-len("_test.txt")]
        with open(f) as fh:
            res += ["%s:%s 0.123" % (fam, line.split("=")[1].strip())
                    for line in fh if line.startswith("tcId")]
    sigint(lambda: rm.verify(res), 0.8)
    n = 20000
    sigint(lambda: rm.evaluate(["ap", "ndcg"], users=[i // 2 for i in
                                                      range(2 * n)],
                               labels=[1, 0] * n, exact=True), 0.3)


def test_ctrl_c_stops_a_large_exact_set(sigint):
    # the exact nDCG of 4000 queries of 300 items is one call of the
    # library of two seconds, which held Ctrl-C to its end; evaluate's
    # aggregate is such a call
    import random
    rnd = random.Random(7)
    qs = [[rnd.randint(0, 3) for _ in range(300)] for _ in range(4000)]
    sigint(lambda: rm.exact_set("mean:ndcg", qs), 0.6)
    # a small set is called directly, and its value is the one worked by
    # hand: (1 + 1/2)/2 for the lists 1, 0 and 0, 1 (AP)
    assert rm.exact_set("mean:ap", [[1, 0], [0, 1]]).fraction == \
        Fraction(3, 4)


def test_ctrl_c_dropped_on_the_way_is_raised_at_the_end(sigint):
    # CPython drops a KeyboardInterrupt raised in a weakref's callback or a
    # __del__ ("Exception ignored in WeakSet._remove"), and evaluate once
    # returned its result after a Ctrl-C so.  Here the interrupt is dropped
    # on purpose, as such a callback drops it: the guarded call must still
    # end in KeyboardInterrupt, not return 42
    import signal
    from rankmetrics import _lib

    def drops_it():
        try:
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):  # the handler runs between bytecodes
                pass
        except KeyboardInterrupt:
            pass
        return 42
    with pytest.raises(KeyboardInterrupt):
        _lib.sigint_guarded(drops_it)()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert drops_it() == 42  # unguarded, the interrupt is lost
