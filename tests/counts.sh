# Sourced by the shell tests that count their checks (python_install_test,
# mistakes_test, wheel_test, verify_test and others): a scratch directory $tmp removed on exit, the
# Python that runs the package's code ($PY), ok and fail that count a check,
# check that counts one comparison of what a command gave with what it should,
# and finish, which prints the plain closing line 'NAME: N passed, N failed'
# and fails when a check did.
set -uo pipefail
PY=${PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
ok()   { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }
check() { # WHAT GOT WANT: one check that two strings are equal
  if [ "$2" = "$3" ]; then ok "$1: $3"; else fail "$1: got '$2', want '$3'"; fi
}
finish() {
  echo "$(basename "$0" .sh): $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
