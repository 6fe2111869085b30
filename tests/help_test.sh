#!/bin/bash
# help_test.sh: the tool's help.  `rankmetrics COMMAND --help' prints that
# command's own help (not the whole usage text); the list of key words in
# `rankmetrics --help' holds exactly what the parser accepts (every word it
# lists, under the condition it states, is accepted by `rankmetrics name');
# every key and word has a meaning in `value --help'; coverage needs items=;
# `value --exact' says which row its ternary value is about; the man page
# has an entry for every command and every option.  The expected lines below
# were derived from the book's definitions, not copied from the tool.
# Run from the top directory after ./rankmetrics is built.
cd "$(dirname "$0")/.." || exit 1
RM=${TOOL:-./rankmetrics}
pass=0; fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# ---- COMMAND --help: its own usage, on stdout, exit 0 ----------------------
$RM --help > "$T/top"
for c in value name eval merge examples vectors accuracy figures verify disagree; do
  for h in --help -h; do
    out=$($RM $c $h 2>"$T/err"); rc=$?
    first=$(printf '%s\n' "$out" | head -1)
    if [ $rc -eq 0 ] && [ ! -s "$T/err" ] && [ "${first#usage: rankmetrics $c }" != "$first" ] \
       && [ "$out" != "$(cat "$T/top")" ] \
       && ! printf '%s\n' "$out" | grep "^       rankmetrics " | grep -vq "^       rankmetrics $c "; then
      ok "$c $h: its own help"
    else bad "$c $h: exit $rc, first line '$first'"; fi
  done
done
# a word without a help of its own gets the whole usage text and a note
out=$($RM nosuch --help 2>"$T/err"); rc=$?
if [ $rc -eq 0 ] && [ "$out" = "$(cat "$T/top")" ] && grep -q "'nosuch' has no help of its own" "$T/err"
then ok "no command: the usage text, with a note"; else bad "nosuch --help: exit $rc, $(cat "$T/err")"; fi
# every command of the usage text's synopsis has a help of its own
for c in $(grep -oE '^ *(usage:)? *rankmetrics [a-z_]+' "$T/top" | awk '{print $NF}' | sort -u); do
  $RM $c --help 2>"$T/err" >/dev/null
  [ -s "$T/err" ] && bad "command $c has no help of its own" || ok "command $c has a help of its own"
done
grep -q "rankmetrics COMMAND --help" "$T/top" && ok "the usage text names COMMAND --help" \
  || bad "the usage text does not name COMMAND --help"
# the commands that read names explain them; the others do not
for c in value name eval; do
  $RM $c --help | grep -q "^What the keys and their words mean:" && ok "$c --help explains the keys" \
    || bad "$c --help does not explain the keys"
done
$RM verify --help | grep -q "What the keys" && bad "verify --help explains keys" || ok "verify --help is about verify"

# ---- the listing is what the parser accepts ------------------------------
# Every group key=words or key=words(COND) of a metric's line: each word
# is accepted alone, with a cutoff (COND @K) or with each word of COND.
listing=$(sed -n '/^NAME is/,/^aggregators/p' "$T/top" | grep '^  [a-z]' | grep -v '^  micro')
[ "$(printf '%s\n' "$listing" | wc -l)" -eq 55 ] && ok "55 metric lines" || bad "metric lines: $(printf '%s\n' "$listing" | wc -l)"
nacc=0; nref=0
while read -r head groups; do
  m=${head%%[*}; req=
  for g in $groups; do
    case $g in *"(required)") k=${g%%=*}; r=${g#*=}; req="$k=${r%%..*},";; esac
  done
  for g in $groups; do
    k=${g%%=*}; rest=${g#*=}; cond=; words=$rest
    case $rest in *"(required)") words=${rest%"(required)"};;
      *"("*) words=${rest%%"("*}; cond=${rest#*"("}; cond=${cond%")"};; esac
    case $k$words in atp/q) words="0 1/2 1";; esac # a recall level, 0..1
    case $words in *..*) words="${words%%..*} ${words##*..}";; p/q) words="1/2 3";; *) words=${words//|/ };; esac
    for w in $words; do
      names=()
      pre=$req; case $req in "$k="*) pre=;; esac
      case $cond in
        "") names=("$m[$pre$k=$w]");;
        @K) names=("$m@5[$pre$k=$w]");;
        *) c=${cond%%=*}; for cw in $(echo "${cond#*=}" | tr '|' ' '); do names+=("$m[$pre$c=$cw,$k=$w]"); done;;
      esac
      for n in "${names[@]}"; do
        if $RM name "$n" > /dev/null 2>"$T/err"; then nacc=$((nacc + 1))
        else nref=$((nref + 1)); bad "listed but refused: $n ($(cat "$T/err"))"; fi
      done
    done
  done
