#!/usr/bin/env bash
# compare_test.sh: `rankmetrics compare' against independent computations.
# Random judgments and runs (12 queries; 40 for the Monte Carlo) are
# compared; Python reads the per-query values of `compare -q --json' and
# computes, on its own, the paired t test's p with scipy.stats.ttest_rel
# (within 1e-12 relative of the tool's), the exact randomization p by
# enumerating the 4096 sign vectors in fractions.Fraction, and the sign
# test's p by the binomial sum: both must equal the tool's fractions.  The
# Monte Carlo p is the same with --threads 1 and 2 (and changes with the
# seed); the CSV reader gives the TREC reader's answer; --missing and
# --pairs change what is paired; usage errors exit 2.
# Run from the top directory after `make tool'.
cd "$(dirname "$0")/.." || exit 1
. tests/counts.sh
RM=${TOOL:-$PWD/rankmetrics}

awk -v T="$tmp" 'BEGIN { srand(28);
  print "user,item,label,score" > T "/a.csv"; print "user,item,label,score" > T "/b.csv";
  for (q = 1; q <= 40; q++) for (i = 1; i <= 8; i++) {
    g = int(rand() * 3); if (rand() < 0.5) g = 0;
    sa = int(rand() * 40) / 4; sb = int(rand() * 40) / 4 + (g ? 1 : 0);
    printf "q%02d 0 d%d %d\n", q, i, g > T "/qrels40";
    printf "q%02d Q0 d%d 0 %s A\n", q, i, sa > T "/a40";
    printf "q%02d Q0 d%d 0 %s B\n", q, i, sb > T "/b40";
    printf "q%02d Q0 d%d 0 %s C\n", q, i, (sa + sb) / 2 > T "/c40";
    if (q <= 12) {
      printf "q%02d 0 d%d %d\n", q, i, g > T "/qrels";
      printf "q%02d Q0 d%d 0 %s A\n", q, i, sa > T "/a";
      if (q > 1) printf "q%02d Q0 d%d 0 %s B\n", q, i, sb > T "/b1";
      printf "q%02d Q0 d%d 0 %s B\n", q, i, sb > T "/b";
      printf "q%02d,d%d,%d,%s\n", q, i, g, sa > T "/a.csv";
      printf "q%02d,d%d,%d,%s\n", q, i, g, sb > T "/b.csv" } } }'

T3='-t ttest -t randomization[method=exact] -t sign'
if $RM compare -m ap -m ndcg@5 $T3 -q --json "$tmp/qrels" "$tmp/a" "$tmp/b" > "$tmp/j.json"
then ok "compare ran on 12 queries"; else fail "compare failed on 12 queries"; fi
if "$PY" - "$tmp/j.json" <<'PY'
import json, sys, math
from fractions import Fraction
from scipy import stats
doc = json.load(open(sys.argv[1]))
bad = 0
for c in doc["comparisons"]:
    a = [x["A"] for x in c["per_query"]]; b = [x["B"] for x in c["per_query"]]
    assert len(a) == 12, len(a)
    t = {x["test"]: x for x in c["tests"]}
    ps = stats.ttest_rel(a, b).pvalue
    pt = t["ttest[sided=two]"]["p"]
    if abs(pt - ps) > 1e-12 * ps:
        print("t test", c["measure"], pt, "scipy", ps); bad += 1
    d = [Fraction(x) - Fraction(y) for x, y in zip(a, b)]
    obs = abs(sum(d)); n = len(d)
    cnt = sum(1 for m in range(1 << n)
              if abs(sum(-x if m >> i & 1 else x for i, x in enumerate(d))) >= obs)
    want = Fraction(cnt, 1 << n)
    got = Fraction(t["randomization[method=exact,sided=two]"]["p_fraction"])
    if got != want:
        print("randomization", c["measure"], got, "enumerated", want); bad += 1
    pos = sum(x > 0 for x in d); m = sum(x != 0 for x in d)
    k = min(pos, m - pos)
    want = min(Fraction(1), Fraction(2 * sum(math.comb(m, i) for i in range(k + 1)), 2 ** m))
    got = Fraction(t["sign[sided=two]"]["p_fraction"])
    if got != want:
        print("sign", c["measure"], got, "binomial sum", want); bad += 1
    print(c["measure"], "t p", pt, "scipy", ps, "randomization", got)
sys.exit(1 if bad else 0)
PY
then ok "t p within 1e-12 of scipy's ttest_rel; exact randomization and sign p equal the enumeration and the binomial sum"
else fail "compare's p-values differ from scipy's or from the enumeration"; fi

