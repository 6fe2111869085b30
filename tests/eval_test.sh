#!/bin/bash
# eval_test.sh: `rankmetrics eval' against `rankmetrics value' on generated
# files (TREC and CSV, double and exact paths), and per-query output against
# a small hand-written file whose numbers are worked out below.
cd "$(dirname "$0")/.." || exit 1
RM=./rankmetrics
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }
same() { if [ -n "$3" ] && [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', expected '$3'"; fi; }

# ---- Hand-written file: two queries, values worked out by hand ----------
# q1 ranks d1(grade 2) d2(0) d4(unjudged: 0); d3(1) judged, not retrieved.
#   relevant (rel=1): d1, d3, so R = 2.  AP = (1/1)/2 = 1/2.  RR = 1.
#   P@2 = 1/2.  recall@3 = 1/2.
# q2 ranks d5(unjudged) d1(1).  AP = (1/2)/1 = 1/2.  RR = 1/2.  P@2 = 1/2.
# q3 is judged only; q4 is in the run only (both skipped by default).
# MAP = 1/2, MRR = 3/4; with --judged-only empty q3 counts 0: MAP = 1/3.
cat > "$T/q" <<'E'
q1 0 d1 2
q1 0 d2 0
q1 0 d3 1
q2 0 d1 1
q3 0 x 1
E
cat > "$T/r" <<'E'
q1 Q0 d1 1 0.9 t
q1 Q0 d2 2 0.8 t
q1 Q0 d4 3 0.7 t
q2 Q0 d5 1 0.5 t
q2 Q0 d1 2 0.4 t
q4 Q0 d1 1 1 t
E
out=$($RM eval --quiet --trec -q -m ap -m rr -m 'precision@2' "$T/q" "$T/r")
want=$(printf 'ap\tq1\t0.5\nrr\tq1\t1\nprecision@2\tq1\t0.5\nap\tq2\t0.5\nrr\tq2\t0.5\nprecision@2\tq2\t0.5\nap\tall\t0.5\nrr\tall\t0.75\nprecision@2\tall\t0.5')
same "hand-written per-query (trec)" "$out" "$want"
same "judged-only empty" "$($RM eval --quiet --trec -m ap --judged-only empty "$T/q" "$T/r")" "$(printf 'ap\tall\t0.3333333333333333')"
# --run-only zero: q4 has no judgments, its AP is undefined -> 0 (undef=zero): MAP = 1/3.
same "run-only zero" "$($RM eval --quiet --trec -m ap --run-only zero "$T/q" "$T/r")" "$(printf 'ap\tall\t0.3333333333333333')"
# skip=norel leaves q4 out (no relevant document under --run-only zero) before
# its value is asked for, so undef=error does not fire on its AP, 0/0: MAP
# over q1, q2 is (1/2 + 1/2)/2 = 1/2, as rm_value_set gives; q4 is skipped.
# Ratings count as relevant by their whole part, exactly.  Rows u1: 3.5
# (score 0.9), 1 (0.2); u2: 4 (0.5).  MAE u1 = (2.6+0.8)/2 = 1.7, u2 = 3.5.
# Both of u1's ratings are at least 1, so weight=positives weighs u1 twice:
# (2*1.7+3.5)/3 = 23/10 (it was 2.6, the rating 3.5 read as grade 0).
printf 'user,item,label,score\nu1,a,3.5,0.9\nu1,b,1,0.2\nu2,a,4,0.5\n' > "$T/wr.csv"
same "weight=positives over ratings, exact" "$($RM eval --quiet --trec --exact -m 'mean[weight=positives]:mae' "$T/wr.csv")" "$(printf 'mean[weight=positives]:mae\tall\t2.3')"
# u1 rated 0.99999999999999999999 (below 1: skipped by skip=norel, though
# its nearest double is 1), u2 rated 1e0 = 1, u3 rated 7/3; scores 0.5, 0.5,
# 1: MAE 1/2 and 4/3, mean 11/12.
printf 'user,item,label,score\nu1,a,0.99999999999999999999,0.5\nu2,a,1e0,0.5\nu3,a,7/3,1\n' > "$T/nr.csv"
same "skip=norel over ratings, exact" "$($RM eval --quiet --trec -q --exact -m 'mean[skip=norel]:mae' "$T/nr.csv" | awk '{print $2, $3}' | tr '\n' ' ')" "u2 0.5 u3 1.3333333333333333 all 0.9166666666666666 "
# A judged rating that was not retrieved counts as well: q1 retrieves d1
# (judged 0, score 0.9, MAE 0.9) and leaves d2 (rated 2.5); q2's only
# judgment, 0.5, is below 1.  skip=norel keeps q1 alone: 0.9.
printf 'q1 0 d1 0\nq1 0 d2 2.5\nq2 0 d3 0.5\n' > "$T/rq"
printf 'q1 Q0 d1 1 0.9 t\nq2 Q0 d3 1 0.5 t\n' > "$T/rr"
same "skip=norel, an unretrieved rating" "$($RM eval --quiet --trec -m 'mean[skip=norel]:mae' "$T/rq" "$T/rr")" "$(printf 'mean[skip=norel]:mae\tall\t0.9')"
N='mean[skip=norel]:ap[undef=error]'
same "skip=norel before undef=error" "$($RM eval --quiet --trec -q -m "$N" --run-only zero "$T/q" "$T/r")" "$(printf '%s\tq1\t0.5\n%s\tq2\t0.5\n%s\tall\t0.5' "$N" "$N" "$N")"
same "skip=norel before undef=error, skipped" "$($RM eval --quiet -q -m "$N" --run-only zero "$T/q" "$T/r" | awk '$2 == "q4" {print $3}')" "skipped"
same "skip=norel before undef=error, exact" "$($RM eval --quiet --trec --exact -m "$N" --run-only zero "$T/q" "$T/r")" "$(printf '%s\tall\t0.5' "$N")"
# the summary counts: 2 evaluated, 2 unjudged docs (d4, d5), 1 run-only, 1 judged-only
s=$($RM eval -m ap "$T/q" "$T/r" 2>&1 >/dev/null)
case $s in *"2 queries evaluated"*"2 unjudged"*"1 queries only in the run"*"1 only in the judgments"*) ok;; *) bad "summary: $s";; esac
# a duplicate: an error by default (no output, both lines named), or one
# line chosen by --dup.  rd has d1 of q1 twice, at 0.9 (line 1) and 0.1 (line 4).
# first (d1 at 0.9): AP(q1) = 1/2 as above, MAP = 1/2.  last (d1 at 0.1): q1
# ranks d2 d4 d1, AP(q1) = (1/3)/2 = 1/6, MAP = (1/6 + 1/2)/2 = 1/3.  max keeps
# the higher score, 0.9: MAP = 1/2.  rd2 has the two lines the other way
# round (0.1 first), so max keeps the later line there: MAP = 1/2, first 1/3.
cp "$T/r" "$T/rd"; sed -i '3a q1 Q0 d1 9 0.1 t' "$T/rd"
$RM eval --quiet -m ap "$T/q" "$T/rd" > "$T/o" 2> "$T/e"; rc=$?
if [ $rc -ne 0 ] && [ ! -s "$T/o" ] && grep -q "rd:4: document 'd1' appears twice in query 'q1' (first at line 1; --dup" "$T/e"; then ok; else bad "dup error by default: rc=$rc $(cat "$T/e")"; fi
$RM eval --quiet -m ap --dup error "$T/q" "$T/rd" > "$T/o" 2> "$T/e"; rc=$?
if [ $rc -ne 0 ] && [ ! -s "$T/o" ] && grep -q "rd:4: document 'd1' appears twice" "$T/e"; then ok; else bad "dup error: rc=$rc $(cat "$T/e")"; fi
same "dup first" "$($RM eval --quiet --trec -m ap --dup first "$T/q" "$T/rd")" "$(printf 'ap\tall\t0.5')"
same "dup last" "$($RM eval --quiet --trec -m ap --dup last "$T/q" "$T/rd")" "$(printf 'ap\tall\t0.3333333333333333')"
same "dup max" "$($RM eval --quiet --trec -m ap --dup max "$T/q" "$T/rd")" "$(printf 'ap\tall\t0.5')"
sed -e '1s/ 0\.9 / 0.1 /' -e '4s/ 0\.1 / 0.9 /' "$T/rd" > "$T/rd2"
same "dup first, low score first" "$($RM eval --quiet --trec -m ap --dup first "$T/q" "$T/rd2")" "$(printf 'ap\tall\t0.3333333333333333')"
same "dup max, high score later" "$($RM eval --quiet --trec -m ap --dup max "$T/q" "$T/rd2")" "$(printf 'ap\tall\t0.5')"
$RM eval --quiet -m ap --dup most "$T/q" "$T/rd" > "$T/o" 2> "$T/e"; rc=$?
if [ $rc -eq 2 ] && [ ! -s "$T/o" ]; then ok; else bad "--dup most is refused: rc=$rc"; fi
# a delimited file: item i1 of u1 twice, label 0 at 0.9 then label 1 at 0.2;
# i2 has label 1 at 0.5.  first: i1(0) i2(1), AP = (1/2)/1 = 1/2; last and
# max (the higher label): i2(1) i1(1), AP = 1.
printf 'user,item,label,score\nu1,i1,0,0.9\nu1,i2,1,0.5\nu1,i1,1,0.2\n' > "$T/dup.csv"
$RM eval --quiet -m ap "$T/dup.csv" > "$T/o" 2> "$T/e"; rc=$?
if [ $rc -ne 0 ] && [ ! -s "$T/o" ] && grep -q "dup.csv:4: document 'i1' appears twice in query 'u1' (first at line 2" "$T/e"; then ok; else bad "csv dup error: rc=$rc $(cat "$T/e")"; fi
same "csv dup first" "$($RM eval --quiet --trec -m ap --dup first "$T/dup.csv")" "$(printf 'ap\tall\t0.5')"
same "csv dup last" "$($RM eval --quiet --trec -m ap --dup last "$T/dup.csv")" "$(printf 'ap\tall\t1')"
same "csv dup max" "$($RM eval --quiet --trec -m ap --dup max "$T/dup.csv")" "$(printf 'ap\tall\t1')"
# errors: FILE:LINE, nonzero exit, no output
printf 'q1 Q0 d1 1 abc t\n' > "$T/rb"
$RM eval -m ap "$T/q" "$T/rb" > "$T/o" 2> "$T/e"; rc=$?
if [ $rc -ne 0 ] && [ ! -s "$T/o" ] && grep -q "rb:1: score 'abc'" "$T/e"; then ok; else bad "bad score"; fi
# ungrouped input: rewound and read into memory, same values
{ sed -n 1p "$T/r"; sed -n 4,5p "$T/r"; sed -n 2,3p "$T/r"; } > "$T/ru"
same "ungrouped file" "$($RM eval --quiet --trec -m ap -m rr "$T/q" "$T/ru")" "$(printf 'ap\tall\t0.5\nrr\tall\t0.75')"
same "ungrouped pipe" "$(cat "$T/ru" | $RM eval --quiet --trec -m ap -m rr "$T/q" -)" "$(printf 'ap\tall\t0.5\nrr\tall\t0.75')"
same "ungrouped pipe --unsorted" "$(cat "$T/ru" | $RM eval --quiet --trec --unsorted -m ap "$T/q" -)" "$(printf 'ap\tall\t0.5')"
# hand-written CSV: u1 a(1,.5) c(0,.7) -> AUC 0; u2 b(0,.3) d(1,.9) e(0,.1) -> AUC 1
printf 'user,item,label,score\nu1,a,1,0.5\nu1,c,0,0.7\nu2,b,0,0.3\nu2,d,1,0.9\nu2,e,0,0.1\n' > "$T/c.csv"
same "csv auc" "$($RM eval --quiet --trec -q -m auc "$T/c.csv")" "$(printf 'auc\tu1\t0\nauc\tu2\t1\nauc\tall\t0.5')"
# weight=items: (2*0 + 3*1)/5 = 0.6
same "csv gauc" "$($RM eval --quiet --trec -m 'mean[weight=items]:auc' "$T/c.csv")" "$(printf 'mean[weight=items]:auc\tall\t0.6')"
tr ',' '\t' < "$T/c.csv" | sed 's/^user/qid/' > "$T/c.tsv"
# ---- Ratings (issue 13 item 4), worked by hand --------------------------
# User A rates 3.5, 4 and is predicted 3, 4.5 (squared errors 1/4, 1/4,
# RMSE 1/2); user B rates 1, 1 predicted 4.5, 4.5 (49/4 each, RMSE 7/2).
# Pooled RMSE (what -m rmse means) = sqrt(100/16) = 5/2; mean:rmse = 2;
# MAE = (1/2+1/2+7/2+7/2)/4 = 2; MSE = 25/4.  Rows interleaved the second
# time, so the file is read into memory.
printf 'user,item,label,score\nA,i1,3.5,3\nA,i2,4,4.5\nB,i1,1,4.5\nB,i3,1,4.5\n' > "$T/rt.csv"
printf 'user,item,label,score\nA,i1,3.5,3\nB,i1,1,4.5\nA,i2,4,4.5\nB,i3,1,4.5\n' > "$T/rt2.csv"
for f in rt rt2; do
  same "ratings $f" "$($RM eval --quiet --trec -q -m rmse -m mean:rmse -m mae -m mse "$T/$f.csv")" \
    "$(printf 'rmse\tA\t0.5\nmean:rmse\tA\t0.5\nmae\tA\t0.5\nmse\tA\t0.25\nrmse\tB\t3.5\nmean:rmse\tB\t3.5\nmae\tB\t3.5\nmse\tB\t12.25\nrmse\tall\t2.5\nmean:rmse\tall\t2\nmae\tall\t2\nmse\tall\t6.25')"
  same "ratings $f exact" "$($RM eval --quiet --trec --exact -m rmse -m mean:rmse "$T/$f.csv")" \
    "$(printf 'rmse\tall\t2.5\nmean:rmse\tall\t2')"
