#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compares, kernel by kernel, Nsight Compute's two counters of shared
wavefronts (kernel_counters.sh): the hardware's
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st} and the SASS-
instrumented smsp__sass_... that the Source page shows per line and that
bankfix's numbers follow. Prints how many kernels the two differ on, for
loads and stores, and what loads those kernels have.

    kernel_counters.py WORK_DIR [--write FILE.json.gz]
    kernel_counters.py WORK_DIR --read FILE.json.gz
"""
import argparse
import csv
import glob
import gzip
import json
import os
import re
import sys
from collections import Counter

HW = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum"
SASS = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_%s.sum"


def read_csvs(work):
    counters = {}
    for path in sorted(glob.glob(os.path.join(work, "counters", "*.csv"))):
        rows = [line for line in open(path) if line.startswith('"')]
        for row in csv.DictReader(rows):
            kernel = re.match(r"\w+", row["Kernel Name"]).group(0)
            counters.setdefault(kernel, {})[row["Metric Name"]] = int(
                float(row["Metric Value"].replace(",", "")))
    return counters


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("work")
    ap.add_argument("--write")
    ap.add_argument("--read")
    args = ap.parse_args(argv)
    if args.read:
        counters = json.load(gzip.open(args.read, "rt"))
    else:
        counters = read_csvs(args.work)
    if not counters:
        print("kernel_counters: error: no counters", file=sys.stderr)
        return 2
    if args.write:
        with gzip.open(args.write, "wt") as f:
            json.dump(counters, f, sort_keys=True, indent=0)
    manifest = json.load(open(os.path.join(args.work, "manifest.json")))
    loads = {}
    for a in manifest["accesses"]:
        if a["kind"] == "load":
            loads.setdefault(a["kernel"], set()).add(a["width"])
    print("kernel_counters: %d kernels" % len(counters))
    for kind in ("ld", "st"):
        differ = [(k, c[HW % kind], c[SASS % kind])
                  for k, c in sorted(counters.items())
                  if c[HW % kind] != c[SASS % kind]]
        lower = sum(hw < sass for _, hw, sass in differ)
        print("kernel_counters: %s: the counters differ on %d kernels "
              "(hardware lower on %d, higher on %d)" % (
                  kind, len(differ), lower, len(differ) - lower))
        if kind == "ld":
            wide = Counter(bool(loads.get(k, set()) & {8, 12, 16})
                           for k in counters)
            wide_differ = sum(bool(loads.get(k, set()) & {8, 12, 16})
                              for k, _, _ in differ)
            print("kernel_counters: ld: kernels with an 8-, 12- or 16-byte "
                  "load: %d of %d, of those that differ: %d" % (
                      wide[True], len(counters), wide_differ))
            for k, hw, sass in differ[:8]:
                print("  %s: hardware %d, Source page %d" % (k, hw, sass))
    return 0


if __name__ == "__main__":
    sys.exit(main())
