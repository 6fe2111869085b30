#!/usr/bin/env bash
# irm_test.sh: ir_measures' conventions (issue 27).  1. eval reads an
# ir_measures name as ir_measures averages it: a judged query missing from
# the run counts 0 (mean[absent=empty]), its NumQ/NumRel sums and Accuracy
# do not, and --judged-only, when given, decides for every measure.
# 2. The command `rankmetrics ir_measures QRELS RUN MEASURE...': its output
# formats, the names as ir_measures prints them, its options, negative grades
# read as unjudged for pytrec_eval's measures and as judged for Judged, single
# precision scores for pytrec_eval's measures, IPrec's trec_eval 9 level.
# Every expected value is worked out by hand below; ir_measures is never run.
. "$(dirname "${BASH_SOURCE[0]}")/counts.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
RM=${TOOL:-./rankmetrics}
T=$tmp
bad() { fail "$*"; }
ok() { passed=$((passed + 1)); echo "ok: ${1:-}"; }
# expect WHAT GOT WANT
expect() { if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: got '$2', expected '$3'"; fi; }

# The files.  q1 judges d1 1, d2 0, d3 1 and retrieves d1 (1.0), d2 (0.5),
# d4 (0.2, unjudged).  q2 judges d1 1 and d2 -1 and retrieves d2 (0.9), d1
# (0.8).  q3 judges d5 2 and is not in the run.
#   AP: q1 (1/1)/2 = 1/2; q2 d1 at rank 2 of R = 1: 1/2; q3 0.
#     ir_measures: (1/2 + 1/2 + 0)/3 = 1/3; trec_eval (map): 1/2.
#   P@2: q1 1/2, q2 1/2, q3 0: 1/3.  NumQ: 2 (q3 adds 0).  NumRel: 2 + 1 = 3.
#   Accuracy: q1 ranks d1 (rel) above d2 and d4 (nonrel): 1; q2 ranks d2
#     (grade -1 < 1: nonrel) above d1: 0; q3 has no value: (1 + 0)/2 = 1/2
#     alone (and in eval); beside another provider's measure ir_measures'
#     FallbackEvaluator fills q3 in with 0: (1 + 0 + 0)/3 = 1/3.
#   Bpref, -1 read as unjudged (pytrec_eval): q1 R = 2, N = 1 (d2), d1 has no
#     judged nonrelevant above: (1 - 0)/2 = 1/2; q2 R = 1, N = 0: 1; q3 0;
#     (1/2 + 1 + 0)/3 = 1/2.  With -1 read as a judged 0: q2 has d2 above d1,
#     1 - 1/min(1, 1) = 0, and the mean is 1/6.
#   Judged@2 (the judged provider; -1 is judged): q1 d1, d2 judged: 1; q2 d2,
#     d1: 1; q3 0: 2/3.
#   SetP(relative=True): q1 1/min(2, 3) = 1/2; q2 1/min(1, 2) = 1; q3 0: 1/2.
#   NumRet(rel=1) = NumRelRet: 1 + 1 = 2.
#   nDCG(judged_only=True)@5: q1 keeps d1, d2 (d4 unjudged): DCG 1, ideal of
#     1, 1, 0 is 1 + 1/log2(3): 1/(1 + 1/log2 3) = 0.61314719...; q2 drops d2
#     (-1, unjudged): d1 at rank 1, 1; q3 0: mean 0.53771573...
printf 'q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 1\nq2 0 d1 1\nq2 0 d2 -1\nq3 0 d5 2\n' > "$T/q"
printf 'q1 Q0 d1 1 1.0 r\nq1 Q0 d2 2 0.5 r\nq1 Q0 d4 3 0.2 r\nq2 Q0 d2 1 0.9 r\nq2 Q0 d1 2 0.8 r\n' > "$T/r"

# ---- 1. eval --------------------------------------------------------------
out=$($RM eval --quiet --trec -m AP -m map -m P@2 -m NumQ -m NumRel -m Accuracy "$T/q" "$T/r")
get() { printf '%s\n' "$out" | awk -F'\t' -v m="$1" -v q="${2:-all}" '$1 == m && $2 == q {print $3}'; }
expect "eval AP (ir_measures: q3 counts 0)" "$(get AP)" 0.3333333333333333
expect "eval map (trec_eval: q3 left out)" "$(get map)" 0.5
expect "eval P@2" "$(get P@2)" 0.3333333333333333
expect "eval NumQ" "$(get NumQ)" 2
expect "eval NumRel" "$(get NumRel)" 3
expect "eval Accuracy" "$(get Accuracy)" 0.5
out=$($RM eval --quiet --trec -q -m AP -m map "$T/q" "$T/r")
expect "eval -q AP of q3" "$(get AP q3)" 0
expect "eval -q map of q3 (no line)" "$(get map q3)" ""
# the variants say so; --judged-only given decides for every measure
v=$($RM eval --quiet --json -m AP -m map "$T/q" "$T/r" | sed -n 's/.*"variant":"\([^"]*\)".*/\1/p' | tr '\n' ' ')
expect "eval variants" "$v" "mean[skip=none,weight=uniform,absent=empty,empty=nan]:ap[norm=rel,rel=1,scores=float32,ties=id-desc,undef=zero] mean[skip=none,weight=uniform]:ap[norm=rel,rel=1,ties=id-desc,undef=zero] "
out=$($RM eval --quiet --trec --show-variants --judged-only skip -m AP "$T/q" "$T/r")
expect "eval --judged-only skip AP" "$out" "AP	all	0.5	mean[skip=none,weight=uniform,empty=nan]:ap[norm=rel,rel=1,scores=float32,ties=id-desc,undef=zero]"
out=$($RM eval --quiet --trec --judged-only empty -m AP -m map "$T/q" "$T/r")
expect "eval --judged-only empty map" "$(get map)" 0.3333333333333333
expect "an aggregator written is taken" "$($RM eval --quiet --trec -m mean:AP "$T/q" "$T/r" | cut -f3)" 0.5
expect "ours with absent=empty" "$($RM eval --quiet --trec -m 'mean[absent=empty]:ap' "$T/q" "$T/r" | cut -f3)" 0.3333333333333333
e=$($RM name 'mean[absent=skip]:ap' 2>&1)
case "$e" in *"absent=empty only; skip is its default"*) ok ;; *) bad "absent=skip: $e" ;; esac
e=$($RM eval --partial -m AP "$T/q" "$T/r" 2>&1 >/dev/null)
case "$e" in *"--partial: AP: it evaluates the judged queries missing from the run"*) ok ;; *) bad "--partial AP: $e" ;; esac
# eval reads negative grades per measure, as ir_measures' providers do: Bpref
# (pytrec_eval) -1 unjudged, 1/2; Judged@2 (judged) -1 judged, 2/3; both in
# one eval, and the variants say so.  --negative, given, decides for both:
# zero gives Bpref 1/6 (Judged@2 still 2/3), unjudged gives Judged@2 q2 d2
# unjudged, 1/2: (1 + 1/2 + 0)/3 = 1/2.
out=$($RM eval --quiet --trec -m Bpref -m Judged@2 "$T/q" "$T/r")
expect "eval Bpref (-1 unjudged) beside Judged@2 (-1 judged)" "$(get Bpref) $(get Judged@2)" "0.5 0.6666666666666666"
out=$($RM eval --quiet --trec --negative zero -m Bpref -m Judged@2 "$T/q" "$T/r")
expect "eval --negative zero Bpref" "$(get Bpref) $(get Judged@2)" "0.16666666666666666 0.6666666666666666"
out=$($RM eval --quiet --trec --negative unjudged -m Bpref -m Judged@2 "$T/q" "$T/r")
expect "eval --negative unjudged Judged@2" "$(get Bpref) $(get Judged@2)" "0.5 0.5"
v=$($RM eval --quiet --json -m Bpref "$T/q" "$T/r" | sed -n 's/.*"variant":"\([^"]*\)".*/\1/p' | tr '\n' ' ')
expect "eval Bpref's variant" "$v" "mean[skip=none,weight=uniform,absent=empty,empty=nan]:bpref[rel=1,negative=unjudged,scores=float32,ties=id-desc,undef=zero] "
v=$($RM eval --quiet --json --negative zero -m Bpref "$T/q" "$T/r" | sed -n 's/.*"variant":"\([^"]*\)".*/\1/p' | tr '\n' ' ')
expect "eval --negative zero Bpref's variant" "$v" "mean[skip=none,weight=uniform,absent=empty,empty=nan]:bpref[rel=1,scores=float32,ties=id-desc,undef=zero] "
expect "name ir_measures:Bpref" "$($RM name ir_measures:Bpref 2>/dev/null)" "bpref[rel=1,negative=unjudged,scores=float32,ties=id-desc,undef=zero]"
expect "name ir_measures:Judged@2" "$($RM name ir_measures:Judged@2 2>/dev/null)" "judged@2[denom=list,ties=id-asc,undef=zero]"
# nDCG(gains={0:1,1:2})@2 on q2: -1 pooled, so d2 (rank 1) gains 0 (unjudged)
# and d1 gains 2 at rank 2: 2/log2 3; the ideal is d1 alone: 2.  (Read as a
# judged 0, d2 would gain 1: (1 + 2/log2 3)/(2 + 1/log2 3) = 0.8597...)
# (2/log2 3)/2 = 0.63092975357145743709 (bc).
out=$($RM eval --quiet --trec -q -m 'nDCG(gains={0:1,1:2})@2' "$T/q" "$T/r")
expect "eval nDCG with gains, q2 (-1 unjudged)" "$(get 'nDCG(gains={0:1,1:2})@2' q2)" 0.6309297535714574
e=$($RM eval --judged-docs-only -m Bpref -m Judged@2 "$T/q" "$T/r" 2>&1 >/dev/null); rc=$?
case "$rc $e" in "2 "*"give --negative zero or --negative unjudged"*) ok ;; *) bad "--judged-docs-only with two readings: $rc $e" ;; esac

