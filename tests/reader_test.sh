#!/usr/bin/env bash
# The two editions of the book (issue 24).  `make' weaves the full book,
# doc/rankmetrics.pdf, and the reader's edition, doc/rankmetrics-reader.pdf,
# from the one doc/rankmetrics.tex.  This test reads both PDFs as text
# (pdftotext and pdfinfo, of poppler-utils, in .ci/deps) and checks that
#   - the reader's edition has at most 250 pages, and no C: no `#include',
#     no cross-reference "This code is used in section", none of the
#     identifiers' index; the full book has all three;
#   - a section carries the same number and title in both (a citation means
#     the same in either), for sections from the front to the back;
#   - "How to read this book" is among the first six pages after the
#     contents of the full book (the contents end with "To cite one exact
#     definition"), in both editions, and the splits that matter follow it
#     with their witness notation explained on the same page; each section
#     its paths name is in the edition (none is "full book");
#   - every metric chapter reordered so far is reader-first: no C from its
#     title to its part "The implementation of ...", and the definitions,
#     sources, worked examples, cases and exercises in that stretch;
#   - no page of either edition holds fewer than fifteen lines but at the
#     end of a chapter or part, and neither log has an overfull \vbox;
#   - cweave knows every type that rankmetrics.w makes with typedef (none is
#     set as an identifier in the woven TeX);
#   - no section the reader's edition prints is marked for the implementation
#     only (its number is in the full book's list of them) -- that is, the
#     mark \impl is honoured.
# Run from the top directory after `make'.
. "$(dirname "${BASH_SOURCE[0]}")/booktest.sh"
full=doc/rankmetrics.pdf reader=doc/rankmetrics-reader.pdf
for f in "$full" "$reader"; do
  [ -s "$f" ] || { echo "reader_test: $f is missing; run make" >&2; exit 1; }
done
pages=$(pdfinfo "$reader" | sed -n 's/^Pages: *//p')
[ -n "$pages" ] && [ "$pages" -le 250 ] || fail "the reader's edition has ${pages:-no} pages, more than 250"
fullpages=$(pdfinfo "$full" | sed -n 's/^Pages: *//p')
[ "${fullpages:-0}" -gt "${pages:-0}" ] || fail "the full book ($fullpages pages) is not longer than the reader's ($pages)"
pdftotext -q "$full" "$out/full.txt"
pdftotext -q "$reader" "$out/reader.txt"

# No C in the reader's edition; C in the full book.
for pat in '^#include' 'This code is used in section' '^Identifiers of the program'; do
  grep -q -- "$pat" "$out/full.txt" || fail "the full book has no line matching '$pat'"
  ! grep -q -- "$pat" "$out/reader.txt" || fail "the reader's edition has C: a line matching '$pat'"
done

# Section numbers: the first line of a section is "N. Title." in both.
for title in 'Introduction\.' 'Quick reference\.' 'Variant names\.' \
    'Cumulative gain, DCG and nDCG\.' 'Average precision\.' \
    'The splits that matter, in brief\.' 'Verifying an implementation\.' \
    'Errata\.' 'Index\.'; do
  a=$(sed -n "s/^\([0-9][0-9]*\)\. $title.*/\1/p" "$out/full.txt" | head -1)
  b=$(sed -n "s/^\([0-9][0-9]*\)\. $title.*/\1/p" "$out/reader.txt" | head -1)
  if [ -z "$a" ] || [ "$a" != "$b" ]; then
    fail "section '$title' is number ${a:-none} in the full book and ${b:-none} in the reader's edition"
  fi
done
# Every section number the reader's edition starts is one the full book starts.
grep -o '^[0-9][0-9]*\. ' "$out/full.txt" | sort -u > "$out/full.secs"
grep -o '^[0-9][0-9]*\. ' "$out/reader.txt" | sort -u > "$out/reader.secs"
extra=$(comm -13 "$out/full.secs" "$out/reader.secs" | head -5 | tr '\n' ' ')
[ -z "$extra" ] || fail "the reader's edition starts sections the full book does not: $extra"