done
# 3.3, 4.7 against 3, 5 are 33/10 and 47/10: MAE exactly 3/10 on both paths
# (the doubles nearest 3.3 and 4.7 would give 0.2999999999999998).
printf 'user,item,label,score\nu,a,3.3,3\nu,b,4.7,5\n' > "$T/dec.csv"
same "decimal ratings" "$($RM eval --quiet --trec -m mae "$T/dec.csv")" "$(printf 'mae\tall\t0.3')"
same "decimal ratings exact" "$($RM eval --quiet --trec --exact -m mae "$T/dec.csv")" "$(printf 'mae\tall\t0.3')"
# Errors past the largest double (issue 26): u1 rates 2^1023 (written out
# in full, exactly) and is predicted -2^1023, an error of 2^1024, which is
# no double; its other row and u2's two rows have error 0.  Pooled over the
# four rows: MSE = 2^2048/4 = 2^2046, RMSE = 2^1023 = 8.98846567431158e+307;
# micro:mae = 2^1024/4 = 2^1022; u1's RMSE is sqrt(2^2048/2) = 2^1023.5,
# u2's 0, so mean:rmse = 2^1022.5 = 6.355805030768232e+307 (sqrt(2)*2^1022
# rounded); mae = (2^1024/2 + 0)/2 = 2^1022.  --fast printed inf for all four.
B=$(awk 'BEGIN { d = "1"; for (i = 0; i < 1023; i++) { c = 0; r = ""
  for (j = length(d); j > 0; j--) { x = substr(d, j, 1) * 2 + c; c = int(x / 10); r = (x % 10) r }
  d = (c ? c : "") r } print d }')
