#!/bin/bash
# Tests of `rankmetrics neighbours` and `rankmetrics adequacy`: run from the
# top directory, after ./rankmetrics is built.  The committed vectors must be
# adequate; the same vectors without their Neighbour tests must not be, and
# the command must name the neighbours that then pass a whole group.
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
has() { grep -qF -- "$1" "$tmp/out"; }
# row CHANGE NAME: a line of `neighbours' with that change and that name
row() { awk -v c="$1" -v n="$2" '$2 == c && $3 == n {f = 1} END {exit !f}' "$tmp/out"; }

# 1. The neighbours of a name.
expect 0 "neighbours of ndcg@10 with the cutoffs 5 and none" \
  "$TOOL" neighbours ndcg@10 5 0 || true
if [ "$(wc -l < "$tmp/out")" -eq 18 ] \
   && has "ndcg@10[gain=exp2,discount=log2,ideal=judged,ties=input,undef=zero]" \
   && has "ndcg@10[gain=linear,discount=log2,ideal=list,ties=input,undef=zero]" \
   && has "ndcg@9[gain=linear" && has "ndcg@11[gain=linear" && has "ndcg@5[gain=linear" \
   && has "ndcg[gain=linear" && ! grep -q '^rel ' "$tmp/out" \
   && ! grep -q ' ndcg@10\[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero\]$' "$tmp/out"
then ok "ndcg@10: 18 neighbours, each word, K-1, K+1, 5, none; no rel, not itself"
else fail "ndcg@10 neighbours:"; sed 's/^/    /' "$tmp/out"; fi

expect 0 "neighbours of dcg@5[gain=binary,rel=2]" "$TOOL" neighbours 'dcg@5[gain=binary,rel=2]' || true
if row gain=linear "dcg@5[gain=linear,discount=log2,ties=input]" \
   && row rel=1 "dcg@5[gain=binary,rel=1,discount=log2,ties=input]" \
   && row rel=3 "dcg@5[gain=binary,rel=3,discount=log2,ties=input]"
then ok "another gain drops rel, which no longer applies; rel 1 and 3 are neighbours"
else fail "dcg@5[gain=binary,rel=2] neighbours:"; sed 's/^/    /' "$tmp/out"; fi

# A value with a colon of its own is no aggregator: the neighbours of a
# gain map (and of a clip) were none at all, with status 0.
expect 0 "neighbours of dcg@3[gain=map:0=0;1=2]" "$TOOL" neighbours 'dcg@3[gain=map:0=0;1=2]' || true
if row ties=id-desc "dcg@3[gain=map:0=0;1=2,discount=log2,ties=id-desc]" \
   && row @2 "dcg@2[gain=map:0=0;1=2,discount=log2,ties=input]" \
   && row gain=exp2 "dcg@3[gain=exp2,discount=log2,ties=input]" \
   && ! grep -q '^skip ' "$tmp/out"
then ok "a gain map: its ties, its cutoffs and the other gains are neighbours"
else fail "dcg@3[gain=map:0=0;1=2] neighbours:"; sed 's/^/    /' "$tmp/out"; fi
expect 0 "neighbours of mean[skip=undef]:ndcg@3[gain=clip:1..3]" \
  "$TOOL" neighbours 'mean[skip=undef]:ndcg@3[gain=clip:1..3]' || true
if has "mean[skip=none,weight=uniform]:ndcg@3[gain=clip:1..3," \
   && has "mean[skip=undef,weight=uniform]:ndcg@3[gain=clip:1..3,discount=log2,ideal=ones," \
   && has "mean[skip=undef,weight=uniform]:ndcg@4[gain=clip:1..3,"
then ok "an aggregate of a clip: the aggregator's keys, the metric's and the cutoff"
else fail "mean[skip=undef]:ndcg@3[gain=clip:1..3] neighbours:"; sed 's/^/    /' "$tmp/out"; fi

expect 0 "neighbours of f@10[beta2=1]" "$TOOL" neighbours 'f@10[beta2=1]' || true
if has "f@10[beta2=2," && has "f@10[beta2=0.5," && ! has "beta2=0,"
then ok "a fraction: beta2=1 has 2 and 1/2, not 0"
else fail "f@10[beta2=1] neighbours:"; sed 's/^/    /' "$tmp/out"; fi

