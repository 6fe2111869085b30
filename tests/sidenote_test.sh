#!/usr/bin/env bash
# sidenote_test.sh: eval says what its side inputs lack (the book's section
# "What the side inputs lack").  A --features file keyed by other names than
# the run's gave `ils@10 all 0' without a word; so did a --similarity file
# for its pairs, a --history file for its users and a --popularity file for
# arp under pop=file.  Worked by hand on one tiny file:
#   u1 shows a, b, c; u2 shows c, d: 4 distinct items, c first missing;
#   f.txt gives a and b features: 2 of 4 lack them, the first 'c';
#   s.txt names a, b and e in its pairs: 2 of 4 in no pair, the first 'c';
#   h.txt gives u1 a history: 1 of 2 queries lack one, the first 'u2';
#   p.txt counts a and c: 2 of 4 lack a count, the first 'b' (u1's b).
# A file keyed item_a, item_b matches none: a warning, kept under --quiet.
# The values on standard output are main's (38be686) byte for byte; the
# notes are absent on main, so those checks fail there (TOOL=...).
cd "$(dirname "$0")/.." || exit 1
source tests/counts.sh
RM=${TOOL:-$PWD/rankmetrics}
printf 'user,item,label,score\nu1,a,1,3\nu1,b,0,2\nu1,c,1,1\nu2,c,1,2\nu2,d,0,1\n' > "$tmp/r.csv"
printf 'a f1\nb f1\nb f2\n' > "$tmp/f.txt"
printf 'a f1\nb f1\nb f2\nc f2\nd f3\n' > "$tmp/fall.txt"
printf 'item_a f1\nitem_b f2\n' > "$tmp/fx.txt"
printf 'a b 1/2\nb e 1/4\n' > "$tmp/s.txt"
printf 'a b 1/2\nc d 1/4\n' > "$tmp/sall.txt"
printf 'u1 a\nu1 z\n' > "$tmp/h.txt"
printf 'u1 a\nu2 b\n' > "$tmp/hall.txt"
printf 'a 3\nc 1\n' > "$tmp/p.txt"
printf 'a 3\nb 2\nc 1\nd 1\n' > "$tmp/pall.txt"
# run NAME ARGS...: eval's stdout to $tmp/NAME.out, its notes to $tmp/NAME.notes
run() {
  local n=$1; shift
  "$RM" eval "$@" "$tmp/r.csv" > "$tmp/$n.out" 2> "$tmp/$n.err"
  grep -E '^rankmetrics: eval: (note|warning): .* (retrieved|evaluated) ' "$tmp/$n.err" \
    | sed "s|$tmp/||" > "$tmp/$n.notes"
}
note() { cat "$tmp/$1.notes"; }

run feat -m ils@10 --features "$tmp/f.txt"
check "features: 2 of 4 items lack them" "$(note feat)" \
  "rankmetrics: eval: note: 2 of 4 items retrieved have no features in f.txt (their cosines are 0 and they have no category; the first: 'c')"
run featx -m ils@10 --features "$tmp/fx.txt"
check "features keyed by other names: a warning" "$(note featx)" \
  "rankmetrics: eval: warning: none of the 4 items retrieved has features in fx.txt, so every cosine is 0 and no item has a category: do the run and the file name items alike? (the first: 'a')"
check "features keyed by other names: ils is still 0" "$(cat "$tmp/featx.out")" \
  "ils@10                   all        0"
run fall -m ils@10 -m catentropy@10 --features "$tmp/fall.txt"
check "every item has features: no note" "$(note fall)" ""
run sim -m ils@10 --similarity "$tmp/s.txt"
check "similarity: 2 of 4 items in no pair" "$(note sim)" \
  "rankmetrics: eval: note: 2 of 4 items retrieved are in no pair of s.txt (their similarities to other items are 0; the first: 'c')"
# u1's pairs (a,b) 1/2, (a,c) 0, (b,c) 0: 1/6; u2's (c,d) 0: the mean 1/12
check "similarity: the value, by hand" "$(awk '{print $3}' "$tmp/sim.out")" 0.08333333333333333
run sall -m diversity@10 --similarity "$tmp/sall.txt"
check "every item in a pair: no note" "$(note sall)" ""
run hist -m serendipity@10 --features "$tmp/fall.txt" --history "$tmp/h.txt"
check "history: 1 of 2 queries lack one" "$(note hist)" \
  "rankmetrics: eval: note: 1 of 2 queries evaluated have no line in h.txt (their histories are empty; the first: 'u2')"
run histpop -m popreo@2 --history "$tmp/h.txt"
check "history of popreo: the same note" "$(note histpop)" \
  "rankmetrics: eval: note: 1 of 2 queries evaluated have no line in h.txt (their histories are empty; the first: 'u2')"
run hall -m serendipity@10 --features "$tmp/fall.txt" --history "$tmp/hall.txt"
check "every user has a history: no note" "$(note hall)" ""
run pop -m 'arp@2[pop=file]' --popularity "$tmp/p.txt"
check "popularity: 2 of 4 items lack a count" "$(note pop)" \
  "rankmetrics: eval: note: 2 of 4 items retrieved have no count in p.txt (their popularity is 0; the first: 'b')"
