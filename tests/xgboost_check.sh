#!/usr/bin/env bash
# Run XGBoost for real: tests/xgboost_adapter.py gives 30 seeded random
# groups to python3-xgboost's ranking eval metrics, and every value is
# compared with `rankmetrics value` of the variant the atlas names.  The
# counts that agree (within 1e-6 relative; XGBoost prints 17 digits) are
# pinned: all 30 for ndcg@n, ndcg@n-, map@n, map@n-, pre@n, ndcg and map,
# and for XGBoost's auc of a group over graded labels (pair-auc) and its
# aucpr over 0/1 labels (aucpr).  A group that XGBoost leaves out of its
# AUCs prints nan, and agrees when our variant, under undef=error, says the
# value is undefined.  all-auc and all-aucpr give all 30 groups to XGBoost
# at once, with group weights 1, 2, 3 in turn: it prints the plain mean over
# the groups it keeps, mean[skip=undef], whatever the weights.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
PY=/usr/bin/python3
if ! "$PY" -c 'import xgboost' 2>/dev/null; then
  echo "xgboost_check: python3-xgboost is not installed (bash .ci/deps installs it)" >&2
  exit 1
fi
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
"$PY" tests/xgboost_adapter.py 30 > "$out/xgb.txt" || exit 1
declare -A name=([ndcg@3]='ndcg@3[gain=exp2,undef=one]' [ndcg@3-]='ndcg@3[gain=exp2]'
  [map@3]='ap@3[undef=one]' [map@3-]='ap@3' [pre@3]='precision@3'
  [ndcg]='ndcg[gain=exp2,undef=one]' [map]='ap[undef=one]' [auc]='pair-auc[undef=error]'
  [aucpr]='aucpr[undef=error]' [all-auc]='mean[skip=undef]:pair-auc'
  [all-aucpr]='mean[skip=undef]:aucpr')
declare -A want=([ndcg@3]=30 [ndcg@3-]=30 [map@3]=30 [map@3-]=30 [pre@3]=30 [ndcg]=30
  [map]=30 [auc]=30 [aucpr]=30 [all-auc]=1 [all-aucpr]=1)
declare -A agree
fail=0
while read -r m g s v; do
  if x=$(./rankmetrics value "${name[$m]}" --grades "$g" --scores "$s" 2>"$out/err"); then
    x=$(printf '%s\n' "$x" | cut -f2)
  elif grep -q 'value undefined' "$out/err"; then x=nan
  else x=error
  fi
  if [ "$v" = nan ] && [ "$x" = nan ]; then
    agree[$m]=$(( ${agree[$m]:-0} + 1 ))
  elif [ "$v" != nan ] && [ "$x" != nan ] && [ "$x" != error ] &&
    "$PY" -c 'import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(not abs(a - b) <= 1e-6 * max(1, abs(a)))' "$x" "$v"; then
    agree[$m]=$(( ${agree[$m]:-0} + 1 ))
  fi
done < "$out/xgb.txt"
for m in ndcg@3 ndcg@3- map@3 map@3- pre@3 ndcg map auc aucpr all-auc all-aucpr; do
  if [ "${agree[$m]:-0}" = "${want[$m]}" ]; then
    echo "xgboost_check: $m: ${agree[$m]:-0} of ${want[$m]} agree with ${name[$m]}"
  else
    echo "xgboost_check: $m: FAILED: ${agree[$m]:-0} agree, expected ${want[$m]}" >&2
    fail=$((fail + 1))
  fi
