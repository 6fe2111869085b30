#!/bin/bash
# fault_test.sh: the tool built with -DRM_FAULTS (make faults) fails its Nth
# allocation (RM_FAULT_ALLOC=N), its Nth output write (RM_FAULT_WRITE=N) or
# its Nth line read (RM_FAULT_READ=N).  For a few representative commands,
# N runs from 1 up to the first N that the command no longer reaches (the
# fault log stays empty), and every N that hit must give: a non-zero exit,
# the message of that fault on standard error ("out of memory", "cannot
# write", "read error"), and an output file (-o or --tex) that is either
# untouched or, for disagree --tex, the complete file of a clean run, and no
# temporary left beside it (eval --partial and merge among them, and eval on
# gzip-compressed files).  The last, clean run must print what the
# ordinary build prints.  N is walked one by one up to 60, then in steps of
# 9 (the faulty build writes unbuffered, so disagree --tex makes about 600
# writes; every N would take a minute).  Run from the top directory after
# make faults.
cd "$(dirname "$0")/.." || exit 1
F=${FAULT_TOOL:-build/faults/rankmetrics}
RM=./rankmetrics
[ -x "$F" ] || { echo "fault_test: $F missing (make faults)"; exit 1; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }

mkdir "$T/in" "$T/o" "$T/v"
# 20 queries of 3 documents, an output of 1 kB; the faulty build writes unbuffered
awk 'BEGIN { for (i = 1; i <= 20; i++) printf "q%d 0 d1 1\nq%d 0 d2 %d\nq%d 0 d4 1\n", i, i, i % 3, i }' > "$T/in/q"
awk 'BEGIN { for (i = 1; i <= 20; i++) printf "q%d Q0 d%d 1 3 t\nq%d Q0 d2 2 2 t\nq%d Q0 d3 3 1 t\n", i, i % 5 + 4, i, i }' > "$T/in/r"
printf 'user,item,label,score\nu1,a,1,0.9\nu1,b,0,0.8\nu1,c,1,0.1\nu2,a,0,0.5\nu2,d,2,0.4\n' > "$T/in/d.csv"
printf '[variant = rr@5[hits=sum,rel=1,ties=input,undef=zero]]\n\ntcId = 1\ngrades = 1,0\nscores = none\nids = none\njudged =\nresult = valid\nstatus = ok\nvalue = 0x1p+0\n\ntcId = 2\ngrades = 0,1\nscores = none\nids = none\njudged =\nresult = valid\nstatus = ok\nvalue = 0x1p-1\n' > "$T/v/rr_test.txt"
printf 'rr:1 1\nrr:2 0.5\n' > "$T/in/cand"
# the same judgments and run compressed: every fault in reading and
# inflating them, and in copying the run to the temporary file, ends the same
gzip -c "$T/in/q" > "$T/in/q.gz"; gzip -c "$T/in/r" > "$T/in/r.gz"
# a shuffled run of 2000 lines: under --memory 64K it is sorted through some
# ten spill files and merge passes, whose writes, reads and buffers are counted
# (--unsorted: no first pass, whose output is dropped when the run turns out
# not to be grouped, so that a failed write there rightly changes nothing);
# with --threads 2 the lines reach the sort, and the merge the evaluator, from
# a reader thread, whose faults must end the same way
awk 'BEGIN { for (i = 1; i <= 100; i++) for (k = 1; k <= 20; k++)
  printf "q%d Q0 d%d %d %d t\n", i, (k * 7) % 23, k, 40 - k }' | shuf --random-source=<(yes) > "$T/in/rs"
