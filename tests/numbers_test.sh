#!/bin/bash
# numbers_test.sh: one rule for reading grades, ratings and scores in every
# reader of the tool (value's --grades, --judged and --scores, eval's TREC
# judgments and run, a delimited file's labels and scores), the columns of a
# delimited file, and ratings in TREC judgments (the book's sections "One
# rule for reading a label", "One rule for reading a score" and the columns
# of ev_column).  Every expected value is worked by hand in the comment
# beside it.  Run from the top directory after ./rankmetrics is built.
cd "$(dirname "$0")/.." || exit 1
RM=${TOOL:-./rankmetrics}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
# refuse NAME PATTERN CMD...: the command exits non-zero, prints nothing on
# stdout, and its stderr matches PATTERN
refuse() {
  local name=$1 pat=$2; shift 2
  local err out rc
  out=$("$@" 2>"$T/err"); rc=$?; err=$(cat "$T/err")
  if [ $rc -ne 0 ] && [ -z "$out" ] && printf '%s\n' "$err" | grep -qE -- "$pat"; then ok "$name"
  else bad "$name (exit $rc, out '$out', stderr: $(printf '%s' "$err" | head -c 300))"; fi
}
# same NAME EXPECTED CMD...: the command succeeds and prints EXPECTED
same() {
  local name=$1 want=$2; shift 2
  local out
  if out=$("$@" 2>"$T/err") && [ "$out" = "$want" ]; then ok "$name"
  else bad "$name (got '$out', want '$want'; $(head -c 300 "$T/err"))"; fi
}
# the exact rational of value's --exact output
rat() { "$@" --exact 2>/dev/null | awk '$1 == "rational" { print $2 }'; }
E() { $RM eval --quiet --trec "$@"; }
tab() { printf '%s\tall\t%s' "$1" "$2"; }

# ---- grades: one spelling, one answer, in value, TREC and CSV
# A run of one document d1 with score 1, and d2 with score 0 judged 1.
printf 'q1 Q0 d1 1 1 t\nq1 Q0 d2 2 0 t\n' > "$T/r"
# ndcg of grades (g, 1) in that order: g = 2 gives 1 (ideal order); written
# in any grade spelling, the answer must be the same as for '2'.
for g in 2 +2 2. 2.0 2.000 002; do
  same "value grade '$g'" "$(printf 'ndcg\t1')" sh -c "$RM value ndcg --grades '$g,1' --scores 1,0 | sed 's/\\[.*\\]//'"
  printf 'q1 0 d1 %s\nq1 0 d2 1\n' "$g" > "$T/q"
  same "TREC grade '$g'" "$(tab ndcg 1)" E -m ndcg "$T/q" "$T/r"
  printf 'user,item,label,score\nu,d1,%s,1\nu,d2,1,0\n' "$g" > "$T/g.csv"
  same "CSV label '$g'" "$(tab ndcg 1)" E -m ndcg "$T/g.csv"
  same "value --judged '$g'" "$(printf 'ndcg\t0.23981246656813146')" \
    sh -c "$RM value 'ndcg[gain=linear]' --grades 0,1 --scores 1,0 --judged '$g' | sed 's/\\[.*\\]//'"
done
# --judged g = 2 beside grades 0, 1 under gain=linear: DCG = 1/lg 3, and the
# ideal ranking (2, 1, 0) has DCG 2 + 1/lg 3: nDCG = 0.6309.../2.6309... =
# 0.23981246656813146.
# Ratings: numbers that are not grades.  ndcg refuses them everywhere; mae
# reads them exactly: |r - 1| + |1 - 0| over 2 items.
for g in 0.99999999999999999999 1e2 101 3.5 10/3; do
  refuse "value rating '$g' for ndcg" "is a rating, not a whole grade" $RM value ndcg --grades "$g,1" --scores 1,0
  printf 'q1 0 d1 %s\nq1 0 d2 1\n' "$g" > "$T/q"
  refuse "TREC rating '$g' for ndcg" "q:1: label '$g' is a rating, not a whole grade" E -m ndcg "$T/q" "$T/r"
  printf 'user,item,label,score\nu,d1,%s,1\nu,d2,1,0\n' "$g" > "$T/g.csv"
  refuse "CSV rating '$g' for ndcg" "g.csv:2: label '$g' is a rating, not a whole grade" E -m ndcg "$T/g.csv"
