#!/bin/bash
# order_test.sh: `rankmetrics eval' gives one answer whatever the order of its
# input lines, read from a file or a pipe, in memory bounded by --memory.
# A hand-worked case, then generated files (scores distinct within a query,
# so that no value depends on the order of tied lines) in five orders, each
# compared byte for byte with the grouped and sorted file; a small --memory
# forces many spill files and merge passes; the temporary directory must be
# empty afterwards; a write failure of a spill file is an error; and under
# `ulimit -v' the whole-in-memory reading fails where the bounded one does not.
cd "$(dirname "$0")/.." || exit 1
RM=${TOOL:-$PWD/rankmetrics}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
mkdir "$T/tmp"; export TMPDIR="$T/tmp"
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }
same() { if [ -n "$3" ] && [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', expected '$3'"; fi; }
empty_tmp() { if [ -z "$(ls -A "$T/tmp")" ]; then ok; else bad "$1: temporary files left: $(ls -A "$T/tmp")"; fi; }

# ---- By hand ------------------------------------------------------------------
# q1 ranks d1 (rel) d2 (not) d3 (rel); d4 is judged relevant, not retrieved:
#   R = 3, AP = (1/1 + 2/3)/3 = 5/9.  q2 ranks d1 (not) d2 (rel): AP = 1/2.
# MAP = (5/9 + 1/2)/2 = 19/36.  The lines are given interleaved, in reverse;
# --exact writes the correctly rounded doubles of 5/9 and 19/36.
printf 'q1 0 d4 1\nq2 0 d2 1\nq1 0 d3 1\nq1 0 d1 1\n' > "$T/hq"
printf 'q2 Q0 d2 2 1 t\nq1 Q0 d3 3 1 t\nq2 Q0 d1 1 2 t\nq1 Q0 d2 2 2 t\nq1 Q0 d1 1 3 t\n' > "$T/hr"
want=$(printf 'ap\tq1\t%s\nap\tq2\t0.5\nap\tall\t%s' "$(awk 'BEGIN { printf "%.16g", 5/9 }')" \
  "$(awk 'BEGIN { printf "%.16g", 19/36 }')")
same "by hand, file" "$($RM eval --quiet --exact --trec -q -m ap "$T/hq" "$T/hr")" "$want"
same "by hand, run piped" "$(cat "$T/hr" | $RM eval --quiet --exact --trec -q -m ap "$T/hq" -)" "$want"
same "by hand, judgments piped" "$(cat "$T/hq" | $RM eval --quiet --exact --trec -q -m ap - "$T/hr")" "$want"
$RM eval --quiet -m ap - - < "$T/hr" > "$T/o" 2> "$T/e" && bad "both files '-' accepted" || ok
grep -q "cannot both be standard input" "$T/e" && ok || bad "both '-': message"

# ---- Generated: 600 queries of 1 to 40 lines, judgments with gaps -------------
# The reference is the grouped, sorted pair, streamed; the in-memory reading
# (--unsorted) gives the same bytes, except that under --judged-only empty it
# evaluates the queries only judged after the run's (see the book), and so
# does every ordering that is sorted on the way: its reference is then the
# in-memory reading, and the streamed one has the same lines in another order.
awk -v R="$T/r.grp" -v J="$T/q.grp" 'BEGIN { srand(7);
  for (q = 0; q < 600; q++) {
    n = 1 + int(rand() * 40); id = sprintf("q%d", q);
    if (q % 97 != 5)   # some queries are judged only
      for (i = 0; i < n; i++) printf "%s Q0 d%d %d %d.%04d t\n", id, i, i + 1, 50 - i, int(rand() * 9999) > R;
    if (q % 89 != 3)   # some are in the run only
      for (i = 0; i < n + 5; i++) if (rand() < 0.5) printf "%s 0 d%d %d\n", id, i, int(rand() * 4) > J;
  } }'
LC_ALL=C sort -s -k1,1 "$T/r.grp" > "$T/r.sorted"
LC_ALL=C sort -s -k1,1 "$T/q.grp" > "$T/q.sorted"
shuf --random-source=<(yes) "$T/r.sorted" > "$T/r.shuf"
shuf --random-source=<(yes 1) "$T/q.sorted" > "$T/q.shuf"
tac "$T/r.sorted" > "$T/r.rev"
awk '{ k = c[$1]++; print k "\t" NR "\t" $0 }' "$T/r.sorted" | sort -n -k1,1 -k2,2 | cut -f3- > "$T/r.inter"
# precision@5 written as ours: ir_measures' P@5 also evaluates the judged
# queries missing from the run (absent=empty), whose lines each mode writes
# where it meets them, as under --judged-only empty (compared sorted below)
M=(-m ap -m ndcg@10 -m 'precision@5[ties=id-desc]' -m rr -m micro:precision@10 -m 'mean[weight=items]:recall@20')
for opt in "" "--judged-only empty --run-only zero"; do
  $RM eval --quiet --trec -q "${M[@]}" $opt "$T/q.sorted" "$T/r.sorted" > "$T/ref.s"
  [ "$(wc -l < "$T/ref.s")" -gt 2000 ] && ok || bad "reference too short"
  $RM eval --quiet --trec -q "${M[@]}" $opt --unsorted "$T/q.sorted" "$T/r.sorted" > "$T/ref"
  if [ -z "$opt" ]; then cmp -s "$T/ref" "$T/ref.s" && ok || bad "in memory vs streamed"
  else same "in memory vs streamed, per query" "$(grep -v "	all	" "$T/ref" | sort)" "$(grep -v "	all	" "$T/ref.s" | sort)"; fi
  $RM eval --quiet --trec -q "${M[@]}" $opt --unsorted "$T/q.shuf" "$T/r.shuf" > "$T/o"
  cmp -s "$T/o" "$T/ref" && ok || bad "in memory, shuffled $opt"
  for r in shuf inter rev sorted; do for q in sorted shuf; do
    $RM eval --trec -q "${M[@]}" $opt --memory 64K "$T/q.$q" "$T/r.$r" > "$T/o" 2> "$T/e"
    if [ "$r" = rev ]; then  # grouped in reverse: streamed in that order, as before
      $RM eval --quiet --trec -q "${M[@]}" $opt --memory 1G "$T/q.$q" "$T/r.$r" > "$T/o1G"
      cmp -s "$T/o" "$T/o1G" && ok || bad "run rev, judgments $q, 64K vs 1G $opt"
      same "run rev, judgments $q: per query" "$(grep -v "	all	" "$T/o" | sort)" "$(grep -v "	all	" "$T/ref" | sort)"
    elif [ "$r$q" = sortedsorted ]; then
      cmp -s "$T/o" "$T/ref.s" && ok || bad "sorted, --memory 64K $opt"
    else
      cmp -s "$T/o" "$T/ref" && ok || bad "run $r, judgments $q, --memory 64K $opt"
    fi
    if [ "$r$q" != sortedsorted ]; then
      n=$(sed -n 's/.*; \([0-9]*\) runs spilled.*/\1/p' "$T/e")
      [ "${n:-0}" -ge 20 ] && ok || bad "run $r, judgments $q: few spills ($n): $(cat "$T/e")"
    else
      grep -q "(streamed, judgments streamed)" "$T/e" && ok || bad "sorted: not streamed: $(cat "$T/e")"
    fi
    empty_tmp "run $r, judgments $q"
  done; done
  cat "$T/r.shuf" | $RM eval --quiet --trec -q "${M[@]}" $opt --memory 64K "$T/q.shuf" - > "$T/o"
  cmp -s "$T/o" "$T/ref" && ok || bad "run piped, shuffled $opt"
  cat "$T/q.shuf" | $RM eval --quiet --trec -q "${M[@]}" $opt --memory 64K - "$T/r.inter" > "$T/o"
  cmp -s "$T/o" "$T/ref" && ok || bad "judgments piped, run interleaved $opt"
  $RM eval --quiet --trec -q "${M[@]}" $opt --memory 64K - <(cat "$T/r.shuf") < "$T/q.sorted" > "$T/o"
  cmp -s "$T/o" "$T/ref" && ok || bad "judgments '-', run a pipe $opt"
  empty_tmp "pipes $opt"
done
# names longer than the sort's 16-byte keys, alike in their first 30 bytes
sed 's/^q/query-with-a-long-common-prefix-/' "$T/r.sorted" | LC_ALL=C sort -s -k1,1 > "$T/lr.sorted"
sed 's/^q/query-with-a-long-common-prefix-/' "$T/q.sorted" | LC_ALL=C sort -s -k1,1 > "$T/lq.sorted"
shuf --random-source=<(yes) "$T/lr.sorted" > "$T/lr.shuf"
shuf --random-source=<(yes 2) "$T/lq.sorted" > "$T/lq.shuf"
$RM eval --quiet --trec -q "${M[@]}" "$T/lq.sorted" "$T/lr.sorted" > "$T/ref"
$RM eval --quiet --trec -q "${M[@]}" --memory 64K "$T/lq.shuf" "$T/lr.shuf" > "$T/o"
cmp -s "$T/o" "$T/ref" && ok || bad "long names, shuffled, --memory 64K"
# the environment sets the bound; a bad size is refused
RANKMETRICS_MEMORY=64K $RM eval --trec "${M[@]}" "$T/q.shuf" "$T/r.shuf" > "$T/o" 2> "$T/e"
grep -q "runs spilled" "$T/e" && ok || bad "RANKMETRICS_MEMORY not read"
$RM eval -m ap --memory 12 "$T/q.shuf" "$T/r.shuf" > /dev/null 2>&1 && bad "--memory 12 accepted" || ok
RANKMETRICS_MEMORY=lots $RM eval -m ap "$T/q.shuf" "$T/r.shuf" > /dev/null 2>&1 && bad "bad RANKMETRICS_MEMORY accepted" || ok

# ---- A CSV file, shuffled -------------------------------------------------------
awk 'BEGIN { srand(3); print "user,item,label,score";
  for (u = 0; u < 800; u++) for (i = 0; i < 30; i++)
    printf "u%03d,i%d,%d,%d.%03d\n", u, i, rand() < 0.3, i, int(rand() * 999) }' > "$T/d.csv"
{ head -1 "$T/d.csv"; tail -n +2 "$T/d.csv" | shuf --random-source=<(yes); } > "$T/d.shuf.csv"
$RM eval --quiet --trec -q -m auc -m ndcg "$T/d.csv" > "$T/ref"
$RM eval --quiet --trec -q -m auc -m ndcg --memory 64K "$T/d.shuf.csv" > "$T/o"
cmp -s "$T/o" "$T/ref" && ok || bad "csv shuffled, --memory 64K"
empty_tmp "csv"

