#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes ncu-like source-page CSVs from bankfix's own predictions, so that
compare.py can be tested without a GPU (the ctest `differential`).

    fake_ncu.py WORK_DIR [--perturb N]

For every judged prediction, one shared SASS instruction (printed twice, as
ncu does) with bankfix's block totals as its wavefronts and ideal, and the
generator's width. --perturb N adds one wavefront to the N-th judged access,
which compare.py must then report as a mismatch.
"""
import argparse
import csv
import json
import os
import sys

HEADER = ["Line No", "Source", "Address", "Address Space", "Access Operation",
          "Instructions Executed", "L1 Wavefronts Shared",
          "L1 Wavefronts Shared Ideal", "L1 Wavefronts Shared Excessive"]
SUFFIX = {1: ".U8", 2: ".U16", 4: "", 8: ".64", 16: ".128"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("work")
    ap.add_argument("--perturb", type=int, default=-1)
    args = ap.parse_args()
    m = json.load(open(os.path.join(args.work, "manifest.json")))
    width = {(a["file"], a["line"], a["kind"]): a["width"]
             for a in m["accesses"]}
    os.makedirs(os.path.join(args.work, "ncu"), exist_ok=True)
    judged = 0
    for name in m["files"]:
        doc = json.load(open(os.path.join(args.work, "predictions",
                                          name[:-3] + ".json")))
        with open(os.path.join(args.work, "ncu", name[:-3] + ".csv"), "w",
                  newline="") as f:
            w = csv.writer(f, quoting=csv.QUOTE_ALL)
            w.writerow(["File Path", "/gpu/work/" + name])
            by_function = {}
            for a in doc["accesses"]:
                by_function.setdefault(a["function"], []).append(a)
            address = 0
            for function, accesses in sorted(by_function.items()):
                w.writerow(["Function Name",
                            function + "(float *, unsigned int)"])
                w.writerow(HEADER)
                for a in sorted(accesses, key=lambda a: a["line"]):
                    if not a["judged"] or a["blockIdeal"] == 0:
                        continue
                    extra = 1 if judged == args.perturb else 0
                    judged += 1
                    wav = a["blockWavefronts"] + extra
                    w.writerow([str(a["line"]), "source"] + [""] * 7)
                    op = ("LDS" if a["kind"] == "load" else "STS") + \
                        SUFFIX.get(width.get((name, a["line"], a["kind"]), 4),
                                   "")
                    address += 16
                    row = ["", op + " R1, [R2]", hex(address), "Shared",
                           a["kind"].capitalize(), "1", str(wav),
                           str(a["blockIdeal"]), str(wav - a["blockIdeal"])]
                    w.writerow(row)
                    w.writerow(row)
    print("fake_ncu: %d judged accesses written" % judged)
    return 0


if __name__ == "__main__":
    sys.exit(main())
