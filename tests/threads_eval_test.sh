#!/bin/bash
# threads_eval_test.sh: eval's pipeline (a reader thread, see the book,
# "Two threads") must give what one thread gives, byte for byte: standard
# output, standard error (the summary, or the one error message), the exit
# status, and the -o file (replaced on success, untouched on an error).
# Each case is run with --threads 1 and --threads 2 and the two compared.
# The inputs mix many small queries with a few large ones, one larger than
# the lines the pipeline lets wait (65536), in every output mode (table,
# -q, --trec, --json, --exact, CSV), and errors found by the reader
# (a bad line, a line too long, an empty run) or by the evaluator (a repeated
# document) at several places, some of them after an error of the other.
# Also: the shortcut for scores against strtod (tests/score_fast.c), that
# --threads 2 does start a thread (strace, when present), the faulty build
# with two threads (make faults), and helgrind on one run (when valgrind is
# present).  Run from the top directory after make tool faults.
cd "$(dirname "$0")/.." || exit 1
RM=${TOOL:-./rankmetrics}
F=${FAULT_TOOL:-build/faults/rankmetrics}
pass=0; fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# ---- inputs ------------------------------------------------------------------
# 4000 small queries (1 to 7 documents, tied scores, unjudged documents,
# queries only in the run or only in the judgments), with three large ones
# (70000, 20000 and 9000 documents) among them; judgments in the run's order.
awk -v T="$T" 'BEGIN {
  srand(7); big[500] = 70000; big[2100] = 20000; big[3999] = 9000
  for (q = 0; q < 4000; q++) {
    n = (q in big) ? big[q] : 1 + q % 7
    if (q % 97 != 5)
      for (i = 0; i < n; i++)
        printf "q%d Q0 d%d %d %s t\n", q, i, i + 1, (q % 3 ? int(rand() * 10) / 2 : 1 + (n - i) / 1000) > (T "/r")
    if (q % 89 != 3)
      for (i = 0; i < n + 2; i += 1 + (i % 2))
        printf "q%d 0 d%d %d\n", q, i, (i * 7 + q) % 4 > (T "/q")
  } }'
# the same as a CSV file of users, labels 0 and 1
awk 'BEGIN { print "user,item,label,score" } { printf "%s,%s,%d,%s\n", $1, $3, ($3 ~ /[05]$/), $5 }' "$T/r" > "$T/d.csv"
# a small set for --exact (slow on the large queries): the first 1500 queries
awk '$1 ~ /^q[0-9]+$/ && substr($1, 2) + 0 < 1500 && substr($1, 2) + 0 != 500' "$T/r" > "$T/rx"
awk 'substr($1, 2) + 0 < 1500' "$T/q" > "$T/qx"
nl=$(wc -l < "$T/r")
[ "$nl" -gt 100000 ] && ok "inputs: $nl run lines" || bad "inputs: only $nl run lines"

# same NAME ARGS...: eval with one thread and with two; stdout, stderr, status
# and the -o file (written as {O}) must agree byte for byte.
same() {
  local name=$1 t a args rc1 rc2; shift
  args=(); for a in "$@"; do args+=("${a//\{O\}/$T/o}"); done
  for t in 1 2; do
    printf 'OLD\n' > "$T/o"
    "$RM" eval --threads $t "${args[@]}" < "${SAME_IN:-/dev/null}" > "$T/out$t" 2> "$T/err$t"
    echo $? > "$T/rc$t"; mv "$T/o" "$T/o$t"
  done
  rc1=$(cat "$T/rc1"); rc2=$(cat "$T/rc2")
  if [ "$rc1" = "$rc2" ] && cmp -s "$T/out1" "$T/out2" && cmp -s "$T/err1" "$T/err2" \
     && cmp -s "$T/o1" "$T/o2"; then
    ok "$name: the same bytes (exit $rc1, $(wc -c < "$T/out1") + $(wc -c < "$T/o1") bytes out, $(head -c 60 "$T/err1" | tr '\n' ' ')...)"
  else
    bad "$name: exit $rc1 vs $rc2; stdout $(cmp "$T/out1" "$T/out2" 2>&1 | head -1);
      -o $(cmp "$T/o1" "$T/o2" 2>&1 | head -1);
      stderr: $(head -c 200 "$T/err1") VS $(head -c 200 "$T/err2")"
  fi
}
M=(-m ap -m ndcg@10 -m precision@10 -m rr -m 'micro:hr@5' -m 'mean[weight=items]:recall@20')