# ---- 2. rankmetrics ir_measures --------------------------------------------
out=$($RM ir_measures "$T/q" "$T/r" AP 'P@2 NumQ' MAP NumRelRet SetRelP Bpref \
  'nDCG(judged_only=True)@5' Judged@2 Accuracy 2>"$T/err")
expect "ir_measures tsv" "$out" "AP	0.3333
P@2	0.3333
NumQ	2.0000
NumRet(rel=1)	2.0000
SetP(relative=True)	0.5000
Bpref	0.5000
nDCG(judged_only=True)@5	0.5377
Judged@2	0.6667
Accuracy	0.3333"
expect "ir_measures stderr" "$(cat "$T/err")" ""
# -q: every judged query, q3 filled with 0; Python's repr.  Accuracy alone
# leaves q3 out (1/2), as eval does.
expect "Accuracy alone" "$($RM ir_measures -q "$T/q" "$T/r" Accuracy | tr '\n' ' ')" "q1	Accuracy	1.0000 q2	Accuracy	0.0000 all	Accuracy	0.5000 "
out=$($RM ir_measures -q -p -1 "$T/q" "$T/r" AP NumQ Accuracy Bpref)
expect "ir_measures -q -p -1" "$out" "q1	AP	0.5
q1	NumQ	1.0
q1	Accuracy	1.0
q1	Bpref	0.5
q2	AP	0.5
q2	NumQ	1.0
q2	Accuracy	0.0
q2	Bpref	1.0
q3	AP	0.0
q3	NumQ	0.0
q3	Accuracy	0.0
q3	Bpref	0.0
all	AP	0.3333333333333333
all	NumQ	2.0
all	Accuracy	0.3333333333333333
all	Bpref	0.5"
# abbreviations and = forms; -n; jsonl
expect "ir_measures --by --places=2 -n" "$($RM ir_measures --by --places=2 -n "$T/q" "$T/r" AP)" "q1	AP	0.50
q2	AP	0.50
q3	AP	0.00"
expect "ir_measures -p1 -ojsonl" "$($RM ir_measures -p1 -ojsonl "$T/q" "$T/r" AP 2>&1)" \
  '--places is ignored when using --output jsonl
{"measure": "AP", "value": 0.3333333333333333}'
expect "ir_measures jsonl -q" "$($RM ir_measures -q --output_format jsonl "$T/q" "$T/r" 'P(cutoff=5,rel=1)' | sed -n '1p;$p')" \
  '{"query_id": "q1", "measure": "P@5", "value": 0.2}
{"query_id": "all", "measure": "P@5", "value": 0.13333333333333333}'
# the names as ir_measures prints them; one of each
out=$($RM ir_measures "$T/q" "$T/r" 'MAP AP' 'SetF(beta=1.0)' 'IPrec@0.30' 'nDCG(dcg="exp-log2")@2' 'Precision@2' 'P@2' | cut -f1 | tr '\n' ' ')
expect "ir_measures reprs" "$out" "AP SetF IPrec@0.3 nDCG(dcg='exp-log2')@2 P@2 "
# errors: a name not read (status 255, ir_measures' words and ours), -n alone
$RM ir_measures "$T/q" "$T/r" Foo AP AP_IA > "$T/out" 2> "$T/err"; rc=$?
expect "ir_measures bad names status" "$rc" 255
expect "ir_measures bad names output" "$(cat "$T/out")" ""
expect "ir_measures bad names message" "$(grep -v '^  ' "$T/err")" "error parsing measures
unknown measure: Foo
measure not computed here: AP_IA"
grep -q '^  rankmetrics: AP_IA and AP read different judgments (a measure of diversity reads one line per subtopic' "$T/err" &&
  ok "a measure of diversity beside a plain one is refused with its reason" || bad "AP_IA's reason: $(cat "$T/err")"
