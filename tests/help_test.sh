#!/bin/bash
# help_test.sh: the tool's help.  `rankmetrics COMMAND --help' prints that
# command's own help (not the whole usage text); the list of key words in
# `rankmetrics --help' holds exactly what the parser accepts (every word it
# lists, under the condition it states, is accepted by `rankmetrics name');
# every key and word has a meaning in `value --help'; coverage needs items=;
# `value --exact' says which row its ternary value is about; the man page
# has an entry for every command and every option.  And (issue 25): each
# metric line of --help names its default first; value --help's meanings
# cover exactly the parser's keys, with the parser's defaults; the book's
# quick reference holds the parser's metrics, cutoffs, keys, words and
# defaults, so a stale row fails; the man page is clean under man
# --warnings, and every command is in SYNOPSIS and COMMANDS, none under
# ENVIRONMENT.  The expected lines below
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
[ "$(printf '%s\n' "$listing" | wc -l)" -eq 93 ] && ok "93 metric lines" || bad "metric lines: $(printf '%s\n' "$listing" | wc -l)"
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
    case $k$words in atp/q|alphap/q|betap/q) words="0 1/2 1";; pp/q) words="1/2 9/10";; headp/q) words="1/2 1";; esac # a recall level, alpha, beta: 0..1; a persistence below 1; a share of the head, above 0
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
[ $nagg -eq 16 ] && ok "the aggregators' 16 words are accepted" || bad "aggregators: $nagg of 16 words accepted"

# The cases the book's chapters state, by hand: the line of the metric, and
# the refusals that the old help hid.
line() { printf '%s\n' "$listing" | grep "^  $1[[ ]"; }
T7="ties=input|id-asc|id-desc|pessimistic|optimistic"
expect_line() {
  if [ "$(line "$1")" = "$2" ]; then ok "line of $1"; else bad "line of $1: '$(line "$1")', want '$2'"; fi
}
# ap, rr, ap11, f, rprec, err, fmean, novelty, coverage do not define ties=average
expect_line ap "  ap[@K] norm=rel|min|hits|list rel=1..100 $T7|reverse undef=zero|one|error"
expect_line rr "  rr[@K] hits=first|sum|mean rel=1..100 $T7|reverse undef=zero|one|error"
expect_line err "  err[@K] gmax=1..30 $T7|reverse"
expect_line rprec "  rprec[@K] rel=1..100 $T7|reverse undef=zero|one|error"
# recall takes norm=rel or min, not hits; precision's denom needs a cutoff
expect_line recall "  recall[@K] norm=rel|min rel=1..100 $T7|average|reverse undef=zero|one|error"
expect_line precision "  precision[@K] denom=k|list(@K) rel=1..100 $T7|average|reverse undef=zero|one|error"
# hr averages ties for the three ratios, not for hit=any
expect_line hr "  hr[@K] hit=any|recall|precision|rows rel=1..100 $T7|reverse ties=average(hit=recall|precision|rows) undef=zero|one|error"
# the gain family: rel with gain=binary, base with discount=jk; idcg ranks
# (and so has a tie rule) only for ideal=topk, which refuses average
expect_line ndcg "  ndcg[@K] gain=linear|exp2|binary gmin=2..100 rel=1..100(gain=binary) discount=log2|jk base=2..65536(discount=jk) ideal=judged|list|topk|ones|hits drop=unjudged $T7|average|reverse undef=zero|one|error"
expect_line idcg "  idcg[@K] gain=linear|exp2|binary gmin=2..100 rel=1..100(gain=binary) discount=log2|jk base=2..65536(discount=jk) ideal=judged|list|topk|ones|hits drop=unjudged $T7|reverse(ideal=topk)"
expect_line auc "  auc depth=1..100000 max_fpr=p/q pauc=mcclish|raw(max_fpr=1/2) rel=1..100 $T7|average|reverse undef=zero|one|error"
expect_line coverage "  coverage[@K] items=1..2147483647(required) $T7|reverse"
# insq: no cutoff (cwl_eval's 1000 ranks), the fraction t, gain=binary (or
# clip, which is no word), no ties=average
expect_line insq "  insq t=p/q gain=binary rel=1..100 $T7|reverse"
# inst, nerr10, nerr11: no cutoff either; nerr8 and nerr9 take one (their
# depth); nerr10's p, like rbp's, has no line of its own (p=1 is refused)
expect_line inst "  inst t=p/q gain=binary rel=1..100 $T7|reverse"
expect_line nerr8 "  nerr8[@K] gain=binary rel=1..100 $T7|reverse"
expect_line nerr9 "  nerr9[@K] gain=binary rel=1..100 $T7|reverse"
expect_line nerr10 "  nerr10 p=p/q gain=binary rel=1..100 $T7|reverse"
expect_line nerr11 "  nerr11 t=p/q gain=binary rel=1..100 $T7|reverse"
expect_line bpm "  bpm[@K] t=p/q gain=binary rel=1..100 $T7|reverse"
expect_line compat "  compat p=p/q normalize=none ities=judgments rel=1..100 $T7|reverse undef=zero|one|error"
# rbp's gain defaults to binary and lrap's undef to one: the first word is
# the default; the persistence p= of rbp, rbp-resid, nerr10 and compat is
# listed (it was left out: p=1, the bottom of its range, is refused)
# rbp: scale=none and gmin only with its graded gain (ranx's rank_biased_precision)
expect_line rbp "  rbp[@K] p=p/q depth=1..100000 scale=none(gain=linear) gain=binary|linear gmin=2..100(gain=linear) rel=1..100 $T7|reverse"
expect_line rbp-resid "  rbp-resid[@K] p=p/q $T7|reverse"
expect_line lrap "  lrap rel=1..100 undef=one|zero|error"
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

