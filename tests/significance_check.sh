#!/usr/bin/env bash
# Validate scipy.stats (Debian's python3-scipy) and R (stats) against the
# golden vectors of the paired tests, vectors/significance.txt: for each
# variant that a function computes (the book's section "What the libraries
# compute"), run it on the vector's two columns and compare its p with the
# vector's correctly rounded p, within 1e-12 relative (neither library
# rounds correctly; a wrong variant is off by far more).  scipy:
# ttest_rel, binomtest, wilcoxon (exact only where the nonzero differences
# are distinct and none is zero, where its exact test is the book's; the
# normal approximation with every zero_method and correction) and
# permutation_test (exact, up to 14 pairs).  R: t.test, binom.test,
# wilcox.test (zero=wilcox; exact on the same inputs as scipy).  Every
# variant named below must be compared on at least 5 vectors, so that a
# check that silently compares nothing fails.  The Monte Carlo and
# bootstrap variants have no counterpart with the same draws.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. tests/counts.sh
V=vectors/significance.txt
if ! "$PY" -c 'import scipy.stats' 2>/dev/null || ! command -v Rscript >/dev/null; then
  echo "significance_check: python3-scipy or R is not installed (bash .ci/deps installs them)" >&2
  exit 1
fi

# The vectors as one line per test: variant|a|b|status|p
awk '/^\[variant = /{v = substr($0, 12, length($0) - 12)}
  /^a = /{a = substr($0, 5)} /^b = /{b = substr($0, 5)}
  /^status = /{s = substr($0, 10); if (s != "ok") print v "|" a "|" b "|" s "|nan"}
  /^value = /{print v "|" a "|" b "|" s "|" substr($0, 9)}' "$V" > "$tmp/cases"
[ "$(wc -l < "$tmp/cases")" -ge 300 ] && ok "read $(wc -l < "$tmp/cases") vectors" ||
  fail "only $(wc -l < "$tmp/cases") vectors read from $V"

"$PY" - "$tmp/cases" > "$tmp/scipy.out" <<'PY'
import sys, warnings
import numpy as np
from scipy import stats
warnings.simplefilter("ignore")
ALT = {"two": "two-sided", "greater": "greater", "less": "less"}
def keys(v):
    name, _, rest = v.partition("[")
    return name, dict(kv.split("=") for kv in rest.rstrip("]").split(",") if kv)
def distinct(d):
    nz = [abs(x) for x in d]
    return all(x != 0 for x in d) and len(set(nz)) == len(nz)
for line in open(sys.argv[1]):
    v, a, b, status, p = line.rstrip("\n").split("|")
    a = [float(x) for x in a.split(",")]; b = [float(x) for x in b.split(",")]
    name, k = keys(v)
    d = np.array(a) - np.array(b)
    alt = ALT.get(k.get("sided", "two"))
    got = None
    if status != "ok":
        continue
    p = float.fromhex(p)
    if name == "ttest":
        got = stats.ttest_rel(a, b, alternative=alt).pvalue
    elif name == "sign":
        m = int(np.sum(d != 0))
        if m: got = stats.binomtest(int(np.sum(d > 0)), m, alternative=alt).pvalue
    elif name == "wilcoxon" and k["method"] == "exact":
        if k["zero"] == "wilcox" and distinct(d):
            got = stats.wilcoxon(d, alternative=alt, method="exact").pvalue
    elif name == "wilcoxon":
        if np.any(d != 0) and (k["zero"] == "zsplit" or np.sum(d != 0) > 0):
            try:
                got = stats.wilcoxon(d, zero_method=k["zero"], correction=k["cc"] == "yes",
                                     alternative=alt, method="approx").pvalue
            except ValueError:
                got = None
    elif name == "randomization" and k["method"] == "exact" and len(a) <= 14:
        got = stats.permutation_test((np.array(a), np.array(b)), lambda x, y, axis: np.mean(x - y, axis=axis),
                                     permutation_type="samples", vectorized=True, n_resamples=np.inf,
                                     alternative=alt).pvalue
    if got is None or np.isnan(got):
        continue
    good = abs(got - p) <= 1e-12 * max(p, 1e-300)
    print(v, "ok" if good else "WRONG %r %r" % (got, p))
