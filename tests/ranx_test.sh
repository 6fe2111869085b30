#!/usr/bin/env bash
# ranx_test.sh: ranx's graded variants (the book's sections "Grades below a
# level gain nothing" and "RBP's grades as they are", issue 30).  ranx's
# clean_qrels (ranx/metrics/common.py) drops the judgments below rel_lvl and
# the rest keep their grades as gains: its ndcg@K-lt is ndcg@K[gmin=t], and
# its rank_biased_precision on graded judgments is
# rbp[gain=linear,scale=none], the grades as they are, not divided by the
# largest grade.  Each value below is worked by hand (the two irrational
# ones by bc, to 30 digits); the canonical names of the older variants must
# not change.  SciPy's kendalltau(variant='c'), kendall[tau=c], is checked here too.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
RM=${TOOL:-./rankmetrics}
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }
# row NAME ROW ARGS...: the row ("rational" or "decimal") of value --exact
row() { local n=$1 r=$2; shift 2; $RM value "$n" --exact "$@" 2>/dev/null | awk -v r="$r" '$1 == r {print $2}'; }
rational() { # NAME WANT ARGS...
  local n=$1 want=$2 got; shift 2
  got=$(row "$n" rational "$@")
  [ "$got" = "$want" ] && ok || bad "$n $*: rational '$got', expected '$want'"
}
decimal30() { # NAME BC-EXPRESSION ARGS...: the first 30 digits of the decimal
  local n=$1 e=$2 got want; shift 2
  got=$(row "$n" decimal "$@" | cut -c1-32)
  want=0$(echo "scale=60; $e" | BC_LINE_LENGTH=0 bc -l | cut -c1-31)
  [ "$got" = "$want" ] && ok || bad "$n $*: decimal '$got', expected '$want'"
}
lg3='(l(3)/l(2))'

# ---- ndcg-lt: the grades 2, 1, 3 and a judged grade 1 not retrieved --------
# gmin=2 leaves the gains 2, 0, 3: DCG@3 = 2 + 3/lg 4 = 7/2; the ideal keeps
# 3 and 2 (the two grades 1 gain nothing): 3 + 2/lg 3.
rational 'dcg@3[gmin=2]' 7/2 --grades 2,1,3 --judged 1
decimal30 'ndcg@3[gmin=2]' "(7/2)/(3 + 2/$lg3)" --grades 2,1,3 --judged 1
# ranx's ndcg_burges@3-l2: the gains 2^g - 1 of the kept grades, 3 and 7
decimal30 'ndcg@3[gain=exp2,gmin=2]' "(3 + 7/2)/(7 + 3/$lg3)" --grades 2,1,3 --judged 1
# cg@3[gmin=3]: only the grade 3 gains
rational 'cg@3[gmin=3]' 3 --grades 2,1,3 --judged 1
# no grade reaches 2: no ideal gain, undefined, 0 as in ranx (idcg 0 -> 1)
out=$($RM value 'ndcg[gmin=2]' --grades 1,0,1 2>&1)
case $out in *undefined*"	0") ok;; *) bad "ndcg[gmin=2] of 1,0,1: '$out'";; esac
# binary gain with rel=2 would give each kept grade 1: 1 + 1/2 over 1 + 1/lg 3
decimal30 'ndcg@3[gain=binary,rel=2]' "(1 + 1/2)/(1 + 1/$lg3)" --grades 2,1,3 --judged 1

# ---- ranx's graded RBP --------------------------------------------------------
# rbp.8 of 3, 0, 1: 0.2 (3 + 0.8^2) = 0.728 = 91/125 (above 1 is possible)
rational 'rbp[p=0.8,gain=linear,scale=none]' 91/125 --grades 3,0,1
rational 'rbp[p=0.5,gain=linear,scale=none]' 9/8 --grades 2,0,1
# rbp.5-l2: the grade 1 drops, 1/2 * 2 = 1
rational 'rbp[p=0.5,gain=linear,scale=none,gmin=2]' 1 --grades 2,0,1
# the default scale divides by the largest judged grade, 2: 1/2 (2/2) = 1/2
rational 'rbp[p=0.5,gain=linear,gmin=2]' 1/2 --grades 2,0,1
rational 'rbp[p=0.5,gain=linear]' 9/16 --grades 2,0,1
# a judged grade 4 not retrieved moves M, not the unscaled value
rational 'rbp[p=0.5,gain=linear,scale=none]' 9/8 --grades 2,0,1 --judged 4

# ---- names: the new keys are written only when set; refusals -----------------
same() { local got; got=$($RM name "$1" 2>&1); [ "$got" = "$2" ] && ok || bad "name $1: '$got', expected '$2'"; }
same 'ndcg@10' 'ndcg@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]'
same 'ndcg@10[gmin=2]' 'ndcg@10[gain=linear,gmin=2,discount=log2,ideal=judged,ties=input,undef=zero]'
same 'rbp[gain=linear]' 'rbp[p=0.9,gain=linear,ties=input]'
same 'rbp[p=0.8,gain=linear,scale=none]' 'rbp[p=0.8,scale=none,gain=linear,ties=input]'
for n in 'ndcg@10[gmin=1]' 'ndcg@10[gain=binary,gmin=2]' 'ndcg[gain=map:1=0,gmin=2]' \
         'precision@10[gmin=2]' 'rbp[gmin=2]' 'rbp[scale=none]' 'rbp[gain=linear,scale=max]' \
         'rbp[gain=linear,scale=ideal]' 'alpha-dcg@10[scale=max]' 'ndcg@10[rel=2]'; do
  if $RM name "$n" >/dev/null 2>&1; then bad "$n accepted"; else ok; fi
done
# ranx's other -lt: rel=t.  precision@3-l2 of 2, 1, 3 counts the grades 2 and 3
rational 'precision@3[rel=2]' 2/3 --grades 2,1,3

# ---- SciPy's kendalltau(variant='c'), issue 30 too ---------------------------
# 2, 1, 1, 0 scored 4, 3, 1, 2: C = 4, D = 1 (the grades 1 tie), m = 3 classes
# (3 grades, 4 scores), n = 4: 2*3*3/(16*2) = 9/16; SciPy 1.10.1 gives 0.5625
rational 'kendall[tau=c]' 9/16 --grades 2,1,1,0 --scores 4,3,1,2
# 1, 1, 0 scored .5, .7, .1: C = 2, D = 0, m = 2, n = 3: 8/9
rational 'kendall[tau=c]' 8/9 --grades 1,1,0 --scores 0.5,0.7,0.1
# no ties: tau-c is tau-a; all grades equal: undefined (SciPy: NaN)
rational 'kendall[tau=c]' 1/3 --grades 0,1,2,3 --scores 0.2,0.1,0.4,0.3
out=$($RM value 'kendall[tau=c]' --grades 1,1,1 --scores 1,2,3 2>&1)
case $out in *undefined*"	0") ok;; *) bad "kendall[tau=c] of equal grades: '$out'";; esac

echo "ranx_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