$RM ir_measures -n "$T/q" "$T/r" AP > /dev/null 2>&1; expect "-n without -q" "$?" 2
$RM ir_measures "$T/q" "$T/nothere" AP > /dev/null 2> "$T/err"; rc=$?
expect "a missing file" "$rc $(cat "$T/err")" "255 $T/nothere not found."
$RM ir_measures --provider judged "$T/q" "$T/r" AP > /dev/null 2>&1; expect "--provider that does not compute AP" "$?" 255
expect "--provider judged" "$($RM ir_measures --provider judged "$T/q" "$T/r" Judged@2)" "Judged@2	0.6667"
$RM ir_measures --help | grep -q '^usage: rankmetrics ir_measures' && ok || bad "ir_measures --help"

# single precision: a's score 0.5000000001 is 0.5 as a float, so pytrec_eval
# ties a (relevant) with b and puts b first (docno descending): AP 1/2, P@1
# 0; msmarco's RR@5 ranks by doubles, a first: 1.  eval does the same under
# ir_measures' names (scores=float32), and ranks by doubles on trec_eval 10.0
# (ir_measures@te10:AP) and under ours: AP 1; ours at single precision ties a
# and b, kept in input order (ties=input, 1) or b first (ties=id-desc, 1/2).
printf 'q1 0 a 1\nq1 0 b 0\n' > "$T/q2"
printf 'q1 Q0 a 1 0.5000000001 r\nq1 Q0 b 2 0.5 r\n' > "$T/r2"
expect "single precision" "$($RM ir_measures "$T/q2" "$T/r2" AP P@1 RR@5)" "AP	0.5000
P@1	0.0000
RR@5	1.0000"
expect "single precision, run on standard input" "$($RM ir_measures "$T/q2" - AP RR@5 < "$T/r2")" "AP	0.5000
RR@5	1.0000"
out=$($RM eval --quiet --trec -m AP -m P@1 -m RR@5 -m ir_measures@te10:AP -m ap -m 'ap[scores=float32]' -m 'ap[scores=float32,ties=id-desc]' "$T/q2" "$T/r2")
expect "eval: single precision per measure" "$(get AP) $(get P@1) $(get RR@5) $(get ir_measures@te10:AP) $(get ap) $(get 'ap[scores=float32]') $(get 'ap[scores=float32,ties=id-desc]')" "0.5 0 1 1 1 1 0.5"
expect "name ir_measures@te10:AP" "$($RM name ir_measures@te10:AP 2>/dev/null)" "ap[norm=rel,rel=1,ties=id-desc,undef=zero]"
e=$($RM name 'ap[scores=double]' 2>&1)
case "$e" in *"scores=float32 only; double is its default"*) ok ;; *) bad "scores=double: $e" ;; esac