# ---- A spill that cannot be written: an error, nothing printed, nothing left -------
( trap '' XFSZ; ulimit -f 8; exec $RM eval --trec -m ap --memory 64K "$T/q.shuf" "$T/r.shuf" ) > "$T/o" 2> "$T/e"
rc=$?
if [ $rc -ne 0 ] && [ ! -s "$T/o" ] && grep -q "cannot write a temporary file" "$T/e"; then ok
else bad "spill write failure: rc=$rc, $(cat "$T/e")"; fi
empty_tmp "after a write failure"
TMPDIR=$T/nosuch $RM eval --trec -m ap --memory 64K "$T/q.shuf" "$T/r.shuf" > "$T/o" 2> "$T/e"
rc=$?
if [ $rc -ne 0 ] && [ ! -s "$T/o" ] && grep -Eq "cannot create a temporary file|no temporary file" "$T/e"; then ok
else bad "no temporary directory: rc=$rc, $(cat "$T/e")"; fi

# ---- Under an address-space limit ----------------------------------------------------
# 1.2 million shuffled lines: read whole into memory they took some 110 MB
# before, and take some 70 MB in the sort's buffer when --memory allows it,
# which a 60 MB address space cannot hold; sorted within --memory 4M they need
# a few.
awk -v J="$T/bq" 'BEGIN { for (q = 0; q < 12000; q++) { for (i = 0; i < 100; i++)
  printf "q%05d Q0 d%d %d %d t\n", q, i, i + 1, 100 - i;
  printf "q%05d 0 d%d 1\n", q, q % 100 > J } }' > "$T/br"
