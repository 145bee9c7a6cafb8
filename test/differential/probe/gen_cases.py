#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes cases.txt (width mask off0..off31, hex) and cases.json (labels):
designed 8/16-byte load patterns x active masks, plus the warp-instructions
of the differential accesses that bankfix's rule does not fit."""
import json, os, pickle, random, sys
HERE = os.path.dirname(os.path.abspath(__file__))
P16 = {
 'l%8': lambda l: (l % 8) * 16,
 'l%4': lambda l: (l % 4) * 16,
 'l%4*0x510': lambda l: (l % 4) * 0x510,
 'const': lambda l: 0x40,
 'l/2%8': lambda l: (l // 2 % 8) * 16,
 'l%8+q*128': lambda l: (l % 8) * 16 + (l // 8) * 128,
 'l': lambda l: l * 16,
 'l%16': lambda l: (l % 16) * 16,
 'rot': lambda l: ((l + l // 8) % 8) * 16,
 'l%7': lambda l: (l % 7) * 16,
 'two12': lambda l: 0x3e0 if l < 12 else 0x5d0,
 'l%4+h': lambda l: (l % 4) * 16 + (l // 16) * 64,
 'l%2': lambda l: (l % 2) * 16,
 'l/4': lambda l: (l // 4) * 16,
}
P8 = {
 'l%16': lambda l: (l % 16) * 8,
 'l%8': lambda l: (l % 8) * 8,
 'l': lambda l: l * 8,
 'const': lambda l: 0x48,
 'l/2': lambda l: (l // 2) * 8,
 'l%16+h*128': lambda l: (l % 16) * 8 + (l // 16) * 128,
 'l%4*0x208': lambda l: (l % 4) * 0x208,
 'rot': lambda l: ((l + l // 16) % 16) * 8,
 'l%15': lambda l: (l % 15) * 8,
}
def rng(a, b): return sum(1 << i for i in range(a, b))
MASKS = {'full': rng(0, 32), 'p8': rng(0, 8), 'p12': rng(0, 12), 'p16': rng(0, 16),
 'p17': rng(0, 17), 'p20': rng(0, 20), 'p24': rng(0, 24), 'p28': rng(0, 28),
 'p31': rng(0, 31), 'not0': rng(1, 32), 's8': rng(8, 32), 'q02': rng(0, 8) | rng(16, 24),
 'q12': rng(8, 24), 'q013': rng(0, 16) | rng(24, 32), 'h1': rng(16, 32),
 'even': 0x55555555, 'x0f': 0x0f0f0f0f, 'l5': 1 << 5, 'ends': rng(0, 4) | rng(28, 32),
 'q0123m': rng(0, 32) & ~(1 << 20), 'q1': rng(8, 16), 'q03': rng(0, 8) | rng(24, 32)}
cases = []
NS = [4, 8, 12, 16, 17, 20, 23, 24, 28, 30, 31, 32]
BR = ['p12', 'p20', 'p24', 'p28', 'x0f', 'even', 'ends', 'q02']
for pats, w in ((P16, 16), (P8, 8)):
    for pn, p in pats.items():
        for n in NS:  # lanes n..31 do not exist (block of n threads)
            cases.append(dict(w=w, n=n, mask=rng(0, 32), off=[p(l) for l in range(32)], label='%s|n%d' % (pn, n)))
        for mn in BR:  # lanes off by a branch, full warp
            cases.append(dict(w=w, n=32, mask=MASKS[mn], off=[p(l) for l in range(32)], label='%s|%s' % (pn, mn)))
recs = pickle.load(open(os.path.join(HERE, '..', 'wide_loads.pkl'), 'rb'))
want = {('seed3', 'batch_005.cu', 153), ('seed3', 'batch_005.cu', 156), ('seed3', 'batch_010.cu', 47),
        ('seed3', 'batch_001.cu', 536), ('seed2', 'batch_017.cu', 626), ('seed3', 'batch_007.cu', 145),
        ('seed3', 'batch_008.cu', 496)}
seen = set()
for r in recs:
    a = r['access']; key = (r['run'], a['file'], a['line'])
    if key not in want:
        continue
    bx, by, bz = a['block']
    for wk in sorted(r['warps']):
        lanes = dict(r['warps'][wk])
        n = min(32, bx * by * bz - 32 * wk[0])
        m = sum(1 << l for l in lanes)
        off = [lanes.get(l, 0) for l in range(32)]
        sig = (a['width'], n, m, tuple(off))
        if sig in seen:
            continue
        seen.add(sig)
        cases.append(dict(w=a['width'], n=n, mask=m, off=off, label='%s:%s:%d:%s' % (key + (wk,))))
with open(os.path.join(HERE, 'cases.txt'), 'w') as f:
    for c in cases:
        assert max(c['off']) + c['w'] <= 16384
        f.write('%d %d %x %s\n' % (c['w'], c['n'], c['mask'], ' '.join('%x' % o for o in c['off'])))
json.dump(cases, open(os.path.join(HERE, 'cases.json'), 'w'))
print(len(cases), 'cases')