# IPrec@0.7 with R = 2, relevant at ranks 1 and 5: trec_eval 9 counts
# (long)(1.4 + 0.9) = 2 relevant, precision 2/5; trec_eval 10 lround(1.4) = 1,
# precision 1.
printf 'q1 0 a 1\nq1 0 e 1\n' > "$T/q3"
printf 'q1 Q0 a 1 5 r\nq1 Q0 b 2 4 r\nq1 Q0 c 3 3 r\nq1 Q0 d 4 2 r\nq1 Q0 e 5 1 r\n' > "$T/r3"
expect "IPrec@0.7 (trec_eval 9)" "$($RM ir_measures "$T/q3" "$T/r3" IPrec@0.7)" "IPrec@0.7	0.4000"
expect "iprec_at_recall_0.70 (trec_eval 10)" "$($RM eval --quiet --trec -m iprec_at_recall_0.70 "$T/q3" "$T/r3" | cut -f3)" 1
expect "ir_measures@te10:IPrec@0.7 (trec_eval 10)" "$($RM eval --quiet --trec -m ir_measures@te10:IPrec@0.7 "$T/q3" "$T/r3" | cut -f3)" 1
expect "ir_measures@te9:IPrec@0.7 (trec_eval 9)" "$($RM eval --quiet --trec -m ir_measures@te9:IPrec@0.7 "$T/q3" "$T/r3" | cut -f3)" 0.4

# @0: the accuracy provider reads a cutoff 0 as none (Accuracy@0 is Accuracy,
# 1/2 above); pytrec_eval's P@0 stops ir_measures on an assertion: refused so.
expect "Accuracy@0 is Accuracy" "$($RM eval --quiet --trec -m Accuracy@0 "$T/q" "$T/r" | cut -f3)" 0.5
e=$($RM name 'ir_measures:P@0' 2>&1)
case "$e" in *"P@0 stops Python: pytrec_eval asserts"*) ok ;; *) bad "P@0: $e" ;; esac

# Compat: the run d1, d2, d3 of grades 0, 2, 1, ideal d2, d3; overlaps 0, 1, 2
# at depths 1..3 (the book's example).  normalize=False with p = 1/2: (0 +
# 1/2 * 1/2 + 1/4 * 2/3)/(1 + 1/2 + 1/4) = (5/12)/(7/4) = 5/21; p = 1.0 weighs
# every depth 1: (0 + 1/2 + 2/3)/(1 + 2/2 + 2/3) = (7/6)/(8/3) = 7/16.
printf 'q1 0 d1 0\nq1 0 d2 2\nq1 0 d3 1\n' > "$T/q4"
printf 'q1 Q0 d1 1 3 r\nq1 Q0 d2 2 2 r\nq1 Q0 d3 3 1 r\n' > "$T/r4"
expect "Compat(normalize=False,p=0.5) and Compat(p=1.0)" "$($RM ir_measures --exact -p -1 "$T/q4" "$T/r4" 'Compat(normalize=False,p=0.5)' 'Compat(p=1.0)')" "Compat(normalize=False,p=0.5)	0.23809523809523808
Compat(p=1.0)	0.4375"
expect "name Compat(normalize=False)" "$($RM name 'ir_measures:Compat(normalize=False)' 2>/dev/null)" "compat[p=0.95,normalize=none,ities=judgments,rel=1,ties=id-asc,undef=zero]"

