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
"$T" disagree hr mrr --tex "$tmp/d.tex" > "$tmp/hr.txt"; rc=$?
ok "hr mrr --tex exits 0" '[ $rc -eq 0 ]'
ok "TeX written with tables" 'grep -q "^\\\\disbegin{hr}" "$tmp/d.tex" && grep -q "^\\\\disbegin{rr}" "$tmp/d.tex" && grep -q "^\\\\disend" "$tmp/d.tex"'
ok "hr any|recall witness 1,1 K 1: 1 vs 1/2" \
  'grep -A2 "^hr: hit=any | hit=recall" "$tmp/hr.txt" | grep -q "grades 1,1; K 1: 1 vs 1/2"'
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