# ---- every output mode ---------------------------------------------------------
same "aggregates, table" "${M[@]}" "$T/q" "$T/r"
same "-q, table" -q "${M[@]}" "$T/q" "$T/r"
same "-q --trec" -q --trec "${M[@]}" "$T/q" "$T/r"
same "-q --json, -o" -q --json -o '{O}' "${M[@]}" "$T/q" "$T/r"
same "--judged-only empty --run-only zero -q" -q --judged-only empty --run-only zero "${M[@]}" "$T/q" "$T/r"
same "--judged-docs-only -q --trec" -q --trec --judged-docs-only -m ap -m 'bpref' "$T/q" "$T/r"
same "--exact -q" -q --exact -m ap -m ndcg@10 -m rr "$T/qx" "$T/rx"
same "--exact aggregates, -o" --exact -o '{O}' -m ap -m 'micro:hr@5' "$T/qx" "$T/rx"
same "CSV -q --json" -q --json -m 'auc[ties=average]' -m ndcg@10 -m 'micro:hr@3' "$T/d.csv"
same "CSV aggregates, -o" -o '{O}' -m 'auc' -m 'mean[weight=items]:auc' "$T/d.csv"
# judgments in another order than the run: read into memory, run streamed
sort -k1,1 -s "$T/q" | awk 'NR % 2 == 0 { print > "'"$T"'/q2b" } NR % 2 { print > "'"$T"'/q2a" }'
cat "$T/q2b" "$T/q2a" > "$T/qs"
same "judgments in another order" -q "${M[@]}" "$T/qs" "$T/r"
# the run from a pipe (copied, then streamed)
SAME_IN=$T/r same "the run piped" -q --trec "${M[@]}" "$T/q" -

