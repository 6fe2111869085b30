#!/bin/bash
# The pip route: `python3 -m build --no-isolation' (Debian's setuptools and
# wheel, no network) makes a source distribution that carries the tangled C
# and not the book, then builds the wheel from that sdist, so the wheel is
# proof that the sdist builds without CWEB; the wheel holds the library
# (rankmetrics/librankmetrics.so), py.typed and the golden vectors.
# Installed into a fresh virtual environment (--system-site-packages, for
# numpy, pandas and pytest), imported from a directory outside the tree, it
# loads its own library and gives values worked by hand, and some of the
# package's pytest files pass against it.  And mypy accepts the package's
# annotations.  Run from the top directory after `make'.
. "$(dirname "$0")/counts.sh"
version=$(sed -n 's/^VERSION *= *//p' Makefile)

if "$PY" -m build --no-isolation --outdir "$tmp/dist" . >"$tmp/build.log" 2>&1; then
  ok "python3 -m build --no-isolation: sdist and wheel"
else tail -30 "$tmp/build.log"; fail "python3 -m build --no-isolation"; fi
sdist=$tmp/dist/rankmetrics-$version.tar.gz
wheel=$(ls "$tmp"/dist/rankmetrics-"$version"-*.whl 2>/dev/null | head -1)

listing=$(tar tzf "$sdist" 2>/dev/null)
has() { printf '%s\n' "$listing" | grep -qx "rankmetrics-$version/$1"; }
if has rankmetrics.c && has rmeval.c && has rankmetrics.h && has rmshared.h &&
   has examples.h && has vectors/ap_test.json && has python/rankmetrics/py.typed &&
   ! has rankmetrics.w; then
  ok "the sdist carries the tangled C and the vectors, not the book"
else fail "sdist contents: $(printf '%s\n' "$listing" | head -40 | tr '\n' ' ')"; fi

listing=$("$PY" -m zipfile -l "$wheel" 2>/dev/null | awk 'NR > 1 {print $1}')
if printf '%s\n' "$listing" | grep -qx rankmetrics/librankmetrics.so &&
   printf '%s\n' "$listing" | grep -qx rankmetrics/py.typed &&
   printf '%s\n' "$listing" | grep -qx rankmetrics/vectors/ap_test.json &&
   ! printf '%s\n' "$listing" | grep -q _libpath; then
  ok "the wheel holds the library, py.typed and the vectors"
else fail "wheel contents: $(printf '%s\n' "$listing" | tr '\n' ' ')"; fi

"$PY" -m venv --system-site-packages "$tmp/venv" >"$tmp/venv.log" 2>&1 &&
  "$tmp/venv/bin/pip" install --no-index --no-deps "$wheel" >>"$tmp/venv.log" 2>&1 ||
  { tail -20 "$tmp/venv.log"; fail "pip install of the wheel into a fresh venv"; }
site=$("$tmp/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')

# DCG@4 of grades 2 0 1 0 (linear gain, log2 discount): 2/log2(2) + 1/log2(4)
# = 2 + 1/2 = 5/2; AP@10 of 1 0 1 0 with one more relevant item unretrieved
# (judged=[1] says nothing: norm=min divides by the retrieved relevant):
# (1/1 + 2/3)/2 = 5/6.
mkdir -p "$tmp/elsewhere"
out=$(cd "$tmp/elsewhere" && env -u RANKMETRICS_LIB -u RANKMETRICS_VECTORS -u PYTHONPATH \
  "$tmp/venv/bin/python" -c '
import rankmetrics as r
print(r.__file__)
print(r.library_path)
print(r.exact("dcg@4", grades=[2, 0, 1, 0]).fraction)
print(r.value("ap@10[norm=min]", grades=[1, 0, 1, 0]))
v = r.verify(["rr:1 1", "rr:2 0.5"])
print(v.passed, len(v), r.vectors_dir())' 2>&1)
want="$site/rankmetrics/__init__.py
$site/rankmetrics/librankmetrics.so
5/2
0.8333333333333333
True 2 $site/rankmetrics/vectors"
if [ "$out" = "$want" ]; then
  ok "the installed wheel, outside the tree: its own library, DCG@4 = 5/2, AP = 5/6, verify with its own vectors"
else fail "installed wheel: $out"; fi

# Some of the package's own tests, against the installed package: copied
# outside the tree (conftest.py puts ROOT/python first on sys.path, and ROOT
# is then a directory with no python/ in it).
mkdir -p "$tmp/t/tests"
cp python/tests/conftest.py python/tests/test_api.py python/tests/test_column_names.py \
  python/tests/test_shape.py "$tmp/t/tests/"
out=$(cd "$tmp/t" && env -u RANKMETRICS_LIB -u PYTHONPATH "$tmp/venv/bin/python" -m pytest -q \
  -p no:cacheprovider tests 2>&1)
if printf '%s\n' "$out" | tail -1 | grep -q " passed" &&
   ! printf '%s\n' "$out" | tail -1 | grep -q "failed\|error"; then
  ok "pytest test_api.py, test_column_names.py and test_shape.py against the installed wheel: $(printf '%s\n' "$out" | tail -1)"
else printf '%s\n' "$out" | tail -20; fail "pytest against the installed wheel"; fi

# The annotations and py.typed: mypy accepts the package (pyproject.toml's
# [tool.mypy] says what it may not check: pandas has no stubs).
if command -v mypy >/dev/null; then
  if out=$(mypy --no-incremental --cache-dir=/dev/null python/rankmetrics 2>&1); then
    ok "mypy python/rankmetrics: $out"
  else printf '%s\n' "$out" | tail -20; fail "mypy python/rankmetrics"; fi
else fail "mypy is not installed (Debian: mypy; bash .ci/deps installs it)"; fi

finish