MC='-m ap -m ndcg@5 -t randomization[n=4000,seed=9] -t bootstrap[n=500,seed=3]'
$RM compare $MC --threads 1 "$tmp/qrels40" "$tmp/a40" "$tmp/b40" "$tmp/c40" > "$tmp/t1" &&
$RM compare $MC --threads 2 "$tmp/qrels40" "$tmp/a40" "$tmp/b40" "$tmp/c40" > "$tmp/t2" &&
$RM compare ${MC/seed=9/seed=10} "$tmp/qrels40" "$tmp/a40" "$tmp/b40" "$tmp/c40" > "$tmp/t3"
if cmp -s "$tmp/t1" "$tmp/t2" && ! cmp -s "$tmp/t1" "$tmp/t3" && grep -q 'randomization' "$tmp/t1"
then ok "the Monte Carlo p is the same with --threads 1 and 2, and another seed changes it"
else fail "--threads 1 and 2 differ, or the seed does not matter"; diff "$tmp/t1" "$tmp/t2" | head -5; fi

$RM compare -m ap -m ndcg@5 $T3 "$tmp/qrels" "$tmp/a" "$tmp/b" | tail -n +2 | sed 's#[^\t]*/##g' > "$tmp/trec.txt"
$RM compare -m ap -m ndcg@5 $T3 --csv "$tmp/a.csv" "$tmp/b.csv" | tail -n +2 | sed 's#[^\t]*/##g; s#\.csv##g' > "$tmp/csv.txt"
if cmp -s "$tmp/trec.txt" "$tmp/csv.txt"; then ok "--csv gives the TREC reader's comparison"
else fail "--csv and TREC differ"; diff "$tmp/trec.txt" "$tmp/csv.txt" | head -5; fi

nz=$($RM compare -m ap "$tmp/qrels" "$tmp/a" "$tmp/b1" | awk -F'\t' '$3 == "ap" && $4 ~ /^[0-9]+$/ {print $4; exit}')
nd=$($RM compare -m ap --missing drop "$tmp/qrels" "$tmp/a" "$tmp/b1" | awk -F'\t' '$3 == "ap" && $4 ~ /^[0-9]+$/ {print $4; exit}')
[ "$nz" = 12 ] && [ "$nd" = 11 ] && ok "--missing zero pairs 12 queries, drop 11" ||
  fail "--missing: zero paired '$nz', drop '$nd' (want 12 and 11)"

nb=$($RM compare -m ap "$tmp/qrels40" "$tmp/a40" "$tmp/b40" "$tmp/c40" | awk -F'\t' '$3 == "ap" && $4 ~ /^[0-9]+$/' | wc -l)
na=$($RM compare -m ap --pairs all --correction bh "$tmp/qrels40" "$tmp/a40" "$tmp/b40" "$tmp/c40" | tee "$tmp/all" | awk -F'\t' '$3 == "ap" && $4 ~ /^[0-9]+$/' | wc -l)
[ "$nb" = 2 ] && [ "$na" = 3 ] && grep -q 'p_bh' "$tmp/all" &&
  ok "--pairs baseline makes 2 comparisons of 3 runs, all makes 3, and the correction is named" ||
  fail "--pairs: baseline $nb, all $na comparisons (want 2 and 3), or p_bh missing"

usage() { "$RM" compare "$@" > /dev/null 2> "$tmp/err"; echo $?; }
[ "$(usage -m ap "$tmp/qrels" "$tmp/a")" = 2 ] && [ "$(usage -m ap -t tost "$tmp/qrels" "$tmp/a" "$tmp/b")" = 2 ] &&
  [ "$(usage "$tmp/qrels" "$tmp/a" "$tmp/b")" = 2 ] &&
  [ "$(usage -m ap --correction sidak "$tmp/qrels" "$tmp/a" "$tmp/b")" = 2 ] &&
  ok "one run, an unknown test, no measure and an unknown correction are usage errors" ||
  fail "a usage error did not exit 2"
[ "$(usage -m ap -t 'randomization[method=exact]' "$tmp/qrels40" "$tmp/a40" "$tmp/b40")" = 1 ] &&
  grep -q 'method=mc' "$tmp/err" && ! grep -q 'null pointer' "$tmp/err" &&
  ok "an exact enumeration of 40 queries is refused, saying what to use (not 'null pointer')" ||
  fail "randomization[method=exact] on 40 queries: $(cat "$tmp/err")"
