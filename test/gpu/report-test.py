#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""report.py on made-up runs, without a GPU: that it never claims a
comparison it did not make, and that it reads the committed predictions
(test/expected/*.json for inputs, test/gpu/predictions/ for rewritten files).

    report-test.py

1. No ncu (environment.txt has no ncu=): exit 77, "nothing was profiled",
   no "All passed".
2. ncu CSVs whose wavefronts equal every prediction: exit 0, "All passed".
3. The same with one measured line off by one wavefront: exit 1, and the
   line is named.
Exit 1 when report.py does otherwise.
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPORT = os.path.join(HERE, "report.py")
TEST = os.path.dirname(HERE)
HEADER = ["Line No", "Source", "Address", "Address Space", "Access Operation",
          "Instructions Executed", "L1 Wavefronts Shared",
          "L1 Wavefronts Shared Ideal", "L1 Wavefronts Shared Excessive"]
WARPS = 64  # warp-level instructions per access line


def predictions():
    out = subprocess.run([sys.executable, REPORT, "--predictions"],
                         check=True, capture_output=True, text=True).stdout
    rows = [line.split() for line in out.splitlines()]
    return {(r[0], r[1]): (r[2], r[3]) for r in rows}


def kernels():
    pairs = {}
    for line in open(os.path.join(HERE, "pairs.txt")):
        f = line.split()
        if f and not f[0].startswith("#"):
            pairs[f[0]] = f[1]
    return pairs


def make_run(work, with_ncu, off_by_one=None):
    """A run directory as run.sh leaves it; every case correct and fast."""
    os.makedirs(work)
    with open(os.path.join(work, "environment.txt"), "w") as f:
        f.write("gpu=made up\ndriver=0\ncuda=13.0\narch=sm_90\ndate=today\n")
        if with_ncu:
            f.write("ncu=2025.3.1\n")
    with open(os.path.join(work, "timing.jsonl"), "w") as f:
        for case in kernels():
            f.write(json.dumps(dict(
                case=case, beforeMs=2.0, afterMs=1.0, bytes=1 << 20,
                beforeGBs=500.0, afterGBs=950.0, copyGBs=1000.0,
                correct=True, identical=True, sameResult=True)) + "\n")
    if not with_ncu:
        return
    preds = predictions()
    for case, kernel in kernels().items():
        with open(os.path.join(work, case + ".ncu.csv"), "w", newline="") as f:
            w = csv.writer(f)
            address = 0
            for variant in ("before", "after"):
                source, prediction = preds[(case, variant)]
                doc = json.load(open(os.path.join(TEST, prediction)))
                w.writerow(["File Path", "/x/" + os.path.basename(source)])
                w.writerow(["Function Name", "%s::%s(float *)" % (variant, kernel)])
                w.writerow(HEADER)
                for a in doc["accesses"]:
                    if a["function"] != kernel:
                        continue
                    waves = a["wavefrontsPerWarp"]
                    if off_by_one == (case, variant, a["line"]):
                        waves += 1
                    ideal = a["idealPerWarp"]
                    address += 16
                    w.writerow([str(a["line"]), "source"] + [""] * 7)
                    w.writerow(["", "LDS", "0x%x" % address, "Shared",
                                a["kind"].capitalize(), str(WARPS),
                                str(WARPS * waves), str(WARPS * ideal),
                                str(WARPS * (waves - ideal))])


def report(work):
    r = subprocess.run([sys.executable, REPORT, work,
                        os.path.join(work, "results.md")],
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def main():
    failures = []

    def expect(what, cond, output):
        if not cond:
            failures.append(what)
            print("FAIL: %s; report.py printed:\n%s" % (what, output))
        else:
            print("ok: " + what)

    with tempfile.TemporaryDirectory() as tmp:
        make_run(os.path.join(tmp, "no-ncu"), with_ncu=False)
        code, out = report(os.path.join(tmp, "no-ncu"))
        expect("no ncu: exit 77 (was %s)" % code, code == 77, out)
        expect("no ncu: says nothing was profiled",
               "nothing was profiled" in out, out)
        expect("no ncu: does not say 'All passed'", "All passed" not in out, out)

        make_run(os.path.join(tmp, "match"), with_ncu=True)
        code, out = report(os.path.join(tmp, "match"))
        expect("every prediction measured: exit 0 (was %s)" % code, code == 0, out)
        expect("every prediction measured: 'All passed'", "All passed" in out, out)
        rows = [l for l in out.splitlines() if l.endswith("| yes |")]
        expect("every prediction measured: %d compared lines" % len(rows),
               len(rows) >= 2 * len(kernels()), out)

        # A line of seed 003's input, predicted from its golden JSON.
        source, prediction = predictions()[("seed003_transpose", "before")]
        line = next(a["line"] for a in json.load(
            open(os.path.join(TEST, prediction)))["accesses"]
            if a["function"] == kernels()["seed003_transpose"])
        make_run(os.path.join(tmp, "off"), with_ncu=True,
                 off_by_one=("seed003_transpose", "before", line))
        code, out = report(os.path.join(tmp, "off"))
        expect("one line off by one: exit 1 (was %s)" % code, code == 1, out)
        expect("one line off by one: named",
               "FAILED: seed003_transpose before line %d" % line in out, out)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
