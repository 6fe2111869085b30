#!/bin/bash
# The installed tool: `make install' into a staging directory, then the
# installed verify, run from elsewhere, finds the installed vectors by itself
# and passes every vector; a copy of the program with no vectors anywhere near
# it stops with one line naming --vectors; `make uninstall' leaves nothing.
# Run from the top directory after `make'.
set -uo pipefail
top=$(pwd)
. "$(dirname "${BASH_SOURCE[0]}")/counts.sh"

make --no-print-directory -s install DESTDIR="$tmp/stage" PREFIX=/usr/local >"$tmp/log" 2>&1 ||
  { cat "$tmp/log"; fail "make install"; }
bin=$tmp/stage/usr/local/bin/rankmetrics
vec=$tmp/stage/usr/local/share/rankmetrics/vectors
if [ -x "$bin" ] && [ -f "$vec/README.md" ] &&
   [ "$(ls "$vec"/*_test.txt | wc -l)" -eq "$(ls vectors/*_test.txt | wc -l)" ] &&
   [ "$(ls "$vec"/*_test.json | wc -l)" -eq "$(ls vectors/*_test.json | wc -l)" ]; then
  ok "make install puts the tool and every family's vectors in place"
else fail "make install: tool or vectors missing"; fi
if cmp -s "$vec/ap_test.txt" vectors/ap_test.txt; then ok "the installed vectors are the committed ones"
else fail "the installed vectors differ from vectors/"; fi

# The installed header is the documented one, and a C program finds the
# header and the library through the installed pkg-config file (the staging
# directory as its sysroot) and runs: precision@2 of 1, 0, 1 is 1/2.
inc=$tmp/stage/usr/local/include/rankmetrics.h
if cmp -s "$inc" build/include/rankmetrics.h && ! grep -q '^#line' "$inc" &&
   grep -q 'rm_variant_new' "$inc"; then ok "make install installs the documented header"
else fail "the installed header is not build/include/rankmetrics.h"; fi
cat >"$tmp/prog.c" <<'C'
#include <stdio.h>
#include <rankmetrics.h>
int main(void)
{
  static const int g[] = {1, 0, 1};
  rm_list l = {3, g, NULL, NULL, 0, NULL, NULL, NULL, NULL};
  rm_variant *v = rm_variant_new("precision@2", NULL, 0);
  double x = 0;
  if (v == NULL || rm_value(v, &l, NULL, &x) != RM_OK) return 1;
  rm_variant_free(v);
  printf("%.17g\n", x);
  return 0;
}
C
pc() { PKG_CONFIG_PATH="$tmp/stage/usr/local/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$tmp/stage" \
  pkg-config "$@"; }
lib=$tmp/stage/usr/local/lib
if ! ${CC:-cc} -std=c99 -Wall -Werror $(pc --cflags rankmetrics) "$tmp/prog.c" \
     $(pc --libs rankmetrics) -o "$tmp/prog" 2>"$tmp/err"; then
  fail "pkg-config build against the installed library: the compiler failed: $(head -3 "$tmp/err")"
elif ! got=$(LD_LIBRARY_PATH="$lib" "$tmp/prog" 2>"$tmp/err") || [ "$got" != 0.5 ]; then
  fail "pkg-config build against the installed library: the program printed '$got', not 0.5: $(head -3 "$tmp/err")"
elif ! LD_LIBRARY_PATH="$lib" ldd "$tmp/prog" >"$tmp/ldd" 2>&1 || ! grep -q "$lib/librankmetrics.so" "$tmp/ldd"; then
  fail "pkg-config build against the installed library: not linked to $lib/librankmetrics.so: $(tr '\n' ' ' <"$tmp/ldd")"
else ok "a C program built with pkg-config against the installed header and shared library runs"; fi

# Every vector's own value, as a candidate, from another directory.
for f in vectors/*_test.txt; do
  fam=$(basename "$f" _test.txt)
  awk -v fam="$fam" '/^tcId = /{id = $3} /^result = invalid/{print fam ":" id " invalid"}
       /^value = /{print fam ":" id " " $3}' "$f"
done >"$tmp/all.txt"
echo "significance:52 0.625 3" >>"$tmp/all.txt" # the paired tests' file, installed too
n=$(grep -c . "$tmp/all.txt")
mkdir -p "$tmp/elsewhere"
rc=0; (cd "$tmp/elsewhere" && env -u RANKMETRICS_VECTORS "$bin" verify "$tmp/all.txt") >"$tmp/out" 2>"$tmp/err" || rc=$?
if [ "$rc" -eq 0 ] && grep -q "^$n vectors given: $n exact" "$tmp/out"; then
  ok "the installed verify finds its vectors without --vectors ($n exact)"
else fail "installed verify: exit $rc"; head -3 "$tmp/err"; fi

# A program with no vectors beside it or in ../share: one line, exit 2.
mkdir -p "$tmp/lone/bin"; cp "$bin" "$tmp/lone/bin/"
rc=0; (cd "$tmp/elsewhere" && env -u RANKMETRICS_VECTORS "$tmp/lone/bin/rankmetrics" verify "$tmp/all.txt") >"$tmp/out" 2>"$tmp/err" || rc=$?
if [ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "--vectors DIR" "$tmp/err" && [ ! -s "$tmp/out" ]; then
  ok "no vectors anywhere: exit 2, one line naming --vectors"
else fail "no vectors: exit $rc, $(cat "$tmp/err")"; fi
# RANKMETRICS_VECTORS and --vectors choose the directory.
rc=0; RANKMETRICS_VECTORS="$vec" "$tmp/lone/bin/rankmetrics" verify "$tmp/all.txt" >"$tmp/out" 2>&1 || rc=$?
if [ "$rc" -eq 0 ]; then ok "RANKMETRICS_VECTORS names the directory"; else fail "RANKMETRICS_VECTORS: exit $rc"; fi
rc=0; "$tmp/lone/bin/rankmetrics" verify --vectors "$tmp/nowhere" "$tmp/all.txt" >"$tmp/out" 2>"$tmp/err" || rc=$?
if [ "$rc" -eq 2 ] && grep -q "no golden vectors in '$tmp/nowhere'" "$tmp/err"; then ok "--vectors to an empty place: exit 2, named"
else fail "--vectors nowhere: exit $rc"; fi

make --no-print-directory -s uninstall DESTDIR="$tmp/stage" PREFIX=/usr/local >"$tmp/log" 2>&1
left=$(find "$tmp/stage" -type f -o -type l | wc -l)
if [ "$left" -eq 0 ]; then ok "make uninstall removes every installed file"
else fail "make uninstall leaves $left files"; find "$tmp/stage" -type f | head -5; fi

finish
