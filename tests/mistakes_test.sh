#!/bin/bash
# The worked check of the book and the README: four home-made metrics, each
# with a usual mistake (examples/mistakes.py), diagnosed by `rankmetrics
# verify' and by rankmetrics.verify in Python, each in one run.  The
# diagnosis must come first, name the variant each computes (or the nearest
# with its counts and what the results left out share), and --quiet must be
# shorter than the full report.  Run from the top directory.
TOOL=${TOOL:-./rankmetrics}
. "$(dirname "$0")/counts.sh"

# check METRIC WANT...: verify's first eight lines of the quiet report hold
# every string WANT
check() {
  local m=$1; shift
  "$PY" examples/mistakes.py vectors "$m" >"$tmp/$m.txt"
  rc=0; "$TOOL" verify --quiet "$tmp/$m.txt" >"$tmp/$m.quiet" 2>&1 || rc=$?
  "$TOOL" verify "$tmp/$m.txt" >"$tmp/$m.full" 2>&1
  [ "$rc" -eq 1 ] || fail "$m: verify exits $rc, not 1"
  head -1 "$tmp/$m.quiet" | grep -q '^diagnosis' || fail "$m: the report does not begin with the diagnosis"
  for want in "$@"; do
    if head -8 "$tmp/$m.quiet" | grep -qF -- "$want"; then ok "$m: names '$want'"
    else fail "$m: the first lines lack '$want'"; head -8 "$tmp/$m.quiet"; fi
  done
  q=$(wc -l <"$tmp/$m.quiet"); f=$(wc -l <"$tmp/$m.full")
  if [ "$q" -lt "$f" ] && [ "$(tail -1 "$tmp/$m.quiet")" = "verify: FAIL" ]; then
    ok "$m: --quiet is $q lines, the full report $f"
  else fail "$m: --quiet $q lines, full $f"; fi
}
tiefree="but for the order of tied items"
check ndcg10 "$tiefree, ndcg@10[gain=exp2,discount=log2,ideal=list,ties=*,undef=zero] explains all"
check map10 "$tiefree, ap@10[norm=hits,rel=1,ties=*,undef=zero] explains all"
check mrr10 "$tiefree, rr@10[hits=first,rel=1,ties=*,undef=zero] explains all"
check hr10 "no variant explains all" "nearest: hr@10[hit=recall,rel=1,ties=input,undef=zero] explains" \
  "have a relevant item not retrieved (0 of the"

# The same results judged in Python: the engine's nearest alternative of each
# group, with its count, is the first that the tool's report names, and
# Group.tie_free the variant it names but for the order of tied items.
out=$(PYTHONPATH=python "$PY" - "$tmp" <<'E'
import sys
import rankmetrics as rm
for m in ("ndcg10", "map10", "mrr10", "hr10"):
    r = rm.verify(open("%s/%s.txt" % (sys.argv[1], m)).read(), vectors="vectors")
    g = [g for g in r.groups if g.wrong][0]
    a = g.alternatives[0]
    print(m, a.variant, a.explains, a.given, g.tie_free)
E
)
expect=$(for m in ndcg10 map10 mrr10 hr10; do
  tf=$(sed -n 's/^  but for the order of tied items, \([^ ]*\) explains all.*/\1/p' "$tmp/$m.quiet")
  grep -m1 '^  nearest: ' "$tmp/$m.quiet" | awk -v m=$m -v tf="${tf:-None}" '{print m, $2, $4, $6, tf}'; done)
if [ -n "$out" ] && [ "$out" = "$expect" ]; then ok "Python names the nearest variant of each with its count, and the variant but for the tie order"
else fail "Python's nearest variants"; echo "$out"; echo "$expect"; fi

finish
