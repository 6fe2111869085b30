#!/bin/bash
# verify over every golden vector at once: one candidate file naming all the
# vectors of all families, then the same results split into one file per
# family and given together, then one wrong result per family.  Run from the
# top directory.  TOOL names the tool (default ./rankmetrics); TOOL_WRAP, if
# set, is a command put before it (make check runs this script under valgrind
# and with the tool built under AddressSanitizer).
set -euo pipefail

TOOL=${TOOL:-./rankmetrics}
TOOL_WRAP=${TOOL_WRAP:-}
VEC=vectors
. "$(dirname "${BASH_SOURCE[0]}")/counts.sh"
run()  { $TOOL_WRAP "$TOOL" "$@"; }

# The vectors' own results, a file per family and one file of them all.
families=()
for f in "$VEC"/*_test.txt; do
  fam=$(basename "$f" _test.txt)
  families+=("$fam")
  awk -v fam="$fam" '/^tcId = /{id = $3}
       /^result = invalid/{print fam ":" id " invalid"}
       /^value = /{print fam ":" id " " $3}' "$f" >"$tmp/$fam.txt"
done
for fam in "${families[@]}"; do cat "$tmp/$fam.txt"; done >"$tmp/all.txt"
total=$(grep -c . "$tmp/all.txt")
ntests=$(grep -c '^tcId = ' "$VEC"/*_test.txt | awk -F: '{s += $2} END {print s}')
if [ "${#families[@]}" -ge 10 ] && [ "$total" -eq "$ntests" ]; then
  ok "${#families[@]} families, $total vectors named"
else fail "families ${#families[@]}, vectors named $total of $ntests"; fi

# 1. All at once: exit 0, every vector exact, the report complete.
rc=0; run verify --vectors "$VEC" "$tmp/all.txt" >"$tmp/out" 2>"$tmp/err" || rc=$?
if [ "$rc" -eq 0 ] && grep -q "^$total vectors given: $total exact, 0 within the tolerance, 0 wrong; 0 vectors not given$" "$tmp/out" \
   && [ "$(tail -1 "$tmp/out")" = "verify: PASS" ] && [ ! -s "$tmp/err" ]; then
  ok "verify over all $total vectors of every family in one file exits 0"
else fail "verify over all vectors in one file (exit $rc)"; head -5 "$tmp/err"; fi

# 2. The same results in one file per family, all given at once, in reverse
# order of the families, so that families are read in another order.
files=()
for ((i = ${#families[@]} - 1; i >= 0; i--)); do files+=("$tmp/${families[$i]}.txt"); done
rc=0; run verify --vectors "$VEC" "${files[@]}" >"$tmp/out2" 2>"$tmp/err" || rc=$?
if [ "$rc" -eq 0 ] && grep -q "^$total vectors given: $total exact" "$tmp/out2"; then
  ok "verify over ${#files[@]} files at once exits 0"
else fail "verify over ${#files[@]} files at once (exit $rc)"; head -5 "$tmp/err"; fi

# 3. One wrong result per family: the second valid test of each family gets
# its value times 3/2 plus 1 (never the right double), and the first invalid
# test, where there is one, a number.  Exit 1; every one named WRONG.
: >"$tmp/wrong.list"
for fam in "${families[@]}"; do
  awk -v fam="$fam" -v out="$tmp/wrong.list" '
    $2 != "invalid" && !done && ++n == 2 {
      v = $2; print $1 " " v >"/dev/stderr"; print $1 >>out; done = 1
      cmd = "'"$PY"' -c \"print(float.fromhex(\x27" v "\x27) * 1.5 + 1)\""
      cmd | getline w; close(cmd); print $1 " " w; next }
    $2 == "invalid" && !inv { inv = 1; print $1 >>out; print $1 " 0.5"; next }
    { print }' "$tmp/$fam.txt" 2>/dev/null
done >"$tmp/bad.txt"
nwrong=$(grep -c . "$tmp/wrong.list")
rc=0; run verify --vectors "$VEC" "$tmp/bad.txt" >"$tmp/out3" 2>"$tmp/err" || rc=$?
if [ "$rc" -eq 1 ]; then ok "one wrong result per family: exit 1"
else fail "one wrong result per family: exit $rc, wanted 1"; head -5 "$tmp/err"; fi
missing=0
while read -r name; do
  grep -q "^WRONG  *$name " "$tmp/out3" || { missing=$((missing + 1)); echo "    not reported: $name"; }
done <"$tmp/wrong.list"
if [ "$missing" -eq 0 ] && [ "$nwrong" -gt "${#families[@]}" ]; then
  ok "each of the $nwrong wrong results is reported by name"
else fail "$missing of $nwrong wrong results not reported"; fi
if grep -q "^$total vectors given: $((total - nwrong)) exact, 0 within the tolerance, $nwrong wrong" "$tmp/out3" \
   && [ "$(tail -1 "$tmp/out3")" = "verify: FAIL" ]; then
  ok "the totals count $nwrong wrong and say FAIL"
else fail "the totals of the perturbed run"; tail -2 "$tmp/out3"; fi

# 4. A report that cannot be written is an error, not a silent pass.
if [ -w /dev/full ]; then
  rc=0; run verify --vectors "$VEC" "$tmp/all.txt" >/dev/full 2>"$tmp/err" || rc=$?
  if [ "$rc" -ne 0 ] && grep -q "cannot write standard output" "$tmp/err"; then
    ok "a report written to a full device exits $rc with a message"
  else fail "a report written to a full device exits $rc"; fi
fi

# 5. A failed allocation is a message and status 1, never a crash: the plain
# tool (not under a sanitizer or valgrind, which need far more address space)
# reads every vector under address-space limits from too small to load the
# program (127) to enough to pass (0).
if [ -z "$TOOL_WRAP" ] && [ "$TOOL" = ./rankmetrics ]; then
  bad=0; seen1=0
  for kb in 8000 9000 10000 11000 12000 13000 14000 16000 20000 40000; do
    rc=0; (ulimit -v $kb; exec "$TOOL" verify --vectors "$VEC" "$tmp/all.txt") >"$tmp/o" 2>"$tmp/e" || rc=$?
    case $rc in
      0|127) ;;
      1) if grep -q "out of memory" "$tmp/e"; then seen1=1; else bad=$((bad + 1)); echo "    $kb kB: exit 1 without 'out of memory'"; fi;;
      *) bad=$((bad + 1)); echo "    $kb kB: exit $rc";;
    esac
  done
  if [ "$bad" -eq 0 ]; then ok "memory limits: only success, 'out of memory' (seen: $seen1) or no start"
  else fail "memory limits: $bad runs ended otherwise"; fi
fi

finish
