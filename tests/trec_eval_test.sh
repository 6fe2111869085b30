#!/usr/bin/env bash
# trec_eval_test.sh: `rankmetrics trec_eval', the drop-in for trec_eval 10.0
# (the book's section "trec_eval's command line").
#
# The expected files tests/trec_eval/NAME.out are trec_eval's own output:
# they were printed by trec_eval 10.0 (github.com/usnistgov/trec_eval, commit
# f4253652, built outside this project) on the small files of this directory,
# with the arguments of the line NAME of tests/trec_eval/cases; so they are an
# independent implementation's answer, not ours.  trec_eval is not run here.
# A line of cases is NAME <TAB> STATUS <TAB> ARGUMENTS, STATUS trec_eval's exit
# status.  For status 0 our standard output must equal NAME.out byte for byte
# (lines, order, names, padding, four decimals, whole counts); for the
# nicknames, whose measures this version does not all compute yet, it must
# equal NAME.out without the lines of the measures that the warning on
# standard error names.  For an error our status must be trec_eval's and our
# standard output empty.  Then a few checks of our own: the messages name the
# file and line, --full and --exact print 17 digits, and the fifth-decimal
# rounding of an exact tie.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
RM=${TOOL:-./rankmetrics}; case $RM in /*) ;; *) RM=$(pwd)/$RM ;; esac
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }
cd tests/trec_eval || exit 1

while IFS=$'\t' read -r name status args; do
  # shellcheck disable=SC2086
  "$RM" trec_eval $args > "$T/out" 2> "$T/err"; rc=$?
  if [ "$rc" != "$status" ]; then bad "$name: exit $rc, trec_eval $status: $(cat "$T/err")"; continue; fi
  if [ "$status" != 0 ]; then
    if [ -s "$T/out" ]; then bad "$name: output on an error"; else ok; fi
    [ -s "$T/err" ] || bad "$name: no message on an error"
    continue
  fi
  cp "$name.out" "$T/exp"
  left=$(sed -n 's/^rankmetrics: trec_eval: not computed yet, so left out://p' "$T/err")
  for m in $left; do
    awk -v m="$m" '{ n = $1; if (n != m && index(n, m "_") != 1) print }' "$T/exp" > "$T/e2"
    mv "$T/e2" "$T/exp"
  done
  if cmp -s "$T/out" "$T/exp"; then ok; else bad "$name: differs from trec_eval's output"; diff "$T/exp" "$T/out" | head -5; fi
  case $name in official*) ;; *) [ -z "$left" ] || bad "$name: measures left out: $left" ;; esac
done < cases

# the nicknames leave out only what has no variant: map and P are printed
"$RM" trec_eval a.qrels a.run > "$T/out" 2> "$T/err"
grep -q '^map *	all	0.4333$' "$T/out" && grep -q '^P_1000 *	all	0.0013$' "$T/out" && ok \
  || bad "official without -m: map or P_1000 missing"
# relstring on standard input: the run is read by the command itself, and
# a malformed line of it is named there
"$RM" trec_eval -q -m relstring a.qrels - < a.run > "$T/out" 2> "$T/err"
# (query 1: d2 and d1 tie at 0.9, d2 first by name descending, grade 0 then
# 1; d5 not judged '-'; d9 graded -1, pooled but unjudged '.'; d3 grade 2)
grep -q "^relstring *	1	'01-.2'$" "$T/out" && cmp -s "$T/out" <(grep -v map relstring.out | grep -v P_5) \
  && ok || bad "relstring from standard input: $(cat "$T/out" "$T/err")"
printf '1 Q0 d1 1 runA\n' | "$RM" trec_eval -m map a.qrels - > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 2 ] && [ ! -s "$T/out" ] && grep -q '^-:1: ' "$T/err" && ok || bad "short line on stdin: exit $rc, $(cat "$T/err")"
# a score that is no number is read as atof reads it, 0, and counted in one line
printf '1 Q0 d1 1 x runA\n' | "$RM" trec_eval -c -m map a.qrels - > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 0 ] && [ "$(wc -l < "$T/err")" = 1 ] && grep -q "1 number read as trec_eval reads them.*the first, -:1: 'x' read as 0$" "$T/err" \
  && ok || bad "score x on stdin: exit $rc, $(cat "$T/err")"
# a judged query missing from the run: the judgments' file and line, and -c
grep -q '^miss.qrels:3: query .4. is judged but has no line in the run' \
  <("$RM" trec_eval -m map miss.qrels a.run 2>&1) && ok || bad "missing query: no FILE:LINE"
grep -q '^dup.run:2: ' <("$RM" trec_eval -m map a.qrels dup.run 2>&1) && ok \
  || bad "repeated document: no FILE:LINE"
# -M: a document listed twice among the documents kept is an error naming
# both lines; beyond the depth it is not (the case depth_dup)
printf '1 Q0 d1 1 2 r\n1 Q0 d1 2 2 r\n2 Q0 a 1 1 r\n10 Q0 x 1 1 r\n' > "$T/d.run"
"$RM" trec_eval -M 2 -m map a.qrels "$T/d.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 4 ] && [ ! -s "$T/out" ] && grep -q "d.run:2: document 'd1' of query '1' is listed twice (also on line 1)" "$T/err" \
  && ok || bad "-M duplicate: exit $rc, $(cat "$T/err")"
# -M: a malformed last line without its newline is named by the run's name
# and line, never by the copy's (main said /dev/fd/3:1: ... 11 fields, having
# joined two lines)
printf '1 Q0 d1 1 2 r\n1 Q0 d2 2 1 r\n2 Q0 a 1' > "$T/short.run"
"$RM" trec_eval -q -M 1 -m map a.qrels "$T/short.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 2 ] && [ ! -s "$T/out" ] && grep -q "short.run:3: a run line has 4 fields" "$T/err" \
  && ! grep -q /dev/fd "$T/err" && ok || bad "-M, short last line: exit $rc, $(cat "$T/err")"
# the case of the issue: a last line without its newline, sorted before
# another query's, was joined to it in the copy (main: '/dev/fd/3:1: a run
# line has 11 fields', status 2); now both lines are read, and the error is
# trec_eval's own, status 4: a.qrels judges query 10, which this run lacks
printf '2 Q0 a 1 1 r\n1 Q0 d1 1 2 r' > "$T/nonl.run"
"$RM" trec_eval -q -M 5 -m map a.qrels "$T/nonl.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 4 ] && grep -q "query '10' is judged but has no line in the run" "$T/err" \
  && ! grep -q /dev/fd "$T/err" && ok || bad "-M, last line without newline: exit $rc, $(cat "$T/err")"
# a score that atof reads as NaN is refused: trec_eval's order is then undefined
printf '1 Q0 d1 1 nan r\n' > "$T/nan.run"
"$RM" trec_eval -c -m map a.qrels "$T/nan.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 2 ] && [ ! -s "$T/out" ] && grep -q "nan.run:1: score 'nan' is read as NaN" "$T/err" \
  && ok || bad "NaN score: exit $rc, $(cat "$T/err")"
# the temporary files are made in $TMPDIR, checked: an unusable one is an
# error, with and without the cut copy of -M 0, never a silent empty answer
# (--full takes the general path, which has eval write its values to a
# temporary file; a run on standard input is copied to one first, whichever
# path computes; the direct path on regular files needs none, and answers,
# -M 0 too)
for m in "--full" "--full -M 0" "-"; do
  # shellcheck disable=SC2086
  if [ "$m" = - ]; then
    TMPDIR=/nonexistent/dir "$RM" trec_eval -m map a.qrels - < a.run > "$T/out" 2> "$T/err"; rc=$?
  else
    TMPDIR=/nonexistent/dir "$RM" trec_eval $m -m map a.qrels a.run > "$T/out" 2> "$T/err"; rc=$?
  fi
  [ $rc = 2 ] && [ ! -s "$T/out" ] && grep -q "no temporary file" "$T/err" && ok \
    || bad "TMPDIR unusable ($m): exit $rc, $(cat "$T/err")"
done
TMPDIR=/nonexistent/dir "$RM" trec_eval -M 0 -m map a.qrels a.run > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 0 ] && grep -q '^map *	all	0.0000$' "$T/out" && ok || bad "-M 0 without TMPDIR: exit $rc, $(cat "$T/err")"
# an empty field of a list of recall levels is read as atof reads it, 0, as
# trec_eval 10.0 reads it (the line iprec_at_recall_0.00 is printed), and the
# reading is counted in one line on standard error
"$RM" trec_eval -m iprec_at_recall.0.1,,0.2 a.qrels a.run > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 0 ] && [ "$(cut -f1 "$T/out" | tr -d ' ' | tr '\n' ' ')" = "iprec_at_recall_0.00 iprec_at_recall_0.10 iprec_at_recall_0.20 " ] \
  && [ "$(wc -l < "$T/err")" = 1 ] && grep -q "the command line: '' read as 0$" "$T/err" && ok \
  || bad "-m iprec_at_recall.0.1,,0.2: exit $rc, $(cat "$T/out" "$T/err")"
# -l 0 and -l -1, which the general path refuses for the measures of gains
# and for every measure, are computed by the direct path as trec_eval
# computes them (both were refused, status 1).  nDCG reads the grades, not
# the level: query 1 ranks d2 (0), d1 (1), d5 (not judged), d9 (-1), d3 (2),
# DCG 1/lg 3 + 2/lg 6 over the ideal 2 + 1/lg 3 + 1/lg 4, 0.448632; query 2
# (1/lg 3)/1 = 0.630930; query 10, y (2) then q, 2/(2 + 1/lg 3) = 0.760188;
# the mean 0.613250 prints 0.6132.  At level -1 every document of grade 0 or
# more, and every document not judged (trec_eval's -1), is relevant at its
# rank, but R counts the judgments of grade 0 or more: query 1 has hits at
# ranks 1, 2, 3 and 5 (d9, -2, is not), AP (1 + 1 + 1 + 4/5)/4 = 0.95;
# queries 2 and 10 AP 1; the mean 2.95/3 = 0.9833.
"$RM" trec_eval -l 0 -m ndcg a.qrels a.run > "$T/out" 2>&1
grep -q '^ndcg *	all	0.6132$' "$T/out" && ok || bad "-l 0 -m ndcg: $(cat "$T/out")"
"$RM" trec_eval -q -l -1 -m map a.qrels a.run > "$T/out" 2>&1
grep -q '^map *	1	0.9500$' "$T/out" && grep -q '^map *	all	0.9833$' "$T/out" && ok \
  || bad "-l -1 -m map: $(cat "$T/out")"
# where the direct path is not taken (--full), a level below 0 is still
# refused; under -M 3 it is now taken: query 1 keeps d1, d2 and d5 (not
# judged, so relevant at level -1), AP (1 + 1 + 1)/4 = 0.75; the mean
# (0.75 + 1 + 1)/3 = 0.9167, as trec_eval 10.0 prints
"$RM" trec_eval --full -l -1 -m map a.qrels a.run > "$T/out" 2>&1; rc=$?
[ $rc = 1 ] && grep -q 'below 0' "$T/out" && ok || bad "--full -l -1: exit $rc, $(cat "$T/out")"
"$RM" trec_eval -q -M 3 -l -1 -m map a.qrels a.run > "$T/out" 2>&1
grep -q '^map *	1	0.7500$' "$T/out" && grep -q '^map *	all	0.9167$' "$T/out" && ok \
  || bad "-M 3 -l -1 -m map: $(cat "$T/out")"

# --full: 17 significant digits.  map of query 1 in a.run is
# (1/2 + 2/5)/3 = 3/10, and the mean of 3/10, 1/2 (query 10) and 1/2 (query 2)
# is 13/30 = 0.43333...; Rprec of query 1 is 1/3.
"$RM" trec_eval --full -q -m map -m Rprec a.qrels a.run > "$T/out" 2>&1
grep -q '^map *	1	0.29999999999999999$' "$T/out" && grep -q '^Rprec *	1	0.33333333333333331$' "$T/out" \
  && grep -q '^map *	all	0.43333333333333335$' "$T/out" && ok || bad "--full: $(cat "$T/out")"
"$RM" trec_eval --exact --full -m map a.qrels a.run > "$T/out" 2>&1
grep -q '^map *	all	0.43333333333333335$' "$T/out" && ok || bad "--exact --full: $(cat "$T/out")"

# An exact tie at the fifth decimal (tie5.qrels, tie5.run): 22 relevant
# documents, 5 retrieved, all relevant, so set_F.0.5 = 1.5PR/(0.5P + R) with
# P = 1, R = 5/22 is 15/32 = 0.46875, a double.  trec_eval computes
# (x + 1.0) * P * R / (x * P + R) in doubles (m_set_F.c): R = 5/22 rounded,
# 1.5 * R rounded, over 0.5 + R rounded, gives 0.46874999999999994, below
# the tie, so it prints 0.4687, and so does the command, which computes
# trec_eval's doubles (it printed 0.4688, %6.4f's rounding of the true
# value, before the direct path); --exact --full prints the true value.
"$RM" trec_eval -m set_F.0.5 tie5.qrels tie5.run | grep -q '	all	0.4687$' \
  && ok || bad "tie5: set_F_0.5 not 0.4687"
"$RM" trec_eval --exact --full -m set_F.0.5 tie5.qrels tie5.run \
  | grep -q '	all	0.46875$' && ok || bad "tie5: --exact --full not 0.46875"

# Two more fifth-decimal ties, where the general path printed the other
# digit (0.2175 and 0.4763).  rbp_tie: grades 2, 0, 2, 1 and a document not
# judged, so (m_rbp.c, gains g/M with M = 2) rbp = (1 - p)(1 + p^2 + p^3/2),
# exactly 0.21745 at p = 0.9; trec_eval computes 1 - 0.9 =
# 0.09999999999999998 and the weights p^i as products 0.9 * 0.9 * ..., and
# (1 - p) * 2.1745 is 0.21744999999999995: 0.2174.  bpref_tie (a query of
# the bench's generator, seed 1): R = 32 relevant and 25 nonrelevant
# judged, so bpref adds 1.0 - k/25.0 at each relevant document retrieved
# (k the nonrelevant ones above it, m_bpref.c) and divides by 32: exactly
# 381/800 = 0.47625, and the doubles of the 28 terms, added in rank order,
# give 0.47624999999999973: 0.4762.
"$RM" trec_eval -q -m rbp rbp_tie.qrels rbp_tie.run | grep -q '^rbp *	0	0.2174$' \
  && ok || bad "rbp_tie: not trec_eval's 0.2174"
"$RM" trec_eval -m bpref bpref_tie.qrels bpref_tie.run | grep -q '^bpref *	all	0.4762$' \
  && ok || bad "bpref_tie: not trec_eval's 0.4762"
# The same ties under -M and -J, which once went to the general path and
# printed eval's other digit (0.2175, 0.4763): -M 4 keeps d0 to d3, -J drops
# the unjudged d4, and neither changes the value or trec_eval's digits
# (trec_eval 10.0 prints 0.2174 and 0.4762 for all three)
for o in "-M 4" "-J" "-M 10 -J"; do
  "$RM" trec_eval -q $o -m rbp rbp_tie.qrels rbp_tie.run | grep -q '^rbp *	0	0.2174$' \
    && ok || bad "rbp_tie $o: not trec_eval's 0.2174"
done
"$RM" trec_eval -J -m bpref bpref_tie.qrels bpref_tie.run | grep -q '^bpref *	all	0.4762$' \
  && ok || bad "bpref_tie -J: not trec_eval's 0.4762"
# The same tie on the files of a pipe (the run on standard input, the
# judgments on standard input, both as /dev/fd/N of <(...)) and under -D 0.0
# (the query 0 alone) and -D 1 (a level whose debugging lines rbp would
# print, so refused, status 1), which once went to the general path and
# printed 0.2175; trec_eval 10.0 prints 0.2174 under -D 0.0 (it cannot read
# a pipe: it reads a file by its size, and says 'Cannot read', status 2)
"$RM" trec_eval -q -m rbp rbp_tie.qrels - < rbp_tie.run > "$T/out" 2>&1
grep -q '^rbp *	0	0.2174$' "$T/out" && ok || bad "rbp_tie, run on stdin: $(cat "$T/out")"
"$RM" trec_eval -q -m rbp - rbp_tie.run < rbp_tie.qrels > "$T/out" 2>&1
grep -q '^rbp *	0	0.2174$' "$T/out" && ok || bad "rbp_tie, judgments on stdin: $(cat "$T/out")"
"$RM" trec_eval -q -m rbp <(cat rbp_tie.qrels) <(cat rbp_tie.run) > "$T/out" 2>&1
grep -q '^rbp *	0	0.2174$' "$T/out" && ok || bad "rbp_tie, <(...): $(cat "$T/out")"
"$RM" trec_eval -q -D 0.0 -m rbp rbp_tie.qrels rbp_tie.run > "$T/out" 2>&1
grep -q '^rbp *	0	0.2174$' "$T/out" && grep -q '^rbp *	all	0.2174$' "$T/out" && ok \
  || bad "rbp_tie -D 0.0: $(cat "$T/out")"
# trec_eval's debugging lines of -D 2 (the book's "Levels of debugging"),
# worked by hand from the printf formats of the m_*.c files on one query: 7
# judges d1 2, d2 1, d3 0, and the run ranks d3, d2, d1.  The gains are the
# grades; rank i (from 0) discounts by log2(i+2): 1/log2(3) = 0.630930.
# gm_bpref (above level 1, no newline): d3 nonrelevant precedes both
# relevant ones, bpref 0, log(1e-5) = -11.5129.  binG: each relevant at i
# adds 1/log2(3+i-rel_so_far), 0.6309 twice, over R = 2: 0.6309.  G: the
# ideal gains 2, 1, 0, sum_cost adds max(ideal, 1): results_g 1/log2(2+3-1)
# = 0.5 at d2, + 2/log2(2+4-3) at d1 = 1.7619, over sum_ideal 3: 0.5873.
# ndcg: dcg 0.6309 + 2/log2(4) = 1.6309, ideal 2 + 0.6309: 0.6199.
# ndcg_rel: dcg/idcg at each relevant, 0.2398 + 0.6199 = 0.8597, over 2:
# 0.4299.  Rndcg: ndcg where the ideal gain changes (0 at rank 2, 0.2398 at
# rank 3), over 2: 0.1199.  ndcg_cut.1,2: the run's DCG at cutoff 1 (0; the
# last cutoff reached has no line), d2's gain at level 2, the ideal walk:
# 0/2 and 0.6309/2.6309.  Each measure's lines come when it is computed, in
# trec_eval's order of measures, before the query's lines of -q.  trec_eval
# 10.0 printed these bytes (checked once, outside the test); the command
# refused every level above 0 for these measures (status 1).
printf '7 0 d1 2\n7 0 d2 1\n7 0 d3 0\n' > "$T/dbg.qrels"
printf '7 Q0 d3 1 3 r\n7 Q0 d2 2 2 r\n7 Q0 d1 3 1 r\n' > "$T/dbg.run"
cat > "$T/dbg.exp" <<'EOF'
gm_bpref: bpref 0.0000, gm_bpref -11.5129binG: 1 1 0.6309
binG: 2 2 1.2619
G: 0 2 0.0 0.0000 2.0 2.0000 2.0000 0.0000
G: 1 1 1.0 1.0000 1.0 3.0000 3.0000 0.5000
G: 2 0 2.0 3.0000 0.0 3.0000 4.0000 1.7619
ndcg: 0 2 0.0 0.0000 2.0 2.0000
ndcg: 1 1 1.0 0.6309 1.0 2.6309
ndcg: 2 0 2.0 1.6309 0.0 2.6309
ndcg_rel: 0 2 0.0 0.0000 2.0 2.0000 0.0000
ndcg_rel: 1 1 1.0 0.6309 1.0 2.6309 0.2398
ndcg_rel: 2 0 2.0 1.6309 0.0 2.6309 0.8597
ndcg_rel: 3 0 1.6309 2.6309 0.8597
Rndcg: 0 2 0.0 0.0000 2.0 2.0000 0.0000
Rndcg: 1 1 1.0 0.6309 1.0 2.6309 0.0000
Rndcg: 2 0 2.0 1.6309 0.0 2.6309 0.2398
ndcg_cut: cutoff 1 dcg 0.0000
ndcg_cut:1 1.0 0.6309
ndcg_cut:0 2 2.0 2.0000
ndcg_cut: cutoff 1 idcg 2.0000
ndcg_cut:1 1 1.0 2.6309
ndcg_cut: cutoff 2 idcg 2.6309
binG                  	7	0.6309
G                     	7	0.5873
ndcg                  	7	0.6199
ndcg_rel              	7	0.4299
Rndcg                 	7	0.1199
ndcg_cut_1            	7	0.0000
ndcg_cut_2            	7	0.2398
gm_bpref              	all	0.0000
binG                  	all	0.6309
G                     	all	0.5873
ndcg                  	all	0.6199
ndcg_rel              	all	0.4299
Rndcg                 	all	0.1199
ndcg_cut_1            	all	0.0000
ndcg_cut_2            	all	0.2398
EOF
"$RM" trec_eval -q -D 2 -m gm_bpref -m binG -m G -m ndcg -m ndcg_rel -m Rndcg \
  -m ndcg_cut.1,2 "$T/dbg.qrels" "$T/dbg.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 0 ] && [ ! -s "$T/err" ] && cmp -s "$T/out" "$T/dbg.exp" && ok \
  || bad "-D 2, trec_eval's debugging lines: exit $rc, $(diff "$T/dbg.exp" "$T/out" | head -5) $(cat "$T/err")"
# rbp.p=0.5 at -D 1.7 (the query 7 alone): the top grade 2 scales the gains
# to 1/2 and 1 (m_rbp.c), each times p^i: 0.5 * 0.5 = 0.25 at rank 1, + 1 *
# 0.25 = 0.5 at rank 2, and (1 - p) * 0.5 = 0.25; dcg prints ndcg's lines
# (m_ndcg.c serves dcg too), its value the 1.6309 above; the level 1 prints
# no line of gm_bpref nor of ndcg_cut's run's gains
"$RM" trec_eval -D 1.7 -m gm_bpref -m dcg -m ndcg_cut.1 -m rbp.p=0.5 "$T/dbg.qrels" \
  "$T/dbg.run" > "$T/out" 2>&1; rc=$?
[ $rc = 0 ] && [ "$(cat "$T/out")" = "ndcg: 0 2 0.0 0.0000 2.0 2.0000
ndcg: 1 1 1.0 0.6309 1.0 2.6309
ndcg: 2 0 2.0 1.6309 0.0 2.6309
ndcg_cut:0 2 2.0 2.0000
ndcg_cut: cutoff 1 idcg 2.0000
rbp:1 0.5 0.2500
rbp:2 1.0 0.5000
gm_bpref              	all	0.0000
dcg                   	all	1.6309
ndcg_cut_1            	all	0.0000
rbp_p=0.5             	all	0.2500" ] && ok || bad "-D 1.7, dcg and rbp.p=0.5: exit $rc, $(cat "$T/out")"
# The first query evaluated judged -1 alone (query 1: d1 and d2, -1): trec_eval
# 10.0 stops, "Can't calculate measure 'num_ret'", status 4, for its array of
# grade levels was never allocated (form_res_rels.c asks te_chk_and_malloc
# for max_rel + 1 = 0 longs and takes the NULL for a failure); the command
# evaluates it as a query with no judged grade (the book's "Not a number, and
# other quirks"), worked by hand: query 1 ranks d1 (pooled, unjudged) and d3
# (not in the pool): R = 0, every value 0, gm_map's log of 1e-5.  Query 2
# ranks e2 (0) then e1 (1): map 1/2, P_2 1/2, bpref 1 - 1/1 = 0, ndcg
# 1/log2(3) = 0.6309; G.1=3 has ideal gains 3 then 0 (sum_ideal 3, sum_cost
# 3 + 1), so e1 adds 3/log2(2 + 4 - 3) and G is 1/log2(3) = 0.6309 too.
# Means over 2: 0.25, 0.25, 0, 0.3155, 0.3155, gm_map sqrt(1e-5 * 0.5) =
# 0.0022.  The direct path declined on it and eval's path refused the gain
# map of G (status 1).
printf '1 0 d1 -1\n1 0 d2 -1\n2 0 e1 1\n2 0 e2 0\n' > "$T/neg.qrels"
printf '1 Q0 d1 1 2 r\n1 Q0 d3 2 1 r\n2 Q0 e2 1 2 r\n2 Q0 e1 2 1 r\n' > "$T/neg.run"
cat > "$T/neg.exp" <<'EOF'
num_ret               	1	2
num_rel               	1	0
map                   	1	0.0000
bpref                 	1	0.0000
P_2                   	1	0.0000
G_1=3                 	1	0.0000
ndcg                  	1	0.0000
num_ret               	2	2
num_rel               	2	1
map                   	2	0.5000
bpref                 	2	0.0000
P_2                   	2	0.5000
G_1=3                 	2	0.6309
ndcg                  	2	0.6309
num_ret               	all	4
num_rel               	all	1
map                   	all	0.2500
gm_map                	all	0.0022
bpref                 	all	0.0000
P_2                   	all	0.2500
G_1=3                 	all	0.3155
ndcg                  	all	0.3155
EOF
"$RM" trec_eval -q -m num_ret -m num_rel -m map -m gm_map -m bpref -m P.2 -m G.1=3 \
  -m ndcg "$T/neg.qrels" "$T/neg.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 0 ] && cmp -s "$T/out" "$T/neg.exp" && ok \
  || bad "first query judged -1 alone: exit $rc, $(diff "$T/neg.exp" "$T/out" | head -5) $(cat "$T/err")"
# -l 4 where query 7's grades stop at 2: m_bpref.c reads the counts of
# grades 0 to 3, past query 7's three, but uses them only at a relevant
# document, which -l 4 leaves none of: bpref 0.  ndcg ignores -l: 0.6199 as
# above; Rndcg returns 0 where R = 0 (m_Rndcg.c).  The direct path declined
# on such a query and eval's path refused the gain map of Rndcg (status 1);
# trec_eval 10.0 printed these three lines (checked once, outside the test)
"$RM" trec_eval -l 4 -m bpref -m ndcg -m Rndcg.1=0.5 "$T/dbg.qrels" "$T/dbg.run" \
  > "$T/out" 2>&1; rc=$?
[ $rc = 0 ] && [ "$(cat "$T/out")" = "bpref                 	all	0.0000
ndcg                  	all	0.6199
Rndcg_1=0.5           	all	0.0000" ] && ok || bad "-l 4 above the grades, bpref: exit $rc, $(cat "$T/out")"
# --full computes on eval's path, which has no such loops: refused, status 1
"$RM" trec_eval --full -D 1 -m rbp rbp_tie.qrels rbp_tie.run > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 1 ] && [ ! -s "$T/out" ] && grep -q "debugging lines of rbp are printed only" "$T/err" \
  && ok || bad "--full -D 1 -m rbp: exit $rc, $(cat "$T/err")"
# A level of -D above 0 prints trec_eval's output of level 0 when no measure
# asked for prints debugging lines (map does not, m_map.c): map of a.* is
# 13/30 = 0.4333 as without -D (trec_eval 10.0 prints the same two lines
# with -D 1 and -D 3.1 -q); once refused, status 1
"$RM" trec_eval -D 1 -m map a.qrels a.run > "$T/out" 2>&1; rc=$?
[ $rc = 0 ] && [ "$(cat "$T/out")" = "map                   	all	0.4333" ] && ok \
  || bad "-D 1 -m map: exit $rc, $(cat "$T/out")"
# -D 0.1 where another query lists a document twice: trec_eval forms the
# ranking of query 1 alone and finds no error (m_map.c: query 1 of a.*,
# relevant at ranks 2 and 5 of R = 3, (1/2 + 2/5)/3 = 0.3); the command
# stopped at the other query, status 4, and still does without -D
{ cat a.run; printf '2 Q0 a 5 0.1 runA\n'; } > "$T/dup2.run"
"$RM" trec_eval -D 0.1 -m map a.qrels "$T/dup2.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 0 ] && [ "$(cat "$T/out")" = "map                   	all	0.3000" ] && ok \
  || bad "-D 0.1, a document twice in query 2: exit $rc, $(cat "$T/out" "$T/err")"
"$RM" trec_eval -m map a.qrels "$T/dup2.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 4 ] && [ ! -s "$T/out" ] && ok || bad "a document twice in query 2: exit $rc"
# The same run under -l -1, which only the direct path computes: the
# document twice is trec_eval's status 4 (its form_res_rels.c), and the
# command says so, naming both lines, where it refused -l -1 (status 1);
# under -M 1 query 2 keeps a (score 2) alone, trec_eval sees no document
# twice, and a, of grade 0, is relevant under -l -1 with R = 2 (a and b):
# map 1/2 = 0.5 (trec_eval 10.0 prints 0.5000; the command refused -l -1)
"$RM" trec_eval -l -1 -m map a.qrels "$T/dup2.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 4 ] && [ ! -s "$T/out" ] && grep -q "dup2.run:11: document 'a' of query '2' is listed twice (also on line 6" "$T/err" \
  && ok || bad "-l -1, a document twice: exit $rc, $(cat "$T/err")"
"$RM" trec_eval -q -M 1 -l -1 -m map a.qrels "$T/dup2.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 0 ] && grep -q '^map *	2	0.5000$' "$T/out" && ok \
  || bad "-M 1 -l -1, a document twice beyond the depth: exit $rc, $(cat "$T/out" "$T/err")"
# -D of a query without judgments is trec_eval's status 7, also where the
# general path would refuse -l -1 (status 1, as it was) before finding it
"$RM" trec_eval -D 0.zz -l -1 -m binG a.qrels a.run > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 7 ] && [ ! -s "$T/out" ] && grep -q "query 'zz' has no judgments" "$T/err" && ok \
  || bad "-D 0.zz -l -1: exit $rc, $(cat "$T/err")"
# -M 0 with the gains of -l 0 (the case depth0_gains, trec_eval's output),
# which the general path refused, status 1: every ranking is empty, so G
# and ndcg are 0; 11pt_avg.0.2,0.5 asks for lround(0.2 R) and lround(0.5 R)
# relevant documents (m_11pt_avg.c): query 1, R = 4 (grades 0 and up under
# -l 0), asks for 1 and 2, more than the 0 retrieved, and adds nothing:
# 0.0000; queries 2 and 10, R = 2, ask for 0 at 0.2 and add the
# interpolated precision there, 0/0: -nan
"$RM" trec_eval -q -M 0 -l 0 -m 11pt_avg.0.2,0.5 -m G a.qrels a.run > "$T/out" 2>&1
grep -q '^11pt_avg_0.2,0.5 *	1	0.0000$' "$T/out" && grep -q '^11pt_avg_0.2,0.5 *	2	  -nan$' "$T/out" \
  && grep -q '^G *	all	0.0000$' "$T/out" && ok || bad "-M 0 -l 0: $(cat "$T/out")"
# yaap (m_yaap.c), once refused (status 1): log((1 + s)/(1 + R - s)), s the
# sum of the precisions at the relevant documents.  a.*: query 1 ranks d2
# d1 (tied at 0.9, by name descending) d5 d9 d3, relevant d1 at 2 and d3 at
# 5, s = 1/2 + 2/5 = 0.9, R = 3: log(1.9/3.1) = -0.48955; query 2, b at 2,
# s = 0.5, R = 1: log(1) = 0; query 10, y (grade 2) first, s = 1, R = 2: 0;
# the mean -0.16318 (trec_eval 10.0 prints -0.4895 and -0.1632 too)
"$RM" trec_eval -q -m yaap a.qrels a.run > "$T/out" 2>&1; rc=$?
[ $rc = 0 ] && grep -q '^yaap *	1	-0.4895$' "$T/out" && grep -q '^yaap *	2	0.0000$' "$T/out" \
  && grep -q '^yaap *	all	-0.1632$' "$T/out" && ok || bad "yaap: exit $rc, $(cat "$T/out")"
# A run of a comment alone, under -c -M 0: every judged query is computed
# on trec_eval's stand-in, cut to no document, so map is 0 for each of the
# three, and trec_eval 10.0 prints the four lines with status 0; the
# command said "no run lines", status 2.  (A run of no byte at all is
# trec_eval's "Cannot read results file", status 2, still.)
printf '# nothing retrieved\n' > "$T/comment_only.run"
"$RM" trec_eval -q -c -M 0 -m map a.qrels "$T/comment_only.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 0 ] && [ "$(grep -c '^map *	[0-9a-z]*	0.0000$' "$T/out")" = 4 ] && [ "$(wc -l < "$T/out")" = 4 ] \
  && ok || bad "-c -M 0, a run of a comment: exit $rc, $(cat "$T/out" "$T/err")"
# without -c, query 1 is judged and missing from such a run: status 4, as
# trec_eval ("result qid '1' not found"), under -M 5 too (it was 2)
for m in "" "-M 5"; do
  # shellcheck disable=SC2086
  "$RM" trec_eval $m -m map a.qrels "$T/comment_only.run" > "$T/out" 2> "$T/err"; rc=$?
  [ $rc = 4 ] && [ ! -s "$T/out" ] && grep -q "query '1' is judged but has no line" "$T/err" && ok \
    || bad "a run of a comment ($m): exit $rc, $(cat "$T/err")"
done
: > "$T/empty.run"
"$RM" trec_eval -c -m map a.qrels "$T/empty.run" > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 2 ] && [ ! -s "$T/out" ] && ok || bad "-c, an empty run: exit $rc, $(cat "$T/out" "$T/err")"
# relstring with the judgments on standard input, on the general path
# (--full): they are read from their copy, where they were refused, status
# 1 (query 1's string is the '01-.2' worked out above)
"$RM" trec_eval --full -q -m relstring - a.run < a.qrels > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 0 ] && grep -q "^relstring *	1	'01-.2'$" "$T/out" && ok \
  || bad "relstring, judgments on stdin: exit $rc, $(cat "$T/err")"
# A file that is not a regular file and cannot be read as one (a
# directory) is still an error of the general path: nothing is copied
"$RM" trec_eval -m map a.qrels . > "$T/out" 2> "$T/err"; rc=$?
[ $rc = 2 ] && [ ! -s "$T/out" ] && grep -q "is a directory" "$T/err" && ok \
  || bad "a directory as the run: exit $rc, $(cat "$T/err")"

# Gain maps on G and ndcg_rel (gmap.*), refused before the direct path:
# d1 of grade 1, d2 of grade 2, ranked d2 then d1; with 1=3 the gains are 3
# for d1 and 2 for d2, and the ideal list 3 then 2.  ndcg_rel adds, at each
# relevant document, DCG over the ideal DCG so far: 2/3 at rank 1, then
# (2 + 3/lg 3)/(3 + 2/lg 3) = 0.913403, and divides by 2: 0.790035.  G
# (m_G.c) divides each gain by lg(2 + cost - gains so far): 2/lg 3 at rank
# 1 (cost 3), 3/lg 2 at rank 2 (cost 5, gains 5), so 4.261860 over the
# ideal gains 5: 0.852372.  (Without the map both are 1.)
"$RM" trec_eval -m ndcg_rel.1=3 -m G.1=3 gmap.qrels gmap.run > "$T/out" 2>&1
grep -q '^G_1=3 *	all	0.8524$' "$T/out" && grep -q '^ndcg_rel_1=3 *	all	0.7900$' "$T/out" \
  && ok || bad "gain maps on G and ndcg_rel: $(cat "$T/out")"

# -c and the stand-in (miss.qrels, a.run): query 4 (R = 2) is judged but not
# in the run, and trec_eval computes it on a run of one unjudged document,
# then zeroes the values whose printed name is num_ret, utility, ...; so
# utility.2,-1,0,1 keeps the stand-in's 2*0 - 1*1 + 0*2 + 1*(0 + 0 - 1 - 2)
# = -4 (the general path gave -2), relstring.3 its '-', and num_ret is 0.
"$RM" trec_eval -q -c -m utility.2,-1,0,1 -m relstring.3 -m num_ret miss.qrels a.run > "$T/out" 2>&1
grep -q '^utility_2,-1,0,1 *	4	-4.0000$' "$T/out" && grep -q "^relstring_3 *	4	'-'$" "$T/out" \
  && grep -q '^num_ret *	4	0$' "$T/out" && ok || bad "-c stand-in: $(cat "$T/out")"

# The summary in trec_eval's order (mean_tie.*): eight queries whose P_200
# are 0, 0, 0, 0, 4/200, 4/200, 4/200, 2/200; the mean is 7/800 = 0.00875, a
# tie at the fifth decimal.  trec_eval's sum, added query by query, lies just
# below it and prints 0.0087 (the case mean_tie); the true mean's nearest
# double lies above it, which --exact prints, 0.0088.
"$RM" trec_eval --exact -m P.200 mean_tie.qrels mean_tie.run 2> /dev/null \
  | grep -q '	all	0.0088$' && ok || bad "mean_tie: --exact not 0.0088"

# The fifth decimal.  Eight queries, one relevant document each, at ranks
# 1,1,1,1,2,4,8 and none: recip_rank's mean is (4 + 1/2 + 1/4 + 1/8)/8 = 39/64
# = 0.609375, which %6.4f rounds to 0.6094; and 32 queries with one at rank 1
# give 1/32 = 0.03125 exactly, which %6.4f rounds to even, 0.0312.
: > "$T/q"; : > "$T/r"
for i in 1 2 3 4 5 6 7 8; do
  echo "$i 0 rel 1" >> "$T/q"
  case $i in 5) k=2 ;; 6) k=4 ;; 7) k=8 ;; 8) k=0 ;; *) k=1 ;; esac
  for j in 1 2 3 4 5 6 7 8; do
    d=n$j; [ $j = "$k" ] && d=rel
    echo "$i Q0 $d $j $((10 - j)) r" >> "$T/r"
  done
done
"$RM" trec_eval -m recip_rank "$T/q" "$T/r" | grep -q '	all	0.6094$' && ok || bad "39/64 not 0.6094"
: > "$T/q"; : > "$T/r"
for i in $(seq 1 32); do
  echo "$i 0 rel 1" >> "$T/q"
  if [ "$i" = 1 ]; then echo "$i Q0 rel 1 1 r" >> "$T/r"; else echo "$i Q0 x 1 1 r" >> "$T/r"; fi
done
"$RM" trec_eval --exact -m recip_rank "$T/q" "$T/r" | grep -q '	all	0.0312$' && ok || bad "1/32 not 0.0312"

# eval's --negative: query 1 of a.qrels judges d1 1, d2 0, d3 2, d4 1, d9 -1,
# and a.run ranks d2, d1 (tied at 0.9, names descending), d5 (unjudged), d9,
# d3.  R = 3.  Read as a judged 0, d9 makes N = 2 (d2, d9), min(R, N) = 2:
# d1 has d2 above, 1 - 1/2; d3 has d2 and d9 above, 1 - 2/2 = 0; bpref =
# (1/2)/3 = 1/6.  Read as pooled but unjudged (trec_eval), N = 1: d1 gets
# 1 - 1/1 = 0, d3 0, bpref = 0, the 0.0000 of official.out.
for neg in "zero 0.16666666666666666" "unjudged 0"; do
  set -- $neg
  got=$("$RM" eval --quiet --trec -q --negative "$1" -m trec_eval:bpref a.qrels a.run \
    | awk -F'\t' '$2 == "1" {print $3}')
  [ "$got" = "$2" ] && ok || bad "eval --negative $1: bpref of query 1 is '$got', not $2"
done

# The book's table "What trec_eval computes": each row \tw{NAME}{IRM}{VARIANT}.
# A VARIANT is what the parser makes of trec_eval:NAME; "not yet" is refused
# (the rows in parentheses are written by the command itself).
cd ../.. || exit 1
awk '/^@\* What trec\\_eval computes\./ {p = 1} /^@ \{\\it What the comparison found/ {p = 0} p' \
  rankmetrics.w | grep '^\\tw{' | sed 's/@@/@/g; s/\\_/_/g; s/^\\tw{//; s/}$//; s/}{/\t/g' > "$T/rows"
[ "$(wc -l < "$T/rows")" -ge 40 ] || bad "the table has $(wc -l < "$T/rows") rows"
while IFS=$'\t' read -r te im var; do
  case $var in
    '('*) ;;
    'not yet') if "$RM" name "trec_eval:$te" > /dev/null 2>&1; then
        bad "table: trec_eval's $te has a variant now; the row says not yet"; else ok; fi ;;
    *) a=$("$RM" name "trec_eval:$te" 2>&1 | grep -v "^rankmetrics: name: "); b=$("$RM" name "$var" 2>&1 | grep -v "^rankmetrics: name: ")
       [ "$a" = "$b" ] && ok || bad "table: trec_eval:$te is '$a', the row says '$var'" ;;
  esac
done < "$T/rows"

echo "trec_eval_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
