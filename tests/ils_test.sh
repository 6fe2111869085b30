#!/usr/bin/env bash
# ils_test.sh: intra-list similarity and diversity (issue 30) over a table
# of item features, through value, eval and merge.  The values are worked by
# hand in the book's chapter "Intra-list similarity and diversity": a has
# the category x, b has x and y, c has y and z, so the cosines of a top
# three a,b,c are 1/sqrt2, 0 and 1/2, ILS is (1+sqrt2)/6 and diversity
# (5-sqrt2)/6 (their 40 digits from sqrt2 = 1.41421356237309504880168872420
# 9698078569671875...); with b given four categories and c only y, the
# cosines are 1/2, 0, 1/2 and the values the fractions 1/3 and 2/3.  Weights
# (3, 4 and 1, or the same as decimals, or split over two lines) give the
# cosine 3/5.  Both paths are checked, the mean over users, the sharding
# under --partial, the refusals of a bad file, with its file and line, and
# the golden vectors of the family ils against a transcription in Python.
# Elliot's SRecall: the features of the relevant items of the top K over all.
# The family's appended groups of catentropy and rbentropy (LensKit's Entropy
# and RankBiasedEntropy) are checked by the same transcription.
cd "$(dirname "$0")/.." || exit 1
source tests/counts.sh
RM=${TOOL:-$PWD/rankmetrics}
printf 'a x\nb x\nb y\nc y\nc z\n' > "$tmp/f1"
printf 'a x\nb x\nb y\nb z\nb w\nc y\n' > "$tmp/f2"
printf 'a x 3\na y 4\nb x\n' > "$tmp/w1"
printf 'a x 0.3\na y 2/5\nb x 7\n' > "$tmp/w2"
printf 'a x 1.5\na x 3/2\na y 4\nb x 1\n' > "$tmp/w3"

# row NAME FEATURES ROW ARGS...: the field of row ROW of value --exact
row() {
  local n=$1 f=$2 r=$3; shift 3
  "$RM" value "$n" --features "$tmp/$f" --exact "$@" 2>/dev/null | awk -v r="$r" '$1 == r {print $2}'
}
A3=(--grades 0,0,0 --ids a,b,c)
check "ils@3 of a,b,c is (1+sqrt2)/6" "$(row ils@3 f1 decimal "${A3[@]}")" \
  0.4023689270621825081336147873682830130949
check "diversity@3 of a,b,c is (5-sqrt2)/6" "$(row diversity@3 f1 decimal "${A3[@]}")" \
  0.5976310729378174918663852126317169869051
check "ils of a,b is sqrt2/2" "$(row ils f1 decimal --grades 0,0 --ids a,b)" \
  0.7071067811865475244008443621048490392848
check "ils is irrational there" "$(row ils@3 f1 rational "${A3[@]}")" no
check "ils with four categories is 1/3" "$(row ils f2 rational "${A3[@]}")" 1/3
check "diversity with four categories is 2/3" "$(row diversity f2 rational "${A3[@]}")" 2/3
check "ils of one item is 1" "$(row ils f1 rational --grades 0 --ids a)" 1
check "weights 3, 4 and 1: cosine 3/5" "$(row ils w1 rational --grades 0,0 --ids a,b)" 3/5
check "the same weights as decimals and a fraction" \
  "$(row ils w2 rational --grades 0,0 --ids a,b)" 3/5
check "a pair given twice adds its weights" "$(row ils w3 rational --grades 0,0 --ids a,b)" 3/5
check "an item without features has cosine 0" \
  "$(row diversity f1 rational --grades 0,0 --ids a,zz)" 1
check "srecall: a and c relevant cover x, y, z of three" \
  "$(row srecall f1 rational --grades 1,0,1 --ids a,b,c)" 1
check "srecall: a and b relevant cover x and y" "$(row srecall f1 rational --grades 1,1,0 --ids a,b,c)" 2/3
check "srecall@1: a is not relevant" "$(row srecall@1 f1 rational --grades 0,1,1 --ids a,b,c)" 0
check "srecall[rel=2]: only b" "$(row 'srecall[rel=2]' f1 rational --grades 1,2,1 --ids a,b,c)" 2/3
check "the top K by score: ils@2 of c,b over a" \
  "$(row ils@2 f1 rational --grades 0,0,0 --ids a,b,c --scores 1,2,3)" 1/2
