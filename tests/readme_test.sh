#!/bin/bash
# Every command the README shows (an indented line starting ./rankmetrics) is
# run as written from the top directory, on the files of examples/; each must
# exit 0 and print the value worked out by hand below.  A README command
# without a worked value here, or a value here for a command the README no
# longer shows, fails the test; so does a metric of `rankmetrics --help'
# that the README's list of metrics lacks.  Run from the top directory after
# `make'.
#
# examples/qrels and examples/run: q1 ranks d1 (grade 1), d2 (0), d3 (2),
# d4 (unjudged, 0) and has d5 (1) judged but not retrieved, so R = 3;
# q2 ranks d6 (0), d2 (1), R = 1.  No score is tied.
#   ap: q1 (1/1 + 2/3)/3 = 5/9, q2 (1/2)/1 = 1/2; mean 19/36 = 0.52777...
#   rr: q1 1, q2 1/2; mean 3/4.  precision@10: q1 2/10, q2 1/10; mean 0.15.
#   ndcg@10[gain=exp2]: q1 DCG 1 + 3/lg 4 = 2.5, IDCG (grades 2,1,1)
#     3 + 1/lg 3 + 1/lg 4 = 4.130930, 0.605191; q2 (1/lg 3)/1 = 0.630930;
#     mean 0.618060.
#   ndcg_cut_10 (trec_eval: gain = grade): q1 DCG 1 + 2/2 = 2, IDCG
#     2 + 1/lg 3 + 1/2 = 3.130930, 0.638788; q2 0.630930; mean 0.634859.
#   AP(rel=2): q1 has one relevant document (d3) at rank 3: 1/3; q2 none: 0;
#     mean 1/6.  RR@10 as rr: 3/4.  nDCG@10 as ndcg_cut_10.
#   merge of the states of examples/run.1 (q1) and run.2 (q2): the same
#   19/36 and 3/4 as one eval over examples/run (a mean of two means of one
#   query each, so here a mean of means happens to agree).
#   trec_eval's four decimals: map q1 5/9 = 0.5556, q2 0.5000, all 19/36 =
#   0.5278; P_5 q1 2/5 = 0.4000, q2 1/5, all 0.3000; P_10 q1 0.2000.
# examples/data.csv: u1 has 4 rows, its click (.9) above the 3 others: AUC 1;
#   u2 has 3 rows, clicks .8 and .4 around a non-click .6: 1 of 2 pairs, AUC
#   1/2; u3 has 2 rows and no click: AUC undefined (0 under undef=zero).
#   mean[weight=items]:auc counts u3: (4*1 + 3*(1/2) + 2*0)/9 = 11/18 = 0.6111.
#   gauc leaves u3 out: (4*1 + 3*(1/2))/7 = 11/14 = 0.785714.
# value: dcg@6 of 3,2,3,0,1,2 is 3 + 2/lg 3 + 3/2 + 0 + 1/lg 6 + 2/lg 7
#   = 3 + 1.261860 + 1.5 + 0.386853 + 0.712414 = 6.861127.
#   ndcg@5[gain=exp2] of 5,3,2,1,2 with judged 4,0: DCG 31 + 7/lg 3 + 3/2
#   + 1/lg 5 + 3/lg 6 = 31 + 4.416508 + 1.5 + 0.430677 + 1.160558 = 38.507743;
#   ideal 5,4,3,2,2,1: 31 + 15/lg 3 + 7/2 + 3/lg 5 + 3/lg 6 = 31 + 9.463946
#   + 3.5 + 1.292030 + 1.160558 = 46.416534; 0.829613.
#   ap@10[norm=min] of 1,0,1,0 with judged 1: R = 3, min(10, 3) = 3,
#   (1 + 2/3)/3 = 5/9.  mean:rr of 010, 100, 001: (1/2 + 1 + 1/3)/3 = 11/18.
#   auc[ties=average]: positives .8 .7 .5 .5 against negatives .5 .5 .3:
#   3 + 3 + (1/2 + 1/2 + 1) * 2 = 10 of 12 pairs, 5/6.
# disagree: hr@10[hit=any] and recall@10 on one relevant item retrieved of
#   two judged: 1 and 1/2.  ndcg@10[ties=id-desc] and [ideal=list,
#   ties=average] on grades 0,1 tied, ids b,c: id-desc puts c (grade 1)
#   first, nDCG 1; the average of both orders over the list's own ideal,
#   (1 + 1/lg 3)/2 = 0.815465.  mean:ap and micro:ap on the queries (0) and
#   (1): (0 + 1)/2 = 1/2 against (0 + 1)/(0 + 1) = 1.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/counts.sh"
trap 'rm -rf "$tmp" /tmp/run.1.state /tmp/run.2.state' EXIT

