#!/bin/bash
# Tests of `rankmetrics verify`: run from the top directory, after ./rankmetrics
# is built.  Candidates are built from the golden vectors themselves.
set -euo pipefail

TOOL=${TOOL:-./rankmetrics}
VEC=vectors
. "$(dirname "${BASH_SOURCE[0]}")/counts.sh"

# expect STATUS NAME CMD...: run CMD (stdout to $tmp/out, stderr to $tmp/err)
# and check its exit status.
expect() {
  local want=$1 name=$2 rc=0
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [ "$rc" -eq "$want" ]; then ok "$name"; return 0; fi
  fail "$name (exit $rc, wanted $want)"
  sed 's/^/    /' "$tmp/err" | head -5
  return 1
}

# 1. The vectors' own values: every result exact.
awk '/^tcId = /{id=$3}
     /^result = invalid/{print "rr:" id " invalid"}
     /^value = /{print "rr:" id " " $3}' "$VEC/rr_test.txt" >"$tmp/good.txt"
if expect 0 "the vectors' own values pass" "$TOOL" verify --vectors "$VEC" "$tmp/good.txt"; then
  n=$(grep -c . "$tmp/good.txt")
  if grep -q "^$n vectors given: $n exact, 0 within the tolerance, 0 wrong" "$tmp/out"; then
    ok "every value given counts as exact"
  else fail "every value given counts as exact"; fi
fi

# 2. One value one ulp off: wrong at --ulps 0, right at --ulps 1.
line=$(grep -n ' 0x1\.5555555555555p+0$' "$tmp/good.txt" | head -1)
lno=${line%%:*}
id=$(echo "${line#*:}" | cut -d' ' -f1)
next=$("$PY" -c 'import math; print(math.nextafter(float.fromhex("0x1.5555555555555p+0"), math.inf).hex())')
awk -v l="$lno" -v v="$next" 'NR == l {$2 = v} {print}' "$tmp/good.txt" >"$tmp/ulp.txt"
if expect 1 "one ulp off fails at --ulps 0" "$TOOL" verify "$tmp/ulp.txt"; then
  if grep -q "^WRONG  *$id " "$tmp/out" && grep -q "distance 1 ulp$" "$tmp/out"; then
    ok "the report names $id and a distance of 1 ulp"
  else fail "the report names $id and a distance of 1 ulp"; fi
fi
expect 0 "one ulp off passes at --ulps 1" "$TOOL" verify --ulps 1 "$tmp/ulp.txt" || true
expect 0 "one ulp off passes at --rel 1e-15" "$TOOL" verify --rel 1e-15 --quiet "$tmp/ulp.txt" || true

# 3. A malformed line: exit 2 and FILE:LINE: on standard error.
{ head -3 "$tmp/good.txt"; echo "rr:5 0.5 extra"; } >"$tmp/bad.txt"
if expect 2 "a malformed line exits 2" "$TOOL" verify "$tmp/bad.txt"; then
  if grep -q "^$tmp/bad.txt:4: " "$tmp/err"; then ok "the message says FILE:LINE:"
  else fail "the message says FILE:LINE:"; fi
fi
echo "nosuchfamily:1 0.5" >"$tmp/bad2.txt"
expect 2 "an unknown family exits 2" "$TOOL" verify "$tmp/bad2.txt" || true