done <<< "$listing"
[ $nref -eq 0 ] && [ $nacc -gt 250 ] && ok "all $nacc listed words accepted by the parser" \
  || bad "$nref listed words refused, $nacc accepted"

# the aggregators' line: every word it shows is accepted
agg=$(grep '^aggregators, written before a name:' "$T/top")
sk=$(printf '%s\n' "$agg" | sed 's/.*skip=\([a-z|]*\),weight=.*/\1/'); we=$(printf '%s\n' "$agg" | sed 's/.*weight=\([a-z|]*\)\].*/\1/')
nagg=0
for w in ${sk//|/ }; do for a in mean micro sum; do
  $RM name "$a[skip=$w]:ap" >/dev/null 2>&1 && nagg=$((nagg + 1)) || bad "$a[skip=$w]:ap refused"; done; done
for w in ${we//|/ }; do $RM name "mean[weight=$w]:ap" >/dev/null 2>&1 && nagg=$((nagg + 1)) || bad "mean[weight=$w]:ap refused"; done
[ $nagg -eq 15 ] && ok "the aggregators' 15 words are accepted" || bad "aggregators: $nagg of 15 words accepted"

# The cases the book's chapters state, by hand: the line of the metric, and
# the refusals that the old help hid.
line() { printf '%s\n' "$listing" | grep "^  $1[[ ]"; }
T7="ties=input|id-asc|id-desc|pessimistic|optimistic"
expect_line() {
  if [ "$(line "$1")" = "$2" ]; then ok "line of $1"; else bad "line of $1: '$(line "$1")', want '$2'"; fi
}
# ap, rr, ap11, f, rprec, err, fmean, novelty, coverage do not define ties=average
expect_line ap "  ap[@K] norm=rel|min|hits rel=1..100 $T7|reverse undef=zero|one|error"
expect_line rr "  rr[@K] hits=first|sum|mean rel=1..100 $T7|reverse undef=zero|one|error"
expect_line err "  err[@K] gmax=1..30 $T7|reverse"
expect_line rprec "  rprec rel=1..100 $T7|reverse undef=zero|one|error"
# recall takes norm=rel or min, not hits; precision's denom needs a cutoff
expect_line recall "  recall[@K] norm=rel|min rel=1..100 $T7|average|reverse undef=zero|one|error"
expect_line precision "  precision[@K] denom=k|list(@K) rel=1..100 $T7|average|reverse undef=zero|one|error"
# hr averages ties for the three ratios, not for hit=any
expect_line hr "  hr[@K] hit=any|recall|precision|rows rel=1..100 $T7|reverse ties=average(hit=recall|precision|rows) undef=zero|one|error"
# the gain family: rel with gain=binary, base with discount=jk; idcg ranks
# (and so has a tie rule) only for ideal=topk, which refuses average
expect_line ndcg "  ndcg[@K] gain=linear|exp2|binary rel=1..100(gain=binary) discount=log2|jk base=2..65536(discount=jk) ideal=judged|list|topk|ones drop=unjudged $T7|average|reverse undef=zero|one|error"
expect_line idcg "  idcg[@K] gain=linear|exp2|binary rel=1..100(gain=binary) discount=log2|jk base=2..65536(discount=jk) ideal=judged|list|topk|ones drop=unjudged $T7|reverse(ideal=topk)"
expect_line auc "  auc depth=1..100000 rel=1..100 $T7|average|reverse undef=zero|one|error"
expect_line coverage "  coverage[@K] items=1..2147483647(required) $T7|reverse"
# insq: no cutoff (cwl_eval's 1000 ranks), the fraction t, gain=binary (or
# clip, which is no word), no ties=average
expect_line insq "  insq t=p/q gain=binary rel=1..100 $T7|reverse"
# inst, nerr10, nerr11: no cutoff either; nerr8 and nerr9 take one (their
# depth); nerr10's p, like rbp's, has no line of its own (p=1 is refused)
expect_line inst "  inst t=p/q gain=binary rel=1..100 $T7|reverse"
expect_line nerr8 "  nerr8[@K] gain=binary rel=1..100 $T7|reverse"
expect_line nerr9 "  nerr9[@K] gain=binary rel=1..100 $T7|reverse"
expect_line nerr10 "  nerr10 gain=binary rel=1..100 $T7|reverse"
expect_line nerr11 "  nerr11 t=p/q gain=binary rel=1..100 $T7|reverse"
expect_line bpm "  bpm[@K] t=p/q gain=binary rel=1..100 $T7|reverse"
expect_line compat "  compat rel=1..100 $T7|reverse undef=zero|one|error"
for n in 'ap[ties=average]' 'rr[ties=average]' 'f[ties=average]' 'recall[norm=hits]' \
         'precision[denom=list]' 'hr[ties=average]' 'idcg[ties=input]' 'ndcg[rel=2]' \
         'dcg[base=3]' 'coverage' 'coverage[ties=id-asc]'; do
  if $RM name "$n" >/dev/null 2>&1; then bad "$n accepted"; else ok "$n refused, and not listed"; fi
done
for n in 'hr[hit=recall,ties=average]' 'precision@5[denom=list]' 'idcg[ideal=topk,ties=id-desc]' \
         'ndcg[gain=binary,rel=2]' 'dcg[discount=jk,base=3]' 'coverage[items=7]'; do
  if $RM name "$n" >/dev/null 2>&1; then ok "$n accepted, as listed"; else bad "$n refused"; fi
done

# ---- every key and word has a meaning in value --help -----------------------
$RM value --help | sed -n '/^What the keys and their words mean:/,/^$/p' > "$T/mean"
miss=0
for g in $(printf '%s\n' "$listing" | cut -d' ' -f4-) skip=none\|undef\|norel\|missing weight=uniform\|items\|positives; do
  k=${g%%=*}; words=${g#*=}; words=${words%%(*}
  grep -q "^  $k=  " "$T/mean" || { miss=$((miss + 1)); bad "key $k has no meaning"; }
  case $words in *..*|p/q) continue;; esac
  for w in ${words//|/ }; do
    # the word's line comes after its key's line and before the next key's
    awk -v k="  $k=  " -v w="$w" 'index($0, k) == 1 {in_k = 1; next}
      /^  [a-z]/ {in_k = 0} in_k && $1 == w {found = 1} END {exit !found}' "$T/mean" ||
      { miss=$((miss + 1)); bad "word $k=$w has no meaning"; }
  done
done
[ $miss -eq 0 ] && ok "every key and word of the listing has a meaning"
$RM value --help | grep -q '^  coverage  *distinct items' && ok "value --help glosses the metrics" \
  || bad "no gloss of coverage"

# ---- coverage: items is required -----------------------------------------
err=$($RM value coverage --grades 1,0 --ids a,b 2>&1 >/dev/null); rc=$?
case "$rc:$err" in 2:*"coverage needs items=N"*) ok "coverage without items: an error naming the key";;
  *) bad "coverage without items: exit $rc, '$err'";; esac
# two distinct items in a catalogue of 4
out=$($RM value 'coverage[items=4]' --grades 1,0 --ids a,b)
[ "$out" = "$(printf 'coverage[items=4,ties=input]\t0.5')" ] && ok "coverage[items=4] = 2/4" || bad "coverage: '$out'"

# ---- value --exact: the ternary names its row ---------------------------
# ap of 1,0,1 is (1 + 2/3)/2 = 5/6 = 0.11010101...b: the 53-bit rounding
# goes up (the bits after the last kept 0 are 1010... > 1/2), so the exact
# row 0x1.aaaaaaaaaaaabp-1 is above 5/6; the double path's 0.8333333333333333
# is one ulp below it, hence below 5/6.
$RM value ap --grades 1,0,1 --exact > "$T/x"
grep -qx 'exact     0.8333333333333334   0x1.aaaaaaaaaaaabp-1   (exact path: the true value correctly rounded)' "$T/x" &&
grep -qx 'ternary   +1   (the exact row is above the true value: rounded up)' "$T/x" &&
grep -q '^double    0.8333333333333333   (double path: .*1 ulps from the exact row; below the true value)$' "$T/x" &&
grep -qx 'rational  5/6' "$T/x" && ok "value --exact on 5/6: rows and sides" || { bad "value --exact on 5/6"; cat "$T/x"; }
# rr of 0,0,1 is 1/3 = 0.010101...b: rounded down to 0x1.5555555555555p-2,
# and the double path divides 1 by 3, the same double, so both are below.
$RM value rr --grades 0,0,1 --exact > "$T/x"
grep -qx 'ternary   -1   (the exact row is below the true value: rounded down)' "$T/x" &&
grep -q '^double    0.3333333333333333   (double path: .*0 ulps from the exact row; below the true value)$' "$T/x" &&
ok "value --exact on 1/3: rounded down, both rows below" || { bad "value --exact on 1/3"; cat "$T/x"; }
$RM value rr --grades 1 --exact > "$T/x"
grep -qx 'ternary   +0   (the exact row is the true value)' "$T/x" &&
grep -q '; the true value)$' "$T/x" && ok "value --exact on 1: exact" || { bad "value --exact on 1"; cat "$T/x"; }

# ---- the man page -------------------------------------------------------
# An entry for every command (disagree's is written elsewhere), every option
# of every command's help, every metric and every aggregator.
MAN=rankmetrics.1
for c in value name eval merge examples vectors accuracy figures verify; do
  grep -q "^\.B $c\$" $MAN && ok "man: entry for $c" || bad "man: no entry for $c"
  for o in $($RM $c --help | grep -oE -- '--[a-z][-a-z]*' | sort -u); do
    grep -qF -- "${o//-/\\-}" $MAN || bad "man: $c's option $o missing"
  done
done
# the names set in bold at the head of an entry of VARIANT NAMES
sed -n '/^\.SH VARIANT NAMES/,/^\.SH COMMANDS/p' $MAN | grep -E '^\.BR? ' |
  sed -e 's/^\.BR* //' -e 's/\\-/-/g' -e 's/"[^"]*"/ /g' | tr ' ' '\n' > "$T/mannames"
for m in $(printf '%s\n' "$listing" | awk '{sub(/\[.*/, "", $1); print $1}') mean micro sum gm; do
  grep -qx -- "$m" "$T/mannames" || bad "man: no entry for metric or aggregator $m"
done
# and every key of the listing
for k in $(printf '%s\n' "$listing" | tr ' ' '\n' | grep = | sed 's/=.*//' | sort -u); do
  grep -q "^\.B[RI]* $k=" $MAN || bad "man: no entry for key $k"
done
ok "man: commands, options and metrics checked"

echo "help_test: $pass passed, $fail failed"
[ $fail -eq 0 ]
