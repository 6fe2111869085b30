#!/usr/bin/env bash
# popbias_test.sh: Elliot's PopREO and PopRSP (issue 30) as the catalogue
# variants popreo and poprsp, through value, eval and merge, on both paths.
# The small cases are worked by hand in the book's section "Elliot's PopREO
# and PopRSP"; the random ones are checked against a few lines of Python that
# follow Elliot's pop_reo.py, pop_rsp.py and popularity.py (Elliot itself is
# not installed, and nothing here imports it).  On a build without the
# metrics every check fails: the names are unknown.
cd "$(dirname "$0")/.." || exit 1
source tests/counts.sh
RM=${TOOL:-$PWD/rankmetrics}
# row NAME HISTORY ROW ARGS...: the field of row ROW of value --exact
row() {
  local n=$1 h=$2 r=$3; shift 3
  "$RM" value "$n" --history "$tmp/$h" --exact "$@" 2>/dev/null | awk -v r="$r" '$1 == r {print $2}'
}
# The book's example: three users' top two a^1,b^0; a^1,c^1; a^0,b^0, so that
# under pop=pos n_a = 2, n_c = 1, n_b = 0; head=1/2 makes the head {a} and the
# tail {c} (b, of popularity 0, is in neither group).  Without history:
# PopRSP = |3/3 - 1/3| / (3/3 + 1/3) = 1/2, PopREO = |2/2 - 1/1| / 2 = 0.  When
# user 2 saw a before: PopRSP's head rate is 3/2, so (3/2 - 1/3)/(3/2 + 1/3) =
# 7/11; PopREO's head denominator is 1 (user 1's a), so (2 - 1)/(2 + 1) = 1/3.
: > "$tmp/h0"
printf '2 a\n' > "$tmp/h1"
L=(--grades '1,0;1,1;0,0' --ids 'a,b;a,c;a,b')
check "poprsp, no history" "$(row 'poprsp@2[head=1/2]' h0 rational "${L[@]}")" 1/2
check "popreo, no history" "$(row 'popreo@2[head=1/2]' h0 rational "${L[@]}")" 0
check "poprsp, user 2 saw a" "$(row 'poprsp@2[head=1/2]' h1 rational "${L[@]}")" 7/11
check "popreo, user 2 saw a" "$(row 'popreo@2[head=1/2]' h1 rational "${L[@]}")" 1/3
# the exercise: the top one only (a; a; a): PopRSP's tail rate is 0, so 1;
# under pop=all n_a = 3, n_b = 2, n_c = 1, the head at 4/5 is {a, b}, the
# tail {c}: PopRSP@2 = |(3+2)/6 - 1/3| / (5/6 + 1/3) = 3/7
check "poprsp@1: no tail item shown" "$(row 'poprsp@1[head=1/2]' h0 rational "${L[@]}")" 1
check "poprsp under pop=all" "$(row 'poprsp@2[pop=all]' h0 rational "${L[@]}")" 3/7
check "rel=2 reads the grades" \
  "$(row 'popreo@2[head=1/2,rel=2]' h0 rational --grades '2,0;2,2;0,0' --ids 'a,b;a,c;a,b')" 0
# undefined: at head=4/5 the head is {a, c} and the tail empty; when every
# user saw a, no head item is left to recommend
printf '1 a\n2 a\n3 a\n' > "$tmp/h3"
for c in "popreo@2|h0" "poprsp@2[head=1/2]|h3"; do
  IFS='|' read -r n h <<< "$c"
  err=$("$RM" value "$n" --history "$tmp/$h" "${L[@]}" 2>&1 >/dev/null)
  [[ $err == *"the value is undefined"* ]] && ok "$n is undefined" || fail "$n: $err"
done
# --history is required, on both commands
err=$("$RM" value 'poprsp@2' "${L[@]}" 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $err == *"poprsp reads the users' history: give --history FILE"* ]] \
  && ok "value poprsp without --history: exit 2" || fail "value without --history: $rc $err"
err=$("$RM" value 'popreo@2' --history "$tmp/h0" --grades 1 --ids a --judged 1 2>&1); rc=$?
[ $rc -eq 1 ] && [[ $err == *"--judged gives only grades"* ]] \
  && ok "value popreo refuses relevant --judged items without names" || fail "--judged: $rc $err"

