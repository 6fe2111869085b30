#!/bin/bash
# io_test.sh: the tool's files, on the ordinary build.  Standard output on
# /dev/full fails every command; a full temporary directory fails eval with
# nothing printed; -o and disagree --tex follow a symbolic link and keep it,
# write a device in place (it stays a device), refuse a directory, keep an
# old file when the command fails and leave no temporary; a directory as
# input and /dev/zero under a small line limit are errors, not a hang; a
# line of exactly the limit is read; and under an address-space limit a long
# line gives the right value or "out of memory", never the mean of the
# queries before it.  Run from the top directory after ./rankmetrics is built.
cd "$(dirname "$0")/.." || exit 1
RM=${TOOL:-./rankmetrics}
T=$(mktemp -d); MNT=
cleanup() { [ -n "$MNT" ] && umount "$MNT" 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT
pass=0; fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
# refuse NAME PATTERN CMD...: non-zero exit and stderr matching PATTERN
refuse() {
  local name=$1 pat=$2; shift 2
  local err rc
  err=$("$@" 2>&1 >/dev/null); rc=$?
  if [ $rc -ne 0 ] && printf '%s\n' "$err" | grep -qE -- "$pat"; then ok "$name"
  else bad "$name (exit $rc, stderr: $(printf '%s' "$err" | head -c 300))"; fi
}
printf 'q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 1\n' > "$T/q"
printf 'q1 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t\nq1 Q0 d3 3 1 t\n' > "$T/r"
# ap of 1,0,1 with R = 2: (1 + 2/3)/2 = 5/6, correctly rounded
AP=$(printf 'ap\tall\t0.8333333333333334')
mkdir "$T/v"
printf '[variant = rr@5[hits=sum,rel=1,ties=input,undef=zero]]\n\ntcId = 1\ngrades = 1,0\nscores = none\nids = none\njudged =\nresult = valid\nstatus = ok\nvalue = 0x1p+0\n' > "$T/v/rr_test.txt"
printf 'rr:1 1\n' > "$T/cand"

# ---- standard output on /dev/full: every command fails, saying so
if [ -w /dev/full ]; then
  while IFS='|' read -r name args; do
    eval "set -- $args"
    err=$($RM "$@" 2>&1 >/dev/full); rc=$?
    if [ $rc -ne 0 ] && printf '%s\n' "$err" | grep -q "cannot write"; then ok "/dev/full as standard output: $name"
    else bad "/dev/full as standard output: $name exit $rc ($(printf '%s' "$err" | tail -1 | head -c 200))"; fi
  done <<EOF
value|value ap --grades 1,0,1
name|name ap
eval|eval --quiet -m ap "$T/q" "$T/r"
eval -q|eval --quiet -q -m ap -m rr "$T/q" "$T/r"
examples|examples
accuracy|accuracy 1
verify|verify --vectors "$T/v" "$T/cand"
disagree|disagree rr --max-length 2 --budget 20
neighbours|neighbours ap
help|--help
version|--version
EOF
fi

# ---- a full temporary directory: eval prints nothing and fails
big="$T/big"; mkdir "$big"
awk 'BEGIN { for (i = 1; i <= 3000; i++) printf "q%d 0 d1 1\n", i }' > "$big/q"
awk 'BEGIN { for (i = 1; i <= 3000; i++) printf "q%d Q0 d1 1 1 t\n", i }' > "$big/r"
mkdir "$T/tmpfs"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=16k tmpfs "$T/tmpfs" 2>/dev/null; then
  MNT="$T/tmpfs"
  out=$(TMPDIR="$T/tmpfs" $RM eval --quiet -q -m ap "$big/q" "$big/r" 2>"$T/err"); rc=$?
  if [ $rc -ne 0 ] && [ -z "$out" ] && grep -q "cannot write the temporary file" "$T/err"; then
    ok "a full temporary directory (16 kB tmpfs, 70 kB of output): an error, nothing printed"
  else bad "full TMPDIR: exit $rc, $(printf '%s' "$out" | wc -c) bytes out, $(cat "$T/err")"; fi
  n=$(TMPDIR="$T/tmpfs" $RM eval --quiet -q -m ap "$big/q" "$big/r" -o "$T/tmpfs/o" 2>/dev/null; ls -A "$T/tmpfs" | wc -l)
  [ "$n" = 0 ] && ok "a full disk under -o: nothing left there" || bad "full disk under -o: $(ls -A "$T/tmpfs")"
  umount "$T/tmpfs"; MNT=
else
  echo "note: no tmpfs (not root, or mount refused); the full-disk case is left to fault_test.sh"
fi
refuse "a missing temporary directory" "no temporary file" env TMPDIR="$T/nosuch" $RM eval --quiet -m ap "$T/q" "$T/r"

# ---- -o: atomic, and only for a complete answer
$RM eval --quiet -m ap "$T/q" "$T/r" -o "$T/o1" && [ "$(cat "$T/o1")" = "$($RM eval --quiet -m ap "$T/q" "$T/r")" ] &&
  ok "-o FILE holds what standard output would" || bad "-o FILE"
printf 'OLD\n' > "$T/o2"; chmod 640 "$T/o2"
printf 'q1 Q0 d1 1 x t\n' > "$T/rbad"
refuse "eval on a bad run with -o" "score 'x'" $RM eval --quiet -m ap -o "$T/o2" "$T/q" "$T/rbad"
[ "$(cat "$T/o2")" = OLD ] && ok "-o: a failed command leaves the old file" || bad "-o: old file changed"
$RM value ap --grades 1,0,1 -o "$T/o2" && [ "$(stat -c %a "$T/o2")" = 640 ] &&
  ok "-o keeps the replaced file's permissions" || bad "-o permissions: $(stat -c %a "$T/o2")"
[ "$(ls "$T" | grep -c '\.......$')" = 0 ] && ok "-o: no temporary left" || bad "-o: temporaries $(ls "$T")"
refuse "-o a directory" "is a directory" $RM value ap --grades 1 -o "$T/v"
refuse "-o in a missing directory" "cannot write" $RM value ap --grades 1 -o "$T/nosuch/x"
refuse "-o without FILE" "-o needs one FILE" $RM value ap --grades 1 -o
[ "$($RM value ap --grades 1 -o -)" = "$($RM value ap --grades 1)" ] && ok "-o - is standard output" || bad "-o -"
[ "$($RM value ap --grades 1 -o /dev/stdout)" = "$($RM value ap --grades 1)" ] && ok "-o /dev/stdout through a pipe" || bad "-o /dev/stdout"
{ echo first; $RM value ap --grades 1 -o /dev/stdout; } > "$T/so"
[ "$(head -1 "$T/so")" = first ] && [ "$(wc -l < "$T/so")" = 2 ] && [ ! -L "$T/so" ] &&
  ok "-o /dev/stdout into a file goes on after the shell's output" || bad "-o /dev/stdout into a file: $(cat "$T/so")"
# verify's status 1 is a verdict: its report is written
printf 'rr:1 0.5\n' > "$T/cand2"
$RM verify --vectors "$T/v" -o "$T/o3" "$T/cand2" 2>/dev/null; rc=$?
[ $rc = 1 ] && grep -q FAIL "$T/o3" && ok "verify -o: a failed check is a complete report, written" || bad "verify -o on a failure: exit $rc"

# ---- symbolic links: followed, kept
ln -s real.txt "$T/link"
$RM eval --quiet --trec -m ap -o "$T/link" "$T/q" "$T/r" && [ -L "$T/link" ] && [ "$(cat "$T/real.txt")" = "$AP" ] &&
  ok "-o through a link to a new file: the link stays, the file is written" || bad "-o link: $(ls -l "$T/link")"
$RM value ap --grades 1 -o "$T/link" && [ -L "$T/link" ] && [ "$(cut -f2 "$T/real.txt")" = 1 ] &&
  ok "-o through a link to an existing file" || bad "-o link, existing"
mkdir "$T/sub"; ln -s ../real.txt "$T/sub/rel"
$RM disagree rr --max-length 2 --budget 20 --tex "$T/sub/rel" >/dev/null && [ -L "$T/sub/rel" ] &&
  grep -q distables "$T/real.txt" && ok "disagree --tex through a relative link: the link stays" ||
  bad "disagree --tex link: $(ls -l "$T/sub")"
ln -s "$T/v" "$T/dirlink"
refuse "-o a link to a directory" "is a directory" $RM value ap --grades 1 -o "$T/dirlink"

# ---- every regular file is replaced or cut, never left with a stale tail;
# a descriptor in append mode appends (issue 32).  Once a regular file under
# /dev or /proc was opened without O_TRUNC: an older, longer /dev/shm/F kept
# its tail after the new output, and -o /proc/self/fd/1 >> LOG overwrote the
# log's first lines, each with status 0.
ONE=$(printf 'ap[norm=rel,rel=1,ties=input,undef=zero]\t1')
LONG=$(printf '%0300d' 0)
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
  shm=/dev/shm/io_test.$$; printf '%s\n' "$LONG" > "$shm"
  $RM value ap --grades 1 -o "$shm"; rc=$?
  [ $rc = 0 ] && [ "$(cat "$shm")" = "$ONE" ] && ok "-o /dev/shm/F: an older, longer file is replaced whole" ||
    bad "-o /dev/shm/F: exit $rc, $(wc -c < "$shm") bytes: $(head -c 80 "$shm")"
  rm -f "$shm"
fi
printf 'line 1 of the log\nline 2 of the log\n' > "$T/app.log"
$RM value ap --grades 1 -o /proc/self/fd/1 >> "$T/app.log"
[ "$(cat "$T/app.log")" = "$(printf 'line 1 of the log\nline 2 of the log\n%s' "$ONE")" ] &&
  ok "-o /proc/self/fd/1 >> LOG appends" || bad "-o /proc/self/fd/1 >> LOG: $(cat "$T/app.log")"
printf '%s\n' "$LONG" > "$T/rw"
$RM value ap --grades 1 -o /proc/self/fd/3 3<>"$T/rw"
[ "$(cat "$T/rw")" = "$ONE" ] && ok "-o /proc/self/fd/3 3<>FILE: no stale tail" || bad "-o /proc/self/fd/3 3<>FILE: $(head -c 80 "$T/rw")"
{ echo first; $RM value ap --grades 1 -o /proc/self/fd/1; } > "$T/so2"
[ "$(cat "$T/so2")" = "$(printf 'first\n%s' "$ONE")" ] && ok "-o /proc/self/fd/1 into a file goes on after the shell's output" ||
  bad "-o /proc/self/fd/1 after the shell's output: $(cat "$T/so2")"
refuse "-o a closed descriptor" "cannot write '/proc/self/fd/9': Bad file descriptor" $RM value ap --grades 1 -o /proc/self/fd/9

# ---- an unwritable directory: a file there that may be written is cut and
# written in place (it was refused, blaming the file); a new one is an error
# that names the directory.  As root, the user nobody is taken.
mkdir "$T/ro"; printf '%s\n' "$LONG" > "$T/ro/f"; chmod 666 "$T/ro/f"; chmod 755 "$T/ro"
AS=; if [ "$(id -u)" = 0 ]; then AS="setpriv --reuid=65534 --regid=65534 --clear-groups"; chmod 755 "$T"; else chmod 555 "$T/ro"; fi
if [ "$(id -u)" != 0 ] || command -v setpriv >/dev/null; then
  $AS $RM value ap --grades 1 -o "$T/ro/f"; rc=$?
  [ $rc = 0 ] && [ "$(cat "$T/ro/f")" = "$ONE" ] && ok "-o FILE in an unwritable directory: written in place, no stale tail" ||
    bad "-o FILE in an unwritable directory: exit $rc, $(head -c 80 "$T/ro/f")"
  refuse "-o a new file in an unwritable directory names the directory" \
    "cannot write '$T/ro/new': cannot make a file in the directory '$T/ro': Permission denied" $AS $RM value ap --grades 1 -o "$T/ro/new"
fi
chmod 755 "$T/ro"; chmod 700 "$T"

# ---- nothing left by a signal: ALRM, XCPU, XFSZ, USR1 left out.txt.XXXXXX,
# and SIGKILL, which no program can catch, still leaves it on a file system
# without O_TMPFILE (fault_test.sh takes that way); eval waits on a FIFO.
mkdir "$T/sig"; mkfifo "$T/sig/p"; printf 'OLD\n' > "$T/sig/out.txt"
for s in ALRM XCPU XFSZ USR1 USR2 VTALRM PROF KILL; do
  $RM eval -m ap -o "$T/sig/out.txt" "$T/sig/p" "$T/sig/p" 2>/dev/null & pid=$!
  sleep 0.3; kill -$s $pid; sleep 0.2; kill -KILL $pid 2>/dev/null; { wait $pid; } 2>/dev/null
  n=$(ls -A "$T/sig" | grep -vcx 'p\|out.txt')
  [ "$n" = 0 ] && [ "$(cat "$T/sig/out.txt")" = OLD ] && ok "SIG$s during eval -o: no temporary left, the old file kept" ||
    bad "SIG$s during eval -o: $(ls -A "$T/sig")"
done 2>/dev/null # not the shell's word on each job killed
# a signal the tool was started with ignored stays ignored (nohup)
mkfifo "$T/sig/pq" "$T/sig/pr"
( trap '' HUP; exec $RM eval --trec -m ap -o "$T/sig/out.txt" "$T/sig/pq" "$T/sig/pr" ) 2>/dev/null & pid=$!
sleep 0.3; kill -HUP $pid 2>/dev/null
timeout 5 sh -c "cat '$T/q' > '$T/sig/pq' & cat '$T/r' > '$T/sig/pr'; wait"
wait $pid; rc=$?
[ $rc = 0 ] && [ "$(cat "$T/sig/out.txt")" = "$AP" ] && ok "SIGHUP ignored at the start stays ignored" ||
  bad "SIGHUP ignored at the start: exit $rc, $(cat "$T/sig/out.txt")"

# ---- an output directory never follows a symbolic link planted in it: the
# link is replaced by the new file, its target is not written
mkdir "$T/figl"; printf 'VICTIM\n' > "$T/victim"; ln -s ../victim "$T/figl/fig-discount.mp"
$RM figures --out "$T/figl"; rc=$?
[ $rc = 0 ] && [ "$(cat "$T/victim")" = VICTIM ] && [ -f "$T/figl/fig-discount.mp" ] && [ ! -L "$T/figl/fig-discount.mp" ] &&
  ok "figures --out DIR: a link planted in DIR is replaced, its target untouched" ||
  bad "figures --out DIR with a planted link: exit $rc, victim '$(head -c 60 "$T/victim")'"

# ---- a character device as the target: written in place, still a device
dev=/dev/full
if [ "$(id -u)" = 0 ] && mknod "$T/full" c 1 7 2>/dev/null; then dev="$T/full"; fi
if [ -c "$dev" ] && [ -w "$dev" ]; then
  refuse "-o $dev: an error naming it" "cannot write '$dev': No space left" $RM eval --quiet -m ap -o "$dev" "$T/q" "$T/r"
  refuse "disagree --tex $dev: an error" "cannot write .*No space left" $RM disagree rr --max-length 2 --budget 20 --tex "$dev"
  [ -c "$dev" ] && ok "$dev is still a character device" || bad "$dev was replaced: $(ls -l "$dev")"
fi
[ "$($RM value ap --grades 1 -o /dev/null; echo $?)" = 0 ] && [ -c /dev/null ] && ok "-o /dev/null" || bad "-o /dev/null"

# ---- hostile inputs: a directory, /dev/zero, a line of the limit
refuse "a directory as the run" "is a directory" $RM eval -m ap "$T/q" "$T/v"
refuse "a directory as the judgments" "is a directory" $RM eval -m ap "$T/v" "$T/r"
refuse "a directory as a candidate" "is a directory" $RM verify --vectors "$T/v" "$T/v"
refuse "/dev/zero as the run, line limit 1024" "/dev/zero:1: line longer than 1024 bytes" \
  env RANKMETRICS_LINE_MAX=1024 timeout 20 $RM eval -m ap "$T/q" /dev/zero
refuse "/dev/zero as a CSV file" "line longer than 1024 bytes" env RANKMETRICS_LINE_MAX=1024 timeout 20 $RM eval -m ap /dev/zero
refuse "/dev/zero as a candidate" "line longer than 1024 bytes" env RANKMETRICS_LINE_MAX=1024 timeout 20 $RM verify --vectors "$T/v" /dev/zero
refuse "a bad RANKMETRICS_LINE_MAX" "RANKMETRICS_LINE_MAX" env RANKMETRICS_LINE_MAX=12k $RM eval -m ap "$T/q" "$T/r"
# the run's lines are 14 bytes: a limit of 14 reads them, 13 refuses the first
out=$(RANKMETRICS_LINE_MAX=14 $RM eval --quiet --trec -m ap "$T/q" "$T/r" 2>&1)
[ "$out" = "$AP" ] && ok "lines of exactly the limit are read" || bad "limit 14: $out"
refuse "a line one byte over the limit" "r:1: line longer than 13 bytes" env RANKMETRICS_LINE_MAX=13 $RM eval --quiet -m ap "$T/q" "$T/r"
# the last line without its newline, and a NUL byte past 256 bytes, are seen
printf 'q1 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t\nq1 Q0 d3 3 1 t' > "$T/rnonl"
[ "$($RM eval --quiet --trec -m ap "$T/q" "$T/rnonl")" = "$AP" ] && ok "a last line without its newline" || bad "no final newline"
{ printf 'q1 Q0 d1 1 3 t%300s\n' ''; printf 'q1 Q0 d%0300d\0002 2 2 t\n' 0; } > "$T/rnul"
refuse "a NUL byte after 300 bytes of a line" "rnul:2: NUL byte" $RM eval --quiet -m ap "$T/q" "$T/rnul"

# ---- closed standard descriptors: a file opened next must not take their
# place.  With 2 closed, eval's temporary output became descriptor 2 and its
# note on the missing score column went into the -o file, status 0; with 1
# closed, -o failed; with 0 closed, the run was read as the judgments.
printf 'user,item,label\nu,a,0\nu,b,1\n' > "$T/noscore.csv"
rm -f "$T/c2"; $RM eval --trec -m ap - -o "$T/c2" 2>&- < "$T/noscore.csv"; rc=$?
# ap of 0,1 in row order: 1/2
[ $rc = 0 ] && [ "$(cat "$T/c2")" = "$(printf 'ap\tall\t0.5')" ] && ok "standard error closed: the -o file holds the table only" ||
  bad "standard error closed: exit $rc, -o file '$(cat "$T/c2")'"
rm -f "$T/c1"; $RM eval --quiet --trec -m ap "$T/q" "$T/r" -o "$T/c1" >&-; rc=$?
[ $rc = 0 ] && [ "$(cat "$T/c1")" = "$AP" ] && ok "standard output closed: -o still written" || bad "standard output closed, -o: exit $rc"
refuse "standard output closed, no -o" "cannot write standard output: Bad file descriptor" sh -c "exec >&-; exec $RM value ap --grades 1"
refuse "standard input closed, run '-'" "^-: read error: Bad file descriptor" sh -c "exec <&-; exec $RM eval -m ap '$T/q' -"
refuse "standard input closed, judgments '-'" "^-: read error: Bad file descriptor" sh -c "exec <&-; exec $RM eval -m ap - '$T/r'"

# ---- a long line under an address-space limit: the right value or out of
# memory, never the mean of the other queries.  q1 has ap 5/6; q2's only
# relevant document, 30 MB long, is retrieved first, ap 1: the mean is
# 0.9166666666666666 (11/12); without q2 it would be 0.8333333333333334 (5/6).
if ! (ulimit -v 400000; $RM --version) >/dev/null 2>&1; then
  echo "note: $RM does not start under ulimit -v (a sanitizer build?); the long-line case is skipped"
else
long=$(head -c 30000000 /dev/zero | tr '\0' x)
{ cat "$T/q"; printf 'q2 0 %s 1\n' "$long"; } > "$T/ql"
{ cat "$T/r"; printf 'q2 Q0 %s 1 1 t\n' "$long"; } > "$T/rl"
unset long
seen=""
for kb in 60000 90000 120000 200000 400000; do
  out=$( (ulimit -v $kb; $RM eval --quiet --trec -m ap "$T/ql" "$T/rl") 2>"$T/err"); rc=$?
  if [ $rc = 0 ] && [ "$out" = "$(printf 'ap\tall\t0.9166666666666666')" ]; then seen="$seen ok@$kb"
  elif [ $rc = 1 ] && grep -q "out of memory" "$T/err"; then seen="$seen oom@$kb"
  elif [ $rc = 1 ] && grep -q "rl:4: line of 30000012 bytes, longer than [0-9]*, a quarter of --memory [0-9]*M; it needs --memory 115M or more" "$T/err"
  then seen="$seen long@$kb"  # the default --memory fits the limit, and says why the line cannot
  elif [ $rc -ne 0 ] && [ -z "$out" ] && ! grep -q . "$T/err"; then seen="$seen nostart@$kb"
  else bad "long line under ulimit -v $kb: exit $rc, '$out', $(head -c 200 "$T/err")"; seen="$seen BAD@$kb"; fi
done
case $seen in *BAD*) ;; *ok@*) ok "a 30 MB line under address-space limits:$seen";; *) bad "30 MB line: never evaluated:$seen";; esac

