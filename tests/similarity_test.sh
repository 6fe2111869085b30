#!/usr/bin/env bash
# similarity_test.sh: given similarities (eval --similarity FILE, issue 30),
# which ils, diversity and serendipity read in place of the cosines of
# --features, through value, eval and merge, on both paths.  Every value is
# worked by hand as a fraction (the book's section "Given similarities"):
# with s(a,b) = 1/2, s(a,c) = 1/3, s(b,c) = 1/4 the top three a, b, c has
# ILS (1/2 + 1/3 + 1/4)/3 = 13/36 and diversity 23/36.  A pair serves both
# orders, a pair the file lacks is 0, an item with itself 1 unless the file
# says.  The features a = (3,4), b = (1,0), c = (0,1), e = (4,3) have the
# rational cosines 3/5, 4/5, 24/25, 0, 4/5, 3/5, and a file of exactly those
# gives the features' values byte for byte.  main at 38be686 has no
# --similarity, so every check here fails on it.
cd "$(dirname "$0")/.." || exit 1
source tests/counts.sh
RM=${TOOL:-$PWD/rankmetrics}
# q NAME SIMFILE [HISTORY] ARGS...: the fraction of value --exact
q() {
  local n=$1 s=$2; shift 2
  "$RM" value "$n" --similarity "$tmp/$s" --exact "$@" 2>/dev/null \
    | awk '$1 == "rational" {print $2}'
}
# refused WHAT WANT-SUBSTRING COMMAND...: exit 2 and the message
refused() {
  local what=$1 want=$2 err rc; shift 2
  err=$("$@" 2>&1 >/dev/null); rc=$?
  if [ $rc -eq 2 ] && [[ $err == *"$want"* ]]; then ok "$what: exit 2, '$want'"
  else fail "$what: exit $rc, '$err'"; fi
}
printf 'a b 1/2\nc a 1/3\nb c 0.25\n' > "$tmp/s"
printf 'a b 1/2\nb a 0.5\nc a 1/3\nb c 0.25\nb b 1/2\na e -1/2\n' > "$tmp/s2"
check "ILS of three: (1/2 + 1/3 + 1/4)/3" "$(q ils s --grades 0,0,0 --ids a,b,c)" 13/36
check "diversity of three: 23/36" "$(q diversity s --grades 0,0,0 --ids a,b,c)" 23/36
check "a pair given as c a serves a c" "$(q ils s --grades 0,0 --ids a,c)" 1/3
check "the top two of three by score: c, b" \
  "$(q ils@2 s --grades 0,0,0 --ids a,b,c --scores 1,2,3)" 1/4
check "a pair the file lacks is 0" "$(q ils s --grades 0,0 --ids a,d)" 0
check "and its diversity 1" "$(q diversity s --grades 0,0 --ids a,d)" 1
check "one item: ILS 1" "$(q ils s --grades 0 --ids a)" 1
check "a pair given twice with one value" "$(q ils s2 --grades 0,0 --ids a,b)" 1/2
check "a negative similarity: diversity 1 - (-1/2)" "$(q diversity s2 --grades 0,0 --ids a,e)" 3/2
check "ILS of a, b, e: (1/2 - 1/2 + 0)/3" "$(q ils s2 --grades 0,0,0 --ids a,b,e)" 0
check "ILS over four: (1/2 + 1/3 + 1/4 + 0 + 0 + 0)/6" \
  "$(q ils s --grades 0,0,0,0 --ids a,b,c,d)" 13/72
# serendipity: value's user 1 saw a; user 2 saw a and c; user 3 saw b
printf '1 a\n2 a\n2 c\n' > "$tmp/h"
printf '1 b\n' > "$tmp/hb"
check "saw a, shown b (relevant) and d: (1 - 1/2 + 0)/2" \
  "$(q serendipity s --history "$tmp/h" --grades 1,0 --ids b,d)" 1/4
check "user 1's b not relevant (0); user 2 saw a and c, shown b: 1 - (1/2 + 1/4)/2 = 5/8; the mean" \
  "$(q 'mean:serendipity' s --history "$tmp/h" --grades '0;1' --ids 'b;b')" 5/16
