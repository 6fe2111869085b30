#!/bin/bash
# merge_test.sh: sharded evaluation.  A run (TREC and CSV) is cut at query
# boundaries into 1, 2, 7 and 64 shards; each shard is evaluated with
# `eval --partial' (through GNU parallel in one case), the states are merged
# in a shuffled order, and the output must be the bytes of one `eval' over
# the whole file, on the double and on the exact path, for means with
# uniform, items (GAUC) and positives weights, sums, skipped queries, gm and
# micro averages (the pooled RMSE too).
# A tiny case worked by hand shows the mean of the shards' means is wrong and
# the merge right.  Malformed or mismatched states are refused, naming the
# files.  Run from the top directory after ./rankmetrics is built.
cd "$(dirname "$0")/.." || exit 1
RM=${TOOL:-$PWD/rankmetrics}
pass=0; fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# ---- data: 150 queries; some without relevant items (skipped under
# skip=norel and skip=undef), ratings for rmse, scores with ties ------------
awk -v T="$T" 'BEGIN { srand(16); print "user,item,label,score" > T "/all.csv";
  for (q = 1; q <= 150; q++) {
    n = 1 + int(rand() * 25); norel = (q % 9 == 0);
    for (i = 1; i <= n; i++) {
      g = norel ? 0 : int(rand() * 3); if (rand() < 0.4) g = 0; s = int(rand() * 20) / 8;
      printf "q%d 0 d%d %d\n", q, i, g > T "/qrels";
      printf "q%d Q0 d%d %d %s t\n", q, i, i, s > T "/run";
      printf "q%d,d%d,%d,%s\n", q, i, g, s > T "/all.csv" } } }'
# medians of an even count (150 queries, 134 with a relevant item) under
# both rules, of irrational values (ndcg) and rational ones (ap, rr)
MED=(-m median:ndcg@10 -m 'median[even=lower]:ndcg@10' -m 'median[skip=norel]:ndcg'
     -m 'median[skip=norel,even=lower]:ap' -m median:rr -m 'median[even=lower]:rr')
MD=(-m ap -m 'ndcg@10' -m 'mean[weight=items]:auc' -m 'mean[skip=undef,weight=positives]:auc'
    -m 'sum:rr' -m 'mean[skip=norel]:ndcg[gain=exp2]' -m 'gm:ap' -m 'mean:rmse' -m 'precision@5'
    -m 'micro:hr@10' -m rmse -m 'micro[skip=undef]:precision@5' -m 'fmean@5' -m 'fmean@3[beta2=1/4]'
    -m 'min[skip=norel]:ndcg' -m 'max:ap' -m 'min[skip=norel]:ap' "${MED[@]}")
MX=(-m ap -m 'ndcg@10' -m 'mean[weight=items]:auc' -m 'mean[skip=undef,weight=positives]:auc'
    -m 'sum:rr' -m 'mean[skip=norel]:ndcg[gain=exp2]' -m 'mean:rmse' -m 'precision@5'
    -m 'micro:hr@10' -m 'micro[skip=undef]:precision@5' -m 'gm:ap' -m 'gm[skip=norel]:ndcg@5' -m rmse
    -m 'fmean@5' -m 'fmean@3[beta2=1/4]' -m 'min[skip=norel]:ndcg' -m 'max:ap' -m 'min[skip=norel]:ap'
    "${MED[@]}")

# split FILE K DIR: query j (in order of first appearance) goes to shard
# (j * 5) mod K, so shards are not contiguous; a CSV keeps its header
split_q() {
  mkdir -p "$3"
  if [ "${1%.csv}" != "$1" ]; then
    awk -F, -v K="$2" -v D="$3" 'NR == 1 { h = $0; next }
      !($1 in s) { s[$1] = (n++ * 5) % K; f = D "/" s[$1] ".csv";
        if (!(f in w)) { print h > f; w[f] = 1 } }
      { print > (D "/" s[$1] ".csv") }' "$1"
  else
    awk -v K="$2" -v D="$3" '!($1 in s) { s[$1] = (n++ * 5) % K }
      { print > (D "/" s[$1] ".trec") }' "$1"
  fi
}

