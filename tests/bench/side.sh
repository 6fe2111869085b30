#!/bin/bash
# side.sh: the side-by-side part of `make bench' (never part of make check).
# bench.sh sources it and calls side_all at its end; `make bench-side' (or
# bash tests/bench/side.sh) runs it alone.  Three sections, each a function:
#   side_trec_eval  trec_eval, `rankmetrics trec_eval' and `rankmetrics eval'
#                   of the mapped variants on one TREC run of 10^5 queries x 100
#                   documents: ap, ndcg@10, precision@10, rr;
#   side_all_trec   trec_eval and `rankmetrics trec_eval' with -m all_trec,
#                   with -q and without, at 2*10^4 and 10^5 queries x 100
#                   documents: the same bytes, and the CPU and memory of
#                   each (issue 26: with -q at most 1/5 of trec_eval's CPU,
#                   without at most 1/10, and less memory);
#   side_sklearn    a per-user loop over scikit-learn's roc_auc_score,
#                   average_precision_score and ndcg_score (k=10), as a user
#                   writes it (tests/bench/sklearn_side.py), against `eval -q'
#                   of the variants they compute, on one CSV file of 10^7 rows;
#   side_growth     10^4, 10^5 and 10^6 queries x 100 documents on the double
#                   path and on --exact.
# Sizes are divided by BENCH_SCALE.  Times are elapsed and CPU (user+sys)
# seconds, the medians of BENCH_REPS runs (default 3), with the largest peak
# resident memory, from GNU time (/usr/bin/time) or, without it, bash's time
# (no memory then).  trec_eval (on PATH or named by $TREC_EVAL) and
# scikit-learn (for /usr/bin/python3 or python3, or $BENCH_PYTHON) are not
# dependencies: when one is missing its section says so
# and is skipped.  Every section checks that the programs compared give the
# same values; a disagreement stops the bench with a non-zero exit.
# side_keep copies what the record is made of (state, times, trec_eval's
# means, the scikit-learn check) into tests/bench/record/, which is committed:
# the measurements are data, like vectors/.  `bash tests/bench/side.sh
# --record' (run by make for the book) writes from them the tables as TeX
# into doc/bench-record.tex (or $BENCH_RECORD), a build output; a run at a
# reduced scale replaces the data too, and says its scale.
# BENCH_RANKMETRICS names the tool to time (default ./rankmetrics).

# side_init: the settings, whether sourced by bench.sh or run alone.
side_init() {
  S=${BENCH_SCALE:-1}
  SR=${BENCH_REPS:-3}
  SD=build/bench/side
  SRM=${BENCH_RANKMETRICS:-./rankmetrics}
  SREC=${BENCH_RECORD:-doc/bench-record.tex}
  mkdir -p $SD
  : > $SD/times
  : > $SD/notes
  SLOAD0=$(side_load)
  SM_TE=(map ndcg_cut.10 P.10 recip_rank)
}
side_load() { awk '{ print $1, $2, $3 }' /proc/loadavg 2>/dev/null || echo unknown; }
side_die() { echo "bench: $*" >&2; exit 1; }

