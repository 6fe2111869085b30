#!/usr/bin/env bash
# Claims of the prose that once drifted from the program (issue 24), each
# checked against the program so that it cannot drift again:
#   - the part on BPM says that the grades 1, 0, 2, 2 under gain=clip:0..2
#     and t=3 give 5/8 under bpm@4 only, 5/16 under bpm@8 and 1/400 without
#     a cutoff (the 1000 ranks): the tool must compute those values, and the
#     book must tie 5/8 to bpm@4;
#   - note (o) of the table of names says that ir_measures' Judged@K is our
#     judged@K[ties=id-asc] on judgments read by default (2/3 on its
#     example) and differs under --negative unjudged (1/3): eval must give
#     those values;
#   - the atlas's summary of what has no variant yet names neither bpref,
#     infAP nor RBP, which have variants;
#   - neither the book nor the Python package's docstring says that reading
#     run files is "not here yet": the package exports evaluate_files.
#   - the worked examples that open the tool's part (value) and the chapter
#     on run files (eval) print what the tool prints;
#   - the answers to the exercises of the metric chapters, and the rows
#     of the tables of worked examples of the later ones (INSQ, the
#     adaptive measures, compatibility), are the values that rankmetrics
#     value computes, to the six decimals printed, and the exact fraction
#     where the book gives one (for the catalogue's metrics, over the
#     users' grades and items of its table).
# The atlas's claims are atlas_test's, the commands' commands_test's.
# Run from the top directory after `make'.
. "$(dirname "${BASH_SOURCE[0]}")/booktest.sh"
book=$(tr '\n' ' ' < rankmetrics.w)
has() { [[ $book == *"$1"* ]] || fail "the book no longer says: $1"; }

# BPM
frac() { $TOOL value "$1" --grades 1,0,2,2 --exact | sed -n 's/^rational *//p'; }
for c in 'bpm@4[t=3,gain=clip:0..2]=5/8' 'bpm@8[t=3,gain=clip:0..2]=5/16' \
    'bpm[t=3,gain=clip:0..2]=1/400' 'bpm@2[gain=clip:0..2]=1/4'; do
  got=$(frac "${c%=*}")
  [ "$got" = "${c##*=}" ] || fail "${c%=*} of 1,0,2,2 is ${got:-nothing}, the book says ${c##*=}"
done
has 'user of \.{bpm@@4[t=3]} reads all four and finds $(1/2+1+1)/4=5/8$'
has '$(5/2)/1000=1/400$ under \.{bpm[t=3]}'
[[ $book != *'under $T=3$ the user reads all four and'* ]] ||
  fail "the book again says that bpm without a cutoff reads all four for 5/8"

# Judged@K against ir_measures, note (o)
printf 'q1 0 d1 1\nq1 0 d2 -1\nq1 0 d3 0\n' > "$out/qrels"
printf 'q1 Q0 d1 1 3 r\nq1 Q0 d2 2 2 r\nq1 Q0 d4 3 1 r\n' > "$out/run"
d=$($TOOL eval --quiet -m 'Judged@3' "$out/qrels" "$out/run" | awk '{print $3}')
u=$($TOOL eval --quiet --negative unjudged -m 'Judged@3' "$out/qrels" "$out/run" | awk '{print $3}')
[ "$d" = 0.6666666666666666 ] || fail "Judged@3 on note (o)'s example is $d, the note says 2/3"
[ "$u" = 0.3333333333333333 ] || fail "Judged@3 under --negative unjudged is $u, the note says 1/3"
has 'both give $2/3$ at $K=3$'
has 'so the two differ there ($1/3$ against $2/3$ on the same'

# The atlas's summary of what has no variant yet names none that has one
# (the rows themselves are atlas_test's).
summary=$(sed -n '/^@ {\\it No variant yet.}/,/^@/p' rankmetrics.w | tr '\n' ' ')
[ -n "$summary" ] || fail "the atlas's summary \"No variant yet\" is missing"
for n in "trec\\_eval's bpref" 'bpref and infAP;' 'rank-biased precision (ranx'; do
  [[ $summary != *"$n"* ]] || fail "the atlas's summary says again that $n has no variant"