run pall -m 'arp@2[pop=file]' --popularity "$tmp/pall.txt"
check "every item counted: no note" "$(note pall)" ""
run two -m ils@10 -m serendipity@10 --similarity "$tmp/s.txt" --history "$tmp/h.txt"
check "two inputs: two notes, in the order features, similarity, history" "$(note two)" \
  "rankmetrics: eval: note: 2 of 4 items retrieved are in no pair of s.txt (their similarities to other items are 0; the first: 'c')
rankmetrics: eval: note: 1 of 2 queries evaluated have no line in h.txt (their histories are empty; the first: 'u2')"
run unread -m ap --features "$tmp/fx.txt" --history "$tmp/h.txt" --popularity "$tmp/p.txt"
check "no measure reads the inputs: no note" "$(note unread)" ""
run qfeat --quiet -m ils@10 --features "$tmp/f.txt"
check "--quiet drops a note" "$(cat "$tmp/qfeat.err")" ""
run qfeatx --quiet -m ils@10 --features "$tmp/fx.txt"
check "--quiet keeps the warning that none matched" "$(note qfeatx | cut -c1-47)" \
  "rankmetrics: eval: warning: none of the 4 items"

# The values are the same: main's output for the inputs it knows; --threads
# 2 writes the same bytes and the same notes; a merged state is eval's.
# args NAME: the arguments of the case NAME, in the array a
args() {
  case $1 in
    feat) a=(-m ils@10 --features "$tmp/f.txt") ;;
    featx) a=(-m ils@10 --features "$tmp/fx.txt") ;;
    sim) a=(-m ils@10 --similarity "$tmp/s.txt") ;;
    hist) a=(-m serendipity@10 --features "$tmp/fall.txt" --history "$tmp/h.txt") ;;
    pop) a=(-m 'arp@2[pop=file]' --popularity "$tmp/p.txt") ;;
  esac
}
if [ -z "${TOOL:-}" ] && [ -x /tmp/base_38b/rankmetrics ]; then
  for n in feat featx hist pop; do
    args $n
    /tmp/base_38b/rankmetrics eval -q "${a[@]}" "$tmp/r.csv" > "$tmp/main.out" 2>/dev/null
    "$RM" eval -q "${a[@]}" "$tmp/r.csv" > "$tmp/now.out" 2>/dev/null
    if [ -s "$tmp/now.out" ] && cmp -s "$tmp/main.out" "$tmp/now.out"; then ok "$n: stdout is main's, byte for byte"
    else fail "$n: stdout differs from main's"; fi
  done
fi
for n in feat sim hist pop; do
  args $n
  "$RM" eval -q --threads 2 "${a[@]}" "$tmp/r.csv" > "$tmp/t2.out" 2> "$tmp/t2.err"
  "$RM" eval -q --threads 1 "${a[@]}" "$tmp/r.csv" > "$tmp/t1.out" 2> "$tmp/t1.err"
  if [ -s "$tmp/t1.out" ] && cmp -s "$tmp/t1.out" "$tmp/t2.out" && cmp -s "$tmp/t1.err" "$tmp/t2.err" \
     && grep -q ': note: ' "$tmp/t2.err"; then ok "$n: --threads 2 gives the same values and notes"
  else fail "$n: --threads 2 differs from --threads 1"; fi
  "$RM" eval --partial "${a[@]}" "$tmp/r.csv" > "$tmp/st" 2> "$tmp/st.err"
  "$RM" merge "$tmp/st" > "$tmp/m.out" 2>/dev/null
  "$RM" eval "${a[@]}" "$tmp/r.csv" > "$tmp/e.out" 2>/dev/null
  if [ -s "$tmp/e.out" ] && cmp -s "$tmp/e.out" "$tmp/m.out" && grep -q ': note: ' "$tmp/st.err"
  then ok "$n: --partial says the note, and merge writes eval's bytes"
  else fail "$n: --partial and merge"; fi
done

# Python's counts, through the door (which runs eval --quiet)
out=$(PYTHONPATH=python RANKMETRICS_LIB=$PWD/librankmetrics.so "$PY" - "$tmp" 2>&1 <<'E'
import sys
import rankmetrics as rm
t = sys.argv[1]
e = rm.evaluate_files(["ils@10", "serendipity@10", "arp@2[pop=file]"], t + "/r.csv",
                      similarity=t + "/s.txt", history=t + "/h.txt",
                      popularity=t + "/p.txt")
c = e.counts
print(c["no_features"], c["no_similarity"], c["no_history"], c["no_popularity"], len(e.notes))
e = rm.evaluate_files("ils@10", t + "/r.csv", features=t + "/fx.txt")
print(e.counts["no_features"], e.notes[0].split(",")[0].replace(t + "/", ""))
E
)
check "Python's counts, and the warning among the notes" "$out" "0 2 1 2 0
4 rankmetrics: eval: warning: none of the 4 items retrieved has features in fx.txt"
finish