printf 'user,item,label,score\nu1,a,%s,-%s\nu1,b,0,0\nu2,c,0,0\nu2,d,0,0\n' "$B" "$B" > "$T/big.csv"
for f in --fast --exact; do
  same "errors past the largest double $f" "$($RM eval --quiet --trec $f -m rmse -m micro:mae -m mean:rmse -m mae "$T/big.csv")" \
    "$(printf 'rmse\tall\t8.98846567431158e+307\nmicro:mae\tall\t4.49423283715579e+307\nmean:rmse\tall\t6.355805030768232e+307\nmae\tall\t4.49423283715579e+307')"
done
# the library's double path (value): rm_value_set's pooled sums and one
# list's RMSE, sqrt(2^2048/2) = 2^1023.5 = 1.2711610061536464e+308
same "value micro:rmse past the largest double" "$($RM value micro:rmse --grades "$B,0;0,0" --scores "-$B,0;0,0")" "$(printf 'micro[skip=none]:rmse[undef=zero]\t8.98846567431158e+307')"
same "value rmse past the largest double" "$($RM value rmse --grades "$B,0" --scores "-$B,0")" "$(printf 'rmse[undef=zero]\t1.2711610061536464e+308')"
$RM eval --quiet --fast --partial -m rmse "$T/big.csv" > "$T/big.state" 2> "$T/e"
same "errors past the largest double, merged" "$($RM merge --trec "$T/big.state" 2> /dev/null)" "$(printf 'rmse\tall\t8.98846567431158e+307')"
$RM eval --quiet -m rmse -m ndcg "$T/rt.csv" > "$T/o" 2> "$T/e"; rc=$?
if [ $rc -ne 0 ] && grep -q "rt.csv:2: label '3.5' is a rating, not a whole grade" "$T/e"; then ok; else bad "rating for ndcg: rc=$rc $(cat "$T/e")"; fi
same "value rmse ratings" "$($RM value rmse --grades 3.5,4 --scores 3,4.5)" "$(printf 'rmse[undef=zero]\t0.5')"
same "value rmse ratings exact" "$($RM value rmse --grades 3.5,4 --scores 3,4.5 --exact | sed -n 's/^rational *//p')" "1/2"
same "value mae decimals exact" "$($RM value mae --grades 3.3,4.7 --scores 3,5 --exact | sed -n 's/^rational *//p')" "3/10"
same "value micro:rmse" "$($RM value micro:rmse --grades '3.5,4;1,1' --scores '3,4.5;4.5,4.5' --exact | sed -n 's/^rational *//p')" "5/2"
same "value mean:rmse" "$($RM value mean:rmse --grades '3.5,4;1,1' --scores '3,4.5;4.5,4.5' --exact | sed -n 's/^rational *//p')" "2"
$RM value ndcg --grades 3.5,4 --scores 3,4.5 > "$T/o" 2> "$T/e"; rc=$?
if [ $rc -ne 0 ] && grep -q "item 1 '3.5' is a rating, not a whole grade" "$T/e"; then ok; else bad "value ndcg rating: rc=$rc $(cat "$T/e")"; fi
same "tsv --user" "$($RM eval --quiet --trec --user qid -m auc "$T/c.tsv")" "$(printf 'auc\tall\t0.5')"
j=$($RM eval --quiet --json -m auc "$T/c.csv")
case $j in '{"measure":"auc","variant":"mean[skip=none,weight=uniform]:auc'*'"qid":null,"value":0.5}') ok;; *) bad "json: $j";; esac

# ---- Generated files against `rankmetrics value' -------------------------
# seeded: NQ queries, ragged lengths, graded judgments, score ties.
NQ=25
awk -v nq=$NQ -v T="$T" 'BEGIN { srand(7);
  for (q = 1; q <= nq; q++) {
    n = 1 + int(rand() * 12); nj = int(rand() * 4);
    for (i = 1; i <= n; i++) {
      g = int(rand() * 4); if (rand() < 0.5) g = 0; s = int(rand() * 5) / 4;
      printf "Q%d Q0 D%d %d %s t\n", q, i, i, s > T "/gr";
      printf "Q%d 0 D%d %d\n", q, i, g > T "/gq";
      printf "Q%d,D%d,%d,%s\n", q, i, g, s > T "/gc.body";
      G[q] = G[q] (i > 1 ? "," : "") g; S[q] = S[q] (i > 1 ? "," : "") s;
      I[q] = I[q] (i > 1 ? "," : "") "D" i }
    J[q] = ""; for (k = 1; k <= nj; k++) { g = 1 + int(rand() * 3);
      printf "Q%d 0 U%d %d\n", q, k, g > T "/gq"; J[q] = J[q] (k > 1 ? "," : "") g }
    print G[q] > T "/G"; print S[q] > T "/S"; print I[q] > T "/I"; print J[q] > T "/J" } }'
{ echo 'user,item,label,score'; cat "$T/gc.body"; } > "$T/gc.csv"
join1() { paste -sd';' "$T/$1"; }
M="ap ndcg@10[gain=exp2] ndcg@5[ties=average] precision@5 rr[ties=id-desc] hr@10 err@10"
for exact in --fast --exact; do # the double path, and the exact path (the default)
  vx=${exact#--fast} # value's double path has no option
  for m in $M; do
    # TREC: judged-not-retrieved grades enter as --judged
    want=$($RM value "mean:$m" --grades "$(join1 G)" --scores "$(join1 S)" --ids "$(join1 I)" --judged "$(join1 J)" $vx | awk -v e="$vx" 'e=="" {print $2} e!="" && $1=="exact" {print $2}')
    got=$($RM eval --quiet --trec $exact -m "$m" "$T/gq" "$T/gr" | cut -f3)
    same "trec $m $exact" "$got" "$want"
    # CSV: no judged-not-retrieved items
    want=$($RM value "mean:$m" --grades "$(join1 G)" --scores "$(join1 S)" --ids "$(join1 I)" $vx | awk -v e="$vx" 'e=="" {print $2} e!="" && $1=="exact" {print $2}')
    got=$($RM eval --quiet --trec $exact -m "$m" "$T/gc.csv" | cut -f3)
    same "csv $m $exact" "$got" "$want"
  done
  # per query, one variant, both formats
  for q in 3 11 25; do
    g=$(sed -n ${q}p "$T/G"); s=$(sed -n ${q}p "$T/S"); i=$(sed -n ${q}p "$T/I"); jd=$(sed -n ${q}p "$T/J")
    want=$($RM value 'ndcg@10' --grades "$g" --scores "$s" --ids "$i" ${jd:+--judged "$jd"} $vx | awk -v e="$vx" 'e=="" {print $2} e!="" && $1=="exact" {print $2}')
    got=$($RM eval --quiet --trec -q $exact -m 'ndcg@10' "$T/gq" "$T/gr" | awk -F'\t' -v q=Q$q '$2==q {print $3}')
    same "trec per-query Q$q $exact" "$got" "$want"
  done
  m='micro:hr@10[hit=recall]'
  want=$($RM value "$m" --grades "$(join1 G)" --scores "$(join1 S)" --judged "$(join1 J)" $vx | awk -v e="$vx" 'e=="" {print $2} e!="" && $1=="exact" {print $2}')
  same "trec $m $exact" "$($RM eval --quiet --trec $exact -m "$m" "$T/gq" "$T/gr" | cut -f3)" "$want"
  m='mean[weight=items]:auc[ties=average]'
  want=$($RM value "$m" --grades "$(join1 G)" --scores "$(join1 S)" $vx | awk -v e="$vx" 'e=="" {print $2} e!="" && $1=="exact" {print $2}')
  same "csv $m $exact" "$($RM eval --quiet --trec $exact -m "$m" "$T/gc.csv" | cut -f3)" "$want"
  # shuffled input gives the same aggregate (fallback to memory)
  shuf --random-source=<(yes) "$T/gr" > "$T/grs"
  same "shuffled $exact" "$($RM eval --quiet --trec $exact -m 'ap[ties=id-desc]' "$T/gq" "$T/grs")" "$($RM eval --quiet --trec $exact -m 'ap[ties=id-desc]' "$T/gq" "$T/gr")"
done
# ---- Two files in one pass, and every fallback ----------------------------
# Queries q1..q30 (natural order differs from byte order: q10 < q2 in bytes),
# some only in the run, some only judged, repeated documents and judgments.
# Every arrangement of the two files must give the per-query values of the
# in-memory reading of the same files (--unsorted), and the aggregates to the last few ulps
# (the queries are summed in another order).
awk -v T="$T" 'BEGIN { srand(11);
  for (q = 1; q <= 30; q++) {
    inrun = q % 7 != 3; judged = q % 5 != 4;
    n = 1 + int(rand() * 9);
    for (i = 1; i <= n; i++) {
      d = 1 + int(rand() * 12); s = int(rand() * 4) / 2;
      if (inrun) printf "q%d Q0 D%d %d %s t\n", q, d, i, s > T "/mr"
      if (judged && rand() < 0.7) printf "q%d 0 D%d %d\n", q, d, int(rand() * 3) > T "/mq" }
    if (judged) printf "q%d 0 U%d %d\n", q, q, 1 + int(rand() * 2) > T "/mq" } }'
