#!/usr/bin/env bash
# catentropy_test.sh: LensKit's Entropy and RankBiasedEntropy (issue 30),
# catentropy and rbentropy over the categories of --features, through value,
# eval and merge.  The values are those of the book's section "Category
# entropy", recomputed here in Python from their definition with fractions
# and 60-digit decimal logarithms (not by the program): a, b and c have the
# categories x, y and z, eps is the double nearest 1e-6 taken exactly, and
# the top two a,b has v = (1+eps, 1+eps, eps).  Over two categories alone
# the entropy of a,b is exactly 1, over four categories covered evenly
# exactly 2, and over shares 3/8, 1/3, 1/4, 1/24 exactly 7/4: the exact
# path must say so (rational), not loop.  Then both
# paths against each other, the values of eval -q against LensKit's formula
# transcribed in numpy (_entropy.py, _weighting.py and the row normalisation
# of data/matrix.py) on seeded random lists, the reason of an undefined
# value, the refusals, and three shards merged to the bytes of one run.
cd "$(dirname "$0")/.." || exit 1
source tests/counts.sh
RM=${TOOL:-$PWD/rankmetrics}

# row NAME FEATURES ROW ARGS...: the field of row ROW of value --exact
row() {
  local n=$1 f=$2 r=$3; shift 3
  "$RM" value "$n" --features "$tmp/$f" --exact "$@" 2>/dev/null | awk -v r="$r" '$1 == r {print $2}'
}
# hand NAME FEATURES IDS: the value by the definition, 40 digits (Python)
hand() {
  $PY - "$@" <<'PY'
import sys
from decimal import Decimal as D, getcontext
from fractions import Fraction as F
getcontext().prec = 60
name, path, ids = sys.argv[1], sys.argv[2], sys.argv[3].split(',')
p = F(17, 20)
if '[p=' in name: p = F(name.split('[p=')[1].rstrip(']'))
feats = {}
for line in open(path):
    f = line.split()
    feats.setdefault(f[0], {})[f[1]] = F(f[2]) if len(f) > 2 else F(1)
cats = sorted({c for d in feats.values() for c in d})
eps = F(1e-6)
s = {c: F(0) for c in cats}
for r, i in enumerate(ids):
    if i not in feats: continue
    w = p ** r if name.startswith('rbentropy') else F(1)
    tot = sum(feats[i].values())
    for c, x in feats[i].items(): s[c] += w * x / tot
v = [s[c] + eps for c in cats]
T = sum(v)
lg = lambda q: (D(q.numerator).ln() - D(q.denominator).ln()) / D(2).ln()
h = sum(D(x.numerator) / D(x.denominator) * D(T.denominator) / D(T.numerator) * lg(T / x) for x in v)
print(f"{h:.39e}")
PY
}
# the first 35 significant digits of value --exact's decimal against hand's
near() { # WHAT NAME FEATURES IDS GRADES
  local got want
  got=$(row "$2" "$3" decimal --grades "$5" --ids "$4")
  want=$(hand "$2" "$tmp/$3" "$4")
  if $PY -c "import sys; from decimal import Decimal as D; a, b = D(sys.argv[1]), D(sys.argv[2]); sys.exit(abs(a - b) > abs(b) * D('1e-35'))" "$got" "$want"
  then ok "$1: $got"; else fail "$1: got $got, want $want"; fi
}
printf 'a x\nb y\nc z\n' > "$tmp/f3"
printf 'a x\nb y\n' > "$tmp/f2"
printf 'a x\nb y\nc z\nd w\n' > "$tmp/f4"
printf 'a x\nb x 1\nb y 3\n' > "$tmp/fw"
near "catentropy of a,b over x,y,z" catentropy f3 a,b 0,0
check "catentropy of a,b: the 40 digits" "$(row catentropy f3 decimal --grades 0,0 --ids a,b)" \
  1.000010687116676115383612549112560912480
near "rbentropy of a,b: b weighs 17/20" rbentropy f3 a,b 0,0
check "rbentropy of a,b: the 40 digits" "$(row rbentropy f3 decimal --grades 0,0 --ids a,b)" \
  0.9952640551231655255122721387492923869726