done
# mae = (|r - 1| + 1)/2: r = 0.99999999999999999999 gives (1 + 10^-20)/2,
# whose double is 0.5; 1e2 gives 100/2 = 50; 10/3 gives (7/3 + 1)/2 = 5/3.
for c in "0.99999999999999999999 100000000000000000001/200000000000000000000 0.5" \
    "1e2 50 50" "10/3 5/3 1.6666666666666667"; do
  set -- $c
  same "value mae of rating '$1'" "$2" rat $RM value mae --grades "$1,1" --scores 1,0
  printf 'q1 0 d1 %s\nq1 0 d2 1\n' "$1" > "$T/q"
  same "TREC mae of rating '$1'" "$(tab mae "$3")" E --exact -m mae "$T/q" "$T/r"
  printf 'user,item,label,score\nu,d1,%s,1\nu,d2,1,0\n' "$1" > "$T/g.csv"
  same "CSV mae of rating '$1'" "$(tab mae "$3")" E --exact -m mae "$T/g.csv"
done
# Neither grade nor rating: refused by every reader, with the file and line.
for g in 0x10 0x1p3 inf nan 1e999 1e 1/0 . -; do
  refuse "value grade '$g'" "item 1 '$g' is neither a whole grade" $RM value mae --grades "$g,1" --scores 1,0
  refuse "value --judged '$g'" "--judged: item 1 '$g' is not a whole grade" $RM value ndcg --grades 1 --scores 1 --judged "$g"
  printf 'q1 0 d1 %s\nq1 0 d2 1\n' "$g" > "$T/q"
  refuse "TREC grade '$g'" "q:1: grade '$g' is not a whole number from 0 to 100, nor a rating" E -m mae "$T/q" "$T/r"
  printf 'user,item,label,score\nu,d1,%s,1\nu,d2,1,0\n' "$g" > "$T/g.csv"
  refuse "CSV label '$g'" "g.csv:2: grade '$g' is not a whole number" E -m mae "$T/g.csv"
done
refuse "value grade ' 1'" "item 1 ' 1' is neither" $RM value mae --grades " 1,1" --scores 1,0
refuse "value --judged '-1'" "item 1 '-1' is not a whole grade" $RM value ndcg --grades 1 --scores 1 --judged -1
# A negative whole number in a file is TREC's judged non-relevant: grade 0,
# counted; ap of (0, 1) with d1 first is 1/2.
printf 'q1 0 d1 -1.0\nq1 0 d2 1\n' > "$T/q"
same "TREC grade '-1.0' read as 0" "$(tab ap 0.5)" E -m ap "$T/q" "$T/r"

# ---- scores: one rule in value, the run and a delimited file
# ap of grades (0, 1) with scores (s, 0): s > 0 ranks d1 first, 1/2; s < 0
# ranks d2 first, 1; s = 0 is a tie kept in input order, 1/2.
for c in "1.5 0.5" "-2 1" "1e-3 0.5" ".5 0.5" "5. 0.5" "+1E+2 0.5" "0e-400 0.5" "-0 0.5" "1e-310 0.5" "-4.9e-324 1"; do
  set -- $c
  same "value score '$1'" "$(printf 'ap\t%s' "$2")" sh -c "$RM value ap --grades 0,1 --scores '$1,0' | sed 's/\\[.*\\]//'"
  printf 'q1 Q0 d1 1 %s t\nq1 Q0 d2 2 0 t\n' "$1" > "$T/rs"
  printf 'q1 0 d1 0\nq1 0 d2 1\n' > "$T/q"
  same "run score '$1'" "$(tab ap "$2")" E -m ap "$T/q" "$T/rs"
  printf 'user,item,label,score\nu,d1,0,%s\nu,d2,1,0\n' "$1" > "$T/s.csv"
  same "CSV score '$1'" "$(tab ap "$2")" E -m ap "$T/s.csv"