LC_ALL=C sort -s -k1,1 "$T/mr" > "$T/mr.byte"; LC_ALL=C sort -s -k1,1 "$T/mq" > "$T/mq.byte"
shuf --random-source=<(yes) "$T/mq" > "$T/mq.shuf"
# the run grouped, its queries in no order: every third query moved to the end
awk '{ q = substr($1, 2) + 0; if (q % 3 == 0) late = late $0 "\n"; else print } END { printf "%s", late }' "$T/mr" > "$T/mr.grouped"
EM=(--dup first -m ap -m 'ndcg@5[ties=id-desc]' -m 'rr' -m 'micro:hr@3')
for opt in "" "--judged-only empty" "--run-only zero" "--judged-only empty --run-only zero"; do
  for pair in "mq mr" "mq.byte mr.byte" "mq mr.byte" "mq.byte mr" "mq.shuf mr" "mq mr.grouped" "mq.byte mr.grouped"; do
    set -- $pair
    # the reference reads the same two files (a repeated judgment keeps its first line)
    ref=$($RM eval --quiet --trec -q --unsorted $opt "${EM[@]}" "$T/$1" "$T/$2")
    got=$($RM eval --quiet --trec -q $opt "${EM[@]}" "$T/$1" "$T/$2")
    same "merge $pair $opt: per query" "$(grep -v 'all' <<< "$got" | sort)" "$(grep -v 'all' <<< "$ref" | sort)"
    d=$(paste <(grep 'all' <<< "$got") <(grep 'all' <<< "$ref") | awk -F'\t' '{ x = $3 - $6; if (x < 0) x = -x; if (x > 1e-15 * ($6 < 0 ? -$6 : $6) || $1 != $4) print "differs: " $0 }')
    same "merge $pair $opt: aggregates" "${d:-same}" "same"
  done
done
# how each arrangement was read: the summary names it
sumof() { $RM eval "${EM[@]}" "$T/$1" "$T/$2" 2>&1 >/dev/null | head -1 | sed 's/.*evaluated (\([^)]*\)).*/\1/'; }
same "read: both in natural order" "$(sumof mq mr)" "streamed, judgments streamed"
same "read: both in byte order" "$(sumof mq.byte mr.byte)" "streamed, judgments streamed"
same "read: orders differ" "$(sumof mq.byte mr)" "streamed, judgments in memory"
same "read: judgments shuffled" "$(sumof mq.shuf mr)" "streamed, judgments in memory"
same "read: run grouped, unsorted" "$(sumof mq mr.grouped)" "streamed, judgments in memory"
shuf --random-source=<(yes) "$T/mr" > "$T/mr.shuf"
same "read: run shuffled" "$(sumof mq mr.shuf)" "read into memory, judgments in memory"
# the same query list in both files in one arbitrary order: no order needed
awk '{ print $1 }' "$T/mr.grouped" | uniq > "$T/order"
awk 'NR == FNR { o[$1] = NR; next } ($1 in o) { print o[$1] "\t" $0 }' "$T/order" "$T/mq" | sort -s -n -k1,1 | cut -f2- > "$T/mq.same"
$RM eval --quiet --trec -q "${EM[@]}" "$T/mq.same" "$T/mr.grouped" > "$T/o1"
$RM eval --quiet --trec -q --unsorted "${EM[@]}" "$T/mq.same" "$T/mr.grouped" > "$T/o2"
same "same order, unsorted names: per query" "$(grep -v all "$T/o1" | sort)" "$(grep -v all "$T/o2" | sort)"
# a decision taken in an order that the run later breaks: at the run's query c
# the judgments' next query b looks judged only (b < c), but b comes later in
# the run; the pass must be read again with the judgments in memory.
printf 'a 0 x 1\nb 0 x 1\nb 0 y 0\nc 0 x 1\n' > "$T/oq"
printf 'a Q0 x 1 1 t\nc Q0 y 1 1 t\nc Q0 x 2 0 t\nb Q0 y 1 1 t\nb Q0 x 2 0 t\n' > "$T/or"
same "late break of order" "$($RM eval --quiet --trec -q -m ap "$T/oq" "$T/or")" "$(printf 'ap\ta\t1\nap\tc\t0.5\nap\tb\t0.5\nap\tall\t0.6666666666666666')"
same "late break of order: read" "$(sumof oq or)" "streamed, judgments in memory"
# a repeated judgment, streamed: an error naming both lines by default, or
# one judgment chosen.  x of a is judged 1 (line 1), then 0 (line 3).  first
# and max (grade 1): AP(a) = 1, AP(b) = 1.  last (grade 0): a has no relevant
# item, AP undefined, 0 (undef=zero); MAP = 1/2.
printf 'a 0 x 1\na 0 y 0\na 0 x 0\nb 0 x 1\n' > "$T/dq"
printf 'a Q0 x 1 2 t\na Q0 y 2 1 t\nb Q0 x 1 1 t\n' > "$T/dr"
same "judged twice: first kept" "$($RM eval --quiet --trec -q -m ap --dup first "$T/dq" "$T/dr")" "$(printf 'ap\ta\t1\nap\tb\t1\nap\tall\t1')"
same "judged twice: last kept" "$($RM eval --quiet --trec -q -m ap --dup last "$T/dq" "$T/dr")" "$(printf 'ap\ta\t0\nap\tb\t1\nap\tall\t0.5')"
same "judged twice: max kept" "$($RM eval --quiet --trec -q -m ap --dup max "$T/dq" "$T/dr")" "$(printf 'ap\ta\t1\nap\tb\t1\nap\tall\t1')"
case $($RM eval -m ap --dup first "$T/dq" "$T/dr" 2>&1 >/dev/null) in *"1 repeated documents dropped"*) ok;; *) bad "judged twice: not counted";; esac
for dflt in "" "--dup error"; do
  $RM eval --quiet -m ap $dflt "$T/dq" "$T/dr" > "$T/o" 2> "$T/e"; rc=$?
  if [ $rc -ne 0 ] && [ ! -s "$T/o" ] && grep -q "dq:3: document 'x' is judged twice in query 'a' (first at line 1;" "$T/e"; then ok; else bad "judged twice ${dflt:-by default}: $(cat "$T/e")"; fi