# side_time NAME REPS CMD...: runs CMD REPS times, standard output into
# $SD/out.NAME, and appends "NAME wall cpu peakKB" to $SD/times: the median
# elapsed and the median CPU seconds, the largest peak (- without GNU time).
side_time() {
  local name=$1 reps=$2 r; shift 2
  : > $SD/t.all
  for ((r = 0; r < reps; r++)); do
    if [ -x /usr/bin/time ]; then
      /usr/bin/time -f "%e %U %S %M" -o $SD/t.one "$@" > $SD/out.$name 2> $SD/err.$name ||
        { cat $SD/err.$name >&2; side_die "$name failed"; }
    else
      local TIMEFORMAT="%R %U %S -"
      { time "$@" > $SD/out.$name 2> $SD/err.$name; } 2> $SD/t.one ||
        { cat $SD/err.$name >&2; side_die "$name failed"; }
    fi
    tail -n 1 $SD/t.one >> $SD/t.all
  done
  local k=$(((reps + 1) / 2))
  printf '%s %s %s %s\n' $name "$(awk '{ print $1 }' $SD/t.all | sort -n | sed -n ${k}p)" \
    "$(awk '{ printf "%.2f\n", $2 + $3 }' $SD/t.all | sort -n | sed -n ${k}p)" \
    "$(awk '$4 != "-" && $4 + 0 > m { m = $4 + 0 } END { print m ? m : "-" }' $SD/t.all)" >> $SD/times
}
sget() { awk -v n="$1" -v f="$2" '$1 == n { print $f }' $SD/times; }
smb() { awk -v k="$1" 'BEGIN { if (k == "-" || k == "") print "-"; else printf "%.1f", k / 1024 }'; }
sratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf (a / b >= 10 ? "%.0f" : "%.1f"), a / b; else print "-" }'; }
# stex Q: Q for TeX math, as 10^{k} when it is a power of ten
stex() { awk -v q="$1" 'BEGIN { k = 0; n = q; while (n >= 10 && n % 10 == 0) { n /= 10; k++ }
  if (n == 1 && k > 1) printf "10^{%d}", k; else printf "%s", q }'; }
srow() { printf '%-46s %8s %8s %9s\n' "$1" "$(sget $2 2)" "$(sget $2 3)" "$(smb "$(sget $2 4)")"; }

# side_trec_eval: the same qrels and run, the same four measures, through
# trec_eval, `rankmetrics trec_eval' and `rankmetrics eval' of the variants
# `rankmetrics name' maps trec_eval's names to.  The values must agree:
# `rankmetrics trec_eval' prints the very digits of trec_eval, eval's means
# round to them (within 0.00005); and, on the first 1000 queries, so must
# every query's value (-q).
side_trec_eval() {
  local te=${TREC_EVAL:-$(command -v trec_eval || true)} q v m
  STE=
  if [ -z "$te" ] || [ ! -x "$te" ]; then
    echo "bench: trec_eval not found (not on PATH, \$TREC_EVAL unset): its side-by-side rows are skipped"
    echo "te skipped" >> $SD/notes
    return 0
  fi
  STE=$te
  STEV=$("$te" -v 2>&1 | sed -n '1s/.*version //p')
  q=$((100000 / S)); [ $q -ge 1 ] || q=1
  STEQ=$q
  SV_TE=()
  for m in "${SM_TE[@]}"; do
    v=$($SRM name "$m") || side_die "rankmetrics name $m failed"
    SV_TE+=(-m "$v")
  done
  echo "bench: trec_eval side by side: $($te -v 2>&1 | head -n 1) on $q queries x 100 documents, $SR runs each"
  build/bench/gen trec $q 100 1 $SD/tq $SD/tr
  local TM=(); for m in "${SM_TE[@]}"; do TM+=(-m "$m"); done
  side_time te_ref $SR "$te" "${TM[@]}" $SD/tq $SD/tr
  side_time te_rmte $SR $SRM trec_eval "${TM[@]}" $SD/tq $SD/tr
  side_time te_eval $SR $SRM eval --quiet "${SV_TE[@]}" $SD/tq $SD/tr
  side_check_te $SD/out.te_ref $SD/out.te_rmte $SD/out.te_eval all "$q queries"
  # every query of the first 1000 (a file of its own, the same generator)
  local k=$((q < 1000 ? q : 1000))
  build/bench/gen trec $k 100 1 $SD/tq1 $SD/tr1
  "$te" -q "${TM[@]}" $SD/tq1 $SD/tr1 > $SD/q.ref
  $SRM trec_eval -q "${TM[@]}" $SD/tq1 $SD/tr1 > $SD/q.rmte
  $SRM eval -q --quiet "${SV_TE[@]}" $SD/tq1 $SD/tr1 > $SD/q.eval
  side_check_te $SD/q.ref $SD/q.rmte $SD/q.eval each "each of $k queries"
  rm -f $SD/tq $SD/tr $SD/tq1 $SD/tr1
}
# side_all_trec: -m all_trec, every measure of trec_eval's table, where
# `rankmetrics trec_eval' takes its direct path (one reading of each file,
# one ranking per query feeding every measure, trec_eval's own double
# operations): with -q and without, at 2*10^4 and 10^5 queries (divided by
# BENCH_SCALE) of 100 documents.  The two outputs must be the same bytes.
# trec_eval is timed once (it takes minutes at 10^5 queries, most of them
# in finding each query's results by a linear search); ours BENCH_REPS times.
side_all_trec() {
  local q e f
  SAT=()
  if [ -z "$STE" ]; then echo "at skipped" >> $SD/notes; return 0; fi
  for e in 20000 100000; do
    q=$((e / S)); [ $q -ge 1 ] || q=1
    SAT+=($q)
    echo "bench: all_trec side by side: $q queries x 100 documents"
    build/bench/gen trec $q 100 1 $SD/aq $SD/ar
    for f in q n; do
      local o=; [ $f = q ] && o=-q
      side_time at_te_$f$e 1 "$STE" $o -m all_trec $SD/aq $SD/ar
      side_time at_rm_$f$e $SR $SRM trec_eval $o -m all_trec $SD/aq $SD/ar
      cmp -s $SD/out.at_te_$f$e $SD/out.at_rm_$f$e ||
        side_die "rankmetrics trec_eval $o -m all_trec differs from trec_eval on $q queries"
    done
    rm -f $SD/aq $SD/ar $SD/out.at_*
  done
  echo "bench: all_trec: rankmetrics trec_eval printed trec_eval's bytes, with -q and without"
}
# side_at_ratios: one line per size, the CPU and memory of `rankmetrics
# trec_eval' over trec_eval's (goals: CPU 1/5 with -q and 1/10 without,
# memory below 1).
side_at_ratios() {
  awk -v s1="${SAT[0]}" -v s2="${SAT[1]}" '{ c[$1] = $3; m[$1] = $4 } END {
    split("20000 100000", e, " "); n[20000] = s1; n[100000] = s2
    for (k = 1; k <= 2; k++) { x = e[k]; if (c["at_te_q" x] == "") continue
      printf "all_trec, %s queries: CPU x%.3f with -q (goal 0.2), x%.3f without (goal 0.1); memory x%.2f, x%.2f (goal below 1)\n", n[x],
        c["at_rm_q" x] / c["at_te_q" x], c["at_rm_n" x] / c["at_te_n" x], m["at_rm_q" x] / m["at_te_q" x], m["at_rm_n" x] / m["at_te_n" x] } }' $SD/times
}

