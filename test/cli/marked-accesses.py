"""Prints `function line blockWavefronts blockIdeal` for each access of a
bankfix --format=json report whose source line carries an `@access`
marker (test/differential/findings/), in line order; `not-judged` for
one bankfix declined.

    marked-accesses.py REPORT.json SOURCE.cu
"""
import json
import sys

report, source = sys.argv[1], sys.argv[2]
lines = open(source).read().split("\n")
for a in sorted(json.load(open(report))["accesses"], key=lambda a: a["line"]):
    if "@access" in lines[a["line"] - 1]:
        print(a["function"], a["line"],
              "%d %d" % (a["blockWavefronts"], a["blockIdeal"])
              if a["judged"] else "not-judged")