# ---- errors ----------------------------------------------------------------------
# bad LINE FILE WHAT: a copy of the run with line LINE replaced by WHAT
badline() { awk -v n="$1" -v w="$3" 'NR == n { print w; next } { print }' "$T/r" > "$2"; }
first_of() { grep -n "^$1 " "$T/r" | head -1 | cut -d: -f1; }
mid=$((nl / 2))
badline $mid "$T/e1" "q777 Q0 dx 1 abc t"
same "a bad score mid-file (reader)" -q -o '{O}' "${M[@]}" "$T/q" "$T/e1"
badline $(( $(first_of q3000) )) "$T/e2" "q3000 Q0 d0 1"
same "a short line that opens a query (reader)" -q -o '{O}' "${M[@]}" "$T/q" "$T/e2"
badline $(( $(first_of q3000) + 1 )) "$T/e3" "q3000 Q0 d9 1 1 t extra"
same "a bad line inside a query (reader)" -q "${M[@]}" "$T/q" "$T/e3"
badline $(( nl )) "$T/e4" "q3999 Q0 d1 1 nan t"
same "a bad last line (reader)" -q -o '{O}' "${M[@]}" "$T/q" "$T/e4"
# a repeated document early (the evaluator's error) and a bad line later
# (the reader's, found first in time): the earlier one is reported
awk -v n=$(( $(first_of q20) + 1 )) 'NR == n { sub(/ d[0-9]+ /, " d0 ") } { print }' "$T/e1" > "$T/e5"
same "a repeated document before a bad line" -q -o '{O}' "${M[@]}" "$T/q" "$T/e5"
awk -v n=$(( nl - 2 )) 'NR == n { sub(/ d[0-9]+ /, " d0 ") } { print }' "$T/r" > "$T/e6"
same "a repeated document near the end" -q -o '{O}' "${M[@]}" "$T/q" "$T/e6"
same "the same with --dup first" -q --dup first "${M[@]}" "$T/q" "$T/e6"
# a line too long for RANKMETRICS_LINE_MAX (tool_getline's message)
badline $mid "$T/e7" "q777 Q0 d1 1 1 $(head -c 300 /dev/zero | tr '\0' x)"
export RANKMETRICS_LINE_MAX=200
same "a line too long" -q -o '{O}' "${M[@]}" "$T/q" "$T/e7"
unset RANKMETRICS_LINE_MAX
# a query that reappears: the pass is repeated, sorted
{ cat "$T/r"; printf 'q1 Q0 dnew 9 3 t\n'; } > "$T/e8"
same "a query reappears (second pass)" -q "${M[@]}" "$T/q" "$T/e8"
{ cat "$T/r"; head -3 "$T/r"; } > "$T/e8b"
same "a query reappears with its documents" -q "${M[@]}" "$T/q" "$T/e8b"
# a reappearing query right before a bad line: one thread asks for the second
# pass at that query's first line, before the bad line; so must two
{ cat "$T/r"; head -1 "$T/r"; echo "q0 Q0 dz 1 zz t"; } > "$T/e9"
same "a query reappears, then a bad line" -q -o '{O}' "${M[@]}" "$T/q" "$T/e9"
{ head -n $mid "$T/r"; printf 'q999999 Q0 d1 1 zz t\n'; tail -n +$((mid + 1)) "$T/r"; } > "$T/e10"
same "a new query whose first line is bad" -q "${M[@]}" "$T/q" "$T/e10"
printf '\n\n  \n' > "$T/e11"
same "an empty run" "${M[@]}" "$T/q" "$T/e11"
awk -F, -v OFS=, -v n=$((nl / 3)) 'NR == n { $3 = "x" } { print }' "$T/d.csv" > "$T/e12.csv"
same "CSV: a bad label mid-file" -q --json -o '{O}' -m auc "$T/e12.csv"
# the errors must be errors, not agreement on silence
"$RM" eval --threads 2 -q "${M[@]}" "$T/q" "$T/e1" > /dev/null 2> "$T/x"; rc=$?
[ $rc = 1 ] && grep -qx "$T/e1:$mid: score 'abc' is not a finite number" "$T/x" &&
  ok "the reader's error is reported as FILE:LINE, exit 1" || bad "reader error: exit $rc, $(cat "$T/x")"
"$RM" eval --threads 2 -q "${M[@]}" "$T/q" "$T/e5" > /dev/null 2> "$T/x"; rc=$?
[ $rc = 1 ] && grep -q "document 'd0' appears twice in query 'q20'" "$T/x" && ! grep -q abc "$T/x" &&
  ok "the evaluator's earlier error wins over the reader's later one" || bad "dup before bad line: $(cat "$T/x")"

# ---- the sorted path: the external sort with two threads --------------------------
# A shuffled run spills under --memory 1M (a buffer of 384 KB: about 40 runs
# and merge passes of fan 3); with two threads the lines reach the sort from
# a reader thread, and the merge feeds the evaluator from one.  Found not
# grouped (after the look of ev_probe, the judgments being out of the run's
# order too), asked for by --unsorted, and piped.
shuffle() { awk -v s="$2" 'BEGIN { srand(s) } { printf "%.9f\t%s\n", rand(), $0 }' "$1" | sort -k1,1 | cut -f2-; }
shuffle "$T/r" 11 > "$T/sr"
shuffle "$T/q" 12 > "$T/sq"
tail -n +2 "$T/d.csv" > "$T/db"; { head -1 "$T/d.csv"; shuffle "$T/db" 13; } > "$T/sd.csv"
S=(--memory 1M)
same "shuffled: found not grouped, spilled" -q "${S[@]}" "${M[@]}" "$T/q" "$T/sr"
grep -q 'sorted through temporary files.*runs spilled, [1-9][0-9]* merge passes' "$T/err1" &&
  ok "the shuffled run was spilled and merged in passes" || bad "no spill: $(head -c 300 "$T/err1")"