shuf --random-source=<(yes) "$T/br" > "$T/br.shuf"
$RM eval --quiet --trec -m ap -m rr "$T/bq" "$T/br" > "$T/ref"
( ulimit -v 60000; exec $RM eval --quiet --trec -m ap -m rr --memory 1G "$T/bq" "$T/br.shuf" ) > "$T/o" 2> "$T/e"
rc=$?
if [ $rc -ne 0 ] && grep -q "out of memory" "$T/e"; then ok
else bad "whole in memory under ulimit -v 60000 did not fail: rc=$rc $(head -c 300 "$T/e")"; fi
( ulimit -v 60000; exec $RM eval --quiet --trec -m ap -m rr --memory 4M "$T/bq" "$T/br.shuf" ) > "$T/o" 2> "$T/e"
rc=$?
if [ $rc -eq 0 ] && cmp -s "$T/o" "$T/ref"; then ok
else bad "bounded under ulimit -v 60000: rc=$rc $(head -c 300 "$T/e")"; fi
( ulimit -v 60000; cat "$T/br.shuf" | $RM eval --quiet --trec -m ap -m rr --memory 4M "$T/bq" - ) > "$T/o" 2> "$T/e"
cmp -s "$T/o" "$T/ref" && ok || bad "piped, bounded under ulimit -v 60000: $(head -c 300 "$T/e")"
# A micro average streams too: the grouped 1.2 million lines in a 40 MB
# address space (a run that kept every query for it ran out of memory).
# The relevant d(q mod 100) is ranked (q mod 100)+1: 1200 of the 12000
# queries find theirs in the top 10, 1200/12000 = 0.1.
( ulimit -v 40000; exec $RM eval --quiet --trec -m 'micro:recall@10[ties=id-desc]' "$T/bq" "$T/br" ) > "$T/o" 2> "$T/e"
same "micro streamed under ulimit -v 40000" "$(cat "$T/o")" "$(printf 'micro:recall@10[ties=id-desc]\tall\t0.1')"
# Without --memory under the same limit: the default of 256M did not fit,
# and the shuffled run stopped with "out of memory"; now the default is what
# the limit leaves.  With --memory 1G: out of memory, a message that names
# --memory 1G and the value that would do, and that value does.
( ulimit -v 60000; exec $RM eval --quiet --trec -m ap -m rr "$T/bq" "$T/br.shuf" ) > "$T/o" 2> "$T/e"
cmp -s "$T/o" "$T/ref" && ok || bad "default --memory under ulimit -v 60000: $(head -c 300 "$T/e")"
( ulimit -v 60000; exec $RM eval --quiet --trec -m ap -m rr --memory 1G "$T/bq" "$T/br.shuf" ) > "$T/o" 2> "$T/e"
w=$(sed -n "s/.*out of memory; eval's --memory 1G was more than this process could have under its limit on address space: give --memory \([0-9]*[MK]\) or less$/\1/p" "$T/e")
if [ -n "$w" ]; then
  ( ulimit -v 60000; exec $RM eval --quiet --trec -m ap -m rr --memory "$w" "$T/bq" "$T/br.shuf" ) > "$T/o" 2> "$T/e2"
  cmp -s "$T/o" "$T/ref" && ok || bad "the --memory $w that the message named: $(head -c 300 "$T/e2")"
