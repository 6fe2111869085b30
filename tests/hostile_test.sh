#!/bin/bash
# hostile_test.sh: every bad input to the tool's file readers (eval's TREC
# qrels and run, eval's delimited files, verify's candidate files and vector
# files) gets "FILE:LINE: what was wrong" and a non-zero exit; the inputs that
# are accepted (CRLF, a byte-order mark, megabyte lines) give the right value.
# Run from the top directory after ./rankmetrics is built.
cd "$(dirname "$0")/.." || exit 1
RM=./rankmetrics
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
# refuse NAME PATTERN CMD...: the command exits non-zero and stderr matches
refuse() {
  local name=$1 pat=$2; shift 2
  local err rc
  err=$("$@" 2>&1 >/dev/null); rc=$?
  if [ $rc -ne 0 ] && printf '%s\n' "$err" | grep -qE -- "$pat"; then ok "$name"
  else bad "$name (exit $rc, stderr: $(printf '%s' "$err" | head -c 300))"; fi
}
# value NAME EXPECTED CMD...: the command succeeds and prints EXPECTED
value() {
  local name=$1 want=$2; shift 2
  local out
  if out=$("$@" 2>/dev/null) && [ "$out" = "$want" ]; then ok "$name"
  else bad "$name (got '$out', want '$want')"; fi
}
E() { $RM eval --quiet --trec -m ap "$@"; }
printf 'q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 1\n' > "$T/q"
printf 'q1 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t\nq1 Q0 d3 3 1 t\n' > "$T/r"
# ap of 1,0,1 with R = 2: (1 + 2/3)/2 = 5/6, whose correctly rounded double
# prints 0.8333333333333334 (the double path's sum printed ...333)
AP=$(printf 'ap\tall\t0.8333333333333334')
value "plain TREC" "$AP" E "$T/q" "$T/r"

# ---- CRLF, byte-order mark, long lines (accepted)
sed 's/$/\r/' "$T/q" > "$T/q.crlf"; sed 's/$/\r/' "$T/r" > "$T/r.crlf"
value "CRLF qrels and run" "$AP" E "$T/q.crlf" "$T/r.crlf"
{ printf '\xef\xbb\xbf'; cat "$T/q"; } > "$T/q.bom"; { printf '\xef\xbb\xbf'; cat "$T/r"; } > "$T/r.bom"
value "BOM in qrels and run" "$AP" E "$T/q.bom" "$T/r.bom"
printf '\xef\xbb\xbfuser,item,label,score\r\nu,a,1,3\r\nu,b,0,2\r\nu,c,1,1\r\n' > "$T/bom.csv"
value "BOM and CRLF in a CSV header" "$AP" E "$T/bom.csv"
long=$(head -c 1048576 /dev/zero | tr '\0' 'x')
{ cat "$T/q"; printf 'q1 0 %s 1\n' "$long"; } > "$T/q.long"
{ cat "$T/r"; printf 'q1 Q0 %s 4 0.5 t\n' "$long"; } > "$T/r.long"
# d1 d3 relevant at 1, 3 and the long one at 4: (1 + 2/3 + 3/4)/3 = 29/36
value "a megabyte docno, judged and retrieved" "$(printf 'ap\tall\t0.8055555555555556')" E "$T/q.long" "$T/r.long"
{ cat "$T/r"; printf 'q1 Q0 %s 4 0.5 t\n' "${long}y"; } > "$T/r.long2"
# the long judged docno is now unretrieved: (1 + 2/3)/3 = 5/9
value "a megabyte docno differing in its last byte is another document" "$(printf 'ap\tall\t0.5555555555555556')" E "$T/q.long" "$T/r.long2"
{ printf 'user,item,label,score\n'; printf 'u,%s,1,3\nu,b,0,2\n' "$long"; } > "$T/long.csv"
value "a megabyte item in a CSV" "$(printf 'ap\tall\t1')" E "$T/long.csv"
printf 'u,i1,1,%s\n' "$long" | sed '1i user,item,label,score' > "$T/longscore.csv"
refuse "a megabyte score is not a number" "longscore.csv:2: score 'x+' is not a finite number" E "$T/longscore.csv"