side_at_report() {
  local a e
  [ ${#SAT[@]} -gt 0 ] || return 0
  for a in 0 1; do
    e=$((a == 0 ? 20000 : 100000))
    srow "trec_eval -q -m all_trec, ${SAT[$a]}x100" at_te_q$e
    srow "rankmetrics trec_eval -q, the same" at_rm_q$e
    srow "trec_eval -m all_trec, ${SAT[$a]}x100" at_te_n$e
    srow "rankmetrics trec_eval, the same" at_rm_n$e
  done
  side_at_ratios
}

# side_check_te REF RMTE EVAL all|each WHAT: compares the three outputs (see
# above); the map from trec_eval's printed name (map, ndcg_cut_10, P_10,
# recip_rank) to the variant is read from `rankmetrics name'.
side_check_te() {
  local m names=""
  for m in "${SM_TE[@]}"; do names="$names ${m/./_}=$($SRM name "$m")"; done
  awk -v names="$names" -v which="$4" -v what="$5" '
    BEGIN { n = split(names, a, " "); for (i = 1; i <= n; i++) { split(a[i], b, "="); var[b[1]] = substr(a[i], length(b[1]) + 2) } }
    FILENAME == ARGV[1] { if ((which == "all") == ($2 == "all")) { ref[$1 " " $2] = $3; nref++ } next }
    FILENAME == ARGV[2] { if ((which == "all") == ($2 == "all")) rmte[$1 " " $2] = $3; next }
    { if ((which == "all") == ($2 == "all")) ev[$1 " " $2] = $3 }
    END {
      bad = 0; worst = 0
      for (k in ref) {
        split(k, p, " ")
        if (!(k in rmte) || rmte[k] != ref[k]) { printf "bench: %s: rankmetrics trec_eval prints %s, trec_eval %s\n", k, rmte[k], ref[k] > "/dev/stderr"; bad++ }
        e = var[p[1]] " " p[2]
        if (!(e in ev)) { printf "bench: %s: eval gave no value\n", e > "/dev/stderr"; bad++; continue }
        d = ev[e] - ref[k]; if (d < 0) d = -d; if (d > worst) worst = d
        if (d > 0.00005 + 1e-12) { printf "bench: %s: eval %s, trec_eval %s\n", e, ev[e], ref[k] > "/dev/stderr"; bad++ }
      }
      if (nref == 0) { print "bench: trec_eval printed nothing to compare" > "/dev/stderr"; bad++ }
      if (bad) exit 1
      printf "bench: values agree (%s, %d values): rankmetrics trec_eval prints the same digits; eval within %.1e of them\n", what, nref, worst
    }' "$1" "$2" "$3" || side_die "trec_eval and rankmetrics disagree ($5)"
}

# side_sklearn: scikit-learn's per-user loop against `rankmetrics eval -q'
# of auc[ties=average], apstep and ndcg@10[ideal=list,ties=average], the
# variants the book finds those functions compute (the section on what
# scikit-learn computes).  Both write every user's three values; each must
# agree within 1e-12, and so must the means.
side_sklearn() {
  local py n
  SSK=
  for py in ${BENCH_PYTHON:-/usr/bin/python3 python3}; do
    if command -v $py > /dev/null && $py -c 'import sklearn, pandas' 2> /dev/null; then SSK=$py; break; fi
  done
  if [ -z "$SSK" ]; then
    echo "bench: scikit-learn (with pandas) not found for python3: its side-by-side rows are skipped"
    echo "sk skipped" >> $SD/notes
    return 0
  fi
  n=$((10000000 / S)); [ $n -ge 100 ] || n=100
  SSKN=$n
  SSKV=$($SSK -c 'import sklearn; print(sklearn.__version__)')
  echo "bench: scikit-learn $SSKV side by side: $n rows, $((n / 100)) users, $SR runs each"
  build/bench/gen csv $n 1 $SD/d.csv
  side_time sk_ref $SR $SSK tests/bench/sklearn_side.py $SD/d.csv /dev/stdout
  side_time sk_eval $SR $SRM eval -q --quiet -m 'auc[ties=average]' -m apstep \
    -m 'ndcg@10[ideal=list,ties=average]' $SD/d.csv
  awk '
    BEGIN { v["auc"] = "auc[ties=average]"; v["ap"] = "apstep"; v["ndcg10"] = "ndcg@10[ideal=list,ties=average]" }
    FILENAME == ARGV[1] { ref[v[$1] " " $2] = $3; nref++; next }
    { ev[$1 " " $2] = $3 }
    END {
      bad = 0; worst = 0; same = 0
      for (k in ref) {
        if (!(k in ev)) { printf "bench: %s: eval gave no value\n", k > "/dev/stderr"; bad++; continue }
        if (ev[k] == ref[k]) same++
        d = ev[k] - ref[k]; if (d < 0) d = -d; if (d > worst) worst = d
        if (d > 1e-12) { printf "bench: %s: eval %s, scikit-learn %s\n", k, ev[k], ref[k] > "/dev/stderr"; bad++ }
      }
      if (nref < 3) { print "bench: scikit-learn printed nothing to compare" > "/dev/stderr"; bad++ }
      if (bad) exit 1
      printf "%d %d %.1e\n", nref, same, worst > "'$SD'/sk.check"
      printf "bench: values agree (%d values, every user and the means): %d equal as printed, the others within %.1e\n", nref, same, worst
    }' $SD/out.sk_ref $SD/out.sk_eval || side_die "scikit-learn and rankmetrics disagree"
  rm -f $SD/d.csv
}

# side_growth: the four measures of the bench on 10^4, 10^5 and 10^6 queries
# (divided by BENCH_SCALE) of 100 documents, on the double path and on the
# exact path.  The two paths must agree on every mean within 1e-12.
side_growth() {
  local e q
  SG=()
  echo "bench: growth: 10^4, 10^5, 10^6 queries x 100 documents (scale 1/$S), double and --exact, $SR runs each"
  for e in 4 5 6; do
    q=$((10**e / S)); [ $q -ge 1 ] || q=1
    SG+=($q)
    build/bench/gen trec $q 100 4 $SD/gq $SD/gr
    side_time g_dbl$e $SR $SRM eval --quiet --fast -m ap -m ndcg@10 -m precision@10 -m rr $SD/gq $SD/gr
    side_time g_exa$e $SR $SRM eval --quiet --exact -m ap -m ndcg@10 -m precision@10 -m rr $SD/gq $SD/gr
    awk 'FILENAME == ARGV[1] { d[$1] = $3; next } { x[$1] = $3 }
      END { bad = 0; for (k in d) { t = d[k] - x[k]; if (t < 0) t = -t
              if (!(k in x) || t > 1e-12) { printf "bench: %s: double %s, exact %s\n", k, d[k], x[k] > "/dev/stderr"; bad++ } }
            if (length(d) != 4) bad++
            exit bad != 0 }' $SD/out.g_dbl$e $SD/out.g_exa$e ||
      side_die "the double and the exact path disagree on $q queries"
    rm -f $SD/gq $SD/gr
  done
  echo "bench: growth: the double and the exact path agree on every mean (within 1e-12)"
}

# side_report: the tables as text, on standard output and in
# build/bench/side/report.txt.
side_report() {
  {
  printf '%-46s %8s %8s %9s\n' "side by side" "wall s" "CPU s" "peak MB"
  if [ -n "$STE" ]; then
    srow "trec_eval, TREC ${STEQ}x100, 4 measures" te_ref
    srow "rankmetrics trec_eval, the same" te_rmte
    srow "rankmetrics eval, the mapped variants" te_eval
  else echo "trec_eval: skipped (not found)"; fi
  side_at_report
  if [ -n "$SSK" ]; then
    srow "scikit-learn loop, CSV $SSKN rows, 3 functions" sk_ref
    srow "rankmetrics eval -q, the 3 variants" sk_eval
  else echo "scikit-learn: skipped (not found)"; fi
  local e i=0
  for e in 4 5 6; do
    srow "growth: ${SG[$i]}x100, double path" g_dbl$e
    srow "growth: ${SG[$i]}x100, --exact" g_exa$e
    i=$((i + 1))
  done
  awk 'function r(a, b) { return b > 0 ? sprintf("%.1f", a / b) : "-" }
    { w[$1] = $2; c[$1] = $3 } END {
    printf "growth, 10^4 to 10^5 to 10^6 (linear: x10): CPU double x%s, x%s; exact x%s, x%s; wall double x%s, x%s; exact x%s, x%s\n",
      r(c["g_dbl5"], c["g_dbl4"]), r(c["g_dbl6"], c["g_dbl5"]), r(c["g_exa5"], c["g_exa4"]), r(c["g_exa6"], c["g_exa5"]),
      r(w["g_dbl5"], w["g_dbl4"]), r(w["g_dbl6"], w["g_dbl5"]), r(w["g_exa5"], w["g_exa4"]), r(w["g_exa6"], w["g_exa5"]) }' $SD/times
  } | tee $SD/report.txt
}

# side_record: the same as TeX for the book.  Plain TeX in the macros of
# cwebmac (\. for typewriter type); no cweave passes over it, so @ is itself.
side_record() {
  local tmp=$SREC.tmp e i
  trow() { printf '%s&%s&%s&%s&%s\\cr\n' "$1" "$(sget $2 2)" "$(sget $2 3)" "$(smb "$(sget $2 4)")" "$3"; }
  {
  printf '%% Written by tests/bench/side.sh --record from tests/bench/record/; do not edit.\n'
  printf '\\def\\benchwhen{%s}\\def\\benchscale{%s}\\def\\benchreps{%s}\n' "$SWHEN" "$S" "$SR"
  printf '\\def\\benchmachine{%s}\\def\\benchload{%s, then %s}\n' "$SMACH" "$SLOAD0" "$SLOAD1"
  printf '\\begingroup\\tolerance=2000 \\emergencystretch=2em\n'
  printf 'Recorded by the side-by-side part of \\.{make bench} on \\benchwhen, at scale 1/\\benchscale, on \\benchmachine; load averages (1, 5 and 15 minutes) \\benchload. Times are medians of \\benchreps\\ runs.\n'
  printf '$$\\vbox{\\halign{#\\hfil&&\\quad\\hfil#\\cr\n'
  printf 'program, input&wall s&CPU s&peak MB&speed-up\\cr\n\\noalign{\\smallskip\\hrule\\smallskip}\n'
  if [ -n "$STE" ]; then
    trow "\\.{trec\\_eval} $STEV, TREC \$$(stex $STEQ)\\times100\$, 4 measures" te_ref "1"
    trow "\\.{rankmetrics trec\\_eval}, the same" te_rmte "$(sratio "$(sget te_ref 2)" "$(sget te_rmte 2)")"
    trow "\\.{rankmetrics eval}, the mapped variants" te_eval "$(sratio "$(sget te_ref 2)" "$(sget te_eval 2)")"
  else
    printf '\\multispan5\\it trec\\_eval was not found: no rows\\hfil\\cr\n'
  fi
  printf '\\noalign{\\smallskip}\n'
  if [ -n "$SSK" ]; then
    trow "scikit-learn $SSKV, a loop over \$$(stex $((SSKN / 100)))\$ users" sk_ref "1"
    trow "\\.{rankmetrics eval -q}, the 3 variants" sk_eval "$(sratio "$(sget sk_ref 2)" "$(sget sk_eval 2)")"
  else
    printf '\\multispan5\\it scikit-learn was not found: no rows\\hfil\\cr\n'
  fi
  printf '}}$$\n'
  if [ -n "$STE" ]; then
    awk '{ w[$1] = $2; m[$1] = $4 } END {
      printf "On this record \\.{eval} took %s trec\\_eval'"'"'s elapsed time and %s its memory. ",
        f(w["te_eval"], w["te_ref"]), f(m["te_eval"], m["te_ref"]) }
      function f(a, b) { return b > 0 && a > 0 ? (b / a >= 2 ? sprintf("1/%.0f of", b / a) : sprintf("%.2f times", a / b)) : "-" }' $SD/times
  fi
  if [ -n "$SSK" ]; then
    awk '{ w[$1] = $2; m[$1] = $4 } END {
      printf "The scikit-learn loop took %s times the elapsed time of \\.{eval -q} on the same rows. ",
        (w["sk_eval"] > 0 ? sprintf("%.0f", w["sk_ref"] / w["sk_eval"]) : "-") }' $SD/times
  fi
  if [ -n "$STE" ]; then
    printf 'The four means of trec\\_eval: '
    awk '$2 == "all" { printf "%s\\.{%s} %s", n++ ? ", " : "", $1, $3 }' $SD/out.te_ref | sed 's/_/\\_/g'
    printf '; {\\tt rankmetrics trec\\_eval} printed the same digits and \\.{eval}'"'"'s means round to them; so did every value of the first %s queries.\n' "$((STEQ < 1000 ? STEQ : 1000))"
  fi
  if [ -n "$SSK" ]; then
    awk '{ split($3, e, "e"); printf "The scikit-learn loop and \\.{eval} agree on all %d values (every user'"'"'s three, and the three means): %d are equal as printed", $1, $2
           if ($1 > $2) printf ", the others within $%s\\times10^{%d}$", e[1], e[2]
           printf ".\n" }' $SD/sk.check
  fi
  printf '$$\\vbox{\\halign{#\\hfil&&\\quad\\hfil#\\cr\n'
  printf '&\\omit\\hfil double path\\hfil\\span\\omit\\span\\omit&\\omit\\hfil \\.{--exact}\\hfil\\span\\omit\\span\\omit\\cr\n'
  printf 'queries $\\times$ 100 documents&wall s&CPU s&peak MB&wall s&CPU s&peak MB&exact/double CPU\\cr\n'
  printf '\\noalign{\\smallskip\\hrule\\smallskip}\n'
  i=0
  for e in 4 5 6; do
    printf '%s&%s&%s&%s&%s&%s&%s&%s\\cr\n' "\$$(stex ${SG[$i]})\$" "$(sget g_dbl$e 2)" "$(sget g_dbl$e 3)" "$(smb "$(sget g_dbl$e 4)")" \
      "$(sget g_exa$e 2)" "$(sget g_exa$e 3)" "$(smb "$(sget g_exa$e 4)")" "$(sratio "$(sget g_exa$e 3)" "$(sget g_dbl$e 3)")"
    i=$((i + 1))
  done
  printf '}}$$\n'
  awk 'function r(a, b) { return b > 0 ? sprintf("%.1f", a / b) : "-" }
    { w[$1] = $2; c[$1] = $3 } END {
    printf "From each size to the next, ten times larger, the CPU time grew %s and %s times on the double path, %s and %s times on the exact path; the elapsed time %s and %s, %s and %s times (- where a time is too short to divide by).\\par\\endgroup\n",
      r(c["g_dbl5"], c["g_dbl4"]), r(c["g_dbl6"], c["g_dbl5"]), r(c["g_exa5"], c["g_exa4"]), r(c["g_exa6"], c["g_exa5"]),
      r(w["g_dbl5"], w["g_dbl4"]), r(w["g_dbl6"], w["g_dbl5"]), r(w["g_exa5"], w["g_exa4"]), r(w["g_exa6"], w["g_exa5"]) }' $SD/times
  } > $tmp && mv -f $tmp $SREC
  echo "bench: the record for the book is in $SREC"
}