# two states of eval --partial, for merge (queries q1-q9 and q10-q20)
grep -E '^q[1-9] ' "$T/in/r" > "$T/in/r1"; grep -vE '^q[1-9] ' "$T/in/r" > "$T/in/r2"
for i in 1 2; do "$RM" eval --quiet --partial -m ap -m gm:ap -o "$T/in/s$i" "$T/in/q" "$T/in/r$i"; done
# two states of 1500 queries each, whose names merge sorts in a 24 KB buffer
# (RANKMETRICS_MEMORY=64K): spilled runs, merged, every allocation walked
awk 'BEGIN { print "user,item,label,score"; for (i = 1; i <= 3000; i++) printf "u%d,a,%d,0.%d\n", (i * 7919) % 3001, i % 2, i % 9 }' > "$T/in/m.csv"
head -n 1501 "$T/in/m.csv" > "$T/in/m1.csv"; { head -n 1 "$T/in/m.csv"; tail -n 1500 "$T/in/m.csv"; } > "$T/in/m2.csv"
for i in 1 2; do "$RM" eval --quiet --partial -m ap -o "$T/in/n$i" "$T/in/m$i.csv"; done

# walk KIND NAME OUTFILE MODE CMD...: MODE is "o" (the file must stay OLD)
# or "tex" (OLD, or the clean run's file).  {OUT} in CMD stands for OUTFILE.
walk() {
  local kind=$1 name=$2 out=$3 mode=$4; shift 4
  local pat n rc hits=0 bad0=$fail args a want
  case $kind in ALLOC) pat='out of memory';; WRITE) pat='cannot write';; READ) pat='read error';; esac
  args=(); for a in "$@"; do args+=("${a//\{OUT\}/$out}"); done
  rm -rf "$(dirname "$out")"; mkdir -p "$(dirname "$out")"
  # the clean run of the ordinary build, for the expected outputs
  rm -f "$out"; "$RM" "${args[@]}" > "$T/want.stdout" 2>/dev/null
  [ -e "$out" ] && cp "$out" "$T/want.file" || : > "$T/want.file"
  for ((n = 1; n < 5000; n += n < 60 ? 1 : 9)); do
    printf 'OLD\n' > "$out"; rm -f "$T/log"
    env "RM_FAULT_$kind=$n" RM_FAULT_LOG="$T/log" "$F" "${args[@]}" > "$T/stdout" 2> "$T/err"; rc=$?
    if [ ! -s "$T/log" ]; then
      # past the last such call: a clean run, as the ordinary build's
      if [ $rc -eq 0 ] && cmp -s "$T/stdout" "$T/want.stdout" && { [ "$mode" = stdout ] ||
          cmp -s "$out" "$T/want.file"; }; then :
      else bad "$name $kind: the run past the last fault (N=$n) differs from the ordinary build (exit $rc)"; fi
      break
    fi
    hits=$((hits + 1))
    if [ $rc -eq 0 ]; then bad "$name $kind N=$n: exit 0"; continue; fi
    grep -q "$pat" "$T/err" || bad "$name $kind N=$n: no '$pat' in: $(head -c 200 "$T/err")"
    if [ "$mode" = o ] || [ "$mode" = stdout ]; then
      [ "$(cat "$out")" = OLD ] || bad "$name $kind N=$n: $out was changed"
    else
      { [ "$(cat "$out")" = OLD ] || cmp -s "$out" "$T/want.file"; } || bad "$name $kind N=$n: $out half-written"
    fi
    [ "$(ls "$(dirname "$out")" | wc -l)" = 1 ] || bad "$name $kind N=$n: left $(ls "$(dirname "$out")" | tr '\n' ' ')"
    if [ "$kind" != WRITE ] && [ "$mode" != tex ] && [ -s "$T/stdout" ]; then
      bad "$name $kind N=$n: printed a partial answer"; fi
  done
  if [ $hits -gt 0 ] && [ $fail -eq $bad0 ]; then ok "$name, $kind: $hits faults up to N=$((n - 1)), each an error and nothing half-written"
  elif [ $hits -eq 0 ]; then bad "$name, $kind: no fault reached"; fi
}
O="$T/o/out"
for k in ALLOC WRITE READ; do
  walk $k "eval TREC -q -o" "$O" o eval --quiet -q -m ap -m ndcg@10 -o '{OUT}' "$T/in/q" "$T/in/r"
  walk $k "eval TREC .gz -q -o" "$O" o eval --quiet -q -m ap -m ndcg@10 -o '{OUT}' "$T/in/q.gz" "$T/in/r.gz"
  walk $k "eval CSV -q -o" "$O" o eval --quiet -q --json -m auc -m 'micro:hr@2' -o '{OUT}' "$T/in/d.csv"
  walk $k "eval to standard output" "$O" stdout eval --quiet -q -m rr "$T/in/q" "$T/in/r"
  walk $k "verify -o" "$O" o verify --vectors "$T/v" -o '{OUT}' "$T/in/cand"
  walk $k "eval shuffled, spilled" "$O" stdout eval --quiet -q -m ap --unsorted --memory 64K "$T/in/q" "$T/in/rs"
  walk $k "eval shuffled, spilled, two threads" "$O" stdout eval --quiet -q -m ap --unsorted --threads 2 --memory 64K "$T/in/q" "$T/in/rs"
  walk $k "eval --partial -o" "$O" o eval --quiet --partial -m ap -m gm:ap -o '{OUT}' "$T/in/q" "$T/in/r"
  walk $k "merge -o" "$O" o merge --quiet -o '{OUT}' "$T/in/s1" "$T/in/s2"
  RANKMETRICS_MEMORY=64K walk $k "merge, names spilled" "$O" o merge --quiet -o '{OUT}' "$T/in/n1" "$T/in/n2"
  walk $k "eval --partial, names spilled" "$O" o eval --quiet --partial --memory 64K -m ap -o '{OUT}' "$T/in/m.csv"