check "saw b, shown b: an item with itself is 1" \
  "$(q serendipity s --history "$tmp/hb" --grades 1 --ids b)" 0
check "unless the file gives b b 1/2" "$(q serendipity s2 --history "$tmp/hb" --grades 1 --ids b)" 1/2
# the double path is within an ulp of the exact one
d=$("$RM" value ils --similarity "$tmp/s" --grades 0,0,0 --ids a,b,c | cut -f2)
$PY -c "import sys; from fractions import Fraction as F; sys.exit(abs(F(sys.argv[1]) - F(13, 36)) > F(13, 36) * 2**-52)" "$d" \
  && ok "the double path: $d" || fail "the double path: $d"

# eval: the features' rational cosines given as a file, byte for byte
printf 'a x 3\na y 4\nb x 1\nc y 1\ne x 4\ne y 3\n' > "$tmp/feat"
printf 'a b 3/5\nc a 0.8\na e 24/25\ne b 4/5\nc e 0.6\n' > "$tmp/cos"
printf 'u1 0 a 1\nu1 0 c 1\nu2 0 b 1\nu3 0 e 1\n' > "$tmp/qrels"
printf 'u1 Q0 a 1 4 r\nu1 Q0 b 2 3 r\nu1 Q0 c 3 2 r\nu1 Q0 e 4 1 r\nu2 Q0 b 1 2 r\nu2 Q0 e 2 1 r\n' > "$tmp/run1"
printf 'u3 Q0 c 1 2 r\nu3 Q0 e 2 1 r\n' > "$tmp/run2"
cat "$tmp/run1" "$tmp/run2" > "$tmp/run"
printf 'u1 b\nu2 a\nu2 c\nu3 a\n' > "$tmp/hist"
M=(-m ils@3 -m diversity@4 -m 'mean[skip=undef]:serendipity@10')
"$RM" eval --quiet --exact -q "${M[@]}" --features "$tmp/feat" --history "$tmp/hist" \
  "$tmp/qrels" "$tmp/run" > "$tmp/byfeat" 2>&1
"$RM" eval --quiet --exact -q "${M[@]}" --similarity "$tmp/cos" --history "$tmp/hist" \
  "$tmp/qrels" "$tmp/run" > "$tmp/bysim" 2>&1
[ -s "$tmp/bysim" ] && cmp -s "$tmp/byfeat" "$tmp/bysim" \
  && ok "the cosines as a file give the features' values, byte for byte" \
  || fail "features and their cosines differ: $(diff "$tmp/byfeat" "$tmp/bysim" | head -4)"
"$RM" eval --quiet --exact --threads 2 -q "${M[@]}" --similarity "$tmp/cos" --history "$tmp/hist" \
  "$tmp/qrels" "$tmp/run" > "$tmp/bysim2" 2>&1
grep -q '^ils@3 ' "$tmp/bysim2" && cmp -s "$tmp/bysim" "$tmp/bysim2" && ok "--threads 2: the same bytes" \
  || fail "--threads 2 differs"
# u1's ils@3 (3/5 + 4/5 + 0)/3 = 7/15; diversity@4 1 - (94/25)/6 = 28/75;
# serendipity (saw b; a and c relevant of four) ((1 - 3/5) + 1)/4 = 7/20
check "eval: u1's ils@3, 7/15" "$(awk '$1 == "ils@3" && $2 == "u1" {print $3}' "$tmp/bysim")" \
  0.4666666666666667
check "eval: u1's diversity@4, 28/75" \
  "$(awk '$1 == "diversity@4" && $2 == "u1" {print $3}' "$tmp/bysim")" 0.37333333333333335
check "eval: u1's serendipity, 7/20" \
  "$(awk '$1 ~ /serendipity/ && $2 == "u1" {print $3}' "$tmp/bysim")" 0.35
