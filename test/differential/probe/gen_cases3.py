#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Third probe: targeted (low half partial + high half full; partners
lane^3; per-group partners) and random 8/16-byte cases -> cases.txt/json."""
import json, os, random
HERE = os.path.dirname(os.path.abspath(__file__))
R = random.Random(7)
def rng(a, b): return sum(1 << i for i in range(a, b))
FULL = rng(0, 32)
cases = []
def add(w, n, mask, off, label):
    cases.append(dict(w=w, n=n, mask=mask & rng(0, n), off=off, label=label))
for w in (16, 8):
    per = 128 // w  # chunks per 128 bytes
    pats = {'l%8': lambda l: (l % per) * w, 'l%4': lambda l: (l % 4) * w,
            'rot': lambda l: ((l + l // per) % per) * w}
    # (1) low half partial, high half full
    for pn, p in pats.items():
        for mn, m in (('not0', FULL & ~1), ('not5', FULL & ~(1 << 5)), ('not15', FULL & ~(1 << 15)),
                      ('not9', FULL & ~(1 << 9)), ('not16', FULL & ~(1 << 16)), ('not31', FULL & ~(1 << 31)),
                      ('no_q1', FULL & ~rng(8, 16)), ('no_q0', FULL & ~rng(0, 8)), ('odd', 0xaaaaaaaa)):
            add(w, 32, m, [p(l) for l in range(32)], '%s|%s' % (pn, mn))
    # (2) partners lane^3 / ^1 / ^2 and per-group mixes
    for m3 in ((3, 3), (1, 1), (2, 2), (1, 2), (3, 1), (2, 3)):
        off = []
        for l in range(32):
            g, i = l // 4, l % 4
            m = m3[g % 2]
            rep = min(i, i ^ m)  # pair representative
            off.append(((g * 2 + (0 if rep == 0 else 1)) % per) * w)
        for mn, msk in (('full', FULL), ('p16', rng(0, 16)), ('p24', rng(0, 24)), ('h1', rng(16, 32))):
            add(w, 32, msk, off, 'pairs%d%d|%s' % (m3 + (mn,)))
# (3) random
for k in range(330):
    w = R.choice((8, 16))
    per = 128 // w
    nd = R.choice((1, 2, 3, 4, 6, 8, 12))
    span = R.choice((per, 2 * per, 8 * per))
    pool = [R.randrange(span) * w for _ in range(nd)]
    style = R.choice(('rand', 'pair1', 'pair2', 'pair3', 'quarter', 'half'))
    off = [R.choice(pool) for _ in range(32)]
    if style.startswith('pair'):
        m = int(style[-1])
        off = [off[min(l, l ^ m)] for l in range(32)]
    elif style == 'quarter':
        off = [off[l % 8] for l in range(32)]
    elif style == 'half':
        off = [off[l % 16] for l in range(32)]
    mk = R.choice(('full', 'full', 'prefix', 'rand', 'hole', 'quarters'))
    n = 32
    mask = FULL
    if mk == 'prefix':
        n = R.randrange(1, 32)
    elif mk == 'rand':
        mask = sum(1 << l for l in range(32) if R.random() < 0.7) or 1
    elif mk == 'hole':
        mask = FULL & ~(1 << R.randrange(32))
    elif mk == 'quarters':
        mask = sum(rng(8 * q, 8 * q + 8) for q in range(4) if R.random() < 0.6) or rng(0, 8)
    add(w, n, mask, off, 'rand%d|%s|%s|%d' % (k, style, mk, nd))
with open(os.path.join(HERE, 'cases.txt'), 'w') as f:
    for c in cases:
        assert c['mask']
        f.write('%d %d %x %s\n' % (c['w'], c['n'], c['mask'], ' '.join('%x' % o for o in c['off'])))
json.dump(cases, open(os.path.join(HERE, 'cases.json'), 'w'))
print(len(cases), 'cases')