done
for k in ALLOC WRITE; do
  walk $k "value --exact -o" "$O" o value 'ndcg@3' --grades 2,0,1 --judged 3 --exact -o '{OUT}'
  walk $k "disagree --tex" "$T/o/d.tex" tex disagree rr --max-length 2 --budget 20 --tex '{OUT}'
done
# ---- where O_TMPFILE is refused (RM_FAULT_TMPFILE), -o writes a named
# temporary FILE.XXXXXX: it is renamed over the old file, and every signal
# that can be caught removes it (ALRM, XCPU, XFSZ, USR1 once left it).
printf 'OLD OLD OLD OLD OLD OLD OLD OLD OLD OLD OLD OLD OLD OLD OLD\n' > "$T/o/named"
RM_FAULT_TMPFILE=1 $F value ap --grades 1,0,1 -o "$T/o/named" &&
  [ "$(cat "$T/o/named")" = "$($RM value ap --grades 1,0,1)" ] && [ "$(ls "$T/o" | grep -c 'named\.')" = 0 ] &&
  ok "O_TMPFILE refused: -o replaces the file through a named temporary" || bad "O_TMPFILE refused: -o: $(ls "$T/o")"
mkdir "$T/sig"; mkfifo "$T/sig/p"; printf 'OLD\n' > "$T/sig/out.txt"
# (a job started with & has SIGINT and SIGQUIT ignored, and keeps them so)
for s in TERM HUP PIPE ALRM XCPU XFSZ USR1 USR2 VTALRM PROF RTMIN; do
  RM_FAULT_TMPFILE=1 $F eval -m ap -o "$T/sig/out.txt" "$T/sig/p" "$T/sig/p" 2>/dev/null & pid=$!
  sleep 0.3; seen=$(ls -A "$T/sig" | grep -c '^out\.txt\.'); kill -$s $pid
  sleep 0.2; kill -KILL $pid 2>/dev/null; { wait $pid; } 2>/dev/null
  n=$(ls -A "$T/sig" | grep -c '^out\.txt\.')
  [ "$seen" = 1 ] && [ "$n" = 0 ] && [ "$(cat "$T/sig/out.txt")" = OLD ] &&
    ok "O_TMPFILE refused, SIG$s during eval -o: the named temporary removed" ||
    { bad "O_TMPFILE refused, SIG$s: temporaries $seen before, $(ls -A "$T/sig")"; rm -f "$T/sig"/out.txt.*; }
done 2>/dev/null # not the shell's word on each job killed
echo "fault_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