same "shuffled, judgments shuffled too, --json -o" -q --json -o '{O}' "${S[@]}" "${M[@]}" "$T/sq" "$T/sr"
same "shuffled, --unsorted --trec" -q --trec --unsorted "${S[@]}" "${M[@]}" "$T/q" "$T/sr"
same "grouped, --unsorted, aggregates" --unsorted "${S[@]}" "${M[@]}" "$T/q" "$T/r"
SAME_IN=$T/sr same "shuffled, piped" -q "${S[@]}" "${M[@]}" "$T/q" -
SAME_IN=$T/sr same "shuffled, piped, --unsorted" -q --unsorted "${S[@]}" "${M[@]}" "$T/q" -
same "shuffled CSV, --unsorted" -q --unsorted "${S[@]}" -m 'auc[ties=average]' -m ndcg@10 "$T/sd.csv"
shuffle "$T/rx" 14 > "$T/srx"
same "shuffled, --exact, -o" --exact -o '{O}' "${S[@]}" -m ap -m rr "$T/qx" "$T/srx"
same "shuffled, not spilled (default memory)" -q "${M[@]}" "$T/q" "$T/sr"
# ratings in a shuffled CSV: the first rating of each user, wherever it lies
awk -F, -v OFS=, 'NR > 1 && NR % 5 == 0 { $3 = $3 ".5" } { print }' "$T/sd.csv" > "$T/sdr.csv"
same "shuffled CSV with ratings" -q --unsorted "${S[@]}" -m rmse -m mae "$T/sdr.csv"
same "shuffled CSV with ratings, a measure refusing them" -q --unsorted "${S[@]}" -m rmse -m ndcg@3 "$T/sdr.csv"
# errors: a bad line (the reader's, while the lines go to the sort), a
# repeated document (the evaluator's, while the merge runs ahead), both
snl=$(wc -l < "$T/sr")
awk -v n=$((snl / 2)) 'NR == n { print "q777 Q0 dx 1 abc t"; next } { print }' "$T/sr" > "$T/se1"
same "shuffled: a bad score mid-file" -q -o '{O}' "${S[@]}" "${M[@]}" "$T/q" "$T/se1"
same "shuffled, --unsorted: a bad score mid-file" -q --unsorted "${S[@]}" "${M[@]}" "$T/q" "$T/se1"
awk -v n=$snl 'NR == n { print "q3999 Q0 d1 1 nan t"; next } { print }' "$T/sr" > "$T/se2"
same "shuffled, --unsorted: a bad last line" -q --unsorted "${S[@]}" "${M[@]}" "$T/q" "$T/se2"
{ cat "$T/sr"; printf 'q2000 Q0 d0 1 1 t\n'; } > "$T/se3"
same "shuffled, --unsorted: a repeated document" -q -o '{O}' --unsorted "${S[@]}" "${M[@]}" "$T/q" "$T/se3"
{ cat "$T/se3"; printf 'q3000 Q0 d0 1 1 t\n'; } > "$T/se4"
same "shuffled, --unsorted: two repeated documents" -q --unsorted "${S[@]}" "${M[@]}" "$T/q" "$T/se4"
awk -v n=$((snl / 3)) 'NR == n { print "q1 Q0 d1 1 1 " sprintf("%0300d", 0); next } { print }' "$T/sr" > "$T/se5"
export RANKMETRICS_LINE_MAX=200
same "shuffled, --unsorted: a line too long" -q --unsorted "${S[@]}" "${M[@]}" "$T/q" "$T/se5"
unset RANKMETRICS_LINE_MAX
awk -F, -v OFS=, -v n=$((nl / 3)) 'NR == n { $3 = "x" } { print }' "$T/sd.csv" > "$T/se6.csv"
same "shuffled CSV, --unsorted: a bad label" -q --unsorted "${S[@]}" -m auc "$T/se6.csv"
"$RM" eval --threads 2 --unsorted -q "${S[@]}" "${M[@]}" "$T/q" "$T/se3" > /dev/null 2> "$T/x"; rc=$?
[ $rc = 1 ] && grep -q "document 'd0' appears twice in query 'q2000'" "$T/x" &&
  ok "shuffled: the repeated document is an error, exit 1" || bad "shuffled dup: exit $rc, $(cat "$T/x")"