# "How to read this book" right after the contents, and the splits with
# their notation on one page.
for f in "$full" "$reader"; do
  cont=0 how=0 split=0
  for p in $(seq 1 12); do
    t=$(pdftotext -q -f "$p" -l "$p" "$f" -)
    [ "$cont" -eq 0 ] && grep -q 'To cite one exact definition' <<< "$t" && cont=$p
    [ "$how" -eq 0 ] && grep -qx 'How to read this book' <<< "$t" && how=$p
    if [ "$split" -eq 0 ] && grep -qx 'The splits that matter' <<< "$t"; then
      split=$p
      for w in 'How to read a witness' 'K1' 's0,0' 'j1' 'hit=recall'; do
        grep -qF -- "$w" <<< "$t" || fail "$f: the page of the splits that matter lacks '$w'"
      done
    fi
  done
  if [ "$cont" -eq 0 ] || [ "$how" -le "$cont" ] || [ "$how" -gt $((cont + 6)) ]; then
    fail "$f: 'How to read this book' is on page $how, not within six pages after the contents (page $cont)"
  fi
  [ "$split" -gt "$how" ] || fail "$f: 'The splits that matter' (page $split) does not follow 'How to read' (page $how)"
  # The nDCG chapter's section, as the build's labels say (it moves when a
  # section is added before it).
  cg=$(sed -n 's/^\\rmlabel{q:cg}{\([0-9]*\)}$/\1/p' doc/rankmetrics.ref)
  [ -n "$cg" ] || fail "doc/rankmetrics.ref has no label q:cg"
  t=$(pdftotext -q -layout -f "$how" -l "$how" "$f" -)
  grep -q "§$cg, *p\. *[0-9]" <<< "$t" ||
    fail "$f: the paths of 'How to read this book' give no page for §$cg (nDCG)"
  # Every section of the three paths is in this edition: none is sent to
  # the full book (an \implrest in a part's introduction once left out the
  # chapters on run files, trec_eval's command line and the bench beside
  # trec_eval, which follow it).
  t=$(pdftotext -q -layout -f "$how" -l $((how + 1)) "$f" - | sed '/^ *The splits that matter *$/,$d')
  away=$( (grep -o '§[0-9]*, *full book' <<< "$t" || true) | tr '\n' ' ')
  [ -z "$away" ] || fail "$f: the paths of 'How to read this book' send the reader to the full book: $away"
done

