#!/usr/bin/env python3
"""range_check.py TOOL VECTORS_DIR WORKDIR: merge never refuses a true value.

merge checks the sums of a state against the range of a bounded measure
([0, 1], or [-1, 1] for the correlations; rankmetrics.w, "The range of a
bounded measure").  A wrong entry of that table would refuse a state that
eval wrote honestly.  So for every variant of the golden vectors (the text
twins, vectors/*_test.txt) that a mean can aggregate, the smallest and the
largest value of its cases (status ok) are written as the one query of a
state (format 4, the double path: sums x and 1), sealed with its checksum
(FNV-1a and splitmix64, as tests/seal_state.py), and merged: merge must
print x and exit 0.  Prints the number of variants and states checked.
"""
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in tests/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seal_state import checksum  # noqa: E402


def hexsum(x: float) -> str:
    n, d = x.as_integer_ratio()
    k = d.bit_length() - 1  # d is 2^k
    return ('-' if n < 0 else '') + '0x%xp%d' % (abs(n), -k)


tool, vdir, work = sys.argv[1:4]
values = {}
for f in sorted(os.listdir(vdir)):
    if not f.endswith('_test.txt'):
        continue
    variant = None
    status = None
    for line in open(os.path.join(vdir, f)):
        line = line.rstrip('\n')
        if line.startswith('[variant = '):
            variant = line[len('[variant = '):-1]
        elif line.startswith('status = '):
            status = line[len('status = '):]
        elif line.startswith('value = ') and variant and status == 'ok':
            x = float.fromhex(line[len('value = '):])
            lo, hi = values.get(variant, (x, x))
            values[variant] = (min(lo, x), max(hi, x))
opts = None
nvar = nstate = 0
bad = []
for variant, (lo, hi) in sorted(values.items()):
    if ':' in variant.split('[')[0]:
        continue  # already aggregated
    r = subprocess.run([tool, 'name', 'mean:' + variant], capture_output=True, text=True)
    if r.returncode != 0:
        continue  # a mean cannot aggregate it (kendall[tau=b], a metric of a set)
    canon = r.stdout.split('\n')[0]
    nvar += 1
    for x in sorted({lo, hi}):
        body = ('rankmetrics-partial 6\npath double\n'
                'options dup=error run-only=skip judged-docs-only=no negative=zero columns=trec\n'
                'judgments none\nqueries 1\nmeasure m\nvariant %s\ncounts 1 0\n'
                'sums %s 0x1p0\nnames 1\nq\n' % (canon, hexsum(x))).encode()
        path = os.path.join(work, 'range.state')
        with open(path, 'wb') as f:
            f.write(body + b'end %016x\n' % checksum(body))
        r = subprocess.run([tool, 'merge', '--quiet', '--trec', path],
                           capture_output=True, text=True)
        nstate += 1
        got = r.stdout.split('\t')[-1].strip() if r.returncode == 0 else None
        if got is None or float(got) != x:
            bad.append('%s = %r: exit %d, %s%s' % (canon, x, r.returncode, r.stdout.strip(),
                                                  r.stderr.strip()))
for b in bad[:20]:
    print('FAIL: ' + b)
print('range_check: %d variants, %d states, %d refused or changed' % (nvar, nstate, len(bad)))
sys.exit(1 if bad else 0)
