#!/bin/bash
# The installed Python package: `make install' into a staging directory puts
# rankmetrics/ in PREFIX/lib/python3/dist-packages with a _libpath.py naming
# the installed library; the staged package, imported from elsewhere with the
# staged library (RANKMETRICS_LIB, since the staged path is not the final
# one), gives the exact value; a package copied under a PREFIX with the
# library in PREFIX/lib finds it without help; `make uninstall' removes it.
# Run from the top directory after `make'.
. "$(dirname "$0")/counts.sh"

make --no-print-directory -s install DESTDIR="$tmp/stage" PREFIX=/usr/local >"$tmp/log" 2>&1 ||
  { cat "$tmp/log"; fail "make install"; }
pkg=$tmp/stage/usr/local/lib/python3/dist-packages
lib=$tmp/stage/usr/local/lib/librankmetrics.so.0
if [ -f "$pkg/rankmetrics/__init__.py" ] && [ -f "$pkg/rankmetrics/strategies.py" ] &&
   [ -f "$pkg/rankmetrics/_results.py" ] && [ -f "$pkg/rankmetrics/py.typed" ] &&
   grep -q "^LIBRARY = '/usr/local/lib/librankmetrics.so.0'$" "$pkg/rankmetrics/_libpath.py"; then
  ok "make install puts the package in dist-packages, naming /usr/local/lib/librankmetrics.so.0"
else fail "make install: package or _libpath.py missing"; fi

want='0.5555555555555556 (0x1.1c71c71c71c72p-1, rounded up) = 0.5555555555555555555555555555555555555556 = 5/9'
snippet='import rankmetrics; print(rankmetrics.exact("ap@10[norm=min]", grades=[1,0,1,0], judged=[1])); print(rankmetrics.library_path)'
mkdir -p "$tmp/elsewhere"
out=$(cd "$tmp/elsewhere" && RANKMETRICS_LIB="$lib" PYTHONPATH="$pkg" "$PY" -c "$snippet" 2>&1)
if [ "$(printf '%s\n' "$out" | head -1)" = "$want" ] &&
   [ "$(printf '%s\n' "$out" | tail -1)" = "$lib" ]; then
  ok "the staged package loads the staged library and gives the exact value"
else fail "staged import: $out"; fi

# A real PREFIX: the package under PREFIX/lib/python3/dist-packages, the
# library in PREFIX/lib, no _libpath.py and no RANKMETRICS_LIB.
pre=$tmp/prefix
mkdir -p "$pre/lib/python3/dist-packages"
cp -r "$pkg/rankmetrics" "$pre/lib/python3/dist-packages/"
rm -f "$pre/lib/python3/dist-packages/rankmetrics/_libpath.py"
cp -P "$tmp/stage/usr/local/lib/"librankmetrics.so* "$pre/lib/"
out=$(cd "$tmp/elsewhere" && env -u RANKMETRICS_LIB PYTHONPATH="$pre/lib/python3/dist-packages" "$PY" -c "$snippet" 2>&1)
if [ "$(printf '%s\n' "$out" | head -1)" = "$want" ] &&
   [ "$(printf '%s\n' "$out" | tail -1)" = "$pre/lib/librankmetrics.so.0" ]; then
  ok "a package under PREFIX finds PREFIX/lib/librankmetrics.so.0 by itself"
else fail "PREFIX import: $out"; fi

# verify finds the vectors that make install put in PREFIX/share, by itself.
out=$(cd "$tmp/elsewhere" && env -u RANKMETRICS_VECTORS RANKMETRICS_LIB="$lib" PYTHONPATH="$pkg" "$PY" -c \
  'import rankmetrics as r; v = r.verify(["rr:1 1", "rr:2 0.5"]); print(v.passed, len(v), r.vectors_dir())' 2>&1)
if [ "$out" = "True 2 $tmp/stage/usr/local/share/rankmetrics/vectors" ]; then
  ok "the staged package's verify finds the staged vectors"
else fail "staged verify: $out"; fi

# A wrong RANKMETRICS_LIB is an error that names the variable, not a fallback.
out=$(cd "$tmp/elsewhere" && RANKMETRICS_LIB="$tmp/nowhere.so" PYTHONPATH="$pkg" "$PY" -c "$snippet" 2>&1)
if printf '%s\n' "$out" | grep -q "OSError: librankmetrics not found.*RANKMETRICS_LIB"; then
  ok "RANKMETRICS_LIB naming no library: OSError naming the variable"
else fail "bad RANKMETRICS_LIB: $out"; fi

make --no-print-directory -s uninstall DESTDIR="$tmp/stage" PREFIX=/usr/local >"$tmp/log" 2>&1
if [ ! -e "$pkg/rankmetrics" ] && [ "$(find "$tmp/stage" -type f -o -type l | wc -l)" -eq 0 ]; then
  ok "make uninstall removes the package"
else fail "make uninstall leaves the package"; fi

finish