near "rbentropy of a,zz,b: the unknown item keeps its rank" rbentropy f3 a,zz,b 0,0,0
near "rbentropy[p=1/2] of c,a,zz,b" 'rbentropy[p=1/2]' f3 c,a,zz,b 0,0,0,0
near "catentropy of one item" catentropy f3 a 0
near "weights 1 and 3 as a distribution (the exercise)" catentropy fw a,b 0,0
check "the exercise's 40 digits" "$(row catentropy fw decimal --grades 0,0 --ids a,b)" \
  0.9544340950455240249681352626584952654651
check "catentropy of a,b over x,y is exactly 1" "$(row catentropy f2 rational --grades 0,0 --ids a,b)" 1
check "catentropy of a,b,c,d over four is exactly 2" \
  "$(row catentropy f4 rational --grades 0,0,0,0 --ids a,b,c,d)" 2
# Shares none but one of which is a power of 2, and still a rational
# entropy: one item of four categories p, q, r, s with the integer weights
# w_c = 2^72 n_c + 4 m n_c - 24 m, n = (9, 8, 6, 1) and eps = m 2^-72
# (m = 4722366482869645), sums w = 24 2^72, so that v_c = w_c/(24 2^72) + eps
# = n_c (2^72 + 4m)/(24 2^72): the shares 3/8, 1/3, 1/4, 1/24, whose lg 3
# cancels (-3/8 + 1/3 + 1/24 = 0), and the entropy 7/4.  The same with
# n = (2, 1, 1) and three categories: 1/2, 1/4, 1/4, entropy 3/2.
printf 'a p 42501355014224601359004\na q 37778969641889024666728\n' > "$tmp/r74"
printf 'a r 28334198897217871282176\na s 4722272035539987820796\n' >> "$tmp/r74"
printf 'a p 9444742410472256166682\na q 4722361760503162344051\na r 4722361760503162344051\n' > "$tmp/r32"
check "shares 3/8, 1/3, 1/4, 1/24: exactly 7/4" "$(row catentropy r74 rational --grades 0 --ids a)" 7/4
check "shares 1/2, 1/4, 1/4: exactly 3/2" "$(row catentropy r32 rational --grades 0 --ids a)" 3/2
check "catentropy of a,b over three is irrational" "$(row catentropy f3 rational --grades 0,0 --ids a,b)" no
check "catentropy@2 of a,b,c: the cutoff" "$(row catentropy@2 f3 decimal --grades 0,0,0 --ids a,b,c)" \
  1.000010687116676115383612549112560912480
check "the top two by score: a,b over c" \
  "$(row catentropy@2 f3 decimal --grades 0,0,0 --ids c,b,a --scores 1,2,3)" \
  1.000010687116676115383612549112560912480
# the double path agrees with the exact one within its bound of 11 ulps
for n in catentropy rbentropy 'rbentropy[p=1/3]'; do
  for f in f3 fw; do
    d=$("$RM" value "$n" --features "$tmp/$f" --grades 0,0,0 --ids a,zz,b | cut -f2)
    x=$(row "$n" "$f" exact --grades 0,0,0 --ids a,zz,b)
    $PY -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(abs(a - b) > 11 * 2**-52 * b)" "$d" "$x" \
      && ok "$n over $f: the double path $d is near the exact $x" || fail "$n over $f: double $d, exact $x"
  done
done
# the exact mean of the library (value over two users) is eval's
got=$(row 'mean:catentropy' f3 decimal --grades '0,0;0' --ids 'a,b;c')
want=$($PY -c "import sys, decimal; from decimal import Decimal as D; decimal.getcontext().prec = 60; print((D(sys.argv[1]) + D(sys.argv[2])) / 2)" \
  "$(row catentropy f3 decimal --grades 0,0 --ids a,b)" "$(row catentropy f3 decimal --grades 0 --ids c)")
$PY -c "import sys; from decimal import Decimal as D; sys.exit(abs(D(sys.argv[1]) - D(sys.argv[2])) > D('1e-38'))" "$got" "$want" \
  && ok "mean:catentropy of two lists is the mean of their values: $got" || fail "mean: got $got, want $want"
check "the mean of two entropies 1 is 1, rational" "$(row 'mean:catentropy' f2 rational --grades '0,0;0,0' --ids 'a,b;b,a')" 1