PY

Rscript - "$tmp/cases" > "$tmp/r.out" 2>/dev/null <<'R'
args <- commandArgs(trailingOnly = TRUE)
alt <- c(two = "two.sided", greater = "greater", less = "less")
for (line in readLines(args[1])) {
  f <- strsplit(line, "|", fixed = TRUE)[[1]]
  if (f[4] != "ok") next
  v <- f[1]; a <- as.numeric(strsplit(f[2], ",")[[1]]); b <- as.numeric(strsplit(f[3], ",")[[1]])
  p <- as.numeric(sub("^(-?)0x", "\\10x", f[5]))
  kv <- regmatches(v, gregexpr("[a-z]+=[a-z0-9]+", v))[[1]]
  k <- setNames(sub(".*=", "", kv), sub("=.*", "", kv))
  side <- alt[[if (is.na(k["sided"])) "two" else k[["sided"]]]]
  d <- a - b; got <- NA
  nm <- sub("\\[.*", "", v)
  if (nm == "ttest") got <- t.test(a, b, paired = TRUE, alternative = side)$p.value
  if (nm == "sign" && sum(d != 0) > 0)
    got <- binom.test(sum(d > 0), sum(d != 0), alternative = side)$p.value
  if (nm == "wilcoxon" && k[["zero"]] == "wilcox" && sum(d != 0) > 0) {
    distinct <- all(d != 0) && length(unique(abs(d))) == length(d)
    if (k[["method"]] == "exact" && distinct)
      got <- wilcox.test(a, b, paired = TRUE, exact = TRUE, alternative = side)$p.value
    if (k[["method"]] == "normal")
      got <- suppressWarnings(wilcox.test(a, b, paired = TRUE, exact = FALSE,
        correct = k[["cc"]] == "yes", alternative = side)$p.value)
  }
  if (is.na(got)) next
  cat(v, if (abs(got - p) <= 1e-12 * max(p, 1e-300)) "ok" else sprintf("WRONG %.17g %.17g", got, p), "\n")
}
R

check() { # library output variant
  local n w
  n=$(grep -cF "$2 ok" "$1" || true); w=$(grep -F "$2 WRONG" "$1" | wc -l)
  if [ "$n" -ge 5 ] && [ "$w" -eq 0 ]; then ok "$3: $2 on $n vectors"
  else fail "$3: $2: $n agree, $w differ"; grep -F "$2 WRONG" "$1" | head -3; fi
}
for v in 'ttest[sided=two]' 'ttest[sided=greater]' 'ttest[sided=less]' 'sign[sided=two]' \
    'sign[sided=greater]' 'sign[sided=less]' 'wilcoxon[zero=wilcox,method=exact,sided=two]' \
    'wilcoxon[zero=wilcox,method=exact,sided=greater]' \
    'wilcoxon[zero=wilcox,method=normal,cc=no,sided=two]' \
    'wilcoxon[zero=wilcox,method=normal,cc=yes,sided=two]' \
    'wilcoxon[zero=wilcox,method=normal,cc=yes,sided=less]'; do
  check "$tmp/scipy.out" "$v" scipy; check "$tmp/r.out" "$v" R
done
for v in 'wilcoxon[zero=pratt,method=normal,cc=no,sided=two]' \
    'wilcoxon[zero=zsplit,method=normal,cc=no,sided=two]' \
    'randomization[method=exact,sided=two]' 'randomization[method=exact,sided=greater]'; do
  check "$tmp/scipy.out" "$v" scipy
done
grep -q WRONG "$tmp/scipy.out" "$tmp/r.out" && fail "a library differs on a variant not listed: $(grep -h WRONG "$tmp/scipy.out" "$tmp/r.out" | head -2)"
finish
