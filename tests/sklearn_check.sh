#!/usr/bin/env bash
# Validate scikit-learn against the golden vectors: tests/sklearn_adapter.py
# runs seven scikit-learn functions (and SciPy's kendalltau, variant='c') on the vectors' inputs, and
# `rankmetrics verify` checks the results of each against the variant that
# the book says the function computes.  Results within 4 ulps pass (its sums
# are not correctly rounded); the inputs on which scikit-learn raises are
# counted, and the counts must be those the book prints.  How many of the
# results are exact and how many a few ulps off depends on the machine
# (numpy's sums take another order with other vector instructions), so only
# their sum is pinned: every result exact or within 4 ulps.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY=/usr/bin/python3
if ! "$PY" -c 'import sklearn' 2>/dev/null; then
  echo "sklearn_check: python3-sklearn is not installed (bash .ci/deps installs it)" >&2
  exit 1
fi
out=build/sklearn
rm -rf "$out"; mkdir -p "$out"
"$PY" tests/sklearn_adapter.py "$out" >/dev/null
pass=0 fail=0
# function family variant-pattern results raised: the counts are those
# printed in the book (part "Golden vectors", scikit-learn)
check() {
  local fn=$1 fam=$2 pat=$3 want_n=$4 want_err=$5
  awk -v pat="$pat" '/^\[variant = /{g = ($0 ~ pat)} g && /^tcId = /{print $3}' \
    "vectors/${fam}_test.txt" > "$out/$fn.ids"
  awk -v fam="$fam" 'NR == FNR {want[$1] = 1; next}
    /^#/ {next} {split($1, a, ":"); if (a[1] == fam && (a[2] in want)) print}' \
    "$out/$fn.ids" "$out/$fn.txt" > "$out/$fn.group"
  local n err
  n=$(grep -vc ' error$' "$out/$fn.group" || true)
  err=$(grep -c ' error$' "$out/$fn.group" || true)
  grep -v ' error$' "$out/$fn.group" > "$out/$fn.values" || true
  local ok=1 got
  ./rankmetrics verify --quiet --ulps 4 "$out/$fn.values" > "$out/$fn.report" || ok=0
  got=$(grep -o '[0-9]* exact, [0-9]* within the tolerance, [0-9]* wrong' "$out/$fn.report" |
    awk '{print $1 " " $3 " " $7}')
  local exact=${got%% *} rest=${got#* }
  local within=${rest%% *} wrong=${rest#* }
  [ -n "$got" ] && [ "$n $err" = "$want_n $want_err" ] && [ "$wrong" = 0 ] &&
    [ $((exact + within)) -eq "$n" ] || ok=0
  if [ $ok = 1 ]; then
    echo "sklearn_check: $fn: $n results ($exact exact, $within within 4 ulps) of $pat; $err raised"
    pass=$((pass + 1))
  else
    echo "sklearn_check: $fn: FAILED (results, raised: $n $err, expected $want_n $want_err;" \
      "exact, within, wrong: ${got:-none}; see $out/$fn.report)" >&2
    fail=$((fail + 1))
  fi
}
check roc_auc_score auc 'auc\[rel=[0-9]+,ties=average,undef=zero\]' 20 19
check average_precision_score ap 'apstep\[rel=[0-9]+,undef=zero\]' 18 3
check ndcg_score cg_dcg_ndcg 'ndcg(@[0-9]+)?\[gain=linear,discount=log2,ideal=list,ties=average,undef=zero\]' 27 5
check dcg_score cg_dcg_ndcg 'dcg(@[0-9]+)?\[gain=linear,discount=log2,ties=average\]' 31 2
check label_ranking_average_precision_score rr 'lrap\[rel=[0-9]+,undef=one\]' 20 0
check coverage_error single 'coverage-error\[rel=[0-9]+,ties=pessimistic,undef=zero\]' 27 6
check label_ranking_loss single 'ranking-loss\[rel=[0-9]+,ties=pessimistic,undef=zero\]' 30 3
check kendalltau_c single 'kendall\[tau=c,undef=zero\]' 9 7
# The book's table in "What scikit-learn computes" prints these counts: its
# rows' last two numbers, in order, must be the pins above, so that a pin
# changed here cannot leave a stale row there.
book=$(awk '/^\\rm function&\\rm variant&/ {on = 1; next} on && /cr}}\$\$/ {print; exit}
  on && /&[0-9]+&[0-9]+\\cr/ {print}' rankmetrics.w |
  sed -E 's/.*&([0-9]+)&([0-9]+)\\cr.*/\1 \2/' | tr '\n' ' ')
pins=$(grep -E '^check [a-z_]+ ' "$0" | awk '{print $(NF-1), $NF}' | tr '\n' ' ')
if [ -n "$book" ] && [ "$book" = "$pins" ]; then
  echo "sklearn_check: the book's table of counts is the pins"; pass=$((pass + 1))
else
  echo "sklearn_check: FAILED: the book's table says '$book', the pins '$pins'" >&2
  fail=$((fail + 1))
fi
echo "sklearn_check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