# ---- NUL bytes
printf 'q1 0 d1 1\nq1 0 d\0002 0\n' > "$T/q.nul"
refuse "NUL byte in qrels" 'q.nul:2: NUL byte' E "$T/q.nul" "$T/r"
printf 'q1 Q0 d1 1 3 t\0\n' > "$T/r.nul"
refuse "NUL byte in run" 'r.nul:1: NUL byte' E "$T/q" "$T/r.nul"
printf 'user,item,label\nu,a\000,1\n' > "$T/nul.csv"
refuse "NUL byte in CSV" 'nul.csv:2: NUL byte' E "$T/nul.csv"
printf 'us\000er,item,label\n' > "$T/nulh.csv"
refuse "NUL byte in CSV header" 'nulh.csv:1: NUL byte' E "$T/nulh.csv"

# ---- invalid UTF-8 in ids
printf 'q1 0 d\3771 1\n' > "$T/q.utf"
refuse "invalid UTF-8 in a qrels docno" 'q.utf:1: invalid UTF-8 in an identifier' E "$T/q.utf" "$T/r"
printf 'q\300\2571 Q0 d1 1 3 t\n' > "$T/r.utf"
refuse "overlong UTF-8 in a run qid" 'r.utf:1: invalid UTF-8 in an identifier' E "$T/q" "$T/r.utf"
printf 'user,item,label\nu\355\240\200,a,1\n' > "$T/utf.csv"
refuse "UTF-8 surrogate in a CSV user" 'utf.csv:2: invalid UTF-8 in an identifier' E "$T/utf.csv"
printf 'user,item,label\n\303\251t\303\251,\360\237\230\200,1\n' > "$T/utfok.csv"
value "valid UTF-8 ids accepted" "$(printf 'ap\tall\t1')" E "$T/utfok.csv"

# ---- missing and extra fields
printf 'q1 0 d1\n' > "$T/q.f3"; refuse "qrels line with 3 fields" 'q.f3:1: a judgment line has 3 fields' E "$T/q.f3" "$T/r"
printf 'q1 0 d1 1 x\n' > "$T/q.f5"; refuse "qrels line with 5 fields" 'q.f5:1: a judgment line has 5 fields' E "$T/q.f5" "$T/r"
printf 'q1 Q0 d1 1 3\n' > "$T/r.f5"; refuse "run line with 5 fields" 'r.f5:1: a run line has 5 fields' E "$T/q" "$T/r.f5"
printf 'q1 Q0 d1 1 3 t x\n' > "$T/r.f7"; refuse "run line with 7 fields" 'r.f7:1: a run line has 7 fields' E "$T/q" "$T/r.f7"
printf 'user,item,label\nu,a\n' > "$T/f2.csv"; refuse "CSV row with a missing field" 'f2.csv:2: 2 fields, but the header has 3' E "$T/f2.csv"
printf 'user,item,label\nu,a,1,9\n' > "$T/f4.csv"; refuse "CSV row with an extra field" 'f4.csv:2: 4 fields, but the header has 3' E "$T/f4.csv"
printf 'user,item\nu,a\n' > "$T/nolabel.csv"; refuse "CSV without a label column" "nolabel.csv:1: the header has no column 'label'" E "$T/nolabel.csv"
# an empty user or item is missing data: the empty users were all one query ''
printf 'user,item,label\nu,a,1\n,b,0\n,c,1\n' > "$T/nouser.csv"; refuse "CSV row with an empty user" 'nouser.csv:3: the user field is empty' E "$T/nouser.csv"
printf 'user,item,label\nu,a,1\nu,"",0\n' > "$T/noitem.csv"; refuse "CSV row with an empty item" 'noitem.csv:3: the item field is empty' E "$T/noitem.csv"
refuse "CSV row with an empty user, unsorted" 'nouser.csv:3: the user field is empty' E --unsorted "$T/nouser.csv"
# a tab in a user is the separator of --trec's lines: ap<TAB>u<TAB>x<TAB>1
printf 'user,item,label\n"u\tx",a,1\n' > "$T/tabuser.csv"; refuse "CSV user holding a tab" 'tabuser.csv:2: the user field holds a tab' E "$T/tabuser.csv"