# ---- the help, the book's quick reference and the parser agree (issue 25) --
# Each metric line of --help names its default first: for every word key of
# the canonical default name (rankmetrics name METRIC), the key's first word
# on the line is that word.  rbp's gain (binary) and lrap's undef (one) were
# listed second.
while read -r head groups; do
  m=${head%%[*}
  canon=$($RM name "$m" 2>/dev/null) || canon=$($RM name "$m[items=1]" 2>/dev/null)
  for kv in $(printf '%s\n' "$canon" | sed 's/^[^[]*\[//; s/\]$//' | tr ',' ' '); do
    k=${kv%%=*}; v=${kv#*=}
    first=$(printf '%s\n' $groups | grep "^$k=" | head -1 | sed 's/^[^=]*=//; s/[|(].*//')
    case $first in ''|*..*|p/q) continue;; esac
    [ "$first" = "$v" ] || bad "--help: $m lists $k=$first first, its default is $k=$v"
  done
done <<< "$listing"
ok "--help: every first word is its metric's default"

# value --help's meanings, key by key, against the keys the listing shows
# (and isort, skip, weight, absent, empty, negative, scores, judged, allneg, which it does not): a meaning of a key the
# parser lost, or a key without one, fails; so does a stated default that
# is not the parser's.
keys_listed=$( { printf '%s\n' "$listing" | tr ' ' '\n' | grep = | sed 's/=.*//'; echo isort; echo skip; echo weight; echo absent; echo empty; echo negative; echo scores; echo judged; echo allneg; } | sort -u)
keys_meant=$(sed -n 's/^  \([a-z0-9_]*\)=  .*/\1/p' "$T/mean" | sort -u)
[ "$keys_listed" = "$keys_meant" ] && ok "value --help gives a meaning to exactly the listed keys" \
  || bad "value --help's keys differ from the listing's: $(diff <(echo "$keys_listed") <(echo "$keys_meant") | grep '^[<>]' | tr '\n' ' ')"
# numeq A B: two numbers, fractions or decimals, are equal
numeq() { awk -v a="$1" -v b="$2" 'function v(x, p) { if (split(x, p, "/") == 2) return p[1] / p[2]; return x + 0 }
  BEGIN { exit !(v(a) == v(b)) }'; }
# defaults_of KEY: the defaults of KEY in the canonical names of the metrics
# whose line lists it unconditionally
defaults_of() {
  printf '%s\n' "$listing" | grep -E " $1=[^ (]*( |$)" | awk '{sub(/\[.*/, "", $1); print $1}' |
    while read -r m; do $RM name "$m" 2>/dev/null | tr '[],' '\n\n\n' | sed -n "s/^$1=//p"; done | sort -u
}
# stated TEXT KEY: every default TEXT states for KEY is one a metric has
stated() {
  local d ds=$(printf '%s\n' "$1" | grep -oE '\(?default:? [-0-9./]+' | sed 's/.*default:* //; s/\.$//')
  [ -n "$ds" ] || return 0
  local have=$(defaults_of "$2")
  [ -n "$have" ] || return 0
  for d in $ds; do
    local found=0 h
    for h in $have; do numeq "$d" "$h" && found=1; done
    [ $found = 1 ] && ok "$3: $2's default $d is a metric's" || bad "$3 says $2 defaults to $d; the metrics have $(echo $have)"
  done
}
while IFS= read -r l; do
  k=$(printf '%s\n' "$l" | sed 's/^  \([a-z0-9]*\)=.*/\1/')
  stated "$l" "$k" "value --help"
done < <(grep '^  [a-z0-9_]*=  ' "$T/mean")

# The quick reference (rankmetrics.w, section "Quick reference"): its
# metrics, cutoffs and own keys are the listing's; its keys and words are
# the parser's, gain=map, clip and isort included; the default it states
# (the first word, or an exception it names) is each metric's.
awk '/^@\* Quick reference\./ {p = 1} /^@\*\* Conventions\./ {p = 0} p' rankmetrics.w |
  sed 's/\\_/_/g' > "$T/qr"
# (a row whose keys run on, &&&keys&\cr, adds them to the row above)
awk -F'&' '/^[a-z][-a-z0-9]*&(yes|no)&/ {if (n) print row; gsub(/,/, " ", $4); row = $1 "\t" $2 "\t" $4; n = 1; next}
  n && /^&&&[a-z]/ {row = row " " $4; next} {if (n) print row; n = 0} END {if (n) print row}' "$T/qr" > "$T/qrm"
printf '%s\n' "$listing" | awk '{m = $1; k = (m ~ /\[@K\]$/) ? "yes" : "no"; sub(/\[.*/, "", m); print m "\t" k}' > "$T/lm"
[ "$(cut -f1 "$T/qrm" | sort)" = "$(cut -f1 "$T/lm" | sort)" ] && ok "quick reference: the listing's metrics" \
  || bad "quick reference metrics differ: $(diff <(cut -f1 "$T/qrm" | sort) <(cut -f1 "$T/lm" | sort) | grep '^[<>]' | tr '\n' ' ')"
while IFS=$'\t' read -r m k own; do
  lk=$(awk -F'\t' -v m="$m" '$1 == m {print $2}' "$T/lm")
  [ "$k" = "$lk" ] || bad "quick reference: $m's @K is '$k', the listing's '$lk'"
  want=$(printf '%s\n' "$listing" | awk -v m="$m" '{h = $1; sub(/\[.*/, "", h)} h == m' | tr ' ' '\n' | grep = |
    sed 's/=.*//' | grep -vxE 'rel|ties|undef' | sort -u)
  $RM name "$m[gain=map:1=2,isort=trunc]" > /dev/null 2>&1 && want=$(printf '%s\nisort\n' "$want" | sort -u)
  have=$(printf '%s\n' $own | sort -u)
  [ "$(echo $have)" = "$(echo $want)" ] || bad "quick reference: $m's own keys are '$(echo $have)', the parser's '$(echo $want)'"
done < "$T/qrm"
ok "quick reference: every metric's cutoff and own keys checked"
# the table of keys: key (or several) & word & meaning & section
awk '/^@ The keys and their words\./ {p = 1} /^@ The aggregators/ {p = 0} p' "$T/qr" |
  grep -E '^[a-z0-9_ ]*&[^&]*&' | awk -F'&' '$1 != "" {key = $1} {print key "\t" $2 "\t" $3}' > "$T/qrk"
while IFS=$'\t' read -r k w text; do
  set -- $k
  if [ $# -eq 1 ]; then stated "$text" "$k" "quick reference"; continue; fi
  # several keys (tp fp fn tn): "(default 1, $-1$, 0, 0)", one each, in order
  ds=$(printf '%s\n' "$text" | sed -n 's/.*(default \([^)]*\)).*/\1/p' | tr -d '$ ' | tr ',' ' ')
  for k1 in $k; do
    d=${ds%% *}; ds=${ds#* }
    stated "(default $d)" "$k1" "quick reference"
  done
done < <(grep -v '^[^	]*	[a-z]' "$T/qrk")
qkeys=$(cut -f1 "$T/qrk" | tr ' ' '\n' | grep . | sort -u)
lkeys=$(printf '%s\n' "$keys_listed" | grep -vxE 'skip|weight|absent|empty')
[ "$qkeys" = "$lkeys" ] && ok "quick reference: the parser's keys" \
  || bad "quick reference keys differ from the parser's: $(diff <(echo "$qkeys") <(echo "$lkeys") | grep '^[<>]' | tr '\n' ' ')"
for k in $lkeys; do
  qw=$(awk -F'\t' -v k="$k" '$1 == k {print $2}' "$T/qrk" | grep -E '^[a-z][-a-z0-9]*(:|$)' | sed 's/:.*//' | sort -u)
  lw=$(sed -n "/^  $k=  /,/^  [a-z]/p" "$T/mean" | grep '^    ' | awk '{sub(/:.*/, "", $1); print $1}' | sort -u)
  [ "$qw" = "$lw" ] || bad "quick reference: the words of $k are '$(echo $qw)', value --help's '$(echo $lw)'"
done
ok "quick reference: every key's words checked"
# defaults: the first word of a key's list that the metric takes, unless
# the text names an exception as \.{METRIC}'s \.{KEY} is \.{WORD}
exc=$(tr '\n' ' ' < "$T/qr" | grep -oE "\\\\\.\{[a-z0-9-]+\}'s \\\\\.\{[a-z0-9]+\} is \\\\\.\{[a-z0-9-]+\}" | sed "s/\\\\\.{//g; s/}//g; s/'s / /; s/ is / /")
while IFS=$'\t' read -r m k own; do
  canon=$($RM name "$m" 2>/dev/null) || canon=$($RM name "$m[items=1]" 2>/dev/null)
  line=$(printf '%s\n' "$listing" | awk -v m="$m" '{h = $1; sub(/\[.*/, "", h)} h == m')
  for kv in $(printf '%s\n' "$canon" | sed 's/^[^[]*\[//; s/\]$//' | tr ',' ' '); do
    key=${kv%%=*}; v=${kv#*=}
    takes=$(printf '%s\n' $line | grep "^$key=" | sed 's/^[^=]*=//; s/(.*//' | tr '|' '\n')
    case $takes in ''|*..*|p/q) continue;; esac  # numbers: their stated defaults, above
    first=$(awk -F'\t' -v k="$key" '$1 == k {print $2}' "$T/qrk" | while read -r w; do
      printf '%s\n' "$takes" | grep -qx -- "$w" && { echo "$w"; break; }; done)
    [ -n "$first" ] || continue
    [ "$first" = "$v" ] && continue
    printf '%s\n' "$exc" | grep -qx "$m $key $v" || bad "quick reference: $m's $key defaults to $v, the table's first word is $first and no exception says so"
  done
done < "$T/qrm"
ok "quick reference: every default checked"

# ---- the man page: clean, and each entry in its section ------------------
if command -v man > /dev/null; then
  w=$(MANWIDTH=80 man --warnings -l "$MAN" 2>&1 > /dev/null)
  [ -z "$w" ] && ok "man --warnings: clean" || bad "man --warnings: $w"
fi
sect() { sed -n "/^\.SH $1/,/^\.SH /p" "$MAN"; }
for c in $(grep -oE '^ *(usage:)? *rankmetrics [a-z_]+' "$T/top" | awk '{print $NF}' | sort -u); do
  sect SYNOPSIS | grep -q "^\.B rankmetrics $c\b" && ok "man SYNOPSIS: $c" || bad "man SYNOPSIS lacks $c"
  sect COMMANDS | grep -q "^\.B $c\$" && ok "man COMMANDS: $c" || bad "man COMMANDS lacks an entry for $c"
done
sect ENVIRONMENT | grep -E '^\.B ' | grep -vE '^\.B [A-Z_]+$' | while read -r l; do bad "man ENVIRONMENT holds '$l'"; done
sect ENVIRONMENT | grep -q 'exit 0 if all' && bad "man ENVIRONMENT holds verify's text" || ok "man ENVIRONMENT: variables only"

echo "help_test: $pass passed, $fail failed"
[ $fail -eq 0 ]
