#!/usr/bin/env bash
# Run XGBoost for real: tests/xgboost_adapter.py gives 30 seeded random
# groups to python3-xgboost's ranking eval metrics, and every value is
# compared with `rankmetrics value` of the variant the atlas names.  The
# counts that agree (within 1e-6 relative; XGBoost prints 17 digits) are
# pinned: all 30 for ndcg@n, ndcg@n-, map@n, map@n-, pre@n, ndcg and map;
# XGBoost's grouped auc over graded labels is no variant yet, and agrees with
# auc[ties=average,undef=one] only on the groups the check pins.
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
  [ndcg]='ndcg[gain=exp2,undef=one]' [map]='ap[undef=one]' [auc]='auc[ties=average,undef=one]')
declare -A want=([ndcg@3]=30 [ndcg@3-]=30 [map@3]=30 [map@3-]=30 [pre@3]=30 [ndcg]=30
  [map]=30 [auc]=2)
declare -A agree
fail=0
while read -r m g s v; do
  x=$(./rankmetrics value "${name[$m]}" --grades "$g" --scores "$s" 2>/dev/null | cut -f2)
  if "$PY" -c 'import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(not abs(a - b) <= 1e-6 * max(1, abs(a)))' "$x" "$v"; then
    agree[$m]=$(( ${agree[$m]:-0} + 1 ))
  fi
done < "$out/xgb.txt"
for m in ndcg@3 ndcg@3- map@3 map@3- pre@3 ndcg map auc; do
  if [ "${agree[$m]:-0}" = "${want[$m]}" ]; then
    echo "xgboost_check: $m: ${agree[$m]:-0} of 30 groups agree with ${name[$m]}"
  else
    echo "xgboost_check: $m: FAILED: ${agree[$m]:-0} agree, expected ${want[$m]}" >&2
    fail=$((fail + 1))
  fi
done
echo "xgboost_check: $((8 - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