# The sort's order against an independent one: names that share their first
# 16 bytes or are shorter (the radix sort's key), repeated documents kept by
# --dup first (the lines of a query must stay in input order); the stable
# sort of sort(1) by the first field, read grouped, must give the same values.
awk 'BEGIN { srand(5); for (i = 0; i < 60000; i++) { q = int(rand() * 3000)
  p = q % 3 == 0 ? "averyveryverylongprefix_" : q % 3 == 1 ? "qq" : "abcdefghijklmno"
  printf "%s%d Q0 d%d %d %.2f t\n", p, q, int(rand() * 50), i, rand() * 5 } }' > "$T/nr"
awk '{ print $1, 0, $3, length($3) % 3 }' "$T/nr" | LC_ALL=C sort -u -k1,1 -k3,3 > "$T/nq"
LC_ALL=C sort -s -k1,1 "$T/nr" > "$T/nrs"
"$RM" eval --threads 1 --dup first -q -m ap -m rr -m ndcg@5 "$T/nq" "$T/nrs" > "$T/ng" 2> /dev/null
for t in 1 2; do
  "$RM" eval --threads $t --unsorted --dup first --memory 256K -q -m ap -m rr -m ndcg@5 \
    "$T/nq" "$T/nr" > "$T/n$t" 2> /dev/null
  cmp -s "$T/n$t" "$T/ng" && [ "$(wc -l < "$T/ng")" -gt 9000 ] &&
    ok "--threads $t: the spilled sort gives sort -s's order ($(wc -l < "$T/ng") values)" ||
    bad "--threads $t: the spilled sort differs from sort -s: $(cmp "$T/n$t" "$T/ng" 2>&1)"
done

# ---- the thread, and the option -------------------------------------------------
if command -v strace > /dev/null; then
  c1=$(strace -f -e trace=clone,clone3 "$RM" eval --quiet --threads 1 -m ap "$T/q" "$T/r" 2>&1 >/dev/null | grep -c clone)
  c2=$(strace -f -e trace=clone,clone3 "$RM" eval --quiet --threads 2 -m ap "$T/q" "$T/r" 2>&1 >/dev/null | grep -c clone)
  [ "$c1" = 0 ] && [ "$c2" -ge 1 ] && ok "--threads 2 starts a thread, --threads 1 none" ||
    bad "threads started: $c1 with --threads 1, $c2 with --threads 2"
  c3=$(strace -f -e trace=clone,clone3 "$RM" eval --quiet --unsorted --memory 1M --threads 2 -m ap "$T/q" "$T/sr" 2>&1 >/dev/null | grep -c clone)
  [ "$c3" -ge 2 ] && ok "the sorted path starts two threads: one for the sort's input, one for its merge" ||
    bad "sorted path: $c3 threads started"
else echo "skip: no strace"; fi
for v in 0 -1 x 2x 1000; do
  "$RM" eval --threads $v -m ap "$T/q" "$T/r" > /dev/null 2> "$T/x"; rc=$?
  [ $rc = 2 ] && grep -q "unknown option or bad value '--threads $v'" "$T/x" && ok "--threads $v refused" ||
    bad "--threads $v: exit $rc"