# the double path agrees with the exact one within its bound
for n in ils@3 diversity@3; do
  d=$("$RM" value "$n" --features "$tmp/f1" "${A3[@]}" | cut -f2)
  x=$(row "$n" f1 exact "${A3[@]}")
  $PY -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(abs(a - b) > 16 * 2**-52 * b)" "$d" "$x" \
    && ok "$n: the double path $d is near the exact $x" || fail "$n: double $d, exact $x"
done
err=$("$RM" value diversity --features "$tmp/f1" --grades 0 --ids a 2>&1 >/dev/null)
[[ $err == *"undefined"* ]] && ok "diversity of one item is undefined" || fail "diversity of one item: $err"
err=$("$RM" value ils --grades 0,0 --ids a,b 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $err == *"give --features FILE"* ]] && ok "value ils without --features: exit 2" \
  || fail "value ils without --features: $rc $err"

# eval: two users, a,b,c and a,b; the mean of ils@3 is (1+4 sqrt2)/12
printf 'q1 0 a 1\nq2 0 a 1\n' > "$tmp/qrels"
printf 'q1 Q0 a 1 3 r\nq1 Q0 b 2 2 r\nq1 Q0 c 3 1 r\nq2 Q0 a 1 2 r\nq2 Q0 b 2 1 r\n' > "$tmp/run"
got=$("$RM" eval --quiet -m ils@3 -m 'mean[skip=undef]:diversity@3' --features "$tmp/f1" "$tmp/qrels" "$tmp/run")
check "eval's mean of ils@3" "$(awk '$1 == "ils@3" {print $3}' <<< "$got")" 0.554737854124365
check "eval's mean of diversity@3" \
  "$(awk '$1 == "mean[skip=undef]:diversity@3" {print $3}' <<< "$got")" 0.445262145875635
printf 'q3 Q0 c 1 1 r\n' >> "$tmp/run"
printf 'q3 0 c 1\n' >> "$tmp/qrels"
got=$("$RM" eval --quiet -m 'mean[skip=undef]:diversity@3' --features "$tmp/f1" "$tmp/qrels" "$tmp/run")
check "a user of one item is left out of mean[skip=undef]:diversity" "$(awk '{print $3}' <<< "$got")" \
  0.445262145875635
# sharded: three shards merged give the bytes of one run, on both paths
for path in "" --fast; do
  "$RM" eval --quiet $path -m ils@3 -m diversity@2 --features "$tmp/f1" "$tmp/qrels" "$tmp/run" > "$tmp/one.txt"
  for q in q1 q2 q3; do
    grep "^$q " "$tmp/run" > "$tmp/run.$q"
    "$RM" eval --quiet $path --partial -o "$tmp/s.$q" -m ils@3 -m diversity@2 --features "$tmp/f1" \
      "$tmp/qrels" "$tmp/run.$q"
  done
  "$RM" merge --quiet "$tmp/s.q1" "$tmp/s.q2" "$tmp/s.q3" > "$tmp/merged.txt"
  cmp -s "$tmp/one.txt" "$tmp/merged.txt" && ok "merge of three shards ${path:-exact}: the bytes of one run" \
    || fail "merge of three shards ${path:-exact}: $(cat "$tmp/merged.txt")"
done
"$RM" eval --quiet --fast --partial -o "$tmp/s.other" -m ils@3 -m diversity@2 --features "$tmp/f2" \
  "$tmp/qrels" "$tmp/run.q1"
"$RM" merge --quiet "$tmp/s.other" "$tmp/s.q2" > /dev/null 2> "$tmp/err"
[ $? -ne 0 ] && grep -q "features=" "$tmp/err" && ok "states of other features are refused" \
  || fail "states of other features: $(cat "$tmp/err")"

# bad files: the file, the line, what was wrong; exit 2 and no output
bad() { # CONTENT WANT WHAT
  printf "$1" > "$tmp/bad"
  "$RM" eval -m ils --features "$tmp/bad" "$tmp/qrels" "$tmp/run" > "$tmp/out" 2> "$tmp/err"; rc=$?
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -qF "$tmp/bad:$2" "$tmp/err"; then ok "$3"
  else fail "$3: exit $rc, $(cat "$tmp/err")"; fi
}
bad 'a x\nb y 0\n' "2: the weight '0' of item 'b' is not a positive" "a weight of 0"
bad 'a x -1\n' "1: the weight '-1'" "a negative weight"
bad 'a x 1e-3\n' "1: the weight '1e-3'" "a weight with an exponent"
bad 'a x 1/0\n' "1: the weight '1/0'" "a fraction over 0"
bad 'a x 1 2\n' "1: expected 'ITEM FEATURE' or 'ITEM FEATURE WEIGHT' (found 4 fields)" "four fields"
bad 'a x\nb\n' "2: expected 'ITEM FEATURE' or 'ITEM FEATURE WEIGHT' (found 1 field)" "one field"
"$RM" eval -m diversity@3 "$tmp/qrels" "$tmp/run" > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q "diversity@3 reads the items' features of --features FILE" "$tmp/err" \
  && ok "eval without --features: refused before reading" || fail "eval without --features: $rc $(cat "$tmp/err")"