# eval over judgments: the popularity a 5, b 3, c 1, d 1 (S = 10; the head at
# 4/5 is {a, b}, the tail {c, d}); u1 is shown a, b and likes a and c (c not
# retrieved), u2 is shown c, d and likes b and d, and saw b before; u3 is
# shown a and x (x unknown to the popularity) and likes nothing.
# PopRSP: the numerators 2+0+1 = 3 and 0+2+0 = 2; the denominators 3*2 - 1
# (u2's b) = 5 and 3*2 = 6: |3/5 - 1/3| / (3/5 + 1/3) = 2/7.
# PopREO over u1 and u2: the numerators 1 (u1's a) and 1 (u2's d); the
# denominators 1 (u1's a) and 2 (u1's c, u2's d; u2's b is in its history):
# |1 - 1/2| / (1 + 1/2) = 1/3.  When u1 also saw a, no relevant head item is
# left to find: undefined, and --json says why.
printf 'a 5\nb 3\nc 1\nd 1\n' > "$tmp/pop"
printf 'u2 b\n' > "$tmp/hist"
printf 'u1 a\nu2 b\n' > "$tmp/hist2"
printf 'u1 0 a 1\nu1 0 c 1\nu2 0 b 1\nu2 0 d 1\nu3 0 a 0\n' > "$tmp/qrels"
printf 'u1 Q0 a 1 3 r\nu1 Q0 b 2 2 r\nu2 Q0 c 1 3 r\nu2 Q0 d 2 2 r\nu3 Q0 a 1 3 r\nu3 Q0 x 2 2 r\n' > "$tmp/run"
E=(--quiet -m 'poprsp@2[pop=file]' -m 'popreo@2[pop=file]' --popularity "$tmp/pop")
for p in --fast --exact; do
  got=$("$RM" eval $p "${E[@]}" --history "$tmp/hist" "$tmp/qrels" "$tmp/run" | awk '{printf "%s ", $3}')
  check "eval $p: 2/7 and 1/3" "$got" "0.2857142857142857 0.3333333333333333 "
done
got=$("$RM" eval --json "${E[@]}" --history "$tmp/hist2" "$tmp/qrels" "$tmp/run" 2>/dev/null | grep popreo)
[[ $got == *'"undefined":true'* && $got == *'"why":"no relevant item of the short head is outside the users'"'"' histories"'* ]] \
  && ok "--json says why popreo is undefined" || fail "--json: $got"
err=$("$RM" eval "${E[@]}" --history "$tmp/hist2" "$tmp/qrels" "$tmp/run" 2>&1 >/dev/null)
[[ $err == *"popreo@2[pop=file]: undefined: no relevant item of the short head"* ]] \
  && ok "stderr says why popreo is undefined" || fail "stderr: $err"
err=$("$RM" eval "${E[@]}" "$tmp/qrels" "$tmp/run" 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $err == *"--history FILE, which was not given"* ]] \
  && ok "eval without --history: exit 2" || fail "eval without --history: $rc $err"

# Random users against Elliot's formulas, then 7 shards in any order: the
# bytes of one run.  elliot.py writes a training set (the history and the
# popularity file of its counts), a test set (the judgments) and top-10 lists
# (the run), and prints Elliot's PopREO and PopRSP over them.  Elliot breaks a
# tie of popularity at the edge of the head by its own item order; here the
# identifiers' order, which the Python follows.
cat > "$tmp/elliot.py" <<'PY'
import random, sys
import numpy as np
d, seed = sys.argv[1], int(sys.argv[2])
rnd = random.Random(seed)
items = ['i%02d' % k for k in range(40)]
weights = [1.0 / (k + 1) for k in range(40)]
users = ['u%02d' % k for k in range(30)]
train = {u: set(rnd.choices(items, weights, k=rnd.randint(0, 9))) for u in users}
test = {u: set(rnd.sample([i for i in items if i not in train[u]], rnd.randint(0, 4)))
        for u in users}
recs = {u: rnd.sample([i for i in items if i not in train[u]], 10) for u in users}
pop = {}
for u in users:
    for i in train[u]: pop[i] = pop.get(i, 0) + 1
with open(d + '/pop', 'w') as f:
    for i in sorted(pop): f.write('%s %d\n' % (i, pop[i]))
with open(d + '/hist', 'w') as f:
    for u in users:
        for i in sorted(train[u]): f.write('%s %s\n' % (u, i))
with open(d + '/qrels', 'w') as f:
    for u in users:
        for i in sorted(test[u]): f.write('%s 0 %s 1\n' % (u, i))