# Compat's ideal breaks ties of grade and score in the order of the
# judgments (ities=judgments), as the provider's stable sorts do.  The
# judgments list b before a, both of grade 1; the run ties a and b at 2.0,
# so R = a b c (ties by docno ascending) and the ideal is b a.  With p = 1/2
# the overlaps at depths 1..3 are 0, 2, 2 and the ideal's with itself 1, 2, 2:
# (0 + 1/2 * 2/2 + 1/4 * 2/3)/(1 + 1/2 * 2/2 + 1/4 * 2/3) = (2/3)/(5/3) = 2/5.
# By identifier the ideal would be a b, the overlaps 1, 2, 2 and the value 1.
# ir_measures 0.4.3, run outside the tests, prints 0.39999999999999997 (its
# float sums); with the judgments listed a, b it prints 1.  Compat(p=0.0)
# weighs the first depth alone: 0 (b is not a), 1 when the file lists a first.
printf 'q1 0 b 1\nq1 0 a 1\nq1 0 c 0\n' > "$T/q5"
printf 'q1 0 a 1\nq1 0 b 1\nq1 0 c 0\n' > "$T/q6"
printf 'q1 Q0 a 1 2.0 r\nq1 Q0 b 2 2.0 r\nq1 Q0 c 3 1.0 r\n' > "$T/r5"
expect "Compat's ideal in the order of the judgments" "$($RM ir_measures --exact -p -1 "$T/q5" "$T/r5" 'Compat(p=0.5)' 'Compat(p=0.0)')" "Compat(p=0.5)	0.4
Compat(p=0.0)	0.0"
expect "Compat's ideal, judgments by identifier" "$($RM ir_measures --exact -p -1 "$T/q6" "$T/r5" 'Compat(p=0.5)' 'Compat(p=0.0)')" "Compat(p=0.5)	1.0
Compat(p=0.0)	1.0"
expect "eval's Compat on the judgments' order" "$($RM eval --quiet --trec -m 'ir_measures:Compat(p=0.5)' "$T/q5" "$T/r5" | cut -f3)" 0.4
expect "value's ities=judgments reads the input order" "$($RM value 'compat[p=1/2,ities=judgments,ties=id-asc]' --exact --grades 1,1,0 --scores 2,2,1 --ids b,a,c | awk '$1 == "rational" {print $2}')" 2/5
# The judgments' order breaks ties of score only: with a at 2.0 above b at
# 1.0 the ideal is a b whatever the file's order, overlaps 1, 2, 2: 1.
printf 'q1 Q0 a 1 2.0 r\nq1 Q0 b 2 1.0 r\nq1 Q0 c 3 0.5 r\n' > "$T/r6"
expect "Compat's ideal by score before the judgments' order" "$($RM ir_measures --exact -p -1 "$T/q5" "$T/r6" 'Compat(p=0.5)')" "Compat(p=0.5)	1.0"
# A retrieved document scored exactly 0 behind an unretrieved relevant one of
# its grade in the judgments: the provider gives d3, not retrieved, the score
# 0.0 too, and its stable sorts keep the file's order, so the ideal is d3 d2.
# The run is d2 (0), d1 (-1, judged 0): R = d2 d1, D = 2.  With p = 1/2 the
# overlaps are 0, 1 and the ideal's with itself 1, 2:
# (0 + 1/2 * 1/2)/(1 + 1/2 * 2/2) = (1/4)/(3/2) = 1/6.  With d2 first in the
# ideal (the retrieved one first, as before) they would be 1, 1: 5/6, which is
# also the value when the file lists d2 before d3.  ir_measures 0.4.3, run
# outside the tests, prints 0.16666666666666666 and 0.8333333333333334.
printf 'q1 0 d3 1\nq1 0 d2 1\nq1 0 d1 0\n' > "$T/q7"
printf 'q1 0 d2 1\nq1 0 d3 1\nq1 0 d1 0\n' > "$T/q8"
printf 'q1 Q0 d2 1 0 r\nq1 Q0 d1 2 -1 r\n' > "$T/r7"
expect "Compat: a document scored 0 behind an unretrieved one" "$($RM ir_measures -p -1 "$T/q7" "$T/r7" 'Compat(p=0.5)')" "Compat(p=0.5)	0.16666666666666666"
expect "Compat: the same, --exact" "$($RM ir_measures --exact -p -1 "$T/q7" "$T/r7" 'Compat(p=0.5)')" "Compat(p=0.5)	0.16666666666666666"
expect "Compat: the unretrieved one listed after" "$($RM ir_measures -p -1 "$T/q8" "$T/r7" 'Compat(p=0.5)')" "Compat(p=0.5)	0.8333333333333334"
expect "eval's Compat, a document scored 0, every path" "$(for o in --fast --exact; do $RM eval $o --quiet --trec -m 'ir_measures:Compat(p=0.5)' -m 'median:compat[p=1/2,ities=judgments,ties=id-asc]' "$T/q7" "$T/r7" | cut -f3; done | tr '\n' ' ')" "0.16666666666666666 0.16666666666666666 0.16666666666666666 0.16666666666666666 "
e=$($RM eval -m 'compat[ities=judgments]' "$T/q5" "$T/r5" 2>&1)
case "$e" in *"ities=judgments puts the run's documents"*) ok ;; *) bad "compat[ities=judgments] with ties=input: $e" ;; esac