# ---- trec_eval runs eval with descriptor 2 pointed at a temporary file; out
# of memory inside it once went there and was lost (status 1, not a word; at
# 32 to 36 MB here, where eval starts its reader thread).  Every limit of the
# sweep must give trec_eval's full output or "out of memory".
awk 'BEGIN { srand(1); for (q = 1; q <= 300; q++) for (d = 1; d <= 200; d++) if (rand() < 0.3)
  printf "q%d 0 d%d %d\n", q, d, int(rand() * 3) }' > "$T/tq"
awk 'BEGIN { srand(2); for (q = 1; q <= 300; q++) for (d = 1; d <= 300; d++)
  printf "q%d Q0 d%d %d %.6f t\n", q, d, d, rand() }' > "$T/tr"
$RM trec_eval -q -m all_trec "$T/tq" "$T/tr" > "$T/te.want" 2>/dev/null
seen=""
for kb in $(seq 20000 2000 60000); do
  (ulimit -v $kb; $RM trec_eval -q -m all_trec "$T/tq" "$T/tr") > "$T/te.out" 2> "$T/err"; rc=$?
  if [ $rc = 0 ] && cmp -s "$T/te.out" "$T/te.want"; then seen="$seen ok@$kb"
  elif [ $rc = 1 ] && grep -q "out of memory" "$T/err"; then seen="$seen oom@$kb"
  else bad "trec_eval under ulimit -v $kb: exit $rc, $(wc -c < "$T/te.out") bytes, stderr '$(head -c 200 "$T/err")'"; seen="$seen BAD@$kb"; fi