done

# ---- A query that the aggregate leaves out is not printed as a value --------
# q1: a(1) retrieved, AP 1.  q2: b(0) only, no relevant item: AP undefined,
# 0 by undef=zero.  mean[skip=norel]:ap leaves q2 out: the aggregate is 1,
# and q2's line must not read as a 0 in that mean.  Plain ap keeps q2: 1/2.
printf 'q1 0 a 1\nq2 0 b 0\n' > "$T/sq"
printf 'q1 Q0 a 1 0.5 t\nq2 Q0 b 1 0.5 t\n' > "$T/sr"
same "skipped: table" "$($RM eval --quiet -q -m 'mean[skip=norel]:ap' -m ap "$T/sq" "$T/sr" | tr -s ' ')" \
  "$(printf 'mean[skip=norel]:ap q1 1\nap q1 1\nmean[skip=norel]:ap q2 skipped\nap q2 0 (undefined)\nmean[skip=norel]:ap all 1\nap all 0.5')"
same "skipped: trec has no line" "$($RM eval --quiet -q --trec -m 'mean[skip=norel]:ap' "$T/sq" "$T/sr")" \
  "$(printf 'mean[skip=norel]:ap\tq1\t1\nmean[skip=norel]:ap\tall\t1')"
same "skipped: json" "$($RM eval --quiet -q --json -m 'mean[skip=norel]:ap' "$T/sq" "$T/sr" | sed -n 2p)" \
  '{"measure":"mean[skip=norel]:ap","variant":"mean[skip=norel,weight=uniform]:ap[norm=rel,rel=1,ties=input,undef=zero]","qid":"q2","value":null,"skipped":true}'
# skip=undef with undef=error: the error is the skip, not a failure
same "skipped: undef=error under skip=undef" "$($RM eval --quiet -q --trec -m 'mean[skip=undef]:ap[undef=error]' "$T/sq" "$T/sr")" \
  "$(printf 'mean[skip=undef]:ap[undef=error]\tq1\t1\nmean[skip=undef]:ap[undef=error]\tall\t1')"
same "skipped: exact path too" "$($RM eval --quiet -q --exact -m 'mean[skip=norel]:ap' "$T/sq" "$T/sr" | sed -n 2p | tr -s ' ')" \
  "mean[skip=norel]:ap q2 skipped"

# ---- Ties that decide a value: counted in the summary ----------------------
# q1: a(1) b(0) tied at 0.5: counted.  q2: a(1) and c (unjudged, 0) tied,
# lines out of score order (0.1 first): counted.  q3: x(1) y(1) tied, same
# grade: not counted.  q4: no ties.  So 2 of 4 queries, and nothing is said
# when every measure breaks ties otherwise than by input order.
printf 'q1 0 a 1\nq1 0 b 0\nq2 0 a 1\nq3 0 x 1\nq3 0 y 1\nq4 0 a 1\n' > "$T/tq"
printf 'q1 Q0 a 1 0.5 t\nq1 Q0 b 2 0.5 t\nq2 Q0 z 1 0.1 t\nq2 Q0 a 2 0.5 t\nq2 Q0 c 3 0.5 t\nq3 Q0 x 1 0.7 t\nq3 Q0 y 2 0.7 t\nq4 Q0 a 1 0.9 t\nq4 Q0 b 2 0.8 t\n' > "$T/tr"
case $($RM eval -m ap "$T/tq" "$T/tr" 2>&1 >/dev/null) in
  *"; 2 queries with tied scores on documents of different grades, whose values under ties=input depend on the order of the lines"*) ok;;
  *) bad "tie-dependent queries counted: $($RM eval -m ap "$T/tq" "$T/tr" 2>&1 >/dev/null)";; esac
case $($RM eval -m 'ap[ties=id-desc]' -m 'auc[ties=average]' "$T/tq" "$T/tr" 2>&1 >/dev/null) in
  *"tied scores"*) bad "tie-dependent queries reported without ties=input";; *) ok;; esac

# ---- Progress: on a terminal only ------------------------------------------
# 30000 run lines: the first progress line comes at line 16384, with the rate
# and the share of the file; without a terminal standard error has the summary only.
awk -v T="$T" 'BEGIN { for (q = 1; q <= 3000; q++) { for (i = 1; i <= 10; i++)
  printf "q%d Q0 d%d %d %d t\n", q, i, i, 10 - i > T "/pr.run"; printf "q%d 0 d1 1\n", q > T "/pr.qrels" } }'
if command -v script > /dev/null; then
  tty=$(script -qec "$RM eval -m ap $T/pr.qrels $T/pr.run" /dev/null)
  case $tty in *"eval: 16384 lines, "*" lines/s, "*"%"*) ok;; *) bad "progress on a terminal: $tty";; esac
fi
e=$($RM eval -m ap "$T/pr.qrels" "$T/pr.run" 2>&1 >/dev/null)
case $e in *"lines/s"*) bad "progress without a terminal";; "rankmetrics: eval: 3000 queries evaluated"*) ok;; *) bad "summary: $e";; esac

# ---- --exact in bounded memory: the exact aggregates are streamed as exact
# sums of fractions and of the 64-bit enclosures that decided each value,
# and decided at the end; an undecided sum makes eval read the input again
# with 128-bit enclosures, then once more keeping every query for
# rm_value_set_rounded, as eval did before.  RANKMETRICS_TEST_UNDECIDED=N
# makes the first N decisions fail: N=2 gives the kept reference, and every
# other way (streamed, the 128-bit pass, a pipe read again from eval's copy,
# a pipe under --unsorted, kept from the start) must print its bytes.  The
# streamed run's peak memory must stay well below the kept run's (3000
# queries of 100 documents keep about 10 MB).
awk 'BEGIN { srand(7); for (q = 0; q < 3000; q++) {
  for (d = 0; d < 100; d++) printf "q%05d Q0 d%d %d %.3f t\n", q, d*3+int(rand()*3), d+1, rand()*10 > "'"$T/xr"'"
  for (d = 0; d < 40; d++) printf "q%05d 0 d%d %d\n", q, d*7+int(rand()*7), int(rand()*3) > "'"$T/xq"'" } }'
XM="-m ap -m gm:ap -m sum:rr -m micro:precision@10 -m ndcg@10 -m gm:ndcg@10 -m sum:ndcg@10"
kept=$(RANKMETRICS_TEST_UNDECIDED=2 $RM eval --trec --exact $XM "$T/xq" "$T/xr" 2>"$T/xe")
case $kept in *"ndcg@10	all	0."*) ok;; *) bad "exact kept: $kept";; esac
case $(cat "$T/xe") in *"; 2 more passes for the exact aggregates"*) ok;; *) bad "exact kept summary: $(cat "$T/xe")";; esac
same "exact streamed = kept" "$($RM eval --quiet --trec --exact $XM "$T/xq" "$T/xr")" "$kept"
same "exact undecided: 128-bit pass = kept" "$(RANKMETRICS_TEST_UNDECIDED=1 $RM eval --quiet --trec --exact $XM "$T/xq" "$T/xr")" "$kept"
same "exact undecided -q" "$(RANKMETRICS_TEST_UNDECIDED=2 $RM eval --quiet --trec -q --exact -m ndcg@10 -m rr "$T/xq" "$T/xr" | md5sum)" \
  "$($RM eval --quiet --trec -q --exact -m ndcg@10 -m rr "$T/xq" "$T/xr" | md5sum)"
