#!/usr/bin/env bash
# catalog_test.sh: the metrics of the catalogue (issue 30) through eval and
# merge.  A recommender CSV of 70 users, 60 items and a popularity file: the
# names of the bar parse; novelty with the external popularity has a defined
# value, which equals the formula computed here in Python from the file; an
# undefined value says why on stderr and in --json; the run cut into 7
# shards by user and merged gives the bytes of one eval, on both paths and
# for both forms of the popularity file; a state of version 4 is refused;
# a popularity file with an item twice, two totals, a count above the
# total, or counts past 2^64 - 1 and no total, is refused with its line.
cd "$(dirname "$0")/.." || exit 1
source tests/counts.sh
RM=${TOOL:-$PWD/rankmetrics}
$PY - "$tmp" <<'PY'
import random, sys
d = sys.argv[1]; random.seed(5)
items = ['i%d' % k for k in range(60)]
rows = ['user,item,label,score']
for u in range(70):
    for it in random.sample(items, 15):
        rows.append('u%02d,%s,%d,%.3f' % (u, it, random.random() < 0.3, random.random()))
open(d + '/rec.csv', 'w').write('\n'.join(rows) + '\n')
pop = ['%s %d' % (it, random.randint(1, 500)) for it in items]
open(d + '/pop.txt', 'w').write('\n'.join(pop + ['* 1000']) + '\n')
open(d + '/pop2.txt', 'w').write('\n'.join(pop[:55]) + '\n')
PY
# near MEASURE POPFILE WANT WHAT: eval's value of MEASURE on rec.csv with
# the popularity file is WANT, to 1e-12
near() {
  local got
  got=$("$RM" eval --quiet --csv -m "$1" --popularity "$tmp/$2" "$tmp/rec.csv" | awk '{print $3}')
  $PY -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(abs(a - b) > 1e-12 * b)" \
    "$got" "$3" && ok "$4: $got" || fail "$4: $got, want $3"
}
for n in gini entropy arp epc fallout hits@10 'auc[max_fpr=0.1]' efd 'epc[disc=log]' aplt 'aclt[head=0.5]' \
    exposure-gini@10 user-coverage@10; do
  "$RM" name "$n" >/dev/null 2>&1 && ok "name $n" || fail "name $n"
done
# novelty@10 with the file's popularity: the mean over users of the mean of
# -log2(count/1000) over each user's top 10 by score, computed here
want=$($PY - "$tmp" <<'PY'
import csv, math, sys
d = sys.argv[1]
pop = dict(l.split() for l in open(d + '/pop.txt'))
M = float(pop.pop('*'))
lists = {}
for r in csv.DictReader(open(d + '/rec.csv')):
    lists.setdefault(r['user'], []).append((-float(r['score']), r['item']))
vals = [sum(-math.log2(int(pop[i]) / M) for _, i in sorted(l)[:10]) / 10
        for l in lists.values()]
print(repr(sum(vals) / len(vals)))
PY
)
near 'novelty@10[pop=file]' pop.txt "$want" "novelty with a popularity file"
"$RM" eval --json --csv -m 'novelty@10[pop=file]' --popularity "$tmp/pop2.txt" \
  "$tmp/rec.csv" > "$tmp/j" 2> "$tmp/e"
grep -q '"undefined":true,"why":"5 recommended items have popularity 0' "$tmp/j" &&
  grep -q 'undefined: 5 recommended items have popularity 0' "$tmp/e" &&
  ok "an undefined novelty says why" || fail "an undefined novelty says why"
# efd@10 with the file of 55 items (no total line): Elliot's EFD, the mean
# over the users with a positive label of sum(label * -log2(count/sum of
# counts))/10 over the top 10, an item missing from the file taking the
# novelty of the least popular (Elliot's max_nov), computed here
want=$($PY - "$tmp" <<'PY'
import csv, math, sys
d = sys.argv[1]
pop = {k: int(v) for k, v in (l.split() for l in open(d + '/pop2.txt'))}
S = sum(pop.values()); top = -math.log2(min(pop.values()) / S)
lists = {}
for r in csv.DictReader(open(d + '/rec.csv')):
    lists.setdefault(r['user'], []).append((-float(r['score']), r['item'], int(r['label'])))
vals = [sum(g * (-math.log2(pop[i] / S) if i in pop else top) for _, i, g in sorted(l)[:10]) / 10
        for l in lists.values() if any(g for _, _, g in l)]
print(repr(sum(vals) / len(vals)))
PY
)
near 'efd@10[pop=file]' pop2.txt "$want" "efd with a popularity file is Elliot's"
# LensKit's ExposureGini (metrics/ranking/_gini.py, stats/_gini.py) over
# the catalogue of 60 items: each item's sum of 0.85^k at the ranks k = 1..10
# of the top 10 by score (ties by item, as ties=id-asc: u01, u30 and u46
# have tied scores), sorted up, sum (2j-n-1) x(j) / (n sum x), here
want=$($PY - "$tmp" <<'PY'
import csv, sys
d = sys.argv[1]
lists, x = {}, {}
for r in csv.DictReader(open(d + '/rec.csv')):
    lists.setdefault(r['user'], []).append((-float(r['score']), r['item']))
for l in lists.values():
    for k, (_, i) in enumerate(sorted(l)[:10], 1):
        x[i] = x.get(i, 0.0) + 0.85 ** k
xs = sorted(list(x.values()) + [0.0] * (60 - len(x)))
print(repr(sum((2 * j - 61) * v for j, v in enumerate(xs, 1)) / (60 * sum(xs))))
PY
)
near 'exposure-gini@10[items=60,ties=id-asc]' pop.txt "$want" "exposure-gini is LensKit's ExposureGini"
# 7 shards by user, merged: the bytes of one run (tailpct under pop=file:
# a state keeps every item of the file, whose least popular make the tail;
# at @1 some items are shown to nobody, and a state that dropped them fails)
awk -F, -v T="$tmp" 'NR == 1 {for (i = 0; i < 7; i++) print > (T "/s" i ".csv"); next}
  {print >> (T "/s" (substr($1, 2) % 7) ".csv")}' "$tmp/rec.csv"