# The command, a tab, then the extended regular expressions its output must
# match, separated by tabs.
cat >"$tmp/expect" <<'T'
./rankmetrics eval --partial -m ap -m rr examples/qrels examples/run.1 -o /tmp/run.1.state
./rankmetrics eval --partial -m ap -m rr examples/qrels examples/run.2 -o /tmp/run.2.state
./rankmetrics merge /tmp/run.2.state /tmp/run.1.state	^ap +all +0\.52777777	^rr +all +0\.75$
./rankmetrics value 'dcg@6[gain=linear]' --grades 3,2,3,0,1,2	6\.86112668
./rankmetrics value 'ndcg@5[gain=exp2,ideal=judged]' --grades 5,3,2,1,2 --judged 4,0 --exact	^exact +0\.82961263	rational +no
./rankmetrics value 'ap@10[norm=min]' --grades 1,0,1,0 --judged 1	0\.55555555
./rankmetrics value mean:rr --grades '0,1,0;1,0,0;0,0,1' --exact	^rational +11/18$
./rankmetrics value 'auc[ties=average]' --grades 1,1,0,0,1,1,0 --scores .8,.7,.5,.5,.5,.5,.3	0\.83333333
./rankmetrics name 'ndcg@10[gain=exp2]'	^ndcg@10\[gain=exp2,discount=log2,ideal=judged,ties=input,undef=zero\]$
./rankmetrics --help	^usage: rankmetrics value	^  gauc|^  auc
./rankmetrics eval -m ap -m 'ndcg@10[gain=exp2]' -m precision@10 -m rr examples/qrels examples/run	^ap +all +0\.52777777	^ndcg@10\[gain=exp2\] +all +0\.61806	^precision@10 +all +0\.15	^rr +all +0\.75$
./rankmetrics eval -q --json -m 'mean[weight=items]:auc' examples/data.csv	"qid":"u1","value":1}	"qid":"u2","value":0\.5}	"qid":null,"value":0\.61111
./rankmetrics eval -m gauc examples/data.csv	^gauc +all +0\.78571428
./rankmetrics eval -q -m map -m P_10 -m ndcg_cut_10 examples/qrels examples/run	^map +q1 +0\.55555555	^map +q2 +0\.5$	^P_10 +q1 +0\.2$	^ndcg_cut_10 +q1 +0\.63878	^ndcg_cut_10 +all +0\.63485	^map +all +0\.52777777
./rankmetrics eval -m 'AP(rel=2)' -m nDCG@10 -m RR@10 examples/qrels examples/run	^AP\(rel=2\) +all +0\.16666666	^nDCG@10 +all +0\.63485	^RR@10 +all +0\.75$
./rankmetrics trec_eval -q -m map -m P.5,10 examples/qrels examples/run	^map[[:space:]]+q1[[:space:]]+0\.5556$	^map[[:space:]]+q2[[:space:]]+0\.5000$	^P_5[[:space:]]+q1[[:space:]]+0\.4000$	^P_10[[:space:]]+q1[[:space:]]+0\.2000$	^map[[:space:]]+all[[:space:]]+0\.5278$	^P_5[[:space:]]+all[[:space:]]+0\.3000$
./rankmetrics disagree 'ndcg@10[ties=id-desc]' 'ndcg@10[ideal=list,ties=average]'	^  a = 1$	^  b = 0\.81546487
./rankmetrics disagree 'hr@10[hit=any]' recall@10	^  a = 1$	^  b = 1/2$
./rankmetrics disagree mean:ap micro:ap	^  a = 1/2$	^  b = 1$
T

sed -n 's/^    \(\.\/rankmetrics .*\)$/\1/p' README.md >"$tmp/commands"
cut -f1 "$tmp/expect" >"$tmp/known"
if [ "$(grep -c . "$tmp/commands")" -ge 10 ]; then ok "the README shows $(wc -l <"$tmp/commands") commands"
else fail "fewer than 10 commands found in README.md"; fi
while IFS= read -r cmd; do
  grep -qxF -- "$cmd" "$tmp/known" || fail "no worked value for the README's command: $cmd"