# shards merge to the bytes of one run, on both paths
for p in --fast --exact; do
  "$RM" eval --quiet $p "${M[@]}" --similarity "$tmp/cos" --history "$tmp/hist" \
    "$tmp/qrels" "$tmp/run" > "$tmp/one" 2>/dev/null
  for k in 1 2; do
    "$RM" eval --quiet $p --partial "${M[@]}" --similarity "$tmp/cos" --history "$tmp/hist" \
      "$tmp/qrels" "$tmp/run$k" > "$tmp/st$k" 2>/dev/null
  done
  "$RM" merge --quiet "$tmp/st1" "$tmp/st2" > "$tmp/merged" 2>/dev/null
  [ -s "$tmp/one" ] && cmp -s "$tmp/one" "$tmp/merged" \
    && ok "eval $p: two shards merge to one run's bytes" || fail "eval $p: the merge differs"
done
grep -q ' similarity=[0-9a-f]\{16\}' "$tmp/st1" && ok "a state names the file's digest" \
  || fail "no similarity= in the state"
"$RM" eval --quiet --partial "${M[@]}" --features "$tmp/feat" --history "$tmp/hist" \
  "$tmp/qrels" "$tmp/run2" > "$tmp/stf" 2>/dev/null
printf 'a b 3/5\nc a 0.8\na e 24/25\ne b 4/5\nc e 0.6\nz z 1\n' > "$tmp/cos2"
"$RM" eval --quiet --partial "${M[@]}" --similarity "$tmp/cos2" --history "$tmp/hist" \
  "$tmp/qrels" "$tmp/run2" > "$tmp/sto" 2>/dev/null
for o in stf sto; do
  err=$("$RM" merge --quiet "$tmp/st1" "$tmp/$o" 2>&1 >/dev/null); rc=$?
  [ $rc -ne 0 ] && [[ $err == *"cannot be merged"* ]] && ok "merge refuses a state of another file ($o)" \
    || fail "merge of $o: $rc $err"
done

# refusals, each with its file, line and what was wrong
E=(eval --quiet -m ils@3 "$tmp/qrels" "$tmp/run")
printf 'a b 1/2\nb c\n' > "$tmp/b1"
refused "a line of two fields" "b1:2: expected 'ITEM ITEM SIM' (found 2 fields)" \
  "$RM" "${E[@]}" --similarity "$tmp/b1"
printf 'a b 1/2 x\n' > "$tmp/b2"
refused "a line of four fields" "b2:1: expected 'ITEM ITEM SIM' (found 4 fields)" \
  "$RM" "${E[@]}" --similarity "$tmp/b2"
for v in 0x1p-1 nan inf -inf 1e400 1e-400 1/0 1,5 1/-2; do
  printf 'a b 1/2\nc d %s\n' "$v" > "$tmp/b3"
  refused "the similarity $v" "b3:2: the similarity '$v' of items 'c' and 'd' is not a decimal" \
    "$RM" "${E[@]}" --similarity "$tmp/b3"
done
printf 'a b 1/2\nc a 1/3\nb a 0.4\n' > "$tmp/b4"
refused "a pair again in the other order with another value" \
  "b4:3: the pair 'b' 'a' has another similarity on line 1" "$RM" "${E[@]}" --similarity "$tmp/b4"
printf 'a b 1/2\na b 1/3\n' > "$tmp/b5"
refused "a pair again with another value" "b5:2: the pair 'a' 'b' has another similarity on line 1" \
  "$RM" value ils --similarity "$tmp/b5" --grades 0,0 --ids a,b
refused "--features with --similarity" "--features and --similarity both say how alike two items are" \
  "$RM" "${E[@]}" --similarity "$tmp/cos" --features "$tmp/feat"
refused "--similarity with --features" "--features and --similarity both say how alike two items are" \
  "$RM" "${E[@]}" --features "$tmp/feat" --similarity "$tmp/cos"
refused "value: --features with --similarity" "--features and --similarity both" \
  "$RM" value ils --features "$tmp/feat" --similarity "$tmp/cos" --grades 0,0 --ids a,b
refused "srecall counts features" "srecall counts the items' features, which --similarity FILE does not give" \
  "$RM" eval --quiet -m srecall "$tmp/qrels" "$tmp/run" --similarity "$tmp/cos"
refused "--similarity twice" "--similarity is given twice" \
  "$RM" "${E[@]}" --similarity "$tmp/cos" --similarity "$tmp/cos"
refused "ils without either file" "which was not given" "$RM" "${E[@]}"
finish
