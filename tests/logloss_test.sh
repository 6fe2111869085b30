#!/usr/bin/env bash
# logloss_test.sh: RecBole's log loss aggregated over users (issue 30), on
# both paths, through value, eval, --partial and merge.  The values are
# worked by hand in the book's section "Log loss": user 1 has labels 1, 0
# scored 1/2, 1/2 (loss ln2), user 2 one relevant item scored 1/4 (ln4 =
# 2 ln2), user 3 one nonrelevant item scored 3/4 (-ln(1/4) = 2 ln2).  The mean
# of users 1 and 2 is (3/2) ln2, the rows pooled as RecBole pools them
# (mean[weight=items]) (4/3) ln2; ln2 to 60 digits comes from Python's
# decimal module, which rounds its ln correctly, so that every expected
# double and 40-digit decimal below is derived, not copied.  A random run is
# then checked against the same module: every loss -ln q of an exact double
# q (or 1 - q, exact in Decimal) to 60 digits, their means rounded once.
# On main at 38be686 every aggregate of logloss was refused (exit 2).
cd "$(dirname "$0")/.." || exit 1
source tests/counts.sh
RM=${TOOL:-$PWD/rankmetrics}
# dec EXPR: the expression of Python's Decimal (ln2 = its natural log of 2)
# at 60 digits, as 40 significant digits and as the nearest double's repr
dec() {
  "$PY" - "$1" <<'EOF'
import sys
from decimal import Decimal, getcontext
from fractions import Fraction
getcontext().prec = 60
ln2 = Decimal(2).ln()
x = eval(sys.argv[1])
print(format(x, ".40g") if x >= 1 else "0" + format(x, ".40g").lstrip("0"),
      repr(float(Fraction(x))))
EOF
}
# row NAME ROW ARGS...: the field of row ROW of value --exact
row() {
  local n=$1 r=$2; shift 2
  "$RM" value "$n" --exact "$@" 2>/dev/null | awk -v r="$r" '$1 == r {print $2}'
}
G='1,0;1' S='0.5,0.5;0.25'
read -r mean_dec mean_d < <(dec 'ln2 * 3 / 2')
read -r pool_dec pool_d < <(dec 'ln2 * 4 / 3')
check "mean:logloss of two users, (3/2) ln2, 40 digits" \
  "$(row mean:logloss decimal --grades "$G" --scores "$S")" "$mean_dec"
check "its double" "$(row mean:logloss exact --grades "$G" --scores "$S")" "$mean_d"
check "it is irrational" "$(row mean:logloss rational --grades "$G" --scores "$S")" no
check "the rows pooled, (4/3) ln2, 40 digits" \
  "$(row 'mean[weight=items]:logloss' decimal --grades "$G" --scores "$S")" "$pool_dec"
# 4/3 times the double of ln2 rounds to ...937, the true value to ...938
check "its double, correctly rounded" \
  "$(row 'mean[weight=items]:logloss' exact --grades "$G" --scores "$S")" "$pool_d"
read -r two_dec two_d < <(dec 'ln2 * 2')
check "median of ln2, 2 ln2, 2 ln2" \
  "$(row median:logloss decimal --grades '1,0;1;0' --scores '0.5,0.5;0.25;0.75')" "$two_dec"
read -r min_dec min_d < <(dec 'ln2')
check "min" "$(row min:logloss decimal --grades '1,0;1;0' --scores '0.5,0.5;0.25;0.75')" \
  "$min_dec"
read -r sum_dec sum_d < <(dec 'ln2 * 5')
check "sum" "$(row sum:logloss decimal --grades '1,0;1;0' --scores '0.5,0.5;0.25;0.75')" \
  "$sum_dec"
# an empty list is undefined: 0 under undef=zero, 1 under undef=one, left out
# under skip=undef; the weight of a list of weight 0 removes its terms
read -r half_dec half_d < <(dec 'ln2 / 2')
check "an empty list counts 0" \
  "$(row mean:logloss decimal --grades '1,0;' --scores '0.5,0.5;none')" "$half_dec"
read -r one_dec one_d < <(dec '(ln2 + 1) / 2')
check "an empty list counts 1 under undef=one" \
  "$(row 'mean:logloss[undef=one]' decimal --grades '1,0;' --scores '0.5,0.5;none')" \
  "$one_dec"
check "skip=undef leaves it out" \
  "$(row 'mean[skip=undef]:logloss' decimal --grades '1,0;' --scores '0.5,0.5;none')" \
  "$min_dec"

# eval over files: the same users
printf 'u1 0 a 1\nu1 0 b 0\nu2 0 c 1\nu3 0 d 0\n' > "$tmp/qrels"
printf 'u1 Q0 a 1 0.5 r\nu1 Q0 b 2 0.5 r\nu2 Q0 c 1 0.25 r\n' > "$tmp/run"
got=$("$RM" eval --quiet -m logloss -m 'mean[weight=items]:logloss' "$tmp/qrels" "$tmp/run" 2>&1)
check "eval -m logloss: the mean of the users" "$(awk 'NR == 1 {print $3}' <<< "$got")" "$mean_d"
check "eval: RecBole's pooled form" "$(awk 'NR == 2 {print $3}' <<< "$got")" "$pool_d"
# the double path rounds each user's value first: 4/3 ln2 comes out ...937
got=$("$RM" eval --quiet --fast -m 'mean[weight=items]:logloss' "$tmp/qrels" "$tmp/run" 2>&1)
check "eval --fast: the pooled form, an ulp below" "$got" \
  "mean[weight=items]:logloss all        0.9241962407465937"
