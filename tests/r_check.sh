#!/usr/bin/env bash
# Validate R's metric packages against the golden vectors: tests/r_adapter.R
# runs functions of Metrics, ModelMetrics, pROC, ROCR and stats on the
# vectors' inputs (read from the text twins), and `rankmetrics verify` checks
# the results of each against the variant that the book says the function
# computes (section "What R computes", in the part "Golden vectors"; the
# part "What each library computes" lists them with the other libraries).
# Results within 4 ulps pass; the inputs on which a function signals an
# error or returns NaN are counted, and so are the results that are not the
# variant's (pROC's default direction, ModelMetrics' strict cutoff, Metrics'
# f1 on a top K longer than the list): all the counts must be those pinned
# below, and those the book prints in the row marked \rc{NAME} of its table.  R_CHECK_REPORT=1 prints the counts found, without failing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v Rscript >/dev/null 2>&1 ||
   ! Rscript -e 'for (p in c("Metrics","ModelMetrics","pROC","ROCR")) stopifnot(requireNamespace(p, quietly = TRUE))' >/dev/null 2>&1; then
  echo "r_check: R or one of r-cran-metrics, r-cran-modelmetrics, r-cran-proc, r-cran-rocr is not installed (bash .ci/deps installs them)" >&2
  exit 1
fi
out=build/r
rm -rf "$out"; mkdir -p "$out"
Rscript tests/r_adapter.R "$out" >/dev/null
cp "$out/Metrics_apk.txt" "$out/Metrics_apk_all.txt" # apk without a cutoff: k = Inf
pass=0 fail=0
report=${R_CHECK_REPORT:-0}
# function family variant-pattern results errors exact within wrong: the
# counts are those printed in the book
check() {
  local fn=$1 fam=$2 pat=$3 want="$4 $5 $6 $7 $8"
  awk -v pat="$pat" '/^\[variant = /{g = (substr($0, 12, length($0) - 12) ~ ("^" pat "$"))}
    g && /^tcId = /{print $3}' "vectors/${fam}_test.txt" > "$out/$fn.ids"
  awk -v fam="$fam" 'NR == FNR {want[$1] = 1; next}
    /^#/ {next} {split($1, a, ":"); if (a[1] == fam && (a[2] in want)) print}' \
    "$out/$fn.ids" "$out/$fn.txt" > "$out/$fn.group"
  local n err exact within wrong
  n=$(grep -vc ' error$' "$out/$fn.group" || true)
  err=$(grep -c ' error$' "$out/$fn.group" || true)
  grep -v ' error$' "$out/$fn.group" > "$out/$fn.values" || true
  ./rankmetrics verify --quiet --ulps 4 "$out/$fn.values" > "$out/$fn.report" || true
  read -r exact within wrong < <(sed -n 's/.* \([0-9]*\) exact, \([0-9]*\) within the tolerance, \([0-9]*\) wrong.*/\1 \2 \3/p' \
    "$out/$fn.report")
  local got="$n $err ${exact:-?} ${within:-?} ${wrong:-?}"
  # the row of the book's table that prints this check's counts:
  # \rc{NAME,...}function&variant&exact&within&errors&other\cr
  local book
  book=$(awk -v fn="$fn" 'match($0, /^\\rc\{[^}]*\}/) {
      k = split(substr($0, 5, RLENGTH - 5), names, ",")
      for (i = 1; i <= k; i++) if (names[i] == fn) {
        if (match($0, /&[0-9]+&[0-9]+&[0-9]+&[0-9]+\\cr/)) {
          r = substr($0, RSTART + 1, RLENGTH - 4); gsub("&", " ", r); print r }
        exit } }' rankmetrics.w)
  if [ "$report" = 1 ]; then
    echo "check $fn $fam '$pat' $got"
  elif [ "$book" != "$6 $7 $5 $8" ]; then
    echo "r_check: $fn: the book prints exact, within, errors, other: ${book:-no row};" \
      "this script expects $6 $7 $5 $8" >&2
    fail=$((fail + 1))
  elif [ "$got" = "$want" ]; then
    echo "r_check: $fn: $n results ($exact exact, $within within 4 ulps, $wrong other) of $pat; $err errors"
    pass=$((pass + 1))
  else
    echo "r_check: $fn: FAILED (results, errors, exact, within, wrong: $got;" \
      "expected $want; see $out/$fn.report)" >&2
    fail=$((fail + 1))
  fi
}
A='auc\[rel=[0-9]+,ties=average,undef=zero\]'
check Metrics_auc auc "$A" 20 19 20 0 0
check ModelMetrics_auc auc "$A" 20 19 20 0 0
check ROCR_auc auc "$A" 20 19 17 3 0
check pROC_auc_lt auc "$A" 20 19 17 3 0
check pROC_auc auc "$A" 20 19 12 3 5
check Metrics_apk ap 'ap@[0-9]+\[norm=min,rel=[0-9]+,ties=input,undef=zero\]' 57 6 47 10 0
check Metrics_apk_all ap 'ap\[norm=rel,rel=[0-9]+,ties=input,undef=zero\]' 13 12 8 5 0
check Metrics_mapk aggregates 'mean\[skip=none,weight=uniform\]:ap\[norm=rel,rel=[0-9]+,ties=input,undef=zero\]' 5 5 2 3 0
check Metrics_f1 prf 'f\[beta2=1,rel=[0-9]+,ties=input,undef=zero\]' 17 0 13 4 0
# f1 of the top K as a set: its precision divides by the list, not by K
cp "$out/Metrics_f1.txt" "$out/Metrics_f1_at_k.txt"
check Metrics_f1_at_k prf 'f@[0-9]+\[beta2=1,rel=[0-9]+,ties=input,undef=zero\]' 18 0 10 5 3
C='\[cut=[0-9./]+,rel=[0-9]+,undef=zero\]' # every cut and threshold
check Metrics_accuracy classification "accuracy$C" 28 7 22 6 0
check Metrics_precision classification "clf-precision$C" 18 1 18 0 0
check Metrics_recall classification "clf-recall$C" 6 13 6 0 0
check Metrics_fbeta_score classification "clf-f1$C" 23 13 15 8 0
check ModelMetrics_precision classification "clf-precision$C" 19 0 9 0 10
check ModelMetrics_precision_below classification "clf-precision$C" 19 0 19 0 0
check ModelMetrics_recall classification "clf-recall$C" 6 13 4 0 2
check ModelMetrics_recall_below classification "clf-recall$C" 6 13 6 0 0
check ModelMetrics_f1Score classification "clf-f1$C" 25 11 7 0 18
check ModelMetrics_f1Score_below classification "clf-f1$C" 25 11 17 8 0
check Metrics_mae classification 'mae\[undef=zero\]' 16 4 15 1 0
check Metrics_mse classification 'mse\[undef=zero\]' 20 1 18 1 1
check Metrics_rmse classification 'rmse\[undef=zero\]' 22 1 17 5 0
check ModelMetrics_mae classification 'mae\[undef=zero\]' 16 4 15 1 0
check ModelMetrics_mse classification 'mse\[undef=zero\]' 20 1 18 1 1
check ModelMetrics_rmse classification 'rmse\[undef=zero\]' 22 1 17 5 0
check stats_spearman corr 'spearman\[undef=zero\]' 14 14 10 4 0
check stats_kendall corr 'kendall\[tau=b,undef=zero\]' 21 7 13 7 1
[ "$report" = 1 ] && exit 0
echo "r_check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
