#!/usr/bin/env bash
# serendipity_test.sh: Microsoft Recommenders' serendipity (issue 30) over a
# table of item features and the users' history, through value, eval and
# merge, on both paths.  The values are worked by hand in the book's section
# "Serendipity": a has the category x, b has x and y, c has y and z, so
# cos(b,a) = 1/sqrt2, cos(c,a) = 0 and cos(c,b) = 1/2.  A user who saw a and
# is shown b, c (both relevant) scores (1 - 1/sqrt2 + 1)/2 = 1 - sqrt2/4; with
# c not relevant (2 - sqrt2)/4; a user who saw a and b and is shown c scores
# 1 - (0 + 1/2)/2 = 3/4; the mean of the two is (7 - sqrt2)/8 (40 digits
# from sqrt2 = 1.41421356237309504880168872420969807856967187537694...).
cd "$(dirname "$0")/.." || exit 1
source tests/counts.sh
RM=${TOOL:-$PWD/rankmetrics}
# row NAME FEATURES HISTORY ROW ARGS...: the field of row ROW of value --exact
row() {
  local n=$1 f=$2 h=$3 r=$4; shift 4
  "$RM" value "$n" --features "$tmp/$f" --history "$tmp/$h" --exact "$@" 2>/dev/null \
    | awk -v r="$r" '$1 == r {print $2}'
}
# the features of the book's example, the weights whose cosine is 3/5, and
# the histories of value's users 1 and 2
printf 'a x\nb x\nb y\nc y\nc z\n' > "$tmp/f1"
printf 'a x 3\na y 4\nb x\n' > "$tmp/w1"
printf '1 a\n2 a\n2 b\n' > "$tmp/h"
printf '1 b\n' > "$tmp/hb"
check "saw a, shown b,c: 1 - sqrt2/4" "$(row serendipity f1 h decimal --grades 1,1 --ids b,c)" \
  0.6464466094067262377995778189475754803576
check "it is irrational" "$(row serendipity f1 h rational --grades 1,1 --ids b,c)" no
check "c not relevant: (2 - sqrt2)/4" "$(row serendipity f1 h decimal --grades 1,0 --ids b,c)" \
  0.1464466094067262377995778189475754803576
check "the top 1: 1 - 1/sqrt2" "$(row serendipity@1 f1 h decimal --grades 1,1 --ids b,c)" \
  0.2928932188134524755991556378951509607152
check "rel=2: only b counts, over two items" \
  "$(row 'serendipity[rel=2]' f1 h decimal --grades 2,1 --ids b,c)" \
  0.1464466094067262377995778189475754803576
check "the top K by score: c then b" \
  "$(row serendipity@1 f1 h rational --grades 1,1 --ids b,c --scores 1,2)" 1
check "user 1's c not relevant (0), user 2's c 1 - (0 + 1/2)/2: the mean 3/8" \
  "$(row 'mean:serendipity' f1 h rational --grades '0;1' --ids 'c;c')" 3/8
check "weights 3, 4 and 1: 1 - 3/5" "$(row serendipity w1 hb rational --grades 1 --ids a)" 2/5
check "an item without features is as far as can be" \
  "$(row serendipity f1 h rational --grades 1 --ids zz)" 1
check "the mean over two users: (7 - sqrt2)/12 with one of three undefined as 0" \
  "$(row 'mean:serendipity' f1 h decimal --grades '1,1;1;1' --ids 'b,c;c;c')" \
  0.4654822031355754125998592729825251601192
check "mean[skip=undef] leaves out the user without history: (7 - sqrt2)/8" \
  "$(row 'mean[skip=undef]:serendipity' f1 h decimal --grades '1,1;1;1' --ids 'b,c;c;c')" \
  0.6982233047033631188997889094737877401788
