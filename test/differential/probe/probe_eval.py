#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Joins probe/out/ncu.csv (H100, one launch per case) with probe/cases.json
and prints measured wavefronts next to candidate rules (fit_rules.RULES)."""
import csv, json, os, sys
from collections import defaultdict
HERE = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(HERE, 'fit_rules.py')).read().replace(
    'if __name__ == "__main__":\n    main(sys.argv[1:])\n', '')
exec(src)

def probe(path=os.path.join(HERE, 'probe', 'out2', 'ncu.csv'), cases_json='cases2.json'):
    cases = json.load(open(os.path.join(HERE, 'probe', cases_json)))
    lines = [l for l in open(path) if l.startswith('"')]
    val = defaultdict(dict)
    for row in csv.DictReader(lines):
        val[int(row['ID'])][row['Metric Name']] = float(row['Metric Value'].replace(',', ''))
    for i, c in enumerate(cases):
        c['hw'] = int(val[i]['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum'])
        c['wav'] = int(val[i]['smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum'])
        c['lanes'] = [(l, c['off'][l]) for l in range(32) if c['mask'] >> l & 1 and l < c['n']]
    return cases

def probes():
    """probe 2 (designed + replayed differential instructions) and probe 3
    (targeted + random); probe 1 (out/) read only the hardware counter."""
    return probe() + probe(os.path.join(HERE, 'probe', 'out3', 'ncu.csv'), 'cases3.json')


if __name__ == '__main__':
    cases = probes()
    rules = sys.argv[1:] or ['bankfix']
    for c in cases:
        preds = [RULES[r](c['lanes'], c['w'], False) for r in rules]
        flag = '' if all(p == c['wav'] for p in preds) else '  <-- ' + ' '.join(
            r for r, p in zip(rules, preds) if p != c['wav'])
        print('%2dB %-34s wav %d hw %d  %s%s' % (c['w'], c['label'], c['wav'], c['hw'],
              ' '.join('%s=%d' % (r, p) for r, p in zip(rules, preds)), flag))