same "exact undecided, pipe" "$(cat "$T/xr" | RANKMETRICS_TEST_UNDECIDED=1 $RM eval --quiet --trec --exact $XM "$T/xq" -)" "$kept"
same "exact --unsorted pipe" "$(cat "$T/xr" | $RM eval --quiet --trec --exact --unsorted $XM "$T/xq" -)" "$kept"
if [ -x /usr/bin/time ]; then
  k=$(RANKMETRICS_TEST_UNDECIDED=2 /usr/bin/time -f %M $RM eval --quiet --exact $XM "$T/xq" "$T/xr" 2>&1 >/dev/null)
  s=$(/usr/bin/time -f %M $RM eval --quiet --exact $XM "$T/xq" "$T/xr" 2>&1 >/dev/null)
  if [ "$s" -gt 0 ] && [ $((s + 5000)) -lt "$k" ]; then ok; else bad "exact streamed peak ${s} KB, kept ${k} KB"; fi
fi

# ---- A query named 'all': under -q the table and --trec name the aggregate
# 'all', so such a query is refused (FILE:LINE, status 1); --json (qid null)
# and --query-all (trec_eval's way, which the drop-in gives) take it.  By
# hand: 'all' ranks its relevant d1 first (AP 1), q ranks d2 before nothing
# relevant retrieved (AP 0); MAP = 1/2.
printf 'all 0 d1 1\nq 0 d1 1\n' > "$T/aq"
printf 'all Q0 d1 1 1 r\nq Q0 d2 1 1 r\n' > "$T/ar"
for f in "" --trec; do
  out=$($RM eval --quiet $f -q -m ap "$T/aq" "$T/ar" 2>&1); rc=$?
  case "$out" in "$T/ar:1: query 'all': with -q the "*) same "query all refused ($f)" "rc=$rc" "rc=1";;
  *) bad "query all refused ($f): $out";; esac
done
same "query all, --query-all" "$($RM eval --quiet --trec -q --query-all -m ap "$T/aq" "$T/ar")" "$(printf 'ap\tall\t1\nap\tq\t0\nap\tall\t0.5')"
same "query all, --json" "$($RM eval --quiet --json -q -m ap "$T/aq" "$T/ar" | grep -c '"qid":"all"')" "1"
same "query all, no -q" "$($RM eval --quiet --trec -m ap "$T/aq" "$T/ar")" "$(printf 'ap\tall\t0.5')"
printf 'user,item,label\nu,b,0\nall,a,1\n' > "$T/all.csv"
out=$($RM eval --quiet -q -m rr "$T/all.csv" 2>&1); rc=$?
case "$out" in "$T/all.csv:3: query 'all'"*) same "csv user all refused" "rc=$rc" "rc=1";; *) bad "csv user all: $out";; esac

# ---- --help after eval: eval's own help on stdout, exit 0 (every command's
# help is tested in tests/help_test.sh) --------------------------------------
for h in --help -h; do
  out=$($RM eval $h 2>&1); rc=$?
  same "eval $h" "${out%%$'\n'*}
rc=$rc" "usage: rankmetrics eval [-m NAME]... [-q] [--trec|--json]
rc=0"
done

# ---- the truth by default (issue 26): P@10 of 1/10 and 2/10, mean 3/20.  The
# double path adds 0.1 + 0.2 = 0.30000000000000004 and halves it; the exact
# path rounds 3/20 once, to the double printed 0.15 --------------------------
printf 'q1 0 d1 1\nq2 0 d1 1\nq2 0 d2 1\n' > "$T/p10q"
printf 'q1 Q0 d1 1 9 t\nq2 Q0 d1 1 9 t\nq2 Q0 d2 2 8 t\n' > "$T/p10r"
same "P@10 of 3/20 by default" "$($RM eval --quiet --trec -m precision@10 "$T/p10q" "$T/p10r" | cut -f3)" 0.15
same "P@10 of 3/20 by default, json" "$($RM eval --quiet --json -m precision@10 "$T/p10q" "$T/p10r")" \
  '{"measure":"precision@10","variant":"mean[skip=none,weight=uniform]:precision@10[denom=k,rel=1,ties=input,undef=zero]","qid":null,"value":0.15}'
same "P@10 of 3/20, --exact" "$($RM eval --quiet --trec --exact -m precision@10 "$T/p10q" "$T/p10r" | cut -f3)" 0.15
same "P@10 of 3/20, --fast: the double path" "$($RM eval --quiet --trec --fast -m precision@10 "$T/p10q" "$T/p10r" | cut -f3)" 0.15000000000000002
# ... and per query under -q: the values 0.1 and 0.2, then 0.15
same "P@10 -q by default" "$($RM eval --quiet --trec -q -m precision@10 "$T/p10q" "$T/p10r" | cut -f3 | tr '\n' ' ')" "0.1 0.2 0.15 "
# the summary counts the values each filter left to the next: the integer
# filter (the book's section 'An integer filter for the means of eval')
# decides these fractions, and also the AP of relevant items at the prime
# ranks 2 to 47, whose denominator has more than 53 bits and which the
# certified filter at 64 bits declined (main counted it: "1 values past the
# certified filter")
err=$($RM eval --trec -m precision@10 "$T/p10q" "$T/p10r" 2>&1 >/dev/null)
case $err in *"; exact path: 0 values past the integer filter, 0 past the certified filter;"*) ok;; *) bad "summary, none declined: $err";; esac
awk 'BEGIN { split("2 3 5 7 11 13 17 19 23 29 31 37 41 43 47", p, " "); for (i in p) P[p[i]] = 1;
  for (r = 1; r <= 47; r++) { printf "q1 0 d%d %d\n", r, (r in P) > "'"$T"'/primq";
    printf "q1 Q0 d%d %d %d t\n", r, r, 100 - r > "'"$T"'/primr" } }'