with open(d + '/run', 'w') as f:
    for u in users:
        for r, i in enumerate(recs[u]): f.write('%s Q0 %s %d %d x\n' % (u, i, r + 1, 10 - r))
# popularity.py: the items by decreasing popularity, the head while 0.8 of
# the transactions are not yet covered, the one that covers them included
srt = sorted(pop, key=lambda i: (-pop[i], i))
limit, short_head = sum(pop.values()) * 0.8, []
for i in srt:
    short_head.append(i); limit -= pop[i]
    if limit <= 0: break
long_tail = set(i for i in srt if i not in short_head)
short_head = set(short_head)
def ratio(num, den):
    pr = np.sum(np.array(num), axis=0) / np.sum(np.array(den), axis=0)
    return np.std(pr) / np.mean(pr)
num, den = [], []  # pop_reo.py
for u in users:
    if len(test[u]):
        rec = set(i for i in recs[u][:10] if i in test[u])
        num.append([len(rec & short_head), len(rec & long_tail)])
        den.append([len((short_head & test[u]) - train[u]), len((long_tail & test[u]) - train[u])])
reo = ratio(num, den)
num, den = [], []  # pop_rsp.py
for u in users:
    rec = set(recs[u][:10])
    num.append([len(rec & short_head), len(rec & long_tail)])
    den.append([len(short_head - train[u]), len(long_tail - train[u])])
print(repr(reo), repr(ratio(num, den)))
PY
near() { # GOT WANT: within 16 units of 2^-52 (absolute: NumPy's std of two
  # near rates cancels, so Elliot's own value is that far from the true one)
  $PY -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(abs(a - b) > 16 * 2**-52)" "$1" "$2"
}
# (--run-only zero: Elliot's PopRSP counts the users without a test item too)
M=(--quiet --run-only zero -m 'popreo@10[pop=file]' -m 'poprsp@10[pop=file]' -m 'popreo@3[head=1/2]'
   -m 'poprsp@5[pop=all,head=2/3]' -m 'poprsp@10[pop=file,head=1/3]')
for seed in 1 2 3; do
  mkdir -p "$tmp/$seed"; D=$tmp/$seed
  want=$($PY "$tmp/elliot.py" "$D" "$seed")
  A=(--popularity "$D/pop" --history "$D/hist")
  for p in --fast --exact; do
    "$RM" eval $p "${M[@]}" "${A[@]}" "$D/qrels" "$D/run" > "$D/one$p"
  done
  got=$(awk 'NR <= 2 {printf "%s ", $3}' "$D/one--fast")
  read -r r1 r2 <<< "$got"; read -r e1 e2 <<< "$want"
  near "${r1:-x}" "$e1" && near "${r2:-x}" "$e2" \
    && ok "seed $seed: Elliot's PopREO $e1 and PopRSP $e2 (ours $r1 $r2)" \
    || fail "seed $seed: Elliot's $e1 $e2, ours ${r1:-none} ${r2:-none}"
  # the double path converts the fraction toward 0: one ulp at most
  [ "$(wc -l < "$D/one--fast")" = 5 ] && paste "$D/one--fast" "$D/one--exact" | awk '{print $3, $6}' | {
    bad=0
    while read -r a b; do
      $PY -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(not 0 <= b - a <= 2**-52 * b)" \
        "$a" "$b" || bad=1
    done
    exit $bad
  } && ok "seed $seed: the double path is the exact value or one ulp below" \
    || fail "seed $seed: --fast and --exact differ by more than an ulp"
  # 7 shards by user (u00 to u29 by their number mod 7), merged in reverse order
  for i in 0 1 2 3 4 5 6; do
    awk -v i=$i 'substr($1, 2) % 7 == i' "$D/run" > "$D/r$i"
    "$RM" eval --partial --exact "${M[@]}" "${A[@]}" "$D/qrels" "$D/r$i" > "$D/s$i" 2>/dev/null
  done
  "$RM" merge --quiet "$D"/s6 "$D"/s5 "$D"/s4 "$D"/s3 "$D"/s2 "$D"/s1 "$D"/s0 > "$D/merged" 2>/dev/null
  cmp -s "$D/one--exact" "$D/merged" && [ "$(wc -l < "$D/merged")" = 5 ] \
    && ok "seed $seed: 7 shards merge to the bytes of one run" || fail "seed $seed: the merge differs"
done
grep -q ' history=' "$tmp/3/s0" && ok "a state names the history's digest" || fail "no history= in the state"
finish