else bad "out of memory under --memory 1G does not name a --memory that would do: $(head -c 300 "$T/e")"; fi
# compare reads with the same engine: the message names compare's option.
( ulimit -v 60000; exec $RM compare -m ap --memory 1G "$T/bq" "$T/br.shuf" "$T/br.shuf" ) > "$T/o" 2> "$T/e"
grep -q "out of memory; compare's --memory 1G was more than this process could have" "$T/e" && ok ||
  bad "compare out of memory under --memory 1G: $(head -c 300 "$T/e")"
empty_tmp "after the limits"

# ---- The set of seen names within --memory ------------------------------------
# 3000 one-line queries in no order (grouped, since none repeats); under
# --memory 64K the set of seen names holds 512 of them and the rest go to the
# sort of names.  With the first query's second line at the very end, the
# sort finds it when the pass ends, and the run is read in memory: the same
# bytes as the sorted run.
awk 'BEGIN { for (i = 0; i < 3000; i++) { k = (i * 1237) % 3000; printf "s%d Q0 d%d 1 %d t\n", k, k % 7, k % 5 }
  printf "s0 Q0 d9 2 9 t\n" }' > "$T/sl"
awk 'BEGIN { for (k = 0; k < 3000; k++) if (k % 3) printf "s%d 0 d%d 1\n", k, k % 7; print "s0 0 d9 1" }' > "$T/sq"
LC_ALL=C sort -s -k1,1 "$T/sl" > "$T/sl.sorted"
$RM eval --quiet --trec -q -m ap -m rr "$T/sq" "$T/sl.sorted" > "$T/ref2"
$RM eval --trec -q -m ap -m rr --memory 64K "$T/sq" "$T/sl" > "$T/o" 2> "$T/e"
cmp -s "$T/o" "$T/ref2" && grep -q "in memory\|sorted" "$T/e" && ok || bad "a query reappearing past the set of seen names: $(head -c 300 "$T/e")"
head -n 3000 "$T/sl" > "$T/sl1"; LC_ALL=C sort -s -k1,1 "$T/sl1" > "$T/sl1.sorted"
same "3000 one-line queries in no order, streamed under --memory 64K" \
  "$($RM eval --quiet --trec -m ap --memory 64K "$T/sq" "$T/sl1")" "$($RM eval --quiet --trec -m ap "$T/sq" "$T/sl1.sorted")"