done
case $seen in *BAD*) ;; *ok@*) ok "trec_eval -m all_trec under address-space limits:$seen";; *) bad "trec_eval: never evaluated:$seen";; esac
fi

# ---- gzip: a compressed file or pipe is read as the file it holds (found by
# its magic bytes 1f 8b, not its name), a stream of two members as both; a
# truncated or corrupt stream is a read error naming the file, never a short
# input (the files here were once read as lines of garbage)
printf 'q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 2\nq2 0 d1 1\nq2 0 d4 1\n' > "$T/gq"
awk 'BEGIN { for (q = 1; q <= 2; q++) for (d = 1; d <= 5; d++) printf "q%d Q0 d%d %d %g t\n", q, d, d, 1 / d }' > "$T/gr"
gzip -c "$T/gq" > "$T/gq.gz"; gzip -c "$T/gr" > "$T/gr.bin"
{ head -n 4 "$T/gr" | gzip -c; tail -n +5 "$T/gr" | gzip -c; } > "$T/gr2.gz"
$RM eval -q -m ap -m ndcg "$T/gq" "$T/gr" > "$T/g.want" 2>/dev/null
$RM trec_eval -q "$T/gq" "$T/gr" > "$T/gte.want" 2>/dev/null
grep -q 'ndcg' "$T/g.want" && grep -q 'map' "$T/gte.want" || bad "gzip: the plain files give no table"
for args in "gq.gz gr.bin" "gq gr2.gz" "gq.gz gr" "--memory 1M gq.gz gr.bin"; do
  set -- $args; n=$#
  files=(); for a in "$@"; do case $a in --*|1M) files+=("$a");; *) files+=("$T/$a");; esac; done
  if $RM eval -q -m ap -m ndcg "${files[@]}" 2>/dev/null | cmp -s - "$T/g.want"; then ok "gzip: eval $args"
  else bad "gzip: eval $args differs from the plain files"; fi