# The disagreement search: the t test and the sign test first differ on
# three differences -1,-1,-3/4: sign p = 2 * (1/2)^3 = 1/4 by hand, t p below
# 0.05 (scipy's ttest_1samp, checked here too).
out=$($RM compare --disagree -t ttest -t sign)
tp=$(printf '%s\n' "$out" | awk -F'p = ' '/^ttest/ {print $2}')
if printf '%s\n' "$out" | head -1 | grep -q 'on 3 differences .*: -1 -1 -0.75$' &&
   printf '%s\n' "$out" | grep -qx 'sign\[sided=two\]	p = 0.25 = 1/4' &&
   "$PY" -c "import sys; from scipy import stats; p = stats.ttest_1samp([-1, -1, -0.75], 0).pvalue; sys.exit(not (p < 0.05 and abs(p - $tp) <= 1e-12 * p))"
then ok "--disagree: t and sign first differ on -1 -1 -0.75 (sign 1/4, t as scipy's)"
else fail "--disagree: $out"; fi

# The table for a paper: run 2 (B, whose relevant items score higher) is
# marked better than run 1 on ndcg@5 exactly when its corrected t p is
# below 0.05 in the plain table.
md=$($RM compare -m ndcg@5 --format markdown --digits 3 "$tmp/qrels40" "$tmp/a40" "$tmp/b40")
padj=$($RM compare -m ndcg@5 "$tmp/qrels40" "$tmp/a40" "$tmp/b40" | awk -F'\t' '$4 ~ /^ttest/ {print $7}')
row=$(printf '%s\n' "$md" | grep '^| 2 ')
if awk -v p="$padj" 'BEGIN {exit !(p < 0.05)}' && printf '%s\n' "$row" | grep -q '<sup>1</sup> |$' &&
   printf '%s\n' "$md" | grep -q '^Marks: .*ttest\[sided=two\], p corrected by holm below 0.05; 40 queries'
then ok "--format markdown marks run 2 better than run 1 (corrected p $padj) and defines the marks"
else fail "--format markdown: p $padj, row '$row'"; fi
tex=$($RM compare -m ndcg@5 --format latex "$tmp/qrels40" "$tmp/a40" "$tmp/b40")
printf '%s\n' "$tex" | grep -q '^\\begin{tabular}{lr}$' && printf '%s\n' "$tex" | grep -q '\$^{1}\$ \\\\$' &&
  ok "--format latex: a tabular with the mark as a superscript" || fail "--format latex: $tex"
# The draws column: the Monte Carlo p is (count + 1) / (draws + 1), and the
# proportion count/draws lies in its Clopper-Pearson interval.
line=$($RM compare -m ap -t 'randomization[n=3000,seed=4]' "$tmp/qrels40" "$tmp/a40" "$tmp/b40" | awk -F'\t' '$4 ~ /^randomization/')
if "$PY" - "$line" <<'PY'
import sys
f = sys.argv[1].split("\t")
c, _, n = f[7].split(",")[0].split()[:3]
lo, hi = f[7].split("CI ")[1].split("..")
c, n = int(c), int(n)
sys.exit(not (float(f[5]) == (c + 1) / (n + 1) and float(lo) < c / n < float(hi)))
PY
then ok "the draws column: p = (count+1)/(draws+1), count/draws inside its interval"
else fail "the draws column: '$line'"; fi
# The means are the correctly rounded means of the per-query doubles: P@10
# of 1/10, 2/10 and 3/10 has the mean 0.2 (the doubles' exact sum over 3
# rounds to it), where the double sum (0.1+0.2)+0.3 gives 0.20000000000000004.
awk -v T="$tmp" 'BEGIN { for (q = 1; q <= 3; q++) for (i = 1; i <= 10; i++) {
    printf "m%d 0 d%d %d\n", q, i, (i <= q) > T "/mq";
    printf "m%d Q0 d%d %d %d A\n", q, i, i, 20 - i > T "/ma";
    printf "m%d Q0 e%d %d %d B\n", q, i, i, 20 - i > T "/mb" } }'
line=$($RM compare -m P@10 -t sign "$tmp/mq" "$tmp/ma" "$tmp/mb" 2>&1 | sed -n 3p)
if [ "$(printf '%s\n' "$line" | cut -f 4-7)" = "$(printf '3\t0\t0.2\t-0.2')" ]
then ok "compare's means are exact means of the per-query doubles (0.2, not 0.20000000000000004)"
else fail "compare's means: '$line'"; fi
# The bootstrap's statistic is the mean difference of the exact path, the
# diff column's -0.2, not the double sum's -0.20000000000000004.
line=$($RM compare -m P@10 -t 'bootstrap[n=100]' "$tmp/mq" "$tmp/ma" "$tmp/mb" 2>&1 | sed -n 6p)
[ "$(printf '%s\n' "$line" | cut -f 4-5)" = "$(printf 'bootstrap[ci=percentile,n=100,seed=1,level=95]\t-0.2')" ] &&
  ok "the bootstrap's statistic is the exact mean difference (-0.2)" ||
  fail "the bootstrap's statistic: '$line'"