# ---- empty files
: > "$T/empty"; printf '\n\n' > "$T/blank"
refuse "empty qrels" 'empty:1: no judgments' E "$T/empty" "$T/r"
refuse "blank qrels" 'blank:2: no judgments' E "$T/blank" "$T/r"
refuse "empty run" 'empty:1: no run lines' E "$T/q" "$T/empty"
refuse "empty CSV" 'empty:1: no header line' E --csv "$T/empty"
printf 'user,item,label\n' > "$T/hdr.csv"; refuse "CSV with a header only" 'hdr.csv:1: no rows after the header' E "$T/hdr.csv"
# judgments and a run that share no query (q1 against q9): every query is
# skipped, and --trec printed ap<TAB>all<TAB>0 with status 0
printf 'q9 Q0 d1 1 3 t\n' > "$T/r9"
refuse "judgments and run sharing no query" 'no query was evaluated: 1 queries only in the run, 1 only in the judgments' E "$T/q" "$T/r9"
value "... but --run-only zero evaluates the run's query, ap 0" "$(printf 'ap\tall\t0')" E --run-only zero "$T/q" "$T/r9"
$RM eval --quiet --partial -m ap -o "$T/s0" "$T/q" "$T/r9" && ok "a shard of no query writes its state" || bad "shard of no query"
refuse "merge of states of no query" 'no query was evaluated in any state' $RM merge --trec "$T/s0"
$RM eval --quiet --partial -m ap -o "$T/s1" "$T/q" "$T/r"
value "merge of a state of no query and another" "$AP" $RM merge --quiet --trec "$T/s0" "$T/s1"
# a first state refused (its queries line edited) with a second after it:
# the cleanup freed the unread second state's fields from the stack
sed 's/^queries 1$/queries 2/' "$T/s1" > "$T/s1bad"
refuse "merge: the first state malformed" 's1bad:11: a malformed line of a state' $RM merge "$T/s1bad" "$T/s0"
# ---- messages that said the wrong thing or pointed at the wrong place
# (issue 32): a state with CRLF line ends was "a state of version '3', not
# 3"; --memory 1K was "unknown option or bad value"; in mean:micro:ap the
# unknown metric 'micro' at column 6 was put at column 1
sed 's/$/\r/' "$T/s1" > "$T/s1crlf"
refuse "merge of a state with CRLF line ends says so, with the line" 's1crlf:1: a state with CRLF line ends' $RM merge "$T/s1crlf"
refuse "eval --memory 1K states the 64K minimum" "--memory '1K' is not a size of at least 64K" $RM eval --memory 1K -m ap "$T/q" "$T/r"
refuse "an unknown metric after an aggregator: its own column" "column 6: unknown metric 'micro'" $RM name mean:micro:ap
# edited numbers that break the bonds of a state: the counts against its
# queries, the weight of a uniform mean against its counted queries (s1 holds
# q1 alone, AP 5/6: counts 1 0, fractions 5/6 1 on the exact path, eval's
# default; sums ... 0x1p0 on the double path, --fast); merge added them and
# printed means such as 341.67 with status 0
# (each sealed again with its checksum, which would refuse it first)
sed 's/^counts 1 0$/counts 2 0/' "$T/s1" > "$T/s1c"; python3 tests/seal_state.py "$T/s1c"
refuse "merge: counts edited" "s1c: measure 'ap': its counted and skipped queries are not the state's queries" $RM merge "$T/s1c"
sed 's/^fractions 5[/]6 1$/fractions 5\/6 3/' "$T/s1" > "$T/s1w"; python3 tests/seal_state.py "$T/s1w"
refuse "merge: the weight of a uniform mean edited" "s1w: measure 'ap': its total weight is not the number of counted queries" $RM merge "$T/s1w"
$RM eval --fast --quiet --partial -m ap -o "$T/s1f" "$T/q" "$T/r"
sed 's/^\(sums [^ ]*\) 0x1p0$/\1 0x3p0/' "$T/s1f" > "$T/s1fw"; python3 tests/seal_state.py "$T/s1fw"
refuse "merge: the weight of a uniform mean edited, double path" "s1fw: measure 'ap': its total weight is not the number of counted queries" $RM merge "$T/s1fw"