done
if $RM trec_eval -q "$T/gq.gz" "$T/gr.bin" 2>/dev/null | cmp -s - "$T/gte.want"; then ok "gzip: trec_eval on .gz files"
else bad "gzip: trec_eval on .gz files differs"; fi
if gzip -c "$T/gr" | $RM eval -q -m ap -m ndcg "$T/gq.gz" - 2>/dev/null | cmp -s - "$T/g.want"; then ok "gzip: eval on a pipe of gzip"
else bad "gzip: eval on a pipe of gzip differs"; fi
if gzip -c "$T/gq" | $RM trec_eval -q - "$T/gr" 2>/dev/null | cmp -s - "$T/gte.want"; then ok "gzip: trec_eval on a pipe of gzip"
else bad "gzip: trec_eval on a pipe of gzip differs"; fi
head -c 60 "$T/gr.bin" > "$T/gt.gz"
python3 -c "import sys; d = bytearray(open(sys.argv[1], 'rb').read()); d[-6] ^= 0xff; open(sys.argv[2], 'wb').write(d)" "$T/gr.bin" "$T/gc.gz"
refuse "gzip: eval, a truncated run" "gt.gz: read error: truncated gzip stream" $RM eval -m ap "$T/gq" "$T/gt.gz"
refuse "gzip: eval, a corrupt run" "gc.gz: read error: incorrect (data check|length check)" $RM eval -m ap "$T/gq" "$T/gc.gz"
refuse "gzip: eval, a truncated judgments file" "gt.gz: read error: truncated gzip stream" $RM eval -m ap "$T/gt.gz" "$T/gr"
refuse "gzip: trec_eval, a truncated run" "gt.gz(:[0-9]+)?: read error: truncated gzip stream" $RM trec_eval "$T/gq" "$T/gt.gz"
refuse "gzip: trec_eval, a corrupt run" "gc.gz(:[0-9]+)?: read error: incorrect" $RM trec_eval "$T/gq" "$T/gc.gz"
head -c 30 "$T/gr.bin" | refuse "gzip: eval, a truncated pipe" "read error: truncated gzip stream" $RM eval -m ap "$T/gq" -
gzip -c "$T/cand" > "$T/cand.gz"
if $RM verify --vectors "$T/v" "$T/cand" > "$T/vw" 2>&1 && $RM verify --vectors "$T/v" "$T/cand.gz" > "$T/vg" 2>&1 \
    && sed "s|$T/cand.gz|$T/cand|g" "$T/vg" | cmp -s - "$T/vw"; then ok "gzip: verify reads a .gz candidate"
else bad "gzip: verify on a .gz candidate: $(head -c 300 "$T/vg")"; fi
head -c 20 "$T/cand.gz" > "$T/ct.gz"
refuse "gzip: verify, a truncated candidate" "ct.gz:[0-9]+: read error: truncated gzip stream" $RM verify --vectors "$T/v" "$T/ct.gz"

echo "io_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