for path in --fast --exact; do
  if [ "$path" = --fast ]; then M=("${MD[@]}"); else M=("${MX[@]}"); fi
  for input in run all.csv; do
    if [ $input = run ]; then Q="$T/qrels"; else Q=""; fi
    for fmt in "" --json; do
      $RM eval --quiet $path $fmt "${M[@]}" $Q "$T/$input" > "$T/one" || bad "eval $path $input"
      for k in 1 2 7 64; do
        d="$T/sh$k"; rm -rf "$d"; split_q "$T/$input" $k "$d"
        if [ $k = 7 ]; then
          ls "$d"/* | parallel -q -j2 "$RM" eval --quiet --partial $path "${M[@]}" $Q {} -o {}.state \
            || bad "parallel $k"
        else
          for f in "$d"/*; do
            $RM eval --quiet --partial $path "${M[@]}" $Q "$f" > "$f.state" || bad "partial $f"
          done
        fi
        [ $(ls "$d"/*.state | wc -l) -eq $k ] || bad "$k shards expected, $(ls "$d"/*.state | wc -l) made"
        $RM merge --quiet $fmt $(ls "$d"/*.state | shuf) > "$T/merged" || bad "merge $k"
        if cmp -s "$T/one" "$T/merged"; then ok "$input ${path#--} ${fmt:-table}: $k shards merge to the bytes of one run"
        else bad "$input ${path#--} ${fmt:-table}: $k shards differ"; diff "$T/one" "$T/merged" | head -5; fi
      done
    done
  done
done
# the states do say something: the double path's aggregates are not all alike
[ $(cut -c34- "$T/one" | sort -u | wc -l) -ge 6 ] && ok "the aggregates are distinct values" || bad "aggregates: $(cat "$T/one")"

# one run does not depend on the order of the queries: reversed, the bytes agree
awk '{ if (!($1 in L)) o[n++] = $1; L[$1] = L[$1] $0 "\n" }
  END { for (i = n - 1; i >= 0; i--) printf "%s", L[o[i]] }' "$T/run" > "$T/rev"
[ "$(head -1 "$T/rev" | cut -d' ' -f1)" = q150 ] || bad "reversal"
$RM eval --quiet "${MD[@]}" "$T/qrels" "$T/run" > "$T/a"
$RM eval --quiet "${MD[@]}" "$T/qrels" "$T/rev" > "$T/b"
cmp -s "$T/a" "$T/b" && ok "eval: queries in reverse order, the same bytes" || bad "reverse order differs"

# ---- a tiny case by hand: reciprocal ranks 1, 1/2 and 0; shard 1 has the
# first two, shard 2 the third.  Shard means 3/4 and 0, their mean 3/8 =
# 0.375; the MRR is (1 + 1/2 + 0)/3 = 1/2 -------------------------------------
printf 'user,item,label\na,x,1\na,y,0\nb,x,0\nb,y,1\n' > "$T/s1.csv"
printf 'user,item,label\nc,x,0\nc,y,0\n' > "$T/s2.csv"
m1=$($RM eval --quiet --trec -m rr "$T/s1.csv" | cut -f3); m2=$($RM eval --quiet --trec -m rr "$T/s2.csv" | cut -f3)
mm=$(awk -v a="$m1" -v b="$m2" 'BEGIN { print (a + b) / 2 }')
[ "$m1" = 0.75 ] && [ "$m2" = 0 ] && [ "$mm" = 0.375 ] && ok "shard means 0.75 and 0, their mean 0.375" \
  || bad "shard means $m1 $m2 $mm"
$RM eval --quiet --fast --partial -m rr "$T/s1.csv" -o "$T/s1.state"; $RM eval --quiet --fast --partial -m rr "$T/s2.csv" -o "$T/s2.state"
got=$($RM merge --quiet --trec "$T/s2.state" "$T/s1.state")
[ "$got" = "$(printf 'rr\tall\t0.5')" ] && ok "merged MRR is 1/2" || bad "merged MRR: $got"
# GAUC weighted by items: user a has 2 items and AUC 1, user b 4 items and
# AUC 1/2 (positives ranked 1st and 4th among 2+2); (2*1 + 4*1/2)/6 = 2/3,
# where the mean of the two shards' values would be 3/4.  User c, with one
# class only, is skipped under skip=undef: a shard of c alone has no counted
# query and prints undef's 0, which must not enter the merge.
printf 'user,item,label\na,x,1\na,y,0\n' > "$T/g1.csv"
printf 'user,item,label\nb,x,1\nb,y,0\nb,z,0\nb,w,1\n' > "$T/g2.csv"
printf 'user,item,label\nc,x,0\nc,y,0\nc,z,0\n' > "$T/g3.csv"
G='mean[skip=undef,weight=items]:auc'
for i in 1 2 3; do $RM eval --quiet --fast --partial -m "$G" "$T/g$i.csv" -o "$T/g$i.state"; done
[ "$($RM eval --quiet --trec -m "$G" "$T/g3.csv" | cut -f3)" = 0 ] && ok "a shard of skipped queries alone prints 0" || bad "g3 alone"
grep -qx 'counts 0 1' "$T/g3.state" && ok "its state counts 0 queries and 1 skipped" || bad "g3 state: $(cat "$T/g3.state")"
got=$($RM merge --quiet --trec "$T/g3.state" "$T/g2.state" "$T/g1.state" | cut -f3)
[ "$got" = 0.6666666666666666 ] && ok "GAUC by items merged: 2/3" || bad "GAUC merged: $got"
got=$($RM merge --quiet --trec "$T/g1.state" "$T/g2.state" "$T/g3.state" | cut -f3)
[ "$got" = 0.6666666666666666 ] && ok "in another order too" || bad "GAUC merged (order 2): $got"
got=$($RM eval --quiet --exact --partial -m "$G" "$T/g2.csv" -o "$T/x2.state" &&
  $RM eval --quiet --exact --partial -m "$G" "$T/g1.csv" -o "$T/x1.state" 2>&1)
[ -z "$got" ] && [ "$($RM merge --quiet "$T/x1.state" "$T/x2.state" | awk '{print $3}')" = 0.6666666666666666 ] &&
  grep -qx 'fractions 2 4' "$T/x2.state" && ok "exact: the fraction 2 over the weight 4, merged to 2/3" || bad "exact GAUC: $(cat "$T/x2.state")"

# the users GAUC left out, and why, in --json: d (two clicks, no non-click)
# and c (three non-clicks) are of one class; merged from four states in any
# order, the list is one run's, sorted (main's JSON gave the count alone)
printf 'user,item,label\nd,x,1\nd,y,1\n' > "$T/g4.csv"
for i in 1 2 3 4; do $RM eval --quiet --partial -m gauc "$T/g$i.csv" -o "$T/l$i.state"; done
grep -qx 'left d' "$T/l4.state" && ok "a state names the user it left out" || bad "l4 state: $(cat "$T/l4.state")"
got=$($RM merge --quiet --json "$T/l4.state" "$T/l2.state" "$T/l3.state" "$T/l1.state" | sed 's/.*"value"://')
[ "$got" = '0.6666666666666666,"left_out":2,"left_why":"a value undefined: an AUC of one class only","left":["c","d"]}' ] \
  && ok "GAUC's users left out named in merge --json: c and d" || bad "left in merge: $got"
awk 'FNR == 1 && NR > 1 { next } { print }' "$T/g1.csv" "$T/g2.csv" "$T/g3.csv" "$T/g4.csv" > "$T/g.csv"
[ "$($RM eval --quiet --json -m gauc "$T/g.csv" | sed 's/.*"value"://')" = "$got" ] \
  && ok "and in one eval's --json, the same bytes" || bad "left in eval: $($RM eval --quiet --json -m gauc "$T/g.csv")"
$RM eval --quiet --partial -m gauc "$T/g.csv" -o "$T/l.state"
awk '/^left c$/ { print "left d"; next } /^left d$/ { print "left c"; next } { print }' "$T/l.state" > "$T/lx.state"
awk '/^left d$/ { next } { print }' "$T/l.state" > "$T/ly.state"
for f in lx ly; do
  python3 tests/seal_state.py "$T/$f.state"
  out=$($RM merge "$T/$f.state" 2>&1); rc=$?
  [ $rc -ne 0 ] && printf '%s' "$out" | grep -q "$f.state:[0-9]*:" && ok "left lines out of order or missing ($f) refused with file:line" \
    || bad "left $f: rc $rc $out"
done

# the F-score of means of the book's exercise (set-ans, 2): at K = 2 user a
# has P = 1/2, R = 1 and user b P = 1/2, R = 1/4 (three relevant documents
# not retrieved).  Alone, a's shard prints F = 2/3 and b's 1/3, whose mean
# is 1/2; the F of the pooled means 1/2 and 5/8 is 5/9, and so is the merge
# of the two states, on both paths (main refused fmean under --partial)
printf 'a 0 x 1\na 0 y 0\na 0 z 0\nb 0 p 0\nb 0 q 1\nb 0 r 1\nb 0 s 1\nb 0 t 1\n' > "$T/f.qrels"
printf 'a Q0 x 1 3 t\na Q0 y 2 2 t\na Q0 z 3 1 t\n' > "$T/fa.run"
printf 'b Q0 p 1 2 t\nb Q0 q 2 1 t\n' > "$T/fb.run"
fa=$($RM eval --quiet --trec -m fmean@2 "$T/f.qrels" "$T/fa.run" | cut -f3)
fb=$($RM eval --quiet --trec -m fmean@2 "$T/f.qrels" "$T/fb.run" | cut -f3)
[ "$fa:$fb" = 0.6666666666666666:0.3333333333333333 ] && ok "fmean@2 of each shard alone: 2/3 and 1/3" || bad "fmean shards: $fa $fb"
for path in --fast --exact; do
  $RM eval --quiet $path --partial -m fmean@2 "$T/f.qrels" "$T/fa.run" -o "$T/fa.state" &&
  $RM eval --quiet $path --partial -m fmean@2 "$T/f.qrels" "$T/fb.run" -o "$T/fb.state"
  got=$($RM merge --quiet --trec "$T/fb.state" "$T/fa.state" | cut -f3)
  [ "$got" = 0.5555555555555556 ] && ok "fmean@2 merged ${path#--}: 5/9" || bad "fmean merged $path: $got"
done
grep -qx 'fractions 1/2 1/4' "$T/fb.state" \
  && ok "an exact fmean state holds the sums of P and R" || bad "fmean state: $(cat "$T/fb.state")"
sed 's|^fractions 1/2 1/4|fractions 3 1/4|' "$T/fb.state" > "$T/fbig.state"
python3 tests/seal_state.py "$T/fbig.state"
out=$($RM merge "$T/fbig.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "sums of precisions and recalls lie outside" \
  && ok "an fmean state whose sum of precisions passes its users is refused" || bad "fmean forged: rc $rc $out"

# the least and greatest RR of users a (1), b (1/2), c (1/3) in three
# shards, and a fourth shard d with no relevant item, left out by
# skip=norel (its state says 'extreme none'): min 1/3, max 1 (main refused
# min and max under --partial)
printf 'user,item,label,score\na,x,1,3\na,y,0,1\n' > "$T/m1.csv"
printf 'user,item,label,score\nb,x,0,3\nb,y,1,1\n' > "$T/m2.csv"
printf 'user,item,label,score\nc,x,0,3\nc,y,0,2\nc,z,1,1\n' > "$T/m3.csv"
printf 'user,item,label,score\nd,x,0,3\n' > "$T/m4.csv"
for path in --fast --exact; do
  for i in 1 2 3 4; do
    $RM eval --quiet $path --partial -m 'min[skip=norel]:rr' -m 'max[skip=norel]:rr' "$T/m$i.csv" -o "$T/m$i.state"
  done
  got=$($RM merge --quiet --trec "$T/m4.state" "$T/m2.state" "$T/m3.state" "$T/m1.state" | cut -f3 | tr '\n' ' ')
  [ "$got" = "0.3333333333333333 1 " ] && ok "min and max of RR merged ${path#--}: 1/3 and 1" || bad "min/max merged $path: $got"
done
grep -qx 'extreme none' "$T/m4.state" && grep -qx 'extreme 0x1.5555555555555p-2' "$T/m3.state" \
  && ok "a state holds its least value in hexadecimal, or none" || bad "extreme lines: $(cat "$T/m3.state" "$T/m4.state")"
sed 's/^extreme none/extreme 0x1p-1/' "$T/m4.state" > "$T/mx.state"
python3 tests/seal_state.py "$T/mx.state"
out=$($RM merge "$T/mx.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "mx.state:[0-9]*: a malformed line" \
  && ok "a least value where no query counted is refused" || bad "extreme forged: rc $rc $out"

# ---- refusals: never silently wrong --------------------------------------
out=$($RM merge "$T/g1.state" "$T/x1.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "g1.state' and '.*x1.state' cannot be merged: one is of the double path" \
  && ok "double and exact states refused, both named" || bad "double+exact: rc $rc $out"
$RM eval --quiet --fast --partial -m ap "$T/s1.csv" -o "$T/ap.state"
out=$($RM merge "$T/s1.state" "$T/ap.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "their measures differ" && ok "other measures refused" || bad "measures: $out"
$RM eval --quiet --fast --partial --dup first -m rr "$T/s2.csv" -o "$T/dup.state"
out=$($RM merge "$T/s1.state" "$T/dup.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "their options differ" && ok "other options refused" || bad "options: $out"
head -n -1 "$T/s1.state" > "$T/cut.state"
out=$($RM merge "$T/cut.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "cut.state:[0-9]*: the state ends before its 'end' line" \
  && ok "a truncated state refused" || bad "truncated: $out"
sed 's/^sums 0x\([0-9a-f]*\)/sums 0x\1 /' "$T/s1.state" > "$T/sp.state"
sed 's/^rankmetrics-partial 7/rankmetrics-partial 8/' "$T/s1.state" > "$T/v5.state"
sed 's/^sums 0x/sums 0X/' "$T/s1.state" > "$T/X.state"
# the names of s1's queries, a and b: out of order, one repeated, fewer than
# its queries, and a name line with a stray backslash
awk '/^names / { print; getline x; getline y; print y; print x; next } { print }' "$T/s1.state" > "$T/h.state"
awk '/^names / { print; getline x; getline y; print x; print x; next } { print }' "$T/s1.state" > "$T/n.state"
awk '/^names / { print "names 1"; getline x; getline y; print x; next } { print }' "$T/s1.state" > "$T/n0.state"
awk '/^names / { print; getline x; print x "\\"; next } { print }' "$T/s1.state" > "$T/bsl.state"
for f in sp v5 X h n n0 bsl; do
  python3 tests/seal_state.py "$T/$f.state"  # the checksum right: the edit itself refused
  out=$($RM merge "$T/$f.state" 2>&1); rc=$?
  [ $rc -ne 0 ] && printf '%s' "$out" | grep -q "$f.state:[0-9]*:" && ok "malformed state $f refused with file:line" \
    || bad "malformed $f: rc $rc $out"
done
sed 's/^rankmetrics-partial 7/rankmetrics-partial 5/' "$T/s1.state" > "$T/old5.state"
python3 tests/seal_state.py "$T/old5.state"
out=$($RM merge "$T/old5.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "old5.state:1: .*version 5 did not name the queries a skip rule left out" \
  && ok "a state of version 5 refused, saying why" || bad "version 5: rc $rc $out"
for v in 1 2 3; do
  sed "s/^rankmetrics-partial 7/rankmetrics-partial $v/" "$T/s1.state" > "$T/v$v.state"
  out=$($RM merge "$T/v$v.state" 2>&1); rc=$?
  [ $rc -ne 0 ] && printf '%s' "$out" | grep -q "v$v.state:1: .*versions 1 to 3 did not name every query.*again with eval --partial" \
    && ok "a state of version $v refused, saying to evaluate the shard again with --partial" || bad "version $v: rc $rc $out"
done
# the checksum: a sum edited alone keeps every bond between the numbers (the
# mean of AP is now another number), and merge printed it with status 0; a
# state whose line ends became CRLF; a checksum line malformed
awk '/^sums / && !d { sub(/^sums 0x./, "sums 0x1"); d = 1 } { print }' "$T/s1.state" > "$T/e1.state"
sed 's/$/\r/' "$T/s1.state" > "$T/crlf.state"
sed 's/^end \(.*\)/end  \1/' "$T/s1.state" > "$T/e2.state"
if ! cmp -s "$T/s1.state" "$T/e1.state"; then
  out=$($RM merge "$T/e1.state" 2>&1); rc=$?
  [ $rc -ne 0 ] && printf '%s' "$out" | grep -q "e1.state:[0-9]*: the checksum of the state is not that of its lines" \
    && ok "a sum edited alone is refused by the checksum" || bad "edited sum: rc $rc $out"
else bad "the test's edit of a sum changed nothing"; fi
out=$($RM merge "$T/crlf.state" 2>&1); rc=$?
[ $rc -ne 0 ] && ok "a state with CRLF line ends is refused" || bad "crlf state: rc $rc $out"
out=$($RM merge "$T/e2.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "e2.state:[0-9]*: a malformed line" && ok "a malformed checksum line is refused" \
  || bad "checksum line: rc $rc $out"
python3 tests/seal_state.py "$T/e1.state"
[ $($RM merge --quiet --trec "$T/e1.state" >/dev/null 2>&1; echo $?) = 0 ] \
  && ok "... and the same edit sealed again is read (the checksum is the one written)" || bad "resealed state refused"
# ---- overlapping shards are refused, naming both files and the query -------
out=$($RM merge "$T/s1.state" "$T/s2.state" "$T/s1.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "s1.state' and '.*s1.state' both hold query '[ab]' (one file given twice)" \
  && ok "one state given twice is refused" || bad "twice: rc $rc $out"
cp "$T/s1.state" "$T/copy.state"
out=$($RM merge "$T/s1.state" "$T/copy.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "s1.state' and '.*copy.state' both hold query '[ab]':" \
  && ok "two copies of a state are refused" || bad "copy: rc $rc $out"
# a run cut by lines, not by queries: query q2 (lines 2-4) is cut after line 3
printf 'q1 Q0 a 1 3 t\nq2 Q0 a 1 3 t\nq2 Q0 b 2 2 t\nq2 Q0 c 3 1 t\nq3 Q0 a 1 1 t\n' > "$T/r5"
printf 'q1 0 a 1\nq2 0 c 1\nq3 0 a 0\n' > "$T/q5"
head -n 3 "$T/r5" > "$T/r5a"; tail -n 2 "$T/r5" > "$T/r5b"
$RM eval --quiet --fast --partial -m rr "$T/q5" "$T/r5a" -o "$T/r5a.state" && $RM eval --quiet --fast --partial -m rr "$T/q5" "$T/r5b" -o "$T/r5b.state"
out=$($RM merge "$T/r5b.state" "$T/r5a.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "r5b.state' and '.*r5a.state' both hold query 'q2':" \
  && ok "a run cut inside a query is refused, naming it" || bad "cut query: rc $rc $out"
# 300 queries x1..x300 against x151..x450 (neither's ends in the other's
# ends): 150 of 450 queries shared, found in the names of both states
awk -v T="$T" 'BEGIN { print "user,item,label" > T "/o1.csv"; print "user,item,label" > T "/o2.csv";
  for (q = 1; q <= 450; q++) { if (q <= 300) printf "x%d,i,1\n", q > T "/o1.csv";
    if (q > 150) printf "x%d,i,1\n", q > T "/o2.csv" } }'
$RM eval --quiet --fast --partial -m rr "$T/o1.csv" -o "$T/o1.state" && $RM eval --quiet --fast --partial -m rr "$T/o2.csv" -o "$T/o2.state"
[ "$(sed -n '/^names /,/^end /p' "$T/o1.state" | grep -c '^x')" = 300 ] && ok "a state names its 300 queries" || bad "names of o1"
out=$($RM merge "$T/o1.state" "$T/o2.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "both hold query 'x\(15[1-9]\|1[6-9][0-9]\|2[0-9][0-9]\|300\)':" \
  && ok "shards sharing a third of their queries are refused" || bad "overlap: rc $rc $out"
# one query repeated, and no trace of the old format could see it: A holds
# x1..x1000, B repeats x637 (neither an end of A nor among the 128 smallest
# hashes of A's names) beside x1001..x1020.  Format 3 merged them with
# status 0 into "1021 queries"; the names of every query find it.
awk -v T="$T" 'BEGIN { print "user,item,label,score" > T "/ra.csv"; print "user,item,label,score" > T "/rb.csv";
  for (q = 1; q <= 1000; q++) printf "x%d,a,%d,0.9\nx%d,b,%d,0.5\n", q, q % 2, q, q % 3 == 0 > T "/ra.csv";
  printf "x637,a,1,0.1\nx637,b,0,0.7\n" > T "/rb.csv"; for (q = 1001; q <= 1020; q++) printf "x%d,a,1,0.9\n", q > T "/rb.csv" }'
$RM eval --quiet --fast --partial -m ap "$T/ra.csv" -o "$T/ra.state" && $RM eval --quiet --fast --partial -m ap "$T/rb.csv" -o "$T/rb.state"
out=$($RM merge "$T/ra.state" "$T/rb.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "ra.state' and '.*rb.state' both hold query 'x637':" \
  && ok "a query repeated outside any sample is refused, named" || bad "repeated x637: rc $rc $out"
# judgments: two shards of one run against judgments that differ in one
# grade are refused, both digests named; against the same judgments (a
# copy, and a pipe) they merge
printf 'q1 Q0 a 1 2 t\nq1 Q0 b 2 1 t\n' > "$T/jr1"; printf 'q2 Q0 a 1 2 t\nq2 Q0 b 2 1 t\n' > "$T/jr2"
printf 'q1 0 a 1\nq2 0 b 1\n' > "$T/jq"; printf 'q1 0 a 1\nq2 0 b 2\n' > "$T/jq2"; cp "$T/jq" "$T/jqc"
$RM eval --quiet --fast --partial -m ap "$T/jq" "$T/jr1" -o "$T/j1.state" && $RM eval --quiet --fast --partial -m ap "$T/jq2" "$T/jr2" -o "$T/j2.state"
out=$($RM merge "$T/j1.state" "$T/j2.state" 2>&1); rc=$?
d1=$(sed -n 's/^judgments //p' "$T/j1.state"); d2=$(sed -n 's/^judgments //p' "$T/j2.state")
[ $rc -ne 0 ] && printf '%s' "$out" | grep -qF "j1.state' and '$T/j2.state' cannot be merged: they were evaluated against other judgments ('$d1' and '$d2')" \
  && ok "states of other judgments refused, both named" || bad "judgments: rc $rc $out"
cat "$T/jqc" | $RM eval --quiet --fast --partial -m ap - "$T/jr2" -o "$T/j3.state"
[ "$($RM merge --quiet --trec "$T/j1.state" "$T/j3.state" | cut -f3)" = 0.75 ] \
  && ok "the same judgments, from a pipe, merge: (1 + 1/2)/2" || bad "same judgments: $($RM merge "$T/j1.state" "$T/j3.state" 2>&1)"
# the columns a delimited file was read by are options too
printf 'user,item,label,s1,s2\nu,a,1,0.9,0.1\nu,b,0,0.5,0.7\n' > "$T/c1.csv"
printf 'user,item,label,s1,s2\nv,a,1,0.9,0.1\nv,b,0,0.5,0.7\n' > "$T/c2.csv"
$RM eval --quiet --fast --partial --score s1 -m ap "$T/c1.csv" -o "$T/c1.state" && $RM eval --quiet --fast --partial --score s2 -m ap "$T/c2.csv" -o "$T/c2.state"
out=$($RM merge "$T/c1.state" "$T/c2.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "their options differ (.*columns=user,item,label,s1' and .*columns=user,item,label,s2')" \
  && ok "states read by other score columns refused" || bad "columns: rc $rc $out"
# a forged state, sealed: the mean of AP of one query made 836.8 (its sum
# 0x1a26p-3 = 836.75, near enough) is outside [0, 1] times 1 query; and a
# mean of kendall[tau=a] of -2 outside [-1, 1]; an unbounded dcg of 836.75 is read
sed 's/^sums 0x[0-9a-f]*p-*[0-9]* /sums 0x1a26p-3 /' "$T/j1.state" > "$T/f1.state"; python3 tests/seal_state.py "$T/f1.state"
out=$($RM merge "$T/f1.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "f1.state: measure 'ap': its sums lie outside the range of its values times its queries" \
  && ok "a sealed mean of AP of 836.75 refused by its range" || bad "forged ap: rc $rc $out"
printf 'user,item,label,score\nu,a,1,0.9\nu,b,0,0.5\n' > "$T/k.csv"
$RM eval --quiet --fast --partial -m 'kendall[tau=a]' "$T/k.csv" -o "$T/k.state"
sed 's/^sums 0x[0-9a-f]*p-*[0-9]* /sums -0x2p0 /' "$T/k.state" > "$T/f2.state"; python3 tests/seal_state.py "$T/f2.state"
out=$($RM merge "$T/f2.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "its sums lie outside the range" && ok "a sealed mean of kendall[tau=a] of -2 refused" || bad "forged kendall: rc $rc $out"
$RM eval --quiet --fast --partial -m dcg "$T/jq" "$T/jr1" -o "$T/dc.state"
sed 's/^sums 0x[0-9a-f]*p-*[0-9]* /sums 0x1a26p-3 /' "$T/dc.state" > "$T/f3.state"; python3 tests/seal_state.py "$T/f3.state"
[ "$($RM merge --quiet --trec "$T/f3.state" | cut -f3)" = 836.75 ] && ok "an unbounded measure (dcg) is not range-checked" || bad "dcg 836.75"
# and no true value is refused: the extremes of every variant of the golden
# vectors, each the one query of a sealed state, merge to themselves
python3 tests/range_check.py "$RM" vectors "$T" > "$T/rc" 2>&1 && ok "$(tail -n 1 "$T/rc")" || bad "$(cat "$T/rc")"
# disjoint halves of the same 450 merge, and give the 450 queries' value
awk -v T="$T" 'BEGIN { print "user,item,label" > T "/o3.csv"; for (q = 301; q <= 450; q++) printf "x%d,i,1\n", q > T "/o3.csv" }'
$RM eval --quiet --fast --partial -m rr "$T/o3.csv" -o "$T/o3.state"
[ "$($RM merge --quiet --trec "$T/o3.state" "$T/o1.state")" = "$(printf 'rr\tall\t1')" ] \
  && ok "disjoint shards of 300 and 150 queries merge" || bad "disjoint"
# a name with a backslash and a space round-trips through the state
printf 'user,item,label\n"a\\b c",x,1\n' > "$T/bs.csv"
$RM eval --quiet --fast --partial -m rr "$T/bs.csv" -o "$T/bs.state"
out=$($RM merge "$T/bs.state" "$T/bs.state" 2>&1); rc=$?
[ $rc -ne 0 ] && grep -qxF 'a\\b c' "$T/bs.state" && printf '%s' "$out" | grep -qF "both hold query 'a\\\\b c'" \
  && ok "a name with a backslash is written escaped and read back" || bad "backslash: rc $rc $(cat "$T/bs.state") $out"
# an enclosure around the midpoint 1 + 2^-53 of 1 and the next double,
# 2^-80 on either side, cannot decide the rounding: merge must say so
printf 'user,item,label\nu,x,1\n' > "$T/u.csv"
$RM eval --quiet --partial -m rr "$T/u.csv" -o "$T/u.state"
printf 'rankmetrics-partial 6\npath exact\noptions %s\njudgments none\nqueries 1\nmeasure dcg\nvariant %s\ncounts 1 0\nfractions 0 1\nenclosure 1 %s %s\nnames 1\nu\nend\n' \
  "$(sed -n 's/^options //p' "$T/u.state")" "$($RM name 'mean:dcg')" 1208925819614629308923903/1208925819614629174706176 \
  1208925819614629308923905/1208925819614629174706176 > "$T/mid.state"
python3 tests/seal_state.py "$T/mid.state"
out=$($RM merge "$T/mid.state" 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q "does not decide the rounding" && ok "an undecided enclosure is refused" \
  || bad "undecided: rc $rc $out"
sed 's|^enclosure 1 .*|enclosure 1 1208925819614629308923904/1208925819614629174706176 1208925819614629308923904/1208925819614629174706176|' \
  "$T/mid.state" > "$T/tie.state"
python3 tests/seal_state.py "$T/tie.state"
[ "$($RM merge --quiet --trec "$T/tie.state" | cut -f3)" = 1 ] && ok "the midpoint itself rounds to even: 1" || bad "tie"
echo old > "$T/keep"
$RM merge "$T/s1.state" "$T/cut.state" -o "$T/keep" 2>/dev/null
[ "$(cat "$T/keep")" = old ] && ok "-o FILE is left as it was after an error" || bad "-o overwritten"
$RM merge --quiet "$T/s1.state" "$T/s2.state" -o "$T/keep" && [ "$(awk '{print $3}' "$T/keep")" = 0.5 ] \
  && ok "-o FILE written on success" || bad "-o: $(cat "$T/keep")"
# the pooled RMSE on the exact path, by hand: users u1 (rating 3, predicted
# 1) and u2 (4, 4): sqrt((4 + 0)/2) = sqrt(2), 1.4142135623730951, where the
# mean of the users' RMSEs is 1.  And one row whose error is the midpoint
# m = 1 + 3*2^-53 of two doubles: the root of m^2 is m, a tie, which goes to
# the even 1 + 2^-51 = 1.0000000000000004 (odd would be 1.0000000000000002)
printf 'user,item,label,score\nu1,a,3,1\n' > "$T/p1.csv"; printf 'user,item,label,score\nu2,b,4,4\n' > "$T/p2.csv"
for i in 1 2; do $RM eval --quiet --exact --partial -m rmse "$T/p$i.csv" -o "$T/p$i.state"; done
[ "$($RM merge --quiet --trec "$T/p2.state" "$T/p1.state")" = "$(printf 'rmse\tall\t1.4142135623730951')" ] \
  && ok "exact pooled RMSE of two shards: sqrt(2)" || bad "pooled rmse: $($RM merge --quiet --trec "$T/p1.state" "$T/p2.state")"
printf 'user,item,label,score\nu,a,1.00000000000000033306690738754696212708950042724609375,0\n' > "$T/mid.csv"
got=$($RM eval --quiet --exact --partial -m rmse "$T/mid.csv" | $RM merge --quiet --trec - | cut -f3)
[ "$got" = 1.0000000000000004 ] && ok "a root that is a midpoint rounds to the even double" || bad "midpoint root: $got"
# ---- medians in 7 shards, merged in three fixed orders (forward, reversed,
# from the middle out): the bytes of one run, on both paths, for even=mean and
# even=lower.  main refused them under --partial.
d="$T/med7"; rm -rf "$d"; split_q "$T/run" 7 "$d"
for path in --exact --fast; do
  $RM eval --quiet $path "${MED[@]}" "$T/qrels" "$T/run" > "$T/one"
  for f in "$d"/*.trec; do $RM eval --quiet --partial $path "${MED[@]}" "$T/qrels" "$f" > "$f.state" ||
    bad "median --partial $path $f"; done
  for order in "0 1 2 3 4 5 6" "6 5 4 3 2 1 0" "3 2 4 1 5 0 6"; do
    $RM merge --quiet $(for i in $order; do echo "$d/$i.trec.state"; done) > "$T/merged" &&
      cmp -s "$T/one" "$T/merged" && [ "$(wc -l < "$T/one")" = 6 ] &&
      ok "medians ${path#--}: 7 shards in the order $order merge to one run's bytes" ||
      bad "medians ${path#--}, order $order: $(diff "$T/one" "$T/merged" | head -4)"
  done
done
# a state of a median holds as many values as counted queries, each a
# number; and a version 6 state (no median in it) is still read
# refused STATE TEXT WHAT: STATE, its checksum made right, is refused saying TEXT
refused() {
  python3 tests/seal_state.py "$1"
  out=$($RM merge "$1" 2>&1); rc=$?
  [ $rc -ne 0 ] && printf '%s' "$out" | grep -q "$2" && ok "$3" || bad "$3: rc $rc $out"
}
awk '/^values / && !d { sub(/ [0-9]+$/, " 1"); d = 1 } { print }' "$d/0.trec.state" > "$T/mv.state"
refused "$T/mv.state" "mv.state:[0-9]*: a malformed line" \
  "a median's values that are not its counted queries are refused"
sed 's/^rankmetrics-partial 7/rankmetrics-partial 6/' "$T/s1.state" > "$T/v6.state"
python3 tests/seal_state.py "$T/v6.state"
[ "$($RM merge --quiet --trec "$T/v6.state" "$T/s2.state")" = "$(printf 'rr\tall\t0.5')" ] &&
  ok "a state of version 6 is read" || bad "version 6: $($RM merge "$T/v6.state" 2>&1)"
# two irrational values whose enclosures' means straddle the midpoint
# 1 + 2^-53 of 1 and the next double cannot decide the median's rounding:
# merge says so; two rational values at that midpoint round to even, 1
opts=$(sed -n 's/^options //p' "$T/u.state")
D=1208925819614629174706176 # 2^80: the second value lies within 2^-80 of 1 + 2^-52
printf 'rankmetrics-partial 7\npath exact\noptions %s\njudgments none\nqueries 2\nmeasure median:ndcg\nvariant %s\ncounts 2 0\nvalues 2\nvalue 1\nvalue %s %s\nnames 2\nu\nv\nend\n' \
  "$opts" "$($RM name 'median:ndcg')" "1208925819614629443141631/$D" "1208925819614629443141633/$D" > "$T/mmid.state"
refused "$T/mmid.state" "do not decide the rounding of the median" "an undecided median is refused"
sed "s|^value 1208925819614629443141631/$D .*|value 1208925819614629443141632/$D|" "$T/mmid.state" > "$T/mtie.state"
python3 tests/seal_state.py "$T/mtie.state"
[ "$($RM merge --quiet --trec "$T/mtie.state" | cut -f3)" = 1 ] &&
  ok "a rational median at a midpoint rounds to even: 1" || bad "median tie: $($RM merge "$T/mtie.state" 2>&1)"
for args in "-q -m ap" "--trec -m ap"; do
  out=$($RM eval --quiet --partial $args "$T/s1.csv" 2>&1); rc=$?
  [ $rc -eq 2 ] && printf '%s' "$out" | grep -q -- "--partial" && ok "eval --partial $args refused" \
    || bad "eval --partial $args: rc $rc $out"
done
out=$($RM eval --quiet --partial --judged-only empty -m ap "$T/qrels" "$T/run" 2>&1); rc=$?
[ $rc -eq 2 ] && printf '%s' "$out" | grep -q "other shards" && ok "--judged-only empty refused" || bad "judged-only: $out"

echo "merge_test: $pass passed, $fail failed"
[ $fail -eq 0 ]
