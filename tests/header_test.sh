#!/bin/bash
# The installed header (build/include/rankmetrics.h, written from the book by
# tools/mkheader.awk): no #line and no section markers; every public function
# of the library declared in it with a comment; the script refuses a
# prototype without a comment and a comment naming a function that does not
# exist; a program compiled against it alone, with -pedantic, runs.
# Run from the top directory after `make'.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/counts.sh"
h=build/include/rankmetrics.h

make --no-print-directory -s header >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "make header"; }
if [ -f "$h" ] && ! grep -qE '^#line|/\*:?[0-9]+:?\*/' "$h"; then ok "the installed header has no #line and no section markers"
else fail "$h missing, or it has #line or section markers"; fi

# Every function the shared library exports is declared, once, with a comment.
nm -D --defined-only librankmetrics.so | awk '$2 == "T" && $3 ~ /^rm_/ {print $3}' | sort >"$tmp/exported"
grep -oE '\brm_[a-z0-9_]+\(' "$h" | tr -d '(' | sort -u >"$tmp/declared"
if [ -s "$tmp/exported" ] && cmp -s "$tmp/exported" "$tmp/declared"; then
  ok "the header declares exactly the $(wc -l <"$tmp/exported") functions the library exports"
else fail "exported and declared functions differ:"; diff "$tmp/exported" "$tmp/declared" | head; fi

# A prototype whose comment is removed, and a comment that names a function
# that does not exist, are refused by name.
awk '/^const char \*rm_strerror\(rm_status s\);$/ {print; skip = 1; next}
     skip && /\*\// {skip = 0; next} !skip' rankmetrics.w >"$tmp/nocomment.w"
rc=0; awk -f tools/mkheader.awk "$tmp/nocomment.w" >/dev/null 2>"$tmp/err" || rc=$?
if [ "$rc" -ne 0 ] && grep -q "prototype of rm_strerror has no comment" "$tmp/err"; then
  ok "a prototype without a comment is refused by name"
else fail "a prototype without a comment: exit $rc, $(cat "$tmp/err")"; fi
sed 's/^\/\* Nonzero when metric |m| takes a cutoff/& (see |rm_takes_cutoff|)/' rankmetrics.w >"$tmp/badname.w"
rc=0; awk -f tools/mkheader.awk "$tmp/badname.w" >/dev/null 2>"$tmp/err" || rc=$?
if ! cmp -s rankmetrics.w "$tmp/badname.w" && [ "$rc" -ne 0 ] &&
   grep -q "names rm_takes_cutoff, which the header does not declare" "$tmp/err"; then
  ok "a comment naming a function that does not exist is refused by name"
else fail "a comment naming rm_takes_cutoff: exit $rc, $(cat "$tmp/err")"; fi

# A program that sees only the installed header (strict C99) builds and runs:
# precision@2 of the grades 1, 0, 1 in input order is 1/2.
mkdir -p "$tmp/inc"; cp "$h" "$tmp/inc/"
cat >"$tmp/p.c" <<'C'
#include <stdio.h>
#include <rankmetrics.h>
int main(void)
{
  static const int g[] = {1, 0, 1};
  rm_list l = {3, g, NULL, NULL, 0, NULL, NULL, NULL, NULL};
  char msg[128];
  rm_variant *v = rm_variant_new("precision@2", msg, sizeof msg);
  double x = 0;
  if (v == NULL || rm_value(v, &l, NULL, &x) != RM_OK) return 1;
  rm_variant_free(v);
  printf("%.17g\n", x);
  return 0;
}
C
if ${CC:-cc} -std=c99 -pedantic -Wall -Wextra -Werror -I"$tmp/inc" "$tmp/p.c" librankmetrics.a \
     $(pkg-config --libs mpfr gmp 2>/dev/null || echo -lmpfr -lgmp) -lm -lz -o "$tmp/p" 2>"$tmp/err" &&
   [ "$("$tmp/p")" = 0.5 ]; then ok "a C99 program against the installed header alone builds and runs"
else fail "a program against the installed header: $(head -5 "$tmp/err")"; fi

finish