# 4. A candidate that computes ndcg@10 with gain=exp2 for the group of the
# default ndcg@10: wrong, and the report names the exp2 variant.
group='ndcg@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]'
awk -v g="[variant = $group]" '
  /^\[variant = /{ing = ($0 == g)}
  ing && /^tcId = /{id=$3}
  ing && /^(grades|scores|ids|judged) =/{k=$1; v=$0; sub(/^[a-z]+ = ?/, "", v); f[k]=v}
  ing && /^result = valid/{print id "\t" f["grades"] "\t" f["scores"] "\t" f["ids"] "\t" f["judged"]}
' "$VEC/cg_dcg_ndcg_test.txt" >"$tmp/group.tsv"
: >"$tmp/exp2.txt"
while IFS=$'\t' read -r id grades scores ids judged; do
  args=(--grades "$grades")
  [ "$scores" != none ] && args+=(--scores "$scores")
  [ "$ids" != none ] && args+=(--ids "$ids")
  [ -n "$judged" ] && args+=(--judged "$judged")
  v=$("$TOOL" value 'ndcg@10[gain=exp2]' "${args[@]}" --exact 2>/dev/null |
      awk '$1 == "exact" {print $3}')
  echo "cg_dcg_ndcg:$id $v" >>"$tmp/exp2.txt"
done <"$tmp/group.tsv"
n=$(grep -c . "$tmp/exp2.txt")
if [ "$n" -ge 10 ]; then ok "$n vectors of $group"; else fail "only $n vectors of the group"; fi
if expect 1 "the exp2 candidate fails" "$TOOL" verify --quiet "$tmp/exp2.txt"; then
  if grep -q "match ndcg@10\[gain=exp2,discount=log2,ideal=judged,ties=input,undef=zero\] on $n of $n vectors" "$tmp/out"; then
    ok "the report names the exp2 variant as matching"
  else fail "the report names the exp2 variant as matching"; grep -i match "$tmp/out" | head -3; fi
fi

# 4. Sets of queries (the aggregates family): the vectors' own values pass;
# a candidate that divides a sum by the number of queries (a mean) fails.
awk '/^tcId = /{id=$3}
     /^result = invalid/{print "aggregates:" id " invalid"}
     /^value = /{print "aggregates:" id " " $3}' "$VEC/aggregates_test.txt" >"$tmp/agg.txt"
if expect 0 "aggregates: the vectors' own values pass" "$TOOL" verify "$tmp/agg.txt"; then
  n=$(grep -c . "$tmp/agg.txt")
  if grep -q "^$n vectors given: $n exact" "$tmp/out"; then ok "aggregates: every value exact"
  else fail "aggregates: every value exact"; fi
fi
awk '/^\[variant = sum/{s=1; next} /^\[variant/{s=0} s && /^tcId = /{id=$3} s && /^queries = /{n=$3}
     s && /^value = /{print id, n, $3}' "$VEC/aggregates_test.txt" | head -1 >"$tmp/sum1"
read -r sid sn sval <"$tmp/sum1"
mean=$("$PY" -c "print(float.fromhex('$sval') / $sn)")
if [ "$sn" -gt 1 ]; then
  echo "aggregates:$sid $mean" >"$tmp/aggbad.txt"
  if expect 1 "aggregates: a mean given for a sum fails" "$TOOL" verify "$tmp/aggbad.txt"; then
    if grep -q "^WRONG  *aggregates:$sid " "$tmp/out"; then ok "aggregates: the report names the test"
    else fail "aggregates: the report names the test"; fi
  fi
else fail "aggregates: the first sum test has more than one query"; fi

# 5. The text twin of a set reads as `rankmetrics value' reads its options:
# every valid aggregates test, recomputed by `value --exact' from its four
# lines, gives the vector's correctly rounded value.
awk '/^\[variant = /{v=substr($0, 12, length($0) - 12)} /^tcId = /{id=$3}
     /^(grades|scores|ids|judged) =/{x = substr($0, index($0, "=") + 1); sub(/^ /, "", x); f[$1] = x}
     /^value = /{print id "\t" v "\t" f["grades"] "\t" f["scores"] "\t" f["ids"] "\t" f["judged"] "\t" $3}' \
  "$VEC/aggregates_test.txt" >"$tmp/aggv.tsv"
bad=0; n=0
: >"$tmp/nohistory" # popreo and poprsp read training items; these tests have none
while IFS=$'\t' read -r id v g sc ids j val; do
  case $v in popreo@*|poprsp@*) h=(--history "$tmp/nohistory");; *) h=();; esac
  got=$("$TOOL" value "$v" --grades "$g" --scores "$sc" --ids "$ids" --judged "$j" "${h[@]}" --exact 2>&1 |
    awk '$1 == "exact" {print $3}' || true)
  n=$((n + 1))
  if [ "$got" != "$val" ]; then
    bad=$((bad + 1))
    if [ $bad -le 3 ]; then echo "    test $id: value gives '$got', vector $val"; fi
  fi
done <"$tmp/aggv.tsv"
if [ "$bad" -eq 0 ] && [ "$n" -gt 150 ]; then ok "aggregates: $n sets recomputed by value --exact"
else fail "aggregates: $bad of $n sets differ under value --exact"; fi