# query weights 2 and 1/2: (2 ln2 + 2 ln2 / 2) / (5/2) = (6/5) ln2
printf 'u1 2\nu2 0.5\n' > "$tmp/qw"
read -r qw_dec qw_d < <(dec 'ln2 * 6 / 5')
got=$("$RM" eval --quiet --query-weights "$tmp/qw" -m 'mean[weight=query]:logloss' "$tmp/qrels" "$tmp/run" 2>&1)
check "mean[weight=query]: (6/5) ln2" "$(awk '{print $3}' <<< "$got")" "$qw_d"
err=$("$RM" eval --quiet -m micro:logloss "$tmp/qrels" "$tmp/run" 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $err == *"is mean[weight=items]:logloss"* ]] \
  && ok "micro:logloss is refused and points at the pooled form" || fail "micro: $rc $err"
err=$("$RM" eval --quiet -m gm:logloss "$tmp/qrels" "$tmp/run" 2>&1); rc=$?
[ $rc -eq 2 ] && ok "gm:logloss is refused (exit 2)" || fail "gm: $rc $err"

# a random run of 40 users: the exact path against Decimal, the double path
# within its bound, and three shards merged to the bytes of one run
"$PY" - "$tmp" <<'EOF'
import random, sys
r = random.Random(30)
d = sys.argv[1]
q, runs = [], [[], [], []]
for u in range(40):
    n = r.randint(1, 7)
    for i in range(n):
        q.append("u%02d 0 d%d %d\n" % (u, i, r.choice([0, 0, 1, 2])))
        s = r.choice([0.0, 1.0, 0.5, 0.9, 1e-17, 1 - 1e-16, r.random(), r.random()])
        runs[u % 3].append("u%02d Q0 d%d %d %r r\n" % (u, i, i + 1, s))
open(d + "/rq", "w").writelines(q)
open(d + "/rr", "w").writelines(sorted(sum(runs, [])))
for k in range(3):
    open(d + "/rr%d" % k, "w").writelines(sorted(runs[k]))
EOF
"$PY" - "$tmp" > "$tmp/want" <<'EOF'
import sys
from decimal import Decimal, getcontext
from fractions import Fraction
getcontext().prec = 60
d = sys.argv[1]
grade = {}
for line in open(d + "/rq"):
    u, _, doc, g = line.split()
    grade[u, doc] = int(g)
users = {}
for line in open(d + "/rr"):
    u, _, doc, _, s, _ = line.split()
    p = min(max(float(s), 1e-15), 1 - 1e-15)  # the doubles NumPy clips to
    q = Decimal(p) if grade[u, doc] >= 1 else 1 - Decimal(p)  # both exact
    users.setdefault(u, []).append(-q.ln())
L = [sum(v) for v in users.values()]
N = [len(v) for v in users.values()]
for x in (sum(l / n for l, n in zip(L, N)) / len(L), sum(L) / sum(N)):
    print(repr(float(Fraction(x))))
EOF
M=(-m logloss -m 'mean[weight=items]:logloss' -m median:logloss -m min:logloss
   -m max:logloss -m sum:logloss -m 'mean[weight=items]:logloss[rel=2]')
"$RM" eval --quiet "${M[@]}" "$tmp/rq" "$tmp/rr" > "$tmp/one" 2>&1
check "the exact mean of 40 users, as Decimal's" "$(awk 'NR == 1 {print $3}' "$tmp/one")" \
  "$(sed -n 1p "$tmp/want")"
check "the exact pooled log loss, as Decimal's" "$(awk 'NR == 2 {print $3}' "$tmp/one")" \
  "$(sed -n 2p "$tmp/want")"
"$RM" eval --quiet --fast "${M[@]}" "$tmp/rq" "$tmp/rr" > "$tmp/fast" 2>&1
far=$(paste "$tmp/one" "$tmp/fast" | "$PY" -c '
import sys, math
n = 0
for line in sys.stdin:
    f = line.split()
    x, y = float(f[2]), float(f[5])
    n += 1
    if abs(x - y) > 7 * math.ulp(x): print(f[0], x, y)
print(n, "aggregates")' 2>&1)
check "the double path within 7 ulps of the exact, every aggregate" "$far" "7 aggregates"
RANKMETRICS_TEST_UNDECIDED=2 "$RM" eval --quiet "${M[@]}" "$tmp/rq" "$tmp/rr" > "$tmp/kept" 2>&1
cmp -s "$tmp/one" "$tmp/kept" && [ "$(grep -c ' all ' "$tmp/kept")" -eq 7 ] \
  && ok "the exact aggregates of kept queries are the streamed ones" \
  || fail "kept queries: $(diff "$tmp/one" "$tmp/kept")"
for p in "" --fast; do
  for k in 0 1 2; do
    "$RM" eval --quiet $p --partial "${M[@]}" "$tmp/rq" "$tmp/rr$k" -o "$tmp/s$k$p" 2>/dev/null
  done
  "$RM" merge --quiet "$tmp/s2$p" "$tmp/s0$p" "$tmp/s1$p" > "$tmp/m$p" 2>&1
  "$RM" eval --quiet $p "${M[@]}" "$tmp/rq" "$tmp/rr" > "$tmp/e$p" 2>&1
  cmp -s "$tmp/m$p" "$tmp/e$p" && [ -s "$tmp/e$p" ] \
    && ok "three shards $p merge to the bytes of one run" \
    || fail "shards $p: $(diff "$tmp/m$p" "$tmp/e$p")"
done
finish
