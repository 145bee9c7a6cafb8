#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Collects, for every 8- and 16-byte load of the differential runs (seed 2
and seed 3), the per-warp-instruction lane addresses (test/differential/
lanes.py's independent evaluator) and ncu's per-line totals; caches them in
wide_loads.pkl next to this file.

    wide_loads.py            build the cache
"""
import gzip
import json
import os
import pickle
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "test", "differential"))
import lanes as L  # noqa: E402
import compare as C  # noqa: E402

RUNS = {
    "seed2": (os.path.join(HERE, "seed2"),
              os.path.join(ROOT, "test/differential/results/seed2.measured.json.gz")),
    "seed3": (os.path.join(ROOT, ".diffcarry/seed3"),
              os.path.join(ROOT, "test/differential/results/seed3.measured.json.gz")),
}


def collect(run):
    work, measured = RUNS[run]
    man = json.load(open(os.path.join(work, "manifest.json")))
    meas = json.load(gzip.open(measured, "rt"))
    mlines = {(t["file"], t["line"], t["kind"]): t for t in meas["lines"]}
    verdicts = {(v[0], v[1], v[2]): v[3] for v in meas.get("verdicts", [])}
    srcs = {f: open(os.path.join(work, f)).read().splitlines()
            for f in man["files"]}
    out = []
    for a in man["accesses"]:
        if a["kind"] != "load" or a["width"] not in (8, 16):
            continue
        key = (a["file"], a["line"], a["kind"])
        m = mlines.get(key)
        src = srcs[a["file"]][a["line"] - 1].strip()
        rec = dict(run=run, access=a, source=src, measured=m,
                   verdict=verdicts.get(key))
        try:
            la = L.lane_accesses(a, src)
            rec["uniform"] = la.pop("uniform")
            rec["warps"] = {k: sorted(v) for k, v in la.items()}
        except Exception as e:  # noqa: BLE001
            rec["error"] = repr(e)
        out.append(rec)
    return out


def main():
    recs = []
    for run in RUNS:
        recs += collect(run)
    pickle.dump(recs, open(os.path.join(HERE, "wide_loads.pkl"), "wb"))
    print(len(recs), "records")


if __name__ == "__main__":
    main()