# A query judged only negative (q1: a -1) that comes first in the run, before
# q2, judged a 1: pytrec_eval on trec_eval 9.0.8 has reserved no counts of
# grades yet (max_rel + 1 = 0 levels; te_chk_and_malloc hands back its null
# pointer), so every measure of q1 keeps its 0, NumRet included; q2 then
# reserves them.  ir_measures 0.4.3, run outside the tests in a fresh
# process: NumRet 0 for q1 (3 retrieved), 1 for q2, sum 1.  With q2 first
# in the run, q1 is read as judged: 3 and 1, sum 4.  allneg=empty, on
# trec_eval 10.0 too (its form_res_rels.c is the same; its own command stops
# with "Can't calculate measure 'num_ret'"); our sum:nret counts 3.
printf 'q1 0 a -1\nq2 0 a 1\nq2 0 b 0\n' > "$T/q7"
printf 'q1 Q0 a 1 1.0 r\nq1 Q0 b 2 0.5 r\nq1 Q0 c 3 0.4 r\nq2 Q0 a 1 1.0 r\n' > "$T/r7"
printf 'q2 Q0 a 1 1.0 r\nq1 Q0 a 1 1.0 r\nq1 Q0 b 2 0.5 r\nq1 Q0 c 3 0.4 r\n' > "$T/r8"
expect "NumRet of a query judged only -1, first in the run" "$($RM ir_measures -q "$T/q7" "$T/r7" NumRet | tr '\t\n' ' ;')" "q1 NumRet 0.0000;q2 NumRet 1.0000;all NumRet 1.0000;"
expect "NumRet of a query judged only -1, after another" "$($RM ir_measures -q "$T/q7" "$T/r8" NumRet | tr '\t\n' ' ;')" "q2 NumRet 1.0000;q1 NumRet 3.0000;all NumRet 4.0000;"
expect "eval's NumRet on trec_eval 10.0" "$($RM eval --quiet --trec -m 'ir_measures@te10:NumRet' "$T/q7" "$T/r7" | cut -f3)" 1
expect "eval's own sum:nret" "$($RM eval --quiet --trec -m sum:nret "$T/q7" "$T/r7" | cut -f3)" 4
expect "NumRet's variant" "$($RM name NumRet 2>/dev/null)" "sum[skip=none]:nret[allneg=empty]"
e=$($RM eval -m NumRet "$T/q7" "$T/r7" 2>&1 >/dev/null)
case "$e" in *"1 queries judged only negative read as empty"*) ok ;; *) bad "eval's summary of allneg: $e" ;; esac