done
"$RM" eval --quiet --threads 64 -m ap "$T/q" "$T/r" | cmp -s - <("$RM" eval --quiet --threads 1 -m ap "$T/q" "$T/r") &&
  ok "--threads 64 is two threads, same answer" || bad "--threads 64"

# ---- the shortcut for scores -----------------------------------------------------
if cc -std=c11 -O2 -I. tests/score_fast.c librankmetrics.a -lmpfr -lgmp -lm -lz -pthread \
    -o "$T/score_fast" 2> "$T/x"; then
  "$T/score_fast" 1000000 > "$T/x" && ok "$(cat "$T/x")" || bad "$(cat "$T/x")"
else bad "tests/score_fast.c does not compile: $(head -5 "$T/x")"; fi

# ---- the faulty build, with two threads ------------------------------------------
# Every Nth allocation or line read (N up to where none is reached) must be an
# error with its message, and -o untouched.
if [ -x "$F" ]; then
  head -n 3000 "$T/r" > "$T/fr"; head -n 1500 "$T/q" > "$T/fq"
  for kind in ALLOC READ; do
    [ $kind = ALLOC ] && pat='out of memory' || pat='read error'
    hits=0; b0=$fail
    for ((n = 1; n < 4000; n += n < 40 ? 1 : 37)); do
      printf 'OLD\n' > "$T/fo"; rm -f "$T/log"
      env RM_FAULT_$kind=$n RM_FAULT_LOG="$T/log" "$F" eval --threads 2 --quiet -q -m ap \
        -o "$T/fo" "$T/fq" "$T/fr" > "$T/x" 2> "$T/y"; rc=$?
      [ -s "$T/log" ] || break
      hits=$((hits + 1))
      { [ $rc != 0 ] && grep -q "$pat" "$T/y" && [ "$(cat "$T/fo")" = OLD ] && [ ! -s "$T/x" ]; } ||
        bad "faults $kind N=$n, two threads: exit $rc, $(head -c 100 "$T/y"), -o: $(head -c 20 "$T/fo")"
    done
    [ $hits -gt 3 ] && [ $fail = $b0 ] && ok "faulty build, two threads, $kind: $hits faults, each an error, -o untouched" ||
      { [ $hits -le 3 ] && bad "faulty build, $kind: only $hits faults reached"; }
  done
else echo "skip: $F missing (make faults)"; fi

# ---- helgrind -----------------------------------------------------------------
if command -v valgrind > /dev/null; then
  head -n 20000 "$T/r" > "$T/hr"
  valgrind --tool=helgrind --error-exitcode=9 -q "$RM" eval --quiet --threads 2 -q -m ap \
    -m ndcg@10 "$T/q" "$T/hr" > "$T/x" 2> "$T/y"; rc=$?
  [ $rc = 0 ] && ! grep -q "Possible data race\|lock order" "$T/y" && ok "helgrind: no race on a run of 20000 lines" ||
    bad "helgrind: exit $rc: $(head -c 600 "$T/y")"
  head -n 8000 "$T/sr" > "$T/hs"
  valgrind --tool=helgrind --error-exitcode=9 -q "$RM" eval --quiet --threads 2 --unsorted \
    --memory 64K -q -m ap -m ndcg@10 "$T/q" "$T/hs" > "$T/x" 2> "$T/y"; rc=$?
  [ $rc = 0 ] && ! grep -q "Possible data race\|lock order" "$T/y" &&
    ok "helgrind: no race on a shuffled run of 8000 lines, spilled (both threads of the sort)" ||
    bad "helgrind, sorted path: exit $rc: $(head -c 600 "$T/y")"
else echo "skip: no valgrind"; fi

echo "threads_eval_test: $pass passed, $fail failed"
[ $fail -eq 0 ]