done
for c in "1e400 too_large" "-1e400 too_large" "1e-400 too_small" "-2.5e-999 too_small" "0x10" "0x1p-3" "inf" "nan" "infinity" "1e" "1e-" "1.5.2"; do
  set -- $c; set -- "$1" "${2//_/ }"
  refuse "value score '$1'" "--scores: item 1 '$1' is not a finite number.*$2" $RM value ap --grades 0,1 --scores "$1,0"
  printf 'q1 Q0 d1 1 %s t\nq1 Q0 d2 2 0 t\n' "$1" > "$T/rs"
  refuse "run score '$1'" "rs:1: score '$1' is not a finite number.*$2" E -m ap "$T/q" "$T/rs"
  printf 'user,item,label,score\nu,d1,0,%s\nu,d2,1,0\n' "$1" > "$T/s.csv"
  refuse "CSV score '$1'" "s.csv:2: score '$1' is not a finite number.*$2" E -m ap "$T/s.csv"
done

# a candidate's result for verify may be hexadecimal, but not a nonzero
# number that a double reads as 0 (it would pass for an exact 0)
for v in 1e-400 0x1p-1080; do
  printf 'rr:1 %s\n' "$v" > "$T/cand"
  refuse "verify candidate '$v'" "cand:1: '$v' is not zero, but too small for a double" $RM verify --quiet "$T/cand"
done

# ---- columns of a delimited file
# ap of labels (0, 1) with scores (0.1, 0.9): by score, d2 first: 1; in the
# order of the rows: 1/2.  A column that is not read must not make it 1/2.
printf 'user,item,label,score\nu,a,0,0.1\nu,b,1,0.9\n' > "$T/c.csv"
same "plain columns" "$(tab ap 1)" E -m ap "$T/c.csv"
refuse "--score nosuch" "c.csv:1: --score names the column 'nosuch', which the header lacks; its columns are 'user', 'item', 'label', 'score'" E -m ap --score nosuch "$T/c.csv"
refuse "--item nosuch" "c.csv:1: --item names the column 'nosuch'" E -m ap --item nosuch "$T/c.csv"
refuse "--user nosuch" "c.csv:1: --user names the column 'nosuch'" E -m ap --user nosuch "$T/c.csv"
refuse "--label nosuch" "c.csv:1: --label names the column 'nosuch'" E -m ap --label nosuch "$T/c.csv"
refuse "--user User (named columns match exactly)" "--user names the column 'User'" E -m ap --user User "$T/c.csv"
same "--score none: the order of the rows" "$(tab ap 0.5)" E -m ap --score none "$T/c.csv"
same "--item none" "$(tab ap 1)" E -m ap --item none "$T/c.csv"
for h in Score SCORE ' score' 'Score '; do
  printf 'user,item,label,%s\nu,a,0,0.1\nu,b,1,0.9\n' "$h" > "$T/h.csv"
  same "default score matches '$h'" "$(tab ap 1)" E -m ap "$T/h.csv"
done
printf 'User,Item,Label,Score\nu,a,0,0.1\nu,b,1,0.9\n' > "$T/h.csv"
same "capitalised header" "$(tab ap 1)" E -m ap "$T/h.csv"
$RM eval -m ap "$T/h.csv" >/dev/null 2>"$T/err"
grep -q "reading column 'Score' as --score" "$T/err" && ok "a loose match is noted" || bad "no note of a loose match: $(cat "$T/err")"
printf 'user,item,label,Score,SCORE\nu,a,0,0.1,0\nu,b,1,0.9,0\n' > "$T/h.csv"
refuse "two columns differing in case" "no column 'score' \(the default of --score\), and 2 that differ" E -m ap "$T/h.csv"
same "... one of them named" "$(tab ap 1)" E -m ap --score Score "$T/h.csv"
printf 'user,item,label,score,score\nu,a,0,0.1,0\nu,b,1,0.9,0\n' > "$T/h.csv"
refuse "a column twice" "the header has 2 columns 'score'" E -m ap "$T/h.csv"
printf 'user,label\nu,0\nu,1\n' > "$T/h.csv"
same "default item and score may be absent" "$(tab ap 0.5)" E -m ap "$T/h.csv"
$RM eval -m ap "$T/h.csv" >/dev/null 2>"$T/err"
grep -q "no column 'score': the order of the rows is the ranking" "$T/err" &&
  grep -q "no column 'item': repeated items are not detected" "$T/err" &&
  ok "absent default columns are noted" || bad "absent columns not noted: $(cat "$T/err")"
