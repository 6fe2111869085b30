#!/bin/bash
# The Python snippet of vectors/README.md is run as written, from the top
# directory: it must check at least ten vectors and find none wrong.  Then the
# same snippet with a classic mistake (the gain 2^g - 1 in the DCG only) must
# report wrong vectors, so the check is one that can fail.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/counts.sh"
awk '/^```python$/{on = 1; next} /^```$/{on = 0} on' vectors/README.md >"$tmp/snippet.py"
if [ "$(grep -c . "$tmp/snippet.py")" -gt 10 ]; then ok "the README has a Python snippet"
else fail "no Python snippet in vectors/README.md"; fi
out=$(/usr/bin/python3 "$tmp/snippet.py" 2>&1 | tail -1)
n=$(sed -n 's/^\([0-9]*\) tests of .*: \([0-9]*\) right, 0 wrong$/\1 \2/p' <<<"$out")
if [ -n "$n" ] && [ "${n% *}" = "${n#* }" ] && [ "${n% *}" -ge 10 ]; then ok "the snippet passes: $out"
else fail "the snippet: $out"; fi
sed 's|grades\[i\] / math.log2|(2 ** grades[i] - 1) / math.log2|' "$tmp/snippet.py" >"$tmp/wrong.py"
if cmp -s "$tmp/snippet.py" "$tmp/wrong.py"; then fail "the mistake could not be put into the snippet"
else
  out=$(/usr/bin/python3 "$tmp/wrong.py" 2>&1 | tail -1)
  case $out in *" right, 0 wrong") fail "a wrong gain passes the snippet: $out";;
    *" wrong") ok "a wrong gain is caught: $out";; *) fail "the wrong snippet: $out";; esac
fi
finish