# A million one-row users in no order: the set of seen names took 16 bytes a
# name outside --memory (29 MB at --memory 1M); now the peak is the bound plus
# a fixed overhead.  (make bench measures ten million under --memory 64M.)
if [ -x /usr/bin/time ]; then
  awk 'BEGIN { print "user,item,label,score"; n = 1000000; for (i = 0; i < n; i++) { k = (i * 4435761 + 333333) % n; printf "u%d,i,%d,0.5\n", k, k % 2 } }' > "$T/u1m.csv"
  /usr/bin/time -f %M -o "$T/rss" $RM eval --quiet --memory 1M -m ap "$T/u1m.csv" > "$T/o" 2> "$T/e"
  rss=$(tail -n 1 "$T/rss")
  [ "$(cat "$T/o")" = "$(printf 'ap                       all        0.5')" ] && [ "$rss" -lt 16000 ] && ok \
    || bad "a million shuffled one-row users under --memory 1M: peak $rss KB, $(cat "$T/o") $(head -c 200 "$T/e")"
  rm -f "$T/u1m.csv"
else echo "note: no /usr/bin/time; the peak memory of a million users is not measured"; fi

# ---- A line too long for --memory: the message names the --memory that reads it
# line 2 is 20012 bytes; --memory 64K reads lines of 16384, 1M of 262144
awk 'BEGIN { printf "q1 Q0 d1 1 1 t\nq2 Q0 "; for (i = 0; i < 20000; i++) printf "x"; printf " 1 1 t\n" }' > "$T/lr"
printf 'q1 0 d1 1\n' > "$T/lq"
$RM eval --quiet -m ap --memory 64K "$T/lq" "$T/lr" > "$T/o" 2> "$T/e"
grep -qxF "$T/lr:2: line of 20012 bytes, longer than 16384, a quarter of --memory 64K; give --memory 1M or more" "$T/e" \
  && ok || bad "long line, file: $(head -c 300 "$T/e")"
cat "$T/lr" | $RM eval --quiet -m ap --memory 64K "$T/lq" - > "$T/o" 2> "$T/e"
grep -qxF -- "-:2: line of 20012 bytes, longer than 16384, a quarter of --memory 64K; give --memory 1M or more" "$T/e" \
  && ok || bad "long line, piped: $(head -c 300 "$T/e")"
same "the --memory it named reads it" "$($RM eval --quiet --trec -m ap --memory 1M "$T/lq" "$T/lr")" "$(printf 'ap\tall\t1')"
RANKMETRICS_LINE_MAX=18000 $RM eval --quiet -m ap --memory 64K "$T/lq" "$T/lr" > "$T/o" 2> "$T/e"
grep -qxF "$T/lr:2: line longer than 18000 bytes, the longest that any --memory reads" "$T/e" \
  && ok || bad "a line past every --memory: $(head -c 300 "$T/e")"
# killed while sorting: a spill file is unlinked as it is made, signals held
# back between the two calls; so is the temporary file's own, checked open
for sig in TERM INT HUP; do  # not KILL: it may fall between the two calls
  $RM eval --quiet -m ap --memory 64K "$T/bq" "$T/br.shuf" > /dev/null 2>&1 &
  pid=$!; sleep 0.4
  ls -l /proc/$pid/fd 2>/dev/null | grep -q "rankmetrics-.*(deleted)" && ok || echo "note: no spill file open at SIG$sig"
  kill -$sig $pid 2>/dev/null; wait $pid 2>/dev/null
  empty_tmp "after SIG$sig"
done

echo "order_test: $pass passed, $fail failed"
[ $fail -eq 0 ]