done

# The answers to the exercises of the metric chapters: every row of a table
# "Answers to the exercises" (\here{X-ans}: exercise & variant &
# grades;scores;judged;markers & closed form & value) must be the program's value
# rounded to six decimals, and where the closed form is a fraction (or a
# whole number) the program's exact value must be that fraction.
# The tables of worked examples of the later chapters (\here{X-wex}) have
# the same columns, and are checked the same way.  A table may be in a
# section for the full book only (\impl).
answers() {
  local head='Answers to the exercises' suf=${1##*-}
  [ "$suf" = wex ] && head='Worked examples'
  sed -n "/^@ \(\\\\impl \)*{\\\\it $head.}\\\\here{$1}/,/^@/p" rankmetrics.w |
    sed -n 's/^[0-9]&\\\.{\([^}]*\)}&\([^&]*\)&\([^&]*\)&\([0-9.]*\)\\cr.*$/\1|\2|\3|\4/p'
}
checked=0
for ch in ndcg-ans:6 prf-ans:11 rr-ans:9 ap-ans:11 auc-ans:8 err-ans:5 clf-ans:11 \
    corr-ans:10 judged-ans:8 trecm-ans:8 insq-ans:11 insq-wex:5 cwl-ans:11 cwl-wex:8 \
    compat-ans:7 compat-wex:4 div-ans:10 div-wex:11 C001-wex:5 C001-ans:8 more-ans:10 xgb-ans:4; do
  lab=${ch%:*} min=${ch#*:}
  rows=$(answers "$lab")
  n=$(printf '%s\n' "$rows" | grep -c . || true)
  [ "$n" -ge "$min" ] || fail "the rows of \\here{$lab} are missing or no longer parse ($n rows of $min)"
  while IFS='|' read -r v gs cf want; do
    [ -n "$v" ] || continue
    v=${v//@@/@} v=${v//\\_/_}
    IFS=';' read -r g s j u wt <<< "$gs"
    args=(--grades "$g")
    [ -z "$s" ] || args+=(--scores "$s")
    [ -z "$j" ] || args+=(--judged "$j")
    [ -z "$u" ] || args+=(--unjudged "$u")
    [ -z "$wt" ] || args+=(--weights "$wt") # the subtopics' (div)
    got=$($TOOL value "$v" "${args[@]}" </dev/null 2>/dev/null | cut -f2)
    checked=$((checked + 1))
    got=$(printf '%.6f' "$got")
    [ "$got" = "$want" ] || fail "the answer to an exercise ($lab), $v of $gs, is $got, the book says $want"
    if [[ $cf =~ ^[0-9]+(/[0-9]+)?$ ]]; then
      q=$($TOOL value "$v" "${args[@]}" --exact </dev/null 2>/dev/null | sed -n 's/^rational *//p')
      [ "$q" = "$cf" ] || fail "the answer to an exercise ($lab), $v of $gs, is exactly ${q:-nothing}, the book says $cf"
    fi
  done <<< "$rows"
done
# The answers of the metrics of a whole set and of aggregation, and the
# worked examples and answers of the other aggregators, give the options of
# rankmetrics value (the users separated by ';' in each); a row of worked
# examples may end with the library whose rule it is.
for ch in set-ans:6 agg-ans:8 oagg-wex:4 oagg-ans:9 tka-ans:1 single2-ans:7 ncrr-ans:2; do
lab=${ch%:*} min=${ch#*:} head='Answers to the exercises'
[ "${lab##*-}" = wex ] && head='Worked examples'
rows=$(sed -n "/^@ {\\\\it $head.}\\\\here{$lab}/,/^@/p" rankmetrics.w |
  sed -n 's/^[0-9]&\\\.{\([^}]*\)}&\\\.{\([^}]*\)}&\([^&]*\)&\([0-9.]*\)\(&[^&]*\)\?\\cr.*$/\1|\2|\3|\4/p')
n=$(printf '%s\n' "$rows" | grep -c . || true)
[ "$n" -ge "$min" ] || fail "the rows of \\here{$lab} are missing or no longer parse ($n rows of $min)"
while IFS='|' read -r v opts cf want; do
  [ -n "$v" ] || continue
  v=${v//@@/@}
  read -r -a args <<< "$opts"
  got=$($TOOL value "$v" "${args[@]}" </dev/null 2>/dev/null | cut -f2)
  checked=$((checked + 1))
  got=$(printf '%.6f' "$got")
  [ "$got" = "$want" ] || fail "the answer to an exercise ($lab), $v of $opts, is $got, the book says $want"
  q=$($TOOL value "$v" "${args[@]}" --exact </dev/null 2>/dev/null | sed -n 's/^rational *//p')
  [ "$q" = "$cf" ] || fail "the answer to an exercise ($lab), $v of $opts, is exactly ${q:-nothing}, the book says $cf"
done <<< "$rows"
done
# XGBoost's weighted map (\here{oagg-wex}): three queries with one relevant
# document each, found at ranks 1, 2 and 3, weighted 1/2, 2 and 1; the book
# says eval gives 11/21 under mean[weight=query] and 11/18 unweighted.
printf 'a 0 d1 1\nb 0 d2 1\nc 0 d3 1\n' > "$out/wqrels"
printf 'a Q0 d1 1 3 r\nb Q0 x 1 3 r\nb Q0 d2 2 2 r\nc Q0 x 1 3 r\nc Q0 y 2 2 r\nc Q0 d3 3 1 r\n' > "$out/wrun"
printf 'a 0.5\nb 2\nc 1\n' > "$out/wq"
w=$($TOOL eval -q -m 'mean[weight=query]:ap' -m ap --query-weights "$out/wq" "$out/wqrels" "$out/wrun" 2>/dev/null |
  awk '$2 == "all" {printf "%s=%.6f ", $1, $3}')
[ "$w" = 'mean[weight=query]:ap=0.523810 ap=0.611111 ' ] ||
  fail "eval on XGBoost's weighted map gives '$w', the book says 11/21 weighted and 11/18 plain"
has 'prints $11/21$ for \.{all}, and \.{-m ap} prints $11/18$'

# The catalogue's answers (\here{cat-ans}, and \here{xgini-ans} of
# ExposureGini and user coverage) name the users' items too:
# exercise & variant & grades & items & closed form & value.
for ch in cat-ans:6 xgini-ans:6; do
lab=${ch%:*} min=${ch#*:}
rows=$(sed -n "/^@ {\\\\it Answers to the exercises.}\\\\here{$lab}/,/^@/p" rankmetrics.w |
  sed -n 's/^[0-9]&\\\.{\([^}]*\)}&\([^&]*\)&\([^&]*\)&\([^&]*\)&\([0-9.]*\)\\cr.*$/\1|\2|\3|\4|\5/p')
n=$(printf '%s\n' "$rows" | grep -c . || true)
[ "$n" -ge "$min" ] || fail "the answers to the exercises of \\here{$lab} are missing or no longer parse ($n rows of $min)"
while IFS='|' read -r v g ids cf want; do
  [ -n "$v" ] || continue
  v=${v//@@/@}
  got=$(printf '%.6f' "$($TOOL value "$v" --grades "$g" --ids "$ids" </dev/null 2>/dev/null | cut -f2)")
  checked=$((checked + 1))
  [ "$got" = "$want" ] || fail "the answer to an exercise (cat), $v of $g, is $got, the book says $want"
  if [[ $cf =~ ^[0-9]+(/[0-9]+)?$ ]]; then
    q=$($TOOL value "$v" --grades "$g" --ids "$ids" --exact </dev/null 2>/dev/null | sed -n 's/^rational *//p')
    [ "$q" = "$cf" ] || fail "the answer to an exercise (cat), $v of $g, is exactly ${q:-nothing}, the book says $cf"
  fi
done <<< "$rows"
done
[ "$checked" -ge 196 ] || fail "only $checked answers to the exercises and worked examples were checked"

# The worked examples that open the tool's part and the chapter on run
# files: the tool's output must be the lines the book prints.
ex=$(sed -n '/^{\\it A first example.}/,/^@/p' rankmetrics.w)
cmd=$(sed -n 's/^\\\$ rankmetrics \(value .*\)\\cr$/\1/p' <<< "$ex")
want=$(sed -n 's/^\([^ ]*\)\\quad\([0-9.]*\)\\cr}}\$\$$/\1\t\2/p' <<< "$ex")
if [ -z "$cmd" ] || [ -z "$want" ]; then
  fail "the first example of the tool's part is missing or no longer parses"
else
  cmd=${cmd//@@/@}; want=${want//@@/@}
  got=$(eval "$TOOL $cmd" 2>/dev/null || true)
  [ "$got" = "$want" ] || fail "rankmetrics $cmd prints '$got', the book says '$want'"
fi
ex=$(sed -n '/^@ {\\it A worked example.}\\here{eval-example}/,/^@ /p' rankmetrics.w)
sed -n 's/^\(q[0-9] 0 d[0-9] [0-9]\)&q.*\\cr.*$/\1/p' <<< "$ex" > "$out/qrels"
sed -n 's/^q[0-9] 0 d[0-9] [0-9]&\(q[0-9] Q0 [^\]*\)\\cr.*$/\1/p' <<< "$ex" > "$out/run"
sed -n 's/^\([a-z@0-9]*\)&\(q[0-9]\|all\)&\([0-9.]*\)\\cr.*$/\1 \2 \3/p' <<< "$ex" | sed 's/@@/@/' > "$out/want"
if [ "$(wc -l < "$out/qrels")" -ne 5 ] || [ "$(wc -l < "$out/run")" -ne 5 ] || [ "$(wc -l < "$out/want")" -ne 6 ]; then
  fail "the worked example of eval (\\here{eval-example}) is missing or no longer parses"
else
  $TOOL eval -q -m ap -m precision@2 "$out/qrels" "$out/run" 2>/dev/null | awk '{print $1, $2, $3}' > "$out/got" || true
  cmp -s "$out/want" "$out/got" || fail "eval on the book's example prints $(tr '\n' ';' < "$out/got"), the book says $(tr '\n' ';' < "$out/want")"
  grep -q 'rankmetrics eval -q -m ap -m precision@@2 QRELS RUN' <<< "$ex" ||
    fail "the worked example of eval no longer names the command the test runs"
fi

# Run files from Python
for f in rankmetrics.w python/rankmetrics/__init__.py; do
  ! grep -n 'not here yet\|moves* into the library' "$f" || fail "$f says again that reading run files is not here yet"
done
grep -q '"evaluate_files"' python/rankmetrics/__init__.py || fail "the package no longer exports evaluate_files"
# (grep reads all its input: grep -q left sed to die of SIGPIPE under pipefail)
sed -n '1,/^"""$/p' python/rankmetrics/__init__.py | grep 'evaluate_files' >/dev/null ||
  fail "the package's docstring does not say that evaluate_files reads run files"

# The tables of the paired tests (\here{sig-ans}, the answers to the
# exercises, and the worked example of the chapter "The tests at a glance"):
# every row's p is the library's (rankmetrics.significance.test) to six
# decimals, and its fraction where the row gives one.
# (the worked example's rows have no columns: they are those of the
# part's introduction)
sed -n '/^@\* The tests at a glance/,/^@\* Names of the tests/p' rankmetrics.w |
  sed -n -e 's/^[0-9]*&\\\.{\([^}]*\)}& *\([^&]*\)& *\([^&]*\)&\([0-9.]*\)\\cr.*$/\1|\2|\3|\4/p' \
    -e 's/^\\\.{\([^}]*\)}&\([^&]*\)&\([0-9.]*\)\\cr.*$/\1|1,0.5,0.25,1;0.5,0.25,0.5,0|\2|\3/p' > "$out/sigrows"
n=$(grep -c . "$out/sigrows")
[ "$n" -ge 20 ] || fail "the tables of the paired tests are missing or no longer parse ($n rows of 20)"
PYTHONPATH=python RANKMETRICS_LIB=$PWD/librankmetrics.so ${PY:-/usr/bin/python3} - "$out/sigrows" > "$out/sigbad" <<'PY' ||
import sys
import rankmetrics as rm
for line in open(sys.argv[1]):
    name, ab, frac, want = line.rstrip("\n").split("|")
    a, b = ([float(x) for x in c.split(",")] for c in ab.split(";"))
    r = rm.significance.test(name, a, b)
    if "%.6f" % r.p != want:
        print("%s of %s: p is %.6f, the book says %s" % (name, ab, r.p, want))
    if frac != "\\hbox{---}" and str(r.fraction) != frac:
        print("%s of %s: p is exactly %s, the book says %s" % (name, ab, r.fraction, frac))
PY
  fail "the tables of the paired tests: the library could not be called"
[ ! -s "$out/sigbad" ] || fail "the tables of the paired tests: $(tr '\n' ';' < "$out/sigbad")"
# The same rows through the command the exercises name: two runs whose P_4
# on query i is a_i and b_i (four documents a query, 4a_i of them relevant
# of the four that the judgments make relevant), and rankmetrics compare's
# p and exact fraction for the row's test.
sigrun() { # values, tag, file
  local i=0 j k v
  : > "$3"
  IFS=, read -r -a vs <<< "$1"
  for v in "${vs[@]}"; do
    i=$((i + 1)) k=$(awk -v v="$v" 'BEGIN { printf "%d", v * 4 + 0.5 }')
    for j in 1 2 3 4; do
      if [ "$j" -le "$k" ]; then d=r$j; else d=n$j; fi
      echo "q$i Q0 $d $j $((10 - j)) $2" >> "$3"
    done
  done
}
ncmp=0
while IFS='|' read -r name ab frac want; do
  a=${ab%;*} b=${ab#*;} n=$(tr ',' '\n' <<< "$a" | grep -c .)
  : > "$out/sig.qrels"
  for i in $(seq 1 "$n"); do printf "q$i 0 r%d 1\n" 1 2 3 4 >> "$out/sig.qrels"; done
  sigrun "$a" A "$out/sig.a"; sigrun "$b" B "$out/sig.b"
  got=$($TOOL compare --json -m P_4 -t "$name" "$out/sig.qrels" "$out/sig.b" "$out/sig.a" 2>&1 |
    ${PY:-/usr/bin/python3} -c 'import json, sys
c = json.load(sys.stdin)["comparisons"][0]
assert c["A"].endswith("sig.a"), c["A"]
t = c["tests"][0]
print("%.6f|%s" % (t["p"], t.get("p_fraction", "\\hbox{---}")))' 2>&1)
  ncmp=$((ncmp + 1))
  [ "$got" = "$want|$frac" ] ||
    fail "the tables of the paired tests: compare's $name of $ab gives ${got:-nothing}, the book says $want|$frac"
done < "$out/sigrows"
[ "$ncmp" -ge 20 ] || fail "compare checked only $ncmp rows of the tables of the paired tests"
has 'computation: $p=5/8$, $3/8$, $3/8$ and $0.2452\ldots$'

finish "the book's BPM values, note (o) on Judged@K and the word on run files in Python, the answers to the exercises and the worked examples of value and eval agree with the program"