$RM eval -m ap --score none --item none "$T/h.csv" >/dev/null 2>"$T/err"
! grep -q "no column" "$T/err" && ok "--score none, --item none: no note" || bad "a note despite none: $(cat "$T/err")"
printf 'user,item,label,score\nu,a,0,0.1\nu,a,1,0.9\n' > "$T/h.csv"
refuse "repeats found through the item column" "document 'a' appears twice" E -m ap "$T/h.csv"
printf 'user,Item,label,score\nu,a,0,0.1\nu,a,1,0.9\n' > "$T/h.csv"
refuse "... and through a capitalised one" "document 'a' appears twice" E -m ap "$T/h.csv"

# ---- ratings in TREC judgments
# q1: d1 rated 3.5 with score 3, d2 graded 4 with score 5, d5 unjudged (0)
# with score 1; d3 rated 2.25, not retrieved.  q2: d1 graded 1, score 1/2.
printf 'q1 0 d1 3.5\nq1 0 d2 4\nq1 0 d3 2.25\nq2 0 d1 1\n' > "$T/q"
printf 'q1 Q0 d1 1 3 t\nq1 Q0 d2 2 5 t\nq1 Q0 d5 3 1 t\nq2 Q0 d1 1 0.5 t\n' > "$T/r"
# errors of q1: 1/2, -1, -1; of q2: 1/2.  mae: q1 5/6, q2 1/2, mean 2/3.
same "TREC ratings: mae" "$(printf 'mae\tq1\t0.8333333333333334\nmae\tq2\t0.5\nmae\tall\t0.6666666666666666')" E -q --exact -m mae "$T/q" "$T/r"
# mse: q1 (1/4 + 1 + 1)/3 = 3/4, q2 1/4; rmse pooled over the 4 rows:
# sqrt((1/4 + 1 + 1 + 1/4)/4) = sqrt(5/8).
same "TREC ratings: mse" "$(printf 'mse\tq1\t0.75\nmse\tq2\t0.25\nmse\tall\t0.5')" E -q -m mse "$T/q" "$T/r"
same "TREC ratings: rmse pooled" "$(tab rmse 0.7905694150420949)" E -m rmse "$T/q" "$T/r"
same "TREC ratings, judgments read whole" "$(tab rmse 0.7905694150420949)" E --unsorted -m rmse "$T/q" "$T/r"
# kendall tau=a of q1: ratings 3.5, 4, 0 against scores 3, 5, 1: 3 pairs
# concordant of 3: 1.
same "TREC ratings: kendall" "1" sh -c "$RM eval --quiet --trec -q -m 'kendall[tau=a]' '$T/q' '$T/r' | awk '\$2==\"q1\"{print \$3}'"
# The pooled rmse's exact root at the ends of the doubles.  One row, rated 0
# (unjudged) with score 1e-300: the root of (1e-300)^2 is the double 1e-300
# itself, though its square underflows to 0 (the search once crawled up from
# 0 one subnormal at a time; timeout guards a hang, it times nothing).
printf 'q1 0 d1 1\n' > "$T/qt"; printf 'q1 Q0 d9 1 1e-300 t\n' > "$T/rt"
same "TREC ratings: rmse of a square that underflows" "$(tab rmse 1e-300)" timeout 60 $RM eval --quiet --trec -m rmse "$T/qt" "$T/rt"
# Rated -1e308, scored 1e308: the error 2e308 is past the largest double
# (about 1.797e308), so its root, 2e308, rounds to inf; rated 0 and scored
# 1e308, the root is the double 1e308 though its square overflows.
printf 'q1 0 d1 -1e308\n' > "$T/qt"; printf 'q1 Q0 d1 1 1e308 t\n' > "$T/rt"
same "TREC ratings: rmse past the largest double" "$(tab rmse inf)" timeout 60 $RM eval --quiet --trec -m rmse "$T/qt" "$T/rt"
printf 'q1 0 d1 0\n' > "$T/qt"
same "TREC ratings: rmse whose square overflows" "$(tab rmse 1e+308)" timeout 60 $RM eval --quiet --trec -m rmse "$T/qt" "$T/rt"
refuse "TREC ratings: ap refuses, naming the judgment" "q:1: label '3.5' is a rating, not a whole grade from 0 to 100; only mae, mse, rmse, spearman and kendall read ratings, and ap does not" E -m ap "$T/q" "$T/r"
refuse "TREC ratings: refused beside mae too" "and ndcg does not" E -m mae -m ndcg "$T/q" "$T/r"
# A rated judgment of a query missing from the run: under --judged-only
# empty it is an unretrieved item, which ndcg would read as a grade.
printf 'q1 0 d1 1\nq2 0 d1 3.5\n' > "$T/qj"; printf 'q1 Q0 d1 1 1 t\n' > "$T/rj"
refuse "TREC rating of a judged-only query, for ndcg" "qj:2: label '3.5' is a rating" E --judged-only empty -m ndcg "$T/qj" "$T/rj"
same "... left out by default" "$(tab ndcg 1)" E -m ndcg "$T/qj" "$T/rj"
# A rating equal to a whole number keeps the rule: 4.0 is a grade.
printf 'q1 0 d1 4.0\n' > "$T/q4"; printf 'q1 Q0 d1 1 1 t\n' > "$T/r4"
same "TREC 4.0 is the grade 4" "$(tab ap 1)" E -m ap "$T/q4" "$T/r4"