# side_save: when, where and under what load the run ended, and what it
# found, into build/bench/side/state, which side_keep copies for the record.
side_save() {
  SWHEN=$(date -u '+%Y-%m-%d %H:%M UTC')
  SMACH="$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(awk '/MemTotal/ { printf "%.0f", $2 / 1048576 }' /proc/meminfo)~GB)"
  SLOAD1=$(side_load)
  declare -p S SR STE STEV STEQ SAT SSK SSKN SSKV SG SLOAD0 SLOAD1 SWHEN SMACH 2> /dev/null | sed 's/^declare -[-a]* //' > $SD/state
}

# side_keep: the run's data, for the record that the build writes.
side_keep() {
  local f
  mkdir -p tests/bench/record
  for f in state times out.te_ref sk.check; do
    if [ -f $SD/$f ]; then cp $SD/$f tests/bench/record/$f; else rm -f tests/bench/record/$f; fi
  done
}

side_all() {
  side_init
  side_trec_eval
  side_all_trec
  side_sklearn
  side_growth
  side_save
  side_keep
  side_report
  side_record
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -e
  cd "$(dirname "$0")/../.." || exit 1
  if [ "$1" = all_trec ]; then # that section alone; the record is kept as it is
    side_init
    STE=${TREC_EVAL:-$(command -v trec_eval || true)}
    [ -n "$STE" ] && [ -x "$STE" ] || side_die "all_trec needs trec_eval (on PATH or \$TREC_EVAL)"
    side_all_trec
    { printf '%-46s %8s %8s %9s\n' "all_trec side by side" "wall s" "CPU s" "peak MB"
      side_at_report
      echo "load averages $SLOAD0 before, $(side_load) after; $(date -u '+%Y-%m-%d %H:%M UTC')"; } | tee $SD/all_trec.txt
    exit 0
  fi
  if [ "$1" = --record ]; then
    SD=tests/bench/record; SREC=${BENCH_RECORD:-doc/bench-record.tex}
    [ -s $SD/state ] || side_die "no recorded run in $SD/state"
    . $SD/state
    side_record
    exit 0
  fi
  [ -x build/bench/gen ] && [ -x ./rankmetrics ] || side_die "run it by make bench-side (it needs build/bench/gen and ./rankmetrics)"
  side_all
fi
