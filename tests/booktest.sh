# Sourced by the shell tests that hold the book to the program (reader_test,
# commands_test, claims_test): from the top directory, with the tool in
# $TOOL, a fresh directory $out under build/, and fail, which counts a
# problem, and finish, which reports them or prints the summary.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[1]}")/.."
TOOL=${TOOL:-./rankmetrics}
name=$(basename "${BASH_SOURCE[1]}" .sh)
out=build/${name%_test}
rm -rf "$out"; mkdir -p "$out"
bad=0
fail() { echo "$name: $*" >&2; bad=$((bad + 1)); }
finish() {
  if [ "$bad" -ne 0 ]; then echo "$name: $bad problems" >&2; exit 1; fi
  echo "$name: $*"
}