# ---- --dup max with ratings: the highest rating, compared exactly
# d1 judged 3.5, 3.75 and 2, score 3; d2 graded 4, score 5.  mae: max keeps
# 3.75: (3/4 + 1)/2 = 7/8 = 0.875; first keeps 3.5: 3/4; last keeps 2: 1.
printf 'q1 0 d1 3.5\nq1 0 d1 3.75\nq1 0 d1 2\nq1 0 d2 4\n' > "$T/qd"
printf 'q1 Q0 d1 1 3 t\nq1 Q0 d2 2 5 t\n' > "$T/rd"
for c in "max 0.875" "first 0.75" "last 1"; do
  set -- $c
  same "TREC --dup $1 with ratings" "$(tab mae "$2")" E --exact --dup $1 -m mae "$T/qd" "$T/rd"
done
# the same in a delimited file, with 3.25 last: last gives (1/4 + 1)/2 = 5/8
printf 'user,item,label,score\nu,a,3.5,3\nu,a,3.75,3\nu,a,3.25,3\nu,b,4,5\n' > "$T/dd.csv"
for c in "max 0.875" "first 0.75" "last 0.625"; do
  set -- $c
  same "CSV --dup $1 with ratings" "$(tab mae "$2")" E --exact --dup $1 -m mae "$T/dd.csv"
done
# 7/2 and 3.50 are equal: max keeps the first row (score 3): (1/2 + 1)/2 = 3/4;
# keeping the second (score 2) would give (3/2 + 1)/2 = 5/4.
printf 'user,item,label,score\nu,a,7/2,3\nu,a,3.50,2\nu,b,4,5\n' > "$T/dd.csv"
same "CSV --dup max: equal ratings keep the first" "$(tab mae 0.75)" E --exact --dup max -m mae "$T/dd.csv"
# 0.1 and 0.10000000000000000001 have one double; max keeps the larger, the
# second row, score 0: error 0.10000000000000000001, and with d2 (0, 0) the
# mean (1/10 + 10^-20)/2, whose double is 0.05; keeping the first row
# (score 1) would give (9/10)/2 = 0.45.
printf 'user,item,label,score\nu,a,0.1,1\nu,a,0.10000000000000000001,0\nu,b,0,0\n' > "$T/dd.csv"
same "CSV --dup max compares exactly" "$(tab mae 0.05)" E --exact --dup max -m mae "$T/dd.csv"

echo "numbers_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