# The metric chapters are reader-first (issue 24, item 2): from a chapter's
# title to its part "The implementation of ..." (marked \impl) no section
# has C, and that stretch holds the sections a reader needs (for nDCG the
# gain, the discount, the ideal list, the sources, their worked examples,
# the cases by hand and the exercises with their answers).
readerfirst() { # chapter (or part) title, title of its implementation part, labels
  local title=$1 impl=$2 l w c t
  shift 2
  t=${title//\\/\\\\} # for sed: a backslash doubled, a slash (C/W/L) escaped
  w=$(sed -n "/^@\*\** ${t//\//\\/}\./,/^@\* ${impl//\\/\\\\}\.\\\\impl/p" rankmetrics.w)
  if [ -z "$w" ] || [[ $w != *"@* $impl."* ]]; then
    fail "the chapter '$title' or its part '$impl' (marked \\impl) is missing"; return
  fi
  c=$( (grep -nE '^(@ *)?(@<.*@>=|@\(.*@>=|@[dcpsf]( |$))' <<< "$w" || true) | head -3 | tr '\n' ' ')
  [ -z "$c" ] || fail "the chapter '$title' has C before '$impl': $c"
  for l in "$@"; do
    [[ $w == *"\\here{$l}"* ]] || fail "the reader's stretch of '$title' lacks the section \\here{$l}"
  done
}
readerfirst 'Cumulative gain, DCG and nDCG' 'The implementation of nDCG' \
  q:gain q:discount q:ideal sources E000.3 E000.4 E002.1 ndcg-cases ndcg-ex ndcg-ans
readerfirst 'Precision, recall, F and hit ratio' \
  'The implementation of precision, recall, F and hit ratio' \
  q:denom q:f q:rprec q:hr prf-sources E000.1 E003.4 E003.5 C000.1 prf-cases prf-ex prf-ans
readerfirst 'Reciprocal rank' 'The implementation of reciprocal rank' \
  rr-sources E000.2 E002.3 E004.1 rr-cases C000.3 rr-ex rr-ans
readerfirst 'Average precision' 'The implementation of average precision' \
  q:apstep q:ap11 ap-sources E004.2 E002.2 F001.7 ap-cases C000.2 ap-ex ap-ans
readerfirst 'Area under the ROC curve' 'The implementation of the area under the ROC curve' \
  F002.7 E002.4 E003.1 E003.2 F002.8 auc-cases auc-ex auc-ans
readerfirst 'Expected reciprocal rank' 'The implementation of expected reciprocal rank' \
  q:gmax err-sources err-example err-cases err-ex err-ans
readerfirst 'Classification and rating errors' \
  'The implementation of classification and rating errors' \
  F003.1 clf-cases q:pooled q:ratings clf-ex clf-ans
readerfirst 'Rank correlation' 'The implementation of rank correlation' \
  N000.RC corr-rational corr-cases corr-ratings corr-ex corr-ans
readerfirst 'Incomplete judgments' \
  'The implementation of the metrics of incomplete judgments' \
  q:rbpdepth q:judged-te E-judged E-judged-te E-judged-rbp judged-ex judged-ans
readerfirst 'Metrics of the catalogue' 'The implementation of the metrics of the catalogue' \
  q:epcefd cat-example cat-cases cat-ex cat-ans
readerfirst 'Measures of trec\_eval' 'The implementation of the measures of trec\_eval' \
  q:gm gm-examples q:counts q:iprec q:leveltrec9 q:setap q:bing q:utility q:ngain q:ndcgrel \
  q:rndcg q:relstring trecm-ex trecm-ans
readerfirst 'Aggregation' 'The implementation of aggregation' \
  q:absent q:absentzero q:readings q:judgedonly agg-terms agg-examples E004.1-mrr \
  agg-cases E000.1-pooled GAUC agg-ex agg-ans
readerfirst 'Metrics of a whole set' 'The implementation of the metrics of a whole set' \
  q:coverage set-sources set-variants set-examples F001.11 novelty-cases set-wex set-ex \
  set-ans
readerfirst 'INSQ, a measure of the C/W/L framework' 'The implementation of INSQ' \
  insq-sources insq-variants insq-wex insq-cases insq-ex insq-ans
readerfirst 'Adaptive measures of the C/W/L framework' \
  'The implementation of the adaptive measures' \
  cwl-sources cwl-variants q:bpm cwl-wex cwl-cases cwl-ex cwl-ans
readerfirst 'Compatibility' 'The implementation of compatibility' \
  compat-sources compat-variants compat-wex compat-cases compat-bare compat-ex compat-ans
readerfirst 'More single-list variants of the libraries' \
  'The implementation of the single-list variants' \
  more-variants more-cases more-ex more-ans
readerfirst 'Other aggregators' 'The implementation of other aggregators' \
  q:median q:qweight oagg-wex oagg-cases oagg-ex oagg-ans
readerfirst 'Diversity and intent-aware measures' \
  'The implementation of the measures of diversity' \
  q:divexample div-wex q:divkeys q:divdrop q:divnames div-sources q:divwitness div-ex div-ans
readerfirst 'Coverage error, ranking loss and three more variants' \
  'The implementation of coverage error and its neighbours' \
  single2-sum single2-ex single2-ans
# The part on paired tests: its chapter "The tests at a glance" is the
# reader's, before the first chapter marked \impl, the names of the tests.
readerfirst 'Is one run better than another?' 'Names of the tests' \
  q:sigglance sig-wex sig-variants sig-sources sig-cases sig-ex sig-ans
# The chapter on 001's evaluator has one section of C, its examples, which
# closes it under the mark \impl: none before it.
w=$(sed -n '/^@\* What 001.s evaluator computes\./,/^@ \\impl/p' rankmetrics.w)
[[ $w == *'@ \impl'* ]] || fail "the chapter on 001's evaluator has no section marked \\impl"
c=$( (grep -nE '^(@ *)?(@<.*@>=|@\(.*@>=|@[dcpsf]( |$))' <<< "$w" || true) | head -3 | tr '\n' ' ')
[ -z "$c" ] || fail "the chapter on 001's evaluator has C before its examples: $c"
for l in C001-defects C001-wex E001 C001-ex C001-ans; do
  [[ $w == *"\\here{$l}"* ]] || fail "the reader's stretch of 001's evaluator lacks \\here{$l}"
done

# Pages that read as a book (issue 24, item 5): in both editions no page
# holds fewer than fifteen lines unless it ends a chapter or a part (the
# next page starts an entry of the contents, as the .toc of the build says),
# the index (its last page, under the running head INDEX) or the book;
# a page's lines are the height from its first to its last
# line of text under the running head, in lines of 12pt (pdftotext
# -bbox-layout gives each line's box; a figure counts by its labels and
# caption).  Pages without an arabic folio (the contents, the front matter)
# are not counted.  And neither log has an overfull \vbox.
for ed in rankmetrics rankmetrics-reader; do
  ! grep -n 'Overfull \\vbox' "doc/$ed.log" || fail "doc/$ed.log has an overfull \\vbox"
  # A link whose destination is not in the PDF: pdfTeX warns that it "has
  # been referenced but does not exist" (the reader's edition once linked
  # the names of sections it leaves out, |@<Check the list@>| and seven
  # more; it prints their numbers without a link).
  x=$( (grep -o 'num[0-9]* has been referenced but does not exist' "doc/$ed.log" || true) |
    head -8 | tr '\n' ';')
  [ -z "$x" ] || fail "doc/$ed.pdf links to sections it does not have: $x"
  sed -n 's/^\\ZZ {.*}{[-0-9]*}{[0-9]*}{\([0-9]*\)}{.*$/\1/p' "doc/$ed.toc" | sort -un > "$out/$ed.starts"
  [ -s "$out/$ed.starts" ] || fail "doc/$ed.toc lists no page"
  pdftotext -q -bbox-layout "doc/$ed.pdf" "$out/$ed.bbox"
  awk -v starts="$out/$ed.starts" '
    BEGIN { while ((getline l < starts) > 0) start[l + 0] = 1 }
    function flush() {
      if (pg > 0 && pg == inindex && folio != "") lastindex = folio
      if (pg > 0 && folio != "" && hi > 0) {
        n = int((hi - lo) / 11.95 + 0.5) + 1
        if (n < 15) short[pg] = folio " " n
      }
      last = folio
    }
    /<page / { flush(); pg++; folio = ""; lo = 1e9; hi = 0; next }
    /<line / {
      match($0, /yMin="[0-9.]+"/); y0 = substr($0, RSTART + 6, RLENGTH - 7) + 0
      match($0, /yMax="[0-9.]+"/); y1 = substr($0, RSTART + 6, RLENGTH - 7) + 0
      if (y0 >= 90) { if (y1 < lo) lo = y1; if (y1 > hi) hi = y1 }
      next
    }
    /<word / && folio == "" {
      match($0, /yMin="[0-9.]+"/); y0 = substr($0, RSTART + 6, RLENGTH - 7) + 0
      w = $0; sub(/^.*">/, "", w); sub(/<\/word>.*$/, "", w)
      if (y0 < 90 && w ~ /^[0-9]+$/) folio = w
    }
    /<word / && /yMin="[0-8]?[0-9][.]/ && />INDEX</ { inindex = pg }
    END {
      flush()
      for (p in short) {
        split(short[p], f, " ")
        if (!((f[1] + 1) in start) && f[1] != last && f[1] != lastindex)
          printf "page %d (folio %d) holds %d lines\n", p, f[1], f[2]
      }
    }' "$out/$ed.bbox" > "$out/$ed.short"
  # A heading followed by a gap: a section whose first line is the last
  # line of its page, and whose rest is on the next (the quick reference's
  # section of the aggregators once began at the foot of page 8 of the
  # reader's edition, its table on page 9).  The first line of section N
  # starts with the word "N." at the left margin, N at least the section
  # of the running head (an exercise's "1." is not a section); a section
  # of one line, followed on the next page by a section, is whole.
  awk '
    function sec(w, x) { return w ~ /^[0-9]+\.$/ && x < 73 }
    function flush() {
      if (pg > 0 && sec(first, fx) && head != "" && first + 0 >= head + 0 && first + 0 > 3)
        cand[pg] = first
      topsec[pg] = sec(top, tx)
    }
    /<page / { flush(); pg++; head = ""; first = ""; top = ""; low = 0; high = 1e9; next }
    /<line / { newline = 1; next }
    /<word / {
      match($0, /yMin="[0-9.]+"/); y0 = substr($0, RSTART + 6, RLENGTH - 7) + 0
      match($0, /xMin="[0-9.]+"/); x0 = substr($0, RSTART + 6, RLENGTH - 7) + 0
      w = $0; sub(/^.*">/, "", w); sub(/<\/word>.*$/, "", w)
      if (y0 < 90) { if (w ~ /[0-9]$/ && w !~ /^[0-9]/) { head = w; gsub(/[^0-9]/, "", head) }; next }
      if (newline && y0 > low + 1) { low = y0; first = w; fx = x0 }
      if (newline && y0 < high - 1) { high = y0; top = w; tx = x0 }
      newline = 0
    }
    END {
      flush()
      for (p in cand) if (!topsec[p + 1])
        printf "page %d: section %s starts on its last line\n", p, cand[p]
    }' "$out/$ed.bbox" > "$out/$ed.orphans"
  [ ! -s "$out/$ed.orphans" ] ||
    fail "doc/$ed.pdf has headings at the foot of a page: $(head -5 "$out/$ed.orphans" | tr '\n' ';')"
  if [ -s "$out/$ed.short" ]; then
    fail "doc/$ed.pdf has pages of fewer than fifteen lines that end no chapter: $(sort -n -k2 "$out/$ed.short" | head -5 | tr '\n' ';')"
  fi
done

# cweave parses a declaration right only when it knows its type: a name
# made by typedef is a type only after cweave has seen the typedef, and a
# type of a system header never, unless rankmetrics.w declares it with @s
# (issue 24, item 5).  A type it did not know is set in italic, \\{name},
# and a declaration such as `alt_found *found' as a product.  So no name
# that rankmetrics.w makes with typedef may appear in the woven TeX as an
# identifier, unless it is also the name of a field (->name).
{ sed -n 's/^.*typedef .*[ *}]\([A-Za-z_][A-Za-z0-9_]*\);[^;]*$/\1/p' rankmetrics.w
  sed -n 's/^} *\([A-Za-z_][A-Za-z0-9_]*\);.*$/\1/p' rankmetrics.w; } | sort -u > "$out/types"
[ "$(wc -l < "$out/types")" -ge 50 ] || fail "found only $(wc -l < "$out/types") typedef names in rankmetrics.w"
italic=
while read -r t; do
  grep -q -- "->$t\b" rankmetrics.w && continue
  grep -qF -- "\\\\{${t//_/\\_}}" doc/rankmetrics.tex && italic="$italic $t"
done < "$out/types"
[ -z "$italic" ] || fail "cweave set these types as identifiers (declare them with @s):$italic"
# A cast to a type of a system header that cweave does not know, such as
# zlib's (Bytef *) b, is set as a parenthesised product, ( \\{Bytef} $*$ ).
casts=$( (grep -o '( \\\\{[A-Za-z_0-9\\]*} \$\*\$ )' doc/rankmetrics.tex || true) | sort -u | tr '\n' ' ')
[ -z "$casts" ] || fail "cweave set these casts as products (declare their types with @s): $casts"
# Other parses that cweave got wrong, each fixed by a CWEB idiom and each
# seen in the woven TeX (issue 24, item 5): a field named like a type,
# o->neighbour, set in bold as the type (\MG is ->); a macro with parameters
# whose body was run into them, '#define free(p)tool_free (p)' (its body goes
# in @[ @]); the table of names ending in a lone '} ;' (its modules of rows
# inside one expression, @[ ... @]); the last row of a table of vector
# families set apart from its comma, '} ,' (}@[,@]); rmshared.h's #undef,
# set '# undef' (undef is also a field's name; the header needs none); and a
# one-line struct broken after its first declaration (an @+ between the
# declarations of {@+ ... @+} cancels cweave's break).
tex=doc/rankmetrics.tex
found() { (grep -n "$@" || true) | head -3 | tr '\n' ' '; }
x=$(found '\$\\MG\$ \$\\&{' "$tex")
[ -z "$x" ] || fail "cweave set a field after -> as a type (a field and a typedef share its name): $x"
x=$(found '\\8\\#\\&{define} .*)\\\\{[A-Za-z_\\]*}\\5(' "$tex")
[ -z "$x" ] || fail "cweave ran a macro's body into its parameters (put the body in @[ @]): $x"
x=$(found '\\}\$ \$\\}\$ *;' "$tex")
[ -z "$x" ] || fail "cweave ended an initializer with a lone '} ;' (a module of rows inside it?): $x"
# A module of rows ends with its last row's comma, which cweave cannot
# attach to anything, and sets apart from the row, '} ,' ($ $,{}$): every
# such comma is written @[,@] (the rows of the tables of vector families,
# of the keys, of the names, of the worked examples, ...).
n=$(grep -c '\$ \$,{}\$' "$tex" || true)
[ "$n" -eq 0 ] || fail "cweave set $n rows apart from their last comma, '} ,' (write the comma that ends a module @[,@]): $(found '\$ \$,{}\$' "$tex")"
# #undef: undef is an ordinary name for cweave (@s undef normal, for the
# field v->undef), so cweave sets the directive '# undef'; the Makefile's
# rule for doc/rankmetrics.tex sets it as #define is set.
n=$(grep -c '\\# \\\\{undef}' "$tex" || true)
[ "$n" -eq 0 ] || fail "the woven TeX has $n #undef set as '# undef': $(found '\\# \\\\{undef}' "$tex")"
x=$(found -E 'struct \{@\+ [^}]*; [^@][^}]* @\+\}' rankmetrics.w)
[ -z "$x" ] || fail "a one-line struct has a declaration not followed by @+ (cweave breaks the line after it): $x"

# The mark \impl: sections marked for the implementation only are not printed
# in the reader's edition (their numbers are taken from the woven TeX).
awk '/^\\M\{[0-9]+\}\\impl/ { sub(/^\\M\{/, ""); sub(/\}.*/, ""); print $0 ". " }' \
  doc/rankmetrics.tex | sort -u > "$out/impl.secs"
nimpl=$(wc -l < "$out/impl.secs")
[ "$nimpl" -ge 20 ] || fail "only $nimpl sections are marked \\impl"
shown=$(comm -12 "$out/impl.secs" "$out/reader.secs" | head -5 | tr '\n' ' ')
[ -z "$shown" ] || fail "the reader's edition prints sections marked \\impl: $shown"

finish "the reader's edition has $pages pages (the full book $fullpages), no C, the full book's section numbers, leaves out the $nimpl sections marked \\impl, and both open with 'How to read this book'"