expect 0 "neighbours of an aggregate" "$TOOL" neighbours 'mean[skip=undef]:ap' || true
if has "skip=none" && has "weight=items" && has "mean[skip=undef,weight=uniform]:ap[norm=min,"
then ok "an aggregate: the aggregator's keys and the inner metric's"
else fail "mean[skip=undef]:ap neighbours:"; sed 's/^/    /' "$tmp/out"; fi

expect 2 "neighbours of a name that does not parse: exit 2" "$TOOL" neighbours 'ndcg[gain=cubic]' || true
expect 2 "neighbours with a bad cutoff: exit 2" "$TOOL" neighbours ndcg x || true

# 2. The committed vectors are adequate.
if expect 0 "adequacy of the committed vectors: exit 0" "$TOOL" adequacy --tex "$tmp/adq.tex"; then
  if grep -q '^adequacy: PASS$' "$tmp/out" && grep -q '^total: .* 0 undistinguished;' "$tmp/out" \
     && grep -q 'same function    ap | norm=min: norm=min divides by min(R,K)' "$tmp/out"
  then ok "PASS, 0 undistinguished, ap[norm=min] named the same function by definition"
  else fail "adequacy report:"; tail -12 "$tmp/out" | sed 's/^/    /'; fi
  if grep -q '^\\def\\adqrows{' "$tmp/adq.tex" && grep -q '^\\adqrow{cg\\_dcg\\_ndcg}' "$tmp/adq.tex"
  then ok "--tex writes the table's rows"
  else fail "--tex file:"; head -8 "$tmp/adq.tex" | sed 's/^/    /'; fi
fi

# 3. Without the Neighbour tests, neighbours pass whole groups again.
mkdir "$tmp/vec"
cp "$VEC"/*_test.txt "$tmp/vec/"
awk 'BEGIN {RS = ""; ORS = "\n\n"} !/\nflags = [^\n]*Neighbour/' "$VEC/ap_test.txt" > "$tmp/vec/ap_test.txt"
if [ "$(grep -c '^tcId' "$tmp/vec/ap_test.txt")" -lt "$(grep -c '^tcId' "$VEC/ap_test.txt")" ]
then ok "the Neighbour tests of ap taken out"
else fail "no Neighbour test taken out of ap_test.txt"; fi
if expect 1 "adequacy without them: exit 1" "$TOOL" adequacy --vectors "$tmp/vec"; then
  if grep -q '^  UNDISTINGUISHED  ap@10\[ties=id-desc\] | norm=min: passes all tests of the group; witness grades' "$tmp/out" \
     && grep -q '^adequacy: FAIL$' "$tmp/out" && grep -q '^ap: .*[1-9][0-9]* undistinguished' "$tmp/out"
  then ok "ap@10[ties=id-desc] passes as norm=min again, named with a witness; FAIL"
  else fail "adequacy report:"; grep -v '^  same' "$tmp/out" | head -12 | sed 's/^/    /'; fi
fi

# 4. Usage errors.
expect 2 "adequacy with an unknown option: exit 2" "$TOOL" adequacy --bogus || true
expect 2 "adequacy of a directory without vectors: exit 2" "$TOOL" adequacy --vectors "$tmp/none" || true
# A family's file that cannot be opened is named by the command that was
# run: it said 'verify:', whose loader adequacy shares.
mkdir "$tmp/one"; cp "$VEC/ap_test.txt" "$tmp/one/"
if expect 2 "adequacy of a directory with one family: exit 2" "$TOOL" adequacy --vectors "$tmp/one"; then
  if grep -q "^rankmetrics: adequacy: cannot open '$tmp/one/[a-z_]*_test.txt'" "$tmp/err" && ! grep -q verify "$tmp/err"
  then ok "the file that cannot be opened is named under 'adequacy:'"
  else fail "the message of a missing family:"; sed 's/^/    /' "$tmp/err"; fi
fi

finish
