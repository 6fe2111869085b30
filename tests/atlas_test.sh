#!/usr/bin/env bash
# The atlas of the book (part "What each library computes") names, for each
# library's function, the variant it computes.  Every such name is written
# \an{NAME} in rankmetrics.w; this test takes them all from that part and
# asks `rankmetrics name` to parse each, so the atlas cannot name a variant
# the parser refuses.  Each split of the atlas, \asplit{A}{B}{FAMILY}{TCID},
# says that test TCID of vectors/FAMILY_test.txt is a smallest witness of
# A against B: its group must be A, and its comment must name B.  Every row
# of the atlas's tables must say how it is known (a last column not empty).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
TOOL=${TOOL:-./rankmetrics}
out=build/atlas
rm -rf "$out"; mkdir -p "$out"
# the part, on one line, with the at-signs of the web undoubled
awk '/^@\*\* What each library computes\./ {p = 1} /^@\*\* Exact arithmetic\./ {p = 0} p' \
  rankmetrics.w | tr '\n' ' ' | sed 's/@@/@/g; s/\\_/_/g' > "$out/part.txt"
[ -s "$out/part.txt" ] || { echo "atlas_test: the part \"What each library computes\" is missing" >&2; exit 1; }
grep -o '\\an{[^{}]*}' "$out/part.txt" | sed 's/^\\an{//; s/}$//' | sort -u > "$out/names.txt"
grep -o '\\asplit *{[^{}]*} *{[^{}]*} *{[^{}]*} *{[^{}]*}' "$out/part.txt" |
  sed 's/^\\asplit *{//; s/} *$//; s/} *{/\t/g' > "$out/splits.txt"
names=$(wc -l < "$out/names.txt") splits=$(wc -l < "$out/splits.txt")
bad=0
while IFS= read -r n; do
  if ! $TOOL name "$n" > /dev/null 2> "$out/err.txt"; then
    echo "atlas_test: the atlas names '$n', which the parser refuses: $(cat "$out/err.txt")" >&2
    bad=$((bad + 1))
  fi
done < "$out/names.txt"
while IFS=$'\t' read -r a b fam id; do
  ca=$($TOOL name "$a") cb=$($TOOL name "$b")
  # the group and the comment of test $id
  got=$(awk -v id="$id" '/^\[variant = /{v = substr($0, 12, length($0) - 12)}
    /^tcId = / {t = ($3 == id)} t && /^comment = / {print v; print; exit}' \
    "vectors/${fam}_test.txt")
  group=$(printf '%s\n' "$got" | sed -n 1p) comment=$(printf '%s\n' "$got" | sed -n 2p)
  if [ "$group" != "$ca" ] || [[ $comment != *": $cb gives "* && $comment != *": $cb refuses "* ]]; then
    echo "atlas_test: $fam:$id is not a witness of $ca against $cb" \
      "(its group: ${group:-none}; ${comment:-no comment})" >&2
    bad=$((bad + 1))
  fi
done < "$out/splits.txt"
# A row of trec_eval or ir_measures names the library's function as the
# parser reads it, \aq{LIBRARY:NAME}: that name must mean the row's variant
# (its first \an).  A row that says "no variant yet", \nov{NAME}{...},
# gives the name one would try, which the parser must refuse: a row that
# still says "no variant yet" once the name resolves is stale.
awk '/^@\*\* What each library computes\./ {p = 1} /^@\*\* Exact arithmetic\./ {p = 0} p && !/^%/' \
  rankmetrics.w | tr '\n' ' ' | sed 's/@@/@/g; s/\\cr/\n/g; s/\\_/_/g' > "$out/rows.txt"
awk '{ v = ""; if (match($0, /\\an\{[^{}]*\}/)) v = substr($0, RSTART + 4, RLENGTH - 5)
  r = $0; while (match(r, /\\aq\{[^{}]*\}/)) {
    print substr(r, RSTART + 4, RLENGTH - 5) "\t" v; r = substr(r, RSTART + RLENGTH) } }' \
  "$out/rows.txt" > "$out/aq.txt"
grep -o '\\nov{[^{}]*}' "$out/rows.txt" | sed 's/^\\nov{//; s/}$//' > "$out/nov.txt"
aqs=$(wc -l < "$out/aq.txt") novs=$(wc -l < "$out/nov.txt")
while IFS=$'\t' read -r lib v; do
  cl=$($TOOL name "$lib" 2> "$out/err.txt") || cl="refused: $(cat "$out/err.txt")"
  cv=$($TOOL name "$v" 2>/dev/null) || cv="refused"
  if [ "$cl" != "$cv" ]; then
    echo "atlas_test: the atlas says $lib computes $v ($cv), but rankmetrics name $lib gives $cl" >&2
    bad=$((bad + 1))
  fi
done < "$out/aq.txt"
while IFS= read -r n; do
  if got=$($TOOL name "$n" 2>/dev/null); then
    echo "atlas_test: a row says \"no variant yet\" for '$n', but rankmetrics name resolves it: $got" >&2
    bad=$((bad + 1))
  fi
done < "$out/nov.txt"
if [ "$aqs" -lt 20 ] || [ "$novs" -lt 5 ]; then
  echo "atlas_test: only $aqs library names (\\aq) and $novs rows without a variant (\\nov) found" >&2
  bad=$((bad + 1))
fi
# every row of the atlas says how it is known: its last column is not empty
awk '/^@\*\* What each library computes\./ {p = 1} /^@\*\* Exact arithmetic\./ {p = 0}
  p && /^\\atlasbegin/ {t = 1; next} p && /^\\atlasend/ {t = 0}
  t && /\\cr$/ && !/^\\alib/ {n = split($0, f, "&"); if (n < 4 || f[n] ~ /^ *\\cr$/) print}' \
  rankmetrics.w > "$out/unknown.txt"
if [ -s "$out/unknown.txt" ]; then
  sed 's/^/atlas_test: a row that does not say how it is known: /' "$out/unknown.txt" >&2
  bad=$((bad + $(wc -l < "$out/unknown.txt")))
fi
rows=$(awk '/^@\*\* What each library computes\./ {p = 1} /^@\*\* Exact arithmetic\./ {p = 0}
  p && /^\\atlasbegin/ {t = 1; next} p && /^\\atlasend/ {t = 0}
  t && /\\cr$/ && !/^\\alib/ {n++} END {print n + 0}' rankmetrics.w)
if [ "$names" -lt 50 ] || [ "$splits" -lt 10 ]; then
  echo "atlas_test: only $names names and $splits splits found in the atlas; is \\an or \\asplit misspelt?" >&2
  bad=$((bad + 1))
fi
if [ "$bad" -ne 0 ]; then
  echo "atlas_test: $bad problems" >&2
  exit 1
fi
echo "atlas_test: $rows rows, each saying how it is known; their $names variant names parse; $aqs library names mean their row's variant; $novs names without a variant are refused; $splits splits are witnesses of their pairs"