# undefined: no item of the list has a category; refusals
err=$("$RM" value catentropy --features "$tmp/f3" --grades 0 --ids zz 2>&1 >/dev/null)
[[ $err == *"undefined"* ]] && ok "a list without categories is undefined" || fail "no categories: $err"
err=$("$RM" value 'catentropy[undef=error]' --features "$tmp/f3" --grades 0 --ids zz 2>&1); rc=$?
[ $rc -eq 1 ] && [[ $err == *"value undefined (the variant says undef=error)"* ]] \
  && ok "undef=error: exit 1" || fail "undef=error: $rc $err"
err=$("$RM" value catentropy --grades 0,0 --ids a,b 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $err == *"give --features FILE"* ]] && ok "value catentropy without --features: exit 2" \
  || fail "value catentropy without --features: $rc $err"
for p in 1:below 0:above 7/5:below; do
  err=$("$RM" name "rbentropy[p=${p%:*}]" 2>&1); rc=$?
  [ $rc -eq 2 ] && [[ $err == *"the persistence p must be ${p#*:}"* ]] && ok "rbentropy[p=${p%:*}] is refused" \
    || fail "rbentropy[p=${p%:*}]: $rc $err"
done
check "rankmetrics name rbentropy@10" "$("$RM" name rbentropy@10)" "rbentropy@10[p=0.85,ties=input,undef=zero]"
check "rankmetrics name catentropy@10" "$("$RM" name catentropy@10)" "catentropy@10[ties=input,undef=zero]"

# eval: q1 a,b; q2 a; q3 zz (no category): the reason, on stderr and in --json
printf 'q1 0 a 1\nq2 0 a 1\nq3 0 a 1\n' > "$tmp/qrels"
printf 'q1 Q0 a 1 3 r\nq1 Q0 b 2 2 r\nq2 Q0 a 1 2 r\nq3 Q0 zz 1 1 r\n' > "$tmp/run"
M='mean[skip=undef]:catentropy'
"$RM" eval --json -m "$M" --features "$tmp/f3" "$tmp/qrels" "$tmp/run" > "$tmp/out.json" 2> "$tmp/err"
grep -q '"left_why":"a value undefined: no item of the list has a category in --features"' "$tmp/out.json" \
  && ok "--json says why q3 is left out" || fail "--json: $(cat "$tmp/out.json")"
grep -q "q3" "$tmp/err" && grep -q "no item of the list has a category" "$tmp/err" \
  && ok "standard error says why q3 is left out" || fail "stderr: $(cat "$tmp/err")"
"$RM" eval -m catentropy "$tmp/qrels" "$tmp/run" > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q "catentropy reads the items' features of --features FILE" "$tmp/err" \
  && ok "eval without --features: refused before reading" || fail "eval without --features: $rc $(cat "$tmp/err")"
# sharded: three shards merged give the bytes of one run, on both paths
for path in "" --fast; do
  "$RM" eval --quiet $path -m "$M" -m rbentropy@2 --features "$tmp/f3" "$tmp/qrels" "$tmp/run" > "$tmp/one.txt" 2>/dev/null
  for q in q1 q2 q3; do
    grep "^$q " "$tmp/run" > "$tmp/run.$q"
    "$RM" eval --quiet $path --partial -o "$tmp/s.$q" -m "$M" -m rbentropy@2 --features "$tmp/f3" \
      "$tmp/qrels" "$tmp/run.$q" 2>/dev/null
  done
  "$RM" merge --quiet "$tmp/s.q1" "$tmp/s.q2" "$tmp/s.q3" > "$tmp/merged.txt" 2>/dev/null
  [ "$(wc -l < "$tmp/one.txt")" -eq 2 ] && cmp -s "$tmp/one.txt" "$tmp/merged.txt" && ok "merge of three shards ${path:-exact}: the bytes of one run" \
    || fail "merge of three shards ${path:-exact}: $(cat "$tmp/merged.txt")"
done
grep -q ' features=' "$tmp/s.q1" && ok "a state names the features' digest" || fail "no features= in the state"
"$RM" eval --quiet --fast --partial -o "$tmp/s.other" -m "$M" -m rbentropy@2 --features "$tmp/f2" \
  "$tmp/qrels" "$tmp/run.q1" 2>/dev/null
"$RM" merge --quiet "$tmp/s.other" "$tmp/s.q2" > /dev/null 2> "$tmp/err"
[ $? -ne 0 ] && grep -q "features=" "$tmp/err" && ok "states of other features are refused" \
  || fail "states of other features: $(cat "$tmp/err")"