"$RM" eval -m ils --features "$tmp/nosuch" "$tmp/qrels" "$tmp/run" > /dev/null 2> "$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q nosuch "$tmp/err" && ok "a missing features file" || fail "missing file: $rc"

# The golden vectors of the family ils, recomputed here in floating point
# from their tables by a transcription of the definition (not the
# library's code): every valid test within 1e-12 of its value.
$PY - "${VEC:-vectors}/ils_test.json" > "$tmp/vec.txt" <<'PY'
import json, math, sys
from fractions import Fraction
d = json.load(open(sys.argv[1]))
bad = n = 0
for g in d['testGroups']:
    name = g['variant']
    metric = name.split('@')[0].split('[')[0]
    k = int(name.split('@')[1].split('[')[0]) if '@' in name else None
    ties = name.split('ties=')[1].split(',')[0].split(']')[0]
    undef = name.split('undef=')[1].split(']')[0]
    for t in g['tests']:
        if t['result'] != 'valid':
            continue
        feats = {}
        for it, f, w in t['features']:
            feats.setdefault(it, {})
            feats[it][f] = feats[it].get(f, 0) + float(Fraction(w))
        ids, sc = t['ids'], t['scores']
        order = list(range(len(ids)))
        if sc is not None:
            if ties == 'reverse': order.reverse()
            if ties == 'id-asc': order.sort(key=lambda i: ids[i])
            order.sort(key=lambda i: -sc[i])  # stable
        top = [ids[i] for i in order[:k]] if k else [ids[i] for i in order]
        m = len(top)
        def cos(a, b):
            x, y = feats.get(a, {}), feats.get(b, {})
            dot = sum(v * y.get(f, 0) for f, v in x.items())
            if dot == 0: return 0.0
            return dot / math.sqrt(sum(v*v for v in x.values()) * sum(v*v for v in y.values()))
        if metric in ('catentropy', 'rbentropy'):
            p = float(Fraction(name.split('p=')[1].split(',')[0])) if metric == 'rbentropy' else 1
            allf = sorted({f for it in feats for f in feats[it]})
            v = {f: 1e-6 for f in allf}
            for r, it in enumerate(top):
                if it not in feats: continue
                tot = sum(feats[it].values())
                for f, x in feats[it].items(): v[f] += p ** r * x / tot
            T = sum(v.values())
            known = [it for it in top if it in feats]
            want = -sum(x / T * math.log2(x / T) for x in v.values()) if known \
                else (1.0 if undef == 'one' else 0.0)
        elif metric == 'srecall':
            rel = int(name.split('rel=')[1].split(',')[0])
            grades = {ids[i]: t['grades'][i] for i in order}
            cov = {f for it in top if grades[it] >= rel for f in feats.get(it, {})}
            allf = {f for it in feats for f in feats[it]}
            want = len(cov) / len(allf) if allf else (1.0 if undef == 'one' else 0.0)
        elif m == 0 or (metric == 'diversity' and m < 2):
            want = 1.0 if undef == 'one' else 0.0
        elif m == 1:
            want = 1.0
        else:
            s = sum(cos(top[i], top[j]) for i in range(m) for j in range(i + 1, m)) / (m * (m - 1) / 2)
            want = s if metric == 'ils' else 1 - s
        got = float.fromhex(t['value'])
        n += 1
        if abs(got - want) > 1e-12:
            bad += 1
            print('mismatch', t['tcId'], name, got, want)
print(n, 'checked', bad, 'bad')
sys.exit(bad != 0)
PY
[ $? -eq 0 ] && ok "the vectors of ils: $(cat "$tmp/vec.txt")" || fail "the vectors of ils: $(cat "$tmp/vec.txt")"
finish