# With --missing drop, two comparisons pair 12 and 11 queries; the table's
# caption gives the range, not the first comparison's number.
cap=$($RM compare -m ap --missing drop --format markdown "$tmp/qrels" "$tmp/a" "$tmp/b" "$tmp/b1" 2>&1 | tail -1)
case $cap in *"; 11 to 12 queries by comparison, missing queries dropped.") ok "the caption's range of queries";;
  *) fail "the caption's queries: '$cap'";; esac
cap=$($RM compare -m ap --format latex "$tmp/qrels" "$tmp/a" "$tmp/b" 2>&1 | tail -1)
case $cap in *"; 12 queries, missing queries counted as 0.") ok "one number of queries when all agree";;
  *) fail "the caption's queries: '$cap'";; esac
# A bad value names what would do; --format with --json or -q is refused.
for o in "--digits 12|--digits takes a whole number from 1 to 9, not '12'" \
    "--pairs some|--pairs takes baseline or all, not 'some'" \
    "--correction sidak|--correction takes holm, bonferroni, bh or none, not 'sidak'" \
    "--format html|--format takes markdown or latex, not 'html'" \
    "--missing none|--missing takes zero or drop, not 'none'" \
    "--format markdown --json|--format prints one table; give it without --json and -q" \
    "--format latex -q|--format prints one table; give it without --json and -q"; do
  rc=0; $RM compare -m ap ${o%%|*} "$tmp/qrels" "$tmp/a" "$tmp/b" > "$tmp/o" 2> "$tmp/e" || rc=$?
  [ $rc = 2 ] && [ ! -s "$tmp/o" ] && grep -qF -- "rankmetrics: compare: ${o#*|}" "$tmp/e" &&
    ok "compare ${o%%|*}: exit 2, '${o#*|}'" || fail "compare ${o%%|*}: exit $rc, $(cat "$tmp/e")"
done
# A whole-number statistic is printed in full: ten wins are "10", not the
# shortest form "1e+01".
awk -v T="$tmp" 'BEGIN { for (q = 1; q <= 10; q++) {
    printf "w%d 0 r 1\nw%d 0 n 0\n", q, q > T "/wq"
    printf "w%d Q0 r 1 2 A\nw%d Q0 n 2 1 A\n", q, q > T "/wa"
    printf "w%d Q0 n 1 2 B\nw%d Q0 r 2 1 B\n", q, q > T "/wb" } }'
line=$($RM compare -m P@1 -t sign "$tmp/wq" "$tmp/wb" "$tmp/wa" 2>&1 | tail -1)
[ "$(printf '%s\n' "$line" | cut -f 5)" = 10 ] && ok "the sign test's ten wins print as 10" ||
  fail "the sign test's statistic: '$line'"
$RM compare -m P@1 -t sign --json "$tmp/wq" "$tmp/wb" "$tmp/wa" 2>&1 | grep -q '"statistic":10,' &&
  ok "... and as 10 in JSON" || fail "the sign test's statistic in JSON"
# True ties on the exact path (the book's "Ties in truth, not in rounding").
# One relevant document per query, so AP is 1/rank: run A ranks it 2, 3, 3
# (AP 1/2, 1/3, 1/3), run B 1, 2, 6 (AP 1, 1/2, 1/6).  B - A is 1/2, 1/6,
# -1/6 in truth; in doubles 0.5-0.333... = 0.16666666666666669 but
# 0.1666...-0.333... = -0.16666666666666666, so rounding breaks the tie of
# |d2| and |d3|.  By hand, the 8 sign vectors of (3, 1, -1)/6 have sums
# (3+1-1, 3+1+1, 3-1-1, 3-1+1)/6 = 3/6, 5/6, 1/6, 3/6 and their negatives:
# 6 of 8 reach |3/6|, p = 3/4 (in doubles the fourth, 3/6 - 3e-17, falls
# short: 4 of 8, p = 1/2).  Wilcoxon: ranks 3, 1.5, 1.5, W+ = 4.5; the
# subsets of {3, 1.5, 1.5} summing to >= 4.5 are {3,1.5} twice and all:
# 3/8, p = 3/4 (doubles: ranks 3, 2, 1, W+ = 5, 2/8, p = 1/2).  The exact
# path must give 3/4 and 3/4; --fast, the tests of the doubles, 1/2 and 1/2.
printf 'q1 0 r 1\nq2 0 r 1\nq3 0 r 1\n' > "$tmp/tq"
awk -v T="$tmp" 'BEGIN { split("2 3 3", ra); split("1 2 6", rb)
  for (q = 1; q <= 3; q++) for (k = 1; k <= 6; k++) {
    printf "q%d Q0 %s %d %d A\n", q, k == ra[q] ? "r" : "x" k, k, 10 - k > T "/ta"
    printf "q%d Q0 %s %d %d B\n", q, k == rb[q] ? "r" : "x" k, k, 10 - k > T "/tb" } }'