# the double path agrees with the exact one within its bound
for a in "serendipity --grades 1,1 --ids b,c" "mean:serendipity --grades 1,1;1 --ids b,c;c"; do
  set -- $a
  n=$1; shift
  d=$("$RM" value "$n" --features "$tmp/f1" --history "$tmp/h" "$@" | cut -f2)
  x=$(row "$n" f1 h exact "$@")
  $PY -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(abs(a - b) > 13 * 2**-52 * b)" "$d" "$x" \
    && ok "$n: the double path $d is near the exact $x" || fail "$n: double $d, exact $x"
done
printf '2 a\n' > "$tmp/h2"
err=$("$RM" value serendipity --features "$tmp/f1" --history "$tmp/h2" --grades 1 --ids c 2>&1 >/dev/null)
[[ $err == *"undefined"* ]] && ok "a user without history is undefined" || fail "no history: $err"
err=$("$RM" value serendipity --features "$tmp/f1" --grades 1 --ids c 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $err == *"give --history FILE"* ]] && ok "value serendipity without --history: exit 2" \
  || fail "value serendipity without --history: $rc $err"
err=$("$RM" value 'median:serendipity' --features "$tmp/f1" --history "$tmp/h" --grades 1 --ids c 2>&1); rc=$?
[ $rc -eq 2 ] && ok "the order statistics refuse serendipity" || fail "median:serendipity: $rc $err"

# eval: users u1 (saw a; shown b, c), u2 (saw a, b; shown c), u3 (no history)
printf 'u1 a\nu2 a\nu2 b\n' > "$tmp/hist"
printf 'u1 0 b 1\nu1 0 c 1\nu2 0 c 1\nu3 0 c 1\n' > "$tmp/qrels"
printf 'u1 Q0 b 1 2 r\nu1 Q0 c 2 1 r\nu2 Q0 c 1 1 r\nu3 Q0 c 1 1 r\n' > "$tmp/run"
M='mean[skip=undef]:serendipity@10'
for p in --fast --exact; do
  got=$("$RM" eval --quiet $p -m "$M" --features "$tmp/f1" --history "$tmp/hist" "$tmp/qrels" "$tmp/run")
  check "eval $p: the mean over the users with a history" "$(awk '{print $3}' <<< "$got")" \
    0.6982233047033631
done
got=$("$RM" eval --quiet -q -m serendipity@10 --features "$tmp/f1" --history "$tmp/hist" "$tmp/qrels" "$tmp/run")
check "eval -q: u2's value" "$(awk '$2 == "u2" {print $3}' <<< "$got")" 0.75
head -2 "$tmp/run" > "$tmp/run1"; tail -2 "$tmp/run" > "$tmp/run2"
"$RM" eval --quiet --partial -m "$M" --features "$tmp/f1" --history "$tmp/hist" "$tmp/qrels" "$tmp/run1" > "$tmp/s1" 2>/dev/null
"$RM" eval --quiet --partial -m "$M" --features "$tmp/f1" --history "$tmp/hist" "$tmp/qrels" "$tmp/run2" > "$tmp/s2" 2>/dev/null
got=$("$RM" merge --quiet "$tmp/s1" "$tmp/s2" 2>/dev/null)
check "two shards merge to the value of one run" "$(awk '{print $3}' <<< "$got")" 0.6982233047033631
grep -q ' history=' "$tmp/s1" && ok "a state names the history's digest" || fail "no history= in the state"
err=$("$RM" eval --quiet -m "$M" --features "$tmp/f1" "$tmp/qrels" "$tmp/run" 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $err == *"--history FILE"* ]] && ok "eval without --history: exit 2" \
  || fail "eval without --history: $rc $err"
printf 'u1 a\nu2\n' > "$tmp/bad"
err=$("$RM" eval --quiet -m "$M" --features "$tmp/f1" --history "$tmp/bad" "$tmp/qrels" "$tmp/run" 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $err == *"bad:2: expected 'USER ITEM' (found 1 field)"* ]] \
  && ok "a bad line of --history is refused with its file and line" || fail "bad history: $rc $err"
finish