# ---- 3. the lines ir_measures fills in, and its empty mean -----------------
# q1 judges d1 0 and d2 1 and retrieves d1 (nonrelevant) and d3 (unjudged);
# q2 judges d1 1 and is not in the run.  ir_measures 0.4.3 (pytrec_eval on
# trec_eval 9.0.8), run outside the tests, `python -m ir_measures -q -p -1`:
#   q1 NumQ 1.0, NumRel 1.0, NumRet(rel=1) 0.0; q2 all three 0.0 (filled in);
#   all NumQ 1.0, NumRel 1.0; and Accuracy alone: no line per query (q1 has
#   no relevant document retrieved, q2 no value) and `all Accuracy nan'.
# By hand: NumQ counts q1 only; NumRel q1's one relevant; the 0 of q2 adds
# nothing; the mean of Accuracy is over no query: Python's NaN.
printf 'q1 0 d1 0\nq1 0 d2 1\nq2 0 d1 1\n' > "$T/q5"
printf 'q1 Q0 d1 1 1.0 r\nq1 Q0 d3 2 0.5 r\n' > "$T/r5"
out=$($RM eval --quiet --trec -q -m NumQ -m NumRel -m NumRelRet -m Accuracy "$T/q5" "$T/r5" 2>/dev/null)
expect "eval -q: q2's filled-in lines under the sums" "$(get NumQ q2) $(get NumRel q2) $(get NumRelRet q2)" "0 0 0"
expect "eval: the sums count nothing for q2" "$(get NumQ) $(get NumRel) $(get NumRelRet)" "1 1 0"
expect "eval: an empty mean under an ir_measures name is nan" "$(get Accuracy)" nan
expect "eval --json: NaN" "$($RM eval --quiet --json -m Accuracy "$T/q5" "$T/r5" 2>/dev/null | sed -n 's/.*"value":\([^,]*\),.*/\1/p')" NaN
v=$($RM eval --quiet --json -m NumQ -m Accuracy "$T/q5" "$T/r5" 2>/dev/null | sed -n 's/.*"variant":"\([^"]*\)".*/\1/p' | tr '\n' ' ')
expect "the variants say absent=zero and empty=nan" "$v" "sum[skip=none,absent=zero]:nq mean[skip=undef,weight=uniform,empty=nan]:auc[rel=1,ties=input,undef=zero] "
expect "ours keep undef's 0" "$($RM eval --quiet --trec -m 'mean[skip=undef]:auc[ties=input]' "$T/q5" "$T/r5" 2>/dev/null | cut -f3)" 0
expect "ir_measures -q: the same" "$($RM ir_measures -q -p -1 "$T/q5" "$T/r5" NumQ NumRel | tr '\n' ' ')" "q1	NumQ	1.0 q1	NumRel	1.0 q2	NumQ	0.0 q2	NumRel	0.0 all	NumQ	1.0 all	NumRel	1.0 "
$RM eval --quiet --partial -m Accuracy "$T/q5" "$T/r5" > "$T/s5" 2>/dev/null
expect "merge of a state: nan too" "$($RM merge --quiet --trec "$T/s5" 2>/dev/null | cut -f3)" nan
expect "ir_measures Accuracy alone: nan" "$($RM ir_measures -q "$T/q5" "$T/r5" Accuracy 2>/dev/null)" "all	Accuracy	nan"
e=$($RM name 'mean[absent=zero]:ap' 2>&1)
case "$e" in *"absent=zero on a sum"*) ok ;; *) bad "absent=zero on a mean: $e" ;; esac
e=$($RM name 'sum[empty=nan]:nq' 2>&1)
case "$e" in *"empty=nan on a mean only"*) ok ;; *) bad "empty=nan on a sum: $e" ;; esac

# ---- 4. ir_measures' measures of diversity (issue 29) ----------------------
# Query 1 has subtopics 1 and 2: a is relevant to 1, b to 1 and 2, c judged
# 0 for 1; the run ranks c, a, b.  Query 2 is judged (x, subtopic 1) and not
# in the run.  By hand: P_IA@2 averages P@2 over the subtopics, (1/2 +
# 0)/2 = 1/4; AP_IA averages AP, subtopic 1 (1/2 + 2/3)/2 = 7/12, subtopic 2
# (1/3)/1, so 11/24; StRecall@2: c, a cover subtopic 1 of 2, 1/2.  Query 2
# is 0, which ir_measures fills in: the means are 1/8, 11/48 and 1/4.
printf '1 1 a 1\n1 1 b 1\n1 2 b 1\n1 1 c 0\n2 1 x 1\n' > "$T/dq"
printf '1 Q0 c 1 3 r\n1 Q0 a 2 2 r\n1 Q0 b 3 1 r\n' > "$T/dr"
out=$($RM ir_measures --exact -q -p -1 "$T/dq" "$T/dr" 'P_IA(rel=1)@2' MAP_IA StRecall@2 2>"$T/err")
expect "ir_measures, diversity: per query and means" "$out" "1	P_IA@2	0.25
1	AP_IA	0.4583333333333333
1	StRecall@2	0.5
2	P_IA@2	0.0
2	AP_IA	0.0
2	StRecall@2	0.0
all	P_IA@2	0.125
all	AP_IA	0.22916666666666666
all	StRecall@2	0.25"
expect "ir_measures, diversity: stderr" "$(cat "$T/err")" ""
expect "eval under the same name: the same mean" "$($RM eval --quiet --trec -m 'AP_IA' "$T/dq" "$T/dr" | cut -f3)" 0.22916666666666666
# the names as ir_measures prints them: alpha and beta of 1/2 are the defaults
expect "ir_measures, diversity reprs" "$($RM ir_measures "$T/dq" "$T/dr" 'alpha_DCG(alpha=0.5)@3' 'alpha_nDCG(alpha=0.25)@3' 'nNRBP(beta=0.5)' 'NRBP(beta=0.75)' ERR_IA@2 P_IA@2 | cut -f1 | tr '\n' ' ')" "alpha_DCG@3 alpha_nDCG(alpha=0.25)@3 nNRBP NRBP(beta=0.75) ERR_IA@2 P_IA@2 "
e=$($RM ir_measures "$T/q" "$T/r" alpha_nDCG@20 2>&1); rc=$?
case "$rc $e" in "1 "*"this is a plain qrels file"*) ok "diversity name on plain qrels" ;; *) bad "diversity on plain qrels: $rc $e" ;; esac
e=$($RM trec_eval -m alpha_nDCG@20 "$T/dq" "$T/dr" 2>&1); rc=$?
case "$rc $e" in "1 "*"trec_eval has none: rankmetrics ir_measures QRELS RUN NAME or rankmetrics eval"*) ok "drop-in names the commands" ;; *) bad "drop-in: $rc $e" ;; esac