M=(-m novelty@10 -m 'novelty@10[pop=file,floor=code]' -m 'coverage@10[items=60]'
   -m gini@10 -m 'gini@10[form=elliot,items=60]' -m 'entropy@10[unit=nats,scale=items]'
   -m 'arp@10[pop=file]' -m 'epc@10[pop=file]' -m 'epc@5[pop=all]' -m 'mean:ndcg@10'
   -m 'epc@10[pop=file,disc=log]' -m 'efd@10[pop=file]' -m 'efd@5[disc=log,relevance=discounted]'
   -m 'efd@10[pop=file,disc=log]' -m 'aplt@10[pop=file]' -m 'aclt@10[head=1/2]'
   -m 'exposure-gini@10[items=60]' -m 'exposure-gini@5[p=1/2]' -m 'user-coverage@15'
   -m 'user-coverage@16' -m 'poprank@10[pop=file]' -m 'poprank@5[pop=all]' -m poprank@3
   -m 'tailpct@10[pop=file]' -m 'tailpct@1[pop=file,tail=1/2]' -m 'tailpct@10[pop=file,tail=37]'
   -m 'tailpct@5[pop=all,tail=1/3]' -m 'tailpct@10')
# (poprank ranks every item of the popularity, recommended or not: a state keeps them all)
for pf in pop.txt pop2.txt; do
  for path in --exact --fast; do
    "$RM" eval --quiet --csv $path "${M[@]}" --popularity "$tmp/$pf" "$tmp/rec.csv" > "$tmp/one"
    for i in 0 1 2 3 4 5 6; do
      "$RM" eval --quiet --partial --csv $path "${M[@]}" --popularity "$tmp/$pf" \
        "$tmp/s$i.csv" > "$tmp/s$i.state"
    done
    "$RM" merge --quiet "$tmp"/s6.state "$tmp"/s[0-5].state > "$tmp/merged" &&
      cmp -s "$tmp/one" "$tmp/merged" && [ "$(wc -l < "$tmp/one")" = 28 ] &&
      ok "7 shards merge to one run's bytes ($pf, $path)" ||
      fail "7 shards merge to one run's bytes ($pf, $path)"
  done
done
# EFD lends an item missing from the file the novelty of the file's least
# popular item, which a shard must keep though it recommended it to nobody:
# counts a 1, b 2, c 5 (sum 8); u1's top two b, x and u2's c, all labelled
# 1: ((lg 4 + lg 8)/2 + lg(8/5))/2 = 11/4 - lg(5)/2 = 1.589036..., by hand
printf 'a 1\nb 2\nc 5\n' > "$tmp/pop3.txt"
printf 'user,item,label,score\nu1,b,1,0.9\nu1,x,1,0.5\n' > "$tmp/e1.csv"
printf 'user,item,label,score\nu2,c,1,0.9\n' > "$tmp/e2.csv"
cat "$tmp/e1.csv" <(tail -n +2 "$tmp/e2.csv") > "$tmp/e.csv"
# kept MEASURE WANT WHAT: MEASURE from the shards e1, e2 merged is one run's WANT
kept() {
  for i in 1 2; do
    "$RM" eval --quiet --partial --csv -m "$1" --popularity "$tmp/pop3.txt" \
      "$tmp/e$i.csv" > "$tmp/e$i.state"
  done
  one=$("$RM" eval --quiet --csv -m "$1" --popularity "$tmp/pop3.txt" "$tmp/e.csv")
  two=$("$RM" merge --quiet "$tmp/e1.state" "$tmp/e2.state")
  [ "$one" = "$two" ] && [ "$(awk '{print $3}' <<< "$one")" = "$2" ] && ok "$3" ||
    fail "$3: '$one', merged '$two'"
}
kept 'efd@2[pop=file]' 1.589035952556319 "a shard keeps the least popular item of the file for efd"
# poprank ranks a, b, c of the file though nobody was shown a: q 1/3, 2/3, 1,
# u1's b, x (1/3) and u2's c (1): 2/3 (without a, b and c alone: 5/8)
kept 'poprank@2[pop=file]' 0.6666666666666666 "a shard keeps every item of the file for poprank"
sed -E '1s/ [0-9]+$/ 4/' "$tmp/s0.state" > "$tmp/v4.state"
"$RM" merge "$tmp/v4.state" 2> "$tmp/e" && fail "a version 4 state is refused" ||
  { grep -q 'version 4 held no metric of the catalogue' "$tmp/e" &&
    ok "a version 4 state is refused" || fail "a version 4 state is refused"; }