err=$($RM eval --trec -m ap "$T/primq" "$T/primr" 2>&1 >/dev/null)
case $err in *"; exact path: 0 values past the integer filter, 0 past the certified filter;"*) ok;; *) bad "summary, prime AP: $err";; esac
# where the integer filter must decline, it does, and the fallback is
# counted: RANKMETRICS_TEST_FX_SLACK=60 widens every enclosure by 2^60 units
# of 2^-96 each way, 2^-36, far more than an ulp of 0.1 or 0.2, so both
# per-query values go on to the certified filter, which decides them (they
# are short fractions); the bytes stay those of the integer filter's
out1=$($RM eval --quiet --trec -q -m precision@10 -m ndcg@10 -m ap -m rr "$T/p10q" "$T/p10r")
out2=$(RANKMETRICS_TEST_FX_SLACK=60 $RM eval --quiet --trec -q -m precision@10 -m ndcg@10 -m ap -m rr "$T/p10q" "$T/p10r")
same "fallback past the integer filter: the same bytes" "$out2" "$out1"
err=$(RANKMETRICS_TEST_FX_SLACK=60 $RM eval --trec -m precision@10 "$T/p10q" "$T/p10r" 2>&1 >/dev/null)
case $err in *"; exact path: 2 values past the integer filter, 0 past the certified filter;"*) ok;; *) bad "summary, two declined: $err";; esac
# a value exactly on a double (an AP of 1, a P@10 of 1/2) is decided: both
# ends of its enclosure round to it; and 1/2 with slack 40 (2^-56 each way,
# a quarter of its ulp below, half above) still rounds to 1/2 on both ends
printf 'q1 0 d1 1\nq1 0 d2 1\nq1 0 d3 1\nq1 0 d4 1\nq1 0 d5 1\n' > "$T/halfq"
printf 'q1 Q0 d%d 1 %d t\n' 1 10 2 9 3 8 4 7 5 6 6 5 7 4 8 3 9 2 10 1 | sed 's/Q0 d\([0-9]*\) 1 /Q0 d\1 0 /' > "$T/halfr"
err=$(RANKMETRICS_TEST_FX_SLACK=40 $RM eval --trec -m precision@10 -m ap "$T/halfq" "$T/halfr" 2>"$T/halfe")
same "P@10 of 1/2 and AP of 1, slack 40" "$(echo "$err" | cut -f3 | tr '\n' ' ')" "0.5 1 "
case $(cat "$T/halfe") in *"; exact path: 0 values past the integer filter, 0 past the certified filter;"*) ok;; *) bad "summary, on a double: $(cat "$T/halfe")";; esac
err=$($RM eval --fast --trec -m ap "$T/primq" "$T/primr" 2>&1 >/dev/null)
case $err in *"filter"*) bad "summary of --fast: $err";; *) ok;; esac

# ---- median, min and max over queries (the book's section on them) -------
# Four queries whose first-hit reciprocal ranks are 1/3, 1, 0 (no relevant
# document) and 1/2: sorted 0, 1/3, 1/2, 1, so the median is (1/3+1/2)/2 =
# 5/12, the lower middle (torchmetrics) 1/3, the least 0, the greatest 1;
# without the query that has no relevant document (skip=norel) the median
# is 1/2.  --fast takes the mean of the two middle doubles, rounded once:
# double(1/3) = 0x15555555555555p-54, so (double(1/3)+1/2)/2 lies exactly
# halfway between 0x1.aaaaaaaaaaaaap-2 and 0x1.aaaaaaaaaaaabp-2, and ties to
# the even one, 0.41666666666666663.  main refused every one of these names.
printf 'm1 0 a 1\nm2 0 a 1\nm3 0 a 0\nm4 0 b 1\n' > "$T/medq"
printf 'm1 Q0 x 1 3 t\nm1 Q0 y 2 2 t\nm1 Q0 a 3 1 t\nm2 Q0 a 1 2 t\nm2 Q0 x 2 1 t\nm3 Q0 a 1 2 t\nm3 Q0 x 2 1 t\nm4 Q0 a 1 2 t\nm4 Q0 b 2 1 t\n' > "$T/medr"
med() { $RM eval --quiet --trec "$@" -m median:rr -m 'median[even=lower]:rr' -m min:rr -m max:rr -m 'median[skip=norel]:rr' "$T/medq" "$T/medr" | cut -f3 | tr '\n' ' '; }
same "median, min, max --exact" "$(med --exact)" "0.4166666666666667 0.3333333333333333 0 1 0.5 "
same "median, min, max --fast" "$(med --fast)" "0.41666666666666663 0.3333333333333333 0 1 0.5 "
# main refused a median under --partial ("a median needs the value of every
# query"); its state now carries every counted value: the queries m1, m2 in
# one shard and m3, m4 in the other merge to the values above, on both paths
grep '^m[12] ' "$T/medr" > "$T/medr1"; grep '^m[34] ' "$T/medr" > "$T/medr2"
for p in --exact --fast; do
  for i in 1 2; do
    $RM eval --quiet --partial $p -m median:rr -m 'median[even=lower]:rr' -m 'median[skip=norel]:rr' \
      "$T/medq" "$T/medr$i" > "$T/med$i.state" || bad "median under --partial $p: refused"
  done
  got=$($RM merge --quiet --trec "$T/med2.state" "$T/med1.state" | cut -f3 | tr '\n' ' ')
  want=$(med $p | cut -d' ' -f1,2,5)
  same "median under --partial $p, two shards merged" "$got" "$want "
done

# ---- query weights (mean[weight=query], --query-weights) ------------------
# Three queries of first-hit reciprocal ranks 1, 1/2 and 0 weighted 1/2, 2
# and 1: (1/2*1 + 2*1/2 + 1*0) / (1/2+2+1) = 3/7, on both paths (exact sums
# of the weighted doubles); the plain mean is 1/2.  Shards merge to it.
printf 'w1 0 a 1\nw2 0 b 1\nw3 0 c 1\n' > "$T/qwq"
printf 'w1 Q0 a 1 3 t\nw2 Q0 x 1 3 t\nw2 Q0 b 2 2 t\nw3 Q0 x 1 1 t\n' > "$T/qwr"
printf 'w1 0.5\nw2 2\nw3 1\n' > "$T/qww"
for path in --exact --fast; do
  same "weight=query $path" "$($RM eval --quiet --trec $path -m 'mean[weight=query]:rr' -m rr --query-weights "$T/qww" "$T/qwq" "$T/qwr" | cut -f3 | tr '\n' ' ')" "0.42857142857142855 0.5 "
  head -1 "$T/qwr" > "$T/qwr1"; tail -n +2 "$T/qwr" > "$T/qwr2"
  for k in 1 2; do $RM eval --quiet $path --partial -m 'mean[weight=query]:rr' --query-weights "$T/qww" "$T/qwq" "$T/qwr$k" > "$T/qws$k"; done
  same "weight=query merged $path" "$($RM merge --quiet --trec "$T/qws1" "$T/qws2" | cut -f3)" 0.42857142857142855
done
err=$($RM eval --quiet -m 'mean[weight=query]:rr' "$T/qwq" "$T/qwr" 2>&1 >/dev/null); st=$?
case $st:$err in 2:*"weight=query takes each query's weight from --query-weights FILE"*) ok;; *) bad "weight=query without a file: $st $err";; esac
printf 'w1 0.5\nw2 -1\n' > "$T/qwbad"
err=$($RM eval --quiet -m 'mean[weight=query]:rr' --query-weights "$T/qwbad" "$T/qwq" "$T/qwr" 2>&1 >/dev/null); st=$?
same "a negative weight" "$st:$err" "2:$T/qwbad:2: expected 'QUERY WEIGHT', the weight a finite number of at least 0"
printf 'w1 0.5\nw2 1\nw1 3\n' > "$T/qwdup"
err=$($RM eval --quiet -m 'mean[weight=query]:rr' --query-weights "$T/qwdup" "$T/qwq" "$T/qwr" 2>&1 >/dev/null)
same "a query weighed twice" "$err" "$T/qwdup:3: query 'w1' has a weight already (line 1)"
# a weight is written as a score is: strtod read 0x10 as 16 and 0x1 as 1,
# in the file and in a column, and gave 43/51 where the weights meant nothing
printf 'w1 0x10\nw2 1\nw3 1\n' > "$T/qwhex"
err=$($RM eval --quiet -m 'mean[weight=query]:rr' --query-weights "$T/qwhex" "$T/qwq" "$T/qwr" 2>&1 >/dev/null); st=$?
same "a hexadecimal weight" "$st:$err" "2:$T/qwhex:1: expected 'QUERY WEIGHT', the weight a finite number of at least 0"
printf 'user,item,label,score,wt\nw1,a,1,3,0x1\n' > "$T/qwhex.csv"
err=$($RM eval --quiet -m 'mean[weight=query]:rr' --weight wt "$T/qwhex.csv" 2>&1 >/dev/null); st=$?
same "a hexadecimal weight in a column" "$st:$err" "1:$T/qwhex.csv:2: the weight '0x1' of column 'wt' is not a finite number of at least 0"
printf 'w1 0.5\nw2 1\n' > "$T/qwmiss"
out=$($RM eval --quiet -m 'mean[weight=query]:rr' --query-weights "$T/qwmiss" "$T/qwq" "$T/qwr" 2>"$T/err"); st=$?
same "a query without a weight" "$st:$out:$(cat "$T/err")" "1::$T/qwr:4: query 'w3' has no weight in $T/qwmiss"
# the same weights from a column of a delimited file (--weight C; main had
# no such option): the three users of the TREC case above, each row with
# its user's weight, give 3/7 too, sorted or not; shards merge to it, and
# a state weighted by the column is not one weighted by a file
printf 'user,item,label,score,wt\nw1,a,1,3,0.5\nw2,x,0,3,2\nw2,b,1,2,2\nw3,x,0,1,1\n' > "$T/qw.csv"
for o in "" --unsorted --fast; do
  same "--weight $o" "$($RM eval --quiet --trec $o -m 'mean[weight=query]:rr' --weight wt "$T/qw.csv" | cut -f3)" 0.42857142857142855