# ---- 5. the C/W/L measures at T=0.0 and p=1.0; floats written as integers -
# The judgments grade d1 0, d2 1, d3 2; the run ranks d2, d3, d1.  Under
# max_rel=2 the gains are 1/2, 1, 0.  By hand from cwl_eval's continuations
# (cwl_insq.py, cwl_nerr.py, cwl_bpm.py, cwl_rbp.py; cwl_eval is not
# installed here): at T=0 INSQ's, NERR11's and BPM's first continuation is
# 0, so the value is the first gain, 1/2; NERR10(p=1.0) continues with
# 1 - G: 1/2 after d2, 0 after d3, weights 1, 1/2 over 3/2, value
# (1/2 + 1/2)/(3/2) = 2/3; RBP(p=1.0,rel=1) weighs the 1000 ranks alike:
# 2 relevant over 1000.
printf 'q1 0 d1 0\nq1 0 d2 1\nq1 0 d3 2\n' > "$T/q6"
printf 'q1 Q0 d2 1 3 r\nq1 Q0 d3 2 2 r\nq1 Q0 d1 3 1 r\n' > "$T/r6"
expect "T=0.0 and p=1.0" "$($RM ir_measures --exact -p -1 "$T/q6" "$T/r6" 'INSQ(T=0.0,max_rel=2)' 'NERR11(T=0.0,max_rel=2)' 'BPM(T=0.0,max_rel=2)@3' 'NERR10(p=1.0,max_rel=2)' 'RBP(p=1.0,rel=1)' 2>&1)" "INSQ(T=0.0,max_rel=2)	0.5
NERR11(T=0.0,max_rel=2)	0.5
BPM(T=0.0,max_rel=2)@3	0.5
NERR10(p=1.0,max_rel=2)	0.6666666666666666
RBP(p=1.0,rel=1)	0.002"
e=$($RM name 'INST(T=0.0,max_rel=2)' 2>&1)
case "$e" in *"INST(T=0.0) is no user model"*"division by zero"*) ok ;; *) bad "INST(T=0.0): $e" ;; esac
# ir_measures 0.4.3, run outside the tests: Compat(p=1), SetF(beta=2) and
# IPrec@1 stop with AssertionError 'invalid param p=1' (an int where a float
# is declared); Compat(p=1.0) computes (7/16 above)
for n in 'Compat(p=1)' 'SetF(beta=2)' 'INSQ(T=1,max_rel=2)' 'IPrec@1' 'alpha_nDCG(alpha=1)@5'; do
  e=$($RM name "$n" 2>&1)
  case "$e" in *"ir_measures asserts 'invalid param "*) ok "$n refused as ir_measures refuses it" ;; *) bad "$n: $e" ;; esac
done

# ---- 6. judged_only=True beyond nDCG: trec_eval's -J, per measure ----------
# On the files of section 1 (q1: d1 1, d2 0, d3 1, run d1, d2, d4; q2: d1 1,
# d2 -1, run d2, d1; q3 judged, not run).  pytrec_eval drops every document
# of grade below 0 or not judged (form_res_rels.c), so q1 keeps d1, d2 and q2
# keeps d1 alone.  By hand: AP q1 (1/1)/2, q2 1, q3 0: 1/2; P@1 q1 1, q2 1
# (0 without the flag): 2/3; SetP q1 1/2, q2 1/1: 1/2; RR q1 1, q2 1: 2/3.
# ir_measures 0.4.3, run outside the tests, gives the same four means.
expect "judged_only=True on AP, P, SetP, RR" "$($RM ir_measures -p -1 "$T/q" "$T/r" 'AP(judged_only=True)' 'P(judged_only=True)@1' 'SetP(judged_only=True)' 'RR(judged_only=True)')" "AP(judged_only=True)	0.5
P(judged_only=True)@1	0.6666666666666666
SetP(judged_only=True)	0.5
RR(judged_only=True)	0.6666666666666666"
out=$($RM eval --quiet --trec -q -m 'P(judged_only=True)@1' -m P@1 "$T/q" "$T/r")
expect "eval: P@1 of q2 with and without judged_only" "$(get 'P(judged_only=True)@1' q2) $(get P@1 q2)" "1 0"
expect "its variant" "$($RM name 'P(judged_only=True)@1' 2>/dev/null)" "precision@1[denom=k,rel=1,judged=only,negative=unjudged,scores=float32,ties=id-desc,undef=zero]"
e=$($RM name 'RR(judged_only=True)@5' 2>&1)
case "$e" in *"has no provider in its default pipeline (msmarco takes judged_only=False only"*) ok ;; *) bad "RR(judged_only=True)@5: $e" ;; esac

finish