"$RM" eval --csv -m 'arp[pop=file]' "$tmp/rec.csv" 2> "$tmp/e" &&
  fail "pop=file without --popularity is refused" ||
  { grep -q 'was not given' "$tmp/e" && ok "pop=file without --popularity is refused" ||
    fail "pop=file without --popularity is refused"; }
printf 'i1 3\ni2 x\n' > "$tmp/badpop"
"$RM" eval --csv -m 'arp[pop=file]' --popularity "$tmp/badpop" "$tmp/rec.csv" 2> "$tmp/e" &&
  fail "a malformed popularity line is refused" ||
  { grep -q "badpop:2: expected 'ITEM COUNT'" "$tmp/e" && ok "a malformed popularity line is refused" ||
    fail "a malformed popularity line is refused"; }
# Files that read but were once taken with a silent meaning: an item twice
# (the larger count was kept), a second total (the last was kept), a count
# above the total (a share above 1: EPC printed 0), counts whose sum wraps
# past 2^64 - 1 when no total is given.  Each is refused with its line.
refused() { # WHAT FILE-TEXT MESSAGE
  printf "$2" > "$tmp/pp"
  if "$RM" eval --quiet --csv -m 'epc@10[pop=file]' --popularity "$tmp/pp" "$tmp/rec.csv" \
      > "$tmp/o" 2> "$tmp/e"; then fail "$1: accepted"
  elif [ -s "$tmp/o" ] || ! grep -qF "$3" "$tmp/e"; then fail "$1: $(cat "$tmp/e")"
  else ok "$1 is refused"; fi
}
refused "an item given twice" 'i1 3\ni2 4\ni1 5\n' "pp:3: item 'i1' again (first on line 1)"
refused "a second total" 'i1 3\n* 10\n* 12\n' "pp:3: a second total (the first on line 2)"
refused "a count above the total" 'i1 3\ni2 7\n* 6\n' "pp:2: item 'i2' has the count 7, more than the total 6 of line 3"
big=$(for k in $(seq 1 19); do printf 'i%d 999999999999999999\\n' "$k"; done)
refused "counts past 2^64 - 1" "$big" "pp:19: the counts add up to more than 18446744073709551615; give the total"
printf "${big}* 999999999999999999\\n" > "$tmp/pp"
"$RM" eval --quiet --csv -m 'epc@10[pop=file]' --popularity "$tmp/pp" "$tmp/rec.csv" > /dev/null &&
  ok "counts past 2^64 - 1 are taken with a total" || fail "counts past 2^64 - 1 are taken with a total"
printf 'i1 3\ni2 4\n* 0\n' > "$tmp/pp"
a=$("$RM" eval --quiet --csv -m 'epc@10[pop=file]' --popularity "$tmp/pp" "$tmp/rec.csv")
printf 'i1 3\ni2 4\n' > "$tmp/pp"
b=$("$RM" eval --quiet --csv -m 'epc@10[pop=file]' --popularity "$tmp/pp" "$tmp/rec.csv")
[ -n "$a" ] && [ "$a" = "$b" ] && ok "a total of 0 is the sum of the counts" ||
  fail "a total of 0 is the sum of the counts: '$a' against '$b'"
# RecBole's TailPercentage (recbole/evaluator/metrics.py) with the file's
# counts: tail_ratio 0.25 takes the 15 least popular of the 60 items (by
# count, then name), 37 takes those counted 37 or less; each user's share
# of them in the top 10 by score (ties in file order, as ties=input),
# averaged, computed here
for tr in 0.25 37; do
  want=$($PY - "$tmp" "$tr" <<'PY'
import csv, sys
d, tr = sys.argv[1], float(sys.argv[2])
cnt = {k: int(v) for k, v in (l.split() for l in open(d + '/pop.txt')) if k != '*'}
if tr > 1:
    tail = {i for i, c in cnt.items() if c <= tr}
else:
    tail = {i for i, _ in sorted(cnt.items(), key=lambda kv: (kv[1], kv[0]))[:max(int(len(cnt) * tr), 1)]}
lists = {}
for r in csv.DictReader(open(d + '/rec.csv')):
    lists.setdefault(r['user'], []).append((-float(r['score']), r['item']))
vals = [sum(i in tail for _, i in sorted(l, key=lambda x: x[0])[:10]) / 10 for l in lists.values()]
print(repr(sum(vals) / len(vals)))
PY
)
  near "tailpct@10[pop=file,tail=$tr]" pop.txt "$want" "tailpct is RecBole's TailPercentage (tail_ratio $tr)"
done
finish