# ---- scores
for s in nan NaN inf -inf 1e999 abc 1.5x ''; do
  printf 'q1 Q0 d1 1 %s t\n' "$s" > "$T/r.s"
  if [ -n "$s" ]; then refuse "run score '$s'" "r.s:1: score '$s' is not a finite number" E "$T/q" "$T/r.s"
  else refuse "run score missing" 'r.s:1: a run line has 5 fields' E "$T/q" "$T/r.s"; fi
done
for s in nan inf x; do
  printf 'user,item,label,score\nu,a,1,%s\n' "$s" > "$T/s.csv"
  refuse "CSV score '$s'" "s.csv:2: score '$s' is not a finite number" E "$T/s.csv"
done

# ---- grades
for g in 1.5 1e999 99999999999 nan inf -inf x 0x; do
  printf 'q1 0 d1 %s\n' "$g" > "$T/q.g"
  printf 'user,item,label\nu,a,%s\n' "$g" > "$T/g.csv"
  case $g in
  1.5|99999999999) # a number that is no grade: a rating, which ap refuses
    refuse "qrels grade '$g'" "q.g:1: label '$g' is a rating, not a whole grade" E "$T/q.g" "$T/r"
    refuse "CSV label '$g'" "g.csv:2: label '$g' is a rating, not a whole grade" E "$T/g.csv";;
  *) refuse "qrels grade '$g'" "q.g:1: grade '$g' is not a whole number" E "$T/q.g" "$T/r"
    refuse "CSV label '$g'" "g.csv:2: grade '$g' is not a whole number" E "$T/g.csv";;
  esac
done
# a negative grade is TREC's convention for a judged non-relevant (or spam)
# document: read as 0 and counted in the summary, not refused
printf 'q1 0 d1 1\nq1 0 d2 -2\nq1 0 d3 1\n' > "$T/q.neg"
value "negative qrels grade read as 0" "$AP" E "$T/q.neg" "$T/r"
refuse "negative grades counted in the summary" '1 negative grades read as 0' \
  sh -c "$RM eval --trec -m ap '$T/q.neg' '$T/r' >/dev/null; exit 1"
value "label 1.0 is a whole number" "$(printf 'ap\tall\t1')" E <(printf 'user,label\nu,1.0\n')

# ---- --judged-docs-only empties a query whose documents are all unjudged; a
# micro average keeps the query, and its empty list of identifiers had a
# block of strings allocated and never freed (LeakSanitizer failed the run).
# micro P@5 of no document: 0 hits in 5 ranks.
printf 'q1 0 d1 1\n' > "$T/kq"; printf 'q1 Q0 dx 1 1 t\n' > "$T/kr"
value "a query emptied by --judged-docs-only, kept for micro" "$(printf 'micro:precision@5\tall\t0')" \
  $RM eval --quiet --trec --judged-docs-only -m micro:precision@5 "$T/kq" "$T/kr"
