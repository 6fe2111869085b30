#!/usr/bin/env bash
# `rankmetrics verify` on the family significance (the book's chapter
# "Verifying a test's results"): a candidate's p and statistic for
# vectors/significance.txt, judged as a metric's values are.  The expected
# verdicts come from outside the vectors: the worked example's fractions,
# worked by hand in the book (sign p = 5/8, Wilcoxon p = 3/8, randomization
# p = 3/8 two-sided and 3/16 greater), and R's wilcox.test.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. tests/counts.sh
TOOL=${TOOL:-./rankmetrics}
VEC=vectors
V=$VEC/significance.txt

# expect STATUS NAME CMD...: run CMD (stdout to $tmp/out, stderr to
# $tmp/err) and check its exit status.
expect() {
  local want=$1 name=$2 rc=0
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [ "$rc" -eq "$want" ]; then ok "$name"; return 0; fi
  fail "$name (exit $rc, wanted $want)"; sed 's/^/    /' "$tmp/err" | head -5
  return 1
}
has() { # has FILE NAME LINE: the file holds the line exactly
  if grep -qxF -- "$3" "$1"; then ok "$2"; else fail "$2: no line '$3'"; sed 's/^/    /' "$1" | head -20; fi
}
# the tcId of case K (from 1) of the variant named NAME in the file
tcid() {
  awk -v v="[variant = $1]" -v k="$2" '$0 == v {on = 1; next}
    /^\[variant/ {on = 0} on && /^tcId = / && ++n == k {print $3; exit}' "$V"
}

# 1. The worked example, by hand: every number exact.
s=$(tcid 'sign[sided=two]' 1); w=$(tcid 'wilcoxon[zero=wilcox,method=exact,sided=two]' 1)
r=$(tcid 'randomization[method=exact,sided=two]' 1); g=$(tcid 'randomization[method=exact,sided=greater]' 1)
printf 'significance:%s 0.625 3\nsignificance:%s 0.375 8.5\nsignificance:%s 0.375 0.375\nsignificance:%s 0.1875 0.375\n' \
  "$s" "$w" "$r" "$g" > "$tmp/hand.txt"
[ "$s:$w:$r:$g" = "52:103:239:256" ] && ok "the book's test numbers" || fail "the book's test numbers: $s:$w:$r:$g"
if expect 0 "the worked example by hand passes" "$TOOL" verify --vectors "$VEC" "$tmp/hand.txt"; then
  has "$tmp/out" "4 exact" "4 vectors given: 4 exact, 0 within the tolerance, 0 wrong; 336 vectors not given"
fi

# 2. The one-sided p written as the two-sided one: wrong, the p named, the
# statistic exact, the diagnosis the two-sided test.
sed "s/^significance:$g 0.1875/significance:$g 0.375/" "$tmp/hand.txt" > "$tmp/bad.txt"
if expect 1 "a wrong p fails" "$TOOL" verify --vectors "$VEC" "$tmp/bad.txt"; then
  has "$tmp/out" "the wrong test named" "WRONG  significance:256  randomization[method=exact,sided=greater]  ($tmp/bad.txt:4)"
  has "$tmp/out" "the wrong p named" "    p         expected 0x1.8p-3 = 0.1875; given 0x1.8p-2 = 0.375: WRONG (4503599627370496 ulps)"
  has "$tmp/out" "the statistic exact" "    statistic expected 0x1.8p-2 = 0.375; given 0x1.8p-2 = 0.375: exact"
  has "$tmp/out" "the diagnosis: two-sided" "  the candidate's values match randomization[method=exact,sided=two] on 1 of 1 vectors, within 0 ulps"
  [ "$(head -1 "$tmp/out")" = "diagnosis (the variants with a wrong result):" ] && ok "diagnosis first" ||
    fail "diagnosis first: $(head -1 "$tmp/out")"
fi
# the book shows these lines
for l in 'significance:52 0.625 3' 'significance:256 0.1875 0.375' \
    'randomization[method=exact,sided=greater] (significance): 1 of 1 results wrong'; do
  grep -qF -- "$l" rankmetrics.w && ok "the book shows '$l'" || fail "the book shows '$l'"
done

# 3. R's wilcox.test(correct = TRUE), normal: the diagnosis of the variant
# without the correction names cc=yes; R's values pass the variant with it
# within the relative tolerance of tests/significance_check.sh.
if command -v Rscript >/dev/null; then
  for grp in 'wilcoxon[zero=wilcox,method=normal,cc=no,sided=two]' \
             'wilcoxon[zero=wilcox,method=normal,cc=yes,sided=two]'; do
    awk -v v="[variant = $grp]" '$0 == v {on = 1; next} /^\[variant/ {on = 0}
      on && /^tcId = / {id = $3} on && /^a = / {a = $3} on && /^b = / {print id "|" a "|" $3}' "$V"
  done > "$tmp/cases"
  Rscript -e '
    for (l in readLines(commandArgs(TRUE)[1])) {
      f <- strsplit(l, "|", fixed = TRUE)[[1]]
      a <- as.numeric(strsplit(f[2], ",")[[1]]); b <- as.numeric(strsplit(f[3], ",")[[1]])
      t <- suppressWarnings(wilcox.test(a, b, paired = TRUE, exact = FALSE, correct = TRUE))
      cat(sprintf("significance:%s %.17g %.17g\n", f[1], t$p.value, t$statistic))
    }' "$tmp/cases" > "$tmp/r.txt" 2>"$tmp/r.err"
  [ "$(grep -c . "$tmp/r.txt")" -eq 34 ] && ok "R answered 34 cases" || fail "R answered $(grep -c . "$tmp/r.txt") cases"
  head -17 "$tmp/r.txt" > "$tmp/r_nocc.txt"; tail -17 "$tmp/r.txt" > "$tmp/r_cc.txt"
  if expect 1 "R's corrected p fails the variant without the correction" \
      "$TOOL" verify --quiet --rel 1e-12 --vectors "$VEC" "$tmp/r_nocc.txt"; then
    has "$tmp/out" "the diagnosis names cc=yes" \
      "$(grep -o "  the candidate's values match wilcoxon\[zero=wilcox,method=normal,cc=yes,sided=two\] on 17 of 17 vectors, within [0-9]* ulps\?" "$tmp/out" | head -1)"
    grep -q "match wilcoxon\[zero=wilcox,method=normal,cc=yes,sided=two\] on 17 of 17" "$tmp/out" &&
      ok "cc=yes explains all 17" || { fail "cc=yes explains all 17"; cat "$tmp/out"; }
  fi
  expect 0 "R's values pass the variant with the correction within --rel 1e-12" \
    "$TOOL" verify --rel 1e-12 --vectors "$VEC" "$tmp/r_cc.txt"
else
  fail "Rscript is not installed (bash .ci/deps installs it)"
fi

# 4. Lines refused, with the reason, and no verdict.
bad() { # bad NAME LINE REASON
  printf '%s\n' "$2" > "$tmp/c.txt"
  if expect 2 "$1" "$TOOL" verify --vectors "$VEC" "$tmp/c.txt"; then
    grep -qF -- "$3" "$tmp/err" && ok "$1: the reason" || { fail "$1: the reason"; cat "$tmp/err"; }
  fi
}
bad "four fields" "significance:1 0.5 1 2" "expected 'FAMILY:TCID VALUE', or 'significance:TCID P STATISTIC'"
bad "a statistic for a metric" "rr:1 0.5 1" "expected 'FAMILY:TCID VALUE', or 'significance:TCID P STATISTIC'"
bad "a statistic after a word" "significance:1 undefined 1" "a statistic after a word"
bad "a statistic that is not a number" "significance:1 0.5 x" "the statistic 'x' is not a number"
bad "a test the file lacks" "significance:9999 0.5" "there is no test significance:9999 in $VEC/significance.txt"
bad "a misspelt family" "signifcance:1 0.5" "unknown family 'signifcance' (did you mean 'significance'?"
printf 'significance:1 undefined\n' > "$tmp/c.txt"
if expect 1 "'undefined' for a defined test is wrong" "$TOOL" verify --vectors "$VEC" "$tmp/c.txt"; then
  has "$tmp/out" "the word shown" "    given    invalid"
fi
# 5. The atlas of the tests (the book's section on what each library
# computes): every name marked \atn{...} is one the parser of tests reads,
# and every function said to be checked is one tests/significance_check.sh
# runs.
sed -n '/^@ {\\it Significance tests.}/,/^@\*\* Exact arithmetic/p' rankmetrics.w > "$tmp/atlas"
grep -o '\\atn{[^}]*}' "$tmp/atlas" | sed 's/^\\atn{//; s/}$//; s/\\_/_/g' | sort -u > "$tmp/atn"
[ "$(grep -c . "$tmp/atn")" -ge 6 ] && ok "the atlas names $(grep -c . "$tmp/atn") tests" || fail "the atlas names too few tests"
if PYTHONPATH=python RANKMETRICS_LIB=$PWD/librankmetrics.so "$PY" - "$tmp/atn" <<'PY'
import sys
import rankmetrics as rm
bad = []
for name in open(sys.argv[1]).read().split("\n"):
    if name:
        try:
            rm.significance.test_name(name)
        except Exception as e:
            bad.append("%s: %s" % (name, e))
print("\n".join(bad))
sys.exit(bool(bad))
PY
then ok "every test name of the atlas parses"; else fail "a test name of the atlas does not parse"; fi
for fn in ttest_rel binomtest wilcoxon permutation_test t.test binom.test wilcox.test; do
  grep -q "^[^&]*${fn//_/\\\\_}[^&]*&.*&checked" "$tmp/atlas" || { fail "the atlas does not say $fn is checked"; continue; }
  grep -q "${fn}(" tests/significance_check.sh && ok "the atlas's checked $fn is run by significance_check.sh" ||
    fail "the atlas says $fn is checked, but significance_check.sh does not run it"
done
for lib in scipy "R t.test" ranx PyTerrier trectools Elliot RecBole; do
  grep -q "^$lib" "$tmp/atlas" && ok "the atlas has a row for $lib" || fail "the atlas has no row for $lib"
done
finish