done
head -2 "$T/qw.csv" > "$T/qwc1.csv"; { head -1 "$T/qw.csv"; tail -n +3 "$T/qw.csv"; } > "$T/qwc2.csv"
for k in 1 2; do $RM eval --quiet --partial -m 'mean[weight=query]:rr' --weight wt "$T/qwc$k.csv" > "$T/qwcs$k"; done
same "--weight merged" "$($RM merge --quiet --trec "$T/qwcs2" "$T/qwcs1" | cut -f3)" 0.42857142857142855
printf 'w1 0.5\n' > "$T/qww1"
$RM eval --quiet --partial -m 'mean[weight=query]:rr' --query-weights "$T/qww1" "$T/qwc1.csv" > "$T/qwfs1"
err=$($RM merge "$T/qwfs1" "$T/qwcs2" 2>&1 >/dev/null); st=$?
case $st:$err in [12]:*"their options differ"*) ok;; *) bad "column and file states merged: $st $err";; esac
printf 'user,item,label,wt\nu,a,1,2\nu,b,0,3\n' > "$T/qwd.csv"
err=$($RM eval --quiet -m 'mean[weight=query]:rr' --weight wt "$T/qwd.csv" 2>&1 >/dev/null); st=$?
same "two weights of one user" "$st:$err" "1:$T/qwd.csv:3: user 'u' has the weight 3 here and 2 on line 2; a user has one weight"
err=$($RM eval --quiet -m 'mean[weight=query]:rr' --weight w "$T/qwd.csv" 2>&1 >/dev/null)
case $err in *"--weight names the column 'w', which the header lacks"*) ok;; *) bad "missing weight column: $err";; esac
err=$($RM eval --quiet -m 'mean[weight=query]:rr' --weight wt "$T/qwq" "$T/qwr" 2>&1 >/dev/null)
case $err in *"a TREC run takes --query-weights FILE"*) ok;; *) bad "--weight on a TREC run: $err";; esac
err=$($RM eval --quiet -m 'mean[weight=query]:rr' --weight wt --query-weights "$T/qww" "$T/qw.csv" 2>&1 >/dev/null); st=$?
case $st:$err in 2:*"give one"*) ok;; *) bad "--weight and --query-weights: $st $err";; esac
err=$($RM eval --quiet -m 'median[weight=query]:rr' --weight wt "$T/qw.csv" 2>&1 >/dev/null); st=$?
case $st:$err in 2:*"the key 'weight' does not apply"*) ok;; *) bad "median with weights: $st $err";; esac

# ---- GAUC's users left out say so (stderr and --json) --------------------
# examples/data.csv: u3's two rows are both 0, one class, so its AUC is 0/0
# and gauc (skip=undef) leaves it out: 1 of 3 users; main said nothing.
err=$($RM eval -m gauc examples/data.csv 2>&1 >/dev/null)
case $err in *"examples/data.csv: gauc: 1 of 3 queries left out by skip=undef (a value undefined: an AUC of one class only): u3"*) ok;; *) bad "gauc's left-out line: $err";; esac
same "gauc --json left_out" "$($RM eval --quiet --json -m gauc examples/data.csv | sed 's/.*"value":[^,]*,//')" '"left_out":1,"left_why":"a value undefined: an AUC of one class only","left":["u3"]}'
# ---- XGBoost's AUCs of a group leave out what XGBoost leaves out, and say why
# examples/data.csv by hand: pair-auc of u1 orders all six pairs (1), of u2
# two of three (2/3), mean 5/6; u3 has two rows, fewer than three.  aucpr of
# u1 is 1, of u2 (ranking 1,0,1) 1-ln(3/2)/2, mean 1-ln(3/2)/4; u3 is one
# class.  main knew neither name.
err=$($RM eval -m 'mean[skip=undef]:pair-auc' -m 'mean[skip=undef]:aucpr' examples/data.csv 2>&1 >/dev/null)
case $err in *"pair-auc: 1 of 3 queries left out by skip=undef (a value undefined: fewer than three items): u3"*) ok;; *) bad "pair-auc's left-out line: $err";; esac
case $err in *"aucpr: 1 of 3 queries left out by skip=undef (a value undefined: an AUC of one class only): u3"*) ok;; *) bad "aucpr's left-out line: $err";; esac
same "XGBoost's AUCs of examples/data.csv" "$($RM eval --quiet -m 'mean[skip=undef]:pair-auc' -m 'mean[skip=undef]:aucpr' examples/data.csv 2>/dev/null | awk '{printf "%s ", $3}')" '0.8333333333333334 0.898633722972959 '
x=$($RM eval --quiet -m gauc examples/data.csv 2>&1 >/dev/null)
[ -z "$x" ] && ok || bad "gauc --quiet drops the line: got '$x'"
# every user of one class: the aggregate is the undef convention's 0, and
# the line is its reason even under --quiet
printf 'user,item,label,score\na,x,1,1\nb,y,0,1\n' > "$T/oneclass.csv"
same "no user left in" "$($RM eval --quiet -m gauc "$T/oneclass.csv" 2>&1 >/dev/null)" "$T/oneclass.csv: gauc: 2 of 2 queries left out by skip=undef (a value undefined: an AUC of one class only): a, b"

# ---- a whole number is printed in full ------------------------------------
# Ten documents retrieved: sum:nret is 10, and the shortest %g form of 10 is
# "1e+01", which eval printed (and a mean rating error of 50 as 5e+01).
printf 'q1 0 d1 1\n' > "$T/q10"
awk 'BEGIN { for (i = 1; i <= 10; i++) printf "q1 Q0 d%d %d %d r\n", i, i, 20 - i }' > "$T/r10"
for o in "" --fast; do
  same "sum:nret of ten documents $o" "$($RM eval --quiet $o -m sum:nret "$T/q10" "$T/r10" | awk '{print $3}')" 10
done
same "sum:nret of ten in --json" "$($RM eval --quiet --json -m sum:nret "$T/q10" "$T/r10" | grep -o '"value":[^,}]*')" '"value":10'
same "value of a 16-digit whole number" "$($RM value mae --grades 1234567890123457 --scores 0 | head -1 | awk '{print $NF}')" 1234567890123457

echo "eval_test: $pass passed, $fail failed"
[ $fail -eq 0 ]