done
# The golden vectors of pair-auc[undef=zero] and aucpr[rel=1,undef=zero]
# (vectors/xgboost_test.txt), each valid test of a nonempty list given to
# XGBoost: its value must be the vector's, and its nan the vector's
# undefined; 10 tests of pair-auc and 16 of aucpr.
vec=$("$PY" tests/xgboost_adapter.py --vectors vectors/xgboost_test.txt | "$PY" -c '
import math, sys
n = {"auc": [0, 0], "aucpr": [0, 0]}
for line in sys.stdin:
    tc, m, st, dec, v = line.split()
    x, y = float(dec), float(v)
    ok = math.isnan(y) if st == "undefined" else abs(x - y) <= 1e-9 * max(1, abs(x))
    n[m][0] += ok
    n[m][1] += 1
print(*n["auc"], *n["aucpr"])')
if [ "$vec" = "10 10 16 16" ]; then
  echo "xgboost_check: the vectors: XGBoost agrees with all 10 of pair-auc and all 16 of aucpr"
else
  echo "xgboost_check: the vectors: FAILED: agree, of, for pair-auc then aucpr: $vec" >&2
  fail=$((fail + 1))
fi
# Group weights: three groups whose APs are 1, 1/2 and 1/3, weighted 1/2, 2
# and 1 (DMatrix.set_weight, one weight per group).  XGBoost 2 weighs its
# ranking metrics by them, mean[weight=query]:ap = 11/21; Debian's 1.7
# ignores them and prints the plain mean, 11/18.  The check pins which of
# the two the installed XGBoost prints.
xw=$("$PY" - <<'E'
import numpy as np, xgboost as xgb
xgb.set_config(verbosity=0)
g = [1, 0, 0, 0, 1, 0, 0, 0, 1]
d = xgb.DMatrix(np.zeros((9, 1)), label=np.array(g, dtype=float))
d.set_group([3, 3, 3]); d.set_weight(np.array([0.5, 2.0, 1.0]))
d.set_base_margin(np.array([0.9, 0.5, 0.1] * 3))
b = xgb.train({"objective": "rank:pairwise", "eval_metric": "map", "base_score": 0.0},
              d, num_boost_round=0)
print(xgb.__version__.split(".")[0], b.eval(d).split(":")[-1])
E
)
printf 'g1 0 a 1\ng2 0 b 1\ng3 0 c 1\n' > "$out/q"
printf 'g%d Q0 %s 1 0.9 t\ng%d Q0 %s 2 0.5 t\ng%d Q0 %s 3 0.1 t\n' 1 a 1 x 1 y 2 x 2 b 2 y 3 x 3 y 3 c > "$out/r"
printf 'g1 0.5\ng2 2\ng3 1\n' > "$out/w"
which=$([ "${xw%% *}" -ge 2 ] && echo 'mean[weight=query]:ap[undef=one]' || echo 'mean:ap[undef=one]')
ours=$(./rankmetrics eval --quiet --trec -m "$which" --query-weights "$out/w" "$out/q" "$out/r" | cut -f3)
if "$PY" -c 'import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(not abs(a - b) <= 1e-6)' "${xw#* }" "$ours"; then
  echo "xgboost_check: group weights: XGBoost ${xw%% *} prints ${xw#* }, $which"
else
  echo "xgboost_check: group weights: FAILED: XGBoost ${xw%% *} prints ${xw#* }, $which is $ours" >&2
  fail=$((fail + 1))
fi
# The book's worked example of XGBoost's AUCs (\here{xgb-wex}) quotes what
# XGBoost prints for aucpr of the ranking 1,0,1,0, and gives 7/12 and 3/4
# for pair-auc of its two inputs: XGBoost must print those.
book=$(PYTHONPATH=tests "$PY" - <<'E'
import xgboost as xgb
from xgboost_adapter import value
xgb.set_config(verbosity=0)
print(value("aucpr", [1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1]),
      value("auc", [1, 2, 1, 0], [0.2, 0.9, 0.5, 0.5]),
      value("auc", [1, 2, 1, 0], [0.5, 0.9, 0.2, 0.5]))
E
)
if [ "$book" = "0.79726744594591781 0.58333333333333337 0.75000000000000000" ] &&
    grep -q "XGBoost's 0.79726744594591781" rankmetrics.w; then
  echo "xgboost_check: the book's worked example: XGBoost prints $book"
else
  echo "xgboost_check: the book's worked example: FAILED: XGBoost prints $book" >&2
  fail=$((fail + 1))
fi
echo "xgboost_check: $((14 - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