SAN=${SAN_TOOL:-build/san/rankmetrics}  # if built from the current tangle
if [ -x "$SAN" ] && { [ -n "${SAN_TOOL:-}" ] || { [ "$SAN" -nt rmtool.c ] && [ "$SAN" -nt rankmetrics.c ]; }; }; then
  value "... and under AddressSanitizer, no leak" "$(printf 'micro:precision@5\tall\t0')" \
    env ASAN_OPTIONS=detect_leaks=1:exitcode=97 "$SAN" eval --quiet --trec --judged-docs-only -m micro:precision@5 "$T/kq" "$T/kr"
  refuse "... merge of a malformed first state, under AddressSanitizer" 's1bad:11: a malformed line of a state' \
    env ASAN_OPTIONS=detect_leaks=1:exitcode=97 "$SAN" merge "$T/s1bad" "$T/s0"
  [ "$(env ASAN_OPTIONS=detect_leaks=1:exitcode=97 "$SAN" merge "$T/s1bad" "$T/s0" >/dev/null 2>&1; echo $?)" = 1 ] &&
    ok "... status 1, no sanitizer report" || bad "merge of a malformed first state: a sanitizer report"
  # trec_eval -M on a run of blank lines called qsort(NULL, 0), and a run
  # with a bad line leaked that line's copies (issue 32): status 2, no report.
  # The bad line has three words: a score 'x' is no longer bad, the drop-in
  # reads it as trec_eval's atof does, as 0.  The run of blank lines leaves
  # q1 missing from the run: trec_eval's status 4 (it was 2, "no run lines")
  printf '\n\n\n' > "$T/rblank"; printf '\n\nq1 Q0 d1\n' > "$T/rbadl"
  for r in rblank:4 rbadl:2; do
    want=${r#*:}; r=${r%%:*}
    err=$(env ASAN_OPTIONS=detect_leaks=1:exitcode=97 UBSAN_OPTIONS=halt_on_error=1 "$SAN" trec_eval -M 5 "$T/q" "$T/$r" 2>&1 >/dev/null); rc=$?
    [ $rc = "$want" ] && ! printf '%s' "$err" | grep -q 'runtime error\|Sanitizer' && ok "... trec_eval -M 5 on the run $r: status $want, no sanitizer report" ||
      bad "trec_eval -M 5 on $r under the sanitizers: exit $rc, $(printf '%s' "$err" | head -c 300)"
  done
else echo "note: no current $SAN (make build/san/rankmetrics); the sanitizer cases run on the ordinary build only"; fi

# ---- verify: candidate files
V() { $RM verify --quiet "$@"; }
printf 'rr:1 0x1p+0\r\n' > "$T/c.crlf"; value "candidate with CRLF" 0 sh -c "$RM verify --quiet '$T/c.crlf' >/dev/null; echo \$?"
{ printf '\xef\xbb\xbf'; printf 'rr:1 1\n'; } > "$T/c.bom"; value "candidate with a BOM" 0 sh -c "$RM verify --quiet '$T/c.bom' >/dev/null; echo \$?"
printf 'rr:1 1\nrr:2 0.\0005\n' > "$T/c.nul"; refuse "NUL byte in a candidate" 'c.nul:2: NUL byte' V "$T/c.nul"
printf 'rr:1 1 # caf\351\n' > "$T/c.lat"; value "Latin-1 in a candidate comment" 0 sh -c "$RM verify --quiet '$T/c.lat' >/dev/null; echo \$?"
printf 'r\351r:1 1\n' > "$T/c.utf"; refuse "invalid UTF-8 in a candidate name" 'c.utf:1: invalid UTF-8' V "$T/c.utf"
printf 'rr:1\n' > "$T/c.f1"; refuse "candidate line with a missing field" "c.f1:1: expected 'FAMILY:TCID VALUE'" V "$T/c.f1"
printf 'rr:1 1 2\n' > "$T/c.f3"; refuse "candidate line with an extra field" "c.f3:1: expected 'FAMILY:TCID VALUE'" V "$T/c.f3"
refuse "empty candidate file" 'empty:1: no results' V "$T/empty"
printf '# only a comment\n\n' > "$T/c.com"; refuse "candidate file of comments only" 'c.com:2: no results' V "$T/c.com"
for s in nan inf -inf 1e999; do
  printf 'rr:1 %s\n' "$s" > "$T/c.s"; refuse "candidate value '$s'" "c.s:1: '$s' is not a finite number" V "$T/c.s"
done
printf 'rr:1 one\n' > "$T/c.x"; refuse "candidate value not a number" "c.x:1: 'one' is not a number" V "$T/c.x"
printf 'rr:99999999999999999999 1\n' > "$T/c.id"; refuse "candidate test id overflows" "c.id:1: the test id" V "$T/c.id"
printf 'rr:%s 1\n' "$long" > "$T/c.long"; refuse "candidate megabyte test id" "c.long:1: the test id 'x+' is not a whole number" V "$T/c.long"

# ---- verify: vector files
mkdir -p "$T/v"
vec() { printf '[variant = rr@5[hits=sum,rel=1,ties=input,undef=zero]]\n\ntcId = 1\ngrades = %s\nscores = %s\nids = none\njudged =\nresult = valid\nstatus = ok\nvalue = %s\n' "$1" "$2" "$3"; }
printf 'rr:1 1\n' > "$T/c1"
vec 1,0 none 0x1p+0 | sed 's/$/\r/' > "$T/v/rr_test.txt"
value "vector file with CRLF" 0 sh -c "$RM verify --quiet --vectors '$T/v' '$T/c1' >/dev/null; echo \$?"
{ printf '\xef\xbb\xbf# x\n'; vec 1,0 none 0x1p+0; } > "$T/v/rr_test.txt"
value "vector file with a BOM" 0 sh -c "$RM verify --quiet --vectors '$T/v' '$T/c1' >/dev/null; echo \$?"
{ vec 1,0 none 0x1p+0; printf 'comment = a\0b\n'; } > "$T/v/rr_test.txt"
refuse "NUL byte in a vector file" 'rr_test.txt:11: NUL byte' V --vectors "$T/v" "$T/c1"
vec 1,,0 none 0x1p+0 > "$T/v/rr_test.txt"; refuse "vector grade missing" 'rr_test.txt:[0-9]+: a grade is not a whole number' V --vectors "$T/v" "$T/c1"
vec 1,99999999999 none 0x1p+0 > "$T/v/rr_test.txt"; refuse "vector grade huge" 'a grade is not a whole number' V --vectors "$T/v" "$T/c1"
vec 1,0.5 none 0x1p+0 > "$T/v/rr_test.txt"; refuse "vector grade fractional" 'a grade is not a whole number' V --vectors "$T/v" "$T/c1"
vec 1,0 1,x 0x1p+0 > "$T/v/rr_test.txt"; refuse "vector score not a number" 'a score is not a number' V --vectors "$T/v" "$T/c1"
vec 1,0 none nan > "$T/v/rr_test.txt"; refuse "vector value NaN" 'rr_test.txt:10: the value is not a finite number' V --vectors "$T/v" "$T/c1"
vec 1,0 none 0x1p+0 | grep -v '^judged' > "$T/v/rr_test.txt"; refuse "vector test missing a field" 'a test lacks one of' V --vectors "$T/v" "$T/c1"
vec 1,0 none 0x1p+0 | sed 's/^grades = /gr\xffades = /' > "$T/v/rr_test.txt"; refuse "vector key invalid UTF-8" 'rr_test.txt:4: invalid UTF-8' V --vectors "$T/v" "$T/c1"
: > "$T/v/rr_test.txt"; refuse "empty vector file" 'rr_test.txt:0: no tests' V --vectors "$T/v" "$T/c1"
vec "$(printf '1%.0s,' $(seq 200000))0" none 0x1p+0 > "$T/v/rr_test.txt"
value "vector line of 400 kB" 0 sh -c "$RM verify --quiet --vectors '$T/v' '$T/c1' >/dev/null; echo \$?"

# ---- no half-written output
mkdir -p "$T/fig"; $RM figures --out "$T/fig" >/dev/null 2>&1
# one MetaPost file a figure of the book (the Makefile's FIGURE_NAMES)
nfig=$(sed -n 's/^FIGURE_NAMES *= *//p' Makefile | wc -w)
n=$(ls "$T/fig" | grep -c '\.mp$'); t=$(ls "$T/fig" | grep -c 'tmp')
[ "$nfig" -ge 5 ] && [ "$n" = "$nfig" ] && [ "$t" = 0 ] && ok "figures: $n files, no temporary left" ||
  bad "figures: $n files of $nfig, $t temporaries"
chmod 555 "$T/fig" 2>/dev/null; rm -f "$T/fig"/*.mp 2>/dev/null
if [ "$(id -u)" != 0 ]; then
  refuse "figures into a read-only directory" "cannot write" $RM figures --out "$T/fig"
fi
refuse "figures into a missing directory" "cannot write" $RM figures --out "$T/nodir"
[ ! -e "$T/nodir" ] && ok "figures: nothing written when the directory is missing" || bad "figures: wrote into a missing directory"
refuse "disagree --tex into a missing directory" "cannot write" $RM disagree rr --budget 1 --tex "$T/nodir/x.tex"
$RM disagree rr --budget 1 --tex "$T/d.tex" >/dev/null 2>&1
[ -s "$T/d.tex" ] && ! ls "$T" | grep -q "^d\.tex\." && ok "disagree --tex: renamed into place" || bad "disagree --tex: no file or a temporary left"

# ---- arguments read loosely: accuracy's N was atoi's, so 1.5 ran 1 list a
# variant and '1 2' ran 2, each with status 0 and a table for another N
for n in 1.5 2x +1 0 99999999999999999999 '1 2'; do
  # shellcheck disable=SC2086
  refuse "accuracy N '$n'" 'N a whole number from 1 to 1000000' $RM accuracy $n
done

echo "hostile_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