# LensKit's formula in numpy on seeded random lists: 40 categories, 150
# items of which 120 have one to four weighted categories, 60 users' top 12
# of which LensKit's Entropy leaves out the unknown items; RankBiasedEntropy
# is compared where every item is known, the only lists it computes (with
# some unknown, its weights and rows differ in length: see the book).
$PY - "$tmp" <<'PY'
import random, sys
d = sys.argv[1]
rnd = random.Random(30)
cats = [f"g{j}" for j in range(40)]
with open(f"{d}/rf", "w") as f:
    for i in range(120):
        for c in rnd.sample(cats, rnd.randint(1, 4)):
            f.write(f"i{i} {c} {rnd.choice(['1', '2', '1/3', '0.25', '5'])}\n")
with open(f"{d}/rrun", "w") as r, open(f"{d}/rqrels", "w") as q:
    for u in range(60):
        pool = 120 if u % 2 else 150  # odd users: every item known
        for k, i in enumerate(rnd.sample(range(pool), 12)):
            r.write(f"u{u} Q0 i{i} {k + 1} {100 - k} r\n")
        q.write(f"u{u} 0 i0 1\n")
PY
for path in --fast --exact; do
  "$RM" eval --quiet -q $path -m catentropy@10 -m rbentropy@10 -m 'rbentropy@10[p=1/2]' --features "$tmp/rf" \
    "$tmp/rqrels" "$tmp/rrun" > "$tmp/ours$path.txt"
done
$PY - "$tmp" <<'PY' > "$tmp/np.txt"
import sys
import numpy as np
from fractions import Fraction
d = sys.argv[1]
rows = [l.split() for l in open(f"{d}/rf")]
items = sorted({r[0] for r in rows}); cats = sorted({r[1] for r in rows})
M = np.zeros((len(items), len(cats)))
for r in rows:
    M[items.index(r[0]), cats.index(r[1])] += float(Fraction(r[2]))
M = M / M.sum(axis=1)[:, None]          # cat_matrix(normalize="distribution")
def column_entropy(m, weights=None):     # _entropy.py, matrix_column_entropy
    if weights is not None:
        m = m * weights[:, np.newaxis]
    values = np.asarray(m.sum(axis=0)) + 1e-6
    probs = values / np.sum(values)
    return float(-np.sum(probs * np.log2(probs)))
lists = {}
for l in open(f"{d}/rrun"):
    u, _, i, k, s, _ = l.split()
    lists.setdefault(u, []).append(i)
ours = {}
for l in open(f"{d}/ours--exact.txt"):
    m, u, v = l.split()[:3]
    ours[(m, u)] = float(v)
bad = n = 0
for u, recs in lists.items():
    recs = recs[:10]
    known = [items.index(i) for i in recs if i in items]
    want = {"catentropy@10": column_entropy(M[known, :])}
    if len(known) == len(recs):
        for p, m in ((0.85, "rbentropy@10"), (0.5, "rbentropy@10[p=1/2]")):
            ranks = np.arange(1, len(recs) + 1)
            want[m] = column_entropy(M[known, :], np.exp(np.log(p) * (ranks - 1)))
    for m, w in want.items():
        n += 1
        if abs(ours[(m, u)] - w) > 1e-12 * w:
            bad += 1
            print("mismatch", m, u, ours[(m, u)], w)
print(n, "values", bad, "bad")
sys.exit(bad != 0)
PY
[ $? -eq 0 ] && ok "LensKit's formula in numpy: $(tail -1 "$tmp/np.txt")" || fail "numpy: $(cat "$tmp/np.txt")"
$PY - "$tmp" <<'PY' > "$tmp/paths.txt"
import sys
d = sys.argv[1]
read = lambda p: {tuple(l.split()[:2]): float(l.split()[2]) for l in open(p)}
a, b = read(f"{d}/ours--fast.txt"), read(f"{d}/ours--exact.txt")
bad = sum(1 for k in b if abs(a[k] - b[k]) > 11 * 2**-52 * b[k])
print(len(b), "values", bad, "beyond 11 ulps")
sys.exit(bad != 0 or len(b) < 180)
PY
[ $? -eq 0 ] && ok "--fast against --exact: $(cat "$tmp/paths.txt")" || fail "paths: $(cat "$tmp/paths.txt")"
finish