done <"$tmp/commands"
while IFS= read -r cmd; do
  grep -qxF -- "$cmd" "$tmp/commands" || fail "a worked value for a command the README no longer shows: $cmd"
done <"$tmp/known"

while IFS=$'\t' read -r -a f; do
  cmd=${f[0]}
  grep -qxF -- "$cmd" "$tmp/commands" || continue
  rc=0; eval "$cmd" >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [ "$rc" -ne 0 ]; then fail "exit $rc: $cmd: $(head -2 "$tmp/err")"; continue; fi
  bad=""
  for re in "${f[@]:1}"; do grep -qE -- "$re" "$tmp/out" || bad="$bad '$re'"; done
  if [ -z "$bad" ]; then ok "$cmd"; else fail "$cmd: no line matches$bad"; head -5 "$tmp/out"; fi
done <"$tmp/expect"

# The README lists every metric that the tool knows, one line each.
./rankmetrics --help 2>&1 | sed -nE 's/^  ([a-z][a-z0-9-]*)(\[@K\])? [a-z0-9]+=.*/\1/p' >"$tmp/metrics"
n=0
while IFS= read -r m; do
  n=$((n + 1))
  grep -qE -- "^- (\`[a-z0-9-]+\`, )*\`$m\`[:,]" README.md || fail "the README's list of metrics lacks $m"
done <"$tmp/metrics"
if [ "$n" -ge 20 ]; then ok "the tool's $n metrics read from --help"; else fail "only $n metrics read from --help"; fi

# And the other way, key by key (issue 25): every metric of the README's
# list is one of --help's; every key=word it writes on a metric's line is
# accepted by that metric, every key it names in backquotes is on the
# metric's line of --help, and a default it states is the metric's.  The
# aggregators' words are --help's, in its order (the first the default).
./rankmetrics --help 2>&1 | sed -n '/^NAME is/,/^aggregators/p' | grep '^  [a-z]' >"$tmp/listing"
sed -n '/^## Metrics/,/^## /p' README.md | grep '^- `' >"$tmp/rlines"
while IFS= read -r l; do
  head=${l%%:*}
  ms=$(printf '%s\n' "$head" | grep -oE '`[a-z0-9-]+`' | tr -d '`')
  m1=$(printf '%s\n' "$ms" | head -1)
  for m in $ms; do
    awk -v m="$m" '{h = $1; sub(/\[.*/, "", h)} h == m {f = 1} END {exit !f}' "$tmp/listing" ||
      fail "the README lists $m, which --help does not"
  done
  line=$(awk -v m="$m1" '{h = $1; sub(/\[.*/, "", h)} h == m' "$tmp/listing")
  for kw in $(printf '%s\n' "${l#*:}" | grep -oE '`[a-z0-9]+=[a-z0-9|]*`' | tr -d '`'); do
    k=${kw%%=*}; w=${kw#*=}
    [ -z "$w" ] && { printf '%s\n' $line | grep -q "^$k=" || fail "README: $m1 has no key $k"; continue; }
    ./rankmetrics name "$m1[$k=$w]" >/dev/null 2>&1 || fail "README: $m1[$k=$w] is refused"
  done
  for k in $(printf '%s\n' "${l#*:}" | grep -oE '`[a-z]+`' | tr -d '`'); do
    case " $(printf '%s\n' $line | grep = | sed 's/=.*//' | tr '\n' ' ')" in *" $k "*)
      d=$(printf '%s\n' "$l" | sed -n "s/.*\`$k\`, \([0-9.]*\)).*/\1/p")
      [ -z "$d" ] || [ "$(./rankmetrics name "$m1" | tr '[],' '\n\n\n' | sed -n "s/^$k=//p")" = "$d" ] ||
        fail "README: $m1's $k defaults to $d, the parser's is $(./rankmetrics name "$m1")";;
    esac
  done
done <"$tmp/rlines"
ok "the README's metrics, keys and defaults are the parser's"
agg=$(./rankmetrics --help | grep '^aggregators, written before a name:')
for k in skip weight; do
  h=$(printf '%s\n' "$agg" | grep -oE "$k=[a-z|]+" | head -1)
  grep -q "\`$h\`" README.md && ok "README: $h, as --help" || fail "README lacks \`$h\` (--help's words and order)"
done

finish