# 6. Which aggregate does a candidate compute?  Candidates for the group of
# mean:ap (MAP) computed by value as micro:ap, and as MAP with AP normalised
# by the hits, and as MAP over the queries with a relevant item: verify names
# the aggregator, the inner key, and the aggregator's key.
awk '/^\[variant = /{v=substr($0, 12, length($0) - 12)} /^tcId = /{id=$3}
     /^(grades|scores|ids|judged) =/{x = substr($0, index($0, "=") + 1); sub(/^ /, "", x); f[$1] = x}
     /^value = / && v ~ /^mean\[skip=none,weight=uniform\]:ap\[/ {print id "\t" f["grades"] "\t" f["scores"] "\t" f["ids"] "\t" f["judged"]}' \
  "$VEC/aggregates_test.txt" >"$tmp/map.tsv"
for alt in 'micro:ap' 'mean:ap[norm=hits]' 'mean[skip=norel]:ap'; do
  while IFS=$'\t' read -r id g sc ids j; do
    v=$("$TOOL" value "$alt" --grades "$g" --scores "$sc" --ids "$ids" --judged "$j" --exact |
      awk '$1 == "exact" {print $3}' || true)
    echo "aggregates:$id $v"
  done <"$tmp/map.tsv" >"$tmp/alt.txt"
  want=$("$TOOL" name "$alt")
  if expect 1 "aggregates: a candidate computing $alt fails" "$TOOL" verify "$tmp/alt.txt"; then
    if grep -qF "the candidate's values match $want on" "$tmp/out"; then ok "aggregates: verify names $alt"
    else fail "aggregates: verify names $alt"; grep -i match "$tmp/out" | head -3; fi
  fi
done

# 7. Diagnosis is not defeated by rounding noise, and it searches numeric keys.
# group_as FAMILY GROUP ALT [ULPS]: the candidate's results for the valid tests
# of the group GROUP, computed as the variant ALT by `value --exact', each
# moved ULPS ulps up (a nonzero value), as a program with a sloppy sum would.
group_as() {
  local fam=$1 grp=$2 alt=$3 up=${4:-0}
  awk -v g="[variant = $grp]" '
    /^\[variant = /{ing = ($0 == g)}
    ing && /^tcId = /{id=$3}
    ing && /^(grades|scores|ids|judged) =/{k=$1; v=$0; sub(/^[a-z]+ = ?/, "", v); f[k]=v}
    ing && /^result = valid/{print id "|" f["grades"] "|" f["scores"] "|" f["ids"] "|" f["judged"]}
  ' "$VEC/${fam}_test.txt" |
  while IFS='|' read -r id grades scores ids judged; do
    args=(--grades "$grades")
    [ "$scores" != none ] && args+=(--scores "$scores")
    [ "$ids" != none ] && args+=(--ids "$ids")
    [ -n "$judged" ] && args+=(--judged "$judged")
    v=$("$TOOL" value "$alt" "${args[@]}" --exact 2>/dev/null | awk '$1 == "exact" {print $3}')
    if [ -n "$v" ]; then echo "$fam:$id $v"; fi
  done | "$PY" -c '
import math, sys
up = int(sys.argv[1])
for line in sys.stdin:
    name, v = line.split()
    x = float.fromhex(v)
    for _ in range(up if x != 0 else 0):
        x = math.nextafter(x, math.inf)
    print(name, x.hex())' "$up"
}
first_match() { grep -m1 "the candidate's values match" "$1" | sed 's/.*match \([^ ]*\) on \([0-9]*\) of \([0-9]*\) vectors, within \([0-9]*\) ulps\{0,1\}$/\1 \2 \3 \4/'; }
# AP divided by the hits, one ulp above the correctly rounded value
group_as ap 'ap[norm=rel,rel=1,ties=input,undef=zero]' 'ap[norm=hits]' 1 >"$tmp/hits1.txt"
n=$(grep -c . "$tmp/hits1.txt")
if expect 1 "AP by the hits, 1 ulp off: fails the strict verdict" "$TOOL" verify --quiet "$tmp/hits1.txt"; then
  got=$(first_match "$tmp/out")
  if [ "$got" = "ap[norm=hits,rel=1,ties=input,undef=zero] $n $n 1" ] && [ "$n" -ge 10 ]; then
    ok "1 ulp off ap[norm=hits]: named, on $n of $n vectors, within 1 ulp"
  else fail "1 ulp off ap[norm=hits]: first match '$got' (n=$n)"; grep -A3 'per variant' "$tmp/out" | head -8; fi
fi
# the same values exactly: named within 0 ulps
group_as ap 'ap[norm=rel,rel=1,ties=input,undef=zero]' 'ap[norm=hits]' 0 >"$tmp/hits0.txt"
expect 1 "AP by the hits: fails" "$TOOL" verify --quiet "$tmp/hits0.txt" &&
  { got=$(first_match "$tmp/out")
    [ "$got" = "ap[norm=hits,rel=1,ties=input,undef=zero] $n $n 0" ] && ok "exact ap[norm=hits] named within 0 ulps" ||
      fail "exact ap[norm=hits]: '$got'"; }
# the right variant 2 ulps off everywhere: rounding, not another definition
group_as ap 'ap[norm=rel,rel=1,ties=input,undef=zero]' 'ap' 2 >"$tmp/own2.txt"
if expect 1 "the right AP 2 ulps off fails at --ulps 0" "$TOOL" verify --quiet "$tmp/own2.txt"; then
  if grep -q "the values are within 2 ulps of this variant's on all $n vectors: a rounding difference" "$tmp/out"; then
    ok "2 ulps off the group's own variant: told it is rounding"
  else fail "2 ulps off: not told it is rounding"; grep -A3 'per variant' "$tmp/out" | head -6; fi
fi
# a numeric key: the cutoff (nDCG@5 for the group of nDCG@10) and rel (AP with rel=2)
g10='ndcg@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]'
group_as cg_dcg_ndcg "$g10" 'ndcg@5' >"$tmp/k5.txt"
n=$(grep -c . "$tmp/k5.txt")
expect 1 "nDCG@5 for nDCG@10 fails" "$TOOL" verify --quiet "$tmp/k5.txt" &&
  { got=$(first_match "$tmp/out")
    [ "$got" = "ndcg@5[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero] $n $n 0" ] &&
      ok "the cutoff is searched: ndcg@5 named" || fail "cutoff: first match '$got'"; }
group_as ap 'ap[norm=rel,rel=1,ties=input,undef=zero]' 'ap[rel=2]' >"$tmp/rel2.txt"
n=$(grep -c . "$tmp/rel2.txt")
expect 1 "AP with rel=2 for rel=1 fails" "$TOOL" verify --quiet "$tmp/rel2.txt" &&
  { got=$(first_match "$tmp/out")
    [ "$got" = "ap[norm=rel,rel=2,ties=input,undef=zero] $n $n 0" ] &&
      ok "rel is searched: ap[rel=2] named" || fail "rel: first match '$got'"; }
# Two variants that one's own vectors cannot tell apart are reported together.
# One test: grades 1,0 with one relevant item unretrieved (R = 2, one hit at
# rank 1).  AP by |relevant| is 1/2; by the hits it is 1/1 = 1, and so is
# ap@1[norm=min] (min(1, 2) = 1 item, one hit): a candidate that says 1 is
# explained equally by both, and verify must list both, not choose one.
mkdir -p "$tmp/own"
cat >"$tmp/own/ap_test.txt" <<'E'
[variant = ap[norm=rel,rel=1,ties=input,undef=zero]]

tcId = 1
comment = worked in verify_test.sh
flags =
grades = 1,0
scores = none
ids = none
judged = 1
result = valid
status = ok
value = 0x1p-1
decimal = 0.5
rational = 1/2
E
echo "ap:1 1" >"$tmp/tie.txt"
if expect 1 "a candidate two variants explain" "$TOOL" verify --vectors "$tmp/own" "$tmp/tie.txt"; then
  if grep -q "variants explain the results equally well (the vectors do not tell them apart)" "$tmp/out" &&
     grep -q "match ap\[norm=hits,rel=1,ties=input,undef=zero\] on 1 of 1 vectors, within 0 ulps" "$tmp/out" &&
     grep -q "match ap@1\[norm=min,rel=1,ties=input,undef=zero\] on 1 of 1 vectors, within 0 ulps" "$tmp/out"; then
    ok "equal explanations are listed together"
  else fail "equal explanations"; grep -A6 'per variant' "$tmp/out"; fi
fi


# 9. A result that no variant explains has no nearest: the report says so
# (it said "the nearest:" over nothing), and for serendipity, whose tests
# carry features and a history that the verifier does not load, says why.
echo "rr:$(awk '/^tcId = /{id=$3} /^value = /{if ($3 != "0x0p+0") {print id; exit}}' "$VEC/rr_test.txt") 0.123456789" >"$tmp/none.txt"
if expect 1 "a result no variant explains" "$TOOL" verify --vectors "$VEC" "$tmp/none.txt"; then
  if grep -q "^  no variant explains any of the 1 results$" "$tmp/out" &&
     ! grep -q "the nearest:$" "$tmp/out"; then ok "no nearest is named where there is none"
  else fail "no nearest is named where there is none"; grep -A3 '^diagnosis' "$tmp/out"; fi
fi
echo "serendipity:1 0.1" >"$tmp/ser.txt"
if expect 1 "a wrong serendipity" "$TOOL" verify --vectors "$VEC" "$tmp/ser.txt"; then
  if grep -q "no variant explains any of the 1 results (the verifier computes no variant of a measure that reads features" "$tmp/out"
  then ok "serendipity: the report says that its variants are not computed"
  else fail "serendipity: the report says that its variants are not computed"; grep -A3 '^diagnosis' "$tmp/out"; fi
fi

finish