TT='-t randomization[method=exact] -t wilcoxon'
$RM compare -m ap $TT --json "$tmp/tq" "$tmp/ta" "$tmp/tb" > "$tmp/tj" 2>&1
n=$(grep -o '"p_fraction":"3/4"' "$tmp/tj" | wc -l)
[ "$n" = 2 ] && grep -q '"wins":2,"losses":1,"ties":0' "$tmp/tj" &&
  ok "exact path: the AP differences 1/6 and -1/6 tie, randomization and wilcoxon p = 3/4" ||
  fail "exact path, true ties: $(cat "$tmp/tj")"
$RM compare --fast -m ap $TT "$tmp/tq" "$tmp/ta" "$tmp/tb" | tail -2 | cut -f 6 | tr '\n' ' ' > "$tmp/tf"
[ "$(cat "$tmp/tf")" = "0.5 0.5 " ] &&
  ok "--fast keeps the doubles' ties: p = 1/2 and 1/2" || fail "--fast, ties: $(cat "$tmp/tf")"
# The engine's messages name the command run: under compare, a file that
# does not open and a run that shares no query with the judgments say
# "rankmetrics: compare:", not "rankmetrics: eval:" (the engine's words).
$RM compare -m ap "$tmp/tq" "$tmp/ta" "$tmp/nosuch" > "$tmp/o" 2> "$tmp/e"; rc=$?
[ $rc = 1 ] && grep -qx "rankmetrics: compare: cannot open '$tmp/nosuch': No such file or directory" "$tmp/e" &&
  ok "compare of a missing run: exit 1, 'rankmetrics: compare: cannot open ...'" ||
  fail "compare of a missing run: exit $rc, $(cat "$tmp/e")"
sed 's/^q/z/' "$tmp/tb" > "$tmp/tz"
$RM compare -m ap "$tmp/tq" "$tmp/ta" "$tmp/tz" > "$tmp/o" 2> "$tmp/e"; rc=$?
[ $rc = 1 ] && grep -q "^rankmetrics: compare: no query was evaluated: 3 queries only in the run" "$tmp/e" &&
  ! grep -q "eval:" "$tmp/e" && ok "an engine's message under compare says 'rankmetrics: compare:'" ||
  fail "an engine's message under compare: exit $rc, $(cat "$tmp/e")"
$RM eval -m ap "$tmp/tq" "$tmp/tz" > "$tmp/o" 2> "$tmp/e"
grep -q "^rankmetrics: eval: no query was evaluated" "$tmp/e" &&
  ok "... and under eval still 'rankmetrics: eval:'" || fail "eval's message lost its name"
# -o FILE, as every command that prints results takes it: the table goes
# into the file, whole; a failed comparison leaves the old file as it was.
$RM compare -m ap -t sign "$tmp/qrels" "$tmp/a" "$tmp/b" > "$tmp/o.want" 2> /dev/null
rc=0; $RM compare -m ap -t sign -o "$tmp/o.file" "$tmp/qrels" "$tmp/a" "$tmp/b" > "$tmp/o.out" 2> "$tmp/e" || rc=$?
[ $rc = 0 ] && cmp -s "$tmp/o.file" "$tmp/o.want" && [ ! -s "$tmp/o.out" ] &&
  ok "compare -o FILE writes the table into FILE" || fail "compare -o: exit $rc, $(cat "$tmp/e")"
echo old > "$tmp/o.keep"
rc=0; $RM compare -m ap -t sign -o "$tmp/o.keep" "$tmp/qrels" "$tmp/a" "$tmp/missing" 2> "$tmp/e" || rc=$?
[ $rc != 0 ] && [ "$(cat "$tmp/o.keep")" = old ] &&
  ok "a failed compare -o leaves the old file" || fail "a failed compare -o: exit $rc, '$(cat "$tmp/o.keep")'"
finish
