#!/bin/bash
# Tests of `rankmetrics disagree': witnesses and values worked by hand.
T=${TOOL:-./rankmetrics}
pass=0; fail=0
ok() { if eval "$2"; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: $1"; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$T" disagree rr > "$tmp/rr.txt"; rc=$?
ok "rr exits 0" '[ $rc -eq 0 ]'
# first hit vs mean of reciprocals on relevant positions: list 1,1 gives 1 vs (1+1/2)/2 = 3/4;
# every smaller input (grades 0; 1; 0,0; 0,1 = 1/2 both; 1,0 = 1 both) agrees.
ok "rr first|mean witness 1,1: 1 vs 3/4" \
  'grep -A2 "^rr: hits=first | hits=mean" "$tmp/rr.txt" | grep -q "grades 0..2     smallest witness grades 1,1: 1 vs 3/4"'
ok "rr first|sum witness 1,1: 1 vs 3/2" \
  'grep -A2 "^rr: hits=first | hits=sum" "$tmp/rr.txt" | grep -q "smallest witness grades 1,1: 1 vs 3/2"'
# 002's example, relevant at 1,2,4,7: (1+1/2+1/4+1/7)/4 = 53/112
ok "rr mean on 002's example is 53/112" \
  '"$T" value "rr[hits=mean]" --grades 1,1,0,1,0,0,1 --exact | grep -q "rational  53/112"'
"$T" disagree ndcg > "$tmp/ndcg.txt"
ok "ndcg linear|exp2 agree on binary grades" \
  'grep -A1 "^ndcg: gain=linear | gain=exp2" "$tmp/ndcg.txt" | grep -q "binary grades   agree on all"'
# grades 1,2: linear (1+2/lg3)/(2+1/lg3) = ln12/ln18, exp2 (1+3/lg3)/(3+1/lg3) = ln24/ln54
w=$(python3 -c "
from decimal import Decimal as D, getcontext; getcontext().prec=60
print(format((D(12).ln()/D(18).ln()),'.39f')[:12], format((D(24).ln()/D(54).ln()),'.39f')[:12])")
wa=${w% *}; wb=${w#* }
ok "ndcg linear|exp2 witness 1,2 = ln12/ln18 vs ln24/ln54" \
  'grep -A2 "^ndcg: gain=linear | gain=exp2" "$tmp/ndcg.txt" | grep "grades 0..2" | grep -q "grades 1,2: $wa[0-9]* vs $wb"'
"$T" disagree ap > "$tmp/ap.txt"
ok "ap rel|hits agree when every relevant item is retrieved within K" \
  'grep -A4 "^ap: norm=rel | norm=hits" "$tmp/ap.txt" | grep -A1 "within K" | grep -q "agree on all"'
# they split as soon as one relevant item is beyond K: 1,1 at K=1 gives 1/2 vs 1
ok "ap rel|hits witness 1,1 K 1: 1/2 vs 1" \
  'grep -A2 "^ap: norm=rel | norm=hits" "$tmp/ap.txt" | grep -q "grades 1,1; K 1: 1/2 vs 1"'
# GAUC: the plain mean of per-user AUCs (002) and the impression-weighted
# mean (003) split on two users: grades 0,1 (AUC 0, 2 items) and 0,1,0
# (AUC 1/2, 3 items): uniform (0 + 1/2)/2 = 1/4, items (2*0 + 3/2)/5 = 3/10.
# Every set with fewer items has at most one user with both classes.
"$T" disagree gauc > "$tmp/gauc.txt"; rc=$?
ok "gauc exits 0" '[ $rc -eq 0 ]'
ok "gauc uniform|items witness 0,1 | 0,1,0: 1/4 vs 3/10" \
  'grep -A2 "^gauc: weight=uniform | weight=items   (a split of the sources)" "$tmp/gauc.txt" | grep -q "grades 0..2     smallest witness grades 0,1 | grades 0,1,0: 1/4 vs 3/10"'
# weighted by positives: 0,1 has one, 1,0,1 two (AUC 1/2): uniform 1/4, positives (0 + 2/2)/3 = 1/3
ok "gauc uniform|positives witness 0,1 | 1,0,1: 1/4 vs 1/3" \
  'grep -A2 "^gauc: weight=uniform | weight=positives" "$tmp/gauc.txt" | grep -q "smallest witness grades 0,1 | grades 1,0,1: 1/4 vs 1/3"'
# a user of one class: skipped (mean of 1 = 1) or counted as 0 (mean 1/2)
ok "gauc skip=undef|none witness 0 | 1,0: 1 vs 1/2" \
  'grep -A2 "^gauc: skip=undef | skip=none" "$tmp/gauc.txt" | grep -q "smallest witness grades 0 | grades 1,0: 1 vs 1/2"'
ok "gauc: sets in the population" 'grep -q "random sets" "$tmp/gauc.txt"'
# Agreements of irrational values are proved, not read off 40 digits: binary
# grades make the three gains one expression (g = 2^g - 1 = [g >= 1]), and
# undef=zero|one read the same definition wherever RMSE is defined.
"$T" disagree dcg rmse > "$tmp/proof.txt"
ok "dcg linear|exp2 on binary grades: proved, none to 40 digits only" \
  'grep -A1 "^dcg: gain=linear | gain=exp2" "$tmp/proof.txt" | grep -q "binary grades   agree on all [0-9]* inputs up to length 5$"'
ok "rmse undef=zero|one: proved" \
  'grep -A2 "^rmse: undef=zero | undef=one" "$tmp/proof.txt" | grep -q "grades 0..2     agree on all [0-9]* inputs up to length 5$"'
ok "no agreement left unproved" '! grep -q "40 digits only" "$tmp/proof.txt"'
"$T" disagree hr mrr --tex "$tmp/d.tex" > "$tmp/hr.txt"; rc=$?
ok "hr mrr --tex exits 0" '[ $rc -eq 0 ]'
ok "TeX written with tables" 'grep -q "^\\\\disbegin{hr}" "$tmp/d.tex" && grep -q "^\\\\disbegin{rr}" "$tmp/d.tex" && grep -q "^\\\\disend" "$tmp/d.tex"'
ok "hr any|recall witness 1,1 K 1: 1 vs 1/2" \
  'grep -A2 "^hr: hit=any | hit=recall" "$tmp/hr.txt" | grep -q "grades 1,1; K 1: 1 vs 1/2"'
# The hit ratio's readings, worked by hand.  rat NAME ARGS: the exact fraction.
rat() { local n=$1; shift; "$T" value "$n" "$@" --exact 2>/dev/null | awk '/^rational/{print $2}'; }
# grades 1,0,1,0 and one relevant item not retrieved, K=2: one hit in the top
# two, three relevant items: any 1, recall 1/3, precision 1/2; at K=3 recall
# and precision meet (2/3 both), at K=4 they part again (2/3 vs 1/2).
ok "hr@2 any|recall|precision on 1,0,1,0 + judged 1: 1, 1/3, 1/2" \
  '[ "$(rat "hr@2[hit=any]" --grades 1,0,1,0 --judged 1) $(rat "hr@2[hit=recall]" --grades 1,0,1,0 --judged 1) $(rat "hr@2[hit=precision]" --grades 1,0,1,0 --judged 1)" = "1 1/3 1/2" ]'
ok "hr@3 recall = precision = 2/3 there, hr@4 2/3 vs 1/2" \
  '[ "$(rat "hr@3[hit=recall]" --grades 1,0,1,0 --judged 1) $(rat "hr@3[hit=precision]" --grades 1,0,1,0 --judged 1) $(rat "hr@4[hit=recall]" --grades 1,0,1,0 --judged 1) $(rat "hr@4[hit=precision]" --grades 1,0,1,0 --judged 1)" = "2/3 2/3 2/3 1/2" ]'
# Smallest witnesses.  any|precision and recall|precision: one relevant item
# at K=2 (a cutoff one beyond the list) gives 1 vs 1/2, since precision
# divides by K; every input before it in the search's order (one item of
# grade 0, 1 or 2, with no cutoff or K=1; one of grade 0 at K=2) gives the
# same value under all three readings.
ok "hr any|precision witness 1 K 2: 1 vs 1/2" \
  'grep -A2 "^hr: hit=any | hit=precision" "$tmp/hr.txt" | grep -q "grades 0..2     smallest witness grades 1; K 2: 1 vs 1/2"'
ok "hr recall|precision witness 1 K 2: 1 vs 1/2" \
  'grep -A2 "^hr: hit=recall | hit=precision" "$tmp/hr.txt" | grep -q "grades 0..2     smallest witness grades 1; K 2: 1 vs 1/2"'
ok "hr any|recall|precision on 0,1: 1, 1, 1/2 by value" \
  '[ "$(rat "hr[hit=any]" --grades 0,1) $(rat "hr[hit=recall]" --grades 0,1) $(rat "hr[hit=precision]" --grades 0,1)" = "1 1 1/2" ]'
same=1
for g in 0 1 2 0,0; do for c in "" @1; do
  [ "$g" = 0,0 ] && [ -n "$c" ] && continue
  a=$(rat "hr$c[hit=any]" --grades $g); r=$(rat "hr$c[hit=recall]" --grades $g); p=$(rat "hr$c[hit=precision]" --grades $g)
  [ -n "$a" ] && [ "$a" = "$r" ] && [ "$a" = "$p" ] || { same=0; echo "  hr$c on $g: $a $r $p"; }
done; done
ok "hr: every input before 0,1 agrees under any, recall and precision" '[ $same = 1 ]'
# any|recall: without a cutoff and without unretrieved items a hit means every
# relevant item is found, so the first split needs K: 1,1 at K=1 (checked
# above), while 0,1 / 1,0 / 1,1 without K agree (1 both).
ok "hr any|recall agree on 0,1; 1,0; 1,1 without K" \
  '[ "$(rat "hr[hit=any]" --grades 1,1)$(rat "hr[hit=recall]" --grades 1,1)$(rat "hr[hit=any]" --grades 1,0)$(rat "hr[hit=recall]" --grades 1,0)" = "1111" ]'
ok "hr@1 any|recall on 1,1: 1 vs 1/2 by value" \
  '[ "$(rat "hr@1[hit=any]" --grades 1,1) $(rat "hr@1[hit=recall]" --grades 1,1)" = "1 1/2" ]'
# First-hit RR against the mean over relevant positions, by value: 1,1 gives
# 1 vs (1+1/2)/2 = 3/4; 002's example (relevant at 1,2,4,7) 1 vs 53/112.
ok "rr first|mean on 1,1: 1 vs 3/4 by value" \
  '[ "$(rat "rr" --grades 1,1) $(rat "rr[hits=mean]" --grades 1,1)" = "1 3/4" ]'
ok "rr first on 002's example is 1 (mean 53/112)" '[ "$(rat "rr" --grades 1,1,0,1,0,0,1)" = 1 ]'
# AP norm=rel and norm=hits: on 1,0,1 with everything retrieved both are
# (1+2/3)/2 = 5/6; one more relevant item not retrieved makes rel (1+2/3)/3 = 5/9.
ok "ap rel = hits = 5/6 on 1,0,1" \
  '[ "$(rat "ap[norm=rel]" --grades 1,0,1) $(rat "ap[norm=hits]" --grades 1,0,1)" = "5/6 5/6" ]'
ok "ap rel 5/9 vs hits 5/6 with a judged item not retrieved" \
  '[ "$(rat "ap[norm=rel]" --grades 1,0,1 --judged 1) $(rat "ap[norm=hits]" --grades 1,0,1 --judged 1)" = "5/9 5/6" ]'
# Linear and exponential gain on binary grades: the same 40 digits.
dec() { "$T" value "$1" --grades "$2" --exact 2>/dev/null | awk '/^decimal/{print $2}'; }
ok "ndcg linear = exp2 on binary 0,1,1,0,1 (40 digits)" \
  '[ -n "$(dec "ndcg[gain=linear]" 0,1,1,0,1)" ] && [ "$(dec "ndcg[gain=linear]" 0,1,1,0,1)" = "$(dec "ndcg[gain=exp2]" 0,1,1,0,1)" ]'
ok "ndcg linear|exp2 binary column: agree" \
  'grep -A1 "^ndcg: gain=linear | gain=exp2" "$tmp/ndcg.txt" | grep -q "binary grades   agree on all"'
# The witnesses as golden vectors (vectors/disagreements_test.*).
V=${VEC:-vectors}/disagreements_test
ok "disagreement vectors exist" '[ -s "$V.json" ] && [ -s "$V.txt" ]'
ok "the flag Disagreement is defined in the notes" \
  'grep -q "\"Disagreement\": {\"description\": " "$V.json"'
nt=$(grep -c "^tcId = " "$V.txt"); nf=$(grep -c "^flags = \(.*,\)\?Disagreement\(,.*\)\?$" "$V.txt")
ok "every one of the $nt tests is flagged Disagreement" '[ "$nt" -gt 100 ] && [ "$nt" = "$nf" ]'
ok "numberOfTests of the JSON twin is $nt" 'grep -q "\"numberOfTests\": $nt," "$V.json"'
ok "every JSON test carries the flag" \
  '[ "$(grep -c "{\"tcId\": " "$V.json")" = "$nt" ] && [ "$(grep -c "\"flags\": \[\(\"[A-Za-z]*\",\)*\"Disagreement\"" "$V.json")" = "$nt" ]'
ok "no other family carries the flag but the sets of aggregates and the family judged" '! grep -l "^flags = .*Disagreement" ${VEC:-vectors}/*_test.txt | grep -v "disagreements_test.txt\|aggregates_test.txt\|judged_test.txt"'
# GAUC's witnesses are sets: in aggregates_test.txt, two queries each, and the
# split of the sources (uniform against items) in a group of each variant
A=${VEC:-vectors}/aggregates_test.txt
ok "aggregates: GAUC witnesses flagged Disagreement, sets of two queries" \
  '[ "$(awk "/^flags = .*Disagreement/{f=1; next} f && /^queries = /{print \$3; f=0}" "$A" | sort -u)" = 2 ]'
ok "aggregates: the split of the sources, both sides" \
  '[ "$(grep -c "^comment = smallest witness of a split of the sources: mean\[skip=undef,weight=" "$A")" = 2 ]'
# Tests come in pairs: one group per variant, the same input, each comment
# naming the other's group.
bad=$(awk '/^\[variant = /{g=substr($0,12,length($0)-12)} /^comment = /{c=$0; sub(/.*: /,"",c); sub(/ (gives|refuses) .*/,"",c)}
  /^grades = /{gr=$0} /^scores = /{sc=$0} /^judged = /{j=$0}
  /^(result = invalid|rational = )/{n++; G[n]=g; C[n]=c; I[n]=gr sc j}
  END {if (n % 2) print "odd"; for (i = 1; i < n; i += 2)
    if (C[i] != G[i+1] || C[i+1] != G[i] || I[i] != I[i+1]) print i}' "$V.txt")
ok "the tests pair up: same input, each naming the other variant" '[ -z "$bad" ]'
nw=$(awk '/^[a-z0-9-]+: /{on = ($1 == "hr:")} on && /grades 0..2     smallest witness/{n++} END{print n+0}' "$tmp/hr.txt")
ng=$(grep -c "^\[variant = hr[@\[]" "$V.txt")
ok "hr: two vectors for each of its $nw witnesses" '[ "$nw" -gt 5 ] && [ "$ng" = $((2 * nw)) ]'
ok "vector: rr first-hit on 1,1 is 1, naming hits=mean and 3/4" \
  'grep -A13 "^\[variant = rr\[hits=first,rel=1,ties=input,undef=zero\]\]" "$V.txt" | grep -A10 "rr\[hits=mean,rel=1,ties=input,undef=zero\] gives 3/4$" | grep -q "^rational = 1$"'
ok "vector: rr hits=mean on 1,1 is 3/4, flagged" \
  'grep -A13 "^\[variant = rr\[hits=mean,rel=1,ties=input,undef=zero\]\]" "$V.txt" | grep -A10 "rr\[hits=first,rel=1,ties=input,undef=zero\] gives 1$" > "$tmp/v.txt" && grep -q "^flags = Disagreement" "$tmp/v.txt" && grep -q "^grades = 1,1$" "$tmp/v.txt" && grep -q "^rational = 3/4$" "$tmp/v.txt"'
ok "vector: hr@1 any vs recall on 1,1 (1 vs 1/2)" \
  'grep -A13 "^\[variant = hr@1\[hit=recall,rel=1,ties=input,undef=zero\]\]" "$V.txt" | grep -A10 "hr@1\[hit=any,rel=1,ties=input,undef=zero\] gives 1$" | grep -q "^rational = 1/2$"'
ok "vector: undef=error is an invalid test (RM_EUNDEF)" \
  'grep -A10 "^\[variant = ndcg\[.*undef=error\]\]" "$V.txt" | grep -q "^error = RM_EUNDEF$"'
"$T" disagree nosuchmetric >/dev/null 2>&1; rc=$?
ok "unknown metric is a usage error" '[ $rc -eq 2 ]'
start=$(date +%s.%N)
"$T" disagree all --budget 0.3 --max-length 6 > "$tmp/b.txt" 2> "$tmp/b.err"; rc=$?
end=$(date +%s.%N)
ok "budget: exits 0" '[ $rc -eq 0 ]'
ok "budget: stops within 5 s" 'python3 -c "import sys; sys.exit(0 if $end-$start < 5 else 1)"'
ok "budget: names unfinished pairs" 'grep -q "budget of 0.3 seconds exhausted; not finished: " "$tmp/b.txt"'
ok "budget: no progress on a non-terminal" '! grep -q "population\|inputs   " "$tmp/b.err"'
# ---- A pair of any two variant names (disagree A B) ----------------------
# The search's order for a pair (no cutoff varies: each name keeps its own):
# size s = retrieved + unretrieved items; per s, no unretrieved item first;
# then without scores, then with scores; grades, then scores, lexicographic.
# Lists of length n: 3^n grades, times 1 + 2^n score vectors for n >= 2, and
# each with no unretrieved item or one of grade 1:
#   n=1: 2*3 = 6, n=2: 2*9*5 = 90, n=3: 2*27*9 = 486, n=4: 2*81*17 = 2754,
#   n=5: 2*243*33 = 16038; in all 19374 lists up to length 5.
space=$(python3 -c "print(sum(2*3**n*(1+(2**n if n>=2 else 0)) for n in range(1,6)))")
ok "the space of lists up to length 5 is 19374 by hand" '[ "$space" = 19374 ]'
# trec_eval's nDCG against scikit-learn's, at 10.  Inputs 1-3: one item of
# grade 0 (both undefined, 0), 1, 2 (both 1); 4-12: two items without scores
# (no tie; every judged item retrieved, so one ranking and one ideal);
# 13-16: grades 0,0 with the four score vectors (both 0); 17: grades 0,1,
# scores 0,0, ids b,c.  id-desc ranks c (grade 1) first: DCG 1 = IDCG, nDCG 1.
# The average over both orders: (1 + 1/lg 3)/2 = (1 + ln2/ln3)/2.
"$T" disagree 'ndcg@10[ties=id-desc]' 'ndcg@10[ideal=list,ties=average]' > "$tmp/p1.txt"; rc=$?
ok "pair ndcg: exits 0" '[ $rc -eq 0 ]'
ok "pair ndcg: canonical names as a and b" \
  'sed -n 1p "$tmp/p1.txt" | grep -qx "a: ndcg@10\[gain=linear,discount=log2,ideal=judged,ties=id-desc,undef=zero\]" && sed -n 2p "$tmp/p1.txt" | grep -qx "b: ndcg@10\[gain=linear,discount=log2,ideal=list,ties=average,undef=zero\]"'
ok "pair ndcg: the space is 19374 lists of 1 to 5 items" 'grep -q "^space: 19374 lists of 1 to 5 items;" "$tmp/p1.txt"'
ok "pair ndcg: both cutoffs noted as beyond the space" '[ "$(grep -c "^note: the cutoff 10 of [ab] is beyond every list searched$" "$tmp/p1.txt")" = 2 ]'
ok "pair ndcg: witness is input 17, grades 0,1; scores 0,0; ids b,c" \
  'grep -qx "differ: smallest witness (input 17 of the search) grades 0,1; scores 0,0; ids b,c" "$tmp/p1.txt"'
avg=$(python3 -c "
from decimal import Decimal as D, getcontext; getcontext().prec=60
print(format((1+D(2).ln()/D(3).ln())/2,'.40f')[:42])")
ok "pair ndcg: a = 1, b = (1+1/lg3)/2 = $avg" \
  'grep -qx "  a = 1" "$tmp/p1.txt" && grep -qx "  b = $avg" "$tmp/p1.txt" && [ "$avg" = 0.8154648767857287185497635571713804271498 ]'
ok "pair ndcg: binary grades suffice" 'grep -qx "  grades 0 and 1 suffice" "$tmp/p1.txt"'
# The split rate is the tool's own count (no hand working), the one the book quotes.
ok "pair ndcg: differ on 117 of 160 random queries (the book's figure)" \
  'grep -q "^random: differ on 117 of 160 random queries (" "$tmp/p1.txt"'
# hr@10[hit=any] against recall@10: on lists that retrieve every relevant
# item both are 1 (or both 0 without one: hit=any 0, recall undefined set to
# 0); inputs 1-48 are such lists, 49 is grades 0 with a judged item of grade
# 1 (no hit: 0 and 0/1).  Input 50: grades 1, judged 1: a hit, 1 vs 1/2.
"$T" disagree 'hr@10[hit=any]' 'recall@10' > "$tmp/p2.txt"; rc=$?
ok "pair hr|recall: exits 0" '[ $rc -eq 0 ]'
ok "pair hr|recall: witness input 50, grades 1; judged 1: 1 vs 1/2" \
  'grep -qx "differ: smallest witness (input 50 of the search) grades 1; judged 1; ids b" "$tmp/p2.txt" && grep -qx "  a = 1" "$tmp/p2.txt" && grep -qx "  b = 1/2" "$tmp/p2.txt"'
ok "pair hr|recall: inputs 1-48 by value (1 if a relevant item, else 0 both)" \
  '[ "$(rat "hr@10[hit=any]" --grades 0,1) $(rat recall@10 --grades 0,1) $(rat "hr@10[hit=any]" --grades 0,0) $(rat recall@10 --grades 0,0) $(rat "hr@10[hit=any]" --grades 0 --judged 1) $(rat recall@10 --grades 0 --judged 1)" = "1 1 0 0 0 0" ]'
# ap[norm=rel] and ap[norm=min] without a cutoff: min(R, K) = R when there is
# no K, so one function; AP is rational, so equal fractions prove it.
"$T" disagree 'ap[norm=rel]' 'ap[norm=min]' > "$tmp/p3.txt"; rc=$?
ok "pair ap rel|min: exits 0" '[ $rc -eq 0 ]'
ok "pair ap rel|min: equal on every list up to length 5 ($space inputs)" \
  'grep -qx "equal on every list up to length 5 ($space inputs)" "$tmp/p3.txt"'
ok "pair ap rel|min: no random query differs" 'grep -q "^random: differ on 0 of 160 random queries" "$tmp/p3.txt"'
# A cutoff beyond the space: hr@10[hit=any] and hr[hit=any] are equal on it,
# and only random queries (10 to 1000 items) split them.
"$T" disagree 'hr@10[hit=any]' 'hr[hit=any]' > "$tmp/p4.txt"
ok "pair hr@10|hr: equal on the space, the note, split on random queries" \
  'grep -qx "equal on every list up to length 5 ($space inputs)" "$tmp/p4.txt" && grep -q "^note: the cutoff 10 of a" "$tmp/p4.txt" && grep -q "^random: differ on [1-9][0-9]* of 160" "$tmp/p4.txt"'
# A cutoff read otherwise than by truncating splits on the space all the
# same: precision@10 divides by 10 (denom=k), precision by the list's length.
# Input 1, grade 0: 0 both; input 2, grade 1: 1/10 vs 1/1.
"$T" disagree precision@10 precision > "$tmp/p4b.txt"
ok "pair precision@10|precision: witness input 2, grades 1: 1/10 vs 1" \
  'grep -qx "differ: smallest witness (input 2 of the search) grades 1; ids b" "$tmp/p4b.txt" && grep -qx "  a = 1/10" "$tmp/p4b.txt" && grep -qx "  b = 1" "$tmp/p4b.txt"'
# Two plain names after --pair: the defaults of rr and ap.  On lists of one or
# two retrieved items with every relevant item retrieved both are 1 or 1/2 or
# 0; input 50 (grades 1, judged 1): rr 1, ap (1/1)/2 = 1/2.
"$T" disagree --pair rr ap > "$tmp/p5.txt"; rc=$?
ok "--pair rr ap: exits 0, names, witness 1 vs 1/2" \
  '[ $rc -eq 0 ] && grep -q "^a: rr\[" "$tmp/p5.txt" && grep -q "^b: ap\[" "$tmp/p5.txt" && grep -qx "differ: smallest witness (input 50 of the search) grades 1; judged 1; ids b" "$tmp/p5.txt" && grep -qx "  b = 1/2" "$tmp/p5.txt"'
# undef=error against undef=zero: the first input (grade 0) has no ideal
# gain, so one value is an error and the other the convention's 0.
"$T" disagree 'ndcg[undef=error]' 'ndcg@3' > "$tmp/p6.txt"; rc=$?
ok "pair undef=error: exits 0; witness input 1, an error against a marked 0" \
  '[ $rc -eq 0 ] && grep -qx "differ: smallest witness (input 1 of the search) grades 0; ids b" "$tmp/p6.txt" && grep -q "^  a = error (value undefined" "$tmp/p6.txt" && grep -qx "  b = 0   (undefined; the value of its undef= convention)" "$tmp/p6.txt"'
ok "pair of two names for one variant: equal, exit 0" \
  '[ "$("$T" disagree ap "ap[norm=rel]" | tail -1)" = "equal: the two names are one variant" ]'
# Sets: mean:ap against micro:ap.  Sets of one or two lists with s items in
# all, s <= 5: c(n) = 3^n (1 + 2^n for n >= 2) lists of n items; one list
# sum c(s) = 3+45+243+1377+8019 = 9687, two lists sum c(n1) c(s-n1) = 33894.
sets=$(python3 -c "
c=lambda n: 3**n*(1+(2**n if n>=2 else 0))
print(sum(c(s) for s in range(1,6)) + sum(c(a)*c(s-a) for s in range(1,6) for a in range(1,s)))")
ok "the space of sets up to 5 items is 43581 by hand" '[ "$sets" = 43581 ]'
# A single list gives mean = micro (one query; both 0 when undefined).  Sets
# 1-48 are single lists; 49 is grades 0 | grades 0 (both 0); 50 is grades 0 |
# grades 1: the mean counts the first query's undefined AP as 0, (0 + 1)/2 =
# 1/2; the micro average pools 0 + 1 over 0 + 1 relevant items: 1.
"$T" disagree mean:ap micro:ap > "$tmp/p7.txt"; rc=$?
ok "pair mean:ap|micro:ap: exits 0, $sets sets" '[ $rc -eq 0 ] && grep -q "^space: $sets sets of one or two lists, 1 to 5 items in all;" "$tmp/p7.txt"'
ok "pair mean:ap|micro:ap: witness set 50, grades 0 | grades 1: 1/2 vs 1" \
  'grep -qx "differ: smallest witness (input 50 of the search) grades 0; ids b | grades 1; ids b" "$tmp/p7.txt" && grep -qx "  a = 1/2" "$tmp/p7.txt" && grep -qx "  b = 1" "$tmp/p7.txt" && grep -q "^random: differ on [0-9]* of 160 random sets of 2 to 20 queries" "$tmp/p7.txt"'
ok "mean:ap|micro:ap on 0;1 by value: 1/2 and 1" \
  '[ "$("$T" value mean:ap --grades "0;1" --exact | awk "/^rational/{print \$2}") $("$T" value micro:ap --grades "0;1" --exact | awk "/^rational/{print \$2}")" = "1/2 1" ]'
# GAUC's split of the sources as a pair: the same witness as the metric
# search above (0,1 | 0,1,0: 1/4 vs 3/10, worked by hand there).
"$T" disagree 'mean[skip=undef]:auc' 'mean[skip=undef,weight=items]:auc' > "$tmp/p8.txt"
ok "pair gauc uniform|items: 0,1 | 0,1,0: 1/4 vs 3/10" \
  'grep -q "^differ: smallest witness (input [0-9]* of the search) grades 0,1; ids b,c | grades 0,1,0; ids b,c,a$" "$tmp/p8.txt" && grep -qx "  a = 1/4" "$tmp/p8.txt" && grep -qx "  b = 3/10" "$tmp/p8.txt"'
# Irrational values equal in 40 digits but not by one of the proofs: said so.
"$T" disagree --max-length 3 ndcg ndcg@10 > "$tmp/p9.txt"
ok "pair ndcg|ndcg@10 at L=3: agree, not proved equal" \
  'grep -q "^agree on every list up to length 3 (582 inputs), on [0-9]* of them to 40 digits only, not proved equal$" "$tmp/p9.txt"'
# Usage errors: status 2 and one line on standard error.
err() { "$T" disagree "$@" > "$tmp/e.out" 2> "$tmp/e.err"; echo $?; }
ok "one variant name alone is a usage error" \
  '[ "$(err "ndcg@10[ties=id-desc]")" = 2 ] && grep -q "a pair needs two names" "$tmp/e.err" && [ "$(wc -l < "$tmp/e.err")" = 1 ] && [ ! -s "$tmp/e.out" ]'
ok "--pair with one name is a usage error" '[ "$(err --pair ap)" = 2 ] && grep -q "a pair needs two names" "$tmp/e.err"'
ok "a third name beside a pair is a usage error" '[ "$(err ap@3 ap rr)" = 2 ] && grep -q "no third" "$tmp/e.err"'
ok "all beside a pair is a usage error" '[ "$(err all ap@3)" = 2 ]'
ok "--tex with a pair is a usage error" '[ "$(err ap@3 ap --tex "$tmp/x.tex")" = 2 ] && [ ! -e "$tmp/x.tex" ]'
ok "an unknown variant name is a usage error naming it" \
  '[ "$(err "ap@3" "ap[norm=foo]")" = 2 ] && grep -q "bad variant name .ap\[norm=foo\]." "$tmp/e.err"'
ok "an unknown metric in a pair is a usage error (mrr is not a parser name)" '[ "$(err mrr ap@3)" = 2 ] && grep -q "unknown metric .mrr." "$tmp/e.err"'
ok "an aggregate against a list is refused in one line" \
  '[ "$(err ap mean:ap)" = 2 ] && grep -qx "rankmetrics: disagree: .mean:ap. is an aggregate, .ap. is not; give both an aggregator (mean:ap) or neither" "$tmp/e.err"'
ok "two plain metric names are still two metrics" \
  '"$T" disagree --max-length 2 rr ap | grep -q "^ap: norm=rel | norm=min"'
start=$(date +%s.%N)
"$T" disagree --max-length 7 --budget 0.3 ndcg ndcg@10 > "$tmp/pb.txt" 2> "$tmp/pb.err"; rc=$?
end=$(date +%s.%N)
ok "pair budget: exits 0 within 5 s, unfinished" \
  '[ $rc -eq 0 ] && python3 -c "import sys; sys.exit(0 if $end-$start < 5 else 1)" && grep -q "^unfinished: no witness among the first [0-9]* inputs (budget)" "$tmp/pb.txt" && grep -q "budget exhausted" "$tmp/pb.err"'
# two values that differ below a double's precision: rbp@20 drops only the
# items past rank 20, each worth at most (1-p)p^20 = 9.99e-61 at p = 1/1000;
# the differences were kept from the equal doubles, "median 0" (issue 32)
"$T" disagree 'rbp[p=1/1000]' 'rbp@20[p=1/1000]' --max-length 3 --budget 60 > "$tmp/tiny.txt" 2>/dev/null
ok "a difference below a double's precision: its true size, not 0" \
  'grep -q "^random: differ on [1-9][0-9]* of 160 random queries .*|a-b| median [1-9][.0-9]*e-[0-9]*, max 9.99e-61" "$tmp/tiny.txt"'
# A metric of the item table is a metric of a set of users: a pair that
# agrees on every one user's list is searched again over sets of two users
# (items named b, c, a, ... by position, so that the users share items).
# gini@1 over 3 items, ties=input against ties=reverse: one user shows one
# item whatever the order (exposures 1,0,0 either way); users b and [b,c]
# tied: input keeps b first (exposures 2,0,0: G = 2*2 = 4, 4/(3*2) = 2/3),
# reverse puts c first (exposures 1,1,0, sorted 0,1,1 with
# -2,0,2: 2, 2/(3*2) = 1/3).  Before, the search said "equal" (issue 30).
"$T" disagree --pair 'gini@1[items=3]' 'gini@1[items=3,ties=reverse]' --budget 60 > "$tmp/cat.txt" 2>&1
ok "a catalogue pair equal on one list differs on two users: 2/3 vs 1/3" \
  'grep -q "^differ: smallest witness (input [0-9]* of the search) grades 0; ids b | grades 0,0; scores 0,0; ids b,c$" "$tmp/cat.txt" && grep -q "^  a = 2/3$" "$tmp/cat.txt" && grep -q "^  b = 1/3$" "$tmp/cat.txt" && grep -q "random sets of 2 to 20 queries" "$tmp/cat.txt"'
# ExposureGini (book: the search over sets): users b and [b,c] tied, p
# 17/20: input b 1+1, c 17/20: (2-17/20)/(2(2+17/20)) = 23/114; reverse
# b 1+17/20, c 1: (17/20)/(2 * 57/20) = 17/114.
"$T" disagree --pair exposure-gini 'exposure-gini[ties=reverse]' --budget 60 > "$tmp/xg.txt" 2>&1
ok "exposure-gini's ties differ on two users: 23/114 vs 17/114" \
  'grep -q "^  a = 23/114$" "$tmp/xg.txt" && grep -q "^  b = 17/114$" "$tmp/xg.txt"'
# RecBole's Gini and LensKit's ListGini are one function, on sets too
"$T" disagree --pair gini 'gini[form=lenskit]' --budget 60 > "$tmp/gl.txt" 2>&1
ok "RecBole's and LensKit's Gini: equal on every set" \
  'grep -q "^equal on every set up to 5 items" "$tmp/gl.txt" && grep -q "^random: differ on 0 of 160" "$tmp/gl.txt"'
echo "disagree_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
