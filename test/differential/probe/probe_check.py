#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Sums the probe's per-instruction values (ncu's instrumented counter
smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld and the hardware
counter) over each differential access that the probe replayed, against
the differential run's per-line total."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.argv = [sys.argv[0]]
exec(open(os.path.join(HERE, 'probe_eval.py')).read().split("if __name__ == '__main__':")[0])
cases = probe()
by = {}
for c in cases:
    by[(c['w'], c['n'], c['mask'], tuple(c['off']))] = c
for r in load():
    a = r['access']
    if 'warps' not in r or r.get('measured') is None:
        continue
    bx, by_, bz = a['block']
    tot = hw = 0; ok = True
    for wk, lanes in r['warps'].items():
        d = dict(lanes)
        n = min(32, bx * by_ * bz - 32 * wk[0])
        sig = (a['width'], n, sum(1 << l for l in d), tuple(d.get(l, 0) for l in range(32)))
        if sig not in by:
            ok = False; break
        tot += by[sig]['wav']; hw += by[sig]['hw']
    if ok:
        print('%s %s:%d measured %d  probe sass %d  probe hw %d' % (r['run'], a['file'], a['line'], r['measured']['wavefronts'], tot, hw))
