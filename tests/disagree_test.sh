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
ok "no other family carries the flag but the sets of aggregates" '! grep -l "^flags = .*Disagreement" ${VEC:-vectors}/*_test.txt | grep -v "disagreements_test.txt\|aggregates_test.txt"'
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
echo "disagree_test: $pass passed, $fail failed"
